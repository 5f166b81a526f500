"""The match shell in a small window (800x500) as well as a large one: every legal
action's button is there, nothing drawn covers another text, the computer's bar and the
demo caption leave the board's figures clear, tips stay on screen, and the window opens
no larger than the screen."""

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame  # noqa: E402
import pytest  # noqa: E402

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
