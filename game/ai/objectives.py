"""How close each side is to winning, from the scenario's own victory conditions.

The hard player (:mod:`game.ai.levels`) scores the positions its look-ahead reaches with
:func:`standing`: a won game +-:data:`WIN_SCORE`, else :func:`material` (the pieces in
the fight, health counted half) plus :func:`objective`, what each ruleset's victory
code counts besides the last side standing, in the same unit (one piece):

- Melee on hex heights (T-victory): the last side with a figure up wins; a turn limit
  is a draw. Material says it all: no extra term.
- Melee on zone boards: the same, but a scenario's ``hold_out`` side wins if any of its
  figures still stands after the last turn (the Farmhouse). The holders' figures count
  more, the more so as the last turn nears (:data:`HOLD_WEIGHT`).
- Tabletop Hero (K-10): a side whose hero dies loses. Each hero's health counts
  :data:`HERO_WEIGHT` pieces for its side.
- The sewer flood: with the nest objective the planter wins with the charges planted,
  the keeper when the turn limit passes first: each charge planted counts
  :data:`CHARGE_WEIGHT` and each of the planter's nearest models coming within
  :data:`NEST_REACH` inches of the nest up to one more. Without it the side with the
  most models standing at the limit wins: material again.
- The street chase (P-4): the runners win when one leaves the table by the Arrival; the
  runner nearest to it counts one piece for every :data:`ESCAPE_INCHES` it has come
  (its distance from the Arrival, read through ``ChaseQueries.along``).

Everything is read through the match's API and the rulesets' read-only queries
(``Ruleset.queries``), never changed; the score is a pure function of the position, so
a search that uses it stays deterministic.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from typing import Any

from game.core.match import Match
from game.core.ruleset import Side

WIN_SCORE = 100.0
"""What a won (lost) game is worth, in pieces."""
HERO_WEIGHT = 4.0
"""Tabletop Hero: a side's hero at full health, in pieces (beside its worth as a mini)."""
HOLD_WEIGHT = 3.0
"""Zone boards with a hold-out side: the extra worth of all the holders' figures at the
last turn (it grows from a third of it at the first)."""
CHARGE_WEIGHT = 3.0
"""The sewer flood's nest: one charge planted, in pieces."""
NEST_REACH = 24.0
"""The sewer flood's nest: inches within which a planter's model starts to count."""
ESCAPE_INCHES = 12.0
"""The street chase: inches of the runners' best progress worth one piece."""


def material(match: Match[Any], side: Side) -> float:
    """How well ``side`` stands: +-:data:`WIN_SCORE` for a won or lost game (0 for a
    draw), else its pieces in the fight less the others', each worth 1/2 plus 1/2 of its
    health."""
    outcome = match.outcome()
    if outcome is not None:
        if outcome.winner is None:
            return 0.0
        return WIN_SCORE if outcome.winner == side else -WIN_SCORE
    score = 0.0
    for p in match.pieces():
        if not p.active:
            continue
        worth = 0.5 + 0.5 * max(0, p.health) / p.health_max if p.health_max > 0 else 1.0
        score += worth if p.side == side else -worth
    return score


def standing(match: Match[Any], side: Side) -> float:
    """:func:`material` plus :func:`objective` (a finished game: +-:data:`WIN_SCORE`)."""
    base = material(match, side)
    if match.outcome() is not None:
        return base
    return base + objective(match, side)


def objective(match: Match[Any], side: Side) -> float:
    """How much nearer ``side`` is to winning by its scenario's objective than the
    other sides, in pieces (0 where the last side standing wins and nothing else)."""
    term = _TERMS.get(match.scenario.ruleset)
    return 0.0 if term is None else term(match, side)


def hero_term(match: Match[Any], side: Side) -> float:
    """K-10: each side's hero, :data:`HERO_WEIGHT` at full health (a quarter of it
    while alive at all, nothing dead), for its side and against the others."""
    st = match.state
    out = 0.0
    for p in match.pieces():
        mini = st.minis.get(p.id)
        if mini is None or not mini.hero:
            continue
        if p.status == "dead" or not mini.alive:
            worth = 0.0
        else:
            frac = max(0, p.health) / p.health_max if p.health_max > 0 else 1.0
            worth = 0.25 + 0.75 * frac
        out += HERO_WEIGHT * worth if p.side == side else -HERO_WEIGHT * worth
    return out


def hold_term(match: Match[Any], side: Side) -> float:
    """A zone board's hold-out side wins if any figure of its stands after the last
    turn: its figures up count extra, :data:`HOLD_WEIGHT` shared among them all (a third
    of it at the first turn, all at the last), for it and against the attackers."""
    st = match.state
    hold = st.hold_out
    limit = st.turn_limit
    if hold is None or not limit:
        return 0.0
    holders = [p for p in match.pieces() if p.side == hold]
    if not holders:
        return 0.0
    up = sum(1 for p in holders if p.active)
    frac = min(1.0, match.turn / limit)
    worth = HOLD_WEIGHT * (1.0 + 2.0 * frac) / 3.0
    # the last figure standing is the whole game: worth twice a share
    value = worth * (up + (1 if up == 1 else 0)) / len(holders)
    return value if side == hold else -value


def nest_term(match: Match[Any], side: Side) -> float:
    """The sewer flood's nest: the charges planted (:data:`CHARGE_WEIGHT` each) and the
    planter's nearest models coming within :data:`NEST_REACH` inches of the nest (as
    many as charges are still to plant, up to one piece each), for the planter and
    against the keeper."""
    from game.rules.squads.flood.queries import FloodQueries

    q = match.ruleset.queries(match.state)
    if not isinstance(q, FloodQueries) or q.objective() != "nest":
        return 0.0
    planter = q.planter() or match.sides[0]
    planted, charges = q.planted()
    value = CHARGE_WEIGHT * planted
    nests = q.nests()
    if nests and charges > planted:
        pts = nests[0].points
        cx = sum(p[0] for p in pts) / len(pts)
        cy = sum(p[1] for p in pts) / len(pts)
        near = sorted(
            (0.0 if q.at_nest(m.id) else math.dist((m.x, m.y), (cx, cy)))
            for u in q.units(planter) for m in u.survivors)
        for d in near[:charges - planted]:
            value += max(0.0, 1.0 - d / NEST_REACH)
    return value if side == planter else -value


def chase_term(match: Match[Any], side: Side) -> float:
    """P-4: the runners win by leaving by the Arrival: the runner on the table nearest
    to it counts one piece for every :data:`ESCAPE_INCHES` it has come from the far
    side's reach (a negative distance: nearer is more), for the runners and against the
    chasers."""
    from game.rules.squads.pursuit.queries import ChaseQueries

    q = match.ruleset.queries(match.state)
    if not isinstance(q, ChaseQueries):
        return 0.0
    runners, _chasers = q.sides()
    on = [q.along(m.id) for m in q.models(runners)]
    if not on:
        return 0.0
    value = -min(on) / ESCAPE_INCHES
    return value if side == runners else -value


_TERMS: dict[str, Callable[[Match[Any], Side], float]] = {
    "hero": hero_term,
    "tft-zones": hold_term,
    "flood": nest_term,
    "pursuit": chase_term,
}
"""Ruleset key -> its objective term (none for the hex melee: material is all)."""
