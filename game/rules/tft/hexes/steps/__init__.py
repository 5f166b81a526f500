"""The apply steps of Melee on heights: one function per action that carries it out
(:data:`STEPS`), trusting that it is legal, and :func:`apply`, which runs it and ends the
game when a side has no figure left standing.

- :mod:`.moves`: the movement phase's plain steps (walk, jump, face, defend...);
- :mod:`.walls`: climbs, pull-ups and leaps, and falls off a wall (H-8, H-11, H-20);
- :mod:`.fights`: the action phase and the force retreats (T-2..T-8, H-10..H-19).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from game.core.dice import Dice
from game.core.events import Event
from game.core.ruleset import Action
from game.rules.tft.hexes import flow
from game.rules.tft.hexes.actions import (
    Attack,
    ChooseFirst,
    Climb,
    Defend,
    Disengage,
    EndMovement,
    Face,
    JumpDown,
    Leap,
    Move,
    NoRetreat,
    Pass,
    PickUp,
    PutAway,
    Ready,
    Retreat,
    Shoot,
    StandUp,
    Sweep,
    Swipe,
)
from game.rules.tft.hexes.state import HexState
from game.rules.tft.hexes.steps import fights, moves, walls

STEPS: dict[type[Action], Callable[[HexState, Any, Dice], list[Event]]] = {
    ChooseFirst: moves.do_choose, Move: moves.do_move, JumpDown: moves.do_jump,
    Climb: walls.do_climb, Leap: walls.do_leap, Face: moves.do_face,
    Defend: moves.do_defend, EndMovement: moves.do_end_movement,
    Attack: fights.do_attack, Swipe: fights.do_swipe, Sweep: fights.do_sweep,
    Shoot: fights.do_shoot, Disengage: fights.do_disengage, Ready: fights.do_ready,
    PutAway: fights.do_put_away, PickUp: fights.do_pickup, StandUp: fights.do_stand,
    Pass: fights.do_pass, Retreat: fights.do_retreat, NoRetreat: fights.do_no_retreat,
}
"""Each action type's step."""


def apply(state: HexState, action: Action, dice: Dice) -> list[Event]:
    """Carry out a legal action (unchecked) and end the game if a side is out. A game
    that has ended lets its memo go (answers for positions no one plays from)."""
    events = STEPS[type(action)](state, action, dice)
    if not state.ended and flow.check_end(state):
        events.append(flow.game_over_event(state))
    if state.ended:
        state.memo.clear()
    return events
