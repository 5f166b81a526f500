"""The rules browser: every demo by rule, with what the rule says; pick one to watch it."""

from __future__ import annotations

import pygame

from game.rules.demos import Demo, list_demos
from game.ui.scenes.base import Host, Scene
from game.ui.widgets import (
    BG,
    DIM,
    FAINT,
    ORANGE,
    TEXT,
    YELLOW,
    Button,
    ListBox,
    ListItem,
    draw_panel,
    wrap,
)


class DemosScene(Scene):
    """Choose a rule and watch it shown on the table, step by step."""

    def __init__(self, app: Host) -> None:
        super().__init__(app)
        self.demos: list[Demo] = list_demos()
        items = [ListItem(f"{d.rule}  {d.title}", d.scenario.name) for d in self.demos]
        self.list = ListBox(items, on_select=self.select, on_activate=self.activate)
        self.show = Button("Show this rule", self.show_selected, name="show", hint="Enter",
                           accent=ORANGE, primary=True)
        self.back = Button("Back to the scenarios", app.show_picker, name="back", hint="Esc")
        self.buttons = [self.show, self.back]
        if self.demos:
            self.list.selected = 0

    @property
    def demo(self) -> Demo | None:
        k = self.list.selected
        return self.demos[k] if k is not None and 0 <= k < len(self.demos) else None

    def select(self, k: int | None) -> None:
        self.app.dirty = True

    def activate(self, k: int) -> None:
        self.list.selected = k
        self.show_selected()

    def show_selected(self) -> None:
        d = self.demo
        if d is not None:
            self.app.guard(self.app.open_demo, d.key)

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
        surface.blit(f.render(f.body, "Each rule with a worked example, set up on the table "
                              "and played step by step with its dice.", DIM), (42, 84))
        self.list.draw(surface, f, mouse)
        draw_panel(surface, self.detail)
        x, y = self.detail.x + 24, self.detail.y + 20
        width = self.detail.w - 48
        d = self.demo
        if d is None:
            surface.blit(f.render(f.body, "No demos found in maps/demos.", FAINT), (x, y))
        else:
            surface.blit(f.render(f.head, f"{d.rule}: {d.title}", YELLOW), (x, y))
            y += 40
            limit = self.show.rect.top - 16
            for ln in wrap(f.body, d.text, width):
                if y + f.body.get_linesize() > limit:
                    break
                surface.blit(f.render(f.body, ln, TEXT), (x, y))
                y += f.body.get_linesize()
            y += 10
            if y + 24 < limit:
                surface.blit(f.render(f.small, f"{len(d.steps)} steps on {d.scenario.name}",
                                      DIM), (x, y))
        for b in self.buttons:
            b.draw(surface, f, mouse)
