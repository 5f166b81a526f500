"""The path grid's searches (S-7): the shortcuts that search less must give what the
plain searches give, ties included."""

from __future__ import annotations

import math

import numpy as np
from scipy.sparse import csr_matrix
from scipy.sparse.csgraph import dijkstra
from sewers import cross

from game.rules.squads.flood.nav import Nav


def _plain_graph(nav: Nav, blocked: np.ndarray | None, no_edges: np.ndarray | None
                 ) -> csr_matrix:
    """The grid without ``blocked``'s nodes and ``no_edges``, every entry of the whole
    grid kept or dropped one by one (what :meth:`Nav.graph` must equal)."""
    keep = np.ones(len(nav.ea), dtype=bool)
    if blocked is not None:
        keep &= ~(blocked[nav.ea] | blocked[nav.eb])
    if no_edges is not None:
        keep &= ~no_edges
    whole, edge_of, _mirror = nav._both_ways
    kept = keep[edge_of]
    indptr = np.zeros(len(kept) + 1, dtype=whole.indptr.dtype)
    np.cumsum(kept, out=indptr[1:])
    return csr_matrix((whole.data[kept], whole.indices[kept], indptr[whole.indptr]),
                      shape=(nav.n, nav.n))


def test_path_grid_a_graph_without_nodes_and_edges_is_the_whole_grid_less_their_entries():
    nav = Nav(cross(), 0.5, 0.5)
    rng = np.random.default_rng(5)
    for k in range(60):
        blocked = rng.random(nav.n) < (0.0, 0.01, 0.2)[k % 3] if k % 4 else None
        no_edges = nav.ebar if k % 5 == 0 else (
            rng.random(len(nav.ea)) < 0.05 if k % 2 else None)
        mine, plain = nav.graph(blocked, no_edges), _plain_graph(nav, blocked, no_edges)
        assert mine.indptr.dtype == plain.indptr.dtype
        assert np.array_equal(mine.indptr, plain.indptr)
        assert np.array_equal(mine.indices, plain.indices)
        assert np.array_equal(mine.data, plain.data)


def _nearest_searching_all(nav: Nav, graph: csr_matrix, x: float, y: float,
                           goal: np.ndarray) -> tuple[int, list[int]] | None:
    """The goal node nearest ``(x, y)`` and the way to it, every start searched in
    full: the node with the least start offset and way, the first on a tie, and the
    way back by the predecessors of the first start that gives it."""
    starts = nav.near_nodes(x, y)
    if not starts or not goal.any():
        return None
    idx = [m for m, _ in starts]
    dist, preds = dijkstra(graph, directed=True, indices=idx, return_predecessors=True)
    total = dist + np.array([d for _, d in starts])[:, None]
    row = np.argmin(total, axis=0)
    best = total[row, np.arange(nav.n)]
    reach = np.where(goal, best, np.inf)
    if not np.isfinite(reach).any():
        return None
    node = int(np.argmin(reach))
    way = [node]
    k = int(row[node])
    while way[-1] != idx[k] and preds[k][way[-1]] >= 0:
        way.append(int(preds[k][way[-1]]))
    return node, way[::-1]


def test_path_grid_the_nearest_goal_node_and_its_way_as_a_search_of_every_start_finds_them():
    """:meth:`Nav.nearest` searches one start in full (the likeliest winner) and the
    others only as far as its bound; node and way must be those of searching all."""
    nav = Nav(cross(), 0.5, 0.5)
    rng = np.random.default_rng(7)
    checked = 0
    for k in range(150):
        blocked = None
        if k % 2:
            centre = nav.nodes[rng.integers(0, nav.n)]
            blocked = np.hypot(*(nav.nodes - centre).T) < 1.5
        graph = nav.graph(blocked, None)
        x, y = nav.nodes[rng.integers(0, nav.n)] + rng.uniform(-0.4, 0.4, 2)
        if not nav.in_free(x, y):
            continue
        goal = np.zeros(nav.n, dtype=bool)
        centre = nav.nodes[rng.integers(0, nav.n)]
        goal[np.hypot(*(nav.nodes - centre).T) < (0.3, 1.0, 2.5)[k % 3]] = True
        if k % 4 == 0:
            goal[rng.integers(0, nav.n, 5)] = True
        got = nav.nearest(graph, x, y, goal)
        want = _nearest_searching_all(nav, graph, x, y, goal)
        if want is None:
            assert got is None
            continue
        assert got is not None
        node, field = got
        assert (node, field.nodes_to(node)) == want
        assert math.isfinite(field.dist[node])
        checked += 1
    assert checked > 100
