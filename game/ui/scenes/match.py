"""The match: one live game of any rule system, for humans and the computer.

This is the shell every rule system shares (game.ui.scenes.shell): the board scene and
its parts (the board, the panel, tips, input, the dice log), and for a live game two
more: :class:`Pacing` (the computer's turns) and :class:`History` (undo, redo, saves).
It decides no rule and knows no ruleset's actions: the board view of the board kind
(game.ui.boards) draws and picks places; the ruleset's controller (game.ui.controllers)
says what a click or a key does, which buttons to offer and what to write about a piece,
a place or an attack; the pieces come from ``Match.pieces()``. A player's action is
judged once, by :meth:`Match.attempt`, and a refusal is shown with its reason.
"""

from __future__ import annotations

from typing import Any

import pygame

from game.core.events import Event
from game.core.match import Match, Refusal
from game.core.ruleset import Action
from game.ui.controllers import Confirm, Reply, Select
from game.ui.scenes.base import Host
from game.ui.scenes.shell.board import BoardScene
from game.ui.scenes.shell.history import History
from game.ui.scenes.shell.pacing import AI_STRIP
from game.ui.scenes.thinking import LevelPacing, levels_of
from game.ui.widgets import (
    TEXT,
    VERMILLION,
    YELLOW,
    Button,
    draw_panel,
    draw_tooltip,
    side_colour,
    wrap,
)

END_SECONDS = 1.5
"""Seconds the last position stays on screen before the end of the game is shown."""


class MatchScene(BoardScene):
    """One game of any rule system on its board."""

    def __init__(self, app: Host, match: Match[Any]) -> None:
        self.pacing = LevelPacing(self, levels_of(match), fast=app.take_fast())
        self.history = History(self, match.turn)
        self.end_timer: float | None = None
        """Seconds left on the last position of a finished game (None: not over)."""
        super().__init__(app, match)
        self.auto_select(force=app.screenshot_mode)

    # ================================================================ what the shell asks
    def human_turn(self) -> bool:
        return self.m.outcome() is None and self.is_human(self.side_of_turn())

    def strip_height(self) -> int:
        return AI_STRIP if self.pacing.has_computer() else 0

    def build_buttons(self) -> None:
        ctx = ([self.button_of(b) for b in self.control.buttons(self.selected)]
               if self.human_turn() else [])
        for k, b in enumerate(ctx[:9]):  # the number key that presses it
            b.number = str(k + 1)
        tools = [Button("Undo", self.undo, hint="Ctrl+Z", name="undo",
                        enabled=self.history.can_undo(),
                        tip="Take back your last action (and the computer's after it), as "
                            "often as you like."),
                 Button("Redo", self.redo, hint="Ctrl+Y", name="redo",
                        enabled=self.history.can_redo(),
                        tip="Play again what Undo took back (the same dice roll the same)."),
                 Button("Save", self.history.save, hint="Ctrl+S", name="save",
                        tip="Save the game exactly as it is now, in your data folder "
                            "(Ctrl+O opens saves)."),
                 Button("Help", self.app.toggle_help, hint="F1", name="help",
                        tip="Every key and click, what the board's marks mean, and the "
                            "rules with demos.")]
        self.set_buttons(ctx, tools, self.pacing.make_buttons())
        self.pacing.layout()

    def resize(self, size: tuple[int, int]) -> None:
        super().resize(size)
        self.pacing.layout()

    # ================================================================ acting
    def act(self, action: Action, animate: bool = True) -> bool:
        """Play ``action`` for the side to act; an illegal one changes nothing and its
        refusal is shown with the reason."""
        events = self.m.attempt(action)  # judged once, here
        if isinstance(events, Refusal):
            self.app.toasts.show(f"Not allowed: {events.reason}", VERMILLION)
            self.show_marks()  # what the refused action drew (a ruler) goes
            self.build_buttons()
            return False
        self.log.follow()  # show the player what came of it
        self.history.forget_redo()
        self.played(events, animate)
        return True

    def answer(self, reply: Reply) -> None:
        """Carry out what a controller made of a click or a key."""
        if isinstance(reply, Confirm):
            action = reply.action

            def yes() -> None:
                self.act(action)

            self.app.confirm(reply.title, reply.text, reply.yes, yes, reply.no)
        elif isinstance(reply, Action):
            self.act(reply)
        else:
            super().answer(reply)

    def played(self, events: list[Event], animate: bool) -> None:
        """An action was played (a player's, the computer's, a redo): the autosave at a
        new turn, what it did shown, and the end of the game when it came."""
        self.history.note_turn()
        self.after(events, animate)
        if self.m.outcome() is not None:
            self.history.finished()
            if self.end_timer is None:
                self.end_timer = END_SECONDS

    def went_back(self) -> None:
        """An undo: the end (if it had come) is off, the board shows the state, and a
        piece of the side to act is selected."""
        self.end_timer = None
        self.showing.restart()
        self._read()
        self._pick()
        self.last_side = self.side_of_turn()
        self._redraw()

    # ================================================================ keys
    def key(self, e: pygame.event.Event) -> None:
        k = e.key
        if e.mod & pygame.KMOD_CTRL:
            self._ctrl_key(e)
        elif k == pygame.K_SPACE:
            if self.view.busy:  # skip what the board is showing (a flood's wash)
                self.view.cancel_animations()
            elif not self.input.click_cursor(e):  # Space clicks at the keyboard cursor
                self.pacing.toggle_fast()
        elif k in (pygame.K_RETURN, pygame.K_KP_ENTER):
            self.enter()
        elif k == pygame.K_s:
            if not self.human_turn():
                self.pacing.skip()
        elif k == pygame.K_p:
            self.pacing.toggle_pause()
        elif pygame.K_1 <= k <= pygame.K_9:
            n = k - pygame.K_1
            if n < len(self.context_buttons) and self.context_buttons[n].enabled:
                self.context_buttons[n].on_click()
        elif not self.input.view_key(e):
            # views and selections work while the computer plays; actions do not
            reply = self.control.key(self.selected, k)
            if isinstance(reply, (Select, str)) or reply is None or self.human_turn():
                self.answer(reply)

    def enter(self) -> None:
        """Enter (either key), one rule everywhere: what the header and the button marked
        "Enter" say (end the movement, the turn, the phase); never a click on the board.
        The controller's answer to Enter, else that button."""
        if not self.human_turn():
            return
        reply = self.control.key(self.selected, pygame.K_RETURN)
        if reply is not None:
            self.answer(reply)
            return
        b = next((b for b in self.context_buttons if b.hint == "Enter" and b.enabled), None)
        if b is not None:
            b.on_click()

    def _ctrl_key(self, e: pygame.event.Event) -> None:
        """Ctrl+Z undo, Ctrl+Y (or Ctrl+Shift+Z) redo, Ctrl+S save."""
        k = e.key
        if k == pygame.K_y or (k == pygame.K_z and e.mod & pygame.KMOD_SHIFT):
            self.redo()
        elif k == pygame.K_z:
            self.undo()
        elif k == pygame.K_s:
            self.history.save()

    def undo(self) -> None:
        """Undo (a computer's thought under way ends first: the game changes)."""
        self.pacing.settle()
        self.history.undo()

    def redo(self) -> None:
        self.pacing.settle()
        self.history.redo()

    def escape(self) -> None:
        """Esc: first clear the selection (the panel then lists every piece), then offer to
        leave."""
        if self.selected is not None:
            self.select(None)
            return
        self.app.confirm("Leave this game?",
                         "Back to the scenarios? The game is kept as it is now, in the "
                         "autosave: Resume in the scenario list takes you back to this very "
                         "moment. Ctrl+S keeps a copy of your own as well.",
                         "Leave", self.leave, "Stay")

    def leave(self) -> None:
        """Back to the scenarios, the game kept in the autosave."""
        self.on_quit()
        self.app.show_picker()

    def on_quit(self) -> None:
        self.history.keep_on_leaving()

    # ================================================================ loop
    def busy(self) -> bool:
        return (self.showing.busy() or not self.human_turn() or self.end_timer is not None)

    def update(self, dt: float) -> None:
        self.showing.update(dt)
        if self.end_timer is not None:
            if not self.queue and not self.view.busy:
                self.end_timer -= dt
                if self.end_timer <= 0:
                    self._to_end()
            return
        if self.app.modals or self.m.outcome() is not None or self.queue or self.view.busy:
            return
        side = self.side_of_turn()
        if side is None:
            return
        if self.is_human(side):
            auto = self.control.auto_action()  # e.g. idle figures told to wait
            if auto is not None:
                self.act(auto)
            return
        self.pacing.update(dt)

    def _to_end(self) -> None:
        from game.ui.scenes.end import EndScene

        self.draw(self.app.screen)
        self.app.switch(EndScene(self.app, self.m, self.app.screen.copy()))

    # ================================================================ drawing
    def draw(self, surface: pygame.Surface) -> None:
        self.draw_table(surface, self.pacing.status())
        self.pacing.draw(surface)
        if self.human_turn():
            text = self.control.banner()
            if text:
                self._draw_banner(surface, text)
        draw_tooltip(surface, self.app.fonts, self.buttons, pygame.mouse.get_pos())

    def _draw_banner(self, surface: pygame.Surface, text: str) -> None:
        """The controller's line for a human who must answer now, over the board's top,
        in the answering side's colour."""
        f = self.app.fonts
        side = self.side_of_turn()
        colour = side_colour(self.sides.index(side)) if side in self.sides else YELLOW
        lines = wrap(f.bold, text, self.board_rect.w - 80)[:3]
        rendered = [f.render(f.bold, ln, TEXT) for ln in lines]
        w = max(r.get_width() for r in rendered) + 28
        h = sum(r.get_height() for r in rendered) + 12
        r = pygame.Rect(0, 0, w, h)
        r.midtop = (self.board_rect.centerx, self.board_rect.top + 8)
        draw_panel(surface, r, (30, 34, 40), colour, radius=8)
        y = r.y + 6
        for t in rendered:
            surface.blit(t, (r.x + 14, y))
            y += t.get_height()

    def help_rows(self) -> list[tuple[str, str]]:
        return self.control.help_rows() + [
            ("Enter", "what the button marked Enter says: end the movement, the turn"),
            ("Arrows, Space", "move the cursor over the board; Space clicks there "
                              "(Shift+Space: right-click)"),
            ("Tab / 1-9", "select the next figure (the cursor goes to it) / press the "
                          "panel's numbered buttons"),
            ("Wheel / + -", "zoom"),
            ("Drag / Shift+arrows", "pan the board; C or Home centres it"),
            ("Ctrl+Z / Ctrl+Y", "undo (as often as you like) / redo what was undone"),
            ("Ctrl+S", "save (to your data folder)"),
            ("Space, S, P", "computer plays x4 (Space with no cursor on the board) / "
                            "skip to the end of its turn / pause it"),
            ("L, PageUp / PageDown", "taller or shorter dice log; scroll the side panel's "
                                     "card where it says there is more"),
        ]
