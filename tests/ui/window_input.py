"""A player's hands on the window in tests: events posted to pygame's queue and a frame
stepped, the way a real mouse and keyboard reach the game."""

from __future__ import annotations

import pygame

from game.rules import open_match
from game.ui.app import App
from game.ui.scenes.match import MatchScene


def post(kind: int, **kw: object) -> None:
    pygame.event.post(pygame.event.Event(kind, **kw))


def click(app: App, pos: tuple[int, int], button: int = 1) -> None:
    """Move there (a frame, so the hover is seen), then press and release."""
    post(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0))
    app.step(0.016)
    post(pygame.MOUSEBUTTONDOWN, pos=pos, button=button)
    post(pygame.MOUSEBUTTONUP, pos=pos, button=button)
    app.step(0.016)


def key(app: App, k: int) -> None:
    post(pygame.KEYDOWN, key=k, mod=0, unicode="", scancode=0)
    app.step(0.016)


def start_hotseat(app: App, name: str, seed: int, controller: type, view: type,
                  ) -> tuple[MatchScene, object]:
    """Scenario ``name`` opened hotseat in the window; its scene has the ruleset's
    ``controller`` and the board's ``view``."""
    m = open_match(name, seed)
    app.start_match(m, {s: "human" for s in m.scenario.sides})
    app.step(0.0)
    scene = app.scene
    assert isinstance(scene, MatchScene)
    assert isinstance(scene.control, controller)
    assert isinstance(scene.view, view)
    return scene, m
