"""Who may do what now in the sewers: the judgement of every action a front end sends
(:func:`why_illegal`) and the legal menu (:func:`legal`).

Movement (S-7, F-7, F-8), shooting and running (S-2, F-8), charges (S-3, F-8), from the
rules' own tests in :mod:`~game.rules.squads.flood.moving`,
:mod:`~game.rules.squads.flood.straggle`, :mod:`~game.rules.squads.flood.shooting` and
:mod:`~game.rules.squads.flood.assault`.
"""

from __future__ import annotations

import math
from collections.abc import Callable

from game.core.places import Point
from game.core.ruleset import Action
from game.rules.squads.flood import moving
from game.rules.squads.flood.actions import (
    Charge,
    Difficult,
    Done,
    EndPhase,
    Move,
    Rejoin,
    Run,
    Shoot,
)
from game.rules.squads.flood.assault import charge_reach, chargers
from game.rules.squads.flood.moving import nav_for
from game.rules.squads.flood.numbers import turn_data
from game.rules.squads.flood.phases import FloodPhase, phase_title
from game.rules.squads.flood.shooting import shooting_lines
from game.rules.squads.flood.state import FloodState
from game.rules.squads.flood.straggle import is_straggler, stragglers_now
from game.rules.squads.units import Model, Unit


def to_act(state: FloodState) -> str | None:
    return None if state.ended is not None else state.active


# ==================================================================== the actors
def own_unit(state: FloodState, uid: str, phase: FloodPhase) -> Unit | str:
    """The unit ``uid`` if it may act in ``phase`` now, else why not."""
    if state.phase != phase:
        return f"it is the {phase_title(state.phase)} phase"
    u = state.units.get(uid)
    if u is None:
        return f"there is no unit '{uid}'"
    if u.side != state.active:
        return f"it is {state.side_name(state.active)}'s turn, not {u.name}'s"
    if u.destroyed:
        return f"{u.name} is destroyed"
    if uid in state.done:
        return f"{u.name} has finished this phase"
    return u


def unit_locked(state: FloodState, u: Unit) -> bool:
    """The whole unit is locked in close combat (S-3)."""
    locked = state.locked_models()
    return all(m.id in locked for m in u.survivors)


def _model(state: FloodState, u: Unit, mid: str) -> Model | str:
    if not state.has_model(mid) or state.unit_of(mid).id != u.id:
        return f"{u.name} has no model '{mid}'"
    m = state.model(mid)
    if not m.alive:
        return f"{m.name} is a casualty"
    if mid in state.moved_now:
        return f"{m.name} has moved this phase (a model moves once a phase)"
    if mid in state.locked_models():
        return f"{m.name} is locked in close combat (S-3)"
    return m


def move_budget(state: FloodState, u: Unit) -> tuple[float, int | None, bool] | str:
    """What a model of ``u`` may move now: the clear distance, its unit's difficult
    terrain roll (None if not rolled) and whether it is a run; or why it may not."""
    if state.phase == FloodPhase.MOVEMENT:
        return turn_data().move, state.difficult.get(u.id), False
    if state.phase == FloodPhase.SHOOTING:
        ran = state.run.get(u.id)
        if ran is None:
            return f"{u.name} has not run: a model moves in the shooting phase only in a run"
        return float(ran), ran, True
    return "models do not move in the assault phase but in a charge"


def why_not_move(state: FloodState, uid: str, mid: str, to: Point) -> str | None:
    """S-7, F-7, F-8: None if the model may move to ``to`` now, else why (the verdict
    kept while the state stays the same: a player that judged the point finds it)."""
    return state.cached(("why-move", uid, mid, to), lambda: move_judge(state, uid, mid)(to))


def move_judge(state: FloodState, uid: str, mid: str) -> Callable[[Point], str | None]:
    """:func:`why_not_move` for one model and any number of points, as the state stands
    now: what it reads of the unit and the model (whose turn, the allowance, straggler
    or scattered, the chains of coherency) read once."""
    phase = FloodPhase.SHOOTING if state.phase == FloodPhase.SHOOTING else FloodPhase.MOVEMENT
    u = own_unit(state, uid, phase)
    if isinstance(u, str):
        return _because(u)
    m = _model(state, u, mid)
    if isinstance(m, str):
        return _because(m)
    budget = move_budget(state, u)
    if isinstance(budget, str):
        return _because(budget)
    clear, roll, run = budget
    straggler = is_straggler(state, m)
    if not run:
        if straggler:
            return _because(f"{m.name} is out of coherency: it must rejoin its unit (F-8)")
        if u.id in state.scattered:
            return _because(f"{u.name} is scattered: only its stragglers move, to rejoin "
                            "(F-8)")
    checker = moving.move_checker(state, m, u.side, clear, roll, run=run)
    keeps = None if straggler else moving.coherency_checker(state, m)
    broken = f"{m.name} would break {u.name}'s coherency (2 inches, S-7)"

    def verdict(to: Point) -> str | None:
        check = state.cached(("check", mid, to, clear, roll, run), lambda: checker(to))
        if not check.ok:
            return check.reason
        if keeps is not None and not keeps(*to.units):
            return broken
        return None

    def judge(to: Point) -> str | None:
        return state.cached(("why-move", uid, mid, to), lambda: verdict(to))

    return judge


def _because(why: str) -> Callable[[Point], str | None]:
    return lambda to: why


def why_not_rejoin(state: FloodState, uid: str, mid: str) -> str | None:
    """F-8: None if the straggler may make its rejoin move now."""
    u = own_unit(state, uid, FloodPhase.MOVEMENT)
    if isinstance(u, str):
        return u
    m = _model(state, u, mid)
    if isinstance(m, str):
        return m
    if mid not in stragglers_now(state, u):
        return f"{m.name} is in coherency with its unit"
    return None


def why_not_difficult(state: FloodState, uid: str) -> str | None:
    u = own_unit(state, uid, FloodPhase.MOVEMENT)
    if isinstance(u, str):
        return u
    if uid in state.difficult:
        return f"{u.name} rolled for difficult terrain this phase ({state.difficult[uid]})"
    if unit_locked(state, u):
        return f"{u.name} is locked in close combat (S-3)"
    return None


def why_not_shoot(state: FloodState, uid: str, tid: str) -> str | None:
    """S-2, F-8: None if the unit may shoot at ``tid`` now."""
    u = own_unit(state, uid, FloodPhase.SHOOTING)
    if isinstance(u, str):
        return u
    why = _why_not_act(state, u)
    if why:
        return why
    if u.id in state.scattered:
        return f"{u.name} is scattered: it may only run (F-8)"
    t = state.units.get(tid)
    if t is None or t.side == u.side or t.destroyed:
        return f"'{tid}' is not an enemy unit on the table"
    if state.engagement_of(t.id) is not None:
        return f"{t.name} is locked in close combat: nobody shoots into a fight"
    if not shooting_lines(state, u, t):
        return f"no model of {u.name} sees {t.name} within range of its guns"
    return None


def _why_not_act(state: FloodState, u: Unit) -> str | None:
    if u.id in state.shot:
        return f"{u.name} has shot this turn"
    if u.id in state.run:
        return f"{u.name} ran this turn"
    if unit_locked(state, u):
        return f"{u.name} is locked in close combat (S-3)"
    return None


def why_not_run(state: FloodState, uid: str) -> str | None:
    u = own_unit(state, uid, FloodPhase.SHOOTING)
    if isinstance(u, str):
        return u
    return _why_not_act(state, u)


def why_not_charge(state: FloodState, uid: str, tid: str) -> str | None:
    """S-3, F-8: None if the unit may charge ``tid`` now."""
    u = own_unit(state, uid, FloodPhase.ASSAULT)
    if isinstance(u, str):
        return u
    if u.id in state.charged:
        return f"{u.name} has charged this turn"
    if state.engagement_of(u.id) is not None:
        return f"{u.name} is locked in close combat (S-3)"
    if u.id in state.run:
        return f"{u.name} ran this turn: it may not charge"
    if u.id in state.scattered:
        return f"{u.name} is scattered: it may not charge (F-8)"
    if u.id in state.shot and state.shot[u.id] != tid:
        shot = state.units[state.shot[u.id]].name
        return f"{u.name} shot at {shot}: it may charge only them"
    t = state.units.get(tid)
    if t is None or t.side == u.side or t.destroyed:
        return f"'{tid}' is not an enemy unit on the table"
    if state.engagement_of(t.id) is not None:
        return f"{t.name} is already locked in close combat"
    if not chargers(state, u):
        return f"every model of {u.name} is a straggler: stragglers never charge (F-8)"
    step = state.cached(("reach", u.id, t.id),
                          lambda: charge_reach(state, u, t))
    if step is None:
        return f"no model of {u.name} can reach {t.name} within {turn_data().charge:g} inches"
    return None


def why_not_done(state: FloodState, uid: str) -> str | None:
    phase = FloodPhase(state.phase)
    u = own_unit(state, uid, phase)
    return u if isinstance(u, str) else None


def why_not_end(state: FloodState, side: str) -> str | None:
    if side != state.active:
        return f"it is {state.side_name(state.active)}'s turn"
    return None


def why_illegal(state: FloodState, action: Action) -> str | None:
    """None if ``action`` is legal now, else a reason a player can read."""
    if state.ended is not None:
        return "the game is over"
    match action:
        case Move(unit=u, model=m, to=to):
            return why_not_move(state, u, m, to)
        case Rejoin(unit=u, model=m):
            return why_not_rejoin(state, u, m)
        case Difficult(unit=u):
            return why_not_difficult(state, u)
        case Shoot(unit=u, target=t):
            return why_not_shoot(state, u, t)
        case Run(unit=u):
            return why_not_run(state, u)
        case Charge(unit=u, target=t):
            return why_not_charge(state, u, t)
        case Done(unit=u):
            return why_not_done(state, u)
        case EndPhase(side=s):
            return why_not_end(state, s)
    return f"'{action.kind}' is not an action of this game"


# ==================================================================== the menu
def legal(state: FloodState) -> list[Action]:
    """Every legal action now (moves as a lattice of straight-line candidates)."""
    side = to_act(state)
    if side is None:
        return []
    out: list[Action] = []
    for u in state.side_units(side):
        if u.id in state.done:
            continue
        if state.phase == FloodPhase.MOVEMENT:
            out += movement_menu(state, u)
        elif state.phase == FloodPhase.SHOOTING:
            out += shooting_menu(state, u)
        else:
            out += [Charge(u.id, t.id) for t in enemy_units(state, side)
                    if why_not_charge(state, u.id, t.id) is None]
        out.append(Done(u.id))
    out.append(EndPhase(side))
    return out


def enemy_units(state: FloodState, side: str) -> list[Unit]:
    return [t for t in state.units.values() if t.side != side and not t.destroyed]


def movable(state: FloodState, u: Unit) -> list[Model]:
    """The unit's models that may still move (or rejoin) this phase."""
    locked = state.locked_models()
    return [m for m in u.models if m.alive and m.id not in state.moved_now
            and m.id not in locked]


def movement_menu(state: FloodState, u: Unit) -> list[Action]:
    out: list[Action] = []
    models = movable(state, u)
    if not models:
        return out
    if u.id not in state.difficult and near_difficult(state, models):
        out.append(Difficult(u.id))
    out += [Rejoin(u.id, mid) for mid in stragglers_now(state, u)
            if any(m.id == mid for m in models)]
    for m in models:
        out += [Move(u.id, m.id, p) for p in move_points(state, u, m)]
    return out


def shooting_menu(state: FloodState, u: Unit) -> list[Action]:
    if u.id in state.run:
        return [Move(u.id, m.id, p) for m in movable(state, u)
                for p in move_points(state, u, m)]
    if _why_not_act(state, u) is not None:
        return []
    out: list[Action] = [Shoot(u.id, t.id) for t in enemy_units(state, u.side)
                         if why_not_shoot(state, u.id, t.id) is None]
    out.append(Run(u.id))
    return out


def near_difficult(state: FloodState, models: list[Model]) -> bool:
    """Whether difficult terrain lies within a move of one of ``models``."""
    reach = turn_data().move
    for m in models:
        shape = moving.difficult_shape(state, nav_for(state, m.radius))
        if shape.is_empty:
            return False
        import shapely

        if shape.distance(shapely.Point(m.x, m.y)) <= reach:
            return True
    return False


def move_points(state: FloodState, u: Unit, m: Model) -> list[Point]:
    """The legal menu's candidate points for ``m`` (each one judged legal)."""
    budget = move_budget(state, u)
    if isinstance(budget, str):
        return []
    clear, roll, run = budget
    if not run and (is_straggler(state, m) or u.id in state.scattered):
        return []
    sig = _signature(state, u, m, clear, roll, run)
    memo: dict[object, list[Point]] = state.memo.setdefault("move-points", {})
    got = memo.get(sig)
    if got is None:
        judge = move_judge(state, u.id, m.id)
        got = [p for p in moving.candidate_points(state, m, clear) if judge(p) is None]
        if len(memo) > 4000:
            memo.clear()
        memo[sig] = got
    return list(got)


def _signature(state: FloodState, u: Unit, m: Model, clear: float, roll: int | None,
               run: bool) -> tuple[object, ...]:
    """Everything :func:`why_not_move` reads for ``m``'s candidate points: its place and
    allowance, its unit's models (coherency), every other model near enough to stand in
    the way, and the flooded parts (a key that outlives the state's versions)."""
    near = clear + turn_data().enemy_gap + 3.0
    others = tuple((o.id, o.x, o.y) for o in state.alive()
                   if o.id != m.id and (state.unit_of(o.id) is u
                                        or math.hypot(o.x - m.x, o.y - m.y) <= near))
    return (m.id, m.x, m.y, clear, roll, run, is_straggler(state, m),
            u.id in state.scattered, u.side, state.flooded, others)


def distance_between(a: Model, b: Model) -> float:
    return math.hypot(a.x - b.x, a.y - b.y)
