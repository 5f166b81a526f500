"""Tests a model takes (S-6, S-7): a characteristic test, a leadership test, a dangerous
terrain test, each rolled through :class:`~game.core.dice.Dice` into an Event carrying
the Roll, with its exact chance known before the roll (``p_*``).

A rule that calls for a test names itself (``rule``): the flood's strength test is F-3,
the chase's dangerous terrain P-10, so the dice log cites the rule that asked.
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction

from game.core import odds
from game.core.dice import Dice, Roll
from game.core.events import Event
from game.core.frozen import quick_init
from game.rules.squads.data import CHARACTERISTICS, load_data
from game.rules.squads.events import SquadKind
from game.rules.squads.units import Model

NAMES = {"ws": "Weapon Skill", "bs": "Ballistic Skill", "s": "Strength", "t": "Toughness",
         "w": "Wounds", "i": "Initiative", "a": "Attacks", "ld": "Leadership"}


@quick_init
@dataclass(frozen=True)
class Checked:
    """A test as it was taken: passed or not, its roll and the event reporting it."""

    passed: bool
    roll: Roll
    event: Event


def _report(roll: Roll, rule: str, model: Model) -> Checked:
    passed = bool(roll.success)
    kind = SquadKind.TEST_PASSED if passed else SquadKind.TEST_FAILED
    return Checked(passed, roll, Event(kind, roll.explain(), rule, model.id,
                                       places=(model.place,), roll=roll))


def _automatic() -> dict[int, tuple[bool, str]]:
    return {load_data().characteristic_always_fails: (False, "a 6 always fails")}


def p_characteristic_test(value: int) -> Fraction:
    """S-6: the exact chance of passing a test against ``value`` (d6 <= value, 6 fails)."""
    d = load_data()
    return sum((q for t, q in odds.distribution(d.characteristic_dice).items()
                if t <= value and t != d.characteristic_always_fails), Fraction(0))


def characteristic_test(model: Model, characteristic: str, dice: Dice, *,
                        rule: str = "S-6", why: str = "") -> Checked:
    """S-6: ``model`` tests one of its characteristics ("s", "i", ...): passed if a d6
    rolls at most its value; a 6 always fails. ``rule`` names the rule that asked for the
    test (F-3: the flood's strength test), ``why`` says what for."""
    if characteristic not in CHARACTERISTICS:
        raise ValueError(f"no characteristic {characteristic!r} "
                         f"({', '.join(CHARACTERISTICS)})")
    d = load_data()
    value = getattr(model.stats, characteristic)
    name = NAMES[characteristic]
    label = f"{model.name} tests {name}" + (f" ({why})" if why else "")
    roll = dice.check(d.characteristic_dice, value, rule=rule, label=label,
                      automatic=_automatic())
    return _report(roll, rule, model)


def p_leadership_test(ld: int) -> Fraction:
    """S-6: the exact chance of passing a leadership test on ``ld`` (2d6 <= Ld)."""
    n = load_data().leadership_dice
    return sum((q for t, q in odds.distribution(n).items() if t <= ld), Fraction(0))


def leadership_test(model: Model, dice: Dice, *, rule: str = "S-6", why: str = "") -> Checked:
    """S-6: ``model`` (a unit's leader, or the model whose Ld the unit uses) tests its
    leadership: passed if 2d6 roll at most its Ld."""
    label = f"{model.name} tests Leadership" + (f" ({why})" if why else "")
    roll = dice.check(load_data().leadership_dice, model.stats.ld, rule=rule, label=label)
    return _report(roll, rule, model)


def p_dangerous_terrain_test() -> Fraction:
    """S-7: the exact chance of passing a dangerous terrain test (d6, fails on 1)."""
    return sum((q for t, q in odds.distribution(1).items()
                if t > load_data().dangerous_fails_on), Fraction(0))


def dangerous_terrain_test(model: Model, dice: Dice, *, rule: str = "S-7",
                           why: str = "") -> Checked:
    """S-7: ``model`` takes a dangerous terrain test: a d6 that fails on a 1. What a
    failure costs is the calling rule's (P-10: an S5 hit with no save)."""
    label = f"{model.name}: dangerous terrain test" + (f" ({why})" if why else "")
    roll = dice.check(1, load_data().dangerous_fails_on + 1, rule=rule, label=label,
                      comparison=">=")
    return _report(roll, rule, model)
