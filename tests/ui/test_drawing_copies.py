"""The window's fills and copies split at a row-alignment boundary (game/ui/drawing.py)
leave the same pixels as one plain fill or blit would."""

import os

os.environ["SDL_VIDEODRIVER"] = "dummy"
os.environ["SDL_AUDIODRIVER"] = "dummy"
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

import random  # noqa: E402

import pygame  # noqa: E402
import pytest  # noqa: E402

from game.ui.drawing import blit_copy, fill_rect  # noqa: E402


@pytest.fixture(scope="module")
def screen() -> pygame.Surface:
    pygame.display.init()
    return pygame.display.set_mode((320, 200))


def _noise(size: tuple[int, int], seed: int, alpha: bool = False) -> pygame.Surface:
    rng = random.Random(seed)
    s = pygame.Surface(size, pygame.SRCALPHA) if alpha else pygame.Surface(size)
    for y in range(size[1]):
        for x in range(size[0]):
            s.set_at((x, y), (rng.randrange(256), rng.randrange(256), rng.randrange(256),
                              rng.randrange(256) if alpha else 255))
    return s.convert_alpha() if alpha else s.convert()


def test_blit_copy_leaves_the_pixels_one_blit_leaves(screen: pygame.Surface) -> None:
    rng = random.Random(3)
    back = _noise((320, 200), 1)
    for k in range(60):
        alpha = k % 3 == 0
        src = _noise((rng.randrange(1, 150), rng.randrange(1, 40)), 10 + k, alpha)
        sub = (0, 0, 320, 200) if k % 2 else (rng.randrange(0, 40), rng.randrange(0, 30),
                                              200, 120)
        dest = (rng.randrange(-30, 260), rng.randrange(-10, 180))
        area = None if k % 4 else pygame.Rect(rng.randrange(0, 8), 0, src.get_width(),
                                              src.get_height())
        want, got = back.copy(), back.copy()
        want.subsurface(sub).blit(src, dest, area)
        blit_copy(got.subsurface(sub), src, dest, area)
        assert pygame.image.tobytes(got, "RGBA") == pygame.image.tobytes(want, "RGBA"), k


def test_fill_rect_leaves_the_pixels_one_fill_leaves(screen: pygame.Surface) -> None:
    rng = random.Random(4)
    back = _noise((320, 200), 2)
    for k in range(40):
        r = pygame.Rect(rng.randrange(-20, 300), rng.randrange(-10, 190),
                        rng.randrange(1, 200), rng.randrange(1, 60))
        want, got = back.copy(), back.copy()
        want.fill((10, 200, 30), r)
        fill_rect(got, (10, 200, 30), r)
        assert pygame.image.tobytes(got, "RGBA") == pygame.image.tobytes(want, "RGBA"), k
