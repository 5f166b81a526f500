"""The flood's bench figure (issue 15: a flood over 30 models, rules and physics, within
20 ms): ``flood_ms`` is the median time of :func:`~.water.resolve_flood` over a patrol of
30 models in a storm drain built here (a cross of drains meeting at the origin, two
loops, a spur, a gantry, a grate and a sluice gate), each run on fresh copies of the
units with its own seed.

    python -m game.rules.squads.flood.water_bench
"""

from __future__ import annotations

import statistics
import time

from game.boards.corridors import Corridor, Corridors, Feature
from game.core.dice import Dice
from game.rules.squads.flood.water import resolve_flood
from game.rules.squads.flood.watermap import water_map
from game.rules.squads.units import Model, Unit

PATROL = 30
"""Models in the bench's flood (F-10: a patrol of about 30)."""


def bench_sewer() -> Corridors:
    """A storm drain 48 x 36 inches: the origin where four drains cross."""
    cs = [Corridor("West", ((1, 18), (24, 18)), 5), Corridor("East", ((24, 18), (47, 18)), 5),
          Corridor("North", ((24, 1), (24, 18)), 5), Corridor("South", ((24, 18), (24, 35)), 5),
          Corridor("West loop", ((8, 18), (8, 8), (24, 8)), 3),
          Corridor("East loop", ((40, 18), (40, 28), (24, 28)), 3),
          Corridor("Spur", ((16, 18), (16, 27), (9, 27)), 3.5)]
    features = [Feature(1, "gantry", ((11, 15.6), (15, 15.6), (15, 17), (11, 17)), name="Walk"),
                Feature(2, "grate", ((21.5, 31), (26.5, 31)), closed=False, name="Grate"),
                Feature(3, "sluice", ((43, 15.5), (43, 20.5)), closed=False, name="Sluice")]
    return Corridors(48, 36, cs, features, origin=(24, 18), name="bench drain")


def bench_units() -> list[Unit]:
    """Six units of five, in the drains' arms and loops (some on the gantry)."""
    spots: list[list[tuple[float, float]]] = [
             [(2 + 1.2 * k, 17) for k in range(5)], [(2 + 1.2 * k, 19.2) for k in range(5)],
             [(46 - 1.2 * k, 18) for k in range(5)], [(24, 2 + 1.2 * k) for k in range(5)],
             [(24, 34 - 1.2 * k) for k in range(5)],
             [(12 + 1.2 * k, 8) for k in range(3)] + [(11.5, 16.3), (13, 16.3)]]
    units = []
    for u, where in enumerate(spots):
        models = [Model.new(f"u{u}-{k}", "sergeant" if k == 0 else "trooper", x, y)
                  for k, (x, y) in enumerate(where)]
        units.append(Unit(f"u{u}", f"Unit {u}", "troopers" if u % 2 else "swarm", models,
                          models[0].id))
    assert sum(len(u.models) for u in units) == PATROL
    return units


def flood_ms(reps: int = 40, seed: int = 0) -> float:
    """Median ms of one flood over :data:`PATROL` models (rules and physics), each run
    on fresh units with its own seed (the board's water map, worked out once per board,
    is ready: a game keeps its board)."""
    board = bench_sewer()
    water_map(board)
    times = []
    for k in range(reps):
        units = bench_units()
        dice = Dice(seed + k)
        t0 = time.perf_counter()
        resolve_flood(board, units, dice)
        times.append((time.perf_counter() - t0) * 1000)
    return statistics.median(times)


if __name__ == "__main__":
    print(f"flood_ms {flood_ms():.2f}")
