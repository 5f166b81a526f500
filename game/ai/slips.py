"""The easy player's slips that fit a scenario's objective: the mistakes a new player
makes that give the game away, still legal and plausible moves.

- Tabletop Hero (K-10: a side whose hero dies loses): the hero rushes at the enemy, the
  new player's way of playing a hero: its legal move that ends nearest to the nearest
  enemy mini on the table (:func:`reckless_hero`).

:func:`objective_slip` gives the slip for the ruleset, or None where it has none or the
position offers none (the easy player then slips its usual way).
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from typing import Any

from game.core.match import Match
from game.core.places import Point
from game.core.ruleset import Action, Side


def reckless_hero(match: Match[Any], side: Side, acts: Sequence[Action]) -> Action | None:
    """K-10: ``side``'s hero's legal move that ends nearest to an enemy mini on the
    table (None: no hero of its may move now, or no enemy is on the table)."""
    from game.rules.hero.actions import Move  # (the window imports only its own rules)

    minis = match.state.minis
    foes = [p.place for p in match.pieces()
            if p.side != side and p.active and isinstance(p.place, Point)]
    if not foes:
        return None
    best: tuple[float, int] | None = None
    for k, a in enumerate(acts):
        if not isinstance(a, Move) or not minis[a.figure].hero:
            continue
        d = min(math.dist((a.to.x, a.to.y), (f.x, f.y)) for f in foes)
        if best is None or d < best[0]:
            best = (d, k)
    return None if best is None else acts[best[1]]


_SLIPS: dict[str, Callable[[Match[Any], Side, Sequence[Action]], Action | None]] = {
    "hero": reckless_hero,
}


def objective_slip(match: Match[Any], side: Side, acts: Sequence[Action]) -> Action | None:
    """The ruleset's slip against its objective among ``acts`` (legal now), if any."""
    slip = _SLIPS.get(match.scenario.ruleset)
    return None if slip is None else slip(match, side, acts)
