"""The hex height map board, drawn in 2.5D: no game rules here, only what to show where.

The view takes a :class:`~game.boards.hexmap.HexMap` and the match's
:class:`~game.core.ruleset.PieceView` records, and knows nothing of the Match. Map pixels
are HexMap's units (:meth:`HexMap.center`, :meth:`HexMap.corners`); the
:class:`~game.ui.camera.Camera` scales and moves them on screen. Each cell is a stack of
``level`` tiles: its top face is raised by ``level * level_height`` map pixels (times the
zoom on screen) and its visible side faces (the southern edges, facing the viewer) go down
to the neighbour's level, one band per level, darker lower down.

Layers, each cached:

* the map: every stack, drawn back to front into one ``convert()``-ed Surface, rebuilt
  only when the zoom changes or :meth:`HexBoardView.invalidate` is called (panning just
  blits it at another place);
* the overlay (reach, path, targets, selection): a translucent Surface covering only the
  cells involved, rebuilt when one of them changes; nearer stacks hide what is behind
  them in it, as on the map;
  The overlay is light (a wash and an edge, not an opaque tint) and leaves every marked
  cell's level number showing exactly as on the map;
* figures: tokens composed once per size (:class:`~game.ui.tokens.TokenPainter`),
  blitted all at once with ``Surface.fblits``, each with its hex's level beside it;
  hover, floating texts and animations (:class:`~game.ui.effects.Effects`) are drawn
  per frame;
* labels (MP costs, jump risks, hit %, "push", "back"): laid out over the figures so
  none covers a token, what is drawn with one, or another label (a label with no room is
  left out: the hover tip says the same), and kept until the marks, the figures or the
  camera change; :attr:`HexBoardView.label_rects` lists what the last frame drew.

Picking (:meth:`HexBoardView.cell_at_screen`) finds the stack whose raised top face (or
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

from game.boards.hexmap import HexMap
from game.core.places import Cell, Place
from game.core.ruleset import PieceView
from game.ui import palette as pal
from game.ui.boards import Marks
from game.ui.camera import Camera
from game.ui.drawing import BoardFonts, dashed_ring, inside_convex, optimise, smoothstep
from game.ui.effects import FALL_SECONDS, Effects
from game.ui.palette import RGBA, Colour
from game.ui.textures import level_factor, texture, tint
from game.ui.tokens import GENERIC_KIND, SPRITES, TokenPainter, token_badges

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
ZOOM_CACHES = 3
"""How many other zooms keep their scaled images."""
WINDOW_MARGIN = 320
"""When the whole map at this zoom is much bigger than the view, the cached map covers
the view and this many pixels around it (rebuilt when a pan leaves that)."""

OVERLAYS = ("reach", "path", "targets", "selected", "hover", "levels")
"""Names of the layers :meth:`BoardRenderer.set_overlay_visible` toggles."""

REACH_FILL: RGBA = (*pal.SKY, 38)
"""A light wash only: the terrain's own colour and its level shading stay readable."""
REACH_EDGE: RGBA = (*pal.SKY, 230)
CHARGE_BAND = 0.12
"""Width of the solid inner band of a hex the figure could still attack from (T-7), as a
fraction of the hex's height; a hex it could reach but not attack from has a thin dashed
edge instead."""
JUMP_FILL: RGBA = (*pal.ORANGE, 52)
JUMP_EDGE: RGBA = (*pal.ORANGE, 255)
COST: Colour = pal.mix(pal.SKY, pal.PAPER, 0.3)
"""MP costs: light sky digits, unlike the white level numbers."""
COST_WARN: Colour = pal.ORANGE
FRONT: Colour = pal.PAPER
"""The dashed outline of a figure's front hexes (T-5)."""
ENEMY_FRONT: Colour = pal.VERMILLION
TARGET: Colour = pal.YELLOW
PATH: Colour = pal.YELLOW
SELECT: Colour = pal.YELLOW



# ============================================================================== marks
SHADES: dict[str, RGBA] = {
    "both": (*pal.SKY, 70),
    "sees": (*pal.BLUISH_GREEN, 64),
    "seen": (*pal.ORANGE, 64),
    "threat": (*pal.VERMILLION, 66),
}
"""Fills of the shaded views: hexes a figure sees and is seen from, only sees, is only
seen from (the line-of-sight view), and hexes an enemy could strike this turn."""


@dataclass(frozen=True)
class SightMark:
    """A 3D sight line to draw: from ``za`` over ``start`` to ``zb`` over ``end`` (absolute
    heights in levels), the hexes it crosses with its height there and what is there:
    "clear", "blocked" (the terrain reaches the line), "in_way" (a figure the shot is
    rolled against), "over" (a figure it passes over)."""

    start: int
    za: float
    end: int
    zb: float
    points: tuple[tuple[int, float, str], ...] = ()
    label: str = ""


@dataclass
class HexMarks(Marks):
    """Marks of a hex board beyond the shared ones: shaded views and a sight line."""

    shade: dict[int, str] = field(default_factory=dict)
    """Cell -> a key of :data:`SHADES`."""
    sight: SightMark | None = None
    charge: set[int] | None = None
    """Reached cells the figure could still attack from after the move (T-7: it spent at
    most half its MA), drawn with a solid band; the other reached cells get a dashed
    edge. None: no such difference is drawn."""
    fronts: tuple[tuple[int, tuple[int, ...], bool], ...] = ()
    """Front arcs to outline (T-5): (the figure's cell, its front hexes, an enemy's?)."""


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


# ============================================================================== caches
@dataclass
class _ZoomCache:
    """Images scaled for one zoom."""

    tops: dict[tuple[str, int, int], pygame.Surface] = field(default_factory=dict)
    hex: dict[tuple[int, int], pygame.Surface] = field(default_factory=dict)
    numbers: dict[int, pygame.Surface | None] = field(default_factory=dict)
    labels: dict[str, pygame.Surface] = field(default_factory=dict)


def _pose(p: PieceView) -> str:
    return "unconscious" if p.status == "unconscious" else (
        "prone" if p.status == "prone" else "ok")


def _dashed_polygon(surf: pygame.Surface, colour: RGBA | Colour, pts: Sequence[Point],
                    width: int, dashes: int) -> None:
    """A closed polygon outline drawn as ``dashes`` dashes per side."""
    n = len(pts)
    for k in range(n):
        (x0, y0), (x1, y1) = pts[k], pts[(k + 1) % n]
        for d in range(dashes):
            a = (d + 0.2) / dashes
            b = (d + 0.8) / dashes
            pygame.draw.line(surf, colour, (x0 + (x1 - x0) * a, y0 + (y1 - y0) * a),
                             (x0 + (x1 - x0) * b, y0 + (y1 - y0) * b), width)


def _shorter(text: str) -> list[str]:
    """A label and its shorter forms (its first clause), longest first."""
    out = [text]
    if ", " in text:
        out.append(text.split(", ")[0])
    return out


def _around(cx: float, cy: float, radius: float, w: int, h: int
            ) -> list[tuple[float, float]]:
    """Top-left corners of a ``w`` x ``h`` label just outside a circle, in eight ways."""
    out = []
    for k in range(8):
        a = math.pi / 4 * k
        px, py = cx + radius * math.cos(a), cy + radius * math.sin(a)
        ca, sa = math.cos(a), math.sin(a)
        x = px if ca > 0.3 else px - w if ca < -0.3 else px - w / 2
        y = py if sa > 0.3 else py - h if sa < -0.3 else py - h / 2
        out.append((x, y))
    return out


def _token_scale(size: int) -> float:
    """H-15: a bigger figure, a bigger token."""
    return 1.0 if size <= 1 else 1.2 if size == 2 else 1.45 if size <= 4 else 1.8


def _disc_hits(disc: tuple[float, float, float], rect: pygame.Rect) -> bool:
    """Whether a circle ``(x, y, r)`` and a rectangle overlap."""
    x, y, r = disc
    nx = min(max(x, rect.left), rect.right)
    ny = min(max(y, rect.top), rect.bottom)
    return (nx - x) ** 2 + (ny - y) ** 2 < r * r


class _Grid:
    """Rectangles bucketed by a coarse grid, for quick overlap tests."""

    CELL = 48

    def __init__(self) -> None:
        self.buckets: dict[tuple[int, int], list[pygame.Rect]] = {}

    def _keys(self, r: pygame.Rect) -> Iterable[tuple[int, int]]:
        c = self.CELL
        for gx in range(r.left // c, (r.right - 1) // c + 1):
            for gy in range(r.top // c, (r.bottom - 1) // c + 1):
                yield gx, gy

    def add(self, r: pygame.Rect) -> None:
        for k in self._keys(r):
            self.buckets.setdefault(k, []).append(r)

    def hits(self, r: pygame.Rect) -> bool:
        return any(r.colliderect(o) for k in self._keys(r) for o in self.buckets.get(k, ()))


# ============================================================================== view
class HexBoardView:
    """Draws one HexMap board, its overlays, figures and animations at a Camera."""

    pieces_share_places = False
    """One piece to a place: the place under the pointer tells the piece."""

    def __init__(self, board: HexMap, view_size: tuple[int, int] = (1280, 720), *,
                 sides: Sequence[str] = (), level_height: float | None = None,
                 background: Colour = pal.TABLE, sprites: Path = SPRITES) -> None:
        self.board = board
        self.level_height = (LEVEL_HEIGHT * board.tile_height if level_height is None
                             else float(level_height))
        """Map pixels one level raises a stack."""
        self.background = background
        self.sprites = sprites
        self.visible: dict[str, bool] = dict.fromkeys(OVERLAYS, True)
        self._fonts = BoardFonts()
        self.tokens = TokenPainter(sprites, self._fonts)
        self.side_index = {s: i for i, s in enumerate(sides)}
        """Side key -> its colour and ring (0, 1, 2, 3) in the order the scenario lists."""
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
        self._window = (0, 0, 0, 0)
        self._overlay_window = (0, 0, 0, 0)
        # overlay state
        self.reach: dict[int, int | str] = {}
        self.ends: set[int] = set()
        self.jumps: dict[int, str] = {}
        self.path: list[int] = []
        self.targets: dict[int, str] = {}
        self.selected: int | None = None
        self.hover: int | None = None
        self.effects = Effects()
        self._spots: list[tuple[str, float, float, float]] = []
        self.shade: dict[int, str] = {}
        self.sight: SightMark | None = None
        self.charge: set[int] | None = None
        self.front_arcs: tuple[tuple[int, tuple[int, ...], bool], ...] = ()
        self.token_discs: list[tuple[str, float, float, float]] = []
        """Every token drawn in the last frame: (piece id, screen x, y, radius)."""
        self._label_key: object = None
        self._labels: list[tuple[pygame.Surface, pygame.Rect, str, int]] = []
        self.label_rects: list[tuple[str, int, pygame.Rect]] = []
        """Every board label drawn in the last frame: (kind, cell, screen rect); kinds
        "cost", "target" (hit %, push, back, climb), "warn" (a jump's risk), "sight"."""

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
        edges: tuple[tuple[int, int, int, float], ...]
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

    def set_reach(self, costs: dict[int, int | str],
                  ends: set[int] | frozenset[int] = frozenset(),
                  jumps: dict[int, str] | None = None) -> None:
        """Cells a figure can reach with their label (MP cost); ``ends`` stop the move
        there; ``jumps`` are drawn in a warning colour with their short text ("3d6")."""
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

    def hover_cell(self, cell: int | None) -> None:
        self.hover = cell  # drawn every frame: no cache to rebuild

    # ================================================================ public: places
    def show(self, marks: Marks) -> None:
        """Highlight what ``marks`` says (places that are not cells of this board are
        left out)."""
        def cells(places: Iterable[Place]) -> list[int]:
            return [p.index for p in places if isinstance(p, Cell)]

        reach: dict[int, int | str] = {p.index: v for p, v in marks.reach.items()
                                       if isinstance(p, Cell)}
        jumps = {p.index: v for p, v in marks.warnings.items() if isinstance(p, Cell)}
        self.set_reach(reach, set(cells(marks.reach_ends)), jumps)
        self.set_targets({p.index: v for p, v in marks.targets.items() if isinstance(p, Cell)})
        self.set_path(cells(marks.path))
        sel = marks.selected
        self.set_selected(sel.index if isinstance(sel, Cell) else None)
        shade = marks.shade if isinstance(marks, HexMarks) else {}
        if shade != self.shade:
            self.shade = dict(shade)
            self._overlay_dirty = True
        self.sight = marks.sight if isinstance(marks, HexMarks) else None
        charge = marks.charge if isinstance(marks, HexMarks) else None
        fronts = marks.fronts if isinstance(marks, HexMarks) else ()
        if charge != self.charge or fronts != self.front_arcs:
            self.charge = None if charge is None else set(charge)
            self.front_arcs = tuple(fronts)
            self._overlay_dirty = True

    def set_hover(self, place: Place | None) -> None:
        """The place under the pointer (outlined)."""
        self.hover_cell(place.index if isinstance(place, Cell) else None)

    def place_at(self, sx: float, sy: float) -> Place | None:
        """The cell under screen ``(sx, sy)`` as a place (see :meth:`cell_at_screen`)."""
        c = self.cell_at_screen(sx, sy)
        return None if c is None else Cell(c)

    def screen_pos(self, place: Place) -> tuple[float, float] | None:
        """Screen position of a cell's raised top centre; None for any other place."""
        if not isinstance(place, Cell) or place.index not in self.cells:
            return None
        return self.cell_screen_pos(place.index)

    def frame(self, places: Sequence[Place]) -> None:
        """Zoom the camera onto these cells and their neighbours."""
        cells = [p.index for p in places if isinstance(p, Cell) and p.index in self.cells]
        if not cells:
            return
        near = set(cells)
        for c in cells:
            near.update(j for j in self.board.neighbours(c) if j in self.cells)
        boxes = [self.cells[c].bbox for c in near]
        self.camera.frame(min(b[0] for b in boxes), min(b[1] for b in boxes),
                          max(b[2] for b in boxes), max(b[3] for b in boxes))

    def legend(self, sides: Sequence[str]) -> list[tuple[pygame.Surface, str]]:
        """What every mark of this board means, each with a small icon drawn the way the
        board draws it (for the help overlay): the sides' rings, and every overlay."""
        size = 30

        def points() -> list[Point]:
            c = size / 2
            r = size / 2 - 2
            angle0 = math.pi / 6 if self.board.orientation == "pointy" else 0.0
            return [(c + r * math.cos(angle0 + k * math.pi / 3),
                     c + r * math.sin(angle0 + k * math.pi / 3)) for k in range(6)]

        def hexagon(fill: RGBA | None, edge: RGBA | None, width: int = 2,
                    solid: bool | None = None) -> pygame.Surface:
            s = pygame.Surface((size, size), pygame.SRCALPHA)
            pts = points()
            pygame.draw.polygon(s, (*pal.terrain_style("grass").top, 255), pts)
            if fill is not None:
                pygame.draw.polygon(s, fill, pts)
            if edge is not None and solid is not None:
                self._band(s, pts, size / 2, size / 2, edge, solid)
            elif edge is not None:
                pygame.draw.polygon(s, edge, pts, width)
            return s

        out: list[tuple[pygame.Surface, str]] = []
        for i, name in enumerate(sides):
            ring = pal.side_ring(i)
            out.append((self.tokens.token(GENERIC_KIND, i, 12, (1.0, 0.0), "ok"),
                        f"{name}: {ring} ring; the notch shows the facing"))
        pill = self._cost_pill("3", 13)
        reach = hexagon(REACH_FILL, REACH_EDGE, solid=True)
        reach.blit(pill, pill.get_rect(center=(size // 2, size // 2)))
        out.append((reach, "can move here for this many MP, and still attack after (T-7)"))
        far = hexagon(REACH_FILL, REACH_EDGE, solid=False)
        far.blit(pill, pill.get_rect(center=(size // 2, size // 2)))
        out.append((far, "can move here, not attack after: over half its MA (T-7)"))
        end = hexagon(REACH_FILL, REACH_EDGE, solid=True)
        pygame.draw.circle(end, (*pal.PAPER, 220), (size // 2, size // 2), size // 3, 2)
        out.append((end, "the move stops here: an enemy engages it (T-6)"))
        jump = hexagon(JUMP_FILL, JUMP_EDGE, solid=True)
        warn = self._cost_pill("1", 12, True)
        jump.blit(warn, warn.get_rect(center=(size // 2, size // 2)))
        out.append((jump, "a jump down (H-8); 'out': knocked out or killed"))
        front = hexagon(None, None)
        pts = [(size / 2 + (x - size / 2) * 0.8, size / 2 + (y - size / 2) * 0.8)
               for x, y in points()]
        _dashed_polygon(front, (*pal.INK, 255), pts, 4, 3)
        _dashed_polygon(front, (*FRONT, 255), pts, 2, 3)
        out.append((front, "front hexes (T-5): the selected figure's, an enemy's (red)"))
        target = pygame.Surface((size, size), pygame.SRCALPHA)
        dashed_ring(target, (*TARGET, 255), size / 2, size / 2, size / 2 - 4, 4, 12)
        out.append((target, "can be attacked (chance to hit), pushed, stepped back to"))
        path = pygame.Surface((size, size), pygame.SRCALPHA)
        pygame.draw.line(path, (*PATH, 255), (3, size - 6), (size - 8, 8), 5)
        pygame.draw.polygon(path, (*PATH, 255), [(size - 3, 3), (size - 15, 7), (size - 7, 15)])
        out.append((path, "the way the selected figure would go"))
        out.append((hexagon(None, (*SELECT, 255), 3), "the selected figure's hex"))
        out.append((hexagon(None, (*pal.PAPER, 255), 2), "the hex under the pointer"))
        lv = hexagon(None, None)
        num = self._fonts.outlined("2", 14)
        lv.blit(num, num.get_rect(center=(size // 2, size // 2)))
        out.append((lv, "the hex's level (beside a figure: the one it stands on)"))
        badge = self.tokens.token(GENERIC_KIND, 1, 12, (1.0, 0.0), "ok", "2")
        out.append((badge, "tells two figures of a side and kind apart (by name)"))
        return out

    def step(self, place: Place, dx: int, dy: int) -> Place | None:
        """The neighbouring cell whose centre lies most nearly in screen direction
        ``(dx, dy)`` from ``place``, or None if no neighbour lies that way. Of two cells
        equally near that way (up or down on pointy hexes), the one in the same Tiled
        column, so holding a key goes straight on."""
        if not isinstance(place, Cell) or place.index not in self.cells:
            return None
        b = self.board
        ox, oy = b.center(place.index)
        col = b.offset(place.index)[0]
        norm = math.hypot(dx, dy) or 1.0
        best: tuple[float, int, int] | None = None
        for j in b.neighbours(place.index):
            if j not in self.cells:
                continue
            x, y = b.center(j)
            d = math.hypot(x - ox, y - oy) or 1.0
            s = round(((x - ox) * dx + (y - oy) * dy) / (d * norm), 6)
            key = (s, b.offset(j)[0] == col, j)
            if s > 0.2 and (best is None or key[:2] > best[:2]):
                best = (key[0], int(key[1]), j)
        return None if best is None else Cell(best[2])

    def piece_at(self, sx: float, sy: float) -> str | None:
        """Id of the figure whose base is under ``(sx, sy)``, as last drawn."""
        return self.figure_at_screen(sx, sy)

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
            if inside_convex(c.top, mx, my):
                return c.index
            for (a, b), _light, lv, lo in c.faces:
                quad = [(a[0], a[1] - lv * lh), (b[0], b[1] - lv * lh),
                        (b[0], b[1] - lo * lh), (a[0], a[1] - lo * lh)]
                if inside_convex(quad, mx, my):
                    return c.index
        return None

    def figure_at_screen(self, x: float, y: float,
                         figures: Sequence[PieceView] | None = None) -> str | None:
        """Id of the figure whose base is under screen ``(x, y)`` (nearest first), as
        last drawn, or as ``figures`` would be drawn if given."""
        spots = self._spots if figures is None else self._figure_spots(figures)
        for fid, sx, sy, r in reversed(spots):
            if (x - sx) ** 2 + (y - sy) ** 2 <= r * r:
                return fid
        return None

    def figure_screen_pos(self, figure: PieceView) -> tuple[float, float]:
        """Where ``figure``'s base centre is drawn now (animations included)."""
        x, y, z, _f = self._figure_place(figure)
        sx, sy = self.camera.map_to_screen(x, y)
        return sx, sy - self.raise_px(z)

    # ================================================================ public: animation
    @property
    def busy(self) -> bool:
        """True while a move or fall animates, or a floating text has just appeared."""
        return self.effects.busy

    def animate_move(self, piece: str, places: Sequence[Place], seconds: float) -> None:
        """Slide a figure along ``places`` (cells, first to last) over ``seconds``, hopping
        up or down between levels and facing the way it goes."""
        cells = [p for p in places if isinstance(p, Cell) and p.index in self.cells]
        self.effects.move(piece, cells, seconds)

    def animate_fall(self, piece: str, start: Place, end: Place,
                     seconds: float = FALL_SECONDS) -> None:
        """Drop a figure from ``start``'s top to ``end``'s, with a little bounce."""
        if not (isinstance(start, Cell) and isinstance(end, Cell)
                and start.index in self.cells and end.index in self.cells):
            return
        self.effects.fall(piece, start, end, seconds)

    def float_text(self, place: Place, text: str, colour: Colour = pal.PAPER) -> None:
        """A short text that rises from ``place`` and fades ("-5 ST", "falls!")."""
        if isinstance(place, Cell) and place.index in self.cells:
            self.effects.float_text(place, text, colour)

    def cancel_animations(self) -> None:
        """Stop every animation now (figures jump to where their views say)."""
        self.effects.cancel()

    def update(self, dt: float) -> None:
        """Advance animations by ``dt`` seconds."""
        self.effects.update(dt)

    def _figure_place(self, v: PieceView) -> tuple[float, float, float, int]:
        """Map position (level-0 x, y), height in levels and facing of a figure now."""
        b = self.board
        facing_now = int(v.facing or 0)
        m = self.effects.moves.get(v.id)
        if m is not None:
            k, f = m.at()
            a, c = _index(m.places[k]), _index(m.places[k + 1])
            (x0, y0), (x1, y1) = b.center(a), b.center(c)
            l0, l1 = b.level(a), b.level(c)
            g = smoothstep(f)
            hop = 0.35 + 0.5 * abs(l1 - l0)
            z = l0 + (l1 - l0) * g + hop * math.sin(math.pi * f) * (1 if l1 != l0 else 0.4)
            d = b.direction(a, c)
            facing = d if d is not None else (b.bearing(a, c) if a != c else facing_now)
            return x0 + (x1 - x0) * f, y0 + (y1 - y0) * f, z, facing
        fl = self.effects.falls.get(v.id)
        if fl is not None:
            s, e = _index(fl.start), _index(fl.end)
            (x0, y0), (x1, y1) = b.center(s), b.center(e)
            l0, l1 = b.level(s), b.level(e)
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
            return x, y, z, facing_now
        cell = _index(v.place) if v.place is not None else -1
        x, y = b.center(cell) if 0 <= cell < b.n else (0.0, 0.0)
        return x, y, b.level(cell) if cell in self.cells else 0, facing_now

    # ================================================================ zoom caches
    def _check_zoom(self) -> None:
        """Swap in the scaled images of the current zoom (the last few zooms are kept, so
        wheeling in and out again costs nothing)."""
        z = self.camera.zoom
        if z != self._zoom_cache:
            if self._zoom_cache > 0:
                self._zoom_caches[self._zoom_cache] = self._zc
            kept = self._zoom_caches.pop(z, None)
            self._zc = kept if kept is not None else _ZoomCache()
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
                arr = texture(pal.terrain_style(terrain), 2 * b.tile_width,
                               2 * b.tile_height, variant)
                big = pygame.surfarray.make_surface(arr)
                self._textures[(terrain, variant)] = big
            base = pygame.transform.smoothscale(big, (tw, th))
            self._zc.tops[base_key] = base
        s = base.copy()
        tint(s, level_factor(level))
        s.blit(self._hex_mask(tw, th), (0, 0))
        pygame.draw.polygon(s, pal.shade(pal.terrain_style(terrain).top, 0.42),
                            self._hex_points(tw, th), 1)
        if self.visible["levels"]:
            num = self._number(level)
            if num is not None:
                nw, nh = num.get_size()
                s.blit(num, (round(tw / 2 - nw / 2),
                             round(th / 2 - b.tile_height * z * 0.30 - nh / 2)))
        s = optimise(s)
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
            s = optimise(self._fonts.outlined(str(level), size), alpha=True)
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
            for (a, q), _l, _lv, bottom in self.cells[i].faces:
                if bottom <= floor:
                    lo = floor * lh
                    ax, ay = ox + a[0] * z, oy + a[1] * z - lo
                    bx, by = ox + q[0] * z, oy + q[1] * z - lo
                    draw_poly(surf, dark, [(ax, ay), (bx, by), (bx + d, by + d), (ax + d, ay + d)])
        for i in order:
            c = self.cells[i]
            terrain = c.terrain
            lv = c.level
            # side faces, one band per level, darker lower down
            for (a, q), light, top_lv, bottom in c.faces:
                ax, ay = ox + a[0] * z, oy + a[1] * z
                bx, by = ox + q[0] * z, oy + q[1] * z
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
        out: set[int] = set(self.shade)
        if self.visible["reach"]:
            out |= set(self.reach) | set(self.jumps)
        if self.visible["path"]:
            out |= set(self.path)
        if self.visible["targets"]:
            out |= set(self.targets)
        if self.visible["selected"] and self.selected is not None:
            out.add(self.selected)
        if self.visible["selected"]:
            for _c, front, _enemy in self.front_arcs:
                out.update(front)
        return {c for c in out if c in self.cells}

    def _number_at(self, cx: float, cy: float, level: int
                   ) -> tuple[pygame.Surface, tuple[int, int]] | None:
        """A cell's level number and where the map draws it (to the pixel), for a cell
        whose raised top is centred at ``(cx, cy)`` on a surface; None if hidden."""
        if not self.visible["levels"]:
            return None
        num = self._number(level)
        if num is None:
            return None
        z = self.camera.zoom
        b = self.board
        tw, th = int(math.ceil(b.tile_width * z)) + 2, int(math.ceil(b.tile_height * z)) + 2
        x0 = math.floor(cx - (tw - 1) / 2 + 0.5)
        y0 = math.floor(cy - (th - 1) / 2 + 0.5)
        nw, nh = num.get_size()
        return num, (x0 + round(tw / 2 - nw / 2),
                     y0 + round(th / 2 - b.tile_height * z * 0.30 - nh / 2))

    def _keep_number(self, surf: pygame.Surface, cx: float, cy: float, level: int) -> None:
        """Clear the overlay where a cell's level number is drawn on the map, so the number
        shows through every mark exactly as on the bare map."""
        num = self._number_at(cx, cy, level)
        if num is None:
            return
        key = f"erase:{level}"
        eraser = self._zc.labels.get(key)
        if eraser is None:
            alpha = pygame.surfarray.array_alpha(num[0])
            eraser = pygame.Surface(num[0].get_size(), pygame.SRCALPHA)
            eraser.fill((255, 255, 255, 255))
            ea = pygame.surfarray.pixels_alpha(eraser)
            ea[alpha > 0] = 0
            del ea
            self._zc.labels[key] = eraser
        surf.blit(eraser, num[1], special_flags=pygame.BLEND_RGBA_MULT)

    def _band(self, surf: pygame.Surface, top: list[Point], cx: float, cy: float,
              colour: RGBA, solid: bool) -> None:
        """A hex's edge mark: a solid inner band, or a thin dashed edge (the shape tells
        them apart without colour)."""
        z = self.camera.zoom
        if solid:
            k = 1 - CHARGE_BAND
            inner = [(cx + (x - cx) * k, cy + (y - cy) * k) for x, y in top]
            for a in range(6):
                b = (a + 1) % 6
                pygame.draw.polygon(surf, colour, [top[a], top[b], inner[b], inner[a]])
            return
        edge = [(cx + (x - cx) * 0.94, cy + (y - cy) * 0.94) for x, y in top]
        _dashed_polygon(surf, colour, edge, max(2, int(2 * z)), 2)

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
        m = int(self.base_radius * 2.2 + 40 * max(1.0, z))  # room for rings
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
        charge = self.charge if self.visible["reach"] else None
        fronts: dict[int, bool] = {}
        if self.visible["selected"]:
            for _cell, front, enemy in self.front_arcs:
                for fc in front:
                    fronts[fc] = fronts.get(fc, False) or enemy
        bx0, by0 = (ax - pad) / z, (ay - top_pad) / z
        bx1, by1 = bx0 + surf.get_width() / z, by0 + surf.get_height() / z
        # only stacks nearer than a highlighted cell and overlapping it need to hide it
        lit = [self._rank[c] for c in (set(reach) | set(jumps) | set(self.shade)
                                       | set(fronts)) if c in self._rank]
        todo: Iterable[int] = ()
        if lit:
            bb = self._bbox
            hb = bb[lit]
            ranks = np.arange(len(self.order))[:, None]
            over = ((bb[:, None, 2] >= hb[None, :, 0]) & (bb[:, None, 0] <= hb[None, :, 2])
                    & (bb[:, None, 3] >= hb[None, :, 1]) & (bb[:, None, 1] <= hb[None, :, 3])
                    & (ranks > np.array(lit)[None, :]))
            need = np.asarray(over.any(axis=1), dtype=bool)
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
            marked = False
            if i in self.shade:
                pygame.draw.polygon(surf, SHADES[self.shade[i]], top)
                marked = True
            if i in jumps or i in reach:
                fill, edge = (JUMP_FILL, JUMP_EDGE) if i in jumps else (REACH_FILL, REACH_EDGE)
                pygame.draw.polygon(surf, fill, top)
                self._band(surf, top, cx, cy, edge, charge is None or i in charge)
                marked = True
            if i in ends and (i in reach or i in jumps):
                inner = [(cx + (x - cx) * 0.62, cy + (y - cy) * 0.62) for x, y in top]
                pygame.draw.polygon(surf, (*pal.PAPER, 220), inner, max(2, int(2 * z)))
            if i in fronts:
                arc = [(cx + (x - cx) * 0.80, cy + (y - cy) * 0.80) for x, y in top]
                w = max(2, int(2.5 * z))
                _dashed_polygon(surf, (*pal.INK, 255), arc, w + 2, 3)
                _dashed_polygon(surf, (*(ENEMY_FRONT if fronts[i] else FRONT), 255), arc, w, 3)
                marked = True
            if marked:  # heights stay readable: the level number over every mark
                self._keep_number(surf, cx, cy, c.level)
        # selection, target rings and the path are drawn on top of everything
        r = self.base_radius
        if self.visible["selected"] and self.selected in self.cells:
            c = self.cells[self.selected]
            top = [(ox + x * z, oy + y * z) for x, y in c.top]
            pygame.draw.polygon(surf, (*pal.INK, 255), top, max(4, int(5 * z)))
            pygame.draw.polygon(surf, (*SELECT, 255), top, max(2, int(3 * z)))
        if self.visible["targets"]:
            for i in self.targets:
                if i not in self.cells:
                    continue
                c = self.cells[i]
                cx, cy = ox + c.centre[0] * z, oy + c.centre[1] * z
                rr = r * 1.22
                dashed_ring(surf, (*pal.INK, 255), cx, cy, rr, max(5, int(r * 0.28)), 12)
                dashed_ring(surf, (*TARGET, 255), cx, cy, rr, max(3, int(r * 0.17)), 12)
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
            for k in self.path:  # the path does not hide the heights it crosses
                pc = self.cells.get(k)
                if pc is not None:
                    self._keep_number(surf, ox + pc.centre[0] * z, oy + pc.centre[1] * z,
                                      pc.level)
        self._overlay = optimise(surf, alpha=True)
        self._overlay_at = (ax, ay)

    # ================================================================ labels
    def _label_specs(self) -> list[tuple[str, int, list[pygame.Surface]]]:
        """Every board label to lay out, in the order they claim room: what clicking a
        ringed hex does (hit %, push, back, climb), the MP costs (a warning triangle in a
        jump's), then each jump's risk (the hovered one first); each with shorter forms
        to fall back on."""
        z = self.camera.zoom
        th = self.board.tile_height * z
        size = max(TEXT_MIN, int(round(th * 0.22)))
        small = max(TEXT_MIN, int(round(th * 0.17)))
        out: list[tuple[str, int, list[pygame.Surface]]] = []
        if self.visible["targets"]:
            for i, text in self.targets.items():
                if text:
                    out.append(("target", i, [self._text_pill(t, max(size - 1, TEXT_MIN),
                                                              "target")
                                              for t in _shorter(text)]))
        if self.visible["reach"]:
            for i, cost in self.reach.items():
                out.append(("cost", i, [self._cost_pill(cost, size, i in self.jumps)]))
            for i in self.jumps:
                if i not in self.reach:
                    out.append(("cost", i, [self._cost_pill("", size, True)]))
        if self.visible["reach"]:
            order = sorted(self.jumps, key=lambda c: (c != self.hover, c))
            for i in order:
                if self.jumps[i]:
                    out.append(("warn", i, [self._text_pill(t, small, "warn")
                                            for t in _shorter(self.jumps[i])]))
        return out

    def _text_pill(self, text: str, size: int, style: str) -> pygame.Surface:
        key = f"{style}:{size}:{text}"
        t = self._zc.labels.get(key)
        if t is None:
            if style == "target":
                t = self._fonts.pill(text, size, pal.INK, (*TARGET, 240), pal.INK)
            else:
                t = self._fonts.pill(text, size, pal.PAPER, (*pal.INK, 225), pal.ORANGE)
            self._zc.labels[key] = t
        return t

    def _obstacles(self, figures: Sequence[PieceView]
                   ) -> tuple[list[tuple[float, float, float]], list[pygame.Rect]]:
        """What no label may cover: token discs (circles) and what is drawn with them
        (health bars, names, level badges), in screen pixels; figures that are moving
        now are left out (the layout holds while they move)."""
        discs: list[tuple[float, float, float]] = []
        rects: list[pygame.Rect] = []
        r = self.base_radius
        for v in figures:
            if v.status == "dead" or v.id in self.effects.moves or v.id in self.effects.falls:
                continue
            sx, sy = self.figure_screen_pos(v)
            big = r * _token_scale(v.size)
            discs.append((sx, sy, big * 1.12))
            for s, at in self._token_extras(v, sx, sy):
                rects.append(s.get_rect(topleft=at))
        return discs, rects

    def _layout_labels(self, figures: Sequence[PieceView]) -> None:
        """Place every label where it covers no token, nothing drawn with one and no other
        label (a label that finds no room is left out: the panel says it all on hover)."""
        specs = self._label_specs()
        discs, hard = self._obstacles(figures)
        key = (self.camera.zoom, round(self.camera.ox, 1), round(self.camera.oy, 1),
               tuple((round(x), round(y)) for x, y, _r in discs),
               self.hover if self.hover in self.jumps else None,
               tuple(self.visible.values()),
               tuple((k, i, tuple(id(s) for s in ss)) for k, i, ss in specs))
        if key == self._label_key:
            return
        self._label_key = key
        grid = _Grid()
        for rc in hard:
            grid.add(rc)
        z = self.camera.zoom
        th = self.board.tile_height * z
        rr = self.base_radius * 1.22
        placed: list[tuple[pygame.Surface, pygame.Rect, str, int]] = []
        costs: dict[int, pygame.Rect] = {}
        view = pygame.Rect((0, 0), self.camera.view)
        for kind, i, forms in specs:
            if i not in self.cells:
                continue
            cx, cy = self.cell_screen_pos(i)
            if not view.collidepoint(cx, cy) or not self._top_shows(i, kind != "cost"):
                continue  # off screen, or its top hidden behind a nearer stack
            num = self._number_at(cx, cy, self.cells[i].level)
            soft = num[0].get_rect(topleft=num[1]) if num is not None else None
            for s in forms:
                w, h = s.get_size()
                if kind == "cost":
                    below = (soft.bottom - 1) if soft is not None else cy - h / 2
                    cands = [(cx - w / 2, max(cy - h / 2, below)),
                             (cx - w / 2, cy + th * 0.2 - h / 2), (cx - w / 2, cy - h / 2)]
                elif kind == "target":
                    cands = [(cx + rr + 1, cy - h / 2), (cx - rr - 1 - w, cy - h / 2),
                             (cx - w / 2, cy + rr + 1), (cx - w / 2, cy - rr - 1 - h),
                             *_around(cx, cy, rr + 1, w, h), *_around(cx, cy, rr * 1.9, w, h)]
                else:
                    under = costs[i].bottom + 1 if i in costs else cy + th * 0.30
                    cands = [(cx - w / 2, under), (cx - w / 2, cy - th * 0.5 - h),
                             (cx + th * 0.42, cy - h / 2), (cx - th * 0.42 - w, cy - h / 2),
                             (cx - w / 2, under + h + 1), *_around(cx, cy, th * 0.45, w, h)]
                best: pygame.Rect | None = None
                for x, y in cands:
                    rc = pygame.Rect(round(x), round(y), w, h)
                    if not view.contains(rc) or grid.hits(rc) or any(
                            _disc_hits(d, rc) for d in discs):
                        continue
                    if soft is not None and kind != "cost" and rc.colliderect(soft):
                        best = best or rc  # covers its own level number: a last resort
                        continue
                    best = rc
                    break
                if best is not None:
                    grid.add(best)
                    if kind == "cost":
                        costs[i] = best
                    placed.append((s, best.move(-round(self.camera.ox), -round(self.camera.oy)),
                                   kind, i))
                    break
        self._labels = placed

    def _top_shows(self, cell: int, partly: bool) -> bool:
        """Whether ``cell``'s raised top is seen at its centre (``partly``: or halfway to
        any corner), not hidden behind a nearer, taller stack."""
        c = self.cells[cell]
        pts = [c.centre]
        if partly:
            pts += [((x + c.centre[0]) / 2, (y + c.centre[1]) / 2) for x, y in c.top]
        return any(self.cell_at_screen(*self.camera.map_to_screen(x, y)) == cell
                   for x, y in pts)

    def _draw_labels(self, surface: pygame.Surface, figures: Sequence[PieceView]) -> None:
        self._layout_labels(figures)
        ox, oy = round(self.camera.ox), round(self.camera.oy)
        self.label_rects = []
        seq = []
        for s, rc, kind, i in self._labels:
            at = rc.move(ox, oy)
            seq.append((s, at.topleft))
            self.label_rects.append((kind, i, at))
        if seq:
            surface.fblits(seq)

    def _cost_pill(self, cost: int | str, size: int, warn: bool = False) -> pygame.Surface:
        """An MP cost as outlined digits in the reach's colour (the level number above it
        is light: the two never read alike); a jump's in orange after a warning triangle
        (the shape tells it apart without colour)."""
        key = f"cost:{cost}:{size}:{warn}"
        t = self._zc.labels.get(key)
        if t is None:
            colour = COST_WARN if warn else COST
            text = self._fonts.outlined(str(cost), size, colour, pal.INK) if cost != "" \
                else None
            if not warn:
                assert text is not None
                t = text
            else:
                h = text.get_height() if text is not None else self._fonts.get(size).get_height()
                tri = max(8.0, h * 0.62)
                w = int(tri * 1.2 + 2 + (text.get_width() if text is not None else 0))
                t = pygame.Surface((w, h), pygame.SRCALPHA)
                x, y = tri * 0.6, h / 2 + 1
                pts = [(x, y - tri / 2), (x + tri * 0.6, y + tri / 2),
                       (x - tri * 0.6, y + tri / 2)]
                pygame.draw.polygon(t, (*COST_WARN, 255), pts)
                pygame.draw.polygon(t, (*pal.INK, 255), pts, 2)
                if text is not None:
                    t.blit(text, (int(tri * 1.2 + 2), 0))
            t = optimise(t, alpha=True)
            self._zc.labels[key] = t
        return t

    # ================================================================ figures
    def _facing_vector(self, facing: int) -> tuple[float, float]:
        return self.board.direction_vector(facing % 6)

    def _figure_spots(self, figures: Iterable[PieceView]
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

    def _token_extras(self, v: PieceView, sx: float, sy: float
                      ) -> list[tuple[pygame.Surface, tuple[int, int]]]:
        """What is drawn with a token besides its base: the health bar over it, its name
        under it (when there is room) and the level of its hex beside it (a token would
        hide its own hex's level number)."""
        r = self.base_radius
        big = r * _token_scale(v.size)
        out: list[tuple[pygame.Surface, tuple[int, int]]] = []
        if v.status != "unconscious" and v.health_max > 0:
            bar = self.tokens.bar(v.health, v.health_max, r)
            out.append((bar, (round(sx - bar.get_width() / 2),
                              round(sy - big - bar.get_height() - 3))))
        if r >= LABEL_MIN_RADIUS and v.name:
            lab = self.tokens.label(v.name, r)
            out.append((lab, (round(sx - lab.get_width() / 2), round(sy + big + 1))))
        cell = _index(v.place) if v.place is not None else -1
        if cell in self.cells and self.visible["levels"]:
            num = self._number(self.cells[cell].level)
            if num is not None:
                nw, nh = num.get_size()
                out.append((num, (round(sx - big * 0.98 - nw / 2),
                                  round(sy + big * 0.58 - nh / 2))))
        return out

    def _draw_figures(self, surface: pygame.Surface, figures: Sequence[PieceView]) -> None:
        r = self.base_radius
        items: list[tuple[float, int, list[tuple[pygame.Surface, tuple[int, int]]]]] = []
        spots: list[tuple[str, float, float, float]] = []
        badges = token_badges(figures)
        for v in figures:
            if v.footprint and v.status != "dead" and v.id not in self.effects.moves:
                self._draw_footprint(surface, v)
        for n, v in enumerate(figures):
            if v.status == "dead":
                continue
            x, y, zl, facing = self._figure_place(v)
            sx, sy = self.camera.map_to_screen(x, y)
            sy -= self.raise_px(zl)
            pose = _pose(v)
            big = r * _token_scale(v.size)  # H-15: a bigger figure, a bigger token
            fs = self.tokens.token(v.kind, self.side_index.get(v.side, 0), big,
                                   self._facing_vector(facing), pose, badges.get(v.id, ""))
            blits = [(fs, (round(sx - fs.get_width() / 2), round(sy - fs.get_height() / 2)))]
            if v.ring:
                ring = self._ring(v.ring, r)
                blits.append((ring, (round(sx - ring.get_width() / 2),
                                     round(sy - ring.get_height() / 2))))
            blits += self._token_extras(v, sx, sy)
            items.append((sy, n, blits))
            spots.append((v.id, sx, sy, r))
        items.sort(key=lambda t: (t[0], t[1]))
        seq = [b for _y, _n, bl in items for b in bl]
        if seq:
            surface.fblits(seq)
        spots.sort(key=lambda t: t[2])
        self._spots = spots
        self.token_discs = [(fid, x, y, rr * _token_scale(
            next((v.size for v in figures if v.id == fid), 1))) for fid, x, y, rr in spots]

    def _draw_footprint(self, surface: pygame.Surface, v: PieceView) -> None:
        """H-15: a multi-hex figure's body over every hex it covers, in its side's colour
        with a dark rim (drawn under the tokens)."""
        colour = pal.side_colour(self.side_index.get(v.side, 0))
        z = self.camera.zoom
        for p in v.footprint:
            if not isinstance(p, Cell) or p.index not in self.cells:
                continue
            c = self.cells[p.index]
            pts = [self.camera.map_to_screen(x, y) for x, y in c.top]
            inner = [(c0 + (x - c0) * 0.86, c1 + (y - c1) * 0.86) for (x, y) in pts
                     for c0, c1 in [self.camera.map_to_screen(*c.centre)]]
            pygame.draw.polygon(surface, pal.shade(colour, 0.75), inner)
            pygame.draw.polygon(surface, pal.INK, inner, max(2, int(2 * z)))

    def _ring(self, ring: str, r: float) -> pygame.Surface:
        """A dashed ring round a token for a rules mark ("clinging", "kneeling")."""
        key = f"ring:{ring}:{int(r)}"
        t = self._zc.labels.get(key)
        if t is None:
            size = int(r * 2.9) + 4
            t = pygame.Surface((size, size), pygame.SRCALPHA)
            col = pal.ORANGE if ring == "clinging" else pal.PURPLE
            dashed_ring(t, (*pal.INK, 255), size / 2, size / 2, r * 1.32, max(4, int(r * .2)), 10)
            dashed_ring(t, (*col, 255), size / 2, size / 2, r * 1.32, max(2, int(r * .12)), 10)
            self._zc.labels[key] = t
        return t

    def _draw_sight(self, surface: pygame.Surface) -> None:
        """The 3D sight line of a shot: sky where clear, vermillion from where the
        terrain blocks it, a yellow ring at each figure in the way, a small grey mark at
        each figure it passes over, and its label (range band, DX) at the target."""
        s = self.sight
        if s is None or s.start not in self.cells or s.end not in self.cells:
            return
        b = self.board

        def at(cell: int, zz: float) -> tuple[float, float]:
            x, y = self.camera.map_to_screen(*b.center(cell))
            return x, y - self.raise_px(zz)

        pts = [at(s.start, s.za)] + [at(c, zz) for c, zz, _k in s.points] + [at(s.end, s.zb)]
        kinds = ["clear"] + [k for _c, _z, k in s.points] + ["clear"]
        w = max(3, int(3 * self.camera.zoom))
        blocked = False
        for k in range(len(pts) - 1):
            blocked = blocked or kinds[k] == "blocked"
            col = pal.VERMILLION if blocked else pal.SKY
            pygame.draw.line(surface, pal.INK, pts[k], pts[k + 1], w + 4)
            pygame.draw.line(surface, col, pts[k], pts[k + 1], w)
        for (x, y), kind in zip(pts, kinds, strict=True):
            if kind == "blocked":
                d = 9
                pygame.draw.line(surface, pal.VERMILLION, (x - d, y - d), (x + d, y + d), 5)
                pygame.draw.line(surface, pal.VERMILLION, (x - d, y + d), (x + d, y - d), 5)
            elif kind == "in_way":
                pygame.draw.circle(surface, pal.INK, (x, y), 12, 5)
                pygame.draw.circle(surface, pal.YELLOW, (x, y), 12, 3)
            elif kind == "over":
                pygame.draw.circle(surface, pal.PAPER, (x, y), 5)
        if s.label:
            size = max(TEXT_MIN + 1, int(round(self.board.tile_height * self.camera.zoom * .24)))
            t = self._fonts.pill(s.label, size, pal.INK, (*pal.PAPER, 235), pal.INK)
            x, y = pts[-1]
            w, h = t.get_size()
            rr = self.base_radius * 1.3
            taken = [rc for _k, _i, rc in self.label_rects]
            cands = [(x - w / 2, y - rr - h - 12), (x - w / 2, y + rr + 4),
                     (x + rr + 4, y - h / 2), (x - rr - 4 - w, y - h / 2)]
            for cx, cy in cands:  # no room: the hover tip says the same
                rc = pygame.Rect(round(cx), round(cy), w, h)
                if not any(rc.colliderect(o) for o in taken) and not any(
                        _disc_hits((dx, dy, dr * 1.12), rc)
                        for _f, dx, dy, dr in self.token_discs):
                    surface.blit(t, rc)
                    self.label_rects.append(("sight", s.end, rc))
                    break

    # ================================================================ frame
    def draw(self, surface: pygame.Surface, figures: Sequence[PieceView] = ()) -> None:
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
        self._draw_labels(surface, figures)
        if self.visible["path"]:
            self._draw_sight(surface)
        self._draw_floats(surface)

    def _draw_floats(self, surface: pygame.Surface) -> None:
        if not self.effects.floats:
            return
        size = max(18, int(self.board.tile_height * self.camera.zoom * 0.3))
        self.effects.draw_floats(surface, self._fonts, self.screen_pos, size, self.base_radius)


def _index(place: Place) -> int:
    """The flat index of a cell place (-1 for any other place: off this board)."""
    return place.index if isinstance(place, Cell) else -1
