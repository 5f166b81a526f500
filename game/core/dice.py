"""Dice: the only source of randomness in the game.

Every roll becomes a :class:`Roll` record that explains itself: the rule it comes from,
the dice and faces, the total, the target with each modifier and its reason, whether it
succeeded and the exact chance it had before it was rolled.

``Dice(seed)`` is deterministic for a seed; ``Dice.scripted([...])`` hands out the given
faces in order (tests force outcomes that way) and refuses to invent more.

Besides plain rolls and checks: halved totals ("1d6/2", K-11), exploding dice
(:meth:`Dice.explode`, F-4) and opposed rolls (:meth:`Dice.contest` giving a
:class:`Contest`, K-5, K-6, Z-13).
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from game.core import odds
from game.core.frozen import quick_init
from game.core.odds import (
    DEFAULT_MAX_REROLLS,
    ContestCritical,
    ContestMode,
    ContestTies,
    DiceExpr,
)


@quick_init
@dataclass(frozen=True)
class Modifier:
    """One adjustment to a target, with the reason a player reads and its rule id."""

    value: int
    reason: str
    rule: str = ""

    def __str__(self) -> str:
        tail = f" ({self.rule})" if self.rule else ""
        return f"{self.value:+d} {self.reason}{tail}"


@quick_init
@dataclass(frozen=True)
class Roll:
    """A roll as it happened, with everything needed to explain it."""

    rule: str
    """Rule id from RULES.md that called for the roll (T-2, H-8...)."""
    label: str
    """What was rolled for, in words: "Pip attacks Snik", "Falling damage"."""
    expr: str
    """Dice expression as rolled: "3d6", "2d6-1", "4d6 keep lowest 3"."""
    faces: tuple[int, ...]
    total: int
    base: int | None = None
    """The unmodified target (e.g. DX), None for a plain roll such as damage."""
    modifiers: tuple[Modifier, ...] = ()
    target: int | None = None
    """The target after all modifiers (adjusted DX)."""
    comparison: str = "<="
    success: bool | None = None
    probability: float | None = None
    """Chance of success computed exactly before the roll (None for plain rolls)."""
    note: str = ""
    """What a special total meant: "automatic hit", "triple damage", "drops weapon"..."""

    def explain(self) -> str:
        """One line for the dice log: rule, dice, faces, total, target, result, odds."""
        faces = "+".join(map(str, self.faces))
        text = f"[{self.rule}] {self.label}: {self.expr} ({faces}) = {self.total}"
        if self.target is not None:
            mods = "".join([f", {m}" for m in self.modifiers])
            text += f" vs {self.target} (base {self.base}{mods})"
            text += " - success" if self.success else " - failure"
            if self.probability is not None:
                text += f" (chance {self.probability:.0%})"
        if self.note:
            text += f"; {self.note}"
        return text

    def to_json(self) -> dict[str, Any]:
        d: dict[str, Any] = {
            "rule": self.rule,
            "label": self.label,
            "expr": self.expr,
            "faces": list(self.faces),
            "total": self.total,
        }
        if self.target is not None:
            d.update(
                base=self.base,
                modifiers=[[m.value, m.reason, m.rule] for m in self.modifiers],
                target=self.target,
                comparison=self.comparison,
                success=self.success,
                probability=self.probability,
            )
        elif self.modifiers:  # a contest roll's modifiers to its score
            d["modifiers"] = [[m.value, m.reason, m.rule] for m in self.modifiers]
        if self.note:
            d["note"] = self.note
        return d

    @classmethod
    def from_json(cls, d: Mapping[str, Any]) -> Roll:
        return cls(
            rule=d["rule"],
            label=d["label"],
            expr=d["expr"],
            faces=tuple(d["faces"]),
            total=d["total"],
            base=d.get("base"),
            modifiers=tuple(Modifier(v, r, ru) for v, r, ru in d.get("modifiers", [])),
            target=d.get("target"),
            comparison=d.get("comparison", "<="),
            success=d.get("success"),
            probability=d.get("probability"),
            note=d.get("note", ""),
        )


@quick_init
@dataclass(frozen=True)
class Contestant:
    """One side of an opposed roll (:meth:`Dice.contest`): who, and what they roll.

    ``n`` dice of ``sides`` faces are thrown; with ``keep_lowest``/``keep_highest`` only
    that many of them count (G-3's "roll an extra die and drop the highest" is ``n + 1``
    dice keeping the lowest ``n``). ``plus`` is added to the dice total; each of
    ``modifiers`` is added to this side's score (K-8's "+2 to their defense roll").
    ``target`` (the unmodified target, e.g. DX) is needed for "margin" contests, where
    the modifiers adjust it (Z-13's "modified by half the MR difference"). Totals are
    not clamped at zero: a score is a comparison, not damage.
    """

    label: str
    n: int
    sides: int = 6
    plus: int = 0
    modifiers: tuple[Modifier, ...] = ()
    keep_lowest: int | None = None
    keep_highest: int | None = None
    target: int | None = None

    def __post_init__(self) -> None:
        object.__setattr__(self, "modifiers", tuple(self.modifiers))  # a list would not hash
        keep = self.keep_lowest if self.keep_lowest is not None else self.keep_highest
        if self.n < 0 or self.sides < 1 or (keep is not None and not 1 <= keep <= self.n) or (
                self.keep_lowest is not None and self.keep_highest is not None):
            raise ValueError(f"{self.label!r} cannot roll {self.expr}")

    @property
    def bonus(self) -> int:
        """The modifiers' sum."""
        return sum(m.value for m in self.modifiers)

    @property
    def expr(self) -> str:
        """The dice as a player reads them: "2d6", "3d6+1", "3d6 keep lowest 2"."""
        text = str(DiceExpr(self.n, self.sides, self.plus))
        if self.keep_lowest is not None:
            text += f" keep lowest {self.keep_lowest}"
        if self.keep_highest is not None:
            text += f" keep highest {self.keep_highest}"
        return text

    def kept(self, faces: Sequence[int]) -> tuple[int, ...]:
        """The faces that count, lowest or highest first when some are dropped."""
        if self.keep_lowest is not None:
            return tuple(sorted(faces)[:self.keep_lowest])
        if self.keep_highest is not None:
            return tuple(sorted(faces, reverse=True)[:self.keep_highest])
        return tuple(faces)


@quick_init
@dataclass(frozen=True)
class Contest:
    """An opposed roll as it happened (:meth:`Dice.contest`)."""

    rule: str
    label: str
    """What the contest decides, in words: "Pip shoots Snik", "Snik intercepts Pip"."""
    mode: ContestMode
    """"higher" (higher score wins) or "margin" (roll-under, bigger margin wins)."""
    ties: ContestTies
    """Who takes a tie: "second", "first", "reroll" or "none" (a tie is a result)."""
    rolls: tuple[Roll, Roll]
    """The deciding roll of each side, first contestant first."""
    scores: tuple[int, int]
    winner: int | None
    """0 for the first contestant, 1 for the second, None for a tie (ties "none")."""
    critical: bool = False
    """The first contestant's maximum possible roll won whatever the other rolled (K-6)."""
    p_first: float = 0.0
    p_second: float = 0.0
    p_tie: float = 0.0
    """Exact chances computed before rolling (with "reroll" ties, of the final result)."""
    tied: tuple[tuple[Roll, Roll], ...] = ()
    """Rounds that tied and were rolled again (ties "reroll"), in order."""

    def explain(self) -> str:
        """One line for the dice log: rule, both rolls, scores, who won, the first's odds."""
        sides = "; ".join(self._side(r, s) for r, s in zip(self.rolls, self.scores, strict=True))
        text = f"[{self.rule}] {self.label}: {sides}"
        if self.tied:
            text += f" (after {len(self.tied)} tied round{'s' if len(self.tied) > 1 else ''})"
        if self.winner is None:
            text += " - tie"
        else:
            text += f" - {self.rolls[self.winner].label} wins"
            if self.critical:
                text += " (critical: maximum roll)"
            elif self.scores[0] == self.scores[1]:
                text += " the tie"
        text += f" (chance {self.p_first:.0%} for {self.rolls[0].label})"
        return text

    def _side(self, r: Roll, score: int) -> str:
        faces = "+".join(str(f) for f in r.faces)
        text = f"{r.label} {r.expr} ({faces}) = {r.total}"
        mods = "".join(f", {m}" for m in r.modifiers)
        if self.mode == "margin":
            return text + f" vs {r.target} (base {r.base}{mods}), margin {score:+d}"
        return text + (f"{mods}: score {score}" if mods else "")

    def to_json(self) -> dict[str, Any]:
        d: dict[str, Any] = {
            "rule": self.rule, "label": self.label, "mode": self.mode, "ties": self.ties,
            "rolls": [r.to_json() for r in self.rolls], "scores": list(self.scores),
            "winner": self.winner, "critical": self.critical, "p_first": self.p_first,
            "p_second": self.p_second, "p_tie": self.p_tie,
        }
        if self.tied:
            d["tied"] = [[a.to_json(), b.to_json()] for a, b in self.tied]
        return d

    @classmethod
    def from_json(cls, d: Mapping[str, Any]) -> Contest:
        a, b = (Roll.from_json(r) for r in d["rolls"])
        s0, s1 = d["scores"]
        return cls(rule=d["rule"], label=d["label"], mode=d["mode"], ties=d["ties"],
                   rolls=(a, b), scores=(s0, s1), winner=d["winner"],
                   critical=d.get("critical", False), p_first=d["p_first"],
                   p_second=d["p_second"], p_tie=d["p_tie"],
                   tied=tuple((Roll.from_json(x), Roll.from_json(y))
                              for x, y in d.get("tied", [])))


class ScriptExhausted(RuntimeError):
    """A scripted Dice was asked for more faces than it was given."""


@dataclass
class Dice:
    """Seeded dice. Use :meth:`scripted` to force faces in tests."""

    seed: int = 0
    _script: list[int] | None = field(default=None, repr=False)
    _then_seeded: bool = field(default=False, repr=False)
    """After the script, go on with the seeded stream instead of refusing."""
    _rng: random.Random = field(init=False, repr=False)
    rolls: int = field(default=0, init=False)
    """How many dice have been thrown (a cheap fingerprint of the stream position)."""

    def __post_init__(self) -> None:
        self._rng = random.Random(self.seed)

    @classmethod
    def scripted(cls, faces: Iterable[int], then_seed: int | None = None) -> Dice:
        """Dice that return exactly ``faces``, in order; then raise ScriptExhausted, or,
        with ``then_seed``, go on as ``Dice(then_seed)`` would (a demo scripts its worked
        example and plays on after it)."""
        d = cls(0 if then_seed is None else then_seed)
        d._script = list(faces)
        d._then_seeded = then_seed is not None
        return d

    # ----------------------------------------------------------------- state
    def getstate(self) -> tuple[Any, ...]:
        """Everything needed to continue the stream identically (for clones and undo)."""
        return (self._rng.getstate(), None if self._script is None else list(self._script),
                self.rolls)

    def setstate(self, state: tuple[Any, ...]) -> None:
        rng, script, rolls = state
        self._rng.setstate(rng)
        self._script = None if script is None else list(script)
        self.rolls = rolls

    def clone(self) -> Dice:
        """An independent copy at the same position of the stream."""
        d = Dice(self.seed)
        d.setstate(self.getstate())
        d._then_seeded = self._then_seeded
        return d

    # ----------------------------------------------------------------- rolling
    def faces(self, n: int, sides: int = 6) -> tuple[int, ...]:
        """Throw ``n`` dice of ``sides`` faces."""
        out: list[int] = []
        for _ in range(n):
            if self._script is not None and not self._script and self._then_seeded:
                self._script = None
            if self._script is not None:
                if not self._script:
                    raise ScriptExhausted(f"scripted dice ran out (wanted a d{sides})")
                f = self._script.pop(0)
                if not 1 <= f <= sides:
                    raise ValueError(f"scripted face {f} is not on a d{sides}")
            else:
                f = self._rng.randint(1, sides)
            out.append(f)
        self.rolls += n
        return tuple(out)

    def roll(self, expr: DiceExpr | str, *, rule: str, label: str) -> Roll:
        """A plain roll with no target, e.g. damage "2d-1" (never below 0), or a halved
        one, "1d6/2" (K-11: halved after the plus, rounded as the expression says)."""
        e = DiceExpr.parse(expr) if isinstance(expr, str) else expr
        fs = self.faces(e.n, e.sides)
        total = max(0, sum(fs) + e.plus)
        if e.halved is not None:
            total = odds.halve(total, e.halved == "up")
        return Roll(rule=rule, label=label, expr=str(e), faces=fs, total=total)

    def check(
        self,
        n: int,
        base: int,
        modifiers: Sequence[Modifier] = (),
        *,
        rule: str,
        label: str,
        sides: int = 6,
        comparison: str = "<=",
        automatic: Mapping[int, tuple[bool, str]] | None = None,
        keep_lowest: int | None = None,
    ) -> Roll:
        """Roll ``n`` dice against ``base`` adjusted by ``modifiers``.

        ``automatic`` lists totals whose result ignores the target (T-2's 3-5 and
        16-18), each with what it means. With ``keep_lowest`` only the lowest dice count
        ("roll an extra die and drop the highest").
        """
        target = base + sum(m.value for m in modifiers)
        p = odds.check_probability(n, target, sides=sides, comparison=comparison,
                                   automatic=automatic, keep_lowest=keep_lowest)
        fs = self.faces(n, sides)
        kept = sorted(fs)[:keep_lowest] if keep_lowest is not None else fs
        total = sum(kept)
        note = ""
        if automatic and total in automatic:
            success, note = automatic[total]
        else:
            success = odds.meets(total, target, comparison)
        expr = f"{n}d{sides}" + (f" keep lowest {keep_lowest}" if keep_lowest is not None else "")
        return Roll(rule=rule, label=label, expr=expr, faces=fs, total=total, base=base,
                    modifiers=tuple(modifiers), target=target, comparison=comparison,
                    success=success, probability=p, note=note)

    def explode(
        self,
        n: int = 1,
        sides: int = 6,
        *,
        rule: str,
        label: str,
        max_rerolls: int = DEFAULT_MAX_REROLLS,
        base: int | None = None,
        modifiers: Sequence[Modifier] = (),
        comparison: str = ">=",
    ) -> Roll:
        """Roll ``n`` exploding dice (F-4: "d6 inches; on a 6 add another d6, and so on").

        Each die showing its highest face is thrown again and added, at most
        ``max_rerolls`` times per die (the last throw counts as it falls; see
        ``odds.DEFAULT_MAX_REROLLS``). Each die is rolled out before the next, so the
        faces list every throw in that order: 2 dice as (6, 2, 4) are 6+2 and 4.
        With ``base`` the total is checked against it, adjusted by ``modifiers``.
        """
        if sides < 2 or max_rerolls < 0 or n < 0:
            raise ValueError(f"{label!r} cannot explode {n}d{sides} with {max_rerolls} rerolls")
        target = None if base is None else base + sum(m.value for m in modifiers)
        p = None if target is None else odds.explode_probability(
            n, target, sides=sides, comparison=comparison, max_rerolls=max_rerolls)
        fs: list[int] = []
        for _ in range(n):
            fs.extend(self.faces(1, sides))
            for _ in range(max_rerolls):
                if fs[-1] != sides:
                    break
                fs.extend(self.faces(1, sides))
        total = sum(fs)
        return Roll(rule=rule, label=label, expr=f"{n}d{sides} exploding", faces=tuple(fs),
                    total=total, base=base, modifiers=tuple(modifiers), target=target,
                    comparison=comparison if target is not None else "<=",  # Roll's default
                    success=None if target is None else odds.meets(total, target, comparison),
                    probability=p)

    def contest(
        self,
        a: Contestant,
        b: Contestant,
        *,
        rule: str,
        label: str,
        mode: ContestMode,
        ties: ContestTies,
        critical: ContestCritical | None = None,
    ) -> Contest:
        """An opposed roll between ``a`` (the first: attacker, interceptor) and ``b``.

        ``mode``:
          - "higher": each score is the dice total (kept dice plus ``plus``) plus the
            modifiers; the higher score wins (K-5: "If the attacking roll is higher than
            the defending roll, the attack hits").
          - "margin": each side rolls under its own target adjusted by its modifiers
            (Z-13..Z-15 DX contests, "3d6 vs 3d6 modified by half the MR difference");
            the score is the margin, adjusted target minus total (made by 3: +3; missed
            by 2: -2), and the bigger margin wins, whether or not either roll succeeded.
        ``ties`` (equal scores): "second" (the defender, K-5), "first", "reroll" (both
        roll again until the tie breaks; the tied rounds are kept in ``Contest.tied``)
        or "none" (winner None).
        ``critical="first_max"`` ("higher" only): the first side's dice showing their
        maximum possible total (every kept die on its top face) win whatever the other
        rolls (K-6); the Contest says so. ``critical="first_max_only"``: only that wins for
        the first side, whatever the scores (K-8 Concealed: "the attacker must roll
        critical to hit").

        The chances are computed before rolling; the first's dice are thrown first, then
        the second's, round after round.
        """
        p1, p2, pt = odds.contest_probabilities(a, b, mode=mode, ties=ties, critical=critical)
        tied: list[tuple[Roll, Roll]] = []
        while True:
            (ra, sa, ca), (rb, sb, _) = (self._contest_roll(c, rule, mode) for c in (a, b))
            crit = critical is not None and ca
            if crit or sa != sb or ties != "reroll":
                break
            tied.append((ra, rb))
        if crit:
            winner: int | None = 0
        elif critical == "first_max_only":
            winner = 1
        elif sa > sb:
            winner = 0
        elif sb > sa:
            winner = 1
        else:
            winner = {"first": 0, "second": 1}.get(ties)
        return Contest(rule=rule, label=label, mode=mode, ties=ties, rolls=(ra, rb),
                       scores=(sa, sb), winner=winner, critical=crit, p_first=p1,
                       p_second=p2, p_tie=pt, tied=tuple(tied))

    def _contest_roll(self, c: Contestant, rule: str, mode: ContestMode) -> tuple[Roll, int, bool]:
        """One side's roll in a contest: its Roll, its score, whether it was its maximum."""
        fs = self.faces(c.n, c.sides)
        kept = c.kept(fs)
        total = sum(kept) + c.plus
        top = len(kept) * c.sides == sum(kept)
        if mode == "higher":
            roll = Roll(rule=rule, label=c.label, expr=c.expr, faces=fs, total=total,
                        modifiers=c.modifiers)
            return roll, total + c.bonus, top
        assert c.target is not None  # contest_probabilities refuses a margin side without one
        target = c.target + c.bonus
        p = odds.check_probability(c.n, target - c.plus, sides=c.sides,
                                   keep_lowest=c.keep_lowest, keep_highest=c.keep_highest)
        roll = Roll(rule=rule, label=c.label, expr=c.expr, faces=fs, total=total,
                    base=c.target, modifiers=c.modifiers, target=target, comparison="<=",
                    success=total <= target, probability=p)
        return roll, target - total, top
