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
