"""Label layout shared by the board views: where a label goes so it covers no token, nothing
drawn with one and no other label.

A view lists its labels in the order they claim room, each with its shorter forms and
the places it may go (:func:`around` a token, a :func:`spiral` round an anchor); it takes
the first place that is on screen and free (:meth:`LabelGrid.hits`, :func:`disc_hits`),
else the next form, else leaves the label out (the hover tip says the same).
"""

from __future__ import annotations

import math
from collections.abc import Iterable

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


def spiral(cx: float, cy: float, w: int, h: int, step: float,
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


def disc_hits(disc: Disc, rect: pygame.Rect) -> bool:
    """Whether a circle ``(x, y, r)`` and a rectangle overlap."""
    x, y, r = disc
    nx = min(max(x, rect.left), rect.right)
    ny = min(max(y, rect.top), rect.bottom)
    return (nx - x) ** 2 + (ny - y) ** 2 < r * r


class LabelGrid:
    """Rectangles bucketed by a coarse grid, for quick overlap tests: what labels must
    keep clear of (and each label placed, once placed)."""

    CELL = 48

    def __init__(self) -> None:
        self.buckets: dict[tuple[int, int], list[pygame.Rect]] = {}

    def _keys(self, r: pygame.Rect) -> Iterable[tuple[int, int]]:
        c = self.CELL
        for gx in range(r.left // c, (r.right - 1) // c + 1):
            for gy in range(r.top // c, (r.bottom - 1) // c + 1):
                yield gx, gy

    def add(self, r: pygame.Rect) -> None:
        for k in self._keys(r):
            self.buckets.setdefault(k, []).append(r)

    def hits(self, r: pygame.Rect) -> bool:
        return any(r.colliderect(o) for k in self._keys(r) for o in self.buckets.get(k, ()))
