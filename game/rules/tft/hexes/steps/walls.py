"""Carrying out climbs and leaps (H-8, H-11, H-20): a climb up or down a wall set by set,
a pull-up from an edge, a leap over a gap, and the fall of a figure that loses its hold.
Each step trusts that its action is legal and changes the state it is given.
"""

from __future__ import annotations

from game.core.dice import Dice
from game.core.events import Event, Kind
from game.core.places import Cell
from game.rules.tft import combat
from game.rules.tft.data import load_data
from game.rules.tft.events import MeleeKind
from game.rules.tft.hexes import falls, melee
from game.rules.tft.hexes.actions import Climb, Leap
from game.rules.tft.hexes.climbing import ClimbOption, climb_options, leap_options
from game.rules.tft.hexes.movement import place
from game.rules.tft.hexes.state import HexFigure, HexState, Hold


def let_go(state: HexState, f: HexFigure, dice: Dice, rule: str,
           top: int | None = None) -> list[Event]:
    """H-11: a figure that loses its hold falls from the top of the set it was trying
    (never above the wall) into its own hex, and lands prone whatever happens."""
    levels = f.hold_at if top is None else top
    f.hold, f.hold_to, f.hold_at = Hold.NONE, -1, 0
    events = falls.fall(f, f.cell, levels, dice, "falls off the wall", rule="H-8",
                        off_wall=True)
    if not events:
        events = [Event(Kind.FELL, f"{f.name} drops {levels} levels off the wall.",
                        "H-8", f.id, places=(Cell(f.cell),), amount=levels)]
    if f.active and not f.prone:
        f.prone = True
        events.append(Event(Kind.PRONE, f"{f.name} lands prone at the foot of the wall.",
                            rule, f.id))
    return events


def fall_off_if_down(state: HexState, f: HexFigure, dice: Dice) -> list[Event]:
    """H-11, T-3: a figure on a wall or an edge (H-20) that is knocked down (8 damage in
    a turn) or out loses its hold: it falls from where it clings to the foot of the wall
    (H-8 bands; knocked out, it cannot brace) and lies prone there. A dead one simply
    drops there."""
    if not f.hold or (f.active and not f.prone):
        return []
    if not f.alive:
        f.hold, f.hold_to, f.hold_at = Hold.NONE, -1, 0
        return [Event(Kind.FELL, f"{f.name} drops from the wall.", "H-11", f.id,
                      places=(Cell(f.cell),))]
    return let_go(state, f, dice, "H-11")


def top_out(state: HexState, f: HexFigure, to: int, rule: str) -> list[Event]:
    """H-11, H-20: over the edge onto the top, or clinging at the edge if it is taken."""
    board = state.board
    start = f.cell
    if to in state.occupied():
        f.hold_at = board.level(to) - board.level(f.cell)
        return [Event(MeleeKind.CLIMBED, f"{f.name} reaches the top, but {board.label(to)} "
                                         "is taken: it clings at the edge.", rule, f.id)]
    d = board.direction(start, to)
    place(state, f, to, f.facing if d is None else d)
    f.hold, f.hold_to, f.hold_at = Hold.NONE, -1, 0
    f.moved += 1
    return [Event(Kind.MOVED, f"{f.name} climbs over the edge onto {board.label(to)} "
                              "and stands.", rule, f.id, places=(Cell(start), Cell(to)))]


def _pull_up(state: HexState, f: HexFigure, a: Climb, o: ClimbOption,
             dice: Dice) -> list[Event]:
    """H-20: hanging from an edge, pull up (dice vs ST); a miss costs ST and lets go if
    that knocks the figure out."""
    board = state.board
    pull = dice.check(o.dice, f.st, rule="H-20",
                      label=f"{f.name} pulls up onto {board.label(a.to)}: {o.dice}d6 vs ST")
    hung = [Event(Kind.ROLLED, pull.explain(), "H-20", f.id, roll=pull)]
    if pull.success:
        return hung + top_out(state, f, a.to, "H-20")
    hung += combat.take_damage(f, int(load_data().num("leap", "pull_cost")), "exhaustion")
    if not f.active:
        hung += let_go(state, f, dice, "H-20")
    return hung


def _climb_up(state: HexState, f: HexFigure, a: Climb, o: ClimbOption,
              dice: Dice) -> list[Event]:
    """H-11: climbing up. Starting, the first set is free; with ``more`` (the first turn
    only) or on a later turn it rolls for the next set; a miss falls from the top of the
    set it tried; reaching the top it climbs over the edge."""
    board = state.board
    events: list[Event] = []
    at, rise, h = o.at, o.rise, o.set_h
    if not f.hold:
        f.hold, f.hold_to = Hold.CLIMB, a.to
        f.facing = board.direction(f.cell, a.to) or f.facing
        at = min(h, rise)
        events.append(Event(MeleeKind.CLIMBED, f"{f.name} puts hands to the wall and climbs "
                                               f"{at} levels free (H-11).", "H-11", f.id,
                            places=(Cell(f.cell), Cell(a.to)), amount=at))
        if at >= rise:
            return events + top_out(state, f, a.to, "H-11")
        if not a.more:
            f.hold_at = at
            return events
    top = min(at + h, rise)
    roll = dice.check(o.dice, f.dx, rule="H-11",
                      label=f"{f.name} climbs to {top} of {rise} levels ({o.dice}d6 vs DX)")
    events.append(Event(Kind.ROLLED, roll.explain(), "H-11", f.id, roll=roll))
    if not roll.success:
        return events + let_go(state, f, dice, "H-11", top)
    f.hold_at = top
    if top >= rise:
        return events + top_out(state, f, a.to, "H-11")
    events.append(Event(MeleeKind.CLIMBED, f"{f.name} clings to the wall {top} levels up, "
                                           f"{rise - top} to go.", "H-11", f.id, amount=top))
    return events


def _clings_down(f: HexFigure) -> Event:
    return Event(MeleeKind.CLIMBED, f"{f.name} clings to the wall {f.hold_at} levels up, "
                                    f"{f.hold_at} to go down.", "H-11", f.id, amount=f.hold_at)


def _climb_down_done(state: HexState, f: HexFigure) -> list[Event]:
    f.hold, f.hold_to, f.hold_at = Hold.NONE, -1, 0
    return [Event(MeleeKind.CLIMBED, f"{f.name} climbs down to the floor of "
                                     f"{state.board.label(f.cell)} and stands.", "H-11", f.id,
                  places=(Cell(f.cell),))]


def _climb_down(state: HexState, f: HexFigure, a: Climb, o: ClimbOption,
                dice: Dice) -> list[Event]:
    """H-11: climbing down. Starting, the figure goes over the edge into the wall above
    the hex at its foot (it holds that hex, ``hold_at`` levels above its floor) and
    climbs its first set free; with ``more`` (the first turn only) or on a later turn it
    rolls for the next set. A miss falls from where it clings (the top of the set it
    tries) and lands prone; reaching the floor it stands there."""
    board = state.board
    events: list[Event] = []
    rise, h = o.rise, o.set_h
    if not f.hold:
        start = f.cell
        d = board.direction(a.to, start)
        place(state, f, a.to, f.facing if d is None else d)
        f.hold, f.hold_to, f.hold_at = Hold.DOWN, start, max(0, rise - h)
        f.moved += 1
        events.append(Event(Kind.MOVED, f"{f.name} goes over the edge of "
                                        f"{board.label(start)} and climbs {rise - f.hold_at} "
                                        "levels down free (H-11).", "H-11", f.id,
                            places=(Cell(start), Cell(a.to)), amount=rise - f.hold_at))
        if not f.hold_at:
            return events + _climb_down_done(state, f)
        if not a.more:
            return events + [_clings_down(f)]
    below = max(0, f.hold_at - h)
    roll = dice.check(o.dice, f.dx, rule="H-11",
                      label=f"{f.name} climbs down to {below} of {rise} levels "
                            f"({o.dice}d6 vs DX)")
    events.append(Event(Kind.ROLLED, roll.explain(), "H-11", f.id, roll=roll))
    if not roll.success:
        return events + let_go(state, f, dice, "H-11")
    f.hold_at = below
    if not below:
        return events + _climb_down_done(state, f)
    return events + [_clings_down(f)]


def do_climb(state: HexState, a: Climb, dice: Dice) -> list[Event]:
    """H-11, H-20: a set of a climb up or down, or a pull-up from an edge; it ends the
    figure's move."""
    f = state.figures[a.figure]
    o = climb_options(state, f)[a.to]
    f.move_over = True
    if f.hold == Hold.HANG:
        return _pull_up(state, f, a, o, dice)
    if o.down:
        return _climb_down(state, f, a, o, dice)
    return _climb_up(state, f, a, o, dice)


def do_leap(state: HexState, a: Leap, dice: Dice) -> list[Event]:
    """H-20: leap the gap (dice vs ST + adjusted DX); a miss grabs the far edge if it is
    higher (3d6 vs adjusted DX) or falls short into the gap."""
    f = state.figures[a.figure]
    board = state.board
    o = leap_options(state, f)[a.to]
    start = f.cell
    f.mp_spent += len(o.gap) + 1
    f.moved += len(o.gap) + 1
    f.move_over = True
    direction = board.direction(o.gap[0], o.gap[1]) if len(o.gap) > 1 else \
        board.direction(start, o.gap[0])
    base, mods = combat.adjusted_dx(f)
    mods = mods + melee.footing(state, f)
    roll = dice.check(o.dice, f.st + base, mods, rule="H-20",
                      label=f"{f.name} leaps {len(o.gap)} hex{'es' * (len(o.gap) > 1)} "
                            f"({o.dice}d6 vs ST + DX)")
    events = [Event(Kind.ROLLED, roll.explain(), "H-20", f.id, roll=roll)]
    facing = f.facing if direction is None else direction
    if roll.success:
        place(state, f, a.to, facing)
        return events + [Event(Kind.MOVED, f"{f.name} leaps the gap to "
                                           f"{board.label(a.to)}.", "H-20", f.id,
                               places=(Cell(start), *map(Cell, o.gap), Cell(a.to)))]
    last = o.gap[-1]
    place(state, f, last, facing)
    below = board.level(a.to) - board.level(last)
    if below > 0:
        grab = dice.check(int(load_data().num("leap", "grab_dice")), base, mods,
                          rule="H-20", label=f"{f.name} grabs the far edge")
        events.append(Event(Kind.ROLLED, grab.explain(), "H-20", f.id, roll=grab))
        if grab.success:
            f.hold, f.hold_to, f.hold_at = Hold.HANG, a.to, below
            return events + [Event(MeleeKind.CLIMBED, f"{f.name} hangs from the edge of "
                                                      f"{board.label(a.to)}.", "H-20", f.id,
                                   places=(Cell(start), Cell(last)))]
    drop = board.level(start) - board.level(last)
    events.append(Event(Kind.MOVED, f"{f.name} falls short into {board.label(last)}.",
                        "H-20", f.id, places=(Cell(start), Cell(last))))
    return events + falls.fall(f, start, drop, dice, "falls into the gap")
