"""The half of a board view measured in inches and painted once per zoom (the sewer's and
the track's): map pixels per inch, the camera's conversions, and the painted map kept in a
:class:`~game.ui.boards.base.MapCache` for the part of it in view."""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from typing import Generic, Protocol, TypeVar

import pygame

from game.core.places import Place, Point
from game.ui.boards.base import XY, BoardViewBase, MapCache
from game.ui.drawing import smoothstep

PX = 24.0
"""Map pixels per inch at zoom 1."""


class Art(Protocol):
    """What paints a board's map: its ground, walls, pieces that do not move."""

    def build(self, surf: pygame.Surface, to: Callable[[float, float], XY], s: float
              ) -> None: ...


class Locating(Protocol):
    """A board in inches that says where a place is."""

    def locate(self, place: Place) -> XY | None: ...


A = TypeVar("A", bound=Art)


class InchesView(BoardViewBase, Generic[A]):
    """A board view of a board in inches, its map painted by :attr:`art` (set by the view,
    with :attr:`extent` in map pixels and :attr:`_map`, before the first frame)."""

    board: Locating
    art: A
    extent: tuple[float, float, float, float]
    _map: MapCache
    frame_margin = 3.0
    """Inches of board kept around the places :meth:`frame` brings into view."""

    def frame(self, places: Sequence[Place]) -> None:
        """Bring ``places`` into view, with :attr:`frame_margin` around them."""
        pts = [p for p in (self.board.locate(q) for q in places) if p is not None]
        if not pts:
            return
        m = self.frame_margin
        self.camera.frame((min(x for x, _ in pts) - m) * PX, (min(y for _, y in pts) - m) * PX,
                          (max(x for x, _ in pts) + m) * PX, (max(y for _, y in pts) + m) * PX)

    @property
    def scale(self) -> float:
        """Screen pixels per inch now."""
        return PX * self.camera.zoom

    def to_screen(self, x: float, y: float, z: float = 0.0) -> XY:
        """Screen position of board point ``(x, y)`` (inches)."""
        return self.camera.map_to_screen(x * PX, y * PX)

    def _full_size(self) -> tuple[int, int]:
        x0, y0, x1, y1 = self.extent
        z = self.camera.zoom
        return int(math.ceil((x1 - x0) * z)) + 2, int(math.ceil((y1 - y0) * z)) + 2

    def _origin(self) -> tuple[int, int]:
        """Screen position of the whole map's top-left corner."""
        sx, sy = self.camera.map_to_screen(self.extent[0], self.extent[1])
        return int(math.floor(sx)), int(math.floor(sy))

    def _map_surface(self) -> pygame.Surface:
        """The painted map at this zoom, for the part in view (painted again only when
        the zoom or the view leaves what is kept)."""
        cache = self._map
        z = self.camera.zoom
        full, origin, view = self._full_size(), self._origin(), self.camera.view
        if cache.stale(z, full, origin, view):
            wx, wy, wx1, wy1 = cache.begin(full, origin, view)
            surf = cache.canvas((wx1 - wx, wy1 - wy), reuse=True)
            ex, ey = self.extent[0], self.extent[1]

            def to(x: float, y: float) -> XY:
                return (x * PX - ex) * z - wx, (y * PX - ey) * z - wy

            self.art.build(surf, to, PX * z)
            cache.keep(surf, z)
        assert cache.surface is not None
        return cache.surface

    def _in_flight(self, piece: str) -> XY | None:
        """Where ``piece`` is drawn now (inches) while a move's or a fall's animation
        carries it between two points; None if none does."""
        mv = self.effects.moves.get(piece)
        if mv is not None:
            k, f = mv.at()
            a, b = mv.places[k], mv.places[k + 1]
            if isinstance(a, Point) and isinstance(b, Point):
                (x0, y0), (x1, y1) = a.units, b.units
                g = smoothstep(f)
                return x0 + (x1 - x0) * g, y0 + (y1 - y0) * g
        fl = self.effects.falls.get(piece)
        if fl is not None and isinstance(fl.start, Point) and isinstance(fl.end, Point):
            g = smoothstep(min(1.0, fl.t / fl.duration))
            (x0, y0), (x1, y1) = fl.start.units, fl.end.units
            return x0 + (x1 - x0) * g, y0 + (y1 - y0) * g
        return None
