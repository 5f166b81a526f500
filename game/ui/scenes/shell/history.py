"""A live game's history in the window: undo (back to the last action a human chose),
redo (what undo took back, with the same dice), saves, and the autosave kept at the
start of every turn and on leaving."""

from __future__ import annotations

import sys
from typing import TYPE_CHECKING

from game.core.match import Refusal
from game.core.ruleset import Action
from game.ui import saves
from game.ui.widgets import GREEN, ORANGE, SKY, VERMILLION

if TYPE_CHECKING:
    from game.ui.scenes.match import MatchScene


class History:
    """Undo, redo and saves of a live game."""

    def __init__(self, scene: MatchScene, turn: int) -> None:
        self.scene = scene
        self.redo_stack: list[list[tuple[Action, str | None]]] = []
        """What each undo took back (with who chose it), for redo, newest last."""
        self.saved_turn = turn
        """The turn the autosave was last written at."""
        self.kept: int | None = None
        """How many actions the game had when it was kept as finished (None: not yet)."""

    def can_undo(self) -> bool:
        return bool(self.scene.m.actions)

    def can_redo(self) -> bool:
        return bool(self.redo_stack)

    def forget_redo(self) -> None:
        """A new action: what was undone is gone."""
        self.redo_stack = []

    # ---------------------------------------------------------------- undo, redo
    def undo(self) -> None:
        """Take back the last action (and the computer's after it, back to a human)."""
        scene = self.scene
        m = scene.m
        if not m.actions:
            scene.app.toasts.show("Nothing to undo.", ORANGE)
            return
        humans = any(scene.is_human(s) for s in scene.sides)
        undone = 1
        if humans:  # back to the last action a human chose, in one replay
            actors = m.actors
            while undone < len(actors) and not scene.is_human(actors[-undone]):
                undone += 1
        self.redo_stack.append(list(zip(m.actions[-undone:], m.actors[-undone:],
                                        strict=True)))
        m.undo(undone)
        if not humans:
            scene.pacing.pause()
        self.saved_turn = min(self.saved_turn, m.turn)
        scene.went_back()
        what = "action" if undone == 1 else "actions"
        scene.app.toasts.show(f"Undone {undone} {what} (turn {m.turn}, "
                              f"{m.ruleset.phases[m.phase].title}).", SKY)

    def redo(self) -> None:
        """Play again what the last undo took back (the same dice give the same rolls);
        any other action since then makes redo forget."""
        scene = self.scene
        if not self.redo_stack:
            scene.app.toasts.show("Nothing to redo.", ORANGE)
            return
        batch = self.redo_stack.pop()
        keep = self.redo_stack
        for action, actor in batch:
            events = scene.m.attempt(action)
            if isinstance(events, Refusal):  # cannot happen: the same state and dice
                break
            scene.m.actors[-1] = actor
            scene.played(events, animate=False)
        self.redo_stack = keep
        what = "action" if len(batch) == 1 else "actions"
        scene.app.toasts.show(f"Redone {len(batch)} {what}.", SKY)

    # ---------------------------------------------------------------- saves
    def save(self) -> None:
        """Ctrl+S: a save of the game as it is now, in the data folder."""
        try:
            p = saves.save_game(self.scene.m)
        except OSError as e:
            self.scene.app.error(f"Could not save: {e}")
            return
        self.scene.app.toasts.show(f"Saved to {p}", GREEN, ttl=6)

    def note_turn(self) -> None:
        """After an action: a new turn has begun, the autosave keeps it (not while the
        window only draws a screenshot)."""
        m = self.scene.m
        if m.turn > self.saved_turn and not self.scene.app.screenshot_mode:
            self.saved_turn = m.turn
            self.autosave()

    def autosave(self) -> None:
        try:
            saves.write_autosave(self.scene.m)
        except OSError as e:
            self.scene.app.toasts.show(f"Autosave failed: {e}", VERMILLION)

    def finished(self) -> None:
        """The game is over: it is kept in the history of finished games (the picker
        lists them to watch again) and its autosave goes (Resume would open a finished
        game). Not while the window only draws a screenshot."""
        m = self.scene.m
        if self.scene.app.screenshot_mode or self.kept == len(m.actions):
            return
        self.kept = len(m.actions)
        try:
            saves.keep_finished(m)
        except OSError as e:
            print(f"could not keep the finished game: {e}", file=sys.stderr)
            self.scene.app.toasts.show(f"The finished game was not kept: {e}", VERMILLION)

    def keep_on_leaving(self) -> None:
        """The window closes or the player leaves a game under way: the autosave keeps
        it as it is now (a failure is a GameError the window shows before it closes)."""
        m = self.scene.m
        if m.outcome() is None and not self.scene.app.screenshot_mode and m.actions:
            saves.write_autosave(m)
