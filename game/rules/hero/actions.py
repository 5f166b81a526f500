"""The actions of Tabletop Hero: choosing an army (K-2), deploying (K-3), and each mini's
move (K-4), attack (K-5), throw (K-7) or first aid (K-11) on its side's turn."""

from __future__ import annotations

from dataclasses import dataclass

from game.core.places import Point
from game.core.ruleset import Action, ActionRegistry

ACTIONS = ActionRegistry()

MiniTuple = tuple[str, str, bool, str, tuple[str, ...], int]
"""A mini on an army sheet: (name, kind, hero, armour, weapons, medkits)."""


@ACTIONS.register
@dataclass(frozen=True)
class TakeArmy(Action):
    """A side takes the scenario's ready army (K-2)."""

    kind = "take_army"
    side: str


@ACTIONS.register
@dataclass(frozen=True)
class BuildArmy(Action):
    """A side fields the army it built on the points sheet (K-2, K-11): the gear of the
    scenario's minis, in the ready army's order (each keeps its abilities, G-7)."""

    kind = "build_army"
    side: str
    minis: tuple[MiniTuple, ...]


@ACTIONS.register
@dataclass(frozen=True)
class Deploy(Action):
    """Place a mini on the table (K-3)."""

    kind = "deploy"
    figure: str
    at: Point


@ACTIONS.register
@dataclass(frozen=True)
class Move(Action):
    """Move a mini in a straight line to a point (K-4, G-1, G-5, G-7)."""

    kind = "move"
    figure: str
    to: Point


@ACTIONS.register
@dataclass(frozen=True)
class Drop(Move):
    """A move (K-4) that gets down a climbable edge by falling rather than climbing
    down: "To get down a climbable terrain, you can also fall, which will not cost
    movement but may induce the model to be damaged" (G-1, G-5)."""

    kind = "drop"


@ACTIONS.register
@dataclass(frozen=True)
class Attack(Action):
    """Attack an enemy with a weapon (K-5, K-6, K-8, G-3)."""

    kind = "attack"
    figure: str
    target: str
    weapon: str


@ACTIONS.register
@dataclass(frozen=True)
class Throw(Action):
    """Throw an explosive at a mini (K-7); the blast pushes (G-6)."""

    kind = "throw"
    figure: str
    target: str


@ACTIONS.register
@dataclass(frozen=True)
class Heal(Action):
    """Use a medkit on a team mate within reach, or on itself (K-11)."""

    kind = "heal"
    figure: str
    target: str


@ACTIONS.register
@dataclass(frozen=True)
class EndTurn(Action):
    """The side has done what it wanted this turn (K-3)."""

    kind = "end_turn"
    side: str
