"""The plain board view: any board drawn from the board-neutral questions, for a board kind
with no view of its own (a new kind can be played before its own view is made).

It asks the board only what :class:`game.core.board.Board` answers: its ``bounds``, the
``outlines`` that draw it (zones and cells as closed shapes, walls, corridors and streets
as lines), where a place is (``locate``) and whether a place is on it (``has_place``).
Board units are scaled so the board's longer side is :data:`WIDTH` map pixels; the
:class:`~game.ui.camera.Camera` zooms and pans them.

On it: the outlines (labelled when they have a label), terrain held in the game state
(:class:`~game.core.board.Scenery`), the pieces from their
:class:`~game.core.ruleset.PieceView` (round tokens, several on one place side by side,
with health bars and names), and the shell's :class:`~game.ui.boards.Marks`: reach (a
sky disc with its label; orange where it warns), targets (a dashed yellow ring), the path,
the selected place or piece, pieces to click. With :attr:`PlainBoardView.follow_pieces`
the camera follows the pieces.

Pointing: a piece under the pointer is the one drawn there; a place is the nearest place
the view knows (a piece's, a mark's) near the pointer, else a place the board confirms
there (a point on a continuous board, the zone whose outline holds the pointer, a
distance along a labelled track), else none.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Iterable, Sequence
from pathlib import Path

import pygame

from game.core.board import Board, Outline, Scenery
from game.core.places import HUNDREDTHS, InZone, OnTrack, Place, Point
from game.core.ruleset import PieceView
from game.ui import palette as pal
from game.ui.boards import Marks
from game.ui.boards.base import XY, BoardViewBase, LegendRow, MapCache, draw_scenery
from game.ui.boards.labels import LabelGrid, around, disc_hits
from game.ui.camera import Camera
from game.ui.drawing import dashed_ring, smoothstep
from game.ui.effects import FALL_SECONDS
from game.ui.palette import RGBA, Colour
from game.ui.tokens import SPRITES, token_badges

WIDTH = 1600.0
"""Map pixels across the board's longer side."""
BASE = WIDTH / 64
"""A token's radius in map pixels."""
MIN_RADIUS = 8.0
"""Tokens are drawn at least this many screen pixels in radius."""
LABEL_MIN_RADIUS = 12
"""Names show when a token is at least this many screen pixels in radius."""
TEXT_MIN = 12
PICK = 14
"""Screen pixels from a known place within which the pointer picks it."""
OVERLAYS = ("reach", "targets", "path", "labels")

REACH_FILL: RGBA = (*pal.SKY, 70)
REACH_EDGE: Colour = pal.SKY
WARN_FILL: RGBA = (*pal.ORANGE, 80)
WARN_EDGE: Colour = pal.ORANGE
BOARD: Colour = (58, 64, 58)
"""The board's ground inside its bounds."""
OUTLINE_LOOKS: dict[str, tuple[RGBA, Colour, int]] = {
    "zone": ((96, 140, 78, 255), (26, 28, 24), 2),
    "hex": ((100, 150, 74, 255), (40, 56, 34), 1),
    "cell": ((100, 150, 74, 255), (40, 56, 34), 1),
    "wall": ((0, 0, 0, 0), (170, 166, 158), 6),
    "corridor": ((0, 0, 0, 0), (120, 112, 98), 14),
    "street": ((0, 0, 0, 0), (150, 138, 116), 18),
}
"""Fill, edge colour and edge width (map pixels at zoom 1) of each kind of outline."""
OTHER_LOOK: tuple[RGBA, Colour, int] = ((120, 124, 112, 255), (30, 30, 30), 2)


def inside(poly: Sequence[XY], x: float, y: float) -> bool:
    """Whether ``(x, y)`` is inside the polygon ``poly`` (even-odd rule, any shape)."""
    hit = False
    n = len(poly)
    for k in range(n):
        (x1, y1), (x2, y2) = poly[k], poly[(k + 1) % n]
        if (y1 > y) != (y2 > y) and x < x1 + (y - y1) * (x2 - x1) / (y2 - y1):
            hit = not hit
    return hit


def along(line: Sequence[XY], x: float, y: float) -> tuple[float, float]:
    """The distance along the polyline ``line`` of its point nearest ``(x, y)``, and how
    far that point is from ``(x, y)``."""
    best = (0.0, math.inf)
    run = 0.0
    for (ax, ay), (bx, by) in zip(line, line[1:], strict=False):
        seg = math.hypot(bx - ax, by - ay)
        f = 0.0 if seg == 0 else max(0.0, min(1.0, ((x - ax) * (bx - ax) + (y - ay) * (by - ay))
                                                / (seg * seg)))
        px, py = ax + (bx - ax) * f, ay + (by - ay) * f
        d = math.hypot(x - px, y - py)
        if d < best[1]:
            best = (run + f * seg, d)
        run += seg
    return best


class PlainBoardView(BoardViewBase):
    """Draws any :class:`~game.core.board.Board` plainly (see the module text)."""

    pieces_share_places = True
    """Pieces on one place are drawn side by side; the shell asks :meth:`piece_at`."""
    LEGEND_FACING = None

    def __init__(self, board: Board, view_size: tuple[int, int] = (1280, 720), *,
                 sides: Sequence[str] = (), background: Colour = pal.TABLE,
                 sprites: Path = SPRITES) -> None:
        super().__init__(sides, sprites, OVERLAYS)
        self.board = board
        self.background = background
        x0, y0, x1, y1 = board.bounds()
        self.scale = WIDTH / max(x1 - x0, y1 - y0, 1e-9)
        """Map pixels per board unit."""
        pad = BASE * 2
        s = self.scale
        self.extent = (x0 * s - pad, y0 * s - pad, x1 * s + pad, y1 * s + pad)
        self.camera = Camera(self.extent, view_size)
        self.camera.fit()
        self.outlines: list[Outline] = list(board.outlines())
        self.marks = Marks()
        self.hover: Place | None = None
        self.follow_pieces = False
        """Keep the pieces in view: the camera follows them (see :meth:`Camera.follow`)."""
        self._map = MapCache(300, view_multiple=3)
        self._where: dict[Place, XY] = {}
        """Map points of the places last drawn or marked (what the pointer can pick)."""
        self.label_rects: list[tuple[str, str, pygame.Rect]] = []
        """Every label drawn in the last frame: (kind, what, screen rect)."""

    # ================================================================ where things are
    def map_point(self, place: Place) -> XY | None:
        """Where ``place`` is in map pixels; None if it is not on this board."""
        at = self.board.locate(place)
        return None if at is None else (at[0] * self.scale, at[1] * self.scale)

    def to_screen(self, x: float, y: float) -> XY:
        """Screen position of board point ``(x, y)`` (board units)."""
        return self.camera.map_to_screen(x * self.scale, y * self.scale)

    def screen_pos(self, place: Place) -> tuple[float, float] | None:
        p = self.map_point(place)
        return None if p is None else self.camera.map_to_screen(*p)

    @property
    def base_radius(self) -> float:
        """Screen radius of a token at the current zoom."""
        return max(MIN_RADIUS, BASE * self.camera.zoom)

    def place_at(self, sx: float, sy: float) -> Place | None:
        """The place under screen ``(sx, sy)``: the nearest known place near it, else one
        the board confirms there (see the module text)."""
        best: tuple[float, Place] | None = None
        for place, (mx, my) in self._where.items():
            px, py = self.camera.map_to_screen(mx, my)
            d = math.hypot(px - sx, py - sy)
            if d <= PICK and (best is None or d < best[0]):
                best = (d, place)
        if best is not None:
            return best[1]
        mx, my = self.camera.screen_to_map(sx, sy)
        return self._place_on_board(mx / self.scale, my / self.scale)

    def _place_on_board(self, x: float, y: float) -> Place | None:
        """A place of the board at board point ``(x, y)`` that the board confirms: a
        point, a zone whose outline holds it, a distance along a track near it."""
        point = Point.of(x, y)
        if self.board.has_place(point):
            return point
        tolerance = PICK / max(0.01, self.camera.zoom) / self.scale
        for o in self.outlines:
            if not o.label:
                continue
            if o.closed and len(o.points) >= 3 and inside(o.points, x, y):
                zone = InZone(o.label)
                if self.board.has_place(zone):
                    return zone
            elif not o.closed and len(o.points) >= 2:
                run, off = along(o.points, x, y)
                track = OnTrack(o.label, round(run * HUNDREDTHS))
                at = self.board.locate(track) if off <= tolerance else None
                if at is not None and math.dist(at, (x, y)) <= tolerance:
                    return track
        return None

    def step(self, place: Place, dx: int, dy: int) -> Place | None:
        """The known place most nearly in screen direction ``(dx, dy)`` from ``place``
        (the nearer of two alike); on a continuous board, else, a token's width that way."""
        at = self.map_point(place)
        if at is None:
            return None
        norm = math.hypot(dx, dy) or 1.0
        best: tuple[float, Place] | None = None
        for other, (x, y) in self._where.items():
            d = math.hypot(x - at[0], y - at[1])
            if other == place or d < 1e-6:
                continue
            cos = ((x - at[0]) * dx + (y - at[1]) * dy) / (d * norm)
            if cos > 0.5 and (best is None or d / cos < best[0]):
                best = (d / cos, other)
        if best is not None:
            return best[1]
        if isinstance(place, Point):
            x, y = place.units
            k = BASE * 2 / self.scale
            nxt = Point.of(x + k * dx / norm, y + k * dy / norm)
            return nxt if self.board.has_place(nxt) else None
        return None

    def frame(self, places: Sequence[Place]) -> None:
        """Zoom onto these places with room for the tokens round them."""
        pts = [p for p in (self.map_point(q) for q in places) if p is not None]
        if not pts:
            return
        m = BASE * 4
        self.camera.frame(min(x for x, _ in pts) - m, min(y for _, y in pts) - m,
                          max(x for x, _ in pts) + m, max(y for _, y in pts) + m)

    # ================================================================ marks and overlays
    def show(self, marks: Marks) -> None:
        """Highlight what ``marks`` says (places not on this board are left out)."""
        self.marks = marks

    def set_hover(self, place: Place | None) -> None:
        self.hover = place

    def toggle_overlay(self, name: str) -> bool:
        shown = super().toggle_overlay(name)
        if name == "labels":
            self._map.invalidate()
        return shown

    def legend(self, sides: Sequence[str]) -> list[LegendRow]:
        """The sides, then each mark as this view draws it."""
        size = 30
        c = size // 2
        out = self.side_rows(sides)
        for fill, edge, text in ((REACH_FILL, REACH_EDGE, "a place the piece can move to"),
                                 (WARN_FILL, WARN_EDGE, "a move with a risk")):
            s = pygame.Surface((size, size), pygame.SRCALPHA)
            pygame.draw.circle(s, fill, (c, c), c - 2)
            pygame.draw.circle(s, edge, (c, c), c - 2, 2)
            out.append((s, text))
        target = pygame.Surface((size, size), pygame.SRCALPHA)
        dashed_ring(target, (*pal.YELLOW, 255), c, c, c - 4, 4, 12)
        out.append((target, "can be attacked or clicked for an action"))
        selected = pygame.Surface((size, size), pygame.SRCALPHA)
        pygame.draw.circle(selected, pal.YELLOW, (c, c), c - 3, 3)
        out.append((selected, "the selected piece or place"))
        path = pygame.Surface((size, size), pygame.SRCALPHA)
        pygame.draw.line(path, pal.YELLOW, (3, size - 6), (size - 4, 6), 4)
        out.append((path, "the way the selected piece would go"))
        return out

    # ================================================================ animation
    def animate_move(self, piece: str, places: Sequence[Place], seconds: float) -> None:
        pts = [p for p in places if self.map_point(p) is not None]
        self.effects.move(piece, pts, seconds)

    def animate_fall(self, piece: str, start: Place, end: Place,
                     seconds: float = FALL_SECONDS) -> None:
        if self.map_point(start) is not None and self.map_point(end) is not None:
            self.effects.fall(piece, start, end, seconds)

    def float_text(self, place: Place, text: str, colour: Colour = pal.PAPER) -> None:
        if self.map_point(place) is not None:
            self.effects.float_text(place, text, colour)

    # ================================================================ the map
    def _build_map(self) -> pygame.Surface:
        z = self.camera.zoom
        x0, y0, x1, y1 = self.extent
        full = (int(math.ceil((x1 - x0) * z)) + 2, int(math.ceil((y1 - y0) * z)) + 2)
        origin = self._origin()
        wx, wy, wx1, wy1 = self._map.begin(full, origin, self.camera.view)
        surf = self._map.canvas((wx1 - wx, wy1 - wy))
        surf.fill(self.background)
        ox, oy = -x0 * z - wx, -y0 * z - wy

        def to(p: XY) -> XY:
            return ox + p[0] * self.scale * z, oy + p[1] * self.scale * z

        bx0, by0, bx1, by1 = self.board.bounds()
        a, b = to((bx0, by0)), to((bx1, by1))
        ground = pygame.Rect(round(a[0]), round(a[1]), round(b[0] - a[0]), round(b[1] - a[1]))
        pygame.draw.rect(surf, pal.shade(BOARD, 0.6), ground.inflate(8, 8))
        pygame.draw.rect(surf, BOARD, ground)
        for o in self.outlines:  # shapes first, lines over them
            if o.closed and len(o.points) >= 3:
                fill, edge, width = OUTLINE_LOOKS.get(o.kind, OTHER_LOOK)
                pts = [to(p) for p in o.points]
                if fill[3]:
                    pygame.draw.polygon(surf, fill[:3], pts)
                pygame.draw.polygon(surf, edge, pts, max(1, int(width * z)))
        for o in self.outlines:
            if not o.closed and len(o.points) >= 2:
                _fill, edge, width = OUTLINE_LOOKS.get(o.kind, OTHER_LOOK)
                pts = [to(p) for p in o.points]
                w = max(2, int(width * z))
                pygame.draw.lines(surf, pal.INK, False, pts, w + 2)
                pygame.draw.lines(surf, edge, False, pts, w)
        if self.visible["labels"]:
            self._outline_labels(surf, to)
        return surf

    def _outline_labels(self, surf: pygame.Surface, to: Callable[[XY], XY]) -> None:
        """Each labelled outline's label at its middle, where no other is."""
        taken: list[pygame.Rect] = []
        size = max(TEXT_MIN, int(18 * self.camera.zoom))
        for o in self.outlines:
            if not o.label or not o.points:
                continue
            pts = [to(p) for p in o.points]
            if o.closed:
                cx, cy = sum(x for x, _ in pts) / len(pts), sum(y for _, y in pts) / len(pts)
            else:
                cx, cy = pts[len(pts) // 2]
            pill = self._fonts.pill(o.label, size, pal.PAPER, (*pal.INK, 170))
            rc = pill.get_rect(center=(round(cx), round(cy)))
            if rc.collidelist(taken) < 0:
                taken.append(rc)
                surf.blit(pill, rc)

    def _origin(self) -> tuple[int, int]:
        """Screen position of the whole map's top-left corner."""
        sx, sy = self.camera.map_to_screen(self.extent[0], self.extent[1])
        return int(math.floor(sx)), int(math.floor(sy))

    def _map_surface(self) -> pygame.Surface:
        z = self.camera.zoom
        x0, y0, x1, y1 = self.extent
        full = (int(math.ceil((x1 - x0) * z)) + 2, int(math.ceil((y1 - y0) * z)) + 2)
        if self._map.stale(z, full, self._origin(), self.camera.view):
            return self._map.keep(self._build_map(), z)
        assert self._map.surface is not None
        return self._map.surface

    # ================================================================ pieces
    def layout(self, pieces: Sequence[PieceView]) -> dict[str, XY]:
        """Where each piece on the board stands (map pixels, animations aside): on its
        place; several on one place in a ring round it."""
        by_place: dict[Place, list[PieceView]] = {}
        for p in pieces:
            if p.status != "dead" and p.place is not None:
                by_place.setdefault(p.place, []).append(p)
        out: dict[str, XY] = {}
        for place, group in by_place.items():
            at = self.map_point(place)
            if at is None:
                continue
            n = len(group)
            rr = 0.0 if n == 1 else BASE * (1.1 if n == 2 else 0.55 + 0.36 * n)
            for k, p in enumerate(sorted(group, key=lambda q: (q.side, q.id))):
                a = 2 * math.pi * k / n - math.pi / 2
                out[p.id] = (at[0] + rr * math.cos(a), at[1] + rr * math.sin(a))
        return out

    def _piece_point(self, v: PieceView, spots: dict[str, XY]) -> XY | None:
        """Map position of a piece now (animations included)."""
        m = self.effects.moves.get(v.id)
        if m is not None:
            k, f = m.at()
            a, c = self.map_point(m.places[k]), self.map_point(m.places[k + 1])
            if a is not None and c is not None:
                if k + 1 == len(m.places) - 1 and v.id in spots:
                    c = spots[v.id]  # it ends where it stands
                g = smoothstep(f)
                return a[0] + (c[0] - a[0]) * g, a[1] + (c[1] - a[1]) * g
        fl = self.effects.falls.get(v.id)
        if fl is not None:
            a, c = self.map_point(fl.start), self.map_point(fl.end)
            if a is not None and c is not None:
                g = smoothstep(min(1.0, fl.t / fl.duration))
                return a[0] + (c[0] - a[0]) * g, a[1] + (c[1] - a[1]) * g
        return spots.get(v.id)

    def _draw_pieces(self, surface: pygame.Surface, pieces: Sequence[PieceView],
                     spots: dict[str, XY]) -> None:
        r = self.base_radius
        badges = token_badges(pieces)
        items: list[tuple[float, int, list[tuple[pygame.Surface, tuple[int, int]]]]] = []
        drawn: list[tuple[str, float, float, float]] = []
        for n, v in enumerate(pieces):
            pt = None if v.status == "dead" else self._piece_point(v, spots)
            if pt is None:
                continue
            sx, sy = self.camera.map_to_screen(*pt)
            pose = "unconscious" if v.status == "unconscious" else (
                "prone" if v.status == "prone" else "ok")
            big = r * (1.0 if v.size <= 1 else 1.25)
            tok = self.tokens.token(v.kind, self.side_index.get(v.side, 0), big, None, pose,
                                    badges.get(v.id, ""))
            blits = [(tok, (round(sx - tok.get_width() / 2), round(sy - tok.get_height() / 2)))]
            if v.status != "unconscious" and v.health_max > 0:
                bar = self.tokens.bar(v.health, v.health_max, big)
                blits.append((bar, (round(sx - bar.get_width() / 2),
                                    round(sy - big - bar.get_height() - 3))))
            items.append((sy, n, blits))
            drawn.append((v.id, sx, sy, big))
        items.sort(key=lambda t: (t[0], t[1]))
        seq = [b for _y, _n, bl in items for b in bl]
        if seq:
            surface.fblits(seq)
        for fid, sx, sy, big in drawn:
            if fid == self.marks.selected_piece:
                pygame.draw.circle(surface, pal.INK, (sx, sy), big * 1.3, 5)
                pygame.draw.circle(surface, pal.YELLOW, (sx, sy), big * 1.3, 3)
            if fid in self.marks.pieces and self.visible["targets"]:
                dashed_ring(surface, (*pal.INK, 255), sx, sy, big * 1.28, 5, 12)
                dashed_ring(surface, (*pal.YELLOW, 255), sx, sy, big * 1.28, 3, 12)
        drawn.sort(key=lambda t: t[2])
        self._spots = drawn

    # ================================================================ marks
    def _screen(self, place: Place) -> XY | None:
        p = self.map_point(place)
        return None if p is None else self.camera.map_to_screen(*p)

    def _draw_marks(self, surface: pygame.Surface) -> list[tuple[str, str, XY, Colour]]:
        """Reach, warnings, targets, the path and the selected place; returns the labels
        to lay out: (kind, text, anchor, back colour)."""
        mk = self.marks
        r = self.base_radius * 1.15
        labels: list[tuple[str, str, XY, Colour]] = []
        if self.visible["reach"]:
            disc = pygame.Surface((int(2 * r) + 2, int(2 * r) + 2), pygame.SRCALPHA)
            c = disc.get_width() / 2
            for place, text in [*mk.reach.items(),
                                *((p, t) for p, t in mk.warnings.items() if p not in mk.reach)]:
                at = self._screen(place)
                if at is None:
                    continue
                warn = place in mk.warnings
                disc.fill((0, 0, 0, 0))
                pygame.draw.circle(disc, WARN_FILL if warn else REACH_FILL, (c, c), r)
                surface.blit(disc, (round(at[0] - c), round(at[1] - c)))
                pygame.draw.circle(surface, WARN_EDGE if warn else REACH_EDGE, at, r, 2)
                if place in mk.reach_ends:
                    pygame.draw.circle(surface, pal.PAPER, at, r * 0.6, 2)
                full = text + (f"  {mk.warnings[place]}" if warn and place in mk.reach
                               and mk.warnings[place] != text else "")
                if full:
                    labels.append(("reach", full, at, pal.ORANGE if warn else pal.PAPER))
        if self.visible["path"] and len(mk.path) >= 2:
            pts = [p for p in (self._screen(q) for q in mk.path) if p is not None]
            if len(pts) >= 2:
                pygame.draw.lines(surface, pal.INK, False, pts, 7)
                pygame.draw.lines(surface, pal.YELLOW, False, pts, 4)
        if self.visible["targets"]:
            for place, text in mk.targets.items():
                at = self._screen(place)
                if at is None:
                    continue
                dashed_ring(surface, (*pal.INK, 255), at[0], at[1], r * 1.1, 5, 12)
                dashed_ring(surface, (*pal.YELLOW, 255), at[0], at[1], r * 1.1, 3, 12)
                if text:
                    labels.append(("target", text, at, pal.YELLOW))
        sel = None if mk.selected is None else self._screen(mk.selected)
        if sel is not None:
            pygame.draw.circle(surface, pal.INK, sel, r * 1.25, 5)
            pygame.draw.circle(surface, pal.YELLOW, sel, r * 1.25, 3)
        hover = None if self.hover is None else self._screen(self.hover)
        if hover is not None:
            pygame.draw.circle(surface, pal.PAPER, hover, r * 0.9, 2)
        return labels

    def _draw_labels(self, surface: pygame.Surface, pieces: Sequence[PieceView],
                     marks: list[tuple[str, str, XY, Colour]]) -> None:
        """The marks' labels and the pieces' names, each where it covers no token and no
        other label (left out if there is no room near it)."""
        view = surface.get_rect()
        grid = LabelGrid()
        discs = [(x, y, rr * 1.12) for _f, x, y, rr in self._spots]
        self.label_rects = []
        size = max(TEXT_MIN, int(self.base_radius * 0.7))
        todo: list[tuple[str, str, pygame.Surface, XY, float]] = []
        for kind, text, at, back in marks:
            pill = self._fonts.pill(text, size, pal.INK, (*back, 240), pal.INK)
            todo.append((kind, text, pill, at, self.base_radius * 1.2))
        if self.visible["labels"] and self.base_radius >= LABEL_MIN_RADIUS:
            names = {v.id: v.name for v in pieces if v.name}
            for fid, x, y, rr in self._spots:
                if fid in names:
                    todo.append(("name", fid, self.tokens.label(names[fid], rr * 0.85),
                                 (x, y), rr))
            for fid, x, y, rr in self._spots:
                odds = self.marks.pieces.get(fid)
                if odds and self.visible["targets"]:
                    pill = self._fonts.pill(odds, size, pal.INK, (*pal.YELLOW, 240), pal.INK)
                    todo.append(("mark", fid, pill, (x, y), rr))
        for kind, what, pill, (cx, cy), rr in todo:
            w, h = pill.get_size()
            cands = [(cx - w / 2, cy + rr + 1), *around(cx, cy, rr + 1, w, h),
                     *around(cx, cy, rr * 1.9, w, h)]
            for x, y in cands:
                rc = pygame.Rect(round(x), round(y), w, h)
                if view.contains(rc) and not grid.hits(rc) and not any(
                        disc_hits(d, rc) for d in discs):
                    grid.add(rc)
                    surface.blit(pill, rc)
                    self.label_rects.append((kind, what, rc))
                    break

    # ================================================================ frame
    def draw(self, surface: pygame.Surface, pieces: Sequence[PieceView] = (),
             scenery: Sequence[Scenery] = ()) -> None:
        """Draw the board, the scenery, the marks, the pieces and their labels."""
        if surface.get_size() != self.camera.view:
            self.resize(surface.get_size())
        spots = self.layout(pieces)
        if self.follow_pieces:
            self.camera.follow(spots.values())
        m = self._map_surface()
        surface.fill(self.background)
        ox, oy = self._origin()
        wx, wy, _w, _h = self._map.window
        surface.blit(m, (ox + wx, oy + wy))
        draw_scenery(surface, scenery, self.to_screen, self._fonts,
                     max(TEXT_MIN, int(16 * self.camera.zoom)))
        self._remember(pieces, spots)
        labels = self._draw_marks(surface)
        self._draw_pieces(surface, pieces, spots)
        self._draw_labels(surface, pieces, labels)
        if self.effects.floats:
            size = max(18, int(30 * self.camera.zoom))
            self.effects.draw_floats(surface, self._fonts, self.screen_pos, size,
                                     self.base_radius)

    def _remember(self, pieces: Sequence[PieceView], spots: dict[str, XY]) -> None:
        """The places the pointer can pick: the pieces' and the marks'."""
        places: Iterable[Place | None] = (
            *(p.place for p in pieces if p.id in spots), *self.marks.reach,
            *self.marks.warnings, *self.marks.targets, *self.marks.path, self.marks.selected)
        where: dict[Place, XY] = {}
        for place in places:
            if place is not None and place not in where:
                at = self.map_point(place)
                if at is not None:
                    where[place] = at
        self._where = where
