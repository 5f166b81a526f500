"""Multi-hex figures on heights (H-15): the hexes a figure covers and how it may stand.

A multi-hex figure stands on its *front hex* (``cell``) and covers the hexes of its
kind's ``shape`` behind it, turned with its facing. It moves like a one-hex figure,
leading with the front hex (the rear hexes follow, squeezing through); where it ends a
move, and whenever it turns, its hexes must be on the board, free, and level enough:

* 2 hexes (a horseman): both within one level of each other and never over a drop;
* 3, 4 or 7 hexes: 2, 3 or 4 of them on one level; each other one overhangs any drop
  below that level or stands one higher, and then the figure is off balance (-2 DX).
"""

from __future__ import annotations

from collections.abc import Sequence

from game.boards.hexmap import HexMap
from game.rules.tft.data import load_data


def footprint(board: HexMap, shape: Sequence[Sequence[int]], cell: int,
              facing: int) -> list[int] | None:
    """H-15: the hexes a figure with ``shape`` covers standing on ``cell`` facing
    ``facing``, the front hex first; None if any of them is off the board."""
    out = [cell]
    for walk in shape:
        c: int | None = cell
        for rel in walk:
            assert c is not None
            c = board.neighbour(c, (facing + rel) % 6)
            if c is None:
                return None
        assert c is not None
        out.append(c)
    return out


def balance(board: HexMap, cells: Sequence[int]) -> tuple[bool, bool]:
    """H-15: ``(may stand, off balance)`` for a figure covering ``cells``.

    Two hexes: within the data's ``horse_step`` levels of each other, never off balance.
    More: enough of them (``level_hexes``) on one level L, every other one below L (over
    a drop) or at L + 1; any such other hex leaves the figure off balance.
    """
    n = len(cells)
    if n <= 1:
        return True, False
    d = load_data()
    lv = [board.level(c) for c in cells]
    if n == 2:
        return abs(lv[0] - lv[1]) <= int(d.num("multihex", "horse_step")), False
    level = _footing(lv, int(d.num("multihex", "level_hexes").get(str(n), n)))
    if level is None:
        return False, False
    return True, any(v != level for v in lv)


def _footing(lv: Sequence[int], need: int) -> int | None:
    """H-15: the level L a figure with hexes at levels ``lv`` stands on (``need`` of them
    on L, every other one below L or at L + 1; level ground first, then the highest such
    L), or None if there is none."""
    best: int | None = None
    for level in sorted(set(lv), reverse=True):
        if lv.count(level) < need or not all(v <= level + 1 for v in lv):
            continue
        if all(v == level for v in lv):
            return level
        if best is None:
            best = level
    return best


def standing_level(board: HexMap, cells: Sequence[int]) -> int:
    """H-15: "a figure is at the level it stands on": the level of the hexes a figure of
    three or more hexes stands on (:func:`balance`); a hex of it overhanging a drop is at
    that level, not at the ground below. The front hex's level for a figure of one or two
    hexes, or one that cannot stand where it is."""
    lv = [board.level(c) for c in cells]
    if len(lv) <= 2:
        return lv[0]
    need = int(load_data().num("multihex", "level_hexes").get(str(len(lv)), len(lv)))
    level = _footing(lv, need)
    return lv[0] if level is None else level


def off_balance_dx() -> int:
    """H-15: the adjusted DX an off-balance figure loses."""
    return int(load_data().num("multihex", "off_balance_dx"))
