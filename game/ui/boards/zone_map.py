"""The map layer of a zone board: each zone as its shape, textured by its terrain (trees in
a forest or an orchard, planks and walls in a house, a stream in a brook), the borders
(a house's walls thick), obstacles with their kind and size (a wall along a border, a
woodpile in a yard) and bottleneck markers over their border with a ring for each spot;
drawn once per zoom."""

from __future__ import annotations

import math

import pygame

from game.boards.zones import Bottleneck, Obstacle, ZoneBoard
from game.ui import palette as pal
from game.ui.boards.zone_layout import BASE
from game.ui.drawing import optimise
from game.ui.palette import Colour, TerrainStyle
from game.ui.textures import texture

XY = tuple[float, float]

ZONE_STYLES: dict[str, TerrainStyle] = {
    "open": TerrainStyle((112, 160, 80), (80, 60, 40), "grass"),
    "grass": TerrainStyle((112, 164, 78), (80, 60, 40), "grass"),
    "crops": TerrainStyle((204, 180, 96), (150, 120, 60), "sand"),
    "garden": TerrainStyle((86, 138, 66), (80, 60, 40), "grass"),
    "mud": TerrainStyle((118, 92, 62), (80, 60, 40), "dirt"),
    "floor": TerrainStyle((176, 142, 100), (110, 84, 56), "plain"),
    "dirt": TerrainStyle((158, 124, 84), (100, 76, 50), "dirt"),
    "road": TerrainStyle((150, 138, 116), (100, 92, 80), "dirt"),
    "heath": TerrainStyle((128, 132, 80), (80, 60, 40), "grass"),
    "orchard": TerrainStyle((98, 150, 72), (80, 60, 40), "grass"),
    "hill": TerrainStyle((142, 176, 100), (80, 60, 40), "grass"),
    "forest": TerrainStyle((60, 104, 56), (40, 50, 30), "grass"),
    "brook": TerrainStyle((96, 146, 108), (60, 80, 70), "grass"),
    "water": TerrainStyle((52, 118, 190), (26, 66, 120), "water"),
    "rock": TerrainStyle((142, 140, 136), (92, 90, 88), "rock"),
    "sand": TerrainStyle((224, 198, 134), (168, 140, 92), "sand"),
}
"""How each zone terrain looks (any other terrain gets the neutral style)."""

OBSTACLE_COLOURS: dict[str, tuple[Colour, Colour]] = {
    "wall": ((168, 164, 156), (70, 66, 60)),
    "hedge": ((46, 96, 40), (20, 44, 18)),
    "fence": ((150, 108, 66), (70, 48, 28)),
    "brambles": ((122, 70, 100), (60, 30, 50)),
    "fire": ((240, 120, 30), (120, 30, 10)),
    "woodpile": ((150, 100, 56), (70, 44, 24)),
    "thicket": ((52, 88, 44), (24, 40, 20)),
}
"""Fill and edge of each obstacle kind (others get a grey)."""


def zone_style(terrain: str) -> TerrainStyle:
    return ZONE_STYLES.get(terrain, pal.UNKNOWN_TERRAIN)


def tree_points(board: ZoneBoard) -> dict[str, list[XY]]:
    """Where the trees of each forest and orchard stand (map pixels, fixed jitter)."""
    trees: dict[str, list[XY]] = {}
    for z, zone in board.zones.items():
        if zone.terrain in ("forest", "orchard"):
            spacing = 46.0 if zone.terrain == "forest" else 58.0
            pts = board.spots(z, spacing, 14)
            if zone.terrain == "forest":
                pts = [p for k, p in enumerate(pts) if (k * 7919) % 5 != 0]
            trees[z] = [(x + (((int(x) * 31 + int(y) * 17) % 13) - 6),
                         y + (((int(x) * 17 + int(y) * 29) % 11) - 5))
                        for x, y in pts]
    return trees


class ZoneMap:
    """Draws the map layer of one zone board at one zoom (see the module text)."""

    def __init__(self, board: ZoneBoard, bn_spots: dict[str, list[XY]],
                 extent: tuple[float, float, float, float], background: Colour) -> None:
        self.board = board
        self.bn_spots = bn_spots
        self.extent = extent
        self.background = background
        self.trees = tree_points(board)
        self.zoom = 1.0
        """The zoom the map is drawn at."""
        self._tiles: dict[str, pygame.Surface] = {}

    def _tile(self, terrain: str) -> pygame.Surface:
        t = self._tiles.get(terrain)
        if t is None:
            arr = texture(zone_style(terrain), 128, 128, len(terrain) % 3)
            t = optimise(pygame.surfarray.make_surface(arr))
            self._tiles[terrain] = t
        return t

    def _to(self, p: XY, ox: float, oy: float) -> XY:
        z = self.zoom
        return ox + p[0] * z, oy + p[1] * z

    def size(self, zoom: float) -> tuple[int, int]:
        """The whole map's size at ``zoom`` (screen pixels)."""
        x0, y0, x1, y1 = self.extent
        return int(math.ceil((x1 - x0) * zoom)) + 2, int(math.ceil((y1 - y0) * zoom)) + 2

    def build(self, surf: pygame.Surface, zoom: float) -> pygame.Surface:
        """Draw the whole map at ``zoom`` onto ``surf`` (of :meth:`size`)."""
        self.zoom = z = zoom
        b = self.board
        x0, y0, _x1, _y1 = self.extent
        surf.fill(self.background)
        ox, oy = -x0 * z, -y0 * z
        for zid, zone in b.zones.items():
            pts = [self._to(p, ox, oy) for p in zone.polygon]
            xs, ys = [p[0] for p in pts], [p[1] for p in pts]
            bx, by = int(min(xs)), int(min(ys))
            bw, bh = int(max(xs)) - bx + 2, int(max(ys)) - by + 2
            part = pygame.Surface((bw, bh), pygame.SRCALPHA)
            tile = self._tile(zone.terrain)
            tw, th = tile.get_size()
            for tx in range(0, bw, tw):
                for ty in range(0, bh, th):
                    part.blit(tile, (tx, ty))
            local = [(x - bx, y - by) for x, y in pts]
            self._decorate(part, zid, zone.terrain, bx, by, ox, oy)
            mask = pygame.Surface((bw, bh), pygame.SRCALPHA)
            pygame.draw.polygon(mask, (255, 255, 255, 255), local)
            part.blit(mask, (0, 0), special_flags=pygame.BLEND_RGBA_MULT)
            surf.blit(part, (bx, by))
        # borders: every zone's outline; a house's walls thick
        for zone in b.zones.values():
            pts = [self._to(p, ox, oy) for p in zone.polygon]
            if zone.terrain == "floor":
                pygame.draw.lines(surf, (64, 44, 30), True, pts, max(4, int(9 * z)))
            pygame.draw.lines(surf, (26, 28, 24), True, pts, max(2, int(2.5 * z)))
        for pt in b.patches.values():
            self._draw_patch(surf, pt.shape, ox, oy)
        for ob in b.obstacles.values():
            self._draw_obstacle(surf, ob, ox, oy)
        for bn in b.bottlenecks.values():
            self._draw_bottleneck(surf, bn, ox, oy)
        return surf


    def _decorate(self, part: pygame.Surface, zid: str, terrain: str, bx: int, by: int,
                  ox: float, oy: float) -> None:
        """Trees in a forest or orchard, planks in a house, a stream in a brook."""
        z = self.zoom
        if terrain in ("forest", "orchard"):
            r = (15 if terrain == "forest" else 11) * z
            dark = (30, 64, 30) if terrain == "forest" else (52, 104, 44)
            light = (70, 120, 60) if terrain == "forest" else (96, 150, 70)
            for p in self.trees.get(zid, []):
                x, y = self._to(p, ox - bx, oy - by)
                pygame.draw.circle(part, (0, 0, 0, 60), (x + r * 0.25, y + r * 0.3), r)
                pygame.draw.circle(part, dark, (x, y), r)
                pygame.draw.circle(part, light, (x - r * 0.25, y - r * 0.25), r * 0.55)
                if terrain == "orchard":
                    pygame.draw.circle(part, (200, 60, 40), (x + r * 0.3, y - r * 0.1),
                                       max(1.5, r * 0.16))
        elif terrain == "floor":
            step = max(6, int(28 * z))
            for y in range(0, part.get_height(), step):
                pygame.draw.line(part, (140, 108, 74), (0, y), (part.get_width(), y),
                                 max(1, int(z * 1.5)))
        elif terrain == "brook":
            w = part.get_width()
            h = part.get_height()
            pts = [(x, h * 0.5 + math.sin(x / max(1.0, w) * 2 * math.pi * 2.3) * h * 0.18)
                   for x in range(0, w + 8, 8)]
            if len(pts) > 1:
                pygame.draw.lines(part, (56, 112, 170), False, pts, max(3, int(12 * z)))
                pygame.draw.lines(part, (120, 170, 214), False, pts, max(1, int(4 * z)))


    def _draw_patch(self, surf: pygame.Surface, shape: tuple[XY, ...], ox: float,
                    oy: float) -> None:
        """Z-10: terrain over part of a zone: a hatched area with a bright edge (it
        counts only for those who move onto it)."""
        z = self.zoom
        pts = [self._to(p, ox, oy) for p in shape]
        if len(pts) < 3:
            return
        xs, ys = [p[0] for p in pts], [p[1] for p in pts]
        bx, by = int(min(xs)), int(min(ys))
        bw, bh = int(max(xs)) - bx + 2, int(max(ys)) - by + 2
        part = pygame.Surface((bw, bh), pygame.SRCALPHA)
        part.fill((150, 128, 60, 150))
        step = max(5, int(12 * z))
        for k in range(-bh, bw, step):
            pygame.draw.line(part, (96, 78, 30, 200), (k, bh), (k + bh, 0), max(1, int(2 * z)))
        mask = pygame.Surface((bw, bh), pygame.SRCALPHA)
        pygame.draw.polygon(mask, (255, 255, 255, 255), [(x - bx, y - by) for x, y in pts])
        part.blit(mask, (0, 0), special_flags=pygame.BLEND_RGBA_MULT)
        surf.blit(part, (bx, by))
        pygame.draw.polygon(surf, (236, 208, 110), pts, max(1, int(2 * z)))

    def _draw_obstacle(self, surf: pygame.Surface, ob: Obstacle, ox: float,
                       oy: float) -> None:
        z = self.zoom
        fill, edge = OBSTACLE_COLOURS.get(ob.kind, ((150, 150, 150), (60, 60, 60)))
        pts = [self._to(p, ox, oy) for p in ob.shape]
        if ob.closed and len(pts) >= 3:
            pygame.draw.polygon(surf, fill, pts)
            pygame.draw.polygon(surf, edge, pts, max(2, int(3 * z)))
            if ob.kind == "woodpile":
                xs, ys = [p[0] for p in pts], [p[1] for p in pts]
                for k in range(1, 4):
                    y = min(ys) + (max(ys) - min(ys)) * k / 4
                    pygame.draw.line(surf, edge, (min(xs) + 3, y), (max(xs) - 3, y), 1)
            elif ob.kind == "thicket":
                for k in range(0, len(pts)):
                    x, y = pts[k]
                    pygame.draw.circle(surf, edge, (x, y), max(2, int(6 * z)))
        elif len(pts) >= 2:
            width = max(4, int((6 + 2 * ob.size) * z))
            pygame.draw.lines(surf, edge, False, pts, width + 4)
            pygame.draw.lines(surf, fill, False, pts, width)
            if ob.kind in ("wall", "fence", "brambles", "hedge"):
                self._ticks(surf, pts, edge, width, ob.kind)

    @staticmethod
    def _ticks(surf: pygame.Surface, pts: list[XY], edge: Colour, width: int,
               kind: str) -> None:
        """Stones of a wall, posts of a fence, thorns of brambles, along a line."""
        step = max(8.0, width * 2.2)
        for (ax, ay), (bx, by) in zip(pts, pts[1:], strict=False):
            d = math.hypot(bx - ax, by - ay)
            if d < 1:
                continue
            ux, uy = (bx - ax) / d, (by - ay) / d
            t = step / 2
            while t < d:
                x, y = ax + ux * t, ay + uy * t
                if kind == "wall":
                    pygame.draw.line(surf, edge, (x - uy * width / 2, y + ux * width / 2),
                                     (x + uy * width / 2, y - ux * width / 2), 1)
                elif kind == "fence":
                    pygame.draw.circle(surf, edge, (x, y), max(2, width // 2))
                elif kind == "brambles":
                    pygame.draw.line(surf, edge, (x - uy * width, y + ux * width),
                                     (x + uy * width, y - ux * width), 2)
                else:
                    pygame.draw.circle(surf, edge, (x, y), max(2, width // 2), 1)
                t += step


    def door_rect(self, bn: Bottleneck, ox: float, oy: float) -> pygame.Rect:
        """The box of a bottleneck's marker (round its shape and spots), in map-surface
        pixels, at the map's zoom."""
        z = self.zoom
        pts = [self._to(p, ox, oy) for p in bn.shape]
        spots = [self._to(p, ox, oy) for p in self.bn_spots[bn.id]]
        r = BASE * z * 1.12
        sx = [p[0] for p in spots + pts]
        sy = [p[1] for p in spots + pts]
        return pygame.Rect(int(min(sx) - r), int(min(sy) - r),
                           int(max(sx) - min(sx) + 2 * r), int(max(sy) - min(sy) + 2 * r))

    def _draw_bottleneck(self, surf: pygame.Surface, bn: Bottleneck, ox: float,
                         oy: float) -> None:
        z = self.zoom
        spots = [self._to(p, ox, oy) for p in self.bn_spots[bn.id]]
        r = BASE * z * 1.12
        rect = self.door_rect(bn, ox, oy)
        pygame.draw.rect(surf, (58, 44, 30), rect, border_radius=max(3, int(8 * z)))
        pygame.draw.rect(surf, pal.ORANGE, rect, max(2, int(3 * z)),
                         border_radius=max(3, int(8 * z)))
        for x, y in spots:
            pygame.draw.circle(surf, (200, 180, 150), (x, y), r * 0.82, max(1, int(2 * z)))

