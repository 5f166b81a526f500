"""Moving a model through the sewer (the turn's movement, S-7, F-7): how far it may go,
where its path runs and what the path crosses.

A model goes along the shortest path between the walls for its base
(:mod:`~game.rules.squads.flood.nav`), never within 1 inch of an enemy model (unless it
starts there: then it may move out), never ending on another base. A path that crosses
difficult terrain (a barrier, F-1; after the flood a flooded part, F-7) is allowed only
once its unit has rolled 2d6 for it, and then only as far as the highest die; a clear
path goes its full 6 inches (:func:`check_move`). Coherency after each move
(:func:`keeps_coherency`, S-7) is the unit's own test.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Iterable, Iterator, Sequence
from dataclasses import dataclass

import numpy as np
import shapely
from scipy.sparse import csr_matrix
from shapely import lib as geos
from shapely.geometry.base import BaseGeometry

from game.core.places import HUNDREDTHS, Point
from game.rules.squads import coherency
from game.rules.squads.data import load_data
from game.rules.squads.flood import water
from game.rules.squads.flood.nav import XY, Field, Nav, boxed, segment, segment_gap, walk
from game.rules.squads.flood.numbers import turn_data
from game.rules.squads.flood.state import FloodState
from game.rules.squads.units import Model, Unit

EPS = 1e-6
OVERLAP = 0.005
"""Slack (inches) when two bases are compared for overlap: positions are kept to a
hundredth."""


def nav_for(state: FloodState, radius: float) -> Nav:
    """The sewer's paths for a base of ``radius`` (worked out once per map)."""
    grid = turn_data().grid
    return state.derived.get(("flood-nav", radius, grid),
                             lambda: Nav(state.board, radius, grid))


def difficult_shape(state: FloodState, nav: Nav) -> BaseGeometry:
    """F-1, F-7: the difficult terrain now: the barriers, and the flooded parts."""
    if not state.flooded:
        return nav.barriers
    key = ("difficult-shape", state.flooded)

    def make() -> BaseGeometry:
        shape = shapely.unary_union([nav.barriers, nav.flooded(state.flooded)[0]])
        shapely.prepare(shape)
        return shape

    return state.derived.get(key, make) if len(state.flooded) < 64 else make()


def in_difficult(state: FloodState, nav: Nav, x: float, y: float) -> bool:
    """Whether ``(x, y)`` is in difficult terrain (an area barrier or a flooded part)."""
    key = (state.flooded, x, y)
    memo = nav.difficult_at
    got = memo.get(key)
    if got is None:
        got = _in_difficult(state, nav, x, y)
        if len(memo) > 20000:
            memo.clear()
        memo[key] = got
    return got


def _in_difficult(state: FloodState, nav: Nav, x: float, y: float) -> bool:
    if state.flooded and water.in_flooded(state.flooded, state.board, x, y):
        return True
    if not any(x0 <= x <= x1 and y0 <= y <= y1 for x0, y0, x1, y1 in nav.barrier_boxes):
        return False  # outside every barrier's box (none, if there are no barriers)
    return bool(geos.intersects_xy(nav.barriers_box, x, y))


def crosses_difficult(state: FloodState, nav: Nav, a: XY, b: XY) -> bool:
    """Whether the straight line from ``a`` to ``b`` meets difficult terrain (kept by
    the path grid for the flooded parts and the exact ends)."""
    key = (state.flooded, a, b)
    memo = nav.crosses_difficult
    got = memo.get(key)
    if got is None:
        got = _crosses_difficult(state, nav, a, b)
        if len(memo) > 20000:
            memo.clear()
        memo[key] = got
    return got


def _crosses_difficult(state: FloodState, nav: Nav, a: XY, b: XY) -> bool:
    shape = difficult_shape(state, nav)
    if shape.is_empty:
        return False
    if math.dist(a, b) <= EPS:
        return in_difficult(state, nav, *a)
    if not state.flooded:  # the barriers alone: a line clear of each one's box misses it
        lx, hx, ly, hy = min(a[0], b[0]), max(a[0], b[0]), min(a[1], b[1]), max(a[1], b[1])
        if not any(x0 <= hx and lx <= x1 and y0 <= hy and ly <= y1
                   for x0, y0, x1, y1 in nav.barrier_boxes):
            return False
    box = nav.barriers_box if shape is nav.barriers else boxed(shape)
    return bool(geos.intersects(box, segment(a, b)))


# ==================================================================== the enemy's inch
Zone = tuple[float, float, float]
"""An enemy model's inch: its centre and how near a mover's centre may not come."""


def enemy_zones(state: FloodState, model: Model, side: str,
                ignore: Sequence[str] = ()) -> tuple[Zone, ...]:
    """The enemies' inches ``model`` may not enter (those it starts in excepted: it may
    move out of them), leaving out the units in ``ignore`` (worked out once a state for
    where the model stands)."""
    def make() -> tuple[Zone, ...]:
        gap = turn_data().enemy_gap
        out = []
        for uid, _e, ex, ey, er in _enemy_bases(state, side):
            if uid in ignore:
                continue
            reach = gap + model.radius + er
            if math.hypot(ex - model.x, ey - model.y) < reach - EPS:
                continue  # it starts within this enemy's inch: it may move out
            out.append((ex, ey, reach))
        return tuple(out)

    return state.cached(("zones", model.id, model.x, model.y, model.radius, side,
                         tuple(ignore)), make)


Base = tuple[str, Model, float, float, float]
"""A standing model's unit, the model, its centre and its base's radius."""


def _bases(state: FloodState, side: str | None = None) -> Iterable[Base]:
    """Every standing model (not of ``side``, if given), in the order of the units and
    their models: remembered while the state stays the same, read afresh while an
    action is applied (models move then)."""
    def read() -> Iterator[Base]:
        return ((u.id, m, m.x, m.y, m.radius) for u in state.units.values()
                if u.side != side for m in u.models if m.wounds > 0)

    if state.applying:
        return read()
    return state.cached(("bases", side), lambda: tuple(read()))


def _enemy_bases(state: FloodState, side: str) -> Iterable[Base]:
    """The standing models not of ``side`` (as :func:`_bases`)."""
    return _bases(state, side)


def near_enemy(state: FloodState, side: str, x: float, y: float, radius: float,
               ignore: Sequence[str] = ()) -> Model | None:
    """An enemy model within 1 inch of a base of ``radius`` at ``(x, y)``, if any."""
    gap = turn_data().enemy_gap
    for uid, e, ex, ey, er in _enemy_bases(state, side):
        near = gap + radius + er - EPS
        dx, dy = ex - x, ey - y  # as far along an axis: no nearer (see check)
        if -near < dx < near and -near < dy < near and math.hypot(dx, dy) < near \
                and uid not in ignore:
            return e
    return None


def overlaps(state: FloodState, model: Model, x: float, y: float,
             skip: Sequence[str] = ()) -> Model | None:
    """Another standing model whose base a base of ``model`` at ``(x, y)`` would
    overlap, if any."""
    mine, r = model.id, model.radius
    for _uid, m, mx, my, mr in _bases(state):
        near = mr + r - OVERLAP
        dx, dy = mx - x, my - y  # as far along an axis: no nearer (see check)
        if -near < dx < near and -near < dy < near and math.hypot(dx, dy) < near \
                and m.id != mine and m.id not in skip:
            return m
    return None


def clears_zones(a: XY, b: XY, zones: Sequence[Zone]) -> bool:
    """Whether the line from ``a`` to ``b`` keeps out of every zone (each zone's
    :func:`~game.rules.squads.flood.nav.segment_gap` worked out in line, the same
    sums in the same order)."""
    ax, ay = a
    dx, dy = b[0] - ax, b[1] - ay
    ll = dx * dx + dy * dy
    if ll <= EPS * EPS:
        return all(segment_gap(a, b, (x, y)) >= r - EPS for x, y, r in zones)
    hypot = math.hypot
    for x, y, r in zones:
        u = ((x - ax) * dx + (y - ay) * dy) / ll
        u = 0.0 if u < 0.0 else 1.0 if u > 1.0 else u
        if hypot(x - ax - u * dx, y - ay - u * dy) < r - EPS:
            return False
    return True


# ==================================================================== graphs and fields
def _graph(state: FloodState, nav: Nav, zones: tuple[Zone, ...], clear: bool) -> csr_matrix:
    key = ("graph", zones, state.flooded if clear else (), clear)
    cache = _cache(nav)
    got = cache.get(key)
    if got is None:
        blocked = nav.within([(x, y) for x, y, _ in zones], [r for *_, r in zones]) \
            if zones else None
        got = nav.graph(blocked, nav.difficult_edges(state.flooded) if clear else None)
        _store(cache, key, got)
    result: csr_matrix = got
    return result


def field(state: FloodState, nav: Nav, start: XY, zones: tuple[Zone, ...], clear: bool,
          limit: float) -> Field:
    """The shortest ways on the grid from ``start`` avoiding ``zones`` (and, if
    ``clear``, difficult terrain), as far as ``limit``."""
    key = ("field", zones, state.flooded if clear else (), clear,
           start[0], start[1], limit)  # exact: a field is its own start's
    cache = _cache(nav)
    got = cache.get(key)
    if got is None:
        graph = _graph(state, nav, zones, clear)
        barred = None
        if clear and state.flooded:
            barred = nav.flooded(state.flooded)[1]
        made = nav.field(graph, start[0], start[1], limit, barred)
        _store(cache, key, made)
        return made
    assert isinstance(got, Field)
    return got


def nearest(state: FloodState, nav: Nav, start: XY, zones: tuple[Zone, ...],
            goal: np.ndarray) -> tuple[int, Field] | None:
    """The node of ``goal`` (a node mask) nearest ``start`` on the grid avoiding
    ``zones``, with no limit, and a field that follows the way to it: what
    ``field(state, nav, start, zones, False, math.inf)`` finds there, the first such
    node on a tie (:meth:`Nav.nearest`: fewer full searches; the field itself if it was
    already worked out). None if no way reaches one."""
    key = ("field", zones, (), False, start[0], start[1], math.inf)
    got = _cache(nav).get(key)
    if isinstance(got, Field):
        reach = np.where(goal, got.dist, np.inf)
        if not np.isfinite(reach).any():
            return None
        return int(np.argmin(reach)), got
    return nav.nearest(_graph(state, nav, zones, False), start[0], start[1], goal)


def _cache(nav: Nav) -> dict[object, object]:
    got: dict[object, object] | None = nav.__dict__.get("_flood_memo")
    if got is None:
        got = nav.__dict__["_flood_memo"] = {}
    return got


def _store(cache: dict[object, object], key: object, value: object) -> None:
    if len(cache) > 400:
        cache.clear()
    cache[key] = value


# ==================================================================== a move
@dataclass(frozen=True)
class MoveCheck:
    """What moving a model to a point would be."""

    ok: bool
    reason: str = ""
    """Why not, in a player's words ("" if it may)."""
    cost: float = 0.0
    """The path's length in inches."""
    difficult: bool = False
    """The path crosses difficult terrain (the unit's roll limits it)."""
    path: tuple[XY, ...] = ()
    rule: str = "S-7"


def check_move(state: FloodState, model: Model, side: str, to: Point, budget: float,
               difficult: int | None, *, run: bool = False) -> MoveCheck:
    """Whether ``model`` may move to ``to`` with ``budget`` inches on a clear path and,
    once its unit rolled ``difficult`` (None: not rolled), that far through difficult
    terrain; a run (``run``) is not slowed by difficult terrain."""
    return move_checker(state, model, side, budget, difficult, run=run)(to)


def move_checker(state: FloodState, model: Model, side: str, budget: float,
                 difficult: int | None, *, run: bool = False) -> Callable[[Point], MoveCheck]:
    """:func:`check_move` for ``model`` as it stands now and any number of points: what
    every point's check reads of the model, its path grid and the others' bases is read
    once (a player or the legal menu judging many points of one model)."""
    nav = nav_for(state, model.radius)
    name, mid, r = model.name, model.id, model.radius
    start = (model.x, model.y)
    bases = state.cached(("overlap-bases", r), lambda: tuple(
        (m, m.id, mx, my, mr + r - OVERLAP) for _u, m, mx, my, mr in _bases(state)))
    gap = turn_data().enemy_gap
    enemies = state.cached(("enemy-bases", side, r), lambda: tuple(
        (e, ex, ey, gap + r + er - EPS) for _u, e, ex, ey, er in _enemy_bases(state, side)))
    memo: dict[object, MoveCheck] = state.memo.setdefault("paths", {})
    zones: tuple[Zone, ...] | None = None
    hypot = math.hypot

    def check(to: Point) -> MoveCheck:
        nonlocal zones, memo
        x, y = to.units
        if math.dist(start, (x, y)) <= EPS:
            return MoveCheck(False, f"{name} is already there")
        if not nav.in_free(x, y):
            return MoveCheck(False, f"({x:.1f}, {y:.1f}) is not in the corridors, or "
                                    f"{name}'s base would cross a wall")
        # a centre as far as ``near`` along either axis is no nearer than that (the
        # distance is never below either side), so only the others are measured
        for other, oid, ox, oy, near in bases:
            dx, dy = ox - x, oy - y
            if -near < dx < near and -near < dy < near and hypot(dx, dy) < near \
                    and oid != mid:
                return MoveCheck(False, f"{name} would stand on {other.name}'s base")
        for enemy, ex, ey, near in enemies:
            dx, dy = ex - x, ey - y
            if -near < dx < near and -near < dy < near and hypot(dx, dy) < near:
                return MoveCheck(False, f"{name} would end within {gap:g} inch of "
                                        f"{enemy.name}")
        if zones is None:
            zones = enemy_zones(state, model, side)
        key = (mid, start, (x, y), zones, budget, difficult, run, r, state.flooded)
        got = memo.get(key)
        if got is None:
            got = plan_path(state, nav, start, (x, y), zones, budget, difficult, run, name)
            memo = state.memo.setdefault("paths", {})
            if len(memo) > 20000:
                memo.clear()
            memo[key] = got
        return got

    return check


def plan_path(state: FloodState, nav: Nav, start: XY, end: XY, zones: tuple[Zone, ...],
              budget: float, difficult: int | None, run: bool, name: str) -> MoveCheck:
    """The way from ``start`` to ``end`` a move of ``budget`` inches (``difficult``
    through difficult terrain; a run ignores it) may take, or why there is none."""
    length = math.dist(start, end)
    if length > budget + EPS:  # no way is shorter than the straight line
        return MoveCheck(False, _too_far(name, length, budget, run))
    straight = nav.straight_free(start, end) and clears_zones(start, end, zones)
    hard_ends = not run and (in_difficult(state, nav, *start) or in_difficult(state, nav, *end))
    if straight:
        hard = hard_ends or (not run and crosses_difficult(state, nav, start, end))
        if not hard:
            return MoveCheck(True, cost=length, path=(start, end))
        if hard_ends:  # no clear way: the straight line is the shortest difficult one
            return _through(difficult, budget, length, (start, end))
    clear = not run and not hard_ends and bool(state.flooded or not nav.barriers.is_empty)
    if not hard_ends:
        f = field(state, nav, start, zones, clear, budget + 1)
        cost, _ = f.cost_to(*end)
        if cost <= budget + EPS:
            return MoveCheck(True, cost=cost, path=_path(state, nav, f, end, zones, clear))
        if not clear:
            return MoveCheck(False, _too_far(name, cost, budget, run))
    else:
        cost = math.inf
    reach = min(budget, difficult) if difficult is not None else budget
    path: tuple[XY, ...] = (start, end)
    if straight:
        hard_cost = length
    else:
        g = field(state, nav, start, zones, False, reach + 1)
        hard_cost, _ = g.cost_to(*end)
        path = _path(state, nav, g, end, zones, False) if hard_cost <= reach + EPS else ()
    if hard_cost <= budget + EPS:
        return _through(difficult, budget, hard_cost, path)
    return MoveCheck(False, _too_far(name, min(cost, hard_cost), budget, run))


def _through(difficult: int | None, budget: float, cost: float,
             path: tuple[XY, ...]) -> MoveCheck:
    """F-7: a way of ``cost`` inches through difficult terrain, judged by the unit's
    roll (``difficult``; None: not rolled yet)."""
    if difficult is None:
        return MoveCheck(False, "the way there crosses difficult terrain: roll for it "
                                "first (2d6, the highest die is how far, F-7)",
                         cost=cost, difficult=True, rule="F-7")
    if cost <= min(budget, difficult) + EPS and path:
        return MoveCheck(True, cost=cost, difficult=True, path=path, rule="F-7")
    return MoveCheck(False, f"it is {cost:.1f} inches through difficult terrain; "
                            f"the unit's roll allows {difficult}", cost=cost,
                     difficult=True, rule="F-7")


def _too_far(name: str, cost: float, budget: float, run: bool) -> str:
    what = f"its run of {budget:g}" if run else f"{budget:g} inches"
    if math.isinf(cost):
        return f"{name} cannot get there (walls, or the enemy's inch, are in the way)"
    return f"it is {cost:.1f} inches along the corridors; {name} may move {what}"


def _path(state: FloodState, nav: Nav, f: Field, end: XY, zones: tuple[Zone, ...],
          clear: bool) -> tuple[XY, ...]:
    def ok(a: XY, b: XY) -> bool:
        return (nav.straight_free(a, b) and clears_zones(a, b, zones)
                and not (clear and crosses_difficult(state, nav, a, b)))

    return f.path_to(*end, ok)


def walk_towards(state: FloodState, nav: Nav, f: Field, node: int, distance: float,
                 zones: tuple[Zone, ...], clear: bool) -> tuple[XY, ...]:
    """The way along field ``f`` to ``node``, cut at ``distance`` inches."""
    def ok(a: XY, b: XY) -> bool:
        return (nav.straight_free(a, b) and clears_zones(a, b, zones)
                and not (clear and crosses_difficult(state, nav, a, b)))

    path = f.path_to_node(node, ok)
    _end, cut = walk(path, distance)
    return cut


# ==================================================================== coherency (S-7)
def chains(state: FloodState, unit: Unit) -> tuple[list[Model], list[str]]:
    """S-7, F-8: the unit's main chain now and the ids of its survivors out of it, kept
    while its models stand where they are (they are all the answer reads)."""
    return state.cached(("chains", unit.id), lambda: _chains(state, unit))


def _chains(state: FloodState, unit: Unit) -> tuple[list[Model], list[str]]:
    memo: dict[str, tuple[object, list[Model], list[str]]] = state.memo.setdefault(
        "chains", {})
    sig = tuple([(m.x, m.y, m.wounds) for m in unit.models])
    got = memo.get(unit.id)
    if got is None or got[0] != sig:
        main = coherency.main_group(unit)
        kept = {m.id for m in main}
        got = memo[unit.id] = (sig, main, [m.id for m in unit.survivors if m.id not in kept])
    return got[1], got[2]


def keeps_coherency(state: FloodState, model: Model, x: float, y: float) -> bool:
    """S-7: whether the unit's main chain (``model`` in it) is still one chain with
    ``model`` standing at ``(x, y)``."""
    return coherency_checker(state, model)(x, y)


def coherency_checker(state: FloodState, model: Model) -> Callable[[float, float], bool]:
    """:func:`keeps_coherency` for ``model`` as its unit stands now and any number of
    places (the chains it must touch worked out once)."""
    unit = state.unit_of(model.id)
    chain = chains(state, unit)[0]
    if len(chain) <= 1:
        return _always
    if state.applying or not any(m is model for m in chain):
        rest = None
    else:  # the chain without it, once a state: it must touch each of those chains
        rest = state.cached(("chain-without", model.id), lambda: coherency.coherency_groups(
            [m for m in chain if m is not model]))

    data = load_data()
    reach = data.coherency_distance + coherency.EPSILON
    edges = data.coherency_measure != "centre"
    r = model.radius
    hypot = math.hypot

    def keeps(x: float, y: float) -> bool:
        if rest is not None:  # coherency.in_touch of the model there and each other,
            for group in rest:  # worked in line (the same sums in the same order)
                for o in group:
                    centres = hypot(x - o.x, y - o.y)
                    if (max(0.0, centres - r - o.radius) if edges else centres) <= reach:
                        break
                else:
                    return False
            return True
        old = model.x, model.y
        model.x, model.y = x, y
        try:
            return len(coherency.coherency_groups(chain)) == 1
        finally:
            model.x, model.y = old

    return keeps


def _always(x: float, y: float) -> bool:
    return True


# ==================================================================== candidates
DIRECTIONS = 8
FRACTIONS = (1.0, 0.5)


def candidate_points(state: FloodState, model: Model, budget: float) -> list[Point]:
    """Points a model could go to in straight lines: ``DIRECTIONS`` ways, each as far as
    the walls and ``budget`` allow and half that (the legal menu's lattice)."""
    nav = nav_for(state, model.radius)
    out: dict[Point, None] = {}
    for k in range(DIRECTIONS):
        a = 2 * math.pi * k / DIRECTIONS
        dx, dy = math.cos(a), math.sin(a)
        reach = nav.ray(model.x, model.y, dx, dy, budget) - 0.02
        if reach < 0.25:
            continue
        for frac in FRACTIONS:
            d = reach * frac
            if d >= 0.25:
                out[Point.of(model.x + dx * d, model.y + dy * d)] = None
    return list(out)


def moved_by(a: XY, b: XY) -> int:
    """Hundredths of an inch between two points (for the moved tally)."""
    return round(math.dist(a, b) * HUNDREDTHS)

