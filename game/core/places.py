"""Board-neutral places: where a piece stands on any kind of board.

Each board kind has its own kind of place, and every place is a small frozen value that
serialises to a JSON object and back, compares, hashes and sorts (within its kind):

* :class:`Cell`: a cell of a hex (or square) grid, by its flat index ``row * width + col``;
* :class:`InZone`: a zone of a zone board by its id, or the boundary between two zones
  (a figure sitting on the line counts as in both, Z-12);
* :class:`Point`: a point on a continuous table, in hundredths of a unit (integers keep
  state hashes exact and JSON-safe);
* :class:`OnTrack`: a distance along a named track (a corridor, a street), in hundredths
  of a unit.

Events, piece views and map placements carry places; an action may carry them too (its
JSON survives a save, see :mod:`game.core.jsonvalues`).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Generic, TypeVar

from game.core.derived import Derived

HUNDREDTHS = 100
"""Points and track positions are stored in hundredths of a unit."""


@dataclass(frozen=True, slots=True, order=True)
class Cell:
    """A cell of a grid board, by its flat index (``row * width + col``)."""

    index: int

    def to_json(self) -> dict[str, Any]:
        return {"cell": self.index}


@dataclass(frozen=True, slots=True, order=True)
class InZone:
    """A zone of a zone board; with ``boundary``, the line between ``zone`` and it."""

    zone: str
    boundary: str | None = None
    """The other zone when the piece sits on their common boundary (Z-12)."""

    def to_json(self) -> dict[str, Any]:
        d: dict[str, Any] = {"zone": self.zone}
        if self.boundary is not None:
            d["boundary"] = self.boundary
        return d

    @property
    def zones(self) -> tuple[str, ...]:
        """The zones the piece counts as in (two on a boundary)."""
        return (self.zone,) if self.boundary is None else (self.zone, self.boundary)


@dataclass(frozen=True, slots=True, order=True)
class Point:
    """A point on a continuous table, in hundredths of a unit."""

    x: int
    y: int

    @classmethod
    def of(cls, x: float, y: float) -> Point:
        """The point nearest ``(x, y)`` given in units (rounded to a hundredth)."""
        return cls(round(x * HUNDREDTHS), round(y * HUNDREDTHS))

    @property
    def units(self) -> tuple[float, float]:
        """``(x, y)`` in units."""
        return self.x / HUNDREDTHS, self.y / HUNDREDTHS

    def to_json(self) -> dict[str, Any]:
        return {"x": self.x, "y": self.y}


@dataclass(frozen=True, slots=True, order=True)
class OnTrack:
    """A distance along a named track, in hundredths of a unit from its start."""

    track: str
    at: int

    def to_json(self) -> dict[str, Any]:
        return {"track": self.track, "at": self.at}


Place = Cell | InZone | Point | OnTrack
"""Any place on any board."""

PLACE_TYPES: tuple[type, ...] = (Cell, InZone, Point, OnTrack)


def _int(d: Mapping[str, Any], key: str) -> int:
    v = d.get(key)
    if isinstance(v, bool) or not isinstance(v, int):
        raise ValueError(f"'{key}' must be a whole number, not {v!r}")
    return v


def _str(d: Mapping[str, Any], key: str) -> str:
    v = d.get(key)
    if not isinstance(v, str) or not v:
        raise ValueError(f"'{key}' must be a non-empty string, not {v!r}")
    return v


def place_from_json(d: object) -> Place:
    """The place a JSON object describes; ValueError saying what is wrong if none."""
    if not isinstance(d, Mapping):
        raise ValueError(f"a place must be an object, not {d!r}")
    keys = set(d)
    if keys == {"cell"}:
        return Cell(_int(d, "cell"))
    if keys in ({"zone"}, {"zone", "boundary"}):
        b = d.get("boundary")
        return InZone(_str(d, "zone"), None if b is None else _str(d, "boundary"))
    if keys == {"x", "y"}:
        return Point(_int(d, "x"), _int(d, "y"))
    if keys == {"track", "at"}:
        return OnTrack(_str(d, "track"), _int(d, "at"))
    raise ValueError(f"{dict(d)!r} is not a place (a cell, zone, point or track position)")


@dataclass(frozen=True)
class Placement:
    """A piece as a map places it: who it is and where it stands at the start."""

    name: str
    """The map object's name; "" if it has none (the ruleset names the piece)."""
    side: str
    """A side key of the scenario."""
    unit: str
    """A key of the scenario's units."""
    place: Place
    facing: float | None = None
    """The board's own facing (a hex direction 0-5, degrees on a table); None if unset."""
    label: str = ""
    """How the map names the object in messages ("figure 'Pip' (object id 3)")."""
    properties: Mapping[str, Any] = field(default_factory=dict)
    """The object's other custom properties, as typed in the map."""
    squad: str = ""
    """The id of the unit (squad) the piece belongs to; "" where the map does not group
    pieces (a sewer map's figures each name theirs)."""
    leader: bool = False
    """The piece leads its squad (at most one a squad)."""


B = TypeVar("B")


@dataclass(frozen=True)
class LoadedMap(Generic[B]):
    """Everything the game takes from one map file: the board and its placements."""

    path: Path
    kind: str
    """The board kind ("hex", "zones", "table"...), the key of its board loader."""
    board: B
    placements: tuple[Placement, ...]
    """Pieces in the order the map lists them; empty if it places none."""
    properties: Mapping[str, Any] = field(default_factory=dict)
    """The map's own custom properties."""
    derived: Derived = field(default_factory=Derived, compare=False, repr=False)
    """What the rules derive from this board (tables of step costs, sight grids...),
    made on first use and shared by every match played on this loaded map and by their
    clones; a key names anything else a value depends on (a climbing height, a switch).
    A ruleset's state holds it (see :mod:`game.core.derived`)."""
