"""The Melee-on-heights controller: the only UI code that knows its actions and figures.

It decides no rule: it asks the Match what is legal (``legal_actions``), asks the ruleset
where a figure can go (``move_options``), whether and how well it can hit
(``attack_check``), what a drop, a climb or a leap risks (``falls.fall_damage_odds``,
``climb_risk``, ``leap_risk``) and where it could still attack from (T-7's charge), turns
clicks and keys into those actions, and words what the board's labels, the panel and the
hover tips say.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

import pygame

from game.core.match import Match
from game.core.places import Cell, Place
from game.core.ruleset import Action, PieceView
from game.rules.tft import combat
from game.rules.tft.data import load_data
from game.rules.tft.hexes import falls, heights, melee, missiles, terrain
from game.rules.tft.hexes.actions import Climb, JumpDown, Leap, Move
from game.rules.tft.hexes.falls import FallOdds
from game.rules.tft.hexes.ruleset import AttackCheck, MeleeOnHeights, MoveOptions
from game.rules.tft.hexes.state import HexFigure, HexState
from game.ui.boards.hexes import HexMarks, SightMark
from game.ui.controllers import ButtonSpec, Confirm, Controller, Reply, Select, TipLine
from game.ui.scenes.dice_log import percent
from game.ui.tokens import token_badges
from game.ui.widgets import (
    DIM,
    FAINT,
    GREEN,
    ORANGE,
    SKY,
    TEXT,
    VERMILLION,
    YELLOW,
    Colour,
)


@dataclass
class Legal:
    """Today's legal actions sorted by what the player does to choose them."""

    actions: list[Action] = field(default_factory=list)
    moves: dict[str, dict[int, Action]] = field(default_factory=dict)
    jumps: dict[str, dict[int, list[Action]]] = field(default_factory=dict)
    """Figure -> cell -> the JumpDown actions into it (one per hex it may jump from)."""
    leaps: dict[str, dict[int, Action]] = field(default_factory=dict)
    climbs: dict[str, dict[int, dict[bool, Action]]] = field(default_factory=dict)
    faces: dict[str, dict[int, Action]] = field(default_factory=dict)
    attacks: dict[str, Action] = field(default_factory=dict)
    """Target id -> Attack (or Swipe, H-17)."""
    shots: dict[str, Action] = field(default_factory=dict)
    """Target id -> Shoot (H-18)."""
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
        elif a.kind == "jump_down":
            out.jumps.setdefault(f["figure"], {}).setdefault(f["to"], []).append(a)
        elif a.kind == "leap":
            out.leaps.setdefault(f["figure"], {})[f["to"]] = a
        elif a.kind == "climb":
            out.climbs.setdefault(f["figure"], {}).setdefault(f["to"], {})[f["more"]] = a
            out.other.append(a)
        elif a.kind == "face":
            out.faces.setdefault(f["figure"], {})[f["facing"]] = a
        elif a.kind in ("attack", "swipe"):
            out.attacks[f["target"]] = a
        elif a.kind == "shoot":
            out.shots[f["target"]] = a
        elif a.kind == "disengage":
            out.disengage[f["to"]] = a
        elif a.kind == "retreat":
            out.retreats[(f["to"], bool(f["follow"]))] = a
        else:
            out.other.append(a)
    return out


USEFUL = frozenset({"attack", "swipe", "shoot", "sweep", "stand_up", "pick_up", "disengage"})
"""Actions that make an acting figure worth asking about: one with none of them is idle,
and "All others wait" lets it wait without a click."""

TURN_TIP = ("Facing is free all movement long (T-5): before, between or after steps, and "
            "after a move into contact or a jump too.")
ENGAGED_TURN_TIP = (" An engaged figure turns in place without using its one-hex shift "
                    "(T-6).")
DISENGAGE_TIP = ("Disengage (H-10): step one hex back, out of the front hexes of every enemy "
                 "engaging it: on the same level, up as many levels as hexes it covers, or "
                 "down any number (beyond its H that is a fall, H-8). It is this figure's "
                 "action this turn (T-7).")
WAIT_TIP = "It does nothing more this turn (T-7): the next figure in the order acts."
ALL_WAIT_TIP = ("Every figure of this side that can neither attack, shoot, sweep, stand "
                "up, pick up a weapon nor disengage waits, now and when its turn in the "
                "order comes, for the rest of this action phase; figures that could do "
                "one of those are still asked (Enter does the same).")


def risk_label(risk: FallOdds, verb: str = "stands") -> str:
    """A drop's odds on the board: 'stands 38%, out 62%' (knocked out or killed); its
    first clause is the short form when room is tight."""
    text = f"{verb} {percent(risk.p_standing)}"
    if risk.p_down > 0:
        text += f", out {percent(risk.p_down)}"
    return text


def risk_lines(risk: FallOdds, roll: str = "to land on its feet") -> list[TipLine]:
    """A drop's odds as tip lines: the roll, the dice of damage in words, landing
    standing, knocked out and killed (H-8, H-9, H-11, H-14; T-3)."""
    lines: list[TipLine] = []
    if risk.harmless:
        lines.append(TipLine(f"a drop of {risk.levels} level{'s' * (risk.levels != 1)}, "
                             "within its H: no roll, no damage (H-3)", GREEN))
        return lines
    if risk.rolls:
        if risk.rule == "H-14":
            lines.append(TipLine(f"pushed down {risk.levels}: 3d6 against adjusted DX "
                                 f"{risk.target} to keep its feet, {percent(risk.p_save)}; "
                                 "a miss falls prone (H-14)", TEXT))
        else:
            lines.append(TipLine(f"band {risk.band} ({risk.rule}): 3d6 against adjusted DX "
                                 f"{risk.target} {roll}, {percent(risk.p_save)}", TEXT))
    if risk.dice_missed:
        lines.append(TipLine(risk.damage_words(), TEXT))
    if risk.prone_anyway:
        lines.append(TipLine("it lands prone whatever happens (H-11)", DIM))
    else:
        lines.append(TipLine(f"{percent(risk.p_standing)} "
                             + ("keeps its feet" if risk.rule == "H-14" else
                                "lands standing"),
                             YELLOW, True))
    if risk.p_out or risk.p_dead:
        lines.append(TipLine(f"{percent(risk.p_out)} knocked out, {percent(risk.p_dead)} "
                             "killed (T-3)", VERMILLION, True))
    elif risk.dice_missed:
        lines.append(TipLine("the damage cannot knock it out (T-3)", GREEN))
    return lines


def sight_mark(board: Any, state: HexState, chk: AttackCheck) -> SightMark | None:
    """The board's drawing of a shot's line of fire (H-18)."""
    line = chk.line
    if line is None:
        return None
    pts: list[tuple[int, float, str]] = []
    occ = state.occupied()
    for c, z in line.cells:
        kind = "clear"
        if line.blocked_at == c:
            kind = "blocked"
        elif c in occ and occ[c].id in line.in_way:
            kind = "in_way"
        elif c in occ and occ[c].id in line.over:
            kind = "over"
        pts.append((c, z, kind))
    band, dx = missiles.range_band(line.distance)
    label = f"{line.distance} hexes, band {band + 1}" + (f", {dx:+d} DX" if dx else "")
    if chk.p_target is not None and chk.allowed:
        label += f": {percent(chk.p_target)}"
    shooter = state.figures[line.shooter]
    target = state.figures[line.target]
    return SightMark(shooter.cell, line.eye, target.cell, line.chest, tuple(pts), label)


class MeleeHexController(Controller):
    """Melee on heights: move, face, attack, disengage, push back, by clicks and keys."""

    def __init__(self, match: Match[Any]) -> None:
        super().__init__(match)
        self.sorted = Legal()
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
        self._cache: dict[object, Any] = {}

    # ---------------------------------------------------------------- state
    @property
    def rules(self) -> MeleeOnHeights:
        r = self.m.ruleset
        assert isinstance(r, MeleeOnHeights)
        return r

    @property
    def state(self) -> HexState:
        st = self.m.state
        assert isinstance(st, HexState)
        return st

    def figure(self, fid: str | None) -> HexFigure | None:
        return self.state.figures.get(fid) if fid else None

    def refresh(self, human: bool) -> None:
        super().refresh(human)
        self.sorted = sort_legal(self.legal)

    def focus(self) -> str | None:
        """The figure the phase is about: the one acting, or the one that may push back."""
        st = self.state
        acting = st.acting()
        if acting is not None:
            return acting.id
        if st.phase == "retreat" and st.retreats:
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
        if (self.state.phase != "movement" or sel is None or sel.side != self.m.to_act()
                or self.sorted.moves.get(sel.id) or self.sorted.jumps.get(sel.id)
                or self.sorted.climbs.get(sel.id)):
            return False
        st = self.state
        return not any(heights.adjacent_figures(st.board, sel, e)
                       for e in st.figures.values() if e.side != sel.side and e.active)

    # ---------------------------------------------------------------- the board
    def ways(self, sel: HexFigure, cell: int) -> list[Action]:
        """Every way the selected figure may get into ``cell`` now: the walk first, then a
        climb (a hex it may climb down to is one it may also jump to: the ring says
        climb, so the click climbs; J turns it into a jump), a jump down from each hex it
        may jump from (cheapest first), a leap."""
        out: list[Action] = []
        walk = self.sorted.moves.get(sel.id, {}).get(cell)
        if walk is not None:
            out.append(walk)
        climb = self.sorted.climbs.get(sel.id, {}).get(cell, {})
        out += [climb[k] for k in (False, True) if k in climb]
        out += self.sorted.jumps.get(sel.id, {}).get(cell, [])
        leap = self.sorted.leaps.get(sel.id, {}).get(cell)
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

    def _cached(self, key: object, make: Any) -> Any:
        stamp = (len(self.m.actions), key)
        if stamp not in self._cache:
            if len(self._cache) > 16:
                self._cache.clear()
            self._cache[stamp] = make()
        return self._cache[stamp]

    def charge_left(self, fig: HexFigure) -> int:
        """T-7: MP ``fig`` may still spend this turn and attack (half its MA less what it
        spent); negative when it may attack no more."""
        return combat.charge_allowance(fig) - fig.mp_spent

    def marks(self, selected: str | None, hover: Place | None) -> HexMarks:
        st = self.state
        board = st.board
        sel = self.figure(selected)
        marks = HexMarks()
        self.reach_opts = None
        phase = st.phase
        to_act = self.m.to_act()
        own = sel is not None and sel.side == to_act
        can_move = sel is not None and sel.active and own and (
            phase == "initiative" or bool(self.sorted.moves.get(sel.id))
            or bool(self.sorted.jumps.get(sel.id)))
        # an enemy selected before or during movement: where it could go, and strike
        enemy = (sel is not None and sel.active and not own and to_act is not None
                 and phase in ("initiative", "movement"))
        if (can_move or enemy) and self.m.outcome() is None and sel is not None \
                and not sel.hold:
            opts = self.rules.move_options(st, sel.id)
            self.reach_opts = opts
            left = self.charge_left(sel)
            marks.charge = set()
            for c in opts.cells():
                cost = opts.cost(c)
                if cost is not None:
                    marks.reach[Cell(c)] = str(cost)
                    if cost <= left:
                        marks.charge.add(c)
            marks.reach_ends = {Cell(c) for c in opts.reach.ends if Cell(c) in marks.reach}
            for c, j in opts.jumps.items():
                marks.warnings[Cell(c)] = risk_label(self._risk(sel, j.levels))
            if enemy:
                for c in self._cached(("reach-threat", sel.id),
                                      lambda: self.rules.figure_threat(st, sel.id)):
                    marks.shade[c] = "threat"
        if sel is not None and phase == "movement" and own:
            for c in self.sorted.leaps.get(sel.id, {}):
                lr = self.rules.leap_risk(st, sel, c)
                lp = self.rules.leap_options(st, sel).get(c)
                text = f"leap {percent(lp.p_leap)}" if lp else "leap"
                if lr is not None and lr[0] * lr[1].p_down > 0:
                    text += f", out {percent(lr[0] * lr[1].p_down)}"
                marks.warnings[Cell(c)] = text
            for c in self.sorted.climbs.get(sel.id, {}):
                cl = self.rules.climb_options(st, sel).get(c)
                cr = self.rules.climb_risk(st, sel, c, more=not sel.hold)
                verb = "climb down" if cl is not None and cl.down else "climb"
                text = verb if cl is None else f"{verb} {percent(cl.p_set)}"
                if cr is not None and cr[0] * cr[1].p_down > 0:
                    text += f", out {percent(cr[0] * cr[1].p_down)}"
                marks.targets[Cell(c)] = text
        acting = st.acting()
        if phase == "action" and acting is not None:
            for tid in self.sorted.attacks:
                t = st.figures[tid]
                chk = self.rules.attack_check(st, acting.id, tid)
                marks.targets[Cell(t.cell)] = percent(chk.odds.p_hit) if chk.odds else "attack"
            for tid in self.sorted.shots:
                if tid in self.sorted.attacks:
                    continue
                t = st.figures[tid]
                chk = self.rules.shot_check(st, acting.id, tid)
                marks.targets[Cell(t.cell)] = (f"shoot {percent(chk.p_target)}"
                                               if chk.p_target is not None else "shoot")
            for c in self.sorted.disengage:
                risk = self._risk(acting, heights.drop_levels(board, acting.cell, c))
                marks.targets[Cell(c)] = "back" if risk.harmless else \
                    "back, " + risk_label(risk)
        if phase == "retreat" and st.retreats:
            t = st.figures[st.retreats[0][1]]
            for (c, _follow) in self.sorted.retreats:
                risk = falls.stumble_odds(t, heights.drop_levels(board, t.cell, c))
                marks.targets[Cell(c)] = "push" if not risk.rolls else \
                    "push, " + risk_label(risk)
        if sel is not None and sel.alive:
            marks.selected = Cell(sel.cell)
        if isinstance(hover, Cell) and sel is not None:
            way = self.chosen_way(sel, hover.index)
            shown = self.reach_opts
            if isinstance(way, JumpDown) and shown is not None:
                marks.path = tuple(Cell(c) for c in shown.path(hover.index, way.via))
            elif isinstance(way, Move) and shown is not None:
                marks.path = tuple(Cell(c) for c in shown.reach.path(hover.index))
        # front arcs (T-5): the selected figure's, and an enemy's under the pointer
        fronts: list[tuple[int, tuple[int, ...], bool]] = []
        side = sel.side if sel is not None else to_act
        if sel is not None and sel.standing:
            fronts.append((sel.cell, tuple(heights.front_cells(board, sel)), not own
                           and to_act is not None))
        under = st.figure_at(hover.index) if isinstance(hover, Cell) else None
        if under is not None and under.standing and (sel is None or under.id != sel.id) \
                and side is not None and under.side != side:
            fronts.append((under.cell, tuple(heights.front_cells(board, under)), True))
        marks.fronts = tuple(fronts)
        # the views (V, T)
        if self.view_sight and sel is not None and sel.alive:
            marks.shade.update(self._cached(("sight", sel.id),
                                            lambda: self.rules.sight_map(st, sel.id)))
        if self.view_threat:
            side = sel.side if sel is not None else self.m.to_act()
            if side is not None:
                for c in self._cached(("threat", side), lambda: self.rules.threat_map(st, side)):
                    marks.shade[c] = "threat"
        # the line of fire to a hovered enemy (H-18)
        shooter = acting if acting is not None else sel
        target = st.figure_at(hover.index) if isinstance(hover, Cell) else None
        if (shooter is not None and target is not None and target.side != shooter.side
                and missiles.ranged_weapon(shooter) is not None):
            chk = self.rules.shot_check(st, shooter.id, target.id)
            marks.sight = sight_mark(st.board, st, chk)
        return marks

    def _risk(self, fig: HexFigure, levels: int) -> FallOdds:
        """H-8: the odds of ``fig`` dropping ``levels``."""
        return falls.fall_damage_odds(fig, levels)

    def click(self, selected: str | None, place: Place, piece: str | None,
              button: int) -> Reply:
        """Left: select, move (the way shown: walk, jump, leap, climb), attack, shoot,
        disengage or push back; right: face that hex."""
        if not isinstance(place, Cell):
            return None
        cell = place.index
        if button == 3:
            return self._right_click(selected, cell)
        st = self.state
        fig = st.figure_at(cell)
        sel = self.figure(selected)
        human = bool(self.legal)
        if not human:
            return Select(fig.id) if fig is not None else None
        phase = st.phase
        if phase == "movement":
            if sel is not None:
                way = self.chosen_way(sel, cell)
                if way is not None:
                    return way
            if fig is not None:
                return Select(fig.id)
            if sel is not None and sel.side == self.m.to_act():
                return Move(sel.id, cell)  # illegal: the Match says why, nothing changes
            return None
        if phase == "action":
            acting = st.acting()
            if fig is not None and fig.id in self.sorted.attacks:
                return self.sorted.attacks[fig.id]
            if fig is not None and fig.id in self.sorted.shots:
                return self.sorted.shots[fig.id]
            if cell in self.sorted.disengage:
                return self.sorted.disengage[cell]
            if fig is not None and acting is not None and fig.side != acting.side:
                chk = self.rules.attack_check(st, acting.id, fig.id)
                if missiles.ranged_weapon(acting) is not None:
                    chk = self.rules.shot_check(st, acting.id, fig.id)
                return f"{acting.name} cannot attack {fig.name}: {chk.reason}"
            return Select(fig.id) if fig is not None else None
        if phase == "retreat":
            a = self.sorted.retreats.get((cell, self.follow)) or self.sorted.retreats.get(
                (cell, False))
            if a is not None:
                return a
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
        if key == pygame.K_w and self.state.phase == "action":
            return self.wait_action() or "No figure of yours is acting now."
        if key == pygame.K_n:
            return self.next_figure(selected)
        if key == pygame.K_f and self.state.phase == "retreat":
            self.toggle_follow()
            return ""
        return None

    # ---------------------------------------------------------------- Enter, waiting
    def enter(self) -> Reply:
        """Enter: in movement, end it (asking first when a figure has not moved yet); in
        the action phase, let every idle figure wait (asking first when the acting
        figure could still do something)."""
        st = self.state
        if st.phase == "movement":
            end = next((a for a in self.sorted.other if a.kind == "end_movement"), None)
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
        if st.phase == "action":
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
        out = []
        for f in st.side_figures(st.moving or ""):
            if not f.active or f.move_over or f.mp_spent or f.moved:
                continue
            if self.sorted.moves.get(f.id) or self.sorted.jumps.get(f.id) or \
                    self.sorted.climbs.get(f.id) or self.sorted.leaps.get(f.id):
                out.append(f)
        return out

    def wait_action(self) -> Action | None:
        """The acting figure's Pass, if it may pass now."""
        return next((a for a in self.sorted.other if a.kind == "pass"), None)

    def idle(self) -> bool:
        """Whether the acting figure has nothing useful to do (see :data:`USEFUL`)."""
        if self.state.phase != "action" or self.wait_action() is None:
            return False
        return not any(a.kind in USEFUL for a in self.legal)

    def could_do(self, fig: HexFigure) -> str:
        """What an acting figure could still do, in words."""
        st = self.state
        things = []
        for tid in self.sorted.attacks:
            chk = self.rules.attack_check(st, fig.id, tid)
            odds = f" ({percent(chk.odds.p_hit)})" if chk.odds else ""
            things.append(f"attack {st.figures[tid].name}{odds}")
        for tid in self.sorted.shots:
            things.append(f"shoot at {st.figures[tid].name}")
        kinds = {a.kind for a in self.legal}
        for kind, words in (("sweep", "make a sweeping blow"), ("stand_up", "stand up"),
                            ("pick_up", "pick up a weapon"), ("disengage", "disengage")):
            if kind in kinds:
                things.append(words)
        return ", ".join(things[:3]) or "act"

    def all_wait(self) -> Reply:
        """"All others wait": idle figures of the side to act wait for the rest of this
        action phase (:meth:`auto_action` plays their waits); the acting one now if idle."""
        st = self.state
        side = self.m.to_act()
        if st.phase != "action" or side is None:
            return None
        self.waiting = (self.m.turn, side)
        if self.idle():
            return self.wait_action()
        acting = st.acting()
        name = acting.name if acting is not None else "This figure"
        return f"{name} could still act: choose for it; the idle ones will wait."

    def auto_action(self) -> Action | None:
        """An idle figure of a side told "All others wait" waits without a click."""
        st = self.state
        if self.waiting is None or st.phase != "action":
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

    # ---------------------------------------------------------------- buttons
    def buttons(self, selected: str | None) -> list[ButtonSpec]:
        st = self.state
        out: list[ButtonSpec] = []
        sel = self.figure(selected)
        if st.phase == "action":
            acting = st.acting()
            for tid, a in self.sorted.attacks.items():
                t = st.figures[tid]
                assert acting is not None
                chk = self.rules.attack_check(st, acting.id, tid)
                odds = f" - {percent(chk.odds.p_hit)}" if chk.odds else ""
                verb = "Swipe at" if a.kind == "swipe" else "Attack"
                out.append(ButtonSpec(f"{verb} {t.name}{odds}", a, accent=VERMILLION,
                                      name=a.kind))
            for tid, a in self.sorted.shots.items():
                t = st.figures[tid]
                assert acting is not None
                chk = self.rules.shot_check(st, acting.id, tid)
                odds = f" - {percent(chk.p_target)}" if chk.p_target is not None else ""
                out.append(ButtonSpec(f"Shoot {t.name}{odds}", a, accent=VERMILLION,
                                      name=a.kind))
            if acting is not None and self.sorted.disengage:
                board = st.board
                cells = sorted(self.sorted.disengage, key=lambda c: (
                    heights.drop_levels(board, acting.cell, c), c))
                for c in cells[:2]:
                    risk = self._risk(acting, heights.drop_levels(board, acting.cell, c))
                    d = board.direction(acting.cell, c)
                    way = board.direction_name(d) if d is not None else board.label(c)
                    odds = "" if risk.harmless else f" - {risk_label(risk)}"
                    tip = DISENGAGE_TIP + (f" Here: a drop of {risk.levels} levels, "
                                           f"{risk.damage_words()}; {risk.odds_words()}."
                                           if not risk.harmless else "")
                    if len(cells) > 2:
                        tip += " Or click any 'back' ring on the board."
                    out.append(ButtonSpec(f"Disengage {way} (back){odds}",
                                          self.sorted.disengage[c], name="disengage",
                                          tip=tip))
        if st.phase == "movement" and sel is not None:
            faces = self.sorted.faces.get(sel.id, {})
            left, right = (sel.facing + 1) % 6, (sel.facing - 1) % 6
            tip = TURN_TIP + (ENGAGED_TURN_TIP if self.rules.is_engaged(st, sel) else "")
            if left in faces:
                out.append(ButtonSpec("Turn left (free)", faces[left], hint="Q", name="face",
                                      tip=tip))
            if right in faces:
                out.append(ButtonSpec("Turn right (free)", faces[right], hint="E",
                                      name="face", tip=tip))
        for a in self.sorted.other:
            f = _fields(a)
            if a.kind == "defend" and f["figure"] != selected:
                continue
            hint = {"end_movement": "Enter", "pass": "W"}.get(a.kind, "")
            accent = ORANGE if a.kind in ("end_movement", "choose_first") else SKY
            out.append(ButtonSpec(self.action_label(a), a, accent=accent, hint=hint,
                                  name=a.kind, tip=self.action_tip(a)))
        if st.phase == "action" and self.legal:
            others = [f for f in self.idle_left() if st.acting() is not f]
            on = self.waiting == (self.m.turn, self.m.to_act())
            out.append(ButtonSpec("All others wait", command=self.all_wait, hint="Enter",
                                  name="all_wait", enabled=bool(others) or self.idle(),
                                  toggled=on, tip=ALL_WAIT_TIP))
        if st.phase == "retreat" and self.legal:
            can_follow = any(f for (_c, f) in self.sorted.retreats)
            out.insert(0, ButtonSpec("Follow into its hex", command=self.toggle_follow,
                                     toggled=self.follow, hint="F", name="follow",
                                     enabled=can_follow))
        return out

    def action_tip(self, a: Action) -> str:
        """What a button's action does and costs, with its rule."""
        st = self.state
        match a.kind:
            case "end_movement":
                unmoved = self.unmoved()
                text = "Ends this side's movement (T-7); the other side moves, or actions "\
                       "begin."
                if unmoved:
                    text += " Not moved yet: " + ", ".join(f.name for f in unmoved) + "."
                return text
            case "pass":
                return WAIT_TIP
            case "defend":
                return ("Defends this turn (T-7): it stays where it is, and every attack on it "
                        "rolls 4 dice instead of 3; it may not attack.")
            case "choose_first":
                return "The initiative winner chooses which side moves first (T-7)."
            case "stand_up":
                return "Stands up (T-7): its action this turn."
            case "ready":
                return "Changes weapons (T-7): its action this turn."
            case "sweep":
                return ("A sweeping blow (H-19): a two-handed weapon strikes every foe in its "
                        "front hexes within one level, left to right, each at -2 DX.")
        del st
        return ""

    def action_label(self, a: Action) -> str:
        f = _fields(a)
        st = self.state
        fig = st.figures.get(f.get("figure", ""))
        name = fig.name if fig is not None else ""
        match a.kind:
            case "choose_first":
                return f"{self.m.side_name(f['first'])} move first"
            case "end_movement":
                return "End movement"
            case "defend":
                return f"{name} defends (attackers roll 4 dice)"
            case "pass":  # the log says "waits" too
                how = " (defending)" if fig is not None and fig.defending else (
                    " (clinging)" if fig is not None and fig.hold else "")
                return f"{name} waits{how}"
            case "stand_up":
                return f"{name} stands up"
            case "pick_up":
                return f"{name} picks up the weapon"
            case "ready":
                w = load_data().weapons.get(f["weapon"])
                return f"Ready the {w.name if w else f['weapon']}"
            case "no_retreat":
                return "Do not push back"
            case "climb":
                o = self.rules.climb_options(st, fig).get(f["to"]) if fig else None
                lab = st.board.label(f["to"])
                p = f", {percent(o.p_set)}" if o else ""
                if fig is not None and fig.hold == "hang":
                    return f"Pull up onto {lab} (4d6 vs ST{p})"
                down = o is not None and o.down
                if fig is not None and fig.hold:
                    on = "Climb on down to" if down else "Climb on to"
                    return f"{on} {lab} ({o.dice if o else 4}d6 vs DX{p})"
                verb = "Climb down to" if down else "Climb"
                if f["more"]:
                    return f"{verb} {lab} + a 2nd set ({o.dice if o else 4}d6{p})"
                return f"{verb} {lab}: a free set"
            case "sweep":
                return f"{name} makes a sweeping blow (H-19)"
            case "put_away":
                return f"{name} puts weapon and shield away"
        return self.m.describe(a)

    # ---------------------------------------------------------------- words
    def actor_text(self) -> str | None:
        a = self.state.acting()
        return a.name if a is not None else None

    def verb(self) -> str:
        return {"initiative": "chooses who moves first", "movement": "moves",
                "action": "acts", "retreat": "decides a push back"}.get(self.state.phase,
                                                                        "acts")

    def phase_line(self) -> str:
        st = self.state
        line = super().phase_line()
        if st.phase == "retreat" and st.retreats:
            a, t = (st.figures[i].name for i in st.retreats[0])
            line = (f"{a} may force {t} back one hex: click a 'push' hex, or 'Do not push "
                    "back' (T-8, H-13).")
        if st.phase == "action" and st.order:
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
        fig = self.figure(piece.id)
        if fig is None:
            return []
        d = load_data()
        rows: list[tuple[str, str]] = []
        pieces = self.m.pieces()
        mark = token_badges(pieces).get(piece.id)
        if mark:
            alike = sum(1 for p in pieces if p.side == piece.side and p.kind == piece.kind)
            rows.append(("Token", f"marked {mark}: one of {alike} {piece.kind_name.lower()}s "
                                  f"of its side"))
        base, mods = combat.adjusted_dx(fig)
        adj = base + sum(m.value for m in mods)
        dx = f"{base}" if not mods else f"{base}, adjusted {adj} (" + ", ".join(
            f"{m.value:+d} for {m.reason}" for m in mods) + ")"
        rows.append(("DX", dx))
        ma = heights.movement_allowance(fig)
        if self.state.phase == "movement" and fig.active:
            left = self.rules.move_options(self.state, fig.id).budget
            rows.append(("MA", f"{ma}, {left} MP left this turn"))
        else:
            rows.append(("MA", f"{ma}"))
        climb = f" (climbs {fig.climb_h})" if fig.climb_h != fig.h else ""
        rows.append(("Height", f"H {heights.height(fig)}{climb}, level "
                               f"{self.state.board.level(fig.cell)}"))
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
        footing = melee.footing(self.state.board, fig)
        if footing:
            rows.append(("Footing", ", ".join(f"{m.value:+d} DX {m.reason} ({m.rule})"
                                              for m in footing)))
        if fig.hold:
            b = self.state.board
            left = b.level(fig.hold_to) - b.level(fig.cell) - fig.hold_at
            if fig.hold == "down":
                rows.append(("Wall", f"climbing down: clings {fig.hold_at} levels up, "
                                     f"{fig.hold_at} to the floor"))
            else:
                how = "clings" if fig.hold == "climb" else "hangs"
                rows.append(("Wall", f"{how} {fig.hold_at} levels up, {left} to the top"))
        if fig.hexes > 1:
            rows.append(("Size", f"{fig.hexes} hexes (H-15)"))
        if fig.talents:
            rows.append(("Talents", ", ".join(fig.talents)))
        return rows

    def piece_tags(self, piece: PieceView) -> list[tuple[str, Colour]]:
        fig = self.figure(piece.id)
        if fig is None:
            return super().piece_tags(piece)
        out: list[tuple[str, Colour]] = []
        if fig.status != "ok":
            out.append((fig.status, VERMILLION))
        elif fig.prone:
            out.append(("prone", ORANGE))
        if "engaged" in piece.tags:
            out.append(("engaged", YELLOW))
        if fig.defending:
            out.append(("defending", SKY))
        if fig.move_over and self.state.phase == "movement":
            out.append(("done moving", FAINT))
        if fig.acted and self.state.phase == "action":
            out.append(("has acted", FAINT))
        if fig.dx_penalty:
            out.append((f"hurt: {fig.dx_penalty:+d} DX", ORANGE))
        for tag in ("off balance", "clinging", "hanging", "kneeling"):
            if tag in piece.tags:
                out.append((tag + (" -2 DX" if tag == "off balance" else ""), ORANGE))
        return out

    def charge_words(self, fig: HexFigure, cost: int) -> str:
        """T-7: whether ``fig`` may still attack after spending ``cost`` more MP."""
        allow = combat.charge_allowance(fig)
        if cost <= self.charge_left(fig):
            return (f"it may still attack after it ({fig.mp_spent + cost} of the {allow} MP "
                    "of a charge, T-7)")
        return (f"no attack this turn after it: more than half its MA ({allow} MP) spent "
                "(T-7)")

    def place_text(self, place: Place) -> str | None:
        if not isinstance(place, Cell):
            return None
        st = self.state
        board = st.board
        c = place.index
        text = f"Hex {board.label(c)}: level {board.level(c)}, {board.terrain_of(c)}"
        ground = terrain.describe(board, c, st.options)
        if ground:
            text += f"; {ground}"
        opts = self.reach_opts
        sel = self.figure(opts.figure) if opts is not None else None
        own = sel is not None and sel.side == self.m.to_act()
        if opts is not None and sel is not None and c in opts.cells():
            ways = self.ways(sel, c)
            way = self.chosen_way(sel, c)
            if not own:
                text += f". {sel.name} could get here for {opts.cost(c)} MP"
            elif isinstance(way, JumpDown):
                j = opts.jump(c, way.via)
                assert j is not None
                risk = self._risk(sel, j.levels)
                text += (f". Jump down {j.levels} levels from {board.label(way.via)} for "
                         f"{j.cost} MP (H-8): {risk.damage_words()}; "
                         f"{risk.odds_words()}; {self.charge_words(sel, j.cost)}")
            elif isinstance(way, Move):
                cost = opts.reach.cost_of(c) or 0
                text += f"; a walk of {cost} MP: {self.charge_words(sel, cost)}"
            if len(ways) > 1:
                text += f" [J: {len(ways)} ways]"
        if sel is not None and own:
            leap = self.rules.leap_options(st, sel).get(c)
            lr = self.rules.leap_risk(st, sel, c)
            if leap is not None and lr is not None:
                text += (f". Leap {len(leap.gap)} hex{'es' * (len(leap.gap) > 1)}: "
                         f"{leap.dice}d6 vs ST+DX {leap.target}, {percent(leap.p_leap)}; a "
                         f"miss grabs the edge {percent(leap.p_grab)} (H-20); it falls "
                         f"{percent(lr[0])}, out {percent(lr[0] * lr[1].p_down)}")
        fig = self.figure(self.focus()) or sel
        if fig is not None:
            climb = self.rules.climb_options(st, fig).get(c)
            if climb is not None:
                text += (f". Climb {'down ' * climb.down}{climb.rise} levels in sets of "
                         f"{climb.set_h}: each set "
                         f"after the free one {climb.dice}d6 vs DX, {percent(climb.p_set)}; a "
                         f"fall lands prone (H-11)")
        return text

    def place_tip(self, selected: str | None, place: Place) -> list[TipLine] | None:
        """Over a hex: what moving, jumping, leaping, climbing, disengaging or pushing
        there costs and risks, with the exact odds (H-8, H-9, H-10, H-11, H-14, H-20,
        T-7)."""
        if not isinstance(place, Cell):
            return None
        st = self.state
        board = st.board
        c = place.index
        lab = board.label(c)
        if st.phase == "action":
            acting = st.acting()
            if acting is None or c not in self.sorted.disengage:
                return None
            risk = self._risk(acting, heights.drop_levels(board, acting.cell, c))
            return [TipLine(f"{acting.name} disengages to {lab} (H-10)", TEXT, True),
                    TipLine("one hex back, out of every engaging enemy's front; its action",
                            DIM)] + risk_lines(risk)
        if st.phase == "retreat" and st.retreats:
            a, t = (st.figures[i] for i in st.retreats[0])
            if not any(k == c for k, _f in self.sorted.retreats):
                return None
            risk = falls.stumble_odds(t, heights.drop_levels(board, t.cell, c))
            lines = [TipLine(f"{a.name} pushes {t.name} back to {lab} (T-8, H-13)", TEXT,
                             True)]
            if not risk.rolls and not risk.dice_missed:
                if not t.standing:
                    return lines + [TipLine("already down: no roll, it stays down (H-14)",
                                            DIM)]
                return lines + [TipLine("no drop: no roll, it stays on its feet", GREEN)]
            return lines + risk_lines(risk, "to land on its feet")
        sel = self.figure(selected)
        if st.phase != "movement" or sel is None or sel.side != self.m.to_act():
            return None
        way = self.chosen_way(sel, c)
        opts = self.reach_opts
        n = len(self.ways(sel, c))
        more = [TipLine(f"J: {n} ways here, this is one", DIM)] if n > 1 else []
        if isinstance(way, JumpDown) and opts is not None:
            j = opts.jump(c, way.via)
            if j is None:
                return None
            risk = self._risk(sel, j.levels)
            via = "" if way.via == sel.cell else f" from {board.label(way.via)}"
            return [TipLine(f"{sel.name} jumps down {j.levels} levels{via}: {j.cost} MP (H-8)",
                            TEXT, True),
                    *risk_lines(risk), self._charge_line(sel, j.cost), *more]
        if isinstance(way, Move) and opts is not None:
            cost = opts.reach.cost_of(c) or 0
            return [TipLine(f"{sel.name} walks to {lab}: {cost} MP", TEXT, True),
                    self._charge_line(sel, cost), *more]
        if isinstance(way, Leap):
            o = self.rules.leap_options(st, sel).get(c)
            lr = self.rules.leap_risk(st, sel, c)
            if o is None or lr is None:
                return None
            p_fall, fall = lr
            lines = [TipLine(f"{sel.name} leaps {len(o.gap)} hex{'es' * (len(o.gap) > 1)} "
                             f"to {lab} (H-20)", TEXT, True),
                     TipLine(f"{o.dice}d6 against ST + adjusted DX {o.target}: "
                             f"{percent(o.p_leap)}", YELLOW, True)]
            if board.level(c) > board.level(o.gap[-1]):
                lines.append(TipLine(f"a miss: 3d6 against adjusted DX to grab the far edge, "
                                     f"{percent(o.p_grab)}", TEXT))
            lines.append(TipLine(f"{percent(p_fall)} it falls into the gap "
                                 f"({fall.levels} levels): {fall.damage_words()}", TEXT))
            if fall.p_down:
                lines.append(TipLine(f"{percent(p_fall * fall.p_out)} knocked out, "
                                     f"{percent(p_fall * fall.p_dead)} killed (T-3)",
                                     VERMILLION, True))
            return lines + [TipLine("a leap ends its move", DIM), *more]
        if isinstance(way, Climb):
            co = self.rules.climb_options(st, sel).get(c)
            cr = self.rules.climb_risk(st, sel, c, way.more)
            if co is None or cr is None:
                return None
            p_fall, fall = cr
            head = (f"{sel.name} climbs {'down to' if co.down else 'towards'} {lab}: "
                    f"{co.rise} levels in sets of {co.set_h} (H-11)")
            lines = [TipLine(head, TEXT, True)]
            if sel.hold == "hang":
                d = load_data()
                lines = [TipLine(f"{sel.name} pulls up onto {lab} (H-20)", TEXT, True),
                         TipLine(f"{co.dice}d6 against ST {sel.st}: {percent(co.p_set)}",
                                 YELLOW, True),
                         TipLine(f"a miss costs {d.num('leap', 'pull_cost')} ST; it hangs on "
                                 "unless that knocks it out", TEXT)]
                if p_fall:
                    lines.append(TipLine(f"{percent(p_fall)} it is knocked out and falls "
                                         f"{fall.levels} levels", VERMILLION, True))
            elif not sel.hold and not way.more:
                lines.append(TipLine(f"the first set ({min(co.set_h, co.rise)} levels) is "
                                     "free: no roll, no fall", GREEN))
            else:
                lines.append(TipLine(f"{co.dice}d6 against DX {sel.dx} for the set: "
                                     f"{percent(co.p_set)}", YELLOW, True))
                lines.append(TipLine(f"a miss ({percent(p_fall)}) falls {fall.levels} levels "
                                     "and lands prone", TEXT))
                if co.down:
                    lines.append(TipLine("(from where it clings: the top of the set it "
                                         "tries)", DIM))
                lines.append(TipLine(fall.damage_words(), TEXT))
                if fall.p_down:
                    lines.append(TipLine(f"{percent(p_fall * fall.p_out)} knocked out, "
                                         f"{percent(p_fall * fall.p_dead)} killed (T-3)",
                                         VERMILLION, True))
            return lines + more
        return None

    def _charge_line(self, fig: HexFigure, cost: int) -> TipLine:
        ok = cost <= self.charge_left(fig)
        return TipLine(self.charge_words(fig, cost), GREEN if ok else ORANGE)

    def preview_actor(self, selected: str | None, target: PieceView) -> str | None:
        """Whose attack the hover shows: the acting figure, else the selected one."""
        st = self.state
        a = st.acting() or self.figure(selected)
        if a is None or a.side == target.side or not a.active:
            return None
        return a.id

    def tip(self, actor: str, target: str) -> list[TipLine] | None:
        """The hover text for ``actor`` attacking ``target``: can it, the odds, each
        modifier with its rule."""
        st = self.state
        a, t = st.figures[actor], st.figures[target]
        if missiles.ranged_weapon(a) is not None and not heights.adjacent_figures(
                st.board, a, t):
            return self._shot_tip(a, t)
        chk = self.rules.attack_check(st, a.id, t.id)
        lines = [TipLine(f"{a.name} attacks {t.name}", TEXT, True)]
        if chk.how == melee.POLE:
            lines.append(TipLine("a pole's jab beyond H: no height modifier (H-16)", SKY))
        elif chk.how == melee.SWIPE:
            lines.append(TipLine("kneels at the edge to swipe down (H-17)", SKY))
        if chk.allowed:
            lines.append(TipLine("can attack now" if st.phase == "action" and
                                 st.acting() is a else "could attack from here", GREEN))
        else:
            lines.append(TipLine(f"cannot: {chk.reason}", VERMILLION))
        o = chk.odds
        if o is not None:
            lines.append(TipLine(f"{percent(o.p_hit)} to hit", YELLOW if chk.allowed else DIM,
                                 True))
            lines.append(TipLine(f"{o.dice}d6, needs {o.target} or less", TEXT))
            if t.defending:
                lines.append(TipLine(f"{o.dice} dice, not 3: {t.name} defends this turn "
                                     "(T-7)", ORANGE))
            lines.append(TipLine(f"  DX {o.base}", DIM))
            for m in o.modifiers:
                rule = f" ({m.rule})" if m.rule else ""
                lines.append(TipLine(f"  {m.value:+d} for {m.reason}{rule}", DIM))
            lines.append(TipLine(f"{o.weapon}; armour stops {o.stops}", TEXT))
            lines.append(TipLine(f"~{o.expected_damage:.1f} damage through armour, "
                                 f"{percent(o.p_down)} to knock it out or kill it", TEXT))
        return lines

    def _shot_tip(self, a: HexFigure, t: HexFigure) -> list[TipLine]:
        """The hover text of a shot: can it, the line of fire, the range band, the odds."""
        st = self.state
        chk = self.rules.shot_check(st, a.id, t.id)
        w = missiles.ranged_weapon(a)
        verb = "throws at" if w is not None and w.thrown else "shoots at"
        lines = [TipLine(f"{a.name} {verb} {t.name}", TEXT, True)]
        if chk.allowed:
            lines.append(TipLine("can shoot now" if st.acting() is a else "could shoot from "
                                 "here", GREEN))
        else:
            lines.append(TipLine(f"cannot: {chk.reason}", VERMILLION))
        line = chk.line
        if line is not None:
            band, dx = missiles.range_band(line.distance)
            lines.append(TipLine(f"{line.distance} hexes: range band {band + 1}"
                                 + (f", {dx:+d} DX" if dx else ", no penalty") + " (H-18)",
                                 TEXT))
            lines.append(TipLine("line of sight: " + ("clear" if line.clear else "blocked"),
                                 GREEN if line.clear else VERMILLION))
            for gid in line.in_way:
                lines.append(TipLine(f"  {st.figures[gid].name} is in the way: rolled for "
                                     "first", YELLOW))
            for gid in line.over:
                lines.append(TipLine(f"  passes over {st.figures[gid].name}", DIM))
        o = chk.odds
        if o is not None:
            lines.append(TipLine(f"{percent(chk.p_target or 0.0)} to strike {t.name}",
                                 YELLOW if chk.allowed else DIM, True))
            lines.append(TipLine(f"{o.dice}d6, needs {o.target} or less; DX {o.base}", TEXT))
            if t.defending:
                lines.append(TipLine(f"{o.dice} dice, not 3: {t.name} defends this turn "
                                     "(T-7)", ORANGE))
            for m in o.modifiers:
                rule = f" ({m.rule})" if m.rule else ""
                lines.append(TipLine(f"  {m.value:+d} for {m.reason}{rule}", DIM))
            lines.append(TipLine(f"{o.weapon}; armour stops {o.stops}", TEXT))
        return lines

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
