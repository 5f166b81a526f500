"""The flood ruleset's own event kinds (beside :class:`game.core.events.Kind`, the squad
basics' :class:`game.rules.squads.events.SquadKind` and the wash's own)."""

from __future__ import annotations

from enum import StrEnum

from game.rules.squads.flood.wash import FloodWashKind

__all__ = ["FloodKind", "FloodWashKind"]


class FloodKind(StrEnum):
    """Events only the sewer turn reports."""

    DIFFICULT = "difficult"
    """A unit rolled 2d6 for difficult terrain: ``amount`` is the highest die."""
    RAN = "ran"
    """A unit rolled to run: ``amount`` inches (d6)."""
    SHOT = "shot"
    """A unit opened fire: ``figure`` the unit, ``target`` the enemy unit."""
    CHARGED = "charged"
    """A unit charged: ``figure`` the unit, ``target`` the enemy unit."""
    CHARGE_FAILED = "charge_failed"
    """A charge fell short: no model reached base contact."""
    FIGHT = "fight"
    """A round of close combat is fought between ``figure`` and ``target`` (units)."""
    COMBAT_RESULT = "combat_result"
    """Who won a round by wounds, and what came of it."""
    FELL_BACK = "fell_back"
    """``figure`` (a model) fell back along ``places``."""
    CONSOLIDATED = "consolidated"
    """``figure`` (a model) consolidated along ``places``."""
    LOCKED = "locked"
    """Units locked in close combat (F-9 or a tied fight)."""
    BROKE_OFF = "broke_off"
    """An F-9 lock ended: the models may break off freely."""
    REJOINED = "rejoined"
    """A straggler moved to rejoin its unit (F-8) along ``places``."""
    THROUGH = "through"
    """A straggler went through a scattered enemy unit (F-9)."""
    DIED_IN_THE_PRESS = "died_in_the_press"
    """A model that went through an enemy unit did not get clear by more than 1 inch and
    dies (F-9)."""
    SCATTERED = "scattered"
    """A unit is scattered: under half its survivors in coherency (F-8)."""
    RALLIED = "rallied"
    """A unit is no longer scattered (F-8)."""
    FLOODED = "flooded"
    """The flood came: its washes are in the state, the flooded parts difficult (F-7)."""
    PLANTED = "planted"
    """A model planted a charge in the nest: ``amount`` planted so far."""
    DONE = "done"
    """A unit finished its part of a phase."""
