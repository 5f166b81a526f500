"""Scenario files a player may write (issue 10, points 1, 2 and 7): whatever is in them,
one ScenarioError naming the file and the field, and a folder holding one still lists
the others."""

import os
import shutil
from pathlib import Path

import pytest

from game.core import scenario as scenarios
from game.core.errors import GameError, ScenarioError
from game.core.scenario import find_scenario, list_scenarios, load_scenario
from game.rules import open_match

MAPS = Path(scenarios.MAPS_DIR)
HILL = (MAPS / "hill_fight.toml").read_text()


@pytest.fixture
def folder(tmp_path):
    """A maps folder with the Hill fight's map and tiles (no scenario yet)."""
    shutil.copy(MAPS / "hill_fight.tmx", tmp_path / "hill_fight.tmx")
    shutil.copytree(MAPS / "tiles", tmp_path / "tiles")
    return tmp_path


def refused(path, *fragments, open_it=False):
    with pytest.raises(ScenarioError) as e:
        open_match(str(path)) if open_it else load_scenario(path)
    msg = str(e.value)
    assert "\n" not in msg and Path(path).name in msg, msg
    for f in fragments:
        assert f in msg, msg
    return msg


def test_a_latin_1_name_is_named_as_not_utf_8(folder):
    path = folder / "x.toml"
    path.write_bytes(HILL.replace('"Wardens"', '"Wardens é"').encode("latin-1"))
    refused(path, "x.toml: cannot be read: it is not UTF-8 text (byte 0xE9 on line 9",
            "save it as UTF-8")


def test_a_utf_16_file_from_notepad_is_named_as_such(folder):
    path = folder / "x.toml"
    path.write_bytes(HILL.encode("utf-16"))
    refused(path, "it is UTF-16 text; save it as UTF-8")


def test_a_utf_8_byte_order_mark_is_fine(folder):
    path = folder / "x.toml"
    path.write_bytes(b"\xef\xbb\xbf" + HILL.encode())
    assert load_scenario(path).name == "Hill fight"


@pytest.mark.parametrize("value,fragment", [
    ("[" * 100_000 + "]" * 100_000, "nested too deeply"),
    ("9" * 5000, "a number has more digits than can be read"),
])
def test_nesting_and_huge_numbers_are_not_valid_toml(folder, value, fragment):
    path = folder / "x.toml"
    path.write_text(HILL + f"\n[options]\nx = {value}\n")
    refused(path, "not valid TOML", fragment)


def test_weapons_must_be_names(folder):
    path = folder / "x.toml"
    path.write_text(HILL.replace('weapons = ["dagger"]', 'weapons = [["dagger"]]', 1))
    refused(path, "[units.warden_hobbit]: 'weapons' must be a list of weapon names",
            open_it=True)


@pytest.mark.parametrize("map_name", ["hill\\u0000fight.tmx", "a" * 5000 + ".tmx",
                                      "pipe.tmx", "zero.tmx", "tiles"])
def test_a_map_that_cannot_be_a_file_is_named(folder, map_name):
    os.mkfifo(folder / "pipe.tmx")
    os.symlink("/dev/zero", folder / "zero.tmx")
    path = folder / "x.toml"
    path.write_text(HILL.replace('map = "hill_fight.tmx"', f'map = "{map_name}"'))
    refused(path, "[scenario] map ", "does not exist (or is not a file)")


@pytest.mark.parametrize("what", ["pipe", "zero", "folder", "huge"])
def test_a_scenario_that_is_not_a_sane_file_is_refused_without_reading_it(folder, what):
    path = folder / "x.toml"
    if what == "pipe":
        os.mkfifo(path)  # reading it would block for ever
    elif what == "zero":
        os.symlink("/dev/zero", path)  # reading it would never end
    elif what == "folder":
        path.mkdir()
    else:
        path.write_text(HILL + "#" * scenarios.MAX_SCENARIO_BYTES)
    refused(path, "x.toml: cannot be read: it is")


def test_a_folder_holding_bad_scenarios_still_lists_the_good_ones(folder, monkeypatch):
    shutil.copy(MAPS / "hill_fight.toml", folder / "hill_fight.toml")
    (folder / "latin.toml").write_bytes(HILL.replace('"Wardens"', '"Wardens é"')
                                        .encode("latin-1"))
    (folder / "utf16.toml").write_bytes(HILL.encode("utf-16"))
    (folder / "deep.toml").write_text("x = " + "[" * 50_000 + "]" * 50_000)
    os.mkfifo(folder / "pipe.toml")
    os.symlink("/dev/zero", folder / "zero.toml")
    monkeypatch.setattr(scenarios, "MAPS_DIR", folder)
    assert [s.key for s in list_scenarios()] == ["hill_fight"]
    with pytest.raises(ScenarioError, match=r"no scenario called 'elsewhere' \(known: "
                                            r"hill_fight\)"):
        find_scenario("elsewhere")
    with pytest.raises(ScenarioError, match="pipe.toml: cannot be read: it is a named pipe"):
        find_scenario(str(folder / "pipe.toml"))


def test_unit_stats_out_of_bounds_are_one_clear_error(folder):
    path = folder / "x.toml"
    path.write_text(HILL.replace("st = 8\n", "st = 8\nma = 100000000\n", 1))
    refused(path, "x.toml: [units.warden_hobbit]: 'ma' must be from 0 to 60, not 100000000",
            open_it=True)


@pytest.mark.parametrize("stat,value", [("st", 0), ("st", 201), ("dx", 51), ("iq", 0),
                                        ("iq", 10 ** 12), ("ma", -1)])
def test_every_unit_stat_has_bounds_from_the_data(folder, stat, value):
    path = folder / "x.toml"
    text = HILL.replace("st = 8\ndx = 14\n", "st = 8\ndx = 14\n" if stat in ("st", "dx")
                        else f"st = 8\ndx = 14\n{stat} = {value}\n", 1)
    if stat in ("st", "dx"):
        text = text.replace(f"{stat} = {8 if stat == 'st' else 14}\n", f"{stat} = {value}\n", 1)
    path.write_text(text)
    refused(path, f"[units.warden_hobbit]: '{stat}' must be from", f"not {value}",
            open_it=True)


def test_names_are_cleaned_of_control_characters(folder):
    path = folder / "x.toml"
    path.write_text(HILL.replace('name = "Hill fight"', 'name = "Hill\\u0000 fight\\n"')
                    .replace('"Wardens"', '"War\\ndens\\t\\u0007"')
                    .replace('description = "', 'description = "\\u2028Four\\r\\n'))
    s = load_scenario(path)
    assert s.name == "Hill fight"
    assert s.sides["wardens"] == "War dens"
    assert s.description.startswith("Four Four Wardens of the vale")


@pytest.mark.parametrize("text,fragment", [
    ('[sides.wardens]\nname = "Wardens"', '[sides.wardens]\nname = "\\u0000\\n"'),
    ('[sides.wardens]', '[sides."war\\ndens"]'),
    ('[units.warden_elf]', '[units."elf\\u0000"]'),
])
def test_names_that_are_nothing_printable_and_keys_with_control_characters_are_refused(
        folder, text, fragment):
    path = folder / "x.toml"
    path.write_text(HILL.replace(text, fragment))
    msg = refused(path)
    assert "empty" in msg or "plain text" in msg


def test_every_message_is_one_printable_line():
    e = GameError("x.toml: [sides.a\nb\x00] \ud800" + "y" * 5000)
    text = str(e)
    assert text.startswith("x.toml: [sides.a\\nb\\x00] \\ud800")
    assert "\n" not in text and len(text) <= 1000
    text.encode("utf-8")  # printable and writable


@pytest.mark.parametrize("old,new,fragment", [
    ('name = "Hill fight"', 'name = "' + "H" * 1000 + '"',
     "[scenario] name is 1000 characters long; at most 60"),
    ('"Wardens"', '"' + "W" * 100_000 + '"', "[sides.wardens] name is 100000 characters long"),
    ('description = "', 'description = "' + "d" * 5000,
     "[scenario] description is 5"),
])
def test_names_too_long_to_draw_are_refused(folder, old, new, fragment):
    path = folder / "x.toml"
    path.write_text(HILL.replace(old, new, 1))
    refused(path, fragment)
