"""The phases of the street chase (P-5): a choice of wargear and the deployment before the
game, then each game turn a pursuit phase (with its recycling), a movement phase and a
shooting phase, both sides acting model by model in the rules' order."""

from __future__ import annotations

from enum import StrEnum

from game.core.phases import Phase, PhaseTable


class ChasePhase(StrEnum):
    """The phases of the chase."""

    WARGEAR = "wargear"
    """Before the game: the scouts say whether the sergeant takes the extra weapon (P-2)."""
    DEPLOY = "deploy"
    """The scouts deploy, then the hunters (P-3)."""
    PURSUIT = "pursuit"
    """Everything moves back 12 inches, furthest from the Arrival first (P-6, P-7)."""
    RECYCLE = "recycle"
    """The pieces that reached the far edge are placed at the Arrival; a cluster may come
    in (P-6)."""
    MOVEMENT = "movement"
    """Models move 6 or accelerate 12 inches, closest to the Arrival first (P-8..P-12)."""
    SHOOTING = "shooting"
    """Models that did not accelerate shoot, closest to the Arrival first (P-13)."""


PHASES = PhaseTable(
    Phase(ChasePhase.WARGEAR, "Wargear", "P-2", (ChasePhase.DEPLOY, ChasePhase.PURSUIT),
          "The fleeing side chooses whether its sergeant takes an extra weapon; the "
          "chasing side then fields more models."),
    Phase(ChasePhase.DEPLOY, "Deployment", "P-3", (ChasePhase.PURSUIT,),
          "Place each model at least 48 inches from the Arrival; the chasing side also "
          "12 inches from every fleeing model."),
    Phase(ChasePhase.PURSUIT, "Pursuit", "P-6",
          (ChasePhase.RECYCLE, ChasePhase.MOVEMENT),
          "Everything moves 12 inches away from the Arrival, furthest first: each model "
          "keeps pace or slows by 1d6, 2d6 or 3d6."),
    Phase(ChasePhase.RECYCLE, "Recycling", "P-6", (ChasePhase.MOVEMENT,),
          "Place the pieces that fell off the far edge at the Arrival edge in turn, the "
          "chasing side first; one mine cluster may come in."),
    Phase(ChasePhase.MOVEMENT, "Movement", "P-8", (ChasePhase.SHOOTING,),
          "Move each model 6 inches (a turn per 2) or accelerate 12 (a turn per 4), "
          "closest to the Arrival first."),
    Phase(ChasePhase.SHOOTING, "Shooting", "P-13", (ChasePhase.PURSUIT,),
          "Each model that did not accelerate may shoot into its front arc, closest to the "
          "Arrival first."),
)
"""The phase table of the chase."""


def phase_title(phase: str) -> str:
    """The phase's name for players ("Pursuit")."""
    return PHASES[phase].title
