"""The window bench's two act figures (``python -m game.ui.bench``), with tiny
repetitions: a smoke test that each drives a real act through the scene, not the
benchmark."""

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

from game import bench  # noqa: E402
from game.ui import bench as ui_bench  # noqa: E402


def test_the_two_act_figures_are_reported(monkeypatch, tmp_path):
    assert {"hero_drag_act_ms", "zone_click_act_ms"} <= set(bench.UI_KEYS)
    monkeypatch.setenv("SKIRMISH_DATA_DIR", str(tmp_path))
    assert ui_bench.hero_drag_act_ms(2) > 0  # raises if the drag did not move the mini
    assert ui_bench.zone_click_act_ms(2) > 0  # raises if the click did not move the goblin
