"""What every scene offers the app: the loop's three steps plus a few hooks."""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from game.ui.widgets import Button

if TYPE_CHECKING:
    from game.ui.app import App


class Scene:
    """One screen of the app (picker, match, end). The app calls, each frame:
    ``handle(event)`` for every event, ``update(dt)``, then ``draw(surface)``."""

    def __init__(self, app: App) -> None:
        self.app = app
        self.buttons: list[Button] = []

    # ---------------------------------------------------------------- the loop
    def handle(self, e: pygame.event.Event) -> None:
        for b in self.buttons:
            if b.handle(e):
                self.app.dirty = True
                return

    def update(self, dt: float) -> None:
        """Advance timers and animations (dt in seconds)."""

    def draw(self, surface: pygame.Surface) -> None:
        raise NotImplementedError

    # ---------------------------------------------------------------- hooks
    def resize(self, size: tuple[int, int]) -> None:
        """The window changed size: lay things out again."""

    def busy(self) -> bool:
        """True while something moves on screen (the app keeps drawing every frame)."""
        return False

    def help_rows(self) -> list[tuple[str, str]]:
        """Keys and mouse actions of this scene for the F1 overlay."""
        return []

    def legend(self) -> list[tuple[pygame.Surface, str]]:
        """What each mark the scene draws means (icon, words), for the help overlay."""
        return []

    def escape(self) -> None:
        """Esc with no dialog open."""

    def on_quit(self) -> None:
        """The window is closing: keep what must not be lost."""

    def button(self, name: str) -> Button | None:
        """The button called ``name`` (tests click buttons by name)."""
        for b in self.buttons:
            if b.name == name or b.label == name:
                return b
        return None
