"""Attacks rolled with the dice (S-2..S-5) and a round of close combat (S-3).

:func:`resolve_attacks` rolls :class:`~game.rules.squads.basics.AttackLine` s against
target models as :mod:`game.rules.squads.casualties` reckons their odds: line by line,
every to-hit roll (S-2, S-3; none for a template or a flood), then a to-wound roll for
each hit (S-4; none when the hit can have no effect), then for each wound a save by the
model it goes to (S-5; none when AP cancels it, the model has no armour or the hit allows
none); each unsaved wound takes one wound off that model (:func:`take_wound`).

Every roll is made through :class:`~game.core.dice.Dice` and reported in an Event that
carries the Roll and its rule; the odds of the whole attack are worked out before the
first die is thrown and returned with the result.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from fractions import Fraction

from game.core.dice import Dice, Roll
from game.core.events import Event, Kind
from game.rules.squads.basics import (
    AttackLine,
    armour_save,
    close_combat_line,
    no_save_reason,
    strike_order,
    to_wound,
)
from game.rules.squads.casualties import casualty_odds, toughness_of
from game.rules.squads.events import SquadKind
from game.rules.squads.units import Model, Target, Unit, majority, target_name, wound_order


@dataclass
class AttackResult:
    """What an attack did."""

    events: list[Event] = field(default_factory=list)
    odds: dict[int, Fraction] = field(default_factory=dict)
    """The exact chance of each number of casualties, worked out before rolling."""
    hits: int = 0
    wounds: int = 0
    """Wounds the hits caused (S-4), saved or not."""
    unsaved: int = 0
    """Wounds that took a wound off a model (S-5)."""
    casualties: list[str] = field(default_factory=list)
    """The ids of the models it removed, in order."""


def take_wound(model: Model, cause: str, rule: str = "S-5", roll: Roll | None = None,
               by: str | None = None) -> list[Event]:
    """S-5: an unsaved wound removes one wound (W) from ``model``; with none left it is a
    casualty. ``roll`` is the failed save, if there was one to roll."""
    if not model.alive:
        return []
    model.wounds -= 1
    events = [Event(Kind.DAMAGED, f"{model.name} loses a wound to {cause} "
                                  f"({model.wounds}/{model.stats.w} left).", rule, by,
                    model.id, (model.place,), 1, roll)]
    if not model.alive:
        events.append(Event(Kind.DIED, f"{model.name} is a casualty.", rule, by, model.id,
                            (model.place,)))
    return events


def _roll_hits(line: AttackLine, who: tuple[str | None, str], dice: Dice,
               out: AttackResult) -> int:
    """S-2, S-3: the line's rolls to hit; the number of hits."""
    target, name = who
    if line.hit_on is None:
        out.events.append(Event(Kind.ATTACKED, f"{line.label}: {line.attacks} "
                                               f"{'hit' if line.attacks == 1 else 'hits'} "
                                               f"on {name}, {line.hit_why}.",
                                line.hit_rule, line.attacker, target, amount=line.attacks))
        return line.attacks
    hits = 0
    for k in range(line.attacks):
        nth = f" ({k + 1} of {line.attacks})" if line.attacks > 1 else ""
        roll = dice.check(1, line.hit_on, rule=line.hit_rule, comparison=">=",
                          label=f"{line.label} at {name}{nth}: {line.hit_why}")
        hits += bool(roll.success)
        out.events.append(Event(Kind.ATTACKED, roll.explain(), line.hit_rule, line.attacker,
                                target, roll=roll))
    return hits


def _roll_wounds(line: AttackLine, hits: int, toughness: int, target: str | None,
                 dice: Dice, out: AttackResult) -> int:
    """S-4: a roll to wound for each hit; the number of wounds."""
    need = to_wound(line.strength, toughness)
    strength = f"S {line.strength}" + (f" ({line.strength_why})" if line.strength_why else "")
    if need is None:
        if hits:
            out.events.append(Event(SquadKind.NO_EFFECT,
                                    f"{strength} against T {toughness}: no effect (S-4).",
                                    "S-4", line.attacker, target, amount=hits))
        return 0
    wounds = 0
    for k in range(hits):
        nth = f" ({k + 1} of {hits})" if hits > 1 else ""
        roll = dice.check(1, need, rule="S-4", comparison=">=",
                          label=f"{strength} against T {toughness} needs {need}+{nth}")
        wounds += bool(roll.success)
        out.events.append(Event(SquadKind.WOUNDED if roll.success else SquadKind.NOT_WOUNDED,
                                roll.explain(), "S-4", line.attacker, target, roll=roll))
    return wounds


def _roll_saves(line: AttackLine, wounds: int, order: list[Model], dice: Dice,
                out: AttackResult) -> None:
    """S-5: each wound goes to the next model in ``order`` that still stands, which saves
    it or loses a wound."""
    for _ in range(wounds):
        while order and not order[0].alive:
            order.pop(0)
        if not order:
            return  # wounds beyond the last model are lost
        m = order[0]
        save = armour_save(m.stats.sv, line.ap, line.no_save)
        roll: Roll | None = None
        if save is None:
            out.events.append(Event(SquadKind.NO_SAVE,
                                    f"{m.name} has no save: "
                                    f"{no_save_reason(m.stats.sv, line.ap, line.no_save)} "
                                    "(S-5).", "S-5", line.attacker, m.id))
        else:
            ap = "" if line.ap is None else f", AP {line.ap}"
            roll = dice.check(1, save, rule="S-5", comparison=">=",
                              label=f"{m.name} saves on {save}+{ap}")
            out.events.append(Event(SquadKind.SAVED if roll.success else SquadKind.SAVE_FAILED,
                                    roll.explain(), "S-5", line.attacker, m.id, roll=roll))
            if roll.success:
                continue
        out.unsaved += 1
        out.events += take_wound(m, line.cause or line.label, "S-5", roll, line.attacker)
        if not m.alive:
            out.casualties.append(m.id)


def resolve_attacks(lines: Sequence[AttackLine], target: Target, dice: Dice) -> AttackResult:
    """S-2..S-5: roll ``lines`` against ``target`` (a unit, whose survivors take wounds in
    its ``allocation_order()``; a lone model; or models in that order) and apply the
    unsaved wounds. Trusts its caller: range, sight and who may attack are the board's
    and the ruleset's business."""
    order = wound_order(target)
    out = AttackResult(odds=casualty_odds(lines, order))
    if not order:
        return out
    who = target_name(target)
    toughness = toughness_of(order)
    for line in lines:
        if not order:
            break
        hits = _roll_hits(line, who, dice, out)
        wounds = _roll_wounds(line, hits, toughness, who[0], dice, out)
        out.hits += hits
        out.wounds += wounds
        _roll_saves(line, wounds, order, dice, out)
    return out


# ============================================================================ close combat
@dataclass
class FightResult:
    """What a round of close combat did."""

    events: list[Event] = field(default_factory=list)
    unsaved: dict[str, int] = field(default_factory=dict)
    """Unsaved wounds each unit inflicted, by unit id."""
    casualties: dict[str, list[str]] = field(default_factory=dict)
    """The models each unit lost, by unit id."""


def fight_round(a: Unit, b: Unit, dice: Dice, *, charging: str | None = None) -> FightResult:
    """S-3: one round of close combat between units ``a`` and ``b``, every model engaged
    (placing models in base contact is the board's business). Models strike in
    Initiative order; models of equal Initiative strike at the same time, so a model
    slain in that step still strikes (a reading); a model slain earlier does not. The
    models of the unit whose id is ``charging`` make one more attack. Each model strikes
    against the WS most of the enemy's models have (a reading)."""
    out = FightResult(unsaved={a.id: 0, b.id: 0}, casualties={a.id: [], b.id: []})
    enemy = {a.id: b, b.id: a}
    side = {m.id: u for u in (a, b) for m in u.models}
    for initiative, models in strike_order(a.survivors + b.survivors):
        strikers = [m for m in models if m.alive]
        if not strikers or a.destroyed or b.destroyed:
            continue
        names = ", ".join(m.name for m in strikers)
        out.events.append(Event(SquadKind.STRIKES, f"Initiative {initiative}: {names} "
                                                   "strike (S-3).", "S-3"))
        blows = []
        for m in strikers:
            foe = enemy[side[m.id].id]
            ws = majority(x.stats.ws for x in foe.survivors)
            blows.append((side[m.id], foe, close_combat_line(m, ws, side[m.id].id == charging)))
        for own, foe, line in blows:  # all of this step's blows were decided above
            if foe.destroyed:
                continue
            r = resolve_attacks([line], foe, dice)
            out.events += r.events
            out.unsaved[own.id] += r.unsaved
            out.casualties[foe.id] += r.casualties
    return out
