"""Keyboard-only play: Tab selects, the arrows move a cursor over the board, Space clicks
where it is (Shift+Space right-clicks), Enter always does what the button marked Enter
says, the number keys press the side panel's (numbered) buttons."""

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
    key(app, pygame.K_SPACE)  # move Pip next to the orc
    assert m.state.figures["pip"].cell == m.board.index(2, 1)
    key(app, pygame.K_DOWN)
    key(app, pygame.K_SPACE, pygame.KMOD_SHIFT)  # right-click: face that hex
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


def _to_movement(app, m, scene):
    press_button(app, scene, "choose_first")
    if m.state.moving == "b":
        press_button(app, scene, "end_movement")
    assert m.state.moving == "a"


def test_issue18_1_enter_ends_the_movement_even_with_the_cursor_on_the_board(app):
    """After Tab and an arrow, Enter does what the header and the button say (end the
    movement; here it asks first, nobody has moved) and clicks nowhere; keypad Enter
    the same."""
    m = match(FLAT, FIGS, seed=3)
    app.start_match(m, {"a": "human", "b": "human"})
    scene = app.scene
    _to_movement(app, m, scene)
    key(app, pygame.K_TAB)
    key(app, pygame.K_RIGHT)
    assert scene.cursor and scene.hover == Cell(m.board.index(2, 1))
    for enter in (pygame.K_RETURN, pygame.K_KP_ENTER):
        key(app, enter)
        assert m.state.figures["pip"].cell == m.board.index(1, 1)  # no click at the cursor
        assert app.modals and "Not moved yet" in app.modals[-1].message
        app.modals.clear()


def test_issue18_1_n_takes_the_cursor_to_the_figure_it_selects(app):
    """N selects the next figure and the cursor goes with it, so the arrows start there
    (not at a place the pointer or the cursor left)."""
    two = [("Pip", "a", "hobbit", 0, 0, 0), ("Bo", "a", "hobbit", 4, 3, 0),
           ("Orc", "b", "orc", 5, 0, 3)]
    m = match(FLAT, two, seed=3)
    app.start_match(m, {"a": "human", "b": "human"})
    scene = app.scene
    _to_movement(app, m, scene)
    key(app, pygame.K_TAB)
    first = scene.selected
    key(app, pygame.K_n)
    assert scene.selected != first
    assert scene.hover == scene.piece(scene.selected).place and scene.cursor
    # with the mouse in charge (no cursor) the first arrow starts at the selection too
    scene.cursor = False
    scene.hover = Cell(m.board.index(2, 2))
    key(app, pygame.K_UP)
    assert scene.hover == scene.piece(scene.selected).place


def test_issue18_1_the_cursor_is_drawn_and_the_buttons_carry_their_numbers(app):
    m = match(FLAT, FIGS, seed=3)
    app.start_match(m, {"a": "human", "b": "human"})
    scene = app.scene
    assert [b.number for b in scene.context_buttons] == \
        [str(k + 1) for k in range(min(9, len(scene.context_buttons)))]
    _to_movement(app, m, scene)
    scene.draw(app.screen)
    place = Cell(m.board.index(1, 1))
    x, y = scene.place_pos(place)
    r = scene._cursor_radius(place, scene.view.screen_pos(place))
    corner = (x - r - 2, y - r + 3)  # on the black edge of the cursor's top-left corner
    before = tuple(app.screen.get_at(corner))[:3]
    key(app, pygame.K_TAB)
    scene.draw(app.screen)
    after = tuple(app.screen.get_at(corner))[:3]
    assert after == (0, 0, 0) and before != after


def test_issue18_1_the_pickers_side_switches_answer_number_keys(app):
    app.show_picker()
    picker = app.scene
    e = picker.entry
    sides = list(e.scenario.sides)
    was = dict(picker.controllers[e.key])
    key(app, pygame.K_2)
    assert picker.controllers[e.key][sides[1]] != was[sides[1]]
    assert picker.controllers[e.key][sides[0]] == was[sides[0]]
    assert picker.side_buttons[1].number == "2"
