"""Learn to play: the lessons, one guided first game per rule system; pick one to play
it (game.ui.scenes.lesson)."""

from __future__ import annotations

import pygame

from game.rules.lessons import Lesson, list_lessons
from game.ui.listbox import ListItem
from game.ui.scenes.base import Host
from game.ui.scenes.browse import BrowseScene, text_block, title_block
from game.ui.widgets import (
    DIM,
    ORANGE,
    Button,
)


def show_lessons(app: Host) -> None:
    """The list of lessons, in place of the scene shown now."""
    app.modals.clear()
    app.switch(LessonsScene(app))


class LessonsScene(BrowseScene):
    """Choose a rule system and play its guided first game."""

    title = "Learn to play"
    intro = ("A short first game of each rule system: each step asks you to do one thing and "
             "says what it did.")
    empty = "No lessons found in maps/lessons."

    def __init__(self, app: Host) -> None:
        self.lessons: list[Lesson] = list_lessons()
        items = [ListItem(x.system, f"{x.title}: {len(x.steps)} steps") for x in self.lessons]
        self.start = Button("Start the lesson", self.start_selected, name="start",
                            hint="Enter", accent=ORANGE, primary=True)
        super().__init__(app, items, self.start)
        if self.lessons:
            self.list.selected = 0

    @property
    def lesson(self) -> Lesson | None:
        k = self.list.selected
        return self.lessons[k] if k is not None and 0 <= k < len(self.lessons) else None

    def start_selected(self) -> None:
        from game.ui.scenes.lesson import open_lesson

        x = self.lesson
        if x is not None:
            self.app.guard(open_lesson, self.app, x.key, lambda: show_lessons(self.app))

    def help_rows(self) -> list[tuple[str, str]]:
        return [("Click / Up, Down", "choose a rule system"),
                ("Double-click / Enter", "start its lesson"),
                ("Esc", "back to the scenarios")]

    def has_entry(self) -> bool:
        return self.lesson is not None

    def draw_entry(self, surface: pygame.Surface, at: tuple[int, int], width: int,
                   limit: int) -> None:
        f = self.app.fonts
        lesson = self.lesson
        assert lesson is not None
        x = at[0]
        y = title_block(surface, f, f"{lesson.system}: {lesson.title}", at, width) + 12
        y = text_block(surface, f, lesson.text, (x, y), width, limit,
                       "(the lesson's first caption says it whole)")
        y += 10
        if y + 24 < limit:
            surface.blit(f.render(f.small, f"{len(lesson.steps)} steps on "
                                  f"{lesson.scenario.name}", DIM), (x, y))
