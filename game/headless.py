"""Headless runs: computer-against-computer batches and save replays, no window.

``python main.py --headless --scenario NAME --ai SIDES --games N --seed S``
    Plays N games. The ruleset's computer player (the Tactician for Melee on heights,
    the random player for a ruleset without one of its own) plays every side named by
    ``--ai`` (``all``, the default: every side; or a comma list of side keys; ``none``:
    no side); every side *not* named is played by the RandomPlayer, the baseline.
    ``--ai-level`` sets the computer's strength (``hard``, or ``SIDE=easy``; normal, the
    default, is the ruleset's own player: :mod:`game.ai.levels`).
    Game k (from 0) uses seed S+k (``--seed`` defaults to 0) for the match's dice and
    for its players, so any game can be played again alone.
    Prints one line per game (number, seed, winner or draw, turns, the first 12
    characters of the final state hash), then a summary: wins per side with a 95 %
    Wilson score interval, draws, mean turns and games per second.

``python main.py --headless --load FILE``
    Replays the save, checking every turn's hash, and prints the final state hash (the
    full hex digest) on stdout.

Every :class:`GameError` (an unknown scenario or side, a corrupt save...) is printed as
one line ``error: <message>`` on stderr with exit code 2, never a traceback; so is a
missing ``--scenario``. Output piped to a reader that stops early (``| head``) ends the
run quietly with exit code 1.
"""

from __future__ import annotations

import argparse
import math
import os
import sys
import time
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any

from game.ai import Player, RandomPlayer, computer_player
from game.ai.levels import parse_levels, player_for
from game.core.errors import GameError
from game.core.heap import settle
from game.core.match import Match
from game.core.ruleset import Outcome, Side, Termination
from game.rules import load_match, new_match, open_match

# pytmx imports pygame when it can, and pygame greets stdout: keep stdout to our lines
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

MAX_ACTIONS = 20_000
"""A game still going after this many actions is stopped and counted as a draw."""

Z95 = 1.959963984540054
"""The normal quantile of a two-sided 95 % interval."""


def play_game(match: Match[Any], players: Mapping[Side, Player],
              max_actions: int = MAX_ACTIONS) -> Outcome:
    """Let ``players`` (one per side) play ``match`` to its end; the outcome.

    A game that has not ended after ``max_actions`` actions is stopped and reported as
    a draw (termination "action limit").
    """
    for _ in range(max_actions):
        outcome = match.outcome()
        if outcome is not None:
            return outcome
        side = match.to_act()
        if side is None:
            break
        match.apply(players[side].choose(match))
    outcome = match.outcome()
    if outcome is not None:
        return outcome
    return Outcome(None, Termination.ACTION_LIMIT,
                   f"A draw: stopped after {max_actions} actions.")


def wilson_interval(wins: int, n: int, z: float = Z95) -> tuple[float, float]:
    """Wilson score interval for a proportion of ``wins`` in ``n`` (0-1 each end)."""
    if n <= 0:
        return 0.0, 1.0
    p = wins / n
    denom = 1 + z * z / n
    centre = (p + z * z / (2 * n)) / denom
    half = z / denom * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n))
    return max(0.0, centre - half), min(1.0, centre + half)


def ai_sides(spec: str | None, sides: list[Side]) -> list[Side]:
    """The sides ``--ai`` names: 'all', 'none' or a comma list; GameError if unknown."""
    if spec is None or spec.strip().lower() == "all":
        return list(sides)
    if spec.strip().lower() == "none":
        return []
    named = [s.strip() for s in spec.split(",") if s.strip()]
    for s in named:
        if s not in sides:
            raise GameError(f"--ai: no side called '{s}' (sides: {', '.join(sides)})")
    return named


def players_for(ruleset: str, sides: list[Side], computer_sides: list[Side],
                seed: int, levels: Mapping[Side, str] | None = None) -> dict[Side, Player]:
    """The ruleset's computer player for ``computer_sides`` (at the side's level in
    ``levels``, normal if none: :mod:`game.ai.levels`), the RandomPlayer for the
    others."""
    if levels:
        return {s: (player_for(ruleset, levels.get(s, "normal"), seed)
                    if s in computer_sides else RandomPlayer(seed)) for s in sides}
    return {s: (computer_player(ruleset, seed) if s in computer_sides else RandomPlayer(seed))
            for s in sides}


@dataclass
class BatchResult:
    """What a batch of games came to."""

    sides: list[Side]
    games: int = 0
    wins: dict[Side, int] = field(default_factory=dict)
    draws: int = 0
    turns: int = 0
    seconds: float = 0.0

    def summary(self) -> list[str]:
        """The summary lines: wins per side with a 95 % interval, draws, turns, speed."""
        n = max(1, self.games)
        out = []
        for s in self.sides:
            k = self.wins.get(s, 0)
            lo, hi = wilson_interval(k, self.games)
            out.append(f"{s}: {k}/{self.games} wins = {100 * k / n:.1f} % "
                       f"(95 % interval {100 * lo:.1f}-{100 * hi:.1f} %)")
        out.append(f"draws: {self.draws}/{self.games}")
        out.append(f"mean turns: {self.turns / n:.1f}")
        rate = self.games / self.seconds if self.seconds > 0 else float("inf")
        out.append(f"games/s: {rate:.1f} ({self.games} games in {self.seconds:.2f} s)")
        return out


def run_batch(scenario: str, ai: str | None, games: int, seed: int,
              emit: Callable[[str], None] = print,
              level_specs: list[str] | None = None) -> BatchResult:
    """Play ``games`` games of ``scenario`` as the module text says, emitting each line;
    ``level_specs`` are ``--ai-level`` values (every computer side normal if none)."""
    if games < 1:
        raise GameError(f"--games must be at least 1, not {games}")
    first = open_match(scenario, seed)
    sides = first.sides
    computers = ai_sides(ai, sides)
    levels = None
    if level_specs:
        levels = parse_levels(level_specs, sides)
    result = BatchResult(sides, wins={s: 0 for s in sides})
    start = time.perf_counter()
    for k in range(games):
        s = seed + k
        match = first if k == 0 else new_match(first.scenario, s)
        outcome = play_game(match, players_for(first.scenario.ruleset, sides, computers, s,
                                               levels))
        result.games += 1
        result.turns += match.turn
        if outcome.winner is None:
            result.draws += 1
            who = "draw"
        else:
            result.wins[outcome.winner] = result.wins.get(outcome.winner, 0) + 1
            who = f"winner {outcome.winner}"
        emit(f"game {k + 1} seed {s}: {who}, {match.turn} turns, "
             f"hash {match.state_hash()[:12]}")
    result.seconds = time.perf_counter() - start
    for line in result.summary():
        emit(line)
    return result


def replay(path: str) -> str:
    """Load and replay a save (every turn's hash checked); its final state hash."""
    return load_match(path).state_hash()


def main(args: argparse.Namespace) -> int:
    """``python main.py --headless ...``: 0 on success, 2 on any player-facing error."""
    try:
        if args.load:
            print(replay(args.load))
            return 0
        if not args.scenario:
            raise GameError("--headless needs --scenario NAME (or --load FILE)")
        settle()  # (game.core.heap: the start-up's objects out of the collector's walks)
        run_batch(args.scenario, args.ai, args.games,
                  0 if args.seed is None else args.seed, level_specs=args.ai_level)
        return 0
    except GameError as e:
        print(f"error: {e}", file=sys.stderr)
        return 2
    except BrokenPipeError:  # the reader went away (``| head``): stop quietly
        # what Python's documentation advises, so the flush at exit does not complain
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
        return 1
