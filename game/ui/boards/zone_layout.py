"""Where figures stand on a zone board, by status (Z-2, Z-12, Z-16), in map pixels.

Every figure in a zone has the zone as its place; the view spreads them so a player reads
their status at a glance, from the structured fields of their
:class:`~game.core.ruleset.PieceView`:

* a figure standing apart (``group`` "") has room of its own;
* the members of a melee group (``group`` "gN") stand in a cluster (on a darker patch
  when they fight; friends standing together, Alone, in a light ring), and an InClose
  pair (``partner``) side by side, linked;
* figures on a boundary line stand on the line (spread along it);
* a figure holding a bottleneck stands on one of its spots, and the figures of its melee
  group (``spot`` the bottleneck's id) stand beside the bottleneck on their zone's side.

Clusters are placed biggest first, nearest the middle of what is left of the zone clear
of its label, of the bottlenecks' spots and of the figures on the lines.
"""

from __future__ import annotations

import math
from collections.abc import Hashable, Sequence
from dataclasses import dataclass
from typing import Any

import numpy as np

from game.boards.zones import Bottleneck, Boundary, ZoneBoard
from game.core.places import InZone
from game.core.ruleset import PieceView

XY = tuple[float, float]

BASE = 24.0
"""A figure base's radius in map pixels."""
RINGS = 11
"""Rings of points, a base apart, searched round a crowded zone's first spot."""


@dataclass
class Stand:
    """Where a piece is drawn, in map pixels, and the cluster it stands in."""

    x: float
    y: float
    cluster: str = ""
    """The melee group ("gN") or bottleneck id it stands with; "" for one standing apart."""
    partner: str | None = None


def label_anchors(board: ZoneBoard) -> dict[str, XY]:
    """Where each zone's name goes: the spot of its top row nearest its middle."""
    out: dict[str, XY] = {}
    for z in board.zones:
        cx, _cy = board.centre(z)
        inner = board.spots(z, 12, 44)
        top = min(p[1] for p in inner)
        row = [p for p in inner if p[1] <= top + 12]
        out[z] = min(row, key=lambda p: abs(p[0] - cx))
    return out


def bottleneck_spots(board: ZoneBoard, bn: Bottleneck) -> list[XY]:
    """One point per spot of a bottleneck, along the border its marker lies on."""
    bd = board.boundary(*bn.zones)
    cx, cy = bn.centre
    ux, uy = 1.0, 0.0
    if bd is not None:
        (ax, ay), (qx, qy) = _segment_near(bd, bn.centre)
        d = math.hypot(qx - ax, qy - ay) or 1.0
        ux, uy = (qx - ax) / d, (qy - ay) / d
    step = BASE * 2.1
    n = bn.capacity
    return [(cx + ux * step * (k - (n - 1) / 2), cy + uy * step * (k - (n - 1) / 2))
            for k in range(n)]


def _segment_near(bd: Boundary, p: XY) -> tuple[XY, XY]:
    best: tuple[float, tuple[XY, XY]] | None = None
    for line in bd.lines:
        for a, q in zip(line, line[1:], strict=False):
            mx, my = (a[0] + q[0]) / 2, (a[1] + q[1]) / 2
            d = math.hypot(mx - p[0], my - p[1])
            if best is None or d < best[0]:
                best = (d, (a, q))
    assert best is not None
    return best[1]


def _cluster(p: PieceView) -> tuple[int, str]:
    """The cluster a figure in a zone stands in: alone (0, its id), at a bottleneck (1,
    its id) or in a melee group (2, "gN"); clusters of a size are placed in this order."""
    if p.spot:
        return 1, p.spot
    if p.group:
        return 2, p.group
    return 0, p.id


def _member(p: PieceView) -> Hashable:
    """What a figure's place in its zone's layout is made of."""
    return (p.id, p.side, p.spot, p.group, p.partner,
            "InContact" in p.tags or "InClose" in p.tags)


def _pair(p: PieceView) -> tuple[str, ...]:
    """The InClose pair a figure of a melee group is in, its ids in order (() if none;
    none is drawn at a bottleneck)."""
    if p.spot or not p.group or p.partner is None:
        return ()
    return tuple(sorted((p.id, p.partner)))


class _Room:
    """The circles already placed in a zone's layout, bucketed by a coarse grid, to ask
    whether a cluster fits at a point: a crowded board (200 figures) asks it thousands
    of times, and a circle far from the point cannot be in the way."""

    CELL = 96.0

    def __init__(self, circles: Sequence[tuple[float, float, float]]) -> None:
        self.buckets: dict[tuple[int, int], list[tuple[float, float, float]]] = {}
        self.biggest = 0.0
        self.circles: list[tuple[float, float, float]] = []
        self._array: np.ndarray[Any, np.dtype[np.float64]] | None = None
        for c in circles:
            self.add(c)

    def add(self, c: tuple[float, float, float]) -> None:
        x, y, r = c
        self.circles.append(c)
        self._array = None
        self.buckets.setdefault((math.floor(x / self.CELL), math.floor(y / self.CELL)),
                                []).append(c)
        self.biggest = max(self.biggest, r)

    def clear(self, x: float, y: float, cr: float, least: float) -> bool:
        """Whether a cluster of radius ``cr`` at ``(x, y)`` keeps ``least`` clear of every
        circle (the distance between the rims, as ``free_near`` has always measured
        it); circles whose centres lie farther than the biggest radius, ``cr``,
        ``least`` and a pixel to spare are not looked at."""
        reach = self.biggest + cr + least + 1.0
        c = self.CELL
        get = self.buckets.get
        ys = range(math.floor((y - reach) / c), math.floor((y + reach) / c) + 1)
        for gx in range(math.floor((x - reach) / c), math.floor((x + reach) / c) + 1):
            for gy in ys:
                for px, py, pr in get((gx, gy), ()):
                    if math.hypot(x - px, y - py) - pr - cr < least:
                        return False
        return True

    def first_clear(self, points: Sequence[XY], cr: float, least: float) -> XY | None:
        """The first of ``points`` that is :meth:`clear`. The first few are asked one by
        one (one is mostly free); where many points and circles are left, those that
        some circle surely blocks (by a margin far beyond any rounding) are passed over
        by one numpy pass, and the rest asked exactly."""
        for x, y in points[:4]:
            if self.clear(x, y, cr, least):
                return x, y
        rest = points[4:]
        blocked: list[bool] = [False] * len(rest)
        if len(rest) * len(self.circles) > 256:
            if self._array is None:
                self._array = np.array(self.circles, dtype=np.float64)
            c = self._array
            p = np.array(rest, dtype=np.float64)
            gap = np.sqrt((p[:, None, 0] - c[None, :, 0]) ** 2
                          + (p[:, None, 1] - c[None, :, 1]) ** 2) - c[None, :, 2] - cr
            blocked = np.asarray((gap < least - 1e-6).any(axis=1), dtype=bool).tolist()
        for (x, y), shut in zip(rest, blocked, strict=True):
            if not shut and self.clear(x, y, cr, least):
                return x, y
        return None


class ZoneLayout:
    """Where the figures of one zone board stand (see the module text); the last layout
    is kept until a figure's place or status changes."""

    def __init__(self, board: ZoneBoard, label_at: dict[str, XY]) -> None:
        self.board = board
        self.label_at = label_at
        self.bn_spots: dict[str, list[XY]] = {
            bn.id: bottleneck_spots(board, bn) for bn in board.bottlenecks.values()}
        """Each bottleneck's spots."""
        self.stands: dict[str, Stand] = {}
        self.clusters: list[tuple[float, float, float]] = []
        """Each cluster of more than one: its centre and radius (negative: friends
        standing together, not fighting)."""
        self.pairs: list[tuple[str, str]] = []
        """InClose pairs, linked when drawn."""
        self._key: object = None
        self._zone_spots: dict[str, list[XY]] = {}
        self._boxes: dict[str, tuple[float, float, float, float]] = {}
        self._zones: dict[Hashable, tuple[dict[str, Stand], list[tuple[float, float, float]],
                                          list[tuple[str, str]],
                                          tuple[tuple[float, float, float], ...] | None]] = {}
        """Each zone's layout by its figures and the stands near it (see _lay_zone)."""

    def layout(self, pieces: Sequence[PieceView]) -> dict[str, Stand]:
        """Where each figure on the board stands, in map pixels, by status (Z-2)."""
        key = tuple((p.id, p.place, p.group, p.spot, p.partner, p.status) for p in pieces)
        if key == self._key:
            return self.stands
        self._key = key
        b = self.board
        out: dict[str, Stand] = {}
        self.clusters = []
        self.pairs = []
        by_zone: dict[str, list[PieceView]] = {}
        lines: dict[tuple[str, str], list[PieceView]] = {}
        holders: dict[str, list[PieceView]] = {}
        for p in pieces:
            pl = p.place
            if p.status == "dead" or not isinstance(pl, InZone):
                continue
            if pl.boundary is None:
                by_zone.setdefault(pl.zone, []).append(p)
                continue
            bn = b.bottleneck_on(pl.zone, pl.boundary)
            if bn is not None and p.spot == bn.id:
                holders.setdefault(bn.id, []).append(p)
            else:
                a, c = sorted((pl.zone, pl.boundary))
                lines.setdefault((a, c), []).append(p)
        for bn_id, hs in holders.items():
            spots = self.bn_spots[bn_id]
            for k, p in enumerate(sorted(hs, key=lambda q: q.id)):
                x, y = spots[min(k, len(spots) - 1)]
                out[p.id] = Stand(x, y, bn_id)
        for (a, c), ps in lines.items():
            bd = b.boundary(a, c)
            if bd is None:
                continue
            n = len(ps)
            for k, p in enumerate(sorted(ps, key=lambda q: q.id)):
                x, y = bd.point_at((k + 1) / (n + 1))
                out[p.id] = Stand(x, y)
        for z, ps in by_zone.items():
            self._lay_zone(z, ps, out)
        self.stands = out
        return out

    def _lay_zone(self, z: str, ps: list[PieceView], out: dict[str, Stand]) -> None:
        """The clusters of zone ``z``, biggest first; clusters at a bottleneck stand
        beside it, on their own side. A zone whose figures and whose neighbours' nearby
        stands are as they were is laid out as it was (:meth:`_nearby`)."""
        b = self.board
        r = BASE
        groups: dict[tuple[int, str], list[PieceView]] = {}
        for p in sorted(ps, key=lambda q: (q.side, q.id)):
            groups.setdefault(_cluster(p), []).append(p)
        order = sorted(groups.items(), key=lambda kv: (-len(kv[1]), kv[0]))
        sizes = [r * 1.6 if len(ms) == 1 else r * (1.1 + 0.62 * len(ms)) for _k, ms in order]
        spots = self.zone_spots(z)
        # clear of the bottlenecks' spots (held or not) and of figures on the lines
        around = [(x, y, r * 1.15) for bn in b.bottlenecks.values() if z in bn.zones
                  for x, y in self.bn_spots[bn.id]] + [(s.x, s.y, r * 1.15)
                                                       for s in out.values()]
        # A layout that found every cluster one of the zone's spots depends only on the
        # circles near the spots; one that had to look round them (a crowded zone), on
        # those within the rings it searched: it is kept with them and checked.
        near = tuple(self._nearby(z, around, max(sizes), 0.0))
        key = (z, tuple(_member(p) for _k, ms in order for p in ms), near)
        kept = self._zones.get(key)
        if kept is not None and kept[3] is not None and \
                kept[3] != tuple(self._nearby(z, around, max(sizes), RINGS * BASE)):
            kept = None
        if kept is None:
            wide = self._nearby(z, around, max(sizes), RINGS * BASE)
            room = _Room(wide)
            stands: dict[str, Stand] = {}
            clusters: list[tuple[float, float, float]] = []
            pairs: list[tuple[str, str]] = []
            ringed = False
            for ((kind, name), members), cr in zip(order, sizes, strict=True):
                want = self.front(name, z, cr) if kind == 1 and name in b.bottlenecks \
                    else None
                (cx, cy), off_spot = self.free_near(spots, room, cr, want)
                ringed = ringed or off_spot
                room.add((cx, cy, cr))
                if len(members) > 1:
                    melee = any("InContact" in p.tags or "InClose" in p.tags
                                for p in members)
                    clusters.append((cx, cy, cr if melee else -cr))
                pairs += self._ring(members, cx, cy, stands, name if kind else "")
            if len(self._zones) > 4096:
                self._zones.clear()
            kept = self._zones[key] = (stands, clusters, pairs,
                                       tuple(wide) if ringed else None)
        stands, clusters, pairs, _wide = kept
        out.update(stands)
        self.clusters += clusters
        self.pairs += pairs

    def _nearby(self, z: str, placed: list[tuple[float, float, float]], cr: float,
                far: float) -> list[tuple[float, float, float]]:
        """The circles of ``placed`` that can take room from a cluster of radius up to
        ``cr`` at zone ``z``'s spots, or at points up to ``far`` from them (the rings
        :meth:`free_near` searches round a spot when none is free): a circle farther
        than its radius, ``cr`` and the quarter base of room asked for never decides a
        place."""
        x0, y0, x1, y1 = self._spot_box(z)
        x0, y0, x1, y1 = x0 - far, y0 - far, x1 + far, y1 + far
        out = []
        for c in placed:
            px, py, pr = c
            dx = x0 - px if px < x0 else px - x1 if px > x1 else 0.0
            dy = y0 - py if py < y0 else py - y1 if py > y1 else 0.0
            if math.hypot(dx, dy) < pr + cr + BASE * 0.25 + 1.0:
                out.append(c)
        return out

    def _spot_box(self, z: str) -> tuple[float, float, float, float]:
        """The box round zone ``z``'s spots."""
        box = self._boxes.get(z)
        if box is None:
            spots = self.zone_spots(z)
            box = self._boxes[z] = (min(x for x, _ in spots), min(y for _, y in spots),
                                    max(x for x, _ in spots), max(y for _, y in spots))
        return box

    def zone_spots(self, zone: str) -> list[XY]:
        """Where figures may stand in a zone: clear of its label, nearest the middle of
        what is left first."""
        got = self._zone_spots.get(zone)
        if got is not None:
            return got
        b = self.board
        r = BASE
        lx, ly = self.label_at[zone]
        every = b.spots(zone, r * 1.2, r * 1.3)
        free = [p for p in every if not (abs(p[0] - lx) < 170 and ly - 45 < p[1] < ly + 70)]
        if len(free) < 6:
            free = every
        mx = sum(p[0] for p in free) / len(free)
        my = sum(p[1] for p in free) / len(free)
        free.sort(key=lambda p: ((p[0] - mx) ** 2 + (p[1] - my) ** 2, p[1], p[0]))
        self._zone_spots[zone] = free
        return free

    def front(self, bn_id: str, zone: str, cr: float) -> XY:
        """A point off a bottleneck on ``zone``'s side, far enough for a cluster of
        radius ``cr`` to clear its marker."""
        bn = self.board.bottlenecks[bn_id]
        zx, zy = self.board.centre(zone)
        cx, cy = bn.centre
        d = math.hypot(zx - cx, zy - cy) or 1.0
        spots = self.bn_spots[bn_id]
        half = max(math.hypot(x - cx, y - cy) for x, y in spots) + BASE * 1.2
        step = min(d, half * 0.6 + cr + BASE)
        return cx + (zx - cx) / d * step, cy + (zy - cy) / d * step

    @staticmethod
    def free_near(spots: list[XY], room: _Room, cr: float, want: XY | None
                  ) -> tuple[XY, bool]:
        """The spot nearest ``want`` (else the zone's middle) with room for a cluster of
        radius ``cr``; in a zone too small for that, the nearest point round the spots
        that has room (the figures then spill over its edge rather than pile up), and
        then True."""
        cands = spots if want is None else sorted(
            spots, key=lambda p: (p[0] - want[0]) ** 2 + (p[1] - want[1]) ** 2)
        got = room.first_clear(cands, cr, BASE * 0.25)
        if got is not None:
            return got, False
        ox, oy = cands[0] if cands else (0.0, 0.0)
        rings = [(ox + math.cos(a) * ring * BASE, oy + math.sin(a) * ring * BASE)
                 for ring in range(1, RINGS + 1)
                 for a in (2 * math.pi * k / 12 for k in range(12))]
        got = room.first_clear(rings, cr, 0.0)
        return (got if got is not None else (ox, oy)), True

    @staticmethod
    def _ring(members: list[PieceView], cx: float, cy: float, out: dict[str, Stand],
              cluster: str) -> list[tuple[str, str]]:
        """Members of one cluster round its centre; an InClose pair side by side (the
        pairs, to link when drawn)."""
        n = len(members)
        if n == 1:
            out[members[0].id] = Stand(cx, cy, cluster)
            return []
        members = sorted(members, key=lambda p: (_pair(p), p.side, p.id))
        rr = BASE * (1.05 if n == 2 else 0.55 + 0.36 * n)
        for k, p in enumerate(members):
            a = 2 * math.pi * k / n - math.pi / 2
            out[p.id] = Stand(cx + rr * math.cos(a), cy + rr * math.sin(a), cluster,
                              p.partner if _pair(p) else None)
        by_pair: dict[tuple[str, ...], list[str]] = {}
        for p in members:
            if _pair(p):
                by_pair.setdefault(_pair(p), []).append(p.id)
        return [(ids[0], ids[1]) for ids in by_pair.values() if len(ids) == 2]
