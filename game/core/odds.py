"""Exact odds of dice expressions, from the same description a roll is made with.

Built on icepool (exact dice probability); every answer is cached because a first call
costs about a millisecond and the UI and AI ask the same questions many times.

All probabilities are returned as floats; :func:`distribution` gives exact Fractions.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass
from fractions import Fraction
from functools import lru_cache

import icepool

_EXPR = re.compile(r"^\s*(\d+)\s*d\s*(\d*)\s*(?:([+-])\s*(\d+))?\s*$")


@dataclass(frozen=True)
class DiceExpr:
    """``n`` dice of ``sides`` faces plus ``plus`` (which may be negative): 2d-1, 3d6, 1d+2."""

    n: int
    sides: int = 6
    plus: int = 0

    @classmethod
    def parse(cls, text: str) -> DiceExpr:
        """Read "2d", "2d6", "1d+2", "3d-1" (Fantasy Trip style, d means d6).

        >>> DiceExpr.parse("2d-1")
        DiceExpr(n=2, sides=6, plus=-1)
        """
        m = _EXPR.match(text)
        if not m:
            raise ValueError(f"{text!r} is not a dice expression like '2d', '3d6' or '1d+2'")
        n, sides, sign, plus = m.groups()
        k = int(plus or 0) * (-1 if sign == "-" else 1)
        return cls(int(n), int(sides or 6), k)

    def __str__(self) -> str:
        core = f"{self.n}d{self.sides}"
        return core + (f"{self.plus:+d}" if self.plus else "")


@lru_cache(maxsize=4096)
def _die_sum(n: int, sides: int, keep_lowest: int | None) -> icepool.Die:
    if n == 0:
        return icepool.Die([0])
    pool = icepool.d(sides).pool(n)
    if keep_lowest is not None and keep_lowest < n:
        return pool.lowest(keep_lowest).sum()
    return pool.sum()


@lru_cache(maxsize=4096)
def distribution(
    n: int, sides: int = 6, plus: int = 0, keep_lowest: int | None = None
) -> dict[int, Fraction]:
    """Exact P(total = t) of ``n`` dice (keeping the lowest ``keep_lowest``) plus ``plus``."""
    die = _die_sum(n, sides, keep_lowest)
    total = die.denominator()
    return {int(k) + plus: Fraction(int(q), int(total)) for k, q in die.items()}


def expr_distribution(expr: DiceExpr | str) -> dict[int, Fraction]:
    """:func:`distribution` of a :class:`DiceExpr` or its text."""
    e = DiceExpr.parse(expr) if isinstance(expr, str) else expr
    return distribution(e.n, e.sides, e.plus)


def _freeze(auto: Mapping[int, tuple[bool, str]] | None) -> tuple[tuple[int, bool], ...]:
    return tuple(sorted((k, v[0]) for k, v in (auto or {}).items()))


def meets(total: int, target: int, comparison: str) -> bool:
    """Whether a total makes its target: "<=" rolls under (Fantasy Trip), ">=" over."""
    return total <= target if comparison == "<=" else total >= target


def check_probability(
    n: int,
    target: int,
    *,
    sides: int = 6,
    comparison: str = "<=",
    automatic: Mapping[int, tuple[bool, str]] | None = None,
    keep_lowest: int | None = None,
) -> float:
    """P(success) of rolling ``n`` dice against ``target``.

    ``comparison`` is "<=" (roll under, Fantasy Trip) or ">=" (roll over, a save).
    ``automatic`` maps totals that succeed or fail whatever the target (3-5 always hit,
    16-18 always miss on 3d6 in T-2) to (success, what it means).
    ``keep_lowest``: "roll an extra die and drop the highest" is ``n+1`` dice keeping ``n``.
    """
    return _check(n, target, sides, comparison, _freeze(automatic), keep_lowest)


@lru_cache(maxsize=65536)
def _check(
    n: int,
    target: int,
    sides: int,
    comparison: str,
    auto: tuple[tuple[int, bool], ...],
    keep_lowest: int | None,
) -> float:
    forced = dict(auto)
    p = Fraction(0)
    for total, q in distribution(n, sides, 0, keep_lowest).items():
        ok = forced.get(total)
        if ok if ok is not None else meets(total, target, comparison):
            p += q
    return float(p)


@lru_cache(maxsize=4096)
def opposed(a: DiceExpr, b: DiceExpr) -> tuple[float, float, float]:
    """P(a's total > b's), P(equal), P(a's < b's) for two independent rolls."""
    da, db = expr_distribution(a), expr_distribution(b)
    gt = eq = lt = Fraction(0)
    for x, px in da.items():
        for y, py in db.items():
            if x > y:
                gt += px * py
            elif x == y:
                eq += px * py
            else:
                lt += px * py
    return float(gt), float(eq), float(lt)


@lru_cache(maxsize=16384)
def mean_after_reduction(expr: DiceExpr, stop: int, multiplier: int = 1) -> float:
    """Expected ``max(0, multiplier * total - stop)``: damage that gets through armour."""
    return float(
        sum(q * max(0, multiplier * t - stop) for t, q in expr_distribution(expr).items())
    )


@lru_cache(maxsize=16384)
def p_at_least_after_reduction(expr: DiceExpr, stop: int, amount: int,
                               multiplier: int = 1) -> float:
    """P(``multiplier * total - stop >= amount``), a total never below 0 (as rolled):
    e.g. the chance a blow takes a figure down."""
    return float(sum(q for t, q in expr_distribution(expr).items()
                     if multiplier * max(0, t) - stop >= amount))
