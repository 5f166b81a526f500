"""The zone board, drawn from above: no game rules here, only what to show where.

The view takes a :class:`~game.boards.zones.ZoneBoard` and the match's
:class:`~game.core.ruleset.PieceView` records. Map pixels are the board's; the
:class:`~game.ui.camera.Camera` scales and moves them on screen.

What a player reads on it, each in a room of its own:

* the map (:mod:`game.ui.boards.zone_map`): each zone as its shape, textured by its
  terrain, obstacles, bottleneck markers with a ring for each spot;
* the figures, laid out by status (Z-2, :mod:`game.ui.boards.zone_layout`) from the
  structured fields of their PieceView (``group``, ``spot``, ``partner``): apart, in a
  melee group's cluster, an InClose pair side by side, on a boundary line, on a
  bottleneck's spots and beside it;
* the controller's marks (:mod:`game.ui.boards.zone_marks`): zones it can reach with the
  roll needed and its odds, targets (pieces), the hovered path, the selected figure;
* the labels (:mod:`game.ui.boards.zone_labels`: zone names, obstacles, bottlenecks,
  reach and line odds, figure names and the odds of clicking a figure), laid out together
  so none covers a figure or another label; :attr:`ZoneBoardView.label_rects` lists what
  the last frame drew.

Layers: the map is drawn once per zoom into one surface; the marks into an overlay
rebuilt when they change; figures (composed once per size by
:class:`~game.ui.tokens.TokenPainter`) and animations (:class:`~game.ui.effects.Effects`)
each frame.
"""

from __future__ import annotations

import math
import weakref
from collections.abc import Hashable, Sequence
from dataclasses import dataclass
from pathlib import Path

import pygame

from game.boards.zones import Bottleneck, ZoneBoard
from game.core.board import Scenery
from game.core.places import InZone, Place
from game.core.ruleset import PieceView
from game.ui import palette as pal
from game.ui.boards import Marks
from game.ui.boards.base import BoardViewBase, LegendRow, MapCache, draw_scenery
from game.ui.boards.zone_labels import LABEL_MIN_RADIUS, LabelScene, Placed, Still, ZoneLabels
from game.ui.boards.zone_layout import BASE, Stand, ZoneLayout, label_anchors
from game.ui.boards.zone_map import ZONE_STYLES, ZoneMap, zone_style
from game.ui.boards.zone_marks import (
    MELEE_PATCH,
    REACH_EDGE,
    REACH_FILL,
    RISK_EDGE,
    RISK_FILL,
    Scratch,
    ZoneOverlay,
    build_overlay,
)
from game.ui.camera import Camera
from game.ui.drawing import dashed_ring, fill_outside, optimise, smoothstep
from game.ui.effects import FALL_SECONDS
from game.ui.palette import Colour
from game.ui.tokens import SPRITES

__all__ = ["BASE", "ZONE_STYLES", "ZoneBoardView", "zone_style"]

XY = tuple[float, float]

LINE_PICK = 9
"""Screen pixels from a boundary line within which the pointer picks the line."""
PAD = 30.0
"""Map pixels of table round the board."""
OVERLAYS = ("reach", "targets", "path", "labels")
OVERLAYS_KEPT = 4
"""Overlays of marks kept drawn (about the map's size each at most: a few MB)."""

Blits = list[tuple[pygame.Surface, tuple[int, int]]]


@dataclass
class _Figures:
    """The figures' blits of a still frame and what they were made for."""

    pieces: Sequence[PieceView]
    spots: dict[str, Stand]
    key: Hashable
    seq: Blits
    under: list[tuple[float, float, str]]
    over: list[tuple[float, float]]
    drawn: list[tuple[str, float, float, float]]


class ZoneBoardView(BoardViewBase):
    """Draws one ZoneBoard, its marks, figures and animations at a Camera."""

    pieces_share_places = True
    """Every figure in a zone has the zone as its place: the shell asks :meth:`piece_at`
    which one is under the pointer."""
    LEGEND_FACING = None

    def __init__(self, board: ZoneBoard, view_size: tuple[int, int] = (1280, 720), *,
                 sides: Sequence[str] = (), background: Colour = pal.TABLE,
                 sprites: Path = SPRITES) -> None:
        super().__init__(sides, sprites, OVERLAYS)
        self.board = board
        self.background = background
        x0, y0, x1, y1 = board.extent
        self.extent = (x0 - PAD, y0 - PAD, x1 + PAD, y1 + PAD)
        self.camera = Camera(self.extent, view_size)
        self.camera.fit()
        self.marks = Marks()
        self.hover: Place | None = None
        self.label_at: dict[str, XY] = label_anchors(board)
        """Where each zone's name goes (map pixels)."""
        self.zone_layout = ZoneLayout(board, self.label_at)
        self.bn_spots = self.zone_layout.bn_spots
        """Each bottleneck's spots (map pixels)."""
        self.zone_map = ZoneMap(board, self.bn_spots, self.extent, background)
        self.labels = ZoneLabels(board, self.label_at, self.zone_map, self._fonts, self.tokens)
        self._map = MapCache()
        self._overlay = ZoneOverlay()
        self._overlay_key: object = None
        self._overlays: dict[object, ZoneOverlay] = {}
        """Overlays drawn, by the marks, zoom, switches and fonts they were drawn for."""
        self._pads: list[Scratch] = []
        """Surfaces the marks are drawn on that no overlay is part of any more (each
        overlay is a part of its own, given back when the overlay is let go: the next
        marks are drawn there, cleared, not on a new surface copied off a shared one)."""
        self._figures: _Figures | None = None
        """The figures' blits of the last still frame and what they were made for."""
        self._rings: dict[tuple[str, int, int], pygame.Surface] = {}
        self.label_rects: list[tuple[str, str, pygame.Rect]] = []
        self._place_memo: tuple[tuple[float, float, float], Place | None] | None = None
        """The place last found under a map pixel (a click's release asks again for the
        pixel its press did)."""
        """Every label drawn in the last frame: (kind, what, screen rect); kinds "name",
        "mark" (a figure's action odds), "target", "zone", "reach", "door", "obstacle"."""

    # ================================================================ public: state
    def invalidate(self) -> None:
        """Redraw the cached map (and overlay) on the next frame."""
        self._map.invalidate()
        self._overlay_key = None
        self._overlays.clear()
        self.labels.invalidate()

    def set_overlay_visible(self, name: str, on: bool) -> None:
        if name not in self.visible:
            raise ValueError(f"unknown overlay {name!r}; one of {', '.join(OVERLAYS)}")
        if self.visible[name] != on:
            self.visible[name] = on
            self.invalidate()

    def toggle_overlay(self, name: str) -> bool:
        self.set_overlay_visible(name, not self.visible.get(name, True))
        return self.visible[name]

    def show(self, marks: Marks) -> None:
        """Highlight what ``marks`` says."""
        self.marks = marks

    def set_hover(self, place: Place | None) -> None:
        self.hover = place

    # ================================================================ public: places
    def map_place(self, mx: float, my: float) -> Place | None:
        """The place at map pixel ``(mx, my)``: a bottleneck or a boundary line near it
        (``InZone(zone, other)``), else the zone."""
        key = (mx, my, self.camera.zoom)
        if self._place_memo is not None and self._place_memo[0] == key:
            return self._place_memo[1]
        place = self._map_place(mx, my)
        self._place_memo = (key, place)
        return place

    def _map_place(self, mx: float, my: float) -> Place | None:
        b = self.board
        zone = b.zone_at(mx, my)
        grow = LINE_PICK / max(0.1, self.camera.zoom)
        bn = b.bottleneck_at(mx, my, grow)
        if bn is not None:
            z = zone if zone in bn.zones else bn.zones[0]
            return InZone(z, bn.other(z))
        if zone is None:
            return None
        bd = b.near_boundary(mx, my, grow)
        if bd is not None and zone in bd.zones:
            return InZone(zone, bd.other(zone))
        return InZone(zone)

    def place_at(self, sx: float, sy: float) -> Place | None:
        """The place under screen ``(sx, sy)`` (board-area coordinates)."""
        return self.map_place(*self.camera.screen_to_map(sx, sy))

    def place_point(self, place: Place) -> XY | None:
        """Map point of a place: a zone's centre, a bottleneck's, a line's middle."""
        if not isinstance(place, InZone) or place.zone not in self.board.zones:
            return None
        if place.boundary is None:
            return self.board.centre(place.zone)
        bn = self.board.bottleneck_on(place.zone, place.boundary)
        if bn is not None:
            return bn.centre
        bd = self.board.boundary(place.zone, place.boundary)
        return bd.middle if bd is not None else self.board.centre(place.zone)

    def frame(self, places: Sequence[Place]) -> None:
        """Zoom onto the zones of these places."""
        zones = {z for p in places if isinstance(p, InZone) for z in p.zones
                 if z in self.board.zones}
        if not zones:
            return
        pts = [q for z in zones for q in self.board.zones[z].polygon]
        self.camera.frame(min(x for x, _ in pts), min(y for _, y in pts),
                          max(x for x, _ in pts), max(y for _, y in pts))

    def step(self, place: Place, dx: int, dy: int) -> Place | None:
        """The neighbouring zone whose centre lies most nearly in screen direction
        ``(dx, dy)``, for the keyboard cursor (from a line: its zone's neighbours)."""
        if not isinstance(place, InZone) or place.zone not in self.board.zones:
            return None
        ox, oy = self.board.centre(place.zone)
        norm = math.hypot(dx, dy) or 1.0
        best: tuple[float, str] | None = None
        for z in self.board.neighbours(place.zone):
            x, y = self.board.centre(z)
            d = math.hypot(x - ox, y - oy) or 1.0
            s = ((x - ox) * dx + (y - oy) * dy) / (d * norm)
            if s > 0.3 and (best is None or s > best[0]):
                best = (s, z)
        return None if best is None else InZone(best[1])

    def legend(self, sides: Sequence[str]) -> list[LegendRow]:
        """What each mark of a zone board means (for the help overlay)."""
        size = 30

        def square(fill: tuple[int, int, int, int], edge: tuple[int, int, int, int]
                   ) -> pygame.Surface:
            s = pygame.Surface((size, size), pygame.SRCALPHA)
            r = pygame.Rect(3, 3, size - 6, size - 6)
            pygame.draw.rect(s, (*ZONE_STYLES.get("grass", pal.terrain_style("grass")).top,
                                 255), r)
            pygame.draw.rect(s, fill, r)
            pygame.draw.rect(s, edge, r, 3)
            return s

        out = self.side_rows(sides)
        out.append((square(REACH_FILL, REACH_EDGE),
                    "a zone the selected figure can reach: the roll it needs, its chance"))
        out.append((square(RISK_FILL, RISK_EDGE), "a move with a risk (a roll, an obstacle)"))
        patch = pygame.Surface((size, size), pygame.SRCALPHA)
        pygame.draw.circle(patch, MELEE_PATCH, (size // 2, size // 2), size // 2 - 1)
        out.append((patch, "figures standing in one melee group (InContact)"))
        line = pygame.Surface((size, size), pygame.SRCALPHA)
        pygame.draw.line(line, pal.YELLOW, (2, size - 4), (size - 2, 4), 4)
        out.append((line, "a boundary: a figure on it counts as in both zones (Z-12)"))
        door = pygame.Surface((size, size), pygame.SRCALPHA)
        pygame.draw.rect(door, pal.PAPER, (6, 6, size - 12, size - 12), 3)
        out.append((door, "a bottleneck: its capacity, a ring per spot, who holds it (Z-16)"))
        return out

    def screen_pos(self, place: Place) -> tuple[float, float] | None:
        p = self.place_point(place)
        return None if p is None else self.camera.map_to_screen(*p)

    def piece_screen_pos(self, pid: str) -> tuple[float, float] | None:
        """Where a figure was last drawn (its base's centre), or None."""
        for fid, x, y, _r in self._spots:
            if fid == pid:
                return x, y
        return None

    # ================================================================ animation
    def animate_move(self, piece: str, places: Sequence[Place], seconds: float) -> None:
        """Slide a figure through the points of ``places`` (zones, lines, doors)."""
        pts = [p for p in places if self.place_point(p) is not None]
        self.effects.move(piece, pts, max(0.25, seconds))

    def animate_fall(self, piece: str, start: Place, end: Place,
                     seconds: float = FALL_SECONDS) -> None:
        if self.place_point(start) is not None and self.place_point(end) is not None:
            self.effects.fall(piece, start, end, seconds)

    def float_text(self, place: Place, text: str, colour: Colour = pal.PAPER) -> None:
        if self.place_point(place) is not None:
            self.effects.float_text(place, text, colour)

    @property
    def base_radius(self) -> float:
        return BASE * self.camera.zoom

    # ================================================================ layout
    def layout(self, pieces: Sequence[PieceView]) -> dict[str, Stand]:
        """Where each figure on the board stands, in map pixels, by status (Z-2)."""
        return self.zone_layout.layout(pieces)

    def _piece_point(self, v: PieceView, spots: dict[str, Stand]) -> XY | None:
        """Map position of a figure now (animations included)."""
        m = self.effects.moves.get(v.id)
        if m is not None:
            k, f = m.at()
            a, c = self.place_point(m.places[k]), self.place_point(m.places[k + 1])
            if a is not None and c is not None:
                g = smoothstep(f)
                if k + 1 == len(m.places) - 1 and v.id in spots:
                    c = (spots[v.id].x, spots[v.id].y)  # it ends where it stands
                return a[0] + (c[0] - a[0]) * g, a[1] + (c[1] - a[1]) * g
        s = spots.get(v.id)
        return None if s is None else (s.x, s.y)

    # ================================================================ layers
    def _map_surface(self) -> pygame.Surface:
        cache = self._map
        z = self.camera.zoom
        full = self.zone_map.size(z)
        if cache.stale(z, full, self._origin(), self.camera.view):
            cache.begin(full, self._origin(), self.camera.view)
            cache.keep(self.zone_map.build(cache.canvas(full), z), z)
            self._overlay_key = None
        assert cache.surface is not None
        return cache.surface

    def _origin(self) -> tuple[int, int]:
        """Screen position of the map surface's top-left corner."""
        x0, y0, _x1, _y1 = self.extent
        sx, sy = self.camera.map_to_screen(x0, y0)
        return int(math.floor(sx)), int(math.floor(sy))

    def _door_rect(self, bn: Bottleneck, ox: float, oy: float) -> pygame.Rect:
        """The box of a bottleneck's marker on the map surface (see :class:`ZoneMap`)."""
        return self.zone_map.door_rect(bn, ox, oy)

    def _build_overlay(self) -> ZoneOverlay:
        """The overlay of the marks now: one kept for the same marks (a step undone, the
        pointer back on a zone) is looked up, else it is drawn (and kept, on a surface
        of its own: :attr:`_pads`). The labels' layout keys on the overlay's labels by
        identity, which the kept overlays hold."""
        sel = self.zone_layout.stands.get(self.marks.selected_piece or "")
        at = None if sel is None else (sel.x, sel.y)
        m = self.marks
        key = (tuple(m.reach.items()), tuple(m.warnings.items()), tuple(m.targets.items()),
               tuple(m.path), self.camera.zoom, tuple(self.visible.items()), at,
               id(self._fonts))
        got = self._overlays.get(key)
        if got is None:
            pad = self._pads.pop() if self._pads else Scratch()
            got = build_overlay(self.board, m, self.camera.zoom, self.extent, self.visible,
                                self.label_at, self.place_point, self._fonts, at, pad)
            weakref.finalize(got, self._pads.append, pad)
            if len(self._overlays) >= OVERLAYS_KEPT:
                del self._overlays[next(iter(self._overlays))]
            self._overlays[key] = got
        return got

    # ================================================================ figures
    def _draw_ground(self, surface: pygame.Surface, spots: dict[str, Stand]) -> None:
        """Melee patches under the clusters, pair links under the pairs."""
        cam = self.camera
        z = cam.zoom
        r = self.base_radius
        for cx, cy, cr in self.zone_layout.clusters:  # a melee's ground; friends together
            sx, sy = cam.map_to_screen(cx, cy)
            patch = self._ring_image("patch" if cr > 0 else "friends", abs(cr) * z + r * 0.5, r)
            surface.blit(patch, (round(sx - patch.get_width() / 2),
                                 round(sy - patch.get_height() / 2)))
        for a, c in self.zone_layout.pairs:
            if a in spots and c in spots:
                pa = cam.map_to_screen(spots[a].x, spots[a].y)
                pc = cam.map_to_screen(spots[c].x, spots[c].y)
                pygame.draw.line(surface, pal.INK, pa, pc, max(5, int(r * 0.7)))
                pygame.draw.line(surface, pal.VERMILLION, pa, pc, max(3, int(r * 0.45)))

    def _token(self, v: PieceView, sx: float, sy: float) -> Blits:
        """A figure's token and health bar (and its name while it moves: a still
        figure's name is laid out with the other labels)."""
        r = self.base_radius
        pose = "unconscious" if v.status == "unconscious" else (
            "prone" if v.status == "prone" else "ok")
        tok = self.tokens.token(v.kind, self.side_index.get(v.side, 0), r, None, pose)
        blits = [(tok, (round(sx - tok.get_width() / 2), round(sy - tok.get_height() / 2)))]
        if v.status != "unconscious" and v.health_max > 0:
            bar = self.tokens.bar(v.health, v.health_max, r)
            blits.append((bar, (round(sx - bar.get_width() / 2),
                                round(sy - r - bar.get_height() - 3))))
        if r >= LABEL_MIN_RADIUS and v.name and v.id in self.effects.moves:
            lab = self.tokens.label(v.name, r * 0.85)
            blits.append((lab, (round(sx - lab.get_width() / 2), round(sy + r + 1))))
        return blits

    def _draw_figures(self, surface: pygame.Surface, pieces: Sequence[PieceView],
                      ground: bool = True) -> None:
        """The figures' tokens, rings and health bars (and the melee groups' ground
        under them if ``ground``)."""
        spots = self.layout(pieces)
        if ground:
            self._draw_ground(surface, spots)
        r = self.base_radius
        cam = self.camera
        marks = self.marks
        still = not self.effects.moves  # (a sliding figure is placed anew each frame)
        key = (cam.zoom, cam.ox, cam.oy, marks.selected_piece, tuple(marks.pieces),
               self.visible["targets"]) if still else None
        kept = self._figures
        if key is None or kept is None or kept.pieces is not pieces \
                or kept.spots is not spots or kept.key != key:
            # the pieces and the stands are kept by identity: a frame with the same lists
            # (nothing read anew, nothing laid out anew) draws the same blits
            kept = _Figures(pieces, spots, key, *self._figure_blits(pieces, spots, r))
            self._figures = kept if still else None
        seq, under, over, drawn = kept.seq, kept.under, kept.over, kept.drawn
        for sx, sy, kind in under:
            img = self._ring_image(kind, r, r)
            surface.blit(img, (round(sx - img.get_width() / 2), round(sy - img.get_height() / 2)))
        if seq:
            surface.fblits(seq)
        for sx, sy in over:
            img = self._ring_image("target", r, r)
            surface.blit(img, (round(sx - img.get_width() / 2), round(sy - img.get_height() / 2)))
        self._spots = drawn

    def _figure_blits(self, pieces: Sequence[PieceView], spots: dict[str, Stand], r: float
                      ) -> tuple[Blits, list[tuple[float, float, str]],
                                 list[tuple[float, float]], list[tuple[str, float, float, float]]]:
        """The figures' tokens in drawing order (nearest the bottom last), the rings under
        and over them, and where each was drawn."""
        items: list[tuple[float, int, Blits]] = []
        drawn: list[tuple[str, float, float, float]] = []
        marks = self.marks
        under: list[tuple[float, float, str]] = []
        over: list[tuple[float, float]] = []
        for n, v in enumerate(pieces):
            pt = None if v.status == "dead" else self._piece_point(v, spots)
            if pt is None:
                continue
            sx, sy = self.camera.map_to_screen(*pt)
            items.append((sy, n, self._token(v, sx, sy)))
            drawn.append((v.id, sx, sy, r))
            if v.id in marks.pieces and self.visible["targets"]:
                over.append((sx, sy))
            if v.id == marks.selected_piece:
                under.append((sx, sy, "selected"))
            if v.ring == "running":
                under.append((sx, sy, "running"))
        items.sort(key=lambda t: (t[0], t[1]))
        seq = [bl for _y, _n, bls in items for bl in bls]
        drawn.sort(key=lambda t: t[2])
        return seq, under, over, drawn

    def _ring_image(self, kind: str, radius: float, r: float) -> pygame.Surface:
        """A ring drawn once per size: "target" (dashed yellow), "selected" (solid
        yellow), "running" (dashed sky), "patch" (a melee group's ground, ``radius``),
        "friends" (a light ring round friends standing together, Alone)."""
        key = (f"ring:{kind}", int(radius * 4), int(r * 4))
        img = self._rings.get(key)
        if img is not None:
            return img
        outer = radius * 1.4 + 6
        size = int(outer * 2) + 2
        img = pygame.Surface((size, size), pygame.SRCALPHA)
        c = size / 2
        if kind == "target":
            rr = r * 1.28
            dashed_ring(img, (*pal.INK, 255), c, c, rr, max(5, int(r * 0.3)), 12)
            dashed_ring(img, (*pal.YELLOW, 255), c, c, rr, max(3, int(r * 0.18)), 12)
        elif kind == "selected":
            pygame.draw.circle(img, pal.INK, (c, c), r * 1.32, max(5, int(r * 0.3)))
            pygame.draw.circle(img, pal.YELLOW, (c, c), r * 1.32, max(3, int(r * 0.18)))
        elif kind == "running":
            dashed_ring(img, (*pal.SKY, 255), c, c, r * 1.12, max(2, int(r * 0.12)), 10)
        elif kind == "friends":
            pygame.draw.circle(img, (*pal.PAPER, 110), (c, c), radius, 2)
        else:
            pygame.draw.circle(img, MELEE_PATCH, (c, c), radius)
            pygame.draw.circle(img, (240, 228, 66, 120), (c, c), radius, 2)
        img = optimise(img, alpha=True)
        if len(self._rings) > 256:
            self._rings.clear()
        self._rings[key] = img
        return img

    # ================================================================ labels
    def _still(self, pieces: Sequence[PieceView]) -> Still:
        """Figures standing still (not sliding or falling now) at their map-surface
        pixels."""
        x0, y0, _x1, _y1 = self.extent
        z = self.camera.zoom
        out = []
        for v in pieces:
            s = self.zone_layout.stands.get(v.id)
            if v.status == "dead" or s is None or v.id in self.effects.moves or \
                    v.id in self.effects.falls:
                continue
            out.append((v, (s.x - x0) * z, (s.y - y0) * z))
        return out

    @property
    def _placed(self) -> list[Placed]:
        return self.labels.placed

    def _draw_labels(self, surface: pygame.Surface, pieces: Sequence[PieceView]) -> None:
        scene = LabelScene(self.camera.zoom, self.base_radius, self.extent, self.visible,
                           self.marks, self._overlay.pills)
        placed = self.labels.layout(self._still(pieces), scene)
        mx, my = self._origin()
        self.label_rects = []
        seq = []
        for s, rc, kind, what in placed:
            at = rc.move(mx, my)
            seq.append((s, at.topleft))
            self.label_rects.append((kind, what, at))
        if seq:
            surface.fblits(seq)

    # ================================================================ frame
    def draw(self, surface: pygame.Surface, pieces: Sequence[PieceView] = (),
             scenery: Sequence[Scenery] = ()) -> None:
        """Draw the board, marks, terrain held in the game state, figures and animations
        onto ``surface``."""
        if surface.get_size() != self.camera.view:
            self.resize(surface.get_size())
        m = self._map_surface()
        mx, my = self._origin()
        opaque = not m.get_flags() & pygame.SRCALPHA and m.get_colorkey() is None
        fill_outside(surface, self.background,  # what an opaque map covers is not filled
                     m.get_rect(topleft=(mx, my)) if opaque else pygame.Rect(0, 0, 0, 0))
        surface.blit(m, (mx, my))
        key = (self.marks.reach, self.marks.warnings, self.marks.targets, self.marks.path,
               self.camera.zoom)
        if key != self._overlay_key:
            self._overlay_key = (dict(self.marks.reach), dict(self.marks.warnings),
                                 dict(self.marks.targets), self.marks.path, self.camera.zoom)
            self._overlay = self._build_overlay()
        over = self._overlay
        if over.surface is not None:
            ox, oy = mx + over.at[0], my + over.at[1]
            if over.blitted:  # (what the marks drew on: the rest is clear)
                surface.fblits([(s, (ox + dx, oy + dy)) for s, (dx, dy) in over.parts()])
            else:
                surface.blit(over.surface, (ox, oy))
                over.blitted = True
        if scenery:
            draw_scenery(surface, scenery, self.camera.map_to_screen, self._fonts)
        self._draw_hover(surface)
        # the labels go under the tokens: laid out clear of every figure standing still,
        # they may still meet one sliding past, which must stay in sight
        self._draw_ground(surface, self.layout(pieces))
        self._draw_labels(surface, pieces)
        self._draw_figures(surface, pieces, ground=False)
        if self.effects.floats:
            size = max(18, int(30 * self.camera.zoom))
            self.effects.draw_floats(surface, self._fonts, self.screen_pos, size,
                                     self.base_radius)

    def _draw_hover(self, surface: pygame.Surface) -> None:
        h = self.hover
        if not isinstance(h, InZone) or h.zone not in self.board.zones:
            return
        cam = self.camera
        if h.boundary is None:
            pts = [cam.map_to_screen(*p) for p in self.board.zones[h.zone].polygon]
            pygame.draw.lines(surface, pal.PAPER, True, pts, 2)
            return
        bn = self.board.bottleneck_on(h.zone, h.boundary)
        if bn is not None:
            pts = [cam.map_to_screen(*p) for p in bn.shape]
            pygame.draw.lines(surface, pal.PAPER, True, pts, 3)
            return
        bd = self.board.boundary(h.zone, h.boundary)
        if bd is not None:
            for line in bd.lines:
                pts = [cam.map_to_screen(*p) for p in line]
                if len(pts) >= 2:
                    pygame.draw.lines(surface, pal.PAPER, False, pts, 4)
