"""The window: one pygame loop that runs the current scene (picker, match, end).

``main(args)`` opens it; tests build an :class:`App` and call :meth:`App.step` after
posting events. Errors meant for players (:class:`GameError`) always become an error box
and leave the game as it was; any other exception in a scene action is logged to stderr
and shown in an error box too, except under tests (``raise_errors``), where it raises.
"""

from __future__ import annotations

import argparse
import os
import sys
import time
import traceback
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, Any, TypeVar

os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

import pygame  # noqa: E402

from game.core.errors import GameError, printable  # noqa: E402
from game.core.heap import settle  # noqa: E402
from game.ui import saves  # noqa: E402
from game.ui.scenes.base import Scene  # noqa: E402
from game.ui.widgets import (  # noqa: E402
    BG,
    VERMILLION,
    Dialog,
    Fonts,
    HelpOverlay,
    Toasts,
)

if TYPE_CHECKING:
    from game.ui.sound import Sounds

TITLE = "Skirmish Table"
SIZE = (1280, 720)
"""The window's size on a screen that has room for it."""
MIN_SIZE = (800, 500)
"""The smallest window the layout is made for."""
DESKTOP_MARGIN = (60, 100)
"""Room left round the window on a smaller screen (title bar, task bar)."""
FPS = 60
ROOT = Path(__file__).resolve().parents[2]
ICON = ROOT / "sprites" / "ui" / "icon.png"

T = TypeVar("T")

GLOBAL_KEYS: list[tuple[str, str]] = [
    ("F1", "show or hide this help"),
    ("Esc", "close a dialog; in a game, back to the scenarios (asks first)"),
    ("Ctrl+O", "open a saved game"),
    ("M", "sound off or on (dice, blows, falls)"),
]


def window_size(wanted: tuple[int, int], desktops: list[tuple[int, int]]
                ) -> tuple[int, int]:
    """The size to open the window at: ``wanted``, but no larger than the first desktop
    less a margin (so it does not hang off a small screen), and never below MIN_SIZE."""
    if not desktops or min(desktops[0]) <= 0:
        return wanted
    dw, dh = desktops[0]
    return (max(MIN_SIZE[0], min(wanted[0], dw - DESKTOP_MARGIN[0])),
            max(MIN_SIZE[1], min(wanted[1], dh - DESKTOP_MARGIN[1])))


class App:
    """The window, its fonts, the current scene, and the dialogs over it."""

    def __init__(self, args: argparse.Namespace | None = None, *,
                 size: tuple[int, int] | None = None,
                 raise_errors: bool | None = None) -> None:
        self.args = args if args is not None else argparse.Namespace()
        self.fast = bool(getattr(self.args, "fast", False))
        self.seed_arg: int | None = getattr(self.args, "seed", None)
        self.raise_errors = ("PYTEST_CURRENT_TEST" in os.environ if raise_errors is None
                             else raise_errors)
        self.screenshot_mode = bool(getattr(self.args, "screenshot", None))
        self.level_specs: list[str] = list(getattr(self.args, "ai_level", None) or [])
        pygame.display.init()
        pygame.font.init()
        if ICON.is_file():
            try:
                pygame.display.set_icon(pygame.image.load(str(ICON)))
            except pygame.error:
                pass
        pygame.display.set_caption(TITLE)
        if size is None:
            size = getattr(self.args, "size", None)  # --size
        if size is None:  # the default fits the screen (a headless driver has none)
            size = SIZE if pygame.display.get_driver() in ("dummy", "offscreen") else \
                window_size(SIZE, pygame.display.get_desktop_sizes())
        self.screen = pygame.display.set_mode(size, pygame.RESIZABLE)
        pygame.key.set_repeat(350, 40)
        self.fonts = Fonts()
        self.toasts = Toasts()
        self._sounds: Sounds | None = None
        self.modals: list[Dialog] = []
        self.clock = pygame.time.Clock()
        self.running = True
        self._asked_to_close = False
        self.dirty = True
        self.scene: Scene = _Blank(self)
        self._seed_counter = 0

    @property
    def sounds(self) -> Sounds:
        """The sounds, the mixer started when the first one is wanted (a sound or M):
        the first frame does not wait for it, and --screenshot never opens it."""
        if self._sounds is None:
            from game.ui.sound import Sounds

            self._sounds = Sounds(muted=bool(os.environ.get("SKIRMISH_MUTE")))
        return self._sounds

    @sounds.setter
    def sounds(self, sounds: Sounds) -> None:
        self._sounds = sounds

    # ================================================================ scenes
    def switch(self, scene: Scene) -> None:
        self.scene = scene
        scene.resize(self.screen.get_size())
        self.dirty = True

    def show_picker(self) -> None:
        from game.ui.scenes.picker import PickerScene

        self.switch(PickerScene(self))

    def take_fast(self) -> bool:
        """Whether the game starting now plays the computer at x4 (--fast gives that to
        the first game only; Space toggles it in any game)."""
        fast, self.fast = self.fast, False
        return fast

    def show_demos(self) -> None:
        """The rules browser: every rule with a demo."""
        from game.ui.scenes.demos import DemosScene

        self.modals.clear()
        self.switch(DemosScene(self))

    def open_demo(self, name: str, on_exit: Callable[[], None] | None = None) -> None:
        """Show the demo of a rule (by rule id, file name or title); Esc there runs
        ``on_exit`` (a new rules browser if None)."""
        from game.rules.demos import find_demo
        from game.ui.scenes.replay import DemoScene

        demo = find_demo(name)
        demo.check()
        self.modals.clear()
        self.switch(DemoScene(self, demo, on_exit=on_exit or self.show_demos))

    def open_replay(self, match: Any, on_exit: Callable[[], None] | None = None) -> None:
        """Step through ``match``'s actions from its start (a finished game or a save);
        Ctrl+S there saves ``match`` whole."""
        from game.core.match import Match
        from game.ui.scenes.replay import ReplayScene

        start = Match(match.scenario, match.ruleset, match.map, match.seed)
        start.meta = dict(match.meta)
        self.switch(ReplayScene(self, start, match.actions, on_exit=on_exit, record=match))

    def replay_save(self, path: str | Path) -> bool:
        """Open the replay viewer on a saved game; on any error show it and keep going."""
        from game.rules import load_match

        m = self.guard(load_match, path)
        if m is None:
            return False
        self.open_replay(m)
        return True

    def view_map(self, path: str | Path) -> bool:
        """Show a map file as the game reads it, in its kind's view or the plain one
        (``--view-map``); a map that cannot be read is said in the error box."""
        from game.boards.tiled import load_map
        from game.ui.scenes.map_view import MapScene

        loaded = self.guard(load_map, path)
        if loaded is None:
            return False
        scene = self.guard(MapScene, self, loaded, self.screen.get_size())
        if scene is None:
            return False
        self.modals.clear()
        self.switch(scene)
        return True

    def new_seed(self) -> int:
        """A fresh seed per game (from the clock; --seed fixes the first one)."""
        self._seed_counter += 1
        if self.seed_arg is not None:
            return self.seed_arg + self._seed_counter - 1
        return (time.time_ns() // 1000 + self._seed_counter) % 2_000_000_000

    def start_match(self, match: Any, controllers: dict[str, str],
                    levels: dict[str, str] | None = None) -> None:
        """Play ``match`` with ``controllers`` (side -> "human" | "computer") and the
        computer's ``levels`` (side -> easy | normal | hard; a save's own if None)."""
        from game.ui.scenes.match import MatchScene
        from game.ui.scenes.thinking import META_KEY

        match.meta["controllers"] = dict(controllers)
        if levels is not None:
            match.meta[META_KEY] = dict(levels)
        self.switch(MatchScene(self, match))

    def new_match(self, scenario_key: str, controllers: dict[str, str],
                  seed: int | None = None, levels: dict[str, str] | None = None) -> None:
        """Start a new game of the scenario named ``scenario_key`` (or a .toml path)."""
        from game.rules import open_match

        m = open_match(scenario_key, self.new_seed() if seed is None else seed)
        self.start_match(m, controllers, levels)

    def open_save(self, path: str | Path) -> bool:
        """Replace the current game with a saved one; on any error show it and keep going."""
        from game.rules import load_match

        m = self.guard(load_match, path)
        if m is None:
            return False
        self.start_match(m, saves.controllers_of(m))
        self.toasts.show(f"Opened {printable(Path(path).name)} (turn {m.turn}).")
        return True

    def resume(self, path: Path | None = None) -> bool:
        """The unfinished game at ``path`` (the autosave if None), as it was left."""
        return self.open_save(saves.autosave_path() if path is None else path)

    def open_history_dialog(self) -> None:
        """The list of finished games, newest first: one picked is watched again."""
        from game.ui.listbox import ListDialog, ListItem

        infos = saves.finished_games()
        items = [ListItem(i.title(), i.detail(), data=i.path, enabled=i.readable)
                 for i in infos]

        def pick(k: int) -> None:
            self.replay_save(infos[k].path)

        self.push_modal(ListDialog(
            "Watch a finished game again", items, pick,
            message=(f"Every finished game is kept in "
                     f"{printable(str(saves.history_dir()))}" if infos else
                     "No finished game yet: every game played to its end is kept here.")))

    def open_load_dialog(self) -> None:
        """Ctrl+O: the list of saved games in the data folder."""
        from game.ui.listbox import ListDialog, ListItem

        infos = saves.list_saves()
        items = [ListItem(i.title(), i.detail(), data=i.path) for i in infos]

        def pick(k: int) -> None:
            self.open_save(infos[k].path)

        self.push_modal(ListDialog(
            "Open a saved game", items, pick,
            message=f"Saves in {printable(str(saves.saves_dir()))}"))

    # ================================================================ dialogs
    def push_modal(self, d: Dialog) -> None:
        self.modals.append(d)
        self.dirty = True

    def error(self, message: str, title: str = "That did not work") -> None:
        """Show ``message`` in an error box (the game stays as it was)."""
        if self.modals and self.modals[-1].message == message:
            return  # the same failure again (e.g. every frame): one box is enough
        self.push_modal(Dialog(title, message, [("OK", lambda: None)], accent=VERMILLION))

    def confirm(self, title: str, message: str, yes: str, on_yes: Callable[[], None],
                no: str = "Cancel") -> None:
        self.push_modal(Dialog(title, message, [(yes, on_yes), (no, lambda: None)]))

    def error_shown(self) -> str | None:
        """The message of the error box on top, if one is open (for tests)."""
        for d in reversed(self.modals):
            if d.accent == VERMILLION:
                return d.message
        return None

    def toggle_help(self) -> None:
        if self.modals and isinstance(self.modals[-1], HelpOverlay):
            self.modals.pop()
        else:
            rows = self.scene.help_rows() + GLOBAL_KEYS
            self.push_modal(HelpOverlay(rows, lambda: None,
                                        extra=("Rules and demos", self.show_demos),
                                        legend=self.scene.legend()))
        self.dirty = True

    # ================================================================ errors
    def guard(self, fn: Callable[..., T], *args: Any) -> T | None:
        """Run a scene action; a GameError or a crash becomes an error box."""
        try:
            return fn(*args)
        except GameError as e:
            self.error(str(e))
        except Exception as e:  # noqa: BLE001 - the window must survive a bug
            if self.raise_errors:
                raise
            traceback.print_exc(file=sys.stderr)
            self.error(f"An unexpected problem: {type(e).__name__}: {e}. The details went to "
                       "the terminal; the game is as it was before.", "Something went wrong")
        return None

    # ================================================================ the loop
    def dispatch(self, e: pygame.event.Event) -> None:
        if e.type == pygame.QUIT:
            self.quit()
            return
        if e.type in (pygame.VIDEORESIZE, pygame.WINDOWSIZECHANGED):
            self.scene.resize(self.screen.get_size())
            self.dirty = True
            return
        if e.type in (pygame.VIDEOEXPOSE, pygame.WINDOWEXPOSED, pygame.WINDOWSHOWN):
            self.dirty = True
            return
        if e.type in (pygame.MOUSEMOTION, pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP,
                      pygame.MOUSEWHEEL, pygame.KEYDOWN, pygame.KEYUP):
            self.dirty = True
        else:
            return
        if e.type == pygame.KEYDOWN and e.key == pygame.K_F1:
            self.toggle_help()
            return
        if self.modals:
            top = self.modals[-1]
            top.handle(e)
            self.modals = [d for d in self.modals if not d.closed]
            return
        ctrl = e.type == pygame.KEYDOWN and bool(e.mod & pygame.KMOD_CTRL)
        if ctrl and e.key == pygame.K_o:
            self.open_load_dialog()
            return
        if e.type == pygame.KEYDOWN and e.key == pygame.K_m and not ctrl:
            muted = self.sounds.toggle_mute()
            self.toasts.show("Sound off (M turns it on)." if muted else "Sound on.", ttl=2)
            return
        if e.type == pygame.KEYDOWN and e.key == pygame.K_ESCAPE:
            self.scene.escape()
            return
        self.scene.handle(e)

    def step(self, dt: float | None = None) -> bool:
        """One frame: events, update, draw if needed. False once the app should close."""
        if dt is None:
            dt = self.clock.tick(FPS) / 1000.0
        for e in pygame.event.get():
            self.guard(self.dispatch, e)
            if not self.running:
                return False
        self.guard(self.scene.update, dt)
        if self.toasts.update(dt):
            self.dirty = True
        if self.dirty or self.scene.busy() or self.toasts.items:
            self.guard(self.draw)
            pygame.display.flip()
        return self.running

    def draw(self) -> None:
        self.dirty = False
        surface = self.screen
        self.scene.draw(surface)
        mouse = pygame.mouse.get_pos()
        self.toasts.draw(surface, self.fonts, surface.get_height() - 24)
        for d in self.modals:
            d.draw(surface, self.fonts, mouse)

    def run(self) -> int:
        settle()  # what start-up made lives as long as the window: out of the collector's walks
        try:
            while self.step():
                pass
        finally:
            pygame.quit()
        return 0

    def quit(self) -> None:
        """Close the window once the scene has kept what it must (a game in progress
        writes the autosave). If it cannot (a GameError, e.g. the data folder is
        read-only), the window stays open to say so and asks first; a second request to
        close while it asks closes."""
        if self._asked_to_close:
            self.running = False
            return
        try:
            self.scene.on_quit()
        except GameError as e:
            self._asked_to_close = True

            def stay() -> None:
                self._asked_to_close = False

            self.push_modal(Dialog("The game is not saved",
                                   f"{e}. Close anyway, losing it, or stay and save it "
                                   "elsewhere?",
                                   [("Close anyway", self._close), ("Stay", stay)],
                                   accent=VERMILLION, on_cancel=stay))
            return
        except Exception:  # noqa: BLE001 - a bug must not keep the window open
            if self.raise_errors:
                raise
            traceback.print_exc(file=sys.stderr)
        self.running = False

    def _close(self) -> None:
        self.running = False

    def screenshot(self, path: str | Path) -> None:
        """Draw the current frame and write it as PNG; GameError saying why if it cannot
        be written there."""
        target = Path(path)
        self.scene.update(0.0)
        self.draw()
        pygame.display.flip()
        if target.is_dir():
            raise GameError(f"--screenshot {path}: that is a folder; give a file name "
                            "such as shot.png")
        if target.exists() and not target.is_file():  # a pipe or a device would block
            raise GameError(f"--screenshot {path}: that is not a regular file; give a new "
                            "file name or an existing picture file")
        try:
            target.parent.mkdir(parents=True, exist_ok=True)
            pygame.image.save(self.screen, str(target))
        except (OSError, ValueError, pygame.error) as e:
            why = e.strerror if isinstance(e, OSError) and e.strerror else str(e)
            raise GameError(f"--screenshot {path}: cannot be written ({why})") from None


class _Blank(Scene):
    def draw(self, surface: pygame.Surface) -> None:
        surface.fill(BG)


def _controllers(scenario_sides: dict[str, str], ai: str | None) -> dict[str, str]:
    """--ai SIDES: a side key or name, a comma list, 'all' or 'none'; others are human."""
    names = {s.strip().lower() for s in (ai or "").split(",") if s.strip()}
    out = {}
    for key, name in scenario_sides.items():
        comp = "all" in names or key.lower() in names or name.lower() in names
        out[key] = saves.COMPUTER if comp else saves.HUMAN
    known = {k.lower() for k in scenario_sides} | {n.lower() for n in scenario_sides.values()}
    unknown = names - known - {"all", "none"}
    if unknown:
        raise GameError(f"--ai: no side called {', '.join(sorted(unknown))} "
                        f"(sides: {', '.join(scenario_sides)})")
    return out


def build(args: argparse.Namespace, *, raise_errors: bool | None = None) -> App:
    """The app with its first scene chosen from the command line: the picker, unless
    the command line opens something else (then the picker is made only if that fails,
    to lie under the error box)."""
    app = App(args, raise_errors=raise_errors)
    if getattr(args, "demo", None):
        app.guard(app.open_demo, args.demo)
    elif getattr(args, "lesson", None):
        from game.ui.scenes.lesson import open_lesson

        app.guard(open_lesson, app, args.lesson)
    elif getattr(args, "replay", None):
        app.replay_save(args.replay)
    elif getattr(args, "view_map", None):
        app.view_map(args.view_map)
    elif getattr(args, "load", None):
        app.open_save(args.load)
    elif getattr(args, "scenario", None):
        from game.rules import open_match

        def start() -> None:
            from game.ai.levels import parse_levels

            m = open_match(args.scenario, app.new_seed())
            app.start_match(m, _controllers(m.scenario.sides, getattr(args, "ai", None)),
                            parse_levels(app.level_specs, list(m.scenario.sides)))

        app.guard(start)
    if isinstance(app.scene, _Blank):
        app.show_picker()
    return app


def main(args: argparse.Namespace) -> int:
    """Open the window (``python main.py``); with --screenshot draw one frame and exit.

    With --screenshot, an error the window would show (a bad scenario or save) and a
    screenshot that cannot be written are printed as one line ``error: <message>`` on
    stderr with exit code 2; so is a window that cannot be opened at all.
    """
    shot = getattr(args, "screenshot", None)
    if shot and not (os.environ.get("DISPLAY") or os.environ.get("WAYLAND_DISPLAY")):
        os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    if shot:
        os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    try:
        app = build(args)
    except pygame.error as e:
        print(f"error: the window cannot be opened: {e}", file=sys.stderr)
        return 2
    if shot:
        try:
            app.screenshot(shot)
        except GameError as e:
            print(f"error: {e}", file=sys.stderr)
            return 2
        finally:
            pygame.quit()
        shown = app.error_shown()
        if shown is not None:
            print(f"error: {shown}", file=sys.stderr)
            return 2
        return 0
    return app.run()
