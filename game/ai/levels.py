"""Computer players of three strengths, for every ruleset with a player of its own.

* ``normal``: the ruleset's own player (:func:`game.ai.computer_player`), unchanged.
* ``easy``: the same player making plausible but weaker choices. At each decision it
  rolls its own d100: on :data:`EASY_BLUNDER` or less it plays a random legal action (a
  slip a new player also makes), on up to :data:`EASY_SECOND` it plays the second-best
  of its player's own proposals (a reasonable move, not the best), else the best.
* ``hard``: a search with determinised dice on top of the normal player. The normal
  player's best few proposals (distinct first actions) are each tried on
  :data:`HARD_SAMPLES` clones of the match (:meth:`Match.clone` with dice of their own,
  the same seeds for every candidate), then the game is played on by the normal player
  for every side to the end of the next turn (or the end of the game), within a budget
  of actions (:data:`HARD_NODES` a decision: deterministic, what the lab uses) and, if
  given, of seconds (what a window would use: at most 1 s a decision). Each ending
  position is scored by who won, else by the pieces still in the fight, their health
  counted half (:func:`material`); the candidate with the best mean score is played,
  the normal choice unless another beats it by :data:`HARD_MARGIN`.

A ruleset without a player of its own plays the random player at every level. The
players read the match only through its API and the ruleset's proposals, and roll only
dice of their own, so a game with a seed plays the same every time (the seconds budget
aside, which depends on the machine: the lab never sets it).
"""

from __future__ import annotations

import time
from collections.abc import Iterable, Mapping, Sequence
from typing import Any

from game.ai import Player, computer_player, has_player
from game.ai.random_player import RandomPlayer
from game.ai.skeleton import CandidatePlayer, Proposal
from game.core.dice import Dice
from game.core.errors import GameError
from game.core.match import Match
from game.core.ruleset import Action, Side

LEVELS = ("easy", "normal", "hard")
"""The strengths, weakest first."""

EASY_BLUNDER = 20
"""Easy: a d100 at or under this plays a random legal action."""
EASY_SECOND = 60
"""Easy: a d100 at or under this (over the blunder) plays the second-best proposal."""

HARD_CANDIDATES = 3
"""Hard: how many of the normal player's best distinct actions are searched."""
HARD_SAMPLES = 4
"""Hard: how many dice determinisations each candidate is played on."""
HARD_NODES = 800
"""Hard: actions played in look-ahead per decision, at most (the lab's budget)."""
HARD_MARGIN = 1.0
"""Hard: how much better (in :func:`material` points) another candidate must score on
average to be played instead of the normal player's choice."""
WIN_SCORE = 100.0
"""What a won (lost) game is worth in :func:`material` points."""

_SALT = 0x1E7E15


def ranked(player: CandidatePlayer, match: Match[Any]) -> tuple[Action, list[Action]]:
    """The normal player's choice and its proposals' distinct first actions, best
    first (the choice among them, legal ones only).

    A player's memo may hold a plan for the turn that assumed its own earlier choices;
    after a level played something else the plan can propose what is no longer legal,
    so a choice that is not legal now clears the memo and the player thinks again."""
    side = match.to_act()
    if side is None:
        raise GameError("no action to choose: the game is over")
    for attempt in range(2):
        proposals: list[Proposal] = [p for p in player.propose(match, side)
                                     if player.acceptable(match, p)]
        if not proposals:
            return player.fallback(match, side), []
        best = player.best(proposals, match).actions[0]
        if attempt == 1 or match.is_legal(best):
            break
        player.memo.clear()
    order: list[Action] = [best]
    for p in sorted(proposals, key=lambda p: -p.score):
        a = p.actions[0]
        if a not in order and match.is_legal(a):
            order.append(a)
    return best, order


def material(match: Match[Any], side: Side) -> float:
    """How well ``side`` stands: +-:data:`WIN_SCORE` for a won or lost game, else its
    pieces in the fight less the others', each worth 1/2 plus 1/2 of its health."""
    outcome = match.outcome()
    if outcome is not None:
        if outcome.winner is None:
            return 0.0
        return WIN_SCORE if outcome.winner == side else -WIN_SCORE
    score = 0.0
    for p in match.pieces():
        if not p.active:
            continue
        worth = 0.5 + 0.5 * max(0, p.health) / p.health_max if p.health_max > 0 else 1.0
        score += worth if p.side == side else -worth
    return score


class EasyPlayer:
    """The normal player with slips (see the module text)."""

    def __init__(self, ruleset: str, seed: int = 0) -> None:
        self.inner = computer_player(ruleset, seed)
        self.dice = Dice(seed ^ _SALT)

    def choose(self, match: Match[Any]) -> Action:
        roll = self.dice.faces(1, 100)[0]
        if roll <= EASY_BLUNDER:
            acts = match.legal_actions()
            if not acts:
                raise GameError("no legal action: the game is over")
            if isinstance(self.inner, CandidatePlayer):
                self.inner.memo.clear()
            return acts[self.dice.faces(1, len(acts))[0] - 1]
        if not isinstance(self.inner, CandidatePlayer):
            return self.inner.choose(match)
        best, order = ranked(self.inner, match)
        if roll <= EASY_SECOND and len(order) > 1:
            self.inner.memo.clear()  # its plan assumed the best; it thinks again next time
            return order[1]
        return best


class HardPlayer:
    """The normal player with a look-ahead over determinised dice (module text)."""

    def __init__(self, ruleset: str, seed: int = 0, *, nodes: int = HARD_NODES,
                 seconds: float | None = None) -> None:
        self.ruleset = ruleset
        self.seed = seed
        self.inner = computer_player(ruleset, seed)
        self.nodes = nodes
        self.seconds = seconds
        self.decisions = 0

    def choose(self, match: Match[Any]) -> Action:
        self.decisions += 1
        if not isinstance(self.inner, CandidatePlayer):
            return self.inner.choose(match)
        best, order = ranked(self.inner, match)
        side = match.to_act()
        if len(order) < 2 or side is None:
            return best
        return self.search(match, side, order[:HARD_CANDIDATES])

    def search(self, match: Match[Any], side: Side, candidates: Sequence[Action]) -> Action:
        """The candidate with the best mean look-ahead score (the first, the normal
        choice, unless another beats it by :data:`HARD_MARGIN`)."""
        deadline = None if self.seconds is None else time.perf_counter() + self.seconds
        per_rollout = max(1, self.nodes // (len(candidates) * HARD_SAMPLES))
        means: list[float] = []
        for a in candidates:
            total = 0.0
            for k in range(HARD_SAMPLES):
                sim = match.clone(seed=self._sim_seed(k))
                sim.apply(a)
                self._rollout(sim, per_rollout, deadline, k)
                total += material(sim, side)
            means.append(total / HARD_SAMPLES)
            if deadline is not None and time.perf_counter() > deadline:
                break
        top = max(range(len(means)), key=lambda i: (means[i], -i))
        if means[top] > means[0] + HARD_MARGIN:
            if isinstance(self.inner, CandidatePlayer):
                self.inner.memo.clear()  # its plan assumed its own choice
            return candidates[top]
        return candidates[0]

    def _sim_seed(self, k: int) -> int:
        return (self.seed * 7_919 + self.decisions * 104_729 + k) ^ _SALT

    def _rollout(self, sim: Match[Any], budget: int, deadline: float | None, k: int) -> None:
        """Play ``sim`` on with the normal player for every side to the end of the next
        turn, the game's end or the budget."""
        stop_turn = sim.turn + 2
        players: dict[Side, Player] = {}
        for _ in range(budget):
            if sim.outcome() is not None or sim.turn >= stop_turn:
                return
            if deadline is not None and time.perf_counter() > deadline:
                return
            who = sim.to_act()
            if who is None:
                return
            if who not in players:
                players[who] = computer_player(self.ruleset, self._sim_seed(k))
            sim.apply(players[who].choose(sim))


def player_for(ruleset: str, level: str, seed: int = 0) -> Player:
    """The computer player for ``ruleset`` at ``level`` (one of :data:`LEVELS`)."""
    if level not in LEVELS:
        raise GameError(f"unknown AI level '{level}' (levels: {', '.join(LEVELS)})")
    if level == "normal" or not has_player(ruleset):
        return computer_player(ruleset, seed) if has_player(ruleset) else RandomPlayer(seed)
    if level == "easy":
        return EasyPlayer(ruleset, seed)
    return HardPlayer(ruleset, seed)


def parse_levels(specs: Iterable[str] | None, sides: Sequence[Side]) -> dict[Side, str]:
    """``--ai-level`` values as side -> level: ``LEVEL`` for every side, ``SIDE=LEVEL``
    for one (comma lists allowed; later ones win); normal for any side not named.
    GameError naming a bad side or level."""
    out = {s: "normal" for s in sides}
    for spec in specs or ():
        for item in (t.strip() for t in spec.split(",")):
            if not item:
                continue
            side, eq, level = item.rpartition("=")
            level = level.strip().lower()
            if level not in LEVELS:
                raise GameError(f"--ai-level {item}: unknown level '{level}' "
                                f"(levels: {', '.join(LEVELS)})")
            if not eq:
                out = {s: level for s in sides}
            elif side.strip() in out:
                out[side.strip()] = level
            else:
                raise GameError(f"--ai-level {item}: no side called '{side.strip()}' "
                                f"(sides: {', '.join(sides)})")
    return out


def describe_levels(levels: Mapping[Side, str]) -> str:
    """"wardens hard, raiders normal"."""
    return ", ".join(f"{s} {lv}" for s, lv in levels.items())
