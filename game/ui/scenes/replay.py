"""Watching a game again, and demos of a rule: a board scene stepping through a record.

:class:`ReplayScene` steps through a finished (or saved) game action by action, forward
and back, with the board, the pieces and the dice log in step; nothing is decided by
anyone, the actions come from the record. It is a board scene (game.ui.scenes.shell)
with a caption strip; it has no computer's pacing and no history of its own (the record
is its history). :class:`DemoScene` does the same with a demo (game.rules.demos): a small
position set up to show one rule, its worked example's dice, and a sentence per step
saying what it shows.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Any

import pygame

from game.core.events import Event
from game.core.places import Place
from game.core.ruleset import Action
from game.ui.controllers import Confirm, Reply
from game.ui.scenes.base import Host
from game.ui.scenes.shell.board import BoardScene
from game.ui.scenes.shell.caption import Caption, Line
from game.ui.widgets import DIM, ORANGE, SKY, TEXT, YELLOW, Button, draw_tooltip

if TYPE_CHECKING:
    from game.core.match import Match
    from game.rules.demos import Demo

PLAY_SECONDS = 1.2
"""Seconds between two actions while a replay plays by itself."""
LOOK_AHEAD = 3
"""Actions a replay looks ahead, past those of a whole side, for the piece to show."""
FIT_SHARE = 0.6
"""The whole board is shown when that is at least this share of the zoom onto the
demo's pieces."""
FRAME_ROOM = 0.8
"""Zoom factor that leaves room round the demo's pieces' zones."""
VIEW_KEYS = frozenset({pygame.K_UP, pygame.K_DOWN, pygame.K_PLUS, pygame.K_EQUALS,
                       pygame.K_KP_PLUS, pygame.K_MINUS, pygame.K_KP_MINUS, pygame.K_c,
                       pygame.K_l, pygame.K_PAGEUP, pygame.K_PAGEDOWN})
"""The board scene's shared keys a replay keeps (its arrows and Home step the record)."""


class ReplayScene(BoardScene):
    """A recorded game, stepped through action by action (see the module text)."""

    watching = True

    def __init__(self, app: Host, start: Match[Any], script: Sequence[Action], *,
                 title: str = "", intro: str = "", captions: Sequence[str] = (),
                 on_exit: Callable[[], None] | None = None,
                 record: Match[Any] | None = None) -> None:
        self.script = list(script)
        self.record = record
        """The whole game watched (Ctrl+S saves it), None for a demo."""
        self.pos = 0
        self.title = title or f"Replay: {start.scenario.name}"
        self.intro = intro
        self.captions = list(captions)
        self.playing = False
        self.play_timer = 0.0
        self.on_exit = on_exit
        self.caption_box = Caption(self, [intro, *captions])
        super().__init__(app, start)
        self.auto_select(force=app.screenshot_mode)
        self._preview()

    # ================================================================ the record
    def human_turn(self) -> bool:
        """Everything the side to act could do is shown (reach, targets), but only the
        record plays."""
        return self.m.outcome() is None and self.m.to_act() is not None

    @property
    def next_action(self) -> Action | None:
        return self.script[self.pos] if self.pos < len(self.script) else None

    def forward(self) -> bool:
        """Play the next recorded action (animated); False at the end."""
        a = self.next_action
        if a is None:
            self.playing = False
            return False
        events = self.m.apply(a)  # the record's actions are legal (it was played)
        self.pos += 1
        self._played(events, animate=True)
        self._preview()
        return True

    def _played(self, events: list[Event], animate: bool) -> None:
        self.after(events, animate)
        if self.m.outcome() is not None:
            self.playing = False  # the end of the record: it stays on the last position

    def back(self) -> bool:
        """Take back the last action played; False at the start."""
        if self.pos == 0:
            return False
        self.m.undo(1)
        self.pos -= 1
        self.went_back()
        self._preview()
        return True

    def to_start(self) -> None:
        self.playing = False
        if self.pos:
            self.m.undo(self.pos)
            self.pos = 0
            self.went_back()
            self._preview()

    def to_end(self) -> None:
        self.playing = False
        while self.next_action is not None:
            events = self.m.apply(self.next_action)
            self.pos += 1
            self._played(events, animate=False)
        self._preview()

    def step_forward(self) -> None:
        self.forward()

    def step_back(self) -> None:
        self.back()

    def toggle_play(self) -> None:
        self.playing = not self.playing and self.next_action is not None
        self.play_timer = PLAY_SECONDS
        self.build_buttons()

    def _preview(self) -> None:
        """Point at what the next action will do: its piece selected, its place lit."""
        a = self.next_action
        if a is None:
            self.show_marks()
            self.build_buttons()
            return
        who, where = self.control.preview(a)
        if who is None:  # a whole side's action (initiative, the end of a phase): show
            # the piece the record moves next, and where, as what is coming
            for later in self.script[self.pos + 1:self.pos + 1 + LOOK_AHEAD]:
                who, where = self.control.preview(later)
                if who is not None:
                    break
        if who is not None:
            self.selected = who
        self.hover = where
        self.tips.quiet_at = where
        self.show_marks()
        self.build_buttons()
        self.panel.invalidate()

    def act(self, action: Action, animate: bool = True) -> bool:
        """Nobody plays in a replay: an action asked for is refused (a controller's own
        buttons may ask)."""
        self._refuse()
        return False

    def answer(self, reply: Reply) -> None:
        if isinstance(reply, (Action, Confirm)):
            self._refuse()
        else:
            super().answer(reply)

    def _refuse(self) -> None:
        self.app.toasts.show("This is a replay: Right plays the next action, Left takes one "
                             "back.", ORANGE, ttl=3)

    # ================================================================ loop
    def update(self, dt: float) -> None:
        self.showing.update(dt)
        if self.playing and not self.queue and not self.view.busy and not self.app.modals:
            self.play_timer -= dt
            if self.play_timer <= 0:
                self.play_timer = PLAY_SECONDS
                if not self.forward():
                    self.build_buttons()

    def busy(self) -> bool:
        return self.showing.busy() or self.playing

    # ================================================================ buttons and keys
    def build_buttons(self) -> None:
        end = self.next_action is None
        self.set_buttons([
            Button("Next action", self.step_forward, name="next", hint="Right", accent=ORANGE,
                   enabled=not end),
            Button("Back one action", self.step_back, name="back", hint="Left",
                   enabled=self.pos > 0),
            Button("Pause" if self.playing else "Play", self.toggle_play, name="play",
                   hint="Space", toggled=self.playing, enabled=not end or self.playing),
            Button("To the start", self.to_start, name="start", hint="Home",
                   enabled=self.pos > 0),
            Button("To the end", self.to_end, name="end", hint="End", enabled=not end),
        ], [Button("Leave", self.escape, hint="Esc", name="leave"),
            Button("Log", self.toggle_log, hint="L", name="log"),
            Button("Help", self.app.toggle_help, hint="F1", name="help")])

    def key(self, e: pygame.event.Event) -> None:
        k = e.key
        if k in (pygame.K_RIGHT, pygame.K_PERIOD):
            self.forward()
        elif k in (pygame.K_LEFT, pygame.K_COMMA) or (
                k == pygame.K_z and e.mod & pygame.KMOD_CTRL):
            self.back()
        elif k == pygame.K_s and e.mod & pygame.KMOD_CTRL:
            self.save()
        elif k in (pygame.K_SPACE, pygame.K_p):
            self.toggle_play()
        elif k == pygame.K_HOME:
            self.to_start()
        elif k == pygame.K_END:
            self.to_end()
        elif k in VIEW_KEYS:
            self.input.view_key(e)

    def save(self) -> None:
        """Ctrl+S: a save of the whole game watched (not of a demo)."""
        if self.record is None:
            self.app.toasts.show("A demo is not a game to save.", ORANGE)
            return
        from game.ui.scenes.end import save_copy

        save_copy(self.app, self.record)

    def escape(self) -> None:
        if self.on_exit is not None:
            self.on_exit()
        else:
            self.app.show_picker()

    def help_rows(self) -> list[tuple[str, str]]:
        return [
            ("Right / .", "play the next action of the record"),
            ("Left / , / Ctrl+Z", "take the last action back"),
            ("Space / P", "play the record by itself, or pause"),
            ("Home / End", "to the start / to the end"),
            ("Ctrl+S", "save the whole game watched (in your data folder)"),
            ("Click a piece", "see it in the panel; hover an enemy for the odds"),
            ("Wheel / + -, Up / Down, C", "zoom, pan, refit the board"),
            ("L", "taller or shorter dice log"),
            ("Esc", "leave"),
        ]

    # ================================================================ layout and drawing
    def caption(self) -> list[Line]:
        """The box over the board: where the record is, what the last step showed and
        what comes next."""
        out: list[Line] = [
            (f"{self.title}   -   action {self.pos} of {len(self.script)}", YELLOW, True)]
        text = self.captions[self.pos - 1] if 0 < self.pos <= len(self.captions) else (
            self.intro if self.pos == 0 else "")
        if text:
            out.append((text, TEXT, False))
        a = self.next_action
        out.append((f"Next: {self.m.describe(a)}." if a is not None else
                    "The end of the record.", SKY, False))
        return out

    @property
    def caption_rect(self) -> pygame.Rect:
        """Where the caption strip is."""
        return self.caption_box.rect

    def resize(self, size: tuple[int, int]) -> None:
        """The board scene's layout with a strip for the caption between the top bar and
        the board (:meth:`Caption.layout`), so the caption never covers the board; the
        camera then fits the board (or the demo's pieces) in what is left."""
        super().resize(size)
        self.caption_box.layout(size)
        self._frame_view()

    def _frame_view(self) -> None:
        """Fit the whole board into its view where it is not much smaller that way than
        zoomed onto the pieces; else zoom onto them with room round them, so what stands
        at the edge of their zones (a door, a cliff's top) is not cut off."""
        places = self.frame_places()
        cam = self.view.camera
        if not places:
            return
        self.view.frame(places)
        framed = cam.zoom
        cam.fit()
        x0, y0, x1, y1 = cam.extent
        whole = cam.zoom * (x1 - x0) <= cam.view[0] and cam.zoom * (y1 - y0) <= cam.view[1]
        if not whole or cam.zoom < framed * FIT_SHARE:
            self.view.frame(places)  # more room above than below: boards draw their
            # heights upwards
            cam.zoom_at(FRAME_ROOM, self.board_rect.w / 2, self.board_rect.h * 0.8)
        cam.moved = True

    def frame_places(self) -> list[Place]:
        """What the board zooms onto: every piece."""
        return [p.place for p in self.pieces if p.place is not None]

    def draw(self, surface: pygame.Surface) -> None:
        self.draw_table(surface)
        self.caption_box.draw(surface, self.caption())
        draw_tooltip(surface, self.app.fonts, self.buttons, pygame.mouse.get_pos())


class DemoScene(ReplayScene):
    """A demo of one rule (game.rules.demos), stepped through like a replay."""

    def __init__(self, app: Host, demo: Demo, on_exit: Callable[[], None] | None = None
                 ) -> None:
        self.demo = demo
        self._frame: list[Place] | None = None
        super().__init__(app, demo.new_match(), [s.action for s in demo.steps],
                         title=f"{demo.rule}: {demo.title}", intro=demo.text,
                         captions=[s.text for s in demo.steps], on_exit=on_exit)

    def caption(self) -> list[Line]:
        out = super().caption()
        if self.pos == 0:
            out.insert(2, ("Right plays the first step; Left takes a step back.", DIM,
                           False))
        return out

    def frame_places(self) -> list[Place]:
        """What the board zooms onto: the pieces the demo's steps name and the places
        they go to (as the controller previews each step), else every piece."""
        if self._frame is None and self.pieces:
            views = {p.id: p for p in self.pieces}
            out: list[Place] = []
            for a in self.script:
                who, where = self.control.preview(a)
                piece = views.get(who or "")
                if piece is not None and piece.place is not None:
                    out.append(piece.place)
                if where is not None:
                    out.append(where)
            self._frame = out or super().frame_places()
            self._preview()  # previewing every step moved the controller on: back to now
        return self._frame if self._frame is not None else super().frame_places()
