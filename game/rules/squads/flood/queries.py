"""What a front end or a computer player may ask the flood ruleset about one state: the
one place they ask the rules (besides the actions, the phases and the event kinds).

:class:`FloodQueries` answers the board-neutral questions of
:class:`game.core.queries.Queries` (who may act, where a model can go and at what cost,
what its unit can shoot or charge with the exact odds, what a point holds, the flooded
parts as scenery) and the family's own: a move's check and path (S-7, F-7), a model's
whole reach, the odds of a unit's shooting and of a charge (S-2..S-6), stragglers,
scattered units and rejoin moves (F-8, F-9), the flood's chance (F-2), its washes and
flooded parts (F-4..F-7), the nest and the charges planted. It never changes the state.
The value and state types a caller needs are re-exported here.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Hashable, Sequence
from dataclasses import dataclass
from fractions import Fraction
from typing import TYPE_CHECKING, Any, TypeVar

import numpy as np

from game.boards.corridors import Corridors, Feature
from game.core.board import Scenery
from game.core.places import Place, Point
from game.core.queries import AttackOption, MoveOption, Queries
from game.core.ruleset import Action
from game.rules.squads.coherency import in_touch
from game.rules.squads.flood import legality, moving, water
from game.rules.squads.flood.actions import Charge, Shoot
from game.rules.squads.flood.assault import ChargeOdds, charge_odds
from game.rules.squads.flood.moving import MoveCheck, nav_for
from game.rules.squads.flood.nav import XY, Nav
from game.rules.squads.flood.numbers import TurnData, turn_data
from game.rules.squads.flood.phases import FloodPhase
from game.rules.squads.flood.shooting import ShotOdds, sees, shot_odds
from game.rules.squads.flood.state import Engagement, FloodState
from game.rules.squads.flood.steps import in_contact_with_nest, may_plant
from game.rules.squads.flood.straggle import (
    RejoinPlan,
    is_straggler,
    plan_rejoin,
    stragglers_now,
)
from game.rules.squads.units import Model, Unit

__all__ = [
    "ChargeOdds", "Corridors", "Engagement", "Feature", "FloodQueries", "FloodState",
    "Model", "MoveCheck", "Nav", "Reach", "RejoinPlan", "ShotOdds", "TurnData", "Unit",
    "queries_for", "turn_data",
]

T = TypeVar("T")
REACH_STEP = 1.0
"""Inches between the points :meth:`FloodQueries.moves` offers on a model's reach."""


def queries_for(state: FloodState) -> FloodQueries:
    """The queries object of ``state`` as it is now (one per state and version)."""
    key = state.version
    q = state.memo.get("queries")
    if not isinstance(q, FloodQueries) or q.version != key:
        q = state.memo["queries"] = FloodQueries(state, key)
    return q


@dataclass(frozen=True)
class Reach:
    """Where a model can go now: grid points with the path's length to each."""

    points: tuple[XY, ...]
    clear: tuple[float, ...]
    """Per point, the length of the shortest path avoiding difficult terrain (inf: none
    within the budget)."""
    difficult: tuple[float, ...]
    """Per point, the length of the shortest path through difficult terrain allowed."""
    budget: float
    roll: int | None

_NOTHING: Any = object()
"""What a memo holds for no answer yet (no answer is ever this)."""


class FloodQueries:
    """The read-only questions about one flood state (see the module text)."""

    def __init__(self, state: FloodState, version: Hashable = None) -> None:
        self.state = state
        self.version = version
        self._memo: dict[Hashable, Any] = {}

    def _once(self, key: Hashable, make: Callable[[], T]) -> T:
        got: T = self._memo.get(key, _NOTHING)  # (a miss raises no KeyError to catch)
        if got is _NOTHING:
            got = self._memo[key] = make()
        return got

    # ============================================================ the Queries protocol
    def acting(self) -> list[str]:
        """The models of the side to act whose unit may still do something this phase."""
        st = self.state
        if st.ended is None and st.active is not None:
            return self._once("acting", self._acting)
        return []

    def _acting(self) -> list[str]:
        st = self.state
        out: list[str] = []
        for u in st.side_units(st.active):
            if u.id in st.done:
                continue
            if st.phase == FloodPhase.MOVEMENT or u.id in st.run:
                out += [m.id for m in legality.movable(st, u)]
            elif st.phase == FloodPhase.SHOOTING:
                if legality.why_not_run(st, u.id) is None:
                    out += [m.id for m in u.survivors]
            elif self.charge_targets(u.id):
                out += [m.id for m in u.survivors]
        return out

    def moves(self, piece: str) -> list[MoveOption]:
        """S-7, F-7: the points ``piece`` may move to now, each judged legal: the legal
        menu's straight lines and its reach every inch, with the path's length."""
        return self._once(("moves", piece), lambda: self._moves(piece))

    def _moves(self, piece: str) -> list[MoveOption]:
        st = self.state
        if not st.has_model(piece):
            return []
        m, u = st.model(piece), st.unit_of(piece)
        if piece not in self.acting():
            return []
        pts = legality.move_points(st, u, m)
        reach = self.reach(piece)
        if reach is not None:
            seen = set(pts)
            for k, (x, y) in enumerate(reach.points):
                if min(reach.clear[k], reach.difficult[k]) <= reach.budget + 1e-6:
                    p = Point.of(x, y)
                    if p not in seen and _on_lattice(x, y):
                        seen.add(p)
                        pts.append(p)
        out = []
        judge = legality.move_judge(st, u.id, piece)
        for p in pts:
            if judge(p) is not None:
                continue
            check = self.move_check(piece, p)
            rule = "F-7" if check.difficult else "S-7"
            out.append(MoveOption(p, check.cost, f"{check.cost:.1f}",
                                  "difficult terrain" if check.difficult else "", None,
                                  False, rule))
        return out

    def attacks(self, piece: str) -> list[AttackOption]:
        """S-2..S-5: the shots or charges ``piece``'s unit may make now, each with the
        exact chance of at least one casualty (a charge: times the chance it reaches)."""
        return self._once(("attacks", piece), lambda: self._attacks(piece))

    def _attacks(self, piece: str) -> list[AttackOption]:
        st = self.state
        if not st.has_model(piece) or piece not in self.acting():
            return []
        u = st.unit_of(piece)
        out = []
        if st.phase == FloodPhase.SHOOTING:
            for t in self.shoot_targets(u.id):
                odds = self.shot_odds(u.id, t)
                out.append(AttackOption(t, Shoot(u.id, t), float(odds.any),
                                        f"{float(odds.expected):.1f} casualties", "S-2"))
        elif st.phase == FloodPhase.ASSAULT:
            for t in self.charge_targets(u.id):
                c = self.charge_odds(u.id, t)
                if c is None:
                    continue
                p = c.p_reach * (1 - c.inflicted.get(0, Fraction(0)))
                out.append(AttackOption(t, Charge(u.id, t), float(p),
                                        f"charge {float(c.p_reach):.0%}", "S-3"))
        targets = {o.target: o for o in out}
        return [AttackOption(m.id, o.action, o.chance, o.label, o.rule)
                for tid, o in targets.items() for m in st.units[tid].survivors]

    def holds(self, place: Place) -> list[str]:
        """The standing models whose base covers ``place`` (a point)."""
        if not isinstance(place, Point):
            return []
        x, y = place.units
        return [m.id for m in self.state.alive()
                if math.hypot(m.x - x, m.y - y) <= m.radius + 1e-6]

    def scenery(self) -> Sequence[Scenery]:
        """F-7: the flooded parts, as water (kind "water"), for a front end to draw."""
        return self._once("scenery", self._scenery)

    def _scenery(self) -> list[Scenery]:
        import shapely

        st = self.state
        if not st.flooded:
            return []
        shape = nav_for(st, 0.5).flooded(st.flooded)[0]
        out = []
        for k, poly in enumerate(shapely.get_parts(shape)):
            if poly.geom_type != "Polygon" or poly.is_empty:
                continue
            ring = tuple((float(x), float(y)) for x, y in poly.exterior.coords[:-1])
            out.append(Scenery(f"water-{k}", "water", ring, 0.0, "flooded (F-7)"))
        return out

    # ============================================================ units and models
    def unit(self, uid: str) -> Unit:
        return self.state.units[uid]

    def units(self, side: str | None = None) -> list[Unit]:
        """The units still on the table (of ``side``, if given)."""
        return [u for u in self.state.units.values()
                if not u.destroyed and (side is None or u.side == side)]

    def model(self, mid: str) -> Model:
        return self.state.model(mid)

    def unit_of(self, mid: str) -> str:
        return self.state.unit_of(mid).id

    def done(self, uid: str) -> bool:
        """The unit has finished this phase."""
        return uid in self.state.done

    def moved(self, mid: str) -> bool:
        """The model has moved this phase."""
        return mid in self.state.moved_now

    def locked(self, mid: str) -> bool:
        """S-3, F-9: the model is locked in close combat."""
        return mid in self.state.locked_models()

    def engagements(self) -> list[Engagement]:
        return list(self.state.engagements)

    def why_not(self, action: Action) -> str | None:
        """Why ``action`` may not be taken now (None: it may)."""
        return legality.why_illegal(self.state, action)

    # ============================================================ moving (S-7, F-7)
    def move_judge(self, uid: str, mid: str) -> Callable[[Point], str | None]:
        """S-7, F-7, F-8: why ``mid`` of ``uid`` may not move to a point now (None: it
        may), for many points: :meth:`why_not` of each :class:`Move`, the model's part
        read once."""
        return self._once(("judge", uid, mid), lambda: legality.move_judge(
            self.state, uid, mid))

    def budget(self, mid: str) -> tuple[float, int | None, bool] | str:
        """What ``mid`` may move now: the clear distance, its unit's difficult terrain
        roll (None: not rolled) and whether it is a run; or why it may not move."""
        return legality.move_budget(self.state, self.state.unit_of(mid))

    def move_check(self, mid: str, to: Point) -> MoveCheck:
        """S-7, F-7: what moving ``mid`` to ``to`` would cost, its path, and why not."""
        st = self.state
        b = self.budget(mid)
        if isinstance(b, str):
            return MoveCheck(False, b)
        m, u = st.model(mid), st.unit_of(mid)
        return self._once(("check", mid, to), lambda: moving.check_move(
            st, m, u.side, to, b[0], b[1], run=b[2]))

    def reach(self, mid: str) -> Reach | None:
        """S-7, F-7: every grid point ``mid`` could reach now with its path lengths (its
        unit's coherency and where others stand aside); None if it cannot move."""
        return self._once(("reach", mid), lambda: self._reach(mid))

    def _reach(self, mid: str) -> Reach | None:
        st = self.state
        b = self.budget(mid)
        if isinstance(b, str):
            return None
        clear, roll, run = b
        m = st.model(mid)
        nav = nav_for(st, m.radius)
        zones = moving.enemy_zones(st, m, st.unit_of(mid).side)
        hard = not run and bool(st.flooded or not nav.barriers.is_empty)
        f = moving.field(st, nav, (m.x, m.y), zones, hard, clear + 1)
        if hard and moving.in_difficult(st, nav, m.x, m.y):
            cd = np.full(nav.n, np.inf)
        else:
            cd = f.dist.copy()
        if hard:
            flooded = nav.flooded(st.flooded)[1] if st.flooded else np.zeros(nav.n, bool)
            cd[flooded] = np.inf
            g = moving.field(st, nav, (m.x, m.y), zones, False, clear + 1)
            dd = g.dist if roll is not None else np.full(nav.n, np.inf)
            limit = roll if roll is not None else 0
            dd = np.where(dd <= limit + 1e-6, dd, np.inf)
        else:
            dd = np.full(nav.n, np.inf)
        keep = np.nonzero((cd <= clear + 1e-6) | np.isfinite(dd))[0]
        pts = tuple(nav.point(int(k)) for k in keep)
        return Reach(pts, tuple(float(cd[k]) for k in keep),
                     tuple(float(dd[k]) for k in keep), clear, roll)

    def difficult_near(self, uid: str) -> bool:
        """Whether difficult terrain lies within a move of one of the unit's models that
        may still move (its roll would matter)."""
        st = self.state
        return legality.near_difficult(st, legality.movable(st, st.units[uid]))

    def in_difficult(self, x: float, y: float) -> bool:
        """F-1, F-7: whether ``(x, y)`` is in difficult terrain (a barrier area or a
        flooded part)."""
        return moving.in_difficult(self.state, nav_for(self.state, 0.5), x, y)

    def nav(self, radius: float) -> Nav:
        """The sewer's path grid for a base of ``radius`` (read only)."""
        return nav_for(self.state, radius)

    def coherency_links(self, uid: str) -> list[tuple[str, str]]:
        """S-7: the pairs of the unit's standing models close enough to keep coherency
        (2 inches, measured as coherency measures), each pair once, in the models'
        order: the chain a front end draws."""
        def links() -> list[tuple[str, str]]:
            ms = self.state.units[uid].survivors
            return [(a.id, b.id) for k, a in enumerate(ms) for b in ms[k + 1:]
                    if in_touch(a, b)]

        return self._once(("links", uid), links)

    # ============================================================ stragglers (F-8, F-9)
    def stragglers(self, uid: str) -> list[str]:
        """F-8: the unit's models out of its main chain now."""
        return stragglers_now(self.state, self.state.units[uid])

    def is_straggler(self, mid: str) -> bool:
        """F-8: out of coherency at the start of its side's turn, or now."""
        return is_straggler(self.state, self.state.model(mid))

    def is_scattered(self, uid: str) -> bool:
        """F-8: the unit is marked scattered."""
        return uid in self.state.scattered

    def rejoin_plan(self, mid: str) -> RejoinPlan:
        """F-8, F-9: where the straggler's rejoin move would take it."""
        return self._once(("rejoin", mid), lambda: plan_rejoin(self.state,
                                                               self.state.model(mid)))

    # ============================================================ shooting and charges
    def shoot_targets(self, uid: str) -> list[str]:
        """S-2: the enemy units ``uid`` may shoot at now."""
        st = self.state
        return self._once(("shoot", uid), lambda: [
            t.id for t in legality.enemy_units(st, st.units[uid].side)
            if legality.why_not_shoot(st, uid, t.id) is None])

    def shot_odds(self, uid: str, target: str) -> ShotOdds:
        """S-2..S-5: the lines ``uid`` would fire at ``target`` and the exact chance of
        each number of casualties."""
        st = self.state
        return self._once(("odds", uid, target),
                          lambda: shot_odds(st, st.units[uid], st.units[target]))

    def charge_targets(self, uid: str) -> list[str]:
        """S-3: the enemy units ``uid`` may charge now."""
        st = self.state
        return self._once(("charge", uid), lambda: [
            t.id for t in legality.enemy_units(st, st.units[uid].side)
            if legality.why_not_charge(st, uid, t.id) is None])

    def charge_odds(self, uid: str, target: str) -> ChargeOdds | None:
        """S-3..S-6: how far the charge is, the chance it reaches, and the exact chance
        of each number of casualties each way in its first round."""
        st = self.state
        return self._once(("codds", uid, target),
                          lambda: charge_odds(st, st.units[uid], st.units[target]))

    def sees(self, a: str, b: str) -> bool:
        """Whether the walls leave the line between two models' centres clear."""
        return sees(self.state, self.state.model(a), self.state.model(b))

    # ============================================================ the flood
    def flood_chance(self, turn: int | None = None) -> Fraction:
        """F-2: the chance the flood comes at the start of ``turn`` (this one if not
        given); 0 once it has come, or before the first turn it is rolled for."""
        st = self.state
        t = st.turn if turn is None else turn
        if st.flood_turn is not None or t < turn_data().first_turn:
            return Fraction(0)
        return Fraction(water.flood_chance(t))

    def next_flood_chance(self) -> Fraction:
        """F-2: the chance the flood comes at the start of the next game turn, if it has
        not come by then."""
        return self.flood_chance(self.state.turn + 1)

    def flood_turn(self) -> int | None:
        return self.state.flood_turn

    def flooded(self) -> tuple[tuple[str, int, int], ...]:
        """F-7: the stretches the water reached: (corridor, from, to) in hundredths."""
        return self.state.flooded

    def washes(self) -> tuple[Any, ...]:
        """F-4, F-5: the last flood's washes (the wash's ``Wash`` records)."""
        return self.state.washes

    def gantries(self) -> tuple[Feature, ...]:
        """F-1: the gantries (raised, out of the water's reach)."""
        return tuple(f for f in self.state.board.features if f.kind == "gantry")

    def turn(self) -> int:
        return self.state.turn

    def turn_limit(self) -> int | None:
        """The scenario's last turn (None: no limit)."""
        return self.state.turn_limit

    def standing(self) -> list[Model]:
        """Every model still standing, either side."""
        return self.state.alive()

    def on_gantry(self, mid: str) -> bool:
        """F-1: the model stands on a gantry (out of the water's reach)."""
        m = self.state.model(mid)
        return any(f.kind == "gantry" for f in self.state.board.features_at(m.x, m.y))

    # ============================================================ the objective
    def objective(self) -> str:
        """"nest" or "survive"."""
        return self.state.setup.objective

    def planter(self) -> str | None:
        return self.state.setup.planter

    def nests(self) -> tuple[Feature, ...]:
        return self.state.setup.nests

    def planted(self) -> tuple[int, int]:
        """The charges planted so far and the number to plant."""
        return self.state.planted, self.state.setup.charges

    def at_nest(self, mid: str) -> bool:
        """The model's base touches the nest."""
        return in_contact_with_nest(self.state, self.state.model(mid))

    def would_plant(self, mid: str) -> bool:
        """The model would plant a charge if its side's turn ended now."""
        st = self.state
        return st.setup.objective == "nest" and may_plant(st, st.model(mid))

    def per_match(self, key: Hashable, make: Callable[[], T]) -> T:
        """A value a caller derives once a match from the board (kept with the match's
        derived data under ``key``)."""
        return self.state.derived.get(("caller", key), make)


def _on_lattice(x: float, y: float) -> bool:
    """Whether a grid point falls on the coarser lattice :meth:`moves` offers."""
    step = turn_data().grid
    k = max(1, round(REACH_STEP / step))
    return round(x / step) % k == 0 and round(y / step) % k == 0


if TYPE_CHECKING:
    def _answers_the_protocol(q: FloodQueries) -> Queries:
        return q
