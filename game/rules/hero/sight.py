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
from game.rules.hero.data import load_data
from game.rules.hero.state import HeroState, Mini
from game.rules.hero.terrain import Terrain, vantage

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
    columns: tuple[tuple[Vec, float], ...]
    """Each column of rays: where it meets the target (top-down) and the fraction of its
    rays that get through."""

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


def _arrays(state: HeroState) -> _Arrays:
    """The pieces' heights and sight traits as arrays, worked out once a match."""
    return state.derived.get("sight arrays", lambda: _make_arrays(state.terrain))


def _make_arrays(terrain: Terrain) -> _Arrays:
    fs = terrain.features
    d = terrain.data
    ht = np.array([f.ht for f in fs], dtype=np.float64)
    dense = np.array([f.has("dense") for f in fs], dtype=bool)
    top = np.where(dense, np.maximum(ht, d.model_ht), ht)
    return _Arrays(top, ht, np.array([f.has("blocking") for f in fs], dtype=bool), dense,
                   np.array([f.has("soft_cover") for f in fs], dtype=bool),
                   np.array([f.has("hard_cover") for f in fs], dtype=bool))


def on_vantage(terrain: Terrain, m: Mini) -> bool:
    """Whether ``m`` stands on a vantage point (G-1, G-4)."""
    if m.at is None or m.z <= 0:
        return False
    f = terrain.stands_on(*m.xy, m.z)
    return f is not None and vantage(f)


def distance(a: Mini, b: Mini) -> float:
    """Top-down distance base to base (G-4: range is always measured top-down)."""
    (ax, ay), (bx, by) = a.xy, b.xy
    return max(0.0, math.hypot(bx - ax, by - ay) - a.r - b.r)


def sight(state: HeroState, viewer: Mini, target: Mini) -> Sight:
    """What ``viewer`` sees of ``target`` now (cached by where the two stand and the
    minis near the line between them)."""
    a, b = viewer.xy, target.xy
    key = ("sight", viewer.id, viewer.at, viewer.z, viewer.ht, viewer.radius, target.id,
           target.at, target.z, target.ht, target.radius,
           state.bodies_near(a, b, target.r, (viewer.id, target.id)))
    return state.remember(key, lambda: _sight(state, viewer, target))


def _sight(state: HeroState, viewer: Mini, target: Mini) -> Sight:
    """K-8, G-3, G-4: the visible fraction, column by column across the target, each
    column measured exactly up the target's height (see the module text)."""
    terrain = state.terrain
    table = terrain.table
    arr = _arrays(state)
    data = terrain.data
    columns = data.cover.rays
    (vx, vy), (tx, ty) = viewer.xy, target.xy
    dx, dy = tx - vx, ty - vy
    length = math.hypot(dx, dy) or 1e-9
    nx, ny = -dy / length, dx / length
    rt = target.r
    offsets = ((np.arange(columns) + 0.5) / columns * 2 - 1) * rt
    ends = np.stack([tx + nx * offsets, ty + ny * offsets], axis=1)
    # normal or diagonal (G-4)
    v_high, t_high = on_vantage(terrain, viewer), on_vantage(terrain, target)
    level = v_high and t_high and viewer.z == target.z
    diagonal = (v_high or t_high) and not level
    # both on vantage points of one height: drawn normally, from the level they stand on
    zv, zt = (viewer.z, target.z) if diagonal or level else (0, 0)
    eye_h = zv + viewer.ht
    top_h = zt + target.ht
    spans = table.spans((vx, vy), ends)
    # only the pieces some ray meets can stop one or give cover: the rest is left out
    pcs = np.flatnonzero(spans.met.any(axis=0))
    pc = len(pcs)
    first, last = spans.first[:, pcs], spans.last[:, pcs]
    met = ~np.isnan(first)  # (C, P)
    excluded = np.zeros((columns, pc), dtype=bool)
    ignore_los = np.zeros(pc, dtype=bool)
    for m in (viewer, target):
        f = terrain.stands_on(*m.xy, m.z)
        if f is None:
            continue
        k = int(np.searchsorted(pcs, f.index))
        if k >= pc or pcs[k] != f.index:
            continue  # no ray meets it
        if diagonal and m.z > min(viewer.z, target.z):
            # G-4: the vantage mini ignores its own ledge where the line passes it within
            # the mini's Ht of it
            away = (last[:, k] if m is viewer else 1 - first[:, k]) * spans.length
            excluded[:, k] = np.where(met[:, k], away, np.inf) <= m.ht + 1e-9
        else:
            excluded[:, k] = True  # stood on: the line starts or ends on it
    if diagonal:
        lower = viewer if viewer.z < target.z else target
        ignore_los = arr.ht[pcs] <= lower.ht
    # a piece crossed at t stops the rays that reach the target below a height: the
    # column's rays stopped by it are those below max(under(first), under(last))
    under = np.maximum(_under(eye_h, arr.top[pcs][None, :], np.where(met, first, 1.0)),
                       _under(eye_h, arr.top[pcs][None, :], np.where(met, last, 1.0)))
    end_in = spans.end_in[:, pcs]
    eye_in = spans.eye_in[pcs][None, :]
    # where each crossing comes nearest the target (top-down), for G-3's 1 unit
    l0 = np.where(met, last, 0.0)
    px = vx + l0 * (ends[:, 0:1] - vx)
    py = vy + l0 * (ends[:, 1:2] - vy)
    near = np.hypot(px - tx, py - ty) - rt <= data.cover.reach + 1e-9  # (C, P)
    live = ~excluded
    los_ok = live & ~ignore_los[None, :]
    block_a = met & los_ok & arr.blocking[pcs][None, :]
    block_b = met & los_ok & arr.dense[pcs][None, :] & ~eye_in & ~end_in
    cover = (arr.soft | arr.hard)[pcs][None, :]
    block_c = met & live & cover & ~end_in & near
    nothing = -np.inf
    stop_terrain = np.where(block_a | block_b | block_c, under, nothing)  # (C, P)
    # other minis' bodies
    top_z = max(viewer.z, target.z)
    others = [m for m in state.placed() if m.id not in (viewer.id, target.id)
              and not (diagonal and m.z < top_z)]  # G-4: minis lower than the vantage one
    # only a mini whose base comes near the box round the rays can stand in their way
    x0, x1 = min(vx, tx) - rt - 1e-6, max(vx, tx) + rt + 1e-6
    y0, y1 = min(vy, ty) - rt - 1e-6, max(vy, ty) + rt + 1e-6
    others = [m for m in others if x0 - m.r <= m.xy[0] <= x1 + m.r
              and y0 - m.r <= m.xy[1] <= y1 + m.r]
    stop_models = np.full(columns, nothing)
    blockers: list[str] = []
    if others:
        body = _through_bodies((vx, vy), ends, others, eye_h, diagonal or level)  # (B, C)
        for m, h in zip(others, body, strict=True):
            if (h > zt + 1e-9).any():
                blockers.append(m.name)
        stop_models = body.max(axis=0)
    # G-3: the cover pieces within 1 unit of the target that a line to it crosses
    crossing = met & near & live & cover
    crossing &= ~_stood_on(terrain, viewer, target)[pcs][None, :]
    # what hides the column from below, other than those pieces (G-2: trees, obstacles
    # "provide cover to the models behind them": they hide and give cover too)
    other = (block_a | block_b) & ~crossing
    stop_hard = np.maximum(np.where(other, under, nothing).max(axis=1, initial=nothing),
                           stop_models)
    stop = np.maximum(stop_terrain.max(axis=1, initial=nothing), stop_models)  # (C,)
    seen = np.clip((top_h - np.maximum(stop, zt)) / target.ht, 0.0, 1.0)
    fraction = float(seen.mean())
    feats = terrain.features
    hides = (stop_terrain > zt + 1e-9).any(axis=0)
    blocked_by = [feats[p].name for p in pcs[np.nonzero(hides)[0]]]
    # G-3: cover pieces a line passes through or is hidden by within 1 unit of the
    # target, where nothing else stopped it before
    clear = (stop_hard < top_h - 1e-9)[:, None]  # (C, 1)
    used = crossing & clear
    cover_idx = pcs[np.nonzero(used.any(axis=0))[0]] if fraction > 0 else pcs[:0]
    kind: CoverKind = "none"
    if any(arr.hard[p] for p in cover_idx):
        kind = "hard"
    elif len(cover_idx):
        kind = "soft"
    cols = tuple(((float(e[0]), float(e[1])), float(n))
                 for e, n in zip(ends.tolist(), seen.tolist(), strict=True))
    return Sight(viewer.id, target.id, fraction, level_of(fraction), kind,
                 tuple(feats[p].name for p in cover_idx),
                 tuple(dict.fromkeys(blocked_by + blockers)), bool(diagonal),
                 distance(viewer, target), (vx, vy), cols)


def _under(eye_h: float, top: NDArray[np.float64],
           t: NDArray[np.float64]) -> NDArray[np.float64]:
    """The target height below which a ray from an eye at ``eye_h`` passes lower than
    ``top`` where it is at ``t`` along its way (0 at the eye, 1 at the target): the ray
    to height h is at eye_h + (h - eye_h) t there."""
    far = t > 1e-12
    h = eye_h - 1e-9 + (top - eye_h) / np.where(far, t, 1.0)
    if far.all():
        return h
    return np.where(far, h, np.where(eye_h < top - 1e-9, np.inf, -np.inf))


def _stood_on(terrain: Terrain, a: Mini, b: Mini) -> NDArray[np.bool_]:
    out = np.zeros(len(terrain.features), dtype=bool)
    for m in (a, b):
        f = terrain.stands_on(*m.xy, m.z)
        if f is not None:
            out[f.index] = True
    return out


def _through_bodies(eye: Vec, ends: NDArray[np.float64], minis: list[Mini], eye_h: float,
                    real: bool) -> NDArray[np.float64]:
    """(B, C): for each mini's body (a cylinder on its base, at its real height if
    ``real``, else on the ground) and each column, the target height below which the
    column's rays pass through the body (-inf: none do)."""
    c = np.array([m.xy for m in minis], dtype=np.float64)  # (B, 2)
    r = np.array([m.r for m in minis])
    top = np.array([(m.z if real else 0) + m.ht for m in minis], dtype=np.float64)
    d = ends - np.array(eye)  # (C, 2)
    a = (d * d).sum(axis=1)  # (C,)
    w = np.array(eye)[None, :] - c  # (B, 2)
    b = 2 * (w @ d.T)  # (B, C)
    cc = (w * w).sum(axis=1)[:, None] - (r * r)[:, None]  # (B, 1)
    disc = b * b - 4 * a[None, :] * cc
    ok = disc > 0
    sq = np.sqrt(np.where(ok, disc, 0.0))
    t0 = np.clip((-b - sq) / (2 * a[None, :]), 0, 1)
    t1 = np.clip((-b + sq) / (2 * a[None, :]), 0, 1)
    ok &= t1 > t0 + 1e-9
    h = np.maximum(_under(eye_h, top[:, None], t0), _under(eye_h, top[:, None], t1))
    return np.where(ok, h, -np.inf)
