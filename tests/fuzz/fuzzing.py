"""Hostile files for the table: a seeded mutator over the shipped maps, tilesets,
scenarios and saves, and the promise every mutant is held to.

A mutant is made from a shipped file by a few edits, some blind (bytes flipped, spans cut
or doubled, the file cut short or re-encoded) and some that know the format (an XML
attribute, a TOML value or a JSON field replaced by a value chosen to hurt: a huge or
non-finite number, a string of the wrong type, NUL and newlines, deep nesting, a named
pipe or ``/dev/zero`` as a file name). :func:`run_case` loads it the way the game does
(a map or tileset through its scenario, a scenario, a save) and says whether the promise
held: the file loads, or one :class:`GameError` is raised whose message is a single line
naming the file; never another exception; never more than :data:`MAX_SECONDS`.

The dice of the game make the choices (seeded), so case ``n`` of a seed is always the
same mutant.
"""

from __future__ import annotations

import json
import os
import re
import shutil
import signal
import time
import traceback
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from game.ai import RandomPlayer
from game.core.dice import Dice
from game.core.errors import GameError
from game.headless import play_game
from game.rules import load_match, open_match

ROOT = Path(__file__).resolve().parents[2]
MAPS = ROOT / "maps"
MAX_SECONDS = 2.0
"""Longest a case may take (load and, for a scenario, the first legal actions)."""
HANG_SECONDS = 20.0
"""A case still running after this long is stopped and reported as a hang."""

KINDS = ("map", "tileset", "scenario", "save")

NUMBERS = ["0", "-1", "1", "7", "255", "256", "60000", "65537", "100000000", "2147483648",
           "4294967296", "-2147483649", "99999999999999999999", "1e309", "-1e309", "nan",
           "inf", "12abc", "0x10", "1.5", "", " ", "1_000", "9" * 4301]
STRINGS = ["", " ", "\x00", "a\x00b", "line\nbreak", "\r\n", "\t", "é", "\u2028",
           "\ufeff", "💥", "A" * 5000, "../" * 40 + "etc/passwd", "/dev/zero", "pipe.tsx",
           "zero.tsx", "huge.tsx", "missing.tsx", "[]", "{}", "<", "&amp;", "\\", '"']
JSON_VALUES: list[Any] = [None, True, False, 0, -1, 1.5, 2 ** 63, -(2 ** 63) - 1, 10 ** 30,
                          "", "x", "\x00", "\ud800", "a\nb", [], [1], [[]], {}, {"a": 1},
                          {"cell": "3"}, {"cell": 10 ** 20}, {"x": 1.5, "y": None}, "A" * 3000]
TOML_VALUES = ["0", "-1", "100000000", "9" * 30, "1e309", "nan", "inf", "true", '""',
               '"\\u0000"', '"a\\nb"', '"\\u00e9"', "[]", '[["dagger"]]', "[[[[[[]]]]]]",
               "{}", '{a = 1}', "[" * 600 + "]" * 600, '"' + "x" * 3000 + '"', "1979-05-27",
               '"hill_fight.tmx"', '"/dev/zero"', '"pipe.tmx"', '"maps/../hill_fight.tmx"']
ENCODINGS = ("latin-1", "utf-16", "utf-32", "cp1252")


class Chooser:
    """Choices from the game's seeded dice."""

    def __init__(self, seed: int) -> None:
        self.dice = Dice(seed)

    def below(self, n: int) -> int:
        """0 to n - 1."""
        return 0 if n <= 1 else self.dice.faces(1, n)[0] - 1

    def pick(self, items: list[Any] | tuple[Any, ...]) -> Any:
        return items[self.below(len(items))]

    def chance(self, k: int, n: int) -> bool:
        return self.below(n) < k


# ============================================================================ mutations
def _blind(data: bytes, c: Chooser) -> bytes:
    """An edit that knows nothing of the format."""
    if not data:
        return b"\x00"
    n = len(data)
    at = c.below(n)
    op = c.below(7)
    if op == 0:  # flip a byte
        return data[:at] + bytes([c.below(256)]) + data[at + 1:]
    if op == 1:  # cut a span
        return data[:at] + data[at + 1 + c.below(200):]
    if op == 2:  # double a span
        span = data[at:at + 1 + c.below(400)]
        return data[:at] + span * (2 + c.below(20)) + data[at:]
    if op == 3:  # cut the file short
        return data[:at]
    if op == 4:  # a NUL or a stray high byte
        return data[:at] + c.pick([b"\x00", b"\xe9", b"\xff\xfe", b"\r", b"\n"]) + data[at:]
    if op == 5:  # a number made huge
        m = list(re.finditer(rb"\d+", data))
        if m:
            g = c.pick(m)
            return data[:g.start()] + c.pick(NUMBERS).encode() + data[g.end():]
        return data
    # two lines swapped
    lines = data.split(b"\n")
    i, j = c.below(len(lines)), c.below(len(lines))
    lines[i], lines[j] = lines[j], lines[i]
    return b"\n".join(lines)


def _xml(data: bytes, c: Chooser) -> bytes:
    """An XML edit: an attribute's value, an element doubled or dropped, deep nesting."""
    text = data.decode("utf-8", "replace")
    op = c.below(9)
    attrs = list(re.finditer(r'(\w+)="([^"]*)"', text))
    if op <= 5 and attrs:
        m = c.pick(attrs)
        value = c.pick(NUMBERS) if op < 4 else c.pick(STRINGS)
        value = (value.replace("&", "&amp;").replace('"', "&quot;").replace("<", "&lt;")
                 .replace("\n", "&#10;").replace("\x00", ""))
        return (text[:m.start(2)] + value + text[m.end(2):]).encode("utf-8", "surrogatepass")
    lines = text.split("\n")
    k = c.below(len(lines))
    if op == 6:  # a line (an element, often) repeated
        lines[k:k] = [lines[k]] * (1 + c.below(50))
    elif op == 7:
        del lines[k]
    else:
        depth = c.pick([10, 70, 2000])
        tag = c.pick(["group", "properties", "object", "tile", "a"])
        lines.insert(k, f"<{tag}>" * depth + f"</{tag}>" * depth)
    return "\n".join(lines).encode("utf-8", "surrogatepass")


def _toml(data: bytes, c: Chooser) -> bytes:
    """A TOML edit: a value replaced, a table doubled, the file re-encoded."""
    text = data.decode("utf-8")
    op = c.below(5)
    values = list(re.finditer(r"(?m)^([\w.\"]+\s*=\s*)(.+)$", text))
    if op <= 1 and values:
        m = c.pick(values)
        return (text[:m.start(2)] + c.pick(TOML_VALUES) + text[m.end(2):]).encode()
    if op == 2 and values:  # a new field in a table
        m = c.pick(values)
        key = c.pick(["ma", "st", "dx", "iq", "weapons", "name", "hidden", "turn_limit",
                      "facing", "kind", "map", "zz"])
        return (text[:m.start()] + f"{key} = {c.pick(TOML_VALUES)}\n" + text[m.start():]
                ).encode()
    if op == 3:  # a Latin-1 name, or the whole file in another encoding
        if c.chance(1, 2):
            return text.replace('"Wardens"', '"Wardens é"').encode(c.pick(ENCODINGS))
        return text.encode(c.pick(ENCODINGS))
    headers = list(re.finditer(r"(?m)^\[.*\]$", text))
    if headers:  # a table header doubled or renamed
        m = c.pick(headers)
        new = c.pick(["[scenario]", "[sides]", "[units]", '[sides."a\\nb"]', "[options.x]",
                      "[[units]]", "[sides.x]", '[units."\\u0000"]'])
        return (text[:m.start()] + new + text[m.end():]).encode()
    return data


def _walk(v: Any, path: tuple[Any, ...] = ()) -> Iterator[tuple[Any, ...]]:
    yield path
    if isinstance(v, dict):
        for k, x in v.items():
            yield from _walk(x, (*path, k))
    elif isinstance(v, list):
        for k, x in enumerate(v):
            yield from _walk(x, (*path, k))


def _json(data: bytes, c: Chooser) -> bytes:
    """A JSON edit: a value replaced by one of another type or size, a field dropped,
    actions swapped or doubled, the seed changed, deep nesting, a raw huge number."""
    doc = json.loads(data)
    op = c.below(8)
    paths = [p for p in _walk(doc) if p]
    if op <= 2:
        path = c.pick(paths)
        parent = doc
        for k in path[:-1]:
            parent = parent[k]
        if op == 2 and isinstance(parent, dict):
            del parent[path[-1]]
        else:
            parent[path[-1]] = c.pick(JSON_VALUES)
    elif op == 3 and len(doc.get("actions", [])) > 1:
        acts = doc["actions"]
        i, j = c.below(len(acts)), c.below(len(acts))
        acts[i], acts[j] = acts[j], acts[i]
    elif op == 4 and doc.get("actions"):
        acts = doc["actions"]
        k = c.below(len(acts))
        acts.insert(k, dict(acts[k]))
    elif op == 5:
        doc["seed"] = c.pick([doc.get("seed", 0) + 1, -doc.get("seed", 0), 2 ** 64, 1.0,
                              "1", None])
    elif op == 6:
        text = json.dumps(doc)
        key = c.pick(['"seed": ', '"meta": ', '"stamp": ', '"chain": '])
        raw = c.pick(["9" * 4301, "[" * 100_000 + "]" * 100_000, "1e999", "-0", "NaN"])
        return text.replace(key, key + raw + ", \"x\": ", 1).encode()
    else:
        doc["format"] = c.pick([1, 3, "2", None, 2.0])
    return json.dumps(doc, ensure_ascii=c.chance(1, 2)).encode("utf-8", "surrogatepass")


def mutate(data: bytes, fmt: str, c: Chooser) -> bytes:
    """One or two edits of ``data`` (a file of format "xml", "toml" or "json")."""
    for _ in range(1 + c.below(2)):
        smart = {"xml": _xml, "toml": _toml, "json": _json}[fmt]
        try:
            data = smart(data, c) if c.chance(4, 5) else _blind(data, c)
        except (ValueError, TypeError, AttributeError, KeyError, IndexError, RecursionError):
            # an earlier edit broke the format beyond this one: go on blind
            data = _blind(data, c)
    return data


# ============================================================================ cases
@dataclass
class Result:
    kind: str
    case: int
    seconds: float
    error: str | None
    """The GameError's message; None if the file loaded."""


def first_change(saved: dict[str, Any], data: bytes) -> str | None:
    """Where a save's replay must first part from ``saved``, as its message says it
    ("before the first action", "action 12", "after the last action"), if the mutant
    still has a save's shape and changed what the chain covers; else None."""
    try:
        doc = json.loads(data)
    except (ValueError, RecursionError):
        return None
    if not isinstance(doc, dict) or any(doc.get(k) != saved[k] for k in
                                        ("game", "format", "scenario", "stamp", "dice")):
        return None
    acts, chain = doc.get("actions"), doc.get("chain")
    seed = doc.get("seed")
    if not (isinstance(acts, list) and isinstance(chain, list) and type(seed) is int
            and all(isinstance(h, str) for h in chain)):
        return None
    if seed != saved["seed"] or doc.get("start") != saved["start"]:
        return "before the first action"
    for k in range(max(len(acts), len(chain))):
        pairs = ((acts, saved["actions"]), (chain, saved["chain"]))
        if any(k >= len(mine) or k >= len(theirs) or mine[k] != theirs[k]
               for mine, theirs in pairs):
            return f"action {k + 1}"
    if doc.get("end") != saved["end"]:
        return "after the last action"
    return None


def _malformed(error: str) -> bool:
    """A message about the save's shape (a field of the wrong type), not its history."""
    return any(w in error for w in ("field '", "not a save", "not a Skirmish", "cannot be read"))


class Broken(AssertionError):
    """A mutant broke the promise (the message says how and where it was kept)."""


class _Hang(BaseException):
    pass


@contextmanager
def _deadline(seconds: float) -> Iterator[None]:
    def stop(signum: int, frame: Any) -> None:
        raise _Hang()

    old = signal.signal(signal.SIGALRM, stop)
    signal.setitimer(signal.ITIMER_REAL, seconds)
    try:
        yield
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, old)


def shipped_save(folder: Path, seed: int = 3, actions: int = 60) -> Path:
    """A save of a Hill fight of ``actions`` random actions."""
    m = open_match("hill_fight", seed)
    play_game(m, {s: RandomPlayer(seed) for s in m.sides}, max_actions=actions)
    m.meta["controllers"] = {s: "human" for s in m.sides}
    path = folder / f"hill_fight_{seed}.json"
    m.save(path)
    return path


def table(folder: Path, huge: Path) -> Path:
    """A copy of the Hill fight (scenario, map, tilesets) in ``folder``, with the hostile
    neighbours a mutant may name: a named pipe, a link to /dev/zero, a link to ``huge``."""
    folder.mkdir(parents=True)
    for name in ("hill_fight.toml", "hill_fight.tmx"):
        shutil.copy(MAPS / name, folder / name)
    shutil.copytree(MAPS / "tiles", folder / "tiles")
    for where in (folder, folder / "tiles"):
        os.mkfifo(where / "pipe.tsx")
        os.mkfifo(where / "pipe.tmx")
        os.symlink("/dev/zero", where / "zero.tsx")
        os.symlink(huge, where / "huge.tsx")
    return folder


class Fuzzer:
    """Mutants of the shipped files, each loaded in a folder of its own under ``work``."""

    def __init__(self, work: Path, seed: int = 1) -> None:
        self.work = work
        self.seed = seed
        self.huge = work / "huge.tsx"
        self.huge.write_bytes(b"<tileset>" + b" " * (5 << 20) + b"</tileset>")
        self.save = shipped_save(work)
        self.saved = json.loads(self.save.read_text())
        self.sources: dict[str, tuple[Path, str]] = {
            "map": (MAPS / "hill_fight.tmx", "xml"),
            "tileset": (MAPS / "tiles" / "levels.tsx", "xml"),
            "scenario": (MAPS / "hill_fight.toml", "toml"),
            "save": (self.save, "json"),
        }

    def mutant(self, kind: str, case: int) -> bytes:
        src, fmt = self.sources[kind]
        c = Chooser(self.seed * 1_000_003 + case * 7 + KINDS.index(kind))
        return mutate(src.read_bytes(), fmt, c)

    def place(self, kind: str, case: int, data: bytes) -> tuple[Path, Callable[[], Any],
                                                                 tuple[str, ...]]:
        """Write the mutant where the game would find it; the call that loads it and the
        file names its errors may name."""
        folder = self.work / f"{kind}-{case}"
        if folder.exists():
            shutil.rmtree(folder)
        if kind == "save":
            folder.mkdir()
            path = folder / "mutant.json"
            path.write_bytes(data)
            return path, lambda: load_match(path), (path.name,)
        table(folder, self.huge)
        path = {"map": folder / "hill_fight.tmx", "tileset": folder / "tiles" / "levels.tsx",
                "scenario": folder / "hill_fight.toml"}[kind]
        path.write_bytes(data)
        scenario = folder / "hill_fight.toml"

        def load() -> Any:
            m = open_match(str(scenario), 1)
            m.legal_actions()
            return m

        return path, load, (path.name, "hill_fight.tmx", "hill_fight.toml")

    def run(self, kind: str, case: int) -> Result:
        """Load mutant ``case`` of ``kind``; Broken if the promise does not hold."""
        data = self.mutant(kind, case)
        path, load, names = self.place(kind, case, data)
        start = time.perf_counter()
        error: str | None = None
        try:
            with _deadline(HANG_SECONDS):
                load()
        except GameError as e:
            error = str(e)
        except _Hang:
            raise Broken(self._keep(kind, case, data, f"still loading after {HANG_SECONDS} s")
                         ) from None
        except Exception:  # noqa: BLE001 - this is what the promise forbids
            raise Broken(self._keep(kind, case, data, traceback.format_exc())) from None
        seconds = time.perf_counter() - start
        if seconds > MAX_SECONDS:
            raise Broken(self._keep(kind, case, data, f"took {seconds:.2f} s"))
        if kind == "save":
            where = first_change(self.saved, data)
            if error is None and where is not None:
                raise Broken(self._keep(kind, case, data, f"altered ({where}) but it loads"))
            if error is not None and where is not None \
                    and not re.search(rf"{where}(?!\d)", error) and not _malformed(error):
                raise Broken(self._keep(kind, case, data, f"altered first at {where!r}, but "
                                                          f"the message says {error!r}"))
        if error is not None:
            if "\n" in error or "\r" in error:
                raise Broken(self._keep(kind, case, data, f"message of several lines: "
                                                          f"{error!r}"))
            if not any(n in error for n in names):
                raise Broken(self._keep(kind, case, data, f"message names no file: {error!r}"))
        if kind != "save":
            shutil.rmtree(path.parent if kind != "tileset" else path.parent.parent)
        return Result(kind, case, seconds, error)

    def _keep(self, kind: str, case: int, data: bytes, why: str) -> str:
        keep = self.work / "broken" / f"{kind}-{case}"
        keep.parent.mkdir(exist_ok=True)
        keep.write_bytes(data)
        return f"{kind} mutant {case} (seed {self.seed}, kept in {keep}): {why}"
