"""The hover tip: over an enemy, the controller's odds for the piece that would act on
it; over a place, what going there would cost or risk. Drawn in the board's top corner
away from what it is about."""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from game.core.places import Place
from game.ui.controllers import TipLine
from game.ui.widgets import DIM, YELLOW, draw_panel, fit, wrap

WIDTH_SHARE = 0.55
"""A tip is at most this share of the board's width (it never covers the whole map)."""
HEIGHT_SHARE = 0.7
"""... and at most this share of its height (the smaller face, then a cut with a sign)."""
TIP_MIN_W = 200

if TYPE_CHECKING:
    from game.ui.scenes.shell.board import BoardScene


class Tips:
    """The tip under the pointer (made again only when what it is about changes)."""

    def __init__(self, scene: BoardScene) -> None:
        self.scene = scene
        self.surface: pygame.Surface | None = None
        """The tip as last made (None: no tip there)."""
        self.rect: pygame.Rect | None = None
        """Where the tip went this frame (None: no tip)."""
        self.quiet_at: Place | None = None
        """No tip while the pointer is still at this place (a replay's step marks the
        place it points at; a tip there would cover a short board strip)."""
        self._key: object = None

    def invalidate(self) -> None:
        """Make the tip anew on the next frame."""
        self._key = None

    def draw(self, surface: pygame.Surface) -> None:
        scene = self.scene
        self.rect = None
        hover = scene.hover
        if hover is not None and hover == self.quiet_at:
            return
        if scene.input.dragging() or hover is None:
            return
        t = scene.hovered_piece()
        actions = len(scene.m.actions)
        if t is None or t.place is None:  # a place: what moving there risks, if anything
            where: Place = hover
            key: object = (actions, scene.selected, where, "place")
            if key != self._key:
                lines = scene.control.place_tip(scene.selected, where)
                self._key = key
                self.surface = self.render(lines) if lines else None
        else:
            actor = scene.control.preview_actor(scene.selected, t)
            if actor is None:
                return
            where = t.place
            key = (actions, actor, t.id)
            if key != self._key or self.surface is None:
                lines = scene.control.tip(actor, t.id)
                self._key = key
                self.surface = self.render(lines) if lines else None
        if self.surface is None:
            return
        # in the board's top corner away from the target, so it hides nothing near it
        pos = scene.place_pos(where)
        r = self.surface.get_rect()
        b = scene.board_rect
        r.top = b.top + 10
        if pos[0] > b.centerx:
            r.left = b.left + 10
        else:
            r.right = b.right - 10
        if r.collidepoint(pos):
            r.bottom = b.bottom - 10
        r.clamp_ip(surface.get_rect())  # a tip wider than the board still starts on screen
        surface.blit(self.surface, r)
        self.rect = r

    def render(self, lines: list[TipLine]) -> pygame.Surface:
        """The tip's box: no wider than WIDTH_SHARE of the board (lines wrap), no taller
        than HEIGHT_SHARE of it (the lines past that are counted in a last line), so
        the map always shows round it."""
        f = self.scene.app.fonts
        board = self.scene.board_rect
        room = max(TIP_MIN_W, int(board.w * WIDTH_SHARE)) - 24
        rendered = [f.render(font, part, ln.colour) for ln in lines
                    for font in [f.bold if ln.bold else f.small]
                    for part in wrap(font, ln.text, room)]
        tall = max(3 * f.small.get_linesize(), int(board.h * HEIGHT_SHARE)) - 16
        if sum(r.get_height() + 2 for r in rendered) > tall:
            keep = rendered[:]
            while keep and sum(r.get_height() + 2 for r in keep) + \
                    f.small.get_linesize() + 2 > tall:
                keep.pop()
            left = len(rendered) - len(keep)
            sign = fit(f.small, f"... {left} more line{'s' if left != 1 else ''} "
                                "(a larger window shows them)", room)
            rendered = keep + [f.render(f.small, sign, DIM)]
        w = max(r.get_width() for r in rendered) + 24
        h = sum(r.get_height() + 2 for r in rendered) + 16
        surf = pygame.Surface((w, h), pygame.SRCALPHA)
        draw_panel(surf, surf.get_rect(), (20, 22, 27), YELLOW, radius=8)
        y = 8
        for r in rendered:
            surf.blit(r, (12, y))
            y += r.get_height() + 2
        return surf
