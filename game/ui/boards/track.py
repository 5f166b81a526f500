"""The track board view (seed 001's Pursuit): a :class:`~game.boards.track.Track`, the
terrain pieces and mine clusters as they stand in the game, and the models.

It knows nothing of the rules. What never moves is drawn once per zoom
(:mod:`game.ui.boards.track_art`): the ground, the street (P-1), the Arrival edge's green
band (P-4) and the far edge's red one (P-7), the distance from the Arrival every 12 inches.
The pieces and clusters live in the game state (they move back 12 inches every pursuit
phase and are recycled, P-6): the shell hands them in as scenery each frame, kind
``ruin`` or ``building`` with their size as the height, and ``mine cluster`` (what the
pursuit ruleset's queries give); a map shown without rules draws the map's own. Each piece
is an image kept per shape and zoom (a ruin's broken walls, hatched where difficult; a
building's roof, darker and with a longer shadow the bigger it is; its size in a disc).

The slide (:mod:`game.ui.boards.track_slide`): each time the state changes, what moved
glides there in the rules' order at a readable pace (pieces and slowed models back,
recycled pieces off the far edge and in at the Arrival), the street's centre dashes
running meanwhile; the view is busy until it is over.

The models are round bases (their radius; the side's colour and ring; a letter; a gold
rim for a leader) with a notch pointing their heading. What the controller says in
:class:`TrackMarks`: the object whose turn it is in the phase's order (a pulsing ring),
the selected model's front arc (a wedge, P-13), the steering ruler and where it may bend
(P-8), deployment zones and spots (P-3), a recycled piece being placed (P-6), models
stopped in difficult terrain (P-10) and locked in close combat (P-9), targets with odds.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path

import pygame
import shapely

from game.boards.track import Track
from game.core.board import Scenery
from game.core.places import Place, Point
from game.core.ruleset import PieceView
from game.ui import palette as pal
from game.ui.boards import Marks
from game.ui.boards.base import XY, LegendRow, MapCache, draw_scenery, typed_marks
from game.ui.boards.inches import PX, InchesView
from game.ui.boards.sewer_bases import BaseImages, Look
from game.ui.boards.table_marks import TableMarkPainter, TableMarks, alpha_polygon
from game.ui.boards.track_art import PAD, PieceLook, StreetDashes, TrackArt
from game.ui.boards.track_slide import SPEED, Slide, Spot, glides, spot_of
from game.ui.camera import Camera
from game.ui.drawing import dashed_ring
from game.ui.effects import FALL_SECONDS
from game.ui.palette import RGBA, Colour
from game.ui.tokens import SPRITES

__all__ = ["PX", "TrackBoardView", "TrackMarks"]

DEFAULT_BASE = 0.49
"""A model's base radius (inches) where the controller does not give it: a 25 mm base."""
MINE_RADIUS = 0.75
"""A cluster's radius (inches) when the map is shown without rules."""
MIN_BASE = 4.0
"""Bases are drawn at least this many screen pixels in radius."""
NAME_MIN_SCALE = 13.0
"""Pieces' names show from this many screen pixels an inch."""
TEXT_MIN = 12
OVERLAYS = ("labels", "targets", "arcs")
PIECE_KINDS = ("ruin", "building")
MINE_KINDS = ("mine cluster", "mine")
ARC_FILL: RGBA = (*pal.YELLOW, 46)
NEXT_UP: Colour = pal.PAPER


@dataclass
class TrackMarks(TableMarks):
    """What the track shows besides the shell's and the open table's marks (the controller
    fills it in from the ruleset's queries; the view decides nothing)."""

    bases: dict[str, float] = field(default_factory=dict)
    """Model id -> its base's radius in inches (:data:`DEFAULT_BASE` if not given)."""
    marks: dict[str, str] = field(default_factory=dict)
    """Model id -> the letter on its base (else the first of its kind's name)."""
    leaders: set[str] = field(default_factory=set)
    next_up: str | None = None
    """The object (a model, or a piece or cluster by its scenery id) whose turn it is in
    the phase's order (P-6, P-8, P-13): a pulsing ring."""
    order: dict[str, int] = field(default_factory=dict)
    """Objects still to act in the phase's order -> their place in it (1 is next): small
    numbers beside them."""
    arc: tuple[str, float, float, float] | None = None
    """A front arc to draw: (model, facing degrees, half-angle degrees, reach inches)."""
    turn_points: tuple[XY, ...] = ()
    """Where the steering ruler may bend (P-8): small diamonds."""
    stopped: set[str] = field(default_factory=set)
    """Models "stopped" in difficult terrain (P-10): an orange bar across the base."""
    locked: tuple[tuple[str, str], ...] = ()
    """Pairs locked in close combat (P-9): a red link."""
    placing: tuple[tuple[XY, ...], bool, str] | None = None
    """A recycled piece being placed (P-6): its footprint, whether it may go there, why."""
    scenery_labels: dict[str, str] = field(default_factory=dict)
    """Pieces or clusters (scenery id) to mark with a label (clickable, or what happens
    to them)."""
    skip_slide: bool = False
    """Jump to the end of the slide under way (the player asked)."""


@dataclass(frozen=True)
class MineLook:
    id: str
    at: XY
    radius: float
    name: str = ""


def label_spot(room: pygame.Rect, size: tuple[int, int], cx: float, top: float,
               bottom: float) -> tuple[int, int]:
    """Where a label ``size`` wide and high goes under a footprint (centred on ``cx``,
    spanning ``top`` to ``bottom`` on screen): below it, or above it where there is no
    room below, and slid sideways to stay whole inside ``room`` (the board's view)."""
    w, h = size
    x = min(max(round(cx - w / 2), room.left + 4), room.right - w - 4)
    y = round(bottom + 6)
    if y + h > room.bottom - 2:
        y = round(top - 6 - h)
    return max(x, room.left), max(y, room.top)


class TrackBoardView(InchesView[TrackArt]):
    """Draws one track, its terrain as the game has it, its models and the slide."""

    board: Track
    pieces_share_places = False
    frame_margin = 4.0
    LEGEND_FACING = (1.0, 0.0)

    def __init__(self, board: Track, view_size: tuple[int, int] = (1280, 720), *,
                 sides: Sequence[str] = (), sprites: Path = SPRITES) -> None:
        super().__init__(sides, sprites, OVERLAYS)
        self.board = board
        self.extent = (-PAD * PX, -PAD * PX, (board.width + PAD) * PX,
                       (board.height + PAD) * PX)
        self.camera = Camera(self.extent, view_size)
        self.camera.fit()
        self.art = TrackArt(board, self._fonts)
        self.dashes = StreetDashes(self.art.street, board.heading)
        self.bases = BaseImages(self._fonts)
        self.marks = TrackMarks()
        self.hover: Point | None = None
        self._map = MapCache(300, max_pixels=6_000_000)
        self.slide = Slide()
        self.slid = 0.0
        """Inches the table has slid so far (the street's dashes are drawn by it)."""
        self._state_scenery = False
        """Whether the game has handed in its scenery (else the map's own is drawn)."""
        self._scenery_in: object = None
        self._pieces: list[PieceLook] = []
        self._mines: list[MineLook] = []
        self._other: list[Scenery] = []
        self._gone: dict[str, PieceLook | MineLook] = {}
        """What left the table in the slide under way, drawn as it was while it glides off."""
        self._drawn_at: dict[str, Spot] = {}
        """Where everything was drawn last, as the slide compares it."""
        self._rebase = True
        """The next state is drawn as it is, not slid to (first frame, undo, a jump)."""
        """Each model drawn last: id, screen x, y, radius."""
        self.label_rects: list[tuple[str, str, pygame.Rect]] = []
        self._clock = 0.0
        self._shown = 0
        self._fill()

    # ================================================================ where things are
    def to_table(self, sx: float, sy: float) -> XY:
        mx, my = self.camera.screen_to_map(sx, sy)
        return mx / PX, my / PX

    def screen_pos(self, place: Place) -> tuple[float, float] | None:
        at = self.board.locate(place)
        return None if at is None else self.to_screen(*at)

    def place_at(self, sx: float, sy: float) -> Place | None:
        """The point of the table under ``(sx, sy)``; None off the table."""
        x, y = self.to_table(sx, sy)
        return Point.of(x, y) if self.board.on_table(x, y) else None

    def scenery_at(self, sx: float, sy: float) -> str | None:
        """The piece or cluster drawn under ``(sx, sy)`` (scenery id), clusters first."""
        x, y = self.to_table(sx, sy)
        for m in self._mines:
            if math.dist((x, y), m.at) <= m.radius:
                return m.id
        for p in self._pieces:
            if shapely.intersects_xy(shapely.Polygon(p.points), x, y):
                return p.id
        return None

    def step(self, place: Place, dx: int, dy: int) -> Place | None:
        """Half an inch that way, while on the table."""
        at = self.board.locate(place)
        if at is None:
            return None
        x, y = at[0] + 0.5 * dx, at[1] + 0.5 * dy
        return Point.of(x, y) if self.board.on_table(x, y) else None

    # ================================================================ marks and overlays
    def show(self, marks: Marks) -> None:
        self.marks = typed_marks(marks, TrackMarks)
        self._shown += 1
        if self.marks.skip_slide:
            self.skip_slide()

    def set_hover(self, place: Place | None) -> None:
        self.hover = place if isinstance(place, Point) else None

    def toggle_overlay(self, name: str) -> bool:
        if name not in self.visible:
            raise ValueError(f"unknown overlay {name!r}; one of {', '.join(OVERLAYS)}")
        self.visible[name] = not self.visible[name]
        return self.visible[name]

    # ================================================================ animation
    @property
    def busy(self) -> bool:
        return not self.slide.done or self.effects.busy

    def update(self, dt: float) -> None:
        super().update(dt)
        self._clock += dt
        if not self.slide.done:
            if self.slide.moving():
                self.slid += SPEED * dt
            self.slide.advance(dt)
            if self.slide.done:
                self._gone.clear()

    def skip_slide(self) -> bool:
        """Jump to the end of the slide under way; whether there was one."""
        if self.slide.done:
            return False
        self.slide.finish()
        self._gone.clear()
        return True

    def cancel_animations(self) -> None:
        """Stop every animation (an undo, a jump): the next state is drawn as it is."""
        self.skip_slide()
        self._rebase = True
        super().cancel_animations()

    def animate_move(self, piece: str, places: Sequence[Place], seconds: float) -> None:
        pts = [p for p in places if isinstance(p, Point)]
        if len(pts) < 2:
            return
        length = sum(math.dist(a.units, b.units) for a, b in zip(pts, pts[1:], strict=False))
        self.effects.move(piece, pts, max(seconds, min(1.5, length / SPEED)))

    def animate_fall(self, piece: str, start: Place, end: Place,
                     seconds: float = FALL_SECONDS) -> None:
        if isinstance(start, Point) and isinstance(end, Point):
            self.effects.fall(piece, start, end, seconds)

    def float_text(self, place: Place, text: str, colour: Colour = pal.PAPER) -> None:
        if self.board.locate(place) is not None:
            self.effects.float_text(place, text, colour)

    # ================================================================ the state's terrain
    def _fill(self, scenery: Sequence[Scenery] = ()) -> None:
        """The pieces and clusters to draw: the game's (``scenery``) once it has handed
        any in, else the map's own."""
        if scenery:
            self._state_scenery = True
        pieces: list[PieceLook] = []
        mines: list[MineLook] = []
        other: list[Scenery] = []
        if self._state_scenery:
            for sc in scenery:
                if sc.kind in PIECE_KINDS and len(sc.outline) >= 3:
                    size = round(sc.height) if 1 <= sc.height <= 3 else 0
                    name = sc.label.rsplit(" (", 1)[0] if sc.label.endswith(")") else sc.label
                    pieces.append(PieceLook(sc.id, tuple(sc.outline), size, sc.kind == "ruin",
                                            name))
                elif sc.kind in MINE_KINDS and sc.outline:
                    n = len(sc.outline)
                    cx = sum(x for x, _ in sc.outline) / n
                    cy = sum(y for _, y in sc.outline) / n
                    r = max(math.dist((cx, cy), p) for p in sc.outline)
                    mines.append(MineLook(sc.id, (cx, cy), max(0.2, r), sc.label))
                else:
                    other.append(sc)
        else:
            b = self.board
            pieces = [PieceLook(f"piece:{p.index}", p.points, p.size, p.ruined, p.name)
                      for p in b.pieces]
            mines = [MineLook(f"mine:{m.index}", m.at, MINE_RADIUS, m.name) for m in b.mines]
        self._pieces, self._mines, self._other = pieces, mines, other

    def _spots_now(self, pieces: Sequence[PieceView]) -> dict[str, Spot]:
        t = self.board
        out = {p.id: spot_of(t, p.points) for p in self._pieces}
        for m in self._mines:
            out[m.id] = spot_of(t, [m.at], m.radius)
        for v in pieces:
            if v.place is not None and v.status != "dead":
                at = t.locate(v.place)
                if at is not None:
                    out["model:" + v.id] = spot_of(t, [at], self.marks.bases.get(v.id, 0.5))
        return out

    def _take(self, pieces: Sequence[PieceView], scenery: Sequence[Scenery]) -> None:
        """The state as handed in this frame: when it changed, the glides to it."""
        key = (tuple((sc.id, sc.outline[0] if sc.outline else None) for sc in scenery),
               tuple((v.id, v.place, v.status) for v in pieces))
        if key == self._scenery_in:
            return
        self._scenery_in = key
        before: dict[str, PieceLook | MineLook] = {p.id: p for p in self._pieces}
        before.update({m.id: m for m in self._mines})
        self._fill(scenery)
        now = self._spots_now(pieces)
        if self._rebase or not self._drawn_at:
            self._rebase = False
            self._drawn_at = now
            return
        self.skip_slide()
        moved = [g for g in glides(self.board, self._drawn_at, now) if
                 not (g.id.startswith("model:") and g.kind != "move")]
        self._drawn_at = now
        if moved:
            self.slide = Slide(moved)
            self._gone = {g.id: before[g.id] for g in moved
                          if g.kind == "exit" and g.id in before}

    # ================================================================ the legend
    def legend(self, sides: Sequence[str]) -> list[LegendRow]:
        """The sides' bases, then the terrain and each mark as this view draws it."""
        size = 30
        c = size // 2
        out: list[LegendRow] = []
        for i, name in enumerate(sides):
            img = self.bases.image(Look(i, 11, "A", False, ""))
            out.append((img, f"{name}: {pal.side_ring(i)} ring; the notch points its "
                             f"heading"))
        out.append((self.bases.image(Look(0, 11, "A", True, "")),
                    "gold rim: the unit's leader"))
        s = 9.0
        for look, text in (
                (PieceLook("l1", ((0, 0), (2.6, 0), (2.6, 2.2), (0, 2.2)), 2, True),
                 "a ruin of size 1 or 2: difficult ground, hatched (P-1, P-10)"),
                (PieceLook("l2", ((0, 0), (2.6, 0), (2.6, 2.2), (0, 2.2)), 3, True),
                 "a ruin of size 3: impassable (P-1, P-11)"),
                (PieceLook("l3", ((0, 0), (2.6, 0), (2.6, 2.2), (0, 2.2)), 2, False),
                 "an intact building, size in the disc: impassable (P-1, P-11); flyers "
                 "pass over size 1")):
            img, _at = self.art.piece_image(look, s)
            out.append((img, text))
        out.append((self.art.mine_image(1.2, s), "a mine cluster: touching it, or a shot "
                                                  "within 2 inches, sets it off (P-12)"))
        band = pygame.Surface((size, size), pygame.SRCALPHA)
        pygame.draw.rect(band, pal.TRACK_ARRIVAL, (2, 4, 10, size - 8))
        pygame.draw.rect(band, pal.TRACK_FAR, (size - 12, 4, 10, size - 8))
        out.append((band, "green band: the Arrival edge (the scouts win by it, P-4); red "
                          "band: the far edge (off it is out of the chase, P-7)"))
        ring = pygame.Surface((size, size), pygame.SRCALPHA)
        pygame.draw.circle(ring, NEXT_UP, (c, c), c - 3, 3)
        out.append((ring, "the object whose turn it is in the phase's order"))
        wedge = pygame.Surface((size, size), pygame.SRCALPHA)
        pygame.draw.polygon(wedge, ARC_FILL, [(4, c), (size - 2, 3), (size - 2, size - 3)])
        pygame.draw.lines(wedge, pal.YELLOW, True, [(4, c), (size - 2, 3), (size - 2, size - 3)], 2)
        out.append((wedge, "the selected model's front arc (P-13)"))
        stop = pygame.Surface((size, size), pygame.SRCALPHA)
        pygame.draw.rect(stop, pal.INK, (3, c - 4, size - 6, 8))
        pygame.draw.rect(stop, pal.ORANGE, (4, c - 3, size - 8, 6))
        out.append((stop, "stopped in difficult terrain: goes back with the piece (P-10)"))
        return out

    # ================================================================ the table
    def invalidate(self) -> None:
        self._map.invalidate()

    def _table_rect(self) -> pygame.Rect:
        a = self.to_screen(0, 0)
        b = self.to_screen(self.board.width, self.board.height)
        return pygame.Rect(math.floor(a[0]), math.floor(a[1]), math.ceil(b[0] - a[0]) + 1,
                           math.ceil(b[1] - a[1]) + 1)

    # ================================================================ frame
    def draw(self, surface: pygame.Surface, pieces: Sequence[PieceView] = (),
             scenery: Sequence[Scenery] = ()) -> None:
        """The table, the terrain (sliding), the marks, the models and the labels."""
        if surface.get_size() != self.camera.view:
            self.resize(surface.get_size())
        self._take(pieces, scenery)
        m = self._map_surface()
        surface.fill(pal.TABLE)
        ox, oy = self._origin()
        wx, wy, _w, _h = self._map.window
        surface.blit(m, (ox + wx, oy + wy))
        s = self.scale
        painter = TableMarkPainter(self.to_screen, self._fonts, s, self.camera.zoom)
        mk = self.marks
        clip = surface.get_clip()
        surface.set_clip(self._table_rect().clip(clip))
        self.dashes.draw(surface, self.to_screen, s, self.slid)
        painter.draw_zones(surface, mk)
        self._draw_terrain(surface)
        surface.set_clip(clip)
        if self._other:
            draw_scenery(surface, self._other, self.to_screen, self._fonts)
        self._draw_placing(surface)
        painter.draw_rings(surface, mk)
        painter.draw_lines(surface, mk)
        if self.visible["arcs"]:
            self._draw_arc(surface, pieces)
        if mk.ghost is not None:
            painter.draw_ghost(surface, mk.ghost)
        where = self._positions(pieces)
        self._draw_links(surface, where)
        self._draw_models(surface, pieces, where)
        if mk.ruler is not None:
            painter.draw_ruler(surface, mk.ruler)
            self._draw_turns(surface)
        self._draw_targets(surface)
        self._draw_labels(surface)
        if self.hover is not None and mk.ruler is None:
            pygame.draw.circle(surface, pal.PAPER, self.to_screen(*self.hover.units), 3)
        if self.effects.floats:
            self.effects.draw_floats(surface, self._fonts, self.screen_pos, max(16, int(0.7 * s)),
                                     max(8.0, 0.5 * s))

    def _draw_terrain(self, surface: pygame.Surface) -> None:
        """The pieces and clusters where the slide has them, those leaving too."""
        s = self.scale
        slide = self.slide
        seq: list[tuple[pygame.Surface, tuple[int, int]]] = []
        faded: list[tuple[pygame.Surface, tuple[int, int], int]] = []

        def put(img: pygame.Surface, x: float, y: float, alpha: float) -> None:
            sx, sy = self.to_screen(x, y)
            at = (round(sx), round(sy))
            if alpha >= 0.999:
                seq.append((img, at))
            elif alpha > 0.01:
                faded.append((img, at, round(255 * alpha)))

        playing = not slide.done
        for ident, gone in self._gone.items():
            g = slide.ghost(ident)
            if g is None:
                continue
            dx, dy, alpha = g
            if isinstance(gone, PieceLook):
                img, (x0, y0) = self.art.piece_image(gone, s)
                put(img, x0 + dx, y0 + dy, alpha)
            else:
                img = self.art.mine_image(gone.radius, s)
                put(img, gone.at[0] + dx - img.get_width() / 2 / s,
                    gone.at[1] + dy - img.get_height() / 2 / s, alpha)
        for p in self._pieces:
            dx, dy, alpha = (slide.at(p.id) or (0.0, 0.0, 1.0)) if playing else (0.0, 0.0, 1.0)
            img, (x0, y0) = self.art.piece_image(p, s)
            put(img, x0 + dx, y0 + dy, alpha)
        for mine in self._mines:
            dx, dy, alpha = (slide.at(mine.id) or (0.0, 0.0, 1.0)) if playing else (0.0, 0.0, 1.0)
            img = self.art.mine_image(mine.radius, s)
            put(img, mine.at[0] + dx - img.get_width() / 2 / s,
                mine.at[1] + dy - img.get_height() / 2 / s, alpha)
        surface.fblits(seq)
        for img, at, a in faded:
            img.set_alpha(a)
            surface.blit(img, at)
            img.set_alpha(255)
        self._draw_next_terrain(surface)

    def _draw_next_terrain(self, surface: pygame.Surface) -> None:
        """The ring round the piece or cluster whose turn it is, and the order numbers and
        labels of pieces."""
        mk = self.marks
        pulse = 0.5 + 0.5 * math.sin(self._clock * 5)
        for p in self._pieces:
            if p.id == mk.next_up or p.id in mk.scenery_labels:
                dx, dy, _a = self.slide.at(p.id) or (0.0, 0.0, 1.0)
                pts = [self.to_screen(x + dx, y + dy) for x, y in p.points]
                colour = NEXT_UP if p.id == mk.next_up else pal.SKY
                pygame.draw.polygon(surface, pal.INK, pts, 6)
                pygame.draw.polygon(surface, colour, pts, 3 + round(2 * pulse)
                                    if p.id == mk.next_up else 3)
        for mine in self._mines:
            if mine.id == mk.next_up or mine.id in mk.scenery_labels:
                sx, sy = self.to_screen(*mine.at)
                r = mine.radius * self.scale + 4
                pygame.draw.circle(surface, pal.INK, (sx, sy), r + 1, 5)
                pygame.draw.circle(surface, NEXT_UP, (sx, sy), r, 3)

    def _draw_placing(self, surface: pygame.Surface) -> None:
        """A recycled piece's footprint where the player would place it (P-6)."""
        placing = self.marks.placing
        if placing is None:
            return
        pts, ok, why = placing
        screen = [self.to_screen(x, y) for x, y in pts]
        colour = pal.BLUISH_GREEN if ok else pal.VERMILLION
        alpha_polygon(surface, screen, (*colour, 110))
        pygame.draw.polygon(surface, pal.INK, screen, 4)
        pygame.draw.polygon(surface, colour, screen, 2)
        if why:
            t = self._fonts.pill(why, TEXT_MIN + 1, pal.PAPER if not ok else pal.INK,
                                 (*colour, 235), pal.INK)
            cx = sum(x for x, _ in screen) / len(screen)
            ys = [y for _, y in screen]
            surface.blit(t, label_spot(surface.get_clip(), t.get_size(), cx, min(ys),
                                       max(ys)))

    def _draw_arc(self, surface: pygame.Surface, pieces: Sequence[PieceView]) -> None:
        """The front arc (P-13): a wedge from the model's centre, out to its reach."""
        arc = self.marks.arc
        if arc is None:
            return
        mid, facing, half, reach = arc
        v = next((p for p in pieces if p.id == mid), None)
        at = self._model_at(v) if v is not None else None
        if at is None:
            return
        cx, cy = at
        pts = [self.to_screen(cx, cy)]
        n = max(4, int(half / 5))
        for k in range(2 * n + 1):
            a = math.radians(facing - half + half * k / n)
            pts.append(self.to_screen(cx + reach * math.cos(a), cy + reach * math.sin(a)))
        alpha_polygon(surface, pts, ARC_FILL)
        pygame.draw.lines(surface, pal.INK, True, pts, 4)
        pygame.draw.lines(surface, pal.YELLOW, True, pts, 2)

    def _draw_turns(self, surface: pygame.Surface) -> None:
        """Where the steering ruler may bend (P-8): a diamond at each."""
        for x, y in self.marks.turn_points:
            sx, sy = self.to_screen(x, y)
            q = 6
            pts = [(sx, sy - q), (sx + q, sy), (sx, sy + q), (sx - q, sy)]
            pygame.draw.polygon(surface, pal.INK, pts)
            pygame.draw.polygon(surface, pal.YELLOW, pts, 2)

    # ================================================================ models
    def _model_at(self, v: PieceView) -> XY | None:
        """Where a model is drawn now (inches): in a move's or a fall's animation, in the
        slide, or where it stands."""
        flying = self._in_flight(v.id)
        if flying is not None:
            return flying
        if v.place is None or v.status == "dead":
            return None
        at = self.board.locate(v.place)
        if at is None:
            return None
        off = self.slide.at("model:" + v.id) if not self.slide.done else None
        return at if off is None else (at[0] + off[0], at[1] + off[1])

    def _positions(self, pieces: Sequence[PieceView]) -> dict[str, XY]:
        out = {}
        for v in pieces:
            at = self._model_at(v)
            if at is not None:
                out[v.id] = at
        return out

    def _draw_models(self, surface: pygame.Surface, pieces: Sequence[PieceView],
                     where: dict[str, XY]) -> None:
        mk = self.marks
        s = self.scale
        seq: list[tuple[pygame.Surface, tuple[int, int]]] = []
        spots = []
        notches: list[tuple[float, float, float, float]] = []
        for v in pieces:
            at = where.get(v.id)
            if at is None:
                continue
            r = max(MIN_BASE, mk.bases.get(v.id, DEFAULT_BASE) * s)
            mark = mk.marks.get(v.id, (v.kind_name or v.kind or "?")[:1].upper())
            leader = v.id in mk.leaders or v.ring == "leader" or "leader" in v.tags
            look = Look(self.side_index.get(v.side, 0), r, mark, leader, "")
            img = self.bases.image(look)
            sx, sy = self.to_screen(*at)
            seq.append((img, (round(sx - img.get_width() / 2), round(sy - img.get_height() / 2))))
            spots.append((v.id, sx, sy, r))
            if v.facing is not None:
                notches.append((sx, sy, r, v.facing))
        surface.fblits(seq)
        for sx, sy, r, facing in notches:
            a = math.radians(facing)
            ca, sa = math.cos(a), math.sin(a)
            tip = (sx + ca * (r + max(4.0, r * 0.45)), sy + sa * (r + max(4.0, r * 0.45)))
            w = max(3.0, r * 0.42)
            left = (sx + ca * r * 0.72 - sa * w, sy + sa * r * 0.72 + ca * w)
            right = (sx + ca * r * 0.72 + sa * w, sy + sa * r * 0.72 - ca * w)
            pygame.draw.polygon(surface, pal.PAPER, [tip, left, right])
            pygame.draw.polygon(surface, pal.INK, [tip, left, right], 2 if r >= 8 else 1)
        pulse = 0.5 + 0.5 * math.sin(self._clock * 5)
        for fid, sx, sy, r in spots:
            if fid in mk.stopped:
                w = max(3, round(r * 0.35))
                bar = pygame.Rect(round(sx - r), round(sy - w / 2), round(2 * r), w)
                pygame.draw.rect(surface, pal.INK, bar.inflate(2, 2))
                pygame.draw.rect(surface, pal.ORANGE, bar)
            if fid == mk.next_up:
                rr = r + 6 + 2 * pulse
                pygame.draw.circle(surface, pal.INK, (sx, sy), rr + 1, 5)
                pygame.draw.circle(surface, NEXT_UP, (sx, sy), rr, 3)
            if fid == mk.selected_piece:
                pygame.draw.circle(surface, pal.INK, (sx, sy), r + 5, 7)
                pygame.draw.circle(surface, pal.SKY, (sx, sy), r + 4, 4)
        self._spots = spots

    def _draw_links(self, surface: pygame.Surface, where: dict[str, XY]) -> None:
        """Pairs locked in close combat (P-9), under the bases."""
        for a, b in self.marks.locked:
            if a in where and b in where:
                pa, pb = self.to_screen(*where[a]), self.to_screen(*where[b])
                pygame.draw.line(surface, pal.INK, pa, pb, 7)
                pygame.draw.line(surface, pal.VERMILLION, pa, pb, 4)

    def _draw_targets(self, surface: pygame.Surface) -> None:
        """Dashed rings on the models to click, with their labels (the odds)."""
        mk = self.marks
        if not self.visible["targets"] or not mk.pieces:
            return
        for fid, sx, sy, r in self._spots:
            text = mk.pieces.get(fid)
            if text is None:
                continue
            rr = r * 1.3 + 3
            dashed_ring(surface, (*pal.INK, 255), sx, sy, rr, 5, 12)
            dashed_ring(surface, (*pal.YELLOW, 255), sx, sy, rr, 3, 12)
            if text:
                t = self._fonts.pill(text, TEXT_MIN + 1, pal.INK, (*pal.YELLOW, 240), pal.INK)
                surface.blit(t, (round(sx + rr + 2), round(sy - t.get_height() / 2)))

    # ================================================================ labels
    def _draw_labels(self, surface: pygame.Surface) -> None:
        """The pieces' names (zoomed in, not while the table slides), the labels the
        controller gives pieces and clusters, and the phase's order numbers."""
        mk = self.marks
        self.label_rects = []
        if not self.visible["labels"]:
            return
        view = surface.get_rect()
        placed: list[pygame.Rect] = [pygame.Rect(round(x - r), round(y - r), round(2 * r),
                                                 round(2 * r)) for _f, x, y, r in self._spots]
        size = max(TEXT_MIN, int(self.scale * 0.42))
        todo: list[tuple[str, str, str, XY, RGBA, Colour]] = []
        for ident, text in mk.scenery_labels.items():
            at = self._scenery_centre(ident)
            if at is not None:
                todo.append(("scenery", ident, text, at, (*pal.SKY, 235), pal.INK))
        for ident, k in sorted(mk.order.items(), key=lambda kv: kv[1]):
            at = self._order_spot(ident)
            if at is not None:
                todo.append(("order", ident, str(k), at, (*pal.INK, 220), pal.YELLOW))
        if self.scale >= NAME_MIN_SCALE and self.slide.done:
            for p in self._pieces:
                if p.name:
                    at = self._scenery_centre(p.id)
                    if at is not None:
                        todo.append(("piece", p.id, p.name, at, (*pal.INK, 170), pal.PAPER))
        for kind, what, text, (cx, cy), back, colour in todo:
            pill = self._fonts.pill(text, size if kind != "order" else size - 1, colour, back)
            w, h = pill.get_size()
            for dx, dy in ((0, 0), (0, h + 2), (0, -h - 2), (w / 2 + 4, 0), (-w / 2 - 4, 0)):
                rc = pygame.Rect(round(cx - w / 2 + dx), round(cy - h / 2 + dy), w, h)
                if view.contains(rc) and rc.collidelist(placed) < 0:
                    surface.blit(pill, rc)
                    placed.append(rc)
                    self.label_rects.append((kind, what, rc))
                    break

    def _scenery_centre(self, ident: str) -> XY | None:
        off = self.slide.at(ident) if not self.slide.done else None
        dx, dy = (off[0], off[1]) if off is not None else (0.0, 0.0)
        for p in self._pieces:
            if p.id == ident:
                n = len(p.points)
                return self.to_screen(sum(x for x, _ in p.points) / n + dx,
                                      sum(y for _, y in p.points) / n + dy)
        for m in self._mines:
            if m.id == ident:
                return self.to_screen(m.at[0] + dx, m.at[1] + dy + m.radius + 0.6)
        return None

    def _order_spot(self, ident: str) -> XY | None:
        """Where an object's number in the order goes: by a model's base, or at a piece's
        middle."""
        for fid, sx, sy, r in self._spots:
            if fid == ident:
                return sx + r * 0.9, sy - r * 0.9
        return self._scenery_centre(ident)
