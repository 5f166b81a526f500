"""What a front end or a computer player may ask the chase about one state: the one place
they ask the rules (besides the actions, the phases and the event kinds).

:class:`ChaseQueries` answers the board-neutral questions of
:class:`game.core.queries.Queries` (who acts, where the model whose turn it is can go,
what it can shoot with the exact odds, what a point holds, the pieces and clusters as
scenery) and the chase's own: the pieces and clusters as they stand now (P-6, P-12), the
order of the phase and whose turn it is, the exact odds of keeping pace or slowing (P-7),
the steering ruler (where a path stops and why, its tests and where the next turn may
be, P-8..P-12), the shots with their arcs (P-13), deployment (P-3), recycling spots
(P-6), the locks and the stopped models (P-9, P-10). It never changes the state. The
value and state types a caller needs are re-exported here.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Hashable, Sequence
from dataclasses import dataclass
from fractions import Fraction
from typing import TYPE_CHECKING, Any, TypeVar

from game.boards.track import Track
from game.core.board import Scenery
from game.core.frozen import quick_init
from game.core.places import HUNDREDTHS, Place, Point
from game.core.queries import AttackOption, MoveOption, Queries
from game.rules.squads.checks import p_dangerous_terrain_test
from game.rules.squads.data import load_data
from game.rules.squads.pursuit import chase, geometry, legality, mines, moving, recycle
from game.rules.squads.pursuit.actions import Leg, Move, Shoot
from game.rules.squads.pursuit.chase import PaceOdds
from game.rules.squads.pursuit.deployment import deploy_check, deploy_points
from game.rules.squads.pursuit.melee import fight_odds
from game.rules.squads.pursuit.mines import blast_odds
from game.rules.squads.pursuit.moving import REASONS, Test, Walk
from game.rules.squads.pursuit.numbers import ChaseData, MineKind, chase_data
from game.rules.squads.pursuit.phases import ChasePhase
from game.rules.squads.pursuit.shooting import ShotOption, shot_options, why_not_fire
from game.rules.squads.pursuit.state import (
    TABLE,
    ChaseState,
    Cluster,
    Lock,
    piece_id,
    piece_index,
)
from game.rules.squads.pursuit.terrain import crash_wound_odds
from game.rules.squads.units import Model, Unit

__all__ = [
    "REASONS", "ChaseData", "ChaseQueries", "ChaseState", "Cluster", "Lock", "MineInfo",
    "MineKind", "Model", "PaceOdds", "PieceInfo", "ShotOption", "Steer", "Test", "Track",
    "Unit", "Walk", "chase_data", "queries_for",
]

T = TypeVar("T")
XY = tuple[float, float]


def queries_for(state: ChaseState) -> ChaseQueries:
    """The queries object of ``state`` as it is now (one per state and version)."""
    q = state.memo.get("queries")
    if not isinstance(q, ChaseQueries) or q.version != state.version:
        q = state.memo["queries"] = ChaseQueries(state, state.version)
    return q


@quick_init
@dataclass(frozen=True)
class PieceInfo:
    """A terrain piece as it stands now (what the track view draws, P-1, P-6)."""

    index: int
    id: str
    """"piece:N", as the order and the events name it."""
    name: str
    kind: str
    size: int
    ruined: bool
    points: tuple[XY, ...]
    """Its footprint now (where it stands, or, off the table, where it was taken off)."""
    where: str
    """"table", "waiting" (to be placed, P-6) or "held" (for the next phase)."""
    difficult: bool
    """For a model on the ground (P-1)."""
    impassable: bool
    flyers_ignore: bool
    moved: bool
    """It moved back in this pursuit phase."""
    along: float
    """Its centre's distance from the Arrival."""


@quick_init
@dataclass(frozen=True)
class MineInfo:
    """A mine cluster (P-12)."""

    id: str
    name: str
    side: str
    where: str
    """"table" or "reserve"."""
    at: XY | None
    radius: float
    blast: float
    piece: int | None


@quick_init
@dataclass(frozen=True)
class Steer:
    """The steering ruler's answer for a path (P-8..P-12)."""

    legal: str | None
    """None if the path is a legal move now, else why not."""
    walk: Walk
    """Where it stops and why (every test taken as passed), its tests and facing."""
    allowance: float
    used: float
    """Inches of the path as given."""
    turn_from: float | None
    """Inches further along the last leg before the next turn is allowed (0: now); None
    if no more room."""
    headings: tuple[int, ...]
    """The facings the next leg may take (the last leg's and 45 degrees either way)."""
    all_pass: Fraction
    """The exact chance every test on the way passes."""


class ChaseQueries:
    """The read-only questions about one chase state (see the module text)."""

    def __init__(self, state: ChaseState, version: Hashable = None) -> None:
        self.state = state
        self.version = version
        self._memo: dict[Hashable, Any] = {}

    def _once(self, key: Hashable, make: Callable[[], T]) -> T:
        try:
            got: T = self._memo[key]
        except KeyError:
            got = self._memo[key] = make()
        return got

    # ============================================================ the Queries protocol
    def acting(self) -> list[str]:
        """The model whose turn it is (or the next to deploy, or to turn after a crash);
        empty while recycled pieces are placed."""
        st = self.state
        if st.ended is not None:
            return []
        if st.facing_due:
            return [st.facing_due[0]]
        if st.phase == ChasePhase.DEPLOY and st.undeployed:
            return [st.undeployed[0]]
        m = legality.current(st)
        return [] if m is None else [m.id]

    def moves(self, piece: str) -> list[MoveOption]:
        """Deployment: the lattice of legal points (P-3). Movement: the end of each path
        of the menu (P-8), with its length, its tests' risk and the chance all pass."""
        st = self.state
        if piece not in self.acting():
            return []
        if st.phase == ChasePhase.DEPLOY:
            return [MoveOption(p, 0.0, rule="P-3") for p in deploy_points(st, piece)]
        if st.phase != ChasePhase.MOVEMENT or piece in st.stopped:
            return []
        return [self._option(a, w) for a, w in self.menu_moves(piece)]

    def _option(self, a: Move, w: Walk) -> MoveOption:
        t = self.state.track
        x = min(max(w.stop[0], 0.0), t.width)
        y = min(max(w.stop[1], 0.0), t.height)
        p = Fraction(1)
        for test in w.tests:
            p *= test.chance
        risk = f"{len(w.tests)} dangerous terrain test(s)" if w.tests else ""
        return MoveOption(Point.of(x, y), w.travelled, f"{w.travelled:.0f}\"", risk,
                          float(p) if w.tests else None, w.reason != moving.END,
                          "P-8")

    def attacks(self, piece: str) -> list[AttackOption]:
        """P-13: the shots at enemy models ``piece`` may make now, with the exact chance of
        at least one hit (shots at clusters: :meth:`shots`)."""
        if piece not in self.acting() or self.state.phase != ChasePhase.SHOOTING:
            return []
        return [AttackOption(o.target, Shoot(piece, o.target, o.weapon), float(o.hit),
                             f"{o.weapon} {float(o.hit):.0%}", "P-13")
                for o in self.shots(piece) if o.line is not None]

    def holds(self, place: Place) -> list[str]:
        xy = self.state.track.locate(place)
        if xy is None:
            return []
        x, y = xy
        return [m.id for m in self.state.standing()
                if math.hypot(m.x - x, m.y - y) <= m.radius + 1e-6]

    def scenery(self) -> Sequence[Scenery]:
        """The pieces on the table and the clusters (they live in the state, P-6)."""
        out = [Scenery(p.id, "ruin" if p.ruined else "building", p.points,
                       float(p.size), f"{p.name} ({p.size})")
               for p in self.pieces() if p.where == TABLE]
        for k in self.mines():
            if k.at is not None:
                r = k.radius
                ring = tuple((k.at[0] + r * math.cos(a * math.pi / 6),
                              k.at[1] + r * math.sin(a * math.pi / 6)) for a in range(12))
                out.append(Scenery(k.id, "mine cluster", ring, 0.0, k.name))
        return out

    # ============================================================ the table
    @property
    def track(self) -> Track:
        return self.state.track

    def data(self) -> ChaseData:
        return chase_data()

    def sides(self) -> tuple[str, str]:
        """(the runners, the chasers): the scouts and the hunters."""
        return self.state.setup.runners, self.state.setup.chasers

    def pieces(self) -> list[PieceInfo]:
        """P-1, P-6: every terrain piece as it stands now."""
        return self._once("pieces", self._pieces)

    def _pieces(self) -> list[PieceInfo]:
        st = self.state
        out = []
        for p in st.pieces:
            pid = piece_id(p.index)
            moved = st.phase == ChasePhase.PURSUIT and pid in st.done
            key = ("piece-info", p.index, p.dx, p.dy, p.where, moved)
            info: PieceInfo | None = st.memo.get(key)
            if info is None:  # the same for as long as the piece stays as it is
                mp = st.map_piece(p.index)
                info = st.memo[key] = PieceInfo(
                    p.index, pid, mp.name or f"piece {p.index}", mp.kind, mp.size,
                    mp.ruined, st.piece_points(p.index), p.where,
                    geometry.difficult(st, p.index), geometry.impassable(st, p.index),
                    mp.size <= chase_data().flyers_ignore_size, moved,
                    geometry.piece_along(st, p.index))
            out.append(info)
        return out

    def mines(self) -> list[MineInfo]:
        """P-12: every cluster, on the table or in the reserve."""
        out = []
        for k in self.state.clusters:
            kind = chase_data().mine(k.kind)
            out.append(MineInfo(k.id, kind.name, k.side, k.where,
                                k.xy if k.where == TABLE else None, kind.radius, kind.blast,
                                k.piece))
        return out

    def model(self, mid: str) -> Model:
        return self.state.model(mid)

    def models(self, side: str | None = None) -> list[Model]:
        """The models on the table (of ``side``)."""
        return self.state.standing(side)

    def facing(self, mid: str) -> int:
        return self.state.facing.get(mid, geometry.forward(self.state))

    def forward(self) -> int:
        """The facing that points at the Arrival (P-7)."""
        return geometry.forward(self.state)

    def along(self, mid: str) -> float:
        m = self.state.model(mid)
        return geometry.along(self.state, m.x, m.y)

    def flies(self, mid: str) -> bool:
        return geometry.flies(self.state.model(mid))

    # ============================================================ the order
    def order(self) -> list[str]:
        """The phase's order: who acted, then who is still to (pieces as "piece:N")."""
        return [*self.state.done, *self.state.queue]

    def next_up(self) -> str | None:
        """The object whose turn it is now (highlighted), None between orders."""
        return self.state.queue[0] if self.state.queue else None

    def done(self) -> list[str]:
        return list(self.state.done)

    def name_of(self, ident: str) -> str:
        return chase.name_of(self.state, ident)

    # ============================================================ P-7
    def forced(self, mid: str) -> str | None:
        """P-7: why ``mid`` has no choice in the pursuit phase (None: it chooses)."""
        return chase.forced(self.state, self.state.model(mid))

    def crash_wound(self, mid: str) -> Fraction:
        """P-10, P-11: the exact chance a crash (or a failed dangerous terrain test), an
        S5 hit with no save, wounds ``mid`` (worked out once a state)."""
        return self._once(("crash wound", mid), lambda: crash_wound_odds(self.model(mid)))

    def pace_odds(self, mid: str) -> list[PaceOdds]:
        """P-7: for keeping pace and each slowing, the exact chance of each outcome
        (moved back so far, stopped in contact, off the table); one entry (dice -1) for a
        model that must go back 12 inches."""
        return self._once(("pace", mid), lambda: self._pace(mid))

    def _pace(self, mid: str) -> list[PaceOdds]:
        st = self.state
        m = st.model(mid)
        why = chase.forced(st, m)
        if why == chase.LOCKED:
            return [chase.pace_odds(st, m, 0)]
        if why is not None:
            return [chase.forced_odds(st, m)]
        return [chase.pace_odds(st, m, n) for n in (0, *chase_data().slow_dice)]

    def incoming(self, mid: str) -> list[tuple[int, float, bool]]:
        """P-6, P-11: the pieces still to move in this pursuit phase that would meet
        ``mid`` if it kept pace: (piece, inches the piece moves first, a crash (True) or
        a pass under it (False))."""
        return chase.incoming(self.state, self.state.model(mid))

    # ============================================================ P-8..P-12
    def allowance(self, mid: str, accelerate: bool = False) -> float:
        return moving.allowance(self.state, self.state.model(mid), accelerate)

    def steer(self, mid: str, legs: Sequence[Leg], accelerate: bool = False) -> Steer:
        """The steering ruler (P-8..P-12): whether ``legs`` is a legal move for ``mid``
        now, where it stops and why, the tests on the way, and where and how the next
        leg may turn."""
        st = self.state
        m = st.model(mid)
        legs = tuple(legs)
        why = legality.why_not_move(st, mid, legs, accelerate) if legs else None
        w = moving.plan(st, m, legs, accelerate) if legs else Walk(
            [(m.x, m.y)], facing=self.facing(mid))
        most = self.allowance(mid, accelerate)
        used = sum(n for _t, n in legs) / HUNDREDTHS
        step = moving.turn_step(accelerate)
        last = legs[-1][1] / HUNDREDTHS if legs else 0.0
        turn_from: float | None = max(0.0, step - last) if legs else None
        if turn_from is not None and used + turn_from > most + 1e-9:
            turn_from = None
        d = chase_data().turn
        h = w.facing
        headings = (h,) if turn_from is None else ((h - d) % 360, h, (h + d) % 360)
        p = Fraction(1)
        for t in w.tests:
            p *= t.chance
        return Steer(why, w, most, used, turn_from, headings, p)

    def menu_moves(self, mid: str) -> list[tuple[Move, Walk]]:
        """The legal menu's moves for ``mid`` with the walk of each (every test passed)."""
        return self._once(("menu", mid), lambda: self._menu(mid))

    def _menu(self, mid: str) -> list[tuple[Move, Walk]]:
        st = self.state
        m = st.model(mid)
        out = []
        for a in legality.movement_menu(st, m):
            if isinstance(a, Move):
                out.append((a, moving.plan(st, m, a.legs, a.accelerate)))
        return out

    def may_move(self, mid: str) -> bool:
        """P-8: whether the legal menu offers ``mid`` a move now (it is its turn)."""
        return legality.may_move(self.state, self.state.model(mid))

    def may_restart(self, mid: str) -> bool:
        """P-10: whether ``mid`` is stopped and may test to move again now."""
        return mid in self.state.stopped and legality.why_not_restart(self.state, mid) is None

    def stopped(self) -> dict[str, int]:
        """P-10: the stopped models and the piece each goes back with (-1: none)."""
        return dict(self.state.stopped)

    def restart_odds(self, mid: str, accelerate: bool = False) -> dict[float, Fraction]:
        """P-10: for a stopped model, the exact chance of each move it will have after
        its tests to move again (0: it stays put)."""
        d = chase_data()
        p = p_dangerous_terrain_test()
        full = d.accelerate if accelerate else d.move
        left = self.tests_left(mid)
        failed = self.state.failed.get(mid, 0)
        out: dict[float, Fraction] = {}
        miss = Fraction(1)
        for k in range(left):
            inches = max(0.0, full - d.failure_cost * (failed + k))
            out[inches] = out.get(inches, Fraction(0)) + miss * p
            miss *= 1 - p
        out[0.0] = out.get(0.0, Fraction(0)) + miss
        return out

    def tests_left(self, mid: str) -> int:
        """P-10: the dangerous terrain tests ``mid`` may still take this phase."""
        return max(0, chase_data().max_tests - self.state.tests.get(mid, 0))

    def accelerated(self, mid: str) -> bool:
        return mid in self.state.accelerated

    def engaged(self, mid: str) -> bool:
        """P-9: an enemy moved into it this phase: it cannot move in it."""
        return mid in self.state.engaged

    def must_face(self) -> str | None:
        """P-11: the model that crashed and now turns to face any way (it acts first)."""
        return self.state.facing_due[0] if self.state.facing_due else None

    # ============================================================ P-9
    def locks(self) -> list[Lock]:
        return [k.copy() for k in self.state.locks]

    def fight_odds(self, a: str, b: str, charging: bool) -> tuple[dict[int, Fraction],
                                                                 dict[int, Fraction]]:
        """P-9: the exact chance of each number of casualties each side's blows make."""
        return fight_odds(self.state.model(a), self.state.model(b), charging)

    # ============================================================ P-12, P-13
    def shots(self, mid: str) -> list[ShotOption]:
        """P-13: every shot ``mid`` may make now (enemy models and clusters), with the
        exact odds and the clusters each sets off."""
        return self._once(("shots", mid), lambda: shot_options(self.state,
                                                                self.state.model(mid)))

    def why_not_fire(self, mid: str) -> str | None:
        return why_not_fire(self.state, self.state.model(mid))

    def arc(self, mid: str) -> tuple[int, float]:
        """P-13: ``mid``'s front arc: its facing and the half-angle either side."""
        return self.facing(mid), chase_data().arc / 2

    def wargear_profile(self) -> str | None:
        """P-2: the profile of the weapon the wargear choice adds, in a line ("Scatter
        gun: 12", S 3, AP -, assault 2"), if the scenario offers one (S-1)."""
        key = self.state.setup.wargear_weapon
        if key is None:
            return None
        w = load_data().weapon(key)
        kind = load_data().kinds[w.kind].name.lower()
        return (f"{w.name}: {w.range:g}\", S {'user' if w.s is None else w.s}, "
                f"AP {'-' if w.ap is None else w.ap}, {kind} {w.shots}")

    def extra_weapon(self, mid: str) -> str | None:
        """P-13: the weapon ``mid`` may fire over the shoulder, if any."""
        return self.state.extra.get(mid)

    def sees(self, mid: str, x: float, y: float) -> bool:
        return geometry.sees(self.state, self.state.model(mid), x, y)

    def blast_odds(self, cluster: str) -> dict[str, dict[int, Fraction]]:
        """P-12: for each model a cluster's blast would reach, its exact odds."""
        k = self.state.cluster(cluster)
        return {} if k is None or k.where != TABLE else blast_odds(self.state, k)

    # ============================================================ P-3, P-6
    def shot_blasts(self, mid: str, x: float, y: float) -> list[str]:
        """P-12: the clusters a shot at ``mid``, were it standing at ``(x, y)``, would
        set off with their blast catching it there."""
        m = self.model(mid)
        return [k.id for k in mines.shot_blasts(self.state, x, y, m.radius)]

    def deploy_points(self, mid: str) -> list[Point]:
        return deploy_points(self.state, mid)

    def deploy_check(self, mid: str, at: Point) -> str | None:
        return deploy_check(self.state, mid, *at.units)

    def deploy_line(self) -> float:
        """P-3: models deploy with their whole base at least this far from the Arrival."""
        return chase_data().from_arrival

    def waiting(self) -> list[int]:
        """P-6: the recycled pieces waiting to be placed (the held ones first)."""
        return list(self.state.waiting)

    def placer(self) -> str | None:
        return self.state.placer

    def placeable(self) -> list[int]:
        """P-6: the waiting pieces the placer may place now."""
        st = self.state
        if st.placer is None:
            return []
        ready = recycle.placeable(st)
        held = [k for k in ready if st.pieces[k].where == "held"]
        return held or ready

    def place_spots(self, piece: int) -> list[int]:
        """P-6: the across positions (hundredths) where ``piece`` may be placed."""
        return recycle.place_spots(self.state, piece)

    def place_check(self, piece: int, across: float) -> str | None:
        return legality.why_not_place(self.state, piece, round(across * HUNDREDTHS))

    def placed_footprint(self, piece: int, across: float) -> tuple[XY, ...]:
        """P-6: where ``piece`` would stand placed with its centre ``across`` inches from
        the left long edge (for a preview)."""
        dx, dy = recycle.placed_shift(self.state, piece, across)
        return tuple((x + dx / HUNDREDTHS, y + dy / HUNDREDTHS)
                     for x, y in self.state.map_piece(piece).points)

    def recycled_now(self) -> list[int]:
        return list(self.state.recycled_now)

    def mine_due(self) -> bool:
        """P-6: the mines' side now says whether a cluster comes in."""
        st = self.state
        return st.phase == ChasePhase.RECYCLE and st.placer is None and st.mine_due

    def mine_spots(self, piece: int) -> list[Point]:
        return recycle.mine_spots(self.state, piece)

    def reserve(self) -> int:
        """P-12: clusters off the table."""
        return len(recycle.reserve(self.state))

    def piece_of(self, ident: str) -> int | None:
        return piece_index(ident)


if TYPE_CHECKING:
    def _answers_the_protocol(q: ChaseQueries) -> Queries:
        return q
