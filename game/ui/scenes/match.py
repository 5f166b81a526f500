"""The match: the board, the phase bar, the piece panel with its buttons, the dice log.

This is the shell every rule system shares: layout, camera, selection, the dice log,
undo, saves, the computer's pacing, help, and showing the events actions return. It
decides no rule and knows no ruleset's actions: the board view of the board kind
(game.ui.boards) draws and picks places; the ruleset's controller (game.ui.controllers)
says what a click or a key does, which buttons to offer and what to write about a piece,
a place or an attack; the pieces come from ``Match.pieces()``.
"""

from __future__ import annotations

import sys
from collections import deque
from typing import TYPE_CHECKING, Any

import pygame

from game.ai import Player, computer_player
from game.core.dice import Contest
from game.core.events import Event, Kind
from game.core.match import Match, Refusal
from game.core.places import Place
from game.core.ruleset import Action, PieceView
from game.ui import saves
from game.ui.boards import board_view
from game.ui.controllers import (
    ButtonSpec,
    Confirm,
    Reply,
    Select,
    TipLine,
    controller_for,
)
from game.ui.effects import FLOAT_SECONDS
from game.ui.scenes.base import Scene
from game.ui.scenes.dice_log import event_lines
from game.ui.widgets import (
    BG,
    DIM,
    EDGE,
    FAINT,
    GREEN,
    ORANGE,
    PANEL,
    SKY,
    TEXT,
    VERMILLION,
    YELLOW,
    Button,
    Colour,
    LogView,
    draw_mark,
    draw_panel,
    draw_tooltip,
    fit,
    side_colour,
    wrap,
)

if TYPE_CHECKING:
    from game.ui.app import App

AI_DELAY = 0.6
"""Seconds between two computer actions at normal speed."""
AI_FAST = 4.0
"""Speed-up while Space/Tab fast mode is on."""
AI_QUIET = 0.1
"""Seconds after a computer action that changed nothing on the board (a figure that
waits): idle figures do not keep a player waiting."""
SEEN = frozenset({Kind.MOVED, Kind.FACED, Kind.ATTACKED, Kind.DAMAGED, Kind.FELL,
                  Kind.RETREATED, Kind.DIED, Kind.UNCONSCIOUS, Kind.PRONE, Kind.STOOD,
                  Kind.INITIATIVE})
"""Kinds of event worth a pause to watch after a computer action."""
MOVE_SECONDS_PER_STEP = 0.12
SKIP_LIMIT = 400
"""Most computer actions applied at once by S (skip) or --fast."""
DRAG_PIXELS = 6
TOP_H = 64
SIDE_W = 360
"""Width of the side panel on a wide window (narrower windows get a narrower one)."""
SIDE_MIN = 260
LOG_SHARE = 0.28
"""The dice log's share of the window's height (L: the tall share)."""
LOG_TALL_SHARE = 0.55
LOG_MIN = 150
LOG_FLOOR = 104
"""The dice log gives up height to the computer's strip down to this."""
AI_STRIP = 46
"""Height of the computer's bar (what it plays, x4, Skip, Pause) under the board."""


PANEL_MIN = 150
"""Height the piece panel keeps above its buttons (name, kind, health) where the window
has room; more buttons go into more columns first."""
BUTTON_H = 34
BUTTON_GAP = 6
BUTTON_MIN_H = 26
"""Buttons grow shorter, down to this, before they push into the panel's head."""


class _Recorded(pygame.Surface):
    """A surface that notes where each blit went (the panel's texts, for layout checks)."""

    def __init__(self, *args: Any, **kw: Any) -> None:
        super().__init__(*args, **kw)
        self.parts: list[pygame.Rect] = []

    def blit(self, source: pygame.Surface, dest: Any = (0, 0), area: Any = None,
             special_flags: int = 0) -> pygame.Rect:
        r = super().blit(source, dest, area, special_flags)
        self.parts.append(source.get_rect(topleft=(int(dest[0]), int(dest[1]))))
        return r


class MatchScene(Scene):
    """One game of any rule system on its board."""

    def __init__(self, app: App, match: Match[Any]) -> None:
        super().__init__(app)
        self.m = match
        self.controllers = saves.controllers_of(match)
        self.sides = match.sides
        self.control = controller_for(match)
        self.control.host = self
        self.view = board_view(match.map.kind, match.board,
                               (app.screen.get_width() - SIDE_W,
                                app.screen.get_height() - TOP_H - LOG_MIN), self.sides)
        self.log = LogView("Dice log  (wheel scrolls, L makes it taller)")
        self._logged = 0
        self.log_tall = False
        self.selected: str | None = None
        self.hover: Place | None = None
        self.cursor = False
        """True while the keyboard moves the outlined place (the mouse takes it back)."""
        self.hover_piece: str | None = None
        self.queue: deque[Event] = deque()
        self.ai_timer = 0.0
        self.ai_wait = AI_DELAY
        """Seconds before the next computer action (shorter after a quiet one)."""
        self.redo_stack: list[list[tuple[Action, str | None]]] = []
        """What each undo took back (with who chose it), for redo, newest last."""
        self.ai_fast = app.take_fast()
        """Computer turns at x4 (Space; --fast starts the first game so)."""
        self.ai_paused = False
        self.ais: dict[str, Player] = {}
        self.saved_turn = match.turn
        self.end_timer: float | None = None
        self.pieces: list[PieceView] = []
        self._by_id: dict[str, PieceView] = {}
        self._last_side = match.to_act()
        self._float_left = 0.0
        self._drag: tuple[int, int] | None = None
        self._dragged = False
        self._claimed = False
        """The controller took the drag under way (it moves a piece; no panning)."""
        self._panel_key: object = None
        self._panel: pygame.Surface | None = None
        self.panel_parts: list[pygame.Rect] = []
        self._tip_key: object = None
        self._tip: pygame.Surface | None = None
        self.size = app.screen.get_size()
        self.resize(self.size)
        self._add_log(match.log)
        self.refresh()
        self._auto_select(force=app.screenshot_mode)

    # ================================================================ queries
    @property
    def state(self) -> Any:
        return self.m.state

    def side_of_turn(self) -> str | None:
        return self.m.to_act()

    def is_human(self, side: str | None) -> bool:
        return side is not None and self.controllers.get(side) != saves.COMPUTER

    def human_turn(self) -> bool:
        return self.m.outcome() is None and self.is_human(self.side_of_turn())

    def has_computer(self) -> bool:
        """Whether the computer plays a side (its bar then has a strip of its own)."""
        return any(not self.is_human(s) for s in self.sides)

    def side_label(self, side: str) -> str:
        return self.m.side_name(side)

    def piece(self, pid: str | None) -> PieceView | None:
        return self._by_id.get(pid) if pid else None

    def shared_places(self) -> bool:
        """Whether several pieces may share a place on this board (a zone): then the
        piece under the pointer is the one the view drew there, not the place's."""
        return bool(getattr(self.view, "pieces_share_places", False))

    def piece_at_place(self, place: Place | None) -> PieceView | None:
        """The piece still on the board at ``place`` (the living one if several)."""
        if place is None:
            return None
        here = [p for p in self.pieces if p.place == place and p.status != "dead"]
        return here[0] if here else None

    def piece_under(self, pos: tuple[int, int]) -> PieceView | None:
        """The piece under the pointer at window position ``pos``: where pieces share
        places (a zone), the one the view drew there; else the one standing on the place
        there, or the one the view draws there (on a table a piece covers more than the
        point under the pointer)."""
        inside = self.board_rect.collidepoint(pos)
        drawn = self.piece(self.view.piece_at(pos[0] - self.board_rect.x,
                                              pos[1] - self.board_rect.y)) if inside else None
        if self.shared_places():
            p = drawn
        else:
            p = self.piece_at_place(self.place_under(pos)) or drawn
        return p if p is not None and p.status != "dead" else None

    def hovered_piece(self) -> PieceView | None:
        """The piece under the pointer now."""
        if self.shared_places():
            return self.piece(self.hover_piece)
        p = self.piece_at_place(self.hover)
        return p if p is not None else self.piece(self.hover_piece)

    def place_pos(self, place: Place) -> tuple[int, int]:
        """Where ``place`` is on the window now (tests click there)."""
        pos = self.view.screen_pos(place)
        if pos is None:
            raise ValueError(f"{place} is not on this board")
        return int(pos[0]) + self.board_rect.x, int(pos[1]) + self.board_rect.y

    def place_under(self, pos: tuple[int, int]) -> Place | None:
        if not self.board_rect.collidepoint(pos):
            return None
        return self.view.place_at(pos[0] - self.board_rect.x, pos[1] - self.board_rect.y)

    # ================================================================ refresh
    def refresh(self) -> None:
        """Recompute what is legal and what the board shows after any change."""
        self.control.refresh(self.human_turn())
        self.pieces = self.m.pieces()
        self._by_id = {p.id: p for p in self.pieces}
        if self.selected is not None and self.selected not in self._by_id:
            self.selected = None
        focus = self.control.focus()
        if focus is not None and self.human_turn():
            self.selected = focus
        self._marks()
        self._build_buttons()
        self._panel_key = None
        self._tip_key = None
        self.app.dirty = True

    def _auto_select(self, force: bool = False) -> None:
        """Select a piece of the side to act (its reach shows at once)."""
        side = self.side_of_turn()
        if side is None or not (force or self.is_human(side)):
            return
        self.selected = self.control.pick_selection(self.selected, side)
        self._marks()
        self._build_buttons()

    def _marks(self) -> None:
        self.view.show(self.control.marks(self.selected, self.hover))
        self.view.set_hover(self.hover)

    # ================================================================ buttons
    def _build_buttons(self) -> None:
        ctx: list[Button] = []
        self.ai_buttons: list[Button] = []
        """The computer's controls, in the banner over the board while it plays: never
        where a human's action buttons are, so a click meant for one never hits the
        other when the turn changes hands."""
        if self.human_turn():
            ctx = [self._button(b) for b in self.control.buttons(self.selected)]
        else:
            side = self.side_of_turn()
            if side is not None and self.m.outcome() is None:
                self.ai_buttons = [
                    Button("x4", self.toggle_fast, toggled=self.ai_fast, hint="Space",
                           name="fast", tip="The computer plays four times as fast "
                                            "(Space or Tab again: normal speed)."),
                    Button("Skip", self.skip_ai, hint="S", name="skip",
                           tip="Play the computer's actions at once, to the end of this "
                               "turn or until a human must act."),
                    Button("Pause", self.toggle_pause, toggled=self.ai_paused, hint="P",
                           name="pause", tip="Stop the computer after its current "
                                             "action; P again goes on.")]
        self.context_buttons = ctx
        self.tool_buttons = [Button("Undo", self.undo, hint="Ctrl+Z", name="undo",
                                    enabled=bool(self.m.actions),
                                    tip="Take back your last action (and the computer's "
                                        "after it), as often as you like."),
                             Button("Redo", self.redo, hint="Ctrl+Y", name="redo",
                                    enabled=bool(getattr(self, "redo_stack", [])),
                                    tip="Play again what Undo took back (the same dice "
                                        "roll the same)."),
                             Button("Save", self.save, hint="Ctrl+S", name="save",
                                    tip="Save the game exactly as it is now, in your "
                                        "data folder (Ctrl+O opens saves)."),
                             Button("Help", self.app.toggle_help, hint="F1", name="help",
                                    tip="Every key and click, what the board's marks "
                                        "mean, and the rules with demos.")]
        self.buttons = self.context_buttons + self.ai_buttons + self.tool_buttons
        self._layout_buttons()

    def _button(self, spec: ButtonSpec) -> Button:
        action, command = spec.action, spec.command

        def press() -> None:
            if action is not None:
                self.act(action)
            elif command is not None:
                reply = command()
                self._marks()
                self._build_buttons()
                if reply is not None:
                    self.answer(reply)

        return Button(spec.label, press, accent=spec.accent, hint=spec.hint,
                      name=spec.name, toggled=spec.toggled, enabled=spec.enabled,
                      tip=spec.tip)

    def _layout_buttons(self) -> None:
        """The tool row at the panel's foot (two rows where one would cut its words),
        the context buttons above it in as many columns as it takes to leave the panel's
        head (PANEL_MIN) clear; every button keeps a place, none is dropped."""
        p = self.side_rect
        f = self.app.fonts
        x, w = p.x + 12, p.w - 24
        tools = self.tool_buttons
        n = max(1, len(tools))
        need = max((f.body.size(b.label)[0] + 24 for b in tools), default=0)
        per_row = n if n * need + BUTTON_GAP * (n - 1) <= w else (n + 1) // 2
        rows = -(-len(tools) // per_row)
        tw = (w - BUTTON_GAP * (per_row - 1)) // per_row
        y = p.bottom - 12 - rows * BUTTON_H - (rows - 1) * BUTTON_GAP
        for k, b in enumerate(tools):
            r, c = divmod(k, per_row)
            b.rect = pygame.Rect(x + c * (tw + BUTTON_GAP), y + r * (BUTTON_H + BUTTON_GAP),
                                 tw, BUTTON_H)
        bottom = y - 10  # the context buttons end here
        ctx = self.context_buttons
        room = bottom - (p.y + PANEL_MIN)
        # one column, shorter buttons, then more columns (their words may be cut, the
        # tooltip says them whole); last the panel's head gives way (to a line)
        options = [(c, bh) for c in (1, 2) for bh in (BUTTON_H, BUTTON_MIN_H)]
        least = max(room, bottom - (p.y + 40))
        cols, h = next(((c, bh) for c, bh in options
                        if -(-len(ctx) // c) * (bh + BUTTON_GAP) <= room),
                       (2 if -(-len(ctx) // 2) * (BUTTON_MIN_H + BUTTON_GAP) <= least else 3,
                        BUTTON_MIN_H))
        rows = -(-len(ctx) // cols) if ctx else 0
        if rows and rows * (h + BUTTON_GAP) > room:
            h = max(BUTTON_MIN_H, min(BUTTON_H, least // rows - BUTTON_GAP))
        cw = (w - BUTTON_GAP * (cols - 1)) // cols
        top = bottom - rows * (h + BUTTON_GAP)
        for k, b in enumerate(ctx):
            r, c = divmod(k, cols)
            b.rect = pygame.Rect(x + c * (cw + BUTTON_GAP), top + r * (h + BUTTON_GAP), cw, h)
        self.buttons_top = top if ctx else bottom
        self._layout_ai_bar()

    def _layout_ai_bar(self) -> None:
        """The computer's buttons at the right of its strip, their key hints left out
        where the words would not fit beside them (the tooltips say the keys)."""
        f = self.app.fonts
        bar = self.ai_rect
        buttons = getattr(self, "ai_buttons", [])
        names = [f"The computer plays {self.side_label(s)}" for s in self.sides]
        text_w = max((f.body.size(t)[0] for t in names), default=0) + 40

        def width(b: Button, hints: bool) -> int:
            return f.body.size(b.shown_label())[0] + (
                f.small.size(b.hint)[0] + 18 if hints and b.hint else 0) + 24

        hints = sum(width(b, True) + 8 for b in buttons) + text_w <= bar.w - 12
        bx = bar.right - 10
        for b in reversed(buttons):
            if not hints:
                b.hint = ""
            bw = width(b, hints)
            bx -= bw
            b.rect = pygame.Rect(bx, bar.centery - 17, bw, 34)
            bx -= 8
        self.ai_bar_left = bx

    # ================================================================ acting
    def act(self, action: Action, animate: bool = True) -> bool:
        """Play ``action`` for the side to act; an illegal one changes nothing."""
        events = self.m.attempt(action)  # judged once, here
        if isinstance(events, Refusal):
            self.app.toasts.show(f"Not allowed: {events.reason}", VERMILLION)
            return False
        self.log.follow()  # show the player what came of it
        self.redo_stack = []  # a new action: what was undone is gone
        self._after(events, animate)
        return True

    def answer(self, reply: Reply) -> None:
        """Carry out what a controller made of a click or a key."""
        if isinstance(reply, Select):
            self.select(reply.piece)
        elif isinstance(reply, Confirm):
            action = reply.action

            def yes() -> None:
                self.act(action)

            self.app.confirm(reply.title, reply.text, reply.yes, yes, reply.no)
        elif isinstance(reply, str):
            if reply:
                self.app.toasts.show(reply, ORANGE, ttl=3)
            self._marks()
            self._build_buttons()
        elif reply is not None:
            self.act(reply)

    def _after(self, events: list[Event], animate: bool) -> None:
        if self.m.turn > self.saved_turn and not self.app.screenshot_mode:
            self.saved_turn = self.m.turn
            self._autosave()
        if animate:
            self.queue.extend(events)
        else:
            self._show_quietly(events)
        self._add_log(self.m.log[self._logged:])
        prev_side = self._last_side
        self.refresh()
        side = self.side_of_turn()
        if side != prev_side or self.piece(self.selected) is None or \
                self.control.selection_done(self.selected):
            self._auto_select()  # the next piece that can still act
        self._last_side = side
        if self.m.outcome() is not None:
            self._finish()

    def _autosave(self) -> None:
        try:
            saves.write_autosave(self.m)
        except OSError as e:
            self.app.toasts.show(f"Autosave failed: {e}", VERMILLION)

    def _finish(self) -> None:
        try:
            saves.clear_autosave()
        except OSError as e:
            print(f"could not remove the autosave: {e}", file=sys.stderr)
        if self.end_timer is None:
            self.end_timer = 1.5

    def _add_log(self, events: list[Event]) -> None:
        for e in events:
            self.log.add(event_lines(e), key=e)
        self._logged = len(self.m.log)

    def undo(self) -> None:
        """Take back the last action (and the computer's after it, back to a human)."""
        if not self.m.actions:
            self.app.toasts.show("Nothing to undo.", ORANGE)
            return
        humans = any(self.is_human(s) for s in self.sides)
        undone = 1
        if humans:  # back to the last action a human chose, in one replay
            actors = self.m.actors
            while undone < len(actors) and not self.is_human(actors[-undone]):
                undone += 1
        self.redo_stack.append(list(zip(self.m.actions[-undone:], self.m.actors[-undone:],
                                        strict=True)))
        self.m.undo(undone)
        if not humans:
            self.ai_paused = True
        self.queue.clear()
        self.view.cancel_animations()  # the view redraws from the state
        self.end_timer = None
        self.saved_turn = min(self.saved_turn, self.m.turn)
        self.log.clear()
        self._add_log(self.m.log)
        self.refresh()
        self._auto_select()
        self._last_side = self.side_of_turn()
        what = "action" if undone == 1 else "actions"
        self.app.toasts.show(f"Undone {undone} {what} (turn {self.m.turn}, "
                             f"{self.m.ruleset.phases[self.m.phase].title}).", SKY)

    def redo(self) -> None:
        """Play again what the last undo took back (the same dice give the same rolls);
        any other action since then makes redo forget."""
        if not self.redo_stack:
            self.app.toasts.show("Nothing to redo.", ORANGE)
            return
        batch = self.redo_stack.pop()
        keep = self.redo_stack
        for action, actor in batch:
            events = self.m.attempt(action)
            if isinstance(events, Refusal):  # cannot happen: the same state and dice
                break
            self.m.actors[-1] = actor
            self._after(events, animate=False)
        self.redo_stack = keep
        what = "action" if len(batch) == 1 else "actions"
        self.app.toasts.show(f"Redone {len(batch)} {what}.", SKY)

    def save(self) -> None:
        try:
            p = saves.save_game(self.m)
        except OSError as e:
            self.app.error(f"Could not save: {e}")
            return
        self.app.toasts.show(f"Saved to {p}", GREEN, ttl=6)

    def toggle_fast(self) -> None:
        self.ai_fast = not self.ai_fast
        self._build_buttons()
        self.app.toasts.show("Computer plays at x4 speed." if self.ai_fast else
                             "Computer plays at normal speed.", SKY, ttl=2)

    def toggle_pause(self) -> None:
        self.ai_paused = not self.ai_paused
        self._build_buttons()

    def skip_ai(self) -> None:
        """S: play the computer's actions at once until a human must act (or turn ends)."""
        start_turn = self.m.turn
        n = 0
        while (n < SKIP_LIMIT and self.m.outcome() is None
               and not self.is_human(self.side_of_turn()) and self.m.turn == start_turn):
            self._ai_act(animate=False)
            n += 1
        self.ai_timer = 0.0

    def _ai_choose(self) -> Action:
        side = self.side_of_turn()
        assert side is not None
        if side not in self.ais:
            seed = self.m.seed * 31 + self.sides.index(side) + len(self.m.actions)
            self.ais[side] = computer_player(self.m.ruleset.key, seed)
        return self.ais[side].choose(self.m)

    # ================================================================ events shown
    def _health_text(self, pid: str | None, amount: int) -> str:
        p = self.piece(pid)
        return f"-{amount} {p.health_label if p is not None else ''}".rstrip()

    def _show_quietly(self, events: list[Event]) -> None:
        """Fast play: no animation, just the damage numbers."""
        for e in events:
            p = self.piece(e.figure)
            if e.kind == Kind.DAMAGED and p is not None and p.place is not None and e.amount:
                self.float_text(p.place, self._health_text(e.figure, e.amount), VERMILLION)

    def _play_next(self) -> None:
        """Start showing queued events until one of them animates."""
        v = self.view
        while self.queue and not v.busy:
            e = self.queue.popleft()
            self.app.sounds.event(e)
            p = self.piece(e.figure)
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
                t = self.piece(e.target)
                hit = (e.roll.winner == 0 if isinstance(e.roll, Contest)
                       else bool(e.roll.success))
                if t is not None and t.place is not None:
                    self.float_text(t.place, "hit" if hit else "miss", YELLOW if hit else SKY)
            elif e.kind in (Kind.DIED, Kind.UNCONSCIOUS) and here is not None:
                self.float_text(here, "dead" if e.kind == Kind.DIED else "knocked out",
                                VERMILLION)
            elif e.kind in (Kind.PRONE, Kind.STOOD) and here is not None:
                self.float_text(here, "prone" if e.kind == Kind.PRONE else "stands", ORANGE)

    # ================================================================ loop
    def busy(self) -> bool:
        return (bool(self.queue) or self.view.busy or self._float_left > 0
                or not self.human_turn() or self.end_timer is not None)

    def float_text(self, place: Place, text: str, colour: Colour) -> None:
        """A rising text over a place; the scene keeps redrawing until it has faded."""
        self.view.float_text(place, text, colour)
        self._float_left = FLOAT_SECONDS

    def update(self, dt: float) -> None:
        self.view.update(dt)
        self._float_left = max(0.0, self._float_left - dt)
        self._play_next()
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
        if self.ai_paused:
            return
        self.ai_timer += dt * (AI_FAST if self.ai_fast else 1.0)
        if self.ai_timer >= self.ai_wait:
            self.ai_timer = 0.0
            self._ai_act(animate=True)

    def _ai_act(self, animate: bool) -> None:
        """One computer action; if the computer player fails, it pauses (P resumes)."""
        try:
            a = self._ai_choose()
        except Exception:
            self.ai_paused = True
            self._build_buttons()
            raise
        self.redo_stack = []
        events = self.m.apply(a)
        self.ai_wait = AI_DELAY if any(e.kind in SEEN for e in events) else AI_QUIET
        self._after(events, animate)

    def _to_end(self) -> None:
        from game.ui.scenes.end import EndScene

        self.draw(self.app.screen)
        self.app.switch(EndScene(self.app, self.m, self.app.screen.copy()))

    def on_quit(self) -> None:
        if self.m.outcome() is None and not self.app.screenshot_mode and self.m.actions:
            saves.write_autosave(self.m)  # a failure is shown before the window closes

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
                         "Leave", self._leave, "Stay")

    def _leave(self) -> None:
        self.on_quit()
        self.app.show_picker()

    # ================================================================ input
    def handle(self, e: pygame.event.Event) -> None:
        if e.type == pygame.KEYDOWN:
            self._key(e)
            return
        if e.type == pygame.MOUSEWHEEL:
            pos = pygame.mouse.get_pos()
            if self.log.handle(e):
                return
            if self.board_rect.collidepoint(pos):
                self.view.camera.zoom_at(1.15 ** e.y, pos[0] - self.board_rect.x,
                                         pos[1] - self.board_rect.y)
                self._tip_key = None
            return
        for b in self.buttons:
            if b.handle(e):
                return
        if e.type == pygame.MOUSEBUTTONDOWN and self.board_rect.collidepoint(e.pos):
            if e.button in (1, 2, 3):
                self._drag = e.pos
                self._dragged = False
                self._claimed = False
                if e.button == 1 and self.human_turn():
                    piece = self.piece_under(e.pos)
                    self._claimed = self.control.drag_start(
                        self.selected, self.place_under(e.pos),
                        piece.id if piece is not None else None)
            return
        if e.type == pygame.MOUSEMOTION:
            over = self.piece_under(e.pos)
            if (over.id if over is not None else None) != self.hover_piece:
                self.hover_piece = over.id if over is not None else None
                self._panel_key = None
            if self._drag is not None and any(e.buttons):
                dx, dy = e.pos[0] - self._drag[0], e.pos[1] - self._drag[1]
                if self._dragged or abs(dx) + abs(dy) >= DRAG_PIXELS:
                    self._dragged = True
                    if self._claimed:
                        self.control.drag_to(self.place_under(e.pos))
                    else:
                        self.view.camera.pan(dx, dy)
                        self._drag = e.pos
            if e.rel != (0, 0) or not self.cursor or self._claimed:
                self.cursor = False
                self._set_hover(self.place_under(e.pos), force=self._claimed)
            return
        if e.type == pygame.MOUSEBUTTONUP:
            was_drag = self._dragged
            started = self._drag is not None
            claimed = self._claimed
            self._drag, self._dragged, self._claimed = None, False, False
            if claimed:
                reply = self.control.drag_end(self.place_under(e.pos) if was_drag else None)
                if was_drag:
                    self.answer(reply)
                    return
            if was_drag or not started:
                return
            place = self.place_under(e.pos)
            if place is not None and e.button in (1, 3):
                piece = self.piece_under(e.pos)
                self.click(place, e.button, piece.id if piece is not None else None)

    def _set_hover(self, place: Place | None, force: bool = False) -> None:
        if place != self.hover or force:
            self.hover = place
            self._marks()
            self._panel_key = None

    def _key(self, e: pygame.event.Event) -> None:
        ctrl = bool(e.mod & pygame.KMOD_CTRL)
        k = e.key
        if ctrl and (k == pygame.K_y or (k == pygame.K_z and e.mod & pygame.KMOD_SHIFT)):
            self.redo()
        elif ctrl and k == pygame.K_z:
            self.undo()
        elif ctrl and k == pygame.K_s:
            self.save()
        elif ctrl:
            return
        elif k == pygame.K_SPACE:
            self.toggle_fast()
        elif k == pygame.K_TAB:
            self.cycle_selection(-1 if e.mod & pygame.KMOD_SHIFT else 1)
        elif k == pygame.K_s:
            if not self.human_turn():
                self.skip_ai()
        elif k == pygame.K_p:
            self.toggle_pause()
        elif k == pygame.K_l:
            self.log_tall = not self.log_tall
            self.resize(self.size)
        elif k in (pygame.K_HOME, pygame.K_c):
            self.view.camera.fit()
        elif k in (pygame.K_PLUS, pygame.K_EQUALS, pygame.K_KP_PLUS):
            self._zoom_centre(1.2)
        elif k in (pygame.K_MINUS, pygame.K_KP_MINUS):
            self._zoom_centre(1 / 1.2)
        elif k in (pygame.K_LEFT, pygame.K_RIGHT, pygame.K_UP, pygame.K_DOWN):
            dx = {pygame.K_LEFT: -1, pygame.K_RIGHT: 1}.get(k, 0)
            dy = {pygame.K_UP: -1, pygame.K_DOWN: 1}.get(k, 0)
            if e.mod & pygame.KMOD_SHIFT:
                self.view.camera.pan(-60 * dx, -60 * dy)
            else:
                self.move_cursor(dx, dy)
        elif k in (pygame.K_RETURN, pygame.K_KP_ENTER) and self.cursor and \
                self.hover is not None:
            self.click(self.hover, 3 if e.mod & pygame.KMOD_SHIFT else 1)
        elif pygame.K_1 <= k <= pygame.K_9:
            n = k - pygame.K_1
            if n < len(self.context_buttons) and self.context_buttons[n].enabled:
                self.context_buttons[n].on_click()
        else:  # views and selections work while the computer plays; actions do not
            reply = self.control.key(self.selected, k)
            if isinstance(reply, (Select, str)) or reply is None or self.human_turn():
                self.answer(reply)

    def move_cursor(self, dx: int, dy: int) -> None:
        """Arrows: move the keyboard cursor (the outlined place) one place that way on the
        screen; Enter then clicks there (Shift+Enter right-clicks)."""
        start = self.hover if self.hover is not None else (
            p.place if (p := self.piece(self.selected)) is not None else None)
        if start is None:
            start = self.view.place_at(self.board_rect.w / 2, self.board_rect.h / 2)
            if start is None:
                return
            place: Place | None = start
        else:
            place = self.view.step(start, dx, dy) if self.cursor else start
        if place is None:
            return
        self.cursor = True
        self._set_hover(place)
        self.keep_in_view(place)

    def keep_in_view(self, place: Place) -> None:
        """Pan just enough that ``place`` is on screen, a margin from the edge."""
        pos = self.view.screen_pos(place)
        if pos is None:
            return
        m = 60
        w, h = self.board_rect.size
        dx = (m - pos[0]) if pos[0] < m else (w - m - pos[0]) if pos[0] > w - m else 0
        dy = (m - pos[1]) if pos[1] < m else (h - m - pos[1]) if pos[1] > h - m else 0
        if dx or dy:
            self.view.camera.pan(dx, dy)

    def cycle_selection(self, step: int) -> None:
        """Tab / Shift+Tab: select the next piece of the side to act (the cursor goes to
        it), or of the first side when nobody is to act."""
        side = self.side_of_turn() or self.sides[0]
        own = [p for p in self.pieces if p.side == side and p.active]
        if not own:
            return
        ids = [p.id for p in own]
        k = (ids.index(self.selected) + step) % len(ids) if self.selected in ids else 0
        self.select(ids[k])
        place = own[k].place
        if place is not None:
            self.cursor = True
            self._set_hover(place)
            self.keep_in_view(place)

    def _zoom_centre(self, factor: float) -> None:
        self.view.camera.zoom_at(factor, self.board_rect.w / 2, self.board_rect.h / 2)

    def select(self, pid: str | None) -> None:
        self.selected = pid
        self._marks()
        self._build_buttons()
        self._panel_key = None

    def click(self, place: Place, button: int = 1, piece_id: str | None = None) -> None:
        """A click on the board: the controller says what it does (when it is a human's
        turn); otherwise a left click selects the piece there. ``piece_id``: the piece
        drawn under the pointer, where places hold several (else the place's)."""
        if piece_id is not None:
            piece = self.piece(piece_id)
        else:
            piece = None if self.shared_places() else self.piece_at_place(place)
        if not self.human_turn():
            if piece is not None and button == 1:
                self.select(piece.id)
            return
        self.answer(self.control.click(self.selected, place,
                                       piece.id if piece is not None else None, button))

    # ================================================================ layout
    def resize(self, size: tuple[int, int]) -> None:
        self.size = size
        w, h = size
        side_w = max(SIDE_MIN, min(SIDE_W, int(w * 0.3)))
        share = LOG_TALL_SHARE if self.log_tall else LOG_SHARE
        log_h = max(min(LOG_MIN, h // 3), min(int(h * share), h - TOP_H - 120))
        strip = AI_STRIP if self.has_computer() else 0
        log_h -= min(strip, max(0, log_h - LOG_FLOOR))  # the log gives the computer's
        # strip its height before the board does
        self.top_rect = pygame.Rect(0, 0, w, TOP_H)
        self.side_rect = pygame.Rect(w - side_w, TOP_H, side_w, h - TOP_H)
        self.log_rect = pygame.Rect(0, h - log_h, w - side_w, log_h)
        self.board_rect = pygame.Rect(0, TOP_H, w - side_w, h - TOP_H - log_h)
        self.board_rect.h -= strip  # the computer's bar has its own strip under the board
        self.ai_rect = pygame.Rect(0, self.board_rect.bottom, self.board_rect.w, strip)
        self.log.rect = self.log_rect.inflate(-12, -10)
        self.view.resize(self.board_rect.size)
        if hasattr(self, "context_buttons"):
            self._layout_buttons()
        self._panel_key = None

    # ================================================================ drawing
    def draw(self, surface: pygame.Surface) -> None:
        surface.fill(BG, self.log_rect)  # the other areas are painted over in full
        board = surface.subsurface(self.board_rect)
        self.view.draw(board, self.pieces)
        self._draw_top(surface)
        self._draw_side(surface)
        self.log.draw(surface, self.app.fonts)
        self._draw_tip(surface)
        self._draw_ai_strip(surface)
        if self.human_turn():
            text = self.control.banner()
            if text:
                self._draw_banner(surface, text)
        draw_tooltip(surface, self.app.fonts, self.buttons, pygame.mouse.get_pos())

    def _draw_top(self, surface: pygame.Surface) -> None:
        f = self.app.fonts
        self.top_parts: list[pygame.Rect] = []
        """Where each text of the top bar went (none overlaps another)."""

        def put(t: pygame.Surface, at: tuple[int, int]) -> None:
            surface.blit(t, at)
            self.top_parts.append(t.get_rect(topleft=at))

        pygame.draw.rect(surface, PANEL, self.top_rect)
        pygame.draw.line(surface, EDGE, self.top_rect.bottomleft, self.top_rect.bottomright)
        ph = self.m.ruleset.phases[self.m.phase]
        right = self.top_rect.right - 16
        note = self.control.top_note()
        note_t = f.render(f.small, note, DIM) if note else None
        x = 16
        t = f.render(f.head, f"Turn {self.m.turn}", TEXT)
        put(t, (x, 8))
        x += t.get_width() + 16
        t = f.render(f.head, f"{ph.title}", SKY)
        put(t, (x, 8))
        x += t.get_width() + 6
        t = f.render(f.small, f"({ph.rule})", DIM)
        put(t, (x, 14))
        x += t.get_width() + 20
        side = self.side_of_turn()
        if side is not None:
            i = self.sides.index(side)
            who = "you" if self.is_human(side) and sum(
                self.is_human(s) for s in self.sides) == 1 else (
                "human" if self.is_human(side) else "computer")
            text = f"{self.side_label(side)} ({who}) {self.control.verb()}"
            actor = self.control.actor_text()
            if actor is not None:
                text = f"{actor} of {self.side_label(side)} ({who}) acts"
            room = right - (x + 24) - (note_t.get_width() + 24 if note_t else 0)
            if room < f.bold.size(text)[0] and note_t is not None:
                note_t = None  # the note goes to the second line instead
                room = right - (x + 24)
            if room > 40:
                draw_mark(surface, i, (x + 9, 22), 18)
                put(f.render(f.bold, fit(f.bold, text, room), side_colour(i)), (x + 24, 11))
        if note_t is not None:
            put(note_t, (right - note_t.get_width(), 12))
        speed = "  |  computer x4" if self.ai_fast else ""
        paused = "  |  computer paused (P)" if self.ai_paused else ""
        line2 = self.control.phase_line() + speed + paused
        if note and note_t is None:
            line2 = f"{note}  |  {line2}"
        put(f.render(f.small, fit(f.small, line2, right - 16), DIM), (16, 38))

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

    def _draw_ai_strip(self, surface: pygame.Surface) -> None:
        """The computer's strip under the board: on its turn what it plays and its
        buttons; on a human's turn which sides it plays and its keys, dimmed."""
        self.ai_banner_rect: pygame.Rect | None = None
        """Where the computer's label went this frame."""
        bar = self.ai_rect
        if not bar.h:
            return
        f = self.app.fonts
        pygame.draw.rect(surface, BG, bar)
        pygame.draw.line(surface, EDGE, bar.topleft, bar.topright)
        if self.m.outcome() is not None:
            return
        side = self.side_of_turn()
        if self.human_turn() or side is None:
            names = ", ".join(self.side_label(s) for s in self.sides if not self.is_human(s))
            note = f"The computer plays {names}; on its turn Space: x4, S: skip, P: pause"
            t = f.render(f.small, fit(f.small, note, bar.w - 28), FAINT)
            surface.blit(t, (bar.x + 14, bar.centery - t.get_height() // 2))
            self.ai_banner_rect = t.get_rect(topleft=(bar.x + 14,
                                                      bar.centery - t.get_height() // 2))
            return
        name = self.side_label(side)
        paused = " - paused" if self.ai_paused else ""
        room = self.ai_bar_left - bar.x - 40
        text = f"The computer plays {name}{paused}"
        if f.body.size(text)[0] > room:
            text = f"Computer: {name}{paused}"
        self.ai_banner_text = fit(f.body, text, room)
        t = f.render(f.body, self.ai_banner_text, TEXT)
        r = pygame.Rect(0, 0, t.get_width() + 28, t.get_height() + 12)
        r.midleft = (bar.x + 12, bar.centery)
        if room > 60:
            draw_panel(surface, r, (30, 34, 40), ORANGE, radius=8)
            surface.blit(t, (r.x + 14, r.y + 6))
            self.ai_banner_rect = r
        mouse = pygame.mouse.get_pos()
        for b in self.ai_buttons:
            b.draw(surface, f, mouse)

    # ---------------------------------------------------------------- side panel
    def _panel_piece(self) -> PieceView | None:
        hov = self.hovered_piece()
        return hov if hov is not None else self.piece(self.selected)

    def _draw_side(self, surface: pygame.Surface) -> None:
        p = self.side_rect
        piece = self._panel_piece()
        key = (piece, self.selected, p.size, self.hover, self.buttons_top,
               len(self.m.actions))
        if key != self._panel_key or self._panel is None:
            self._panel_key = key
            self._panel = self._render_panel(piece, p.w, self.buttons_top - p.y - 6)
            parts = self._panel.parts if isinstance(self._panel, _Recorded) else []
            self.panel_parts = [r.move(p.topleft) for r in parts]
            """Where each text of the piece panel went (window coordinates)."""
        pygame.draw.rect(surface, PANEL, p)
        pygame.draw.line(surface, EDGE, p.topleft, p.bottomleft)
        surface.blit(self._panel, p.topleft)
        mouse = pygame.mouse.get_pos()
        for b in self.buttons:
            b.draw(surface, self.app.fonts, mouse)

    def _who(self, side: str) -> str:
        return "computer" if self.controllers.get(side) == saves.COMPUTER else "human"

    def _render_panel(self, piece: PieceView | None, w: int, h: int) -> pygame.Surface:
        f = self.app.fonts
        surf = _Recorded((w, max(10, h)), pygame.SRCALPHA)
        x, y = 16, 12
        if piece is None:
            self._render_roster(surf, x, y, w, h)
            return surf
        i = self.sides.index(piece.side)
        if piece.id != self.selected:
            t = f.render(f.small, fit(f.small, "under the pointer" if self.selected is None
                                      else "under the pointer (Esc clears the selection)",
                                      w - 2 * x), DIM)
            surf.blit(t, (x, y - 4))
            y += 18
        draw_mark(surf, i, (x + 10, y + 14), 20)
        surf.blit(f.render(f.head, fit(f.head, piece.name, w - 28 - 2 * x), TEXT), (x + 28, y))
        y += 32
        who = f"{piece.kind_name} of the {self.side_label(piece.side)} ({self._who(piece.side)})"
        lines = wrap(f.body, who, w - 2 * x)
        if y + f.body.get_linesize() * len(lines) + 36 > h:  # a short panel: one line
            lines = [fit(f.body, who, w - 2 * x)]
        for ln in lines:
            if y + f.body.get_linesize() > h:
                return surf
            surf.blit(f.render(f.body, ln, side_colour(i)), (x, y))
            y += f.body.get_linesize()
        y += 6
        if y + 26 > h:  # no room for the health bar
            return surf
        # health bar
        bar = pygame.Rect(x, y + 4, w - 150, 14)
        pygame.draw.rect(surf, (60, 30, 20), bar, border_radius=4)
        frac = max(0.0, piece.health / piece.health_max) if piece.health_max else 0
        fill = bar.copy()
        fill.w = int(bar.w * frac)
        pygame.draw.rect(surf, GREEN if frac > 0.5 else ORANGE if frac > 0.25 else VERMILLION,
                         fill, border_radius=4)
        surf.blit(f.render(f.bold, f"{piece.health_label} {piece.health}/{piece.health_max}",
                           TEXT), (bar.right + 10, y))
        y += 30
        lh = f.body.get_linesize()
        for label, value in self.control.piece_rows(piece):
            lines = wrap(f.body, value, w - 96 - 2 * x)
            if y + lh * len(lines) > h - 24:
                break
            surf.blit(f.render(f.small, label, DIM), (x, y))
            for k, ln in enumerate(lines):  # a wrapped value pushes the next row down
                surf.blit(f.render(f.body, ln, TEXT), (x + 96, y - 2 + k * lh))
            y += lh * len(lines) + 2
        tags = self.control.piece_tags(piece)
        if tags and y < h - 24:
            y += 4
            tx = x
            for text, colour in tags:
                t = f.render(f.small, text, BG)
                r = pygame.Rect(tx, y, t.get_width() + 14, t.get_height() + 4)
                if r.right > w - 10:
                    tx = x
                    y += r.h + 6
                    r.topleft = (tx, y)
                pygame.draw.rect(surf, colour, r, border_radius=10)
                surf.blit(t, (r.x + 7, r.y + 2))
                tx = r.right + 6
            y += 30
        # the hovered place
        note = self.control.place_text(self.hover) if self.hover is not None else None
        if note and y < h - 44:
            y = max(y, h - 24 - 22 * len(wrap(f.small, note, w - 32)))
            for ln in wrap(f.small, note, w - 32):
                surf.blit(f.render(f.small, ln, DIM), (x, y))
                y += 22
        return surf

    def _roster_rows(self, room: int, lh: int) -> list[int]:
        """How many of each side's pieces the roster lists in ``room`` pixels: all where
        they fit, else shares by size with a line per side saying how many more."""
        counts = [sum(p.side == s for p in self.pieces) for s in self.sides]
        heads = len(self.sides) * 38
        if heads + lh * sum(counts) <= room:
            return counts
        rows = max(0, (room - heads - 22 * len(self.sides)) // lh)
        total = max(1, sum(counts))
        share = [min(c, max(1, rows * c // total)) for c in counts]
        while sum(share) > rows and max(share) > 1:  # never more rows than room
            share[share.index(max(share))] -= 1
        for k in sorted(range(len(counts)), key=lambda k: share[k] - counts[k]):
            if sum(share) < rows and share[k] < counts[k]:  # rows left over go to the
                share[k] += 1  # sides with most not shown
        return share

    def _render_roster(self, surf: pygame.Surface, x: int, y: int, w: int, h: int) -> None:
        """No piece in focus: every side's pieces with their health and condition."""
        f = self.app.fonts
        hint = wrap(f.small, "Click a figure to see it; hover over an enemy for your "
                    "chance to hit it.", w - 32)
        rows = len(self.pieces) * 24 + len(self.sides) * 38
        if y + 22 * len(hint) + 8 + rows <= h:  # the hint only where every row fits too
            for ln in hint:
                surf.blit(f.render(f.small, ln, DIM), (x, y))
                y += 22
            y += 8
        lh = max(24, f.body.get_linesize())
        shown = self._roster_rows(h - y, lh)
        for i, side in enumerate(self.sides):
            if y + max(28, f.bold.get_linesize()) > h:
                return
            draw_mark(surf, i, (x + 9, y + 12), 18)
            surf.blit(f.render(f.bold, fit(f.bold, f"{self.side_label(side)} "
                                                   f"({self._who(side)})", w - 26 - 2 * x),
                               side_colour(i)), (x + 26, y))
            y += 28
            own = [g for g in self.pieces if g.side == side]
            for k, g in enumerate(own):
                if k >= shown[i] or y + lh > h:  # what does not fit is counted, not lost
                    more = f"and {len(own) - k} more (Tab)"
                    surf.blit(f.render(f.small, fit(f.small, more, w - 26 - 2 * x), DIM),
                              (x + 26, y))
                    y += 22
                    break
                alive = g.status != "dead"
                colour = TEXT if g.active else FAINT
                hp = f.render(f.body, f"{g.health_label} {g.health}/{g.health_max}" if alive
                              else "dead", colour if alive else VERMILLION)
                surf.blit(hp, (w - 16 - hp.get_width(), y))
                room = w - 16 - hp.get_width() - 12 - (x + 26)
                name = f.render(f.body, fit(f.body, g.name, room), colour)
                surf.blit(name, (x + 26, y))
                what = g.kind_name + ("" if g.status == "ok" or not alive else
                                      f", {g.status}")
                rest = room - name.get_width() - 10
                if rest > 30:
                    surf.blit(f.render(f.small, fit(f.small, what, rest),
                                       ORANGE if g.status not in ("ok", "dead") else DIM),
                              (x + 26 + name.get_width() + 10, y + 2))
                y += 24
            y += 10

    # ---------------------------------------------------------------- hover tip
    def _draw_tip(self, surface: pygame.Surface) -> None:
        self.tip_rect: pygame.Rect | None = None
        """Where the hover tip went this frame (None: no tip)."""
        t = self.hovered_piece()
        if self._drag is not None or self.hover is None:
            return
        if t is None or t.place is None:  # a place: what moving there risks, if anything
            where: Place = self.hover
            key: object = (len(self.m.actions), self.selected, where, "place")
            if key != self._tip_key:
                lines = self.control.place_tip(self.selected, where)
                self._tip_key = key
                self._tip = self._render_tip(lines) if lines else None
        else:
            actor = self.control.preview_actor(self.selected, t)
            if actor is None:
                return
            where = t.place
            key = (len(self.m.actions), actor, t.id)
            if key != self._tip_key or self._tip is None:
                lines = self.control.tip(actor, t.id)
                self._tip_key = key
                self._tip = self._render_tip(lines) if lines else None
        if self._tip is None:
            return
        # in the board's top corner away from the target, so it hides nothing near it
        pos = self.place_pos(where)
        r = self._tip.get_rect()
        b = self.board_rect
        r.top = b.top + 10
        if pos[0] > b.centerx:
            r.left = b.left + 10
        else:
            r.right = b.right - 10
        if r.collidepoint(pos):
            r.bottom = b.bottom - 10
        r.clamp_ip(surface.get_rect())  # a tip wider than the board still starts on screen
        surface.blit(self._tip, r)
        self.tip_rect = r

    def _render_tip(self, lines: list[TipLine]) -> pygame.Surface:
        f = self.app.fonts
        room = max(160, self.board_rect.w - 44)  # a line wider than the board wraps
        rendered = [f.render(font, part, ln.colour) for ln in lines
                    for font in [f.bold if ln.bold else f.small]
                    for part in wrap(font, ln.text, room)]
        w = max(r.get_width() for r in rendered) + 24
        h = sum(r.get_height() + 2 for r in rendered) + 16
        surf = pygame.Surface((w, h), pygame.SRCALPHA)
        draw_panel(surf, surf.get_rect(), (20, 22, 27), YELLOW, radius=8)
        y = 8
        for r in rendered:
            surf.blit(r, (12, y))
            y += r.get_height() + 2
        return surf

    def legend(self) -> list[tuple[pygame.Surface, str]]:
        """The board view's marks, with each side's ring named."""
        make = getattr(self.view, "legend", None)
        if make is None:
            return []
        names = [f"{self.side_label(s)} ({self._who(s)})" for s in self.sides]
        out: list[tuple[pygame.Surface, str]] = make(names)
        return out

    def help_rows(self) -> list[tuple[str, str]]:
        return self.control.help_rows() + [
            ("Arrows, Enter", "move the cursor; Enter clicks there (Shift: right-click)"),
            ("Tab / 1-9", "select the next figure / press the panel's buttons"),
            ("Wheel / + -", "zoom"),
            ("Drag / Shift+arrows", "pan the board; C or Home centres it"),
            ("Ctrl+Z / Ctrl+Y", "undo (as often as you like) / redo what was undone"),
            ("Ctrl+S", "save (to your data folder)"),
            ("Space", "computer plays x4 faster (toggle)"),
            ("S", "skip to the end of the computer's turn"),
            ("P", "pause or resume the computer"),
            ("L", "taller or shorter dice log"),
        ]
