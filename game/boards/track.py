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
each with its ``size`` (1 to 3) and whether it is ``ruined`` (P-1: what that makes it,
difficult or impassable, is for the rules; in play the pieces move back and are recycled,
P-6, so the rules keep them in the game state from there).

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


class Track:
    """A chase's long table (see the module text); immutable.

    TrackError if the arrival is not one of :data:`EDGES` or not a short edge, or the
    street has no length.
    """

    def __init__(self, width: float, height: float, arrival: Edge | str,
                 pieces: Sequence[TrackPiece] = (), street: Sequence[XY] | None = None, *,
                 name: str = "street") -> None:
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

    def __repr__(self) -> str:
        return (f"Track({self.name!r}, {self.width:g} x {self.height:g} inches, arrival "
                f"{self.arrival}, {len(self.pieces)} pieces)")

    # ================================================================ along and across
    @property
    def axis_angle(self) -> float:
        """The heading down the table, in degrees clockwise from east (y down), as a
        facing is given (P-7: a model facing more than 45 degrees off it cannot keep
        pace)."""
        return math.degrees(math.atan2(self.heading[1], self.heading[0])) % 360

    def along(self, x: float, y: float) -> float:
        """How far ``(x, y)`` is from the arrival edge, along the axis."""
        return {"left": x, "right": self.width - x, "top": y,
                "bottom": self.height - y}[self.arrival]

    def across(self, x: float, y: float) -> float:
        """How far ``(x, y)`` is from the left long edge, seen from the arrival looking
        down the table."""
        return {"left": y, "right": self.height - y, "top": self.width - x,
                "bottom": x}[self.arrival]

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
        """Whether a disc of ``radius`` about ``(x, y)`` lies wholly on the table."""
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

    # ================================================================ the Board protocol
    def bounds(self) -> tuple[float, float, float, float]:
        """The table, in inches."""
        return 0.0, 0.0, self.width, self.height

    def outlines(self) -> tuple[Outline, ...]:
        """The table, its arrival edge, the street and the pieces as the map places them
        (kind ``ruin`` or ``building``, labelled with their size)."""
        w, h = self.width, self.height
        out = [Outline(((0, 0), (w, 0), (w, h), (0, h)), True, "table", self.name),
               Outline(self.arrival_edge, False, "arrival", "Arrival")]
        if self.street:
            out.append(Outline(self.street, False, "street"))
        out += [Outline(p.points, True, "ruin" if p.ruined else "building",
                        f"{p.name} ({p.size})" if p.name else str(p.size))
                for p in self.pieces]
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
