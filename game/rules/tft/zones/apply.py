"""Carrying out a legal action of Melee on zone boards (T-7, Z-4..Z-17): one handler per
action; the actions that may pause for a reaction run step by step
(:mod:`~game.rules.tft.zones.pipeline`).

:func:`apply` trusts its caller: ``Match.apply`` has judged the action legal first.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from game.core.dice import Dice
from game.core.events import Event, Kind
from game.core.ruleset import Action
from game.rules.tft.data import load_data
from game.rules.tft.events import MeleeKind
from game.rules.tft.zones import moving, rules
from game.rules.tft.zones.actions import (
    Attack,
    Charge,
    ChooseFirst,
    Close,
    Decline,
    Defend,
    EndAction,
    EnterBottleneck,
    EnterPatch,
    FallProne,
    Hold,
    Leave,
    MoveToLine,
    Pass,
    PickUp,
    Protect,
    React,
    Ready,
    Rush,
    Shoot,
    SplitMove,
    SpotAndStrike,
    StandUp,
    StepAndShoot,
    ToBoundary,
    Wait,
    Withdraw,
    ZoneMove,
)
from game.rules.tft.zones.events import ZoneKind
from game.rules.tft.zones.flow import (
    advance,
    check_end,
    finish,
    game_over_event,
    start_actions,
)
from game.rules.tft.zones.groups import stop_protecting, tidy
from game.rules.tft.zones.pipeline import begin
from game.rules.tft.zones.reacting import do_decline, do_react
from game.rules.tft.zones.state import ZoneState

Handler = Callable[[ZoneState, Any, Dice], list[Event]]


def apply(state: ZoneState, action: Action, dice: Dice) -> list[Event]:
    """Carry out a legal action (unchecked: Match.apply checks first); then figures out
    of the fight are tidied away and the end of the game is checked."""
    events = HANDLERS[type(action)](state, action, dice)
    tidy(state)
    if not state.ended and check_end(state):
        state.doing, state.window = None, None
        events.append(game_over_event(state))
    return events


# ============================================================================ simple actions
def _choose(state: ZoneState, a: ChooseFirst, dice: Dice) -> list[Event]:
    state.first = a.first
    ev = Event(Kind.INITIATIVE, f"{state.side_name(a.side)} choose that "
               f"{state.side_name(a.first)} act first where DX ties.", "T-7")
    return [ev] + start_actions(state, dice)


def _defend(state: ZoneState, a: Defend, dice: Dice) -> list[Event]:
    f = state.figures[a.figure]
    stop_protecting(f)
    f.defending = True
    return [Event(MeleeKind.DEFENDING, f"{f.name} defends: attackers roll 4 dice until "
                  "its next action.", "T-7", f.id)] + finish(state, f, dice, False)


def _wait(state: ZoneState, a: Wait, dice: Dice) -> list[Event]:
    f = state.figures[a.figure]
    f.waiting = True
    state.order.pop(state.current)
    state.order.append(f.id)
    ev = Event(ZoneKind.WAITS, f"{f.name} waits: it acts last this turn, and can still "
               "react until then.", "Z-17", f.id)
    return [ev] + advance(state, dice)


def _hold(state: ZoneState, a: Hold, dice: Dice) -> list[Event]:
    f = state.figures[a.figure]
    state.current += 1
    who = state.figures[f.protecting or ""].name if f.protecting else "?"
    ev = Event(ZoneKind.HOLDS, f"{f.name} keeps protecting {who}: its action waits for a "
               "protection response.", "Z-14", f.id)
    return [ev] + advance(state, dice)


def _ready(state: ZoneState, a: Ready, dice: Dice) -> list[Event]:
    f = state.figures[a.figure]
    stop_protecting(f)
    f.ready = a.weapon
    name = load_data().weapons[a.weapon].name
    return [Event(MeleeKind.READIED, f"{f.name} readies the {name}.", "T-7", f.id)] + \
        finish(state, f, dice, False)


def _pick_up(state: ZoneState, a: PickUp, dice: Dice) -> list[Event]:
    f = state.figures[a.figure]
    lying = state.dropped[f.zone]
    lying.remove(a.weapon)
    if not lying:
        del state.dropped[f.zone]
    if a.weapon not in f.weapons:
        f.weapons.append(a.weapon)
    f.ready = a.weapon
    name = load_data().weapons[a.weapon].name
    return [Event(MeleeKind.PICKED_UP, f"{f.name} picks up the {name}.", "T-7", f.id)] + \
        finish(state, f, dice, False)


def _stand(state: ZoneState, a: StandUp, dice: Dice) -> list[Event]:
    f = state.figures[a.figure]
    f.prone = False
    return [Event(Kind.STOOD, f"{f.name} stands up.", "T-7", f.id)] + \
        finish(state, f, dice, False)


def _fall_prone(state: ZoneState, a: FallProne, dice: Dice) -> list[Event]:
    """Z-17: falling prone is free: the figure's action goes on (it must stand up to
    move again)."""
    f = state.figures[a.figure]
    stop_protecting(f)
    f.prone, f.running = True, False
    return [Event(Kind.PRONE, f"{f.name} drops to the ground (a free action, Z-17).",
                  "Z-17", f.id)]


def _pass(state: ZoneState, a: Pass, dice: Dice) -> list[Event]:
    f = state.figures[a.figure]
    stop_protecting(f)
    return [Event(Kind.PASSED, f"{f.name} does nothing.", "T-7", f.id)] + \
        finish(state, f, dice, False)


def _split(state: ZoneState, a: SplitMove, dice: Dice) -> list[Event]:
    f = state.figures[a.figure]
    stop_protecting(f)
    state.split = {"moves": 0, "attacks": 0, "ran": 0}
    pool = rules.base_mr(state, f)
    return [Event(ZoneKind.SPLIT, f"{f.name} splits its MR {f.mr} into two pools of {pool}: "
                  "two moves and one attack this action.", "Z-8", f.id)]


def _end_action(state: ZoneState, a: EndAction, dice: Dice) -> list[Event]:
    f = state.figures[a.figure]
    ran = bool(state.split.get("ran", 0))
    return [Event(Kind.PASSED, f"{f.name} ends its split action.", "Z-8", f.id)] + \
        finish(state, f, dice, ran)


# ============================================================================ step by step
def _move(state: ZoneState, a: ZoneMove | Withdraw | Leave, dice: Dice) -> list[Event]:
    """A zone move (a :class:`MoveToLine` too), a withdraw or a leave, step by step."""
    return begin(state, a, dice)


def _aimed(state: ZoneState, a: Charge | Attack | Close | Rush | Shoot, dice: Dice
           ) -> list[Event]:
    return begin(state, a, dice, target=a.target)


HANDLERS: dict[type, Handler] = {
    ChooseFirst: _choose, ZoneMove: _move, Charge: _aimed, Attack: _aimed, Close: _aimed,
    Rush: _aimed, Shoot: _aimed, Withdraw: _move, Leave: _move,
    ToBoundary: moving.do_to_boundary, EnterBottleneck: moving.do_enter_bottleneck,
    Protect: moving.do_protect, Hold: _hold, SplitMove: _split, EndAction: _end_action,
    Defend: _defend, Wait: _wait, Ready: _ready, PickUp: _pick_up, StandUp: _stand,
    Pass: _pass, React: do_react, Decline: do_decline, MoveToLine: _move,
    StepAndShoot: _aimed, SpotAndStrike: _aimed, FallProne: _fall_prone,
    EnterPatch: moving.do_enter_patch,
}
"""The handler of each action."""
