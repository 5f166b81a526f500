"""The simplest opponent: a uniformly random legal action (the baseline in AI tests)."""

from __future__ import annotations

from game.core.dice import Dice
from game.core.errors import GameError
from game.core.match import Match
from game.core.ruleset import Action


class RandomPlayer:
    """Picks uniformly among :meth:`Match.legal_actions`, with dice of its own.

    Its ``Dice(seed)`` is separate from the match's, so the bot never changes the rolls
    the game makes and two bots with the same seed play the same game.
    """

    def __init__(self, seed: int = 0) -> None:
        self.seed = seed
        self.dice = Dice(seed)

    def choose(self, match: Match) -> Action:
        """A random legal action; GameError if there is none (the game is over)."""
        acts = match.legal_actions()
        if not acts:
            raise GameError("no legal action: the game is over")
        return acts[self.dice.faces(1, len(acts))[0] - 1]
