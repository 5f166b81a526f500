"""The sewer's stone and its features as the sewer view draws them (seed 001, F-1).

* :meth:`SewerMap.build` draws the corridors into the view's cached map surface: the rock,
  the walls round the corridors (a light top edge), the damp stone floor (darker along
  the foot of the walls, flagstone joints across it, a wet gutter down the middle of a
  wide corridor, a few damp stains);
* :meth:`SewerMap.feature_image` draws one feature as a small image kept per zoom, so the
  water (drawn each frame) lies under it: a gantry as a raised walkway (grating, rail,
  shadow), a grate as bars across, a sluice as a gate (plate, posts, wheel), a cave-in as
  rubble, the nest as an organic mass, a kind it does not know plainly (its label says
  what it is); :meth:`SewerMap.drain_image` the flood's origin as a marked drain;
* :func:`draw_water` the flooded stretches (F-7) over the floor, each frame.

Everything is measured in inches and drawn through a function that puts inches on the
surface, so one geometry serves every zoom. Stains, stones and blobs are scattered by a
fixed hash: the map looks the same every run.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from dataclasses import dataclass

import pygame
import shapely
from shapely.geometry import LineString, MultiPolygon, Polygon

from game.boards.corridors import Corridor, Corridors, Feature
from game.ui import palette as pal
from game.ui.palette import Colour

XY = tuple[float, float]
To = Callable[[float, float], XY]
"""Inches -> pixels on the surface being drawn."""
Ring = tuple[XY, ...]

WALL = 0.5
"""Inches of wall drawn round the corridors."""
DAMP = 0.22
"""Inches of damp stone along the foot of the walls."""
JOINT_STEP = 1.0
"""Inches between the floor's flagstone joints."""
GUTTER_MIN = 2.0
"""Corridors at least this wide (inches) have a gutter down the middle."""
STAIN_STEP = 2.6
"""Inches along a corridor between the places a damp stain may be."""
BAR_STEP = 0.3
"""Inches between a grate's bars."""
DRAIN = 0.6
"""Radius (inches) of the drain that marks the flood's origin."""
CAVE_WIDTH = 0.5
"""Half the width (inches) of a cave-in drawn as a line across a corridor."""
STONE_DENSITY = 5.0
"""Stones of a cave-in per square inch (before those off it are dropped)."""
BLOB_DENSITY = 1.6
"""Blobs of the nest per square inch."""
KNOWN = ("gantry", "grate", "sluice", "cave-in", "nest")
"""The feature kinds drawn each in a look of its own."""
STEEL: Colour = (70, 74, 80)
STEEL_LIGHT: Colour = (156, 162, 170)


def hash01(*keys: int) -> float:
    """A fixed pseudo-random number in [0, 1) from integers (no randomness: the same
    every run)."""
    h = 2166136261
    for k in keys:
        h = ((h ^ (k & 0xFFFFFFFF)) * 16777619) & 0xFFFFFFFF
    h ^= h >> 13
    h = (h * 0x5BD1E995) & 0xFFFFFFFF
    h ^= h >> 15
    return h / 4294967296.0


def _key(text: str) -> int:
    """An integer from a name, the same every run (``hash()`` of a str is not)."""
    h = 0
    for ch in text:
        h = (h * 131 + ord(ch)) & 0xFFFFFFFF
    return h


def _polys(geom: object) -> list[Polygon]:
    if isinstance(geom, Polygon):
        return [] if geom.is_empty else [geom]
    if isinstance(geom, MultiPolygon):
        return [p for p in geom.geoms if not p.is_empty]
    return []


def _rings(polys: Sequence[Polygon]) -> tuple[list[Ring], list[Ring]]:
    """The exteriors and the interiors of ``polys`` (largest first), as point tuples."""
    ext: list[Ring] = []
    ints: list[Ring] = []
    for p in sorted(polys, key=lambda p: -p.area):
        ext.append(tuple((float(x), float(y)) for x, y in p.exterior.coords[:-1]))
        ints += [tuple((float(x), float(y)) for x, y in r.coords[:-1]) for r in p.interiors]
    return ext, ints


@dataclass(frozen=True)
class FeatureArt:
    """One feature as drawn, worked out once in inches."""

    index: int
    """Its position in :attr:`Corridors.features`."""
    kind: str
    label: str
    """Its name, or its kind where it has none."""
    outline: Ring
    """An area: its corners; a line: the area it is drawn over (its line widened)."""
    line: Ring
    """A line across a corridor: its points; () for an area."""
    bits: tuple[tuple[float, float, float, float], ...] = ()
    """Stones of a cave-in, blobs of the nest: x, y, radius (inches), a shade (0-1)."""

    @property
    def anchor(self) -> XY:
        """Where its label is wanted (the middle of what it covers)."""
        xs = [x for x, _ in self.outline]
        ys = [y for _, y in self.outline]
        return (min(xs) + max(xs)) / 2, (min(ys) + max(ys)) / 2

    def box(self, pad: float) -> tuple[float, float, float, float]:
        xs = [x for x, _ in self.outline]
        ys = [y for _, y in self.outline]
        return min(xs) - pad, min(ys) - pad, max(xs) + pad, max(ys) + pad


def _scatter(shape: Polygon, density: float, salt: int, rmin: float,
             rmax: float) -> tuple[tuple[float, float, float, float], ...]:
    """Points jittered over a grid on ``shape`` (those off it dropped), each with a
    radius and a shade, fixed by ``salt``."""
    x0, y0, x1, y1 = shape.bounds
    step = 1 / math.sqrt(density)
    out = []
    nx, ny = int((x1 - x0) / step) + 1, int((y1 - y0) / step) + 1
    for i in range(nx):
        for j in range(ny):
            x = x0 + (i + hash01(salt, i, j, 1)) * step
            y = y0 + (j + hash01(salt, i, j, 2)) * step
            r = rmin + (rmax - rmin) * hash01(salt, i, j, 3)
            if shapely.contains_xy(shape, x, y):
                out.append((x, y, r, hash01(salt, i, j, 4)))
    return tuple(out)


def feature_art(k: int, f: Feature) -> FeatureArt:
    """How feature ``f`` (number ``k``) is drawn, in inches."""
    label = f.name or f.kind
    line: Ring = () if f.closed else tuple(f.points)
    if f.closed:
        shape = Polygon(f.points)
    else:
        width = CAVE_WIDTH if f.kind == "cave-in" else 0.25
        shape = LineString(f.points).buffer(width, cap_style="flat")
    if f.kind == "nest" and shape.area > 1:
        shape = shape.buffer(-0.3, quad_segs=4).buffer(0.3, quad_segs=4)
    polys = _polys(shape) or _polys(shape.buffer(0))
    poly = max(polys, key=lambda p: p.area) if polys else Polygon(
        [(x, y) for x, y in f.points[:1] * 3])
    outline: Ring = tuple((float(x), float(y)) for x, y in poly.exterior.coords[:-1]) \
        if not poly.is_empty else tuple(f.points)
    bits: tuple[tuple[float, float, float, float], ...] = ()
    if f.kind == "cave-in" and not poly.is_empty:
        bits = _scatter(poly, STONE_DENSITY, 7919 + k, 0.09, 0.24)
    elif f.kind == "nest" and not poly.is_empty:
        bits = _scatter(poly.buffer(-0.15) if poly.area > 1 else poly, BLOB_DENSITY,
                        104729 + k, 0.28, 0.62)
    return FeatureArt(k, f.kind, label, outline, line, bits)


class SewerMap:
    """A sewer's stone, walls and features, worked out once (see the module text)."""

    def __init__(self, board: Corridors) -> None:
        self.board = board
        area = board.area
        self.floor = _rings(_polys(area))
        self.inner = _rings(_polys(area.buffer(-DAMP, quad_segs=4)))
        self.walls = _rings(_polys(area.buffer(WALL, quad_segs=6)))
        self.joints: list[tuple[XY, XY]] = []
        self.joints_on: dict[str, list[tuple[float, XY, XY]]] = {}
        """Each corridor's joints by distance along it (drawn again under the water)."""
        self.gutters: list[tuple[tuple[XY, ...], float]] = []
        self.stains: list[Ring] = []
        for c in board.corridors.values():
            self._corridor(c)
        self.features = [feature_art(k, f) for k, f in enumerate(board.features)]
        self.name_at: dict[str, XY] = {c.id: self._name_spot(c) for c in board.corridors.values()}
        """Where each corridor's name is wanted: the middle of its longest stretch between
        forks (not at a crossing, where two names would meet)."""

    def _name_spot(self, c: Corridor) -> XY:
        marks = sorted({0.0, c.length, *(at for at, _f in self.board.forks_on(c.id))})
        a, b = max(zip(marks, marks[1:], strict=False), key=lambda ab: ab[1] - ab[0])
        return c.point_at((a + b) / 2)

    def _corridor(self, c: Corridor) -> None:
        half = c.width / 2
        salt = _key(c.id)
        d = JOINT_STEP / 2
        while d < c.length:
            (x, y), (dx, dy) = c.point_at(d), c.direction_at(d)
            nx, ny = -dy * half * 0.97, dx * half * 0.97
            self.joints.append(((x - nx, y - ny), (x + nx, y + ny)))
            self.joints_on.setdefault(c.id, []).append((d, (x - nx, y - ny), (x + nx, y + ny)))
            d += JOINT_STEP
        if c.width >= GUTTER_MIN:
            self.gutters.append((c.points, min(0.32, c.width * 0.1)))
        n = int(c.length / STAIN_STEP)
        for k in range(n):
            if hash01(salt, k, 11) < 0.4:
                continue
            d = (k + hash01(salt, k, 12)) * STAIN_STEP
            across = min(half * 0.4, 0.25 + 0.35 * hash01(salt, k, 13))
            along = across * (1.6 + 1.2 * hash01(salt, k, 15))
            side = 1 if hash01(salt, k, 14) < 0.5 else -1
            (x, y), (dx, dy) = c.point_at(d), c.direction_at(d)
            off = (half - DAMP - across) * side
            cx, cy = x - dy * off, y + dx * off
            ring = []
            for j in range(12):
                a = 2 * math.pi * j / 12
                u, v = math.cos(a) * along, math.sin(a) * across
                ring.append((cx + dx * u - dy * v, cy + dy * u + dx * v))
            self.stains.append(tuple(ring))

    # ================================================================ the stone
    def build(self, surf: pygame.Surface, to: To, s: float) -> None:
        """Draw the rock, walls and floor onto ``surf`` (``to``: inches to pixels on it,
        ``s`` pixels per inch)."""
        surf.fill(pal.SEWER_ROCK)

        def fill(rings: Sequence[Ring], colour: Colour) -> None:
            for ring in rings:
                if len(ring) >= 3:
                    pygame.draw.polygon(surf, colour, [to(x, y) for x, y in ring])

        wall_ext, wall_int = self.walls
        floor_ext, floor_int = self.floor
        inner_ext, inner_int = self.inner
        fill(wall_ext, pal.SEWER_WALL)
        fill(floor_ext, pal.SEWER_DAMP)
        fill(inner_ext, pal.SEWER_FLOOR)
        fill(inner_int, pal.SEWER_DAMP)
        fill(floor_int, pal.SEWER_WALL)
        fill(wall_int, pal.SEWER_ROCK)
        stain = pal.mix(pal.SEWER_FLOOR, pal.SEWER_DAMP, 0.55)
        for ring in self.stains:
            pygame.draw.polygon(surf, stain, [to(x, y) for x, y in ring])
        jw = 1 if s < 40 else 2
        for a, b in self.joints:
            pygame.draw.line(surf, pal.SEWER_JOINT, to(*a), to(*b), jw)
        for path, w in self.gutters:
            pts = [to(x, y) for x, y in path]
            width = max(2, round(w * s))
            gutter = pal.mix(pal.SEWER_FLOOR, pal.SEWER_GUTTER, 0.45)
            pygame.draw.lines(surf, gutter, False, pts, width)
            for p in pts[1:-1]:
                pygame.draw.circle(surf, gutter, p, width / 2)
            if width >= 5:
                pygame.draw.lines(surf, pal.mix(pal.SEWER_FLOOR, pal.SEWER_GUTTER, 0.75),
                                  False, pts, width - 3)
        edge = max(1, round(s / 16))
        for ring in wall_ext + wall_int:
            pygame.draw.polygon(surf, pal.INK, [to(x, y) for x, y in ring], edge + 1)
        for ring in floor_ext + floor_int:
            pts = [to(x, y) for x, y in ring]
            pygame.draw.polygon(surf, pal.SEWER_WALL_TOP, pts, edge + 2)
            pygame.draw.polygon(surf, pal.INK, pts, edge)

    # ================================================================ the features
    def feature_image(self, art: FeatureArt, s: float) -> tuple[pygame.Surface, XY]:
        """Feature ``art`` drawn at ``s`` pixels per inch on a clear image, and where the
        image's top-left corner is (inches)."""
        x0, y0, x1, y1 = art.box(0.35)
        size = (max(1, math.ceil((x1 - x0) * s)), max(1, math.ceil((y1 - y0) * s)))
        img = pygame.Surface(size, pygame.SRCALPHA)

        def to(x: float, y: float) -> XY:
            return (x - x0) * s, (y - y0) * s

        draw = {"gantry": _gantry, "grate": _grate, "sluice": _sluice, "cave-in": _cave_in,
                "nest": _nest}.get(art.kind, _plain)
        draw(img, art, to, s)
        return img, (x0, y0)

    def drain_image(self, s: float) -> tuple[pygame.Surface, XY]:
        """The flood's origin as a marked drain (F-1), and its top-left (inches)."""
        r = DRAIN * s
        half = math.ceil(r * 1.25) + 2
        img = pygame.Surface((2 * half, 2 * half), pygame.SRCALPHA)
        c = (half, half)
        pygame.draw.circle(img, pal.INK, c, r + 2)
        pygame.draw.circle(img, STEEL, c, r)
        pygame.draw.circle(img, (16, 22, 26), c, r * 0.78)
        spokes = 8
        for k in range(spokes):
            a = math.pi * k / spokes
            dx, dy = math.cos(a) * r * 0.78, math.sin(a) * r * 0.78
            pygame.draw.line(img, STEEL_LIGHT, (c[0] - dx, c[1] - dy), (c[0] + dx, c[1] + dy),
                             max(1, round(r * 0.09)))
        pygame.draw.circle(img, STEEL, c, r * 0.2)
        pygame.draw.circle(img, pal.WATER_LIGHT, c, r * 1.12, max(2, round(r * 0.14)))
        pygame.draw.circle(img, pal.INK, c, r * 1.12 + max(2, r * 0.14) / 2 + 1, 1)
        x, y = self.board.origin
        return img, (x - half / s, y - half / s)


def _mask(img: pygame.Surface, pts: list[XY]) -> None:
    """Clear ``img`` outside the polygon ``pts``."""
    m = pygame.Surface(img.get_size(), pygame.SRCALPHA)
    pygame.draw.polygon(m, (255, 255, 255, 255), pts)
    img.blit(m, (0, 0), special_flags=pygame.BLEND_RGBA_MULT)


def _hatch(img: pygame.Surface, colour: Colour, step: float, width: int,
           slope: tuple[float, float]) -> None:
    """Parallel lines ``step`` pixels apart over all of ``img``, along ``slope``."""
    w, h = img.get_size()
    dx, dy = slope
    n = math.hypot(dx, dy) or 1.0
    dx, dy = dx / n, dy / n
    reach = w + h
    k = -float(reach)
    while k <= reach:
        cx, cy = w / 2 - dy * k, h / 2 + dx * k
        pygame.draw.line(img, colour, (cx - dx * reach, cy - dy * reach),
                         (cx + dx * reach, cy + dy * reach), width)
        k += max(2.0, step)


def _shadow(img: pygame.Surface, pts: list[XY], s: float) -> None:
    off = [(x + 0.12 * s, y + 0.18 * s) for x, y in pts]
    pygame.draw.polygon(img, (0, 0, 0, 120), off)


def _gantry(img: pygame.Surface, art: FeatureArt, to: To, s: float) -> None:
    """A raised walkway: its shadow on the floor, a steel grating, a rail round it."""
    pts = [to(x, y) for x, y in art.outline]
    _shadow(img, pts, s)
    top = pygame.Surface(img.get_size(), pygame.SRCALPHA)
    top.fill((*pal.GANTRY, 255))
    _hatch(top, pal.shade(pal.GANTRY, 0.72), 0.25 * s, max(1, round(s / 24)), (1, 0))
    _hatch(top, pal.shade(pal.GANTRY, 0.72), 0.25 * s, max(1, round(s / 24)), (0, 1))
    _mask(top, pts)
    img.blit(top, (0, 0))
    rail = max(2, round(0.1 * s))
    pygame.draw.polygon(img, pal.GANTRY_RAIL, pts, rail)
    pygame.draw.polygon(img, pal.INK, pts, 1)


def _bars_along(img: pygame.Surface, line: Sequence[XY], s: float, length: float,
                colour: Colour, width: int) -> None:
    """Short bars across a line every :data:`BAR_STEP` inches (``line`` in pixels)."""
    for a, b in zip(line, line[1:], strict=False):
        seg = math.dist(a, b)
        if seg <= 0:
            continue
        ux, uy = (b[0] - a[0]) / seg, (b[1] - a[1]) / seg
        d = BAR_STEP * s / 2
        while d < seg:
            x, y = a[0] + ux * d, a[1] + uy * d
            nx, ny = -uy * length / 2, ux * length / 2
            pygame.draw.line(img, pal.INK, (x - nx, y - ny), (x + nx, y + ny), width + 2)
            pygame.draw.line(img, colour, (x - nx, y - ny), (x + nx, y + ny), width)
            d += BAR_STEP * s


def _grate(img: pygame.Surface, art: FeatureArt, to: To, s: float) -> None:
    """Bars across the corridor: a dark frame with light bars (an area: bars over it)."""
    bar = max(1, round(0.07 * s))
    if art.line:
        line = [to(x, y) for x, y in art.line]
        frame = max(3, round(0.16 * s))
        pygame.draw.lines(img, pal.INK, False, line, frame + 2)
        pygame.draw.lines(img, STEEL, False, line, frame)
        _bars_along(img, line, s, 0.45 * s, STEEL_LIGHT, bar)
        return
    pts = [to(x, y) for x, y in art.outline]
    top = pygame.Surface(img.get_size(), pygame.SRCALPHA)
    top.fill((20, 22, 26, 200))
    xs, ys = [p[0] for p in pts], [p[1] for p in pts]
    across = (0, 1) if max(xs) - min(xs) >= max(ys) - min(ys) else (1, 0)
    _hatch(top, STEEL_LIGHT, BAR_STEP * s, bar, across)
    _mask(top, pts)
    img.blit(top, (0, 0))
    pygame.draw.polygon(img, STEEL, pts, max(2, round(0.08 * s)))
    pygame.draw.polygon(img, pal.INK, pts, 1)


def _sluice(img: pygame.Surface, art: FeatureArt, to: To, s: float) -> None:
    """A gate across the corridor: a rusted plate between two posts, its wheel."""
    if art.line:
        line = [to(x, y) for x, y in art.line]
        plate = max(3, round(0.3 * s))
        pygame.draw.lines(img, pal.INK, False, line, plate + 2)
        pygame.draw.lines(img, pal.RUST, False, line, plate)
        pygame.draw.lines(img, pal.shade(pal.RUST, 1.3), False, line, max(1, plate // 4))
        post = max(3, round(0.36 * s))
        for x, y in (line[0], line[-1]):
            r = pygame.Rect(0, 0, post, post)
            r.center = (round(x), round(y))
            pygame.draw.rect(img, STEEL, r)
            pygame.draw.rect(img, pal.INK, r, 1)
        mid = _middle(line)
    else:
        pts = [to(x, y) for x, y in art.outline]
        top = pygame.Surface(img.get_size(), pygame.SRCALPHA)
        top.fill((*pal.RUST, 255))
        _hatch(top, pal.shade(pal.RUST, 0.75), 0.35 * s, max(1, round(0.06 * s)), (1, 1))
        _mask(top, pts)
        img.blit(top, (0, 0))
        pygame.draw.polygon(img, pal.INK, pts, max(1, round(0.05 * s)))
        mid = (sum(p[0] for p in pts) / len(pts), sum(p[1] for p in pts) / len(pts))
    wr = max(3.0, 0.2 * s)
    pygame.draw.circle(img, pal.INK, mid, wr + 1.5)
    pygame.draw.circle(img, STEEL_LIGHT, mid, wr, max(1, round(wr * 0.3)))
    for k in range(3):
        a = math.pi * k / 3
        dx, dy = math.cos(a) * wr, math.sin(a) * wr
        pygame.draw.line(img, STEEL_LIGHT, (mid[0] - dx, mid[1] - dy), (mid[0] + dx, mid[1] + dy))


def _middle(line: Sequence[XY]) -> XY:
    """The point halfway along a polyline (pixels)."""
    total = sum(math.dist(a, b) for a, b in zip(line, line[1:], strict=False))
    run = 0.0
    for a, b in zip(line, line[1:], strict=False):
        seg = math.dist(a, b)
        if run + seg >= total / 2 and seg > 0:
            f = (total / 2 - run) / seg
            return a[0] + (b[0] - a[0]) * f, a[1] + (b[1] - a[1]) * f
        run += seg
    return line[0]


def _cave_in(img: pygame.Surface, art: FeatureArt, to: To, s: float) -> None:
    """Rubble: heaped earth under stones of many greys."""
    pts = [to(x, y) for x, y in art.outline]
    pygame.draw.polygon(img, pal.RUBBLE, pts)
    pygame.draw.polygon(img, pal.shade(pal.RUBBLE, 0.6), pts, max(1, round(0.05 * s)))
    for x, y, r, shade in art.bits:
        c = to(x, y)
        g = round(96 + 80 * shade)
        pygame.draw.circle(img, pal.INK, c, r * s + 1)
        pygame.draw.circle(img, (g, g - 6, g - 14), c, r * s)
        if r * s >= 4:
            pygame.draw.circle(img, (min(255, g + 40),) * 3, (c[0] - r * s * 0.3,
                                                              c[1] - r * s * 0.3), r * s * 0.3)


def _nest(img: pygame.Surface, art: FeatureArt, to: To, s: float) -> None:
    """An organic mass: glistening blobs of purple flesh, darker veins between them."""
    pts = [to(x, y) for x, y in art.outline]
    top = pygame.Surface(img.get_size(), pygame.SRCALPHA)
    top.fill((*pal.shade(pal.NEST, 0.7), 255))
    for x, y, r, shade in art.bits:
        c = to(x, y)
        colour = pal.mix(pal.NEST, pal.NEST_LIGHT, 0.15 + 0.5 * shade)
        pygame.draw.circle(top, pal.shade(pal.NEST, 0.5), c, r * s + max(1, s / 20))
        pygame.draw.circle(top, colour, c, r * s)
        pygame.draw.circle(top, pal.mix(colour, pal.PAPER, 0.45),
                           (c[0] - r * s * 0.35, c[1] - r * s * 0.35), max(1.0, r * s * 0.18))
    for k in range(len(art.bits) - 1):
        (xa, ya, _ra, sa), (xb, yb, _rb, _sb) = art.bits[k], art.bits[k + 1]
        if math.dist((xa, ya), (xb, yb)) < 1.2 and sa > 0.4:
            pygame.draw.line(top, pal.shade(pal.NEST, 0.45), to(xa, ya), to(xb, yb),
                             max(1, round(s / 20)))
    _mask(top, pts)
    img.blit(top, (0, 0))
    pygame.draw.polygon(img, pal.shade(pal.NEST, 0.45), pts, max(2, round(0.08 * s)))


def _plain(img: pygame.Surface, art: FeatureArt, to: To, s: float) -> None:
    """A kind this view has no look for: its shape in grey (its label names it)."""
    if art.line:
        line = [to(x, y) for x, y in art.line]
        pygame.draw.lines(img, pal.INK, False, line, max(3, round(0.2 * s)) + 2)
        pygame.draw.lines(img, (150, 150, 156), False, line, max(3, round(0.2 * s)))
        return
    pts = [to(x, y) for x, y in art.outline]
    pygame.draw.polygon(img, (150, 150, 156, 150), pts)
    pygame.draw.polygon(img, pal.INK, pts, max(1, round(0.05 * s)))


def corridor_band(board: Corridors, stretches: Sequence[tuple[str, float, float]], to: To,
                  s: float) -> tuple[list[list[XY]], list[tuple[XY, float]], list[list[XY]]]:
    """The floor of each stretch ``(corridor, from, to)`` (inches along it) from wall to
    wall, on the surface: the quads of its straight parts, the discs that round its
    bends (centre, radius) and its centre line (pixels)."""
    quads: list[list[XY]] = []
    discs: list[tuple[XY, float]] = []
    lines: list[list[XY]] = []
    for corridor, a, b in stretches:
        c = board.corridors.get(corridor)
        if c is None or b - a <= 0:
            continue
        pts = [to(x, y) for x, y in c.path(a, b)]
        half = c.width * s / 2
        for p, q in zip(pts, pts[1:], strict=False):
            quad = _quad(p, q, half)
            if quad is not None:
                quads.append(quad)
        discs += [(p, half) for p in pts[1:-1]]
        if len(pts) >= 2:
            lines.append(pts)
    return quads, discs, lines


def draw_water(surface: pygame.Surface, art: SewerMap,
               stretches: Sequence[tuple[str, float, float]], to: To, s: float) -> None:
    """The water over each stretch ``(corridor, from, to)`` (inches along it): murky
    water from wall to wall, the floor's joints faint under it, foam where it ends short
    of a fork and a ripple down the middle (F-7: the parts the flood reached)."""
    board = art.board
    water, foam = pal.WATER, pal.WATER_LIGHT
    quads, discs, lines = corridor_band(board, stretches, to, s)
    for quad in quads:
        pygame.draw.polygon(surface, water, quad)
    for p, r in discs:
        pygame.draw.circle(surface, water, p, r)
    under = pal.mix(water, pal.SEWER_GUTTER, 0.45)
    jw = 1 if s < 40 else 2
    for corridor, a, b in stretches:
        for d, p, q in art.joints_on.get(corridor, ()):
            if a <= d <= b:
                pygame.draw.line(surface, under, to(*p), to(*q), jw)
    fw = max(1, round(s / 12))
    for corridor, a, b in stretches:
        c = board.corridors.get(corridor)
        if c is None or b - a <= 0:
            continue
        for at, back in ((a, min(b, a + 0.1)), (b, max(a, b - 0.1))):
            if _at_fork(board, corridor, at) or at <= 0.01 or at >= c.length - 0.01:
                continue
            cut = _quad(to(*c.point_at(at)), to(*c.point_at(back)), c.width * s / 2)
            if cut is not None:
                pygame.draw.line(surface, foam, cut[0], cut[3], fw)
    rw = max(1, round(s / 16))
    for pts in lines:
        pygame.draw.lines(surface, pal.mix(water, foam, 0.4), False, pts, rw)


def _quad(p: XY, q: XY, half: float) -> list[XY] | None:
    d = math.dist(p, q)
    if d <= 1e-9:
        return None
    nx, ny = -(q[1] - p[1]) / d * half, (q[0] - p[0]) / d * half
    return [(p[0] + nx, p[1] + ny), (q[0] + nx, q[1] + ny), (q[0] - nx, q[1] - ny),
            (p[0] - nx, p[1] - ny)]


def _at_fork(board: Corridors, corridor: str, at: float) -> bool:
    return any(abs(f_at - at) < 0.05 for f_at, _f in board.forks_on(corridor))
