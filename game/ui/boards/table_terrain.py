"""The terrain of the open table, drawn from above with each piece raised by its height.

Terrain reads at a glance: ground areas (rough ground, water, pools, forests) are
textured and flat, with their height written on them when it matters; solid pieces
(crates, buildings, trees) are prisms whose top is raised by their height and whose side
faces towards the viewer are shaded; linear obstacles are thick lines (walls grey, fences
brown with posts, barbed wire spiked); vantage roofs are striped; ladders show rungs and
doors a gap. It is drawn once per zoom into a cached surface (see
:class:`~game.ui.boards.base.MapCache`).
"""

from __future__ import annotations

import math
from collections.abc import Callable

import pygame

from game.boards.table import Piece, Table
from game.rules.hero.queries import piece_heights
from game.ui import palette as pal
from game.ui.boards.table_marks import alpha_polygon
from game.ui.drawing import BoardFonts, optimise
from game.ui.palette import LINE_STYLES, Colour, PieceStyle
from game.ui.textures import texture

Vec = tuple[float, float]
ToScreen = Callable[..., Vec]
"""Table units (x, y and an optional height) to pixels of the cached terrain surface."""

PX = 32
"""Map pixels per unit."""
RISE = 0.45
"""Units of screen height one unit of terrain height (Ht) is drawn as."""
TEXT_MIN = 12
GRASS = pal.TerrainStyle((88, 140, 64), (70, 110, 50), "grass")


def style_of(p: Piece) -> PieceStyle:
    return pal.piece_style(p.kind)


def drawn_heights(board: Table) -> tuple[int, ...]:
    """Each piece's height (Ht) by its index, as the rules read it (G-2: the map's own
    ``ht``, else its kind's usual height): asked of the rules, never worked out here."""
    return piece_heights(board)


class TableTerrain:
    """Draws the terrain pieces of one Table (see the module text)."""

    def __init__(self, board: Table, fonts: BoardFonts) -> None:
        self.board = board
        self.heights = drawn_heights(board)
        self.fonts = fonts
        self.zoom = 1.0
        """The zoom the terrain is drawn at."""
        self._textures: dict[tuple[str, int], pygame.Surface] = {}
        self.map_labels: list[tuple[str, pygame.Rect]] = []
        """Where the map's labels went on the map surface (name, rect)."""
        self.map_table = pygame.Rect(0, 0, 0, 0)
        """The table's top on the map surface."""

    def _texture(self, name: str, colour: Colour) -> pygame.Surface:
        key = (name, hash(colour) & 0xFFFF)
        t = self._textures.get(key)
        if t is None:
            style = pal.TerrainStyle(colour, colour, name)
            t = pygame.surfarray.make_surface(texture(style, 96, 96, len(self._textures) % 3))
            self._textures[key] = t
        return t


    def build(self, surf: pygame.Surface, zoom: float, extent: tuple[float, float, float, float],
              window: tuple[int, int, int, int]) -> pygame.Surface:
        """Draw the part ``window`` (``(x, y, w, h)`` of the whole table's surface at
        ``zoom``) onto ``surf``; returns it made ready to blit."""
        self.zoom = z = zoom
        wx, wy = window[0], window[1]
        surf.fill(pal.TABLE)
        ex0, ey0 = extent[0], extent[1]

        def to(x: float, y: float, h: float = 0.0) -> tuple[float, float]:
            return ((x * PX - ex0) * z - wx, (y * PX - ey0) * z - wy - h * RISE * PX * z)

        # the table top, textured grass, with a dark rim
        tl, br = to(0, 0), to(self.board.width, self.board.height)
        table_rect = pygame.Rect(round(tl[0]), round(tl[1]), round(br[0] - tl[0]),
                                 round(br[1] - tl[1]))
        pygame.draw.rect(surf, pal.shade(GRASS.top, 0.5), table_rect.inflate(8, 8))
        self._tile(surf, table_rect, self._texture("grass", GRASS.top))
        flats = [p for p in self.board.pieces if not p.is_line and not style_of(p).solid]
        solids = [p for p in self.board.pieces if not p.is_line and style_of(p).solid]
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
        st = style_of(p)
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
                        r = 0.55 * PX * self.zoom
                        pygame.draw.circle(surf, pal.shade(st.top, 0.78), (cx, cy), r)
                        pygame.draw.circle(surf, pal.shade(st.top, 1.18), (cx - r * 0.25,
                                                                          cy - r * 0.25),
                                           r * 0.45)
                    x += 1.3
                y += 1.15
                k += 1
        if p.kind == "caustic_pool":
            alpha_polygon(surf, pts, (214, 236, 160, 70))
        if p.kind == "trapped":
            for a, b in zip(pts, pts[1:] + pts[:1], strict=True):
                pygame.draw.line(surf, pal.VERMILLION, a, b, 3)
        pygame.draw.polygon(surf, edge, pts, 2)

    def _prism(self, surf: pygame.Surface, p: Piece, to: ToScreen) -> None:
        st = style_of(p)
        h = self.heights[p.index]
        base = [to(x, y) for x, y in p.points]
        top = [to(x, y, h) for x, y in p.points]
        n = len(base)
        # shadow, then the side faces that face the viewer (their outward normal points
        # down the screen), then the top
        rise = h * RISE * PX * self.zoom
        shadow = [(x + rise * 0.25, y + rise * 0.1) for x, y in base]
        alpha_polygon(surf, shadow, (0, 0, 0, 70))
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
                    0.5 * PX * self.zoom)))
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
            step = max(6, int(0.6 * PX * self.zoom))
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
        h = self.heights[p.index]
        z = self.zoom
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
        st = style_of(p)
        z = self.zoom
        x0, y0, x1, y1 = p.bbox
        # the height of what it crosses
        high = max((self.heights[q.index] for q in self.board.pieces
                    if q.index != p.index and not q.is_line
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
        z = self.zoom
        size = max(TEXT_MIN, int(0.36 * PX * z))
        taken: list[pygame.Rect] = []
        self.map_labels = []
        self.map_table = table
        for p in self.board.pieces:
            if p.kind in ("ladder", "stairs", "door"):
                continue
            h = self.heights[p.index]
            cx, cy = p.centre
            lift = h if style_of(p).solid or p.is_line else 0
            x, y = to(cx, cy, lift)
            text = f"{p.name}" + (f"  Ht {h}" if h else "")
            t = self.fonts.pill(text, size, pal.PAPER, (*pal.INK, 150))
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

