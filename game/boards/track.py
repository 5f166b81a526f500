"""A street chase's long table (seed 001's Pursuit: P-1, P-3, P-6, P-7, P-11), in inches.

Geometry only. A :class:`Track` is a table laid along an axis: one short edge is the
*arrival* (the map names it: left, right, top or bottom), the far short edge faces it, and
the two long edges run between them. Everything in the chase is measured along the axis
from the arrival (P-3: deployed at least 48 inches from it; P-6: everything moves 12
inches away from it, furthest first; P-8: closest to it first), so :meth:`Track.along`
gives any point's distance from the arrival edge and :meth:`Track.across` its distance
from the left long edge (as seen from the arrival, looking down the table).
:meth:`Track.point` turns the two back into a point.

:class:`~game.core.places.OnTrack` places of a track are distances from the arrival along
the axis (track :data:`AXIS`, at the middle of the table's breadth) or along the street
(track :data:`STREET`, the map's optional street polyline, P-1's sinuous street). A model
of the chase stands on a :class:`~game.core.places.Point` (it turns 45 degrees at a time
and hits the long edges, P-8, P-11: it needs both coordinates); :meth:`Track.place_of`
gives the OnTrack place of a point, for ordering.

:class:`TrackPiece` values are the terrain pieces as the map places them at the start,
each with its ``size`` (1 to 3) and whether it is ``ruined`` (P-1: ruins of size 1-2 are
difficult, the rest impassable, :attr:`TrackPiece.impassable`; flyers and what each
model makes of a piece are for the rules; in play the pieces move back and are recycled,
P-6, so the rules keep them in the game state from there); a map's lie wholly on the
table and do not overlap (:meth:`Track.piece_fault`). :class:`TrackMine` values are the
mine clusters the map places (P-12: at most :data:`MAX_MINES`), each riding on the piece
it stands nearest to (:attr:`TrackMine.piece`, P-6: a cluster moves only with its piece).

Coordinates are inches, x to the right and y down as in Tiled.
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from functools import cached_property
from typing import Any, Literal

import shapely

from game.core.board import Outline
from game.core.places import HUNDREDTHS, OnTrack, Place, Point

XY = tuple[float, float]
Edge = Literal["left", "right", "top", "bottom"]
EDGES: tuple[Edge, ...] = ("left", "right", "top", "bottom")
"""The edges a map may name as the arrival."""
AXIS = "axis"
"""The track of OnTrack places measured along the table's axis from the arrival."""
STREET = "street"
"""The track of OnTrack places measured along the street from its first point."""
SIZES = (1, 2, 3)
"""A terrain piece's sizes (P-1)."""
DIFFICULT_SIZES = (1, 2)
"""P-1: ruins of these sizes are difficult; ruins of the others and intact buildings are
impassable."""
MAX_MINES = 4
"""P-12: at most four mine clusters on the table at any time."""
MINE_REACH = 1.0
"""How far (inches) a mine cluster's centre may stand from the piece it rides on (P-6: in
base contact with it; a cluster's own size is the rules')."""
SLACK = 0.01
"""How far (inches) a piece or the street may reach past the table's edge, or two pieces
into each other (drawing slack)."""
EPS = 1e-9

_HEADINGS: dict[Edge, XY] = {"left": (1.0, 0.0), "right": (-1.0, 0.0),
                             "top": (0.0, 1.0), "bottom": (0.0, -1.0)}
"""The way away from each arrival edge, down the table."""


class TrackError(ValueError):
    """A track that does not make a chase's table; the message names what is wrong."""


@dataclass(frozen=True)
class TrackPiece:
    """A terrain piece of the chase as the map places it (P-1), in inches."""

    index: int
    """Its position in :attr:`Track.pieces`."""
    id: int
    """The Tiled object id."""
    size: int
    """1, 2 or 3 (P-1)."""
    ruined: bool
    """A ruin (size 1-2 difficult, size 3 impassable) rather than an intact building."""
    points: tuple[XY, ...]
    """Its footprint's corners (not closed)."""
    name: str = ""
    kind: str = ""
    """What the map calls it ("ruin", "hab block"...); "" if it says nothing."""
    label: str = ""
    """How messages name it: "piece 'Hab' (object id 4)"."""
    properties: Mapping[str, Any] = field(default_factory=dict, compare=False)

    def __post_init__(self) -> None:
        if self.size not in SIZES:
            raise TrackError(f"{self.label or self.name}: size {self.size}; a piece is of "
                             f"size 1, 2 or 3 (P-1)")
        if len(self.points) < 3:
            raise TrackError(f"{self.label or self.name} has no area")

    @cached_property
    def shape(self) -> shapely.Polygon:
        return shapely.Polygon(self.points)

    @property
    def centre(self) -> XY:
        c = self.shape.centroid
        return float(c.x), float(c.y)

    @property
    def impassable(self) -> bool:
        """P-1: an intact building, or a ruin too big to cross (size 3); the others
        (ruins of size 1-2) are difficult."""
        return not (self.ruined and self.size in DIFFICULT_SIZES)

    @property
    def area(self) -> float:
        """Its footprint's area, in square inches."""
        return float(self.shape.area)


@dataclass(frozen=True)
class TrackMine:
    """A mine cluster as the map places it (P-12), in inches."""

    index: int
    """Its position in :attr:`Track.mines`."""
    id: int
    """The Tiled object id."""
    at: XY
    """The cluster's centre."""
    piece: int | None = None
    """The piece it rides on (P-6); the builder sets it (None only for a track built
    without pieces)."""
    name: str = ""
    label: str = ""
    """How messages name it: "mine 'Spores' (object id 12)"."""
    properties: Mapping[str, Any] = field(default_factory=dict, compare=False)


class Track:
    """A chase's long table (see the module text); immutable.

    TrackError (naming what is wrong) if the arrival is not one of :data:`EDGES` or not a
    short edge, the street has no length or leaves the table, or a mine cluster stands off
    the table, in an impassable piece or more than :data:`MINE_REACH` from every piece, or
    there are more than :data:`MAX_MINES`. Whether the pieces lie on the table and apart
    is :meth:`piece_fault`'s to say (a map must; a rules test may lay out what it likes).
    """

    def __init__(self, width: float, height: float, arrival: Edge | str,
                 pieces: Sequence[TrackPiece] = (), street: Sequence[XY] | None = None, *,
                 name: str = "street", mines: Sequence[TrackMine] = ()) -> None:
        if not (width > 0 and height > 0):
            raise TrackError(f"a track needs a positive size, not {width} x {height}")
        if arrival not in EDGES:
            raise TrackError(f"the arrival must be one of {', '.join(EDGES)}, not "
                             f"{arrival!r}")
        self.width = float(width)
        self.height = float(height)
        self.arrival: Edge = arrival
        self.heading: XY = _HEADINGS[self.arrival]
        """The unit vector away from the arrival, down the table (P-6)."""
        across_x = self.arrival in ("left", "right")
        self.length = self.width if across_x else self.height
        """From the arrival edge to the far edge, in inches."""
        self.breadth = self.height if across_x else self.width
        """From one long edge to the other, in inches."""
        if self.length < self.breadth - EPS:
            raise TrackError(f"the arrival is the {arrival} edge, a long edge of the "
                             f"{self.width:g} x {self.height:g} inch table; it must be a "
                             f"short one (P-1)")
        self.name = name
        self.pieces: tuple[TrackPiece, ...] = tuple(pieces)
        for k, p in enumerate(self.pieces):
            if p.index != k:
                raise TrackError(f"{p.label or p.name}: index {p.index}, but it is piece {k}")
        self.street: tuple[XY, ...] | None = None if street is None else tuple(street)
        if self.street is not None:
            if len(self.street) < 2 or self.street_length <= EPS:
                raise TrackError("the street has no length")
            for x, y in self.street:
                if not self.on_table(x, y, -SLACK):
                    raise TrackError(f"the street reaches ({x:g}, {y:g}), off the "
                                     f"{self.width:g} x {self.height:g} inch table; it runs "
                                     f"along the table, edge to edge at most")
        self.mines: tuple[TrackMine, ...] = tuple(self._ride(m) for m in mines)

    def piece_fault(self) -> str | None:
        """What is wrong with the pieces as a map lays them out (a piece reaching off the
        table, two pieces overlapping), naming them; None if nothing."""
        for p in self.pieces:
            x0, y0, x1, y1 = p.shape.bounds
            if x0 < -SLACK or y0 < -SLACK or x1 > self.width + SLACK or \
                    y1 > self.height + SLACK:
                return (f"{p.label or p.name} reaches off the {self.width:g} x "
                        f"{self.height:g} inch table; a piece lies wholly on it (it moves "
                        f"back whole and is recycled whole, P-6)")
        tree = shapely.STRtree([p.shape for p in self.pieces])
        for p in self.pieces:
            for k in tree.query(p.shape):
                q = self.pieces[int(k)]
                if q.index <= p.index:
                    continue
                overlap = float(p.shape.intersection(q.shape).area)
                if overlap > SLACK * SLACK * 100:
                    return (f"{q.label or q.name} overlaps {p.label or p.name} "
                            f"({overlap:.2g} square inches); pieces may touch but not "
                            f"overlap")
        return None

    def _ride(self, mine: TrackMine) -> TrackMine:
        """The mine with the piece it rides on; TrackError if it cannot ride on one."""
        what = mine.label or mine.name or f"mine {mine.index}"
        if mine.index >= MAX_MINES:
            raise TrackError(f"{what} is mine cluster {mine.index + 1}; at most {MAX_MINES} "
                             f"are on the table at any time (P-12)")
        x, y = mine.at
        if not self.on_table(x, y):
            raise TrackError(f"{what} at ({x:g}, {y:g}) is off the {self.width:g} x "
                             f"{self.height:g} inch table")
        if not self.pieces:
            return mine
        spot = shapely.Point(x, y)
        gaps = sorted((float(p.shape.distance(spot)), p.index) for p in self.pieces)
        gap, k = gaps[0]
        inside = self.pieces[k]
        if gap <= EPS and inside.impassable:
            raise TrackError(f"{what} at ({x:g}, {y:g}) is inside {inside.label or inside.name}"
                             f", impassable (P-1); put it against the piece")
        if gap > MINE_REACH:
            raise TrackError(f"{what} at ({x:g}, {y:g}) is {gap:.2g} inches from the nearest "
                             f"piece; a cluster rides on a piece (P-6), its centre within "
                             f"{MINE_REACH:g} inch of it")
        return TrackMine(mine.index, mine.id, mine.at, k, mine.name, mine.label,
                         mine.properties)

    def __repr__(self) -> str:
        mines = f", {len(self.mines)} mines" if self.mines else ""
        return (f"Track({self.name!r}, {self.width:g} x {self.height:g} inches, arrival "
                f"{self.arrival}, {len(self.pieces)} pieces{mines})")

    # ================================================================ along and across
    @property
    def axis_angle(self) -> float:
        """The heading down the table, in degrees clockwise from east (y down), as a
        facing is given (P-7: a model facing more than 45 degrees off it cannot keep
        pace)."""
        return math.degrees(math.atan2(self.heading[1], self.heading[0])) % 360

    def along(self, x: float, y: float) -> float:
        """How far ``(x, y)`` is from the arrival edge, along the axis."""
        a = self.arrival  # (asked very often: no table of the four made each time)
        return x if a == "left" else self.width - x if a == "right" else y if a == "top" \
            else self.height - y

    def across(self, x: float, y: float) -> float:
        """How far ``(x, y)`` is from the left long edge, seen from the arrival looking
        down the table."""
        a = self.arrival
        return y if a == "left" else self.height - y if a == "right" else \
            self.width - x if a == "top" else x

    def point(self, along: float, across: float | None = None) -> XY:
        """The point ``along`` inches from the arrival and ``across`` inches from the left
        long edge (the middle of the breadth if None)."""
        c = self.breadth / 2 if across is None else across
        return {"left": (along, c), "right": (self.width - along, self.height - c),
                "top": (self.width - c, along), "bottom": (c, self.height - along)
                }[self.arrival]

    def edge_distance(self, x: float, y: float) -> float:
        """How far ``(x, y)`` is from the nearer long edge (P-11)."""
        c = self.across(x, y)
        return min(c, self.breadth - c)

    def on_table(self, x: float, y: float, radius: float = 0.0) -> bool:
        """Whether a disc of ``radius`` about ``(x, y)`` lies wholly on the table (a
        negative radius allows that much past the edges)."""
        return radius <= x <= self.width - radius and radius <= y <= self.height - radius

    @cached_property
    def edges(self) -> dict[str, tuple[XY, XY]]:
        """The four edges by role: ``arrival``, ``far``, ``left`` and ``right`` (the long
        ones, as seen from the arrival looking down the table); each from its end nearer
        the arrival (or the left) to the other."""
        p = self.point
        n, b = self.length, self.breadth
        return {"arrival": (p(0.0, 0.0), p(0.0, b)), "far": (p(n, 0.0), p(n, b)),
                "left": (p(0.0, 0.0), p(n, 0.0)), "right": (p(0.0, b), p(n, b))}

    @property
    def long_edges(self) -> tuple[tuple[XY, XY], tuple[XY, XY]]:
        """The two long edges (P-11: a model that hits one takes a hit)."""
        return self.edges["left"], self.edges["right"]

    @property
    def arrival_edge(self) -> tuple[XY, XY]:
        """The arrival edge (P-4: a scout that leaves by it wins)."""
        return self.edges["arrival"]

    # ================================================================ places
    def place_of(self, x: float, y: float) -> OnTrack:
        """The OnTrack place of ``(x, y)`` along the axis (its distance from the arrival)."""
        at = min(self.length, max(0.0, self.along(x, y)))
        return OnTrack(AXIS, round(at * HUNDREDTHS))

    @cached_property
    def _street_line(self) -> shapely.LineString:
        return shapely.LineString(self.street or ())

    @property
    def street_length(self) -> float:
        """The street's length (0 if the map draws none)."""
        return float(self._street_line.length) if self.street else 0.0

    def on_street(self, x: float, y: float) -> OnTrack | None:
        """The OnTrack place of the street's point nearest ``(x, y)``; None without a
        street."""
        if not self.street:
            return None
        at = float(self._street_line.project(shapely.Point(x, y)))
        return OnTrack(STREET, round(at * HUNDREDTHS))

    def point_of(self, place: OnTrack) -> XY | None:
        """Where an OnTrack place of this track is; None if it is not one."""
        at = place.at / HUNDREDTHS
        if place.track == AXIS and -EPS <= at <= self.length + 0.005:
            return self.point(min(at, self.length))
        if place.track == STREET and self.street and -EPS <= at <= self.street_length + 0.005:
            q = self._street_line.interpolate(at)
            return float(q.x), float(q.y)
        return None

    def pieces_at(self, x: float, y: float) -> tuple[int, ...]:
        """Indices of the pieces whose footprint holds ``(x, y)``."""
        return tuple(p.index for p in self.pieces if shapely.intersects_xy(p.shape, x, y))

    def sizes(self) -> dict[int, int]:
        """How many pieces of each size (P-1: balance them), every size listed."""
        out = dict.fromkeys(SIZES, 0)
        for p in self.pieces:
            out[p.size] += 1
        return out

    # ================================================================ the Board protocol
    def bounds(self) -> tuple[float, float, float, float]:
        """The table, in inches."""
        return 0.0, 0.0, self.width, self.height

    def outlines(self) -> tuple[Outline, ...]:
        """The table, its arrival edge, the street, the pieces as the map places them
        (kind ``ruin`` or ``building``, labelled with their size) and the mine clusters
        (kind ``mine``, a small octagon)."""
        w, h = self.width, self.height
        out = [Outline(((0, 0), (w, 0), (w, h), (0, h)), True, "table", self.name),
               Outline(self.arrival_edge, False, "arrival", "Arrival")]
        if self.street:
            out.append(Outline(self.street, False, "street"))
        out += [Outline(p.points, True, "ruin" if p.ruined else "building",
                        f"{p.name} ({p.size})" if p.name else str(p.size))
                for p in self.pieces]
        r = MINE_REACH / 2
        out += [Outline(tuple((x + r * math.cos(k * math.pi / 4), y + r * math.sin(k * math.pi / 4))
                              for k in range(8)), True, "mine", m.name)
                for m in self.mines for x, y in (m.at,)]
        return tuple(out)

    def locate(self, place: Place) -> XY | None:
        """Where a point of the table, or a position along its axis or street, is."""
        if isinstance(place, OnTrack):
            return self.point_of(place)
        if isinstance(place, Point) and self.on_table(*place.units):
            return place.units
        return None

    def has_place(self, place: Place) -> bool:
        """A point on the table, or a position along its axis or street."""
        return self.locate(place) is not None
