"""The actions of the street chase, each one click (or key) of a front end.

Before the game: the scouts choose the sergeant's wargear (:class:`Wargear`, P-2); each
model is deployed (:class:`Deploy`, P-3). The pursuit phase: the model whose turn it is
keeps pace or slows (:class:`Pace`, P-7); recycled pieces are placed (:class:`PlacePiece`)
and a cluster may come in (:class:`PlaceMine`, :class:`NoMine`, P-6). The movement
phase: a stopped model tests to move again (:class:`Restart`, P-10); the model moves along
a path of legs (:class:`Move`, P-8) or stays (:class:`Hold`). The shooting phase: it
shoots (:class:`Shoot`, P-13) or holds its fire (:class:`Hold`). After a crash a model may
be turned to face any way (:class:`Face`, P-11).
"""

from __future__ import annotations

from dataclasses import dataclass

from game.core.places import Point
from game.core.ruleset import Action, ActionRegistry

ACTIONS = ActionRegistry()

Leg = tuple[int, int]
"""One straight leg of a move: the turn before it in whole degrees (clockwise positive;
0 for the first leg, which goes the way the model faces) and its length in hundredths of
an inch (0 only for a turn that closes the move)."""


@ACTIONS.register
@dataclass(frozen=True)
class Wargear(Action):
    """P-2: the scouts' sergeant takes the extra weapon (``take``) or not."""

    kind = "wargear"
    side: str
    take: bool


@ACTIONS.register
@dataclass(frozen=True)
class Deploy(Action):
    """P-3: place ``model`` at ``to`` (the next of its side to deploy)."""

    kind = "deploy"
    model: str
    to: Point


@ACTIONS.register
@dataclass(frozen=True)
class Pace(Action):
    """P-7: ``model`` keeps pace (``dice`` 0) or slows by ``dice`` d6 inches."""

    kind = "pace"
    model: str
    dice: int


@ACTIONS.register
@dataclass(frozen=True)
class PlacePiece(Action):
    """P-6: place recycled piece ``piece`` touching the Arrival edge, its centre
    ``across`` hundredths of an inch from the left long edge (seen from the Arrival)."""

    kind = "place_piece"
    piece: int
    across: int


@ACTIONS.register
@dataclass(frozen=True)
class PlaceMine(Action):
    """P-6: a cluster from the reserve comes in at ``at``, touching recycled piece
    ``piece``."""

    kind = "place_mine"
    piece: int
    at: Point


@ACTIONS.register
@dataclass(frozen=True)
class NoMine(Action):
    """P-6: no cluster comes in this turn."""

    kind = "no_mine"
    side: str


@ACTIONS.register
@dataclass(frozen=True)
class Restart(Action):
    """P-10: a stopped model tests (up to three times) to move again."""

    kind = "restart"
    model: str


@ACTIONS.register
@dataclass(frozen=True)
class Move(Action):
    """P-8: ``model`` moves along ``legs`` (see :data:`Leg`), 6 inches, or 12 with
    ``accelerate``."""

    kind = "move"
    model: str
    legs: tuple[Leg, ...]
    accelerate: bool = False


@ACTIONS.register
@dataclass(frozen=True)
class Hold(Action):
    """``model`` does not move (movement phase) or does not shoot (shooting phase)."""

    kind = "hold"
    model: str


@ACTIONS.register
@dataclass(frozen=True)
class Shoot(Action):
    """P-13: ``model`` fires ``weapon`` at ``target`` (an enemy model or a cluster)."""

    kind = "shoot"
    model: str
    target: str
    weapon: str


@ACTIONS.register
@dataclass(frozen=True)
class Face(Action):
    """P-11: ``model``, which crashed, now faces ``facing`` degrees (clockwise from the
    table's +x, y down)."""

    kind = "face"
    model: str
    facing: int
