"""The assault phase in the sewers (S-3, S-6) and the fights F-9 brings: charges into
base contact, rounds of close combat, the loser's Leadership test and fall back, the
winner's consolidation.

A charge (:func:`plan_charge`) moves each charging model (stragglers excepted, F-8)
along its path to base contact with the nearest target model it can reach within 6
inches (through difficult terrain: the highest of 2d6), or as far as it gets. The fight
is :func:`game.rules.squads.combat.fight_round` between the two units
(:func:`fight`); its result (:func:`combat_result`) goes by unsaved wounds.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from fractions import Fraction

import numpy as np

from game.core.dice import Dice, Roll
from game.core.events import Event
from game.core.places import Point
from game.rules.squads import coherency
from game.rules.squads.basics import AttackLine, close_combat_line
from game.rules.squads.casualties import casualty_odds
from game.rules.squads.checks import leadership_test, p_leadership_test
from game.rules.squads.combat import fight_round
from game.rules.squads.flood.events import FloodKind
from game.rules.squads.flood.moving import (
    clears_zones,
    crosses_difficult,
    enemy_zones,
    field,
    moved_by,
    nav_for,
    walk_towards,
)
from game.rules.squads.flood.nav import XY, walk
from game.rules.squads.flood.numbers import turn_data
from game.rules.squads.flood.state import F9, MELEE, Engagement, FloodState, Pending
from game.rules.squads.flood.straggle import (
    INTO,
    THROUGH,
    contact_slots,
    is_straggler,
    plan_rejoin,
)
from game.rules.squads.units import Model, Unit, majority

EPS = 1e-6


# ==================================================================== charges
@dataclass(frozen=True)
class ChargeStep:
    """One charging model's way to base contact."""

    model: str
    path: tuple[XY, ...]
    cost: float
    difficult: bool


def chargers(state: FloodState, unit: Unit) -> list[Model]:
    """The models that charge with their unit: standing, not stragglers (F-8)."""
    return [m for m in unit.models if m.alive and not is_straggler(state, m)]


def charge_step(state: FloodState, m: Model, target: Unit, limit: float) -> ChargeStep | None:
    """The cheapest way for ``m`` to base contact with a model of ``target`` (the 1-inch
    rule waived for the target, kept for every other enemy), if any within ``limit``."""
    near = [t for t in target.survivors
            if math.hypot(t.x - m.x, t.y - m.y) - m.radius - t.radius <= limit + 1]
    if not near:
        return None  # no target model within reach: no way there is short enough
    nav = nav_for(state, m.radius)
    zones = enemy_zones(state, m, state.unit_of(m.id).side, ignore=(target.id,))
    start = (m.x, m.y)
    f = field(state, nav, start, zones, False, limit + 1)
    best: tuple[float, XY] | None = None
    for t in sorted(near, key=lambda t: math.hypot(t.x - m.x, t.y - m.y)):
        for slot in contact_slots(state, m, t):
            if _near_other_enemy(state, m, slot, target.id):
                continue
            cost, _ = f.cost_to(*slot)
            if nav.straight_free(start, slot) and clears_zones(start, slot, zones):
                cost = min(cost, math.dist(start, slot))
            if best is None or cost < best[0]:
                best = (cost, slot)
    if best is None or best[0] > limit + EPS:
        return None
    cost, slot = best
    if nav.straight_free(start, slot) and clears_zones(start, slot, zones) and \
            math.dist(start, slot) <= cost + EPS:
        path: tuple[XY, ...] = (start, slot)
    else:
        path = f.path_to(*slot)
    hard = any(crosses_difficult(state, nav, a, b) for a, b in zip(path, path[1:],
                                                                   strict=False))
    return ChargeStep(m.id, path, cost, hard)


def _near_other_enemy(state: FloodState, m: Model, xy: XY, target: str) -> bool:
    from game.rules.squads.flood.moving import near_enemy

    return near_enemy(state, state.unit_of(m.id).side, xy[0], xy[1], m.radius,
                      ignore=(target,)) is not None


def charge_reach(state: FloodState, unit: Unit, target: Unit) -> ChargeStep | None:
    """The charging model nearest base contact with ``target`` within the charge's 6
    inches, if any (a charge needs one)."""
    best: tuple[float, int, ChargeStep] | None = None
    survivors = target.survivors
    if not survivors:
        return None
    # the first of the cheapest: each model's way is at least its straight gap to the
    # nearest target base, so the models are looked at by that gap and the rest left
    # once it exceeds the best way found
    order = sorted((min(math.hypot(t.x - m.x, t.y - m.y) - m.radius - t.radius - 0.01
                        for t in survivors), k, m)
                   for k, m in enumerate(chargers(state, unit)))
    for low, k, m in order:
        if low > turn_data().charge + EPS or best is not None and low > best[0] + EPS:
            break
        step = charge_step(state, m, target, turn_data().charge)
        if step is not None and (best is None or (step.cost, k) < best[:2]):
            best = (step.cost, k, step)
    return None if best is None else best[2]


def do_charge(state: FloodState, unit: Unit, target: Unit, dice: Dice) -> list[Event]:
    """S-3: the charge move (the models nearest first), then the fight if any model got
    into base contact."""
    charge = turn_data().charge
    events: list[Event] = [Event(FloodKind.CHARGED, f"{unit.name} charge {target.name}.",
                                 "S-3", unit.id, target.id)]
    roll: int | None = None
    order = sorted(chargers(state, unit),
                   key=lambda m: min(math.hypot(t.x - m.x, t.y - m.y)
                                     for t in target.survivors))
    contact = False
    for m in order:
        step = charge_step(state, m, target, charge)
        if step is not None and step.difficult and roll is None:
            roll, ev = difficult_roll(unit, dice, "charges through difficult terrain")
            events.append(ev)
        if step is not None:
            reach = charge if not step.difficult else min(charge, roll or 0)
            if step.cost <= reach + EPS:
                events += _place(state, m, step.path, "charges into base contact", "S-3")
                contact = True
                continue
            events += _place(state, m, walk(step.path, reach)[1], "charges", "S-3")
            continue
        events += _towards(state, m, target, charge)
    if not contact:
        events.append(Event(FloodKind.CHARGE_FAILED, f"{unit.name}'s charge falls short: "
                            "no model reached base contact.", "S-3", unit.id, target.id))
        return events
    eng = Engagement(unit.id, target.id, MELEE, fought=True)
    state.engagements.append(eng)
    return events + fight(state, eng, dice, charging=unit.id)


def _towards(state: FloodState, m: Model, target: Unit, distance: float) -> list[Event]:
    """A charging model that cannot reach contact moves as far as it can towards the
    nearest target model (the 1-inch rule waived for the target)."""
    nav = nav_for(state, m.radius)
    zones = enemy_zones(state, m, state.unit_of(m.id).side, ignore=(target.id,))
    f = field(state, nav, (m.x, m.y), zones, False, math.inf)
    near = nav.within([(t.x, t.y) for t in target.survivors],
                      [m.radius + t.radius + 0.6 for t in target.survivors])
    reach = np.where(near, f.dist, np.inf)
    if not np.isfinite(reach).any():
        return []
    path = walk_towards(state, nav, f, int(np.argmin(reach)), distance, zones, False)
    return _place(state, m, path, "moves towards the enemy", "S-3")


def _place(state: FloodState, m: Model, path: tuple[XY, ...], how: str,
           rule: str) -> list[Event]:
    """Move ``m`` along ``path``, cut back until it stands on no other base."""
    from game.rules.squads.flood.straggle import _settle

    path = _settle(state, m, path)
    if len(path) < 2:
        return []
    start = (m.x, m.y)
    m.move_to(*path[-1])
    state.moved[m.id] = state.moved.get(m.id, 0) + moved_by(start, path[-1])
    from game.core.events import Kind

    return [Event(Kind.MOVED, f"{m.name} {how} ({_length(path):.1f} inches).", rule, m.id,
                  places=tuple(Point.of(*p) for p in path))]


def _length(path: tuple[XY, ...]) -> float:
    return sum(math.dist(a, b) for a, b in zip(path, path[1:], strict=False))


def difficult_roll(unit: Unit, dice: Dice, why: str) -> tuple[int, Event]:
    """S-7, F-7: 2d6 for difficult terrain, the highest die counting."""
    n = turn_data().difficult_dice
    faces = dice.faces(n)
    best = max(faces)
    roll = Roll(rule="F-7", label=f"{unit.name} {why}", expr=f"{n}d6 keep highest 1",
                faces=faces, total=best)
    return best, Event(FloodKind.DIFFICULT, roll.explain() + f": {best} inches through "
                       "difficult terrain.", "F-7", unit.id, amount=best, roll=roll)


# ==================================================================== fights
def _side_units(state: FloodState, eng: Engagement) -> tuple[Unit, Unit] | None:
    a, b = state.units.get(eng.a), state.units.get(eng.b)
    if a is None or b is None or a.destroyed or b.destroyed:
        return None
    if eng.models:
        mine = [m for m in a.models if m.id in eng.models and m.alive]
        if not mine:
            return None
        a = Unit(a.id, a.name, a.side, mine, a.leader if a.leader in eng.models else None)
    return a, b


def fight(state: FloodState, eng: Engagement, dice: Dice,
          charging: str | None = None) -> list[Event]:
    """S-3: a round of close combat in ``eng``; its result (a melee), or the end of an
    F-9 lock after its second round."""
    pair = _side_units(state, eng)
    eng.fought = True
    if pair is None:
        _drop(state, eng)
        return []
    a, b = pair
    events = [Event(FloodKind.FIGHT, f"{a.name} and {b.name} fight a round of close "
                    "combat.", "S-3", a.id, b.id)]
    r = fight_round(a, b, dice, charging=charging)
    events += r.events
    if eng.kind == F9:
        if eng.fight_in is not None and eng.fight_in == state.active:
            _drop(state, eng)
            events.append(Event(FloodKind.BROKE_OFF, f"{a.name}'s stragglers survived the "
                                f"second round: they may break off from {b.name} (F-9).",
                                "F-9", a.id, b.id))
        return events
    return events + combat_result(state, eng, r.unsaved, dice)


def _drop(state: FloodState, eng: Engagement) -> None:
    if eng in state.engagements:
        state.engagements.remove(eng)


def combat_result(state: FloodState, eng: Engagement, unsaved: dict[str, int],
                  dice: Dice) -> list[Event]:
    """S-3, S-6: the loser by unsaved wounds tests Leadership and falls back 2d6 on a
    failure; the winner then consolidates."""
    a, b = state.units[eng.a], state.units[eng.b]
    if a.destroyed or b.destroyed:
        _drop(state, eng)
        winner = b if a.destroyed else a
        if winner.destroyed:
            return []
        return [Event(FloodKind.COMBAT_RESULT, f"{winner.name} win the fight: their enemy "
                      "is destroyed.", "S-3", winner.id)] + consolidate(state, winner, dice)
    wa, wb = unsaved.get(a.id, 0), unsaved.get(b.id, 0)
    if wa == wb:
        return [Event(FloodKind.COMBAT_RESULT, f"{a.name} and {b.name} inflicted {wa} "
                      "wounds each: a draw, they stay locked.", "S-3", a.id, b.id)]
    winner, loser = (a, b) if wa > wb else (b, a)
    events = [Event(FloodKind.COMBAT_RESULT, f"{winner.name} win the round by "
                    f"{max(wa, wb)} wounds to {min(wa, wb)}: {loser.name} test Leadership.",
                    "S-3", winner.id, loser.id)]
    brave = max(loser.survivors, key=lambda m: m.stats.ld)
    test = leadership_test(brave, dice, rule="S-6", why="lost the fight")
    events.append(test.event)
    if test.passed:
        events.append(Event(FloodKind.LOCKED, f"{loser.name} hold: the fight goes on.",
                            "S-6", loser.id, winner.id))
        return events
    _drop(state, eng)
    events += fall_back(state, loser, winner, dice)
    return events + consolidate(state, winner, dice)


def fall_back(state: FloodState, loser: Unit, winner: Unit, dice: Dice) -> list[Event]:
    """S-6: the loser falls back 2d6 inches away from the winner along the corridors."""
    roll = dice.roll(turn_data().fall_back, rule="S-6", label=f"{loser.name} fall back")
    events = [Event(FloodKind.FELL_BACK, roll.explain(), "S-6", loser.id, winner.id,
                    amount=roll.total, roll=roll)]
    for m in loser.survivors:
        nav = nav_for(state, m.radius)
        zones = enemy_zones(state, m, loser.side, ignore=(winner.id,))
        f = field(state, nav, (m.x, m.y), zones, False, roll.total + 0.5)
        graph_far = nav.multi_field(nav.graph(None, None), [(e.x, e.y) for e in winner.survivors])
        score = np.where(f.dist <= roll.total + EPS, graph_far, -np.inf)
        if not np.isfinite(score).any() or score.max() <= -np.inf:
            continue
        best = int(np.argmax(score))
        path = walk_towards(state, nav, f, best, roll.total, zones, False)
        events += [Event(FloodKind.FELL_BACK, e.text, "S-6", m.id, places=e.places)
                   for e in _place(state, m, path, "falls back", "S-6")]
    return events


def consolidate(state: FloodState, winner: Unit, dice: Dice) -> list[Event]:
    """S-3: the winner consolidates d6 inches: its models out of coherency move that far
    towards its main chain (a reading)."""
    out = coherency.out_of_coherency(winner)
    if not out:
        return []
    roll = dice.roll(turn_data().consolidate, rule="S-3", label=f"{winner.name} consolidate")
    events = [Event(FloodKind.CONSOLIDATED, roll.explain(), "S-3", winner.id,
                    amount=roll.total, roll=roll)]
    for mid in out:
        m = winner.model(mid)
        plan = plan_rejoin(state, m, budget=float(roll.total), with_f9=False)
        events += [Event(FloodKind.CONSOLIDATED, e.text, "S-3", m.id, places=e.places)
                   for e in _place(state, m, plan.path, "consolidates", "S-3")]
    return events


def fight_all(state: FloodState, dice: Dice) -> list[Event]:
    """S-3: every fight not fought yet in this assault phase (an F-9 lock only in the
    enemy's: its second round)."""
    events: list[Event] = []
    for eng in list(state.engagements):
        if eng.fought or eng not in state.engagements:
            continue
        if eng.kind == F9 and eng.fight_in != state.active:
            continue
        events += fight(state, eng, dice)
    return events


def fight_pending(state: FloodState, unit: Unit, dice: Dice) -> list[Event]:
    """F-9: the rounds the unit's stragglers brought on by going through a scattered
    enemy (everyone engaged) or into one that is not (as if charged by it; then locked
    until a second round in the enemy's turn)."""
    events: list[Event] = []
    for p in [p for p in state.pending if p.unit == unit.id]:
        state.pending.remove(p)
        enemy = state.units.get(p.enemy)
        if enemy is None or enemy.destroyed or unit.destroyed:
            continue
        if p.kind == THROUGH:
            eng = Engagement(unit.id, enemy.id, F9, (), None)
            events.append(Event(FloodKind.FIGHT, f"{unit.name} went through {enemy.name}: "
                                "one round, every model engaged (F-9).", "F-9", unit.id,
                                enemy.id))
            pair = _side_units(state, eng)
            if pair is not None:
                events += fight_round(pair[0], pair[1], dice).events
            continue
        eng = Engagement(unit.id, enemy.id, F9, p.models, enemy.side)
        pair = _side_units(state, eng)
        if pair is None:
            continue
        events.append(Event(FloodKind.FIGHT, f"{unit.name}'s stragglers went into "
                            f"{enemy.name}: one round as if {enemy.name} charged (F-9).",
                            "F-9", unit.id, enemy.id))
        events += fight_round(pair[0], pair[1], dice, charging=enemy.id).events
        if _side_units(state, eng) is not None and state.engagement_of(enemy.id) is None:
            state.engagements.append(eng)
            events.append(Event(FloodKind.LOCKED, f"{unit.name}'s stragglers and "
                                f"{enemy.name} stay locked until a second round in "
                                f"{state.side_name(enemy.side)}'s turn (F-9).", "F-9",
                                unit.id, enemy.id))
    return events


def add_pending(state: FloodState, unit: Unit, enemy: str, kind: str, model: str) -> None:
    """F-9: note a straggler's way through or into ``enemy`` (fought when the unit's
    movement ends)."""
    for p in state.pending:
        if p.unit == unit.id and p.enemy == enemy and p.kind == kind:
            if kind == INTO and model not in p.models:
                p.models = (*p.models, model)
            return
    state.pending.append(Pending(unit.id, enemy, kind, (model,) if kind == INTO else ()))


# ==================================================================== odds
@dataclass(frozen=True)
class ChargeOdds:
    """The exact odds of a charge's first round, each way (S-3..S-5), and of the
    loser's Leadership test (S-6)."""

    reach: float
    """How far the nearest charging model must go (inches)."""
    difficult: bool
    """Its way crosses difficult terrain (the charge's reach is the highest of 2d6)."""
    p_reach: Fraction
    """The chance the charge gets into base contact."""
    inflicted: dict[int, Fraction]
    """The chance of each number of enemy models removed by the charging unit's blows
    (+1 attack on the charge), as if all struck first."""
    suffered: dict[int, Fraction]
    """The same for the enemy's blows back at the charging unit."""
    enemy_holds: Fraction
    """The chance the enemy passes its Leadership test if it loses."""


def blows(unit: Unit, foe: Unit, charging: bool) -> list[AttackLine]:
    ws = majority(m.stats.ws for m in foe.survivors) if foe.survivors else 0
    return [close_combat_line(m, ws, charging) for m in unit.survivors]


def p_highest_at_least(need: float, dice: int) -> Fraction:
    """The chance the highest of ``dice`` d6 is at least ``need``."""
    k = math.ceil(need - EPS)
    if k <= 1:
        return Fraction(1)
    if k > 6:
        return Fraction(0)
    return 1 - Fraction(k - 1, 6) ** dice


def charge_odds(state: FloodState, unit: Unit, target: Unit) -> ChargeOdds | None:
    step = charge_reach(state, unit, target)
    if step is None:
        return None
    p = Fraction(1) if not step.difficult else p_highest_at_least(
        step.cost, turn_data().difficult_dice)
    brave = max((m.stats.ld for m in target.survivors), default=0)
    return ChargeOdds(step.cost, step.difficult, p,
                      casualty_odds(blows(unit, target, True), target),
                      casualty_odds(blows(target, unit, False), unit),
                      p_leadership_test(brave))
