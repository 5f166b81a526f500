"""F-2: the flood's chance by turn, its roll in the log, once a game; and flood.toml read
and checked (bad data named by file, table and field)."""

from __future__ import annotations

import shutil
from fractions import Fraction

import pytest

from game.core.dice import Dice, ScriptExhausted
from game.core.errors import ScenarioError
from game.rules.squads.flood import water, water_data
from game.rules.squads.flood.wash import FloodWashKind


def test_f2_chance_by_turn_none_on_turn_1_then_6_4_2_and_sure():
    assert [water.flood_chance(t) for t in range(0, 8)] == [
        0, 0, Fraction(1, 6), Fraction(1, 2), Fraction(5, 6), 1, 1, 1]
    assert water_data.flood_data().first_turn == 2


@pytest.mark.parametrize("turn,face,comes", [
    (2, 6, True), (2, 5, False), (3, 4, True), (3, 3, False), (4, 2, True), (4, 1, False)])
def test_f2_the_roll_is_in_the_log_with_its_rule_and_chance(turn, face, comes):
    dice = Dice.scripted([face])
    came, events = water.flood_comes(turn, dice)
    assert came is comes
    [e] = events
    assert e.kind == FloodWashKind.FLOOD_ROLL and e.rule == "F-2"
    assert e.roll is not None and e.roll.faces == (face,) and e.roll.rule == "F-2"
    assert e.roll.probability == pytest.approx(float(water.flood_chance(turn)))
    assert ("the flood comes" in e.text) is comes


def test_f2_turn_5_is_sure_with_no_die_and_turn_1_rolls_nothing():
    dice = Dice.scripted([])  # any roll would raise
    came, events = water.flood_comes(5, dice)
    assert came and [e.roll for e in events] == [None] and "must" in events[0].text
    assert water.flood_comes(1, dice) == (False, [])
    with pytest.raises(ScriptExhausted):
        water.flood_comes(2, dice)


def test_f2_the_flood_comes_once():
    assert water.flood_may_come(2, None) and water.flood_may_come(6, None)
    assert not water.flood_may_come(1, None)
    assert not water.flood_may_come(4, 3) and not water.flood_may_come(5, 2)
    assert water.p_flood(3) == Fraction(1, 2) and water.p_flood(3, flood_turn=2) == 0


def test_f2_the_readings_are_gathered():
    readings = water_data.flood_data().readings
    for table in ("origin", "chance", "test", "carry", "bump", "damage", "flooded",
                  "coherency"):
        assert any(f"[{table}]" in k for k in readings), table
    assert "once" in readings["flood.toml [chance] once_reading"]


BAD = [
    ('needs = { "2" = 6,', 'needs = { "2" = 7,', "flood.toml [chance]: 'needs' maps 2 to 7"),
    ('needs = { "2" = 6,', 'needs = { "x" = 6,', "'needs' has a key 'x' that is not a turn"),
    ("sure_from = 5", "sure_from = 0", "flood.toml [chance]: 'sure_from' must be a whole"),
    ('characteristic = "s"', 'characteristic = "str"', "[test]: 'characteristic' must be one"),
    ("knocked_on = 4", "knocked_on = 7", "flood.toml [bump]: 'knocked_on' must be a whole"),
    ("per_inches = 3", "per_inches = \"3\"", "[damage]: 'per_inches' must be a number"),
    ("dead_end_stops = true", "dead_end_stops = 1", "'dead_end_stops' must be true or false"),
    ("scattered_below = 50", "scattered_below = 0", "[coherency]: 'scattered_below' must be"),
    ("[bump]", "[bumps]", "flood.toml has no [bump] table"),
    ("knocked_on = 4", "knocked_on = 4\nknock = 1", "[bump] has unknown fields ['knock']"),
    ('stop_reading = "it stops', 'stop_reading = ""\n# "', "[carry]: 'stop_reading' must be a"),
    ("[origin]", "[origin", "flood.toml: cannot be read"),
]


@pytest.mark.parametrize("old,new,message", BAD)
def test_f2_f8_bad_flood_data_names_the_file_table_and_field(tmp_path, old, new, message):
    path = tmp_path / "flood.toml"
    shutil.copy(water_data.FILE, path)
    text = path.read_text()
    assert old in text, old
    path.write_text(text.replace(old, new, 1))
    with pytest.raises(ScenarioError) as e:
        water_data.read_flood_data(path)
    assert message in str(e.value)


def test_f2_the_shipped_data_reads():
    d = water_data.read_flood_data()
    assert d == water_data.flood_data()
    assert (dict(d.needs), d.sure_from, d.characteristic, d.sides, d.knocked_on) == (
        {2: 6, 3: 4, 4: 2}, 5, "s", 6, 4)
    assert (d.strength, d.per_inches, d.stopped_strength, d.scattered_below) == (
        1, 3.0, 3, Fraction(1, 2))
