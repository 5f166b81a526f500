"""What the open table marks and how: the ruler of a move (ticks every unit, what stops it,
warnings on the way), lines of sight with how much of the target they see, rings for
blasts, ranges and reach, throws and pushes, deployment zones and spots, a base being
placed (the ghost), and targets. The controller fills in :class:`TableMarks`; a
:class:`TableMarkPainter` draws them each frame."""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Literal

import pygame

from game.core.places import Point
from game.core.ruleset import PieceView
from game.ui import palette as pal
from game.ui.boards import Marks
from game.ui.drawing import BoardFonts, dashed_ring
from game.ui.palette import Colour

Vec = tuple[float, float]
TEXT_MIN = 12
MIN_RADIUS = 9.0
"""Bases are drawn at least this many screen pixels in radius (when the whole table is in
view they would be smaller than a finger's worth of pixels)."""
RayState = Literal["seen", "part", "blocked"]

@dataclass
class Ruler:
    """A move being measured: its path, how it reads, and what stops it."""

    path: tuple[Point, ...]
    ok: bool
    lines: tuple[str, ...]
    """The text beside its end: "5.2 used, 2.8 left", "severe ground x2"..."""
    blocked_at: Point | None = None
    warnings: tuple[tuple[Point, str], ...] = ()
    """Places on the way with a warning (a fall and its damage)."""


@dataclass
class Rays:
    """Lines of sight from an eye to a target's columns, each with how much got through."""

    eye: Point
    ends: tuple[tuple[Point, float], ...]
    label: str = ""


@dataclass
class Ring:
    """A circle on the table: a blast, a range, the reach of a move."""

    at: Point
    radius: float
    """In units."""
    kind: Literal["blast", "range", "reach", "deploy"]
    label: str = ""


@dataclass
class TableMarks(Marks):
    """What a table shows besides the shell's marks (see the module text)."""

    levels: dict[str, int] = field(default_factory=dict)
    """Piece id -> the height (units) it stands at; 0 if not given."""
    ruler: Ruler | None = None
    rays: list[Rays] = field(default_factory=list)
    rings: list[Ring] = field(default_factory=list)
    lines: list[tuple[Point, Point, str]] = field(default_factory=list)
    """Extra lines: (from, to, kind) with kind "throw", "bounce", "push"."""
    zones: list[tuple[float, float, float, float]] = field(default_factory=list)
    """Rectangles (x0, y0, x1, y1 in units) to shade: where a side may deploy."""
    ghost: tuple[Point, float, bool, str] | None = None
    """A base to be placed: where, its radius in units, whether it may go there, why."""
    spots: list[Point] = field(default_factory=list)
    """Small dots: candidate points (deployment)."""




@dataclass
class TableMarkPainter:
    """Draws a table's marks on screen: ``to`` puts a table point (units, with an
    optional height) on screen, ``scale`` is screen pixels per unit."""

    to: Callable[..., Vec]
    fonts: BoardFonts
    scale: float
    zoom: float

    def draw_zones(self, surface: pygame.Surface, mk: TableMarks) -> None:
        if not mk.zones and not mk.spots:
            return
        for x0, y0, x1, y1 in mk.zones:
            a = self.to(x0, y0)
            b = self.to(x1, y1)
            r = pygame.Rect(round(a[0]), round(a[1]), round(b[0] - a[0]), round(b[1] - a[1]))
            r = r.clip(surface.get_rect())
            if r.w > 0 and r.h > 0:
                band = pygame.Surface(r.size, pygame.SRCALPHA)
                band.fill((*pal.SKY, 48))
                surface.blit(band, r.topleft)
                pygame.draw.rect(surface, pal.SKY, r, 2)
        dot = max(3, int(self.zoom * 5))
        for p in mk.spots:
            x, y = self.to(*p.units)
            pygame.draw.circle(surface, pal.INK, (x, y), dot + 1)
            pygame.draw.circle(surface, pal.BLUISH_GREEN, (x, y), dot)

    def draw_rings(self, surface: pygame.Surface, mk: TableMarks) -> None:
        s = self.scale
        for ring in mk.rings:
            x, y = self.to(*ring.at.units)
            r = ring.radius * s
            colour = {"blast": pal.VERMILLION, "range": pal.YELLOW, "reach": pal.SKY,
                      "deploy": pal.SKY}[ring.kind]
            if ring.kind == "blast":
                size = int(2 * r) + 2
                if 0 < size < 4000:
                    disc = pygame.Surface((size, size), pygame.SRCALPHA)
                    pygame.draw.circle(disc, (*colour, 60), (size / 2, size / 2), r)
                    surface.blit(disc, (round(x - size / 2), round(y - size / 2)))
                pygame.draw.circle(surface, pal.INK, (x, y), r, 4)
                pygame.draw.circle(surface, colour, (x, y), r, 2)
            else:
                pygame.draw.circle(surface, pal.INK, (x, y), r + 1, 4)
                pygame.draw.circle(surface, colour, (x, y), r, 2)
            if ring.label:
                t = self.fonts.pill(ring.label, TEXT_MIN + 1, pal.INK, (*colour, 230), pal.INK)
                at = ring_label_rect(x, y, r, t.get_size(), surface.get_rect())
                if at is not None:
                    surface.blit(t, at.topleft)

    def draw_lines(self, surface: pygame.Surface, mk: TableMarks) -> None:
        for a, b, kind in mk.lines:
            pa, pb = self.to(*a.units), self.to(*b.units)
            if kind == "throw":
                # an arc: it is thrown over things
                mid = ((pa[0] + pb[0]) / 2, (pa[1] + pb[1]) / 2 - math.dist(pa, pb) * 0.3)
                pts = [bezier(pa, mid, pb, k / 16) for k in range(17)]
                pygame.draw.lines(surface, pal.INK, False, pts, 5)
                pygame.draw.lines(surface, pal.ORANGE, False, pts, 3)
            else:
                colour = pal.VERMILLION if kind == "bounce" else pal.PURPLE
                pygame.draw.line(surface, pal.INK, pa, pb, 6)
                pygame.draw.line(surface, colour, pa, pb, 3)
                arrow(surface, pa, pb, colour)

    def draw_rays(self, surface: pygame.Surface, rays: Rays) -> None:
        eye = self.to(*rays.eye.units)
        for end, seen in rays.ends:
            p = self.to(*end.units)
            if seen >= 0.999:
                pygame.draw.line(surface, pal.INK, eye, p, 4)
                pygame.draw.line(surface, pal.BLUISH_GREEN, eye, p, 2)
            elif seen > 0:
                pygame.draw.line(surface, pal.INK, eye, p, 4)
                pygame.draw.line(surface, pal.YELLOW, eye, p, 2)
            else:
                dashed(surface, eye, p, pal.VERMILLION)
        if rays.label and rays.ends:
            x, y = self.to(*rays.ends[len(rays.ends) // 2][0].units)
            t = self.fonts.pill(rays.label, TEXT_MIN + 2, pal.INK, (*pal.YELLOW, 235), pal.INK)
            surface.blit(t, (round(x - t.get_width() / 2), round(y + 0.9 * self.scale)))

    def draw_ruler(self, surface: pygame.Surface, r: Ruler) -> None:
        pts = [self.to(*p.units) for p in r.path]
        colour = pal.SKY if r.ok else pal.VERMILLION
        if len(pts) >= 2:
            pygame.draw.lines(surface, pal.INK, False, pts, 7)
            pygame.draw.lines(surface, colour, False, pts, 3)
            # a tick every unit along it, a longer one every 5
            total = 0.0
            for a, b, pa, pb in zip(r.path, r.path[1:], pts, pts[1:], strict=False):
                seg = math.dist(a.units, b.units)
                if seg <= 0:
                    continue
                k = math.ceil(total) - total
                while k <= seg:
                    f = k / seg
                    x, y = pa[0] + (pb[0] - pa[0]) * f, pa[1] + (pb[1] - pa[1]) * f
                    dx, dy = pb[0] - pa[0], pb[1] - pa[1]
                    n = math.hypot(dx, dy) or 1
                    big = round(total + k) % 5 == 0
                    q = 7 if big else 4
                    nx, ny = -dy / n * q, dx / n * q
                    pygame.draw.line(surface, pal.PAPER, (x - nx, y - ny), (x + nx, y + ny), 2)
                    k += 1
                total += seg
            arrow(surface, pts[-2], pts[-1], colour)
        if r.blocked_at is not None:
            x, y = self.to(*r.blocked_at.units)
            q = 8
            pygame.draw.line(surface, pal.INK, (x - q, y - q), (x + q, y + q), 6)
            pygame.draw.line(surface, pal.INK, (x - q, y + q), (x + q, y - q), 6)
            pygame.draw.line(surface, pal.VERMILLION, (x - q, y - q), (x + q, y + q), 3)
            pygame.draw.line(surface, pal.VERMILLION, (x - q, y + q), (x + q, y - q), 3)
        for at, _text in r.warnings:  # a mark where it happens; the words beside the end
            x, y = self.to(*at.units)
            warning_mark(surface, x, y - 14)
        warned = tuple(text for _at, text in r.warnings)
        if pts and r.lines:
            x, y = pts[-1]
            rendered = []
            for k, ln in enumerate(r.lines):
                warn = k > 0 and ln.startswith(warned) if warned else False
                rendered.append(self.fonts.pill(
                    ("! " if warn else "") + ln, TEXT_MIN + (2 if k == 0 else 0),
                    pal.INK if k == 0 or warn else pal.PAPER,
                    (*colour, 240) if k == 0 else (*pal.ORANGE, 240) if warn else
                    (*pal.INK, 220), pal.INK if warn else None))
            w = max(t.get_width() for t in rendered)
            h = sum(t.get_height() + 2 for t in rendered)
            view_w, view_h = surface.get_size()
            tx = x + 16 if x + 16 + w < view_w else x - 16 - w
            ty = min(max(4, y - h / 2), view_h - h - 4)
            for t in rendered:
                surface.blit(t, (round(tx), round(ty)))
                ty += t.get_height() + 2

    def draw_targets(self, surface: pygame.Surface, mk: TableMarks,
                      figures: Sequence[PieceView]) -> None:
        if not mk.targets:
            return
        s = self.scale
        for place, text in mk.targets.items():
            if not isinstance(place, Point):
                continue
            who = next((f for f in figures if f.place == place), None)
            z = mk.levels.get(who.id, 0) if who is not None else 0
            x, y = self.to(*place.units, z)
            r = max(MIN_RADIUS, 0.5 * s) * 1.35
            dashed_ring(surface, (*pal.INK, 255), x, y, r, max(5, int(r * 0.28)), 12)
            dashed_ring(surface, (*pal.YELLOW, 255), x, y, r, max(3, int(r * 0.17)), 12)
            if text:
                t = self.fonts.pill(text, TEXT_MIN + 1, pal.INK, (*pal.YELLOW, 240), pal.INK)
                surface.blit(t, (round(x + r + 2), round(y - t.get_height() / 2)))

    def draw_ghost(self, surface: pygame.Surface,
                    ghost: tuple[Point, float, bool, str]) -> None:
        at, radius, ok, why = ghost
        x, y = self.to(*at.units)
        r = radius * self.scale
        colour = pal.BLUISH_GREEN if ok else pal.VERMILLION
        size = int(2 * r) + 2
        disc = pygame.Surface((size, size), pygame.SRCALPHA)
        pygame.draw.circle(disc, (*colour, 110), (size / 2, size / 2), r)
        surface.blit(disc, (round(x - size / 2), round(y - size / 2)))
        pygame.draw.circle(surface, pal.INK, (x, y), r, 3)
        pygame.draw.circle(surface, colour, (x, y), r, 2)
        if why:
            t = self.fonts.pill(why, TEXT_MIN + 1, pal.PAPER if not ok else pal.INK,
                                 (*colour, 235), pal.INK)
            surface.blit(t, (round(x - t.get_width() / 2), round(y + r + 4)))


def alpha_polygon(surf: pygame.Surface, pts: list[Vec], colour: tuple[int, int, int, int]
                   ) -> None:
    """A see-through polygon, drawn through a surface only as big as it."""
    xs, ys = [p[0] for p in pts], [p[1] for p in pts]
    box = pygame.Rect(math.floor(min(xs)), math.floor(min(ys)),
                      math.ceil(max(xs) - min(xs)) + 2, math.ceil(max(ys) - min(ys)) + 2)
    if box.w <= 0 or box.h <= 0:
        return
    layer = pygame.Surface(box.size, pygame.SRCALPHA)
    pygame.draw.polygon(layer, colour, [(x - box.x, y - box.y) for x, y in pts])
    surf.blit(layer, box.topleft)


def bezier(a: Vec, m: Vec, b: Vec, t: float) -> Vec:
    u = 1 - t
    return (u * u * a[0] + 2 * u * t * m[0] + t * t * b[0],
            u * u * a[1] + 2 * u * t * m[1] + t * t * b[1])


def arrow(surface: pygame.Surface, a: Vec, b: Vec, colour: Colour) -> None:
    d = math.dist(a, b)
    if d < 1:
        return
    ux, uy = (b[0] - a[0]) / d, (b[1] - a[1]) / d
    head = 13
    tip = (b[0] + ux * 3, b[1] + uy * 3)
    left = (tip[0] - ux * head - uy * head * 0.6, tip[1] - uy * head + ux * head * 0.6)
    right = (tip[0] - ux * head + uy * head * 0.6, tip[1] - uy * head - ux * head * 0.6)
    pygame.draw.polygon(surface, colour, [tip, left, right])
    pygame.draw.polygon(surface, pal.INK, [tip, left, right], 2)


def dashed(surface: pygame.Surface, a: Vec, b: Vec, colour: Colour) -> None:
    d = math.dist(a, b)
    if d < 1:
        return
    n = max(2, int(d / 10))
    for k in range(0, n, 2):
        p = (a[0] + (b[0] - a[0]) * k / n, a[1] + (b[1] - a[1]) * k / n)
        q = (a[0] + (b[0] - a[0]) * (k + 1) / n, a[1] + (b[1] - a[1]) * (k + 1) / n)
        pygame.draw.line(surface, pal.INK, p, q, 4)
        pygame.draw.line(surface, colour, p, q, 2)


def warning_mark(surface: pygame.Surface, x: float, y: float) -> None:
    """An orange warning triangle with "!" centred on ``(x, y)``: where a fall happens
    (the ruler's text beside its end says what it costs, in orange after a "!")."""
    h = 18
    pts = [(x, y - h * 0.6), (x + h * 0.6, y + h * 0.45), (x - h * 0.6, y + h * 0.45)]
    pygame.draw.polygon(surface, pal.ORANGE, pts)
    pygame.draw.polygon(surface, pal.INK, pts, 2)
    pygame.draw.line(surface, pal.INK, (x, y - h * 0.25), (x, y + h * 0.12), 3)
    pygame.draw.circle(surface, pal.INK, (x, y + h * 0.3), 1.8)


def ring_label_rect(x: float, y: float, r: float, size: tuple[int, int],
                    view: pygame.Rect) -> pygame.Rect | None:
    """Where a ring's label goes: on the ring where the view shows it, over its top,
    else under its foot, else on a side or a slant; None if nowhere on screen."""
    w, h = size
    for a in (-90, 90, 180, 0, -135, -45, 135, 45):
        px = x + r * math.cos(math.radians(a))
        py = y + r * math.sin(math.radians(a))
        at = pygame.Rect(round(px - w / 2), round(py - (h if a < 0 else 0)), w, h)
        if view.contains(at):
            return at
    return None
