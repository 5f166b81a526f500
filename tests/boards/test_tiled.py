"""Tiled hex maps: the shipped maps, both stagger axes, and every kind of bad file."""

from __future__ import annotations

import json
import math
import os
import re
import shutil
import subprocess
from pathlib import Path

import numpy as np
import pytest

from game.boards.hexmap import VOID, HexMap
from game.boards.tiled import load_hex_map
from game.core.errors import MapError
from game.core.places import Cell, Placement

MAPS = Path(__file__).resolve().parents[2] / "maps"
SHIPPED = sorted(p for p in [*MAPS.glob("*.tmx"), *(MAPS / "test").glob("*.tmx")]
                 if 'orientation="hexagonal"' in p.read_text(encoding="utf-8"))
"""The shipped hex maps (table maps are tested in test_table.py, zone maps in
test_zones.py)."""
TIMEOUT = 120


def cells_of(loaded):
    b = loaded.board
    return {f.name: b.offset(f.place.index) for f in loaded.placements}


# ============================================================================ shipped maps
def test_every_shipped_map_loads():
    assert len(SHIPPED) >= 4
    for path in SHIPPED:
        loaded = load_hex_map(path)
        assert loaded.board.n > 0, path


def test_hill_fight_is_20x16_pointy_odd_with_levels_0_to_6():
    m = load_hex_map(MAPS / "hill_fight.tmx")
    b = m.board
    assert (b.width, b.height) == (20, 16)
    assert (b.orientation, b.stagger) == ("pointy", "odd")
    assert int(b.levels.min()) == 0 and int(b.levels.max()) == 6
    assert all(b.on_board(i) for i in range(b.n))
    assert m.properties == {"title": "Hill fight", "default_terrain": "grass"}
    assert b.name == "Hill fight"


def test_hill_fight_has_cliffs_and_gentle_slopes():
    b = load_hex_map(MAPS / "hill_fight.tmx").board
    drops = [b.level(i) - b.level(j) for i in b.cells() for j in b.neighbours(i)]
    assert max(drops) >= 3  # cliffs
    top = [i for i in b.cells() if b.level(i) == 6]
    # a gentle way up: from the west edge to the top in steps of at most 1
    seen = {i for i in b.cells() if b.offset(i)[0] == 0}
    frontier = list(seen)
    while frontier:
        i = frontier.pop()
        for j in b.neighbours(i):
            if j not in seen and abs(b.level(j) - b.level(i)) <= 1:
                seen.add(j)
                frontier.append(j)
    assert any(t in seen for t in top)


def test_hill_fight_has_a_stream_of_water_at_level_0_from_north_to_south_edge():
    b = load_hex_map(MAPS / "hill_fight.tmx").board
    water = {i for i in b.cells() if b.terrain_names[b.terrain.flat[i]] == "water"}
    assert water and all(b.level(i) == 0 for i in water)
    north = [i for i in water if b.offset(i)[1] == 0]
    seen, frontier = set(north), list(north)
    while frontier:
        i = frontier.pop()
        for j in b.neighbours(i):
            if j in water and j not in seen:
                seen.add(j)
                frontier.append(j)
    assert any(b.offset(i)[1] == b.height - 1 for i in seen)
    names = set(b.terrain_names)
    assert {"grass", "dirt", "rock", "sand", "water"} <= names


def test_hill_fight_has_four_named_figures_a_side_facing_each_other():
    m = load_hex_map(MAPS / "hill_fight.tmx")
    b = m.board
    by_side: dict[str, list] = {}
    for f in m.placements:
        by_side.setdefault(f.side, []).append(f)
    assert sorted(by_side) == ["raiders", "wardens"]
    assert sorted(f.unit for f in by_side["wardens"]) == [
        "warden_dwarf", "warden_elf", "warden_hobbit", "warden_human"]
    assert sorted(f.unit for f in by_side["raiders"]) == [
        "raider_chief", "raider_goblin", "raider_goblin", "raider_orc"]
    assert all(f.name for f in m.placements)
    assert all(b.offset(f.place.index)[0] <= 1 and f.facing == 0 for f in by_side["wardens"])
    assert all(b.offset(f.place.index)[0] >= 18 and f.facing == 3 for f in by_side["raiders"])
    assert len({f.place.index for f in m.placements}) == 8


def test_hill_fight_units_are_in_its_scenario():
    import tomllib

    scenario = tomllib.loads((MAPS / "hill_fight.toml").read_text())
    m = load_hex_map(MAPS / scenario["scenario"]["map"])
    assert {f.unit for f in m.placements} <= set(scenario["units"])
    assert {f.side for f in m.placements} == set(scenario["sides"])


def test_side_view_is_the_h22_example_with_the_hobbit_at_4_1():
    m = load_hex_map(MAPS / "test" / "side_view.tmx")
    b = m.board
    assert b.levels.tolist() == [[0, 0, 0, 0, 0, 0], [0, 3, 2, 1, 0, 0], [0, 0, 0, 0, 0, 0]]
    assert set(b.terrain_names) == {"grass"}
    assert len(m.placements) == 2
    hobbit = m.placements[0]
    assert (hobbit.name, hobbit.side, hobbit.unit, hobbit.facing) == ("Hobbit", "a", "hobbit", 3)
    assert b.offset(hobbit.place.index) == (4, 1)


def test_flat_even_loads_flat_hexes_with_a_void_and_default_terrain():
    m = load_hex_map(MAPS / "test" / "flat_even.tmx")
    b = m.board
    assert (b.orientation, b.stagger, b.width, b.height) == ("flat", "even", 5, 4)
    assert b.levels[0, 4] == VOID and not b.on_board(b.index(4, 0))
    assert b.levels[1, 2] == 3
    assert b.terrain_of(b.index(1, 2)) == "grass"  # empty terrain cell: default_terrain
    assert b.terrain_of(b.index(4, 2)) == "lava"
    assert cells_of(m) == {"Blue": (1, 1), "Red": (3, 2)}


def test_pointy_even_puts_rectangle_ellipse_and_tile_figures_on_their_cells():
    m = load_hex_map(MAPS / "test" / "pointy_even.tmx")
    b = m.board
    assert (b.orientation, b.stagger, b.width, b.height) == ("pointy", "even", 6, 5)
    assert b.levels[2, 3] == 4 and b.levels[3, 0] == VOID
    assert cells_of(m) == {"Box": (2, 2), "Egg": (4, 3), "Tok": (1, 4)}
    assert [f.facing for f in m.placements] == [1, 4, 2]


# ============================================================================ pixels
LEVELS_TSX = """<tileset firstgid="1" name="levels" tilewidth="{tw}" tileheight="{th}"
  tilecount="4" columns="4"{align}>
 <image source="levels.png" width="{iw}" height="{th}"/>
 <tile id="0"><properties><property name="level" type="int" value="0"/></properties></tile>
 <tile id="1"><properties><property name="level" type="int" value="1"/></properties></tile>
 <tile id="2"><properties><property name="level" type="int" value="2"/></properties></tile>
 <tile id="3">{tile3}</tile>
</tileset>
<tileset firstgid="5" name="terrain" tilewidth="{tw}" tileheight="{th}" tilecount="2"
  columns="2">
 <image source="terrain.png" width="{iw2}" height="{th}"/>
 <tile id="0"><properties><property name="terrain" value="grass"/></properties></tile>
 <tile id="1"><properties><property name="terrain" value="water"/></properties></tile>
</tileset>"""
LEVEL3 = '<properties><property name="level" type="int" value="3"/></properties>'


def tmx(*, width=4, height=3, orientation="hexagonal", axis="y", index="odd",
        levels=None, terrain=None, objects="", props="", tile3=LEVEL3, align="",
        tilesets=None, layers=None, group_attrs=""):
    """A small hex map as TMX text; every part can be swapped for a broken one."""
    tw, th = (56, 64) if axis == "y" else (64, 56)
    if levels is None:
        levels = ",\n".join(",".join("2" for _ in range(width)) for _ in range(height))
    if terrain is None:
        terrain = ",\n".join(",".join("5" for _ in range(width)) for _ in range(height))
    if tilesets is None:
        tilesets = LEVELS_TSX.format(tw=tw, th=th, iw=4 * tw, iw2=2 * tw, tile3=tile3,
                                     align=align)
    if layers is None:
        layers = (
            f'<layer id="1" name="levels" width="{width}" height="{height}">'
            f'<data encoding="csv">\n{levels}\n</data></layer>\n'
            f'<layer id="2" name="terrain" width="{width}" height="{height}">'
            f'<data encoding="csv">\n{terrain}\n</data></layer>\n'
        )
    return (
        f'<?xml version="1.0" encoding="UTF-8"?>\n'
        f'<map version="1.8" orientation="{orientation}" renderorder="right-down" '
        f'width="{width}" height="{height}" tilewidth="{tw}" tileheight="{th}" infinite="0" '
        f'hexsidelength="32" staggeraxis="{axis}" staggerindex="{index}" nextlayerid="4" '
        f'nextobjectid="9">\n{props}{tilesets}\n{layers}'
        f'<objectgroup id="3" name="figures"{group_attrs}>\n{objects}</objectgroup>\n</map>\n'
    )


def figure(oid, name, x, y, *, side="a", unit="u", facing=None, shape="point", w=0, h=0,
           gid=None, rotation=0, extra=""):
    props = ""
    if side is not None:
        props += f'<property name="side" value="{side}"/>'
    if unit is not None:
        props += f'<property name="unit" value="{unit}"/>'
    if facing is not None:
        props += f'<property name="facing" type="int" value="{facing}"/>'
    props += extra
    attrs = f'id="{oid}" name="{name}" x="{x}" y="{y}"'
    if gid is not None:
        attrs += f' gid="{gid}"'
    if w or h:
        attrs += f' width="{w}" height="{h}"'
    if rotation:
        attrs += f' rotation="{rotation}"'
    tail = {"point": "<point/>", "ellipse": "<ellipse/>"}.get(shape, "")
    if shape == "polygon":
        tail = '<polygon points="-10,-10 10,-10 10,10 -10,10"/>'
    return f"<object {attrs}><properties>{props}</properties>{tail}</object>\n"


def write(tmp_path, text, name="bad.tmx"):
    p = tmp_path / name
    p.write_text(text, encoding="utf-8")
    return p


def geometry(axis, index, width=4, height=3):
    tw, th = (56, 64) if axis == "y" else (64, 56)
    return HexMap(np.zeros((height, width), dtype=np.int16),
                  orientation="pointy" if axis == "y" else "flat", stagger=index,
                  tile_width=tw, tile_height=th, side_length=32)


def rotated(dx, dy, degrees):
    a = math.radians(degrees)
    return dx * math.cos(a) - dy * math.sin(a), dx * math.sin(a) + dy * math.cos(a)


@pytest.mark.parametrize("axis", ["x", "y"])
@pytest.mark.parametrize("index", ["odd", "even"])
def test_figure_pixel_position_maps_to_its_cell_for_both_stagger_axes(tmp_path, axis, index):
    geo = geometry(axis, index)
    # every cell gets a figure, drawn by turns as a point, rectangle, ellipse, polygon,
    # tile object (Tiled's origin: bottom left of the image) and rotated tile object
    objects, expect = "", {}
    for i in range(geo.n):
        cx, cy = geo.center(i)
        kind = i % 6
        name = f"f{i}"
        expect[name] = geo.offset(i)
        # nudge off the centre, still well inside the hex
        cx, cy = cx + 5 * ((i % 3) - 1), cy + 4 * ((i % 2) * 2 - 1)
        if kind == 0:
            objects += figure(i + 1, name, cx, cy)
        elif kind == 1:
            objects += figure(i + 1, name, cx - 12, cy - 8, shape="rect", w=24, h=16)
        elif kind == 2:
            objects += figure(i + 1, name, cx - 10, cy - 10, shape="ellipse", w=20, h=20)
        elif kind == 3:
            objects += figure(i + 1, name, cx, cy, shape="polygon")
        elif kind == 4:
            objects += figure(i + 1, name, cx - 20, cy + 20, shape="tile", gid=5, w=40, h=40)
        else:
            ox, oy = rotated(20, -20, 90)  # image centre from the origin, turned 90 degrees
            objects += figure(i + 1, name, cx - ox, cy - oy, shape="tile", gid=5, w=40, h=40,
                              rotation=90)
    m = load_hex_map(write(tmp_path, tmx(axis=axis, index=index, objects=objects), "ok.tmx"))
    assert cells_of(m) == expect


def test_tile_object_alignment_and_layer_offset_are_honoured(tmp_path):
    geo = geometry("y", "odd")
    cx, cy = geo.center(geo.index(2, 1))
    objects = figure(1, "Centred", cx, cy, shape="tile", gid=5, w=40, h=40)
    text = tmx(objects=objects, align=' objectalignment="center"')
    assert cells_of(load_hex_map(write(tmp_path, text, "a.tmx"))) == {"Centred": (2, 1)}
    objects = figure(1, "Shifted", cx - 56, cy)
    text = tmx(objects=objects, group_attrs=' offsetx="56"')
    assert cells_of(load_hex_map(write(tmp_path, text, "b.tmx"))) == {"Shifted": (2, 1)}


def test_a_figure_becomes_a_placement_on_a_cell_keeping_its_other_properties(tmp_path):
    geo = geometry("y", "odd")
    x, y = geo.center(geo.index(2, 1))
    extra = ('<property name="hp" type="int" value="3"/>'
             '<property name="note" value="leader"/>')
    objects = figure(3, "Pip", x, y, facing=4, extra=extra) + figure(4, "", *geo.center(0))
    m = load_hex_map(write(tmp_path, tmx(objects=objects), "ok.tmx"))
    assert m.kind == "hex" and m.path.name == "ok.tmx"
    pip, nameless = m.placements
    assert pip == Placement(name="Pip", side="a", unit="u", place=Cell(geo.index(2, 1)),
                            facing=4, label="figure 'Pip' (object id 3)",
                            properties={"hp": 3, "note": "leader"})
    assert (nameless.name, nameless.facing, nameless.label) == ("", 0, "figure object id 4")
    assert nameless.place == Cell(0) and nameless.properties == {}


def test_a_map_without_a_figures_layer_has_no_figures(tmp_path):
    text = tmx().replace('<objectgroup id="3" name="figures">\n</objectgroup>\n', "")
    assert "objectgroup" not in text
    assert load_hex_map(write(tmp_path, text, "plain.tmx")).placements == ()


# ============================================================================ bad maps
def fails(path, *fragments):
    with pytest.raises(MapError) as err:
        load_hex_map(path)
    message = str(err.value)
    assert Path(path).name in message.split(":")[0], message
    for fragment in fragments:
        assert fragment in message, message
    return message


def test_missing_file_is_named(tmp_path):
    fails(tmp_path / "nowhere.tmx", "no such map file")


def test_not_xml(tmp_path):
    fails(write(tmp_path, "this is not a map"), "not valid XML", "line 1")


def test_json_map_is_refused_with_advice(tmp_path):
    fails(write(tmp_path, '{"orientation": "hexagonal"}'), "JSON", ".tmx")


def test_xml_that_is_not_a_map(tmp_path):
    fails(write(tmp_path, "<tileset/>"), "not a Tiled map", "<tileset>")


def test_orthogonal_orientation(tmp_path):
    fails(write(tmp_path, tmx(orientation="orthogonal")), "orientation is 'orthogonal'",
          "hexagonal map is needed")


def test_infinite_map(tmp_path):
    fails(write(tmp_path, tmx().replace('infinite="0"', 'infinite="1"')), "infinite")


def test_missing_levels_layer(tmp_path):
    text = tmx().replace('name="levels"', 'name="heights"')
    fails(write(tmp_path, text), "no tile layer named 'levels'")


def test_two_layers_named_levels(tmp_path):
    text = tmx().replace('name="figures"', 'name="levels"')
    fails(write(tmp_path, text), "2 layers named 'levels'")


def test_levels_as_an_object_layer(tmp_path):
    text = tmx().replace('name="levels"', 'name="old"').replace('name="figures"', 'name="levels"')
    fails(write(tmp_path, text), "layer 'levels' must be a tile layer", "an object layer")


def test_levels_tile_without_level_property(tmp_path):
    levels = "4,2,2,2,\n2,2,2,2,\n2,2,2,2"
    text = tmx(levels=levels, tile3="")
    fails(write(tmp_path, text), "layer 'levels', cell (0,0)", "tile 3 of tileset 'levels'",
          "no int property 'level'")


def test_levels_tile_with_a_height_property_gets_a_hint(tmp_path):
    tile3 = '<properties><property name="height" type="int" value="3"/></properties>'
    text = tmx(levels="4,2,2,2,\n2,2,2,2,\n2,2,2,2", tile3=tile3)
    fails(write(tmp_path, text), "no int property 'level'", "'height'", "pixel size")


def test_non_integer_level_declared_int(tmp_path):
    tile3 = '<properties><property name="level" type="int" value="two"/></properties>'
    fails(write(tmp_path, tmx(tile3=tile3)), "tile 3 of tileset 'levels'",
          "property 'level'", "type int", "'two'")


def test_level_as_a_string_property(tmp_path):
    tile3 = '<properties><property name="level" value="high"/></properties>'
    text = tmx(levels="2,2,2,2,\n2,4,2,2,\n2,2,2,2", tile3=tile3)
    fails(write(tmp_path, text), "cell (1,1)", "'level' must be an int", "'high'")


def test_negative_level(tmp_path):
    tile3 = '<properties><property name="level" type="int" value="-1"/></properties>'
    text = tmx(levels="2,2,2,2,\n2,2,4,2,\n2,2,2,2", tile3=tile3)
    fails(write(tmp_path, text), "cell (2,1)", "0 or more")


def test_short_csv_layer(tmp_path):
    text = tmx(levels="2,2,2,2,\n2,2,2,2,\n2,2")
    fails(write(tmp_path, text), "layer 'levels'", "holds 10 cells", "4x3 = 12", "too few")


def test_layer_size_differs_from_map(tmp_path):
    text = tmx().replace('name="terrain" width="4"', 'name="terrain" width="3"')
    fails(write(tmp_path, text), "layer 'terrain' is 3x3", "map is 4x3")


def test_out_of_range_gid(tmp_path):
    text = tmx(levels="2,2,2,2,\n2,2,2,99,\n2,2,2,2")
    fails(write(tmp_path, text), "layer 'levels', cell (3,1)", "tile id 99",
          "in no tileset", "1-4, 5-6")


def test_missing_external_tileset(tmp_path):
    text = tmx(tilesets='<tileset firstgid="1" source="tiles/nope.tsx"/>')
    fails(write(tmp_path, text), "nope.tsx", "missing")


def test_broken_external_tileset(tmp_path):
    (tmp_path / "broken.tsx").write_text("<tileset")
    text = tmx(tilesets='<tileset firstgid="1" source="broken.tsx"/>')
    fails(write(tmp_path, text), "broken.tsx", "not valid XML")


def test_xml_tile_format_is_refused_with_advice(tmp_path):
    layers = ('<layer id="1" name="levels" width="4" height="3"><data>'
              + '<tile gid="2"/>' * 12 + "</data></layer>")
    fails(write(tmp_path, tmx(layers=layers)), "layer 'levels'", "CSV")


def test_figure_missing_side(tmp_path):
    objects = figure(7, "Pip", 40, 40, side=None)
    fails(write(tmp_path, tmx(objects=objects)), "figure 'Pip' (object id 7)",
          "no 'side' property")


def test_figure_missing_unit(tmp_path):
    objects = figure(8, "", 40, 40, unit=None)
    fails(write(tmp_path, tmx(objects=objects)), "figure object id 8", "no 'unit' property")


def test_figure_facing_out_of_range(tmp_path):
    objects = figure(3, "Pip", 40, 40, facing=7)
    fails(write(tmp_path, tmx(objects=objects)), "figure 'Pip' (object id 3)", "'facing'",
          "0 to 5", "7")


def test_figure_off_the_map(tmp_path):
    objects = figure(4, "Lost", 2000, 40)
    fails(write(tmp_path, tmx(objects=objects)), "figure 'Lost' (object id 4)", "off the map")


def test_figure_on_a_void_cell(tmp_path):
    geo = geometry("y", "odd")
    x, y = geo.center(geo.index(1, 1))
    text = tmx(levels="2,2,2,2,\n2,0,2,2,\n2,2,2,2", objects=figure(5, "Gap", x, y))
    fails(write(tmp_path, text), "figure 'Gap' (object id 5)", "cell (1,1)",
          "not part of the board")


def test_two_figures_on_one_cell(tmp_path):
    geo = geometry("y", "odd")
    x, y = geo.center(geo.index(1, 1))
    objects = figure(1, "Pip", x, y) + figure(2, "Sam", x + 5, y - 5)
    fails(write(tmp_path, tmx(objects=objects)), "'Pip' (object id 1)",
          "'Sam' (object id 2)", "cell (1,1)")


def test_missing_terrain_with_no_default(tmp_path):
    text = tmx(terrain="5,5,5,5,\n5,5,0,5,\n5,5,5,5")
    fails(write(tmp_path, text), "layer 'terrain' has no tile at cell (2,1)",
          "default_terrain")


def test_missing_terrain_with_a_default_is_filled(tmp_path):
    props = '<properties><property name="default_terrain" value="sand"/></properties>\n'
    text = tmx(terrain="5,5,5,5,\n5,5,0,5,\n5,5,5,6", props=props)
    b = load_hex_map(write(tmp_path, text, "ok.tmx")).board
    assert b.terrain_of(b.index(2, 1)) == "sand"
    assert b.terrain_of(b.index(3, 2)) == "water"
    assert b.terrain_of(b.index(0, 0)) == "grass"


def test_reserved_property_name_is_reported(tmp_path):
    props = '<properties><property name="visible" type="int" value="3"/></properties>'
    text = tmx().replace('name="figures">', f'name="figures">{props}')
    fails(write(tmp_path, text), "visible", "rename")


def test_an_object_may_name_a_property_like_one_of_its_attributes(tmp_path):
    # Tiled allows it, pytmx does not; objects' properties are read from the XML
    objects = figure(1, "Pip", 40, 40, extra='<property name="width" type="int" value="3"/>')
    m = load_hex_map(write(tmp_path, tmx(objects=objects), "ok.tmx"))
    assert m.placements[0].properties == {"width": 3}


def test_map_property_named_width_is_refused(tmp_path):
    props = '<properties><property name="width" type="int" value="3"/></properties>\n'
    fails(write(tmp_path, tmx(props=props)), "map property 'width'", "rename")


def test_int_property_with_a_bad_value_names_the_object(tmp_path):
    objects = figure(6, "Pip", 40, 40, extra='<property name="speed" type="int" value="x"/>')
    fails(write(tmp_path, tmx(objects=objects)), "object 'Pip' (id 6)", "'speed'", "type int")


# ============================================================================ robustness
CORRUPTIONS = ("", "-1", "x", "99999", "1.5")


def corrupted_copies(text):
    """Every line left out in turn, then every attribute value replaced in turn."""
    lines = text.splitlines(keepends=True)
    for k in range(len(lines)):
        yield "".join(lines[:k] + lines[k + 1:])
    for m in re.finditer(r'="([^"]*)"', text):
        for bad in CORRUPTIONS:
            yield text[: m.start(1)] + bad + text[m.end(1):]


@pytest.mark.parametrize("name", ["side_view.tmx", "pointy_even.tmx"])
def test_corrupted_maps_give_a_map_error_or_a_board_never_a_traceback(tmp_path, name):
    work = tmp_path / "maps"
    shutil.copytree(MAPS / "tiles", work / "tiles")
    (work / "test").mkdir()
    original = (MAPS / "test" / name).read_text()
    target = work / "test" / name
    outcomes = {"ok": 0, "error": 0}
    for text in corrupted_copies(original):
        target.write_text(text)
        try:
            load_hex_map(target)
            outcomes["ok"] += 1
        except MapError as e:
            assert str(e).startswith(name)
            outcomes["error"] += 1
    assert outcomes["error"] > 50 and outcomes["ok"] > 0


def test_corrupted_tilesets_give_a_map_error_never_a_traceback(tmp_path):
    work = tmp_path / "maps"
    shutil.copytree(MAPS / "tiles", work / "tiles")
    (work / "test").mkdir()
    shutil.copy(MAPS / "test" / "side_view.tmx", work / "test")
    tsx = work / "tiles" / "levels.tsx"
    original = tsx.read_text()
    for text in corrupted_copies(original):
        tsx.write_text(text)
        try:
            load_hex_map(work / "test" / "side_view.tmx")
        except MapError as e:
            assert str(e).startswith("side_view.tmx")


# ============================================================================ Tiled itself
def tiled_env():
    env = dict(os.environ, QT_QPA_PLATFORM="offscreen")
    env.setdefault("XDG_RUNTIME_DIR", "/tmp")
    return env


def need_tiled():
    if shutil.which("tiled") is None or shutil.which("tmxrasterizer") is None:
        pytest.skip("the Tiled editor (tiled, tmxrasterizer) is not on PATH: "
                    "apt-get install tiled to run this check")


@pytest.mark.parametrize("path", SHIPPED, ids=lambda p: p.name)
def test_tiled_exports_every_shipped_map_as_we_read_it(tmp_path, path):
    need_tiled()
    out = tmp_path / "map.json"
    run = subprocess.run(["tiled", "--export-map", "json", str(path), str(out)],
                         env=tiled_env(), capture_output=True, text=True, timeout=TIMEOUT)
    assert run.returncode == 0, run.stderr
    data = json.loads(out.read_text())
    loaded = load_hex_map(path)
    b = loaded.board
    assert (data["width"], data["height"], data["orientation"]) == (b.width, b.height,
                                                                     "hexagonal")
    layers = {layer["name"]: layer for layer in data["layers"]}
    assert len(layers["levels"]["data"]) == b.n
    empty = [i for i, gid in enumerate(layers["levels"]["data"]) if gid == 0]
    assert empty == [i for i in range(b.n) if not b.on_board(i)]
    assert [o["name"] for o in layers["figures"]["objects"]] == [f.name for f in loaded.placements]
    for ts in data["tilesets"]:  # Tiled keeps them external, relative to its output
        assert (out.parent / ts["source"]).resolve().is_file(), ts["source"]


@pytest.mark.parametrize("path", SHIPPED, ids=lambda p: p.name)
def test_tiled_saves_every_shipped_map_unchanged(tmp_path, path):
    need_tiled()
    work = tmp_path / "maps"
    shutil.copytree(MAPS, work, ignore=shutil.ignore_patterns("*.toml"))
    copy = work / path.relative_to(MAPS)
    resaved = copy.with_name("resaved.tmx")
    run = subprocess.run(["tiled", "--export-map", str(copy), str(resaved)],
                         env=tiled_env(), capture_output=True, text=True, timeout=TIMEOUT)
    assert run.returncode == 0, run.stderr
    assert resaved.read_text() == copy.read_text()


@pytest.mark.parametrize("path", SHIPPED, ids=lambda p: p.name)
def test_tmxrasterizer_draws_each_terrain_where_our_board_has_it(tmp_path, path):
    need_tiled()
    import pygame

    out = tmp_path / "map.png"
    run = subprocess.run(["tmxrasterizer", str(path), str(out)], env=tiled_env(),
                         capture_output=True, text=True, timeout=TIMEOUT)
    assert run.returncode == 0, run.stderr
    image = pygame.image.load(str(out))
    b = load_hex_map(path).board
    assert image.get_size() == b.pixel_size
    # sample each painted hex on its rim (the terrain tile's strongest colour)
    from xml.etree import ElementTree

    layer = ElementTree.parse(path).getroot().find("layer[@name='terrain']/data")
    painted = [int(v) != 0 for v in layer.text.replace("\n", "").split(",")]
    checked = 0
    for i in b.cells():
        if not painted[i]:
            continue
        cx, cy = b.center(i)
        if b.orientation == "pointy":
            x, y = cx - 0.41 * b.tile_width, cy
        else:
            x, y = cx, cy - 0.41 * b.tile_height
        r, g, bl, _ = image.get_at((int(x), int(y)))
        name = b.terrain_names[b.terrain.flat[i]]
        if name == "water":
            assert bl > r + 40 and bl > g, (b.label(i), (r, g, bl))
            checked += 1
        elif name == "grass":
            assert g > r + 20 and g > bl + 20, (b.label(i), (r, g, bl))
            checked += 1
    assert checked > 0
