"""Why a figure cannot get to a hex this turn, and how a wall too high to step up may be
climbed (H-2, H-10, H-11, H-15, T-6, T-7), in a player's words. Read-only: the move
check (:mod:`checks`) and the hover tips ask here, so every refusal says why."""

from __future__ import annotations

import math
from dataclasses import dataclass

from game.rules.tft import combat
from game.rules.tft.hexes import heights, missiles, tables
from game.rules.tft.hexes.climbing import set_dice
from game.rules.tft.hexes.movement import (
    engaged_stops,
    entry_table,
    is_engaged,
    move_budget,
    others_cells,
    walking_reach,
)
from game.rules.tft.hexes.state import HexFigure, HexState

UNLIMITED = 10_000
"""A budget no move reaches: where a figure could walk with all the MP it wanted."""


@dataclass(frozen=True)
class WallHint:
    """A wall too high to step up (H-2) that a climb (H-11) would get up: from ``foot``,
    ``rise`` levels to ``to``."""

    to: int
    foot: int
    """The hex beside the wall the climb starts from."""
    rise: int
    climb_h: int
    """Levels the figure may step up at once (its climbing H): one set of the climb."""
    dice: int
    """Dice against DX for each set after the free one (H-11)."""
    dx: int
    p_set: float
    turns: int
    """Turns of climbing to the top: a set a turn, two the first turn (the second rolled)."""
    needs: tuple[str, ...]
    """What stops the climb starting now, in words; empty: it may climb now."""

    def how(self) -> str:
        """How the climb goes and what it costs, in words."""
        free = min(self.climb_h, self.rise)
        text = (f"A climb (H-11) takes the whole move: the first {free} level"
                f"{'s' * (free != 1)} free")
        if self.rise > free:
            text += (f"; each further set of up to {self.climb_h} levels {self.dice}d6 "
                     f"against DX {self.dx} ({self.p_set:.0%}), a miss falls and lands "
                     "prone")
        turns = f"{self.turns} turn{'s' * (self.turns != 1)}"
        return text + f"; {turns} to the top at best."


def wall_hint(state: HexState, f: HexFigure, to: int) -> WallHint | None:
    """H-2, H-11: if ``to`` is a free hex higher than ``f``'s climbing H above the hex
    beside it ``f`` could stand in (its own, or one it could walk to), the climb up it:
    its length in sets and turns, the roll of each set, and what stops ``f`` starting it
    now (it starts a turn standing beside the wall, unmoved, unengaged, a one-hex figure
    with both hands free: no weapon ready, no shield)."""
    board = state.board
    if f.hold or not board.on_board(to) or to in others_cells(state, f):
        return None
    climb = heights.climbing_height(f)
    lv = board.level_list
    around = [n for n in board.neighbours(to)]
    if f.cell in around:
        foot = f.cell
    else:
        reach = walking_reach(state, f, UNLIMITED)
        feet = [n for n in around if reach.cost_of(n) is not None]
        if not feet:
            return None
        foot = min(feet, key=lambda n: (lv[to] - lv[n], reach.cost_of(n) or 0, n))
    rise = lv[to] - lv[foot]
    if rise <= climb:
        return None
    h = max(1, f.climb_h)
    turns = 1 if rise <= 2 * h else 1 + math.ceil((rise - 2 * h) / h)
    dice = set_dice(f)
    return WallHint(to, foot, rise, climb, dice, f.dx, missiles.chance(dice, f.dx), turns,
                    _climb_needs(state, f, foot))


def _climb_needs(state: HexState, f: HexFigure, foot: int) -> tuple[str, ...]:
    """H-11: what ``f`` still needs to start a climb from ``foot``, in words."""
    if foot != f.cell:
        return (f"to walk to {state.board.label(foot)} and start a turn there",)
    out = []
    if f.hexes > 1:
        out.append("a one-hex figure (a bigger one cannot climb)")
    if f.prone:
        out.append("to stand up first")
    if f.mp_spent or f.moved or f.move_over:
        out.append("to start its move beside the wall (it has moved this turn)")
    w = combat.weapon_of(f) if f.ready is not None else None
    if w is not None or f.shield is not None:
        things = [x for x in (w.name if w is not None else "",
                              "shield" if f.shield is not None else "") if x]
        out.append(f"both hands free: put the {' and the '.join(things)} away (its "
                   "action, before the next turn's move)")
    if is_engaged(state, f):
        out.append("no enemy engaging it (T-6)")
    return tuple(out)


def why_not_reach(state: HexState, f: HexFigure, to: int) -> str:
    """H-2, H-10, H-11, H-15, T-6, T-7: why ``f`` cannot walk to ``to`` this turn: the hex
    is taken, its move is over, it is engaged, the wall is too high (and what a climb
    needs), the walk costs more MP than it has, or the way passes an enemy's front."""
    board = state.board
    label = board.label(to)
    taken = state.figure_at(to)
    if taken is not None and taken.id != f.id:
        return f"{label} is taken by {taken.name}"
    budget = move_budget(f)
    if budget <= 0:
        return f"{f.name} has no MP left this turn ({heights.movement_allowance(f)} spent)"
    wall = wall_hint(state, f, to)
    if wall is not None and wall.foot == f.cell:
        needs = "; ".join(wall.needs) if wall.needs else "nothing more: click Climb"
        return (f"the wall is {wall.rise} levels, more than the {wall.climb_h} "
                f"{f.name} may step up (H-2); climbing it needs {needs}. {wall.how()}")
    engaged = is_engaged(state, f)
    if engaged and board.distance(f.cell, to) > 1:
        return f"{f.name} is engaged: it may only shift one hex (T-6)"
    if engaged:
        up = min(heights.climbing_height(f), f.hexes)
        return (f"{f.name} is engaged: it may step up at most {up} level"
                f"{'s' * (up != 1)} (H-10)")
    return _walk_refusal(state, f, to, budget, wall)


def _walk_refusal(state: HexState, f: HexFigure, to: int, budget: int,
                  wall: WallHint | None) -> str:
    """Why no walk of ``budget`` MP gets ``f`` to ``to``: its cost, the enemies' fronts
    on the way, a wall, or no path."""
    board = state.board
    blocked = others_cells(state, f)
    steps = tables.steps(state, heights.climbing_height(f), entry_table(state, f))
    stop = engaged_stops(state, f)
    far = board.reach(f.cell, UNLIMITED, steps, blocked=blocked, stop=stop).cost_of(to)
    if far is not None and far > budget:
        return f"the walk there costs {far} MP, {f.name} has {budget} left (T-1, H-2)"
    if far is not None:
        return f"{f.name} cannot stand there with its hexes level enough (H-15)"
    free = board.reach(f.cell, UNLIMITED, steps, blocked=blocked).cost_of(to)
    if free is not None:
        return ("every way there passes an enemy's front hexes, where a move stops "
                "(T-6)")
    if wall is not None:
        return (f"the wall is {wall.rise} levels above {board.label(wall.foot)}, more "
                f"than the {wall.climb_h} {f.name} may step up (H-2); climbing it needs "
                f"{'; '.join(wall.needs) or 'a turn started beside it'}. {wall.how()}")
    return (f"no walk gets there: other figures, or walls higher than {f.name} may step "
            "up, are in the way (H-2)")
