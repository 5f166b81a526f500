"""The actions of Melee on heights (T-7). Cells are flat board indices."""

from __future__ import annotations

from dataclasses import dataclass

from game.core.ruleset import Action, ActionRegistry

ACTIONS = ActionRegistry()


@ACTIONS.register
@dataclass(frozen=True)
class ChooseFirst(Action):
    """The initiative winner says which side moves first (T-7)."""

    kind = "choose_first"
    side: str
    first: str


@ACTIONS.register
@dataclass(frozen=True)
class Move(Action):
    """Move a figure to a cell along its cheapest path (T-6, H-2, H-3; a jump: H-8)."""

    kind = "move"
    figure: str
    to: int


@ACTIONS.register
@dataclass(frozen=True)
class Face(Action):
    """Turn a figure to face direction 0-5 during its side's movement (T-5)."""

    kind = "face"
    figure: str
    facing: int


@ACTIONS.register
@dataclass(frozen=True)
class Defend(Action):
    """Declare that a figure defends this turn: attackers roll 4d6 (T-7)."""

    kind = "defend"
    figure: str


@ACTIONS.register
@dataclass(frozen=True)
class EndMovement(Action):
    """The moving side has finished moving (T-7)."""

    kind = "end_movement"
    side: str


@ACTIONS.register
@dataclass(frozen=True)
class Attack(Action):
    """Attack an adjacent enemy in a front hex (T-2, T-3, T-5, H-4, H-6)."""

    kind = "attack"
    figure: str
    target: str


@ACTIONS.register
@dataclass(frozen=True)
class Disengage(Action):
    """An engaged figure steps one hex back instead of attacking (T-7)."""

    kind = "disengage"
    figure: str
    to: int


@ACTIONS.register
@dataclass(frozen=True)
class Ready(Action):
    """Change weapons: ready another weapon the figure carries (T-7)."""

    kind = "ready"
    figure: str
    weapon: str


@ACTIONS.register
@dataclass(frozen=True)
class PickUp(Action):
    """Pick up a weapon the figure dropped in its own hex (T-7)."""

    kind = "pick_up"
    figure: str


@ACTIONS.register
@dataclass(frozen=True)
class StandUp(Action):
    """A prone figure stands up, its action for the turn (T-7)."""

    kind = "stand_up"
    figure: str


@ACTIONS.register
@dataclass(frozen=True)
class Pass(Action):
    """The figure does nothing this turn."""

    kind = "pass"
    figure: str


@ACTIONS.register
@dataclass(frozen=True)
class Retreat(Action):
    """Force an enemy back one hex, and perhaps follow into its hex (T-8, H-13, H-14)."""

    kind = "retreat"
    figure: str
    target: str
    to: int
    follow: bool


@ACTIONS.register
@dataclass(frozen=True)
class NoRetreat(Action):
    """Decline a force retreat (T-8)."""

    kind = "no_retreat"
    figure: str
    target: str
