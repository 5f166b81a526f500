"""The reactions an action under way offers the other side (Z-9, Z-13..Z-15, Z-17): who
may react and how, and the window that asks them.

Steps of :mod:`game.rules.tft.zones.apply`; :func:`open_window` changes the state.
"""

from __future__ import annotations

from game.core.events import Event
from game.rules.tft.zones import legal, rules
from game.rules.tft.zones.actions import How
from game.rules.tft.zones.events import ZoneKind
from game.rules.tft.zones.phases import WindowKind
from game.rules.tft.zones.state import ALONE, Window, ZoneFigure, ZoneState

_WINDOW_RULES = {WindowKind.INTERCEPT: "Z-13", WindowKind.DEFEND: "Z-14",
                 WindowKind.OPPORTUNITY: "Z-17"}


def open_window(state: ZoneState, w: Window) -> list[Event]:
    """Ask the other side for a reaction (Z-13..Z-15, Z-17): the action waits for it."""
    state.window = w
    mover = state.figures[w.mover]
    names = ", ".join(sorted({state.figures[r].name for r, _h in w.options}))
    match w.kind:
        case WindowKind.INTERCEPT:
            text = (f"{mover.name} {'leaves' if w.leaving else 'enters'} {w.zone}: "
                    f"{state.side_name(w.side)} may intercept ({names}).")
        case WindowKind.DEFEND:
            text = f"{state.side_name(w.side)} may react to {mover.name} ({names})."
        case WindowKind.OPPORTUNITY:
            text = (f"{mover.name} leaves the melee: {state.side_name(w.side)} may strike "
                    f"at it ({names}).")
    return [Event(ZoneKind.REACTION, text, _WINDOW_RULES[w.kind], mover.id, w.target)]


def intercept_window(state: ZoneState, f: ZoneFigure, zone: str, leaving: bool
                     ) -> list[Event]:
    """Z-13: enemies Alone in ``zone`` (or on its lines) may intercept ``f`` leaving or
    entering it."""
    others = [g for g in legal.interceptors(state, f, zone) if g.id != f.id]
    if not others:
        return []
    return open_window(state, Window(WindowKind.INTERCEPT, others[0].side, f.id,
                                     [(g.id, How.INTERCEPT) for g in others], zone=zone,
                                     leaving=leaving))


def defence_options(state: ZoneState, f: ZoneFigure, t: ZoneFigure, *, moving: bool,
                    charge: bool = False, closing: bool = False) -> list[tuple[str, str]]:
    """What the target's side may do against ``f`` coming at ``t``: evade (Z-15, an
    Alone target not yet acted, against a move into contact), protect (Z-14, a
    protector not yet acted), answer a charge (a longer weapon or a held action), a
    closing attack (at one moving InClose)."""
    opts: list[tuple[str, str]] = []
    fresh = t.active and not t.acted and not t.prone and t.close_with is None
    if moving and fresh and t.bottleneck is None and rules.status(state, t) == ALONE:
        opts.append((t.id, How.EVADE))
    for g in state.figures.values():
        if g.protecting == t.id and rules.can_protect_now(g):
            opts.append((g.id, How.PROTECT))
    if charge and fresh:
        w = rules.melee_weapon(t)
        if w is not None and (t.waiting or rules.reach(w) > rules.reach(
                rules.melee_weapon(f))):
            opts.append((t.id, How.RESPOND))
    if closing and fresh and rules.melee_weapon(t) is not None:
        opts.append((t.id, How.CLOSING))
    return opts


def defence_window(state: ZoneState, f: ZoneFigure, t: ZoneFigure, zone: str, *,
                   moving: bool, charge: bool = False, closing: bool = False
                   ) -> list[Event]:
    """Ask ``t``'s side how it reacts to ``f`` coming at ``t`` (nothing if it cannot)."""
    opts = defence_options(state, f, t, moving=moving, charge=charge, closing=closing)
    if not opts:
        return []
    return open_window(state, Window(WindowKind.DEFEND, t.side, f.id, opts, target=t.id,
                                     zone=zone))


def opportunity(state: ZoneState, f: ZoneFigure) -> list[Event]:
    """Z-17: leaving a melee without a successful withdraw gives one opponent a free
    blow: the other side chooses which, or none."""
    opts: list[tuple[str, str]] = []
    for g in state.group_of(f):
        if g.side != f.side and g.standing and g.close_with is None and \
                rules.melee_weapon(g) is not None and \
                rules.why_not_strike(state, g, f) is None:
            opts.append((g.id, How.OPPORTUNITY))
    if not opts:
        return []
    side = state.figures[opts[0][0]].side
    return open_window(state, Window(WindowKind.OPPORTUNITY, side, f.id, opts, target=f.id,
                                     zone=f.zone))
