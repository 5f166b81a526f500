"""The hard level's zone Tactician: the normal one with weights of its own
(:class:`game.ai.hard_players.ZoneWeights`; module text of :mod:`game.ai.hard_players`).
A module of its own so that :mod:`game.ai.hard_players` loads no rule system until a
hard player of that ruleset is made.

Besides the normal player's weights, the copy may weigh the charges (Z-9: double damage)
that enemies yet to act this turn could make at a figure Alone (:meth:`_charge_danger`):
waiting for them (``ZoneWeights.wait``, Z-17), the charges awaiting a charger where it
ends (``ZoneWeights.retaliate``), and getting out of their reach with the second move of
a split action (``ZoneWeights.getaway``, Z-8); and it may raise a charge at an enemy that
fights friends in its melee group (Z-2) by the blow putting it down spares them
(``ZoneWeights.relief``, :meth:`_relief`). Each is off (0) in the normal weights, and
then skipped before anything is worked out.
"""

from __future__ import annotations

from game.ai.hard_players import ZoneWeights
from game.ai.tft.zones import Cand, ZoneTactician, is_archer
from game.rules.tft.zones.actions import Charge, Defend, Wait, ZoneMove
from game.rules.tft.zones.queries import (
    ALONE,
    CONTACT,
    ZoneFigure,
    ZoneQueries,
    numbers,
)


class HardZoneTactician(ZoneTactician):
    """The zone Tactician with :class:`ZoneWeights` of its own (module text)."""

    def __init__(self, seed: int = 0, weights: ZoneWeights | None = None) -> None:
        super().__init__(seed)
        self.zw = weights or ZoneWeights()
        self.kill = self.zw.kill
        self._scale = dict(self.zw.scale)
        self._offset = dict(self.zw.offset)

    def _urgency(self, q: ZoneQueries, f: ZoneFigure) -> float:
        st = q.state
        if st.hold_out is None or f.side == st.hold_out or not st.turn_limit:
            return 1.0
        return 1.0 + self.zw.urgency * st.turn / st.turn_limit

    def _melee(self, q: ZoneQueries, f: ZoneFigure, status: str) -> list[Cand]:
        out = super()._melee(q, f, status)
        if self.zw.guard and status == CONTACT and not q.state.split and \
                not any(isinstance(a, Defend) for _s, a in out):
            out.append((self._threat(q, f) * self.zw.guard, Defend(f.id)))
        return out

    def _act(self, q: ZoneQueries, f: ZoneFigure) -> list[Cand]:
        cands = super()._act(q, f)
        if not self._scale and not self._offset:
            return cands
        out: list[Cand] = []
        for score, a in cands:
            name = type(a).__name__
            out.append((score * self._scale.get(name, 1.0) + self._offset.get(name, 0.0), a))
        return out

    def _alone(self, q: ZoneQueries, f: ZoneFigure) -> list[Cand]:
        out = super()._alone(q, f)
        if not (self.zw.wait or self.zw.retaliate) or q.state.split:
            return out
        if self.zw.retaliate:
            out = [(s - self.zw.retaliate * self._charge_danger(q, f, a.path[-1], a.target), a)
                   if isinstance(a, Charge) else (s, a) for s, a in out]
        if self.zw.wait and not f.waiting and f.bottleneck is None:
            here = self._charge_danger(q, f, f.zone)
            if here > 0:
                out.append((self.zw.wait * here, Wait(f.id)))
        return out

    def _relief(self, q: ZoneQueries, f: ZoneFigure, t: ZoneFigure) -> float:
        """Z-2, Z-9: what a charge of ``f`` at ``t`` spares the friends in ``t``'s melee
        group: the strongest blow ``t`` would deal one of them, times the chance the
        charge's blow (double damage) puts ``t`` down (0 where ``t`` fights no friend)."""
        if not t.group:
            return 0.0
        spared = max((self._blow(q, t, g) for g in q.group_of(t)
                      if g.side == f.side and g.active), default=0.0)
        if spared <= 0:
            return 0.0
        down = q.blow_odds(f, t, q.charge_multiplier()).p_down
        return down * spared

    def _charge_score(self, q: ZoneQueries, f: ZoneFigure, t: ZoneFigure, p: float,
                      end: str) -> float:
        if self.zw.obstacle:
            p *= 1.0 - self.zw.obstacle * (1.0 - self._round(q, f, t))
        score = super()._charge_score(q, f, t, p, end)
        if self.zw.relief:
            score += p * self.zw.relief * self._relief(q, f, t)
        return score

    def _round(self, q: ZoneQueries, f: ZoneFigure, t: ZoneFigure) -> float:
        """Z-9, Z-11: the chance a charge's end gets round the obstacle ``t`` keeps
        between them (the rules' roll: 3d6 against the charger's adjusted DX less the
        obstacle's size; 1 where there is none)."""
        return q.charge_end_odds(f, t)

    def _split_step(self, q: ZoneQueries, f: ZoneFigure) -> list[Cand]:
        out = super()._split_step(q, f)
        if not self.zw.getaway:
            return out
        moves_left, attacks_left = q.split_left()
        if attacks_left > 0 or moves_left <= 0 or q.status(f) != ALONE:
            return out
        return self._getaway(q, f, out, self._charge_danger(q, f, f.zone),
                             self.zw.getaway)

    def _getaway(self, q: ZoneQueries, f: ZoneFigure, out: list[Cand], here: float,
                 weight: float) -> list[Cand]:
        """Z-8: the second move of a split action weighed by the charges (Z-9) awaiting
        it where it ends against those awaiting ``f`` where it stands (``here``), and,
        where it stands in reach of such a charge, moves out of it (Z-4: its surest
        running move to each zone)."""
        got = [(s - weight * (self._charge_danger(q, f, a.path[-1]) - here), a)
               if isinstance(a, ZoneMove) else (s, a) for s, a in out]
        if here <= 0 or f.bottleneck is not None:
            return got
        for z, r in q.zone_reach(f, True).items():
            p = r.plan.p
            gain = p * weight * (here - self._charge_danger(q, f, z)) - (1 - p) * 0.5
            if gain > 0:
                got.append((gain, r.move))
        return got

    def _charge_danger(self, q: ZoneQueries, f: ZoneFigure, zone: str, skip: str = ""
                       ) -> float:
        """Z-9: the strongest charge blow an enemy yet to act this turn (but ``skip``)
        could land on ``f`` in ``zone``, times the chance its running zone move gets
        there (Z-3..Z-6, Z-10: terrain and walls counted; one in ``zone`` itself must
        leave it and come back, two zones of MR, its surest way out)."""
        st = q.state
        worst = 0.0
        mult = q.charge_multiplier()
        two = 2 * numbers().mr_per_zone
        for g in st.figures.values():
            if g.side == f.side or not g.active or g.acted or g.prone or g.id == skip or \
                    g.bottleneck is not None or g.close_with is not None or is_archer(g):
                continue
            if q.melee_weapon(g) is None:
                continue
            reach = q.zone_reach(g, True)
            if zone not in g.zones:
                got = reach.get(zone)
                p = got.plan.p if got is not None else 0.0
            elif q.current_mr(g, True) >= two:
                p = max((r.plan.p for r in reach.values()), default=0.0)
            else:
                p = 0.0
            if p > 0:
                worst = max(worst, p * self._blow(q, g, f, mult=mult))
        return worst
