"""What ``apply()`` reports: small frozen records a front end animates and the dice log shows.

Every event caused by a roll carries that :class:`~game.core.dice.Roll` (or
:class:`~game.core.dice.Contest`), and every event names the rule it comes from, so a
player can always ask "why?". ``kind`` is a word from an enum: :class:`Kind` lists the
board-neutral ones any front end understands (a move along places, damage, a fall...);
a rules family adds its own in an enum of its own (the Fantasy Trip's ``MeleeKind``:
readied, defending...), and a front end that does not know one just logs its text.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum
from typing import Any

from game.core.dice import Contest, Roll
from game.core.frozen import quick_init
from game.core.places import Place


class Kind(StrEnum):
    """The kinds of event every front end knows how to show."""

    TURN = "turn"
    PHASE = "phase"
    INITIATIVE = "initiative"
    ROLLED = "rolled"
    MOVED = "moved"
    """``figure`` moved along ``places`` (first to last)."""
    FACED = "faced"
    ATTACKED = "attacked"
    DAMAGED = "damaged"
    """``figure`` lost ``amount`` health."""
    FELL = "fell"
    """``figure`` fell from ``places[0]`` to ``places[-1]``."""
    PRONE = "prone"
    STOOD = "stood"
    UNCONSCIOUS = "unconscious"
    DIED = "died"
    RETREATED = "retreated"
    """``target`` was pushed from ``places[0]`` to ``places[-1]``."""
    PASSED = "passed"
    GAME_OVER = "game_over"


@quick_init
@dataclass(frozen=True)
class Event:
    """One thing that happened, in words and in data."""

    kind: StrEnum
    """One of :class:`Kind`, or of a rules family's own enum."""
    text: str
    """A sentence for the log: "Pip climbs to (4,3), 2 MP (H-2)"."""
    rule: str = ""
    figure: str | None = None
    target: str | None = None
    places: tuple[Place, ...] = ()
    """Places involved: the path of a move, the from/to of a retreat or fall."""
    amount: int | None = None
    roll: Roll | Contest | None = None

    def to_json(self) -> dict[str, Any]:
        d: dict[str, Any] = {"kind": str(self.kind), "text": self.text}
        if self.rule:
            d["rule"] = self.rule
        if self.figure is not None:
            d["figure"] = self.figure
        if self.target is not None:
            d["target"] = self.target
        if self.places:
            d["places"] = [p.to_json() for p in self.places]
        if self.amount is not None:
            d["amount"] = self.amount
        if self.roll is not None:
            d["roll"] = self.roll.to_json()
        return d
