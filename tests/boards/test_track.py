"""A street chase's long table (P-1, P-3, P-6, P-7, P-11): the track's geometry, and
track maps read from Tiled as their own kind."""

from __future__ import annotations

from pathlib import Path

import pytest

from game.boards.tiled import load_map
from game.boards.track import AXIS, STREET, Track, TrackError, TrackPiece
from game.core.board import Board
from game.core.errors import MapError
from game.core.places import Cell, OnTrack, Point

MAPS = Path(__file__).resolve().parents[2] / "maps"


def square(x, y, s=2):
    return ((x, y), (x + s, y), (x + s, y + s), (x, y + s))


# ============================================================================ the track
@pytest.mark.parametrize("arrival,size,at,along,across", [
    ("left", (72, 24), (10, 4), 10, 4), ("right", (72, 24), (10, 4), 62, 20),
    ("top", (24, 72), (4, 10), 10, 20), ("bottom", (24, 72), (4, 10), 62, 4),
])
def test_p3_distance_from_the_arrival_along_the_axis(arrival, size, at, along, across):
    t = Track(*size, arrival)
    assert (t.length, t.breadth) == (72, 24)
    assert (t.along(*at), t.across(*at)) == (along, across)
    assert t.point(along, across) == at
    assert t.edge_distance(*at) == min(across, 24 - across)
    assert t.place_of(*at) == OnTrack(AXIS, along * 100)


def test_p6_the_heading_away_from_the_arrival_and_the_edges():
    t = Track(72, 24, "right")
    assert t.heading == (-1, 0) and t.axis_angle == 180
    assert t.arrival_edge == ((72, 24), (72, 0))
    assert t.edges["far"] == ((0, 24), (0, 0))
    assert t.long_edges == (((72, 24), (0, 24)), ((72, 0), (0, 0)))
    assert Track(24, 72, "bottom").axis_angle == 270


def test_p1_the_arrival_is_a_short_edge():
    with pytest.raises(TrackError, match="the arrival is the top edge, a long edge"):
        Track(72, 24, "top")
    with pytest.raises(TrackError, match="must be one of left, right, top, bottom"):
        Track(72, 24, "north")
    assert Track(30, 30, "top").length == 30


def test_p1_pieces_have_a_size_of_1_to_3():
    with pytest.raises(TrackError, match="size 4"):
        TrackPiece(0, 1, 4, False, square(1, 1))
    p = TrackPiece(0, 1, 2, True, square(1, 1), name="Ruin")
    assert p.centre == (2, 2)
    t = Track(72, 24, "left", [p])
    assert t.pieces_at(2, 2) == (0,) and t.pieces_at(5, 5) == ()


def test_the_street_and_ontrack_places_along_it():
    t = Track(72, 24, "left", street=((0, 12), (36, 12), (36, 20), (72, 20)))
    assert t.street_length == 36 + 8 + 36
    assert t.on_street(40, 15) == OnTrack(STREET, 3900)  # (36, 15) is nearest
    assert t.on_street(40, 19) == OnTrack(STREET, 4800)
    assert t.point_of(OnTrack(STREET, 4400)) == (36, 20)
    assert t.point_of(OnTrack(AXIS, 1000)) == (10, 12)
    assert t.point_of(OnTrack(STREET, 9000)) is None
    assert Track(72, 24, "left").on_street(1, 1) is None
    with pytest.raises(TrackError, match="the street has no length"):
        Track(72, 24, "left", street=((1, 1), (1, 1)))


def test_the_board_protocol():
    b: Board = Track(72, 24, "right", [TrackPiece(0, 1, 3, False, square(5, 5), name="Hab")],
                     street=((0, 12), (72, 12)), name="Chase")
    assert b.bounds() == (0, 0, 72, 24)
    assert [(o.kind, o.label, o.closed) for o in b.outlines()] == [
        ("table", "Chase", True), ("arrival", "Arrival", False), ("street", "", False),
        ("building", "Hab (3)", True)]
    assert b.has_place(Point.of(72, 24)) and not b.has_place(Point.of(72.01, 3))
    assert b.locate(OnTrack(AXIS, 7200)) == (0, 12)
    assert b.has_place(OnTrack(STREET, 0)) and not b.has_place(OnTrack("corridor", 0))
    assert not b.has_place(OnTrack(AXIS, 7300)) and not b.has_place(Cell(0))


# ============================================================================ Tiled
def test_the_track_stub_is_read_as_a_track_and_not_a_table():
    m = load_map(MAPS / "test" / "track_stub.tmx")
    assert m.kind == "track"
    t = m.board
    assert isinstance(t, Track) and t.name == "Track stub"
    assert (t.length, t.breadth, t.arrival) == (72, 24, "right")
    assert t.street is not None and t.street[0] == (0, 12) and t.street[-1] == (72, 12)
    assert sorted(p.size for p in t.pieces) == [1, 1, 2, 2, 3, 3]
    assert [(p.name, p.ruined) for p in t.pieces if p.size == 3] == [
        ("Hab block", False), ("Manufactorum", True)]
    assert t.pieces[0].label == "piece 'Rubble' (object id 2)" and t.pieces[0].kind == "rubble"
    assert t.pieces[3].points[0] == pytest.approx((46, 18.5))  # the wreck, an ellipse
    scout, hunter = m.placements
    assert (scout.side, scout.place, scout.facing) == ("scouts", Point(2000, 1200), 0)
    assert t.along(*scout.place.units) >= 48 and t.along(*hunter.place.units) >= 48  # P-3
    with pytest.raises(MapError, match="track_stub.tmx is a track map, but this scenario "
                                       "needs a zones board"):
        load_map(MAPS / "test" / "track_stub.tmx", "zones")


def track_tmx(terrain: str = "", *, arrival: str | None = "left", street: str | None = None,
              figures: str = "", inch: str = '<property name="inch" type="float" value="10"/>',
              size: tuple[int, int] = (72, 24)) -> str:
    props = inch + (f'<property name="arrival" value="{arrival}"/>' if arrival else "")
    layers = f'<objectgroup id="2" name="terrain">{terrain}</objectgroup>'
    if street is not None:
        layers += f'<objectgroup id="1" name="street">{street}</objectgroup>'
    if figures:
        layers += f'<objectgroup id="3" name="figures">{figures}</objectgroup>'
    return f"""<?xml version="1.0" encoding="UTF-8"?>
<map version="1.8" tiledversion="1.8.2" orientation="orthogonal" renderorder="right-down"
  width="{size[0]}" height="{size[1]}" tilewidth="10" tileheight="10" infinite="0"
  nextlayerid="4" nextobjectid="40">
 <properties>{props}</properties>
 {layers}
</map>
"""


def piece(oid, props, shape="", box='x="50" y="50" width="30" height="20"', name="Hab"):
    return f'<object id="{oid}" name="{name}" {box}><properties>{props}</properties>{shape}' \
           f'</object>'


SIZE2 = '<property name="size" type="int" value="2"/>'


def load(tmp_path, text, kind=None):
    p = tmp_path / "chase.tmx"
    p.write_text(text, encoding="utf-8")
    return load_map(p, kind)


def test_a_track_with_a_street_layer_and_no_arrival_is_named_as_a_track(tmp_path):
    street = '<object id="9" x="0" y="120"><polyline points="0,0 720,0"/></object>'
    with pytest.raises(MapError, match="map property 'arrival' must be one of left, right, "
                                       "top, bottom"):
        load(tmp_path, track_tmx(arrival=None, street=street))
    m = load(tmp_path, track_tmx(piece(1, SIZE2), street=street))
    assert m.kind == "track" and m.board.street == ((0, 12), (72, 12))
    assert m.board.pieces[0].ruined is False and m.board.pieces[0].size == 2


@pytest.mark.parametrize("text,says", [
    (track_tmx(piece(1, "")), "piece 'Hab' (object id 1): property 'size' must be 1, 2 or 3"),
    (track_tmx(piece(1, '<property name="size" type="int" value="4"/>')), "not 4"),
    (track_tmx(piece(1, '<property name="size" type="float" value="2"/>')), "not 2.0"),
    (track_tmx(piece(1, SIZE2 + '<property name="ruined" value="yes"/>')),
     "property 'ruined' must be true or false"),
    (track_tmx(piece(1, SIZE2, "<point/>", 'x="5" y="5"')), "is a point; a terrain piece"),
    (track_tmx(piece(1, SIZE2, box='x="900" y="50" width="30" height="20"')),
     "lies wholly off the 72 x 24 inch table"),
    (track_tmx(piece(1, SIZE2, '<polygon points="0,0 10,10 20,0 30,10 0,10"/>',
                     'x="50" y="50"')), "the polygon crosses itself"),
    (track_tmx(arrival="top"), "the arrival is the top edge, a long edge"),
    (track_tmx(arrival="north"), "not 'north'"),
    (track_tmx(street='<object id="9" x="0" y="120" width="5" height="5"/>'),
     "street object id 9 is a rectangle; the street is a polyline"),
    (track_tmx(street='<object id="8" x="0" y="10"><polyline points="0,0 9,0"/></object>'
                      '<object id="9" x="0" y="12"><polyline points="0,0 9,0"/></object>'),
     "its layer 'street' has 2 objects"),
    (track_tmx(inch='<property name="unit" type="float" value="10"/>'),
     "a track map needs the map property 'inch'"),
    (track_tmx(figures='<object id="7" name="Bike" x="800" y="50"><properties>'
                       '<property name="side" value="scouts"/><property name="unit" '
                       'value="bike"/></properties><point/></object>'),
     "figure 'Bike' (object id 7) at (80, 5) is off the 72 x 24 inch table"),
])
def test_each_bad_track_map_is_one_error_naming_the_object(tmp_path, text, says):
    with pytest.raises(MapError) as err:
        load(tmp_path, text)
    assert str(err.value).startswith("chase.tmx: ") and says in str(err.value), err.value
