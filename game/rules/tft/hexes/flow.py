"""The turn of Melee on heights (T-7, T-8): initiative, movement, actions in order of
adjusted DX, force retreats, the end of the turn and of the game. Each step changes the
state it is given and returns what happened.
"""

from __future__ import annotations

from game.core.dice import Dice
from game.core.events import Event, Kind
from game.core.ruleset import Outcome, Termination
from game.rules.tft import combat, turn
from game.rules.tft.figure import OK
from game.rules.tft.hexes.legal import retreat_options
from game.rules.tft.hexes.phases import PHASES, HexPhase
from game.rules.tft.hexes.state import HexFigure, HexState


def start_turn(state: HexState, dice: Dice) -> list[Event]:
    """T-7: each side rolls 1d6 for initiative (ties roll again)."""
    events = [Event(Kind.TURN, f"Turn {state.turn} begins.", "T-7")]
    state.phase = HexPhase.INITIATIVE
    state.initiative, state.winner, rolled = turn.roll_initiative(state.sides,
                                                                  state.side_name, dice)
    state.first = state.moving = None
    return events + rolled


def goto(state: HexState, phase: HexPhase) -> Event:
    """Enter ``phase`` (a transition the phase table declares)."""
    state.phase = PHASES.transition(state.phase, phase)
    p = PHASES[phase]
    return Event(Kind.PHASE, f"{p.title} phase.", p.rule)


def start_actions(state: HexState, dice: Dice) -> list[Event]:
    """T-7: figures act in order of adjusted DX, highest first; ties by a die."""
    events = [goto(state, HexPhase.ACTION)]
    state.order, ordered = turn.action_order(list(state.figures.values()), dice)
    state.current = 0
    events += ordered
    events += advance_actor(state, dice)
    return events


def advance_actor(state: HexState, dice: Dice) -> list[Event]:
    """Skip figures that can no longer act; after the last, force retreats or next turn."""
    while state.current < len(state.order):
        if state.figures[state.order[state.current]].active:
            return []
        state.current += 1
    return start_retreats(state, dice)


def after_action(state: HexState, f: HexFigure, dice: Dice) -> list[Event]:
    """T-7: ``f`` has acted; the next figure in the order acts."""
    f.acted = True
    state.current += 1
    return advance_actor(state, dice)


def start_retreats(state: HexState, dice: Dice) -> list[Event]:
    """T-8: force retreats are decided after every figure has acted."""
    state.retreats = [pair for pair in state.hits if retreat_options(state, *pair)]
    if state.retreats:
        return [goto(state, HexPhase.RETREAT)]
    return end_turn(state, dice)


def next_retreat(state: HexState, dice: Dice) -> list[Event]:
    """T-8: the next force retreat still possible, or the end of the turn."""
    state.retreats = [p for p in state.retreats[1:] if retreat_options(state, *p)]
    if state.retreats:
        return []
    return end_turn(state, dice)


def end_turn(state: HexState, dice: Dice) -> list[Event]:
    """End of turn: T-3's -2 DX for 5+ damage carries into the next turn."""
    for f in state.figures.values():
        f.dx_penalty = combat.stagger_penalty(f)
        f.mp_spent, f.move_over, f.defending, f.acted = 0, False, False, False
        f.moved, f.kneeling = 0, False
        f.damage_taken, f.hurt_by = 0, []
    state.hits, state.retreats, state.order, state.current = [], [], [], 0
    if check_end(state):
        return [game_over_event(state)]
    if state.turn_limit is not None and state.turn >= state.turn_limit:
        state.ended = Outcome(None, Termination.TURN_LIMIT,
                              f"A draw: the turn limit of {state.turn_limit} was reached.")
        return [game_over_event(state)]
    state.phase = PHASES.transition(state.phase, HexPhase.INITIATIVE)
    state.turn += 1
    return start_turn(state, dice)


def check_end(state: HexState) -> bool:
    """Victory: a side wins when every enemy figure is dead or unconscious."""
    if state.ended:
        return True
    up = {f.side for f in state.figures.values() if f.status == OK}  # (f.active, inlined)
    standing = [s for s in state.sides if s in up]
    if len(standing) == 1:
        state.ended = Outcome(standing[0], Termination.VICTORY,
                              f"{state.side_name(standing[0])} win: no enemy figure is "
                              "left standing.")
    elif not standing:
        state.ended = Outcome(None, Termination.NO_SURVIVORS,
                              "A draw: no figure is left standing.")
    return state.ended is not None


def game_over_event(state: HexState) -> Event:
    """The game is over: how it ended."""
    assert state.ended is not None
    return Event(Kind.GAME_OVER, state.ended.reason)


def to_act(state: HexState) -> str | None:
    """The side that chooses the next action (T-7, T-8); None once the game is over."""
    if state.ended:
        return None
    if state.phase == HexPhase.INITIATIVE:
        return state.winner
    if state.phase == HexPhase.MOVEMENT:
        return state.moving
    if state.phase == HexPhase.ACTION:
        f = state.acting()
        return f.side if f else None
    if state.phase == HexPhase.RETREAT and state.retreats:
        return state.figures[state.retreats[0][0]].side
    return None
