"""The hard level's zone Tactician: the normal one with weights of its own
(:class:`game.ai.hard_players.ZoneWeights`; module text of :mod:`game.ai.hard_players`).
A module of its own so that :mod:`game.ai.hard_players` loads no rule system until a
hard player of that ruleset is made."""

from __future__ import annotations

from game.ai.hard_players import ZoneWeights
from game.ai.tft.zones import Cand, ZoneTactician
from game.rules.tft.zones.actions import Defend
from game.rules.tft.zones.queries import CONTACT, ZoneFigure, ZoneQueries


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
