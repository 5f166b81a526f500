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
from game.ui.sound import NAMES, SOUNDS, Sounds, sound_of  # noqa: E402
from game.ui.widgets import draw_tooltip  # noqa: E402


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


@pytest.mark.parametrize("scenario", ["hill_fort", "farmhouse", "backyard"])
def test_help_scrolls_to_its_last_row_and_cuts_no_text_in_a_small_window(app, scenario):
    """Issue 9 (7, legend): at 800x500 F1 has more rows than fit; each text is wrapped,
    not cut, and the wheel or the keys reach the last row of both columns."""
    from game.ui.widgets import HelpOverlay

    app.screen = pygame.display.set_mode((800, 500), pygame.RESIZABLE)
    m = open_match(scenario, 3)
    app.start_match(m, {s: "human" for s in m.sides})
    app.scene.resize((800, 500))
    app.toggle_help()
    app.draw()
    d = app.modals[-1]
    assert isinstance(d, HelpOverlay)
    fonts = app.fonts
    keys_w, key_col, legend_x = d._columns()
    for lines in d._rows_wrapped:
        assert all(fonts.body.size(ln)[0] <= keys_w - key_col - 40 or " " not in ln
                   for ln in lines)
    for lines in d._legend_wrapped:
        assert all(fonts.small.size(ln)[0] <= d.rect.right - legend_x - 60 or " " not in ln
                   for ln in lines)
    assert " ".join(" ".join(ls) for ls in d._rows_wrapped).split() == \
        " ".join(w for _k, w in d.rows).split()  # every word kept
    top = d.max_scroll()
    assert top > 0 and d.scroll == 0
    for _ in range(200):
        key(app, pygame.K_DOWN)
    assert d.scroll == top, "the arrows reach the end"
    keys_h, legend_h = d._heights()
    assert max(keys_h, legend_h) - d.scroll <= d._view_h, "the last row is in view"
    key(app, pygame.K_HOME)
    assert d.scroll == 0
    pygame.event.post(pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=-1, flipped=False))
    app.step(0.016)
    assert d.scroll > 0, "the wheel scrolls"
    app.draw()
    key(app, pygame.K_ESCAPE)
    assert not app.modals


def test_help_fits_without_scrolling_where_there_is_room(app):
    app.screen = pygame.display.set_mode((1920, 1080), pygame.RESIZABLE)
    m = open_match("hill_fight", 3)
    app.start_match(m, {s: "human" for s in m.sides})
    app.scene.resize((1920, 1080))
    app.toggle_help()
    app.draw()
    assert app.modals[-1].max_scroll() == 0


def key(app, k):
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=k, mod=0, unicode="", scancode=0))
    app.step(0.016)
