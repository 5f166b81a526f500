"""A large fuzz campaign: thousands of mutated maps, tilesets, scenarios (units, options),
saves, demos and table maps through --check-map, of every shipped scenario of every board
kind (and Tiled's own example maps, where Tiled is installed), loaded directly, through
the command line and through the window. Prints what it found as one JSON object and
exits 1 if any mutant broke the promise (fuzzing.py says what the promise is).

    python tests/fuzz/campaign.py --cases 1000 --seed 1 --cli 600 --window 300 --deep 100
    python tests/fuzz/campaign.py --kinds map:farmhouse,demo:backyard --cases 5000

Each broken mutant is kept under the work folder printed, with the reason.

Each case of the direct leg and of the command line is held to the memory limit on its
own; the process's peak over a whole campaign is larger, from the game's caches (bounded,
each keyed by board, so thousands of mutated boards fill them) and a few MB each window
opened in the same process keeps after it closes.
"""

from __future__ import annotations

import argparse
import contextlib
import io
import json
import os
import shutil
import subprocess
import sys
import tempfile
import time
from collections import Counter
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parent
ROOT = HERE.parents[1]
for p in (str(ROOT), str(HERE)):
    if p not in sys.path:
        sys.path.insert(0, p)
os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

from fuzzing import (  # noqa: E402
    KINDS,
    MAX_MB,
    MAX_SECONDS,
    PLAY_ACTIONS,
    Broken,
    Chooser,
    Fuzzer,
    all_maps,
    board_of,
    mutate,
    peak_mb,
    through_check_map,
)

import main  # noqa: E402
from game.boards.tiled import read_map  # noqa: E402
from game.core import scenario as scenarios  # noqa: E402
from game.core.errors import GameError  # noqa: E402
from game.rules import demos  # noqa: E402
from game.ui import saves  # noqa: E402

TILED_EXAMPLES = Path("/usr/share/doc/tiled/examples")


def direct(f: Fuzzer, kinds: tuple[str, ...], cases: int, report: dict[str, Any]) -> None:
    boards: dict[str, Counter[str]] = {}
    for kind in kinds:
        counts: Counter[str] = Counter()
        slowest = 0.0
        start = time.perf_counter()
        for case in range(cases):
            try:
                r = f.run(kind, case)
            except Broken as e:
                counts["broken"] += 1
                report["broken"].append(str(e)[-2000:])
                continue
            counts["loaded" if r.error is None else "refused"] += 1
            if r.code is not None:
                counts[f"check-map exit {r.code}"] += 1
            slowest = max(slowest, r.seconds)
            if r.error and ("pytmx could not read" in r.error or "cannot be read as a"
                            in r.error):
                counts["through a catch-all"] += 1
        report["direct"][kind] = {**counts, "slowest_s": round(slowest, 3),
                                  "seconds": round(time.perf_counter() - start, 1)}
        boards.setdefault(board_of(kind), Counter()).update(counts)
        print(kind, dict(counts), file=sys.stderr, flush=True)
    report["direct_by_board"] = {b: dict(c) for b, c in boards.items()}


def deep_play(f: Fuzzer, kinds: tuple[str, ...], cases: int, actions: int,
              report: dict[str, Any]) -> None:
    """Mutated scenarios, maps and tilesets that load, played ``actions`` random legal
    actions each (the direct leg plays a few): the game never stops with no legal action
    while it is not over, and never refuses one its legal list offered."""
    counts: Counter[str] = Counter()
    f.play, f.max_seconds = actions, max(f.max_seconds, actions * 0.2)
    try:
        for kind in kinds:
            if kind.split(":")[0] not in ("scenario", "map", "tileset"):
                continue
            for case in range(50_000, 50_000 + cases):
                try:
                    r = f.run(kind, case)
                except Broken as e:
                    counts["broken"] += 1
                    report["broken"].append(str(e)[-2000:])
                    continue
                counts["played" if r.error is None else "refused"] += 1
    finally:
        f.play, f.max_seconds = PLAY_ACTIONS, MAX_SECONDS
    report["deep_play"] = {**counts, "actions": actions}


def tiled_examples(f: Fuzzer, cases: int, report: dict[str, Any]) -> None:
    if not TILED_EXAMPLES.is_dir():
        report["tiled_examples"] = "not installed"
        return
    copy = f.work / "tiled-examples"
    shutil.copytree(TILED_EXAMPLES, copy)
    maps = sorted(copy.rglob("*.tmx"))
    counts: Counter[str] = Counter()
    slowest = 0.0
    for case in range(cases):
        c = Chooser(f.seed * 7919 + case)
        src = c.pick(maps)
        mutant = src.with_name(f"mutant-{case}.tmx")
        mutant.write_bytes(mutate(src.read_bytes(), "xml", c))
        start = time.perf_counter()
        try:
            read_map(mutant)
            counts["loaded"] += 1
        except GameError as e:
            msg = str(e)
            ok = "\n" not in msg and mutant.name in msg
            counts["refused" if ok else "broken"] += 1
            if "pytmx could not read" in msg:
                counts["through pytmx's catch-all"] += 1
            if not ok:
                report["broken"].append(f"tiled example mutant {case}: {msg!r}")
        except Exception as e:  # noqa: BLE001
            counts["broken"] += 1
            report["broken"].append(f"tiled example mutant {case} of {src.name}: "
                                    f"{type(e).__name__}: {e}")
        slowest = max(slowest, time.perf_counter() - start)
        mutant.unlink()
    report["tiled_examples"] = {**counts, "maps": len(maps), "slowest_s": round(slowest, 3)}


def one_error_line(err: str, names: tuple[str, ...]) -> bool:
    return err.count("\n") == 1 and err.startswith("error: ") and any(n in err for n in names)


def argv_for(f: Fuzzer, kind: str, case: int, path: Path) -> list[str]:
    """How a player would hand the mutant to ``main.py``."""
    what, name = kind.split(":")
    shot = str(f.work / "shot.png")
    if what == "save":
        return (["--headless", "--load", str(path)] if case % 2 else
                ["--load", str(path), "--screenshot", shot])
    if through_check_map(kind):
        return ["--check-map", str(path)]
    if what == "demo":
        return ["--demo", name, "--screenshot", shot]
    scen = str(path.parent / f"{name}.toml") if what != "tileset" else \
        str(path.parent.parent / f"{name}.toml")
    return (["--headless", "--scenario", scen, "--games", "1", "--seed", "1"] if case % 2
            else ["--scenario", scen, "--screenshot", shot])


def command_line(f: Fuzzer, kinds: tuple[str, ...], cases: int,
                 report: dict[str, Any]) -> None:
    counts: Counter[str] = Counter()
    old_demos = demos.DEMOS_DIR
    try:
        for case in range(cases):
            kind = kinds[case % len(kinds)]
            what = kind.split(":")[0]
            path, _load, names = f.place(kind, 10_000 + case, f.mutant(kind, 10_000 + case))
            if what == "demo":
                demos.DEMOS_DIR = path.parent
            argv = argv_for(f, kind, case, path)
            err = io.StringIO()
            start = time.perf_counter()
            base = peak_mb()
            with contextlib.redirect_stderr(err), contextlib.redirect_stdout(io.StringIO()):
                try:
                    code: Any = main.main(argv)
                except BaseException as e:  # noqa: BLE001
                    code = f"{type(e).__name__}: {e}"
            seconds = time.perf_counter() - start
            if peak_mb() - base > MAX_MB:
                counts["broken"] += 1
                report["broken"].append(f"command line {argv}: took {peak_mb() - base:.0f} MB "
                                        f"more memory")
            ok = (0, 1) if through_check_map(kind) else (0,)
            if (code in ok and err.getvalue() == "") or (
                    code == 2 and one_error_line(err.getvalue(), names)):
                counts[f"{what} exit {code}"] += 1
            else:
                counts["broken"] += 1
                report["broken"].append(f"command line {argv}: {code} "
                                        f"{err.getvalue()[-800:]}")
            if seconds > 30 and "--games" not in argv:
                counts["broken"] += 1
                report["broken"].append(f"command line {argv}: took {seconds:.1f} s")
            shutil.rmtree(f.folder(kind, 10_000 + case), ignore_errors=True)
    finally:
        demos.DEMOS_DIR = old_demos
    # a few in a process of their own, as a player runs them
    for case in range(min(cases, 60)):
        kind = kinds[case % len(kinds)]
        if kind.startswith("demo:"):
            continue  # --demo reads the shipped demos folder
        path, _load, names = f.place(kind, 20_000 + case, f.mutant(kind, 20_000 + case))
        argv = argv_for(f, kind, case, path)
        run = subprocess.run([sys.executable, "main.py", *argv], capture_output=True,
                             text=True, cwd=ROOT, timeout=120)
        ok = (0, 1) if through_check_map(kind) else (0,)
        if (run.returncode in ok and run.stderr == "") or (
                run.returncode == 2 and one_error_line(run.stderr, names)):
            counts[f"process exit {run.returncode}"] += 1
        else:
            counts["broken"] += 1
            report["broken"].append(f"process {argv}: {run.returncode} {run.stderr[-800:]}")
    report["command_line"] = dict(counts)


def window(f: Fuzzer, kinds: tuple[str, ...], cases: int, report: dict[str, Any]) -> None:
    from game.ui.app import App

    counts: Counter[str] = Counter()
    data = f.work / "window-data"
    (data / "saves").mkdir(parents=True)
    os.environ[saves.ENV_DIR] = str(data)
    maps = all_maps(f.work / "window-maps", f.huge)
    by_what: dict[str, list[str]] = {}
    for kind in kinds:
        by_what.setdefault(kind.split(":")[0], []).append(kind)
    for case in range(cases):
        for what, folder, ext in (("save", data / "saves", "json"), ("scenario", maps, "toml"),
                                  ("demo", maps / "demos", "toml")):
            mine = by_what.get(what, [])
            if mine and (what == "save" or case % 3 == 0):
                kind = mine[case % len(mine)]
                (folder / f"m{case}_{kind.split(':')[1]}.{ext}").write_bytes(
                    f.mutant(kind, 30_000 + case))
    if by_what.get("save"):
        (data / "autosave.json").write_bytes(f.mutant(by_what["save"][0], 39_999))
    os.mkfifo(data / "saves" / "pipe.json")
    os.symlink("/dev/zero", data / "saves" / "zero.json")
    old_maps, old_demos = scenarios.MAPS_DIR, demos.DEMOS_DIR
    scenarios.MAPS_DIR, demos.DEMOS_DIR = maps, maps / "demos"
    try:
        app = App(raise_errors=True)
        app.show_picker()
        app.step(0.0)
        picker = app.scene
        for k in range(len(picker.entries)):
            app.modals.clear()
            picker.list.selected = k
            picker.select(k)
            picker.play_selected()
            app.step(0.0)
            counts["scenario played" if app.scene is not picker else "scenario refused"] += 1
            app.show_picker()
            picker = app.scene
        app.open_load_dialog()
        for info in saves.list_saves():
            app.modals.clear()
            ok = app.open_save(info.path)
            app.step(0.0)
            counts["save opened" if ok else "save refused"] += 1
        app.modals.clear()
        app.show_demos()
        app.step(0.0)
        for d in list(app.scene.demos):
            app.modals.clear()
            app.guard(app.open_demo, d.key)
            app.step(0.0)
            counts["demo shown" if app.error_shown() is None else "demo refused"] += 1
            app.show_demos()
        counts["demos listed"] = len(app.scene.demos)
    except Exception as e:  # noqa: BLE001
        counts["broken"] += 1
        report["broken"].append(f"window: {type(e).__name__}: {e}")
    finally:
        scenarios.MAPS_DIR, demos.DEMOS_DIR = old_maps, old_demos
    report["window"] = dict(counts)


def run(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    p.add_argument("--cases", type=int, default=1000, help="mutants of each kind")
    p.add_argument("--seed", type=int, default=1)
    p.add_argument("--kinds", default="", help="a comma list of kinds (default: every kind: "
                                               + ", ".join(KINDS) + ")")
    p.add_argument("--cli", type=int, default=300, help="mutants through the command line")
    p.add_argument("--window", type=int, default=200, help="mutants through the window")
    p.add_argument("--examples", type=int, default=1000, help="Tiled example map mutants")
    p.add_argument("--deep", type=int, default=100, help="mutated scenarios, maps and "
                                                         "tilesets of each kind played long")
    p.add_argument("--play", type=int, default=300, help="actions each of those plays")
    args = p.parse_args(argv)
    kinds = tuple(k for k in args.kinds.split(",") if k) or KINDS
    unknown = set(kinds) - set(KINDS)
    if unknown:
        p.error(f"no kind {', '.join(sorted(unknown))}")
    work = Path(tempfile.mkdtemp(prefix="skirmish-fuzz-"))
    report: dict[str, Any] = {"work": str(work), "seed": args.seed, "cases": args.cases,
                              "direct": {}, "broken": []}
    start = time.perf_counter()
    base = peak_mb()
    f = Fuzzer(work, args.seed)
    report["peak_rss_mb_after"] = peaks = {}
    for name, leg in (("direct", lambda: direct(f, kinds, args.cases, report)),
                      ("deep_play", lambda: deep_play(f, kinds, args.deep, args.play,
                                                      report)),
                      ("tiled_examples", lambda: tiled_examples(f, args.examples, report)),
                      ("command_line", lambda: command_line(f, kinds, args.cli, report)),
                      ("window", lambda: window(f, kinds, args.window, report))):
        leg()
        peaks[name] = round(peak_mb(), 1)
    report["seconds"] = round(time.perf_counter() - start, 1)
    report["peak_rss_mb"] = round(peak_mb(), 1)
    report["peak_rss_growth_mb"] = round(peak_mb() - base, 1)
    print(json.dumps(report, indent=1))
    return 1 if report["broken"] else 0


if __name__ == "__main__":
    sys.exit(run())
