"""The squad wargame's TOML (S-1..S-7): every number is read and checked, and bad data
is refused with an error naming the file, the table and the field."""

import shutil

import pytest

from game.core.errors import ScenarioError
from game.rules.squads import coherency, data
from game.rules.squads.units import Model, Unit


@pytest.fixture
def copy(tmp_path):
    """A copy of the data files to spoil, and a way to edit one of them."""
    for f in data.DATA_DIR.glob("*.toml"):
        shutil.copy(f, tmp_path / f.name)

    def edit(name, old, new):
        path = tmp_path / name
        text = path.read_text()
        assert old in text, old
        path.write_text(text.replace(old, new, 1))
        return tmp_path

    return edit


def test_s1_s7_the_shipped_data_reads():
    d = data.read_data()
    assert d == data.load_data()
    assert d.to_hit_by_bs == {1: 6, 2: 5, 3: 4, 4: 3, 5: 2}
    assert (d.cc_higher, d.cc_otherwise, d.cc_outclassed, d.charge_attacks) == (3, 4, 5, 1)
    assert d.to_wound_by_difference == {2: 2, 1: 3, 0: 4, -1: 5, -2: 6, -3: 6}
    assert (d.characteristic_dice, d.characteristic_always_fails, d.leadership_dice) == (1, 6, 2)
    assert d.dangerous_fails_on == 1
    assert (d.coherency_distance, d.coherency_measure) == (2.0, "edge")


BAD = [  # file, text in it, what replaces it, what the error must say
    ("profiles.toml", "ws = 3", "ws = \"three\"",
     "profiles.toml [trooper]: 'ws' must be a whole number"),
    ("profiles.toml", "sv = 5", "sv = 1",
     "profiles.toml [trooper]: 'sv' must be a whole number from 2 to 6 or \"-\""),
    ("profiles.toml", "weapons = [\"rifle\"]", "weapons = [\"bolter\"]",
     "profiles.toml [trooper]: 'weapons' names 'bolter'"),
    ("profiles.toml", "base = 25", "bases = 25",
     "profiles.toml [trooper] has unknown fields ['bases']"),
    ("profiles.toml", "ld = 7\n", "", "profiles.toml [trooper] is missing 'ld'"),
    ("weapons.toml", "kind = \"rapid_fire\"", "kind = \"rapid\"",
     "weapons.toml [rifle]: 'kind' is 'rapid'"),
    ("weapons.toml", "ap = \"-\"", "ap = 0",
     "weapons.toml [rifle]: 'ap' must be a whole number from 1 to 6 or \"-\""),
    ("weapons.toml", "s = 3", "s = \"users\"", "weapons.toml [rifle]: 's' must be"),
    ("rules.toml", "by_bs = { 1 = 6,", "by_bs = { 1 = 7,",
     "rules.toml [to_hit_shooting]: 'by_bs' maps 1 to 7"),
    ("rules.toml", "\"-3\" = 6 }", "x = 6 }",
     "rules.toml [to_wound]: 'by_difference' has a key 'x'"),
    ("rules.toml", "measure = \"edge\"", "measure = \"base\"",
     "rules.toml [coherency]: 'measure' must be \"edge\" or \"centre\""),
    ("rules.toml", "still = [2, 1]", "still = [2]",
     "rules.toml [kinds.rapid_fire]: 'still' must be two whole numbers"),
    ("rules.toml", "reading = \"a 1 has", "reading = \"\"\n# \"a 1 has",
     "rules.toml [characteristic_test]: 'reading' must be a sentence"),
    ("rules.toml", "[dangerous_terrain]", "[dangerous]",
     "rules.toml has no [dangerous_terrain] table"),
    ("weapons.toml", "[rifle]", "[rifle", "weapons.toml: cannot be read"),
]


@pytest.mark.parametrize("name, old, new, message", BAD)
def test_s1_s7_bad_data_names_the_file_table_and_field(copy, name, old, new, message):
    directory = copy(name, old, new)
    with pytest.raises(ScenarioError) as e:
        data.read_data(directory)
    assert message in str(e.value)


def test_s7_coherency_may_be_measured_centre_to_centre(copy, monkeypatch):
    d = data.read_data(copy("rules.toml", "measure = \"edge\"", "measure = \"centre\""))
    monkeypatch.setattr(coherency, "load_data", lambda: d)
    u = Unit("u", "U", "blue", [Model.new("a", "trooper", 0, 0),
                                Model.new("b", "trooper", 2.5, 0)])
    assert coherency.gap(*u.models) == 2.5 and not coherency.in_coherency(u)
