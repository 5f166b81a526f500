"""Melee on Heroscape height maps: the Fantasy Trip turn (T-7) over hex height boards.

``MeleeOnHeights.apply`` trusts its caller (``Match.apply`` checks legality first with
:meth:`MeleeOnHeights.why_illegal`). The query methods (``move_options``,
``attack_check``, ``is_engaged``) are what the Melee front end and the Tactician use to
show reach, paths and odds; they change nothing.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import ClassVar

from game.boards.hexmap import HexMap, Reach
from game.core.dice import Dice
from game.core.errors import ScenarioError
from game.core.events import Event, Kind
from game.core.phases import Phase, PhaseTable
from game.core.places import Cell, LoadedMap
from game.core.ruleset import Action, Outcome, PieceView, Termination
from game.core.scenario import Scenario
from game.rules.tft import combat, turn
from game.rules.tft.combat import AttackOdds
from game.rules.tft.data import load_data, unit_spec
from game.rules.tft.hexes import falls, heights, melee
from game.rules.tft.hexes.actions import (
    ACTIONS,
    Attack,
    ChooseFirst,
    Defend,
    Disengage,
    EndMovement,
    Face,
    Move,
    NoRetreat,
    Pass,
    PickUp,
    Ready,
    Retreat,
    StandUp,
)
from game.rules.tft.hexes.state import HexFigure, HexState

PHASES = PhaseTable(
    Phase("initiative", "Initiative", "T-7", ("movement",),
          "Both sides rolled a die; the winner chooses which side moves first."),
    Phase("movement", "Movement", "T-7", ("action",),
          "Sides take turns moving all their figures; an engaged figure may only shift "
          "one hex."),
    Phase("action", "Actions", "T-7", ("retreat", "initiative"),
          "HexFigures act in order of adjusted DX: attack, defend, disengage, change weapons, "
          "stand up, pick up."),
    Phase("retreat", "Force retreats", "T-8", ("initiative",),
          "A figure that hurt an enemy and took no damage from it may push it back a hex."),
)


@dataclass(frozen=True)
class Jump:
    """A move that ends with a drop bigger than the figure's H (H-8)."""

    cost: int
    via: int
    levels: int
    band: int
    p_standing: float


@dataclass
class MoveOptions:
    """Where a figure can go this movement phase, and at what cost (H-2, H-3, T-6, H-8)."""

    figure: str
    budget: int
    reach: Reach
    jumps: dict[int, Jump] = field(default_factory=dict)

    def cells(self) -> set[int]:
        return (set(self.reach.cost) - {self.reach.start}) | set(self.jumps)

    def cost(self, cell: int) -> int | None:
        if cell in self.reach.cost and cell != self.reach.start:
            return self.reach.cost[cell]
        j = self.jumps.get(cell)
        return j.cost if j else None

    def path(self, cell: int) -> list[int]:
        if cell in self.reach.cost:
            return self.reach.path(cell)
        j = self.jumps.get(cell)
        return self.reach.path(j.via) + [cell] if j else []


@dataclass(frozen=True)
class AttackCheck:
    """Whether one figure may attack another now, why not, and the odds if it may."""

    allowed: bool
    reason: str
    odds: AttackOdds | None


def walking_reach(state: HexState, f: HexFigure, budget: int) -> Reach:
    """H-2, H-3, T-6: every cell ``f`` can walk to with ``budget`` MP, and the cheapest way.

    Climbing costs 1 MP a level on top of the 1 MP to enter, at most its climbing H at
    once; stepping down at most that costs the 1 MP; bigger drops are jumps, not walks
    (see :meth:`MeleeOnHeights.move_options`). Entering a hex where an enemy engages the
    figure ends the walk there; a figure already engaged may only shift one hex.
    """
    board = state.board
    occupied = {c for c, g in state.occupied().items() if g.id != f.id}
    enemies = [g for g in state.figures.values() if g.side != f.side]
    stop = heights.engaged_cells(board, enemies, f)
    if f.cell in stop and f.standing:
        stop = set(board.neighbours(f.cell))  # T-6: engaged, a one-hex shift
    steps = heights.climbing_step_costs(board, heights.climbing_height(f))
    return board.reach(f.cell, budget, steps, blocked=occupied, stop=stop)


def charge_reach(state: HexState, f: HexFigure) -> Reach | None:
    """T-7: where ``f`` can still walk this turn and attack (its charge allowance less
    the MP it has spent); None if it has spent more than that already."""
    left = combat.charge_allowance(f) - f.mp_spent
    return walking_reach(state, f, left) if left >= 0 else None


def _slug(text: str) -> str:
    return re.sub(r"[^a-z0-9]+", "-", text.lower()).strip("-")


class MeleeOnHeights:
    """Fantasy Trip basics (T-1..T-8) with the height rules of seed 000."""

    key: ClassVar[str] = "tft-heights"
    title: ClassVar[str] = "Melee on heights"
    board_kind: ClassVar[str] = "hex"
    phases: ClassVar[PhaseTable] = PHASES
    actions = ACTIONS

    # ================================================================== setup
    def setup(self, scenario: Scenario, loaded: LoadedMap[HexMap],
              dice: Dice) -> tuple[HexState, list[Event]]:
        """Place the map's figures as the scenario's units, then roll turn 1's initiative."""
        board = loaded.board
        specs = {k: unit_spec(k, raw, scenario.path.name) for k, raw in scenario.units.items()}
        figures: dict[str, HexFigure] = {}
        counts: dict[str, int] = {}
        for p in loaded.placements:
            if not isinstance(p.place, Cell):
                raise ScenarioError(f"{scenario.map_path.name}: figure '{p.name or p.unit}' "
                                    "is not placed on a hex")
            cell = p.place.index
            facing = int(p.facing or 0)
            where = f"{scenario.map_path.name}: figure '{p.name or p.unit}'"
            if p.side not in scenario.sides:
                raise ScenarioError(f"{where} is on side '{p.side}', which "
                                    f"{scenario.path.name} does not list under [sides]")
            spec = specs.get(p.unit)
            if spec is None:
                raise ScenarioError(f"{where} is a '{p.unit}', which {scenario.path.name} "
                                    f"does not define under [units]")
            counts[p.unit] = counts.get(p.unit, 0) + 1
            name = p.name or f"{spec.kind.name} {counts[p.unit]}"
            fid = _slug(name) or p.unit
            while fid in figures:
                fid += "-2"
            figures[fid] = HexFigure(
                id=fid, name=name, side=p.side, unit=p.unit, kind=spec.kind.key, cell=cell,
                facing=facing % 6, st=spec.st, st_max=spec.st, dx=spec.dx, iq=spec.iq,
                ma=spec.ma, h=spec.kind.h, climb_h=spec.kind.h + spec.kind.climb,
                hexes=spec.kind.hexes, weapons=list(spec.weapons), ready=spec.ready,
                armour=spec.armour, shield=spec.shield)
        for side in scenario.sides:
            if not any(f.side == side for f in figures.values()):
                raise ScenarioError(f"{scenario.map_path.name}: side '{side}' has no figures")
        state = HexState(board=board, sides=list(scenario.sides), figures=figures,
                         turn_limit=scenario.turn_limit, options=dict(scenario.options),
                         side_names=dict(scenario.sides))
        events = self._start_turn(state, dice)
        return state, events

    # ================================================================== turn flow
    def _start_turn(self, state: HexState, dice: Dice) -> list[Event]:
        """T-7: each side rolls 1d6 for initiative (ties roll again)."""
        events = [Event(Kind.TURN, f"Turn {state.turn} begins.", "T-7")]
        state.phase = "initiative"
        state.initiative, state.winner, rolled = turn.roll_initiative(state.sides,
                                                                      state.side_name, dice)
        state.first = state.moving = None
        return events + rolled

    def _goto(self, state: HexState, phase: str) -> Event:
        state.phase = PHASES.transition(state.phase, phase)
        p = PHASES[phase]
        return Event(Kind.PHASE, f"{p.title} phase.", p.rule)

    def _start_actions(self, state: HexState, dice: Dice) -> list[Event]:
        """T-7: figures act in order of adjusted DX, highest first; ties by a die."""
        events = [self._goto(state, "action")]
        state.order, ordered = turn.action_order(list(state.figures.values()), dice)
        state.current = 0
        events += ordered
        events += self._advance_actor(state, dice)
        return events

    def _advance_actor(self, state: HexState, dice: Dice) -> list[Event]:
        """Skip figures that can no longer act; after the last, force retreats or next turn."""
        while state.current < len(state.order):
            if state.figures[state.order[state.current]].active:
                return []
            state.current += 1
        return self._start_retreats(state, dice)

    def _start_retreats(self, state: HexState, dice: Dice) -> list[Event]:
        """T-8: force retreats are decided after every figure has acted."""
        state.retreats = [pair for pair in state.hits if self._retreat_options(state, *pair)]
        if state.retreats:
            return [self._goto(state, "retreat")]
        return self._end_turn(state, dice)

    def _next_retreat(self, state: HexState, dice: Dice) -> list[Event]:
        state.retreats = [p for p in state.retreats[1:] if self._retreat_options(state, *p)]
        if state.retreats:
            return []
        return self._end_turn(state, dice)

    def _end_turn(self, state: HexState, dice: Dice) -> list[Event]:
        """End of turn: T-3's -2 DX for 5+ damage carries into the next turn."""
        for f in state.figures.values():
            f.dx_penalty = combat.stagger_penalty(f)
            f.mp_spent, f.move_over, f.defending, f.acted = 0, False, False, False
            f.damage_taken, f.hurt_by = 0, []
        state.hits, state.retreats, state.order, state.current = [], [], [], 0
        if self._check_end(state):
            return [self._game_over_event(state)]
        if state.turn_limit is not None and state.turn >= state.turn_limit:
            state.ended = Outcome(None, Termination.TURN_LIMIT,
                                  f"A draw: the turn limit of {state.turn_limit} was reached.")
            return [self._game_over_event(state)]
        state.phase = PHASES.transition(state.phase, "initiative")
        state.turn += 1
        return self._start_turn(state, dice)

    def _check_end(self, state: HexState) -> bool:
        """Victory: a side wins when every enemy figure is dead or unconscious."""
        if state.ended:
            return True
        standing = [s for s in state.sides if any(f.active for f in state.side_figures(s))]
        if len(standing) == 1:
            state.ended = Outcome(standing[0], Termination.VICTORY,
                                  f"{state.side_name(standing[0])} win: no enemy figure is "
                                  "left standing.")
        elif not standing:
            state.ended = Outcome(None, Termination.NO_SURVIVORS,
                                  "A draw: no figure is left standing.")
        return state.ended is not None

    def _game_over_event(self, state: HexState) -> Event:
        o = self.outcome(state)
        assert o is not None
        return Event(Kind.GAME_OVER, o.reason)

    # ================================================================== who acts
    def to_act(self, state: HexState) -> str | None:
        if state.ended:
            return None
        if state.phase == "initiative":
            return state.winner
        if state.phase == "movement":
            return state.moving
        if state.phase == "action":
            f = state.acting()
            return f.side if f else None
        if state.phase == "retreat" and state.retreats:
            return state.figures[state.retreats[0][0]].side
        return None

    def outcome(self, state: HexState) -> Outcome | None:
        return state.ended

    # ================================================================== queries
    def move_options(self, state: HexState, fig_id: str) -> MoveOptions:
        """H-2, H-3, T-6, H-8: every cell a figure can reach with the MP it has left.

        Climbing costs 1 MP a level on top of the 1 MP to enter; drops of at most H cost
        only the 1 MP; a bigger drop is a jump that ends the move with a fall roll.
        Entering a hex where an enemy engages the figure ends its move; a figure already
        engaged may only shift one hex.
        """
        key = ("move", fig_id, state.positions())
        cached = state.memo.get(key)
        if cached is not None:
            return cached
        if len(state.memo) > 256:
            state.memo.clear()
        opts = self._move_options(state, fig_id)
        state.memo[key] = opts
        return opts

    def _move_options(self, state: HexState, fig_id: str) -> MoveOptions:
        f = state.figures[fig_id]
        board = state.board
        budget = max(0, heights.movement_allowance(f) - f.mp_spent)
        if f.move_over or not f.active:
            budget = 0
        occupied = {c for c, g in state.occupied().items() if g.id != f.id}
        climb = heights.climbing_height(f)
        reach = walking_reach(state, f, budget)
        jumps: dict[int, Jump] = {}
        drops = heights.jump_edges(board, climb)
        for c, cost in reach.cost.items():
            if cost + 1 > budget or c in reach.ends or c not in drops:
                continue
            for j, drop in drops[c]:
                if j in occupied or j in reach.cost:
                    continue
                if j not in jumps or jumps[j].cost > cost + 1:
                    band, p = falls.fall_odds(f, drop)
                    jumps[j] = Jump(cost + 1, c, drop, band, p)
        return MoveOptions(fig_id, budget, reach, jumps)

    def is_engaged(self, state: HexState, fig: HexFigure) -> bool:
        """T-6, H-7: a standing figure in the front hex of a standing enemy that reaches it."""
        if not fig.standing:
            return False
        return any(heights.engages(state.board, e, fig) for e in state.figures.values())

    def attack_check(self, state: HexState, fig_id: str, target_id: str) -> AttackCheck:
        """Whether ``fig_id`` may attack ``target_id`` now (or could, if it were its action),
        with the exact odds: T-2, T-5, T-7, H-4, H-6.
        """
        f, t = state.figures[fig_id], state.figures[target_id]
        board = state.board
        reason = ""
        show_odds = True
        if not f.active:
            reason = f"{f.name} is {f.status}"
        elif t.side == f.side:
            reason = f"{t.name} is on the same side"
        elif not t.alive:
            reason = f"{t.name} is dead"
        elif board.distance(f.cell, t.cell) != 1:
            reason = f"{t.name} is not adjacent"
        elif t.cell not in heights.front_cells(board, f):
            reason = f"{t.name} is not in {f.name}'s front hexes (T-5)"
        elif not heights.can_attack_across_heights(board, f, t):
            lower = f if board.level(f.cell) <= board.level(t.cell) else t
            diff = abs(board.level(f.cell) - board.level(t.cell))
            reason = (f"{diff} levels apart: the lower figure, {lower.name} (H "
                      f"{heights.height(lower)}), cannot reach (H-4)")
        elif f.prone:
            reason = f"{f.name} is prone and must stand up first (T-7)"
            show_odds = False
        elif f.defending:
            reason = f"{f.name} is defending this turn (T-7)"
            show_odds = False
        elif f.mp_spent > combat.charge_allowance(f):
            reason = f"{f.name} moved more than half its MA this turn (T-7)"
        # odds are shown for a blow that could land but for facing or this turn's move
        reachable = (f.active and t.alive and t.side != f.side
                     and board.distance(f.cell, t.cell) == 1
                     and heights.can_attack_across_heights(board, f, t))
        odds_ = melee.attack_odds(board, f, t) if reachable and show_odds else None
        return AttackCheck(reason == "", reason or "may attack", odds_)

    def _retreat_options(self, state: HexState, a_id: str, t_id: str) -> list[int]:
        """T-8, H-13: cells the attacker may force the target back into (empty if none)."""
        a, t = state.figures[a_id], state.figures[t_id]
        if not (a.standing and t.active):
            return []
        if t_id in a.hurt_by:  # it took damage from the target this turn
            return []
        if state.board.distance(a.cell, t.cell) != 1:
            return []
        if not heights.can_force_retreat(state.board, a, t):
            return []
        return heights.retreat_cells(state.board, a, t, state.occupied())

    def _can_follow(self, state: HexState, a: HexFigure, cell: int) -> bool:
        climb = heights.climbing_height(a)
        diff = state.board.level(cell) - state.board.level(a.cell)
        return -climb <= diff <= climb

    def _disengage_cells(self, state: HexState, f: HexFigure) -> list[int]:
        """T-7 (shape of H-10): one hex back from every engaging enemy, up at most the
        figure's size in hexes, or down any number (a fall if more than H)."""
        board = state.board
        engagers = [e for e in state.figures.values() if heights.engages(board, e, f)]
        if not engagers or not f.standing:
            return []
        occ = state.occupied()
        out = []
        for c in board.neighbours(f.cell):
            if c in occ or board.level(c) - board.level(f.cell) > f.hexes:
                continue
            if all(board.distance(c, e.cell) >= 2 for e in engagers):
                out.append(c)
        return out

    # ================================================================== legality
    def legal_actions(self, state: HexState) -> list[Action]:
        if state.ended:
            return []
        out: list[Action] = []
        if state.phase == "initiative":
            return [ChooseFirst(state.winner or "", s) for s in state.sides]
        if state.phase == "movement":
            side = state.moving or ""
            for f in state.side_figures(side):
                if not f.active or f.move_over:
                    continue
                opts = self.move_options(state, f.id)
                out += [Move(f.id, c) for c in sorted(opts.cells())]
                out += [Face(f.id, d) for d in range(6) if d != f.facing]
                if self._why_not_defend(f) is None:
                    out.append(Defend(f.id))
            out.append(EndMovement(side))
            return out
        if state.phase == "action":
            actor = state.acting()
            if actor is None:
                return []
            f = actor
            for t in state.figures.values():
                if t.side != f.side and t.alive and self.attack_check(state, f.id, t.id).allowed:
                    out.append(Attack(f.id, t.id))
            if not f.defending:
                out += [Disengage(f.id, c) for c in self._disengage_cells(state, f)]
                out += [Ready(f.id, w) for w in f.weapons if self._why_not_ready(f, w) is None]
                if self._pickup_weapon(state, f) is not None:
                    out.append(PickUp(f.id))
                if f.prone:
                    out.append(StandUp(f.id))
            out.append(Pass(f.id))
            return out
        if state.phase == "retreat" and state.retreats:
            a_id, t_id = state.retreats[0]
            a = state.figures[a_id]
            for c in self._retreat_options(state, a_id, t_id):
                out.append(Retreat(a_id, t_id, c, False))
                if self._can_follow(state, a, state.figures[t_id].cell):
                    out.append(Retreat(a_id, t_id, c, True))
            out.append(NoRetreat(a_id, t_id))
        return out

    def _why_not_defend(self, f: HexFigure) -> str | None:
        if not f.standing:
            return f"{f.name} is not standing"
        if f.defending:
            return f"{f.name} already defends"
        if f.move_over:
            return f"{f.name} has finished moving"
        if f.mp_spent > combat.charge_allowance(f):
            return f"{f.name} moved more than half its MA"
        return None

    def _why_not_ready(self, f: HexFigure, w: str) -> str | None:
        d = load_data()
        if w not in f.weapons:
            return f"{f.name} does not carry a {w}"
        if w == f.ready:
            return f"the {d.weapons[w].name} is already ready"
        if f.shield and d.weapons[w].hands >= 2:
            return f"the {d.weapons[w].name} needs both hands and {f.name} carries a shield"
        if not d.weapons[w].melee:
            return f"the {d.weapons[w].name} is a missile weapon (H-18 is not playable yet)"
        return None

    def _pickup_weapon(self, state: HexState, f: HexFigure) -> str | None:
        for w in state.dropped.get(f.cell, []):
            if load_data().weapons[w].st <= f.st_max:
                return w
        return None

    def why_illegal(self, state: HexState, action: Action) -> str | None:
        check = self._checks.get(type(action))
        if check is None:
            return f"'{action.kind}' is not an action of this game"
        return check(self, state, action)

    def _fig(self, state: HexState, fid: str) -> HexFigure | str:
        f = state.figures.get(fid)
        return f if f is not None else f"there is no figure '{fid}'"

    def _check_choose(self, state: HexState, a: ChooseFirst) -> str | None:
        if state.phase != "initiative":
            return f"it is the {PHASES[state.phase].title} phase, not initiative"
        if a.side != state.winner:
            return f"{state.side_name(a.side)} did not win the initiative"
        if a.first not in state.sides:
            return f"there is no side '{a.first}'"
        return None

    def _own_mover(self, state: HexState, fid: str) -> HexFigure | str:
        if state.phase != "movement":
            return f"it is the {PHASES[state.phase].title} phase, not movement"
        f = self._fig(state, fid)
        if isinstance(f, str):
            return f
        if f.side != state.moving:
            return f"{f.name} is not on the moving side ({state.moving})"
        if not f.active:
            return f"{f.name} is {f.status}"
        if f.move_over:
            return f"{f.name} has finished moving this turn"
        return f

    def _check_move(self, state: HexState, a: Move) -> str | None:
        f = self._own_mover(state, a.figure)
        if isinstance(f, str):
            return f
        if not state.board.on_board(a.to):
            return f"cell {a.to} is not on the board"
        if a.to not in self.move_options(state, f.id).cells():
            return f"{f.name} cannot reach {state.board.label(a.to)} this turn"
        return None

    def _check_face(self, state: HexState, a: Face) -> str | None:
        f = self._own_mover(state, a.figure)
        if isinstance(f, str):
            return f
        if not (isinstance(a.facing, int) and 0 <= a.facing < 6):
            return "facing must be 0-5"
        if a.facing == f.facing:
            return f"{f.name} already faces that way"
        return None

    def _check_defend(self, state: HexState, a: Defend) -> str | None:
        f = self._own_mover(state, a.figure)
        if isinstance(f, str):
            return f
        return self._why_not_defend(f)

    def _check_end_movement(self, state: HexState, a: EndMovement) -> str | None:
        if state.phase != "movement":
            return f"it is the {PHASES[state.phase].title} phase, not movement"
        if a.side != state.moving:
            return f"{state.side_name(a.side)} is not the side moving now"
        return None

    def _actor(self, state: HexState, fid: str) -> HexFigure | str:
        if state.phase != "action":
            return f"it is the {PHASES[state.phase].title} phase, not actions"
        f = state.acting()
        if f is None or f.id != fid:
            name = state.figures[fid].name if fid in state.figures else fid
            now = f.name if f else "nobody"
            return f"it is {now}'s action, not {name}'s"
        return f

    def _check_attack(self, state: HexState, a: Attack) -> str | None:
        f = self._actor(state, a.figure)
        if isinstance(f, str):
            return f
        if a.target not in state.figures:
            return f"there is no figure '{a.target}'"
        c = self.attack_check(state, f.id, a.target)
        return None if c.allowed else c.reason

    def _check_disengage(self, state: HexState, a: Disengage) -> str | None:
        f = self._actor(state, a.figure)
        if isinstance(f, str):
            return f
        if f.defending:
            return f"{f.name} is defending this turn"
        if a.to not in self._disengage_cells(state, f):
            return f"{f.name} cannot disengage to {state.board.label(a.to)}"
        return None

    def _check_ready(self, state: HexState, a: Ready) -> str | None:
        f = self._actor(state, a.figure)
        if isinstance(f, str):
            return f
        if f.defending:
            return f"{f.name} is defending this turn"
        return self._why_not_ready(f, a.weapon)

    def _check_pickup(self, state: HexState, a: PickUp) -> str | None:
        f = self._actor(state, a.figure)
        if isinstance(f, str):
            return f
        if f.defending:
            return f"{f.name} is defending this turn"
        return None if self._pickup_weapon(state, f) else f"no weapon lies in {f.name}'s hex"

    def _check_stand(self, state: HexState, a: StandUp) -> str | None:
        f = self._actor(state, a.figure)
        if isinstance(f, str):
            return f
        return None if f.prone else f"{f.name} is not prone"

    def _check_pass(self, state: HexState, a: Pass) -> str | None:
        f = self._actor(state, a.figure)
        return f if isinstance(f, str) else None

    def _check_retreat(self, state: HexState, a: Retreat) -> str | None:
        if state.phase != "retreat" or not state.retreats:
            return "no force retreat is being decided"
        if (a.figure, a.target) != state.retreats[0]:
            return "that is not the force retreat being decided"
        if a.to not in self._retreat_options(state, a.figure, a.target):
            return f"the target cannot be pushed to {state.board.label(a.to)} (T-8, H-13)"
        if a.follow and not self._can_follow(state, state.figures[a.figure],
                                             state.figures[a.target].cell):
            return "the attacker cannot step into that hex to follow"
        return None

    def _check_no_retreat(self, state: HexState, a: NoRetreat) -> str | None:
        if state.phase != "retreat" or not state.retreats:
            return "no force retreat is being decided"
        if (a.figure, a.target) != state.retreats[0]:
            return "that is not the force retreat being decided"
        return None

    _checks: ClassVar[dict[type, Callable[..., str | None]]] = {
        ChooseFirst: _check_choose, Move: _check_move, Face: _check_face,
        Defend: _check_defend, EndMovement: _check_end_movement, Attack: _check_attack,
        Disengage: _check_disengage, Ready: _check_ready, PickUp: _check_pickup,
        StandUp: _check_stand, Pass: _check_pass, Retreat: _check_retreat,
        NoRetreat: _check_no_retreat,
    }

    # ================================================================== apply
    def apply(self, state: HexState, action: Action, dice: Dice) -> list[Event]:
        """Carry out a legal action (unchecked: Match.apply checks first)."""
        handler = self._handlers[type(action)]
        events = handler(self, state, action, dice)
        if not state.ended and self._check_end(state):
            events.append(self._game_over_event(state))
        return events

    def _do_choose(self, state: HexState, a: ChooseFirst, dice: Dice) -> list[Event]:
        state.first = state.moving = a.first
        ev = Event(Kind.INITIATIVE, f"{state.side_name(a.side)} choose that "
                   f"{state.side_name(a.first)} move first.", "T-7")
        return [ev, self._goto(state, "movement")]

    def _do_move(self, state: HexState, a: Move, dice: Dice) -> list[Event]:
        f = state.figures[a.figure]
        opts = self.move_options(state, f.id)
        path = opts.path(a.to)
        cost = opts.cost(a.to) or 0
        board = state.board
        start = f.cell
        jump = opts.jumps.get(a.to)
        engaged_at_start = self.is_engaged(state, f)
        f.cell = a.to
        if len(path) > 1:
            last = board.direction(path[-2], path[-1])
            f.facing = f.facing if last is None else last
        f.mp_spent += cost
        climbed = sum(max(0, board.level(q) - board.level(p)) for p, q in zip(path, path[1:],
                                                                          strict=False))
        how = f"{cost} MP" + (f", climbing {climbed} level{'s' * (climbed > 1)}"
                              if climbed else "")
        descended = any(board.level(q) < board.level(p) for p, q in zip(path, path[1:],
                                                                         strict=False))
        # the rule that shaped the move: a shift while engaged, a climb, a step down, or
        # plain movement allowance
        rule = ("T-6" if engaged_at_start else "H-2" if climbed else
                "H-3" if descended else "T-1")
        events = [Event(Kind.MOVED, f"{f.name} moves {board.label(start)} to "
                                    f"{board.label(a.to)} ({how}).", rule, f.id,
                        places=tuple(map(Cell, path)), amount=cost)]
        if a.to in opts.reach.ends or engaged_at_start:
            f.move_over = True
            if a.to in opts.reach.ends:
                events.append(Event(Kind.MOVED, f"{f.name} is engaged and stops.", "T-6", f.id))
        if jump is not None:
            f.move_over = True
            events += falls.fall(f, jump.via, jump.levels, dice, "jumps down")
        return events

    def _do_face(self, state: HexState, a: Face, dice: Dice) -> list[Event]:
        f = state.figures[a.figure]
        if self.is_engaged(state, f) and f.mp_spent == 0:
            f.move_over = True  # T-6: turning is the engaged figure's shift
        f.facing = a.facing
        way = state.board.direction_name(a.facing)
        return [Event(Kind.FACED, f"{f.name} turns to face {way}.", "T-5", f.id)]

    def _do_defend(self, state: HexState, a: Defend, dice: Dice) -> list[Event]:
        f = state.figures[a.figure]
        f.defending, f.move_over = True, True
        return [Event(Kind.DEFENDING, f"{f.name} will defend this turn: attackers roll 4 dice.",
                      "T-7", f.id)]

    def _do_end_movement(self, state: HexState, a: EndMovement, dice: Dice) -> list[Event]:
        if a.side == state.first:
            other = next(s for s in state.sides if s != a.side)
            state.moving = other
            return [Event(Kind.PHASE, f"{state.side_name(other)} move.", "T-7")]
        state.moving = None
        return self._start_actions(state, dice)

    def _after_action(self, state: HexState, f: HexFigure, dice: Dice) -> list[Event]:
        f.acted = True
        state.current += 1
        return self._advance_actor(state, dice)

    def _do_attack(self, state: HexState, a: Attack, dice: Dice) -> list[Event]:
        f, t = state.figures[a.figure], state.figures[a.target]
        result = melee.resolve_attack(state.board, f, t, dice)
        events = result.events
        if result.dropped is not None:
            state.dropped.setdefault(f.cell, []).append(result.dropped)
        if result.hits > 0 and (f.id, t.id) not in state.hits:
            state.hits.append((f.id, t.id))
        return events + self._after_action(state, f, dice)

    def _do_disengage(self, state: HexState, a: Disengage, dice: Dice) -> list[Event]:
        f = state.figures[a.figure]
        start = f.cell
        f.cell = a.to
        events = [Event(Kind.MOVED, f"{f.name} disengages to {state.board.label(a.to)}.",
                        "T-7", f.id, places=(Cell(start), Cell(a.to)))]
        drop = heights.drop_levels(state.board, start, a.to)
        events += falls.fall(f, start, drop, dice, "steps down")
        return events + self._after_action(state, f, dice)

    def _do_ready(self, state: HexState, a: Ready, dice: Dice) -> list[Event]:
        f = state.figures[a.figure]
        f.ready = a.weapon
        name = load_data().weapons[a.weapon].name
        return [Event(Kind.READIED, f"{f.name} readies the {name}.", "T-7", f.id)] + \
            self._after_action(state, f, dice)

    def _do_pickup(self, state: HexState, a: PickUp, dice: Dice) -> list[Event]:
        f = state.figures[a.figure]
        w = self._pickup_weapon(state, f)
        assert w is not None
        state.dropped[f.cell].remove(w)
        if not state.dropped[f.cell]:
            del state.dropped[f.cell]
        f.weapons.append(w)
        f.ready = w
        name = load_data().weapons[w].name
        return [Event(Kind.PICKED_UP, f"{f.name} picks up the {name}.", "T-7", f.id)] + \
            self._after_action(state, f, dice)

    def _do_stand(self, state: HexState, a: StandUp, dice: Dice) -> list[Event]:
        f = state.figures[a.figure]
        f.prone = False
        return [Event(Kind.STOOD, f"{f.name} stands up.", "T-7", f.id)] + \
            self._after_action(state, f, dice)

    def _do_pass(self, state: HexState, a: Pass, dice: Dice) -> list[Event]:
        f = state.figures[a.figure]
        text = f"{f.name} defends." if f.defending else f"{f.name} waits."
        return [Event(Kind.PASSED, text, "T-7", f.id)] + self._after_action(state, f, dice)

    def _do_retreat(self, state: HexState, a: Retreat, dice: Dice) -> list[Event]:
        f, t = state.figures[a.figure], state.figures[a.target]
        board = state.board
        vacated = t.cell
        t.cell = a.to
        events = [Event(Kind.RETREATED, f"{f.name} forces {t.name} back to "
                                        f"{board.label(a.to)}.", "T-8", f.id, t.id,
                        places=(Cell(vacated), Cell(a.to)))]
        events += falls.stumble(t, vacated, heights.drop_levels(board, vacated, a.to), dice)
        if a.follow:
            start = f.cell
            f.cell = vacated
            events.append(Event(Kind.MOVED, f"{f.name} follows into {board.label(vacated)}.",
                                "T-8", f.id, places=(Cell(start), Cell(vacated))))
        return events + self._next_retreat(state, dice)

    def _do_no_retreat(self, state: HexState, a: NoRetreat, dice: Dice) -> list[Event]:
        return self._next_retreat(state, dice)

    _handlers: ClassVar[dict[type, Callable[..., list[Event]]]] = {
        ChooseFirst: _do_choose, Move: _do_move, Face: _do_face, Defend: _do_defend,
        EndMovement: _do_end_movement, Attack: _do_attack, Disengage: _do_disengage,
        Ready: _do_ready, PickUp: _do_pickup, StandUp: _do_stand, Pass: _do_pass,
        Retreat: _do_retreat, NoRetreat: _do_no_retreat,
    }

    # ================================================================== pieces
    def pieces(self, state: HexState) -> list[PieceView]:
        """Every figure as a front end draws and lists it (dead ones too, with status)."""
        kinds = load_data().kinds
        out = []
        for f in state.figures.values():
            tags = []
            if f.active and f.prone:
                tags.append("prone")
            if f.defending:
                tags.append("defending")
            if self.is_engaged(state, f):
                tags.append("engaged")
            status = "prone" if f.active and f.prone else f.status
            out.append(PieceView(
                id=f.id, name=f.name, side=f.side, kind=f.kind, kind_name=kinds[f.kind].name,
                place=Cell(f.cell), facing=f.facing, health=f.st, health_max=f.st_max,
                health_label="ST", status=status, tags=tuple(tags), active=f.active,
                size=f.hexes))
        return out

    # ================================================================== words
    def describe(self, state: HexState, action: Action) -> str:
        """An action in a player's words."""
        def name(fid: str) -> str:
            f = state.figures.get(fid)
            return f.name if f else fid

        lab = state.board.label
        match action:
            case ChooseFirst(side=s, first=first):
                return f"{state.side_name(s)} let {state.side_name(first)} move first"
            case Move(figure=fid, to=to):
                return f"{name(fid)} moves to {lab(to)}"
            case Face(figure=fid, facing=d):
                return f"{name(fid)} faces {state.board.direction_name(d)}"
            case Defend(figure=fid):
                return f"{name(fid)} defends"
            case EndMovement(side=s):
                return f"{state.side_name(s)} end movement"
            case Attack(figure=fid, target=t):
                return f"{name(fid)} attacks {name(t)}"
            case Disengage(figure=fid, to=to):
                return f"{name(fid)} disengages to {lab(to)}"
            case Ready(figure=fid, weapon=w):
                return f"{name(fid)} readies {w}"
            case PickUp(figure=fid):
                return f"{name(fid)} picks up a weapon"
            case StandUp(figure=fid):
                return f"{name(fid)} stands up"
            case Pass(figure=fid):
                return f"{name(fid)} passes"
            case Retreat(figure=fid, target=t, to=to, follow=fo):
                return (f"{name(fid)} forces {name(t)} back to {lab(to)}"
                        + (" and follows" if fo else ""))
            case NoRetreat(figure=fid, target=t):
                return f"{name(fid)} does not force {name(t)} back"
        return repr(action)
