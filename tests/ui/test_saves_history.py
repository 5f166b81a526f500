"""Issue 18 point 5: no game vanishes. Every unfinished game stays resumable (one slot
per scenario besides the autosave), every finished game is kept in a history the picker
lists for watching again, and Ctrl+S saves on the end screen and in a replay."""

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame  # noqa: E402
import pytest  # noqa: E402

from game.headless import players_for  # noqa: E402
from game.rules import open_match  # noqa: E402
from game.ui import saves  # noqa: E402
from game.ui.app import App  # noqa: E402
from game.ui.listbox import ListDialog  # noqa: E402
from game.ui.scenes.end import EndScene  # noqa: E402
from game.ui.scenes.match import MatchScene  # noqa: E402
from game.ui.scenes.replay import ReplayScene  # noqa: E402


@pytest.fixture
def app(data_dir):
    return App(raise_errors=True)


def play_to_next_turn(scene):
    m = scene.m
    turn = m.turn
    for _ in range(80):
        if m.turn > turn or m.outcome() is not None:
            return
        acts = m.legal_actions()
        a = next((a for a in acts if a.kind in ("choose_first", "end_movement", "pass",
                                                "no_retreat", "end_turn")), acts[0])
        assert scene.act(a)
    raise AssertionError("the turn did not end")


def ctrl_s(app):
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_s,
                                         mod=pygame.KMOD_CTRL, unicode="", scancode=0))
    app.step(0.016)


def start(app, key, seed):
    m = open_match(key, seed)
    sides = {s: saves.HUMAN for s in m.scenario.sides}
    app.start_match(m, sides)
    play_to_next_turn(app.scene)
    return m


def test_issue18_5_a_new_game_does_not_replace_an_unfinished_one(app, data_dir):
    hill = start(app, "hill_fight", 5)
    app.scene.leave()
    start(app, "hill_fort", 6)  # another game takes the autosave
    app.scene.leave()
    kept = {i.scenario: i for i in saves.unfinished()}
    assert set(kept) == {"Hill fight", "Hill fort"}
    # the picker's Resume offers the chosen scenario's game
    app.show_picker()
    picker = app.scene
    k = next(k for k, e in enumerate(picker.entries) if e.key == "hill_fight")
    picker.list.selected = k
    picker.select(k)
    assert "Hill fight" in picker.button("resume").label
    picker.button("resume").on_click()
    assert isinstance(app.scene, MatchScene) and app.scene.m.seed == hill.seed
    assert app.scene.m.turn == hill.turn
    # played on, it takes the autosave back and the other game keeps its slot
    play_to_next_turn(app.scene)
    app.scene.leave()
    kept = {i.scenario: i.path for i in saves.unfinished()}
    assert kept == {"Hill fight": saves.autosave_path(),
                    "Hill fort": saves.slot_path("hill_fort")}


def play_out(app, key, seed):
    """A game the computer plays to its end on both sides, in the window."""
    m = open_match(key, seed)
    app.start_match(m, {s: saves.HUMAN for s in m.scenario.sides})
    players = players_for(m.scenario.ruleset, m.sides, m.sides, seed)
    scene = app.scene
    while m.outcome() is None:
        assert scene.act(players[m.to_act()].choose(m), animate=False)
    return m


def test_issue18_5_a_finished_game_is_kept_and_listed_to_watch_again(app, data_dir):
    m = play_out(app, "farmhouse", 1)
    assert saves.autosave_info() is None  # not offered for resuming
    (kept,) = saves.finished_games()
    assert kept.readable and kept.scenario == "Farmhouse"
    app.show_picker()
    app.scene.button("history").on_click()
    dialog = app.modals[-1]
    assert isinstance(dialog, ListDialog) and "Farmhouse" in dialog.list.items[0].title
    dialog._open()
    assert app.error_shown() is None
    assert isinstance(app.scene, ReplayScene)
    assert len(app.scene.script) == len(m.actions)


def test_issue18_5_ctrl_s_saves_on_the_end_screen_and_in_the_replay(app, data_dir):
    m = play_out(app, "farmhouse", 2)
    for _ in range(40):
        app.step(0.1)
    assert isinstance(app.scene, EndScene)
    ctrl_s(app)
    (first,) = list((data_dir / "saves").glob("*.json"))
    app.scene.replay()
    assert isinstance(app.scene, ReplayScene)
    app.scene.forward()
    ctrl_s(app)
    written = sorted((data_dir / "saves").glob("*.json"))
    assert len(written) == 2 and first in written
    for p in written:  # the whole game, not the replay's position
        assert saves.peek(p).actions == len(m.actions)
