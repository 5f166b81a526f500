"""Who stands with whom on a zone board (Z-2, Z-12, Z-14, Z-16): melee groups, InClose
pairs, the holders of a bottleneck, protection, and the tidying after a figure falls.

Steps of :mod:`game.rules.tft.zones.apply`; they change the state they are given.
"""

from __future__ import annotations

from game.core.events import Event, Kind
from game.rules.tft.figure import OK
from game.rules.tft.zones import legal
from game.rules.tft.zones.state import ZoneFigure, ZoneState


def contact(state: ZoneState, f: ZoneFigure, t: ZoneFigure, into: str) -> list[Event]:
    """Z-2, Z-12, Z-16: ``f`` joins ``t``'s melee group: off its line into the zone,
    dragging a target on a line into its own zone; at a bottleneck from its side."""
    zone = legal.contact_zone(f, t, into)
    start_f, start_t = f.place, t.place
    events = []
    if t.on_line:
        t.zone, t.boundary = zone, None
        t.running = False
        events.append(Event(Kind.MOVED, f"{f.name} drags {t.name} off the boundary into "
                            f"{zone} (Z-12).", "Z-12", f.id, t.id,
                            places=(start_t, t.place)))
    if f.on_line:
        f.zone, f.boundary = zone, None
    elif f.bottleneck is None and t.bottleneck is None:
        f.zone = zone
    if t.patch is not None:
        f.patch = t.patch  # Z-10: onto the patch, InContact with all on it
    join(state, f, t)
    if t.bottleneck is not None:
        bottleneck_group(state, t.bottleneck, t)
    if f.place != start_f:
        events.insert(0, Event(Kind.MOVED, f"{f.name} moves into contact with {t.name}.",
                               "Z-4", f.id, places=(start_f, f.place)))
    return events


def join(state: ZoneState, f: ZoneFigure, t: ZoneFigure) -> None:
    """``f`` stands with ``t`` (in its group; one is made if it has none)."""
    if not t.group:
        t.group = state.next_group
        state.next_group += 1
    old = f.group
    f.group = t.group
    if old and old != t.group:
        tidy_group(state, old)


def bottleneck_group(state: ZoneState, bn: str, f: ZoneFigure) -> None:
    """Z-16: everyone holding spots in a bottleneck stands in one group with ``f``
    (the defenders together, and whoever fights them there)."""
    for h in state.holders(bn):
        if h is not f and (not f.group or h.group != f.group):
            join(state, h, f)


def ungroup(state: ZoneState, f: ZoneFigure) -> None:
    """``f`` leaves its group (and its InClose partner)."""
    old = f.group
    f.group = 0
    if f.close_with is not None:
        other = state.figures[f.close_with]
        other.close_with = None
        f.close_with = None
    if old:
        tidy_group(state, old)


def tidy_group(state: ZoneState, g: int) -> None:
    """A group of one is no group."""
    left = [x for x in state.figures.values() if x.group == g and x.active]
    if len(left) == 1:
        left[0].group = 0


def leave_melee(state: ZoneState, f: ZoneFigure, zone: str) -> None:
    """Out of its group (and bottleneck, and off its patch, Z-10), Alone in ``zone``."""
    ungroup(state, f)
    f.bottleneck, f.boundary, f.zone, f.patch = None, None, zone, None


def stop_protecting(f: ZoneFigure) -> None:
    """Z-14: any action of its own but holding ends a protection."""
    f.protecting, f.protect_new = None, False


def tidy(state: ZoneState) -> None:
    """Figures out of the fight leave groups, spots and pairs; protection ends when
    the two are no longer together; a group of one is no group."""
    groups: dict[int, int] = {}
    figures = state.figures
    protectors = False
    for f in figures.values():
        if f.status != OK:  # (not Fighter.active)
            if f.group or f.close_with or f.bottleneck or f.protecting or f.running:
                _out_of_the_fight(state, f)
        elif f.group:
            groups[f.group] = groups.get(f.group, 0) + 1
        if f.running and f.prone:
            f.running = False  # Z-7: a knockdown ends running
        if f.protecting is not None:
            protectors = True
    if groups and min(groups.values()) <= 1:
        for f in figures.values():
            if f.group and groups.get(f.group, 0) <= 1:
                f.group = 0
    if protectors:
        for f in figures.values():
            if f.protecting is not None:
                p = figures[f.protecting]
                if not p.active or not f.group or p.group != f.group:
                    f.protecting = None


def _out_of_the_fight(state: ZoneState, f: ZoneFigure) -> None:
    """A figure down for good leaves its group, its spot, its pair and its running."""
    if f.group or f.close_with or f.bottleneck or f.protecting or f.running:
        if f.close_with is not None:
            state.figures[f.close_with].close_with = None
        f.close_with = None
        f.group, f.protecting = 0, None
        if f.bottleneck is not None:
            f.bottleneck, f.boundary = None, None
        f.running = False
