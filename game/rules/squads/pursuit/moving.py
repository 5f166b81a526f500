"""The movement phase's moves (P-8..P-12): a path of straight legs checked against the
turning rule, then walked with physics, the dangerous terrain tests on the way, and what
stops it.

A move (:class:`~.actions.Move`) is legs of ``(turn, hundredths)``: the first goes the
way the model faces; each later one turns at most 45 degrees, and the leg before a turn
is at least 2 inches long (4 when accelerating); the whole is at most 6 inches (12
accelerating), less 2 for each failed dangerous terrain test (P-10). :func:`walk` goes
along it leg by leg: a physics sweep of the base (:func:`~.geometry.sweep`) finds the
first model, cluster, impassable piece or long edge it would touch; the stretches inside
difficult terrain give the tests (one at the start of each 2 inches inside, counted over
the move); without dice (:func:`plan`) every test is taken as passed, which is what the
steering ruler shows.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass, field
from fractions import Fraction
from functools import cache

import shapely

from game.core.dice import Dice
from game.core.events import Event, Kind
from game.core.frozen import quick_init
from game.core.places import HUNDREDTHS, Point
from game.physics import Shove
from game.rules.squads.checks import p_dangerous_terrain_test
from game.rules.squads.pursuit import geometry as geo
from game.rules.squads.pursuit.actions import Leg
from game.rules.squads.pursuit.chase import leave, name_of, touched
from game.rules.squads.pursuit.events import ChaseKind
from game.rules.squads.pursuit.geometry import along as geo_along
from game.rules.squads.pursuit.numbers import chase_data
from game.rules.squads.pursuit.state import ARRIVAL, ChaseState, piece_index
from game.rules.squads.pursuit.terrain import bog, crash, terrain_test
from game.rules.squads.units import Model

XY = tuple[float, float]

END = "end"
"""The move ran its whole path."""
ALLOWANCE = "allowance"
"""Failed tests cut the move short (P-10)."""
TESTS = "tests"
"""A fourth dangerous terrain test would be needed (P-10: at most three a phase)."""
KILLED = "killed"
FRIEND, ENEMY, CLUSTER, PIECE, EDGE, HELD_BACK = (
    "friend", "enemy", "cluster", "piece", "edge", "arrival edge")
LEFT, GAVE_UP = "left by the Arrival", "left by the far edge"

REASONS = {END: "it goes its whole way", ALLOWANCE: "failed tests cut its move short",
           TESTS: "a fourth dangerous terrain test would be needed (at most three)",
           KILLED: "it is killed", FRIEND: "it touches a friend", ENEMY: "it touches an "
           "enemy: close combat", CLUSTER: "it touches a mine cluster, which goes off",
           PIECE: "it crashes into impassable terrain", EDGE: "it crashes into a long edge",
           HELD_BACK: "the Arrival edge stops it (only the scouts leave by it)",
           LEFT: "it leaves by the Arrival", GAVE_UP: "it leaves by the far edge: killed"}
"""Why a move stops, in a player's words."""


def allowance(state: ChaseState, m: Model, accelerate: bool) -> float:
    """P-8, P-10: how far ``m`` may move now: 6 inches or 12 accelerating, less 2 for each
    dangerous terrain test it failed this phase."""
    d = chase_data()
    full = d.accelerate if accelerate else d.move
    return max(0.0, full - d.failure_cost * state.failed.get(m.id, 0))


def turn_step(accelerate: bool) -> float:
    """P-8: the inches a leg must run before a turn: 2, or 4 accelerating."""
    d = chase_data()
    return d.accelerate_turn_every if accelerate else d.turn_every


def why_not_legs(state: ChaseState, m: Model, legs: Sequence[Leg], accelerate: bool
                 ) -> str | None:
    """P-8: None if ``legs`` is a move ``m`` may make now, else why not."""
    d = chase_data()
    if not legs:
        return "a move needs at least one leg (hold the model to stay)"
    if len(legs) > 1 + math.ceil(d.accelerate / min(d.turn_every, d.accelerate_turn_every)):
        return "too many legs"
    step = turn_step(accelerate)
    total = 0
    for k, (turn, length) in enumerate(legs):
        if k == 0 and turn != 0:
            return "the first leg goes the way the model faces: turn only after moving"
        if k > 0 and not (0 < abs(turn) <= d.turn):
            return f"each turn is at most {d.turn} degrees (leg {k + 1} turns {turn})"
        if length < 0 or (length == 0 and k < len(legs) - 1) or (length == 0 and k == 0):
            return f"leg {k + 1} has no length (only a closing turn may)"
        if k < len(legs) - 1 and length < round(step * HUNDREDTHS):
            return (f"leg {k + 1} is {length / HUNDREDTHS:g} inches: a turn needs a full "
                    f"{step:g} inches moved before it (P-8)")
        total += length
    most = allowance(state, m, accelerate)
    if total > round(most * HUNDREDTHS):
        return f"the move is {total / HUNDREDTHS:g} inches; {m.name} may move {most:g}"
    return None


@quick_init
@dataclass(frozen=True)
class Test:
    """A dangerous terrain test on the way (P-10)."""

    at: XY
    travelled: float
    chance: Fraction
    """The exact chance it passes."""


@dataclass
class Walk:
    """A move as it went (or, planned, as it would go if every test passed)."""

    path: list[XY]
    """Its start, each bend, where it stopped."""
    travelled: float = 0.0
    reason: str = END
    against: str | None = None
    """What it touched: a model's id, "piece:N", "mine:ID", "edge:..."."""
    facing: int = 0
    tests: list[Test] = field(default_factory=list)
    failed: int = 0
    events: list[Event] = field(default_factory=list)

    @property
    def stop(self) -> XY:
        return self.path[-1]

    @property
    def why(self) -> str:
        return REASONS.get(self.reason, self.reason)


def plan(state: ChaseState, m: Model, legs: Sequence[Leg], accelerate: bool) -> Walk:
    """P-8..P-12: where ``m``'s move along ``legs`` stops and why, every test taken as
    passed (the steering ruler's answer; no dice)."""
    return walk(state, m, legs, accelerate, None)


def walk(state: ChaseState, m: Model, legs: Sequence[Leg], accelerate: bool,
         dice: Dice | None) -> Walk:
    """Walk ``m`` along ``legs``: with ``dice`` the model moves and the tests are rolled
    (see the module text); without, nothing changes and the tests pass."""
    d = chase_data()
    most = allowance(state, m, accelerate)
    taken = state.tests.get(m.id, 0)
    w = Walk([(m.x, m.y)], facing=state.facing.get(m.id, geo.forward(state)))
    inside = 0.0
    tests_now = 1 if m.id in state.restarted else 0  # the restart test: its first 2"
    x, y = m.x, m.y
    around = geo.obstacles(state, m, False)  # nothing but the mover moves during its move
    for turn, length in legs:
        w.facing = (w.facing + turn) % 360
        if length <= 0:
            continue
        u = geo.direction(w.facing)
        room = most - w.travelled
        step = min(length / HUNDREDTHS, room)
        if step <= 1e-9:
            w.reason = ALLOWANCE
            break
        s = _ray(state, m, x, y, w.facing, room, around)
        if s.contact is not None and s.travelled / HUNDREDTHS > step + 1e-9:
            s = Shove(Point.of(*geo.point_on((x, y), u, step)), round(step * HUNDREDTHS),
                      None)
        reach = s.travelled / HUNDREDTHS if s.contact is not None else step
        limit = reach
        stop: str | None = None
        for s0, s1 in geo.inside_stretches(state, m, (x, y), geo.point_on((x, y), u, reach)):
            while True:
                at = s0 + max(0.0, d.terrain_every * tests_now - inside)
                if at >= s1 - 1e-9 or at >= limit - 1e-9:
                    break
                if taken >= d.max_tests:
                    limit, stop = at, TESTS
                    break
                px, py = geo.point_on((x, y), u, at)
                taken += 1
                tests_now += 1
                passed = True
                if dice is None:
                    w.tests.append(Test((px, py), w.travelled + at, _p_test()))
                else:
                    m.move_to(px, py)
                    passed = _roll_test(state, m, geo.point_on((x, y), u, at + 0.01),
                                        w.travelled + at, dice, w)
                if not passed:
                    w.failed += 1
                    most = allowance(state, m, accelerate)
                    if not m.alive:
                        limit, stop = at, KILLED
                    elif w.travelled + at >= most - 1e-9:
                        limit, stop = at, ALLOWANCE
                    else:
                        limit = min(limit, most - w.travelled)
                if stop:
                    break
            if stop:
                break
            inside += max(0.0, min(s1, limit) - s0)
        x, y = geo.point_on((x, y), u, limit)
        w.travelled += limit
        w.path.append((x, y))
        if stop:
            w.reason = stop
            break
        if limit < reach - 1e-9:
            w.reason = ALLOWANCE
            break
        if s.contact is not None:
            x, y = s.end.units
            w.path[-1] = (x, y)
            w.against = s.contact.body
            w.reason = _contact_reason(state, m, s.contact.body)
            break
        if _off_table(state, m, x, y, w):
            break
    if dice is not None:
        m.move_to(*w.path[-1])
    return w


def _ray(state: ChaseState, m: Model, x: float, y: float, facing: int, room: float,
         around: geo.Around) -> Shove:
    """The leg's sweep as far as the move could still go (the leg takes what lies within
    its own length): the same answer for every path that starts the same way, so a
    steering ruler asking many paths sweeps it once (``around``: what may stop it)."""
    key = ("ray", m.id, round(x * HUNDREDTHS), round(y * HUNDREDTHS), facing,
           round(room * HUNDREDTHS))
    return state.cached(key, lambda: geo.sweep(state, m, x, y, geo.direction(facing), room,
                                                around=around))


@cache
def _p_test() -> Fraction:
    return p_dangerous_terrain_test()


def _roll_test(state: ChaseState, m: Model, at: XY, into: float, dice: Dice,
               w: Walk) -> bool:
    """P-10: a test on the way (``into`` inches into the move, inside the piece at
    ``at``); a failure is an S5 hit with no save, the model stopped, and 2 inches off its
    move."""
    k = _piece_at(state, m, at)
    what = name_of(state, f"piece:{k}") if k is not None else "difficult terrain"
    t = terrain_test(m, dice, f"{into:.1f} inches into its move, in {what}")
    state.tests[m.id] = state.tests.get(m.id, 0) + 1
    w.events.append(t.event)
    if t.passed:
        return True
    state.failed[m.id] = state.failed.get(m.id, 0) + 1
    w.events += bog(state, m, k, what, dice)
    return False


def _piece_at(state: ChaseState, m: Model, at: XY) -> int | None:
    for p in state.table_pieces():
        if geo.difficult(state, p.index, m) and shapely.intersects_xy(
                state.piece_shape(p.index), *at):
            return p.index
    return None


def _contact_reason(state: ChaseState, m: Model, body: str) -> str:
    if body.startswith(geo.MINE):
        return CLUSTER
    if state.has_model(body):
        return FRIEND if state.side_of(body) == state.side_of(m.id) else ENEMY
    if body == geo.EDGE_ARRIVAL:
        return HELD_BACK
    if body.startswith("edge:"):
        return EDGE
    return PIECE


def _off_table(state: ChaseState, m: Model, x: float, y: float, w: Walk) -> bool:
    """P-4, P-7: past the Arrival (a scout) or the far edge, the move ends off the
    table."""
    t = state.track
    a = geo_along(state, x, y)
    if a < 0:
        w.reason = LEFT
        return True
    if a > t.length:
        w.reason = GAVE_UP
        return True
    return False


def move(state: ChaseState, m: Model, legs: Sequence[Leg], accelerate: bool,
         dice: Dice) -> list[Event]:
    """P-8..P-12: ``m`` moves along ``legs``; what it touches at the end acts (a fight, a
    crash, a cluster going off), and a model past an edge leaves the table."""
    w = walk(state, m, legs, accelerate, dice)
    state.facing[m.id] = w.facing
    if accelerate:
        state.accelerated.add(m.id)
    if w.travelled > 0:
        state.moved.add(m.id)
    how = "accelerates" if accelerate else "moves"
    events = [Event(Kind.MOVED, f"{m.name} {how} {w.travelled:.1f} inches: {w.why} "
                    f"(P-8).", "P-8", m.id, places=tuple(Point.of(*p) for p in w.path),
                    amount=round(w.travelled * HUNDREDTHS))]
    events += w.events
    if not m.alive:
        return events
    if w.reason == LEFT:
        state.gone[m.id] = ARRIVAL
        return events + [Event(ChaseKind.LEFT_TABLE, f"{m.name} leaves the table by the "
                               f"Arrival (P-4).", "P-4", m.id, places=(m.place,))]
    if w.reason == GAVE_UP:
        return events + leave(state, m)
    if w.against is not None:
        events += _touch(state, m, w, dice)
    return events


def _touch(state: ChaseState, m: Model, w: Walk, dice: Dice) -> list[Event]:
    assert w.against is not None
    if w.reason in (PIECE, EDGE):
        k = piece_index(w.against)
        what = name_of(state, w.against) if k is not None else (
            "the left long edge" if w.against == geo.EDGE_LEFT else "the right long edge")
        return crash(state, m, what, w.against, dice)
    if w.reason == HELD_BACK:
        return [Event(ChaseKind.STOPPED, f"{m.name} stops at the Arrival edge (only the "
                      f"scouts leave by it).", "P-4", m.id, places=(m.place,))]
    if any(k.has(w.against) for k in state.lock_of(m.id)):
        o = state.model(w.against)
        return [Event(ChaseKind.STOPPED, f"{m.name} stays in contact with {o.name}, locked "
                      f"with it (P-9).", "P-9", m.id, o.id, places=(m.place,))]
    return touched(state, m, w.against, dice, moving=True)
