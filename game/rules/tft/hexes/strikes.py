"""Whether a figure may strike or shoot another now, why not, and the exact odds (T-2,
T-4, T-5, T-6, T-7, H-4, H-6, H-15..H-18): what legality, a front end's tips and the
Tactician all ask. Read-only.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum

from game.core.frozen import quick_init
from game.rules.tft import combat
from game.rules.tft.combat import AttackOdds
from game.rules.tft.data import load_data
from game.rules.tft.hexes import heights, melee, missiles
from game.rules.tft.hexes.movement import is_engaged
from game.rules.tft.hexes.state import HexFigure, HexState


class Shot(StrEnum):
    """How a missile reaches its target (H-18)."""

    SHOT = "shot"
    """Shot from a bow or a sling."""
    THROW = "throw"
    """Thrown (a javelin, a spear, a dagger)."""


@quick_init
@dataclass(frozen=True)
class AttackCheck:
    """Whether one figure may attack another now, why not, and the odds if it may."""

    allowed: bool
    reason: str
    odds: AttackOdds | None
    how: str = ""
    """A :class:`melee.Blow` for a blow (NORMAL, POLE or SWIPE), a :class:`Shot` for a
    shot or a throw."""
    line: missiles.LineOfFire | None = None
    """H-18: the line of fire of a shot."""
    p_target: float | None = None
    """H-18: the chance the shot strikes the target, figures in the way counted."""


def _why_no_blow(state: HexState, f: HexFigure, t: HexFigure, r: melee.Reach
                 ) -> tuple[str, bool]:
    """Why ``f`` may not strike ``t`` (``r``: how its blow would reach), "" if it may, and
    whether the odds are worth showing all the same."""
    w = combat.weapon_of(f)
    if not f.active:
        return f"{f.name} is {f.status}", True
    if t.side == f.side:
        return f"{t.name} is on the same side", True
    if not t.alive:
        return f"{t.name} is dead", True
    if not r.ok:
        return r.reason, True
    if f.hold:
        return f"{f.name} is hanging on a wall (H-11)", True
    if f.prone:
        return f"{f.name} is prone and must stand up first (T-7)", False
    if f.defending:
        return f"{f.name} is defending this turn (T-7)", False
    if f.mp_spent > combat.charge_allowance(f):
        return f"{f.name} moved more than half its MA this turn (T-7)", True
    if w.missile or not w.melee:
        return (f"the {w.name} is a missile weapon: it shoots (H-18) but never strikes "
                "in melee; ready a melee weapon (T-7)"), False
    if r.how == melee.SWIPE and (f.shield or w.hands != 1):
        return (f"{t.name} is too low: a swipe needs a one-handed weapon and no shield "
                "(H-17)"), True
    return "", True


def attack_check(state: HexState, fig_id: str, target_id: str, *,
                 with_odds: bool = True) -> AttackCheck:
    """Whether ``fig_id`` may strike ``target_id`` in melee now (or could, if it were its
    action), with the exact odds: T-2, T-4, T-5, T-7, H-4, H-6, H-15, H-16, H-17.
    ``with_odds=False``: the verdict alone (a legality check), no odds.
    """
    f, t = state.figures[fig_id], state.figures[target_id]
    board = state.board
    r = melee.reach(board, f, t, swipe_allowed=bool(state.options.get("swipe")))
    reason, show_odds = _why_no_blow(state, f, t, r)
    odds_ = melee.attack_odds(state, f, t, r.how, r) if with_odds and r.ok and show_odds \
        and f.active and t.alive and t.side != f.side else None
    return AttackCheck(reason == "", reason or "may attack", odds_, r.how)


def _why_no_shot(state: HexState, f: HexFigure, t: HexFigure, dist: int) -> str:
    """Why ``f`` may not shoot or throw at ``t``, ``dist`` hexes away ("" if it may, line
    of sight and engagement aside)."""
    w = missiles.ranged_weapon(f)
    d = load_data()
    if w is None:
        return f"{f.name} has no missile or thrown weapon ready (T-7)"
    if not f.active or f.hold:
        return f"{f.name} cannot shoot now"
    if t.side == f.side or not t.active:
        return f"{t.name} is not an enemy in the fight"
    if f.prone:
        return f"{f.name} is prone (T-7)"
    if f.defending:
        return f"{f.name} is defending this turn (T-7)"
    if w.missile and f.moved > int(d.num("missile", "max_hexes_moved")):
        return (f"{f.name} moved more than {d.num('missile', 'max_hexes_moved')} hex "
                "this turn: a bow shoots standing still or after one step (T-7)")
    if w.thrown and f.mp_spent > combat.charge_allowance(f):
        return f"{f.name} moved more than half its MA this turn (T-7)"
    if dist > w.range:
        return f"{t.name} is {dist} hexes away; the {w.name} reaches {w.range} (H-18)"
    if dist == 0:
        return "no target"
    return ""


def _shot_odds_from(state: HexState, f: HexFigure, t: HexFigure, frm: int | None
                    ) -> AttackOdds:
    """H-18: :func:`missiles.shot_odds` with the shooter in ``frm`` (its own hex if None)."""
    if frm is None:
        return missiles.shot_odds(state, f, t)
    saved = f.cell
    f.cell = frm
    try:
        return missiles.shot_odds(state, f, t)
    finally:
        f.cell = saved


def shot_check(state: HexState, fig_id: str, target_id: str, frm: int | None = None, *,
               with_odds: bool = True) -> AttackCheck:
    """Whether ``fig_id`` may shoot or throw at ``target_id`` now (T-7, H-18), with the line
    of fire and exact odds (figures in the way counted in ``p_target``). ``frm``: look
    from another hex (a what-if); ``with_odds=False``: the verdict and line alone (a
    legality check), no odds."""
    f, t = state.figures[fig_id], state.figures[target_id]
    board = state.board
    w = missiles.ranged_weapon(f)
    how = Shot.THROW if w is not None and w.thrown else Shot.SHOT
    cell = f.cell if frm is None else frm
    dist = board.distance(cell, t.cell)
    reason = _why_no_shot(state, f, t, dist)
    if not reason and frm is None and is_engaged(state, f) and not heights.engages(
            board, t, f):
        reason = (f"{f.name} is engaged: it may only shoot at an enemy engaging it "
                  "(T-6, T-7)")
    line = missiles.line_of_fire(state, f, t, cell) if dist > 0 else None
    if not reason and line is not None and not line.clear:
        assert line.blocked_at is not None
        reason = (f"no line of sight: the hex at {board.label(line.blocked_at)} (level "
                  f"{board.level(line.blocked_at)}) is in the way (H-18)")
    odds_ = None
    p_target = None
    if with_odds and w is not None and line is not None and line.clear and t.alive:
        odds_ = _shot_odds_from(state, f, t, frm)
        p_target = missiles.p_through(state, f, line) * odds_.p_hit
    return AttackCheck(reason == "", reason or "may shoot", odds_, how, line, p_target)
