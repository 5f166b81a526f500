"""The match shell in a small window (800x500) as well as a large one: every legal
action's button is there, nothing drawn covers another text, the computer's bar and the
demo caption leave the board's figures clear, tips stay on screen, and the window opens
no larger than the screen."""

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame  # noqa: E402
import pytest  # noqa: E402

from game.ai import computer_player  # noqa: E402
from game.rules import open_match  # noqa: E402
from game.ui import app as app_module  # noqa: E402
from game.ui.app import MIN_SIZE, App, window_size  # noqa: E402

SMALL = (800, 500)


@pytest.fixture
def data_dir(tmp_path, monkeypatch):
    monkeypatch.setenv("SKIRMISH_DATA_DIR", str(tmp_path))
    return tmp_path


def test_the_window_opens_no_larger_than_a_small_screen():
    assert window_size((1280, 720), [(1920, 1080)]) == (1280, 720)
    w, h = window_size((1280, 720), [(1024, 600)])
    assert w < 1024 and h < 600 and (w, h) >= MIN_SIZE
    assert window_size((1280, 720), [(640, 480)]) == MIN_SIZE  # never below the layout's
    assert window_size((1280, 720), []) == (1280, 720)


def test_the_app_asks_the_desktop_for_its_size(monkeypatch):
    monkeypatch.setattr(pygame.display, "get_driver", lambda: "x11")
    monkeypatch.setattr(pygame.display, "get_desktop_sizes", lambda: [(1100, 650)])
    app = App(raise_errors=True)
    w, h = app.screen.get_size()
    assert w <= 1100 - app_module.DESKTOP_MARGIN[0] and h <= 650 - app_module.DESKTOP_MARGIN[1]
    assert (w, h) >= MIN_SIZE


def _start(name, size, controllers=None, seed=3, until=None):
    app = App(raise_errors=True, size=size)
    m = open_match(name, seed)
    if until is not None:  # the computer plays both sides up to there
        players = {s: computer_player(m.ruleset.key, seed) for s in m.sides}
        while m.outcome() is None and not until(m):
            m.apply(players[m.to_act()].choose(m))
    sides = list(m.scenario.sides)
    app.start_match(m, controllers or {s: "human" for s in sides})
    app.draw()
    return app, m


@pytest.mark.parametrize("size", [SMALL, (1280, 720)])
def test_a_hover_tip_near_the_edge_stays_in_the_window(data_dir, size):
    """Every figure's tip over every enemy, with the enemy in the middle and at the
    board's left edge: the tip is inside the window and no wider than the board."""
    app, m = _start("ruined_village", size, until=lambda m: m.phase == "play")
    scene = app.scene
    win = app.screen.get_rect()
    side = m.to_act()
    seen = 0
    for me in [p for p in scene.pieces if p.side == side and p.place is not None]:
        scene.select(me.id)
        for p in [p for p in scene.pieces if p.side != side and p.place is not None]:
            for edge in (False, True):
                scene.view.camera.fit()
                if edge:  # pan the enemy to the board's left edge
                    scene.view.camera.pan(30 - scene.place_pos(p.place)[0], 0)
                pos = scene.place_pos(p.place)
                if not scene.board_rect.collidepoint(pos):
                    continue
                pygame.mouse.set_pos(pos)
                app.dispatch(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(1, 0),
                                                buttons=(0, 0, 0)))
                app.draw()
                if scene.tip_rect is not None:
                    seen += 1
                    assert win.contains(scene.tip_rect), (me.name, p.name, scene.tip_rect)
                    assert scene.tip_rect.w <= scene.board_rect.w
    assert seen
