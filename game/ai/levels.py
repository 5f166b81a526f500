"""Computer players of three strengths, for every ruleset with a player of its own.

* ``normal``: the ruleset's own player (:func:`game.ai.computer_player`), unchanged.
* ``easy``: the same player making plausible but weaker choices. At each decision it
  rolls its own d100: on :data:`EASY_BLUNDER` or less it plays a random legal action (a
  slip a new player also makes), on up to :data:`EASY_SECOND` a slip against its
  scenario's objective where the ruleset has one (:mod:`game.ai.slips`: Tabletop Hero's
  hero rushes at the enemy) or else the second-best of its player's own proposals (a
  reasonable move, not the best), else the best. A ruleset where the normal player's
  margin over easy was small with those two numbers has its own (:data:`EASY_SLIPS`).
* ``hard``: a search with determinised dice on top of a hard-only copy of the normal
  player (:func:`game.ai.hard_players.hard_inner`: weights of its own tuned by paired
  games for a scenario's side, where measured; else the normal player itself), spent
  on the decisions the dice decide: where the copy's choice rolls at once (an attack,
  a charge, a shot: :func:`rolls`) it is tried with the :data:`HARD_CANDIDATES` - 1
  best challengers (its other proposals and, where it proposes fewer than a handful,
  legal actions, ordered by the scenario's objective one ply deep,
  :func:`game.ai.objectives.standing`); elsewhere the copy's choice is played, but in
  the phases :data:`PASSED_UP` names for a ruleset (the sewer flood's shooting and
  assault) a choice that does not roll is searched too when a challenger rolls (the
  shot or the charge the copy passed up), and a player that names other actions for
  a choice of its (:class:`WeighsAlternatives`: Tabletop Hero's, for its hero's move)
  has those searched against it: where a hero ends its move decides what the enemy's
  dice can do to it next turn, which no score one action deep sees. Each
  candidate is played on :data:`HARD_SAMPLES` clones of the match (dice by roll slot,
  the same for every candidate: :class:`game.ai.search.Slots`), then the game is
  played on (the hard side by its copy, the others by the normal player) to the end
  of the next turn (:data:`game.ai.search.HORIZON`), within a budget of actions
  (:data:`HARD_NODES` a decision: deterministic, what the lab uses) and, if given, of
  seconds (what a window uses: at most 1 s a decision). Each position reached is
  scored by :func:`standing`: who won if the game ended, else the pieces still in the
  fight plus how near each side is to its scenario's objective. A challenger is played
  only if its mean gain over the copy's choice, seed by seed, is over
  :data:`HARD_MARGIN` and over :data:`HARD_Z` standard errors (:func:`better`): a gain
  on one seed alone never passes (its t is exactly 1), so one lucky roll does not make
  it leave the copy's choice.

A ruleset without a player of its own plays the random player at every level. The
players read the match only through its API and the ruleset's proposals, and roll only
dice of their own, so a game with a seed plays the same every time (the seconds budget
aside, which depends on the machine: the lab never sets it).
"""

from __future__ import annotations

import time
from collections.abc import Mapping, Sequence
from functools import partial
from typing import Any, Protocol, runtime_checkable

from game.ai import Player, computer_player, has_player
from game.ai.hard_players import hard_inner
from game.ai.level_names import LEVELS as LEVELS  # re-exported: the strengths
from game.ai.level_names import parse_levels as parse_levels
from game.ai.objectives import WIN_SCORE as WIN_SCORE  # re-exported: the levels' scores
from game.ai.objectives import material as material
from game.ai.objectives import standing as standing
from game.ai.random_player import RandomPlayer
from game.ai.search import candidates, look_ahead, rolls
from game.ai.skeleton import CandidatePlayer, Proposal
from game.ai.slips import easy_numbers, objective_slip
from game.core.dice import Dice
from game.core.errors import GameError
from game.core.match import Match
from game.core.ruleset import Action, Side

EASY_BLUNDER = 20
"""Easy: a d100 at or under this plays a random legal action."""
EASY_SECOND = 60
"""Easy: a d100 at or under this (over the blunder) plays the second-best proposal."""
EASY_SLIPS: dict[str, tuple[int, int]] = {
    "hero": (10, 80), "pursuit": (70, 70), "flood": (50, 70), "tft-zones": (30, 60),
}
"""Ruleset key -> its own (:data:`EASY_BLUNDER`, :data:`EASY_SECOND`), where the
normal player's margin over easy was small with the shared ones (see
docs/balance/strengths.md)."""

HARD_CANDIDATES = 3
"""Hard: how many of the normal player's best distinct actions are searched."""
HARD_SAMPLES = 16
"""Hard: how many dice determinisations each candidate is played on."""
HARD_NODES = 3000
"""Hard: actions played in look-ahead per decision, at most (the lab's budget)."""
HARD_MARGIN = 0.25
"""Hard: how much better (in :func:`material` points: a quarter of a piece) another
candidate must score on average to be played instead of the normal player's choice."""

HARD_Z = 1.0
"""Hard: how many standard errors of the paired differences (the same dice for both
candidates) the mean gain must also exceed to leave the normal choice (more than 1: a
gain on a single seed, whose t is exactly 1, is not enough)."""

PASSED_UP: dict[str, tuple[str, ...]] = {"flood": ("shooting", "assault")}
"""Ruleset key -> the phases in which the look-ahead also searches a decision whose
normal choice does not roll, where a challenger does: a shot or a charge the normal
player passed up (the sewer flood: its squad player passes up charges into what stands
between it and the nest, and shots for a run; docs/balance/strengths.md)."""

HARD_DEADLINE_SHARE = 0.8
"""Hard with a budget of seconds (the window): the share of it the look-ahead may run
for; the rest is for the rollout action in progress when the deadline passes and the
choice after it (a busy machine stretched a decision to 1.08 s with the whole budget)."""

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


@runtime_checkable
class WeighsAlternatives(Protocol):
    """A player that can name, in place of a choice of its that rolls nothing, other
    actions it would weigh (Tabletop Hero's: its hero's other moves), for the hard
    level's look-ahead to try over the dice."""

    def alternatives(self, match: Match[Any], side: Side, action: Action,
                     count: int) -> list[Action]: ...


class EasyPlayer:
    """The normal player with slips (see the module text)."""

    def __init__(self, ruleset: str, seed: int = 0,
                 slips: tuple[int, int] | None = None) -> None:
        self.inner = computer_player(ruleset, seed)
        self.dice = Dice(seed ^ _SALT)
        self.fixed = slips is not None
        self.blunder, self.second = (slips if slips is not None
                                     else EASY_SLIPS.get(ruleset, (EASY_BLUNDER, EASY_SECOND)))

    def choose(self, match: Match[Any]) -> Action:
        roll = self.dice.faces(1, 100)[0]
        side = match.to_act()
        blunder, second = ((self.blunder, self.second) if self.fixed or side is None else
                           easy_numbers(match.scenario.key, side, (self.blunder, self.second)))
        if roll <= blunder:
            acts = match.legal_actions()
            if not acts:
                raise GameError("no legal action: the game is over")
            if isinstance(self.inner, CandidatePlayer):
                self.inner.memo.clear()
            return acts[self.dice.faces(1, len(acts))[0] - 1]
        if not isinstance(self.inner, CandidatePlayer):
            return self.inner.choose(match)
        best, order = ranked(self.inner, match)
        if roll > second:
            return best
        slip = None if side is None else objective_slip(match, side, match.legal_actions())
        if slip is None and len(order) > 1:
            slip = order[1]
        if slip is not None and slip != best:
            self.inner.memo.clear()  # its plan assumed the best; it thinks again next time
            return slip
        return best


class HardPlayer:
    """The normal player with a look-ahead over determinised dice (module text)."""

    def __init__(self, ruleset: str, seed: int = 0, *, nodes: int = HARD_NODES,
                 seconds: float | None = None) -> None:
        self.ruleset = ruleset
        self.seed = seed
        self.inner: Player = computer_player(ruleset, seed)
        """The player it builds on: the normal one until its first decision, then
        :func:`game.ai.hard_players.hard_inner`'s for its scenario and side (the normal
        one where no hard-only weights were tuned)."""
        self.side: Side | None = None
        self.nodes = nodes
        self.seconds = seconds
        self.decisions = 0
        self.searched = 0
        """Decisions the look-ahead was run on (the others played the normal choice)."""
        self.switched = 0
        """Decisions where it played another action than the normal choice."""

    def choose(self, match: Match[Any]) -> Action:
        self.decisions += 1
        side = match.to_act()
        if side is not None and self.side is None:
            self.side = side
            self.inner = hard_inner(self.ruleset, match.scenario.key, side, self.seed)
        if not isinstance(self.inner, CandidatePlayer):
            return self.inner.choose(match)
        best, order = ranked(self.inner, match)
        if side is None or len(match.legal_actions()) < 2:
            return best
        return self.search(match, side, order or [best])

    def search(self, match: Match[Any], side: Side, order: Sequence[Action]) -> Action:
        """The action to play: the normal choice (``order[0]``) where its dice do not
        decide at once (:func:`rolls`: not an attack, a charge or a shot) nor, in a
        :data:`PASSED_UP` phase, a challenger's, and the copy names no other actions
        for it (:meth:`_searched`), the look-ahead's cost being spent on
        the decisions that decide most; else the
        candidate :func:`better` picks from their look-ahead scores
        (:mod:`game.ai.search`), the normal choice unless another beats it by
        :data:`HARD_MARGIN` and :data:`HARD_Z` standard errors."""
        deadline = (None if self.seconds is None
                    else time.perf_counter() + HARD_DEADLINE_SHARE * self.seconds)
        cands = self._searched(match, side, order)
        if len(cands) < 2:
            return cands[0]
        self.searched += 1
        seeds = [self._sim_seed(k) for k in range(HARD_SAMPLES)]
        scores = look_ahead(match, side, cands, seeds, self.nodes, deadline,
                            partial(self._rollout_player, match.scenario.key, side))
        top = better(scores) if len(scores) > 1 else 0
        if top:
            self.switched += 1
            if isinstance(self.inner, CandidatePlayer):
                self.inner.memo.clear()  # its plan assumed its own choice
            return cands[top]
        return cands[0]

    def _searched(self, match: Match[Any], side: Side, order: Sequence[Action]
                  ) -> list[Action]:
        """The candidates to look ahead on: the normal choice alone where its dice do
        not decide at once, unless the copy names other actions for it
        (:class:`WeighsAlternatives`: a hero's other moves) or the phase is one of
        :data:`PASSED_UP`'s for the ruleset and a challenger's dice do (a shot or a
        charge passed up)."""
        s0, s1 = self._sim_seed(0), self._sim_seed(1)
        if rolls(match, side, order[:1], s0, s1):
            return candidates(match, side, order, HARD_CANDIDATES, s0)
        if isinstance(self.inner, WeighsAlternatives):
            others = self.inner.alternatives(match, side, order[0], HARD_CANDIDATES - 1)
            if others:
                return [order[0], *others]
        if match.phase not in PASSED_UP.get(self.ruleset, ()):
            return [order[0]]
        cands = candidates(match, side, order, HARD_CANDIDATES, s0)
        return cands if rolls(match, side, cands[1:], s0, s1) else [order[0]]

    def _rollout_player(self, scenario: str, me: Side, seed: int, who: Side) -> Player:
        """A look-ahead's player for ``who``: its own side plays as this player's inner
        one does (without the look-ahead), the others as normal."""
        if who == me:
            return hard_inner(self.ruleset, scenario, who, seed)
        return computer_player(self.ruleset, seed)

    def _sim_seed(self, k: int) -> int:
        return (self.seed * 7_919 + self.decisions * 104_729 + k) ^ _SALT


def better(scores: Sequence[Sequence[float]]) -> int:
    """The candidate (its index in ``scores``, one row of per-seed scores each, the
    normal choice first) to play: the best mean if it beats the normal choice's by
    :data:`HARD_MARGIN` and by :data:`HARD_Z` standard errors of the paired
    differences, else 0 (the normal choice)."""
    base = scores[0]
    best, best_gain = 0, 0.0
    for i in range(1, len(scores)):
        diffs = [a - b for a, b in zip(scores[i], base, strict=False)]
        k = len(diffs)
        if k < 2:
            continue
        gain = sum(diffs) / k
        var = sum((d - gain) ** 2 for d in diffs) / (k - 1)
        # 1e-9: a gain on one seed alone, t exactly 1, stays out whatever the rounding
        if gain > HARD_MARGIN and gain > HARD_Z * (var / k) ** 0.5 + 1e-9 and gain > best_gain:
            best, best_gain = i, gain
    return best


def player_for(ruleset: str, level: str, seed: int = 0) -> Player:
    """The computer player for ``ruleset`` at ``level`` (one of :data:`LEVELS`)."""
    if level not in LEVELS:
        raise GameError(f"unknown AI level '{level}' (levels: {', '.join(LEVELS)})")
    if level == "normal" or not has_player(ruleset):
        return computer_player(ruleset, seed) if has_player(ruleset) else RandomPlayer(seed)
    if level == "easy":
        return EasyPlayer(ruleset, seed)
    return HardPlayer(ruleset, seed)


def describe_levels(levels: Mapping[Side, str]) -> str:
    """"wardens hard, raiders normal"."""
    return ", ".join(f"{s} {lv}" for s, lv in levels.items())
