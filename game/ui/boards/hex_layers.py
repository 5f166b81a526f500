"""The two cached layers of a hex board view.

* The map: every stack drawn back to front into one surface (side faces one band per
  level, darker lower down; the board's shadow under its front edges; the tops), only
  the stacks inside the kept window (see :class:`~game.ui.boards.base.MapCache`).
* The overlay (reach, jumps, shaded views, front arcs, selection, target rings, the
  path): a translucent surface covering only the cells involved; nearer stacks hide
  what is behind them in it, as on the map. It is light (a wash and an edge, not an
  opaque tint) and leaves every marked cell's level number showing exactly as on the map.
"""

from __future__ import annotations

import math
from collections.abc import Iterable
from dataclasses import dataclass, field

import numpy as np
import pygame

from game.ui import palette as pal
from game.ui.boards.hex_geometry import HexCell, HexGeometry
from game.ui.boards.hex_images import HexImages
from game.ui.boards.hex_marks import (
    ENEMY_FRONT,
    FRONT,
    JUMP_EDGE,
    JUMP_FILL,
    PATH,
    REACH_EDGE,
    REACH_FILL,
    SELECT,
    SHADES,
    TARGET,
    band,
    dashed_polygon,
)
from game.ui.drawing import dashed_ring, optimise
from game.ui.palette import Colour

Point = tuple[float, float]
Window = tuple[int, int, int, int]
"""Part of the whole map drawn at one zoom: ``(x, y, w, h)`` in screen pixels."""


# ============================================================================== the map
def paint_map(surf: pygame.Surface, geo: HexGeometry, images: HexImages, zoom: float,
              window: Window, background: Colour) -> pygame.Surface:
    """Draw the stacks of ``geo`` inside ``window`` onto ``surf`` (its size)."""
    z = zoom
    b = geo.board
    lh = geo.level_height * z
    pad, top_pad, _bottom = geo.pads(z)
    wx, wy, ww, wh = window
    wx1, wy1 = wx + ww, wy + wh
    surf.fill(background)
    ox, oy = pad - wx, top_pad - wy
    # cells outside the window are skipped (bboxes are in map pixels)
    u0, v0 = (wx - pad) / z, (wy - top_pad) / z
    u1, v1 = (wx1 - pad) / z, (wy1 - top_pad) / z
    bb = geo.bbox
    inside = (bb[:, 2] >= u0) & (bb[:, 0] <= u1) & (bb[:, 3] >= v0) & (bb[:, 1] <= v1)
    order = [geo.order[k] for k in np.nonzero(inside)[0]]
    tw, th = int(math.ceil(b.tile_width * z)) + 2, int(math.ceil(b.tile_height * z)) + 2
    _shadow(surf, geo, order, z, ox, oy, pal.shade(background, 0.55))
    draw_line = pygame.draw.line
    draw_poly = pygame.draw.polygon
    blit = surf.blit
    styles = {name: pal.terrain_style(name) for name in b.terrain_names}
    band_colour = _BandColours(styles, max(1, geo.max_level))
    colours = band_colour.colours
    seams = {name: pal.shade(st.side, 0.45) for name, st in styles.items()}
    for i in order:
        c = geo.cells[i]
        terrain = c.terrain
        # side faces, one band per level, darker lower down (inline: the rebuild's
        # inner loop, ~600 bands a frame)
        for (a, q), light, top_lv, bottom in c.faces:
            ax, ay = ox + a[0] * z, oy + a[1] * z
            bx, by = ox + q[0] * z, oy + q[1] * z
            k = float(top_lv)
            while k > bottom:
                k2 = max(bottom, k - 1)
                cols = colours.get((terrain, light, k)) or band_colour(terrain, light, k)
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
        top = (images.now.tops.get((terrain, c.level, c.variant))
               or images.top(terrain, c.level, c.variant))
        blit(top, (math.floor(cx - (tw - 1) / 2 + 0.5), math.floor(cy - (th - 1) / 2 + 0.5)))
    return surf


def _shadow(surf: pygame.Surface, geo: HexGeometry, order: list[int], z: float, ox: float,
            oy: float, dark: Colour) -> None:
    """The board's shadow on the table, under its front edges."""
    floor = geo.floor
    lh = geo.level_height * z
    d = 6 * z
    for i in order:
        for (a, q), _l, _lv, bottom in geo.cells[i].faces:
            if bottom <= floor:
                lo = floor * lh
                ax, ay = ox + a[0] * z, oy + a[1] * z - lo
                bx, by = ox + q[0] * z, oy + q[1] * z - lo
                pygame.draw.polygon(surf, dark, [(ax, ay), (bx, by), (bx + d, by + d),
                                                 (ax + d, ay + d)])


@dataclass
class _BandColours:
    """The colours of the bands of side faces (face, seam), one pair per terrain, light
    and level, worked out once."""

    styles: dict[str, pal.TerrainStyle]
    top_level: int
    colours: dict[tuple[str, float, float], tuple[Colour, Colour]] = field(
        default_factory=dict)

    def __call__(self, terrain: str, light: float, k: float) -> tuple[Colour, Colour]:
        depth = 0.72 + 0.28 * (k / self.top_level) if k > 0 else 0.62
        col = pal.shade(self.styles[terrain].side, light * depth)
        cols = self.colours[(terrain, light, k)] = (col, pal.shade(col, 0.72))
        return cols


# ============================================================================== the overlay
@dataclass
class HexShown:
    """What the overlay marks now (the hex view's marks, shown overlays only)."""

    reach: dict[int, int | str]
    ends: set[int]
    jumps: dict[int, str]
    path: list[int]
    targets: dict[int, str]
    selected: int | None
    shade: dict[int, str]
    charge: set[int] | None
    fronts: tuple[tuple[int, tuple[int, ...], bool], ...]
    visible: dict[str, bool]

    def cells(self) -> set[int]:
        """Every cell the overlay marks."""
        out: set[int] = set(self.shade)
        v = self.visible
        if v["reach"]:
            out |= set(self.reach) | set(self.jumps)
        if v["path"]:
            out |= set(self.path)
        if v["targets"]:
            out |= set(self.targets)
        if v["selected"] and self.selected is not None:
            out.add(self.selected)
        if v["selected"]:
            for _c, front, _enemy in self.fronts:
                out.update(front)
        return out

    def front_cells(self) -> dict[int, bool]:
        """The front hexes shown, each with whether it is an enemy's."""
        fronts: dict[int, bool] = {}
        if self.visible["selected"]:
            for _cell, front, enemy in self.fronts:
                for fc in front:
                    fronts[fc] = fronts.get(fc, False) or enemy
        return fronts


@dataclass
class _Canvas:
    """The overlay being drawn: its surface, where map (0, 0) at level 0 lies on it and
    the part of the map (map pixels) it covers."""

    surf: pygame.Surface
    ox: float
    oy: float
    zoom: float
    covers: tuple[float, float, float, float]

    def top(self, c: HexCell) -> list[Point]:
        return [(self.ox + x * self.zoom, self.oy + y * self.zoom) for x, y in c.top]

    def centre(self, c: HexCell) -> Point:
        return self.ox + c.centre[0] * self.zoom, self.oy + c.centre[1] * self.zoom


def build_overlay(geo: HexGeometry, images: HexImages, shown: HexShown, zoom: float,
                  window: Window, base_radius: float
                  ) -> tuple[pygame.Surface | None, tuple[int, int]]:
    """The overlay and where its top-left corner lies on the whole map's surface; None
    if nothing is marked inside ``window``."""
    cells = {c for c in shown.cells() if c in geo.cells}
    if not cells:
        return None, (0, 0)
    z = zoom
    pad, top_pad, _ = geo.pads(z)
    m = int(base_radius * 2.2 + 40 * max(1.0, z))  # room for rings
    x0 = min(geo.cells[c].bbox[0] for c in cells) * z + pad - m
    y0 = min(geo.cells[c].bbox[1] for c in cells) * z + top_pad - m
    x1 = max(geo.cells[c].bbox[2] for c in cells) * z + pad + m
    y1 = max(geo.cells[c].bbox[3] for c in cells) * z + top_pad + m
    wx, wy, ww, wh = window
    x0, y0 = max(x0, wx), max(y0, wy)
    x1, y1 = min(x1, wx + ww), min(y1, wy + wh)
    if x1 <= x0 or y1 <= y0:
        return None, (0, 0)
    ax, ay = int(math.floor(x0)), int(math.floor(y0))
    surf = pygame.Surface((int(x1 - ax) + 1, int(y1 - ay) + 1), pygame.SRCALPHA)
    bx0, by0 = (ax - pad) / z, (ay - top_pad) / z
    canvas = _Canvas(surf, pad - ax, top_pad - ay, z,
                     (bx0, by0, bx0 + surf.get_width() / z, by0 + surf.get_height() / z))
    _mark_stacks(canvas, geo, images, shown)
    # selection, target rings and the path are drawn on top of everything
    _mark_selected_and_targets(canvas, geo, shown, base_radius)
    if shown.visible["path"] and len(shown.path) >= 2:
        _draw_path(canvas, geo, images, shown.path)
    return optimise(surf, alpha=True), (ax, ay)


def _stacks_to_mark(geo: HexGeometry, lit_cells: Iterable[int]) -> Iterable[int]:
    """The lit stacks, and the nearer stacks that overlap one of them (they hide it)."""
    lit = [geo.rank[c] for c in lit_cells if c in geo.rank]
    if not lit:
        return ()
    bb = geo.bbox
    hb = bb[lit]
    ranks = np.arange(len(geo.order))[:, None]
    over = ((bb[:, None, 2] >= hb[None, :, 0]) & (bb[:, None, 0] <= hb[None, :, 2])
            & (bb[:, None, 3] >= hb[None, :, 1]) & (bb[:, None, 1] <= hb[None, :, 3])
            & (ranks > np.array(lit)[None, :]))
    need = np.asarray(over.any(axis=1), dtype=bool)
    need[lit] = True
    return (geo.order[k] for k in np.nonzero(need)[0])


def _mark_stacks(canvas: _Canvas, geo: HexGeometry, images: HexImages,
                 shown: HexShown) -> None:
    """Each lit stack's wash and edge (nearer stacks cleared over what they hide)."""
    on = shown.visible["reach"]
    reach = shown.reach if on else {}
    jumps = shown.jumps if on else {}
    ends = shown.ends if on else set()
    charge = shown.charge if on else None
    fronts = shown.front_cells()
    bx0, by0, bx1, by1 = canvas.covers
    z = canvas.zoom
    surf = canvas.surf
    clear = (0, 0, 0, 0)
    for i in _stacks_to_mark(geo, set(reach) | set(jumps) | set(shown.shade) | set(fronts)):
        c = geo.cells[i]
        cb = c.bbox
        if cb[2] < bx0 or cb[0] > bx1 or cb[3] < by0 or cb[1] > by1:
            continue
        top = canvas.top(c)
        # this stack hides what is behind it
        ox, oy, lh = canvas.ox, canvas.oy, geo.level_height * z
        for (a, b), _light, lv, lo in c.faces:
            pygame.draw.polygon(surf, clear, [
                (ox + a[0] * z, oy + a[1] * z - lv * lh), (ox + b[0] * z, oy + b[1] * z - lv * lh),
                (ox + b[0] * z, oy + b[1] * z - lo * lh), (ox + a[0] * z, oy + a[1] * z - lo * lh)])
        pygame.draw.polygon(surf, clear, top)
        cx, cy = canvas.centre(c)
        marked = False
        if i in shown.shade:
            pygame.draw.polygon(surf, SHADES[shown.shade[i]], top)
            marked = True
        if i in jumps or i in reach:
            fill, edge = (JUMP_FILL, JUMP_EDGE) if i in jumps else (REACH_FILL, REACH_EDGE)
            pygame.draw.polygon(surf, fill, top)
            band(surf, top, cx, cy, edge, charge is None or i in charge, z)
            marked = True
            if i in ends:
                inner = [(cx + (x - cx) * 0.62, cy + (y - cy) * 0.62) for x, y in top]
                pygame.draw.polygon(surf, (*pal.PAPER, 220), inner, max(2, int(2 * z)))
        if i in fronts:
            arc = [(cx + (x - cx) * 0.80, cy + (y - cy) * 0.80) for x, y in top]
            w = max(2, int(2.5 * z))
            dashed_polygon(surf, (*pal.INK, 255), arc, w + 2, 3)
            dashed_polygon(surf, (*(ENEMY_FRONT if fronts[i] else FRONT), 255), arc, w, 3)
            marked = True
        if marked:  # heights stay readable: the level number over every mark
            images.keep_number(surf, cx, cy, c.level)


def _mark_selected_and_targets(canvas: _Canvas, geo: HexGeometry, shown: HexShown,
                               r: float) -> None:
    z = canvas.zoom
    surf = canvas.surf
    if shown.visible["selected"] and shown.selected in geo.cells:
        top = canvas.top(geo.cells[shown.selected])
        pygame.draw.polygon(surf, (*pal.INK, 255), top, max(4, int(5 * z)))
        pygame.draw.polygon(surf, (*SELECT, 255), top, max(2, int(3 * z)))
    if shown.visible["targets"]:
        for i in shown.targets:
            if i not in geo.cells:
                continue
            cx, cy = canvas.centre(geo.cells[i])
            rr = r * 1.22
            dashed_ring(surf, (*pal.INK, 255), cx, cy, rr, max(5, int(r * 0.28)), 12)
            dashed_ring(surf, (*TARGET, 255), cx, cy, rr, max(3, int(r * 0.17)), 12)


def _draw_path(canvas: _Canvas, geo: HexGeometry, images: HexImages, path: list[int]) -> None:
    """The path as a line through the cell tops, an arrowhead at its end."""
    z = canvas.zoom
    surf = canvas.surf
    pts = [canvas.centre(geo.cells[c]) for c in path if c in geo.cells]
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
    for k in path:  # the path does not hide the heights it crosses
        pc = geo.cells.get(k)
        if pc is not None:
            cx, cy = canvas.centre(pc)
            images.keep_number(surf, cx, cy, pc.level)
