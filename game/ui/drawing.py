"""Drawing helpers every board view shares: board text, rings, convex hit tests."""

from __future__ import annotations

import math
import weakref
from collections.abc import Sequence

import pygame

from game.ui import palette as pal
from game.ui.palette import RGBA, Colour

Point = tuple[float, float]


def smoothstep(f: float) -> float:
    """0..1 eased at both ends."""
    return f * f * (3 - 2 * f)


def inside_convex(poly: Sequence[Point], x: float, y: float) -> bool:
    """True if ``(x, y)`` is inside or on the convex polygon ``poly`` (any winding)."""
    sign = 0
    n = len(poly)
    for k in range(n):
        x1, y1 = poly[k]
        x2, y2 = poly[(k + 1) % n]
        c = (x2 - x1) * (y - y1) - (y2 - y1) * (x - x1)
        if c > 1e-9:
            if sign < 0:
                return False
            sign = 1
        elif c < -1e-9:
            if sign > 0:
                return False
            sign = -1
    return True


FILL_STRIDE = 16
"""Pixels (64 bytes at 32 bits) of the fill and copy blocks SDL streams a row in."""


def _to_stride(surface: pygame.Surface, x: int) -> int:
    """Pixels from column ``x`` of ``surface`` to the next FILL_STRIDE boundary of the
    window's pixels (0 on one)."""
    return -(surface.get_abs_offset()[0] + x) % FILL_STRIDE


def fill_rect(surface: pygame.Surface, colour: Colour | RGBA, rect: pygame.Rect) -> None:
    """``surface.fill(colour, rect)``, the same pixels, with the rows' first few pixels
    filled apart so that the rest starts on a FILL_STRIDE boundary of the window's
    pixels: SDL fills a row in 64-byte streamed blocks, and rows whose blocks straddle
    two cache lines and end in a shorter tail cost several times as much (a 360-pixel
    panel at x 920 of a 1280 window: 0.25 ms against 0.04 ms on the bench machine)."""
    r = rect.clip(surface.get_rect())
    head = _to_stride(surface, r.x)
    if head and r.w > FILL_STRIDE:
        surface.fill(colour, (r.x, r.y, head, r.h))
        surface.fill(colour, (r.x + head, r.y, r.w - head, r.h))
    else:
        surface.fill(colour, r)


COPY_SPLIT_MIN = 64
"""Narrower copies than this (pixels) go in one blit: two calls would cost more than the
row alignment saves."""


def blit_copy(surface: pygame.Surface, source: pygame.Surface, dest: tuple[int, int],
              area: pygame.Rect | None = None) -> None:
    """``surface.blit(source, dest, area)``, the same pixels, with the first few columns
    copied apart so that the rest starts on a FILL_STRIDE boundary of the window's
    pixels. Each pixel of a blit is worked out from its own source and destination
    pixels only, so copying the columns in two parts changes none. Whether a copy gains
    depends on where its rows lie against the source's (it is SDL's block copy): it is
    used where that was measured in the window, for the side panel's card at x 920 of a
    1280 window (0.086 ms against 0.014 ms a frame on the bench machine; the board's map,
    the buttons and the dice log's entries measured the same or slower split)."""
    src = pygame.Rect(area) if area is not None else source.get_rect()
    x, y = int(dest[0]), int(dest[1])
    head = _to_stride(surface, x)
    if head and src.w >= COPY_SPLIT_MIN:
        surface.blit(source, (x, y), (src.x, src.y, head, src.h))
        surface.blit(source, (x + head, y), (src.x + head, src.y, src.w - head, src.h))
    else:
        surface.blit(source, (x, y), src)


def fill_outside(surface: pygame.Surface, colour: Colour | RGBA, inner: pygame.Rect) -> None:
    """Fill what of ``surface`` lies outside ``inner`` (about to be covered by an opaque
    blit): the same pixels as filling all of it first, without filling twice."""
    full = surface.get_rect()
    r = inner.clip(full)
    if r.w == 0 or r.h == 0:
        fill_rect(surface, colour, full)
        return
    for part in (pygame.Rect(0, 0, full.w, r.top), pygame.Rect(0, r.bottom, full.w,
                                                                 full.h - r.bottom),
                 pygame.Rect(0, r.top, r.left, r.h), pygame.Rect(r.right, r.top,
                                                                 full.w - r.right, r.h)):
        if part.w > 0 and part.h > 0:
            fill_rect(surface, colour, part)


class SurfacePool:
    """Opaque surfaces in the window's format, each a part of a kept one that goes back
    to the pool when the part is let go (a drawing dropped from a cache): the next one
    of that size is drawn there, not on a new surface that SDL would allocate and clear
    first (a top bar is 330 KB). A part comes with the pixels of the last drawing on
    it: the taker paints all of it (the same pixels as on a new one)."""

    KEEP = 6
    """Free surfaces kept for each size."""

    def __init__(self) -> None:
        self._free: dict[tuple[object, ...], list[pygame.Surface]] = {}

    def take(self, size: tuple[int, int]) -> pygame.Surface:
        """A surface of ``size`` in the window's format (a new plain one without a
        window)."""
        screen = pygame.display.get_surface()
        if screen is None:
            return pygame.Surface(size)
        key = (size, screen.get_bitsize(), screen.get_masks())
        free = self._free.get(key)
        back = free.pop() if free else pygame.Surface(size, 0, screen)
        part = back.subsurface((0, 0, *size))
        weakref.finalize(part, self._give, key, back).atexit = False
        return part

    def _give(self, key: tuple[object, ...], back: pygame.Surface) -> None:
        free = self._free.setdefault(key, [])
        if len(free) < self.KEEP:
            free.append(back)


def optimise(surface: pygame.Surface, alpha: bool = False) -> pygame.Surface:
    """``convert()`` (or ``convert_alpha()``) when a display mode is set."""
    if pygame.display.get_surface() is None:
        return surface
    return surface.convert_alpha() if alpha else surface.convert()


class BoardFonts:
    """Bold text for the board: sizes on demand, outlined and pill-shaped labels."""

    def __init__(self) -> None:
        if not pygame.font.get_init():
            pygame.font.init()
        self.file = pal.bold_font_file()
        self._fonts: dict[int, pygame.font.Font] = {}

    def get(self, size: int) -> pygame.font.Font:
        size = max(6, int(size))
        f = self._fonts.get(size)
        if f is None:
            f = pygame.font.Font(self.file, size)
            self._fonts[size] = f
        return f

    def outlined(self, text: str, size: int, colour: Colour = pal.PAPER,
                 outline: Colour = pal.INK, width: int = 1) -> pygame.Surface:
        """``text`` in ``colour`` with an ``outline`` halo, on a transparent surface."""
        font = self.get(size)
        fg = font.render(text, True, colour)
        bg = font.render(text, True, outline)
        w, h = fg.get_size()
        out = pygame.Surface((w + 2 * width, h + 2 * width), pygame.SRCALPHA)
        for dx in range(-width, width + 1):
            for dy in range(-width, width + 1):
                if dx or dy:
                    out.blit(bg, (width + dx, width + dy))
        out.blit(fg, (width, width))
        return out

    def pill(self, text: str, size: int, colour: Colour = pal.PAPER,
             back: RGBA = (*pal.INK, 215), edge: Colour | None = None) -> pygame.Surface:
        """``text`` on a rounded dark pill (labels, odds, jump risks)."""
        fg = self.get(size).render(text, True, colour)
        w, h = fg.get_size()
        px = max(3, size // 3)
        out = pygame.Surface((w + 2 * px, h + 2), pygame.SRCALPHA)
        r = out.get_rect()
        pygame.draw.rect(out, back, r, border_radius=(h + 2) // 2)
        if edge is not None:
            pygame.draw.rect(out, edge, r, 1, border_radius=(h + 2) // 2)
        out.blit(fg, (px, 1))
        return out


def dashed_ring(surf: pygame.Surface, colour: RGBA | Colour, cx: float, cy: float, r: float,
                 width: int, dashes: int) -> None:
    """A ring of ``dashes`` thick arcs (as polygons, so they have no gaps inside)."""
    step = 2 * math.pi / dashes
    for k in range(dashes):
        a0 = k * step + step * 0.18
        a1 = a0 + step * 0.55
        n = 5
        outer = [(cx + (r + width / 2) * math.cos(a0 + (a1 - a0) * t / n),
                  cy + (r + width / 2) * math.sin(a0 + (a1 - a0) * t / n)) for t in range(n + 1)]
        inner = [(cx + (r - width / 2) * math.cos(a0 + (a1 - a0) * t / n),
                  cy + (r - width / 2) * math.sin(a0 + (a1 - a0) * t / n))
                 for t in range(n, -1, -1)]
        pygame.draw.polygon(surf, colour, outer + inner)
