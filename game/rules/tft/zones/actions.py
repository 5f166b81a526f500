"""The actions of Melee on zone boards (Z-17 as far as it has meaning without magic).

Zones are named by their ids; a zone move lists the zones it enters (``path``) and, for
each border it crosses, how (``via``): ``OPEN`` ("") across an open border, a
bottleneck's id through it, or ``OVER`` ("over") its obstacle where the border also has
a bottleneck (a wall with a gate in it).
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum

from game.core.ruleset import Action, ActionRegistry

ACTIONS = ActionRegistry()

OPEN = ""
"""A crossing of an open border (no bottleneck on it)."""
OVER = "over"
"""A crossing over a border's obstacle rather than through its bottleneck."""


class How(StrEnum):
    """How a figure reacts (:class:`React`); the values are the words saves carry."""

    INTERCEPT = "intercept"
    """Stop a zone move leaving or entering its zone (Z-13)."""
    EVADE = "evade"
    """Slip away from a figure moving into contact (Z-15)."""
    PROTECT = "protect"
    """Step in front of the friend it protects (Z-14)."""
    RESPOND = "respond"
    """Answer a charge with a longer weapon or a held action (Z-9, Z-17)."""
    CLOSING = "closing"
    """Strike first at one who closes hand to hand (Z-17)."""
    OPPORTUNITY = "opportunity"
    """Strike at one leaving the melee without a withdraw (Z-17)."""

    @property
    def contest(self) -> bool:
        """A DX contest decides it (an intercept, an evade, a protection), rather than a
        blow."""
        return self in (How.INTERCEPT, How.EVADE, How.PROTECT)


@ACTIONS.register
@dataclass(frozen=True)
class ChooseFirst(Action):
    """T-7: the initiative winner says which side acts first where adjusted DX ties."""

    kind = "choose_first"
    side: str
    first: str


@ACTIONS.register
@dataclass(frozen=True)
class ZoneMove(Action):
    """Z-4: a zone move (the whole action): Alone to Alone through ``path`` (Z-3, Z-5,
    Z-6); ``run`` adds +10 MR (Z-7); ``through`` crosses damaging obstacles taking their
    damage instead of their MR cut (Z-11)."""

    kind = "zone_move"
    figure: str
    path: tuple[str, ...]
    via: tuple[str, ...]
    run: bool
    through: bool = False


@ACTIONS.register
@dataclass(frozen=True)
class MoveToLine(ZoneMove):
    """Z-12: a zone move that ends on the boundary line of the last zone of ``path`` and
    ``onto`` (it counts as in both)."""

    kind = "move_to_line"
    onto: str = ""


@ACTIONS.register
@dataclass(frozen=True)
class Charge(Action):
    """Z-9: a zone move ending InContact with ``target`` and an attack (double damage);
    counts as running."""

    kind = "charge"
    figure: str
    path: tuple[str, ...]
    via: tuple[str, ...]
    target: str
    through: bool = False


@ACTIONS.register
@dataclass(frozen=True)
class Attack(Action):
    """T-2: a melee attack; from Alone it is a battle move into contact first (Z-4, Z-11,
    Z-12). ``into``: the zone where the melee forms when attacker and target share a
    boundary line (Z-12); ``through``: run through the zone's obstacle (Z-11)."""

    kind = "attack"
    figure: str
    target: str
    into: str = ""
    through: bool = False


@ACTIONS.register
@dataclass(frozen=True)
class SpotAndStrike(Attack):
    """Z-4, Z-16: a battle move into a free spot of ``bottleneck`` as part of the attack
    that follows it (a goblin rushes into the freed spot and strikes its holder)."""

    kind = "spot_and_strike"
    bottleneck: str = ""


@ACTIONS.register
@dataclass(frozen=True)
class Close(Action):
    """Z-17 CLOSE: a battle move into InClose (hand to hand) with one opponent."""

    kind = "close"
    figure: str
    target: str


@ACTIONS.register
@dataclass(frozen=True)
class Rush(Action):
    """Z-17 RUSH: a shield or body rush; a hit makes the target roll or fall prone, or be
    pushed ``back`` out of a bottleneck (the rusher takes its spot)."""

    kind = "rush"
    figure: str
    target: str
    back: bool = False


@ACTIONS.register
@dataclass(frozen=True)
class Shoot(Action):
    """Z-17 SHOOT: a thrown or fired attack measured in zones."""

    kind = "shoot"
    figure: str
    target: str


@ACTIONS.register
@dataclass(frozen=True)
class StepAndShoot(Shoot):
    """Z-4, Z-12: a trivial move onto the line of the figure's zone and ``other`` as part
    of the shot that follows it (an archer steps onto the line and shoots)."""

    kind = "step_and_shoot"
    other: str


@ACTIONS.register
@dataclass(frozen=True)
class FallProne(Action):
    """Z-17: fall prone, a free action (the figure's action goes on); it must stand up
    to move again."""

    kind = "fall_prone"
    figure: str


@ACTIONS.register
@dataclass(frozen=True)
class Withdraw(Action):
    """Z-17 WITHDRAW: from InContact to Alone (4d6 vs DX), or from InClose to InContact
    (3d6 vs DX; Alone on 3-5)."""

    kind = "withdraw"
    figure: str


@ACTIONS.register
@dataclass(frozen=True)
class Leave(Action):
    """Z-4: a battle or trivial move to Alone in ``zone``: out of a melee without a
    withdraw roll (an opportunity attack may follow), out of a bottleneck, or off a
    boundary line."""

    kind = "leave"
    figure: str
    zone: str


@ACTIONS.register
@dataclass(frozen=True)
class ToBoundary(Action):
    """Z-12: a trivial move onto the boundary of the figure's zone and ``other``."""

    kind = "to_boundary"
    figure: str
    other: str


@ACTIONS.register
@dataclass(frozen=True)
class EnterBottleneck(Action):
    """Z-16: take a free spot in a bottleneck on the figure's zone's border."""

    kind = "enter_bottleneck"
    figure: str
    bottleneck: str


@ACTIONS.register
@dataclass(frozen=True)
class EnterPatch(Action):
    """Z-10: a battle move onto a patch of terrain over part of the figure's zone (its
    move modifier counts; there it is InContact with the terrain)."""

    kind = "enter_patch"
    figure: str
    patch: str


@ACTIONS.register
@dataclass(frozen=True)
class Protect(Action):
    """Z-14: stand with an Alone friend to protect it."""

    kind = "protect"
    figure: str
    protectee: str


@ACTIONS.register
@dataclass(frozen=True)
class Hold(Action):
    """Z-14: a protector keeps protecting: its action waits for a protection response."""

    kind = "hold"
    figure: str


@ACTIONS.register
@dataclass(frozen=True)
class SplitMove(Action):
    """Z-8: split the MR into two pools: two moves and still one attack in this action."""

    kind = "split_move"
    figure: str


@ACTIONS.register
@dataclass(frozen=True)
class EndAction(Action):
    """Z-8: end a split action before both pools are used."""

    kind = "end_action"
    figure: str


@ACTIONS.register
@dataclass(frozen=True)
class Defend(Action):
    """Z-17 DEFEND (T-7): full defence: attackers roll 4 dice until its next action."""

    kind = "defend"
    figure: str


@ACTIONS.register
@dataclass(frozen=True)
class Wait(Action):
    """Z-17 WAIT: hold the action to act last this turn; meanwhile it has not acted
    (it may intercept, evade, or answer a charge)."""

    kind = "wait"
    figure: str


@ACTIONS.register
@dataclass(frozen=True)
class Ready(Action):
    """T-7: change weapons."""

    kind = "ready"
    figure: str
    weapon: str


@ACTIONS.register
@dataclass(frozen=True)
class PickUp(Action):
    """T-7: pick up a weapon lying in the figure's zone."""

    kind = "pick_up"
    figure: str
    weapon: str


@ACTIONS.register
@dataclass(frozen=True)
class StandUp(Action):
    """T-7: a prone figure stands up."""

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
class React(Action):
    """A reaction the rules offer the other side, made by ``figure``: ``how`` is one of
    :class:`How` (an intercept Z-13, an evade Z-15, a protection Z-14, a charge response,
    a closing attack or an opportunity attack, Z-17)."""

    kind = "react"
    figure: str
    how: str


@ACTIONS.register
@dataclass(frozen=True)
class Decline(Action):
    """The reacting side lets the action go on."""

    kind = "decline"
    side: str


Targeted = Attack | Charge | Close | Rush | Shoot
"""The actions aimed at an enemy (``figure`` at ``target``)."""
MoveAction = ZoneMove | Charge
"""The actions made of a zone move along ``path`` (Z-4, Z-9; a :class:`MoveToLine` is a
:class:`ZoneMove`)."""
PART_MOVES = (SpotAndStrike, StepAndShoot)
"""Z-4: the actions that carry a trivial or battle move as their first part."""
FigureAction = (ZoneMove | Charge | Attack | Close | Rush | Shoot | Withdraw | Leave
                | ToBoundary | EnterBottleneck | Protect | Hold | SplitMove | EndAction
                | Defend | Wait | Ready | PickUp | StandUp | Pass | React | FallProne
                | EnterPatch)
"""The actions a figure makes (each names it in ``figure``)."""
TARGETED = (Attack, Charge, Close, Rush, Shoot)
"""The classes of :data:`Targeted`, for ``isinstance``."""
FIGURE_ACTIONS = (ZoneMove, Charge, Attack, Close, Rush, Shoot, Withdraw, Leave,
                  ToBoundary, EnterBottleneck, Protect, Hold, SplitMove, EndAction, Defend,
                  Wait, Ready, PickUp, StandUp, Pass, React, FallProne, EnterPatch)
"""The classes of :data:`FigureAction`, for ``isinstance``."""


def runs(action: Action) -> bool:
    """Z-7, Z-9: whether the action is made running (a charge, or a zone move run)."""
    return isinstance(action, Charge) or (isinstance(action, ZoneMove) and action.run)
