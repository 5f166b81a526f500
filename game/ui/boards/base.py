"""What every board view shares: the parts of a view that do not depend on its board kind.

* :class:`BoardViewBase`: the tokens, fonts and side order a view draws with, its
  animations (:class:`~game.ui.effects.Effects`) and camera stepping, the sides' rows of
  the F1 legend (:meth:`BoardViewBase.legend`), and ``pieces_share_places``;
* :class:`MapCache`: the board drawn once per zoom into one surface (covering the whole
  board, or the view and a margin round it when the whole would be too big), rebuilt
  only when the zoom changes, a pan leaves what it covers, or it is invalidated;
* :func:`typed_marks`: the shell's :class:`~game.ui.boards.Marks` as a view's own kind of
  marks (a table's, a hex board's), the shared fields kept;
* :func:`draw_scenery`: terrain held in the game state
  (:class:`~game.core.board.Scenery`), drawn over the board at the camera.

Label layout (placing labels clear of tokens and of each other) is in
:mod:`game.ui.boards.labels`.
"""

from __future__ import annotations

import dataclasses
import math
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import TypeVar

import pygame

from game.core.board import Scenery
from game.ui import palette as pal
from game.ui.boards import Marks
from game.ui.camera import Camera
from game.ui.drawing import BoardFonts
from game.ui.effects import Effects
from game.ui.tokens import GENERIC_KIND, SPRITES, TokenPainter

XY = tuple[float, float]
LegendRow = tuple[pygame.Surface, str]

M = TypeVar("M", bound=Marks)


def typed_marks(marks: Marks, kind: type[M]) -> M:
    """``marks`` if it is already of ``kind``, else a ``kind`` with the shared fields of
    ``marks`` and the defaults of the rest (what a view shows of a plain :class:`Marks`)."""
    if isinstance(marks, kind):
        return marks
    shared = {f.name: getattr(marks, f.name) for f in dataclasses.fields(Marks)}
    return kind(**shared)


class BoardViewBase:
    """The board-neutral half of a board view (see the module text); a view subclasses it
    and sets :attr:`camera` once it knows its extent."""

    pieces_share_places: bool = False
    """Whether several pieces may share a place on this board (the pieces of a zone):
    then the shell asks :meth:`piece_at` which piece is under the pointer."""
    LEGEND_FACING: tuple[float, float] | None = (1.0, 0.0)
    """The facing notch of the sides' tokens in the legend (None: no notch)."""
    LEGEND_SIDE = "{name}: {ring} ring"
    """How the legend names a side's ring."""

    camera: Camera

    def __init__(self, sides: Sequence[str] = (), sprites: Path = SPRITES,
                 overlays: Sequence[str] = ()) -> None:
        self._fonts = BoardFonts()
        self.tokens = TokenPainter(sprites, self._fonts)
        self.side_index = {s: i for i, s in enumerate(sides)}
        """Side key -> its colour and ring (0, 1, 2, 3) in the order the scenario lists."""
        self.visible: dict[str, bool] = dict.fromkeys(overlays, True)
        self.effects = Effects()
        self._spots: list[tuple[str, float, float, float]] = []
        """Each piece drawn last: id, screen x, y, radius (what :meth:`piece_at` picks)."""

    # ================================================================ protocol
    def resize(self, view_size: tuple[int, int]) -> None:
        """The board area changed size (refits unless the user moved the map)."""
        self.camera.resize(view_size)

    @property
    def busy(self) -> bool:
        """True while a move or fall animates, or a floating text has just appeared."""
        return self.effects.busy

    def update(self, dt: float) -> None:
        """Advance animations (and a following camera) by ``dt`` seconds."""
        self.effects.update(dt)
        self.camera.step(dt)

    def cancel_animations(self) -> None:
        """Stop every animation now (pieces jump to where their views say)."""
        self.effects.cancel()

    def toggle_overlay(self, name: str) -> bool:
        """Flip one of the view's overlays; returns whether it is now shown."""
        if name not in self.visible:
            raise ValueError(f"unknown overlay {name!r}; one of {', '.join(self.visible)}")
        self.visible[name] = not self.visible[name]
        return self.visible[name]

    def piece_at(self, sx: float, sy: float) -> str | None:
        """Id of the piece whose token is drawn under ``(sx, sy)`` (the last drawn on
        top)."""
        for fid, x, y, r in reversed(self._spots):
            if (sx - x) ** 2 + (sy - y) ** 2 <= r * r:
                return fid
        return None

    def legend(self, sides: Sequence[str]) -> list[LegendRow]:
        """What the marks of this board mean, each with a small icon drawn the way the
        board draws it (for the help overlay); here the sides' tokens and rings."""
        return self.side_rows(sides)

    def side_rows(self, sides: Sequence[str]) -> list[LegendRow]:
        """One legend row per side: its token and the pattern of its ring."""
        return [(self.tokens.token(GENERIC_KIND, i, 12, self.LEGEND_FACING, "ok"),
                 self.LEGEND_SIDE.format(name=name, ring=pal.side_ring(i)))
                for i, name in enumerate(sides)]


class MapCache:
    """One board surface drawn at one zoom (see the module text).

    A view keeps its map's size at the current zoom (``full``, screen pixels) and where
    the map's top-left corner is on screen (``origin``); the cache decides what part of
    the map to keep (:meth:`wanted_window`) and when to draw it again (:meth:`stale`).
    With neither ``view_multiple`` nor ``max_pixels`` the whole map is always kept.
    """

    def __init__(self, margin: int = 300, *, view_multiple: float | None = None,
                 max_pixels: int | None = None) -> None:
        self.margin = margin
        """Screen pixels kept round the view when only part of the map is kept."""
        self.view_multiple = view_multiple
        """Keep the whole map while it is at most this many views big."""
        self.max_pixels = max_pixels
        """Keep the whole map while it has at most this many pixels."""
        self.surface: pygame.Surface | None = None
        self.zoom = -1.0
        self.window = (0, 0, 0, 0)
        """The part of the whole map the surface holds: ``(x, y, w, h)``."""
        self.dirty = True

    def invalidate(self) -> None:
        """Draw the map again on the next frame."""
        self.dirty = True

    def _whole(self, full: tuple[int, int], view: tuple[int, int]) -> bool:
        fw, fh = full
        if self.view_multiple is not None and fw * fh <= self.view_multiple * view[0] * view[1]:
            return True
        if self.max_pixels is not None and fw * fh <= self.max_pixels:
            return True
        return self.view_multiple is None and self.max_pixels is None

    def wanted_window(self, full: tuple[int, int], origin: tuple[int, int],
                      view: tuple[int, int]) -> tuple[int, int, int, int]:
        """The part of the whole map to keep, ``(x0, y0, x1, y1)``: all of it when that
        is not too big, else the view and the margin round it."""
        fw, fh = full
        if self._whole(full, view):
            return 0, 0, fw, fh
        mx, my = origin
        vw, vh = view
        x0, y0 = max(0, -mx - self.margin), max(0, -my - self.margin)
        x1, y1 = min(fw, -mx + vw + self.margin), min(fh, -my + vh + self.margin)
        return x0, y0, max(x0 + 1, x1), max(y0 + 1, y1)

    def covers_view(self, full: tuple[int, int], origin: tuple[int, int],
                    view: tuple[int, int]) -> bool:
        """Whether the kept part holds all of the map the view shows."""
        wx, wy, ww, wh = self.window
        fw, fh = full
        mx, my = origin
        vw, vh = view
        x0, y0 = max(0, -mx), max(0, -my)
        x1, y1 = min(fw, -mx + vw), min(fh, -my + vh)
        if x1 <= x0 or y1 <= y0:
            return True  # the map is off screen: nothing to draw
        return wx <= x0 and wy <= y0 and x1 <= wx + ww and y1 <= wy + wh

    def stale(self, zoom: float, full: tuple[int, int], origin: tuple[int, int],
              view: tuple[int, int]) -> bool:
        """Whether the map must be drawn again before this frame."""
        return (self.surface is None or self.dirty or self.zoom != zoom
                or not self.covers_view(full, origin, view))

    def begin(self, full: tuple[int, int], origin: tuple[int, int],
              view: tuple[int, int]) -> tuple[int, int, int, int]:
        """Start drawing: the window to draw, ``(x0, y0, x1, y1)``, now :attr:`window`."""
        x0, y0, x1, y1 = self.wanted_window(full, origin, view)
        self.window = (x0, y0, x1 - x0, y1 - y0)
        return x0, y0, x1, y1

    def keep(self, surface: pygame.Surface, zoom: float) -> pygame.Surface:
        """The drawn map: kept until it goes stale."""
        self.surface = surface
        self.zoom = zoom
        self.dirty = False
        return surface

    def canvas(self, size: tuple[int, int], reuse: bool = False) -> pygame.Surface:
        """A surface of ``size`` in the display's format (what ``convert()`` gives), the
        kept one if ``reuse`` and it is that size (allocating a big surface costs more
        than drawing it)."""
        if reuse and self.surface is not None and self.surface.get_size() == size:
            return self.surface
        screen = pygame.display.get_surface()
        return pygame.Surface(size, 0, screen) if screen is not None else pygame.Surface(size)


SCENERY_EDGE: pal.Colour = pal.INK


def draw_scenery(surface: pygame.Surface, scenery: Sequence[Scenery],
                 to_screen: Callable[[float, float], XY], fonts: BoardFonts,
                 text_size: int = 13) -> list[tuple[str, pygame.Rect]]:
    """Draw each piece of ``scenery`` (board units, ``to_screen`` maps them) as its
    footprint filled with its kind's colour, a dark edge, and its label (or kind, with
    its height when it has one) in the middle; returns where the labels went."""
    placed: list[tuple[str, pygame.Rect]] = []
    for piece in scenery:
        if len(piece.outline) < 3:
            continue
        pts = [to_screen(x, y) for x, y in piece.outline]
        look = pal.piece_style(piece.kind)
        layer_box = _box(pts)
        if layer_box.w <= 0 or layer_box.h <= 0:
            continue
        layer = pygame.Surface(layer_box.size, pygame.SRCALPHA)
        local = [(x - layer_box.x, y - layer_box.y) for x, y in pts]
        pygame.draw.polygon(layer, (*look.top, 220), local)
        surface.blit(layer, layer_box.topleft)
        pygame.draw.polygon(surface, pal.shade(look.side, 0.6), pts, 2)
        text = piece.label or piece.kind
        if piece.height:
            text += f"  Ht {piece.height:g}"
        pill = fonts.pill(text, text_size, pal.PAPER, (*SCENERY_EDGE, 170))
        cx = sum(x for x, _ in pts) / len(pts)
        cy = sum(y for _, y in pts) / len(pts)
        at = pill.get_rect(center=(round(cx), round(cy)))
        if surface.get_rect().contains(at) and at.collidelist([r for _, r in placed]) < 0:
            surface.blit(pill, at)
            placed.append((piece.id, at))
    return placed


def _box(pts: Sequence[XY]) -> pygame.Rect:
    xs, ys = [p[0] for p in pts], [p[1] for p in pts]
    return pygame.Rect(math.floor(min(xs)), math.floor(min(ys)),
                       math.ceil(max(xs) - min(xs)) + 2, math.ceil(max(ys) - min(ys)) + 2)
