"""Terrain textures for board tops, drawn once per terrain and variant from fixed noise
(seeded with constants: the board looks the same every run), for every board view."""

from __future__ import annotations

import numpy as np
import pygame
from numpy.typing import NDArray

from game.ui import palette as pal

_NOISE_RES = 128


def _smooth_noise(rng: np.random.Generator, cells: int) -> NDArray[np.float32]:
    """Value noise in [-1, 1] on a 128x128 grid from a ``cells`` x ``cells`` lattice."""
    g = rng.uniform(-1.0, 1.0, (cells + 1, cells + 1))
    t = np.arange(_NOISE_RES) * cells / _NOISE_RES
    i = t.astype(np.int64)
    f = t - i
    f = f * f * (3 - 2 * f)
    a = g[i][:, i] * (1 - f)[None, :] + g[i][:, i + 1] * f[None, :]
    b = g[i + 1][:, i] * (1 - f)[None, :] + g[i + 1][:, i + 1] * f[None, :]
    return (a * (1 - f)[:, None] + b * f[:, None]).astype(np.float32)


_FIELDS: list[dict[str, NDArray[np.float32]]] = []


def _fields(variant: int) -> dict[str, NDArray[np.float32]]:
    """Fixed noise fields (seeded with constants: the board looks the same every run)."""
    if not _FIELDS:
        for v in range(3):
            rng = np.random.default_rng(20240611 + 7919 * v)
            blotch = 0.65 * _smooth_noise(rng, 5) + 0.35 * _smooth_noise(rng, 11)
            ridge = np.abs(_smooth_noise(rng, 4) + 0.4 * _smooth_noise(rng, 9))
            fine = rng.uniform(-1.0, 1.0, (_NOISE_RES, _NOISE_RES)).astype(np.float32)
            _FIELDS.append({"blotch": blotch, "ridge": ridge.astype(np.float32),
                            "fine": fine})
    return _FIELDS[variant % len(_FIELDS)]


def texture(style: pal.TerrainStyle, tw: int, th: int, variant: int) -> NDArray[np.uint8]:
    """An RGB array ``(tw, th, 3)`` of the terrain's top texture at that size."""
    f = _fields(variant)
    xs = (np.arange(tw) * _NOISE_RES // max(1, tw)).astype(np.int64)
    ys = (np.arange(th) * _NOISE_RES // max(1, th)).astype(np.int64)
    blotch = f["blotch"][np.ix_(xs, ys)]
    fine = f["fine"][np.ix_(xs, ys)]
    ridge = f["ridge"][np.ix_(xs, ys)]
    base = np.array(style.top, dtype=np.float32)
    u = (np.arange(tw, dtype=np.float32) / max(1, tw))[:, None]
    v = (np.arange(th, dtype=np.float32) / max(1, th))[None, :]
    kind = style.texture
    if kind == "grass":
        lum = 1 + 0.10 * blotch + 0.06 * fine
        rgb = base * lum[..., None]
        tuft = fine > 0.86
        rgb[tuft] = rgb[tuft] * np.array([1.18, 1.22, 0.95], dtype=np.float32)
        rgb[fine < -0.9] *= 0.78
    elif kind == "dirt":
        rgb = base * (1 + 0.09 * blotch + 0.07 * fine)[..., None]
        rgb[fine > 0.93] *= 1.25
        rgb[fine < -0.93] *= 0.8
    elif kind == "rock":
        rgb = base * (1 + 0.13 * blotch + 0.05 * fine)[..., None]
        rgb[ridge < 0.045] *= 0.66
        rgb[(ridge >= 0.045) & (ridge < 0.075)] *= 1.08
    elif kind == "sand":
        ripple = np.sin((v * 7 + 0.6 * blotch + 0.25 * u) * 2 * np.pi)
        rgb = base * (1 + 0.035 * ripple + 0.04 * blotch + 0.045 * fine)[..., None]
    elif kind == "water":
        shade = 1 + 0.08 * blotch + 0.10 * (0.5 - v)
        rgb = (base * shade[..., None]).astype(np.float32)
        wave = np.sin((v * 4.5 + 0.12 * np.sin((u * 2.2 + 0.3 * variant) * 2 * np.pi)
                       + 0.05 * variant) * 2 * np.pi)
        crest = (wave > 0.86) & (blotch > -0.35)
        rgb[crest] = rgb[crest] * 0.35 + np.array([196, 226, 248], dtype=np.float32) * 0.65
        trough = (wave < -0.9) & (blotch > 0.0)
        rgb[trough] *= 0.85
    elif kind == "lava":
        glow = np.clip(1.0 - ridge * 9.0, 0.0, 1.0)[..., None]
        crust = np.array([84, 30, 18], dtype=np.float32) * (1 + 0.2 * blotch)[..., None]
        hot = base * (1 + 0.1 * fine)[..., None]
        rgb = crust * (1 - glow) + hot * glow
        core = glow[..., 0] > 0.75
        rgb[core] = rgb[core] * 0.4 + np.array([255, 214, 80], dtype=np.float32) * 0.6
    else:
        rgb = base * (1 + 0.04 * fine)[..., None]
        stripe = ((np.arange(tw)[:, None] + np.arange(th)[None, :]) % 9) == 0
        rgb[stripe] *= 0.9
    return np.clip(rgb, 0, 255).astype(np.uint8)


def level_factor(level: int) -> float:
    """Top faces get lighter with height."""
    return 0.82 + 0.055 * max(0, level)


def tint(surface: pygame.Surface, f: float) -> None:
    if f < 1:
        v = pal.clamp8(255 * f)
        surface.fill((v, v, v), special_flags=pygame.BLEND_RGB_MULT)
    elif f > 1:
        v = pal.clamp8(255 * (f - 1) * 0.55)
        surface.fill((v, v, v), special_flags=pygame.BLEND_RGB_ADD)
