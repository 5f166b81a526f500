"""Who may do what now in the chase: the side to act (:func:`to_act`), the judgement of
every action a front end sends (:func:`why_illegal`) and the legal menu (:func:`legal`).

The chase is played model by model in the rules' orders, so the side to act is the owner
of the object whose turn it is (or the side placing a recycled piece, P-6); moves are
offered as a finite menu of paths (legs of 2 inches, or 4 accelerating, each turn 45
degrees either way), while any path the turning rule allows is legal (P-8).
"""

from __future__ import annotations

from functools import cache

from game.core.ruleset import Action
from game.rules.squads.pursuit import chase, recycle
from game.rules.squads.pursuit.actions import (
    Deploy,
    Face,
    Hold,
    Leg,
    Move,
    NoMine,
    Pace,
    PlaceMine,
    PlacePiece,
    Restart,
    Shoot,
    Wargear,
)
from game.rules.squads.pursuit.deployment import deploy_check, deploy_points
from game.rules.squads.pursuit.moving import allowance, turn_step, why_not_legs
from game.rules.squads.pursuit.numbers import chase_data
from game.rules.squads.pursuit.phases import ChasePhase, phase_title
from game.rules.squads.pursuit.shooting import shot_options, why_not_shoot
from game.rules.squads.pursuit.state import ChaseState
from game.rules.squads.units import Model

FACINGS = tuple(range(0, 360, 45))
"""The facings the menu offers after a crash (any whole degree is legal, P-11)."""


def to_act(state: ChaseState) -> str | None:
    """The side that must choose now (None once the game is over)."""
    if state.ended is not None:
        return None
    if state.facing_due:
        return state.side_of(state.facing_due[0])
    phase = ChasePhase(state.phase)
    if phase == ChasePhase.WARGEAR:
        return state.setup.runners
    if phase == ChasePhase.DEPLOY:
        return state.side_of(state.undeployed[0]) if state.undeployed else None
    if phase == ChasePhase.RECYCLE:
        return state.placer if state.placer is not None else state.setup.mine_side
    if state.queue:
        return state.side_of(state.queue[0])
    return None


def current(state: ChaseState) -> Model | None:
    """The model whose turn it is in the pursuit, movement or shooting phase."""
    if state.facing_due or state.phase not in (ChasePhase.PURSUIT, ChasePhase.MOVEMENT,
                                               ChasePhase.SHOOTING):
        return None
    if state.queue and state.has_model(state.queue[0]):
        return state.model(state.queue[0])
    return None


def _head(state: ChaseState, mid: str, phase: ChasePhase) -> Model | str:
    if state.facing_due:
        return f"{state.model(state.facing_due[0]).name} must first be turned (P-11)"
    if state.phase != phase:
        return f"it is the {phase_title(state.phase)} phase"
    m = current(state)
    if m is None or m.id != mid:
        who = m.name if m is not None else "nobody"
        return f"it is {who}'s turn, not '{mid}''s"
    return m


def why_not_pace(state: ChaseState, mid: str, dice: int) -> str | None:
    """P-7: None if the model may keep pace (0) or slow by ``dice`` d6 now."""
    m = _head(state, mid, ChasePhase.PURSUIT)
    if isinstance(m, str):
        return m
    if dice != 0 and dice not in chase_data().slow_dice:
        return f"a model slows by {', '.join(f'{n}d6' for n in chase_data().slow_dice)}"
    why = chase.forced(state, m)
    return None if why is None else f"{m.name} has no choice: {why}"


def why_not_move(state: ChaseState, mid: str, legs: tuple[Leg, ...], accelerate: bool
                 ) -> str | None:
    m = _head(state, mid, ChasePhase.MOVEMENT)
    if isinstance(m, str):
        return m
    if mid in state.stopped:
        return f"{m.name} is stopped: it must first pass a test to move again (P-10)"
    return why_not_legs(state, m, legs, accelerate)


def why_not_restart(state: ChaseState, mid: str) -> str | None:
    m = _head(state, mid, ChasePhase.MOVEMENT)
    if isinstance(m, str):
        return m
    if mid not in state.stopped:
        return f"{m.name} is not stopped"
    if state.tests.get(mid, 0) >= chase_data().max_tests:
        return f"{m.name} took its {chase_data().max_tests} tests this phase"
    return None


def why_not_hold(state: ChaseState, mid: str) -> str | None:
    phase = ChasePhase.SHOOTING if state.phase == ChasePhase.SHOOTING else \
        ChasePhase.MOVEMENT
    m = _head(state, mid, phase)
    return m if isinstance(m, str) else None


def why_not_fire_at(state: ChaseState, mid: str, target: str, weapon: str) -> str | None:
    m = _head(state, mid, ChasePhase.SHOOTING)
    if isinstance(m, str):
        return m
    return why_not_shoot(state, m, target, weapon)


def why_not_place(state: ChaseState, piece: int, across: int) -> str | None:
    """P-6: None if the placer may put ``piece`` with its centre ``across`` hundredths
    from the left long edge now."""
    if state.phase != ChasePhase.RECYCLE or state.placer is None or state.facing_due:
        return "no recycled piece is being placed now"
    if piece not in state.waiting:
        return f"piece {piece} is not waiting to be placed"
    ready = recycle.placeable(state)
    held = [k for k in ready if state.pieces[k].where == "held"]
    if held and piece not in held:
        return "the pieces held from the last pursuit phase are placed first (P-6)"
    if piece in ready and across in recycle.place_spots(state, piece):
        return None  # a place the menu offers (worked out already)
    return recycle.place_check(state, piece, across / 100)


def why_not_mine(state: ChaseState, piece: int, x: float, y: float) -> str | None:
    if state.phase != ChasePhase.RECYCLE or state.placer is not None or not state.mine_due:
        return "no cluster may come in now"
    return recycle.mine_check(state, piece, x, y)


def why_not_face(state: ChaseState, mid: str) -> str | None:
    if not state.facing_due or state.facing_due[0] != mid:
        return f"'{mid}' has not crashed: only a model that crashed turns freely (P-11)"
    return None


def why_illegal(state: ChaseState, action: Action) -> str | None:
    """None if ``action`` is legal now, else a reason a player can read."""
    if state.ended is not None:
        return "the game is over"
    side = to_act(state)
    match action:
        case Wargear(side=s):
            if state.phase != ChasePhase.WARGEAR:
                return "the wargear is chosen before the game"
            return None if s == side else f"{state.side_name(side)} choose the wargear"
        case Deploy(model=m, to=to):
            if state.phase != ChasePhase.DEPLOY:
                return "it is not the deployment"
            if not state.has_model(m):
                return f"there is no model '{m}'"
            return deploy_check(state, m, *to.units)
        case Pace(model=m, dice=n):
            return why_not_pace(state, m, n)
        case PlacePiece(piece=k, across=c):
            return why_not_place(state, k, c)
        case PlaceMine(piece=k, at=at):
            return why_not_mine(state, k, *at.units)
        case NoMine(side=s):
            if why_not_mine(state, -1, 0, 0) == "no cluster may come in now":
                return "no cluster may come in now"
            return None if s == side else f"{state.side_name(side)} decide the mine"
        case Restart(model=m):
            return why_not_restart(state, m)
        case Move(model=m, legs=legs, accelerate=acc):
            return why_not_move(state, m, legs, acc)
        case Hold(model=m):
            return why_not_hold(state, m)
        case Shoot(model=m, target=t, weapon=w):
            return why_not_fire_at(state, m, t, w)
        case Face(model=m):
            return why_not_face(state, m)
    return f"'{action.kind}' is not an action of this game"


# ==================================================================== the menu
def legal(state: ChaseState) -> list[Action]:
    """Every legal action now (see the module text)."""
    side = to_act(state)
    if side is None:
        return []
    if state.facing_due:
        mid = state.facing_due[0]
        now = state.facing.get(mid, 0)
        return [Face(mid, f) for f in dict.fromkeys((now, *FACINGS))]
    phase = ChasePhase(state.phase)
    if phase == ChasePhase.WARGEAR:
        return [Wargear(side, False), Wargear(side, True)]
    if phase == ChasePhase.DEPLOY:
        mid = state.undeployed[0]
        return [Deploy(mid, p) for p in deploy_points(state, mid)]
    if phase == ChasePhase.RECYCLE:
        return recycle_menu(state)
    m = current(state)
    if m is None:
        return []
    if phase == ChasePhase.PURSUIT:
        return [Pace(m.id, n) for n in (0, *chase_data().slow_dice)]
    if phase == ChasePhase.MOVEMENT:
        return movement_menu(state, m)
    out: list[Action] = [Shoot(m.id, o.target, o.weapon) for o in shot_options(state, m)]
    return [*out, Hold(m.id)]


def recycle_menu(state: ChaseState) -> list[Action]:
    if state.placer is not None:
        ready = recycle.placeable(state)
        held = [k for k in ready if state.pieces[k].where == "held"]
        return [PlacePiece(k, c) for k in (held or ready)
                for c in recycle.place_spots(state, k)]
    out: list[Action] = [PlaceMine(k, p) for k in state.recycled_now
                         for p in recycle.mine_spots(state, k)]
    return [*out, NoMine(state.setup.mine_side)]


def movement_menu(state: ChaseState, m: Model) -> list[Action]:
    """P-8: holding, and the menu's paths (P-10: a stopped model first tests)."""
    if m.id in state.stopped:
        out: list[Action] = [Hold(m.id)]
        if why_not_restart(state, m.id) is None:
            out.insert(0, Restart(m.id))
        return out
    moves: list[Action] = []
    for acc in (False, True):
        most = round(allowance(state, m, acc) * 100)
        moves += [Move(m.id, legs, acc) for legs, total in _menu_totals(acc)
                  if total <= most]
    return [*moves, Hold(m.id)]


def may_move(state: ChaseState, m: Model) -> bool:
    """P-8, P-10: whether :func:`movement_menu` offers ``m`` a move now (without making
    the menu: its shortest path fits what it may still move)."""
    if m.id in state.stopped:
        return False
    return any(_shortest(acc) <= round(allowance(state, m, acc) * 100)
               for acc in (False, True))


@cache
def _shortest(accelerate: bool) -> int:
    return min(total for _legs, total in _menu_totals(accelerate))


@cache
def _menu_totals(accelerate: bool) -> list[tuple[tuple[Leg, ...], int]]:
    return [(legs, sum(n for _t, n in legs)) for legs in menu_paths(accelerate)]


@cache
def menu_paths(accelerate: bool) -> list[tuple[Leg, ...]]:
    """P-8: the menu's paths: up to three stretches of 2 inches (4 accelerating) with a
    turn of -45, 0 or +45 degrees between two, and a closing turn after the last."""
    d = chase_data()
    step = round(turn_step(accelerate) * 100)
    most = round((d.accelerate if accelerate else d.move) * 100)
    n = max(1, most // step)
    out: list[tuple[Leg, ...]] = []
    turns = (-d.turn, 0, d.turn)

    def grow(legs: list[Leg], left: int) -> None:
        out.append(tuple(legs))
        for t in (-d.turn, d.turn):
            out.append((*legs, (t, 0)))
        if left == 0:
            return
        for t in turns:
            if t == 0:
                grow([*legs[:-1], (legs[-1][0], legs[-1][1] + step)], left - 1)
            else:
                grow([*legs, (t, step)], left - 1)

    grow([(0, step)], n - 1)
    return out
