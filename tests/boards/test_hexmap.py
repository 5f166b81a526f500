"""Hex geometry known answers (Red Blob Games' conventions) for every Tiled layout."""

import numpy as np
import pytest

from game.boards.hexmap import VOID, HexMap

LAYOUTS = [("pointy", "odd"), ("pointy", "even"), ("flat", "odd"), ("flat", "even")]


def grid(orientation="pointy", stagger="odd", w=9, h=7, levels=None):
    lv = np.zeros((h, w), int) if levels is None else np.array(levels)
    side = 32 if orientation == "pointy" else 36
    return HexMap(lv, orientation=orientation, stagger=stagger, tile_width=64, tile_height=56,
                  side_length=side)


@pytest.mark.parametrize("orientation,stagger", LAYOUTS)
class TestLayouts:
    def test_offset_axial_round_trip(self, orientation, stagger):
        m = grid(orientation, stagger)
        for i in m.cells():
            assert m.from_axial(*m.axial(i)) == i

    def test_neighbours_are_at_distance_one_and_mutual(self, orientation, stagger):
        m = grid(orientation, stagger)
        for i in m.cells():
            for d, j in m.neighbours_with_direction(i):
                assert m.distance(i, j) == 1
                assert m.direction(j, i) == (d + 3) % 6

    def test_pixel_round_trip_and_direction_vectors(self, orientation, stagger):
        m = grid(orientation, stagger)
        for i in m.cells():
            x, y = m.center(i)
            assert m.cell_at(x, y) == i
            for d, j in m.neighbours_with_direction(i):
                (cx, cy), (vx, vy) = m.center(j), m.direction_vector(d)
                n = ((cx - x) ** 2 + (cy - y) ** 2) ** 0.5
                assert (cx - x) / n * vx + (cy - y) / n * vy > 0.95

    def test_interior_cells_have_six_neighbours(self, orientation, stagger):
        m = grid(orientation, stagger)
        assert len(m.neighbours(m.index(4, 3))) == 6


def test_pointy_odd_rows_shift_right_as_in_tiled():
    m = grid()
    assert m.center(m.index(0, 1))[0] - m.center(m.index(0, 0))[0] == 32
    assert set(m.neighbours(m.index(1, 1))) == {m.index(c, r) for c, r in
                                                 [(0, 1), (2, 1), (1, 0), (2, 0), (1, 2), (2, 2)]}


def test_distance_and_line_known_answers():
    m = grid(w=12, h=12)
    a = m.from_axial(0, 0)
    b = m.from_axial(5, 4)
    assert m.distance(a, b) == 9
    line = m.line(a, b)
    assert line[0] == a and line[-1] == b and len(line) == 10
    assert all(m.distance(p, q) == 1 for p, q in zip(line, line[1:], strict=False))


def test_void_cells_are_not_on_the_board():
    m = grid(w=3, h=3, levels=[[0, VOID, 0], [0, 0, 0], [0, 0, 0]])
    assert not m.on_board(1) and 1 not in m.neighbours(0)
    assert len(list(m.cells())) == 8


def test_reach_with_costs_blocks_and_stops():
    m = grid(w=5, h=1)
    edges = m.step_edges(np.where(m.neighbour_table >= 0, 1, np.inf))
    r = m.reach(0, 3, edges)
    assert r.cost == {0: 0, 1: 1, 2: 2, 3: 3}
    assert r.path(3) == [0, 1, 2, 3]
    assert 2 not in m.reach(0, 3, edges, blocked={2}).cost
    r = m.reach(0, 4, edges, stop={1})
    assert set(r.cost) == {0, 1} and r.ends == {1: 1}


class TestLineOfSight:
    def test_a_wall_between_blocks_and_height_sees_over(self):
        m = grid(w=5, h=1, levels=[[0, 0, 3, 0, 0]])
        a, b = m.index(0, 0), m.index(4, 0)
        assert not m.line_of_sight(a, 2.5, b, 1.5)  # eyes at 2.5, wall top at 3
        assert m.line_of_sight(a, 4.0, b, 3.5)

    def test_from_a_hill_top_down_and_back(self):
        m = grid(w=5, h=1, levels=[[4, 1, 0, 0, 0]])
        a, b = m.index(0, 0), m.index(4, 0)
        assert m.line_of_sight(a, 2.5, b, 1.5) == m.line_of_sight(b, 1.5, a, 2.5)
        assert m.line_of_sight(a, 2.5, b, 1.5)

    def test_batched_matches_single(self):
        rng = np.random.default_rng(3)
        m = grid(w=12, h=10, levels=rng.integers(0, 6, (10, 12)))
        a, b = rng.integers(0, m.n, 300), rng.integers(0, m.n, 300)
        batch = m.lines_of_sight(a, 2.5, b, 1.5)
        single = [m.line_of_sight(int(x), 2.5, int(y), 1.5) for x, y in zip(a, b, strict=True)]
        assert list(batch) == single


def test_reach_over_the_whole_map_agrees_with_the_small_budget_search():
    """The compiled search for large budgets and Dial's buckets give the same costs."""
    import numpy as np

    gen = np.random.Generator(np.random.PCG64(3))
    b = HexMap(gen.integers(0, 5, (12, 12)))
    cost = np.where(gen.random((b.n, 6)) < 0.15, np.inf, gen.integers(1, 4, (b.n, 6)))
    steps = b.step_edges(cost)
    plain = [list(row) for row in steps]  # not a Steps table: always Dial's buckets
    for start in (0, 70, 143):
        stop, blocked = {(start + 1) % b.n, 33}, {(start + 12) % b.n, 90}
        big = b.reach(start, 10**6, steps, stop=stop - {start}, blocked=blocked - {start})
        small = b.reach(start, 10**6, plain, stop=stop - {start}, blocked=blocked - {start})
        assert big.cost == small.cost and big.ends == small.ends
        for c in big.cost:
            path = big.path(c)
            assert path[0] == start and path[-1] == c
            assert (sum(dict(steps[p])[q] for p, q in zip(path, path[1:], strict=False))
                       == big.cost[c])


def test_reach_memory_does_not_grow_with_the_budget():
    import tracemalloc

    b = HexMap([[0] * 10 for _ in range(10)])
    plain = [list(row) for row in b.step_edges(np.ones((b.n, 6)))]
    tracemalloc.start()
    r = b.reach(0, 10**6, plain)
    peak = tracemalloc.get_traced_memory()[1]
    tracemalloc.stop()
    assert len(r.cost) == 100 and peak < 200_000


def test_reach_keeps_lists_on_a_small_board_and_reached_cells_on_a_large_one(monkeypatch):
    """H-2: the two ways a search keeps its answer (a small board's board-sized lists, a
    large board's tables of the reached cells) give the same costs, ways and ends."""
    import game.boards.hexmap as hexmap

    gen = np.random.Generator(np.random.PCG64(5))
    b = HexMap(gen.integers(0, 5, (12, 12)))
    cost = np.where(gen.random((b.n, 6)) < 0.15, np.inf, gen.integers(1, 4, (b.n, 6)))
    steps = b.step_edges(cost)
    for start in (0, 70, 143):
        kw = {"stop": {(start + 1) % b.n} - {start}, "blocked": {90} - {start}}
        lists = b.reach(start, 9, steps, **kw)
        monkeypatch.setattr(hexmap, "SMALL_BOARD", 0)
        table = b.reach(start, 9, steps, **kw)
        monkeypatch.setattr(hexmap, "SMALL_BOARD", 4096)
        assert isinstance(table.costs, hexmap.CellTable)
        assert isinstance(lists.costs, list)
        assert lists.cost == table.cost and lists.ends == table.ends
        assert list(lists.cost) == list(table.cost)  # cheapest first, both
        for c in range(b.n):
            assert lists.cost_of(c) == table.cost_of(c)
            assert lists.path(c) == table.path(c)


def test_reach_by_cost_settles_and_routes_as_one_step_at_a_time():
    """A figure's reach over a Steps table (each cell's steps taken by cost) and over
    the same steps as plain lists (one step at a time) settle the same cells in the same
    order, by the same ways, and the ring of buckets for a large budget agrees."""
    gen = np.random.Generator(np.random.PCG64(9))
    b = HexMap(gen.integers(0, 5, (14, 14)))
    cost = np.where(gen.random((b.n, 6)) < 0.15, np.inf, gen.integers(1, 5, (b.n, 6)))
    steps = b.step_edges(cost)
    plain = [list(row) for row in steps]
    for start in range(0, b.n, 13):
        for budget in (1, 4, 8, 12):
            kw = {"stop": {(start + 1) % b.n, 40} - {start},
                  "blocked": {(start + 14) % b.n, 100} - {start}}
            grouped, one = b.reach(start, budget, steps, **kw), b.reach(start, budget, plain, **kw)
            assert grouped.cells == one.cells and list(grouped.cost) == list(one.cost)
            assert [grouped.path(c) for c in grouped.cells] == [one.path(c) for c in one.cells]
    ring = b.reach(0, 10**6, plain)
    assert ring.cost == b.reach(0, 10**6, steps).cost
