"""Synthesise the game's short sounds: ``python tools/make_sounds.py``.

Outputs (committed; the same on every run, a few KB each): ``sprites/sounds/*.wav``,
16-bit mono at 22,050 Hz:

* ``dice.wav``: dice rattling in a cup and landing (a few clicks of filtered noise);
* ``hit.wav``: a blow landing (a low thump with a short crack);
* ``miss.wav``: a blade whooshing past (a noise sweep);
* ``fall.wav``: a body landing after a drop (a falling tone into a thud);
* ``down.wav``: a figure knocked out (two low notes going down).

Everything is made with numpy from fixed seeds; no sound files are downloaded.
"""

from __future__ import annotations

import wave
from pathlib import Path

import numpy as np

ROOT = Path(__file__).resolve().parents[1]
OUT = ROOT / "sprites" / "sounds"
RATE = 22_050


def _t(seconds: float) -> np.ndarray:
    return np.arange(int(RATE * seconds)) / RATE


def _env(n: int, attack: float, decay: float) -> np.ndarray:
    t = np.arange(n) / RATE
    return np.minimum(1.0, t / max(attack, 1e-4)) * np.exp(-t / decay)


def _noise(gen: np.random.Generator, n: int, smooth: int = 1) -> np.ndarray:
    x = gen.uniform(-1, 1, n)
    if smooth > 1:
        x = np.convolve(x, np.ones(smooth) / smooth, mode="same")
    return x


def dice() -> np.ndarray:
    gen = np.random.Generator(np.random.PCG64(1))
    out = np.zeros(int(RATE * 0.42))
    for k, at in enumerate((0.0, 0.05, 0.11, 0.16, 0.24, 0.31)):
        n = int(RATE * 0.03)
        click = _noise(gen, n, 2) * _env(n, 0.0005, 0.006) * (0.9 - 0.1 * k)
        i = int(at * RATE)
        out[i:i + n] += click
    return out


def hit() -> np.ndarray:
    gen = np.random.Generator(np.random.PCG64(2))
    t = _t(0.28)
    thump = np.sin(2 * np.pi * (90 - 40 * t / t[-1]) * t) * _env(len(t), 0.002, 0.07)
    crack = _noise(gen, len(t), 3) * _env(len(t), 0.0005, 0.015)
    return 0.9 * thump + 0.5 * crack


def miss() -> np.ndarray:
    gen = np.random.Generator(np.random.PCG64(3))
    t = _t(0.3)
    n = _noise(gen, len(t), 6)
    swell = np.sin(np.pi * t / t[-1]) ** 2
    return 0.5 * n * swell


def fall() -> np.ndarray:
    gen = np.random.Generator(np.random.PCG64(4))
    t = _t(0.5)
    f = 520 - 380 * t / t[-1]
    tone = 0.25 * np.sin(2 * np.pi * np.cumsum(f) / RATE) * (t < 0.34)
    land = np.zeros_like(t)
    i = int(0.34 * RATE)
    m = len(t) - i
    land[i:] = (np.sin(2 * np.pi * 70 * _t(m / RATE)) * 0.9
                + _noise(gen, m, 4) * 0.4) * _env(m, 0.001, 0.05)
    return tone + land


def down() -> np.ndarray:
    t = _t(0.55)
    a = (t < 0.25) * np.sin(2 * np.pi * 294 * t)
    b = (t >= 0.25) * np.sin(2 * np.pi * 220 * t)
    return 0.45 * (a + b) * _env(len(t), 0.01, 0.22)


SOUNDS = {"dice": dice, "hit": hit, "miss": miss, "fall": fall, "down": down}


def write(name: str, samples: np.ndarray) -> Path:
    peak = float(np.max(np.abs(samples))) or 1.0
    pcm = np.round(samples / peak * 0.8 * 32767).astype("<i2")
    path = OUT / f"{name}.wav"
    with wave.open(str(path), "wb") as w:
        w.setnchannels(1)
        w.setsampwidth(2)
        w.setframerate(RATE)
        w.writeframes(pcm.tobytes())
    return path


def main() -> None:
    OUT.mkdir(parents=True, exist_ok=True)
    for name, make in SOUNDS.items():
        p = write(name, make())
        print(f"wrote {p.relative_to(ROOT)} ({p.stat().st_size} bytes)")


if __name__ == "__main__":
    main()
