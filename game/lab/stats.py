"""What a variant's games come to: win rates with their intervals, length, the first
mover's edge, each kind of piece's survival and kills, and the rules that fired.

Everything is worked out from the :class:`~game.lab.games.GameRecord` list sorted by
game number, so the numbers are the same whichever worker played which game.
"""

from __future__ import annotations

import math
import statistics
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass, field

from game.core.ruleset import Side
from game.headless import Z95, wilson_interval
from game.lab.games import GameRecord


@dataclass(frozen=True)
class Rate:
    """``k`` of ``n`` with its 95 % Wilson interval."""

    k: int
    n: int

    @property
    def p(self) -> float:
        return self.k / self.n if self.n else 0.0

    @property
    def interval(self) -> tuple[float, float]:
        return wilson_interval(self.k, self.n)

    def spans_half(self) -> bool:
        lo, hi = self.interval
        return self.n > 0 and lo < 0.5 < hi

    def games_to_settle(self) -> int | None:
        """About how many games in all would put the interval clear of 50 % if the rate
        stayed where it is (None if it is 50 % exactly: no number would)."""
        gap = abs(self.p - 0.5)
        if gap < 1e-9:
            return None
        return math.ceil(Z95 * Z95 * self.p * (1 - self.p) / (gap * gap)) + 1

    def text(self) -> str:
        lo, hi = self.interval
        return f"{100 * self.p:.1f} % ({100 * lo:.1f}-{100 * hi:.1f})"


@dataclass(frozen=True)
class PieceKind:
    """A side's pieces of one kind over the games: how many were fielded, how many
    lived to the end, and how many enemies they put down."""

    side: Side
    kind: str
    fielded: int
    survived: int
    kills: int


@dataclass
class VariantStats:
    """The numbers of one variant (see the module text)."""

    sides: list[Side]
    games: int = 0
    wins: dict[Side, int] = field(default_factory=dict)
    draws: int = 0
    terminations: Counter[str] = field(default_factory=Counter)
    turns_mean: float = 0.0
    turns_sd: float = 0.0
    actions_mean: float = 0.0
    first_games: int = 0
    """Decisive games (a winner) whose first action a side chose."""
    first_wins: int = 0
    """...of them, won by the side that acted first."""
    first_by_side: Counter[Side] = field(default_factory=Counter)
    pieces: list[PieceKind] = field(default_factory=list)
    rule_events: Counter[str] = field(default_factory=Counter)
    """Rule id -> events over all the games."""
    rule_games: Counter[str] = field(default_factory=Counter)
    """Rule id -> games in which it fired at least once."""
    seconds: float = 0.0
    """Time the games took, added over the games (the work, not the wall clock)."""
    cpu_seconds: float = 0.0
    """Processor time the games took, added over the games."""

    def rate(self, side: Side) -> Rate:
        return Rate(self.wins.get(side, 0), self.games)

    def first_mover(self) -> Rate:
        """How often the side that acted first won, among decisive games."""
        return Rate(self.first_wins, self.first_games)


def summarise(sides: Sequence[Side], records: Sequence[GameRecord]) -> VariantStats:
    """The :class:`VariantStats` of ``records`` (sorted by game number first)."""
    recs = sorted(records, key=lambda r: r.index)
    st = VariantStats(list(sides), wins={s: 0 for s in sides})
    st.games = len(recs)
    if not recs:
        return st
    turns = [r.turns for r in recs]
    st.turns_mean = statistics.fmean(turns)
    st.turns_sd = statistics.pstdev(turns) if len(turns) > 1 else 0.0
    st.actions_mean = statistics.fmean(r.actions for r in recs)
    kinds: dict[tuple[Side, str], list[int]] = {}
    for r in recs:
        st.terminations[r.termination] += 1
        if r.winner is None:
            st.draws += 1
        else:
            st.wins[r.winner] = st.wins.get(r.winner, 0) + 1
            if r.first is not None:
                st.first_games += 1
                st.first_wins += r.first == r.winner
        if r.first is not None:
            st.first_by_side[r.first] += 1
        for p in r.pieces:
            tally = kinds.setdefault((p.side, p.kind), [0, 0, 0])
            tally[0] += 1
            tally[1] += p.alive
            tally[2] += p.kills
        for rule, n in r.rules.items():
            st.rule_events[rule] += n
            st.rule_games[rule] += 1
        st.seconds += r.seconds
        st.cpu_seconds += r.cpu_seconds
    order = {s: i for i, s in enumerate(sides)}
    st.pieces = [PieceKind(s, k, *t) for (s, k), t in
                 sorted(kinds.items(), key=lambda kv: (order.get(kv[0][0], 99), kv[0][1]))]
    return st


def rule_key(rule: str) -> tuple[str, int, str]:
    """Sort key for rule ids: by letter prefix, then number ("T-2" before "T-10")."""
    head, _, num = rule.partition("-")
    digits = "".join(ch for ch in num if ch.isdigit())
    return head, int(digits) if digits else 0, rule
