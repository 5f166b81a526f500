"""Draw the figure emblems and the window icon: ``python tools/make_sprites.py``.

Outputs (committed; the output is the same on every run):

* ``sprites/figures/<kind>.png``: 128x128 emblems with transparency for hobbit, dwarf,
  goblin, human, orc, elf, the multi-hex horseman, giant (and any 3-4 hex "large"
  figure) and dragon (and "huge"), and a generic pawn: a light fill with a thick dark outline and
  dark details, so they read on every side colour of the board's figure bases;
* ``sprites/ui/icon.png``: the 64x64 window icon, a raised hex with a little figure.

Everything is drawn with pygame primitives on offscreen surfaces (no display needed).
An emblem is drawn twice: first its silhouette, stamped in the outline colour around a
disc of offsets to make a thick outline, then the silhouette in the light fill and the
details (faces, beards, blades) on top.
"""

from __future__ import annotations

import math
import os
import sys
from collections.abc import Callable
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

import pygame  # noqa: E402

ROOT = Path(__file__).resolve().parents[1]
FIGURES = ROOT / "sprites" / "figures"
UI = ROOT / "sprites" / "ui"

SIZE = 128
FILL = (244, 238, 222)
"""The light fill of every emblem."""
SHADE = (206, 198, 180)
"""A second, darker light tone for parts that should stand apart (beards, blades)."""
INK = (28, 24, 22)
"""Outline and details."""
OUTLINE = 5
"""Outline thickness in pixels at 128x128."""

Colour = tuple[int, int, int]
Point = tuple[float, float]
Shape = Callable[[pygame.Surface, Colour], None]


# ---------------------------------------------------------------------------- helpers
def ellipse(s: pygame.Surface, c: Colour, cx: float, cy: float, rx: float, ry: float) -> None:
    pygame.draw.ellipse(s, c, pygame.Rect(round(cx - rx), round(cy - ry), round(2 * rx),
                                          round(2 * ry)))


def poly(s: pygame.Surface, c: Colour, pts: list[Point], width: int = 0) -> None:
    pygame.draw.polygon(s, c, [(round(x), round(y)) for x, y in pts], width)


def line(s: pygame.Surface, c: Colour, a: Point, b: Point, width: int) -> None:
    pygame.draw.line(s, c, (round(a[0]), round(a[1])), (round(b[0]), round(b[1])), width)


def thick_arc(s: pygame.Surface, c: Colour, cx: float, cy: float, r: float, a0: float,
              a1: float, width: float) -> None:
    """An arc as a polygon band (pygame's arc leaves gaps), angles in degrees, y down."""
    n = 24
    outer = [(cx + (r + width / 2) * math.cos(math.radians(a0 + (a1 - a0) * k / n)),
              cy + (r + width / 2) * math.sin(math.radians(a0 + (a1 - a0) * k / n)))
             for k in range(n + 1)]
    inner = [(cx + (r - width / 2) * math.cos(math.radians(a0 + (a1 - a0) * k / n)),
              cy + (r - width / 2) * math.sin(math.radians(a0 + (a1 - a0) * k / n)))
             for k in range(n, -1, -1)]
    poly(s, c, outer + inner)


def emblem(shape: Shape, details: Callable[[pygame.Surface], None]) -> pygame.Surface:
    """Outline, fill and details of one emblem on a transparent 128x128 surface."""
    sil = pygame.Surface((SIZE, SIZE), pygame.SRCALPHA)
    shape(sil, (255, 255, 255))
    mask = pygame.mask.from_surface(sil)
    dark = mask.to_surface(setcolor=(*INK, 255), unsetcolor=(0, 0, 0, 0))
    out = pygame.Surface((SIZE, SIZE), pygame.SRCALPHA)
    for dx in range(-OUTLINE, OUTLINE + 1):
        for dy in range(-OUTLINE, OUTLINE + 1):
            if dx * dx + dy * dy <= OUTLINE * OUTLINE + 1:
                out.blit(dark, (dx, dy))
    body = pygame.Surface((SIZE, SIZE), pygame.SRCALPHA)
    shape(body, FILL)
    out.blit(body, (0, 0))
    details(out)
    return out


# ---------------------------------------------------------------------------- emblems
def hobbit_shape(s: pygame.Surface, c: Colour) -> None:
    ellipse(s, c, 64, 88, 30, 26)  # round body
    ellipse(s, c, 64, 52, 20, 19)  # head
    for k in range(9):  # curls round the top of the head
        a = math.radians(180 + k * 22.5)
        ellipse(s, c, 64 + 20 * math.cos(a), 50 + 19 * math.sin(a), 7, 7)
    ellipse(s, c, 46, 114, 13, 7)  # big feet
    ellipse(s, c, 82, 114, 13, 7)


def hobbit_details(s: pygame.Surface) -> None:
    for k in range(9):
        a = math.radians(180 + k * 22.5)
        pygame.draw.circle(s, INK, (round(64 + 20 * math.cos(a)), round(50 + 19 * math.sin(a))),
                           4, 2)
    pygame.draw.circle(s, INK, (57, 54), 3)
    pygame.draw.circle(s, INK, (71, 54), 3)
    pygame.draw.arc(s, INK, pygame.Rect(56, 56, 16, 10), math.pi * 1.1, math.pi * 1.9, 2)
    line(s, INK, (64, 72), (64, 106), 2)  # waistcoat
    pygame.draw.circle(s, INK, (58, 84), 2)
    pygame.draw.circle(s, INK, (58, 95), 2)


def dwarf_shape(s: pygame.Surface, c: Colour) -> None:
    poly(s, c, [(28, 118), (34, 70), (94, 70), (100, 118)])  # broad body
    ellipse(s, c, 64, 44, 22, 20)  # head
    poly(s, c, [(40, 42), (64, 18), (88, 42)])  # helmet
    poly(s, c, [(42, 50), (86, 50), (78, 100), (64, 108), (50, 100)])  # beard
    # axe: handle and a crescent blade, held at the right
    poly(s, c, [(104, 24), (110, 24), (110, 122), (104, 122)])
    poly(s, c, [(107, 28), (124, 20), (126, 40), (124, 60), (107, 52)])


def dwarf_details(s: pygame.Surface) -> None:
    poly(s, SHADE, [(44, 52), (84, 52), (77, 98), (64, 105), (51, 98)])
    for x in (54, 64, 74):
        line(s, INK, (x, 60), (x + (64 - x) * 0.3, 100), 2)
    line(s, INK, (40, 42), (88, 42), 3)  # helmet rim
    line(s, INK, (64, 20), (64, 42), 2)
    pygame.draw.circle(s, INK, (56, 47), 3)
    pygame.draw.circle(s, INK, (72, 47), 3)
    poly(s, SHADE, [(112, 30), (122, 25), (123, 40), (122, 55), (112, 50)])
    line(s, INK, (107, 60), (107, 120), 2)


def goblin_shape(s: pygame.Surface, c: Colour) -> None:
    ellipse(s, c, 64, 96, 22, 22)  # small body
    ellipse(s, c, 64, 60, 20, 18)  # head
    poly(s, c, [(48, 54), (12, 36), (46, 70)])  # pointy ears
    poly(s, c, [(80, 54), (116, 36), (82, 70)])
    poly(s, c, [(86, 94), (108, 76), (112, 80), (90, 100)])  # a little knife


def goblin_details(s: pygame.Surface) -> None:
    poly(s, SHADE, [(46, 56), (20, 40), (45, 66)])
    poly(s, SHADE, [(82, 56), (108, 40), (83, 66)])
    poly(s, INK, [(52, 55), (61, 59), (52, 61)])  # slanted eyes
    poly(s, INK, [(76, 55), (67, 59), (76, 61)])
    line(s, INK, (56, 70), (72, 70), 2)
    poly(s, INK, [(59, 70), (61, 74), (63, 70)])
    poly(s, INK, [(65, 70), (67, 74), (69, 70)])


def human_shape(s: pygame.Surface, c: Colour) -> None:
    poly(s, c, [(34, 120), (38, 78), (90, 78), (94, 120)])  # shoulders and body
    ellipse(s, c, 64, 52, 20, 22)  # helmeted head
    poly(s, c, [(40, 56), (64, 22), (88, 56)])
    # sword held upright at the right
    poly(s, c, [(104, 8), (112, 8), (112, 86), (104, 86)])
    poly(s, c, [(94, 86), (122, 86), (122, 93), (94, 93)])
    poly(s, c, [(104, 93), (112, 93), (112, 110), (104, 110)])


def human_details(s: pygame.Surface) -> None:
    poly(s, SHADE, [(106, 12), (110, 12), (110, 84), (106, 84)])
    line(s, INK, (108, 14), (108, 82), 1)
    line(s, INK, (42, 52), (86, 52), 3)  # helmet rim
    line(s, INK, (64, 52), (64, 70), 4)  # nasal
    pygame.draw.circle(s, INK, (55, 60), 3)
    pygame.draw.circle(s, INK, (73, 60), 3)
    line(s, INK, (64, 80), (64, 118), 2)
    line(s, INK, (40, 96), (88, 96), 2)


def orc_shape(s: pygame.Surface, c: Colour) -> None:
    poly(s, c, [(20, 122), (26, 76), (102, 76), (108, 122)])  # very broad
    ellipse(s, c, 64, 56, 28, 24)  # big head
    poly(s, c, [(38, 70), (90, 70), (84, 84), (44, 84)])  # heavy jaw


def orc_details(s: pygame.Surface) -> None:
    line(s, INK, (38, 44), (60, 52), 5)  # heavy brow
    line(s, INK, (90, 44), (68, 52), 5)
    pygame.draw.circle(s, INK, (52, 58), 4)
    pygame.draw.circle(s, INK, (76, 58), 4)
    poly(s, INK, [(60, 62), (68, 62), (64, 68)])  # flat nose
    line(s, INK, (42, 80), (86, 80), 3)  # wide mouth
    for x in (44, 74):  # tusks jutting up from the jaw
        poly(s, (255, 255, 250), [(x, 81), (x + 5, 68), (x + 10, 81)])
        poly(s, INK, [(x, 81), (x + 5, 68), (x + 10, 81)], 2)
    line(s, INK, (40, 100), (88, 100), 2)


def elf_shape(s: pygame.Surface, c: Colour) -> None:
    poly(s, c, [(48, 122), (52, 74), (76, 74), (80, 122)])  # slender body
    ellipse(s, c, 64, 50, 14, 19)  # narrow head
    poly(s, c, [(52, 50), (28, 26), (52, 60)])  # long ears
    poly(s, c, [(76, 50), (100, 26), (76, 60)])
    thick_arc(s, c, 82, 76, 38, -70, 70, 7)  # bow
    line(s, c, (95, 40), (95, 112), 3)  # string


def elf_details(s: pygame.Surface) -> None:
    thick_arc(s, SHADE, 82, 76, 38, -66, 66, 3)
    line(s, INK, (95, 42), (95, 110), 1)
    pygame.draw.circle(s, INK, (58, 52), 2)
    pygame.draw.circle(s, INK, (70, 52), 2)
    # a leaf brooch on the chest
    poly(s, INK, [(64, 80), (70, 90), (64, 100), (58, 90)], 2)
    line(s, INK, (64, 82), (64, 98), 1)


def generic_shape(s: pygame.Surface, c: Colour) -> None:
    poly(s, c, [(36, 116), (48, 70), (80, 70), (92, 116)])  # a pawn
    ellipse(s, c, 64, 46, 22, 22)
    ellipse(s, c, 64, 116, 34, 8)


def generic_details(s: pygame.Surface) -> None:
    line(s, INK, (46, 72), (82, 72), 3)
    ellipse(s, SHADE, 58, 40, 7, 7)


def horseman_shape(s: pygame.Surface, c: Colour) -> None:
    poly(s, c, [(14, 92), (26, 64), (92, 60), (112, 40), (124, 52), (108, 80), (100, 96),
                (18, 100)])  # the horse's body and neck, head up at the right
    for x in (24, 40, 80, 94):  # legs
        poly(s, c, [(x, 96), (x + 8, 96), (x + 8, 124), (x, 124)])
    poly(s, c, [(50, 66), (48, 30), (72, 30), (70, 66)])  # the rider
    ellipse(s, c, 60, 20, 12, 13)
    poly(s, c, [(74, 44), (126, 6), (128, 12), (78, 52)])  # a lance


def horseman_details(s: pygame.Surface) -> None:
    pygame.draw.circle(s, INK, (114, 48), 3)  # the horse's eye
    line(s, INK, (96, 58), (112, 40), 2)  # mane
    line(s, INK, (30, 80), (96, 78), 2)
    pygame.draw.circle(s, INK, (56, 20), 2)
    pygame.draw.circle(s, INK, (64, 20), 2)
    line(s, SHADE, (80, 46), (124, 12), 2)


def giant_shape(s: pygame.Surface, c: Colour) -> None:
    poly(s, c, [(16, 124), (22, 70), (106, 70), (112, 124)])  # a huge body
    ellipse(s, c, 64, 44, 24, 26)
    poly(s, c, [(96, 74), (116, 10), (128, 14), (110, 80)])  # a club over the shoulder
    ellipse(s, c, 120, 14, 9, 12)


def giant_details(s: pygame.Surface) -> None:
    line(s, INK, (46, 34), (58, 38), 4)
    line(s, INK, (82, 34), (70, 38), 4)
    pygame.draw.circle(s, INK, (55, 44), 4)
    pygame.draw.circle(s, INK, (73, 44), 4)
    line(s, INK, (52, 58), (76, 58), 3)
    poly(s, SHADE, [(30, 84), (98, 84), (96, 96), (32, 96)])  # a belt
    line(s, INK, (64, 72), (64, 122), 2)


def dragon_shape(s: pygame.Surface, c: Colour) -> None:
    poly(s, c, [(8, 60), (40, 20), (56, 56)])  # wings
    poly(s, c, [(120, 60), (88, 20), (72, 56)])
    ellipse(s, c, 64, 76, 28, 34)  # body
    poly(s, c, [(52, 50), (64, 8), (76, 50)])  # neck and head
    poly(s, c, [(56, 104), (20, 124), (60, 114)])  # tail


def dragon_details(s: pygame.Surface) -> None:
    for x in (24, 36):
        line(s, INK, (x, 34 + (x - 24)), (48, 54), 2)
    for x in (104, 92):
        line(s, INK, (x, 34 + (104 - x)), (80, 54), 2)
    pygame.draw.circle(s, INK, (60, 22), 2)
    pygame.draw.circle(s, INK, (68, 22), 2)
    for y in (70, 82, 94):
        line(s, INK, (52, y), (76, y), 2)


KINDS: dict[str, tuple[Shape, Callable[[pygame.Surface], None]]] = {
    "horseman": (horseman_shape, horseman_details),
    "giant": (giant_shape, giant_details),
    "large": (giant_shape, giant_details),
    "dragon": (dragon_shape, dragon_details),
    "huge": (dragon_shape, dragon_details),
    "hobbit": (hobbit_shape, hobbit_details),
    "dwarf": (dwarf_shape, dwarf_details),
    "goblin": (goblin_shape, goblin_details),
    "human": (human_shape, human_details),
    "orc": (orc_shape, orc_details),
    "elf": (elf_shape, elf_details),
    "generic": (generic_shape, generic_details),
}


# ---------------------------------------------------------------------------- icon
def icon() -> pygame.Surface:
    """A 64x64 raised grass hex with a vermillion-based figure on it."""
    s = pygame.Surface((64, 64), pygame.SRCALPHA)
    cx, cy, r = 32, 26, 24
    top = [(cx + r * math.cos(math.radians(a)), cy + r * 0.78 * math.sin(math.radians(a)))
           for a in (-90, -30, 30, 90, 150, 210)]
    depth = 10
    sides = [top[1], top[2], top[3], top[4], top[5]]
    poly(s, (60, 44, 30), [*sides, (sides[-1][0], sides[-1][1] + depth),
                           *[(x, y + depth) for x, y in reversed(sides[:-1])]])
    poly(s, (110, 82, 52), [top[2], top[3], (top[3][0], top[3][1] + depth),
                            (top[2][0], top[2][1] + depth)])
    poly(s, (92, 68, 44), [top[3], top[4], (top[4][0], top[4][1] + depth),
                           (top[3][0], top[3][1] + depth)])
    poly(s, (96, 162, 66), top)
    poly(s, INK, top, 2)
    pygame.draw.circle(s, (213, 94, 0), (cx, cy + 2), 13)
    pygame.draw.circle(s, INK, (cx, cy + 2), 13, 2)
    fig = pygame.transform.smoothscale(emblem(*KINDS["human"]), (24, 24))
    s.blit(fig, (cx - 12, cy - 11))
    return s


def main() -> None:
    pygame.display.init()
    FIGURES.mkdir(parents=True, exist_ok=True)
    UI.mkdir(parents=True, exist_ok=True)
    for kind, (shape, details) in KINDS.items():
        pygame.image.save(emblem(shape, details), str(FIGURES / f"{kind}.png"))
    pygame.image.save(icon(), str(UI / "icon.png"))
    print(f"wrote {len(KINDS)} emblems to {FIGURES.relative_to(ROOT)} and the icon to "
          f"{UI.relative_to(ROOT)}", file=sys.stderr)


if __name__ == "__main__":
    main()
