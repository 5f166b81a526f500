"""Computer opponents. They see a match only through its API (``to_act``,
``legal_actions``, ``why_illegal``, the ruleset's read-only queries) and exact odds, and
change it only by returning an action for the caller to apply; they never import pygame,
and any randomness comes from a :class:`game.core.dice.Dice` of their own, seeded apart
from the match's, so replays stay exact.

- :class:`RandomPlayer`: a uniformly random legal action, for any ruleset (the baseline).
- One subpackage per rules family that has a player of its own, registered in
  :data:`PLAYERS` by ruleset key (:mod:`game.ai.tft`: the Tactician, Wesnoth's way).

:func:`computer_player` gives the registered player of a ruleset, or the random player
for a ruleset without one.
"""

from __future__ import annotations

from collections.abc import Callable

from game.ai.player import Player
from game.ai.random_player import RandomPlayer
from game.core.registry import Registry

PLAYERS: Registry[Callable[[int], Player]] = Registry("computer player", {
    "tft-heights": "game.ai.tft.tactician:Tactician",
    "hero": "game.ai.hero.player:HeroPlayer",
    "tft-zones": "game.ai.tft.zones:ZoneTactician",
    "flood": "game.ai.squads.player:SquadPlayer",
    "pursuit": "game.ai.pursuit.player:ChasePlayer",
})
"""Ruleset key -> the class of its computer player (called with a seed)."""


def has_player(ruleset: str) -> bool:
    """Whether ``ruleset`` has a computer player of its own (else the random one plays)."""
    return ruleset in PLAYERS


def computer_player(ruleset: str, seed: int = 0) -> Player:
    """The computer player for ``ruleset`` with ``seed``: its own, or the RandomPlayer."""
    if ruleset in PLAYERS:
        return PLAYERS.get(ruleset)(seed)
    return RandomPlayer(seed)


__all__ = ["PLAYERS", "Player", "RandomPlayer", "computer_player", "has_player"]
