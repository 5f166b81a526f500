"""Lists: :class:`ListBox`, a scrolling list of two-line entries that says how many are
out of sight and may carry group headings and tags, and :class:`ListDialog`, a modal list
to choose from (the saved games, the finished games)."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

import pygame

from game.ui.widgets import (
    BG,
    BLACK,
    DIM,
    GREEN,
    ORANGE,
    PANEL_HI,
    SKY,
    TEXT,
    VERMILLION,
    Dialog,
    Fonts,
    draw_panel,
    fit,
    wrap,
)


@dataclass
class ListItem:
    title: str
    subtitle: str = ""
    enabled: bool = True
    data: object = None
    heading: bool = False
    """A group's heading (the rule system of the demos under it): shown, never chosen."""
    tag: str = ""
    """A short mark drawn as a pill after the title ("first game")."""


class ListBox:
    """A scrolling list of two-line entries; click selects, double-click activates."""

    ROW = 58
    lines = 1
    """Subtitle lines per row (the picker shows two lines of description)."""

    def __init__(self, items: list[ListItem], on_select: Callable[[int], None] | None = None,
                 on_activate: Callable[[int], None] | None = None) -> None:
        self.items = items
        self.rect = pygame.Rect(0, 0, 0, 0)
        self.selected: int | None = None
        self.scroll = 0
        self.on_select = on_select
        self.on_activate = on_activate
        self._last_click = (-1, 0)

    @property
    def row_h(self) -> int:
        return self.ROW + 22 * (self.lines - 1)

    def row_rect(self, k: int) -> pygame.Rect:
        return pygame.Rect(self.rect.x + 4, self.rect.y + 4 + k * self.row_h - self.scroll,
                           self.rect.w - 8, self.row_h - 4)

    def index_at(self, pos: tuple[int, int]) -> int | None:
        if not self.rect.collidepoint(pos):
            return None
        k = (pos[1] - self.rect.y - 4 + self.scroll) // self.row_h
        return k if 0 <= k < len(self.items) and not self.items[k].heading else None

    def show(self, k: int) -> None:
        """Scroll just enough that entry ``k`` (and the heading over it) is in sight."""
        first = k - 1 if k > 0 and self.items[k - 1].heading else k
        top, bottom = first * self.row_h, (k + 1) * self.row_h + 8
        self.scroll = max(0, min(max(self.scroll, bottom - self.rect.h), top))

    def _max_scroll(self) -> int:
        return max(0, len(self.items) * self.row_h + 8 - self.rect.h)

    def handle(self, e: pygame.event.Event) -> bool:
        if e.type == pygame.MOUSEWHEEL:
            if self.rect.collidepoint(pygame.mouse.get_pos()):
                self.scroll = min(self._max_scroll(), max(0, self.scroll - e.y * 40))
                return True
            return False
        if e.type == pygame.MOUSEBUTTONDOWN and e.button == 1:
            k = self.index_at(e.pos)
            if k is None:
                return False
            now = pygame.time.get_ticks()
            double = self._last_click[0] == k and now - self._last_click[1] < 400
            self._last_click = (k, now)
            self.selected = k
            if self.on_select:
                self.on_select(k)
            if double and self.on_activate and self.items[k].enabled:
                self.on_activate(k)
            return True
        if e.type == pygame.KEYDOWN and self.items:
            if e.key in (pygame.K_DOWN, pygame.K_UP):
                step = 1 if e.key == pygame.K_DOWN else -1
                k = -1 if self.selected is None and step > 0 else (
                    0 if self.selected is None else self.selected)
                for _ in range(len(self.items)):  # headings are passed over
                    k = (k + step) % len(self.items)
                    if not self.items[k].heading:
                        break
                self.selected = k
                self.show(k)
                if self.on_select:
                    self.on_select(k)
                return True
            if e.key in (pygame.K_RETURN, pygame.K_KP_ENTER) and self.selected is not None:
                if self.on_activate and self.items[self.selected].enabled:
                    self.on_activate(self.selected)
                return True
        return False

    def draw(self, surface: pygame.Surface, fonts: Fonts, mouse: tuple[int, int]) -> None:
        draw_panel(surface, self.rect, BG)
        clip = surface.get_clip()
        surface.set_clip(self.rect.inflate(-2, -2))
        hover = self.index_at(mouse)
        for k, it in enumerate(self.items):
            r = self.row_rect(k)
            if r.bottom < self.rect.top or r.top > self.rect.bottom:
                continue
            if k == self.selected:
                draw_panel(surface, r, (40, 62, 80), SKY, radius=6)
            elif k == hover:
                draw_panel(surface, r, PANEL_HI, None, radius=6)
            if it.heading:
                t = fonts.render(fonts.head, fit(fonts.head, it.title, r.w - 20), ORANGE)
                surface.blit(t, (r.x + 6, r.bottom - t.get_height() - 6))
                pygame.draw.line(surface, ORANGE, (r.x + 6, r.bottom - 3),
                                 (r.right - 6, r.bottom - 3))
                continue
            colour = TEXT if it.enabled else VERMILLION
            tag = fonts.render(fonts.small, it.tag, BLACK) if it.tag else None
            room = r.w - 20 - (tag.get_width() + 22 if tag is not None else 0)
            title = fonts.render(fonts.bold, fit(fonts.bold, it.title, room), colour)
            surface.blit(title, (r.x + 10, r.y + 4))
            if tag is not None:
                pill = pygame.Rect(r.x + 18 + title.get_width(), r.y + 6,
                                   tag.get_width() + 12, tag.get_height() + 2)
                pygame.draw.rect(surface, GREEN, pill, border_radius=9)
                surface.blit(tag, (pill.x + 6, pill.y + 1))
            if it.subtitle:
                lines = wrap(fonts.small, it.subtitle, r.w - 20)
                if len(lines) > self.lines:
                    lines = lines[:self.lines]
                    last = lines[-1]
                    while last and fonts.small.size(last + "\u2026")[0] > r.w - 20:
                        last = last[:-2]
                    lines[-1] = last.rstrip() + "\u2026"
                for j, ln in enumerate(lines):
                    surface.blit(fonts.render(fonts.small, ln, DIM), (r.x + 10, r.y + 29 + 22 * j))
        self._more_signs(surface, fonts)
        surface.set_clip(clip)

    def hidden(self) -> tuple[int, int]:
        """How many entries are out of sight above and below (the list scrolls)."""
        if not self.items or self.rect.h <= 0:
            return 0, 0
        entries = [k for k, it in enumerate(self.items) if not it.heading]
        above = sum(1 for k in entries if self.row_rect(k).top < self.rect.top)
        below = sum(1 for k in entries if self.row_rect(k).bottom > self.rect.bottom)
        return above, below

    def group_in_sight(self) -> str:
        """The heading of the group the first entry in sight belongs to, when that heading
        has scrolled out of sight above ("" if it is in sight, or there is none)."""
        first = next((k for k in range(len(self.items))
                      if self.row_rect(k).top >= self.rect.top), None)
        if first is None or self.items[first].heading:
            return ""
        return next((self.items[k].title for k in range(first - 1, -1, -1)
                     if self.items[k].heading), "")

    def _more_signs(self, surface: pygame.Surface, fonts: Fonts) -> None:
        """A strip at the list's foot (and head) counting the entries out of sight, so a
        short window still says there are more; the strip at the head names the group
        scrolled into (its heading out of sight)."""
        above, below = self.hidden()
        group = self.group_in_sight()
        for n, at_top in ((above, True), (below, False)):
            if not n:
                continue
            text = f"{n} more {'above' if at_top else 'below'}: wheel or " \
                   f"{'Up' if at_top else 'Down'}"
            if at_top and group:
                text = f"{group} ({n} more above)"
            t = fonts.render(fonts.small, fit(fonts.small, text, self.rect.w - 48), ORANGE)
            strip = pygame.Rect(self.rect.x + 2, 0, self.rect.w - 4, t.get_height() + 6)
            if at_top:
                strip.top = self.rect.top + 1
            else:
                strip.bottom = self.rect.bottom - 1
            pygame.draw.rect(surface, (34, 38, 46), strip)
            cx, cy = strip.x + 16, strip.centery
            tri = ([(cx - 6, cy + 4), (cx + 6, cy + 4), (cx, cy - 4)] if at_top else
                   [(cx - 6, cy - 4), (cx + 6, cy - 4), (cx, cy + 4)])
            pygame.draw.polygon(surface, ORANGE, tri)
            surface.blit(t, (strip.x + 30, strip.y + 3))


class ListDialog(Dialog):
    """A modal list to choose from (the saved games), with Open and Cancel."""

    def __init__(self, title: str, items: list[ListItem], on_pick: Callable[[int], None],
                 *, message: str = "", on_cancel: Callable[[], None] | None = None) -> None:
        super().__init__(title, message, [("Open", self._open), ("Cancel", self.close)],
                         on_cancel=on_cancel, width=760)
        self.list = ListBox(items, on_activate=self._pick)
        if items:
            self.list.selected = 0
        self.on_pick = on_pick

    def _open(self) -> None:
        if self.list.selected is not None:
            self._pick(self.list.selected)

    def _pick(self, k: int) -> None:
        self.closed = True
        self.on_pick(k)

    def handle(self, e: pygame.event.Event) -> bool:
        if self.list.handle(e):
            return True
        return super().handle(e)

    def layout(self, size: tuple[int, int], fonts: Fonts) -> list[str]:
        lines = super().layout(size, fonts)
        lh = fonts.body.get_linesize()
        h = min(size[1] - 60, 150 + lh * len(lines) + 6 * ListBox.ROW)
        self.rect.h = h
        self.rect.center = (size[0] // 2, size[1] // 2)
        top = self.rect.y + 62 + lh * len(lines) + (8 if lines else 0)
        self.list.rect = pygame.Rect(self.rect.x + 20, top, self.rect.w - 40,
                                     self.rect.bottom - 64 - top)
        for b in self.buttons:
            b.rect.y = self.rect.bottom - 52
        return lines

    def draw(self, surface: pygame.Surface, fonts: Fonts, mouse: tuple[int, int]) -> None:
        super().draw(surface, fonts, mouse)
        if self.list.items:
            self.list.draw(surface, fonts, mouse)
        else:
            surface.blit(fonts.render(fonts.body, "No saved games yet (Ctrl+S saves one).",
                                      DIM), (self.list.rect.x + 10, self.list.rect.y + 10))
