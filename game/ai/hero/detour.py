"""A move around a piece in the way, for the Tabletop Hero player (the hard copy's
``detour`` weight, :class:`game.ai.hero.weights.HeroWeights`).

The normal player moves in one straight line (K-4: a Move goes straight to its point)
to the best-scored spot it can reach that way, and stands still when the lines to its
best spots all run into an impassable piece (a shed, a doghouse, a wheelbarrow: G-1) or
a mini: in the normal Backyard mirror a third of the tan commando's turns pass so. Here
such a mini steps along the shortest way round to its target instead: the candidate
spots it can reach (the rules' own move plan, ``HeroQueries.plan_move``) with the
shortest walk left to the target, the walk measured over the grid of candidate spots
with no step across an impassable piece.
"""

from __future__ import annotations

import math

import numpy as np
from numpy.typing import NDArray
from scipy.sparse import csr_matrix
from scipy.sparse.csgraph import dijkstra

from game.core.places import Point
from game.rules.hero.queries import HeroQueries, Mini

TRIES = 12
"""Most move plans worked out for one detour."""


def impassable(q: HeroQueries) -> tuple[int, ...]:
    """G-1: the pieces no move goes through (worked out once per match)."""
    return q.per_match("hero player impassable pieces", lambda: tuple(
        f.index for f in q.terrain().features if f.has("impassable")))


def _graph(q: HeroQueries, xy: NDArray[np.float64], grid: float) -> csr_matrix:
    """The candidate spots as a graph: each joined to its eight neighbours on the grid
    by a step not across an impassable piece (G-1), weighted by its length."""
    board, walls = q.state.board, impassable(q)
    index = {(round(x / grid), round(y / grid)): k for k, (x, y) in enumerate(xy.tolist())}
    rows: list[int] = []
    cols: list[int] = []
    vals: list[float] = []
    for (i, j), k in index.items():
        for di, dj in ((1, 0), (0, 1), (1, 1), (1, -1)):
            n = index.get((i + di, j + dj))
            if n is None or board.crosses_any(tuple(xy[k]), tuple(xy[n]), walls):
                continue
            rows += [k, n]
            cols += [n, k]
            vals += [grid * math.hypot(di, dj)] * 2
    return csr_matrix((vals, (rows, cols)), shape=(len(xy), len(xy)))


def walk_to(q: HeroQueries, xy: NDArray[np.float64], grid: float,
            target: tuple[float, float]) -> NDArray[np.float64]:
    """G-1: the length of the shortest walk from each candidate spot (``xy``, a grid of
    spacing ``grid``) to the spot nearest ``target``, round the impassable pieces (inf
    where none; remembered for the match by that spot)."""
    graph = q.per_match("hero player walk graph", lambda: _graph(q, xy, grid))
    walks: dict[int, NDArray[np.float64]] = q.per_match("hero player walks", dict)
    end = int(np.argmin(np.hypot(xy[:, 0] - target[0], xy[:, 1] - target[1])))
    got = walks.get(end)
    if got is None:
        if len(walks) > 400:
            walks.clear()
        got = walks[end] = np.asarray(dijkstra(graph, indices=end), dtype=np.float64)
    return got


def _clear_walk(q: HeroQueries, a: tuple[float, float], b: tuple[float, float],
                r: float) -> bool:
    """Whether a base of radius ``r`` going straight from ``a`` to ``b`` crosses no
    impassable piece (G-1; its centre line and its two sides: a quick look before the
    rules' plan)."""
    board, walls = q.state.board, impassable(q)
    dx, dy = b[0] - a[0], b[1] - a[1]
    n = math.hypot(dx, dy) or 1.0
    ox, oy = -dy / n * r, dx / n * r
    return not any(board.crosses_any((a[0] + s * ox, a[1] + s * oy),
                                     (b[0] + s * ox, b[1] + s * oy), walls)
                   for s in (0.0, 1.0, -1.0))


def detour_step(q: HeroQueries, m: Mini, xy: NDArray[np.float64], grid: float,
                target: tuple[float, float], reach: NDArray[np.bool_]) -> Point | None:
    """K-4, G-1: where ``m`` goes round what stands in its way: of the candidate spots
    ``xy`` marked in ``reach``, the one with the shortest walk left to ``target``
    (:func:`walk_to`, shorter than from where it stands) that the rules' plan lets it
    reach in a straight move (spots whose line crosses an impassable piece passed over;
    None if no plan of the first few works)."""
    walk = walk_to(q, xy, grid, target)
    x, y = m.xy
    here = int(np.argmin(np.hypot(xy[:, 0] - x, xy[:, 1] - y)))
    idx = np.nonzero(reach & (walk < walk[here] - 0.5))[0]
    tries = 0
    for k in idx[np.argsort(walk[idx], kind="stable")].tolist():
        b = (float(xy[k, 0]), float(xy[k, 1]))
        if not _clear_walk(q, (x, y), b, m.r):
            continue
        p = Point.of(*b)
        if q.plan_move(m.id, p).ok:
            return p
        tries += 1
        if tries >= TRIES:
            break
    return None
