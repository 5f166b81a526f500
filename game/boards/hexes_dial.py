"""Dial's algorithm, the search behind :meth:`~game.boards.hexmap.HexMap.reach` within a
figure's MA (whole-number step costs of 1 or more): buckets of cells by cost, walked
cheapest first. Each function fills the board-sized lists ``best`` (the cheapest cost
found; -1 for a cell never to be entered, the budget + 1 for one not reached) and
``before`` (the cell a cell is entered from), and returns the cells settled, cheapest
first. Geometry only, no rules.
"""

from __future__ import annotations

from collections.abc import Sequence


def dial(start: int, budget: int, edges: Sequence[Sequence[tuple[int, int]]],
         best: list[int], before: list[int], ends: frozenset[int]) -> list[int]:
    """Dial's algorithm within a figure's MA: one bucket per cost up to the budget (no
    ring to wrap round). A cell is only ever put in a bucket beyond
    the one being walked (steps cost 1 or more), so each bucket is whole when its turn
    comes. Fills ``best`` and ``before``; the cells settled, cheapest first."""
    cells: list[int] = []
    settled = cells.append
    levels: list[list[int]] = [[] for _ in range(budget + 1)]
    levels[0].append(start)
    for c, level in enumerate(levels):
        for i in level:
            if best[i] != c:
                continue
            settled(i)
            if i in ends:
                continue
            for j, w in edges[i]:
                nc = c + w
                if nc < best[j]:  # (so nc <= budget: best starts at budget + 1)
                    best[j] = nc
                    before[j] = i
                    levels[nc].append(j)
    return cells


def dial_by_cost(start: int, budget: int,
                 by_cost: list[tuple[tuple[int, tuple[int, ...]], ...]], best: list[int],
                  before: list[int], ends: frozenset[int]) -> list[int]:
    """Dial's algorithm over each cell's steps by cost
    (:meth:`~game.boards.hexmap.Steps.grouped`): the cells a step of one cost improves
    go into one bucket in the order the steps list them, as they do one step at a time
    (steps of other costs go into other buckets), so the answer is :func:`dial`'s, with
    less work per step."""
    cells: list[int] = []
    settled = cells.append
    levels: list[list[int]] = [[] for _ in range(budget + 1)]
    levels[0].append(start)
    for c, level in enumerate(levels):
        for i in level:
            if best[i] != c:
                continue
            settled(i)
            if i in ends:
                continue
            for w, js in by_cost[i]:
                nc = c + w
                if nc > budget:
                    continue
                into = levels[nc]
                for j in js:
                    if nc < best[j]:
                        best[j] = nc
                        before[j] = i
                        into.append(j)
    return cells


def dial_ring(start: int, budget: int, edges: Sequence[Sequence[tuple[int, int]]],
               ring: int, best: list[int], before: list[int], ends: frozenset[int]
               ) -> list[int]:
    """Dial's algorithm for a large budget over steps that are not a
    :class:`~game.boards.hexmap.Steps`: a ring of ``ring`` buckets (one per cost up to
    the widest step), reused as the cost grows, so the memory never depends on the
    budget."""
    cells: list[int] = []
    settled = cells.append
    buckets: list[list[int]] = [[] for _ in range(ring)]
    buckets[0].append(start)
    pending = 1
    c = 0
    while pending and c <= budget:
        k = c % ring
        bucket = buckets[k]
        if bucket:
            buckets[k] = []
            pending -= len(bucket)
            for i in bucket:
                if best[i] != c:
                    continue
                settled(i)
                if i in ends:
                    continue
                for j, w in edges[i]:
                    nc = c + w
                    if nc < best[j]:
                        best[j] = nc
                        before[j] = i
                        buckets[nc % ring].append(j)
                        pending += 1
        c += 1
    return cells

