"""Where a fan of rays from one eye meets the table's pieces (K-8's columns).

The very answer of :meth:`game.boards.table.Table.spans` (the same candidate edges by
their boxes, the same crossing arithmetic, the same even-odd test of the ends), worked
out only for the pieces whose box the fan's box meets: ``Table.spans`` fills and edits
arrays over every piece of the table for each call, and a sight asks it for 48 rays
hundreds of times a game. The pieces' edges, boxes and rings are read once a match
(:func:`fan_pieces`, kept with the match's derived data).
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np
from numpy.typing import NDArray

from game.boards.table import EPS, Table, Vec


@dataclass(frozen=True)
class FanPieces:
    """A table's pieces as the fan reads them (see the module text)."""

    boxes: tuple[tuple[float, float, float, float], ...]
    edges: tuple[tuple[tuple[int, float, float, float, float], ...], ...]
    """Each piece's edges: its number in :attr:`steps`, and (x0, y0, x1, y1)."""
    steps: NDArray[np.float64]
    """(E, 4): every edge's start and step (x0, y0, dx, dy), piece by piece."""
    rings: tuple[tuple[NDArray[np.float64], ...] | None, ...]
    """Each footprint's ring as (qx, qy, px, py) rows (each point and the one before);
    None for a line."""


@dataclass(frozen=True)
class FanSpans:
    """``Table.spans`` of the pieces ``pcs`` (every piece a ray meets is one of them):
    columns of ``first``, ``last`` and ``end_in`` in the order of ``pcs``."""

    pcs: NDArray[np.int64]
    first: NDArray[np.float64]
    last: NDArray[np.float64]
    eye_in: NDArray[np.bool_]
    end_in: NDArray[np.bool_]
    length: NDArray[np.float64]


def fan_pieces(table: Table) -> FanPieces:
    """The pieces' boxes, edges and rings, read once (as ``Table`` reads them)."""
    rings: list[tuple[NDArray[np.float64], ...] | None] = []
    for p in table.pieces:
        if p.is_line:
            rings.append(None)
            continue
        ring = np.asarray(tuple(p.points), dtype=np.float64)
        rings.append((ring[:, 0][None, :], ring[:, 1][None, :],
                      np.roll(ring[:, 0], 1)[None, :], np.roll(ring[:, 1], 1)[None, :]))
    edges = []
    steps: list[tuple[float, float, float, float]] = []
    for p in table.pieces:
        es = [(float(a[0]), float(a[1]), float(b[0]), float(b[1])) for a, b in p.segments()]
        edges.append(tuple((len(steps) + k, *e) for k, e in enumerate(es)))
        steps += [(e[0], e[1], e[2] - e[0], e[3] - e[1]) for e in es]
    return FanPieces(tuple(p.bbox for p in table.pieces), tuple(edges),
                     np.array(steps, dtype=np.float64).reshape(-1, 4), tuple(rings))


def fan_spans(table: Table, fp: FanPieces, eye: Vec, ends: NDArray[np.float64]) -> FanSpans:
    """Where each ray from ``eye`` to one of ``ends`` meets each piece it can meet."""
    a = np.asarray(eye, dtype=np.float64)
    d = ends - a  # (n, 2)
    length = np.hypot(d[:, 0], d[:, 1])
    lo = np.minimum(ends.min(axis=0), a)
    hi = np.maximum(ends.max(axis=0), a)
    x0, y0, x1, y1 = float(lo[0]), float(lo[1]), float(hi[0]), float(hi[1])
    near: list[int] = []
    cands: list[int] = []  # the candidate edges, piece by piece
    starts: list[int] = []  # where each piece's run of them starts
    cols: list[int] = []  # and its column
    for p, (bx0, by0, bx1, by1) in enumerate(fp.boxes):
        if bx1 < x0 or bx0 > x1 or by1 < y0 or by0 > y1:
            continue
        had = len(cands)
        for e, ex0, ey0, ex1, ey1 in fp.edges[p]:
            if (ex0 < x0 and ex1 < x0) or (ex0 > x1 and ex1 > x1) or (
                    ey0 < y0 and ey1 < y0) or (ey0 > y1 and ey1 > y1):
                continue
            cands.append(e)
        if len(cands) > had:
            starts.append(had)
            cols.append(len(near))
        near.append(p)
    n, pc = len(ends), len(near)
    pcs = np.array(near, dtype=np.int64)
    first = np.full((n, pc), np.nan)
    last = np.full((n, pc), np.nan)
    if cands:
        _meet(a, d, fp.steps[cands], starts, cols, first, last)
    at = set(table.pieces_at(float(a[0]), float(a[1])))
    eye_in = np.array([p in at for p in near], dtype=bool)
    end_in = _inside(fp, near, ends)
    first = np.where(eye_in[None, :], 0.0, first)
    last = np.where(end_in, 1.0, last)
    # an end inside with no crossing means the eye is inside too (or the reverse)
    first = np.where(np.isnan(first) & end_in, 0.0, first)
    last = np.where(np.isnan(last) & eye_in[None, :], 1.0, last)
    return FanSpans(pcs, first, last, eye_in, end_in, length)


def _meet(a: NDArray[np.float64], d: NDArray[np.float64], st: NDArray[np.float64],
          starts: list[int], cols: list[int], first: NDArray[np.float64],
          last: NDArray[np.float64]) -> None:
    """``first`` and ``last`` for rays ``a`` + t ``d`` against the candidate edges
    ``st`` (x0, y0, dx, dy), a run of them for each piece starting at ``starts``, filling
    the pieces' ``cols``, all at once (``Table``'s arithmetic)."""
    ex, ey, fx, fy = st[:, 0], st[:, 1], st[:, 2], st[:, 3]
    dx, dy = d[:, 0:1], d[:, 1:2]  # (n, 1)
    den = dx * fy[None, :] - dy * fx[None, :]  # (n, E)
    ok = np.abs(den) > EPS
    safe = np.where(ok, den, 1.0)
    wx, wy = (ex - a[0])[None, :], (ey - a[1])[None, :]
    t = (wx * fy[None, :] - wy * fx[None, :]) / safe
    u = (wx * dy - wy * dx) / safe
    ok &= (t >= -EPS) & (t <= 1 + EPS) & (u >= -EPS) & (u <= 1 + EPS)
    t = np.minimum(np.maximum(t, 0.0), 1.0)  # clipped to 0-1
    lo = np.minimum.reduceat(np.where(ok, t, np.inf), starts, axis=1)
    hi = np.maximum.reduceat(np.where(ok, t, -np.inf), starts, axis=1)
    first[:, cols] = np.where(np.isfinite(lo), lo, np.nan)
    last[:, cols] = np.where(np.isfinite(hi), hi, np.nan)


def _inside(fp: FanPieces, near: list[int], pts: NDArray[np.float64]) -> NDArray[np.bool_]:
    """Which of the ``near`` footprints hold each of ``pts`` (even-odd, as ``Table``)."""
    out = np.zeros((len(pts), len(near)), dtype=bool)
    x, y = pts[:, 0:1], pts[:, 1:2]
    lx, ly = float(pts[:, 0].min()), float(pts[:, 1].min())
    hx, hy = float(pts[:, 0].max()), float(pts[:, 1].max())
    for k, p in enumerate(near):
        ring = fp.rings[p]
        x0, y0, x1, y1 = fp.boxes[p]
        if ring is None or x1 < lx or x0 > hx or y1 < ly or y0 > hy:
            continue
        qx, qy, px, py = ring
        cross = (qy > y) != (py > y)
        dyq = np.where(cross, qy - py, 1.0)
        cross &= x < px + (y - py) * (qx - px) / dyq
        out[:, k] = (cross.sum(axis=1) % 2) == 1
    return out
