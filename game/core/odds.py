"""Exact odds of dice expressions, from the same description a roll is made with.

Built on icepool (exact dice probability); every answer is cached because a first call
costs about a millisecond and the UI and AI ask the same questions many times.

All probabilities are returned as floats; :func:`distribution` gives exact Fractions.
Besides plain sums: halved totals (K-11 "1d6 / 2 ... Round damage up"), exploding dice
(F-4) and opposed rolls (K-5, K-6, Z-13).
"""

from __future__ import annotations

import operator
import re
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from fractions import Fraction
from functools import lru_cache
from typing import Literal, Protocol

import icepool  # icepool ships no type information

_EXPR = re.compile(r"^\s*(\()?\s*(\d+)\s*d\s*(\d*)\s*(?:([+-])\s*(\d+))?\s*(\))?"
                   r"\s*(?:/\s*2\s*(up|down)?)?\s*$")

Rounding = Literal["up", "down"]
"""How a halved total is rounded (see :func:`halve`)."""

_COMPARE: dict[str, Callable[[int, int], bool]] = {
    "<=": operator.le, "<": operator.lt, ">=": operator.ge, ">": operator.gt}
COMPARISONS = tuple(_COMPARE)
"""The comparisons a total may be checked with: "<=", "<" (roll under), ">=", ">" (over)."""

DEFAULT_MAX_REROLLS = 20
"""Cap on rerolls of one exploding die (F-4). The chance that a d6 would have gone on
past it is 6**-21, about 5e-17: far below anything a game can show."""


def halve(x: int, up: bool) -> int:
    """``x`` halved, rounded up or down when odd (K-11 "Round damage up"; Z-11 "half the
    obstacles size (round down)").

    Rounding is towards plus or minus infinity, for negative numbers too: ``halve(-3,
    up=True) == -1`` and ``halve(-3, up=False) == -2``, so ``halve(-x, up) == -halve(x,
    not up)``.
    """
    return -(-x // 2) if up else x // 2


@dataclass(frozen=True)
class DiceExpr:
    """``n`` dice of ``sides`` faces plus ``plus`` (which may be negative): 2d-1, 3d6, 1d+2.

    ``halved`` ("up" or "down", None for a whole total) halves the total, ``plus``
    included, rounded that way (K-11's light weapon: "1d6 / 2 ... Round damage up").
    """

    n: int
    sides: int = 6
    plus: int = 0
    halved: Rounding | None = None

    def __post_init__(self) -> None:
        if self.halved not in (None, "up", "down"):
            raise ValueError(f"halved must be 'up', 'down' or None, not {self.halved!r}")

    @classmethod
    def parse(cls, text: str) -> DiceExpr:
        """Read "2d", "2d6", "1d+2", "3d-1" (Fantasy Trip style, d means d6), and halved
        totals "1d6/2" (rounded up), "1d6/2 down", "(2d6+1)/2".

        >>> DiceExpr.parse("2d-1")
        DiceExpr(n=2, sides=6, plus=-1, halved=None)
        >>> DiceExpr.parse("1d6 / 2")
        DiceExpr(n=1, sides=6, plus=0, halved='up')
        """
        if cls is not DiceExpr:
            return cls._parse(text)
        e = _PARSED.get(text)
        if e is None:
            e = cls._parse(text)
            if len(_PARSED) < 4096:
                _PARSED[text] = e
        return e

    @classmethod
    def _parse(cls, text: str) -> DiceExpr:
        m = _EXPR.match(text)
        if not m:
            raise ValueError(f"{text!r} is not a dice expression like '2d', '3d6', '1d+2' "
                             "or '1d6/2'")
        opened, n, sides, sign, plus, closed, rounding = m.groups()
        halved = "/" in text
        if bool(opened) != bool(closed) or (opened and not halved):
            raise ValueError(f"{text!r}: brackets are only for a halved total, '(2d6+1)/2'")
        if halved and plus and not opened:
            raise ValueError(f"{text!r} is ambiguous: write the halved total in brackets, "
                             f"'({n}d{sides or 6}{sign}{plus})/2'")
        k = int(plus or 0) * (-1 if sign == "-" else 1)
        half: Rounding | None = None
        if halved:
            half = "down" if rounding == "down" else "up"
        return cls(int(n), int(sides or 6), k, half)

    def __str__(self) -> str:
        core = f"{self.n}d{self.sides}" + (f"{self.plus:+d}" if self.plus else "")
        if self.halved is None:
            return core
        core = f"({core})" if self.plus else core
        return core + ("/2" if self.halved == "up" else "/2 down")


_PARSED: dict[str, DiceExpr] = {}
"""Expressions read so far, by their text (a game rolls the same few again and again)."""


@lru_cache(maxsize=4096)
def _die_sum(n: int, sides: int, keep_lowest: int | None,
             keep_highest: int | None = None) -> icepool.Die:
    if n == 0:
        return icepool.Die([0])
    pool = icepool.d(sides).pool(n)
    if keep_lowest is not None and keep_lowest < n:
        return pool.lowest(keep_lowest).sum()
    if keep_highest is not None and keep_highest < n:
        return pool.highest(keep_highest).sum()
    return pool.sum()


def _fractions(die: icepool.Die) -> dict[int, Fraction]:
    total = int(die.denominator())
    return {int(k): Fraction(int(q), total) for k, q in die.items()}


@lru_cache(maxsize=4096)
def distribution(
    n: int, sides: int = 6, plus: int = 0, keep_lowest: int | None = None,
    halved: Rounding | None = None,
) -> dict[int, Fraction]:
    """Exact P(total = t) of ``n`` dice (keeping the lowest ``keep_lowest``) plus ``plus``,
    then halved (see :func:`halve`) if ``halved`` says which way to round."""
    out: dict[int, Fraction] = {}
    for t, q in _fractions(_die_sum(n, sides, keep_lowest)).items():
        t += plus
        if halved is not None:
            t = halve(t, halved == "up")
        out[t] = out.get(t, Fraction(0)) + q
    return out


def expr_distribution(expr: DiceExpr | str) -> dict[int, Fraction]:
    """:func:`distribution` of a :class:`DiceExpr` or its text (halving included)."""
    e = DiceExpr.parse(expr) if isinstance(expr, str) else expr
    return distribution(e.n, e.sides, e.plus, None, e.halved)


def _freeze(auto: Mapping[int, tuple[bool, str]] | None) -> tuple[tuple[int, bool], ...]:
    return tuple(sorted((k, v[0]) for k, v in (auto or {}).items()))


def meets(total: int, target: int, comparison: str) -> bool:
    """Whether a total makes its target: "<=" rolls under (Fantasy Trip), "<" strictly
    under, ">=" at least (a save), ">" strictly over. Anything else is a ValueError."""
    try:
        return _COMPARE[comparison](total, target)
    except KeyError:
        raise ValueError(f"unknown comparison {comparison!r}; use one of "
                         f"{', '.join(COMPARISONS)}") from None


def _p_meets(dist: Mapping[int, Fraction], target: int, comparison: str) -> Fraction:
    """P(total meets ``target``) over an exact distribution."""
    return sum((q for t, q in dist.items() if meets(t, target, comparison)), Fraction(0))


def check_probability(
    n: int,
    target: int,
    *,
    sides: int = 6,
    comparison: str = "<=",
    automatic: Mapping[int, tuple[bool, str]] | None = None,
    keep_lowest: int | None = None,
    keep_highest: int | None = None,
) -> float:
    """P(success) of rolling ``n`` dice against ``target``.

    ``comparison`` is "<=" (roll under, Fantasy Trip), "<", ">=" (roll over, a save) or
    ">" (see :func:`meets`).
    ``automatic`` maps totals that succeed or fail whatever the target (3-5 always hit,
    16-18 always miss on 3d6 in T-2) to (success, what it means).
    ``keep_lowest``: "roll an extra die and drop the highest" is ``n+1`` dice keeping ``n``
    (G-3); ``keep_highest`` the other way round.
    """
    return _check(n, target, sides, comparison, _freeze(automatic), keep_lowest, keep_highest)


@lru_cache(maxsize=65536)
def _check(
    n: int,
    target: int,
    sides: int,
    comparison: str,
    auto: tuple[tuple[int, bool], ...],
    keep_lowest: int | None,
    keep_highest: int | None = None,
) -> float:
    meets(0, 0, comparison)  # an unknown comparison fails even when automatic covers all
    forced = dict(auto)
    p = Fraction(0)
    for total, q in _fractions(_die_sum(n, sides, keep_lowest, keep_highest)).items():
        ok = forced.get(total)
        if ok if ok is not None else meets(total, target, comparison):
            p += q
    return float(p)


# ----------------------------------------------------------------- exploding dice
@lru_cache(maxsize=1024)
def explode_distribution(n: int = 1, sides: int = 6,
                         max_rerolls: int = DEFAULT_MAX_REROLLS) -> dict[int, Fraction]:
    """Exact P(total = t) of ``n`` exploding dice (F-4: "on a 6 add another d6, and so
    on"): a die showing its highest face is rolled again and added, at most
    ``max_rerolls`` times per die; the last throw counts as it falls (icepool's
    ``Die.explode(depth=max_rerolls)``, as :meth:`Dice.explode` rolls it)."""
    if sides < 2 or max_rerolls < 0 or n < 0:
        raise ValueError(f"cannot explode {n}d{sides} with {max_rerolls} rerolls")
    if n == 0:
        return {0: Fraction(1)}
    return _fractions(n @ icepool.d(sides).explode(depth=max_rerolls))


@lru_cache(maxsize=16384)
def explode_probability(n: int, target: int, *, sides: int = 6, comparison: str = ">=",
                        max_rerolls: int = DEFAULT_MAX_REROLLS) -> float:
    """P(the total of ``n`` exploding dice meets ``target``), e.g. P(total >= 9) (F-4)."""
    return float(_p_meets(explode_distribution(n, sides, max_rerolls), target, comparison))


# ----------------------------------------------------------------- opposed rolls
class ContestSide(Protocol):
    """What the odds need to know of one side of a contest (``dice.Contestant``)."""

    @property
    def label(self) -> str: ...
    @property
    def n(self) -> int: ...
    @property
    def sides(self) -> int: ...
    @property
    def plus(self) -> int: ...
    @property
    def bonus(self) -> int: ...
    @property
    def keep_lowest(self) -> int | None: ...
    @property
    def keep_highest(self) -> int | None: ...
    @property
    def target(self) -> int | None: ...


ContestMode = Literal["higher", "margin"]
ContestTies = Literal["second", "first", "reroll", "none"]
ContestCritical = Literal["first_max", "first_max_only"]
"""K-6: the first side's maximum roll wins whatever the other rolls ("first_max"); K-8
Concealed: nothing else wins for the first side ("first_max_only")."""
CONTEST_MODES: tuple[ContestMode, ...] = ("higher", "margin")
CONTEST_TIES: tuple[ContestTies, ...] = ("second", "first", "reroll", "none")


def _score_offset(side: ContestSide, mode: str) -> int:
    """The side's score is ``kept dice + offset`` ("higher") or ``offset - kept dice``
    ("margin": adjusted target minus total, so a failed roll scores below zero)."""
    if mode == "higher":
        return side.plus + side.bonus
    if side.target is None:
        raise ValueError(f"a margin contest needs a target for {side.label!r}")
    return side.target + side.bonus - side.plus


def contest_probabilities(
    first: ContestSide, second: ContestSide, *, mode: ContestMode, ties: ContestTies,
    critical: ContestCritical | None = None,
) -> tuple[float, float, float]:
    """Exact (P(first wins), P(second wins), P(tie)) of a contest, as ``Dice.contest``
    decides it (see there for ``mode``, ``ties`` and ``critical``)."""
    if mode not in CONTEST_MODES:
        raise ValueError(f"unknown contest mode {mode!r}; use one of {CONTEST_MODES}")
    if ties not in CONTEST_TIES:
        raise ValueError(f"unknown contest ties {ties!r}; use one of {CONTEST_TIES}")
    if critical not in (None, "first_max", "first_max_only"):
        raise ValueError(f"unknown critical {critical!r}; use None, 'first_max' or "
                         "'first_max_only'")
    if critical is not None and mode != "higher":
        raise ValueError(f"critical {critical!r} (K-6) is for 'higher' contests")
    a = (first.n, first.sides, first.keep_lowest, first.keep_highest,
         _score_offset(first, mode))
    b = (second.n, second.sides, second.keep_lowest, second.keep_highest,
         _score_offset(second, mode))
    return _contest(a, b, mode, ties, critical)


_Side = tuple[int, int, int | None, int | None, int]


@lru_cache(maxsize=16384)
def _contest(a: _Side, b: _Side, mode: str, ties: str,
             critical: str | None) -> tuple[float, float, float]:
    sign = 1 if mode == "higher" else -1
    kept = min(k for k in (a[0], a[2], a[3]) if k is not None)
    top = kept * a[1]  # the first side's maximum possible dice total (K-6)

    def outcome(x: int, y: int) -> int:
        if critical is not None and x == top:
            return 1
        if critical == "first_max_only":
            return -1
        sx, sy = sign * x + a[4], sign * y + b[4]
        return (sx > sy) - (sx < sy)

    result = _fractions(icepool.map(outcome, _die_sum(*a[:4]), _die_sum(*b[:4])))
    w1, w2, tie = (result.get(k, Fraction(0)) for k in (1, -1, 0))
    if ties == "first":
        w1, tie = w1 + tie, Fraction(0)
    elif ties == "second":
        w2, tie = w2 + tie, Fraction(0)
    elif ties == "reroll":
        if tie == 1:
            raise ValueError("these dice always tie: a reroll contest would never end")
        w1, w2, tie = w1 / (1 - tie), w2 / (1 - tie), Fraction(0)
    return float(w1), float(w2), float(tie)


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
    if multiplier > 0:  # a total of at least ``need`` (rounded up): read from the tails
        need = max(0, -(-(amount + stop) // multiplier))
        tails = _tails(expr)
        return tails[need] if need < len(tails) else 0.0
    return float(sum(q for t, q in expr_distribution(expr).items()
                     if multiplier * max(0, t) - stop >= amount))


@lru_cache(maxsize=1024)
def _tails(expr: DiceExpr) -> tuple[float, ...]:
    """``out[k]``: P(the total, never below 0, is at least ``k``) for ``k`` from 0 to the
    highest total, each the exact sum made a float (as :func:`p_at_least_after_reduction`
    summed it)."""
    dist = expr_distribution(expr)
    top = max(max(0, t) for t in dist)
    exact = [Fraction(0)] * (top + 2)
    for t, q in dist.items():
        exact[max(0, t)] += q
    for k in range(top, -1, -1):
        exact[k] += exact[k + 1]
    return tuple(float(x) for x in exact[:top + 1])
