"""The top bar: the turn, the phase (its title and rule from the ruleset's phase table),
who acts now, the controller's note, and a second line saying what this step is."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import pygame

from game.ui.drawing import SurfacePool
from game.ui.widgets import DIM, EDGE, PANEL, SKY, TEXT, draw_mark, fit, side_colour, text_width

if TYPE_CHECKING:
    from game.ui.scenes.shell.board import BoardScene

TOP_H = 64
"""Height of the top bar."""


BARS_KEPT = 4
"""Top bars kept drawn by what they say."""


_BARS = SurfacePool()
"""The surfaces the top bars are drawn on."""


class TopBar:
    """The bar over the board and the panel."""

    def __init__(self, scene: BoardScene) -> None:
        self.scene = scene
        self.parts: list[pygame.Rect] = []
        """Where each text of the top bar went this frame (none overlaps another)."""
        self._said: tuple[Any, ...] | None = None
        self._bar: pygame.Surface | None = None
        """The bar as last drawn, and what it says."""
        self._bars: dict[tuple[Any, ...], tuple[pygame.Surface, list[pygame.Rect]]] = {}
        """Bars drawn, by what they say (a bar that says the same again is copied): each
        with where its texts went."""

    def _put(self, surface: pygame.Surface, t: pygame.Surface, at: tuple[int, int]) -> None:
        surface.blit(t, at)
        self.parts.append(t.get_rect(topleft=at))

    def draw(self, surface: pygame.Surface, status: str = "") -> None:
        """The bar; ``status`` ends its second line (the computer's speed, a pause). It is
        drawn once for what it says and copied while that stays the same."""
        scene = self.scene
        rect = scene.top_rect
        ph = scene.m.ruleset.phases[scene.m.phase]
        over = scene.m.outcome() is not None
        title, rule = ("Game over", "") if over else (ph.title, ph.rule)
        side = None if over else scene.side_of_turn()
        said = (rect.size, scene.m.turn, title, rule, scene.control.top_note(), side,
                self._who_acts(side) if side is not None else "",
                scene.phase_line() + status)
        if said != self._said or self._bar is None:
            kept = self._bars.get(said)
            if kept is None:
                size = (rect.right, rect.bottom + 1)  # (its edge: the row under it)
                bar = _BARS.take(size)  # in the window's format (the same pixels as
                bar.fill((0, 0, 0))  # there), not converted: one copy; as a new one
                self.parts = []
                self._paint(bar, said)
                if len(self._bars) >= BARS_KEPT:
                    del self._bars[next(iter(self._bars))]
                kept = self._bars[said] = (bar, self.parts)
            self._bar, self.parts = kept
            self._said = said
        surface.blit(self._bar, (0, 0))

    def _paint(self, surface: pygame.Surface, said: tuple[Any, ...]) -> None:
        _size, turn, title, rule, note, side, who, line2 = said
        scene = self.scene
        f = scene.app.fonts
        rect = scene.top_rect
        pygame.draw.rect(surface, PANEL, rect)
        pygame.draw.line(surface, EDGE, rect.bottomleft, rect.bottomright)
        right = rect.right - 16
        note_t = f.render(f.small, note, DIM) if note else None
        x = 16
        for font, text, colour, dy, gap in ((f.head, f"Turn {turn}", TEXT, 8, 16),
                                            (f.head, title, SKY, 8, 6),
                                            (f.small, f"({rule})" if rule else "", DIM, 14, 20)):
            if not text:
                continue
            t = f.render(font, text, colour)
            self._put(surface, t, (x, dy))
            x += t.get_width() + gap
        if side is not None:
            i = scene.sides.index(side)
            room = right - (x + 24) - (note_t.get_width() + 24 if note_t else 0)
            if room < text_width(f.bold, who) and note_t is not None:
                note_t = None  # the note goes to the second line instead
                room = right - (x + 24)
            if room > 40:
                draw_mark(surface, i, (x + 9, 22), 18)
                self._put(surface, f.render(f.bold, fit(f.bold, who, room), side_colour(i)),
                          (x + 24, 11))
        if note_t is not None:
            self._put(surface, note_t, (right - note_t.get_width(), 12))
        if note and note_t is None:
            line2 = f"{note}  |  {line2}"
        self._put(surface, f.render(f.small, fit(f.small, line2, right - 16), DIM), (16, 38))

    def _who_acts(self, side: str) -> str:
        """"Orcs (computer) moves", or the piece that acts: "Pip of Hobbits (you) acts"."""
        scene = self.scene
        humans = sum(scene.is_human(s) for s in scene.sides)
        who = "you" if scene.is_human(side) and humans == 1 and not scene.watching else \
            scene.who(side)
        name = scene.side_label(side)
        actor = scene.control.actor_text()
        if actor is not None:
            return f"{actor} of {name} ({who}) acts"
        return f"{name} ({who}) {scene.control.verb()}"
