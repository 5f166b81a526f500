"""The squad wargame's own event kinds (beside the board-neutral
:class:`game.core.events.Kind`: ATTACKED for each roll to hit, DAMAGED for each unsaved
wound, DIED for each casualty)."""

from __future__ import annotations

from enum import StrEnum


class SquadKind(StrEnum):
    """Events only the squad rules report."""

    WOUNDED = "wounded"
    """A hit wounded (S-4): ``roll`` is the to-wound roll that made it."""
    NOT_WOUNDED = "not_wounded"
    """A hit failed to wound (S-4)."""
    NO_EFFECT = "no_effect"
    """A hit too weak to wound at all (S-4: S at most T-4); no roll."""
    SAVED = "saved"
    """A wound stopped by an armour save (S-5)."""
    SAVE_FAILED = "save_failed"
    """An armour save failed (S-5); a DAMAGED event follows."""
    NO_SAVE = "no_save"
    """A wound with no save to roll (S-5: AP, no armour, a "no save" hit)."""
    STRIKES = "strikes"
    """An Initiative step of a close combat begins (S-3): ``text`` names who strikes."""
    TEST_PASSED = "test_passed"
    """A characteristic, leadership or dangerous terrain test passed (S-6, S-7)."""
    TEST_FAILED = "test_failed"
