"""The turn/phase machine each ruleset declares as data.

A :class:`PhaseTable` lists the phases of a turn in order, each with its title, the rule
that defines it and the phases it may lead to. The current phase's name lives in the
game state (so it is saved, hashed, cloned and replayed with everything else); the table
only checks that a ruleset moves from one phase to a phase it declared.

Why not python-statemachine: its machines keep the current state in a machine object
with callbacks, while ours must be a plain value inside a state that is cloned thousands
of times a second for AI lookahead and replayed from a log; the part we need, a declared
transition table with checked moves, is this page.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass


@dataclass(frozen=True)
class Phase:
    """One phase of a turn."""

    name: str
    title: str
    """Shown in the phase bar: "Initiative", "Movement"..."""
    rule: str
    """Rule id that defines the phase (T-7)."""
    next: tuple[str, ...]
    """Phases this one may be followed by (a new turn starts at the table's first)."""
    help: str = ""
    """What a player does in this phase, one sentence."""


class PhaseError(RuntimeError):
    """A ruleset tried a transition its own table does not declare (a bug, not a player's)."""


class PhaseTable:
    """An ordered set of phases with checked transitions."""

    def __init__(self, *phases: Phase) -> None:
        if not phases:
            raise ValueError("a phase table needs at least one phase")
        self.phases = {p.name: p for p in phases}
        self.order = tuple(p.name for p in phases)
        self.first = phases[0].name
        for p in phases:
            for n in p.next:
                if n not in self.phases:
                    raise ValueError(f"phase {p.name!r} leads to unknown phase {n!r}")

    def __getitem__(self, name: str) -> Phase:
        return self.phases[name]

    def __iter__(self) -> Iterator[Phase]:
        return iter(self.phases.values())

    def transition(self, current: str, to: str) -> str:
        """Check that ``current`` may be followed by ``to`` and return ``to``."""
        if to not in self.phases[current].next:
            raise PhaseError(f"phase {current!r} cannot be followed by {to!r}")
        return to
