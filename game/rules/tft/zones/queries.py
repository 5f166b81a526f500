"""What a front end or a computer player may ask about a game of Melee on zone boards:
the one place they ask the rules (besides the actions).

:class:`ZoneQueries` is built for one state by ``MeleeOnZones.queries(state)``. It
answers core's board-neutral questions (:class:`game.core.queries.Queries`: who acts,
where a figure can go with the exact odds of its roll, what it can attack with the exact
chance of the whole action, what a place holds) and the zone rules' own (a figure's
status Z-2, the plan and odds of a zone move Z-3..Z-6, the DX contests Z-13..Z-15, the
obstacle a target keeps between them Z-11, the spots of a bottleneck Z-16, a split move
Z-8, the odds of blows, shots, rushes and withdrawals...). It never changes the state;
it remembers what it worked out, so two questions about one state cost one derivation
(build a new one when the state changes).

The types a caller needs to read the answers and the state are re-exported here.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Sequence
from dataclasses import dataclass
from typing import Any, TypeVar

from game.boards.zones import Obstacle
from game.core.board import Scenery
from game.core.dice import Modifier
from game.core.places import InZone, Place
from game.core.queries import AttackOption, MoveOption
from game.core.ruleset import Action
from game.rules.tft import combat
from game.rules.tft.combat import AttackOdds
from game.rules.tft.data import load_data
from game.rules.tft.zones import legal, menu, rules
from game.rules.tft.zones.actions import (
    TARGETED,
    Attack,
    Charge,
    Close,
    EnterBottleneck,
    How,
    Leave,
    MoveAction,
    MoveToLine,
    React,
    Rush,
    Shoot,
    SpotAndStrike,
    StepAndShoot,
    Targeted,
    ToBoundary,
    ZoneMove,
    runs,
)
from game.rules.tft.zones.data import ZoneNumbers, numbers
from game.rules.tft.zones.phases import ACTION, REACTION, ZonePhase
from game.rules.tft.zones.rules import BalanceCheck, MovePlan
from game.rules.tft.zones.state import (
    ALONE,
    CLOSE,
    CONTACT,
    Doing,
    Window,
    ZoneFigure,
    ZoneState,
)

T = TypeVar("T")
_MISSING = object()


def percent(p: float) -> str:
    """A chance as a label prints it: 74%, <1%, >99%."""
    if 0 < p < 0.005:
        return "<1%"
    if 0.995 < p < 1:
        return ">99%"
    return f"{p:.0%}"


@dataclass(frozen=True)
class ZoneReach:
    """The surest legal zone move a figure has into one zone, and its plan (Z-3..Z-6)."""

    move: ZoneMove
    plan: MovePlan


@dataclass(frozen=True)
class ReactionOdds:
    """The chance of a reaction the window offers: a DX contest won (an intercept Z-13,
    an evade Z-15, a protection Z-14), or a blow that hits (Z-9, Z-17)."""

    chance: float
    contest: bool
    """A contest (else a blow)."""


class ZoneQueries:
    """The read-only questions about one state of Melee on zone boards (see the module
    text). Figures are asked about by id in core's questions, as figures of this state
    in the zone rules' own."""

    def __init__(self, state: ZoneState) -> None:
        self.state = state
        self._memo: dict[Hashable, Any] = {}
        self._plans: dict[tuple[Any, ...], MovePlan] = {}
        """Zone move plans worked out for this state (by figure, path, via, running and
        through), shared by every question that needs one."""

    def _get(self, key: Hashable, make: Callable[[], T]) -> T:
        """The answer under ``key``, worked out by ``make()`` the first time (the hot
        questions of a computer player's loops look their memo up inline)."""
        value: T = self._memo.get(key, _MISSING)
        if value is _MISSING:
            value = self._memo[key] = make()
        return value

    # ================================================================ core's questions
    def acting(self) -> list[str]:
        """T-7, Z-13..Z-17: the figure whose action it is, or the figures that may react
        now; none at the initiative and once the game is over."""
        st = self.state
        if st.ended is not None:
            return []
        if st.phase == REACTION and st.window is not None:
            return list(dict.fromkeys(r for r, _how in st.window.options))
        f = self.actor()
        return [f.id] if f is not None else []

    def moves(self, piece: str, run: bool | None = None) -> list[MoveOption]:
        """Where the figure whose action it is can move now (Z-3..Z-6, Z-12, Z-16, Z-4):
        each zone its zone moves reach (``run``: running only, or walking only; None:
        the surer of the two, walking on a tie, Z-7), the lines it may step onto, the
        bottleneck spots it may take and the zones it may step apart into, each with
        the roll it needs in ``risk`` and its exact chance in ``odds`` (None: no roll).
        Empty for a figure that does not act now."""
        f = self.actor()
        if f is None or f.id != piece:
            return []
        return self._get(("moves", run), lambda: self._moves(f, run))

    def _moves(self, f: ZoneFigure, run: bool | None) -> list[MoveOption]:
        out = list(self.reach(f.id, run)) if run is not None else \
            self._zone_options(f, (False, True))  # (the zones as :meth:`reach` has them)
        for a in self.legal_plain():  # (the zone moves and the actions at an enemy are
            # not among these)
            if isinstance(a, ToBoundary):
                out.append(self._line_option(f, a.other))
            elif isinstance(a, EnterBottleneck):
                out.append(self._spot_option(f, a.bottleneck))
            elif isinstance(a, Leave):
                out.append(self._leave_option(f, a.zone))
        return out

    def attacks(self, piece: str) -> list[AttackOption]:
        """Everything the figure whose action it is can do to an enemy now (a blow with
        a battle move into contact, a charge, a close, a rush, a shot), each with the
        exact chance the whole action does what it is for: gets there and hits (a
        rush: and puts it down; a close: gets hand to hand). The other side's reactions
        are theirs to choose and are not counted. Empty for a figure that does not act
        now."""
        f = self.actor()
        if f is None or f.id != piece:
            return []
        return self._get("attacks", lambda: [self.attack_option(a) for a in self.legal_shown()
                                             if isinstance(a, (Attack, Charge, Close, Rush,
                                                               Shoot))])

    def holds(self, place: Place) -> list[str]:
        """The figures still in the fight at ``place``: in a zone itself, or on a
        boundary line (Z-12) or in the bottleneck on it (Z-16)."""
        if not isinstance(place, InZone):
            return []
        if place.boundary is None:
            return [g.id for g in self.state.in_zone(place.zone)]
        ends = {place.zone, place.boundary}
        return [g.id for g in self.state.figures.values()
                if g.active and g.boundary is not None and {g.zone, g.boundary} == ends]

    def scenery(self) -> Sequence[Scenery]:
        """None: a zone board's terrain is all the board's."""
        return ()

    # ================================================================ plain rules
    # questions of a figure alone, asked in a computer player's inner loops: the rules'
    # own functions, with nothing between
    is_prone = staticmethod(rules.is_prone)
    """Z-2, T-3: down (knocked down, or InClose)."""
    able_to_move = staticmethod(rules.able_to_move)
    """Z-11: standing and not held hand to hand."""
    melee_weapon = staticmethod(rules.melee_weapon)
    """Z-2, T-7: what a figure strikes with in a melee (None: a missile weapon in hand)."""
    reach_of = staticmethod(rules.reach)
    """Z-17 CHARGE RESPONSE: how long a weapon is."""
    missile_range = staticmethod(rules.missile_range)
    """Z-17 SHOOT: the zones a missile or thrown weapon reaches."""
    default_into = staticmethod(rules.default_into)
    """Z-12: where a melee between two figures on one line goes (the mover's zone)."""
    can_split = staticmethod(rules.can_split)
    """Z-8: MR 20+ may split its move."""
    withdraw_odds = staticmethod(rules.withdraw_odds)
    """Z-17 WITHDRAW: the exact chance a figure gets away at once."""

    # ================================================================ the turn
    @property
    def phase(self) -> ZonePhase:
        return ZonePhase(self.state.phase)

    def actor(self) -> ZoneFigure | None:
        """The figure whose action it is, in the action phase (T-7)."""
        st = self.state
        return st.acting() if st.phase == ACTION else None

    def legal_actions(self) -> list[Action]:
        """Every legal action now, for the side to act (the finite menu of
        :func:`~game.rules.tft.zones.menu.legal_actions`, made of the parts below)."""
        return self._get("legal", self._legal)

    def _legal(self) -> list[Action]:
        f = self._mover()
        if f is None:
            return menu.legal_actions(self.state, self._plans, self._look)
        return [*self.legal_moves(False), *self.legal_moves(True), *self._legal_charges(f),
                *self.legal_line_ends(), *self._others(f)]

    def _mover(self) -> ZoneFigure | None:
        """The figure whose action it is, while the game goes on (whose menu has parts)."""
        return self.actor() if self.state.ended is None else None

    def legal_shown(self) -> list[Action]:
        """:meth:`legal_actions` but the zone moves (and the zone moves that end on a
        line): what a front end shows at once (Z-9..Z-17, T-7), in the menu's order; the
        zone moves are asked by pace (:meth:`legal_moves`, :meth:`legal_line_ends`)."""
        f = self._mover()
        if f is None:
            return self.legal_actions()
        return self._get("shown", lambda: [*self._legal_charges(f), *self._others(f)])

    def legal_moves(self, run: bool) -> list[ZoneMove]:
        """The legal zone moves (Z-3..Z-8) of the figure whose action it is, walking or
        ``run``ning, as :meth:`legal_actions` has them (none but in its action)."""
        f = self._mover()
        if f is None:
            return []
        st = self.state
        return self._get(("legal moves", run), lambda: [
            a for a in self.zone_moves(f, run) if legal.split_allows(st, a) is None])

    def legal_line_ends(self) -> list[MoveToLine]:
        """Z-12: the legal zone moves that end on a line, as :meth:`legal_actions` has
        them."""
        f = self._mover()
        if f is None:
            return []
        st = self.state
        return self._get("line ends", lambda: [
            a for a in menu.line_ends(st, [*self.zone_moves(f, False),
                                           *self.zone_moves(f, True)])
            if legal.split_allows(st, a) is None])

    def _legal_charges(self, f: ZoneFigure) -> list[Charge]:
        st = self.state
        return self._get("legal charges", lambda: [
            a for a in menu.charges(st, f, self._plans) if legal.split_allows(st, a) is None])

    def _others(self, f: ZoneFigure) -> list[Action]:
        """:func:`~game.rules.tft.zones.menu.others` (its actions at no enemy kept apart:
        :meth:`legal_plain`)."""
        return self._get("others", lambda: [
            *menu.targeted_others(self.state, f, self._look), *self.legal_plain()])

    def legal_plain(self) -> list[Action]:
        """:meth:`legal_shown` but the actions at an enemy (:data:`TARGETED`), in its
        order: what a front end shows of the figure itself (its lines, spots, steps
        apart, waits, weapons), without judging what it might do to each enemy."""
        f = self._mover()
        if f is None:
            return [a for a in self.legal_actions() if not isinstance(a, TARGETED)]
        return self._get("plain", lambda: menu.plain_others(self.state, f, self._look))

    def candidates_at(self, target: str) -> list[Targeted]:
        """The actions at the enemy ``target`` of the figure whose action it is that
        :meth:`legal_shown` judges but its charges (in its order; each legal one is
        there, judged as :meth:`allows` does): a front end that shows one of them asks
        only as far as it takes (none but in its action)."""
        f = self._mover()
        t = self.state.figures.get(target)
        if f is None or t is None or t.side == f.side or not t.active:
            return []
        return self._get(("at", target), lambda: menu.candidates_at(self.state, f, t))

    def legal_charges(self) -> list[Charge]:
        """The legal charges of the figure whose action it is (Z-9), as
        :meth:`legal_shown` has them (none but in its action)."""
        f = self._mover()
        return [] if f is None else self._legal_charges(f)

    def allows(self, action: Action) -> bool:
        """Whether ``action`` is legal now, as :meth:`legal_shown` judges it (once)."""
        return self._get(("allows", action), lambda: legal.why_illegal(
            self.state, action, None, self._look) is None)

    def why_illegal(self, action: Action) -> str | None:
        """None if ``action`` is legal now, else why not, in a player's words."""
        return legal.why_illegal(self.state, action, self._plans, self._look)

    def _look(self, a: StepAndShoot) -> ZoneState | str:
        """Z-4: why ``a``'s step cannot be made, or the state once it is (see
        :data:`~game.rules.tft.zones.legal.Looks`)."""
        return self._get(("step", a.figure, a.other),
                         lambda: legal.why_not_step(self.state, a) or self.after_part(a).state)

    def status(self, f: ZoneFigure) -> str:
        """Z-2: InClose, InContact or Alone."""
        key = ("status", f.id)
        got = self._memo.get(key)
        if got is None:
            got = self._memo[key] = rules.status(self.state, f)
        return got

    def adjusted_dx(self, f: ZoneFigure) -> tuple[int, list[Modifier]]:
        """T-1: DX and the modifiers in force on the figure itself."""
        return combat.adjusted_dx(f)

    def adjusted_dx_total(self, f: ZoneFigure) -> int:
        """T-1: adjusted DX as one number."""
        return combat.adjusted_dx_total(f)

    # ================================================================ moving
    def move_check(self, f: ZoneFigure, path: tuple[str, ...], via: tuple[str, ...],
                   run: bool, through: bool = False, charge: bool = False
                   ) -> tuple[str | None, MovePlan | None]:
        """Z-3..Z-6, Z-10, Z-11, Z-16: why a zone move (or a charge's move) could not be
        tried (None if it can), and its plan when it can be tried."""
        key = ("check", f.id, path, via, run, through, charge)
        got = self._memo.get(key)
        if got is None:
            got = self._memo[key] = legal.zone_move_check(self.state, f, path, via, run,
                                                          through, charge, self._plans)
        return got

    def move_plan(self, a: MoveAction) -> MovePlan:
        """Z-3, Z-5, Z-6, Z-10, Z-11, Z-16: the plan of a zone move or a charge's move:
        its effective MR, whether it needs a roll, the roll's exact odds."""
        f = self.state.figures[a.figure]
        key = (f.id, a.path, a.via, runs(a), a.through)
        plan = self._plans.get(key)
        if plan is None:
            start = legal.start_zone(self.state, f, a.path[0]) or f.zone
            plan = self._plans[key] = rules.zone_move_plan(
                self.state, f, start, a.path, a.via, runs(a), a.through)
        return plan

    def move_path(self, a: MoveAction) -> tuple[InZone, ...]:
        """The places a zone move goes through: where it starts (the line it stands on,
        or its zone), then each zone of its path."""
        f = self.state.figures[a.figure]
        start = legal.start_zone(self.state, f, a.path[0]) or f.zone
        return (f.place if f.on_line else InZone(start), *(InZone(z) for z in a.path))

    def zone_reach(self, f: ZoneFigure, run: bool) -> dict[str, ZoneReach]:
        """Every zone ``f`` can reach with a zone move now, walking or running, and its
        surest way there; for a figure whose action it is not, as if it were (an Alone
        figure still in the fight)."""
        return self._get(("reach", f.id, run), lambda: self._zone_reach(f, run))

    def _zone_reach(self, f: ZoneFigure, run: bool) -> dict[str, ZoneReach]:
        out: dict[str, ZoneReach] = {}
        if self.actor() is f:
            # (a move ending on a line ties with its zone move, listed before it: never
            # the surer, so not asked)
            for a in self.legal_moves(run):  # the surest, the shortest, not through damage
                plan = self.move_plan(a)
                z = a.path[-1]
                best = out.get(z)
                if best is None or (plan.p, -len(a.path), not a.through) > \
                        (best.plan.p, -len(best.move.path), not best.move.through):
                    out[z] = ZoneReach(a, plan)
            return out
        if not f.active or self.status(f) != ALONE:
            return out
        for a in menu.zone_moves(self.state, f, run, self._plans):
            plan = self.move_plan(a)
            z = a.path[-1]
            if z not in out or plan.p > out[z].plan.p:
                out[z] = ZoneReach(a, plan)
        return out

    def best_move(self, f: ZoneFigure, zone: str, run: bool) -> ZoneMove | None:
        """The zone move into ``zone`` most likely to get there (see :meth:`zone_reach`)."""
        got = self.zone_reach(f, run).get(zone)
        return got.move if got is not None else None

    def reach(self, piece: str, run: bool) -> list[MoveOption]:
        """The zones a figure's zone moves reach (walking, or ``run``ning), as
        :meth:`moves` gives them, whether or not it is its action now."""
        f = self.state.figures[piece]
        return self._get(("reach options", piece, run),
                         lambda: self._zone_options(f, (run,)))

    def _zone_options(self, f: ZoneFigure, ways: tuple[bool, ...]) -> list[MoveOption]:
        best: dict[str, ZoneReach] = {}
        for run in ways:
            for z, r in self.zone_reach(f, run).items():
                if z not in best or r.plan.p > best[z].plan.p:
                    best[z] = r
        return [self.move_option(r.move) for r in best.values()]

    def move_option(self, a: ZoneMove) -> MoveOption:
        """A zone move as a :class:`MoveOption`: its MR spent, the roll it needs and the
        exact chance it gets all the way (Z-5: a 6 in the roll stops on the last
        boundary)."""
        plan = self.move_plan(a)
        label = f"{plan.dx + plan.target_mod}- {percent(plan.p)}" if plan.roll else "no roll"
        return MoveOption(InZone(a.path[-1]), float(numbers().mr_per_zone * plan.zones),
                          label, ("running: " if a.run else "") + plan.explain()
                          if plan.roll else "", plan.p - plan.p_line if plan.roll else None,
                          True, "Z-3")

    def boundary_roll(self, f: ZoneFigure, other: str) -> tuple[int, float] | None:
        """Z-12, Z-11, Z-4: the roll a move onto the line of ``f``'s zone and ``other``
        needs (its target and exact chance), or None if it needs none."""
        st = self.state
        mods = rules.battle_move_modifiers(st, f, f.zone,
                                           rules.boundary_cut(st.board, f.zone, other))
        if not mods:
            return None
        return self.adjusted_dx_total(f) + sum(m.value for m in mods), rules.roll_odds(f, mods)

    def patch_roll(self, f: ZoneFigure, patch: str) -> tuple[int, float] | None:
        """Z-10, Z-4: the roll a move onto a patch of terrain in ``f``'s zone needs (its
        target and exact chance), or None if it needs none."""
        mods = rules.battle_move_modifiers(self.state, f, f.zone,
                                           rules.patch_modifier(self.state.board, patch))
        if not mods:
            return None
        return self.adjusted_dx_total(f) + sum(m.value for m in mods), rules.roll_odds(f, mods)

    def _battle_option(self, f: ZoneFigure, place: InZone, zone: str, label: str,
                       rule: str, extra: list[Modifier], risk: str = "") -> MoveOption:
        mods = rules.battle_move_modifiers(self.state, f, zone, extra)
        if not mods:
            return MoveOption(place, 0.0, label, risk, None, True, rule)
        target = self.adjusted_dx_total(f) + sum(m.value for m in mods)
        p = rules.roll_odds(f, mods)
        roll = f"{numbers().check_dice}d6 vs {target}"
        return MoveOption(place, 0.0, f"{label} {target}- {percent(p)}",
                          f"{roll}; {risk}" if risk else roll, p, True, rule)

    def _line_option(self, f: ZoneFigure, other: str) -> MoveOption:
        return self._battle_option(f, InZone(f.zone, other), f.zone, "line", "Z-12",
                                   rules.boundary_cut(self.state.board, f.zone, other))

    def _spot_option(self, f: ZoneFigure, bn_id: str) -> MoveOption:
        bn = self.state.board.bottlenecks[bn_id]
        return self._battle_option(f, InZone(f.zone, bn.other(f.zone)), f.zone,
                                   f"spot ({self.free_spots(bn_id)} free)", "Z-16", [])

    def _leave_option(self, f: ZoneFigure, zone: str) -> MoveOption:
        risky = self.status(f) == CONTACT
        return self._battle_option(f, InZone(zone), zone, "apart", "Z-4", [],
                                   "an opportunity attack (Z-17)" if risky else "")

    def crossings(self, start: str, path: Sequence[str]) -> list[list[str]]:
        """Z-16, Z-11: the ways across each border of ``path`` from ``start``."""
        return rules.crossings(self.state.board, start, path)

    def zone_moves(self, f: ZoneFigure, run: bool) -> list[ZoneMove]:
        """Every zone move ``f`` could try now (as if its action), walking or running."""
        return self._get(("zone moves", f.id, run),
                         lambda: list(menu.zone_moves(self.state, f, run, self._plans)))

    def paths_to(self, start: str, most: int) -> dict[str, tuple[tuple[str, ...], ...]]:
        """Simple paths from ``start`` of at most ``most`` zones by the zone they end
        in, shortest first (and, for a charge, out to a neighbour and back); worked out
        once a match."""
        key = ("paths to", start, most)
        got: dict[str, tuple[tuple[str, ...], ...]] | None = \
            self.state.derived.values.get(key)
        if got is not None:
            return got
        board = self.state.board

        def make() -> dict[str, tuple[tuple[str, ...], ...]]:
            out: dict[str, list[tuple[str, ...]]] = {}
            for p in board.paths(start, most):
                out.setdefault(p[-1], []).append(p)
            if most >= 2:
                out.setdefault(start, []).extend((n, start) for n in board.neighbours(start))
            return {k: tuple(v) for k, v in out.items()}

        return self.state.derived.get(key, make)

    def distances_to(self, zones: frozenset[str]) -> dict[str, int]:
        """Zones between each zone of the board and the nearest of ``zones``; worked out
        once a match for each set."""
        key = ("distances to", zones)
        got: dict[str, int] | None = self.state.derived.values.get(key)
        if got is not None:
            return got
        b = self.state.board

        def make() -> dict[str, int]:
            return {z: min((b.distance(z, e) or 0 for e in zones), default=0) for z in b.zones}

        return self.state.derived.get(key, make)

    def capacities(self) -> dict[str, int]:
        """Z-16: each zone's bottleneck capacity on its borders; once a match."""
        b = self.state.board
        return self.state.derived.get("capacities", lambda: {
            z: sum(bn.capacity for bn in b.bottlenecks.values() if z in bn.zones)
            for z in b.zones})

    def interceptors(self, mover: ZoneFigure, zone: str) -> list[ZoneFigure]:
        """Z-13: the enemies that may intercept ``mover`` leaving or entering ``zone``."""
        key = ("interceptors", mover.id, zone)
        got = self._memo.get(key)
        if got is None:
            got = self._memo[key] = legal.interceptors(self.state, mover, zone)
        return got

    def free_spots(self, bottleneck: str) -> int:
        """Z-16: spots left in a bottleneck."""
        return rules.free_spots(self.state, self.state.board.bottlenecks[bottleneck])

    def enemy_holders(self, f: ZoneFigure, bottleneck: str) -> list[ZoneFigure]:
        """Z-16: the enemies of ``f`` holding spots in a bottleneck."""
        return rules.enemy_holders(self.state, f, bottleneck)

    def current_mr(self, f: ZoneFigure, run: bool | None = None) -> int:
        """Z-3, Z-6, Z-7, Z-8: MR with running (its own, or ``run``) and stun (one pool
        of a split action)."""
        return rules.current_mr(self.state, f, run)

    def zone_mr(self, f: ZoneFigure, run: bool | None = None
                ) -> tuple[int, list[Modifier], int]:
        """Z-3, Z-6, Z-7, Z-10: its MR now (running, stun and the terrain of its zone,
        which hinders every move out of it), what changed it, and the zones it reaches
        (more than 10 a zone before the last); ``run``: whether its next move runs (None:
        as it ran last)."""
        mods = rules.mr_modifiers(self.state, f, f.running if run is None else run) + \
            rules.terrain_modifiers(self.state.board, [f.zone])
        mr = f.mr + sum(m.value for m in mods)
        return mr, mods, max(0, (mr - 1) // numbers().mr_per_zone + 1)

    def split_pool(self, f: ZoneFigure) -> int:
        """Z-8: the MR of one pool of a split move."""
        return f.mr // numbers().split_pools

    def split_left(self) -> tuple[int, int]:
        """Z-8: moves and attacks left in the split action under way."""
        n, used = numbers(), self.state.split
        return n.split_pools - used.get("moves", 0), n.split_attacks - used.get("attacks", 0)

    def after_split(self) -> ZoneQueries:
        """The questions as they stand once the figure whose action it is has split its
        move (Z-8: each move with one pool): for weighing a split before making it."""
        def make() -> ZoneQueries:
            look = self.state.clone()
            look.split = {"moves": 0, "attacks": 0, "ran": 0}
            return ZoneQueries(look)

        return self._get("after split", make)

    # ================================================================ striking
    def group_of(self, f: ZoneFigure) -> list[ZoneFigure]:
        """Z-2: the active members of ``f``'s melee group, ``f`` included (just ``f`` if
        it has none), once a state (the list is not to be changed)."""
        if not f.group:
            return [f]
        key = ("group", f.group)
        got: list[ZoneFigure] | None = self._memo.get(key)
        if got is None:
            got = self._memo[key] = self.state.group_of(f)
        return got

    def why_not_strike(self, a: ZoneFigure, t: ZoneFigure) -> str | None:
        """Z-2, Z-16: why ``a`` cannot strike ``t`` in their melee (None if it can)."""
        return rules.why_not_strike(self.state, a, t)  # (quicker than a memo's key)

    def obstacle_for(self, a: ZoneFigure, t: ZoneFigure) -> tuple[Obstacle, int] | None:
        """Z-11: the obstacle ``t`` keeps between itself and ``a`` coming at it, and its
        size as it counts."""
        return rules.obstacle_for(self.state, a, t)

    def contact_odds(self, f: ZoneFigure, t: ZoneFigure, through: bool = False) -> float:
        """Z-4, Z-11: the exact chance a battle move into contact with ``t`` gets there
        (1 in one melee already)."""
        key = ("contact", f.id, t.id, through)
        got = self._memo.get(key)
        if got is None:
            got = self._memo[key] = rules.contact_odds(self.state, f, t, through)
        return got

    def charge_end_odds(self, f: ZoneFigure, t: ZoneFigure, through: bool = False) -> float:
        """Z-9, Z-11: the exact chance the end of a charge reaches ``t``: through the
        damage of an obstacle run ``through``, else the roll round the obstacle ``t``
        keeps between them (1 where there is none)."""
        return rules.contact_odds(self.state, f, t, through, battle=False)

    def blow_odds(self, a: ZoneFigure, t: ZoneFigure, multiplier: int = 1) -> AttackOdds:
        """T-2..T-4, Z-2, Z-16: the exact odds of a melee blow of ``a`` at ``t`` (a
        charge's damage ``multiplier``, Z-9)."""
        return rules.blow_odds(self.state, a, t, multiplier)  # (kept by the rules)

    def charge_multiplier(self, answered: bool = False) -> int:
        """Z-9: the damage multiple of a charge's blow (``answered``: of a blow that
        answers a charge)."""
        return rules.charge_multiplier(answered)

    def charge_odds(self, a: ZoneFigure, t: ZoneFigure) -> AttackOdds:
        """Z-9: the odds of a charge's blow (its damage multiplied)."""
        return self.blow_odds(a, t, rules.charge_multiplier())

    def shot(self, a: ZoneFigure, t: ZoneFigure) -> tuple[int, list[Modifier]] | None:
        """Z-17 SHOOT, Z-1, Z-16: zones between and the shot's modifiers on the best
        line, or None if there is none."""
        return rules.shot(self.state, a, t)

    def shot_line(self, a: ZoneFigure, t: ZoneFigure) -> tuple[int, int] | None:
        """Zones between and visibility of the best line from ``a`` to ``t``."""
        return rules.shot_line(self.state, a, t)

    def shot_odds(self, a: ZoneFigure, t: ZoneFigure) -> AttackOdds:
        """Z-17 SHOOT, Z-7: the exact odds of a shot (one die more at a runner)."""
        key = ("shot", a.id, t.id)
        got = self._memo.get(key)
        if got is None:
            got = self._memo[key] = rules.shot_odds(self.state, a, t)
        return got

    def rush_balance(self, a: ZoneFigure, t: ZoneFigure) -> BalanceCheck:
        """Z-17 RUSH, Z-7: the roll ``t`` makes to keep its feet when ``a``'s rush hits
        (as it stands once the rush brought them together: a target dragged off a line
        runs no more, Z-12)."""
        dragged = t.on_line and not (a.group and a.group == t.group)
        return rules.rush_balance(a, t, running=t.running and not dragged)

    def rush_odds(self, a: ZoneFigure, t: ZoneFigure) -> float:
        """Z-17 RUSH: the exact chance a rush hits and puts ``t`` down (or out of its
        bottleneck), once in contact."""
        return self.blow_odds(a, t).p_hit * (1 - self.rush_balance(a, t).p_keep)

    def contest_odds(self, reactor: ZoneFigure, mover: ZoneFigure, with_mr: bool,
                     mover_runs: bool | None = None) -> float:
        """Z-13..Z-15: the exact chance ``reactor`` wins a DX contest with ``mover``
        (``with_mr``: half the MR difference to the faster, Z-13)."""
        key = ("contest", reactor.id, mover.id, with_mr, mover_runs)
        got = self._memo.get(key)
        if got is None:
            got = self._memo[key] = rules.contest_odds(self.state, reactor, mover, with_mr,
                                                       mover_runs)
        return got

    def reaction_odds(self, r: React) -> ReactionOdds | None:
        """The exact chance of a reaction the window offers: the contest of an
        intercept (with the mover running as its action does), an evade or a
        protection; the blow of the others (None without a melee weapon)."""
        st = self.state
        w = st.window
        assert w is not None
        f, m = st.figures[r.figure], st.figures[w.mover]
        how = How(r.how)
        if how.contest:
            p = self.contest_odds(f, m, how == How.INTERCEPT,
                                  rules.moving_runs(st) if how == How.INTERCEPT else None)
            return ReactionOdds(p, True)
        if self.melee_weapon(f) is None:
            return None
        mult = rules.charge_multiplier(answered=True) if how == How.RESPOND else 1
        o = rules.attack_odds(st, f, m, rules.prone_modifier(f, m), multiplier=mult)
        return ReactionOdds(o.p_hit, False)

    def attack_option(self, a: Targeted) -> AttackOption:
        """An action at an enemy with the exact chance it does what it is for (see
        :meth:`attacks`) and a short label ("charge 40%")."""
        st = self.state
        f, t = st.figures[a.figure], st.figures[a.target]
        chance, word, rule = self._chance(a, f, t)
        return AttackOption(t.id, a, chance, f"{word} {percent(chance)}".strip(), rule)

    def _chance(self, a: Targeted, f: ZoneFigure, t: ZoneFigure) -> tuple[float, str, str]:
        if isinstance(a, (StepAndShoot, SpotAndStrike)):
            p = 1.0
            for _what, q in self.action_parts(a):
                p *= q
            return p, "shot" if isinstance(a, Shoot) else "", "Z-4"
        if isinstance(a, Shoot):
            return self.shot_odds(f, t).p_hit, "shot", "Z-17"
        if isinstance(a, Charge):
            plan = self.move_plan(a)
            there = plan.p - plan.p_line if plan.roll else 1.0
            contact = self.charge_end_odds(f, t, a.through)
            return there * contact * self.charge_odds(f, t).p_hit, "charge", "Z-9"
        if isinstance(a, Attack):
            return self.contact_odds(f, t, a.through) * self.blow_odds(f, t).p_hit, "", "T-2"
        if isinstance(a, Close):
            return self.contact_odds(f, t), "close", "Z-17"
        return self.contact_odds(f, t) * self.rush_odds(f, t), "rush", "Z-17"

    def after_part(self, a: StepAndShoot | SpotAndStrike) -> ZoneQueries:
        """Z-4: the questions as they stand once the move that is the first part of
        ``a`` is made (the figure on the line, or in the bottleneck spot); a step onto a
        line is the same whatever the target."""
        key = ("after step", a.figure, a.other) if isinstance(a, StepAndShoot) else \
            ("after part", a)
        return self._get(key, lambda: ZoneQueries(legal.after_part_move(self.state, a)))

    def action_parts(self, a: Targeted) -> list[tuple[str, float]]:
        """The parts of an action at an enemy in order, each with its exact chance (the
        chance of the whole action, :meth:`attack_option`'s, is their product): the
        zone move of a charge (Z-3..Z-5), the trivial or battle move of an action (Z-4,
        Z-11, Z-16), the blow, shot, rush or close."""
        st = self.state
        f, t = st.figures[a.figure], st.figures[a.target]
        if isinstance(a, (StepAndShoot, SpotAndStrike)):
            step = self._line_option(f, a.other) if isinstance(a, StepAndShoot) else \
                self._spot_option(f, a.bottleneck)
            after = self.after_part(a)
            g, h = after.state.figures[f.id], after.state.figures[t.id]
            first = ("step onto the line", "take the spot")[isinstance(a, SpotAndStrike)]
            rest = ("shot from the line", after.shot_odds(g, h).p_hit) \
                if isinstance(a, Shoot) else ("blow from the spot", after.blow_odds(g, h).p_hit)
            return [(first, 1.0 if step.odds is None else step.odds), rest]
        if isinstance(a, Shoot):
            return [("shot", self.shot_odds(f, t).p_hit)]
        if isinstance(a, Charge):
            plan = self.move_plan(a)
            out = [("zone move there", plan.p - plan.p_line if plan.roll else 1.0)]
            contact = rules.contact_odds(st, f, t, a.through, battle=False)
            if contact < 1:
                out.append(("round the obstacle", contact))
            return out + [(f"blow x{rules.charge_multiplier()}", self.charge_odds(f, t).p_hit)]
        contact = self.contact_odds(f, t, a.through if isinstance(a, Attack) else False)
        out = [] if rules.in_contact(f, t) else [("move into contact", contact)]
        if isinstance(a, Attack):
            return out + [("blow", self.blow_odds(f, t).p_hit)]
        if isinstance(a, Close):
            return out or [("hand to hand", 1.0)]
        return out + [("rush hits", self.blow_odds(f, t).p_hit),
                      ("it falls", 1 - self.rush_balance(f, t).p_keep)]


__all__ = [
    "ALONE", "CLOSE", "CONTACT", "AttackOdds", "AttackOption", "BalanceCheck", "Doing",
    "MoveOption", "MovePlan", "ReactionOdds", "Window", "ZoneFigure", "ZoneNumbers",
    "ZoneQueries", "ZoneReach", "ZoneState", "load_data", "numbers", "percent",
]
