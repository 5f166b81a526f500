"""What a figure may do now on a zone board (Z-4, Z-12, Z-16, Z-17): one check per
action, each saying why not in a player's words (the finite menu of every legal action
is :mod:`game.rules.tft.zones.menu`'s). The ruleset's ``why_illegal`` asks these;
nothing here changes the state.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from game.core.ruleset import Action
from game.rules.tft.data import load_data
from game.rules.tft.zones import rules
from game.rules.tft.zones.actions import (
    OPEN,
    OVER,
    PART_MOVES,
    Attack,
    Charge,
    ChooseFirst,
    Close,
    Decline,
    Defend,
    EndAction,
    EnterBottleneck,
    EnterPatch,
    FallProne,
    Hold,
    Leave,
    MoveToLine,
    Pass,
    PickUp,
    Protect,
    React,
    Ready,
    Rush,
    Shoot,
    SplitMove,
    SpotAndStrike,
    StandUp,
    StepAndShoot,
    ToBoundary,
    Wait,
    Withdraw,
    ZoneMove,
)
from game.rules.tft.zones.data import numbers
from game.rules.tft.zones.phases import ACTION, INITIATIVE, REACTION
from game.rules.tft.zones.rules import contact_zone, default_into
from game.rules.tft.zones.state import ALONE, CLOSE, CONTACT, ZoneFigure, ZoneState

MOVES = (ZoneMove, Leave, ToBoundary, EnterBottleneck, Withdraw)
"""Actions that spend a pool of a split action (Z-8)."""
STRIKES = (Attack, Shoot, Close, Rush)
"""Actions that are the one attack of a split action (Z-8); a charge is both."""


# ============================================================================ helpers
def actor(state: ZoneState, fid: str) -> ZoneFigure | str:
    """The acting figure if it is ``fid``, else why not."""
    if state.phase != ACTION:
        return f"it is the {state.phase} phase, not actions"
    f = state.acting()
    if f is None or f.id != fid:
        name = state.figures[fid].name if fid in state.figures else fid
        return f"it is {f.name if f else 'nobody'}'s action, not {name}'s"
    return f


def enemy(state: ZoneState, f: ZoneFigure, tid: str) -> ZoneFigure | str:
    t = state.figures.get(tid)
    if t is None:
        return f"there is no figure '{tid}'"
    if t.side == f.side:
        return f"{t.name} is on the same side"
    if not t.active:
        return f"{t.name} is {t.status}"
    return t


def split_allows(state: ZoneState, a: Action) -> str | None:
    """Z-8: in a split action, at most two moves (one pool each) and one attack."""
    if not state.split:
        return None
    n = numbers()
    moves, attacks = state.split.get("moves", 0), state.split.get("attacks", 0)
    if isinstance(a, Charge):
        if moves >= n.split_pools or attacks >= n.split_attacks:
            return "a split action has no move or attack left for a charge (Z-8)"
        return None
    if isinstance(a, MOVES):
        return None if moves < n.split_pools else "both pools of the split are spent (Z-8)"
    if isinstance(a, FallProne):
        return None  # Z-17: a free action
    if isinstance(a, STRIKES):
        if isinstance(a, PART_MOVES) and moves >= n.split_pools:
            return "both pools of the split are spent: no move is left for it (Z-8)"
        if attacks >= n.split_attacks:
            return "a split action has one attack (Z-8)"
        if moves >= n.split_pools and split_strike_needs_move(state, a):
            return ("both pools of the split are spent: no move is left to get into "
                    "contact (Z-8)")
        return None
    if isinstance(a, EndAction):
        return None
    return "in a split action only moves, one attack and ending it are possible (Z-8)"


def split_strike_needs_move(state: ZoneState, a: Attack | Shoot | Close | Rush) -> bool:
    """Z-8: a split action's attack on a foe it is not in contact with needs a battle move
    into contact first, which is a third move when both pools are spent (a shot needs
    none)."""
    if isinstance(a, Shoot):
        return False
    f, t = state.figures.get(a.figure), state.figures.get(a.target)
    return f is not None and t is not None and not rules.in_contact(f, t)


def stacking_full(state: ZoneState, zone: str) -> bool:
    """Z-1: the zone already holds as many figures as its stacking limit."""
    limit = state.board.zones[zone].stacking
    return limit is not None and len(state.in_zone(zone)) >= limit


def interceptors(state: ZoneState, mover: ZoneFigure, zone: str) -> list[ZoneFigure]:
    """Z-13: enemies that may intercept a zone move leaving or entering ``zone``: active,
    standing, Alone, in the zone or on its lines, and not yet acted this turn."""
    out = []
    for g in state.figures.values():
        if (g.side != mover.side and g.active and not g.prone and not g.acted
                and g.bottleneck is None and zone in g.zones
                and rules.status(state, g) == ALONE):
            out.append(g)
    return out


# ============================================================================ moving
def start_zone(state: ZoneState, f: ZoneFigure, first: str) -> str | None:
    """Where a zone move to ``first`` starts: the figure's zone, or for a figure on a
    line the line's zone next to ``first`` (Z-12: it counts as in both)."""
    for z in f.zones:
        if z != first and state.board.adjacent(z, first) and first not in f.zones:
            return z
    return None


def why_not_zone_move(state: ZoneState, f: ZoneFigure, path: tuple[str, ...],
                      via: tuple[str, ...], run: bool, through: bool,
                      charge: bool = False) -> str | None:
    """Z-3..Z-6, Z-10, Z-11, Z-16: a zone move is the whole action, Alone to Alone. A
    ``charge`` (Z-9) may leave its zone and come back into it."""
    return zone_move_check(state, f, path, via, run, through, charge)[0]


Plans = dict[tuple[Any, ...], rules.MovePlan]
"""Zone move plans worked out, by (figure, path, via, run, through): a caller that asks
about one state many times keeps them (the state's queries)."""
Looks = Callable[[StepAndShoot], ZoneState | str]
"""The state after a step-and-shoot's step (Z-4), or why the step cannot be made
(:func:`why_not_step`), as a caller keeps it."""


def zone_move_check(state: ZoneState, f: ZoneFigure, path: tuple[str, ...],
                    via: tuple[str, ...], run: bool, through: bool, charge: bool = False,
                    plans: Plans | None = None, *, mover_ok: bool = False
                    ) -> tuple[str | None, rules.MovePlan | None]:
    """:func:`why_not_zone_move` and, when the move can be tried, its plan (kept in
    ``plans`` if given, and taken from there if it is in it). ``mover_ok``: the caller
    has found :func:`why_mover_cannot` None for this state already."""
    why = _zone_move_why(state, f, path, via, run, through, charge, mover_ok)
    if why is not None:
        return why, None
    key = (f.id, path, via, run, through)
    plan = plans.get(key) if plans is not None else None
    if plan is None:
        start = start_zone(state, f, path[0]) or f.zone
        plan = rules.zone_move_plan(state, f, start, path, via, run, through)
        if plans is not None:
            plans[key] = plan
    return (None if plan.possible else plan.why), plan


def why_mover_cannot(state: ZoneState, f: ZoneFigure) -> str | None:
    """Z-4, Z-16: why ``f`` can make no zone move at all now, whatever the path (None if
    it may try one): it must stand, be Alone and hold no bottleneck spot."""
    if not f.standing:
        return f"{f.name} is down and must stand up first"
    if f.patch is not None:
        return f"{f.name} is on the {f.patch}: step off it first (Z-10)"
    st = rules.status(state, f)
    if st != ALONE:
        return f"{f.name} is {st}: a zone move starts Alone (withdraw first, Z-4)"
    if f.bottleneck is not None:
        return f"{f.name} holds the {f.bottleneck}: leave it first (Z-16)"
    return None


def _zone_move_why(state: ZoneState, f: ZoneFigure, path: tuple[str, ...],
                   via: tuple[str, ...], run: bool, through: bool, charge: bool,
                   mover_ok: bool = False) -> str | None:
    board = state.board
    if not mover_ok:
        why = why_mover_cannot(state, f)
        if why is not None:
            return why
    if not path or len(path) != len(via):
        return "a zone move needs a path and a way across each border"
    for z in path:
        if z not in board.zones:
            return f"there is no zone '{z}'"
    start = start_zone(state, f, path[0])
    if start is None:
        return f"{f.name} is not next to {path[0]}"
    why, crossed_damage = _why_not_across(state, f, start, path, via)
    if why is not None:
        return why
    back = charge and len(path) == 2 and path[1] == start
    if len(set((start, *path))) != len(path) + 1 and not back:
        return "a path may not enter a zone twice"
    if through and not crossed_damage:
        return "there is no damaging obstacle to run through"
    if stacking_full(state, path[-1]) and not (charge and path[-1] in f.zones):
        return f"{path[-1]} is full (stacking {board.zones[path[-1]].stacking}, Z-1)"
    return None


def _why_not_across(state: ZoneState, f: ZoneFigure, start: str, path: tuple[str, ...],
                    via: tuple[str, ...]) -> tuple[str | None, bool]:
    """Z-11, Z-16: why the borders of ``path`` cannot be crossed the ways ``via`` says
    (None if they can), and whether a damaging obstacle is crossed on the way."""
    board = state.board
    prev = start
    uses: dict[str, int] = {}
    crossed_damage = False
    for z, how in zip(path, via, strict=True):
        if not board.adjacent(prev, z):
            return f"{prev} and {z} do not share a border", False
        bn = board.bottleneck_on(prev, z)
        if bn is None:
            if how != OPEN:
                return f"there is no bottleneck between {prev} and {z}", False
        elif how == OVER:
            if not board.obstacles_on(prev, z):
                return (f"the border of {prev} and {z} can only be crossed through the "
                        f"{bn.id}"), False
        elif how != bn.id:
            return f"the border of {prev} and {z} is crossed through the {bn.id}", False
        else:
            why = rules.why_no_passage(state, f, bn)
            if why:
                return why, False
            uses[bn.id] = uses.get(bn.id, 0) + 1
            if state.passed.get(bn.id, 0) + uses[bn.id] > bn.capacity:
                return f"only {bn.capacity} may pass the {bn.id} this round (Z-16)", False
        if (bn is None or how == OVER) and any(o.damage for o in board.obstacles_on(prev, z)):
            crossed_damage = True
        prev = z
    return None, crossed_damage


def why_not_contact(state: ZoneState, f: ZoneFigure, t: ZoneFigure, into: str
                    ) -> str | None:
    """Z-4, Z-12, Z-16: whether ``f`` can make a battle move into contact with ``t``
    (or is in contact already); ``into`` is the zone when both sit on one line."""
    if f.close_with is not None:
        return None if f.close_with == t.id and not into else \
            f"{f.name} is InClose and can only fight {state.figures[f.close_with].name}"
    if f.group and f.group == t.group:
        if into:
            return "they are in one melee already"
        return rules.why_not_strike(state, f, t)
    st = rules.status(state, f)
    if st != ALONE:
        return f"{f.name} is {st} elsewhere: withdraw first to fight {t.name} (Z-4)"
    if f.bottleneck is not None:
        return f"{f.name} holds the {f.bottleneck} and can only fight those at it"
    common = [z for z in f.zones if z in t.zones]
    if t.bottleneck is not None:
        if f.on_line or f.zone not in t.zones:
            return f"{t.name} is in the {t.bottleneck}, out of {f.name}'s reach"
        if into:
            return "no zone to choose"
        return rules.why_not_strike(state, f, t)
    if not common:
        return f"{t.name} is not in {f.name}'s zone"
    both_lines = f.on_line and t.on_line and set(f.zones) == set(t.zones)
    if both_lines:
        if into not in f.zones:
            return "say into which zone the melee goes (Z-12)"
        return None
    if into:
        return "no zone to choose"
    return None  # lines of one zone meet in it


# ============================================================================ checks
def _choose(state: ZoneState, a: ChooseFirst) -> str | None:
    if state.phase != INITIATIVE:
        return f"it is the {state.phase} phase, not initiative"
    if a.side != state.winner:
        return f"{state.side_name(a.side)} did not win the initiative"
    if a.first not in state.sides:
        return f"there is no side '{a.first}'"
    return None


def _zone_move(state: ZoneState, a: ZoneMove, plans: Plans | None = None) -> str | None:
    f = actor(state, a.figure)
    if isinstance(f, str):
        return f
    return zone_move_check(state, f, tuple(a.path), tuple(a.via), a.run, a.through,
                           False, plans)[0]


def _move_to_line(state: ZoneState, a: MoveToLine, plans: Plans | None = None
                  ) -> str | None:
    why = _zone_move(state, a, plans)
    return why if why is not None else why_not_end_on_line(state, a)


def why_not_end_on_line(state: ZoneState, a: MoveToLine) -> str | None:
    """Z-12: a zone move may end on a boundary line of the zone it enters ("it can be
    chosen as a target location for a trivial, battle move or a zone move"): an open
    line with no obstacle on it (a bottleneck's spot is taken by a move of its own,
    Z-16; a line with an obstacle is stepped onto by one, Z-11)."""
    board = state.board
    last = a.path[-1]
    if a.onto not in board.zones:
        return f"there is no zone '{a.onto}'"
    if not board.adjacent(last, a.onto):
        return f"{last} and {a.onto} do not share a border"
    f = state.figures.get(a.figure)
    if a.onto in a.path or (f is not None and a.onto in f.zones):
        return (f"the line of {last} and {a.onto} lies on the way the move came: it ends on "
                "a line of the zone it enters towards another zone")
    bn = board.bottleneck_on(last, a.onto)
    if bn is not None:
        return f"the border of {last} and {a.onto} is passed through the {bn.id} (Z-16)"
    if board.obstacles_on(last, a.onto):
        return (f"the line of {last} and {a.onto} carries an obstacle: step onto it with "
                "a move of its own (Z-11, Z-12)")
    return None


def _charge(state: ZoneState, a: Charge, plans: Plans | None = None) -> str | None:
    f = actor(state, a.figure)
    if isinstance(f, str):
        return f
    t = enemy(state, f, a.target)
    if isinstance(t, str):
        return t
    if not a.path:
        return "a charge needs a path"
    if rules.melee_weapon(f) is None:
        return f"{f.name} has no melee weapon ready"
    if t.bottleneck is not None:
        return f"{t.name} is in the {t.bottleneck}: a charge cannot reach into it"
    if a.path[-1] not in t.zones:
        return f"{t.name} is not in {a.path[-1]}"
    return zone_move_check(state, f, tuple(a.path), tuple(a.via), True, a.through, True,
                           plans)[0]


def _strike_basics(state: ZoneState, fid: str, tid: str) -> tuple[ZoneFigure, ZoneFigure] | str:
    f = actor(state, fid)
    if isinstance(f, str):
        return f
    t = enemy(state, f, tid)
    if isinstance(t, str):
        return t
    if f.prone and f.close_with is None:
        return f"{f.name} is down and must stand up first"
    return f, t


def _attack(state: ZoneState, a: Attack) -> str | None:
    ft = _strike_basics(state, a.figure, a.target)
    if isinstance(ft, str):
        return ft
    f, t = ft
    if rules.melee_weapon(f) is None:
        return f"{f.name} has a missile weapon ready: ready a melee weapon first (T-7)"
    why = why_not_contact(state, f, t, a.into)
    if why:
        return why
    if a.through:
        ob = rules.obstacle_for(state, f, t)
        if ob is None or not ob[0].damage:
            return "there is no damaging obstacle to run through"
    return None


def _spot_and_strike(state: ZoneState, a: SpotAndStrike) -> str | None:
    """Z-4, Z-16: the battle move into the spot, then a blow at a holder it is then in
    contact with (no second move into contact)."""
    ft = _strike_basics(state, a.figure, a.target)
    if isinstance(ft, str):
        return ft
    f, t = ft
    if a.into or a.through:
        return "a strike from a bottleneck spot has no zone to choose and no obstacle"
    why = _enter_bottleneck(state, EnterBottleneck(a.figure, a.bottleneck))
    if why is not None:
        return why
    if t.bottleneck != a.bottleneck:
        return (f"{t.name} does not hold the {a.bottleneck}: from its spot {f.name} can "
                "only strike its holders (Z-4: one move in the action)")
    return _attack(after_part_move(state, a), Attack(a.figure, a.target))


def after_part_move(state: ZoneState, a: StepAndShoot | SpotAndStrike) -> ZoneState:
    """Z-4: a copy of the state as it stands once the move that is the first part of
    ``a`` is made (the figure on the line, or in the spot InContact with its target),
    for judging and weighing the rest of the action (to read, not to play on:
    :meth:`ZoneState.look`)."""
    if isinstance(a, StepAndShoot):
        look = state.look((a.figure,))
        look.figures[a.figure].boundary = a.other
        return look
    look = state.look((a.figure, a.target))
    g = look.figures[a.figure]
    h = look.figures[a.target]
    g.bottleneck, g.boundary = a.bottleneck, look.board.bottlenecks[a.bottleneck].other(g.zone)
    if not h.group:
        h.group, look.next_group = look.next_group, look.next_group + 1
    g.group = h.group
    return look


def step_looks(state: ZoneState) -> Looks:
    """Z-4: a memo of :func:`why_not_step`, else :func:`after_part_move`, for the
    step-and-shoot actions of ``state`` (the step is one per figure and line, whatever
    the target), for :func:`why_illegal`'s ``looks``."""
    kept: dict[tuple[str, str], ZoneState | str] = {}

    def look(a: StepAndShoot) -> ZoneState | str:
        key = (a.figure, a.other)
        got = kept.get(key)
        if got is None:
            got = kept[key] = why_not_step(state, a) or after_part_move(state, a)
        return got

    return look


def _close(state: ZoneState, a: Close) -> str | None:
    ft = _strike_basics(state, a.figure, a.target)
    if isinstance(ft, str):
        return ft
    f, t = ft
    if f.close_with is not None:
        return f"{f.name} is InClose already"
    if t.close_with is not None:
        return f"{t.name} is InClose with another"
    if t.bottleneck is not None or f.bottleneck is not None:
        return "no hand to hand in a bottleneck"
    return why_not_contact(state, f, t, default_into(f, t))


def _rush(state: ZoneState, a: Rush) -> str | None:
    ft = _strike_basics(state, a.figure, a.target)
    if isinstance(ft, str):
        return ft
    f, t = ft
    if f.close_with is not None or t.close_with is not None:
        return "no rush hand to hand"
    if t.prone:
        return f"{t.name} is down already"
    if a.back and t.bottleneck is None:
        return f"{t.name} is not in a bottleneck to be pushed out of"
    return why_not_contact(state, f, t, default_into(f, t))


def _shoot(state: ZoneState, a: Shoot) -> str | None:
    ft = _strike_basics(state, a.figure, a.target)
    if isinstance(ft, str):
        return ft
    f, t = ft
    w = load_data().weapons.get(f.ready or "")
    if w is None or not (w.missile or w.thrown):
        return f"{f.name} has no missile or thrown weapon ready"
    if rules.status(state, f) != ALONE:
        return f"{f.name} is in a melee and cannot shoot"
    line = rules.shot_line(state, f, t)  # (its modifiers are the roll's, not the check's)
    if line is None:
        return f"{t.name} cannot be seen from there"
    if line[0] > rules.missile_range(w.key):
        return f"{t.name} is {line[0]} zones away; the {w.name} reaches " \
               f"{rules.missile_range(w.key)}"
    return None


def _step_and_shoot(state: ZoneState, a: StepAndShoot, looks: Looks | None = None
                    ) -> str | None:
    """Z-4, Z-12: the trivial move onto the line, then the shot from there (``looks``:
    see :func:`why_illegal`)."""
    step = looks(a) if looks is not None else why_not_step(state, a)
    if isinstance(step, str):
        return step
    f = state.figures[a.figure]
    w = load_data().weapons.get(f.ready or "")
    if w is None or not (w.missile or w.thrown):
        return f"{f.name} has no missile or thrown weapon ready"
    look = step if step is not None else after_part_move(state, a)
    return _shoot(look, Shoot(a.figure, a.target))


def why_not_step(state: ZoneState, a: StepAndShoot) -> str | None:
    """Z-4, Z-12: why the trivial move onto the line that is the first part of ``a``
    cannot be made (None: it can)."""
    return _to_boundary(state, ToBoundary(a.figure, a.other))


def _fall_prone(state: ZoneState, a: FallProne) -> str | None:
    f = actor(state, a.figure)
    if isinstance(f, str):
        return f
    if state.doing is not None:
        return f"{f.name} is in the middle of an action"
    return f"{f.name} is down already" if rules.is_prone(f) else None


def _withdraw(state: ZoneState, a: Withdraw) -> str | None:
    f = actor(state, a.figure)
    if isinstance(f, str):
        return f
    if rules.status(state, f) == ALONE:
        return f"{f.name} is Alone: nothing to withdraw from"
    return None


def _leave(state: ZoneState, a: Leave) -> str | None:
    f = actor(state, a.figure)
    if isinstance(f, str):
        return f
    st = rules.status(state, f)
    if st == CLOSE:
        return f"{f.name} is InClose: withdraw instead"
    if f.prone:
        return f"{f.name} is down and must stand up first"
    if f.patch is not None:
        return None if a.zone == f.zone else \
            f"{f.name} steps off the {f.patch} into {f.zone} first (Z-10)"
    if f.bottleneck is not None:
        bn = state.board.bottlenecks[f.bottleneck]
        if a.zone not in bn.zones:
            return f"the {bn.id} opens onto {bn.zones[0]} and {bn.zones[1]}"
        if a.zone != f.zone:
            why = rules.why_no_passage(state, f, bn)
            if why:
                return why
        return f"{a.zone} is full (Z-1)" if stacking_full(state, a.zone) else None
    if f.on_line:
        if a.zone not in f.zones:
            return f"{f.name} is on the line of {f.zone} and {f.boundary}"
        return f"{a.zone} is full (Z-1)" if stacking_full(state, a.zone) else None
    if not f.group:
        return f"{f.name} stands Alone already"
    if a.zone != f.zone:
        return f"{f.name} can only step apart within {f.zone}"
    return None


def _to_boundary(state: ZoneState, a: ToBoundary) -> str | None:
    f = actor(state, a.figure)
    if isinstance(f, str):
        return f
    if rules.status(state, f) != ALONE:
        return f"{f.name} must be Alone to move onto a boundary (Z-12)"
    if not f.standing:
        return f"{f.name} is down and must stand up first"
    if f.boundary is not None:
        return f"{f.name} is not in the middle of a zone"
    if not state.board.adjacent(f.zone, a.other):
        return f"{f.zone} and {a.other} do not share a border"
    bn = state.board.bottleneck_on(f.zone, a.other)
    if bn is not None:
        return f"the border of {f.zone} and {a.other} is passed through the {bn.id}"
    return None


def _enter_bottleneck(state: ZoneState, a: EnterBottleneck) -> str | None:
    f = actor(state, a.figure)
    if isinstance(f, str):
        return f
    bn = state.board.bottlenecks.get(a.bottleneck)
    if bn is None:
        return f"there is no bottleneck '{a.bottleneck}'"
    if not f.standing or f.close_with is not None:
        return f"{f.name} cannot move now"
    if f.bottleneck is not None:
        return f"{f.name} holds a spot already"
    if f.on_line or f.zone not in bn.zones:
        return f"the {bn.id} is not on {f.name}'s zone's border"
    st = rules.status(state, f)
    if st == CONTACT:
        holders = state.holders(bn.id)
        if not holders or holders[0].group != f.group:
            return f"{f.name} is InContact: withdraw first (Z-4)"
    if rules.free_spots(state, bn) <= 0:
        return f"every spot of the {bn.id} is taken (Z-16)"
    return None


def _enter_patch(state: ZoneState, a: EnterPatch) -> str | None:
    """Z-10: a deliberate battle move onto a patch of terrain in the figure's zone."""
    f = actor(state, a.figure)
    if isinstance(f, str):
        return f
    pt = state.board.patches.get(a.patch)
    if pt is None:
        return f"there is no patch of terrain '{a.patch}'"
    if not f.standing:
        return f"{f.name} is down and must stand up first"
    if f.patch is not None:
        return f"{f.name} is on the {f.patch} already"
    if f.bottleneck is not None or f.on_line or f.zone != pt.zone:
        return f"the {pt.id} is in {pt.zone}, not where {f.name} stands"
    if rules.status(state, f) != ALONE:
        return f"{f.name} is {rules.status(state, f)}: withdraw first (Z-4)"
    return None


def _protect(state: ZoneState, a: Protect) -> str | None:
    f = actor(state, a.figure)
    if isinstance(f, str):
        return f
    p = state.figures.get(a.protectee)
    if p is None or p.side != f.side or p is f or not p.active:
        return "protect a friend still in the fight"
    if rules.status(state, f) != ALONE or rules.status(state, p) != ALONE:
        return "both must be Alone (Z-14)"
    if f.boundary is not None or p.boundary is not None or f.zone != p.zone:
        return f"{p.name} is not in {f.name}'s zone"
    if any(g.protecting == p.id for g in state.figures.values() if g.active):
        return f"{p.name} is protected already"
    if not f.standing:
        return f"{f.name} is down"
    return None


def _hold(state: ZoneState, a: Hold) -> str | None:
    f = actor(state, a.figure)
    if isinstance(f, str):
        return f
    return None if f.protecting else f"{f.name} protects nobody"


def _split(state: ZoneState, a: SplitMove) -> str | None:
    f = actor(state, a.figure)
    if isinstance(f, str):
        return f
    if state.split:
        return "the move is split already"
    if not rules.can_split(f):
        return f"{f.name}'s MR {f.mr} is under {numbers().split_mr} (Z-8)"
    return None


def _end_action(state: ZoneState, a: EndAction) -> str | None:
    f = actor(state, a.figure)
    if isinstance(f, str):
        return f
    return None if state.split else "only a split action can be ended early"


def _defend(state: ZoneState, a: Defend) -> str | None:
    f = actor(state, a.figure)
    return f if isinstance(f, str) else None


def _wait(state: ZoneState, a: Wait) -> str | None:
    f = actor(state, a.figure)
    if isinstance(f, str):
        return f
    return f"{f.name} has waited already this turn" if f.waiting else None


def _ready(state: ZoneState, a: Ready) -> str | None:
    f = actor(state, a.figure)
    if isinstance(f, str):
        return f
    d = load_data()
    if a.weapon not in f.weapons:
        return f"{f.name} does not carry a {a.weapon}"
    if a.weapon == f.ready:
        return f"the {d.weapons[a.weapon].name} is ready already"
    if f.shield and d.weapons[a.weapon].hands >= 2:
        return f"the {d.weapons[a.weapon].name} needs both hands and {f.name} has a shield"
    return None


def _pick_up(state: ZoneState, a: PickUp) -> str | None:
    f = actor(state, a.figure)
    if isinstance(f, str):
        return f
    if a.weapon not in state.dropped.get(f.zone, []) or f.boundary is not None:
        return f"no {a.weapon} lies where {f.name} stands"
    if load_data().weapons[a.weapon].st > f.st_max:
        return f"{f.name} is not strong enough for it"
    return None


def _stand(state: ZoneState, a: StandUp) -> str | None:
    f = actor(state, a.figure)
    if isinstance(f, str):
        return f
    if f.close_with is not None:
        return f"{f.name} is InClose: withdraw to get up"
    return None if f.prone else f"{f.name} is not down"


def _pass(state: ZoneState, a: Pass) -> str | None:
    f = actor(state, a.figure)
    return f if isinstance(f, str) else None


def _react(state: ZoneState, a: React) -> str | None:
    w = state.window
    if state.phase != REACTION or w is None:
        return "nothing to react to"
    if (a.figure, a.how) not in [tuple(o) for o in w.options]:
        return f"{a.figure} cannot {a.how} now"
    return None


def _decline(state: ZoneState, a: Decline) -> str | None:
    w = state.window
    if state.phase != REACTION or w is None:
        return "nothing to react to"
    return None if a.side == w.side else f"{state.side_name(a.side)} are not reacting"


CHECKS: dict[type, Callable[..., str | None]] = {
    ChooseFirst: _choose, ZoneMove: _zone_move, MoveToLine: _move_to_line,
    Charge: _charge, Attack: _attack, SpotAndStrike: _spot_and_strike,
    StepAndShoot: _step_and_shoot, FallProne: _fall_prone, EnterPatch: _enter_patch,
    Close: _close, Rush: _rush, Shoot: _shoot, Withdraw: _withdraw, Leave: _leave,
    ToBoundary: _to_boundary, EnterBottleneck: _enter_bottleneck, Protect: _protect,
    Hold: _hold, SplitMove: _split, EndAction: _end_action, Defend: _defend, Wait: _wait,
    Ready: _ready, PickUp: _pick_up, StandUp: _stand, Pass: _pass, React: _react,
    Decline: _decline,
}


def why_illegal(state: ZoneState, a: Action, plans: Plans | None = None,
                looks: Looks | None = None) -> str | None:
    """None if ``a`` is legal now, else why not (the authority for any action);
    ``plans``: the zone move plans a caller keeps (see :func:`zone_move_check`);
    ``looks``: the states after a step-and-shoot's step a caller keeps (one per line
    stepped onto, whatever the target: :func:`after_part_move`)."""
    if state.ended is not None:
        return "the game is over"
    check = CHECKS.get(type(a))
    if check is None:
        return f"'{a.kind}' is not an action of this game"
    kind = type(a)
    why = check(state, a, plans) if plans is not None and \
        kind in (ZoneMove, MoveToLine, Charge) \
        else check(state, a, looks) if looks is not None and kind is StepAndShoot \
        else check(state, a)
    if why is None and state.phase == ACTION:
        why = split_allows(state, a)
    return why


__all__ = ["CHECKS", "Looks", "MOVES", "STRIKES", "Plans", "actor", "after_part_move",
           "contact_zone", "default_into", "enemy", "interceptors", "split_allows",
           "split_strike_needs_move", "stacking_full", "start_zone", "step_looks",
           "why_illegal", "why_mover_cannot", "why_not_contact", "why_not_end_on_line",
           "why_not_step", "why_not_zone_move", "zone_move_check"]
