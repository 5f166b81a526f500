"""The zone board, drawn from above: no game rules here, only what to show where.

The view takes a :class:`~game.boards.zones.ZoneBoard` and the match's
:class:`~game.core.ruleset.PieceView` records. Map pixels are the board's; the
:class:`~game.ui.camera.Camera` scales and moves them on screen.

What a player reads on it:

* each zone as its shape, textured by its terrain (trees in a forest or an orchard,
  planks and walls in a house, a stream in a brook), with a label: its name, and under it
  its terrain, move and visibility modifiers and stacking limit ("forest · move -2 ·
  sight -3 · holds 8");
* obstacles with their kind and size (a wall along a border, a woodpile in a yard);
* bottleneck markers over their border with their capacity and cover, and a ring for
  each spot: a figure holding a spot stands on it;
* figures laid out by status (Z-2), from ``PieceView.group``: a figure standing apart
  ("") has room of its own; the members of a melee group ("gN") stand in a cluster on a
  darker patch (friends standing together, Alone, in a light ring); an InClose pair
  ("gN:a+b") lies side by side, linked; figures on a boundary line stand on the line;
  figures holding a bottleneck and those fighting them ("bottleneck:ID") stand on its
  spots and beside it;
* the controller's marks: zones it can reach with the roll needed and its odds, targets
  (pieces), the hovered path, the selected figure.

Labels (zone names, obstacles, bottlenecks, reach and line odds, figure names and the
odds of clicking a figure) are laid out together, as the hex view lays out its own, so
none covers a figure or another label (one with no room near its place is left out: the
panel names what is under the pointer); :attr:`ZoneBoardView.label_rects` lists what the
last frame drew.

Layers: the map (zones, borders, obstacles, markers) is drawn once per zoom into one
surface; the marks into an overlay rebuilt when they change; figures (composed once
per size by :class:`~game.ui.tokens.TokenPainter`) and animations
(:class:`~game.ui.effects.Effects`) each frame.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

import pygame

from game.boards.zones import Bottleneck, Boundary, Obstacle, ZoneBoard
from game.core.places import InZone, Place
from game.core.ruleset import PieceView
from game.ui import palette as pal
from game.ui.boards import Marks
from game.ui.boards.labels import LabelGrid as _Grid
from game.ui.boards.labels import around as _around
from game.ui.camera import Camera
from game.ui.drawing import BoardFonts, dashed_ring, optimise, smoothstep
from game.ui.effects import FALL_SECONDS, Effects
from game.ui.palette import RGBA, Colour, TerrainStyle
from game.ui.textures import texture
from game.ui.tokens import SPRITES, TokenPainter

XY = tuple[float, float]

BASE = 24.0
"""A figure base's radius in map pixels."""
LABEL_MIN_RADIUS = 12
"""Figure names show when a base is at least this many screen pixels in radius."""
TEXT_MIN = 12
"""Smallest text on the board (pixels): readable at 1280x720."""
LINE_PICK = 9
"""Screen pixels from a boundary line within which the pointer picks the line."""
PAD = 30.0
"""Map pixels of table round the board."""
OVERLAYS = ("reach", "targets", "path", "labels")
LABEL_RINGS = 9
"""Rings of places round its anchor a label tries before it is left out."""

REACH_FILL: RGBA = (*pal.SKY, 42)
REACH_EDGE: RGBA = (*pal.SKY, 235)
RISK_FILL: RGBA = (*pal.ORANGE, 52)
RISK_EDGE: RGBA = (*pal.ORANGE, 255)
MELEE_PATCH: RGBA = (20, 16, 12, 70)

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


_Pill = tuple[str, str, list[pygame.Surface], XY, str | None]
"""A label to lay out: kind, what it names, its forms (longest first), its anchor in
map-surface pixels, and the zone it must stay in (or None)."""


def _spiral(cx: float, cy: float, w: int, h: int, step: float,
            rings: int = LABEL_RINGS) -> list[XY]:
    """Top-left corners of a ``w`` x ``h`` label centred on ``(cx, cy)``, then on rings
    round it (below first, then above, then the sides), wider than tall."""
    out = [(cx - w / 2, cy - h / 2)]
    for d in range(1, rings + 1):
        n = 8 * d
        for k in sorted(range(n), key=lambda k: min(k, n - k)):
            a = math.pi / 2 + 2 * math.pi * k / n
            out.append((cx + math.cos(a) * d * step * 2.2 - w / 2,
                        cy + math.sin(a) * d * step - h / 2))
    return out


@dataclass
class _Spot:
    """Where a piece is drawn, in map pixels, and what it is drawn with."""

    x: float
    y: float
    cluster: str = ""
    partner: str | None = None


class ZoneBoardView:
    """Draws one ZoneBoard, its marks, figures and animations at a Camera."""

    pieces_share_places = True
    """Every figure in a zone has the zone as its place: the shell asks :meth:`piece_at`
    which one is under the pointer."""

    def __init__(self, board: ZoneBoard, view_size: tuple[int, int] = (1280, 720), *,
                 sides: Sequence[str] = (), background: Colour = pal.TABLE,
                 sprites: Path = SPRITES) -> None:
        self.board = board
        self.background = background
        self.visible: dict[str, bool] = dict.fromkeys(OVERLAYS, True)
        self._fonts = BoardFonts()
        self.tokens = TokenPainter(sprites, self._fonts)
        self.side_index = {s: i for i, s in enumerate(sides)}
        x0, y0, x1, y1 = board.extent
        self.extent = (x0 - PAD, y0 - PAD, x1 + PAD, y1 + PAD)
        self.camera = Camera(self.extent, view_size)
        self.camera.fit()
        self.effects = Effects()
        self.marks = Marks()
        self.hover: Place | None = None
        self._map: pygame.Surface | None = None
        self._map_zoom = -1.0
        self._overlay: pygame.Surface | None = None
        self._overlay_at = (0, 0)
        self._overlay_key: object = None
        self._layout_key: object = None
        self._layout: dict[str, _Spot] = {}
        self._clusters: list[tuple[float, float, float]] = []
        self._pairs: list[tuple[str, str]] = []
        self._spots: list[tuple[str, float, float, float]] = []
        self._tiles: dict[str, pygame.Surface] = {}
        self._spot_cache: dict[tuple[str, str], list[XY]] = {}
        self._rings: dict[tuple[str, int, int], pygame.Surface] = {}
        self._labels: dict[tuple[str, int, Colour], pygame.Surface] = {}
        self._pills: list[_Pill] = []
        """The overlay's labels (reach odds, targets), laid out with the others."""
        self._label_key: object = None
        self._placed: list[tuple[pygame.Surface, pygame.Rect, str, str]] = []
        self.label_rects: list[tuple[str, str, pygame.Rect]] = []
        """Every label drawn in the last frame: (kind, what, screen rect); kinds "name",
        "mark" (a figure's action odds), "target", "zone", "reach", "door", "obstacle"."""
        self._geometry()

    # ================================================================ geometry
    def _geometry(self) -> None:
        """Zoom-free points: label anchors, bottleneck spots, decorations (map px)."""
        b = self.board
        self.label_at: dict[str, XY] = {}
        for z in b.zones:
            cx, _cy = b.centre(z)
            inner = b.spots(z, 12, 44)
            top = min(p[1] for p in inner)
            row = [p for p in inner if p[1] <= top + 12]
            self.label_at[z] = min(row, key=lambda p: abs(p[0] - cx))
        self.bn_spots: dict[str, list[XY]] = {}
        for bn in b.bottlenecks.values():
            self.bn_spots[bn.id] = self._bottleneck_spots(bn)
        self.trees: dict[str, list[XY]] = {}
        for z, zone in b.zones.items():
            if zone.terrain in ("forest", "orchard"):
                spacing = 46.0 if zone.terrain == "forest" else 58.0
                pts = b.spots(z, spacing, 14)
                cx, cy = b.centre(z)
                if zone.terrain == "forest":
                    pts = [p for k, p in enumerate(pts) if (k * 7919) % 5 != 0]
                self.trees[z] = [(x + (((int(x) * 31 + int(y) * 17) % 13) - 6),
                                  y + (((int(x) * 17 + int(y) * 29) % 11) - 5))
                                 for x, y in pts]

    def _bottleneck_spots(self, bn: Bottleneck) -> list[XY]:
        """One point per spot, along the border the marker lies on."""
        bd = self.board.boundary(*bn.zones)
        cx, cy = bn.centre
        ux, uy = 1.0, 0.0
        if bd is not None:
            (ax, ay), (qx, qy) = self._segment_near(bd, bn.centre)
            d = math.hypot(qx - ax, qy - ay) or 1.0
            ux, uy = (qx - ax) / d, (qy - ay) / d
        step = BASE * 2.1
        n = bn.capacity
        return [(cx + ux * step * (k - (n - 1) / 2), cy + uy * step * (k - (n - 1) / 2))
                for k in range(n)]

    @staticmethod
    def _segment_near(bd: Boundary, p: XY) -> tuple[XY, XY]:
        best: tuple[float, tuple[XY, XY]] | None = None
        for line in bd.lines:
            for a, q in zip(line, line[1:], strict=False):
                mx, my = (a[0] + q[0]) / 2, (a[1] + q[1]) / 2
                d = math.hypot(mx - p[0], my - p[1])
                if best is None or d < best[0]:
                    best = (d, (a, q))
        assert best is not None
        return best[1]

    # ================================================================ public: state
    def resize(self, view_size: tuple[int, int]) -> None:
        self.camera.resize(view_size)

    def invalidate(self) -> None:
        """Redraw the cached map (and overlay) on the next frame."""
        self._map = None
        self._overlay_key = None

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

    def legend(self, sides: Sequence[str]) -> list[tuple[pygame.Surface, str]]:
        """What each mark of a zone board means (for the help overlay)."""
        size = 30

        def square(fill: RGBA, edge: RGBA) -> pygame.Surface:
            s = pygame.Surface((size, size), pygame.SRCALPHA)
            r = pygame.Rect(3, 3, size - 6, size - 6)
            pygame.draw.rect(s, (*ZONE_STYLES.get("grass", pal.terrain_style("grass")).top,
                                 255), r)
            pygame.draw.rect(s, fill, r)
            pygame.draw.rect(s, edge, r, 3)
            return s

        out: list[tuple[pygame.Surface, str]] = []
        for i, name in enumerate(sides):
            out.append((self.tokens.token("generic", i, 12, None, "ok"),
                        f"{name}: {pal.side_ring(i)} ring"))
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

    def piece_at(self, sx: float, sy: float) -> str | None:
        """Id of the figure whose base is under ``(sx, sy)``, as last drawn."""
        for fid, x, y, r in reversed(self._spots):
            if (sx - x) ** 2 + (sy - y) ** 2 <= r * r:
                return fid
        return None

    def piece_screen_pos(self, pid: str) -> tuple[float, float] | None:
        """Where a figure was last drawn (its base's centre), or None."""
        for fid, x, y, _r in self._spots:
            if fid == pid:
                return x, y
        return None

    # ================================================================ animation
    @property
    def busy(self) -> bool:
        return self.effects.busy

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

    def cancel_animations(self) -> None:
        self.effects.cancel()

    def update(self, dt: float) -> None:
        self.effects.update(dt)

    @property
    def base_radius(self) -> float:
        return BASE * self.camera.zoom

    # ================================================================ layout
    def layout(self, pieces: Sequence[PieceView]) -> dict[str, _Spot]:
        """Where each figure on the board stands, in map pixels, by status (Z-2)."""
        key = tuple((p.id, p.place, p.group, p.status) for p in pieces)
        if key == self._layout_key:
            return self._layout
        self._layout_key = key
        b = self.board
        out: dict[str, _Spot] = {}
        clusters: list[tuple[float, float, float]] = []
        pairs: list[tuple[str, str]] = []
        on_board = [p for p in pieces if p.status != "dead" and isinstance(p.place, InZone)]
        by_zone: dict[str, list[PieceView]] = {}
        lines: dict[tuple[str, str], list[PieceView]] = {}
        holders: dict[str, list[PieceView]] = {}
        for p in on_board:
            pl = p.place
            assert isinstance(pl, InZone)
            if pl.boundary is None:
                by_zone.setdefault(pl.zone, []).append(p)
                continue
            bn = b.bottleneck_on(pl.zone, pl.boundary)
            if bn is not None and p.group == f"bottleneck:{bn.id}":
                holders.setdefault(bn.id, []).append(p)
            else:
                key2 = tuple(sorted((pl.zone, pl.boundary)))
                lines.setdefault((key2[0], key2[1]), []).append(p)
        for bn_id, hs in holders.items():
            spots = self.bn_spots[bn_id]
            for k, p in enumerate(sorted(hs, key=lambda q: q.id)):
                x, y = spots[min(k, len(spots) - 1)]
                out[p.id] = _Spot(x, y, f"bottleneck:{bn_id}")
        for (a, c), ps in lines.items():
            bd = b.boundary(a, c)
            if bd is None:
                continue
            n = len(ps)
            for k, p in enumerate(sorted(ps, key=lambda q: q.id)):
                x, y = bd.point_at((k + 1) / (n + 1))
                out[p.id] = _Spot(x, y)
        r = BASE
        for z, ps in by_zone.items():
            groups: dict[str, list[PieceView]] = {}
            for p in sorted(ps, key=lambda q: (q.side, q.id)):
                g = p.group.split(":")[0] if p.group and not p.group.startswith(
                    "bottleneck:") else p.group
                groups.setdefault(g or f"alone:{p.id}", []).append(p)
            spots = self._zone_spots(z)
            # clear of the bottlenecks' spots (held or not) and of figures on the lines
            placed: list[tuple[float, float, float]] = [
                (x, y, r * 1.15) for bn in b.bottlenecks.values() if z in bn.zones
                for x, y in self.bn_spots[bn.id]] + [(s.x, s.y, r * 1.15) for s in out.values()]
            # clusters at a bottleneck stand beside it, on their own side
            order = sorted(groups.items(), key=lambda kv: (-len(kv[1]), kv[0]))
            for g, members in order:
                n = len(members)
                cr = r * 1.6 if n == 1 else r * (1.1 + 0.62 * n)
                if g.startswith("bottleneck:") and g[11:] in b.bottlenecks:
                    ax, ay = self._front(g[11:], z, cr)
                    cx, cy = self._free_near(spots, placed, cr, (ax, ay))
                else:
                    cx, cy = self._free_near(spots, placed, cr, None)
                placed.append((cx, cy, cr))
                if n > 1:
                    melee = any("InContact" in p.tags or "InClose" in p.tags for p in members)
                    clusters.append((cx, cy, cr if melee else -cr))
                self._ring(members, cx, cy, out, g, pairs)
        self._layout = out
        self._clusters = clusters
        self._pairs = pairs
        return out

    def _zone_spots(self, zone: str) -> list[XY]:
        """Where figures may stand in a zone: clear of its label, nearest the middle of
        what is left first."""
        key = ("spots", zone)
        got = self._spot_cache.get(key)
        if got is not None:
            return got
        b = self.board
        r = BASE
        lx, ly = self.label_at[zone]
        every = b.spots(zone, r * 1.2, r * 1.3)
        free = [p for p in every if not (abs(p[0] - lx) < 170 and ly - 45 < p[1] < ly + 70)]
        if len(free) < 6:
            free = every
        mx = sum(p[0] for p in free) / len(free)
        my = sum(p[1] for p in free) / len(free)
        free.sort(key=lambda p: ((p[0] - mx) ** 2 + (p[1] - my) ** 2, p[1], p[0]))
        self._spot_cache[key] = free
        return free

    def _front(self, bn_id: str, zone: str, cr: float) -> XY:
        """A point off a bottleneck on ``zone``'s side, far enough for a cluster of
        radius ``cr`` to clear its marker."""
        bn = self.board.bottlenecks[bn_id]
        zx, zy = self.board.centre(zone)
        cx, cy = bn.centre
        d = math.hypot(zx - cx, zy - cy) or 1.0
        spots = self.bn_spots[bn_id]
        half = max(math.hypot(x - cx, y - cy) for x, y in spots) + BASE * 1.2
        step = min(d, half * 0.6 + cr + BASE)
        return cx + (zx - cx) / d * step, cy + (zy - cy) / d * step

    @staticmethod
    def _free_near(spots: list[XY], placed: list[tuple[float, float, float]], cr: float,
                   want: XY | None) -> XY:
        """The spot nearest ``want`` (else the zone's middle) with room for a cluster of
        radius ``cr``; in a zone too small for that, the nearest point round the spots
        that has room (the figures then spill over its edge rather than pile up)."""
        cands = spots if want is None else sorted(
            spots, key=lambda p: (p[0] - want[0]) ** 2 + (p[1] - want[1]) ** 2)

        def room(x: float, y: float) -> float:
            return min((math.hypot(x - px, y - py) - pr - cr for px, py, pr in placed),
                       default=1e9)

        for x, y in cands:
            if room(x, y) >= BASE * 0.25:
                return x, y
        ox, oy = cands[0] if cands else (0.0, 0.0)
        for ring in range(1, 12):
            for k in range(12):
                a = 2 * math.pi * k / 12
                x, y = ox + math.cos(a) * ring * BASE, oy + math.sin(a) * ring * BASE
                if room(x, y) >= 0:
                    return x, y
        return ox, oy

    @staticmethod
    def _ring(members: list[PieceView], cx: float, cy: float, out: dict[str, _Spot],
              cluster: str, pairs: list[tuple[str, str]]) -> None:
        """Members of one cluster round its centre; an InClose pair side by side."""
        n = len(members)
        if n == 1:
            out[members[0].id] = _Spot(cx, cy, cluster)
            return
        members = sorted(members, key=lambda p: (p.group, p.side, p.id))
        rr = BASE * (1.05 if n == 2 else 0.55 + 0.36 * n)
        for k, p in enumerate(members):
            a = 2 * math.pi * k / n - math.pi / 2
            out[p.id] = _Spot(cx + rr * math.cos(a), cy + rr * math.sin(a), cluster)
        by_pair: dict[str, list[str]] = {}
        for p in members:
            if ":" in p.group and not p.group.startswith("bottleneck:"):
                by_pair.setdefault(p.group, []).append(p.id)
        for ids in by_pair.values():
            if len(ids) == 2:
                pairs.append((ids[0], ids[1]))

    def _piece_point(self, v: PieceView, spots: dict[str, _Spot]) -> XY | None:
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

    # ================================================================ the map layer
    def _tile(self, terrain: str) -> pygame.Surface:
        t = self._tiles.get(terrain)
        if t is None:
            arr = texture(zone_style(terrain), 128, 128, len(terrain) % 3)
            t = optimise(pygame.surfarray.make_surface(arr))
            self._tiles[terrain] = t
        return t

    def _label(self, text: str, size: int, colour: Colour = pal.PAPER,
               back: RGBA = (*pal.INK, 190)) -> pygame.Surface:
        key = (text, size, colour)
        s = self._labels.get(key)
        if s is None:
            if len(self._labels) > 512:
                self._labels.clear()
            s = optimise(self._fonts.pill(text, size, colour, back), alpha=True)
            self._labels[key] = s
        return s

    def _to(self, p: XY, ox: float, oy: float) -> XY:
        z = self.camera.zoom
        return ox + p[0] * z, oy + p[1] * z

    def _build_map(self) -> pygame.Surface:
        z = self.camera.zoom
        b = self.board
        x0, y0, x1, y1 = self.extent
        w, h = int(math.ceil((x1 - x0) * z)) + 2, int(math.ceil((y1 - y0) * z)) + 2
        screen = pygame.display.get_surface()
        surf = pygame.Surface((w, h), 0, screen) if screen is not None else \
            pygame.Surface((w, h))
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
        for ob in b.obstacles.values():
            self._draw_obstacle(surf, ob, ox, oy)
        for bn in b.bottlenecks.values():
            self._draw_bottleneck(surf, bn, ox, oy)
        return surf

    def _decorate(self, part: pygame.Surface, zid: str, terrain: str, bx: int, by: int,
                  ox: float, oy: float) -> None:
        """Trees in a forest or orchard, planks in a house, a stream in a brook."""
        z = self.camera.zoom
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

    def _draw_obstacle(self, surf: pygame.Surface, ob: Obstacle, ox: float,
                       oy: float) -> None:
        z = self.camera.zoom
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

    def _door_rect(self, bn: Bottleneck, ox: float, oy: float) -> pygame.Rect:
        """The box of a bottleneck's marker (round its shape and spots), in map-surface
        pixels."""
        z = self.camera.zoom
        pts = [self._to(p, ox, oy) for p in bn.shape]
        spots = [self._to(p, ox, oy) for p in self.bn_spots[bn.id]]
        r = BASE * z * 1.12
        sx = [p[0] for p in spots + pts]
        sy = [p[1] for p in spots + pts]
        return pygame.Rect(int(min(sx) - r), int(min(sy) - r),
                           int(max(sx) - min(sx) + 2 * r), int(max(sy) - min(sy) + 2 * r))

    def _draw_bottleneck(self, surf: pygame.Surface, bn: Bottleneck, ox: float,
                         oy: float) -> None:
        z = self.camera.zoom
        spots = [self._to(p, ox, oy) for p in self.bn_spots[bn.id]]
        r = BASE * z * 1.12
        rect = self._door_rect(bn, ox, oy)
        pygame.draw.rect(surf, (58, 44, 30), rect, border_radius=max(3, int(8 * z)))
        pygame.draw.rect(surf, pal.ORANGE, rect, max(2, int(3 * z)),
                         border_radius=max(3, int(8 * z)))
        for x, y in spots:
            pygame.draw.circle(surf, (200, 180, 150), (x, y), r * 0.82, max(1, int(2 * z)))

    def _map_surface(self) -> pygame.Surface:
        if self._map is None or self._map_zoom != self.camera.zoom:
            self._map = self._build_map()
            self._map_zoom = self.camera.zoom
            self._overlay_key = None
        return self._map

    def _origin(self) -> tuple[int, int]:
        """Screen position of the map surface's top-left corner."""
        x0, y0, _x1, _y1 = self.extent
        sx, sy = self.camera.map_to_screen(x0, y0)
        return int(math.floor(sx)), int(math.floor(sy))

    # ================================================================ the overlay
    def _build_overlay(self) -> tuple[pygame.Surface | None, tuple[int, int]]:
        """The marks on a surface the size of the map, cropped to what they cover."""
        m = self.marks
        z = self.camera.zoom
        b = self.board
        x0, y0, x1, y1 = self.extent
        self._pills = []
        self._label_key = None
        if not (m.reach or m.warnings or m.targets or m.path):
            return None, (0, 0)
        w, h = int(math.ceil((x1 - x0) * z)) + 2, int(math.ceil((y1 - y0) * z)) + 2
        surf = pygame.Surface((w, h), pygame.SRCALPHA)
        ox, oy = -x0 * z, -y0 * z
        size = max(TEXT_MIN + 1, int(17 * z))
        if self.visible["reach"]:
            for place, label in list(m.reach.items()) + [
                    (p, t) for p, t in m.warnings.items() if p not in m.reach]:
                if not isinstance(place, InZone) or place.zone not in b.zones:
                    continue
                risky = place in m.warnings
                if place.boundary is None:
                    pts = [self._to(p, ox, oy) for p in b.zones[place.zone].polygon]
                    pygame.draw.polygon(surf, RISK_FILL if risky else REACH_FILL, pts)
                    pygame.draw.lines(surf, RISK_EDGE if risky else REACH_EDGE, True, pts,
                                      max(3, int(4 * z)))
                    lx, ly = self.label_at[place.zone]
                    cx, cy = self._to((lx, ly + 62), ox, oy)  # under the zone's label
                    inside: str | None = place.zone
                else:
                    cx, cy = self._line_mark(surf, place, ox, oy, risky)
                    inside = None
                text = label + (f"  {m.warnings[place]}" if risky and place in m.reach
                                and m.warnings[place] != label else "")
                pill = self._fonts.pill(text, size, pal.INK,
                                        (*(pal.ORANGE if risky else pal.PAPER), 240), pal.INK)
                self._pills.append(("reach", str(place), [pill], (cx, cy), inside))
        if self.visible["targets"]:
            for place, label in m.targets.items():
                pt = self.place_point(place)
                if pt is None:
                    continue
                if isinstance(place, InZone) and place.boundary is not None:
                    cx, cy = self._line_mark(surf, place, ox, oy, False, pal.YELLOW)
                else:
                    cx, cy = self._to(pt, ox, oy)
                if label:
                    pill = self._fonts.pill(label, size, pal.INK, (*pal.YELLOW, 240), pal.INK)
                    self._pills.insert(0, ("target", str(place), [pill],
                                           (cx, cy + 6 + pill.get_height() / 2), None))
        if self.visible["path"] and len(m.path) >= 2:
            raw = [self.place_point(q) for q in m.path]
            sel = self._layout.get(m.selected_piece or "")
            if sel is not None and raw[0] is not None:
                raw[0] = (sel.x, sel.y)  # from the figure itself
            pts = [self._to(p, ox, oy) for p in raw if p is not None]
            if len(pts) >= 2:
                wide = max(4, int(7 * z))
                pygame.draw.lines(surf, (*pal.INK, 230), False, pts, wide + 3)
                pygame.draw.lines(surf, (*pal.YELLOW, 255), False, pts, wide)
                (px, py), (qx, qy) = pts[-2], pts[-1]
                d = math.hypot(qx - px, qy - py) or 1.0
                ux, uy = (qx - px) / d, (qy - py) / d
                hd = wide * 2.6
                tip = (qx, qy)
                left = (qx - ux * hd - uy * hd * 0.6, qy - uy * hd + ux * hd * 0.6)
                right = (qx - ux * hd + uy * hd * 0.6, qy - uy * hd - ux * hd * 0.6)
                pygame.draw.polygon(surf, (*pal.YELLOW, 255), [tip, left, right])
                pygame.draw.polygon(surf, (*pal.INK, 255), [tip, left, right], 2)
        box = surf.get_bounding_rect()
        if box.w == 0 or box.h == 0:
            return None, (0, 0)
        return optimise(surf.subsurface(box).copy(), alpha=True), (box.x, box.y)

    def _line_mark(self, surf: pygame.Surface, place: InZone, ox: float, oy: float,
                   risky: bool, colour: Colour | None = None) -> XY:
        """Highlight a boundary line or a bottleneck; returns where its label goes."""
        b = self.board
        assert place.boundary is not None
        z = self.camera.zoom
        col = colour or (pal.ORANGE if risky else pal.SKY)
        bn = b.bottleneck_on(place.zone, place.boundary)
        if bn is not None:
            cx, cy = self._to(bn.centre, ox, oy)
            pygame.draw.circle(surf, (*col, 120), (cx, cy), BASE * z * 2.4)
            pygame.draw.circle(surf, (*col, 255), (cx, cy), BASE * z * 2.4, max(2, int(3 * z)))
            return cx, cy - BASE * z * 3
        bd = b.boundary(place.zone, place.boundary)
        if bd is None:
            return self._to(b.centre(place.zone), ox, oy)
        for line in bd.lines:
            pts = [self._to(p, ox, oy) for p in line]
            if len(pts) >= 2:
                pygame.draw.lines(surf, (*pal.INK, 160), False, pts, max(4, int(7 * z)))
                pygame.draw.lines(surf, (*col, 230), False, pts, max(2, int(4 * z)))
        return self._to(bd.middle, ox, oy)

    # ================================================================ figures
    def _draw_figures(self, surface: pygame.Surface, pieces: Sequence[PieceView]) -> None:
        spots = self.layout(pieces)
        cam = self.camera
        z = cam.zoom
        r = self.base_radius
        show_labels = r >= LABEL_MIN_RADIUS
        # melee patches under the clusters, pair links under the pairs
        for cx, cy, cr in self._clusters:  # a melee's ground; friends standing together
            sx, sy = cam.map_to_screen(cx, cy)
            patch = self._ring_image("patch" if cr > 0 else "friends", abs(cr) * z + r * 0.5, r)
            surface.blit(patch, (round(sx - patch.get_width() / 2),
                                 round(sy - patch.get_height() / 2)))
        for a, c in self._pairs:
            if a in spots and c in spots:
                pa = cam.map_to_screen(spots[a].x, spots[a].y)
                pc = cam.map_to_screen(spots[c].x, spots[c].y)
                pygame.draw.line(surface, pal.INK, pa, pc, max(5, int(r * 0.7)))
                pygame.draw.line(surface, pal.VERMILLION, pa, pc, max(3, int(r * 0.45)))
        items: list[tuple[float, int, list[tuple[pygame.Surface, tuple[int, int]]]]] = []
        drawn: list[tuple[str, float, float, float]] = []
        marks = self.marks
        rings: list[tuple[float, float, str, Colour]] = []
        for n, v in enumerate(pieces):
            if v.status == "dead":
                continue
            pt = self._piece_point(v, spots)
            if pt is None:
                continue
            sx, sy = cam.map_to_screen(*pt)
            pose = "unconscious" if v.status == "unconscious" else (
                "prone" if v.status == "prone" else "ok")
            tok = self.tokens.token(v.kind, self.side_index.get(v.side, 0), r, None, pose)
            blits = [(tok, (round(sx - tok.get_width() / 2), round(sy - tok.get_height() / 2)))]
            if v.status != "unconscious" and v.health_max > 0:
                bar = self.tokens.bar(v.health, v.health_max, r)
                blits.append((bar, (round(sx - bar.get_width() / 2),
                                    round(sy - r - bar.get_height() - 3))))
            if show_labels and v.name and v.id in self.effects.moves:
                lab = self.tokens.label(v.name, r * 0.85)  # a still figure's name is laid out
                blits.append((lab, (round(sx - lab.get_width() / 2), round(sy + r + 1))))
            items.append((sy, n, blits))
            drawn.append((v.id, sx, sy, r))
            if v.id in marks.pieces and self.visible["targets"]:
                rings.append((sx, sy, marks.pieces[v.id], pal.YELLOW))
            if v.id == marks.selected_piece:
                rings.append((sx, sy, "", pal.PAPER))
            if v.ring == "running":
                rings.append((sx, sy, "run", pal.SKY))
        for sx, sy, _t, col in rings:
            if col in (pal.PAPER, pal.SKY):
                img = self._ring_image("selected" if col == pal.PAPER else "running", r, r)
                surface.blit(img, (round(sx - img.get_width() / 2),
                                   round(sy - img.get_height() / 2)))
        items.sort(key=lambda t: (t[0], t[1]))
        seq = [bl for _y, _n, bls in items for bl in bls]
        if seq:
            surface.fblits(seq)
        for sx, sy, _text, col in rings:
            if col == pal.YELLOW:
                img = self._ring_image("target", r, r)
                surface.blit(img, (round(sx - img.get_width() / 2),
                                   round(sy - img.get_height() / 2)))
        drawn.sort(key=lambda t: t[2])
        self._spots = drawn

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
    def _still(self, pieces: Sequence[PieceView]) -> list[tuple[PieceView, float, float]]:
        """Figures standing still (not sliding or falling now) at their map-surface
        pixels."""
        x0, y0, _x1, _y1 = self.extent
        z = self.camera.zoom
        out = []
        for v in pieces:
            s = self._layout.get(v.id)
            if v.status == "dead" or s is None or v.id in self.effects.moves or \
                    v.id in self.effects.falls:
                continue
            out.append((v, (s.x - x0) * z, (s.y - y0) * z))
        return out

    def _label_specs(self, still: list[tuple[PieceView, float, float]]) -> list[_Pill]:
        """Every label to lay out, in the order they claim room: the figures' names, what
        clicking a figure or a line does, the bottlenecks (beside their markers), the
        zones' names, the reach odds (under the zone's name), the obstacles (near them or
        not at all)."""
        b = self.board
        z = self.camera.zoom
        r = self.base_radius
        x0, y0, _x1, _y1 = self.extent
        ox, oy = -x0 * z, -y0 * z
        out: list[_Pill] = []
        if r >= LABEL_MIN_RADIUS:
            for v, px, py in still:
                if v.name:
                    out.append(("name", v.id, [self.tokens.label(v.name, r * 0.85)], (px, py),
                                None))
        if self.visible["targets"]:
            size = max(TEXT_MIN, int(r * 0.62))
            for v, px, py in still:
                text = self.marks.pieces.get(v.id)
                if text:
                    out.append(("mark", v.id, [self._label(text, size, pal.INK,
                                                           (*pal.YELLOW, 240))], (px, py), None))
        out += [p for p in self._pills if p[0] == "target"]
        small = max(TEXT_MIN, int(15 * z))
        for bn in b.bottlenecks.values():
            cover = f" · {bn.cover}" if bn.cover else ""
            forms = [self._label(f"{bn.id} {bn.capacity}{cover}", small, pal.INK,
                                 (*pal.ORANGE, 235))]
            out.append(("door", bn.id, forms, self._door_anchor(bn, ox, oy), None))
        big = max(TEXT_MIN + 2, int(24 * z))
        if self.visible["labels"]:
            for zid, zone in b.zones.items():
                bits = [zone.terrain]
                if zone.move:
                    bits.append(f"move {zone.move:+d}")
                if zone.visibility:
                    bits.append(f"sight {zone.visibility:+d}")
                if zone.stacking:
                    bits.append(f"holds {zone.stacking}")
                lx, ly = self._to(self.label_at[zid], ox, oy)
                name = self._label(zid, big, pal.PAPER, (*pal.INK, 200))
                info = self._label(" · ".join(bits), small, (230, 226, 200), (*pal.INK, 170))
                both = pygame.Surface((max(name.get_width(), info.get_width()),
                                       name.get_height() + info.get_height() + 2),
                                      pygame.SRCALPHA)
                both.blit(name, ((both.get_width() - name.get_width()) // 2, 0))
                both.blit(info, ((both.get_width() - info.get_width()) // 2,
                                 name.get_height() + 2))
                out.append(("zone", zid, [both, name], (lx, ly), zid))
        out += [p for p in self._pills if p[0] != "target"]
        for ob in b.obstacles.values():
            fill, edge = OBSTACLE_COLOURS.get(ob.kind, ((150, 150, 150), (60, 60, 60)))
            texts = [f"{ob.kind} {ob.size}" + (f" · {ob.damage} dmg" if ob.damage else "")]
            if ob.damage:
                texts.append(f"{ob.kind} {ob.size}")
            out.append(("obstacle", ob.id, [self._label(t, small, pal.PAPER, (*edge, 220))
                                            for t in texts],
                        self._to(ob.centre, ox, oy), None))
        return out

    def _door_anchor(self, bn: Bottleneck, ox: float, oy: float) -> XY:
        """Where a bottleneck's label goes first: beside its marker, on the outer side
        (the zone with less bottleneck capacity)."""
        rect = self._door_rect(bn, ox, oy)
        caps = {zz: sum(x.capacity for x in self.board.bottlenecks.values() if zz in x.zones)
                for zz in bn.zones}
        out = min(bn.zones, key=lambda zz: (caps[zz], zz))
        zx, zy = self._to(self.board.centre(out), ox, oy)
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

    def _layout_labels(self, pieces: Sequence[PieceView]) -> None:
        """Place every label where it covers no figure (its base, health bar, rings), no
        bottleneck marker and no other label; a label that finds no room near its anchor
        is left out (the panel names what is under the pointer)."""
        still = self._still(pieces)
        key = (self.camera.zoom, tuple((v.id, round(x), round(y), v.name)
                                       for v, x, y in still),
               tuple(self.visible.values()), id(self._pills), len(self._pills),
               tuple(sorted(self.marks.pieces.items())))
        if key == self._label_key:
            return
        self._label_key = key
        b = self.board
        z = self.camera.zoom
        r = self.base_radius
        x0, y0, x1, y1 = self.extent
        ox, oy = -x0 * z, -y0 * z
        area = pygame.Rect(0, 0, int(math.ceil((x1 - x0) * z)), int(math.ceil((y1 - y0) * z)))
        hard = _Grid()
        bar_w, bar_h = max(12, int(r * 1.5)), max(4, int(r * 0.24))
        rr = r * 1.12  # the base and most of the rings round it
        for _v, px, py in still:
            hard.add(pygame.Rect(round(px - rr), round(py - rr), round(2 * rr), round(2 * rr)))
            hard.add(pygame.Rect(round(px - bar_w / 2), round(py - r - bar_h - 3), bar_w,
                                 bar_h))
        doors = {bn.id: self._door_rect(bn, ox, oy) for bn in b.bottlenecks.values()}
        for rc in doors.values():
            hard.add(rc)
        placed: list[tuple[pygame.Surface, pygame.Rect, str, str]] = []
        zone_rects: dict[str, pygame.Rect] = {}
        step = max(6.0, 12 * z)
        for kind, what, forms, (cx, cy), inside in self._label_specs(still):
            if kind == "reach" and inside in zone_rects:
                under = zone_rects[inside]
                cx, cy = under.centerx, under.bottom + 3 + forms[0].get_height() / 2
            for s in forms:
                w, h = s.get_size()
                if kind in ("name", "mark"):
                    top = cy - r - bar_h - 5 - h
                    cands = [(cx - w / 2, cy + rr + 1), (cx - w / 2, top),
                             (cx + rr + 1, cy - h / 2), (cx - rr - 1 - w, cy - h / 2),
                             *_around(cx, cy, rr + 1, w, h), *_around(cx, cy, rr * 1.9, w, h)]
                    if kind == "mark":  # the odds of clicking it: beside it, or near
                        cands = cands[2:] + cands[:2] + _spiral(cx, cy, w, h,
                                                                max(step, h * 0.7), 4)
                elif kind == "door":  # hugging its marker, the outer side first
                    cands = self._door_cands(doors[what], (cx, cy), w, h)
                else:
                    near = 4 if kind == "obstacle" else LABEL_RINGS
                    cands = _spiral(cx, cy, w, h, max(step, h * 0.7), near)
                best = None
                for x, y in cands:
                    rc = pygame.Rect(round(x), round(y), w, h)
                    if not area.contains(rc) or hard.hits(rc):
                        continue
                    if inside is not None and any(
                            b.zone_at((x - ox) / z, (y - oy) / z) != inside
                            for x, y in ((rc.centerx, rc.centery), (rc.left + 2, rc.top + 2),
                                         (rc.right - 2, rc.bottom - 2), (rc.left + 2,
                                                                          rc.bottom - 2),
                                         (rc.right - 2, rc.top + 2))):
                        continue  # wholly in its zone, or it reads as another's
                    best = rc
                    break
                if best is not None:
                    hard.add(best)
                    placed.append((s, best, kind, what))
                    if kind == "zone":
                        zone_rects[what] = best
                    break
        self._placed = placed

    def _draw_labels(self, surface: pygame.Surface, pieces: Sequence[PieceView]) -> None:
        self._layout_labels(pieces)
        mx, my = self._origin()
        self.label_rects = []
        seq = []
        for s, rc, kind, what in self._placed:
            at = rc.move(mx, my)
            seq.append((s, at.topleft))
            self.label_rects.append((kind, what, at))
        if seq:
            surface.fblits(seq)

    # ================================================================ frame
    def draw(self, surface: pygame.Surface, pieces: Sequence[PieceView] = ()) -> None:
        """Draw the board, marks, figures and animations onto ``surface``."""
        if surface.get_size() != self.camera.view:
            self.resize(surface.get_size())
        m = self._map_surface()
        surface.fill(self.background)
        mx, my = self._origin()
        surface.blit(m, (mx, my))
        key = (self.marks.reach, self.marks.warnings, self.marks.targets, self.marks.path,
               self.camera.zoom)
        if key != self._overlay_key:
            self._overlay_key = (dict(self.marks.reach), dict(self.marks.warnings),
                                 dict(self.marks.targets), self.marks.path, self.camera.zoom)
            self._overlay, self._overlay_at = self._build_overlay()
        if self._overlay is not None:
            surface.blit(self._overlay, (mx + self._overlay_at[0], my + self._overlay_at[1]))
        self._draw_hover(surface)
        self._draw_figures(surface, pieces)
        self._draw_labels(surface, pieces)
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
