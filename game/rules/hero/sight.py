"""Seeing a target: its visible fraction by rays (K-8), cover (G-3), vantage points (G-4).

Rays go from the viewer's eye (the top of the mini: its height ``ht`` above where it
stands) to the target's silhouette as the viewer sees it (its base's width across, its
height up): ``rays`` columns across (data/gear.toml), and in each column every height at
once, since each thing in the way stops the rays that reach the target below some height
(a ray is straight): a column's visible part is worked out exactly, so the fraction is
within half a column per edge of the exact area (K-8). A ray is stopped by

* a blocking piece it crosses lower than the piece's top (G-1 "Blocking"; G-4 "a line
  crossing blocking terrain's base within its Ht is blocked");
* a dense piece likewise, unless the eye or the ray's end is inside it (G-1 "Dense": see
  into, not through; ignored from inside; a dense piece lower than a mini, a fog, rises
  to a mini's height);
* a soft or hard cover piece it crosses lower than its top within 1 unit of the target
  and that the target is not standing in (G-3; on a Tabletop Hero table cover also sets
  Covered/Concealed/Hidden, K-8): a fence of Ht 1 hides the lower part of a Ht 2 mini;
* another mini whose body it passes through.

LoS is drawn normally (every mini as if on the ground; pieces the two stand on are
ignored) unless either is on a vantage point. Both on vantage points of the same height
(G-4: "LoS is drawn normally"), it is drawn normally from the level they stand on: a piece
counts by how far it rises above their roofs, a Ht 3 house between two Ht 5 roofs not at
all (docs/readings/heroref.toml). Otherwise (G-4) it is drawn diagonally at the real
heights, minis lower than the vantage mini are ignored, terrain no higher than the lower
mini's Ht is ignored for LoS (not for cover), and a mini within its Ht of the ledge it
stands on ignores that ledge.

The visible fraction sets the K-8 level by the bands in data/gear.toml; G-3 cover is the
kind of cover piece (hard over soft) within 1 unit of the target that a line to the
(partly visible) target passes over or is hidden by, nothing else stopping that line
(G-2: trees "provide hard cover to the models hidden by them", obstacles "provide cover
to the models behind them"). Range is measured top-down, base to base.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Literal

import numpy as np
from numpy.typing import NDArray

from game.boards.table import Vec
from game.core.frozen import quick_init
from game.core.places import HUNDREDTHS
from game.rules.hero.data import load_data
from game.rules.hero.state import HeroState, Mini
from game.rules.hero.terrain import Feature, Terrain, vantage

_any = np.logical_or.reduce
_all = np.logical_and.reduce
_sum = np.add.reduce
"""The arrays' any, all and sum as the ufuncs' own reductions (the methods go round by
Python: these arrays are small, so that is much of their cost)."""

Level = Literal["open", "covered", "concealed", "hidden"]
CoverKind = Literal["none", "soft", "hard"]


@quick_init
@dataclass(frozen=True)
class Sight:
    """What ``viewer`` sees of ``target`` (see the module text)."""

    viewer: str
    target: str
    fraction: float
    """Visible fraction, 0-1 (K-8)."""
    level: Level
    cover: CoverKind
    """G-3: the cover the target has from this viewer."""
    cover_by: tuple[str, ...]
    """The cover pieces, by name."""
    blocked_by: tuple[str, ...]
    """What stopped rays: pieces by name, minis by name."""
    diagonal: bool
    """Drawn diagonally from a vantage point (G-4)."""
    distance: float
    """Range: top-down, base to base, in units."""
    eye: Vec
    column_ends: tuple[float, ...]
    """Where each column of rays meets the target (top-down), x and y in turn."""
    column_seen: tuple[float, ...]
    """The fraction of each column's rays that get through."""

    @property
    def columns(self) -> tuple[tuple[Vec, float], ...]:
        """Each column of rays: where it meets the target (top-down) and the fraction of
        its rays that get through."""
        e = self.column_ends
        return tuple(((e[2 * k], e[2 * k + 1]), n) for k, n in enumerate(self.column_seen))

    @property
    def targetable(self) -> bool:
        """K-8: a Hidden target cannot be targeted."""
        return self.level != "hidden"


def level_of(fraction: float) -> Level:
    """K-8: the level of a visible fraction (bands in data/gear.toml)."""
    c = load_data().cover
    if fraction >= c.open - 1e-9:
        return "open"
    if fraction >= c.covered - 1e-9:
        return "covered"
    if fraction >= c.concealed - 1e-9:
        return "concealed"
    return "hidden"


LEVEL_WORDS: dict[str, str] = {"open": "Open", "covered": "Covered", "concealed": "Concealed",
                               "hidden": "Hidden"}


@dataclass(frozen=True)
class _Arrays:
    top: NDArray[np.float64]
    ht: NDArray[np.float64]
    blocking: NDArray[np.bool_]
    dense: NDArray[np.bool_]
    soft: NDArray[np.bool_]
    hard: NDArray[np.bool_]
    cover: NDArray[np.bool_]
    """Soft or hard cover (G-3)."""
    unit: NDArray[np.float64]
    """Where each column meets a target's base, across it, as a share of its radius
    (-1 to 1)."""


def _arrays(state: HeroState) -> _Arrays:
    """The pieces' heights and sight traits as arrays, worked out once a match."""
    return state.derived.get("sight arrays", lambda: _make_arrays(state.terrain))


def _make_arrays(terrain: Terrain) -> _Arrays:
    fs = terrain.features
    d = terrain.data
    ht = np.array([f.ht for f in fs], dtype=np.float64)
    dense = np.array([f.has("dense") for f in fs], dtype=bool)
    top = np.where(dense, np.maximum(ht, d.model_ht), ht)
    soft = np.array([f.has("soft_cover") for f in fs], dtype=bool)
    hard = np.array([f.has("hard_cover") for f in fs], dtype=bool)
    columns = d.cover.rays
    return _Arrays(top, ht, np.array([f.has("blocking") for f in fs], dtype=bool), dense,
                   soft, hard, soft | hard, (np.arange(columns) + 0.5) / columns * 2 - 1)


def on_vantage(terrain: Terrain, m: Mini) -> bool:
    """Whether ``m`` stands on a vantage point (G-1, G-4)."""
    if m.at is None or m.z <= 0:
        return False
    f = terrain.stands_on(*m.xy, m.z)
    return f is not None and vantage(f)


def distance(a: Mini, b: Mini) -> float:
    """Top-down distance base to base (G-4: range is always measured top-down)."""
    pa, pb = a.at, b.at
    assert pa is not None and pb is not None
    # Mini.xy and Mini.r spelt out (asked thousands of times a game), then max(0, d)
    d = math.hypot(pb.x / HUNDREDTHS - pa.x / HUNDREDTHS, pb.y / HUNDREDTHS - pa.y / HUNDREDTHS) \
        - a.radius / HUNDREDTHS - b.radius / HUNDREDTHS
    return d if d > 0.0 else 0.0


def sight(state: HeroState, viewer: Mini, target: Mini) -> Sight:
    """What ``viewer`` sees of ``target`` now (cached by where the two stand and the
    minis near the line between them)."""
    a, b = viewer.xy, target.xy
    va, ta = viewer.at, target.at
    assert va is not None and ta is not None  # (xy says so)
    key = ("sight", viewer.id, va.x, va.y, viewer.z, viewer.ht, viewer.radius, target.id,
           ta.x, ta.y, target.z, target.ht, target.radius,
           state.bodies_near(a, b, target.r, (viewer.id, target.id)))
    return state.remember(key, lambda: _sight(state, viewer, target), shared=True)


def _sight(state: HeroState, viewer: Mini, target: Mini) -> Sight:
    """K-8, G-3, G-4: the visible fraction, column by column across the target, each
    column measured exactly up the target's height (see the module text)."""
    terrain = state.terrain
    arr = _arrays(state)
    (vx, vy), (tx, ty) = viewer.xy, target.xy
    dx, dy = tx - vx, ty - vy
    length = math.hypot(dx, dy) or 1e-9
    nx, ny = -dy / length, dx / length
    offsets = arr.unit * target.r
    ends = np.empty((len(offsets), 2))
    ends[:, 0] = tx + nx * offsets
    ends[:, 1] = ty + ny * offsets
    # normal or diagonal (G-4): a mini stands on a piece only on a vantage point
    f_v = terrain.stands_on(vx, vy, viewer.z)
    f_t = terrain.stands_on(tx, ty, target.z)
    level = f_v is not None and f_t is not None and viewer.z == target.z
    diagonal = (f_v is not None or f_t is not None) and not level
    # both on vantage points of one height: drawn normally, from the level they stand on
    zv, zt = (viewer.z, target.z) if diagonal or level else (0, 0)
    eye_h = zv + viewer.ht
    top_h = zt + target.ht
    nothing = -np.inf
    stop_models, blockers = _bodies(state, viewer, target, ends, eye_h, diagonal, level)
    hit = _terrain_stops(state, arr, viewer, target, (f_v, f_t), ends, eye_h, diagonal)
    pcs = hit.pcs
    stop_terrain = None
    if hit.under is None:
        stop = np.full(len(ends), nothing) if stop_models is None else stop_models
    else:
        assert hit.block is not None
        stop_terrain = np.where(hit.block, hit.under, nothing)  # (C, P)
        stop = stop_terrain.max(axis=1)  # (C,)
        if stop_models is not None:
            stop = np.maximum(stop, stop_models)
    seen = np.minimum(np.maximum((top_h - np.maximum(stop, zt)) / target.ht, 0.0), 1.0)
    fraction = float(_sum(seen)) / len(seen)  # the mean
    feats = terrain.features
    blocked_by = [] if stop_terrain is None else [
        feats[p].name for p in pcs[np.flatnonzero(_any(stop_terrain > zt + 1e-9, axis=0))]]
    # G-3: cover pieces a line passes through or is hidden by within 1 unit of the
    # target, where nothing else stopped it before (G-2: trees, obstacles "provide cover
    # to the models behind them": they hide and give cover too)
    cover_idx = pcs[:0]
    if hit.crossing is not None and fraction > 0:
        assert hit.under is not None and hit.other is not None
        stop_hard = np.where(hit.other, hit.under, nothing).max(axis=1)
        if stop_models is not None:
            stop_hard = np.maximum(stop_hard, stop_models)
        used = hit.crossing & (stop_hard < top_h - 1e-9)[:, None]
        cover_idx = pcs[np.flatnonzero(_any(used, axis=0))]
    kind: CoverKind = "none"
    if arr.hard[cover_idx].any():
        kind = "hard"
    elif len(cover_idx):
        kind = "soft"
    return Sight(viewer.id, target.id, fraction, level_of(fraction), kind,
                 tuple(feats[p].name for p in cover_idx.tolist()),
                 tuple(dict.fromkeys(blocked_by + blockers)), bool(diagonal),
                 distance(viewer, target), (vx, vy), tuple(ends.ravel().tolist()),
                 tuple(seen.tolist()))


@dataclass(frozen=True)
class _Stops:
    """What the pieces some ray meets do to the columns (arrays of shape (C, P) over
    ``pcs``, those pieces): ``under`` the target height below which a piece stops a
    column's rays, where ``block`` says it does (G-1 blocking or dense, G-3 cover);
    ``other`` those that hide without being a cover piece crossed; ``crossing`` the
    cover pieces within 1 unit of the target a line crosses (None: there are none)."""

    pcs: NDArray[np.int64]
    under: NDArray[np.float64] | None
    block: NDArray[np.bool_] | None
    other: NDArray[np.bool_] | None
    crossing: NDArray[np.bool_] | None = None


def _terrain_stops(state: HeroState, arr: _Arrays, viewer: Mini, target: Mini,
                   stood: tuple[Feature | None, Feature | None], ends: NDArray[np.float64],
                   eye_h: float, diagonal: bool) -> _Stops:
    """G-1, G-3, G-4: where the pieces on the way stop each column (see :class:`_Stops`)."""
    terrain = state.terrain
    (vx, vy), (tx, ty) = viewer.xy, target.xy
    spans = terrain.table.spans_near((vx, vy), ends)
    met_near = ~np.isnan(spans.first)
    # only the pieces some ray meets can stop one or give cover: the rest is left out
    hit = np.flatnonzero(_any(met_near, axis=0))
    pcs = spans.pcs[hit]
    pc = len(pcs)
    if not pc:
        return _Stops(pcs, None, None, None)
    every = pc == len(spans.pcs)  # (then the columns need no picking)
    first, last = (spans.first, spans.last) if every else (spans.first[:, hit],
                                                           spans.last[:, hit])
    met = met_near if every else met_near[:, hit]  # (C, P)
    live = met
    for m, f in zip((viewer, target), stood, strict=True):
        if f is None:
            continue
        k = int(np.searchsorted(pcs, f.index))
        if k >= pc or pcs[k] != f.index:
            continue  # no ray meets it
        if live is met:
            live = met.copy()
        if diagonal and m.z > min(viewer.z, target.z):
            # G-4: the vantage mini ignores its own ledge where the line passes it within
            # the mini's Ht of it
            away = (last[:, k] if m is viewer else 1 - first[:, k]) * spans.length
            live[:, k] = met[:, k] & ~(np.where(met[:, k], away, np.inf) <= m.ht + 1e-9)
        else:
            live[:, k] = False  # stood on: the line starts or ends on it
    los = live
    if diagonal:
        lower = viewer if viewer.z < target.z else target
        los = live & ~(arr.ht[pcs] <= lower.ht)[None, :]  # G-4: low terrain ignored
    # a piece crossed at t stops the rays that reach the target below a height: the
    # column's rays stopped by it are those below max(under(first), under(last))
    top = arr.top[pcs][None, :]
    under = _under_pair(eye_h, top, np.where(met, first, 1.0), np.where(met, last, 1.0))
    end_in = spans.end_in if every else spans.end_in[:, hit]
    dense = arr.dense[pcs] & ~(spans.eye_in if every else spans.eye_in[hit])
    hides = los & arr.blocking[pcs][None, :]
    if _any(dense):
        hides |= los & dense[None, :] & ~end_in
    cover = arr.cover[pcs]
    if not _any(cover):
        return _Stops(pcs, under, hides, hides)
    # where each crossing comes nearest the target (top-down), for G-3's 1 unit
    l0 = np.where(met, last, 0.0)
    px = vx + l0 * (ends[:, 0:1] - vx)
    py = vy + l0 * (ends[:, 1:2] - vy)
    near = np.hypot(px - tx, py - ty) - target.r <= terrain.data.cover.reach + 1e-9
    covers = live & cover[None, :] & near  # (C, P)
    stood_on = np.zeros(pc, dtype=bool)
    for f in stood:
        if f is not None:
            stood_on |= pcs == f.index
    crossing = covers & ~stood_on[None, :]
    return _Stops(pcs, under, hides | (covers & ~end_in), hides & ~crossing, crossing)


def _bodies(state: HeroState, viewer: Mini, target: Mini, ends: NDArray[np.float64],
            eye_h: float, diagonal: bool, level: bool) -> tuple[NDArray[np.float64] | None,
                                                                 list[str]]:
    """Other minis' bodies: for each column the target height below which they stop its
    rays (-inf: none do; None: no body comes near them), and the minis that hide some of
    the target."""
    (vx, vy), (tx, ty) = viewer.xy, target.xy
    rt = target.r
    top_z = max(viewer.z, target.z)
    zt = target.z if diagonal or level else 0
    # only a mini whose base comes near the box round the rays can stand in their way
    x0, x1 = min(vx, tx) - rt - 1e-6, max(vx, tx) + rt + 1e-6
    y0, y1 = min(vy, ty) - rt - 1e-6, max(vy, ty) + rt + 1e-6
    # and every ray lies within rt of the line from the eye to the target's centre: a
    # base further from that line than its radius and rt meets none of them
    dx, dy = tx - vx, ty - vy
    ll = dx * dx + dy * dy or 1e-18
    others: list[Mini] = []
    xy: list[tuple[float, float]] = []
    rs: list[float] = []
    for m in state.placed():
        if m.id == viewer.id or m.id == target.id or (diagonal and m.z < top_z):
            continue  # G-4: minis lower than the vantage one are ignored
        at = m.at
        assert at is not None  # placed
        mx, my, r = at.x / HUNDREDTHS, at.y / HUNDREDTHS, m.radius / HUNDREDTHS  # xy, r
        if not (x0 - r <= mx <= x1 + r and y0 - r <= my <= y1 + r):
            continue
        u = min(1.0, max(0.0, ((mx - vx) * dx + (my - vy) * dy) / ll))
        if math.hypot(mx - vx - u * dx, my - vy - u * dy) > r + rt + 1e-6:
            continue
        others.append(m)
        xy.append((mx, my))
        rs.append(r)
    if not others:
        return None, []
    real = diagonal or level
    top = np.array([(m.z if real else 0) + m.ht for m in others], dtype=np.float64)
    body = _through_bodies((vx, vy), ends, np.array(xy, dtype=np.float64),
                           np.array(rs), top, eye_h)  # (B, C)
    hit = np.flatnonzero(_any(body > zt + 1e-9, axis=1)).tolist()
    return body.max(axis=0), [others[k].name for k in hit]


def _under(eye_h: float, top: NDArray[np.float64],
           t: NDArray[np.float64]) -> NDArray[np.float64]:
    """The target height below which a ray from an eye at ``eye_h`` passes lower than
    ``top`` where it is at ``t`` along its way (0 at the eye, 1 at the target): the ray
    to height h is at eye_h + (h - eye_h) t there."""
    far = t > 1e-12
    h = eye_h - 1e-9 + (top - eye_h) / np.where(far, t, 1.0)
    if _all(far, axis=None):
        return h
    return np.where(far, h, np.where(eye_h < top - 1e-9, np.inf, -np.inf))


def _under_pair(eye_h: float, top: NDArray[np.float64], near: NDArray[np.float64],
                far: NDArray[np.float64]) -> NDArray[np.float64]:
    """``max(_under(near), _under(far))`` where ``near <= far``, with one of them: the
    nearer point for a top above the eye (the ray climbs to it), else the further one
    (both where a top a hair above the eye could make the nearer one lose)."""
    rise = top > eye_h
    if _any(rise & (top <= eye_h + 1e-9), axis=None):
        return np.maximum(_under(eye_h, top, near), _under(eye_h, top, far))
    return _under(eye_h, top, np.where(rise, near, far))


def _through_bodies(eye: Vec, ends: NDArray[np.float64], c: NDArray[np.float64],
                    r: NDArray[np.float64], top: NDArray[np.float64],
                    eye_h: float) -> NDArray[np.float64]:
    """(B, C): for each mini's body (a cylinder of radius ``r`` on its base at ``c`` up
    to ``top``) and each column, the target height below which the column's rays pass
    through the body (-inf: none do)."""
    e = np.array(eye)
    d = ends - e  # (C, 2)
    a = _sum(d * d, axis=1)  # (C,)
    w = e[None, :] - c  # (B, 2)
    b = 2 * (w @ d.T)  # (B, C)
    cc = _sum(w * w, axis=1)[:, None] - (r * r)[:, None]  # (B, 1)
    disc = b * b - 4 * a[None, :] * cc
    ok = disc > 0
    sq = np.sqrt(np.where(ok, disc, 0.0))
    t0 = np.minimum(np.maximum((-b - sq) / (2 * a[None, :]), 0.0), 1.0)  # clipped to 0-1
    t1 = np.minimum(np.maximum((-b + sq) / (2 * a[None, :]), 0.0), 1.0)
    ok &= t1 > t0 + 1e-9
    return np.where(ok, _under_pair(eye_h, top[:, None], t0, t1), -np.inf)
