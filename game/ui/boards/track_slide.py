"""The slide of the street chase's table (P-6, P-7), as the track view plays it.

The pieces, the mine clusters and the models live in the game state; the view is handed
them as they stand after each action and finds what moved by comparing them with what it
drew before (:func:`glides`): a piece or cluster moved back glides there; one recycled
(gone from the table, or back at the Arrival) glides off the far edge, fading, and a
recycled piece placed at the Arrival glides in from beyond it; a model slowed glides
back, and one that left by the far edge glides off it. The glides start one after the
other in the order the rules move things (furthest from the Arrival first, P-6), at
:data:`SPEED` inches a second: the chase read on the table. :class:`Slide` keeps their
clock and says where each thing is drawn part-way.
"""

from __future__ import annotations

import math
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Literal

from game.boards.track import Track
from game.ui.drawing import smoothstep

XY = tuple[float, float]
GlideKind = Literal["move", "enter", "exit"]

SPEED = 20.0
"""Inches a second a gliding thing moves (12 inches in 0.6 seconds)."""
STAGGER = 0.08
"""Seconds between the starts of two glides, in the rules' order."""
FADE = 0.35
"""The part of an enter or exit glide spent fading in or out."""
JUMP = 0.01
"""Inches: anything moved less than this did not move."""


@dataclass(frozen=True)
class Glide:
    """One thing moving: from ``offset`` (inches, from where it is drawn) to nothing for a
    move or an entry, from nothing to ``offset`` for an exit."""

    id: str
    kind: GlideKind
    start: float
    duration: float
    offset: XY

    @property
    def end(self) -> float:
        return self.start + self.duration


@dataclass(frozen=True)
class Spot:
    """Where a thing was drawn, as the slide compares them: its anchor (a piece's first
    corner, a model's centre) and its reach along the table (for how far it must go to
    be wholly off an edge)."""

    anchor: XY
    near: float
    """Its nearest point's distance from the Arrival."""
    far: float
    """Its furthest point's."""


@dataclass
class Slide:
    """The glides under way and their clock (see the module text)."""

    glides: list[Glide] = field(default_factory=list)
    t: float = 0.0

    @property
    def done(self) -> bool:
        return all(self.t >= g.end for g in self.glides)

    def advance(self, dt: float) -> None:
        self.t += dt

    def finish(self) -> None:
        self.t = max((g.end for g in self.glides), default=0.0)

    def at(self, ident: str) -> tuple[float, float, float] | None:
        """``(dx, dy, alpha)`` to draw ``ident`` (as it stands now) with, alpha 0-1; None
        if it neither moves nor waits to (it is drawn where it stands)."""
        g = next((g for g in self.glides if g.id == ident and g.kind != "exit"), None)
        if g is None or self.t >= g.end:
            return None
        ox, oy = g.offset
        if self.t <= g.start:
            return ox, oy, 1.0 if g.kind == "move" else 0.0
        f = min(1.0, (self.t - g.start) / g.duration)
        e = smoothstep(f)
        return ox * (1 - e), oy * (1 - e), 1.0 if g.kind == "move" else min(1.0, f / FADE)

    def ghost(self, ident: str) -> tuple[float, float, float] | None:
        """``(dx, dy, alpha)`` of ``ident`` as it was, leaving by the far edge; None once
        it has gone (or if it does not leave)."""
        g = next((g for g in self.glides if g.id == ident and g.kind == "exit"), None)
        if g is None or self.t >= g.end:
            return None
        ox, oy = g.offset
        f = 0.0 if self.t <= g.start else min(1.0, (self.t - g.start) / g.duration)
        e = smoothstep(f)
        return ox * e, oy * e, 1.0 if f < 1 - FADE else max(0.0, (1 - f) / FADE)

    def leaving(self) -> list[str]:
        """The ids with an exit still under way or waiting."""
        return [g.id for g in self.glides if g.kind == "exit" and self.t < g.end]

    def moving(self) -> bool:
        """Whether anything glides at this moment (the street's dashes run meanwhile)."""
        return any(g.start <= self.t < g.end for g in self.glides)


def spot_of(track: Track, points: tuple[XY, ...] | list[XY], radius: float = 0.0) -> Spot:
    along = [track.along(x, y) for x, y in points]
    return Spot(points[0], min(along) - radius, max(along) + radius)


def glides(track: Track, before: Mapping[str, Spot], after: Mapping[str, Spot],
           start: float = 0.0) -> list[Glide]:
    """The glides from what was drawn (``before``) to what stands now (``after``), in the
    rules' order: furthest from the Arrival first (see the module text)."""
    hx, hy = track.heading
    order = sorted(set(before) | set(after),
                   key=lambda k: (-(before[k].far if k in before else after[k].far), k))
    out: list[Glide] = []
    k = 0

    def off_far(s: Spot) -> float:  # how far back it goes to be wholly past the far edge
        return track.length - s.near + 0.5

    for ident in order:
        was, now = before.get(ident), after.get(ident)
        at = start + STAGGER * k
        if was is not None and now is not None:
            dx, dy = now.anchor[0] - was.anchor[0], now.anchor[1] - was.anchor[1]
            d = math.hypot(dx, dy)
            if d < JUMP:
                continue
            if dx * hx + dy * hy > -JUMP:  # moved back (or across): a glide there
                out.append(Glide(ident, "move", at, max(0.2, d / SPEED), (-dx, -dy)))
            else:  # back at the Arrival: off the far edge, then in at the Arrival
                far = off_far(was)
                out.append(Glide(ident, "exit", at, max(0.3, far / SPEED), (hx * far, hy * far)))
                inside = now.far + 0.5
                out.append(Glide(ident, "enter", at + max(0.3, far / SPEED),
                                 max(0.3, inside / SPEED), (-hx * inside, -hy * inside)))
        elif was is not None:
            far = off_far(was)
            out.append(Glide(ident, "exit", at, max(0.3, far / SPEED), (hx * far, hy * far)))
        elif now is not None:
            inside = now.far + 0.5
            out.append(Glide(ident, "enter", at, max(0.3, inside / SPEED),
                             (-hx * inside, -hy * inside)))
        k += 1
    return out
