"""The hex height map board, drawn in 2.5D: no game rules here, only what to show where.

The renderer takes a :class:`~game.boards.hexmap.HexMap` and plain :class:`FigureView`
records, and knows nothing of the Match. Map pixels are HexMap's units
(:meth:`HexMap.center`, :meth:`HexMap.corners`); the :class:`Camera` scales and moves them
on screen. Each cell is a stack of ``level`` tiles: its top face is raised by
``level * level_height`` map pixels (times the zoom on screen) and its visible side faces
(the southern edges, facing the viewer) go down to the neighbour's level, one band per
level, darker lower down.

Layers, each cached:

* the map: every stack, drawn back to front into one ``convert()``-ed Surface, rebuilt
  only when the zoom changes or :meth:`BoardRenderer.invalidate` is called (panning just
  blits it at another place);
* the overlay (reach, path, targets, selection): a translucent Surface covering only the
  cells involved, rebuilt when one of them changes; nearer stacks hide what is behind
  them in it, as on the map;
* figures: per zoom, one composed Surface per (kind, side, facing, pose), blitted all at
  once with ``Surface.fblits``; hover, floating texts and animations are drawn per frame.

Picking (:meth:`BoardRenderer.cell_at_screen`) finds the stack whose raised top face (or
side face) is under the pointer, nearer stacks first, so a click lands where it looks.
"""

from __future__ import annotations

import math
from collections import OrderedDict
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from pathlib import Path

import numpy as np
import pygame
from numpy.typing import NDArray

from game.boards.hexmap import HexMap
from game.ui import palette as pal
from game.ui.palette import RGBA, Colour

ROOT = Path(__file__).resolve().parents[2]
SPRITES = ROOT / "sprites" / "figures"
GENERIC_KIND = "generic"

Point = tuple[float, float]

LEVEL_HEIGHT = 0.2
"""Height of one level as a fraction of the tile height (map pixels)."""
PLINTH = 0.5
"""Thickness of the board below level 0, in levels (its front edge shows)."""
BASE_RADIUS = 0.72
"""Figure base radius as a fraction of the hex's inner radius."""
LABEL_MIN_RADIUS = 17
"""Figure labels show when a base is at least this many screen pixels in radius."""
LEVEL_FONT_MIN = 12
"""Smallest level number font (pixels)."""
TEXT_MIN = 12
"""Smallest font of any other text on the board (pixels): readable at 1280x720."""
LEVEL_NUMBERS_MIN_HEX = 24
"""Level numbers are hidden when a hex is drawn smaller than this (pixels tall)."""
FLOAT_SECONDS = 1.4
"""How long a floating text stays up."""
FLOAT_HOLD = 0.35
"""How long a new floating text keeps :attr:`BoardRenderer.busy` true (so texts shown
one after another do not all land at once)."""
FALL_SECONDS = 0.75
ZOOM_CACHES = 3
"""How many other zooms keep their scaled images."""
WINDOW_MARGIN = 320
"""When the whole map at this zoom is much bigger than the view, the cached map covers
the view and this many pixels around it (rebuilt when a pan leaves that)."""

OVERLAYS = ("reach", "path", "targets", "selected", "hover", "levels")
"""Names of the layers :meth:`BoardRenderer.set_overlay_visible` toggles."""

REACH_FILL: RGBA = (*pal.SKY, 84)
REACH_EDGE: RGBA = (*pal.SKY, 230)
JUMP_FILL: RGBA = (*pal.ORANGE, 120)
JUMP_EDGE: RGBA = (*pal.ORANGE, 255)
TARGET: Colour = pal.YELLOW
PATH: Colour = pal.YELLOW
SELECT: Colour = pal.YELLOW


@dataclass(frozen=True)
class FigureView:
    """What the board shows of one figure (the scene builds these from the Match)."""

    id: str
    kind: str
    """Sprite key: "hobbit", "dwarf", "goblin", "human", "orc", "elf"; others get a pawn."""
    side_index: int
    """0, 1, (2, 3): picks the base colour and its ring pattern."""
    cell: int
    """Flat index into the HexMap."""
    facing: int
    """0-5 in HexMap direction numbering."""
    st: int
    st_max: int
    prone: bool = False
    status: str = "ok"
    """"ok", "unconscious" (drawn grey, lying) or "dead" (not drawn)."""
    label: str = ""
    """Short name shown under the base when zoomed in enough."""


# ============================================================================== camera
class Camera:
    """Zoom and pan: screen = map * zoom + offset (offsets kept whole pixels).

    ``extent`` is the map's drawn rectangle in map pixels ``(x0, y0, x1, y1)``, including
    what stacks rise above the top row; centring and fitting use it, and panning keeps a
    margin of it on screen.
    """

    MIN_ZOOM = 0.3
    MAX_ZOOM = 3.0
    STEP = 1.15
    """Zoom factor of one mouse-wheel notch."""
    KEEP = 80
    """Screen pixels of the map that panning always leaves in view."""

    def __init__(self, extent: tuple[float, float, float, float],
                 view_size: tuple[int, int] = (1280, 720), zoom: float = 1.0) -> None:
        self.extent = extent
        self.view = (max(1, view_size[0]), max(1, view_size[1]))
        self.zoom = round(self._clamp_zoom(zoom), 4)
        self.ox = 0
        self.oy = 0
        self.moved = False
        """True once the user panned or zoomed (a resize then keeps the view)."""
        self.centre_on_map()

    # ---------------------------------------------------------------- conversions
    def map_to_screen(self, x: float, y: float) -> tuple[float, float]:
        """Screen position of map pixel ``(x, y)`` (at level 0)."""
        return self.ox + x * self.zoom, self.oy + y * self.zoom

    def screen_to_map(self, sx: float, sy: float) -> tuple[float, float]:
        """Map pixel under screen ``(sx, sy)`` (at level 0)."""
        return (sx - self.ox) / self.zoom, (sy - self.oy) / self.zoom

    # ---------------------------------------------------------------- moves
    def _clamp_zoom(self, z: float) -> float:
        return min(self.MAX_ZOOM, max(self.MIN_ZOOM, z))

    def zoom_at(self, factor: float, sx: float, sy: float) -> None:
        """Zoom by ``factor`` keeping the map point under screen ``(sx, sy)`` still."""
        new = round(self._clamp_zoom(self.zoom * factor), 4)
        if new == self.zoom:
            return
        mx, my = self.screen_to_map(sx, sy)
        self.zoom = new
        self.ox = round(sx - mx * new)
        self.oy = round(sy - my * new)
        self.moved = True
        self._clamp_pan()

    def zoom_step(self, steps: float, sx: float, sy: float) -> None:
        """Zoom by ``steps`` mouse-wheel notches (positive = in) about ``(sx, sy)``."""
        self.zoom_at(self.STEP ** steps, sx, sy)

    def set_zoom(self, zoom: float) -> None:
        """Set the zoom about the centre of the view."""
        self.zoom_at(self._clamp_zoom(zoom) / self.zoom, self.view[0] / 2, self.view[1] / 2)

    def pan(self, dx: float, dy: float) -> None:
        """Move the map by ``(dx, dy)`` screen pixels (a drag)."""
        self.ox += round(dx)
        self.oy += round(dy)
        self.moved = True
        self._clamp_pan()

    def centre_on(self, x: float, y: float) -> None:
        """Put map pixel ``(x, y)`` in the middle of the view."""
        self.ox = round(self.view[0] / 2 - x * self.zoom)
        self.oy = round(self.view[1] / 2 - y * self.zoom)
        self._clamp_pan()

    def centre_on_map(self) -> None:
        """Centre the whole map (its extent) in the view."""
        x0, y0, x1, y1 = self.extent
        self.centre_on((x0 + x1) / 2, (y0 + y1) / 2)

    def fit(self, margin: int = 12) -> None:
        """Zoom so the whole map fits the view, and centre it."""
        x0, y0, x1, y1 = self.extent
        vw, vh = self.view[0] - 2 * margin, self.view[1] - 2 * margin
        self.zoom = round(self._clamp_zoom(min(vw / max(1.0, x1 - x0),
                                               vh / max(1.0, y1 - y0))), 4)
        self.centre_on_map()

    def resize(self, view_size: tuple[int, int]) -> None:
        """The view changed size: refit if the user has not moved the map, else keep it."""
        self.view = (max(1, view_size[0]), max(1, view_size[1]))
        if self.moved:
            self._clamp_pan()
        else:
            self.fit()

    def _clamp_pan(self) -> None:
        x0, y0, x1, y1 = self.extent
        z, (vw, vh) = self.zoom, self.view
        kx, ky = min(self.KEEP, vw // 2), min(self.KEEP, vh // 2)
        self.ox = int(min(max(self.ox, kx - x1 * z), vw - kx - x0 * z))
        self.oy = int(min(max(self.oy, ky - y1 * z), vh - ky - y0 * z))


# ============================================================================== geometry
@dataclass
class _Cell:
    """Zoom-free geometry of one stack, in map pixels (raised tops, y down)."""

    index: int
    level: int
    terrain: str
    centre: Point
    """Centre of the raised top face."""
    top: list[Point]
    faces: list[tuple[list[Point], float, int, float]] = field(default_factory=list)
    """Visible side faces: (edge corners at level 0, light factor, top level, bottom
    level); the bottom is the neighbour's level, or below the table at the board's edge."""
    bbox: tuple[float, float, float, float] = (0.0, 0.0, 0.0, 0.0)
    variant: int = 0
    """Which of the terrain's texture variants its top shows (a fixed hash of the cell)."""


def _inside_convex(poly: Sequence[Point], x: float, y: float) -> bool:
    """True if ``(x, y)`` is inside or on the convex polygon ``poly`` (any winding)."""
    sign = 0
    n = len(poly)
    for k in range(n):
        x1, y1 = poly[k]
        x2, y2 = poly[(k + 1) % n]
        c = (x2 - x1) * (y - y1) - (y2 - y1) * (x - x1)
        if c > 1e-9:
            if sign < 0:
                return False
            sign = 1
        elif c < -1e-9:
            if sign > 0:
                return False
            sign = -1
    return True


# ============================================================================== textures
_NOISE_RES = 128


def _smooth_noise(rng: np.random.Generator, cells: int) -> NDArray[np.float32]:
    """Value noise in [-1, 1] on a 128x128 grid from a ``cells`` x ``cells`` lattice."""
    g = rng.uniform(-1.0, 1.0, (cells + 1, cells + 1))
    t = np.arange(_NOISE_RES) * cells / _NOISE_RES
    i = t.astype(np.int64)
    f = t - i
    f = f * f * (3 - 2 * f)
    a = g[i][:, i] * (1 - f)[None, :] + g[i][:, i + 1] * f[None, :]
    b = g[i + 1][:, i] * (1 - f)[None, :] + g[i + 1][:, i + 1] * f[None, :]
    return (a * (1 - f)[:, None] + b * f[:, None]).astype(np.float32)


_FIELDS: list[dict[str, NDArray[np.float32]]] = []


def _fields(variant: int) -> dict[str, NDArray[np.float32]]:
    """Fixed noise fields (seeded with constants: the board looks the same every run)."""
    if not _FIELDS:
        for v in range(3):
            rng = np.random.default_rng(20240611 + 7919 * v)
            blotch = 0.65 * _smooth_noise(rng, 5) + 0.35 * _smooth_noise(rng, 11)
            ridge = np.abs(_smooth_noise(rng, 4) + 0.4 * _smooth_noise(rng, 9))
            fine = rng.uniform(-1.0, 1.0, (_NOISE_RES, _NOISE_RES)).astype(np.float32)
            _FIELDS.append({"blotch": blotch, "ridge": ridge.astype(np.float32),
                            "fine": fine})
    return _FIELDS[variant % len(_FIELDS)]


def _texture(style: pal.TerrainStyle, tw: int, th: int, variant: int) -> NDArray[np.uint8]:
    """An RGB array ``(tw, th, 3)`` of the terrain's top texture at that size."""
    f = _fields(variant)
    xs = (np.arange(tw) * _NOISE_RES // max(1, tw)).astype(np.int64)
    ys = (np.arange(th) * _NOISE_RES // max(1, th)).astype(np.int64)
    blotch = f["blotch"][np.ix_(xs, ys)]
    fine = f["fine"][np.ix_(xs, ys)]
    ridge = f["ridge"][np.ix_(xs, ys)]
    base = np.array(style.top, dtype=np.float32)
    u = (np.arange(tw, dtype=np.float32) / max(1, tw))[:, None]
    v = (np.arange(th, dtype=np.float32) / max(1, th))[None, :]
    kind = style.texture
    if kind == "grass":
        lum = 1 + 0.10 * blotch + 0.06 * fine
        rgb = base * lum[..., None]
        tuft = fine > 0.86
        rgb[tuft] = rgb[tuft] * np.array([1.18, 1.22, 0.95], dtype=np.float32)
        rgb[fine < -0.9] *= 0.78
    elif kind == "dirt":
        rgb = base * (1 + 0.09 * blotch + 0.07 * fine)[..., None]
        rgb[fine > 0.93] *= 1.25
        rgb[fine < -0.93] *= 0.8
    elif kind == "rock":
        rgb = base * (1 + 0.13 * blotch + 0.05 * fine)[..., None]
        rgb[ridge < 0.045] *= 0.66
        rgb[(ridge >= 0.045) & (ridge < 0.075)] *= 1.08
    elif kind == "sand":
        ripple = np.sin((v * 7 + 0.6 * blotch + 0.25 * u) * 2 * np.pi)
        rgb = base * (1 + 0.035 * ripple + 0.04 * blotch + 0.045 * fine)[..., None]
    elif kind == "water":
        shade = 1 + 0.08 * blotch + 0.10 * (0.5 - v)
        rgb = base * shade[..., None]
        wave = np.sin((v * 4.5 + 0.12 * np.sin((u * 2.2 + 0.3 * variant) * 2 * np.pi)
                       + 0.05 * variant) * 2 * np.pi)
        crest = (wave > 0.86) & (blotch > -0.35)
        rgb[crest] = rgb[crest] * 0.35 + np.array([196, 226, 248], dtype=np.float32) * 0.65
        trough = (wave < -0.9) & (blotch > 0.0)
        rgb[trough] *= 0.85
    elif kind == "lava":
        glow = np.clip(1.0 - ridge * 9.0, 0.0, 1.0)[..., None]
        crust = np.array([84, 30, 18], dtype=np.float32) * (1 + 0.2 * blotch)[..., None]
        hot = base * (1 + 0.1 * fine)[..., None]
        rgb = crust * (1 - glow) + hot * glow
        core = glow[..., 0] > 0.75
        rgb[core] = rgb[core] * 0.4 + np.array([255, 214, 80], dtype=np.float32) * 0.6
    else:
        rgb = base * (1 + 0.04 * fine)[..., None]
        stripe = ((np.arange(tw)[:, None] + np.arange(th)[None, :]) % 9) == 0
        rgb[stripe] *= 0.9
    return np.clip(rgb, 0, 255).astype(np.uint8)


def _level_factor(level: int) -> float:
    """Top faces get lighter with height."""
    return 0.82 + 0.055 * max(0, level)


def _tint(surface: pygame.Surface, f: float) -> None:
    if f < 1:
        v = pal.clamp8(255 * f)
        surface.fill((v, v, v), special_flags=pygame.BLEND_RGB_MULT)
    elif f > 1:
        v = pal.clamp8(255 * (f - 1) * 0.55)
        surface.fill((v, v, v), special_flags=pygame.BLEND_RGB_ADD)


def _opt(surface: pygame.Surface, alpha: bool = False) -> pygame.Surface:
    """``convert()`` (or ``convert_alpha()``) when a display mode is set."""
    if pygame.display.get_surface() is None:
        return surface
    return surface.convert_alpha() if alpha else surface.convert()


# ============================================================================== text
class _Fonts:
    def __init__(self) -> None:
        if not pygame.font.get_init():
            pygame.font.init()
        self.file = pal.bold_font_file()
        self._fonts: dict[int, pygame.font.Font] = {}

    def get(self, size: int) -> pygame.font.Font:
        size = max(6, int(size))
        f = self._fonts.get(size)
        if f is None:
            f = pygame.font.Font(self.file, size)
            self._fonts[size] = f
        return f

    def outlined(self, text: str, size: int, colour: Colour = pal.PAPER,
                 outline: Colour = pal.INK, width: int = 1) -> pygame.Surface:
        """``text`` in ``colour`` with an ``outline`` halo, on a transparent surface."""
        font = self.get(size)
        fg = font.render(text, True, colour)
        bg = font.render(text, True, outline)
        w, h = fg.get_size()
        out = pygame.Surface((w + 2 * width, h + 2 * width), pygame.SRCALPHA)
        for dx in range(-width, width + 1):
            for dy in range(-width, width + 1):
                if dx or dy:
                    out.blit(bg, (width + dx, width + dy))
        out.blit(fg, (width, width))
        return out

    def pill(self, text: str, size: int, colour: Colour = pal.PAPER,
             back: RGBA = (*pal.INK, 215), edge: Colour | None = None) -> pygame.Surface:
        """``text`` on a rounded dark pill (labels, odds, jump risks)."""
        fg = self.get(size).render(text, True, colour)
        w, h = fg.get_size()
        px = max(3, size // 3)
        out = pygame.Surface((w + 2 * px, h + 2), pygame.SRCALPHA)
        r = out.get_rect()
        pygame.draw.rect(out, back, r, border_radius=(h + 2) // 2)
        if edge is not None:
            pygame.draw.rect(out, edge, r, 1, border_radius=(h + 2) // 2)
        out.blit(fg, (px, 1))
        return out


# ============================================================================== caches
@dataclass
class _ZoomCache:
    """Images scaled for one zoom."""

    tops: dict[tuple[str, int, int], pygame.Surface] = field(default_factory=dict)
    hex: dict[tuple[int, int], pygame.Surface] = field(default_factory=dict)
    numbers: dict[int, pygame.Surface | None] = field(default_factory=dict)
    figs: dict[tuple[str, int, int, str], pygame.Surface] = field(default_factory=dict)
    bars: dict[tuple[int, int], pygame.Surface] = field(default_factory=dict)
    labels: dict[str, pygame.Surface] = field(default_factory=dict)
    emblems: dict[str, pygame.Surface] = field(default_factory=dict)
    floats_cache: dict[tuple[str, Colour], pygame.Surface] = field(default_factory=dict)


# ============================================================================== animations
@dataclass
class _Move:
    figure: str
    cells: list[int]
    duration: float
    t: float = 0.0


@dataclass
class _Fall:
    figure: str
    start: int
    end: int
    duration: float
    t: float = 0.0


@dataclass
class _Float:
    cell: int
    text: str
    colour: Colour
    t: float = 0.0
    lift: int = 0
    """How many texts were already rising from the same cell (this one starts above)."""


def _smoothstep(f: float) -> float:
    return f * f * (3 - 2 * f)


# ============================================================================== renderer
class BoardRenderer:
    """Draws one HexMap board, its overlays, figures and animations at a Camera."""

    def __init__(self, board: HexMap, view_size: tuple[int, int] = (1280, 720), *,
                 level_height: float | None = None, background: Colour = pal.TABLE,
                 sprites: Path = SPRITES) -> None:
        self.board = board
        self.level_height = (LEVEL_HEIGHT * board.tile_height if level_height is None
                             else float(level_height))
        """Map pixels one level raises a stack."""
        self.background = background
        self.sprites = sprites
        self.visible: dict[str, bool] = dict.fromkeys(OVERLAYS, True)
        self._fonts = _Fonts()
        self._build_geometry()
        self.camera = Camera(self.extent, view_size)
        self.camera.fit()
        # caches
        self._map: pygame.Surface | None = None
        self._map_zoom = -1.0
        self._map_dirty = True
        self._overlay: pygame.Surface | None = None
        self._overlay_at = (0, 0)
        self._overlay_zoom = -1.0
        self._overlay_dirty = True
        self._zoom_cache = -1.0
        self._zc = _ZoomCache()
        self._zoom_caches: OrderedDict[float, _ZoomCache] = OrderedDict()
        self._textures: dict[tuple[str, int], pygame.Surface] = {}
        self._emblem_src: dict[str, pygame.Surface] = {}
        self._window = (0, 0, 0, 0)
        self._overlay_window = (0, 0, 0, 0)
        # overlay state
        self.reach: dict[int, int] = {}
        self.ends: set[int] = set()
        self.jumps: dict[int, str] = {}
        self.path: list[int] = []
        self.targets: dict[int, str] = {}
        self.selected: int | None = None
        self.hover: int | None = None
        # animation state
        self._moves: dict[str, _Move] = {}
        self._falls: dict[str, _Fall] = {}
        self._floats: list[_Float] = []
        self._spots: list[tuple[str, float, float, float]] = []

    # ================================================================ geometry
    def _build_geometry(self) -> None:
        """Raised tops, visible side faces and bounding boxes of every cell (map px)."""
        b = self.board
        lh = self.level_height
        real = list(b.cells())
        levels = [b.level(i) for i in real] or [0]
        self.max_level = max(0, max(levels))
        self.floor = min(0, min(levels)) - PLINTH
        pointy = b.orientation == "pointy"
        # (corner a, corner b, direction, light) of the edges that face the viewer
        if pointy:
            edges = ((3, 4, 4, 0.80), (2, 3, 5, 0.62))
        else:
            edges = ((4, 5, 4, 0.82), (3, 4, 5, 0.70), (2, 3, 0, 0.58))
        cells: dict[int, _Cell] = {}
        for i in real:
            lv = b.level(i)
            up = lv * lh
            cx, cy = b.center(i)
            corners = b.corners(i)
            top = [(x, y - up) for x, y in corners]
            c = _Cell(i, lv, b.terrain_of(i), (cx, cy - up), top,
                      variant=(((i * 2654435761) & 0xFFFFFFFF) >> 16) % 3)
            low = cy
            for ka, kb, d, light in edges:
                j = b.neighbour(i, d)
                below = b.level(j) if j is not None else self.floor
                if below < lv:
                    c.faces.append(([corners[ka], corners[kb]], light, lv, float(below)))
                    low = max(low, max(corners[ka][1], corners[kb][1]) - below * lh)
            xs = [p[0] for p in top]
            c.bbox = (min(xs), min(p[1] for p in top), max(xs), max(low, max(
                p[1] for p in top)))
            cells[i] = c
        self.cells = cells
        self.order = sorted(real, key=lambda i: (cells[i].centre[1] + cells[i].level * lh,
                                                 cells[i].centre[0]))
        """Cells back to front (rows top to bottom): the painter's order."""
        self._rank = {i: k for k, i in enumerate(self.order)}
        bb = np.array([cells[i].bbox for i in self.order], dtype=np.float64).reshape(-1, 4)
        self._bbox = bb
        w, h = b.pixel_size
        self.extent = (0.0, -self.max_level * lh - 2, float(w),
                       float(h) - self.floor * lh + 2)

    # ================================================================ public: state
    def resize(self, view_size: tuple[int, int]) -> None:
        """The board area changed size (refits unless the user moved the map)."""
        self.camera.resize(view_size)

    def invalidate(self) -> None:
        """Redraw the cached map (and overlay) on the next frame."""
        self._map_dirty = True
        self._overlay_dirty = True

    def set_overlay_visible(self, name: str, on: bool) -> None:
        """Show or hide one of :data:`OVERLAYS`."""
        if name not in self.visible:
            raise ValueError(f"unknown overlay {name!r}; one of {', '.join(OVERLAYS)}")
        if self.visible[name] != on:
            self.visible[name] = on
            if name == "levels":  # the numbers are drawn into the cached tops
                self._zc.tops.clear()
                for zc in self._zoom_caches.values():
                    zc.tops.clear()
                self.invalidate()
            self._overlay_dirty = True

    def toggle_overlay(self, name: str) -> bool:
        """Flip one of :data:`OVERLAYS`; returns whether it is now shown."""
        self.set_overlay_visible(name, not self.visible.get(name, True))
        return self.visible[name]

    def set_reach(self, costs: dict[int, int], ends: set[int] | frozenset[int] = frozenset(),
                  jumps: dict[int, str] | None = None) -> None:
        """Cells a figure can reach with their MP cost; ``ends`` stop the move there;
        ``jumps`` are drawn in a warning colour with their short text (e.g. "3d6")."""
        jumps = dict(jumps or {})
        costs = dict(costs)
        ends = set(ends)
        if costs != self.reach or ends != self.ends or jumps != self.jumps:
            self.reach, self.ends, self.jumps = costs, ends, jumps
            self._overlay_dirty = True

    def set_path(self, cells: Sequence[int]) -> None:
        """A path drawn as a line through the cell tops (empty hides it)."""
        cells = list(cells)
        if cells != self.path:
            self.path = cells
            self._overlay_dirty = True

    def set_targets(self, cells: dict[int, str]) -> None:
        """Attackable cells, ringed, each with a short label such as "62%"."""
        if cells != self.targets:
            self.targets = dict(cells)
            self._overlay_dirty = True

    def set_selected(self, cell: int | None) -> None:
        if cell != self.selected:
            self.selected = cell
            self._overlay_dirty = True

    def set_hover(self, cell: int | None) -> None:
        self.hover = cell  # drawn every frame: no cache to rebuild

    # ================================================================ public: where
    def raise_px(self, level: float) -> float:
        """Screen pixels a stack of ``level`` rises at the current zoom."""
        return level * self.level_height * self.camera.zoom

    def cell_screen_pos(self, cell: int) -> tuple[float, float]:
        """Screen position of the centre of ``cell``'s raised top face."""
        x, y = self.cells[cell].centre if cell in self.cells else self.board.center(cell)
        return self.camera.map_to_screen(x, y)

    def cell_at_screen(self, x: float, y: float) -> int | None:
        """The cell whose raised top (or side face) is under screen ``(x, y)``.

        Nearer stacks are tried first, so a tall stack hides the cells behind it.
        """
        mx, my = self.camera.screen_to_map(x, y)
        bb = self._bbox
        hit = np.nonzero((bb[:, 0] <= mx) & (bb[:, 2] >= mx) & (bb[:, 1] <= my)
                         & (bb[:, 3] >= my))[0]
        lh = self.level_height
        for k in hit[::-1]:
            c = self.cells[self.order[int(k)]]
            if _inside_convex(c.top, mx, my):
                return c.index
            for (a, b), _light, lv, lo in c.faces:
                quad = [(a[0], a[1] - lv * lh), (b[0], b[1] - lv * lh),
                        (b[0], b[1] - lo * lh), (a[0], a[1] - lo * lh)]
                if _inside_convex(quad, mx, my):
                    return c.index
        return None

    def figure_at_screen(self, x: float, y: float,
                         figures: Sequence[FigureView] | None = None) -> str | None:
        """Id of the figure whose base is under screen ``(x, y)`` (nearest first), as
        last drawn, or as ``figures`` would be drawn if given."""
        spots = self._spots if figures is None else self._figure_spots(figures)
        for fid, sx, sy, r in reversed(spots):
            if (x - sx) ** 2 + (y - sy) ** 2 <= r * r:
                return fid
        return None

    def figure_screen_pos(self, figure: FigureView) -> tuple[float, float]:
        """Where ``figure``'s base centre is drawn now (animations included)."""
        x, y, z, _f = self._figure_place(figure)
        sx, sy = self.camera.map_to_screen(x, y)
        return sx, sy - self.raise_px(z)

    # ================================================================ public: animation
    @property
    def busy(self) -> bool:
        """True while a move or fall animates, or a floating text has just appeared."""
        return bool(self._moves or self._falls) or any(f.t < FLOAT_HOLD for f in self._floats)

    def animate_move(self, figure_id: str, path: Sequence[int], duration_s: float) -> None:
        """Slide a figure along ``path`` (its first cell to its last) over ``duration_s``,
        hopping up or down between levels and facing the way it goes."""
        cells = [c for c in path if c in self.cells]
        if len(cells) < 2:
            return
        self._falls.pop(figure_id, None)
        self._moves[figure_id] = _Move(figure_id, cells, max(0.05, duration_s))

    def animate_fall(self, figure_id: str, start: int, end: int | None = None,
                     duration_s: float = FALL_SECONDS) -> None:
        """Drop a figure from ``start``'s top to ``end``'s (default the same cell), with
        a little bounce at the bottom."""
        end = start if end is None else end
        if start not in self.cells or end not in self.cells:
            return
        self._moves.pop(figure_id, None)
        self._falls[figure_id] = _Fall(figure_id, start, end, max(0.05, duration_s))

    def float_text(self, cell: int, text: str, colour: Colour = pal.PAPER) -> None:
        """A short text that rises from ``cell`` and fades ("-5 ST", "falls!")."""
        if cell not in self.cells:
            return
        lift = sum(1 for f in self._floats if f.cell == cell and f.t < 0.6)
        rgb: Colour = (int(colour[0]), int(colour[1]), int(colour[2]))
        self._floats.append(_Float(cell, text, rgb, lift=lift))

    def cancel_animations(self) -> None:
        """Stop every animation now (figures jump to where their views say)."""
        self._moves.clear()
        self._falls.clear()
        self._floats.clear()

    def update(self, dt: float) -> None:
        """Advance animations by ``dt`` seconds."""
        for m in list(self._moves.values()):
            m.t += dt
            if m.t >= m.duration:
                del self._moves[m.figure]
        for f in list(self._falls.values()):
            f.t += dt
            if f.t >= f.duration:
                del self._falls[f.figure]
        for ft in self._floats:
            ft.t += dt
        self._floats = [f for f in self._floats if f.t < FLOAT_SECONDS]

    def _figure_place(self, v: FigureView) -> tuple[float, float, float, int]:
        """Map position (level-0 x, y), height in levels and facing of a figure now."""
        b = self.board
        m = self._moves.get(v.id)
        if m is not None:
            n = len(m.cells) - 1
            u = min(0.999999, m.t / m.duration) * n
            k = int(u)
            f = u - k
            a, c = m.cells[k], m.cells[k + 1]
            (x0, y0), (x1, y1) = b.center(a), b.center(c)
            l0, l1 = b.level(a), b.level(c)
            g = _smoothstep(f)
            hop = 0.35 + 0.5 * abs(l1 - l0)
            z = l0 + (l1 - l0) * g + hop * math.sin(math.pi * f) * (1 if l1 != l0 else 0.4)
            d = b.direction(a, c)
            facing = d if d is not None else (b.bearing(a, c) if a != c else v.facing)
            return x0 + (x1 - x0) * f, y0 + (y1 - y0) * f, z, facing
        fl = self._falls.get(v.id)
        if fl is not None:
            (x0, y0), (x1, y1) = b.center(fl.start), b.center(fl.end)
            l0, l1 = b.level(fl.start), b.level(fl.end)
            t = fl.t / fl.duration
            drop = 0.62
            if t < drop:
                f = t / drop
                x, y = x0 + (x1 - x0) * f, y0 + (y1 - y0) * f
                z = l0 + 0.4 * math.sin(math.pi * min(1.0, f * 2.2)) * (1 - f) \
                    + (l1 - l0) * f * f
            else:
                f = (t - drop) / (1 - drop)
                x, y = x1, y1
                z = l1 + 0.45 * abs(math.sin(math.pi * f * 2)) * (1 - f) ** 2
            return x, y, z, v.facing
        x, y = b.center(v.cell) if 0 <= v.cell < b.n else (0.0, 0.0)
        return x, y, b.level(v.cell) if v.cell in self.cells else 0, v.facing

    # ================================================================ zoom caches
    def _check_zoom(self) -> None:
        """Swap in the scaled images of the current zoom (the last few zooms are kept, so
        wheeling in and out again costs nothing)."""
        z = self.camera.zoom
        if z != self._zoom_cache:
            if self._zoom_cache > 0:
                self._zoom_caches[self._zoom_cache] = self._zc
            self._zc = self._zoom_caches.pop(z, None) or _ZoomCache()
            while len(self._zoom_caches) > ZOOM_CACHES:
                self._zoom_caches.popitem(last=False)
            self._zoom_cache = z
            self._overlay_dirty = True

    @property
    def base_radius(self) -> float:
        """Screen radius of a figure base at the current zoom."""
        b = self.board
        inner = (b.tile_width if b.orientation == "pointy" else b.tile_height) / 2
        return BASE_RADIUS * inner * self.camera.zoom

    # ================================================================ map layer
    def _pad(self) -> tuple[int, int, int]:
        """(side pad, top pad, bottom pad) of the map surface in screen pixels."""
        z = self.camera.zoom
        lh = self.level_height * z
        pad = 4
        return pad, int(math.ceil(self.max_level * lh)) + pad, \
            int(math.ceil(-self.floor * lh)) + pad

    def _top_surface(self, terrain: str, level: int, variant: int) -> pygame.Surface:
        key = (terrain, level, variant)
        s = self._zc.tops.get(key)
        if s is not None:
            return s
        z = self.camera.zoom
        b = self.board
        tw, th = int(math.ceil(b.tile_width * z)) + 2, int(math.ceil(b.tile_height * z)) + 2
        base_key = (terrain, -999, variant)
        base = self._zc.tops.get(base_key)
        if base is None:
            big = self._textures.get((terrain, variant))
            if big is None:  # drawn once, at twice the tile size, then scaled per zoom
                arr = _texture(pal.terrain_style(terrain), 2 * b.tile_width,
                               2 * b.tile_height, variant)
                big = pygame.surfarray.make_surface(arr)
                self._textures[(terrain, variant)] = big
            base = pygame.transform.smoothscale(big, (tw, th))
            self._zc.tops[base_key] = base
        s = base.copy()
        _tint(s, _level_factor(level))
        s.blit(self._hex_mask(tw, th), (0, 0))
        pygame.draw.polygon(s, pal.shade(pal.terrain_style(terrain).top, 0.42),
                            self._hex_points(tw, th), 1)
        if self.visible["levels"]:
            num = self._number(level)
            if num is not None:
                nw, nh = num.get_size()
                s.blit(num, (round(tw / 2 - nw / 2),
                             round(th / 2 - b.tile_height * z * 0.30 - nh / 2)))
        s = _opt(s)
        s.set_colorkey((255, 0, 255))
        self._zc.tops[key] = s
        return s

    def _hex_points(self, tw: int, th: int) -> list[Point]:
        """Corners of a hex centred in a ``tw`` x ``th`` box at the current zoom."""
        z = self.camera.zoom
        b = self.board
        cx, cy = b.center(0)
        return [((x - cx) * z + (tw - 1) / 2, (y - cy) * z + (th - 1) / 2)
                for x, y in b.corners(0)]

    def _hex_mask(self, tw: int, th: int) -> pygame.Surface:
        key = (tw, th)
        m = self._zc.hex.get(key)
        if m is None:
            m = pygame.Surface((tw, th))
            m.fill((255, 0, 255))
            pygame.draw.polygon(m, (0, 0, 0), self._hex_points(tw, th))
            m.set_colorkey((0, 0, 0))
            self._zc.hex[key] = m
        return m

    def _number(self, level: int) -> pygame.Surface | None:
        if level in self._zc.numbers:
            return self._zc.numbers[level]
        px = self.board.tile_height * self.camera.zoom
        s = None
        if px >= LEVEL_NUMBERS_MIN_HEX:
            size = max(LEVEL_FONT_MIN, int(round(px * 0.21)))
            s = _opt(self._fonts.outlined(str(level), size), alpha=True)
        self._zc.numbers[level] = s
        return s

    def _full_size(self) -> tuple[int, int]:
        """Size of the whole map drawn at the current zoom (screen pixels)."""
        z = self.camera.zoom
        pad, top_pad, bottom_pad = self._pad()
        w, h = self.board.pixel_size
        return int(math.ceil(w * z)) + 2 * pad, int(math.ceil(h * z)) + top_pad + bottom_pad

    def _wanted_window(self) -> tuple[int, int, int, int]:
        """The part of the whole map to cache, ``(x0, y0, x1, y1)``: all of it when that
        is not much bigger than the view, else the view and a margin round it."""
        fw, fh = self._full_size()
        vw, vh = self.camera.view
        if fw * fh <= 3 * vw * vh:
            return 0, 0, fw, fh
        mx, my = self._map_origin()
        x0, y0 = max(0, -mx - WINDOW_MARGIN), max(0, -my - WINDOW_MARGIN)
        x1, y1 = min(fw, -mx + vw + WINDOW_MARGIN), min(fh, -my + vh + WINDOW_MARGIN)
        return x0, y0, max(x0 + 1, x1), max(y0 + 1, y1)

    def _window_covers_view(self) -> bool:
        wx, wy, ww, wh = self._window
        fw, fh = self._full_size()
        mx, my = self._map_origin()
        vw, vh = self.camera.view
        x0, y0 = max(0, -mx), max(0, -my)
        x1, y1 = min(fw, -mx + vw), min(fh, -my + vh)
        if x1 <= x0 or y1 <= y0:
            return True  # the map is off screen: nothing to draw
        return wx <= x0 and wy <= y0 and x1 <= wx + ww and y1 <= wy + wh

    def _build_map(self) -> pygame.Surface:
        z = self.camera.zoom
        b = self.board
        lh = self.level_height * z
        pad, top_pad, _bottom = self._pad()
        wx, wy, wx1, wy1 = self._wanted_window()
        self._window = (wx, wy, wx1 - wx, wy1 - wy)
        size = (wx1 - wx, wy1 - wy)
        surf = self._map
        if surf is None or surf.get_size() != size:
            # made in the display's format (what convert() gives) and reused while the
            # size holds: allocating a big surface costs more than drawing it
            screen = pygame.display.get_surface()
            surf = pygame.Surface(size, 0, screen) if screen is not None else \
                pygame.Surface(size)
            self._map = None
        surf.fill(self.background)
        ox, oy = pad - wx, top_pad - wy
        # cells outside the window are skipped (bboxes are in map pixels)
        u0, v0 = (wx - pad) / z, (wy - top_pad) / z
        u1, v1 = (wx1 - pad) / z, (wy1 - top_pad) / z
        bb = self._bbox
        inside = (bb[:, 2] >= u0) & (bb[:, 0] <= u1) & (bb[:, 3] >= v0) & (bb[:, 1] <= v1)
        order = [self.order[k] for k in np.nonzero(inside)[0]]
        tw, th = int(math.ceil(b.tile_width * z)) + 2, int(math.ceil(b.tile_height * z)) + 2
        draw_poly = pygame.draw.polygon
        draw_line = pygame.draw.line
        blit = surf.blit
        floor = self.floor
        top_level = max(1, self.max_level)
        styles = {name: pal.terrain_style(name) for name in b.terrain_names}
        band_colours: dict[tuple[str, float, float], tuple[Colour, Colour]] = {}
        seams = {name: pal.shade(st.side, 0.45) for name, st in styles.items()}
        # the board's shadow on the table, under its front edges
        dark = pal.shade(self.background, 0.55)
        d = 6 * z
        for i in order:
            for (a, bb), _l, _lv, bottom in self.cells[i].faces:
                if bottom <= floor:
                    lo = floor * lh
                    ax, ay = ox + a[0] * z, oy + a[1] * z - lo
                    bx, by = ox + bb[0] * z, oy + bb[1] * z - lo
                    draw_poly(surf, dark, [(ax, ay), (bx, by), (bx + d, by + d), (ax + d, ay + d)])
        for i in order:
            c = self.cells[i]
            terrain = c.terrain
            lv = c.level
            # side faces, one band per level, darker lower down
            for (a, bb), light, top_lv, bottom in c.faces:
                ax, ay = ox + a[0] * z, oy + a[1] * z
                bx, by = ox + bb[0] * z, oy + bb[1] * z
                k = float(top_lv)
                while k > bottom:
                    k2 = max(bottom, k - 1)
                    ck = (terrain, light, k)
                    cols = band_colours.get(ck)
                    if cols is None:
                        depth = 0.72 + 0.28 * (k / top_level) if k > 0 else 0.62
                        col = pal.shade(styles[terrain].side, light * depth)
                        cols = (col, pal.shade(col, 0.72))
                        band_colours[ck] = cols
                    y1, y2 = k * lh, k2 * lh
                    draw_poly(surf, cols[0], [(ax, ay - y1), (bx, by - y1), (bx, by - y2),
                                              (ax, ay - y2)])
                    if k2 > bottom:
                        draw_line(surf, cols[1], (ax, ay - y2), (bx, by - y2))
                    k = k2
                seam = seams[terrain]
                draw_line(surf, seam, (ax, ay - bottom * lh), (bx, by - bottom * lh))
                draw_line(surf, seam, (ax, ay - top_lv * lh), (ax, ay - bottom * lh))
            # the top
            cx, cy = ox + c.centre[0] * z, oy + c.centre[1] * z
            top = (self._zc.tops.get((terrain, lv, c.variant))
                   or self._top_surface(terrain, lv, c.variant))
            blit(top, (math.floor(cx - (tw - 1) / 2 + 0.5), math.floor(cy - (th - 1) / 2 + 0.5)))
        return surf

    def _map_surface(self) -> pygame.Surface:
        self._check_zoom()
        if (self._map is None or self._map_dirty or self._map_zoom != self.camera.zoom
                or not self._window_covers_view()):
            self._map = self._build_map()
            self._map_zoom = self.camera.zoom
            self._map_dirty = False
        return self._map

    def _map_origin(self) -> tuple[int, int]:
        """Screen position of the map surface's top-left corner."""
        pad, top_pad, _ = self._pad()
        return int(self.camera.ox) - pad, int(self.camera.oy) - top_pad

    # ================================================================ overlay layer
    def _overlay_cells(self) -> set[int]:
        out: set[int] = set()
        if self.visible["reach"]:
            out |= set(self.reach) | set(self.jumps)
        if self.visible["path"]:
            out |= set(self.path)
        if self.visible["targets"]:
            out |= set(self.targets)
        if self.visible["selected"] and self.selected is not None:
            out.add(self.selected)
        return {c for c in out if c in self.cells}

    def _build_overlay(self) -> None:
        self._overlay_dirty = False
        self._overlay_zoom = self.camera.zoom
        self._overlay_window = self._window
        cells = self._overlay_cells()
        if not cells:
            self._overlay = None
            return
        z = self.camera.zoom
        pad, top_pad, _ = self._pad()
        m = int(self.base_radius * 2.2 + 40 * max(1.0, z))  # room for rings and labels
        x0 = min(self.cells[c].bbox[0] for c in cells) * z + pad - m
        y0 = min(self.cells[c].bbox[1] for c in cells) * z + top_pad - m
        x1 = max(self.cells[c].bbox[2] for c in cells) * z + pad + m
        y1 = max(self.cells[c].bbox[3] for c in cells) * z + top_pad + m
        wx, wy, ww, wh = self._window
        x0, y0 = max(x0, wx), max(y0, wy)
        x1, y1 = min(x1, wx + ww), min(y1, wy + wh)
        if x1 <= x0 or y1 <= y0:
            self._overlay = None
            return
        ax, ay = int(math.floor(x0)), int(math.floor(y0))
        surf = pygame.Surface((int(x1 - ax) + 1, int(y1 - ay) + 1), pygame.SRCALPHA)
        ox, oy = pad - ax, top_pad - ay  # map (0, 0) at level 0 within this surface
        lh = self.level_height * z
        clear = (0, 0, 0, 0)
        reach = self.reach if self.visible["reach"] else {}
        jumps = self.jumps if self.visible["reach"] else {}
        ends = self.ends if self.visible["reach"] else set()
        size = max(TEXT_MIN + 1, int(round(self.board.tile_height * z * 0.26)))
        small = max(TEXT_MIN, int(round(self.board.tile_height * z * 0.17)))
        bx0, by0 = (ax - pad) / z, (ay - top_pad) / z
        bx1, by1 = bx0 + surf.get_width() / z, by0 + surf.get_height() / z
        later: list[tuple[pygame.Surface, tuple[int, int]]] = []
        # only stacks nearer than a highlighted cell and overlapping it need to hide it
        lit = [self._rank[c] for c in (set(reach) | set(jumps)) if c in self._rank]
        todo: Iterable[int] = ()
        if lit:
            bb = self._bbox
            hb = bb[lit]
            ranks = np.arange(len(self.order))[:, None]
            over = ((bb[:, None, 2] >= hb[None, :, 0]) & (bb[:, None, 0] <= hb[None, :, 2])
                    & (bb[:, None, 3] >= hb[None, :, 1]) & (bb[:, None, 1] <= hb[None, :, 3])
                    & (ranks > np.array(lit)[None, :]))
            need = over.any(axis=1)
            need[lit] = True
            todo = (self.order[k] for k in np.nonzero(need)[0])
        for i in todo:
            c = self.cells[i]
            cb = c.bbox
            if cb[2] < bx0 or cb[0] > bx1 or cb[3] < by0 or cb[1] > by1:
                continue
            top = [(ox + x * z, oy + y * z) for x, y in c.top]
            # this stack hides what is behind it
            for (a, b), _light, lv, lo in c.faces:
                pygame.draw.polygon(surf, clear, [
                    (ox + a[0] * z, oy + a[1] * z - lv * lh),
                    (ox + b[0] * z, oy + b[1] * z - lv * lh),
                    (ox + b[0] * z, oy + b[1] * z - lo * lh),
                    (ox + a[0] * z, oy + a[1] * z - lo * lh)])
            pygame.draw.polygon(surf, clear, top)
            cx, cy = ox + c.centre[0] * z, oy + c.centre[1] * z
            if i in jumps:
                pygame.draw.polygon(surf, JUMP_FILL, top)
                pygame.draw.polygon(surf, JUMP_EDGE, top, max(2, int(2 * z)))
                self._warning(surf, cx, cy - self.board.tile_height * z * 0.27, size)
            elif i in reach:
                pygame.draw.polygon(surf, REACH_FILL, top)
                pygame.draw.polygon(surf, REACH_EDGE, top, max(1, int(1.5 * z)))
            if i in ends and (i in reach or i in jumps):
                inner = [(cx + (x - cx) * 0.62, cy + (y - cy) * 0.62) for x, y in top]
                pygame.draw.polygon(surf, (*pal.PAPER, 220), inner, max(2, int(2 * z)))
            if i in reach:
                t = self._cost_pill(reach[i], size)
                surf.blit(t, (round(cx - t.get_width() / 2), round(cy - t.get_height() / 2)))
            if i in jumps and jumps[i]:
                t = self._fonts.pill(jumps[i], small, pal.PAPER, (*pal.INK, 225),
                                     pal.ORANGE)
                later.append((t, (round(cx - t.get_width() / 2),
                                  round(cy + self.board.tile_height * z * 0.16))))
        for t, at in later:
            surf.blit(t, at)
        # selection, targets and the path are drawn on top of everything
        r = self.base_radius
        if self.visible["selected"] and self.selected in self.cells:
            c = self.cells[self.selected]
            top = [(ox + x * z, oy + y * z) for x, y in c.top]
            pygame.draw.polygon(surf, (*pal.INK, 255), top, max(4, int(5 * z)))
            pygame.draw.polygon(surf, (*SELECT, 255), top, max(2, int(3 * z)))
        if self.visible["targets"]:
            for i, text in self.targets.items():
                if i not in self.cells:
                    continue
                c = self.cells[i]
                cx, cy = ox + c.centre[0] * z, oy + c.centre[1] * z
                rr = r * 1.22
                _dashed_ring(surf, (*pal.INK, 255), cx, cy, rr, max(5, int(r * 0.28)), 12)
                _dashed_ring(surf, (*TARGET, 255), cx, cy, rr, max(3, int(r * 0.17)), 12)
                if text:
                    t = self._fonts.pill(text, max(size - 1, TEXT_MIN), pal.INK, (*TARGET, 240),
                                         pal.INK)
                    surf.blit(t, (round(cx + rr + 1), round(cy - t.get_height() / 2)))
        if self.visible["path"] and len(self.path) >= 2:
            pts = [(ox + self.cells[c].centre[0] * z, oy + self.cells[c].centre[1] * z)
                   for c in self.path if c in self.cells]
            wide = max(5, int(6 * z))
            pygame.draw.lines(surf, (*pal.INK, 230), False, pts, wide + 3)
            pygame.draw.lines(surf, (*PATH, 255), False, pts, wide)
            for p in pts[1:-1]:
                pygame.draw.circle(surf, (*pal.INK, 255), p, wide * 0.9)
                pygame.draw.circle(surf, (*PATH, 255), p, wide * 0.6)
            (px, py), (qx, qy) = pts[-2], pts[-1]
            d = math.hypot(qx - px, qy - py) or 1.0
            ux, uy = (qx - px) / d, (qy - py) / d
            head = wide * 2.4
            tip = (qx + ux * head * 0.4, qy + uy * head * 0.4)
            left = (tip[0] - ux * head - uy * head * 0.65, tip[1] - uy * head + ux * head * 0.65)
            right = (tip[0] - ux * head + uy * head * 0.65, tip[1] - uy * head - ux * head * 0.65)
            pygame.draw.polygon(surf, (*PATH, 255), [tip, left, right])
            pygame.draw.polygon(surf, (*pal.INK, 255), [tip, left, right], 2)
        self._overlay = _opt(surf, alpha=True)
        self._overlay_at = (ax, ay)

    def _cost_pill(self, cost: int, size: int) -> pygame.Surface:
        key = f"cost:{cost}"
        t = self._zc.labels.get(key)
        if t is None:
            t = self._fonts.pill(str(cost), size, pal.INK, (*pal.PAPER, 235), pal.INK)
            self._zc.labels[key] = t
        return t

    def _warning(self, surf: pygame.Surface, x: float, y: float, size: int) -> None:
        """A small warning triangle with '!' (the not-colour mark of a risky jump)."""
        h = size * 0.9
        pts = [(x, y - h / 2), (x + h * 0.58, y + h / 2), (x - h * 0.58, y + h / 2)]
        pygame.draw.polygon(surf, (*pal.ORANGE, 255), pts)
        pygame.draw.polygon(surf, (*pal.INK, 255), pts, 2)
        t = self._fonts.get(max(8, int(size * 0.6))).render("!", True, pal.INK)
        surf.blit(t, (round(x - t.get_width() / 2), round(y - t.get_height() / 2 + h * 0.1)))

    # ================================================================ figures
    def _emblem(self, kind: str, size: int) -> pygame.Surface:
        key = f"{kind}:{size}"
        e = self._zc.emblems.get(key)
        if e is None:
            src = self._emblem_src.get(kind)
            if src is None:
                path = self.sprites / f"{kind}.png"
                if not path.is_file():
                    path = self.sprites / f"{GENERIC_KIND}.png"
                try:
                    src = pygame.image.load(str(path))
                except (pygame.error, FileNotFoundError):
                    src = pygame.Surface((128, 128), pygame.SRCALPHA)
                    pygame.draw.circle(src, (*pal.PAPER, 255), (64, 64), 40)
                    pygame.draw.circle(src, (*pal.INK, 255), (64, 64), 40, 8)
                src = _opt(src, alpha=True)
                self._emblem_src[kind] = src
            e = pygame.transform.smoothscale(src, (size, size))
            self._zc.emblems[key] = e
        return e

    def _figure_surface(self, kind: str, side: int, facing: int, pose: str
                        ) -> pygame.Surface:
        """A figure's base, ring, emblem and facing notch, composed once per zoom."""
        key = (kind, side, facing, pose)
        s = self._zc.figs.get(key)
        if s is not None:
            return s
        r = max(6.0, self.base_radius)
        half = int(math.ceil(r * 1.45)) + 2
        s = pygame.Surface((2 * half, 2 * half), pygame.SRCALPHA)
        c = float(half)
        colour = pal.side_colour(side)
        ring = pal.side_ring(side)
        down = pose == "unconscious"
        if down:
            colour = pal.grey(colour, 0.55)
        # shadow on the table, then the base with a light bevel
        sh = pygame.Rect(0, 0, int(2 * r * 1.02), int(2 * r * 0.98))
        sh.center = (round(c + r * 0.10), round(c + r * 0.16))
        pygame.draw.ellipse(s, (0, 0, 0, 90), sh)
        pygame.draw.circle(s, (*pal.INK, 255), (c, c), r)
        pygame.draw.circle(s, (*colour, 255), (c, c), r - 1.5)
        pygame.draw.circle(s, (*pal.shade(colour, 1.25), 255), (c - r * 0.05, c - r * 0.06),
                           r * 0.80, max(1, int(r * 0.08)))
        pygame.draw.circle(s, (*colour, 255), (c, c), r * 0.72)
        # the side's ring pattern (its not-colour cue)
        rr = r * 0.86
        w = max(2, int(round(r * 0.13)))
        light = (*pal.PAPER, 255) if not down else (*pal.grey(pal.PAPER, 0.8), 255)
        if ring == "solid":
            pygame.draw.circle(s, (*pal.INK, 255), (c, c), rr + w / 2, w)
        elif ring == "dashed":
            _dashed_ring(s, light, c, c, rr, w, 8)
        elif ring == "double":
            pygame.draw.circle(s, light, (c, c), rr + w * 0.9, max(1, w // 2 + 1))
            pygame.draw.circle(s, light, (c, c), rr - w * 0.3, max(1, w // 2 + 1))
        else:
            for k in range(12):
                a = k * math.pi / 6
                pygame.draw.circle(s, light, (c + rr * math.cos(a), c + rr * math.sin(a)),
                                   max(1.5, w * 0.65))
        # the emblem, lying down if prone or unconscious
        size = max(4, int(r * 1.5))
        e = self._emblem(kind, size)
        if pose != "ok":
            e = pygame.transform.rotate(e, -90)
            e = pygame.transform.grayscale(e)
            if down:
                e = e.copy()
                e.set_alpha(170)
        s.blit(e, (round(c - e.get_width() / 2), round(c - e.get_height() / 2 - r * 0.04)))
        # facing notch: a light triangle on the rim pointing the way the figure faces
        if not down:
            dx, dy = self.board.direction_vector(facing)
            px, py = -dy, dx
            tip = (c + dx * r * 1.38, c + dy * r * 1.38)
            b1 = (c + dx * r * 0.86 + px * r * 0.36, c + dy * r * 0.86 + py * r * 0.36)
            b2 = (c + dx * r * 0.86 - px * r * 0.36, c + dy * r * 0.86 - py * r * 0.36)
            pygame.draw.polygon(s, (*pal.PAPER, 255), [tip, b1, b2])
            pygame.draw.polygon(s, (*pal.INK, 255), [tip, b1, b2], max(1, int(r * 0.09)))
        s = _opt(s, alpha=True)
        self._zc.figs[key] = s
        return s

    def _bar(self, st: int, st_max: int) -> pygame.Surface:
        key = (st, st_max)
        s = self._zc.bars.get(key)
        if s is None:
            r = max(6.0, self.base_radius)
            w, h = max(12, int(r * 1.5)), max(4, int(r * 0.24))
            s = pygame.Surface((w, h), pygame.SRCALPHA)
            s.fill((*pal.INK, 235))
            frac = 0.0 if st_max <= 0 else max(0.0, min(1.0, st / st_max))
            fill = int(round((w - 2) * frac))
            if fill > 0:
                pygame.draw.rect(s, (*pal.st_colour(frac), 255), (1, 1, fill, h - 2))
            if 0 < st_max <= 30 and (w - 2) / st_max >= 4:
                for k in range(1, st_max):
                    x = 1 + round((w - 2) * k / st_max)
                    pygame.draw.line(s, (*pal.INK, 150), (x, 1), (x, h - 2))
            s = _opt(s, alpha=True)
            self._zc.bars[key] = s
        return s

    def _label(self, text: str) -> pygame.Surface:
        s = self._zc.labels.get(text)
        if s is None:
            size = max(TEXT_MIN, int(self.base_radius * 0.62))
            s = _opt(self._fonts.pill(text, size, pal.PAPER, (*pal.INK, 200)), alpha=True)
            self._zc.labels[text] = s
        return s

    def _figure_spots(self, figures: Iterable[FigureView]
                      ) -> list[tuple[str, float, float, float]]:
        out: list[tuple[float, str, float, float, float]] = []
        r = self.base_radius
        for v in figures:
            if v.status == "dead":
                continue
            sx, sy = self.figure_screen_pos(v)
            out.append((sy, v.id, sx, sy, r))
        out.sort(key=lambda t: t[0])
        return [(fid, x, y, rr) for _k, fid, x, y, rr in out]

    def _draw_figures(self, surface: pygame.Surface, figures: Sequence[FigureView]) -> None:
        r = self.base_radius
        show_labels = r >= LABEL_MIN_RADIUS
        items: list[tuple[float, int, list[tuple[pygame.Surface, tuple[int, int]]]]] = []
        spots: list[tuple[str, float, float, float]] = []
        for n, v in enumerate(figures):
            if v.status == "dead":
                continue
            x, y, zl, facing = self._figure_place(v)
            sx, sy = self.camera.map_to_screen(x, y)
            sy -= self.raise_px(zl)
            pose = "unconscious" if v.status == "unconscious" else (
                "prone" if v.prone else "ok")
            fs = self._figure_surface(v.kind, v.side_index, facing % 6, pose)
            blits = [(fs, (round(sx - fs.get_width() / 2), round(sy - fs.get_height() / 2)))]
            if v.status != "unconscious" and v.st_max > 0:
                bar = self._bar(v.st, v.st_max)
                blits.append((bar, (round(sx - bar.get_width() / 2),
                                    round(sy - r - bar.get_height() - 3))))
            if show_labels and v.label:
                lab = self._label(v.label)
                blits.append((lab, (round(sx - lab.get_width() / 2), round(sy + r + 1))))
            items.append((sy, n, blits))
            spots.append((v.id, sx, sy, r))
        items.sort(key=lambda t: (t[0], t[1]))
        seq = [b for _y, _n, bl in items for b in bl]
        if seq:
            surface.fblits(seq)
        spots.sort(key=lambda t: t[2])
        self._spots = spots

    # ================================================================ frame
    def draw(self, surface: pygame.Surface, figures: Sequence[FigureView] = ()) -> None:
        """Draw the board, overlays, figures and animations onto ``surface`` (the board
        area) at the camera."""
        if surface.get_size() != self.camera.view:
            self.resize(surface.get_size())
        self._check_zoom()
        m = self._map_surface()
        surface.fill(self.background)
        mx, my = self._map_origin()
        surface.blit(m, (mx + self._window[0], my + self._window[1]))
        if (self._overlay_dirty or self._overlay_zoom != self.camera.zoom
                or self._overlay_window != self._window):
            self._build_overlay()
        if self._overlay is not None:
            surface.blit(self._overlay, (mx + self._overlay_at[0], my + self._overlay_at[1]))
        if self.visible["hover"] and self.hover in self.cells:
            c = self.cells[self.hover]
            pts = [self.camera.map_to_screen(x, y) for x, y in c.top]
            pygame.draw.lines(surface, pal.PAPER, True, pts, max(2, int(2 * self.camera.zoom)))
        self._draw_figures(surface, figures)
        self._draw_floats(surface)

    def _draw_floats(self, surface: pygame.Surface) -> None:
        if not self._floats:
            return
        z = self.camera.zoom
        size = max(18, int(self.board.tile_height * z * 0.3))
        for f in self._floats:
            key = (f.text, f.colour)
            s = self._zc.floats_cache.get(key)
            if s is None:
                s = self._fonts.outlined(f.text, size, f.colour, pal.INK, 2)
                self._zc.floats_cache[key] = s
            sx, sy = self.cell_screen_pos(f.cell)
            k = f.t / FLOAT_SECONDS
            rise = (0.4 + 0.9 * _smoothstep(min(1.0, k * 1.4))) * self.base_radius * 1.4
            y = sy - rise - f.lift * s.get_height() * 0.9 - self.base_radius * 0.4
            alpha = 255 if k < 0.6 else int(255 * (1 - (k - 0.6) / 0.4))
            s.set_alpha(max(0, alpha))
            surface.blit(s, (round(sx - s.get_width() / 2), round(y - s.get_height() / 2)))


def _dashed_ring(surf: pygame.Surface, colour: RGBA | Colour, cx: float, cy: float, r: float,
                 width: int, dashes: int) -> None:
    """A ring of ``dashes`` thick arcs (as polygons, so they have no gaps inside)."""
    step = 2 * math.pi / dashes
    for k in range(dashes):
        a0 = k * step + step * 0.18
        a1 = a0 + step * 0.55
        n = 5
        outer = [(cx + (r + width / 2) * math.cos(a0 + (a1 - a0) * t / n),
                  cy + (r + width / 2) * math.sin(a0 + (a1 - a0) * t / n)) for t in range(n + 1)]
        inner = [(cx + (r - width / 2) * math.cos(a0 + (a1 - a0) * t / n),
                  cy + (r - width / 2) * math.sin(a0 + (a1 - a0) * t / n))
                 for t in range(n, -1, -1)]
        pygame.draw.polygon(surf, colour, outer + inner)
