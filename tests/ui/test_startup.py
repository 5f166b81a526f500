"""Start-up imports only what the first screen needs (issue 14: no bench figure worse than
before; first_frame_s is launch to first frame).

The window is started in a fresh interpreter, as a player starts it, and the modules it
imported are read from ``sys.modules`` after the first frame was written: the balance
lab's libraries (Dask, matplotlib, its process pool), the physics engine and the rule
systems the screen does not show must not be among them.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pygame
import pytest

from game.rules import RULESETS, TITLES, get_ruleset, ruleset_title
from game.ui import palette as pal
from game.ui.boards.hex_images import TEXTURES_KEPT, kept_texture
from game.ui.textures import texture

ROOT = Path(__file__).resolve().parents[2]

LAB = ("dask", "distributed", "matplotlib", "game.lab", "concurrent.futures.process")
"""The balance lab and what it runs on: never needed by the window."""
OTHER_RULES = ("pymunk", "game.physics", "game.rules.hero", "game.rules.squads",
               "game.rules.tft.zones", "game.rules.demos", "game.rules.lessons",
               "game.ui.scenes.lessons", "game.ui.scenes.demos")
"""What a Melee-on-heights game does not use (other rule systems, demos, lessons)."""

_PROBE = """
import json, sys
sys.path.insert(0, {root!r})
import main
code = main.main({argv!r})
print(json.dumps([code, sorted(sys.modules)]))
"""


def _modules_after(argv: list[str], tmp_path: Path) -> set[str]:
    """The modules a fresh ``python main.py ARGV`` has imported when it exits."""
    env = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy",
               SKIRMISH_DATA_DIR=str(tmp_path / "data"))
    out = subprocess.run([sys.executable, "-c", _PROBE.format(root=str(ROOT), argv=argv)],
                         cwd=ROOT, env=env, capture_output=True, text=True, timeout=120)
    assert out.returncode == 0, out.stderr[-2000:]
    code, modules = json.loads(out.stdout.strip().splitlines()[-1])
    assert code == 0, out.stderr[-2000:]
    return set(modules)


def _under(modules: set[str], roots: tuple[str, ...]) -> list[str]:
    return sorted(m for m in modules if any(m == r or m.startswith(r + ".") for r in roots))


def test_the_picker_opens_without_the_lab_or_any_rule_system(tmp_path: Path) -> None:
    mods = _modules_after(["--screenshot", str(tmp_path / "picker.png")], tmp_path)
    assert (tmp_path / "picker.png").is_file()
    assert "game.ui.scenes.picker" in mods  # (the probe saw the window's first screen)
    assert not _under(mods, LAB + OTHER_RULES + ("game.rules.tft", "numpy"))


def test_a_game_opens_with_its_own_rule_system_only(tmp_path: Path) -> None:
    argv = ["--scenario", "hill_fight", "--seed", "1", "--screenshot", str(tmp_path / "hill.png")]
    mods = _modules_after(argv, tmp_path)
    assert (tmp_path / "hill.png").is_file()
    assert "game.rules.tft.hexes.ruleset" in mods
    assert not _under(mods, LAB + OTHER_RULES)
    assert "game.ui.scenes.picker" not in mods  # no picker is made under a game that opens
    first = pygame.image.load(str(tmp_path / "hill.png"))
    # the second start loads the terrain textures the first one kept: no noise is made
    assert "numpy.random" in mods
    again = _modules_after(argv, tmp_path)
    assert "numpy.random" not in again
    second = pygame.image.load(str(tmp_path / "hill.png"))
    assert pygame.image.tobytes(first, "RGB") == pygame.image.tobytes(second, "RGB")


def test_a_kept_texture_is_the_texture_and_a_bad_one_is_made_again(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("SKIRMISH_DATA_DIR", str(tmp_path))
    pygame.display.init()
    style = pal.terrain_style("rock")
    made = pygame.surfarray.make_surface(texture(style, 96, 84, 2))
    first = kept_texture(style, 96, 84, 2)
    files = list((tmp_path / TEXTURES_KEPT).iterdir())
    assert len(files) == 1 and files[0].suffix == ".png"
    kept = kept_texture(style, 96, 84, 2)
    for s in (first, kept):
        assert pygame.image.tobytes(s, "RGB") == pygame.image.tobytes(made, "RGB")
    files[0].write_bytes(b"not a picture")
    again = kept_texture(style, 96, 84, 2)
    assert pygame.image.tobytes(again, "RGB") == pygame.image.tobytes(made, "RGB")
    assert pygame.image.load(str(files[0])).get_size() == (96, 84)  # made and kept again


@pytest.mark.parametrize("key", sorted(RULESETS.keys()))
def test_a_rule_systems_title_is_known_without_importing_it(key: str) -> None:
    assert set(TITLES) == set(RULESETS.keys())
    assert ruleset_title(key) == TITLES[key] == get_ruleset(key).title
