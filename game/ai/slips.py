"""The easy player's slips that fit a scenario's objective: the mistakes a new player
makes that give the game away, still legal and plausible moves.

- Tabletop Hero (K-10: a side whose hero dies loses): the hero put in harm's way, the
  new player's way of playing a hero (:func:`hero_slip`): deployed in front of its team
  (:func:`forward_hero`), then rushing at the enemy (:func:`reckless_hero`), while the
  others shoot whatever enemy is nearest rather than go for the enemy's hero
  (:func:`nearest_shot`).
- The sewer flood: the swarm shies away from the troopers' guns (:func:`shy_swarm`): at
  the nest (the planters win with its charges planted) its keepers leave the way to the
  nest open instead of meeting the planters there; in a meeting fight its broods stay
  in the guns' range instead of closing in.

:func:`objective_slip` gives the slip for the ruleset, or None where it has none or the
position offers none (the easy player then slips its usual way). :func:`easy_numbers`
gives a scenario side's own slip numbers (:data:`SIDE_SLIPS`) where the ruleset's were
not enough.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from typing import Any

from game.core.match import Match
from game.core.places import Point
from game.core.ruleset import Action, Side

SIDE_SLIPS: dict[tuple[str, Side], tuple[int, int]] = {
    # The swarm of Charges in the nest beats normal troopers most games when both play
    # normal (the troopers win about a third), so the ruleset's numbers (mostly random
    # slips) left it winning about half its games at easy; the shy keepers' slip
    # (:func:`shy_swarm`) on most decisions puts normal at 84 % (100 games).
    ("charges_in_the_nest", "swarm"): (20, 80),
    # The Storm drain's swarm at the flood's 50 and 70 held normal to 65 % (160 games);
    # with its shy slip on most decisions, 80 % (60 games).
    ("storm_drain", "swarm"): (20, 80),
    # Backyard's tan army has the heavily armoured hero: at the hero ruleset's numbers
    # normal green won 69.2 % of 400 games (59 draws: tan's hero outlived the 12 turns),
    # and 69.0 % with the slip on 90 % of decisions. With tan's easy player always
    # slipping (its hero put in harm's way where it can be, else its second-best
    # choice) and never playing at random, 76.0 % (71.6-79.9) of 400 games.
    ("backyard", "tan"): (0, 100),
    # Riders and drones with its mines on the table from the start: at the chase's
    # numbers (70 and 70, mostly random actions) normal drones won 67.8 % of 400 games
    # against easy riders (random riders still get through); with the riders always
    # taking their second-best choice and never a random one, 85.2 % of the same 400
    # (at 30 and 100, 75.0 %).
    ("riders_and_drones", "riders"): (0, 100),
}
"""(scenario key, side) -> its easy player's own (blunder, second) numbers (see
game.ai.levels.EasyPlayer), where the ruleset's numbers left normal's margin over easy
short of the target (docs/balance/strengths.md, the easy section)."""


def easy_numbers(scenario: str, side: Side, default: tuple[int, int]) -> tuple[int, int]:
    """``side``'s (blunder, second) slip numbers in ``scenario``: its own in
    :data:`SIDE_SLIPS`, else ``default`` (its ruleset's)."""
    return SIDE_SLIPS.get((scenario, side), default)


def _foes(match: Match[Any], side: Side) -> list[tuple[int, int]]:
    """Where ``side``'s enemies stand (the pieces on the table still in the fight)."""
    return [(p.place.x, p.place.y) for p in match.pieces()
            if p.side != side and p.active and isinstance(p.place, Point)]


def forward_hero(match: Match[Any], side: Side, acts: Sequence[Action]) -> Action | None:
    """K-3, K-10: ``side``'s hero deployed on its legal spot nearest the enemy minis on
    the table (or, none deployed yet, nearest the middle of the table), in front of its
    team rather than behind it (None: no hero deploys now)."""
    from game.rules.hero.actions import Deploy  # (the window imports only its own rules)

    minis = match.state.minis
    board = match.state.board
    mid = Point.of(board.width / 2, board.height / 2)
    foes = _foes(match, side) or [(mid.x, mid.y)]
    spots = [(min(math.dist((a.at.x, a.at.y), f) for f in foes), k)
             for k, a in enumerate(acts) if isinstance(a, Deploy) and minis[a.figure].hero]
    return acts[min(spots)[1]] if spots else None


def reckless_hero(match: Match[Any], side: Side, acts: Sequence[Action]) -> Action | None:
    """K-10: ``side``'s hero's legal move that ends nearest to an enemy mini on the
    table (None: no hero of its may move now, or no enemy is on the table)."""
    from game.rules.hero.actions import Move  # (the window imports only its own rules)

    minis = match.state.minis
    foes = _foes(match, side)
    if not foes:
        return None
    best: tuple[float, int] | None = None
    for k, a in enumerate(acts):
        if not isinstance(a, Move) or not minis[a.figure].hero:
            continue
        d = min(math.dist((a.to.x, a.to.y), f) for f in foes)
        if best is None or d < best[0]:
            best = (d, k)
    return None if best is None else acts[best[1]]


def nearest_shot(match: Match[Any], side: Side, acts: Sequence[Action]) -> Action | None:
    """K-5, K-10: of the legal attacks, the one at the enemy nearest its attacker, the
    enemy's hero or not (the first weapon listed for it), where the normal player counts
    the odds and values the hero double (None: no attack is legal now)."""
    from game.rules.hero.actions import Attack  # (the window imports only its own rules)

    at = {p.id: (p.place.x, p.place.y) for p in match.pieces()
          if isinstance(p.place, Point)}
    shots = [(math.dist(at[a.figure], at[a.target]), k) for k, a in enumerate(acts)
             if isinstance(a, Attack) and a.figure in at and a.target in at]
    return acts[min(shots)[1]] if shots else None


def hero_slip(match: Match[Any], side: Side, acts: Sequence[Action]) -> Action | None:
    """K-10: the hero put in harm's way: deployed in front (:func:`forward_hero`), moved
    at the enemy while it may move (:func:`reckless_hero`), else the nearest enemy shot
    at (:func:`nearest_shot`); None where none of these is legal now."""
    return (forward_hero(match, side, acts) or reckless_hero(match, side, acts)
            or nearest_shot(match, side, acts))


def _brutes(match: Match[Any], side: Side) -> bool:
    """Whether ``side`` has a unit that fights rather than shoots (a brood)."""
    from game.ai.squads.goals import is_melee  # (imported when first asked)
    from game.rules.squads.flood.queries import queries_for

    return any(is_melee(u) for u in queries_for(match.state).units(side))


def shy_swarm(match: Match[Any], side: Side, acts: Sequence[Action]) -> Action | None:
    """The swarm shies away from the troopers' guns, a new player's way with broods that
    fear being shot before they reach the enemy: of ``side``'s legal moves, the one that
    ends farthest from the nearest enemy model. At the nest (the planters win with its
    charges planted) its keepers so leave the way to the nest open, where the normal
    keepers wait there; in a meeting fight (the last side standing, or the most models
    standing at the end) the broods stay in the guns' range without charging, where the
    normal broods close in (None: ``side`` plants, or has no unit that fights rather
    than shoots in a meeting fight, or the scenario is neither, or no enemy is left or
    no move is legal now)."""
    from game.rules.squads.flood.actions import Move  # (imported when first asked)

    opts = match.scenario.options
    if not (opts.get("objective") == "nest" and opts.get("planter") not in (None, side)
            or opts.get("objective") == "survive" and _brutes(match, side)):
        return None
    foes = _foes(match, side)
    moves = [(-min(math.dist((a.to.x, a.to.y), f) for f in foes), k)
             for k, a in enumerate(acts) if isinstance(a, Move)] if foes else []
    return acts[min(moves)[1]] if moves else None


_SLIPS: dict[str, Callable[[Match[Any], Side, Sequence[Action]], Action | None]] = {
    "hero": hero_slip,
    "flood": shy_swarm,
}


def objective_slip(match: Match[Any], side: Side, acts: Sequence[Action]) -> Action | None:
    """The ruleset's slip against its objective among ``acts`` (legal now), if any."""
    slip = _SLIPS.get(match.scenario.ruleset)
    return None if slip is None else slip(match, side, acts)
