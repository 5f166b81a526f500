"""What a front end or a computer player may ask Tabletop Hero about one state: the one
place they ask the rules (besides the actions, the phases and the event kinds).

:class:`HeroQueries` answers the board-neutral questions of
:class:`game.core.queries.Queries` (who may act, where a mini can go and at what cost,
what it can attack and the exact odds, what a point holds) and the family's own: a move's
plan (K-4, G-1, G-5, G-7), what one mini sees of another (K-8, G-3, G-4), the odds of an
attack (K-5, K-6) or a throw (K-7), why an action cannot be taken, deployment (K-3, G-2)
and the terrain (G-1, G-2). It never changes the state. It remembers what it worked out:
:func:`queries_for` hands out one object per state and version, so a front end, the
judgement of an action and the action itself share one move plan.

The value and state types a caller needs to read the answers are re-exported here.
"""

from __future__ import annotations

import math
import weakref
from collections.abc import Callable, Hashable, Sequence
from dataclasses import replace
from typing import TYPE_CHECKING, Any, TypeVar

from game.boards.table import Table
from game.core.board import Scenery
from game.core.places import HUNDREDTHS, Place, Point
from game.core.queries import AttackOption, MoveOption, Queries
from game.rules.hero import explosives, legality
from game.rules.hero.actions import Attack
from game.rules.hero.combat import AttackOdds, attack_odds, open_attack_odds
from game.rules.hero.data import HeroData, MiniSpec, Weapon, load_data
from game.rules.hero.deployment import (
    EDGES,
    deploy_check,
    deploy_edges,
    deploy_points,
    edge_band,
    edge_distance,
    next_to_deploy,
    range_waived,
    weapon_reach,
)
from game.rules.hero.explosives import ThrowOdds
from game.rules.hero.moves import MovePlan, allowance, budget, plan_move
from game.rules.hero.phases import HeroPhase
from game.rules.hero.sight import LEVEL_WORDS, Sight, distance, sight
from game.rules.hero.state import HeroState, Mini
from game.rules.hero.terrain import Feature, Terrain

__all__ = [
    "EDGES", "LEVEL_WORDS", "AttackOdds", "Feature", "HeroData", "HeroQueries", "HeroState",
    "Mini", "MiniSpec", "MovePlan", "Sight", "Terrain", "ThrowOdds", "Weapon", "load_data",
    "queries_for", "units",
]

T = TypeVar("T")


def units(h: int) -> str:
    """Hundredths of a unit as players read them: "5.25", "8"."""
    return f"{h / HUNDREDTHS:.2f}".rstrip("0").rstrip(".")


def queries_for(state: HeroState) -> HeroQueries:
    """The queries object of ``state`` as it is now (one per state and version while it
    is held: a change to the state makes a new one, with nothing remembered).

    The state's memo keeps what the object worked out (its plans, spots and attacks) and
    only a weak reference to the object itself, which holds the state: the state and its
    queries make no reference cycle, so a state no longer used is freed at once rather
    than left to the cycle collector (whose full passes would then grow and come more
    often). An object made again for the same version shares the same answers."""
    key = state.key()
    memo = state.memo_now()
    kept = memo.get("queries")
    if not isinstance(kept, _Kept) or kept.version != key:
        kept = memo["queries"] = _Kept(key)
    q = kept.ref() if kept.ref is not None else None
    if q is None:
        q = HeroQueries(state, key, kept)
        kept.ref = weakref.ref(q)
    return q


class _Kept:
    """What the queries of one state version worked out, kept in the state's memo."""

    __slots__ = ("attacks", "plans", "ref", "spots", "version")

    def __init__(self, version: Hashable) -> None:
        self.version = version
        self.plans: dict[tuple[str, int, int, bool], MovePlan] = {}
        self.spots: dict[tuple[str, bool | None], list[Point]] = {}
        self.attacks: dict[str, list[AttackOption]] = {}
        self.ref: weakref.ref[HeroQueries] | None = None


class HeroQueries:
    """The read-only questions about one Tabletop Hero state (see the module text)."""

    def __init__(self, state: HeroState, version: Hashable = None,
                 kept: _Kept | None = None) -> None:
        self.state = state
        self.version = version
        """What the state was when this object was made (:meth:`HeroState.key`)."""
        kept = kept if kept is not None else _Kept(version)
        self._plans = kept.plans
        self._spots = kept.spots
        self._attacks = kept.attacks

    def _mini(self, fid: str) -> Mini:
        return self.state.minis[fid]

    # ============================================================ the Queries protocol
    def acting(self) -> list[str]:
        """The minis the side to act may act with now: the one to deploy, or in battle
        each mini of the side that may still move or act (K-4, K-9)."""
        st = self.state
        if st.ended is not None:
            return []
        if st.phase == HeroPhase.DEPLOY:
            m = next_to_deploy(st)
            return [m.id] if m is not None else []
        if st.phase != HeroPhase.PLAY:
            return []
        return [m.id for m in st.placed() if legality.can_act(st, m)
                and (budget(m) > 0 or legality.why_no_action(m) is None)]

    def moves(self, piece: str) -> list[MoveOption]:
        """K-4: the legal menu's candidate moves of ``piece`` (a lattice of points), each
        with its cost in units and what could happen on the way."""
        st = self.state
        m = self._mini(piece)
        if not legality.can_act(st, m):
            return []
        out = []
        for p in legality.move_points(st, m):
            plan = self.plan_move(piece, p)
            risk = "; ".join([f"falls {f.drop}" for f in plan.falls]
                             + (["hazardous terrain"] if plan.hazards else []))
            out.append(MoveOption(p, plan.cost / HUNDREDTHS, units(plan.cost), risk,
                                  None, plan.cut, plan.rules[-1] if plan.rules else "K-4"))
        return out

    def attacks(self, piece: str) -> list[AttackOption]:
        """K-5..K-8, K-11: the attacks and throws ``piece`` may make now, each with its
        exact chance to hit (empty if it cannot act now); worked out once for this state."""
        got = self._attacks.get(piece)
        if got is None:
            got = self._attacks[piece] = self._find_attacks(piece)
        return list(got)

    def _find_attacks(self, piece: str) -> list[AttackOption]:
        st = self.state
        m = self._mini(piece)
        if not legality.can_act(st, m) or legality.why_no_action(m) is not None:
            return []
        out = []
        for a in legality.acts_of(st, m):
            if isinstance(a, Attack):
                p = self.attack_odds(piece, a.target, a.weapon).p_hit
                out.append(AttackOption(a.target, a, p, f"hit {p:.0%}", "K-5"))
            else:
                p = self.throw_odds(piece, a.target).p_hit
                out.append(AttackOption(a.target, a, p, f"throw {p:.0%}", "K-7"))
        return out

    def heals(self, piece: str) -> list[str]:
        """K-11: the team mates (itself included) ``piece`` may use a medkit on now."""
        st = self.state
        m = self._mini(piece)
        if not legality.can_act(st, m) or legality.why_no_action(m) is not None:
            return []
        return legality.heal_targets(st, m)

    def holds(self, place: Place) -> list[str]:
        """The minis on the table whose base covers ``place`` (a point)."""
        if not isinstance(place, Point):
            return []
        x, y = place.units
        return [m.id for m in self.state.placed() if math.dist(m.xy, (x, y)) <= m.r]

    def scenery(self) -> Sequence[Scenery]:
        """None: all of a table's terrain is the board's."""
        return ()

    # ============================================================ moving (K-4)
    def plan_move(self, fid: str, to: Point, fall: bool = False) -> MovePlan:
        """K-4, G-1, G-5, G-7: what moving ``fid`` straight to ``to`` would do now
        (worked out once per mini and point for this state); ``fall``: falling down
        climbable edges rather than climbing down (G-1, a Drop)."""
        key = (fid, to.x, to.y, fall)  # ints hash quicker than a Point
        plan = self._plans.get(key)
        if plan is None:
            plan = self._plans[key] = plan_move(self.state, self._mini(fid), to, fall)
        return plan

    def plan_leg(self, fid: str, at: Point, z: int, spent: int, to: Point) -> MovePlan:
        """K-4: what a second straight move of ``fid`` to ``to`` would do if it stood at
        ``at`` (height ``z``) having spent ``spent`` hundredths more (a bent move's second
        leg); nothing is changed."""
        m = self._mini(fid)
        ghost = replace(m, at=at, z=z, moved=m.moved + spent)
        return plan_move(self.state, ghost, to)

    def planner(self, fall: bool = False) -> Callable[[Mini, Point], MovePlan]:
        """:meth:`plan_move` as the legality tests take it (by mini)."""
        return lambda m, p: self.plan_move(m.id, p, fall)

    def budget(self, fid: str) -> int:
        """K-4: hundredths of a unit ``fid`` may still move this turn."""
        return budget(self._mini(fid))

    def allowance(self, fid: str) -> int:
        """K-4: ``fid``'s move in hundredths (before doubling for taking no action)."""
        return allowance(self._mini(fid))

    def single_move_left(self, fid: str) -> int:
        """K-4: hundredths ``fid`` may still move and keep its action (0 if none)."""
        m = self._mini(fid)
        return max(0, allowance(m) - m.moved)

    def has_work(self, fid: str) -> bool:
        """Whether ``fid`` still has movement or its action this turn (K-4, K-5)."""
        m = self._mini(fid)
        if self.state.phase != HeroPhase.PLAY or not m.on_table or not m.conscious:
            return False
        return budget(m) > 0 or not m.acted

    def gave_up_action(self, fid: str) -> bool:
        """K-4: ``fid`` moved beyond its move this turn, so it takes no action."""
        m = self._mini(fid)
        return m.moved > allowance(m) and not m.acted

    # ============================================================ seeing and attacking
    def sight(self, viewer: str, target: str) -> Sight:
        """K-8, G-3, G-4: what ``viewer`` sees of ``target``."""
        return sight(self.state, self._mini(viewer), self._mini(target))

    def distance(self, a: str, b: str) -> float:
        """Top-down distance base to base (G-4), in units."""
        return distance(self._mini(a), self._mini(b))

    def attack_odds(self, fid: str, target: str, weapon: str) -> AttackOdds:
        """K-5, K-6, K-8, G-3: the exact odds of ``fid`` attacking ``target`` with
        ``weapon`` (hit, critical, damage by its chance)."""
        return attack_odds(self.state, self._mini(fid), self._mini(target),
                           load_data().weapons[weapon])

    def open_attack_odds(self, fid: str, target: str, weapon: str) -> AttackOdds:
        """K-5, K-6: the odds of ``fid`` attacking ``target`` with ``weapon`` were the
        target in the open, with no sight worked out: at least as good as
        :meth:`attack_odds` (K-8 and G-3 only make an attack worse)."""
        return open_attack_odds(self._mini(fid), self._mini(target), load_data().weapons[weapon])

    def throw_odds(self, fid: str, target: str) -> ThrowOdds:
        """K-7: the exact odds of ``fid`` throwing an explosive at ``target``."""
        return explosives.throw_odds(self.state, self._mini(fid), self._mini(target))

    def blast_dealt(self, fid: str, target: str, caught: str) -> dict[int, float]:
        """K-7 (K-5, K-6, K-9, G-7): the chance of each amount of damage ``caught``
        takes from ``fid``'s throw at ``target``, when it lands on ``target``."""
        return explosives.blast_dealt(self.state, self._mini(fid), self._mini(target),
                                      self._mini(caught))

    def blast_reach(self, point: tuple[float, float], z: int) -> list[Mini]:
        """K-7: the minis a blast at ``point`` (height ``z``) would reach, either side."""
        return explosives.blast_reach(self.state, point, z)

    def no_attacks(self) -> str | None:
        """K-3: why no attack is allowed this turn (the first), or None."""
        return legality.no_attacks(self.state)

    def why_no_action(self, fid: str) -> str | None:
        """K-4, K-5: why ``fid`` can take no action this turn, or None."""
        return legality.why_no_action(self._mini(fid))

    def why_not_attack(self, fid: str, target: str, weapon: str) -> str | None:
        """K-3, K-5, K-8, K-11: why ``fid`` could not attack ``target`` with ``weapon``
        now (its action and its side's turn aside), or None."""
        return legality.why_not_attack(self.state, self._mini(fid), self._mini(target),
                                       weapon)

    def why_not_throw(self, fid: str, target: str) -> str | None:
        """K-7: why ``fid`` could not throw at ``target`` (range, an obstacle too high to
        throw over), or None."""
        return explosives.why_not_throw(self.state, self._mini(fid), self._mini(target))

    def why_not_heal(self, fid: str, target: str) -> str | None:
        """K-11: why ``fid`` could not use a medkit on ``target`` (its action aside)."""
        return legality.why_not_heal(self._mini(fid), self._mini(target))

    # ============================================================ armies and deployment
    def army_size(self) -> int:
        """K-2: how many minis an army has in this scenario."""
        return legality.army_size(self.state)

    def ready_army(self, side: str) -> tuple[MiniSpec, ...]:
        """K-2: the scenario's ready army of ``side``."""
        army: tuple[MiniSpec, ...] = self.state.options["_ready"][side]
        return army

    def why_not_army(self, minis: tuple[Any, ...]) -> str | None:
        """K-2: why an army sheet's minis cannot be fielded, or None."""
        return legality.why_not_army(self.state, minis)

    def next_to_deploy(self) -> Mini | None:
        """K-3: the mini the deploying side places next (None outside deployment)."""
        return next_to_deploy(self.state)

    def deploy_check(self, fid: str, at: Point, waive_range: bool | None = None) -> str | None:
        """K-3, G-2: why ``fid`` may not be deployed at ``at``, or None (the enemy range
        test waived as :meth:`range_waived` says, unless told)."""
        m = self._mini(fid)
        if waive_range is None:
            waive_range = range_waived(self.state, m)
        return deploy_check(self.state, m, at, waive_range)

    def deploy_points(self, fid: str, waive: bool | None = None) -> list[Point]:
        """K-3: the candidate deployment points of ``fid`` (the legal menu's lattice),
        worked out once for this state."""
        key = (fid, waive)
        pts = self._spots.get(key)
        if pts is None:
            pts = self._spots[key] = deploy_points(self.state, self._mini(fid), waive)
        return list(pts)

    def range_waived(self, fid: str) -> bool:
        """K-3: whether the battlefield is too small to deploy ``fid`` out of every
        enemy's range (that condition is then waived)."""
        return range_waived(self.state, self._mini(fid))

    def deploy_edges(self, side: str) -> tuple[str, ...]:
        """K-3: the edges ``side`` may deploy at now (its first mini's, else any)."""
        return deploy_edges(self.state, side)

    def deploy_band(self, edge: str) -> tuple[float, float, float, float]:
        """K-3: the band along ``edge`` a mini deploys within, as a box in units."""
        return edge_band(self.state.board, edge)

    def edge_distance(self, edge: str, x: Any, y: Any, r: float) -> Any:
        """K-3: how far a base of radius ``r`` at ``(x, y)`` is from ``edge`` (numpy
        arrays of points give an array)."""
        return edge_distance(self.state.board, edge, x, y, r)

    def deploy_depth(self) -> float:
        """K-3: how near its edge a mini deploys (units, base edge to table edge)."""
        return load_data().deploy_edge

    def teammate_reach(self) -> float:
        """K-3: how near a team mate (base to base) a mini deploys, in units."""
        return load_data().deploy_teammate

    def weapon_reach(self, fid: str) -> int:
        """K-11: the longest range of ``fid``'s weapons, in units (K-3: nobody deploys
        within it)."""
        return weapon_reach(self._mini(fid))

    # ============================================================ the terrain
    def terrain(self) -> Terrain:
        """G-1, G-2: the table's terrain as the rules read it (each piece's effective
        height and traits)."""
        return self.state.terrain

    def piece_height(self, piece: int) -> int:
        """G-2: the height of terrain piece ``piece`` (by index): the map's own ``ht``,
        else its kind's."""
        return self.state.terrain[piece].ht

    def stands_on(self, fid: str) -> Feature | None:
        """The vantage point ``fid`` stands on (None on the ground or off the table)."""
        m = self._mini(fid)
        return self.state.terrain.stands_on(*m.xy, m.z) if m.at is not None else None

    def per_match(self, key: Hashable, make: Callable[[], T]) -> T:
        """A value a caller derives once a match from the board (a computer player's
        grid of spots), kept with the match's derived data under ``key``."""
        return self.state.derived.get(("caller", key), make)


def piece_heights(table: Table) -> tuple[int, ...]:
    """G-2: every piece's height, by index, for a table drawn outside a match (the map's
    own ``ht``, else its kind's; 0 for a kind these rules do not know)."""
    from game.rules.hero.terrain import terrain_of

    return tuple(f.ht for f in terrain_of(table).features)


if TYPE_CHECKING:
    def _answers_the_protocol(q: HeroQueries) -> Queries:
        return q  # mypy checks that HeroQueries is a game.core.queries.Queries
