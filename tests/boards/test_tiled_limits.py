"""Small map files that would cost minutes and gigabytes (issue 10, point 6), and pytmx's
own conversions (point 10): limits are checked before anything is allocated for them,
and each fault is one MapError naming the file, the element and the attribute or limit."""

import base64
import gzip
import os
import re
import resource
import shutil
import time
import zlib
from pathlib import Path

import pytest
from cpu import paused_collector, slowness

from game.boards.tiled import load_map
from game.boards.tiled.hexes import MAX_FIGURES
from game.boards.tiled.reader import (
    MAX_MAP_BYTES,
    MAX_MAP_CELLS,
    MAX_TILESET_TILES,
    read_map,
)
from game.core.errors import MapError

MAPS = Path(__file__).resolve().parents[2] / "maps"
HILL = (MAPS / "hill_fight.tmx").read_text()


@pytest.fixture
def folder(tmp_path):
    shutil.copytree(MAPS / "tiles", tmp_path / "tiles")
    return tmp_path


def refused_quickly(path, *fragments):
    """MapError naming the file and ``fragments``, in well under a second and without
    a big allocation."""
    before = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
    with paused_collector(), pytest.raises(MapError) as e:
        start = time.process_time()
        try:
            load_map(path, "hex")
        finally:
            took = time.process_time() - start
    assert took < slowness()
    assert resource.getrusage(resource.RUSAGE_SELF).ru_maxrss - before < 100 * 1024
    msg = str(e.value)
    assert msg.startswith(f"{Path(path).name}: ") and "\n" not in msg, msg
    for f in fragments:
        assert f in msg, msg
    return msg


def write(folder, text, name="m.tmx"):
    path = folder / name
    path.write_text(text)
    return path


def first_layer_as(data: str, encoding: str, compression: str = "") -> str:
    attrs = f'encoding="{encoding}"' + (f' compression="{compression}"' if compression else "")
    return re.sub(r'<data encoding="csv">[^<]*</data>', f"<data {attrs}>{data}</data>", HILL,
                  count=1)


def test_a_map_of_60000_by_60000_is_refused_before_any_array(folder):
    text = HILL.replace('width="20" height="16" tilewidth', 'width="60000" height="60000" '
                        'tilewidth')
    refused_quickly(write(folder, text), "the map: 'width' must be at most 512, not 60000")
    text = HILL.replace('width="20" height="16" tilewidth', 'width="500" height="500" '
                        'tilewidth')
    refused_quickly(write(folder, text), "500x500 = 250000 cells",
                    f"more than the {MAX_MAP_CELLS} a map may have")


@pytest.fixture(scope="module")
def bombs():
    """Layer data that inflates to 256 MB (zlib) and 800 MB (gzip, 800 members of 1 MB,
    which pytmx's gzip.decompress reads one after another)."""
    zeros = zlib.compressobj(1)
    chunk = b"\0" * (1 << 20)
    deflated = b"".join(zeros.compress(chunk) for _ in range(256)) + zeros.flush()
    return {"zlib": deflated, "gzip": gzip.compress(chunk) * 800}


@pytest.mark.parametrize("compression", ["zlib", "gzip"])
def test_a_layer_that_inflates_to_hundreds_of_mb_is_inflated_no_further_than_the_map(
        folder, bombs, compression):
    text = first_layer_as(base64.b64encode(bombs[compression]).decode(), "base64",
                          compression)
    refused_quickly(write(folder, text), "layer 'levels' holds more than 320 cells, but the "
                                         "map is 20x16 = 320 cells")


def test_layer_data_that_is_short_or_damaged_is_named(folder):
    short = base64.b64encode(zlib.compress(b"\1\0\0\0" * 300)).decode()
    refused_quickly(write(folder, first_layer_as(short, "base64", "zlib")),
                    "layer 'levels' holds 300 cells, but the map is 20x16 = 320 cells")
    cut = base64.b64encode(zlib.compress(b"\1\0\0\0" * 320)[:-9]).decode()
    refused_quickly(write(folder, first_layer_as(cut, "base64", "zlib")),
                    "layer 'levels': its zlib data is damaged")
    refused_quickly(write(folder, first_layer_as("@@@", "base64")),
                    "layer 'levels' holds 0 cells")
    refused_quickly(write(folder, first_layer_as("1," * 319 + "99999999999", "csv")),
                    "its CSV data holds '99999999999', which is not a tile id")


def test_a_tileset_image_of_2_to_the_30_pixels_is_not_walked(folder):
    tsx = (folder / "tiles" / "levels.tsx").read_text()
    (folder / "tiles" / "tall.tsx").write_text(
        tsx.replace('height="64"/>', f'height="{2 ** 30}"/>').replace('tilecount="9" ', ""))
    refused_quickly(write(folder, HILL.replace("tiles/levels.tsx", "tiles/tall.tsx")),
                    "the image of tileset 'levels' (tiles/tall.tsx) is 504x1073741824 pixels",
                    f"more than the {MAX_TILESET_TILES} tiles a tileset may hold")


@pytest.mark.parametrize("what", ["pipe", "zero", "folder", "huge"])
def test_a_tileset_source_that_is_not_a_sane_file_is_not_read(folder, what):
    target = folder / "tiles" / "odd.tsx"
    if what == "pipe":
        os.mkfifo(target)  # reading it blocks for ever
    elif what == "zero":
        os.symlink("/dev/zero", target)  # reading it never ends
    elif what == "folder":
        target.mkdir()
    else:
        target.write_text("<tileset>" + " " * MAX_MAP_BYTES + "</tileset>")
    refused_quickly(write(folder, HILL.replace("tiles/levels.tsx", "tiles/odd.tsx")),
                    "cannot read the tileset file odd.tsx: it is")


def test_a_map_that_names_one_tileset_a_thousand_times_is_refused(folder):
    many = "".join(f' <tileset firstgid="{100 + 20 * k}" source="tiles/levels.tsx"/>\n'
                   for k in range(1000))
    refused_quickly(write(folder, HILL.replace(" <layer id=\"1\"", many + ' <layer id="1"', 1)),
                    "it uses 1003 tilesets, more than the 64")


def test_xml_nested_deeper_than_tiled_writes_is_refused(folder):
    text = HILL.replace("</map>", "<group>" * 5000 + "</group>" * 5000 + "</map>")
    refused_quickly(write(folder, text), "its XML nests more than 64 deep")


def test_more_figures_than_a_board_may_place(folder):
    figure = re.search(r' <object id="1".*?</object>\n', HILL, re.S).group()
    crowd = "".join(figure.replace('id="1"', f'id="{100 + k}"') for k in range(MAX_FIGURES))
    text = HILL.replace(figure, figure + crowd)
    refused_quickly(write(folder, text), f"layer 'figures' has {MAX_FIGURES + 8} figures, "
                                         f"more than the {MAX_FIGURES} a map may place")


@pytest.mark.parametrize("edit,fragment", [
    (('<object id="1"', '<object id="1" opacity="12abc"'),
     "object 'Pip' (id 1) in layer 'figures': 'opacity' must be a number, not '12abc'"),
    (('<layer id="1"', '<layer id="1" visible="maybe"'),
     "layer 'levels': 'visible' must be true or false (1 or 0), not 'maybe'"),
    (('<layer id="1"', '<layer id="1.5"'), "layer 'levels': 'id' must be a whole number"),
    (('nextobjectid="9"', 'nextobjectid="x"'),
     "the map: 'nextobjectid' must be a whole number, not 'x'"),
    (('name="title"', 'nam="title"'), "the map has a property without a name"),
    (('<layer id="1"', '<imagelayer id="9" name="sky"/>\n <layer id="1"'),
     "image layer 'sky' has no image"),
    (('</map>', '<group><tileset firstgid="99" source="tiles/levels.tsx"/></group></map>'),
     "holds a <tileset>, which Tiled puts only in <map>"),
])
def test_what_pytmx_converts_is_checked_first_naming_the_element(folder, edit, fragment):
    refused_quickly(write(folder, HILL.replace(*edit, 1)), fragment)


def test_a_tile_of_a_tileset_names_its_animation_and_collision_faults(folder):
    tsx = (folder / "tiles" / "levels.tsx").read_text()
    frame = '<tile id="0">\n  <animation><frame tileid="0" duration="fast"/></animation>'
    (folder / "tiles" / "anim.tsx").write_text(tsx.replace('<tile id="0">', frame, 1))
    refused_quickly(write(folder, HILL.replace("tiles/levels.tsx", "tiles/anim.tsx")),
                    "tileset 'tiles/anim.tsx'", "'duration' must be a whole number, not 'fast'")
    shape = ('<tile id="0">\n  <objectgroup><object id="1" x="0" y="0"><polygon points="0,0 '
             '1,x"/></object></objectgroup>')
    (folder / "tiles" / "shape.tsx").write_text(tsx.replace('<tile id="0">', shape, 1))
    refused_quickly(write(folder, HILL.replace("tiles/levels.tsx", "tiles/shape.tsx")),
                    "object id 1 in the collision shapes of tile 0 of tileset",
                    "polygon points '0,0 1,x' are not pairs of numbers")


def test_figure_names_from_the_map_are_cleaned(folder):
    text = HILL.replace('name="Pip"', 'name="P&#10;i&#9;p&#13;"')
    loaded = load_map(write(folder, text), "hex")
    assert loaded.placements[0].name == "P i p"


def test_the_shipped_maps_still_read():
    for path in [*MAPS.glob("*.tmx"), *MAPS.glob("test/*.tmx")]:
        read_map(path)


def test_a_figure_name_too_long_to_draw_is_refused(folder):
    text = HILL.replace('name="Pip"', 'name="' + "P" * 100_000 + '"')
    refused_quickly(write(folder, text), "figure '" + "P" * 20 + "...' (object id 1): its "
                                         "name is 100000 characters long; at most 60")


def test_a_name_of_only_an_invisible_character_is_refused_by_name(tmp_path):
    """Issue 20, case 8: a name of one right-to-left override (a format character) is
    refused naming the field, not drawn (a zero-width name broke the window); on a map a
    figure's name of that kind is dropped and the rules name the figure."""
    from shutil import copytree

    from game.boards.tiled import load_map
    from game.core.errors import ScenarioError, printable
    from game.core.scenario import MAPS_DIR, load_scenario

    assert printable("\u202e") == "" and printable("Pip\u202e") == "Pip"
    src = (MAPS_DIR / "hill_fight.toml").read_text(encoding="utf-8")
    assert 'name = "Wardens"' in src
    bad = tmp_path / "hill_fight.toml"
    bad.write_text(src.replace('name = "Wardens"', 'name = "\\u202e"')
                   .replace('map = "hill_fight.tmx"', f'map = "{MAPS_DIR / "hill_fight.tmx"}"'),
                   encoding="utf-8")
    with pytest.raises(ScenarioError, match=r"hill_fight.toml: .* is empty"):
        load_scenario(bad)
    copytree(MAPS_DIR / "tiles", tmp_path / "tiles")
    tmx = (MAPS_DIR / "hill_fight.tmx").read_text(encoding="utf-8")
    (tmp_path / "h.tmx").write_text(tmx.replace('name="Pip"', 'name="&#x202E;"'),
                                    encoding="utf-8")
    assert load_map(tmp_path / "h.tmx", "hex").placements[0].name == ""
