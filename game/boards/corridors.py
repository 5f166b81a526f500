"""Sewer corridors: a network of corridors drawn as centre lines of a given width, in
inches, and the marked features in them (seed 001's Flash Flood: F-1, F-3, F-4).

Geometry only. A :class:`Corridor` is a polyline (its centre line) with a ``width``; its
positions are distances along it (arc length, in inches, 0 at its first point), and
:class:`~game.core.places.OnTrack` places name a corridor and a distance along it in
hundredths of an inch. Where corridors meet (one's end on another's line, two lines
crossing, two ends together) is a :class:`Fork`, with an :class:`Arm` for every way out
of it. The walls are the outline of all the corridors together (each centre line widened
by half its width; a corridor's end at a fork is rounded, a dead end is square).

:class:`Feature` values are the marked parts of the sewer: ``gantry`` (a raised walkway
out of the flood's reach, F-1: an area inside the corridors), ``grate``, ``sluice`` and
``cave-in`` (difficult terrain, impassable during the flood, F-1: areas or lines across a
corridor), and ``nest`` (a scenario's objective, the swarm's nest: an area inside the
corridors, flooded like any other part of them). What each one does belongs to the rules;
the board says where they are and where they cross each corridor's centre line
(:meth:`Corridors.spans`).

The flood's origin (F-1) is a point in the corridors. :meth:`Corridors.project` puts any
point on its nearest corridor; :meth:`Corridors.distance` measures along the corridors
between two positions (the shortest way through the forks), which orders models
"furthest from the origin first" (F-3); :meth:`Corridors.walk` follows one corridor's
bends up to the next fork or its end (F-4: the rules roll at each fork for the branch).

Coordinates are inches, x to the right and y down as in Tiled.
"""

from __future__ import annotations

import heapq
import math
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from functools import cached_property
from typing import Any, Literal

import numpy as np
import shapely
from shapely import lib as geos
from shapely.geometry import LineString, MultiPolygon, Polygon
from shapely.geometry import Point as ShapelyPoint
from shapely.geometry.base import BaseGeometry

from game.core.board import Outline
from game.core.places import HUNDREDTHS, OnTrack, Place, Point

XY = tuple[float, float]

SNAP = 0.25
"""How close (in inches) a corridor's end must come to another corridor's centre line,
or to another end, for the two to meet at a fork."""
NEAR_MISS = 1.0
"""A dead end this close (in inches) to another corridor's centre line, or inside that
corridor, is a fork drawn a little off (the walls look joined, the water would not pass):
refused, saying by how much it misses."""
FEATURE_SLACK = 0.1
"""How far (in inches) a gantry may poke out of the corridors (a hand-drawn rectangle
that meets the walls)."""
ORIGIN_MARK = 0.5
"""Half the size of the diamond that marks the flood's origin in a plain drawing."""
FEATURE_KINDS = ("gantry", "grate", "sluice", "cave-in", "nest")
"""The marked features of a sewer (F-1), and the scenarios' objective (the nest)."""
AREAS = ("gantry", "nest")
"""Features that are areas inside the corridors (never lines)."""
BARRIERS = ("grate", "sluice", "cave-in")
"""Features that are difficult terrain, impassable during the flood (F-1)."""
EPS = 1e-9

Heading = Literal[1, -1]
"""Along a corridor: 1 towards its end (distances growing), -1 back towards its start."""


class CorridorError(ValueError):
    """Corridors that do not make a sewer; the message names the object at fault."""


def _length(points: Sequence[XY]) -> float:
    return sum(math.dist(a, b) for a, b in zip(points, points[1:], strict=False))


@dataclass(frozen=True)
class Corridor:
    """One corridor: a centre line and a width, in inches."""

    id: str
    """Its name, unique in the sewer (the ``track`` of its OnTrack places)."""
    points: tuple[XY, ...]
    """The centre line, in order (at least two points, no two in a row alike)."""
    width: float
    """Wall to wall, in inches."""
    label: str = ""
    """How messages name it: "corridor 'Main' (object id 3)"."""
    properties: Mapping[str, Any] = field(default_factory=dict, compare=False)
    """Its other custom properties, as typed in the map."""

    def __post_init__(self) -> None:
        name = self.label or self.id
        if len(self.points) < 2 or _length(self.points) <= EPS:
            raise CorridorError(f"{name} has no length")
        if any(math.dist(a, b) <= EPS for a, b in zip(self.points, self.points[1:],
                                                      strict=False)):
            raise CorridorError(f"{name} has two points in the same place")
        if not (self.width > 0 and math.isfinite(self.width)):
            raise CorridorError(f"{name} has no width")

    @cached_property
    def marks(self) -> tuple[float, ...]:
        """The distance along it of each of its points (0 first, its length last)."""
        out = [0.0]
        for a, b in zip(self.points, self.points[1:], strict=False):
            out.append(out[-1] + math.dist(a, b))
        return tuple(out)

    @property
    def length(self) -> float:
        """Its length along the centre line, in inches."""
        return self.marks[-1]

    @cached_property
    def line(self) -> LineString:
        return LineString(self.points)

    def point_at(self, at: float) -> XY:
        """The point of the centre line ``at`` inches from its start (clamped to it)."""
        k = self._segment(at)
        a, b = self.points[k], self.points[k + 1]
        s0, s1 = self.marks[k], self.marks[k + 1]
        f = min(1.0, max(0.0, (at - s0) / (s1 - s0)))
        return a[0] + (b[0] - a[0]) * f, a[1] + (b[1] - a[1]) * f

    def path(self, start: float, end: float) -> tuple[XY, ...]:
        """The centre line from ``start`` to ``end`` inches along it (either way; both
        clamped), its bends included: the path a carried model follows (F-4)."""
        lo, hi = sorted((min(self.length, max(0.0, start)), min(self.length, max(0.0, end))))
        inner = [q for q, m in zip(self.points, self.marks, strict=True)
                 if lo + EPS < m < hi - EPS]
        out = (self.point_at(lo), *inner, self.point_at(hi))
        return out if start <= end else tuple(reversed(out))

    def direction_at(self, at: float, heading: Heading = 1) -> XY:
        """The unit vector along the centre line ``at`` inches from its start, going
        ``heading`` (at a bend: the segment ahead)."""
        k = self._segment(at + heading * EPS * 10)
        a, b = self.points[k], self.points[k + 1]
        d = math.dist(a, b)
        return (b[0] - a[0]) / d * heading, (b[1] - a[1]) / d * heading

    def project(self, x: float, y: float) -> tuple[float, float]:
        """``(at, off)``: the distance along the centre line of its point nearest
        ``(x, y)``, and how far ``(x, y)`` is from it."""
        best = (math.inf, 0.0)
        for k, (a, b) in enumerate(zip(self.points, self.points[1:], strict=False)):
            dx, dy = b[0] - a[0], b[1] - a[1]
            ll = dx * dx + dy * dy
            u = max(0.0, min(1.0, ((x - a[0]) * dx + (y - a[1]) * dy) / ll))
            off = math.hypot(x - a[0] - u * dx, y - a[1] - u * dy)
            if off < best[0] - EPS:
                best = (off, self.marks[k] + u * math.sqrt(ll))
        return best[1], best[0]

    def _segment(self, at: float) -> int:
        """The index of the segment that holds distance ``at`` (clamped)."""
        marks = self.marks
        for k in range(len(marks) - 2):
            if at < marks[k + 1]:
                return k
        return len(marks) - 2


def boxed(geom: BaseGeometry) -> np.ndarray:
    """``geom`` in a 0-d object array, for shapely's ufuncs (``shapely.lib``) asked
    about one geometry many times: given the bare geometry, numpy searches its class
    for array hooks on every call (failed attribute lookups, each formatting an
    error), which costs more than a small question to the prepared shape itself."""
    box = np.empty((), dtype=object)
    box[()] = geom
    return box


@dataclass(frozen=True)
class Feature:
    """A marked part of the sewer (F-1), as the map draws it, in inches."""

    id: int
    """The Tiled object id."""
    kind: str
    """One of :data:`FEATURE_KINDS`."""
    points: tuple[XY, ...]
    """An area's corners (not closed), or a line's points."""
    closed: bool = True
    """An area (True) or a line across a corridor (False)."""
    name: str = ""
    label: str = ""
    """How messages name it: "gantry 'Catwalk' (object id 7)"."""
    properties: Mapping[str, Any] = field(default_factory=dict, compare=False)

    @cached_property
    def shape(self) -> BaseGeometry:
        return Polygon(self.points) if self.closed else LineString(self.points)

    @cached_property
    def box(self) -> np.ndarray:
        """:attr:`shape`, prepared, :func:`boxed` for shapely's ufuncs."""
        shapely.prepare(self.shape)
        return boxed(self.shape)

    @property
    def is_barrier(self) -> bool:
        """A grate, sluice gate or cave-in (F-1)."""
        return self.kind in BARRIERS


@dataclass(frozen=True, order=True)
class Arm:
    """One way out of a fork: along ``corridor`` from ``at``, going ``heading``."""

    corridor: str
    at: float
    heading: Heading


@dataclass(frozen=True)
class Fork:
    """Where corridors meet, and every way out of it."""

    index: int
    """Its position in :attr:`Corridors.forks`."""
    point: XY
    arms: tuple[Arm, ...]


@dataclass(frozen=True)
class Walk:
    """Where a walk along one corridor stopped (:meth:`Corridors.walk`)."""

    corridor: str
    at: float
    """Where it stopped, in inches along the corridor."""
    moved: float
    """How far it went."""
    fork: Fork | None = None
    """The fork it stopped at (it reached one before it had gone the whole way)."""
    dead_end: bool = False
    """It stopped at the corridor's end, where no other corridor meets it."""


@dataclass(frozen=True)
class Span:
    """Where a feature lies across a corridor's centre line."""

    feature: int
    """The feature's position in :attr:`Corridors.features`."""
    corridor: str
    start: float
    """From this distance along the corridor..."""
    end: float
    """...to this one (equal for a line across it)."""


class Corridors:
    """A sewer: its corridors, forks, walls, features and the flood's origin (immutable).

    ``width`` x ``height`` inches is the map it is drawn on. CorridorError naming the
    object if the shapes do not make a sewer: two corridors of one name, two corridors
    that share a stretch, a corridor that crosses itself, an origin off every corridor, a
    gantry or nest outside the corridors, a feature that touches none, a dead end that
    nearly meets another corridor (within :data:`NEAR_MISS`, beyond :data:`SNAP`).
    """

    def __init__(self, width: float, height: float, corridors: Sequence[Corridor],
                 features: Sequence[Feature] = (), *, origin: XY, name: str = "sewer",
                 unit: str = "inch") -> None:
        if not (width > 0 and height > 0):
            raise CorridorError(f"a sewer needs a positive size, not {width} x {height}")
        if not corridors:
            raise CorridorError("there are no corridors")
        self.width = float(width)
        self.height = float(height)
        self.name = name
        self.unit = unit
        self.corridors: dict[str, Corridor] = {}
        for c in corridors:
            if c.id in self.corridors:
                raise CorridorError(f"{c.label or c.id}: another corridor is named "
                                    f"'{c.id}'; each corridor needs a name of its own")
            if not c.line.is_simple:
                raise CorridorError(f"{c.label or c.id} crosses itself; draw it as two "
                                    f"corridors that cross")
            self.corridors[c.id] = c
        self.forks: tuple[Fork, ...] = self._find_forks()
        self._forks_on: dict[str, list[tuple[float, int]]] = {c: [] for c in self.corridors}
        for fork in self.forks:
            for arm in fork.arms:
                pos = self._forks_on[arm.corridor]
                if (arm.at, fork.index) not in pos:
                    pos.append((arm.at, fork.index))
        for pos in self._forks_on.values():
            pos.sort()
        self._check_near_misses()
        self.area: Polygon | MultiPolygon = self._outline()
        shapely.prepare(self.area)
        self.area_box = boxed(self.area)
        self._features_at: dict[tuple[float, float], tuple[Feature, ...]] = {}
        self.features: tuple[Feature, ...] = tuple(features)
        for f in self.features:
            self._check_feature(f)
        self.origin: XY = origin
        if not self.contains(*origin):
            raise CorridorError(f"the flood's origin at ({origin[0]:g}, {origin[1]:g}) is "
                                f"off every corridor (F-1: it is a point in the sewer)")
        self.origin_at: tuple[str, float] = self.project(*origin)
        """The origin's corridor and distance along it."""

    def __repr__(self) -> str:
        return (f"Corridors({self.name!r}, {len(self.corridors)} corridors, "
                f"{len(self.forks)} forks, {len(self.features)} features)")

    # ================================================================ positions
    def contains(self, x: float, y: float) -> bool:
        """Whether ``(x, y)`` is in the corridors (between the walls, or on one)."""
        return bool(geos.intersects_xy(self.area_box, x, y))

    def project(self, x: float, y: float) -> tuple[str, float]:
        """``(corridor, at)``: the corridor whose centre line passes nearest ``(x, y)``,
        and the distance along it of its nearest point (ties: the first in map order)."""
        best: tuple[float, str, float] | None = None
        for c in self.corridors.values():
            at, off = c.project(x, y)
            if best is None or off < best[0] - EPS:
                best = (off, c.id, at)
        assert best is not None  # there is always a corridor
        return best[1], best[2]

    def place_of(self, x: float, y: float) -> OnTrack:
        """The OnTrack place of ``(x, y)``'s nearest corridor position."""
        corridor, at = self.project(x, y)
        return self.on_track(corridor, at)

    def on_track(self, corridor: str, at: float) -> OnTrack:
        """The OnTrack place ``at`` inches along ``corridor`` (clamped to it)."""
        c = self.corridors[corridor]
        return OnTrack(corridor, round(min(c.length, max(0.0, at)) * HUNDREDTHS))

    def point_of(self, place: OnTrack) -> XY:
        """Where an OnTrack place of this sewer is, in inches."""
        return self.corridors[place.track].point_at(place.at / HUNDREDTHS)

    def features_of(self, kind: str) -> tuple[Feature, ...]:
        """The features of ``kind`` ("gantry", "nest"...), in map order."""
        return tuple(f for f in self.features if f.kind == kind)

    def features_at(self, x: float, y: float) -> tuple[Feature, ...]:
        """The area features that hold ``(x, y)`` (kept by the exact point: models
        standing still are asked about again and again)."""
        key = (x, y)
        memo = self._features_at
        got = memo.get(key)
        if got is None:
            got = tuple(f for f in self.features
                        if f.closed and geos.intersects_xy(f.box, x, y))
            if len(memo) > 20000:
                memo.clear()
            memo[key] = got
        return got

    # ================================================================ along the corridors
    def forks_on(self, corridor: str) -> tuple[tuple[float, Fork], ...]:
        """The forks along ``corridor``, by distance along it."""
        return tuple((at, self.forks[k]) for at, k in self._forks_on[corridor])

    def dead_ends(self) -> tuple[tuple[str, float], ...]:
        """Corridor ends no other corridor meets: ``(corridor, at)`` each."""
        out = []
        for c in self.corridors.values():
            taken = [at for at, _k in self._forks_on[c.id]]
            for end in (0.0, c.length):
                if not any(abs(at - end) <= EPS for at in taken):
                    out.append((c.id, end))
        return tuple(out)

    def walk(self, corridor: str, at: float, heading: Heading, distance: float) -> Walk:
        """Go ``distance`` inches along ``corridor`` from ``at``, following its bends, and
        stop early at the first fork ahead or at its end (F-4: the flood carries a model
        along the corridor; at a fork the rules choose the branch and walk on)."""
        c = self.corridors[corridor]
        end = c.length if heading == 1 else 0.0
        ahead = [(abs(f_at - at), k) for f_at, k in self._forks_on[corridor]
                 if (f_at - at) * heading > EPS]
        to_fork = min(ahead, default=None)
        to_end = abs(end - at)
        if to_fork is not None and distance >= to_fork[0] - EPS:
            d = to_fork[0]
            return Walk(corridor, at + heading * d, d, fork=self.forks[to_fork[1]])
        if distance >= to_end - EPS:
            return Walk(corridor, end, to_end, dead_end=True)
        return Walk(corridor, at + heading * distance, distance)

    def distance(self, a: tuple[str, float], b: tuple[str, float]) -> float | None:
        """The shortest way along the corridors from position ``a`` to ``b`` (each
        ``(corridor, at)``), through the forks; None if no corridor joins them."""
        ca, at_a = a
        cb, at_b = b
        best = abs(at_a - at_b) if ca == cb else math.inf
        to_b = self._near_forks(cb, at_b)
        if to_b:
            reach = (self._origin_reach if a == self.origin_at
                     else self._from_forks(self._near_forks(ca, at_a)))
            for k, d in to_b:
                if k in reach:
                    best = min(best, reach[k] + d)
        return None if best == math.inf else best

    def from_origin(self, x: float, y: float) -> float | None:
        """How far ``(x, y)`` (at its nearest corridor position) is from the flood's
        origin along the corridors (F-3: furthest first); None if no corridor joins
        them."""
        return self.distance(self.origin_at, self.project(x, y))

    def spans(self, corridor: str) -> tuple[Span, ...]:
        """Where features lie across ``corridor``'s centre line, in order along it."""
        return self._spans.get(corridor, ())

    # ================================================================ the Board protocol
    def bounds(self) -> tuple[float, float, float, float]:
        """The map's extent and the corridors', in inches."""
        x0, y0, x1, y1 = self.area.bounds
        return min(0.0, x0), min(0.0, y0), max(self.width, x1), max(self.height, y1)

    def outlines(self) -> tuple[Outline, ...]:
        """The walls, each corridor's centre line, the features and the origin."""
        out = [Outline(ring, True, "wall") for ring in self.walls]
        out += [Outline(c.points, False, "corridor", c.id) for c in self.corridors.values()]
        out += [Outline(f.points, f.closed, f.kind, f.name) for f in self.features]
        x, y = self.origin
        m = ORIGIN_MARK
        out.append(Outline(((x, y - m), (x + m, y), (x, y + m), (x - m, y)), True, "origin"))
        return tuple(out)

    def locate(self, place: Place) -> XY | None:
        """Where a point in the corridors, or a position along one, is, in inches."""
        if not self.has_place(place):
            return None
        if isinstance(place, OnTrack):
            return self.point_of(place)
        return place.units if isinstance(place, Point) else None

    def has_place(self, place: Place) -> bool:
        """A point in the corridors, or a position along one of them."""
        if isinstance(place, Point):
            return self.contains(*place.units)
        if isinstance(place, OnTrack):
            c = self.corridors.get(place.track)
            return c is not None and 0 <= place.at <= round(c.length * HUNDREDTHS)
        return False

    @cached_property
    def walls(self) -> tuple[tuple[XY, ...], ...]:
        """The outline of the corridors as closed rings (last point not repeated)."""
        polys = self.area.geoms if isinstance(self.area, MultiPolygon) else [self.area]
        out = []
        for p in polys:
            for ring in (p.exterior, *p.interiors):
                pts = tuple((float(x), float(y)) for x, y in ring.coords)
                out.append(pts[:-1])
        return tuple(out)

    # ================================================================ building
    def _find_forks(self) -> tuple[Fork, ...]:
        """Every place where corridors meet (see the module text)."""
        cs = list(self.corridors.values())
        tree = shapely.STRtree([c.line for c in cs])
        ends = [(c.points[0], c.points[-1]) for c in cs]
        # which corridors' lines each end may be within SNAP of (a few, found at once)
        maybe = _near(tree, [e for pair in ends for e in pair], SNAP)

        def ends_on(k: int, j: int) -> list[XY]:
            """The ends of corridor k within SNAP of corridor j's line."""
            return [e for n, e in enumerate(ends[k]) if j in maybe.get(2 * k + n, ())
                    and cs[j].line.distance(ShapelyPoint(e)) <= SNAP]

        pairs = [(i, j) for i, a in enumerate(cs)
                 for j in sorted(int(j) for j in tree.query(a.line, predicate="dwithin",
                                                            distance=SNAP) if j > i)]
        # where each pair's centre lines cross or touch, all at once
        cuts = iter(shapely.intersection([cs[i].line for i, _ in pairs],
                                         [cs[j].line for _, j in pairs]).tolist())
        points: list[XY] = []
        k = 0
        for i, a in enumerate(cs):
            if math.dist(a.points[0], a.points[-1]) <= SNAP and a.length > 4 * SNAP:
                points.append(a.points[0])  # a ring: its two ends meet
            while k < len(pairs) and pairs[k][0] == i:
                j = pairs[k][1]
                points += _meeting_points(a, cs[j], next(cuts))
                points += ends_on(i, j)
                points += ends_on(j, i)
                k += 1
        forks: list[Fork] = []
        centres = _clusters(points)
        reach = _near(tree, centres, 2 * SNAP)
        for k, p in enumerate(centres):
            arms = self._arms_at(p, [cs[j] for j in sorted(reach.get(k, ()))])
            if len(arms) >= 2:
                forks.append(Fork(len(forks), p, arms))
        return tuple(forks)

    def _check_near_misses(self) -> None:
        """CorridorError naming the corridor if one of its dead ends lies within
        :data:`NEAR_MISS` of another corridor's centre line, or inside that corridor,
        without meeting it (a fork drawn a little off)."""
        cs = list(self.corridors.values())
        tree = shapely.STRtree([c.line for c in cs])
        widest = max(c.width for c in cs)
        for corridor, at in self.dead_ends():
            c = self.corridors[corridor]
            end = c.points[0] if at <= EPS else c.points[-1]
            spot = ShapelyPoint(end)
            reach = max(NEAR_MISS, widest / 2 + SNAP)
            for j in sorted(int(j) for j in tree.query(spot, predicate="dwithin",
                                                       distance=reach)):
                other = cs[j]
                if other.id == c.id:
                    continue
                gap = float(other.line.distance(spot))
                if gap <= max(NEAR_MISS, other.width / 2 + SNAP):
                    them = other.label or other.id
                    raise CorridorError(
                        f"{c.label or c.id} ends at ({end[0]:g}, {end[1]:g}), {_inches(gap)} "
                        f"from the middle line of {them}, and no fork is there: a "
                        f"corridor's end meets another within {SNAP:g} inches of its middle "
                        f"line. Move the end onto that line for a fork, or clear of {them} "
                        f"for a dead end")

    def _arms_at(self, p: XY, near: Sequence[Corridor]) -> tuple[Arm, ...]:
        """The arms out of a fork at ``p``, of the corridors ``near`` it (every corridor
        within twice :data:`SNAP` of it)."""
        arms: set[Arm] = set()
        for c in near:
            spots = [end for end, q in ((0.0, c.points[0]), (c.length, c.points[-1]))
                     if math.dist(p, q) <= 2 * SNAP]
            if not spots:
                at, off = c.project(*p)
                if off > 2 * SNAP:
                    continue
                spots = [at]
            for at in spots:
                if at > EPS:
                    arms.add(Arm(c.id, at, -1))
                if at < c.length - EPS:
                    arms.add(Arm(c.id, at, 1))
        return tuple(sorted(arms))

    def _outline(self) -> Polygon | MultiPolygon:
        """Each corridor widened by half its width, flat at a dead end; an end at a fork
        is rounded, no wider than the corridors that run on through the fork (a wide
        corridor ending on a narrow one's side does not bulge past its far wall)."""
        parts: list[BaseGeometry] = []
        caps: dict[tuple[str, float], float] = {}
        for f in self.forks:
            through = [self.corridors[a.corridor].width / 2 for a in f.arms
                       if a.heading == 1 and a.at > EPS]
            for arm in f.arms:
                c = self.corridors[arm.corridor]
                if arm.at <= EPS or arm.at >= c.length - EPS:
                    caps[(c.id, arm.at)] = min(c.width / 2, max(through, default=math.inf))
        for c in self.corridors.values():
            r = c.width / 2
            parts.append(c.line.buffer(r, cap_style="flat", join_style="round", quad_segs=8))
            for at, q in ((0.0, c.points[0]), (c.length, c.points[-1])):
                if (c.id, at) in caps:
                    parts.append(ShapelyPoint(q).buffer(caps[(c.id, at)], quad_segs=8))
        area = shapely.unary_union(parts)
        if not isinstance(area, Polygon | MultiPolygon) or area.is_empty:
            raise CorridorError("the corridors have no area")
        return area

    def _check_feature(self, f: Feature) -> None:
        name = f.label or f.kind
        if f.kind not in FEATURE_KINDS:
            raise CorridorError(f"{name}: a feature is one of {', '.join(FEATURE_KINDS)}, "
                                f"not '{f.kind}'")
        if f.kind in AREAS:
            if not f.closed:
                raise CorridorError(f"{name}: a {f.kind} is an area (a rectangle or polygon "
                                    f"inside the corridors), not a line")
            if not self.area.buffer(FEATURE_SLACK).covers(f.shape):
                what = ("a raised part of a corridor (F-1)" if f.kind == "gantry"
                        else "a part of the corridors")
                raise CorridorError(f"{name} lies outside the corridors; a {f.kind} is "
                                    f"{what}: draw it inside one")
        elif not self.area.intersects(f.shape):
            raise CorridorError(f"{name} lies outside every corridor; draw it across one")

    @cached_property
    def _spans(self) -> dict[str, tuple[Span, ...]]:
        out: dict[str, list[Span]] = {}
        for k, f in enumerate(self.features):
            for c in self.corridors.values():
                cut = c.line.intersection(f.shape)
                for part in _parts(cut):
                    ats = [c.project(float(x), float(y))[0] for x, y in part.coords]
                    if ats:
                        out.setdefault(c.id, []).append(Span(k, c.id, min(ats), max(ats)))
        return {c: tuple(sorted(s, key=lambda s: (s.start, s.end, s.feature)))
                for c, s in out.items()}

    def _near_forks(self, corridor: str, at: float) -> list[tuple[int, float]]:
        """The forks on either side of ``at`` along ``corridor`` (or at it), each with
        the distance to it."""
        pos = self._forks_on[corridor]
        before = [(at - f_at, k) for f_at, k in pos if f_at <= at + EPS]
        after = [(f_at - at, k) for f_at, k in pos if f_at >= at - EPS]
        out = []
        if before:
            d, k = min(before)
            out.append((k, max(0.0, d)))
        if after:
            d, k = min(after)
            out.append((k, max(0.0, d)))
        return out

    @cached_property
    def _origin_reach(self) -> dict[int, float]:
        """The shortest way from the flood's origin to every fork it joins (what
        :meth:`from_origin` asks again and again: worked out once)."""
        return self._from_forks(self._near_forks(*self.origin_at))

    def _from_forks(self, start: list[tuple[int, float]]) -> dict[int, float]:
        """The shortest way from the start forks (each with a cost already paid) to
        every fork the corridors join them to (Dijkstra over the forks)."""
        best: dict[int, float] = {}
        queue = [(d, k) for k, d in start]
        heapq.heapify(queue)
        while queue:
            d, k = heapq.heappop(queue)
            if k in best:
                continue
            best[k] = d
            for arm in self.forks[k].arms:
                pos = self._forks_on[arm.corridor]
                nxt = [(abs(f_at - arm.at), j) for f_at, j in pos
                       if (f_at - arm.at) * arm.heading > EPS]
                if nxt:
                    step, j = min(nxt)
                    if j not in best:
                        heapq.heappush(queue, (d + step, j))
        return best


def _inches(v: float) -> str:
    """A length as messages say it: "1 inch", "0.6 inches"."""
    text = f"{v:.2g}"
    return f"{text} inch" if text == "1" else f"{text} inches"


def _parts(geom: BaseGeometry) -> list[LineString | ShapelyPoint]:
    """The points and lines of a geometry (collections taken apart; areas left out)."""
    if geom.is_empty:
        return []
    if isinstance(geom, LineString | ShapelyPoint):
        return [geom]
    if isinstance(geom, Polygon):
        return []
    out: list[LineString | ShapelyPoint] = []
    for g in shapely.get_parts(geom):
        out += _parts(g)
    return out


def _meeting_points(a: Corridor, b: Corridor, cut: BaseGeometry) -> list[XY]:
    """Where the centre lines of ``a`` and ``b`` cross or touch (``cut``, their
    intersection); CorridorError if they share a stretch."""
    out: list[XY] = []
    for part in _parts(cut):
        if isinstance(part, LineString) and part.length > SNAP:
            raise CorridorError(f"{a.label or a.id} runs along {b.label or b.id}: "
                                f"corridors may cross or meet, not share a stretch")
        out += [(float(x), float(y)) for x, y in part.coords[:1]]
    return out


def _near(tree: shapely.STRtree, points: Sequence[XY], reach: float) -> dict[int, set[int]]:
    """For each of ``points`` (by position) that has any, the indices of the lines of
    ``tree`` that may lie within ``reach`` of it (every one that does, perhaps a few a
    hair further: the callers measure again)."""
    if not points:
        return {}
    src, dst = tree.query(shapely.points(points), predicate="dwithin", distance=reach + 1e-6)
    out: dict[int, set[int]] = {}
    for s, d in zip(src.tolist(), dst.tolist(), strict=True):
        out.setdefault(s, set()).add(d)
    return out


def _clusters(points: Sequence[XY]) -> list[XY]:
    """Points within twice :data:`SNAP` of each other taken as one (their mean), in the
    order first met."""
    reach = 2 * SNAP
    groups: list[list[XY]] = []
    cells: dict[tuple[int, int], list[int]] = {}
    """The groups by the square (of side ``reach``) holding their first point: a point
    within ``reach`` of a group's first point lies in that square or one next to it."""
    for p in points:
        cx, cy = math.floor(p[0] / reach), math.floor(p[1] / reach)
        near = [k for dx in (-1, 0, 1) for dy in (-1, 0, 1)
                for k in cells.get((cx + dx, cy + dy), ())
                if math.dist(groups[k][0], p) <= reach]
        if near:
            groups[min(near)].append(p)
        else:
            cells.setdefault((cx, cy), []).append(len(groups))
            groups.append([p])
    return [(sum(q[0] for q in g) / len(g), sum(q[1] for q in g) / len(g)) for g in groups]
