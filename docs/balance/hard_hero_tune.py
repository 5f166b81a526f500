"""Hard-only Tabletop Hero weights against normal, paired with the normal mirror on the
same seeds (docs/balance/strengths.md, "hard-only weights: Tabletop Hero").

``python docs/balance/hard_hero_tune.py SCENARIO GAMES START SIDES 'JSON' ['JSON'...]``
from the work tree's root. Each JSON gives the changed fields of
:class:`game.ai.hero.weights.HeroWeights` (``{"guard": 1.0}``; ``{}``: the normal
weights, which must play as the mirror). Games START..START+GAMES-1, game i seeded i
for the match and every player (as ``python -m game.lab.strengths`` does), the side
played by :class:`game.ai.hard_hero.HardHeroPlayer` with those weights against normal,
and the same seeds normal against normal (the mirror, worked out once for every
JSON); per side and JSON the copy's wins with their 95 % Wilson interval, the
mirror's, the games it won that the mirror lost (up) and the reverse (down). One
process (the machine is shared).
"""

from __future__ import annotations

import json
import math
import sys
import time
from typing import Any

sys.path.insert(0, ".")

from game.ai.hard_hero import HardHeroPlayer, HeroWeights  # noqa: E402
from game.ai.levels import player_for  # noqa: E402
from game.core.scenario import find_scenario  # noqa: E402
from game.headless import play_game  # noqa: E402
from game.rules import new_match  # noqa: E402


def wilson(w: int, n: int, z: float = 1.96) -> tuple[float, float]:
    p, d = w / n, 1 + z * z / n
    c = (p + z * z / (2 * n)) / d
    h = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / d
    return c - h, c + h


def winner(key: str, i: int, side: str | None, cfg: dict[str, Any]) -> str | None:
    """Who wins game ``i`` of ``key``: ``side`` (None: no side) played by the copy with
    the weights ``cfg``, the others by the normal player."""
    sc = find_scenario(key)
    m = new_match(sc, i)
    players = {s: (HardHeroPlayer(i, HeroWeights(**cfg)) if s == side
                   else player_for(sc.ruleset, "normal", i)) for s in m.sides}
    return play_game(m, players).winner


def main() -> None:
    key, games, start = sys.argv[1], int(sys.argv[2]), int(sys.argv[3])
    sides = sys.argv[4].split(",")
    cfgs = [json.loads(a) for a in sys.argv[5:]] or [{}]
    seeds = range(start, start + games)
    mirror = {i: winner(key, i, None, {}) for i in seeds}
    for cfg in cfgs:
        for side in sides:
            t = time.process_time()
            won = {i: winner(key, i, side, cfg) for i in seeds}
            n = len(seeds)
            w = sum(won[i] == side for i in seeds)
            mw = sum(mirror[i] == side for i in seeds)
            up = sum(won[i] == side and mirror[i] != side for i in seeds)
            down = sum(won[i] != side and mirror[i] == side for i in seeds)
            lo, hi = wilson(w, n)
            print(f"{key} {side} seeds {start}-{start + games - 1} cfg={json.dumps(cfg)} "
                  f"n={n} tuned={w} ({100 * w / n:.1f}% {100 * lo:.1f}-{100 * hi:.1f}) "
                  f"mirror={mw} ({100 * mw / n:.1f}%) up={up} down={down} "
                  f"cpu/game={(time.process_time() - t) / n:.3f}", flush=True)


if __name__ == "__main__":
    main()
