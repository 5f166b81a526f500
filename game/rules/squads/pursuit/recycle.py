"""Recycling (P-6): the pieces that reached the far edge are placed at the Arrival edge in
turn, the hunters first, each at least 2 inches from every model, cluster and other
piece (else held, and placed first in the next pursuit phase); then one mine cluster may
come in, touching a piece recycled in this phase."""

from __future__ import annotations

import math
from typing import Any

import numpy as np
import shapely

from game.core.places import HUNDREDTHS, Point
from game.rules.squads.pursuit.geometry import along as geo_along
from game.rules.squads.pursuit.geometry import piece_box
from game.rules.squads.pursuit.numbers import chase_data
from game.rules.squads.pursuit.state import TABLE, ChaseState, Cluster

XY = tuple[float, float]


def across_vector(state: ChaseState) -> XY:
    """The unit vector from the left long edge towards the right (seen from the
    Arrival)."""
    got: XY | None = state.__dict__.get("_across")
    if got is None:  # the track's own: kept on the state (its copies share the track)
        t = state.track
        (x0, y0), (x1, y1) = t.point(0.0, 0.0), t.point(0.0, 1.0)
        got = state.__dict__["_across"] = (x1 - x0, y1 - y0)
    return got


def _extent(state: ChaseState, index: int) -> tuple[float, float, float, float]:
    """Piece ``index``'s map footprint along and across the table: nearest and furthest
    from the Arrival, then from the left long edge (the same wherever it is moved)."""
    def make() -> tuple[float, float, float, float]:
        t = state.track
        pts = state.map_piece(index).points
        al = [t.along(x, y) for x, y in pts]
        ac = [t.across(x, y) for x, y in pts]
        return min(al), max(al), min(ac), max(ac)

    return state.derived.get(("pursuit-extent", index), make)


def placed_shift(state: ChaseState, index: int, across: float) -> tuple[int, int]:
    """The piece's translation from its map footprint (hundredths) when placed touching
    the Arrival edge with its centre ``across`` inches from the left long edge."""
    t = state.track
    a0, _a1, c0, c1 = _extent(state, index)
    d_along = -a0
    d_across = across - (c0 + c1) / 2
    hx, hy = t.heading
    cx, cy = across_vector(state)
    return (round((hx * d_along + cx * d_across) * HUNDREDTHS),
            round((hy * d_along + cy * d_across) * HUNDREDTHS))


def _shape_at(state: ChaseState, index: int, shift: tuple[int, int]) -> shapely.Polygon:
    ox, oy = shift[0] / HUNDREDTHS, shift[1] / HUNDREDTHS
    return shapely.Polygon([(x + ox, y + oy) for x, y in state.map_piece(index).points])


def place_check(state: ChaseState, index: int, across: float) -> str | None:
    """P-6: None if recycled piece ``index`` may be placed with its centre ``across``
    inches from the left long edge, else why not."""
    t = state.track
    gap = chase_data().recycle_gap
    shape = _shape_at(state, index, placed_shift(state, index, across))
    x0, y0, x1, y1 = shape.bounds
    if x0 < -1e-6 or y0 < -1e-6 or x1 > t.width + 1e-6 or y1 > t.height + 1e-6:
        return "it must lie wholly on the table, touching the Arrival edge"
    for m in state.standing():
        if shape.distance(shapely.Point(m.x, m.y)) - m.radius < gap - 1e-6:
            return f"it must be at least {gap:g} inches from {m.name} (P-6)"
    for p in state.table_pieces():
        if shape.distance(state.piece_shape(p.index)) < gap - 1e-6:
            name = state.map_piece(p.index).name or f"piece {p.index}"
            return f"it must be at least {gap:g} inches from {name} (P-6)"
    for k in state.table_clusters():
        r = chase_data().mine(k.kind).radius
        if shape.distance(shapely.Point(*k.xy)) - r < gap - 1e-6:
            return f"it must be at least {gap:g} inches from the mine cluster (P-6)"
    return None


def place_spots(state: ChaseState, index: int) -> list[int]:
    """P-6: the across positions (hundredths, every inch) where piece ``index`` may be
    placed (worked out at once: every candidate footprint against every obstacle near
    the Arrival; kept for as long as those obstacles stand where they are)."""
    return list(state.cached(("spots-now", index), lambda: _spots(state, index)))


def _spots(state: ChaseState, index: int) -> list[int]:
    near = _obstacles(state, index)
    key = ("place-spots", index, near)
    got: list[int] | None = state.memo.get(key)
    if got is None:
        bad: set[int] = set()
        for what in near:
            bad.update(_too_close(state, index, what))
        got = state.memo[key] = [v for v, _sx, _sy in _candidates(state, index)
                                 if v not in bad]
    return got


Candidate = tuple[int, float, float]
"""An across position (hundredths) and the footprint's shift there (inches)."""


def _candidates(state: ChaseState, index: int) -> tuple[Candidate, ...]:
    """The across positions every ``recycle_step`` where piece ``index`` placed at the
    Arrival edge lies wholly on the table, each with its footprint's shift (fixed by the
    map: kept with the track's values)."""
    def make() -> tuple[Candidate, ...]:
        t = state.track
        a0, _a1, c0, c1 = _extent(state, index)
        half = (c1 - c0) / 2
        step = chase_data().recycle_step
        cands = []
        c = half
        while c <= t.breadth - half + 1e-9:
            cands.append(round(c * HUNDREDTHS))
            c += step
        base = state.map_piece(index).points
        bx0, by0 = min(x for x, _y in base), min(y for _x, y in base)
        bx1, by1 = max(x for x, _y in base), max(y for _x, y in base)
        hx, hy = t.heading  # placed_shift's sums, for every candidate
        cx, cy = across_vector(state)
        mid = (c0 + c1) / 2
        out = []
        for v in cands:
            sx = round((hx * -a0 + cx * (v / HUNDREDTHS - mid)) * HUNDREDTHS) / HUNDREDTHS
            sy = round((hy * -a0 + cy * (v / HUNDREDTHS - mid)) * HUNDREDTHS) / HUNDREDTHS
            # a shift keeps the order of the corners: the shifted footprint's box is the
            # shifted box, to the last digit
            if bx0 + sx < -1e-6 or by0 + sy < -1e-6 or bx1 + sx > t.width + 1e-6 or \
                    by1 + sy > t.height + 1e-6:
                continue
            out.append((v, sx, sy))
        return tuple(out)

    return state.derived.get(("pursuit-place-candidates", index), make)


def _candidate_boxes(state: ChaseState, index: int
                     ) -> tuple[tuple[float, float, float, float], ...]:
    """The box of each of :func:`_candidates`'s footprints (fixed by the map)."""
    def make() -> tuple[tuple[float, float, float, float], ...]:
        base = state.map_piece(index).points
        bx0, by0 = min(x for x, _y in base), min(y for _x, y in base)
        bx1, by1 = max(x for x, _y in base), max(y for _x, y in base)
        return tuple((bx0 + sx, by0 + sy, bx1 + sx, by1 + sy)
                     for _v, sx, sy in _candidates(state, index))

    return state.derived.get(("pursuit-place-boxes", index), make)


def _too_close(state: ChaseState, index: int, what: tuple[str, int, int, float]
               ) -> tuple[int, ...]:
    """The candidates of :func:`_candidates` where piece ``index`` would stand nearer
    than the gap to one obstacle of :func:`_obstacles` (kept while it stands there: the
    pieces placed one after another in a phase each add one)."""
    key = ("too-close", index, what)
    got: tuple[int, ...] | None = state.memo.get(key)
    if got is not None:
        return got
    kind, a, b, r = what
    if kind == "piece":
        shape: Any = state.piece_shape(a)
        r = 0.0
    else:
        shape = shapely.Point(a / HUNDREDTHS, b / HUNDREDTHS)
    ox0, oy0, ox1, oy1 = shape.bounds
    need = chase_data().recycle_gap - 1e-6 + r
    cands = _candidates(state, index)
    boxes = _candidate_boxes(state, index)
    close = []
    reach = need * need + 1e-9
    for k, (lx, ly, ux, uy) in enumerate(boxes):
        # a footprint's box further than the gap from the obstacle's box is clear of it
        # for sure; only the footprints nearer are measured exactly
        dx = ox0 - ux if ox0 > ux else lx - ox1 if lx > ox1 else 0.0
        dy = oy0 - uy if oy0 > uy else ly - oy1 if ly > oy1 else 0.0
        if dx * dx + dy * dy < reach:
            close.append(k)
    got = ()
    if close:
        shifts = np.array([cands[k][1:] for k in close], dtype=float)
        base = np.array(state.map_piece(index).points, dtype=float)
        rings = base[None, :, :] + shifts[:, None, :]
        d = shapely.distance(shapely.polygons(rings), shape).tolist()
        got = tuple(cands[k][0] for k, g in zip(close, d, strict=True) if g < need)
    state.memo[key] = got
    return got


def _obstacles(state: ChaseState, index: int) -> tuple[tuple[str, int, int, float], ...]:
    """What a recycled piece keeps 2 inches from: every model, cluster and piece on the
    table within its reach of the Arrival: ("model" or "cluster", x, y in hundredths, its
    radius) or ("piece", its index, 0, 0)."""
    a0, a1, _c0, _c1 = _extent(state, index)
    reach = a1 - a0 + chase_data().recycle_gap + 0.01
    out: list[tuple[str, int, int, float]] = []
    for m in state.standing():
        if geo_along(state, m.x, m.y) - m.radius <= reach:
            out.append(("model", round(m.x * HUNDREDTHS), round(m.y * HUNDREDTHS),
                        m.radius))
    for p in state.table_pieces():
        if p.index != index and _extent(state, p.index)[0] + _along_shift(
                state, p.index) <= reach:
            out.append(("piece", p.index, p.dx, p.dy))
    for k in state.table_clusters():
        r = chase_data().mine(k.kind).radius
        x, y = k.xy
        if geo_along(state, x, y) - r <= reach:
            out.append(("cluster", k.x, k.y, r))
    return tuple(out)


def _along_shift(state: ChaseState, index: int) -> float:
    """How far piece ``index`` stands now from its map footprint, along the table (its
    nearest point is its map one's plus this)."""
    p = state.pieces[index]
    hx, hy = state.track.heading
    return (hx * p.dx + hy * p.dy) / HUNDREDTHS


def place(state: ChaseState, index: int, across: float) -> None:
    """P-6: piece ``index`` is placed at the Arrival edge."""
    p = state.pieces[index]
    p.dx, p.dy = placed_shift(state, index, across)
    p.where = TABLE
    if index in state.waiting:
        state.waiting.remove(index)
    state.recycled_now.append(index)


def placeable(state: ChaseState) -> list[int]:
    """The waiting pieces that can be placed somewhere now (the held ones first)."""
    return list(state.cached(("placeable",), lambda: [
        k for k in state.waiting if place_spots(state, k)]))


# ============================================================================ mines
def reserve(state: ChaseState) -> list[Cluster]:
    """The mines' side's clusters off the table."""
    return [k for k in state.clusters if k.where != TABLE]


def may_enter(state: ChaseState) -> bool:
    """P-6, P-12: a cluster may come in now: one is in reserve, fewer than 4 are on the
    table and a piece was recycled in this phase."""
    return bool(reserve(state)) and bool(state.recycled_now) and \
        len(state.table_clusters()) < chase_data().max_mines


def mine_check(state: ChaseState, index: int, x: float, y: float) -> str | None:
    """P-6: None if a cluster may come in at ``(x, y)`` against piece ``index``."""
    if index not in state.recycled_now:
        return "a cluster comes in touching a piece recycled in this phase"
    if not may_enter(state):
        return "no cluster may come in now"
    k = reserve(state)[0]
    r = chase_data().mine(k.kind).radius
    c = shapely.Point(x, y)
    tol = chase_data().contact + 0.02
    if not state.track.on_table(x, y, r):
        return "the cluster must lie wholly on the table"
    if abs(state.piece_shape(index).distance(c) - r) > tol:
        return "the cluster must touch the recycled piece"
    for p in state.table_pieces():
        if p.index != index and state.piece_shape(p.index).distance(c) < r + tol:
            return "the cluster may touch no other piece"
    for m in state.standing():
        if math.hypot(m.x - x, m.y - y) < m.radius + r + tol:
            return f"the cluster may not touch {m.name}"
    for o in state.table_clusters():
        if math.hypot(o.xy[0] - x, o.xy[1] - y) < r + chase_data().mine(o.kind).radius + tol:
            return "the cluster may not touch another cluster"
    return None


def mine_spots(state: ChaseState, index: int) -> list[Point]:
    """P-6: points every inch round recycled piece ``index`` where a cluster may come in."""
    if not may_enter(state):
        return []
    return state.cached(("mine-spots", index), lambda: _mine_spots(state, index))


def _mine_spots(state: ChaseState, index: int) -> list[Point]:
    r = chase_data().mine(reserve(state)[0].kind).radius
    tol = chase_data().contact + 0.02
    ring = state.piece_shape(index).buffer(r, quad_segs=4).exterior
    length = ring.length
    n = max(1, int(length // 1.0))
    at = shapely.get_coordinates(shapely.line_interpolate_point(
        ring, [k * length / n for k in range(n)])).tolist()  # every point in one call
    cands = [Point.of(x, y) for x, y in at]
    xy = np.array([p.units for p in cands], dtype=float)
    t = state.track
    ok = (xy[:, 0] >= r) & (xy[:, 0] <= t.width - r) & (xy[:, 1] >= r) & (
        xy[:, 1] <= t.height - r)
    pts = shapely.points(xy)
    ok &= np.abs(shapely.distance(state.piece_shape(index), pts) - r) <= tol
    # what stands further from every candidate's box than it must keep is passed over
    # (it cannot rule a candidate out): only what is near is measured
    x0, y0 = float(xy[:, 0].min()), float(xy[:, 1].min())
    x1, y1 = float(xy[:, 0].max()), float(xy[:, 1].max())

    def near(bx0: float, by0: float, bx1: float, by1: float, keep: float) -> bool:
        dx = bx0 - x1 if bx0 > x1 else x0 - bx1 if x0 > bx1 else 0.0
        dy = by0 - y1 if by0 > y1 else y0 - by1 if y0 > by1 else 0.0
        return dx * dx + dy * dy <= keep * keep + 1e-6

    for p in state.table_pieces():
        if p.index != index and near(*piece_box(state, p.index), r + tol):
            ok &= shapely.distance(state.piece_shape(p.index), pts) >= r + tol
    for m in state.standing():
        if near(m.x, m.y, m.x, m.y, m.radius + r + tol):
            ok &= np.hypot(xy[:, 0] - m.x, xy[:, 1] - m.y) >= m.radius + r + tol
    for o in state.table_clusters():
        keep = r + chase_data().mine(o.kind).radius + tol
        if near(*o.xy, *o.xy, keep):
            ok &= np.hypot(xy[:, 0] - o.xy[0], xy[:, 1] - o.xy[1]) >= keep
    return [p for p, good in zip(cands, ok, strict=True) if good]


def enter(state: ChaseState, index: int, x: float, y: float) -> Cluster:
    """P-6: a cluster from the reserve comes in at ``(x, y)``, attached to the piece."""
    k = reserve(state)[0]
    k.where, k.piece = TABLE, index
    k.x, k.y = round(x * HUNDREDTHS), round(y * HUNDREDTHS)
    return k
