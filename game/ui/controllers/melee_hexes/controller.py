"""The Melee-on-heights controller: turns clicks and keys into the ruleset's actions and
says what the board, the panel and the tips show, asking the rules only through their
queries (:class:`~game.rules.tft.hexes.queries.HexQueries`) and actions."""

from __future__ import annotations

from typing import Any

import pygame

from game.core.match import Match
from game.core.places import Cell, Place
from game.core.ruleset import Action, PieceView
from game.rules.tft.hexes.actions import (
    Disengage,
    EndMovement,
    Move,
    Pass,
    PickUp,
    StandUp,
    Sweep,
)
from game.rules.tft.hexes.phases import HexPhase
from game.rules.tft.hexes.queries import (
    HexFigure,
    HexQueries,
    HexState,
    MoveOptions,
    adjacent_figures,
    ranged_weapon,
)
from game.ui.boards.hexes import HexMarks
from game.ui.controllers import ButtonSpec, Confirm, Controller, Reply, Select, TipLine
from game.ui.controllers.melee_hexes import buttons, marks, panel, tips
from game.ui.controllers.melee_hexes.legal import USEFUL, Legal, sort_legal
from game.ui.scenes.dice_log import percent
from game.ui.widgets import Colour

VERBS: dict[str, str] = {HexPhase.INITIATIVE: "chooses who moves first", HexPhase.MOVEMENT: "moves",
         HexPhase.ACTION: "acts", HexPhase.RETREAT: "decides a push back"}
"""What the side to act does in each phase, for the panel."""


class MeleeHexController(Controller):
    """Melee on heights: move, face, attack, disengage, push back, by clicks and keys."""

    def __init__(self, match: Match[Any]) -> None:
        super().__init__(match)
        self.follow = True
        """Force retreats: the attacker follows into the hex it pushed from (F)."""
        self.reach_opts: MoveOptions | None = None
        """The selected figure's move options as last marked (the hover path uses them)."""
        self.way = 0
        """Which way into the hovered hex is shown and taken: 0 the walk (or the first
        jump if no walk gets there), then each jump (J cycles)."""
        self.way_cell: int | None = None
        self.view_sight = False
        """The line-of-sight view (V): hexes the selected figure sees and is seen from."""
        self.view_threat = False
        """The threat view (T): hexes an enemy could strike this turn."""
        self.waiting: tuple[int, str] | None = None
        """(turn, side) told "All others wait": its idle figures wait this action phase."""
        self._q: tuple[object, int, HexQueries] | None = None
        self._sorted: tuple[list[Action], Legal] | None = None

    # ---------------------------------------------------------------- state
    @property
    def state(self) -> HexState:
        st = self.m.state
        assert isinstance(st, HexState)
        return st

    @property
    def q(self) -> HexQueries:
        """The rules' answers about the position now (one queries object per position,
        so two questions about it cost one derivation)."""
        st, n = self.m.state, len(self.m.actions)
        if self._q is None or self._q[0] is not st or self._q[1] != n:
            q = self.m.ruleset.queries(st)
            assert isinstance(q, HexQueries)
            self._q = (st, n, q)
        return self._q[2]

    @property
    def sorted(self) -> Legal:
        """Today's legal actions (:attr:`legal`) sorted by how a player chooses them."""
        legal = self.legal
        if self._sorted is None or self._sorted[0] is not legal:
            self._sorted = (legal, sort_legal(legal))
        return self._sorted[1]

    def figure(self, fid: str | None) -> HexFigure | None:
        return self.state.figures.get(fid) if fid else None

    def focus(self) -> str | None:
        """The figure the phase is about: the one acting, or the one that may push back."""
        st = self.state
        acting = st.acting()
        if acting is not None:
            return acting.id
        if st.phase == HexPhase.RETREAT and st.retreats:
            return st.retreats[0][0]
        return None

    def pick_selection(self, selected: str | None, side: str | None) -> str | None:
        sel = self.figure(selected)
        if sel is not None and sel.side == side and self.sorted.moves.get(sel.id):
            return selected
        focus = self.focus()
        if focus is not None:
            return focus
        own = [f for f in self.state.figures.values() if f.side == side and f.active]
        movable = [f for f in own if self.sorted.moves.get(f.id)]
        pick = movable or own
        return pick[0].id if pick else None

    def selection_done(self, selected: str | None) -> bool:
        """Done when it can move no more and no enemy is beside it (facing is free all
        movement long, T-5, but matters only near an enemy)."""
        sel = self.figure(selected)
        legal = self.sorted
        if (self.state.phase != HexPhase.MOVEMENT or sel is None
                or sel.side != self.m.to_act() or legal.moves.get(sel.id)
                or legal.jumps.get(sel.id) or legal.climbs.get(sel.id)):
            return False
        st = self.state
        return not any(adjacent_figures(st.board, sel, e)
                       for e in st.figures.values() if e.side != sel.side and e.active)

    # ---------------------------------------------------------------- the board
    def ways(self, sel: HexFigure, cell: int) -> list[Action]:
        """Every way the selected figure may get into ``cell`` now: the walk first, then a
        climb (a hex it may climb down to is one it may also jump to: the ring says
        climb, so the click climbs; J turns it into a jump), a jump down from each hex it
        may jump from (cheapest first), a leap."""
        legal = self.sorted
        out: list[Action] = []
        walk = legal.moves.get(sel.id, {}).get(cell)
        if walk is not None:
            out.append(walk)
        climb = legal.climbs.get(sel.id, {}).get(cell, {})
        out += [climb[k] for k in (False, True) if k in climb]
        out += legal.jumps.get(sel.id, {}).get(cell, [])
        leap = legal.leaps.get(sel.id, {}).get(cell)
        if leap is not None:
            out.append(leap)
        return out

    def chosen_way(self, sel: HexFigure, cell: int) -> Action | None:
        ways = self.ways(sel, cell)
        if not ways:
            return None
        if self.way_cell != cell:
            self.way_cell, self.way = cell, 0
        return ways[self.way % len(ways)]

    def marks(self, selected: str | None, hover: Place | None) -> HexMarks:
        return marks.hex_marks(self, selected, hover)

    def click(self, selected: str | None, place: Place, piece: str | None,
              button: int) -> Reply:
        """Left: select, move (the way shown: walk, jump, leap, climb), attack, shoot,
        disengage or push back; right: face that hex."""
        if not isinstance(place, Cell):
            return None
        cell = place.index
        if button == 3:
            return self._right_click(selected, cell)
        fig = self.state.figure_at(cell)
        if not self.legal:
            return Select(fig.id) if fig is not None else None
        phase = self.state.phase
        if phase == HexPhase.MOVEMENT:
            return self._movement_click(selected, cell, fig)
        if phase == HexPhase.ACTION:
            return self._action_click(cell, fig)
        if phase == HexPhase.RETREAT:
            a = self.sorted.retreats.get((cell, self.follow)) or self.sorted.retreats.get(
                (cell, False))
            if a is not None:
                return a
        return Select(fig.id) if fig is not None else None

    def _movement_click(self, selected: str | None, cell: int,
                        fig: HexFigure | None) -> Reply:
        sel = self.figure(selected)
        if sel is not None:
            way = self.chosen_way(sel, cell)
            if way is not None:
                return way
        if fig is not None:
            return Select(fig.id)
        if sel is not None and sel.side == self.m.to_act():
            return Move(sel.id, cell)  # illegal: the Match says why, nothing changes
        return None

    def _action_click(self, cell: int, fig: HexFigure | None) -> Reply:
        acting = self.state.acting()
        legal = self.sorted
        if fig is not None and fig.id in legal.attacks:
            return legal.attacks[fig.id]
        if fig is not None and fig.id in legal.shots:
            return legal.shots[fig.id]
        if cell in legal.disengage:
            return legal.disengage[cell]
        if fig is not None and acting is not None and fig.side != acting.side:
            chk = self.q.attack_check(acting.id, fig.id)
            if ranged_weapon(acting) is not None:
                chk = self.q.shot_check(acting.id, fig.id)
            return f"{acting.name} cannot attack {fig.name}: {chk.reason}"
        return Select(fig.id) if fig is not None else None

    def _right_click(self, selected: str | None, cell: int) -> Reply:
        """Right-click a neighbour of the selected figure: turn to face it."""
        sel = self.figure(selected)
        if sel is None:
            return None
        d = self.state.board.direction(sel.cell, cell)
        if d is None:
            return Select(None)
        a = self.sorted.faces.get(sel.id, {}).get(d)
        if a is not None:
            return a
        if d != sel.facing:
            return f"{sel.name} cannot turn now."
        return None

    def turn(self, selected: str | None, step: int) -> Reply:
        """Q / E: turn the selected figure one hexside left or right."""
        sel = self.figure(selected)
        if sel is None:
            return None
        a = self.sorted.faces.get(sel.id, {}).get((sel.facing + step) % 6)
        return a if a is not None else f"{sel.name} cannot turn now."

    def next_figure(self, selected: str | None) -> Reply:
        """N: the next figure of the side to act that can still move."""
        side = self.m.to_act()
        ids = [f.id for f in self.state.figures.values()
               if f.side == side and f.active and self.sorted.moves.get(f.id)]
        if not ids:
            return None
        k = (ids.index(selected) + 1) % len(ids) if selected in ids else 0
        return Select(ids[k])

    def key(self, selected: str | None, key: int) -> Reply:
        if key == pygame.K_v:
            self.view_sight = not self.view_sight
            return f"Line-of-sight view {'on' if self.view_sight else 'off'} (V)"
        if key == pygame.K_t:
            self.view_threat = not self.view_threat
            return f"Threat view {'on' if self.view_threat else 'off'} (T)"
        if key == pygame.K_j:
            self.way += 1
            return ""
        if key in (pygame.K_q, pygame.K_e):
            return self.turn(selected, +1 if key == pygame.K_q else -1)
        if key in (pygame.K_RETURN, pygame.K_KP_ENTER):
            return self.enter()
        if key == pygame.K_w and self.state.phase == HexPhase.ACTION:
            return self.wait_action() or "No figure of yours is acting now."
        if key == pygame.K_n:
            return self.next_figure(selected)
        if key == pygame.K_f and self.state.phase == HexPhase.RETREAT:
            self.toggle_follow()
            return ""
        return None

    # ---------------------------------------------------------------- Enter, waiting
    def enter(self) -> Reply:
        """Enter: in movement, end it (asking first when a figure has not moved yet); in
        the action phase, let every idle figure wait (asking first when the acting
        figure could still do something)."""
        st = self.state
        if st.phase == HexPhase.MOVEMENT:
            end = next((a for a in self.sorted.other if isinstance(a, EndMovement)), None)
            if end is None:
                return None
            unmoved = self.unmoved()
            if not unmoved:
                return end
            names = ", ".join(f.name for f in unmoved)
            side = self.m.side_name(st.moving or "")
            return Confirm("End movement?", f"Not moved yet: {names}. End the {side}' "
                           "movement anyway? (Enter again: yes)", "End movement", end,
                           "Keep moving")
        if st.phase == HexPhase.ACTION:
            acting = st.acting()
            wait = self.wait_action()
            if acting is None or wait is None:
                return None
            if self.idle():
                return self.all_wait()
            could = self.could_do(acting)
            return Confirm(f"{acting.name} could still act",
                           f"{acting.name} could still {could}. Let {acting.name} wait? "
                           "(Enter again: yes)", "Wait", wait, "Back")
        return None

    def unmoved(self) -> list[HexFigure]:
        """Figures of the moving side that have not moved this turn and still could."""
        st = self.state
        legal = self.sorted
        out = []
        for f in st.side_figures(st.moving or ""):
            if not f.active or f.move_over or f.mp_spent or f.moved:
                continue
            if legal.moves.get(f.id) or legal.jumps.get(f.id) or \
                    legal.climbs.get(f.id) or legal.leaps.get(f.id):
                out.append(f)
        return out

    def wait_action(self) -> Action | None:
        """The acting figure's Pass, if it may pass now."""
        return next((a for a in self.sorted.other if isinstance(a, Pass)), None)

    def idle(self) -> bool:
        """Whether the acting figure has nothing useful to do (see :data:`USEFUL`)."""
        if self.state.phase != HexPhase.ACTION or self.wait_action() is None:
            return False
        return not any(isinstance(a, USEFUL) for a in self.legal)

    def could_do(self, fig: HexFigure) -> str:
        """What an acting figure could still do, in words."""
        st = self.state
        things = []
        for tid in self.sorted.attacks:
            chk = self.q.attack_check(fig.id, tid)
            odds = f" ({percent(chk.odds.p_hit)})" if chk.odds else ""
            things.append(f"attack {st.figures[tid].name}{odds}")
        for tid in self.sorted.shots:
            things.append(f"shoot at {st.figures[tid].name}")
        for kind, words in ((Sweep, "make a sweeping blow"), (StandUp, "stand up"),
                            (PickUp, "pick up a weapon"), (Disengage, "disengage")):
            if any(isinstance(a, kind) for a in self.legal):
                things.append(words)
        return ", ".join(things[:3]) or "act"

    def all_wait(self) -> Reply:
        """"All others wait": idle figures of the side to act wait for the rest of this
        action phase (:meth:`auto_action` plays their waits); the acting one now if idle."""
        st = self.state
        side = self.m.to_act()
        if st.phase != HexPhase.ACTION or side is None:
            return None
        self.waiting = (self.m.turn, side)
        if self.idle():
            return self.wait_action()
        acting = st.acting()
        name = acting.name if acting is not None else "This figure"
        return f"{name} could still act: choose for it; the idle ones will wait."

    def auto_action(self) -> Action | None:
        """An idle figure of a side told "All others wait" waits without a click."""
        if self.waiting is None or self.state.phase != HexPhase.ACTION:
            return None
        if self.waiting != (self.m.turn, self.m.to_act()):
            return None
        return self.wait_action() if self.idle() else None

    def idle_left(self) -> list[HexFigure]:
        """The figures of the side to act still to act this phase (for the button)."""
        st = self.state
        side = self.m.to_act()
        return [st.figures[i] for i in st.order[st.current:]
                if st.figures[i].side == side and st.figures[i].active]

    def preview(self, action: Action) -> tuple[str | None, Place | None]:
        """Before a replayed move, disengage or push: the figure and the hex it goes to."""
        who, where = super().preview(action)
        to = action.to_json().get("to")
        if isinstance(to, int) and self.state.board.on_board(to):
            where = Cell(to)
        return who, where

    def toggle_follow(self) -> None:
        self.follow = not self.follow

    # ---------------------------------------------------------------- the panel
    def buttons(self, selected: str | None) -> list[ButtonSpec]:
        return buttons.buttons(self, selected)

    def action_tip(self, a: Action) -> str:
        """What a button's action does and costs, with its rule."""
        return buttons.action_tip(self, a)

    def action_label(self, a: Action) -> str:
        return buttons.action_label(self, a)

    def actor_text(self) -> str | None:
        a = self.state.acting()
        return a.name if a is not None else None

    def verb(self) -> str:
        return VERBS.get(self.state.phase, "acts")

    def phase_line(self) -> str:
        st = self.state
        line = super().phase_line()
        if st.phase == HexPhase.RETREAT and st.retreats:
            a, t = (st.figures[i].name for i in st.retreats[0])
            line = (f"{a} may force {t} back one hex: click a 'push' hex, or 'Do not push "
                    "back' (T-8, H-13).")
        if st.phase == HexPhase.ACTION and st.order:
            names = [st.figures[i].name for i in st.order[st.current:]]
            line = "Action order: " + " > ".join(names[:8])
            if st.current:
                line += f"   (done: {st.current})"
        return line

    def top_note(self) -> str:
        st = self.state
        if not st.initiative:
            return ""
        parts = [f"{self.m.side_name(s)} {v}" for s, v in st.initiative.items()]
        text = "Initiative: " + ", ".join(parts)
        if st.first:
            text += f"; {self.m.side_name(st.first)} moved first"
        return text

    def piece_rows(self, piece: PieceView) -> list[tuple[str, str]]:
        return panel.piece_rows(self, piece)

    def piece_tags(self, piece: PieceView) -> list[tuple[str, Colour]]:
        fig = self.figure(piece.id)
        if fig is None:
            return super().piece_tags(piece)
        return panel.piece_tags(self, fig, piece)

    # ---------------------------------------------------------------- words and tips
    def charge_words(self, fig: HexFigure, cost: int) -> str:
        """T-7: whether ``fig`` may still attack after spending ``cost`` more MP."""
        return tips.charge_words(self, fig, cost)

    def place_text(self, place: Place) -> str | None:
        return tips.place_text(self, place)

    def place_tip(self, selected: str | None, place: Place) -> list[TipLine] | None:
        """Over a hex: what moving, jumping, leaping, climbing, disengaging or pushing
        there costs and risks, with the exact odds (H-8, H-9, H-10, H-11, H-14, H-20,
        T-7)."""
        return tips.place_tip(self, selected, place)

    def preview_actor(self, selected: str | None, target: PieceView) -> str | None:
        """Whose attack the hover shows: the acting figure, else the selected one."""
        a = self.state.acting() or self.figure(selected)
        if a is None or a.side == target.side or not a.active:
            return None
        return a.id

    def tip(self, actor: str, target: str) -> list[TipLine] | None:
        """The hover text for ``actor`` attacking ``target``: can it, the odds, each
        modifier with its rule."""
        return tips.attack_tip(self, actor, target)

    def help_rows(self) -> list[tuple[str, str]]:
        return [
            ("Left click", "select; a lit hex: move, jump, leap or climb there"),
            ("Click a ring", "attack, push back, disengage ('back'), climb"),
            ("Hover", "MP cost, a drop's odds, chance to hit (in a tip)"),
            ("Q / E, right click", "turn: free all movement, keeps the shift (T-5)"),
            ("N", "next figure that can still move"),
            ("Enter", "end movement (asks if a figure has not moved)"),
            ("Enter / W (actions)", "All others wait (asks first) / this one waits"),
            ("Disengage", "the 'back' rings: one hex out of reach (H-10)"),
            ("F", "force retreat: follow into the hex or not"),
            ("J", "cycle the ways into a hex: walk, jumps (H-8)"),
            ("Click an enemy", "its reach, and in red what it could strike"),
            ("V", "line-of-sight view of the selected figure"),
            ("T", "threat view: hexes an enemy could strike"),
        ]
