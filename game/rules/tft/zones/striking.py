"""Striking on a zone board, as the actions carry it out: the battle move into contact
and the blow (T-2, Z-4, Z-11, Z-16), the end of a charge (Z-9), closing hand to hand
(Z-2, Z-17 CLOSE), a rush (Z-17 RUSH) and a shot measured in zones (Z-17 SHOOT, Z-7).

Steps of :mod:`game.rules.tft.zones.apply`; they change the state they are given and
roll the dice they are given.
"""

from __future__ import annotations

from game.core.dice import Dice
from game.core.events import Event, Kind
from game.rules.tft import combat
from game.rules.tft.data import load_data
from game.rules.tft.events import MeleeKind
from game.rules.tft.zones import rules
from game.rules.tft.zones.actions import Attack, Charge, Close, Rush, Shoot
from game.rules.tft.zones.events import ZoneKind
from game.rules.tft.zones.flow import skip_rest
from game.rules.tft.zones.groups import contact, stop_protecting, ungroup
from game.rules.tft.zones.moving import contact_roll
from game.rules.tft.zones.state import Doing, ZoneFigure, ZoneState
from game.rules.tft.zones.windows import defence_window


# ============================================================================ the blow
def strike(state: ZoneState, f: ZoneFigure, t: ZoneFigure, dice: Dice, *,
           multiplier: int = 1, rule: str = "T-2", note: str = "") -> list[Event]:
    """T-2, T-3: a melee blow with what the zone rules add: the target's cover in a
    bottleneck (Z-16), a figure down (Z-2), a charge's damage (Z-9)."""
    w = rules.melee_weapon(f)
    if w is None or not f.active or not t.active:
        return []
    res = combat.resolve_attack(f, t, rules.blow_modifiers(state, f, t), dice, rear=False,
                                multiplier=multiplier, weapon=rules.blow_weapon(f),
                                rule=rule, note=note, places=(f.place, t.place))
    if res.dropped:
        drop(state, f, res.dropped)
    return res.events


def drop(state: ZoneState, f: ZoneFigure, weapon: str) -> None:
    """T-2: a 17 drops the weapon where the figure stands."""
    if weapon in f.weapons:
        f.weapons.remove(weapon)
    if f.ready == weapon:
        f.ready = None
    state.dropped.setdefault(f.zone, []).append(weapon)


def _parties(state: ZoneState, d: Doing) -> tuple[ZoneFigure, ZoneFigure]:
    """The striker and its current target (a protector who stepped in, Z-14)."""
    a = d.action
    assert isinstance(a, (Attack, Charge, Close, Rush, Shoot))
    return state.figures[a.figure], state.figures[d.target or a.target]


# ============================================================================ a charge
def ch_window(state: ZoneState, d: Doing, dice: Dice) -> list[Event]:
    """Z-9, Z-14, Z-15: the charged figure's side may react."""
    a = d.action
    assert isinstance(a, Charge)
    f, t = state.figures[a.figure], state.figures[a.target]
    return defence_window(state, f, t, f.zone, moving=True, charge=True)


def ch_strike(state: ZoneState, d: Doing, dice: Dice) -> list[Event]:
    """Z-9: into contact, and the blow at double damage."""
    f, t = _parties(state, d)
    if d.stopped or not f.active or not t.active:
        return []
    events = contact(state, f, t, "")
    mult = rules.charge_multiplier()
    return events + strike(state, f, t, dice, multiplier=mult, rule="Z-9",
                           note=f"charging: x{mult} damage")


# ============================================================================ attacks
def at_move(state: ZoneState, d: Doing, dice: Dice) -> list[Event]:
    """Z-4, Z-11: a battle move into contact (a roll if the MR is short or the target
    keeps an obstacle between them)."""
    a = d.action
    assert isinstance(a, (Attack, Close, Rush))
    f, t = state.figures[a.figure], state.figures[a.target]
    stop_protecting(f)
    if rules.in_contact(f, t):
        return []
    through = a.through if isinstance(a, Attack) else False
    events, ok = contact_roll(state, f, t, through, dice, battle=True)
    d.moved = True
    if not ok:
        d.stopped = True
        skip_rest(d)
    return events


def at_window(state: ZoneState, d: Doing, dice: Dice) -> list[Event]:
    """Z-14, Z-15, Z-17: the target's side may react (evade one moving into contact,
    protect, strike first at one who closes)."""
    a = d.action
    assert isinstance(a, (Attack, Close, Rush, Shoot))
    f, t = state.figures[a.figure], state.figures[a.target]
    return defence_window(state, f, t, t.zone, moving=d.moved, closing=isinstance(a, Close))


def sh_window(state: ZoneState, d: Doing, dice: Dice) -> list[Event]:
    """Z-14, Z-17: the target's side may react to a shot made after a step onto a line
    (Z-4); the step was no move into contact, so there is nothing to evade."""
    a = d.action
    assert isinstance(a, Shoot)
    f, t = state.figures[a.figure], state.figures[a.target]
    if d.stopped or not f.active:
        return []
    return defence_window(state, f, t, t.zone, moving=False)


def at_strike(state: ZoneState, d: Doing, dice: Dice) -> list[Event]:
    """T-2: into contact (the zone chosen, Z-12) and the blow."""
    a = d.action
    assert isinstance(a, Attack)
    f, t = _parties(state, d)
    if d.stopped or not f.active or not t.active:
        return []
    events = []
    if not (f.group and f.group == t.group) and f.close_with != t.id:
        events += contact(state, f, t, a.into)
    return events + strike(state, f, t, dice)


def cl_strike(state: ZoneState, d: Doing, dice: Dice) -> list[Event]:
    """Z-17 CLOSE: both InClose (hand to hand), prone unless 3x the other's size."""
    f, t = _parties(state, d)
    if d.stopped or not f.active or not t.active:
        return []
    events = []
    if not (f.group and f.group == t.group):
        events += contact(state, f, t, rules.default_into(f, t))
    if t.close_with is not None or t.bottleneck is not None:
        return events
    f.close_with, t.close_with = t.id, f.id
    events.append(Event(ZoneKind.CLOSES, f"{f.name} and {t.name} are InClose: hand to hand, "
                        "both down (Z-2).", "Z-17", f.id, t.id, places=(t.place,)))
    return events


def ru_strike(state: ZoneState, d: Doing, dice: Dice) -> list[Event]:
    """Z-17 RUSH: a hit makes the target roll 3d6 vs DX (2d6 if the rusher is weaker,
    12 failing; -1 per 6 ST the rusher has over it; +1 die if it runs, Z-7) or fall
    prone, or go back out of its bottleneck (the rusher takes the spot)."""
    a = d.action
    assert isinstance(a, Rush)
    f, t = _parties(state, d)
    if d.stopped or not f.active or not t.active:
        return []
    events = []
    if not (f.group and f.group == t.group):
        events += contact(state, f, t, rules.default_into(f, t))
    base, mods_f = combat.adjusted_dx(f)
    k = combat.attack_dice(t)
    hit = dice.check(k, base, mods_f + rules.blow_modifiers(state, f, t), rule="Z-17",
                     label=f"{f.name} rushes {t.name}", automatic=combat.automatic_results(k))
    events.append(Event(Kind.ATTACKED, hit.explain(), "Z-17", f.id, t.id, roll=hit))
    if not hit.success:
        return events
    check = rules.rush_balance(f, t)
    bal = dice.check(check.dice, check.dx, check.modifiers, rule="Z-17", label=check.label,
                     automatic=check.automatic)
    events.append(Event(Kind.ROLLED, bal.explain(), "Z-17", t.id, roll=bal))
    if bal.success:
        return events
    if a.back and t.bottleneck is not None:
        return events + _push_out(state, f, t)
    t.prone, t.running = True, False
    events.append(Event(Kind.PRONE, f"{t.name} falls prone.", "Z-17", t.id))
    return events


def _push_out(state: ZoneState, f: ZoneFigure, t: ZoneFigure) -> list[Event]:
    """Z-17 RUSH, Z-16: ``t`` goes back out of its bottleneck; ``f`` takes the spot freed
    if it is not in the bottleneck already."""
    assert t.bottleneck is not None
    bn = state.board.bottlenecks[t.bottleneck]
    behind = bn.other(f.zone) if f.bottleneck is None else t.zone
    start = t.place
    ungroup(state, t)
    t.bottleneck, t.boundary, t.zone = None, None, behind
    t.running = False
    events = [Event(Kind.RETREATED, f"{f.name} pushes {t.name} out of the {bn.id} into "
                    f"{behind}.", "Z-17", f.id, t.id, places=(start, t.place))]
    if f.bottleneck is None and rules.free_spots(state, bn) > 0:
        fstart = f.place
        f.bottleneck, f.boundary = bn.id, bn.other(f.zone)
        events.append(Event(Kind.MOVED, f"{f.name} takes the freed spot in the {bn.id} "
                            "(Z-16).", "Z-16", f.id, places=(fstart, f.place)))
    return events


def sh_strike(state: ZoneState, d: Doing, dice: Dice) -> list[Event]:
    """A shot measured in zones: -2 DX a zone, each zone's visibility, the target's
    cover (Z-16); a running target is shot at with one die more (Z-7)."""
    f, t = _parties(state, d)
    if d.stopped or not f.active or not t.active:
        return []
    line = rules.shot(state, f, t)
    mods = line[1] if line else []
    extra = rules.missile_extra_dice(t)
    w = f.ready or "fist"
    res = combat.resolve_attack(f, t, mods, dice, rear=False, extra_dice=extra,
                                rule="Z-17", note="running: +1 die" if extra else "",
                                places=(f.place, t.place))
    events = res.events
    if load_data().weapons[w].thrown and w in f.weapons:
        f.weapons.remove(w)
        f.ready = None
        state.dropped.setdefault(t.zone, []).append(w)
        events.append(Event(MeleeKind.DROPPED, f"The {load_data().weapons[w].name} lands in "
                            f"{t.zone}.", "Z-17", f.id))
    elif res.dropped:
        drop(state, f, res.dropped)
    return events
