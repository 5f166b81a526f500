"""The zoom-free geometry of a hex height map as drawn in 2.5D, in map pixels (y down).

Each cell is a stack of ``level`` tiles: its top face is raised by ``level *
level_height`` map pixels and its visible side faces (the southern edges, facing the
viewer) go down to the neighbour's level, or below the table at the board's edge. The
stacks are kept back to front (the painter's order) with their bounding boxes, so a
point can be picked to the stack whose face is drawn there, nearer stacks first.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field

import numpy as np

from game.boards.hexmap import HexMap
from game.ui.drawing import inside_convex

Point = tuple[float, float]

LEVEL_HEIGHT = 0.2
"""Height of one level as a fraction of the tile height (map pixels)."""
PLINTH = 0.5
"""Thickness of the board below level 0, in levels (its front edge shows)."""
MAP_PAD = 4
"""Screen pixels round the drawn map."""


@dataclass
class HexCell:
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


class HexGeometry:
    """Raised tops, visible side faces and bounding boxes of every cell of a board."""

    def __init__(self, board: HexMap, level_height: float) -> None:
        self.board = board
        self.level_height = level_height
        """Map pixels one level raises a stack."""
        b = board
        lh = level_height
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
        cells: dict[int, HexCell] = {}
        for i in real:
            lv = b.level(i)
            up = lv * lh
            cx, cy = b.center(i)
            corners = b.corners(i)
            top = [(x, y - up) for x, y in corners]
            c = HexCell(i, lv, b.terrain_of(i), (cx, cy - up), top,
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
        self.rank = {i: k for k, i in enumerate(self.order)}
        self.bbox = np.array([cells[i].bbox for i in self.order],
                             dtype=np.float64).reshape(-1, 4)
        """Bounding boxes in the painter's order, one row each."""
        w, h = b.pixel_size
        self.extent = (0.0, -self.max_level * lh - 2, float(w),
                       float(h) - self.floor * lh + 2)
        """What the camera frames: the map with its raised stacks and its plinth."""

    def pads(self, zoom: float) -> tuple[int, int, int]:
        """(side pad, top pad, bottom pad) of the map surface in screen pixels at
        ``zoom``: room for the tallest stack and the plinth."""
        lh = self.level_height * zoom
        return MAP_PAD, int(math.ceil(self.max_level * lh)) + MAP_PAD, \
            int(math.ceil(-self.floor * lh)) + MAP_PAD

    def full_size(self, zoom: float) -> tuple[int, int]:
        """Size of the whole map drawn at ``zoom`` (screen pixels)."""
        pad, top_pad, bottom_pad = self.pads(zoom)
        w, h = self.board.pixel_size
        return (int(math.ceil(w * zoom)) + 2 * pad,
                int(math.ceil(h * zoom)) + top_pad + bottom_pad)

    def tile_size(self, zoom: float) -> tuple[int, int]:
        """The box one hex's top is drawn in at ``zoom`` (screen pixels, a little over)."""
        b = self.board
        return int(math.ceil(b.tile_width * zoom)) + 2, int(math.ceil(b.tile_height * zoom)) + 2

    def face_quad(self, a: Point, q: Point, top: float, bottom: float) -> list[Point]:
        """A side face from edge ``a``-``q`` (at level 0) between two levels (map px)."""
        lh = self.level_height
        return [(a[0], a[1] - top * lh), (q[0], q[1] - top * lh),
                (q[0], q[1] - bottom * lh), (a[0], a[1] - bottom * lh)]

    def cell_at(self, mx: float, my: float) -> int | None:
        """The cell whose raised top (or side face) is at map point ``(mx, my)``; nearer
        stacks are tried first, so a tall stack hides the cells behind it."""
        bb = self.bbox
        hit = np.nonzero((bb[:, 0] <= mx) & (bb[:, 2] >= mx) & (bb[:, 1] <= my)
                         & (bb[:, 3] >= my))[0]
        for k in hit[::-1]:
            c = self.cells[self.order[int(k)]]
            if inside_convex(c.top, mx, my):
                return c.index
            for (a, b), _light, lv, lo in c.faces:
                if inside_convex(self.face_quad(a, b, lv, lo), mx, my):
                    return c.index
        return None

    def near_box(self, cells: list[int]) -> tuple[float, float, float, float] | None:
        """The map box round these cells and their neighbours (None if none is a cell)."""
        cells = [c for c in cells if c in self.cells]
        if not cells:
            return None
        near = set(cells)
        for c in cells:
            near.update(j for j in self.board.neighbours(c) if j in self.cells)
        boxes = [self.cells[c].bbox for c in near]
        return (min(b[0] for b in boxes), min(b[1] for b in boxes),
                max(b[2] for b in boxes), max(b[3] for b in boxes))

    def step(self, cell: int, dx: int, dy: int) -> int | None:
        """The neighbouring cell whose centre lies most nearly in screen direction
        ``(dx, dy)`` from ``cell``, or None if no neighbour lies that way. Of two cells
        equally near that way (up or down on pointy hexes), the one in the same Tiled
        column, so holding a key goes straight on."""
        if cell not in self.cells:
            return None
        b = self.board
        ox, oy = b.center(cell)
        col = b.offset(cell)[0]
        norm = math.hypot(dx, dy) or 1.0
        best: tuple[float, int, int] | None = None
        for j in b.neighbours(cell):
            if j not in self.cells:
                continue
            x, y = b.center(j)
            d = math.hypot(x - ox, y - oy) or 1.0
            s = round(((x - ox) * dx + (y - oy) * dy) / (d * norm), 6)
            key = (s, b.offset(j)[0] == col, j)
            if s > 0.2 and (best is None or key[:2] > best[:2]):
                best = (key[0], int(key[1]), j)
        return None if best is None else best[2]
