"""The street chase (seed 001's "Pursuit", P-1..P-13) on the squad wargame basics (S-1..S-7):
the ruleset the engine plays.

A game: the scouts choose the sergeant's wargear (P-2), both sides deploy (P-3); then each
turn the pursuit phase moves every piece back 12 inches while each model keeps pace or
slows (P-6, P-7), the recycled pieces come back at the Arrival (P-6), the models move
(P-8..P-12) and shoot (P-13), model by model in the rules' orders. The scouts win by the
Arrival or when every hunter is dead; the hunters when every scout is (P-4).

This class is the contract with the engine; its rooms are apart: the phases
(:mod:`.phases`), the judgement of actions and the legal menu (:mod:`.legality`), the
apply steps and everything between two choices (:mod:`.steps`), the pursuit phase
(:mod:`.chase`), recycling (:mod:`.recycle`), movement (:mod:`.moving`), terrain
(:mod:`.terrain`), close combat (:mod:`.melee`), mines (:mod:`.mines`), shooting
(:mod:`.shooting`), deployment (:mod:`.deployment`), setup (:mod:`.setup`) and the
read-only questions front ends and the computer player ask (:mod:`.queries`).
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
from game.rules.squads.pursuit import legality, steps
from game.rules.squads.pursuit.actions import (
    ACTIONS,
    Deploy,
    Face,
    Hold,
    Move,
    NoMine,
    Pace,
    PlaceMine,
    PlacePiece,
    Restart,
    Shoot,
    Wargear,
)
from game.rules.squads.pursuit.chase import name_of
from game.rules.squads.pursuit.phases import PHASES, ChasePhase
from game.rules.squads.pursuit.queries import ChaseQueries, queries_for
from game.rules.squads.pursuit.setup import build_state
from game.rules.squads.pursuit.state import ChaseState, piece_id


class StreetChase:
    """Scout riders fleeing winged hunters down a ruined street (S-*, P-*)."""

    key: ClassVar[str] = "pursuit"
    title: ClassVar[str] = "Pursuit: the street chase"
    board_kind: ClassVar[str] = "track"
    phases: ClassVar[PhaseTable] = PHASES
    actions: ClassVar[ActionRegistry] = ACTIONS

    def save_stamp(self) -> dict[str, str]:
        """Moves, crashes and the pieces moving back are resolved by physics: saves record
        its engine's version."""
        return engine_stamp()

    def setup(self, scenario: Scenario, loaded: LoadedMap[Any],
              dice: Dice) -> tuple[ChaseState, list[Event]]:
        state = build_state(scenario, loaded)
        events = steps.begin(state, dice)
        return state, events

    def to_act(self, state: ChaseState) -> str | None:
        return legality.to_act(state)

    def outcome(self, state: ChaseState) -> Outcome | None:
        return state.ended

    def queries(self, state: ChaseState) -> ChaseQueries:
        return queries_for(state)

    def legal_actions(self, state: ChaseState) -> list[Action]:
        if state.ended is not None:
            return []
        return list(state.cached("legal", lambda: legality.legal(state)))

    def why_illegal(self, state: ChaseState, action: Action) -> str | None:
        return legality.why_illegal(state, action)

    def apply(self, state: ChaseState, action: Action, dice: Dice) -> list[Event]:
        return steps.apply(state, action, dice)

    def pieces(self, state: ChaseState) -> list[PieceView]:
        out = []
        now = legality.current(state)
        for u in state.units.values():
            for m in u.models:
                tags = [u.name]
                ring = ""
                if m.id in state.stopped:
                    tags.append("stopped")
                    ring = "stopped"
                if state.locked(m.id):
                    tags.append("locked")
                    ring = ring or "locked"
                if m.id in state.accelerated:
                    tags.append("accelerated")
                if m.id in state.extra:
                    tags.append("extra weapon")
                if now is not None and now.id == m.id:
                    ring = "acting"
                gone = state.gone.get(m.id)
                if gone is not None:
                    tags.append(f"left by the {gone} edge")
                on = state.on_table(m)
                status = ("ok" if on else "escaped" if gone == "arrival"
                          else "to deploy" if m.alive and m.id in state.undeployed
                          else "dead")
                out.append(PieceView(
                    id=m.id, name=m.name, side=u.side, kind=m.profile,
                    kind_name=m.stats.name, place=m.place if on else None,
                    facing=float(state.facing.get(m.id, 0)), health=m.wounds,
                    health_max=m.stats.w, health_label="W", status=status,
                    tags=tuple(tags), active=on, ring=ring))
        return out

    def describe(self, state: ChaseState, action: Action) -> str:
        def model(mid: str) -> str:
            return state.model(mid).name if state.has_model(mid) else mid

        match action:
            case Wargear(take=t):
                return "The sergeant takes the extra weapon" if t else \
                    "The sergeant goes without the extra weapon"
            case Deploy(model=m, to=p):
                x, y = p.units
                return f"{model(m)} deploys at ({x:.1f}, {y:.1f})"
            case Pace(model=m, dice=n):
                return f"{model(m)} keeps pace" if n == 0 else f"{model(m)} slows by {n}d6"
            case PlacePiece(piece=k, across=c):
                return f"Place {name_of(state, piece_id(k))} at {c / 100:.1f} inches across"
            case PlaceMine(piece=k):
                return f"A mine cluster comes in against {name_of(state, piece_id(k))}"
            case NoMine():
                return "No mine cluster comes in"
            case Restart(model=m):
                return f"{model(m)} tests to move again"
            case Move(model=m, legs=legs, accelerate=acc):
                inches = sum(n for _t, n in legs) / 100
                turns = sum(1 for t, _n in legs if t)
                how = "accelerates" if acc else "moves"
                return f"{model(m)} {how} {inches:g} inches, {turns} turn(s)"
            case Hold(model=m):
                return f"{model(m)} holds" if state.phase == ChasePhase.SHOOTING else \
                    f"{model(m)} stays"
            case Shoot(model=m, target=t, weapon=w):
                return f"{model(m)} shoots at {model(t)} ({w})"
            case Face(model=m, facing=f):
                return f"{model(m)} faces {f} degrees"
        return repr(action)


if TYPE_CHECKING:
    def _keeps_the_contract(r: StreetChase) -> Ruleset[ChaseState]:
        return r
