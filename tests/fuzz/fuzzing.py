"""Hostile files for the table: a seeded mutator over every shipped scenario of every board
kind (its map, tilesets, scenario with its units and options, a save of a short game),
every shipped demo, and table maps through ``--check-map``; and the promise every mutant
is held to.

A mutant is made from a shipped file by a few edits, some blind (bytes flipped, spans cut
or doubled, the file cut short or re-encoded) and some that know the format (an XML
attribute, a custom property, a polygon's points, an object copied hundreds of times; a
TOML value, a unit's field, an army list grown long; a JSON field replaced by a value
chosen to hurt, a made-up action), each value chosen to hurt: a huge or non-finite
number, a string of the wrong type, NUL and newlines, deep nesting, a named pipe or
``/dev/zero`` as a file name. :meth:`Fuzzer.run` loads it the way the game does (a map
or tileset through its scenario and a few moves of play, a scenario, a save, a demo
checked step by step, a table map through ``--check-map``) and says whether the promise
held: the file loads, or one :class:`GameError` is raised whose message is a single line
naming the file; never another exception; never more than :data:`MAX_SECONDS` nor
:data:`MAX_MB` more memory; and a game that loads plays: it never stops with no legal
action while it is not over, and never refuses an action its legal list offered.

A *kind* of mutant is ``WHAT:NAME``: ``map:farmhouse``, ``scenario:backyard``,
``save:hill_fort``, ``tileset:hill_fight``, ``checkmap:ruined_village``,
``demo:t5_rear_attack`` (see :data:`KINDS`; :func:`board_of` groups them by board kind).
The sewer scenarios (the flood) are fuzzed like the others: their maps (with edits that
know the sewer's conventions, :mod:`sewer_mutants`), scenarios and saves of a game a few
moves past the flood (:data:`SAVE_PLAY`), and their maps through ``--check-map``; the
street chase's scenarios alike, their track maps with edits that know the track's
conventions (:mod:`track_mutants`). The stub maps (:data:`MAP_ONLY`) of the sewer and the
track are read as their kind, and given to ``--check-map`` on the command line.

The dice of the game make the choices (seeded), so case ``n`` of a kind and seed is
always the same mutant.
"""

from __future__ import annotations

import json
import math
import os
import re
import resource
import shutil
import signal
import time
import traceback
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from sewer_mutants import sewer_edit
from track_mutants import track_edit

from game.ai import RandomPlayer
from game.core.dice import Dice
from game.core.errors import GameError, IllegalActionError
from game.headless import play_game
from game.rules import load_match, open_match

ROOT = Path(__file__).resolve().parents[2]
MAPS = ROOT / "maps"
MAX_SECONDS = 2.0
"""Longest a case may take (load and, for a scenario, the first moves of play)."""
MAX_MB = 500
"""Most memory a case may add to the process's peak."""
HANG_SECONDS = 20.0
"""A case still running after this long is stopped and reported as a hang."""
PLAY_ACTIONS = 6
"""Random legal actions played after a mutated scenario, map or tileset loads."""

SCENARIOS: dict[str, str] = {
    "hill_fight": "hex", "hill_fort": "hex",
    "farmhouse": "zones", "open_field": "zones",
    "backyard": "table", "ruined_village": "table",
    "charges_in_the_nest": "sewer", "storm_drain": "sewer",
    "pursuit": "track", "riders_and_drones": "track",
}
"""Every shipped scenario the picker offers, and its board kind."""
SAVE_PLAY: dict[str, tuple[int, int]] = {"charges_in_the_nest": (5, 105),
                                         "storm_drain": (5, 80)}
"""The seed and the number of random actions of the save a scenario's save mutants are made
from (default: seed 3, 60 actions): the sewer games' saves are a few moves past the flood
(F-2..F-7 in their replay: the flood's roll, the tests, the washes, the water)."""
CHECK_MAP_BOARDS = ("table", "sewer", "track")
"""The board kinds ``--check-map`` measures (G-8 for a table, the sewer's and the track's
own checks)."""
DEMOS: tuple[str, ...] = tuple(sorted(p.stem for p in (MAPS / "demos").glob("*.toml")))
"""Every shipped demo, by file name."""
MADE_DEMOS = ("farmhouse", "backyard")
"""Scenarios no shipped demo uses, of the other board kinds: a demo of each is made from a
short game (:func:`made_demo`) and mutated like the shipped ones."""
MAP_ONLY: dict[str, str] = {"sewer_stub": "sewer", "track_stub": "track"}
"""Stub maps (maps/test/) of the board kinds no shipped scenario plays yet (and the sewer's
stub), and the shipped maps (maps/) of scenarios no ruleset plays yet, and their kind: a
mutant is read as that kind (a map, not a scenario). Sewer maps get sewer edits too
(:mod:`sewer_mutants`)."""
TILESETS = ("levels.tsx", "terrain.tsx", "figures.tsx")
BOARDS = ("hex", "zones", "table", "sewer", "track", "demo")
"""The groups :func:`board_of` sorts kinds into."""


def _kinds() -> tuple[str, ...]:
    out = []
    for name, board in SCENARIOS.items():
        out += [f"map:{name}", f"scenario:{name}", f"save:{name}"]
        if board == "hex":
            out.append(f"tileset:{name}")
        if board in CHECK_MAP_BOARDS:
            out.append(f"checkmap:{name}")
    out += [f"map:{name}" for name in MAP_ONLY]
    out += [f"demo:{d}" for d in (*DEMOS, *MADE_DEMOS)]
    return tuple(out)


KINDS = _kinds()
"""Every kind of mutant, ``WHAT:NAME``."""


def board_of(kind: str) -> str:
    """The group of a kind: the board kind of its scenario, or "demo"."""
    what, name = kind.split(":")
    return "demo" if what == "demo" else MAP_ONLY.get(name) or SCENARIOS[name]


def through_check_map(kind: str) -> bool:
    """Whether the command line takes mutants of ``kind`` through ``--check-map`` (table
    maps, and the stub maps of kinds no scenario plays: any map may be given to it)."""
    what, name = kind.split(":")
    return what == "checkmap" or name in MAP_ONLY


def kinds_of(board: str) -> tuple[str, ...]:
    return tuple(k for k in KINDS if board_of(k) == board)


def map_format(name: str) -> str:
    """How the map of scenario or stub ``name`` is mutated: "sewer" or "track" (XML and
    the board kind's own edits) for a sewer or a track map, else "xml"."""
    board = SCENARIOS.get(name) or MAP_ONLY.get(name)
    return board if board in ("sewer", "track") else "xml"


NUMBERS = ["0", "-1", "1", "7", "255", "256", "60000", "65537", "100000000", "2147483648",
           "4294967296", "-2147483649", "99999999999999999999", "1e309", "-1e309", "nan",
           "inf", "12abc", "0x10", "1.5", "", " ", "1_000", "9" * 4301, "1e-300", "-0",
           "0.001", "1e15"]
STRINGS = ["", " ", "\x00", "a\x00b", "line\nbreak", "\r\n", "\t", "é", "\u2028",
           "\ufeff", "💥", "A" * 5000, "../" * 40 + "etc/passwd", "/dev/zero", "pipe.tsx",
           "zero.tsx", "huge.tsx", "missing.tsx", "[]", "{}", "<", "&amp;", "\\", '"',
           "zones", "bottlenecks", "obstacles", "figures", "terrain", "levels", "orthogonal",
           "hexagonal", "isometric", "staggered", "inch", "unit", "ellipse", "polygon"]
PROPERTY_VALUES = ["0", "-1", "1", "2", "3", "-2147483649", "2147483648", "1e309", "nan",
                   "inf", "-inf", "12abc", "", " ", "1.5", "1e-300", "true", "false", "soft",
                   "hard", "wet", "1d6", "2d-1", "100d100", "999999d6", "1d999999999",
                   "1d6+99999999999", "d", "0d6", "forest", "building", "fence", "ladder",
                   "door", "obstacle", "rough", "pool", "wall", "fire", "unknown",
                   "blocking, hard cover", "vantage", "impassable, enclosed",
                   "blocking," * 2000, "no such trait", "A" * 5000, "\u2028", "💥",
                   "wardens", "raiders", "farmers", "goblins", "green", "tan", "orc",
                   "warden_human", "farmer", "sarge", "nobody", "9" * 4301]
PROPERTY_TYPES = ["int", "float", "bool", "string", "object", "file", "color", "class", ""]
MANY = " ".join(f"{k % 997},{(k * 7) % 991}" for k in range(15_000))
CIRCLE = " ".join(f"{300 + 200 * ((k * 37) % 101) / 101:.3f},{300 + (k % 3)}"
                  for k in range(15_000))
RING = " ".join(f"{400 + 300 * math.cos(k / 700 * math.tau):.2f},"
                f"{400 + 300 * math.sin(k / 700 * math.tau):.2f}" for k in range(700))
POINTS = ["0,0", "0,0 10,0", "0,0 100,100 100,0 0,100", "0,0 1e300,0 1e300,1e300",
          "0,0 1e-300,0 0,1e-300", "0,0 0,0 0,0", "nan,0 1,1 2,0", "0,0 inf,0 0,5",
          "0,0 50000000,0 50000000,50000000 0,50000000", "-5000,-5000 -4000,-5000 -4000,-4000",
          "0,0 10,0 10,10 0,10 0,0 10,0", "0,0 1,0 2,0 3,0", "1,1,1 2,2", "", MANY, CIRCLE,
          RING]
ACTION_FIELDS = ["figure", "target", "side", "to", "at", "via", "weapon", "zone", "minis",
                 "first", "follow", "react", "boundary", "bottleneck", "run", "x"]
HOSTILE_MINIS: list[Any] = [
    [], [[]], [["Bob", "human", True, "none", [], 0]] * 5000,
    [["\x00", "../../../etc/passwd", True, "none", [], 0]],
    [["A" * 5000, "human", True, "heavy", ["explosive"] * 20000, 0]],
    [["Bob", "human", "yes", "none", "heavy", 10 ** 30]],
    [["Bob", "human", False, "none", [], -(10 ** 30)]],
    [["Bob", None, 1, {}, [[]], 1.5]],
    [["Bob\nBob", "💥", True, "light", ["heavy", "heavy"], 0]],
]
JSON_VALUES: list[Any] = [None, True, False, 0, -1, 1.5, 2 ** 63, -(2 ** 63) - 1, 10 ** 30,
                          "", "x", "\x00", "\ud800", "a\nb", [], [1], [[]], {}, {"a": 1},
                          {"cell": "3"}, {"cell": 10 ** 20}, {"x": 1.5, "y": None}, "A" * 3000,
                          {"zone": "House"}, {"zone": "\x00", "boundary": "Yard"},
                          {"zone": "House", "boundary": "House"}, {"x": 10 ** 12, "y": -5},
                          {"x": -100, "y": 100}, {"x": 2 ** 63, "y": 0}, {"track": "a", "at": 1},
                          "explosive", "heavy", "melee", "wardens", "green", "House"]
TOML_VALUES = ["0", "-1", "100000000", "9" * 30, "1e309", "nan", "inf", "true", '""',
               '"\\u0000"', '"a\\nb"', '"\\u00e9"', "[]", '[["dagger"]]', "[[[[[[]]]]]]",
               "{}", '{a = 1}', "[" * 600 + "]" * 600, '"' + "x" * 3000 + '"', "1979-05-27",
               '"hill_fight.tmx"', '"/dev/zero"', '"pipe.tmx"', '"maps/../hill_fight.tmx"',
               '"farmhouse.tmx"', '"backyard.tmx"', '"zero.tmx"', '"pipe.toml"', '"zero.toml"',
               '"../farmhouse.toml"', '"../backyard.toml"', '"../open_field.toml"',
               '"../demos/t5_rear_attack.toml"', '"../test/side_view.toml"', '"tft-zones"',
               '"hero"', '"tft-heights"', "2.5", "-0.0", "1e-300", "0.2", "6", "20", "21",
               '"explosive"', '["explosive", "explosive", "explosive"]',
               "[" + '"explosive", ' * 5000 + "]", '["flight", "incorporeal", "unimpeded"]',
               '["wings"]', '"heavy"', '"medium"', '"nothing"', '"goblins"', '"raiders"',
               '"wardens"', '"tan"', "{ zone = \"House\" }", "{ x = 100000000, y = 0 }",
               '{ kind = "move", figure = "hobbit", to = 9 }', '{ kind = "choose_first" }',
               "[" + "1, " * 100_000 + "]", "[4, 1, 3, 4, 0, 101]", "[0, 0]", "[99999, 2]"]
TOML_KEYS = ["ma", "st", "dx", "iq", "weapons", "name", "hidden", "turn_limit", "facing",
             "kind", "map", "zz", "armour", "shield", "ready", "talents", "hero", "medkits",
             "abilities", "ht", "base", "hold_out", "blast_push", "armies", "broken_ground",
             "rule", "title", "scenario", "seed", "faces", "text", "hex", "place", "action",
             "figure", "side", "unit", "ruleset", "description"]
TOML_HEADERS = ["[scenario]", "[sides]", "[units]", '[sides."a\\nb"]', "[options.x]",
                "[[units]]", "[sides.x]", '[units."\\u0000"]', "[options]", "[options.armies]",
                "[[figure]]", "[[step]]", "[demo]", "[units.sarge]", "[sides.farmers]",
                '[units."a b"]', "[options.armies.green]"]
ENCODINGS = ("latin-1", "utf-16", "utf-32", "cp1252")
FLOOD_TOML_VALUES = ['"flood"', '"nest"', '"survive"', '"troopers"', '"swarm"', '"brood_a"',
                     '"storm_drain.tmx"', '"charges_in_the_nest.tmx"', '"sewer_stub.tmx"',
                     '"storm_drain.toml"', "99", "100", "3.0", '{ alpha = "A", bravo = 3 }',
                     '{ "\u0000" = "x" }', '{ alpha = "' + "A" * 3000 + '" }', '["nest"]',
                     '{ swarm = "x", troopers = "y" }']
FLOOD_TOML_KEYS = ["objective", "planter", "charges", "squads", "alpha", "brood_a", "swarm",
                   "troopers", "leader", "squad", "width", "origin"]
FLOOD_TOML_HEADERS = ["[options.squads]", "[sides.troopers]", "[sides.swarm]",
                      "[sides.vermin]", "[options.squads.alpha]", "[[options.squads]]"]
"""Values, keys and headers a sewer scenario's mutants draw on too (its options and sides)."""
FLOOD_ACTION_KINDS = ["move", "difficult", "rejoin", "done", "shoot", "run", "charge",
                      "end_phase"]
FLOOD_JSON_VALUES: list[Any] = ["alpha", "bravo", "swarm", "brood", "brood_a", "alpha-1",
                                "swarm-1", "brood_a-9", "alpha-99", "troopers", "move",
                                {"x": 300, "y": 1601}, {"x": 300}, {"x": "3", "y": 1},
                                {"x": 1.5, "y": 2.5}, {"x": True, "y": False},
                                {"x": 150, "y": 1770, "z": 1}, [300, 1601]]
"""Values a sewer save's mutants draw on too (units, models, points in hundredths)."""


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


def _xml_escape(value: str) -> str:
    return (value.replace("&", "&amp;").replace('"', "&quot;").replace("<", "&lt;")
            .replace("\n", "&#10;").replace("\x00", ""))


def _objects_copied(text: str, c: Chooser) -> str | None:
    """An object element copied many times, each copy its own id and name (so only
    the number of objects can stop it), or the same (a clash of names)."""
    objs = list(re.finditer(r"(?s)<object\b[^>]*/>|<object\b.*?</object>", text))
    if not objs:
        return None
    m = c.pick(objs)
    times = c.pick([1, 2, 20, 300, 1900, 20_000])
    block = m.group()
    if c.chance(1, 4):
        copies = block * times
    else:
        copies = "".join(
            re.sub(r'\bname="([^"]*)"', lambda g, k=k: f'name="{g.group(1)} {k}"',
                   re.sub(r'\bid="\d+"', f'id="{100_000 + k}"', block, count=1), count=1)
            for k in range(times))
    return text[:m.end()] + copies + text[m.end():]


def _xml(data: bytes, c: Chooser) -> bytes:
    """An XML edit: an attribute's value, a custom property's value or type, a polygon's
    points, an object copied, an element doubled or dropped, deep nesting."""
    text = data.decode("utf-8", "replace")
    op = c.below(14)
    attrs = list(re.finditer(r'(\w+)="([^"]*)"', text))
    props = list(re.finditer(r'<property name="[^"]*"(?: type="([^"]*)")? value="([^"]*)"',
                             text))
    points = list(re.finditer(r'points="([^"]*)"', text))
    if op <= 4 and attrs:
        m = c.pick(attrs)
        value = c.pick(NUMBERS) if op < 3 else c.pick(STRINGS)
        return (text[:m.start(2)] + _xml_escape(value) + text[m.end(2):]).encode(
            "utf-8", "surrogatepass")
    if op in (5, 6) and props:  # a custom property's value (or its type)
        m = c.pick(props)
        if op == 6 and m.group(1) is not None:
            return (text[:m.start(1)] + c.pick(PROPERTY_TYPES) + text[m.end(1):]).encode()
        return (text[:m.start(2)] + _xml_escape(c.pick(PROPERTY_VALUES)) + text[m.end(2):]
                ).encode("utf-8", "surrogatepass")
    if op == 7 and points:
        m = c.pick(points)
        return (text[:m.start(1)] + c.pick(POINTS) + text[m.end(1):]).encode()
    if op == 8:
        copied = _objects_copied(text, c)
        if copied is not None:
            return copied.encode("utf-8", "surrogatepass")
    if op == 9:  # a property added to an object (or a map)
        objs = list(re.finditer(r"<object\b[^>]*?(/?)>", text))
        if objs:
            m = c.pick(objs)
            name = c.pick(["capacity", "cover", "size", "kind", "damage", "stacking", "move",
                           "visibility", "terrain", "ht", "traits", "facing", "side", "unit",
                           "inch", "unit", "title", "height", "width"])
            typ = c.pick(PROPERTY_TYPES)
            prop = (f'<properties><property name="{name}" type="{typ}" '
                    f'value="{_xml_escape(c.pick(PROPERTY_VALUES))}"/></properties>')
            if m.group(1):  # <object .../> -> <object ...>props</object>
                return (text[:m.start()] + m.group()[:-2] + ">" + prop + "</object>"
                        + text[m.end():]).encode("utf-8", "surrogatepass")
            return (text[:m.end()] + prop + text[m.end():]).encode("utf-8", "surrogatepass")
    lines = text.split("\n")
    k = c.below(len(lines))
    if op == 10:  # a line (an element, often) repeated
        lines[k:k] = [lines[k]] * (1 + c.below(50))
    elif op == 11:
        del lines[k]
    else:
        depth = c.pick([10, 70, 2000])
        tag = c.pick(["group", "properties", "object", "tile", "a", "objectgroup"])
        lines.insert(k, f"<{tag}>" * depth + f"</{tag}>" * depth)
    return "\n".join(lines).encode("utf-8", "surrogatepass")


def _toml(data: bytes, c: Chooser, flood: bool = False) -> bytes:
    """A TOML edit: a value replaced, a field added (a unit's, an option's, a demo's), a
    list grown long, a table copied many times, the file re-encoded, a header changed
    (``flood``: the values, keys and headers of a sewer scenario too)."""
    text = data.decode("utf-8")
    values_ = TOML_VALUES + FLOOD_TOML_VALUES if flood else TOML_VALUES
    keys = TOML_KEYS + FLOOD_TOML_KEYS if flood else TOML_KEYS
    headers_ = TOML_HEADERS + FLOOD_TOML_HEADERS if flood else TOML_HEADERS
    op = c.below(8)
    values = list(re.finditer(r"(?m)^([\w.\"]+\s*=\s*)(.+)$", text))
    if op <= 1 and values:
        m = c.pick(values)
        return (text[:m.start(2)] + c.pick(values_) + text[m.end(2):]).encode()
    if op == 2 and values:  # a new field in a table
        m = c.pick(values)
        return (text[:m.start()] + f"{c.pick(keys)} = {c.pick(values_)}\n"
                + text[m.start():]).encode()
    if op == 3:  # a Latin-1 name, or the whole file in another encoding
        if c.chance(1, 2):
            text = re.sub(r'name = "([^"]*)"', r'name = "\1 é"', text, count=1)
            return text.encode(c.pick(ENCODINGS))
        return text.encode(c.pick(ENCODINGS))
    lists = list(re.finditer(r"(?m)^(\w+\s*=\s*)\[([^\[\]\n]+)\]\s*$", text))
    if op == 4 and lists:  # a list (an army, weapons, faces) grown long
        m = c.pick(lists)
        items = m.group(2).strip().rstrip(",")
        times = c.pick([2, 10, 60, 300, 5000])
        return (text[:m.start(2)] + ", ".join([items] * times) + text[m.end(2):]).encode()
    tables = list(re.finditer(r"(?ms)^\[(units|sides)\.(\w+)\]\n.*?(?=^\[|\Z)", text))
    if op == 5 and tables:  # a unit or side copied many times under new keys
        m = c.pick(tables)
        times = c.pick([1, 40, 400, 4000])
        body = m.group()[m.group().index("\n") + 1:]
        copies = "".join(f"[{m.group(1)}.{m.group(2)}_{k}]\n{body}" for k in range(times))
        return (text[:m.end()] + "\n" + copies + text[m.end():]).encode()
    steps = list(re.finditer(r"(?ms)^\[\[(step|figure)\]\]\n.*?(?=^\[|\Z)", text))
    if op == 6 and steps:  # a demo's step or figure copied
        m = c.pick(steps)
        times = c.pick([1, 2, 50, 3000])
        return (text[:m.end()] + m.group() * times + text[m.end():]).encode()
    headers = list(re.finditer(r"(?m)^\[.*\]$", text))
    if headers:  # a table header doubled or renamed
        m = c.pick(headers)
        return (text[:m.start()] + c.pick(headers_) + text[m.end():]).encode()
    return data


def _walk(v: Any, path: tuple[Any, ...] = ()) -> Iterator[tuple[Any, ...]]:
    yield path
    if isinstance(v, dict):
        for k, x in v.items():
            yield from _walk(x, (*path, k))
    elif isinstance(v, list):
        for k, x in enumerate(v):
            yield from _walk(x, (*path, k))


def _made_up_action(doc: dict[str, Any], c: Chooser, flood: bool = False) -> None:
    """An action added to the save: a copy of one of its own with a field replaced or
    added, or an army sheet (K-2) of hostile minis; ``flood``: or one of the sewer's kinds
    made of the save's own units, models and points (a charge in the movement phase, a
    model of another unit, a rejoin of a model in coherency...)."""
    acts = doc["actions"]
    k = c.below(len(acts) + 1)
    if flood and c.chance(1, 2):
        fields: dict[str, list[Any]] = {}
        for a in acts:
            if isinstance(a, dict):
                for f, v in a.items():
                    fields.setdefault(f, []).append(v)
        act = {"kind": c.pick(FLOOD_ACTION_KINDS)}
        for f in c.pick([("unit",), ("unit", "model"), ("unit", "target"),
                         ("unit", "model", "to"), ("side",), ("unit", "model", "to", "x")]):
            act[f] = c.pick(fields.get(f) or FLOOD_JSON_VALUES)
    elif c.chance(1, 3):
        side = c.pick(["green", "tan", "wardens", "raiders", None, "\x00"])
        act: dict[str, Any] = {"kind": "build_army", "side": side,
                               "minis": c.pick(HOSTILE_MINIS)}
    else:
        act = dict(c.pick(acts))
        act[c.pick(ACTION_FIELDS + list(act))] = c.pick(
            JSON_VALUES + FLOOD_JSON_VALUES if flood else JSON_VALUES)
    acts.insert(k, act)


def _json(data: bytes, c: Chooser, flood: bool = False) -> bytes:
    """A JSON edit: a value replaced by one of another type or size, a field dropped,
    actions swapped, doubled or made up, the seed or scenario changed, deep nesting, a raw
    huge number (``flood``: the values and actions of a sewer game too)."""
    doc = json.loads(data)
    values_ = JSON_VALUES + FLOOD_JSON_VALUES if flood else JSON_VALUES
    op = c.below(10)
    paths = [p for p in _walk(doc) if p]
    if op <= 2:
        path = c.pick(paths)
        parent = doc
        for k in path[:-1]:
            parent = parent[k]
        if op == 2 and isinstance(parent, dict):
            del parent[path[-1]]
        else:
            parent[path[-1]] = c.pick(values_)
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
    elif op == 7 and isinstance(doc.get("actions"), list) and doc["actions"]:
        _made_up_action(doc, c, flood)
    elif op == 8:
        doc["scenario"] = c.pick([f"{s}.toml" for s in SCENARIOS] + [
            "test/side_view.toml", "demos/t5_rear_attack.toml", "tiles/levels.tsx",
            "/dev/zero", "../maps/farmhouse.toml", "farmhouse.tmx"])
    else:
        doc["format"] = c.pick([1, 3, "2", None, 2.0])
    return json.dumps(doc, ensure_ascii=c.chance(1, 2)).encode("utf-8", "surrogatepass")


def _sewer(data: bytes, c: Chooser) -> bytes:
    """A sewer map's edit: one that knows the sewer conventions, or an XML edit."""
    return sewer_edit(data, c) if c.chance(1, 2) else _xml(data, c)


def _track(data: bytes, c: Chooser) -> bytes:
    """A track map's edit: one that knows the track conventions, or an XML edit."""
    return track_edit(data, c) if c.chance(1, 2) else _xml(data, c)


def _flood_toml(data: bytes, c: Chooser) -> bytes:
    return _toml(data, c, flood=True)


def _flood_json(data: bytes, c: Chooser) -> bytes:
    return _json(data, c, flood=True)


FORMATS: dict[str, Callable[[bytes, Chooser], bytes]] = {
    "xml": _xml, "toml": _toml, "json": _json, "sewer": _sewer, "track": _track,
    "flood-toml": _flood_toml, "flood-json": _flood_json}
"""The edits of each format: "sewer" is a sewer map's XML, "track" a track map's,
"flood-toml" and "flood-json" a sewer scenario and a save of its game."""


def mutate(data: bytes, fmt: str, c: Chooser) -> bytes:
    """One or two edits of ``data`` (a file of a format of :data:`FORMATS`)."""
    for _ in range(1 + c.below(2)):
        smart = FORMATS[fmt]
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
    code: int | None = None
    """``--check-map``'s exit code (0 balanced, 1 not, 2 malformed)."""


SAVE_FIELDS = ("game", "format", "scenario", "stamp", "dice")


def first_change(saved: dict[str, Any], data: bytes) -> str | None:
    """Where a save's replay must first part from ``saved``, as its message says it
    ("before the first action", "action 12", "after the last action"), if the mutant
    still has a save's shape and changed what the chain covers; else None."""
    try:
        doc = json.loads(data)
    except (ValueError, RecursionError):
        return None
    if not isinstance(doc, dict) or any(doc.get(k) != saved[k] for k in SAVE_FIELDS):
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


def peak_mb() -> float:
    """The process's peak memory so far (ru_maxrss is in kB on Linux)."""
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024


def shipped_save(folder: Path, scenario: str = "hill_fight", seed: int | None = None,
                 actions: int | None = None) -> Path:
    """A save of ``actions`` random actions of a shipped scenario (by default the seed and
    actions of :data:`SAVE_PLAY`)."""
    seed = SAVE_PLAY.get(scenario, (3, 60))[0] if seed is None else seed
    actions = SAVE_PLAY.get(scenario, (3, 60))[1] if actions is None else actions
    m = open_match(scenario, seed)
    play_game(m, {s: RandomPlayer(seed) for s in m.sides}, max_actions=actions)
    m.meta["controllers"] = {s: "human" for s in m.sides}
    path = folder / f"{scenario}_{seed}.json"
    m.save(path)
    return path


def _toml_value(v: Any) -> str:
    """A JSON value as TOML (inline tables and arrays; strings JSON-escaped, which TOML
    reads alike)."""
    if isinstance(v, bool):
        return "true" if v else "false"
    if isinstance(v, int | float):
        return repr(v)
    if isinstance(v, str):
        return json.dumps(v)
    if isinstance(v, list | tuple):
        return "[" + ", ".join(_toml_value(x) for x in v) + "]"
    return "{ " + ", ".join(f"{k} = {_toml_value(x)}" for k, x in v.items()) + " }"


def made_demo(folder: Path, scenario: str, seed: int = 5, actions: int = 12) -> Path:
    """A demo of a shipped scenario: its map's figures placed by the demo, then the first
    ``actions`` actions of a random game (a demo's file the way a player would make one)."""
    from game.rules import board_for

    m = open_match(scenario, seed)
    lines = ["[demo]", 'rule = "Z-2"', f'title = "A short game of {scenario}"',
             f'scenario = "../{scenario}.toml"', f"seed = {seed}",
             'text = "The first moves of a game."', ""]
    for p in board_for(m.scenario).placements:
        lines += ["[[figure]]", f"name = {json.dumps(p.name or p.unit)}",
                  f"side = {json.dumps(p.side)}", f"unit = {json.dumps(p.unit)}",
                  f"place = {_toml_value(p.place.to_json())}", ""]
    play_game(m, {s: RandomPlayer(seed) for s in m.sides}, max_actions=actions)
    for a in m.actions:
        lines += ["[[step]]", f"action = {_toml_value(a.to_json())}",
                  f"text = {json.dumps(m.describe(a))}", ""]
    path = folder / f"{scenario}.toml"
    path.write_text("\n".join(lines))
    return path


def hostile_neighbours(where: Path, huge: Path) -> None:
    """The files a mutant may name that must never be read: named pipes, links to
    /dev/zero and to a file larger than any real one."""
    for name in ("pipe.tsx", "pipe.tmx", "pipe.toml"):
        os.mkfifo(where / name)
    for name in ("zero.tsx", "zero.tmx", "zero.toml"):
        os.symlink("/dev/zero", where / name)
    os.symlink(huge, where / "huge.tsx")


def table(folder: Path, huge: Path, scenario: str = "hill_fight") -> Path:
    """A copy of a shipped scenario (its file, its map and the tilesets) in ``folder``,
    beside the maps of the other scenarios and stubs of its board kind (a mutant may name
    one: a sewer scenario the other sewer, or the stub with no nest and no squads), with
    the hostile neighbours a mutant may name (:func:`hostile_neighbours`)."""
    folder.mkdir(parents=True)
    shutil.copy(MAPS / f"{scenario}.toml", folder / f"{scenario}.toml")
    board = SCENARIOS[scenario]
    for other, kind in SCENARIOS.items():
        if kind == board:
            shutil.copy(MAPS / f"{other}.tmx", folder / f"{other}.tmx")
    for stub, kind in MAP_ONLY.items():
        if kind == board and (MAPS / "test" / f"{stub}.tmx").exists():
            shutil.copy(MAPS / "test" / f"{stub}.tmx", folder / f"{stub}.tmx")
    shutil.copytree(MAPS / "tiles", folder / "tiles")
    for where in (folder, folder / "tiles"):
        hostile_neighbours(where, huge)
    return folder


def all_maps(folder: Path, huge: Path) -> Path:
    """A copy of the whole maps folder (every scenario, map, tileset and demo) in
    ``folder``, with hostile neighbours in each of its folders."""
    shutil.copytree(MAPS, folder)
    for where in (folder, *(d for d in sorted(folder.rglob("*")) if d.is_dir())):
        hostile_neighbours(where, huge)
    return folder


def _play(m: Any, seed: int, actions: int = PLAY_ACTIONS) -> None:
    """Random legal actions; _Unplayable if the game stops with none while not over, or
    if one the legal list offers is refused."""
    for _ in range(actions):
        if m.outcome() is not None or m.to_act() is None:
            return
        acts = m.legal_actions()
        if not acts:
            raise _Unplayable(f"no legal action for side '{m.to_act()}' at turn {m.turn}, "
                              f"phase {m.state.phase}, and the game is not over")
        try:
            m.apply(acts[Dice(seed).faces(1, len(acts))[0] - 1])
        except IllegalActionError as e:
            raise _Unplayable(f"the legal actions offered one that is not legal: {e}") \
                from None
        seed += 1


class _Unplayable(Exception):
    pass


class Fuzzer:
    """Mutants of the shipped files, each loaded in a folder of its own under ``work``."""

    def __init__(self, work: Path, seed: int = 1) -> None:
        self.work = work
        self.seed = seed
        self.huge = work / "huge.tsx"
        self.huge.write_bytes(b"<tileset>" + b" " * (5 << 20) + b"</tileset>")
        self._saves: dict[str, Path] = {}
        self.saved: dict[str, dict[str, Any]] = {}
        self.play = PLAY_ACTIONS
        """Random legal actions played after a mutated scenario, map or tileset loads."""
        self.max_seconds = MAX_SECONDS
        """Longest a case may take (more when it plays more)."""

    def save_of(self, scenario: str) -> Path:
        """The save of a short game of ``scenario`` (made once)."""
        if scenario not in self._saves:
            folder = self.work / "saves"
            folder.mkdir(exist_ok=True)
            path = self._saves[scenario] = shipped_save(folder, scenario)
            self.saved[scenario] = json.loads(path.read_text())
        return self._saves[scenario]

    def made_demo_of(self, scenario: str) -> Path:
        """The demo of ``scenario`` :func:`made_demo` makes (made once)."""
        path = self.work / "made" / f"{scenario}.toml"
        if not path.exists():
            path.parent.mkdir(exist_ok=True)
            made_demo(path.parent, scenario)
        return path

    def source(self, kind: str, case: int) -> tuple[Path, str, str]:
        """The shipped file a mutant of ``kind`` is made from, its format, and where it
        goes in the case's folder."""
        what, name = kind.split(":")
        flood = SCENARIOS.get(name) == "sewer"
        if what == "save":
            return self.save_of(name), "flood-json" if flood else "json", "mutant.json"
        if what == "map" and name in MAP_ONLY:
            stub = MAPS / "test" / f"{name}.tmx"
            return stub if stub.exists() else MAPS / f"{name}.tmx", map_format(name), \
                f"{name}.tmx"
        if what in ("map", "checkmap"):
            return MAPS / f"{name}.tmx", map_format(name), f"{name}.tmx"
        if what == "tileset":
            ts = TILESETS[case % len(TILESETS)]
            return MAPS / "tiles" / ts, "xml", f"tiles/{ts}"
        if what == "scenario":
            return MAPS / f"{name}.toml", "flood-toml" if flood else "toml", f"{name}.toml"
        if what == "demo" and name in MADE_DEMOS:
            return self.made_demo_of(name), "toml", f"demos/{name}.toml"
        if what == "demo":
            return MAPS / "demos" / f"{name}.toml", "toml", f"demos/{name}.toml"
        raise ValueError(f"no kind {kind!r}")

    def mutant(self, kind: str, case: int) -> bytes:
        src, fmt, _ = self.source(kind, case)
        c = Chooser(self.seed * 1_000_003 + case * 101 + KINDS.index(kind))
        return mutate(src.read_bytes(), fmt, c)

    def folder(self, kind: str, case: int) -> Path:
        return self.work / f"{kind.replace(':', '-')}-{case}"

    def place(self, kind: str, case: int, data: bytes
              ) -> tuple[Path, Callable[[], Any], tuple[str, ...]]:
        """Write the mutant where the game would find it; the call that loads it the way
        the game does, and the file names its errors may name."""
        what, name = kind.split(":")
        folder = self.folder(kind, case)
        if folder.exists():
            shutil.rmtree(folder)
        _, _, rel = self.source(kind, case)
        if what == "save":
            folder.mkdir()
            path = folder / rel
            path.write_bytes(data)
            return path, lambda: load_match(path), (path.name,)
        if what == "demo":
            all_maps(folder, self.huge)
            path = folder / rel
            path.write_bytes(data)
            names = (path.name,)

            def demo() -> Any:
                from game.rules.demos import load_demo

                d = load_demo(path)
                d.check()
                return d

            return path, demo, names
        if name in MAP_ONLY:
            folder.mkdir(parents=True)
            hostile_neighbours(folder, self.huge)
            path = folder / rel
            path.write_bytes(data)

            def read_as_its_kind() -> Any:
                from game.boards.tiled import load_map

                return load_map(path, MAP_ONLY[name])

            return path, read_as_its_kind, (path.name,)
        table(folder, self.huge, name)
        path = folder / rel
        path.write_bytes(data)
        scenario = folder / f"{name}.toml"
        names = (path.name, f"{name}.tmx", f"{name}.toml",
                 *(f.name for f in folder.iterdir() if f.suffix in (".tmx", ".toml")))
        if what == "checkmap":
            def check() -> int:
                from game.rules.check_map import check_map

                errors: list[str] = []
                code = check_map(str(path), emit=lambda line: None, fail=errors.append)
                if code == 2:
                    if len(errors) != 1 or not errors[0].startswith("error: "):
                        raise AssertionError(f"exit 2 with {errors!r}")
                    raise GameError(errors[0][len("error: "):])
                if code not in (0, 1) or errors:
                    raise AssertionError(f"exit {code} with {errors!r}")
                return code

            return path, check, names

        def load() -> Any:
            m = open_match(str(scenario), 1)
            _play(m, case, self.play)
            return m

        return path, load, names

    def run(self, kind: str, case: int) -> Result:
        """Load mutant ``case`` of ``kind``; Broken if the promise does not hold."""
        data = self.mutant(kind, case)
        path, load, names = self.place(kind, case, data)
        base = peak_mb()
        start = time.perf_counter()
        error: str | None = None
        got: Any = None
        try:
            with _deadline(HANG_SECONDS):
                got = load()
        except GameError as e:
            error = str(e)
        except _Hang:
            raise Broken(self._keep(kind, case, data, f"still loading after {HANG_SECONDS} s")
                         ) from None
        except _Unplayable as e:
            raise Broken(self._keep(kind, case, data, f"loads, then in play: {e}")) from None
        except BaseException:  # noqa: BLE001 - this is what the promise forbids
            raise Broken(self._keep(kind, case, data, traceback.format_exc())) from None
        seconds = time.perf_counter() - start
        grown = peak_mb() - base
        if seconds > self.max_seconds:
            raise Broken(self._keep(kind, case, data, f"took {seconds:.2f} s"))
        if grown > MAX_MB:
            raise Broken(self._keep(kind, case, data, f"took {grown:.0f} MB more memory"))
        what, name = kind.split(":")
        if what == "save":
            self.save_of(name)
            where = first_change(self.saved[name], data)
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
        shutil.rmtree(self.folder(kind, case))
        return Result(kind, case, seconds, error, got if what == "checkmap" else None)

    def _keep(self, kind: str, case: int, data: bytes, why: str) -> str:
        keep = self.work / "broken" / f"{kind.replace(':', '-')}-{case}"
        keep.parent.mkdir(exist_ok=True)
        keep.write_bytes(data)
        return f"{kind} mutant {case} (seed {self.seed}, kept in {keep}): {why}"
