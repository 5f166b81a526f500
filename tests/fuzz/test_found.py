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
from game.core.errors import MapError

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
