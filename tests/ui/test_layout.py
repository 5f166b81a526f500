"""The window at any size: nothing on the top bar or the picker overlaps or falls off, the
board refits on a resize, the dice log scrolls by pages and follows the player, Esc
clears a selection, and --fast speeds up only the first game."""

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame  # noqa: E402
import pytest  # noqa: E402

from game.rules import open_match  # noqa: E402
from game.ui.app import App  # noqa: E402
from game.ui.scenes.match import MatchScene  # noqa: E402
from game.ui.widgets import LogLine, LogView, fit  # noqa: E402

SIZES = [(800, 500), (1024, 640), (1280, 720), (1920, 1080)]


@pytest.fixture
def data_dir(tmp_path, monkeypatch):
    monkeypatch.setenv("SKIRMISH_DATA_DIR", str(tmp_path))
    return tmp_path


def overlaps(rects):
    return [(a, b) for i, a in enumerate(rects) for b in rects[i + 1:] if a.colliderect(b)]


@pytest.mark.parametrize("size", SIZES)
def test_the_top_bar_and_picker_fit_every_window(data_dir, size):
    app = App(raise_errors=True, size=size)
    m = open_match("hill_fight", 3)
    app.start_match(m, {"wardens": "human", "raiders": "computer"})
    app.draw()
    scene = app.scene
    win = app.screen.get_rect()
    assert not overlaps(scene.topbar.parts)
    assert all(win.contains(r) for r in scene.topbar.parts)
    for b in scene.context_buttons + scene.tool_buttons:
        assert win.contains(b.rect) and b.rect.top >= scene.panel.buttons_top - 1
    for b in scene.pacing.buttons:  # the computer's controls have a strip under the board
        assert scene.ai_rect.contains(b.rect) and not scene.board_rect.colliderect(b.rect)
    assert not overlaps([b.rect for b in scene.buttons])
    app.show_picker()
    app.draw()
    rects = [b.rect for b in app.scene.all_buttons]
    assert all(win.contains(r) for r in rects) and not overlaps(rects)


def test_a_resize_refits_the_board(data_dir):
    app = App(raise_errors=True, size=(1280, 720))
    app.start_match(open_match("hill_fight", 3), {"wardens": "human", "raiders": "human"})
    scene = app.scene
    z = scene.view.camera.zoom
    app.screen = pygame.display.set_mode((800, 500), pygame.RESIZABLE)
    app.dispatch(pygame.event.Event(pygame.VIDEORESIZE, size=(800, 500), w=800, h=500))
    assert scene.board_rect.right <= 800 and scene.log_rect.bottom == 500
    assert scene.view.camera.view == scene.board_rect.size
    assert scene.view.camera.zoom < z  # refitted to the smaller board


def test_the_dice_log_scrolls_by_lines_and_pages_and_follows_the_player(data_dir):
    pygame.font.init()
    log = LogView("log")
    log.rect = pygame.Rect(0, 0, 400, 200)
    for k in range(60):
        log.add([LogLine(((f"entry {k}", (255, 255, 255), False),))])
    from game.ui.widgets import Fonts
    surf = pygame.Surface((400, 200))
    log.draw(surf, Fonts())
    pygame.mouse.set_pos((10, 10))
    log.handle(pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=1))
    assert log.scroll == 3 * log._lh  # three lines a notch
    log.add([LogLine((("newer", (255, 255, 255), False),))])
    assert log.scroll > 3 * log._lh  # a reader who scrolled up keeps their place
    log.handle(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_PAGEUP, mod=0))
    assert log.scroll > 100
    log.follow()
    assert log.scroll == 0


def test_acting_brings_the_log_back_to_the_newest_entry(data_dir):
    app = App(raise_errors=True)
    m = open_match("hill_fight", 3)
    app.start_match(m, {"wardens": "human", "raiders": "human"})
    scene = app.scene
    scene.log.scroll = 200
    scene.act(m.legal_actions()[0])
    assert scene.log.scroll == 0


def test_esc_clears_a_selection_in_any_phase_and_shows_the_roster(data_dir):
    app = App(raise_errors=True)
    m = open_match("hill_fight", 3)
    app.start_match(m, {"wardens": "human", "raiders": "human"})
    scene = app.scene
    scene.select(next(p.id for p in m.pieces()))
    scene.escape()
    assert scene.selected is None and not app.modals and scene.panel.piece_shown() is None


def test_fast_speeds_up_only_the_first_game(data_dir):
    import argparse

    app = App(argparse.Namespace(fast=True), raise_errors=True)
    app.start_match(open_match("hill_fight", 1), {"wardens": "computer", "raiders": "computer"})
    first = app.scene
    assert isinstance(first, MatchScene) and first.pacing.fast
    app.step(0.1)
    assert first.m.turn == 1  # watched, not skipped to the end
    app.start_match(open_match("hill_fight", 2), {"wardens": "computer", "raiders": "computer"})
    assert not app.scene.pacing.fast


def test_fit_cuts_long_text_with_an_ellipsis():
    pygame.font.init()
    font = pygame.font.Font(None, 18)
    assert fit(font, "short", 500) == "short"
    cut = fit(font, "a very long name indeed " * 5, 120)
    assert cut.endswith("...") and font.size(cut)[0] <= 120


def test_no_human_button_turns_into_a_computer_button_under_the_pointer(data_dir):
    """When the turn passes to the computer, nothing the human could click becomes Pause
    or Skip where the human's last button was."""
    app = App(raise_errors=True)
    m = open_match("hill_fight", 3)
    app.start_match(m, {"wardens": "human", "raiders": "computer"})
    scene = app.scene
    while not scene.human_turn():
        scene.pacing.act_once(animate=False)
    human_rects = [b.rect.copy() for b in scene.context_buttons]
    assert human_rects
    while scene.human_turn():
        scene.act(m.legal_actions()[-1], animate=False)
    assert scene.pacing.buttons and not scene.context_buttons
    for b in scene.pacing.buttons:
        assert not any(b.rect.colliderect(r) for r in human_rects)


def test_idle_computer_figures_do_not_keep_the_player_waiting(data_dir):
    from game.ui.scenes.shell.pacing import AI_DELAY, AI_QUIET

    app = App(raise_errors=True)
    m = open_match("hill_fight", 3)
    app.start_match(m, {"wardens": "computer", "raiders": "computer"})
    scene = app.scene
    waits = []
    for _ in range(150):
        scene.pacing.act_once(animate=False)
        waits.append((m.log[-1].kind, scene.pacing.wait))
    assert any(w == AI_QUIET for _k, w in waits) and any(w == AI_DELAY for _k, w in waits)
    assert all(w == AI_QUIET for k, w in waits if k == "passed")
