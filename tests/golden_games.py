"""Golden games: recorded play that a change must not move (unless it means to).

* ``tests/golden/<scenario>.json``: one transcript per shipped scenario: a seeded game
  between the ruleset's computer players (the random player where a ruleset has none),
  every action, every event's kind, rule and text, every turn's state hash, the outcome.
* ``tests/golden/<scenario>_100.json``: 100 seeded computer-against-computer games of
  each playable scenario in maps/ (:data:`BATCHES`): per game, the actions (their count
  and a hash of them), winner, length and a hash of the per-turn state hashes.

A change that alters play on purpose (a rule fixed, the AI improved) writes them again:

    python tests/golden_games.py --write

and says in its commit what moved and why.
"""

from __future__ import annotations

import hashlib
import json
import sys
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from game.ai import computer_player  # noqa: E402
from game.core.match import Match  # noqa: E402
from game.core.ruleset import canonical_json  # noqa: E402
from game.core.scenario import MAPS_DIR, Scenario, load_scenario  # noqa: E402
from game.headless import play_game  # noqa: E402
from game.rules import new_match  # noqa: E402

GOLDEN = Path(__file__).parent / "golden"
TRANSCRIPT_SEED = 7
TRANSCRIPT_ACTIONS = 400
"""A transcript stops after this many actions (enough for several whole turns)."""
BATCH_SEEDS = range(1, 101)
BATCHES = ("hill_fight", "hill_fort", "farmhouse", "open_field", "backyard",
           "ruined_village", "charges_in_the_nest", "storm_drain", "pursuit",
           "riders_and_drones")
"""The scenarios whose 100 seeded games are recorded game for game."""


def shipped_scenarios() -> list[Scenario]:
    """Every scenario file shipped in maps/ and maps/test/, by key."""
    paths = sorted(MAPS_DIR.glob("*.toml")) + sorted((MAPS_DIR / "test").glob("*.toml"))
    return sorted((load_scenario(p) for p in paths), key=lambda s: s.key)


def _sha(data: Any) -> str:
    return hashlib.sha256(canonical_json(data).encode()).hexdigest()


def _players(m: Match[Any], seed: int) -> dict[str, Any]:
    return {s: computer_player(m.scenario.ruleset, seed) for s in m.sides}


def transcript(scenario: Scenario, seed: int = TRANSCRIPT_SEED,
               max_actions: int = TRANSCRIPT_ACTIONS) -> dict[str, Any]:
    """A seeded game of ``scenario`` as data (see the module text)."""
    m = new_match(scenario, seed)
    outcome = play_game(m, _players(m, seed), max_actions=max_actions)
    return {
        "scenario": scenario.key,
        "seed": seed,
        "actions": [a.to_json() for a in m.actions],
        "events": [[str(e.kind), e.rule, e.text] for e in m.log],
        "turn_hashes": {str(t): h for t, h in sorted(m.turn_hashes.items())},
        "final": m.state_hash(),
        "outcome": None if m.outcome() is None else outcome.to_json(),
    }


def batch(scenario: str, seeds: range) -> list[dict[str, Any]]:
    """The record of seeded computer-against-computer games of ``scenario``."""
    from game.rules import open_match

    out = []
    for seed in seeds:
        m = open_match(scenario, seed)
        o = play_game(m, _players(m, seed))
        acts = [a.to_json() for a in m.actions]
        hashes = "".join(h for _t, h in sorted(m.turn_hashes.items()))
        out.append({"seed": seed, "actions": len(acts), "actions_sha256": _sha(acts),
                    "winner": o.winner, "turns": m.turn,
                    "turn_hashes_sha256": hashlib.sha256(hashes.encode()).hexdigest()})
    return out


def write() -> None:
    GOLDEN.mkdir(exist_ok=True)
    for s in shipped_scenarios():
        path = GOLDEN / f"{s.key}.json"
        path.write_text(json.dumps(transcript(s), indent=0) + "\n", encoding="utf-8")
        print(f"wrote {path.relative_to(ROOT)}")
    for name in BATCHES:
        write_batch(name)


def write_batch(name: str) -> None:
    path = GOLDEN / f"{name}_100.json"
    path.write_text(json.dumps({"scenario": name, "games": batch(name, BATCH_SEEDS)},
                               indent=0) + "\n", encoding="utf-8")
    print(f"wrote {path.relative_to(ROOT)}")


if __name__ == "__main__":
    args = sys.argv[1:]
    if args[:1] == ["--write-batch"] and len(args) == 2:
        write_batch(args[1])
    elif args == ["--write"]:
        write()
    else:
        sys.exit("usage: python tests/golden_games.py --write | --write-batch SCENARIO")
