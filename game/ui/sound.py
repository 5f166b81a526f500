"""Short sounds for what happens on the table: dice, blows, misses, falls, a figure down.

The sounds are small WAV files made by ``tools/make_sounds.py`` (sprites/sounds). They
play through pygame's mixer when it can start; on a machine without sound (or with
``SDL_AUDIODRIVER=dummy``) the game is simply silent. M mutes and unmutes.
"""

from __future__ import annotations

import os
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import pygame

from game.core.dice import Contest
from game.core.events import Event, Kind

ROOT = Path(__file__).resolve().parents[2]
SOUNDS = ROOT / "sprites" / "sounds"
NAMES = ("dice", "hit", "miss", "fall", "down")
VOLUME = 0.6


@contextmanager
def _quiet_stderr() -> Iterator[None]:
    """Silence what C libraries print on the process's stderr for the block."""
    try:
        saved = os.dup(2)
    except OSError:
        yield
        return
    try:
        with open(os.devnull, "w") as null:
            os.dup2(null.fileno(), 2)
            yield
    finally:
        os.dup2(saved, 2)
        os.close(saved)


def sound_of(e: Event) -> str | None:
    """Which sound an event makes, if any."""
    if e.kind == Kind.ATTACKED and e.roll is not None:
        hit = e.roll.winner == 0 if isinstance(e.roll, Contest) else bool(e.roll.success)
        return "hit" if hit else "miss"
    if e.kind in (Kind.DIED, Kind.UNCONSCIOUS):
        return "down"
    if e.kind == Kind.FELL:
        return "fall"
    if e.roll is not None:
        return "dice"
    return None


class Sounds:
    """The loaded sounds and whether they are muted."""

    def __init__(self, folder: Path = SOUNDS, muted: bool = False) -> None:
        self.muted = muted
        self.played: list[str] = []
        """Every sound played, newest last (kept short; tests read it)."""
        self._sounds: dict[str, pygame.mixer.Sound] = {}
        self.available = False
        try:
            if not pygame.mixer.get_init():
                with _quiet_stderr():  # a machine with no sound card makes ALSA chatter
                    pygame.mixer.init(frequency=22_050, size=-16, channels=1, buffer=512)
            for name in NAMES:
                path = folder / f"{name}.wav"
                if path.is_file():
                    s = pygame.mixer.Sound(str(path))
                    s.set_volume(VOLUME)
                    self._sounds[name] = s
            self.available = bool(self._sounds)
        except (pygame.error, OSError):
            self._sounds.clear()  # no sound device: silence

    def toggle_mute(self) -> bool:
        """Mute or unmute; returns whether it is now muted."""
        self.muted = not self.muted
        if self.muted and self.available:
            pygame.mixer.stop()
        return self.muted

    def play(self, name: str) -> None:
        if self.muted:
            return
        self.played = (self.played + [name])[-32:]
        s = self._sounds.get(name)
        if s is not None:
            s.play()

    def event(self, e: Event) -> None:
        """The sound of one event, if it makes one."""
        name = sound_of(e)
        if name is not None:
            self.play(name)
