"""The continuous table: its size and its terrain pieces, in units; rays across it.

Geometry only. A :class:`Piece` is a footprint (a polygon; rectangles and ellipses become
polygons, an ellipse keeps its own parameters for drawing) or a line (a linear obstacle:
a fence, a wall), with the ``kind``, ``ht`` and ``traits`` the map wrote on it, ``None``
where it wrote nothing. What a kind or a trait *means* (its default height, whether it
blocks sight or stops a push) belongs to the rules that play on the table.

Coordinates are units (inches or whatever unit the map's scale names), x to the right
and y down as in Tiled. Pieces' points are floats read once from the map; pieces in play
(figures) stand on :class:`~game.core.places.Point` values in hundredths of a unit,
which the rules keep.

The questions a rule system asks, answered here for many rays at once with numpy:

* :meth:`Table.spans`: for rays from one eye to many points, where each ray first enters
  and last leaves every piece (the parameter along the ray, 0 at the eye, 1 at the
  end): lines of sight and visible fractions are built on it;
* :meth:`Table.crossings`: where one segment crosses piece outlines, in order (a move's
  path over the ground);
* :meth:`Table.pieces_at`, :meth:`Table.distance`, :meth:`Table.disc_overlaps`.
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from functools import cached_property
from typing import Any, Literal

import numpy as np
from numpy.typing import NDArray

from game.core.board import Outline
from game.core.frozen import quick_init
from game.core.places import Place, Point

Vec = tuple[float, float]
Shape = Literal["polygon", "rectangle", "ellipse", "line"]

ELLIPSE_SIDES = 24
"""An ellipse is a polygon of this many sides for every question but drawing."""
EPS = 1e-9


@dataclass(frozen=True)
class Piece:
    """One terrain piece as the map wrote it (see the module text)."""

    index: int
    """Its position in :attr:`Table.pieces`."""
    id: int
    """The Tiled object id."""
    name: str
    kind: str
    """What it is ("crates", "forest", "fence"...); the rules give each kind its traits."""
    shape: Shape
    points: tuple[Vec, ...]
    """A footprint's corners (not closed) or a line's points, in units."""
    ht: int | None = None
    """Its height in units as written in the map; None: the kind's own."""
    traits: tuple[str, ...] | None = None
    """Traits as written in the map (they replace the kind's); None: the kind's own."""
    label: str = ""
    """How messages name it: "piece 'Shed' (object id 4)"."""
    ellipse: tuple[float, float, float, float, float] | None = None
    """An ellipse's centre x, y, radii and rotation (degrees, clockwise), for drawing."""
    properties: Mapping[str, Any] = field(default_factory=dict, compare=False)
    """Its other custom properties, as typed in the map."""

    @property
    def is_line(self) -> bool:
        """A linear obstacle (a polyline), not a footprint."""
        return self.shape == "line"

    @property
    def area(self) -> float:
        """Footprint area in square units (0 for a line)."""
        if self.is_line:
            return 0.0
        return abs(_signed_area(self.points))

    @cached_property
    def bbox(self) -> tuple[float, float, float, float]:
        """Its box (x0, y0, x1, y1), worked out once (a piece never changes)."""
        xs = [p[0] for p in self.points]
        ys = [p[1] for p in self.points]
        return min(xs), min(ys), max(xs), max(ys)

    @property
    def centre(self) -> Vec:
        """The footprint's area centroid, or a line's middle point."""
        if self.ellipse is not None:
            return self.ellipse[0], self.ellipse[1]
        if self.is_line:
            return _line_middle(self.points)
        return _centroid(self.points)

    @property
    def length(self) -> float:
        """A line's length (a footprint's perimeter)."""
        pts = list(self.points) + ([] if self.is_line else [self.points[0]])
        return sum(math.dist(a, b) for a, b in zip(pts, pts[1:], strict=False))

    def segments(self) -> list[tuple[Vec, Vec]]:
        """Its outline as segments (a footprint's closed ring, a line's path)."""
        pts = list(self.points)
        if not self.is_line:
            pts.append(pts[0])
        return [(a, b) for a, b in zip(pts, pts[1:], strict=False) if a != b]


@quick_init
@dataclass(frozen=True)
class Crossing:
    """Where a segment crosses a piece's outline."""

    t: float
    """Parameter along the segment, 0 at its start, 1 at its end."""
    piece: int
    """The piece's index."""
    entering: bool
    """True if the segment goes into the footprint here (always True for a line)."""
    point: Vec


@dataclass(frozen=True)
class Spans:
    """Where rays from one eye meet each piece: arrays of shape (rays, pieces).

    ``first[k, p]`` is where ray k first enters piece p (0 if the eye is inside it) and
    ``last[k, p]`` where it last leaves (1 if its end is inside); both are NaN where
    the ray does not meet the piece. For a line, both are the first and last points
    where the ray crosses it. ``eye_in[p]`` and ``end_in[k, p]`` say whether the eye
    and each end are inside a footprint.
    """

    first: NDArray[np.float64]
    last: NDArray[np.float64]
    eye_in: NDArray[np.bool_]
    end_in: NDArray[np.bool_]
    length: NDArray[np.float64]
    """Each ray's length in units."""

    @property
    def met(self) -> NDArray[np.bool_]:
        """Whether ray k meets piece p at all."""
        return ~np.isnan(self.first)


@dataclass(frozen=True)
class NearSpans(Spans):
    """:class:`Spans` of the pieces ``pcs`` only (in their order: column ``j`` is piece
    ``pcs[j]``): every piece a ray meets, or an eye or end is inside, is one of them."""

    pcs: NDArray[np.int64]


class Table:
    """A table of ``width`` x ``height`` units and its terrain pieces (immutable)."""

    def __init__(self, width: float, height: float, pieces: Sequence[Piece] = (), *,
                 unit: str = "unit", name: str = "table") -> None:
        if not (width > 0 and height > 0):
            raise ValueError(f"a table needs a positive size, not {width} x {height}")
        self.width = float(width)
        self.height = float(height)
        self.unit = unit
        """What a unit is: "inch" (the map property ``inch``) or "unit"."""
        self.name = name
        self.pieces: tuple[Piece, ...] = tuple(pieces)
        for k, p in enumerate(self.pieces):
            if p.index != k:
                raise ValueError(f"{p.label or p.name}: index {p.index}, but it is piece {k}")
            if len(p.points) < (2 if p.is_line else 3):
                raise ValueError(f"{p.label or p.name} has too few points")
        self._areas = tuple(not p.is_line for p in self.pieces)
        """Which pieces are footprints (the rest are lines)."""
        self._boxes = [p.bbox for p in self.pieces]
        self._rings = [tuple(p.points) for p in self.pieces]
        self._outline_segs = [
            tuple(zip(pts, pts[1:] + (() if p.is_line else (pts[0],)), strict=False))
            for p, pts in zip(self.pieces, self._rings, strict=True)]
        """Each piece's outline (or line) as its segments, as :meth:`distance` reads them."""
        self._at_cache: dict[tuple[float, float], tuple[int, ...]] = {}
        self._edges: list[list[tuple[float, float, float, float]]] = [
            [(float(a[0]), float(a[1]), float(b[0]), float(b[1])) for a, b in p.segments()]
            for p in self.pieces]
        self._edge_steps: list[list[tuple[tuple[float, float, float, float],
                                          tuple[float, float, float, float]]]] = [
            [(e, (e[0], e[1], e[2] - e[0], e[3] - e[1])) for e in edges]
            for edges in self._edges]
        """Each edge of :attr:`_edges` with its start and step, as :meth:`crossings`
        reads them."""
        # the same boxes, edges and rings as flat arrays, for rays (spans)
        self._box_arr = np.array(self._boxes, dtype=np.float64).reshape(-1, 4)
        self._edge_xy = np.array([e for edges in self._edges for e in edges],
                                 dtype=np.float64).reshape(-1, 4)
        """(E, 4): every edge's ends (x0, y0, x1, y1), piece by piece."""
        self._edge_piece = np.array([k for k, edges in enumerate(self._edges) for _e in edges],
                                    dtype=np.int64)
        self._edge_first = [0]
        """Where each piece's edges start in :attr:`_edge_xy`."""
        for edges in self._edges:
            self._edge_first.append(self._edge_first[-1] + len(edges))
        self._edge_st = self._edge_xy.copy()
        """(E, 4): every edge's start and step (x0, y0, dx, dy)."""
        self._edge_st[:, 2:] -= self._edge_xy[:, :2]
        self._ring_rows: list[tuple[NDArray[np.float64], ...] | None] = []
        """Each footprint's ring as (qx, qy, px, py) rows (each point and the one
        before); None for a line."""
        for p in self.pieces:
            ring = np.asarray(p.points, dtype=np.float64)
            self._ring_rows.append(None if p.is_line else (
                ring[:, 0][None, :], ring[:, 1][None, :],
                np.roll(ring[:, 0], 1)[None, :], np.roll(ring[:, 1], 1)[None, :]))

    def __repr__(self) -> str:
        return f"Table({self.name!r}, {self.width:g} x {self.height:g} {self.unit}s, " \
               f"{len(self.pieces)} pieces)"

    # ================================================================ points
    def on_table(self, x: float, y: float, radius: float = 0.0) -> bool:
        """Whether a disc of ``radius`` about ``(x, y)`` lies wholly on the table."""
        return radius <= x <= self.width - radius and radius <= y <= self.height - radius

    def pieces_at(self, x: float, y: float) -> tuple[int, ...]:
        """Indices of the footprints that contain ``(x, y)`` (lines contain nothing)."""
        key = (x, y)
        got = self._at_cache.get(key)
        if got is not None:
            return got
        out = []
        for k, (x0, y0, x1, y1) in enumerate(self._boxes):
            if x0 <= x <= x1 and y0 <= y <= y1 and self._areas[k] and \
                    _in_ring(self._rings[k], x, y):
                out.append(k)
        if len(self._at_cache) > 50_000:
            self._at_cache.clear()
        got = self._at_cache[key] = tuple(out)
        return got

    def inside(self, piece: int, x: float, y: float) -> bool:
        """Whether footprint ``piece`` contains ``(x, y)``."""
        return piece in self.pieces_at(x, y)

    def distance(self, piece: int, x: float, y: float) -> float:
        """Distance from ``(x, y)`` to the piece's outline (or line); 0 on it."""
        return min((_seg_dist(x, y, a, b) for a, b in self._outline_segs[piece]),
                   default=math.inf)

    def disc_overlaps(self, x: float, y: float, radius: float,
                      pieces: Iterable[int] | None = None) -> list[int]:
        """The pieces (of ``pieces``, or all) that a disc of ``radius`` about ``(x, y)``
        overlaps: its centre is inside the footprint, or the outline (a line) passes
        closer than ``radius`` to it."""
        wanted = range(len(self.pieces)) if pieces is None else pieces
        out = []
        for k in wanted:
            x0, y0, x1, y1 = self._boxes[k]
            if not (x0 - radius <= x <= x1 + radius and y0 - radius <= y <= y1 + radius):
                continue
            if (self._areas[k] and _in_ring(self._rings[k], x, y)) or \
                    self.distance(k, x, y) < radius - EPS:
                out.append(k)
        return out

    # ================================================================ the Board protocol
    def bounds(self) -> tuple[float, float, float, float]:
        """The table, in units."""
        return 0.0, 0.0, self.width, self.height

    def outlines(self) -> tuple[Outline, ...]:
        """The table's edge, then each piece (its kind as written, its name as label)."""
        w, h = self.width, self.height
        out = [Outline(((0.0, 0.0), (w, 0.0), (w, h), (0.0, h)), True, "table", self.name)]
        out += [Outline(p.points, not p.is_line, p.kind, p.name) for p in self.pieces]
        return tuple(out)

    def locate(self, place: Place) -> Vec | None:
        """A point on the table, in units."""
        return place.units if self.has_place(place) and isinstance(place, Point) else None

    def has_place(self, place: Place) -> bool:
        """A point on the table (its edge included)."""
        return isinstance(place, Point) and self.on_table(*place.units)

    # ================================================================ rays
    def spans(self, eye: Vec, ends: NDArray[np.float64] | Sequence[Vec]) -> Spans:
        """Where each ray from ``eye`` to one of ``ends`` meets each piece (see
        :class:`Spans`): :meth:`spans_near` spread over every piece."""
        near = self.spans_near(eye, ends)
        n, pc = len(near.length), len(self.pieces)
        first = np.full((n, pc), np.nan)
        last = np.full((n, pc), np.nan)
        eye_in = np.zeros(pc, dtype=bool)
        end_in = np.zeros((n, pc), dtype=bool)
        first[:, near.pcs], last[:, near.pcs] = near.first, near.last
        eye_in[near.pcs], end_in[:, near.pcs] = near.eye_in, near.end_in
        return Spans(first, last, eye_in, end_in, near.length)

    def spans_near(self, eye: Vec, ends: NDArray[np.float64] | Sequence[Vec]) -> NearSpans:
        """:meth:`spans` of only the pieces whose box the rays' box meets (the others
        meet no ray and hold neither the eye nor an end): a fan of rays asks for a few
        pieces of many, hundreds of times a game."""
        b = np.asarray(ends, dtype=np.float64).reshape(-1, 2)
        a = np.asarray(eye, dtype=np.float64)
        d = b - a  # (n, 2)
        length = np.hypot(d[:, 0], d[:, 1])
        n = len(b)
        if not n:
            return NearSpans(np.zeros((0, 0)), np.zeros((0, 0)), np.zeros(0, dtype=bool),
                             np.zeros((0, 0), dtype=bool), length,
                             np.zeros(0, dtype=np.int64))
        ax, ay = float(a[0]), float(a[1])
        lx, ly = b.min(axis=0).tolist()
        hx, hy = b.max(axis=0).tolist()
        x0, y0, x1, y1 = min(lx, ax), min(ly, ay), max(hx, ax), max(hy, ay)
        # the pieces whose box meets the rays' box, and their candidate edges (those whose
        # box meets it too), piece by piece: a run of edges for each piece with any
        near: list[int] = []
        cands: list[int] = []
        starts: list[int] = []
        cols: list[int] = []
        edges, first_edge = self._edges, self._edge_first
        for p, (bx0, by0, bx1, by1) in enumerate(self._boxes):
            if bx1 < x0 or bx0 > x1 or by1 < y0 or by0 > y1:
                continue
            run = len(cands)
            for e, (ex0, ey0, ex1, ey1) in enumerate(edges[p], first_edge[p]):
                if not ((ex0 < x0 and ex1 < x0) or (ex0 > x1 and ex1 > x1)
                        or (ey0 < y0 and ey1 < y0) or (ey0 > y1 and ey1 > y1)):
                    cands.append(e)
            if len(cands) > run:
                starts.append(run)
                cols.append(len(near))
            near.append(p)
        pcs = np.array(near, dtype=np.int64)
        pc = len(near)
        first = np.full((n, pc), np.nan)
        last = np.full((n, pc), np.nan)
        if cands:
            _meet(a, d, self._edge_st[cands], starts, cols, first, last)
        at = self.pieces_at(ax, ay)
        eye_in = np.array([p in at for p in near], dtype=bool) if at else \
            np.zeros(pc, dtype=bool)
        end_in = self._inside_near(near, b, (lx, ly, hx, hy))
        if at and eye_in.any():
            first = np.where(eye_in[None, :], 0.0, first)
        if end_in.any():
            last = np.where(end_in, 1.0, last)
            # an end inside with no crossing means the eye is inside too (or the reverse)
            first = np.where(np.isnan(first) & end_in, 0.0, first)
        if at and eye_in.any():
            last = np.where(np.isnan(last) & eye_in[None, :], 1.0, last)
        return NearSpans(first, last, eye_in, end_in, length, pcs)

    def crossings(self, a: Vec, b: Vec) -> list[Crossing]:
        """Every point where segment ``a``-``b`` crosses a piece's outline, in order
        along it (ties: by piece). ``entering`` is True where it goes into a
        footprint; a line is always "entered"."""
        hits = list(self._hits(a, b, range(len(self._boxes))))
        if not hits:
            return []
        ax, ay = a
        dx, dy = b[0] - ax, b[1] - ay
        areas = self._areas
        # the footprints holding the start (remembered by point: a mini's moves all
        # start where it stands); outside a piece's box a point is in no footprint
        at = self.pieces_at(ax, ay)
        inside = {p: p in at for _t, p in hits}
        out: list[Crossing] = []
        for t, p in sorted(hits):
            if areas[p]:
                entering = not inside[p]
                inside[p] = entering
            else:
                entering = True
            out.append(Crossing(t, p, entering, (ax + dx * t, ay + dy * t)))
        return out

    def crosses_any(self, a: Vec, b: Vec, pieces: Iterable[int]) -> bool:
        """Whether segment ``a``-``b`` crosses the outline of any of ``pieces``: whether
        :meth:`crossings` would name one of them (the same test, edge by edge, stopping
        at the first)."""
        return next(self._hits(a, b, pieces), None) is not None

    def _hits(self, a: Vec, b: Vec, pieces: Iterable[int]) -> Iterator[tuple[float, int]]:
        """Where segment ``a``-``b`` meets the outlines of ``pieces``, one by one as they
        are found: (how far along it, the piece), only the edges whose boxes meet its
        box tested."""
        ax, ay = a
        dx, dy = b[0] - ax, b[1] - ay
        x0, x1 = min(ax, b[0]), max(ax, b[0])
        y0, y1 = min(ay, b[1]), max(ay, b[1])
        boxes, steps = self._boxes, self._edge_steps
        for p in pieces:
            bx0, by0, bx1, by1 = boxes[p]
            if bx1 < x0 or bx0 > x1 or by1 < y0 or by0 > y1:
                continue
            for (ex0, ey0, ex1, ey1), (ex, ey, fx, fy) in steps[p]:
                if (ex0 < x0 and ex1 < x0) or (ex0 > x1 and ex1 > x1) or (
                        ey0 < y0 and ey1 < y0) or (ey0 > y1 and ey1 > y1):
                    continue
                den = dx * fy - dy * fx
                if abs(den) <= EPS:
                    continue
                wx, wy = ex - ax, ey - ay
                t = (wx * fy - wy * fx) / den
                u = (wx * dy - wy * dx) / den
                if -EPS <= t <= 1 + EPS and -EPS <= u <= 1 + EPS:
                    yield min(1.0, max(0.0, t)), p

    # ================================================================ internals
    def _inside_near(self, near: list[int], pts: NDArray[np.float64],
                     bounds: tuple[float, float, float, float]) -> NDArray[np.bool_]:
        """Which of the ``near`` footprints hold each of ``pts`` (even-odd, all points at
        once for each piece whose box meets theirs, ``bounds``)."""
        out = np.zeros((len(pts), len(near)), dtype=bool)
        x, y = pts[:, 0:1], pts[:, 1:2]
        lx, ly, hx, hy = bounds
        for k, p in enumerate(near):
            ring = self._ring_rows[p]
            x0, y0, x1, y1 = self._boxes[p]
            if ring is None or x1 < lx or x0 > hx or y1 < ly or y0 > hy:
                continue
            qx, qy, px, py = ring
            cross = (qy > y) != (py > y)
            dyq = np.where(cross, qy - py, 1.0)
            cross &= x < px + (y - py) * (qx - px) / dyq
            out[:, k] = np.logical_xor.reduce(cross, axis=1)  # an odd count of crossings
        return out


def _meet(a: NDArray[np.float64], d: NDArray[np.float64], st: NDArray[np.float64],
          starts: list[int], cols: list[int], first: NDArray[np.float64],
          last: NDArray[np.float64]) -> None:
    """``first`` and ``last`` for rays ``a`` + t ``d`` against the candidate edges ``st``
    (x0, y0, dx, dy), a run of them for each piece starting at ``starts``, filling the
    pieces' ``cols``, all at once."""
    ex, ey, fx, fy = st.T  # (E,) each, broadcast against the rays' (n, 1)
    dx, dy = d[:, 0:1], d[:, 1:2]  # (n, 1)
    den = dx * fy - dy * fx  # (n, E)
    ok = np.abs(den) > EPS
    safe = np.where(ok, den, 1.0)
    wx, wy = ex - a[0], ey - a[1]
    t = (wx * fy - wy * fx) / safe
    u = (wx * dy - wy * dx) / safe
    ok &= (t >= -EPS) & (t <= 1 + EPS) & (u >= -EPS) & (u <= 1 + EPS)
    t = np.minimum(np.maximum(t, 0.0), 1.0)  # clipped to 0-1
    lo = np.minimum.reduceat(np.where(ok, t, np.inf), starts, axis=1)
    hi = np.maximum.reduceat(np.where(ok, t, -np.inf), starts, axis=1)
    first[:, cols] = np.where(np.isfinite(lo), lo, np.nan)
    last[:, cols] = np.where(np.isfinite(hi), hi, np.nan)


def _in_ring(ring: Sequence[Vec], x: float, y: float) -> bool:
    """Even-odd test of one point in one polygon."""
    inside = False
    px, py = ring[-1]
    for qx, qy in ring:
        if (qy > y) != (py > y) and x < px + (y - py) * (qx - px) / (qy - py):
            inside = not inside
        px, py = qx, qy
    return inside


def _seg_dist(x: float, y: float, a: Vec, b: Vec) -> float:
    dx, dy = b[0] - a[0], b[1] - a[1]
    ll = dx * dx + dy * dy
    u = 0.0 if ll == 0 else max(0.0, min(1.0, ((x - a[0]) * dx + (y - a[1]) * dy) / ll))
    return math.hypot(x - a[0] - u * dx, y - a[1] - u * dy)


def _signed_area(points: Sequence[Vec]) -> float:
    s = 0.0
    for (x0, y0), (x1, y1) in zip(points, list(points[1:]) + [points[0]], strict=True):
        s += x0 * y1 - x1 * y0
    return s / 2


def _centroid(points: Sequence[Vec]) -> Vec:
    a = _signed_area(points)
    if abs(a) < EPS:
        n = len(points)
        return sum(p[0] for p in points) / n, sum(p[1] for p in points) / n
    cx = cy = 0.0
    for (x0, y0), (x1, y1) in zip(points, list(points[1:]) + [points[0]], strict=True):
        f = x0 * y1 - x1 * y0
        cx += (x0 + x1) * f
        cy += (y0 + y1) * f
    return cx / (6 * a), cy / (6 * a)


def _line_middle(points: Sequence[Vec]) -> Vec:
    segs = list(zip(points, points[1:], strict=False))
    total = sum(math.dist(a, b) for a, b in segs)
    half = total / 2
    for a, b in segs:
        d = math.dist(a, b)
        if d >= half and d > 0:
            f = half / d
            return a[0] + (b[0] - a[0]) * f, a[1] + (b[1] - a[1]) * f
        half -= d
    return points[0]


def ellipse_points(cx: float, cy: float, rx: float, ry: float, rotation: float = 0.0,
                   sides: int = ELLIPSE_SIDES) -> tuple[Vec, ...]:
    """An ellipse as a polygon of ``sides`` corners (rotation in degrees, clockwise as
    in Tiled's y-down view)."""
    c, s = math.cos(math.radians(rotation)), math.sin(math.radians(rotation))
    out = []
    for k in range(sides):
        a = 2 * math.pi * k / sides
        x, y = rx * math.cos(a), ry * math.sin(a)
        out.append((cx + x * c - y * s, cy + x * s + y * c))
    return tuple(out)
