"""What a front end and a computer player may ask Melee on heights: the one place they
ask the rules (besides the actions).

:class:`HexQueries` answers for one state (``MeleeOnHeights.queries(state)``): the
board-neutral questions of :class:`game.core.queries.Queries` (who may act, where a
figure can go with its cost, risk and odds, what it can attack with the exact chance,
who stands in a hex) and the hex board's own (reach and jumps, engagement, blows and
shots with their odds, climbs and leaps with their risk, falls, sight and threat maps).
It changes nothing and remembers what it worked out for its state: build it anew for
each state.

Below it, the value and state types those answers are made of, and the few pure rules
a front end words its tips with and the Tactician weighs copies of figures with
(heights, reach, weapons, adjusted DX): read-only functions of the figures given.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable
from typing import Any, TypeVar

import numpy as np
from numpy.typing import NDArray

from game.boards.hexmap import Reach
from game.core.dice import Modifier
from game.core.places import Cell, Place
from game.core.queries import AttackOption, MoveOption
from game.core.ruleset import Action
from game.rules.tft.combat import (
    AttackOdds,
    adjusted_dx,
    adjusted_dx_total,
    charge_allowance,
    weapon_of,
)
from game.rules.tft.data import Weapon, load_data
from game.rules.tft.figure import Status
from game.rules.tft.hexes import (
    climbing,
    heights,
    legal,
    melee,
    movement,
    refusals,
    sight,
    strikes,
    tables,
    terrain,
)
from game.rules.tft.hexes.actions import Attack, Shoot, Swipe
from game.rules.tft.hexes.climbing import ClimbOption, FallRisk, LeapOption
from game.rules.tft.hexes.falls import FallOdds, fall_damage_odds, stumble_odds
from game.rules.tft.hexes.heights import (
    adjacent_figures,
    drop_levels,
    facing_arc,
    falling_height,
    front_cells,
    height,
    movement_allowance,
)
from game.rules.tft.hexes.melee import NORMAL, POLE, SWIPE, Blow
from game.rules.tft.hexes.missiles import LineOfFire, range_band, ranged_weapon
from game.rules.tft.hexes.movement import Jump, MoveOptions
from game.rules.tft.hexes.phases import HexPhase
from game.rules.tft.hexes.refusals import WallHint
from game.rules.tft.hexes.sight import Seen
from game.rules.tft.hexes.state import HexFigure, HexState, Hold, Positions
from game.rules.tft.hexes.strikes import AttackCheck, Shot

__all__ = [
    "NORMAL", "POLE", "SWIPE", "AttackCheck", "AttackOdds", "Blow", "ClimbOption",
    "FallOdds", "FallRisk", "HexFigure", "HexQueries", "HexState", "Hold", "Jump",
    "LeapOption", "LineOfFire", "MoveOptions", "Seen", "Shot", "Status", "WallHint", "Weapon",
    "adjacent_figures", "adjusted_dx", "adjusted_dx_total", "charge_allowance",
    "climbing_step_costs", "drop_levels", "facing_arc", "falling_height", "front_cells",
    "height", "load_data", "movement_allowance", "range_band", "ranged_weapon",
    "weapon_of",
]

climbing_step_costs = heights.climbing_step_costs
"""H-2, H-3: a board's steps and their MP for a climbing H (what a reach is built on)."""

T = TypeVar("T")


def _pc(p: float) -> str:
    return f"{p:.0%}"


class HexQueries:
    """The read-only questions about one state of Melee on heights (see the module text).

    Figures are named by id. Answers worked out once are remembered for the state (a
    second question costs a look-up); the state's own memo keeps the reach of each
    position across queries objects (:func:`movement.move_options`).
    """

    def __init__(self, state: HexState) -> None:
        self.state = state
        self.board = state.board
        self._memo: dict[Hashable, Any] = {}
        self._ground_dx: list[int] | None = None
        self._pos: Positions | None = None

    def _position(self) -> Positions:
        """The state's position (:meth:`HexState.positions`), worked out once: what the
        movement answers are kept by."""
        pos = self._pos
        if pos is None:
            pos = self._pos = self.state.positions()
        return pos

    def _remember(self, key: Hashable, make: Callable[[], T]) -> T:
        try:
            value: T = self._memo[key]
        except KeyError:
            value = self._memo[key] = make()
        return value

    def _fig(self, fid: str) -> HexFigure:
        return self.state.figures[fid]

    # ================================================================ board-neutral
    def acting(self) -> list[str]:
        """The figures the side to act may act with now: in movement every active figure
        of the moving side, in the action phase the figure whose action it is, in force
        retreats the figure that may push; none at the initiative or after the game."""
        st = self.state
        if st.ended:
            return []
        if st.phase == HexPhase.MOVEMENT:
            return [f.id for f in st.side_figures(st.moving or "") if f.active]
        if st.phase == HexPhase.ACTION:
            f = st.acting()
            return [f.id] if f is not None else []
        if st.phase == HexPhase.RETREAT and st.retreats:
            return [st.retreats[0][0]]
        return []

    def moves(self, piece: str) -> list[MoveOption]:
        """Where ``piece`` can go now: in its side's movement each hex it can walk or jump
        to (cost in MP, a jump's fall odds, H-2, H-3, H-8, T-6), each gap it can leap
        (H-20) and wall it can climb (H-11); in its action, the hexes it can disengage to
        (H-10). Each with the chance it goes as meant (None: it cannot fail)."""
        st = self.state
        f = st.figures.get(piece)
        if f is None or not f.active or st.ended:
            return []
        if st.phase == HexPhase.MOVEMENT and f.side == st.moving:
            return self._remember(("moves", piece), lambda: self._movement_moves(f))
        if st.phase == HexPhase.ACTION and st.acting() is f and not f.defending \
                and not f.hold:
            return [self._disengage_move(f, c) for c in legal.disengage_cells(st, f)]
        return []

    def _movement_moves(self, f: HexFigure) -> list[MoveOption]:
        out = [self._climb_move(f, to, o) for to, o in self.climb_options(f.id).items()]
        if f.hold or f.move_over:
            return out
        opts = self.move_options(f.id)
        engaged = self.is_engaged(f.id)
        for c in sorted(opts.cells()):
            j = opts.jumps.get(c)
            if j is None and not opts.can_walk(c):
                j = opts.ways[c][0]
            if j is not None:
                fo = fall_damage_odds(f, j.levels)
                out.append(MoveOption(Cell(c), j.cost, str(j.cost),
                                      f"{fo.damage_words()}; {fo.odds_words()}",
                                      fo.p_standing, True, "H-8"))
            else:
                cost = opts.reach.cost_of(c) or 0
                ends = engaged or c in opts.reach.stops
                out.append(MoveOption(Cell(c), cost, str(cost), ends=ends,
                                      rule="T-6" if ends else "H-2"))
        for to, lp in self.leap_options(f.id).items():
            lr = self.leap_risk(f.id, to)
            risk = "" if lr is None else (f"falls {_pc(lr[0])}: {lr[1].damage_words()}")
            out.append(MoveOption(Cell(to), len(lp.gap) + 1, f"leap {_pc(lp.p_leap)}", risk,
                                  lp.p_leap, True, "H-20"))
        return out

    def _climb_move(self, f: HexFigure, to: int, o: ClimbOption) -> MoveOption:
        cr = self.climb_risk(f.id, to)
        p_fall = 0.0 if cr is None else cr[0]
        risk = "" if cr is None or not p_fall else (
            f"falls {_pc(p_fall)}: {cr[1].damage_words()}")
        rule = "H-20" if f.hold == Hold.HANG else "H-11"
        verb = "climb down" if o.down else "climb"
        return MoveOption(Cell(to), 0, f"{verb} {_pc(o.p_set)}", risk, 1.0 - p_fall, True,
                          rule)

    def _disengage_move(self, f: HexFigure, c: int) -> MoveOption:
        fo = fall_damage_odds(f, drop_levels(self.board, f.cell, c))
        if fo.harmless:
            return MoveOption(Cell(c), 0, "back", ends=True, rule="H-10")
        return MoveOption(Cell(c), 0, "back", f"{fo.damage_words()}; {fo.odds_words()}",
                          fo.p_standing, True, "H-10")

    def attacks(self, piece: str) -> list[AttackOption]:
        """The blows, swipes and shots ``piece`` may make now (its action), each with the
        exact chance to strike the target (a shot's with the figures in the way counted,
        H-18)."""
        st = self.state
        f = st.acting()
        if st.phase != HexPhase.ACTION or f is None or f.id != piece or st.ended:
            return []
        out: list[AttackOption] = []
        ranged = ranged_weapon(f) is not None
        for t in st.figures.values():
            if t.side == f.side or not t.alive:
                continue
            chk = self.attack_check(f.id, t.id)
            if chk.allowed:
                p = chk.odds.p_hit if chk.odds is not None else 0.0
                swipe = chk.how == SWIPE
                act: Action = Swipe(f.id, t.id) if swipe else Attack(f.id, t.id)
                out.append(AttackOption(t.id, act, p, f"hit {_pc(p)}",
                                        "H-17" if swipe else "T-2"))
            if ranged:
                shot = self.shot_check(f.id, t.id)
                if shot.allowed:
                    p = shot.p_target or 0.0
                    out.append(AttackOption(t.id, Shoot(f.id, t.id), p, f"shoot {_pc(p)}",
                                            "H-18"))
        return out

    def holds(self, place: Place) -> list[str]:
        """The living figures covering ``place`` (any hex of a big figure, H-15)."""
        if not isinstance(place, Cell):
            return []
        return [f.id for f in self.state.figures.values()
                if f.alive and (f.cell == place.index or place.index in f.footprint)]

    def scenery(self) -> tuple[()]:
        """None: all the terrain of a height map is the board's."""
        return ()

    # ================================================================ movement
    def move_options(self, fid: str) -> MoveOptions:
        """H-2, H-3, T-6, H-8: every hex ``fid`` can walk or jump to with the MP it has
        left, and how (:class:`MoveOptions`)."""
        return movement.move_options(self.state, fid, self._position())

    def is_engaged(self, fid: str) -> bool:
        """T-6, H-7: whether ``fid`` stands engaged (enough standing enemies hold it in a
        front hex within reach)."""
        return movement.is_engaged(self.state, self._fig(fid), self._position())

    def engaged_cells(self, fid: str) -> frozenset[int]:
        """T-6, H-7: the hexes where ``fid`` would stand engaged (a move stops there)."""
        return movement.engaged_stops(self.state, self._fig(fid), self._position())

    def charge_left(self, fid: str) -> int:
        """T-7: MP ``fid`` may still spend this turn and attack (half its MA less what it
        spent); negative when it may attack no more this turn."""
        f = self._fig(fid)
        return charge_allowance(f) - f.mp_spent

    def charge_reach(self, fid: str) -> Reach | None:
        """T-7: where ``fid`` can still walk this turn and attack; None if it has spent
        more than half its MA."""
        return movement.charge_reach(self.state, self._fig(fid), self._position())

    def walk_to_strike(self, fid: str) -> NDArray[np.float64]:
        """H-2, H-3, H-4: every hex's MP for ``fid`` to walk to a hex from which it could
        strike an enemy across the levels (``inf`` where no walk gets there; worked out
        once per queries object, like :meth:`sight_map`)."""
        return self._remember(("walk to strike", fid),
                              lambda: movement.walk_to_strike(self.state, self._fig(fid)))

    def climb_options(self, fid: str) -> dict[int, ClimbOption]:
        """H-11 (H-20's pull-up): the walls ``fid`` may climb up or down now."""
        return climbing.climb_options(self.state, self._fig(fid))

    def wall_hint(self, fid: str, to: int) -> WallHint | None:
        """H-2, H-11: if ``to`` is a wall too high for ``fid`` to step up, how a climb
        would get up it, what it costs and what stops it starting now."""
        return self._remember(("wall", fid, to),
                              lambda: refusals.wall_hint(self.state, self._fig(fid), to))

    def why_not_reach(self, fid: str, to: int) -> str:
        """H-2, H-10, H-11, T-6: why ``fid`` cannot walk to ``to`` this turn, in words."""
        return refusals.why_not_reach(self.state, self._fig(fid), to)

    def climb_risk(self, fid: str, to: int, more: bool = False) -> FallRisk | None:
        """H-11, H-20, H-8: the chance a climb towards ``to`` now ends in a fall (``more``:
        trying the second set on the first turn) and that fall's odds; None if it cannot
        climb there."""
        return climbing.climb_risk(self.state, self._fig(fid), to, more)

    def leap_options(self, fid: str) -> dict[int, LeapOption]:
        """H-20: the gaps ``fid`` may leap from where it stands, by landing hex."""
        return climbing.leap_options(self.state, self._fig(fid))

    def leap_risk(self, fid: str, to: int) -> FallRisk | None:
        """H-20, H-8: the chance a leap to ``to`` ends in the gap, and that fall's odds."""
        return climbing.leap_risk(self.state, self._fig(fid), to)

    # ================================================================ falls
    def fall_odds(self, fid: str, levels: int) -> FallOdds:
        """H-8: the exact odds of ``fid`` dropping ``levels`` (the roll to brace, the dice
        of damage, armour stopping only 2, T-3's knock-down and knock-out)."""
        return fall_damage_odds(self._fig(fid), levels)

    def drop_odds(self, fid: str, to: int) -> FallOdds:
        """H-8, H-10: the odds of ``fid`` stepping from its hex into ``to`` (a drop beyond
        its H is a fall)."""
        f = self._fig(fid)
        return fall_damage_odds(f, drop_levels(self.board, f.cell, to))

    def push_odds(self, tid: str, to: int) -> FallOdds:
        """H-14 (H-9): the odds of ``tid`` pushed back from its hex into ``to``: a stumble
        roll down to its H, the falling rules beyond."""
        t = self._fig(tid)
        return stumble_odds(t, drop_levels(self.board, t.cell, to))

    # ================================================================ blows and shots
    def attack_check(self, fid: str, tid: str, *, with_odds: bool = True) -> AttackCheck:
        """T-2..T-7, H-4, H-6, H-15..H-17: whether ``fid`` may strike ``tid`` in melee now
        (or could, were it its action), why not, and the exact odds."""
        return self._remember(("attack", fid, tid, with_odds), lambda: strikes.attack_check(
            self.state, fid, tid, with_odds=with_odds))

    def shot_check(self, fid: str, tid: str, frm: int | None = None, *,
                   with_odds: bool = True) -> AttackCheck:
        """T-7, H-18: whether ``fid`` may shoot or throw at ``tid`` now (from ``frm``, a
        what-if), the line of fire and the exact odds (figures in the way counted)."""
        return self._remember(("shot", fid, tid, frm, with_odds), lambda: strikes.shot_check(
            self.state, fid, tid, frm, with_odds=with_odds))

    def sweep_odds(self, fid: str) -> list[tuple[str, AttackOdds]]:
        """H-19: the exact odds of each blow of a sweeping blow by ``fid``, foe by foe."""
        f = self._fig(fid)
        return [(foe.id, o) for foe, o in
                melee.sweep_odds(self.state, f, legal.foes_of(self.state, f))]

    def blow_odds(self, attacker: HexFigure, target: HexFigure) -> AttackOdds:
        """T-2..T-5, H-6, H-21: the exact odds of ``attacker`` striking ``target`` where
        each stands (either may be a copy standing elsewhere: a what-if)."""
        return melee.attack_odds(self.state, attacker, target)

    def down_chance(self, attacker: HexFigure, dice: int, target: int, stops: int,
                    st: int) -> float:
        """T-3: the chance a blow of ``attacker`` (an :class:`AttackOdds`' ``dice``,
        ``target`` and ``stops``, :meth:`blow_odds`) takes down a target of ST ``st``:
        the same blow on a target that differs only in its ST."""
        return melee.down_chance(attacker, dice, target, stops, st)

    def can_fight(self, a: HexFigure, b: HexFigure) -> bool:
        """H-4: whether two figures (or copies standing elsewhere) may strike each other
        across the levels between them."""
        return heights.can_attack_across_heights(self.board, a, b)

    # ================================================================ the action phase
    def disengage_cells(self, fid: str) -> list[int]:
        """T-7, H-10: the hexes ``fid`` may disengage to."""
        return legal.disengage_cells(self.state, self._fig(fid))

    def retreat_options(self, fid: str, tid: str) -> list[int]:
        """T-8, H-13: the hexes ``fid`` may force ``tid`` back into."""
        return legal.retreat_options(self.state, fid, tid)

    # ================================================================ sight and threat
    def sight_map(self, fid: str) -> dict[int, Seen]:
        """H-18: the hexes ``fid`` sees a standing figure in, is seen from, or both."""
        return self._remember(("sight", fid), lambda: sight.sight_map(self.state, fid))

    def figure_threat(self, fid: str) -> set[int]:
        """T-7, H-4, H-16, H-18: every hex ``fid`` could strike this turn."""
        return self._remember(("threat", fid), lambda: sight.figure_threat(self.state, fid))

    def threat_map(self, side: str) -> set[int]:
        """T-7, H-4, H-16, H-18: every hex an enemy of ``side`` could strike this turn."""
        def make() -> set[int]:
            out: set[int] = set()
            for e in self.state.figures.values():
                if e.side != side:
                    out |= self.figure_threat(e.id)
            return out

        return self._remember(("threat map", side), make)

    # ================================================================ ground
    def footing(self, fid: str) -> list[Modifier]:
        """H-15, H-21: what where ``fid`` stands does to its adjusted DX."""
        return melee.footing(self.state, self._fig(fid))

    def ground_dx(self, cell: int) -> int:
        """H-21: the adjusted DX a one-hex figure standing in ``cell`` loses or gains
        there (neck-deep water)."""
        return self.ground_dx_table()[cell]

    def ground_dx_table(self) -> list[int]:
        """H-21: :meth:`ground_dx` of every cell, by cell (one look-up for a hot loop)."""
        table = self._ground_dx
        if table is None:
            table = self._ground_dx = terrain.ground_dx_by_cell(self.state)
        return table

    def ground_words(self, cell: int) -> str:
        """H-21: what a hex's water or broken ground does, in words ("" if nothing)."""
        return terrain.describe(self.state, cell)

    def distances_to(self, cells: list[int]) -> NDArray[np.int64]:
        """Every hex's distance to the nearest of ``cells``."""
        return tables.distances_to(self.state, cells)

    def levels(self) -> NDArray[np.float64]:
        """Every hex's level, as floats."""
        return tables.levels(self.state)

