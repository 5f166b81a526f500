"""The shared shell works for every rule system on the table: every shipped scenario opens
in the window, draws, answers the keyboard cursor and Tab, shows F1 with a legend of its
board's marks, and replays a game action by action."""

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import inspect  # noqa: E402

import pygame  # noqa: E402
import pytest  # noqa: E402
from golden_games import shipped_scenarios  # noqa: E402

from game.ai import RandomPlayer  # noqa: E402
from game.rules import new_match  # noqa: E402
from game.ui.boards import BOARD_VIEWS, BoardView  # noqa: E402
from game.ui.scenes.replay import ReplayScene  # noqa: E402

SCENARIOS = shipped_scenarios()


def key(app, k, mod=0):
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=k, mod=mod, unicode="",
                                         scancode=0))
    app.step(0.016)


def test_every_board_view_has_the_whole_protocol():
    wanted = {n for n, v in vars(BoardView).items() if callable(v) and not n.startswith("_")}
    wanted |= {"busy"}
    for kind in BOARD_VIEWS:
        cls = BOARD_VIEWS.get(kind)
        have = {n for n, _ in inspect.getmembers(cls)}
        assert wanted <= have, (kind, wanted - have)


@pytest.mark.parametrize("scenario", SCENARIOS, ids=lambda s: s.key)
def test_every_scenario_plays_in_the_window_by_keyboard_and_shows_its_legend(app, scenario):
    m = new_match(scenario, 2)
    app.start_match(m, {s: "human" for s in m.sides})
    scene = app.scene
    app.draw()
    key(app, pygame.K_TAB)
    for k in (pygame.K_RIGHT, pygame.K_DOWN, pygame.K_LEFT, pygame.K_UP):
        key(app, k)
    app.draw()
    app.toggle_help()
    assert app.modals[-1].legend, f"{scenario.key}: F1 has no legend of the board's marks"
    app.draw()
    app.modals.clear()
    assert scene.m is m


@pytest.mark.parametrize("scenario", SCENARIOS, ids=lambda s: s.key)
def test_every_scenario_replays_forward_and_back(app, scenario):
    m = new_match(scenario, 3)
    player = RandomPlayer(3)
    for _ in range(25):
        if m.outcome() is not None:
            break
        m.apply(player.choose(m))
    app.open_replay(m)
    scene = app.scene
    assert isinstance(scene, ReplayScene)
    scene.to_end()
    assert scene.m.state_hash() == m.state_hash()
    for _ in range(3):
        scene.back()
    app.draw()
    scene.to_start()
    assert scene.pos == 0
