"""The Tabletop Hero computer player: a sergeant who keeps to cover and counts the odds.

It reads the match through its ruleset's queries (move plans, sight, exact attack odds)
and returns one legal action at a time, Wesnoth's way, on the shared skeleton
(:class:`game.ai.skeleton.CandidatePlayer`): it proposes, for the first of its minis that
still has something worth doing this turn (its hero last), the best of a few candidate
actions with its score; when none is left, it proposes ending its turn.

* Armies: the scenario's ready army.
* Deployment (K-3): the edge farthest from the enemy (or, deploying first, the one with
  the most shelter near it); each mini on the most sheltered legal spot near its team
  mates, the hero furthest back.
* A mini acts where it stands if it can (the best expected damage, a hero target worth
  double, a medkit for a badly hurt team mate, an explosive where the blast would catch
  enemies and no friends); otherwise it moves once, to a spot beside cover in reach of
  its chosen target with its action kept (a sniper stays put if anything is in its
  sights), or, with nothing to reach, runs twice its move towards the enemy; then acts
  from there if it can.

Candidate spots come from a grid computed once per match (kept with the match's derived
data): where a base fits on the ground and which sight-blocking or cover pieces stand
within 1.5 units of it. Everything it knows of the rules it asks the ruleset's queries.

Its numbers come from :class:`game.ai.hero.weights.HeroWeights` (the defaults: the
normal player's, every extra consideration off and skipped); the hard level gives some
scenario sides tuned ones (:class:`game.ai.hard_hero.HardHeroPlayer`).
"""

from __future__ import annotations

import math
from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any

import numpy as np
from numpy.typing import NDArray

from game.ai.hero.detour import detour_step, walk_to
from game.ai.hero.weights import HIDE_SPOTS, HeroWeights
from game.ai.skeleton import CandidatePlayer, Proposal
from game.boards.table import Table, Vec
from game.core.dice import Dice
from game.core.errors import GameError
from game.core.match import Match
from game.core.places import HUNDREDTHS, Point
from game.core.ruleset import Action
from game.rules.hero.actions import (
    Attack,
    Deploy,
    EndTurn,
    Heal,
    Move,
    TakeArmy,
    Throw,
)
from game.rules.hero.phases import HeroPhase
from game.rules.hero.queries import (
    EDGES,
    AttackOdds,
    HeroQueries,
    HeroState,
    Mini,
    Terrain,
    load_data,
)

GRID = 1.0
"""Spacing of the candidate spots, in units."""
SHELTER = 1.5
"""A spot is beside a piece within this many units of its outline."""
MOVE_TRIES = 10
"""Most move plans worked out before giving up (lines further along a direction already
found blocked are skipped)."""
SCAN = 80
"""The best-scored spots looked at, at most, for a move."""
CLEAR_CHECKS = 5
"""The best-scored spots whose line to the target is looked at."""
APART = 2.0
"""The hard level's other moves for a hero (:meth:`HeroPlayer.alternatives`) end at
least this many units from the move it weighs them against and from each other."""
WORTH = 0.25
"""The least value of an action worth taking."""


@dataclass(frozen=True)
class Spots:
    """Where a mini could stand on a table, and what shelters each spot."""

    xy: NDArray[np.float64]
    shelter: tuple[tuple[int, ...], ...]
    """Sight-blocking or cover pieces near each spot."""
    centres: NDArray[np.float64]
    """Each piece's centre."""
    pair_spot: NDArray[np.int64]
    """Every (spot, sheltering piece) pair: the spot..."""
    pair_centre: NDArray[np.float64]
    """... and the piece's centre."""
    near_cover: NDArray[np.bool_]
    """Spots with any sheltering piece near."""
    shelter_n: NDArray[np.float64]
    """How many sheltering pieces are near each spot."""

    def sheltered_from(self, x: float, y: float) -> NDArray[np.bool_]:
        """Spots with a sheltering piece on the side facing ``(x, y)``."""
        ps = self.pair_spot
        if not len(ps):
            return np.zeros(len(self.xy), dtype=bool)
        sx, sy = self.xy[ps, 0], self.xy[ps, 1]
        c = self.pair_centre
        facing = (c[:, 0] - sx) * (x - sx) + (c[:, 1] - sy) * (y - sy) > 0
        return np.bincount(ps, weights=facing, minlength=len(self.xy)) > 0


def spots(q: HeroQueries) -> Spots:
    """The candidate spots of the match's table (worked out once per match)."""
    return q.per_match("hero player spots", lambda: make_spots(q.terrain()))


def make_spots(terrain: Terrain) -> Spots:
    """The candidate spots of a table, all points at once."""
    table = terrain.table
    r = load_data().base / 2 + 0.05
    xs = np.arange(r + 0.1, table.width - r + 1e-9, GRID)
    ys = np.arange(r + 0.1, table.height - r + 1e-9, GRID)
    gx, gy = np.meshgrid(xs, ys)
    pts = np.column_stack([gx.ravel(), gy.ravel()])
    n, pc = len(pts), len(terrain.features)
    dist = np.full((n, pc), np.inf)
    inside = np.zeros((n, pc), dtype=bool)
    # a spot further than SHELTER (more than a base's radius) from a piece's box is
    # neither near it nor touching it: only the spots around each box are measured
    margin = max(SHELTER, r) + 1e-6
    for f in terrain.features:
        segs = f.piece.segments()
        if not segs:
            continue
        a = np.array([s[0] for s in segs])
        b = np.array([s[1] for s in segs])
        x_lo, y_lo, x_hi, y_hi = f.piece.bbox
        sel = np.nonzero((pts[:, 0] >= x_lo - margin) & (pts[:, 0] <= x_hi + margin)
                         & (pts[:, 1] >= y_lo - margin) & (pts[:, 1] <= y_hi + margin))[0]
        if not len(sel):
            continue
        near_pts = pts[sel]
        d = b - a
        ll = np.maximum((d * d).sum(axis=1), 1e-12)
        u = np.clip(((near_pts[:, None, :] - a[None]) * d[None]).sum(axis=2) / ll, 0, 1)
        q = a[None] + u[..., None] * d[None]
        dist[sel, f.index] = np.hypot(near_pts[:, 0:1] - q[..., 0],
                                      near_pts[:, 1:2] - q[..., 1]).min(axis=1)
        if not f.piece.is_line:
            y0, y1 = a[None, :, 1], b[None, :, 1]
            x0, x1 = a[None, :, 0], b[None, :, 0]
            py, px = near_pts[:, 1:2], near_pts[:, 0:1]
            with np.errstate(divide="ignore", invalid="ignore"):
                xc = x0 + (py - y0) * (x1 - x0) / (y1 - y0)
            inside[sel, f.index] = (((y0 > py) != (y1 > py)) & (px < xc)).sum(axis=1) % 2 == 1
    touch = (dist < r) | inside
    bad_piece = np.array([f.has("impassable") or f.linear or f.has("hazardous")
                          for f in terrain.features], dtype=bool)
    bad = (touch & bad_piece[None, :]).any(axis=1) if pc else np.zeros(n, dtype=bool)
    shelters = np.array([f.has("blocking") or f.has("dense") or f.has("soft_cover")
                         or f.has("hard_cover") for f in terrain.features], dtype=bool)
    near = ((dist <= SHELTER) | (inside & ~np.array([f.linear for f in terrain.features],
                                                       dtype=bool)[None, :]))
    near &= shelters[None, :]
    keep = np.nonzero(~bad)[0]
    rows, cols = np.nonzero(near[keep])  # row by row, each row's pieces in order
    by_row: list[list[int]] = [[] for _ in keep]
    for i, k in zip(rows.tolist(), cols.tolist(), strict=True):
        by_row[i].append(k)
    shelter = tuple(tuple(ks) for ks in by_row)
    centres = np.array([p.centre for p in table.pieces], dtype=np.float64).reshape(-1, 2)
    pairs = [(k, p) for k, ps in enumerate(shelter) for p in ps]
    return Spots(pts[keep].reshape(-1, 2), shelter, centres,
                 np.array([k for k, _p in pairs], dtype=np.int64),
                 centres[[p for _k, p in pairs]].reshape(-1, 2),
                 np.array([bool(p) for p in shelter], dtype=bool),
                 np.array([float(len(p)) for p in shelter]))


def _sheltered_from(q: HeroQueries, sp: Spots, x: float, y: float) -> NDArray[np.bool_]:
    """:meth:`Spots.sheltered_from`, remembered for the match by the point (a target
    stands still for many decisions)."""
    kept: dict[tuple[float, float], NDArray[np.bool_]] = q.per_match(
        "hero player shelter", dict)
    got = kept.get((x, y))
    if got is None:
        if len(kept) > 2_000:
            kept.clear()
        got = kept[(x, y)] = sp.sheltered_from(x, y)
    return got


def _towards(q: HeroQueries, sp: Spots, x: float, y: float, w: HeroWeights
             ) -> tuple[NDArray[np.float64], NDArray[np.float64]]:
    """How far each spot is from ``(x, y)`` (centre to centre), and what its shelter is
    worth against ``(x, y)`` (:attr:`HeroWeights.facing` beside a piece on the side
    facing it, else :attr:`HeroWeights.cover` beside any): remembered for the match by
    the point and those numbers, like :func:`_sheltered_from`."""
    kept: dict[tuple[float, float, float, float],
               tuple[NDArray[np.float64], NDArray[np.float64]]] = \
        q.per_match("hero player towards", dict)
    key = (x, y, w.facing, w.cover)
    got = kept.get(key)
    if got is None:
        if len(kept) > 500:
            kept.clear()
        got = kept[key] = (np.hypot(sp.xy[:, 0] - x, sp.xy[:, 1] - y),
                           np.where(_sheltered_from(q, sp, x, y), w.facing,
                                    np.where(sp.near_cover, w.cover, 0.0)))
    return got


CROWD = HeroWeights.spread
"""A spot within this many units of another mini (centre to centre) is crowded (the
normal player's :attr:`HeroWeights.spread`)."""


def _crowding(q: HeroQueries, sp: Spots, others: NDArray[np.float64],
              spread: float = CROWD) -> NDArray[np.int64]:
    """For every spot, how many of ``others`` (points) are closer than ``spread`` to
    it; the spots near each point are remembered for the match by the point and the
    spread (minis stand still for many decisions)."""
    kept: dict[tuple[float, float, float], NDArray[np.intp]] = q.per_match(
        "hero player crowds", dict)
    if len(kept) > 2_000:
        kept.clear()
    parts = []
    for ox, oy in others.tolist():
        got = kept.get((ox, oy, spread))
        if got is None:
            got = kept[(ox, oy, spread)] = np.flatnonzero(
                np.hypot(sp.xy[:, 0] - ox, sp.xy[:, 1] - oy) < spread)
        parts.append(got)
    return np.bincount(np.concatenate(parts), minlength=len(sp.xy))


def _sight_blockers(q: HeroQueries) -> tuple[int, ...]:
    """The pieces :meth:`HeroPlayer._clear` looks for on a line: blocking ones of Ht 2
    or more, and dense ones (worked out once per match)."""
    return q.per_match("hero player sight blockers", lambda: tuple(
        f.index for f in q.terrain().features
        if (f.has("blocking") and f.ht >= 2) or f.has("dense")))


def _attack_value(o: AttackOdds, t: Mini, w: HeroWeights) -> float:
    """What an attack with odds ``o`` on ``t`` is worth: its expected damage and
    :attr:`HeroWeights.down` (3) times its chance to knock ``t`` down, times
    :attr:`HeroWeights.hero_worth` (2) for a hero, and for a hero
    :attr:`HeroWeights.kill_hero` times its chance to kill it (normal: 0)."""
    down = sum(p for k, p in o.damage.items() if t.hp - k <= 0)
    v = (w.hero_worth if t.hero else 1.0) * (o.expected + w.down * down)
    if t.hero and w.kill_hero:
        dead = load_data().hp_dead
        v += w.kill_hero * sum(p for k, p in o.damage.items() if t.hp - k <= dead)
    return v


def _open_bound(q: HeroQueries, m: Mini, t: Mini, wp: str, w: HeroWeights) -> float:
    """:func:`_attack_value` of :meth:`HeroQueries.open_attack_odds`: it depends on the
    weapon and the target alone (its armour, hit points, incorporeal or not, hero or
    not), so it is remembered for the match by those and the numbers that weigh it."""
    kept: dict[tuple[Any, ...], float] = q.per_match("hero player open bounds", dict)
    key = (wp, t.armour, t.hp, t.has("incorporeal"), t.hero, w.hero_worth, w.down,
           w.kill_hero)
    got = kept.get(key)
    if got is None:
        got = kept[key] = _attack_value(q.open_attack_odds(m.id, t.id, wp), t, w)
    return got


def _first_best(found: list[tuple[float, int, Action]]) -> tuple[float, Action] | None:
    """The best value of ``found`` and its action (the first in order of equal ones)."""
    if not found:
        return None
    v, _k, a = min(found, key=lambda f: (-f[0], f[1]))
    return v, a


class HeroPlayer(CandidatePlayer):
    """The Tabletop Hero computer player (see the module text)."""

    def __init__(self, seed: int = 0, weights: HeroWeights | None = None) -> None:
        super().__init__(seed)
        self.w = weights or HeroWeights()
        """Its numbers and extra considerations (the defaults: the normal player)."""
        self._looking = False
        """Whether :meth:`_scored_action` is asking :meth:`_best_move` where its hero
        would go (which may ask :meth:`_scored_action` again)."""
        self.dice = Dice(seed)  # its own, if it ever needs one: never the match's
        self._idle: set[tuple[Any, ...]] = set()
        """Minis found with nothing worth doing, by what that depended on (turn, where
        it stands, what it has spent), not asked again while that holds."""

    # ================================================================ entry
    def propose(self, match: Match[Any], side: str) -> Iterator[Proposal]:
        """The candidate for ``side`` now: its ready army (K-2), its next mini's spot
        (K-3), or in battle the first mini's best action or move, else the end of the
        turn. One proposal: the minis are tried in turn, and the first with something
        worth doing plays it."""
        st: HeroState = match.state
        if st.phase == HeroPhase.ARMY:
            yield Proposal(0.0, (TakeArmy(side),), "the ready army")
            return
        q = match.ruleset.queries(st)
        assert isinstance(q, HeroQueries)
        if st.phase == HeroPhase.DEPLOY:
            yield Proposal(0.0, (self._deploy(match, st, q),), "the most sheltered spot")
            return
        yield self._play(match, st, q, side)

    # ================================================================ deployment
    def _deploy(self, match: Match[Any], st: HeroState, q: HeroQueries) -> Action:
        m = q.next_to_deploy()
        assert m is not None
        table = st.board
        sp = spots(q)
        enemies = [e for e in st.placed() if e.side != m.side]
        mates = [o for o in st.placed() if o.side == m.side]
        depth = q.deploy_depth()
        edges = q.deploy_edges(m.side)
        edge = edges[0] if len(edges) == 1 else self._edge(q, table, sp, enemies)
        # only the spots within the deployment depth of the edge are weighed (K-3)
        dist_all = q.edge_distance(edge, sp.xy[:, 0], sp.xy[:, 1], m.r)
        sel = (dist_all <= depth).nonzero()[0]
        xy, dist_edge = sp.xy[sel], dist_all[sel]
        score = 2.0 * np.minimum(2.0, sp.shelter_n[sel])
        if mates:
            cx = np.mean([o.xy[0] for o in mates])
            cy = np.mean([o.xy[1] for o in mates])
            score -= 0.4 * np.hypot(xy[:, 0] - cx, xy[:, 1] - cy)
        else:
            mid = (table.width / 2, table.height / 2)
            score -= 0.05 * np.hypot(xy[:, 0] - mid[0], xy[:, 1] - mid[1])
        if m.hero:
            score -= 0.6 * dist_edge
        waive = q.range_waived(m.id)
        # cheap K-3 tests first: near a team mate, out of enemy range
        ok = np.ones(len(sel), dtype=bool)
        d = load_data()
        if mates:
            mx = np.array([o.xy for o in mates])
            gap = np.hypot(xy[:, 0:1] - mx[None, :, 0], xy[:, 1:2] - mx[None, :, 1]).min(axis=1)
            ok &= gap - 2 * m.r <= d.deploy_teammate
        if not waive:
            for e in enemies:
                reach = max((d.weapons[w].range[1] for w in e.weapons), default=0)
                ex, ey = e.xy
                ok &= np.hypot(xy[:, 0] - ex, xy[:, 1] - ey) - m.r - e.r > reach
        order = np.argsort(-score, kind="stable")
        for k in order[ok[order]].tolist():  # best first, those the cheap tests pass
            p = Point.of(float(xy[k, 0]), float(xy[k, 1]))
            if q.deploy_check(m.id, p, waive_range=waive) is None:
                return Deploy(m.id, p)
        pts = q.deploy_points(m.id, waive)
        if pts:
            return Deploy(m.id, pts[0])
        legal = match.legal_actions()
        if not legal:
            raise GameError("no legal deployment")
        return legal[0]

    def _edge(self, q: HeroQueries, table: Table, sp: Spots, enemies: list[Mini]) -> str:
        """Deploying second: the edge farthest from the enemy; first: the one with the
        most shelter near it (K-3's edges and distances are the rules')."""
        if enemies:
            ex = float(np.mean([e.xy[0] for e in enemies]))
            ey = float(np.mean([e.xy[1] for e in enemies]))
            return max(EDGES, key=lambda e: q.edge_distance(e, ex, ey, 0))
        depth = q.deploy_depth()
        x, y = sp.xy[:, 0], sp.xy[:, 1]

        def shelter(e: str) -> int:
            return int((sp.near_cover & (q.edge_distance(e, x, y, 0.5) <= depth)).sum())
        return max(EDGES, key=shelter)

    # ================================================================ battle
    def _play(self, match: Match[Any], st: HeroState, q: HeroQueries,
              side: str) -> Proposal:
        mine = [m for m in st.side_minis(side) if m.on_table and m.conscious
                and not m.down_at_start]
        mine.sort(key=lambda m: (m.hero, m.id))
        enemies = [e for e in st.placed() if e.side != side]
        end = Proposal(0.0, (EndTurn(side),), "nothing left worth doing")
        if not enemies:
            return end
        if len(self._idle) > 2000:
            self._idle.clear()
        # what it proposes is legal by construction, so it is not judged here again
        # (Match.apply judges it): a mini of the side to act, on the table, conscious
        # and not down at the start (K-9), with its action (K-5) and no more than its
        # move spent (K-4) for an action the queries found allowed (why_not_attack,
        # why_not_throw, why_not_heal); with movement left and not yet moved (so no
        # sniper shot, K-11) for a move the queries planned ok
        for m in mine:
            at = m.at
            assert at is not None  # (on the table)
            idle = (st.turn, side, m.id, at.x, at.y, m.z, m.moved, m.acted, len(m.weapons))
            if idle in self._idle:
                continue
            if not m.acted and m.moved <= q.allowance(m.id):
                best = self._scored_action(st, q, m, enemies)
                if best is not None:
                    return Proposal(best[0], (best[1],), f"{m.name}'s best action")
            if m.moved == 0 and q.budget(m.id) >= HUNDREDTHS // 2:
                mv = self._best_move(st, q, m, enemies)
                if mv is not None:
                    return Proposal(0.0, (mv,), f"{m.name} moves to a better spot")
            self._idle.add(idle)
        return end

    def alternatives(self, match: Match[Any], side: str, action: Action,
                     count: int) -> list[Action]:
        """(the hard level's look-ahead) In place of ``action``, a move of ``side``'s
        hero, its next best ``count`` moves (:meth:`_moves`), each ending at least
        :data:`APART` units from the others; none for any other action. Where a hero
        stands decides what the enemy's dice can do to it next turn (K-10), which no
        score one action deep sees."""
        st: HeroState = match.state
        if st.phase != HeroPhase.PLAY or not isinstance(action, Move):
            return []
        m = st.minis.get(action.figure)
        if m is None or not m.hero or m.side != side or m.moved or m.at is None:
            return []
        q = match.ruleset.queries(st)
        assert isinstance(q, HeroQueries)
        enemies = [e for e in st.placed() if e.side != side]
        ends = [action.to.units]
        out: list[Action] = []
        for mv in self._moves(st, q, m, enemies):
            if len(out) >= count:
                break
            if all(math.dist(mv.to.units, e) >= APART for e in ends):
                ends.append(mv.to.units)
                out.append(mv)
        return out

    def _best_action(self, st: HeroState, q: HeroQueries, m: Mini,
                     enemies: list[Mini]) -> Action | None:
        best = self._scored_action(st, q, m, enemies)
        return None if best is None else best[1]

    def _scored_action(self, st: HeroState, q: HeroQueries, m: Mini,
                       enemies: list[Mini]) -> tuple[float, Action] | None:
        """:meth:`_weighed_action`, or None where its hero hides first
        (:attr:`HeroWeights.hide_first`): then it moves, and acts from there."""
        best = self._weighed_action(st, q, m, enemies)
        if best is None or not (m.hero and self.w.hide_first) or m.moved or m.acted \
                or self._looking:
            return best
        here = self._exposed(st, q, m, enemies, np.array([m.xy]), np.zeros(1))[0]
        if not here:
            return best
        self._looking = True
        try:
            mv = self._best_move(st, q, m, enemies)
        finally:
            self._looking = False
        if mv is None:
            return best
        there = self._exposed(st, q, m, enemies, np.array([mv.to.units]), np.zeros(1))[0]
        return None if there < here else best

    def _weighed_action(self, st: HeroState, q: HeroQueries, m: Mini,
                        enemies: list[Mini]) -> tuple[float, Action] | None:
        """The best action ``m`` can take where it stands, with its value, or None if
        none is worth taking (the first of the best, in the order: medkits, then each
        enemy's weapons in turn).

        An attack's value is at most its value were the target in the open (K-8 and G-3
        only make it worse: :meth:`HeroQueries.open_attack_odds`, no sight needed):
        attacks are weighed best bound first, and sight (K-8) is worked out only for
        those whose bound could still match the best found (or :data:`WORTH`)."""
        d = load_data()
        found: list[tuple[float, int, Action]] = []  # (value, order, action)
        n = 0
        if m.medkits:
            for f in st.side_minis(m.side):
                if f.on_table and f.hp <= self.w.hurt and q.why_not_heal(m.id, f.id) is None:
                    value = 3.0 + (self.w.heal_hero if f.hero else 0.0) + (
                        2.0 if not f.conscious else 0.0)
                    found.append((value, n, Heal(m.id, f.id)))
                    n += 1
        if q.no_attacks() is not None:
            return _first_best(found)
        reach = max((d.weapons[w].range[1] for w in m.weapons), default=0)
        bounds: list[tuple[float, int, Mini, str]] = []  # (bound, order, target, weapon)
        for t in enemies:
            dist = q.distance(m.id, t.id)
            if dist > reach + 1e-9:
                continue
            for w in dict.fromkeys(m.weapons):
                weapon = d.weapons[w]
                if weapon.explosive:
                    v = self._throw_value(q, m, t)
                    if v > 0 and q.why_not_throw(m.id, t.id) is None:
                        found.append((v, n, Throw(m.id, t.id)))
                    n += 1
                    continue
                if not weapon.in_range(dist):
                    n += 1
                    continue
                bounds.append((self._bound(q, m, t, w), n, t, w))
                n += 1
        bounds.sort(key=lambda b: -b[0])  # stable: the first of equal bounds first
        bar = max([WORTH, *(f[0] for f in found)])
        for bound, k, t, w in bounds:
            if bound < bar - 1e-9:
                break  # neither it nor any after it could be the best
            if q.why_not_attack(m.id, t.id, w) is not None:
                continue
            v = self._value(q, m, t, w)
            found.append((v, k, Attack(m.id, t.id, w)))
            bar = max(bar, v)
        best = _first_best(found)
        if best is None or best[0] < WORTH:
            return None
        return best

    def _throw_value(self, q: HeroQueries, m: Mini, t: Mini) -> float:
        """A blast on ``t``: enemies caught (their hero double) less friends caught."""
        caught = q.blast_reach(t.xy, t.z)
        foes = sum(self.w.throw_hero if c.hero else 1.0 for c in caught if c.side != m.side)
        friends = sum(1 for c in caught if c.side == m.side)
        if friends or foes < 1.5:
            return 0.0
        if self.w.throw_odds:
            return self.w.throw_odds * self._throw_worth(q, m, t, caught)
        return self.w.throw * foes

    def _throw_worth(self, q: HeroQueries, m: Mini, t: Mini, caught: list[Mini]) -> float:
        """A throw at ``t`` by its exact odds (:attr:`HeroWeights.throw_odds`): the
        chance it lands on ``t`` times, for each enemy of ``caught``, the damage the
        rules' blast deals it (:meth:`HeroQueries.blast_dealt`: K-5, K-6, K-7, K-9,
        G-7) and :attr:`HeroWeights.down` times its chance to knock the enemy down, the
        hero :attr:`HeroWeights.hero_worth` times."""
        o = q.throw_odds(m.id, t.id)
        landed = o.p_hit + o.p_half
        v = 0.0
        for c in caught:
            if c.side == m.side:
                continue
            worth = self.w.hero_worth if c.hero else 1.0
            v += worth * sum(p * (x + (self.w.down if c.hp - x <= 0 else 0.0))
                             for x, p in q.blast_dealt(m.id, t.id, c.id).items())
        return landed * v

    def _target(self, m: Mini, enemies: list[Mini], hunt: bool = False) -> Mini:
        """Whom to go after: the nearest enemy, an enemy hero counting as much nearer (the
        hero alone when hunting it)."""
        heroes = [e for e in enemies if e.hero]
        if hunt and heroes:
            return heroes[0]
        pull = self.w.pull
        if self.w.sniper_pull:
            d = load_data()
            snipers = {e.id for e in enemies if any(d.weapons[wp].still for wp in e.weapons)}
            return min(enemies, key=lambda e: (
                math.dist(m.xy, e.xy) - (pull if e.hero else 0.0)
                - (self.w.sniper_pull if e.id in snipers else 0.0), e.id))
        return min(enemies, key=lambda e: (math.dist(m.xy, e.xy) - (pull if e.hero else 0.0),
                                           e.id))

    def _hunting(self, st: HeroState, side: str, enemies: list[Mini]) -> bool:
        """K-10 decides the game: late, or with the upper hand, go for the enemy hero."""
        ours = sum(1 for m in st.side_minis(side) if m.on_table and m.conscious)
        theirs = sum(1 for e in enemies if e.conscious)
        return st.turn >= self.w.hunt_turn or ours >= theirs + self.w.hunt_lead

    @staticmethod
    def _clear(a: tuple[float, float], b: tuple[float, float], st: HeroState,
               q: HeroQueries) -> bool:
        """Whether nothing that blocks sight stands on the line from ``a`` to ``b`` (a
        quick look, not the rules' rays)."""
        return not st.board.crosses_any(a, b, _sight_blockers(q))

    def _charge(self, q: HeroQueries, m: Mini, t: Mini, weapons: list[Any]) -> Move | None:
        """Into base contact with an armoured target or a hero, for a melee weapon
        (melee ignores Absorb, K-5), keeping the action."""
        if m.acted or not any(w.melee for w in weapons) or abs(m.z - t.z) > 1:
            return None
        if load_data().armour[t.armour].absorb < 2 and not t.hero:
            return None
        (x, y), (tx, ty) = m.xy, t.xy
        gap = math.dist((x, y), (tx, ty))
        if gap < 1e-6:
            return None
        single = (q.allowance(m.id) - m.moved) / HUNDREDTHS
        back = m.r + t.r + 0.1
        if gap - back > single - 0.05 or gap - back < 0.05:
            return None
        for turn in (0.0, 0.5, -0.5, 1.0, -1.0):
            a = math.atan2(y - ty, x - tx) + turn
            p = Point.of(tx + math.cos(a) * back, ty + math.sin(a) * back)
            if q.plan_move(m.id, p).ok:
                return Move(m.id, p)
        return None

    def _best_move(self, st: HeroState, q: HeroQueries, m: Mini,
                   enemies: list[Mini]) -> Move | None:
        """The move :meth:`_moves` finds first (None if none)."""
        return next(self._moves(st, q, m, enemies), None)

    def _moves(self, st: HeroState, q: HeroQueries, m: Mini,
               enemies: list[Mini]) -> Iterator[Move]:
        """``m``'s moves, best first: a charge, or its best-scored spots (range to its
        target, shelter, crowding, its hero's safety) whose straight move the rules
        allow (at most :data:`MOVE_TRIES` tried), or failing those a step round by the
        walk (:attr:`HeroWeights.detour`). The first is the normal player's move; the
        hard level looks ahead on the next (:meth:`alternatives`)."""
        w = self.w
        d = load_data()
        weapons = [d.weapons[wp] for wp in m.weapons if not d.weapons[wp].explosive]
        if any(wp.still for wp in weapons) and self._best_action(st, q, m, enemies):
            return  # a sniper with a target stays where it can shoot
        hunt = self._hunting(st, m.side, enemies)
        t = self._target(m, enemies, hunt)
        charge = self._charge(q, m, t, weapons) if not (m.hero and w.guard) else None
        if charge is not None:
            yield charge
            return
        reach = max((wp.range[1] for wp in weapons), default=1)
        keep = [wp for wp in weapons if not wp.still]
        want = 0.8 if all(wp.melee for wp in keep) else max(
            1.0, (w.hero_range if m.hero else 0.75) * max((wp.range[1] for wp in keep),
                                                           default=reach))
        single = (q.allowance(m.id) - m.moved) / HUNDREDTHS
        full = q.budget(m.id) / HUNDREDTHS
        sp = spots(q)
        x, y = m.xy
        all_step = np.hypot(sp.xy[:, 0] - x, sp.xy[:, 1] - y)
        ok = (all_step <= full - 0.05) & (all_step > 0.3)
        tx, ty = t.xy
        to_target, shelter = _towards(q, sp, tx, ty, w)
        # the spots in reach of a single move (where it keeps its action), unless none of
        # them is in range of the target and it may still run (then every spot it can
        # reach, its action given up): the others are never taken
        near = ok & (all_step <= single - 0.05)
        idx = near.nonzero()[0]
        run = not m.acted and not (to_target[idx] - m.r - t.r <= reach).any()
        if run:
            idx = ok.nonzero()[0]
        if not len(idx):
            return
        xy, step = sp.xy[idx], all_step[idx]
        to_t = to_target[idx] - m.r - t.r
        score = -np.abs(to_t - want)
        score += shelter[idx]
        # a mini further than the furthest spot and the spread is close to none of them
        lim = (full if run else single) + w.spread
        others = np.array([o.xy for o in st.placed()
                           if o.id != m.id and math.dist(o.xy, (x, y)) < lim]).reshape(-1, 2)
        if len(others):
            score -= w.crowd * _crowding(q, sp, others, w.spread)[idx]
        self._guard_hero(st, q, m, enemies, xy, score, hunt)
        if run:
            # nothing to shoot from any spot in reach: run (no action this turn)
            if w.walk_run:
                to_t = walk_to(q, sp.xy, GRID, t.xy)[idx]
            score = -to_t + 0.3 * score
        order = np.argsort(-score, kind="stable")
        # a clear line to the target (centre to centre, over nothing that blocks sight)
        # counts for the best few spots in range of it
        head = order[:CLEAR_CHECKS]
        top = [k for k, s_k, t_k in zip(head.tolist(), score[head].tolist(), to_t[head].tolist(),
                                         strict=True) if math.isfinite(s_k) and t_k <= reach]
        # whether a line is clear depends on the table alone: remembered for the match
        clear: dict[tuple[Vec, Vec], bool] = q.per_match("hero player clear lines", dict)
        if len(clear) > 20_000:
            clear.clear()
        for k in top:
            a = (float(xy[k, 0]), float(xy[k, 1]))
            seen = clear.get((a, (tx, ty)))
            if seen is None:
                seen = clear[(a, (tx, ty))] = self._clear(a, (tx, ty), st, q)
            if seen:
                score[k] += w.clear
        if top:
            order = np.argsort(-score, kind="stable")
        # (bearing, distance less 0.3) of the lines that failed
        blocked: list[tuple[float, float]] = []
        tries = 0
        found = False
        # the best SCAN spots' numbers as plain floats: quicker to read one at a time
        best = order[:SCAN]
        for score_k, (sx, sy), sk in zip(score[best].tolist(), xy[best].tolist(),
                                         step[best].tolist(), strict=True):
            if not math.isfinite(score_k) or tries >= MOVE_TRIES:
                break
            bearing = math.atan2(sy - y, sx - x)
            hidden = False
            for b, short in blocked:
                if sk >= short and abs(math.remainder(bearing - b, math.tau)) < 0.2:
                    hidden = True  # further along a line already found blocked
                    break
            if hidden:
                continue
            tries += 1
            p = Point.of(sx, sy)
            plan = q.plan_move(m.id, p)
            if plan.ok:
                found = True
                yield Move(m.id, p)
                continue
            stop = plan.blocked_at.units if plan.blocked_at is not None else None
            blocked.append((bearing, (math.dist((x, y), stop) if stop else sk) - 0.3))
        step_round = None if found or not w.detour else self._detour(
            q, m, sp, t, ok if run else near)
        if step_round is not None:
            yield step_round

    @staticmethod
    def _detour(q: HeroQueries, m: Mini, sp: Spots, t: Mini,
                reach: NDArray[np.bool_]) -> Move | None:
        """K-4, G-1: where no straight move to its best spots works, a step along the
        shortest walk round to its target (:func:`game.ai.hero.detour.detour_step`)."""
        p = detour_step(q, m, sp.xy, GRID, t.xy, reach)
        return None if p is None else Move(m.id, p)

    # ================================================================ weights
    def _guard_hero(self, st: HeroState, q: HeroQueries, m: Mini, enemies: list[Mini],
                    xy: NDArray[np.float64], score: NDArray[np.float64], hunt: bool) -> None:
        """Takes off ``score`` (of the spots ``xy`` for ``m``) what its hero's safety
        asks: the normal player's caution (when not hunting; with :attr:`HeroWeights.guard`
        when hunting) and the copy's own considerations (module text)."""
        w = self.w
        if m.hero and (w.danger or w.blast_danger):
            score -= self._danger(q, m, enemies, xy)
        if m.hero and (w.hide or w.hide_sniper):
            score -= self._exposed(st, q, m, enemies, xy, score)
        if w.blast_gap:
            score -= w.blast_gap * self._near_hero(st, m, xy)
        if w.sniper_sight and m.hero:
            score -= w.sniper_sight * self._sniper_sights(st, m, enemies, xy, score)
        if w.mate_sniper and not m.hero:
            score -= w.mate_sniper * self._sniper_sights(st, m, enemies, xy, score)
        mind = 0.0 if not m.hero else (w.guard if hunt else 1.0) * (
            w.hurt_guard if m.hp <= w.hurt else 1.0)
        if mind:
            foes = np.array([e.xy for e in enemies]).reshape(-1, 2)
            near_e = np.hypot(xy[:, 0:1] - foes[None, :, 0], xy[:, 1:2] - foes[None, :, 1])
            score -= (np.clip(w.caution_range - near_e, 0, None) * (w.caution * mind)).sum(axis=1)

    def _danger(self, q: HeroQueries, m: Mini, enemies: list[Mini],
                xy: NDArray[np.float64]) -> NDArray[np.float64]:
        """For each spot of ``xy``: :attr:`HeroWeights.danger` for each enemy that
        could shoot ``m`` there next turn, :attr:`HeroWeights.blast_danger` for each
        that could throw an explosive there."""
        d = load_data()
        out = np.zeros(len(xy))
        for e in enemies:
            if not e.conscious:
                continue
            move = q.allowance(e.id) / HUNDREDTHS
            gap = np.hypot(xy[:, 0] - e.xy[0], xy[:, 1] - e.xy[1]) - m.r - e.r
            guns = [d.weapons[wp] for wp in e.weapons if not d.weapons[wp].explosive]
            gun = max((wp.range[1] + (0.0 if wp.still else move) for wp in guns), default=0.0)
            out += self.w.danger * (gap <= gun)
            if self.w.blast_danger and any(d.weapons[wp].explosive for wp in e.weapons):
                throw = max(d.weapons[wp].range[1] for wp in e.weapons
                            if d.weapons[wp].explosive)
                out += self.w.blast_danger * (gap <= move + throw)
        return out

    def _exposed(self, st: HeroState, q: HeroQueries, m: Mini, enemies: list[Mini],
                 xy: NDArray[np.float64], score: NDArray[np.float64]) -> NDArray[np.float64]:
        """For each spot of ``xy``: :attr:`HeroWeights.hide` (a sniper
        :attr:`HeroWeights.hide_sniper` more) for each enemy gun in reach of it with a
        clear line to it (worked out for the :data:`HIDE_SPOTS` best-scored spots; the
        others count every gun in reach)."""
        d = load_data()
        out = np.zeros(len(xy))
        head = set(np.argsort(-score, kind="stable")[:HIDE_SPOTS].tolist())
        clear: dict[tuple[Vec, Vec], bool] = q.per_match("hero player clear lines", dict)
        for e in enemies:
            if not e.conscious:
                continue
            move = q.allowance(e.id) / HUNDREDTHS
            guns = [d.weapons[wp] for wp in e.weapons if not d.weapons[wp].explosive]
            if not guns:
                continue
            reach = max(wp.range[1] + (0.0 if wp.still else move) for wp in guns)
            cost = self.w.hide + (self.w.hide_sniper if any(wp.still for wp in guns) else 0.0)
            gap = np.hypot(xy[:, 0] - e.xy[0], xy[:, 1] - e.xy[1]) - m.r - e.r
            for k in (gap <= reach).nonzero()[0].tolist():
                if k in head:
                    a = (float(xy[k, 0]), float(xy[k, 1]))
                    seen = clear.get((a, e.xy))
                    if seen is None:
                        seen = clear[(a, e.xy)] = self._clear(a, e.xy, st, q)
                    if not seen:
                        continue
                out[k] += cost
        return out

    @staticmethod
    def _sniper_sights(st: HeroState, m: Mini, enemies: list[Mini],
                       xy: NDArray[np.float64], score: NDArray[np.float64]
                       ) -> NDArray[np.float64]:
        """For each spot of ``xy``: how many enemy sniper rifles would have ``m`` in
        their sights there (:attr:`HeroWeights.sniper_sight`): inside the range band
        from where the sniper stands, and not Hidden by the rules' sight on a copy of
        the state with ``m`` moved there (looked at for the :data:`HIDE_SPOTS`
        best-scored spots in the band; the others counted as seen)."""
        d = load_data()
        out = np.zeros(len(xy))
        snipers = []
        for e in enemies:
            bands = [d.weapons[wp].range for wp in e.weapons if d.weapons[wp].still]
            if e.conscious and bands:
                snipers.append((e, min(b[0] for b in bands), max(b[1] for b in bands)))
        if not snipers:
            return out
        head = set(np.argsort(-score, kind="stable")[:HIDE_SPOTS].tolist())
        for e, lo, hi in snipers:
            gap = np.hypot(xy[:, 0] - e.xy[0], xy[:, 1] - e.xy[1]) - m.r - e.r
            for k in ((gap >= lo) & (gap <= hi)).nonzero()[0].tolist():
                if k in head:
                    there = st.clone()
                    there.minis[m.id].at = Point.of(float(xy[k, 0]), float(xy[k, 1]))
                    if not HeroQueries(there).sight(e.id, m.id).targetable:
                        continue
                out[k] += 1.0
        return out

    @staticmethod
    def _near_hero(st: HeroState, m: Mini, xy: NDArray[np.float64]) -> NDArray[np.int64]:
        """For each spot of ``xy``, the team mates within a blast's reach where either
        ``m`` or the mate is the hero."""
        d = load_data()
        blast = d.explosive.blast + m.r
        mates = np.array([o.xy for o in st.side_minis(m.side)
                          if o.id != m.id and o.at is not None and o.hp > d.hp_dead
                          and (m.hero or o.hero)]).reshape(-1, 2)
        if not len(mates):
            return np.zeros(len(xy), dtype=np.int64)
        gap = np.hypot(xy[:, 0:1] - mates[None, :, 0], xy[:, 1:2] - mates[None, :, 1])
        return (gap < blast).sum(axis=1)

    def _bound(self, q: HeroQueries, m: Mini, t: Mini, wp: str) -> float:
        """The most an attack on ``t`` with ``wp`` could be worth (the target in the
        open), with the weights' numbers."""
        v = _open_bound(q, m, t, wp, self.w) * self._bomber(t)
        return v * self._threat(q, m, t) if self.w.hero_threat else v

    def _value(self, q: HeroQueries, m: Mini, t: Mini, wp: str) -> float:
        """What an attack on ``t`` with ``wp`` is worth, with the weights' numbers."""
        v = _attack_value(q.attack_odds(m.id, t.id, wp), t, self.w) * self._bomber(t)
        return v * self._threat(q, m, t) if self.w.hero_threat else v

    def _threat(self, q: HeroQueries, m: Mini, t: Mini) -> float:
        """1 + :attr:`HeroWeights.hero_threat` if ``t`` holds an explosive and its move
        and throw reach ``m``'s hero (K-7), else 1."""
        d = load_data()
        throws = [d.weapons[wp].range[1] for wp in t.weapons if d.weapons[wp].explosive]
        if not throws or not t.conscious:
            return 1.0
        hero = next((h for h in q.state.side_minis(m.side) if h.hero and h.at is not None),
                    None)
        if hero is None:
            return 1.0
        gap = math.dist(hero.xy, t.xy) - hero.r - t.r
        reach = q.allowance(t.id) / HUNDREDTHS + max(throws)
        return 1.0 + self.w.hero_threat if gap <= reach else 1.0

    def _bomber(self, t: Mini) -> float:
        """How much more an attack on ``t`` counts for the threat it holds."""
        if not (self.w.bomber or self.w.sniper):
            return 1.0
        d = load_data()
        f = 1.0 + self.w.bomber if any(d.weapons[wp].explosive for wp in t.weapons) else 1.0
        return f * (1.0 + self.w.sniper) if any(d.weapons[wp].still for wp in t.weapons) else f
