"""Track maps refused by the builder (game/boards/tiled/track.py): each fault is one MapError
naming the file and the object; pieces lie on the table and apart, the street on the
table, mine clusters (P-12) ride on a piece, figures (P-1, P-3) stand on the table clear of
each other and of impassable pieces, with a squad."""

from __future__ import annotations

import pytest

from game.boards.tiled import load_map
from game.boards.track import MAX_MINES, Track, TrackError, TrackMine, TrackPiece
from game.core.errors import MapError
from tests.boards.test_track import SIZE2, load, piece, square, track_tmx

STREET = '<object id="30" x="0" y="120"><polyline points="0,0 720,0"/></object>'


def figure(oid: int, x: float, y: float, *, side: str = "scouts", squad: str | None = "s",
           unit: str = "scout_rider", extra: str = "", name: str = "Bike") -> str:
    props = f'<property name="side" value="{side}"/><property name="unit" value="{unit}"/>'
    if squad is not None:
        props += f'<property name="squad" value="{squad}"/>'
    return (f'<object id="{oid}" name="{name}" x="{x * 10:g}" y="{y * 10:g}"><properties>'
            f'{props}{extra}</properties><point/></object>')


def mine(oid: int, x: float, y: float, *, kind: str = "mine", shape: str = "<point/>",
         size: str = "") -> str:
    return (f'<object id="{oid}" name="M{oid}" x="{x * 10:g}" y="{y * 10:g}"{size}>'
            f'<properties><property name="kind" value="{kind}"/></properties>{shape}'
            f'</object>')


def with_features(text: str, features: str) -> str:
    return text.replace("</map>", f'<objectgroup id="5" name="features">{features}'
                                  f'</objectgroup></map>')


HAB = piece(1, '<property name="size" type="int" value="3"/>')  # intact, (5, 5) to (8, 7)
RUIN = piece(2, SIZE2 + '<property name="ruined" type="bool" value="true"/>',
             box='x="200" y="50" width="30" height="20"', name="Ruin")  # (20, 5) to (23, 7)


def error_of(tmp_path, text: str) -> str:
    with pytest.raises(MapError) as err:
        load(tmp_path, text)
    text = str(err.value)
    assert text.startswith("chase.tmx: ") and "\n" not in text, text
    return text


# ============================================================================ pieces
def test_p1_two_overlapping_pieces_are_named(tmp_path):
    text = track_tmx(HAB + piece(3, SIZE2, box='x="70" y="60" width="30" height="20"',
                                 name="Annex"))
    assert "piece 'Annex' (object id 3) overlaps piece 'Hab' (object id 1)" in \
        error_of(tmp_path, text)
    touching = track_tmx(HAB + piece(3, SIZE2, box='x="80" y="50" width="30" height="20"',
                                     name="Annex"))
    assert len(load(tmp_path, touching).board.pieces) == 2


def test_p6_a_piece_lies_wholly_on_the_table(tmp_path):
    text = track_tmx(piece(1, SIZE2, box='x="700" y="50" width="40" height="20"'))
    assert "piece 'Hab' (object id 1) reaches off the 72 x 24 inch table" in \
        error_of(tmp_path, text)


def test_a_track_built_by_hand_may_lay_its_pieces_as_it_likes_and_says_what_a_map_may_not():
    a = TrackPiece(0, 1, 2, True, square(1, 1, 4), label="piece 'A'")
    b = TrackPiece(1, 2, 1, True, square(3, 3, 4), label="piece 'B'")
    t = Track(72, 24, "left", [a, b])  # a rules test's layout: no error
    assert t.piece_fault() == ("piece 'B' overlaps piece 'A' (4 square inches); pieces may "
                               "touch but not overlap")
    off = TrackPiece(0, 1, 2, True, square(70, 1, 4), label="piece 'C'")
    assert "piece 'C' reaches off the 72 x 24 inch table" in Track(72, 24, "left", [off]
                                                                  ).piece_fault()
    assert Track(72, 24, "left", [a]).piece_fault() is None


def test_p1_a_piece_knows_whether_it_is_difficult_or_impassable():
    def p(size: int, ruined: bool) -> TrackPiece:
        return TrackPiece(0, 1, size, ruined, square(1, 1))

    assert [p(s, True).impassable for s in (1, 2, 3)] == [False, False, True]
    assert all(p(s, False).impassable for s in (1, 2, 3))


# ============================================================================ the street
def test_p1_the_street_stays_on_the_table(tmp_path):
    off = '<object id="30" x="0" y="120"><polyline points="0,0 360,200 720,0"/></object>'
    assert "street object id 30 reaches (36, 32), off the 72 x 24 inch table" in \
        error_of(tmp_path, track_tmx(street=off))
    with pytest.raises(TrackError, match=r"the street reaches \(36, 30\)"):
        Track(72, 24, "left", street=((0, 12), (36, 30), (72, 12)))
    edge = '<object id="30" x="0" y="0"><polyline points="0,0 720,240"/></object>'
    assert load(tmp_path, track_tmx(street=edge)).board.street == ((0, 0), (72, 24))


# ============================================================================ mines
def test_p12_mine_clusters_ride_on_the_piece_they_stand_against(tmp_path):
    text = with_features(track_tmx(HAB + RUIN, street=STREET),
                         mine(10, 6, 7.5) + mine(11, 21, 6))
    t = load(tmp_path, text).board
    assert [(m.label, m.piece, m.at) for m in t.mines] == [
        ("mine 'M10' (object id 10)", 0, (6, 7.5)), ("mine 'M11' (object id 11)", 1, (21, 6))]
    assert repr(t).endswith("2 pieces, 2 mines)")
    assert [o.kind for o in t.outlines()].count("mine") == 2


@pytest.mark.parametrize("features,says", [
    (mine(10, 40, 20), "mine 'M10' (object id 10) at (40, 20) is 21 inches from the nearest "
                       "piece; a cluster rides on a piece (P-6)"),
    (mine(10, 6, 6), "mine 'M10' (object id 10) at (6, 6) is inside piece 'Hab' (object id "
                     "1), impassable (P-1)"),
    (mine(10, 80, 6), "mine 'M10' (object id 10) at (80, 6) is off the 72 x 24 inch table"),
    ("".join(mine(10 + k, 6, 7.5) for k in range(MAX_MINES + 1)),
     "mine 'M14' (object id 14) is mine cluster 5; a track map places at most 4 (P-12"),
    (mine(10, 6, 7.5, kind="spores"), "feature 'M10' (object id 10): kind 'spores' is not "
                                      "one of mine"),
    (mine(10, 6, 7.5, shape="", size=' width="10" height="10"'),
     "mine 'M10' (object id 10) is a rectangle; a mine cluster is a point"),
    ('<object id="10" name="M" x="60" y="75"><point/></object>', "feature 'M' (object id "
                                                                  "10) has no 'kind'"),
])
def test_p12_each_bad_mine_cluster_is_named(tmp_path, features, says):
    assert says in error_of(tmp_path, with_features(track_tmx(HAB + RUIN), features))


def test_p12_a_mine_inside_a_difficult_ruin_rides_on_it():
    ruin = TrackPiece(0, 1, 1, True, square(1, 1), label="piece 'R'")
    t = Track(72, 24, "left", [ruin], mines=[TrackMine(0, 9, (2, 2), label="mine 'M'")])
    assert t.mines[0].piece == 0
    with pytest.raises(TrackError, match="mine 'M' is mine cluster 5; at most 4"):
        Track(72, 24, "left", [ruin], mines=[TrackMine(k, 9, (2, 2), label="mine 'M'")
                                             for k in range(5)])


# ============================================================================ figures
def test_p3_figures_stand_with_their_squads(tmp_path):
    figs = (figure(20, 60, 10, squad="riders", extra='<property name="leader" type="bool" '
                                                      'value="true"/>')
            + figure(21, 60, 12, squad="riders", name="Bike 2")
            + figure(22, 10, 10, side="hunters", squad="flock", unit="winged_hunter",
                     name="Hunter"))
    m = load(tmp_path, track_tmx(HAB, figures=figs))
    assert [(p.name, p.squad, p.leader) for p in m.placements] == [
        ("Bike", "riders", True), ("Bike 2", "riders", False), ("Hunter", "flock", False)]
    assert all("squad" not in p.properties and "leader" not in p.properties
               for p in m.placements)


@pytest.mark.parametrize("figures,says", [
    (figure(20, 6, 6), "figure 'Bike' (object id 20) at (6, 6) is in piece 'Hab' (object id "
                       "1), an intact building: impassable (P-1)"),
    (figure(20, 71.8, 10), "figure 'Bike' (object id 20) at (71.8, 10) reaches off the table: "
                           "a 25 mm base needs its centre 0.49 inches from the edges"),
    (figure(20, 30, 10) + figure(21, 30.5, 10, name="Bike 2"),
     "figure 'Bike 2' (object id 21) overlaps figure 'Bike' (object id 20): their centres "
     "are 0.5 inches apart"),
    (figure(20, 30, 10, squad=None), "figure 'Bike' (object id 20) has no 'squad' property"),
    (figure(20, 30, 10) + figure(21, 40, 10, side="hunters", name="Hunter"),
     "figure 'Hunter' (object id 21) plays for 'hunters', but its squad 's' plays for "
     "'scouts'"),
    (figure(20, 30, 10, extra='<property name="leader" type="bool" value="true"/>')
     + figure(21, 40, 10, name="Bike 2", extra='<property name="leader" type="bool" '
                                               'value="true"/>'),
     "figure 'Bike 2' (object id 21) and figure 'Bike' (object id 20) both lead squad 's'"),
])
def test_p3_each_bad_figure_is_named(tmp_path, figures, says):
    assert says in error_of(tmp_path, track_tmx(HAB, figures=figures))


def test_p1_a_figure_may_stand_in_a_difficult_ruin(tmp_path):
    m = load(tmp_path, track_tmx(HAB + RUIN, figures=figure(20, 21, 6)))
    assert m.board.pieces_at(*m.placements[0].place.units) == (1,)


def test_the_stub_and_the_upright_track_load():
    from tests.boards.test_track import MAPS

    up = load_map(MAPS / "test" / "track_upright.tmx")
    assert isinstance(up.board, Track) and up.board.arrival == "bottom"
    assert (up.board.length, up.board.breadth) == (60, 24)
    assert [m.piece for m in up.board.mines] == [1]
    stub = load_map(MAPS / "test" / "track_stub.tmx")
    assert {p.squad for p in stub.placements} == {"scouts", "hunters"}
