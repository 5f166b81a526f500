"""What the fuzz campaign over every board kind found, one test each: a map, scenario,
unit table, option, save or demo that broke the promise (a traceback, a message naming no
file, seconds or gigabytes) gives one clear GameError now."""

import re
import shutil
import time
from pathlib import Path

import pytest

from game.boards.tiled import load_map
from game.boards.tiled.reader import MAX_OBJECTS, MAX_POINTS, MAX_XML_ELEMENTS
from game.core.errors import MapError, ScenarioError

MAPS = Path(__file__).resolve().parents[2] / "maps"


def quickly(call, error=MapError, seconds=1.0):
    """The one-line message of the ``error`` that ``call`` raises within ``seconds``."""
    start = time.perf_counter()
    with pytest.raises(error) as e:
        call()
    assert time.perf_counter() - start < seconds
    msg = str(e.value)
    assert "\n" not in msg
    return msg


@pytest.fixture
def maps(tmp_path):
    """A copy of the shipped maps folder."""
    shutil.copytree(MAPS, tmp_path / "maps")
    return tmp_path / "maps"


# ============================================================================ the reader
def test_a_map_of_thousands_of_objects_is_refused_before_it_is_read(maps):
    text = (maps / "open_field.tmx").read_text()
    figure = re.search(r'(?s)<object id="\d+" name="Vex".*?</object>', text).group()
    crowd = "".join(figure.replace('name="Vex"', f'name="Vex {k}"', 1) for k in range(2_500))
    (maps / "open_field.tmx").write_text(text.replace(figure, figure + crowd))
    msg = quickly(lambda: load_map(maps / "open_field.tmx"))
    assert msg.startswith("open_field.tmx: ") and f"{MAX_OBJECTS:,} objects" in msg


def test_a_map_of_a_million_elements_is_refused_before_they_are_walked(maps):
    text = (maps / "farmhouse.tmx").read_text()
    (maps / "farmhouse.tmx").write_text(text.replace("</map>", "<x/>" * 900_000 + "</map>"))
    msg = quickly(lambda: load_map(maps / "farmhouse.tmx"))
    assert msg.startswith("farmhouse.tmx: the map holds too many XML elements")
    assert f"{MAX_XML_ELEMENTS:,}" in msg


def test_a_tileset_of_forty_thousand_tiles_with_properties_is_refused(maps):
    ts = (maps / "tiles" / "levels.tsx").read_text()
    tiles = "".join(f'<tile id="{k}"><properties><property name="level" type="int" '
                    f'value="1"/></properties></tile>' for k in range(9, 40_000))
    (maps / "tiles" / "levels.tsx").write_text(ts.replace("</tileset>", tiles + "</tileset>"))
    msg = quickly(lambda: load_map(maps / "hill_fight.tmx"))
    assert msg.startswith("hill_fight.tmx: tileset 'tiles/levels.tsx' holds too many XML")


def test_a_polygon_of_four_hundred_thousand_points_is_refused_before_they_are_read(maps):
    text = (maps / "open_field.tmx").read_text()
    pts = " ".join(f"{k % 997},{(k * 7) % 991}" for k in range(400_000))
    (maps / "open_field.tmx").write_text(text.replace('points="0,0 ', f'points="{pts} 0,0 ', 1))
    msg = quickly(lambda: load_map(maps / "open_field.tmx"))
    assert msg.startswith("open_field.tmx: a <polygon> in object ")
    assert f"more than {MAX_POINTS:,} points" in msg


# ============================================================================ demos
def demo_file(maps, name="t5_rear_attack", edit=lambda t: t):
    path = maps / "demos" / f"{name}.toml"
    path.write_text(edit(path.read_text()))
    return path


def test_a_demo_whose_figures_do_not_fit_is_named_not_the_map(maps):
    from game.rules.demos import load_demo

    path = demo_file(maps, edit=lambda t: t.replace("hex = [10, 6]", "hex = [9, 6]"))
    msg = quickly(lambda: load_demo(path), ScenarioError)
    assert msg.startswith("t5_rear_attack.toml: its position cannot be set up: ")
    assert "both cover (9,6)" in msg


@pytest.mark.parametrize("edit,fragment", [
    (("faces = [", "deep = " + "[" * 600 + "]" * 600 + "\nfaces = ["), "nested too deeply"),
    (("faces = [", "seed = " + "9" * 4301 + "\nfaces = ["), "more digits than can be read"),
    (("facing = 0", "facing = nan"), "figure 1: 'facing' must be a hex side from 0 to 5"),
    (("facing = 0", "facing = 1e300"), "figure 1: 'facing' must be a hex side from 0 to 5"),
    (('name = "Aldric"', 'name = "Al\\u0000dric\\nthe Bold"'), None),
    (('title = "Facing: an attack from the rear"', 'title = "\\u0000\\u2028"'),
     "[demo] needs 'title' as a non-empty string"),
    (('side = "wardens"', 'side = "wardens\\n"'), "figure 1 needs 'side' as a key"),
])
def test_a_demo_file_of_hostile_values_gives_one_error_naming_it(maps, edit, fragment):
    from game.rules.demos import load_demo

    path = demo_file(maps, edit=lambda t: t.replace(*edit, 1))
    if fragment is None:  # loads, its names cleaned for drawing
        d = load_demo(path)
        assert d.board.placements[0].name == "Al dric the Bold"
        return
    msg = quickly(lambda: load_demo(path), ScenarioError)
    assert msg.startswith("t5_rear_attack.toml: ") and fragment in msg, msg


def test_a_demo_of_two_thousand_figures_is_refused_quickly(maps):
    from game.rules.demos import MAX_FIGURES, load_demo

    def crowd(text):
        fig = re.search(r"(?s)\[\[figure\]\].*?(?=\n\[)", text).group()
        return text.replace(fig, fig + "\n" + "\n".join([fig] * 2000), 1)

    path = demo_file(maps, edit=crowd)
    msg = quickly(lambda: load_demo(path), ScenarioError)
    assert f"a demo may place {MAX_FIGURES}" in msg


@pytest.mark.parametrize("place,fragment", [
    ('place = { zone = "Nowhere" }', "is not a zone of this board"),
    ('place = { zone = "House", boundary = "Lane" }', "not a boundary between two adjacent"),
    ("hex = [1, 1]", "'hex' is for a hex board"),
    ("place = { x = 100, y = 100 }", "is not a zone of this board"),
])
def test_a_demo_figure_off_its_zone_board_is_named(maps, place, fragment):
    from game.rules.demos import load_demo

    path = maps / "demos" / "zones.toml"
    path.write_text(f"""[demo]
rule = "Z-2"
title = "Statuses"
scenario = "../farmhouse.toml"
text = "Figures in zones."
[[figure]]
name = "Farmer"
side = "farmers"
unit = "farmer"
{place}
[[figure]]
name = "Goblin"
side = "goblins"
unit = "goblin"
place = {{ zone = "Yard" }}
[[step]]
action = {{ kind = "choose_first", side = "farmers", first = "farmers" }}
""")
    msg = quickly(lambda: load_demo(path), ScenarioError)
    assert msg.startswith("zones.toml: figure 1: ") and fragment in msg, msg


def test_a_demo_named_on_the_command_line_says_what_is_wrong_with_its_file(maps,
                                                                            monkeypatch):
    from game.rules import demos

    monkeypatch.setattr(demos, "DEMOS_DIR", maps / "demos")
    demo_file(maps, edit=lambda t: t.replace("[demo]", "[demo", 1))
    msg = quickly(lambda: demos.find_demo("t5_rear_attack"), ScenarioError)
    assert msg.startswith("t5_rear_attack.toml: not a valid TOML file")


def test_a_named_pipe_among_the_demos_is_not_read(maps, monkeypatch):
    import os

    from game.rules import demos

    monkeypatch.setattr(demos, "DEMOS_DIR", maps / "demos")
    os.mkfifo(maps / "demos" / "pipe.toml")
    start = time.perf_counter()
    assert len(demos.list_demos()) == 3
    assert time.perf_counter() - start < 2
    msg = quickly(lambda: demos.load_demo(maps / "demos" / "pipe.toml"), ScenarioError)
    assert msg == "pipe.toml: cannot be read: it is a named pipe, not a file"
