"""A large fuzz campaign: thousands of mutated maps, tilesets, scenarios and saves (and
Tiled's own example maps, where Tiled is installed), loaded directly, through the
command line and through the window. Prints what it found as one JSON object and exits
1 if any mutant broke the promise (fuzzing.py says what the promise is).

    python tests/fuzz/campaign.py --cases 3000 --seed 1 --cli 300 --window 300

Each broken mutant is kept under the work folder printed, with the reason.
"""

from __future__ import annotations

import argparse
import contextlib
import io
import json
import os
import resource
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

from fuzzing import KINDS, Broken, Chooser, Fuzzer, mutate, table  # noqa: E402

import main  # noqa: E402
from game.boards.tiled import read_map  # noqa: E402
from game.core import scenario as scenarios  # noqa: E402
from game.core.errors import GameError  # noqa: E402
from game.ui import saves  # noqa: E402

TILED_EXAMPLES = Path("/usr/share/doc/tiled/examples")


def peak_mb() -> float:
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024


def direct(f: Fuzzer, cases: int, report: dict[str, Any]) -> None:
    for kind in KINDS:
        counts: Counter[str] = Counter()
        slowest = 0.0
        for case in range(cases):
            try:
                r = f.run(kind, case)
            except Broken as e:
                counts["broken"] += 1
                report["broken"].append(str(e)[-2000:])
                continue
            counts["loaded" if r.error is None else "refused"] += 1
            slowest = max(slowest, r.seconds)
            if r.error and "pytmx could not read" in r.error:
                counts["through pytmx's catch-all"] += 1
        report["direct"][kind] = {**counts, "slowest_s": round(slowest, 3)}


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


def command_line(f: Fuzzer, cases: int, report: dict[str, Any]) -> None:
    counts: Counter[str] = Counter()
    for case in range(cases):
        kind = ("save", "scenario", "map")[case % 3]
        path, _load, names = f.place(kind, 10_000 + case, f.mutant(kind, 10_000 + case))
        if kind == "save":
            argv = ["--headless", "--load", str(path)]
        else:
            scen = path.parent / "hill_fight.toml"
            argv = (["--headless", "--scenario", str(scen), "--games", "1", "--seed", "1"]
                    if case % 2 else
                    ["--scenario", str(scen), "--screenshot", str(f.work / "shot.png")])
        err = io.StringIO()
        with contextlib.redirect_stderr(err), contextlib.redirect_stdout(io.StringIO()):
            try:
                code = main.main(argv)
            except BaseException as e:  # noqa: BLE001
                code = f"{type(e).__name__}: {e}"
        if code == 0 or (code == 2 and one_error_line(err.getvalue(), names)):
            counts[f"exit {code}"] += 1
        else:
            counts["broken"] += 1
            report["broken"].append(f"command line {argv}: {code} {err.getvalue()[-800:]}")
    # a few in a process of their own, as a player runs them
    for case in range(min(cases, 30)):
        path, _load, names = f.place("save", 20_000 + case, f.mutant("save", 20_000 + case))
        run = subprocess.run([sys.executable, "main.py", "--headless", "--load", str(path)],
                             capture_output=True, text=True, cwd=ROOT, timeout=60)
        if run.returncode == 0 or (run.returncode == 2 and one_error_line(run.stderr, names)):
            counts[f"process exit {run.returncode}"] += 1
        else:
            counts["broken"] += 1
            report["broken"].append(f"process {path}: {run.returncode} {run.stderr[-800:]}")
    report["command_line"] = dict(counts)


def window(f: Fuzzer, cases: int, report: dict[str, Any]) -> None:
    from game.ui.app import App

    counts: Counter[str] = Counter()
    data = f.work / "window-data"
    (data / "saves").mkdir(parents=True)
    os.environ[saves.ENV_DIR] = str(data)
    for case in range(cases):
        (data / "saves" / f"m{case}.json").write_bytes(f.mutant("save", 30_000 + case))
    (data / "autosave.json").write_bytes(f.mutant("save", 39_999))
    os.mkfifo(data / "saves" / "pipe.json")
    os.symlink("/dev/zero", data / "saves" / "zero.json")
    maps = table(f.work / "window-maps", f.huge)
    for case in range(cases // 3):
        (maps / f"s{case}.toml").write_bytes(f.mutant("scenario", 40_001 + case))
    old_maps = scenarios.MAPS_DIR
    scenarios.MAPS_DIR = maps
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
    except Exception as e:  # noqa: BLE001
        counts["broken"] += 1
        report["broken"].append(f"window: {type(e).__name__}: {e}")
    finally:
        scenarios.MAPS_DIR = old_maps
    report["window"] = dict(counts)


def run(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    p.add_argument("--cases", type=int, default=1000, help="mutants of each kind")
    p.add_argument("--seed", type=int, default=1)
    p.add_argument("--cli", type=int, default=200, help="mutants through the command line")
    p.add_argument("--window", type=int, default=200, help="saves through the window")
    p.add_argument("--examples", type=int, default=1000, help="Tiled example map mutants")
    args = p.parse_args(argv)
    work = Path(tempfile.mkdtemp(prefix="skirmish-fuzz-"))
    report: dict[str, Any] = {"work": str(work), "seed": args.seed, "direct": {},
                              "broken": []}
    start = time.perf_counter()
    base = peak_mb()
    f = Fuzzer(work, args.seed)
    report["peak_rss_mb_after"] = peaks = {}
    for name, leg, n in (("direct", direct, args.cases),
                         ("tiled_examples", tiled_examples, args.examples),
                         ("command_line", command_line, args.cli),
                         ("window", window, args.window)):
        leg(f, n, report)
        peaks[name] = round(peak_mb(), 1)
    report["seconds"] = round(time.perf_counter() - start, 1)
    report["peak_rss_mb"] = round(peak_mb(), 1)
    report["peak_rss_growth_mb"] = round(peak_mb() - base, 1)
    print(json.dumps(report, indent=1))
    return 1 if report["broken"] else 0


if __name__ == "__main__":
    sys.exit(run())
