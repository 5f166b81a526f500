"""The labels of a zone board, laid out together so none covers a figure (its base, health
bar, rings), a bottleneck marker or another label: the figures' names, what clicking a
figure or a line does, the bottlenecks (hugging their markers), the zones' names with
their terrain, move and visibility modifiers and stacking limit ("forest · move -2 ·
sight -3 · holds 8"), the reach odds (under the zone's name) and the obstacles. One with
no room near its place is left out (the panel names what is under the pointer)."""

from __future__ import annotations

import math
from collections.abc import Hashable, Iterable
from dataclasses import dataclass
from itertools import chain

import numpy as np
import pygame
import shapely

from game.boards.zones import Bottleneck, ZoneBoard
from game.core.ruleset import PieceView
from game.ui import palette as pal
from game.ui.boards import Marks
from game.ui.boards.labels import LABEL_RINGS, LabelGrid, around, spiral_iter
from game.ui.boards.zone_map import OBSTACLE_COLOURS, ZoneMap
from game.ui.boards.zone_marks import TEXT_MIN, Pill
from game.ui.drawing import BoardFonts, optimise
from game.ui.palette import RGBA, Colour
from game.ui.tokens import TokenPainter

XY = tuple[float, float]
Still = list[tuple[PieceView, float, float]]
"""Figures standing still, each at its map-surface pixels."""
Placed = tuple[pygame.Surface, pygame.Rect, str, str]
"""A placed label: its image, its rect on the map surface, its kind and what it names."""

LABEL_MIN_RADIUS = 12
"""Figure names show when a base is at least this many screen pixels in radius."""
LAYOUTS_KEPT = 4
"""Label layouts kept by what they were made for (see :meth:`ZoneLabels.layout`)."""


@dataclass
class LabelScene:
    """What the labels are laid out over now."""

    zoom: float
    radius: float
    """A figure base's radius on screen."""
    extent: tuple[float, float, float, float]
    visible: dict[str, bool]
    marks: Marks
    pills: list[Pill]
    """The overlay's labels (reach odds, targets)."""

    @property
    def origin(self) -> XY:
        """Where map (0, 0) is on the map surface."""
        return -self.extent[0] * self.zoom, -self.extent[1] * self.zoom


class ZoneLabels:
    """Lays out the labels of one zone board (see the module text); a layout is kept
    until the figures, the zoom, the overlays or the marks change."""

    def __init__(self, board: ZoneBoard, label_at: dict[str, XY], zone_map: ZoneMap,
                 fonts: BoardFonts, tokens: TokenPainter) -> None:
        self.board = board
        self.label_at = label_at
        self.zone_map = zone_map
        self.fonts = fonts
        self.tokens = tokens
        self.placed: list[Placed] = []
        self._key: object = None
        self._pills: list[Pill] | None = None
        """The overlay's labels the last layout placed (with :attr:`_key`)."""
        self._kept: dict[object, tuple[list[Pill], list[Placed]]] = {}
        """Layouts made, by what they were made for (as ``_key``), each with the
        overlay's labels it placed (held, so that their id in the key stays theirs): a
        layout made again (the pointer back on a zone, a step undone) is looked up."""
        self._labels: dict[tuple[str, int, Colour], pygame.Surface] = {}
        self._zone_pills: dict[tuple[str, int, int], pygame.Surface] = {}
        self._zone_shapes: dict[str, tuple[shapely.Polygon, list[shapely.Polygon]]] = {}
        self._door_key: tuple[float, float, float] | None = None
        self._board_key: tuple[object, ...] | None = None
        self._board_pills: tuple[list[Pill], list[Pill], list[Pill]] = ([], [], [])
        self._door_boxes: dict[str, tuple[pygame.Rect, XY]] = {}
        self._zone_at_key: tuple[float, float, float, int, int] | None = None
        self._fits: dict[Hashable, list[pygame.Rect]] = {}
        """A label's places that lie on the map and in their zone (what no figure or
        label changes) by its anchor, kind and size, for ``_zone_at_key``."""

    def invalidate(self) -> None:
        """Lay the labels out again on the next frame."""
        self._key = None
        self._kept.clear()

    def pill(self, text: str, size: int, colour: Colour = pal.PAPER,
             back: RGBA = (*pal.INK, 190)) -> pygame.Surface:
        key = (text, size, colour)
        s = self._labels.get(key)
        if s is None:
            if len(self._labels) > 512:
                self._labels.clear()
            s = optimise(self.fonts.pill(text, size, colour, back), alpha=True)
            self._labels[key] = s
        return s

    def _to(self, p: XY, ox: float, oy: float, z: float) -> XY:
        return ox + p[0] * z, oy + p[1] * z

    def specs(self, still: Still, sc: LabelScene) -> list[Pill]:
        """Every label to lay out, in the order they claim room: the figures' names, what
        clicking a figure or a line does, the bottlenecks (beside their markers), the
        zones' names, the reach odds (under the zone's name), the obstacles (near them or
        not at all)."""
        r = sc.radius
        out: list[Pill] = []
        if r >= LABEL_MIN_RADIUS:
            for v, px, py in still:
                if v.name:
                    out.append(("name", v.id, [self.tokens.label(v.name, r * 0.85)], (px, py),
                                None))
        if sc.visible["targets"]:
            size = max(TEXT_MIN, int(r * 0.62))
            for v, px, py in still:
                text = sc.marks.pieces.get(v.id)
                if text:
                    out.append(("mark", v.id, [self.pill(text, size, pal.INK,
                                                         (*pal.YELLOW, 240))], (px, py), None))
        out += [p for p in sc.pills if p[0] == "target"]
        doors, zones, obstacles = self._board_specs(sc)
        out += doors
        out += zones
        out += [p for p in sc.pills if p[0] != "target"]
        out += obstacles
        return out

    def _board_specs(self, sc: LabelScene) -> tuple[list[Pill], list[Pill], list[Pill]]:
        """The labels of the board itself (bottlenecks, zones, obstacles), made once for
        each zoom, origin and labels shown."""
        key = (sc.zoom, sc.origin, sc.visible["labels"])
        if self._board_key == key:
            return self._board_pills
        b = self.board
        z = sc.zoom
        ox, oy = sc.origin
        small = max(TEXT_MIN, int(15 * z))
        doors: list[Pill] = []
        for bn in b.bottlenecks.values():
            cover = f" · {bn.cover}" if bn.cover else ""
            forms = [self.pill(f"{bn.id} {bn.capacity}{cover}", small, pal.INK,
                               (*pal.ORANGE, 235))]
            doors.append(("door", bn.id, forms, self._doors(ox, oy)[bn.id][1], None))
        big = max(TEXT_MIN + 2, int(24 * z))
        zones: list[Pill] = []
        if sc.visible["labels"]:
            for zid, zone in b.zones.items():
                bits = [zone.terrain]
                if zone.move:
                    bits.append(f"move {zone.move:+d}")
                if zone.visibility:
                    bits.append(f"sight {zone.visibility:+d}")
                if zone.stacking:
                    bits.append(f"holds {zone.stacking}")
                lx, ly = self._to(self.label_at[zid], ox, oy, z)
                name = self.pill(zid, big, pal.PAPER, (*pal.INK, 200))
                both = self._zone_pill(zid, " · ".join(bits), name, small, big)
                zones.append(("zone", zid, [both, name], (lx, ly), zid))
        obstacles: list[Pill] = []
        for ob in b.obstacles.values():
            fill, edge = OBSTACLE_COLOURS.get(ob.kind, ((150, 150, 150), (60, 60, 60)))
            texts = [f"{ob.kind} {ob.size}" + (f" · {ob.damage} dmg" if ob.damage else "")]
            if ob.damage:
                texts.append(f"{ob.kind} {ob.size}")
            obstacles.append(("obstacle", ob.id, [self.pill(t, small, pal.PAPER, (*edge, 220))
                                                  for t in texts],
                              self._to(ob.centre, ox, oy, z), None))
        self._board_key, self._board_pills = key, (doors, zones, obstacles)
        return self._board_pills

    def _zone_pill(self, zid: str, info_text: str, name: pygame.Surface, small: int,
                   big: int) -> pygame.Surface:
        """A zone's name over its terrain and modifiers, as one label (made once a size)."""
        key = (zid, small, big)
        both = self._zone_pills.get(key)
        if both is None:
            if len(self._zone_pills) > 256:
                self._zone_pills.clear()
            info = self.pill(info_text, small, (230, 226, 200), (*pal.INK, 170))
            both = pygame.Surface((max(name.get_width(), info.get_width()),
                                   name.get_height() + info.get_height() + 2),
                                  pygame.SRCALPHA)
            both.blit(name, ((both.get_width() - name.get_width()) // 2, 0))
            both.blit(info, ((both.get_width() - info.get_width()) // 2,
                             name.get_height() + 2))
            self._zone_pills[key] = both
        return both

    def _doors(self, ox: float, oy: float) -> dict[str, tuple[pygame.Rect, XY]]:
        """Each bottleneck's marker box and where its label goes first, for the map's
        zoom and this origin (worked out once for them)."""
        key = (self.zone_map.zoom, ox, oy)
        if self._door_key != key:
            self._door_key = key
            self._door_boxes = {bn.id: (self.zone_map.door_rect(bn, ox, oy),
                                        self._door_anchor(bn, ox, oy))
                                for bn in self.board.bottlenecks.values()}
        return self._door_boxes

    def _door_anchor(self, bn: Bottleneck, ox: float, oy: float) -> XY:
        """Where a bottleneck's label goes first: beside its marker, on the outer side
        (the zone with less bottleneck capacity)."""
        rect = self.zone_map.door_rect(bn, ox, oy)
        caps = {zz: sum(x.capacity for x in self.board.bottlenecks.values() if zz in x.zones)
                for zz in bn.zones}
        out = min(bn.zones, key=lambda zz: (caps[zz], zz))
        zx, zy = self._to(self.board.centre(out), ox, oy, self.zone_map.zoom)
        cx, cy = rect.center
        d = math.hypot(zx - cx, zy - cy) or 1.0
        reach = max(rect.w, rect.h) / 2 + 12
        return cx + (zx - cx) / d * reach, cy + (zy - cy) / d * reach

    @staticmethod
    def _door_cands(rect: pygame.Rect, toward: XY, w: int, h: int) -> list[XY]:
        """Top-left corners of a bottleneck's ``w`` x ``h`` label along its marker's
        sides, the side facing ``toward`` first, then a row further out."""
        cx, cy = rect.center
        shifts = (0.0, -w / 3, w / 3)
        sides: dict[str, list[XY]] = {
            "above": [(cx - w / 2 + s, rect.top - h - 2.0) for s in shifts],
            "below": [(cx - w / 2 + s, rect.bottom + 2.0) for s in shifts],
            "left": [(rect.left - w - 2.0, cy - h / 2 + s) for s in (0.0, -h, h)],
            "right": [(rect.right + 2.0, cy - h / 2 + s) for s in (0.0, -h, h)]}
        dx, dy = toward[0] - cx, toward[1] - cy
        first = ("right" if dx > 0 else "left") if abs(dx) * rect.h > abs(dy) * rect.w \
            else ("below" if dy > 0 else "above")
        order = [first] + [k for k in ("above", "below", "right", "left") if k != first]
        out = [p for k in order for p in sides[k]]
        out += [(cx - w / 2, rect.top - 2 * h - 4), (cx - w / 2, rect.bottom + h + 4)]
        return out

    def layout(self, still: Still, sc: LabelScene) -> list[Placed]:
        """Place every label where it covers no figure (its base, health bar, rings), no
        bottleneck marker and no other label; a label that finds no room near its anchor
        is left out (the panel names what is under the pointer)."""
        key = (sc.zoom, tuple((v.id, round(x), round(y), v.name) for v, x, y in still),
               tuple(sc.visible.values()), id(sc.pills), len(sc.pills),
               tuple(sorted(sc.marks.pieces.items())))
        if key == self._key and self._pills is sc.pills:  # a still frame: as it was
            return self.placed
        self._pills = sc.pills
        got = self._kept.get(key)
        if got is not None and got[0] is sc.pills:
            self._key, self.placed = key, got[1]
            return self.placed
        self._key = key
        z = sc.zoom
        r = sc.radius
        x0, y0, x1, y1 = sc.extent
        ox, oy = sc.origin
        area = pygame.Rect(0, 0, int(math.ceil((x1 - x0) * z)), int(math.ceil((y1 - y0) * z)))
        hard = LabelGrid()
        bar_w, bar_h = max(12, int(r * 1.5)), max(4, int(r * 0.24))
        rr = r * 1.12  # the base and most of the rings round it
        for _v, px, py in still:
            hard.add(pygame.Rect(round(px - rr), round(py - rr), round(2 * rr), round(2 * rr)))
            hard.add(pygame.Rect(round(px - bar_w / 2), round(py - r - bar_h - 3), bar_w,
                                 bar_h))
        doors = {k: rect for k, (rect, _anchor) in self._doors(ox, oy).items()}
        for rc in doors.values():
            hard.add(rc)
        placed: list[Placed] = []
        zone_rects: dict[str, pygame.Rect] = {}
        step = max(6.0, 12 * z)
        if self._zone_at_key != (z, ox, oy, area.w, area.h):
            self._zone_at_key = (z, ox, oy, area.w, area.h)
            self._fits = {}
        for kind, what, forms, (cx, cy), inside in self.specs(still, sc):
            if kind == "reach" and inside in zone_rects:
                under = zone_rects[inside]
                cx, cy = under.centerx, under.bottom + 3 + forms[0].get_height() / 2
            for s in forms:
                w, h = s.get_size()
                door = doors.get(what) if kind == "door" else None
                fits = self._fits_for(kind, door, (cx, cy), (w, h),
                                      max(step, h * 0.7), r, area, inside, sc)
                free = hard.first_free(fits)
                if free is not None:
                    best = free.copy()
                    hard.add(best)
                    placed.append((s, best, kind, what))
                    if kind == "zone":
                        zone_rects[what] = best
                    break
        self.placed = placed
        if len(self._kept) >= LAYOUTS_KEPT:
            del self._kept[next(iter(self._kept))]
        self._kept[key] = (sc.pills, placed)
        return placed

    @staticmethod
    def _figure_cands(kind: str, at: XY, w: int, h: int, r: float,
                      step: float) -> Iterable[XY]:
        """Where a figure's name goes (under it first) or the odds of clicking it (beside
        it, or near)."""
        cx, cy = at
        rr = r * 1.12
        bar_h = max(4, int(r * 0.24))
        top = cy - r - bar_h - 5 - h
        cands = [(cx - w / 2, cy + rr + 1), (cx - w / 2, top),
                 (cx + rr + 1, cy - h / 2), (cx - rr - 1 - w, cy - h / 2),
                 *around(cx, cy, rr + 1, w, h), *around(cx, cy, rr * 1.9, w, h)]
        if kind == "mark":
            return chain(cands[2:], cands[:2], spiral_iter(cx, cy, w, h, step, 4))
        return cands

    def _fits_for(self, kind: str, door: pygame.Rect | None, at: XY, size: tuple[int, int],
                  step: float, r: float, area: pygame.Rect, inside: str | None,
                  sc: LabelScene) -> list[pygame.Rect]:
        """A label's places in the order it tries them (a figure's round it, a
        bottleneck's hugging its marker, the outer side first, the others' on a spiral)
        that lie on the map and wholly in the zone ``inside`` if given: the tests no
        figure or label changes, made once for each anchor while the zoom stays."""
        w, h = size
        key = (kind, at[0], at[1], w, h, step, r, inside, None if door is None else
               tuple(door))
        fits = self._fits.get(key)
        if fits is not None:
            return fits
        if len(self._fits) > 4096:
            self._fits = {}
        cands: Iterable[XY]
        if kind in ("name", "mark"):
            cands = self._figure_cands(kind, at, w, h, r, step)
        elif kind == "door" and door is not None:
            cands = self._door_cands(door, at, w, h)
        else:
            cands = spiral_iter(at[0], at[1], w, h, step, 4 if kind == "obstacle" else
                                LABEL_RINGS)
        fits = [rc for rc in (pygame.Rect(round(x), round(y), w, h) for x, y in cands)
                if area.contains(rc)]
        if inside is not None:
            fits = self._wholly_in(fits, inside, sc)
        self._fits[key] = fits
        return fits

    def _wholly_in(self, rects: list[pygame.Rect], inside: str, sc: LabelScene
                   ) -> list[pygame.Rect]:
        """The rects that lie in the zone ``inside`` (their middle and corners): where
        the board's :meth:`~game.boards.zones.ZoneBoard.zone_at` would name it, that is
        inside its shape and not inside a zone before it that overlaps it (zones may
        overlap by a rounding), all the points of all the rects asked at once."""
        if not rects:
            return rects
        ox, oy = sc.origin
        px = np.array([(rc.centerx, rc.left + 2, rc.right - 2, rc.left + 2, rc.right - 2)
                       for rc in rects], dtype=np.float64)
        py = np.array([(rc.centery, rc.top + 2, rc.bottom - 2, rc.bottom - 2, rc.top + 2)
                       for rc in rects], dtype=np.float64)
        xs, ys = (px - ox) / sc.zoom, (py - oy) / sc.zoom
        shape, before = self._shapes(inside)
        ok = shapely.contains_xy(shape, xs, ys)
        for other in before:
            ok &= ~shapely.contains_xy(other, xs, ys)
        keep = ok.all(axis=1)
        return [rc for rc, k in zip(rects, keep.tolist(), strict=True) if k]

    def _shapes(self, zone: str) -> tuple[shapely.Polygon, list[shapely.Polygon]]:
        """A zone's shape, prepared, and those of the zones before it on the board that
        overlap it (where zone_at would name them first)."""
        got = self._zone_shapes.get(zone)
        if got is None:
            shapes = {z: shapely.Polygon(self.board.zones[z].polygon)
                      for z in self.board.zones}
            for shp in shapes.values():
                shapely.prepare(shp)
            order = list(shapes)
            for k, z in enumerate(order):
                mine = shapes[z]
                self._zone_shapes[z] = (mine, [shapes[o] for o in order[:k]
                                               if shapes[o].intersects(mine)
                                               and shapes[o].intersection(mine).area > 0])
            got = self._zone_shapes[zone]
        return got
