"""The hard street chase player's weights against normal, paired with the normal mirror
on the same seeds (docs/balance/strengths.md, "the street chase").

``python docs/balance/hard_chase_tune.py SCENARIO GAMES START 'JSON' [SIDES]`` from the
work tree's root. JSON gives the changed fields of
:class:`game.ai.hard_chase.ChaseWeights` (``{"shadow": 20, "deploy_look": 120}``), or
one such object per side (``{"scouts": {...}, "hunters": {...}}``). Games
START..START+GAMES-1, game i seeded i for the match and every player (as ``python -m
game.lab.strengths`` does), each side played by the copy with those weights (no
look-ahead) against normal, and the same seeds normal against normal (the mirror); per
side the copy's wins with their 95 % Wilson interval, the mirror's, the games it won
that the mirror lost (up) and the reverse (down), and the processor seconds a game. One
process (the machine is shared).
"""

from __future__ import annotations

import json
import math
import sys
import time
from typing import Any

sys.path.insert(0, ".")

from game.ai.hard_chase import ChaseWeights, HardChasePlayer  # noqa: E402
from game.ai.levels import player_for  # noqa: E402
from game.core.scenario import find_scenario  # noqa: E402
from game.headless import play_game  # noqa: E402
from game.rules import new_match  # noqa: E402


def wilson(w: int, n: int, z: float = 1.96) -> tuple[float, float]:
    p, d = w / n, 1 + z * z / n
    c = (p + z * z / (2 * n)) / d
    h = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / d
    return c - h, c + h


def mirror_winner(key: str, i: int) -> str | None:
    """Who wins game ``i`` of ``key`` normal against normal."""
    sc = find_scenario(key)
    m = new_match(sc, i)
    return play_game(m, {s: player_for(sc.ruleset, "normal", i) for s in m.sides}).winner


def paired(key: str, seeds: range, cfg: dict[str, Any],
           sides: list[str] | None = None) -> dict[str, tuple[int, int, int, int, float]]:
    """Per side: (copy's wins, mirror's wins, up, down, cpu s a game of the copy)."""
    sc = find_scenario(key)
    mirrors = {i: mirror_winner(key, i) for i in seeds}
    out: dict[str, tuple[int, int, int, int, float]] = {}
    for side in sides or list(sc.sides):
        own = cfg.get(side, {}) if any(s in cfg for s in sc.sides) else cfg
        weights = ChaseWeights(**own)
        won = up = down = mw = 0
        t = time.process_time()
        for i in seeds:
            m = new_match(sc, i)
            players = {s: HardChasePlayer(i, weights) if s == side
                       else player_for(sc.ruleset, "normal", i) for s in m.sides}
            w = play_game(m, players).winner
            mirror = mirrors[i]
            won += w == side
            mw += mirror == side
            up += w == side and mirror != side
            down += w != side and mirror == side
        out[side] = (won, mw, up, down, (time.process_time() - t) / len(seeds))
    return out


def main() -> None:
    args = sys.argv[1:]
    key, games, start = args[0], int(args[1]), int(args[2])
    cfg = json.loads(args[3]) if len(args) > 3 else {}
    sides = args[4].split(",") if len(args) > 4 else None
    seeds = range(start, start + games)
    for side, (won, mw, up, down, cpu) in paired(key, seeds, cfg, sides).items():
        n = len(seeds)
        lo, hi = wilson(won, n)
        print(f"{key} {side} seeds {start}-{start + games - 1} cfg={json.dumps(cfg)} "
              f"n={n} copy={won} ({100 * won / n:.1f}% {100 * lo:.1f}-{100 * hi:.1f}) "
              f"mirror={mw} ({100 * mw / n:.1f}%) up={up} down={down} "
              f"cpu/game={cpu:.3f}", flush=True)


if __name__ == "__main__":
    main()
