"""Why an action of Melee on heights is not legal now, in a player's words: one check per
action (:data:`CHECKS`), each the authority for what a front end or a computer player
sends (:meth:`MeleeOnHeights.why_illegal`). Read-only.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from game.core.ruleset import Action
from game.rules.tft.hexes import melee
from game.rules.tft.hexes.actions import (
    Attack,
    ChooseFirst,
    Climb,
    Defend,
    Disengage,
    EndMovement,
    Face,
    JumpDown,
    Leap,
    Move,
    NoRetreat,
    Pass,
    PickUp,
    PutAway,
    Ready,
    Retreat,
    Shoot,
    StandUp,
    Sweep,
    Swipe,
)
from game.rules.tft.hexes.climbing import climb_options, leap_options
from game.rules.tft.hexes.legal import (
    can_follow,
    disengage_cells,
    pickup_weapon,
    retreat_options,
    why_not_defend,
    why_not_face,
    why_not_put_away,
    why_not_ready,
    why_not_sweep,
)
from game.rules.tft.hexes.movement import move_options
from game.rules.tft.hexes.phases import PHASES, HexPhase
from game.rules.tft.hexes.refusals import why_not_reach
from game.rules.tft.hexes.state import HexFigure, HexState
from game.rules.tft.hexes.strikes import attack_check, shot_check


def _not_phase(state: HexState, phase: HexPhase, words: str) -> str | None:
    """Why an action of ``phase`` is out of turn ("" words: the phase's own name)."""
    if state.phase != phase:
        return f"it is the {PHASES[state.phase].title} phase, not {words}"
    return None


def _fig(state: HexState, fid: str) -> HexFigure | str:
    f = state.figures.get(fid)
    return f if f is not None else f"there is no figure '{fid}'"


def _own_figure(state: HexState, fid: str) -> HexFigure | str:
    """A figure of the moving side still in the fight, or why not (T-7)."""
    why = _not_phase(state, HexPhase.MOVEMENT, "movement")
    if why is not None:
        return why
    f = _fig(state, fid)
    if isinstance(f, str):
        return f
    if f.side != state.moving:
        return f"{f.name} is not on the moving side ({state.moving})"
    if not f.active:
        return f"{f.name} is {f.status}"
    return f


def _own_mover(state: HexState, fid: str) -> HexFigure | str:
    """A figure of the moving side that may still move, or why not (T-7, H-11)."""
    f = _own_figure(state, fid)
    if isinstance(f, str):
        return f
    if f.hold:
        return f"{f.name} is holding on to a wall (H-11)"
    if f.move_over:
        return f"{f.name} has finished moving this turn"
    return f


def _actor(state: HexState, fid: str) -> HexFigure | str:
    """The figure whose action it is, if it is ``fid``, or why not (T-7)."""
    why = _not_phase(state, HexPhase.ACTION, "actions")
    if why is not None:
        return why
    f = state.acting()
    if f is None or f.id != fid:
        name = state.figures[fid].name if fid in state.figures else fid
        now = f.name if f else "nobody"
        return f"it is {now}'s action, not {name}'s"
    return f


def _check_choose(state: HexState, a: ChooseFirst) -> str | None:
    why = _not_phase(state, HexPhase.INITIATIVE, "initiative")
    if why is not None:
        return why
    if a.side != state.winner:
        return f"{state.side_name(a.side)} did not win the initiative"
    if a.first not in state.sides:
        return f"there is no side '{a.first}'"
    return None


def _check_move(state: HexState, a: Move) -> str | None:
    f = _own_mover(state, a.figure)
    if isinstance(f, str):
        return f
    if not state.board.on_board(a.to):
        return f"cell {a.to} is not on the board"
    opts = move_options(state, f.id)
    if not opts.can_walk(a.to):
        if a.to in opts.ways:
            return (f"{f.name} cannot walk to {state.board.label(a.to)}: only a jump "
                    "down gets there (H-8)")
        return (f"{f.name} cannot reach {state.board.label(a.to)} this turn: "
                f"{why_not_reach(state, f, a.to)}")
    return None


def _check_jump(state: HexState, a: JumpDown) -> str | None:
    f = _own_mover(state, a.figure)
    if isinstance(f, str):
        return f
    if not state.board.on_board(a.to) or not state.board.on_board(a.via):
        return "that cell is not on the board"
    if move_options(state, f.id).jump(a.to, a.via) is None:
        return (f"{f.name} cannot jump down from {state.board.label(a.via)} to "
                f"{state.board.label(a.to)} this turn")
    return None


def _check_climb(state: HexState, a: Climb) -> str | None:
    f = _own_figure(state, a.figure)
    if isinstance(f, str):
        return f
    opts = climb_options(state, f)
    if a.to not in opts:
        if f.ready is not None or f.shield is not None:
            return f"{f.name} needs both hands free to climb: put weapon and shield away (H-11)"
        return (f"{f.name} cannot climb to {state.board.label(a.to)} now: a climb starts "
                "from beside a wall higher than its H (or at the top of one, to climb "
                "down) at the start of its move (H-11)")
    if a.more and (f.hold or opts[a.to].at):
        return "only the first turn of a climb may try a second set (H-11)"
    return None


def _check_leap(state: HexState, a: Leap) -> str | None:
    f = _own_mover(state, a.figure)
    if isinstance(f, str):
        return f
    if a.to not in leap_options(state, f):
        return f"{f.name} cannot leap to {state.board.label(a.to)} from here (H-20)"
    return None


def _check_face(state: HexState, a: Face) -> str | None:
    f = _own_figure(state, a.figure)
    if isinstance(f, str):
        return f
    if not (isinstance(a.facing, int) and 0 <= a.facing < 6):
        return "facing must be 0-5"
    return why_not_face(state, f, a.facing)


def _check_defend(state: HexState, a: Defend) -> str | None:
    f = _own_mover(state, a.figure)
    if isinstance(f, str):
        return f
    return why_not_defend(f)


def _check_end_movement(state: HexState, a: EndMovement) -> str | None:
    why = _not_phase(state, HexPhase.MOVEMENT, "movement")
    if why is not None:
        return why
    if a.side != state.moving:
        return f"{state.side_name(a.side)} is not the side moving now"
    return None


def _check_attack(state: HexState, a: Attack) -> str | None:
    f = _actor(state, a.figure)
    if isinstance(f, str):
        return f
    if a.target not in state.figures:
        return f"there is no figure '{a.target}'"
    c = attack_check(state, f.id, a.target, with_odds=False)
    if c.allowed and c.how == melee.SWIPE:
        return "that blow is a swipe (H-17): kneel and swipe"
    return None if c.allowed else c.reason


def _check_swipe(state: HexState, a: Swipe) -> str | None:
    f = _actor(state, a.figure)
    if isinstance(f, str):
        return f
    if not state.options.get("swipe"):
        return "this scenario does not use the swipe attack (H-17)"
    if a.target not in state.figures:
        return f"there is no figure '{a.target}'"
    c = attack_check(state, f.id, a.target, with_odds=False)
    if not c.allowed:
        return c.reason
    return None if c.how == melee.SWIPE else "that target can be struck without a swipe"


def _check_sweep(state: HexState, a: Sweep) -> str | None:
    f = _actor(state, a.figure)
    if isinstance(f, str):
        return f
    return why_not_sweep(state, f)


def _check_shoot(state: HexState, a: Shoot) -> str | None:
    f = _actor(state, a.figure)
    if isinstance(f, str):
        return f
    if a.target not in state.figures:
        return f"there is no figure '{a.target}'"
    c = shot_check(state, f.id, a.target, with_odds=False)
    return None if c.allowed else c.reason


def _check_disengage(state: HexState, a: Disengage) -> str | None:
    f = _actor(state, a.figure)
    if isinstance(f, str):
        return f
    if f.defending:
        return f"{f.name} is defending this turn"
    if a.to not in disengage_cells(state, f):
        return f"{f.name} cannot disengage to {state.board.label(a.to)}"
    return None


def _check_ready(state: HexState, a: Ready) -> str | None:
    f = _actor(state, a.figure)
    if isinstance(f, str):
        return f
    if f.defending:
        return f"{f.name} is defending this turn"
    return why_not_ready(f, a.weapon)


def _check_put_away(state: HexState, a: PutAway) -> str | None:
    f = _actor(state, a.figure)
    if isinstance(f, str):
        return f
    return why_not_put_away(f)


def _check_pickup(state: HexState, a: PickUp) -> str | None:
    f = _actor(state, a.figure)
    if isinstance(f, str):
        return f
    if f.defending or f.hold:
        return f"{f.name} cannot pick anything up now"
    return None if pickup_weapon(state, f) else f"no weapon lies in {f.name}'s hex"


def _check_stand(state: HexState, a: StandUp) -> str | None:
    f = _actor(state, a.figure)
    if isinstance(f, str):
        return f
    return None if f.prone else f"{f.name} is not prone"


def _check_pass(state: HexState, a: Pass) -> str | None:
    f = _actor(state, a.figure)
    return f if isinstance(f, str) else None


def _retreat_decided(state: HexState, figure: str, target: str) -> str | None:
    """T-8: why a push of ``target`` by ``figure`` is not the one being decided."""
    if state.phase != HexPhase.RETREAT or not state.retreats:
        return "no force retreat is being decided"
    if (figure, target) != state.retreats[0]:
        return "that is not the force retreat being decided"
    return None


def _check_retreat(state: HexState, a: Retreat) -> str | None:
    why = _retreat_decided(state, a.figure, a.target)
    if why is not None:
        return why
    if a.to not in retreat_options(state, a.figure, a.target):
        return f"the target cannot be pushed to {state.board.label(a.to)} (T-8, H-13)"
    if a.follow and not can_follow(state, state.figures[a.figure],
                                   state.figures[a.target].cell):
        return "the attacker cannot step into that hex to follow"
    return None


def _check_no_retreat(state: HexState, a: NoRetreat) -> str | None:
    return _retreat_decided(state, a.figure, a.target)


CHECKS: dict[type[Action], Callable[[HexState, Any], str | None]] = {
    ChooseFirst: _check_choose, Move: _check_move, JumpDown: _check_jump,
    Climb: _check_climb, Leap: _check_leap, Face: _check_face,
    Defend: _check_defend, EndMovement: _check_end_movement, Attack: _check_attack,
    Swipe: _check_swipe, Sweep: _check_sweep, Shoot: _check_shoot,
    Disengage: _check_disengage, Ready: _check_ready, PutAway: _check_put_away,
    PickUp: _check_pickup, StandUp: _check_stand, Pass: _check_pass,
    Retreat: _check_retreat, NoRetreat: _check_no_retreat,
}
"""Each action type's check: None if legal now, else why not."""


def why_illegal(state: HexState, action: Action) -> str | None:
    """None if ``action`` is legal now, else a reason a player can read."""
    check = CHECKS.get(type(action))
    if check is None:
        return f"'{action.kind}' is not an action of this game"
    return check(state, action)
