"""Where each unit of the squad player heads this turn, and the ways there.

A goal is a point and how near to stop short of it (a stand-off: a shooting distance, or
out of a brood's charge); the way to it is the path grid's tree rooted at the goal
(:meth:`game.rules.squads.flood.queries.Nav.tree`), worked out once a phase. Goals by the
scenario: the planters head for the nest and the keepers guard it; in a meeting fight
melee units go for the nearest enemy and shooters keep at their guns' range; when the
flood is likely (F-2) models near a gantry climb onto it (F-1).
"""

from __future__ import annotations

import math
from dataclasses import dataclass

from game.ai.squads.weights import NORMAL, SquadWeights
from game.rules.squads.flood.queries import FloodQueries, Model, Unit

XY = tuple[float, float]
FALL_BACK = "fall back from the brood"


@dataclass(frozen=True)
class Goal:
    """Where a unit heads: a point, stopping ``standoff`` inches short of it."""

    point: XY
    standoff: float = 0.0
    why: str = ""


def centre(models: list[Model]) -> XY:
    return (sum(m.x for m in models) / len(models), sum(m.y for m in models) / len(models))


def is_melee(u: Unit) -> bool:
    """A unit whose models fight rather than shoot (no model with a gun and BS)."""
    return all(not m.guns() or m.stats.bs == 0 for m in u.survivors)


def nearest_enemy(q: FloodQueries, u: Unit, side: str, shooters_only: bool = False,
                  melee_only: bool = False) -> tuple[Unit, Model, float] | None:
    """The enemy model nearest ``u`` (straight distance; only shooting units' if told),
    its unit and the distance."""
    best: tuple[Unit, Model, float] | None = None
    here = centre(u.survivors)
    for e in q.units():
        if e.side == side or (shooters_only and is_melee(e)) or (
                melee_only and not is_melee(e)):
            continue
        for m in e.survivors:
            d = math.dist(here, (m.x, m.y))
            if best is None or d < best[2]:
                best = (e, m, d)
    return best


def standoff(u: Unit, w: SquadWeights = NORMAL) -> float:
    """How near the unit's shooters go to the enemy's: ``w.shooting_standoff``, or
    nearer for short guns (within their range, less 2 inches)."""
    reach = max((g.range for m in u.survivors for g in m.guns()), default=0.0)
    return max(2.0, min(w.shooting_standoff, reach - 2.0))


def nest_point(q: FloodQueries) -> XY | None:
    nests = q.nests()
    if not nests:
        return None
    xs = [p[0] for p in nests[0].points]
    ys = [p[1] for p in nests[0].points]
    return (sum(xs) / len(xs), sum(ys) / len(ys))


def unit_goal(q: FloodQueries, u: Unit, side: str, home: XY | None = None,
              w: SquadWeights = NORMAL) -> Goal | None:
    """Where ``u`` heads this turn (None: it holds); ``home`` is where the unit began,
    where shooters fall back to from a melee unit that comes too near."""
    foe = nearest_enemy(q, u, side)
    if home is not None and not is_melee(u) and not (
            q.objective() == "nest" and q.planter() == side):
        brute = nearest_enemy(q, u, side, melee_only=True)
        if brute is not None and brute[2] < w.danger:
            return Goal(home, 0.0, FALL_BACK)
    nest = nest_point(q)
    if q.objective() == "nest" and nest is not None:
        if q.planter() == side:
            return Goal(nest, 0.0, "plant the charges")
        return keeper_goal(q, u, foe, nest, w)
    if foe is None:
        return None
    enemy, model, _d = foe
    if is_melee(u):
        return Goal((model.x, model.y), w.close, "close with the enemy")
    prey = nearest_enemy(q, u, side, shooters_only=True)
    if prey is not None:
        seen = any(q.sees(m.id, prey[1].id) for m in u.survivors)
        return Goal((prey[1].x, prey[1].y), standoff(u, w) if seen else w.unseen,
                    "hunt the enemy's shooters")
    return Goal((model.x, model.y), w.melee_threat, "keep out of the brood's reach, in range")


def keeper_goal(q: FloodQueries, u: Unit, foe: tuple[Unit, Model, float] | None,
                nest: XY, w: SquadWeights = NORMAL) -> Goal | None:
    """The nest's keepers: melee broods meet an enemy coming near the nest, shooters
    cover the way to it; both stay by the nest otherwise."""
    if foe is not None:
        _enemy, model, _d = foe
        near_nest = math.dist((model.x, model.y), nest)
        if is_melee(u) and near_nest <= w.meet:
            return Goal((model.x, model.y), w.close, "meet the enemy at the nest")
        if not is_melee(u) and near_nest <= w.cover:
            keep = standoff(u, w) if w.keeper_reach else w.shooting_standoff
            return Goal((model.x, model.y), keep, "shoot the enemy on its way")
    here = centre(u.survivors)
    if math.dist(here, nest) > w.home:
        return Goal(nest, w.home_standoff, "back to the nest")
    return None


def flood_likely(q: FloodQueries, w: SquadWeights = NORMAL) -> bool:
    """F-2: the flood has not come and its chance at the start of next turn is at least
    ``w.flood_likely``."""
    return q.flood_turn() is None and q.next_flood_chance() >= w.flood_likely
