"""The match: the board, the phase bar, the figure panel with its buttons, the dice log.

The scene decides no rule. It asks the Match what is legal now (``legal_actions``), asks
the ruleset where a figure can go (``move_options``) and whether and how well it can hit
(``attack_check``), turns clicks into those actions, and draws the Events they return.
"""

from __future__ import annotations

import sys
from collections import deque
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

import pygame

from game.core.events import Event, Kind
from game.core.ruleset import Action
from game.ui import saves
from game.ui.board_view import FLOAT_SECONDS, BoardRenderer, FigureView
from game.ui.scenes.base import Scene
from game.ui.scenes.dice_log import event_lines, percent
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
    side_colour,
    wrap,
)

if TYPE_CHECKING:
    from game.core.match import Match
    from game.ui.app import App

AI_DELAY = 0.6
"""Seconds between two computer actions at normal speed."""
AI_FAST = 4.0
"""Speed-up while Space/Tab fast mode is on."""
MOVE_SECONDS_PER_HEX = 0.12
SKIP_LIMIT = 400
"""Most computer actions applied at once by S (skip) or --fast."""
DRAG_PIXELS = 6
TOP_H = 64
SIDE_W = 360
LOG_H = 164
LOG_TALL = 380


@dataclass
class Legal:
    """Today's legal actions sorted by what the player does to choose them."""

    actions: list[Action] = field(default_factory=list)
    moves: dict[str, dict[int, Action]] = field(default_factory=dict)
    faces: dict[str, dict[int, Action]] = field(default_factory=dict)
    attacks: dict[str, Action] = field(default_factory=dict)
    """Target id -> Attack."""
    disengage: dict[int, Action] = field(default_factory=dict)
    retreats: dict[tuple[int, bool], Action] = field(default_factory=dict)
    other: list[Action] = field(default_factory=list)
    """Actions chosen with a button: defend, end movement, ready, pass, choose first..."""


def _fields(a: Action) -> dict[str, Any]:
    return {k: v for k, v in a.to_json().items() if k != "kind"}


def sort_legal(actions: list[Action]) -> Legal:
    out = Legal(actions)
    for a in actions:
        f = _fields(a)
        if a.kind == "move":
            out.moves.setdefault(f["figure"], {})[f["to"]] = a
        elif a.kind == "face":
            out.faces.setdefault(f["figure"], {})[f["facing"]] = a
        elif a.kind == "attack":
            out.attacks[f["target"]] = a
        elif a.kind == "disengage":
            out.disengage[f["to"]] = a
        elif a.kind == "retreat":
            out.retreats[(f["to"], bool(f["follow"]))] = a
        else:
            out.other.append(a)
    return out


def first_legal(match: Match) -> Action:
    """A stand-in computer player: attack if it can, else finish the step."""
    legal = match.legal_actions()
    for kind in ("choose_first", "attack", "end_movement", "pass", "no_retreat"):
        for a in legal:
            if a.kind == kind:
                return a
    return legal[0]


def make_ai(seed: int) -> Any:
    """The Tactician if it is there, else None (the scene then uses ``first_legal``)."""
    try:
        from game.ai.tactician import Tactician
    except ImportError:
        return None
    return Tactician(seed)


class MatchScene(Scene):
    """One game on a hex height map."""

    def __init__(self, app: App, match: Match) -> None:
        super().__init__(app)
        self.m = match
        self.controllers = saves.controllers_of(match)
        self.sides = list(match.scenario.sides)
        self.side_names = dict(match.scenario.sides)
        self.renderer = BoardRenderer(match.board, (app.screen.get_width() - SIDE_W,
                                                    app.screen.get_height() - TOP_H - LOG_H))
        self.log = LogView("Dice log  (wheel scrolls, L makes it taller)")
        self._logged = 0
        self.log_tall = False
        self.selected: str | None = None
        self.hover_cell: int | None = None
        self.follow = True
        self.queue: deque[Event] = deque()
        self.ai_timer = 0.0
        self.ai_fast = False
        self.ai_paused = False
        self.ais: dict[str, Any] = {}
        self.saved_turn = match.turn
        self.end_timer: float | None = None
        self.legal = Legal()
        self._last_side = match.to_act()
        self._float_left = 0.0
        self._drag: tuple[int, int] | None = None
        self._dragged = False
        self._panel_key: object = None
        self._panel: pygame.Surface | None = None
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

    def side_label(self, side: str) -> str:
        return self.side_names.get(side, side)

    def figure_at(self, cell: int | None) -> Any:
        return None if cell is None else self.state.figure_at(cell)

    def cell_pos(self, cell: int) -> tuple[int, int]:
        """Where cell ``cell`` is on the window now (tests click there)."""
        x, y = self.renderer.cell_screen_pos(cell)
        return int(x) + self.board_rect.x, int(y) + self.board_rect.y

    def cell_under(self, pos: tuple[int, int]) -> int | None:
        if not self.board_rect.collidepoint(pos):
            return None
        return self.renderer.cell_at_screen(pos[0] - self.board_rect.x,
                                            pos[1] - self.board_rect.y)

    # ================================================================ refresh
    def figure_views(self) -> list[FigureView]:
        out = []
        for f in self.state.figures.values():
            out.append(FigureView(f.id, f.kind, self.sides.index(f.side), f.cell, f.facing,
                                  f.st, f.st_max, prone=f.prone, status=f.status,
                                  label=f.name))
        return out

    def refresh(self) -> None:
        """Recompute what is legal and what the board shows after any change."""
        self.legal = sort_legal(self.m.legal_actions() if self.human_turn() else [])
        if self.selected is not None and self.selected not in self.state.figures:
            self.selected = None
        focus = self.phase_focus()
        if focus is not None and self.human_turn():
            self.selected = focus
        self.views = self.figure_views()
        self._overlays()
        self._build_buttons()
        self._panel_key = None
        self._tip_key = None
        self.app.dirty = True

    def phase_focus(self) -> str | None:
        """The figure the phase is about: the one acting, or the one that may push back."""
        st = self.state
        acting = st.acting()
        if acting is not None:
            return acting.id
        if st.phase == "retreat" and st.retreats:
            return st.retreats[0][0]
        return None

    def _auto_select(self, force: bool = False) -> None:
        """Select a figure of the side to act (its reach shows at once)."""
        side = self.side_of_turn()
        if side is None or not (force or self.is_human(side)):
            return
        sel = self.figure(self.selected)
        if sel is not None and sel.side == side and (self.legal.moves.get(sel.id) or force):
            return
        focus = self.phase_focus()
        if focus is not None:
            self.selected = focus
        else:
            own = [f for f in self.state.figures.values() if f.side == side and f.active]
            movable = [f for f in own if self.legal.moves.get(f.id)]
            pick = (movable or own or [None])[0]
            self.selected = pick.id if pick is not None else None
        self._overlays()
        self._build_buttons()

    def figure(self, fid: str | None) -> Any:
        return self.state.figures.get(fid) if fid else None

    def _overlays(self) -> None:
        r = self.renderer
        st = self.state
        sel = self.figure(self.selected)
        costs: dict[int, int] = {}
        ends: set[int] = set()
        jumps: dict[int, str] = {}
        targets: dict[int, str] = {}
        self.reach_opts = None
        phase = st.phase
        can_move = sel is not None and sel.active and sel.side == self.side_of_turn() and (
            phase == "initiative" or bool(self.legal.moves.get(sel.id)))
        if can_move and self.m.outcome() is None:
            opts = self.m.ruleset.move_options(st, sel.id)
            self.reach_opts = opts
            for c in opts.cells():
                cost = opts.cost(c)
                if cost is not None:
                    costs[c] = cost
            ends = set(opts.reach.ends) & set(costs)
            for c, j in opts.jumps.items():
                jumps[c] = self.jump_text(j)
        if phase == "action" and self.human_turn():
            acting = st.acting()
            for tid in self.legal.attacks:
                t = st.figures[tid]
                chk = self.m.ruleset.attack_check(st, acting.id, tid)
                targets[t.cell] = percent(chk.odds.p_hit) if chk.odds else "attack"
            for c in self.legal.disengage:
                targets[c] = "back"
        if phase == "retreat" and self.human_turn():
            for (c, _follow) in self.legal.retreats:
                targets[c] = "push"
        r.set_reach(costs, ends, jumps)
        r.set_targets(targets)
        r.set_selected(sel.cell if sel is not None and sel.alive else None)
        self._hover_path()

    @staticmethod
    def jump_text(j: Any) -> str:
        """A jump's fall risk as on the board: '3d6 vs DX or 1d6'."""
        if j.band <= 1:
            return f"3d6 vs DX or {j.band}d6"
        return f"3d6 vs DX: {j.band - 1}d6 or {j.band}d6"

    def _hover_path(self) -> None:
        opts = self.reach_opts
        c = self.hover_cell
        if opts is not None and c is not None and c in opts.cells():
            self.renderer.set_path(opts.path(c))
        else:
            self.renderer.set_path([])
        self.renderer.set_hover(c)

    # ================================================================ buttons
    def _build_buttons(self) -> None:
        st = self.state
        ctx: list[Button] = []
        sel = self.figure(self.selected)
        if self.human_turn():
            if st.phase == "action":
                acting = st.acting()
                for tid, a in self.legal.attacks.items():
                    t = st.figures[tid]
                    chk = self.m.ruleset.attack_check(st, acting.id, tid)
                    odds = f" - {percent(chk.odds.p_hit)}" if chk.odds else ""
                    ctx.append(self._act_button(f"Attack {t.name}{odds}", a, VERMILLION))
            if st.phase == "movement" and sel is not None:
                faces = self.legal.faces.get(sel.id, {})
                if faces:
                    left, right = (sel.facing + 1) % 6, (sel.facing - 1) % 6
                    if left in faces:
                        ctx.append(self._act_button("Turn left", faces[left], hint="Q"))
                    if right in faces:
                        ctx.append(self._act_button("Turn right", faces[right], hint="E"))
            for a in self.legal.other:
                f = _fields(a)
                if a.kind == "defend" and f["figure"] != self.selected:
                    continue
                hint = "Enter" if a.kind == "end_movement" else ""
                accent = ORANGE if a.kind in ("end_movement", "choose_first") else SKY
                ctx.append(self._act_button(self.action_label(a), a, accent, hint))
            if st.phase == "retreat":
                can_follow = any(f for (_c, f) in self.legal.retreats)
                b = Button("Follow into its hex", self.toggle_follow, toggled=self.follow,
                           hint="F", name="follow", enabled=can_follow)
                ctx.insert(0, b)
        else:
            side = self.side_of_turn()
            if side is not None and self.m.outcome() is None:
                ctx.append(Button("Faster (x4)", self.toggle_fast, toggled=self.ai_fast,
                                  hint="Space", name="fast"))
                ctx.append(Button("Skip the computer's turn", self.skip_ai, hint="S",
                                  name="skip"))
                ctx.append(Button("Pause", self.toggle_pause, toggled=self.ai_paused,
                                  hint="P", name="pause"))
        self.context_buttons = ctx
        self.tool_buttons = [Button("Undo", self.undo, hint="Ctrl+Z", name="undo",
                                    enabled=bool(self.m.actions)),
                             Button("Save", self.save, hint="Ctrl+S", name="save"),
                             Button("Help", self.app.toggle_help, hint="F1", name="help")]
        self.buttons = self.context_buttons + self.tool_buttons
        self._layout_buttons()

    def _act_button(self, label: str, a: Action, accent: Colour = SKY,
                    hint: str = "") -> Button:
        return Button(label, lambda: self.act(a), accent=accent, hint=hint, name=a.kind)

    def action_label(self, a: Action) -> str:
        f = _fields(a)
        st = self.state
        name = st.figures[f["figure"]].name if "figure" in f and f["figure"] in st.figures \
            else ""
        match a.kind:
            case "choose_first":
                return f"{self.side_label(f['first'])} move first"
            case "end_movement":
                return "End movement"
            case "defend":
                return f"{name} defends (attackers roll 4 dice)"
            case "pass":
                return f"{name} does nothing" if not st.figures[f["figure"]].defending \
                    else f"{name} keeps defending"
            case "stand_up":
                return f"{name} stands up"
            case "pick_up":
                return f"{name} picks up the weapon"
            case "ready":
                return f"Ready the {self._weapon_name(f['weapon'])}"
            case "no_retreat":
                return "Do not push back"
        return self.m.describe(a)

    @staticmethod
    def _weapon_name(key: str) -> str:
        try:
            from game.rules.tft.data import load_data

            return load_data().weapons[key].name
        except (ImportError, KeyError):
            return key

    def _layout_buttons(self) -> None:
        p = self.side_rect
        x, w = p.x + 12, p.w - 24
        tw = (w - 12) // 3
        y = p.bottom - 46
        for k, b in enumerate(self.tool_buttons):
            b.rect = pygame.Rect(x + k * (tw + 6), y, tw, 34)
        y -= 10
        for b in reversed(self.context_buttons):
            y -= 40
            b.rect = pygame.Rect(x, y, w, 34)
        self.buttons_top = y

    # ================================================================ acting
    def act(self, action: Action, animate: bool = True) -> bool:
        """Play ``action`` for the side to act; an illegal one changes nothing."""
        why = self.m.why_illegal(action)
        if why is not None:
            self.app.toasts.show(f"Not allowed: {why}", VERMILLION)
            return False
        events = self.m.apply(action)
        self._after(events, animate)
        return True

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
        sel = self.figure(self.selected)
        done = (self.state.phase == "movement" and sel is not None and sel.side == side
                and not self.legal.moves.get(sel.id) and not self.legal.faces.get(sel.id))
        if side != prev_side or sel is None or done:
            self._auto_select()  # the next figure that can still move
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
        self.m.undo(undone)
        if not humans:
            self.ai_paused = True
        self.queue.clear()
        self.renderer.cancel_animations()  # the view redraws from the state
        self.end_timer = None
        self.saved_turn = min(self.saved_turn, self.m.turn)
        self.log.clear()
        self._add_log(self.m.log)
        self.refresh()
        self._auto_select()
        self._last_side = self.side_of_turn()
        what = "action" if undone == 1 else "actions"
        self.app.toasts.show(f"Undone {undone} {what} (turn {self.m.turn}, "
                             f"{self.m.ruleset.phases[self.state.phase].title}).", SKY)

    def save(self) -> None:
        try:
            p = saves.save_game(self.m)
        except OSError as e:
            self.app.error(f"Could not save: {e}")
            return
        self.app.toasts.show(f"Saved to {p}", GREEN, ttl=6)

    def toggle_follow(self) -> None:
        self.follow = not self.follow
        self._build_buttons()

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
            self.ais[side] = make_ai(self.m.seed * 31 + self.sides.index(side) + len(
                self.m.actions))
        ai = self.ais[side]
        if ai is None:
            return first_legal(self.m)
        return ai.choose(self.m)

    # ================================================================ events shown
    def _show_quietly(self, events: list[Event]) -> None:
        """Fast play: no animation, just the damage numbers."""
        for e in events:
            if e.kind == Kind.DAMAGED and e.figure in self.state.figures and e.amount:
                self.float_text(self.state.figures[e.figure].cell, f"-{e.amount} ST",
                                         VERMILLION)

    def _play_next(self) -> None:
        """Start showing queued events until one of them animates."""
        r = self.renderer
        while self.queue and not r.busy:
            e = self.queue.popleft()
            fig = self.figure(e.figure)
            if e.kind in (Kind.MOVED, Kind.RETREATED) and len(e.cells) > 1:
                who = e.target if e.kind == Kind.RETREATED else e.figure
                if who:
                    r.animate_move(who, list(e.cells), MOVE_SECONDS_PER_HEX * len(e.cells))
            elif e.kind == Kind.FELL and len(e.cells) > 1 and e.figure:
                r.animate_fall(e.figure, e.cells[0], e.cells[-1])
            elif e.kind == Kind.DAMAGED and fig is not None and e.amount:
                self.float_text(fig.cell, f"-{e.amount} ST", VERMILLION)
            elif e.kind == Kind.ATTACKED and e.roll is not None and e.target:
                t = self.figure(e.target)
                if t is not None:
                    self.float_text(t.cell, "hit" if e.roll.success else "miss",
                                 YELLOW if e.roll.success else SKY)
            elif e.kind in (Kind.DIED, Kind.UNCONSCIOUS) and fig is not None:
                self.float_text(fig.cell, "dead" if e.kind == Kind.DIED else "knocked out",
                             VERMILLION)
            elif e.kind in (Kind.PRONE, Kind.STOOD) and fig is not None:
                self.float_text(fig.cell, "prone" if e.kind == Kind.PRONE else "stands",
                             ORANGE)

    # ================================================================ loop
    def busy(self) -> bool:
        return (bool(self.queue) or self.renderer.busy or self._float_left > 0
                or not self.human_turn() or self.end_timer is not None)

    def float_text(self, cell: int, text: str, colour: Colour) -> None:
        """A rising text over a cell; the scene keeps redrawing until it has faded."""
        self.renderer.float_text(cell, text, colour)
        self._float_left = FLOAT_SECONDS

    def update(self, dt: float) -> None:
        self.renderer.update(dt)
        self._float_left = max(0.0, self._float_left - dt)
        self._play_next()
        if self.end_timer is not None:
            if not self.queue and not self.renderer.busy:
                self.end_timer -= dt
                if self.end_timer <= 0:
                    self._to_end()
            return
        if self.app.modals or self.ai_paused or self.m.outcome() is not None:
            return
        side = self.side_of_turn()
        if side is None or self.is_human(side):
            return
        if self.app.fast:
            self.skip_ai()
            return
        if self.queue or self.renderer.busy:
            return
        self.ai_timer += dt * (AI_FAST if self.ai_fast else 1.0)
        if self.ai_timer >= AI_DELAY:
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
        events = self.m.apply(a)
        self._after(events, animate)

    def _to_end(self) -> None:
        from game.ui.scenes.end import EndScene

        self.draw(self.app.screen)
        self.app.switch(EndScene(self.app, self.m, self.app.screen.copy()))

    def on_quit(self) -> None:
        if self.m.outcome() is None and not self.app.screenshot_mode and self.m.actions:
            self._autosave()

    def escape(self) -> None:
        if self.selected is not None and self.state.phase == "movement":
            self.selected = None
            self.refresh()
            return
        self.app.confirm("Leave this game?",
                         "Back to the scenarios? The game is kept in the autosave up to the "
                         "start of this turn; save with Ctrl+S to keep it exactly.",
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
                self.renderer.camera.zoom_at(1.15 ** e.y, pos[0] - self.board_rect.x,
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
            return
        if e.type == pygame.MOUSEMOTION:
            if self._drag is not None and any(e.buttons):
                dx, dy = e.pos[0] - self._drag[0], e.pos[1] - self._drag[1]
                if self._dragged or abs(dx) + abs(dy) >= DRAG_PIXELS:
                    self._dragged = True
                    self.renderer.camera.pan(dx, dy)
                    self._drag = e.pos
            self._set_hover(self.cell_under(e.pos))
            return
        if e.type == pygame.MOUSEBUTTONUP:
            was_drag = self._dragged
            started = self._drag is not None
            self._drag, self._dragged = None, False
            if was_drag or not started:
                return
            cell = self.cell_under(e.pos)
            if cell is None:
                return
            if e.button == 1:
                self.click(cell)
            elif e.button == 3:
                self.right_click(cell)

    def _set_hover(self, cell: int | None) -> None:
        if cell != self.hover_cell:
            self.hover_cell = cell
            self._hover_path()
            self._panel_key = None

    def _key(self, e: pygame.event.Event) -> None:
        ctrl = bool(e.mod & pygame.KMOD_CTRL)
        k = e.key
        if ctrl and k == pygame.K_z:
            self.undo()
        elif ctrl and k == pygame.K_s:
            self.save()
        elif ctrl:
            return
        elif k in (pygame.K_SPACE, pygame.K_TAB):
            self.toggle_fast()
        elif k == pygame.K_s:
            if not self.human_turn():
                self.skip_ai()
        elif k == pygame.K_p:
            self.toggle_pause()
        elif k in (pygame.K_q, pygame.K_e):
            self.turn_selected(+1 if k == pygame.K_q else -1)
        elif k in (pygame.K_RETURN, pygame.K_KP_ENTER):
            for a in self.legal.other:
                if a.kind == "end_movement":
                    self.act(a)
                    return
        elif k == pygame.K_n:
            self.next_figure()
        elif k == pygame.K_f and self.state.phase == "retreat":
            self.toggle_follow()
        elif k == pygame.K_l:
            self.log_tall = not self.log_tall
            self.resize(self.size)
        elif k in (pygame.K_HOME, pygame.K_c):
            self.renderer.camera.fit()
        elif k in (pygame.K_PLUS, pygame.K_EQUALS, pygame.K_KP_PLUS):
            self._zoom_centre(1.2)
        elif k in (pygame.K_MINUS, pygame.K_KP_MINUS):
            self._zoom_centre(1 / 1.2)
        elif k in (pygame.K_LEFT, pygame.K_RIGHT, pygame.K_UP, pygame.K_DOWN):
            step = 60
            dx = {pygame.K_LEFT: step, pygame.K_RIGHT: -step}.get(k, 0)
            dy = {pygame.K_UP: step, pygame.K_DOWN: -step}.get(k, 0)
            self.renderer.camera.pan(dx, dy)

    def _zoom_centre(self, factor: float) -> None:
        self.renderer.camera.zoom_at(factor, self.board_rect.w / 2, self.board_rect.h / 2)

    def turn_selected(self, step: int) -> None:
        sel = self.figure(self.selected)
        if sel is None:
            return
        a = self.legal.faces.get(sel.id, {}).get((sel.facing + step) % 6)
        if a is None:
            self.app.toasts.show(f"{sel.name} cannot turn now.", ORANGE, ttl=2)
            return
        self.act(a)

    def next_figure(self) -> None:
        side = self.side_of_turn()
        own = [f for f in self.state.figures.values() if f.side == side and f.active
               and self.legal.moves.get(f.id)]
        if not own:
            return
        ids = [f.id for f in own]
        k = (ids.index(self.selected) + 1) % len(ids) if self.selected in ids else 0
        self.select(ids[k])

    def select(self, fid: str | None) -> None:
        self.selected = fid
        self._overlays()
        self._build_buttons()
        self._panel_key = None

    def click(self, cell: int) -> None:
        """A left click on the board: select, move, attack, disengage or push back."""
        st = self.state
        fig = self.figure_at(cell)
        sel = self.figure(self.selected)
        if not self.human_turn():
            if fig is not None:
                self.select(fig.id)
            return
        phase = st.phase
        if phase == "movement":
            if sel is not None and cell in self.legal.moves.get(sel.id, {}):
                self.act(self.legal.moves[sel.id][cell])
            elif fig is not None:
                self.select(fig.id)
            elif sel is not None and sel.side == self.side_of_turn():
                from game.rules.tft.actions import Move

                self.act(Move(sel.id, cell))  # illegal: says why, changes nothing
            return
        if phase == "action":
            acting = st.acting()
            if fig is not None and fig.id in self.legal.attacks:
                self.act(self.legal.attacks[fig.id])
            elif cell in self.legal.disengage:
                self.act(self.legal.disengage[cell])
            elif fig is not None and acting is not None and fig.side != acting.side:
                chk = self.m.ruleset.attack_check(st, acting.id, fig.id)
                self.app.toasts.show(f"{acting.name} cannot attack {fig.name}: {chk.reason}",
                                     VERMILLION)
            elif fig is not None:
                self.select(fig.id)
            return
        if phase == "retreat":
            a = self.legal.retreats.get((cell, self.follow)) or self.legal.retreats.get(
                (cell, False))
            if a is not None:
                self.act(a)
            elif fig is not None:
                self.select(fig.id)
            return
        if fig is not None:
            self.select(fig.id)

    def right_click(self, cell: int) -> None:
        """Right-click a neighbour of the selected figure: turn to face it."""
        sel = self.figure(self.selected)
        if sel is None:
            return
        d = self.m.board.direction(sel.cell, cell)
        if d is None:
            self.select(None)
            return
        a = self.legal.faces.get(sel.id, {}).get(d)
        if a is not None:
            self.act(a)
        elif d != sel.facing:
            self.app.toasts.show(f"{sel.name} cannot turn now.", ORANGE, ttl=2)

    # ================================================================ layout
    def resize(self, size: tuple[int, int]) -> None:
        self.size = size
        w, h = size
        log_h = min(LOG_TALL if self.log_tall else LOG_H, h // 2)
        self.top_rect = pygame.Rect(0, 0, w, TOP_H)
        self.side_rect = pygame.Rect(w - SIDE_W, TOP_H, SIDE_W, h - TOP_H)
        self.log_rect = pygame.Rect(0, h - log_h, w - SIDE_W, log_h)
        self.board_rect = pygame.Rect(0, TOP_H, w - SIDE_W, h - TOP_H - log_h)
        self.log.rect = self.log_rect.inflate(-12, -10)
        self.renderer.resize(self.board_rect.size)
        if hasattr(self, "context_buttons"):
            self._layout_buttons()
        self._panel_key = None

    # ================================================================ drawing
    def draw(self, surface: pygame.Surface) -> None:
        surface.fill(BG, self.log_rect)  # the other areas are painted over in full
        board = surface.subsurface(self.board_rect)
        self.renderer.draw(board, self.views)
        self._draw_top(surface)
        self._draw_side(surface)
        self.log.draw(surface, self.app.fonts)
        self._draw_tip(surface)
        if not self.human_turn() and self.m.outcome() is None:
            self._draw_ai_banner(surface)

    def _draw_top(self, surface: pygame.Surface) -> None:
        f = self.app.fonts
        st = self.state
        pygame.draw.rect(surface, PANEL, self.top_rect)
        pygame.draw.line(surface, EDGE, self.top_rect.bottomleft, self.top_rect.bottomright)
        ph = self.m.ruleset.phases[st.phase]
        x = 16
        t = f.render(f.head, f"Turn {st.turn}", TEXT)
        surface.blit(t, (x, 8))
        x += t.get_width() + 16
        t = f.render(f.head, f"{ph.title}", SKY)
        surface.blit(t, (x, 8))
        x += t.get_width() + 6
        t = f.render(f.small, f"({ph.rule})", DIM)
        surface.blit(t, (x, 14))
        x += t.get_width() + 24
        side = self.side_of_turn()
        if side is not None:
            i = self.sides.index(side)
            draw_mark(surface, i, (x + 9, 22), 18)
            who = "you" if self.is_human(side) and sum(
                self.is_human(s) for s in self.sides) == 1 else (
                "human" if self.is_human(side) else "computer")
            verb = {"initiative": "chooses who moves first", "movement": "moves",
                    "action": "acts", "retreat": "decides a push back"}.get(st.phase, "acts")
            acting = st.acting()
            text = f"{self.side_label(side)} ({who}) {verb}"
            if acting is not None:
                text = f"{acting.name} of {self.side_label(side)} ({who}) acts"
            t = f.render(f.bold, text, side_colour(i))
            surface.blit(t, (x + 24, 11))
        # initiative, right-aligned
        if st.initiative:
            parts = [f"{self.side_label(s)} {v}" for s, v in st.initiative.items()]
            text = "Initiative: " + ", ".join(parts)
            if st.first:
                text += f"; {self.side_label(st.first)} moved first"
            t = f.render(f.small, text, DIM)
            surface.blit(t, (self.top_rect.right - t.get_width() - 16, 12))
        # second line: the phase's help or the action order
        line2 = ph.help
        if st.phase == "retreat" and st.retreats:
            a, t = (st.figures[i].name for i in st.retreats[0])
            line2 = (f"{a} may force {t} back one hex: click a 'push' hex, or 'Do not push "
                     "back' (T-8, H-13).")
        if st.phase == "action" and st.order:
            names = [st.figures[i].name for i in st.order[st.current:]]
            line2 = "Action order: " + " > ".join(names[:8])
            if st.current:
                line2 += f"   (done: {st.current})"
        speed = "  |  computer x4" if self.ai_fast else ""
        paused = "  |  computer paused (P)" if self.ai_paused else ""
        t = f.render(f.small, line2 + speed + paused, DIM)
        surface.blit(t, (16, 38))

    def _draw_ai_banner(self, surface: pygame.Surface) -> None:
        f = self.app.fonts
        side = self.side_of_turn()
        if side is None:
            return
        text = f"The computer plays {self.side_label(side)}"
        text += " - paused (P resumes)" if self.ai_paused else \
            " - Space: faster, S: skip its turn"
        t = f.render(f.body, text, TEXT)
        r = pygame.Rect(0, 0, t.get_width() + 28, t.get_height() + 12)
        r.midbottom = (self.board_rect.centerx, self.board_rect.bottom - 8)
        draw_panel(surface, r, (30, 34, 40), ORANGE, radius=8)
        surface.blit(t, (r.x + 14, r.y + 6))

    # ---------------------------------------------------------------- side panel
    def _panel_figure(self) -> Any:
        hov = self.figure_at(self.hover_cell)
        return hov if hov is not None else self.figure(self.selected)

    def _draw_side(self, surface: pygame.Surface) -> None:
        p = self.side_rect
        fig = self._panel_figure()
        key = (fig.id if fig else None, self.selected, p.size, self.hover_cell,
               self.buttons_top)
        if key != self._panel_key or self._panel is None:
            self._panel_key = key
            self._panel = self._render_panel(fig, p.w, self.buttons_top - p.y - 6)
        pygame.draw.rect(surface, PANEL, p)
        pygame.draw.line(surface, EDGE, p.topleft, p.bottomleft)
        surface.blit(self._panel, p.topleft)
        mouse = pygame.mouse.get_pos()
        for b in self.buttons:
            b.draw(surface, self.app.fonts, mouse)

    def _render_panel(self, fig: Any, w: int, h: int) -> pygame.Surface:
        f = self.app.fonts
        surf = pygame.Surface((w, max(10, h)), pygame.SRCALPHA)
        x, y = 16, 12
        if fig is None:
            self._render_roster(surf, x, y, w, h)
            return surf
        i = self.sides.index(fig.side)
        draw_mark(surf, i, (x + 10, y + 14), 20)
        surf.blit(f.render(f.head, fig.name, TEXT), (x + 28, y))
        y += 32
        kind = fig.kind.replace("_", " ")
        who = "computer" if self.controllers.get(fig.side) == saves.COMPUTER else "human"
        surf.blit(f.render(f.body, f"{kind.capitalize()} of the {self.side_label(fig.side)} "
                                   f"({who})", side_colour(i)), (x, y))
        y += 28
        # ST bar
        bar = pygame.Rect(x, y + 4, w - 150, 14)
        pygame.draw.rect(surf, (60, 30, 20), bar, border_radius=4)
        frac = max(0.0, fig.st / fig.st_max) if fig.st_max else 0
        fill = bar.copy()
        fill.w = int(bar.w * frac)
        pygame.draw.rect(surf, GREEN if frac > 0.5 else ORANGE if frac > 0.25 else VERMILLION,
                         fill, border_radius=4)
        surf.blit(f.render(f.bold, f"ST {fig.st}/{fig.st_max}", TEXT), (bar.right + 10, y))
        y += 30
        rows = self._stat_rows(fig)
        for label, value in rows:
            surf.blit(f.render(f.small, label, DIM), (x, y))
            for k, ln in enumerate(wrap(f.body, value, w - 110 - x)):
                surf.blit(f.render(f.body, ln, TEXT), (x + 96, y - 2 + k * 22))
                if k:
                    y += 22
            y += 24
            if y > h - 24:
                break
        tags = self._tags(fig)
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
        # the hovered cell
        c = self.hover_cell
        if c is not None and y < h - 44:
            board = self.m.board
            text = f"Hex {board.label(c)}: level {board.level(c)}, {board.terrain_of(c)}"
            opts = self.reach_opts
            if opts is not None and c in opts.cells():
                text += f"; {opts.cost(c)} MP to get there"
                j = opts.jumps.get(c)
                if j is not None:
                    text += (f". A jump down {j.levels} levels: {self.jump_text(j)}, "
                             f"{percent(j.p_standing)} to land standing (H-8)")
            y = max(y, h - 24 - 22 * len(wrap(f.small, text, w - 32)))
            for ln in wrap(f.small, text, w - 32):
                surf.blit(f.render(f.small, ln, DIM), (x, y))
                y += 22
        return surf

    def _render_roster(self, surf: pygame.Surface, x: int, y: int, w: int, h: int) -> None:
        """No figure in focus: every side's figures with their ST and state."""
        f = self.app.fonts
        for ln in wrap(f.small, "Click a figure to see it; hover over an enemy for your "
                       "chance to hit it.", w - 32):
            surf.blit(f.render(f.small, ln, DIM), (x, y))
            y += 22
        y += 8
        for i, side in enumerate(self.sides):
            if y > h - 30:
                return
            who = "computer" if self.controllers.get(side) == saves.COMPUTER else "human"
            draw_mark(surf, i, (x + 9, y + 12), 18)
            surf.blit(f.render(f.bold, f"{self.side_label(side)} ({who})", side_colour(i)),
                      (x + 26, y))
            y += 28
            for g in self.state.side_figures(side):
                if y > h - 24:
                    return
                state = "" if g.status == "ok" and not g.prone else (
                    g.status if g.status != "ok" else "prone")
                colour = TEXT if g.active else FAINT
                surf.blit(f.render(f.body, g.name, colour), (x + 26, y))
                surf.blit(f.render(f.small, g.kind, DIM), (x + 130, y + 2))
                st = f.render(f.body, f"ST {g.st}/{g.st_max}" if g.alive else "dead",
                              colour if g.alive else VERMILLION)
                surf.blit(st, (w - 16 - st.get_width(), y))
                if state and g.alive:
                    t = f.render(f.small, state, ORANGE)
                    surf.blit(t, (w - 26 - st.get_width() - t.get_width(), y + 2))
                y += 24
            y += 10

    def _stat_rows(self, fig: Any) -> list[tuple[str, str]]:
        rows: list[tuple[str, str]] = []
        try:
            from game.rules.tft import combat, heights
            from game.rules.tft.data import load_data

            d = load_data()
            base, mods = combat.adjusted_dx(fig)
            adj = base + sum(m.value for m in mods)
            dx = f"{base}" if not mods else f"{base}, adjusted {adj} (" + ", ".join(
                f"{m.value:+d} for {m.reason}" for m in mods) + ")"
            rows.append(("DX", dx))
            ma = heights.movement_allowance(fig)
            if self.state.phase == "movement" and fig.active:
                left = self.m.ruleset.move_options(self.state, fig.id).budget
                rows.append(("MA", f"{ma}, {left} MP left this turn"))
            else:
                rows.append(("MA", f"{ma}"))
            climb = f" (climbs {fig.climb_h})" if fig.climb_h != fig.h else ""
            rows.append(("Height", f"H {heights.height(fig)}{climb}, level "
                                   f"{self.m.board.level(fig.cell)}"))
            w = combat.weapon_of(fig)
            others = [d.weapons[k].name for k in fig.weapons if k != fig.ready]
            rows.append(("Weapon", f"{w.name} {w.damage}" + (
                f"; carries {', '.join(others)}" if others else "")))
            gear = []
            if fig.armour:
                a = d.armour[fig.armour]
                gear.append(f"{a.name} (stops {a.stops})")
            if fig.shield:
                s = d.shields[fig.shield]
                gear.append(f"{s.name} (stops {s.stops})")
            rows.append(("Armour", ", ".join(gear) or "none"))
        except (ImportError, AttributeError, KeyError):
            rows.append(("DX", str(getattr(fig, "dx", "?"))))
        return rows

    def _tags(self, fig: Any) -> list[tuple[str, Colour]]:
        out: list[tuple[str, Colour]] = []
        if fig.status != "ok":
            out.append((fig.status, VERMILLION))
        elif fig.prone:
            out.append(("prone", ORANGE))
        if fig.active and self.m.ruleset.is_engaged(self.state, fig):
            out.append(("engaged", YELLOW))
        if fig.defending:
            out.append(("defending", SKY))
        if fig.move_over and self.state.phase == "movement":
            out.append(("done moving", FAINT))
        if fig.acted and self.state.phase == "action":
            out.append(("has acted", FAINT))
        if fig.dx_penalty:
            out.append((f"hurt: {fig.dx_penalty:+d} DX", ORANGE))
        return out

    # ---------------------------------------------------------------- odds tooltip
    def attacker_for_preview(self, target: Any) -> Any:
        """Whose attack the hover shows: the acting figure, else the selected one."""
        st = self.state
        a = st.acting()
        if a is None:
            a = self.figure(self.selected)
        if a is None or target is None or a.side == target.side or not a.active:
            return None
        return a

    def _draw_tip(self, surface: pygame.Surface) -> None:
        t = self.figure_at(self.hover_cell)
        a = self.attacker_for_preview(t)
        if a is None or self._drag is not None:
            return
        key = (len(self.m.actions), a.id, t.id)
        if key != self._tip_key or self._tip is None:
            self._tip_key = key
            self._tip = self._render_tip(a, t)
        # in the board's top corner away from the target, so it hides nothing near it
        pos = self.cell_pos(t.cell)
        r = self._tip.get_rect()
        b = self.board_rect
        r.top = b.top + 10
        if pos[0] > b.centerx:
            r.left = b.left + 10
        else:
            r.right = b.right - 10
        if r.collidepoint(pos):
            r.bottom = b.bottom - 10
        surface.blit(self._tip, r)

    def tip_lines(self, a: Any, t: Any) -> list[tuple[str, Colour, bool]]:
        """The hover text for ``a`` attacking ``t``: can it, the odds, each modifier."""
        chk = self.m.ruleset.attack_check(self.state, a.id, t.id)
        lines: list[tuple[str, Colour, bool]] = [(f"{a.name} attacks {t.name}", TEXT, True)]
        if chk.allowed:
            lines.append(("can attack now" if self.state.phase == "action" and
                          self.state.acting() is a else "could attack from here",
                          GREEN, False))
        else:
            lines.append((f"cannot: {chk.reason}", VERMILLION, False))
        o = chk.odds
        if o is not None:
            lines.append((f"{percent(o.p_hit)} to hit", YELLOW if chk.allowed else DIM, True))
            lines.append((f"{o.dice}d6, needs {o.target} or less", TEXT, False))
            lines.append((f"  DX {o.base}", DIM, False))
            for m in o.modifiers:
                rule = f" ({m.rule})" if m.rule else ""
                lines.append((f"  {m.value:+d} for {m.reason}{rule}", DIM, False))
            lines.append((f"{o.weapon}; armour stops {o.stops}", TEXT, False))
            lines.append((f"~{o.expected_damage:.1f} damage, {percent(o.p_down)} to put it "
                          "down", TEXT, False))
        return lines

    def _render_tip(self, a: Any, t: Any) -> pygame.Surface:
        f = self.app.fonts
        lines = self.tip_lines(a, t)
        rendered = [f.render(f.bold if b else f.small, s, c) for s, c, b in lines]
        w = max(r.get_width() for r in rendered) + 24
        h = sum(r.get_height() + 2 for r in rendered) + 16
        surf = pygame.Surface((w, h), pygame.SRCALPHA)
        draw_panel(surf, surf.get_rect(), (20, 22, 27), YELLOW, radius=8)
        y = 8
        for r in rendered:
            surf.blit(r, (12, y))
            y += r.get_height() + 2
        return surf

    def help_rows(self) -> list[tuple[str, str]]:
        return [
            ("Left click", "select a figure; click a lit hex to move there"),
            ("Left click enemy", "attack it (action phase, when it is lit)"),
            ("Hover", "path and MP cost; over an enemy: chance to hit"),
            ("Q / E", "turn the selected figure left / right"),
            ("Right click", "turn to face that neighbouring hex"),
            ("N", "next figure that can still move"),
            ("Enter", "end movement for your side"),
            ("F", "force retreat: follow into the hex or not"),
            ("Wheel / + -", "zoom"),
            ("Drag / arrows", "pan the board; C or Home centres it"),
            ("Ctrl+Z", "undo (as often as you like)"),
            ("Ctrl+S", "save (to your data folder)"),
            ("Space / Tab", "computer plays x4 faster (toggle)"),
            ("S", "skip to the end of the computer's turn"),
            ("P", "pause or resume the computer"),
            ("L", "taller or shorter dice log"),
        ]
