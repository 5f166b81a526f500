"""Paths between the corridors' walls for a round base (the squad turn's movement, S-7).

A :class:`Nav` is worked out once per sewer and base radius (kept in the loaded map's
derived data, shared by every match and clone): the free space a base's centre may
stand in (the corridors' area shrunk by the radius), a grid of points in it every
``grid`` inches and the grid's edges in sixteen directions, each marked when it crosses a
barrier (a grate, sluice gate or cave-in: difficult terrain, F-1).

A straight move is measured exactly (:meth:`Nav.straight_free`); any other path on the
grid (:class:`Field`: Dijkstra through scipy from a start point to every grid point,
each grid step its straight length), which is never shorter than the true shortest path
and within about 3 % of it. What a path may not cross beyond the walls (difficult
terrain for a clear path, an enemy's inch) is given as masks over the nodes and edges.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from functools import cached_property

import numpy as np
import shapely
from scipy.sparse import csr_matrix
from scipy.sparse.csgraph import dijkstra
from shapely import lib as geos
from shapely.creation import HandleNaN
from shapely.geometry import LineString, MultiPolygon, Polygon
from shapely.geometry.base import BaseGeometry

from game.boards.corridors import Corridors, boxed

XY = tuple[float, float]
OFFSETS = ((1, 0), (0, 1), (1, 1), (1, -1), (1, 2), (2, 1), (1, -2), (2, -1))
"""Half of the sixteen grid directions (each edge is listed once)."""
EPS = 1e-6
Segment = Callable[[XY, XY], bool]
ALLOW_NAN = np.intc(HandleNaN.allow.value)
"""What :func:`shapely.linestrings` tells its ufunc by default (coordinates kept as
given)."""


def flooded_shape(board: Corridors, flooded: Sequence[tuple[str, int, int]]) -> BaseGeometry:
    """F-7: the parts of the corridors the water reached: each flooded stretch of a
    corridor (hundredths of an inch along its centre line) widened to the corridor's
    walls, clipped to the corridors."""
    parts: list[BaseGeometry] = []
    for cid, lo, hi in flooded:
        c = board.corridors.get(cid)
        if c is None:
            continue
        a, b = sorted((lo / 100, hi / 100))
        pts = c.path(a, b)
        if len(pts) >= 2 and math.dist(pts[0], pts[-1]) + (b - a) > EPS:
            parts.append(LineString(pts).buffer(c.width / 2, cap_style="flat"))
        else:
            x, y = c.point_at(a)
            parts.append(shapely.Point(x, y).buffer(c.width / 2))
    if not parts:
        return Polygon()
    shape = shapely.unary_union(parts).intersection(board.area)
    gantries = [f.shape for f in board.features if f.kind == "gantry"]
    if gantries:
        shape = shape.difference(shapely.unary_union(gantries))
    shapely.prepare(shape)
    return shape


def flooded_points(board: Corridors, flooded: Sequence[tuple[str, int, int]],
                   xy: np.ndarray) -> np.ndarray:
    """F-7, for many points at once: in a flooded part as the wash reads it (the point's
    nearest corridor position, first corridor on a tie, lies in a flooded stretch; a
    gantry is never flooded)."""
    n = len(xy)
    if n == 0 or not flooded:
        return np.zeros(n, dtype=bool)
    pts = shapely.points(xy)
    names = list(board.corridors)
    dist = np.stack([shapely.distance(board.corridors[c].line, pts) for c in names])
    nearest = np.argmin(dist, axis=0)
    out = np.zeros(n, dtype=bool)
    for k, c in enumerate(names):
        stretches = [(lo, hi) for cid, lo, hi in flooded if cid == c]
        mine = nearest == k
        if not stretches or not mine.any():
            continue
        at = np.round(shapely.line_locate_point(board.corridors[c].line, pts[mine]) * 100)
        hit = np.zeros(len(at), dtype=bool)
        for lo, hi in stretches:
            hit |= (at >= lo) & (at <= hi)
        out[np.nonzero(mine)[0][hit]] = True
    for f in board.features:
        if f.kind == "gantry":
            out &= ~shapely.contains_xy(f.shape, xy[:, 0], xy[:, 1])
    return out


def barrier_shape(board: Corridors) -> BaseGeometry:
    """F-1: the grates, sluice gates and cave-ins (lines and areas) as one shape."""
    shape = shapely.unary_union([f.shape for f in board.features if f.is_barrier])
    shapely.prepare(shape)
    return shape


@dataclass
class Field:
    """The shortest ways on the grid from one start point to every node (``inf`` where
    none within the limit), and how to follow one back."""

    start: XY
    dist: np.ndarray
    """Per node: the path length from the start."""
    row: np.ndarray
    """Per node: which start node the best way leaves by (an index of ``starts``)."""
    starts: list[int]
    preds: np.ndarray
    """Per start node, per node: the node before it on the way (-9999: none)."""
    nav: Nav = field(repr=False)

    def cost_to(self, x: float, y: float) -> tuple[float, int]:
        """The path length to the point ``(x, y)`` and the node it arrives by (``inf``,
        -1 if the field does not reach it)."""
        best, node = math.inf, -1
        dist = self.dist_list
        for m, off in self.nav.near_nodes(x, y):
            d = dist[m] + off
            if d < best:
                best, node = d, m
        return best, node

    @cached_property
    def dist_list(self) -> list[float]:
        """:attr:`dist` as plain numbers (read one node at a time)."""
        out: list[float] = self.dist.tolist()
        return out

    def nodes_to(self, m: int) -> list[int]:
        """The nodes of the way to node ``m``, the start node first."""
        k = int(self.row[m])
        pred = self.preds[k]
        out = [m]
        while out[-1] != self.starts[k]:
            p = int(pred[out[-1]])
            if p < 0:
                break
            out.append(p)
        out.reverse()
        return out

    def path_to(self, x: float, y: float, ok: Segment | None = None) -> tuple[XY, ...]:
        """The way to the point ``(x, y)`` (start and end included), straightened where
        ``ok`` allows a straight segment (by default: where the walls allow one)."""
        _d, m = self.cost_to(x, y)
        if m < 0:
            return (self.start,)
        pts = [self.start, *(self.nav.point(n) for n in self.nodes_to(m)), (x, y)]
        return straighten(pts, ok or self.nav.straight_free)

    def path_to_node(self, m: int, ok: Segment | None = None) -> tuple[XY, ...]:
        """The way to node ``m``, straightened as :meth:`path_to` does."""
        pts = [self.start, *(self.nav.point(n) for n in self.nodes_to(m))]
        return straighten(pts, ok or self.nav.straight_free)


def straighten(points: Sequence[XY], ok: Segment) -> tuple[XY, ...]:
    """``points`` with the corners cut wherever ``ok(a, b)`` allows the straight line
    (the ends kept)."""
    pts = [p for k, p in enumerate(points) if k == 0 or math.dist(p, points[k - 1]) > EPS]
    if len(pts) <= 2:
        return tuple(pts)
    out = [pts[0]]
    k = 0
    while k < len(pts) - 1:
        j = len(pts) - 1
        while j > k + 1 and not ok(pts[k], pts[j]):
            j -= 1
        out.append(pts[j])
        k = j
    return tuple(out)


def length(path: Sequence[XY]) -> float:
    return sum(math.dist(a, b) for a, b in zip(path, path[1:], strict=False))


def walk(path: Sequence[XY], distance: float) -> tuple[XY, tuple[XY, ...]]:
    """The point ``distance`` inches along ``path`` (its end if shorter), and the path
    up to it."""
    if not path:
        raise ValueError("an empty path")
    left = distance
    out = [path[0]]
    for a, b in zip(path, path[1:], strict=False):
        d = math.dist(a, b)
        if d <= EPS:
            continue
        if left <= d + EPS:
            f = min(1.0, max(0.0, left / d))
            end = (a[0] + (b[0] - a[0]) * f, a[1] + (b[1] - a[1]) * f)
            out.append(end)
            return end, tuple(out)
        left -= d
        out.append(b)
    return out[-1], tuple(out)


class Nav:
    """Paths for bases of one radius through one sewer (see the module text)."""

    def __init__(self, board: Corridors, radius: float, grid: float) -> None:
        self.board = board
        self.radius = radius
        self.step = grid
        free = board.area.buffer(-radius, quad_segs=4)
        if free.is_empty:
            free = board.area.buffer(-min(radius, 0.05), quad_segs=4)
        self.free: Polygon | MultiPolygon = free
        shapely.prepare(self.free)
        self.walls = board.area
        self.barriers = barrier_shape(board)
        # the shapes asked most, boxed for shapely's ufuncs (the same prepared shapes)
        self.free_box, self.walls_box = boxed(self.free), boxed(self.walls)
        self.barriers_box = boxed(self.barriers)
        self.barrier_boxes: tuple[tuple[float, float, float, float], ...] = () \
            if self.barriers.is_empty else tuple(
                (float(b[0]), float(b[1]), float(b[2]), float(b[3]))
                for b in shapely.bounds(shapely.get_parts(self.barriers)))
        """The bounding box of each barrier piece (what lies outside every box meets
        none)."""
        x0, y0, x1, y1 = self.free.bounds
        self.x0, self.y0 = x0 + grid / 2, y0 + grid / 2
        self.cols = max(1, int(math.ceil((x1 - x0) / grid)))
        self.rows = max(1, int(math.ceil((y1 - y0) / grid)))
        gx = self.x0 + grid * np.arange(self.cols)
        gy = self.y0 + grid * np.arange(self.rows)
        xx, yy = np.meshgrid(gx, gy)  # rows x cols
        inside = shapely.contains_xy(self.free, xx, yy)
        self.index = np.full((self.rows, self.cols), -1, dtype=np.int64)
        rr, cc = np.nonzero(inside)
        self.index[rr, cc] = np.arange(len(rr))
        self.nodes = np.column_stack([xx[rr, cc], yy[rr, cc]])
        self.n = len(self.nodes)
        self._points: list[XY] = [(x, y) for x, y in self.nodes.tolist()]
        """The nodes as plain numbers (:meth:`point`)."""
        self._edges(rr, cc)
        self._flood_cache: dict[tuple[tuple[str, int, int], ...],
                                tuple[BaseGeometry, np.ndarray, np.ndarray]] = {}
        # answers that hang on the walls alone, kept for every match on this map
        self._frees: dict[XY, bool] = {}
        self._segments: dict[tuple[XY, XY], bool] = {}
        self._sights: dict[tuple[XY, XY], bool] = {}
        self._rays: dict[tuple[float, ...], float] = {}
        self._near: dict[tuple[float, float], tuple[tuple[int, float], ...]] = {}
        self._rects: dict[tuple[int, int, int, int], np.ndarray] = {}
        self._blocks: dict[tuple[int, int, int],
                           tuple[np.ndarray, np.ndarray, tuple[int, ...]]] = {}
        self._ways: dict[tuple[XY, XY, float], tuple[float, tuple[XY, ...]]] = {}
        self._trees: dict[XY, tuple[np.ndarray, np.ndarray]] = {}
        self._tree_numbers: dict[XY, tuple[tuple[float, ...], tuple[int, ...]]] = {}
        self.difficult_at: dict[object, bool] = {}
        """Whether a point is in difficult terrain, by the flooded parts and the point
        (game.rules.squads.flood.moving)."""
        self.crosses_difficult: dict[object, bool] = {}
        """Whether a line meets difficult terrain, by the flooded parts and its ends."""

    def _edges(self, rr: np.ndarray, cc: np.ndarray) -> None:
        a_all: list[np.ndarray] = []
        b_all: list[np.ndarray] = []
        for di, dj in OFFSETS:  # (column step, row step)
            r2, c2 = rr + dj, cc + di
            ok = (r2 >= 0) & (r2 < self.rows) & (c2 >= 0) & (c2 < self.cols)
            a = self.index[rr[ok], cc[ok]]
            b = self.index[r2[ok], c2[ok]]
            keep = b >= 0
            a_all.append(a[keep])
            b_all.append(b[keep])
        a = np.concatenate(a_all) if a_all else np.zeros(0, dtype=np.int64)
        b = np.concatenate(b_all) if b_all else np.zeros(0, dtype=np.int64)
        if len(a):
            segs = shapely.linestrings(np.stack([self.nodes[a], self.nodes[b]], axis=1))
            clear = shapely.covers(self.free, segs)
            a, b, segs = a[clear], b[clear], segs[clear]
            barrier = (shapely.intersects(self.barriers, segs) if not self.barriers.is_empty
                       else np.zeros(len(a), dtype=bool))
        else:
            barrier = np.zeros(0, dtype=bool)
        self.ea, self.eb = a, b
        self.ew = np.hypot(*(self.nodes[a] - self.nodes[b]).T) if len(a) else np.zeros(0)
        self.ebar = np.asarray(barrier, dtype=bool)

    # ================================================================ points
    def point(self, node: int) -> XY:
        return self._points[node]

    def in_free(self, x: float, y: float) -> bool:
        """Whether a base of this radius centred at ``(x, y)`` is clear of the walls."""
        key = (x, y)
        memo = self._frees
        got = memo.get(key)
        if got is None:
            got = bool(geos.intersects_xy(self.free_box, x, y))
            if len(memo) > 50000:
                memo.clear()
            memo[key] = got
        return got

    def straight_free(self, a: XY, b: XY) -> bool:
        """Whether a base can go straight from ``a`` to ``b`` without crossing a wall."""
        key = (a, b)
        memo = self._segments
        got = memo.get(key)
        if got is None:
            if math.dist(a, b) <= EPS:
                got = self.in_free(*a)
            else:
                got = bool(geos.covers(self.free_box, segment(a, b)))
            if len(memo) > 50000:
                memo.clear()
            memo[key] = got
        return got

    def ray(self, x: float, y: float, dx: float, dy: float, distance: float) -> float:
        """How far (up to ``distance``) a base can go straight from ``(x, y)`` along the
        unit vector ``(dx, dy)`` before it meets a wall."""
        key = (x, y, dx, dy, distance)  # exact (a rounded key made answers hang on
        # which rays were asked before: a game differed after other games in one process)
        cache = self._rays
        got = cache.get(key)
        if got is not None:
            return got
        line = LineString([(x, y), (x + dx * distance, y + dy * distance)])
        if self.free.covers(line):
            got = distance
        else:
            got = 0.0
            start = shapely.Point(x, y)
            for part in shapely.get_parts(self.free.intersection(line)):
                if part.distance(start) <= 1e-4 and part.length > got:
                    got = float(part.length)
        if len(cache) > 50000:
            cache.clear()
        cache[key] = got
        return got

    def sees(self, a: XY, b: XY) -> bool:
        """Whether the walls leave the line from ``a`` to ``b`` clear (line of sight)."""
        if math.dist(a, b) <= EPS:
            return True
        key = (a, b)
        memo = self._sights
        got = memo.get(key)
        if got is None:
            got = bool(geos.covers(self.walls_box, segment(a, b)))
            if len(memo) > 50000:
                memo.clear()
            memo[key] = got
        return got

    def sees_all(self, a: XY, points: Sequence[XY]) -> list[bool]:
        """:meth:`sees` from ``a`` to each of ``points`` (the lines not yet asked are
        asked of the walls at once)."""
        memo = self._sights
        ask = [b for b in dict.fromkeys(points)
               if (a, b) not in memo and math.dist(a, b) > EPS]
        if ask:
            lines = geos.linestrings([(a, b) for b in ask], ALLOW_NAN)
            if len(memo) > 50000:
                memo.clear()
            for b, ok in zip(ask, geos.covers(self.walls_box, lines).tolist(), strict=True):
                memo[(a, b)] = bool(ok)
        return [self.sees(a, b) for b in points]

    def near_nodes(self, x: float, y: float) -> tuple[tuple[int, float], ...]:
        """The grid nodes round ``(x, y)`` a base there can go straight to, each with the
        distance."""
        cache = self._near
        key = (x, y)  # exact: a nearby point's nodes are not this one's (the answer
        got = cache.get(key)  # must not hang on which points were asked before)
        if got is not None:
            return got
        c = int(round((x - self.x0) / self.step))
        r = int(round((y - self.y0) / self.step))
        out: tuple[tuple[int, float], ...] = ()
        for reach in (1, 2, 3):
            ids, pts, names = self._block(r, c, reach)
            if len(ids) == 0:
                continue
            ends = np.empty((len(ids), 2, 2))
            ends[:, 0, 0], ends[:, 0, 1], ends[:, 1] = x, y, pts
            d = np.hypot(pts[:, 0] - x, pts[:, 1] - y)
            ok = geos.covers(self.free_box, geos.linestrings(ends, ALLOW_NAN)) | (d <= EPS)
            out = tuple([(n, dd) for n, dd, k in zip(names, d.tolist(), ok.tolist(),
                                                     strict=True) if k])
            if out:
                break
        if len(cache) > 20000:
            cache.clear()
        cache[key] = out
        return out

    def _block(self, r: int, c: int, reach: int
               ) -> tuple[np.ndarray, np.ndarray, tuple[int, ...]]:
        """The nodes of the grid's block ``reach`` cells round cell ``(r, c)`` (row by
        row), their points, and the nodes as plain numbers (kept: the grid's alone)."""
        key = (r, c, reach)
        got = self._blocks.get(key)
        if got is None:
            rs = slice(max(0, r - reach), min(self.rows, r + reach + 1))
            cs = slice(max(0, c - reach), min(self.cols, c + reach + 1))
            ids = self.index[rs, cs].ravel()
            ids = ids[ids >= 0]
            got = self._blocks[key] = (ids, self.nodes[ids], tuple(ids.tolist()))
        return got

    def within(self, points: Sequence[XY], reach: Sequence[float]) -> np.ndarray:
        """A node mask: the nodes within ``reach[k]`` of ``points[k]`` for some k."""
        mask = np.zeros(self.n, dtype=bool)
        step, x0, y0 = self.step, self.x0, self.y0
        rects = self._rects
        ids_of: list[np.ndarray] = []
        ask: list[tuple[float, float, float, int]] = []
        for (x, y), d in zip(points, reach, strict=True):
            # only the grid's block round the point is measured: a node farther than
            # ``d`` along either axis is farther than ``d`` (a column or row of slack
            # each side for rounding); the same distances as measured over every node
            c0 = max(0, math.floor((x - d - x0) / step) - 1)
            c1 = min(self.cols, math.ceil((x + d - x0) / step) + 2)
            r0 = max(0, math.floor((y - d - y0) / step) - 1)
            r1 = min(self.rows, math.ceil((y + d - y0) / step) + 2)
            if c0 >= c1 or r0 >= r1:
                continue
            key = (r0, r1, c0, c1)
            ids = rects.get(key)
            if ids is None:
                ids = self.index[r0:r1, c0:c1].ravel()
                ids = ids[ids >= 0]
                if len(rects) > 20000:
                    rects.clear()
                rects[key] = ids
            ids_of.append(ids)
            ask.append((x, y, d, len(ids)))
        if ids_of:  # every block's nodes measured at once, each from its own point
            ids = np.concatenate(ids_of)
            xs, ys, ds, counts = zip(*ask, strict=True)
            px = np.repeat(np.asarray(xs, dtype=np.float64), counts)
            py = np.repeat(np.asarray(ys, dtype=np.float64), counts)
            pd = np.repeat(np.asarray(ds, dtype=np.float64), counts)
            pts = self.nodes[ids]
            mask[ids[np.hypot(pts[:, 0] - px, pts[:, 1] - py) < pd]] = True
        return mask

    # ================================================================ the flood (F-7)
    def flooded(self, flooded: tuple[tuple[str, int, int], ...]
                ) -> tuple[BaseGeometry, np.ndarray, np.ndarray]:
        """F-7: the flooded shape, the flooded nodes and the edges that touch them."""
        got = self._flood_cache.get(flooded)
        if got is None:
            shape = flooded_shape(self.board, flooded)
            nodes = flooded_points(self.board, flooded, self.nodes)
            edges = nodes[self.ea] | nodes[self.eb] if len(self.ea) else np.zeros(0, bool)
            if len(self._flood_cache) > 64:
                self._flood_cache.clear()
            got = self._flood_cache[flooded] = (shape, nodes, edges)
        return got

    def difficult_edges(self, flooded: tuple[tuple[str, int, int], ...]) -> np.ndarray:
        """The edges through difficult terrain: across a barrier (F-1) or flooded (F-7)."""
        if not flooded:
            return self.ebar
        return self.ebar | self.flooded(flooded)[2]

    # ================================================================ fields
    def graph(self, blocked: np.ndarray | None, no_edges: np.ndarray | None) -> csr_matrix:
        """The grid as a graph without the ``blocked`` nodes and the ``no_edges``, each
        edge listed both ways (see :func:`both_ways`: searched as a directed graph)."""
        whole, edge_of, mirror = self._both_ways
        at = np.zeros(0, dtype=np.int64)  # the entries of the blocked nodes' rows
        if blocked is not None and len(self.ea):
            nodes = np.flatnonzero(blocked)
            if len(nodes):  # every edge touching a node is listed in the node's row
                lo, hi = whole.indptr[nodes], whole.indptr[nodes + 1]
                counts = hi - lo
                at = np.repeat(lo - (np.cumsum(counts) - counts), counts) + np.arange(
                    int(counts.sum()))
        if no_edges is not None:
            drop = no_edges
            if len(at):
                drop = no_edges.copy()
                drop[edge_of[at]] = True
            kept = ~drop[edge_of]
        elif len(at):  # an edge's two entries: the one in a blocked row and its mirror
            kept = np.ones(len(edge_of), dtype=bool)
            kept[at] = False
            kept[mirror[at]] = False
        else:
            return whole
        if kept.all():
            return whole
        # a row's entries start after the kept entries of the rows before it
        before = np.zeros(len(kept) + 1, dtype=whole.indptr.dtype)
        np.cumsum(kept, out=before[1:])
        return csr_matrix((whole.data[kept], whole.indices[kept], before[whole.indptr]),
                          shape=(self.n, self.n))

    @property
    def _both_ways(self) -> tuple[csr_matrix, np.ndarray, np.ndarray]:
        """The whole grid as :func:`both_ways` lists it, the edge (an index of
        :attr:`ea`) of each of its entries and the other entry of the same edge: a graph
        without some edges is this one without their entries, the rest in the same
        order."""
        got: tuple[csr_matrix, np.ndarray, np.ndarray] | None = self.__dict__.get("_whole")
        if got is None:
            ids = both_ways(csr_matrix((np.arange(1, len(self.ea) + 1, dtype=np.float64),
                                        (self.ea, self.eb)), shape=(self.n, self.n)))
            whole = both_ways(csr_matrix((self.ew, (self.ea, self.eb)),
                                         shape=(self.n, self.n)))
            edge_of = ids.data.astype(np.int64) - 1
            pairs = np.argsort(edge_of, kind="stable").reshape(-1, 2)
            mirror = np.empty(len(edge_of), dtype=np.int64)
            mirror[pairs[:, 0]], mirror[pairs[:, 1]] = pairs[:, 1], pairs[:, 0]
            got = self.__dict__["_whole"] = (whole, edge_of, mirror)
        return got

    def field(self, graph: csr_matrix, x: float, y: float, limit: float = math.inf,
              barred: np.ndarray | None = None) -> Field:
        """The shortest ways on ``graph`` from ``(x, y)`` (leaving by the nodes round it
        that are not ``barred``) to every node, as far as ``limit``."""
        starts = [(m, d) for m, d in self.near_nodes(x, y)
                  if barred is None or not barred[m]]
        if not starts or self.n == 0:
            inf = np.full(self.n, np.inf)
            return Field((x, y), inf, np.zeros(self.n, dtype=np.int64), [],
                         np.zeros((0, self.n), dtype=np.int64), self)
        idx = [m for m, _ in starts]
        offs = np.array([d for _, d in starts])
        dist, preds = dijkstra(graph, directed=True, indices=idx, limit=limit,
                               return_predecessors=True)
        total = dist + offs[:, None]
        row = np.argmin(total, axis=0)
        best = total[row, np.arange(self.n)]
        return Field((x, y), best, row, idx, preds, self)

    def nearest(self, graph: csr_matrix, x: float, y: float, goal: np.ndarray
                ) -> tuple[int, Field] | None:
        """The goal node (``goal``: a node mask) :meth:`field` from ``(x, y)`` with no
        limit reaches first (the first such node on a tie), and a field that follows
        the way to it as that one does (None if it reaches none), found with fewer
        full searches: a node's shortest distance from a start does not hang on the
        order the search takes nodes of equal distance, nor on a limit above it, so
        one start is searched in full, giving a bound on the answer, and the others
        only as far as the bound; only the way back (the predecessors, which may hang
        on that order) needs the winning start's full search."""
        starts = self.near_nodes(x, y)
        if not starts or self.n == 0 or not goal.any():
            return None
        idx = [m for m, _ in starts]
        offs = [d for _, d in starts]
        first = self._likely_first(idx, offs, goal)
        d0, p0 = dijkstra(graph, directed=True, indices=idx[first],
                          return_predecessors=True)
        bound = float(np.min(np.where(goal, d0 + offs[first], np.inf)))
        if not math.isfinite(bound):
            return None if len(idx) == 1 else self._nearest_in_full(graph, x, y, goal)
        total = np.full((len(idx), self.n), np.inf)
        total[first] = d0 + offs[first]
        rest = [k for k in range(len(idx)) if k != first and bound - offs[k] >= 0]
        if rest:  # every node these starts reach within the bound is reached exactly
            near = dijkstra(graph, directed=True, indices=[idx[k] for k in rest],
                            limit=bound - min(offs[k] for k in rest) + 1e-6)
            for j, k in enumerate(rest):
                total[k] = near[j] + offs[k]
        row = np.argmin(total, axis=0)
        best = total[row, np.arange(self.n)]
        node = int(np.argmin(np.where(goal, best, np.inf)))
        k = int(row[node])
        preds = p0 if k == first else dijkstra(graph, directed=True, indices=idx[k],
                                               return_predecessors=True)[1]
        rows = np.zeros(self.n, dtype=np.int64)
        return node, Field((x, y), best, rows, [idx[k]], np.asarray(preds)[None, :], self)

    def _likely_first(self, idx: list[int], offs: list[float], goal: np.ndarray) -> int:
        """The start :meth:`nearest` searches in full first: the one whose way is likely
        shortest (its offset and the straight line from its node to the nearest goal
        node, a bound below the way). Which start it is changes nothing of the answer
        (see :meth:`nearest`), only how much is searched: when it is the winner, the
        winner's full search is not made twice, and its bound is the tightest."""
        if len(idx) == 1:
            return 0
        ends = self.nodes[goal]
        pts = self.nodes[idx]
        gap = np.hypot(pts[:, 0, None] - ends[None, :, 0], pts[:, 1, None] - ends[None, :, 1])
        return int(np.argmin(gap.min(axis=1) + np.asarray(offs)))

    def _nearest_in_full(self, graph: csr_matrix, x: float, y: float, goal: np.ndarray
                         ) -> tuple[int, Field] | None:
        f = self.field(graph, x, y)
        reach = np.where(goal, f.dist, np.inf)
        if not np.isfinite(reach).any():
            return None
        return int(np.argmin(reach)), f

    @property
    def plain(self) -> csr_matrix:
        """The grid as a graph with every edge (the walls only)."""
        got: csr_matrix | None = self.__dict__.get("_plain")
        if got is None:
            got = self.__dict__["_plain"] = self.graph(None, None)
        return got

    def tree(self, points: Sequence[XY], graph: csr_matrix | None = None
             ) -> tuple[np.ndarray, np.ndarray]:
        """Per node, the shortest way (on ``graph``, by default :attr:`plain`) to the
        nearest of ``points``, and the next node on it (-9999 at the end)."""
        idx = sorted({m for x, y in points for m, _ in self.near_nodes(x, y)})
        if not idx or self.n == 0:
            return np.full(self.n, np.inf), np.full(self.n, -9999)
        dist, pred, _src = dijkstra(self.plain if graph is None else graph, directed=True,
                                    indices=idx, min_only=True, return_predecessors=True)
        return np.asarray(dist), np.asarray(pred)

    def way(self, start: XY, end: XY, dist: Sequence[float], pred: Sequence[int],
            ahead: float = math.inf) -> tuple[float, tuple[XY, ...]]:
        """The length of the way from ``start`` along a :meth:`tree` to ``end`` (one of
        its points), and its first ``ahead`` inches (all of it by default), straightened
        where the walls allow; ``(inf, (start,))`` if the tree does not reach."""
        near = self.near_nodes(*start)
        if not near:
            return math.inf, (start,)
        k, off = min(near, key=lambda n: float(dist[n[0]]) + n[1])
        total = float(dist[k]) + off
        if not math.isfinite(total):
            return math.inf, (start,)
        pts = [start, self.point(k)]
        went = off
        guard = 0
        while pred[k] >= 0 and guard < self.n and went <= ahead:
            nxt = int(pred[k])
            went += float(dist[k] - dist[nxt])
            k = nxt
            pts.append(self.point(k))
            guard += 1
        if pred[k] < 0:
            pts.append(end)
        return total, straighten(pts, self.straight_free)

    def way_to(self, start: XY, goal: XY, ahead: float = math.inf
               ) -> tuple[float, tuple[XY, ...]]:
        """:meth:`way` from ``start`` along the :meth:`tree` rooted at ``goal`` (both the
        board's alone: kept for every match on the map, by their exact points)."""
        key = (start, goal, ahead)
        memo = self._ways
        got = memo.get(key)
        if got is None:
            dist, pred = self._tree_lists(goal)
            got = self.way(start, goal, dist, pred, ahead)
            if len(memo) > 20000:
                memo.clear()
            memo[key] = got
        return got

    def way_length(self, start: XY, goal: XY) -> float:
        """The length of :meth:`way_to`'s way from ``start`` to ``goal`` (``inf``: none),
        without following it (the tree's distance at the node it starts by)."""
        near = self.near_nodes(*start)
        if not near:
            return math.inf
        dist = self._tree_lists(goal)[0]
        k, off = min(near, key=lambda n: dist[n[0]] + n[1])
        total = dist[k] + off
        return total if math.isfinite(total) else math.inf

    def _tree_lists(self, goal: XY) -> tuple[tuple[float, ...], tuple[int, ...]]:
        """:meth:`_tree_to` as plain numbers (the ways read it one node at a time)."""
        got = self._tree_numbers.get(goal)
        if got is None:
            dist, pred = self._tree_to(goal)
            if len(self._tree_numbers) > 64:
                self._tree_numbers.clear()
            got = self._tree_numbers[goal] = (tuple(dist.tolist()), tuple(pred.tolist()))
        return got

    def _tree_to(self, goal: XY) -> tuple[np.ndarray, np.ndarray]:
        """The :meth:`tree` rooted at ``goal`` (kept for every match on the map)."""
        trees = self._trees
        tree = trees.get(goal)
        if tree is None:
            if len(trees) > 64:
                trees.clear()
            tree = trees[goal] = self.tree([goal])
        return tree

    def multi_field(self, graph: csr_matrix, points: Sequence[XY]) -> np.ndarray:
        """Per node, the shortest way on ``graph`` to the nearest of ``points``."""
        idx: list[int] = []
        for x, y in points:
            idx += [m for m, _ in self.near_nodes(x, y)]
        if not idx or self.n == 0:
            return np.full(self.n, np.inf)
        dist = dijkstra(graph, directed=True, indices=sorted(set(idx)), min_only=True)
        return np.asarray(dist)


def both_ways(graph: csr_matrix) -> csr_matrix:
    """``graph`` (an undirected graph, each edge listed once) as a directed one whose
    row for a node lists the node's edges in ``graph`` and then those in its transpose,
    in their stored order: scipy's undirected Dijkstra reads a node's edges in just that
    order, so a directed search on this one relaxes the same edges in the same order and
    gives the same distances and predecessors to the last digit, without transposing
    the graph afresh for every search."""
    g = graph.tocsr(copy=False).astype(np.float64, copy=False)
    t = g.T.tocsr()
    n = g.shape[0]
    dg, dt = np.diff(g.indptr), np.diff(t.indptr)
    indptr = np.zeros(n + 1, dtype=np.int64)
    indptr[1:] = np.cumsum(dg + dt)
    rows_g, rows_t = np.repeat(np.arange(n), dg), np.repeat(np.arange(n), dt)
    at_g = indptr[rows_g] + (np.arange(len(g.indices)) - g.indptr[rows_g])
    at_t = indptr[rows_t] + dg[rows_t] + (np.arange(len(t.indices)) - t.indptr[rows_t])
    indices = np.empty(len(g.indices) + len(t.indices), dtype=g.indices.dtype)
    data = np.empty(len(indices), dtype=np.float64)
    indices[at_g], indices[at_t] = g.indices, t.indices
    data[at_g], data[at_t] = g.data, t.data
    return csr_matrix((data, indices, indptr), shape=g.shape)


def segment(a: XY, b: XY) -> BaseGeometry:
    """The straight line from ``a`` to ``b`` as a shapely line (as ``LineString([a, b])``
    makes it, without its checks)."""
    line: BaseGeometry = geos.linestrings((a, b), ALLOW_NAN)
    return line


def segment_gap(a: XY, b: XY, p: XY) -> float:
    """The distance from point ``p`` to the segment ``a``-``b``."""
    dx, dy = b[0] - a[0], b[1] - a[1]
    ll = dx * dx + dy * dy
    if ll <= EPS * EPS:
        return math.dist(a, p)
    u = max(0.0, min(1.0, ((p[0] - a[0]) * dx + (p[1] - a[1]) * dy) / ll))
    return math.hypot(p[0] - a[0] - u * dx, p[1] - a[1] - u * dy)
