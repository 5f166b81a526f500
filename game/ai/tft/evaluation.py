"""What the Tactician knows about a position: exact odds, cached, and who can hit where.

Every number here comes from the rules' own answers, asked through their queries
(:class:`~game.rules.tft.hexes.queries.HexQueries`: a blow's odds on *copies* of figures
placed where the AI is thinking of putting them, a fall's odds, a charge's reach);
nothing here changes a match. Odds are cached by what decides them (attacker's DX and
gear, target's ST, gear and defence, the level difference and the facing arc), and so
are fall risks, so a game asks icepool each question once; the board's distances are a
table the rules keep for the match.
"""

from __future__ import annotations

from dataclasses import dataclass
from itertools import chain
from typing import Any, NamedTuple

from game.boards.hexmap import HexMap
from game.rules.tft.hexes.queries import (
    FallOdds,
    HexFigure,
    HexQueries,
    charge_allowance,
    facing_arc,
    front_cells,
)

Arc = str
"""T-5: "front", "side" or "rear", as :func:`heights.facing_from` names them."""

ARC_TURN: dict[Arc, int] = {"front": 0, "side": 2, "rear": 3}
"""How far a defender is turned away from an attacker for each arc (T-5)."""


@dataclass(frozen=True)
class Weights:
    """How the Tactician trades one thing against another, in points of ST.

    Damage dealt and damage taken are both worth their expected ST; the rest says how
    much a knock-down, a level of height or a hex nearer the enemy is worth next to them.
    """

    kill: float = 6.0
    """Taking an enemy out (unconscious or dead), on top of the damage."""
    lose: float = 6.0
    """Losing one of ours, on top of the damage."""
    threat: float = 0.3
    """Damage we expect to take, against damage we deal (below 1: a little bold)."""
    unmoved: float = 0.5
    """Threat from enemies that have yet to move: they may go elsewhere."""
    approach: float = 1.2
    """Each hex nearer the nearest enemy."""
    high: float = 0.25
    """Each level of height (H-6: a level is worth 1 adjusted DX)."""
    friend: float = 0.2
    """Each friend next to the cell (no open flank)."""
    later: float = 0.3
    """An attack set up for next turn (moved more than half MA: no attack now, T-7)."""
    prone: float = 3.0
    """Lying prone: the next action goes on standing up."""
    defend_against: int = 2
    """How many enemies must be able to strike a figure before it defends (T-7) rather
    than strike back (one that cannot strike back may always defend)."""
    outnumbered: float = 1.35
    """Scale of ``threat`` once the enemy has twice our figures standing (careful)."""
    outnumbering: float = 0.5
    """Scale of ``threat`` once we have twice the enemy's figures standing (pressing)."""
    hold: float = 1.0
    """Each level of height for a side that out-shoots its enemy and waits for it."""
    wait_range: int = 4
    """A waiting side closes only on enemies this many hexes away or nearer."""
    deadly_fall: float = 0.15
    """Never jump when the fall takes the figure down with more than this chance."""
    keep_bow: float = 0.0
    """Hard only (0: off, as the normal Tactician): an archer in contact keeps its bow
    ready and shoots the enemy engaging it (T-6, H-18) instead of readying its dagger,
    readies the bow again in contact for this many points, and does not defend when it
    has that shot."""
    step_out: float = 0.0
    """Hard only (0: off): an engaged archer with its bow ready shifts one hex out of
    every enemy's reach (T-6: an engaged figure may shift one hex; H-10) to shoot from
    there, the shot worth this share of its points."""
    cover: float = 0.0
    """Hard only (0: off): each enemy archer (a missile weapon, standing, not defending)
    that sees a cell (H-18: its eye to a standing figure's chest there) costs the cell
    this much: out of the archers' sight where the ground allows."""
    hunt: float = 0.0
    """Hard only (0: off): each hex nearer the nearest enemy that carries a missile
    weapon (go for the archers, H-18)."""
    walk: float = 0.0
    """Hard only (0: off): each MP of the figure's own walk to a hex from which it could
    strike an enemy across the levels (H-2, H-4): under a wall too high to reach, an
    enemy a hex away is still a walk round to the gate away."""
    walk_from: int = 0
    """Hard only: the turn from which :attr:`walk` counts (a late push on a side that
    would otherwise wait under the walls to the last turn)."""


class Hit(NamedTuple):
    """One attack's exact odds, reduced to what the AI weighs."""

    p_hit: float
    damage: float
    """Expected hits through armour (T-2 multipliers included)."""
    p_down: float
    """Chance the blow leaves the target unconscious or dead."""


_ODDS: dict[tuple[Any, ...], tuple[float, float, float]] = {}
"""Each blow's :class:`Hit` as a plain tuple (which the garbage collector stops looking
at), by what decides it."""
_ODDS_LIMIT = 200_000
_BLOWS: dict[tuple[Any, ...], tuple[float, float, int, int, int]] = {}
"""A blow's odds whatever the target's ST (all but the chance it goes down, T-3), by the
key of :data:`_ODDS` less that ST: a target of another ST asks the rules only that
chance (:meth:`HexQueries.down_chance`)."""


class Sandbox:
    """Copies of figures the AI moves about freely to ask the rules "what if"."""

    def __init__(self, q: HexQueries) -> None:
        self.q = q
        self.board: HexMap = q.board
        self._ground_dx = q.ground_dx_table()
        self._copies: dict[str, HexFigure] = {}

    def at(self, fig: HexFigure, cell: int) -> HexFigure:
        """A copy of ``fig`` standing in ``cell`` (one per figure, reused: valid until the
        next call for the same figure)."""
        return self._placed(fig.id, fig, cell)

    def _target(self, fig: HexFigure, cell: int) -> HexFigure:
        """A second copy of ``fig``, kept apart from :meth:`at`'s so that an attacker and
        its target can both be placed at once."""
        return self._placed(fig.id + "\x00", fig, cell)

    def _placed(self, key: str, fig: HexFigure, cell: int) -> HexFigure:
        c = self._copies.get(key)
        if c is None:
            c = fig.clone()
            self._copies[key] = c
        c.cell = cell
        c.footprint = [cell]  # a copy stands on one hex: what it asks is one hex's odds
        c.facing, c.defending, c.prone = fig.facing, fig.defending, fig.prone
        c.kneeling, c.hold = fig.kneeling, ""
        return c

    def can_fight(self, a: HexFigure, a_cell: int, t: HexFigure, t_cell: int) -> bool:
        """H-4: whether a figure in ``a_cell`` and one in ``t_cell`` may attack each other."""
        return self.q.can_fight(self.at(a, a_cell), self._target(t, t_cell))

    def hit(self, a: HexFigure, a_cell: int, t: HexFigure, t_cell: int, arc: Arc,
            defending: bool | None = None) -> Hit:
        """Exact odds of ``a`` in ``a_cell`` attacking ``t`` in ``t_cell`` into ``arc``
        (T-2..T-5, H-6), the rules' own odds on copies (:meth:`HexQueries.blow_odds`);
        cached."""
        dfd = t.defending if defending is None else defending
        lv = self.board.level_list
        blow = (a.dx, a.dx_penalty, a.armour, a.shield, a.ready, a.h, a.prone, a.kneeling,
                t.armour, t.shield, t.h, t.prone, t.kneeling, dfd,
                lv[a_cell] - lv[t_cell], arc, self._ground_dx[a_cell])
        key = (blow, t.st)
        v = _ODDS.get(key)
        if v is None:
            if len(_ODDS) > _ODDS_LIMIT:
                _ODDS.clear()
                _BLOWS.clear()
            known = _BLOWS.get(blow)
            if known is not None:  # the same blow on a target of another ST (T-3)
                p_hit, damage, dice, target, stops = known
                v = (p_hit, damage, self.q.down_chance(a, dice, target, stops, t.st))
            else:
                d = self.board.direction(t_cell, a_cell)
                if d is None:
                    raise ValueError("hit() needs adjacent cells")
                att = self.at(a, a_cell)
                tgt = self._target(t, t_cell)
                tgt.facing = (d - ARC_TURN[arc]) % 6
                tgt.defending = dfd
                o = self.q.blow_odds(att, tgt)
                v = (o.p_hit, o.expected_damage, o.p_down)
                _BLOWS[blow] = (o.p_hit, o.expected_damage, o.dice, o.target, o.stops)
            _ODDS[key] = v
        return Hit._make(v)


def arc_of(direction_to_attacker: int, facing: int) -> Arc:
    """T-5 for a figure facing ``facing`` attacked from ``direction_to_attacker``: the
    rules' own :func:`facing_arc`."""
    return facing_arc(direction_to_attacker, facing)


_FALLS: dict[tuple[object, ...], FallOdds] = {}


def fall_risk(q: HexQueries, fig: HexFigure, levels: int) -> FallOdds:
    """H-8: the rules' own odds of ``fig`` dropping ``levels`` (:meth:`HexQueries.fall_odds`:
    the 3d6 roll to brace, a die per band, armour stopping only 2, knocked down by 8
    damage in the turn or out, T-3), cached by what decides them."""
    key = (fig.climb_h, fig.dx, fig.dx_penalty, fig.armour, fig.shield, fig.st,
           fig.damage_taken, fig.prone, fig.status, levels)
    risk = _FALLS.get(key)
    if risk is None:
        if len(_FALLS) > _ODDS_LIMIT:
            _FALLS.clear()
        risk = _FALLS[key] = q.fall_odds(fig.id, levels)
    return risk


@dataclass
class EnemyThreat:
    """Where one enemy can strike from in the coming action phase."""

    enemy: HexFigure
    fixed: bool
    """True if it has moved already: it strikes only into its own front hexes."""
    stands: set[int]
    """Cells it can attack from (its own cell, plus where it can still charge to)."""
    board: HexMap
    front: set[int] | None = None
    """A fixed enemy's front hexes."""

    @property
    def targets(self) -> set[int]:
        """Every cell it could attack (a quick test before the exact one)."""
        if self.fixed:
            assert self.front is not None
            return self.front
        return set(chain.from_iterable(map(self.board.neighbours, self.stands)))


def enemy_threats(q: HexQueries, side: str, *, mobile: bool) -> list[EnemyThreat]:
    """Each enemy of ``side`` able to attack in the coming action phase, and from where.

    ``mobile``: the enemy side has yet to move this turn, so each enemy may still charge
    (its charge reach, T-7: the rules' own :meth:`HexQueries.charge_reach`, walking only:
    an enemy that jumps down ends its move, often prone) and face any way.
    """
    state = q.state
    board = state.board
    out = []
    for e in state.figures.values():
        if e.side == side or not e.standing or e.defending:
            continue
        if charge_allowance(e) < e.mp_spent:
            continue
        if mobile and not e.move_over:
            reach = q.charge_reach(e.id)
            assert reach is not None
            out.append(EnemyThreat(e, False, set(reach.cells), board))
        else:
            front = set(front_cells(board, e))
            out.append(EnemyThreat(e, True, {e.cell}, board, front))
    return out
