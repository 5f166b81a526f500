"""Carrying out Tabletop Hero's actions (trusted: :func:`game.rules.hero.legality.why_illegal`
has judged them): the armies fielded (K-2), the roll for first and deployment (K-3), the
turns (K-3, K-9, G-1), moves (K-4, G-1, G-5), attacks (K-5, K-6), throws (K-7), first aid
(K-11) and the end of the game (K-10)."""

from __future__ import annotations

import math
import re
from collections.abc import Callable
from dataclasses import replace
from typing import Any

from game.core.dice import Dice
from game.core.events import Event, Kind
from game.core.places import HUNDREDTHS
from game.core.ruleset import Action, Outcome, Termination
from game.rules.hero import combat, explosives
from game.rules.hero.actions import (
    Attack,
    BuildArmy,
    Deploy,
    Drop,
    EndTurn,
    Heal,
    Move,
    TakeArmy,
    Throw,
)
from game.rules.hero.data import MiniSpec, load_data
from game.rules.hero.deployment import (
    FACING,
    deploy_level,
    nearest_edge,
    next_to_deploy,
    range_waived,
)
from game.rules.hero.events import HeroKind
from game.rules.hero.moves import MovePlan, budget, plan_move
from game.rules.hero.phases import PHASES, HeroPhase
from game.rules.hero.pushes import hazard
from game.rules.hero.state import HeroState, Mini


def apply(state: HeroState, action: Action, dice: Dice,
          plan: MovePlan | None = None) -> list[Event]:
    """Carry out a legal action (unchecked); a move's ``plan``, if the judgement already
    worked it out for this state, is used rather than worked out again."""
    if isinstance(action, Move):
        events = do_move(state, action, dice, plan)
    else:
        events = _STEPS[type(action)](state, action, dice)
    if state.ended is None:
        events += victory(state)
    return events


def _slug(text: str) -> str:
    return re.sub(r"[^a-z0-9]+", "-", text.lower()).strip("-")


def do_take(state: HeroState, a: TakeArmy, dice: Dice) -> list[Event]:
    """K-2: the side takes the scenario's ready army."""
    army = state.options["_ready"][a.side]
    return _field(state, a.side, army, "takes its ready army", dice)


def do_build(state: HeroState, a: BuildArmy, dice: Dice) -> list[Event]:
    """K-2: the sheet sets each mini's name and gear; what the mini is (its abilities,
    height and base) stays that of the ready army's mini in the same place."""
    ready = state.options["_ready"][a.side]
    army = tuple(replace(MiniSpec.from_tuple(t), abilities=r.abilities, ht=r.ht,
                         base=r.base) for t, r in zip(a.minis, ready, strict=True))
    return _field(state, a.side, army, "fields the army it built", dice)


def _field(state: HeroState, side: str, army: tuple[MiniSpec, ...], how: str,
           dice: Dice) -> list[Event]:
    used = {m.id for m in state.minis.values()}
    for spec in sorted(army, key=lambda s: not s.hero):
        fid = _slug(spec.name) or "mini"
        while fid in used:
            fid += "-2"
        used.add(fid)
        state.minis[fid] = Mini.of(fid, side, spec)
    state.armies[side] = True
    points = sum(s.cost() for s in army)
    budget_ = sum(s.allowance() for s in army)
    events = [Event(HeroKind.ARMY, f"{state.side_name(side)} {how}: {len(army)} minis, "
                    f"{points} of {budget_} points of gear (K-2).", "K-2")]
    if all(state.armies.get(s) for s in state.sides):
        events += start_deployment(state, dice)
    return events


def start_deployment(state: HeroState, dice: Dice) -> list[Event]:
    """K-3: roll to see who goes first (ties roll again); sides deploy from the
    highest roll on, in the order the scenario lists them."""
    events: list[Event] = []
    while True:
        rolls = {}
        for s in state.sides:
            r = dice.roll("1d6", rule="K-3", label=f"{state.side_name(s)} roll for first")
            rolls[s] = r.total
            events.append(Event(Kind.INITIATIVE, r.explain(), "K-3", roll=r))
        top = max(rolls.values())
        if sum(v == top for v in rolls.values()) == 1:
            break
        events.append(Event(Kind.INITIATIVE, "A tie: both roll again.", "K-3"))
    first = max(rolls, key=lambda s: rolls[s])
    k = state.sides.index(first)
    state.deploy_rolls = rolls
    state.deploy_order = state.sides[k:] + state.sides[:k]
    state.play_order = list(reversed(state.deploy_order))
    state.deploying = state.deploy_order[0]
    state.phase = PHASES.transition(state.phase, HeroPhase.DEPLOY)
    events.append(Event(Kind.PHASE, f"{state.side_name(first)} deploy first; "
                        f"{state.side_name(state.play_order[0])}, the last to deploy, "
                        f"will play first (K-3).", "K-3"))
    return events


def do_deploy(state: HeroState, a: Deploy, dice: Dice) -> list[Event]:
    """K-3: the mini is placed (its side's edge is the one nearest its first mini); G-1:
    hazardous ground hurts it at once."""
    m = state.minis[a.figure]
    terrain = state.terrain
    x, y = a.at.units
    waived = range_waived(state, m)
    if m.side not in state.deploy_edge:
        state.deploy_edge[m.side] = nearest_edge(state.board, x, y, m.r)
    m.at = a.at
    m.z = deploy_level(terrain, x, y) or 0
    m.facing = FACING[state.deploy_edge[m.side]]
    on = terrain.stands_on(x, y, m.z)
    where = f" on top of {on.name}" if m.z and on is not None else ""
    small = (" The battlefield is too small to place it out of every enemy's range: that "
             "condition is dropped for it (K-3).") if waived else ""
    events = [Event(HeroKind.DEPLOYED, f"{m.name} deploys at ({x:.1f}, {y:.1f}){where}."
                    + small, "K-3", m.id, places=(a.at,))]
    for f in terrain.area_at(x, y, m.z, "hazardous"):
        events += hazard(state, m, f.index, dice)
    if next_to_deploy(state) is None:
        k = state.deploy_order.index(m.side)
        if k + 1 < len(state.deploy_order):
            state.deploying = state.deploy_order[k + 1]
            events.append(Event(Kind.PHASE, f"{state.side_name(state.deploying)} deploy.",
                                "K-3"))
        else:
            state.deploying = None
            state.phase = PHASES.transition(state.phase, HeroPhase.PLAY)
            state.turn = 1
            events += start_side(state, state.play_order[0], dice)
    return events


def start_side(state: HeroState, side: str, dice: Dice) -> list[Event]:
    """A side's turn begins: its unconscious minis bleed (K-9) and cannot act, and a
    mini that activates in hazardous terrain is hurt (G-1)."""
    state.active = side
    events = [Event(Kind.TURN, f"Turn {state.turn}: {state.side_name(side)} play.", "K-3")]
    terrain = state.terrain
    for m in state.side_minis(side):
        m.moved, m.acted, m.fired_still = 0, False, False
        if not m.on_table:
            continue
        events += combat.bleed(state, m)
        m.down_at_start = not m.conscious
        if m.on_table and m.conscious:
            for f in terrain.area_at(*m.xy, m.z, "hazardous"):
                events += hazard(state, m, f.index, dice)
    return events


def do_move(state: HeroState, a: Move, dice: Dice, plan: MovePlan | None = None) -> list[Event]:
    """K-4: the mini goes along its plan, spending its cost; falls (G-5) and hazards
    (G-1) on the way."""
    m = state.minis[a.figure]
    if plan is None:
        plan = plan_move(state, m, a.to, isinstance(a, Drop))
    start = m.at
    assert start is not None and plan.end is not None
    m.at = plan.end
    m.z = plan.z_end
    m.moved += plan.cost
    (x0, y0), (x1, y1) = start.units, plan.end.units
    if (x0, y0) != (x1, y1):
        m.facing = round(math.degrees(math.atan2(y1 - y0, x1 - x0))) % 360
    # both to the hundredth of a unit, rounded up alike (the cost is: K-4 in hundredths)
    length = math.ceil(math.dist((x0, y0), (x1, y1)) * HUNDREDTHS - 1e-6) / HUNDREDTHS
    text = (f"{m.name} moves {length:g} units for "
            f"{plan.cost / HUNDREDTHS:g} of movement" + _how(plan)
            + f"; {budget(m) / HUNDREDTHS:g} left.")
    rule = next((r for r in ("G-7", "G-1", "G-5") if r in plan.rules), "K-4")
    events = [Event(Kind.MOVED, text, rule, m.id, places=plan.path,
                    amount=plan.cost)]
    for f in plan.falls:
        events.append(Event(Kind.FELL, f"{m.name} falls {f.drop} units off {f.edge}"
                            + (f": {f.damage} damage (G-5)." if f.damage else
                               ", unhurt (G-5)."), "G-5", m.id, places=(f.at, f.at),
                            amount=f.drop))
        events += combat.take_damage(state, m, f.damage, "G-5", f"a fall of {f.drop}")
    if plan.cut:
        events.append(Event(HeroKind.STOPPED, f"{m.name} is knocked out by the fall: the "
                            "move ends there.", "G-5", m.id))
    for k in plan.hazards:
        events += hazard(state, m, k, dice)
    return events


def _how(plan: MovePlan) -> str:
    """What made a move cost more than its length, in words ("" if nothing)."""
    how = []
    if plan.severe:
        how.append(f"{plan.severe / HUNDREDTHS:g} over severe ground, double")
    if plan.lines:
        how.append(f"{plan.lines} linear obstacle{'s' * (plan.lines > 1)}, +1 each")
    if plan.climb:
        how.append(f"{plan.climb / HUNDREDTHS:g} climbing")
    return f" ({'; '.join(how)})" if how else ""


def do_attack(state: HeroState, a: Attack, dice: Dice) -> list[Event]:
    """K-5, K-6: the attack is rolled; K-11: a sniper stays put the turn it fires."""
    m, t = state.minis[a.figure], state.minis[a.target]
    w = load_data().weapons[a.weapon]
    m.acted = True
    m.fired_still = w.still
    return combat.resolve_attack(state, m, t, w, dice)


def do_throw(state: HeroState, a: Throw, dice: Dice) -> list[Event]:
    """K-7: an explosive thrown."""
    m, t = state.minis[a.figure], state.minis[a.target]
    m.acted = True
    return explosives.resolve_throw(state, m, t, dice)


def do_heal(state: HeroState, a: Heal, dice: Dice) -> list[Event]:
    """K-11: a medkit used."""
    m, t = state.minis[a.figure], state.minis[a.target]
    m.acted = True
    return combat.resolve_heal(state, m, t, dice)


def do_end(state: HeroState, a: EndTurn, dice: Dice) -> list[Event]:
    """K-3: the next side in play order, or a new turn (the turn limit may end it)."""
    k = state.play_order.index(a.side)
    events = [Event(Kind.PASSED, f"{state.side_name(a.side)} end their turn.", "K-3")]
    if k + 1 < len(state.play_order):
        return events + start_side(state, state.play_order[k + 1], dice)
    if state.turn_limit is not None and state.turn >= state.turn_limit:
        state.ended = Outcome(None, Termination.TURN_LIMIT,
                              f"A draw: the turn limit of {state.turn_limit} was reached.")
        state.active = None
        return events + [Event(Kind.GAME_OVER, state.ended.reason)]
    state.turn += 1
    for m in state.minis.values():
        m.hazards = []
    return events + start_side(state, state.play_order[0], dice)


_STEPS: dict[type, Callable[[HeroState, Any, Dice], list[Event]]] = {
    TakeArmy: do_take, BuildArmy: do_build, Deploy: do_deploy, Attack: do_attack,
    Throw: do_throw, Heal: do_heal, EndTurn: do_end,
}


def victory(state: HeroState) -> list[Event]:
    """K-10: the last side with a living hero wins; a side whose hero dies loses."""
    if state.phase != HeroPhase.PLAY:
        return []
    dead = load_data().hp_dead  # Mini.alive: hp above it
    heroes = {m.side for m in state.minis.values() if m.hero and m.hp > dead}
    alive = [s for s in state.sides if s in heroes]
    if len(alive) == 1:
        lost = [state.side_name(s) for s in state.sides if s not in alive]
        state.ended = Outcome(alive[0], Termination.VICTORY,
                              f"{state.side_name(alive[0])} win: the hero of "
                              f"{', '.join(lost)} is dead (K-10).")
    elif not alive:
        state.ended = Outcome(None, Termination.NO_SURVIVORS,
                              "A draw: every hero is dead (K-10).")
    if state.ended is None:
        return []
    state.active = None
    return [Event(Kind.GAME_OVER, state.ended.reason, "K-10")]
