"""Discs swept past pymunk shapes kept by their geometry (see :mod:`game.physics`)."""

from __future__ import annotations

import atexit
import gc
import math
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Literal

import pymunk

from game.core.frozen import quick_init
from game.core.places import HUNDREDTHS, Point

Vec = tuple[float, float]

GAP = 1
"""Hundredths of a unit left between a disc that stopped and what stopped it, so the
quantised position never overlaps it."""
EPS = 1e-9


@quick_init
@dataclass(frozen=True)
class Disc:
    """A figure's round base: its id, centre in units and radius."""

    id: str
    x: float
    y: float
    radius: float


@quick_init
@dataclass(frozen=True)
class Wall:
    """Something static that stops a sweep, as a polyline in units (a closed outline
    repeats its first point); ``id`` says what it is to the rules ("piece:3", "edge")."""

    id: str
    points: tuple[Vec, ...]


@quick_init
@dataclass(frozen=True)
class Contact:
    """What a swept disc touched."""

    body: str
    """The wall's or disc's id."""
    kind: Literal["wall", "disc"]
    at: Point
    """The moving disc's centre when it touched."""
    along: int
    """Hundredths of a unit it had travelled then."""


@quick_init
@dataclass(frozen=True)
class Shove:
    """The result of :func:`shove`."""

    end: Point
    travelled: int
    """Hundredths of a unit travelled."""
    contact: Contact | None
    """What stopped it short, or None if it went the whole distance."""


@quick_init
@dataclass(frozen=True)
class Carry:
    """The result of :func:`carry`."""

    end: Point
    travelled: int
    path: tuple[Point, ...]
    """Where it went: its start, each bend passed, its end."""
    bumps: tuple[Contact, ...]
    """Discs it touched on the way, in the order it touched them."""
    stopped: Contact | None
    """The wall that stopped it, or None."""


def engine_stamp() -> dict[str, str]:
    """What a game whose play goes through this package depends on: pymunk's version."""
    return {"pymunk": str(pymunk.version)}


def shove(mover: Disc, heading: Vec, distance: float, discs: Sequence[Disc] = (),
          walls: Sequence[Wall] = ()) -> Shove:
    """G-6: drive ``mover`` ``distance`` units along ``heading`` in a straight line; it
    stops in base contact with the first wall or disc in its way. Walls and discs it
    already touches stop it only if it is driven into them."""
    hx, hy = _unit(heading)
    world = _space(discs, walls, mover.id)
    start = (mover.x, mover.y)
    end = (mover.x + hx * distance, mover.y + hy * distance)
    hits = _hits(world, start, end, mover.radius, (hx, hy))
    if hits:
        alpha, body, kind = hits[0]
        along = _floor_h(alpha * distance)
        at = _point(start, (hx, hy), along)
        return Shove(at, along, Contact(body, kind, at, along))
    along = round(distance * HUNDREDTHS)
    return Shove(_point(start, (hx, hy), along), along, None)


def carry(mover: Disc, path: Sequence[Vec], distance: float, discs: Sequence[Disc] = (),
          walls: Sequence[Wall] = ()) -> Carry:
    """Carry ``mover`` along ``path`` (its start first; the mover is moved to it) for
    ``distance`` units or to the path's end: it passes through the discs it touches,
    listing each once, and stops in contact with the first wall."""
    world = _space(discs, walls, mover.id)
    left = distance
    pos: Vec = path[0] if path else (mover.x, mover.y)
    went: list[Point] = [Point.of(*pos)]
    bumped: dict[str, Contact] = {}
    travelled = 0.0
    for nxt in path[1:]:
        leg = math.dist(pos, nxt)
        if leg < EPS:
            continue
        if left <= EPS:
            break
        step = min(leg, left)
        u = ((nxt[0] - pos[0]) / leg, (nxt[1] - pos[1]) / leg)
        end = (pos[0] + u[0] * step, pos[1] + u[1] * step)
        for alpha, body, kind in _hits(world, pos, end, mover.radius, u, stop_on_discs=False):
            along = travelled + alpha * step
            if kind == "disc":
                if body not in bumped:
                    at = Point.of(pos[0] + u[0] * alpha * step, pos[1] + u[1] * alpha * step)
                    bumped[body] = Contact(body, kind, at, _floor_h(along))
                continue
            h = _floor_h(along)
            stop_pos = _offset(pos, u, max(0.0, (h / HUNDREDTHS) - travelled))
            at = Point.of(*stop_pos)
            went.append(at)
            return Carry(at, h, tuple(went), tuple(bumped.values()), Contact(body, kind, at, h))
        pos = end
        travelled += step
        left -= step
        went.append(Point.of(*pos))
    end_p = Point.of(*pos)
    return Carry(end_p, round(travelled * HUNDREDTHS), tuple(went), tuple(bumped.values()),
                 None)


# ============================================================================ internals
def _unit(v: Vec) -> Vec:
    n = math.hypot(*v)
    if n < EPS:
        raise ValueError("a sweep needs a direction")
    return v[0] / n, v[1] / n


def _floor_h(units: float) -> int:
    """Hundredths of a unit, rounded down, less the safety gap (never below 0)."""
    return max(0, math.floor(units * HUNDREDTHS + 1e-6) - GAP)


def _offset(start: Vec, u: Vec, units: float) -> Vec:
    return start[0] + u[0] * units, start[1] + u[1] * units


def _point(start: Vec, u: Vec, hundredths: int) -> Point:
    return Point.of(*_offset(start, u, hundredths / HUNDREDTHS))


Kind = Literal["wall", "disc"]
BB = tuple[float, float, float, float]
Labels = list[tuple[pymunk.Shape, BB, Kind, str]]
"""The shapes a sweep meets: each shape, its box (see :func:`_box`), what it is and its
id."""
MARGIN = 1e-6
"""Slack (units) on the boxes that let a sweep pass a shape without asking it: a shape
whose box is farther than this from the sweep's cannot be touched."""
KEEP = 4096
"""The most shapes kept for reuse (then the store starts afresh)."""


class _Shapes:
    """The pymunk shapes of every wall leg and disc swept against lately, kept by their
    geometry and reused: a shape's answers depend on its geometry alone (each is asked
    itself, see :func:`_hits`), so a kept one answers exactly as one built afresh. They
    live in one space of their own (added to it as a fresh space added them, which sets
    their placement) that no caller ever sees; nothing in a game holds one."""

    def __init__(self) -> None:
        self.space = pymunk.Space()
        self.segments: dict[tuple[Vec, Vec], tuple[pymunk.Shape, BB]] = {}
        self.circles: dict[tuple[float, float, float], tuple[pymunk.Shape, BB]] = {}

    def segment(self, a: Vec, b: Vec) -> tuple[pymunk.Shape, BB]:
        key = (a, b)
        got = self.segments.get(key)
        if got is None:
            seg = pymunk.Segment(self.space.static_body, a, b, 0)
            self.space.add(seg)
            got = self.segments[key] = (seg, _box(min(a[0], b[0]), min(a[1], b[1]),
                                                  max(a[0], b[0]), max(a[1], b[1]), 0.0))
        return got

    def circle(self, x: float, y: float, r: float) -> tuple[pymunk.Shape, BB]:
        key = (x, y, r)
        got = self.circles.get(key)
        if got is None:
            body = pymunk.Body(body_type=pymunk.Body.STATIC)
            body.position = (x, y)
            c = pymunk.Circle(body, r)
            self.space.add(body, c)
            got = self.circles[key] = (c, _box(x, y, x, y, r))
        return got

    def full(self) -> bool:
        return len(self.segments) + len(self.circles) > KEEP


_SHAPES = _Shapes()


@atexit.register
def _drop_shapes() -> None:
    """Let the kept shapes go while the interpreter still runs (pymunk's finalizers call
    back into Python: at its teardown they may find nothing to call, and crash)."""
    global _SHAPES
    _SHAPES = _Shapes.__new__(_Shapes)
    _SHAPES.segments, _SHAPES.circles = {}, {}
    gc.collect()


def _box(x0: float, y0: float, x1: float, y1: float, grow: float) -> BB:
    return (x0 - grow - MARGIN, y0 - grow - MARGIN, x1 + grow + MARGIN, y1 + grow + MARGIN)


def _space(discs: Sequence[Disc], walls: Sequence[Wall], skip: str) -> Labels:
    """The static shapes a sweep meets (``skip``: the moving disc's id) and what each one
    is, walls first, in the order given."""
    global _SHAPES
    if _SHAPES.full():
        _SHAPES = _Shapes()
    shapes = _SHAPES
    labels: Labels = []
    for w in walls:
        for a, b in zip(w.points, w.points[1:], strict=False):
            if math.dist(a, b) > EPS:
                seg, box = shapes.segment(a, b)
                labels.append((seg, box, "wall", w.id))
    for d in discs:
        if d.id == skip:
            continue
        c, box = shapes.circle(d.x, d.y, d.radius)
        labels.append((c, box, "disc", d.id))
    return labels


def _hits(labels: Labels, start: Vec, end: Vec, radius: float, u: Vec,
          stop_on_discs: bool = True) -> list[tuple[float, str, Kind]]:
    """Everything a disc of ``radius`` swept from ``start`` to ``end`` touches, by the
    fraction of the way it touches it; a shape it already touches counts only if the
    sweep drives into it. With ``stop_on_discs`` only what comes up to the first wall
    or disc matters; else discs are listed up to the first wall."""
    out: list[tuple[float, str, Kind]] = []
    if math.dist(start, end) < EPS:
        return out
    x0, y0 = min(start[0], end[0]) - radius, min(start[1], end[1]) - radius
    x1, y1 = max(start[0], end[0]) + radius, max(start[1], end[1]) + radius
    # Each shape is asked itself: the space's own segment_query prunes with the bare
    # segment's bounding box, so it misses shapes within the radius but off that box.
    # A shape whose box (grown by a margin) misses the sweep's cannot be touched.
    for shape, (bx0, by0, bx1, by1), kind, ident in labels:
        if bx0 > x1 or bx1 < x0 or by0 > y1 or by1 < y0:
            continue
        q = shape.segment_query(start, end, radius)
        if q is None or q.shape is None:
            continue
        alpha = float(q.alpha)
        if alpha <= EPS:
            info = q.shape.point_query(start)
            gx, gy = info.gradient
            if gx * u[0] + gy * u[1] >= -EPS:  # moving away from (or along) it
                continue
            alpha = 0.0
        out.append((alpha, ident, kind))
    out.sort(key=lambda h: (h[0], h[2] != "wall", h[1]))
    if stop_on_discs:
        return out[:1]
    walls = [k for k, h in enumerate(out) if h[2] == "wall"]
    return out[:walls[0] + 1] if walls else out
