"""The squad computer player of the sewer flood: a sergeant who keeps his squads together,
counts the odds and watches the water.

It reads the match through the flood ruleset's queries (move checks, the path grid,
exact shooting and charge odds, stragglers, the flood's chance) and returns one legal
action at a time on the shared skeleton (:class:`game.ai.skeleton.CandidatePlayer`):

* Movement: stragglers rejoin first (F-8, F-9: the rules decide what the enemy in the
  way means); a scattered unit waits for them. Each other unit heads for its goal
  (:mod:`.goals`: the nest for the planters, the nest's approaches for its keepers, the
  nearest enemy for melee units, the guns' range for shooters, a gantry when the flood
  is likely), rear models first so that the chain holds (S-7), each as far along its
  way as the rules allow; it rolls for difficult terrain when its way needs it.
* Shooting: the target with the most expected casualties (exact odds); planters far
  from the nest run instead, and planters at the nest neither shoot nor run (they
  plant).
* Assault: a charge when the odds favour it (the expected casualties inflicted, times
  the chance to reach, beat those suffered); planters leave melee units alone until
  the last turn.

It ends each phase when no unit has anything worth doing left.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Iterator
from functools import lru_cache
from typing import Any

from game.ai.skeleton import CandidatePlayer, Proposal
from game.ai.squads.goals import (
    FALL_BACK,
    XY,
    Goal,
    centre,
    flood_likely,
    is_melee,
    nest_point,
    unit_goal,
)
from game.ai.squads.weights import SquadWeights
from game.core.match import Match
from game.core.places import HUNDREDTHS, Point
from game.core.ruleset import Action
from game.rules.squads.flood.actions import (
    Charge,
    Difficult,
    EndPhase,
    Move,
    Rejoin,
    Run,
    Shoot,
)
from game.rules.squads.flood.phases import FloodPhase
from game.rules.squads.flood.queries import FloodQueries, Model, Unit, turn_data

FRACTIONS = (1.0, 0.8, 0.6, 0.4, 0.2)
"""Fractions of its allowance along its way a model tries, the farthest first."""
SIDESTEPS = (0.0, 0.6, -0.6, 1.1, -1.1, 1.6, -1.6)
"""Steps across its way (inches) a model tries when the point on it is taken."""
STRAIGHT_ENOUGH = 0.6
"""A model whose way runs straight for this share of its move goes no further than the
bend (a straight move is judged without seeking a path round the corner)."""
AHEAD = 9.0
"""How much of its way a model looks at (its move, and then some)."""
MAX_TRIES = 12
"""Most points a model tries before it gives up its move this phase (a point found
after more tries is seldom worth the judging: a dozen covers all but a few moves)."""
RUN_TRIES = 6
"""Most points a model tries in a run (a short move: a step or two, a little aside)."""
MIN_STEP = 0.4
"""A move shorter than this is not worth an action."""


class SquadPlayer(CandidatePlayer):
    """The flood ruleset's computer player (see the module text); its numbers are
    ``weights`` (:class:`SquadWeights`, the defaults the normal player's)."""

    def __init__(self, seed: int = 0, weights: SquadWeights | None = None) -> None:
        super().__init__(seed)
        self.w = weights or SquadWeights()

    def propose(self, match: Match[Any], side: str) -> Iterator[Proposal]:
        q = match.ruleset.queries(match.state)
        assert isinstance(q, FloodQueries)
        self.memo.scope("match", (match.scenario.key, match.seed))
        self.memo.scope("phase", (id(match.state), match.turn, side, match.phase))
        action = self._decide(match, q, side)
        yield Proposal(1.0, (action,), "")
        yield Proposal(0.0, (EndPhase(side),), "nothing left to do this phase")

    def _decide(self, match: Match[Any], q: FloodQueries, side: str) -> Action:
        phase = match.phase
        for u in sorted(q.units(side), key=lambda u: (self._lead(q, u, side), u.id)):
            if q.done(u.id) or self._finished(u.id):
                continue
            if phase == FloodPhase.MOVEMENT:
                a = self._movement(q, u, side)
            elif phase == FloodPhase.SHOOTING:
                a = self._shooting(q, u, side)
            else:
                a = self._assault(q, u, side)
            if a is not None:
                return a
            self._finish(u.id)
        return EndPhase(side)

    def _lead(self, q: FloodQueries, u: Unit, side: str) -> float:
        """How far the unit is from its goal (the units nearest theirs act first, so
        that those behind find the way clear)."""
        goal = self._goal(q, u, side)
        if goal is None:
            return 0.0
        return min(math.dist((m.x, m.y), goal.point) for m in u.survivors)

    def _finished(self, uid: str) -> bool:
        return bool(self.memo.get("phase", ("finished", uid), lambda: [False])[0])

    def _finish(self, uid: str) -> None:
        self.memo.get("phase", ("finished", uid), lambda: [False])[0] = True

    def _skip(self) -> set[str]:
        return self.memo.get("phase", "skip", set)

    # ================================================================ movement
    def _movement(self, q: FloodQueries, u: Unit, side: str) -> Action | None:
        movable = [m for m in u.survivors if not q.moved(m.id) and not q.locked(m.id)]
        if not movable:
            return None
        for mid in q.stragglers(u.id):
            if any(m.id == mid for m in movable):
                return Rejoin(u.id, mid)
        if q.is_scattered(u.id):
            return None
        if not (q.objective() == "nest" and q.planter() == side):
            if self._in_sights(q, u):
                goal = self._goal(q, u, side)
                if goal is None or goal.why != FALL_BACK or self.w.stand_fire:
                    return None  # stand still and shoot
        elif self.w.planter_stand and self._stands(q, u, side):
            return None  # stand still and shoot the brood that comes
        return self._advance(q, u, side, movable, run=False)

    def _stands(self, q: FloodQueries, u: Unit, side: str) -> bool:
        """Planters with a melee unit within ``planter_stand`` inches and a worthwhile
        shot, who would still reach the nest in time, stand and shoot (a rapid-fire gun
        fires beyond half range only standing)."""
        reach = self.w.planter_stand
        return (any(_threatens(e, u, reach) for e in q.units() if e.side != side)
                and self._in_sights(q, u) and not self._must_run(q, u, side))

    def _in_sights(self, q: FloodQueries, u: Unit) -> bool:
        """A worthwhile target (0.6 casualties expected) is in the unit's sights already
        (it shoots standing)."""
        def look() -> bool:
            for e in q.units():
                if e.side != u.side:
                    odds = q.shot_odds(u.id, e.id)
                    if float(odds.expected) >= self.w.sights:
                        return True
            return False

        return self.memo.get("phase", ("sights", u.id), look)

    def _advance(self, q: FloodQueries, u: Unit, side: str, movable: list[Model],
                 run: bool) -> Action | None:
        goal = self._goal(q, u, side)
        skip = self._skip()
        wanted_roll = False
        order = []
        for m in movable:
            if m.id in skip or q.is_straggler(m.id) and not run:
                continue
            g = self._model_goal(q, m, goal)
            if g is None:
                continue
            dist = self._dist(q, m, g)
            if dist - g.standoff < MIN_STEP:
                continue
            order.append((dist, m, g))
        order.sort(key=lambda t: -t[0])
        for dist, m, g in order:
            way = self._way(q, m, g)
            if len(way) < 2:
                continue
            dest, needs_roll = self._destination(q, u, m, way, dist - g.standoff)
            if dest is not None:
                skip.clear()  # a model that could not move may, once this one has
                return Move(u.id, m.id, dest)
            wanted_roll = wanted_roll or needs_roll
            skip.add(m.id)
        if wanted_roll and not run and q.why_not(Difficult(u.id)) is None:
            skip.clear()
            return Difficult(u.id)
        return None

    def _goal(self, q: FloodQueries, u: Unit, side: str) -> Goal | None:
        home = self.memo.get("match", ("home", u.id), lambda: centre(u.survivors))
        return self.memo.get("phase", ("goal", u.id),
                             lambda: unit_goal(q, u, side, home, self.w))

    def _model_goal(self, q: FloodQueries, m: Model, goal: Goal | None) -> Goal | None:
        """A model near a free gantry climbs to it when the flood is likely (F-1, F-2);
        one on a gantry then stays there; the others follow their unit's goal."""
        if self.memo.get("phase", "flood likely", lambda: flood_likely(q, self.w)):
            if q.on_gantry(m.id):
                return None
            spot = self._gantry_spot(q, m)
            if spot is not None:
                return Goal(spot, 0.0, "climb out of the water's reach")
        if goal is not None and q.objective() == "nest" and q.would_plant(m.id):
            return None  # at the nest: stay and plant
        return goal

    def _gantry_spot(self, q: FloodQueries, m: Model) -> XY | None:
        """A free place for ``m`` on a gantry within reach: the gantries' places are
        along their long side, a base's width apart (F-1)."""
        for f in q.gantries():
            for slot in _slots(f.points, 2 * m.radius + 0.06):
                if math.dist(slot, (m.x, m.y)) > self.w.gantry_reach:
                    continue
                taken: list[str] = self.memo.get("phase", ("gantry", slot), list)
                if taken and taken[0] == m.id:
                    return slot
                if not taken and not any(math.dist((o.x, o.y), slot) < o.radius + m.radius
                                         for o in q.standing() if o.id != m.id):
                    taken.append(m.id)
                    return slot
        return None

    def _dist(self, q: FloodQueries, m: Model, g: Goal) -> float:
        """The length of ``m``'s way to its goal (0: none), from the path grid's tree
        rooted at the goal without following the way (only the model that moves needs
        its way: :meth:`_way`)."""
        nav = q.nav(m.radius)

        def make() -> float:
            total = nav.way_length((m.x, m.y), g.point)
            return 0.0 if math.isinf(total) else total

        # the tree is the board's alone (the walls, the goal, the base): the path grid
        # keeps it for every match on the map, and this the length for the match
        return self.memo.get("match", ("dist", m.radius, m.x, m.y, g.point), make)

    def _way(self, q: FloodQueries, m: Model, g: Goal) -> tuple[XY, ...]:
        """The first stretch of ``m``'s way to its goal (a move and a bit)."""
        nav = q.nav(m.radius)
        return self.memo.get("match", ("way", m.radius, m.x, m.y, g.point),
                             lambda: nav.way_to((m.x, m.y), g.point, AHEAD)[1])

    def _destination(self, q: FloodQueries, u: Unit, m: Model, way: tuple[XY, ...],
                     length: float) -> tuple[Point | None, bool]:
        """The farthest point along ``way`` (at most ``length``) the rules let ``m``
        move to, trying small steps across the way where the point is taken; and whether
        difficult terrain stood in the way."""
        budget = q.budget(m.id)
        if isinstance(budget, str):
            return None, False
        clear, roll, _run = budget
        if roll is None and not _run and q.in_difficult(m.x, m.y):
            return None, True  # every way out of difficult terrain needs the roll (F-7)
        reach = min(length, clear)
        steps = {round(reach * f, 2) for f in FRACTIONS}
        if roll is not None and roll < reach:
            steps |= {float(roll), roll - 0.5}
        straight = math.dist(way[0], way[1]) - 0.05 if len(way) > 1 else 0.0
        if straight >= STRAIGHT_ENOUGH * reach:  # a straight move is measured at once
            steps = {d for d in steps if d <= straight} | {round(min(reach, straight), 2)}
        needs_roll = False
        tried = 0
        most = RUN_TRIES if _run else MAX_TRIES
        near = reach + max(abs(s) for s in SIDESTEPS) + 2 * m.radius + 1.0
        others = [(o.x, o.y, (o.radius + m.radius - 0.01) ** 2) for o in q.standing()
                  if o.id != m.id and abs(o.x - m.x) <= near + o.radius
                  and abs(o.y - m.y) <= near + o.radius]
        judge: Callable[[Point], str | None] | None = None  # asked for at its first point
        nav = q.nav(m.radius)
        for d in sorted(steps, reverse=True):
            if d < MIN_STEP:
                break
            x, y, dx, dy = _along(way, d)
            for side in SIDESTEPS:
                # the point as Point.of keeps it (hundredths), made only when judged
                hx, hy = round((x - dy * side) * HUNDREDTHS), round((y + dx * side) * HUNDREDTHS)
                ux, uy = hx / HUNDREDTHS, hy / HUNDREDTHS
                if _taken(others, ux, uy):
                    continue
                if not nav.in_free(ux, uy):  # into a wall: the rules would say so
                    tried += 1
                    if tried >= most:
                        return None, needs_roll
                    continue
                if judge is None:
                    judge = q.move_judge(u.id, m.id)
                p = Point(hx, hy)
                why = judge(p)
                tried += 1
                if why is None:
                    return p, needs_roll
                if tried >= most:
                    return None, needs_roll
                if "difficult" in why or "allows" in why or "inches along" in why:
                    needs_roll = needs_roll or "roll" in why
                    break  # too far this way: a shorter step, not a step aside
        return None, needs_roll

    # ================================================================ shooting
    def _shooting(self, q: FloodQueries, u: Unit, side: str) -> Action | None:
        ran = q.budget(u.survivors[0].id)
        if not isinstance(ran, str) and ran[2]:  # it ran: its models move
            if ran[0] < self.w.run_worth:
                return None
            movable = [m for m in u.survivors if not q.moved(m.id) and not q.locked(m.id)]
            return self._advance(q, u, side, movable, run=True) if movable else None
        if q.objective() == "nest" and q.planter() == side and any(
                q.would_plant(m.id) for m in u.survivors):
            return None  # they plant: no shot, no run
        best = self._best_target(q, u)
        if best is not None and not self._must_run(q, u, side):
            return Shoot(u.id, best)
        if self._wants_run(q, u, side) and q.why_not(Run(u.id)) is None:
            return Run(u.id)
        if best is not None:
            return Shoot(u.id, best)
        return None

    def _best_target(self, q: FloodQueries, u: Unit) -> str | None:
        """The target with the most expected casualties, a melee unit within its charge
        reach of ``u`` counting ``threat`` times (it would charge next)."""
        best: tuple[float, str] | None = None
        for t in q.shoot_targets(u.id):
            value = float(q.shot_odds(u.id, t).expected)
            if _threatens(q.unit(t), u, self.w.threat_reach):
                value *= self.w.threat
            if value > self.w.least_shot and (best is None or value > best[0]):
                best = (value, t)
        return None if best is None else best[1]

    def _must_run(self, q: FloodQueries, u: Unit, side: str) -> bool:
        """Planters that would not reach the nest in time without running."""
        if q.objective() != "nest" or q.planter() != side:
            return False
        nest = nest_point(q)
        limit = q.turn_limit()
        if nest is None or limit is None:
            return False
        lead = u.survivors[0]
        dist = self._dist(q, lead, Goal(nest))
        turns_after = limit - q.turn()
        return dist > turn_data().move * self.w.slowed * turns_after + 1.0

    def _wants_run(self, q: FloodQueries, u: Unit, side: str) -> bool:
        goal = self._goal(q, u, side)
        if goal is None:
            return flood_likely(q, self.w) and any(self._gantry_spot(q, m) for m in u.survivors)
        lead = u.survivors[0]
        dist = self._dist(q, lead, goal)
        return dist - goal.standoff > self.w.run_gap

    # ================================================================ assault
    def _assault(self, q: FloodQueries, u: Unit, side: str) -> Action | None:
        if q.objective() == "nest" and q.planter() == side and any(
                q.would_plant(m.id) for m in u.survivors):
            return None
        best: tuple[float, str] | None = None
        for t in q.charge_targets(u.id):
            if self._spare_the_brood(q, side, t):
                continue
            odds = q.charge_odds(u.id, t)
            if odds is None:
                continue
            gain = float(odds.p_reach) * _mean(odds.inflicted)
            loss = _mean(odds.suffered)
            edge = gain - loss * self.w.charge_edge
            if is_melee(u):
                edge += self.w.melee_edge
            if self._guards_nest(q, side, t, self.w.late):
                edge += self.w.guard_edge  # the charge takes its models to the nest: they plant
            elif self._in_the_way(q, u, side, t):
                edge += self.w.way_edge  # late: clear the way rather than wait behind it
            if odds.p_reach >= self.w.min_reach and edge > 0 and (best is None or edge > best[0]):
                best = (edge, t)
        return None if best is None else Charge(u.id, best[1])


    @staticmethod
    def _spare_the_brood(q: FloodQueries, side: str, target: str) -> bool:
        """Planters do not charge a melee unit before the last turn: its blows come
        first and kill, the nest is planted by those still standing (in the last turn
        a charge into what holds the nest may be the only way in)."""
        limit = q.turn_limit()
        return (q.objective() == "nest" and q.planter() == side and is_melee(q.unit(target))
                and (limit is None or q.turn() < limit))

    @staticmethod
    def _guards_nest(q: FloodQueries, side: str, target: str, late: int) -> bool:
        """Planters in the last turns facing a unit between them and the nest (nearer
        to it than they are): charging it is the way in."""
        if q.objective() != "nest" or q.planter() != side:
            return False
        limit, nest = q.turn_limit(), nest_point(q)
        if limit is None or nest is None or q.turn() < limit - late:
            return False
        return any(q.at_nest(m.id) for m in q.unit(target).survivors) or q.turn() == limit

    def _in_the_way(self, q: FloodQueries, u: Unit, side: str, target: str) -> bool:
        """Planters late in the game and a unit nearer the nest than they are."""
        if q.objective() != "nest" or q.planter() != side:
            return False
        limit, nest = q.turn_limit(), nest_point(q)
        if limit is None or nest is None or q.turn() < limit - self.w.late:
            return False
        mine = min(math.dist((m.x, m.y), nest) for m in u.survivors)
        return any(math.dist((m.x, m.y), nest) < mine for m in q.unit(target).survivors)


def _threatens(e: Unit, u: Unit, reach: float) -> bool:
    """Whether the melee unit ``e`` stands within ``reach`` (its charge reach) of one of
    ``u``'s models."""
    return is_melee(e) and any(math.dist((a.x, a.y), (b.x, b.y)) <= reach
                               for a in e.survivors for b in u.survivors)


@lru_cache(maxsize=256)
def _slots(points: tuple[XY, ...], spacing: float) -> tuple[XY, ...]:
    """Places along the long side of a gantry's box, ``spacing`` apart, centred (the
    map's alone: kept)."""
    xs, ys = [p[0] for p in points], [p[1] for p in points]
    x0, x1, y0, y1 = min(xs), max(xs), min(ys), max(ys)
    cx, cy = (x0 + x1) / 2, (y0 + y1) / 2
    long_x = x1 - x0 >= y1 - y0
    span = (x1 - x0) if long_x else (y1 - y0)
    n = max(1, int((span - 0.1) // spacing))
    offs = [(k - (n - 1) / 2) * spacing for k in range(n)]
    return tuple((cx + o, cy) if long_x else (cx, cy + o) for o in offs)


def _taken(others: list[tuple[float, float, float]], x: float, y: float) -> bool:
    """Whether a model at ``(x, y)`` would stand on another model's base (``others``:
    their centres and the square of how near the model's centre may not come)."""
    for ox, oy, near2 in others:
        if (x - ox) ** 2 + (y - oy) ** 2 < near2:
            return True
    return False


def _mean(dist: dict[int, Any]) -> float:
    return float(sum(k * p for k, p in dist.items()))


def _along(way: tuple[XY, ...], d: float) -> tuple[float, float, float, float]:
    """The point ``d`` along ``way`` and the unit direction there."""
    left = d
    for a, b in zip(way, way[1:], strict=False):
        seg = math.dist(a, b)
        if seg <= 1e-9:
            continue
        dx, dy = (b[0] - a[0]) / seg, (b[1] - a[1]) / seg
        if left <= seg:
            return a[0] + dx * left, a[1] + dy * left, dx, dy
        left -= seg
    a, b = way[-2], way[-1]
    seg = math.dist(a, b) or 1.0
    return b[0], b[1], (b[0] - a[0]) / seg, (b[1] - a[1]) / seg
