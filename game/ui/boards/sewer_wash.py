"""The flood as the sewer board plays it (F-4, F-5, F-7): the water spreading from the
origin over the parts it reaches, then each carried model sliding along its wash path
in the order the rules carried them, a bump flashing with its roll named before the
model it knocked over moves; a long flood (a chain of bumps through a patrol) is quickened
to show within :data:`LONGEST` seconds. Pure timing and geometry, no drawing: the view
(:mod:`game.ui.boards.sewer`) asks :class:`WashPlay` where things are at its clock.

The controller hands the view a :class:`WashShow` built from the game state (the last
flood's washes and the flooded spans, through the ruleset's queries); skipping it (Space)
puts the clock at its end, which is the picture the state draws anyway.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass

from game.boards.corridors import Corridors
from game.core.places import HUNDREDTHS

XY = tuple[float, float]
Span = tuple[str, int, int]
"""A stretch of a corridor: ``(corridor, from, to)`` in hundredths of an inch along it
(F-7: the parts the water reached)."""

SPEED = 8.0
"""Inches a second a carried model slides at: a readable pace."""
MIN_STEP = 0.3
"""Seconds the shortest slide takes."""
BUMP_HOLD = 0.45
"""Seconds a bump's flash holds before the model it knocked over moves."""
GAP = 0.08
"""Seconds between a slide's end and the start of one that waits for it."""
STAGGER = 0.3
"""Seconds between the starts of two slides in a row that do not wait for each other
(the order of the carries still reads; thirty models do not take half a minute, and
:data:`LONGEST` bounds the whole)."""
LONGEST = 6.0
"""The most seconds a flood takes to show, the water's spreading included: a longer play
(a chain of bumps over many models) is quickened evenly to fit, its order kept."""
WATER_SPEED = 12.0
"""Inches a second the water's front spreads along the corridors."""
WATER_SECONDS = (1.0, 3.0)
"""The fewest and most seconds the water takes to reach its furthest part."""
EPS = 1e-6


@dataclass(frozen=True)
class WashStep:
    """One model carried (F-4): the way it went, in inches, and what the view says of it."""

    model: str
    path: tuple[XY, ...]
    """Where it went, in order (at least one point: a model that did not move)."""
    bump: str = ""
    """What knocked it over, named with its roll ("bumped by Kel: 5, 4+ (F-5)"); "" for
    a model the water itself took."""
    end: str = ""
    """What stopped it and what it took ("grate: S3 hit (F-6)"); "" for nothing to say."""
    notes: tuple[tuple[XY, str], ...] = ()
    """Things said on the way, each where the model passes it (a fork's split and its
    roll, F-4: "fork: 1-3 West, 4-6 North; rolled 5")."""
    by: str = ""
    """The model whose bump set it off (its slide comes after that one's)."""

    @property
    def length(self) -> float:
        return path_length(self.path)


@dataclass(frozen=True)
class WashShow:
    """A flood to play: its slides in order and the parts the water reached."""

    key: str
    """Names this flood (a view plays a key once: "turn 3")."""
    steps: tuple[WashStep, ...]
    flooded: tuple[Span, ...]


@dataclass(frozen=True)
class Cue:
    """Something a slide does at a moment of the play: a bump's flash at its start, the
    note of what stopped it at its end."""

    kind: str
    """"bump", "note" (on the way) or "end"."""
    model: str
    at: XY
    text: str


@dataclass(frozen=True)
class Timing:
    start: float
    """The flash (if any) begins."""
    move: float
    """The model starts sliding."""
    end: float
    """It stops."""


def path_length(path: Sequence[XY]) -> float:
    return sum(math.dist(a, b) for a, b in zip(path, path[1:], strict=False))


def distance_along(path: Sequence[XY], p: XY) -> float:
    """How far along ``path`` its point nearest ``p`` is."""
    best, run, out = math.inf, 0.0, 0.0
    for a, b in zip(path, path[1:], strict=False):
        seg = math.dist(a, b)
        u = 0.0 if seg <= 0 else max(0.0, min(1.0, ((p[0] - a[0]) * (b[0] - a[0])
                                                     + (p[1] - a[1]) * (b[1] - a[1])) / seg ** 2))
        d = math.dist(p, (a[0] + (b[0] - a[0]) * u, a[1] + (b[1] - a[1]) * u))
        if d < best:
            best, out = d, run + u * seg
        run += seg
    return out


def point_along(path: Sequence[XY], d: float) -> XY:
    """The point ``d`` inches along ``path`` (clamped to its ends)."""
    if d <= 0 or len(path) == 1:
        return path[0]
    run = 0.0
    for a, b in zip(path, path[1:], strict=False):
        seg = math.dist(a, b)
        if run + seg >= d and seg > 0:
            f = (d - run) / seg
            return a[0] + (b[0] - a[0]) * f, a[1] + (b[1] - a[1]) * f
        run += seg
    return path[-1]


@dataclass(frozen=True)
class WaterPiece:
    """A stretch of a flooded span with no fork and no origin inside it, with how far
    along the corridors each of its ends is from the origin (the water's way)."""

    corridor: str
    start: float
    end: float
    """Inches along the corridor, ``start < end``."""
    reach_start: float
    reach_end: float
    """Inches from the origin to each end (infinite where no corridor joins them)."""

    def wet(self, front: float) -> list[tuple[float, float]]:
        """The parts the water's front, ``front`` inches from the origin, has covered."""
        a = min(self.end, self.start + max(0.0, front - self.reach_start))
        b = max(self.start, self.end - max(0.0, front - self.reach_end))
        out = []
        if a > self.start + EPS:
            out.append((self.start, a))
        if b < self.end - EPS:
            out.append((b, self.end))
        if len(out) == 2 and out[0][1] >= out[1][0]:
            return [(self.start, self.end)]
        return out


def water_pieces(board: Corridors, spans: Sequence[Span]) -> list[WaterPiece]:
    """The flooded spans cut at every fork and at the origin, each piece with the water's
    distance to its ends (F-7 drawn as it comes)."""
    out = []
    origin_c, origin_at = board.origin_at
    for corridor, lo, hi in spans:
        if corridor not in board.corridors:
            continue
        a, b = sorted((lo / HUNDREDTHS, hi / HUNDREDTHS))
        cuts = {a, b}
        cuts.update(at for at, _f in board.forks_on(corridor) if a < at < b)
        if corridor == origin_c and a < origin_at < b:
            cuts.add(origin_at)
        marks = sorted(cuts)
        for p, q in zip(marks, marks[1:], strict=False):
            if q - p <= EPS:
                continue
            dp = board.distance(board.origin_at, (corridor, p))
            dq = board.distance(board.origin_at, (corridor, q))
            out.append(WaterPiece(corridor, p, q, math.inf if dp is None else dp,
                                  math.inf if dq is None else dq))
    return out


def fit(timings: list[Timing], begin: float, longest: float) -> list[Timing]:
    """``timings`` quickened evenly from ``begin`` on so that the last ends by
    ``longest`` (as they are if they do already)."""
    end = max((tm.end for tm in timings), default=begin)
    if end <= longest or end <= begin:
        return timings
    f = max(0.0, longest - begin) / (end - begin)

    def at(t: float) -> float:
        return begin + (t - begin) * f

    return [Timing(at(tm.start), at(tm.move), at(tm.end)) for tm in timings]


class WashPlay:
    """One flood played on a clock (see the module text)."""

    def __init__(self, show: WashShow, board: Corridors) -> None:
        self.show = show
        self.t = 0.0
        self.pieces = water_pieces(board, show.flooded)
        far = max((d for p in self.pieces for d in (p.reach_start, p.reach_end)
                   if math.isfinite(d)), default=0.0)
        self.far = far
        lo, hi = WATER_SECONDS
        self.water_time = min(hi, max(lo, far / WATER_SPEED)) if self.pieces else 0.0
        self.timings = self._times(show.steps)
        self.duration = max((tm.end for tm in self.timings), default=self.water_time)
        self._by_model: dict[str, list[int]] = {}
        for k, step in enumerate(show.steps):
            self._by_model.setdefault(step.model, []).append(k)
        self._cues = sorted(self._all_cues(), key=lambda tc: tc[0])
        """Every cue with its time, in order (a sort keeps equal times in step order)."""
        self._cued = 0

    def _times(self, steps: Sequence[WashStep]) -> list[Timing]:
        """When each slide runs: in the rules' order, :data:`STAGGER` after the one
        before, and never before the model's own slide before it, nor (a bump) before
        the slide of the model that bumped it has ended."""
        out: list[Timing] = []
        ended: dict[str, float] = {}
        start = self.water_time - STAGGER
        for step in steps:
            start += STAGGER
            for who in (step.model, step.by):
                if who in ended:
                    start = max(start, ended[who] + GAP)
            hold = BUMP_HOLD if step.bump else 0.0
            slide = max(MIN_STEP, step.length / SPEED) if step.length > EPS else MIN_STEP
            out.append(Timing(start, start + hold, start + hold + slide))
            ended[step.model] = start + hold + slide
        return fit(out, self.water_time, LONGEST)

    def _all_cues(self) -> list[tuple[float, Cue]]:
        out = []
        for step, tm in zip(self.show.steps, self.timings, strict=True):
            if step.bump:
                out.append((tm.start, Cue("bump", step.model, step.path[0], step.bump)))
            length = step.length
            for at, text in step.notes:
                d = distance_along(step.path, at)
                f = d / length if length > EPS else 1.0
                out.append((tm.move + f * (tm.end - tm.move), Cue("note", step.model, at, text)))
            if step.end:
                out.append((tm.end, Cue("end", step.model, step.path[-1], step.end)))
        return out

    @property
    def done(self) -> bool:
        return self.t >= self.duration

    def advance(self, dt: float) -> list[Cue]:
        """Move the clock on; the cues that came due, in order."""
        self.t = min(self.duration, self.t + max(0.0, dt))
        out = []
        while self._cued < len(self._cues) and self._cues[self._cued][0] <= self.t:
            out.append(self._cues[self._cued][1])
            self._cued += 1
        return out

    def finish(self) -> None:
        """Skip to the end (no cues: the final picture only)."""
        self.t = self.duration
        self._cued = len(self._cues)

    def front(self) -> float:
        """How far from the origin (along the corridors) the water has come."""
        if self.water_time <= 0 or self.t >= self.water_time:
            return math.inf
        return self.far * self.t / self.water_time

    def water(self) -> list[tuple[str, float, float]] | None:
        """The wet stretches now, ``(corridor, from, to)`` in inches; None once the water
        has come all the way (then the flooded spans are drawn whole)."""
        front = self.front()
        if math.isinf(front):
            return None
        return [(p.corridor, a, b) for p in self.pieces for a, b in p.wet(front)]

    def position(self, model: str) -> XY | None:
        """Where ``model`` is drawn now; None when the play has nothing to say of it (it
        is not carried, or the play is over): then it stands where the state says."""
        ks = self._by_model.get(model)
        if not ks or self.done:
            return None
        for k in ks:
            tm, step = self.timings[k], self.show.steps[k]
            if self.t < tm.move:
                return step.path[0]
            if self.t < tm.end:
                f = (self.t - tm.move) / max(EPS, tm.end - tm.move)
                return point_along(step.path, f * step.length)
        return self.show.steps[ks[-1]].path[-1]

    def moving(self, model: str) -> bool:
        """Whether ``model`` is sliding now."""
        for k in self._by_model.get(model, ()):
            tm = self.timings[k]
            if tm.move <= self.t < tm.end:
                return True
        return False

    def carried(self) -> set[str]:
        """The models this flood carries."""
        return set(self._by_model)

    def flashes(self, seconds: float) -> list[tuple[XY, float]]:
        """The bumps flashing now: where, and how far through its flash each is (0-1)
        over ``seconds``."""
        out = []
        for step, tm in zip(self.show.steps, self.timings, strict=True):
            if step.bump and tm.start <= self.t < tm.start + seconds:
                out.append((step.path[0], (self.t - tm.start) / seconds))
        return out
