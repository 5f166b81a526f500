"""Moving a mini across the table (K-4) over terrain (G-1, G-5, G-7).

A move is a straight line from where the mini stands to a point; a mini may make several
on its turn, around its action, while it has movement left. :func:`plan_move` works out
what a line would cost and meet without changing anything: the ruler, the AI, the legal
menu and the move itself all use it.

* K-4: 8 units less the armour's speed penalty; twice that for a mini that takes no
  action; severe ground (rough, forests, pools) costs double (G-1 Severe; Unimpeded and
  flying minis ignore it); a linear obstacle costs +1 unit to go through and nobody may
  end on it.
* Climbing: a vantage point's edge can be crossed where a ladder or stairs piece reaches
  it, or anywhere if it is climbable; up or down a ladder (climbable) each unit of height
  costs 2 (G-1 Climbable, K-4 "climbing, descending ... halves movement"), stairs 1.
* Getting down a climbable edge, a mini may fall instead of climbing (G-1, a
  :class:`~game.rules.hero.actions.Drop` move: ``fall``).
* Walking off an edge anywhere else is a fall (G-5): no movement for the drop, damage
  over 2 units; a fall that knocks the mini out ends its move where it lands.
* Impassable pieces (G-1) cannot be entered, and the mini's base cannot slide into them
  or into another mini; an enclosed piece may be entered through a door piece.
* G-7 Flight: terrain and minis are ignored while moving; the cost is the horizontal
  distance plus any height gained; no falls. Incorporeal: the same, and it falls (G-5)
  if it ends lower than it started.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import dataclass, field

from game.boards.table import Table
from game.core.frozen import quick_init
from game.core.places import HUNDREDTHS, Point
from game.physics import Outline, first_touch
from game.rules.hero.data import load_data
from game.rules.hero.state import HeroState, Mini
from game.rules.hero.terrain import Feature, Terrain, falling_damage, vantage

CONTACT = 0.02
"""Bases closer than their radii by less than this (units) only touch."""


@dataclass(frozen=True)
class Fall:
    """A fall on the way (G-5)."""

    at: Point
    drop: int
    damage: int
    edge: str
    """The piece it falls from, by name."""


@quick_init
@dataclass(frozen=True)
class MovePlan:
    """What a straight move to ``to`` would cost and meet (see :func:`plan_move`)."""

    figure: str
    to: Point
    ok: bool
    reason: str = ""
    cost: int = 0
    """Hundredths of a unit of movement it spends."""
    budget: int = 0
    """Hundredths of a unit the mini has left before it (K-4)."""
    path: tuple[Point, ...] = ()
    """Its start, each place its height changes, its end (or where it stops)."""
    levels: tuple[int, ...] = ()
    """The height it stands at from each point of ``path`` on."""
    end: Point | None = None
    """Where it ends (``to``, or where a fall knocks it out)."""
    z_end: int = 0
    falls: tuple[Fall, ...] = ()
    hazards: tuple[int, ...] = ()
    """Hazardous pieces it enters (G-1), by index."""
    severe: int = 0
    """Hundredths of a unit of the line over severe ground (each costs double)."""
    climb: int = 0
    """Hundredths of a unit of movement spent climbing up or down."""
    lines: int = 0
    """Linear obstacles it goes through (+1 unit each)."""
    blocked_at: Point | None = None
    """Where the line runs into something it cannot pass."""
    cut: bool = False
    """A fall knocks it out on the way: the move ends where it lands."""
    rules: tuple[str, ...] = ()
    """The rules that shaped it."""
    dropped: bool = False
    """It falls down a climbable edge rather than climbing down (G-1)."""

    @property
    def left(self) -> int:
        """Hundredths of a unit of movement left after it."""
        return self.budget - self.cost


def allowance(m: Mini) -> int:
    """K-4: a mini's move in hundredths: 8 units less its armour's speed penalty."""
    d = load_data()
    return max(0, d.move_base + d.armour[m.armour].speed) * HUNDREDTHS


def k11_fired_still(m: Mini) -> str | None:
    """K-11: a weapon that "cannot attack if mini moves this turn" (the sniper rifle)
    holds its mini still for the whole turn it fires: why it cannot move now, or None."""
    if m.fired_still:
        return f"{m.name} fired its sniper rifle this turn: it cannot move (K-11)"
    return None


def budget(m: Mini) -> int:
    """K-4: hundredths of a unit the mini may still move this turn: its move, twice over
    if it has not taken an action (it then takes none), less what it has moved; none
    after firing a sniper rifle (K-11)."""
    d = load_data()
    # (not conscious, K-9; or K-11's sniper fired: k11_fired_still)
    if m.hp <= d.hp_unconscious or m.down_at_start or m.at is None or m.fired_still:
        return 0
    full = allowance(m) * (1 if m.acted else d.no_action)
    return max(0, full - m.moved)


@dataclass(slots=True)
class _Walk:
    z: int
    cost: float = 0.0
    severe: float = 0.0
    climb: float = 0.0
    lines: int = 0
    path: list[tuple[float, float]] = field(default_factory=list)
    levels: list[int] = field(default_factory=list)
    falls: list[Fall] = field(default_factory=list)
    hazards: list[int] = field(default_factory=list)
    accessed: set[int] = field(default_factory=set)
    rules: list[str] = field(default_factory=list)
    hp: int = 0
    climbed_down: bool = False
    """It climbs down a climbable edge (G-1: it could fall instead)."""
    dropped: bool = False
    """It falls down a climbable edge (G-1)."""

    def note(self, rule: str) -> None:
        if rule not in self.rules:
            self.rules.append(rule)


def plan_move(state: HeroState, m: Mini, to: Point, fall: bool = False) -> MovePlan:
    """What moving ``m`` in a straight line to ``to`` would do (cached by where it stands,
    what it has left and the minis near the line); ``fall``: it falls down climbable
    edges rather than climbing down (G-1)."""
    at = m.at
    if at is None:
        return _plan(state, m, to, fall)
    # the points by their numbers: a tuple of ints hashes quicker than one of Points
    key = ("move", m.id, at.x, at.y, m.z, m.hp, budget(m), m.abilities, m.radius, to.x, to.y,
           state.bodies_near(m.xy, to.units, m.r + 3.0, (m.id,))) + (("fall",) if fall else ())
    return state.remember(key, lambda: _plan(state, m, to, fall), shared=True)


def _fail(m: Mini, to: Point, why: str, left: int, **kw: object) -> MovePlan:
    return MovePlan(m.id, to, False, why, budget=left, **kw)  # type: ignore[arg-type]


def _plan(state: HeroState, m: Mini, to: Point, fall: bool = False) -> MovePlan:
    terrain = state.terrain
    table = terrain.table
    left = budget(m)
    if m.at is None:
        return _fail(m, to, f"{m.name} is not on the table", 0)
    p, q = m.xy, to.units
    if not table.on_table(*q, m.r):
        return _fail(m, to, "its base would be off the table", left)
    if math.dist(p, q) < 0.005:
        return _fail(m, to, f"{m.name} is already there", left)
    if left <= 0:  # the real reason first, before whatever stands in the way
        return _fail(m, to, k11_fired_still(m) or f"{m.name} has no movement left this "
                     f"turn (K-4)", left)
    if m.has("flight") or m.has("incorporeal"):
        return _fly(state, terrain, m, to, left)
    return _walk(state, terrain, m, to, left, fall)


def _walk(state: HeroState, terrain: Terrain, m: Mini, to: Point, left: int,
          fall: bool = False) -> MovePlan:
    table = terrain.table
    d = terrain.data
    p, q = m.xy, to.units
    dist = math.dist(p, q)
    w = _Walk(z=m.z, path=[p], levels=[m.z], hp=m.hp)
    w.note("K-4")
    start_on = terrain.stands_on(*p, m.z)
    inside = {f.index for f in terrain.inside(*p, m.z)}
    severe = {f.index for f in terrain.area_at(*p, m.z, "severe")}
    unimpeded = m.has("unimpeded")
    t_prev = 0.0
    end_t = 1.0

    def ground(t0: float, t1: float) -> None:
        length = dist * (t1 - t0)
        if w.z == 0 and severe and not unimpeded:
            w.cost += 2 * length
            w.severe += length
            w.note("G-1")
        else:
            w.cost += length

    def at(t: float) -> tuple[float, float]:
        return p[0] + (q[0] - p[0]) * t, p[1] + (q[1] - p[1]) * t

    on = start_on
    for c in table.crossings(p, q):
        ground(t_prev, c.t)
        t_prev = c.t
        f = terrain[c.piece]
        if f.linear:
            if w.z < max(1, f.ht):
                if f.has("impassable"):
                    return _blocked(m, to, left, w, c.point, f, "it is impassable (G-1)")
                w.cost += d.line_cost
                w.lines += 1
                w.note("G-2")
                if f.has("hazardous"):
                    w.hazards.append(f.index)
            continue
        if c.entering:
            why = _enter(terrain, f, c.point, w, inside, severe)
            if why:
                return _blocked(m, to, left, w, c.point, f, why)
            if vantage(f) and w.z == f.ht:
                on = f
            continue
        # leaving
        if on is not None and on.index == f.index:
            beyond = at(min(1.0, c.t + 1e-6))
            _step_down(terrain, f, c.point, beyond, w, fall)
            on = terrain.stands_on(*beyond, w.z)
            if w.hp <= d.hp_unconscious:
                # knocked out where it lands: at the foot, its base clear of the edge
                end_t = _foot(table, f.index, at, c.t, m.r - CONTACT, 0.02 / dist)
                break
        elif f.index in inside:
            if terrain.access_at(c.point, f.index) != "enter":
                return _blocked(m, to, left, w, c.point, f,
                                "its walls are impassable: leave it by a door (G-1)")
            inside.discard(f.index)
            w.accessed.add(f.index)
        severe.discard(f.index)
    cut = end_t < 1.0
    if not cut:
        ground(t_prev, 1.0)
    end = Point.of(*at(end_t)) if cut else to
    w.path.append(end.units)
    w.levels.append(w.z)
    slid = _slid(state, terrain, m, to, left, w, start_on)
    if slid is not None:
        return slid
    why_end = end_clear(state, terrain, m, end, w.z)
    if why_end is not None:
        path, levels = _track(w)
        return _fail(m, to, why_end, left, path=path, levels=levels)
    return _finish(m, to, end, left, w, cut)


def _slid(state: HeroState, terrain: Terrain, m: Mini, to: Point, left: int, w: _Walk,
          start_on: Feature | None) -> MovePlan | None:
    """The base sliding along the walk into something solid, leg by leg: the refusal, or
    None; a mini whose movement runs out before it gets there is told that first."""
    for (a, la), b in zip(zip(w.path, w.levels, strict=True), w.path[1:], strict=False):
        hit = _slide(state, terrain, m, a, b, la, w.accessed, start_on)
        if hit is None:
            continue
        where, what = hit
        path, levels = _track(w)
        if math.dist(m.xy, where) * HUNDREDTHS > left:  # it would stop before, anyway
            return _fail(m, to, f"{m.name} has {left / HUNDREDTHS:g} units of movement "
                         f"left: not enough to get there (K-4)", left, path=path,
                         levels=levels)
        return _fail(m, to, f"{what} is in the way", left, blocked_at=Point.of(*where),
                     path=path, levels=levels)
    return None


def _foot(table: Table, piece: int, at: Callable[[float], tuple[float, float]], t: float,
          r: float, step: float) -> float:
    """G-5, K-9: where along the line a mini knocked out by falling off ``piece`` at ``t``
    lies: the first point on from there whose base (radius ``r``) is clear of the piece
    (the end of the line at most), looked for ``step`` by ``step``."""
    while t < 1.0:
        x, y = at(t)
        if not table.inside(piece, x, y) and table.distance(piece, x, y) >= r:
            return t
        t = min(1.0, t + step)
    return 1.0


def _step_down(terrain: Terrain, f: Feature, point: tuple[float, float],
               beyond: tuple[float, float], w: _Walk, fall: bool = False) -> None:
    """Leaving the top of ``f`` at ``point`` for what is below ``beyond``: climbing down
    where an access reaches it (G-1 climbable: 2 a unit; stairs: 1), else a fall (G-5);
    ``fall``: a climbable edge is fallen down too (G-1)."""
    below = max([h for h in terrain.surfaces_at(*beyond) if h < w.z], default=0)
    access = terrain.access_at(point, f.index)
    if access == "climb" and fall:
        w.note("G-1")  # "you can also fall, which will not cost movement"
        w.dropped = True
        access = None
    if access in ("climb", "walk"):
        w.climbed_down |= access == "climb"
        w.climb += (w.z - below) * (2 if access == "climb" else 1)
        w.cost += (w.z - below) * (2 if access == "climb" else 1)
        w.note("G-1" if access == "climb" else "K-4")
    else:
        dmg = falling_damage(w.z - below)
        w.falls.append(Fall(Point.of(*point), w.z - below, dmg, f.name))
        w.hp -= dmg
        w.note("G-5")
    w.z = below
    w.path.append(point)
    w.levels.append(w.z)


def _enter(terrain: Terrain, f: Feature, point: tuple[float, float], w: _Walk,
           inside: set[int], severe: set[int]) -> str:
    """Going into footprint ``f`` at ``point``: what it changes, or why it cannot."""
    if vantage(f) and w.z < f.ht:
        access = terrain.access_at(point, f.index)
        if access in ("climb", "walk"):
            up = f.ht - w.z
            w.climb += up * (2 if access == "climb" else 1)
            w.cost += up * (2 if access == "climb" else 1)
            w.note("G-1" if access == "climb" else "K-4")
            w.z = f.ht
            w.accessed.add(f.index)
            w.path.append(point)
            w.levels.append(w.z)
            return ""
        if access == "enter" and f.has("enclosed") and w.z == 0:
            inside.add(f.index)
            w.accessed.add(f.index)
            return ""
        if f.has("impassable"):
            how = " except where a ladder reaches it" if f.has("vantage") else ""
            return f"it is impassable{how} (G-1)"
        return ""
    if vantage(f) and w.z >= f.ht:
        return ""
    if f.has("impassable") and (w.z < f.ht or f.ht == 0):
        if f.has("enclosed") and w.z == 0 and terrain.access_at(point, f.index) == "enter":
            inside.add(f.index)
            w.accessed.add(f.index)
            return ""
        door = ": go in by a door" if f.has("enclosed") else ""
        return f"it is impassable{door} (G-1)"
    if w.z == 0:
        if f.has("severe"):
            severe.add(f.index)
        if f.has("hazardous"):
            w.hazards.append(f.index)
    return ""


def _blocked(m: Mini, to: Point, left: int, w: _Walk, point: tuple[float, float],
             f: Feature, why: str) -> MovePlan:
    w.path.append(point)
    w.levels.append(w.z)
    path, levels = _track(w)
    return _fail(m, to, f"{f.name} is in the way: {why}", left, blocked_at=Point.of(*point),
                 path=path, levels=levels)


def _solids(state: HeroState, z: int, skip: set[int]) -> list[int]:
    """Pieces a base at height ``z`` cannot slide into."""
    return [k for k in _solid_at(state, z) if k not in skip]


def _solid_at(state: HeroState, z: int) -> tuple[int, ...]:
    """The impassable pieces standing above height ``z`` (worked out once a match)."""
    terrain = state.terrain
    return state.derived.get(("solid at", z), lambda: tuple(
        f.index for f in terrain.features if f.has("impassable") and (z == 0 or f.ht > z)))


def _walls(state: HeroState, z: int, accessed: set[int], start_on: Feature | None
           ) -> tuple[tuple[int, ...], tuple[Outline, ...]]:
    """The pieces a base at height ``z`` slides into (:func:`_solids`, less those it went
    into or started on and the tops at its height) and their outlines, worked out once a
    match for each such case."""
    key = ("slide walls", z, tuple(sorted(accessed)), -1 if start_on is None else start_on.index)

    def make() -> tuple[tuple[int, ...], tuple[Outline, ...]]:
        terrain = state.terrain
        skip = set(accessed) | ({start_on.index} if start_on is not None else set())
        skip |= {k for k in terrain.standable if terrain[k].ht == z}
        solids = tuple(_solids(state, z, skip))
        return solids, tuple(terrain.outlines[k] for k in solids)
    return state.derived.get(key, make)


def g7_ignored_in_moves(o: Mini) -> bool:
    """G-7 Incorporeal: the mini "is ignored by other models ... during any movement or
    push": nobody's move runs into it (no move ends on top of it either: end_clear)."""
    return o.has("incorporeal")


def _slide(state: HeroState, terrain: Terrain, m: Mini, a: tuple[float, float],
           b: tuple[float, float], z: int, accessed: set[int],
           start_on: Feature | None) -> tuple[tuple[float, float], str] | None:
    """Where a base sliding from ``a`` to ``b`` at height ``z`` first runs into an
    impassable piece or another mini (not an incorporeal one, G-7), and what, or None."""
    if math.dist(a, b) < 1e-9:
        return None
    solids, walls = _walls(state, z, accessed, start_on)
    hit = first_touch(a, b, m.r - CONTACT, walls)
    best: tuple[float, str] | None = None
    if hit is not None:
        best = (hit.t, terrain[solids[hit.wall]].name)
    mr = m.r
    # a base further from the slide's box than the two radii never comes that near it
    x0, x1 = (a[0], b[0]) if a[0] <= b[0] else (b[0], a[0])
    y0, y1 = (a[1], b[1]) if a[1] <= b[1] else (b[1], a[1])
    for o in state.placed():
        if o.id == m.id or o.z != z or g7_ignored_in_moves(o):
            continue
        reach = mr + o.r - CONTACT
        ox, oy = o.xy
        if ox < x0 - reach - 1e-6 or ox > x1 + reach + 1e-6 or oy < y0 - reach - 1e-6 \
                or oy > y1 + reach + 1e-6:
            continue
        t = _disc_touch(a, b, (ox, oy), reach)
        if t is not None and (best is None or t < best[0]):
            best = (t, o.name)
    if best is None:
        return None
    t, what = best
    return (a[0] + (b[0] - a[0]) * t, a[1] + (b[1] - a[1]) * t), what


def _disc_touch(a: tuple[float, float], b: tuple[float, float], c: tuple[float, float],
                r: float) -> float | None:
    """First t in [0, 1] where a + t (b - a) comes within ``r`` of ``c`` while
    approaching it; None if never."""
    dx, dy = b[0] - a[0], b[1] - a[1]
    wx, wy = a[0] - c[0], a[1] - c[1]
    aa = dx * dx + dy * dy
    bb = 2 * (dx * wx + dy * wy)
    cc = wx * wx + wy * wy - r * r
    if cc <= 0:
        return 0.0 if bb < 0 else None
    disc = bb * bb - 4 * aa * cc
    if disc < 0 or bb >= 0:
        return None
    t = (-bb - math.sqrt(disc)) / (2 * aa)
    return t if 0 <= t <= 1 else None


def end_clear(state: HeroState, terrain: Terrain, m: Mini, end: Point, z: int) -> str | None:
    """Why a mini may not end a move (or be deployed) at ``end``, height ``z``: its base
    on a linear obstacle (G-2), over something impassable (G-1), standing on nothing, or
    over another mini; None if it may."""
    x, y = end.units
    table = terrain.table
    r = m.r - CONTACT
    half = terrain.data.line_thickness / 2
    for k in table.disc_overlaps(x, y, r + half, terrain.lines):
        f = terrain[k]
        if z < max(1, f.ht):
            return f"its base would stand on {f.name}: nobody may end on a linear " \
                   f"obstacle (G-2)"
    if z == 0:
        # (only the impassable footprints are asked about: the others are no matter here)
        solid = state.derived.get("solid areas", lambda: tuple(
            f.index for f in terrain.features if f.has("impassable") and not f.linear))
        for k in table.disc_overlaps(x, y, r, solid):
            f = terrain[k]
            if not f.has("impassable") or f.linear:
                continue
            if not table.inside(k, x, y) or not f.has("enclosed"):
                return f"its base would overlap {f.name}, which is impassable (G-1)"
            if table.distance(k, x, y) < r:
                return f"its base would overlap the walls of {f.name}"
    elif terrain.stands_on(x, y, z) is None:
        return "it would stand on nothing"
    mr, here = m.r, (x, y)
    for o in state.placed():
        if o.id != m.id and o.z == z and math.dist(o.xy, here) < o.r + mr - CONTACT:
            return f"its base would overlap {o.name}"
    return None


def _fly(state: HeroState, terrain: Terrain, m: Mini, to: Point, left: int) -> MovePlan:
    """G-7: Flight and Incorporeal minis ignore terrain and minis while moving; the cost
    is the horizontal distance plus the height gained; a flyer never falls, an
    incorporeal mini falls if it ends lower (G-5)."""
    p, q = m.xy, to.units
    incorporeal = m.has("incorporeal")
    rule = "G-7"
    heights = terrain.surfaces_at(*q)
    if not incorporeal:
        heights = [h for h in heights if not (h == 0 and terrain.inside(*q, 0))]
    if not heights:
        what = [terrain[k].name for k in terrain.table.pieces_at(*q)]
        if not incorporeal and any(terrain[k].has("enclosed")
                                   for k in terrain.table.pieces_at(*q)):
            return _fail(m, to, f"it may not end inside {what[0]}: it is enclosed (G-1)",
                         left)
        return _fail(m, to, f"it cannot end inside {', '.join(what) or 'that'}", left)
    if incorporeal:
        same = [h for h in heights if h == m.z]
        lower = [h for h in heights if h < m.z]
        z = same[0] if same else max(lower) if lower else min(heights)
    else:
        z = heights[0]
    horizontal = math.dist(p, q)
    up = max(0, z - m.z)
    w = _Walk(z=z, cost=horizontal + up, climb=up, path=[p, q], levels=[m.z, z], hp=m.hp)
    w.note(rule)
    if incorporeal and z < m.z:
        dmg = falling_damage(m.z - z)
        w.falls.append(Fall(to, m.z - z, dmg, "its height"))
        w.note("G-5")
    x, y = q
    w.hazards = [f.index for f in terrain.area_at(x, y, z, "hazardous")]
    why = end_clear(state, terrain, m, to, z)
    if why is not None:
        path, levels = _track(w)
        return _fail(m, to, why, left, path=path, levels=levels)
    return _finish(m, to, to, left, w, False)


def _finish(m: Mini, to: Point, end: Point, left: int, w: _Walk, cut: bool) -> MovePlan:
    cost = math.ceil(w.cost * HUNDREDTHS - 1e-6)
    path, levels = _track(w)
    plan = MovePlan(m.id, to, True, "", cost, left, path, levels, end,
                    w.z, tuple(w.falls), tuple(dict.fromkeys(w.hazards)),
                    round(w.severe * HUNDREDTHS), round(w.climb * HUNDREDTHS), w.lines,
                    None, cut, tuple(w.rules), w.dropped)
    if cost > left:
        have = left / HUNDREDTHS
        fall = "; it may fall down instead, for no movement (G-1)" if w.climbed_down else ""
        return MovePlan(m.id, to, False, f"it needs {cost / HUNDREDTHS:g} units of movement "
                        f"and has {have:g} left (K-4){fall}", cost, left, plan.path, plan.levels,
                        end, w.z, plan.falls, plan.hazards, plan.severe, plan.climb, w.lines,
                        None, cut, plan.rules)
    return plan


def _track(w: _Walk) -> tuple[tuple[Point, ...], tuple[int, ...]]:
    """The walk's points in hundredths (one where two round to the same) and the height
    from each on."""
    pts: list[Point] = []
    lv: list[int] = []
    for xy, z in zip(w.path, w.levels, strict=True):
        pt = Point.of(*xy)
        if pts and pts[-1] == pt:
            lv[-1] = z
            continue
        pts.append(pt)
        lv.append(z)
    return tuple(pts), tuple(lv)
