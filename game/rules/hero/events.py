"""Tabletop Hero's own event kinds (beside the board-neutral
:class:`game.core.events.Kind`). The values are the words transcripts have always held."""

from __future__ import annotations

from enum import StrEnum


class HeroKind(StrEnum):
    """Events only Tabletop Hero's rules report."""

    ARMY = "army"
    """A side fielded its army (K-2)."""
    DEPLOYED = "deployed"
    """``figure`` was placed on the table at ``places[0]`` (K-3)."""
    CRITICAL = "critical"
    """A critical hit: maximum damage, armour ignored (K-6, K-7)."""
    DAMAGE_ROLL = "damage_roll"
    """The damage dice of a hit (K-5, K-7)."""
    HEALED = "healed"
    """``target`` got hit points back from a medkit (K-11)."""
    BOUNCED = "bounced"
    """A thrown explosive bounced from ``places[0]`` to ``places[1]`` (K-7)."""
    EXPLODED = "exploded"
    """An explosive went off at ``places[0]``, its blast ``amount`` hundredths wide (K-7)."""
    STOPPED = "stopped"
    """``target``'s push, or ``figure``'s move, stopped short (G-6, G-5, G-2)."""
