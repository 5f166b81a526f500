"""Melee on Heroscape height maps: the Fantasy Trip turn (T-7) over hex height boards.

:class:`MeleeOnHeights` is the contract a Match plays through; each of its parts has a
room of its own:

- :mod:`.setup`: the scenario's figures on the map, the switches checked;
- :mod:`.phases` and :mod:`.flow`: the phases of a turn and the turn's course;
- :mod:`.legal` and :mod:`.checks`: the actions open now, and why one is not;
- :mod:`.steps`: carrying an action out (``apply`` trusts its caller: ``Match.apply``
  checks first with :meth:`MeleeOnHeights.why_illegal`);
- :mod:`.queries`: the read-only questions a front end and the Tactician ask (reach,
  odds, risks, sight), built on :mod:`.movement`, :mod:`.strikes`, :mod:`.climbing`,
  :mod:`.sight` and the rules of :mod:`.heights`, :mod:`.melee`, :mod:`.missiles`,
  :mod:`.falls`, :mod:`.terrain` and :mod:`.bigfigures`;
- :mod:`.display`: the pieces a front end draws and actions in a player's words.
"""

from __future__ import annotations

from typing import ClassVar

from game.boards.hexmap import HexMap
from game.core.dice import Dice
from game.core.events import Event
from game.core.phases import PhaseTable
from game.core.places import LoadedMap
from game.core.ruleset import Action, Outcome, PieceView
from game.core.scenario import Scenario
from game.rules.tft.hexes import checks, display, flow, legal, setup, steps
from game.rules.tft.hexes.actions import ACTIONS
from game.rules.tft.hexes.phases import PHASES
from game.rules.tft.hexes.queries import HexQueries
from game.rules.tft.hexes.state import HexState


class MeleeOnHeights:
    """Fantasy Trip basics (T-1..T-8) with the height rules of seed 000."""

    key: ClassVar[str] = "tft-heights"
    title: ClassVar[str] = "Melee on heights"
    board_kind: ClassVar[str] = "hex"
    phases: ClassVar[PhaseTable] = PHASES
    actions = ACTIONS

    def setup(self, scenario: Scenario, loaded: LoadedMap[HexMap],
              dice: Dice) -> tuple[HexState, list[Event]]:
        """Place the map's figures as the scenario's units, then roll turn 1's initiative."""
        return setup.setup(scenario, loaded, dice, self.title)

    def to_act(self, state: HexState) -> str | None:
        """The side that chooses the next action (T-7, T-8)."""
        return flow.to_act(state)

    def legal_actions(self, state: HexState) -> list[Action]:
        """Every legal action now, for the side :meth:`to_act` names."""
        return legal.legal_actions(state)

    def why_illegal(self, state: HexState, action: Action) -> str | None:
        """None if ``action`` is legal now, else a reason a player can read."""
        return checks.why_illegal(state, action)

    def apply(self, state: HexState, action: Action, dice: Dice) -> list[Event]:
        """Carry out a legal action (unchecked: Match.apply checks first)."""
        return steps.apply(state, action, dice)

    def outcome(self, state: HexState) -> Outcome | None:
        return state.ended

    def describe(self, state: HexState, action: Action) -> str:
        """An action in a player's words."""
        return display.describe(state, action)

    def pieces(self, state: HexState) -> list[PieceView]:
        """Every figure as a front end draws and lists it (dead ones too, with status)."""
        return display.pieces(state)

    def queries(self, state: HexState) -> HexQueries:
        """The read-only questions about ``state`` (:class:`HexQueries`)."""
        return HexQueries(state)

    def save_stamp(self) -> dict[str, str]:
        """Its play depends on nothing beyond this program's own code."""
        return {}
