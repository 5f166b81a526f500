"""The hex height map board, drawn in 2.5D: no game rules here, only what to show where.

The view takes a :class:`~game.boards.hexmap.HexMap` and the match's
:class:`~game.core.ruleset.PieceView` records, and knows nothing of the Match. Map pixels
are HexMap's units (:meth:`HexMap.center`, :meth:`HexMap.corners`); the
:class:`~game.ui.camera.Camera` scales and moves them on screen. Each cell is a stack of
``level`` tiles (:mod:`game.ui.boards.hex_geometry`): its top face is raised by ``level *
level_height`` map pixels (times the zoom on screen) and its visible side faces go down
to the neighbour's level.

Layers, each cached:

* the map (:mod:`game.ui.boards.hex_layers`): every stack, drawn back to front into one
  ``convert()``-ed Surface, rebuilt only when the zoom changes or
  :meth:`HexBoardView.invalidate` is called (panning just blits it at another place);
  the images it is made of are scaled once per zoom (:mod:`game.ui.boards.hex_images`);
* the overlay (reach, path, targets, selection, shaded views, front arcs): a translucent
  Surface covering only the cells involved, rebuilt when one of them changes; its marks
  and colours are in :mod:`game.ui.boards.hex_marks`;
* figures: tokens composed once per size (:class:`~game.ui.tokens.TokenPainter`),
  blitted all at once with ``Surface.fblits``, each with its hex's level beside it;
  hover, floating texts and animations (:class:`~game.ui.effects.Effects`) are drawn
  per frame;
* labels (:mod:`game.ui.boards.hex_labels`: MP costs, jump risks, hit %, "push",
  "back"): laid out over the figures so none covers a token, what is drawn with one, or
  another label, and kept until the marks, the figures or the camera change;
  :attr:`HexBoardView.label_rects` lists what the last frame drew.

Picking (:meth:`HexBoardView.cell_at_screen`) finds the stack whose raised top face (or
side face) is under the pointer, nearer stacks first, so a click lands where it looks.
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Sequence
from pathlib import Path

import pygame

from game.boards.hexmap import HexMap
from game.core.board import Scenery
from game.core.places import Cell, Place
from game.core.ruleset import PieceView
from game.ui import palette as pal
from game.ui.boards import Marks
from game.ui.boards.base import BoardViewBase, LegendRow, MapCache, draw_scenery, typed_marks
from game.ui.boards.hex_geometry import LEVEL_HEIGHT, HexGeometry
from game.ui.boards.hex_images import HexImages
from game.ui.boards.hex_labels import HexLabelSite, Placed, label_specs, place_labels
from game.ui.boards.hex_layers import HexShown, build_overlay, paint_map
from game.ui.boards.hex_marks import (
    JUMP_EDGE,
    REACH_EDGE,
    SHADES,
    HexMarks,
    SightMark,
    draw_sight,
)
from game.ui.camera import Camera
from game.ui.drawing import smoothstep
from game.ui.effects import FALL_SECONDS
from game.ui.palette import Colour
from game.ui.tokens import SPRITES, token_badges

__all__ = ["HexBoardView", "HexMarks", "SightMark", "SHADES", "REACH_EDGE", "JUMP_EDGE",
           "OVERLAYS"]

BASE_RADIUS = 0.72
"""Figure base radius as a fraction of the hex's inner radius."""
LABEL_MIN_RADIUS = 17
"""Figure labels show when a base is at least this many screen pixels in radius."""
WINDOW_MARGIN = 320
"""When the whole map at this zoom is much bigger than the view, the cached map covers
the view and this many pixels around it (rebuilt when a pan leaves that)."""

CLING_TOWARDS = 0.4
"""A figure clinging to a wall is drawn this far from its hex's centre towards the wall."""
OVERLAYS = ("reach", "path", "targets", "selected", "hover", "levels")
"""Names of the layers :meth:`HexBoardView.set_overlay_visible` toggles."""

Blits = list[tuple[pygame.Surface, tuple[int, int]]]


def _pose(p: PieceView) -> str:
    return "unconscious" if p.status == "unconscious" else (
        "prone" if p.status == "prone" else "ok")


def _token_scale(size: int) -> float:
    """H-15: a bigger figure, a bigger token."""
    return 1.0 if size <= 1 else 1.2 if size == 2 else 1.45 if size <= 4 else 1.8


def _index(place: Place) -> int:
    """The flat index of a cell place (-1 for any other place: off this board)."""
    return place.index if isinstance(place, Cell) else -1


class HexBoardView(BoardViewBase):
    """Draws one HexMap board, its overlays, figures and animations at a Camera."""

    pieces_share_places = False
    """One figure to a hex: the place under the pointer tells the figure."""
    LEGEND_SIDE = "{name}: {ring} ring; the notch shows the facing"

    def __init__(self, board: HexMap, view_size: tuple[int, int] = (1280, 720), *,
                 sides: Sequence[str] = (), level_height: float | None = None,
                 background: Colour = pal.TABLE, sprites: Path = SPRITES) -> None:
        super().__init__(sides, sprites, OVERLAYS)
        self.board = board
        self.level_height = (LEVEL_HEIGHT * board.tile_height if level_height is None
                             else float(level_height))
        """Map pixels one level raises a stack."""
        self.background = background
        self.sprites = sprites
        self.geometry = HexGeometry(board, self.level_height)
        self.cells = self.geometry.cells
        self.extent = self.geometry.extent
        self.camera = Camera(self.extent, view_size)
        self.camera.fit()
        self.images = HexImages(board, self._fonts)
        # caches
        self.map_cache = MapCache(WINDOW_MARGIN, view_multiple=3)
        self._overlay: pygame.Surface | None = None
        self._overlay_at = (0, 0)
        self._overlay_zoom = -1.0
        self._overlay_dirty = True
        self._overlay_window = (0, 0, 0, 0)
        # overlay state
        self.reach: dict[int, int | str] = {}
        self.ends: set[int] = set()
        self.jumps: dict[int, str] = {}
        self.path: list[int] = []
        self.targets: dict[int, str] = {}
        self.selected: int | None = None
        self.hover: int | None = None
        self.shade: dict[int, str] = {}
        self.sight: SightMark | None = None
        self.charge: set[int] | None = None
        self.front_arcs: tuple[tuple[int, tuple[int, ...], bool], ...] = ()
        self.clings: dict[str, tuple[int, int]] = {}
        """Figures on a wall: piece id -> (levels above its hex, the wall's hex)."""
        self.token_discs: list[tuple[str, float, float, float]] = []
        """Every token drawn in the last frame: (piece id, screen x, y, radius)."""
        self._label_key: object = None
        self._labels: list[Placed] = []
        self.label_rects: list[tuple[str, int, pygame.Rect]] = []
        """Every board label drawn in the last frame: (kind, cell, screen rect); kinds
        "cost", "target" (hit %, push, back, climb), "warn" (a jump's risk), "sight"."""

    @property
    def max_level(self) -> int:
        return self.geometry.max_level

    @property
    def floor(self) -> float:
        return self.geometry.floor

    # ================================================================ public: state
    def invalidate(self) -> None:
        """Redraw the cached map (and overlay) on the next frame."""
        self.map_cache.invalidate()
        self._overlay_dirty = True

    def set_overlay_visible(self, name: str, on: bool) -> None:
        """Show or hide one of :data:`OVERLAYS`."""
        if name not in self.visible:
            raise ValueError(f"unknown overlay {name!r}; one of {', '.join(OVERLAYS)}")
        if self.visible[name] != on:
            self.visible[name] = on
            if name == "levels":  # the numbers are drawn into the cached tops
                self.images.show_levels(on)
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

        hm = typed_marks(marks, HexMarks)
        reach: dict[int, int | str] = {p.index: v for p, v in hm.reach.items()
                                       if isinstance(p, Cell)}
        jumps = {p.index: v for p, v in hm.warnings.items() if isinstance(p, Cell)}
        self.set_reach(reach, set(cells(hm.reach_ends)), jumps)
        self.set_targets({p.index: v for p, v in hm.targets.items() if isinstance(p, Cell)})
        self.set_path(cells(hm.path))
        sel = hm.selected
        self.set_selected(sel.index if isinstance(sel, Cell) else None)
        if hm.shade != self.shade:
            self.shade = dict(hm.shade)
            self._overlay_dirty = True
        self.sight = hm.sight
        self.clings = dict(hm.clings)
        if hm.charge != self.charge or hm.fronts != self.front_arcs:
            self.charge = None if hm.charge is None else set(hm.charge)
            self.front_arcs = tuple(hm.fronts)
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
        box = self.geometry.near_box([p.index for p in places if isinstance(p, Cell)])
        if box is not None:
            self.camera.frame(*box)

    def legend(self, sides: Sequence[str]) -> list[LegendRow]:
        """What every mark of this board means, each with a small icon drawn the way the
        board draws it (for the help overlay): the sides' rings, and every overlay."""
        from game.ui.boards.hex_legend import hex_legend_rows  # F1 only: not at start-up

        return self.side_rows(sides) + hex_legend_rows(
            self.board.orientation, self.camera.zoom, self.images, self._fonts, self.tokens)

    def step(self, place: Place, dx: int, dy: int) -> Place | None:
        """The neighbouring cell that lies most nearly in screen direction ``(dx, dy)``
        (see :meth:`HexGeometry.step`), or None."""
        if not isinstance(place, Cell):
            return None
        nxt = self.geometry.step(place.index, dx, dy)
        return None if nxt is None else Cell(nxt)

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
        return self.geometry.cell_at(*self.camera.screen_to_map(x, y))

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

    @property
    def base_radius(self) -> float:
        """Screen radius of a figure base at the current zoom."""
        b = self.board
        inner = (b.tile_width if b.orientation == "pointy" else b.tile_height) / 2
        return BASE_RADIUS * inner * self.camera.zoom

    # ================================================================ public: animation
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
            return (*self._falling(_index(fl.start), _index(fl.end), fl.t / fl.duration),
                    facing_now)
        cell = _index(v.place) if v.place is not None else -1
        x, y = b.center(cell) if 0 <= cell < b.n else (0.0, 0.0)
        z = float(b.level(cell)) if cell in self.cells else 0.0
        up, wall = self.clings.get(v.id, (0, -1))
        if up and 0 <= wall < b.n and cell in self.cells:
            # H-11: drawn as high as it clings, against the wall (part way to its hex)
            wx, wy = b.center(wall)
            x, y, z = x + (wx - x) * CLING_TOWARDS, y + (wy - y) * CLING_TOWARDS, z + up
        return x, y, z, facing_now

    def _falling(self, s: int, e: int, t: float) -> tuple[float, float, float]:
        """Where a figure falling from cell ``s`` to ``e`` is at ``t`` (0-1) of the fall:
        a drop, then a little bounce."""
        b = self.board
        (x0, y0), (x1, y1) = b.center(s), b.center(e)
        l0, l1 = b.level(s), b.level(e)
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
        return x, y, z

    # ================================================================ layers
    def _check_zoom(self) -> None:
        """Swap in the scaled images of the current zoom (the overlay is redrawn)."""
        if self.images.at_zoom(self.camera.zoom):
            self._overlay_dirty = True

    def _full_size(self) -> tuple[int, int]:
        """Size of the whole map drawn at the current zoom (screen pixels)."""
        return self.geometry.full_size(self.camera.zoom)

    @property
    def _window(self) -> tuple[int, int, int, int]:
        """The part of the whole map the cached map holds: ``(x, y, w, h)``."""
        return self.map_cache.window

    def _map_surface(self) -> pygame.Surface:
        self._check_zoom()
        cache = self.map_cache
        z = self.camera.zoom
        full, origin, view = self._full_size(), self._map_origin(), self.camera.view
        if not cache.stale(z, full, origin, view):
            assert cache.surface is not None
            return cache.surface
        wx, wy, wx1, wy1 = cache.begin(full, origin, view)
        surf = cache.canvas((wx1 - wx, wy1 - wy), reuse=True)
        return cache.keep(paint_map(surf, self.geometry, self.images, z, cache.window,
                                    self.background), z)

    def _map_origin(self) -> tuple[int, int]:
        """Screen position of the map surface's top-left corner."""
        pad, top_pad, _ = self.geometry.pads(self.camera.zoom)
        return int(self.camera.ox) - pad, int(self.camera.oy) - top_pad

    def _shown(self) -> HexShown:
        return HexShown(self.reach, self.ends, self.jumps, self.path, self.targets,
                        self.selected, self.shade, self.charge, self.front_arcs, self.visible)

    def _build_overlay(self) -> None:
        self._overlay_dirty = False
        self._overlay_zoom = self.camera.zoom
        self._overlay_window = self._window
        overlay, at = build_overlay(self.geometry, self.images, self._shown(),
                                    self.camera.zoom, self._window, self.base_radius)
        self._overlay = overlay
        if overlay is not None:
            self._overlay_at = at

    # ================================================================ labels
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
        tile_px = self.board.tile_height * self.camera.zoom
        specs = label_specs(self.images, self._shown(), self.hover, tile_px)
        discs, hard = self._obstacles(figures)
        key = (self.camera.zoom, round(self.camera.ox, 1), round(self.camera.oy, 1),
               tuple((round(x), round(y)) for x, y, _r in discs),
               self.hover if self.hover in self.jumps else None,
               tuple(self.visible.values()),
               tuple((k, i, tuple(id(s) for s in ss)) for k, i, ss in specs))
        if key == self._label_key:
            return
        self._label_key = key

        def number(cx: float, cy: float, level: int) -> pygame.Rect | None:
            num = self.images.number_at(cx, cy, level)
            return num[0].get_rect(topleft=num[1]) if num is not None else None

        site = HexLabelSite(pygame.Rect((0, 0), self.camera.view), tile_px,
                            self.base_radius * 1.22,
                            (round(self.camera.ox), round(self.camera.oy)),
                            self.cell_screen_pos, self._top_shows, number,
                            lambda i: self.cells[i].level, self.cell_at_screen)
        self._labels = place_labels([s for s in specs if s[1] in self.cells], discs, hard,
                                    site)

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

    def _token_extras(self, v: PieceView, sx: float, sy: float) -> Blits:
        """What is drawn with a token besides its base: the health bar over it, its name
        under it (when there is room) and the level of its hex beside it (a token would
        hide its own hex's level number)."""
        r = self.base_radius
        big = r * _token_scale(v.size)
        out: Blits = []
        if v.status != "unconscious" and v.health_max > 0:
            bar = self.tokens.bar(v.health, v.health_max, r)
            out.append((bar, (round(sx - bar.get_width() / 2),
                              round(sy - big - bar.get_height() - 3))))
        if r >= LABEL_MIN_RADIUS and v.name:
            lab = self.tokens.label(v.name, r)
            out.append((lab, (round(sx - lab.get_width() / 2), round(sy + big + 1))))
        cell = _index(v.place) if v.place is not None else -1
        if cell in self.cells and self.visible["levels"]:
            num = self.images.number(self.cells[cell].level)
            if num is not None:
                nw, nh = num.get_size()
                out.append((num, (round(sx - big * 0.98 - nw / 2),
                                  round(sy + big * 0.58 - nh / 2))))
        return out

    def _draw_figures(self, surface: pygame.Surface, figures: Sequence[PieceView]) -> None:
        r = self.base_radius
        items: list[tuple[float, int, Blits]] = []
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
            big = r * _token_scale(v.size)  # H-15: a bigger figure, a bigger token
            fs = self.tokens.token(v.kind, self.side_index.get(v.side, 0), big,
                                   self._facing_vector(facing), _pose(v), badges.get(v.id, ""))
            blits = [(fs, (round(sx - fs.get_width() / 2), round(sy - fs.get_height() / 2)))]
            if v.ring:
                ring = self.images.ring(v.ring, r)
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

    def _draw_sight(self, surface: pygame.Surface) -> None:
        """The 3D sight line of a shot (see :func:`draw_sight`)."""
        s = self.sight
        if s is None or s.start not in self.cells or s.end not in self.cells:
            return

        def at(cell: int, zz: float) -> tuple[float, float]:
            x, y = self.camera.map_to_screen(*self.board.center(cell))
            return x, y - self.raise_px(zz)

        rc = draw_sight(surface, s, at, self.camera.zoom, self._fonts,
                        self.board.tile_height * self.camera.zoom, self.base_radius,
                        [rc for _k, _i, rc in self.label_rects], self.token_discs)
        if rc is not None:
            self.label_rects.append(("sight", s.end, rc))

    # ================================================================ frame
    def draw(self, surface: pygame.Surface, figures: Sequence[PieceView] = (),
             scenery: Sequence[Scenery] = ()) -> None:
        """Draw the board, overlays, terrain held in the game state, figures and
        animations onto ``surface`` (the board area) at the camera."""
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
        if scenery:
            draw_scenery(surface, scenery, self.camera.map_to_screen, self._fonts)
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
