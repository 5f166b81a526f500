"""Terrain on a hex height map (H-21): water depth and broken ground.

Water hexes have a depth set by how far they are from dry land (the data's
``water.depth_by_distance``: next to the bank ankle deep, one further knee deep, two
further neck deep); knee-deep water costs double MP to enter, neck-deep water is for
swimmers only and costs them 4 adjusted DX. Broken ground (a scenario switch,
``[options] broken_ground = true``) makes the data's terrains (dirt and rock) cost double
MP to enter.
"""

from __future__ import annotations

import weakref
from collections import deque
from typing import Any

import numpy as np
from numpy.typing import NDArray

from game.boards.hexmap import INF, HexMap
from game.core.dice import Modifier
from game.rules.tft.data import load_data

_DEPTHS: weakref.WeakKeyDictionary[HexMap, list[str | None]] = weakref.WeakKeyDictionary()
_ENTRY: weakref.WeakKeyDictionary[HexMap, dict[str, NDArray[np.float64]]] = (
    weakref.WeakKeyDictionary())


def water_depths(board: HexMap) -> list[str | None]:
    """H-21: every cell's water depth ("ankle", "knee", "neck"), None on dry land: by its
    distance in hexes from the nearest hex that is not water (the bank)."""
    out = _DEPTHS.get(board)
    if out is None:
        table = {int(k): v for k, v in load_data().num("water", "depth_by_distance").items()}
        deepest = table[max(table)]
        dist = [-1] * board.n
        todo: deque[int] = deque()
        for i in board.cells():
            if board.terrain_of(i) != "water":
                dist[i] = 0
                todo.append(i)
        while todo:
            i = todo.popleft()
            for j in board.neighbours(i):
                if dist[j] < 0:
                    dist[j] = dist[i] + 1
                    todo.append(j)
        out = [None if d <= 0 else table.get(d, deepest) if d >= 0 else deepest
               for d in dist]
        for i in board.cells():
            if board.terrain_of(i) == "water" and dist[i] < 0:
                out[i] = deepest  # a board all of water: no bank anywhere
        _DEPTHS[board] = out
    return out


def broken_ground(options: dict[str, Any]) -> bool:
    """H-21: whether the scenario switches broken ground on."""
    return bool(options.get("broken_ground", False))


def entry_costs(board: HexMap, options: dict[str, Any], swimmer: bool
                ) -> tuple[str, NDArray[np.float64]]:
    """H-21: MP to enter each cell (1; 2 for knee-deep water and, with the switch on,
    broken ground; ``inf`` for neck-deep water unless ``swimmer``), with a key naming
    the table (for caches of step costs built on it)."""
    broken = broken_ground(options)
    key = f"broken={broken},swim={swimmer}"
    per = _ENTRY.setdefault(board, {})
    arr = per.get(key)
    if arr is None:
        d = load_data()
        depth = water_depths(board)
        knee = float(d.num("water", "knee_mp"))
        rough = set(d.num("broken_ground", "terrains")) if broken else set()
        mp = float(d.num("broken_ground", "mp"))
        arr = np.ones(board.n)
        for i in board.cells():
            w = depth[i]
            if w == "neck":
                arr[i] = knee if swimmer else INF
            elif w == "knee":
                arr[i] = knee
            elif board.terrain_of(i) in rough:
                arr[i] = mp
        per[key] = arr
    return key, arr


def water_modifiers(board: HexMap, cell: int) -> list[Modifier]:
    """H-21: standing in neck-deep water costs 4 adjusted DX."""
    if water_depths(board)[cell] == "neck":
        return [Modifier(int(load_data().num("water", "neck_dx")), "neck-deep in water",
                         "H-21")]
    return []


def describe(board: HexMap, cell: int, options: dict[str, Any]) -> str:
    """What H-21 makes of a hex, in words ("" if nothing)."""
    depth = water_depths(board)[cell]
    if depth == "ankle":
        return "ankle-deep water: no effect (H-21)"
    if depth == "knee":
        return "knee-deep water: 2 MP to enter (H-21)"
    if depth == "neck":
        return "neck-deep water: swimmers only, -4 DX (H-21)"
    if broken_ground(options) and board.terrain_of(cell) in set(
            load_data().num("broken_ground", "terrains")):
        return "broken ground: 2 MP to enter (H-21)"
    return ""
