"""A list to browse and a pane that tells the chosen entry, with a button that opens it:
the frame the rules browser (:mod:`.demos`) and the lessons (:mod:`.lessons`) share."""

from __future__ import annotations

import pygame

from game.ui.listbox import ListBox, ListItem
from game.ui.scenes.base import Host, Scene
from game.ui.widgets import (
    BG,
    DIM,
    FAINT,
    TEXT,
    YELLOW,
    Button,
    Fonts,
    draw_panel,
    fit,
    wrap,
)


def title_block(surface: pygame.Surface, f: Fonts, title: str, at: tuple[int, int],
                width: int) -> int:
    """An entry's ``title`` at ``at`` in the heading font, on at most two lines ``width``
    wide. Returns the y under it."""
    x, y = at
    for ln in wrap(f.head, title, width)[:2]:
        surface.blit(f.render(f.head, ln, YELLOW), (x, y))
        y += f.head.get_linesize()
    return y


def text_block(surface: pygame.Surface, f: Fonts, text: str, at: tuple[int, int], width: int,
               limit: int, more: str) -> int:
    """``text`` from ``at`` down to ``limit``, ``width`` wide: in the body font, else the
    small one; if even that is too long, its last line in sight ends in "..." and the
    line ``more`` says where it is shown whole. Returns the y under it."""
    x, y = at
    for font in (f.body, f.small):
        lines = wrap(font, text, width)
        lh = font.get_linesize()
        if y + lh * len(lines) <= limit:
            break
    whole = len(lines)
    if y + lh * len(lines) > limit:
        room = max(0, (limit - y - f.small.get_linesize()) // lh)
        cut = lines[:room]
        if cut:
            cut[-1] = fit(font, cut[-1] + " " + lines[room], width - 12)
            if not cut[-1].endswith("..."):
                cut[-1] += "..."
        lines = cut
    for ln in lines:
        surface.blit(f.render(font, ln, TEXT), (x, y))
        y += lh
    if len(lines) < whole:
        surface.blit(f.render(f.small, fit(f.small, more, width), DIM), (x, y))
        y += f.small.get_linesize()
    return y


class BrowseScene(Scene):
    """A titled list on the left, the chosen entry told on the right over the button
    that opens it (Enter, a double click) and the way back to the scenarios (Esc)."""

    title = ""
    intro = ""
    """The line under the title."""
    empty = ""
    """What the pane says when there is nothing to choose."""
    list_min = 300
    """The list's narrowest width in pixels."""

    def __init__(self, app: Host, items: list[ListItem], opener: Button) -> None:
        super().__init__(app)
        self.list = ListBox(items, on_select=self.select, on_activate=self.activate)
        self.opener = opener
        self.back = Button("Back to the scenarios", app.show_picker, name="back", hint="Esc")
        self.buttons = [opener, self.back]
        self.detail = pygame.Rect(0, 0, 0, 0)

    def open_selected(self) -> None:
        """Open the chosen entry (the opener's action)."""
        self.opener.on_click()

    def has_entry(self) -> bool:
        """Whether an entry is chosen (else the pane says :attr:`empty`)."""
        raise NotImplementedError

    def draw_entry(self, surface: pygame.Surface, at: tuple[int, int], width: int,
                   limit: int) -> None:
        """Tell the chosen entry from ``at``, ``width`` wide, down to ``limit``."""
        raise NotImplementedError

    def select(self, k: int | None) -> None:
        self.app.dirty = True

    def activate(self, k: int) -> None:
        self.list.selected = k
        self.open_selected()

    def handle(self, e: pygame.event.Event) -> None:
        if e.type == pygame.KEYDOWN and e.key in (pygame.K_RETURN, pygame.K_KP_ENTER):
            self.open_selected()
            return
        if self.list.handle(e):
            return
        for b in self.buttons:
            if b.handle(e):
                return

    def escape(self) -> None:
        self.app.show_picker()

    def resize(self, size: tuple[int, int]) -> None:
        w, h = size
        left = max(self.list_min, int(w * 0.42))
        self.list.rect = pygame.Rect(40, 130, left, h - 170)
        self.detail = pygame.Rect(left + 70, 130, w - left - 110, h - 170)
        x, bw = self.detail.x + 24, self.detail.w - 48
        self.back.rect = pygame.Rect(x, self.detail.bottom - 60, bw, 36)
        self.opener.rect = pygame.Rect(x, self.detail.bottom - 116, bw, 44)

    def draw(self, surface: pygame.Surface) -> None:
        f = self.app.fonts
        surface.fill(BG)
        mouse = pygame.mouse.get_pos()
        surface.blit(f.render(f.title, self.title, TEXT), (40, 34))
        surface.blit(f.render(f.body, fit(f.body, self.intro, surface.get_width() - 84), DIM),
                     (42, 84))
        self.list.draw(surface, f, mouse)
        draw_panel(surface, self.detail)
        at = (self.detail.x + 24, self.detail.y + 20)
        if self.has_entry():
            self.draw_entry(surface, at, self.detail.w - 48, self.opener.rect.top - 16)
        else:
            surface.blit(f.render(f.body, self.empty, FAINT), at)
        for b in self.buttons:
            b.draw(surface, f, mouse)

