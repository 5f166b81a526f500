"""The continuous table, drawn from above with terrain raised by its height.

The view takes a :class:`~game.boards.table.Table` and the match's
:class:`~game.core.ruleset.PieceView` records and knows nothing of the rules: the
controller says what to show in :class:`TableMarks` (the ruler of a move, lines of
sight, rings for blasts and ranges, the height each piece stands at; drawn by
:mod:`game.ui.boards.table_marks`). Map pixels are ``PX`` per unit; the
:class:`~game.ui.camera.Camera` scales and moves them.

The terrain (:mod:`game.ui.boards.table_terrain`) is drawn once per zoom into a cached
surface; the marks, the minis (round bases from :mod:`game.ui.tokens`) and the
animations (:mod:`game.ui.effects`) are drawn each frame.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from pathlib import Path

import pygame

from game.boards.table import Table
from game.core.board import Scenery
from game.core.places import Place, Point
from game.core.ruleset import PieceView
from game.ui import palette as pal
from game.ui.boards import Marks
from game.ui.boards.base import BoardViewBase, LegendRow, MapCache, draw_scenery, typed_marks
from game.ui.boards.table_marks import (
    MIN_RADIUS,
    Rays,
    Ring,
    Ruler,
    TableMarkPainter,
    TableMarks,
    dashed,
    ring_label_rect,
)
from game.ui.boards.table_terrain import PX, RISE, TableTerrain, drawn_heights
from game.ui.camera import Camera
from game.ui.drawing import smoothstep
from game.ui.effects import FALL_SECONDS
from game.ui.palette import Colour
from game.ui.tokens import SPRITES

__all__ = ["PX", "RISE", "Rays", "Ring", "Ruler", "TableBoardView", "TableMarks",
           "ring_label_rect"]

"""The height a terrain piece is drawn at (the name the tests know)."""

LABEL_MIN_RADIUS = 12
"""Mini names show when a base is at least this many screen pixels in radius."""
MAX_CACHE_PIXELS = 6_000_000
"""Above this the cached terrain covers the view and a margin, not the whole table."""
WINDOW_MARGIN = 300

OVERLAYS = ("ruler", "sight", "rings", "labels", "hover")

Blits = list[tuple[pygame.Surface, tuple[int, int]]]


def _pose(p: PieceView) -> str:
    return "unconscious" if p.status == "unconscious" else "ok"


class TableBoardView(BoardViewBase):
    """Draws one Table, its marks, its minis and their animations at a Camera."""

    pieces_share_places = False
    """One piece to a place: the place under the pointer tells the piece."""

    def __init__(self, board: Table, view_size: tuple[int, int] = (1280, 720), *,
                 sides: Sequence[str] = (), sprites: Path = SPRITES) -> None:
        super().__init__(sides, sprites, OVERLAYS)
        self.board = board
        self.heights = drawn_heights(board)
        top = max(self.heights, default=0) * RISE * PX
        self.extent = (-8.0, -top - 8, board.width * PX + 8, board.height * PX + 8)
        self.camera = Camera(self.extent, view_size)
        self.camera.fit()
        self.marks = TableMarks()
        self.hover: Point | None = None
        self.terrain = TableTerrain(board, self._fonts)
        self._map = MapCache(WINDOW_MARGIN, max_pixels=MAX_CACHE_PIXELS)
        self._spots_camera: tuple[float, int, int] = (0.0, 0, 0)
        self._placed: list[tuple[str, float, float, float, float]] = []
        """Each mini drawn last: id, table x, y, height, base radius in units."""

    @property
    def map_labels(self) -> list[tuple[str, pygame.Rect]]:
        """Where the terrain's labels went on the map surface (name, rect)."""
        return self.terrain.map_labels

    @property
    def map_table(self) -> pygame.Rect:
        """The table's top on the map surface."""
        return self.terrain.map_table

    # ================================================================ protocol
    def show(self, marks: Marks) -> None:
        self.marks = typed_marks(marks, TableMarks)

    def set_hover(self, place: Place | None) -> None:
        self.hover = place if isinstance(place, Point) else None

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
            top = min(top, max(min(py), y0) - self.heights[piece.index] * RISE)
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

    def legend(self, sides: Sequence[str]) -> list[LegendRow]:
        """What each mark on the table means, each with a small icon drawn as the table
        draws it (for the help overlay)."""
        size = 30

        def icon() -> pygame.Surface:
            return pygame.Surface((size, size), pygame.SRCALPHA)

        out = self.side_rows(sides)
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
        dashed(blocked, (2, size // 2), (size - 2, size // 2), pal.VERMILLION)
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
        return super().piece_at(sx, sy)

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

    @property
    def base_scale(self) -> float:
        """Screen pixels per unit at the current zoom."""
        return PX * self.camera.zoom

    # ================================================================ terrain layer
    def _full_size(self) -> tuple[int, int]:
        x0, y0, x1, y1 = self.extent
        z = self.camera.zoom
        return int(math.ceil((x1 - x0) * z)), int(math.ceil((y1 - y0) * z))

    def _origin(self) -> tuple[int, int]:
        """Screen position of the cached terrain's (whole table's) top-left corner."""
        x0, y0, _x1, _y1 = self.extent
        sx, sy = self.camera.map_to_screen(x0, y0)
        return int(math.floor(sx)), int(math.floor(sy))

    @property
    def _window(self) -> tuple[int, int, int, int]:
        return self._map.window

    def invalidate(self) -> None:
        self._map.invalidate()

    def _map_surface(self) -> pygame.Surface:
        cache = self._map
        z = self.camera.zoom
        full, origin, view = self._full_size(), self._origin(), self.camera.view
        if cache.stale(z, full, origin, view):
            wx, wy, wx1, wy1 = cache.begin(full, origin, view)
            surf = cache.canvas((wx1 - wx, wy1 - wy))
            cache.keep(self.terrain.build(surf, z, self.extent, cache.window), z)
        assert cache.surface is not None
        return cache.surface

    # ================================================================ frame
    def draw(self, surface: pygame.Surface, figures: Sequence[PieceView] = (),
             scenery: Sequence[Scenery] = ()) -> None:
        """Draw the terrain, terrain held in the game state, the marks, the minis and
        their animations onto ``surface``."""
        if surface.get_size() != self.camera.view:
            self.resize(surface.get_size())
        m = self._map_surface()
        surface.fill(pal.TABLE)
        ox, oy = self._origin()
        surface.blit(m, (ox + self._window[0], oy + self._window[1]))
        if scenery:
            draw_scenery(surface, scenery, self.unit_screen, self._fonts)
        mk = self.marks
        paint = TableMarkPainter(self.unit_screen, self._fonts, self.base_scale,
                                 self.camera.zoom)
        paint.draw_zones(surface, mk)
        if self.visible["rings"]:
            paint.draw_rings(surface, mk)
        paint.draw_lines(surface, mk)
        if self.visible["sight"]:
            for rays in mk.rays:
                paint.draw_rays(surface, rays)
        self._draw_figures(surface, figures, mk)
        if self.visible["ruler"] and mk.ruler is not None:
            paint.draw_ruler(surface, mk.ruler)
        paint.draw_targets(surface, mk, figures)
        if mk.ghost is not None:
            paint.draw_ghost(surface, mk.ghost)
        if self.visible["hover"] and self.hover is not None and mk.ruler is None:
            x, y = self.unit_screen(*self.hover.units)
            pygame.draw.circle(surface, pal.PAPER, (x, y), 3)
        if self.effects.floats:
            size = max(18, int(0.8 * PX * self.camera.zoom))
            r = 0.5 * PX * self.camera.zoom
            self.effects.draw_floats(surface, self._fonts, self.screen_pos, size, max(8.0, r))

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

    def _mini(self, surface: pygame.Surface, v: PieceView, at: tuple[float, float, float],
              facing: float, r: float) -> Blits:
        """A mini's token (on a stalk when it stands up on something), its hero ring, the
        selection ring, its health bar and name."""
        x, y, z = at
        sx, sy = self.unit_screen(x, y, z)
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
        return blits

    def _draw_figures(self, surface: pygame.Surface, figures: Sequence[PieceView],
                      mk: TableMarks) -> None:
        s = self.base_scale
        items: list[tuple[float, int, Blits]] = []
        spots: list[tuple[str, float, float, float]] = []
        placed: list[tuple[str, float, float, float, float]] = []
        for n, v in enumerate(figures):
            if v.status == "dead" or v.place is None:
                continue
            x, y, z, facing = self._figure_at(v, mk.levels)
            sx, sy = self.unit_screen(x, y, z)
            r = max(MIN_RADIUS, 0.5 * s * (v.size if v.size > 1 else 1))
            items.append((sy, n, self._mini(surface, v, (x, y, z), facing, r)))
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
