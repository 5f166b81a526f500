"""``python -m game.bench``: each figure's function, with tiny repetitions (a smoke test,
not the benchmark)."""

import json
import subprocess
import sys

from game import bench


def test_reach_and_line_of_sight_on_the_40x40_height_map():
    board = bench.height_map()
    assert (board.width, board.height) == (40, 40)
    assert board.levels.min() == 0 and board.levels.max() == 6
    assert (bench.height_map().levels == board.levels).all()  # a fixed Generator
    assert bench.reach_ms(3, board) > 0
    assert bench.los_checks_per_s(200, 1, board) > 0


def test_odds_first_and_cached():
    first, cached = bench.odds_us(20)
    assert first > 0 and cached > 0


def test_ai_games_and_replay():
    d = bench.ai_decisions(games=1, every=5)
    assert set(d) == {"ai_decision_ms", "ai_decision_ms_movement", "ai_decision_ms_action"}
    assert all(v > 0 for v in d.values())
    g = bench.games_per_s(games=1, reps=1)
    assert g["games_per_s"] > 0 and g["engine_games_per_s"] > 0 and g["turns_per_game"] >= 1
    assert bench.replay_ms(1) > 0


def test_zone_figures_on_the_farmhouse():
    assert bench.zone_ai_decision_ms(games=1) > 0
    g = bench.games_per_s(games=1, reps=1, scenario=bench.ZONE_SCENARIO)
    assert g["games_per_s"] > 0 and g["turns_per_game"] >= 1


def test_ui_figures_are_numbers_or_nulls_with_a_note(monkeypatch):
    import game.ui

    monkeypatch.setitem(sys.modules, "game.ui.bench", None)  # as if it were not there
    monkeypatch.delattr(game.ui, "bench", raising=False)
    out = bench.ui_figures()
    assert all(out[k] is None for k in bench.UI_KEYS) and "ui_note" in out


def test_the_module_prints_one_json_object():
    run = subprocess.run([sys.executable, "-m", "game.bench", "--quick"], capture_output=True,
                         text=True, timeout=120, check=True)
    data = json.loads(run.stdout)
    for key in ("reach_ms", "odds_us", "ai_decision_ms", "games_per_s", "los_checks_per_s",
                "replay_ms", "farmhouse_ai_decision_ms", "farmhouse_games_per_s",
                "flood_ms", "squad_games_per_s", "pursuit_phase_ms", "chase_games_per_s"):
        assert isinstance(data[key], float), key


def test_a_group_of_figures_is_measured_in_a_process_of_its_own():
    run = subprocess.run([sys.executable, "-m", "game.bench", "--group", "zones", "--quick"],
                         capture_output=True, text=True, timeout=120, check=True)
    data = json.loads(run.stdout)
    assert set(data) == {"farmhouse_ai_decision_ms", "farmhouse_games_per_s",
                         "farmhouse_engine_games_per_s", "farmhouse_turns_per_game"}
    assert list(bench.GROUPS) == ["hex", "hero", "zones", "flood", "chase", "ui"]
