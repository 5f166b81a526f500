"""Hard-only weights against normal, paired with the normal mirror on the same seeds
(docs/balance/strengths.md, "hard-only weights").

``python docs/balance/hard_tune.py SCENARIO GAMES START 'JSON' [SIDES] [--search]``
from the work tree's root. JSON gives the weights of the tuned copy of the normal
player (:mod:`game.ai.hard_players`): for Melee on hex heights the changed fields of
``Weights`` (``{"kill": 8}``), for zone boards those of ``ZoneWeights`` (``{"kill": 10,
"offset": [["Defend", 1.0]]}``), for Tabletop Hero those of
:class:`game.ai.hard_hero.HeroWeights` (``{"blast_danger": 15}``), for the street chase
those of :class:`game.ai.hard_chase.ChaseWeights` (``{"shadow": 20}``), for the sewer
flood those of :class:`game.ai.squads.weights.SquadWeights` (``{"stand_fire": true}``). Games
START..START+GAMES-1, game i seeded i for the match and every player (as ``python -m
game.lab.strengths`` does), each side played by the tuned copy against normal, and the
same seeds normal against normal (the mirror); per side the tuned side's wins with
their 95 % Wilson interval, the mirror's, the games it won that the mirror lost (up)
and the reverse (down). With ``--search`` the tuned side is the whole hard player
(:class:`game.ai.levels.HardPlayer` with those weights). One process (the machine is
shared).
"""

from __future__ import annotations

import json
import sys
import time
from typing import Any

sys.path.insert(0, ".")

from game.ai import hard_players  # noqa: E402
from game.ai.levels import HardPlayer, player_for  # noqa: E402
from game.ai.player import Player  # noqa: E402
from game.core.scenario import find_scenario  # noqa: E402
from game.headless import play_game, wilson_interval  # noqa: E402
from game.rules import new_match  # noqa: E402


def tuned(key: str, ruleset: str, cfg: dict[str, Any]) -> None:
    """Set the tuned weights of ``key`` (a scenario, or "scenario:side") from ``cfg``
    (an empty one: the normal player)."""
    from game.ai import hard_chase

    hard_players.HEX_WEIGHTS.clear()
    hard_players.ZONE_WEIGHTS.clear()
    hard_players.HERO_WEIGHTS.clear()
    hard_players.SQUAD_WEIGHTS.clear()
    hard_chase.CHASE_WEIGHTS.clear()
    if not cfg:
        return
    if ruleset == "tft-heights":
        hard_players.HEX_WEIGHTS[key] = dict(cfg)
    elif ruleset == "tft-zones":
        c = dict(cfg)
        for k in ("scale", "offset"):
            c[k] = tuple(tuple(x) for x in c.get(k, ()))
        hard_players.ZONE_WEIGHTS[key] = hard_players.ZoneWeights(**c)
    elif ruleset == "hero":
        hard_players.HERO_WEIGHTS[key] = dict(cfg)
    elif ruleset == "flood":
        hard_players.SQUAD_WEIGHTS[key] = dict(cfg)
    elif ruleset == "pursuit":
        hard_chase.CHASE_WEIGHTS[key] = hard_chase.ChaseWeights(**cfg)



_MIRRORS: dict[tuple[str, int], str | None] = {}


def mirror_winner(key: str, i: int) -> str | None:
    """Who wins game ``i`` of ``key`` normal against normal (kept for the next config)."""
    got = _MIRRORS.get((key, i), "?")
    if got == "?":
        sc = find_scenario(key)
        m = new_match(sc, i)
        got = _MIRRORS[(key, i)] = play_game(
            m, {s: player_for(sc.ruleset, "normal", i) for s in m.sides}).winner
    return got


def paired(key: str, seeds: range, cfg: dict[str, Any], sides: list[str] | None = None,
           search: bool = False) -> dict[str, tuple[int, int, int, int, float]]:
    """Per side: (tuned wins, mirror wins, up, down, cpu s a game)."""
    sc = find_scenario(key)
    out: dict[str, tuple[int, int, int, int, float]] = {}
    for side in sides or list(sc.sides):
        own = cfg.get(side, {}) if any(s in cfg for s in sc.sides) else cfg
        tuned(f"{key}:{side}", sc.ruleset, own)
        won = up = down = mw = 0
        t = time.process_time()
        for i in seeds:
            mirror = mirror_winner(key, i)
            m = new_match(sc, i)
            me: Player = (HardPlayer(sc.ruleset, i) if search
                          else hard_players.hard_inner(sc.ruleset, key, side, i))
            players = {s: me if s == side else player_for(sc.ruleset, "normal", i)
                       for s in m.sides}
            w = play_game(m, players).winner
            won += w == side
            mw += mirror == side
            up += w == side and mirror != side
            down += w != side and mirror == side
        out[side] = (won, mw, up, down, (time.process_time() - t) / len(seeds))
    return out


def main() -> None:
    args = [a for a in sys.argv[1:] if not a.startswith("--")]
    search = "--search" in sys.argv
    key, games, start = args[0], int(args[1]), int(args[2])
    cfg = json.loads(args[3]) if len(args) > 3 else {}
    sides = args[4].split(",") if len(args) > 4 else None
    seeds = range(start, start + games)
    for side, (won, mw, up, down, cpu) in paired(key, seeds, cfg, sides, search).items():
        n = len(seeds)
        lo, hi = wilson_interval(won, n)
        print(f"{key} {side} seeds {start}-{start + games - 1} cfg={json.dumps(cfg)} "
              f"search={search} n={n} tuned={won} ({100 * won / n:.1f}% "
              f"{100 * lo:.1f}-{100 * hi:.1f}) mirror={mw} ({100 * mw / n:.1f}%) "
              f"up={up} down={down} cpu/game={cpu:.3f}", flush=True)


if __name__ == "__main__":
    main()
