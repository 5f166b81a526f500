"""The Tactician's movement: a side's plan for the phase (:func:`new_plan`), and for each
figure its manoeuvres: where it could go, which way it could face and whether to defend,
each scored (:func:`manoeuvres`), or a climb (H-11, H-20) or an archer's stand (H-18)
instead (:func:`climb`, :func:`shooter`).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from itertools import chain

import numpy as np
from numpy.typing import NDArray

from game.ai.skeleton import Proposal
from game.ai.tft.context import Context
from game.ai.tft.duels import ZERO6
from game.ai.tft.evaluation import EnemyThreat, enemy_threats, fall_risk
from game.ai.tft.plan import MovePlan
from game.ai.tft.stance import Stance
from game.boards.hexmap import Reach
from game.core.ruleset import Action
from game.rules.tft.hexes.actions import Climb, Defend, Face, JumpDown, Move
from game.rules.tft.hexes.queries import HexFigure, Jump, Seen, load_data, ranged_weapon


# ==================================================================== the side's plan
def outshoots(ctx: Context) -> bool:
    """Whether ``ctx``'s side carries more missile weapons than its enemy (H-18)."""
    data = load_data()

    def shooters(figs: list[HexFigure]) -> int:
        return sum(any(data.weapons[w].missile for w in f.weapons) for f in figs)

    return shooters(ctx.own) > shooters(ctx.enemies)


def _hot(plan_threats: list[EnemyThreat],
         board_neighbours: Callable[[int], Iterable[int]]) -> set[int]:
    """Cells where an enemy can strike: a fixed enemy's front, any neighbour of where a
    mobile one can charge to."""
    hot: set[int] = set()
    stands: set[int] = set()
    for t in plan_threats:
        if t.fixed:
            hot |= t.targets
        else:
            stands |= t.stands
    hot.update(chain.from_iterable(map(board_neighbours, stands)))
    return hot


def new_plan(ctx: Context) -> MovePlan:
    """The side's plan for this movement phase: who moves in what order (engaged figures
    first, then nearest the enemy), what the enemies can do (T-6, T-7), and every cell's
    worth (height less distance to the enemy; a side that out-shoots its enemy holds
    the high ground near it instead)."""
    state, board, w, q = ctx.state, ctx.board, ctx.w, ctx.q
    enemy_moved = state.first != ctx.side  # we move second: they have moved
    threats = enemy_threats(q, ctx.side, mobile=not enemy_moved)
    near_arr = q.distances_to([e.cell for e in ctx.enemies])
    near = near_arr.tolist()
    static_arr = w.high * q.levels() - w.approach * near_arr
    if outshoots(ctx):
        # H-18, H-6: a side that out-shoots its enemy lets it come: it holds the highest
        # ground near where it stands and closes only on enemies that come within a
        # charge of it
        guard = np.maximum(near_arr - w.wait_range, 0)
        static_arr = w.hold * q.levels() - w.approach * guard
    if w.hunt or w.cover:  # hard only: the enemy's archers (H-18)
        static_arr = _archers(ctx, static_arr)
    movers = [f for f in ctx.own if not f.move_over]
    # T-6, H-7: standing in a cell an enemy engages
    engaging = q.engaged_cells(movers[0].id) if movers else frozenset()
    engaged = {f.id: f.standing and f.cell in engaging for f in movers}
    movers.sort(key=lambda f: (not engaged[f.id], near[f.cell], f.id))
    hot = _hot(threats, board.neighbours)
    foes: dict[int, list[tuple[int, int, HexFigure]]] = {}
    for e in ctx.enemies:
        for d, n in board.neighbours_with_direction(e.cell):
            foes.setdefault(n, []).append(((d + 3) % 6, e.cell, e))
    beside = set(foes)
    hot |= beside
    return MovePlan(state, state.turn, [f.id for f in movers], threats, near,
                    w.unmoved, hot=hot, static=static_arr.tolist(),
                    static_arr=static_arr, beside_enemy=beside,
                    fixed_enemy={t.enemy.id for t in threats if t.fixed},
                    engaged=engaged, foes_beside=foes)


def _archers(ctx: Context, static_arr: NDArray[np.float64]) -> NDArray[np.float64]:
    """H-18 (hard only): ``static_arr`` less :attr:`Weights.hunt` per hex to the nearest
    enemy carrying a missile weapon and :attr:`Weights.cover` per enemy archer able to
    shoot that sees the cell (the rules' own sight map)."""
    w, q, data = ctx.w, ctx.q, load_data()
    archers = [e for e in ctx.enemies if any(data.weapons[x].missile for x in e.weapons)]
    if not archers:
        return static_arr
    if w.hunt:
        static_arr = static_arr - w.hunt * q.distances_to([e.cell for e in archers])
    if w.cover:
        seen = np.zeros(len(static_arr))
        for e in archers:
            if e.standing and not e.defending:
                cells = [c for c, s in q.sight_map(e.id).items() if s != Seen.SEEN]
                seen[cells] += 1.0
        static_arr = static_arr - w.cover * seen
    return static_arr


def walking(ctx: Context) -> bool:
    """(hard only) Whether :attr:`Weights.walk` counts this turn (from ``walk_from``)."""
    return bool(ctx.w.walk) and ctx.state.turn >= ctx.w.walk_from


def walk_to_fight(ctx: Context, f: HexFigure) -> NDArray[np.float64]:
    """H-2, H-3, H-4 (hard only): every cell's MP for ``f`` to walk to a hex from which it
    could strike an enemy (the rules' own walk); where no walk gets there, one MP more
    than the farthest that does (0 everywhere when none does)."""
    walk = ctx.q.walk_to_strike(f.id)
    finite = np.isfinite(walk)
    top = float(walk[finite].max()) + 1.0 if finite.any() else 0.0
    return np.where(finite, walk, top)


def walk_static(ctx: Context, plan: MovePlan, f: HexFigure) -> NDArray[np.float64]:
    """(hard only) The plan's static worth less :attr:`Weights.walk` per MP of ``f``'s
    own walk to the fight (:func:`walk_to_fight`)."""
    assert plan.static_arr is not None
    return plan.static_arr - ctx.w.walk * walk_to_fight(ctx, f)


# ==================================================================== climbs and archers
def climb(ctx: Context, plan: MovePlan, f: HexFigure) -> list[Action] | None:
    """H-11, H-20: a figure on a wall goes on up it (or pulls itself up an edge); a figure
    with its hands free at the foot of a wall starts up it when the top is nearer the
    enemy and no walk gets there this turn, and tries the second set when the roll is
    likelier than not and a fall from it (the rules' own climb risk) would not take it
    out. It never starts a climb down (it jumps down or walks round instead); a figure
    already on the way down goes on down."""
    q = ctx.q
    opts = q.climb_options(f.id)
    if not opts:
        return None
    if f.hold:
        return [Climb(f.id, next(iter(opts)), False)]
    near: Sequence[float] = plan.near
    lean = ctx.w.approach
    if walking(ctx):  # hard only: nearer by its own walk to the fight (H-2, H-4)
        near, lean = walk_to_fight(ctx, f).tolist(), ctx.w.walk
    walk = q.move_options(f.id)
    best: tuple[float, int] | None = None
    for top, o in opts.items():
        if o.down or near[top] >= near[f.cell] or walk.reach.cost_of(top) is not None:
            continue
        value = ctx.w.high * o.rise - lean * near[top]
        if best is None or value > best[0]:
            best = (value, top)
    if best is None:
        return None
    o = opts[best[1]]
    risk = q.climb_risk(f.id, best[1], True)
    more = risk is not None and o.p_set >= 0.5 and risk[1].p_down <= ctx.w.deadly_fall
    return [Climb(f.id, best[1], more)]


def _shot_value(ctx: Context, f: HexFigure, foes: list[HexFigure], c: int,
                reach: int) -> float:
    """H-18: the best shot ``f`` could make from ``c`` at one of ``foes`` (exact odds,
    figures in the way counted, never through a friend)."""
    state, board = ctx.state, ctx.board
    value = 0.0
    for e in foes:
        if board.distance(c, e.cell) > reach:
            continue
        chk = ctx.q.shot_check(f.id, e.id, frm=c)
        if chk.odds is None or chk.line is None or not chk.line.clear:
            continue
        if any(state.figures[g].side == f.side for g in chk.line.in_way):
            continue
        p = chk.p_target or 0.0
        scale = p / chk.odds.p_hit if chk.odds.p_hit > 0 else 0.0
        v = scale * (chk.odds.expected_damage + ctx.w.kill * chk.odds.p_down)
        value = max(value, v)
    return value


def shooter(ctx: Context, plan: MovePlan, f: HexFigure) -> list[Action] | None:
    """H-18, T-7: a figure with a bow ready that is not engaged stays where it stands or
    takes the one step a bow allows to the hex with the best shot (exact odds, figures
    in the way counted, never through a friend), a little higher if it can; with no
    shot anywhere near it moves like any other figure."""
    w = ranged_weapon(f)
    if w is None or not w.missile or f.mp_spent or not f.standing:
        return None
    if ctx.q.is_engaged(f.id):
        if ctx.w.keep_bow or ctx.w.step_out:  # hard only: off for the normal Tactician
            return engaged_shooter(ctx, plan, f, w.range)
        return None
    board = ctx.board
    foes = sorted((e for e in ctx.enemies if board.distance(f.cell, e.cell) <= w.range + 1),
                  key=lambda e: (board.distance(f.cell, e.cell), e.id))[:4]
    best: tuple[float, int] | None = None
    cells = [f.cell]
    for k, c in enumerate(cells):
        if k == 1 and best is not None and best[0] >= 0.3:
            break  # a shot from where it stands: no need to look around
        if k == 0:  # then the hexes one step away
            opts = ctx.q.move_options(f.id)
            cells += [n for n in board.neighbours(f.cell) if opts.can_walk(n)]
        value = _shot_value(ctx, f, foes, c, w.range)
        value += 0.05 * board.level(c) - 0.01 * (c != f.cell)
        if best is None or value > best[0] + 1e-9:
            best = (value, c)
    if best is None or best[0] < 0.3:
        return None
    return [Move(f.id, best[1])] if best[1] != f.cell else []


def engaged_shooter(ctx: Context, plan: MovePlan, f: HexFigure,
                    reach: int) -> list[Action] | None:
    """T-6, H-10, H-18 (hard only: :attr:`Weights.keep_bow`, :attr:`Weights.step_out`):
    an engaged figure with a bow ready stays and shoots an enemy engaging it (no
    Defend: a defender does not shoot, T-7), or shifts one hex to a cell no enemy can
    strike this turn (not :attr:`MovePlan.hot`) and shoots from there, whichever shot is
    worth more; with neither worth a shot it manoeuvres like any other figure."""
    wt, q, board = ctx.w, ctx.q, ctx.board
    best: tuple[float, list[Action]] | None = None
    if wt.keep_bow:
        value = 0.0
        for _e, odds, _p, scale in ctx.shot_chances(f):  # engaged: at an enemy engaging it
            value = max(value, scale * (odds.expected_damage + wt.kill * odds.p_down))
        if value >= 0.3:
            best = (value, [])
    if wt.step_out:
        opts = q.move_options(f.id)
        foes = sorted((e for e in ctx.enemies if board.distance(f.cell, e.cell) <= reach + 1),
                      key=lambda e: (board.distance(f.cell, e.cell), e.id))[:4]
        for n in board.neighbours(f.cell):
            if n in plan.hot or not opts.can_walk(n):
                continue
            v = wt.step_out * _shot_value(ctx, f, foes, n, reach)
            if v >= 0.3 and (best is None or v > best[0] + 1e-9):
                best = (v, [Move(f.id, n)])
    return None if best is None else best[1]


# ==================================================================== manoeuvres
def best_static_first(static: list[float]) -> Callable[[int], float]:
    """Sort key: best static worth first."""
    return lambda c: -static[c]


Reached = tuple[int, int | None, bool, float]
"""How a cell is reached: MP, entered from, whether that fixes the facing, P(landing
standing)."""


class Manoeuvres:
    """The cells one figure could end its move in and the facings there, scored (the
    movement CA; see :func:`manoeuvres`).

    Cells where no enemy can strike or be struck are *cold*: their static worth is their
    score, and only the best are kept. The others are *warm*: scored exactly later, with
    how each is reached (:meth:`reached`).
    """

    def __init__(self, ctx: Context, plan: MovePlan, f: HexFigure) -> None:
        self.ctx, self.plan, self.f = ctx, plan, f
        self.board = ctx.board
        engaged = plan.engaged.get(f.id)
        self.engaged = ctx.q.is_engaged(f.id) if engaged is None else engaged
        self.friends: dict[int, int] = {}
        for g in ctx.own:
            if g.id != f.id:
                for n in self.board.neighbours(g.cell):
                    self.friends[n] = self.friends.get(n, 0) + 1
        self.static, self.a_friend = plan.static, ctx.w.friend
        self.ranked = plan.ranked
        if walking(ctx):  # hard only: its own walk to the fight (H-2, H-4)
            static, ranked = plan.own_static(f.id, lambda: walk_static(ctx, plan, f))
            self.static, self.ranked = static, (lambda: ranked)
        self.hot, self.beside = plan.hot, plan.beside_enemy
        self.start = f.cell
        self.cold: list[tuple[int, float]] = []  # (cell, score): the best ones
        self.cold_top = -1e18
        self.warm: list[tuple[float, int]] = []
        """(score before any blow, cell): the hot options."""
        self.how: dict[int, Reached] = {}
        self.reach: Reach | None = None
        self.cost: dict[int, int] = {}
        self.before: Sequence[int] = ()  # the reach's cell before each cell on its way
        self.ends: dict[int, int] = {}
        self.jumps: dict[int, Jump] = {}
        self.falls: dict[int, float] = {}
        """The jumps weighed (H-8), by landing cell: what the fall costs."""

    def keep_cold(self, c: int, b: float) -> None:
        if b >= self.cold_top - 1e-9:
            if b > self.cold_top + 1e-9:
                self.cold = [(c, b)]
            else:
                self.cold.append((c, b))
            self.cold_top = max(self.cold_top, b)

    def _sort(self, c: int, b: float) -> None:
        if c in self.hot:
            self.warm.append((b, c))
        else:
            self.keep_cold(c, b)

    def stay(self) -> None:
        """A figure that has moved already (or may move no more) stays."""
        f, start = self.f, self.start
        b = self.static[start] + self.a_friend * self.friends.get(start, 0) - 0.0 - 0.01 * 0
        if start in self.hot:
            self.how[start] = (0, None, f.move_over, 1.0)
        self._sort(start, b)

    def walks(self) -> None:
        """Its walks (H-2, H-3, T-6; H-15: only where a big figure can stand): friends'
        cells first (their bonus breaks the static order), then every other cell from
        the best static worth down, until neither a cold cell nor a hot one without an
        attack can reach the bar."""
        f, start, static, friends = self.f, self.start, self.static, self.friends
        opts = self.ctx.q.move_options(f.id)
        reach = self.reach = opts.reach
        self.jumps = opts.jumps
        cost, self.before, self.ends = reach.cost, reach.before, reach.ends
        if opts.settle is not None:  # H-15: only where the big figure can stand
            cost = {c: k for c, k in cost.items() if c == start or c in opts.settle}
        self.cost = cost
        self.how[start] = (0, None, False, 1.0)
        for c in cost.keys() & friends.keys():
            self._sort(c, (static[c] + self.a_friend * friends[c]) - 0.01 * cost[c])
        # a small reach (an engaged figure's) is quicker to look at whole
        walk = self.ranked() if len(cost) > 40 else sorted(
            cost, key=best_static_first(static))
        hot, warm, keep_cold = self.hot, self.warm, self.keep_cold
        for c in filter(cost.__contains__, walk):  # (the cells out of reach skipped in C)
            if c in friends:
                continue
            k = cost[c]
            v = static[c]
            if v < self.cold_top - 1e-9:
                break  # b <= v from here on: no cell below can reach the bar
            if c in hot:  # self._sort, inlined
                warm.append((v - 0.01 * k, c))
            else:
                keep_cold(c, v - 0.01 * k)
        seen = {c for _, c in self.warm}
        self.warm.extend(((static[c] + self.a_friend * friends.get(c, 0)) - 0.01 * cost[c], c)
                         for c in cost.keys() & self.beside if c not in seen)

    def jumps_weighed(self) -> None:
        """H-8: each jump down costs its expected fall (the rules' own odds: damage, the
        chance of being taken out, of lying prone); one likely to take the figure out is
        never made."""
        w, f = self.ctx.w, self.f
        for c, j in self.jumps.items():
            risk = fall_risk(self.ctx.q, f, j.levels)
            if risk.p_down > w.deadly_fall:
                continue  # H-8: a fall that takes the figure out is never worth it
            fall = risk.expected_damage + w.lose * risk.p_down + w.prone * risk.p_prone
            self.falls[c] = fall
            b = self.static[c] + self.a_friend * self.friends.get(c, 0) - fall - 0.01 * j.cost
            if c in self.hot:
                self.how[c] = (j.cost, j.via, True, risk.p_standing)
            self._sort(c, b)

    def reached(self, c: int) -> Reached:
        """How ``c`` is reached: MP, entered from, facing fixed, P(landing standing)."""
        r = self.how.get(c)
        return r if r is not None else (self.cost[c], int(self.before[c]),
                                        self.engaged or c in self.ends, 1.0)

    def facing_after(self, c: int, frm: int | None) -> int:
        """The facing a figure has after moving into ``c`` from ``frm``."""
        d = None if frm is None else self.board.direction(frm, c)
        return self.f.facing if d is None else d

    def go(self, c: int) -> Action:
        """The move into ``c``: the jump weighed for it (H-8), else the walk."""
        if c in self.falls:
            return JumpDown(self.f.id, self.jumps[c].via, c)
        return Move(self.f.id, c)

    def _bounds(self, stance: Stance) -> list[tuple[float, int, float]]:
        """The warm cells worth scoring exactly, best bound first: (bound, cell, attack)."""
        bar = self.cold_top - 1e-9
        bounded: list[tuple[float, int, float]] = []
        for b, c in self.warm:
            if c in self.beside:
                k, frm, fixes, p_stand = self.reached(c)
                a = stance.attack_bound(c, k, p_stand,
                                        self.facing_after(c, frm) if fixes else None)
                bounded.append((b + a, c, a))
            elif b >= bar:  # no attack there: else it cannot beat the best cold cell
                bounded.append((b, c, 0.0))
        bounded.sort(key=lambda x: -x[0])
        return bounded

    def score_warm(self, scored: list[tuple[int, float, tuple[Action, ...]]]) -> float:
        """Score the warm cells exactly (best bound first, until the bound falls below the
        best score) into ``scored``; the best score."""
        top = self.cold_top
        f, start = self.f, self.start
        stance = Stance(self.ctx, self.plan, f, self.engaged)
        for bound, c, a in self._bounds(stance):
            if bound < top - 1e-9:
                break
            k, frm, fixes, p_stand = self.reached(c)
            natural = self.facing_after(c, frm)
            fixed = natural if fixes else None
            attack = stance.attacks(c, k, p_stand) if c in self.beside else ZERO6
            extra, facing, defend = stance.best(c, k, fixed, p_stand, attack, natural)
            score = bound - a + extra
            if score < top - 1e-9:
                continue
            acts: list[Action] = []
            if c != start:
                acts.append(self.go(c))
            # away from every enemy the facing does not matter this turn: no Face
            if not fixes and facing is not None and facing != natural:
                acts.append(Face(f.id, facing))
            if defend:
                acts.append(Defend(f.id))
            if score > top:
                top = score
            scored.append((c, score, tuple(acts)))
        return top

    def proposals(self) -> list[Proposal]:
        """The best manoeuvres (within a hair of the best score), in the order of the
        cells' options: stay, then the reach in its order, then the jumps."""
        f = self.f
        if f.move_over or f.mp_spent > 0:
            self.stay()
        else:
            self.walks()
        self.jumps_weighed()
        start = self.start
        scored: list[tuple[int, float, tuple[Action, ...]]] = [
            (c, b, (self.go(c),) if c != start else ()) for c, b in self.cold]
        top = self.score_warm(scored) if self.warm else self.cold_top
        final = [s for s in scored if s[1] >= top - 1e-9]
        if len(final) > 1:  # ties: in the options' order
            order = {start: 0}
            if self.reach is not None:
                order = {c: i for i, c in enumerate(self.reach.cost)}
                n0 = len(order)
                order.update((c, n0 + i) for i, c in enumerate(self.falls))
            final.sort(key=lambda s: order[s[0]])
        return [Proposal(s, acts) for _, s, acts in final]


def manoeuvres(ctx: Context, plan: MovePlan, f: HexFigure) -> list[Proposal]:
    """Where ``f`` could go and which way it could face, each scored (the movement CA).

    Every cell is worth its height, nearness to the enemy, friends beside and (a little)
    the MP it costs. Where no enemy can strike or be struck (not :attr:`MovePlan.hot`)
    that is its whole score, and the best of those sets the bar: cells are looked at
    best static worth first, and no further once that worth falls below the bar. A hot
    cell's attack bounds its score from above (blows taken only lower it), so only hot
    cells whose bound reaches the bar are scored exactly, best bound first, until the
    bound falls below the best score. Proposals within a hair of the best come back in
    the order of the cells' options (stay, then the reach in its order, then the jumps)
    so exact ties go round the same way every time.
    """
    return Manoeuvres(ctx, plan, f).proposals()
