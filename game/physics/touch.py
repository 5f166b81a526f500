"""The disc sweep the rules ask where a figure's base would first touch a wall: a disc
slid along a segment, the first point where it comes into contact with one of some walls
while moving towards it.

Pure geometry over plain values (no pymunk: the answer is exact, in closed form, and
the same on every machine). A disc that already touches a wall counts it only if it
moves closer to it: a figure may step away from a wall it stands against, not into it.
A move's slide (K-4, G-1) and a push stopping short of a linear obstacle (G-2, G-6) are
asked here; :func:`game.physics.shove` drives a push's legs through pymunk.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass

from game.physics.sweep import Vec, Wall

EPS = 1e-9

Edge = tuple[float, float, float, float]


@dataclass(frozen=True)
class Touch:
    """Where a swept disc first touches a wall."""

    t: float
    """The fraction of the way (0-1) it slid before the touch."""
    wall: int
    """The wall it touched, by its place in the sequence asked about."""


@dataclass(frozen=True)
class Outline:
    """A wall's segments and box, worked out once (walls are asked about many times)."""

    wall: Wall
    edges: tuple[Edge, ...]
    box: tuple[float, float, float, float]

    @classmethod
    def of(cls, wall: Wall) -> Outline:
        pts = wall.points
        edges = tuple((float(a[0]), float(a[1]), float(b[0]), float(b[1]))
                      for a, b in zip(pts, pts[1:], strict=False) if a != b)
        xs = [p[0] for p in pts]
        ys = [p[1] for p in pts]
        return cls(wall, edges, (min(xs), min(ys), max(xs), max(ys)))


def first_touch(a: Vec, b: Vec, radius: float, walls: Sequence[Outline]) -> Touch | None:
    """How far along ``a``-``b`` (0-1) a disc of ``radius`` slides before it touches
    one of ``walls`` while moving towards it, and which (the first listed, on a tie);
    None if it touches none."""
    x0, x1 = min(a[0], b[0]) - radius, max(a[0], b[0]) + radius
    y0, y1 = min(a[1], b[1]) - radius, max(a[1], b[1]) + radius
    best: tuple[float, int] | None = None
    for k, w in enumerate(walls):
        bx0, by0, bx1, by1 = w.box
        if bx1 < x0 or bx0 > x1 or by1 < y0 or by0 > y1:
            continue
        for ex0, ey0, ex1, ey1 in w.edges:
            if (ex0 < x0 and ex1 < x0) or (ex0 > x1 and ex1 > x1) or (
                    ey0 < y0 and ey1 < y0) or (ey0 > y1 and ey1 > y1):
                continue
            t = capsule_entry(a, b, (ex0, ey0), (ex1, ey1), radius)
            if t is not None and (best is None or (t, k) < best):
                best = (t, k)
    return None if best is None else Touch(*best)


def capsule_entry(a: Vec, b: Vec, e0: Vec, e1: Vec, r: float) -> float | None:
    """The first t in [0, 1] where ``a + t (b - a)`` comes within ``r`` of segment
    ``e0``-``e1`` while approaching it (0 if it starts within ``r`` moving closer);
    None if never."""
    dx, dy = b[0] - a[0], b[1] - a[1]
    fx, fy = e1[0] - e0[0], e1[1] - e0[1]
    ll = fx * fx + fy * fy
    u0 = 0.0 if ll == 0 else max(0.0, min(1.0, ((a[0] - e0[0]) * fx + (a[1] - e0[1]) * fy) / ll))
    qx, qy = a[0] - e0[0] - u0 * fx, a[1] - e0[1] - u0 * fy
    if math.hypot(qx, qy) <= r + EPS:
        return 0.0 if qx * dx + qy * dy < -EPS else None
    dd = dx * dx + dy * dy
    if dd <= EPS * EPS:
        return None
    best = _side_entry(a, (dx, dy), e0, (fx, fy), ll, r)
    for cx, cy in (e0, e1):
        wx, wy = a[0] - cx, a[1] - cy
        bq = wx * dx + wy * dy
        cq = wx * wx + wy * wy - r * r
        disc = bq * bq - dd * cq
        if disc >= 0 and bq < 0:
            t = (-bq - math.sqrt(disc)) / dd
            if 0 <= t <= 1 and (best is None or t < best):
                best = t
    return best


def _side_entry(a: Vec, d: Vec, e0: Vec, f: Vec, ll: float, r: float) -> float | None:
    """Where the slide first meets one of the two sides of the capsule round the segment
    (``e0`` plus ``f``, ``ll`` its squared length), between its ends; None if never."""
    if ll <= 0:
        return None
    dx, dy = d
    fx, fy = f
    best: float | None = None
    length = math.sqrt(ll)
    nx, ny = -fy / length, fx / length
    s0 = (a[0] - e0[0]) * nx + (a[1] - e0[1]) * ny
    ds = dx * nx + dy * ny
    for side in (1.0, -1.0):
        if side * s0 > r and side * ds < 0:
            t = (side * r - s0) / ds
            if 0 <= t <= 1:
                px, py = a[0] + t * dx - e0[0], a[1] + t * dy - e0[1]
                u = (px * fx + py * fy) / ll
                if 0 <= u <= 1 and (best is None or t < best):
                    best = t
    return best
