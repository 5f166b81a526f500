"""The phases of a Tabletop Hero game (K-2, K-3, K-4): their names as a type and the
phase table the engine checks transitions against.

The values are the strings saves and transcripts have always held ("army", "deploy",
"play"); a :class:`HeroPhase` compares equal to its string.
"""

from __future__ import annotations

from enum import StrEnum

from game.core.phases import Phase, PhaseTable


class HeroPhase(StrEnum):
    """The steps of a game: the armies are chosen, deployed, then fight."""

    ARMY = "army"
    """K-2: each side takes its ready army or builds one."""
    DEPLOY = "deploy"
    """K-3: the sides deploy at an edge in turn."""
    PLAY = "play"
    """K-4: the sides take turns, each mini moving and taking one action."""


PHASES = PhaseTable(
    Phase(HeroPhase.ARMY, "Armies", "K-2", (HeroPhase.DEPLOY,),
          "Each side takes its ready army or builds one: 10 points of gear for the hero, "
          "5 for every other mini."),
    Phase(HeroPhase.DEPLOY, "Deployment", "K-3", (HeroPhase.PLAY,),
          "Sides deploy in turn at an edge: each mini within 5 units of a team mate and "
          "out of every enemy's weapon range."),
    Phase(HeroPhase.PLAY, "Battle", "K-4", (),
          "Each of your minis may move and take one action, in any order; one that takes "
          "no action may move twice as far."),
)
"""The phase table of Tabletop Hero (the engine checks each transition against it)."""


def phase_title(phase: str) -> str:
    """The phase's name for players ("Deployment")."""
    return PHASES[phase].title
