"""Per-match tables of Melee on heights: what the rules work out once from a match's board
and scenario (steps by climbing height, jumps, gaps, the cells' axial places) and keep in
the state's :class:`~game.core.derived.Derived`, shared by every clone of the state (an AI's
sandboxes work each out once). The rules that fill them are pure functions of the board
(:mod:`heights`, :mod:`terrain`); this module only names and keeps their answers.
"""

from __future__ import annotations

import numpy as np
from numpy.typing import NDArray

from game.boards.hexmap import Steps
from game.rules.tft.hexes import heights
from game.rules.tft.hexes.state import HexState


def steps(state: HexState, climb: int, entry: tuple[str, np.ndarray]) -> Steps:
    """H-2, H-3, H-21: :func:`heights.climbing_step_costs` for a climbing H of ``climb``
    over the entry costs ``entry`` (:func:`terrain.entry_costs`)."""
    return state.derived.get(("steps", climb, entry[0]),
                             lambda: heights.climbing_step_costs(state.board, climb, entry))


def jumps(state: HexState, climb: int) -> dict[int, list[tuple[int, int]]]:
    """H-3, H-8: :func:`heights.jump_edges` for a climbing H of ``climb``."""
    return state.derived.get(("jumps", climb), lambda: heights.jump_edges(state.board, climb))


def gaps(state: HexState, climb: int) -> list[bool]:
    """H-20: :func:`heights.gap_beside` for a climbing H of ``climb``."""
    return state.derived.get(("gaps", climb), lambda: heights.gap_beside(state.board, climb))


def _axial(state: HexState) -> NDArray[np.int64]:
    """Every cell's axial ``(q, r)``, as an ``(n, 2)`` array."""
    board = state.board
    return state.derived.get(("axial",), lambda: np.array(
        [board.axial(i) for i in range(board.n)], dtype=np.int64))


_DIST_MAX_CELLS = 4096
"""Boards bigger than this get no table of distances (it would take n * n * 2 bytes)."""


def _distance_table(state: HexState) -> NDArray[np.int16]:
    """``(n, n)`` hex distances between every two cells (read-only), once per match."""
    def make() -> NDArray[np.int16]:
        ax = _axial(state)
        dq = ax[:, None, 0] - ax[None, :, 0]
        dr = ax[:, None, 1] - ax[None, :, 1]
        table = ((np.abs(dq) + np.abs(dr) + np.abs(dq + dr)) // 2).astype(np.int16)
        table.setflags(write=False)
        return table

    return state.derived.get(("distance table",), make)


def distances_to(state: HexState, cells: list[int]) -> NDArray[np.int64]:
    """For every cell of the board, its distance in hexes to the nearest of ``cells``
    (the board's size where ``cells`` is empty)."""
    board = state.board
    if not cells:
        return np.full(board.n, board.n, dtype=np.int64)
    if board.n <= _DIST_MAX_CELLS:
        table = _distance_table(state)
        if len(cells) == 1:
            return table[cells[0]].astype(np.int64)
        return table[cells].min(axis=0).astype(np.int64)
    ax = _axial(state)
    src = ax[cells]
    dq = ax[:, None, 0] - src[None, :, 0]
    dr = ax[:, None, 1] - src[None, :, 1]
    out: NDArray[np.int64] = ((np.abs(dq) + np.abs(dr) + np.abs(dq + dr)) // 2).min(axis=1)
    return out


def levels(state: HexState) -> NDArray[np.float64]:
    """Every cell's level, as floats (read-only)."""
    def make() -> NDArray[np.float64]:
        arr = np.asarray(state.board.level_list, dtype=np.float64)
        arr.setflags(write=False)
        return arr

    return state.derived.get(("levels",), make)
