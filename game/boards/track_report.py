"""``python main.py --check-map FILE`` for a track map (seed 001's Pursuit): what the
builder found, and what a map maker may want to change.

The builder (game/boards/tiled/track.py) already refuses a track that cannot be played,
with one MapError naming the object. This report reads a track that loaded and says what
it holds: the table and its Arrival, the street, the balance of the pieces' sizes (P-1:
"the same number of each different terrain types (size 1, 2 and 3)", as G-8 measures the
open table's terrain), the ground they cover, the mine clusters and the pieces they ride
on, the figures by side and squad, and what the deployment allows (P-3): how much of the
table is far enough from the Arrival and off every piece, and how much of it each side
keeps once the other side's figures stand where the map puts them. It advises (exit 1)
where a map loads but is likely not what its maker meant: unbalanced sizes, a piece
across the street, no street, and, given the chase's numbers, a table too short or
figures the deployment would not allow.

Board knowledge only: the chase's numbers (how long a table, how far from the Arrival, how
far apart, each model's base) are the rules', handed in as :class:`ChaseNumbers`; without
them the report says the distances and gives no verdict on them.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any

import shapely

from game.boards.map_report import MapReport, inches, names
from game.boards.track import MAX_MINES, SIZES, Track
from game.core.places import LoadedMap, Placement, Point

NOMINAL_RADIUS = 0.49
"""The base radius (inches: a 25 mm base) of a figure whose profile the numbers do not
list."""


@dataclass(frozen=True)
class ChaseNumbers:
    """The rules' numbers the report measures a track against (the rules hand them in)."""

    min_length: float
    """P-1: the shortest table, in inches."""
    from_arrival: float
    """P-3: how far from the Arrival every base deploys."""
    apart: float
    """P-3: how far (base to base) the pursuers deploy from every runner: both sides
    keep this far apart."""
    bases: Mapping[str, float] = field(default_factory=dict)
    """Each profile's base radius in inches, by unit key."""

    def radius(self, unit: str) -> float:
        return self.bases.get(unit, NOMINAL_RADIUS)


def _plural(n: int, word: str) -> str:
    return f"{n} {word}{'s' * (n != 1)}"


def size_balance(track: Track) -> tuple[list[str], list[str]]:
    """P-1's balance of sizes: the facts (how many pieces and how much ground of each size,
    ruined or intact) and the advice (the counts should differ by at most one: as near
    the same number of each as the number of pieces allows)."""
    lines: list[str] = []
    advice: list[str] = []
    counts = track.sizes()
    if not track.pieces:
        return (["no terrain pieces"],
                ["P-1 asks for as much city terrain as the street leaves room for, pieces "
                 "of size 1, 2 and 3 in equal numbers: draw some in the layer 'terrain'"])
    parts = []
    for size in SIZES:
        of = [p for p in track.pieces if p.size == size]
        ruined = sum(p.ruined for p in of)
        area = sum(p.area for p in of)
        parts.append(f"size {size}: {len(of)} ({ruined} ruined, {area:.0f} square inches)")
    lines.append(f"{_plural(len(track.pieces), 'piece')}: " + "; ".join(parts))
    table = track.width * track.height
    union = shapely.union_all([p.shape for p in track.pieces])
    difficult = sum(p.area for p in track.pieces if not p.impassable)
    lines.append(f"terrain covers {float(union.area) / table:.0%} of the table: "
                 f"{difficult:.0f} square inches difficult (ruins of size 1-2), "
                 f"{float(union.area) - difficult:.0f} impassable (P-1)")
    most, least = max(counts.values()), min(counts.values())
    if most - least > 1:
        want = sorted(SIZES, key=lambda s: (counts[s], s))
        extra = sorted(SIZES, key=lambda s: (-counts[s], s))
        each = ", ".join(f"{counts[s]} of size {s}" for s in SIZES)
        advice.append(f"the sizes are not balanced ({each}): P-1 wants the same number of "
                      f"each; add a piece of size "
                      f"{want[0]}, or make a piece of size {extra[0]} one of size {want[0]}")
    return lines, advice


def _street(track: Track) -> tuple[list[str], list[str]]:
    if not track.street:
        return ([], ["there is no street: P-1 wants a sinuous street along the middle (one "
                     "polyline in an object layer 'street'), left clear of the pieces"])
    line = shapely.LineString(track.street)
    lines = [f"the street: {inches(track.street_length)} long, "
             f"{track.street_length / track.length:.2f} times the table's length"]
    advice = []
    if track.pieces:
        gaps = sorted((float(p.shape.distance(line)), p.index) for p in track.pieces)
        across = [track.pieces[k].label or track.pieces[k].name
                  for gap, k in gaps if gap <= 1e-9]
        gap, k = gaps[0]
        if across:
            advice.append(f"{names(across)} {'lies' if len(across) == 1 else 'lie'} across "
                          f"the street: P-1 leaves the street clear; move "
                          f"{'it' if len(across) == 1 else 'them'} off it")
        else:
            lines.append(f"every piece is at least {inches(gap)} from the street's middle "
                         f"line (the nearest: {track.pieces[k].label or track.pieces[k].name})")
    return lines, advice


def _mines(track: Track) -> list[str]:
    if not track.mines:
        return ["no mine clusters on the table at the start (they come in with recycled "
                "pieces, P-6)"]
    rides = [f"{m.name or m.label} on {track.pieces[m.piece].name or track.pieces[m.piece].label}"
             if m.piece is not None else (m.name or m.label) for m in track.mines]
    return [f"{_plural(len(track.mines), 'mine cluster')} (P-12: at most {MAX_MINES} on the "
            f"table): "
            + ", ".join(rides)]


def _at(p: Placement) -> tuple[float, float]:
    assert isinstance(p.place, Point)  # a track's figures stand on points
    return p.place.units


def _figures(loaded: LoadedMap[Track]) -> tuple[list[str], dict[str, list[Placement]]]:
    if not loaded.placements:
        return ["no figures: the scenario places the models"], {}
    t = loaded.board
    sides: dict[str, list[Placement]] = {}
    for p in loaded.placements:
        sides.setdefault(p.side, []).append(p)
    lines = []
    for side, placed in sides.items():
        squads: dict[str, list[Placement]] = {}
        for p in placed:
            squads.setdefault(p.squad, []).append(p)
        each = ", ".join(
            f"{squad or '(no squad)'} {len(ps)}"
            + "".join(f" led by {q.name or q.label}" for q in ps if q.leader)
            for squad, ps in squads.items())
        near = min(t.along(*_at(p)) for p in placed)
        lines.append(f"side '{side}': {_plural(len(placed), 'figure')} in "
                     f"{_plural(len(squads), 'squad')} ({each}); the nearest stands "
                     f"{inches(near)} from the Arrival")
    return lines, sides


def deployment(loaded: LoadedMap[Track], numbers: ChaseNumbers) -> tuple[list[str], list[str]]:
    """P-3: the ground far enough from the Arrival and off every piece, how much of it each
    side keeps with the other side's figures where the map puts them, and the map's own
    figures measured against it (base to base, as the rules measure)."""
    t = loaded.board
    lines: list[str] = []
    advice: list[str] = []
    a0, a1 = numbers.from_arrival, t.length
    if a0 >= a1:
        return [], [f"P-3 deploys at least {inches(a0)} from the Arrival, and the table is "
                    f"{inches(a1)} long: lengthen it"]
    corners = [t.point(a0, 0), t.point(a1, 0), t.point(a1, t.breadth), t.point(a0, t.breadth)]
    zone = shapely.Polygon(corners)
    if t.pieces:
        zone = zone.difference(shapely.union_all([p.shape for p in t.pieces]))
    lines.append(f"P-3: {float(zone.area):.0f} square inches of the table are at least "
                 f"{inches(a0)} from the Arrival and off every piece")
    sides: dict[str, list[Placement]] = {}
    for p in loaded.placements:
        sides.setdefault(p.side, []).append(p)
    for side, placed in sides.items():
        far = [p for p in placed if t.along(*_at(p)) - numbers.radius(p.unit) < a0 - 1e-6]
        if far:
            advice.append(f"P-3: {names([p.name or p.label for p in far])} of side '{side}' "
                          f"{'stands' if len(far) == 1 else 'stand'} less than "
                          f"{inches(a0)} from the Arrival (the whole base counts)")
        inside = [p for p in placed if t.pieces_at(*_at(p))]
        if inside:
            advice.append(f"P-3: {names([p.name or p.label for p in inside])} of side "
                          f"'{side}' {'stands' if len(inside) == 1 else 'stand'} in a piece; "
                          f"the chase deploys off the pieces")
    if len(sides) == 2:
        (s1, f1), (s2, f2) = sides.items()
        gap, pair = min((((math.dist(_at(p), _at(q)) - numbers.radius(p.unit)
                           - numbers.radius(q.unit)), (p, q)) for p in f1 for q in f2),
                        key=lambda found: found[0])
        lines.append(f"P-3: the sides stand at least {inches(gap)} apart, base to base "
                     f"({pair[0].name or pair[0].label} and {pair[1].name or pair[1].label}; "
                     f"{inches(numbers.apart)} needed)")
        if gap < numbers.apart - 1e-6:
            advice.append(f"P-3: {pair[1].name or pair[1].label} stands {inches(gap)} from "
                          f"{pair[0].name or pair[0].label}, base to base; the sides deploy "
                          f"at least {inches(numbers.apart)} apart")
        for side, others in ((s1, f2), (s2, f1)):
            keep = zone.difference(shapely.union_all([
                shapely.Point(_at(q)).buffer(numbers.apart + numbers.radius(q.unit))
                for q in others]))
            lines.append(f"P-3: with the figures of the other side where they stand, side "
                         f"'{side}' may deploy on {float(keep.area):.0f} square inches")
    return lines, advice


def track_report(loaded: LoadedMap[Track], numbers: ChaseNumbers | None = None) -> MapReport:
    """The report of a track map that loaded; with the chase's ``numbers``, its verdicts on
    the table's length and the deployment (P-1, P-3) too."""
    t = loaded.board
    lines = [f"{t.width:g} x {t.height:g} inches, the Arrival its {t.arrival} edge: "
             f"{inches(t.length)} from it to the far edge"]
    advice: list[str] = []
    if numbers is not None and t.length < numbers.min_length - 1e-6:
        advice.append(f"the table is {inches(t.length)} long; P-1 plays on at least "
                      f"{inches(numbers.min_length)}")
    for part in (_street(t), size_balance(t)):
        lines += part[0]
        advice += part[1]
    lines += _mines(t)
    figures, _sides = _figures(loaded)
    lines += figures
    if numbers is not None:
        more, told = deployment(loaded, numbers)
        lines += more
        advice += told
    return MapReport(t.name, "track map", "P-1, P-3", tuple(lines), tuple(advice))


def check_track(loaded: LoadedMap[Any], emit: Callable[[str], None] = print,
                numbers: ChaseNumbers | None = None) -> int:
    """``--check-map`` of a track map that loaded: print the report; 0 sound, 1 with
    advice."""
    assert isinstance(loaded.board, Track)
    return track_report(loaded, numbers).emit(emit)
