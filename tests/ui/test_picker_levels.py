"""Issue 19, "a choice per side in the picker": each side the computer plays has its
strength, easy / normal / hard, shown beside its Human/Computer switch, changed by a
click or Shift and the side's number, offered first as ``--ai-level`` says, and played
by the player the match uses (the hard one thinking beside the window's loop)."""

from __future__ import annotations

import os
import time
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame  # noqa: E402
import pytest  # noqa: E402

import main  # noqa: E402
from game.ai.levels import LEVELS, EasyPlayer, HardPlayer  # noqa: E402
from game.rules import open_match  # noqa: E402
from game.ui.app import App, build  # noqa: E402
from game.ui.scenes import thinking  # noqa: E402
from game.ui.scenes.match import MatchScene  # noqa: E402
from game.ui.scenes.picker import PickerScene, default_levels  # noqa: E402
from game.ui.scenes.thinking import levels_of  # noqa: E402


def key(app: App, k: int, mod: int = 0) -> None:
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=k, mod=mod, unicode="",
                                         scancode=0))
    app.step(0.016)


def picker_on(app: App, scenario: str) -> PickerScene:
    app.show_picker()
    picker = app.scene
    assert isinstance(picker, PickerScene)
    k = picker.scenario_keys().index(scenario)
    picker.list.selected = k
    picker.select(k)
    app.step(0.016)
    return picker


def test_keys_set_each_sides_strength_and_the_match_plays_at_it(app: App) -> None:
    picker = picker_on(app, "hill_fight")  # wardens human, raiders computer
    assert [b.label for b in picker.level_buttons] == ["Normal", "Normal"]
    assert not picker.level_buttons[0].enabled  # a human's side has no strength
    key(app, pygame.K_2, pygame.KMOD_SHIFT)
    assert picker.levels["hill_fight"]["raiders"] == "hard"
    assert picker.level_buttons[1].label == "Hard"
    key(app, pygame.K_1, pygame.KMOD_SHIFT)  # a human's side: said how, not changed
    assert picker.levels["hill_fight"]["wardens"] == "normal"
    assert app.toasts.items
    key(app, pygame.K_1)  # the wardens to the computer, then easy (normal, hard, easy)
    key(app, pygame.K_1, pygame.KMOD_LSHIFT)
    key(app, pygame.K_1, pygame.KMOD_LSHIFT)
    assert picker.levels["hill_fight"] == {"wardens": "easy", "raiders": "hard"}
    assert [b.label for b in picker.level_buttons] == ["Easy", "Hard"]
    key(app, pygame.K_RETURN)
    scene = app.scene
    assert isinstance(scene, MatchScene)
    assert scene.m.meta["ai_levels"] == {"wardens": "easy", "raiders": "hard"}
    assert isinstance(scene.pacing.player("wardens"), EasyPlayer)
    hard = scene.pacing.player("raiders")
    assert isinstance(hard, HardPlayer)
    assert hard.seconds is not None and 0 < hard.seconds <= 1.0  # at most 1 s a move


def test_a_click_turns_the_strength_and_each_scenario_keeps_its_own(app: App) -> None:
    picker = picker_on(app, "hill_fight")
    b = picker.level_buttons[1]
    for e in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP):
        pygame.event.post(pygame.event.Event(e, button=1, pos=b.rect.center))
    app.step(0.016)
    assert picker.levels["hill_fight"]["raiders"] == "hard"
    picker_scene = app.scene
    k = picker.scenario_keys().index("farmhouse")
    picker.list.selected = k
    picker.select(k)
    assert set(picker.levels["farmhouse"].values()) == {"normal"}
    back = picker.scenario_keys().index("hill_fight")
    picker.list.selected = back
    picker.select(back)
    assert picker.level_buttons[1].label == "Hard"  # remembered, like who plays
    assert app.scene is picker_scene


def test_the_pickers_first_strength_follows_ai_level(data_dir: Path) -> None:
    app = build(main.parse_args(["--ai-level", "hard", "--ai-level", "raiders=easy"]),
                raise_errors=True)
    picker = picker_on(app, "hill_fight")
    assert picker.levels["hill_fight"] == {"wardens": "hard", "raiders": "easy"}
    picker = picker_on(app, "farmhouse")  # no raiders there: hard for every side
    assert set(picker.levels["farmhouse"].values()) == {"hard"}
    assert default_levels(["wardens=easy,normal"], ["wardens"]) == {"wardens": "normal"}


def test_an_unknown_ai_level_is_said_once_and_normal_is_offered(data_dir: Path) -> None:
    app = build(main.parse_args(["--ai-level", "brutal"]), raise_errors=True)
    assert "brutal" in (app.error_shown() or "")
    picker = picker_on(app, "hill_fight")
    assert set(picker.levels["hill_fight"].values()) == {"normal"}


def test_the_command_lines_level_reaches_a_game_it_opens(data_dir: Path) -> None:
    app = build(main.parse_args(["--scenario", "hill_fight", "--ai", "raiders",
                                 "--ai-level", "raiders=easy"]), raise_errors=True)
    scene = app.scene
    assert isinstance(scene, MatchScene)
    assert levels_of(scene.m) == {"wardens": "normal", "raiders": "easy"}
    assert isinstance(scene.pacing.player("raiders"), EasyPlayer)


def test_the_window_knows_the_same_levels_as_the_players() -> None:
    assert thinking.LEVELS == LEVELS


def test_a_saves_levels_come_back_and_nonsense_is_normal(app: App, data_dir: Path) -> None:
    m = open_match("hill_fight", 5)
    m.meta["ai_levels"] = {"wardens": "hard", "raiders": "impossible", "nobody": "easy"}
    assert levels_of(m) == {"wardens": "hard", "raiders": "normal"}
    path = data_dir / "kept.json"
    data_dir.mkdir(parents=True, exist_ok=True)
    app.start_match(m, {"wardens": "computer", "raiders": "human"},
                    {"wardens": "hard", "raiders": "normal"})
    m.save(path)
    assert app.open_save(path)
    scene = app.scene
    assert isinstance(scene, MatchScene)
    assert scene.pacing.levels == {"wardens": "hard", "raiders": "normal"}


def all_hard(scenario: str, seed: int) -> tuple[App, MatchScene]:
    """The window opened on ``scenario`` with every side the hard computer player."""
    app = build(main.parse_args(["--scenario", scenario, "--ai", "all",
                                 "--ai-level", "hard", "--seed", str(seed)]),
                raise_errors=True)
    scene = app.scene
    assert isinstance(scene, MatchScene)
    return app, scene


def test_the_hard_computer_thinks_while_the_window_keeps_drawing(
        data_dir: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(thinking, "WINDOW_SECONDS", 0.3)
    from game.ai.levels import HardPlayer

    decide = HardPlayer.choose

    def slow_choose(self, m):  # a decision that takes frames on any machine
        time.sleep(0.1)
        return decide(self, m)

    monkeypatch.setattr(HardPlayer, "choose", slow_choose)
    app, scene = all_hard("hill_fort", 3)
    pacing, m = scene.pacing, scene.m
    app.step(1 / 60)
    seen_thinking = 0
    end = time.monotonic() + 60
    while len(m.actions) < 3 and time.monotonic() < end:
        app.step(1 / 60)  # returns while the thought goes on: frames keep coming
        seen_thinking += pacing.thinking()
        time.sleep(0.002)
    assert len(m.actions) >= 3
    assert seen_thinking > 0, "the hard player thought beside the loop"
    assert "Raiders hard" in pacing.status()
    # Undo while it thinks: the thought ends first and is dropped, the game goes back
    while not pacing.thinking() and m.outcome() is None:
        app.step(1 / 60)
    n = len(m.actions)
    scene.undo()
    assert pacing.thought is None and len(m.actions) == n - 1


def test_skip_plays_the_hard_sides_turn_as_its_moves_come(
        data_dir: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(thinking, "WINDOW_SECONDS", 0.2)
    app, scene = all_hard("hill_fight", 2)
    pacing, m = scene.pacing, scene.m
    app.step(1 / 60)
    turn = m.turn
    key(app, pygame.K_s)
    assert pacing.skip_turn == turn
    end = time.monotonic() + 90
    while m.turn == turn and m.outcome() is None and time.monotonic() < end:
        app.step(1 / 60)
    assert m.turn > turn or m.outcome() is not None
    app.step(1 / 60)
    assert pacing.skip_turn is None


@pytest.mark.parametrize("size", [(1220, 700), (800, 500)])
def test_the_pickers_strengths_are_readable(tmp_path: Path, data_dir: Path,
                                            size: tuple[int, int]) -> None:
    """The rows of sides with a strength each, in a screenshot at the player's sizes:
    every word whole (names may be shortened to fit), nothing overlapping, all inside
    the panel (the PNGs were looked at too)."""
    w, h = size
    shot = tmp_path / f"picker_{w}.png"
    assert main.main(["--screenshot", str(shot), "--size", f"{w}x{h}", "--ai-level",
                      "hard"]) == 0
    assert pygame.image.load(str(shot)).get_size() == size
    for scenario in ("hill_fight", "pursuit"):
        app = build(main.parse_args(["--size", f"{w}x{h}", "--ai-level", "hard"]),
                    raise_errors=True)
        picker = picker_on(app, scenario)
        key(app, pygame.K_1)  # both sides to the computer: both strengths shown
        app.screenshot(tmp_path / f"picker_{scenario}_{w}.png")
        f = app.fonts
        for sw, lv in zip(picker.side_buttons, picker.level_buttons, strict=True):
            assert lv.enabled and lv.label == "Hard"
            assert not sw.cut(f) and not lv.cut(f), (sw.label, lv.label)
            assert picker.detail.contains(sw.rect) and picker.detail.contains(lv.rect)
            assert lv.rect.right < sw.rect.left and lv.rect.centery == sw.rect.centery
            assert lv.rect.left - picker.detail.left > 100  # room for the side's name
        assert picker.play_drawn
