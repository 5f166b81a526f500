"""The event kinds only Melee on zone boards reports (beside core's board-neutral
:class:`~game.core.events.Kind` and the family's :class:`~game.rules.tft.events.MeleeKind`).

The values are the words transcripts and logs have always carried.
"""

from __future__ import annotations

from enum import StrEnum


class ZoneKind(StrEnum):
    """Events of the zone rules (Z-*)."""

    DECLARES = "declares"
    """A zone move or a charge is declared, with its path (Z-4, Z-9)."""
    MOVE_PLAN = "move_plan"
    """A zone move needs no roll: its MR and what changed it (Z-3)."""
    STOPS = "stops"
    """A 6 in the move roll: the move stops on the last boundary (Z-5)."""
    ARRIVES = "arrives"
    """A zone move ends, Alone in the zone reached (Z-4, Z-5)."""
    INTERCEPTED = "intercepted"
    """A zone move was stopped by an intercept (Z-13)."""
    CONTEST = "contest"
    """A DX contest was rolled (Z-13, Z-14, Z-15)."""
    EVADES = "evades"
    """The target slipped away (Z-15)."""
    PROTECTS = "protects"
    """A figure stands with a friend to protect it (Z-14)."""
    PROTECTED = "protected"
    """A protector stepped in front of its friend (Z-14)."""
    HOLDS = "holds"
    """A protector keeps its action for a protection response (Z-14)."""
    REACTION = "reaction"
    """The other side is asked whether it reacts (Z-13..Z-15, Z-17)."""
    CLOSES = "closes"
    """Two figures are InClose, hand to hand (Z-2, Z-17)."""
    SPLIT = "split"
    """A figure splits its MR into two pools (Z-8)."""
    WAITS = "waits"
    """A figure holds its action to act last (Z-17 WAIT)."""


__all__ = ["ZoneKind"]
