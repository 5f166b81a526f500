"""Tabletop Hero (seed 003, K-1..K-11) with the generic terrain traits of seed 004
(G-1..G-8) on a continuous table: the ruleset the engine plays.

A game: each side takes its ready army or builds one (K-2); the sides roll for first and
deploy at an edge in that order (K-3); then they take turns in the reverse order, each
mini of the side to play moving (K-4) and taking one action (K-5..K-7, K-11) in any
order, with no attacks in the first turn. The last side with a living hero wins (K-10).

This class is the contract with the engine; its rooms are apart: the phases
(:mod:`~game.rules.hero.phases`), the judgement of actions and the legal menu
(:mod:`~game.rules.hero.legality`, :mod:`~game.rules.hero.deployment`), the apply steps
(:mod:`~game.rules.hero.steps`) and the read-only questions front ends and the computer
player ask (:mod:`~game.rules.hero.queries`). ``TabletopHero.apply`` trusts its caller
(``Match.apply`` checks legality first with :meth:`TabletopHero.why_illegal`).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, ClassVar

from game.boards.table import Table
from game.core.dice import Dice
from game.core.errors import ScenarioError, printable
from game.core.events import Event, Kind
from game.core.phases import PhaseTable
from game.core.places import HUNDREDTHS, LoadedMap
from game.core.ruleset import Action, ActionRegistry, Outcome, PieceView, Ruleset
from game.core.scenario import Scenario
from game.physics import engine_stamp
from game.rules.hero import legality, steps
from game.rules.hero.actions import (
    ACTIONS,
    Attack,
    BuildArmy,
    Deploy,
    Drop,
    EndTurn,
    Heal,
    Move,
    TakeArmy,
    Throw,
)
from game.rules.hero.data import MiniSpec, load_data, unit_spec
from game.rules.hero.deployment import no_room
from game.rules.hero.phases import PHASES, HeroPhase
from game.rules.hero.queries import HeroQueries, queries_for
from game.rules.hero.state import HeroState

OPTIONS = ("armies", "blast_push")
"""The scenario options Tabletop Hero reads."""


class TabletopHero:
    """Tabletop Hero with terrain traits (K-*, G-*) on a continuous table."""

    key: ClassVar[str] = "hero"
    title: ClassVar[str] = "Tabletop Hero"
    board_kind: ClassVar[str] = "table"
    phases: ClassVar[PhaseTable] = PHASES
    actions: ClassVar[ActionRegistry] = ACTIONS

    def save_stamp(self) -> dict[str, str]:
        """Pushes are resolved by physics: saves record its engine's version."""
        return engine_stamp()

    # ================================================================== setup
    def setup(self, scenario: Scenario, loaded: LoadedMap[Table],
              dice: Dice) -> tuple[HeroState, list[Event]]:
        """The table and the sides' ready armies; nothing is rolled until the armies are
        chosen. ScenarioError naming the file if the scenario or its map does not fit."""
        table = loaded.board
        mapname = scenario.map_path.name
        if not isinstance(table, Table):
            raise ScenarioError(f"{scenario.path.name}: Tabletop Hero plays on a table map")
        state = HeroState(board=table, sides=list(scenario.sides), derived=loaded.derived,
                          turn_limit=scenario.turn_limit, options=dict(scenario.options),
                          side_names=dict(scenario.sides))
        problems = state.terrain.problems
        if problems:
            raise ScenarioError(f"{mapname}: {problems[0]}")
        if loaded.placements:
            raise ScenarioError(f"{mapname}: {loaded.placements[0].label}: a Tabletop Hero "
                                f"map places no figures (armies are chosen, then deployed, "
                                f"K-2, K-3); remove its 'figures' layer")
        ready = self.ready_armies(scenario)  # checked now: a bad unit is named before play
        d = load_data()
        for k in scenario.options:
            if k not in OPTIONS:
                raise ScenarioError(f"{scenario.path.name}: [options] '{printable(k)}' is not "
                                    f"an option of Tabletop Hero (options: "
                                    f"{', '.join(OPTIONS)})")
        for k in ("blast_push",):
            v = scenario.options.get(k)
            lo, hi = d.limit(k)
            if v is not None and (isinstance(v, bool) or not isinstance(v, int | float)
                                  or not lo <= v <= hi):
                raise ScenarioError(f"{scenario.path.name}: [options] {k} must be a number "
                                    f"of units from {lo:g} to {hi:g}")
        state.options["_ready"] = ready
        why = no_room(state, ready)
        if why is not None:
            raise ScenarioError(f"{mapname}: {why}")
        text = ("Choose the armies: each side takes its ready army or builds one (K-2).")
        return state, [Event(Kind.PHASE, text, "K-2")]

    def ready_armies(self, scenario: Scenario) -> dict[str, tuple[MiniSpec, ...]]:
        """Each side's ready army: ``[options.armies]`` names units of ``[units]``; every
        army has one hero and the same number of minis (K-2: equal totals)."""
        name = scenario.path.name
        raw = scenario.options.get("armies")
        if not isinstance(raw, dict):
            raise ScenarioError(f"{name}: needs [options.armies]: for each side a list of "
                                f"unit keys, its hero among them (K-2)")
        for side in raw:
            if side not in scenario.sides:
                raise ScenarioError(f"{name}: [options.armies] '{printable(side)}' is not a "
                                    f"side of [sides] ({', '.join(scenario.sides)})")
        specs = {k: unit_spec(k, u, name) for k, u in scenario.units.items()}
        out: dict[str, tuple[MiniSpec, ...]] = {}
        lo, hi = load_data().limit("army")
        for side in scenario.sides:
            keys = raw.get(side)
            if not isinstance(keys, list) or not keys:
                raise ScenarioError(f"{name}: [options.armies] has no list for side '{side}'")
            if not lo <= len(keys) <= hi:
                raise ScenarioError(f"{name}: [options.armies] {side} has {len(keys)} minis; "
                                    f"an army has {lo:g} to {hi:g}")
            army = []
            for k in keys:
                if not isinstance(k, str) or k not in specs:
                    raise ScenarioError(f"{name}: [options.armies] {side}: '{k}' is not a "
                                        f"unit of [units] ({', '.join(sorted(specs))})")
                army.append(specs[k])
            heroes = sum(s.hero for s in army)
            if heroes != 1:
                raise ScenarioError(f"{name}: [options.armies] {side} has {heroes} heroes; "
                                    f"an army has exactly one (K-2)")
            out[side] = tuple(army)
        sizes = {len(a) for a in out.values()}
        if len(sizes) > 1:
            raise ScenarioError(f"{name}: [options.armies] are of different sizes; each side "
                                f"fields as many minis, so the totals are equal (K-2)")
        return out

    # ================================================================== who acts
    def to_act(self, state: HeroState) -> str | None:
        return legality.to_act(state)

    def outcome(self, state: HeroState) -> Outcome | None:
        return state.ended

    def queries(self, state: HeroState) -> HeroQueries:
        """The read-only questions about ``state`` (one object per state and version)."""
        return queries_for(state)

    # ================================================================== legality
    def legal_actions(self, state: HeroState) -> list[Action]:
        if state.ended is not None:
            return []
        return list(state.remember(("legal", state.key()), lambda: legality.legal(state)))

    def why_illegal(self, state: HeroState, action: Action) -> str | None:
        """The judgement of ``action`` (:func:`legality.why_illegal`); a move's plan is
        the queries' own, so a front end that drew its ruler has already worked it out."""
        planner = queries_for(state).planner(isinstance(action, Drop)) \
            if isinstance(action, Move) else None
        return legality.why_illegal(state, action, planner)

    # ================================================================== apply
    def apply(self, state: HeroState, action: Action, dice: Dice) -> list[Event]:
        """Carry out a legal action (unchecked: Match.apply checks first)."""
        plan = None
        if isinstance(action, Move):
            plan = queries_for(state).plan_move(action.figure, action.to,
                                                isinstance(action, Drop))
        return steps.apply(state, action, dice, plan)

    # ================================================================== pieces
    def pieces(self, state: HeroState) -> list[PieceView]:
        d = load_data()
        out = []
        for m in state.minis.values():
            tags = []
            if m.hero:
                tags.append("hero")
            if m.z > 0:
                tags.append(f"up {m.z}")
            if state.phase == HeroPhase.PLAY and m.side == state.active:
                if m.acted:
                    tags.append("acted")
                if m.moved:
                    tags.append(f"moved {m.moved / HUNDREDTHS:g}")
            tags += list(m.abilities)
            kind_name = ("Hero" if m.hero else "Mini") + f", {d.armour[m.armour].name.lower()}"
            out.append(PieceView(
                id=m.id, name=m.name, side=m.side, kind=m.kind, kind_name=kind_name,
                place=m.at, facing=float(m.facing), health=m.hp, health_max=d.hp_start,
                health_label="HP", status=m.status, tags=tuple(tags),
                active=m.on_table and m.conscious, ring="hero" if m.hero else ""))
        return out

    # ================================================================== words
    def describe(self, state: HeroState, action: Action) -> str:
        def name(fid: str) -> str:
            m = state.minis.get(fid)
            return m.name if m else fid

        match action:
            case TakeArmy(side=s):
                return f"{state.side_name(s)} take their ready army"
            case BuildArmy(side=s, minis=ms):
                return f"{state.side_name(s)} field an army of {len(ms)}"
            case Deploy(figure=f, at=p):
                x, y = p.units
                return f"{name(f)} deploys at ({x:.1f}, {y:.1f})"
            case Drop(figure=f, to=p):
                x, y = p.units
                return f"{name(f)} moves to ({x:.1f}, {y:.1f}), falling down (G-1)"
            case Move(figure=f, to=p):
                x, y = p.units
                return f"{name(f)} moves to ({x:.1f}, {y:.1f})"
            case Attack(figure=f, target=t, weapon=w):
                wn = load_data().weapons[w].name.lower() if w in load_data().weapons else w
                return f"{name(f)} attacks {name(t)} with the {wn}"
            case Throw(figure=f, target=t):
                return f"{name(f)} throws an explosive at {name(t)}"
            case Heal(figure=f, target=t):
                return f"{name(f)} uses a medkit on {name(t)}"
            case EndTurn(side=s):
                return f"{state.side_name(s)} end their turn"
        return repr(action)


if TYPE_CHECKING:
    def _keeps_the_contract(r: TabletopHero) -> Ruleset[HeroState]:
        return r  # mypy checks that TabletopHero is a game.core.ruleset.Ruleset
