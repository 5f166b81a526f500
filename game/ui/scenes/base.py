"""What every scene offers the window (the loop's three steps plus a few hooks), and what
a scene may ask of the window: :class:`Host`, the narrow interface scenes are given
instead of the whole app (game.ui.app imports the scenes; no scene imports game.ui.app).
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, Any, Protocol, TypeVar

import pygame

from game.ui.widgets import Button

if TYPE_CHECKING:
    from game.core.match import Match
    from game.ui.sound import Sounds
    from game.ui.widgets import Dialog, Fonts, Toasts

T = TypeVar("T")


class Host(Protocol):
    """The window a scene runs in, as scenes see it: its fonts, its toasts, sounds and
    dialogs, the screen, and the ways to another scene. (game.ui.app.App is the one.)"""

    fonts: Fonts
    toasts: Toasts
    sounds: Sounds
    modals: list[Dialog]
    """The dialogs open over the scene, newest last."""
    screen: pygame.Surface
    dirty: bool
    """Set to have the next frame drawn."""
    screenshot_mode: bool
    """The window draws one frame for --screenshot and closes (no autosave, no waits)."""
    level_specs: list[str]
    """The command line's ``--ai-level`` values (``hard``, ``raiders=easy``): the
    computer's strength the picker offers first."""

    def switch(self, scene: Scene) -> None:
        """Show ``scene`` from the next frame on."""
        ...

    def show_picker(self) -> None:
        """Back to the scenario picker."""
        ...

    def show_demos(self) -> None:
        """The rules browser: every rule with a demo."""
        ...

    def open_demo(self, name: str, on_exit: Callable[[], None] | None = None) -> None:
        """The demo of a rule (by rule id, file name or title); Esc there runs
        ``on_exit`` (the rules browser if None)."""
        ...

    def open_replay(self, match: Match[Any], on_exit: Callable[[], None] | None = None
                    ) -> None:
        """Step through ``match``'s actions from its start."""
        ...

    def new_match(self, scenario_key: str, controllers: dict[str, str],
                  seed: int | None = None, levels: dict[str, str] | None = None) -> None:
        """A new game of a scenario, with who plays each side (and the computer's
        strength for each side it plays, normal if not given)."""
        ...

    def resume(self, path: Path | None = None) -> bool:
        """The unfinished game at ``path`` (the autosave if None), as it was left."""
        ...

    def open_history_dialog(self) -> None:
        """The list of finished games (one picked is watched again)."""
        ...

    def open_load_dialog(self) -> None:
        """The list of saved games."""
        ...

    def quit(self) -> None:
        """Close the window (once the scene has kept what it must)."""
        ...

    def guard(self, fn: Callable[..., T], *args: Any) -> T | None:
        """Run ``fn``; a player's error or a crash becomes an error box."""
        ...

    def error(self, message: str, title: str = "That did not work") -> None:
        """An error box saying ``message`` (the game stays as it was)."""
        ...

    def confirm(self, title: str, message: str, yes: str, on_yes: Callable[[], None],
                no: str = "Cancel") -> None:
        """A question: ``yes`` runs ``on_yes``, ``no`` changes nothing."""
        ...

    def toggle_help(self) -> None:
        """Show or hide the help overlay (the scene's keys and legend)."""
        ...

    def take_fast(self) -> bool:
        """Whether the game starting now plays the computer at x4 (once, for --fast)."""
        ...


class Scene:
    """One screen of the app (picker, match, end). The app calls, each frame:
    ``handle(event)`` for every event, ``update(dt)``, then ``draw(surface)``."""

    def __init__(self, app: Host) -> None:
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
