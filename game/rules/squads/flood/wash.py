"""One model carried by the flood (F-4, F-5): the way it goes, the forks it is rolled
through, the models it touches and where it comes to rest.

:func:`carry_model` moves a model the inches it was rolled along the water's way
(:class:`~game.rules.squads.flood.watermap.WaterMap`): straight from its spot to the
middle of its corridor, then along the middle, following the bends; at each fork a d6
picks among the downstream arms (:meth:`WaterMap.split`). The contacts along each
stretch are pymunk's (:func:`game.physics.carry`): it passes the bases it touches,
listing them in order (the rules roll to knock each over, F-5), and stops in contact
with the first grate, sluice gate, cave-in or dead end's wall. Where its carry would
end on another base it stops in contact behind it (:func:`clear_back`, flood.toml
[bump] end_reading), so no model ends overlapping a wall or another model. Positions
are kept to hundredths of an inch, as models keep them.

Also here: :class:`FloodWashKind`, the wash's own event kinds.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass
from enum import StrEnum

from game.boards.corridors import XY, Arm, Corridors, Heading
from game.core.dice import Dice
from game.core.events import Event
from game.core.places import HUNDREDTHS, Point
from game.physics import Disc, carry
from game.rules.squads.flood.watermap import ForkSplit, WaterMap
from game.rules.squads.units import Model

MAX_STAGES = 400
"""Most stretches one carry goes through (a loop walked round many times)."""
LEFT = 0.005
"""Inches of a carry left that are not worth another stretch (under a hundredth)."""
OVERLAP = 1e-6
"""Inches two bases may share before they count as overlapping (rounding)."""


class FloodWashKind(StrEnum):
    """Events only the wash reports (beside the squad basics' tests and hits)."""

    FLOOD_ROLL = "flood_roll"
    """F-2: the roll for the flood (``roll``), or its sure coming on the last turn."""
    HALF = "flood_half"
    """F-1: one half of the flood (a way out of the origin) is resolved next."""
    OUT_OF_REACH = "out_of_reach"
    """F-1, F-7: ``figure`` stands on a gantry or where the water does not reach."""
    ORDER = "test_order"
    """F-3: a d6 that decides which of the models at the same distance tests first."""
    CARRIED = "carried"
    """F-4: ``figure`` was carried along ``places`` (its path), ``amount`` hundredths of
    an inch; ``roll`` is its exploding d6."""
    FORK = "fork"
    """F-4: the d6 that picked ``figure``'s branch at a fork (``places``: the fork)."""
    STOPPED = "stopped"
    """F-4: ``figure`` was stopped by impassable terrain or a dead end."""
    BUMPED = "bumped"
    """F-5: ``figure``, carried, touched ``target``: the d6 that knocks it off its feet."""


@dataclass(frozen=True)
class CarryOut:
    """Where one carry went (:func:`carry_model`)."""

    path: tuple[Point, ...]
    """Its start, each bend and fork passed, its end."""
    carried: int
    """Hundredths of an inch it went."""
    stopped_by: str | None
    """The wall that stopped it (a barrier's id, "dead end"), None."""
    touched: tuple[str, ...]
    """The models whose bases it touched, in order."""
    events: tuple[Event, ...]
    """The fork rolls on the way."""


# ============================================================================ paths
def path_length(path: Sequence[XY]) -> float:
    return sum(math.dist(a, b) for a, b in zip(path, path[1:], strict=False))


def point_along(path: Sequence[XY], t: float) -> XY:
    """The point ``t`` inches along ``path`` (clamped to its ends)."""
    run = 0.0
    for a, b in zip(path, path[1:], strict=False):
        seg = math.dist(a, b)
        if seg > 0 and run + seg >= t:
            f = max(0.0, (t - run) / seg)
            return a[0] + (b[0] - a[0]) * f, a[1] + (b[1] - a[1]) * f
        run += seg
    return path[-1] if t > 0 else path[0]


def cut(path: Sequence[XY], t: float) -> list[XY]:
    """``path`` up to ``t`` inches along it, its bends on the way kept."""
    out = [path[0]]
    run = 0.0
    for a, b in zip(path, path[1:], strict=False):
        seg = math.dist(a, b)
        if run + seg >= t - 1e-9:
            break
        out.append(b)
        run += seg
    end = point_along(path, t)
    if math.dist(end, out[-1]) > 1e-9:
        out.append(end)
    return out


def _inside(path: Sequence[XY], centre: XY, reach: float) -> list[tuple[float, float]]:
    """The stretches of ``path`` (inches along it) where a point is closer than ``reach``
    to ``centre`` (a stretch cut short by a bend or the path's end holds that end)."""
    out = []
    run = 0.0
    for a, b in zip(path, path[1:], strict=False):
        seg = math.dist(a, b)
        if seg <= 0:
            continue
        ux, uy = (b[0] - a[0]) / seg, (b[1] - a[1]) / seg
        fx, fy = a[0] - centre[0], a[1] - centre[1]
        along = -(fx * ux + fy * uy)
        off2 = (fx + along * ux) ** 2 + (fy + along * uy) ** 2
        if off2 < reach * reach:
            half = math.sqrt(reach * reach - off2)
            lo, hi = max(0.0, along - half), min(seg, along + half)
            if hi > lo:
                out.append((run + lo, run + hi + (1e-9 if hi < along + half else 0.0)))
        run += seg
    return out


def clear_back(path: Sequence[XY], t: float, radius: float,
               others: Sequence[tuple[XY, float]]) -> float:
    """F-5, a reading: how far along ``path`` a base of ``radius`` carried ``t`` inches
    comes to rest clear of the ``others`` (centre, radius): ``t`` if it ends clear, else
    the last point before it where it touches and does not overlap (it stops in contact
    behind the model it would end on)."""
    spans = [s for c, r in others for s in _inside(path, c, radius + r - OVERLAP)]
    moved = True
    while moved and t > 0:
        moved = False
        for lo, hi in spans:
            if lo < t < hi:
                t, moved = max(0.0, lo), True
    return t


def _overlaps(at: XY, radius: float, others: Sequence[tuple[XY, float]]) -> bool:
    return any(math.dist(at, c) < radius + r - OVERLAP for c, r in others)


# ============================================================================ the carry
def roll_fork(split: ForkSplit, mover: Model, dice: Dice) -> tuple[Arm, list[Event]]:
    """F-4: at a fork a d6 picks the branch among the downstream arms, as ``split``
    shares the faces (a face left over is rolled again); one arm: no roll."""
    if not split.rolls:
        return split.arms[0], []
    events = []
    where = (Point.of(*split.point),)
    while True:
        r = dice.roll(f"1d{split.sides}", rule="F-4",
                      label=f"{mover.name} at a fork ({split.text()})")
        k = split.pick(r.total)
        said = "rolls again" if k is None else f"goes along {split.names[k]}"
        events.append(Event(FloodWashKind.FORK, f"{r.explain()}: {mover.name} {said}.",
                            "F-4", mover.id, places=where, amount=k, roll=r))
        if k is not None:
            return split.arms[k], events


def _entry(board: Corridors, start: XY, corridor: str, at: float, heading: Heading,
           end: float) -> list[XY]:
    """The way from ``start`` into the middle of ``corridor`` and along it from ``at``
    to ``end``: straight to the middle, as far ahead as the model stands off it if that
    stays on one straight piece of the middle line (else straight across)."""
    c = board.corridors[corridor]
    off = math.dist(start, c.point_at(at))
    ahead = at + heading * min(off, abs(end - at))
    if _piece(c.marks, at, heading) != _piece(c.marks, ahead, -heading):
        ahead = at
    rest = c.path(ahead, end)
    return [start, *rest] if off > 1 / HUNDREDTHS else [start, *rest[1:]]


def _piece(marks: Sequence[float], at: float, heading: Heading) -> int:
    """The straight piece of a middle line ``at`` lies on, looking ``heading`` (at a
    bend, the piece on that side)."""
    for k in range(len(marks) - 1):
        if marks[k] - 1e-9 <= at <= marks[k + 1] + 1e-9:
            if heading == 1 and at >= marks[k + 1] - 1e-9 and k + 1 < len(marks) - 1:
                continue
            return k
    return len(marks) - 2


def _near(discs: Sequence[Disc], stage: Sequence[XY], reach: float) -> list[Disc]:
    """The discs whose bases may touch a base swept along ``stage``."""
    xs = [p[0] for p in stage]
    ys = [p[1] for p in stage]
    x0, x1, y0, y1 = min(xs) - reach, max(xs) + reach, min(ys) - reach, max(ys) + reach
    return [d for d in discs if x0 - d.radius <= d.x <= x1 + d.radius
            and y0 - d.radius <= d.y <= y1 + d.radius]


@dataclass
class _Run:
    """A carry under way."""

    pos: XY
    path: list[XY]
    travelled: int = 0
    stopped: str | None = None


def carry_model(board: Corridors, water: WaterMap, mover: Model, inches: float,
                others: Sequence[Model], raised: frozenset[str], dice: Dice,
                sides: int = 6) -> CarryOut:
    """F-4, F-5: carry ``mover`` ``inches`` along the water's way (see the module text);
    ``others`` are the models standing (their bases stop where it ends), ``raised`` the
    ids of those on a gantry (out of the water's reach: never touched). The model is
    moved; what it touched is returned for the rules to roll for."""
    start = (mover.x, mover.y)
    run = _Run(start, [start])
    discs = [Disc(m.id, m.x, m.y, m.radius) for m in others
             if m.alive and m.id != mover.id and m.id not in raised]
    reach = mover.radius + max((d.radius for d in discs), default=0.0) + 0.1
    touched: dict[str, int] = {}
    events: list[Event] = []
    corridor, at = board.project(*start)
    node = water.node_at(corridor, at)
    came_by: Arm | None = None
    heading: Heading | None = None
    for _ in range(MAX_STAGES):
        if inches - run.travelled / HUNDREDTHS < LEFT:
            break
        if node is not None:
            split = water.split(node, came_by, sides)
            if not split.arms:
                break  # the water meets itself here: no way on (a reading)
            arm, rolled = roll_fork(split, mover, dice)
            events += rolled
            corridor, at, heading = arm.corridor, arm.at, arm.heading
        elif heading is None:
            flow = water.flow(corridor, at)
            if flow is None:
                break
            heading = flow.heading
        end, nxt = water.next_stop(corridor, at, heading)
        stage = _entry(board, run.pos, corridor, at, heading, end)
        left = inches - run.travelled / HUNDREDTHS
        done = carry(Disc(mover.id, run.pos[0], run.pos[1], mover.radius), stage, left,
                     _near(discs, stage, reach), water.walls())
        for b in done.bumps:
            touched.setdefault(b.body, run.travelled + b.along)
        run.path += [p.units for p in done.path[1:]]
        run.travelled += done.travelled
        run.pos = done.end.units
        if done.stopped is not None:
            run.stopped = done.stopped.body
            break
        if done.travelled < round(path_length(stage) * HUNDREDTHS) - 1 or nxt is None:
            break
        back: Heading = -1 if heading == 1 else 1
        came_by = Arm(corridor, end, back)
        node = nxt
    return _rest(mover, run, touched, others, events)


def _rest(mover: Model, run: _Run, touched: dict[str, int], others: Sequence[Model],
          events: list[Event]) -> CarryOut:
    """Where the carry ends: clear of every other base (F-5, stopping behind the one it
    would end on), kept to hundredths; the model moved there."""
    bases = [((m.x, m.y), m.radius) for m in others if m.alive and m.id != mover.id]
    path = [p for k, p in enumerate(run.path) if k == 0 or math.dist(p, run.path[k - 1]) > 0]
    full = path_length(path)
    t = clear_back(path, min(full, run.travelled / HUNDREDTHS), mover.radius, bases)
    end = Point.of(*point_along(path, t))
    while t > 0 and _overlaps(end.units, mover.radius, bases):
        t = max(0.0, t - 1 / HUNDREDTHS)  # rounding put it a hair onto a base
        end = Point.of(*point_along(path, t))
    carried = round(t * HUNDREDTHS)
    stopped = run.stopped
    if carried < run.travelled - 1:
        stopped = None  # it stopped behind a model, short of the wall
    kept = [Point.of(*p) for p in cut(path, t)]
    if kept[-1] != end:
        kept.append(end)
    mover.move_to(*end.units)
    seen = tuple(mid for mid, along in sorted(touched.items(), key=lambda kv: kv[1])
                 if along <= carried + 1)
    return CarryOut(tuple(kept), carried, stopped, seen, tuple(events))
