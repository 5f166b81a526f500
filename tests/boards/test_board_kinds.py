"""Every board kind: which maps each claims by their marks, and the board-neutral Board
protocol (bounds, outlines, locate, has_place) answered by each."""

from __future__ import annotations

import math
from pathlib import Path

import pytest

from game.boards.corridors import Corridors
from game.boards.hexmap import HexMap
from game.boards.table import Table
from game.boards.tiled import BUILDERS, KIND_NAMES, kind_of, load_map, read_map, tiled_kind
from game.boards.tiled.kinds import TiledKind
from game.boards.track import Track
from game.boards.zones import ZoneBoard
from game.core.board import Board, Outline
from game.core.errors import MapError
from game.core.places import Cell, InZone, OnTrack, Point

MAPS = Path(__file__).resolve().parents[2] / "maps"
SHIPPED = sorted([*MAPS.glob("*.tmx"), *(MAPS / "test").glob("*.tmx")])
CLASSES = {"hex": HexMap, "zones": ZoneBoard, "table": Table, "sewer": Corridors,
           "track": Track}
STRANGERS = [Cell(10**6), Cell(-1), InZone("Nowhere"), InZone("Yard", "Nowhere"), Point(-100, -100),
             OnTrack("nowhere", 0)]


def test_each_kind_is_one_builder_with_its_marks():
    assert set(BUILDERS) == set(CLASSES)
    for key in BUILDERS:
        kind = tiled_kind(key)
        assert isinstance(kind, TiledKind) and kind.key == key
        assert kind.name == KIND_NAMES[key] and kind.marks and kind.places
        assert set(kind.refines) <= set(BUILDERS) - {key}
    assert dict(KIND_NAMES) == {"hex": "hex map", "sewer": "sewer map", "table": "table map",
                                "track": "track map", "zones": "zones board"}
    with pytest.raises(MapError, match="unknown board kind 'moon'"):
        tiled_kind("moon")


@pytest.mark.parametrize("path", SHIPPED, ids=lambda p: p.name)
def test_every_shipped_map_is_claimed_by_one_kind_and_answers_the_board_protocol(path):
    m = load_map(path)
    assert kind_of(read_map(path)) == m.kind
    assert isinstance(m.board, CLASSES[m.kind])
    board: Board = m.board
    x0, y0, x1, y1 = board.bounds()
    assert all(math.isfinite(v) for v in (x0, y0, x1, y1)) and x0 < x1 and y0 < y1
    outlines = board.outlines()
    assert outlines and all(isinstance(o, Outline) and o.points and o.kind for o in outlines)
    for o in outlines:
        for x, y in o.points:
            assert x0 - 1e-6 <= x <= x1 + 1e-6 and y0 - 1e-6 <= y <= y1 + 1e-6, (o, x, y)
    for p in m.placements:
        assert board.has_place(p.place), p
        x, y = board.locate(p.place)
        assert x0 <= x <= x1 and y0 <= y <= y1
    for stranger in STRANGERS:
        assert not board.has_place(stranger) and board.locate(stranger) is None


# ============================================================================ claims
def tmx(layers: str, props: str = "", orientation: str = "orthogonal") -> str:
    return f"""<?xml version="1.0" encoding="UTF-8"?>
<map version="1.8" tiledversion="1.8.2" orientation="{orientation}" renderorder="right-down"
  width="30" height="10" tilewidth="10" tileheight="10" infinite="0" nextlayerid="5"
  nextobjectid="9"{' hexsidelength="5"' if orientation == "hexagonal" else ""}>
 <properties>{props}</properties>
 {layers}
</map>
"""


INCH = '<property name="inch" type="float" value="10"/>'
ARRIVAL = '<property name="arrival" value="left"/>'
CORRIDORS = ('<objectgroup id="1" name="corridors"><object id="1" name="Main" x="0" y="50">'
             '<properties><property name="width" type="float" value="3"/></properties>'
             '<polyline points="0,0 290,0"/></object></objectgroup>'
             '<objectgroup id="2" name="features"><object id="2" x="20" y="50"><properties>'
             '<property name="kind" value="origin"/></properties><point/></object>'
             '</objectgroup>')
ZONES = '<objectgroup id="3" name="zones"/>'
TERRAIN = '<objectgroup id="4" name="terrain"/>'


@pytest.fixture
def claim(tmp_path):
    def kind(layers: str, props: str = "", orientation: str = "orthogonal") -> str:
        path = tmp_path / "m.tmx"
        path.write_text(tmx(layers, props, orientation), encoding="utf-8")
        return kind_of(read_map(path))
    return kind


def test_a_sewer_map_drawn_with_an_inch_property_is_a_sewer_not_a_table(claim):
    assert claim(CORRIDORS + TERRAIN, INCH) == "sewer"
    assert claim(TERRAIN, INCH) == "table"
    assert claim(TERRAIN, INCH + ARRIVAL) == "track"
    assert claim(TERRAIN, ARRIVAL) == "track"  # the builder will ask for its inch
    assert claim(ZONES) == "zones"
    assert claim("", "", "hexagonal") == "hex"
    assert claim('<layer id="1" name="levels" width="30" height="10"><data encoding="csv">'
                 + ",".join(["0"] * 300) + "</data></layer>") == "hex"


@pytest.mark.parametrize("layers,props,both", [
    (CORRIDORS, INCH + ARRIVAL, "a sewer map (an object layer named 'corridors'"),
    (CORRIDORS + ZONES, INCH, "a sewer map (an object layer named 'corridors'"),
    (ZONES, INCH, "a table map (the map property 'inch'"),
    (ZONES, ARRIVAL, "a track map (the map property 'arrival'"),
])
def test_a_map_with_the_marks_of_two_kinds_is_one_error_naming_both(claim, layers, props,
                                                                    both):
    with pytest.raises(MapError) as err:
        claim(layers, props)
    msg = str(err.value)
    assert msg.startswith("m.tmx: it has the marks of more than one kind of board: ")
    assert both in msg and msg.endswith("; keep the marks of one")


def test_a_map_no_kind_claims_says_what_each_kind_needs(claim):
    with pytest.raises(MapError) as err:
        claim(TERRAIN)
    msg = str(err.value)
    assert msg.startswith("m.tmx: cannot tell what kind of board it is (a hex map needs ")
    for key in BUILDERS:
        assert f"a {KIND_NAMES[key]} needs {tiled_kind(key).marks}" in msg


def test_a_mark_of_the_wrong_layer_kind_is_named(claim):
    tile = ('<layer id="1" name="corridors" width="30" height="10"><data encoding="csv">'
            + ",".join(["0"] * 300) + "</data></layer>")
    with pytest.raises(MapError, match="layer 'corridors' must be an object layer, but it is "
                                       "a tile layer"):
        claim(tile, INCH)


# ============================================================================ demos
def test_demos_ask_the_board_whether_a_place_is_on_it():
    from game.core.errors import ScenarioError
    from game.core.places import LoadedMap
    from game.rules import demos

    sewer = load_map(MAPS / "test" / "sewer_stub.tmx")
    track = load_map(MAPS / "test" / "track_stub.tmx")
    assert demos._place(sewer, {"place": {"track": "Main", "at": 150}}, "f") == \
        OnTrack("Main", 150)
    assert demos._place(sewer, {"place": {"x": 1800, "y": 500}}, "f") == Point(1800, 500)
    assert demos._place(track, {"place": {"track": "axis", "at": 5000}}, "f") == \
        OnTrack("axis", 5000)
    with pytest.raises(ScenarioError, match="f: 'place' .* is not a point or a position "
                                            "along a corridor of this board"):
        demos._place(sewer, {"place": {"x": 500, "y": 500}}, "f")
    with pytest.raises(ScenarioError, match="'hex' is for a hex board"):
        demos._place(track, {"hex": [1, 1]}, "f")
    assert demos._facing(tiled_kind("sewer"), 90.5, "f") == 90.5
    with pytest.raises(ScenarioError, match="a hex side from 0 to 5"):
        demos._facing(tiled_kind("hex"), 90, "f")
    moon = LoadedMap(MAPS / "moon.tmx", "moon", object(), ())
    with pytest.raises(ScenarioError, match=r"f: its board is of a kind no map builder knows "
                                            r"\('moon'\), so no figure can be placed on it"):
        demos._place(moon, {"place": {"x": 0, "y": 0}}, "f")


def test_each_kind_pairs_its_light_card_with_its_builder():
    from game.boards.tiled.marks import CARDS

    assert set(CARDS) == set(BUILDERS)
    assert all(tiled_kind(k).card is CARDS[k] for k in BUILDERS)


def test_telling_a_hex_map_imports_no_other_kinds_builder():
    """Start-up: a Hill fight loads without the other kinds' builders and boards (shapely,
    the zone graph, the corridors, the track) being imported to tell its kind."""
    import subprocess
    import sys

    code = ("import sys; from game.boards.tiled import load_map; "
            "load_map('maps/hill_fight.tmx'); "
            "print(sorted(m for m in ('shapely', 'game.boards.zones', 'game.boards.corridors', "
            "'game.boards.track', 'game.boards.tiled.table') if m in sys.modules))")
    run = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                         cwd=MAPS.parent, check=True, timeout=60)
    assert run.stdout.strip() == "[]"
