"""The shipped sewer maps of the Flash Flood (seed 001): Charges in the nest and Storm drain
read as sewers with the figures, forks, origin and features their scenarios need; the
tool writes them the same on every run; ``--check-map`` reports them sound."""

from __future__ import annotations

import math
import sys
import tomllib
from collections import Counter
from pathlib import Path

import pytest

from game.boards.corridors import Corridors
from game.boards.sewer_report import sewer_report
from game.boards.tiled import load_map
from game.core.places import Point
from game.rules.check_map import check_map

ROOT = Path(__file__).resolve().parents[2]
MAPS = ROOT / "maps"
sys.path.insert(0, str(ROOT / "tools"))
import make_sewer_maps  # noqa: E402

PROFILES = tomllib.loads(
    (ROOT / "game/rules/squads/data/profiles.toml").read_text(encoding="utf-8"))
F10_MODELS = 30
"""F-10: patrol-sized, at most about 30 models on the table."""


def read(name: str):
    m = load_map(MAPS / f"{name}.tmx", "sewer")
    assert isinstance(m.board, Corridors)
    return m, m.board


def squads_of(m) -> dict[str, list]:
    out: dict[str, list] = {}
    for p in m.placements:
        out.setdefault(p.squad, []).append(p)
    return out


@pytest.mark.parametrize("name", ["charges_in_the_nest", "storm_drain"])
def test_the_tool_writes_each_map_as_shipped_and_the_same_every_run(name):
    text = make_sewer_maps.tmx(make_sewer_maps.MAPS[name])
    assert text == make_sewer_maps.tmx(make_sewer_maps.MAPS[name])
    assert (MAPS / f"{name}.tmx").read_text(encoding="utf-8") == text


@pytest.mark.parametrize("name", ["charges_in_the_nest", "storm_drain"])
def test_f10_each_map_is_a_patrol_of_squads_with_one_leader_each(name):
    m, b = read(name)
    assert (b.width, b.height, b.unit) == (48, 36, "inch")
    assert all(3 <= c.width <= 5 for c in b.corridors.values())
    assert len(m.placements) <= F10_MODELS
    # the seed plays the flood in the Combat Patrol format: no model over 2 wounds
    assert all(PROFILES[p.unit]["w"] <= 2 for p in m.placements)
    for squad, models in squads_of(m).items():
        assert len({p.side for p in models}) == 1, squad
        assert [p.leader for p in models].count(True) == 1, squad
        assert all(p.unit in PROFILES for p in models), squad
    names = [p.name for p in m.placements]
    assert len(set(names)) == len(names) and all(n and n == n.strip() for n in names)


def test_charges_in_the_nest_troopers_two_squads_and_the_swarm_at_the_nest():
    m, b = read("charges_in_the_nest")
    assert Counter(p.side for p in m.placements) == {"troopers": 10, "swarm": 12}
    units = {s: Counter(p.unit for p in ps) for s, ps in squads_of(m).items()}
    assert units == {
        "alpha": {"sergeant": 1, "trooper": 4},
        "bravo": {"sergeant": 1, "trooper": 3, "flamer_trooper": 1},
        "swarm": {"swarm": 8},
        "brood_a": {"brood": 2},
        "brood_b": {"brood": 2}}
    assert all(p.unit == "sergeant" for p in m.placements if p.side == "troopers"
               and p.leader)
    # F-10: the Combat Patrol format fields no model over 2 wounds: no brood leader
    assert all(p.unit == "brood" for p in m.placements
               if p.squad.startswith("brood") and p.leader)
    # the origin at a corner, the troopers' entry at the west side, the nest at the far end
    assert b.origin == (4, 4) and b.origin_at == ("Outfall", 1)
    nest, = b.features_of("nest")
    assert nest.properties == {"charges": 2}
    cx, cy = nest.shape.centroid.x, nest.shape.centroid.y
    assert cx > 0.75 * b.width and b.contains(cx, cy)
    troopers = [p.place for p in m.placements if p.side == "troopers"]
    # on the Entry, past the west shaft: the west half, out of the nest's charge range
    assert all(isinstance(t, Point) and t.units[0] < b.width / 2 for t in troopers)
    assert all(math.dist(t.units, (cx, cy)) > 18 for t in troopers)
    assert b.corridors["Entry"].points[0][0] <= 1.5  # it opens at the west edge
    swarm = [p.place.units for p in m.placements if p.side == "swarm"]
    assert all(math.dist(xy, (cx, cy)) < 20 for xy in swarm)
    # the first brood on the nest; the second and the swarm up the Nest tunnel, between
    # the nest and the Crossway (not at the bend where the troopers' Entry comes in)
    tunnel = b.corridors["Nest tunnel"]
    for p in m.placements:
        if p.side == "swarm" and p.squad != "brood_a":
            corridor, _at = b.project(*p.place.units)
            assert corridor == tunnel.id and p.place.units[1] < 23
    # deep in the tunnels: further from the origin than the troopers, round a bend from
    # them (more than three turns' moves away), and yet within reach of six (about 42)
    at_nest = b.project(cx, cy)
    for t in troopers:
        way = b.distance(b.project(*t.units), at_nest)
        assert max(18, 1.1 * math.dist(t.units, (cx, cy))) < way < 46
        assert b.from_origin(*t.units) < b.from_origin(cx, cy)
    assert len(b.corridors["Nest tunnel"].points) >= 4  # its bends
    assert len(b.forks) == 6 and all(len(f.arms) == 3 for f in b.forks)
    kinds = Counter(f.kind for f in b.features)
    assert kinds == {"gantry": 2, "grate": 1, "sluice": 1, "nest": 1}
    for barrier in (f for f in b.features if f.is_barrier):
        assert not barrier.closed and any(
            s.feature == b.features.index(barrier)
            for c in b.corridors for s in b.spans(c))


def test_storm_drain_a_cross_with_the_origin_at_the_crossing_and_sides_at_each_end():
    m, b = read("storm_drain")
    assert Counter(p.side for p in m.placements) == {"troopers": 10, "swarm": 12}
    per_side = Counter(p.side for p in {p.squad: p for p in m.placements}.values())
    assert per_side == {"troopers": 2, "swarm": 2}
    crossing = [f for f in b.forks if len(f.arms) == 4]
    assert len(crossing) == 1 and crossing[0].point == (24, 18) == b.origin
    assert {a.corridor for a in crossing[0].arms} == {
        "West drain", "East drain", "North drain", "South drain"}
    assert b.from_origin(24, 18) == 0
    kinds = Counter(f.kind for f in b.features)
    assert kinds == {"gantry": 4, "cave-in": 1, "grate": 1}
    assert len(b.forks) == 7 and len(b.dead_ends()) == 6
    xs = {side: [p.place.units[0] for p in m.placements if p.side == side]
          for side in ("troopers", "swarm")}
    assert max(xs["troopers"]) < 8 and min(xs["swarm"]) > 40  # opposite ends
    # the flood runs the same way to both ends (F-1's halves)
    assert b.from_origin(2, 18) == b.from_origin(46, 18)


@pytest.mark.parametrize("name", ["charges_in_the_nest", "storm_drain"])
def test_check_map_reports_each_shipped_sewer_sound(name):
    said: list[str] = []
    failed: list[str] = []
    assert check_map(str(MAPS / f"{name}.tmx"), emit=said.append, fail=failed.append) == 0
    assert failed == [] and said[0].endswith(": a sound sewer map (F-1)")
    assert any("side 'troopers': 10 figures in 2 squads" in line for line in said)


def test_check_map_advises_on_a_leaderless_squad_and_dry_corridors(tmp_path):
    said: list[str] = []
    assert check_map(str(MAPS / "test" / "sewer_stub.tmx"), emit=said.append) == 1
    assert said[-1] == ("  - squad 'rats' of side 'vermin' has no leader: give one of its "
                        "figures the bool property 'leader'")
    text = (MAPS / "test" / "sewer_stub.tmx").read_text(encoding="utf-8")
    island = ('<object id="20" name="Cistern" x="64" y="700"><properties><property '
              'name="width" type="float" value="2"/></properties><polyline points="0,0 '
              '320,0"/></object>\n </objectgroup>\n <objectgroup color="#c05030" id="2"')
    text = text.replace('</objectgroup>\n <objectgroup color="#c05030" id="2"', island, 1)
    (tmp_path / "dry.tmx").write_text(text, encoding="utf-8")
    report = sewer_report(load_map(tmp_path / "dry.tmx"))
    assert not report.sound and report.advice[0].startswith(
        "the flood can never reach corridor 'Cistern' (object id 20) from its origin")
