"""The street chase's computer player: the scouts make for the Arrival, weighing keeping
pace against the terrain coming back at them; the hunters chase, box in and shoot.

It reads the match through the chase's queries (the pieces and clusters as they stand,
the exact odds of keeping pace and slowing, the pieces still to come back this pursuit
phase, the steering ruler's answer for a path, the shots with their odds) and returns
one legal action at a time on the shared skeleton
(:class:`game.ai.skeleton.CandidatePlayer`):

* Wargear: the scouts go without the extra weapon (three more hunters are worse).
* Deployment (P-3): a scout as near the Arrival as it may, in a clear lane; a hunter as
  near the Arrival and the scouts as it may.
* Pursuit (P-7): the choice with the best expected value: each inch back lost, a crash
  into a piece still to come back (an S5 hit with no save), a pass under difficult
  terrain (a test), leaving the table.
* Recycling (P-6): the hunters put a piece (and a cluster) across the scouts' lanes, the
  scouts as far from their lanes as they can.
* Movement (P-8..P-12): a few paths, each asked of the steering ruler; a scout takes
  the first clear 12-inch dash towards the Arrival, else the best of the rest (ground
  gained, crashes and tests and clusters avoided, a facing within 45 degrees, a clear
  lane ahead); a hunter goes for the nearest scout: ahead of it in its lane when it can
  get there, else within its guns' range with the scout in its arc.
* Shooting (P-13): the shot with the most expected casualties, none that would set off
  a cluster under its own side.
* After a crash (P-11): it faces the Arrival.
"""

from __future__ import annotations

import math
from collections.abc import Iterator, Sequence
from functools import lru_cache
from typing import Any

from game.ai.skeleton import CandidatePlayer, Proposal
from game.core.match import Match
from game.core.ruleset import Action
from game.rules.squads.pursuit.actions import (
    Deploy,
    Face,
    Hold,
    Leg,
    Move,
    NoMine,
    Pace,
    PlaceMine,
    PlacePiece,
    Restart,
    Shoot,
    Wargear,
)
from game.rules.squads.pursuit.phases import ChasePhase
from game.rules.squads.pursuit.queries import ChaseQueries, PaceOdds, Steer, Track

XY = tuple[float, float]
VALUE = 30.0
"""What a model is worth, in inches of ground."""
WIN = 10_000.0
DEPLOY_LOOK = 40
"""The deployment points nearest the Arrival a model weighs."""
HOLD = -40.0
"""A chaser's score for staying put when it may move: below a crash into impassable
terrain (about -29 for a T3 model), so it would rather crash."""
LANE = 14.0
"""How far ahead a scout looks for a clear lane (inches)."""

DASHES: tuple[tuple[Leg, ...], ...] = (
    ((0, 1200),),
    ((0, 400), (45, 800)), ((0, 400), (-45, 800)),
    ((0, 800), (45, 400)), ((0, 800), (-45, 400)),
    ((0, 400), (45, 400), (-45, 400)), ((0, 400), (-45, 400), (45, 400)),
    ((0, 800),), ((0, 400),),
)
"""The accelerating paths a model tries (12 inches, a turn per 4)."""
STEPS: tuple[tuple[Leg, ...], ...] = (
    ((0, 600),), ((0, 200), (45, 400)), ((0, 200), (-45, 400)),
    ((0, 400), (45, 200)), ((0, 400), (-45, 200)),
    ((0, 200), (45, 200), (-45, 200)), ((0, 200), (-45, 200), (45, 200)),
    ((0, 200), (45, 200), (45, 200)), ((0, 200), (-45, 200), (-45, 200)),
    ((0, 400),), ((0, 200),), ((0, 200), (45, 0)), ((0, 200), (-45, 0)),
)
"""The 6-inch paths a model tries (a turn per 2)."""


class ChasePlayer(CandidatePlayer):
    """The chase's computer player (see the module text)."""

    value: float = VALUE
    deploy_look: int = DEPLOY_LOOK
    hold: float = HOLD
    dash_ends: bool = True
    """Whether a scout's clear dash straight at the Arrival ends its search (the hard
    copy may weigh what it leaves the scout to, and then looks on)."""

    def propose(self, match: Match[Any], side: str) -> Iterator[Proposal]:
        q = match.ruleset.queries(match.state)
        assert isinstance(q, ChaseQueries)
        due = q.must_face()
        if due is not None:
            yield self._face(q, due, match.legal_actions())
            return
        phase = ChasePhase(match.phase)
        # the deployment points, the paths and the shots are asked of the queries (the
        # legal menu would make an action of every one of them)
        if phase == ChasePhase.WARGEAR:
            yield Proposal(1.0, (Wargear(side, False),), "no extra weapon")
        elif phase == ChasePhase.DEPLOY:
            yield from self._deploy(q, side)
        elif phase == ChasePhase.PURSUIT:
            yield from self._pace(q, side, match.legal_actions())
        elif phase == ChasePhase.RECYCLE:
            yield from self._recycle(q, side, match.legal_actions())
        elif phase == ChasePhase.MOVEMENT:
            yield from self._move(q, side)
        else:
            yield from self._shoot(q, side)

    def acceptable(self, match: Match[Any], proposal: Proposal) -> bool:
        """Every proposal is legal by construction: taken from the legal menu, or a path
        the steering ruler judged legal, or a shot the rules offered."""
        return True

    # ================================================================ helpers
    def _runner(self, q: ChaseQueries, side: str) -> bool:
        return side == q.sides()[0]

    def _face(self, q: ChaseQueries, mid: str, legal: Sequence[Action]) -> Proposal:
        want = q.forward()
        best = min((a for a in legal if isinstance(a, Face)),
                   key=lambda a: _off(a.facing, want))
        return Proposal(1.0, (best,), "face the Arrival")

    # ================================================================ P-3
    def _deploy(self, q: ChaseQueries, side: str) -> Iterator[Proposal]:
        runner = self._runner(q, side)
        scouts = q.models(q.sides()[0])
        blocks = _blocks(q)
        mid = q.acting()[0]
        r = q.model(mid).radius
        t = q.track
        friends = q.models(side)
        spots = sorted(q.deploy_points(mid), key=lambda p: (t.along(*p.units), p))
        for p in spots[:self.deploy_look]:
            a = Deploy(mid, p)
            x, y = p.units
            along = t.along(x, y)
            score = -along
            if runner:
                score -= 3.0 * _lane_blocked(q, x, y, r, blocks)
                score -= 0.3 * abs(t.across(x, y) - t.breadth / 2)
                score -= sum(2.0 for f in friends if math.hypot(f.x - x, f.y - y) < 3 * r + 1)
            else:
                gap = min((math.hypot(s.x - x, s.y - y) for s in scouts), default=0.0)
                score -= 0.5 * gap
                score -= sum(1.0 for f in friends if math.hypot(f.x - x, f.y - y) < 2.5)
            yield Proposal(score, (a,), "deploy")

    # ================================================================ P-7
    def _pace(self, q: ChaseQueries, side: str,
              legal: Sequence[Action]) -> Iterator[Proposal]:
        paces = [a for a in legal if isinstance(a, Pace)]
        if not paces:
            return
        mid = paces[0].model
        coming = q.incoming(mid)
        if not coming:  # nothing comes back at it: keeping pace loses nothing
            yield Proposal(0.0, (Pace(mid, 0),), "keep pace")
            return
        dead = float(q.crash_wound(mid)) * self.value
        for o in q.pace_odds(mid):
            if o.dice < 0:
                continue
            score = self._slowing(q, o)
            for _k, travel, crash in coming:
                need = q.data().back - travel  # inches back that would keep it clear
                p_hit = 1.0 - _p_at_least(o.back, o.contact, o.contact_at, need)
                score -= p_hit * (dead if crash else dead / 6 + 4)
                if crash:  # carried back with the piece the rest of the way
                    score -= sum(float(p) * max(0.0, need - k) for k, p in o.back.items())
            yield Proposal(score, (Pace(mid, o.dice),), f"pace {o.dice}d6")

    def _slowing(self, q: ChaseQueries, o: PaceOdds) -> float:
        """P-7: what slowing as ``o`` says costs before anything comes back at the
        model: the ground lost, leaving the table, stopping against a model or cluster."""
        lost = sum(float(p) * k for k, p in o.back.items())
        if o.contact_at is not None:
            lost += float(o.contact) * o.contact_at
        score = -lost - float(o.leave) * self.value * 2
        if o.against is not None and q.piece_of(o.against) is None and \
                not o.against.startswith("edge") and float(o.contact) > 0:
            score -= float(o.contact) * 5  # into a model or a cluster
        return score

    # ================================================================ P-6
    def _recycle(self, q: ChaseQueries, side: str,
                 legal: Sequence[Action]) -> Iterator[Proposal]:
        scouts = q.models(q.sides()[0])
        t = q.track
        lanes = [t.across(s.x, s.y) for s in scouts]
        block = side == q.sides()[1]
        pieces = {p.index: p for p in q.pieces()}
        for a in legal:
            if isinstance(a, PlacePiece):
                c = a.across / 100
                near = min((abs(c - x) for x in lanes), default=t.breadth)
                impass = pieces[a.piece].impassable
                score = (-near * (2.0 if impass else 1.0)) if block else near
                yield Proposal(score, (a,), "place a piece")
            elif isinstance(a, PlaceMine):
                ac = t.across(*a.at.units)
                near = min((abs(ac - c) for c in lanes), default=t.breadth)
                yield Proposal(-near if block else -100.0, (a,), "a cluster comes in")
            elif isinstance(a, NoMine):
                yield Proposal(-50.0 if block else 0.0, (a,), "no cluster")

    # ================================================================ P-8..P-12
    def _move(self, q: ChaseQueries, side: str) -> Iterator[Proposal]:
        mid = q.acting()[0]
        if q.may_restart(mid):
            yield Proposal(1.0, (Restart(mid),), "test to move again")
            return
        if not q.may_move(mid):
            yield Proposal(0.0, (Hold(mid),), "stay")
            return
        if self._runner(q, side):
            yield from self._scout_move(q, mid)
        else:
            yield from self._hunter_move(q, mid)

    def _scout_move(self, q: ChaseQueries, mid: str) -> Iterator[Proposal]:
        m = q.model(mid)
        blocks = _blocks(q)
        best = -math.inf
        for legs in DASHES:
            steer = q.steer(mid, legs, True)
            if steer.legal is not None:
                continue
            score = self._scout_score(q, m, steer, blocks)
            best = max(best, score)
            yield Proposal(score, (Move(mid, legs, True),), "dash")
            if self.dash_ends and legs == DASHES[0] and score >= steer.walk.travelled - 0.5:
                return  # a clear dash straight at the Arrival: nothing beats it
        if best < 0:
            for legs in STEPS[:5]:
                steer = q.steer(mid, legs, False)
                if steer.legal is None:
                    yield Proposal(self._scout_score(q, m, steer, blocks) + 1.0,
                                   (Move(mid, legs, False),), "move and shoot")
        yield Proposal(-3.0 - 3.0 * _lane_blocked(q, m.x, m.y, m.radius, blocks),
                       (Hold(mid),), "stay")

    def _scout_score(self, q: ChaseQueries, m: Any, steer: Steer,
                     blocks: Sequence[Box]) -> float:
        w = steer.walk
        if w.reason == "left by the Arrival":
            return WIN
        t = q.track
        x, y = w.stop
        score = t.along(m.x, m.y) - t.along(x, y)
        score += _hazards(q, m, steer)
        if _off(w.facing, q.forward()) > q.data().pace_arc:
            score -= self.value
        score -= 4.0 * _lane_blocked(q, x, y, m.radius, blocks)
        for h in q.models(q.sides()[1]):
            if math.hypot(h.x - x, h.y - y) < 3:
                score -= 1.0
        return score

    def _hunter_move(self, q: ChaseQueries, mid: str) -> Iterator[Proposal]:
        m = q.model(mid)
        scouts = q.models(q.sides()[0])
        if not scouts:
            yield Proposal(0.0, (Hold(mid),), "stay")
            return
        prey = min(scouts, key=lambda s: math.hypot(s.x - m.x, s.y - m.y))
        reach = max((g.range for g in _guns(m)), default=12.0)
        far = math.hypot(prey.x - m.x, prey.y - m.y) > reach + 6
        paths = [(legs, True) for legs in DASHES[:3]] if far else \
            [(legs, False) for legs in STEPS[:5]] + [(legs, True) for legs in DASHES[:1]]
        ax = _axes(q)
        pa, pc = _along_across(ax, prey.x, prey.y)
        for legs, acc in paths:
            steer = q.steer(mid, legs, acc)
            if steer.legal is not None:
                continue
            w = steer.walk
            x, y = w.stop
            score = _hazards(q, m, steer)
            if far and legs == DASHES[0] and score == 0 and w.reason == "end" and \
                    _off(w.facing, q.forward()) <= q.data().pace_arc:
                yield Proposal(1.0, (Move(mid, legs, acc),), "close in")
                return  # a clear dash after a scout far ahead: nothing beats it
            if _off(w.facing, q.forward()) > q.data().pace_arc:
                score -= self.value
            d = math.hypot(prey.x - x, prey.y - y)
            wa, wc = _along_across(ax, x, y)
            ahead = pa - wa
            lane = abs(pc - wc)
            if acc:
                score -= 0.8 * d - min(ahead, 6.0) * 0.5
            else:
                score -= abs(d - min(reach - 2, 9.0)) * 0.6
                if _in_arc(w.facing, (x, y), (prey.x, prey.y), q.data().arc / 2):
                    score += 6.0
            if 0 < ahead < 8 and lane < 2.5:
                score += 3.0  # in its lane ahead of it: boxing it in
            if w.reason == "enemy":
                score -= 4.0
            yield Proposal(score, (Move(mid, legs, acc),), "chase")
        yield Proposal(self.hold, (Hold(mid),), "stay")

    # ================================================================ P-13
    def _shoot(self, q: ChaseQueries, side: str) -> Iterator[Proposal]:
        mid = q.acting()[0]
        own = {m.id for m in q.models(side)}
        yield Proposal(0.0, (Hold(mid),), "hold fire")
        for o in q.shots(mid):
            value = 0.0
            if o.line is not None:
                value = sum(float(p) * k for k, p in o.casualties.items()) * self.value
            for kid in o.sets_off:
                for who, dist in q.blast_odds(kid).items():
                    loss = sum(float(p) * k for k, p in dist.items()) * self.value
                    value += -loss * 1.5 if who in own else loss
            if value > 0:
                yield Proposal(value, (Shoot(mid, o.target, o.weapon),), "shoot")


# ==================================================================== geometry
def _off(a: float, b: float) -> float:
    d = abs(a - b) % 360
    return min(d, 360 - d)


def _in_arc(facing: float, at: XY, to: XY, half: float) -> bool:
    ang = math.degrees(math.atan2(to[1] - at[1], to[0] - at[0])) % 360
    return _off(ang, facing) <= half


def _guns(m: Any) -> list[Any]:
    return list(m.guns())


def _hazards(q: ChaseQueries, m: Any, steer: Steer) -> float:
    """What a path risks, in inches of ground: a crash (an S5 hit with no save), tests,
    a cluster, a fight."""
    w = steer.walk
    dead = float(q.crash_wound(m.id)) * VALUE
    score = 0.0
    if w.reason in ("piece", "edge"):
        score -= dead + 4
    score -= len(w.tests) * (dead / 6 + 2)
    if w.reason == "cluster":
        score -= VALUE
    if w.reason == "left by the far edge":
        score -= VALUE * 3
    if w.reason == "friend":
        score -= 1.0
    return score


Box = tuple[float, float, float, float]
"""A piece's extent: nearest and furthest from the Arrival, then across."""


def _axes(q: ChaseQueries) -> tuple[float, float, float, float, float, float]:
    """The Arrival's corner and the unit vectors along and across the table: the along
    and across of ``(x, y)`` are ``(x - x0, y - y0)`` dotted with them."""
    return _track_axes(q.track)


@lru_cache(maxsize=8)
def _track_axes(t: Track) -> tuple[float, float, float, float, float, float]:
    """:func:`_axes` of track ``t`` (asked for every point weighed: kept per track)."""
    x0, y0 = t.point(0.0, 0.0)
    x1, y1 = t.point(0.0, 1.0)
    hx, hy = t.heading
    return x0, y0, hx, hy, x1 - x0, y1 - y0


def _along_across(ax: tuple[float, float, float, float, float, float], x: float,
                  y: float) -> tuple[float, float]:
    x0, y0, hx, hy, cx, cy = ax
    return (x - x0) * hx + (y - y0) * hy, (x - x0) * cx + (y - y0) * cy


def _blocks(q: ChaseQueries) -> list[Box]:
    """The impassable pieces on the table as extents along and across."""
    x0, y0, hx, hy, cx, cy = _axes(q)
    out = []
    for p in q.pieces():
        if p.where != "table" or not p.impassable:
            continue
        al = [(x - x0) * hx + (y - y0) * hy for x, y in p.points]
        ac = [(x - x0) * cx + (y - y0) * cy for x, y in p.points]
        out.append((min(al), max(al), min(ac), max(ac)))
    return out


def _lane_blocked(q: ChaseQueries, x: float, y: float, r: float,
                  blocks: Sequence[Box]) -> float:
    """How much of the lane ahead of ``(x, y)`` towards the Arrival (as wide as the base,
    :data:`LANE` long) an impassable piece takes: 1 for one right in front, less further
    off."""
    x0, y0, hx, hy, cx, cy = _axes(q)
    a0 = (x - x0) * hx + (y - y0) * hy
    c0 = (x - x0) * cx + (y - y0) * cy
    worst = 0.0
    for _amin, amax, cmin, cmax in blocks:
        if cmin > c0 + r or cmax < c0 - r:
            continue
        gap = a0 - amax
        if -1e-6 <= gap <= LANE:
            worst = max(worst, 1.0 - gap / LANE / 2)
    return worst


def _p_at_least(back: dict[int, Any], contact: Any, contact_at: float | None,
                need: float) -> float:
    """The chance a model moves back at least ``need`` inches (a contact counts at its
    distance)."""
    p = sum(float(v) for k, v in back.items() if k >= need - 1e-9)
    if contact_at is not None and contact_at >= need - 1e-9:
        p += float(contact)
    return p
