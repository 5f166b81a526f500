"""The rules browser: every demo, grouped under its rule system's name and in rule order
within it, with what the rule says; pick one to watch it (Esc there comes back to the
list where it was)."""

from __future__ import annotations

import pygame

from game.rules import get_ruleset
from game.rules.demos import Demo, list_demos
from game.ui.listbox import ListBox, ListItem
from game.ui.scenes.base import Host, Scene
from game.ui.widgets import (
    BG,
    DIM,
    FAINT,
    ORANGE,
    TEXT,
    YELLOW,
    Button,
    Fonts,
    draw_panel,
    fit,
    wrap,
)


def system_of(demo: Demo) -> str:
    """The name of the rule system a demo shows ("Melee on heights")."""
    return str(get_ruleset(demo.scenario.ruleset).title)


def group_by_system(demos: list[Demo]) -> list[tuple[str, list[Demo]]]:
    """``demos`` under their rule systems' names (in the names' order), each group in the
    order given (rule order)."""
    groups: dict[str, list[Demo]] = {}
    for d in demos:
        groups.setdefault(system_of(d), []).append(d)
    return sorted(groups.items())


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


class DemosScene(Scene):
    """Choose a rule and watch it shown on the table, step by step."""

    def __init__(self, app: Host) -> None:
        super().__init__(app)
        self.rows: list[Demo | None] = []
        """The demo of each row of the list (None: a rule system's heading)."""
        items: list[ListItem] = []
        for system, demos in group_by_system(list_demos()):
            items.append(ListItem(system, heading=True))
            self.rows.append(None)
            for d in demos:
                items.append(ListItem(f"{d.rule}  {d.title}",
                                      d.scenario.name.removeprefix("Demo: ")))
                self.rows.append(d)
        self.demos: list[Demo] = [d for d in self.rows if d is not None]
        self.list = ListBox(items, on_select=self.select, on_activate=self.activate)
        self.show = Button("Show this rule", self.show_selected, name="show", hint="Enter",
                           accent=ORANGE, primary=True)
        self.back = Button("Back to the scenarios", app.show_picker, name="back", hint="Esc")
        self.buttons = [self.show, self.back]
        first = next((k for k, d in enumerate(self.rows) if d is not None), None)
        if first is not None:
            self.list.selected = first

    @property
    def demo(self) -> Demo | None:
        k = self.list.selected
        return self.rows[k] if k is not None and 0 <= k < len(self.rows) else None

    def select(self, k: int | None) -> None:
        self.app.dirty = True

    def activate(self, k: int) -> None:
        self.list.selected = k
        self.show_selected()

    def show_selected(self) -> None:
        d = self.demo
        if d is not None:  # Esc there comes back to this list, where it was
            self.app.guard(self.app.open_demo, d.key, self.come_back)

    def come_back(self) -> None:
        """Back from a demo: this very list, scrolled and chosen as it was left."""
        self.app.modals.clear()
        self.app.switch(self)

    def handle(self, e: pygame.event.Event) -> None:
        if e.type == pygame.KEYDOWN and e.key in (pygame.K_RETURN, pygame.K_KP_ENTER):
            self.show_selected()
            return
        if self.list.handle(e):
            return
        for b in self.buttons:
            if b.handle(e):
                return

    def escape(self) -> None:
        self.app.show_picker()

    def help_rows(self) -> list[tuple[str, str]]:
        return [("Click / Up, Down", "choose a rule"), ("Double-click / Enter", "show it"),
                ("Esc", "back to the scenarios")]

    def resize(self, size: tuple[int, int]) -> None:
        w, h = size
        left = max(360, int(w * 0.42))
        self.list.rect = pygame.Rect(40, 130, left, h - 170)
        self.detail = pygame.Rect(left + 70, 130, w - left - 110, h - 170)
        x, bw = self.detail.x + 24, self.detail.w - 48
        self.back.rect = pygame.Rect(x, self.detail.bottom - 60, bw, 36)
        self.show.rect = pygame.Rect(x, self.detail.bottom - 116, bw, 44)

    def draw(self, surface: pygame.Surface) -> None:
        f = self.app.fonts
        surface.fill(BG)
        mouse = pygame.mouse.get_pos()
        surface.blit(f.render(f.title, "Rules and demos", TEXT), (40, 34))
        surface.blit(f.render(f.body, fit(f.body, "Each rule with a worked example, set up on "
                                          "the table and played step by step with its "
                                          "dice.", surface.get_width() - 84), DIM), (42, 84))
        self.list.draw(surface, f, mouse)
        draw_panel(surface, self.detail)
        x, y = self.detail.x + 24, self.detail.y + 20
        width = self.detail.w - 48
        d = self.demo
        if d is None:
            surface.blit(f.render(f.body, "No demos found in maps/demos.", FAINT), (x, y))
        else:
            for ln in wrap(f.head, f"{d.rule}: {d.title}", width)[:2]:
                surface.blit(f.render(f.head, ln, YELLOW), (x, y))
                y += f.head.get_linesize()
            y += 4
            surface.blit(f.render(f.small, fit(f.small, system_of(d), width), DIM), (x, y))
            y += 26
            limit = self.show.rect.top - 16
            y = text_block(surface, f, d.text, (x, y), width, limit,
                           "(the demo shows it whole: Enter)")
            y += 10
            if y + 24 < limit:
                n = len(d.steps)
                surface.blit(f.render(f.small, f"{n} step{'s' if n != 1 else ''} on "
                                               f"{d.scenario.name}", DIM), (x, y))
        for b in self.buttons:
            b.draw(surface, f, mouse)

