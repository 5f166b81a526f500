"""The shooting phase (P-13, P-12): who may shoot, at what (an enemy model in range in the
front arc, or a mine cluster), with which weapon and BS, the exact odds, and the shot.

Only a model that did not accelerate shoots, and none locked in close combat (nor is
shot at). The sergeant's extra weapon may fire outside the front arc at BS 3 ("over his
shoulder"). A shot at a target within 2 inches of a cluster, or at the cluster itself,
sets it off (P-12).
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from fractions import Fraction

from game.core.dice import Dice
from game.core.events import Event
from game.core.frozen import quick_init
from game.rules.squads.basics import AttackLine, p_at_least, shooting_line
from game.rules.squads.casualties import casualty_odds
from game.rules.squads.combat import resolve_attacks
from game.rules.squads.data import load_data
from game.rules.squads.pursuit import geometry as geo
from game.rules.squads.pursuit.events import ChaseKind
from game.rules.squads.pursuit.mines import explode, near_target
from game.rules.squads.pursuit.numbers import chase_data
from game.rules.squads.pursuit.state import ChaseState, Cluster
from game.rules.squads.units import Model


@quick_init
@dataclass(frozen=True)
class ShotOption:
    """A shot ``firer`` may make now, with its odds."""

    firer: str
    target: str
    """An enemy model's id, or a cluster's."""
    weapon: str
    bs: int
    over_shoulder: bool
    """Outside the front arc with the extra weapon (P-13)."""
    distance: float
    """Base to base, inches."""
    line: AttackLine | None
    """The shots as they will be rolled (None at a cluster: it needs no roll)."""
    casualties: dict[int, Fraction]
    """The exact chance of each number of casualties (at a cluster: none)."""
    hit: Fraction
    """The exact chance of at least one hit (1 at a cluster)."""
    sets_off: tuple[str, ...]
    """The clusters the shot sets off (P-12)."""


def why_not_fire(state: ChaseState, m: Model) -> str | None:
    """P-13: None if ``m`` may shoot this phase, else why not."""
    if not state.on_table(m):
        return f"{m.name} is not on the table"
    if m.id in state.accelerated:
        return f"{m.name} accelerated: it may not shoot (P-13)"
    if state.locked(m.id):
        return f"{m.name} is locked in close combat"
    if not m.guns():
        return f"{m.name} has no gun"
    return None


def _weapons(state: ChaseState, m: Model) -> list[str]:
    d = load_data()
    return [w for w in dict.fromkeys(m.weapons) if not d.kinds[d.weapon(w).kind].melee]


def _bs(state: ChaseState, m: Model, weapon: str, x: float, y: float) -> tuple[int, bool] | None:
    """The BS ``m`` fires ``weapon`` at ``(x, y)`` with, and whether over the shoulder;
    None if it may not (outside the front arc with another weapon)."""
    if geo.in_arc(state, m, x, y):
        return m.stats.bs, False
    if state.extra.get(m.id) == weapon:
        return chase_data().over_shoulder_bs, True
    return None


def shot_options(state: ChaseState, m: Model) -> list[ShotOption]:
    """P-13: every shot ``m`` may make now (each target with each weapon that reaches
    it), with the exact odds."""
    return state.cached(("shots", m.id), lambda: _shot_options(state, m))


def _shot_options(state: ChaseState, m: Model) -> list[ShotOption]:
    if why_not_fire(state, m) is not None:
        return []
    out: list[ShotOption] = []
    moved = m.id in state.moved
    for t in state.standing(state.other_side(state.side_of(m.id))):
        if state.locked(t.id) or not geo.sees(state, m, t.x, t.y):
            continue
        gap = max(0.0, geo.base_gap(m, t))
        for w in _weapons(state, m):
            o = _option(state, m, t, w, gap, moved)
            if o is not None:
                out.append(o)
    for k in state.table_clusters():
        out += _at_cluster(state, m, k)
    return out


def _option(state: ChaseState, m: Model, t: Model, w: str, gap: float,
            moved: bool) -> ShotOption | None:
    skill = _bs(state, m, w, t.x, t.y)
    if skill is None:
        return None
    bs, shoulder = skill
    line = shooting_line(m, w, gap, moved, bs=bs,
                         bs_why="over the shoulder, P-13" if shoulder else "")
    if line is None:
        return None
    p = Fraction(1) if line.hit_on is None else p_at_least(line.hit_on)
    hit = 1 - (1 - p) ** line.attacks
    sets = tuple(k.id for k in near_target(state, t.x, t.y, t.radius))
    return ShotOption(m.id, t.id, w, bs, shoulder, gap, line, casualty_odds([line], t), hit,
                      sets)


def _at_cluster(state: ChaseState, m: Model, k: Cluster) -> list[ShotOption]:
    x, y = k.xy
    if not geo.sees(state, m, x, y):
        return []
    gap = max(0.0, math.hypot(m.x - x, m.y - y) - m.radius - chase_data().mine(k.kind).radius)
    out = []
    for w in _weapons(state, m):
        skill = _bs(state, m, w, x, y)
        if skill is None or gap > load_data().weapon(w).range + 1e-9:
            continue
        out.append(ShotOption(m.id, k.id, w, skill[0], skill[1], gap, None, {},
                              Fraction(1), (k.id,)))
    return out


def find_option(state: ChaseState, m: Model, target: str, weapon: str) -> ShotOption | None:
    return next((o for o in shot_options(state, m)
                 if o.target == target and o.weapon == weapon), None)


def _the_option(state: ChaseState, m: Model, target: str, weapon: str
                ) -> ShotOption | None:
    """:func:`find_option`'s answer for a shot judged legal, worked out for its target and
    weapon alone (the shot is being made: the other targets need not be looked at)."""
    if state.has_model(target):
        t = state.model(target)
        return _option(state, m, t, weapon, max(0.0, geo.base_gap(m, t)), m.id in state.moved)
    k = state.cluster(target)
    return None if k is None else next(
        (o for o in _at_cluster(state, m, k) if o.weapon == weapon), None)


def why_not_shoot(state: ChaseState, m: Model, target: str, weapon: str) -> str | None:
    """P-13: None if ``m`` may fire ``weapon`` at ``target`` now, else why not."""
    why = why_not_fire(state, m)
    if why is not None:
        return why
    if weapon not in m.weapons:
        return f"{m.name} has no {weapon}"
    if find_option(state, m, target, weapon) is not None:
        return None
    if state.has_model(target):
        t = state.model(target)
        if state.side_of(t.id) == state.side_of(m.id) or not state.on_table(t):
            return f"{t.name} is not an enemy on the table"
        if state.locked(t.id):
            return f"{t.name} is locked in close combat: nobody shoots into a fight"
        if not geo.sees(state, m, t.x, t.y):
            return f"{m.name} cannot see {t.name}"
        if _bs(state, m, weapon, t.x, t.y) is None:
            return f"{t.name} is outside {m.name}'s front arc (P-13)"
        return f"{t.name} is out of the {load_data().weapon(weapon).name}'s reach"
    k = state.cluster(target)
    if k is None or k.where != "table":
        return f"there is no target '{target}'"
    return f"{m.name} cannot fire the {load_data().weapon(weapon).name} at the cluster"


def shoot(state: ChaseState, m: Model, target: str, weapon: str, dice: Dice) -> list[Event]:
    """P-13, P-12: fire; then the clusters the shot set off go off."""
    o = _the_option(state, m, target, weapon)
    assert o is not None
    wname = load_data().weapon(weapon).name
    shoulder = " over the shoulder at BS 3" if o.over_shoulder else ""
    if o.line is None:
        k = state.cluster(target)
        assert k is not None
        return [Event(ChaseKind.SHOT, f"{m.name} shoots at {chase_data().mine(k.kind).name} "
                      f"with the {wname}{shoulder} (P-12).", "P-12", m.id, k.id)] + explode(
            state, k, dice, f"{m.name} shoots at it")
    t = state.model(target)
    events = [Event(ChaseKind.SHOT, f"{m.name} shoots at {t.name} with the {wname}{shoulder} "
                    f"(P-13).", "P-13", m.id, t.id, places=(m.place, t.place))]
    events += resolve_attacks([o.line], t, dice).events
    for kid in o.sets_off:
        k = state.cluster(kid)
        if k is not None:
            events += explode(state, k, dice, f"{m.name} shoots within "
                              f"{chase_data().trigger:g} inches of it")
    return events
