"""Sewer corridors (F-1, F-3, F-4): the board's geometry, and sewer maps read from Tiled
as their own kind."""

from __future__ import annotations

import math
import re
from pathlib import Path

import pytest
from sewermap import sewer_tmx

from game.boards.corridors import Corridor, CorridorError, Corridors, Feature
from game.boards.tiled import load_map
from game.core.board import Board
from game.core.errors import MapError
from game.core.places import Cell, InZone, OnTrack, Point

MAPS = Path(__file__).resolve().parents[2] / "maps"


def cross(**kw) -> Corridors:
    """East-west 30 inches at y 10 (4 wide), north-south 20 at x 15 (3 wide), and a spur
    south from the east end."""
    cs = [Corridor("ew", ((0, 10), (30, 10)), 4), Corridor("ns", ((15, 0), (15, 20)), 3),
          Corridor("spur", ((30, 10), (30, 20)), 2)]
    features = kw.pop("features", [
        Feature(1, "gantry", ((13.8, 2), (16.2, 2), (16.2, 6), (13.8, 6)), name="Catwalk"),
        Feature(2, "grate", ((5, 8), (5, 12)), closed=False, name="Grate")])
    return Corridors(30, 20, cs, features, origin=kw.pop("origin", (1, 10)), **kw)


# ============================================================================ the board
def test_f1_corridors_have_arc_length_and_points_along_them():
    c = Corridor("bend", ((0, 0), (3, 4), (3, 10)), 2)
    assert c.marks == (0, 5, 11) and c.length == 11
    assert c.point_at(2.5) == (1.5, 2.0) and c.point_at(8) == (3, 7)
    assert c.point_at(-4) == (0, 0) and c.point_at(50) == (3, 10)
    assert c.direction_at(5, 1) == (0, 1) and c.direction_at(5, -1) == (-0.6, -0.8)
    assert c.project(5, 7) == (8, 2)
    assert c.path(2.5, 8) == ((1.5, 2.0), (3, 4), (3, 7))
    assert c.path(8, 2.5) == ((3, 7), (3, 4), (1.5, 2.0))
    assert c.path(-1, 5) == ((0, 0), (3, 4))


@pytest.mark.parametrize("points,width,says", [
    (((0, 0), (0, 0)), 2, "no length"), (((0, 0),), 2, "no length"),
    (((0, 0), (5, 0)), 0, "no width"), (((0, 0), (5, 0)), -1, "no width"),
    (((0, 0), (5, 0), (5, 0), (9, 0)), 1, "two points in the same place"),
])
def test_a_corridor_of_no_length_or_width_is_refused(points, width, says):
    with pytest.raises(CorridorError, match=says):
        Corridor("c", points, width, "corridor 'c' (object id 1)")


def test_f4_forks_where_corridors_cross_meet_or_end_together():
    b = cross()
    assert [f.point for f in b.forks] == [(15, 10), (30, 10)]
    middle, corner = b.forks
    assert [(a.corridor, a.at, a.heading) for a in middle.arms] == [
        ("ew", 15, -1), ("ew", 15, 1), ("ns", 10, -1), ("ns", 10, 1)]
    assert [(a.corridor, a.at, a.heading) for a in corner.arms] == [
        ("ew", 30, -1), ("spur", 0, 1)]
    assert b.dead_ends() == (("ew", 0), ("ns", 0), ("ns", 20), ("spur", 10))
    assert [(at, f.index) for at, f in b.forks_on("ew")] == [(15, 0), (30, 1)]


def test_an_end_near_another_corridor_meets_it():
    cs = [Corridor("a", ((0, 5), (20, 5)), 3), Corridor("b", ((10, 5.2), (10, 15)), 3)]
    b = Corridors(20, 15, cs, origin=(1, 5))
    assert len(b.forks) == 1
    assert {(a.corridor, a.heading) for a in b.forks[0].arms} == {
        ("a", 1), ("a", -1), ("b", 1)}


def test_f4_walk_follows_the_bends_and_stops_at_a_fork_or_a_dead_end():
    b = cross()
    w = b.walk("ew", 2, 1, 5)
    assert (w.corridor, w.at, w.moved, w.fork, w.dead_end) == ("ew", 7, 5, None, False)
    w = b.walk("ew", 2, 1, 20)
    assert (w.at, w.moved, w.fork.index) == (15, 13, 0)
    w = b.walk("ew", 15, 1, 4)  # from the fork on: it is not met again
    assert (w.at, w.fork) == (19, None)
    w = b.walk("ns", 12, 1, 50)
    assert (w.at, w.moved, w.dead_end) == (20, 8, True)
    w = b.walk("spur", 6, -1, 9)
    assert (w.at, w.fork.index) == (0, 1)
    bend = Corridors(10, 10, [Corridor("bend", ((0, 0), (3, 4), (3, 10)), 2)], origin=(0, 0))
    w = bend.walk("bend", 0, 1, 8)
    assert bend.corridors["bend"].point_at(w.at) == (3, 7)


def test_f3_distance_along_the_corridors_through_the_forks():
    b = cross()
    assert b.distance(("ew", 2), ("ew", 9)) == 7
    assert b.distance(("ew", 2), ("ns", 18)) == 13 + 8
    assert b.distance(("ns", 1), ("spur", 4)) == 9 + 15 + 4
    assert b.from_origin(15, 19) == 14 + 9
    apart = Corridors(20, 20, [Corridor("a", ((0, 2), (20, 2)), 2),
                               Corridor("b", ((0, 12), (20, 12)), 2)], origin=(1, 2))
    assert apart.distance(("a", 1), ("b", 1)) is None
    assert apart.from_origin(5, 12) is None


def test_f1_walls_are_the_corridors_outline():
    b = cross()
    assert b.contains(15, 1) and b.contains(1, 11.9) and b.contains(29, 8.1)
    assert not b.contains(5, 5) and not b.contains(1, 12.1) and not b.contains(-0.1, 10)
    assert len(b.walls) == 1  # one network, no island
    assert b.bounds() == pytest.approx((0, 0, 32, 20))  # the fork's end is rounded
    ring = Corridors(20, 20, [Corridor("loop", ((2, 2), (18, 2), (18, 18), (2, 18),
                                                (2, 2)), 2)], origin=(2, 10))
    assert len(ring.walls) == 2 and len(ring.forks) == 1  # inside and outside


def test_f1_features_lie_across_the_corridors():
    b = cross()
    assert [s.feature for s in b.spans("ew")] == [1]
    assert (b.spans("ew")[0].start, b.spans("ew")[0].end) == (5, 5)
    assert [(s.start, s.end) for s in b.spans("ns")] == [(2, 6)]
    assert b.spans("spur") == ()
    assert [f.kind for f in b.features_at(15, 4)] == ["gantry"]
    assert b.features[1].is_barrier and not b.features[0].is_barrier


@pytest.mark.parametrize("features,origin,says", [
    ([], (10, 5), "the flood's origin at (10, 5) is off every corridor"),
    ([Feature(3, "gantry", ((2, 2), (6, 2), (6, 6), (2, 6)), label="gantry object id 3")],
     (1, 10), "gantry object id 3 lies outside the corridors"),
    ([Feature(4, "grate", ((2, 2), (6, 2)), closed=False, label="grate object id 4")],
     (1, 10), "grate object id 4 lies outside every corridor"),
    ([Feature(5, "gantry", ((14, 3), (16, 3)), closed=False)], (1, 10), "not a line"),
    ([Feature(6, "pipe", ((14, 3), (16, 3), (15, 4)))], (1, 10), "not 'pipe'"),
])
def test_bad_features_and_origins_are_named(features, origin, says):
    with pytest.raises(CorridorError, match=re.escape(says)):
        cross(features=features, origin=origin)


def test_corridors_that_share_a_stretch_or_cross_themselves_or_a_name():
    with pytest.raises(CorridorError, match="runs along"):
        Corridors(20, 20, [Corridor("a", ((0, 2), (20, 2)), 2),
                           Corridor("b", ((5, 2), (15, 2)), 2)], origin=(1, 2))
    with pytest.raises(CorridorError, match="crosses itself"):
        Corridors(20, 20, [Corridor("z", ((0, 0), (10, 10), (10, 0), (0, 10)), 2)],
                  origin=(0, 0))
    with pytest.raises(CorridorError, match="another corridor is named 'a'"):
        Corridors(20, 20, [Corridor("a", ((0, 2), (20, 2)), 2),
                           Corridor("a", ((0, 9), (20, 9)), 2)], origin=(1, 2))


def test_ontrack_places_and_the_board_protocol():
    b: Board = cross()
    assert isinstance(b, Corridors)
    assert b.project(16, 4) == ("ns", 4)
    assert b.place_of(16, 4) == OnTrack("ns", 400)
    assert b.on_track("ew", 99) == OnTrack("ew", 3000)
    assert b.locate(OnTrack("ns", 400)) == (15, 4)
    assert b.locate(Point.of(15, 4)) == (15, 4)
    assert b.has_place(OnTrack("spur", 1000)) and not b.has_place(OnTrack("spur", 1001))
    assert not b.has_place(OnTrack("nowhere", 0)) and b.locate(OnTrack("nowhere", 0)) is None
    assert not b.has_place(Point.of(5, 5)) and b.locate(Point.of(5, 5)) is None
    assert not b.has_place(Cell(3)) and not b.has_place(InZone("ew"))
    kinds = [o.kind for o in b.outlines()]
    assert kinds == ["wall", "corridor", "corridor", "corridor", "gantry", "grate", "origin"]
    assert [o.label for o in b.outlines() if o.kind == "corridor"] == ["ew", "ns", "spur"]


# ============================================================================ Tiled
def test_the_sewer_stub_is_read_as_a_sewer_and_not_a_table():
    m = load_map(MAPS / "test" / "sewer_stub.tmx")
    assert m.kind == "sewer"
    b = m.board
    assert isinstance(b, Corridors) and b.name == "Sewer stub"
    assert (b.width, b.height, b.unit) == (36, 24, "inch")
    assert {c.id: (c.width, c.length) for c in b.corridors.values()} == {
        "Main": (4, 32), "Cross": (3, 20)}
    assert [f.point for f in b.forks] == [(18, 12)] and len(b.forks[0].arms) == 4
    assert b.origin == (3, 12) and b.origin_at == ("Main", 1)
    assert [(f.kind, f.name, f.closed) for f in b.features] == [
        ("gantry", "Catwalk", True), ("grate", "Grate", False)]
    assert b.features[0].label == "gantry 'Catwalk' (object id 4)"
    assert [(p.name, p.side, p.unit, p.place, p.facing, p.squad, p.leader)
            for p in m.placements] == [
        ("Sergeant", "troopers", "sergeant", Point(3000, 1200), 180, "patrol", True),
        ("Rat", "vermin", "rat", Point(1800, 1900), 270, "rats", False)]
    assert [dict(p.properties) for p in m.placements] == [{}, {}]
    assert load_map(MAPS / "test" / "sewer_stub.tmx", "sewer").board.name == "Sewer stub"
    with pytest.raises(MapError) as err:
        load_map(MAPS / "test" / "sewer_stub.tmx", "table")
    assert str(err.value) == "sewer_stub.tmx is a sewer map, but this scenario needs a table map"


def corridor(oid, name, x, y, points, width='<property name="width" type="float" value="3"/>'):
    return (f'<object id="{oid}" name="{name}" x="{x}" y="{y}"><properties>{width}'
            f'</properties><polyline points="{points}"/></object>')


def feature(oid, kind, body, x=100, y=50, *, name="", extra=""):
    nm = f' name="{name}"' if name else ""
    props = f'<property name="kind" value="{kind}"/>' if kind else ""
    return (f'<object id="{oid}"{nm} x="{x}" y="{y}" {extra}><properties>{props}'
            f'</properties>{body}</object>')


MAIN = corridor(1, "Main", 10, 50, "0,0 180,0")
ORIGIN = feature(2, "origin", "<point/>", 20, 50)


def load(tmp_path, text, kind=None):
    p = tmp_path / "drain.tmx"
    p.write_text(text, encoding="utf-8")
    return load_map(p, kind)


def test_a_sewer_map_in_inches_with_the_class_as_kind(tmp_path):
    grate = ('<object id="3" type="sluice" x="100" y="30"><polyline points="0,0 0,40"/>'
             '</object>')
    m = load(tmp_path, sewer_tmx(MAIN, ORIGIN + grate))
    b = m.board
    assert m.kind == "sewer" and b.corridors["Main"].points == ((1, 5), (19, 5))
    assert b.features[0].kind == "sluice" and b.features[0].label == "sluice object id 3"
    assert b.spans("Main")[0].start == 9


@pytest.mark.parametrize("corridors,features,says", [
    (corridor(1, "Main", 10, 50, "0,0 180,0", ""), ORIGIN,
     "corridor 'Main' (object id 1) has no 'width' property (wall to wall, in inches)"),
    (corridor(1, "Main", 10, 50, "0,0 180,0",
              '<property name="width" type="float" value="0"/>'), ORIGIN,
     "corridor 'Main' (object id 1) has no width"),
    (corridor(1, "Main", 10, 50, "0,0 180,0",
              '<property name="width" value="wide"/>'), ORIGIN,
     "corridor 'Main' (object id 1): property 'width' must be a number"),
    (corridor(1, "Main", 10, 50, "0,0 0,0"), ORIGIN, "corridor 'Main' (object id 1) has no "
                                                     "length"),
    ('<object id="1" name="Main" x="10" y="50" width="50" height="30"/>', ORIGIN,
     "corridor 'Main' (object id 1) is a rectangle; a corridor is a polyline"),
    (MAIN + corridor(5, "Main", 10, 80, "0,0 180,0"), ORIGIN,
     "corridor 'Main' (object id 5) and corridor 'Main' (object id 1) are both named"),
    (MAIN, feature(2, "origin", "<point/>", 100, 10),
     "the flood's origin at (10, 1) is off every corridor"),
    (MAIN, "", "it has no flood origin"),
    (MAIN, ORIGIN + feature(3, "origin", "<point/>", 30, 50),
     "origin object id 3 and origin object id 2 are both the flood's origin"),
    (MAIN, feature(2, "origin", "", 20, 50, extra='width="10" height="10"'),
     "origin object id 2 is a rectangle; the flood's origin is a point"),
    (MAIN, ORIGIN + feature(3, "gantry", "", 100, 10, name="Catwalk",
                            extra='width="20" height="10"'),
     "gantry 'Catwalk' (object id 3) lies outside the corridors"),
    (MAIN, ORIGIN + feature(3, "gantry", '<polyline points="0,0 0,10"/>'),
     "gantry object id 3 is a polyline; a gantry is a rectangle, ellipse or polygon"),
    (MAIN, ORIGIN + feature(3, "grate", '<polyline points="0,0 10,0"/>', 50, 5),
     "grate object id 3 lies outside every corridor"),
    (MAIN, ORIGIN + feature(3, "", "<point/>"), "feature object id 3 has no 'kind'"),
    (MAIN, ORIGIN + feature(3, "drain", "<point/>"), "kind 'drain' is not one of origin"),
    (MAIN, ORIGIN + feature(3, "cave_in", "<point/>"),
     "cave-in object id 3 is a point; a cave-in is a rectangle"),
    (MAIN, ORIGIN + feature(3, "grate", '<polygon points="0,0 10,10 10,0 0,10"/>'),
     "grate object id 3: the polygon crosses itself"),
    (corridor(1, "Main", 10, 50, "0,0 180,0 180,-30 90,-30 90,20"), ORIGIN,
     "corridor 'Main' (object id 1) crosses itself"),
])
def test_each_bad_sewer_map_is_one_error_naming_the_object(tmp_path, corridors, features,
                                                           says):
    with pytest.raises(MapError) as err:
        load(tmp_path, sewer_tmx(corridors, features))
    assert str(err.value).startswith("drain.tmx: ") and says in str(err.value), err.value


def test_a_sewer_map_needs_inches_and_an_orthogonal_map(tmp_path):
    unit = '<property name="unit" type="float" value="10"/>'
    with pytest.raises(MapError, match="a sewer map needs the map property 'inch'"):
        load(tmp_path, sewer_tmx(MAIN, ORIGIN, props=unit))
    with pytest.raises(MapError, match="a sewer map needs the map property 'inch'"):
        load(tmp_path, sewer_tmx(MAIN, ORIGIN, props=""))
    iso = sewer_tmx(MAIN, ORIGIN).replace('"orthogonal"', '"isometric"')
    with pytest.raises(MapError, match="a sewer map must be orthogonal"):
        load(tmp_path, iso)


def test_sewer_figures_stand_in_the_corridors(tmp_path):
    fig = ('<object id="9" name="Rat" x="{x}" y="{y}"><properties>'
           '<property name="side" value="vermin"/><property name="squad" value="pack"/>'
           '<property name="unit" value="rat"/></properties><point/></object>')
    m = load(tmp_path, sewer_tmx(MAIN, ORIGIN, fig.format(x=60, y=55)))
    assert m.placements[0].place == Point(600, 550) and m.placements[0].facing is None
    with pytest.raises(MapError, match=r"figure 'Rat' \(object id 9\) at \(6, 8\) is not in "
                                       r"the corridors"):
        load(tmp_path, sewer_tmx(MAIN, ORIGIN, fig.format(x=60, y=80)))


def test_too_many_corridors_are_refused_before_they_are_compared(tmp_path):
    many = "".join(corridor(k, f"c{k}", 10, 50, "0,0 180,0") for k in range(1, 205))
    with pytest.raises(MapError, match="its layer 'corridors' has 204 objects; a sewer map "
                                       "may have 200"):
        load(tmp_path, sewer_tmx(many, ORIGIN))


def test_an_ellipse_gantry_is_a_polygon_inside_a_wide_corridor(tmp_path):
    wide = corridor(1, "Main", 10, 50, "0,0 180,0",
                    '<property name="width" type="float" value="6"/>')
    gantry = feature(3, "gantry", "<ellipse/>", 80, 40, extra='width="40" height="20"')
    b = load(tmp_path, sewer_tmx(wide, ORIGIN + gantry)).board
    assert len(b.features[0].points) == 24
    assert math.isclose(b.features[0].shape.area, math.pi * 2 * 1, rel_tol=0.02)


# ==================================================================== nests, near misses
def test_the_nest_is_a_feature_inside_the_corridors_and_no_barrier():
    nest = Feature(7, "nest", ((26, 9), (29, 9), (29, 11), (26, 11)), name="Nest",
                   properties={"charges": 2})
    b = cross(features=[nest])
    assert b.features_of("nest") == (nest,) and b.features_of("gantry") == ()
    assert not nest.is_barrier and b.features_at(27, 10) == (nest,)
    assert [(s.start, s.end) for s in b.spans("ew")] == [(26, 29)]
    with pytest.raises(CorridorError, match=r"Nest lies outside the corridors; a nest is a "
                                            r"part of the corridors"):
        cross(features=[Feature(7, "nest", ((5, 1), (8, 1), (8, 4), (5, 4)), name="Nest",
                                label="Nest")])
    with pytest.raises(CorridorError, match="a nest is an area"):
        cross(features=[Feature(7, "nest", ((5, 9), (5, 11)), closed=False)])


@pytest.mark.parametrize("start,gap", [((10, 5.6), "0.6 inches"), ((10, 6), "1 inch"),
                                       ((10, 6.7), "1.7 inches")])
def test_f4_a_dead_end_that_nearly_meets_another_corridor_is_refused(start, gap):
    cs = [Corridor("a", ((0, 5), (20, 5)), 3), Corridor("b", (start, (10, 15)), 3)]
    with pytest.raises(CorridorError, match=f"b ends at .*, {gap} from the middle line of a, "
                                            f"and no fork is there"):
        Corridors(20, 15, cs, origin=(1, 5))


def test_f4_a_dead_end_clear_of_the_other_corridor_is_a_dead_end():
    cs = [Corridor("a", ((0, 5), (20, 5)), 3), Corridor("b", ((10, 6.8), (10, 15)), 3)]
    b = Corridors(20, 15, cs, origin=(1, 5))
    assert b.forks == () and ("b", 0.0) in b.dead_ends()
    assert len(b.walls) == 2  # two networks, not joined


def test_f1_a_wide_corridor_ending_on_a_narrow_ones_side_does_not_bulge_past_it():
    cs = [Corridor("narrow", ((0, 10), (20, 10)), 3), Corridor("wide", ((10, 10), (10, 20)), 5)]
    b = Corridors(20, 20, cs, origin=(1, 10))
    assert b.area.bounds[1] == pytest.approx(8.5)  # the narrow one's far wall
    assert not b.contains(10, 8.4) and b.contains(10, 8.6)
    ends = Corridors(20, 20, [Corridor("a", ((0, 10), (10, 10)), 3),
                              Corridor("b", ((10, 10), (10, 20)), 5)], origin=(1, 10))
    assert ends.contains(11.4, 8.6)  # two ends: the corner is rounded by the wider one
