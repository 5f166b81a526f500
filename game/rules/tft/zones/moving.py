"""Moving on a zone board, as the actions carry it out: the rolls of battle and trivial
moves (Z-4, Z-5, Z-11), the steps of a zone move (Z-3..Z-6, Z-13, Z-16), stepping onto a
line (Z-12), into a bottleneck (Z-16) or beside a friend (Z-14), and leaving a melee
(Z-4, Z-17 WITHDRAW).

Steps of :mod:`game.rules.tft.zones.apply`; they change the state they are given and
roll the dice they are given.
"""

from __future__ import annotations

from game.core.dice import Dice, Modifier
from game.core.events import Event, Kind
from game.rules.tft import combat
from game.rules.tft.zones import legal, rules
from game.rules.tft.zones.actions import (
    OPEN,
    OVER,
    PART_MOVES,
    Charge,
    EnterBottleneck,
    EnterPatch,
    Leave,
    MoveToLine,
    Protect,
    Shoot,
    StepAndShoot,
    ToBoundary,
    Withdraw,
    runs,
)
from game.rules.tft.zones.data import numbers
from game.rules.tft.zones.events import ZoneKind
from game.rules.tft.zones.flow import complete, skip_rest
from game.rules.tft.zones.groups import (
    bottleneck_group,
    join,
    leave_melee,
    stop_protecting,
    ungroup,
)
from game.rules.tft.zones.state import CONTACT, Doing, ZoneFigure, ZoneState
from game.rules.tft.zones.windows import intercept_window, opportunity


# ============================================================================ the rolls
def battle_roll(state: ZoneState, f: ZoneFigure, zone: str, extra: list[Modifier],
                dice: Dice, label: str) -> tuple[list[Event], bool]:
    """Z-4, Z-5: roll for a battle or trivial move if a modifier applies."""
    mods = rules.battle_move_modifiers(state, f, zone, extra)
    if not mods:
        return [], True
    roll = dice.check(numbers().check_dice, combat.adjusted_dx_total(f), mods,
                      rule="Z-4", label=label)
    events = [Event(Kind.ROLLED, roll.explain(), "Z-4", f.id, roll=roll)]
    if not roll.success:
        events.append(Event(Kind.PASSED, f"{f.name} does not make it: its movement ends "
                            "where it is (Z-5).", "Z-5", f.id))
    return events, bool(roll.success)


def contact_roll(state: ZoneState, f: ZoneFigure, t: ZoneFigure, through: bool,
                 dice: Dice, battle: bool) -> tuple[list[Event], bool]:
    """Z-4, Z-11: a move into contact: the MR shortfall of a battle move and the
    obstacle the target keeps between them (or run through it and take its damage)."""
    events: list[Event] = []
    extra: list[Modifier] = []
    if t.patch is not None and f.patch != t.patch:
        extra += rules.patch_modifier(state.board, t.patch)  # Z-10: onto its patch
    ob = rules.obstacle_for(state, f, t)
    if ob is not None:
        o, size = ob
        if through and o.damage:
            events += obstacle_damage(f, o.id, o.kind, o.damage, dice)
            if not f.active:
                return events, False
        else:
            extra.append(rules.obstacle_modifier(t, o, size))
    zone = legal.contact_zone(f, t, "") if t.bottleneck is None else f.zone
    if battle:
        more, ok = battle_roll(state, f, zone, extra, dice,
                               f"{f.name} moves into contact with {t.name}")
        return events + more, ok
    if not extra:
        return events, True
    roll = dice.check(numbers().check_dice, combat.adjusted_dx_total(f), extra,
                      rule="Z-11", label=f"{f.name} gets round to {t.name}")
    events.append(Event(Kind.ROLLED, roll.explain(), "Z-11", f.id, roll=roll))
    if not roll.success:
        events.append(Event(Kind.PASSED, f"{f.name} stays Alone (Z-11).", "Z-11", f.id))
    return events, bool(roll.success)


def obstacle_damage(f: ZoneFigure, oid: str, kind: str, damage: str, dice: Dice
                    ) -> list[Event]:
    """Z-11: running through an obstacle costs its damage (armour stops it as usual)."""
    r = dice.roll(damage, rule="Z-11", label=f"{f.name} goes through the {kind}")
    stops = combat.armour_stops(f, rear=False)
    hits = max(0, r.total - stops)
    events = [Event(Kind.ROLLED, f"{r.explain()} - {stops} stopped = {hits}", "Z-11",
                    f.id, roll=r, amount=hits)]
    return events + combat.take_damage(f, hits, f"the {oid}")


# ============================================================================ trivial moves
def do_protect(state: ZoneState, a: Protect, dice: Dice) -> list[Event]:
    """Z-14: stand with an Alone friend to protect it (a battle move beside it)."""
    f, p = state.figures[a.figure], state.figures[a.protectee]
    stop_protecting(f)
    events, ok = battle_roll(state, f, f.zone, [], dice, f"{f.name} moves to protect "
                             f"{p.name}")
    if ok:
        join(state, f, p)
        f.protecting, f.protect_new = p.id, True
        events.append(Event(ZoneKind.PROTECTS, f"{f.name} stands with {p.name} to protect "
                            "it (both count as Alone).", "Z-14", f.id, p.id,
                            places=(p.place,)))
    return events + complete(state, f, dice, moved=ok, attacked=False, ran=False,
                             stopped=not ok)


def do_to_boundary(state: ZoneState, a: ToBoundary, dice: Dice) -> list[Event]:
    """Z-12: a trivial move onto the line of its zone and ``a.other`` (the whole
    action)."""
    f = state.figures[a.figure]
    events, ok = step_onto_line(state, f, a.other, dice)
    return events + complete(state, f, dice, moved=ok, attacked=False, ran=False,
                             stopped=not ok)


def step_onto_line(state: ZoneState, f: ZoneFigure, other: str, dice: Dice
                   ) -> tuple[list[Event], bool]:
    """Z-12: a trivial move onto the line of its zone and ``other`` (half the obstacles
    on it, Z-11), and whether it made it."""
    stop_protecting(f)
    ungroup(state, f)
    extra = rules.boundary_cut(state.board, f.zone, other)
    events, ok = battle_roll(state, f, f.zone, extra, dice,
                             f"{f.name} moves onto the line of {f.zone} and {other}")
    if ok:
        start = f.place
        f.boundary = other
        events.append(Event(Kind.MOVED, f"{f.name} stands on the boundary of {f.zone} and "
                            f"{other}: it counts as in both (Z-12).", "Z-12", f.id,
                            places=(start, f.place)))
    return events, ok


def do_enter_patch(state: ZoneState, a: EnterPatch, dice: Dice) -> list[Event]:
    """Z-10: a battle move onto a patch of terrain (its move modifier counts); there it
    is InContact with the terrain and in one melee with any enemy on it."""
    f = state.figures[a.figure]
    pt = state.board.patches[a.patch]
    stop_protecting(f)
    events, ok = battle_roll(state, f, f.zone, rules.patch_modifier(state.board, pt.id),
                             dice, f"{f.name} moves onto the {pt.id}")
    if ok:
        ungroup(state, f)
        f.patch = pt.id
        foes = [g for g in state.figures.values() if g.patch == pt.id and g.active
                and g.side != f.side]
        if foes:
            join(state, f, foes[0])
        text = f"{f.name} stands on the {pt.id} ({pt.terrain}): InContact with it" + \
            (f" and with {', '.join(g.name for g in foes)}" if foes else "") + " (Z-10)."
        events.append(Event(Kind.MOVED, text, "Z-10", f.id, places=(f.place,)))
    return events + complete(state, f, dice, moved=ok, attacked=False, ran=False,
                             stopped=not ok)


def do_enter_bottleneck(state: ZoneState, a: EnterBottleneck, dice: Dice) -> list[Event]:
    """Z-16: take a free spot in a bottleneck of its zone (the whole action)."""
    f = state.figures[a.figure]
    events, ok = take_spot(state, f, a.bottleneck, dice)
    return events + complete(state, f, dice, moved=ok, attacked=False, ran=False,
                             stopped=not ok)


def take_spot(state: ZoneState, f: ZoneFigure, bid: str, dice: Dice
              ) -> tuple[list[Event], bool]:
    """Z-16: a battle move into a free spot of bottleneck ``bid`` on its zone's border
    (InContact with any enemy holding it), and whether it made it."""
    stop_protecting(f)
    bn = state.board.bottlenecks[bid]
    events, ok = battle_roll(state, f, f.zone, [], dice, f"{f.name} moves into the {bn.id}")
    if ok:
        start = f.place
        enemies = rules.enemy_holders(state, f, bn.id)
        if not enemies:
            ungroup(state, f)
        f.bottleneck = bn.id
        f.boundary = bn.other(f.zone)
        bottleneck_group(state, bn.id, f)
        left = rules.free_spots(state, bn)
        text = (f"{f.name} takes a spot in the {bn.id} ({left} free)" +
                (f", InContact with {', '.join(e.name for e in enemies)}" if enemies
                 else "") + ".")
        events.append(Event(Kind.MOVED, text, "Z-16", f.id, places=(start, f.place)))
    return events, ok


def part_move(state: ZoneState, d: Doing, dice: Dice) -> list[Event]:
    """Z-4: the trivial or battle move an action carries as its first part (onto a line
    to shoot, into a bottleneck spot to strike). A failed roll ends the movement where
    it is (Z-5); the rest of the action goes on only if it still can."""
    a = d.action
    assert isinstance(a, PART_MOVES)
    f = state.figures[a.figure]
    if isinstance(a, StepAndShoot):
        events, ok = step_onto_line(state, f, a.other, dice)
    else:
        events, ok = take_spot(state, f, a.bottleneck, dice)
    d.moved = True
    t = state.figures[a.target]
    if ok:
        return events
    can = legal.CHECKS[Shoot](state, Shoot(f.id, t.id)) is None \
        if isinstance(a, StepAndShoot) else rules.in_contact(f, t)
    if not can:
        d.stopped = True
        skip_rest(d)
        events.append(Event(Kind.PASSED, f"{f.name} cannot reach {t.name} from where it "
                            "stands: its action is over.", "Z-4", f.id))
    return events


# ============================================================================ zone moves
def _mover(state: ZoneState, d: Doing) -> tuple[Charge | legal.ZoneMove, ZoneFigure]:
    a = d.action
    assert isinstance(a, (legal.ZoneMove, Charge))
    return a, state.figures[a.figure]


def zm_declare(state: ZoneState, d: Doing, dice: Dice) -> list[Event]:
    """Z-4, Z-9, Z-13: the move is declared (off its line first); enemies in the zone it
    leaves may intercept."""
    a, f = _mover(state, d)
    start = legal.start_zone(state, f, a.path[0]) or f.zone
    stop_protecting(f)
    ungroup(state, f)
    if f.on_line:
        f.zone, f.boundary = start, None
    verb = "charges" if isinstance(a, Charge) else "runs" if a.run else "moves"
    what = f" at {state.figures[a.target].name}" if isinstance(a, Charge) else ""
    events = [Event(ZoneKind.DECLARES, f"{f.name} {verb}{what}: {start} > "
                    f"{' > '.join(a.path)}.", "Z-9" if isinstance(a, Charge) else "Z-4",
                    f.id)]
    return events + intercept_window(state, f, start, leaving=True)


def zm_roll(state: ZoneState, d: Doing, dice: Dice) -> list[Event]:
    """Z-3, Z-5: the move's roll, if it needs one."""
    a, f = _mover(state, d)
    if d.stopped or not f.active:
        skip_rest(d)
        return []
    plan = rules.zone_move_plan(state, f, f.zone, a.path, a.via, runs(a), a.through)
    d.reach = len(a.path)
    if not plan.roll:
        return [Event(ZoneKind.MOVE_PLAN, f"{f.name}: {plan.explain()}.", "Z-3", f.id)]
    n = numbers()
    z = plan.zones
    mod = Modifier(plan.target_mod, f"MR {plan.mr} for {z} zone{'s' * (z > 1)}", "Z-3")
    roll = dice.check(n.check_dice, plan.dx, [mod], rule="Z-3",
                      label=f"{f.name} moves {z} zone{'s' * (z > 1)} to {a.path[-1]}")
    ev = Event(Kind.ROLLED, roll.explain(), "Z-3", f.id, roll=roll)
    if not roll.success:
        d.stopped = True
        if z == 1:
            skip_rest(d)
            return [ev, Event(Kind.PASSED, f"{f.name} does not make it: it stays in "
                              f"{f.zone} and its action is over (Z-5).", "Z-5", f.id)]
        d.stopped = False
        d.short, d.reach = True, z - 1  # Z-3: the zones before the last were automatic
        return [ev, Event(Kind.PASSED, f"{f.name} does not make the last zone: it gets "
                          f"as far as {a.path[z - 2]} (Z-3, Z-5).", "Z-5", f.id)]
    if n.stop_face in roll.faces:
        d.reach, d.line = z - 1, True
        return [ev, Event(ZoneKind.STOPS, f"A {n.stop_face} in the roll: {f.name} stops on "
                          f"the boundary of {a.path[-1]} (Z-5).", "Z-5", f.id)]
    return [ev]


def zm_enter(state: ZoneState, d: Doing, dice: Dice) -> list[Event]:
    """Cross the next border (Z-16 passage, Z-11 damage), enter the zone, and let its
    enemies intercept (Z-13)."""
    a, f = _mover(state, d)
    if d.stopped or not f.active:
        skip_rest(d)
        return []
    if d.at >= d.reach:
        return []
    board = state.board
    prev, z, how = f.zone, a.path[d.at], a.via[d.at]
    events = []
    if how not in (OPEN, OVER):
        state.passed[how] = state.passed.get(how, 0) + 1
    else:
        for ob in board.obstacles_on(prev, z):
            if a.through and ob.damage:
                events += obstacle_damage(f, ob.id, ob.kind, ob.damage, dice)
    start = f.place
    f.zone, f.boundary = z, None
    d.at += 1
    how_text = f" through the {how}" if how not in (OPEN, OVER) else \
        " over the " + "/".join(o.kind for o in board.obstacles_on(prev, z)) \
        if board.obstacles_on(prev, z) else ""
    events.insert(0, Event(Kind.MOVED, f"{f.name} crosses into {z}{how_text}.", "Z-4",
                           f.id, places=(start, f.place)))
    if not f.active:
        d.stopped = True
        skip_rest(d)
        return events
    d.stage -= 1  # this step again for the next border
    return events + intercept_window(state, f, z, leaving=False)


def zm_arrive(state: ZoneState, d: Doing, dice: Dice) -> list[Event]:
    """Z-4, Z-5: the move ends Alone in the zone reached, or on the next boundary
    (in the bottleneck, if it was going through one and a spot is free)."""
    a, f = _mover(state, d)
    if d.stopped or not f.active:
        skip_rest(d)
        return []
    if d.short:
        skip_rest(d)
        return [Event(ZoneKind.ARRIVES, f"{f.name} stops in {f.zone}, Alone; its action is "
                      "over.", "Z-5", f.id)]
    if not d.line and isinstance(a, MoveToLine):
        start = f.place
        f.boundary = a.onto
        return [Event(Kind.MOVED, f"{f.name} ends its move on the boundary of {f.zone} "
                      f"and {a.onto}: it counts as in both (Z-12).", "Z-12", f.id,
                      places=(start, f.place))]
    if not d.line:
        return [Event(ZoneKind.ARRIVES, f"{f.name} is in {f.zone}, Alone.", "Z-4", f.id)]
    nxt, how = a.path[d.reach], a.via[d.reach]
    start = f.place
    if how not in (OPEN, OVER):
        bn = state.board.bottlenecks[how]
        if rules.free_spots(state, bn) > 0 and not rules.enemy_holders(state, f, how):
            f.bottleneck, f.boundary = how, nxt
            text = f"{f.name} stops in the {how}."
        else:
            text = f"{f.name} stops at the {how}, in {f.zone}."
    else:
        f.boundary = nxt
        text = f"{f.name} stops on the boundary of {f.zone} and {nxt} (Z-12)."
    skip_rest(d)
    return [Event(Kind.MOVED, text, "Z-5", f.id, places=(start, f.place))]


def ch_contact(state: ZoneState, d: Doing, dice: Dice) -> list[Event]:
    """Z-9, Z-11: at the end of a charge, an obstacle the target keeps between them."""
    a = d.action
    assert isinstance(a, Charge)
    f = state.figures[a.figure]
    t = state.figures[d.target or a.target]
    if d.stopped or d.line or not f.active:
        skip_rest(d)
        return []
    if not t.active or f.zone not in t.zones or t.bottleneck is not None:
        skip_rest(d)
        return [Event(Kind.PASSED, f"{t.name} is no longer there to be charged.", "Z-9",
                      f.id)]
    events, ok = contact_roll(state, f, t, a.through, dice, battle=False)
    if not ok:
        d.stopped = True
        skip_rest(d)
    return events


# ============================================================================ leaving
def wd_roll(state: ZoneState, d: Doing, dice: Dice) -> list[Event]:
    """Z-17 WITHDRAW: from InContact 4d6 vs DX (16+ no move); from InClose 3d6 vs DX,
    Alone on 3-5."""
    a = d.action
    assert isinstance(a, Withdraw)
    f = state.figures[a.figure]
    stop_protecting(f)
    if f.close_with is not None:
        return _break_away(state, d, f, dice)
    n = numbers()
    base, mods = combat.adjusted_dx(f)
    roll = dice.check(n.withdraw_dice, base, mods, rule="Z-17", label=f"{f.name} withdraws")
    events = [Event(Kind.ROLLED, roll.explain(), "Z-17", f.id, roll=roll)]
    if roll.total >= n.withdraw_fumble:
        d.fumbled = True
        events.append(Event(Kind.PASSED, f"{roll.total}: a fumble; {f.name} does not move "
                            "and may be struck.", "Z-17", f.id))
    if roll.success and not d.fumbled:
        leave_melee(state, f, f.zone)
        events.append(Event(Kind.MOVED, f"{f.name} withdraws and stands Alone.", "Z-17",
                            f.id))
        skip_rest(d)
        return events
    return events + opportunity(state, f)


def _break_away(state: ZoneState, d: Doing, f: ZoneFigure, dice: Dice) -> list[Event]:
    """Z-17 WITHDRAW from InClose: 3d6 vs DX, Alone on 3-5, else InContact again."""
    n = numbers()
    base, mods = combat.adjusted_dx(f)
    assert f.close_with is not None
    other = state.figures[f.close_with]
    roll = dice.check(n.close_withdraw_dice, base, mods, rule="Z-17",
                      label=f"{f.name} breaks away from {other.name}")
    events = [Event(Kind.ROLLED, roll.explain(), "Z-17", f.id, roll=roll)]
    if roll.success:
        f.close_with = other.close_with = None
        if roll.total <= n.close_critical:
            ungroup(state, f)
            events.append(Event(Kind.MOVED, f"{f.name} breaks away and stands Alone "
                                "(a critical).", "Z-17", f.id))
        else:
            events.append(Event(Kind.MOVED, f"{f.name} breaks away: InContact again.",
                                "Z-17", f.id))
    else:
        d.stopped = True
    skip_rest(d)
    return events


def wd_finish(state: ZoneState, d: Doing, dice: Dice) -> list[Event]:
    """Z-17: a withdraw that failed (not fumbled) still gets away, after the free blow."""
    a = d.action
    assert isinstance(a, Withdraw)
    f = state.figures[a.figure]
    if d.fumbled or not f.active:
        d.stopped = True
        return []
    leave_melee(state, f, f.zone)
    return [Event(Kind.MOVED, f"{f.name} gets away and stands Alone.", "Z-17", f.id)]


def lv_start(state: ZoneState, d: Doing, dice: Dice) -> list[Event]:
    """Z-4: a battle or trivial move apart (a roll if the MR is short); leaving a melee
    gives an opportunity attack (Z-17)."""
    a = d.action
    assert isinstance(a, Leave)
    f = state.figures[a.figure]
    stop_protecting(f)
    off = rules.patch_modifier(state.board, f.patch) if f.patch is not None else []
    events, ok = battle_roll(state, f, a.zone, off, dice, f"{f.name} moves to {a.zone}")
    if not ok:
        d.stopped = True
        skip_rest(d)
        return events
    if rules.status(state, f) == CONTACT:
        events += opportunity(state, f)
    return events


def lv_finish(state: ZoneState, d: Doing, dice: Dice) -> list[Event]:
    """Z-4, Z-16: Alone in the zone chosen (out of a bottleneck, it counts as passing)."""
    a = d.action
    assert isinstance(a, Leave)
    f = state.figures[a.figure]
    if not f.active:
        return []
    start = f.place
    if f.bottleneck is not None and a.zone != f.zone:
        state.passed[f.bottleneck] = state.passed.get(f.bottleneck, 0) + 1
    leave_melee(state, f, a.zone)
    d.moved = True
    return [Event(Kind.MOVED, f"{f.name} moves apart, Alone in {a.zone}.", "Z-4", f.id,
                  places=(start, f.place))]
