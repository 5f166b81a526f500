"""Deployment (P-3): the scouts deploy first, then the hunters, one model at a time, each
with its whole base at least 48 inches from the Arrival, on the table and off every
terrain piece, not on another base; a hunter also at least 12 inches (edge to edge) from
every scout. The legal menu offers a lattice of points; any point that passes is legal."""

from __future__ import annotations

import math

import numpy as np
import shapely
from numpy.typing import NDArray

from game.core.places import Point
from game.rules.squads.pursuit import geometry as geo
from game.rules.squads.pursuit.geometry import along as geo_along
from game.rules.squads.pursuit.numbers import chase_data
from game.rules.squads.pursuit.state import ChaseState
from game.rules.squads.units import Model


def next_to_deploy(state: ChaseState) -> Model | None:
    """P-3: the model to deploy now (None once every model is placed)."""
    return state.model(state.undeployed[0]) if state.undeployed else None


def deploy_check(state: ChaseState, mid: str, x: float, y: float, *,
                 waive: bool | None = None) -> str | None:
    """P-3: None if model ``mid`` may be deployed at ``(x, y)``, else why not. A hunter
    for which no point of the lattice is 12 inches from every scout has that condition
    waived (``waive``: decide it here rather than from the lattice)."""
    if not state.undeployed or state.undeployed[0] != mid:
        return f"'{mid}' is not the model to deploy now"
    if waive is None and Point.of(x, y) in state.cached(("deploy-set", mid), lambda: set(
            deploy_points(state, mid))):
        return None  # a point the menu offers (worked out already)
    m = state.model(mid)
    t = state.track
    d = chase_data()
    r = m.radius
    if not t.on_table(x, y, r):
        return f"{m.name}'s base must lie wholly on the table"
    if geo_along(state, x, y) - r < d.from_arrival - 1e-9:
        return (f"{m.name} must be at least {d.from_arrival:g} inches from the Arrival "
                f"(P-3)")
    c = shapely.Point(x, y)
    for p in state.table_pieces():
        if state.piece_shape(p.index).distance(c) < r - 1e-9:
            return f"{m.name} may not be deployed on a terrain piece"
    runner = state.side_of(mid) == state.setup.runners
    if not runner and waive is None:
        waive = spacing_waived(state, mid)
    for o in state.standing():
        gap = math.hypot(o.x - x, o.y - y) - o.radius - r
        if gap < -1e-9:
            return f"{m.name} would stand on {o.name}'s base"
        if not runner and not waive and state.side_of(o.id) == state.setup.runners and \
                gap < d.from_runners - 1e-9:
            return (f"{m.name} must be at least {d.from_runners:g} inches from every "
                    f"{state.side_name(state.setup.runners)} model (P-3)")
    return None


def spacing_waived(state: ChaseState, mid: str) -> bool:
    """P-3, a reading: no point of the lattice is 12 inches from every scout (the seed's
    table can be too small for it): the hunter may then deploy nearer."""
    if state.side_of(mid) == state.setup.runners:
        return False
    return state.cached(("waived", mid), lambda: not _kept_lattice(state, mid, False))


def deploy_points(state: ChaseState, mid: str) -> list[Point]:
    """P-3: the lattice of legal points for ``mid`` (every 2 inches)."""
    return state.cached(("deploy", mid), lambda: _kept_lattice(state, mid, spacing_waived(
        state, mid)))


def _kept_lattice(state: ChaseState, mid: str, waive: bool) -> list[Point]:
    """:func:`_lattice`, kept while the state stands (a hunter's spacing is judged on the
    very lattice it then deploys on)."""
    return state.cached(("lattice", mid, waive), lambda: _lattice(state, mid, waive))


def _lattice(state: ChaseState, mid: str, waive: bool) -> list[Point]:
    """The lattice points that pass :func:`deploy_check` (worked out at once with numpy:
    the pieces do not move before the game, so which points clear them is kept with the
    map)."""
    m = state.model(mid)
    r = m.radius
    xy, ok = state.derived.get(("pursuit-deploy", r), lambda: _clear_lattice(state, r))
    good = ok.copy()
    runner = state.side_of(mid) == state.setup.runners
    d = chase_data()
    for o in state.standing():
        gap = np.hypot(xy[:, 0] - o.x, xy[:, 1] - o.y) - o.radius - r
        good &= gap >= -1e-9
        if not runner and not waive and state.side_of(o.id) == state.setup.runners:
            good &= gap >= d.from_runners - 1e-9
    return [Point.of(x, y) for x, y in xy[good].tolist()]


def _clear_lattice(state: ChaseState, r: float) -> tuple[NDArray[np.float64],
                                                          NDArray[np.bool_]]:
    """The deployment lattice for a base of radius ``r`` (every 2 inches from the line
    48 inches out) and which of its points lie on the table off every piece."""
    t = state.track
    d = chase_data()
    pts = []
    along = d.from_arrival + r
    while along <= t.length - r + 1e-9:
        across = r + 0.5
        while across <= t.breadth - r - 0.5 + 1e-9:
            pts.append(t.point(along, across))
            across += d.deploy_step
        along += d.deploy_step
    xy = np.array(pts, dtype=float).reshape(-1, 2)
    ok = np.ones(len(xy), dtype=bool)
    points = shapely.points(xy)
    for p in state.table_pieces():
        ok &= shapely.distance(state.piece_shape(p.index), points) >= r - 1e-9
    return xy, ok


def deploy(state: ChaseState, m: Model, x: float, y: float) -> None:
    """P-3: ``m`` stands at ``(x, y)``, facing the Arrival."""
    m.move_to(x, y)
    state.undeployed.remove(m.id)
    state.facing[m.id] = geo.forward(state)
