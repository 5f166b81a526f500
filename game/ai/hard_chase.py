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

The runners (docs/balance/strengths.md, "runners") die mostly in the pursuit phase too, run into by
the pieces (half their deaths), and by **clusters**: a cluster goes back with its piece
and goes off on the first model it meets, and the normal pace choice weighs only the
pieces (a scout that sees no piece coming keeps pace into the cluster: a fifth of the
Pursuit scouts' deaths). :attr:`ChaseWeights.runner_cluster` prices that meeting in the
pace choice (:func:`cluster_needs`); :attr:`ChaseWeights.runner_next` prices, where a
runner deploys, moves to or stays, what the next pursuit phase is expected to cost it
there with its best pace choice (:func:`next_pursuit`), where the normal player looks
only at how much of the lane ahead an impassable piece takes.

Slowing out of a cluster's way leaves a scout beside it, and a cluster goes off when a
model within 2 inches of it is shot at (P-12): three S4 blasts on a T5 scout kill it 42 %
of the time, where a hunter's spine gun kills it one time in twelve. The normal player
does not look: :attr:`ChaseWeights.runner_mine` prices a move's end (or staying) in the
blast of a cluster while a hunter's gun reaches it there (:func:`blasts_reaching`,
:func:`guns_reaching`).
For the scouts ground is dear (the hunters fly after them and shoot the ones that fall
back), so :attr:`ChaseWeights.runner_next_over` makes :attr:`ChaseWeights.runner_next`
weigh only the places where the next pursuit phase is likely to crash them whatever pace
they choose, not the ground an ordinary slowing costs.

With :class:`ChaseWeights` () the copy plays exactly as the normal player.
"""

from __future__ import annotations

import math
from collections.abc import Iterator
from dataclasses import dataclass
from functools import cache
from typing import Any

from game.ai.pursuit.player import (
    DEPLOY_LOOK,
    VALUE,
    WIN,
    XY,
    Box,
    ChasePlayer,
    _along_across,
    _axes,
    _p_at_least,
)
from game.ai.skeleton import Proposal
from game.core import odds
from game.core.match import Match
from game.core.ruleset import Action
from game.rules.squads.pursuit.actions import Deploy, Hold, Move, Pace
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
    runner_next: float = 0.0
    """A runner's deployment point, move's end or place it stays on costs this times
    what the next pursuit phase is expected to cost it there, slowing as well as it may
    (:func:`next_pursuit`: ground lost, crashes, passes under difficult pieces, clusters
    carried into it, the far edge), in inches (normal: 0, not weighed)."""
    runner_cluster: float = 0.0
    """Inches a runner's pace choice costs for the chance that a cluster carried back
    with its piece meets it (:func:`cluster_need`; the normal player weighs only the
    pieces; normal: 0, not weighed). Also what a cluster meeting it costs in
    :attr:`runner_next`."""
    runner_next_over: float = 0.0
    """:attr:`runner_next` weighs only what the next pursuit phase is expected to cost
    above this many inches: the places where no pace choice is likely to keep the runner
    clear (a crash, a model's worth, is 15 inches for a scout; slowed into a piece behind
    it, sandwiched), not the ground an ordinary slowing costs (normal: 0, all of it)."""
    runner_mine: float = 0.0
    """Inches a runner's move's end or the place it stays on costs for each cluster
    whose blast would catch it there while an enemy gun can reach it this turn: a shot
    at it sets the cluster off (:func:`blasts_reaching`, :func:`guns_reaching`; the
    normal player does not look; normal: 0, not weighed)."""


class HardChasePlayer(ChasePlayer):
    """The chase player with :class:`ChaseWeights` of its own (module text)."""

    def __init__(self, seed: int = 0, weights: ChaseWeights | None = None) -> None:
        super().__init__(seed)
        self.cw = weights or ChaseWeights()
        self.value = self.cw.value
        self.deploy_look = self.cw.deploy_look
        if self.cw.chaser_hold is not None:
            self.hold = self.cw.chaser_hold
        if self.cw.runner_next:
            self.dash_ends = False  # a clear dash may still end in a piece's way

    def propose(self, match: Match[Any], side: str) -> Iterator[Proposal]:
        cw = self.cw
        runs = bool(cw.runner_next or cw.runner_cluster or cw.runner_mine)
        if not cw.shadow and not cw.shadow_difficult and not runs:
            yield from super().propose(match, side)
            return
        q = match.ruleset.queries(match.state)
        assert isinstance(q, ChaseQueries)
        phase = ChasePhase(match.phase)
        if runs and self._runner(q, side):
            yield from self._run(q, phase, super().propose(match, side))
            return
        moving = phase == ChasePhase.MOVEMENT
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

    def _run(self, q: ChaseQueries, phase: ChasePhase,
             proposals: Iterator[Proposal]) -> Iterator[Proposal]:
        """A runner's proposals with what the next pursuit phase costs where each leaves
        it (:attr:`ChaseWeights.runner_next`), the clusters a shot at it there would set
        off on it (:attr:`ChaseWeights.runner_mine`) and, in the pursuit phase, the
        clusters carried back at it (:attr:`ChaseWeights.runner_cluster`)."""
        cw = self.cw
        if phase == ChasePhase.PURSUIT:
            yield from self._run_pace(q, list(proposals))
            return
        if not (cw.runner_next or cw.runner_mine) or \
                phase not in (ChasePhase.DEPLOY, ChasePhase.MOVEMENT):
            yield from proposals
            return
        moving = phase == ChasePhase.MOVEMENT
        field: Field | None = None
        for p in proposals:
            a = p.actions[0]
            at = _end(q, a, moving) if p.score < WIN / 2 else None
            if at is None:
                yield p
                continue
            m = q.model(at[0])
            score = p.score - cw.runner_mine * self._blasts(q, m, at[1], moving)
            if not cw.runner_next:
                pass
            elif isinstance(a, Move) and \
                    q.steer(a.model, a.legs, a.accelerate).walk.reason in CRASHES:
                score -= cw.runner_next * q.data().back  # it goes back with the piece (P-11)
            else:
                field = _field(q) if field is None else field
                cost = next_pursuit(q, m, *at[1], field, self.value, cw.runner_cluster)
                score -= cw.runner_next * max(0.0, cost - cw.runner_next_over)
            yield p if score == p.score else Proposal(score, p.actions, p.why)

    def _blasts(self, q: ChaseQueries, m: Any, at: XY, moving: bool) -> int:
        """:attr:`ChaseWeights.runner_mine`: in the movement phase, the clusters whose
        blast would catch ``m`` standing at ``at`` if an enemy gun reaches it there and
        sets them off shooting at it (P-12, P-13); 0 elsewhere."""
        if not self.cw.runner_mine or not moving:
            return 0
        if not guns_reaching(q, m, *at, q.sides()[1]):
            return 0
        return blasts_reaching(q, m, *at)

    def _run_pace(self, q: ChaseQueries, proposals: list[Proposal]) -> Iterator[Proposal]:
        """P-7 with the clusters: each pace choice also costs its chance of a cluster
        still to come back with its piece meeting the model; where the normal player saw
        nothing coming (and only kept pace), every slowing is weighed too."""
        cw = self.cw
        paces = {a.dice: p.score for p in proposals
                 if isinstance(a := p.actions[0], Pace)}
        if not cw.runner_cluster or not paces:
            yield from proposals
            return
        mid = next(a.model for p in proposals if isinstance(a := p.actions[0], Pace))
        m = q.model(mid)
        needs = cluster_needs(q, m, moved=True)
        if not needs:
            yield from proposals
            return
        odds = {o.dice: o for o in q.pace_odds(mid) if o.dice >= 0}
        for dice, o in odds.items():
            score = paces[dice] if dice in paces else self._slowing(q, o)
            for need in needs:
                hit = 1.0 - _p_at_least(o.back, o.contact, o.contact_at, need)
                score -= hit * cw.runner_cluster
            yield Proposal(score, (Pace(mid, dice),), f"pace {dice}d6")

    def _stands(self, q: ChaseQueries, a: Action, moving: bool) -> tuple[str, XY] | None:
        """The model ``a`` moves and where it leaves it for the next pursuit phase: a
        deployment point, or in the movement phase the end of a move or where it stays;
        None where the shadow is not weighed (module text)."""
        cw = self.cw
        if not cw.shadow and not cw.shadow_difficult:
            return None
        return _end(q, a, moving and cw.shadow_move)


def _end(q: ChaseQueries, a: Action, moving: bool) -> tuple[str, XY] | None:
    """The model ``a`` moves and where it leaves it for the next pursuit phase: a
    deployment point, or (``moving``: in the movement phase) the end of a move or where
    it stays; None for any other action."""
    if isinstance(a, Deploy):
        return a.model, a.to.units
    if not moving:
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


CRASHES = ("piece", "edge")
"""Why a walk stops in a crash (P-11): the model then goes back with what it hit."""

Field = tuple[list[tuple[Box, bool, bool]], list[tuple[float, float, float]]]
"""What comes back at a model in the next pursuit phase: the pieces on the table (as
extents along and across, whether a flyer ignores it, whether it is impassable) and the
clusters on a piece (along, across, radius)."""


def _field(q: ChaseQueries) -> Field:
    """The pieces and clusters on the table (:data:`Field`)."""
    ax = _axes(q)
    pieces = []
    for p in q.pieces():
        if p.where != "table":
            continue
        al, ac = zip(*(_along_across(ax, x, y) for x, y in p.points), strict=True)
        pieces.append(((min(al), max(al), min(ac), max(ac)), p.flyers_ignore,
                       p.impassable))
    clusters = [(*_along_across(ax, *c.at), c.radius) for c in q.mines()
                if c.where == "table" and c.at is not None and c.piece is not None]
    return pieces, clusters


@cache
def _sums(dice: int) -> tuple[tuple[int, float], ...]:
    """Each total of ``dice`` d6 with its exact chance (0 dice: keeping pace)."""
    if not dice:
        return ((0, 1.0),)
    return tuple(sorted((t, float(p)) for t, p in odds.distribution(dice, 6).items()))


def next_pursuit(q: ChaseQueries, m: Any, x: float, y: float, field: Field,
                 value: float, cluster: float) -> float:
    """What the next pursuit phase is expected to cost model ``m`` standing at ``(x, y)``
    with the best of keeping pace and slowing (P-6, P-7, P-10..P-12), in inches: the
    ground it slows, a crash into an impassable piece in its lane (an S5 hit with no save
    worth ``value`` a model, then carried back), a difficult piece passing under it (a
    test), a cluster carried into it (``cluster``), leaving by the far edge. Slowing
    stops against a piece behind it (which goes back first). 0 where nothing in its lane
    comes back at it."""
    ax = _axes(q)
    a0, c0 = _along_across(ax, x, y)
    r = m.radius
    d = q.data()
    back = d.back
    flies = q.flies(m.id)
    needs: list[tuple[float, int]] = []  # inches it must slow, and what: 0 crash,
    cap = math.inf                        # 1 pass under, 2 cluster
    for (amin, amax, cmin, cmax), ignored, impassable in field[0]:
        if (flies and ignored) or cmin > c0 + r or cmax < c0 - r:
            continue
        gap = a0 - r - amax
        if -1e-6 <= gap <= back:
            needs.append((back - gap, 0 if impassable else 1))
        elif amin > a0 + r and amax + back < q.track.length:  # it goes back first
            cap = min(cap, amin + back - a0 - r)
    for ca, cc, cr in field[1]:
        reach = cr + r
        off = abs(cc - c0)
        if off >= reach:
            continue
        gap = a0 - ca - math.sqrt(reach * reach - off * off)
        if -1e-6 <= gap <= back:
            needs.append((back - gap, 2))
    if not needs:
        return 0.0
    dead = float(q.crash_wound(m.id)) * value
    hurt = (dead, dead / 6 + 4, cluster)
    edge = q.track.length - a0 - r
    best = math.inf
    for dice in (0, *d.slow_dice):
        cost = 0.0
        for total, p in _sums(dice):
            if total > edge and total < cap:
                cost += p * value * 2
                continue
            went = min(float(total), cap)
            cost += p * went
            for need, what in needs:
                if went < need - 1e-9:
                    cost += p * (hurt[what] + (need - went if what == 0 else 0.0))
        best = min(best, cost)
    return best


def guns_reaching(q: ChaseQueries, m: Any, x: float, y: float, enemy: str) -> int:
    """P-8, P-13: how many models of side ``enemy`` could have ``m`` standing at
    ``(x, y)`` within a gun's range (base to base) in this turn's shooting phase: one
    still to move may first move (its 6 inches, not accelerating, else it may not
    shoot), one that moved shoots from where it stands, one that accelerated may not."""
    d = q.data()
    done = set(q.done())
    n = 0
    for h in q.models(enemy):
        reach = max((g.range for g in h.guns()), default=0.0)
        if not reach or q.accelerated(h.id):
            continue
        if h.id not in done:
            reach += d.move
        if math.hypot(h.x - x, h.y - y) - h.radius - m.radius <= reach:
            n += 1
    return n


def blasts_reaching(q: ChaseQueries, m: Any, x: float, y: float) -> int:
    """P-12, P-13: how many clusters a shot at ``m`` standing at ``(x, y)`` would set
    off with their blast catching it there (the rules' :meth:`ChaseQueries.shot_blasts`)."""
    return len(q.shot_blasts(m.id, x, y))


def cluster_needs(q: ChaseQueries, m: Any, moved: bool = False) -> list[float]:
    """P-6, P-12: for each cluster on the table that its piece will carry into ``m``
    where it stands if it keeps pace, the inches ``m`` must slow to keep clear of it
    (``moved``: only the clusters whose piece has not yet gone back this phase)."""
    ax = _axes(q)
    a0, c0 = _along_across(ax, m.x, m.y)
    back = q.data().back
    gone = {p.index for p in q.pieces() if p.moved} if moved else set()
    out = []
    for c in q.mines():
        if c.where != "table" or c.at is None or c.piece is None or c.piece in gone:
            continue
        ca, cc = _along_across(ax, *c.at)
        reach = c.radius + m.radius
        off = abs(cc - c0)
        if off >= reach:
            continue
        gap = a0 - ca - math.sqrt(reach * reach - off * off)
        if -1e-6 <= gap <= back:
            out.append(back - gap)
    return out


CHASE_WEIGHTS: dict[str, ChaseWeights] = {
    # the chasers deploy and move out of the pieces' shadow; the drones also stay put
    # rather than crash (docs/balance/strengths.md, "the street chase")
    "pursuit:hunters": ChaseWeights(shadow=20.0),
    "riders_and_drones:drones": ChaseWeights(shadow=20.0, chaser_hold=-5.0),
    # the runners slow away from the clusters carried back at them; the riders also
    # weigh what the next pursuit phase costs where they end (docs/balance/strengths.md, "runners")
    # the scouts also keep out of the blast of a cluster a hunter's shot would set off,
    # and out of the places the next pursuit phase is likely to crash them whatever
    # they choose (docs/balance/strengths.md, "the Pursuit scouts at hard")
    "pursuit:scouts": ChaseWeights(runner_cluster=20.0, runner_mine=30.0, runner_next=1.0,
                                   runner_next_over=18.0),
    "riders_and_drones:riders": ChaseWeights(runner_next=1.0, runner_cluster=20.0),
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
