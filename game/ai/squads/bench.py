"""The squad computer player's bench figures (issue 15: a decision within 20 ms at the
median; at least 10 computer-against-computer games a second):

* ``squad_decision_ms``: the median time of :meth:`SquadPlayer.choose` over whole games
  of the shipped sewer scenarios, both sides played by it;
* ``squad_games_per_s``: such games played through to their end, a second.

    python -m game.ai.squads.bench
"""

from __future__ import annotations

import statistics
import time

from game.ai.squads.player import SquadPlayer
from game.rules import open_match

SCENARIOS = ("storm_drain", "charges_in_the_nest")


def squad_decision_ms(seeds: range = range(2)) -> float:
    """The median decision of the squad player, in milliseconds."""
    times: list[float] = []
    for name in SCENARIOS:
        for seed in seeds:
            m = open_match(name, seed)
            players = {s: SquadPlayer(seed) for s in m.sides}
            while (side := m.to_act()) is not None:
                t = time.perf_counter()
                a = players[side].choose(m)
                times.append((time.perf_counter() - t) * 1000)
                m.apply(a)
    return statistics.median(times)


GAME_SEEDS = 100
"""The first seed of :func:`squad_games_per_s`'s games: none of them is a game
:func:`squad_decision_ms` played (a game played again finds what the rules kept of it)."""


def squad_games_per_s(games: int = 6) -> float:
    """Computer-against-computer games a second, alternating the two scenarios."""
    start = time.perf_counter()
    for k in range(games):
        seed = GAME_SEEDS + k
        m = open_match(SCENARIOS[k % len(SCENARIOS)], seed)
        players = {s: SquadPlayer(seed) for s in m.sides}
        while (side := m.to_act()) is not None:
            m.apply(players[side].choose(m))
    return games / (time.perf_counter() - start)


if __name__ == "__main__":
    print(f"squad_decision_ms {squad_decision_ms():.2f}")
    print(f"squad_games_per_s {squad_games_per_s():.2f}")
