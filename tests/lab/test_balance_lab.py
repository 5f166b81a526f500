"""The balance lab (issue 19): the same numbers for any number of workers or on a Dask
cluster, a variant grid, a stopped run's partial report, the rules that fired."""

from __future__ import annotations

import dataclasses
import os
import re
import signal

import pytest

import main
from game.ai import computer_player
from game.core.errors import GameError
from game.core.events import Event, Kind
from game.core.scenario import find_scenario
from game.headless import play_game
from game.lab import balance, build_cells
from game.lab.games import credit_kills, game_seed
from game.lab.report import write_report
from game.lab.runner import run
from game.lab.variants import apply_change, parse_vary
from game.rules import new_match

SCENARIO = "farmhouse"  # the quickest shipped scenario


def numbers(result):
    """Every record of a run without its timing, by variant and game number."""
    return [[dataclasses.replace(r, seconds=0.0, cpu_seconds=0.0) for r in sorted(c.records,
                                                                key=lambda r: r.index)]
            for c in result.cells]


def test_one_and_two_local_workers_give_the_same_numbers():
    one = balance([SCENARIO], games=6, seed=11, workers=1, progress=False)
    two = balance([SCENARIO], games=6, seed=11, workers=2, progress=False)
    assert numbers(one) == numbers(two)
    assert len(numbers(one)[0]) == 6
    assert [r.seed for r in numbers(one)[0]] == [game_seed(11, i) for i in range(6)]


def test_a_local_dask_cluster_of_two_workers_gives_the_numbers_of_one_worker():
    distributed = pytest.importorskip("distributed")
    with distributed.LocalCluster(n_workers=2, threads_per_worker=1, processes=True,
                                  dashboard_address=None, host="127.0.0.1") as cluster:
        on_cluster = balance([SCENARIO], games=5, seed=4, cluster=cluster.scheduler_address,
                             progress=False)
    local = balance([SCENARIO], games=5, seed=4, workers=1, progress=False)
    assert on_cluster.where.startswith("the Dask cluster")
    assert numbers(on_cluster) == numbers(local)


def test_the_lab_plays_the_games_the_headless_batch_plays():
    """Normal strength on both sides is today's computer player, seeded as --headless."""
    result = balance([SCENARIO], games=3, seed=5, workers=1, progress=False)
    for rec in result.cells[0].records:
        match = new_match(find_scenario(SCENARIO), rec.seed)
        players = {s: computer_player(match.scenario.ruleset, rec.seed) for s in match.sides}
        outcome = play_game(match, players)
        assert (outcome.winner, match.turn, len(match.actions)) == (
            rec.winner, rec.turns, rec.actions)


def test_a_two_by_two_grid_gives_four_variants_a_heat_table_and_a_plot(tmp_path):
    result = balance([SCENARIO], games=2, seed=1, workers=1, progress=False,
                     vary=["units.goblin.st=9,11", "turn_limit=9,11"], report=str(tmp_path),
                     command="python main.py --balance farmhouse ...")
    labels = [c.variant.label for c in result.cells]
    assert labels == ["units.goblin.st=9, turn_limit=9", "units.goblin.st=9, turn_limit=11",
                      "units.goblin.st=11, turn_limit=9", "units.goblin.st=11, turn_limit=11"]
    assert [c.variant.scenario.turn_limit for c in result.cells] == [9, 11, 9, 11]
    assert [c.variant.scenario.units["goblin"]["st"] for c in result.cells] == [9, 9, 11, 11]
    assert find_scenario(SCENARIO).units["goblin"]["st"] == 9  # the original is untouched
    text = (tmp_path / "report.md").read_text()
    assert "units.goblin.st \\ turn_limit" in text
    assert re.search(r"^\| 11 \| [\d.]+ % \| [\d.]+ % \|$", text, re.M)
    assert (tmp_path / "farmhouse.png").read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
    for label in labels:
        assert f"### farmhouse: {label}" in text


def test_a_variant_changes_the_games():
    sc = find_scenario(SCENARIO)
    short = apply_change(sc, "turn_limit", 2)
    cells, levels = build_cells([short], [], None)
    result = run(cells, 3, 0, levels)
    assert all(r.turns <= 3 for r in result.cells[0].records)


def test_a_stopped_run_leaves_a_partial_report(tmp_path):
    scenario = find_scenario(SCENARIO)
    cells, levels = build_cells([scenario], [parse_vary("turn_limit=9,11")], None)
    calls = []

    def ctrl_c(done, total, seconds):
        calls.append(done)
        if len(calls) == 2:
            raise KeyboardInterrupt

    result = run(cells, 8, 3, levels, workers=1, progress=ctrl_c)
    assert result.interrupted
    assert 0 < result.played < 16
    path = write_report(result, tmp_path, "python main.py --balance farmhouse")
    text = path.read_text()
    assert f"Stopped early (Ctrl+C or SIGTERM): {result.played} of 16 games finished" in text
    assert "## farmhouse" in text


def test_sigterm_stops_a_run_as_ctrl_c_does_and_keeps_what_finished():
    """``timeout`` or ``kill`` (SIGTERM) mid-run: the run stops, what finished is
    kept, and SIGTERM is handled as before once the run is over."""
    scenario = find_scenario(SCENARIO)
    cells, levels = build_cells([scenario], [], None)
    before = signal.getsignal(signal.SIGTERM)

    def term(done, total, seconds):
        os.kill(os.getpid(), signal.SIGTERM)

    result = run(cells, 8, 0, levels, workers=1, progress=term)
    assert result.interrupted and 0 < result.played < 8
    assert signal.getsignal(signal.SIGTERM) == before


def test_ctrl_c_on_local_workers_stops_and_keeps_what_finished():
    scenario = find_scenario(SCENARIO)
    cells, levels = build_cells([scenario], [], None)

    def ctrl_c(done, total, seconds):
        raise KeyboardInterrupt

    result = run(cells, 12, 0, levels, workers=2, progress=ctrl_c)
    assert result.interrupted and 0 < result.played < 12


def test_the_report_names_every_rule_id_that_fired(tmp_path):
    result = balance(["hill_fight", SCENARIO], games=2, seed=2, workers=1, progress=False,
                     report=str(tmp_path), command="c")
    text = (tmp_path / "report.md").read_text()
    for name in ("hill_fight", SCENARIO):
        fired = set()
        for i in range(2):
            match = new_match(find_scenario(name), game_seed(2, i))
            play_game(match, {s: computer_player(match.scenario.ruleset, game_seed(2, i))
                              for s in match.sides})
            fired |= {e.rule for e in match.log if e.rule}
        assert fired
        section = text.split(f"\n## {name}\n")[1].split("\n## ")[0]
        for rule in fired:
            assert re.search(rf"^\| {re.escape(rule)} \| \d+ \|", section, re.M), rule
    assert len(result.cells) == 2


@pytest.mark.parametrize("spec, why", [
    ("units.gob.st=10", "no unit 'gob'"),
    ("units.goblin.st=abc", "does not fit"),
    ("units.goblin.st=-3", "'st' must be"),
    ("units.goblin.colour=3", "sets no 'colour'"),
    ("turn_limit=0", "whole number >= 1"),
    ("map=nowhere.tmx", "no map file"),
    ("flavour=3", "unknown path"),
    ("turn_limit=9..3", "is empty"),
    ("turn_limit", "PATH=VALUE"),
])
def test_a_bad_vary_is_one_clear_error(spec, why):
    with pytest.raises(GameError, match=re.escape(why)):
        balance([SCENARIO], games=1, vary=[spec], progress=False)


def test_vary_values_lists_and_ranges():
    assert parse_vary("units.farmer.weapons=[\"spear\", \"dagger\"],[\"mace\"]").values == (
        ["spear", "dagger"], ["mace"])
    assert parse_vary("turn_limit=4..10:3").values == (4, 7, 10)
    assert parse_vary("options.swipe=true,false").values == (True, False)
    assert parse_vary("options.hold_out=goblins").values == ("goblins",)


def test_kills_go_to_the_last_piece_that_hurt_the_one_that_went_down():
    log = [Event(Kind.ATTACKED, "a hits b", "T-2", "a", "b"),
           Event(Kind.DAMAGED, "b hurt", "T-3", "b"),
           Event(Kind.DIED, "b dies", "T-3", "b"),
           Event(Kind.DIED, "c is a casualty", "S-5", "a", "c"),
           Event(Kind.UNCONSCIOUS, "d falls", "H-9", "d")]
    assert credit_kills(log, {"a", "b", "c", "d"}) == {"a": 2}


def test_the_command_line_runs_the_lab_and_refuses_bad_input(tmp_path, capsys):
    code = main.main(["--balance", SCENARIO, "--games", "2", "--workers", "1", "--seed", "3",
                      "--ai-level", "goblins=easy", "--report", str(tmp_path)])
    out, err = capsys.readouterr()
    assert code == 0, err
    assert out.startswith("farmhouse [as written]: 2 games: farmers ")
    text = (tmp_path / "report.md").read_text()
    assert "--ai-level goblins=easy" in text and "farmers normal, goblins easy" in text
    assert "- seed: 3" in text and "skirmish-table" in text
    assert "games, " in err  # the progress bar
    code = main.main(["--balance", SCENARIO, "--ai-level", "trolls=hard"])
    out, err = capsys.readouterr()
    assert code == 2 and err.startswith("error: --ai-level trolls=hard: no side called")


def test_a_unit_stat_variant_reaches_the_pieces_on_the_board():
    sc = apply_change(find_scenario(SCENARIO), "units.goblin.st", 12)
    goblins = [p for p in new_match(sc, 0).pieces() if p.kind_name == "Goblin"]
    assert any(p.health_max == 12 for p in goblins)
    plain = [p for p in new_match(find_scenario(SCENARIO), 0).pieces()
             if p.kind_name == "Goblin"]
    assert not any(p.health_max == 12 for p in plain)
