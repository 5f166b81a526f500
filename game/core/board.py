"""What any board is, whatever its kind: the few questions an engine part asks of a
board without knowing its kind (a demo checking its places, the plain board view drawing
a board it has no view of its own for, a map preview).

Each board kind (hex map, zone board, table, corridors, track) answers these in its own
units ("board units": hex pixels in the map's layout, zone pixels, table inches...).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Protocol

from game.core.places import Place

XY = tuple[float, float]


@dataclass(frozen=True)
class Outline:
    """A shape a plain view draws for a board: a closed polygon or an open line."""

    points: tuple[XY, ...]
    closed: bool = True
    kind: str = ""
    """What it is, in the board's words ("zone", "wall", "corridor", "street", "hex")."""
    label: str = ""


@dataclass(frozen=True)
class Scenery:
    """A piece of terrain that lives in the game state rather than on the board (a street
    chase's buildings, which move back every turn), as any front end draws it."""

    id: str
    kind: str
    """The rules' word for it ("ruin", "building", "mine cluster")."""
    outline: tuple[XY, ...]
    """Its footprint, in board units, as a closed polygon."""
    height: float = 0.0
    label: str = ""


class Board(Protocol):
    """The board-neutral questions every board kind answers."""

    def bounds(self) -> tuple[float, float, float, float]:
        """``(min_x, min_y, max_x, max_y)`` of the board, in board units."""
        ...

    def outlines(self) -> Sequence[Outline]:
        """The shapes that draw the board plainly (its zones, walls, corridors, cells)."""
        ...

    def locate(self, place: Place) -> XY | None:
        """Where ``place`` is, in board units; None if it is not a place of this board."""
        ...

    def has_place(self, place: Place) -> bool:
        """Whether ``place`` is a place of this board (of its kind, and on it)."""
        ...
