"""Figure tokens as painted miniatures seen from above, for every board view.

A token is a round base in its side's colour (Okabe-Ito) with the side's ring pattern
(so colour never carries meaning alone), the emblem of its kind, a facing notch when it
has a facing, a health bar over it and its name under it. Each image is composed once per
size and kept; the view blits them.
"""

from __future__ import annotations

import math
from collections.abc import Iterable
from pathlib import Path

import pygame

from game.core.ruleset import PieceView
from game.ui import palette as pal
from game.ui.drawing import BoardFonts, dashed_ring, optimise

ROOT = Path(__file__).resolve().parents[2]
SPRITES = ROOT / "sprites" / "figures"
GENERIC_KIND = "generic"
CACHE_LIMIT = 2048
"""Composed images kept before the cache starts afresh (a zoom change makes new ones)."""
TEXT_MIN = 12
"""Smallest font of a token's label (pixels): readable at 1280x720."""


def token_badges(pieces: Iterable[PieceView]) -> dict[str, str]:
    """Piece id -> the mark on its token that tells it from the other pieces of its side
    and kind (two goblins look alike at a glance): the number its name ends in ("Orc 2"),
    else the first letter of its name, or as many as it takes. Pieces unlike any other of
    their side get none. The card and the roster show the same names, so the mark reads
    back to them."""
    groups: dict[tuple[str, str], list[PieceView]] = {}
    for p in pieces:
        groups.setdefault((p.side, p.kind), []).append(p)
    out: dict[str, str] = {}
    for group in groups.values():
        if len(group) < 2:
            continue
        names = [p.name.strip() or p.id for p in group]
        tails = [n.rsplit(" ", 1)[-1] for n in names]
        words = [n.replace(" ", "") for n in names]
        if all(t.isdigit() and len(t) <= 2 for t in tails) and len(set(tails)) == len(tails):
            marks = tails
        elif len({w[:1].lower() for w in words}) == len(words):
            marks = [w[:1].upper() for w in words]
        elif len({w[:2].lower() for w in words}) == len(words):
            marks = [w[:2].capitalize() for w in words]
        else:  # names alike: numbers in the order the pieces are listed
            marks = [str(k) for k in range(1, len(group) + 1)]
        for p, mk in zip(group, marks, strict=True):
            out[p.id] = mk
    return out


class TokenPainter:
    """Composes token images: base, ring, emblem, facing notch; bars and labels."""

    def __init__(self, sprites: Path = SPRITES, fonts: BoardFonts | None = None) -> None:
        self.sprites = sprites
        self.fonts = fonts or BoardFonts()
        self._emblem_src: dict[str, pygame.Surface] = {}
        self._cache: dict[tuple[object, ...], pygame.Surface] = {}

    def _keep(self, key: tuple[object, ...], s: pygame.Surface) -> pygame.Surface:
        if len(self._cache) > CACHE_LIMIT:
            self._cache.clear()
        self._cache[key] = s
        return s

    def emblem(self, kind: str, size: int) -> pygame.Surface:
        """The kind's emblem (sprites/figures/KIND.png, else a generic pawn) at ``size``."""
        key = ("emblem", kind, size)
        e = self._cache.get(key)
        if e is None:
            src = self._emblem_src.get(kind)
            if src is None:
                path = self.sprites / f"{kind}.png"
                if not path.is_file():
                    path = self.sprites / f"{GENERIC_KIND}.png"
                try:
                    src = pygame.image.load(str(path))
                except (pygame.error, FileNotFoundError):
                    src = pygame.Surface((128, 128), pygame.SRCALPHA)
                    pygame.draw.circle(src, (*pal.PAPER, 255), (64, 64), 40)
                    pygame.draw.circle(src, (*pal.INK, 255), (64, 64), 40, 8)
                src = optimise(src, alpha=True)
                self._emblem_src[kind] = src
            e = self._keep(key, pygame.transform.smoothscale(src, (size, size)))
        return e

    def token(self, kind: str, side: int, radius: float,
              facing: tuple[float, float] | None, pose: str, badge: str = "") -> pygame.Surface:
        """A figure's base, ring, emblem and facing notch, centred in its image.

        ``facing``: a unit vector on screen (None: no notch); ``pose``: "ok", "prone"
        (emblem lying, grey) or "unconscious" (base greyed too, no notch); ``badge``: a
        short mark on a light disc at the upper right (see :func:`token_badges`).
        """
        fkey = None if facing is None else (round(facing[0], 3), round(facing[1], 3))
        r = max(6.0, radius)
        key = ("token", kind, side, round(r, 2), fkey, pose, badge)
        s = self._cache.get(key)
        if s is not None:
            return s
        half = int(math.ceil(r * 1.45)) + 2
        s = pygame.Surface((2 * half, 2 * half), pygame.SRCALPHA)
        c = float(half)
        colour = pal.side_colour(side)
        ring = pal.side_ring(side)
        down = pose == "unconscious"
        if down:
            colour = pal.grey(colour, 0.55)
        # shadow on the table, then the base with a light bevel
        sh = pygame.Rect(0, 0, int(2 * r * 1.02), int(2 * r * 0.98))
        sh.center = (round(c + r * 0.10), round(c + r * 0.16))
        pygame.draw.ellipse(s, (0, 0, 0, 90), sh)
        pygame.draw.circle(s, (*pal.INK, 255), (c, c), r)
        pygame.draw.circle(s, (*colour, 255), (c, c), r - 1.5)
        pygame.draw.circle(s, (*pal.shade(colour, 1.25), 255), (c - r * 0.05, c - r * 0.06),
                           r * 0.80, max(1, int(r * 0.08)))
        pygame.draw.circle(s, (*colour, 255), (c, c), r * 0.72)
        # the side's ring pattern (its not-colour cue)
        rr = r * 0.86
        w = max(2, int(round(r * 0.13)))
        light = (*pal.PAPER, 255) if not down else (*pal.grey(pal.PAPER, 0.8), 255)
        if ring == "solid":
            pygame.draw.circle(s, (*pal.INK, 255), (c, c), rr + w / 2, w)
        elif ring == "dashed":
            dashed_ring(s, light, c, c, rr, w, 8)
        elif ring == "double":
            pygame.draw.circle(s, light, (c, c), rr + w * 0.9, max(1, w // 2 + 1))
            pygame.draw.circle(s, light, (c, c), rr - w * 0.3, max(1, w // 2 + 1))
        else:
            for k in range(12):
                a = k * math.pi / 6
                pygame.draw.circle(s, light, (c + rr * math.cos(a), c + rr * math.sin(a)),
                                   max(1.5, w * 0.65))
        # the emblem, lying down if prone or unconscious
        size = max(4, int(r * 1.5))
        e = self.emblem(kind, size)
        if pose != "ok":
            e = pygame.transform.rotate(e, -90)
            e = pygame.transform.grayscale(e)
            if down:
                e = e.copy()
                e.set_alpha(170)
        s.blit(e, (round(c - e.get_width() / 2), round(c - e.get_height() / 2 - r * 0.04)))
        # facing notch: a light triangle on the rim pointing the way the figure faces
        if facing is not None and not down:
            dx, dy = facing
            px, py = -dy, dx
            tip = (c + dx * r * 1.38, c + dy * r * 1.38)
            b1 = (c + dx * r * 0.86 + px * r * 0.36, c + dy * r * 0.86 + py * r * 0.36)
            b2 = (c + dx * r * 0.86 - px * r * 0.36, c + dy * r * 0.86 - py * r * 0.36)
            pygame.draw.polygon(s, (*pal.PAPER, 255), [tip, b1, b2])
            pygame.draw.polygon(s, (*pal.INK, 255), [tip, b1, b2], max(1, int(r * 0.09)))
        if badge:
            t = self.fonts.get(max(TEXT_MIN - 1, min(16, int(r * 0.5)))).render(badge, True,
                                                                              pal.INK)
            br = max(t.get_width(), t.get_height()) / 2 + 1
            bx, by = c + r * 0.74, c - r * 0.70
            bx, by = min(bx, 2 * half - br - 1), max(by, br + 1)
            pygame.draw.circle(s, (*pal.INK, 255), (bx, by), br + 1.5)
            pygame.draw.circle(s, (*pal.PAPER, 255), (bx, by), br)
            s.blit(t, (round(bx - t.get_width() / 2), round(by - t.get_height() / 2)))
        return self._keep(key, optimise(s, alpha=True))

    def bar(self, health: int, health_max: int, radius: float) -> pygame.Surface:
        """A health bar as wide as the base, one tick per point when there is room."""
        r = max(6.0, radius)
        key = ("bar", health, health_max, round(r, 2))
        s = self._cache.get(key)
        if s is None:
            w, h = max(12, int(r * 1.5)), max(4, int(r * 0.24))
            s = pygame.Surface((w, h), pygame.SRCALPHA)
            s.fill((*pal.INK, 235))
            frac = 0.0 if health_max <= 0 else max(0.0, min(1.0, health / health_max))
            fill = int(round((w - 2) * frac))
            if fill > 0:
                pygame.draw.rect(s, (*pal.st_colour(frac), 255), (1, 1, fill, h - 2))
            if 0 < health_max <= 30 and (w - 2) / health_max >= 4:
                for k in range(1, health_max):
                    x = 1 + round((w - 2) * k / health_max)
                    pygame.draw.line(s, (*pal.INK, 150), (x, 1), (x, h - 2))
            s = self._keep(key, optimise(s, alpha=True))
        return s

    def label(self, text: str, radius: float) -> pygame.Surface:
        """The name on a dark pill under the base."""
        size = max(TEXT_MIN, int(radius * 0.62))
        key = ("label", text, size)
        s = self._cache.get(key)
        if s is None:
            s = self._keep(key, optimise(self.fonts.pill(text, size, pal.PAPER,
                                                         (*pal.INK, 200)), alpha=True))
        return s
