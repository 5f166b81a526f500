"""Zone boards (seed 002): the battlefield as a handful of zones drawn as shapes.

Geometry only, no rules: what a zone, a boundary, a bottleneck and an obstacle are, where
they lie and what touches what. What a modifier, a capacity or an obstacle's size *means*
belongs to the rules (game.rules.tft.zones).

* :class:`Zone`: a polygon in map pixels with its name and the properties the map gives
  it (terrain, visibility and move modifiers, stacking limit), kept as written.
* Two zones are adjacent when they share a border of some length (a corner is not
  enough): their :class:`Boundary` is that shared line.
* :class:`Bottleneck`: a marker lying on one boundary, with its capacity and cover.
* :class:`Obstacle`: a linear difficulty (a wall, a fire wall, a hedge) lying along a
  boundary, or a feature inside one zone; its size, kind and damage as written.

:class:`ZoneBoard` checks the shapes once (zones that overlap, a zone that touches no
other, a bottleneck not on a boundary, an obstacle outside every zone: a
:class:`ZoneGeometryError` naming the object) and answers the questions play asks many
times from plain tables: neighbours, the number of zones between two zones, simple
paths, what lies on a boundary. shapely does the polygon work (a well-kept library for a
solved problem); it is used while the board is built and for hit tests, never in play.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from functools import cached_property

from shapely import LineString, MultiLineString, Point, Polygon, prepared
from shapely.geometry.base import BaseGeometry
from shapely.ops import linemerge, polylabel, unary_union

from game.core.board import Outline
from game.core.places import InZone, Place

XY = tuple[float, float]

TOLERANCE = 1.5
"""Map pixels two borders may be apart and still count as one line (hand-drawn maps
snap to a grid, but vertices may be a rounding apart)."""
MIN_SHARED = 6.0
"""Map pixels of shared border two zones need to be adjacent (a corner is not enough)."""
OVERLAP_AREA = 24.0
"""Square map pixels two zones may overlap before it is an error (rounding, not a fault)."""


class ZoneGeometryError(ValueError):
    """The shapes do not make a zone board; the message names the object at fault."""


@dataclass(frozen=True)
class Zone:
    """One zone: a polygon and the properties its map gives it."""

    id: str
    """Its name, unique on the board (a place on it is ``InZone(id)``)."""
    polygon: tuple[XY, ...]
    """Vertices in map pixels (y down), in drawing order."""
    terrain: str = "open"
    visibility: int = 0
    """Modifier to missile fire into, out of or across the zone (as written in the map)."""
    move: int = 0
    """Modifier to movement into, out of or within the zone (as written in the map)."""
    stacking: int | None = None
    """Most figures that may stand in it; None for no limit."""
    label: str = ""
    """How messages name it ("object 'House' (id 3) in layer 'zones'")."""

    def __post_init__(self) -> None:
        if not self.label:
            object.__setattr__(self, "label", f"zone '{self.id}'")


@dataclass(frozen=True)
class Boundary:
    """The border two adjacent zones share."""

    zones: tuple[str, str]
    """The two zones, in board order."""
    lines: tuple[tuple[XY, ...], ...]
    """The shared border as one or more polylines (map pixels)."""
    length: float
    middle: XY
    """A point half-way along the border (where a figure on it is drawn)."""

    def other(self, zone: str) -> str:
        """The zone on the far side from ``zone``."""
        a, b = self.zones
        return b if zone == a else a

    def point_at(self, fraction: float) -> XY:
        """The point ``fraction`` (0-1) of the way along the border."""
        line = _merged(self.lines)
        p = line.interpolate(max(0.0, min(1.0, fraction)), normalized=True)
        return float(p.x), float(p.y)


@dataclass(frozen=True)
class Bottleneck:
    """A restricted passage (a door, windows, a gate) drawn over one boundary."""

    id: str
    """Its name, unique among the bottlenecks."""
    shape: tuple[XY, ...]
    """The marker's outline in map pixels."""
    capacity: int
    cover: str = ""
    """"", "soft" or "hard", as the map gives it."""
    zones: tuple[str, str] = ("", "")
    """The two zones of the boundary it lies on (set by the board)."""
    centre: XY = (0.0, 0.0)
    label: str = ""

    def __post_init__(self) -> None:
        if not self.label:
            object.__setattr__(self, "label", f"bottleneck '{self.id}'")

    def other(self, zone: str) -> str:
        a, b = self.zones
        return b if zone == a else a


@dataclass(frozen=True)
class Obstacle:
    """A difficulty: along a boundary (``boundary`` set) or inside one zone (``zone``)."""

    id: str
    shape: tuple[XY, ...]
    """Its points in map pixels: a polyline, or a closed outline if ``closed``."""
    size: int
    kind: str
    damage: str = ""
    """What crossing it does, a dice expression ("1d6"); "" if nothing."""
    closed: bool = False
    boundary: tuple[str, str] | None = None
    zone: str | None = None
    centre: XY = (0.0, 0.0)
    label: str = ""

    def __post_init__(self) -> None:
        if not self.label:
            object.__setattr__(self, "label", f"obstacle '{self.id}'")


@dataclass(frozen=True)
class Patch:
    """Terrain over part of one zone (a thicket, a bog, a haystack), drawn inside it;
    its name, what it is and its modifiers as written."""

    id: str
    shape: tuple[XY, ...]
    """Its outline in map pixels."""
    terrain: str = "rough"
    move: int = 0
    """Modifier to movement onto and off it (as written in the map)."""
    visibility: int = 0
    """Modifier to missile fire at those on it (as written in the map)."""
    zone: str = ""
    """The zone it lies in (set by the board)."""
    centre: XY = (0.0, 0.0)
    label: str = ""

    def __post_init__(self) -> None:
        if not self.label:
            object.__setattr__(self, "label", f"patch '{self.id}'")


PATCH_INSIDE = 0.95
"""Share of a patch's area that must lie in one zone (it is drawn inside it)."""
PATCH_MOST = 0.9
"""Largest share of its zone a patch may cover (terrain over the whole zone is the
zone's own ``terrain``)."""


def _merged(lines: Sequence[Sequence[XY]]) -> LineString:
    """One line through the border's pieces (the longest piece if they do not join)."""
    geom = linemerge(MultiLineString([list(p) for p in lines])) if len(lines) > 1 else \
        LineString(list(lines[0]))
    if isinstance(geom, LineString):
        return geom
    return max(geom.geoms, key=lambda g: g.length)


def _lines_of(geom: BaseGeometry) -> list[LineString]:
    """The line pieces of an intersection (points and empty parts dropped)."""
    if geom.is_empty:
        return []
    if isinstance(geom, LineString):
        return [geom] if geom.length > 0 else []
    if hasattr(geom, "geoms"):
        out: list[LineString] = []
        for g in geom.geoms:
            out += _lines_of(g)
        return out
    return []


def _pair(a: str, b: str) -> tuple[str, str]:
    return (a, b) if a <= b else (b, a)


@dataclass(eq=False)
class ZoneBoard:
    """A zone graph: zones, their boundaries, bottlenecks and obstacles.

    Built once from plain values (:func:`ZoneBoard.build` checks the shapes); then a
    read-only board shared by every match of a scenario.
    """

    zones: dict[str, Zone]
    """By id, in map order."""
    boundaries: dict[tuple[str, str], Boundary]
    """By the (sorted) pair of zone ids."""
    bottlenecks: dict[str, Bottleneck]
    obstacles: dict[str, Obstacle]
    name: str = ""
    size: XY = (0.0, 0.0)
    """The map's size in pixels (the drawing extends at least this far)."""
    patches: dict[str, Patch] = field(default_factory=dict)
    """Terrain over part of a zone (Z-10), by name, in map order."""
    _polys: dict[str, Polygon] = field(default_factory=dict, repr=False)
    _near: dict[str, tuple[str, ...]] = field(default_factory=dict, repr=False)
    _dist: dict[str, dict[str, int]] = field(default_factory=dict, repr=False)
    _on_boundary: dict[tuple[str, str], tuple[Bottleneck | Obstacle, ...]] = field(
        default_factory=dict, repr=False)

    # ================================================================ building
    @classmethod
    def build(cls, zones: Sequence[Zone], bottlenecks: Sequence[Bottleneck] = (),
              obstacles: Sequence[Obstacle] = (), *, name: str = "",
              size: XY = (0.0, 0.0), patches: Sequence[Patch] = ()) -> ZoneBoard:
        """Check the shapes and find what touches what; ZoneGeometryError naming the
        object if they do not make a board (see the module text)."""
        if not zones:
            raise ZoneGeometryError("there are no zones")
        polys: dict[str, Polygon] = {}
        seen: dict[str, Zone] = {}
        for z in zones:
            if z.id in seen:
                raise ZoneGeometryError(f"{seen[z.id].label} and {z.label} have the same "
                                        f"name '{z.id}'; each zone needs its own name")
            seen[z.id] = z
            if len(z.polygon) < 3:
                raise ZoneGeometryError(f"{z.label} is not an area: draw it as a rectangle "
                                        "or a polygon")
            p = Polygon(z.polygon)
            if not p.is_valid or p.area <= 0:
                raise ZoneGeometryError(f"{z.label} crosses itself or has no area; redraw "
                                        "its outline")
            polys[z.id] = p
        ids = list(polys)
        boundaries: dict[tuple[str, str], Boundary] = {}
        for i, a in enumerate(ids):
            pa = polys[a]
            for b in ids[i + 1:]:
                pb = polys[b]
                if not pa.buffer(TOLERANCE).intersects(pb):
                    continue
                over = pa.intersection(pb).area
                if over > max(OVERLAP_AREA, 0.002 * min(pa.area, pb.area)):
                    raise ZoneGeometryError(f"{seen[a].label} and {seen[b].label} overlap "
                                            f"({over:.0f} square pixels); zones must only "
                                            "touch along their borders")
                shared = _lines_of(pa.exterior.intersection(pb.buffer(TOLERANCE)))
                length = sum(s.length for s in shared)
                if length < MIN_SHARED:
                    continue
                lines = tuple(tuple((float(x), float(y)) for x, y in s.coords)
                              for s in shared)
                mid = _merged(lines).interpolate(0.5, normalized=True)
                key = (a, b)
                boundaries[key] = Boundary(key, lines, float(length),
                                           (float(mid.x), float(mid.y)))
        if len(ids) > 1:
            touching = {z for pair in boundaries for z in pair}
            for zid in ids:
                if zid not in touching:
                    raise ZoneGeometryError(f"{seen[zid].label} touches no other zone; zones "
                                            "must share a border to be reached")
        board = cls(dict(seen), {_pair(*k): v for k, v in boundaries.items()}, {}, {},
                    name=name, size=size, _polys=polys)
        for bn in bottlenecks:
            board._add_bottleneck(bn)
        for ob in obstacles:
            board._add_obstacle(ob)
        for pt in patches:
            board._add_patch(pt)
        board._index()
        return board

    def _boundaries_through(self, geom: BaseGeometry) -> list[tuple[float, Boundary]]:
        """Boundaries whose line runs through ``geom`` (by length inside it), longest
        first."""
        grown = geom.buffer(TOLERANCE)
        out = []
        for bd in self.boundaries.values():
            inside = sum(grown.intersection(LineString(list(line))).length
                         for line in bd.lines)
            if inside >= MIN_SHARED / 2:
                out.append((inside, bd))
        return sorted(out, key=lambda t: -t[0])

    def _add_bottleneck(self, bn: Bottleneck) -> None:
        if bn.id in self.bottlenecks:
            raise ZoneGeometryError(f"{self.bottlenecks[bn.id].label} and {bn.label} have "
                                    f"the same name '{bn.id}'")
        if bn.capacity < 1:
            raise ZoneGeometryError(f"{bn.label}: capacity must be 1 or more, not "
                                    f"{bn.capacity}")
        geom = _shape(bn.shape, closed=True)
        through = self._boundaries_through(geom)
        if not through:
            raise ZoneGeometryError(f"{bn.label} is not on a boundary between two zones; "
                                    "draw it over the line where two zones meet")
        bd = through[0][1]
        c = geom.centroid
        others = [b for b in self.bottlenecks.values() if set(b.zones) == set(bd.zones)]
        if others:
            raise ZoneGeometryError(f"{bn.label} and {others[0].label} are both on the "
                                    f"boundary of '{bd.zones[0]}' and '{bd.zones[1]}'; "
                                    "add their capacities into one bottleneck")
        self.bottlenecks[bn.id] = Bottleneck(bn.id, bn.shape, bn.capacity, bn.cover, bd.zones,
                                             (float(c.x), float(c.y)), bn.label)

    def _add_obstacle(self, ob: Obstacle) -> None:
        if ob.id in self.obstacles:
            raise ZoneGeometryError(f"{self.obstacles[ob.id].label} and {ob.label} have "
                                    f"the same name '{ob.id}'")
        if ob.size < 1:
            raise ZoneGeometryError(f"{ob.label}: size must be 1 or more, not {ob.size}")
        geom = _shape(ob.shape, closed=ob.closed)
        c = geom.centroid if ob.closed else geom.interpolate(0.5, normalized=True)
        centre = (float(c.x), float(c.y))
        through = self._boundaries_through(geom)
        if through:
            self.obstacles[ob.id] = Obstacle(ob.id, ob.shape, ob.size, ob.kind, ob.damage,
                                             ob.closed, through[0][1].zones, None, centre,
                                             ob.label)
            return
        zone = self.zone_at(*centre)
        if zone is None:
            raise ZoneGeometryError(f"{ob.label} lies outside every zone; put it inside a "
                                    "zone or along a boundary")
        self.obstacles[ob.id] = Obstacle(ob.id, ob.shape, ob.size, ob.kind, ob.damage,
                                         ob.closed, None, zone, centre, ob.label)

    def _add_patch(self, pt: Patch) -> None:
        """A patch lies inside one zone and covers only part of it."""
        if pt.id in self.patches:
            raise ZoneGeometryError(f"{self.patches[pt.id].label} and {pt.label} have the "
                                    f"same name '{pt.id}'")
        if len(pt.shape) < 3:
            raise ZoneGeometryError(f"{pt.label} is not an area: draw it as a rectangle or "
                                    "a polygon")
        geom = Polygon(pt.shape)
        if not geom.is_valid or geom.area <= 0:
            raise ZoneGeometryError(f"{pt.label} crosses itself or has no area; redraw its "
                                    "outline")
        inside = [(geom.intersection(p).area, z) for z, p in self._polys.items()]
        area, zone = max(inside)
        if area < PATCH_INSIDE * geom.area:
            raise ZoneGeometryError(f"{pt.label} does not lie inside one zone; draw a patch "
                                    "of terrain within the zone it is part of")
        if geom.area > PATCH_MOST * self._polys[zone].area:
            raise ZoneGeometryError(f"{pt.label} covers (nearly) all of zone '{zone}'; give "
                                    "the zone that terrain instead (its 'terrain' and 'move')")
        c = geom.representative_point()
        self.patches[pt.id] = Patch(pt.id, pt.shape, pt.terrain, pt.move, pt.visibility,
                                    zone, (float(c.x), float(c.y)), pt.label)

    def patches_in(self, zone: str) -> tuple[Patch, ...]:
        """Z-10: the patches of terrain over part of ``zone``."""
        return tuple(p for p in self.patches.values() if p.zone == zone)

    def _index(self) -> None:
        near: dict[str, list[str]] = {z: [] for z in self.zones}
        for a, b in self.boundaries:
            near[a].append(b)
            near[b].append(a)
        order = {z: k for k, z in enumerate(self.zones)}
        self._near = {z: tuple(sorted(v, key=order.__getitem__)) for z, v in near.items()}
        self._dist = {}
        for s in self.zones:
            dist = {s: 0}
            frontier = [s]
            while frontier:
                nxt = []
                for z in frontier:
                    for n in self._near[z]:
                        if n not in dist:
                            dist[n] = dist[z] + 1
                            nxt.append(n)
                frontier = nxt
            self._dist[s] = dist
        on: dict[tuple[str, str], list[Bottleneck | Obstacle]] = {}
        for bn in self.bottlenecks.values():
            on.setdefault(_pair(*bn.zones), []).append(bn)
        for ob in self.obstacles.values():
            if ob.boundary is not None:
                on.setdefault(_pair(*ob.boundary), []).append(ob)
        self._on_boundary = {k: tuple(v) for k, v in on.items()}
        # the hot border questions answered by one lookup, either way round
        self._bn_on: dict[tuple[str, str], Bottleneck] = {}
        self._obs_on: dict[tuple[str, str], tuple[Obstacle, ...]] = {}
        for (x, y), items in self._on_boundary.items():
            bns = [i for i in items if isinstance(i, Bottleneck)]
            obs = tuple(i for i in items if isinstance(i, Obstacle))
            for k in ((x, y), (y, x)):
                if bns:
                    self._bn_on[k] = bns[0]
                if obs:
                    self._obs_on[k] = obs
        self._adjacent = {k for x, y in self.boundaries for k in ((x, y), (y, x))}

    # ================================================================ graph
    def neighbours(self, zone: str) -> tuple[str, ...]:
        """Zones sharing a border with ``zone``, in map order."""
        return self._near[zone]

    def adjacent(self, a: str, b: str) -> bool:
        return (a, b) in self._adjacent

    def boundary(self, a: str, b: str) -> Boundary | None:
        """The border of ``a`` and ``b``; None if they are not adjacent."""
        return self.boundaries.get(_pair(a, b))

    def distance(self, a: str, b: str) -> int | None:
        """Borders crossed on the shortest way from ``a`` to ``b`` (0 for the same zone);
        None if there is no way."""
        return self._dist[a].get(b)

    def paths(self, start: str, most: int) -> list[tuple[str, ...]]:
        """Every simple path of 1 to ``most`` zones from ``start`` (``start`` itself not
        listed), shortest first, in map order."""
        out: list[tuple[str, ...]] = []
        layer: list[tuple[str, ...]] = [()]
        for _ in range(most):
            nxt: list[tuple[str, ...]] = []
            for p in layer:
                here = p[-1] if p else start
                for n in self._near[here]:
                    if n != start and n not in p:
                        nxt.append(p + (n,))
            out += nxt
            layer = nxt
        return out

    def bottleneck_on(self, a: str, b: str) -> Bottleneck | None:
        """The bottleneck on the border of ``a`` and ``b``, if any."""
        return self._bn_on.get((a, b))

    def obstacles_on(self, a: str, b: str) -> tuple[Obstacle, ...]:
        """The obstacles along the border of ``a`` and ``b``."""
        return self._obs_on.get((a, b), ())

    def obstacles_in(self, zone: str) -> tuple[Obstacle, ...]:
        """The obstacles inside ``zone`` (not on its borders)."""
        return tuple(o for o in self.obstacles.values() if o.zone == zone)

    # ================================================================ shapes
    @cached_property
    def _prepared(self) -> dict[str, object]:
        return {z: prepared.prep(self.polygon(z)) for z in self.zones}

    def polygon(self, zone: str) -> Polygon:
        """The zone's shape as a shapely polygon."""
        p = self._polys.get(zone)
        if p is None:
            p = self._polys[zone] = Polygon(self.zones[zone].polygon)
        return p

    def zone_at(self, x: float, y: float) -> str | None:
        """The zone under map pixel ``(x, y)``, or None."""
        pt = Point(x, y)
        for z, p in self._prepared.items():
            if p.contains(pt):  # type: ignore[attr-defined]
                return z
        return None

    def near_boundary(self, x: float, y: float, within: float) -> Boundary | None:
        """The boundary within ``within`` map pixels of ``(x, y)``, nearest first."""
        pt = Point(x, y)
        best: tuple[float, Boundary] | None = None
        for bd in self.boundaries.values():
            d = min(LineString(list(line)).distance(pt) for line in bd.lines)
            if d <= within and (best is None or d < best[0]):
                best = (d, bd)
        return best[1] if best else None

    def bottleneck_at(self, x: float, y: float, grow: float = 0.0) -> Bottleneck | None:
        """The bottleneck whose marker (grown by ``grow`` pixels) holds ``(x, y)``."""
        pt = Point(x, y)
        for bn in self.bottlenecks.values():
            if _shape(bn.shape, closed=True).buffer(grow).contains(pt):
                return bn
        return None

    def centre(self, zone: str) -> XY:
        """The point deepest inside the zone (its pole of inaccessibility)."""
        return self._centres[zone]

    @cached_property
    def _centres(self) -> dict[str, XY]:
        out = {}
        for z in self.zones:
            p = polylabel(self.polygon(z), tolerance=2.0)
            out[z] = (float(p.x), float(p.y))
        return out

    def spots(self, zone: str, spacing: float, margin: float) -> list[XY]:
        """Points inside ``zone`` at least ``margin`` from its edge, on a grid of
        ``spacing``, nearest the zone's centre first (where figures can be laid out)."""
        poly = self.polygon(zone).buffer(-margin)
        if poly.is_empty:
            return [self.centre(zone)]
        x0, y0, x1, y1 = poly.bounds
        cx, cy = self.centre(zone)
        pp = prepared.prep(poly)
        pts: list[XY] = []
        nx, ny = int((x1 - x0) / spacing) + 1, int((y1 - y0) / spacing) + 1
        ox = cx - spacing * round((cx - x0) / spacing)
        oy = cy - spacing * round((cy - y0) / spacing)
        for i in range(nx + 1):
            for j in range(ny + 1):
                x, y = ox + i * spacing, oy + j * spacing
                if pp.contains(Point(x, y)):
                    pts.append((x, y))
        if not pts:
            return [self.centre(zone)]
        pts.sort(key=lambda p: ((p[0] - cx) ** 2 + (p[1] - cy) ** 2, p[1], p[0]))
        return pts

    @cached_property
    def extent(self) -> tuple[float, float, float, float]:
        """``(x0, y0, x1, y1)`` covering every zone and the map's own size."""
        u = unary_union([self.polygon(z) for z in self.zones])
        x0, y0, x1, y1 = u.bounds
        return (min(0.0, x0), min(0.0, y0), max(self.size[0], x1), max(self.size[1], y1))

    def label(self, zone: str) -> str:
        """The zone's name (as places are written in messages)."""
        return zone

    # ================================================================ the Board protocol
    def bounds(self) -> tuple[float, float, float, float]:
        """Every zone and the map's own size, in map pixels (:attr:`extent`)."""
        return self.extent

    def outlines(self) -> tuple[Outline, ...]:
        """The zones (labelled with their names), then the bottlenecks and obstacles."""
        out = [Outline(z.polygon, True, "zone", z.id) for z in self.zones.values()]
        out += [Outline(b.shape, True, "bottleneck", b.id) for b in self.bottlenecks.values()]
        out += [Outline(o.shape, o.closed, "obstacle", o.id) for o in self.obstacles.values()]
        return tuple(out)

    def locate(self, place: Place) -> XY | None:
        """A zone's centre, or the middle of the boundary a figure sits on (Z-12)."""
        if not self.has_place(place):
            return None
        assert isinstance(place, InZone)
        if place.boundary is None:
            return self.centre(place.zone)
        line = self.boundary(place.zone, place.boundary)
        return None if line is None else line.middle

    def has_place(self, place: Place) -> bool:
        """A zone of this board, or the boundary between two adjacent zones of it."""
        if not isinstance(place, InZone) or place.zone not in self.zones:
            return False
        return place.boundary is None or self.adjacent(place.zone, place.boundary)

    def __repr__(self) -> str:
        return (f"ZoneBoard({self.name!r}, {len(self.zones)} zones, "
                f"{len(self.boundaries)} boundaries, {len(self.bottlenecks)} bottlenecks, "
                f"{len(self.obstacles)} obstacles)")


def _shape(points: Iterable[XY], closed: bool) -> BaseGeometry:
    pts = list(points)
    if closed and len(pts) >= 3:
        return Polygon(pts)
    if len(pts) >= 2:
        return LineString(pts)
    return Point(pts[0]).buffer(TOLERANCE)
