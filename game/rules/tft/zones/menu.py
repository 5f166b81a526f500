"""The finite menu of every legal action on a zone board (Z-3..Z-17): the zone moves and
charges a figure could try now, each judged as it is made, and every other candidate
judged once by :func:`~game.rules.tft.zones.legal.why_illegal` (the authority); nothing
here changes the state.
"""

from __future__ import annotations

from collections.abc import Iterator
from itertools import product

from game.core.ruleset import Action
from game.rules.tft.data import load_data
from game.rules.tft.zones import rules
from game.rules.tft.zones.actions import (
    OPEN,
    OVER,
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
    Targeted,
    ToBoundary,
    Wait,
    Withdraw,
    ZoneMove,
)
from game.rules.tft.zones.data import numbers
from game.rules.tft.zones.legal import (
    Looks,
    Plans,
    split_allows,
    start_zone,
    step_looks,
    why_illegal,
    why_mover_cannot,
    why_not_end_on_line,
    zone_move_check,
)
from game.rules.tft.zones.phases import INITIATIVE, REACTION
from game.rules.tft.zones.state import ALONE, ZoneFigure, ZoneState


def zone_moves(state: ZoneState, f: ZoneFigure, run: bool, plans: Plans | None = None
               ) -> Iterator[ZoneMove]:
    """Every zone move ``f`` could try now, walking or running (Z-3..Z-6, Z-16), as if it
    were its action (``plans``: see :func:`zone_move_check`)."""
    per = numbers().mr_per_zone
    board = state.board
    if why_mover_cannot(state, f) is not None:
        return  # every path would be refused for the same reason
    most = (rules.current_mr(state, f, run) - 1) // per + 1
    seen: set[tuple[str, ...]] = set()
    for start in f.zones:
        for path in board.paths(start, max(0, most)):
            if path in seen or path[0] in f.zones:
                continue
            seen.add(path)
            for via in product(*rules.crossings(board, start, path)):
                v = tuple(via)
                for through in _throughs(state, f, path, v):
                    if zone_move_check(state, f, path, v, run, through, False,
                                       plans, mover_ok=True)[0] is None:
                        yield ZoneMove(f.id, path, v, run, through)


def _throughs(state: ZoneState, f: ZoneFigure, path: tuple[str, ...], via: tuple[str, ...]
              ) -> tuple[bool, ...]:
    """Z-11: the ways ``f``'s move along ``path`` may treat its obstacles: over them, and
    also through them where one it crosses does damage (else there is nothing to run
    through, and :func:`zone_move_check` would say so)."""
    board = state.board
    prev = start_zone(state, f, path[0]) or f.zone
    for z, how in zip(path, via, strict=True):
        if (how in (OPEN, OVER) or board.bottleneck_on(prev, z) is None) and \
                any(o.damage for o in board.obstacles_on(prev, z)):
            return (False, True)
        prev = z
    return (False,)


def charges(state: ZoneState, f: ZoneFigure, plans: Plans | None = None) -> Iterator[Charge]:
    """Every charge ``f`` could try now (Z-9): a zone move into the target's zone,
    out and back in if it stands in the same one."""
    per = numbers().mr_per_zone
    board = state.board
    if rules.melee_weapon(f) is None or rules.status(state, f) != ALONE or not f.standing \
            or f.bottleneck is not None:
        return
    most = (rules.current_mr(state, f, True) - 1) // per + 1
    targets = [t for t in state.figures.values() if t.side != f.side and t.active
               and t.bottleneck is None]
    if not targets or most < 1:
        return
    for start, path in _charge_paths(state, f, most):
        here = [t for t in targets if path[-1] in t.zones]
        if not here:
            continue
        for via in product(*rules.crossings(board, start, path)):
            v = tuple(via)
            for through in _throughs(state, f, path, v):
                if zone_move_check(state, f, path, v, True, through, True, plans,
                                   mover_ok=True)[0] is None:
                    for t in here:
                        yield Charge(f.id, path, v, t.id, through)


def _charge_paths(state: ZoneState, f: ZoneFigure, most: int
                  ) -> list[tuple[str, tuple[str, ...]]]:
    """Z-9: the paths a charge of at most ``most`` zones may take from each zone ``f``
    counts as in: out of it, or out to a neighbour and back."""
    board = state.board
    paths: list[tuple[str, tuple[str, ...]]] = []
    for start in f.zones:
        for path in board.paths(start, most):
            if path[0] not in f.zones:
                paths.append((start, path))
        if most >= 2:
            for n in board.neighbours(start):
                if n not in f.zones:
                    paths.append((start, (n, start)))
    return paths


def line_ends(state: ZoneState, moves: list[Action]) -> Iterator[MoveToLine]:
    """Z-12: each legal zone move of ``moves`` again, ending on a line of the zone it
    enters (:func:`why_not_end_on_line`)."""
    for m in moves:
        if type(m) is not ZoneMove:
            continue
        for o in state.board.neighbours(m.path[-1]):
            a = MoveToLine(m.figure, m.path, m.via, m.run, m.through, o)
            if why_not_end_on_line(state, a) is None:
                yield a


def legal_actions(state: ZoneState, plans: Plans | None = None, looks: Looks | None = None
                  ) -> list[Action]:
    """Every legal action now, for the side to act (a finite menu); ``plans`` and
    ``looks``: see :func:`~game.rules.tft.zones.legal.why_illegal`."""
    if state.ended is not None:
        return []
    if state.phase == INITIATIVE:
        return [ChooseFirst(state.winner or "", s) for s in state.sides]
    if state.phase == REACTION:
        w = state.window
        if w is None:
            return []
        return [React(r, how) for r, how in w.options] + [Decline(w.side)]
    f = state.acting()
    if f is None:
        return []
    # zone moves and charges are judged as they are made: only the split is left to ask
    moving: list[Action] = [*zone_moves(state, f, False, plans),
                            *zone_moves(state, f, True, plans), *charges(state, f, plans)]
    moving += list(line_ends(state, moving))
    return [a for a in moving if split_allows(state, a) is None] + others(state, f, looks)


def others(state: ZoneState, f: ZoneFigure, looks: Looks | None = None) -> list[Action]:
    """Every legal action of ``f``, whose action it is, but its zone moves and charges
    (and the zone moves that end on a line): the rest of :func:`legal_actions`, in its
    order (the actions at each enemy, then :func:`plain_others`), each candidate judged
    by :func:`~game.rules.tft.zones.legal.why_illegal`."""
    looks = looks or step_looks(state)  # a step onto a line judged once for every target
    return targeted_others(state, f, looks) + plain_others(state, f, looks)


def targeted_others(state: ZoneState, f: ZoneFigure, looks: Looks | None = None
                    ) -> list[Targeted]:
    """The legal actions of :func:`others` at an enemy (the start of its list, in its
    order: each enemy's :func:`candidates_at`), each judged by
    :func:`~game.rules.tft.zones.legal.why_illegal`."""
    looks = looks or step_looks(state)
    return [a for t in state.figures.values() if t.side != f.side and t.active
            for a in candidates_at(state, f, t) if why_illegal(state, a, None, looks) is None]


def candidates_at(state: ZoneState, f: ZoneFigure, t: ZoneFigure) -> list[Targeted]:
    """The actions of ``f`` at the enemy ``t`` that :func:`others` judges, in its order
    (not judged: a legal one passes :func:`~game.rules.tft.zones.legal.why_illegal`)."""
    out: list[Targeted] = []
    intos = [z for z in f.zones if z in t.zones] if (f.on_line and t.on_line and
                                                     set(f.zones) == set(t.zones)) \
        else [""]
    for into in intos:
        for through in (False, True):
            out.append(Attack(f.id, t.id, into, through))
    if f.boundary is None:
        gun = load_data().weapons.get(f.ready or "")
        if gun is not None and (gun.missile or gun.thrown):  # else no step-and-shoot
            out += [StepAndShoot(f.id, t.id, z) for z in state.board.neighbours(f.zone)]
    if t.bottleneck is not None:
        out.append(SpotAndStrike(f.id, t.id, bottleneck=t.bottleneck))
    out.append(Close(f.id, t.id))
    out.append(Rush(f.id, t.id, False))
    out.append(Rush(f.id, t.id, True))
    out.append(Shoot(f.id, t.id))
    return out


def plain_others(state: ZoneState, f: ZoneFigure, looks: Looks | None = None
                 ) -> list[Action]:
    """The legal actions of :func:`others` at no enemy (the end of its list, in its
    order), each candidate judged by :func:`~game.rules.tft.zones.legal.why_illegal`."""
    out: list[Action] = [Withdraw(f.id)]
    # only the candidates their rule does not refuse outright by where they stand: a
    # Leave into one of the zones f counts as in (Z-4, Z-12, Z-16), a bottleneck on f's
    # zone's border (Z-16), a friend in f's zone (Z-14); each still judged below
    here = set(f.zones)
    if f.bottleneck is not None:
        here.update(state.board.bottlenecks[f.bottleneck].zones)
    out += [Leave(f.id, z) for z in state.board.zones if z in here]
    if f.boundary is None:
        for z in state.board.neighbours(f.zone):
            out.append(ToBoundary(f.id, z))
    out += [EnterBottleneck(f.id, bid) for bid, bn in state.board.bottlenecks.items()
            if f.zone in bn.zones]
    out += [EnterPatch(f.id, pt.id) for pt in state.board.patches_in(f.zone)]
    out += [Protect(f.id, p.id) for p in state.figures.values()
            if p.side == f.side and p is not f and p.zone == f.zone]
    out += [Hold(f.id), SplitMove(f.id), EndAction(f.id), Defend(f.id), Wait(f.id)]
    out += [Ready(f.id, w) for w in f.weapons]
    out += [PickUp(f.id, w) for w in sorted(set(state.dropped.get(f.zone, [])))]
    out += [StandUp(f.id), Pass(f.id), FallProne(f.id)]
    looks = looks or step_looks(state)
    return [a for a in out if why_illegal(state, a, None, looks) is None]


__all__ = ["candidates_at", "charges", "legal_actions", "line_ends", "others",
           "plain_others", "targeted_others", "zone_moves"]
