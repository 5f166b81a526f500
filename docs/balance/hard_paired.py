"""Hard against normal, paired with the normal mirror on the same seeds (the method of
docs/balance/strengths.md, "hard against normal, slot dice").

``python docs/balance/hard_paired.py SCENARIO GAMES START ['{"levels.HARD_Z": 1.5}'] [SIDES]``
from the work tree's root: games START..START+GAMES-1, game i seeded i for the match and
every player (as ``python -m game.lab.strengths`` does), each side at hard against
normal, and the same seeds normal against normal; per side the hard side's wins with
their 95 % Wilson interval, the mirror's, the games hard won that the mirror lost (up)
and the reverse (down), and the hard player's processor seconds, decisions, searched
decisions and switches a game. The JSON overrides module constants of game.ai.levels or
game.ai.search (``"nogate": 1`` searches every decision) for experiments. Two worker
processes.
"""

from __future__ import annotations

import json
import multiprocessing as mp
import sys
import time
from typing import Any

sys.path.insert(0, ".")

from game.ai import levels, search  # noqa: E402
from game.ai.levels import HardPlayer, player_for  # noqa: E402
from game.core.scenario import find_scenario  # noqa: E402
from game.headless import play_game, wilson_interval  # noqa: E402
from game.rules import new_match  # noqa: E402


def configure(cfg: dict[str, Any]) -> None:
    for key, value in cfg.items():
        if key == "nogate":
            levels.rolls = lambda *a: True  # type: ignore[assignment]
            continue
        mod, name = key.split(".")
        setattr({"levels": levels, "search": search}[mod], name, value)


def hard_game(args: tuple[str, str, int, dict[str, Any]]) -> tuple[Any, ...]:
    key, side, i, cfg = args
    configure(cfg)
    sc = find_scenario(key)
    m = new_match(sc, i)
    hard = HardPlayer(sc.ruleset, i)
    players = {s: hard if s == side else player_for(sc.ruleset, "normal", i)
               for s in m.sides}
    t = time.process_time()
    out = play_game(m, players)
    return (side, i, out.winner, time.process_time() - t, hard.decisions, hard.searched,
            hard.switched)


def mirror_game(args: tuple[str, int]) -> tuple[int, str | None]:
    key, i = args
    sc = find_scenario(key)
    m = new_match(sc, i)
    return i, play_game(m, {s: player_for(sc.ruleset, "normal", i) for s in m.sides}).winner



def main() -> None:
    key, games, start = sys.argv[1], int(sys.argv[2]), int(sys.argv[3])
    cfg = json.loads(sys.argv[4]) if len(sys.argv) > 4 else {}
    sides = sys.argv[5].split(",") if len(sys.argv) > 5 else list(find_scenario(key).sides)
    seeds = range(start, start + games)
    with mp.get_context("fork").Pool(2) as pool:
        mirror = dict(pool.map(mirror_game, [(key, i) for i in seeds]))
        res = pool.map(hard_game, [(key, s, i, cfg) for i in seeds for s in sides],
                       chunksize=1)
    for s in sides:
        rs = [r for r in res if r[0] == s]
        n = len(rs)
        won = sum(r[2] == s for r in rs)
        mw = sum(mirror[r[1]] == s for r in rs)
        up = sum(r[2] == s and mirror[r[1]] != s for r in rs)
        down = sum(r[2] != s and mirror[r[1]] == s for r in rs)
        lo, hi = wilson_interval(won, n)
        cpu, dec, se, sw = (sum(r[k] for r in rs) / n for k in (3, 4, 5, 6))
        print(f"{key} {s} seeds {start}-{start + games - 1} cfg={cfg} n={n} hard={won} "
              f"({100 * won / n:.1f}% {100 * lo:.1f}-{100 * hi:.1f}) mirror={mw} "
              f"({100 * mw / n:.1f}%) up={up} down={down} cpu/game={cpu:.2f} "
              f"decisions={dec:.1f} searched={se:.1f} switched={sw:.2f}", flush=True)


if __name__ == "__main__":
    main()
