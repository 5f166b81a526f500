"""The shipped track maps of the street chase (seed 001): Pursuit and Riders and drones read
as tracks with the forces, terrain and mine clusters their scenarios need; the tool writes
them the same on every run; ``--check-map`` reports them sound, with the balance of sizes
(P-1) and what the deployment allows (P-3)."""

from __future__ import annotations

import math
import sys
import tomllib
from collections import Counter
from pathlib import Path

import pytest
import shapely

from game.boards.tiled import load_map
from game.boards.track import Track
from game.boards.track_report import ChaseNumbers, size_balance, track_report
from game.rules.check_map import chase_numbers, check_map

ROOT = Path(__file__).resolve().parents[2]
MAPS = ROOT / "maps"
sys.path.insert(0, str(ROOT / "tools"))
import make_track_maps  # noqa: E402

PROFILES = tomllib.loads(
    (ROOT / "game/rules/squads/data/profiles.toml").read_text(encoding="utf-8"))
BASES = {k: round(v["base"] / 25.4 / 2, 2) for k, v in PROFILES.items()}
CHASE = ChaseNumbers(min_length=60, from_arrival=48, apart=12, bases=BASES)
"""P-1's shortest table, P-3's 48 inches from the Arrival and 12 apart (the rules' numbers,
as the pursuit ruleset reads them)."""
SHIPPED = ["pursuit", "riders_and_drones"]


def read(name: str):
    m = load_map(MAPS / f"{name}.tmx")
    assert m.kind == "track" and isinstance(m.board, Track)
    return m, m.board


@pytest.mark.parametrize("name", [*SHIPPED, "test/track_upright"])
def test_the_tool_writes_each_map_as_shipped_and_the_same_every_run(name):
    text = make_track_maps.tmx(make_track_maps.MAPS[name])
    assert text == make_track_maps.tmx(make_track_maps.MAPS[name])
    assert (MAPS / f"{name}.tmx").read_text(encoding="utf-8") == text


@pytest.mark.parametrize("name", SHIPPED)
def test_p1_each_table_is_long_with_a_sinuous_street_and_balanced_sizes(name):
    m, t = read(name)
    assert t.length >= 60 and t.breadth == 24
    assert t.street is not None and t.street_length > t.length
    ys = [t.across(x, y) for x, y in t.street]
    assert max(ys) - min(ys) >= 4  # it winds
    line = shapely.LineString(t.street)
    assert all(p.shape.distance(line) >= 3 for p in t.pieces)  # the street is left clear
    assert set(t.sizes().values()) == {7}
    assert {p.ruined for p in t.pieces if p.size == 3} == {True, False}
    assert all(p.kind and p.name for p in t.pieces)


def test_p2_pursuit_five_scout_riders_twelve_winged_hunters_four_clusters():
    m, t = read("pursuit")
    assert t.arrival == "right" and (t.width, t.height) == (72, 24)
    assert Counter((p.side, p.unit) for p in m.placements) == {
        ("scouts", "rider_sergeant"): 1, ("scouts", "scout_rider"): 4,
        ("hunters", "winged_hunter"): 12}
    assert [p.unit for p in m.placements if p.leader] == ["rider_sergeant"]
    assert len(t.mines) == 4 and len({m.piece for m in t.mines}) == 4
    assert all(t.along(*mine.at) < 48 for mine in t.mines)  # on the way to the Arrival


def test_riders_and_drones_a_squadron_against_gun_drones_and_simple_mines():
    m, t = read("riders_and_drones")
    assert t.arrival == "left" and t.length == 80
    assert Counter((p.side, p.unit) for p in m.placements) == {
        ("riders", "rider_sergeant"): 1, ("riders", "scout_rider"): 4,
        ("drones", "gun_drone"): 8}
    assert len(t.mines) == 3


@pytest.mark.parametrize("name", [*SHIPPED, "test/track_upright", "test/track_stub"])
def test_p3_the_figures_stand_where_the_deployment_lets_them(name):
    m, t = read(name)
    sides: dict[str, list] = {}
    for p in m.placements:
        assert p.unit in PROFILES
        r = BASES[p.unit]
        assert t.along(*p.place.units) - r >= 48, p.label
        assert t.on_table(*p.place.units, r)
        assert not t.pieces_at(*p.place.units)
        spot = shapely.Point(p.place.units)
        assert all(q.shape.distance(spot) >= r for q in t.pieces), p.label
        sides.setdefault(p.side, []).append(p)
    runners, chasers = sides.values()
    assert min(math.dist(a.place.units, b.place.units) - BASES[a.unit] - BASES[b.unit]
               for a in runners for b in chasers) >= 12
    assert all(math.dist(a.place.units, b.place.units) >= BASES[a.unit] + BASES[b.unit]
               for a in m.placements for b in m.placements if a is not b)


# ============================================================================ --check-map
@pytest.mark.parametrize("name", SHIPPED)
def test_p1_p3_check_map_finds_each_shipped_track_sound(name):
    m, _t = read(name)
    report = track_report(m, CHASE)
    assert report.sound, report.advice
    text = "\n".join(report.text())
    assert "size 1: 7" in text and "size 2: 7" in text and "size 3: 7" in text
    assert "square inches of the table are at least 48 inches from the Arrival" in text
    assert "12 inches needed" in text and "may deploy on" in text
    said: list[str] = []
    assert check_map(str(MAPS / f"{name}.tmx"), said.append) == 0
    assert said[0].startswith(f"{m.board.name}: a sound track map")
    assert "\n".join(said) == text  # --check-map measures with the chase's own numbers


def test_p1_p3_check_map_measures_with_the_numbers_the_chase_plays_by():
    assert chase_numbers() == CHASE


def test_p1_check_map_advises_on_unbalanced_sizes_and_a_blocked_street(tmp_path):
    text = (MAPS / "pursuit.tmx").read_text(encoding="utf-8")
    # the Chapel (size 2) made size 1, and the Wreck stretched over the street
    text = text.replace('name="Chapel" x="848" y="16" width="176" height="176">\n'
                        '   <properties>\n    <property name="kind" value="chapel"/>\n'
                        '    <property name="ruined" type="bool" value="false"/>\n'
                        '    <property name="size" type="int" value="2"/>',
                        'name="Chapel" x="848" y="16" width="176" height="176">\n'
                        '   <properties>\n    <property name="kind" value="chapel"/>\n'
                        '    <property name="ruined" type="bool" value="false"/>\n'
                        '    <property name="size" type="int" value="1"/>', 1)
    text = text.replace('name="Wreck" x="1344" y="16" width="112" height="256"',
                        'name="Wreck" x="1344" y="16" width="112" height="480"', 1)
    bad = tmp_path / "bad.tmx"
    bad.write_text(text, encoding="utf-8")
    m = load_map(bad)
    assert m.board.sizes() == {1: 8, 2: 6, 3: 7}
    lines, advice = size_balance(m.board)
    assert advice == ["the sizes are not balanced (8 of size 1, 6 of size 2, 7 of size 3): "
                      "P-1 wants the same number of each; add a piece of size 2, or make a "
                      "piece of size 1 one of size 2"]
    said: list[str] = []
    assert check_map(str(bad), said.append) == 1
    assert said[0] == "Pursuit: a track map to look at again (P-1, P-3)"
    assert any("piece 'Wreck' (object id 8) lies across the street" in s for s in said)


def test_p3_check_map_advises_on_figures_the_deployment_would_not_allow(tmp_path):
    text = (MAPS / "pursuit.tmx").read_text(encoding="utf-8")
    # the scout sergeant moved 8 inches nearer the Arrival; Hunter 3 moved up behind him
    text = text.replace('name="Scout sergeant" x="656" y="384"',
                        'name="Scout sergeant" x="912" y="384"', 1)
    text = text.replace('name="Hunter 3" x="48" y="400"', 'name="Hunter 3" x="400" y="400"', 1)
    bad = tmp_path / "near.tmx"
    bad.write_text(text, encoding="utf-8")
    report = track_report(load_map(bad), CHASE)
    assert not report.sound
    assert report.advice[0] == ("P-3: Scout sergeant of side 'scouts' stands less than 48 "
                                "inches from the Arrival (the whole base counts)")
    assert report.advice[1].startswith("P-3: Hunter 3 stands 6.") and \
        report.advice[1].endswith("from Scout 2, base to base; the sides deploy at least 12 "
                                  "inches apart")
    short = track_report(load_map(MAPS / "test" / "track_upright.tmx"),
                         ChaseNumbers(min_length=66, from_arrival=48, apart=12, bases=BASES))
    assert short.advice == ("the table is 60 inches long; P-1 plays on at least 66 inches",)


def test_check_map_of_a_track_without_street_pieces_or_figures(tmp_path):
    bare = tmp_path / "bare.tmx"
    bare.write_text('<?xml version="1.0" encoding="UTF-8"?><map version="1.8" '
                    'orientation="orthogonal" renderorder="right-down" width="72" height="24" '
                    'tilewidth="10" tileheight="10" infinite="0"><properties><property '
                    'name="arrival" value="left"/><property name="inch" type="float" '
                    'value="10"/></properties></map>', encoding="utf-8")
    report = track_report(load_map(bare), CHASE)
    assert "no figures: the scenario places the models" in report.lines
    assert [a.split(":")[0] for a in report.advice] == ["there is no street", "P-1 asks for as "
                                                        "much city terrain as the street leaves "
                                                        "room for, pieces of size 1, 2 and 3 in "
                                                        "equal numbers"]
