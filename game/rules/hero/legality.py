"""Who may do what now in Tabletop Hero: the judgement of every action a front end sends
(:func:`why_illegal`) and the legal menu (:func:`legal`), from the rules' own tests.

K-3 (no attacks in the first turn), K-4 (movement), K-5 (one action a turn), K-8 (a
Hidden target cannot be attacked), K-9 (an unconscious mini neither moves nor acts),
K-11 (weapon ranges, the sniper that stays still, the medkit's reach), K-2 (an army
sheet), and deployment (K-3, G-2: :mod:`game.rules.hero.deployment`).
"""

from __future__ import annotations

import math
import re
from collections.abc import Callable
from typing import Any

from game.core.places import HUNDREDTHS, Point
from game.core.ruleset import Action
from game.rules.hero import combat, explosives
from game.rules.hero.actions import (
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
from game.rules.hero.data import MiniSpec, load_data, why_not_spec
from game.rules.hero.deployment import deploy_check, deploy_points, next_to_deploy, range_waived
from game.rules.hero.moves import MovePlan, allowance, budget, k11_fired_still, plan_move
from game.rules.hero.phases import HeroPhase, phase_title
from game.rules.hero.sight import distance, sight
from game.rules.hero.state import HeroState, Mini

MOVE_DIRECTIONS = 8
"""Directions of the candidate moves the legal menu offers (any point may be sent)."""
MOVE_FRACTIONS = (0.5, 1.0)
"""Fractions of a mini's movement left the candidate moves go."""

Planner = Callable[[Mini, Point], MovePlan]
"""Works out a move plan (:func:`plan_move` for a state, or a queries object's memo of
it): how a judgement shares the plans a front end already asked for."""


def to_act(state: HeroState) -> str | None:
    """The side that must choose the next action (None once the game is over)."""
    if state.ended is not None:
        return None
    if state.phase == HeroPhase.ARMY:
        return next((s for s in state.sides if not state.armies.get(s)), None)
    if state.phase == HeroPhase.DEPLOY:
        return state.deploying
    return state.active


def army_size(state: HeroState) -> int:
    """K-2: how many minis an army has in this scenario (every side the same)."""
    ready = state.options["_ready"]
    return len(next(iter(ready.values())))


# ====================================================================== the actors
def can_act(state: HeroState, m: Mini) -> bool:
    """Whether ``m`` may move or act now: its side's turn, on the table, conscious, and
    not down at the start of the turn (K-9)."""
    return (m.side == state.active and m.on_table and m.conscious
            and not m.down_at_start)


def actor(state: HeroState, fid: str) -> Mini | str:
    """The mini ``fid`` if it may move or act now, else why not."""
    if state.phase != HeroPhase.PLAY:
        return f"it is the {phase_title(state.phase)} phase"
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


def why_no_action(m: Mini) -> str | None:
    """K-4, K-5: why ``m`` can take no action this turn, or None."""
    if m.acted:
        return f"{m.name} has taken its action this turn (K-5)"
    if m.moved > allowance(m):
        return (f"{m.name} moved more than its {allowance(m) / HUNDREDTHS:g} units, so it "
                "takes no action this turn (K-4)")
    return None


def no_attacks(state: HeroState) -> str | None:
    """K-3: why no attack is allowed this turn (the first), or None."""
    if state.turn == 1 and not load_data().first_turn_attacks:
        return "no attacks in the first turn (K-3)"
    return None


def _target(m: Mini, t: Mini | None, tid: str) -> Mini | str:
    if t is None:
        return f"there is no mini '{tid}'"
    if t.side == m.side:
        return f"{t.name} is on {m.name}'s side"
    if not t.on_table:
        return f"{t.name} is {'dead' if not t.alive else 'not on the table'}"
    return t


def why_not_attack(state: HeroState, m: Mini, t: Mini, wkey: str) -> str | None:
    """K-3, K-5, K-8, K-11: None if ``m`` could attack ``t`` with ``wkey`` now (its
    action and its side's turn aside), else why not."""
    d = load_data()
    w = d.weapons.get(wkey)
    if w is None or wkey not in m.weapons or w.explosive:
        return f"{m.name} carries no {wkey} weapon to attack with"
    why = no_attacks(state)
    if why:
        return why
    if w.still and m.moved > 0:
        return f"a {w.name.lower()} cannot fire after its mini moved this turn (K-11)"
    dist = distance(m, t)
    if not w.in_range(dist):
        return (f"{t.name} is {dist:.1f} units away, out of the {w.name.lower()}'s range "
                f"{w.range_text} (K-11)")
    if w.melee and abs(m.z - t.z) > w.range[1]:
        return (f"{t.name} is {abs(m.z - t.z)} units {'above' if t.z > m.z else 'below'}: "
                f"too far to strike: a melee weapon reaches {w.range[1]} unit, up or down "
                f"too (reading of K-11 and G-4)")
    s = sight(state, m, t)
    if not s.targetable:
        return (f"{t.name} is Hidden from {m.name}: {s.fraction:.0%} visible, less than "
                f"30% (K-8)")
    return None


def why_not_heal(m: Mini, t: Mini) -> str | None:
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


def why_not_army(state: HeroState, minis: tuple[Any, ...]) -> str | None:
    """K-2: an army sheet's minis, or why they cannot be fielded."""
    size = army_size(state)
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


def why_not_move(state: HeroState, fid: str, to: Point, planner: Planner) -> str | None:
    """K-4, K-9, K-11: None if ``fid`` may move straight to ``to`` now, else why not."""
    m = actor(state, fid)
    if isinstance(m, str):
        return m
    why = k11_fired_still(m)
    if why:
        return why
    if budget(m) <= 0:
        return f"{m.name} has no movement left this turn (K-4)"
    plan = planner(m, to)
    return None if plan.ok else plan.reason


# ====================================================================== the judgement
def why_illegal(state: HeroState, action: Action, planner: Planner | None = None) -> str | None:
    """None if ``action`` is legal now, else a reason a player can read; a move's plan
    comes from ``planner`` (by default worked out for ``state``)."""
    if state.ended is not None:
        return "the game is over"
    match action:
        case TakeArmy(side=side):
            return _check_take(state, side)
        case BuildArmy(side=side, minis=minis):
            return _check_take(state, side) or why_not_army(state, minis)
        case Deploy():
            return _check_deploy(state, action)
        case Move(figure=fid, to=to):
            fall = isinstance(action, Drop)
            return why_not_move(state, fid, to,
                                planner or (lambda m, p: plan_move(state, m, p, fall)))
        case Attack(figure=fid, target=tid, weapon=w):
            return _check_attack(state, fid, tid, w)
        case Throw(figure=fid, target=tid):
            return _check_throw(state, fid, tid)
        case Heal(figure=fid, target=tid):
            return _check_heal(state, fid, tid)
        case EndTurn(side=side):
            return _check_end_turn(state, side)
    return f"'{action.kind}' is not an action of this game"


def _check_take(state: HeroState, side: str) -> str | None:
    if state.phase != HeroPhase.ARMY:
        return f"it is the {phase_title(state.phase)} phase: the armies are chosen"
    if side != to_act(state):
        return f"it is {state.side_name(to_act(state))}'s turn to choose an army"
    return None


def _check_deploy(state: HeroState, a: Deploy) -> str | None:
    if state.phase != HeroPhase.DEPLOY:
        return f"it is the {phase_title(state.phase)} phase, not deployment"
    m = state.minis.get(a.figure)
    if m is None:
        return f"there is no mini '{a.figure}'"
    if m.side != state.deploying:
        return f"it is {state.side_name(state.deploying)}'s turn to deploy"
    if m.at is not None:
        return f"{m.name} is already on the table"
    return deploy_check(state, m, a.at, waive_range=range_waived(state, m))


def _check_attack(state: HeroState, fid: str, tid: str, weapon: str) -> str | None:
    m = actor(state, fid)
    if isinstance(m, str):
        return m
    why = why_no_action(m)
    if why:
        return why
    t = _target(m, state.minis.get(tid), tid)
    if isinstance(t, str):
        return t
    return why_not_attack(state, m, t, weapon)


def _check_throw(state: HeroState, fid: str, tid: str) -> str | None:
    m = actor(state, fid)
    if isinstance(m, str):
        return m
    why = why_no_action(m) or no_attacks(state)
    if why:
        return why
    if m.explosives <= 0:
        return f"{m.name} has no explosive left (K-7)"
    t = _target(m, state.minis.get(tid), tid)
    if isinstance(t, str):
        return t
    return explosives.why_not_throw(state, m, t)


def _check_heal(state: HeroState, fid: str, tid: str) -> str | None:
    m = actor(state, fid)
    if isinstance(m, str):
        return m
    why = why_no_action(m)
    if why:
        return why
    t = state.minis.get(tid)
    if t is None:
        return f"there is no mini '{tid}'"
    return why_not_heal(m, t)


def _check_end_turn(state: HeroState, side: str) -> str | None:
    if state.phase != HeroPhase.PLAY:
        return f"it is the {phase_title(state.phase)} phase"
    if side != state.active:
        return f"it is {state.side_name(state.active)}'s turn"
    return None


# ====================================================================== the menu
def legal(state: HeroState) -> list[Action]:
    """Every legal action now (deployment and moves as lattices of candidate points)."""
    side = to_act(state)
    if side is None:
        return []
    if state.phase == HeroPhase.ARMY:
        return [TakeArmy(side)]
    if state.phase == HeroPhase.DEPLOY:
        m = next_to_deploy(state)
        if m is None:
            return []
        return [Deploy(m.id, p) for p in deploy_points(state, m)]
    out: list[Action] = []
    friends = [t for t in state.placed() if t.side == side]
    for m in friends:
        if not can_act(state, m):
            continue
        if why_no_action(m) is None:
            out += acts_of(state, m)
            out += [Heal(m.id, t) for t in heal_targets(state, m)]
        out += [Move(m.id, p) for p in move_points(state, m)]
    out.append(EndTurn(side))
    return out


def acts_of(state: HeroState, m: Mini) -> list[Attack | Throw]:
    """The attacks and throws ``m`` may make now, enemy by enemy, weapon by weapon (its
    side's turn and its action aside: see :func:`why_no_action`)."""
    d = load_data()
    out: list[Attack | Throw] = []
    barred = no_attacks(state)
    for t in state.placed():
        if t.side == m.side:
            continue
        for w in dict.fromkeys(m.weapons):
            if d.weapons[w].explosive:
                if barred is None and explosives.why_not_throw(state, m, t) is None:
                    out.append(Throw(m.id, t.id))
            elif why_not_attack(state, m, t, w) is None:
                out.append(Attack(m.id, t.id, w))
    return out


def heal_targets(state: HeroState, m: Mini) -> list[str]:
    """K-11: the team mates on the table ``m`` may use a medkit on (its action aside)."""
    if not m.medkits:
        return []
    return [t.id for t in state.placed() if t.side == m.side and why_not_heal(m, t) is None]


def move_points(state: HeroState, m: Mini) -> list[Point]:
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
