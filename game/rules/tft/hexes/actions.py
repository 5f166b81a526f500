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
    """Walk a figure to a cell along its cheapest walk (T-6, H-2, H-3)."""

    kind = "move"
    figure: str
    to: int


@ACTIONS.register
@dataclass(frozen=True)
class JumpDown(Action):
    """Walk to ``via`` (its cheapest walk), then jump down a drop bigger than H into
    ``to``; the move ends there with the fall roll (H-3, H-8)."""

    kind = "jump_down"
    figure: str
    via: int
    to: int


@ACTIONS.register
@dataclass(frozen=True)
class Climb(Action):
    """Climb the wall up to ``to`` (H-11): a figure starting its turn beside it with its
    hands free climbs a set of H levels free and, with ``more``, tries a second set on
    the first turn; a figure already on the wall climbs the next set (a roll). A figure
    hanging from an edge (H-20) pulls itself up. Climbing down mirrors it: ``to`` is the
    hex at the foot of the wall, lower than the figure's own by more than its H (and the
    figure's own hex once it clings on the way down)."""

    kind = "climb"
    figure: str
    to: int
    more: bool


@ACTIONS.register
@dataclass(frozen=True)
class Leap(Action):
    """Leap a gap of 1-3 hexes in a straight line to ``to`` (H-20)."""

    kind = "leap"
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
class Swipe(Action):
    """Kneel at the edge and swipe down at a figure too low to reach (H-17, a switch)."""

    kind = "swipe"
    figure: str
    target: str


@ACTIONS.register
@dataclass(frozen=True)
class Sweep(Action):
    """A sweeping blow at every foe in the front hexes within a level (H-19)."""

    kind = "sweep"
    figure: str


@ACTIONS.register
@dataclass(frozen=True)
class Shoot(Action):
    """Shoot a missile weapon or throw a thrown one at a figure in sight (T-7, H-18)."""

    kind = "shoot"
    figure: str
    target: str


@ACTIONS.register
@dataclass(frozen=True)
class PutAway(Action):
    """Put the ready weapon and the shield away, freeing both hands (T-7, H-11)."""

    kind = "put_away"
    figure: str


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
