"""Keyboard-only play: Tab selects, the arrows move a cursor over the board, Enter clicks
where it is (Shift+Enter right-clicks), the number keys press the side panel's buttons."""

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame  # noqa: E402
from textmap import match  # noqa: E402

from game.core.places import Cell  # noqa: E402

FLAT = """
0 0 0 0 0 0
0 0 0 0 0 0
0 0 0 0 0 0
0 0 0 0 0 0
"""
FIGS = [("Pip", "a", "hobbit", 1, 1, 0), ("Orc", "b", "orc", 3, 1, 3)]


def key(app, k, mod=0):
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=k, mod=mod, unicode="",
                                         scancode=0))
    app.step(0.016)


def press_button(app, scene, name):
    names = [b.name for b in scene.context_buttons]
    assert name in names, names
    key(app, pygame.K_1 + names.index(name))


def test_a_whole_exchange_by_keyboard_alone(app):
    m = match(FLAT, FIGS, seed=3)
    app.start_match(m, {"a": "human", "b": "human"})
    scene = app.scene
    first = m.state.winner
    press_button(app, scene, "choose_first")  # the first listed: side a moves first
    assert m.phase == "movement" and m.state.moving in ("a", "b")
    if m.state.moving == "b":
        press_button(app, scene, "end_movement")
    key(app, pygame.K_TAB)
    assert scene.selected == "pip" and scene.hover == Cell(m.board.index(1, 1))
    key(app, pygame.K_RIGHT)
    assert scene.hover == Cell(m.board.index(2, 1))
    key(app, pygame.K_RETURN)  # move Pip next to the orc
    assert m.state.figures["pip"].cell == m.board.index(2, 1)
    key(app, pygame.K_DOWN)
    key(app, pygame.K_RETURN, pygame.KMOD_SHIFT)  # right-click: face that hex
    assert m.state.figures["pip"].facing != 0 or m.state.figures["pip"].move_over
    assert first in m.sides


def test_arrows_walk_straight_and_stop_at_the_edge(app):
    m = match(FLAT, FIGS, seed=3)
    app.start_match(m, {"a": "human", "b": "human"})
    scene = app.scene
    scene.select("pip")
    key(app, pygame.K_UP)  # the first press puts the cursor on the selected figure
    for _ in range(6):
        key(app, pygame.K_UP)
    assert m.board.offset(scene.hover.index)[1] == 0  # top row reached, and held there
    for _ in range(8):
        key(app, pygame.K_RIGHT)
    assert m.board.offset(scene.hover.index)[0] == 5
    col = m.board.offset(scene.hover.index)[0]
    for _ in range(3):
        key(app, pygame.K_DOWN)
    assert m.board.offset(scene.hover.index) == (col, 3)  # straight down the column
    key(app, pygame.K_LEFT, pygame.KMOD_SHIFT)  # Shift+arrows pan instead
    assert m.board.offset(scene.hover.index) == (col, 3)
