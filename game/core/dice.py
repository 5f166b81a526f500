"""Dice: the only source of randomness in the game.

Every roll becomes a :class:`Roll` record that explains itself: the rule it comes from,
the dice and faces, the total, the target with each modifier and its reason, whether it
succeeded and the exact chance it had before it was rolled.

``Dice(seed)`` is deterministic for a seed; ``Dice.scripted([...])`` hands out the given
faces in order (tests force outcomes that way) and refuses to invent more.
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from game.core import odds
from game.core.odds import DiceExpr


@dataclass(frozen=True)
class Modifier:
    """One adjustment to a target, with the reason a player reads and its rule id."""

    value: int
    reason: str
    rule: str = ""

    def __str__(self) -> str:
        tail = f" ({self.rule})" if self.rule else ""
        return f"{self.value:+d} {self.reason}{tail}"


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
        faces = "+".join(str(f) for f in self.faces)
        text = f"[{self.rule}] {self.label}: {self.expr} ({faces}) = {self.total}"
        if self.target is not None:
            mods = "".join(f", {m}" for m in self.modifiers)
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


class ScriptExhausted(RuntimeError):
    """A scripted Dice was asked for more faces than it was given."""


@dataclass
class Dice:
    """Seeded dice. Use :meth:`scripted` to force faces in tests."""

    seed: int = 0
    _script: list[int] | None = field(default=None, repr=False)
    _rng: random.Random = field(init=False, repr=False)
    rolls: int = field(default=0, init=False)
    """How many dice have been thrown (a cheap fingerprint of the stream position)."""

    def __post_init__(self) -> None:
        self._rng = random.Random(self.seed)

    @classmethod
    def scripted(cls, faces: Iterable[int]) -> Dice:
        """Dice that return exactly ``faces``, in order, then raise ScriptExhausted."""
        d = cls(0)
        d._script = list(faces)
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
        return d

    # ----------------------------------------------------------------- rolling
    def faces(self, n: int, sides: int = 6) -> tuple[int, ...]:
        """Throw ``n`` dice of ``sides`` faces."""
        out: list[int] = []
        for _ in range(n):
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
        """A plain roll with no target, e.g. damage "2d-1" (never below 0)."""
        e = DiceExpr.parse(expr) if isinstance(expr, str) else expr
        fs = self.faces(e.n, e.sides)
        return Roll(rule=rule, label=label, expr=str(e), faces=fs, total=max(0, sum(fs) + e.plus))

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
