"""What ``apply()`` reports: small frozen records the UI animates and the dice log shows.

Every event caused by a roll carries that :class:`~game.core.dice.Roll`, and every event
names the rule it comes from, so a player can always ask "why?".
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum
from typing import Any

from game.core.dice import Roll


class Kind(StrEnum):
    """The kinds of thing that can happen."""

    TURN = "turn"
    PHASE = "phase"
    INITIATIVE = "initiative"
    ROLLED = "rolled"
    MOVED = "moved"
    FACED = "faced"
    ATTACKED = "attacked"
    DAMAGED = "damaged"
    FELL = "fell"
    PRONE = "prone"
    STOOD = "stood"
    UNCONSCIOUS = "unconscious"
    DIED = "died"
    RETREATED = "retreated"
    DROPPED = "dropped"
    BROKE = "broke"
    READIED = "readied"
    PICKED_UP = "picked_up"
    DEFENDING = "defending"
    PASSED = "passed"
    GAME_OVER = "game_over"


@dataclass(frozen=True)
class Event:
    """One thing that happened, in words and in data."""

    kind: Kind
    text: str
    """A sentence for the log: "Pip climbs to (4,3), 2 MP (H-2)"."""
    rule: str = ""
    figure: str | None = None
    target: str | None = None
    cells: tuple[int, ...] = ()
    """Cells involved: the path of a move, the from/to of a retreat or fall."""
    amount: int | None = None
    roll: Roll | None = None

    def to_json(self) -> dict[str, Any]:
        d: dict[str, Any] = {"kind": self.kind.value, "text": self.text}
        if self.rule:
            d["rule"] = self.rule
        if self.figure is not None:
            d["figure"] = self.figure
        if self.target is not None:
            d["target"] = self.target
        if self.cells:
            d["cells"] = list(self.cells)
        if self.amount is not None:
            d["amount"] = self.amount
        if self.roll is not None:
            d["roll"] = self.roll.to_json()
        return d
