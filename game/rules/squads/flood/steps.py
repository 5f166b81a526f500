"""Carrying out the actions of the sewer turn (trusted: :func:`legality.why_illegal` has
judged them), the phases and turns, the flood at the start of a game turn (F-2..F-7 by
the wash), stragglers and scattered units (F-8, F-9), the charges planted in the nest and
the end of the game."""

from __future__ import annotations

import math
from collections.abc import Callable
from typing import Any

import shapely

from game.core.dice import Dice
from game.core.events import Event, Kind
from game.core.places import Point
from game.core.ruleset import Action, Outcome, Termination
from game.rules.squads.combat import resolve_attacks
from game.rules.squads.flood import water
from game.rules.squads.flood.actions import (
    Charge,
    Difficult,
    Done,
    EndPhase,
    Move,
    Rejoin,
    Run,
    Shoot,
)
from game.rules.squads.flood.assault import (
    add_pending,
    difficult_roll,
    do_charge,
    fight_all,
    fight_pending,
)
from game.rules.squads.flood.events import FloodKind
from game.rules.squads.flood.legality import move_budget
from game.rules.squads.flood.moving import MoveCheck, check_move, moved_by, near_enemy
from game.rules.squads.flood.numbers import turn_data
from game.rules.squads.flood.phases import PHASES, FloodPhase
from game.rules.squads.flood.shooting import shooting_lines
from game.rules.squads.flood.state import FloodState
from game.rules.squads.flood.straggle import (
    INTO,
    STUCK,
    THROUGH,
    plan_rejoin,
    scattered,
    stragglers_now,
)
from game.rules.squads.units import Model, Unit

NEST = "nest"
SURVIVE = "survive"


def apply(state: FloodState, action: Action, dice: Dice) -> list[Event]:
    """Carry out a legal action (unchecked), then see whether the game ended."""
    state.touch()
    state.applying = True
    try:
        events = _STEPS[type(action)](state, action, dice)
        tidy(state)
        if state.ended is None:
            events += victory(state)
    finally:
        state.applying = False
        state.touch()
    return events


# ==================================================================== movement
def do_move(state: FloodState, a: Move, dice: Dice) -> list[Event]:
    """S-7, F-7: the model goes along its path."""
    u = state.units[a.unit]
    m = state.model(a.model)
    budget = move_budget(state, u)
    assert not isinstance(budget, str)
    clear, roll, run = budget
    check = state.cached_before(("check", m.id, a.to, clear, roll, run))
    if not isinstance(check, MoveCheck):  # not judged just before (as it stands)
        check = check_move(state, m, u.side, a.to, clear, roll, run=run)
    start = (m.x, m.y)
    m.move_to(*a.to.units)
    state.moved_now.add(m.id)
    state.moved[m.id] = state.moved.get(m.id, 0) + moved_by(start, (m.x, m.y))
    how = "runs" if run else "moves"
    extra = " through difficult terrain (F-7)" if check.difficult else ""
    return [Event(Kind.MOVED, f"{m.name} {how} {check.cost:.1f} inches{extra}.",
                  check.rule, m.id, places=tuple(Point.of(*p) for p in check.path),
                  amount=round(check.cost * 100))]


def do_difficult(state: FloodState, a: Difficult, dice: Dice) -> list[Event]:
    """S-7, F-7: 2d6, the highest die is how far the unit moves through difficult
    terrain this phase."""
    u = state.units[a.unit]
    best, ev = difficult_roll(u, dice, "moves through difficult terrain")
    state.difficult[u.id] = best
    return [ev]


def do_rejoin(state: FloodState, a: Rejoin, dice: Dice) -> list[Event]:
    return rejoin(state, state.units[a.unit], state.model(a.model), dice)


def rejoin(state: FloodState, u: Unit, m: Model, dice: Dice) -> list[Event]:
    """F-8: the straggler's whole move towards its unit's main chain; F-9 through or into
    the enemy when every way passes within 1 inch of one."""
    events: list[Event] = []
    plan = plan_rejoin(state, m)
    if plan.difficult:
        roll = state.difficult.get(u.id)
        if roll is None:
            roll, ev = difficult_roll(u, dice, "rejoins through difficult terrain")
            state.difficult[u.id] = roll
            events.append(ev)
        if roll < turn_data().move:
            plan = plan_rejoin(state, m, budget=float(roll))
    state.moved_now.add(m.id)
    if plan.kind == STUCK or len(plan.path) < 2:
        return events + [Event(FloodKind.REJOINED, f"{m.name} finds no way back to "
                               f"{u.name} and stays where it is (F-8).", "F-8", m.id)]
    start = (m.x, m.y)
    m.move_to(*plan.end)
    state.moved[m.id] = state.moved.get(m.id, 0) + moved_by(start, plan.end)
    places = tuple(Point.of(*p) for p in plan.path)
    if plan.kind == THROUGH and plan.enemy is not None:
        state.through.add(m.id)
        add_pending(state, u, plan.enemy, THROUGH, m.id)
        enemy = state.units[plan.enemy]
        return events + [Event(FloodKind.THROUGH, f"{m.name} fights its way through "
                               f"{enemy.name}, who are scattered, to rejoin {u.name} (F-9).",
                               "F-9", m.id, enemy.id, places)]
    if plan.kind == INTO and plan.enemy is not None:
        enemy = state.units[plan.enemy]
        if plan.contact:
            add_pending(state, u, plan.enemy, INTO, m.id)
        return events + [Event(FloodKind.REJOINED, f"{m.name} cannot rejoin {u.name} "
                               f"without passing {enemy.name}: it goes "
                               + ("into base contact with them (F-9)." if plan.contact
                                  else "towards them (F-9)."), "F-9", m.id, enemy.id,
                               places)]
    return events + [Event(FloodKind.REJOINED, f"{m.name} rejoins {u.name} (F-8).", "F-8",
                           m.id, places=places)]


def finish_movement(state: FloodState, u: Unit, dice: Dice) -> list[Event]:
    """F-8: the unit's stragglers that have not moved rejoin; F-9: the rounds their ways
    brought on are fought."""
    events: list[Event] = []
    locked = state.locked_models()
    for mid in stragglers_now(state, u):
        m = u.model(mid)
        if m.alive and mid not in state.moved_now and mid not in locked:
            events += rejoin(state, u, m, dice)
    return events + fight_pending(state, u, dice)


# ==================================================================== shooting
def do_shoot(state: FloodState, a: Shoot, dice: Dice) -> list[Event]:
    """S-2..S-5: every model of the unit that sees and reaches the target fires."""
    u, t = state.units[a.unit], state.units[a.target]
    lines = shooting_lines(state, u, t)
    state.shot[u.id] = t.id
    state.done.add(u.id)
    state.fired |= {line.attacker for line in lines}
    r = resolve_attacks(lines, t, dice)
    odds = ", ".join(f"{k}: {float(p):.0%}" for k, p in sorted(r.odds.items()) if p)
    head = Event(FloodKind.SHOT, f"{u.name} shoot at {t.name} ({len(lines)} firing; "
                 f"casualties {odds}).", "S-2", u.id, t.id)
    return [head, *r.events]


def do_run(state: FloodState, a: Run, dice: Dice) -> list[Event]:
    u = state.units[a.unit]
    roll = dice.roll(turn_data().run, rule="S-7", label=f"{u.name} run")
    state.run[u.id] = roll.total
    return [Event(FloodKind.RAN, roll.explain() + f": each model may run {roll.total} "
                  "inches.", "S-7", u.id, amount=roll.total, roll=roll)]


def do_charge_step(state: FloodState, a: Charge, dice: Dice) -> list[Event]:
    u, t = state.units[a.unit], state.units[a.target]
    state.charged.add(u.id)
    state.done.add(u.id)
    return do_charge(state, u, t, dice)


def do_done(state: FloodState, a: Done, dice: Dice) -> list[Event]:
    u = state.units[a.unit]
    events: list[Event] = []
    if state.phase == FloodPhase.MOVEMENT:
        events += finish_movement(state, u, dice)
    state.done.add(u.id)
    return events + [Event(FloodKind.DONE, f"{u.name} have finished their "
                           f"{PHASES[state.phase].title.lower()}.", "", u.id)]


# ==================================================================== phases and turns
def do_end_phase(state: FloodState, a: EndPhase, dice: Dice) -> list[Event]:
    """The side's next phase; after its assault, its turn ends."""
    side = a.side
    events: list[Event] = []
    if state.phase == FloodPhase.MOVEMENT:
        for u in state.side_units(side):
            if u.id not in state.done:
                events += finish_movement(state, u, dice)
        _next_phase(state, FloodPhase.SHOOTING)
        return events + [_phase_event(state)]
    if state.phase == FloodPhase.SHOOTING:
        events += through_deaths(state)
        _next_phase(state, FloodPhase.ASSAULT)
        for e in state.engagements:
            e.fought = False
        return events + [_phase_event(state)]
    events += fight_all(state, dice)
    tidy(state)
    events += plant(state, side)
    if state.ended is None:
        events += victory(state)
    if state.ended is None:
        events += end_side(state, side, dice)
    return events


def _next_phase(state: FloodState, phase: FloodPhase) -> None:
    state.phase = PHASES.transition(state.phase, phase)
    state.done = set()
    state.moved_now = set()
    state.difficult = {}


def _phase_event(state: FloodState) -> Event:
    p = PHASES[state.phase]
    return Event(Kind.PHASE, f"{state.side_name(state.active)}: {p.title}. {p.help}", p.rule)


def end_side(state: FloodState, side: str, dice: Dice) -> list[Event]:
    """The next side plays, or a new game turn begins (the turn limit may end it)."""
    k = state.sides.index(side)
    events = [Event(Kind.PASSED, f"{state.side_name(side)} end their turn.", "")]
    state.phase = PHASES.transition(state.phase, FloodPhase.MOVEMENT)
    if k + 1 < len(state.sides):
        return events + start_side(state, state.sides[k + 1], dice)
    if state.turn_limit is not None and state.turn >= state.turn_limit:
        state.ended = limit_outcome(state)
        state.active = None
        return events + [Event(Kind.GAME_OVER, state.ended.reason)]
    state.turn += 1
    events += start_turn(state, dice)
    return events + start_side(state, state.sides[0], dice)


def start_turn(state: FloodState, dice: Dice) -> list[Event]:
    """F-2: from turn 2 (a reading), until it has come, the flood is rolled for at the
    start of the game turn; when it comes the wash resolves it (F-3..F-6) and the parts
    it reached are difficult terrain (F-7)."""
    events = [Event(Kind.TURN, f"Turn {state.turn}.", "")]
    if state.flood_turn is not None or state.turn < turn_data().first_turn:
        return events
    comes, rolled = water.flood_comes(state.turn, dice)
    events += rolled
    if not comes:
        return events
    alive = [u for u in state.units.values() if not u.destroyed]
    result = water.resolve_flood(state.board, alive, dice)
    state.flood_turn = state.turn
    state.flooded = tuple(sorted(set(state.flooded) | set(result.flooded)))
    state.washes = tuple(result.washes)
    events.append(Event(FloodKind.FLOODED, f"The flood comes down the tunnels: "
                        f"{len(result.washes)} models carried away; the flooded parts are "
                        "difficult terrain now (F-7).", "F-7", amount=len(result.washes)))
    events += result.events
    state.engagements = [e for e in state.engagements if _still_close(state, e.a, e.b)]
    return events


def _still_close(state: FloodState, a: str, b: str) -> bool:
    """Whether a model of ``a`` stands within 2 inches of one of ``b`` (a fight the
    flood did not wash apart)."""
    ua, ub = state.units.get(a), state.units.get(b)
    if ua is None or ub is None:
        return False
    return any(math.hypot(m.x - e.x, m.y - e.y) - m.radius - e.radius <= 2.0
               for m in ua.survivors for e in ub.survivors)


def start_side(state: FloodState, side: str, dice: Dice) -> list[Event]:
    """A side's turn begins: its units' flags are cleared, its stragglers noted and every
    unit's scattered mark brought up to date (F-8)."""
    state.active = side
    state.phase = FloodPhase.MOVEMENT
    state.moved, state.moved_now, state.done = {}, set(), set()
    state.difficult, state.run, state.shot = {}, {}, {}
    state.fired, state.charged, state.through = set(), set(), set()
    state.pending = []
    events = [Event(Kind.TURN, f"Turn {state.turn}: {state.side_name(side)} play.", "")]
    events += mark_scattered(state)
    state.straggling = {mid for u in state.side_units(side) for mid in stragglers_now(state, u)}
    return events + [_phase_event(state)]


def mark_scattered(state: FloodState) -> list[Event]:
    """F-8: a unit with under half its survivors in coherency is scattered (marked)."""
    events = []
    for u in state.units.values():
        now = not u.destroyed and scattered(u)
        if now and u.id not in state.scattered:
            state.scattered.add(u.id)
            events.append(Event(FloodKind.SCATTERED, f"{u.name} are scattered: under half "
                                "of them in coherency (F-8).", "F-8", u.id))
        elif not now and u.id in state.scattered:
            state.scattered.discard(u.id)
            events.append(Event(FloodKind.RALLIED, f"{u.name} are no longer scattered "
                                "(F-8).", "F-8", u.id))
    return events


def through_deaths(state: FloodState) -> list[Event]:
    """F-9: a model that went through an enemy unit and is not clear of every enemy by
    more than 1 inch at the end of the shooting phase dies."""
    events = []
    for mid in sorted(state.through):
        m = state.model(mid)
        side = state.unit_of(mid).side
        if m.alive and near_enemy(state, side, m.x, m.y, m.radius) is not None:
            m.wounds = 0
            events.append(Event(FloodKind.DIED_IN_THE_PRESS, f"{m.name} did not get clear "
                                "of the enemy and dies in the press (F-9).", "F-9", m.id,
                                places=(m.place,)))
    return events


def tidy(state: FloodState) -> None:
    """Fights of a destroyed unit end."""
    state.engagements = [e for e in state.engagements
                         if not state.units[e.a].destroyed and not state.units[e.b].destroyed
                         and (not e.models or any(state.model(k).alive for k in e.models))]


# ==================================================================== the nest and the end
def in_contact_with_nest(state: FloodState, m: Model) -> bool:
    """Whether ``m``'s base touches (or stands in) a nest."""
    point = shapely.Point(m.x, m.y)
    return any(n.shape.distance(point) <= m.radius + 1e-6 for n in state.setup.nests)


def may_plant(state: FloodState, m: Model) -> bool:
    """A model in contact with the nest that neither shot nor ran this turn plants a
    charge at the end of its turn (a reading of the words as written: a model fighting
    at the nest, or washed there by the flood, plants too)."""
    u = state.unit_of(m.id)
    return (m.alive and u.side == state.setup.planter and m.id not in state.fired
            and u.id not in state.run and in_contact_with_nest(state, m))


def plant(state: FloodState, side: str) -> list[Event]:
    """The scenario's objective: charges planted at the end of the planter's turn."""
    if state.setup.objective != NEST or side != state.setup.planter:
        return []
    events = []
    for m in [m for m in state.all_models() if may_plant(state, m)]:
        state.planted += 1
        events.append(Event(FloodKind.PLANTED, f"{m.name} plants a charge in the nest "
                            f"({state.planted} of {state.setup.charges}).", "", m.id,
                            places=(m.place,), amount=state.planted))
    return events


def victory(state: FloodState) -> list[Event]:
    """The scenario's victory: the charges planted, a side wiped out."""
    standing = [s for s in state.sides if state.side_units(s)]
    out: Outcome | None = None
    if state.setup.objective == NEST:
        planter = state.setup.planter or state.sides[0]
        keeper = state.other_side(planter)
        if state.planted >= state.setup.charges:
            out = Outcome(planter, Termination.VICTORY, f"{state.side_name(planter)} win: "
                          f"{state.planted} charges planted in the nest.")
        elif planter not in standing:
            out = Outcome(keeper, Termination.VICTORY, f"{state.side_name(keeper)} win: "
                          f"{state.side_name(planter)} are wiped out before planting the "
                          "charges.")
    elif len(standing) == 1:
        out = Outcome(standing[0], Termination.VICTORY, f"{state.side_name(standing[0])} "
                      "win: the last side standing.")
    elif not standing:
        out = Outcome(None, Termination.NO_SURVIVORS, "A draw: nobody is left standing.")
    if out is None:
        return []
    state.ended = out
    state.active = None
    return [Event(Kind.GAME_OVER, out.reason)]


def limit_outcome(state: FloodState) -> Outcome:
    """The end of the last turn: the nest holds, or the most models standing win."""
    if state.setup.objective == NEST:
        planter = state.setup.planter or state.sides[0]
        keeper = state.other_side(planter)
        return Outcome(keeper, Termination.VICTORY, f"{state.side_name(keeper)} win: only "
                       f"{state.planted} of {state.setup.charges} charges were planted by "
                       f"the end of turn {state.turn}.")
    counts = {s: sum(len(u.survivors) for u in state.side_units(s)) for s in state.sides}
    top = max(counts.values())
    best = [s for s, n in counts.items() if n == top]
    tally = ", ".join(f"{state.side_name(s)} {n}" for s, n in counts.items())
    if len(best) == 1:
        return Outcome(best[0], Termination.VICTORY, f"{state.side_name(best[0])} win with "
                       f"the most models standing after turn {state.turn} ({tally}).")
    return Outcome(None, Termination.TURN_LIMIT, f"A draw after turn {state.turn}: as many "
                   f"models standing ({tally}).")


_STEPS: dict[type, Callable[[FloodState, Any, Dice], list[Event]]] = {
    Move: do_move, Difficult: do_difficult, Rejoin: do_rejoin, Shoot: do_shoot,
    Run: do_run, Charge: do_charge_step, Done: do_done, EndPhase: do_end_phase,
}
