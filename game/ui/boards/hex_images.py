"""The images a hex board view scales for one zoom: each terrain's hex tops (tinted by
level, with the level number), the hex mask, the level numbers, the MP-cost and label
pills and the rings round tokens. The images of the last few zooms are kept, so wheeling
in and out again costs nothing."""

from __future__ import annotations

import hashlib
import math
import os
from collections import OrderedDict
from dataclasses import dataclass, field
from pathlib import Path

import numpy as np
import pygame

from game.boards.hexmap import HexMap
from game.ui import palette as pal
from game.ui import textures
from game.ui.boards.hex_marks import COST, COST_WARN, TARGET
from game.ui.drawing import BoardFonts, dashed_ring, optimise
from game.ui.textures import level_factor, texture, tint

Point = tuple[float, float]

LEVEL_FONT_MIN = 12
"""Smallest level number font (pixels)."""
LEVEL_NUMBERS_MIN_HEX = 24
"""Level numbers are hidden when a hex is drawn smaller than this (pixels tall)."""
ZOOM_CACHES = 3
"""How many other zooms keep their scaled images."""
TEXTURES_KEPT = Path("cache") / "textures"
"""Where (in the data folder) each terrain texture is kept as a PNG once it was made:
a later start loads it instead of working the noise out again (the first frame's
largest cost). A texture is named by a digest of its terrain's style, size, variant
and the texture code, so a change to any of them makes a new one."""


def kept_texture(style: pal.TerrainStyle, tw: int, th: int, variant: int) -> pygame.Surface:
    """The texture of ``style`` at ``tw`` x ``th`` (:func:`texture`), loaded from the
    data folder where it was kept, else made (and kept there if it can be written)."""
    path = _kept_path(style, tw, th, variant)
    if path is not None and path.is_file():
        try:
            surf = pygame.image.load(str(path))
            if surf.get_size() == (tw, th):  # in the format a made one has (the same
                return surf.convert(_made_format())  # pixels after scaling and tinting)
        except (pygame.error, OSError):
            pass  # unreadable: made again below
    surf = pygame.surfarray.make_surface(texture(style, tw, th, variant))
    if path is not None:
        try:
            path.parent.mkdir(parents=True, exist_ok=True)
            part = path.with_name(f"{path.stem}.{os.getpid()}.png")
            pygame.image.save(surf, str(part))
            os.replace(part, path)
        except (pygame.error, OSError):
            pass  # a read-only data folder: made again next time
    return surf


_CODE: list[bytes] = []
_FORMAT: list[pygame.Surface] = []


def _made_format() -> pygame.Surface:
    """A surface of the format :func:`pygame.surfarray.make_surface` gives an RGB array."""
    if not _FORMAT:
        _FORMAT.append(pygame.surfarray.make_surface(np.zeros((1, 1, 3), np.uint8)))
    return _FORMAT[0]


def _kept_path(style: pal.TerrainStyle, tw: int, th: int, variant: int) -> Path | None:
    from game.core.errors import GameError
    from game.ui import saves

    try:
        if not _CODE:
            _CODE.append(hashlib.sha256(Path(textures.__file__).read_bytes()).digest())
        folder = saves.data_dir() / TEXTURES_KEPT
    except (OSError, GameError):
        return None
    key = hashlib.sha256(repr((style, tw, th, variant)).encode() + _CODE[0]).hexdigest()
    return folder / f"{style.texture}-{key[:24]}.png"


@dataclass
class ZoomImages:
    """Images scaled for one zoom."""

    tops: dict[tuple[str, int, int], pygame.Surface] = field(default_factory=dict)
    hex: dict[tuple[int, int], pygame.Surface] = field(default_factory=dict)
    numbers: dict[int, pygame.Surface | None] = field(default_factory=dict)
    labels: dict[str, pygame.Surface] = field(default_factory=dict)


class HexImages:
    """The scaled images of one board at the current zoom (see the module text)."""

    def __init__(self, board: HexMap, fonts: BoardFonts) -> None:
        self.board = board
        self.fonts = fonts
        self.zoom = -1.0
        self.now = ZoomImages()
        """The images of :attr:`zoom`."""
        self.kept: OrderedDict[float, ZoomImages] = OrderedDict()
        """The images of the last few other zooms, oldest first."""
        self.levels_shown = True
        """Whether hex tops carry their level number (the "levels" overlay)."""
        self._textures: dict[tuple[str, int], pygame.Surface] = {}

    def at_zoom(self, zoom: float) -> bool:
        """Swap in the images of ``zoom``; whether the zoom changed."""
        if zoom == self.zoom:
            return False
        if self.zoom > 0:
            self.kept[self.zoom] = self.now
        kept = self.kept.pop(zoom, None)
        self.now = kept if kept is not None else ZoomImages()
        while len(self.kept) > ZOOM_CACHES:
            self.kept.popitem(last=False)
        self.zoom = zoom
        return True

    def show_levels(self, on: bool) -> None:
        """Draw the level numbers on the tops or not (every zoom's tops are redrawn)."""
        self.levels_shown = on
        self.now.tops.clear()
        for zc in self.kept.values():
            zc.tops.clear()

    def tile_size(self) -> tuple[int, int]:
        b, z = self.board, self.zoom
        return int(math.ceil(b.tile_width * z)) + 2, int(math.ceil(b.tile_height * z)) + 2

    # ================================================================ tops
    def top(self, terrain: str, level: int, variant: int) -> pygame.Surface:
        """A hex top of ``terrain`` at ``level`` (tinted, edged, numbered)."""
        key = (terrain, level, variant)
        s = self.now.tops.get(key)
        if s is not None:
            return s
        z = self.zoom
        b = self.board
        tw, th = self.tile_size()
        base_key = (terrain, -999, variant)
        base = self.now.tops.get(base_key)
        if base is None:
            big = self._textures.get((terrain, variant))
            if big is None:  # drawn once, at twice the tile size, then scaled per zoom
                big = kept_texture(pal.terrain_style(terrain), 2 * b.tile_width,
                                   2 * b.tile_height, variant)
                self._textures[(terrain, variant)] = big
            base = pygame.transform.smoothscale(big, (tw, th))
            self.now.tops[base_key] = base
        s = base.copy()
        tint(s, level_factor(level))
        s.blit(self.hex_mask(tw, th), (0, 0))
        pygame.draw.polygon(s, pal.shade(pal.terrain_style(terrain).top, 0.42),
                            self.hex_points(tw, th), 1)
        if self.levels_shown:
            num = self.number(level)
            if num is not None:
                nw, nh = num.get_size()
                s.blit(num, (round(tw / 2 - nw / 2),
                             round(th / 2 - b.tile_height * z * 0.30 - nh / 2)))
        s = optimise(s)
        s.set_colorkey((255, 0, 255))
        self.now.tops[key] = s
        return s

    def hex_points(self, tw: int, th: int) -> list[Point]:
        """Corners of a hex centred in a ``tw`` x ``th`` box at the current zoom."""
        z = self.zoom
        b = self.board
        cx, cy = b.center(0)
        return [((x - cx) * z + (tw - 1) / 2, (y - cy) * z + (th - 1) / 2)
                for x, y in b.corners(0)]

    def hex_mask(self, tw: int, th: int) -> pygame.Surface:
        key = (tw, th)
        m = self.now.hex.get(key)
        if m is None:
            m = pygame.Surface((tw, th))
            m.fill((255, 0, 255))
            pygame.draw.polygon(m, (0, 0, 0), self.hex_points(tw, th))
            m.set_colorkey((0, 0, 0))
            self.now.hex[key] = m
        return m

    # ================================================================ level numbers
    def number(self, level: int) -> pygame.Surface | None:
        """A level number as drawn on a top (None when hexes are drawn too small)."""
        if level in self.now.numbers:
            return self.now.numbers[level]
        px = self.board.tile_height * self.zoom
        s = None
        if px >= LEVEL_NUMBERS_MIN_HEX:
            size = max(LEVEL_FONT_MIN, int(round(px * 0.21)))
            s = optimise(self.fonts.outlined(str(level), size), alpha=True)
        self.now.numbers[level] = s
        return s

    def number_at(self, cx: float, cy: float, level: int
                  ) -> tuple[pygame.Surface, tuple[int, int]] | None:
        """A cell's level number and where the map draws it (to the pixel), for a cell
        whose raised top is centred at ``(cx, cy)`` on a surface; None if hidden."""
        if not self.levels_shown:
            return None
        num = self.number(level)
        if num is None:
            return None
        tw, th = self.tile_size()
        x0 = math.floor(cx - (tw - 1) / 2 + 0.5)
        y0 = math.floor(cy - (th - 1) / 2 + 0.5)
        nw, nh = num.get_size()
        return num, (x0 + round(tw / 2 - nw / 2),
                     y0 + round(th / 2 - self.board.tile_height * self.zoom * 0.30 - nh / 2))

    def keep_number(self, surf: pygame.Surface, cx: float, cy: float, level: int) -> None:
        """Clear ``surf`` (an overlay) where a cell's level number is drawn on the map, so
        the number shows through every mark exactly as on the bare map."""
        num = self.number_at(cx, cy, level)
        if num is None:
            return
        key = f"erase:{level}"
        eraser = self.now.labels.get(key)
        if eraser is None:
            alpha = pygame.surfarray.array_alpha(num[0])
            eraser = pygame.Surface(num[0].get_size(), pygame.SRCALPHA)
            eraser.fill((255, 255, 255, 255))
            ea = pygame.surfarray.pixels_alpha(eraser)
            ea[alpha > 0] = 0
            del ea
            self.now.labels[key] = eraser
        surf.blit(eraser, num[1], special_flags=pygame.BLEND_RGBA_MULT)

    # ================================================================ labels and rings
    def cost_pill(self, cost: int | str, size: int, warn: bool = False) -> pygame.Surface:
        """An MP cost as outlined digits in the reach's colour on a dark chip (a level
        number is plain light digits at the top of its hex: the two never read alike);
        a jump's in orange after a warning triangle (the shape tells it apart without
        colour)."""
        key = f"cost:{cost}:{size}:{warn}"
        t = self.now.labels.get(key)
        if t is None:
            colour = COST_WARN if warn else COST
            text = self.fonts.outlined(str(cost), size, colour, pal.INK) if cost != "" \
                else None
            if not warn:
                assert text is not None
                t = cost_chip(text)
            else:
                h = text.get_height() if text is not None else self.fonts.get(size).get_height()
                tri = max(8.0, h * 0.62)
                w = int(tri * 1.2 + 2 + (text.get_width() if text is not None else 0))
                t = pygame.Surface((w, h), pygame.SRCALPHA)
                x, y = tri * 0.6, h / 2 + 1
                pts = [(x, y - tri / 2), (x + tri * 0.6, y + tri / 2),
                       (x - tri * 0.6, y + tri / 2)]
                pygame.draw.polygon(t, (*COST_WARN, 255), pts)
                pygame.draw.polygon(t, (*pal.INK, 255), pts, 2)
                if text is not None:
                    t.blit(text, (int(tri * 1.2 + 2), 0))
            t = optimise(t, alpha=True)
            self.now.labels[key] = t
        return t

    def text_pill(self, text: str, size: int, style: str) -> pygame.Surface:
        """A label on a pill: "target" (what clicking a ringed hex does) or "warn" (a
        jump's risk)."""
        key = f"{style}:{size}:{text}"
        t = self.now.labels.get(key)
        if t is None:
            if style == "target":
                t = self.fonts.pill(text, size, pal.INK, (*TARGET, 240), pal.INK)
            else:
                t = self.fonts.pill(text, size, pal.PAPER, (*pal.INK, 225), pal.ORANGE)
            self.now.labels[key] = t
        return t

    def ring(self, ring: str, r: float) -> pygame.Surface:
        """A dashed ring round a token for a rules mark ("clinging", "kneeling")."""
        key = f"ring:{ring}:{int(r)}"
        t = self.now.labels.get(key)
        if t is None:
            size = int(r * 2.9) + 4
            t = pygame.Surface((size, size), pygame.SRCALPHA)
            col = pal.ORANGE if ring == "clinging" else pal.PURPLE
            dashed_ring(t, (*pal.INK, 255), size / 2, size / 2, r * 1.32, max(4, int(r * .2)), 10)
            dashed_ring(t, (*col, 255), size / 2, size / 2, r * 1.32, max(2, int(r * .12)), 10)
            self.now.labels[key] = t
        return t


def cost_chip(text: pygame.Surface) -> pygame.Surface:
    """Friction 7: an MP cost's digits on a dark rounded chip with a light rim, so a cost
    never reads as a level number (plain outlined digits, no chip)."""
    w, h = text.get_size()
    pad = max(2, h // 6)
    chip = pygame.Surface((w + 2 * pad, h), pygame.SRCALPHA)
    r = chip.get_rect()
    pygame.draw.rect(chip, (*pal.INK, 215), r, border_radius=h // 2)
    pygame.draw.rect(chip, (*COST, 255), r, 1, border_radius=h // 2)
    chip.blit(text, (pad, 0))
    return chip
