"""Physics: discs swept past pymunk shapes kept by their geometry (G-6 shove, the wash's carry)."""

from __future__ import annotations

import ast
import json
import math
import subprocess
import sys
from dataclasses import asdict
from pathlib import Path

import pymunk
import pytest

from game.core.places import Point
from game.physics import Disc, Wall, carry, engine_stamp, shove

ROOT = Path(__file__).resolve().parents[2]
BOX = Wall("piece:0", ((5, -5), (5, 5), (7, 5), (7, -5), (5, -5)))


def units(p: Point) -> tuple[float, float]:
    return p.units


def test_g6_a_shove_stops_in_base_contact_with_a_wall():
    s = shove(Disc("a", 0, 0, 0.5), (1, 0), 10, walls=[BOX])
    assert s.contact is not None and s.contact.body == "piece:0" and s.contact.kind == "wall"
    x, y = units(s.end)
    assert y == 0 and 4.48 <= x <= 4.5  # its edge touches the wall (a hundredth to spare)
    assert s.travelled == s.end.x and s.contact.at == s.end


def test_g6_a_shove_stops_in_base_contact_with_another_model():
    s = shove(Disc("a", 0, 0, 0.5), (1, 0), 10, discs=[Disc("b", 3, 0.3, 0.5)])
    assert s.contact is not None and s.contact.body == "b" and s.contact.kind == "disc"
    x, y = units(s.end)
    assert 1.0 <= math.hypot(3 - x, 0.3 - y) <= 1.02


def test_g6_a_clear_shove_goes_the_full_distance_straight():
    s = shove(Disc("a", 1, 1, 0.5), (3, 4), 2.5, walls=[BOX])
    assert s.contact is None and s.travelled == 250 and s.end == Point(250, 300)


def test_a_disc_already_touching_moves_away_but_not_into_it():
    away = shove(Disc("a", 4.5, 0, 0.5), (-1, 0), 2, walls=[BOX])
    assert away.contact is None and away.end == Point(250, 0)
    into = shove(Disc("a", 4.5, 0, 0.5), (1, 0), 2, walls=[BOX])
    assert into.contact is not None and into.travelled == 0 and into.end == Point(450, 0)


def test_the_mover_itself_is_not_in_its_way():
    s = shove(Disc("a", 0, 0, 0.5), (0, 1), 2, discs=[Disc("a", 0, 0, 0.5)])
    assert s.contact is None and s.end == Point(0, 200)


def test_carry_follows_the_bends_passes_the_discs_it_touches_and_stops_at_a_wall():
    corridor = [(0, 0), (4, 0), (4, 10)]
    wall = Wall("grate", ((3, 6), (5, 6)))
    r = carry(Disc("m", 0, 0, 0.5), corridor, 20, discs=[Disc("x", 2, 0.2, 0.5),
                                                          Disc("y", 4.6, 3, 0.5),
                                                          Disc("far", 9, 9, 0.5)],
              walls=[wall])
    assert [b.body for b in r.bumps] == ["x", "y"]
    assert r.bumps[0].along < r.bumps[1].along
    assert r.stopped is not None and r.stopped.body == "grate"
    x, y = units(r.end)
    assert x == 4 and 5.48 <= y <= 5.5
    assert r.path[0] == Point(0, 0) and Point(400, 0) in r.path and r.path[-1] == r.end
    assert r.travelled == pytest.approx(400 + y * 100, abs=1)


def test_carry_for_a_distance_ends_part_way_along():
    r = carry(Disc("m", 0, 0, 0.5), [(0, 0), (4, 0), (4, 10)], 6)
    assert r.end == Point(400, 200) and r.travelled == 600 and r.stopped is None


def test_results_are_plain_values_with_no_pymunk_inside():
    s = shove(Disc("a", 0, 0, 0.5), (1, 0), 10, walls=[BOX])
    blob = json.dumps(asdict(s), default=lambda o: o.to_json())
    assert "pymunk" not in blob
    assert engine_stamp() == {"pymunk": pymunk.version}


def test_the_same_sweep_gives_the_same_hundredths_in_another_process():
    code = ("from game.physics import shove, Disc, Wall;"
            "s = shove(Disc('a', 0.13, 0.07, 0.5), (0.31, 0.95), 7.77,"
            " discs=[Disc('b', 1.1, 3.3, 0.6)], walls=[Wall('w', ((-3, 5), (4, 6.5)))]);"
            "print(s.end.x, s.end.y, s.travelled, s.contact.body)")
    out = {subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                          cwd=ROOT, check=True).stdout for _ in range(2)}
    here = shove(Disc("a", 0.13, 0.07, 0.5), (0.31, 0.95), 7.77,
                 discs=[Disc("b", 1.1, 3.3, 0.6)], walls=[Wall("w", ((-3, 5), (4, 6.5)))])
    assert out == {f"{here.end.x} {here.end.y} {here.travelled} {here.contact.body}\n"}


def test_only_the_physics_package_imports_pymunk():
    importers = []
    for path in sorted((ROOT / "game").rglob("*.py")):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            names = ([a.name for a in node.names] if isinstance(node, ast.Import) else
                     [node.module or ""] if isinstance(node, ast.ImportFrom) else [])
            if any(n == "pymunk" or n.startswith("pymunk.") for n in names):
                importers.append(path.relative_to(ROOT).as_posix())
    assert importers and all(p.startswith("game/physics/") for p in importers), importers


def test_kept_shapes_answer_as_shapes_built_afresh():
    """The sweeps reuse the shapes of walls and discs they met before: the answers must
    not hang on what was swept earlier (a fresh store and a used one agree exactly)."""
    import random

    from game.physics import sweep

    rng = random.Random(5)
    walls = [Wall(f"piece:{k}", ((x, y), (x + 2, y), (x + 2, y + 1), (x, y + 1), (x, y)))
             for k, (x, y) in enumerate((rng.uniform(-8, 8), rng.uniform(-8, 8))
                                        for _ in range(6))]
    discs = [Disc(f"m{k}", rng.uniform(-8, 8), rng.uniform(-8, 8), rng.choice((0.5, 0.75)))
             for k in range(12)]
    asks = [(Disc("a", rng.uniform(-9, 9), rng.uniform(-9, 9), 0.5),
             (rng.uniform(-1, 1), rng.uniform(-1, 1)), rng.uniform(0, 12)) for _ in range(60)]

    def answers() -> list[object]:
        out: list[object] = []
        for mover, heading, dist in asks:
            out.append(shove(mover, heading, dist, discs, walls))
            out.append(carry(mover, [(mover.x, mover.y), (mover.x + heading[0] * 5,
                                                         mover.y + heading[1] * 5), (0, 0)],
                             dist, discs, walls))
        return out

    sweep._SHAPES = sweep._Shapes()
    fresh = answers()
    asks.reverse()  # the same sweeps in another order, on shapes kept from the first
    again = answers()
    again.reverse()
    again = [again[k + 1] if k % 2 == 0 else again[k - 1] for k in range(len(again))]
    assert again == fresh
    store = sweep._SHAPES
    assert store.circles and store.segments  # it did keep them
