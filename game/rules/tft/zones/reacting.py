"""The other side's answers to an action under way (Z-9, Z-13..Z-15, Z-17): an
intercept, an evade, a protection, a blow answering a charge, a closing or an
opportunity attack, or letting it go on; then the action goes on where it paused.

Steps of :mod:`game.rules.tft.zones.apply`; they change the state they are given and
roll the dice they are given.
"""

from __future__ import annotations

from game.core.dice import Dice
from game.core.events import Event, Kind
from game.rules.tft.zones import rules
from game.rules.tft.zones.actions import Attack, Charge, Close, Decline, How, React, Rush
from game.rules.tft.zones.events import ZoneKind
from game.rules.tft.zones.flow import check_end, downed
from game.rules.tft.zones.groups import contact, join, stop_protecting, tidy, ungroup
from game.rules.tft.zones.pipeline import run
from game.rules.tft.zones.state import Doing, Window, ZoneFigure, ZoneState
from game.rules.tft.zones.striking import strike


def do_react(state: ZoneState, a: React, dice: Dice) -> list[Event]:
    """A reaction the window offered: carried out, then the action goes on (unless it
    was stopped)."""
    w = state.window
    assert w is not None and state.doing is not None
    d = state.doing
    r, m = state.figures[a.figure], state.figures[w.mover]
    close = True
    match a.how:
        case How.INTERCEPT:
            events, close = _intercept(state, d, w, r, m, dice)
        case How.EVADE:
            events = _evade(state, d, r, m, dice)
        case How.PROTECT:
            events = _protect_response(state, d, r, m, dice)
        case How.RESPOND | How.CLOSING | How.OPPORTUNITY:
            events = _answer(state, How(a.how), r, m, dice)
        case _:
            events = []
    state.window = None if close else w
    if downed(events):
        tidy(state)
        if check_end(state):
            state.doing, state.window = None, None
            return events
    return events + run(state, dice)


def _intercept(state: ZoneState, d: Doing, w: Window, r: ZoneFigure, m: ZoneFigure,
               dice: Dice) -> tuple[list[Event], bool]:
    """Z-13: a DX contest, half the MR difference to the faster; won, both stand
    InContact where the mover was and its move stops; lost, the mover gets past (and
    the window stays open while others may still try). Returns the events and whether
    the window closes."""
    first, second = rules.contest_sides(state, r, m, True, rules.moving_runs(state))
    c = dice.contest(first, second, rule="Z-13", label=f"{r.name} intercepts {m.name}",
                     mode="margin", ties="second")
    events = [Event(ZoneKind.CONTEST, c.explain(), "Z-13", r.id, m.id, roll=c)]
    stop_protecting(r)
    rules.react_with_action(r)
    if c.winner == 0:
        start = r.place
        if r.on_line:
            r.zone, r.boundary = w.zone, None
        ungroup(state, r)
        join(state, r, m)
        d.stopped = True
        where = "in" if w.leaving else "as it enters"
        events.append(Event(ZoneKind.INTERCEPTED, f"{r.name} intercepts {m.name} {where} "
                            f"{w.zone}: both InContact, the move stops.", "Z-13",
                            r.id, m.id, places=(start, r.place)))
        return events, True
    w.options = [o for o in w.options if o[0] != r.id]
    events.append(Event(Kind.PASSED, f"{m.name} gets past {r.name}.", "Z-13", r.id, m.id))
    return events, not w.options


def _evade(state: ZoneState, d: Doing, r: ZoneFigure, m: ZoneFigure, dice: Dice
           ) -> list[Event]:
    """Z-15: a DX contest; won, the target slips away and the mover's action is spent."""
    first, second = rules.contest_sides(state, r, m, False)
    c = dice.contest(first, second, rule="Z-15", label=f"{r.name} evades {m.name}",
                     mode="margin", ties="second")
    events = [Event(ZoneKind.CONTEST, c.explain(), "Z-15", r.id, m.id, roll=c)]
    rules.react_with_action(r)
    if c.winner == 0:
        d.stopped = True
        events.append(Event(ZoneKind.EVADES, f"{r.name} slips away and stays Alone; "
                            f"{m.name}'s action is spent.", "Z-15", r.id, m.id))
    else:
        events.append(Event(Kind.PASSED, f"{m.name} reaches {r.name}.", "Z-15", r.id, m.id))
    return events


def _answer(state: ZoneState, how: How, r: ZoneFigure, m: ZoneFigure, dice: Dice
            ) -> list[Event]:
    """Z-9, Z-17: a blow at the mover: answering a charge (its own multiple of damage),
    striking first at one who closes, or a free blow at one leaving the melee."""
    if how == How.RESPOND:
        mult = rules.charge_multiplier(answered=True)
        rule, note = "Z-9", f"answers the charge: x{mult} damage"
    else:
        mult = 1
        rule, note = "Z-17", ("closing attack" if how == How.CLOSING else "opportunity attack")
    if how != How.OPPORTUNITY:
        rules.react_with_action(r)
    return strike(state, r, m, dice, multiplier=mult, rule=rule, note=note)


def _protect_response(state: ZoneState, d: Doing, r: ZoneFigure, m: ZoneFigure,
                      dice: Dice) -> list[Event]:
    """Z-14: the protector steps in with a DX contest. Won: it takes the blow (or
    the attacker's contact), the protectee moves away Alone, and the protector acts
    at once (a blow at a melee attacker, double against a charge, Z-9) unless it set
    the protection up this turn (then it only moves to contact); lost: the attack goes
    on (the protector is with its friend already)."""
    t = state.figures[r.protecting or ""]
    first, second = rules.contest_sides(state, r, m, False)
    c = dice.contest(first, second, rule="Z-14", label=f"{r.name} protects {t.name}",
                     mode="margin", ties="second")
    events = [Event(ZoneKind.CONTEST, c.explain(), "Z-14", r.id, m.id, roll=c)]
    contact_only = r.protect_new
    rules.react_with_action(r)
    r.protect_new = False
    if c.winner != 0:
        events.append(Event(Kind.PASSED, f"{m.name} gets to {t.name}.", "Z-14", r.id, m.id))
        return events
    d.redirected = True
    d.target = r.id
    r.protecting = None
    start = t.place
    if t.group == r.group and r.group:
        ungroup(state, t)
    events.append(Event(ZoneKind.PROTECTED, f"{r.name} steps in front of {t.name}, who "
                        "moves away Alone.", "Z-14", r.id, t.id, places=(start, t.place)))
    melee = isinstance(d.action, (Attack, Charge, Close, Rush))
    if melee and contact_only:
        if not (m.group and m.group == r.group):
            events += contact(state, m, r, "")
    elif melee and rules.melee_weapon(r) is not None:
        if not (m.group and m.group == r.group):
            events += contact(state, m, r, "")
        mult = rules.charge_multiplier(answered=True) if isinstance(d.action, Charge) else 1
        note = (f"protecting, interrupts the charge: x{mult} damage" if mult > 1 else
                "protecting")
        events += strike(state, r, m, dice, multiplier=mult, rule="Z-14", note=note)
    return events


def do_decline(state: ZoneState, a: Decline, dice: Dice) -> list[Event]:
    """The reacting side lets the action go on."""
    assert state.window is not None
    state.window = None
    ev = Event(Kind.PASSED, f"{state.side_name(a.side)} let it go on.", "", None)
    return [ev] + run(state, dice)
