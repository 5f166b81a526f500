"""Melee on Heroscape height maps: the Fantasy Trip turn (T-7) over hex height boards.

``MeleeOnHeights.apply`` trusts its caller (``Match.apply`` checks legality first with
:meth:`MeleeOnHeights.why_illegal`). The query methods (``move_options``,
``attack_check``, ``is_engaged``) are what the Melee front end and the Tactician use to
show reach, paths and odds; they change nothing.
"""

from __future__ import annotations

import re
import weakref
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import ClassVar

import numpy as np

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
from game.rules.tft.events import MeleeKind
from game.rules.tft.hexes import bigfigures, falls, heights, melee, missiles, terrain
from game.rules.tft.hexes.actions import (
    ACTIONS,
    Attack,
    ChooseFirst,
    Climb,
    Defend,
    Disengage,
    EndMovement,
    Face,
    JumpDown,
    Leap,
    Move,
    NoRetreat,
    Pass,
    PickUp,
    PutAway,
    Ready,
    Retreat,
    Shoot,
    StandUp,
    Sweep,
    Swipe,
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
    """A move that ends with a drop bigger than the figure's H (H-8): walk to ``via``
    for ``cost - 1`` MP, then jump down ``levels`` into the cell."""

    cost: int
    via: int
    levels: int
    band: int
    p_standing: float


@dataclass(frozen=True)
class LeapOption:
    """A leap over a gap (H-20) from where the figure stands."""

    to: int
    gap: tuple[int, ...]
    """The gap's hexes, nearest first."""
    dice: int
    target: int
    """ST + adjusted DX: the leap needs that or less on ``dice`` d6."""
    p_leap: float
    p_grab: float
    """Chance of catching the far edge after a missed leap (3d6 vs adjusted DX)."""


@dataclass(frozen=True)
class ClimbOption:
    """A climb up (or down, ``down``) a wall higher than H (H-11), as the figure would
    start or go on."""

    to: int
    """Where the climb ends: the top of the wall, or (climbing down) the hex at its foot."""
    rise: int
    """Levels from the foot of the wall to its top."""
    at: int
    """Levels it has climbed so far, up or down (0 before it starts)."""
    set_h: int
    """Levels of one set (its climbing H)."""
    dice: int
    """Dice rolled against DX for a set after the free one (4, 3 with the talent)."""
    p_set: float
    """Chance of making one such set."""
    fall_band: int
    """H-8 band of a fall from the top of the next set attempted (climbing down, from
    where it clings before that set)."""
    down: bool = False
    """A climb down: the figure goes from the top of the wall to the hex at its foot."""


@dataclass
class MoveOptions:
    """Where a figure can go this movement phase, and at what cost (H-2, H-3, T-6, H-8).

    ``reach`` are its walks; ``ways`` every jump into each cell (one per cell it could
    jump from, cheapest first); ``jumps`` the cheapest jump of each cell no walk gets to
    as cheaply. A multi-hex figure (H-15) may only end where it can stand: ``settle``
    gives the facing it takes in each such cell (None for a one-hex figure).
    """

    figure: str
    budget: int
    reach: Reach
    jumps: dict[int, Jump] = field(default_factory=dict)
    ways: dict[int, list[Jump]] = field(default_factory=dict)
    settle: dict[int, int] | None = None

    def walk_cells(self) -> set[int]:
        cells = set(self.reach.cost) - {self.reach.start}
        if self.settle is not None:
            cells &= set(self.settle)
        return cells

    def cells(self) -> set[int]:
        return self.walk_cells() | set(self.ways)

    def can_walk(self, cell: int) -> bool:
        return cell != self.reach.start and self.reach.cost_of(cell) is not None and (
            self.settle is None or cell in self.settle)

    def cost(self, cell: int) -> int | None:
        """The cheapest way there: a walk, or a jump if no walk gets there as cheaply."""
        j = self.jumps.get(cell)
        if j is not None:
            return j.cost
        if self.can_walk(cell):
            return self.reach.cost_of(cell)
        w = self.ways.get(cell)
        return w[0].cost if w else None

    def jump(self, cell: int, via: int) -> Jump | None:
        return next((j for j in self.ways.get(cell, ()) if j.via == via), None)

    def path(self, cell: int, via: int | None = None) -> list[int]:
        """The way to ``cell``: its cheapest walk, or (``via`` given, or no walk there)
        the walk to ``via`` and the jump."""
        if via is None:
            j = self.jumps.get(cell)
            if j is None and self.can_walk(cell):
                return self.reach.path(cell)
            if j is None:
                w = self.ways.get(cell)
                j = w[0] if w else None
            if j is None:
                return []
            via = j.via
        if self.jump(cell, via) is None:
            return []
        return self.reach.path(via) + [cell]


@dataclass(frozen=True)
class AttackCheck:
    """Whether one figure may attack another now, why not, and the odds if it may."""

    allowed: bool
    reason: str
    odds: AttackOdds | None
    how: str = ""
    """melee.NORMAL, melee.POLE or melee.SWIPE for a blow; "shot" or "throw"."""
    line: missiles.LineOfFire | None = None
    """H-18: the line of fire of a shot."""
    p_target: float | None = None
    """H-18: the chance the shot strikes the target, figures in the way counted."""


def entry_table(state: HexState, f: HexFigure) -> tuple[str, np.ndarray]:
    """H-21: what entering each hex costs ``f`` (water depth, broken ground)."""
    return terrain.entry_costs(state.board, state.options, "swimming" in f.talents)


def engaged_stops(state: HexState, f: HexFigure, pos: object = None) -> frozenset[int]:
    """T-6, H-7: the hexes where a figure of ``f``'s side stands engaged (its move stops
    there), once per position (``pos``: :meth:`HexState.positions`, if known)."""
    key = ("stop", f.side, f.hexes, state.positions() if pos is None else pos)
    stop = state.memo.get(key)
    if stop is None:
        enemies = [g for g in state.figures.values() if g.side != f.side]
        stop = state.memo[key] = frozenset(heights.engaged_cells(state.board, enemies, f))
    return stop


def walking_reach(state: HexState, f: HexFigure, budget: int, pos: object = None) -> Reach:
    """H-2, H-3, T-6, H-10, H-21: every cell ``f`` can walk to with ``budget`` MP, and the
    cheapest way.

    Climbing costs 1 MP a level on top of the MP to enter (1; 2 in knee-deep water or on
    broken ground, H-21), at most its climbing H at once; stepping down at most that
    costs the entry; bigger drops are jumps, not walks (see
    :meth:`MeleeOnHeights.move_options`). Entering a hex where an enemy engages the
    figure ends the walk there; a figure already engaged may only shift one hex (T-6),
    and no higher than the hexes it covers (H-10: a dwarf steps up one level, not two).
    A multi-hex figure leads with its front hex (H-15).
    """
    board = state.board
    occupied = {c for c, g in state.occupied().items() if g.id != f.id}
    stop = engaged_stops(state, f, pos)
    entry = entry_table(state, f)
    climb = heights.climbing_height(f)
    if state_is_engaged(state, f):
        stop = frozenset(board.neighbours(f.cell))  # T-6: engaged, a one-hex shift
        steps = heights.climbing_step_costs(board, climb, entry)
        up = min(climb, f.hexes)  # H-10
        lv = board.level_list
        blocked = occupied | {j for j, _w in steps[f.cell] if lv[j] - lv[f.cell] > up}
        return board.reach(f.cell, budget, steps, blocked=blocked, stop=stop)
    steps = heights.climbing_step_costs(board, climb, entry)
    return board.reach(f.cell, budget, steps, blocked=occupied, stop=stop)


def jump_cost(entry: np.ndarray, cell: int) -> int:
    """H-3, H-21: MP for the jump down into ``cell``: "only 1 since you move forward into
    another, lower hex" - what entering that hex costs (2 on broken ground), no more."""
    return int(entry[cell])


def state_is_engaged(state: HexState, fig: HexFigure) -> bool:
    """T-6, H-7: a standing figure with a hex in the front hexes of standing enemies that
    reach it, enough of them for its size (:func:`heights.engaged_by`)."""
    if not fig.standing:
        return False
    return heights.engaged_by(state.board, list(state.figures.values()), fig)


def charge_reach(state: HexState, f: HexFigure) -> Reach | None:
    """T-7: where ``f`` can still walk this turn and attack (its charge allowance less
    the MP it has spent); None if it has spent more than that already."""
    left = combat.charge_allowance(f) - f.mp_spent
    return walking_reach(state, f, left) if left >= 0 else None


_GAPS: weakref.WeakKeyDictionary[HexMap, dict[int, list[bool]]] = weakref.WeakKeyDictionary()


def gap_beside(board: HexMap, climb: int) -> list[bool]:
    """H-20: for every cell, whether a hex beside it is water or a drop of more than
    ``climb`` (the first hex of a gap a figure standing there might leap)."""
    per = _GAPS.setdefault(board, {})
    table = per.get(climb)
    if table is None:
        lv = board.level_list
        table = [any(board.terrain_of(j) == "water" or lv[j] < lv[i] - climb
                     for j in board.neighbours(i)) for i in range(board.n)]
        per[climb] = table
    return table


def settle_facing(state: HexState, f: HexFigure, cell: int, natural: int) -> int | None:
    """H-15: the facing a multi-hex figure ends a move in ``cell`` with: the way it
    stepped if it can stand so (its hexes on the board, free, level enough), else the
    nearest turn that lets it; None if it cannot stand there at all."""
    for k in (0, 1, -1, 2, -2, 3):
        d = (natural + k) % 6
        if placement_ok(state, f, cell, d):
            return d
    return None


def placement_ok(state: HexState, f: HexFigure, cell: int, facing: int,
                 occupied: dict[int, HexFigure] | None = None) -> bool:
    """H-15: whether ``f`` can stand on ``cell`` facing ``facing``: every hex on the board
    and free of others, and level enough (:func:`bigfigures.balance`)."""
    if f.hexes <= 1:
        return True
    kind = load_data().kinds[f.kind]
    cells = bigfigures.footprint(state.board, kind.shape, cell, facing)
    if cells is None:
        return False
    occ = state.occupied() if occupied is None else occupied
    if any(c in occ and occ[c].id != f.id for c in cells):
        return False
    return bigfigures.balance(state.board, cells)[0]


def place(state: HexState, f: HexFigure, cell: int, facing: int) -> None:
    """Stand ``f`` on ``cell`` facing ``facing``, covering its hexes (H-15)."""
    f.cell, f.facing = cell, facing
    if f.hexes > 1:
        kind = load_data().kinds[f.kind]
        cells = bigfigures.footprint(state.board, kind.shape, cell, facing)
        assert cells is not None
        f.footprint = cells
    else:
        f.footprint = [cell]


OPTIONS = {"swipe": "H-17", "broken_ground": "H-21"}
"""The scenario switches of the optional rules ([options] swipe = true ...)."""


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
                armour=spec.armour, shield=spec.shield, talents=list(spec.talents))
        state = HexState(board=board, sides=list(scenario.sides), figures=figures,
                         turn_limit=scenario.turn_limit, options=dict(scenario.options),
                         side_names=dict(scenario.sides))
        for f in figures.values():
            where = f"{scenario.map_path.name}: figure '{f.name}'"
            if f.hexes > 1:
                occ = {c: g for c, g in state.occupied().items() if g.id != f.id}
                if not placement_ok(state, f, f.cell, f.facing, occ):
                    raise ScenarioError(f"{where} is a {f.hexes}-hex figure and cannot stand "
                                        f"on {board.label(f.cell)} facing {f.facing}: its "
                                        "hexes must be on the board, free of other figures "
                                        "and level enough (H-15)")
            place(state, f, f.cell, f.facing)
        taken: dict[int, str] = {}
        for f in figures.values():
            for c in f.footprint:
                if c in taken:
                    raise ScenarioError(f"{scenario.map_path.name}: figures '{taken[c]}' and "
                                        f"'{f.name}' both cover {board.label(c)}")
                taken[c] = f.name
        for side in scenario.sides:
            if not any(f.side == side for f in figures.values()):
                raise ScenarioError(f"{scenario.map_path.name}: side '{side}' has no figures")
        for key in state.options:
            if key not in OPTIONS:
                raise ScenarioError(f"{scenario.path.name}: [options] '{key}' is not a switch "
                                    f"of {self.title} (known: {', '.join(OPTIONS)})")
            if not isinstance(state.options[key], bool):
                raise ScenarioError(f"{scenario.path.name}: [options] '{key}' must be true or "
                                    "false")
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
            f.moved, f.kneeling = 0, False
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
        up = {f.side for f in state.figures.values() if f.active}
        standing = [s for s in state.sides if s in up]
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

    def save_stamp(self) -> dict[str, str]:
        """Its play depends on nothing beyond this program's own code."""
        return {}

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
        pos = state.positions()
        key = ("move", fig_id, pos)
        cached = state.memo.get(key)
        if cached is not None:
            return cached
        if len(state.memo) > 4096:
            state.memo.clear()
        opts = self._move_options(state, fig_id, pos)
        state.memo[key] = opts
        return opts

    def _move_options(self, state: HexState, fig_id: str, pos: object = None) -> MoveOptions:
        f = state.figures[fig_id]
        board = state.board
        budget = max(0, heights.movement_allowance(f) - f.mp_spent)
        if f.move_over or not f.active or f.hold:
            budget = 0
        occupied = {c for c, g in state.occupied().items() if g.id != f.id}
        climb = heights.climbing_height(f)
        reach = walking_reach(state, f, budget, pos)
        settle: dict[int, int] | None = None
        if f.hexes > 1:
            settle = {}
            for c in reach.cells:
                if c == reach.start:
                    continue
                path = reach.path(c)
                d = board.direction(path[-2], path[-1])
                s = settle_facing(state, f, c, f.facing if d is None else d)
                if s is not None:
                    settle[c] = s
        ways: dict[int, list[Jump]] = {}
        drops = heights.jump_edges(board, climb)
        engaged = state_is_engaged(state, f)
        entry = entry_table(state, f)[1]
        costs, stops, start = reach.costs, reach.stops, reach.start
        for c in reach.cells:
            if c not in drops:
                continue
            cost = int(costs[c])  # reach.cost_of(c): every cell of reach.cells is reached
            if cost + 1 > budget or c in stops and c != start:
                continue
            if engaged and c != reach.start:
                continue  # T-6: the engaged figure's shift is its one step
            for j, drop in drops[c]:
                if j in occupied or entry[j] == np.inf:
                    continue
                landing = jump_cost(entry, j)
                if cost + landing > budget:
                    continue
                if settle is not None and settle_facing(
                        state, f, j, board.direction(c, j) or 0) is None:
                    continue
                band, p = falls.fall_odds(f, drop)
                ways.setdefault(j, []).append(Jump(cost + landing, c, drop, band, p))
        jumps: dict[int, Jump] = {}
        for j, lst in ways.items():
            lst.sort(key=lambda x: (x.cost, x.levels, x.via))
            walk = reach.cost_of(j)
            if walk is None or (settle is not None and j not in settle) or lst[0].cost < walk:
                jumps[j] = lst[0]
        return MoveOptions(fig_id, budget, reach, jumps, ways, settle)

    def is_engaged(self, state: HexState, fig: HexFigure) -> bool:
        """T-6, H-7: a standing figure in the front hex of a standing enemy that reaches it."""
        return state_is_engaged(state, fig)

    def attack_check(self, state: HexState, fig_id: str, target_id: str, *,
                     with_odds: bool = True) -> AttackCheck:
        """Whether ``fig_id`` may strike ``target_id`` in melee now (or could, if it were
        its action), with the exact odds: T-2, T-4, T-5, T-7, H-4, H-6, H-15, H-16, H-17.
        ``with_odds=False``: the verdict alone (a legality check), no odds.
        """
        f, t = state.figures[fig_id], state.figures[target_id]
        board = state.board
        reason = ""
        show_odds = True
        r = melee.reach(board, f, t, swipe_allowed=bool(state.options.get("swipe")))
        w = combat.weapon_of(f)
        if not f.active:
            reason = f"{f.name} is {f.status}"
        elif t.side == f.side:
            reason = f"{t.name} is on the same side"
        elif not t.alive:
            reason = f"{t.name} is dead"
        elif not r.ok:
            reason = r.reason
        elif f.hold:
            reason = f"{f.name} is hanging on a wall (H-11)"
        elif f.prone:
            reason = f"{f.name} is prone and must stand up first (T-7)"
            show_odds = False
        elif f.defending:
            reason = f"{f.name} is defending this turn (T-7)"
            show_odds = False
        elif f.mp_spent > combat.charge_allowance(f):
            reason = f"{f.name} moved more than half its MA this turn (T-7)"
        elif w.missile or not w.melee:
            reason = (f"the {w.name} is a missile weapon: it shoots (H-18) but never strikes "
                      "in melee; ready a melee weapon (T-7)")
            show_odds = False
        elif r.how == melee.SWIPE and (f.shield or w.hands != 1):
            reason = (f"{t.name} is too low: a swipe needs a one-handed weapon and no "
                      "shield (H-17)")
        odds_ = melee.attack_odds(board, f, t, r.how) if with_odds and r.ok and show_odds \
            and f.active and t.alive and t.side != f.side else None
        return AttackCheck(reason == "", reason or "may attack", odds_, r.how)

    def shot_check(self, state: HexState, fig_id: str, target_id: str,
                   frm: int | None = None, *, with_odds: bool = True) -> AttackCheck:
        """Whether ``fig_id`` may shoot or throw at ``target_id`` now (T-7, H-18), with the
        line of fire and exact odds (figures in the way counted in ``p_target``).
        ``frm``: look from another hex (a front end's what-if); ``with_odds=False``: the
        verdict and line alone (a legality check), no odds."""
        f, t = state.figures[fig_id], state.figures[target_id]
        board = state.board
        w = missiles.ranged_weapon(f)
        how = "throw" if w is not None and w.thrown else "shot"
        cell = f.cell if frm is None else frm
        dist = board.distance(cell, t.cell)
        reason = ""
        d = load_data()
        if w is None:
            reason = f"{f.name} has no missile or thrown weapon ready (T-7)"
        elif not f.active or f.hold:
            reason = f"{f.name} cannot shoot now"
        elif t.side == f.side or not t.active:
            reason = f"{t.name} is not an enemy in the fight"
        elif f.prone:
            reason = f"{f.name} is prone (T-7)"
        elif f.defending:
            reason = f"{f.name} is defending this turn (T-7)"
        elif w.missile and f.moved > int(d.num("missile", "max_hexes_moved")):
            reason = (f"{f.name} moved more than {d.num('missile', 'max_hexes_moved')} hex "
                      "this turn: a bow shoots standing still or after one step (T-7)")
        elif w.thrown and f.mp_spent > combat.charge_allowance(f):
            reason = f"{f.name} moved more than half its MA this turn (T-7)"
        elif dist > w.range:
            reason = f"{t.name} is {dist} hexes away; the {w.name} reaches {w.range} (H-18)"
        elif dist == 0:
            reason = "no target"
        if not reason and frm is None and self.is_engaged(state, f) and not heights.engages(
                board, t, f):
            reason = (f"{f.name} is engaged: it may only shoot at an enemy engaging it "
                      "(T-6, T-7)")
        line = missiles.line_of_fire(state, f, t, cell) if dist > 0 else None
        if not reason and line is not None and not line.clear:
            assert line.blocked_at is not None
            reason = (f"no line of sight: the hex at {board.label(line.blocked_at)} (level "
                      f"{board.level(line.blocked_at)}) is in the way (H-18)")
        odds_ = None
        p_target = None
        if with_odds and w is not None and line is not None and line.clear and t.alive:
            if frm is None:
                odds_ = missiles.shot_odds(state, f, t)
            else:
                saved = f.cell
                f.cell = frm
                odds_ = missiles.shot_odds(state, f, t)
                f.cell = saved
            p_target = missiles.p_through(state, f, line) * odds_.p_hit
        return AttackCheck(reason == "", reason or "may shoot", odds_, how, line, p_target)

    def climb_options(self, state: HexState, f: HexFigure) -> dict[int, ClimbOption]:
        """H-11 (H-20's pull-up): the walls ``f`` may climb now. A figure starting its turn
        standing beside a wall higher than its climbing H, with both hands free (no
        weapon ready, no shield), not engaged and a one-hex figure, may start; a figure
        on a wall goes on up it (one set a turn, a roll). Climbing down mirrors it: from
        the top of a wall more than its climbing H high, down to a free hex at its foot."""
        if state.phase != "movement" or f.side != state.moving or not f.active:
            return {}
        board = state.board
        d = load_data()
        dice = int(d.num("climb", "talent_dice" if "climbing" in f.talents else "dice"))
        h = max(1, f.climb_h)
        lv = board.level_list
        if f.hold:
            if f.move_over:
                return {}
            rise = lv[f.hold_to] - lv[f.cell]
            if f.hold == "down":
                return {f.cell: ClimbOption(
                    f.cell, rise, rise - f.hold_at, h, dice, missiles.chance(dice, f.dx),
                    heights.fall_band(f.hold_at, heights.falling_height(f)), down=True)}
            if f.hold == "hang":
                n = int(d.num("leap", "pull_dice"))
                return {f.hold_to: ClimbOption(f.hold_to, rise, f.hold_at, h, n,
                                               missiles.chance(n, f.st), 0)}
            top = min(f.hold_at + h, rise)
            return {f.hold_to: ClimbOption(f.hold_to, rise, f.hold_at, h, dice,
                                           missiles.chance(dice, f.dx),
                                           heights.fall_band(top, heights.falling_height(f)))}
        if (not f.standing or f.mp_spent or f.moved or f.move_over or f.hexes > 1
                or f.ready is not None or f.shield is not None or self.is_engaged(state, f)):
            return {}
        out = {}
        occ = state.occupied()
        climb = heights.climbing_height(f)
        falls_h = heights.falling_height(f)
        p_set = missiles.chance(dice, f.dx)
        for c in board.neighbours(f.cell):
            if c in occ:
                continue
            rise = lv[c] - lv[f.cell]
            if rise > climb:
                out[c] = ClimbOption(c, rise, 0, h, dice, p_set,
                                     heights.fall_band(min(2 * h, rise), falls_h))
            elif -rise > climb:
                # H-11 "to climb up (or down)": down to the hex at the wall's foot; a miss
                # of the second set falls from where the free set leaves it clinging
                out[c] = ClimbOption(c, -rise, 0, h, dice, p_set,
                                     heights.fall_band(max(0, -rise - h), falls_h),
                                     down=True)
        return out

    def climb_risk(self, state: HexState, f: HexFigure, to: int,
                   more: bool = False) -> tuple[float, falls.FallOdds] | None:
        """H-11 (H-20's pull-up), H-8: the chance that climbing towards ``to`` now ends in
        a fall, and that fall's odds (it lands prone whatever); None if it cannot climb
        there. The free first set never falls; the second set on the first turn
        (``more``) and every later set are rolled for, and a miss falls from the top of
        the set tried. Hanging from an edge, a missed pull-up costs ST and falls only if
        that knocks the figure out."""
        o = self.climb_options(state, f).get(to)
        if o is None:
            return None
        if f.hold == "hang":
            d = load_data()
            out = f.st - int(d.num("leap", "pull_cost")) <= int(d.num("damage",
                                                                       "unconscious_at"))
            fall = falls.fall_damage_odds(f, f.hold_at, prone_anyway=True)
            return ((1 - o.p_set) if out else 0.0), fall
        if not f.hold and not more:
            return 0.0, falls.fall_damage_odds(f, 0, prone_anyway=True)
        if o.down:  # a miss falls from where it clings before the set
            clings = o.rise - (o.at if f.hold else min(o.set_h, o.rise))
            if clings <= 0:
                return 0.0, falls.fall_damage_odds(f, 0, prone_anyway=True)
            return 1 - o.p_set, falls.fall_damage_odds(f, clings, prone_anyway=True)
        start = o.at if f.hold else min(o.set_h, o.rise)
        top = min(start + o.set_h, o.rise)
        if not f.hold and start >= o.rise:
            return 0.0, falls.fall_damage_odds(f, 0, prone_anyway=True)
        return 1 - o.p_set, falls.fall_damage_odds(f, top, prone_anyway=True)

    def leap_risk(self, state: HexState, f: HexFigure, to: int
                  ) -> tuple[float, falls.FallOdds] | None:
        """H-20, H-8: the chance that a leap to ``to`` ends in a fall into the gap (the
        leap missed, and the grab at the far edge too where the edge is higher than the
        gap's last hex), and that fall's odds; None if it cannot leap there."""
        o = self.leap_options(state, f).get(to)
        if o is None:
            return None
        board = state.board
        last = o.gap[-1]
        p = 1 - o.p_leap
        if board.level(to) > board.level(last):
            p *= 1 - o.p_grab
        return p, falls.fall_damage_odds(f, heights.drop_levels(board, f.cell, last))

    def leap_options(self, state: HexState, f: HexFigure) -> dict[int, LeapOption]:
        """H-20: the gaps ``f`` may leap from where it stands: 1-3 hexes in a straight line
        that are water or drop more than its climbing H below it, to a free hex no higher
        than its own and at most its climbing H lower; it needs MP for every hex."""
        if not gap_beside(state.board, heights.climbing_height(f))[f.cell]:
            return {}
        key = ("leap", f.id, state.phase, state.moving, state.positions())
        found = state.memo.get(key)
        if found is None:
            if len(state.memo) > 4096:
                state.memo.clear()
            found = state.memo[key] = self._leap_options(state, f)
        return found

    def _leap_options(self, state: HexState, f: HexFigure) -> dict[int, LeapOption]:
        if not gap_beside(state.board, heights.climbing_height(f))[f.cell]:
            return {}
        if (state.phase != "movement" or f.side != state.moving or not f.standing
                or f.move_over or f.hexes > 1 or self.is_engaged(state, f)):
            return {}
        board = state.board
        d = load_data()
        budget = heights.movement_allowance(f) - f.mp_spent
        lv = board.level_list
        here = lv[f.cell]
        h = heights.climbing_height(f)
        occ = state.occupied()
        table = {int(k): int(v) for k, v in d.num("leap", "dice").items()}
        target = f.st + combat.adjusted_dx_total(f) + sum(
            m.value for m in melee.footing(board, f))
        grab = missiles.chance(int(d.num("leap", "grab_dice")),
                               combat.adjusted_dx_total(f))
        out: dict[int, LeapOption] = {}
        for direction in range(6):
            gap: list[int] = []
            c: int | None = f.cell
            for _k in range(max(table) + 1):
                assert c is not None
                c = board.neighbour(c, direction)
                if c is None or c in occ:
                    break
                is_gap = lv[c] < here - h or board.terrain_of(c) == "water"
                if is_gap:
                    gap.append(c)
                    continue
                if gap and len(gap) in table and here - h <= lv[c] <= here \
                        and len(gap) + 1 <= budget:
                    n = table[len(gap)]
                    out[c] = LeapOption(c, tuple(gap), n, target,
                                        missiles.chance(n, target), grab)
                break
        return out

    def sight_map(self, state: HexState, fig_id: str) -> dict[int, str]:
        """H-18: every hex ``fig_id`` sees a standing human-sized figure in ("sees": from
        its eye to that figure's chest), is seen from (that figure's eye to its chest), or
        both ("both"); hexes with neither are left out."""
        f = state.figures[fig_id]
        board = state.board
        d = load_data()
        std = float(d.kinds["human"].h)
        eye, chest = float(d.num("missile", "eye")), float(d.num("missile", "chest"))
        sees = board.visibility(f.cell, missiles.eye_height(f), std * chest)
        seen = board.visibility(f.cell, missiles.chest_height(f), std * eye)
        out: dict[int, str] = {}
        for c in np.nonzero(sees | seen)[0].tolist():
            if c == f.cell:
                continue
            out[c] = "both" if sees[c] and seen[c] else "sees" if sees[c] else "seen"
        return out

    def threat_map(self, state: HexState, side: str) -> set[int]:
        """T-7, H-4, H-16, H-18: every hex an enemy of ``side`` could strike this turn (see
        :meth:`figure_threat`)."""
        out: set[int] = set()
        for e in state.figures.values():
            if e.side != side:
                out |= self.figure_threat(state, e.id)
        return out

    def figure_threat(self, state: HexState, fig_id: str) -> set[int]:
        """T-7, H-4, H-16, H-18: every hex one figure could strike this turn: a blow from
        any hex its charge still reaches (at a human-sized figure: H-4 from the lower
        one, a pole 2 levels further), or a shot or throw from where it stands (range and
        line of sight to a human-sized figure's chest)."""
        e = state.figures[fig_id]
        if not e.standing or e.defending:
            return set()
        board = state.board
        d = load_data()
        std = int(d.kinds["human"].h)
        lv = board.level_list
        out: set[int] = set()
        reach = None
        if state.phase in ("initiative", "movement") and not e.move_over:
            reach = charge_reach(state, e)
        stands = list(reach.cells) if reach is not None else [e.cell]
        w = combat.weapon_of(e)
        if w.melee and not w.missile:
            up = heights.height(e) + (int(d.num("pole", "beyond_h")) if w.pole else 0)
            down = max(std, up if w.pole else std)
            for st in stands:
                for n in board.neighbours(st):
                    diff = lv[n] - lv[st]
                    if -down <= diff <= up:
                        out.add(n)
        rw = missiles.ranged_weapon(e)
        if rw is not None:
            vis = board.visibility(e.cell, missiles.eye_height(e),
                                   std * float(d.num("missile", "chest")))
            for c in np.nonzero(vis)[0].tolist():
                if 0 < board.distance(e.cell, c) <= rw.range:
                    out.add(c)
        return out

    def _retreat_options(self, state: HexState, a_id: str, t_id: str) -> list[int]:
        """T-8, H-13: cells the attacker may force the target back into (empty if none).
        A multi-hex attacker pushes by its base size (H-13: "equal to or less than your
        base size"); a multi-hex target is not pushed (the source gives no rule for
        moving all its hexes back)."""
        a, t = state.figures[a_id], state.figures[t_id]
        if not (a.standing and t.active) or t.hold or t.hexes > 1:
            return []
        if t_id in a.hurt_by:  # it took damage from the target this turn
            return []
        if not heights.adjacent_figures(state.board, a, t):
            return []
        if not heights.can_force_retreat(state.board, a, t):
            return []
        return heights.retreat_cells(state.board, a, t, state.occupied())

    def _can_follow(self, state: HexState, a: HexFigure, cell: int) -> bool:
        """T-8: the attacker may step into the hex it pushed its foe out of, within its
        climbing H. A multi-hex attacker does not follow (its hexes would need room and
        footing the source does not speak of)."""
        if a.hexes > 1:
            return False
        climb = heights.climbing_height(a)
        diff = state.board.level(cell) - state.board.level(a.cell)
        return -climb <= diff <= climb

    def _disengage_cells(self, state: HexState, f: HexFigure) -> list[int]:
        """T-7, H-10: one hex back from every engaging enemy, staying on the level, up at
        most the hexes the figure covers, or down any number (a fall if more than H)."""
        board = state.board
        if not state_is_engaged(state, f):
            return []
        engagers = [e for e in state.figures.values() if heights.engages(board, e, f)]
        occ = {c: g for c, g in state.occupied().items() if g.id != f.id}
        out = []
        for c in board.neighbours(f.cell):
            if c in occ or c in f.footprint or board.level(c) - board.level(f.cell) > f.hexes:
                continue
            if f.hexes > 1 and not placement_ok(state, f, c, f.facing, occ):
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
                if not f.active:
                    continue
                out += [Climb(f.id, c, more) for c, o in self.climb_options(state, f).items()
                        for more in ((False, True) if not o.at and not f.hold else (False,))]
                if f.hold:
                    continue
                if not f.move_over:
                    opts = self.move_options(state, f.id)
                    out += [Move(f.id, c) for c in sorted(opts.walk_cells())]
                    out += [JumpDown(f.id, j.via, c) for c in sorted(opts.ways)
                            for j in opts.ways[c]]
                    out += [Leap(f.id, c) for c in sorted(self.leap_options(state, f))]
                out += [Face(f.id, d) for d in range(6) if self._why_not_face(state, f, d) is None]
                if self._why_not_defend(f) is None:
                    out.append(Defend(f.id))
            out.append(EndMovement(side))
            return out
        if state.phase == "action":
            actor = state.acting()
            if actor is None:
                return []
            f = actor
            swipe = bool(state.options.get("swipe"))
            for t in state.figures.values():
                if t.side == f.side or not t.alive:
                    continue
                chk = self.attack_check(state, f.id, t.id, with_odds=False)
                if chk.allowed:
                    out.append(Swipe(f.id, t.id) if chk.how == melee.SWIPE else Attack(f.id, t.id))
                if missiles.ranged_weapon(f) is not None and \
                        self.shot_check(state, f.id, t.id, with_odds=False).allowed:
                    out.append(Shoot(f.id, t.id))
            del swipe
            if self._why_not_sweep(state, f) is None:
                out.append(Sweep(f.id))
            if not f.defending and not f.hold:
                out += [Disengage(f.id, c) for c in self._disengage_cells(state, f)]
                out += [Ready(f.id, w) for w in f.weapons if self._why_not_ready(f, w) is None]
                if self._why_not_put_away(f) is None:
                    out.append(PutAway(f.id))
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

    def _why_not_face(self, state: HexState, f: HexFigure, facing: int) -> str | None:
        """T-5, T-6, H-15: a figure may face any way during its side's movement, before,
        after or between its steps, whether its move ended in contact or by a jump, and
        an engaged figure's turn in place does not use up its one-hex shift; a figure on
        a wall cannot turn, and a multi-hex figure must have room to (H-15)."""
        if facing == f.facing:
            return f"{f.name} already faces that way"
        if f.hold:
            return f"{f.name} is holding on to a wall (H-11)"
        if f.hexes > 1 and not placement_ok(state, f, f.cell, facing):
            return (f"{f.name} has no room to turn that way: its hexes must be free and "
                    "level enough (H-15)")
        return None

    def _why_not_ready(self, f: HexFigure, w: str) -> str | None:
        d = load_data()
        if w not in f.weapons:
            return f"{f.name} does not carry a {w}"
        if w == f.ready:
            return f"the {d.weapons[w].name} is already ready"
        if f.shield and d.weapons[w].hands >= 2:
            return f"the {d.weapons[w].name} needs both hands and {f.name} carries a shield"
        if f.hold:
            return f"{f.name} needs both hands to hold on (H-11)"
        return None

    def _why_not_put_away(self, f: HexFigure) -> str | None:
        if f.ready is None and f.shield is None:
            return f"{f.name}'s hands are free already"
        if f.defending or f.hold:
            return f"{f.name} cannot change weapons now"
        return None

    def _why_not_sweep(self, state: HexState, f: HexFigure) -> str | None:
        if not f.standing or f.defending or f.prone:
            return f"{f.name} cannot strike now"
        if f.mp_spent > combat.charge_allowance(f):
            return f"{f.name} moved more than half its MA this turn (T-7)"
        if not melee.sweep_weapon(f):
            return "a sweeping blow needs a two-handed melee weapon ready (H-19)"
        foes = [e for e in state.figures.values() if e.side != f.side and e.active]
        if not any(foe is not None for _c, foe in melee.sweep_plan(state.board, f, foes)):
            return "no foe within a level in the front hexes to sweep (H-19)"
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

    def _own_figure(self, state: HexState, fid: str) -> HexFigure | str:
        if state.phase != "movement":
            return f"it is the {PHASES[state.phase].title} phase, not movement"
        f = self._fig(state, fid)
        if isinstance(f, str):
            return f
        if f.side != state.moving:
            return f"{f.name} is not on the moving side ({state.moving})"
        if not f.active:
            return f"{f.name} is {f.status}"
        return f

    def _own_mover(self, state: HexState, fid: str) -> HexFigure | str:
        f = self._own_figure(state, fid)
        if isinstance(f, str):
            return f
        if f.hold:
            return f"{f.name} is holding on to a wall (H-11)"
        if f.move_over:
            return f"{f.name} has finished moving this turn"
        return f

    def _check_move(self, state: HexState, a: Move) -> str | None:
        f = self._own_mover(state, a.figure)
        if isinstance(f, str):
            return f
        if not state.board.on_board(a.to):
            return f"cell {a.to} is not on the board"
        opts = self.move_options(state, f.id)
        if a.to not in opts.walk_cells():
            if a.to in opts.ways:
                return (f"{f.name} cannot walk to {state.board.label(a.to)}: only a jump "
                        "down gets there (H-8)")
            return f"{f.name} cannot reach {state.board.label(a.to)} this turn"
        return None

    def _check_jump(self, state: HexState, a: JumpDown) -> str | None:
        f = self._own_mover(state, a.figure)
        if isinstance(f, str):
            return f
        if not state.board.on_board(a.to) or not state.board.on_board(a.via):
            return "that cell is not on the board"
        if self.move_options(state, f.id).jump(a.to, a.via) is None:
            return (f"{f.name} cannot jump down from {state.board.label(a.via)} to "
                    f"{state.board.label(a.to)} this turn")
        return None

    def _check_climb(self, state: HexState, a: Climb) -> str | None:
        f = self._own_figure(state, a.figure)
        if isinstance(f, str):
            return f
        opts = self.climb_options(state, f)
        if a.to not in opts:
            if f.ready is not None or f.shield is not None:
                return f"{f.name} needs both hands free to climb: put weapon and shield away (H-11)"
            return (f"{f.name} cannot climb to {state.board.label(a.to)} now: a climb starts "
                    "from beside a wall higher than its H (or at the top of one, to climb "
                    "down) at the start of its move (H-11)")
        if a.more and (f.hold or opts[a.to].at):
            return "only the first turn of a climb may try a second set (H-11)"
        return None

    def _check_leap(self, state: HexState, a: Leap) -> str | None:
        f = self._own_mover(state, a.figure)
        if isinstance(f, str):
            return f
        if a.to not in self.leap_options(state, f):
            return f"{f.name} cannot leap to {state.board.label(a.to)} from here (H-20)"
        return None

    def _check_face(self, state: HexState, a: Face) -> str | None:
        f = self._own_figure(state, a.figure)
        if isinstance(f, str):
            return f
        if not (isinstance(a.facing, int) and 0 <= a.facing < 6):
            return "facing must be 0-5"
        return self._why_not_face(state, f, a.facing)

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
        c = self.attack_check(state, f.id, a.target, with_odds=False)
        if c.allowed and c.how == melee.SWIPE:
            return "that blow is a swipe (H-17): kneel and swipe"
        return None if c.allowed else c.reason

    def _check_swipe(self, state: HexState, a: Swipe) -> str | None:
        f = self._actor(state, a.figure)
        if isinstance(f, str):
            return f
        if not state.options.get("swipe"):
            return "this scenario does not use the swipe attack (H-17)"
        if a.target not in state.figures:
            return f"there is no figure '{a.target}'"
        c = self.attack_check(state, f.id, a.target, with_odds=False)
        if not c.allowed:
            return c.reason
        return None if c.how == melee.SWIPE else "that target can be struck without a swipe"

    def _check_sweep(self, state: HexState, a: Sweep) -> str | None:
        f = self._actor(state, a.figure)
        if isinstance(f, str):
            return f
        return self._why_not_sweep(state, f)

    def _check_shoot(self, state: HexState, a: Shoot) -> str | None:
        f = self._actor(state, a.figure)
        if isinstance(f, str):
            return f
        if a.target not in state.figures:
            return f"there is no figure '{a.target}'"
        c = self.shot_check(state, f.id, a.target, with_odds=False)
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

    def _check_put_away(self, state: HexState, a: PutAway) -> str | None:
        f = self._actor(state, a.figure)
        if isinstance(f, str):
            return f
        return self._why_not_put_away(f)

    def _check_pickup(self, state: HexState, a: PickUp) -> str | None:
        f = self._actor(state, a.figure)
        if isinstance(f, str):
            return f
        if f.defending or f.hold:
            return f"{f.name} cannot pick anything up now"
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
        ChooseFirst: _check_choose, Move: _check_move, JumpDown: _check_jump,
        Climb: _check_climb, Leap: _check_leap, Face: _check_face,
        Defend: _check_defend, EndMovement: _check_end_movement, Attack: _check_attack,
        Swipe: _check_swipe, Sweep: _check_sweep, Shoot: _check_shoot,
        Disengage: _check_disengage, Ready: _check_ready, PutAway: _check_put_away,
        PickUp: _check_pickup, StandUp: _check_stand, Pass: _check_pass,
        Retreat: _check_retreat, NoRetreat: _check_no_retreat,
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

    def _walk(self, state: HexState, f: HexFigure, path: list[int], cost: int,
              engaged_at_start: bool) -> list[Event]:
        board = state.board
        start = f.cell
        to = path[-1]
        facing = f.facing
        if len(path) > 1:
            last = board.direction(path[-2], path[-1])
            facing = facing if last is None else last
        if f.hexes > 1:
            settled = settle_facing(state, f, to, facing)
            facing = facing if settled is None else settled
        place(state, f, to, facing)
        f.mp_spent += cost
        f.moved += max(0, len(path) - 1)
        climbed = sum(max(0, board.level(q) - board.level(p)) for p, q in zip(path, path[1:],
                                                                          strict=False))
        how = f"{cost} MP" + (f", climbing {climbed} level{'s' * (climbed > 1)}"
                              if climbed else "")
        descended = any(board.level(q) < board.level(p) for p, q in zip(path, path[1:],
                                                                         strict=False))
        rule = ("T-6" if engaged_at_start else "H-2" if climbed else
                "H-3" if descended else "T-1")
        return [Event(Kind.MOVED, f"{f.name} moves {board.label(start)} to "
                                  f"{board.label(to)} ({how}).", rule, f.id,
                      places=tuple(map(Cell, path)), amount=cost)]

    def _do_move(self, state: HexState, a: Move, dice: Dice) -> list[Event]:
        f = state.figures[a.figure]
        opts = self.move_options(state, f.id)
        path = opts.reach.path(a.to)
        cost = opts.reach.cost_of(a.to) or 0
        engaged_at_start = self.is_engaged(state, f)
        events = self._walk(state, f, path, cost, engaged_at_start)
        if a.to in opts.reach.stops or engaged_at_start:
            f.move_over = True
            if a.to in opts.reach.stops and not engaged_at_start:
                events.append(Event(Kind.MOVED, f"{f.name} is engaged and stops; it may "
                                                "still turn to face as it likes.", "T-6",
                                    f.id))
        return events

    def _do_jump(self, state: HexState, a: JumpDown, dice: Dice) -> list[Event]:
        f = state.figures[a.figure]
        opts = self.move_options(state, f.id)
        j = opts.jump(a.to, a.via)
        assert j is not None
        engaged_at_start = self.is_engaged(state, f)
        path = opts.reach.path(a.via) + [a.to]
        events = self._walk(state, f, path, j.cost, engaged_at_start)
        f.move_over = True
        return events + falls.fall(f, a.via, j.levels, dice, "jumps down")

    def _do_climb(self, state: HexState, a: Climb, dice: Dice) -> list[Event]:
        f = state.figures[a.figure]
        board = state.board
        o = self.climb_options(state, f)[a.to]
        d = load_data()
        f.move_over = True
        if f.hold == "hang":
            pull = dice.check(o.dice, f.st, rule="H-20",
                              label=f"{f.name} pulls up onto {board.label(a.to)}: "
                                    f"{o.dice}d6 vs ST")
            hung = [Event(Kind.ROLLED, pull.explain(), "H-20", f.id, roll=pull)]
            if pull.success:
                return hung + self._top_out(state, f, a.to, "H-20")
            hung += combat.take_damage(f, int(d.num("leap", "pull_cost")), "exhaustion")
            if not f.active:
                hung += self._let_go(state, f, dice, "H-20")
            return hung
        if o.down:
            return self._climb_down(state, f, a, o, dice)
        events: list[Event] = []
        at, rise, h = o.at, o.rise, o.set_h
        if not f.hold:
            f.hold, f.hold_to = "climb", a.to
            f.facing = board.direction(f.cell, a.to) or f.facing
            at = min(h, rise)
            events.append(Event("climbed", f"{f.name} puts hands to the wall and climbs "
                                           f"{at} levels free (H-11).", "H-11", f.id,
                                places=(Cell(f.cell), Cell(a.to)), amount=at))
            if at >= rise:
                return events + self._top_out(state, f, a.to, "H-11")
            if not a.more:
                f.hold_at = at
                return events
        top = min(at + h, rise)
        roll = dice.check(o.dice, f.dx, rule="H-11",
                          label=f"{f.name} climbs to {top} of {rise} levels "
                                f"({o.dice}d6 vs DX)")
        events.append(Event(Kind.ROLLED, roll.explain(), "H-11", f.id, roll=roll))
        if not roll.success:
            return events + self._let_go(state, f, dice, "H-11", top)
        f.hold_at = top
        if top >= rise:
            return events + self._top_out(state, f, a.to, "H-11")
        events.append(Event("climbed", f"{f.name} clings to the wall {top} levels up, "
                                       f"{rise - top} to go.", "H-11", f.id, amount=top))
        return events

    def _climb_down(self, state: HexState, f: HexFigure, a: Climb, o: ClimbOption,
                    dice: Dice) -> list[Event]:
        """H-11: climbing down. Starting, the figure goes over the edge into the wall above
        the hex at its foot (it holds that hex, ``hold_at`` levels above its floor) and
        climbs its first set free; with ``more`` (the first turn only) or on a later turn
        it rolls for the next set. A miss falls from where it clings (the top of the set
        it tries) and lands prone; reaching the floor it stands there."""
        board = state.board
        events: list[Event] = []
        rise, h = o.rise, o.set_h
        if not f.hold:
            start = f.cell
            d = board.direction(a.to, start)
            place(state, f, a.to, f.facing if d is None else d)
            f.hold, f.hold_to, f.hold_at = "down", start, max(0, rise - h)
            f.moved += 1
            events.append(Event(Kind.MOVED, f"{f.name} goes over the edge of "
                                            f"{board.label(start)} and climbs {rise - f.hold_at} "
                                            "levels down free (H-11).", "H-11", f.id,
                                places=(Cell(start), Cell(a.to)), amount=rise - f.hold_at))
            if not f.hold_at:
                return events + self._climb_down_done(state, f)
            if not a.more:
                return events + [self._clings_down(f)]
        below = max(0, f.hold_at - h)
        roll = dice.check(o.dice, f.dx, rule="H-11",
                          label=f"{f.name} climbs down to {below} of {rise} levels "
                                f"({o.dice}d6 vs DX)")
        events.append(Event(Kind.ROLLED, roll.explain(), "H-11", f.id, roll=roll))
        if not roll.success:
            return events + self._let_go(state, f, dice, "H-11")
        f.hold_at = below
        if not below:
            return events + self._climb_down_done(state, f)
        return events + [self._clings_down(f)]

    def _clings_down(self, f: HexFigure) -> Event:
        return Event("climbed", f"{f.name} clings to the wall {f.hold_at} levels up, "
                                f"{f.hold_at} to go down.", "H-11", f.id, amount=f.hold_at)

    def _climb_down_done(self, state: HexState, f: HexFigure) -> list[Event]:
        f.hold, f.hold_to, f.hold_at = "", -1, 0
        return [Event("climbed", f"{f.name} climbs down to the floor of "
                                 f"{state.board.label(f.cell)} and stands.", "H-11", f.id,
                      places=(Cell(f.cell),))]

    def _top_out(self, state: HexState, f: HexFigure, to: int, rule: str) -> list[Event]:
        board = state.board
        start = f.cell
        if to in state.occupied():
            f.hold_at = board.level(to) - board.level(f.cell)
            return [Event("climbed", f"{f.name} reaches the top, but {board.label(to)} is "
                                     "taken: it clings at the edge.", rule, f.id)]
        d = board.direction(start, to)
        place(state, f, to, f.facing if d is None else d)
        f.hold, f.hold_to, f.hold_at = "", -1, 0
        f.moved += 1
        return [Event(Kind.MOVED, f"{f.name} climbs over the edge onto {board.label(to)} "
                                  "and stands.", rule, f.id, places=(Cell(start), Cell(to)))]

    def _let_go(self, state: HexState, f: HexFigure, dice: Dice, rule: str,
                top: int | None = None) -> list[Event]:
        """H-11: a figure that loses its hold falls from the top of the set it was trying
        (never above the wall) into its own hex, and lands prone whatever happens."""
        levels = f.hold_at if top is None else top
        f.hold, f.hold_to, f.hold_at = "", -1, 0
        events = falls.fall(f, f.cell, levels, dice, "falls off the wall", rule="H-8",
                            off_wall=True)
        if not events:
            events = [Event(Kind.FELL, f"{f.name} drops {levels} levels off the wall.",
                            "H-8", f.id, places=(Cell(f.cell),), amount=levels)]
        if f.active and not f.prone:
            f.prone = True
            events.append(Event(Kind.PRONE, f"{f.name} lands prone at the foot of the wall.",
                                rule, f.id))
        return events

    def _fall_off_if_down(self, state: HexState, f: HexFigure, dice: Dice) -> list[Event]:
        """H-11, T-3: a figure on a wall or an edge (H-20) that is knocked down (8 damage
        in a turn) or out loses its hold: it falls from where it clings to the foot of
        the wall (H-8 bands; knocked out, it cannot brace) and lies prone there. A dead
        one simply drops there."""
        if not f.hold or (f.active and not f.prone):
            return []
        if not f.alive:
            f.hold, f.hold_to, f.hold_at = "", -1, 0
            return [Event(Kind.FELL, f"{f.name} drops from the wall.", "H-11", f.id,
                          places=(Cell(f.cell),))]
        return self._let_go(state, f, dice, "H-11")

    def _do_leap(self, state: HexState, a: Leap, dice: Dice) -> list[Event]:
        f = state.figures[a.figure]
        board = state.board
        o = self.leap_options(state, f)[a.to]
        d = load_data()
        start = f.cell
        f.mp_spent += len(o.gap) + 1
        f.moved += len(o.gap) + 1
        f.move_over = True
        direction = board.direction(o.gap[0], o.gap[1]) if len(o.gap) > 1 else \
            board.direction(start, o.gap[0])
        base, mods = combat.adjusted_dx(f)
        mods = mods + melee.footing(board, f)
        roll = dice.check(o.dice, f.st + base, mods, rule="H-20",
                          label=f"{f.name} leaps {len(o.gap)} hex{'es' * (len(o.gap) > 1)} "
                                f"({o.dice}d6 vs ST + DX)")
        events = [Event(Kind.ROLLED, roll.explain(), "H-20", f.id, roll=roll)]
        if roll.success:
            place(state, f, a.to, f.facing if direction is None else direction)
            return events + [Event(Kind.MOVED, f"{f.name} leaps the gap to "
                                               f"{board.label(a.to)}.", "H-20", f.id,
                                   places=(Cell(start), *map(Cell, o.gap), Cell(a.to)))]
        last = o.gap[-1]
        place(state, f, last, f.facing if direction is None else direction)
        below = board.level(a.to) - board.level(last)
        if below > 0:
            grab = dice.check(int(d.num("leap", "grab_dice")), base, mods, rule="H-20",
                              label=f"{f.name} grabs the far edge")
            events.append(Event(Kind.ROLLED, grab.explain(), "H-20", f.id, roll=grab))
            if grab.success:
                f.hold, f.hold_to, f.hold_at = "hang", a.to, below
                return events + [Event("climbed", f"{f.name} hangs from the edge of "
                                                  f"{board.label(a.to)}.", "H-20", f.id,
                                       places=(Cell(start), Cell(last)))]
        drop = board.level(start) - board.level(last)
        events.append(Event(Kind.MOVED, f"{f.name} falls short into {board.label(last)}.",
                            "H-20", f.id, places=(Cell(start), Cell(last))))
        return events + falls.fall(f, start, drop, dice, "falls into the gap")

    def _do_face(self, state: HexState, a: Face, dice: Dice) -> list[Event]:
        f = state.figures[a.figure]
        place(state, f, f.cell, a.facing)
        way = state.board.direction_name(a.facing)
        return [Event(Kind.FACED, f"{f.name} turns to face {way}.", "T-5", f.id)]

    def _do_defend(self, state: HexState, a: Defend, dice: Dice) -> list[Event]:
        f = state.figures[a.figure]
        f.defending, f.move_over = True, True
        return [Event(MeleeKind.DEFENDING,
                      f"{f.name} will defend this turn: attackers roll 4 dice.", "T-7", f.id)]

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

    def _record(self, state: HexState, f: HexFigure, t: HexFigure,
                result: combat.AttackResult, at: int) -> None:
        if result.dropped is not None:
            state.dropped.setdefault(at, []).append(result.dropped)
        if result.hits > 0 and (f.id, t.id) not in state.hits:
            state.hits.append((f.id, t.id))

    def _do_attack(self, state: HexState, a: Attack, dice: Dice) -> list[Event]:
        f, t = state.figures[a.figure], state.figures[a.target]
        result = melee.resolve_attack(state.board, f, t, dice)
        self._record(state, f, t, result, f.cell)
        return result.events + self._after_action(state, f, dice)

    def _do_swipe(self, state: HexState, a: Swipe, dice: Dice) -> list[Event]:
        f, t = state.figures[a.figure], state.figures[a.target]
        f.kneeling = True
        events = [Event("kneels", f"{f.name} kneels at the edge and swipes down at "
                                  f"{t.name}.", "H-17", f.id, t.id)]
        result = melee.resolve_attack(state.board, f, t, dice, melee.SWIPE)
        self._record(state, f, t, result, f.cell)
        return events + result.events + self._after_action(state, f, dice)

    def _do_sweep(self, state: HexState, a: Sweep, dice: Dice) -> list[Event]:
        f = state.figures[a.figure]
        foes = [e for e in state.figures.values() if e.side != f.side and e.active]
        events, results = melee.sweep(state.board, f, foes, dice)
        for t, res in results:
            self._record(state, f, t, res, f.cell)
        return events + self._after_action(state, f, dice)

    def _do_shoot(self, state: HexState, a: Shoot, dice: Dice) -> list[Event]:
        f, t = state.figures[a.figure], state.figures[a.target]
        board = state.board
        w = missiles.ranged_weapon(f)
        assert w is not None
        line = missiles.line_of_fire(state, f, t)
        verb = "throws the" if w.thrown else "shoots the"
        events = [Event("shot", f"{f.name} {verb} {w.name} at {t.name} ({line.distance} "
                                "hexes).", "H-18", f.id, t.id,
                        places=(Cell(f.cell), *(Cell(c) for c, _z in line.cells),
                                Cell(t.cell)))]
        struck = t
        for gid in line.in_way:
            g = state.figures[gid]
            dist = board.distance(f.cell, g.cell)
            res = combat.resolve_attack(
                f, g, missiles.shot_modifiers(state, f, g, dist), dice,
                rear=missiles.from_rear(state, f, g), places=(Cell(f.cell), Cell(g.cell)))
            events.append(Event("shot", f"{g.name} is in the line of fire: rolled for first "
                                        "(H-18).", "H-18", f.id, g.id))
            events += res.events
            events += self._fall_off_if_down(state, g, dice)
            self._record(state, f, g, res, f.cell)
            if res.hit:
                struck = g
                break
            if f.ready is None:  # dropped or broke the weapon (T-2)
                break
        else:
            if f.ready is not None:
                res = combat.resolve_attack(
                    f, t, missiles.shot_modifiers(state, f, t, line.distance), dice,
                    rear=missiles.from_rear(state, f, t), places=(Cell(f.cell), Cell(t.cell)))
                events += res.events
                events += self._fall_off_if_down(state, t, dice)
                self._record(state, f, t, res, f.cell)
        state.hits = [h for h in state.hits if h[0] != f.id]  # T-8 pushes follow melee only
        if w.thrown and f.ready == w.key:
            f.ready = None
            f.weapons.remove(w.key)
            state.dropped.setdefault(struck.cell, []).append(w.key)
        return events + self._after_action(state, f, dice)

    def _do_disengage(self, state: HexState, a: Disengage, dice: Dice) -> list[Event]:
        f = state.figures[a.figure]
        start = f.cell
        place(state, f, a.to, f.facing)
        events = [Event(Kind.MOVED, f"{f.name} disengages to {state.board.label(a.to)}.",
                        "H-10", f.id, places=(Cell(start), Cell(a.to)))]
        drop = heights.drop_levels(state.board, start, a.to)
        events += falls.fall(f, start, drop, dice, "steps down")
        return events + self._after_action(state, f, dice)

    def _do_ready(self, state: HexState, a: Ready, dice: Dice) -> list[Event]:
        f = state.figures[a.figure]
        f.ready = a.weapon
        w = load_data().weapons[a.weapon]
        text = f"{f.name} readies the {w.name}."
        if f.stowed_shield and w.hands < 2:
            f.shield, f.stowed_shield = f.stowed_shield, None
            text = f"{f.name} readies the {w.name} and the shield."
        return [Event(MeleeKind.READIED, text, "T-7", f.id)] + self._after_action(state, f, dice)

    def _do_put_away(self, state: HexState, a: PutAway, dice: Dice) -> list[Event]:
        f = state.figures[a.figure]
        f.ready = None
        if f.shield:
            f.stowed_shield, f.shield = f.shield, None
        return [Event(MeleeKind.READIED, f"{f.name} puts weapon and shield away: hands free to "
                                    "climb.", "H-11", f.id)] + self._after_action(state, f, dice)

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
        return [Event(MeleeKind.PICKED_UP, f"{f.name} picks up the {name}.", "T-7", f.id)] + \
            self._after_action(state, f, dice)

    def _do_stand(self, state: HexState, a: StandUp, dice: Dice) -> list[Event]:
        f = state.figures[a.figure]
        f.prone = False
        return [Event(Kind.STOOD, f"{f.name} stands up.", "T-7", f.id)] + \
            self._after_action(state, f, dice)

    def _do_pass(self, state: HexState, a: Pass, dice: Dice) -> list[Event]:
        f = state.figures[a.figure]
        text = (f"{f.name} waits, defending: attackers roll 4 dice." if f.defending else
                f"{f.name} waits, clinging to the wall." if f.hold else f"{f.name} waits.")
        return [Event(Kind.PASSED, text, "T-7", f.id)] + self._after_action(state, f, dice)

    def _do_retreat(self, state: HexState, a: Retreat, dice: Dice) -> list[Event]:
        f, t = state.figures[a.figure], state.figures[a.target]
        board = state.board
        vacated = t.cell
        place(state, t, a.to, t.facing)
        events = [Event(Kind.RETREATED, f"{f.name} forces {t.name} back to "
                                        f"{board.label(a.to)}.", "T-8", f.id, t.id,
                        places=(Cell(vacated), Cell(a.to)))]
        events += falls.stumble(t, vacated, heights.drop_levels(board, vacated, a.to), dice)
        if a.follow:
            start = f.cell
            place(state, f, vacated, f.facing)
            events.append(Event(Kind.MOVED, f"{f.name} follows into {board.label(vacated)}.",
                                "T-8", f.id, places=(Cell(start), Cell(vacated))))
        return events + self._next_retreat(state, dice)

    def _do_no_retreat(self, state: HexState, a: NoRetreat, dice: Dice) -> list[Event]:
        return self._next_retreat(state, dice)

    _handlers: ClassVar[dict[type, Callable[..., list[Event]]]] = {
        ChooseFirst: _do_choose, Move: _do_move, JumpDown: _do_jump, Climb: _do_climb,
        Leap: _do_leap, Face: _do_face, Defend: _do_defend,
        EndMovement: _do_end_movement, Attack: _do_attack, Swipe: _do_swipe,
        Sweep: _do_sweep, Shoot: _do_shoot, Disengage: _do_disengage,
        Ready: _do_ready, PutAway: _do_put_away, PickUp: _do_pickup, StandUp: _do_stand,
        Pass: _do_pass, Retreat: _do_retreat, NoRetreat: _do_no_retreat,
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
            if f.hold in ("climb", "down"):
                tags.append("clinging")
            elif f.hold == "hang":
                tags.append("hanging")
            if f.kneeling:
                tags.append("kneeling")
            if any(m.rule == "H-15" for m in melee.footing(state.board, f)):
                tags.append("off balance")
            status = "prone" if f.active and f.prone else f.status
            ring = ("clinging" if f.hold else "kneeling" if f.kneeling else "")
            out.append(PieceView(
                id=f.id, name=f.name, side=f.side, kind=f.kind, kind_name=kinds[f.kind].name,
                place=Cell(f.cell), facing=f.facing, health=f.st, health_max=f.st_max,
                health_label="ST", status=status, tags=tuple(tags), active=f.active,
                size=f.hexes,
                footprint=tuple(Cell(c) for c in f.footprint) if f.hexes > 1 else (),
                ring=ring if f.alive else ""))
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
            case JumpDown(figure=fid, via=via, to=to):
                return f"{name(fid)} jumps down from {lab(via)} to {lab(to)}"
            case Climb(figure=fid, to=to, more=more):
                f = state.figures.get(fid)
                down = f is not None and (f.hold == "down" or (
                    not f.hold and state.board.level(to) < state.board.level(f.cell)))
                return f"{name(fid)} climbs {'down ' * down}towards {lab(to)}" + (
                    " and tries a second set" if more else "")
            case Leap(figure=fid, to=to):
                return f"{name(fid)} leaps to {lab(to)}"
            case Swipe(figure=fid, target=t):
                return f"{name(fid)} kneels and swipes at {name(t)}"
            case Sweep(figure=fid):
                return f"{name(fid)} makes a sweeping blow"
            case Shoot(figure=fid, target=t):
                return f"{name(fid)} shoots at {name(t)}"
            case PutAway(figure=fid):
                return f"{name(fid)} puts weapon and shield away"
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
                return f"{name(fid)} waits"
            case Retreat(figure=fid, target=t, to=to, follow=fo):
                return (f"{name(fid)} forces {name(t)} back to {lab(to)}"
                        + (" and follows" if fo else ""))
            case NoRetreat(figure=fid, target=t):
                return f"{name(fid)} does not force {name(t)} back"
        return repr(action)
