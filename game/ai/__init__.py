"""Computer opponents. They see a match only through its API (``to_act``,
``legal_actions``, ``why_illegal``, the ruleset's read-only queries) and exact odds, and
change it only by returning an action for the caller to apply; they never import pygame,
and any randomness comes from a :class:`game.core.dice.Dice` of their own, seeded apart
from the match's, so replays stay exact.

- :class:`RandomPlayer`: a uniformly random legal action (the baseline).
- :class:`Tactician`: candidate actions scored with exact odds (Wesnoth's way).
"""

from game.ai.player import Player
from game.ai.random_player import RandomPlayer
from game.ai.tactician import Tactician

__all__ = ["Player", "RandomPlayer", "Tactician"]
