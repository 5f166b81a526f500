"""Deployment (K-3) with the terrain's deployment rules (G-2): the edges, where a mini may
be placed, and the lattice of candidate points the legal menu offers.

K-3: sides deploy in turn at an edge: each mini within 5 units of the edge (base edge to
table edge), within 5 units of a team mate and out of every enemy's weapon range ("if
this is impossible, the battlefield is too small": that condition is then waived). G-2:
some kinds of terrain are not eligible, some only inside, a vantage point's top only if
a climbing access reaches it.
"""

from __future__ import annotations

from typing import Any

import numpy as np
from numpy.typing import NDArray

from game.boards.table import Table
from game.core.places import HUNDREDTHS, Point
from game.rules.hero.data import MiniSpec, load_data
from game.rules.hero.moves import end_clear
from game.rules.hero.phases import HeroPhase
from game.rules.hero.sight import distance
from game.rules.hero.state import HeroState, Mini
from game.rules.hero.terrain import Terrain, vantage

EDGES = ("north", "south", "west", "east")
"""The table's edges a side may deploy at (K-3)."""
FACING = {"north": 90, "south": 270, "west": 0, "east": 180}
"""The way a mini deployed at an edge faces (degrees): into the table."""
DEPLOY_STEP = 1.5
"""Spacing of the candidate deployment points along an edge, in units."""
DEPLOY_DEPTHS = (0.2, 1.7, 3.2, 4.7)
"""Distances from the edge (base edge to table edge) of the candidate deployment rows."""


def edge_distance(table: Table, edge: str, x: Any, y: Any, r: float) -> Any:
    """K-3: how far a base of radius ``r`` at ``(x, y)`` is from a table edge (``x`` and
    ``y`` may be numpy arrays: then an array, point by point)."""
    if edge == "north":
        return y - r
    if edge == "south":
        return table.height - y - r
    if edge == "west":
        return x - r
    if edge == "east":
        return table.width - x - r
    raise KeyError(edge)


def nearest_edge(table: Table, x: float, y: float, r: float) -> str:
    """The edge a base at ``(x, y)`` is nearest (the first of :data:`EDGES` on a tie)."""
    return min(EDGES, key=lambda e: edge_distance(table, e, x, y, r))


def edge_band(table: Table, edge: str) -> tuple[float, float, float, float]:
    """K-3: the band of the table within the deployment depth of ``edge``, as a box
    (x0, y0, x1, y1) in units."""
    depth = load_data().deploy_edge
    w, h = table.width, table.height
    return {"north": (0, 0, w, depth), "south": (0, h - depth, w, h),
            "west": (0, 0, depth, h), "east": (w - depth, 0, w, h)}[edge]


def deploy_edges(state: HeroState, side: str) -> tuple[str, ...]:
    """K-3: the edges ``side`` may deploy at now: the one its first mini chose, else any."""
    edge = state.deploy_edge.get(side)
    return (edge,) if edge is not None else EDGES


def weapon_reach(m: Mini) -> int:
    """The longest range of ``m``'s weapons, in units (K-3: no mini deploys within it)."""
    d = load_data()
    return max((d.weapons[w].range[1] for w in m.weapons), default=0)


def next_to_deploy(state: HeroState) -> Mini | None:
    """K-3: the mini the deploying side places next (None outside deployment)."""
    if state.phase != HeroPhase.DEPLOY or state.deploying is None:
        return None
    return next((m for m in state.side_minis(state.deploying) if m.at is None), None)


def deploy_level(terrain: Terrain, x: float, y: float) -> int | None:
    """The height a mini deployed at ``(x, y)`` stands at: the ground (or inside a
    building) if it can, else the top of a vantage point there; None if neither."""
    heights = terrain.surfaces_at(x, y)
    if not heights:
        return None
    return 0 if 0 in heights else heights[0]


def deploy_check(state: HeroState, m: Mini, at: Point, waive_range: bool = False) -> str | None:
    """K-3 and G-2: None if ``m`` may be deployed at ``at``, else why not."""
    terrain = state.terrain
    table = terrain.table
    d = load_data()
    x, y = at.units
    r = m.r
    if not table.on_table(x, y, r):
        return "its base would be off the table"
    why = _k3_edge(state, m, x, y)
    if why is not None:
        return why
    probe = _at(m, x, y)  # measured from where it would stand
    mates = [o for o in state.placed() if o.side == m.side and o.id != m.id]
    if mates and min(distance(probe, o) for o in mates) > d.deploy_teammate + 1e-9:
        return f"each mini deploys within {d.deploy_teammate:g} units of a team mate (K-3)"
    if not waive_range:
        for e in state.placed():
            if e.side == m.side:
                continue
            reach = weapon_reach(e)
            if distance(probe, e) <= reach + 1e-9:
                return (f"within range of {e.name} ({reach} units): no mini deploys in "
                        f"an enemy's firing range (K-3)")
    why = _g2_eligible(terrain, x, y)
    if why is not None:
        return why
    z = deploy_level(terrain, x, y)
    assert z is not None  # _g2_eligible said why not otherwise
    probe.z = z
    return end_clear(state, terrain, probe, at, z)  # where a move may end


def _k3_edge(state: HeroState, m: Mini, x: float, y: float) -> str | None:
    """K-3: why ``(x, y)`` is not within the deployment depth of the side's edge."""
    table = state.board
    depth = load_data().deploy_edge
    edge = state.deploy_edge.get(m.side)
    if edge is None:
        near = nearest_edge(table, x, y, m.r)
        if edge_distance(table, near, x, y, m.r) > depth + 1e-9:
            return f"a side deploys at an edge: within {depth:g} units of it (K-3)"
    elif edge_distance(table, edge, x, y, m.r) > depth + 1e-9:
        return (f"{state.side_name(m.side)} deploys at the {edge} edge: within {depth:g} "
                f"units of it (K-3)")
    return None


def _g2_eligible(terrain: Terrain, x: float, y: float) -> str | None:
    """G-2: why the terrain at ``(x, y)`` is not eligible for deployment, or None."""
    table = terrain.table
    for k in table.pieces_at(x, y):
        f = terrain[k]
        if f.kind.deploy == "no":
            return f"{f.name} is not eligible for deployment (G-2)"
    z = deploy_level(terrain, x, y)
    if z is None:
        names = [terrain[k].name for k in table.pieces_at(x, y)]
        return f"nobody can stand there ({', '.join(names)})"
    for k in table.pieces_at(x, y):
        f = terrain[k]
        rule = f.kind.deploy
        if rule == "inside" and not (z == 0 and f.has("enclosed")):
            return f"only the inside of {f.name} is eligible for deployment (G-2)"
        if rule == "climbable" and vantage(f) and z == f.ht and not terrain.reachable_top(f):
            return (f"the top of {f.name} is eligible for deployment only if a climbing "
                    f"access reaches it (G-2)")
    return None


def deploy_points(state: HeroState, m: Mini, waive: bool | None = None) -> list[Point]:
    """Candidate deployment points of ``m`` (the legal menu's lattice)."""
    if waive is None:
        waive = range_waived(state, m)
    return [p for p in likely(state, m, waive)
            if deploy_check(state, m, p, waive_range=waive) is None]


def likely(state: HeroState, m: Mini, waive: bool) -> list[Point]:
    """The lattice points that pass K-3's distance tests (edge, team mate, enemy
    range), worked out all at once; the rest of deploy_check is left to do."""
    edges = deploy_edges(state, m.side)
    pts = lattice(state, edges, m.radius)
    if not pts:
        return []
    d = load_data()
    xy = state.derived.get(("deploy lattice xy", edges, m.radius),  # the points as an array
                           lambda: _read_only(np.array([p.units for p in pts])))
    ok = np.ones(len(pts), dtype=bool)
    mates = [o for o in state.placed() if o.side == m.side and o.id != m.id]
    if mates:
        c = np.array([o.xy for o in mates])
        r = np.array([o.r for o in mates])
        gap = np.hypot(xy[:, 0:1] - c[None, :, 0], xy[:, 1:2] - c[None, :, 1]) - r - m.r
        ok &= gap.min(axis=1) <= d.deploy_teammate + 1e-9
    if not waive:
        for e in state.placed():
            if e.side == m.side:
                continue
            reach = weapon_reach(e)
            ex, ey = e.xy
            ok &= np.hypot(xy[:, 0] - ex, xy[:, 1] - ey) - e.r - m.r > reach + 1e-9
    return [pts[k] for k in np.flatnonzero(ok).tolist()]


def _read_only(a: NDArray[np.float64]) -> NDArray[np.float64]:
    a.flags.writeable = False
    return a


def range_waived(state: HeroState, m: Mini) -> bool:
    """K-3: "if this is impossible, the battlefield is too small": when no candidate
    point is out of every enemy's range, that condition is waived for this mini."""
    return bool(state.remember(("waive", m.id, state.key()), lambda: not any(
        deploy_check(state, m, p) is None for p in likely(state, m, False)), shared=True))


def no_room(state: HeroState, ready: dict[str, tuple[MiniSpec, ...]]) -> str | None:
    """K-3, G-2: why no mini could be deployed on any edge of the table (every
    candidate point off the table, in impassable terrain or where nobody may deploy),
    or None. A mini of the largest base of the armies is tried, alone on the table."""
    specs = [s for army in ready.values() for s in army]
    if not specs:
        return None
    widest = max(specs, key=lambda s: s.base if s.base is not None else load_data().base)
    probe = Mini.of("probe", state.sides[0], widest)
    for p in lattice(state, EDGES, probe.radius):
        if deploy_check(state, probe, p, waive_range=True) is None:
            return None
    return (f"there is no room to deploy a mini at any edge of the table (K-3: every "
            f"place within {load_data().deploy_edge:g} units of an edge is off the "
            f"table, impassable or not eligible for deployment, G-2)")


def lattice(state: HeroState, edges: tuple[str, ...], radius: int) -> tuple[Point, ...]:
    """Candidate deployment points along ``edges`` for a base of ``radius`` hundredths
    (worked out once a match)."""
    return state.derived.get(("deploy lattice", edges, radius),
                             lambda: _lattice(state.board, edges, radius))


def _lattice(table: Table, edges: tuple[str, ...], radius: int) -> tuple[Point, ...]:
    r = radius / HUNDREDTHS
    out: dict[Point, None] = {}
    for e in edges:
        along = table.width if e in ("north", "south") else table.height
        n = max(1, int((along - 2 * r) / DEPLOY_STEP))
        for depth in DEPLOY_DEPTHS:
            for k in range(n + 1):
                s = r + k * (along - 2 * r) / n
                off = r + depth
                x, y = {"north": (s, off), "south": (s, table.height - off),
                        "west": (off, s), "east": (table.width - off, s)}[e]
                out[Point.of(x, y)] = None
    return tuple(out)


def _at(m: Mini, x: float, y: float) -> Mini:
    """A copy of ``m`` standing at ``(x, y)`` (to measure from where it would be)."""
    c = m.clone()
    c.at = Point.of(x, y)
    return c
