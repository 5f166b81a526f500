"""The read-only questions a front end or a computer player asks a ruleset.

Every ruleset answers through one object, :meth:`Ruleset.queries`, built for one state:
that object (and the actions) is all a controller or a computer player takes from the
rules. The questions that mean the same on every board have the same names and shapes
here (:class:`Queries`): who may act now, where a piece can go (with the cost, the risk
and the odds), what it can attack (with the exact odds), what a place holds. A rules
family adds its own questions (a hex board's line of sight, a zone board's move roll)
on its own queries class, under names that say what they answer.

A queries object reads its state and never changes it; it may remember what it worked
out (two questions about one state cost one derivation), so it is built anew for each
state and dropped when the state changes.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Protocol

from game.core.board import Scenery
from game.core.places import Place

if TYPE_CHECKING:
    from game.core.ruleset import Action


@dataclass(frozen=True)
class MoveOption:
    """A place a piece can move to now, what it costs and what it risks."""

    place: Place
    cost: float
    """What it costs, in the rules' own measure (MP on hexes, units on a table...)."""
    label: str = ""
    """A short label a board view prints on the place (usually the cost)."""
    risk: str = ""
    """What could go wrong on the way, in a player's words ("3d6 vs DX or 1d6"); "" if
    nothing."""
    odds: float | None = None
    """The exact chance that the move goes as meant (None: it cannot fail)."""
    ends: bool = False
    """The move must stop there (an engagement, a boundary)."""
    rule: str = ""
    """The rule id that shapes the move (H-2 climbing, Z-3 the move roll...)."""


@dataclass(frozen=True)
class AttackOption:
    """An attack (a blow, a shot, a throw, a charge) a piece can make now, with its odds."""

    target: str
    """The id of the piece attacked."""
    action: Action
    """The action that makes it (what a click sends)."""
    chance: float
    """The exact chance that it hits."""
    label: str = ""
    """A short label for the target ("hit 62%")."""
    rule: str = ""


class Queries(Protocol):
    """The board-neutral questions every ruleset's queries object answers for one state.

    A family's queries class has these and more of its own.
    """

    def acting(self) -> list[str]:
        """The ids of the pieces the side to act may act with now (empty between steps
        that need no piece, and once the game is over)."""
        ...

    def moves(self, piece: str) -> Sequence[MoveOption]:
        """Where ``piece`` can move now, each with its cost, risk and odds (empty if it
        cannot move now)."""
        ...

    def attacks(self, piece: str) -> Sequence[AttackOption]:
        """The attacks ``piece`` can make now, each with its exact chance to hit."""
        ...

    def holds(self, place: Place) -> list[str]:
        """The ids of the pieces at ``place`` (on it, or covering it)."""
        ...

    def scenery(self) -> Sequence[Scenery]:
        """Terrain that lives in the game state rather than on the board (a street
        chase's moving buildings), for a front end to draw; empty where all the terrain
        is the board's."""
        ...
