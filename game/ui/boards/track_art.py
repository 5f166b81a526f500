"""How the street chase's table and its terrain look (seed 001's Pursuit), for the track
view (:mod:`game.ui.boards.track`).

* :meth:`TrackArt.build` draws what never moves, once per zoom: the city's broken ground,
  the street (P-1) as tarmac between kerbs, the Arrival edge as a green band with
  chevrons pointing off the table (P-4: the scouts win by it), the far edge as a dark red
  band (P-7: off it is out of the chase), and the distance from the Arrival every 12
  inches along the long edges (P-3 deploys at 48, P-6 moves everything 12 a turn);
* :class:`StreetDashes` draws the street's centre dashes each frame, shifted back by how
  far the table has slid, so the street runs while the pieces slide;
* :meth:`TrackArt.piece_image` draws one terrain piece (P-1), kept per shape, look and
  zoom: an intact building as a roof (darker the taller its size) with a parapet and a
  shadow as long as its size; a ruin as a rubble floor inside broken walls, hatched in
  orange where it is difficult ground (size 1-2); each with its size in a disc;
* :meth:`TrackArt.mine_image` draws a mine cluster (P-12) as spiked pods.

Coordinates are inches; ``to`` puts a table point on the surface drawn on and ``s`` is
pixels per inch.
"""

from __future__ import annotations

import math
import zlib
from collections.abc import Callable, Sequence
from dataclasses import dataclass

import pygame
import shapely

from game.boards.track import Track
from game.ui import palette as pal
from game.ui.boards.sewer_map import hash01
from game.ui.drawing import BoardFonts

XY = tuple[float, float]
To = Callable[[float, float], XY]

PAD = 2.6
"""Inches of border round the table: the edge bands and the distance marks."""
BAND = 1.3
"""How wide (inches) the Arrival's and the far edge's bands are."""
STREET_HALF = 2.4
"""Half the street's drawn width, in inches (the map gives only its middle line)."""
DASH = (1.2, 1.0)
"""A centre dash and the gap after it, in inches."""
TICK_EVERY = 12.0
"""The distance marks along the long edges, in inches from the Arrival."""
CACHE_LIMIT = 512


@dataclass(frozen=True)
class PieceLook:
    """A terrain piece as the view draws it: its footprint now and what it is."""

    id: str
    points: tuple[XY, ...]
    size: int
    """1, 2 or 3; 0 if not known (no size disc)."""
    ruined: bool
    name: str = ""

    @property
    def difficult(self) -> bool:
        """P-1: ruins of size 1-2 are difficult; the rest impassable."""
        return self.ruined and self.size in (1, 2)


def street_line(track: Track) -> shapely.LineString | None:
    return shapely.LineString(track.street) if track.street else None


class Specks:
    """Fixed pseudo-random numbers drawn one after another from a text key (the same
    every run; no randomness)."""

    def __init__(self, key: str) -> None:
        self.seed = zlib.crc32(key.encode("utf-8"))
        self.k = 0

    def uniform(self, lo: float, hi: float) -> float:
        self.k += 1
        return lo + (hi - lo) * hash01(self.seed, self.k)


class TrackArt:
    """The table's look (see the module text) for one track."""

    def __init__(self, track: Track, fonts: BoardFonts) -> None:
        self.track = track
        self.fonts = fonts
        self.street = street_line(track)
        self._cache: dict[tuple[object, ...], pygame.Surface] = {}

    # ================================================================ what never moves
    def build(self, surf: pygame.Surface, to: To, s: float) -> None:
        """The ground, the street, the edges' bands and the distance marks."""
        t = self.track
        surf.fill(pal.TABLE)
        corners = [to(0, 0), to(t.width, 0), to(t.width, t.height), to(0, t.height)]
        pygame.draw.polygon(surf, pal.TRACK_GROUND, corners)
        rng = Specks(f"{t.name}:{t.width}x{t.height}")
        dot = max(1.0, 0.06 * s)
        for _ in range(int(t.width * t.height * 0.6)):
            x, y = rng.uniform(0, t.width), rng.uniform(0, t.height)
            pygame.draw.circle(surf, pal.TRACK_GRIT, to(x, y), dot * rng.uniform(0.6, 1.6))
        if self.street is not None:
            road = self.street.buffer(STREET_HALF, cap_style="flat", join_style="round")
            road = road.intersection(shapely.box(0, 0, t.width, t.height))
            for poly in getattr(road, "geoms", [road]):
                if poly.is_empty or not isinstance(poly, shapely.Polygon):
                    continue
                pygame.draw.polygon(surf, pal.TRACK_STREET, [to(x, y) for x, y in
                                                              poly.exterior.coords])
            for side in (-1, 1):
                kerb = self.street.offset_curve(side * STREET_HALF, join_style="round")
                for line in getattr(kerb, "geoms", [kerb]):
                    pts = [to(x, y) for x, y in line.coords
                           if -0.01 <= x <= t.width + 0.01 and -0.01 <= y <= t.height + 0.01]
                    if len(pts) >= 2:
                        pygame.draw.lines(surf, pal.TRACK_KERB, False, pts,
                                          max(1, round(0.12 * s)))
        self._edges(surf, to, s)
        pygame.draw.polygon(surf, pal.INK, corners, max(2, round(0.08 * s)))

    def _band(self, role: str) -> list[XY]:
        """The band outside edge ``role`` ("arrival" or "far"), as four table points."""
        t = self.track
        if role == "arrival":
            return [t.point(0, 0), t.point(0, t.breadth), t.point(-BAND, t.breadth),
                    t.point(-BAND, 0)]
        return [t.point(t.length, 0), t.point(t.length, t.breadth),
                t.point(t.length + BAND, t.breadth), t.point(t.length + BAND, 0)]

    def _edges(self, surf: pygame.Surface, to: To, s: float) -> None:
        t = self.track
        for role, colour in (("arrival", pal.TRACK_ARRIVAL), ("far", pal.TRACK_FAR)):
            pygame.draw.polygon(surf, colour, [to(*p) for p in self._band(role)])
        size = max(11, int(0.75 * s))
        across_x = t.arrival in ("left", "right")
        words = {"arrival": "ARRIVAL  (P-4)",
                 "far": "FAR EDGE: off the table = out of the chase (P-7)"}
        spans: dict[str, float] = {}
        for role, text in words.items():
            img = self.fonts.outlined(text, size, pal.PAPER, pal.INK, 1)
            if across_x:
                img = pygame.transform.rotate(img, 90)
            spans[role] = max(img.get_width(), img.get_height()) / s
            cx, cy = to(*t.point(-BAND / 2 if role == "arrival" else t.length + BAND / 2,
                                 t.breadth / 2))
            surf.blit(img, (round(cx - img.get_width() / 2), round(cy - img.get_height() / 2)))
        # chevrons pointing off the table through the Arrival, clear of its name
        hx, hy = t.heading
        step = 3.0
        k = step / 2
        while k < t.breadth:
            if abs(k - t.breadth / 2) > spans["arrival"] / 2 + 0.6:
                tip = t.point(-BAND * 0.85, k)
                back = t.point(-BAND * 0.2, k)
                wing = 0.45
                a = (back[0] + hy * wing, back[1] - hx * wing)
                b = (back[0] - hy * wing, back[1] + hx * wing)
                pygame.draw.lines(surf, pal.PAPER, False, [to(*a), to(*tip), to(*b)],
                                  max(2, round(0.12 * s)))
            k += step
        small = max(9, int(0.5 * s))
        d = TICK_EVERY
        while d < t.length - 1e-6:
            for across, out in ((0.0, -0.55), (t.breadth, 0.55)):
                a, b = to(*t.point(d, across)), to(*t.point(d, across + out * 0.6))
                pygame.draw.line(surf, pal.PAPER, a, b, max(1, round(0.08 * s)))
                label = self.fonts.outlined(f'{d:g}"', small, pal.PAPER, pal.INK, 1)
                cx, cy = to(*t.point(d, across + out * 2.0))
                surf.blit(label, (round(cx - label.get_width() / 2),
                                  round(cy - label.get_height() / 2)))
            d += TICK_EVERY

    # ================================================================ terrain
    def piece_image(self, look: PieceLook, s: float) -> tuple[pygame.Surface, XY]:
        """The piece drawn at ``s`` pixels per inch, and where its image's top-left
        corner goes (inches, for the footprint as given; a moved piece moves it)."""
        x0 = min(x for x, _ in look.points)
        y0 = min(y for _, y in look.points)
        rel = tuple((round(x - x0, 3), round(y - y0, 3)) for x, y in look.points)
        key = ("piece", rel, look.size, look.ruined, look.name, round(s, 3))
        pad = 0.15 * max(1, look.size) + 0.3
        img = self._cache.get(key)
        if img is None:
            img = self._draw_piece(look, rel, s, pad)
            if len(self._cache) > CACHE_LIMIT:
                self._cache.clear()
            self._cache[key] = img
        return img, (x0 - pad, y0 - pad)

    def _draw_piece(self, look: PieceLook, rel: Sequence[XY], s: float,
                    pad: float) -> pygame.Surface:
        w = max(x for x, _ in rel) + 2 * pad
        h = max(y for _, y in rel) + 2 * pad
        img = pygame.Surface((max(2, math.ceil(w * s) + 2), max(2, math.ceil(h * s) + 2)),
                             pygame.SRCALPHA)
        pts = [((x + pad) * s, (y + pad) * s) for x, y in rel]
        size = max(1, look.size)
        lift = (0.09 * size + 0.04) * s
        shadow = [(x + lift, y + lift * 1.3) for x, y in pts]
        pygame.draw.polygon(img, (0, 0, 0, 80 if look.ruined else 110), shadow)
        edge = max(1, round(0.07 * s))
        if look.ruined:
            self._ruin(img, look, pts, s, edge)
        else:
            roof = pal.BUILDING_ROOFS[min(size, 3) - 1]
            pygame.draw.polygon(img, roof, pts)
            inset = _inset(pts, 0.35 * s)
            if inset:
                pygame.draw.polygon(img, pal.shade(roof, 1.18), inset, max(1, round(0.1 * s)))
            pygame.draw.polygon(img, pal.INK, pts, edge + 1)
        if look.size in (1, 2, 3) and s >= 6:
            self._size_disc(img, pts, look.size, s)
        return img

    def _ruin(self, img: pygame.Surface, look: PieceLook, pts: list[XY], s: float,
              edge: int) -> None:
        pygame.draw.polygon(img, pal.RUIN_FLOOR, pts)
        rng = Specks(look.id + look.name)
        xs, ys = [p[0] for p in pts], [p[1] for p in pts]
        poly = shapely.Polygon(pts)
        for _ in range(int(poly.area / (s * s) * 1.6) + 3):  # rubble, inside the floor
            x, y = rng.uniform(min(xs), max(xs)), rng.uniform(min(ys), max(ys))
            if shapely.intersects_xy(poly, x, y):
                r = rng.uniform(0.08, 0.22) * s
                pygame.draw.circle(img, pal.shade(pal.RUIN_FLOOR, rng.uniform(0.7, 1.25)),
                                   (x, y), max(1.0, r))
        if look.difficult:  # P-1: difficult ground, hatched
            hatch = pygame.Surface(img.get_size(), pygame.SRCALPHA)
            gap = max(4.0, 0.6 * s)
            k = float(-img.get_height())
            while k < img.get_width():
                pygame.draw.line(hatch, (*pal.RUIN_HATCH, 120), (k, img.get_height()),
                                 (k + img.get_height(), 0), max(1, round(0.07 * s)))
                k += gap
            mask = pygame.Surface(img.get_size(), pygame.SRCALPHA)
            pygame.draw.polygon(mask, (255, 255, 255, 255), pts)
            hatch.blit(mask, (0, 0), special_flags=pygame.BLEND_RGBA_MIN)
            img.blit(hatch, (0, 0))
        wall = max(2, round((0.12 + 0.05 * look.size) * s))
        n = len(pts)
        for k in range(n):  # broken walls: each side standing in stretches, with gaps
            a, b = pts[k], pts[(k + 1) % n]
            length = math.dist(a, b)
            t = 0.0
            while t < length:
                run = rng.uniform(0.8, 2.2) * s
                end = min(length, t + run)
                p = (a[0] + (b[0] - a[0]) * t / length, a[1] + (b[1] - a[1]) * t / length)
                q = (a[0] + (b[0] - a[0]) * end / length, a[1] + (b[1] - a[1]) * end / length)
                pygame.draw.line(img, pal.INK, p, q, wall + 2)
                pygame.draw.line(img, pal.RUIN_WALL, p, q, wall)
                t = end + rng.uniform(0.3, 0.9) * s
        if not look.difficult:  # a ruin of size 3: impassable, its outline unbroken
            pygame.draw.polygon(img, pal.INK, pts, edge)

    def _size_disc(self, img: pygame.Surface, pts: list[XY], size: int, s: float) -> None:
        """The size in a small disc inside the piece, near its top-left corner (or its
        top, or its middle, whichever is inside first)."""
        r = max(6.0, 0.42 * s)
        poly = shapely.Polygon(pts).buffer(-r * 1.1)
        x0, y0 = min(p[0] for p in pts), min(p[1] for p in pts)
        x1 = max(p[0] for p in pts)
        spot: XY | None = None
        for cand in ((x0 + r * 1.5, y0 + r * 1.5), ((x0 + x1) / 2, y0 + r * 1.5),
                     ((x0 + x1) / 2, y0 + r * 2.6)):
            if not poly.is_empty and shapely.intersects_xy(poly, *cand):
                spot = cand
                break
        if spot is None:
            c = shapely.Polygon(pts).representative_point()
            spot = (float(c.x), float(c.y))
        pygame.draw.circle(img, pal.INK, spot, r + 1)
        pygame.draw.circle(img, pal.PAPER, spot, r)
        t = self.fonts.get(max(8, int(r * 1.45))).render(str(size), True, pal.INK)
        img.blit(t, (round(spot[0] - t.get_width() / 2), round(spot[1] - t.get_height() / 2)))

    def mine_image(self, radius: float, s: float) -> pygame.Surface:
        """A mine cluster of ``radius`` inches: three spiked pods (P-12)."""
        key = ("mine", round(radius, 3), round(s, 3))
        img = self._cache.get(key)
        if img is not None:
            return img
        r = max(5.0, radius * s)
        half = math.ceil(r * 1.25) + 2
        img = pygame.Surface((2 * half, 2 * half), pygame.SRCALPHA)
        pygame.draw.circle(img, (*pal.MINE, 60), (half, half), r)
        pygame.draw.circle(img, (*pal.INK, 200), (half, half), r, max(1, round(r * 0.08)))
        pod = r * 0.36
        for k in range(3):
            a = -math.pi / 2 + k * 2 * math.pi / 3
            cx, cy = half + r * 0.42 * math.cos(a), half + r * 0.42 * math.sin(a)
            for j in range(8):
                b = j * math.pi / 4
                pygame.draw.line(img, pal.INK, (cx, cy),
                                 (cx + pod * 1.55 * math.cos(b), cy + pod * 1.55 * math.sin(b)),
                                 max(1, round(pod * 0.28)))
            pygame.draw.circle(img, pal.INK, (cx, cy), pod + 1)
            pygame.draw.circle(img, pal.MINE, (cx, cy), pod)
            pygame.draw.circle(img, pal.MINE_SPIKE, (cx - pod * 0.3, cy - pod * 0.3),
                               max(1.0, pod * 0.3))
        self._cache[key] = img
        return img


class StreetDashes:
    """The street's centre dashes (see the module text): the street sampled every
    :data:`SAMPLE` inch once, each frame's dashes read off the samples."""

    SAMPLE = 0.1

    def __init__(self, street: shapely.LineString | None, heading: XY) -> None:
        self.samples: list[XY] = []
        self.away = True
        if street is None:
            return
        n = max(2, int(float(street.length) / self.SAMPLE) + 1)
        self.samples = [(float(q.x), float(q.y)) for q in
                        (street.interpolate(min(float(street.length), k * self.SAMPLE))
                         for k in range(n))]
        (x0, y0), (x1, y1) = self.samples[0], self.samples[-1]
        self.away = (x1 - x0) * heading[0] + (y1 - y0) * heading[1] >= 0
        """Whether the street is drawn from the Arrival's end (its dashes then run towards
        its end as the table slides)."""

    def draw(self, surface: pygame.Surface, to: To, s: float, slid: float) -> None:
        """The dashes, moved ``slid`` inches back (away from the Arrival)."""
        if not self.samples or s < 3:
            return
        dash, gap = DASH
        period = dash + gap
        phase = (slid % period) if self.away else (-slid % period)
        width = max(1, round(0.12 * s))
        last = len(self.samples) - 1
        at = phase - period
        length = last * self.SAMPLE
        while at < length:
            a, b = max(0.0, at), min(length, at + dash)
            if b > a:
                p = self.samples[min(last, round(a / self.SAMPLE))]
                q = self.samples[min(last, round(b / self.SAMPLE))]
                pygame.draw.line(surface, pal.TRACK_DASH, to(*p), to(*q), width)
            at += period


def _inset(pts: list[XY], d: float) -> list[XY]:
    """``pts``' polygon shrunk by ``d`` pixels (empty when nothing is left)."""
    poly = shapely.Polygon(pts).buffer(-d, join_style="mitre")
    if poly.is_empty or not isinstance(poly, shapely.Polygon):
        return []
    return [(float(x), float(y)) for x, y in poly.exterior.coords]
