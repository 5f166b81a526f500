"""The wash (F-1, F-3, F-4, F-5, F-7) on small sewers built here and on the stub map, the
dice forced: who tests and in what order, where a carried model goes (the bends, the
forks, the barriers, the dead ends), the bumps and their chains."""

from __future__ import annotations

import math
from fractions import Fraction
from pathlib import Path

import pytest
from wash_sewers import R, at, bend, cross, drain, flood, kinds, line, models, unit

from game.boards.corridors import Arm, Feature
from game.boards.tiled import load_map
from game.core.dice import Dice
from game.core.places import Point
from game.rules.squads.events import SquadKind
from game.rules.squads.flood import water
from game.rules.squads.flood.wash import FloodWashKind as K
from game.rules.squads.flood.watermap import water_map
from game.rules.squads.units import Model, Unit

MAPS = Path(__file__).resolve().parents[3] / "maps"
TESTS = (SquadKind.TEST_PASSED, SquadKind.TEST_FAILED)


def who_tested(result) -> list[str]:
    """The models that tested, in order."""
    return [e.figure for e in kinds(result, *TESTS)]


# ============================================================================ F-1
def test_f1_a_gantry_model_never_tests_nor_moves_nor_is_bumped():
    b = cross()
    g = Model.new("g", "trooper", 15, 4, name="Gunner")  # on the Catwalk, north arm
    u = Unit("u", "u", "troopers", [g, *models((15, 8.5))], "g")
    # m1 fails and is carried 5 inches up the north arm, under the Catwalk: no bump roll
    # for Gunner above it
    assert water.out_of_reach(b, g) == "on a gantry" and water.out_of_reach(b, u.models[1]) is None
    r = flood(b, [u], [6, 5, 1])
    assert who_tested(r) == ["m1"]
    [why] = kinds(r, K.OUT_OF_REACH)
    assert why.figure == "g" and "gantry" in why.text and why.rule == "F-1"
    assert at(g) == (15, 4) and not kinds(r, K.BUMPED)
    # m1 went north 5 inches from y 8.5 but stops behind Gunner's base: clear of it
    m1 = u.models[1]
    assert m1.x == 15 and math.dist(at(m1), at(g)) >= 2 * R


def test_f1_a_central_origin_resolves_its_halves_one_after_the_other():
    b = drain()
    u = unit((10, 18), (38, 18), (24, 5), (24, 30), (8, 12), (20, 18))
    w = water_map(b)
    assert [w.arm_name(a) for a in w.ways] == ["North, north", "East, east", "South, south",
                                               "West, west"]
    assert [[m.id for m in h] for h in water.halves(b, u.models)] == [
        ["m3"], ["m2"], ["m4"], ["m1", "m5", "m6"]]
    r = flood(b, [u], [1, 1, 1, 1, 1, 1])  # all keep their footing
    assert [e.amount for e in kinds(r, K.HALF)] == [0, 1, 2, 3]
    # the west half furthest first: m5 on the loop (22 inches), m1 (14), m6 (4)
    assert who_tested(r) == ["m3", "m2", "m4", "m5", "m1", "m6"]


def test_f1_f7_the_water_stops_at_a_sluice_and_runs_through_a_grate():
    sluice = Feature(3, "sluice", ((28.8, 16), (31.2, 16)), closed=False, name="Gate")
    b = cross(features=[sluice, Feature(4, "grate", ((20, 8), (20, 12)), closed=False)])
    assert water.flooded_parts(b) == (("ew", 0, 3000), ("ns", 0, 2000), ("spur", 0, 600))
    behind = Model.new("d", "trooper", 30, 20)
    r = flood(b, [Unit("u", "u", "x", [behind])], [])
    assert "does not reach" in kinds(r, K.OUT_OF_REACH)[0].text and not who_tested(r)


def test_f1_a_grate_stops_the_carried_model_in_contact():
    b = cross()  # the grate lies across the spur at y 20
    u = unit((30, 15))
    r = flood(b, [u], [6, 6, 3, 1, 1])  # carried 9: stopped by the grate after 4.5
    [w] = r.washes
    assert w.stopped_by == "2" and w.carried == 450
    assert at(u.models[0]) == (30, 20 - R - 0.01)
    [stop] = kinds(r, K.STOPPED)
    assert "grate 'Grate'" in stop.text or "Grate" in stop.text
    hits = [e for e in r.events if e.rule == "F-6"]
    assert [e.amount for e in hits] == [1, 1]  # the carry's hit and the S3 one


# ============================================================================ F-3
def test_f3_furthest_first_along_the_corridors_not_as_the_crow_flies():
    b = cross()
    # m1 on the spur is 29 + 3 = 32 inches away by the corridors; m2 on the ns arm 14 +
    # 9 = 23 (nearer as the crow flies than m1? no matter); m3 on ew 25 inches away
    u = unit((30, 13), (15, 19), (26, 10))
    r = flood(b, [u], [1, 1, 1])
    assert who_tested(r) == ["m1", "m3", "m2"]
    assert all(e.rule == "F-3" for e in kinds(r, *TESTS))


def test_f3_ties_by_a_die_the_highest_first_and_again_on_a_tie():
    b = cross()
    # m1 and m2 are both 14 + 5 = 19 inches away (either side of the fork, on ns); m3
    # 19 inches along ew. m1 rolls 3, m2 5, m3 5: m2 and m3 roll again, 2 and 4
    u = unit((15, 5), (15, 15), (20, 10))
    order, events = water.test_order(b, u.models, Dice.scripted([3, 5, 5, 2, 4]))
    assert [m.id for m in order] == ["m3", "m2", "m1"]
    assert [(e.figure, e.roll.total) for e in events] == [
        ("m1", 3), ("m2", 5), ("m3", 5), ("m2", 2), ("m3", 4)]
    assert all(e.kind == K.ORDER and e.rule == "F-3" for e in events)


def test_f3_each_model_tests_its_strength_and_a_6_always_fails():
    b = line()
    troop = unit((20, 10), (25, 10), prefix="t")
    brood = unit((30, 10), (35, 10), profile="brood", prefix="b", side="swarm")
    # b2 (furthest) 4 vs S4 passes, b1 5 fails: carried 1 inch, S1 against T4 wounds on
    # a 6 (a 3); t2 rolls 3 and passes, t1 a 6 and fails (a 6 always fails): carried 1
    r = flood(b, [troop, brood], [4, 5, 1, 3, 3, 6, 1, 1])
    checks = kinds(r, *TESTS)
    assert [(e.figure, e.kind == SquadKind.TEST_PASSED) for e in checks] == [
        ("b2", True), ("b1", False), ("t2", True), ("t1", False)]
    assert "S 1 (carried 1 inch: S 1) against T 4 needs 6+" in r.events[4].text
    assert checks[-1].roll.target == 3 and "a 6 always fails" in checks[-1].text
    assert water.p_keeps_footing(troop.models[0]) == pytest.approx(1 / 2)
    assert water.p_keeps_footing(brood.models[0]) == pytest.approx(4 / 6)


# ============================================================================ F-4
def test_f4_exploding_carry_round_a_bend():
    b = bend()
    u = unit((16, 10))
    r = flood(b, [u], [6, 6, 3, 1])  # fails, carried 6 + 3 = 9: 4 to the bend, 5 south
    [w] = r.washes
    assert w.path == (Point(1600, 1000), Point(2000, 1000), Point(2000, 1500))
    assert (w.carried, w.stopped_by, w.bumped_by) == (900, None, None)
    assert at(u.models[0]) == (20, 15)
    [carried] = kinds(r, K.CARRIED)
    assert carried.roll.faces == (6, 3) and carried.roll.expr == "1d6 exploding"
    assert carried.places == w.path and carried.amount == 900 and carried.rule == "F-4"


def test_f4_downstream_is_away_from_the_origin():
    b = line(origin=(20, 10))
    w = water_map(b)
    assert w.flow("Main", 25).heading == 1 and w.flow("Main", 15).heading == -1
    u = unit((25, 10), (15, 10))
    flood(b, [u], [6, 2, 1, 6, 2, 1])
    assert at(u.models[0]) == (27, 10) and at(u.models[1]) == (13, 10)


def test_f4_fork_roll_the_split_shown_before_the_roll():
    b = cross()
    split = water.fork_split(b, b.forks[0])
    assert split.text() == "1-2 ns, north; 3-4 ew, east; 5-6 ns, south"
    assert split.chances() == (Fraction(1, 3),) * 3 and not split.again
    came_by = Arm("ns", 10, 1)  # a model that came up from the south: not back that way
    assert water.fork_split(b, 0, came_by).text() == "1-3 ns, north; 4-6 ew, east"
    assert water.fork_split(b, 1).text() == "only spur, south"
    u = unit((12, 10))
    r = flood(b, [u], [6, 6, 1, 5, 1])  # carried 7: 3 to the fork, a 5: south, 4 more
    [fork] = kinds(r, K.FORK)
    assert fork.roll.total == 5 and "ns, south" in fork.text and fork.rule == "F-4"
    assert fork.places == (Point(1500, 1000),)
    assert at(u.models[0]) == (15, 14)
    assert r.washes[0].path == (Point(1200, 1000), Point(1500, 1000), Point(1500, 1400))


def test_f4_four_ways_out_of_the_origin_a_face_left_over_is_rolled_again():
    b = drain()
    split = water.fork_split(b, water_map(b).origin_node)
    assert split.text() == "1 North, north; 2 East, east; 3 South, south; 4 West, west; " \
                           "5-6 roll again"
    assert split.chances() == (Fraction(1, 4),) * 4
    u = unit((24, 18))  # standing on the origin itself
    r = flood(b, [u], [6, 3, 5, 2, 1])
    assert [e.roll.total for e in kinds(r, K.FORK)] == [5, 2]
    assert "rolls again" in kinds(r, K.FORK)[0].text
    assert at(u.models[0]) == (27, 18)


def test_f4_a_dead_end_stops_it_against_the_end_wall():
    b = line()
    u = unit((37, 10))
    r = flood(b, [u], [6, 5, 1, 1])
    [w] = r.washes
    assert w.stopped_by == "dead end" and at(u.models[0]) == (40 - R - 0.01, 10)
    assert w.carried == round((40 - R - 0.01 - 37) * 100)
    assert "a dead end" in kinds(r, K.STOPPED)[0].text
    assert len([e for e in r.events if e.rule == "F-6" and e.amount == 1]) == 2


def test_f4_a_model_off_the_middle_is_carried_into_it_and_along():
    b = line()
    u = unit((10, 11.2))
    r = flood(b, [u], [6, 3, 1])  # 1.2 inches off: it slants in over 1.2 inches, on 3
    assert r.washes[0].path == (Point(1000, 1120), Point(1120, 1000), Point(1250, 1000))
    assert at(u.models[0]) == (12.5, 10) and r.washes[0].carried == 300


# ============================================================================ F-5
def test_f5_bump_chain_a_model_that_kept_its_footing_is_carried_on():
    b = line()
    u = unit((20.5, 10), (14, 10), (30, 10))
    # m3 (furthest) and m1 keep their footing; m2 fails and is carried 7: it would end
    # on m1's base, so it stops in contact behind it (5.52 inches: S2) having touched
    # it; the bump (4) knocks m1 over, and m1 is carried 3 inches (S2)
    faces = [2, 1, 6, 6, 1, 4, 1, 3, 1]
    r = flood(b, [u], faces)
    m1, m2, m3 = u.models
    assert [(w.model, w.carried, w.bumped_by) for w in r.washes] == [
        ("m2", 552, None), ("m1", 300, "m2")]
    assert at(m2) == (20.5 - 2 * R, 10) and at(m1) == (23.5, 10) and at(m3) == (30, 10)
    [bump] = kinds(r, K.BUMPED)
    assert (bump.figure, bump.target, bump.rule, bump.roll.total) == ("m2", "m1", "F-5", 4)
    assert "loses its footing" in bump.text


def test_f5_one_roll_per_bump_and_a_model_that_stands_is_passed_through():
    b = line()
    u = unit((20, 10), (14, 10), (21.5, 10))
    # m2 fails, carried 6+4 = 10 to 24: touches m1 (rolls 3: it stands) and m3 (5:
    # knocked over); m3 carried 2 from 21.5: it would end on m2 at 24, stops behind it
    # in contact and rolls for it (2: it stands)
    faces = [1, 1, 6, 6, 4, 3, 5, 1, 2, 2, 1]
    r = flood(b, [u], faces)
    m1, m2, m3 = u.models
    assert [(e.figure, e.target, e.roll.total) for e in kinds(r, K.BUMPED)] == [
        ("m2", "m1", 3), ("m2", "m3", 5), ("m3", "m2", 2)]
    assert at(m1) == (20, 10) and at(m2) == (24, 10)
    assert at(m3) == (24 - 2 * R, 10) and r.washes[1].bumped_by == "m2"


def test_f5_a_casualty_of_the_flood_is_no_longer_in_the_way():
    b = line()
    u = unit((14, 10), (30, 10))
    # m2 passes, m1 fails: carried 3, S2 wounds on 5+ (a 6): removed
    r = flood(b, [u], [1, 6, 3, 6])
    assert not u.models[0].alive and [e.kind for e in r.events][-1] == "died"


# ============================================================================ F-7
def test_f7_in_flooded_and_gantries_stay_dry():
    b = cross()
    spans = water.flooded_parts(b)
    assert spans == (("ew", 0, 3000), ("ns", 0, 2000), ("spur", 0, 1400))
    assert water.in_flooded(spans, b, 5, 10) and water.in_flooded(spans, b, 15, 18)
    assert not water.in_flooded(spans, b, 15, 4)  # on the Catwalk
    assert not water.in_flooded(spans, b, 5, 5)  # in the rock
    assert not water.in_flooded((("ew", 0, 1000),), b, 20, 10)


# ============================================================================ the stub
def test_f1_f4_on_the_sewer_stub_the_catwalk_stays_dry_and_the_grate_stops():
    board = load_map(MAPS / "test" / "sewer_stub.tmx").board
    up = Model.new("up", "sergeant", 18, 6, name="Sergeant")  # on the Catwalk
    a = Model.new("a", "trooper", 22, 12, name="Trooper")  # 3.5 inches short of the grate
    u = Unit("p", "Patrol", "troopers", [up, a], "up")
    r = flood(board, [u], [6, 6, 6, 1, 1, 1])
    assert who_tested(r) == ["a"] and at(up) == (18, 6)
    [w] = r.washes
    assert w.stopped_by == "5" and at(a) == (26 - R - 0.01, 12)
    assert water.stopper_name(board, "5") == "grate 'Grate' (object id 5)"
    assert r.flooded == (("Main", 0, 3200), ("Cross", 0, 2000))
