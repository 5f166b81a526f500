"""The physics package's disc sweep for the rules (a move's slide, K-4, G-1; a push
stopping short of a linear obstacle, G-2, G-6): where a disc slid along a segment first
touches one of some walls, stepping away from a wall it stands against allowed."""

from __future__ import annotations

import math
import random

import pytest

from game.physics import Outline, Wall, first_touch
from game.physics.touch import capsule_entry

SQUARE = Outline.of(Wall("piece:0", ((2, 2), (4, 2), (4, 4), (2, 4), (2, 2))))
FENCE = Outline.of(Wall("piece:1", ((6, 0), (6, 10))))


def test_k4_a_disc_slides_until_it_touches_and_may_step_away():
    hit = first_touch((0, 3), (10, 3), 0.5, [SQUARE, FENCE])
    assert hit is not None and hit.wall == 0 and hit.t == pytest.approx(0.15)
    hit = first_touch((0, 6), (10, 6), 0.5, [SQUARE, FENCE])
    assert hit is not None and hit.wall == 1 and hit.t == pytest.approx(0.55)
    hit = first_touch((0, 1.8), (10, 1.8), 0.5, [SQUARE])  # the capsule's round end
    assert hit is not None and hit.t == pytest.approx((2 - math.sqrt(0.5 ** 2 - 0.2 ** 2)) / 10)
    assert first_touch((4.5, 3), (10, 3), 0.5, [SQUARE]) is None  # stepping away
    hit = first_touch((4.5, 3), (0, 3), 0.5, [SQUARE])  # into it
    assert hit is not None and (hit.t, hit.wall) == (0.0, 0)
    assert first_touch((0, 8), (10, 8), 0.5, [SQUARE]) is None
    assert first_touch((0, 0), (1, 1), 0.5, []) is None


def test_g2_a_tie_goes_to_the_wall_listed_first():
    twin = Outline.of(Wall("piece:7", SQUARE.wall.points))
    hit = first_touch((0, 3), (10, 3), 0.5, [twin, SQUARE])
    assert hit is not None and hit.wall == 0


def test_the_first_touch_is_where_the_disc_first_comes_within_its_radius():
    rng = random.Random(4)
    for _ in range(2000):
        e0 = (rng.uniform(0, 10), rng.uniform(0, 10))
        e1 = (rng.uniform(0, 10), rng.uniform(0, 10))
        a = (rng.uniform(0, 10), rng.uniform(0, 10))
        b = (rng.uniform(0, 10), rng.uniform(0, 10))
        r = rng.uniform(0.2, 1.0)
        t = capsule_entry(a, b, e0, e1, r)
        gaps = [_gap(a, b, e0, e1, k / 400) for k in range(401)]
        if gaps[0] <= r + 1e-9:
            continue  # starts in contact: covered by the test above
        if t is None:
            assert min(gaps) > r - 1e-6
        else:
            assert _gap(a, b, e0, e1, t) == pytest.approx(r, abs=1e-6)
            assert all(g > r - 1e-6 for g in gaps[:int(t * 400)])


def _gap(a, b, e0, e1, t):
    px, py = a[0] + (b[0] - a[0]) * t, a[1] + (b[1] - a[1]) * t
    fx, fy = e1[0] - e0[0], e1[1] - e0[1]
    ll = fx * fx + fy * fy
    u = 0.0 if ll == 0 else max(0.0, min(1.0, ((px - e0[0]) * fx + (py - e0[1]) * fy) / ll))
    return math.hypot(px - e0[0] - u * fx, py - e0[1] - u * fy)
