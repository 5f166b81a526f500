"""Carrying out the action phase and the force retreats (T-2..T-8, H-10, H-13, H-14,
H-17..H-19): blows, swipes, sweeps, shots and throws, disengaging, changing weapons,
standing up, waiting, and pushing a foe back. Each step trusts that its action is legal
and changes the state it is given.
"""

from __future__ import annotations

from game.core.dice import Dice
from game.core.events import Event, Kind
from game.core.places import Cell
from game.rules.tft import combat
from game.rules.tft.data import load_data
from game.rules.tft.events import MeleeKind
from game.rules.tft.hexes import falls, flow, heights, melee, missiles
from game.rules.tft.hexes.actions import (
    Attack,
    Disengage,
    NoRetreat,
    Pass,
    PickUp,
    PutAway,
    Ready,
    Retreat,
    Shoot,
    StandUp,
    Sweep,
    Swipe,
)
from game.rules.tft.hexes.legal import foes_of, pickup_weapon
from game.rules.tft.hexes.movement import place
from game.rules.tft.hexes.state import HexFigure, HexState
from game.rules.tft.hexes.steps.walls import fall_off_if_down


def record(state: HexState, f: HexFigure, t: HexFigure, result: combat.AttackResult,
           at: int) -> None:
    """What an attack leaves behind: a dropped weapon where the attacker stands (T-2),
    and a hurt foe it may push back (T-8)."""
    if result.dropped is not None:
        state.dropped.setdefault(at, []).append(result.dropped)
    if result.hits > 0 and (f.id, t.id) not in state.hits:
        state.hits.append((f.id, t.id))


def do_attack(state: HexState, a: Attack, dice: Dice) -> list[Event]:
    """T-2, T-3, T-5, H-4, H-6, H-16: a blow."""
    f, t = state.figures[a.figure], state.figures[a.target]
    result = melee.resolve_attack(state, f, t, dice)
    record(state, f, t, result, f.cell)
    return result.events + flow.after_action(state, f, dice)


def do_swipe(state: HexState, a: Swipe, dice: Dice) -> list[Event]:
    """H-17: kneel at the edge and swipe down."""
    f, t = state.figures[a.figure], state.figures[a.target]
    f.kneeling = True
    events = [Event(MeleeKind.KNEELS, f"{f.name} kneels at the edge and swipes down at "
                                      f"{t.name}.", "H-17", f.id, t.id)]
    result = melee.resolve_attack(state, f, t, dice, melee.SWIPE)
    record(state, f, t, result, f.cell)
    return events + result.events + flow.after_action(state, f, dice)


def do_sweep(state: HexState, a: Sweep, dice: Dice) -> list[Event]:
    """H-19: a sweeping blow at every foe in the front hexes within a level."""
    f = state.figures[a.figure]
    events, results = melee.sweep(state, f, foes_of(state, f), dice)
    for t, res in results:
        record(state, f, t, res, f.cell)
    return events + flow.after_action(state, f, dice)


def _shoot_at(state: HexState, f: HexFigure, g: HexFigure, distance: int,
              dice: Dice) -> tuple[list[Event], combat.AttackResult]:
    """H-18: one roll of a shot at ``g``, ``distance`` hexes away (the target, or a figure
    in the way), and its fall from a wall if it brings ``g`` down."""
    res = combat.resolve_attack(
        f, g, missiles.shot_modifiers(state, f, g, distance), dice,
        rear=missiles.from_rear(state, f, g), places=(Cell(f.cell), Cell(g.cell)))
    events = res.events + fall_off_if_down(state, g, dice)
    record(state, f, g, res, f.cell)
    return events, res


def do_shoot(state: HexState, a: Shoot, dice: Dice) -> list[Event]:
    """H-18, T-7: a shot or a throw along the line of fire: each figure in the way is
    rolled against first (a hit strikes it instead); a thrown weapon lies where it
    struck."""
    f, t = state.figures[a.figure], state.figures[a.target]
    board = state.board
    w = missiles.ranged_weapon(f)
    assert w is not None
    line = missiles.line_of_fire(state, f, t)
    verb = "throws the" if w.thrown else "shoots the"
    events = [Event(MeleeKind.SHOT, f"{f.name} {verb} {w.name} at {t.name} ({line.distance} "
                                    "hexes).", "H-18", f.id, t.id,
                    places=(Cell(f.cell), *(Cell(c) for c, _z in line.cells), Cell(t.cell)))]
    struck = t
    for gid in line.in_way:
        g = state.figures[gid]
        events.append(Event(MeleeKind.SHOT, f"{g.name} is in the line of fire: rolled for "
                                            "first (H-18).", "H-18", f.id, g.id))
        more, res = _shoot_at(state, f, g, board.distance(f.cell, g.cell), dice)
        events += more
        if res.hit:
            struck = g
            break
        if f.ready is None:  # dropped or broke the weapon (T-2)
            break
    else:
        if f.ready is not None:
            events += _shoot_at(state, f, t, line.distance, dice)[0]
    state.hits = [h for h in state.hits if h[0] != f.id]  # T-8 pushes follow melee only
    if w.thrown and f.ready == w.key:
        f.ready = None
        f.weapons.remove(w.key)
        state.dropped.setdefault(struck.cell, []).append(w.key)
    return events + flow.after_action(state, f, dice)


def do_disengage(state: HexState, a: Disengage, dice: Dice) -> list[Event]:
    """T-7, H-10: one hex back out of reach (a drop beyond H is a fall, H-8)."""
    f = state.figures[a.figure]
    start = f.cell
    place(state, f, a.to, f.facing)
    events = [Event(Kind.MOVED, f"{f.name} disengages to {state.board.label(a.to)}.",
                    "H-10", f.id, places=(Cell(start), Cell(a.to)))]
    drop = heights.drop_levels(state.board, start, a.to)
    events += falls.fall(f, start, drop, dice, "steps down")
    return events + flow.after_action(state, f, dice)


def do_ready(state: HexState, a: Ready, dice: Dice) -> list[Event]:
    """T-7: change weapons (the slung shield comes back with a one-handed one)."""
    f = state.figures[a.figure]
    f.ready = a.weapon
    w = load_data().weapons[a.weapon]
    text = f"{f.name} readies the {w.name}."
    if f.stowed_shield and w.hands < 2:
        f.shield, f.stowed_shield = f.stowed_shield, None
        text = f"{f.name} readies the {w.name} and the shield."
    return [Event(MeleeKind.READIED, text, "T-7", f.id)] + flow.after_action(state, f, dice)


def do_put_away(state: HexState, a: PutAway, dice: Dice) -> list[Event]:
    """T-7, H-11: weapon and shield away, both hands free to climb."""
    f = state.figures[a.figure]
    f.ready = None
    if f.shield:
        f.stowed_shield, f.shield = f.shield, None
    return [Event(MeleeKind.READIED, f"{f.name} puts weapon and shield away: hands free to "
                                     "climb.", "H-11", f.id)] + flow.after_action(state, f, dice)


def do_pickup(state: HexState, a: PickUp, dice: Dice) -> list[Event]:
    """T-7: pick up a weapon lying in its hex, ready."""
    f = state.figures[a.figure]
    w = pickup_weapon(state, f)
    assert w is not None
    state.dropped[f.cell].remove(w)
    if not state.dropped[f.cell]:
        del state.dropped[f.cell]
    f.weapons.append(w)
    f.ready = w
    name = load_data().weapons[w].name
    return [Event(MeleeKind.PICKED_UP, f"{f.name} picks up the {name}.", "T-7", f.id)] + \
        flow.after_action(state, f, dice)


def do_stand(state: HexState, a: StandUp, dice: Dice) -> list[Event]:
    """T-7: a prone figure stands up."""
    f = state.figures[a.figure]
    f.prone = False
    return [Event(Kind.STOOD, f"{f.name} stands up.", "T-7", f.id)] + \
        flow.after_action(state, f, dice)


def do_pass(state: HexState, a: Pass, dice: Dice) -> list[Event]:
    """T-7: the figure does nothing more this turn."""
    f = state.figures[a.figure]
    text = (f"{f.name} waits, defending: attackers roll 4 dice." if f.defending else
            f"{f.name} waits, clinging to the wall." if f.hold else f"{f.name} waits.")
    return [Event(Kind.PASSED, text, "T-7", f.id)] + flow.after_action(state, f, dice)


def do_retreat(state: HexState, a: Retreat, dice: Dice) -> list[Event]:
    """T-8, H-13, H-14: force the foe back a hex (pushed down, it may stumble or fall),
    and perhaps follow into its hex."""
    f, t = state.figures[a.figure], state.figures[a.target]
    board = state.board
    vacated = t.cell
    place(state, t, a.to, t.facing)
    events = [Event(Kind.RETREATED, f"{f.name} forces {t.name} back to "
                                    f"{board.label(a.to)}.", "T-8", f.id, t.id,
                    places=(Cell(vacated), Cell(a.to)))]
    events += falls.stumble(t, vacated, heights.drop_levels(board, vacated, a.to), dice)
    if a.follow:
        start = f.cell
        place(state, f, vacated, f.facing)
        events.append(Event(Kind.MOVED, f"{f.name} follows into {board.label(vacated)}.",
                            "T-8", f.id, places=(Cell(start), Cell(vacated))))
    return events + flow.next_retreat(state, dice)


def do_no_retreat(state: HexState, a: NoRetreat, dice: Dice) -> list[Event]:
    """T-8: the attacker does not push."""
    return flow.next_retreat(state, dice)
