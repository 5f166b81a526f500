"""The actions of the squad turn in the sewers, each one click of a front end.

Movement: a model moves to a point (:class:`Move`), a unit rolls for difficult terrain
(:class:`Difficult`), a straggler rejoins its unit (:class:`Rejoin`, F-8/F-9), a unit
ends its movement (:class:`Done`). Shooting: a unit shoots at an enemy unit
(:class:`Shoot`) or runs (:class:`Run`, then its models :class:`Move`). Assault: a unit
charges an enemy unit (:class:`Charge`). A side ends each phase (:class:`EndPhase`).
"""

from __future__ import annotations

from dataclasses import dataclass

from game.core.places import Point
from game.core.ruleset import Action, ActionRegistry

ACTIONS = ActionRegistry()


@ACTIONS.register
@dataclass(frozen=True)
class Move(Action):
    """A model of ``unit`` moves to ``to`` (inches, as a point): 6 inches in the
    movement phase, the unit's run in the shooting phase."""

    kind = "move"
    unit: str
    model: str
    to: Point


@ACTIONS.register
@dataclass(frozen=True)
class Difficult(Action):
    """The unit rolls 2d6 for difficult terrain (its models may then move through it as
    far as the highest die)."""

    kind = "difficult"
    unit: str


@ACTIONS.register
@dataclass(frozen=True)
class Rejoin(Action):
    """A straggler uses its whole move to rejoin its unit (F-8), through or into the
    enemy if it must (F-9)."""

    kind = "rejoin"
    unit: str
    model: str


@ACTIONS.register
@dataclass(frozen=True)
class Done(Action):
    """The unit has finished this phase (its stragglers rejoin first, F-8)."""

    kind = "done"
    unit: str


@ACTIONS.register
@dataclass(frozen=True)
class Shoot(Action):
    """The unit shoots at an enemy unit (S-2)."""

    kind = "shoot"
    unit: str
    target: str


@ACTIONS.register
@dataclass(frozen=True)
class Run(Action):
    """The unit runs d6 inches instead of shooting."""

    kind = "run"
    unit: str


@ACTIONS.register
@dataclass(frozen=True)
class Charge(Action):
    """The unit charges an enemy unit and fights it (S-3)."""

    kind = "charge"
    unit: str
    target: str


@ACTIONS.register
@dataclass(frozen=True)
class EndPhase(Action):
    """The side ends its phase (every unit that has not finished does)."""

    kind = "end_phase"
    side: str
