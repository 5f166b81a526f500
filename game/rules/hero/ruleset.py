"""Tabletop Hero (seed 003, K-1..K-11) with the generic terrain traits of seed 004
(G-1..G-8) on a continuous table.

A game: each side takes its ready army or builds one (K-2); the sides roll for first and
deploy at an edge in that order (K-3); then they take turns in the reverse order, each
mini of the side to play moving (K-4) and taking one action (K-5..K-7, K-11) in any
order, with no attacks in the first turn. The last side with a living hero wins (K-10).

``TabletopHero.apply`` trusts its caller (``Match.apply`` checks legality first with
:meth:`TabletopHero.why_illegal`). The queries (``plan_move``, ``sight``,
``attack_odds``, ``deploy_check``...) are what the front end and the computer player
use to show rulers, lines of sight and odds; they change nothing.
"""

from __future__ import annotations

import functools
import math
import re
from collections.abc import Callable
from dataclasses import replace
from typing import Any, ClassVar

import numpy as np

from game.boards.table import Table
from game.core.dice import Dice
from game.core.errors import ScenarioError, printable
from game.core.events import Event, Kind
from game.core.phases import Phase, PhaseTable
from game.core.places import HUNDREDTHS, LoadedMap, Point
from game.core.ruleset import Action, Outcome, PieceView, Termination
from game.core.scenario import Scenario
from game.physics import engine_stamp
from game.rules.hero import combat, explosives
from game.rules.hero.actions import (
    ACTIONS,
    Attack,
    BuildArmy,
    Deploy,
    EndTurn,
    Heal,
    Move,
    TakeArmy,
    Throw,
)
from game.rules.hero.data import MiniSpec, load_data, unit_spec, why_not_spec
from game.rules.hero.moves import (
    MovePlan,
    allowance,
    budget,
    end_clear,
    k11_fired_still,
    plan_move,
)
from game.rules.hero.pushes import hazard
from game.rules.hero.sight import Sight, distance, sight
from game.rules.hero.state import HeroState, Mini
from game.rules.hero.terrain import Terrain, falling_damage, terrain_of, vantage

PHASES = PhaseTable(
    Phase("army", "Armies", "K-2", ("deploy",),
          "Each side takes its ready army or builds one: 10 points of gear for the hero, "
          "5 for every other mini."),
    Phase("deploy", "Deployment", "K-3", ("play",),
          "Sides deploy in turn at an edge: each mini within 5 units of a team mate and "
          "out of every enemy's weapon range."),
    Phase("play", "Battle", "K-4", (),
          "Each of your minis may move and take one action, in any order; one that takes "
          "no action may move twice as far."),
)
EDGES = ("north", "south", "west", "east")
OPTIONS = ("armies", "blast_push")
"""The scenario options Tabletop Hero reads."""
MOVE_DIRECTIONS = 8
"""Directions of the candidate moves the legal menu offers (any point may be sent)."""
MOVE_FRACTIONS = (0.5, 1.0)
"""Fractions of a mini's movement left the candidate moves go."""
DEPLOY_STEP = 1.5
"""Spacing of the candidate deployment points along an edge, in units."""
DEPLOY_DEPTHS = (0.2, 1.7, 3.2, 4.7)
"""Distances from the edge (base edge to table edge) of the candidate deployment rows."""


def _slug(text: str) -> str:
    return re.sub(r"[^a-z0-9]+", "-", text.lower()).strip("-")


def edge_distance(table: Table, edge: str, x: float, y: float, r: float) -> float:
    """How far a base of radius ``r`` at ``(x, y)`` is from a table edge."""
    return {"north": y - r, "south": table.height - y - r, "west": x - r,
            "east": table.width - x - r}[edge]


class TabletopHero:
    """Tabletop Hero with terrain traits (K-*, G-*) on a continuous table."""

    key: ClassVar[str] = "hero"
    title: ClassVar[str] = "Tabletop Hero"
    board_kind: ClassVar[str] = "table"
    phases: ClassVar[PhaseTable] = PHASES
    actions = ACTIONS

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
        problems = terrain_of(table).problems
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
        state = HeroState(board=table, sides=list(scenario.sides),
                          turn_limit=scenario.turn_limit, options=dict(scenario.options),
                          side_names=dict(scenario.sides))
        state.options["_ready"] = ready
        why = self._no_room(state, ready)
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

    def _no_room(self, state: HeroState, ready: dict[str, tuple[MiniSpec, ...]]
                 ) -> str | None:
        """K-3, G-2: why no mini could be deployed on any edge of the table (every
        candidate point off the table, in impassable terrain or where nobody may deploy),
        or None. A mini of the largest base of the armies is tried, alone on the table."""
        specs = [s for army in ready.values() for s in army]
        if not specs:
            return None
        widest = max(specs, key=lambda s: s.base if s.base is not None else load_data().base)
        probe = Mini.of("probe", state.sides[0], widest)
        for p in _lattice(state.board, EDGES, probe.radius):
            if self.deploy_check(state, probe, p, waive_range=True) is None:
                return None
        return (f"there is no room to deploy a mini at any edge of the table (K-3: every "
                f"place within {load_data().deploy_edge:g} units of an edge is off the "
                f"table, impassable or not eligible for deployment, G-2)")

    @staticmethod
    def army_size(state: HeroState) -> int:
        ready = state.options["_ready"]
        return len(next(iter(ready.values())))

    # ================================================================== who acts
    def to_act(self, state: HeroState) -> str | None:
        if state.ended is not None:
            return None
        if state.phase == "army":
            return next((s for s in state.sides if not state.armies.get(s)), None)
        if state.phase == "deploy":
            return state.deploying
        return state.active

    def outcome(self, state: HeroState) -> Outcome | None:
        return state.ended

    # ================================================================== queries
    def plan_move(self, state: HeroState, fid: str, to: Point) -> MovePlan:
        """K-4, G-1, G-5, G-7: what moving ``fid`` straight to ``to`` would do now."""
        return plan_move(state, state.minis[fid], to)

    def sight(self, state: HeroState, viewer: str, target: str) -> Sight:
        """K-8, G-3, G-4: what ``viewer`` sees of ``target``."""
        return sight(state, state.minis[viewer], state.minis[target])

    def attack_odds(self, state: HeroState, fid: str, target: str,
                    weapon: str) -> combat.AttackOdds:
        return combat.attack_odds(state, state.minis[fid], state.minis[target],
                                  load_data().weapons[weapon])

    def throw_odds(self, state: HeroState, fid: str, target: str) -> explosives.ThrowOdds:
        return explosives.throw_odds(state, state.minis[fid], state.minis[target])

    def budget(self, state: HeroState, fid: str) -> int:
        """K-4: hundredths of a unit ``fid`` may still move this turn."""
        return budget(state.minis[fid])

    def allowance(self, state: HeroState, fid: str) -> int:
        """K-4: ``fid``'s move in hundredths (before doubling)."""
        return allowance(state.minis[fid])

    def terrain(self, state: HeroState) -> Terrain:
        return terrain_of(state.board)

    def fall_preview(self, drop: float) -> int:
        """G-5 damage of a fall of ``drop`` units."""
        return falling_damage(drop)

    # ================================================================== legality
    def legal_actions(self, state: HeroState) -> list[Action]:
        if state.ended is not None:
            return []
        return list(state.remember(("legal", state.key()), lambda: self._legal(state)))

    def _legal(self, state: HeroState) -> list[Action]:
        side = self.to_act(state)
        if side is None:
            return []
        if state.phase == "army":
            return [TakeArmy(side)]
        if state.phase == "deploy":
            m = self.next_to_deploy(state)
            if m is None:
                return []
            return [Deploy(m.id, p) for p in self.deploy_points(state, m)]
        out: list[Action] = []
        enemies = [t for t in state.placed() if t.side != side]
        friends = [t for t in state.placed() if t.side == side]
        d = load_data()
        no_attacks = self.no_attacks(state)
        for m in friends:
            if not self._can_act(state, m):
                continue
            if self._why_no_action(state, m) is None:
                for t in enemies:
                    for w in dict.fromkeys(m.weapons):
                        if d.weapons[w].explosive:
                            if no_attacks is None and explosives.why_not_throw(state, m,
                                                                               t) is None:
                                out.append(Throw(m.id, t.id))
                        elif self.why_not_attack(state, m, t, w) is None:
                            out.append(Attack(m.id, t.id, w))
                if m.medkits:
                    out += [Heal(m.id, t.id) for t in friends
                            if self.why_not_heal(state, m, t) is None]
            out += [Move(m.id, p) for p in self.move_points(state, m)]
        out.append(EndTurn(side))
        return out

    def move_points(self, state: HeroState, m: Mini) -> list[Point]:
        """Candidate points a mini can move to now (the legal menu's lattice): in
        MOVE_DIRECTIONS directions, MOVE_FRACTIONS of its movement left."""
        left = budget(m) / HUNDREDTHS
        if left < 0.5 or m.at is None:
            return []
        x, y = m.xy
        out: dict[Point, None] = {}
        for k in range(MOVE_DIRECTIONS):
            a = 2 * math.pi * k / MOVE_DIRECTIONS
            for f in MOVE_FRACTIONS:
                p = Point.of(x + math.cos(a) * left * f * 0.98, y + math.sin(a) * left * f * 0.98)
                if p not in out and plan_move(state, m, p).ok:
                    out[p] = None
        return list(out)

    def _can_act(self, state: HeroState, m: Mini) -> bool:
        return (m.side == state.active and m.on_table and m.conscious
                and not m.down_at_start)

    def _actor(self, state: HeroState, fid: str) -> Mini | str:
        if state.phase != "play":
            return f"it is the {PHASES[state.phase].title} phase"
        m = state.minis.get(fid)
        if m is None:
            return f"there is no mini '{fid}'"
        if m.side != state.active:
            return f"it is {state.side_name(state.active)}'s turn, not {m.name}'s"
        if m.at is None or not m.alive:
            return f"{m.name} is {'dead' if not m.alive else 'not on the table'}"
        if not m.conscious:
            return f"{m.name} is unconscious (K-9)"
        if m.down_at_start:
            return f"{m.name} began the turn unconscious: no move, no action (K-9)"
        return m

    def _why_no_action(self, state: HeroState, m: Mini) -> str | None:
        if m.acted:
            return f"{m.name} has taken its action this turn (K-5)"
        if m.moved > allowance(m):
            return (f"{m.name} moved more than its {allowance(m) / HUNDREDTHS:g} units, so it "
                    "takes no action this turn (K-4)")
        return None

    def no_attacks(self, state: HeroState) -> str | None:
        """K-3: why no attack is allowed this turn (the first), or None."""
        if state.turn == 1 and not load_data().first_turn_attacks:
            return "no attacks in the first turn (K-3)"
        return None

    def _target(self, state: HeroState, m: Mini, tid: str) -> Mini | str:
        t = state.minis.get(tid)
        if t is None:
            return f"there is no mini '{tid}'"
        if t.side == m.side:
            return f"{t.name} is on {m.name}'s side"
        if not t.on_table:
            return f"{t.name} is {'dead' if not t.alive else 'not on the table'}"
        return t

    def why_not_attack(self, state: HeroState, m: Mini, t: Mini, wkey: str) -> str | None:
        """K-3, K-5, K-8, K-11: None if ``m`` could attack ``t`` with ``wkey`` now (its
        action and its side's turn aside), else why not."""
        d = load_data()
        w = d.weapons.get(wkey)
        if w is None or wkey not in m.weapons or w.explosive:
            return f"{m.name} carries no {wkey} weapon to attack with"
        why = self.no_attacks(state)
        if why:
            return why
        if w.still and m.moved > 0:
            return f"a {w.name.lower()} cannot fire after its mini moved this turn (K-11)"
        dist = distance(m, t)
        if not w.in_range(dist):
            return (f"{t.name} is {dist:.1f} units away, out of the {w.name.lower()}'s range "
                    f"{w.range_text} (K-11)")
        if w.melee and abs(m.z - t.z) > 1:
            return f"{t.name} is {abs(m.z - t.z)} units {'above' if t.z > m.z else 'below'}: " \
                   f"too far to strike"
        s = sight(state, m, t)
        if not s.targetable:
            return (f"{t.name} is Hidden from {m.name}: {s.fraction:.0%} visible, less than "
                    f"30% (K-8)")
        return None

    def why_not_heal(self, state: HeroState, m: Mini, t: Mini) -> str | None:
        """K-11: None if ``m`` could use a medkit on ``t`` (its action aside), else why."""
        d = load_data()
        kit = d.items["medkit"]
        if m.medkits <= 0:
            return f"{m.name} has no medkit"
        if t.side != m.side:
            return f"{t.name} is an enemy"
        if not t.on_table:
            return f"{t.name} cannot be healed: {'dead' if not t.alive else 'not on the table'}"
        if t.hp >= d.hp_start:
            return f"{t.name} is unhurt"
        if t.id != m.id and not combat.in_reach(m, t, kit.range):
            return f"{t.name} is out of the medkit's reach ({kit.range[1]} unit, K-11)"
        return None

    def why_illegal(self, state: HeroState, action: Action) -> str | None:
        if state.ended is not None:
            return "the game is over"
        check = self._checks.get(type(action))
        if check is None:
            return f"'{action.kind}' is not an action of this game"
        return check(self, state, action)

    def _check_take(self, state: HeroState, a: TakeArmy) -> str | None:
        if state.phase != "army":
            return f"it is the {PHASES[state.phase].title} phase: the armies are chosen"
        if a.side != self.to_act(state):
            return f"it is {state.side_name(self.to_act(state))}'s turn to choose an army"
        return None

    def _check_build(self, state: HeroState, a: BuildArmy) -> str | None:
        why = self._check_take(state, TakeArmy(a.side))
        if why:
            return why
        return self.why_not_army(state, a.minis)

    def why_not_army(self, state: HeroState, minis: tuple[Any, ...]) -> str | None:
        """K-2: an army sheet's minis, or why they cannot be fielded."""
        size = self.army_size(state)
        if len(minis) != size:
            return f"an army here has {size} minis (K-2: equal totals), not {len(minis)}"
        specs = [MiniSpec.from_tuple(t) for t in minis]
        if sum(s.hero for s in specs) != 1:
            return "an army has exactly one hero (K-2)"
        names = [s.name.strip() for s in specs]
        if len(set(names)) != len(names):
            return "every mini of an army needs its own name"
        for s in specs:
            if len(s.name) > 24:
                return f"the name '{s.name[:24]}...' is too long (24 letters at most)"
            if not re.fullmatch(r"[a-z_]{1,20}", s.kind):
                return f"{s.name}: '{s.kind}' is not a kind of mini"
            why = why_not_spec(s)
            if why:
                return why
        return None

    def _check_deploy(self, state: HeroState, a: Deploy) -> str | None:
        if state.phase != "deploy":
            return f"it is the {PHASES[state.phase].title} phase, not deployment"
        m = state.minis.get(a.figure)
        if m is None:
            return f"there is no mini '{a.figure}'"
        if m.side != state.deploying:
            return f"it is {state.side_name(state.deploying)}'s turn to deploy"
        if m.at is not None:
            return f"{m.name} is already on the table"
        return self.deploy_check(state, m, a.at, waive_range=self.range_waived(state, m))

    def _check_move(self, state: HeroState, a: Move) -> str | None:
        m = self._actor(state, a.figure)
        if isinstance(m, str):
            return m
        why = k11_fired_still(m)
        if why:
            return why
        if budget(m) <= 0:
            return f"{m.name} has no movement left this turn (K-4)"
        plan = plan_move(state, m, a.to)
        return None if plan.ok else plan.reason

    def _check_attack(self, state: HeroState, a: Attack) -> str | None:
        m = self._actor(state, a.figure)
        if isinstance(m, str):
            return m
        why = self._why_no_action(state, m)
        if why:
            return why
        t = self._target(state, m, a.target)
        if isinstance(t, str):
            return t
        return self.why_not_attack(state, m, t, a.weapon)

    def _check_throw(self, state: HeroState, a: Throw) -> str | None:
        m = self._actor(state, a.figure)
        if isinstance(m, str):
            return m
        why = self._why_no_action(state, m) or self.no_attacks(state)
        if why:
            return why
        if m.explosives <= 0:
            return f"{m.name} has no explosive left (K-7)"
        t = self._target(state, m, a.target)
        if isinstance(t, str):
            return t
        return explosives.why_not_throw(state, m, t)

    def _check_heal(self, state: HeroState, a: Heal) -> str | None:
        m = self._actor(state, a.figure)
        if isinstance(m, str):
            return m
        why = self._why_no_action(state, m)
        if why:
            return why
        t = state.minis.get(a.target)
        if t is None:
            return f"there is no mini '{a.target}'"
        return self.why_not_heal(state, m, t)

    def _check_end_turn(self, state: HeroState, a: EndTurn) -> str | None:
        if state.phase != "play":
            return f"it is the {PHASES[state.phase].title} phase"
        if a.side != state.active:
            return f"it is {state.side_name(state.active)}'s turn"
        return None

    _checks: ClassVar[dict[type, Callable[..., str | None]]] = {
        TakeArmy: _check_take, BuildArmy: _check_build, Deploy: _check_deploy,
        Move: _check_move, Attack: _check_attack, Throw: _check_throw, Heal: _check_heal,
        EndTurn: _check_end_turn,
    }

    # ================================================================== deployment
    def next_to_deploy(self, state: HeroState) -> Mini | None:
        if state.phase != "deploy" or state.deploying is None:
            return None
        return next((m for m in state.side_minis(state.deploying) if m.at is None), None)

    def deploy_level(self, terrain: Terrain, x: float, y: float) -> int | None:
        """The height a mini deployed at ``(x, y)`` stands at: the ground (or inside a
        building) if it can, else the top of a vantage point there; None if neither."""
        heights = terrain.surfaces_at(x, y)
        if not heights:
            return None
        return 0 if 0 in heights else heights[0]

    def deploy_check(self, state: HeroState, m: Mini, at: Point,
                     waive_range: bool = False) -> str | None:
        """K-3 and G-2: None if ``m`` may be deployed at ``at``, else why not."""
        terrain = terrain_of(state.board)
        table = terrain.table
        d = load_data()
        x, y = at.units
        r = m.r
        if not table.on_table(x, y, r):
            return "its base would be off the table"
        edge = state.deploy_edge.get(m.side)
        depth = d.deploy_edge
        if edge is None:
            near = min(EDGES, key=lambda e: edge_distance(table, e, x, y, r))
            if edge_distance(table, near, x, y, r) > depth + 1e-9:
                return f"a side deploys at an edge: within {depth:g} units of it (K-3)"
        elif edge_distance(table, edge, x, y, r) > depth + 1e-9:
            return (f"{state.side_name(m.side)} deploys at the {edge} edge: within {depth:g} "
                    f"units of it (K-3)")
        probe = _at(m, x, y)  # measured from where it would stand
        mates = [o for o in state.placed() if o.side == m.side and o.id != m.id]
        if mates and min(distance(probe, o) for o in mates) > d.deploy_teammate + 1e-9:
            return f"each mini deploys within {d.deploy_teammate:g} units of a team mate (K-3)"
        if not waive_range:
            for e in state.placed():
                if e.side == m.side:
                    continue
                reach = max((d.weapons[w].range[1] for w in e.weapons), default=0)
                if distance(probe, e) <= reach + 1e-9:
                    return (f"within range of {e.name} ({reach} units): no mini deploys in "
                            f"an enemy's firing range (K-3)")
        for k in table.pieces_at(x, y):
            f = terrain[k]
            if f.kind.deploy == "no":
                return f"{f.name} is not eligible for deployment (G-2)"
        z = self.deploy_level(terrain, x, y)
        if z is None:
            names = [terrain[k].name for k in table.pieces_at(x, y)]
            return f"nobody can stand there ({', '.join(names)})"
        for k in table.pieces_at(x, y):
            f = terrain[k]
            rule = f.kind.deploy
            if rule == "inside" and not (z == 0 and f.has("enclosed")):
                return f"only the inside of {f.name} is eligible for deployment (G-2)"
            if rule == "climbable" and vantage(f) and z == f.ht and not terrain.reachable_top(f):
                return (f"the top of {f.name} is eligible for deployment only if a climbing "
                        f"access reaches it (G-2)")
        probe.z = z
        return end_clear(state, terrain, probe, at, z)  # where a move may end

    def deploy_points(self, state: HeroState, m: Mini, waive: bool | None = None) -> list[Point]:
        """Candidate deployment points of ``m`` (the legal menu's lattice)."""
        if waive is None:
            waive = self.range_waived(state, m)
        return [p for p in self._likely(state, m, waive)
                if self.deploy_check(state, m, p, waive_range=waive) is None]

    def _likely(self, state: HeroState, m: Mini, waive: bool) -> list[Point]:
        """The lattice points that pass K-3's distance tests (edge, team mate, enemy
        range), worked out all at once; the rest of deploy_check is left to do."""
        pts = self._deploy_lattice(state, m)
        if not pts:
            return []
        d = load_data()
        xy = np.array([p.units for p in pts])
        ok = np.ones(len(pts), dtype=bool)
        mates = [o for o in state.placed() if o.side == m.side and o.id != m.id]
        if mates:
            c = np.array([o.xy for o in mates])
            r = np.array([o.r for o in mates])
            gap = np.hypot(xy[:, 0:1] - c[None, :, 0], xy[:, 1:2] - c[None, :, 1]) - r - m.r
            ok &= gap.min(axis=1) <= d.deploy_teammate + 1e-9
        if not waive:
            for e in state.placed():
                if e.side == m.side:
                    continue
                reach = max((d.weapons[w].range[1] for w in e.weapons), default=0)
                ex, ey = e.xy
                ok &= np.hypot(xy[:, 0] - ex, xy[:, 1] - ey) - e.r - m.r > reach + 1e-9
        return [p for p, keep in zip(pts, ok, strict=True) if keep]

    def _deploy_lattice(self, state: HeroState, m: Mini) -> list[Point]:
        edges = (state.deploy_edge[m.side],) if m.side in state.deploy_edge else EDGES
        return list(_lattice(state.board, edges, m.radius))

    def range_waived(self, state: HeroState, m: Mini) -> bool:
        """K-3: "if this is impossible, the battlefield is too small": when no candidate
        point is out of every enemy's range, that condition is waived for this mini."""
        return bool(state.remember(("waive", m.id, state.key()), lambda: not any(
            self.deploy_check(state, m, p) is None for p in self._likely(state, m, False))))

    # ================================================================== apply
    def apply(self, state: HeroState, action: Action, dice: Dice) -> list[Event]:
        """Carry out a legal action (unchecked: Match.apply checks first)."""
        events = self._handlers[type(action)](self, state, action, dice)
        if state.ended is None:
            events += self._victory(state)
        return events

    def _do_take(self, state: HeroState, a: TakeArmy, dice: Dice) -> list[Event]:
        army = state.options["_ready"][a.side]
        return self._field(state, a.side, army, "takes its ready army", dice)

    def _do_build(self, state: HeroState, a: BuildArmy, dice: Dice) -> list[Event]:
        """The sheet sets each mini's name and gear; what the mini is (its abilities,
        height and base) stays that of the ready army's mini in the same place."""
        ready = state.options["_ready"][a.side]
        army = tuple(replace(MiniSpec.from_tuple(t), abilities=r.abilities, ht=r.ht,
                             base=r.base) for t, r in zip(a.minis, ready, strict=True))
        return self._field(state, a.side, army, "fields the army it built", dice)

    def _field(self, state: HeroState, side: str, army: tuple[MiniSpec, ...], how: str,
               dice: Dice) -> list[Event]:
        used = {m.id for m in state.minis.values()}
        for spec in sorted(army, key=lambda s: not s.hero):
            fid = _slug(spec.name) or "mini"
            while fid in used:
                fid += "-2"
            used.add(fid)
            state.minis[fid] = Mini.of(fid, side, spec)
        state.armies[side] = True
        points = sum(s.cost() for s in army)
        budget_ = sum(s.allowance() for s in army)
        events = [Event("army", f"{state.side_name(side)} {how}: {len(army)} minis, "
                        f"{points} of {budget_} points of gear (K-2).", "K-2")]
        if all(state.armies.get(s) for s in state.sides):
            events += self._start_deployment(state, dice)
        return events

    def _start_deployment(self, state: HeroState, dice: Dice) -> list[Event]:
        """K-3: roll to see who goes first (ties roll again); sides deploy from the
        highest roll on, in the order the scenario lists them."""
        events: list[Event] = []
        while True:
            rolls = {}
            for s in state.sides:
                r = dice.roll("1d6", rule="K-3", label=f"{state.side_name(s)} roll for first")
                rolls[s] = r.total
                events.append(Event(Kind.INITIATIVE, r.explain(), "K-3", roll=r))
            top = max(rolls.values())
            if sum(v == top for v in rolls.values()) == 1:
                break
            events.append(Event(Kind.INITIATIVE, "A tie: both roll again.", "K-3"))
        first = max(rolls, key=lambda s: rolls[s])
        k = state.sides.index(first)
        state.deploy_rolls = rolls
        state.deploy_order = state.sides[k:] + state.sides[:k]
        state.play_order = list(reversed(state.deploy_order))
        state.deploying = state.deploy_order[0]
        state.phase = PHASES.transition(state.phase, "deploy")
        events.append(Event(Kind.PHASE, f"{state.side_name(first)} deploy first; "
                            f"{state.side_name(state.play_order[0])}, the last to deploy, "
                            f"will play first (K-3).", "K-3"))
        return events

    def _do_deploy(self, state: HeroState, a: Deploy, dice: Dice) -> list[Event]:
        m = state.minis[a.figure]
        terrain = terrain_of(state.board)
        x, y = a.at.units
        if m.side not in state.deploy_edge:
            state.deploy_edge[m.side] = min(EDGES, key=lambda e: edge_distance(
                state.board, e, x, y, m.r))
        m.at = a.at
        m.z = self.deploy_level(terrain, x, y) or 0
        m.facing = {"north": 90, "south": 270, "west": 0, "east": 180}[state.deploy_edge[m.side]]
        where = f" on top of {terrain.stands_on(x, y, m.z).name}" if m.z else ""  # type: ignore[union-attr]
        events = [Event("deployed", f"{m.name} deploys at ({x:.1f}, {y:.1f}){where}.", "K-3",
                        m.id, places=(a.at,))]
        for f in terrain.area_at(x, y, m.z, "hazardous"):
            events += hazard(state, m, f.index, dice)
        if self.next_to_deploy(state) is None:
            k = state.deploy_order.index(m.side)
            if k + 1 < len(state.deploy_order):
                state.deploying = state.deploy_order[k + 1]
                events.append(Event(Kind.PHASE, f"{state.side_name(state.deploying)} deploy.",
                                    "K-3"))
            else:
                state.deploying = None
                state.phase = PHASES.transition(state.phase, "play")
                state.turn = 1
                events += self._start_side(state, state.play_order[0], dice)
        return events

    def _start_side(self, state: HeroState, side: str, dice: Dice) -> list[Event]:
        """A side's turn begins: its unconscious minis bleed (K-9) and cannot act, and a
        mini that activates in hazardous terrain is hurt (G-1)."""
        state.active = side
        events = [Event(Kind.TURN, f"Turn {state.turn}: {state.side_name(side)} play.", "K-3")]
        terrain = terrain_of(state.board)
        for m in state.side_minis(side):
            m.moved, m.acted, m.fired_still = 0, False, False
            if not m.on_table:
                continue
            events += combat.bleed(state, m)
            m.down_at_start = not m.conscious
            if m.on_table and m.conscious:
                for f in terrain.area_at(*m.xy, m.z, "hazardous"):
                    events += hazard(state, m, f.index, dice)
        return events

    def _do_move(self, state: HeroState, a: Move, dice: Dice) -> list[Event]:
        m = state.minis[a.figure]
        plan = plan_move(state, m, a.to)
        start = m.at
        assert start is not None and plan.end is not None
        m.at = plan.end
        m.z = plan.z_end
        m.moved += plan.cost
        (x0, y0), (x1, y1) = start.units, plan.end.units
        if (x0, y0) != (x1, y1):
            m.facing = round(math.degrees(math.atan2(y1 - y0, x1 - x0))) % 360
        how = []
        if plan.severe:
            how.append(f"{plan.severe / HUNDREDTHS:g} over severe ground, double")
        if plan.lines:
            how.append(f"{plan.lines} linear obstacle{'s' * (plan.lines > 1)}, +1 each")
        if plan.climb:
            how.append(f"{plan.climb / HUNDREDTHS:g} climbing")
        text = (f"{m.name} moves {math.dist((x0, y0), (x1, y1)):.1f} units for "
                f"{plan.cost / HUNDREDTHS:g} of movement"
                + (f" ({'; '.join(how)})" if how else "")
                + f"; {budget(m) / HUNDREDTHS:g} left.")
        rule = next((r for r in ("G-7", "G-1", "G-5") if r in plan.rules), "K-4")
        events = [Event(Kind.MOVED, text, rule, m.id, places=plan.path,
                        amount=plan.cost)]
        for f in plan.falls:
            events.append(Event(Kind.FELL, f"{m.name} falls {f.drop} units off {f.edge}"
                                + (f": {f.damage} damage (G-5)." if f.damage else
                                   ", unhurt (G-5)."), "G-5", m.id, places=(f.at, f.at),
                                amount=f.drop))
            events += combat.take_damage(state, m, f.damage, "G-5", f"a fall of {f.drop}")
        if plan.cut:
            events.append(Event("stopped", f"{m.name} is knocked out by the fall: the move "
                                "ends there.", "G-5", m.id))
        for k in plan.hazards:
            events += hazard(state, m, k, dice)
        return events

    def _do_attack(self, state: HeroState, a: Attack, dice: Dice) -> list[Event]:
        m, t = state.minis[a.figure], state.minis[a.target]
        w = load_data().weapons[a.weapon]
        m.acted = True
        m.fired_still = w.still  # K-11: a sniper stays put the turn it fires
        return combat.resolve_attack(state, m, t, w, dice)

    def _do_throw(self, state: HeroState, a: Throw, dice: Dice) -> list[Event]:
        m, t = state.minis[a.figure], state.minis[a.target]
        m.acted = True
        return explosives.resolve_throw(state, m, t, dice)

    def _do_heal(self, state: HeroState, a: Heal, dice: Dice) -> list[Event]:
        m, t = state.minis[a.figure], state.minis[a.target]
        m.acted = True
        return combat.resolve_heal(state, m, t, dice)

    def _do_end(self, state: HeroState, a: EndTurn, dice: Dice) -> list[Event]:
        k = state.play_order.index(a.side)
        events = [Event(Kind.PASSED, f"{state.side_name(a.side)} end their turn.", "K-3")]
        if k + 1 < len(state.play_order):
            return events + self._start_side(state, state.play_order[k + 1], dice)
        if state.turn_limit is not None and state.turn >= state.turn_limit:
            state.ended = Outcome(None, Termination.TURN_LIMIT,
                                  f"A draw: the turn limit of {state.turn_limit} was reached.")
            state.active = None
            return events + [Event(Kind.GAME_OVER, state.ended.reason)]
        state.turn += 1
        for m in state.minis.values():
            m.hazards = []
        return events + self._start_side(state, state.play_order[0], dice)

    _handlers: ClassVar[dict[type, Callable[..., list[Event]]]] = {
        TakeArmy: _do_take, BuildArmy: _do_build, Deploy: _do_deploy, Move: _do_move,
        Attack: _do_attack, Throw: _do_throw, Heal: _do_heal, EndTurn: _do_end,
    }

    def _victory(self, state: HeroState) -> list[Event]:
        """K-10: the last side with a living hero wins; a side whose hero dies loses."""
        if state.phase != "play":
            return []
        alive = [s for s in state.sides
                 if any(m.hero and m.alive for m in state.side_minis(s))]
        if len(alive) == 1:
            lost = [state.side_name(s) for s in state.sides if s not in alive]
            state.ended = Outcome(alive[0], Termination.VICTORY,
                                  f"{state.side_name(alive[0])} win: the hero of "
                                  f"{', '.join(lost)} is dead (K-10).")
        elif not alive:
            state.ended = Outcome(None, Termination.NO_SURVIVORS,
                                  "A draw: every hero is dead (K-10).")
        if state.ended is None:
            return []
        state.active = None
        return [Event(Kind.GAME_OVER, state.ended.reason, "K-10")]

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
            if state.phase == "play" and m.side == state.active:
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


@functools.lru_cache(maxsize=64)
def _lattice(table: Table, edges: tuple[str, ...], radius: int) -> tuple[Point, ...]:
    """Candidate deployment points along ``edges`` for a base of ``radius`` hundredths."""
    r = radius / HUNDREDTHS
    out: dict[Point, None] = {}
    for e in edges:
        along = table.width if e in ("north", "south") else table.height
        n = max(1, int((along - 2 * r) / DEPLOY_STEP))
        for depth in DEPLOY_DEPTHS:
            for k in range(n + 1):
                s = r + k * (along - 2 * r) / n
                off = r + depth
                x, y = {"north": (s, off), "south": (s, table.height - off),
                        "west": (off, s), "east": (table.width - off, s)}[e]
                out[Point.of(x, y)] = None
    return tuple(out)


def _at(m: Mini, x: float, y: float) -> Mini:
    """A copy of ``m`` standing at ``(x, y)`` (to measure from where it would be)."""
    c = m.clone()
    c.at = Point.of(x, y)
    return c

