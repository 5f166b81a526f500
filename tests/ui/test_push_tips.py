"""The push tip (T-8, H-13, H-14) says what the rules do with a foe already down."""

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame  # noqa: E402
from textmap import match  # noqa: E402

from game.core.places import Cell  # noqa: E402
from game.ui.scenes.match import MatchScene  # noqa: E402

FLAT = """
0 0 0 0 0
0 0 0 0 0
0 0 0 0 0
"""


def post(kind, **kw):
    pygame.event.post(pygame.event.Event(kind, **kw))


def click(app, pos, button=1):
    post(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0))
    post(pygame.MOUSEBUTTONDOWN, pos=pos, button=button)
    post(pygame.MOUSEBUTTONUP, pos=pos, button=button)
    app.step(0.016)


def key(app, k):
    post(pygame.KEYDOWN, key=k, mod=0, unicode="", scancode=0)
    post(pygame.KEYUP, key=k, mod=0, unicode="", scancode=0)
    app.step(0.016)


def press(app, scene, label):
    b = scene.button(label)
    assert b is not None, [x.label for x in scene.buttons]
    click(app, b.rect.center)


def settle(app, frames=200):
    for _ in range(frames):
        app.step(0.05)
        sc = app.scene
        if not isinstance(sc, MatchScene) or (not sc.queue and not sc.view.busy):
            break


def test_h14_the_push_tip_of_a_foe_already_down_says_it_stays_down(app):
    """A foe knocked prone is pushed: no stumble roll (H-14), and the tip does not say it
    "stays on its feet"."""
    m = match(FLAT, [("Pip", "a", "hobbit", 1, 1, 0), ("Orc", "b", "orc", 2, 1, 3)],
              faces=[6, 1, 3, 3, 3, 6, 4, 2])
    app.start_match(m, {"a": "human", "b": "human"})
    scene = app.scene
    app.step(0.0)
    press(app, scene, "a move first")
    for _ in range(4):
        key(app, pygame.K_RETURN)
    click(app, scene.place_pos(Cell(m.state.figures["orc"].cell)))
    settle(app)
    press(app, scene, "Orc waits")
    assert m.state.phase == "retreat"
    push = sorted(c for c, _f in scene.control.sorted.retreats)[0]
    up = [t.text for t in scene.control.place_tip("pip", Cell(push))]
    assert any("stays on its feet" in t for t in up)
    m.state.figures["orc"].prone = True
    down = [t.text for t in scene.control.place_tip("pip", Cell(push))]
    assert any("already down" in t for t in down)
    assert not any("on its feet" in t for t in down)
