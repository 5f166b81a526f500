"""The pursuit phase (P-6, P-7): the order, each piece moved back 12 inches (with what it
meets, P-11, P-12), each model keeping pace or slowing (with the exact odds of every
outcome), and the pieces that reach the far edge taken off to be recycled.

The order is set at the start of the phase (:func:`pursuit_order`); the steps take the
objects one at a time (:mod:`.steps` runs the ones that need no choice). Slowing and
forced moves go through :func:`move_back`, a physics sweep of the base straight back.
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from functools import cache

import shapely

from game.core import odds
from game.core.dice import Dice
from game.core.events import Event, Kind
from game.core.frozen import quick_init
from game.core.places import HUNDREDTHS, Point
from game.physics import Disc, Wall, shove
from game.rules.squads.pursuit import geometry as geo
from game.rules.squads.pursuit.events import ChaseKind
from game.rules.squads.pursuit.geometry import along as geo_along
from game.rules.squads.pursuit.melee import fight, tidy_locks
from game.rules.squads.pursuit.mines import explode
from game.rules.squads.pursuit.numbers import chase_data
from game.rules.squads.pursuit.state import (
    FAR,
    RESERVE,
    TABLE,
    WAITING,
    ChaseState,
    piece_id,
    piece_index,
)
from game.rules.squads.pursuit.terrain import bog, crash, terrain_test
from game.rules.squads.units import Model

LOCKED = "locked in close combat"
STOPPED = "stopped in difficult terrain"
OFF_AXIS = "facing more than 45 degrees off the way to the Arrival"


# ============================================================================ the order
def distance_of(state: ChaseState, ident: str) -> float:
    """P-6: how far an object of the order is from the Arrival."""
    k = piece_index(ident)
    if k is not None:
        return geo.piece_along(state, k)
    m = state.model(ident)
    return geo_along(state, m.x, m.y)


def ordered(state: ChaseState, idents: list[str], dice: Dice, *, rule: str,
            furthest_first: bool, why: str, second: dict[str, int] | None = None
            ) -> tuple[list[str], list[Event]]:
    """``idents`` by their distance from the Arrival (furthest or closest first), objects
    within the same tenth of an inch by ``second`` (higher first: the Initiative, P-13),
    then by a d6 each, the highest first, re-rolled while tied."""
    step = chase_data().tie_rounding
    sign = -1 if furthest_first else 1
    key = {i: sign * round(distance_of(state, i) / step) for i in idents}
    extra = second or {}
    groups: dict[tuple[int, int], list[str]] = {}
    for i in idents:
        groups.setdefault((key[i], -extra.get(i, 0)), []).append(i)
    events: list[Event] = []
    out: list[str] = []
    for g in sorted(groups):
        out += _tie_break(state, sorted(groups[g]), dice, rule, why, events)
    return out, events


def _tie_break(state: ChaseState, tied: list[str], dice: Dice, rule: str, why: str,
               events: list[Event]) -> list[str]:
    if len(tied) < 2:
        return tied
    rolls: dict[str, int] = {}
    for i in tied:
        r = dice.roll("1d6", rule=rule, label=f"{name_of(state, i)}: a d6 for the order "
                                              f"({why}, tied)")
        events.append(Event(Kind.ROLLED, r.explain(), rule, i, roll=r))
        rolls[i] = r.total
    out: list[str] = []
    for face in sorted(set(rolls.values()), reverse=True):
        out += _tie_break(state, [i for i in tied if rolls[i] == face], dice, rule, why,
                          events)
    return out


def name_of(state: ChaseState, ident: str) -> str:
    k = piece_index(ident)
    if k is not None:
        p = state.map_piece(k)
        return p.name or f"piece {k}"
    return state.model(ident).name if state.has_model(ident) else ident


def pursuit_order(state: ChaseState, dice: Dice) -> tuple[list[str], list[Event]]:
    """P-6: every piece and model on the table, furthest from the Arrival first."""
    idents = [piece_id(p.index) for p in state.table_pieces()]
    idents += [m.id for m in state.standing()]
    order, events = ordered(state, idents, dice, rule="P-6", furthest_first=True,
                            why="the pursuit phase")
    names = ", ".join(name_of(state, i) for i in order)
    events.insert(0, Event(ChaseKind.ORDER, f"Pursuit order, furthest from the Arrival "
                           f"first: {names} (P-6).", "P-6"))
    return order, events


# ============================================================================ P-7 models
def forced(state: ChaseState, m: Model) -> str | None:
    """P-7, P-9, P-10: why ``m`` has no choice in the pursuit phase (None: it chooses
    between keeping pace and slowing)."""
    if state.locked(m.id):
        return LOCKED
    if m.id in state.stopped:
        return STOPPED
    if geo.off_axis(state, m) > chase_data().pace_arc + 1e-6:
        return OFF_AXIS
    return None


@quick_init
@dataclass(frozen=True)
class BackPlan:
    """Where a model moving straight back would stop, whatever it rolls: what it would
    touch and after how many inches, and how far it is from the far edge."""

    contact: float | None
    """Inches back at which its base would touch something; None: nothing within reach."""
    against: str | None
    """What: a model's id, "piece:N", "mine:ID", or an edge."""
    edge: float
    """Inches back at which its centre passes the far edge."""


def back_plan(state: ChaseState, m: Model, reach: float) -> BackPlan:
    """P-7: ``m``'s base swept straight back ``reach`` inches (every piece it does not
    fly over stops it)."""
    s = geo.sweep(state, m, m.x, m.y, state.track.heading, reach, all_pieces=True)
    edge = state.track.length - geo_along(state, m.x, m.y)
    if s.contact is None:
        return BackPlan(None, None, edge)
    return BackPlan(s.travelled / HUNDREDTHS, s.contact.body, edge)


@quick_init
@dataclass(frozen=True)
class PaceOdds:
    """P-7: what keeping pace or slowing by ``dice`` d6 does, with the exact chances."""

    dice: int
    back: dict[int, Fraction]
    """The chance of each number of inches it moves back freely (0: it keeps pace)."""
    contact: Fraction
    """The chance it stops in contact with ``against``."""
    against: str | None
    contact_at: float | None
    leave: Fraction
    """The chance it leaves the table by the far edge (counted as killed)."""


def pace_odds(state: ChaseState, m: Model, dice: int) -> PaceOdds:
    """P-7: the exact chance of each outcome of slowing ``m`` by ``dice`` d6 (0: keeping
    pace)."""
    if dice == 0:
        return PaceOdds(0, {0: Fraction(1)}, Fraction(0), None, None, Fraction(0))
    reach = 6.0 * max(chase_data().slow_dice)  # one sweep for every choice
    plan = state.cached(("back", m.id, m.x, m.y), lambda: back_plan(state, m, reach))
    back: dict[int, Fraction] = {}
    contact = leave = 0  # in 6**dice-ths: each total's chance is a whole number of them
    for total, p, ways in _slowing(dice):
        what = _outcome(plan, float(total))
        if what == "contact":
            contact += ways
        elif what == "leave":
            leave += ways
        else:
            back[total] = p  # (each total comes once)
    whole = 6 ** dice
    return PaceOdds(dice, back, Fraction(contact, whole), plan.against, plan.contact,
                    Fraction(leave, whole))


@cache
def _slowing(dice: int) -> tuple[tuple[int, Fraction, int], ...]:
    """P-7: each total of ``dice`` d6, its exact chance and in how many of the 6**dice
    ways it comes (the sums the odds of slowing make for every model, kept)."""
    whole = 6 ** dice
    return tuple((t, p, p.numerator * (whole // p.denominator))
                 for t, p in odds.distribution(dice).items())


def _outcome(plan: BackPlan, distance: float) -> str:
    """"contact", "leave" or "free" for a move back of ``distance`` inches."""
    if plan.contact is not None and distance >= plan.contact - 1e-9 and (
            plan.contact <= plan.edge):
        return "contact"
    if distance > plan.edge + 1e-9:
        return "leave"
    return "free"


def forced_odds(state: ChaseState, m: Model) -> PaceOdds:
    """P-7: a model that must go back 12 inches: where it ends, for sure."""
    plan = back_plan(state, m, chase_data().back)
    what = _outcome(plan, chase_data().back)
    one = Fraction(1)
    return PaceOdds(-1, {} if what != "free" else {round(chase_data().back): one},
                    one if what == "contact" else Fraction(0), plan.against, plan.contact,
                    one if what == "leave" else Fraction(0))


def keep_pace(state: ChaseState, m: Model, why: str = "") -> list[Event]:
    """P-7: ``m`` keeps pace: everything else moves back, it stays."""
    tail = f" ({why})" if why else ""
    return [Event(ChaseKind.KEPT_PACE, f"{m.name} keeps pace{tail} (P-7).", "P-7", m.id,
                  places=(m.place,))]


def slow(state: ChaseState, m: Model, n: int, dice: Dice) -> list[Event]:
    """P-7: ``m`` slows by ``n`` d6 inches, straight back."""
    r = dice.roll(f"{n}d6", rule="P-7", label=f"{m.name} slows by {n}d6 inches")
    events = [Event(Kind.ROLLED, r.explain(), "P-7", m.id, roll=r)]
    return events + move_back(state, m, float(r.total), dice, f"slows by {r.total} inches")


def move_back(state: ChaseState, m: Model, distance: float, dice: Dice,
              how: str) -> list[Event]:
    """P-7: ``m`` goes straight back ``distance`` inches: it stops in contact with the
    first piece, model or cluster in its way (unhurt; an enemy: a round of close combat,
    nobody charging, P-9; a cluster goes off, P-12); past the far edge it leaves the
    table, killed."""
    plan = back_plan(state, m, distance)
    start = m.place
    what = _outcome(plan, distance)
    u = state.track.heading
    went = plan.contact if what == "contact" else distance
    assert went is not None
    if what == "leave":
        went = plan.edge
    m.move_to(m.x + u[0] * went, m.y + u[1] * went)
    events = [Event(ChaseKind.SLOWED, f"{m.name} {how}: back {went:.1f} inches (P-7).",
                    "P-7", m.id, places=(start, m.place), amount=round(went * HUNDREDTHS))]
    if what == "leave":
        return events + leave(state, m)
    if what == "contact" and plan.against is not None:
        events += touched(state, m, plan.against, dice, moving=False)
    return events


def leave(state: ChaseState, m: Model) -> list[Event]:
    """P-7: a model that passes the far edge gives up the chase: it counts as killed."""
    state.gone[m.id] = FAR
    tidy_locks(state)
    return [Event(ChaseKind.LEFT_TABLE, f"{m.name} leaves the table by the far edge and "
                  f"gives up the chase: counted as killed (P-7).", "P-7", m.id,
                  places=(m.place,))]


def touched(state: ChaseState, m: Model, against: str, dice: Dice, *,
            moving: bool) -> list[Event]:
    """What ``m`` touching ``against`` at the end of a move does: a friend or a piece
    stops it (P-7, P-9), an enemy means a round of close combat (the mover charges in
    the movement phase, not when slowing, P-9), a cluster goes off (P-12)."""
    if against.startswith(geo.MINE):
        k = state.cluster(against[len(geo.MINE):])
        if k is None:
            return []
        return explode(state, k, dice, f"{m.name} touches it")
    if state.has_model(against):
        o = state.model(against)
        if state.side_of(o.id) == state.side_of(m.id):
            return [Event(ChaseKind.STOPPED, f"{m.name} stops in contact with {o.name}, a "
                          f"friend (P-9).", "P-9", m.id, o.id, places=(m.place,))]
        state.engaged.add(o.id)
        return fight(state, m, o, dice, charger=m.id if moving else None,
                     why="moved into contact" if moving else "slowed into contact")
    if piece_index(against) is not None:
        return [Event(ChaseKind.STOPPED, f"{m.name} stops in contact with "
                      f"{name_of(state, against)}, unhurt (P-7).", "P-7", m.id,
                      places=(m.place,))]
    return []


# ============================================================================ P-6 pieces
def move_piece(state: ChaseState, index: int, dice: Dice) -> list[Event]:
    """P-6: piece ``index`` moves 12 inches back; the models stopped in it go with it
    (P-10); models in its way are carried with it (impassable, an S5 hit with no save,
    P-11) or passed under (difficult: a dangerous terrain test); its clusters move with
    it, setting off on a model they meet (P-12); if it reaches the far edge it is taken
    off to be recycled."""
    back = chase_data().back
    hx, hy = state.track.heading
    p = state.pieces[index]
    c0 = state.piece_shape(index).centroid
    events: list[Event] = []
    standing = state.standing()
    riders = [m for m in standing if state.stopped.get(m.id) == index] \
        if state.stopped else []
    hit = _in_the_way(state, standing, index, back, {m.id for m in riders})
    p.dx += round(hx * back * HUNDREDTHS)
    p.dy += round(hy * back * HUNDREDTHS)
    c1 = state.piece_shape(index).centroid
    name = name_of(state, piece_id(index))
    events.append(Event(ChaseKind.PIECE_MOVED, f"{name} moves back {back:g} inches (P-6).",
                        "P-6", piece_id(index),
                        places=(Point.of(c0.x, c0.y), Point.of(c1.x, c1.y)),
                        amount=round(back * HUNDREDTHS)))
    for m in riders:
        start = m.place
        m.move_to(m.x + hx * back, m.y + hy * back)
        state.done.append(m.id)  # its own turn in the order has passed with the piece
        events.append(Event(ChaseKind.CARRIED, f"{m.name}, stopped in {name}, goes back with "
                            f"it (P-10).", "P-10", m.id, piece_id(index),
                            places=(start, m.place)))
        if geo_along(state, m.x, m.y) > state.track.length:
            events += leave(state, m)
    for m, c, hard in hit:
        events += _meet(state, m, index, back - c, hard, dice)
    events += _carry_clusters(state, index, back, dice)
    if _reaches_far_edge(state, index):
        events += _take_off(state, index)
    return events


def _in_the_way(state: ChaseState, standing: list[Model], index: int, back: float,
                skip: set[str]) -> list[tuple[Model, float, bool]]:
    """The models the piece meets moving back (of ``standing``, the models on the table):
    each with the inches the piece moves before it meets it and whether it is a crash
    (impassable) or a pass (difficult)."""
    out = []
    for m in standing:
        if m.id in skip:
            continue
        got = meets(state, index, m, back)
        if got is not None:
            out.append((m, *got))
    out.sort(key=lambda t: (t[1], t[0].id))
    return out


def meets(state: ChaseState, index: int, m: Model, back: float) -> tuple[float, bool] | None:
    """P-6, P-10, P-11: whether piece ``index`` moving ``back`` inches meets ``m`` where it
    stands: the inches it moves first, and whether it is a crash (impassable for ``m``)
    rather than a pass under it (difficult); None if it misses it (or ``m`` flies over
    it)."""
    hx, hy = state.track.heading
    x0, y0, x1, y1 = geo.piece_box(state, index)
    if m.x + m.radius < min(x0, x0 + hx * back) or m.x - m.radius > max(x1, x1 + hx * back) \
            or m.y + m.radius < min(y0, y0 + hy * back) or \
            m.y - m.radius > max(y1, y1 + hy * back):
        return None  # (asked first: it rules out most models at once)
    if geo.ignores(state, index, m):
        return None
    if geo.impassable(state, index, m):
        pts = state.piece_points(index)
        wall = [Wall(piece_id(index), (*pts, pts[0]))]
        s = shove(Disc(m.id, m.x, m.y, m.radius), (-hx, -hy), back, (), wall)
        return None if s.contact is None else (s.travelled / HUNDREDTHS, True)
    rel = shapely.LineString([(m.x, m.y), (m.x - hx * back, m.y - hy * back)])
    shape = state.piece_shape(index)
    if shape.intersects(rel):
        return shapely.Point(m.x, m.y).distance(shape), False
    return None


def incoming(state: ChaseState, m: Model) -> list[tuple[int, float, bool]]:
    """P-6, P-11: the pieces still to move in this pursuit phase that would meet ``m``
    where it stands (keeping pace): each with the inches it moves first and whether it
    is a crash."""
    back = chase_data().back
    out = []
    for ident in state.queue:
        k = piece_index(ident)
        if k is None or state.stopped.get(m.id) == k:
            continue
        got = meets(state, k, m, back)
        if got is not None:
            out.append((k, *got))
    return out


def _meet(state: ChaseState, m: Model, index: int, carried: float, crash_: bool,
          dice: Dice) -> list[Event]:
    """P-11 (impassable: after an S5 hit with no save the model is carried ``carried``
    inches with the piece, in contact with it) or P-10 (difficult: the piece passes under
    it with one dangerous terrain test)."""
    name = name_of(state, piece_id(index))
    if not crash_:
        t = terrain_test(m, dice, f"{name} passes under it")
        return [t.event] + ([] if t.passed else bog(state, m, index, name, dice))
    events = crash(state, m, name, piece_id(index), dice)
    if not m.alive:
        return events
    hx, hy = state.track.heading
    start = m.place
    m.move_to(m.x + hx * carried, m.y + hy * carried)
    events.append(Event(ChaseKind.CARRIED, f"{m.name} goes back with {name}, in contact "
                        f"with it (P-11).", "P-11", m.id, piece_id(index),
                        places=(start, m.place), amount=round(carried * HUNDREDTHS)))
    if geo_along(state, m.x, m.y) > state.track.length:
        if m.id in state.facing_due:
            state.facing_due.remove(m.id)
        return events + leave(state, m)
    return events


def _carry_clusters(state: ChaseState, index: int, back: float, dice: Dice) -> list[Event]:
    """P-6, P-12: the piece's clusters move back with it; one that meets a model goes
    off."""
    events: list[Event] = []
    hx, hy = state.track.heading
    for k in state.table_clusters():
        if k.piece != index:
            continue
        r = chase_data().mine(k.kind).radius
        x, y = k.xy
        near = [Disc(m.id, m.x, m.y, m.radius) for m in state.standing()]
        s = shove(Disc(geo.MINE + k.id, x, y, r), (hx, hy), back, near, ())
        k.x, k.y = s.end.x, s.end.y
        if s.contact is not None:
            who = state.model(s.contact.body).name
            events += explode(state, k, dice, f"carried into {who}")
    return events


def _reaches_far_edge(state: ChaseState, index: int) -> bool:
    t = state.track
    far = max(geo_along(state, x, y) for x, y in state.piece_points(index))
    return far >= t.length - 1e-6


def _take_off(state: ChaseState, index: int) -> list[Event]:
    """P-6: a piece that reached the far edge waits to be placed at the Arrival; its
    clusters go back to the reserve."""
    p = state.pieces[index]
    p.where = WAITING
    state.waiting.append(index)
    for k in state.clusters:
        if k.piece == index and k.where == TABLE:
            k.where, k.piece, k.x, k.y = RESERVE, None, 0, 0
    for mid, at in list(state.stopped.items()):
        if at == index:
            state.stopped[mid] = -1
    name = name_of(state, piece_id(index))
    return [Event(ChaseKind.RECYCLED, f"{name} reaches the far edge and will be recycled "
                  f"(P-6).", "P-6", piece_id(index))]


