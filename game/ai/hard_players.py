"""Hard-only copies of the normal players, with weights of their own.

The normal players (the golden transcripts play them) are never changed; the hard
level plays a copy whose weights were tuned by paired games against the normal player
(docs/balance/strengths.md, "hard-only weights"):

- Melee on hex heights: the Tactician itself with other :class:`Weights` (it takes
  them as an argument; its caches are keyed by them).
- Melee on zone boards: :class:`HardZoneTactician`, the zone Tactician with the worth
  of putting an enemy down, the attackers' urgency and, per kind of action, a scale and
  an offset on the score of its proposals (:class:`ZoneWeights`).

:func:`hard_inner` gives the copy for a scenario: the weights tuned for that scenario
(:data:`HEX_WEIGHTS`, :data:`ZONE_WEIGHTS`), else the normal player unchanged (a
scenario where no tuning was measured plays exactly as normal).
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Any

from game.ai import computer_player
from game.ai.player import Player
from game.ai.tft.evaluation import Weights
from game.ai.tft.tactician import Tactician
from game.ai.tft.zones import KILL, Cand, ZoneTactician
from game.rules.tft.zones.actions import Defend
from game.rules.tft.zones.queries import CONTACT, ZoneFigure, ZoneQueries


@dataclass(frozen=True)
class ZoneWeights:
    """How the hard zone Tactician's weights differ from the normal one's."""

    kill: float = KILL
    """Points for putting an enemy down, on top of the damage (normal: ``KILL``)."""
    urgency: float = 2.0
    """How much more an attacker that must break a holding-out side leans into the
    fight at the last turn (normal: 2)."""
    scale: tuple[tuple[str, float], ...] = ()
    """Action class name -> a factor on its proposals' scores (1 where not named)."""
    offset: tuple[tuple[str, float], ...] = ()
    """Action class name -> points added to its proposals' scores (0 where not named)."""
    guard: float = 0.0
    """A figure in contact also weighs defending (T-7: the attackers roll 4d6) where the
    normal player would not: at this share of the blows it expects (0: never)."""


class HardZoneTactician(ZoneTactician):
    """The zone Tactician with :class:`ZoneWeights` of its own (module text)."""

    def __init__(self, seed: int = 0, weights: ZoneWeights | None = None) -> None:
        super().__init__(seed)
        self.zw = weights or ZoneWeights()
        self._scale = dict(self.zw.scale)
        self._offset = dict(self.zw.offset)

    def _blow(self, q: ZoneQueries, a: ZoneFigure, t: ZoneFigure, mult: int = 1,
              shot: bool = False) -> float:
        if shot:
            o = q.shot_odds(a, t)
        elif q.melee_weapon(a) is None:
            return 0.0
        else:
            o = q.blow_odds(a, t, mult)
        return o.expected_damage + o.p_down * (self.zw.kill + t.st / 2)

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


ZONE_WEIGHTS: dict[str, ZoneWeights] = {
    # holding out till dawn: a farmer in contact always defends (150 paired games:
    # 140 won where the normal farmers won 56)
    "farmhouse:farmers": ZoneWeights(guard=3.0, offset=(("Defend", 20.0),)),
}
"""``"scenario:side"`` or ``"scenario"`` -> the hard zone Tactician's weights, where
tuned (docs/balance/strengths.md, "hard-only weights")."""


def hex_weights(**changes: Any) -> Weights:
    """The normal Tactician's weights with ``changes``."""
    return replace(Weights(), **changes)


HEX_WEIGHTS: dict[str, Weights] = {
    # the normal Tactician is bold (threat 0.3): weighing the blows it will take at 0.6
    # (and, for the raiders, enemies yet to move in full, no attack set up for the next
    # turn and no worth in merely closing in: they let the wardens come) wins more
    "hill_fight:wardens": hex_weights(threat=0.6),
    "hill_fight:raiders": hex_weights(threat=0.6, unmoved=1.0, later=0.0, approach=0.0),
}
"""``"scenario:side"`` or ``"scenario"`` -> the hard Tactician's weights, where tuned
(else the normal ones)."""


def hard_inner(ruleset: str, scenario: str, side: str, seed: int = 0) -> Player:
    """The player the hard level builds on for ``side`` of ``scenario`` (module text)."""
    for key in (f"{scenario}:{side}", scenario):
        if ruleset == "tft-heights" and key in HEX_WEIGHTS:
            return Tactician(seed, HEX_WEIGHTS[key])
        if ruleset == "tft-zones" and key in ZONE_WEIGHTS:
            return HardZoneTactician(seed, ZONE_WEIGHTS[key])
    return computer_player(ruleset, seed)
