"""The models' bases on the sewer board (seed 001): a round base of the model's radius in
its side's colour with the side's ring pattern (its cue that is not colour), its unit's
mark, a gold rim for the unit's leader, and the F-8 rings: orange dashes round a
straggler, a black and white ring round each model of a scattered unit. Each image is
drawn once per size and look and kept."""

from __future__ import annotations

import math
from dataclasses import dataclass

import pygame

from game.ui import palette as pal
from game.ui.drawing import BoardFonts, dashed_ring
from game.ui.palette import Colour

MARK_MIN = 7.0
"""A base shows its unit's mark and its side's ring from this many pixels in radius."""
CACHE_LIMIT = 1024
STRAGGLER: Colour = pal.ORANGE
SCATTERED: Colour = pal.PAPER
LEADER: Colour = pal.YELLOW


@dataclass
class Look:
    """How one model is drawn this frame."""

    side: int
    radius: float
    """Screen pixels."""
    mark: str
    leader: bool
    flag: str
    """"", "straggler" or "scattered"."""



class BaseImages:
    """The bases' images, kept by look."""

    def __init__(self, fonts: BoardFonts) -> None:
        self.fonts = fonts
        self._cache: dict[tuple[object, ...], pygame.Surface] = {}

    def image(self, look: Look) -> pygame.Surface:
        """A model's base: its side's colour and ring, its unit's mark, a gold rim for a
        leader, an orange dashed ring for a straggler, a red one for a scattered unit."""
        r = round(look.radius * 2) / 2
        key = ("base", look.side, r, look.mark, look.leader, look.flag)
        img = self._cache.get(key)
        if img is not None:
            return img
        extra = max(3.0, r * 0.45) if look.flag else 2.0
        half = math.ceil(r + extra + 3)
        img = pygame.Surface((2 * half, 2 * half), pygame.SRCALPHA)
        c = (half, half)
        colour = pal.side_colour(look.side)
        pygame.draw.circle(img, (0, 0, 0, 90), (c[0] + r * 0.12, c[1] + r * 0.18), r)
        pygame.draw.circle(img, pal.INK, c, r)
        pygame.draw.circle(img, colour, c, max(1.0, r - 1.5))
        if r >= MARK_MIN:
            side_ring(img, look.side, c, r)
        if look.leader:
            w = max(2, round(r * 0.2))
            pygame.draw.circle(img, LEADER, c, r + w / 2, w)
            pygame.draw.circle(img, pal.INK, c, r + w + 0.5, 1)
        if look.mark and r >= MARK_MIN:
            t = self.fonts.outlined(look.mark, max(9, int(r * 1.05)), pal.PAPER, pal.INK, 1)
            img.blit(t, (round(c[0] - t.get_width() / 2), round(c[1] - t.get_height() / 2)))
        if look.flag:
            rr = r + extra - 1
            w = max(2, round(r * 0.16))
            if look.flag == "straggler":
                dashed_ring(img, (*pal.INK, 255), c[0], c[1], rr, w + 2, 10)
                dashed_ring(img, (*STRAGGLER, 255), c[0], c[1], rr, w, 10)
            else:  # a hazard ring: light and dark in turn, told from every side colour
                pygame.draw.circle(img, pal.INK, c, rr + w / 2 + 1, w + 2)
                dashed_ring(img, (*SCATTERED, 255), c[0], c[1], rr, w, 8)
        if len(self._cache) > CACHE_LIMIT:
            self._cache.clear()
        self._cache[key] = img
        return img


def letters(k: int) -> str:
    """A, B, ... Z, AA, AB ... for the k-th unit of a side."""
    out = ""
    k += 1
    while k:
        k, r = divmod(k - 1, 26)
        out = chr(ord("A") + r) + out
    return out


def side_ring(img: pygame.Surface, side: int, c: tuple[int, int], r: float) -> None:
    """The side's ring pattern inside a base (its cue that is not colour)."""
    ring = pal.side_ring(side)
    rr = r * 0.8
    w = max(1, round(r * 0.12))
    if ring == "solid":
        pygame.draw.circle(img, pal.INK, c, rr + w / 2, w)
    elif ring == "dashed":
        dashed_ring(img, (*pal.PAPER, 255), c[0], c[1], rr, w, 8)
    elif ring == "double":
        pygame.draw.circle(img, pal.PAPER, c, rr + w * 0.9, max(1, w // 2 + 1))
        pygame.draw.circle(img, pal.PAPER, c, rr - w * 0.5, max(1, w // 2 + 1))
    else:
        for k in range(12):
            a = k * math.pi / 6
            pygame.draw.circle(img, pal.PAPER, (c[0] + rr * math.cos(a), c[1] + rr * math.sin(a)),
                               max(1.2, w * 0.7))
