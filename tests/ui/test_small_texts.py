"""Issue 18 point 15: small texts fixed at their source."""

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame  # noqa: E402
import pytest  # noqa: E402

from game.core.ruleset import Outcome, Termination  # noqa: E402
from game.core.scenario import load_scenario, scenario_files  # noqa: E402
from game.rules import open_match  # noqa: E402
from game.ui.app import App  # noqa: E402
from game.ui.scenes.end import EndScene  # noqa: E402
from game.ui.widgets import Fonts, fit_label  # noqa: E402


@pytest.fixture
def app(tmp_path, monkeypatch):
    monkeypatch.setenv("SKIRMISH_DATA_DIR", str(tmp_path))
    return App(raise_errors=True)


def test_issue18_15_the_end_screen_keeps_a_rule_id_in_capitals(app):
    m = open_match("backyard", 1)
    m.state.ended = Outcome("wardens", Termination.VICTORY,
                            "Green Army win: the hero of Tan Army is dead (K-10).")
    end = EndScene(app, m)
    assert end.reason == "The hero of Tan Army is dead (K-10)."


def test_issue18_15_a_cut_button_label_never_leaves_a_bracket_open():
    pygame.font.init()
    f = Fonts().body
    label = "Defend (attackers roll 4 dice)"
    width = f.size(label)[0] - 10
    cut = fit_label(f, label, width)
    assert cut == "Defend (...)" and f.size(cut)[0] <= width
    assert fit_label(f, label, 1000) == label


def test_issue18_15_a_replay_says_no_you_and_gives_no_play_instructions(app):
    m = open_match("ruined_village", 2)
    m.meta["controllers"] = {s: "human" if k == 0 else "computer"
                             for k, s in enumerate(m.sides)}
    for _ in range(30):
        if m.phase == "play":
            break
        m.apply(m.legal_actions()[0])
    app.open_replay(m)
    app.scene.to_end()
    scene = app.scene
    side = scene.side_of_turn()
    assert side is not None
    assert "(you)" not in scene.topbar._who_acts(side)
    assert scene.phase_line() == m.ruleset.phases[scene.m.phase].help
    assert "Drag" not in scene.phase_line()


def test_issue18_15_every_scenario_description_says_how_to_win():
    """Hill fight and Hill fort say how a side wins; Farmhouse gives dawn's turn."""
    scenarios = {s.key: s for s in (load_scenario(p) for p in scenario_files())}
    for key in ("hill_fight", "hill_fort"):
        d = scenarios[key].description
        assert "wins when no enemy figure is left standing" in d
        assert f"after turn {scenarios[key].turn_limit} it is a draw" in d
    farm = scenarios["farmhouse"]
    assert f"until dawn (turn {farm.turn_limit}): they win if one still stands" in \
        farm.description


def test_first_game_is_read_from_the_scenario_and_checked(tmp_path):
    from game.core.errors import GameError

    src = next(p for p in scenario_files() if p.stem == "hill_fight")
    assert load_scenario(src).first_game
    text = src.read_text().replace("first_game = true", 'first_game = "yes"')
    bad = tmp_path / "hill_fight.toml"
    bad.write_text(text)
    (tmp_path / "hill_fight.tmx").symlink_to(src.with_suffix(".tmx"))
    with pytest.raises(GameError) as e:
        load_scenario(bad)
    assert "first_game must be true or false" in str(e.value)
