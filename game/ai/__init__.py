"""Computer opponents. They see a match only through its API (``legal_actions``,
``apply`` on clones, the ruleset's read-only queries) and exact odds; they never import
pygame and draw their randomness from :class:`game.core.dice.Dice` seeded apart from the
match's, so replays stay exact.

- :class:`RandomPlayer`: a uniformly random legal action (the baseline).
- :class:`Tactician`: candidate actions scored with exact odds (Wesnoth's way).
"""

from game.ai.player import Player
from game.ai.random_player import RandomPlayer
from game.ai.tactician import Tactician

__all__ = ["Player", "RandomPlayer", "Tactician"]
