"""F-4, F-5: the wash is deterministic (the same seed gives the same wash, byte for byte,
here and in a second process) and a carry never ends overlapping a wall, a barrier or
another model (a property over many seeds and sewers); a gantry model never tests."""

from __future__ import annotations

import hashlib
import json
import math
import random
import subprocess
import sys
from pathlib import Path

import pytest
import shapely
from shapely.geometry import Point as ShapelyPoint
from wash_sewers import bend, cross, drain, line

from game.boards.tiled import load_map
from game.core.dice import Dice
from game.rules.squads.events import SquadKind
from game.rules.squads.flood import water
from game.rules.squads.flood.water_bench import bench_sewer, bench_units
from game.rules.squads.units import Model, Unit

ROOT = Path(__file__).resolve().parents[3]


def fingerprint(seed: int) -> str:
    """The whole flood over the bench's patrol with ``seed``, as canonical JSON."""
    units = bench_units()
    r = water.resolve_flood(bench_sewer(), units, Dice(seed))
    out = {"events": [e.to_json() for e in r.events],
           "washes": [[w.model, [p.to_json() for p in w.path], w.carried, w.stopped_by,
                       w.bumped_by] for w in r.washes],
           "flooded": [list(s) for s in r.flooded],
           "units": [u.to_json() for u in units]}
    return json.dumps(out, sort_keys=True)


def test_f4_f5_the_same_seed_gives_the_same_wash_byte_for_byte():
    for seed in (1, 2, 3):
        a, b = fingerprint(seed), fingerprint(seed)
        assert a == b and '"washes": []' not in a
    assert fingerprint(1) != fingerprint(2)


def test_f4_f5_the_same_wash_in_a_second_process():
    script = ("import hashlib, sys; sys.path[:0] = ['tests/rules/squads', '.']\n"
              "from test_flood_determinism import fingerprint\n"
              "print(hashlib.sha256(fingerprint(7).encode()).hexdigest())")
    out = subprocess.run([sys.executable, "-c", script], cwd=ROOT, capture_output=True,
                         text=True, timeout=120, check=True)
    assert out.stdout.strip() == hashlib.sha256(fingerprint(7).encode()).hexdigest()


# ============================================================================ the property
def stub():
    return load_map(ROOT / "maps" / "test" / "sewer_stub.tmx").board


SEWERS = {"line": line, "bend": bend, "cross": cross, "drain": drain, "bench": bench_sewer,
          "stub": stub}


def scatter(board, n: int, rng: random.Random) -> list[Model]:
    """Up to ``n`` models at random spots of the corridors: each base inside the walls,
    clear of the barriers and of the others."""
    barriers = [f.shape for f in board.features if f.is_barrier]
    cs = list(board.corridors.values())
    out: list[Model] = []
    for _ in range(n * 40):
        if len(out) == n:
            break
        c = rng.choice(cs)
        at = rng.uniform(0, c.length)
        (x, y), (dx, dy) = c.point_at(at), c.direction_at(at)
        off = rng.uniform(-1, 1) * max(0.0, c.width / 2 - 0.6)
        m = Model.new(f"m{len(out)}", rng.choice(["trooper", "brood", "swarm"]),
                      x - dy * off, y + dx * off)
        base = ShapelyPoint(m.x, m.y).buffer(m.radius + 0.02)
        if board.area.contains(base) and not any(base.intersects(g) for g in barriers) \
                and all(math.dist((m.x, m.y), (o.x, o.y)) > m.radius + o.radius + 0.02
                        for o in out):
            out.append(m)
    return out


def assert_clear(board, models):
    """No standing model overlaps a wall, a barrier or another standing model."""
    walls = board.area.boundary
    barriers = [f.shape for f in board.features if f.is_barrier]
    up = [m for m in models if m.alive]
    for m in up:
        p = ShapelyPoint(m.x, m.y)
        assert board.contains(m.x, m.y) and walls.distance(p) >= m.radius - 1e-6, m
        assert all(g.distance(p) >= m.radius - 1e-6 for g in barriers), m
    for k, a in enumerate(up):
        for b in up[k + 1:]:
            assert math.dist((a.x, a.y), (b.x, b.y)) >= a.radius + b.radius - 1e-6, (a, b)


@pytest.mark.parametrize("name", sorted(SEWERS))
def test_f5_a_carry_never_ends_overlapping_over_many_seeds(name):
    board = SEWERS[name]()
    shapely.prepare(board.area)
    carried = 0
    for seed in range(40):
        rng = random.Random(seed)
        ms = scatter(board, rng.randint(8, 30), rng)
        units = [Unit(f"u{k}", f"u{k}", "a", ms[k:k + 5]) for k in range(0, len(ms), 5)]
        raised = {m.id: (m.x, m.y) for m in ms if water.on_gantry(board, m)}
        r = water.resolve_flood(board, units, Dice(seed))
        carried += len(r.washes)
        assert_clear(board, ms)
        # a gantry model never tests and never moves
        tested = {e.figure for e in r.events
                  if e.kind in (SquadKind.TEST_PASSED, SquadKind.TEST_FAILED)}
        assert not tested & set(raised)
        assert all((m.x, m.y) == raised[m.id] for m in ms if m.id in raised)
    assert carried > 40


def test_s7_the_paths_answers_do_not_hang_on_what_was_asked_before():
    """A sewer's path memos answer each point, ray and field as if asked first: a key
    rounded to the hundredth once gave a point a nearby point's nodes, so a game played
    after other games in one process (the suite's order) differed from the same game in a
    fresh one."""
    from game.rules.squads.flood.nav import Nav

    board = load_map(ROOT / "maps" / "storm_drain.tmx").board
    fresh, used = Nav(board, 0.49, 0.5), Nav(board, 0.49, 0.5)
    rng = random.Random(5)
    points = [(rng.uniform(1, 47), rng.uniform(1, 35)) for _ in range(400)]
    for x, y in points:  # a point a few thousandths away asked first
        used.near_nodes(x + 0.004, y - 0.004)
        used.ray(x + 0.004, y, 1.0, 0.0, 6.0)
    for x, y in points:
        assert used.near_nodes(x, y) == fresh.near_nodes(x, y), (x, y)
        assert used.ray(x, y, 1.0, 0.0, 6.0) == fresh.ray(x, y, 1.0, 0.0, 6.0), (x, y)
