"""The Fantasy Trip family's own event kinds (beside the board-neutral
:class:`game.core.events.Kind`)."""

from __future__ import annotations

from enum import StrEnum


class MeleeKind(StrEnum):
    """Events only the Fantasy Trip's rules report."""

    DROPPED = "dropped"
    """``figure`` dropped its weapon (T-3)."""
    BROKE = "broke"
    """``figure``'s weapon broke."""
    READIED = "readied"
    PICKED_UP = "picked_up"
    DEFENDING = "defending"
    CLIMBED = "climbed"
    """``figure`` climbed a set of a wall, clings to it, hangs from an edge or reached
    the floor climbing down (H-11, H-20)."""
    KNEELS = "kneels"
    """``figure`` kneels at an edge to swipe down at ``target`` (H-17)."""
    SHOT = "shot"
    """``figure`` shoots or throws at ``target``, or ``target`` is in the line of fire
    (H-18)."""
    SWEPT = "swept"
    """``figure``'s sweeping blow hit a wall and stopped (H-19)."""
