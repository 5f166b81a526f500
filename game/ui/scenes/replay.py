"""Watching a game again, and demos of a rule: the match shell stepping through actions.

:class:`ReplayScene` steps through a finished (or saved) game action by action, forward
and back, with the board, the pieces and the dice log in step; nothing is decided by
anyone, the actions come from the record. :class:`DemoScene` does the same with a demo
(game.rules.demos): a small position set up to show one rule, its worked example's dice,
and a sentence per step saying what it shows.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Any

import pygame

from game.core.places import Place
from game.core.ruleset import Action
from game.ui.controllers import Reply
from game.ui.scenes.match import MatchScene
from game.ui.widgets import (
    BG,
    DIM,
    ORANGE,
    SKY,
    TEXT,
    YELLOW,
    Button,
    fit,
    wrap,
)

if TYPE_CHECKING:
    from game.core.match import Match
    from game.rules.demos import Demo
    from game.ui.app import App

PLAY_SECONDS = 1.2
"""Seconds between two actions while a replay plays by itself."""
CAPTION_LINES = 8
"""Lines of the caption strip over the board (title, what the step showed, what is next)."""
LOOK_AHEAD = 3
"""Actions a replay looks ahead, past those of a whole side, for the piece to show."""
LOG_FLOOR = 96
"""Height the dice log keeps in a replay or demo however short the window."""
BOARD_SHARE = 0.38
"""Share of the height between the top bar and the window's foot the board keeps."""
FIT_SHARE = 0.6
"""The whole board is shown when that is at least this share of the zoom onto the
demo's pieces."""
FRAME_ROOM = 0.8
"""Zoom factor that leaves room round the demo's pieces' zones."""


class ReplayScene(MatchScene):
    """A recorded game, stepped through action by action (see the module text)."""

    def __init__(self, app: App, start: Match[Any], script: Sequence[Action], *,
                 title: str = "", intro: str = "", captions: Sequence[str] = (),
                 on_exit: Callable[[], None] | None = None) -> None:
        self.script = list(script)
        self.pos = 0
        self.title = title or f"Replay: {start.scenario.name}"
        self.intro = intro
        self.captions = list(captions)
        self.playing = False
        self.play_timer = 0.0
        self.on_exit = on_exit
        self._shown_hover: Place | None = None
        """The place the preview points at (the pointer has not moved since)."""
        super().__init__(app, start)
        self._preview()

    # ================================================================ the record
    def human_turn(self) -> bool:
        """Everything the side to act could do is shown (reach, targets), but only the
        record plays."""
        return self.m.outcome() is None and self.m.to_act() is not None

    def _autosave(self) -> None:
        """A replay is never saved over the game it shows."""

    def _finish(self) -> None:
        """The end of the record: the replay stays on the last position."""
        self.playing = False

    def on_quit(self) -> None:
        return

    @property
    def next_action(self) -> Action | None:
        return self.script[self.pos] if self.pos < len(self.script) else None

    def forward(self) -> bool:
        """Play the next recorded action (animated); False at the end."""
        a = self.next_action
        if a is None:
            self.playing = False
            return False
        events = self.m.apply(a)
        self.pos += 1
        self._after(events, animate=True)
        self._preview()
        return True

    def back(self) -> bool:
        """Take back the last action played; False at the start."""
        if self.pos == 0:
            return False
        self.m.undo(1)
        self.pos -= 1
        self.queue.clear()
        self.view.cancel_animations()
        self.log.clear()
        self._add_log(self.m.log)
        self.refresh()
        self._preview()
        return True

    def to_start(self) -> None:
        self.playing = False
        if self.pos:
            self.m.undo(self.pos)
            self.pos = 0
            self.queue.clear()
            self.view.cancel_animations()
            self.log.clear()
            self._add_log(self.m.log)
            self.refresh()
            self._preview()

    def to_end(self) -> None:
        self.playing = False
        while self.next_action is not None:
            events = self.m.apply(self.next_action)
            self.pos += 1
            self._after(events, animate=False)
        self._preview()

    def step_forward(self) -> None:
        self.forward()

    def step_back(self) -> None:
        self.back()

    def toggle_play(self) -> None:
        self.playing = not self.playing and self.next_action is not None
        self.play_timer = PLAY_SECONDS
        self._build_buttons()

    def undo(self) -> None:
        self.back()

    def _preview(self) -> None:
        """Point at what the next action will do: its piece selected, its place lit."""
        a = self.next_action
        if a is None:
            self._marks()
            self._build_buttons()
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
        self._shown_hover = where
        self._marks()
        self._build_buttons()
        self._panel_key = None

    def answer(self, reply: Reply) -> None:
        if reply is None or isinstance(reply, str) or not isinstance(reply, Action):
            super().answer(reply)
            return
        self.app.toasts.show("This is a replay: Right plays the next action, Left takes one "
                             "back.", ORANGE, ttl=3)

    # ================================================================ loop
    def update(self, dt: float) -> None:
        self.view.update(dt)
        self._float_left = max(0.0, self._float_left - dt)
        self._play_next()
        if self.playing and not self.queue and not self.view.busy and not self.app.modals:
            self.play_timer -= dt
            if self.play_timer <= 0:
                self.play_timer = PLAY_SECONDS
                if not self.forward():
                    self._build_buttons()

    def busy(self) -> bool:
        return bool(self.queue) or self.view.busy or self._float_left > 0 or self.playing

    # ================================================================ buttons and keys
    def _build_buttons(self) -> None:
        end = self.next_action is None
        self.context_buttons = [
            Button("Next action", self.step_forward, name="next", hint="Right", accent=ORANGE,
                   enabled=not end),
            Button("Back one action", self.step_back, name="back", hint="Left",
                   enabled=self.pos > 0),
            Button("Pause" if self.playing else "Play", self.toggle_play, name="play",
                   hint="Space", toggled=self.playing, enabled=not end or self.playing),
            Button("To the start", self.to_start, name="start", hint="Home",
                   enabled=self.pos > 0),
            Button("To the end", self.to_end, name="end", hint="End", enabled=not end),
        ]
        self.tool_buttons = [Button("Leave", self.escape, hint="Esc", name="leave"),
                             Button("Log", self.toggle_log, hint="L", name="log"),
                             Button("Help", self.app.toggle_help, hint="F1", name="help")]
        self.buttons = self.context_buttons + self.tool_buttons
        self._layout_buttons()

    def toggle_log(self) -> None:
        self.log_tall = not self.log_tall
        self.resize(self.size)

    def _key(self, e: pygame.event.Event) -> None:
        k = e.key
        if k in (pygame.K_RIGHT, pygame.K_PERIOD):
            self.forward()
        elif k in (pygame.K_LEFT, pygame.K_COMMA) or (
                k == pygame.K_z and e.mod & pygame.KMOD_CTRL):
            self.back()
        elif k in (pygame.K_SPACE, pygame.K_p):
            self.toggle_play()
        elif k == pygame.K_HOME:
            self.to_start()
        elif k == pygame.K_END:
            self.to_end()
        elif k in (pygame.K_UP, pygame.K_DOWN, pygame.K_PLUS, pygame.K_EQUALS,
                   pygame.K_KP_PLUS, pygame.K_MINUS, pygame.K_KP_MINUS, pygame.K_c,
                   pygame.K_l):
            super()._key(e)

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
            ("Click a piece", "see it in the panel; hover an enemy for the odds"),
            ("Wheel / + -, Up / Down, C", "zoom, pan, refit the board"),
            ("L", "taller or shorter dice log"),
            ("Esc", "leave"),
        ]

    # ================================================================ drawing
    def caption(self) -> list[tuple[str, tuple[int, int, int], bool]]:
        """The box over the board: where the record is, what the last step showed and
        what comes next."""
        out: list[tuple[str, tuple[int, int, int], bool]] = [
            (f"{self.title}   -   action {self.pos} of {len(self.script)}", YELLOW, True)]
        text = self.captions[self.pos - 1] if 0 < self.pos <= len(self.captions) else (
            self.intro if self.pos == 0 else "")
        if text:
            out.append((text, TEXT, False))
        a = self.next_action
        out.append((f"Next: {self.m.describe(a)}." if a is not None else
                    "The end of the record.", SKY, False))
        return out

    def resize(self, size: tuple[int, int]) -> None:
        """The shell's layout with a strip for the caption between the top bar and the
        board, so the caption never covers the board. In a short window the dice log
        gives up height (down to LOG_FLOOR) before the board does, and the board keeps
        at least BOARD_SHARE of the height under the top bar; the camera then fits the
        board (or the demo's pieces) in what is left."""
        super().resize(size)
        f = self.app.fonts
        lh = f.body.get_linesize()
        texts = [self.intro, *self.captions] if hasattr(self, "captions") else []

        def need(width: int, body: pygame.font.Font = f.body) -> int:
            longest = max((len(wrap(body, t, width - 28)) for t in texts), default=0)
            return lh + body.get_linesize() * (2 + longest) + 14  # the title, the
            # longest text, how to step (a demo's start), what comes next

        area = self.log_rect.bottom - self.board_rect.top  # caption, board and log
        board_min = int(area * BOARD_SHARE)
        want = need(self.board_rect.w)
        wide = want > self.board_rect.h + self.log_rect.h - LOG_FLOOR - board_min
        if wide:  # the caption would be cut over the board: it spans the window, the
            want = need(size[0])  # side panel starts under it, and the smaller face
            if want > self.board_rect.h + self.log_rect.h - LOG_FLOOR - board_min:
                want = need(size[0], f.small)  # is used where the body's is cut
        want = min(want, lh * CAPTION_LINES + 14)
        short = want + board_min - self.board_rect.h  # what the board would lose
        if short > 0:  # the log gives it first
            give = max(0, min(short, self.log_rect.h - LOG_FLOOR))
            self.log_rect = pygame.Rect(self.log_rect.x, self.log_rect.y + give,
                                        self.log_rect.w, self.log_rect.h - give)
            self.log.rect = self.log_rect.inflate(-12, -10)
            self.board_rect.h += give
        h = max(0, min(want, self.board_rect.h - board_min))
        self.caption_rect = pygame.Rect(self.board_rect.x, self.board_rect.y,
                                        size[0] if wide else self.board_rect.w, h)
        if wide:
            self.side_rect = pygame.Rect(self.side_rect.x, self.side_rect.y + h,
                                         self.side_rect.w, self.side_rect.h - h)
            if hasattr(self, "context_buttons"):
                self._layout_buttons()
        self.board_rect = pygame.Rect(self.board_rect.x, self.board_rect.y + h,
                                      self.board_rect.w, self.board_rect.h - h)
        self.ai_rect = pygame.Rect(self.board_rect.x, self.board_rect.bottom,
                                   self.board_rect.w, 0)
        self.view.resize(self.board_rect.size)
        self._frame_view()

    def _frame_view(self) -> None:
        """Fit the whole board into its view where it is not much smaller that way than
        zoomed onto the pieces; else zoom onto them with room round them, so what stands
        at the edge of their zones (a door, a cliff's top) is not cut off."""
        places = self.frame_places() if hasattr(self, "pieces") else []
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
        super().draw(surface)
        f = self.app.fonts
        box = self.caption_rect
        caption = self.caption()
        for body in (f.body, f.small):  # the smaller face where the body's is cut
            lines: list[tuple[str, tuple[int, int, int], bool]] = []
            for text, colour, bold in caption:
                for ln in wrap(f.bold if bold else body, text, box.w - 28):
                    lines.append((ln, colour, bold))
            lh = body.get_linesize()
            room = max(1, (box.h - 12) // lh)
            if len(lines) <= room:
                break
        while len(lines) > room and any(c == DIM for _t, c, _b in lines):
            k = max(j for j, ln in enumerate(lines) if ln[1] == DIM)  # hints go first
            del lines[k]
        if len(lines) > room:  # keep the title and what comes next; the cut line ends
            lines = lines[:room - 1] + lines[-1:]  # in an ellipsis
            text, colour, bold = lines[-2] if len(lines) > 1 else lines[-1]
            if len(lines) > 1:
                lines[-2] = (fit(body, text + " ...", box.w - 28), colour, bold)
        self.caption_lines = [text for text, _c, _b in lines]
        """The caption's lines as drawn this frame."""
        surface.fill(BG, box)
        pygame.draw.line(surface, ORANGE, box.bottomleft, box.bottomright)
        y = box.y + 6
        for text, colour, bold in lines:
            surface.blit(f.render(f.bold if bold else body, text, colour), (box.x + 14, y))
            y += lh

    def has_computer(self) -> bool:
        """Nobody plays a replay (the record does): no computer's strip."""
        return False

    def _draw_tip(self, surface: pygame.Surface) -> None:
        """The odds tip only under the pointer: the place a step points at is marked
        on the board, and a tip there would cover a short board strip."""
        if self.hover is not None and self.hover == self._shown_hover:
            return
        super()._draw_tip(surface)

    def _draw_banner(self, surface: pygame.Surface, text: str) -> None:
        """Nobody answers a reaction in a replay (the record does): no banner over the
        board; the caption says what comes next."""
        return


class DemoScene(ReplayScene):
    """A demo of one rule (game.rules.demos), stepped through like a replay."""

    def __init__(self, app: App, demo: Demo, on_exit: Callable[[], None] | None = None
                 ) -> None:
        self.demo = demo
        self._frame: list[Place] | None = None
        super().__init__(app, demo.new_match(), [s.action for s in demo.steps],
                         title=f"{demo.rule}: {demo.title}", intro=demo.text,
                         captions=[s.text for s in demo.steps], on_exit=on_exit)

    def caption(self) -> list[tuple[str, tuple[int, int, int], bool]]:
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
