"""What a board view animates, kept apart from how it draws it: moves along places, falls
and rising texts, each with its clock. Every board view owns one :class:`Effects`, adds to
it from the events it is shown and asks it where a piece is part-way."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass

import pygame

from game.core.places import Place
from game.ui import palette as pal
from game.ui.drawing import BoardFonts, smoothstep
from game.ui.palette import Colour

FLOAT_SECONDS = 1.4
"""How long a floating text stays up."""
FLOAT_HOLD = 0.35
"""How long a new floating text keeps :attr:`Effects.busy` true (so texts shown one
after another do not all land at once)."""
FALL_SECONDS = 0.75


@dataclass
class Move:
    piece: str
    places: list[Place]
    duration: float
    t: float = 0.0

    def at(self) -> tuple[int, float]:
        """The leg the piece is on (index into ``places``) and how far along it (0-1)."""
        n = len(self.places) - 1
        u = min(0.999999, self.t / self.duration) * n
        k = int(u)
        return k, u - k


@dataclass
class Fall:
    piece: str
    start: Place
    end: Place
    duration: float
    t: float = 0.0


@dataclass
class Float:
    place: Place
    text: str
    colour: Colour
    t: float = 0.0
    lift: int = 0
    """How many texts were already rising from the same place (this one starts above)."""


class Effects:
    """The moves, falls and floating texts under way on one board."""

    def __init__(self) -> None:
        self.moves: dict[str, Move] = {}
        self.falls: dict[str, Fall] = {}
        self.floats: list[Float] = []
        self._float_cache: dict[tuple[str, Colour, int], pygame.Surface] = {}

    @property
    def busy(self) -> bool:
        """True while a move or fall animates, or a floating text has just appeared."""
        return bool(self.moves or self.falls) or any(f.t < FLOAT_HOLD for f in self.floats)

    def move(self, piece: str, places: Sequence[Place], seconds: float) -> None:
        if len(places) < 2:
            return
        self.falls.pop(piece, None)
        self.moves[piece] = Move(piece, list(places), max(0.05, seconds))

    def fall(self, piece: str, start: Place, end: Place, seconds: float = FALL_SECONDS) -> None:
        self.moves.pop(piece, None)
        self.falls[piece] = Fall(piece, start, end, max(0.05, seconds))

    def float_text(self, place: Place, text: str, colour: Colour = pal.PAPER) -> None:
        lift = sum(1 for f in self.floats if f.place == place and f.t < 0.6)
        rgb: Colour = (int(colour[0]), int(colour[1]), int(colour[2]))
        self.floats.append(Float(place, text, rgb, lift=lift))

    def cancel(self) -> None:
        """Stop everything now (pieces jump to where the state says)."""
        self.moves.clear()
        self.falls.clear()
        self.floats.clear()

    def update(self, dt: float) -> None:
        for m in list(self.moves.values()):
            m.t += dt
            if m.t >= m.duration:
                del self.moves[m.piece]
        for f in list(self.falls.values()):
            f.t += dt
            if f.t >= f.duration:
                del self.falls[f.piece]
        for ft in self.floats:
            ft.t += dt
        self.floats = [f for f in self.floats if f.t < FLOAT_SECONDS]

    def draw_floats(self, surface: pygame.Surface, fonts: BoardFonts,
                    screen_pos: Callable[[Place], tuple[float, float] | None],
                    size: int, radius: float) -> None:
        """Draw every rising text over its place (``screen_pos``) at font ``size``."""
        for f in self.floats:
            pos = screen_pos(f.place)
            if pos is None:
                continue
            key = (f.text, f.colour, size)
            s = self._float_cache.get(key)
            if s is None:
                if len(self._float_cache) > 256:
                    self._float_cache.clear()
                s = fonts.outlined(f.text, size, f.colour, pal.INK, 2)
                self._float_cache[key] = s
            sx, sy = pos
            k = f.t / FLOAT_SECONDS
            rise = (0.4 + 0.9 * smoothstep(min(1.0, k * 1.4))) * radius * 1.4
            y = sy - rise - f.lift * s.get_height() * 0.9 - radius * 0.4
            alpha = 255 if k < 0.6 else int(255 * (1 - (k - 0.6) / 0.4))
            s.set_alpha(max(0, alpha))
            surface.blit(s, (round(sx - s.get_width() / 2), round(y - s.get_height() / 2)))
