"""The phases of a turn of Melee on heights (T-7, T-8): their names and their table."""

from __future__ import annotations

from enum import StrEnum

from game.core.phases import Phase, PhaseTable


class HexPhase(StrEnum):
    """A phase of the turn (the values are what saves and transcripts record)."""

    INITIATIVE = "initiative"
    """T-7: both sides rolled; the winner chooses who moves first."""
    MOVEMENT = "movement"
    """T-7: the sides move in turn."""
    ACTION = "action"
    """T-7: figures act in order of adjusted DX."""
    RETREAT = "retreat"
    """T-8: force retreats are decided."""


PHASES = PhaseTable(
    Phase(HexPhase.INITIATIVE, "Initiative", "T-7", (HexPhase.MOVEMENT,),
          "Both sides rolled a die; the winner chooses which side moves first."),
    Phase(HexPhase.MOVEMENT, "Movement", "T-7", (HexPhase.ACTION,),
          "Sides take turns moving all their figures; an engaged figure may only shift "
          "one hex."),
    Phase(HexPhase.ACTION, "Actions", "T-7", (HexPhase.RETREAT, HexPhase.INITIATIVE),
          "Figures act in order of adjusted DX: attack, defend, disengage, change weapons, "
          "stand up, pick up."),
    Phase(HexPhase.RETREAT, "Force retreats", "T-8", (HexPhase.INITIATIVE,),
          "A figure that hurt an enemy and took no damage from it may push it back a hex."),
)
"""The turn's phase table (T-7, T-8)."""
