"""A drag's way round the minis in it (K-4 on the open table, issue 18 friction 9).

A move is a straight line (K-4 lets a mini split its move, so a bent path is two moves).
When the straight line from a mini to where the player lets go is refused because a mini
stands in it, :func:`route` looks for one bend that works: where the player's drag bent
the most, else beside each mini near the line, and takes the cheapest. Only the rules'
own plans are asked (``plan_move`` for the first leg, ``plan_leg`` for the second), so a
bent move costs and meets exactly what its two moves will.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass

from game.core.places import Point
from game.rules.hero.actions import Move
from game.rules.hero.queries import HeroQueries, MovePlan

CLEAR = 0.15
"""Units kept between the bases when going round a mini."""
TRAIL_POINTS = 3
"""Bends tried from the drag's own trail (the points farthest from the straight line)."""


@dataclass(frozen=True)
class Route:
    """A move of one or two legs to where the drag ended."""

    moves: tuple[Move, ...]
    plans: tuple[MovePlan, ...]
    round: str = ""
    """What it goes round ("Sarge"), "" for a straight move."""

    @property
    def cost(self) -> int:
        return sum(p.cost for p in self.plans)


def route(q: HeroQueries, fid: str, to: Point, trail: Sequence[Point] = ()) -> Route | None:
    """The straight move to ``to`` if the rules allow it, else the cheapest move with one
    bend round the minis in the way (the drag's ``trail`` first); None if neither."""
    straight = q.plan_move(fid, to)
    if straight.ok:
        return Route((Move(fid, to),), (straight,))
    m = q.state.minis[fid]
    if m.at is None or straight.blocked_at is None or q.budget(fid) <= 0:
        return None
    in_way = [o for o in q.state.placed() if o.id != fid and o.z == m.z
              and straight.reason.startswith(f"{o.name} is in the way")]
    if not in_way:
        return None
    best: Route | None = None
    for w in _bends(q, fid, to, trail):
        first = q.plan_move(fid, w)
        if not first.ok or first.falls or first.end != w:
            continue
        second = q.plan_leg(fid, w, first.z_end, first.cost, to)
        if not second.ok:
            continue
        r = Route((Move(fid, w), Move(fid, to)), (first, second), in_way[0].name)
        if best is None or r.cost < best.cost:
            best = r
    return best


def _bends(q: HeroQueries, fid: str, to: Point, trail: Sequence[Point]) -> list[Point]:
    """Where a bend may go: the drag's trail where it strays farthest from the straight
    line, then both sides of each mini near the line, level with it and a little before
    and after it."""
    m = q.state.minis[fid]
    assert m.at is not None
    (ax, ay), (bx, by) = m.xy, to.units
    length = math.hypot(bx - ax, by - ay) or 1e-9
    dx, dy = (bx - ax) / length, (by - ay) / length
    nx, ny = -dy, dx

    def off(p: tuple[float, float]) -> float:
        return abs((p[0] - ax) * nx + (p[1] - ay) * ny)

    out = sorted(trail, key=lambda p: -off(p.units))[:TRAIL_POINTS]
    for o in q.state.placed():
        if o.id == fid or o.z != m.z:
            continue
        ox, oy = o.xy
        along = (ox - ax) * dx + (oy - ay) * dy
        if not (0 < along < length + o.r) or off((ox, oy)) > o.r + m.r + CLEAR:
            continue
        side = o.r + m.r + CLEAR
        for back in (0.0, -side, side):
            for s in (1, -1):
                # level with the mini's centre, on either side of the line through it
                cx = ax + dx * (along + back) + nx * ((ox - ax) * nx + (oy - ay) * ny)
                cy = ay + dy * (along + back) + ny * ((ox - ax) * nx + (oy - ay) * ny)
                x, y = cx + nx * s * side, cy + ny * s * side
                if q.state.board.on_table(x, y, m.r):
                    out.append(Point.of(x, y))
    return out
