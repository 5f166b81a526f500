"""The sewer board view (seed 001's Flash Flood): a :class:`~game.boards.corridors.Corridors`
board, its models and the flood.

It knows nothing of the rules. It draws the corridors' damp stone between their walls,
the forks, the features (:mod:`game.ui.boards.sewer_map`: a gantry raised, a grate's
bars, a sluice gate, a cave-in's rubble, the flood's origin as a marked drain, the nest
as an organic mass, an unknown kind plainly with its label), and what the controller says
in :class:`SewerMarks`: the flooded spans (F-7) as water over the floor, the models'
bases (their radius, the unit's mark, the leader's gold rim), stragglers and scattered
units (F-8), the selected unit and its coherency links, the reach of a move along the
corridors (difficult stretches in orange) and its ruler, targets with their odds.

The flood is played (:mod:`game.ui.boards.sewer_wash`) when the controller hands a new
:class:`~game.ui.boards.sewer_wash.WashShow`: the water spreads from the origin, then
each carried model slides along its wash path at :data:`~game.ui.boards.sewer_wash.SPEED`
inches a second, a bump flashing and naming its roll first. :meth:`skip_wash` (Space)
jumps to the end: the picture the state draws.

Map pixels are :data:`PX` per inch; the stone is drawn once per zoom into a cached
surface, the features as small images kept per zoom (the water goes under them), and
the water, the marks, the models and the labels each frame. Labels go where they cover
no base and no other label (:mod:`game.ui.boards.labels`), or are left out.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path

import pygame

from game.boards.corridors import Corridors, Feature
from game.core.board import Scenery
from game.core.places import HUNDREDTHS, Place, Point
from game.core.ruleset import PieceView
from game.ui import palette as pal
from game.ui.boards import Marks
from game.ui.boards.base import (
    XY,
    LegendRow,
    MapCache,
    draw_scenery,
    typed_marks,
)
from game.ui.boards.inches import PX, InchesView
from game.ui.boards.labels import disc_hits, spiral_iter
from game.ui.boards.sewer_bases import SCATTERED, BaseImages, Look, letters
from game.ui.boards.sewer_map import SewerMap, draw_water, feature_art
from game.ui.boards.sewer_wash import SPEED, Span, WashPlay, WashShow
from game.ui.boards.table_marks import Ruler, TableMarkPainter
from game.ui.camera import Camera
from game.ui.drawing import dashed_ring
from game.ui.effects import FALL_SECONDS
from game.ui.palette import RGBA, Colour
from game.ui.tokens import SPRITES

__all__ = ["PX", "Ruler", "SewerBoardView", "SewerMarks", "WashShow"]

DEFAULT_BASE = 0.49
"""A model's base radius (inches) where the controller does not give it: a 25 mm base."""
MIN_BASE = 4.0
"""Bases are drawn at least this many screen pixels in radius."""
LABEL_MIN_RADIUS = 11.0
"""Names show when a base is at least this many screen pixels in radius."""
TEXT_MIN = 12
FLASH_SECONDS = 0.45
MAX_CACHE_PIXELS = 6_000_000
"""Above this the cached stone covers the view and a margin, not the whole sewer."""
CACHE_LIMIT = 1024
WATER = "water"
"""Scenery of this kind is the flooded parts again: the view draws them itself, from the
spans in its marks (and as they spread while a flood plays), so it leaves it out."""
OVERLAYS = ("water", "reach", "targets", "labels")

REACH_FILL: RGBA = (*pal.SKY, 64)
ROUGH_FILL: RGBA = (*pal.ORANGE, 90)


@dataclass
class SewerMarks(Marks):
    """What the sewer shows besides the shell's marks (the controller fills it in from
    the ruleset's queries; the view decides nothing)."""

    flooded: tuple[Span, ...] = ()
    """F-7: the parts the water reached, ``(corridor, from, to)`` in hundredths."""
    bases: dict[str, float] = field(default_factory=dict)
    """Model id -> its base's radius in inches (:data:`DEFAULT_BASE` if not given)."""
    unit_of: dict[str, str] = field(default_factory=dict)
    """Model id -> the id of its unit (else the piece's ``group``)."""
    unit_marks: dict[str, str] = field(default_factory=dict)
    """Unit id -> the short mark on its models' bases ("A"; else A, B... per side)."""
    unit_names: dict[str, str] = field(default_factory=dict)
    """Unit id -> its name, for the labels ("Alpha squad scattered")."""
    leaders: set[str] = field(default_factory=set)
    """Models that lead their unit (a gold rim)."""
    stragglers: set[str] = field(default_factory=set)
    """F-8: models out of coherency (an orange dashed ring)."""
    scattered: set[str] = field(default_factory=set)
    """F-8: units with under half their survivors in coherency (a black and white ring
    round each model and a "scattered" label by the unit)."""
    unit: set[str] = field(default_factory=set)
    """The models of the selected unit (a sky ring each)."""
    links: tuple[tuple[str, str], ...] = ()
    """Pairs of models drawn joined (the selected unit's coherency)."""
    reach_cells: tuple[XY, ...] = ()
    """Where the selected model can move on a clear path: the centres (inches) of the
    path grid's cells, :attr:`cell` inches a side."""
    rough_cells: tuple[XY, ...] = ()
    """Where it can move only through difficult terrain (as far as its unit's roll)."""
    cell: float = 0.5
    ruler: Ruler | None = None
    """The move to the hovered place: its path along the corridors, its cost, its rolls."""
    wash: WashShow | None = None
    """A flood to play (once per key)."""
    skip_wash: bool = False
    """Jump to the end of the flood being played (the player asked)."""


class SewerBoardView(InchesView[SewerMap]):
    """Draws one sewer, its water, its models and the flood's wash at a Camera."""

    board: Corridors
    pieces_share_places = False
    LEGEND_FACING = None

    def __init__(self, board: Corridors, view_size: tuple[int, int] = (1280, 720), *,
                 sides: Sequence[str] = (), sprites: Path = SPRITES) -> None:
        super().__init__(sides, sprites, OVERLAYS)
        self.board = board
        x0, y0, x1, y1 = board.bounds()
        pad = 1.5
        self.extent = ((x0 - pad) * PX, (y0 - pad) * PX, (x1 + pad) * PX, (y1 + pad) * PX)
        self.camera = Camera(self.extent, view_size)
        self.camera.fit()
        self.art = SewerMap(board)
        self.marks = SewerMarks()
        self.hover: Point | None = None
        self.play: WashPlay | None = None
        """The flood being played, if any."""
        self._washed: set[tuple[str, tuple[int, int], tuple[int, int]]] = set()
        """The last flood's slides (model, from, to, in tenths of an inch)."""
        self._played: set[str] = set()
        self._map = MapCache(300, max_pixels=MAX_CACHE_PIXELS)
        self._decals: list[tuple[pygame.Surface, XY]] = []
        self._decal_zoom = -1.0
        self._cache: dict[tuple[object, ...], pygame.Surface] = {}
        self.bases = BaseImages(self._fonts)
        self._unit_of: dict[str, str] = {}
        self.label_rects: list[tuple[str, str, pygame.Rect]] = []
        """Every label drawn in the last frame: (kind, what, screen rect)."""
        self._reach: tuple[object, pygame.Surface, XY, object] | None = None
        """The reach drawn last: its key, image, top-left (inches) and its cells (kept so
        their ids stay theirs)."""
        self._label_key: object = None
        self._shown = 0
        """Marks shown so far (new marks, new labels)."""
        self._label_blits: list[tuple[pygame.Surface, pygame.Rect]] = []

    # ================================================================ where things are
    def screen_pos(self, place: Place) -> tuple[float, float] | None:
        at = self.board.locate(place)
        return None if at is None else self.to_screen(*at)

    def place_at(self, sx: float, sy: float) -> Place | None:
        """The point of the corridors under ``(sx, sy)``; None on the rock."""
        mx, my = self.camera.screen_to_map(sx, sy)
        x, y = mx / PX, my / PX
        return Point.of(x, y) if self.board.contains(x, y) else None

    def step(self, place: Place, dx: int, dy: int) -> Place | None:
        """Half an inch that way, or the first point of a corridor within two inches."""
        at = self.board.locate(place)
        if at is None:
            return None
        for k in range(1, 5):
            x, y = at[0] + 0.5 * k * dx, at[1] + 0.5 * k * dy
            if self.board.contains(x, y):
                return Point.of(x, y)
        return None

    # ================================================================ marks and overlays
    def show(self, marks: Marks) -> None:
        """Show ``marks``; a :class:`WashShow` not played before starts playing."""
        self.marks = typed_marks(marks, SewerMarks)
        self._shown += 1
        wash = self.marks.wash
        if wash is not None and wash.key not in self._played:
            self._played.add(wash.key)
            self.play_wash(wash)
        if self.marks.skip_wash:
            self.skip_wash()

    def set_hover(self, place: Place | None) -> None:
        self.hover = place if isinstance(place, Point) else None

    # ================================================================ animation
    def play_wash(self, show: WashShow) -> None:
        """Play a flood (see the module text), from the water's first spreading."""
        self.play = WashPlay(show, self.board)
        self._washed = {(st.model, _spot(st.path[0]), _spot(st.path[-1]))
                        for st in show.steps}

    def skip_wash(self) -> bool:
        """Jump to the end of the flood being played (Space); whether one was."""
        if self.play is None:
            return False
        self.play.finish()
        self.play = None
        self.effects.cancel()
        return True

    @property
    def busy(self) -> bool:
        return self.play is not None or self.effects.busy

    def update(self, dt: float) -> None:
        super().update(dt)
        play = self.play
        if play is None:
            return
        for cue in play.advance(dt):
            colour = {"bump": pal.YELLOW, "note": pal.SKY}.get(cue.kind, pal.ORANGE)
            self.effects.float_text(Point.of(*cue.at), cue.text, colour)
        if play.done:
            self.play = None

    def cancel_animations(self) -> None:
        """Stop every animation, the flood's too (the models stand where the state says)."""
        self.skip_wash()
        super().cancel_animations()

    def animate_move(self, piece: str, places: Sequence[Place], seconds: float) -> None:
        """A model's move along ``places``; not a wash the flood's play has shown (the
        rules may report a carried model's way as a move too)."""
        pts = [p for p in places if isinstance(p, Point)]
        if len(pts) >= 2 and (piece, _spot(pts[0].units), _spot(pts[-1].units)) in self._washed:
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

    # ================================================================ the legend
    def legend(self, sides: Sequence[str]) -> list[LegendRow]:
        """The sides' bases, then each mark and feature as this view draws it."""
        size = 30
        c = size // 2
        s = 16.0
        out: list[LegendRow] = []
        for i, name in enumerate(sides):
            out.append((self._base(Look(i, 11, "A", False, "")),
                        f"{name}: {pal.side_ring(i)} ring; the letter names the unit"))
        rows: list[tuple[Look, str]] = [
            (Look(0, 11, "A", True, ""), "gold rim: the unit's leader"),
            (Look(0, 11, "A", False, "straggler"), "orange dashes: a straggler, out of "
                                                    "coherency (F-8)"),
            (Look(0, 11, "A", False, "scattered"), "black and white ring: its unit is scattered "
                                                    "(F-8)")]
        out += [(self._base(look), text) for look, text in rows]
        water = pygame.Surface((size, size), pygame.SRCALPHA)
        pygame.draw.rect(water, pal.WATER, (2, 6, size - 4, size - 12))
        pygame.draw.line(water, pal.WATER_LIGHT, (4, c), (size - 4, c), 2)
        out.append((water, "flooded: difficult terrain from now on (F-7)"))
        for kind, text in (("gantry", "gantry: raised, out of the water's reach (F-1)"),
                           ("grate", "grate: difficult; impassable in the flood (F-1)"),
                           ("sluice", "sluice gate: as a grate (F-1)"),
                           ("cave-in", "cave-in: as a grate (F-1)"),
                           ("nest", "the nest")):
            out.append((self._legend_feature(kind, s), text))
        drain, _at = self.art.drain_image(s * 0.9)
        out.append((drain, "the flood's origin: a drain (F-1)"))
        chosen = pygame.Surface((size, size), pygame.SRCALPHA)
        pygame.draw.circle(chosen, pal.INK, (c, c), c - 2, 6)
        pygame.draw.circle(chosen, pal.SKY, (c, c), c - 3, 3)
        out.append((chosen, "the selected model"))
        mates = pygame.Surface((size, size), pygame.SRCALPHA)
        dashed_ring(mates, (*pal.INK, 255), c, c, c - 4, 4, 10)
        dashed_ring(mates, (*pal.SKY, 255), c, c, c - 4, 2, 10)
        out.append((mates, "the rest of its unit"))
        for fill, text in ((REACH_FILL, "where the selected model can move on a clear way"),
                           (ROUGH_FILL, "where it can move only through difficult terrain, "
                                        "as far as its unit's roll")):
            band = pygame.Surface((size, size), pygame.SRCALPHA)
            pygame.draw.rect(band, fill, (2, 6, size - 4, size - 12))
            pygame.draw.rect(band, fill[:3], (2, 6, size - 4, size - 12), 2)
            out.append((band, text))
        target = pygame.Surface((size, size), pygame.SRCALPHA)
        dashed_ring(target, (*pal.YELLOW, 255), c, c, c - 4, 4, 12)
        out.append((target, "a target, with the chance of each number of casualties"))
        return out

    def _legend_feature(self, kind: str, s: float) -> pygame.Surface:
        if kind in ("grate", "sluice"):  # a line across a corridor, drawn larger
            f = Feature(0, kind, ((0.2, 0.6), (1.0, 0.6)), False)
            img, _at = self.art.feature_image(feature_art(0, f), s * 1.8)
            return img
        else:
            f = Feature(0, kind, ((0.2, 0.3), (1.6, 0.3), (1.6, 1.5), (0.2, 1.5)), True)
        img, _at = self.art.feature_image(feature_art(0, f), s)
        return img

    # ================================================================ the stone
    def invalidate(self) -> None:
        self._map.invalidate()
        self._decal_zoom = -1.0

    def _feature_decals(self) -> list[tuple[pygame.Surface, XY]]:
        """Each feature's image and the drain, with its top-left in inches (per zoom)."""
        z = self.camera.zoom
        if z != self._decal_zoom:
            s = PX * z
            self._decals = [self.art.feature_image(a, s) for a in self.art.features]
            self._decals.append(self.art.drain_image(s))
            self._decal_zoom = z
        return self._decals

    # ================================================================ frame
    def draw(self, surface: pygame.Surface, pieces: Sequence[PieceView] = (),
             scenery: Sequence[Scenery] = ()) -> None:
        """The stone, the water, the features, the marks, the models and the labels."""
        if surface.get_size() != self.camera.view:
            self.resize(surface.get_size())
        m = self._map_surface()
        surface.fill(pal.SEWER_ROCK)
        ox, oy = self._origin()
        wx, wy, _w, _h = self._map.window
        surface.blit(m, (ox + wx, oy + wy))
        s = self.scale
        if self.visible["water"]:
            self._draw_water(surface)
        seq = []
        for img, (x, y) in self._feature_decals():
            sx, sy = self.to_screen(x, y)
            seq.append((img, (round(sx), round(sy))))
        surface.fblits(seq)
        shown = [sc for sc in scenery if sc.kind != WATER]
        if shown:
            draw_scenery(surface, shown, self.to_screen, self._fonts)
        mk = self.marks
        if self.visible["reach"]:
            self._draw_reach(surface)
        looks = self._looks(pieces)
        where = self._positions(pieces, looks)
        self._draw_links(surface, where)
        self._draw_models(surface, pieces, looks, where)
        self._draw_flashes(surface)
        if mk.ruler is not None:
            TableMarkPainter(self.to_screen, self._fonts, s, self.camera.zoom).draw_ruler(
                surface, mk.ruler)
        pending = self._draw_targets(surface)
        self._draw_labels(surface, pieces, looks, pending)
        if self.hover is not None and mk.ruler is None:
            pygame.draw.circle(surface, pal.PAPER, self.to_screen(*self.hover.units), 3)
        if self.effects.floats:
            size = max(16, int(0.7 * s))
            self.effects.draw_floats(surface, self._fonts, self.screen_pos, size,
                                     max(8.0, 0.5 * s))

    # ================================================================ water and bands
    def _draw_water(self, surface: pygame.Surface) -> None:
        play = self.play
        if play is not None:
            wet = play.water()
            if wet is None:
                wet = _inches(play.show.flooded)
        else:
            wet = _inches(self.marks.flooded)
        if wet:
            draw_water(surface, self.art, wet, self.to_screen, self.scale)

    def _draw_reach(self, surface: pygame.Surface) -> None:
        """The selected model's reach: its grid cells, sky where the way is clear, orange
        where it crosses difficult terrain; drawn once per reach and zoom, then blitted."""
        mk = self.marks
        if not mk.reach_cells and not mk.rough_cells:
            return
        key = (id(mk.reach_cells), id(mk.rough_cells), mk.cell, self.camera.zoom)
        if self._reach is None or self._reach[0] != key:
            self._reach = (key, *self._reach_image(), (mk.reach_cells, mk.rough_cells))
        _key, img, (x0, y0), _cells = self._reach
        sx, sy = self.to_screen(x0, y0)
        surface.blit(img, (round(sx), round(sy)))

    def _reach_image(self) -> tuple[pygame.Surface, XY]:
        mk = self.marks
        pts = mk.reach_cells + mk.rough_cells
        half = mk.cell / 2
        x0 = min(x for x, _ in pts) - half
        y0 = min(y for _, y in pts) - half
        x1 = max(x for x, _ in pts) + half
        y1 = max(y for _, y in pts) + half
        s = self.scale
        img = pygame.Surface((max(1, math.ceil((x1 - x0) * s) + 1),
                              max(1, math.ceil((y1 - y0) * s) + 1)), pygame.SRCALPHA)
        side = max(1, math.ceil(mk.cell * s))
        for cells, fill in ((mk.reach_cells, REACH_FILL), (mk.rough_cells, ROUGH_FILL)):
            for x, y in cells:
                img.fill(fill, (math.floor((x - half - x0) * s), math.floor((y - half - y0) * s),
                                side, side))
        return img, (x0, y0)

    # ================================================================ models
    def _looks(self, pieces: Sequence[PieceView]) -> dict[str, Look]:
        """How each model is drawn: its side, base, unit mark, leader and F-8 flag."""
        mk = self.marks
        s = self.scale
        unit_of = {p.id: mk.unit_of.get(p.id, p.group) for p in pieces}
        self._unit_of = unit_of
        marks = dict(mk.unit_marks)
        per_side: dict[str, list[str]] = {}
        for p in pieces:
            u = unit_of[p.id]
            if u and u not in marks:
                seen = per_side.setdefault(p.side, [])
                if u not in seen:
                    seen.append(u)
        for units in per_side.values():
            for k, u in enumerate(units):
                marks.setdefault(u, letters(k))
        out = {}
        for p in pieces:
            u = unit_of[p.id]
            if u in mk.scattered or "scattered" in p.tags:
                flag = "scattered"
            elif p.id in mk.stragglers or "straggler" in p.tags:
                flag = "straggler"
            else:
                flag = ""
            leader = p.id in mk.leaders or p.ring == "leader" or "leader" in p.tags
            r = max(MIN_BASE, mk.bases.get(p.id, DEFAULT_BASE) * s)
            out[p.id] = Look(self.side_index.get(p.side, 0), r, marks.get(u, ""), leader,
                              flag)
        return out

    def _positions(self, pieces: Sequence[PieceView], looks: dict[str, Look]
                   ) -> dict[str, XY]:
        """Where each model is drawn now (inches): in the flood's play, a move's or a
        fall's animation, or where it stands; casualties are left out once the flood has
        shown them carried."""
        out: dict[str, XY] = {}
        play = self.play
        for p in pieces:
            at = play.position(p.id) if play is not None else None
            if at is None:
                if p.status == "dead" or p.place is None:
                    continue
                at = self._animated(p)
            if at is not None:
                out[p.id] = at
        return out

    def _animated(self, p: PieceView) -> XY | None:
        at = self._in_flight(p.id)
        if at is not None:
            return at
        return self.board.locate(p.place) if p.place is not None else None

    def _base(self, look: Look) -> pygame.Surface:
        return self.bases.image(look)

    def _draw_models(self, surface: pygame.Surface, pieces: Sequence[PieceView],
                     looks: dict[str, Look], where: dict[str, XY]) -> None:
        mk = self.marks
        seq: list[tuple[pygame.Surface, tuple[int, int]]] = []
        spots = []
        rings: list[tuple[float, float, float, bool]] = []
        for p in pieces:
            at = where.get(p.id)
            if at is None:
                continue
            look = looks[p.id]
            sx, sy = self.to_screen(*at)
            img = self._base(look)
            seq.append((img, (round(sx - img.get_width() / 2), round(sy - img.get_height() / 2))))
            r = look.radius
            if p.health_max > 1 and 0 < p.health < p.health_max:
                bar = self.tokens.bar(p.health, p.health_max, max(r, 8.0))
                seq.append((bar, (round(sx - bar.get_width() / 2),
                                  round(sy - r - bar.get_height() - 3))))
            spots.append((p.id, sx, sy, r))
            if p.id == mk.selected_piece or (mk.selected is not None and p.place == mk.selected
                                             and mk.selected_piece is None):
                rings.append((sx, sy, r + 5, True))
            elif p.id in mk.unit:
                rings.append((sx, sy, r + 4, False))
        surface.fblits(seq)
        for sx, sy, rr, chosen in rings:  # the selected model, and its unit's others
            if chosen:
                pygame.draw.circle(surface, pal.INK, (sx, sy), rr + 2, 7)
                pygame.draw.circle(surface, pal.SKY, (sx, sy), rr + 1, 4)
            else:
                dashed_ring(surface, (*pal.INK, 255), sx, sy, rr, 4, 10)
                dashed_ring(surface, (*pal.SKY, 255), sx, sy, rr, 2, 10)
        self._spots = spots

    def _draw_links(self, surface: pygame.Surface, where: dict[str, XY]) -> None:
        """The selected unit's coherency links (S-7: models within 2 inches), thin lines
        under the bases."""
        for a, b in self.marks.links:
            if a in where and b in where:
                pa, pb = self.to_screen(*where[a]), self.to_screen(*where[b])
                pygame.draw.line(surface, pal.INK, pa, pb, 3)
                pygame.draw.line(surface, pal.SKY, pa, pb, 1)

    def _draw_flashes(self, surface: pygame.Surface) -> None:
        """Each bump of the flood as a ring bursting where it struck."""
        if self.play is None:
            return
        for (x, y), f in self.play.flashes(FLASH_SECONDS):
            sx, sy = self.to_screen(x, y)
            r = (0.5 + 1.2 * f) * self.scale * 0.8
            w = max(2, round(5 * (1 - f)))
            pygame.draw.circle(surface, pal.INK, (sx, sy), r + 1, w + 2)
            pygame.draw.circle(surface, pal.YELLOW, (sx, sy), r, w)

    def _draw_targets(self, surface: pygame.Surface) -> list[tuple[str, str, XY, Colour]]:
        """Dashed rings on the pieces and places to click; their labels to lay out."""
        mk = self.marks
        out: list[tuple[str, str, XY, Colour]] = []
        if not self.visible["targets"]:
            return out
        for fid, sx, sy, r in self._spots:
            text = mk.pieces.get(fid)
            if text is None:
                continue
            rr = r * 1.3 + 2
            dashed_ring(surface, (*pal.INK, 255), sx, sy, rr, 5, 12)
            dashed_ring(surface, (*pal.YELLOW, 255), sx, sy, rr, 3, 12)
            if text:
                out.append(("target", text, (sx, sy), pal.YELLOW))
        for place, text in (*mk.targets.items(), *mk.reach.items()):
            at = self.screen_pos(place)
            if at is None:
                continue
            target = place in mk.targets
            r = max(6.0, 0.5 * self.scale)
            if target:
                dashed_ring(surface, (*pal.YELLOW, 255), at[0], at[1], r, 3, 12)
            else:
                pygame.draw.circle(surface, pal.SKY, at, r * 0.5, 2)
            if text:
                out.append(("target" if target else "reach", text, at,
                            pal.YELLOW if target else pal.PAPER))
        return out

    # ================================================================ labels
    def _pill(self, text: str, size: int, colour: Colour, back: RGBA,
              edge: Colour | None = None) -> pygame.Surface:
        key = ("pill", text, size, colour, back, edge)
        img = self._cache.get(key)
        if img is None:
            img = self._fonts.pill(text, size, colour, back, edge)
            if len(self._cache) > CACHE_LIMIT:
                self._cache.clear()
            self._cache[key] = img
        return img

    def _draw_labels(self, surface: pygame.Surface, pieces: Sequence[PieceView],
                     looks: dict[str, Look], marks: list[tuple[str, str, XY, Colour]]
                     ) -> None:
        """Labels where they cover no base and no other label, in the order they claim
        room: marks, scattered units, features, corridors, then the models' names (not
        while a flood plays: its models slide). The same bases, marks and camera as the
        frame before give the same labels, placed once."""
        cam = (self.camera.zoom, self.camera.ox, self.camera.oy, surface.get_size())
        key = (cam, self._shown, tuple(self._spots), self.play is None,
               tuple(self.visible.values()), tuple(marks))
        if key == self._label_key:
            surface.fblits([(img, rc.topleft) for img, rc in self._label_blits])
            return
        self._label_key = key
        self._label_blits = []
        view = surface.get_rect()
        placed: list[pygame.Rect] = []
        discs = DiscGrid([(x, y, r * 1.15 + 2) for _f, x, y, r in self._spots])
        self.label_rects = []
        size = max(TEXT_MIN, int(self.scale * 0.45))
        todo: list[tuple[str, str, pygame.Surface, XY, float, bool]] = []
        for kind, text, at, back in marks:
            pill = self._pill(text, size, pal.INK, (*back, 240), pal.INK)
            todo.append((kind, text, pill, at, max(8.0, 0.6 * self.scale), False))
        keep_clear = len(todo)
        if self.visible["labels"]:
            todo += self._scattered_labels(size)
            todo += self._map_labels(size)
            if self.scale * DEFAULT_BASE >= LABEL_MIN_RADIUS and self.play is None:
                names = {p.id: p.name for p in pieces if p.name}
                for fid, x, y, r in self._spots:
                    if fid in names:
                        todo.append(("name", fid, self.tokens.label(names[fid], r * 0.8),
                                     (x, y), r * 1.15 + 3, False))
        for k, (kind, what, pill, (cx, cy), rr, free) in enumerate(todo):
            if k == keep_clear:  # past the marks' labels: the features stay in view
                placed += self._feature_rects()
            w, h = pill.get_size()
            cands = (spiral_iter(cx, cy, w, h, max(8.0, h * 0.9), 5) if free else
                     _beside(cx, cy, rr, w, h) if kind == "name" else
                     _around(cx, cy, rr, w, h))
            for x, y in cands:
                rc = pygame.Rect(round(x), round(y), w, h)
                if view.contains(rc) and rc.collidelist(placed) < 0 and not discs.hits(rc):
                    placed.append(rc)
                    surface.blit(pill, rc)
                    self._label_blits.append((pill, rc))
                    self.label_rects.append((kind, what, rc))
                    break

    def _feature_rects(self) -> list[pygame.Rect]:
        """Where each feature and the drain are on screen (labels keep off them)."""
        out = []
        for img, (x, y) in self._feature_decals():
            sx, sy = self.to_screen(x, y)
            pad = round(0.3 * self.scale)
            out.append(pygame.Rect(round(sx) + pad, round(sy) + pad,
                                   max(1, img.get_width() - 2 * pad),
                                   max(1, img.get_height() - 2 * pad)))
        return out

    def _scattered_labels(self, size: int
                          ) -> list[tuple[str, str, pygame.Surface, XY, float, bool]]:
        """One "scattered" label by each scattered unit's models on screen."""
        mk = self.marks
        if not mk.scattered:
            return []
        groups: dict[str, list[XY]] = {}
        for fid, x, y, _r in self._spots:
            u = self._unit_of.get(fid, "")
            if u in mk.scattered:
                groups.setdefault(u, []).append((x, y))
        out = []
        for u, pts in groups.items():
            cx = sum(p[0] for p in pts) / len(pts)
            cy = sum(p[1] for p in pts) / len(pts)
            name = mk.unit_names.get(u, "")
            text = f"{name} scattered (F-8)" if name else "scattered (F-8)"
            pill = self._pill(text, size, pal.INK, (*SCATTERED, 235), pal.INK)
            out.append(("scattered", u, pill, (cx, cy), 0.0, True))
        return out

    def _map_labels(self, size: int) -> list[tuple[str, str, pygame.Surface, XY, float, bool]]:
        """The features' names at their middles, the origin, and the corridors' names."""
        out = []
        back = (*pal.INK, 190)
        for art in self.art.features:
            pill = self._pill(art.label, size, pal.PAPER, back)
            out.append(("feature", art.label, pill, self.to_screen(*art.anchor), 0.0, True))
        pill = self._pill("flood origin", size, pal.WATER_LIGHT, back)
        ox, oy = self.board.origin
        out.append(("feature", "origin", pill, self.to_screen(ox, oy + 1.1), 0.0, True))
        small = max(TEXT_MIN - 1, size - 2)
        for c in self.board.corridors.values():
            pill = self._pill(c.id, small, pal.shade(pal.PAPER, 0.8), (*pal.INK, 150))
            out.append(("corridor", c.id, pill, self.to_screen(*self.art.name_at[c.id]),
                        0.0, True))
        return out


class DiscGrid:
    """Circles and their bounding boxes: whether a label's rectangle would cover a base is
    asked first of the boxes (in C), then of the few circles whose box it meets."""

    def __init__(self, discs: Sequence[tuple[float, float, float]]) -> None:
        self.discs = list(discs)
        self.boxes = [pygame.Rect(math.floor(x - r), math.floor(y - r), math.ceil(2 * r) + 1,
                                  math.ceil(2 * r) + 1) for x, y, r in self.discs]

    def hits(self, rect: pygame.Rect) -> bool:
        return any(disc_hits(self.discs[k], rect) for k in rect.collidelistall(self.boxes))


_WAYS = [(math.cos(math.pi / 4 * k), math.sin(math.pi / 4 * k)) for k in range(8)]


def _around(cx: float, cy: float, rr: float, w: int, h: int) -> list[XY]:
    """Top-left corners of a ``w`` x ``h`` label under a base of radius ``rr``, then
    just outside it in eight ways, then a little further out (as
    :func:`~game.ui.boards.labels.around`, its directions worked out once)."""
    out = [(cx - w / 2, cy + rr + 1)]
    for r in (rr + 1, rr * 1.9 + 4):
        for ca, sa in _WAYS:
            px, py = cx + r * ca, cy + r * sa
            out.append((px if ca > 0.3 else px - w if ca < -0.3 else px - w / 2,
                        py if sa > 0.3 else py - h if sa < -0.3 else py - h / 2))
    return out


def _beside(cx: float, cy: float, rr: float, w: int, h: int) -> list[XY]:
    """Top-left corners of a model's name right by its base: under it, over it, to its
    right, to its left (a name further off could be read as its neighbour's)."""
    return [(cx - w / 2, cy + rr + 1), (cx - w / 2, cy - rr - 1 - h),
            (cx + rr + 2, cy - h / 2), (cx - rr - 2 - w, cy - h / 2)]


def _spot(p: XY) -> tuple[int, int]:
    """A point to a tenth of an inch (a wash's ends and a move's, compared)."""
    return round(p[0] * 10), round(p[1] * 10)


def _inches(spans: Sequence[Span]) -> list[tuple[str, float, float]]:
    """Spans in hundredths as stretches in inches, from the lower end."""
    return [(c, min(a, b) / HUNDREDTHS, max(a, b) / HUNDREDTHS) for c, a, b in spans]
