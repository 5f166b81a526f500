"""Terrain on a hex height map (H-21): water depth and broken ground.

Water hexes have a depth set by how far they are from dry land (the data's
``water.depth_by_distance``: next to the bank ankle deep, one further knee deep, two
further neck deep); knee-deep water costs double MP to enter, neck-deep water is for
swimmers only and costs them 4 adjusted DX. Broken ground (a scenario switch,
``[options] broken_ground = true``) makes the data's terrains (dirt and rock) cost double
MP to enter.

The tables by cell (depths, MP to enter) are worked out once per match and kept in the
state's :class:`~game.core.derived.Derived`.
"""

from __future__ import annotations

from collections import deque
from typing import Any

import numpy as np
from numpy.typing import NDArray

from game.boards.hexmap import INF, HexMap
from game.core.dice import Modifier
from game.rules.tft.data import load_data
from game.rules.tft.hexes.state import HexState


def water_depths(board: HexMap) -> list[str | None]:
    """H-21: every cell's water depth ("ankle", "knee", "neck"), None on dry land: by its
    distance in hexes from the nearest hex that is not water (the bank)."""
    water = np.array([name == "water" for name in board.terrain_names], dtype=bool)
    if not water.any():
        return [None] * board.n
    wet = water[board.terrain.ravel()].tolist()
    table = {int(k): v for k, v in load_data().num("water", "depth_by_distance").items()}
    deepest = table[max(table)]
    dist = [-1] * board.n
    todo: deque[int] = deque()
    for i in board.cells():
        if not wet[i]:
            dist[i] = 0
            todo.append(i)
    while todo:
        i = todo.popleft()
        for j in board.neighbours(i):
            if dist[j] < 0:
                dist[j] = dist[i] + 1
                todo.append(j)
    out: list[str | None] = [None if d <= 0 else table.get(d, deepest) for d in dist]
    for i in board.cells():
        if wet[i] and dist[i] < 0:
            out[i] = deepest  # a board all of water: no bank anywhere
    return out


def depths(state: HexState) -> list[str | None]:
    """H-21: :func:`water_depths` of the match's board, worked out once per match."""
    return state.derived.get(("water depths",), lambda: water_depths(state.board))


def broken_ground(options: dict[str, Any]) -> bool:
    """H-21: whether the scenario switches broken ground on."""
    return bool(options.get("broken_ground", False))


def entry_table(board: HexMap, depth: list[str | None], broken: bool, swimmer: bool
                ) -> NDArray[np.float64]:
    """H-21: MP to enter each cell (1; 2 for knee-deep water and, with ``broken`` ground,
    the data's rough terrains; ``inf`` for neck-deep water unless ``swimmer``)."""
    d = load_data()
    knee = float(d.num("water", "knee_mp"))
    arr = np.ones(board.n)
    if broken:
        rough = set(d.num("broken_ground", "terrains"))
        by_name = np.array([name in rough for name in board.terrain_names], dtype=bool)
        arr[by_name[board.terrain.ravel()] & board.exists] = float(d.num("broken_ground", "mp"))
    for i, w in enumerate(depth):
        if w == "knee":
            arr[i] = knee
        elif w == "neck":
            arr[i] = knee if swimmer else INF
    return arr


def entry_costs(state: HexState, swimmer: bool) -> tuple[str, NDArray[np.float64]]:
    """H-21: :func:`entry_table` for the match (its board, its broken-ground switch), with
    a key naming the table (for the tables of step costs built on it); once per match."""
    broken = broken_ground(state.options)

    def make() -> tuple[str, NDArray[np.float64]]:
        return (f"broken={broken},swim={swimmer}",
                entry_table(state.board, depths(state), broken, swimmer))

    return state.derived.get(("entry", broken, swimmer), make)


def water_modifiers(state: HexState, cell: int) -> list[Modifier]:
    """H-21: standing in neck-deep water costs 4 adjusted DX."""
    if depths(state)[cell] == "neck":
        return [Modifier(int(load_data().num("water", "neck_dx")), "neck-deep in water",
                         "H-21")]
    return []


def ground_dx_by_cell(state: HexState) -> list[int]:
    """H-21: what :func:`water_modifiers` comes to in each cell (the adjusted DX a one-hex
    figure standing there loses or gains), worked out once per match."""
    def make() -> list[int]:
        return [sum(m.value for m in water_modifiers(state, c)) for c in range(state.board.n)]

    return state.derived.get(("ground dx",), make)


def describe(state: HexState, cell: int) -> str:
    """What H-21 makes of a hex, in words ("" if nothing)."""
    depth = depths(state)[cell]
    if depth == "ankle":
        return "ankle-deep water: no effect (H-21)"
    if depth == "knee":
        return "knee-deep water: 2 MP to enter (H-21)"
    if depth == "neck":
        return "neck-deep water: swimmers only, -4 DX (H-21)"
    if broken_ground(state.options) and state.board.terrain_of(cell) in set(
            load_data().num("broken_ground", "terrains")):
        return "broken ground: 2 MP to enter (H-21)"
    return ""
