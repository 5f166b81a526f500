"""Showing what actions did: each event's animation or floating word on the board, its
sound, and its lines in the dice log."""

from __future__ import annotations

from collections import deque
from typing import TYPE_CHECKING

from game.core.dice import Contest
from game.core.events import Event, Kind
from game.core.places import Place
from game.ui.effects import FLOAT_SECONDS
from game.ui.scenes.dice_log import event_lines
from game.ui.widgets import ORANGE, SKY, VERMILLION, YELLOW, Colour, LogView

if TYPE_CHECKING:
    from game.ui.scenes.shell.board import BoardScene

MOVE_SECONDS_PER_STEP = 0.12
"""Seconds a piece's move takes on the board per place of its path."""


class Showing:
    """The events still to show (one animation at a time) and the dice log."""

    def __init__(self, scene: BoardScene) -> None:
        self.scene = scene
        self.log = LogView("Dice log  (wheel scrolls, L makes it taller)")
        self.queue: deque[Event] = deque()
        """Events waiting for the animation before them to end."""
        self.logged = 0
        """How many of the match's log entries the dice log holds."""
        self.float_left = 0.0
        """Seconds until the last floating word has faded."""

    # ---------------------------------------------------------------- the dice log
    def add_log(self, events: list[Event]) -> None:
        for e in events:
            self.log.add(event_lines(e), key=e)
        self.logged = len(self.scene.m.log)

    def show(self, events: list[Event], animate: bool) -> None:
        """What an action just did: animated one after the other, or (fast play) only
        the damage numbers; and its lines in the dice log."""
        if animate:
            self.queue.extend(events)
        else:
            self.quietly(events)
        self.add_log(self.scene.m.log[self.logged:])

    def restart(self) -> None:
        """The match went back (an undo, a replay's step back): nothing left to show,
        the board redraws from the state and the log is written anew."""
        self.queue.clear()
        self.scene.view.cancel_animations()
        self.log.clear()
        self.add_log(self.scene.m.log)

    # ---------------------------------------------------------------- the board
    def float_text(self, place: Place, text: str, colour: Colour) -> None:
        """A rising text over a place; the scene keeps redrawing until it has faded."""
        self.scene.view.float_text(place, text, colour)
        self.float_left = FLOAT_SECONDS

    def _health_text(self, pid: str | None, amount: int) -> str:
        p = self.scene.piece(pid)
        return f"-{amount} {p.health_label if p is not None else ''}".rstrip()

    def quietly(self, events: list[Event]) -> None:
        """Fast play: no animation, just the damage numbers."""
        for e in events:
            p = self.scene.piece(e.figure)
            if e.kind == Kind.DAMAGED and p is not None and p.place is not None and e.amount:
                self.float_text(p.place, self._health_text(e.figure, e.amount), VERMILLION)

    def play_next(self) -> None:
        """Start showing queued events until one of them animates."""
        v = self.scene.view
        while self.queue and not v.busy:
            e = self.queue.popleft()
            self.scene.app.sounds.event(e)
            self._show_one(e)

    def _show_one(self, e: Event) -> None:
        v = self.scene.view
        p = self.scene.piece(e.figure)
        here = p.place if p is not None else None
        if e.kind in (Kind.MOVED, Kind.RETREATED) and len(e.places) > 1:
            who = e.target if e.kind == Kind.RETREATED else e.figure
            if who:
                v.animate_move(who, e.places, MOVE_SECONDS_PER_STEP * len(e.places))
        elif e.kind == Kind.FELL and len(e.places) > 1 and e.figure:
            v.animate_fall(e.figure, e.places[0], e.places[-1])
        elif e.kind == Kind.DAMAGED and here is not None and e.amount:
            self.float_text(here, self._health_text(e.figure, e.amount), VERMILLION)
        elif e.kind == Kind.ATTACKED and e.roll is not None and e.target:
            t = self.scene.piece(e.target)
            hit = (e.roll.winner == 0 if isinstance(e.roll, Contest)
                   else bool(e.roll.success))
            if t is not None and t.place is not None:
                self.float_text(t.place, "hit" if hit else "miss", YELLOW if hit else SKY)
        elif e.kind in (Kind.DIED, Kind.UNCONSCIOUS) and here is not None:
            self.float_text(here, "dead" if e.kind == Kind.DIED else "knocked out",
                            VERMILLION)
        elif e.kind in (Kind.PRONE, Kind.STOOD) and here is not None:
            self.float_text(here, "prone" if e.kind == Kind.PRONE else "stands", ORANGE)

    # ---------------------------------------------------------------- the loop
    def update(self, dt: float) -> None:
        self.scene.view.update(dt)
        self.float_left = max(0.0, self.float_left - dt)
        self.play_next()

    def busy(self) -> bool:
        """Whether something is still moving or fading on the board, or waits to."""
        return bool(self.queue) or self.scene.view.busy or self.float_left > 0
