"""Label layout shared by the board views: where a label goes so it covers no token, nothing
drawn with one and no other label.

A view lists its labels in the order they claim room, each with its shorter forms and
the places it may go (:func:`around` a token, a :func:`spiral` round an anchor); it takes
the first place that is on screen and free (:meth:`LabelGrid.hits`, :func:`disc_hits`),
else the next form, else leaves the label out (the hover tip says the same).
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Iterator

import pygame

XY = tuple[float, float]
Disc = tuple[float, float, float]
"""A circle on screen: ``(x, y, radius)``."""

LABEL_RINGS = 9
"""Rings of places round its anchor a label tries before it is left out."""


def shorter(text: str) -> list[str]:
    """A label and its shorter forms (its first clause), longest first."""
    out = [text]
    if ", " in text:
        out.append(text.split(", ")[0])
    return out


def around(cx: float, cy: float, radius: float, w: int, h: int) -> list[XY]:
    """Top-left corners of a ``w`` x ``h`` label just outside a circle, in eight ways."""
    out = []
    for k in range(8):
        a = math.pi / 4 * k
        px, py = cx + radius * math.cos(a), cy + radius * math.sin(a)
        ca, sa = math.cos(a), math.sin(a)
        x = px if ca > 0.3 else px - w if ca < -0.3 else px - w / 2
        y = py if sa > 0.3 else py - h if sa < -0.3 else py - h / 2
        out.append((x, y))
    return out


def _rings(rings: int) -> list[XY]:
    """The unit offsets of :func:`spiral`'s rings (``cos a * d``, ``sin a * d``), worked
    out once per ring count."""
    out = _RINGS.get(rings)
    if out is None:
        out = []
        for d in range(1, rings + 1):
            n = 8 * d
            for k in sorted(range(n), key=lambda k: min(k, n - k)):
                a = math.pi / 2 + 2 * math.pi * k / n
                out.append((math.cos(a) * d, math.sin(a) * d))
        _RINGS[rings] = out
    return out


_RINGS: dict[int, list[XY]] = {}


def spiral_iter(cx: float, cy: float, w: int, h: int, step: float,
                rings: int = LABEL_RINGS) -> Iterator[XY]:
    """:func:`spiral`'s places one by one, made only as they are asked for."""
    yield cx - w / 2, cy - h / 2
    for c, s in _rings(rings):
        yield cx + c * step * 2.2 - w / 2, cy + s * step - h / 2


def spiral(cx: float, cy: float, w: int, h: int, step: float,
           rings: int = LABEL_RINGS) -> list[XY]:
    """Top-left corners of a ``w`` x ``h`` label centred on ``(cx, cy)``, then on rings
    round it (below first, then above, then the sides), wider than tall."""
    return list(spiral_iter(cx, cy, w, h, step, rings))


def disc_hits(disc: Disc, rect: pygame.Rect) -> bool:
    """Whether a circle ``(x, y, r)`` and a rectangle overlap."""
    x, y, r = disc
    nx = min(max(x, rect.left), rect.right)
    ny = min(max(y, rect.top), rect.bottom)
    return (nx - x) ** 2 + (ny - y) ** 2 < r * r


class LabelGrid:
    """Rectangles bucketed by a grid of wide, short cells, for quick overlap tests: what
    labels must keep clear of (and each label placed, once placed). A label is wide and
    short: it lies in one or two cells, and each cell's rectangles are tested in one
    call. Up to :attr:`FEW` rectangles the grid is not made: one call over all of them
    is quicker than filing them."""

    WIDE = 384
    BAND = 48

    FEW = 192
    """Up to this many rectangles, a test goes through all of them in one call."""

    def __init__(self) -> None:
        self.buckets: dict[tuple[int, int], list[pygame.Rect]] | None = None
        """The cells' rectangles, once there are more than :attr:`FEW` (else None)."""
        self.every: list[pygame.Rect] = []

    def add(self, r: pygame.Rect) -> None:
        self.every.append(r)
        if self.buckets is not None:
            self._file(r)
        elif len(self.every) > self.FEW:
            self.buckets = {}
            for old in self.every:
                self._file(old)

    def _file(self, r: pygame.Rect) -> None:
        w, b = self.WIDE, self.BAND
        buckets = self.buckets
        assert buckets is not None
        bands = range(r.top // b, (r.bottom - 1) // b + 1)
        for i in range(r.left // w, (r.right - 1) // w + 1):
            for k in bands:
                rects = buckets.get((i, k))
                if rects is None:
                    buckets[i, k] = [r]
                else:
                    rects.append(r)

    def first_free(self, rects: Iterable[pygame.Rect]) -> pygame.Rect | None:
        """The first of ``rects`` that overlaps nothing added (None if none is free)."""
        every = self.every
        if self.buckets is None:
            for r in rects:
                if r.collidelist(every) < 0:
                    return r
            return None
        hits = self.hits
        for r in rects:
            if not hits(r):
                return r
        return None

    def hits(self, r: pygame.Rect) -> bool:
        if self.buckets is None:
            return r.collidelist(self.every) >= 0
        w, b = self.WIDE, self.BAND
        get = self.buckets.get
        bands = range(r.top // b, (r.bottom - 1) // b + 1)
        for i in range(r.left // w, (r.right - 1) // w + 1):
            for k in bands:
                rects = get((i, k))
                if rects and r.collidelist(rects) >= 0:
                    return True
        return False
