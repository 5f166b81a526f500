"""The continuous table: pieces read from Tiled, points inside, rays, crossings, sweeps."""

from __future__ import annotations

import json
import math
import os
import shutil
import subprocess
from pathlib import Path

import numpy as np
import pytest

from game.boards.table import Piece, Table, ellipse_points
from game.boards.tiled import load_map
from game.boards.tiled.table import parse_traits
from game.core.errors import MapError
from game.core.places import Point


def tmx(objects: str = "", *, props: str = '<property name="inch" type="float" value="20"/>',
        orientation: str = "orthogonal", figures: str = "") -> str:
    fig_layer = (f'<objectgroup id="3" name="figures">{figures}</objectgroup>'
                 if figures else "")
    return f"""<?xml version="1.0" encoding="UTF-8"?>
<map version="1.8" tiledversion="1.8.2" orientation="{orientation}" renderorder="right-down"
  width="20" height="10" tilewidth="20" tileheight="20" infinite="0" nextlayerid="4"
  nextobjectid="40">
 <properties>{props}<property name="title" value="Test yard"/></properties>
 <objectgroup id="2" name="terrain">{objects}</objectgroup>
 {fig_layer}
</map>
"""


def load(tmp_path, text, name="yard.tmx"):
    p = tmp_path / name
    p.write_text(text, encoding="utf-8")
    return load_map(p)


def kind(k, ht=None, traits=None):
    out = f'<property name="kind" value="{k}"/>'
    if ht is not None:
        out += f'<property name="ht" type="int" value="{ht}"/>'
    if traits is not None:
        out += f'<property name="traits" value="{traits}"/>'
    return f"<properties>{out}</properties>"


SHAPES = f"""
<object id="1" name="Crates" x="40" y="40" width="40" height="20">{kind("crates")}</object>
<object id="2" name="Pond" x="200" y="100" width="80" height="40">{kind("puddle", 0,
    "severe")}<ellipse/></object>
<object id="3" name="Bed" x="100" y="120">{kind("flowerbed")}
  <polygon points="0,0 60,0 60,40 0,40"/></object>
<object id="4" name="Fence" x="300" y="20">{kind("fence", 1, "Soft cover")}
  <polyline points="0,0 0,100 40,140"/></object>
"""


# ============================================================================ builder
def test_a_table_map_becomes_a_table_in_units(tmp_path):
    m = load(tmp_path, tmx(SHAPES))
    assert m.kind == "table"
    t = m.board
    assert isinstance(t, Table)
    assert (t.width, t.height, t.unit, t.name) == (20.0, 10.0, "inch", "Test yard")
    crates, pond, bed, fence = t.pieces
    assert crates.shape == "rectangle" and crates.points == ((2, 2), (4, 2), (4, 3), (2, 3))
    assert crates.kind == "crates" and crates.ht is None and crates.traits is None
    assert crates.label == "piece 'Crates' (object id 1)"
    assert pond.shape == "ellipse" and pond.ellipse == (12, 6, 2, 1, 0)
    assert len(pond.points) == 24 and pond.ht == 0 and pond.traits == ("severe",)
    assert bed.shape == "polygon" and bed.area == pytest.approx(6.0)
    assert fence.is_line and fence.points == ((15, 1), (15, 6), (17, 8))
    assert fence.traits == ("soft_cover",) and fence.ht == 1
    assert fence.length == pytest.approx(5 + math.hypot(2, 2))
    assert m.placements == ()


def test_figures_stand_on_points_in_hundredths(tmp_path):
    figs = """<object id="9" name="Sarge" x="105" y="33"><properties>
      <property name="side" value="green"/><property name="unit" value="sergeant"/>
      <property name="facing" type="float" value="90"/></properties><point/></object>"""
    m = load(tmp_path, tmx(SHAPES, figures=figs))
    (p,) = m.placements
    assert p.place == Point(525, 165) and p.side == "green" and p.unit == "sergeant"
    assert p.facing == 90.0 and p.label == "figure 'Sarge' (object id 9)"


def test_traits_read_as_a_comma_list():
    assert parse_traits("Hard cover, blocking,, Hard-Cover") == ("hard_cover", "blocking")
    assert parse_traits("") == ()


@pytest.mark.parametrize(("objects", "fragments"), [
    ('<object id="5" name="Box" x="0" y="0" width="20" height="20"/>',
     ["piece 'Box' (object id 5) has no 'kind' property"]),
    (f'<object id="5" x="0" y="0" width="20" height="20">{kind("crates", -1)}</object>',
     ["piece object id 5: property 'ht' must be a whole number"]),
    ('<object id="5" x="0" y="0" width="20" height="20"><properties>'
     '<property name="kind" value="crates"/><property name="ht" type="float" value="2.5"/>'
     '</properties></object>', ["property 'ht' must be a whole number", "2.5"]),
    (f'<object id="5" name="Tag" x="10" y="10">{kind("crates")}<point/></object>',
     ["piece 'Tag' (object id 5) is a point", "rectangle, ellipse or polygon"]),
    (f'<object id="5" name="Bow" x="10" y="10">{kind("crates")}'
     '<polygon points="0,0 40,40 40,0 0,40"/></object>',
     ["piece 'Bow' (object id 5): the polygon crosses itself"]),
    (f'<object id="5" name="Flat" x="10" y="10">{kind("crates")}'
     '<polygon points="0,0 40,0 80,0"/></object>', ["the polygon has no area"]),
    (f'<object id="5" name="Dot" x="10" y="10">{kind("fence")}'
     '<polyline points="0,0 0,0"/></object>', ["the polyline has no length"]),
    (f'<object id="5" name="Far" x="900" y="10" width="20" height="20">{kind("crates")}'
     '</object>', ["piece 'Far' (object id 5) lies wholly off the table (20 x 10 inches)"]),
    (f'<object id="5" name="Zero" x="9" y="10" width="0" height="20">{kind("pool")}'
     '<ellipse/></object>', ["the ellipse has no size"]),
])
def test_bad_pieces_are_one_map_error_naming_the_object(tmp_path, objects, fragments):
    with pytest.raises(MapError) as err:
        load(tmp_path, tmx(objects))
    text = str(err.value)
    assert text.startswith("yard.tmx: "), text
    for f in fragments:
        assert f in text, text


def test_a_table_map_must_be_orthogonal(tmp_path):
    with pytest.raises(MapError, match="a table map must be orthogonal, not isometric"):
        load(tmp_path, tmx(orientation="isometric"))


# ============================================================================ geometry
def square(index, x0, y0, x1, y1, kind="crates"):
    return Piece(index, index + 1, kind, kind, "rectangle",
                 ((x0, y0), (x1, y0), (x1, y1), (x0, y1)))


def line(index, *points, kind="fence"):
    return Piece(index, index + 1, kind, kind, "line", tuple(points))


@pytest.fixture
def yard():
    return Table(20, 10, [square(0, 2, 2, 4, 4), line(1, (6, 0), (6, 10)),
                          Piece(2, 3, "pond", "pond", "ellipse",
                                ellipse_points(12, 5, 2, 1), ellipse=(12, 5, 2, 1, 0))])


def test_points_inside_footprints_and_on_the_table(yard):
    assert yard.pieces_at(3, 3) == (0,)
    assert yard.pieces_at(12, 5) == (2,) and yard.pieces_at(12, 6.2) == ()
    assert yard.pieces_at(6, 5) == ()  # a line has no inside
    assert yard.on_table(0.5, 0.5, 0.5) and not yard.on_table(0.4, 5, 0.5)
    assert yard.distance(0, 5, 3) == pytest.approx(1.0)
    assert yard.distance(1, 5, 3) == pytest.approx(1.0)
    assert yard.disc_overlaps(4.4, 3, 0.5) == [0]
    assert yard.disc_overlaps(5.6, 3, 0.5) == [1]
    assert yard.disc_overlaps(8, 8, 0.5) == []


def test_spans_of_many_rays_at_once(yard):
    ends = np.array([(19, 3), (3, 3), (1, 1), (13, 5)])
    s = yard.spans((0, 3), ends)
    assert s.first.shape == (4, 3)
    # through the crates, over the fence, past the pond (y 3 is above it)
    assert s.first[0, 0] == pytest.approx(2 / 19) and s.last[0, 0] == pytest.approx(4 / 19)
    assert s.first[0, 1] == s.last[0, 1] == pytest.approx(6 / 19)
    assert np.isnan(s.first[0, 2])
    # ending inside the crates: it leaves at its end
    assert s.first[1, 0] == pytest.approx(2 / 3) and s.last[1, 0] == 1.0 and s.end_in[1, 0]
    assert not s.met[2].any()
    assert s.met[3, 2] and s.last[3, 2] == 1.0
    assert s.length[0] == pytest.approx(19)
    # from inside a footprint: it starts at 0
    inner = yard.spans((3, 3), [(19, 3)])
    assert inner.eye_in[0] and inner.first[0, 0] == 0.0
    assert inner.last[0, 0] == pytest.approx(1 / 16)


def test_crossings_in_order_entering_and_leaving(yard):
    cs = yard.crossings((0, 3), (19, 3))
    assert [(c.piece, c.entering) for c in cs] == [(0, True), (0, False), (1, True)]
    assert cs[0].point == pytest.approx((2, 3)) and cs[2].t == pytest.approx(6 / 19)
    out = yard.crossings((3, 3), (3, 8))
    assert [(c.piece, c.entering) for c in out] == [(0, False)]


def test_an_empty_table():
    t = Table(5, 5)
    assert t.pieces_at(1, 1) == () and t.crossings((0, 0), (1, 1)) == []
    assert t.spans((0, 0), [(1, 1)]).first.shape == (1, 0)
    with pytest.raises(ValueError):
        Table(0, 5)


# ============================================================================ Tiled itself
SHIPPED = [Path(__file__).resolve().parents[2] / "maps" / f"{n}.tmx"
           for n in ("backyard", "ruined_village")]


def need_tiled():
    if shutil.which("tiled") is None or shutil.which("tmxrasterizer") is None:
        pytest.skip("the Tiled editor (tiled, tmxrasterizer) is not on PATH")


def tiled_env():
    env = dict(os.environ, QT_QPA_PLATFORM="offscreen")
    env.setdefault("XDG_RUNTIME_DIR", "/tmp")
    return env


@pytest.mark.parametrize("path", SHIPPED, ids=lambda p: p.name)
def test_tiled_exports_and_saves_the_shipped_tables_as_we_read_them(tmp_path, path):
    need_tiled()
    out = tmp_path / "map.json"
    run = subprocess.run(["tiled", "--export-map", "json", str(path), str(out)],
                         env=tiled_env(), capture_output=True, text=True, timeout=120)
    assert run.returncode == 0, run.stderr
    data = json.loads(out.read_text())
    t = load_map(path, "table").board
    assert data["orientation"] == "orthogonal"
    inch = next(p["value"] for p in data["properties"] if p["name"] == "inch")
    assert data["width"] * data["tilewidth"] / inch == t.width
    (layer,) = [x for x in data["layers"] if x["name"] == "terrain"]
    assert [o["name"] for o in layer["objects"]] == [p.name for p in t.pieces]
    resaved = tmp_path / "resaved.tmx"
    run = subprocess.run(["tiled", "--export-map", str(path), str(resaved)], env=tiled_env(),
                         capture_output=True, text=True, timeout=120)
    assert run.returncode == 0, run.stderr
    assert resaved.read_text() == path.read_text()


@pytest.mark.parametrize("path", SHIPPED, ids=lambda p: p.name)
def test_tmxrasterizer_draws_each_piece_where_the_table_has_it(tmp_path, path):
    need_tiled()
    import pygame

    out = tmp_path / "map.png"
    run = subprocess.run(["tmxrasterizer", str(path), str(out)], env=tiled_env(),
                         capture_output=True, text=True, timeout=120)
    assert run.returncode == 0, run.stderr
    image = pygame.image.load(str(out))
    t = load_map(path, "table").board
    scale = image.get_width() / t.width
    for p in t.pieces:
        if p.is_line:
            (x0, y0), (x1, y1) = p.points[0], p.points[1]
            x, y = (x0 + x1) / 2, (y0 + y1) / 2
            near = [image.get_at((round(x * scale) + dx, round(y * scale) + dy))[3]
                    for dx in range(-2, 3) for dy in range(-2, 3)]
            assert max(near) > 150, p.label
        else:
            cx, cy = p.centre
            assert t.inside(p.index, cx, cy), p.label
            assert image.get_at((round(cx * scale), round(cy * scale)))[3] > 0, p.label
