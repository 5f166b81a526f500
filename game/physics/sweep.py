"""Discs swept through a pymunk space built for one call (see :mod:`game.physics`)."""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Literal

import pymunk

from game.core.places import HUNDREDTHS, Point

Vec = tuple[float, float]

GAP = 1
"""Hundredths of a unit left between a disc that stopped and what stopped it, so the
quantised position never overlaps it."""
EPS = 1e-9


@dataclass(frozen=True)
class Disc:
    """A figure's round base: its id, centre in units and radius."""

    id: str
    x: float
    y: float
    radius: float


@dataclass(frozen=True)
class Wall:
    """Something static that stops a sweep, as a polyline in units (a closed outline
    repeats its first point); ``id`` says what it is to the rules ("piece:3", "edge")."""

    id: str
    points: tuple[Vec, ...]


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


@dataclass(frozen=True)
class Shove:
    """The result of :func:`shove`."""

    end: Point
    travelled: int
    """Hundredths of a unit travelled."""
    contact: Contact | None
    """What stopped it short, or None if it went the whole distance."""


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


Labels = dict[pymunk.Shape, tuple[Literal["wall", "disc"], str]]


def _space(discs: Sequence[Disc], walls: Sequence[Wall],
           skip: str) -> tuple[pymunk.Space, Labels]:
    """A space of static shapes (``skip``: the moving disc's id) and what each one is."""
    space = pymunk.Space()
    labels: Labels = {}
    static = space.static_body
    for w in walls:
        for a, b in zip(w.points, w.points[1:], strict=False):
            if math.dist(a, b) > EPS:
                seg = pymunk.Segment(static, a, b, 0)
                labels[seg] = ("wall", w.id)
                space.add(seg)
    for d in discs:
        if d.id == skip:
            continue
        body = pymunk.Body(body_type=pymunk.Body.STATIC)
        body.position = (d.x, d.y)
        c = pymunk.Circle(body, d.radius)
        labels[c] = ("disc", d.id)
        space.add(body, c)
    return space, labels


def _hits(world: tuple[pymunk.Space, Labels], start: Vec, end: Vec, radius: float, u: Vec,
          stop_on_discs: bool = True) -> list[tuple[float, str, Literal["wall", "disc"]]]:
    """Everything a disc of ``radius`` swept from ``start`` to ``end`` touches, by the
    fraction of the way it touches it; a shape it already touches counts only if the
    sweep drives into it. With ``stop_on_discs`` only what comes up to the first wall
    or disc matters; else discs are listed up to the first wall."""
    _space_, labels = world
    out: list[tuple[float, str, Literal["wall", "disc"]]] = []
    if math.dist(start, end) < EPS:
        return out
    # Each shape is asked itself: the space's own segment_query prunes with the bare
    # segment's bounding box, so it misses shapes within the radius but off that box.
    for shape, (kind, ident) in labels.items():
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
