"""The open table's bench figures, with tiny repetitions (a smoke test, not the bench)."""

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

from game import bench  # noqa: E402


def test_hero_figures_are_numbers():
    out = bench.hero_figures(reps=3, games=1)
    assert set(out) == {"hero_visibility_ms", "hero_push_ms", "hero_games_per_s",
                        "hero_ai_decision_ms", "hero_ai_decision_ms_max"}
    assert all(isinstance(v, float) and v > 0 for v in out.values())


def test_the_table_frame_with_a_ruler_and_lines_of_sight(tmp_path, monkeypatch):
    monkeypatch.setenv("SKIRMISH_DATA_DIR", str(tmp_path))
    from game.ui import bench as ui_bench

    assert ui_bench.table_frame_ms(3) > 0
