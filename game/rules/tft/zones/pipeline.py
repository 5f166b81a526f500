"""An action carried out step by step (Z-4, Z-9, Z-13..Z-17): the steps of each action
that may pause for the other side's reaction, and the loop that runs them until the
action is done or a reaction window opens (:class:`~.state.Doing` keeps how far it got).
"""

from __future__ import annotations

from collections.abc import Callable

from game.core.dice import Dice
from game.core.events import Event
from game.core.ruleset import Action
from game.rules.tft.zones import moving, striking
from game.rules.tft.zones.actions import (
    Attack,
    Charge,
    Close,
    Leave,
    MoveToLine,
    Rush,
    Shoot,
    SpotAndStrike,
    StepAndShoot,
    Withdraw,
    ZoneMove,
    runs,
)
from game.rules.tft.zones.flow import check_end, complete, downed, set_phase
from game.rules.tft.zones.groups import tidy
from game.rules.tft.zones.phases import ACTION, REACTION, ZonePhase
from game.rules.tft.zones.state import Doing, ZoneState

Step = Callable[[ZoneState, Doing, Dice], list[Event]]

STEPS: dict[type, tuple[Step, ...]] = {
    ZoneMove: (moving.zm_declare, moving.zm_roll, moving.zm_enter, moving.zm_arrive),
    Charge: (moving.zm_declare, moving.zm_roll, moving.zm_enter, moving.zm_arrive,
             moving.ch_contact, striking.ch_window, striking.ch_strike),
    Attack: (striking.at_move, striking.at_window, striking.at_strike),
    Close: (striking.at_move, striking.at_window, striking.cl_strike),
    Rush: (striking.at_move, striking.at_window, striking.ru_strike),
    Shoot: (striking.at_window, striking.sh_strike),
    MoveToLine: (moving.zm_declare, moving.zm_roll, moving.zm_enter, moving.zm_arrive),
    StepAndShoot: (moving.part_move, striking.sh_window, striking.sh_strike),
    SpotAndStrike: (moving.part_move, striking.at_window, striking.at_strike),
    Withdraw: (moving.wd_roll, moving.wd_finish),
    Leave: (moving.lv_start, moving.lv_finish),
}
"""The steps of each action that is carried out step by step."""


def begin(state: ZoneState, action: Action, dice: Dice, target: str | None = None
          ) -> list[Event]:
    """Start ``action`` and carry it as far as it goes."""
    state.doing = Doing(action, target=target)
    return run(state, dice)


def run(state: ZoneState, dice: Dice) -> list[Event]:
    """Carry the action under way on, step by step, until it is done or waits for a
    reaction (a window)."""
    events: list[Event] = []
    while state.doing is not None and state.window is None and not state.ended:
        d = state.doing
        steps = STEPS[type(d.action)]
        if d.stage >= len(steps):
            events += _done(state, d, dice)
            break
        step = steps[d.stage]
        d.stage += 1
        done = step(state, d, dice)
        events += done
        if downed(done):
            tidy(state)
            if check_end(state):
                state.doing, state.window = None, None
                break
    set_phase(state, REACTION if state.window is not None else
              ACTION if state.phase == REACTION else ZonePhase(state.phase))
    return events


def _done(state: ZoneState, d: Doing, dice: Dice) -> list[Event]:
    a = d.action
    assert isinstance(a, (ZoneMove, Charge, Attack, Close, Rush, Shoot, Withdraw, Leave))
    f = state.figures[a.figure]
    state.doing = None
    attacked = isinstance(a, (Attack, Shoot, Close, Rush, Charge))
    moved = d.moved or isinstance(a, (ZoneMove, Charge, Withdraw, Leave))
    return complete(state, f, dice, moved=moved, attacked=attacked, ran=runs(a),
                    stopped=d.stopped or d.short or d.line)
