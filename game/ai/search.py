"""The hard player's look-ahead: candidates ordered by the objective, tried over
determinised dice and played on by the normal player.

:func:`candidates`: the normal player's choice first, then the challengers: its other
proposals' first actions and, where it proposes fewer than :data:`POOL` (a player that
proposes one action, Tabletop Hero's), legal actions, each played once on a clone and
ordered by :func:`game.ai.objectives.standing` after it (the one-ply score; ties keep
the normal player's order).

:func:`look_ahead`: each candidate is played on ``samples`` clones of the match, then
the game is played on by the normal player for every side for :data:`HORIZON` turns
(or to the game's end, if sooner) within a budget of actions, and the positions
reached are scored by :func:`standing` (a won game +-100, else the pieces in the fight
and the scenario's objective): the per-seed scores, for the caller to compare seed by
seed (:func:`game.ai.levels.better`). The dice are common random numbers that stay
common (:class:`Slots`): every action of a look-ahead rolls on dice seeded from the
sample, the turn, the acting side and how many actions that side has taken in the
turn, so two candidates' look-aheads share the same luck slot by slot even after one
of them rolled more dice than the other (with one seed per clone, their streams parted
at the first roll that differed).

:func:`rolls`: whether the dice decide at once what an action does (the hard player
searches only there). The search never rolls the match's dice and reads the clock
only if given a deadline (the lab never is).
"""

from __future__ import annotations

import time
from collections.abc import Callable, Sequence
from functools import partial
from typing import Any

from game.ai.objectives import standing
from game.ai.player import Player
from game.core.dice import Dice
from game.core.match import Match
from game.core.ruleset import Action, Side

HORIZON = 2
"""Turns a rollout plays on at most (2: to the end of the next turn; 99 would play to
the game's end, as far as the budget of actions goes). Measured (docs/balance/
strengths.md): to the game's end on 8 samples the win-or-lose scores were as strong and
dearer than two turns on 16 samples scored by material and objective."""
SLOT_DICE = True
"""Whether look-aheads roll on dice by roll slot (:class:`Slots`)."""
POOL = 24
"""Legal actions scored one ply deep when the normal player proposes fewer than this
(taken evenly from the legal list when it is longer)."""


def spread(items: Sequence[Action], count: int) -> list[Action]:
    """``count`` items taken evenly from ``items`` (all of them if no more)."""
    if len(items) <= count:
        return list(items)
    step = len(items) / count
    return [items[int(k * step)] for k in range(count)]


def one_ply(match: Match[Any], side: Side, action: Action, seed: int) -> float:
    """:func:`standing` of ``side`` after ``action`` on a clone with dice ``seed``."""
    sim = match.clone(seed=seed)
    sim.apply(action)
    return standing(sim, side)


def rolls(match: Match[Any], side: Side, cands: Sequence[Action], seed_a: int,
          seed_b: int) -> bool:
    """Whether the dice decide at once what any of ``cands`` does: its one-ply
    :func:`standing` differs between two seeds."""
    return any(one_ply(match, side, a, seed_a) != one_ply(match, side, a, seed_b)
               for a in cands)


def candidates(match: Match[Any], side: Side, order: Sequence[Action], count: int,
               seed: int) -> list[Action]:
    """The normal choice (``order[0]``) and the ``count - 1`` best challengers by
    :func:`one_ply` (module text)."""
    pool = list(order[1:])
    if len(order) < POOL:
        for a in spread(match.legal_actions(), POOL):
            if a not in pool and a != order[0]:
                pool.append(a)
    scored = [(one_ply(match, side, a, seed), -k, a) for k, a in enumerate(pool)]
    scored.sort(key=lambda t: (t[0], t[1]), reverse=True)
    return [order[0], *(a for _s, _k, a in scored[:count - 1])]


def slot_seed(seed: int, turn: int, side: int, k: int) -> int:
    """The dice seed of a roll slot: the ``k``-th action (from 0, counted from the
    look-ahead's start) of side number ``side`` in turn ``turn`` of sample ``seed``."""
    return ((((seed * 1_000_003) ^ turn) * 1_000_033 ^ side) * 10_007 + k) & 0xFFFFFFFFFFFF


class Slots:
    """Dice by roll slot: before each action of a look-ahead the clone's dice are
    seeded from the sample's seed, the turn, the acting side and how many actions that
    side has taken in the turn (:func:`slot_seed`), so that two candidates' look-aheads
    roll the same faces for the same slot even after one of them rolled more dice than
    the other (common random numbers that stay common)."""

    def __init__(self, seed: int) -> None:
        self.seed = seed
        self.turn = -1
        self.counts: dict[Side, int] = {}

    def reseed(self, sim: Match[Any], who: Side) -> None:
        """Give ``sim`` the dice of the slot ``who`` acts in now."""
        turn = sim.turn
        if turn != self.turn:
            self.turn, self.counts = turn, {}
        k = self.counts.get(who, 0)
        self.counts[who] = k + 1
        sim.dice = Dice(slot_seed(self.seed, turn, sim.sides.index(who), k))


def rollout(sim: Match[Any], budget: int, deadline: float | None,
            make: Callable[[Side], Player], slots: Slots | None = None) -> None:
    """Play ``sim`` on with a player from ``make`` (given the side) for every side for
    :data:`HORIZON` turns, to the game's end or the budget of actions (or the
    deadline); with ``slots``, each action on the dice of its slot."""
    stop_turn = sim.turn + HORIZON
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
            players[who] = make(who)
        action = players[who].choose(sim)
        if slots is not None:
            slots.reseed(sim, who)
        sim.apply(action)


def look_ahead(match: Match[Any], side: Side, cands: Sequence[Action], seeds: Sequence[int],
               nodes: int, deadline: float | None,
               make: Callable[[int, Side], Player]) -> list[list[float]]:
    """The :func:`standing` of ``side`` after each candidate on each seed (module
    text), the rollouts played by ``make(seed, side)`` for each side; a deadline passed
    stops the search, and the candidate it cut and those not tried are left out."""
    per_rollout = max(1, nodes // max(1, len(cands) * len(seeds)))
    scores: list[list[float]] = []
    for a in cands:
        row: list[float] = []
        for s in seeds:
            sim = match.clone(seed=s)
            slots = Slots(s) if SLOT_DICE else None
            if slots is not None:
                slots.reseed(sim, side)
            sim.apply(a)
            rollout(sim, per_rollout, deadline, partial(make, s), slots)
            row.append(standing(sim, side))
        if deadline is not None and time.perf_counter() > deadline:
            break  # its rollouts may have been cut short: not compared with the others
        scores.append(row)
    return scores
