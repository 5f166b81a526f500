"""Pushes (G-6), resolved by physics; falls on the way (G-5); hazards entered (G-1).

A push drives a mini in a straight line for its full distance: it is not a move (severe
ground does not slow it), it cannot pass impassable pieces or other minis, nor climb,
and stops in base contact with them; pushed off a ledge it falls at once (taking any
falling damage), then, if still in play, is pushed the rest of the way. Linear obstacles
do not stop a push, but a push may not end on one: it stops before it, unhurt by it if
it is hazardous (the hazards of a push's last leg are counted once it is known where it
ends). An incorporeal
mini ignores, and is ignored by, minis and terrain (G-7).

Physics finds where each straight leg stops (game.physics.shove) and where a push would
first touch a linear obstacle (game.physics.first_touch); these rules decide what stops
it, where the ledges are and what a fall costs.
"""

from __future__ import annotations

import math

from game.core.dice import Dice
from game.core.events import Event, Kind
from game.core.places import HUNDREDTHS, Point
from game.physics import Disc, Wall, first_touch, shove
from game.rules.hero.combat import take_damage
from game.rules.hero.events import HeroKind
from game.rules.hero.state import HeroState, Mini
from game.rules.hero.terrain import Terrain, falling_damage, hazard_damage

MAX_LEGS = 6
"""A push falls off at most this many ledges (each leg is at a new, lower height)."""


def walls_at(terrain: Terrain, z: int, skip: int | None = None,
             near: tuple[float, float, float, float] | None = None) -> list[Wall]:
    """What stops a push at height ``z``: impassable footprints standing above it (on the
    ground, every one) and the table's edge; with ``near`` (a box x0, y0, x1, y1), only
    the pieces that reach into it."""
    t = terrain.table
    out = [Wall("edge", ((0, 0), (t.width, 0), (t.width, t.height), (0, t.height), (0, 0)))]
    for f in terrain.features:
        if f.index == skip or not f.stops_pushes:
            continue
        if f.linear:
            continue
        if near is not None:
            x0, y0, x1, y1 = f.piece.bbox
            if x1 < near[0] or x0 > near[2] or y1 < near[1] or y0 > near[3]:
                continue
        if z == 0 or f.ht > z:
            pts = f.piece.points
            out.append(Wall(f"piece:{f.index}", (*pts, pts[0])))
    return out


def push(state: HeroState, m: Mini, heading: tuple[float, float], distance: float,
         dice: Dice, cause: str) -> list[Event]:
    """G-6: push ``m`` ``distance`` units along ``heading`` (see the module text)."""
    if m.at is None or not m.alive or distance <= 0:
        return []
    terrain = state.terrain
    n = math.hypot(*heading)
    if n < 1e-9:
        return []
    u = (heading[0] / n, heading[1] / n)
    events: list[Event] = []
    left = distance
    start = m.at
    last: Point | None = None
    ghost = m.has("incorporeal")
    for _ in range(MAX_LEGS):
        if left <= 1e-6 or not m.alive:
            break
        x, y = m.xy
        on = terrain.stands_on(x, y, m.z)
        limit = left
        ledge = None
        if on is not None:
            far = (x + u[0] * left, y + u[1] * left)
            for c in terrain.table.crossings((x, y), far):
                if c.piece == on.index and not c.entering:
                    ledge = c
                    limit = min(left, c.t * left + 0.01)
                    break
        reach = limit + m.r + 0.1
        box = (x - reach, y - reach, x + reach, y + reach)
        walls = walls_at(terrain, m.z, on.index if on is not None else None, box)
        discs = [Disc(o.id, *o.xy, o.r) for o in state.placed()
                 if o.id != m.id and o.z == m.z and not o.has("incorporeal")]
        if ghost:
            walls, discs = walls[:1], []
        s = shove(Disc(m.id, x, y, m.r), u, limit, discs, walls)
        leg_start = m.at
        m.at = s.end
        left -= s.travelled / HUNDREDTHS
        if s.end != leg_start:
            events.append(Event(Kind.RETREATED, f"{m.name} is pushed "
                                f"{s.travelled / HUNDREDTHS:g} units ({cause}).", "G-6", None,
                                m.id, places=(leg_start, s.end), amount=s.travelled))
        last = leg_start  # its hazards wait until it is known where the push ends
        if s.contact is not None:
            what = ("the table's edge" if s.contact.body == "edge" else
                    terrain[int(s.contact.body.split(":")[1])].name
                    if s.contact.body.startswith("piece:") else state.minis[s.contact.body].name)
            events.append(Event(HeroKind.STOPPED, f"{m.name} stops in base contact with {what} "
                                "(G-6).", "G-6", None, m.id, places=(s.end,)))
            break
        if ledge is None or on is None or not _off(terrain, m, on.index):
            break
        events += _hazards_on(state, terrain, m, leg_start, s.end, dice)
        last = None
        # off the ledge: it falls at once (G-5), then goes on
        below = max([h for h in terrain.surfaces_at(*m.xy) if h < m.z], default=0)
        drop = m.z - below
        m.z = below
        dmg = falling_damage(drop)
        events.append(Event(Kind.FELL, f"{m.name} is pushed off {on.name} and falls {drop} "
                            f"units" + (f": {dmg} damage (G-5)." if dmg else ", unhurt (G-5)."),
                            "G-5", m.id, places=(m.at, m.at), amount=drop))
        events += take_damage(state, m, dmg, "G-5", f"a fall of {drop}", None)
    events += _off_lines(state, terrain, m, start)
    if last is not None and m.at is not None:
        events += _hazards_on(state, terrain, m, last, m.at, dice)
    return events


def _off(terrain: Terrain, m: Mini, piece: int) -> bool:
    return not terrain.table.inside(piece, *m.xy)


def _off_lines(state: HeroState, terrain: Terrain, m: Mini, start: Point) -> list[Event]:
    """G-2: a push may not end on a linear obstacle; it stops before it "(and does not
    take damage if the linear obstacle was hazardous)": the last leg's hazards are
    counted from where it stops."""
    if m.at is None or m.z > 0:
        return []
    x, y = m.xy
    half = terrain.data.line_thickness / 2
    for k in terrain.lines:
        if terrain.table.distance(k, x, y) >= m.r + half - 0.02:
            continue
        sx, sy = start.units
        hit = first_touch((sx, sy), (x, y), m.r + half, [terrain.outlines[k]])
        if hit is None:
            continue
        back = Point.of(sx + (x - sx) * hit.t, sy + (y - sy) * hit.t)
        m.at = back
        return [Event(HeroKind.STOPPED, f"{m.name} cannot end a push on {terrain[k].name}: it "
                      "stops before it (G-2).", "G-6", None, m.id, places=(back,))]
    return []


def _hazards_on(state: HeroState, terrain: Terrain, m: Mini, a: Point, b: Point,
                dice: Dice) -> list[Event]:
    """G-1: hazardous pieces a push carries a mini into."""
    if m.z > 0 or a == b:
        return []
    entered = [c.piece for c in terrain.table.crossings(a.units, b.units)
               if c.entering and terrain[c.piece].has("hazardous")]
    out: list[Event] = []
    for k in dict.fromkeys(entered):
        out += hazard(state, m, k, dice)
    return out


def hazard(state: HeroState, m: Mini, piece: int, dice: Dice) -> list[Event]:
    """G-1 Hazardous: damage to a mini entering it or activating in it, once per piece
    per turn; weak 1, moderate 2, severe 4, rolled by the opposing side."""
    if piece in m.hazards or not m.alive:
        return []
    m.hazards.append(piece)
    f = state.terrain[piece]
    other = next((s for s in state.sides if s != m.side), m.side)
    r = dice.roll("1d6", rule="G-1", label=f"{state.side_name(other)} roll {f.name}'s "
                  f"hazard on {m.name}")
    band, dmg = hazard_damage(r.total)
    ev = Event(Kind.ROLLED, f"{r.explain()}: {band}, {dmg} damage", "G-1", None, m.id,
               roll=r, amount=dmg)
    return [ev] + take_damage(state, m, dmg, "G-1", f"{band} hazard of {f.name}")
