"""Sounds for dice, blows and falls with a mute key; tooltips on buttons; a legend of
every board mark in F1."""

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import wave  # noqa: E402

import pygame  # noqa: E402
import pytest  # noqa: E402

from game.core.dice import Dice  # noqa: E402
from game.core.events import Event, Kind  # noqa: E402
from game.rules import open_match  # noqa: E402
from game.ui.app import App  # noqa: E402
from game.ui.sound import NAMES, SOUNDS, Sounds, sound_of  # noqa: E402
from game.ui.widgets import draw_tooltip  # noqa: E402


@pytest.fixture
def app(tmp_path, monkeypatch):
    monkeypatch.setenv("SKIRMISH_DATA_DIR", str(tmp_path))
    a = App(raise_errors=True)
    yield a
    a.modals.clear()


def test_the_sounds_are_small_short_wav_files():
    for name in NAMES:
        path = SOUNDS / f"{name}.wav"
        with wave.open(str(path)) as w:
            assert w.getnchannels() == 1 and w.getframerate() == 22_050
            assert w.getnframes() / w.getframerate() < 1.0
        assert path.stat().st_size < 40_000


def test_events_make_their_sounds():
    hit = Dice.scripted([1, 1, 1]).check(3, 12, rule="T-2", label="x")
    miss = Dice.scripted([6, 6, 6]).check(3, 12, rule="T-2", label="x")
    assert sound_of(Event(Kind.ATTACKED, "", roll=hit)) == "hit"
    assert sound_of(Event(Kind.ATTACKED, "", roll=miss)) == "miss"
    assert sound_of(Event(Kind.ROLLED, "", roll=hit)) == "dice"
    assert sound_of(Event(Kind.FELL, "")) == "fall"
    assert sound_of(Event(Kind.DIED, "")) == "down"
    assert sound_of(Event(Kind.MOVED, "")) is None


def test_m_mutes_and_unmutes(app):
    s = Sounds()
    s.play("dice")
    assert s.played == ["dice"]
    app.sounds = s
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_m, mod=0, unicode="m",
                                         scancode=0))
    app.step(0.016)
    assert s.muted
    s.play("hit")
    assert s.played == ["dice"]


def test_a_game_plays_the_sounds_of_its_events(app):
    m = open_match("hill_fight", 3)
    app.start_match(m, {"wardens": "computer", "raiders": "computer"})
    scene = app.scene
    for _ in range(400):
        app.step(0.1)
        if "dice" in app.sounds.played and len(scene.m.actions) > 5:
            break
    assert "dice" in app.sounds.played


def test_buttons_explain_themselves_when_pointed_at(app):
    m = open_match("hill_fight", 3)
    app.start_match(m, {"wardens": "human", "raiders": "human"})
    scene = app.scene
    app.draw()
    undo = scene.button("undo")
    assert undo.tip
    box = draw_tooltip(app.screen, app.fonts, scene.buttons, undo.rect.center)
    assert box is not None and app.screen.get_rect().contains(box)
    assert not box.colliderect(undo.rect)
    assert draw_tooltip(app.screen, app.fonts, scene.buttons, (5, 5)) is None


def test_help_lists_every_board_mark_with_its_icon(app):
    m = open_match("hill_fight", 3)
    app.start_match(m, {"wardens": "human", "raiders": "computer"})
    app.toggle_help()
    legend = app.modals[-1].legend
    words = " ".join(w for _i, w in legend)
    for mark in ("Wardens (human): solid ring", "Raiders (computer): dashed ring", "MP",
                 "jump", "attacked", "selected", "level"):
        assert mark in words
    assert all(icon.get_width() <= 40 for icon, _w in legend)
    app.draw()
