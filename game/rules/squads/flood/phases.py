"""The phases of a side's turn in the sewers (issue 15's "Turn"): their names as a type
and the phase table the engine checks transitions against.

Each game turn every side in the scenario's order plays its movement, shooting and
assault phases; the flood is rolled for at the start of the game turn (F-2), before the
first side moves.
"""

from __future__ import annotations

from enum import StrEnum

from game.core.phases import Phase, PhaseTable


class FloodPhase(StrEnum):
    """The phases of a side's turn."""

    MOVEMENT = "movement"
    """Models move 6 inches; difficult terrain by the highest of 2d6; stragglers rejoin
    (F-8, F-9)."""
    SHOOTING = "shooting"
    """Each unit shoots at one enemy unit, or runs d6 inches."""
    ASSAULT = "assault"
    """Units charge 6 inches into base contact; every fight is fought."""


PHASES = PhaseTable(
    Phase(FloodPhase.MOVEMENT, "Movement", "S-7", (FloodPhase.SHOOTING,),
          "Move each model up to 6 inches along the corridors, keeping its unit in "
          "coherency and 1 inch from the enemy; stragglers rejoin their unit (F-8)."),
    Phase(FloodPhase.SHOOTING, "Shooting", "S-2", (FloodPhase.ASSAULT,),
          "Each unit shoots at one enemy unit it sees, or runs d6 inches instead."),
    Phase(FloodPhase.ASSAULT, "Assault", "S-3", (FloodPhase.MOVEMENT,),
          "Charge an enemy unit within 6 inches into base contact and fight; every "
          "fight goes on a round."),
)
"""The phase table of the flood ruleset."""


def phase_title(phase: str) -> str:
    """The phase's name for players ("Shooting")."""
    return PHASES[phase].title
