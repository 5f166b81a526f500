"""Carrying out the chase's actions (trusted: :func:`legality.why_illegal` has judged them),
and everything between two choices: the phases and their orders, the pieces moving back
and the models that have no choice in the pursuit phase (P-6, P-7), the recycling turns
(P-6), the break-off dice and the second rounds of close combat (P-9), the models that
cannot act skipped, the turns, and the end of the game (P-4)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from game.core.dice import Dice
from game.core.events import Event, Kind
from game.core.ruleset import Action, Outcome, Termination
from game.rules.squads.pursuit import chase, recycle
from game.rules.squads.pursuit.actions import (
    Deploy,
    Face,
    Hold,
    Move,
    NoMine,
    Pace,
    PlaceMine,
    PlacePiece,
    Restart,
    Shoot,
    Wargear,
)
from game.rules.squads.pursuit.deployment import deploy
from game.rules.squads.pursuit.events import ChaseKind
from game.rules.squads.pursuit.melee import break_or_fight, fight, tidy_locks
from game.rules.squads.pursuit.moving import move
from game.rules.squads.pursuit.numbers import chase_data
from game.rules.squads.pursuit.phases import PHASES, ChasePhase
from game.rules.squads.pursuit.setup import add_bonus, take_wargear
from game.rules.squads.pursuit.shooting import shoot, shot_options, why_not_fire
from game.rules.squads.pursuit.state import (
    ARRIVAL,
    HELD,
    TABLE,
    WAITING,
    ChaseState,
    piece_id,
    piece_index,
)
from game.rules.squads.pursuit.terrain import terrain_test

MAX_STEPS = 10_000


def apply(state: ChaseState, action: Action, dice: Dice) -> list[Event]:
    """Carry out a legal action (unchecked), then everything up to the next choice."""
    state.touch()
    state.applying = True
    try:
        events = _STEPS[type(action)](state, action, dice)
        tidy_locks(state)
        events += advance(state, dice)
    except BaseException:
        state.noted = {}
        raise
    finally:
        state.applying = False
        state.touch()
    state.keep_noted()
    return events


def begin(state: ChaseState, dice: Dice) -> list[Event]:
    """The game's first steps, up to its first choice (setup calls it)."""
    events: list[Event] = []
    if state.phase == ChasePhase.PURSUIT:
        events += start_pursuit(state, dice, first=True)
    events += advance(state, dice)
    state.touch()
    return events


def to_phase(state: ChaseState, phase: ChasePhase, *, first: bool = False) -> Event:
    """Go on to ``phase`` (``first``: the game begins in it)."""
    state.phase = phase if first else PHASES.transition(state.phase, phase)
    p = PHASES[phase]
    return Event(Kind.PHASE, f"Turn {state.turn}: {p.title} phase ({p.rule}).", p.rule)


# ==================================================================== between choices
def advance(state: ChaseState, dice: Dice) -> list[Event]:
    """Everything that needs no choice, up to the next choice or the end of the game."""
    events: list[Event] = []
    for _ in range(MAX_STEPS):
        state.noted = {}  # what the state's cache works out in this step only
        if state.ended is not None:
            break
        done = victory(state)
        if done:
            events += done
            state.noted = {}
            break
        if state.facing_due:
            break
        step = _AUTO.get(ChasePhase(state.phase))
        if step is None:
            break
        got = step(state, dice)
        if got is None:  # a choice: nothing changed in this step (see apply)
            break
        events += got
    else:
        state.noted = {}
    return events


def _deploy_auto(state: ChaseState, dice: Dice) -> list[Event] | None:
    if state.undeployed:
        return None
    return start_pursuit(state, dice)


def _pursuit_auto(state: ChaseState, dice: Dice) -> list[Event] | None:
    """P-6, P-7: the next object of the pursuit order, if it needs no choice."""
    if not state.queue:
        return end_pursuit(state, dice)
    head = state.queue[0]
    k = piece_index(head)
    if k is not None:
        _pop(state)
        return chase.move_piece(state, k, dice)
    m = state.model(head)
    if not state.on_table(m) or head in state.done:
        state.queue.pop(0)
        return []
    why = chase.forced(state, m)
    if why is None:
        return None
    _pop(state)
    if why == chase.LOCKED:
        events = chase.keep_pace(state, m, "locked in close combat, alongside its enemy")
        for lock in state.lock_of(m.id):
            if not lock.fought:
                o = state.model(lock.other(m.id))
                events += fight(state, m, o, dice, charger=None,
                                why="a second round, moving alongside")
        return events
    if why == chase.STOPPED:
        at = state.stopped.get(m.id, -1)
        if at >= 0 and state.pieces[at].where == TABLE and piece_id(at) not in state.done:
            return []  # it goes back with its piece when the piece moves
        return chase.move_back(state, m, chase_data().back, dice,
                               "is stopped and goes back")
    return chase.move_back(state, m, chase_data().back, dice,
                           "faces off the way to the Arrival and cannot keep pace")


def _pop(state: ChaseState) -> str:
    head = state.queue.pop(0)
    state.done.append(head)
    return head


def _recycle_auto(state: ChaseState, dice: Dice) -> list[Event] | None:
    """P-6: hold what cannot be placed; the mine step; then the movement phase."""
    if state.placer is not None:
        if state.waiting and recycle.placeable(state):
            return None
        state.placer = None
        events = []
        for k in state.waiting:
            state.pieces[k].where = HELD
            events.append(Event(ChaseKind.HELD, f"{chase.name_of(state, piece_id(k))} cannot "
                                f"be placed 2 inches from everything: held for the next "
                                f"pursuit phase (P-6).", "P-6", piece_id(k)))
        return events
    if state.mine_due:
        if recycle.may_enter(state) and any(recycle.mine_spots(state, k)
                                            for k in state.recycled_now):
            return None
        state.mine_due = False
        return []
    return start_movement(state, dice)


def _movement_auto(state: ChaseState, dice: Dice) -> list[Event] | None:
    if not state.queue:
        return start_shooting(state, dice)
    m = state.model(state.queue[0])
    if state.on_table(m) and m.id not in state.engaged:
        return None
    _pop(state)
    events = []
    if state.on_table(m):
        events.append(Event(ChaseKind.SKIPPED, f"{m.name} was charged this phase: it cannot "
                            f"move (P-9).", "P-9", m.id))
    return events + after_turn(state, m.id, dice)


def _shooting_auto(state: ChaseState, dice: Dice) -> list[Event] | None:
    if not state.queue:
        return end_turn(state, dice)
    m = state.model(state.queue[0])
    if why_not_fire(state, m) is None and shot_options(state, m):
        return None
    _pop(state)
    return []


_AUTO: dict[ChasePhase, Callable[[ChaseState, Dice], list[Event] | None]] = {
    ChasePhase.DEPLOY: _deploy_auto, ChasePhase.PURSUIT: _pursuit_auto,
    ChasePhase.RECYCLE: _recycle_auto, ChasePhase.MOVEMENT: _movement_auto,
    ChasePhase.SHOOTING: _shooting_auto,
}


# ==================================================================== phases
def _new_phase(state: ChaseState) -> None:
    tidy_locks(state)
    state.queue, state.done = [], []
    state.engaged = set()
    for lock in state.locks:
        lock.fought, lock.first = False, None


def start_pursuit(state: ChaseState, dice: Dice, *, first: bool = False) -> list[Event]:
    """P-6: the order, furthest from the Arrival first."""
    events = [to_phase(state, ChasePhase.PURSUIT, first=first)]
    _new_phase(state)
    order, got = chase.pursuit_order(state, dice)
    state.queue = order
    return events + got


def end_pursuit(state: ChaseState, dice: Dice) -> list[Event]:
    """P-6: recycling if a piece waits (or was held), else the movement phase."""
    state.recycled_now = []
    state.mine_due = bool(state.clusters)
    if not state.waiting:
        return start_movement(state, dice)
    for k in state.waiting:
        state.pieces[k].where = WAITING
    state.placer = state.setup.chasers
    return [to_phase(state, ChasePhase.RECYCLE)]


def start_movement(state: ChaseState, dice: Dice) -> list[Event]:
    """P-8: the order, closest to the Arrival first; P-9: each locked pair's die for who
    moves first."""
    events = [to_phase(state, ChasePhase.MOVEMENT)]
    _new_phase(state)
    state.accelerated, state.moved = set(), set()
    state.tests, state.failed, state.restarted = {}, {}, set()
    state.mine_due, state.placer = False, None
    order, got = chase.ordered(state, [m.id for m in state.standing()], dice, rule="P-8",
                               furthest_first=False, why="the movement phase")
    events += got
    for lock in state.locks:
        a, b = sorted((lock.a, lock.b), key=order.index)
        r = dice.roll("1d6", rule="P-9", label=f"Who breaks off first: 1-3 "
                                               f"{state.model(a).name}, 4-6 "
                                               f"{state.model(b).name}")
        lock.first = a if r.total <= 3 else b
        second = lock.other(lock.first)
        events.append(Event(Kind.ROLLED, r.explain(), "P-9", lock.first, second, roll=r))
        at = min(order.index(a), order.index(b))
        order = [i for i in order if i not in (a, b)]
        order[at:at] = [lock.first, second]
    state.queue = order
    names = ", ".join(state.model(i).name for i in order)
    events.append(Event(ChaseKind.ORDER, f"Movement order, closest to the Arrival first: "
                        f"{names} (P-8).", "P-8"))
    return events


def start_shooting(state: ChaseState, dice: Dice) -> list[Event]:
    """P-13: the order, closest to the Arrival first, then the higher Initiative."""
    events = [to_phase(state, ChasePhase.SHOOTING)]
    _new_phase(state)
    models = state.standing()
    order, got = chase.ordered(state, [m.id for m in models], dice, rule="P-13",
                               furthest_first=False, why="the shooting phase",
                               second={m.id: m.stats.i for m in models})
    state.queue = order
    return events + got


def end_turn(state: ChaseState, dice: Dice) -> list[Event]:
    if state.turn_limit is not None and state.turn >= state.turn_limit:
        state.ended = Outcome(None, Termination.TURN_LIMIT,
                              f"A draw: the chase is still on after turn {state.turn}.")
        return [Event(Kind.GAME_OVER, state.ended.reason, "P-4")]
    state.turn += 1
    return [Event(Kind.TURN, f"Turn {state.turn}.", "P-5")] + start_pursuit(state, dice)


def after_turn(state: ChaseState, mid: str, dice: Dice) -> list[Event]:
    """P-9: once both models of a pair locked at the start of the movement phase had
    their turn, they fight again if still in contact, else the lock ends."""
    events: list[Event] = []
    for lock in list(state.locks):
        if lock.first is not None and lock.has(mid) and lock.other(mid) not in state.queue:
            events += break_or_fight(state, lock, dice)
    return events


# ==================================================================== the end
def victory(state: ChaseState) -> list[Event]:
    """P-4: the scouts win when one left by the Arrival or every hunter is dead; the
    hunters when every scout is dead (both at once: a draw)."""
    if state.phase in (ChasePhase.WARGEAR, ChasePhase.DEPLOY):
        return []
    r, c = state.setup.runners, state.setup.chasers
    out: Outcome | None = None
    escaped = [m for m in state.all_models() if state.gone.get(m.id) == ARRIVAL] \
        if ARRIVAL in state.gone.values() else []
    if escaped:
        out = Outcome(r, Termination.VICTORY, f"{state.side_name(r)} win: {escaped[0].name} "
                      f"left the table by the Arrival (P-4).")
    else:
        runners, chasers = _any_standing(state, r), _any_standing(state, c)
        if not runners and not chasers:
            out = Outcome(None, Termination.NO_SURVIVORS, "A draw: nobody is left (P-4).")
        elif not chasers:
            out = Outcome(r, Termination.VICTORY, f"{state.side_name(r)} win: every one of "
                          f"{state.side_name(c)} is dead (P-4).")
        elif not runners:
            out = Outcome(c, Termination.VICTORY, f"{state.side_name(c)} win: every one of "
                          f"{state.side_name(r)} is dead (P-4).")
    if out is None:
        return []
    state.ended = out
    return [Event(Kind.GAME_OVER, out.reason, "P-4")]


def _any_standing(state: ChaseState, side: str) -> bool:
    """Whether a model of ``side`` is on the table (asked after every step: no list)."""
    return any(state.on_table(m) for u in state.units.values() if u.side == side
               for m in u.models)


# ==================================================================== the actions
def do_wargear(state: ChaseState, a: Wargear, dice: Dice) -> list[Event]:
    """P-2: the sergeant's extra weapon, and the hunters' extra models."""
    state.wargear = a.take
    events: list[Event] = []
    if a.take:
        take_wargear(state)
        added = add_bonus(state)
        state.undeployed += [m.id for m in added]
        events.append(Event(ChaseKind.WARGEAR, f"{state.side_name(a.side)} take the extra "
                            f"weapon: {state.side_name(state.setup.chasers)} field "
                            f"{len(added)} more (P-2).", "P-2", amount=len(added)))
    else:
        events.append(Event(ChaseKind.WARGEAR, f"{state.side_name(a.side)} go without the "
                            f"extra weapon (P-2).", "P-2", amount=0))
    if state.setup.deploy:
        events.append(to_phase(state, ChasePhase.DEPLOY))
    else:
        events += start_pursuit(state, dice)
    return events


def do_deploy(state: ChaseState, a: Deploy, dice: Dice) -> list[Event]:
    m = state.model(a.model)
    deploy(state, m, *a.to.units)
    return [Event(ChaseKind.DEPLOYED, f"{m.name} is deployed (P-3).", "P-3", m.id,
                  places=(m.place,))]


def do_pace(state: ChaseState, a: Pace, dice: Dice) -> list[Event]:
    m = state.model(a.model)
    _pop(state)
    if a.dice == 0:
        return chase.keep_pace(state, m)
    return chase.slow(state, m, a.dice, dice)


def do_place_piece(state: ChaseState, a: PlacePiece, dice: Dice) -> list[Event]:
    recycle.place(state, a.piece, a.across / 100)
    side = state.placer or state.setup.chasers
    state.placer = state.other_side(side)
    return [Event(ChaseKind.PLACED, f"{state.side_name(side)} place "
                  f"{chase.name_of(state, piece_id(a.piece))} at the Arrival edge (P-6).",
                  "P-6", piece_id(a.piece), amount=a.across)]


def do_place_mine(state: ChaseState, a: PlaceMine, dice: Dice) -> list[Event]:
    k = recycle.enter(state, a.piece, *a.at.units)
    state.mine_due = False
    return [Event(ChaseKind.MINE_ENTERED, f"A {chase_data().mine(k.kind).name} comes in "
                  f"against {chase.name_of(state, piece_id(a.piece))} (P-6).", "P-6", k.id,
                  piece_id(a.piece), places=(a.at,))]


def do_no_mine(state: ChaseState, a: NoMine, dice: Dice) -> list[Event]:
    state.mine_due = False
    return []


def do_restart(state: ChaseState, a: Restart, dice: Dice) -> list[Event]:
    """P-10: a stopped model tests until one passes (at most three tests a phase, each
    failure 2 inches off its move, no hit)."""
    m = state.model(a.model)
    events: list[Event] = []
    d = chase_data()
    while state.tests.get(m.id, 0) < d.max_tests:
        t = terrain_test(m, dice, "to move again")
        state.tests[m.id] = state.tests.get(m.id, 0) + 1
        events.append(t.event)
        if t.passed:
            state.stopped.pop(m.id, None)
            state.restarted.add(m.id)
            break
        state.failed[m.id] = state.failed.get(m.id, 0) + 1
    if m.id in state.stopped:
        _pop(state)
        events.append(Event(ChaseKind.RESTARTED, f"{m.name} failed {d.max_tests} tests: it "
                            f"stays put (P-10).", "P-10", m.id, amount=0))
        return events + after_turn(state, m.id, dice)
    left = max(0.0, d.move - d.failure_cost * state.failed.get(m.id, 0))
    events.append(Event(ChaseKind.RESTARTED, f"{m.name} may move again: {left:g} inches "
                        f"({left + d.accelerate - d.move:g} accelerating) (P-10).", "P-10",
                        m.id, amount=round(left * 100)))
    return events


def do_move(state: ChaseState, a: Move, dice: Dice) -> list[Event]:
    m = state.model(a.model)
    _pop(state)
    events = move(state, m, a.legs, a.accelerate, dice)
    tidy_locks(state)
    return events + after_turn(state, m.id, dice)


def do_hold(state: ChaseState, a: Hold, dice: Dice) -> list[Event]:
    m = state.model(a.model)
    _pop(state)
    if state.phase == ChasePhase.MOVEMENT:
        return [Event(ChaseKind.HELD_FIRE, f"{m.name} does not move.", "P-8", m.id)] + \
            after_turn(state, m.id, dice)
    return [Event(ChaseKind.HELD_FIRE, f"{m.name} holds its fire.", "P-13", m.id)]


def do_shoot(state: ChaseState, a: Shoot, dice: Dice) -> list[Event]:
    m = state.model(a.model)
    _pop(state)
    events = shoot(state, m, a.target, a.weapon, dice)
    tidy_locks(state)
    return events


def do_face(state: ChaseState, a: Face, dice: Dice) -> list[Event]:
    m = state.model(a.model)
    state.facing_due.remove(m.id)
    state.facing[m.id] = a.facing % 360
    return [Event(ChaseKind.FACED, f"{m.name} turns to face {a.facing % 360} degrees "
                  f"(P-11).", "P-11", m.id, amount=a.facing % 360)]


_STEPS: dict[type[Action], Callable[[ChaseState, Any, Dice], list[Event]]] = {
    Wargear: do_wargear, Deploy: do_deploy, Pace: do_pace, PlacePiece: do_place_piece,
    PlaceMine: do_place_mine, NoMine: do_no_mine, Restart: do_restart, Move: do_move,
    Hold: do_hold, Shoot: do_shoot, Face: do_face,
}
