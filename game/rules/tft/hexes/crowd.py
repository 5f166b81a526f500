"""Who stands where at one position, found by place rather than figure by figure: a map
the README allows (128 x 128 cells, a thousand figures) would otherwise have every
figure's move look at every other figure (T-6 engagement, H-2 occupied hexes).

A :class:`Crowd` is worked out once per position (:meth:`HexState.positions`) and kept
in the state's memo: the hexes the living figures cover, and the figures by square of
:data:`BUCKET` cells. :func:`near` gives the figures around one figure and a key made of
their entries, so what a figure's move depends on (its reach, its jumps and leaps) is
kept by that key and worked out again only when a figure near it has changed.
Read-only.
"""

from __future__ import annotations

from collections.abc import Hashable
from dataclasses import dataclass
from functools import cache, cached_property
from typing import Any

from game.boards.hexmap import HexMap
from game.core.frozen import quick_init
from game.rules.tft.data import load_data
from game.rules.tft.hexes.state import HexFigure, HexState, Positions

BUCKET = 8
"""Side, in cells, of the squares figures are filed by."""


@quick_init
@dataclass(frozen=True, eq=False)
class Crowd:
    """Every figure at one position, by the hexes it covers and by square."""

    occupied: dict[int, HexFigure]
    """Every hex a living figure covers (:meth:`HexState.occupied`); read-only."""
    entries: dict[str, tuple[Any, ...]]
    """Each figure's part of the position (:func:`state.entry`)."""
    widest: int
    """The most hexes any figure's hexes reach beyond its front hex (H-15: 0 if every
    figure covers one hex)."""
    board: HexMap
    figures: list[HexFigure]

    @cached_property
    def squares(self) -> dict[tuple[int, int], list[tuple[int, int, HexFigure]]]:
        """Figures (their column, row and themselves) by square of :data:`BUCKET` cells
        (filed the first time :func:`near` asks)."""
        board = self.board
        squares: dict[tuple[int, int], list[tuple[int, int, HexFigure]]] = {}
        for f in self.figures:
            col, row = board.offset(f.cell)
            squares.setdefault((col // BUCKET, row // BUCKET), []).append((col, row, f))
        return squares


@dataclass(frozen=True, eq=False)
class Near:
    """The figures around one figure, and the key of what they are."""

    figures: list[HexFigure]
    """The other figures (living or not) standing within the radius asked for."""
    key: tuple[Any, ...]
    """The figure's own entry and stats, the radius, and its neighbours' entries."""


CROWD = "crowd"
"""The state's memo key of the last position's :class:`Crowd` (only the last is kept)."""


def crowd(state: HexState, pos: Positions | None = None) -> Crowd:
    """The :class:`Crowd` of the position ``pos`` (:meth:`HexState.positions`, if known),
    once per position."""
    pos = state.positions() if pos is None else pos
    found = state.memo.get(CROWD)
    if found is None or not (found[0] is pos or found[0] == pos):
        found = state.memo[CROWD] = (pos, _crowd(state, pos))
    c = found[1]
    assert isinstance(c, Crowd)
    return c


KEEP_POSITIONS = 2
"""Positions whose answers :func:`at_position` keeps: the last and the one before (the
Tactician's plan sometimes asks again at the position before; keeping one only works
5 % more reaches out again over Hill fight games, keeping two none)."""

HERE = "here"
"""The state's memo key of the answers that hold at one position, for the last
:data:`KEEP_POSITIONS` positions (see :func:`at_position`)."""


def at_position(state: HexState, pos: Positions) -> dict[Hashable, Any]:
    """The answers kept for the position ``pos`` (:meth:`HexState.positions`): each
    figure's move options, engagement and charge reach. Only the last
    :data:`KEEP_POSITIONS` positions' are kept: once figures have moved on, older
    answers are not asked for again, and holding them would only fill the memory (a
    game's worth of reaches the garbage collector walks again and again)."""
    kept: list[tuple[Positions, dict[Hashable, Any]]] | None = state.memo.get(HERE)
    if kept is None:
        kept = state.memo[HERE] = []
    elif kept and (kept[0][0] is pos or kept[0][0] == pos):
        return kept[0][1]
    for k, (p, answers) in enumerate(kept):
        if p == pos:
            kept.insert(0, kept.pop(k))
            return answers
    kept.insert(0, (pos, {}))
    del kept[KEEP_POSITIONS:]
    return kept[0][1]


def _crowd(state: HexState, pos: Positions) -> Crowd:
    # the position is the figures' entries in the order of state.figures
    return Crowd(state.occupied(), dict(zip(state.figures, pos, strict=True)),
                 widest(state), state.board, list(state.figures.values()))


def widest(state: HexState) -> int:
    """The most hexes any figure's hexes reach beyond its front hex (H-15), once per
    match and set of kinds (a figure's kind does not change)."""
    found = state.memo.get(WIDEST)
    if found is None:
        kinds = frozenset(f.kind for f in state.figures.values())

        def make() -> int:
            shapes = load_data().kinds
            return max((len(walk) for k in kinds for walk in shapes[k].shape), default=0)

        found = state.memo[WIDEST] = state.derived.get(("widest", kinds), make)
    assert isinstance(found, int)
    return found


WIDEST = "widest"
"""The state's memo key of :func:`widest` (the figures of a state never change kind)."""


def reach_margin(state: HexState, pos: Positions | None = None) -> int:
    """Hexes beyond a figure's MP that can still bear on its move: the hexes a big
    figure covers beyond its front hex (H-15), its own and another's, one more for the
    front hexes of an engaging enemy (T-6) and one for a jump's landing (H-8)."""
    return 2 * crowd(state, pos).widest + 2


@cache
def leap_length() -> int:
    """H-20: the farthest hex a leap looks at (the widest gap and the hex beyond it)."""
    return max(int(k) for k in load_data().num("leap", "dice")) + 1


def own_stats(f: HexFigure) -> tuple[Any, ...]:
    """What a figure's own move depends on besides its entry (:func:`state.entry`): its
    stats and what it did this turn (a jump's fall odds read its DX, H-8)."""
    return (f.st, f.dx, f.dx_penalty, f.damage_taken, f.ma, f.defending, f.moved)


def near(state: HexState, f: HexFigure, hexes: int, pos: Positions | None = None) -> Near:
    """The figures other than ``f`` within ``hexes`` hexes of it (and a few more: the
    search is by rows and columns, a little wider than a hex's distance), with a key
    naming ``f``'s entry and stats and every neighbour's entry."""
    c = crowd(state, pos)
    col, row = state.board.offset(f.cell)
    span = hexes + 1
    lo_c, hi_c, lo_r, hi_r = col - span, col + span, row - span, row + span
    found: list[HexFigure] = []
    parts: list[Any] = [f.id, c.entries[f.id], *own_stats(f), hexes]
    entries = c.entries
    for sq_r in range(lo_r // BUCKET, hi_r // BUCKET + 1):
        for sq_c in range(lo_c // BUCKET, hi_c // BUCKET + 1):
            for gc, gr, g in c.squares.get((sq_c, sq_r), ()):
                if g is not f and lo_c <= gc <= hi_c and lo_r <= gr <= hi_r:
                    found.append(g)
                    parts.append(g.id)
                    parts.append(entries[g.id])
    return Near(found, tuple(parts))
