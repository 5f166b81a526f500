"""What a hex board marks and in which colours: the hex board's own marks (shaded views,
a 3D sight line, the hexes a figure can still attack from, front arcs) beside the shared
:class:`~game.ui.boards.Marks`, and the shapes every hex mark is drawn with."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field

import pygame

from game.ui import palette as pal
from game.ui.boards import Marks
from game.ui.boards.labels import disc_hits
from game.ui.drawing import BoardFonts
from game.ui.palette import RGBA, Colour

Point = tuple[float, float]


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
TEXT_MIN = 12
"""Smallest font of any text on the board but level numbers (pixels)."""

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
    clings: dict[str, tuple[int, int]] = field(default_factory=dict)
    """Piece id -> (levels above its hex, the wall's hex) of a figure clinging to a wall
    (H-11): drawn that high, against the wall, not at its foot."""


def dashed_polygon(surf: pygame.Surface, colour: RGBA | Colour, pts: Sequence[Point],
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


def band(surf: pygame.Surface, top: list[Point], cx: float, cy: float, colour: RGBA,
         solid: bool, zoom: float) -> None:
    """A hex's edge mark: a solid inner band, or a thin dashed edge (the shape tells
    them apart without colour)."""
    if solid:
        k = 1 - CHARGE_BAND
        inner = [(cx + (x - cx) * k, cy + (y - cy) * k) for x, y in top]
        for a in range(6):
            b = (a + 1) % 6
            pygame.draw.polygon(surf, colour, [top[a], top[b], inner[b], inner[a]])
        return
    edge = [(cx + (x - cx) * 0.94, cy + (y - cy) * 0.94) for x, y in top]
    dashed_polygon(surf, colour, edge, max(2, int(2 * zoom)), 2)


def draw_sight(surface: pygame.Surface, s: SightMark, at: Callable[[int, float], Point],
               zoom: float, fonts: BoardFonts, tile_px: float, base_radius: float,
               taken: Sequence[pygame.Rect],
               token_discs: Sequence[tuple[str, float, float, float]]) -> pygame.Rect | None:
    """The 3D sight line of a shot: sky where clear, vermillion from where the terrain
    blocks it, a yellow ring at each figure in the way, a small grey mark at each figure it
    passes over, and its label (range band, DX) at the target clear of the labels already
    ``taken`` and of the tokens; returns where the label went (None: no room, the hover tip
    says the same). ``at(cell, level)``: where a cell's centre at a height is on screen."""
    pts = [at(s.start, s.za)] + [at(c, zz) for c, zz, _k in s.points] + [at(s.end, s.zb)]
    kinds = ["clear"] + [k for _c, _z, k in s.points] + ["clear"]
    w = max(3, int(3 * zoom))
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
    if not s.label:
        return None
    size = max(TEXT_MIN + 1, int(round(tile_px * .24)))
    t = fonts.pill(s.label, size, pal.INK, (*pal.PAPER, 235), pal.INK)
    x, y = pts[-1]
    w, h = t.get_size()
    rr = base_radius * 1.3
    cands = [(x - w / 2, y - rr - h - 12), (x - w / 2, y + rr + 4),
             (x + rr + 4, y - h / 2), (x - rr - 4 - w, y - h / 2)]
    for cx, cy in cands:
        rc = pygame.Rect(round(cx), round(cy), w, h)
        if not any(rc.colliderect(o) for o in taken) and not any(
                disc_hits((dx, dy, dr * 1.12), rc) for _f, dx, dy, dr in token_discs):
            surface.blit(t, rc)
            return rc
    return None
