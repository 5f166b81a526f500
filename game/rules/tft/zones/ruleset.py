"""Melee on zone boards (seed 002): the Fantasy Trip turn (T-7) and combat (T-1..T-4) on
a board of zones, with the zone rules Z-1..Z-17.

A turn: both sides roll for initiative and the winner says which side acts first where
adjusted DX ties; then every figure acts once in order of adjusted DX (T-7). Movement is
part of the actions: a zone move is a whole action, a battle move goes with an attack
(Z-4). An action may pause while the other side decides a reaction the rules give it
(:class:`~game.rules.tft.zones.state.Window`): an intercept of a zone move (Z-13), an
evade or a protection of the figure attacked (Z-14, Z-15), a charge response, a closing
attack, an opportunity attack at a figure leaving a melee (Z-17). The action under way
(:class:`~game.rules.tft.zones.state.Doing`) then goes on from where it paused.

This class is the contract (:class:`game.core.ruleset.Ruleset`) and nothing more: what is
legal lives in :mod:`~game.rules.tft.zones.legal` (its menu in
:mod:`~game.rules.tft.zones.menu`), carrying actions out in
:mod:`~game.rules.tft.zones.apply`, the read-only questions in
:mod:`~game.rules.tft.zones.queries`, the phases in :mod:`~game.rules.tft.zones.phases`.
``MeleeOnZones.apply`` trusts its caller (``Match.apply`` checks with ``why_illegal``).
"""

from __future__ import annotations

from typing import ClassVar

from game.boards.zones import ZoneBoard
from game.core.dice import Dice
from game.core.events import Event
from game.core.phases import PhaseTable
from game.core.places import LoadedMap
from game.core.ruleset import Action, ActionRegistry, Outcome, PieceView
from game.core.scenario import Scenario
from game.rules.tft.zones import apply, legal, menu, setup, words
from game.rules.tft.zones.actions import ACTIONS
from game.rules.tft.zones.phases import INITIATIVE, PHASES, REACTION
from game.rules.tft.zones.queries import ZoneQueries
from game.rules.tft.zones.state import ZoneState


class MeleeOnZones:
    """Fantasy Trip figures on a zone board: the rules of seed 002 (Z-1..Z-17)."""

    key: ClassVar[str] = "tft-zones"
    title: ClassVar[str] = setup.TITLE
    board_kind: ClassVar[str] = "zones"
    phases: ClassVar[PhaseTable] = PHASES
    actions: ClassVar[ActionRegistry] = ACTIONS

    def setup(self, scenario: Scenario, loaded: LoadedMap[ZoneBoard], dice: Dice
              ) -> tuple[ZoneState, list[Event]]:
        """Place the map's figures as the scenario's units, then roll turn 1's
        initiative (T-7). ScenarioError naming the file if they do not fit."""
        return setup.setup(scenario, loaded, dice)

    def to_act(self, state: ZoneState) -> str | None:
        """The initiative winner (T-7), the side reacting (Z-13..Z-17), or the side of
        the figure whose action it is; None once the game is over."""
        if state.ended:
            return None
        if state.phase == INITIATIVE:
            return state.winner
        if state.phase == REACTION:
            return state.window.side if state.window else None
        f = state.acting()
        return f.side if f else None

    def outcome(self, state: ZoneState) -> Outcome | None:
        return state.ended

    def save_stamp(self) -> dict[str, str]:
        """Its play depends on nothing beyond this program's own code."""
        return {}

    def legal_actions(self, state: ZoneState) -> list[Action]:
        """Every legal action now (a finite menu; see :mod:`.menu`)."""
        return menu.legal_actions(state)

    def why_illegal(self, state: ZoneState, action: Action) -> str | None:
        """None if ``action`` is legal now, else why not (see :mod:`.legal`)."""
        return legal.why_illegal(state, action)

    def apply(self, state: ZoneState, action: Action, dice: Dice) -> list[Event]:
        """Carry out a legal action (unchecked: Match.apply checks first)."""
        return apply.apply(state, action, dice)

    def describe(self, state: ZoneState, action: Action) -> str:
        """An action in a player's words."""
        return words.describe(state, action)

    def pieces(self, state: ZoneState) -> list[PieceView]:
        """Every figure as a front end draws and lists it (see :func:`.words.pieces`)."""
        return words.pieces(state)

    def queries(self, state: ZoneState) -> ZoneQueries:
        """The read-only questions a front end or a computer player asks about ``state``
        (:class:`~game.rules.tft.zones.queries.ZoneQueries`)."""
        return ZoneQueries(state)


__all__ = ["MeleeOnZones"]
