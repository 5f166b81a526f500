"""Stragglers after the flood (F-8, F-9): models out of their unit's coherency use their
whole move to rejoin it, and go through or into the enemy when it stands in their way.

Whether a model is out of coherency and whether a unit is scattered are the wash's
questions (:func:`~game.rules.squads.flood.water.stragglers`,
:func:`~game.rules.squads.flood.water.is_scattered`); what that costs in the turn is
here. A rejoin move (:func:`plan_rejoin`) goes the model's whole move towards the nearest
model of its unit's main chain and stops once back in touch (S-7). When every way there
passes within 1 inch of an enemy (F-9), it goes through a scattered enemy unit at full
move (:data:`THROUGH`), or into base contact with an enemy unit that is not scattered
(:data:`INTO`); the round of close combat either brings is fought when the unit's
movement ends (:func:`fight_pending` in :mod:`~game.rules.squads.flood.assault`).
"""

from __future__ import annotations

import math
from dataclasses import dataclass

import numpy as np

from game.rules.squads.data import load_data
from game.rules.squads.flood import water
from game.rules.squads.flood.moving import (
    Zone,
    chains,
    clears_zones,
    crosses_difficult,
    enemy_zones,
    field,
    nav_for,
    nearest,
    overlaps,
    walk_towards,
)
from game.rules.squads.flood.nav import XY, Nav, walk
from game.rules.squads.flood.numbers import turn_data
from game.rules.squads.flood.state import FloodState
from game.rules.squads.units import Model, Unit

REJOIN = "rejoin"
THROUGH = "through"
INTO = "into"
STUCK = "stuck"
EPS = 1e-6


def stragglers_now(state: FloodState, unit: Unit) -> list[str]:
    """F-8: the unit's models out of its main chain now."""
    return chains(state, unit)[1]


def main_chain(state: FloodState, unit: Unit) -> list[Model]:
    """S-7: the unit's models in coherency (its main chain) now."""
    return chains(state, unit)[0]


def is_straggler(state: FloodState, model: Model) -> bool:
    """F-8: out of its unit's coherency at the start of its side's turn, or now."""
    if model.id in state.straggling:
        return True
    return model.id in stragglers_now(state, state.unit_of(model.id))


def scattered(unit: Unit) -> bool:
    """F-8: under half of the unit's survivors in coherency."""
    return bool(water.is_scattered(unit))


@dataclass(frozen=True)
class RejoinPlan:
    """Where a straggler's rejoin move takes it (F-8, F-9)."""

    kind: str
    """:data:`REJOIN`, :data:`THROUGH` (a scattered enemy), :data:`INTO` (an enemy not
    scattered) or :data:`STUCK` (no way at all)."""
    path: tuple[XY, ...]
    enemy: str | None = None
    """The enemy unit in the way (F-9)."""
    contact: bool = False
    """:data:`INTO`: it ends in base contact with the enemy."""
    difficult: bool = False
    """The way crosses difficult terrain: the unit's 2d6 roll limits it."""

    @property
    def end(self) -> XY:
        return self.path[-1]


def touch_reach(model: Model, mate: Model) -> float:
    """S-7: how near (centre to centre) ``model`` must come to ``mate`` to be in touch."""
    d = load_data()
    if d.coherency_measure == "centre":
        return d.coherency_distance
    return d.coherency_distance + model.radius + mate.radius


def plan_rejoin(state: FloodState, model: Model, budget: float | None = None,
                with_f9: bool = True) -> RejoinPlan:
    """F-8: the rejoin move of straggler ``model`` (its whole move, ``budget`` inches
    unless told), or F-9's way through or into the enemy when every way passes within 1
    inch of one (``with_f9`` False: it stays put then)."""
    unit = state.unit_of(model.id)
    main = [m for m in main_chain(state, unit) if m.id != model.id]
    start = (model.x, model.y)
    if not main:
        return RejoinPlan(STUCK, (start,))
    move = turn_data().move if budget is None else budget
    nav = nav_for(state, model.radius)
    zones = enemy_zones(state, model, unit.side)
    plan = _towards_mates(state, nav, model, main, zones, move)
    if plan is not None:
        return plan
    if not with_f9:
        return RejoinPlan(STUCK, (start,))
    return _f9(state, nav, model, unit, main, move)


def _targets(state: FloodState, nav: Nav, model: Model, main: list[Model]) -> np.ndarray:
    """The grid nodes where ``model`` would be in touch with the main chain, on no other
    model's base."""
    touch = nav.within([(m.x, m.y) for m in main], [touch_reach(model, m) for m in main])
    others = [o for o in state.alive() if o.id != model.id]
    taken = nav.within([(o.x, o.y) for o in others],
                       [o.radius + model.radius for o in others])
    return touch & ~taken


def _towards_mates(state: FloodState, nav: Nav, model: Model, main: list[Model],
                   zones: tuple[Zone, ...], move: float) -> RejoinPlan | None:
    """The rejoin move avoiding ``zones``; None if no way reaches the main chain."""
    start = (model.x, model.y)
    for m in main:  # already in touch, or in touch in a straight line
        if math.dist(start, (m.x, m.y)) <= touch_reach(model, m) + EPS:
            return RejoinPlan(REJOIN, (start,))
    touch = _targets(state, nav, model, main)
    got = nearest(state, nav, start, zones, touch)
    if got is None:
        return None
    best, f = got
    path = walk_towards(state, nav, f, best, move, zones, False)
    path = _settle(state, model, path)
    hard = any(crosses_difficult(state, nav, a, b) for a, b in zip(path, path[1:],
                                                                   strict=False))
    return RejoinPlan(REJOIN, path, difficult=hard)


def _settle(state: FloodState, model: Model, path: tuple[XY, ...]) -> tuple[XY, ...]:
    """``path`` cut back until its end stands on no other base (its start if none)."""
    full = sum(math.dist(a, b) for a, b in zip(path, path[1:], strict=False))
    d = full
    while d > EPS:
        end, cut = walk(path, d)
        if overlaps(state, model, *end) is None:
            return cut
        d -= 0.1
    return (path[0],)


def _f9(state: FloodState, nav: Nav, model: Model, unit: Unit, main: list[Model],
        move: float) -> RejoinPlan:
    """F-9: the way to the main chain runs within 1 inch of an enemy: which enemy, and
    the move through it (scattered) or into it (not scattered)."""
    start = (model.x, model.y)
    touch = _targets(state, nav, model, main)
    got = nearest(state, nav, start, (), touch)
    if got is None:
        return RejoinPlan(STUCK, (start,))
    path = got[1].path_to_node(got[0])
    enemy = _first_enemy(state, model, unit.side, path)
    if enemy is None:
        return RejoinPlan(STUCK, (start,))
    zones = enemy_zones(state, model, unit.side, ignore=(enemy.id,))
    if scattered(enemy):
        via = nearest(state, nav, start, zones, touch)
        if via is None:
            return RejoinPlan(STUCK, (start,))
        way = walk_towards(state, nav, via[1], via[0], move, zones, False)
        way = _settle(state, model, way)
        return RejoinPlan(THROUGH, way, enemy.id, difficult=_hard(state, nav, way))
    return _into(state, nav, model, enemy, zones, move)


def _hard(state: FloodState, nav: Nav, path: tuple[XY, ...]) -> bool:
    return any(crosses_difficult(state, nav, a, b) for a, b in zip(path, path[1:],
                                                                   strict=False))


def _first_enemy(state: FloodState, model: Model, side: str,
                 path: tuple[XY, ...]) -> Unit | None:
    """The enemy unit whose inch ``path`` enters first."""
    zones = enemy_zones(state, model, side)
    best: tuple[float, str] | None = None
    walked = 0.0
    for a, b in zip(path, path[1:], strict=False):
        for x, y, r in zones:
            if not clears_zones(a, b, [(x, y, r)]):
                d = walked + math.dist(a, (x, y))
                owner = _owner(state, x, y)
                if owner is not None and (best is None or d < best[0]):
                    best = (d, owner)
        if best is not None:
            break
        walked += math.dist(a, b)
    return None if best is None else state.units[best[1]]


def _owner(state: FloodState, x: float, y: float) -> str | None:
    for u in state.units.values():
        for m in u.models:
            if m.alive and m.x == x and m.y == y:
                return u.id
    return None


def contact_slots(state: FloodState, mover: Model, target: Model,
                  count: int = 12) -> list[XY]:
    """Points round ``target`` where ``mover``'s base would touch its base, clear of the
    walls and of every other base."""
    nav = nav_for(state, mover.radius)
    d = mover.radius + target.radius + 0.01
    out = []
    for k in range(count):
        a = 2 * math.pi * k / count
        x, y = target.x + d * math.cos(a), target.y + d * math.sin(a)
        if nav.in_free(x, y) and overlaps(state, mover, x, y) is None:
            out.append((x, y))
    return out


def _into(state: FloodState, nav: Nav, model: Model, enemy: Unit,
          zones: tuple[Zone, ...], move: float) -> RejoinPlan:
    """F-9 (2): towards base contact with the nearest model of ``enemy``."""
    start = (model.x, model.y)
    f = field(state, nav, start, zones, False, math.inf)
    best: tuple[float, XY] | None = None
    for e in enemy.survivors:
        for slot in contact_slots(state, model, e):
            cost, _ = f.cost_to(*slot)
            if nav.straight_free(start, slot) and clears_zones(start, slot, zones):
                cost = min(cost, math.dist(start, slot))
            if best is None or cost < best[0]:
                best = (cost, slot)
    if best is None or math.isinf(best[0]):
        return RejoinPlan(STUCK, (start,), enemy.id)
    cost, slot = best
    if nav.straight_free(start, slot) and clears_zones(start, slot, zones) and \
            math.dist(start, slot) <= cost + EPS:
        full: tuple[XY, ...] = (start, slot)
    else:
        full = f.path_to(*slot)
    _end, way = walk(full, move)
    way = _settle(state, model, way)
    contact = math.dist(way[-1], slot) <= 0.05
    return RejoinPlan(INTO, way, enemy.id, contact=contact, difficult=_hard(state, nav, way))
