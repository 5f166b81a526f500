"""Carrying out the movement phase's plain steps (T-5, T-6, T-7, H-2, H-3, H-8): who moves
first, walks, jumps down, turns, defends, the end of a side's movement. Each step trusts
that its action is legal (:mod:`game.rules.tft.hexes.checks` judged it) and changes the
state it is given.
"""

from __future__ import annotations

from game.core.dice import Dice
from game.core.events import Event, Kind
from game.core.places import Cell
from game.rules.tft.events import MeleeKind
from game.rules.tft.hexes import falls, flow
from game.rules.tft.hexes.actions import ChooseFirst, Defend, EndMovement, Face, JumpDown, Move
from game.rules.tft.hexes.movement import is_engaged, move_options, place, settle_facing
from game.rules.tft.hexes.phases import HexPhase
from game.rules.tft.hexes.state import HexFigure, HexState, facings_held, step_key


def do_choose(state: HexState, a: ChooseFirst, dice: Dice) -> list[Event]:
    """T-7: the initiative winner says who moves first; movement begins."""
    state.first = state.moving = a.first
    ev = Event(Kind.INITIATIVE, f"{state.side_name(a.side)} choose that "
               f"{state.side_name(a.first)} move first.", "T-7")
    return [ev, flow.goto(state, HexPhase.MOVEMENT)]


def walk(state: HexState, f: HexFigure, path: list[int], cost: int,
         engaged_at_start: bool) -> list[Event]:
    """Move ``f`` along ``path`` for ``cost`` MP, facing the way of its last step (H-15:
    a big figure the nearest way it can stand)."""
    board = state.board
    start = f.cell
    to = path[-1]
    facing = f.facing
    if len(path) > 1:
        last = board.direction(path[-2], path[-1])
        facing = facing if last is None else last
    if f.hexes > 1:
        settled = settle_facing(state, f, to, facing)
        facing = facing if settled is None else settled
    place(state, f, to, facing)
    f.mp_spent += cost
    f.moved += max(0, len(path) - 1)
    pairs = list(zip(path, path[1:], strict=False))
    climbed = sum(max(0, board.level(q) - board.level(p)) for p, q in pairs)
    how = f"{cost} MP" + (f", climbing {climbed} level{'s' * (climbed > 1)}" if climbed else "")
    descended = any(board.level(q) < board.level(p) for p, q in pairs)
    rule = ("T-6" if engaged_at_start else "H-2" if climbed else
            "H-3" if descended else "T-1")
    return [Event(Kind.MOVED, f"{f.name} moves {board.label(start)} to "
                              f"{board.label(to)} ({how}).", rule, f.id,
                  places=tuple(map(Cell, path)), amount=cost)]


def do_move(state: HexState, a: Move, dice: Dice) -> list[Event]:
    """T-6, H-2, H-3: walk the cheapest way; entering an engaged hex ends the move."""
    f = state.figures[a.figure]
    pos = state.positions()  # (worked out once for both questions)
    opts = move_options(state, f.id, pos)
    path = opts.reach.path(a.to)
    cost = opts.reach.cost_of(a.to) or 0
    engaged_at_start = is_engaged(state, f, pos)
    events = walk(state, f, path, cost, engaged_at_start)
    if a.to in opts.reach.stops or engaged_at_start:
        f.move_over = True
        if a.to in opts.reach.stops and not engaged_at_start:
            events.append(Event(Kind.MOVED, f"{f.name} is engaged and stops; it may still "
                                            "turn to face as it likes.", "T-6", f.id))
    return events


def do_jump(state: HexState, a: JumpDown, dice: Dice) -> list[Event]:
    """H-3, H-8: walk to the edge, jump down and roll for the fall; the move ends."""
    f = state.figures[a.figure]
    opts = move_options(state, f.id)
    j = opts.jump(a.to, a.via)
    assert j is not None
    engaged_at_start = is_engaged(state, f)
    path = opts.reach.path(a.via) + [a.to]
    events = walk(state, f, path, j.cost, engaged_at_start)
    f.move_over = True
    return events + falls.fall(f, a.via, j.levels, dice, "jumps down")


def do_face(state: HexState, a: Face, dice: Dice) -> list[Event]:
    """T-5: turn to face another hexside."""
    f = state.figures[a.figure]
    turned = facings_held(state, f)
    place(state, f, f.cell, a.facing)
    f.faced, f.faced_at = (*turned, a.facing), step_key(state, f)
    way = state.board.direction_name(a.facing)
    return [Event(Kind.FACED, f"{f.name} turns to face {way}.", "T-5", f.id)]


def do_defend(state: HexState, a: Defend, dice: Dice) -> list[Event]:
    """T-7: the figure defends this turn and moves no more."""
    f = state.figures[a.figure]
    f.defending, f.move_over = True, True
    return [Event(MeleeKind.DEFENDING,
                  f"{f.name} will defend this turn: attackers roll 4 dice.", "T-7", f.id)]


def do_end_movement(state: HexState, a: EndMovement, dice: Dice) -> list[Event]:
    """T-7: the other side moves, or (both have moved) the actions begin."""
    if a.side == state.first:
        other = next(s for s in state.sides if s != a.side)
        state.moving = other
        return [Event(Kind.PHASE, f"{state.side_name(other)} move.", "T-7")]
    state.moving = None
    return flow.start_actions(state, dice)
