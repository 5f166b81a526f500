"""Headless runs (DESIGN: command line): batches of AI games and save replays, in-process."""

import json
import re
import subprocess
import sys
from pathlib import Path

import pytest

import main
from game.ai.tft.tactician import Tactician
from game.headless import play_game, wilson_interval
from game.rules import open_match


def run(capsys, *argv):
    code = main.main(["--headless", *argv])
    out, err = capsys.readouterr()
    return code, out, err


def test_a_batch_prints_a_line_per_game_and_a_summary(capsys):
    code, out, err = run(capsys, "--scenario", "hill_fight", "--ai", "all", "--games", "3",
                         "--seed", "7")
    assert code == 0 and err == ""
    lines = out.splitlines()
    games = [ln for ln in lines if ln.startswith("game ")]
    assert len(games) == 3
    for k, ln in enumerate(games):
        assert re.match(rf"game {k + 1} seed {7 + k}: (winner \w+|draw), \d+ turns, "
                        r"hash [0-9a-f]{12}$", ln), ln
    summary = "\n".join(lines[3:])
    for side in ("wardens", "raiders"):
        assert re.search(rf"^{side}: \d/3 wins = [\d.]+ % \(95 % interval [\d.]+-[\d.]+ %\)$",
                         summary, re.M)
    assert re.search(r"^draws: \d/3$", summary, re.M)
    assert re.search(r"^mean turns: [\d.]+$", summary, re.M)
    assert re.search(r"^games/s: [\d.]+", summary, re.M)


def test_game_k_is_seed_s_plus_k_and_replays_alone(capsys):
    _, out, _ = run(capsys, "--scenario", "hill_fight", "--games", "2", "--seed", "4")
    second = out.splitlines()[1]
    m = open_match("hill_fight", 5)
    play_game(m, {s: Tactician(5) for s in m.state.sides})
    assert second.endswith(m.state_hash()[:12])


def test_load_prints_the_final_state_hash(capsys, tmp_path):
    m = open_match("hill_fight", 11)
    play_game(m, {"wardens": Tactician(11), "raiders": Tactician(12)}, max_actions=120)
    path = tmp_path / "game.json"
    m.save(path)
    code, out, err = run(capsys, "--load", str(path))
    assert code == 0 and err == ""
    assert out.strip() == m.state_hash()


def test_load_from_the_command_line_prints_only_the_hash(tmp_path):
    m = open_match("hill_fight", 2)
    play_game(m, {"wardens": Tactician(2), "raiders": Tactician(2)}, max_actions=40)
    path = tmp_path / "g.json"
    m.save(path)
    run = subprocess.run([sys.executable, "main.py", "--headless", "--load", str(path)],
                         capture_output=True, text=True, timeout=120,
                         cwd=Path(main.__file__).parent)
    assert run.returncode == 0 and run.stdout == m.state_hash() + "\n"


def test_a_corrupt_save_is_one_error_line_naming_the_file(capsys, tmp_path):
    m = open_match("hill_fight", 3)
    play_game(m, {"wardens": Tactician(3), "raiders": Tactician(3)}, max_actions=60)
    path = tmp_path / "broken.json"
    m.save(path)
    data = json.loads(path.read_text())
    data["end"] = "0" * 64
    path.write_text(json.dumps(data))
    code, out, err = run(capsys, "--load", str(path))
    assert code == 2 and out == ""
    assert err.count("\n") == 1 and err.startswith("error: ") and "broken.json" in err
    assert "Traceback" not in err

    path.write_text("{ not json")
    code, out, err = run(capsys, "--load", str(path))
    assert code == 2 and err.startswith("error: ") and "broken.json" in err


def test_unknown_scenario_missing_scenario_and_unknown_side_exit_2(capsys):
    code, out, err = run(capsys, "--scenario", "no_such_place", "--games", "1")
    assert code == 2 and err.startswith("error: ") and "no_such_place" in err
    code, out, err = run(capsys, "--games", "1")
    assert code == 2 and "--scenario" in err and err.startswith("error: ")
    code, out, err = run(capsys, "--scenario", "hill_fight", "--ai", "goblins")
    assert code == 2 and "goblins" in err
    code, out, err = run(capsys, "--scenario", "hill_fight", "--games", "0")
    assert code == 2 and "--games" in err


def test_wilson_interval_known_answers():
    lo, hi = wilson_interval(8, 10)
    assert round(lo, 3) == 0.490 and round(hi, 3) == 0.943
    assert wilson_interval(0, 10)[0] == 0.0 and wilson_interval(10, 10)[1] == pytest.approx(1.0)
    assert wilson_interval(0, 0) == (0.0, 1.0)


def test_play_game_stops_at_the_action_limit():
    m = open_match("hill_fight", 1)
    o = play_game(m, {s: Tactician(1) for s in m.state.sides}, max_actions=10)
    assert o.winner is None and "10 actions" in o.reason and len(m.actions) == 10


# ---------------------------------------------------------------- hostile files (issue 10)
def test_a_scenario_that_is_not_utf_8_is_one_error_line(capsys, tmp_path):
    import shutil

    maps = Path(main.__file__).parent / "maps"
    shutil.copy(maps / "hill_fight.tmx", tmp_path)
    shutil.copytree(maps / "tiles", tmp_path / "tiles")
    bad = tmp_path / "notepad.toml"
    bad.write_bytes((maps / "hill_fight.toml").read_text().encode("utf-16"))
    code, out, err = run(capsys, "--scenario", str(bad), "--games", "1")
    assert code == 2 and out == "" and err.count("\n") == 1
    assert err == "error: notepad.toml: cannot be read: it is UTF-16 text; save it as UTF-8\n"


def test_an_unknown_scenario_beside_a_broken_one_lists_the_others(capsys, tmp_path,
                                                                  monkeypatch):
    import os

    from game.core import scenario as scenarios

    (tmp_path / "latin.toml").write_bytes('[scenario]\nname = "Caf\u00e9"\n'.encode("latin-1"))
    (tmp_path / "deep.toml").write_text("x = " + "[" * 100_000 + "]" * 100_000)
    os.mkfifo(tmp_path / "pipe.toml")
    monkeypatch.setattr(scenarios, "MAPS_DIR", tmp_path)
    code, out, err = run(capsys, "--scenario", "nowhere", "--games", "1")
    assert code == 2 and err == "error: no scenario called 'nowhere' (known: none)\n"


@pytest.mark.parametrize("what", ["pipe", "zero", "old format", "nested"])
def test_a_save_that_cannot_be_one_is_one_error_line(capsys, tmp_path, what):
    import os

    path = tmp_path / "odd.json"
    if what == "pipe":
        os.mkfifo(path)
    elif what == "zero":
        os.symlink("/dev/zero", path)
    elif what == "old format":
        path.write_text(json.dumps({"game": "skirmish-table", "format": 1, "seed": 1,
                                    "scenario": "hill_fight.toml", "actions": [],
                                    "hashes": {}, "final": ""}))
    else:
        path.write_text("[" * 100_000 + "]" * 100_000)
    code, out, err = run(capsys, "--load", str(path))
    assert code == 2 and out == "" and err.count("\n") == 1
    assert err.startswith("error: odd.json: ") and "Traceback" not in err


def test_a_reader_that_stops_early_ends_the_run_quietly():
    proc = subprocess.Popen([sys.executable, "main.py", "--headless", "--scenario",
                             "hill_fight", "--games", "50", "--seed", "1"],
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                            cwd=Path(main.__file__).parent)
    assert proc.stdout.readline().startswith(b"game 1 ")
    proc.stdout.close()  # as `| head -1` does
    err = proc.stderr.read().decode()
    assert proc.wait(timeout=120) == 1 and err == ""
