"""The strengths lab (game/lab/strengths.py): chosen sides only with --sides, a clear
message for a side that does not exist."""

from __future__ import annotations

import pytest

from game.core.errors import GameError
from game.lab.strengths import main, measure, parse_sides


def test_sides_are_read_as_scenario_side_pairs():
    assert parse_sides(None) is None
    assert parse_sides("farmhouse:goblins, backyard:tan") == {("farmhouse", "goblins"),
                                                             ("backyard", "tan")}
    with pytest.raises(GameError, match="farmhouse has no side 'ogres'"):
        parse_sides("farmhouse:ogres")
    with pytest.raises(GameError, match="write SCENARIO:SIDE"):
        parse_sides("farmhouse")


def test_only_the_sides_asked_for_are_measured():
    rows, _wall = measure(["farmhouse"], ["easy"], 2, 0, 1, {("farmhouse", "goblins")})
    assert [(r.scenario, r.side, r.level, r.rate.n) for r in rows] == [
        ("farmhouse", "goblins", "easy", 2)]
    assert rows[0].cpu > 0  # the players' processor time, beside the wall clock


def test_a_bad_side_is_one_message(capsys):
    assert main(["--games", "1", "--scenarios", "farmhouse", "--sides", "farmhouse:ogres"]) == 2
    assert "no side 'ogres'" in capsys.readouterr().err
