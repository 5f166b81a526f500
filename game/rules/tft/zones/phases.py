"""The phases of a turn of Melee on zone boards (T-7, Z-13), as words with a type.

:class:`ZonePhase` names them (the values are the words saved and hashed in the state,
so saves and transcripts read as before); :data:`PHASES` is the table of them a front
end reads and the rules move through. :class:`WindowKind` names the reactions the rules
may ask of the other side while an action is under way (the reaction phase).
"""

from __future__ import annotations

from enum import StrEnum

from game.core.phases import Phase, PhaseTable


class ZonePhase(StrEnum):
    """The phases of a turn (T-7): initiative, then actions, each of which may pause for
    a reaction of the other side (Z-13..Z-15, Z-17)."""

    INITIATIVE = "initiative"
    """Both sides rolled; the winner says which acts first where adjusted DX ties."""
    ACTION = "action"
    """Figures act one at a time in order of adjusted DX."""
    REACTION = "reaction"
    """The other side may react to the action under way."""


class WindowKind(StrEnum):
    """What a reaction window asks the other side (:class:`~.state.Window`)."""

    INTERCEPT = "intercept"
    """Intercept a zone move leaving or entering a zone (Z-13)."""
    DEFEND = "defend"
    """React to a figure coming at one of its figures: evade (Z-15), protect (Z-14),
    answer a charge (Z-9), strike first at one who closes (Z-17)."""
    OPPORTUNITY = "opportunity"
    """Strike at a figure leaving a melee without a successful withdraw (Z-17)."""


INITIATIVE, ACTION, REACTION = ZonePhase.INITIATIVE, ZonePhase.ACTION, ZonePhase.REACTION
"""The phases as plain names (an enum's attribute costs a lookup the rules' inner loops
need not pay)."""

PHASES = PhaseTable(
    Phase(ZonePhase.INITIATIVE, "Initiative", "T-7", (ZonePhase.ACTION,),
          "Both sides rolled a die; the winner chooses which side acts first where "
          "adjusted DX ties."),
    Phase(ZonePhase.ACTION, "Actions", "T-7", (ZonePhase.REACTION, ZonePhase.INITIATIVE),
          "Figures act in order of adjusted DX: a zone move, a charge, an attack (with a "
          "battle move into contact), a shot, a withdrawal, protecting a friend..."),
    Phase(ZonePhase.REACTION, "Reaction", "Z-13", (ZonePhase.ACTION, ZonePhase.INITIATIVE),
          "The other side may react: intercept a zone move (Z-13), protect (Z-14), evade "
          "(Z-15), answer a charge, strike at one who closes or leaves a melee."),
)
"""The zone rules' phase table (T-7)."""

__all__ = ["ACTION", "INITIATIVE", "PHASES", "REACTION", "WindowKind", "ZonePhase"]
