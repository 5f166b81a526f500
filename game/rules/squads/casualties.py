"""Exact odds of an attack before it is made (S-2..S-5): how many models it will remove.

An attack is one or more :class:`~game.rules.squads.basics.AttackLine` (a model's shots,
its blows, the flood's hits) against target models in the order they take wounds
(``Unit.allocation_order()``, or a lone model). Each attack hits (S-2, S-3; a template
or a flood hits with no roll), then wounds (S-4, against the toughness most of the
targets have), then the model the wound goes to rolls its save (S-5) against the line's
AP; each unsaved wound removes a wound (W), and a model left with none is a casualty.
The lines are taken in order and the wounds of one go on to the next model, exactly as
:func:`game.rules.squads.combat.resolve_attacks` rolls them.

The chances are exact Fractions, from core's exact d6 (icepool through
:mod:`game.core.odds`); answers are cached by the numbers they depend on.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from fractions import Fraction
from functools import lru_cache

from game.rules.squads.basics import AttackLine, armour_save, p_at_least, to_wound
from game.rules.squads.units import Model, Target, majority, wound_order

_Line = tuple[int, int | None, int, int | None, bool]
"""What a line's odds depend on: attacks, roll to hit, S, AP, no save."""
_Target = tuple[int, int | None]
"""What a target model's odds depend on: wounds left, save."""


def _key(line: AttackLine) -> _Line:
    return (line.attacks, line.hit_on, line.strength, line.ap, line.no_save)


def toughness_of(targets: Sequence[Model]) -> int:
    """S-4, a reading: the toughness a unit is wounded against: most of its models'."""
    return majority(m.stats.t for m in targets)


def p_unsaved_wound(line: AttackLine, toughness: int, sv: int | None) -> Fraction:
    """The exact chance one of ``line``'s attacks hits, wounds a target of ``toughness``
    and gets through a save of ``sv`` (S-2..S-5)."""
    return _p_wound(line.hit_on, line.strength, toughness) * _p_fail(
        armour_save(sv, line.ap, line.no_save))


def _p_wound(hit_on: int | None, strength: int, toughness: int) -> Fraction:
    p_hit = Fraction(1) if hit_on is None else p_at_least(hit_on)
    return p_hit * p_at_least(to_wound(strength, toughness))


def _p_fail(save: int | None) -> Fraction:
    return Fraction(1) if save is None else 1 - p_at_least(save)


def casualty_odds(lines: Sequence[AttackLine], target: Target) -> dict[int, Fraction]:
    """S-2..S-5: the exact chance of each number of casualties (models removed) that
    ``lines`` inflict on ``target`` (a unit, a model, or models in the order they take
    wounds: the first takes wounds until it falls, then the next...). Wounds beyond the
    last model are lost."""
    alive = wound_order(target)
    if not alive:
        return {0: Fraction(1)}
    t = toughness_of(alive)
    return dict(_casualties(tuple(_key(x) for x in lines), t,
                            tuple((m.wounds, m.stats.sv) for m in alive)))


def expected_casualties(lines: Sequence[AttackLine], target: Target) -> Fraction:
    """The mean of :func:`casualty_odds`."""
    return sum((k * p for k, p in casualty_odds(lines, target).items()), Fraction(0))


@lru_cache(maxsize=4096)
def _casualties(lines: tuple[_Line, ...], toughness: int, targets: tuple[_Target, ...]
                ) -> tuple[tuple[int, Fraction], ...]:
    """The distribution, as a Markov chain over (casualties so far, wounds taken by the
    model now taking them), one attack at a time: an attack adds an unsaved wound with
    the chance it hits, wounds and beats the current model's save.

    Worked in whole numbers over one denominator (each attack multiplies it by the
    line's): the same exact sums as Fractions, without reducing every one of them."""
    states: dict[tuple[int, int], int] = {(0, 0): 1}
    den = 1
    for attacks, hit_on, strength, ap, no_save in lines:
        p_wound = _p_wound(hit_on, strength, toughness)
        qs = [p_wound * _p_fail(armour_save(sv, ap, no_save)) for _, sv in targets]
        scale = math.lcm(*(q.denominator for q in qs))
        nums = [q.numerator * (scale // q.denominator) for q in qs]
        for _ in range(attacks):
            nxt: dict[tuple[int, int], int] = {}
            for (dead, taken), p in states.items():
                q = nums[dead] if dead < len(targets) else 0
                if q:
                    hurt = (dead + 1, 0) if taken + 1 >= targets[dead][0] else (dead, taken + 1)
                    nxt[hurt] = nxt.get(hurt, 0) + p * q
                if q != scale:
                    nxt[(dead, taken)] = nxt.get((dead, taken), 0) + p * (scale - q)
            states = nxt
            den *= scale
    out: dict[int, int] = {}
    for (dead, _), p in states.items():
        out[dead] = out.get(dead, 0) + p
    return tuple(sorted((k, Fraction(p, den)) for k, p in out.items()))
