"""The end of a game: who won (or why it is a draw), turns played, play again or back."""

from __future__ import annotations

from typing import Any

import pygame

from game.ui import saves
from game.ui.scenes.base import Host, Scene
from game.ui.widgets import (
    BG,
    DIM,
    GREEN,
    ORANGE,
    TEXT,
    Button,
    draw_mark,
    draw_panel,
    side_colour,
    wrap,
)


def _sentence(text: str) -> str:
    """``text`` with its first letter a capital (and the rest as written: "K-10" stays
    "K-10", where str.capitalize would make it "k-10")."""
    return text[:1].upper() + text[1:]


def save_copy(app: Host, match: Any) -> None:
    """Save ``match`` whole in the saves folder and say where (or why it could not)."""
    try:
        p = saves.save_game(match)
    except OSError as e:
        app.error(f"Could not save: {e}")
        return
    app.toasts.show(f"Saved to {p}", GREEN, ttl=6)


class EndScene(Scene):
    """The result, large, over a darkened picture of the final board."""

    def __init__(self, app: Host, match: Any, backdrop: pygame.Surface | None = None) -> None:
        super().__init__(app)
        self.match = match
        self.controllers = saves.controllers_of(match)
        self.backdrop = backdrop
        self._shaded: pygame.Surface | None = None
        self.buttons = [
            Button("Play again", self.again, name="again", hint="Enter", accent=ORANGE,
                   primary=True),
            Button("Back to scenarios", app.show_picker, name="back", hint="Esc"),
            Button("Watch the replay", self.replay, name="replay", hint="R"),
        ]
        o = match.outcome()
        sides = list(match.scenario.sides)
        self.winner_index: int | None = None
        if o is not None and o.winner is not None:
            self.winner_index = sides.index(o.winner) if o.winner in sides else None
            self.headline = f"{match.side_name(o.winner)} win"
            _, _, why = o.reason.partition(":")
            self.reason = _sentence(why.strip() or o.reason)
        elif o is not None:
            self.headline = "A draw"
            self.reason = _sentence(o.reason.removeprefix("A draw: "))
        else:
            self.headline, self.reason = "Game over", ""
        self.turns = match.turn

    def again(self) -> None:
        self.app.guard(self.app.new_match, str(self.match.scenario.path), self.controllers)

    def replay(self) -> None:
        """Step through the game just played, from its first action."""
        backdrop = self.backdrop

        def back() -> None:
            self.app.switch(EndScene(self.app, self.match, backdrop))

        self.app.open_replay(self.match, on_exit=back)

    def handle(self, e: pygame.event.Event) -> None:
        if e.type == pygame.KEYDOWN and e.key in (pygame.K_RETURN, pygame.K_KP_ENTER):
            self.again()
            return
        if e.type == pygame.KEYDOWN and e.key == pygame.K_s and e.mod & pygame.KMOD_CTRL:
            self.save()
            return
        if e.type == pygame.KEYDOWN and e.key == pygame.K_r:
            self.replay()
            return
        super().handle(e)

    def save(self) -> None:
        """Ctrl+S: a save of the finished game, under a name of its own."""
        save_copy(self.app, self.match)

    def escape(self) -> None:
        self.app.show_picker()

    def help_rows(self) -> list[tuple[str, str]]:
        return [("Enter", "play the same scenario again (new dice)"),
                ("R", "watch the game again, action by action"),
                ("Ctrl+S", "save the finished game (it is kept in Finished games too)"),
                ("Esc", "back to the scenarios")]

    def resize(self, size: tuple[int, int]) -> None:
        self._shaded = None
        w, h = size
        self.box = pygame.Rect(0, 0, min(760, w - 60), min(460, h - 60))
        self.box.center = (w // 2, h // 2)
        bw = (self.box.w - 100) // 3
        y = self.box.bottom - 70
        for k, b in enumerate(self.buttons):
            b.rect = pygame.Rect(self.box.x + 30 + k * (bw + 20), y, bw, 44)

    def _background(self, surface: pygame.Surface) -> None:
        if self.backdrop is None:
            surface.fill(BG)
            return
        if self._shaded is None or self._shaded.get_size() != surface.get_size():
            shaded = pygame.transform.smoothscale(self.backdrop, surface.get_size())
            shade = pygame.Surface(surface.get_size(), pygame.SRCALPHA)
            shade.fill((10, 12, 16, 190))
            shaded.blit(shade, (0, 0))
            self._shaded = shaded
        surface.blit(self._shaded, (0, 0))

    def draw(self, surface: pygame.Surface) -> None:
        f = self.app.fonts
        self._background(surface)
        colour = side_colour(self.winner_index) if self.winner_index is not None else TEXT
        draw_panel(surface, self.box, border=colour, radius=12)
        pygame.draw.rect(surface, colour, (self.box.x, self.box.y, self.box.w, 8),
                         border_top_left_radius=12, border_top_right_radius=12)
        cx = self.box.centerx
        y = self.box.y + 40
        head = f.render(f.huge, self.headline, TEXT)
        if self.winner_index is not None:
            total = 44 + 24 + head.get_width()
            draw_mark(surface, self.winner_index, (cx - total // 2 + 22,
                                                   y + head.get_height() // 2), 44)
            surface.blit(head, (cx - total // 2 + 68, y))
        else:
            surface.blit(head, (cx - head.get_width() // 2, y))
        y += head.get_height() + 16
        for ln in wrap(f.head, self.reason, self.box.w - 80):
            t = f.render(f.head, ln, TEXT)
            surface.blit(t, (cx - t.get_width() // 2, y))
            y += t.get_height() + 4
        y += 10
        t = f.render(f.body, f"{self.match.scenario.name}: {self.turns} turn"
                             f"{'s' if self.turns != 1 else ''} played", DIM)
        surface.blit(t, (cx - t.get_width() // 2, y))
        y += 36
        pieces = self.match.pieces()
        for i, (side, name) in enumerate(self.match.scenario.sides.items()):
            figs = [g for g in pieces if g.side == side]
            up = [g for g in figs if g.active]
            who = "computer" if self.controllers.get(side) == saves.COMPUTER else "human"
            text = f.render(f.bold, f"{name} ({who}): {len(up)} of {len(figs)} standing", TEXT)
            x0 = self.box.x + 60
            draw_mark(surface, i, (x0 + 10, y + text.get_height() // 2), 20)
            surface.blit(text, (x0 + 30, y))
            y += 26
            detail = ", ".join(f"{g.name} {g.health_label} {g.health}/{g.health_max}"
                               for g in up) or "none"
            for ln in wrap(f.small, detail, self.box.w - 150)[:2]:
                surface.blit(f.render(f.small, ln, DIM), (x0 + 30, y))
                y += 22
            y += 8
        mouse = pygame.mouse.get_pos()
        for b in self.buttons:
            b.draw(surface, f, mouse)
