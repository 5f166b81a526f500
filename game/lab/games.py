"""One lab game and what it comes to: the work a lab worker does.

Game ``i`` of a run with seed ``S`` is played with seed ``S + i`` for the match's dice and
for every side's player (as ``--headless --games`` does), so its record depends on the
run's seed and ``i`` only, never on which worker played it or when.

A :class:`GameRecord` is small and plain (it crosses process and machine boundaries):
the winner, why the game ended, its length, the side that acted first, each piece's
end (alive or not, kills) and how many events each rule id gave.

Kills are read from the events, whatever the rules: an ``attacked`` or ``damaged`` event
naming both a ``figure`` and a ``target`` piece marks the figure as the last to hurt the
target; a piece that goes down (``died`` or ``unconscious``) is credited to its last
hurter, or to the ``figure`` of the event when that event names the victim as its
``target`` (a casualty "by" someone). A piece that went down with nobody to credit (a
fall, a flood, a mine) counts as lost to the table.
"""

from __future__ import annotations

import time
from collections import Counter
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from game.ai.levels import player_for
from game.core.errors import GameError
from game.core.events import Event, Kind
from game.core.match import Match
from game.core.ruleset import Outcome, Side
from game.core.scenario import Scenario
from game.headless import play_game
from game.rules import new_match

_HURT = (Kind.ATTACKED, Kind.DAMAGED)
_DOWN = (Kind.DIED, Kind.UNCONSCIOUS)


@dataclass(frozen=True)
class PieceEnd:
    """One piece at the end of a game."""

    id: str
    side: Side
    kind: str
    """The piece's kind in words ("Goblin"), what the report groups by."""
    alive: bool
    kills: int


@dataclass(frozen=True)
class GameRecord:
    """What one game came to (see the module text)."""

    index: int
    seed: int
    winner: Side | None
    termination: str
    turns: int
    actions: int
    first: Side | None
    """The side that chose the game's first action."""
    pieces: tuple[PieceEnd, ...]
    rules: dict[str, int] = field(default_factory=dict)
    """Rule id -> events it gave in this game (events without a rule id are left out)."""
    seconds: float = 0.0
    """Wall-clock time the game took."""
    cpu_seconds: float = 0.0
    """Processor time it took (in its worker process): what a busy machine does not
    change."""


def game_seed(run_seed: int, index: int) -> int:
    """The seed of game ``index`` (from 0) of a run seeded ``run_seed``."""
    return run_seed + index


def credit_kills(log: Sequence[Event], piece_ids: set[str]) -> Counter[str]:
    """Piece id -> pieces it put down, from the events (see the module text)."""
    last_hurt: dict[str, str] = {}
    kills: Counter[str] = Counter()
    down: set[str] = set()
    for e in log:
        if e.kind in _HURT:
            if e.figure in piece_ids and e.target in piece_ids and e.figure != e.target:
                last_hurt[e.target] = e.figure
        elif e.kind in _DOWN:
            victim: str | None
            by: str | None
            if e.target in piece_ids:
                victim, by = e.target, e.figure
            else:
                victim, by = e.figure, None
            if victim is None or victim in down:
                continue
            down.add(victim)
            killer = by if by in piece_ids and by != victim else last_hurt.get(victim)
            if killer is not None:
                kills[killer] += 1
    return kills


def record_of(index: int, seed: int, match: Match[Any], outcome: Outcome,
              seconds: float, cpu_seconds: float = 0.0) -> GameRecord:
    """The record of ``match``, played to its ``outcome``."""
    views = match.pieces()
    kills = credit_kills(match.log, {p.id for p in views})
    rules = Counter(e.rule for e in match.log if e.rule)
    return GameRecord(
        index=index, seed=seed,
        winner=outcome.winner, termination=str(outcome.termination),
        turns=match.turn, actions=len(match.actions),
        first=match.actors[0] if match.actors else None,
        pieces=tuple(PieceEnd(p.id, p.side, p.kind_name, p.active, kills[p.id])
                     for p in views),
        rules=dict(rules), seconds=seconds, cpu_seconds=cpu_seconds)


def play_one(scenario: Scenario, run_seed: int, index: int,
             levels: Mapping[Side, str]) -> GameRecord:
    """Play game ``index`` of a run of ``scenario`` with each side at its level."""
    start, cpu = time.perf_counter(), time.process_time()
    seed = game_seed(run_seed, index)
    match = new_match(scenario, seed)
    players = {s: player_for(scenario.ruleset, levels.get(s, "normal"), seed)
               for s in match.sides}
    try:
        outcome = play_game(match, players)
    except GameError as e:  # a computer player's bug: name the game to play it again
        raise GameError(f"{scenario.key} game {index} (seed {seed}, levels "
                        f"{dict(levels)}): {e}") from None
    return record_of(index, seed, match, outcome, time.perf_counter() - start,
                     time.process_time() - cpu)


@dataclass(frozen=True)
class Chunk:
    """A worker's task: games ``start`` to ``start + count - 1`` of one variant."""

    variant: int
    scenario: Scenario
    run_seed: int
    start: int
    count: int
    levels: tuple[tuple[Side, str], ...]


def play_chunk(chunk: Chunk) -> tuple[int, list[GameRecord]]:
    """Play a chunk's games in order: (its variant's number, their records)."""
    levels = dict(chunk.levels)
    return chunk.variant, [play_one(chunk.scenario, chunk.run_seed, i, levels)
                           for i in range(chunk.start, chunk.start + chunk.count)]
