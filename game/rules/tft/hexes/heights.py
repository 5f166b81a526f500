"""Melee on Heroscape height maps (seed 000): the geometry of each rule, one function per
rule, named after it (T-5 facing arcs, T-6 engagement, H-* heights).

Levels are counted in tile sides; a figure on a cell stands on top of its stack.
"""

from __future__ import annotations

import math

import numpy as np

from game.boards.hexmap import INF, HexMap, Steps
from game.rules.tft.data import load_data
from game.rules.tft.hexes import bigfigures
from game.rules.tft.hexes.state import HexFigure


def height(fig: HexFigure) -> int:
    """H-1, H-5: a figure's Height for reaching up to attack; 1 while prone."""
    return int(load_data().num("prone", "h")) if fig.prone else fig.h


def climbing_height(fig: HexFigure) -> int:
    """H-1, H-2, H-5: levels a figure may step up at once (elf +1, horseman -2; 1 prone)."""
    return int(load_data().num("prone", "h")) if fig.prone else fig.climb_h


def falling_height(fig: HexFigure) -> int:
    """H-8: the H that sets the falling bands: the climbing H (elves 4, horsemen 2)."""
    return max(1, fig.climb_h)


def movement_allowance(fig: HexFigure) -> int:
    """T-1, T-4, H-5: MA with armour; a prone figure crawls with MA 2."""
    return int(load_data().num("prone", "ma")) if fig.prone else fig.ma


def climbing_step_costs(board: HexMap, climb: int,
                        entry: tuple[str, np.ndarray] | None = None) -> Steps:
    """H-2, H-3 (H-21): the steps possible from each cell and their MP, for a climbing H
    of ``climb``, as ``(cell, cost)`` lists for :meth:`HexMap.reach`.

    Entering a hex costs 1 (or what ``entry`` says, a key and an array of MP per cell:
    broken ground and knee-deep water cost 2, H-21; ``inf`` where it may not enter);
    each level climbed costs 1 more, and no more than ``climb`` levels may be climbed at
    once. Stepping down at most ``climb`` levels costs just the entry. A bigger drop is a
    jump (H-8), not a step: left out here. (A match keeps the table of each climbing H:
    :func:`game.rules.tft.hexes.tables.steps`.)
    """
    nb = board.neighbour_table
    lv = board.levels.ravel().astype(np.int32)
    there = lv[np.maximum(nb, 0)]
    diff = there - lv[:, None]
    enter = (np.ones(board.n) if entry is None else entry[1])[np.maximum(nb, 0)]
    cost = (enter + np.maximum(diff, 0)).astype(np.float64)
    cost[(diff > climb) | (diff < -climb) | (nb < 0)] = INF
    return _steps(nb, cost)


def _steps(nb: np.ndarray, cost: np.ndarray) -> Steps:
    """The :class:`Steps` of a ``(n, 6)`` table of step costs by direction (``inf`` or
    negative where a step is impossible), as :meth:`HexMap.step_edges` makes them, built
    in one pass over the possible steps."""
    ok = (nb >= 0) & (cost >= 0) & (cost < INF)
    rows, cols = np.nonzero(ok)
    weights = cost[rows, cols].astype(np.int64)
    pairs = list(zip(nb[rows, cols].tolist(), weights.tolist(), strict=True))
    ends = np.cumsum(np.count_nonzero(ok, axis=1)).tolist()
    out = Steps(tuple(pairs[a:b]) for a, b in zip([0, *ends], ends, strict=False))
    out.widest = max(1, int(weights.max())) if len(weights) else 1
    return out


def jump_edges(board: HexMap, climb: int) -> dict[int, list[tuple[int, int]]]:
    """H-3, H-8: for each cell with a drop bigger than ``climb`` beside it, the
    ``(cell, levels)`` of those drops: the steps that are jumps, not moves."""
    nb = board.neighbour_table
    lv = board.levels.ravel().astype(np.int64)
    drop = lv[:, None] - lv[np.maximum(nb, 0)]
    rows, cols = np.nonzero((nb >= 0) & (drop > climb))
    table: dict[int, list[tuple[int, int]]] = {}
    for i, j, d in zip(rows.tolist(), nb[rows, cols].tolist(), drop[rows, cols].tolist(),
                       strict=True):
        table.setdefault(i, []).append((j, d))
    return table


def gap_beside(board: HexMap, climb: int) -> list[bool]:
    """H-20: for every cell, whether a hex beside it is water or a drop of more than
    ``climb`` (the first hex of a gap a figure standing there might leap)."""
    nb = board.neighbour_table
    lv = board.levels.ravel().astype(np.int64)
    j = np.maximum(nb, 0)
    water = np.array([name == "water" for name in board.terrain_names], dtype=bool)
    wet = water[board.terrain.ravel()] if water.any() else np.zeros(board.n, dtype=bool)
    gap = (nb >= 0) & (wet[j] | (lv[j] < lv[:, None] - climb))
    return np.any(gap, axis=1).tolist()


def drop_levels(board: HexMap, frm: int, to: int) -> int:
    """How many levels lower ``to`` is than ``frm`` (0 if not lower)."""
    return max(0, board.level(frm) - board.level(to))


def can_attack_across_heights(board: HexMap, a: HexFigure, b: HexFigure) -> bool:
    """H-4: start from the lower figure; if it can reach the higher one (the level
    difference is at most its H, facing aside), both may attack each other; else neither.
    """
    return levels_in_reach(board.level(a.cell), height(a), board.level(b.cell), height(b))


def levels_in_reach(la: int, ha: int, lb: int, hb: int) -> bool:
    """H-4: whether figures of H ``ha`` and ``hb`` standing at levels ``la`` and ``lb``
    may strike each other: the lower one reaches the higher (the level difference is at
    most its H)."""
    return lb - la <= ha if la <= lb else la - lb <= hb


def height_advantage(board: HexMap, attacker: HexFigure, target: HexFigure) -> int:
    """H-6: +1 adjusted DX per level the attacker stands above its target, -1 per level below."""
    per = int(load_data().num("height", "dx_per_level"))
    return per * (board.level(attacker.cell) - board.level(target.cell))


def front_cells(board: HexMap, fig: HexFigure) -> list[int]:
    """T-5: the three hexes in front of a figure (of its front hex, H-15)."""
    cells = board.front(fig.cell, fig.facing)
    if fig.hexes > 1:
        return [j for j in cells if j not in fig.footprint]
    return list(cells)  # (a one-hex figure covers none of its front hexes)


def cells_of(fig: HexFigure) -> list[int]:
    """H-15: every hex a figure covers (its footprint; just its cell for one hex)."""
    return fig.footprint or [fig.cell]


def target_hex(board: HexMap, attacker: HexFigure, target: HexFigure) -> int | None:
    """T-5, H-15: the hex of ``target`` that ``attacker`` strikes at: one of its hexes in
    the attacker's front hexes (the one nearest the attacker's level), or None."""
    front = front_cells(board, attacker)
    hexes = [c for c in cells_of(target) if c in front]
    if not hexes:
        return None
    la = measured_level(board, attacker, attacker.cell)
    return min(hexes, key=lambda c: (abs(measured_level(board, target, c) - la), c))


def measured_level(board: HexMap, fig: HexFigure, hex_: int) -> int:
    """H-15: the level a figure's H is measured from when ``hex_`` of it is involved: a
    horseman's front hex; a bigger figure's targeted hex; a one-hex figure's own hex. A
    figure clinging to a wall is as high as it clings (H-11)."""
    if fig.hold:
        return board.level(fig.cell) + fig.hold_at
    if fig.hexes <= 2 or hex_ not in fig.footprint:
        return board.level(fig.cell)  # (a one-hex figure's hex_level is its own hex's)
    return hex_level(board, fig, hex_)


def hex_level(board: HexMap, fig: HexFigure, hex_: int) -> int:
    """H-15: the level of ``hex_``, one of the hexes of a figure of three or more: "a
    figure is at the level it stands on", so a hex overhanging a drop is at the level the
    figure stands on (:func:`bigfigures.standing_level`), not the ground below it; a hex
    one level higher is at its own level."""
    return max(board.level(hex_), bigfigures.standing_level(board, fig.footprint))


def adjacent_figures(board: HexMap, a: HexFigure, b: HexFigure) -> bool:
    """Whether any hex of ``a`` is next to any hex of ``b`` (H-15)."""
    ca, cb = cells_of(a), cells_of(b)
    if len(ca) == 1 and len(cb) == 1:  # two one-hex figures: one look-up
        return cb[0] in board.neighbours(ca[0])
    bs = set(cb)
    return any(n in bs for c in ca for n in board.neighbours(c))


def facing_arc(direction: int, facing: int) -> str:
    """T-5: "front", "side" or "rear": the arc a hex in ``direction`` lies in for a figure
    facing ``facing`` (three front hexes, two side hexes, one rear hex)."""
    off = (direction - facing) % 6
    if off in (0, 1, 5):
        return "front"
    return "rear" if off == 3 else "side"


def facing_from(board: HexMap, defender: HexFigure, cell: int) -> str:
    """T-5: whether ``cell`` (adjacent) lies in the defender's front, side or rear hexes."""
    d = board.direction(defender.cell, cell)
    if d is None:
        raise ValueError("facing_from needs an adjacent cell")
    return facing_arc(d, defender.facing)


def engages(board: HexMap, enemy: HexFigure, fig: HexFigure) -> bool:
    """T-6, H-7: a standing enemy engages a figure with a hex in one of its front hexes
    whose level differs from its own by at most the number of hexes the enemy occupies.

    Engagement is not symmetric: it is the engaging figure's size that counts (a 3-hex
    giant engages a human three levels up; the human engages it only within one).
    """
    if not enemy.standing or enemy.side == fig.side or fig.hold:
        return False
    front = front_cells(board, enemy)
    le = level_of(board, enemy, enemy.cell)
    return any(c in front and abs(le - level_of(board, fig, c)) <= enemy.hexes
               for c in cells_of(fig))


def level_of(board: HexMap, fig: HexFigure, hex_: int) -> int:
    """H-15: the level of ``hex_`` of ``fig`` where it stands: a hex of a figure of three
    or more hexes overhanging a drop is at the level the figure stands on
    (:func:`hex_level`); any other hex at its own level."""
    if fig.hexes > 2 and hex_ in fig.footprint:
        return hex_level(board, fig, hex_)
    return board.level(hex_)


def engaged_by(board: HexMap, enemies: list[HexFigure], fig: HexFigure) -> bool:
    """T-6, H-7: whether ``fig`` is engaged: the enemies that hold it in a front hex
    (:func:`engages`) must together cover more than a share of its hexes (the data's
    ``engagement.share``: a third). So any enemy engages a one- or two-hex figure, but
    "the giant is not engaged by a single, one hex figure": a 3- or 4-hex figure needs
    two one-hex enemies, a 7-hex one three."""
    cover = sum(e.hexes for e in enemies if engages(board, e, fig))
    return cover > 0 and cover * engagement_share() > fig.hexes


def beside(board: HexMap, occupied: dict[int, HexFigure], fig: HexFigure
           ) -> list[HexFigure]:
    """T-6, H-15: the figures covering a hex next to one of ``fig``'s hexes (by
    ``occupied``, every hex a living figure covers), each once: the only ones whose front
    hexes can hold it (:func:`engages`)."""
    out: dict[int, HexFigure] = {}
    for c in cells_of(fig):
        for n in board.neighbours(c):
            g = occupied.get(n)
            if g is not None and g is not fig:
                out[id(g)] = g
    return list(out.values())


def engagement_share() -> int:
    """T-6, H-7: enemies engaging a figure must cover more than 1/share of its hexes."""
    return int(load_data().num("engagement", "share"))


def engaged_cells(board: HexMap, enemies: list[HexFigure], mover: HexFigure) -> set[int]:
    """T-6, H-7: cells where ``mover`` would stand engaged (its movement stops there),
    counting the enemies whose front hexes reach each cell against its size
    (:func:`engaged_by`; a multi-hex mover is counted at the front hex it leads with)."""
    cover: dict[int, int] = {}
    for e in enemies:
        if not e.standing or e.side == mover.side:
            continue
        le = level_of(board, e, e.cell)
        for c in front_cells(board, e):
            if abs(board.level(c) - le) <= e.hexes:
                cover[c] = cover.get(c, 0) + e.hexes
    share = engagement_share()
    return {c for c, n in cover.items() if n * share > mover.hexes}


def fall_band(levels: int, h: int) -> int:
    """H-8: the falling band of a drop of ``levels`` for a figure of (falling) height ``h``.

    0 for a drop of at most H (no roll, no damage); 1 for H < drop <= 2H; 2 up to 3H...
    The band is the number of dice of damage on a failed 3d6-vs-DX roll; a made roll
    takes one die away.
    """
    if levels <= h:
        return 0
    return math.ceil(levels / h) - 1


def fall_damage_dice(levels: int, h: int, saved: bool) -> int:
    """H-8: dice of falling damage: the band, one fewer if the 3d6 vs adj DX roll was made."""
    band = fall_band(levels, h)
    return max(0, band - 1) if saved else band


def can_force_retreat(board: HexMap, attacker: HexFigure, target: HexFigure) -> bool:
    """H-13: a force retreat is possible if both stand on the same level, or the target is
    higher by at most the attacker's base size (hexes), or the target is lower.
    """
    rise = board.level(target.cell) - board.level(attacker.cell)
    return rise <= attacker.hexes


def retreat_cells(board: HexMap, attacker: HexFigure, target: HexFigure,
                  occupied: set[int] | dict[int, HexFigure]) -> list[int]:
    """T-8, H-13: where a target may be forced back: an empty hex adjacent to it and
    farther from the attacker (two hexes from the nearest hex the attacker covers), on
    the same level, one level up, or any number down.
    """
    out = []
    lt = board.level(target.cell)
    mine = cells_of(attacker)
    for c in board.neighbours(target.cell):
        if c in occupied or min(board.distance(c, x) for x in mine) != 2:
            continue
        if board.level(c) - lt <= 1:
            out.append(c)
    return out


def falling_armour_stops(fig: HexFigure) -> int:
    """H-8: armour of any kind stops only 2 of falling damage (its own stops if less)."""
    if not fig.armour:
        return 0
    d = load_data()
    return min(int(d.num("falling", "armour_stops")), d.armour[fig.armour].stops)
