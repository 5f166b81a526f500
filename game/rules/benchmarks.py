"""Rule steps timed on their own by ``python -m game.bench`` (and nothing else).

The bench measures a few rules below the level of an action: the uncached line of sight
on the open table (K-8), one physics push (G-6), one sewer flood (F-3..F-6) and one
whole pursuit phase of the street chase (P-6, P-7). Those
are internals of their rules package, so the bench reaches them through this module
rather than importing the package's insides; front ends and computer players never use
it (they ask the queries). Each system's rules are imported when its figure is asked
for, so a figure is measured in a process holding only what its own game would.
"""

from __future__ import annotations

from typing import Any

from game.core.dice import Dice
from game.core.events import Event
from game.rules.hero.pushes import push
from game.rules.hero.sight import _sight
from game.rules.hero.state import HeroState

__all__ = ["flood_ms", "hero_push", "hero_sight_uncached", "pursuit_phase_ms"]


def hero_sight_uncached(state: HeroState, viewer: str, target: str) -> Any:
    """K-8: what ``viewer`` sees of ``target``, worked out afresh (no memo)."""
    return _sight(state, state.minis[viewer], state.minis[target])


def hero_push(state: HeroState, mini: str, heading: tuple[float, float], distance: float,
              dice: Dice) -> list[Event]:
    """G-6: push ``mini`` of ``state`` (a copy the caller throws away) ``distance`` units
    along ``heading``."""
    return push(state, state.minis[mini], heading, distance, dice, "a bench")


def flood_ms(reps: int = 40, seed: int = 0) -> float:
    """F-3..F-6: median ms of one flood over a patrol of models, rules and physics."""
    from game.rules.squads.flood.water_bench import flood_ms as measure

    return measure(reps, seed)


def pursuit_phase_ms(reps: int = 30, seed: int = 1) -> float:
    """P-6, P-7: median ms of one whole pursuit phase of the street chase."""
    from game.rules.squads.pursuit.bench import pursuit_phase_ms as measure

    return measure(reps, seed)
