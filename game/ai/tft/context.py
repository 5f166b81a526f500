"""One decision's view of the match for the Tactician: its side's figures and the
enemy's, the weights as the numbers stand, the rules' answers (attacks and shots with
their exact odds) asked once through the ruleset's queries.
"""

from __future__ import annotations

from dataclasses import replace

from game.ai.tft.evaluation import Hit, Sandbox, Weights
from game.core.errors import GameError
from game.core.match import Match
from game.core.ruleset import Action, Side
from game.rules.tft.hexes.actions import Shoot
from game.rules.tft.hexes.queries import (
    AttackOdds,
    HexFigure,
    HexQueries,
    HexState,
    adjacent_figures,
    charge_allowance,
    ranged_weapon,
)

_SCALED: dict[tuple[Weights, bool], Weights] = {}


def by_numbers(w: Weights, mine: int, theirs: int) -> Weights:
    """``w`` for a side with ``mine`` figures standing against ``theirs``: once one side
    has at least twice the other's, blows taken count ``w.outnumbered`` times as much
    for the fewer and ``w.outnumbering`` times for the more (careful when few, pressing
    the fight when many)."""
    if mine and theirs and theirs >= 2 * mine:
        few = True
    elif mine and theirs and mine >= 2 * theirs:
        few = False
    else:
        return w
    out = _SCALED.get((w, few))
    if out is None:
        scale = w.outnumbered if few else w.outnumbering
        out = _SCALED[(w, few)] = replace(w, threat=w.threat * scale, outnumbered=1.0,
                                          outnumbering=1.0)
    return out


class Context:
    """One decision's view of the match."""

    def __init__(self, match: Match[HexState], side: Side, weights: Weights) -> None:
        self.match = match
        self.state: HexState = match.state
        self.board = self.state.board
        q = match.ruleset.queries(self.state)
        assert isinstance(q, HexQueries)
        self.q = q
        """The rules' answers about this position (all the Tactician asks them)."""
        self.side = side
        self.w = weights
        self._sandbox: Sandbox | None = None
        own: list[HexFigure] = []
        enemies: list[HexFigure] = []
        for f in self.state.figures.values():
            if f.active:  # (asked once per figure)
                (own if f.side == side else enemies).append(f)
        self.own, self.enemies = own, enemies
        self.w = by_numbers(weights, len(self.own), len(self.enemies))
        self._attacks: list[tuple[HexFigure, Hit]] | None = None
        self._actor: HexFigure | None = None
        self._how: dict[str, str] = {}
        """How the acting figure's blow reaches each enemy of :meth:`attacks`."""

    @property
    def sandbox(self) -> Sandbox:
        """Copies of figures for "what if" odds (made when first needed)."""
        if self._sandbox is None:
            self._sandbox = Sandbox(self.q)
        return self._sandbox

    def actor(self) -> HexFigure:
        """The figure whose action it is (action phase; found once: a decision's state
        does not change while it is made)."""
        f = self._actor
        if f is None:
            f = self._actor = self.state.acting()
            if f is None:
                raise GameError("no figure is acting")
        return f

    def attacks(self) -> list[tuple[HexFigure, Hit]]:
        """The melee attacks the acting figure may make now, with their exact odds: the
        rules' own :meth:`HexQueries.attack_check` (T-5 front hexes, H-4 reach, H-15 big
        figures, H-16 poles, H-17 swipes, T-7 standing, not defending, at most half MA
        spent, never with a missile weapon) for every enemy beside it."""
        if self._attacks is None:
            f = self.actor()
            self._attacks = []
            if not f.standing or f.defending or f.mp_spent > charge_allowance(f):
                return self._attacks
            board = self.board
            for e in self.enemies:
                if not adjacent_figures(board, f, e):
                    continue
                chk = self.q.attack_check(f.id, e.id)
                if chk.allowed and chk.odds is not None:
                    o = chk.odds
                    self._attacks.append((e, Hit(o.p_hit, o.expected_damage, o.p_down)))
                    self._how[e.id] = chk.how
        return self._attacks

    def blow(self, e: HexFigure) -> str:
        """How the acting figure's blow reaches ``e``, one of :meth:`attacks`' enemies
        (a :class:`Blow`: NORMAL, POLE or SWIPE, as its attack check said)."""
        return self._how[e.id]

    def shots(self) -> list[tuple[HexFigure, Hit, Action]]:
        """The shots the acting figure may make now (H-18): each enemy it may shoot, the
        exact chance the shot strikes it (figures in the way counted), and the action.
        Shots with a friend in the way are left out."""
        f = self.actor()
        out: list[tuple[HexFigure, Hit, Action]] = []
        if ranged_weapon(f) is None or not f.standing or f.defending:
            return out
        for e, odds, p, scale in self.shot_chances(f):
            out.append((e, Hit(p, odds.expected_damage * scale, odds.p_down * scale),
                        Shoot(f.id, e.id)))
        return out

    def shot_chances(self, f: HexFigure) -> list[tuple[HexFigure, AttackOdds, float, float]]:
        """H-18: each enemy ``f`` may shoot as it stands, with no friend in the way: the
        shot's odds, the exact chance it strikes that enemy (figures in the way counted)
        and that chance as a share of the odds' chance to hit."""
        out: list[tuple[HexFigure, AttackOdds, float, float]] = []
        for e in self.enemies:
            chk = self.q.shot_check(f.id, e.id)
            if not chk.allowed or chk.odds is None or chk.line is None:
                continue
            if any(self.state.figures[g].side == f.side for g in chk.line.in_way):
                continue
            p = chk.p_target or 0.0
            out.append((e, chk.odds, p, p / chk.odds.p_hit if chk.odds.p_hit > 0 else 0.0))
        return out


