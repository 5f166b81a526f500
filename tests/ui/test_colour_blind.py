"""Colour never carries meaning alone: the sides and every overlay stay apart for players
with deuteranopia or protanopia (DESIGN: Look). Frames are rendered and passed through a
simulation of each (Machado, Oliveira and Fernandes 2009, severity 1, in linear RGB)."""

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")

import numpy as np  # noqa: E402
import pygame  # noqa: E402
import pytest  # noqa: E402

from game.boards.hexmap import HexMap  # noqa: E402
from game.core.places import Cell  # noqa: E402
from game.core.ruleset import PieceView  # noqa: E402
from game.ui import palette as pal  # noqa: E402
from game.ui.boards.hexes import HexBoardView  # noqa: E402

MACHADO = {
    "deuteranopia": np.array([[0.367322, 0.860646, -0.227968],
                              [0.280085, 0.672501, 0.047413],
                              [-0.011820, 0.042940, 0.968881]]),
    "protanopia": np.array([[0.152286, 1.052583, -0.204868],
                            [0.114503, 0.786281, 0.099216],
                            [-0.003882, -0.048116, 1.051998]]),
}


def _lin(c):
    c = c / 255.0
    return np.where(c <= 0.04045, c / 12.92, ((c + 0.055) / 1.055) ** 2.4)


def _srgb(c):
    c = np.clip(c, 0, 1)
    return np.where(c <= 0.0031308, 12.92 * c, 1.055 * c ** (1 / 2.4) - 0.055) * 255


def simulate(rgb, kind):
    """An (..., 3) array of sRGB colours as a person with ``kind`` sees them."""
    return _srgb(_lin(np.asarray(rgb, dtype=float)) @ MACHADO[kind].T)


def lab(rgb):
    x = _lin(np.asarray(rgb, dtype=float)) @ np.array([[0.4124, 0.3576, 0.1805],
                                                        [0.2126, 0.7152, 0.0722],
                                                        [0.0193, 0.1192, 0.9505]]).T
    x = x / np.array([0.95047, 1.0, 1.08883])
    f = np.where(x > 0.008856, np.cbrt(x), 7.787 * x + 16 / 116)
    return np.stack([116 * f[..., 1] - 16, 500 * (f[..., 0] - f[..., 1]),
                     200 * (f[..., 1] - f[..., 2])], axis=-1)


def delta_e(a, b):
    return float(np.linalg.norm(lab(a) - lab(b)))


@pytest.mark.parametrize("kind", MACHADO)
def test_side_colours_stay_apart(kind):
    cols = [simulate(c, kind) for c in pal.SIDE_COLOURS]
    for i in range(len(cols)):
        for j in range(i + 1, len(cols)):
            assert delta_e(cols[i], cols[j]) > 15, (kind, i, j)


@pytest.mark.parametrize("kind", MACHADO)
def test_overlay_colours_stay_apart(kind):
    from game.ui.boards import hexes

    reach, jump = simulate(hexes.REACH_EDGE[:3], kind), simulate(hexes.JUMP_EDGE[:3], kind)
    assert delta_e(reach, jump) > 15


def _frame():
    pygame.display.init()
    screen = pygame.display.set_mode((640, 480))
    b = HexMap(np.zeros((6, 8), dtype=int))
    v = HexBoardView(b, (640, 480), sides=["a", "b"])
    v.camera.set_zoom(1.6)
    pieces = [PieceView("p", "P", "a", "human", "Human", Cell(b.index(2, 2)), facing=0,
                        health=10, health_max=10),
              PieceView("q", "Q", "b", "human", "Human", Cell(b.index(5, 2)), facing=3,
                        health=10, health_max=10)]
    v.set_reach({b.index(2, 4): 2}, set(), {b.index(4, 4): "3d6"})
    screen.fill((0, 0, 0))
    v.draw(screen, pieces)
    arr = pygame.surfarray.array3d(screen).transpose(1, 0, 2).astype(float)
    return v, b, arr


def _crop(arr, v, cell, r):
    x, y = (int(t) for t in v.cell_screen_pos(cell))
    return arr[y - r:y + r, x - r:x + r]


@pytest.mark.parametrize("kind", [*MACHADO, "grey"])
def test_sides_and_overlays_differ_by_shape_not_only_colour(kind):
    """Even with no colour at all, the two sides' tokens (ring patterns) and a reach hex
    and a jump hex (the warning mark) look different."""
    v, b, arr = _frame()
    seen = simulate(arr, kind) if kind in MACHADO else arr
    grey = seen @ np.array([0.299, 0.587, 0.114])  # luminance only: no colour left
    r = int(v.base_radius)
    a = _crop(grey, v, b.index(2, 2), r)
    q = np.flip(_crop(grey, v, b.index(5, 2), r), axis=1)  # faces the other way
    assert np.abs(a - q).mean() > 6, "the two sides' tokens look alike without colour"
    reach = _crop(grey, v, b.index(2, 4), r)
    jump = _crop(grey, v, b.index(4, 4), r)
    assert np.abs(reach - jump).mean() > 6, "reach and jump hexes look alike without colour"
