"""The quick ways the moving rules take (a model's judge of many points, the barriers'
boxes, the enemy zones worked in line) give the answers of the long ways."""

from __future__ import annotations

import random

import shapely
from sewers import cross, fig, match, squad

from game.core.places import Point
from game.rules.squads.flood import moving
from game.rules.squads.flood.actions import Move
from game.rules.squads.flood.moving import EPS, clears_zones, nav_for
from game.rules.squads.flood.nav import segment, segment_gap


def test_s7_a_models_judge_answers_as_the_action_is_judged_for_every_point():
    m = match(cross(), *squad("troopers", "alpha", 4, 12, 3),
              fig("swarm", "brood", "brood", 12, 12.5))
    q = m.ruleset.queries(m.state)
    points = [Point.of(x / 2, y / 2) for x in range(0, 40) for y in range(14, 34)]
    for mid in ("alpha-1", "alpha-2", "alpha-3"):
        judge = q.move_judge("alpha", mid)
        for p in points:
            assert judge(p) == m.why_illegal(Move("alpha", mid, p)), (mid, p)


def test_f7_outside_every_barriers_box_a_point_or_line_meets_no_barrier():
    m = match(cross(), *squad("troopers", "alpha", 4, 12, 3),
              fig("swarm", "brood", "brood", 18, 22))
    st = m.state
    nav = nav_for(st, 0.5)
    assert nav.barrier_boxes  # the grate at x = 26
    rng = random.Random(3)
    for _ in range(3000):
        a = (round(rng.uniform(20, 32), 2), round(rng.uniform(8, 16), 2))
        b = (round(rng.uniform(20, 32), 2), round(rng.uniform(8, 16), 2))
        assert moving._in_difficult(st, nav, *a) == bool(
            shapely.intersects_xy(nav.barriers, *a))
        assert moving._crosses_difficult(st, nav, a, b) == bool(
            shapely.intersects(nav.barriers, segment(a, b)))


def test_s7_enemy_zones_worked_in_line_answer_as_the_gap_to_each_zone():
    rng = random.Random(5)
    for _ in range(20000):
        a = (round(rng.uniform(0, 10), 2), round(rng.uniform(0, 10), 2))
        b = a if rng.random() < 0.05 else (round(rng.uniform(0, 10), 2),
                                           round(rng.uniform(0, 10), 2))
        zones = [(round(rng.uniform(0, 10), 2), round(rng.uniform(0, 10), 2),
                  rng.uniform(0.5, 3.0)) for _ in range(rng.randint(0, 4))]
        if zones and rng.random() < 0.3:  # a line that grazes the zone's edge
            x, y, _r = zones[0]
            zones[0] = (x, y, segment_gap(a, b, (x, y)) + EPS)
        expected = all(segment_gap(a, b, (x, y)) >= r - EPS for x, y, r in zones)
        assert clears_zones(a, b, zones) == expected
