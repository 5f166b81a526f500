"""The turn of Melee on zone boards (T-7): initiative, the order of actions, an action
finished (a split action counted, Z-8), the end of the turn and of the game.

Steps of :mod:`game.rules.tft.zones.apply`; they change the state they are given.
"""

from __future__ import annotations

from game.core.dice import Dice
from game.core.events import Event, Kind
from game.core.ruleset import Outcome, Termination
from game.rules.tft import combat, turn
from game.rules.tft.figure import OK
from game.rules.tft.zones.data import numbers
from game.rules.tft.zones.phases import ACTION, INITIATIVE, PHASES, ZonePhase
from game.rules.tft.zones.state import Doing, ZoneFigure, ZoneState

_DOWN = (Kind.DIED, Kind.UNCONSCIOUS, Kind.PRONE)


def set_phase(state: ZoneState, to: ZonePhase) -> None:
    """Move to phase ``to`` (checked against :data:`PHASES`)."""
    if state.phase != to:
        state.phase = PHASES.transition(state.phase, to)


def downed(events: list[Event]) -> bool:
    """Whether a figure went down among ``events`` (then groups, spots and pairs are
    tidied, running ends, and the end of the game is checked)."""
    return any(e.kind in _DOWN for e in events)


def skip_rest(d: Doing) -> None:
    """Skip the rest of the action's steps."""
    d.stage = 10 ** 6


# ============================================================================ the turn
def start_turn(state: ZoneState, dice: Dice) -> list[Event]:
    """T-7: each side rolls 1d6 for initiative (ties roll again)."""
    events = [Event(Kind.TURN, f"Turn {state.turn} begins.", "T-7")]
    state.initiative, state.winner, rolled = turn.roll_initiative(
        state.sides, state.side_name, dice)
    state.first = None
    return events + rolled


def start_actions(state: ZoneState, dice: Dice) -> list[Event]:
    """T-7: figures act in order of adjusted DX, highest first; between the sides the
    chosen side goes first at equal DX, within a side a die breaks ties."""
    set_phase(state, ACTION)
    per_side: dict[str, list[str]] = {}
    events: list[Event] = []
    for s in state.sides:
        ids, evs = turn.action_order(state.side_figures(s), dice)
        per_side[s] = ids
        events += [e for e in evs if e.kind != Kind.PHASE]
    rank = {s: (0 if s == state.first else 1) for s in state.sides}
    order: list[tuple[int, int, int, str]] = []
    for s, ids in per_side.items():
        for k, fid in enumerate(ids):
            dx = combat.adjusted_dx_total(state.figures[fid])
            order.append((-dx, rank[s], k, fid))
    state.order = [fid for *_k, fid in sorted(order)]
    state.current = 0
    names = ", ".join(state.figures[i].name for i in state.order)
    events.append(Event(Kind.PHASE, f"Action order: {names}.", "T-7"))
    return events + advance(state, dice)


def advance(state: ZoneState, dice: Dice) -> list[Event]:
    """The next figure that can still act this turn; after the last, the turn ends."""
    while state.current < len(state.order):
        f = state.figures[state.order[state.current]]
        if f.active and not f.acted:
            f.defending = False  # T-7 full defence lasts until its next action
            return []
        state.current += 1
    return end_turn(state, dice)


def end_turn(state: ZoneState, dice: Dice) -> list[Event]:
    """T-3's -2 DX for 5+ damage carries into the next turn; bottlenecks open again."""
    for f in state.figures.values():
        f.dx_penalty = combat.stagger_penalty(f)
        f.acted = f.waiting = f.protect_new = False
        f.damage_taken, f.hurt_by = 0, []
    state.order, state.current, state.passed, state.split = [], 0, {}, {}
    if check_end(state):
        return [game_over_event(state)]
    if state.turn_limit is not None and state.turn >= state.turn_limit:
        hold = state.hold_out
        if hold is not None and any(f.active for f in state.side_figures(hold)):
            state.ended = Outcome(hold, Termination.VICTORY,
                                  f"{state.side_name(hold)} win: they held out for "
                                  f"{state.turn_limit} turns.")
        else:
            state.ended = Outcome(None, Termination.TURN_LIMIT,
                                  f"A draw: the turn limit of {state.turn_limit} was "
                                  "reached.")
        return [game_over_event(state)]
    set_phase(state, INITIATIVE)
    state.turn += 1
    return start_turn(state, dice)


def check_end(state: ZoneState) -> bool:
    """Victory: a side wins when every enemy figure is dead or unconscious."""
    if state.ended:
        return True
    up = {f.side for f in state.figures.values() if f.status == OK}  # (Fighter.active)
    standing = [s for s in state.sides if s in up]
    if len(standing) == 1:
        state.ended = Outcome(standing[0], Termination.VICTORY,
                              f"{state.side_name(standing[0])} win: no enemy figure is "
                              "left standing.")
    elif not standing:
        state.ended = Outcome(None, Termination.NO_SURVIVORS,
                              "A draw: no figure is left standing.")
    return state.ended is not None


def game_over_event(state: ZoneState) -> Event:
    assert state.ended is not None
    return Event(Kind.GAME_OVER, state.ended.reason)


# ============================================================================ an action done
def complete(state: ZoneState, f: ZoneFigure, dice: Dice, *, moved: bool, attacked: bool,
             ran: bool, stopped: bool = False) -> list[Event]:
    """An action is over: in a split action (Z-8) count its move and attack and go on
    while any is left; else the figure has acted (Z-7: it runs on only if it ran)."""
    if state.ended:
        return []
    n = numbers()
    if state.split and f.active:
        state.split["moves"] = state.split.get("moves", 0) + int(moved)
        state.split["attacks"] = state.split.get("attacks", 0) + int(attacked)
        state.split["ran"] = int(state.split.get("ran", 0) or ran)
        if stopped:
            state.split["moves"] = n.split_pools
        if state.split["moves"] < n.split_pools or state.split["attacks"] < n.split_attacks:
            return []
        ran = bool(state.split["ran"])
    return finish(state, f, dice, ran)


def finish(state: ZoneState, f: ZoneFigure, dice: Dice, ran: bool) -> list[Event]:
    """The figure has acted: on to the next one (T-7)."""
    f.acted = True
    f.running = ran and f.active and not f.prone
    state.split = {}
    state.doing = None
    state.current += 1
    return advance(state, dice)
