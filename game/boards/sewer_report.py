"""``python main.py --check-map FILE`` for a sewer map (seed 001's Flash Flood): what the
builder found, and what a map maker may want to change.

The builder (game/boards/tiled/sewer.py) already refuses a sewer that cannot be played,
with one MapError naming the object. This report reads a sewer that loaded and says what
it holds: its corridors, forks and dead ends, the flood's origin and how far the water
runs from it along the corridors (F-1, F-3), the features by kind, and the figures by
side and squad. It advises (exit 1) where a map loads but is likely not what its maker
meant: corridors the flood can never reach from its origin (a network of their own), a
squad with no leader (no figure with the bool property ``leader``). Board knowledge only:
whether the units, their sizes and the scenario suit the rules is the ruleset's to check
when the scenario loads.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable
from typing import Any

from game.boards.corridors import FEATURE_KINDS, Corridors
from game.boards.map_report import MapReport, inches, names
from game.core.places import LoadedMap

PLURALS = {"gantry": "gantries"}
"""Feature kinds whose plural is not the kind and an s."""


def _furthest(b: Corridors, corridor: str) -> float | None:
    """How far the point of ``corridor`` furthest from the origin is from it, along the
    corridors; None if the flood never reaches it. Between two neighbouring forks (or
    ends, or the origin) the water comes from both sides and the furthest point is where
    the two ways are equally long."""
    c = b.corridors[corridor]
    marks = sorted({0.0, c.length, *(at for at, _f in b.forks_on(corridor))}
                   | ({b.origin_at[1]} if b.origin_at[0] == corridor else set()))
    ds = [b.distance(b.origin_at, (corridor, at)) for at in marks]
    if any(d is None for d in ds):
        return None
    known = [d for d in ds if d is not None]
    far = max(known)
    for (a, da), (z, dz) in zip(zip(marks, known, strict=True),
                                zip(marks[1:], known[1:], strict=True), strict=False):
        far = max(far, min((da + dz + z - a) / 2, da + z - a, dz + z - a))
    return far


def sewer_report(loaded: LoadedMap[Corridors]) -> MapReport:
    """The report of a sewer map that loaded."""
    b = loaded.board
    lines: list[str] = []
    advice: list[str] = []
    cs = list(b.corridors.values())
    widths = sorted({c.width for c in cs})
    wide = (inches(widths[0]) if len(widths) == 1
            else f"{widths[0]:g} to {inches(widths[-1])}")
    lines.append(f"{len(cs)} corridor{'s' * (len(cs) != 1)}, {wide} wide, "
                 f"{inches(sum(c.length for c in cs))} of them in all; {len(b.forks)} "
                 f"fork{'s' * (len(b.forks) != 1)}, {len(b.dead_ends())} dead "
                 f"end{'s' * (len(b.dead_ends()) != 1)}")
    x, y = b.origin
    corridor, at = b.origin_at
    lines.append(f"the flood's origin at ({x:g}, {y:g}): {b.corridors[corridor].label or corridor}"
                 f", {inches(at)} from its start")
    reach = {c.id: far for c in cs if (far := _furthest(b, c.id)) is not None}
    dry = [c.label or c.id for c in cs if c.id not in reach]
    if reach:
        lines.append(f"the furthest point of the corridors is {inches(max(reach.values()))} "
                     f"from the origin, along them (the way the flood and F-3 measure)")
    if dry:
        advice.append(f"the flood can never reach {names(dry)} from its origin: join "
                      f"{'it' if len(dry) == 1 else 'them'} to the corridors the origin is "
                      f"in (a fork), or move the origin")
    kinds = Counter(f.kind for f in b.features)
    if kinds:
        parts = []
        for kind in FEATURE_KINDS:
            named = [f.name for f in b.features_of(kind) if f.name]
            if kinds[kind]:
                plural = PLURALS.get(kind, kind + "s") if kinds[kind] != 1 else kind
                parts.append(f"{kinds[kind]} {plural}" + (f" ({names(named)})" if named
                                                         else ""))
        lines.append("features: " + "; ".join(parts))
    for nest in b.features_of("nest"):
        charges = nest.properties.get("charges")
        if charges is not None:
            lines.append(f"{nest.label or 'the nest'}: {charges} charges to plant")
    lines += _figures(loaded, advice)
    return MapReport(b.name, "sewer map", "F-1", tuple(lines), tuple(advice))


def _figures(loaded: LoadedMap[Corridors], advice: list[str]) -> list[str]:
    if not loaded.placements:
        return ["no figures: the scenario places the models"]
    lines = []
    sides: dict[str, dict[str, list[str]]] = {}
    leaders: dict[str, str] = {}
    for p in loaded.placements:
        sides.setdefault(p.side, {}).setdefault(p.squad, []).append(p.name or p.label)
        if p.leader:
            leaders[p.squad] = p.name or p.label
    for side, squads in sides.items():
        total = sum(len(v) for v in squads.values())
        each = ", ".join(f"{squad or '(no squad)'} {len(members)}"
                         + (f" led by {leaders[squad]}" if squad in leaders else "")
                         for squad, members in squads.items())
        lines.append(f"side '{side}': {total} figure{'s' * (total != 1)} in "
                     f"{len(squads)} squad{'s' * (len(squads) != 1)} ({each})")
        for squad in squads:
            if squad not in leaders:
                advice.append(f"squad '{squad}' of side '{side}' has no leader: give one of "
                              f"its figures the bool property 'leader'")
    return lines


def check_sewer(loaded: LoadedMap[Any], emit: Callable[[str], None] = print) -> int:
    """``--check-map`` of a sewer map that loaded: print the report; 0 sound, 1 with
    advice."""
    assert isinstance(loaded.board, Corridors)
    return sewer_report(loaded).emit(emit)
