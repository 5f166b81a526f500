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
pieces: a deployment point, the end of a move or the place a model stays on that a
piece (or a mine cluster on a piece) will run into in the next pursuit phase costs
:attr:`ChaseWeights.shadow` inches (a piece it would pass under, a test,
:attr:`ChaseWeights.shadow_difficult`). A chaser that may move but stays put scores -40
in the normal player, below a crash into impassable terrain (about -29 for a T3 model),
so it crashes rather than stay; :attr:`ChaseWeights.chaser_hold` scores it otherwise.

With :class:`ChaseWeights` () the copy plays exactly as the normal player.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any

from game.ai.pursuit.player import (
    DEPLOY_LOOK,
    VALUE,
    XY,
    Box,
    ChasePlayer,
    _along_across,
    _axes,
)
from game.ai.skeleton import Proposal
from game.core.match import Match
from game.core.ruleset import Action
from game.rules.squads.pursuit.actions import Deploy, Hold, Move
from game.rules.squads.pursuit.phases import ChasePhase
from game.rules.squads.pursuit.queries import ChaseQueries


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
    chaser_hold: float | None = None
    """The score of a chaser staying put in the movement phase when it may move (normal:
    ``HOLD``, -40, below a crash into impassable terrain, which it then prefers); None:
    as normal."""


class HardChasePlayer(ChasePlayer):
    """The chase player with :class:`ChaseWeights` of its own (module text)."""

    def __init__(self, seed: int = 0, weights: ChaseWeights | None = None) -> None:
        super().__init__(seed)
        self.cw = weights or ChaseWeights()
        self.value = self.cw.value
        self.deploy_look = self.cw.deploy_look
        if self.cw.chaser_hold is not None:
            self.hold = self.cw.chaser_hold

    def propose(self, match: Match[Any], side: str) -> Iterator[Proposal]:
        cw = self.cw
        if not cw.shadow and not cw.shadow_difficult:
            yield from super().propose(match, side)
            return
        q = match.ruleset.queries(match.state)
        assert isinstance(q, ChaseQueries)
        moving = ChasePhase(match.phase) == ChasePhase.MOVEMENT
        boxes: list[tuple[Box, bool, bool]] | None = None
        for p in super().propose(match, side):
            a = p.actions[0]
            score = p.score
            at = self._stands(q, a, moving)
            if at is not None:
                boxes = _piece_boxes(q) if boxes is None else boxes
                m = q.model(at[0])
                crash, passes = shadow(q, *at[1], m.radius, q.flies(m.id), boxes)
                score -= cw.shadow if crash else passes * cw.shadow_difficult
            yield p if score == p.score else Proposal(score, p.actions, p.why)

    def _stands(self, q: ChaseQueries, a: Action, moving: bool) -> tuple[str, XY] | None:
        """The model ``a`` moves and where it leaves it for the next pursuit phase: a
        deployment point, or in the movement phase the end of a move or where it stays;
        None where the shadow is not weighed (module text)."""
        cw = self.cw
        if not cw.shadow and not cw.shadow_difficult:
            return None
        if isinstance(a, Deploy):
            return a.model, a.to.units
        if not (cw.shadow_move and moving):
            return None
        if isinstance(a, Hold):
            m = q.model(a.model)
            return m.id, (m.x, m.y)
        if isinstance(a, Move):
            return a.model, q.steer(a.model, a.legs, a.accelerate).walk.stop
        return None


def _piece_boxes(q: ChaseQueries) -> list[tuple[Box, bool, bool]]:
    """The pieces on the table as extents along and across (:data:`Box`), each with
    whether a flyer ignores it and whether it is impassable (else difficult) for a model
    on the ground; the clusters on a piece as impassable boxes as wide as their blast."""
    ax = _axes(q)
    out = []
    for p in q.pieces():
        if p.where != "table" or not (p.impassable or p.difficult):
            continue
        al, ac = zip(*(_along_across(ax, x, y) for x, y in p.points), strict=True)
        out.append(((min(al), max(al), min(ac), max(ac)), p.flyers_ignore, p.impassable))
    for c in q.mines():  # a cluster goes back with its piece and sets itself off on a model
        if c.where == "table" and c.at is not None and c.piece is not None:
            a, b = _along_across(ax, *c.at)
            reach = max(c.radius, c.blast)
            out.append(((a - reach, a + reach, b - reach, b + reach), False, True))
    return out


def shadow(q: ChaseQueries, x: float, y: float, r: float, flies: bool,
           boxes: list[tuple[Box, bool, bool]]) -> tuple[bool, int]:
    """What runs into a model standing at ``(x, y)`` in the next pursuit phase if it
    keeps pace (P-6, P-10, P-11): whether an impassable piece does (a crash), and how
    many difficult pieces would pass under it (a test each)."""
    a0, c0 = _along_across(_axes(q), x, y)
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


CHASE_WEIGHTS: dict[str, ChaseWeights] = {
    # the chasers deploy and move out of the pieces' shadow; the drones also stay put
    # rather than crash (docs/balance/strengths.md, "the street chase")
    "pursuit:hunters": ChaseWeights(shadow=20.0),
    "riders_and_drones:drones": ChaseWeights(shadow=20.0, chaser_hold=-5.0),
}
"""``"scenario:side"`` or ``"scenario"`` -> the hard chase player's weights, where tuned
(docs/balance/strengths.md, "the street chase"); elsewhere the normal player plays."""


def hard_chase(scenario: str, side: str, seed: int = 0) -> ChasePlayer:
    """The hard level's inner player for ``side`` of a chase ``scenario``: the copy with
    the weights tuned for it, else the normal player."""
    for key in (f"{scenario}:{side}", scenario):
        if key in CHASE_WEIGHTS:
            return HardChasePlayer(seed, CHASE_WEIGHTS[key])
    return ChasePlayer(seed)
