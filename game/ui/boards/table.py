"""The continuous table, drawn from above with terrain raised by its height.

The view takes a :class:`~game.boards.table.Table` and the match's
:class:`~game.core.ruleset.PieceView` records and knows nothing of the rules: the
controller says what to show in :class:`TableMarks` (the ruler of a move, lines of
sight, rings for blasts and ranges, the height each piece stands at). Map pixels are
``PX`` per unit; the :class:`~game.ui.camera.Camera` scales and moves them.

Terrain reads at a glance: ground areas (rough ground, water, pools, forests) are
textured and flat, with their height written on them when it matters; solid pieces
(crates, buildings, trees) are prisms whose top is raised by their height and whose
side faces towards the viewer are shaded; linear obstacles are thick lines (walls grey,
fences brown with posts, barbed wire spiked); vantage roofs are striped; ladders show
rungs and doors a gap. The terrain is drawn once per zoom into a cached surface; the
marks, the minis (round bases from :mod:`game.ui.tokens`) and the animations
(:mod:`game.ui.effects`) are drawn each frame.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Literal

import pygame

from game.boards.table import Piece, Table
from game.core.places import Place, Point
from game.core.ruleset import PieceView
from game.ui import palette as pal
from game.ui.boards import Marks
from game.ui.camera import Camera
from game.ui.drawing import BoardFonts, dashed_ring, optimise, smoothstep
from game.ui.effects import FALL_SECONDS, Effects
from game.ui.palette import Colour
from game.ui.textures import texture
from game.ui.tokens import SPRITES, TokenPainter

PX = 32
"""Map pixels per unit."""
RISE = 0.45
"""Units of screen height one unit of terrain height (Ht) is drawn as."""
TEXT_MIN = 12
MIN_RADIUS = 9.0
"""Bases are drawn at least this many screen pixels in radius (when the whole table is in
view they would be smaller than a finger's worth of pixels)."""
LABEL_MIN_RADIUS = 12
"""Mini names show when a base is at least this many screen pixels in radius."""
MAX_CACHE_PIXELS = 6_000_000
"""Above this the cached terrain covers the view and a margin, not the whole table."""
WINDOW_MARGIN = 300

OVERLAYS = ("ruler", "sight", "rings", "labels", "hover")

Vec = tuple[float, float]
ToScreen = Callable[..., Vec]
"""Table units (x, y and an optional height) to pixels of the cached terrain surface."""
RayState = Literal["seen", "part", "blocked"]


# ============================================================================== marks
@dataclass
class Ruler:
    """A move being measured: its path, how it reads, and what stops it."""

    path: tuple[Point, ...]
    ok: bool
    lines: tuple[str, ...]
    """The text beside its end: "5.2 used, 2.8 left", "severe ground x2"..."""
    blocked_at: Point | None = None
    warnings: tuple[tuple[Point, str], ...] = ()
    """Places on the way with a warning (a fall and its damage)."""


@dataclass
class Rays:
    """Lines of sight from an eye to a target's columns, each with how much got through."""

    eye: Point
    ends: tuple[tuple[Point, float], ...]
    label: str = ""


@dataclass
class Ring:
    """A circle on the table: a blast, a range, the reach of a move."""

    at: Point
    radius: float
    """In units."""
    kind: Literal["blast", "range", "reach", "deploy"]
    label: str = ""


@dataclass
class TableMarks(Marks):
    """What a table shows besides the shell's marks (see the module text)."""

    levels: dict[str, int] = field(default_factory=dict)
    """Piece id -> the height (units) it stands at; 0 if not given."""
    ruler: Ruler | None = None
    rays: list[Rays] = field(default_factory=list)
    rings: list[Ring] = field(default_factory=list)
    lines: list[tuple[Point, Point, str]] = field(default_factory=list)
    """Extra lines: (from, to, kind) with kind "throw", "bounce", "push"."""
    zones: list[tuple[float, float, float, float]] = field(default_factory=list)
    """Rectangles (x0, y0, x1, y1 in units) to shade: where a side may deploy."""
    ghost: tuple[Point, float, bool, str] | None = None
    """A base to be placed: where, its radius in units, whether it may go there, why."""
    spots: list[Point] = field(default_factory=list)
    """Small dots: candidate points (deployment)."""


# ============================================================================== styles
@dataclass(frozen=True)
class Style:
    top: Colour
    side: Colour
    pattern: str
    """"grass", "dirt", "rock", "water", "sand", "plain" (a texture), or "" (flat)."""
    solid: bool
    """Drawn raised (a prism), else flat on the table."""


STYLES: dict[str, Style] = {
    "forest": Style((46, 104, 52), (34, 74, 38), "grass", False),
    "trees": Style((58, 120, 56), (92, 66, 40), "", True),
    "rough": Style((150, 128, 78), (110, 90, 56), "dirt", False),
    "deep_water": Style((40, 100, 176), (24, 62, 112), "water", False),
    "caustic_pool": Style((130, 168, 60), (80, 110, 40), "water", False),
    "trapped": Style((150, 70, 60), (100, 50, 44), "dirt", False),
    "obstacle": Style((168, 124, 74), (118, 84, 48), "", True),
    "building": Style((150, 92, 82), (104, 74, 66), "", True),
    "ruin": Style((150, 146, 136), (104, 100, 94), "", True),
    "vantage": Style((170, 164, 150), (116, 110, 100), "", True),
    "ladder": Style((196, 150, 86), (140, 100, 50), "", False),
    "stairs": Style((196, 180, 150), (140, 126, 100), "", False),
    "door": Style((120, 96, 70), (90, 70, 50), "", False),
}
PLAIN = Style((150, 150, 150), (100, 100, 100), "", True)
LINE_STYLES: dict[str, tuple[Colour, Colour]] = {
    "wall": ((170, 166, 158), (90, 88, 84)),
    "fence": ((176, 128, 72), (96, 66, 36)),
    "barbed_wire": ((120, 120, 124), (60, 60, 64)),
}
GRASS = pal.TerrainStyle((88, 140, 64), (70, 110, 50), "grass")


def _style(p: Piece) -> Style:
    return STYLES.get(p.kind, PLAIN)


def _ht(p: Piece) -> int:
    """The height drawn: the map's own, else the usual for its kind (pure drawing)."""
    if p.ht is not None:
        return p.ht
    return {"forest": 5, "trees": 5, "obstacle": 5, "building": 5, "ruin": 3, "wall": 1,
            "fence": 1, "barbed_wire": 1}.get(p.kind, 0)


def _pose(p: PieceView) -> str:
    return "unconscious" if p.status == "unconscious" else "ok"


class TableBoardView:
    """Draws one Table, its marks, its minis and their animations at a Camera."""

    pieces_share_places = False
    """One piece to a place: the place under the pointer tells the piece."""

    def __init__(self, board: Table, view_size: tuple[int, int] = (1280, 720), *,
                 sides: Sequence[str] = (), sprites: Path = SPRITES) -> None:
        self.board = board
        self.visible: dict[str, bool] = dict.fromkeys(OVERLAYS, True)
        self._fonts = BoardFonts()
        self.tokens = TokenPainter(sprites, self._fonts)
        self.side_index = {s: i for i, s in enumerate(sides)}
        top = max((_ht(p) for p in board.pieces), default=0) * RISE * PX
        self.extent = (-8.0, -top - 8, board.width * PX + 8, board.height * PX + 8)
        self.camera = Camera(self.extent, view_size)
        self.camera.fit()
        self.marks = TableMarks()
        self.hover: Point | None = None
        self.effects = Effects()
        self._map: pygame.Surface | None = None
        self._map_zoom = -1.0
        self._window = (0, 0, 0, 0)
        self._textures: dict[tuple[str, int], pygame.Surface] = {}
        self._spots: list[tuple[str, float, float, float]] = []
        self._spots_camera: tuple[float, int, int] = (0.0, 0, 0)
        self._placed: list[tuple[str, float, float, float, float]] = []
        """Each mini drawn last: id, table x, y, height, base radius in units."""

    # ================================================================ protocol
    def resize(self, view_size: tuple[int, int]) -> None:
        self.camera.resize(view_size)

    def show(self, marks: Marks) -> None:
        self.marks = marks if isinstance(marks, TableMarks) else TableMarks(
            reach=marks.reach, targets=marks.targets, path=marks.path,
            selected=marks.selected)

    def set_hover(self, place: Place | None) -> None:
        self.hover = place if isinstance(place, Point) else None

    def toggle_overlay(self, name: str) -> bool:
        if name not in self.visible:
            raise ValueError(f"unknown overlay {name!r}; one of {', '.join(OVERLAYS)}")
        self.visible[name] = not self.visible[name]
        return self.visible[name]

    def place_at(self, sx: float, sy: float) -> Place | None:
        """The point of the table under screen ``(sx, sy)`` (on the ground)."""
        mx, my = self.camera.screen_to_map(sx, sy)
        x, y = mx / PX, my / PX
        if not (0 <= x <= self.board.width and 0 <= y <= self.board.height):
            return None
        return Point.of(x, y)

    def screen_pos(self, place: Place) -> tuple[float, float] | None:
        """Where a point on the ground is drawn."""
        if not isinstance(place, Point):
            return None
        x, y = place.units
        return self.camera.map_to_screen(x * PX, y * PX)

    def frame(self, places: Sequence[Place]) -> None:
        """Zoom onto these points with a few units round them, room above for the top of
        every terrain piece that stands among them (pieces are drawn rising by their
        height: a cliff a demo's mini falls from is seen to its top)."""
        pts = [p.units for p in places if isinstance(p, Point)]
        if not pts:
            return
        m = 4.0
        xs, ys = [x for x, _ in pts], [y for _, y in pts]
        x0, y0, x1, y1 = min(xs) - m, min(ys) - m, max(xs) + m, max(ys) + m
        top = y0
        for piece in self.board.pieces:
            px = [x for x, _ in piece.points]
            py = [y for _, y in piece.points]
            if not px or max(px) < x0 or min(px) > x1 or max(py) < y0 or min(py) > y1:
                continue
            top = min(top, max(min(py), y0) - _ht(piece) * RISE)
        self.camera.frame(x0 * PX, top * PX, x1 * PX, y1 * PX)

    def step(self, place: Place, dx: int, dy: int) -> Place | None:
        """The keyboard cursor moves half a unit a press; None off the table."""
        if not isinstance(place, Point):
            return None
        x, y = place.units
        x, y = x + 0.5 * dx, y + 0.5 * dy
        if not (0 <= x <= self.board.width and 0 <= y <= self.board.height):
            return None
        return Point.of(x, y)

    def legend(self, sides: Sequence[str]) -> list[tuple[pygame.Surface, str]]:
        """What each mark on the table means, each with a small icon drawn as the table
        draws it (for the help overlay)."""
        size = 30

        def icon() -> pygame.Surface:
            return pygame.Surface((size, size), pygame.SRCALPHA)

        out: list[tuple[pygame.Surface, str]] = []
        for i, name in enumerate(sides):
            out.append((self.tokens.token("generic", i, 12, (1.0, 0.0), "ok"),
                        f"{name}: {pal.side_ring(i)} ring"))
        ruler = icon()
        pygame.draw.line(ruler, pal.INK, (3, size - 6), (size - 3, 6), 6)
        pygame.draw.line(ruler, pal.SKY, (3, size - 6), (size - 3, 6), 3)
        out.append((ruler, "a move being dragged: used and left (red: it cannot go)"))
        for colour, text in ((pal.BLUISH_GREEN, "a line of sight that sees all of it"),
                             (pal.YELLOW, "a line that sees part of it (cover)")):
            s = icon()
            pygame.draw.line(s, pal.INK, (2, size // 2), (size - 2, size // 2), 4)
            pygame.draw.line(s, colour, (2, size // 2), (size - 2, size // 2), 2)
            out.append((s, text))
        blocked = icon()
        _dashed(blocked, (2, size // 2), (size - 2, size // 2), pal.VERMILLION)
        out.append((blocked, "a line of sight that is blocked"))
        for colour, text in ((pal.SKY, "how far a mini can still move"),
                             (pal.YELLOW, "an enemy weapon's range"),
                             (pal.VERMILLION, "an explosive's blast (both sides)")):
            s = icon()
            pygame.draw.circle(s, pal.INK, (size // 2, size // 2), size // 2 - 2, 4)
            pygame.draw.circle(s, colour, (size // 2, size // 2), size // 2 - 3, 2)
            out.append((s, text))
        throw = icon()
        pygame.draw.arc(throw, pal.ORANGE, (2, 6, size - 4, size), 0.3, 2.8, 3)
        out.append((throw, "a throw's arc over what is in the way"))
        return out

    def unit_screen(self, x: float, y: float, z: float = 0.0) -> tuple[float, float]:
        """Screen position of table point ``(x, y)`` at height ``z`` (units)."""
        sx, sy = self.camera.map_to_screen(x * PX, y * PX)
        return sx, sy - z * RISE * PX * self.camera.zoom

    def piece_at(self, sx: float, sy: float) -> str | None:
        """The mini whose base is drawn under ``(sx, sy)`` (the nearest on top)."""
        cam = (self.camera.zoom, self.camera.ox, self.camera.oy)
        if cam != self._spots_camera:  # moved since the last frame: where they are now
            self._spots = sorted(((fid, *self.unit_screen(x, y, z), r * self.base_scale)
                                  for fid, x, y, z, r in self._placed), key=lambda t: t[2])
            self._spots_camera = cam
        for fid, x, y, r in reversed(self._spots):
            if (sx - x) ** 2 + (sy - y) ** 2 <= r * r:
                return fid
        return None

    @property
    def busy(self) -> bool:
        return self.effects.busy

    def update(self, dt: float) -> None:
        self.effects.update(dt)

    def animate_move(self, piece: str, places: Sequence[Place], seconds: float) -> None:
        pts = [p for p in places if isinstance(p, Point)]
        length = sum(math.dist(a.units, b.units) for a, b in zip(pts, pts[1:], strict=False))
        self.effects.move(piece, pts, max(seconds, min(1.2, 0.08 * length)))

    def animate_fall(self, piece: str, start: Place, end: Place,
                     seconds: float = FALL_SECONDS) -> None:
        if isinstance(start, Point) and isinstance(end, Point):
            self.effects.fall(piece, start, end, seconds)

    def float_text(self, place: Place, text: str, colour: Colour = pal.PAPER) -> None:
        if isinstance(place, Point):
            self.effects.float_text(place, text, colour)

    def cancel_animations(self) -> None:
        self.effects.cancel()

    @property
    def base_scale(self) -> float:
        """Screen pixels per unit at the current zoom."""
        return PX * self.camera.zoom

    # ================================================================ terrain layer
    def _texture(self, name: str, colour: Colour) -> pygame.Surface:
        key = (name, hash(colour) & 0xFFFF)
        t = self._textures.get(key)
        if t is None:
            style = pal.TerrainStyle(colour, colour, name)
            t = pygame.surfarray.make_surface(texture(style, 96, 96, len(self._textures) % 3))
            self._textures[key] = t
        return t

    def _full_size(self) -> tuple[int, int]:
        x0, y0, x1, y1 = self.extent
        z = self.camera.zoom
        return int(math.ceil((x1 - x0) * z)), int(math.ceil((y1 - y0) * z))

    def _wanted_window(self) -> tuple[int, int, int, int]:
        fw, fh = self._full_size()
        if fw * fh <= MAX_CACHE_PIXELS:
            return 0, 0, fw, fh
        ox, oy = self._origin()
        vw, vh = self.camera.view
        x0, y0 = max(0, -ox - WINDOW_MARGIN), max(0, -oy - WINDOW_MARGIN)
        x1, y1 = min(fw, -ox + vw + WINDOW_MARGIN), min(fh, -oy + vh + WINDOW_MARGIN)
        return x0, y0, max(x0 + 1, x1), max(y0 + 1, y1)

    def _origin(self) -> tuple[int, int]:
        """Screen position of the cached terrain's (whole table's) top-left corner."""
        x0, y0, _x1, _y1 = self.extent
        sx, sy = self.camera.map_to_screen(x0, y0)
        return int(math.floor(sx)), int(math.floor(sy))

    def _covers_view(self) -> bool:
        wx, wy, ww, wh = self._window
        fw, fh = self._full_size()
        ox, oy = self._origin()
        vw, vh = self.camera.view
        x0, y0 = max(0, -ox), max(0, -oy)
        x1, y1 = min(fw, -ox + vw), min(fh, -oy + vh)
        if x1 <= x0 or y1 <= y0:
            return True
        return wx <= x0 and wy <= y0 and x1 <= wx + ww and y1 <= wy + wh

    def invalidate(self) -> None:
        self._map = None

    def _build_map(self) -> pygame.Surface:
        z = self.camera.zoom
        wx, wy, wx1, wy1 = self._wanted_window()
        self._window = (wx, wy, wx1 - wx, wy1 - wy)
        screen = pygame.display.get_surface()
        size = (wx1 - wx, wy1 - wy)
        surf = pygame.Surface(size, 0, screen) if screen is not None else pygame.Surface(size)
        surf.fill(pal.TABLE)
        ex0, ey0 = self.extent[0], self.extent[1]

        def to(x: float, y: float, h: float = 0.0) -> tuple[float, float]:
            return ((x * PX - ex0) * z - wx, (y * PX - ey0) * z - wy - h * RISE * PX * z)

        # the table top, textured grass, with a dark rim
        tl, br = to(0, 0), to(self.board.width, self.board.height)
        table_rect = pygame.Rect(round(tl[0]), round(tl[1]), round(br[0] - tl[0]),
                                 round(br[1] - tl[1]))
        pygame.draw.rect(surf, pal.shade(GRASS.top, 0.5), table_rect.inflate(8, 8))
        self._tile(surf, table_rect, self._texture("grass", GRASS.top))
        flats = [p for p in self.board.pieces if not p.is_line and not _style(p).solid]
        solids = [p for p in self.board.pieces if not p.is_line and _style(p).solid]
        lines = [p for p in self.board.pieces if p.is_line]
        for p in sorted(flats, key=lambda p: (p.kind in ("ladder", "stairs", "door"), p.index)):
            if p.kind in ("ladder", "stairs", "door"):
                continue
            self._flat(surf, p, to)
        items: list[tuple[float, int, Piece]] = [(p.bbox[3], 0, p) for p in solids]
        items += [(max(q[1] for q in p.points), 1, p) for p in lines]
        for _y, kind, p in sorted(items, key=lambda t: (t[0], t[1], t[2].index)):
            if kind == 0:
                self._prism(surf, p, to)
            else:
                self._line(surf, p, to)
        for p in self.board.pieces:
            if p.kind in ("ladder", "stairs", "door"):
                self._access(surf, p, to)
        self._labels(surf, to, table_rect)
        return optimise(surf)

    def _tile(self, surf: pygame.Surface, rect: pygame.Rect, tex: pygame.Surface) -> None:
        clip = surf.get_clip()
        surf.set_clip(rect.clip(surf.get_rect()))
        tw, th = tex.get_size()
        for y in range(rect.top - (rect.top % th), rect.bottom, th):
            for x in range(rect.left - (rect.left % tw), rect.right, tw):
                surf.blit(tex, (x, y))
        surf.set_clip(clip)

    def _poly_fill(self, surf: pygame.Surface, pts: list[tuple[float, float]],
                   tex: pygame.Surface | None, colour: Colour) -> None:
        if tex is None:
            pygame.draw.polygon(surf, colour, pts)
            return
        xs, ys = [p[0] for p in pts], [p[1] for p in pts]
        box = pygame.Rect(math.floor(min(xs)), math.floor(min(ys)),
                          math.ceil(max(xs) - min(xs)) + 2, math.ceil(max(ys) - min(ys)) + 2)
        if box.w <= 0 or box.h <= 0:
            return
        layer = pygame.Surface(box.size)
        self._tile(layer, layer.get_rect(), tex)
        mask = pygame.Surface(box.size)
        mask.fill((255, 0, 255))
        pygame.draw.polygon(mask, (0, 0, 0), [(x - box.x, y - box.y) for x, y in pts])
        mask.set_colorkey((0, 0, 0))
        layer.blit(mask, (0, 0))
        layer.set_colorkey((255, 0, 255))
        surf.blit(layer, box.topleft)

    def _flat(self, surf: pygame.Surface, p: Piece, to: ToScreen) -> None:
        st = _style(p)
        pts = [to(x, y) for x, y in p.points]
        tex = self._texture(st.pattern, st.top) if st.pattern else None
        self._poly_fill(surf, pts, tex, st.top)
        edge = pal.shade(st.top, 0.55)
        if p.kind == "forest":  # canopy blobs: it is dense and rises
            x0, y0, x1, y1 = p.bbox
            k = 0
            y = y0 + 0.8
            while y < y1:
                x = x0 + 0.8 + (0.6 if k % 2 else 0.0)
                while x < x1:
                    if self.board.inside(p.index, x, y):
                        cx, cy = to(x, y)
                        r = 0.55 * PX * self.camera.zoom
                        pygame.draw.circle(surf, pal.shade(st.top, 0.78), (cx, cy), r)
                        pygame.draw.circle(surf, pal.shade(st.top, 1.18), (cx - r * 0.25,
                                                                          cy - r * 0.25),
                                           r * 0.45)
                    x += 1.3
                y += 1.15
                k += 1
        if p.kind == "caustic_pool":
            _alpha_polygon(surf, pts, (214, 236, 160, 70))
        if p.kind == "trapped":
            for a, b in zip(pts, pts[1:] + pts[:1], strict=True):
                pygame.draw.line(surf, pal.VERMILLION, a, b, 3)
        pygame.draw.polygon(surf, edge, pts, 2)

    def _prism(self, surf: pygame.Surface, p: Piece, to: ToScreen) -> None:
        st = _style(p)
        h = _ht(p)
        base = [to(x, y) for x, y in p.points]
        top = [to(x, y, h) for x, y in p.points]
        n = len(base)
        # shadow, then the side faces that face the viewer (their outward normal points
        # down the screen), then the top
        rise = h * RISE * PX * self.camera.zoom
        shadow = [(x + rise * 0.25, y + rise * 0.1) for x, y in base]
        _alpha_polygon(surf, shadow, (0, 0, 0, 70))
        area = sum(base[k][0] * base[(k + 1) % n][1] - base[(k + 1) % n][0] * base[k][1]
                   for k in range(n))
        for k in range(n):
            a, b = base[k], base[(k + 1) % n]
            ex, ey = b[0] - a[0], b[1] - a[1]
            nx, ny = (ey, -ex) if area > 0 else (-ey, ex)
            if ny <= 0:
                continue
            light = 0.65 + 0.25 * (nx / (math.hypot(nx, ny) or 1))
            quad = [a, b, top[(k + 1) % n], top[k]]
            pygame.draw.polygon(surf, pal.shade(st.side, light), quad)
            pygame.draw.polygon(surf, pal.shade(st.side, 0.5), quad, 1)
        colour = st.top
        if p.kind == "ruin":
            # broken walls round a floor: the floor flat, the walls raised
            pygame.draw.polygon(surf, (118, 112, 100), base)
            for k in range(n):
                pygame.draw.line(surf, st.top, top[k], top[(k + 1) % n], max(3, int(
                    0.5 * PX * self.camera.zoom)))
            return
        pygame.draw.polygon(surf, colour, top)
        traits = p.traits or ()
        if "vantage" in traits or p.kind == "vantage":
            # a roof that can be stood on: light stripes
            xs = [q[0] for q in top]
            ys = [q[1] for q in top]
            clip = surf.get_clip()
            box = pygame.Rect(min(xs), min(ys), max(xs) - min(xs) + 1, max(ys) - min(ys) + 1)
            surf.set_clip(box)
            stripe = pal.shade(colour, 1.18)
            step = max(6, int(0.6 * PX * self.camera.zoom))
            mask = pygame.Surface(box.size)
            mask.fill((255, 0, 255))
            pygame.draw.polygon(mask, (0, 0, 0), [(x - box.x, y - box.y) for x, y in top])
            mask.set_colorkey((0, 0, 0))
            layer = pygame.Surface(box.size)
            layer.fill(colour)
            for k in range(-box.h, box.w, step):
                pygame.draw.line(layer, stripe, (k, 0), (k + box.h, box.h), max(2, step // 3))
            layer.blit(mask, (0, 0))
            layer.set_colorkey((255, 0, 255))
            surf.blit(layer, box.topleft)
            surf.set_clip(clip)
        if p.kind == "trees":
            cx = sum(q[0] for q in top) / n
            cy = sum(q[1] for q in top) / n
            r = max(q[0] for q in top) - cx
            pygame.draw.circle(surf, pal.shade(colour, 1.2), (cx - r * 0.3, cy - r * 0.3),
                               r * 0.45)
        if p.kind == "obstacle":
            # planks
            for k in range(n):
                a, b = top[k], top[(k + 1) % n]
                mid = ((a[0] + b[0]) / 2, (a[1] + b[1]) / 2)
                pygame.draw.line(surf, pal.shade(colour, 0.7), top[(k + 2) % n], mid, 1)
        pygame.draw.polygon(surf, pal.shade(colour, 0.45), top, 2)

    def _line(self, surf: pygame.Surface, p: Piece, to: ToScreen) -> None:
        face, dark = LINE_STYLES.get(p.kind, ((150, 150, 150), (80, 80, 80)))
        h = _ht(p)
        z = self.camera.zoom
        w = max(3, int(0.45 * PX * z))
        base = [to(x, y) for x, y in p.points]
        top = [to(x, y, h) for x, y in p.points]
        for a, b, ta, tb in zip(base, base[1:], top, top[1:], strict=False):
            pygame.draw.polygon(surf, dark, [a, b, tb, ta])
        pygame.draw.lines(surf, dark, False, top, w + 2)
        pygame.draw.lines(surf, face, False, top, w)
        if p.kind in ("fence", "barbed_wire"):
            # posts (fences) or spikes (wire) along it
            for (x0, y0), (x1, y1) in zip(p.points, p.points[1:], strict=False):
                length = math.dist((x0, y0), (x1, y1))
                k = 0.0
                while k <= length:
                    f = k / length if length else 0
                    x, y = x0 + (x1 - x0) * f, y0 + (y1 - y0) * f
                    a, b = to(x, y), to(x, y, h)
                    if p.kind == "fence":
                        pygame.draw.line(surf, dark, a, b, max(2, w // 2))
                    else:
                        r = w * 0.9
                        pygame.draw.line(surf, dark, (b[0] - r, b[1] - r), (b[0] + r, b[1] + r), 2)
                        pygame.draw.line(surf, dark, (b[0] - r, b[1] + r), (b[0] + r, b[1] - r), 2)
                    k += 0.8 if p.kind == "barbed_wire" else 1.2

    def _access(self, surf: pygame.Surface, p: Piece, to: ToScreen) -> None:
        """Ladders (rungs up the edge they cross), stairs and doors (a gap)."""
        st = _style(p)
        z = self.camera.zoom
        x0, y0, x1, y1 = p.bbox
        # the height of what it crosses
        high = max((_ht(q) for q in self.board.pieces if q.index != p.index and not q.is_line
                    and any(self.board.inside(q.index, *c) for c in p.points)), default=0)
        if p.kind == "door":
            # a gap in the wall it crosses: the floor shows through, its jambs dark
            top = [to(x, y, high) for x, y in p.points]
            pygame.draw.polygon(surf, (118, 112, 100), top)
            wide = (x1 - x0) >= (y1 - y0)
            jambs = ([(x0, (y0 + y1) / 2), (x1, (y0 + y1) / 2)] if wide else
                     [((x0 + x1) / 2, y0), ((x0 + x1) / 2, y1)])
            for jx, jy in jambs:
                pygame.draw.line(surf, pal.INK, to(jx, jy), to(jx, jy, high),
                                 max(2, int(0.15 * PX * z)))
            return
        wide = (x1 - x0) >= (y1 - y0)
        if wide:
            rails = [((x0 + 0.15, y1), (x0 + 0.15, y0)), ((x1 - 0.15, y1), (x1 - 0.15, y0))]
        else:
            rails = [((x1, y0 + 0.15), (x0, y0 + 0.15)), ((x1, y1 - 0.15), (x0, y1 - 0.15))]
        w = max(2, int(0.12 * PX * z))
        ends = []
        for (ax, ay), (bx, by) in rails:
            a = to(ax, ay)
            b = to(bx, by, high)
            pygame.draw.line(surf, st.side, a, b, w + 1)
            ends.append((a, b))
        (a1, b1), (a2, b2) = ends
        for k in range(1, 7):
            f = k / 7
            pa = (a1[0] + (b1[0] - a1[0]) * f, a1[1] + (b1[1] - a1[1]) * f)
            pb = (a2[0] + (b2[0] - a2[0]) * f, a2[1] + (b2[1] - a2[1]) * f)
            pygame.draw.line(surf, st.top, pa, pb, max(2, w - 1))

    def _labels(self, surf: pygame.Surface, to: ToScreen, table: pygame.Rect) -> None:
        """Each piece's name and height, small, where it is drawn: inside the table's
        edge, a little up or down if another label is there (left out if no place near
        it is free: the panel names what is under the pointer)."""
        z = self.camera.zoom
        size = max(TEXT_MIN, int(0.36 * PX * z))
        taken: list[pygame.Rect] = []
        self.map_labels: list[tuple[str, pygame.Rect]] = []
        """Where the map's labels went on the map surface (name, rect)."""
        self.map_table = table
        """The table's top on the map surface."""
        for p in self.board.pieces:
            if p.kind in ("ladder", "stairs", "door"):
                continue
            h = _ht(p)
            cx, cy = p.centre
            lift = h if _style(p).solid or p.is_line else 0
            x, y = to(cx, cy, lift)
            text = f"{p.name}" + (f"  Ht {h}" if h else "")
            t = self._fonts.pill(text, size, pal.PAPER, (*pal.INK, 150))
            w, h = t.get_size()
            left = min(max(round(x - w / 2), table.left), table.right - w)
            for dy in (0, -h - 1, h + 1, -2 * h - 2, 2 * h + 2):
                rc = pygame.Rect(left, round(y - h / 2 + dy), w, h)
                rc.top = min(max(rc.top, table.top), table.bottom - h)
                if rc.collidelist(taken) < 0:
                    taken.append(rc)
                    self.map_labels.append((text, rc))
                    surf.blit(t, rc.topleft)
                    break

    def _map_surface(self) -> pygame.Surface:
        z = self.camera.zoom
        if self._map is None or self._map_zoom != z or not self._covers_view():
            self._map = self._build_map()
            self._map_zoom = z
        return self._map

    # ================================================================ frame
    def draw(self, surface: pygame.Surface, figures: Sequence[PieceView] = ()) -> None:
        if surface.get_size() != self.camera.view:
            self.resize(surface.get_size())
        m = self._map_surface()
        surface.fill(pal.TABLE)
        ox, oy = self._origin()
        surface.blit(m, (ox + self._window[0], oy + self._window[1]))
        mk = self.marks
        self._draw_zones(surface, mk)
        if self.visible["rings"]:
            self._draw_rings(surface, mk)
        self._draw_lines(surface, mk)
        if self.visible["sight"]:
            for rays in mk.rays:
                self._draw_rays(surface, rays)
        self._draw_figures(surface, figures, mk)
        if self.visible["ruler"] and mk.ruler is not None:
            self._draw_ruler(surface, mk.ruler)
        self._draw_targets(surface, mk, figures)
        if mk.ghost is not None:
            self._draw_ghost(surface, mk.ghost)
        if self.visible["hover"] and self.hover is not None and mk.ruler is None:
            x, y = self.unit_screen(*self.hover.units)
            pygame.draw.circle(surface, pal.PAPER, (x, y), 3)
        if self.effects.floats:
            size = max(18, int(0.8 * PX * self.camera.zoom))
            r = 0.5 * PX * self.camera.zoom
            self.effects.draw_floats(surface, self._fonts, self.screen_pos, size, max(8.0, r))

    def _draw_zones(self, surface: pygame.Surface, mk: TableMarks) -> None:
        if not mk.zones and not mk.spots:
            return
        for x0, y0, x1, y1 in mk.zones:
            a = self.unit_screen(x0, y0)
            b = self.unit_screen(x1, y1)
            r = pygame.Rect(round(a[0]), round(a[1]), round(b[0] - a[0]), round(b[1] - a[1]))
            r = r.clip(surface.get_rect())
            if r.w > 0 and r.h > 0:
                band = pygame.Surface(r.size, pygame.SRCALPHA)
                band.fill((*pal.SKY, 48))
                surface.blit(band, r.topleft)
                pygame.draw.rect(surface, pal.SKY, r, 2)
        dot = max(3, int(self.camera.zoom * 5))
        for p in mk.spots:
            x, y = self.unit_screen(*p.units)
            pygame.draw.circle(surface, pal.INK, (x, y), dot + 1)
            pygame.draw.circle(surface, pal.BLUISH_GREEN, (x, y), dot)

    def _draw_rings(self, surface: pygame.Surface, mk: TableMarks) -> None:
        s = self.base_scale
        for ring in mk.rings:
            x, y = self.unit_screen(*ring.at.units)
            r = ring.radius * s
            colour = {"blast": pal.VERMILLION, "range": pal.YELLOW, "reach": pal.SKY,
                      "deploy": pal.SKY}[ring.kind]
            if ring.kind == "blast":
                size = int(2 * r) + 2
                if 0 < size < 4000:
                    disc = pygame.Surface((size, size), pygame.SRCALPHA)
                    pygame.draw.circle(disc, (*colour, 60), (size / 2, size / 2), r)
                    surface.blit(disc, (round(x - size / 2), round(y - size / 2)))
                pygame.draw.circle(surface, pal.INK, (x, y), r, 4)
                pygame.draw.circle(surface, colour, (x, y), r, 2)
            else:
                pygame.draw.circle(surface, pal.INK, (x, y), r + 1, 4)
                pygame.draw.circle(surface, colour, (x, y), r, 2)
            if ring.label:
                t = self._fonts.pill(ring.label, TEXT_MIN + 1, pal.INK, (*colour, 230), pal.INK)
                at = ring_label_rect(x, y, r, t.get_size(), surface.get_rect())
                if at is not None:
                    surface.blit(t, at.topleft)

    def _draw_lines(self, surface: pygame.Surface, mk: TableMarks) -> None:
        for a, b, kind in mk.lines:
            pa, pb = self.unit_screen(*a.units), self.unit_screen(*b.units)
            if kind == "throw":
                # an arc: it is thrown over things
                mid = ((pa[0] + pb[0]) / 2, (pa[1] + pb[1]) / 2 - math.dist(pa, pb) * 0.3)
                pts = [_bezier(pa, mid, pb, k / 16) for k in range(17)]
                pygame.draw.lines(surface, pal.INK, False, pts, 5)
                pygame.draw.lines(surface, pal.ORANGE, False, pts, 3)
            else:
                colour = pal.VERMILLION if kind == "bounce" else pal.PURPLE
                pygame.draw.line(surface, pal.INK, pa, pb, 6)
                pygame.draw.line(surface, colour, pa, pb, 3)
                _arrow(surface, pa, pb, colour)

    def _draw_rays(self, surface: pygame.Surface, rays: Rays) -> None:
        eye = self.unit_screen(*rays.eye.units)
        for end, seen in rays.ends:
            p = self.unit_screen(*end.units)
            if seen >= 0.999:
                pygame.draw.line(surface, pal.INK, eye, p, 4)
                pygame.draw.line(surface, pal.BLUISH_GREEN, eye, p, 2)
            elif seen > 0:
                pygame.draw.line(surface, pal.INK, eye, p, 4)
                pygame.draw.line(surface, pal.YELLOW, eye, p, 2)
            else:
                _dashed(surface, eye, p, pal.VERMILLION)
        if rays.label and rays.ends:
            x, y = self.unit_screen(*rays.ends[len(rays.ends) // 2][0].units)
            t = self._fonts.pill(rays.label, TEXT_MIN + 2, pal.INK, (*pal.YELLOW, 235), pal.INK)
            surface.blit(t, (round(x - t.get_width() / 2), round(y + 0.9 * self.base_scale)))

    def _draw_ruler(self, surface: pygame.Surface, r: Ruler) -> None:
        pts = [self.unit_screen(*p.units) for p in r.path]
        colour = pal.SKY if r.ok else pal.VERMILLION
        if len(pts) >= 2:
            pygame.draw.lines(surface, pal.INK, False, pts, 7)
            pygame.draw.lines(surface, colour, False, pts, 3)
            # a tick every unit along it, a longer one every 5
            total = 0.0
            for a, b, pa, pb in zip(r.path, r.path[1:], pts, pts[1:], strict=False):
                seg = math.dist(a.units, b.units)
                if seg <= 0:
                    continue
                k = math.ceil(total) - total
                while k <= seg:
                    f = k / seg
                    x, y = pa[0] + (pb[0] - pa[0]) * f, pa[1] + (pb[1] - pa[1]) * f
                    dx, dy = pb[0] - pa[0], pb[1] - pa[1]
                    n = math.hypot(dx, dy) or 1
                    big = round(total + k) % 5 == 0
                    q = 7 if big else 4
                    nx, ny = -dy / n * q, dx / n * q
                    pygame.draw.line(surface, pal.PAPER, (x - nx, y - ny), (x + nx, y + ny), 2)
                    k += 1
                total += seg
            _arrow(surface, pts[-2], pts[-1], colour)
        if r.blocked_at is not None:
            x, y = self.unit_screen(*r.blocked_at.units)
            q = 8
            pygame.draw.line(surface, pal.INK, (x - q, y - q), (x + q, y + q), 6)
            pygame.draw.line(surface, pal.INK, (x - q, y + q), (x + q, y - q), 6)
            pygame.draw.line(surface, pal.VERMILLION, (x - q, y - q), (x + q, y + q), 3)
            pygame.draw.line(surface, pal.VERMILLION, (x - q, y + q), (x + q, y - q), 3)
        for at, _text in r.warnings:  # a mark where it happens; the words beside the end
            x, y = self.unit_screen(*at.units)
            _warning_mark(surface, x, y - 14)
        warned = tuple(text for _at, text in r.warnings)
        if pts and r.lines:
            x, y = pts[-1]
            rendered = []
            for k, ln in enumerate(r.lines):
                warn = k > 0 and ln.startswith(warned) if warned else False
                rendered.append(self._fonts.pill(
                    ("! " if warn else "") + ln, TEXT_MIN + (2 if k == 0 else 0),
                    pal.INK if k == 0 or warn else pal.PAPER,
                    (*colour, 240) if k == 0 else (*pal.ORANGE, 240) if warn else
                    (*pal.INK, 220), pal.INK if warn else None))
            w = max(t.get_width() for t in rendered)
            h = sum(t.get_height() + 2 for t in rendered)
            view_w, view_h = surface.get_size()
            tx = x + 16 if x + 16 + w < view_w else x - 16 - w
            ty = min(max(4, y - h / 2), view_h - h - 4)
            for t in rendered:
                surface.blit(t, (round(tx), round(ty)))
                ty += t.get_height() + 2

    def _draw_targets(self, surface: pygame.Surface, mk: TableMarks,
                      figures: Sequence[PieceView]) -> None:
        if not mk.targets:
            return
        s = self.base_scale
        for place, text in mk.targets.items():
            if not isinstance(place, Point):
                continue
            who = next((f for f in figures if f.place == place), None)
            z = mk.levels.get(who.id, 0) if who is not None else 0
            x, y = self.unit_screen(*place.units, z)
            r = max(MIN_RADIUS, 0.5 * s) * 1.35
            dashed_ring(surface, (*pal.INK, 255), x, y, r, max(5, int(r * 0.28)), 12)
            dashed_ring(surface, (*pal.YELLOW, 255), x, y, r, max(3, int(r * 0.17)), 12)
            if text:
                t = self._fonts.pill(text, TEXT_MIN + 1, pal.INK, (*pal.YELLOW, 240), pal.INK)
                surface.blit(t, (round(x + r + 2), round(y - t.get_height() / 2)))

    def _draw_ghost(self, surface: pygame.Surface,
                    ghost: tuple[Point, float, bool, str]) -> None:
        at, radius, ok, why = ghost
        x, y = self.unit_screen(*at.units)
        r = radius * self.base_scale
        colour = pal.BLUISH_GREEN if ok else pal.VERMILLION
        size = int(2 * r) + 2
        disc = pygame.Surface((size, size), pygame.SRCALPHA)
        pygame.draw.circle(disc, (*colour, 110), (size / 2, size / 2), r)
        surface.blit(disc, (round(x - size / 2), round(y - size / 2)))
        pygame.draw.circle(surface, pal.INK, (x, y), r, 3)
        pygame.draw.circle(surface, colour, (x, y), r, 2)
        if why:
            t = self._fonts.pill(why, TEXT_MIN + 1, pal.PAPER if not ok else pal.INK,
                                 (*colour, 235), pal.INK)
            surface.blit(t, (round(x - t.get_width() / 2), round(y + r + 4)))

    # ================================================================ minis
    def _figure_at(self, v: PieceView, levels: dict[str, int]) -> tuple[float, float, float,
                                                                         float]:
        """Table position (units), height and facing (degrees) of a mini now."""
        z = float(levels.get(v.id, 0))
        facing = float(v.facing or 0.0)
        mv = self.effects.moves.get(v.id)
        if mv is not None:
            k, f = mv.at()
            a, b = mv.places[k], mv.places[k + 1]
            if isinstance(a, Point) and isinstance(b, Point):
                (x0, y0), (x1, y1) = a.units, b.units
                g = smoothstep(f)
                if (x0, y0) != (x1, y1):
                    facing = math.degrees(math.atan2(y1 - y0, x1 - x0))
                hop = 0.25 * math.sin(math.pi * f)
                return x0 + (x1 - x0) * g, y0 + (y1 - y0) * g, z + hop, facing
        fl = self.effects.falls.get(v.id)
        if fl is not None and isinstance(fl.end, Point):
            x, y = fl.end.units
            t = fl.t / fl.duration
            lift = 3.0 * (1 - t) ** 2 + 0.4 * abs(math.sin(math.pi * t * 2)) * (1 - t)
            return x, y, z + lift, facing
        if v.place is None or not isinstance(v.place, Point):
            return -100.0, -100.0, 0.0, facing
        x, y = v.place.units
        return x, y, z, facing

    def _draw_figures(self, surface: pygame.Surface, figures: Sequence[PieceView],
                      mk: TableMarks) -> None:
        s = self.base_scale
        items: list[tuple[float, int, list[tuple[pygame.Surface, tuple[int, int]]]]] = []
        spots: list[tuple[str, float, float, float]] = []
        placed: list[tuple[str, float, float, float, float]] = []
        for n, v in enumerate(figures):
            if v.status == "dead" or v.place is None:
                continue
            x, y, z, facing = self._figure_at(v, mk.levels)
            sx, sy = self.unit_screen(x, y, z)
            r = max(MIN_RADIUS, 0.5 * s * (v.size if v.size > 1 else 1))
            a = math.radians(facing)
            fs = self.tokens.token(v.kind, self.side_index.get(v.side, 0), r,
                                   (math.cos(a), math.sin(a)), _pose(v))
            blits = [(fs, (round(sx - fs.get_width() / 2), round(sy - fs.get_height() / 2)))]
            if z > 0:
                # a stalk to the ground, so a mini on a roof reads as up there
                gx, gy = self.unit_screen(x, y)
                pygame.draw.line(surface, pal.INK, (gx, gy), (sx, sy + r), 3)
                pygame.draw.line(surface, pal.PAPER, (gx, gy), (sx, sy + r), 1)
            if v.ring == "hero":
                ring = pygame.Surface((int(r * 2 + 12), int(r * 2 + 12)), pygame.SRCALPHA)
                c = r + 6
                pygame.draw.circle(ring, (*pal.INK, 255), (c, c), r + 5, 5)
                pygame.draw.circle(ring, (*pal.YELLOW, 255), (c, c), r + 4, 3)
                blits.insert(0, (ring, (round(sx - c), round(sy - c))))
            if v.status != "unconscious" and v.health_max > 0:
                bar = self.tokens.bar(max(0, v.health), v.health_max, max(r, 10.0))
                blits.append((bar, (round(sx - bar.get_width() / 2),
                                    round(sy - r - bar.get_height() - 4))))
            if self.visible["labels"] and r >= LABEL_MIN_RADIUS and v.name:
                lab = self.tokens.label(v.name, max(r, 18.0))
                blits.append((lab, (round(sx - lab.get_width() / 2), round(sy + r + 2))))
            if self.marks.selected == v.place:
                sel = pygame.Surface((int(r * 2 + 16), int(r * 2 + 16)), pygame.SRCALPHA)
                c = r + 8
                pygame.draw.circle(sel, (*pal.INK, 255), (c, c), r + 7, 5)
                pygame.draw.circle(sel, (*pal.SKY, 255), (c, c), r + 6, 3)
                blits.insert(0, (sel, (round(sx - c), round(sy - c))))
            items.append((sy, n, blits))
            spots.append((v.id, sx, sy, r))
            placed.append((v.id, x, y, z, r / s))
        items.sort(key=lambda t: (t[0], t[1]))
        seq = [b for _y, _n, bl in items for b in bl]
        if seq:
            surface.fblits(seq)
        spots.sort(key=lambda t: t[2])
        self._spots = spots
        self._placed = placed
        self._spots_camera = (self.camera.zoom, self.camera.ox, self.camera.oy)


def _alpha_polygon(surf: pygame.Surface, pts: list[Vec], colour: tuple[int, int, int, int]
                   ) -> None:
    """A see-through polygon, drawn through a surface only as big as it."""
    xs, ys = [p[0] for p in pts], [p[1] for p in pts]
    box = pygame.Rect(math.floor(min(xs)), math.floor(min(ys)),
                      math.ceil(max(xs) - min(xs)) + 2, math.ceil(max(ys) - min(ys)) + 2)
    if box.w <= 0 or box.h <= 0:
        return
    layer = pygame.Surface(box.size, pygame.SRCALPHA)
    pygame.draw.polygon(layer, colour, [(x - box.x, y - box.y) for x, y in pts])
    surf.blit(layer, box.topleft)


def _bezier(a: Vec, m: Vec, b: Vec, t: float) -> Vec:
    u = 1 - t
    return (u * u * a[0] + 2 * u * t * m[0] + t * t * b[0],
            u * u * a[1] + 2 * u * t * m[1] + t * t * b[1])


def _arrow(surface: pygame.Surface, a: Vec, b: Vec, colour: Colour) -> None:
    d = math.dist(a, b)
    if d < 1:
        return
    ux, uy = (b[0] - a[0]) / d, (b[1] - a[1]) / d
    head = 13
    tip = (b[0] + ux * 3, b[1] + uy * 3)
    left = (tip[0] - ux * head - uy * head * 0.6, tip[1] - uy * head + ux * head * 0.6)
    right = (tip[0] - ux * head + uy * head * 0.6, tip[1] - uy * head - ux * head * 0.6)
    pygame.draw.polygon(surface, colour, [tip, left, right])
    pygame.draw.polygon(surface, pal.INK, [tip, left, right], 2)


def _dashed(surface: pygame.Surface, a: Vec, b: Vec, colour: Colour) -> None:
    d = math.dist(a, b)
    if d < 1:
        return
    n = max(2, int(d / 10))
    for k in range(0, n, 2):
        p = (a[0] + (b[0] - a[0]) * k / n, a[1] + (b[1] - a[1]) * k / n)
        q = (a[0] + (b[0] - a[0]) * (k + 1) / n, a[1] + (b[1] - a[1]) * (k + 1) / n)
        pygame.draw.line(surface, pal.INK, p, q, 4)
        pygame.draw.line(surface, colour, p, q, 2)


def _warning_mark(surface: pygame.Surface, x: float, y: float) -> None:
    """An orange warning triangle with "!" centred on ``(x, y)``: where a fall happens
    (the ruler's text beside its end says what it costs, in orange after a "!")."""
    h = 18
    pts = [(x, y - h * 0.6), (x + h * 0.6, y + h * 0.45), (x - h * 0.6, y + h * 0.45)]
    pygame.draw.polygon(surface, pal.ORANGE, pts)
    pygame.draw.polygon(surface, pal.INK, pts, 2)
    pygame.draw.line(surface, pal.INK, (x, y - h * 0.25), (x, y + h * 0.12), 3)
    pygame.draw.circle(surface, pal.INK, (x, y + h * 0.3), 1.8)


def ring_label_rect(x: float, y: float, r: float, size: tuple[int, int],
                    view: pygame.Rect) -> pygame.Rect | None:
    """Where a ring's label goes: on the ring where the view shows it, over its top,
    else under its foot, else on a side or a slant; None if nowhere on screen."""
    w, h = size
    for a in (-90, 90, 180, 0, -135, -45, 135, 45):
        px = x + r * math.cos(math.radians(a))
        py = y + r * math.sin(math.radians(a))
        at = pygame.Rect(round(px - w / 2), round(py - (h if a < 0 else 0)), w, h)
        if view.contains(at):
            return at
    return None
