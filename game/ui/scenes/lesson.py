"""A lesson: a guided first game of a rule system (game.rules.lessons), played by the
player step by step.

The lesson is a board scene like a live game's (game.ui.scenes.shell): the ruleset's
controller says what a click, a key or a button does, exactly as in a match, and every
action is judged and played by the Match. What the lesson adds: a caption over the board
saying what to do now and, after each step, what just happened and why; an action that
is not the one the step asks for is answered kindly ("Not quite: ...") and not played;
the other side's actions are the lesson's own, played after a pause (Enter plays them at
once). The dice are the lesson's (its scripted faces), so every roll comes out as the
captions say.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from typing import Any

import pygame

from game.core.match import Refusal
from game.core.places import Cell, InZone, Place, place_from_json
from game.core.ruleset import Action
from game.rules.lessons import Do, Lesson, LessonStep
from game.ui.controllers import Confirm, Reply
from game.ui.scenes.base import Host
from game.ui.scenes.shell.board import BoardScene
from game.ui.scenes.shell.caption import Caption, Line
from game.ui.widgets import (
    DIM,
    GREEN,
    ORANGE,
    SKY,
    TEXT,
    VERMILLION,
    YELLOW,
    Button,
    draw_tooltip,
)

WATCH_SECONDS = 2.0
"""Seconds before the lesson plays the other side's action (Enter plays it at once)."""
NEAR = 150.0
"""How far (in hundredths of a unit) a point of the player's action may lie from the
point the step asks for, on boards of free places (the open table): the figure then goes
to the lesson's point, so the lesson's dice fit."""


def near_match(got: Any, want: Any, near: float = NEAR) -> bool:
    """Whether the JSON of an action ``got`` is the step's ``want``, points (tables of
    ``x`` and ``y``) being alike within ``near`` units."""
    if isinstance(want, dict) and isinstance(got, dict):
        if set(want) == {"x", "y"} == set(got) and all(
                isinstance(v, int | float) for v in (*want.values(), *got.values())):
            return math.hypot(got["x"] - want["x"], got["y"] - want["y"]) <= near
        return set(want) == set(got) and all(near_match(got[k], want[k], near) for k in want)
    if isinstance(want, list) and isinstance(got, list):
        return len(want) == len(got) and all(near_match(g, w, near)
                                             for g, w in zip(got, want, strict=True))
    return bool(got == want)


class LessonScene(BoardScene):
    """A guided first game (see the module text)."""

    def __init__(self, app: Host, lesson: Lesson,
                 on_exit: Callable[[], None] | None = None) -> None:
        self.lesson = lesson
        self.k = 0
        """The step the player is on (len(steps): the lesson is over)."""
        self.said = lesson.text
        """What the caption says happened last (the lesson's text at the start)."""
        self.nudge = ""
        """The kind answer to a wrong action, until the step is done."""
        self.watch_timer = WATCH_SECONDS
        self.on_exit = on_exit
        said = [lesson.text] + [s.text for s in lesson.steps]
        asks = [s.ask for s in lesson.steps] + [""]
        self.caption_box = Caption(self, [f"{t} {a}" for t, a in zip(said, asks,
                                                                    strict=True)])
        """Its strip is as tall as what a step shows at most: what the step before did
        and what to do now (a kind answer to a wrong action squeezes in)."""
        super().__init__(app, lesson.new_match())
        self.refresh()

    # ================================================================ the steps
    @property
    def step(self) -> LessonStep | None:
        steps = self.lesson.steps
        return steps[self.k] if self.k < len(steps) else None

    def _next(self, why: str = "") -> None:
        """The step is done: its text is said (after ``why``, a refusal a ``try`` step
        showed), the next step begins."""
        step = self.step
        if step is None:
            return
        self.said = f"Refused: {why.rstrip('.')}. {step.text}" if why else step.text
        self.nudge = ""
        self.k += 1
        self.watch_timer = WATCH_SECONDS

    def advance(self) -> None:
        """A step done without an action (a selection, a look): the next one begins; the
        controller is told where the board starts or stops answering the player."""
        was = self.human_turn()
        self._next()
        if self.human_turn() != was:
            self.refresh()
        else:
            self._redraw()

    def tried(self, place: Place, piece_id: str | None) -> bool:
        """A click during a ``try`` step: on the step's goal (its zone, hex or target) it
        is the player trying the refused action: the rules' reason is said and the step
        is done (nothing is played). False for a click elsewhere."""
        step = self.step
        goal = self.goal()
        if step is None or step.do is not Do.TRY or step.action is None or goal is None:
            return False
        target = step.action.to_json().get("target")
        if piece_id is not None and piece_id != target:
            return False
        same = place == goal or (isinstance(place, InZone) and isinstance(goal, InZone)
                                 and place.zone == goal.zone)
        if not same and piece_id is None:
            return False
        why = self.m.why_illegal(step.action) or ""
        self.app.toasts.show(f"{self.m.describe(step.action)}: {why}", ORANGE, ttl=4)
        was = self.human_turn()
        self._next(why)
        if self.human_turn() != was:
            self.refresh()
        else:
            self._redraw()
        return True

    def click(self, place: Place, button: int = 1, piece_id: str | None = None) -> None:
        if button == 1 and self.human_turn() and self.tried(place, piece_id):
            return
        super().click(place, button, piece_id)

    def not_quite(self, why: str) -> None:
        """A wrong action or click: said kindly, nothing played."""
        step = self.step
        if step is None:
            text = "The lesson is over: Leave (Esc) ends it."
        elif step.do is Do.WATCH:
            text = "Not quite: watch the other side now (Enter plays its action at once)."
        else:
            hint = f" {step.hint}" if step.hint else ""
            text = f"Not quite: {why}This step asks: {step.ask}{hint}"
        self.nudge = text
        self.app.toasts.show(text.split(". ")[0] + ".", ORANGE, ttl=3)
        self.show_marks()
        self.build_buttons()
        self.app.dirty = True

    def wants(self, action: Action) -> bool:
        """Whether ``action`` is the one the step asks for (a point near the step's)."""
        step = self.step
        return step is not None and step.action is not None and step.do is Do.ACT and \
            near_match(action.to_json(), step.action.to_json())

    def play(self, action: Action, animate: bool = True) -> bool:
        """Play ``action`` through the Match (it judges it); the step is done."""
        events = self.m.attempt(action)
        if isinstance(events, Refusal):  # the lesson was checked: cannot happen
            self.app.toasts.show(f"Not allowed: {events.reason}", VERMILLION)
            return False
        self.log.follow()
        self._next()  # before the board is read again: whose the board is follows
        self.after(events, animate)
        return True

    # ================================================================ what the shell asks
    def human_turn(self) -> bool:
        step = self.step
        return (step is not None and step.do is not Do.WATCH and self.m.outcome() is None
                and self.side_of_turn() == self.lesson.player)

    def act(self, action: Action, animate: bool = True) -> bool:
        """The player's action: played when it is the step's (a point near the step's
        goes to the step's own), else answered kindly and not played."""
        step = self.step
        if step is None or step.do is not Do.ACT or step.action is None:
            self.not_quite("")
            return False
        if not self.wants(action):
            why = self.m.why_illegal(action)
            self.not_quite(f"{why}. " if why else f"{self.m.describe(action)} is not this "
                                                  f"step's move. ")
            return False
        return self.play(step.action, animate)

    def answer(self, reply: Reply) -> None:
        if isinstance(reply, Confirm):  # the caption asked already
            self.act(reply.action)
        elif isinstance(reply, Action):
            self.act(reply)
        else:
            super().answer(reply)

    def select(self, pid: str | None) -> None:
        super().select(pid)
        step = self.step
        if step is not None and step.do is Do.SELECT and pid == step.figure:
            self.advance()

    def build_buttons(self) -> None:
        ctx = []
        if self.human_turn():
            for spec in self.control.buttons(self.selected):
                ctx.append(self.button_of(spec))
        step = self.step
        if step is not None and step.do is Do.WATCH:
            ctx.append(Button("Play on", self.watch_now, hint="Enter", name="play_on",
                              accent=ORANGE, tip="Play the other side's action now."))
        tools = [Button("Restart", self.restart, name="restart",
                        tip="Start the lesson again from its first step."),
                 Button("Log", self.toggle_log, hint="L", name="log",
                        tip="A taller or shorter dice log."),
                 Button("Help", self.app.toggle_help, hint="F1", name="help"),
                 Button("Leave", self.escape, hint="Esc", name="leave")]
        self.set_buttons(ctx, tools)

    def watch_now(self) -> None:
        """Play the other side's action of a ``watch`` step (after its pause, or now)."""
        step = self.step
        if step is not None and step.do is Do.WATCH and step.action is not None \
                and not self.showing.busy():
            self.play(step.action)

    def restart(self) -> None:
        """The lesson from its first step again."""
        if self.m.actions:
            self.m.undo(len(self.m.actions) - len(self.lesson.setup))
        self.k = 0
        self.said = self.lesson.text
        self.nudge = ""
        self.selected = None
        self.went_back()

    # ================================================================ keys and loop
    def key(self, e: pygame.event.Event) -> None:
        k = e.key
        step = self.step
        if k in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_RIGHT) and step is not None \
                and step.do is Do.WATCH:
            self.watch_now()
        elif e.mod & pygame.KMOD_CTRL:
            if k == pygame.K_z:
                self.app.toasts.show("A lesson goes forward only: Restart starts it again.",
                                     SKY, ttl=3)
        elif pygame.K_1 <= k <= pygame.K_9:
            n = k - pygame.K_1
            if n < len(self.context_buttons) and self.context_buttons[n].enabled:
                self.context_buttons[n].on_click()
        elif not self.input.view_key(e):
            reply = self.control.key(self.selected, k)
            if isinstance(reply, str) or reply is None or self.human_turn() or \
                    not isinstance(reply, (Action, Confirm)):
                self.answer(reply)

    def update(self, dt: float) -> None:
        self.showing.update(dt)
        step = self.step
        if step is None or self.app.modals or self.queue or self.view.busy:
            return
        if step.do is Do.LOOK:
            hovered = self.hovered_piece()
            if hovered is not None and hovered.id == step.figure:
                self.advance()
        elif step.do is Do.WATCH:
            self.watch_timer -= dt
            if self.watch_timer <= 0:
                self.watch_now()
        elif step.do is Do.ACT and self.human_turn():
            auto = self.control.auto_action()  # e.g. idle figures told to wait
            if auto is not None and self.wants(auto):
                self.play(auto)

    def busy(self) -> bool:
        step = self.step
        return self.showing.busy() or (step is not None and step.do is Do.WATCH)

    def escape(self) -> None:
        if self.selected is not None:
            self.select(None)
        elif self.on_exit is not None:
            self.on_exit()
        else:
            self.app.show_picker()

    def help_rows(self) -> list[tuple[str, str]]:
        return [("Caption over the board", "what to do now, and what just happened"),
                ("Enter", "play the other side's action at once (when it is theirs)"),
                *self.control.help_rows(),
                ("L", "taller or shorter dice log"),
                ("Esc", "clear the selection, then leave the lesson")]

    # ================================================================ layout and drawing
    def caption(self) -> list[Line]:
        """Where the lesson is, what just happened and why, and what to do now."""
        n = len(self.lesson.steps)
        out: list[Line] = [(f"Learn to play {self.lesson.system}: {self.lesson.title}   -   "
                            f"step {min(self.k + 1, n)} of {n}", YELLOW, True)]
        if self.said:
            out.append((self.said, TEXT, False))
        if self.nudge:
            out.append((self.nudge, VERMILLION, False))
        step = self.step
        if step is None:
            out.append(("Lesson complete. Leave (Esc) goes back to the scenarios, where "
                        "you can play this system for real.", GREEN, True))
        elif step.do is Do.WATCH:
            what = self.m.describe(step.action) if step.action is not None else ""
            out.append((f"The other side plays: {what}.", SKY, False))
            out.append(("Enter plays it at once.", DIM, False))
        else:
            banner = self.control.banner() if self.human_turn() else None
            if banner:
                out.append((banner, ORANGE, False))
            out.append((f"Your turn: {step.ask}", SKY, True))
        return out

    @property
    def caption_rect(self) -> pygame.Rect:
        return self.caption_box.rect

    def resize(self, size: tuple[int, int]) -> None:
        super().resize(size)
        self.caption_box.layout(size)

    def goal(self) -> Place | None:
        """Where the step's action goes, to ring on the board: the place it moves to (a
        hex, a point, a zone), or the figure it acts on."""
        step = self.step
        if step is None or step.action is None or step.do not in (Do.ACT, Do.TRY):
            return None
        fields = step.action.to_json()
        to = fields.get("to", fields.get("at"))
        path = fields.get("path")
        place: Place | None = None
        if isinstance(to, int) and not isinstance(to, bool):
            place = Cell(to)
        elif isinstance(path, list) and path and isinstance(path[-1], str) and \
                "target" not in fields:
            place = InZone(path[-1])  # a zone move ends in the last zone of its path
        elif isinstance(to, dict):
            try:
                place = place_from_json(to)
            except ValueError:
                place = None
        if place is not None and self.m.board.has_place(place):
            return place
        target = self.piece(str(fields.get("target", "")))
        return target.place if target is not None else None

    def draw(self, surface: pygame.Surface) -> None:
        self.draw_table(surface)
        where = self.goal()
        if where is not None:
            pos = self.place_pos(where)
            if self.board_rect.collidepoint(pos):
                pygame.draw.circle(surface, ORANGE, pos, 22, 3)
        self.caption_box.draw(surface, self.caption())
        draw_tooltip(surface, self.app.fonts, self.buttons, pygame.mouse.get_pos())


def open_lesson(app: Host, name: str, on_exit: Callable[[], None] | None = None) -> None:
    """Open the lesson called ``name`` (its file name, title or system) in ``app``;
    ScenarioError (which the window shows) if there is none or its file is at fault."""
    from game.rules.lessons import find_lesson

    lesson = find_lesson(name)
    app.modals.clear()
    app.switch(LessonScene(app, lesson, on_exit=on_exit))
