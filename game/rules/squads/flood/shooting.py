"""The shooting phase in the sewers (S-1, S-2): what a unit's models see and reach of an
enemy unit, the attack lines they fire, and the exact odds before a die is rolled.

Line of sight runs between base centres and only the corridors' walls block it. Each
firer shoots at the nearest target model it sees, with its first gun that reaches it;
a template (the flamer) is laid along the line to that model and hits every target
model it sees whose base lies within half the template's width of that line, as far as
the template's length (turn.toml [shooting]).
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from fractions import Fraction
from functools import cached_property

from game.rules.squads.basics import AttackLine, shooting_line
from game.rules.squads.casualties import casualty_odds
from game.rules.squads.data import load_data
from game.rules.squads.flood.moving import nav_for
from game.rules.squads.flood.nav import segment_gap
from game.rules.squads.flood.numbers import turn_data
from game.rules.squads.flood.state import FloodState
from game.rules.squads.units import Model, Unit

OUT_OF_RANGE = 1e-6
"""Slack (inches) past a gun's range before a firer is known to reach no target (the
range's own test allows a billionth)."""


def sees(state: FloodState, a: Model, b: Model) -> bool:
    """Whether the walls leave the line between the two bases' centres clear."""
    return nav_for(state, a.radius).sees((a.x, a.y), (b.x, b.y))


def gap(a: Model, b: Model) -> float:
    """Edge to edge, in inches (never below 0)."""
    return max(0.0, math.hypot(a.x - b.x, a.y - b.y) - a.radius - b.radius)


def under_template(state: FloodState, firer: Model, aim: Model, targets: list[Model],
                   length: float) -> int:
    """How many of ``targets`` a template laid from ``firer`` towards ``aim`` covers."""
    dx, dy = aim.x - firer.x, aim.y - firer.y
    d = math.hypot(dx, dy) or 1.0
    far = (firer.x + dx / d * (length + firer.radius), firer.y + dy / d * (length + firer.radius))
    half = turn_data().template_width / 2
    return sum(1 for t in targets
               if gap(firer, t) <= length + 1e-9
               and segment_gap((firer.x, firer.y), far, (t.x, t.y)) <= half + t.radius)


def firer_line(state: FloodState, firer: Model, target: Unit) -> AttackLine | None:
    """S-1, S-2: what ``firer`` fires at ``target`` (None if it sees or reaches none)."""
    targets = target.survivors
    guns = firer.guns()
    if not targets or not guns or min(gap(firer, t) for t in targets) > max(
            g.range for g in guns) + OUT_OF_RANGE:
        return None  # every target model beyond every gun's range: no line, seen or not
    nav = nav_for(state, firer.radius)
    here = (firer.x, firer.y)
    seen = [t for t, ok in zip(targets, nav.sees_all(here, [(t.x, t.y) for t in targets]),
                               strict=True) if ok]
    if not seen:
        return None
    aim = min(seen, key=lambda t: gap(firer, t))
    distance = gap(firer, aim)
    moved = state.moved.get(firer.id, 0) > 0
    kinds = load_data().kinds
    for gun in guns:
        if kinds[gun.kind].template:
            n = under_template(state, firer, aim, seen, gun.range)
            line = shooting_line(firer, gun.key, distance, moved, under_template=n)
        else:
            line = shooting_line(firer, gun.key, distance, moved)
        if line is not None:
            return line
    return None


def may_fire(state: FloodState, m: Model) -> bool:
    """A model that may fire with its unit: standing, not a straggler (F-8), not locked
    in close combat."""
    from game.rules.squads.flood.straggle import is_straggler

    return m.alive and not is_straggler(state, m) and m.id not in state.locked_models()


def shooting_lines(state: FloodState, unit: Unit, target: Unit) -> list[AttackLine]:
    """S-2: every line ``unit``'s models would fire at ``target`` now."""
    return list(state.cached(("lines", unit.id, target.id),
                             lambda: tuple(_lines(state, unit, target))))


def _lines(state: FloodState, unit: Unit, target: Unit) -> list[AttackLine]:
    out = []
    for m in unit.models:
        if may_fire(state, m):
            line = firer_line(state, m, target)
            if line is not None:
                out.append(line)
    return out


@dataclass(frozen=True)
class ShotOdds:
    """The exact odds of a unit's shooting at a target unit (S-2..S-5)."""

    lines: tuple[AttackLine, ...]
    casualties: dict[int, Fraction]
    """The chance of each number of models removed."""

    @cached_property
    def expected(self) -> Fraction:
        return sum((k * p for k, p in self.casualties.items()), Fraction(0))

    @property
    def any(self) -> Fraction:
        """The chance of at least one casualty."""
        return 1 - self.casualties.get(0, Fraction(0))


def shot_odds(state: FloodState, unit: Unit, target: Unit) -> ShotOdds:
    lines = tuple(shooting_lines(state, unit, target))
    return ShotOdds(lines, casualty_odds(lines, target))
