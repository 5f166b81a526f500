"""Learn to play: the lessons, one guided first game per rule system; pick one to play
it (game.ui.scenes.lesson)."""

from __future__ import annotations

import pygame

from game.rules.lessons import Lesson, list_lessons
from game.ui.listbox import ListBox, ListItem
from game.ui.scenes.base import Host, Scene
from game.ui.scenes.demos import text_block
from game.ui.widgets import (
    BG,
    DIM,
    FAINT,
    ORANGE,
    TEXT,
    YELLOW,
    Button,
    draw_panel,
    fit,
    wrap,
)


def show_lessons(app: Host) -> None:
    """The list of lessons, in place of the scene shown now."""
    app.modals.clear()
    app.switch(LessonsScene(app))


class LessonsScene(Scene):
    """Choose a rule system and play its guided first game."""

    def __init__(self, app: Host) -> None:
        super().__init__(app)
        self.lessons: list[Lesson] = list_lessons()
        items = [ListItem(x.system, f"{x.title}: {len(x.steps)} steps") for x in self.lessons]
        self.list = ListBox(items, on_select=self.select, on_activate=self.activate)
        self.start = Button("Start the lesson", self.start_selected, name="start",
                            hint="Enter", accent=ORANGE, primary=True)
        self.back = Button("Back to the scenarios", app.show_picker, name="back", hint="Esc")
        self.buttons = [self.start, self.back]
        if self.lessons:
            self.list.selected = 0

    @property
    def lesson(self) -> Lesson | None:
        k = self.list.selected
        return self.lessons[k] if k is not None and 0 <= k < len(self.lessons) else None

    def select(self, k: int | None) -> None:
        self.app.dirty = True

    def activate(self, k: int) -> None:
        self.list.selected = k
        self.start_selected()

    def start_selected(self) -> None:
        from game.ui.scenes.lesson import open_lesson

        x = self.lesson
        if x is not None:
            self.app.guard(open_lesson, self.app, x.key, lambda: show_lessons(self.app))

    def handle(self, e: pygame.event.Event) -> None:
        if e.type == pygame.KEYDOWN and e.key in (pygame.K_RETURN, pygame.K_KP_ENTER):
            self.start_selected()
            return
        if self.list.handle(e):
            return
        for b in self.buttons:
            if b.handle(e):
                return

    def escape(self) -> None:
        self.app.show_picker()

    def help_rows(self) -> list[tuple[str, str]]:
        return [("Click / Up, Down", "choose a rule system"),
                ("Double-click / Enter", "start its lesson"),
                ("Esc", "back to the scenarios")]

    def resize(self, size: tuple[int, int]) -> None:
        w, h = size
        left = max(300, int(w * 0.42))
        self.list.rect = pygame.Rect(40, 130, left, h - 170)
        self.detail = pygame.Rect(left + 70, 130, w - left - 110, h - 170)
        x, bw = self.detail.x + 24, self.detail.w - 48
        self.back.rect = pygame.Rect(x, self.detail.bottom - 60, bw, 36)
        self.start.rect = pygame.Rect(x, self.detail.bottom - 116, bw, 44)

    def draw(self, surface: pygame.Surface) -> None:
        f = self.app.fonts
        surface.fill(BG)
        mouse = pygame.mouse.get_pos()
        surface.blit(f.render(f.title, "Learn to play", TEXT), (40, 34))
        surface.blit(f.render(f.body, fit(f.body, "A short first game of each rule system: "
                                          "each step asks you to do one thing and says what "
                                          "it did.", surface.get_width() - 84), DIM), (42, 84))
        self.list.draw(surface, f, mouse)
        draw_panel(surface, self.detail)
        x, y = self.detail.x + 24, self.detail.y + 20
        width = self.detail.w - 48
        lesson = self.lesson
        if lesson is None:
            surface.blit(f.render(f.body, "No lessons found in maps/lessons.", FAINT), (x, y))
        else:
            for ln in wrap(f.head, f"{lesson.system}: {lesson.title}", width)[:2]:
                surface.blit(f.render(f.head, ln, YELLOW), (x, y))
                y += f.head.get_linesize()
            y += 12
            limit = self.start.rect.top - 16
            y = text_block(surface, f, lesson.text, (x, y), width, limit,
                           "(the lesson's first caption says it whole)")
            y += 10
            if y + 24 < limit:
                surface.blit(f.render(f.small, f"{len(lesson.steps)} steps on "
                                      f"{lesson.scenario.name}", DIM), (x, y))
        for b in self.buttons:
            b.draw(surface, f, mouse)
