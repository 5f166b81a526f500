"""Walls and gaps (H-11, H-20): which walls a figure may climb up or down now and which
gaps it may leap, with the chance of each roll and what a fall would do (H-8). Read-only.
"""

from __future__ import annotations

from dataclasses import dataclass

from game.rules.tft import combat
from game.rules.tft.data import load_data
from game.rules.tft.hexes import falls, heights, melee, missiles, tables
from game.rules.tft.hexes.crowd import Near, crowd
from game.rules.tft.hexes.movement import around_mover, is_engaged, make_room
from game.rules.tft.hexes.phases import HexPhase
from game.rules.tft.hexes.state import HexFigure, HexState, Hold, Positions


@dataclass(frozen=True)
class LeapOption:
    """A leap over a gap (H-20) from where the figure stands."""

    to: int
    gap: tuple[int, ...]
    """The gap's hexes, nearest first."""
    dice: int
    target: int
    """ST + adjusted DX: the leap needs that or less on ``dice`` d6."""
    p_leap: float
    p_grab: float
    """Chance of catching the far edge after a missed leap (3d6 vs adjusted DX)."""


@dataclass(frozen=True)
class ClimbOption:
    """A climb up (or down, ``down``) a wall higher than H (H-11), as the figure would
    start or go on."""

    to: int
    """Where the climb ends: the top of the wall, or (climbing down) the hex at its foot."""
    rise: int
    """Levels from the foot of the wall to its top."""
    at: int
    """Levels it has climbed so far, up or down (0 before it starts)."""
    set_h: int
    """Levels of one set (its climbing H)."""
    dice: int
    """Dice rolled against DX for a set after the free one (4, 3 with the talent)."""
    p_set: float
    """Chance of making one such set."""
    fall_band: int
    """H-8 band of a fall from the top of the next set attempted (climbing down, from
    where it clings before that set)."""
    down: bool = False
    """A climb down: the figure goes from the top of the wall to the hex at its foot."""


FallRisk = tuple[float, falls.FallOdds]
"""The chance that a climb or a leap ends in a fall, and that fall's odds (H-8)."""


def set_dice(f: HexFigure) -> int:
    """H-11: dice rolled against DX for a set of a climb (fewer with the talent)."""
    d = load_data()
    return int(d.num("climb", "talent_dice" if "climbing" in f.talents else "dice"))


def _going_on(state: HexState, f: HexFigure) -> dict[int, ClimbOption]:
    """H-11, H-20: the climb of a figure already on a wall or hanging from an edge."""
    if f.move_over:
        return {}
    d = load_data()
    dice = set_dice(f)
    h = max(1, f.climb_h)
    lv = state.board.level_list
    rise = lv[f.hold_to] - lv[f.cell]
    if f.hold == Hold.DOWN:
        return {f.cell: ClimbOption(
            f.cell, rise, rise - f.hold_at, h, dice, missiles.chance(dice, f.dx),
            heights.fall_band(f.hold_at, heights.falling_height(f)), down=True)}
    if f.hold == Hold.HANG:
        n = int(d.num("leap", "pull_dice"))
        return {f.hold_to: ClimbOption(f.hold_to, rise, f.hold_at, h, n,
                                       missiles.chance(n, f.st), 0)}
    top = min(f.hold_at + h, rise)
    return {f.hold_to: ClimbOption(f.hold_to, rise, f.hold_at, h, dice,
                                   missiles.chance(dice, f.dx),
                                   heights.fall_band(top, heights.falling_height(f)))}


def _may_start(state: HexState, f: HexFigure, pos: Positions | None = None) -> bool:
    """H-11: a climb starts standing, before moving, hands free, unengaged, one hex."""
    return not (not f.standing or f.mp_spent or f.moved or f.move_over or f.hexes > 1
                or f.ready is not None or f.shield is not None
                or is_engaged(state, f, pos))


def climb_options(state: HexState, f: HexFigure, pos: Positions | None = None
                  ) -> dict[int, ClimbOption]:
    """H-11 (H-20's pull-up): the walls ``f`` may climb now. A figure starting its turn
    standing beside a wall higher than its climbing H, with both hands free (no weapon
    ready, no shield), not engaged and a one-hex figure, may start; a figure on a wall
    goes on up it (one set a turn, a roll). Climbing down mirrors it: from the top of a
    wall more than its climbing H high, down to a free hex at its foot."""
    if state.phase != HexPhase.MOVEMENT or f.side != state.moving or not f.active:
        return {}
    if f.hold:
        return _going_on(state, f)
    if not _may_start(state, f, pos):
        return {}
    board = state.board
    dice = set_dice(f)
    h = max(1, f.climb_h)
    lv = board.level_list
    out = {}
    occ = crowd(state, pos).occupied
    climb = heights.climbing_height(f)
    falls_h = heights.falling_height(f)
    p_set = missiles.chance(dice, f.dx)
    for c in board.neighbours(f.cell):
        if c in occ:
            continue
        rise = lv[c] - lv[f.cell]
        if rise > climb:
            out[c] = ClimbOption(c, rise, 0, h, dice, p_set,
                                 heights.fall_band(min(2 * h, rise), falls_h))
        elif -rise > climb:
            # H-11 "to climb up (or down)": down to the hex at the wall's foot; a miss of
            # the second set falls from where the free set leaves it clinging
            out[c] = ClimbOption(c, -rise, 0, h, dice, p_set,
                                 heights.fall_band(max(0, -rise - h), falls_h), down=True)
    return out


def _hanging_risk(f: HexFigure, o: ClimbOption) -> FallRisk:
    """H-20: a missed pull-up costs ST and falls only if that knocks the figure out."""
    d = load_data()
    out = f.st - int(d.num("leap", "pull_cost")) <= int(d.num("damage", "unconscious_at"))
    fall = falls.fall_damage_odds(f, f.hold_at, prone_anyway=True)
    return ((1 - o.p_set) if out else 0.0), fall


def climb_risk(state: HexState, f: HexFigure, to: int, more: bool = False
               ) -> FallRisk | None:
    """H-11 (H-20's pull-up), H-8: the chance that climbing towards ``to`` now ends in a
    fall, and that fall's odds (it lands prone whatever); None if it cannot climb there.
    The free first set never falls; the second set on the first turn (``more``) and
    every later set are rolled for, and a miss falls from the top of the set tried.
    Hanging from an edge, a missed pull-up costs ST and falls only if that knocks the
    figure out."""
    o = climb_options(state, f).get(to)
    if o is None:
        return None
    if f.hold == Hold.HANG:
        return _hanging_risk(f, o)
    safe = 0.0, falls.fall_damage_odds(f, 0, prone_anyway=True)
    if not f.hold and not more:
        return safe
    if o.down:  # a miss falls from where it clings before the set
        clings = o.rise - (o.at if f.hold else min(o.set_h, o.rise))
        if clings <= 0:
            return safe
        return 1 - o.p_set, falls.fall_damage_odds(f, clings, prone_anyway=True)
    start = o.at if f.hold else min(o.set_h, o.rise)
    top = min(start + o.set_h, o.rise)
    if not f.hold and start >= o.rise:
        return safe
    return 1 - o.p_set, falls.fall_damage_odds(f, top, prone_anyway=True)


def leap_risk(state: HexState, f: HexFigure, to: int) -> FallRisk | None:
    """H-20, H-8: the chance that a leap to ``to`` ends in a fall into the gap (the leap
    missed, and the grab at the far edge too where the edge is higher than the gap's
    last hex), and that fall's odds; None if it cannot leap there."""
    o = leap_options(state, f).get(to)
    if o is None:
        return None
    board = state.board
    last = o.gap[-1]
    p = 1 - o.p_leap
    if board.level(to) > board.level(last):
        p *= 1 - o.p_grab
    return p, falls.fall_damage_odds(f, heights.drop_levels(board, f.cell, last))


def leap_options(state: HexState, f: HexFigure, pos: Positions | None = None,
                 around: Near | None = None) -> dict[int, LeapOption]:
    """H-20: the gaps ``f`` may leap from where it stands: 1-3 hexes in a straight line
    that are water or drop more than its climbing H below it, to a free hex no higher
    than its own and at most its climbing H lower; it needs MP for every hex. Worked out
    once for the figure and the figures near it (:func:`movement.around_mover`, ``around``
    if known)."""
    if not tables.gaps(state, heights.climbing_height(f))[f.cell]:
        return {}
    around = around_mover(state, f, pos) if around is None else around
    key = ("leap", state.phase, state.moving, around.key)
    found = state.memo.get(key)
    if found is None:
        make_room(state)
        found = state.memo[key] = _leap_options(state, f, pos)
    assert isinstance(found, dict)
    return found


def _leap_options(state: HexState, f: HexFigure, pos: Positions | None
                  ) -> dict[int, LeapOption]:
    if (state.phase != HexPhase.MOVEMENT or f.side != state.moving or not f.standing
            or f.move_over or f.hexes > 1 or is_engaged(state, f, pos)):
        return {}
    board = state.board
    d = load_data()
    budget = heights.movement_allowance(f) - f.mp_spent
    lv = board.level_list
    here = lv[f.cell]
    h = heights.climbing_height(f)
    occ = crowd(state, pos).occupied
    table = {int(k): int(v) for k, v in d.num("leap", "dice").items()}
    target = f.st + combat.adjusted_dx_total(f) + sum(m.value for m in melee.footing(state, f))
    grab = missiles.chance(int(d.num("leap", "grab_dice")), combat.adjusted_dx_total(f))
    out: dict[int, LeapOption] = {}
    for direction in range(6):
        gap: list[int] = []
        c: int | None = f.cell
        for _k in range(max(table) + 1):
            assert c is not None
            c = board.neighbour(c, direction)
            if c is None or c in occ:
                break
            if lv[c] < here - h or board.terrain_of(c) == "water":
                gap.append(c)
                continue
            if gap and len(gap) in table and here - h <= lv[c] <= here \
                    and len(gap) + 1 <= budget:
                n = table[len(gap)]
                out[c] = LeapOption(c, tuple(gap), n, target, missiles.chance(n, target), grab)
            break
    return out
