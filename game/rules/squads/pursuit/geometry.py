"""The chase's table geometry as the rules read it: facings and the way to the Arrival
(P-7, P-8), what each piece is for a model (difficult or impassable, P-1), what stops a
model's base (P-9, P-11, P-12) and the sweeps physics makes of it (:mod:`game.physics`),
distances between bases, the front arc and the line of sight (P-13).

Facings are whole degrees clockwise from the table's +x axis (y runs down, as in Tiled),
so a facing of ``f`` points along ``(cos f, sin f)``.
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Sequence
from dataclasses import dataclass

import shapely

from game.core.places import HUNDREDTHS, Point
from game.physics import Disc, Shove, Wall, shove
from game.rules.squads.pursuit.numbers import chase_data
from game.rules.squads.pursuit.state import TABLE, ChaseState
from game.rules.squads.units import Model

XY = tuple[float, float]
EPS = 1e-9
EDGE_LEFT = "edge:left"
EDGE_RIGHT = "edge:right"
EDGE_ARRIVAL = "edge:arrival"
MINE = "mine:"
Box = tuple[float, float, float, float]


def direction(facing: float) -> XY:
    """The unit vector a facing of ``facing`` degrees points along."""
    got = _DIRECTIONS.get(facing)
    if got is None:
        r = math.radians(facing)
        got = (math.cos(r), math.sin(r))
        if len(_DIRECTIONS) < 720:
            _DIRECTIONS[facing] = got
    return got


_DIRECTIONS: dict[float, XY] = {}
"""The facings asked for lately (whole degrees, mostly) and their unit vectors."""


def angle_of(v: XY) -> float:
    """The facing (degrees, 0-360) of vector ``v``."""
    return math.degrees(math.atan2(v[1], v[0])) % 360


def angle_between(a: float, b: float) -> float:
    """The smaller angle between two facings, 0-180 degrees."""
    d = abs(a - b) % 360
    return min(d, 360 - d)


def forward(state: ChaseState) -> int:
    """The facing that points at the Arrival: the way the chase runs (P-7, P-8)."""
    got: int | None = state.__dict__.get("_forward")
    if got is None:  # the track's own: kept on the state (its copies share the track)
        got = state.__dict__["_forward"] = round(state.track.axis_angle + 180) % 360
    return got


def off_axis(state: ChaseState, m: Model) -> float:
    """P-7: how many degrees ``m``'s facing is off the way to the Arrival."""
    return angle_between(state.facing.get(m.id, forward(state)), forward(state))


def flies(m: Model) -> bool:
    """P-1: a flyer passes over size 1 terrain."""
    return "flies" in m.stats.traits


# ============================================================================ P-1 terrain
def ignores(state: ChaseState, index: int, m: Model) -> bool:
    """P-1: a flyer ignores a piece of size 1 (or less, as the data says)."""
    return flies(m) and state.map_piece(index).size <= chase_data().flyers_ignore_size


def impassable(state: ChaseState, index: int, m: Model | None = None) -> bool:
    """P-1: ruined size 3 pieces and intact buildings are impassable (not for a flyer
    over size 1)."""
    p = state.map_piece(index)
    if m is not None and ignores(state, index, m):
        return False
    return not p.ruined or p.size >= 3


def difficult(state: ChaseState, index: int, m: Model | None = None) -> bool:
    """P-1: ruined size 1 and 2 pieces are difficult (a flyer ignores size 1)."""
    p = state.map_piece(index)
    if m is not None and ignores(state, index, m):
        return False
    return p.ruined and p.size <= 2


def piece_walls(state: ChaseState, m: Model, *, all_pieces: bool = False,
                box: tuple[float, float, float, float] | None = None) -> list[Wall]:
    """The pieces on the table that stop ``m``'s base as closed outlines (ids
    "piece:N"): the impassable ones, or with ``all_pieces`` every one it does not fly
    over (a model slowed into any piece stops, P-7); with ``box`` only those reaching
    into it."""
    out = []
    for p in state.pieces:
        if p.where != TABLE or ignores(state, p.index, m):
            continue
        if not all_pieces and not impassable(state, p.index, m):
            continue
        if box is not None and not _meets(state.piece_shape(p.index).bounds, box):
            continue
        pts = state.piece_points(p.index)
        out.append(Wall(f"piece:{p.index}", (*pts, pts[0])))
    return out


def edge_walls(state: ChaseState, m: Model) -> list[Wall]:
    """P-11: the long edges stop a base (a crash); the Arrival stops a hunter's (P-4:
    only the scouts leave by it)."""
    t = state.track
    out = [Wall(EDGE_LEFT, t.edges["left"]), Wall(EDGE_RIGHT, t.edges["right"])]
    if state.side_of(m.id) != state.setup.runners:
        out.append(Wall(EDGE_ARRIVAL, t.edges["arrival"]))
    return out


def discs(state: ChaseState, m: Model, box: tuple[float, float, float, float] | None = None,
          ) -> list[Disc]:
    """The other models on the table and the clusters (ids "mine:ID"), as discs."""
    out = []
    for o in state.standing():
        if o.id == m.id:
            continue
        if box is not None and not _meets((o.x - o.radius, o.y - o.radius,
                                           o.x + o.radius, o.y + o.radius), box):
            continue
        out.append(Disc(o.id, o.x, o.y, o.radius))
    for k in state.table_clusters():
        r = chase_data().mine(k.kind).radius
        x, y = k.xy
        if box is None or _meets((x - r, y - r, x + r, y + r), box):
            out.append(Disc(MINE + k.id, x, y, r))
    return out


def _meets(a: tuple[float, float, float, float], b: tuple[float, float, float, float]
           ) -> bool:
    return not (a[2] < b[0] or a[0] > b[2] or a[3] < b[1] or a[1] > b[3])


def sweep_box(x: float, y: float, u: XY, distance: float, r: float
              ) -> tuple[float, float, float, float]:
    """The box a base of radius ``r`` sweeps from ``(x, y)`` along ``u``."""
    ex, ey = x + u[0] * distance, y + u[1] * distance
    pad = r + 0.1
    return min(x, ex) - pad, min(y, ey) - pad, max(x, ex) + pad, max(y, ey) + pad


def obstacles(state: ChaseState, m: Model, all_pieces: bool
              ) -> tuple[list[tuple[Wall, Box]], list[tuple[Disc, Box]]]:
    """Everything that may stop ``m``'s base, each with its box (kept while the state
    does not change: a steering ruler asks for many paths)."""
    def make() -> tuple[list[tuple[Wall, Box]], list[tuple[Disc, Box]]]:
        fly = flies(m)
        walls = list(state.cached(("piece-walls", fly, all_pieces), lambda: [
            _piece_wall(state, k) for k in _stopping(state, fly, all_pieces)
            if state.pieces[k].where == TABLE]))
        walls += [(w, _wall_box(w)) for w in edge_walls(state, m)]
        near = [(d, (d.x - d.radius, d.y - d.radius, d.x + d.radius, d.y + d.radius))
                for d in discs(state, m)]
        return walls, near

    return state.cached(("obstacles", m.id, all_pieces), make)


def _stopping(state: ChaseState, fly: bool, all_pieces: bool) -> tuple[int, ...]:
    """The pieces that stop a base (a flyer's if ``fly``) when on the table, as
    :func:`piece_walls` picks them: what each piece is to a model is the map's."""
    def make() -> tuple[int, ...]:
        size = chase_data().flyers_ignore_size
        return tuple(p.index for p in state.track.pieces
                     if not (fly and p.size <= size)
                     and (all_pieces or not p.ruined or p.size >= 3))

    return state.derived.get(("pursuit-stopping", fly, all_pieces), make)


def _piece_wall(state: ChaseState, index: int) -> tuple[Wall, Box]:
    """Piece ``index``'s outline where it stands now, as :func:`piece_walls` gives it,
    with its box (kept while the piece stays where it is)."""
    p = state.pieces[index]
    key = ("wall", index, p.dx, p.dy)
    got: tuple[Wall, Box] | None = state.memo.get(key)
    if got is None:
        pts = state.piece_points(index)
        w = Wall(f"piece:{index}", (*pts, pts[0]))
        got = state.memo[key] = (w, _wall_box(w))
    return got


def piece_box(state: ChaseState, index: int) -> Box:
    """Piece ``index``'s bounding box where it stands now (its shape's bounds)."""
    return _piece_wall(state, index)[1]


Around = tuple[list[tuple[Wall, Box]], list[tuple[Disc, Box]]]
"""What may stop a base, each with its box (:func:`obstacles`)."""


def sweep(state: ChaseState, m: Model, x: float, y: float, u: XY, distance: float, *,
          all_pieces: bool = False, skip: Iterable[str] = (),
          around: Around | None = None) -> Shove:
    """Physics: ``m``'s base driven from ``(x, y)`` along ``u`` for ``distance`` inches;
    it stops in contact with the first model, cluster, piece (impassable ones, or every
    one with ``all_pieces``) or edge in its way (see :func:`game.physics.shove`);
    ``around``: :func:`obstacles`'s answer, if the caller has it."""
    if distance <= EPS:
        return Shove(Point.of(x, y), 0, None)
    b0, b1, b2, b3 = sweep_box(x, y, u, distance, m.radius)
    walls_all, discs_all = around if around is not None else obstacles(state, m, all_pieces)
    # (:func:`_meets` written out: asked for every obstacle of every sweep)
    walls = [w for w, (w0, w1, w2, w3) in walls_all
             if not (w2 < b0 or w0 > b2 or w3 < b1 or w1 > b3)]
    skipped = set(skip)
    near = [d for d, (d0, d1, d2, d3) in discs_all
            if not (d2 < b0 or d0 > b2 or d3 < b1 or d1 > b3) and d.id not in skipped]
    if not walls and not near:  # nothing within reach: physics has nothing to say
        return Shove(Point.of(x + u[0] * distance, y + u[1] * distance),
                     round(distance * HUNDREDTHS), None)
    a, b = (x, y), (x + u[0] * distance, y + u[1] * distance)
    reach = m.radius + REACH_PAD
    # a segment whose box lies further than ``reach`` from the sweep line's box, along x
    # or y, lies further than that from the line: only the others are measured
    lx0, ly0 = min(a[0], b[0]) - reach, min(a[1], b[1]) - reach
    lx1, ly1 = max(a[0], b[0]) + reach, max(a[1], b[1]) + reach
    walls = [Wall(w.id, (p, q)) for w in walls
             for p, q in zip(w.points, w.points[1:], strict=False)
             if not (max(p[0], q[0]) < lx0 or min(p[0], q[0]) > lx1 or
                     max(p[1], q[1]) < ly0 or min(p[1], q[1]) > ly1)
             and _seg_gap(p, q, a, b) <= reach]
    near = [d for d in near if _point_gap((d.x, d.y), a, b) <= reach + d.radius]
    if not walls and not near:  # only what the base passes clear of: straight on, as
        return _straight(x, y, u, distance)  # physics would have it
    return shove(Disc(m.id, x, y, m.radius), u, distance, near, walls)


REACH_PAD = 0.05
"""Inches beyond a base's radius within which a segment or a disc is handed to physics
(what lies further than its radius from the sweep's line cannot touch the base; a
margin keeps the answer physics's own)."""


def _straight(x: float, y: float, u: XY, distance: float) -> Shove:
    """Physics's answer for a sweep that touches nothing (:func:`game.physics.shove`'s
    own arithmetic, so the point is the same to the last digit)."""
    n = math.hypot(*u)
    hx, hy = u[0] / n, u[1] / n
    along = round(distance * HUNDREDTHS)
    return Shove(Point.of(x + hx * (along / HUNDREDTHS), y + hy * (along / HUNDREDTHS)),
                 along, None)


def _point_gap(p: XY, a: XY, b: XY) -> float:
    """The distance from ``p`` to the segment ``a``-``b``."""
    dx, dy = b[0] - a[0], b[1] - a[1]
    n = dx * dx + dy * dy
    t = 0.0 if n < EPS else max(0.0, min(1.0, ((p[0] - a[0]) * dx + (p[1] - a[1]) * dy) / n))
    return math.hypot(p[0] - a[0] - t * dx, p[1] - a[1] - t * dy)


def _seg_gap(p: XY, q: XY, a: XY, b: XY) -> float:
    """The distance between the segments ``p``-``q`` and ``a``-``b`` (0 if they cross)."""
    def side(o: XY, s: XY, t: XY) -> float:
        return (s[0] - o[0]) * (t[1] - o[1]) - (s[1] - o[1]) * (t[0] - o[0])

    d1, d2 = side(a, b, p), side(a, b, q)
    d3, d4 = side(p, q, a), side(p, q, b)
    if ((d1 > 0 > d2) or (d1 < 0 < d2)) and ((d3 > 0 > d4) or (d3 < 0 < d4)):
        return 0.0
    return min(_point_gap(p, a, b), _point_gap(q, a, b), _point_gap(a, p, q),
               _point_gap(b, p, q))


def _wall_box(w: Wall) -> tuple[float, float, float, float]:
    xs = [p[0] for p in w.points]
    ys = [p[1] for p in w.points]
    return min(xs), min(ys), max(xs), max(ys)


# ============================================================================ distances
def base_gap(a: Model, b: Model) -> float:
    """Between the closest points of two bases (negative if they overlap)."""
    return math.hypot(a.x - b.x, a.y - b.y) - a.radius - b.radius


def in_contact(a: Model, b: Model) -> bool:
    """P-9: the two bases touch (within the data's contact tolerance)."""
    return base_gap(a, b) <= chase_data().contact + 0.02


def in_piece(state: ChaseState, m: Model) -> int | None:
    """The piece on the table ``m`` stands in (its base's centre inside), if any."""
    for p in state.pieces:
        if p.where == TABLE and shapely.intersects_xy(state.piece_shape(p.index), m.x, m.y):
            return p.index
    return None


def axes(state: ChaseState) -> tuple[float, float, float, float]:
    """The Arrival edge's left corner and the unit vector away from it: the distance of
    ``(x, y)`` from the Arrival is ``(x - x0) * hx + (y - y0) * hy`` (what the track's
    ``along`` gives, worked out without a lookup: it is asked very often)."""
    got: tuple[float, float, float, float] | None = state.__dict__.get("_axes")
    if got is None:  # the track's own: kept on the state (its copies share the track)
        t = state.track
        x0, y0 = t.point(0.0, 0.0)
        got = state.__dict__["_axes"] = (x0, y0, t.heading[0], t.heading[1])
    return got


def along(state: ChaseState, x: float, y: float) -> float:
    """How far ``(x, y)`` is from the Arrival edge (the track's ``along``)."""
    x0, y0, hx, hy = axes(state)
    return (x - x0) * hx + (y - y0) * hy


def piece_along(state: ChaseState, index: int) -> float:
    """A piece's distance from the Arrival: its footprint's centre's (a reading)."""
    c = state.piece_shape(index).centroid
    return along(state, float(c.x), float(c.y))


# ============================================================================ P-13 sight
def in_arc(state: ChaseState, m: Model, x: float, y: float) -> bool:
    """P-13: whether ``(x, y)`` lies in ``m``'s front arc (90 degrees about its
    facing)."""
    if math.hypot(x - m.x, y - m.y) < EPS:
        return True
    a = angle_of((x - m.x, y - m.y))
    return angle_between(a, state.facing.get(m.id, 0)) <= chase_data().arc / 2 + 1e-6


def sees(state: ChaseState, a: Model, bx: float, by: float) -> bool:
    """P-13, a reading: the line between the centres crosses no piece of size 2 or more
    (other than one either end stands in)."""
    line = None
    big = chase_data().sight_size
    lx0, ly0, lx1, ly1 = min(a.x, bx), min(a.y, by), max(a.x, bx), max(a.y, by)
    for p in state.pieces:
        if p.where != TABLE or state.map_piece(p.index).size < big:
            continue
        x0, y0, x1, y1 = piece_box(state, p.index)
        if x1 < lx0 or x0 > lx1 or y1 < ly0 or y0 > ly1:
            continue  # its box misses the line's: so does the piece
        if line is None:
            line = shapely.LineString([(a.x, a.y), (bx, by)])
        shape = state.piece_shape(p.index)
        if not shape.intersects(line):
            continue
        if shapely.intersects_xy(shape, a.x, a.y) or shapely.intersects_xy(shape, bx, by):
            continue
        return False
    return True


# ============================================================================ helpers
@dataclass(frozen=True)
class Segment:
    """A straight stretch of a path: from, to, and its length."""

    a: XY
    b: XY

    @property
    def length(self) -> float:
        return math.dist(self.a, self.b)


def difficult_shapes(state: ChaseState, m: Model) -> list[tuple[shapely.Polygon, Box]]:
    """The pieces on the table difficult for ``m``, each with its box (kept while the
    state does not change)."""
    fly = flies(m)

    def make() -> list[tuple[shapely.Polygon, Box]]:
        kinds = state.derived.get(("pursuit-difficult", fly), lambda: tuple(
            p.index for p in state.track.pieces
            if not (fly and p.size <= chase_data().flyers_ignore_size)
            and p.ruined and p.size <= 2))
        return [(state.piece_shape(k), piece_box(state, k)) for k in kinds
                if state.pieces[k].where == TABLE]

    return state.cached(("difficult", fly), make)


def inside_stretches(state: ChaseState, m: Model, a: XY, b: XY) -> list[tuple[float, float]]:
    """P-10: the stretches (from, to: inches along ``a``-``b``) of the segment inside a
    piece that is difficult for ``m``, in order, merged where they meet."""
    if math.dist(a, b) < EPS:
        return []
    # the same stretch is asked for by every path of a steering ruler that starts the same
    return state.cached(("inside", flies(m), a, b), lambda: _inside(state, m, a, b))


def _inside(state: ChaseState, m: Model, a: XY, b: XY) -> list[tuple[float, float]]:
    box = (min(a[0], b[0]), min(a[1], b[1]), max(a[0], b[0]), max(a[1], b[1]))
    near = [shape for shape, bb in difficult_shapes(state, m) if _meets(bb, box)]
    if not near:
        return []
    seg = shapely.LineString([a, b])
    out: list[tuple[float, float]] = []
    for shape in near:
        if not shape.intersects(seg):
            continue
        part = shape.intersection(seg)
        for g in getattr(part, "geoms", [part]):
            if g.is_empty or g.geom_type != "LineString":
                continue
            s = sorted(math.dist(a, q) for q in g.coords)
            out.append((s[0], s[-1]))
    out.sort()
    merged: list[tuple[float, float]] = []
    for s0, s1 in out:
        if merged and s0 <= merged[-1][1] + 1e-6:
            merged[-1] = (merged[-1][0], max(merged[-1][1], s1))
        else:
            merged.append((s0, s1))
    return merged


def point_on(a: XY, u: XY, s: float) -> XY:
    return a[0] + u[0] * s, a[1] + u[1] * s


def hundredths(v: float) -> int:
    return round(v * HUNDREDTHS)


def pts(seq: Sequence[XY]) -> tuple[Point, ...]:
    return tuple(Point.of(*p) for p in seq)
