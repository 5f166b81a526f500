"""A private stand-in for the wash (game/rules/squads/flood/water.py, engineer "wash"),
used by these tests only until the real one is merged: the BRIEF's signatures, with a
small real flood (F-2 table, F-3 strength tests furthest first, F-4 a d6 along the
model's corridor away from the origin, F-6 the S1 hit, F-7 the stretches reached).
:func:`install` puts it in place as ``game.rules.squads.flood.water`` only when that
module is absent.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction

from game.core.dice import Dice
from game.core.events import Event
from game.core.places import Point
from game.rules.squads.basics import hit_line
from game.rules.squads.checks import characteristic_test
from game.rules.squads.coherency import coherent_fraction, out_of_coherency
from game.rules.squads.combat import resolve_attacks
from game.rules.squads.units import Unit

NEED = {2: 6, 3: 4, 4: 2, 5: 1}


@dataclass(frozen=True)
class Wash:
    model: str
    path: tuple[Point, ...]
    carried: int
    stopped_by: str | None
    bumped_by: str | None


@dataclass(frozen=True)
class FloodResult:
    events: list[Event]
    washes: tuple[Wash, ...]
    flooded: tuple[tuple[str, int, int], ...]


def flood_chance(turn: int) -> Fraction:
    if turn < 2:
        return Fraction(0)
    need = NEED.get(turn, 1)
    return Fraction(7 - need, 6)


def flood_comes(turn: int, dice: Dice) -> tuple[bool, list[Event]]:
    if turn < 2:
        return False, []
    need = NEED.get(turn, 1)
    r = dice.check(1, need, rule="F-2", comparison=">=", label=f"the flood, turn {turn}")
    return bool(r.success), [Event(Kind_ROLLED, r.explain(), "F-2", roll=r)]


from game.core.events import Kind  # noqa: E402

Kind_ROLLED = Kind.ROLLED


def resolve_flood(board, units: Sequence[Unit], dice: Dice) -> FloodResult:
    models = [m for u in units for m in u.models if m.alive]
    models.sort(key=lambda m: -(board.from_origin(m.x, m.y) or 0))
    events: list[Event] = []
    washes = []
    flooded = {}
    for c in board.corridors.values():
        flooded[c.id] = (0, round(c.length * 100))
    for m in models:
        if any(f.kind == "gantry" for f in board.features_at(m.x, m.y)):
            continue
        t = characteristic_test(m, "s", dice, rule="F-3")
        events.append(t.event)
        if t.passed:
            continue
        r = dice.roll("1d6", rule="F-4", label=f"{m.name} carried")
        events.append(Event(Kind.ROLLED, r.explain(), "F-4", m.id, roll=r))
        cid, at = board.project(m.x, m.y)
        o_cid, o_at = board.origin_at
        heading = 1 if (cid != o_cid or at >= o_at) else -1
        w = board.walk(cid, at, heading, float(r.total))
        start = Point.of(m.x, m.y)
        x, y = board.corridors[cid].point_at(w.at)
        m.move_to(x, y)
        washes.append(Wash(m.id, (start, Point.of(x, y)), round(w.moved * 100), None, None))
        line = hit_line("flood", f"the flood hits {m.name}", 1, 1 + int(w.moved // 3),
                        rule="F-6", no_save=True)
        events += resolve_attacks([line], m, dice).events
    return FloodResult(events, tuple(washes),
                       tuple((c, a, b) for c, (a, b) in sorted(flooded.items())))


def in_flooded(flooded, board, x: float, y: float) -> bool:
    if not board.contains(x, y) or any(f.kind == "gantry" for f in board.features_at(x, y)):
        return False
    cid, at = board.project(x, y)
    h = round(at * 100)
    return any(c == cid and a <= h <= b for c, a, b in flooded)


def stragglers(unit: Unit) -> list[str]:
    return out_of_coherency(unit)


def is_scattered(unit: Unit) -> bool:
    return bool(unit.survivors) and coherent_fraction(unit) < Fraction(1, 2)


def install() -> None:
    """Stand in for ``game.rules.squads.flood.water`` if it is not there (yet)."""
    import importlib.util
    import sys

    if importlib.util.find_spec("game.rules.squads.flood.water") is not None:
        return
    import game.rules.squads.flood as flood

    sys.modules["game.rules.squads.flood.water"] = sys.modules[__name__]
    flood.water = sys.modules[__name__]  # type: ignore[attr-defined]
