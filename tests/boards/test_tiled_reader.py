"""The Tiled reader: any map read into plain values, every fault one MapError; board kinds."""

from __future__ import annotations

import ast
import dataclasses
import math
import os
import re
import shutil
import subprocess
from pathlib import Path

import pytest

from game.boards.tiled import BUILDERS, kind_of, load_map
from game.boards.tiled.reader import MapReading, TileRef, read_map
from game.core.errors import MapError
from game.core.places import Cell

ROOT = Path(__file__).resolve().parents[2]
MAPS = ROOT / "maps"

ZONE_PROPS = (
    '<property name="capacity" type="int" value="{capacity}"/>'
    '<property name="cover" type="bool" value="true"/>'
    '<property name="ht" type="float" value="1.5"/>'
    '<property name="terrain" value="wood"/>'
)


def table_tmx(*, layer="zones", map_props="", capacity="3",
              lane="0,0 30,0 30,40", extra_objects="", extra_layers="",
              orientation="orthogonal"):
    """A small orthogonal map: a tile layer, an object layer of every shape, a group."""
    return f"""<?xml version="1.0" encoding="UTF-8"?>
<map version="1.8" tiledversion="1.8.2" orientation="{orientation}" renderorder="right-down"
  width="4" height="3" tilewidth="32" tileheight="32" infinite="0" nextlayerid="5"
  nextobjectid="20">
 <properties>
  <property name="boss" type="object" value="7"/>
  <property name="dark" type="bool" value="true"/>
  <property name="notes">two
lines</property>
  <property name="plan" type="file" value="plans/yard.png"/>
  <property name="tint" type="color" value="#ff102030"/>
  <property name="title" value="Yard"/>
  <property name="turns" type="int" value="12"/>
  {map_props}
 </properties>
 <tileset firstgid="1" name="ground" tilewidth="32" tileheight="32" tilecount="4" columns="2">
  <image source="ground.png" width="64" height="64"/>
  <tile id="1">
   <properties>
    <property name="kind" value="mud"/>
    <property name="slow" type="bool" value="true"/>
   </properties>
  </tile>
 </tileset>
 <tileset firstgid="5" name="props" tilewidth="16" tileheight="24" tilecount="2" columns="2"
   objectalignment="center">
  <image source="props.png" width="32" height="24"/>
  <tile id="1">
   <properties>
    <property name="kind" value="barrel"/>
    <property name="size" type="int" value="1"/>
   </properties>
  </tile>
 </tileset>
 <layer id="1" name="ground" width="4" height="3" offsetx="3" offsety="-2">
  <properties>
   <property name="floor" type="int" value="0"/>
  </properties>
  <data encoding="csv">
1,2,0,1,
0,2147483650,2,2,
1,1,1,0
</data>
 </layer>
 <objectgroup id="2" name="{layer}" offsetx="10" offsety="20">
  <object id="12" name="House" type="building" x="32" y="64" width="64" height="32"
   rotation="90">
   <properties>{ZONE_PROPS.format(capacity=capacity)}</properties>
  </object>
  <object id="13" name="Yard" x="100" y="100">
   <polygon points="0,0 40,0 40,20 0,20"/>
  </object>
  <object id="14" name="Lane" x="0" y="0" rotation="180">
   <polyline points="{lane}"/>
  </object>
  <object id="15" name="Pond" x="200" y="50" width="40" height="20">
   <ellipse/>
  </object>
  <object id="16" name="Spawn" x="5" y="6">
   <point/>
  </object>
  <object id="17" name="Sign" x="40" y="40" width="80" height="20">
   <text wrap="1">Keep out</text>
  </object>
  <object id="18" name="Barrel" gid="6" x="60" y="70" width="16" height="24">
   <properties>
    <property name="size" type="int" value="2"/>
   </properties>
  </object>
  {extra_objects}
 </objectgroup>
 <group id="3" name="upper" offsetx="100" offsety="0">
  <objectgroup id="4" name="roof" offsetx="5" offsety="7">
   <object id="19" name="Beam" x="1" y="2">
    <polygon points="0,0 10,0 0,10"/>
   </object>
  </objectgroup>
 </group>
 {extra_layers}
</map>
"""


def write(tmp_path, text, name="yard.tmx"):
    p = tmp_path / name
    p.write_text(text, encoding="utf-8")
    return p


def read(tmp_path, **kw):
    return read_map(write(tmp_path, table_tmx(**kw)))


def fails(path, *fragments, call=read_map):
    with pytest.raises(MapError) as err:
        call(path)
    message = str(err.value)
    assert Path(path).name in message.split(":")[0], message
    for fragment in fragments:
        assert fragment in message, message
    return message


def close(a, b):
    return all(math.isclose(x, y, abs_tol=1e-9) for x, y in zip(a, b, strict=True))


def close_points(a, b):
    return len(a) == len(b) and all(close(p, q) for p, q in zip(a, b, strict=True))


# ============================================================================ the reading
def test_map_attributes_and_typed_map_properties(tmp_path):
    r = read(tmp_path)
    assert isinstance(r, MapReading)
    assert (r.orientation, r.render_order) == ("orthogonal", "right-down")
    assert (r.width, r.height, r.tile_width, r.tile_height) == (4, 3, 32, 32)
    assert (r.hex_side, r.stagger_axis, r.stagger_index) == (None, None, None)
    assert r.properties == {"boss": 7, "dark": True, "notes": "two\nlines",
                            "plan": "plans/yard.png", "tint": "#ff102030", "title": "Yard",
                            "turns": 12}
    assert type(r.properties["turns"]) is int and r.properties["dark"] is True
    assert [(t.name, t.first_gid, t.count, t.alignment) for t in r.tilesets] == [
        ("ground", 1, 4, "bottomleft"), ("props", 5, 2, "center")]
    assert r.file == "yard.tmx"
    assert list(r.layer_kinds.items()) == [("ground", "tile"), ("zones", "object"),
                                           ("upper", "group"), ("roof", "object")]


def test_tile_layer_cells_are_tile_references_with_typed_properties(tmp_path):
    r = read(tmp_path)
    ground = r.tile_layer("ground")
    assert ground is not None and ground.offset == (3, -2)
    assert ground.properties == {"floor": 0}
    assert len(ground.cells) == 3 and all(len(row) == 4 for row in ground.cells)
    mud = TileRef("ground", "", 1, {"kind": "mud", "slow": True})
    assert ground.at(0, 0) == TileRef("ground", "", 0)
    assert ground.at(0, 0).properties == {}
    assert ground.at(1, 0) == mud and ground.at(1, 0).properties == mud.properties
    assert ground.at(2, 0) is None and ground.at(0, 1) is None
    assert ground.at(1, 1) == mud  # flipped horizontally in the file: the same tile
    assert ground.at(1, 0).label == "tile 1 of tileset 'ground'"
    assert [[c is None for c in row] for row in ground.cells] == [
        [False, False, True, False], [True, False, False, False],
        [False, False, False, True]]


def test_objects_of_every_shape_with_absolute_geometry(tmp_path):
    r = read(tmp_path)
    layer = r.object_layer("zones")
    assert layer is not None and layer.offset == (10, 20)
    objs = {o.name: o for o in layer.objects}
    assert [o.name for o in layer.objects] == ["House", "Yard", "Lane", "Pond", "Spawn",
                                               "Sign", "Barrel"]
    assert {n: o.shape for n, o in objs.items()} == {
        "House": "rectangle", "Yard": "polygon", "Lane": "polyline", "Pond": "ellipse",
        "Spawn": "point", "Sign": "text", "Barrel": "tile"}

    house = objs["House"]  # 64x32 at (32, 64), turned 90 degrees clockwise about (32, 64)
    assert (house.id, house.type, house.layer, house.rotation) == (12, "building", "zones", 90)
    assert (house.x, house.y, house.width, house.height) == (42, 84, 64, 32)
    assert close_points(house.points, [(42, 84), (42, 148), (10, 148), (10, 84)])
    assert close(house.centre, (26, 116))
    assert house.properties == {"capacity": 3, "cover": True, "ht": 1.5, "terrain": "wood"}
    assert house.label == "object 'House' (id 12) in layer 'zones'"
    assert house.tile is None

    yard = objs["Yard"]
    assert close_points(yard.points, [(110, 120), (150, 120), (150, 140), (110, 140)])
    assert close(yard.centre, (130, 130)) and (yard.width, yard.height) == (0, 0)

    lane = objs["Lane"]  # turned 180 degrees about (0, 0), then moved by the layer offset
    assert close_points(lane.points, [(10, 20), (-20, 20), (-20, -20)])
    along = ((15 * 30 + 30 * 40) / 70, (0 * 30 + 20 * 40) / 70)  # weighted by length
    assert close(lane.centre, (10 - along[0], 20 - along[1]))

    pond = objs["Pond"]
    assert pond.points == () and close(pond.centre, (230, 80))
    spawn = objs["Spawn"]
    assert spawn.points == ((15, 26),) and spawn.centre == (15, 26)
    sign = objs["Sign"]
    assert close(sign.centre, (90, 70)) and len(sign.points) == 4

    barrel = objs["Barrel"]  # objectalignment center: (x, y) is the image's middle
    assert barrel.tile == TileRef("props", "", 1)
    assert close(barrel.centre, (70, 90))
    assert close_points(barrel.points, [(62, 78), (78, 78), (78, 102), (62, 102)])
    assert barrel.properties == {"kind": "barrel", "size": 2}  # its own size wins


def test_group_offsets_add_to_their_layers(tmp_path):
    r = read(tmp_path)
    roof = r.object_layer("roof")
    assert roof is not None and roof.offset == (105, 7)
    beam = roof.objects[0]
    assert close_points(beam.points, [(106, 9), (116, 9), (106, 19)])
    assert close(beam.centre, (106 + 10 / 3, 9 + 10 / 3))


def test_asking_for_a_layer_of_the_wrong_kind_names_both_kinds(tmp_path):
    r = read(tmp_path)
    assert r.tile_layer("nothing") is None and r.object_layer("nothing") is None
    with pytest.raises(MapError, match=r"yard.tmx: layer 'ground' must be an object layer, "
                                       r"but it is a tile layer"):
        r.object_layer("ground")
    with pytest.raises(MapError, match="must be a tile layer, but it is a group layer"):
        r.tile_layer("upper")


def test_a_tile_objects_alignment_follows_the_maps_orientation_when_unspecified(tmp_path):
    text = table_tmx().replace(' objectalignment="center"', "")
    barrel = read_map(write(tmp_path, text)).object_layer("zones").objects[-1]
    assert close(barrel.centre, (60 + 10 + 8, 70 + 20 - 12))  # bottom left
    iso = read_map(write(tmp_path, text.replace('"orthogonal"', '"isometric"'), "iso.tmx"))
    barrel = iso.object_layer("zones").objects[-1]
    assert close(barrel.centre, (60 + 10, 70 + 20 - 12))  # bottom middle


def test_tiled_19_class_attribute_is_the_objects_type(tmp_path):
    text = table_tmx().replace('type="building"', 'class="building"')
    house = read_map(write(tmp_path, text)).object_layer("zones").objects[0]
    assert house.type == "building"


def test_readings_are_frozen_plain_values(tmp_path):
    r = read(tmp_path)
    obj = r.object_layer("zones").objects[0]
    for value in (r, obj, r.tile_layer("ground"), r.tilesets[0], obj.tile or TileRef("a", "", 0)):
        assert dataclasses.is_dataclass(value)
        with pytest.raises(dataclasses.FrozenInstanceError):
            value.name = "x"  # type: ignore[misc]
    assert "pytmx" not in repr(r)


# ============================================================================ property types
@pytest.mark.parametrize(("kind", "value", "says"), [
    ("int", "two", "must be an int, not 'two'"),
    ("int", "2.5", "must be an int, not '2.5'"),
    ("float", "wide", "must be a number, not 'wide'"),
    ("bool", "maybe", "must be true or false, not 'maybe'"),
    ("object", "door", "must be an object id"),
])
def test_a_bad_typed_object_property_names_the_object_layer_and_property(tmp_path, kind,
                                                                         value, says):
    bad = (f'<object id="30" name="Gate" x="1" y="1"><properties><property name="capacity" '
           f'type="{kind}" value="{value}"/></properties></object>')
    fails(write(tmp_path, table_tmx(extra_objects=bad)),
          "object 'Gate' (id 30) in layer 'zones': property 'capacity' " + says,
          f"type {kind}")


def test_the_briefs_example_a_capacity_of_two(tmp_path):
    fails(write(tmp_path, table_tmx(capacity="two")),
          "yard.tmx: object 'House' (id 12) in layer 'zones': property 'capacity' must be an "
          "int, not 'two'")


def test_unknown_and_class_property_types_are_refused(tmp_path):
    weird = '<property name="mood" type="weird" value="x"/>'
    fails(write(tmp_path, table_tmx(map_props=weird)), "the map: property 'mood'", "'weird'")
    cls = '<property name="shape" type="class" propertytype="Box"/>'
    fails(write(tmp_path, table_tmx(map_props=cls)), "property 'shape'", "class")


def test_bad_layer_and_tile_properties_are_named(tmp_path):
    text = table_tmx().replace('name="floor" type="int" value="0"',
                               'name="floor" type="int" value="ground"')
    fails(write(tmp_path, text), "layer 'ground': property 'floor' must be an int")
    text = table_tmx().replace('name="slow" type="bool" value="true"',
                               'name="slow" type="bool" value="sometimes"')
    fails(write(tmp_path, text), "tile 1 of tileset 'ground': property 'slow'", "true or false")


def test_value_checks_what_a_builder_asks_for(tmp_path):
    r = read(tmp_path, capacity="3")
    house = r.object_layer("zones").objects[0]
    assert r.value(house.label, house.properties, "capacity", int) == 3
    assert r.value(house.label, house.properties, "ht", float) == 1.5
    assert r.value(house.label, house.properties, "capacity", float) == 3.0
    assert r.value(house.label, house.properties, "cover", bool) is True
    assert r.value(house.label, house.properties, "terrain", str) == "wood"
    assert r.value(house.label, house.properties, "damage", int, default=0) == 0
    with pytest.raises(MapError, match=r"^yard.tmx: object 'House' \(id 12\) in layer 'zones' "
                                       r"has no 'damage' property \(hit points\)$"):
        r.value(house.label, house.properties, "damage", int, what="hit points")
    with pytest.raises(MapError, match=r"property 'terrain' must be an int \(type int in "
                                       r"Tiled\), not 'wood'"):
        r.value(house.label, house.properties, "terrain", int)
    with pytest.raises(MapError, match="property 'cover' must be an int"):
        r.value(house.label, house.properties, "cover", int)  # a bool is no int
    with pytest.raises(MapError, match="property 'capacity' must be a non-empty string"):
        r.value(house.label, house.properties, "capacity", str)


# ============================================================================ bad files
def test_object_geometry_that_is_not_numbers_names_the_object(tmp_path):
    fails(write(tmp_path, table_tmx().replace('x="32"', 'x="abc"')),
          "object 'House' (id 12) in layer 'zones'", "'x' must be a number", "'abc'")
    fails(write(tmp_path, table_tmx(lane="0,0 30,zero")),
          "object 'Lane' (id 14) in layer 'zones'", "polyline points")


def test_templates_in_any_object_layer_are_refused(tmp_path):
    tpl = '<object id="31" name="Crate" template="crate.tx" x="1" y="1"/>'
    fails(write(tmp_path, table_tmx(extra_objects=tpl)),
          "object 'Crate' (id 31) in layer 'zones' uses the object template crate.tx",
          "Detach")


def test_layer_names_are_unique_across_the_map(tmp_path):
    fails(write(tmp_path, table_tmx(layer="ground")), "2 layers named 'ground'")
    fails(write(tmp_path, table_tmx(layer="upper")), "2 layers named 'upper'")


def test_fractional_layer_offsets_are_refused_with_the_layer_named(tmp_path):
    text = table_tmx().replace('offsetx="10"', 'offsetx="10.5"')
    fails(write(tmp_path, text), "layer 'zones'", "'offsetx' must be a whole number")


def test_tile_ids_outside_every_tileset_in_any_tile_layer(tmp_path):
    text = table_tmx().replace("1,1,1,0\n", "1,1,1,40\n")
    fails(write(tmp_path, text), "layer 'ground', cell (3,2) has tile id 40",
          "1-4, 5-6")


def test_a_tile_object_outside_every_tileset(tmp_path):
    text = table_tmx().replace('gid="6"', 'gid="9"')
    fails(write(tmp_path, text), "object 'Barrel' (id 18) in layer 'zones' shows tile id 9")


def test_pytmx_failures_become_one_map_error_naming_the_file(tmp_path, monkeypatch):
    text = table_tmx().replace("1,1,1,0\n", "1,1,1,x\n")
    fails(write(tmp_path, text), "layer 'ground': its CSV data holds 'x', which is not a "
                                 "tile id")

    def broken(*args, **kwargs):
        raise ValueError("something pytmx did not expect")

    monkeypatch.setattr("pytmx.TiledMap", broken)  # (the map above already read pytmx's names)
    fails(write(tmp_path, table_tmx()), "pytmx could not read the map",
          "ValueError: something pytmx did not expect")
    monkeypatch.undo()
    reserved = '<property name="visible" type="int" value="3"/>'
    text = table_tmx().replace('<property name="floor" type="int" value="0"/>', reserved)
    fails(write(tmp_path, text), "a custom property uses a name Tiled itself uses", "rename")


def test_an_objects_property_may_share_a_name_with_its_attributes(tmp_path):
    # Tiled allows an object's custom property named "width" (a sewer corridor has one);
    # pytmx refuses it; the reader reads objects' properties from the XML as typed
    width = '<property name="width" type="float" value="3.5"/>'
    text = table_tmx().replace('<property name="size" type="int" value="2"/>', width)
    barrel = read_map(write(tmp_path, text)).object_layers["zones"].objects[-1]
    assert barrel.name == "Barrel" and barrel.properties["width"] == 3.5
    assert barrel.width == 16


def test_unknown_orientation_and_render_order(tmp_path):
    fails(write(tmp_path, table_tmx(orientation="round")), "orientation is 'round'",
          "orthogonal, isometric, staggered, hexagonal")
    text = table_tmx().replace('renderorder="right-down"', 'renderorder="down"')
    fails(write(tmp_path, text), "render order", "'down'")


CORRUPTIONS = ("", "-1", "x", "99999", "1.5")


def corrupted_copies(text):
    """Every line left out in turn, then every attribute value replaced in turn."""
    lines = text.splitlines(keepends=True)
    for k in range(len(lines)):
        yield "".join(lines[:k] + lines[k + 1:])
    for m in re.finditer(r'="([^"]*)"', text):
        for bad in CORRUPTIONS:
            yield text[: m.start(1)] + bad + text[m.end(1):]


def test_corrupted_table_maps_give_a_map_error_or_a_reading_never_a_traceback(tmp_path):
    target = tmp_path / "yard.tmx"
    outcomes = {"ok": 0, "error": 0}
    for text in corrupted_copies(table_tmx(map_props='<property name="inch" value="x"/>')):
        target.write_text(text)
        try:
            r = read_map(target)
            try:
                kind_of(r)
            except MapError as e:
                assert str(e).startswith("yard.tmx: "), e
            outcomes["ok"] += 1
        except MapError as e:
            assert str(e).startswith("yard.tmx"), e
            outcomes["error"] += 1
    assert outcomes["error"] > 50 and outcomes["ok"] > 50


# ============================================================================ board kinds
def test_kind_of_a_hex_map_a_zones_board_and_a_table(tmp_path):
    assert kind_of(read_map(MAPS / "hill_fight.tmx")) == "hex"
    assert kind_of(read(tmp_path)) == "zones"
    inch = '<property name="inch" type="float" value="32"/>'
    assert kind_of(read(tmp_path, layer="terrain", map_props=inch)) == "table"
    unit = '<property name="unit" type="int" value="16"/>'
    assert kind_of(read(tmp_path, layer="terrain", map_props=unit)) == "table"


def test_kind_of_says_what_each_kind_needs_when_it_cannot_tell(tmp_path):
    r = read(tmp_path, layer="scenery")
    with pytest.raises(MapError) as err:
        kind_of(r)
    for fragment in ("yard.tmx: cannot tell what kind of board it is", "hexagonal",
                     "object layer named 'zones'", "map property 'inch'"):
        assert fragment in str(err.value)


@pytest.mark.parametrize("prop", [
    '<property name="inch" value="32"/>',
    '<property name="inch" type="int" value="0"/>',
    '<property name="unit" type="float" value="-4"/>',
    '<property name="inch" type="bool" value="true"/>',
])
def test_a_table_scale_must_be_a_positive_number(tmp_path, prop):
    r = read(tmp_path, layer="terrain", map_props=prop)
    with pytest.raises(MapError, match="must be a positive number"):
        kind_of(r)


def test_a_map_that_is_both_zones_and_table_or_sets_both_scales_is_refused(tmp_path):
    inch = '<property name="inch" type="float" value="32"/>'
    with pytest.raises(MapError) as err:
        kind_of(read(tmp_path, map_props=inch))
    assert str(err.value) == (
        "yard.tmx: it has the marks of more than one kind of board: a table map (the map "
        "property 'inch' (or 'unit'): map pixels per inch (or per unit)) and a zones board "
        "(an object layer named 'zones' (the zones as rectangles and polygons)); keep the "
        "marks of one")
    both = inch + '<property name="unit" type="float" value="32"/>'
    with pytest.raises(MapError, match="both map properties 'inch' and 'unit'"):
        kind_of(read(tmp_path, layer="terrain", map_props=both))


def test_a_zones_tile_layer_is_named_as_the_mistake_it_is(tmp_path):
    text = table_tmx(layer="stuff").replace('name="ground"', 'name="zones"')
    with pytest.raises(MapError, match="layer 'zones' must be an object layer, but it is a "
                                       "tile layer"):
        kind_of(read_map(write(tmp_path, text)))


# ============================================================================ load_map
def test_load_map_builds_the_maps_own_kind():
    m = load_map(MAPS / "hill_fight.tmx")
    assert m.kind == "hex" and m.board.width == 20
    assert all(isinstance(p.place, Cell) for p in m.placements)
    assert m.placements[0].label == "figure 'Pip' (object id 1)"
    assert load_map(MAPS / "hill_fight.tmx", "hex").placements == m.placements


def test_a_hex_map_asked_for_as_a_zones_board(tmp_path):
    shutil.copy(MAPS / "hill_fight.tmx", tmp_path / "hill.tmx")
    shutil.copytree(MAPS / "tiles", tmp_path / "tiles")
    with pytest.raises(MapError) as err:
        load_map(tmp_path / "hill.tmx", "zones")
    assert str(err.value) == "hill.tmx is a hex map, but this scenario needs a zones board"


def test_a_zones_board_asked_for_as_a_hex_map_or_a_table(tmp_path):
    path = write(tmp_path, table_tmx())
    fails(path, "yard.tmx is a zones board, but this scenario needs a hex map",
          call=lambda p: load_map(p, "hex"))
    fails(path, "yard.tmx is a zones board, but this scenario needs a table map",
          call=lambda p: load_map(p, "table"))


def test_a_map_of_no_kind_asked_for_as_a_table(tmp_path):
    path = write(tmp_path, table_tmx(layer="scenery"))
    fails(path, "it is not a table map", "map property 'inch'",
          call=lambda p: load_map(p, "table"))


def test_a_map_no_registered_kind_claims_and_an_unknown_kind(tmp_path, monkeypatch):
    import game.boards.tiled as tiled
    from game.core.registry import Registry

    assert set(BUILDERS) == {"hex", "sewer", "table", "track", "zones"}
    only_hex = Registry("board kind", {"hex": BUILDERS.target("hex")}, error=MapError)
    monkeypatch.setattr(tiled, "BUILDERS", only_hex)
    path = write(tmp_path, table_tmx(layer="scenery",
                                     map_props='<property name="inch" type="int" value="32"/>'))
    fails(path, "cannot tell what kind of board it is (a hex map needs a hexagonal map",
          call=load_map)
    fails(path, "there is no board kind 'table' (the kinds are hex)",
          call=lambda p: load_map(p, "table"))
    monkeypatch.undo()
    fails(path, "there is no board kind 'dungeon'", "hex, sewer, table, track, zones",
          call=lambda p: load_map(p, "dungeon"))


def test_only_the_reader_imports_pytmx():
    importers = []
    for path in sorted((ROOT / "game").rglob("*.py")):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            names = ([a.name for a in node.names] if isinstance(node, ast.Import) else
                     [node.module or ""] if isinstance(node, ast.ImportFrom) else [])
            if any(n == "pytmx" or n.startswith("pytmx.") for n in names):
                importers.append(path.relative_to(ROOT).as_posix())
    assert importers == ["game/boards/tiled/reader.py"]


# ============================================================================ Tiled itself
RASTER_TMX = """<?xml version="1.0" encoding="UTF-8"?>
<map version="1.8" tiledversion="1.8.2" orientation="orthogonal" renderorder="right-down"
  width="16" height="12" tilewidth="32" tileheight="32" infinite="0" nextlayerid="5"
  nextobjectid="20">
 <group id="3" name="upper" offsetx="40" offsety="10">
  <objectgroup id="2" name="zones" color="#ff0000" offsetx="10" offsety="20">
   <object id="12" name="House" x="200" y="64" width="100" height="40" rotation="30"/>
   <object id="13" name="Yard" x="60" y="200" rotation="-45">
    <polygon points="0,0 80,0 80,50 0,50"/>
   </object>
   <object id="14" name="Lane" x="60" y="330" rotation="10">
    <polyline points="0,0 120,0 160,-40"/>
   </object>
   <object id="15" name="Pond" x="300" y="200" width="80" height="40" rotation="20">
    <ellipse/>
   </object>
  </objectgroup>
 </group>
</map>
"""


def test_tmxrasterizer_draws_each_object_where_the_reading_puts_it(tmp_path):
    """Tiled's own renderer is the judge of rotation, layer and group offsets."""
    if shutil.which("tmxrasterizer") is None:
        pytest.skip("tmxrasterizer (apt-get install tiled) is not on PATH")
    import pygame

    path = write(tmp_path, RASTER_TMX, "raster.tmx")
    out = tmp_path / "raster.png"
    env = dict(os.environ, QT_QPA_PLATFORM="offscreen")
    env.setdefault("XDG_RUNTIME_DIR", "/tmp")
    run = subprocess.run(["tmxrasterizer", str(path), str(out)], env=env,
                         capture_output=True, text=True, timeout=120)
    assert run.returncode == 0, run.stderr
    image = pygame.image.load(str(out))

    def alpha(x, y):
        return image.get_at((round(x), round(y)))[3]

    def drawn_near(x, y, r=2):
        return any(alpha(x + dx, y + dy) > 200 for dx in range(-r, r + 1)
                   for dy in range(-r, r + 1))

    objects = {o.name: o for o in read_map(path).object_layer("zones").objects}
    assert set(objects) == {"House", "Yard", "Lane", "Pond"}
    for name in ("House", "Yard", "Pond"):  # filled shapes: the centre is inside
        cx, cy = objects[name].centre
        assert 0 < alpha(cx, cy) < 255, name
    for name in ("House", "Yard"):
        o = objects[name]
        cx, cy = o.centre
        for x, y in o.points:
            d = math.hypot(x - cx, y - cy)
            ux, uy = (x - cx) / d, (y - cy) / d
            assert drawn_near(x, y), (name, x, y)  # the outline passes the corner
            assert alpha(x - 5 * ux, y - 5 * uy) > 0, (name, x, y)  # inside
            assert alpha(x + 8 * ux, y + 8 * uy) == 0, (name, x, y)  # outside
    lane = objects["Lane"]
    for (x0, y0), (x1, y1) in zip(lane.points, lane.points[1:], strict=False):
        for t in (0.0, 0.5, 1.0):
            assert drawn_near(x0 + t * (x1 - x0), y0 + t * (y1 - y0)), (x0, y0, t)
