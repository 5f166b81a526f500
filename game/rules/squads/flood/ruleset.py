"""Flash flood in the sewers (seed 001, F-1..F-10) on the squad wargame basics (S-1..S-7):
the ruleset the engine plays.

A game: the sides (in the scenario's order) each play a turn of movement, shooting and
assault; from turn 2 the flood is rolled for at the start of each game turn and, when it
comes, washes models down the corridors (the wash: :mod:`.water`), leaving the flooded
parts difficult terrain and units out of coherency (F-7..F-9). Victory by scenario: the
charges planted in the nest, or the last side standing.

This class is the contract with the engine; its rooms are apart: the phases
(:mod:`.phases`), the judgement of actions and the legal menu (:mod:`.legality`), the
apply steps (:mod:`.steps`), movement (:mod:`.moving`, :mod:`.nav`), stragglers
(:mod:`.straggle`), shooting (:mod:`.shooting`), assault (:mod:`.assault`), setup
(:mod:`.setup`) and the read-only questions front ends and the computer player ask
(:mod:`.queries`).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, ClassVar

from game.core.dice import Dice
from game.core.events import Event
from game.core.phases import PhaseTable
from game.core.places import LoadedMap
from game.core.ruleset import Action, ActionRegistry, Outcome, PieceView, Ruleset
from game.core.scenario import Scenario
from game.physics import engine_stamp
from game.rules.squads.flood import legality, steps
from game.rules.squads.flood.actions import (
    ACTIONS,
    Charge,
    Difficult,
    Done,
    EndPhase,
    Move,
    Rejoin,
    Run,
    Shoot,
)
from game.rules.squads.flood.phases import PHASES
from game.rules.squads.flood.queries import FloodQueries, queries_for
from game.rules.squads.flood.setup import build_state
from game.rules.squads.flood.state import FloodState
from game.rules.squads.flood.straggle import is_straggler


class FlashFlood:
    """Squads in the sewers, and the flash flood (S-*, F-*)."""

    key: ClassVar[str] = "flood"
    title: ClassVar[str] = "Flash flood in the sewers"
    board_kind: ClassVar[str] = "sewer"
    phases: ClassVar[PhaseTable] = PHASES
    actions: ClassVar[ActionRegistry] = ACTIONS

    def save_stamp(self) -> dict[str, str]:
        """The wash is resolved by physics: saves record its engine's version."""
        return engine_stamp()

    def setup(self, scenario: Scenario, loaded: LoadedMap[Any],
              dice: Dice) -> tuple[FloodState, list[Event]]:
        state = build_state(scenario, loaded)
        events = steps.start_turn(state, dice)
        events += steps.start_side(state, state.sides[0], dice)
        state.touch()
        return state, events

    def to_act(self, state: FloodState) -> str | None:
        return legality.to_act(state)

    def outcome(self, state: FloodState) -> Outcome | None:
        return state.ended

    def queries(self, state: FloodState) -> FloodQueries:
        return queries_for(state)

    def legal_actions(self, state: FloodState) -> list[Action]:
        if state.ended is not None:
            return []
        return list(state.cached("legal", lambda: legality.legal(state)))

    def why_illegal(self, state: FloodState, action: Action) -> str | None:
        return legality.why_illegal(state, action)

    def apply(self, state: FloodState, action: Action, dice: Dice) -> list[Event]:
        return steps.apply(state, action, dice)

    def pieces(self, state: FloodState) -> list[PieceView]:
        out = []
        locked = state.locked_models()
        for u in state.units.values():
            for m in u.models:
                tags = [u.name]
                ring = ""
                if m.id == u.leader:
                    tags.append("leader")
                    ring = "leader"
                if u.id in state.scattered:
                    tags.append("scattered")
                    ring = "scattered"
                elif m.alive and is_straggler(state, m):
                    tags.append("straggler")
                    ring = "straggler"
                if m.id in locked:
                    tags.append("locked")
                    ring = ring or "locked"
                if m.id in state.moved_now:
                    tags.append("moved")
                if m.id in state.fired:
                    tags.append("fired")
                out.append(PieceView(
                    id=m.id, name=m.name, side=u.side, kind=m.profile,
                    kind_name=m.stats.name, place=m.place if m.alive else None,
                    health=m.wounds, health_max=m.stats.w, health_label="W",
                    status="ok" if m.alive else "dead", tags=tuple(tags),
                    active=m.alive, ring=ring, group=u.id))
        return out

    def describe(self, state: FloodState, action: Action) -> str:
        def unit(uid: str) -> str:
            u = state.units.get(uid)
            return u.name if u else uid

        def model(mid: str) -> str:
            return state.model(mid).name if state.has_model(mid) else mid

        match action:
            case Move(model=m, to=p):
                x, y = p.units
                return f"{model(m)} moves to ({x:.1f}, {y:.1f})"
            case Difficult(unit=u):
                return f"{unit(u)} roll for difficult terrain"
            case Rejoin(model=m, unit=u):
                return f"{model(m)} rejoins {unit(u)}"
            case Shoot(unit=u, target=t):
                return f"{unit(u)} shoot at {unit(t)}"
            case Run(unit=u):
                return f"{unit(u)} run"
            case Charge(unit=u, target=t):
                return f"{unit(u)} charge {unit(t)}"
            case Done(unit=u):
                return f"{unit(u)} have finished"
            case EndPhase(side=s):
                return f"{state.side_name(s)} end the phase"
        return repr(action)


if TYPE_CHECKING:
    def _keeps_the_contract(r: FlashFlood) -> Ruleset[FloodState]:
        return r
