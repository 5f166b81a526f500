"""The F1 legend of a hex board: what each of its marks means, each with a small icon
drawn the way the board draws it."""

from __future__ import annotations

import math

import pygame

from game.ui import palette as pal
from game.ui.boards.hex_images import HexImages
from game.ui.boards.hex_marks import (
    FRONT,
    JUMP_EDGE,
    JUMP_FILL,
    PATH,
    REACH_EDGE,
    REACH_FILL,
    SELECT,
    TARGET,
    band,
    dashed_polygon,
)
from game.ui.drawing import BoardFonts, dashed_ring
from game.ui.palette import RGBA
from game.ui.tokens import GENERIC_KIND, TokenPainter

Point = tuple[float, float]
SIZE = 30
"""An icon's size (pixels)."""


def _points(orientation: str) -> list[Point]:
    c = SIZE / 2
    r = SIZE / 2 - 2
    angle0 = math.pi / 6 if orientation == "pointy" else 0.0
    return [(c + r * math.cos(angle0 + k * math.pi / 3),
             c + r * math.sin(angle0 + k * math.pi / 3)) for k in range(6)]


def _hexagon(orientation: str, zoom: float, fill: RGBA | None, edge: RGBA | None,
             width: int = 2, solid: bool | None = None) -> pygame.Surface:
    s = pygame.Surface((SIZE, SIZE), pygame.SRCALPHA)
    pts = _points(orientation)
    pygame.draw.polygon(s, (*pal.terrain_style("grass").top, 255), pts)
    if fill is not None:
        pygame.draw.polygon(s, fill, pts)
    if edge is not None and solid is not None:
        band(s, pts, SIZE / 2, SIZE / 2, edge, solid, zoom)
    elif edge is not None:
        pygame.draw.polygon(s, edge, pts, width)
    return s


def hex_legend_rows(orientation: str, zoom: float, images: HexImages, fonts: BoardFonts,
                    tokens: TokenPainter) -> list[tuple[pygame.Surface, str]]:
    """The rows of every mark of a hex board (after the sides' rows)."""
    size = SIZE
    out: list[tuple[pygame.Surface, str]] = []

    def hexagon(fill: RGBA | None, edge: RGBA | None, width: int = 2,
                solid: bool | None = None) -> pygame.Surface:
        return _hexagon(orientation, zoom, fill, edge, width, solid)

    pill = images.cost_pill("3", 13)
    reach = hexagon(REACH_FILL, REACH_EDGE, solid=True)
    reach.blit(pill, pill.get_rect(center=(size // 2, size // 2)))
    out.append((reach, "MP to move here (digits on a dark chip), and still attack after "
                       "(T-7)"))
    far = hexagon(REACH_FILL, REACH_EDGE, solid=False)
    far.blit(pill, pill.get_rect(center=(size // 2, size // 2)))
    out.append((far, "can move here, not attack after: over half its MA (T-7)"))
    end = hexagon(REACH_FILL, REACH_EDGE, solid=True)
    pygame.draw.circle(end, (*pal.PAPER, 220), (size // 2, size // 2), size // 3, 2)
    out.append((end, "the move stops here: an enemy engages it (T-6)"))
    jump = hexagon(JUMP_FILL, JUMP_EDGE, solid=True)
    warn = images.cost_pill("1", 12, True)
    jump.blit(warn, warn.get_rect(center=(size // 2, size // 2)))
    out.append((jump, "a jump down (H-8) for this many MP; its label: the chance to land "
                      "standing, 'out': knocked out or killed"))
    front = hexagon(None, None)
    pts = [(size / 2 + (x - size / 2) * 0.8, size / 2 + (y - size / 2) * 0.8)
           for x, y in _points(orientation)]
    dashed_polygon(front, (*pal.INK, 255), pts, 4, 3)
    dashed_polygon(front, (*FRONT, 255), pts, 2, 3)
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
    num = fonts.outlined("2", 14)
    lv.blit(num, num.get_rect(center=(size // 2, size // 2)))
    out.append((lv, "the hex's level: plain digits at its top edge, never on a chip "
                    "(beside a figure: the one it stands on)"))
    badge = tokens.token(GENERIC_KIND, 1, 12, (1.0, 0.0), "ok", "2")
    out.append((badge, "tells two figures of a side and kind apart (by name)"))
    return out
