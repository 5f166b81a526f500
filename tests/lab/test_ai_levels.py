"""Computer players of three strengths (issue 19): normal is today's player, easy and
hard play legal games of every ruleset, the same on the same seed, and differ in
strength as measured."""

from __future__ import annotations

import pytest

import main
from game.ai import computer_player
from game.ai.levels import EasyPlayer, HardPlayer, material, parse_levels, player_for
from game.core.errors import GameError
from game.headless import play_game
from game.rules import open_match

ONE_PER_RULESET = ["hill_fight", "farmhouse", "backyard", "storm_drain", "pursuit"]


def test_levels_are_read_per_side_or_for_all():
    sides = ["wardens", "raiders"]
    assert parse_levels(None, sides) == {"wardens": "normal", "raiders": "normal"}
    assert parse_levels(["hard"], sides) == {"wardens": "hard", "raiders": "hard"}
    assert parse_levels(["easy", "raiders=hard"], sides) == {"wardens": "easy",
                                                             "raiders": "hard"}
    assert parse_levels(["wardens=easy,raiders=hard"], sides) == {"wardens": "easy",
                                                                  "raiders": "hard"}
    with pytest.raises(GameError, match="unknown level 'brutal'"):
        parse_levels(["brutal"], sides)
    with pytest.raises(GameError, match="no side called 'trolls'"):
        parse_levels(["trolls=easy"], sides)


@pytest.mark.parametrize("scenario", ONE_PER_RULESET)
def test_normal_is_the_rulesets_own_player(scenario):
    m = open_match(scenario, 3)
    a = player_for(m.scenario.ruleset, "normal", 3)
    assert type(a) is type(computer_player(m.scenario.ruleset, 3))
    b = computer_player(m.scenario.ruleset, 3)
    for _ in range(15):
        if m.outcome() is not None:
            break
        act = a.choose(m)
        assert act == b.choose(m)
        m.apply(act)


@pytest.mark.parametrize("scenario", ONE_PER_RULESET)
def test_easy_plays_whole_legal_games_the_same_on_the_same_seed(scenario):
    games = []
    for _ in range(2):
        m = open_match(scenario, 8)
        first, second = m.sides
        players = {first: EasyPlayer(m.scenario.ruleset, 8),
                   second: player_for(m.scenario.ruleset, "normal", 8)}
        play_game(m, players)  # Match.apply refuses an illegal action
        assert m.outcome() is not None
        games.append(m.actions)
    assert games[0] == games[1]


@pytest.mark.parametrize("scenario", ONE_PER_RULESET)
def test_hard_searches_and_plays_legal_actions_the_same_on_the_same_seed(scenario):
    runs = []
    for _ in range(2):
        m = open_match(scenario, 5)
        hard_side = m.sides[0]
        hard = HardPlayer(m.scenario.ruleset, 5, nodes=40)
        normal = player_for(m.scenario.ruleset, "normal", 5)
        for _ in range(25):
            side = m.to_act()
            if m.outcome() is not None or side is None:
                break
            m.apply((hard if side == hard_side else normal).choose(m))
        runs.append(m.actions)
    assert runs[0] == runs[1] and len(runs[0]) > 5


def test_material_counts_a_won_game_above_any_position():
    m = open_match("farmhouse", 1)
    before = material(m, "farmers")
    assert abs(before) < 100
    play_game(m, {s: computer_player("tft-zones", 1) for s in m.sides})
    o = m.outcome()
    assert o is not None and o.winner is not None
    assert material(m, o.winner) == 100.0
    loser = next(s for s in m.sides if s != o.winner)
    assert material(m, loser) == -100.0


def test_headless_batches_take_levels(capsys):
    code = main.main(["--headless", "--scenario", "farmhouse", "--games", "2",
                      "--ai-level", "goblins=easy"])
    out, err = capsys.readouterr()
    assert code == 0 and "goblins: " in out
    code = main.main(["--headless", "--scenario", "farmhouse", "--ai-level", "ogres=easy"])
    out, err = capsys.readouterr()
    assert code == 2 and "no side called 'ogres'" in err


def test_normal_beats_easy_from_both_sides_of_the_farmhouse():
    """A small sample of docs/balance/strengths.md's measurement (100 a side there)."""
    from game.core.scenario import find_scenario
    from game.lab import build_cells
    from game.lab.runner import run
    from game.lab.stats import summarise

    sc = find_scenario("farmhouse")
    for easy_side in sc.sides:
        normal_side = next(s for s in sc.sides if s != easy_side)
        cells, levels = build_cells([sc], [], [f"{easy_side}=easy"])
        result = run(cells, 10, 0, levels)
        st = summarise(cells[0].sides, result.cells[0].records)
        assert st.wins[normal_side] >= 7, (easy_side, st.wins)
