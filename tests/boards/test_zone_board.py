"""Zone boards (Z-1, Z-16, Z-11): zones from Tiled object layers, adjacency by shared
border, bottlenecks and obstacles placed on boundaries or in zones, and one MapError
naming the object for every fault."""

from __future__ import annotations

import os
import shutil
import subprocess
from pathlib import Path

import pytest

from game.boards.tiled import BUILDERS, load_map
from game.boards.zones import (
    Bottleneck,
    Obstacle,
    Patch,
    Zone,
    ZoneBoard,
    ZoneGeometryError,
)
from game.core.errors import MapError
from game.core.places import InZone

ROOT = Path(__file__).resolve().parents[2]
MAPS = ROOT / "maps"


def rect(x, y, w, h):
    return ((x, y), (x + w, y), (x + w, y + h), (x, y + h))


def square_board(**kw):
    """Four zones in a 2x2 square: A B / C D (A and D touch only at a corner)."""
    zones = [Zone("A", rect(0, 0, 100, 100)), Zone("B", rect(100, 0, 100, 100)),
             Zone("C", rect(0, 100, 100, 100)), Zone("D", rect(100, 100, 100, 100))]
    return ZoneBoard.build(zones, **kw)


def test_z1_adjacency_is_a_shared_border_not_a_corner():
    b = square_board()
    assert b.neighbours("A") == ("B", "C")
    assert not b.adjacent("A", "D") and b.adjacent("B", "D")
    assert b.distance("A", "D") == 2 and b.distance("A", "A") == 0
    bd = b.boundary("A", "B")
    assert bd is not None and bd.other("A") == "B"
    assert abs(bd.length - 100) < 4 and abs(bd.middle[0] - 100) < 2
    assert b.paths("A", 1) == [("B",), ("C",)]
    assert ("B", "D") in b.paths("A", 2) and ("B", "D", "C") in b.paths("A", 3)
    assert all("A" not in p for p in b.paths("A", 3))


def test_z1_zone_properties_and_lookups():
    zones = [Zone("Wood", rect(0, 0, 100, 100), "forest", -3, -2, 6),
             Zone("Field", rect(100, 0, 100, 100))]
    b = ZoneBoard.build(zones)
    w = b.zones["Wood"]
    assert (w.terrain, w.visibility, w.move, w.stacking) == ("forest", -3, -2, 6)
    assert b.zones["Field"].stacking is None and b.zones["Field"].terrain == "open"
    assert b.zone_at(50, 50) == "Wood" and b.zone_at(150, 20) == "Field"
    assert b.zone_at(500, 500) is None
    cx, cy = b.centre("Wood")
    assert 40 < cx < 60 and 40 < cy < 60
    spots = b.spots("Wood", 20, 10)
    assert spots[0] == pytest.approx((50, 50), abs=11)
    assert all(10 <= x <= 90 and 10 <= y <= 90 for x, y in spots)


def test_overlapping_zones_and_a_zone_touching_nothing_are_named():
    with pytest.raises(ZoneGeometryError, match="zone 'A' and zone 'B' overlap"):
        ZoneBoard.build([Zone("A", rect(0, 0, 100, 100)), Zone("B", rect(50, 0, 100, 100))])
    with pytest.raises(ZoneGeometryError, match="zone 'C' touches no other zone"):
        ZoneBoard.build([Zone("A", rect(0, 0, 100, 100)), Zone("B", rect(100, 0, 100, 100)),
                         Zone("C", rect(300, 0, 50, 50))])
    with pytest.raises(ZoneGeometryError, match="touches no other zone"):  # a corner only
        ZoneBoard.build([Zone("A", rect(0, 0, 100, 100)), Zone("B", rect(100, 100, 10, 10))])
    with pytest.raises(ZoneGeometryError, match="the same name 'A'"):
        ZoneBoard.build([Zone("A", rect(0, 0, 100, 100)), Zone("A", rect(100, 0, 100, 100))])


def test_z16_a_bottleneck_lies_on_one_boundary_or_is_named():
    b = square_board(bottlenecks=[Bottleneck("Door", rect(90, 40, 20, 20), 2, "hard")])
    door = b.bottlenecks["Door"]
    assert set(door.zones) == {"A", "B"} and door.capacity == 2 and door.cover == "hard"
    assert b.bottleneck_on("B", "A") is door and b.bottleneck_on("A", "C") is None
    assert door.other("A") == "B"
    assert b.bottleneck_at(100, 50) is door and b.bottleneck_at(10, 10) is None
    with pytest.raises(ZoneGeometryError, match="bottleneck 'Hatch' is not on a boundary"):
        square_board(bottlenecks=[Bottleneck("Hatch", rect(20, 20, 20, 20), 2)])
    with pytest.raises(ZoneGeometryError, match="capacity must be 1 or more"):
        square_board(bottlenecks=[Bottleneck("Door", rect(90, 40, 20, 20), 0)])


def test_z11_obstacles_along_a_boundary_or_inside_a_zone():
    wall = Obstacle("Fire", ((100, 0), (100, 100)), 3, "fire", "1d6")
    pile = Obstacle("Pile", rect(20, 120, 30, 20), 2, "woodpile", closed=True)
    b = square_board(obstacles=[wall, pile])
    assert b.obstacles["Fire"].boundary is not None
    assert set(b.obstacles["Fire"].boundary or ()) == {"A", "B"}
    assert b.obstacles_on("B", "A")[0].damage == "1d6"
    assert b.obstacles["Pile"].zone == "C" and b.obstacles_in("C")[0].size == 2
    assert b.obstacles_in("A") == ()
    with pytest.raises(ZoneGeometryError, match="obstacle 'Far' lies outside every zone"):
        square_board(obstacles=[Obstacle("Far", rect(400, 400, 10, 10), 1, "rock",
                                         closed=True)])


def test_z10_a_patch_of_terrain_lies_inside_one_zone_and_covers_only_part_of_it():
    b = square_board(patches=[Patch("Bog", rect(20, 20, 40, 40), "bog", -3, -1)])
    assert b.patches["Bog"].zone == "A" and b.patches_in("A") == (b.patches["Bog"],)
    assert b.patches_in("B") == ()
    with pytest.raises(ZoneGeometryError, match="inside one zone"):
        square_board(patches=[Patch("Bog", rect(80, 20, 40, 40))])
    with pytest.raises(ZoneGeometryError, match="covers"):
        square_board(patches=[Patch("Bog", rect(1, 1, 98, 98))])
    with pytest.raises(ZoneGeometryError, match="same name"):
        square_board(patches=[Patch("Bog", rect(20, 20, 10, 10)),
                              Patch("Bog", rect(120, 20, 10, 10))])


def test_z10_the_farmhouse_has_a_haystack_in_the_pasture():
    b = load_map(MAPS / "farmhouse.tmx").board
    hay = b.patches["Haystack"]
    assert hay.zone == "Pasture" and hay.move == -2 and hay.visibility == -2
    assert hay.terrain == "hay"


# ============================================================================ Tiled maps
def zone_tmx(zones="", bottlenecks="", obstacles="", figures="", orientation="orthogonal"):
    def layer(k, name, body):
        return f' <objectgroup id="{k}" name="{name}">\n{body}\n </objectgroup>\n' \
            if body else ""
    return (f'<?xml version="1.0" encoding="UTF-8"?>\n<map version="1.8" '
            f'orientation="{orientation}" renderorder="right-down" width="10" height="10" '
            f'tilewidth="32" tileheight="32" infinite="0" nextlayerid="5" '
            f'nextobjectid="50">\n' + layer(1, "zones", zones)
            + layer(2, "bottlenecks", bottlenecks) + layer(3, "obstacles", obstacles)
            + layer(4, "figures", figures) + "</map>\n")


def obj(oid, name, x, y, w=0, h=0, props="", poly=""):
    size = f' width="{w}" height="{h}"' if w else ""
    inner = (f"<properties>{props}</properties>" if props else "") + poly
    return f'  <object id="{oid}" name="{name}" x="{x}" y="{y}"{size}>{inner}</object>'


def prop(name, value, typ=""):
    t = f' type="{typ}"' if typ else ""
    return f'<property name="{name}"{t} value="{value}"/>'


TWO = (obj(1, "Yard", 0, 0, 100, 100, prop("terrain", "dirt") + prop("move", -1, "int"))
       + obj(2, "House", 100, 0, 100, 100, prop("stacking", 4, "int")
             + prop("visibility", -2, "int")))


def write(tmp_path, text, name="zm.tmx"):
    p = tmp_path / name
    p.write_text(text, encoding="utf-8")
    return p


def test_a_zone_map_loads_as_a_zones_board(tmp_path):
    assert "zones" in BUILDERS
    door = obj(10, "Door", 90, 40, 20, 20, prop("capacity", 2, "int") + prop("cover", "soft"))
    figs = (obj(20, "Pip", 20, 20, props=prop("side", "a") + prop("unit", "u"),
                poly="<point/>"))
    m = load_map(write(tmp_path, zone_tmx(TWO, door, "", figs)))
    assert m.kind == "zones" and isinstance(m.board, ZoneBoard)
    assert m.board.zones["Yard"].move == -1 and m.board.zones["House"].stacking == 4
    assert m.board.bottlenecks["Door"].cover == "soft"
    assert [(p.name, p.place) for p in m.placements] == [("Pip", InZone("Yard"))]
    assert load_map(m.path, "zones").board.zones.keys() == m.board.zones.keys()


@pytest.mark.parametrize("layers, says", [
    ({"zones": obj(1, "Yard", 0, 0, 100, 100) + obj(2, "House", 50, 0, 100, 100)},
     "object 'Yard' (id 1) in layer 'zones' and object 'House' (id 2) in layer 'zones' "
     "overlap"),
    ({"zones": TWO + obj(3, "Shed", 250, 250, 40, 40)},
     "object 'Shed' (id 3) in layer 'zones' touches no other zone"),
    ({"bottlenecks": obj(10, "Hatch", 20, 20, 20, 20, prop("capacity", 2, "int"))},
     "object 'Hatch' (id 10) in layer 'bottlenecks' is not on a boundary"),
    ({"bottlenecks": obj(10, "Door", 90, 40, 20, 20)},
     "object 'Door' (id 10) in layer 'bottlenecks' has no 'capacity' property"),
    ({"bottlenecks": obj(10, "Door", 90, 40, 20, 20, prop("capacity", 2, "int")
                         + prop("cover", "thick"))},
     "property 'cover' must be 'soft' or 'hard'"),
    ({"obstacles": obj(11, "Wall", 100, 0, props=prop("kind", "wall"),
                       poly='<polyline points="0,0 0,100"/>')},
     "object 'Wall' (id 11) in layer 'obstacles' has no 'size' property"),
    ({"obstacles": obj(11, "Fire", 100, 0, props=prop("size", 3, "int") + prop("kind", "fire")
                       + prop("damage", "lots"), poly='<polyline points="0,0 0,100"/>')},
     "property 'damage' must be a dice expression"),
    ({"obstacles": obj(11, "Rock", 400, 400, 10, 10, prop("size", 1, "int")
                       + prop("kind", "rock"))},
     "object 'Rock' (id 11) in layer 'obstacles' lies outside every zone"),
    ({"zones": TWO + obj(3, "", 0, 100, 100, 100)},
     "object id 3 in layer 'zones' has no name"),
    ({"zones": TWO + obj(3, "Lane", 0, 100, props="", poly='<polyline points="0,0 50,50"/>')},
     "a zone must be a rectangle, polygon or ellipse"),
    ({"zones": obj(1, "Yard", 0, 0, 100, 100, prop("stacking", 0, "int"))
      + obj(2, "House", 100, 0, 100, 100)},
     "property 'stacking' must be 1 or more"),
    ({"figures": obj(20, "Pip", 250, 250, props=prop("side", "a") + prop("unit", "u"),
                     poly="<point/>")},
     "figure 'Pip' (object id 20) at (250, 250) stands in no zone"),
])
def test_every_zone_map_fault_is_one_map_error_naming_the_object(tmp_path, layers, says):
    text = zone_tmx(layers.get("zones", TWO), layers.get("bottlenecks", ""),
                    layers.get("obstacles", ""), layers.get("figures", ""))
    with pytest.raises(MapError) as err:
        load_map(write(tmp_path, text))
    assert str(err.value).startswith("zm.tmx: ")
    assert says in str(err.value)


def test_a_zone_layer_on_a_hexagonal_map_is_a_hex_map(tmp_path):
    text = zone_tmx(TWO, orientation="hexagonal").replace(
        'infinite="0"', 'infinite="0" hexsidelength="16" staggeraxis="y" staggerindex="odd"')
    with pytest.raises(MapError):
        load_map(write(tmp_path, text), "zones")


@pytest.mark.parametrize("name, zones, bottlenecks", [
    ("farmhouse", 7, {"Back door": 2, "Windows": 3, "Front door": 2}),
    ("open_field", 8, {"Gate": 2}),
])
def test_the_shipped_zone_maps(name, zones, bottlenecks):
    m = load_map(MAPS / f"{name}.tmx")
    b = m.board
    assert m.kind == "zones" and len(b.zones) == zones
    assert {k: v.capacity for k, v in b.bottlenecks.items()} == bottlenecks
    assert all(isinstance(p.place, InZone) for p in m.placements)


def test_z16_the_farmhouse_has_three_neighbours_through_bottlenecks_of_2_3_2():
    b = load_map(MAPS / "farmhouse.tmx").board
    assert set(b.neighbours("House")) == {"Garden", "Barnyard", "Yard"}
    caps = sorted(b.bottleneck_on("House", n).capacity for n in b.neighbours("House"))
    assert caps == [2, 2, 3]


def test_the_open_field_has_an_orchard_a_forest_a_wall_and_a_gate():
    b = load_map(MAPS / "open_field.tmx").board
    assert b.zones["Orchard"].visibility < 0 and b.zones["Forest"].visibility < 0
    assert b.bottleneck_on("Orchard", "Common").id == "Gate"
    assert b.obstacles_on("Orchard", "Common")[0].kind == "wall"


@pytest.mark.parametrize("name", ["farmhouse", "open_field"])
def test_the_shipped_zone_maps_are_real_tiled_maps(name, tmp_path):
    """Tiled itself exports and draws them."""
    if shutil.which("tiled") is None or shutil.which("tmxrasterizer") is None:
        pytest.skip("Tiled (apt-get install tiled) is not on PATH")
    env = dict(os.environ, QT_QPA_PLATFORM="offscreen")
    env.setdefault("XDG_RUNTIME_DIR", str(tmp_path))
    out = tmp_path / f"{name}.json"
    run = subprocess.run(["tiled", "--export-map", "json", str(MAPS / f"{name}.tmx"), str(out)],
                         env=env, capture_output=True, text=True, timeout=120)
    assert run.returncode == 0, run.stderr
    assert out.stat().st_size > 0
    png = tmp_path / f"{name}.png"
    run = subprocess.run(["tmxrasterizer", str(MAPS / f"{name}.tmx"), str(png)], env=env,
                         capture_output=True, text=True, timeout=120)
    assert run.returncode == 0, run.stderr


@pytest.mark.parametrize("name", ["farmhouse", "open_field"])
def test_tiled_saves_the_shipped_zone_maps_unchanged(name, tmp_path):
    if shutil.which("tiled") is None:
        pytest.skip("Tiled (apt-get install tiled) is not on PATH")
    env = dict(os.environ, QT_QPA_PLATFORM="offscreen")
    env.setdefault("XDG_RUNTIME_DIR", str(tmp_path))
    copy = tmp_path / f"{name}.tmx"
    shutil.copy(MAPS / f"{name}.tmx", copy)
    resaved = tmp_path / "resaved.tmx"
    run = subprocess.run(["tiled", "--export-map", str(copy), str(resaved)], env=env,
                         capture_output=True, text=True, timeout=120)
    assert run.returncode == 0, run.stderr
    assert resaved.read_text() == copy.read_text()


def _with_patch(body):
    return zone_tmx(TWO).replace(
        "</map>", f' <objectgroup id="5" name="patches">\n{body}\n </objectgroup>\n</map>')


def test_z10_patches_drawn_in_tiled_and_their_faults_named(tmp_path):
    good = obj(30, "Bog", 10, 10, 30, 30, prop("terrain", "bog") + prop("move", -3, "int"))
    b = load_map(write(tmp_path, _with_patch(good))).board
    assert b.patches["Bog"].zone == "Yard" and b.patches["Bog"].move == -3
    for body, says in [(obj(30, "Bog", 10, 10, 30, 30), "'terrain'"),
                       (obj(30, "", 10, 10, 30, 30, prop("terrain", "bog")), "no name"),
                       (obj(30, "Bog", 80, 10, 40, 30, prop("terrain", "bog")),
                        "inside one zone")]:
        with pytest.raises(MapError, match=says) as e:
            load_map(write(tmp_path, _with_patch(body)))
        assert "id 30" in str(e.value) and "zm.tmx" in str(e.value)
