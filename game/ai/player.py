"""What every computer opponent is: something that picks one legal action for a match."""

from __future__ import annotations

from typing import Protocol

from game.core.match import Match
from game.core.ruleset import Action


class Player(Protocol):
    """A computer player. It reads the match (never changes it) and returns an action
    that is legal now for the side :meth:`Match.to_act` names."""

    def choose(self, match: Match) -> Action:
        """The action to play now."""
        ...
