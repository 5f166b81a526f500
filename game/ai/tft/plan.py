"""A side's plan for its movement phase (the Tactician's): the order its figures are
planned in, what the enemies can do this turn (worked out once per side and turn), the
worth of every cell, and the actions queued."""

from __future__ import annotations

from collections import deque
from collections.abc import Callable
from dataclasses import dataclass, field

import numpy as np
from numpy.typing import NDArray

from game.ai.tft.evaluation import EnemyThreat
from game.boards.hexmap import HexMap
from game.core.ruleset import Action, Side
from game.rules.tft.hexes.queries import HexFigure, HexState


@dataclass
class MovePlan:
    """The order a side's figures are planned in this movement phase, and what is queued."""

    state: HexState
    turn: int
    order: list[str]
    threats: list[EnemyThreat]
    near: list[int]
    """Distance of every cell to the nearest active enemy."""
    unmoved: float
    """Weight of the blows of enemies yet to move (:attr:`Weights.unmoved`)."""
    hot: set[int] = field(default_factory=set)
    """Cells where an enemy can strike or be struck: only there do facings matter."""
    static: list[float] = field(default_factory=list)
    """Every cell's worth before friends and MP: height less distance to the enemy."""
    static_arr: NDArray[np.float64] | None = None
    """:attr:`static` as an array."""
    beside_enemy: set[int] = field(default_factory=set)
    """Cells next to an active enemy: only there can a figure attack."""
    fixed_enemy: set[str] = field(default_factory=set)
    """Enemies that have moved already (their facing is known)."""
    engaged: dict[str, bool] = field(default_factory=dict)
    """Whether each figure to move is engaged (T-6): enemies stand still meanwhile."""
    foes_beside: dict[int, list[tuple[int, int, HexFigure]]] = field(default_factory=dict)
    """For each cell next to active enemies: (direction from the cell, enemy's cell,
    enemy) of each (enemies do not move while this side does)."""
    queue: deque[Action] = field(default_factory=deque)
    done: set[str] = field(default_factory=set)
    last: tuple[tuple[object, ...], Action] | None = None
    """The last action handed out, with the position it was chosen in."""
    _spots: dict[int, list[tuple[float, bool, HexFigure, list[tuple[int, int]]]]] = field(
        default_factory=dict)
    _ranked: list[int] | None = None
    _own: dict[str, tuple[list[float], list[int]]] = field(default_factory=dict)

    def ranked(self) -> list[int]:
        """Every cell, best :attr:`static` worth first (ties by cell)."""
        if self._ranked is None:
            assert self.static_arr is not None
            self._ranked = np.argsort(-self.static_arr, kind="stable").tolist()
        return self._ranked

    def own_static(self, fid: str, make: Callable[[], NDArray[np.float64]]
                   ) -> tuple[list[float], list[int]]:
        """A figure's own :attr:`static` worth (``make``: hard only, its walk to the
        fight, :attr:`Weights.walk`) and every cell in its order, best first (ties by
        cell); made once per figure and plan."""
        found = self._own.get(fid)
        if found is None:
            arr = make()
            found = self._own[fid] = (arr.tolist(),
                                      np.argsort(-arr, kind="stable").tolist())
        return found

    def spots(self, c: int, board: HexMap
              ) -> list[tuple[float, bool, HexFigure, list[tuple[int, int]]]]:
        """Enemies that can strike cell ``c``: (weight, has moved, enemy, [(direction from
        ``c``, cell it would strike from)]), ignoring who stands where now."""
        out = self._spots.get(c)
        if out is None:
            out = []
            for t in self.threats:
                e = t.enemy
                if t.fixed:
                    if c not in t.targets:
                        continue
                    d = board.direction(c, e.cell)
                    cand = [] if d is None else [(d, e.cell)]
                else:
                    cand = [(d, n) for d, n in board.neighbours_with_direction(c)
                            if n in t.stands]
                if cand:
                    out.append((1.0 if t.fixed else self.unmoved, t.fixed, e, cand))
            self._spots[c] = out
        return out


def fingerprint(state: HexState, side: Side) -> tuple[object, ...]:
    """What a movement action of ``side`` can change: its figures' places and state."""
    return tuple((f.cell, f.facing, f.mp_spent, f.move_over, f.defending, f.prone, f.st)
                 for f in state.figures.values() if f.side == side)
