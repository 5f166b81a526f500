"""The legal moves of Melee on heights: every action open now, phase by phase (T-7, T-8),
and the reasons an action of the movement or action phase is closed, shared with the
checks of :mod:`checks` (one reason, said once). Read-only.
"""

from __future__ import annotations

from game.core.ruleset import Action
from game.rules.tft import combat
from game.rules.tft.data import load_data
from game.rules.tft.hexes import heights, melee, missiles
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
from game.rules.tft.hexes.crowd import Near, crowd
from game.rules.tft.hexes.movement import (
    around_mover,
    is_engaged,
    move_options,
    placement_ok,
)
from game.rules.tft.hexes.phases import HexPhase
from game.rules.tft.hexes.state import HexFigure, HexState, Positions, facings_held
from game.rules.tft.hexes.strikes import attack_check, shot_check


# ============================================================================ why not
def why_not_defend(f: HexFigure) -> str | None:
    """T-7: a standing figure that has spent at most half its MA may defend."""
    if not f.standing:
        return f"{f.name} is not standing"
    if f.defending:
        return f"{f.name} already defends"
    if f.move_over:
        return f"{f.name} has finished moving"
    if f.mp_spent > combat.charge_allowance(f):
        return f"{f.name} moved more than half its MA"
    return None


def why_not_face(state: HexState, f: HexFigure, facing: int,
                 occupied: dict[int, HexFigure] | None = None) -> str | None:
    """T-5, T-6, H-15: a figure may face any way during its side's movement, before,
    after or between its steps, whether its move ended in contact or by a jump, and an
    engaged figure's turn in place does not use up its one-hex shift; a figure on a wall
    cannot turn, and a multi-hex figure must have room to (H-15). A turn to a facing it
    has already turned to since its last step is no progress (house reading of T-5): it
    turns at most six times between two steps (back to where it began once), so every
    movement ends."""
    if facing == f.facing:
        return f"{f.name} already faces that way"
    if facing in facings_held(state, f):
        return (f"{f.name} has turned that way once since its last step: turning back and "
                "forth is no progress (T-5)")
    if f.hold:
        return f"{f.name} is holding on to a wall (H-11)"
    if f.hexes > 1 and not placement_ok(state, f, f.cell, facing, occupied):
        return (f"{f.name} has no room to turn that way: its hexes must be free and "
                "level enough (H-15)")
    return None


def why_not_ready(f: HexFigure, w: str) -> str | None:
    """T-7: changing weapons: one it carries, not ready already, hands for it."""
    d = load_data()
    if w not in f.weapons:
        return f"{f.name} does not carry a {w}"
    if w == f.ready:
        return f"the {d.weapons[w].name} is already ready"
    if f.shield and d.weapons[w].hands >= 2:
        return f"the {d.weapons[w].name} needs both hands and {f.name} carries a shield"
    if f.hold:
        return f"{f.name} needs both hands to hold on (H-11)"
    return None


def why_not_put_away(f: HexFigure) -> str | None:
    """T-7, H-11: putting weapon and shield away to free the hands."""
    if f.ready is None and f.shield is None:
        return f"{f.name}'s hands are free already"
    if f.defending or f.hold:
        return f"{f.name} cannot change weapons now"
    return None


def why_not_sweep(state: HexState, f: HexFigure) -> str | None:
    """H-19, T-7: a sweeping blow needs a two-handed weapon, a foe within a level in the
    front hexes, and at most half the MA spent."""
    if not f.standing or f.defending or f.prone:
        return f"{f.name} cannot strike now"
    if f.mp_spent > combat.charge_allowance(f):
        return f"{f.name} moved more than half its MA this turn (T-7)"
    if not melee.sweep_weapon(f):
        return "a sweeping blow needs a two-handed melee weapon ready (H-19)"
    if not any(foe is not None for _c, foe in melee.sweep_plan(state.board, f, foes_of(state, f))):
        return "no foe within a level in the front hexes to sweep (H-19)"
    return None


def foes_of(state: HexState, f: HexFigure) -> list[HexFigure]:
    """The enemies of ``f`` still in the fight."""
    return [e for e in state.figures.values() if e.side != f.side and e.active]


def pickup_weapon(state: HexState, f: HexFigure) -> str | None:
    """T-7: the weapon ``f`` may pick up in its own hex (one it is strong enough for)."""
    for w in state.dropped.get(f.cell, []):
        if load_data().weapons[w].st <= f.st_max:
            return w
    return None


def disengage_cells(state: HexState, f: HexFigure) -> list[int]:
    """T-7, H-10: one hex back from every engaging enemy, staying on the level, up at
    most the hexes the figure covers, or down any number (a fall if more than H)."""
    board = state.board
    if not is_engaged(state, f):
        return []
    engagers = [e for e in state.figures.values() if heights.engages(board, e, f)]
    occ = {c: g for c, g in state.occupied().items() if g.id != f.id}
    out = []
    for c in board.neighbours(f.cell):
        if c in occ or c in f.footprint or board.level(c) - board.level(f.cell) > f.hexes:
            continue
        if f.hexes > 1 and not placement_ok(state, f, c, f.facing, occ):
            continue
        if all(board.distance(c, e.cell) >= 2 for e in engagers):
            out.append(c)
    return out


def retreat_options(state: HexState, a_id: str, t_id: str) -> list[int]:
    """T-8, H-13: cells the attacker may force the target back into (empty if none). A
    multi-hex attacker pushes by its base size (H-13: "equal to or less than your base
    size"); a multi-hex target is not pushed (the source gives no rule for moving all
    its hexes back)."""
    a, t = state.figures[a_id], state.figures[t_id]
    if not (a.standing and t.active) or t.hold or t.hexes > 1:
        return []
    if t_id in a.hurt_by:  # it took damage from the target this turn
        return []
    if not heights.adjacent_figures(state.board, a, t):
        return []
    if not heights.can_force_retreat(state.board, a, t):
        return []
    return heights.retreat_cells(state.board, a, t, state.occupied())


def can_follow(state: HexState, a: HexFigure, cell: int) -> bool:
    """T-8: the attacker may step into the hex it pushed its foe out of, within its
    climbing H. A multi-hex attacker does not follow (its hexes would need room and
    footing the source does not speak of)."""
    if a.hexes > 1:
        return False
    climb = heights.climbing_height(a)
    diff = state.board.level(cell) - state.board.level(a.cell)
    return -climb <= diff <= climb


# ============================================================================ menus
def _figure_moves(state: HexState, f: HexFigure, pos: Positions,
                  kept: dict[object, list[Action]], now: dict[object, list[Action]]
                  ) -> list[Action]:
    """T-5, T-7, H-2..H-11, H-20: what one figure of the moving side may do now (its
    walks, jumps and leaps from ``kept``, the last listing's, if nothing near it has
    changed since; kept in ``now`` for the next)."""
    out: list[Action] = [Climb(f.id, c, more)
                         for c, o in climb_options(state, f, pos).items()
                         for more in ((False, True) if not o.at and not f.hold else (False,))]
    if f.hold:
        return out
    if not f.move_over:
        around = around_mover(state, f, pos)
        goings = kept.get(around.key)
        if goings is None:
            goings = _goings(state, f, pos, around)
        now[around.key] = goings
        out += goings
    occupied = crowd(state, pos).occupied
    out += [Face(f.id, d) for d in range(6) if why_not_face(state, f, d, occupied) is None]
    if why_not_defend(f) is None:
        out.append(Defend(f.id))
    return out


def _goings(state: HexState, f: HexFigure, pos: Positions, around: Near) -> list[Action]:
    """H-2, H-3, H-8, H-20: the walks, jumps and leaps of a figure of the moving side
    that may still move."""
    opts = move_options(state, f.id, pos, around)
    out: list[Action] = [Move(f.id, c) for c in sorted(opts.walk_cells())]
    out += [JumpDown(f.id, j.via, c) for c in sorted(opts.ways) for j in opts.ways[c]]
    out += [Leap(f.id, c) for c in sorted(leap_options(state, f, pos, around))]
    return out


LISTED = "movement listed"
"""The state's memo key of the last movement listing's walks, jumps and leaps, by the key
of what each figure's depend on (:func:`around_mover`): a listing after a move elsewhere
on a big board takes them from there, and only the last listing's are kept (a few
hundred actions a figure)."""


def movement_actions(state: HexState) -> list[Action]:
    """T-7: each active figure of the moving side moves, turns or defends; then the side
    ends its movement."""
    side = state.moving or ""
    pos = state.positions()
    kept = state.memo.pop(LISTED, None) or {}
    now: dict[object, list[Action]] = {}
    out: list[Action] = []
    for f in state.side_figures(side):
        if f.active:
            out += _figure_moves(state, f, pos, kept, now)
    state.memo[LISTED] = now
    out.append(EndMovement(side))
    return out


def _strikes(state: HexState, f: HexFigure) -> list[Action]:
    """T-7, H-17, H-18, H-19: every blow, swipe, shot and sweep the actor may make."""
    out: list[Action] = []
    ranged = missiles.ranged_weapon(f) is not None
    for t in state.figures.values():
        if t.side == f.side or not t.alive:
            continue
        chk = attack_check(state, f.id, t.id, with_odds=False)
        if chk.allowed:
            out.append(Swipe(f.id, t.id) if chk.how == melee.SWIPE else Attack(f.id, t.id))
        if ranged and shot_check(state, f.id, t.id, with_odds=False).allowed:
            out.append(Shoot(f.id, t.id))
    if why_not_sweep(state, f) is None:
        out.append(Sweep(f.id))
    return out


def action_actions(state: HexState) -> list[Action]:
    """T-7: what the figure whose action it is may do."""
    f = state.acting()
    if f is None:
        return []
    out = _strikes(state, f)
    if not f.defending and not f.hold:
        out += [Disengage(f.id, c) for c in disengage_cells(state, f)]
        out += [Ready(f.id, w) for w in f.weapons if why_not_ready(f, w) is None]
        if why_not_put_away(f) is None:
            out.append(PutAway(f.id))
        if pickup_weapon(state, f) is not None:
            out.append(PickUp(f.id))
        if f.prone:
            out.append(StandUp(f.id))
    out.append(Pass(f.id))
    return out


def retreat_actions(state: HexState) -> list[Action]:
    """T-8: the force retreat being decided: each hex to push into, with or without
    following, or none."""
    if not state.retreats:
        return []
    a_id, t_id = state.retreats[0]
    a = state.figures[a_id]
    out: list[Action] = []
    for c in retreat_options(state, a_id, t_id):
        out.append(Retreat(a_id, t_id, c, False))
        if can_follow(state, a, state.figures[t_id].cell):
            out.append(Retreat(a_id, t_id, c, True))
    out.append(NoRetreat(a_id, t_id))
    return out


def legal_actions(state: HexState) -> list[Action]:
    """Every legal action now (see :meth:`MeleeOnHeights.legal_actions`)."""
    if state.ended:
        return []
    if state.phase == HexPhase.INITIATIVE:
        return [ChooseFirst(state.winner or "", s) for s in state.sides]
    if state.phase == HexPhase.MOVEMENT:
        return movement_actions(state)
    if state.phase == HexPhase.ACTION:
        return action_actions(state)
    if state.phase == HexPhase.RETREAT:
        return retreat_actions(state)
    return []
