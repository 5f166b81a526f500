"""The hard level's street chase player: the normal one (:class:`ChasePlayer`) with
weights of its own (module text of :mod:`game.ai.hard_players`).

What the normal player does badly (docs/balance/strengths.md, "the street chase"): it
deploys and moves without looking at the terrain the next pursuit phase will drive back
into it (P-6, P-11). Every pursuit phase each piece moves 12 inches away from the
Arrival; a model standing up to 12 inches behind an impassable piece in its lane is hit
by it (an S5 hit with no save) unless it slows far enough back, and slowing near the
far edge leaves the table. In the normal mirror of the Pursuit about six of the twelve
winged hunters die so in the first pursuit phase: they deploy as near the Arrival as
they may, which is right behind the pieces. The copy weighs that **shadow** of the
pieces: a deployment point or the end of a move that a piece will run into in the next
pursuit phase costs :attr:`ChaseWeights.shadow` inches (a piece it would pass under, a
test, :attr:`ChaseWeights.shadow_difficult`), and it weighs more deployment points
(:attr:`ChaseWeights.deploy_look`) so that it can find a clear one.

With :class:`ChaseWeights` () the copy plays exactly as the normal player.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any

from game.ai.pursuit.player import (
    DEPLOY_LOOK,
    VALUE,
    Box,
    ChasePlayer,
    _axes,
)
from game.ai.skeleton import Proposal
from game.core.match import Match
from game.rules.squads.pursuit.actions import Deploy, Move
from game.rules.squads.pursuit.queries import ChaseQueries, Steer


@dataclass(frozen=True)
class ChaseWeights:
    """How the hard chase player's weights differ from the normal one's."""

    value: float = VALUE
    """What a model is worth, in inches of ground (normal: ``VALUE``, 30)."""
    deploy_look: int = DEPLOY_LOOK
    """The deployment points nearest the Arrival a model weighs (normal: 40)."""
    shadow: float = 0.0
    """Inches a deployment point or a move's end costs when an impassable piece will
    run into it in the next pursuit phase (normal: 0, not weighed)."""
    shadow_difficult: float = 0.0
    """The same for a difficult piece that would pass under it (a test)."""
    shadow_move: bool = True
    """Whether the shadow is weighed at the end of moves too (else at deployment only)."""


class HardChasePlayer(ChasePlayer):
    """The chase player with :class:`ChaseWeights` of its own (module text)."""

    def __init__(self, seed: int = 0, weights: ChaseWeights | None = None) -> None:
        super().__init__(seed)
        self.cw = weights or ChaseWeights()
        self.value = self.cw.value
        self.deploy_look = self.cw.deploy_look

    def propose(self, match: Match[Any], side: str) -> Iterator[Proposal]:
        cw = self.cw
        if not cw.shadow and not cw.shadow_difficult:
            yield from super().propose(match, side)
            return
        q = match.ruleset.queries(match.state)
        assert isinstance(q, ChaseQueries)
        boxes: list[tuple[Box, bool, bool]] | None = None
        for p in super().propose(match, side):
            a = p.actions[0]
            if isinstance(a, Deploy) or (cw.shadow_move and isinstance(a, Move)):
                if boxes is None:
                    boxes = _piece_boxes(q)
                mid = a.model
                m = q.model(mid)
                if isinstance(a, Deploy):
                    x, y = a.to.units
                else:
                    x, y = _stop(q, a)
                crash, passes = shadow(q, x, y, m.radius, q.flies(mid), boxes)
                cost = cw.shadow if crash else passes * cw.shadow_difficult
                if cost:
                    p = Proposal(p.score - cost, p.actions, p.why)
            yield p


def _stop(q: ChaseQueries, a: Move) -> tuple[float, float]:
    st: Steer = q.steer(a.model, a.legs, a.accelerate)
    return st.walk.stop


def _piece_boxes(q: ChaseQueries) -> list[tuple[Box, bool, bool]]:
    """The pieces on the table as extents along and across (:data:`Box`), each with
    whether a flyer ignores it and whether it is impassable (else difficult) for a model
    on the ground."""
    x0, y0, hx, hy, cx, cy = _axes(q)
    out = []
    for p in q.pieces():
        if p.where != "table" or not (p.impassable or p.difficult):
            continue
        al = [(x - x0) * hx + (y - y0) * hy for x, y in p.points]
        ac = [(x - x0) * cx + (y - y0) * cy for x, y in p.points]
        out.append(((min(al), max(al), min(ac), max(ac)), p.flyers_ignore, p.impassable))
    return out


def shadow(q: ChaseQueries, x: float, y: float, r: float, flies: bool,
           boxes: list[tuple[Box, bool, bool]]) -> tuple[bool, int]:
    """What runs into a model standing at ``(x, y)`` in the next pursuit phase if it
    keeps pace (P-6, P-10, P-11): whether an impassable piece does (a crash), and how
    many difficult pieces would pass under it (a test each)."""
    x0, y0, hx, hy, cx, cy = _axes(q)
    a0 = (x - x0) * hx + (y - y0) * hy
    c0 = (x - x0) * cx + (y - y0) * cy
    back = q.data().back
    hits = 0
    for (_amin, amax, cmin, cmax), ignored, impassable in boxes:
        if flies and ignored:
            continue
        if cmin > c0 + r or cmax < c0 - r:
            continue
        gap = a0 - r - amax
        if -1e-6 <= gap <= back:
            if impassable:
                return True, hits
            hits += 1
    return False, hits


CHASE_WEIGHTS: dict[str, ChaseWeights] = {}
"""``"scenario:side"`` or ``"scenario"`` -> the hard chase player's weights, where tuned
(docs/balance/strengths.md, "the street chase"); elsewhere the normal player plays."""


def hard_chase(scenario: str, side: str, seed: int = 0) -> ChasePlayer:
    """The hard level's inner player for ``side`` of a chase ``scenario``: the copy with
    the weights tuned for it, else the normal player."""
    for key in (f"{scenario}:{side}", scenario):
        if key in CHASE_WEIGHTS:
            return HardChasePlayer(seed, CHASE_WEIGHTS[key])
    return ChasePlayer(seed)
