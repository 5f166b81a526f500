"""The marks of a zone board and their overlay: zones the selected figure can reach (with
the roll needed and its odds; orange where the move risks something), lines and
bottlenecks to click, targets, and the hovered path; drawn on one surface the size of the
map, cropped to what they cover, rebuilt when the marks change. The labels of the marks
are laid out with the board's other labels (:mod:`game.ui.boards.zone_labels`)."""

from __future__ import annotations

import math
import weakref
from collections.abc import Callable
from dataclasses import dataclass, field

import pygame

from game.boards.zones import ZoneBoard
from game.core.places import InZone, Place
from game.ui import palette as pal
from game.ui.boards import Marks
from game.ui.boards.zone_layout import BASE
from game.ui.drawing import FILL_STRIDE, BoardFonts, fill_rect, optimise
from game.ui.palette import RGBA, Colour

XY = tuple[float, float]

TEXT_MIN = 12
"""Smallest text on the board (pixels): readable at 1280x720."""
REACH_FILL: RGBA = (*pal.SKY, 42)
REACH_EDGE: RGBA = (*pal.SKY, 235)
RISK_FILL: RGBA = (*pal.ORANGE, 52)
RISK_EDGE: RGBA = (*pal.ORANGE, 255)
MELEE_PATCH: RGBA = (20, 16, 12, 70)

Pill = tuple[str, str, list[pygame.Surface], XY, str | None]
"""A label to lay out: kind, what it names, its forms (longest first), its anchor in
map-surface pixels, and the zone it must stay in (or None)."""


@dataclass
class ZoneOverlay:
    """The overlay of one set of marks at one zoom: its surface (None if nothing shows),
    where it lies on the map surface, and the labels of its marks."""

    surface: pygame.Surface | None = None
    at: tuple[int, int] = (0, 0)
    pills: list[Pill] = field(default_factory=list)
    boxes: list[pygame.Rect] = field(default_factory=list)
    """What the marks' draw calls said they changed, on :attr:`surface`: every other
    pixel of it is clear."""
    blitted: bool = False
    """Whether it was blitted whole once (then :meth:`parts` are blitted)."""
    _parts: list[tuple[pygame.Surface, tuple[int, int]]] | None = None

    def parts(self) -> list[tuple[pygame.Surface, tuple[int, int]]]:
        """The parts of :attr:`surface` the marks drew on (apart, none overlapping
        another), each with where it lies on it: blitting these gives the same pixels as
        blitting it whole (an alpha-0 pixel leaves what is under it), without blending
        the clear ones (most of the box of marks far apart). Cut the first time asked:
        cutting costs about what one blit saves, so a view blits an overlay whole the
        first time and its parts after."""
        if self._parts is None:
            s = self.surface
            self._parts = [] if s is None else \
                [(s.subsurface(r), r.topleft) for r in disjoint(self.boxes)]
        return self._parts


@dataclass
class _Draw:
    """What drawing the marks needs: the board, the map-surface transform and the font;
    ``box`` gathers the pixels drawn on (what pygame.draw says it changed)."""

    board: ZoneBoard
    surf: pygame.Surface
    zoom: float
    ox: float
    oy: float
    box: pygame.Rect | None = None
    boxes: list[pygame.Rect] = field(default_factory=list)
    """What each draw call said it changed."""

    def to(self, p: XY) -> XY:
        return self.ox + p[0] * self.zoom, self.oy + p[1] * self.zoom

    def touch(self, changed: pygame.Rect) -> None:
        """Count pixels a draw call changed."""
        if changed.w and changed.h:
            self.box = changed if self.box is None else self.box.union(changed)
            self.boxes.append(changed)


def build_overlay(board: ZoneBoard, marks: Marks, zoom: float,
                  extent: tuple[float, float, float, float], visible: dict[str, bool],
                  label_at: dict[str, XY], place_point: Callable[[Place], XY | None],
                  fonts: BoardFonts, selected_at: XY | None,
                  scratch: Scratch | None = None) -> ZoneOverlay:
    """The marks on a surface the size of the map, cropped to what they cover.
    ``selected_at``: where the selected figure stands (the path starts there).
    ``scratch``: the caller's own (the overlay is then a part of it, valid until the
    next call with it); else one shared, and the overlay a copy."""
    pad = scratch if scratch is not None else _SHARED
    m = marks
    z = zoom
    x0, y0, x1, y1 = extent
    out = ZoneOverlay()
    if not (m.reach or m.warnings or m.targets or m.path):
        return out
    w, h = int(math.ceil((x1 - x0) * z)) + 2, int(math.ceil((y1 - y0) * z)) + 2
    d = _Draw(board, pad.clear((w, h)), z, -x0 * z, -y0 * z)
    size = max(TEXT_MIN + 1, int(17 * z))
    if visible["reach"]:
        _mark_reach(d, m, label_at, fonts, size, out.pills)
    if visible["targets"]:
        _mark_targets(d, m, place_point, fonts, size, out.pills)
    if visible["path"] and len(m.path) >= 2:
        raw = [place_point(q) for q in m.path]
        if selected_at is not None and raw[0] is not None:
            raw[0] = selected_at  # from the figure itself
        _draw_path(d, [d.to(p) for p in raw if p is not None])
    drawn = d.box.clip(d.surf.get_rect()) if d.box is not None else None
    pad.dirty = [drawn] if drawn is not None else []
    box = drawn.clip(0, 0, w, h) if drawn is not None else None  # the map's own size
    if box is None or box.w == 0 or box.h == 0:
        return ZoneOverlay(pills=out.pills)
    crop = d.surf.subsurface(box)
    out.surface = crop if scratch is not None else crop.copy()
    out.at = (box.x, box.y)
    out.boxes = [b.clip(box).move(-box.x, -box.y) for b in d.boxes]
    return out


def disjoint(rects: list[pygame.Rect]) -> list[pygame.Rect]:
    """Rectangles covering just what ``rects`` cover, none overlapping another: the
    union cut into bands where the same rectangles cross, each band's spans merged, and
    a span that goes on unchanged in the next band grown down into it."""
    rects = [r for r in rects if r.w > 0 and r.h > 0]
    ys = sorted({r.top for r in rects} | {r.bottom for r in rects})
    out: list[pygame.Rect] = []
    going: dict[tuple[int, int], pygame.Rect] = {}
    for top, bottom in zip(ys, ys[1:], strict=False):
        spans: list[list[int]] = []
        for a, b in sorted((r.left, r.right) for r in rects
                           if r.top <= top and r.bottom >= bottom):
            if spans and a <= spans[-1][1]:
                spans[-1][1] = max(spans[-1][1], b)
            else:
                spans.append([a, b])
        now: dict[tuple[int, int], pygame.Rect] = {}
        for a, b in spans:
            r = going.get((a, b))
            if r is not None:
                r.h += bottom - top
            else:
                r = pygame.Rect(a, top, b - a, bottom - top)
                out.append(r)
            now[a, b] = r
        going = now
    return out


class Scratch:
    """A surface the marks are drawn on, drawn on again (cleared) for the next marks of
    the same size: a fresh one the size of the map costs more to allocate and touch than
    to clear. Its rows are a whole number of FILL_STRIDEs long, so that clearing them
    runs SDL's fast fill; only what the last marks drew on is cleared (the box their
    draw calls reported, not a scan of the pixels). A view that owns one takes its
    overlay as a part of it (no copy): the next marks are drawn on it only when the view
    has let the last overlay go."""

    def __init__(self) -> None:
        self.surf: pygame.Surface | None = None
        self.dirty: list[pygame.Rect] = []

    def clear(self, size: tuple[int, int]) -> pygame.Surface:
        """A clear, transparent surface at least ``size``."""
        wide = -(-size[0] // FILL_STRIDE) * FILL_STRIDE, size[1]
        surf = self.surf
        if surf is not None and surf.get_size() == wide:
            for box in self.dirty:
                fill_rect(surf, (0, 0, 0, 0), box)
        else:
            surf = self.surf = optimise(pygame.Surface(wide, pygame.SRCALPHA), alpha=True)
            surf.fill((0, 0, 0, 0))
        self.dirty = []
        return surf


_SHARED = Scratch()
"""The scratch of callers that keep none (their overlays are copied off it)."""


def _mark_reach(d: _Draw, m: Marks, label_at: dict[str, XY], fonts: BoardFonts, size: int,
                pills: list[Pill]) -> None:
    """Each reachable zone washed and edged (orange where it risks something), each line
    or bottleneck highlighted, each with its roll and odds to lay out."""
    b = d.board
    for place, label in list(m.reach.items()) + [
            (p, t) for p, t in m.warnings.items() if p not in m.reach]:
        if not isinstance(place, InZone) or place.zone not in b.zones:
            continue
        risky = place in m.warnings
        if place.boundary is None:
            pts = [d.to(p) for p in b.zones[place.zone].polygon]
            d.touch(pygame.draw.polygon(d.surf, RISK_FILL if risky else REACH_FILL, pts))
            d.touch(pygame.draw.lines(d.surf, RISK_EDGE if risky else REACH_EDGE, True, pts,
                                      max(3, int(4 * d.zoom))))
            lx, ly = label_at[place.zone]
            cx, cy = d.to((lx, ly + 62))  # under the zone's label
            inside: str | None = place.zone
        else:
            cx, cy = line_mark(d, place, risky)
            inside = None
        text = label + (f"  {m.warnings[place]}" if risky and place in m.reach
                        and m.warnings[place] != label else "")
        pill = _pill(fonts, text, size, (*(pal.ORANGE if risky else pal.PAPER), 240))
        pills.append(("reach", str(place), [pill], (cx, cy), inside))


def _mark_targets(d: _Draw, m: Marks, place_point: Callable[[Place], XY | None],
                  fonts: BoardFonts, size: int, pills: list[Pill]) -> None:
    for place, label in m.targets.items():
        pt = place_point(place)
        if pt is None:
            continue
        if isinstance(place, InZone) and place.boundary is not None:
            cx, cy = line_mark(d, place, False, pal.YELLOW)
        else:
            cx, cy = d.to(pt)
        if label:
            pill = _pill(fonts, label, size, (*pal.YELLOW, 240))
            pills.insert(0, ("target", str(place), [pill],
                             (cx, cy + 6 + pill.get_height() / 2), None))


_PILLS: weakref.WeakKeyDictionary[BoardFonts, dict[tuple[str, int, RGBA], pygame.Surface]] = \
    weakref.WeakKeyDictionary()
"""The marks' labels made so far (ink on a pill edged in ink), by font set and text."""


def _pill(fonts: BoardFonts, text: str, size: int, back: RGBA) -> pygame.Surface:
    """A mark's label: ``text`` in ink on a ``back`` pill edged in ink (made once)."""
    made = _PILLS.setdefault(fonts, {})
    key = (text, size, back)
    s = made.get(key)
    if s is None:
        if len(made) > 512:
            made.clear()
        s = made[key] = fonts.pill(text, size, pal.INK, back, pal.INK)
    return s


def _draw_path(d: _Draw, pts: list[XY]) -> None:
    if len(pts) < 2:
        return
    wide = max(4, int(7 * d.zoom))
    d.touch(pygame.draw.lines(d.surf, (*pal.INK, 230), False, pts, wide + 3))
    d.touch(pygame.draw.lines(d.surf, (*pal.YELLOW, 255), False, pts, wide))
    (px, py), (qx, qy) = pts[-2], pts[-1]
    dd = math.hypot(qx - px, qy - py) or 1.0
    ux, uy = (qx - px) / dd, (qy - py) / dd
    hd = wide * 2.6
    tip = (qx, qy)
    left = (qx - ux * hd - uy * hd * 0.6, qy - uy * hd + ux * hd * 0.6)
    right = (qx - ux * hd + uy * hd * 0.6, qy - uy * hd - ux * hd * 0.6)
    d.touch(pygame.draw.polygon(d.surf, (*pal.YELLOW, 255), [tip, left, right]))
    d.touch(pygame.draw.polygon(d.surf, (*pal.INK, 255), [tip, left, right], 2))


def line_mark(d: _Draw, place: InZone, risky: bool, colour: Colour | None = None) -> XY:
    """Highlight a boundary line or a bottleneck; returns where its label goes."""
    b = d.board
    assert place.boundary is not None
    z = d.zoom
    col = colour or (pal.ORANGE if risky else pal.SKY)
    bn = b.bottleneck_on(place.zone, place.boundary)
    if bn is not None:
        cx, cy = d.to(bn.centre)
        d.touch(pygame.draw.circle(d.surf, (*col, 120), (cx, cy), BASE * z * 2.4))
        d.touch(pygame.draw.circle(d.surf, (*col, 255), (cx, cy), BASE * z * 2.4,
                                   max(2, int(3 * z))))
        return cx, cy - BASE * z * 3
    bd = b.boundary(place.zone, place.boundary)
    if bd is None:
        return d.to(b.centre(place.zone))
    for line in bd.lines:
        pts = [d.to(p) for p in line]
        if len(pts) >= 2:
            d.touch(pygame.draw.lines(d.surf, (*pal.INK, 160), False, pts, max(4, int(7 * z))))
            d.touch(pygame.draw.lines(d.surf, (*col, 230), False, pts, max(2, int(4 * z))))
    return d.to(bd.middle)
