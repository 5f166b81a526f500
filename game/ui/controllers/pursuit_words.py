"""Words and small sums of the street chase controller (:mod:`.pursuit`): a pace
choice's label and tip with its exact chances (P-7), the chance of each number of
casualties (P-13), and the steering ruler's arithmetic (P-8)."""

from __future__ import annotations

import math
from fractions import Fraction

from game.rules.squads.pursuit.actions import Leg
from game.rules.squads.pursuit.queries import PaceOdds, Steer, chase_data
from game.ui.scenes.dice_log import percent

XY = tuple[float, float]


def pace_label(o: PaceOdds) -> str:
    """A pace choice in a few words, with its chances (P-7)."""
    if o.dice == 0:
        return "Keep pace: it stays"
    if o.dice < 0:
        return "Go back 12 inches (no choice)"
    lo, hi = o.dice, 6 * o.dice
    risks = ([f"contact {percent(float(o.contact))}"] if o.contact > 0 else []) + (
        [f"off {percent(float(o.leave))}"] if o.leave > 0 else [])
    if len(risks) > 1:  # both: the range is in the tip (a button holds about 32 letters)
        return f"Slow {o.dice}d6: " + ", ".join(risks)
    return f"Slow {o.dice}d6: {lo}-{hi}\" back" + "".join(f", {r}" for r in risks)


def pace_tip(o: PaceOdds, against: str, meeting: str = "no harm") -> str:
    """Every outcome of a pace choice with its exact chance (P-7); ``meeting``: what
    stopping in contact does (nothing to a piece or a friend; a fight with an enemy, P-9;
    a cluster goes off, P-12)."""
    if o.dice == 0:
        return "It keeps its speed: everything else moves 12 inches back, it stays (P-7)."
    parts = []
    if o.back:
        ks = sorted(o.back)
        free = sum(o.back.values(), Fraction(0))
        parts.append(f"moves back {ks[0]}-{ks[-1]} inches freely {percent(float(free))}")
    if o.contact > 0:
        parts.append(f"stops in contact with {against} {percent(float(o.contact))} ({meeting})")
    parts.append(f"leaves the table {percent(float(o.leave))} (counted as killed)")
    return "; ".join(parts) + " (P-7)."


def steer_room(steer: Steer) -> float:
    """Inches of the allowance the legs so far leave."""
    return max(0.0, steer.allowance - steer.used)


def direction(facing: float) -> XY:
    r = math.radians(facing)
    return math.cos(r), math.sin(r)


def extend(legs: list[Leg], n: int) -> list[Leg]:
    """``legs`` with the last one ``n`` hundredths longer (a first leg if none)."""
    if not legs:
        return [(0, n)]
    turn, length = legs[-1]
    return [*legs[:-1], (turn, length + n)]


def turn_step(accelerate: bool) -> float:
    d = chase_data()
    return d.accelerate_turn_every if accelerate else d.turn_every


def expected(dist: dict[int, Fraction]) -> Fraction:
    return sum((k * p for k, p in dist.items()), Fraction(0))


def odds_text(dist: dict[int, Fraction], most: int = 4) -> str:
    """The chance of each number of casualties: "0: 30%, 1: 45%, 2+: 25%"."""
    ks = sorted(k for k, p in dist.items() if p > 0)
    if not ks:
        return "none"
    out = [f"{k}: {percent(float(dist[k]))}" for k in ks[:most]]
    rest = sum((dist[k] for k in ks[most:]), Fraction(0))
    if rest > 0:
        out.append(f"{ks[most]}+: {percent(float(rest))}")
    return ", ".join(out)


def shot_label(who: str, gun: str, hit: float | None) -> str:
    """A shot's button (P-13) in about 32 letters: the target first, then the weapon and
    the chance to hit; a shot at a cluster (``hit`` None) sets it off (P-12)."""
    if hit is None:
        return f"Shoot: set off {who}"
    return f"{who}: {gun}, hit {percent(hit)}"
