"""The skeleton every computer player of a rules family is built on: candidate actions
proposed with a score, the best chosen, and one memo for what a decision works out.

A player subclasses :class:`CandidatePlayer` and says only what is its own:
:meth:`~CandidatePlayer.propose` (the candidate actions for the position, each a
:class:`Proposal` with a score) and, if it wants, how a tie between equal best scores is
broken (:meth:`~CandidatePlayer.tie_break`) and when a proposal is passed over
(:meth:`~CandidatePlayer.acceptable`). It reads the match only through the ruleset's
queries and the legal actions, and never rolls the match's dice.

The memo (:class:`Memo`) keeps what several candidates ask for in one decision, or for
the rest of a turn (a side's threat map): each entry belongs to a scope, and a scope's
entries are forgotten when its key changes (a new state, a new turn).
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Iterable, Sequence
from dataclasses import dataclass
from typing import Any, TypeVar

from game.core.errors import GameError
from game.core.frozen import quick_init
from game.core.match import Match
from game.core.ruleset import Action, Side

T = TypeVar("T")


@quick_init
@dataclass(frozen=True)
class Proposal:
    """What a candidate action would do and what it is worth."""

    score: float
    actions: tuple[Action, ...]
    """The action to play now first; any that follow are the plan it belongs to."""
    why: str = ""
    """In words, for tests and for a player who asks why the computer did it."""


class Memo:
    """Values a player works out, kept while their scope's key stays the same."""

    def __init__(self) -> None:
        self._keys: dict[str, Hashable] = {}
        self._values: dict[str, dict[Hashable, Any]] = {}

    def scope(self, name: str, key: Hashable) -> None:
        """Start scope ``name`` at ``key``: if the key changed, forget what it held."""
        if self._keys.get(name) != key:
            self._keys[name] = key
            self._values[name] = {}

    def get(self, name: str, item: Hashable, make: Callable[[], T]) -> T:
        """The value of ``item`` in scope ``name``, made the first time it is asked for."""
        values = self._values.setdefault(name, {})
        try:
            value: T = values[item]
        except KeyError:
            value = values[item] = make()
        return value

    def clear(self) -> None:
        self._keys.clear()
        self._values.clear()


class CandidatePlayer:
    """A computer player that scores candidate actions and plays the best."""

    def __init__(self, seed: int = 0) -> None:
        self.seed = seed
        self.memo = Memo()

    def choose(self, match: Match[Any]) -> Action:
        """The action to play now for the side :meth:`Match.to_act` names."""
        side = match.to_act()
        if side is None:
            raise GameError("no action to choose: the game is over")
        proposals = list(self.propose(match, side))
        if type(self).acceptable is not CandidatePlayer.acceptable:  # (else all are)
            proposals = [p for p in proposals if self.acceptable(match, p)]
        if not proposals:
            return self.fallback(match, side)
        return self.best(proposals, match).actions[0]

    def propose(self, match: Match[Any], side: Side) -> Iterable[Proposal]:
        """Every candidate action for ``side`` now, scored."""
        raise NotImplementedError

    def acceptable(self, match: Match[Any], proposal: Proposal) -> bool:
        """Whether ``proposal`` may be played (by default every proposal may)."""
        return True

    def fallback(self, match: Match[Any], side: Side) -> Action:
        """What to play when no proposal is acceptable: the first legal action."""
        acts = match.legal_actions()
        if not acts:
            raise GameError("no legal action: the game is over")
        return acts[0]

    def best(self, proposals: Sequence[Proposal], match: Match[Any]) -> Proposal:
        """The best-scoring proposal; exact ties are broken by :meth:`tie_break`."""
        if len(proposals) == 1:
            return proposals[0]
        top = max(p.score for p in proposals)
        tied = [p for p in proposals if p.score >= top - 1e-9]
        return tied[self.tie_break(len(tied), match)] if len(tied) > 1 else tied[0]

    def tie_break(self, count: int, match: Match[Any]) -> int:
        """Which of ``count`` equally good proposals to play (by default the first one
        proposed): a player may go round by its seed so that two seeds play apart."""
        return 0
