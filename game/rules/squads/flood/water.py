"""The flash flood of seed 001 (F-1..F-8) as pure functions over the sewer, the units
and the dice: the turn (:mod:`.steps`) asks :func:`flood_comes` at the start of a game
turn and, when the water comes, :func:`resolve_flood`; the flooded parts it returns are
difficult terrain afterwards (F-7, :func:`in_flooded`), and :func:`stragglers` and
:func:`is_scattered` answer F-8's questions.

One function per rule:

* F-1 :func:`out_of_reach` (gantries, dry parts), :func:`halves` (a central origin's
  halves, one after the other); barriers stop a carried model (:mod:`.wash`);
* F-2 :func:`flood_chance`, :func:`flood_comes`, :func:`flood_may_come`;
* F-3 :func:`test_order` (furthest first, ties by a die), :func:`keeps_footing`;
* F-4 :func:`carried_inches` (1d6 exploding), :func:`fork_split` (the branch's d6,
  shown before the roll), the carry itself (:func:`.wash.carry_model`);
* F-5 :func:`knocked_over` (4+), the chain of carries in :func:`resolve_flood`;
* F-6 :func:`flood_hits`, :func:`flood_damage` (S1 no save, +1 S per full 3 inches, S3
  more when stopped by impassable terrain; through the squad basics' attacks);
* F-7 :func:`flooded_parts`, :func:`in_flooded`;
* F-8 :func:`stragglers`, :func:`is_scattered`.

The exact odds a front end shows before a roll: :func:`p_flood` (F-2),
:func:`p_keeps_footing` (F-3), :func:`carry_odds` and :func:`strength_odds` (F-4, F-6),
:func:`p_stopped`, :func:`p_knocked_over` (F-5), :func:`fork_split` (F-4).

The numbers are data (``squads/data/flood.toml``, :mod:`.water_data`), each reading
beside its number. Every roll goes through :class:`~game.core.dice.Dice` into an Event
naming its rule; the same dice give the same flood, to the hundredth of an inch.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Sequence
from dataclasses import dataclass, field
from fractions import Fraction

from shapely import lib as geos

from game.boards.corridors import Arm, Corridors, Fork
from game.core import odds
from game.core.dice import Dice, Roll
from game.core.events import Event
from game.core.places import HUNDREDTHS, Point
from game.rules.squads.basics import AttackLine, hit_line
from game.rules.squads.checks import Checked, characteristic_test, p_characteristic_test
from game.rules.squads.coherency import coherent_fraction, out_of_coherency
from game.rules.squads.combat import AttackResult, resolve_attacks
from game.rules.squads.flood.wash import FloodWashKind, carry_model
from game.rules.squads.flood.water_data import flood_data
from game.rules.squads.flood.watermap import (
    DEAD_END,
    ORIGIN,
    ForkSplit,
    WaterMap,
    water_map,
)
from game.rules.squads.units import Model, Unit

__all__ = ["ORIGIN", "FloodResult", "FloodWashKind", "ForkSplit", "Wash", "carried_inches",
           "carry_odds", "flood_chance", "flood_comes", "flood_damage", "flood_hits",
           "flood_may_come", "flooded_parts", "fork_split", "halves", "in_flooded",
           "is_scattered", "keeps_footing", "knocked_over", "out_of_reach", "p_flood",
           "p_keeps_footing", "p_knocked_over", "p_stopped", "resolve_flood",
           "strength_odds", "stragglers", "test_order", "stopper_name", "hit_strength",
           "inches", "on_gantry"]

Span = tuple[str, int, int]
"""A flooded stretch: ``(corridor, from, to)`` in hundredths of an inch along it."""


@dataclass(frozen=True)
class Wash:
    """One model carried (F-4, F-5), for the log and the animation."""

    model: str
    path: tuple[Point, ...]
    """Its start, each bend and fork passed, its end."""
    carried: int
    """Hundredths of an inch it went."""
    stopped_by: str | None
    """What stopped it: "dead end", a barrier feature's id (its Tiled object id, as a
    string), or None (the inches ran out, or it stopped behind a model)."""
    bumped_by: str | None
    """The model whose bump knocked it off its feet (F-5); None: it failed its test."""


@dataclass(frozen=True)
class FloodResult:
    """What a flood did: its events in order, every carry, and the flooded parts."""

    events: list[Event]
    washes: tuple[Wash, ...]
    flooded: tuple[Span, ...]
    """F-7: ``(corridor, from, to)`` in hundredths of an inch along the corridor."""


# ============================================================================ F-2
def flood_chance(turn: int) -> Fraction:
    """F-2: the chance the flood comes at the start of ``turn`` (if it has not come):
    none on turn 1, 6+ on turn 2, 4+ on turn 3, 2+ on turn 4, sure from turn 5."""
    d = flood_data()
    if turn >= d.sure_from:
        return Fraction(1)
    need = d.needs.get(turn)
    return Fraction(0) if need is None else Fraction(d.sides - need + 1, d.sides)


def p_flood(turn: int, flood_turn: int | None = None) -> Fraction:
    """F-2: the chance shown on screen before the roll: :func:`flood_chance`, or 0 once
    the flood has come (``flood_turn``: the turn it came)."""
    return Fraction(0) if flood_turn is not None else flood_chance(turn)


def flood_may_come(turn: int, flood_turn: int | None) -> bool:
    """F-2, a reading (flood.toml [chance] once_reading): whether the flood is rolled for
    on ``turn``: from the first turn it may come, until it has come once."""
    return p_flood(turn, flood_turn) > 0


def flood_comes(turn: int, dice: Dice) -> tuple[bool, list[Event]]:
    """F-2: roll for the flood at the start of ``turn``: a d6 against the turn's need
    (the roll in the log), sure with no roll from turn 5; nothing before turn 2."""
    d = flood_data()
    if flood_chance(turn) == 0:
        return False, []
    if turn >= d.sure_from:
        return True, [Event(FloodWashKind.FLOOD_ROLL, f"Turn {turn}: the flood comes, as it "
                            f"must by now (F-2).", "F-2")]
    need = d.needs[turn]
    roll = dice.check(1, need, rule="F-2", comparison=">=", sides=d.sides,
                      label=f"Does the flood come on turn {turn}? It needs {need}+")
    said = "the flood comes!" if roll.success else "no flood this turn."
    return bool(roll.success), [Event(FloodWashKind.FLOOD_ROLL, f"{roll.explain()}: {said}",
                                      "F-2", roll=roll)]


# ============================================================================ F-1
def on_gantry(board: Corridors, model: Model) -> bool:
    """F-1: whether the model's centre stands on a gantry (raised, out of the water)."""
    return any(f.kind == "gantry" for f in board.features_at(model.x, model.y))


def out_of_reach(board: Corridors, model: Model) -> str | None:
    """F-1, F-7: why the water cannot take ``model`` ("on a gantry", "where the water
    does not reach"), None if it can: it tests (F-3)."""
    if on_gantry(board, model):
        return "on a gantry"
    if water_map(board).flow(*board.project(model.x, model.y)) is None:
        return "where the water does not reach"
    return None


def halves(board: Corridors, models: Sequence[Model]) -> list[list[Model]]:
    """F-1: the models the water reaches, by the way out of the origin their shortest
    way from it leaves by (a central origin's halves), in the order they are resolved
    (clockwise from north, :attr:`WaterMap.ways`)."""
    water = water_map(board)
    out: list[list[Model]] = [[] for _ in water.ways]
    for m in models:
        flow = water.flow(*board.project(m.x, m.y))
        if flow is not None and out:
            out[min(flow.half, len(out) - 1)].append(m)
    return out


# ============================================================================ F-3
def test_order(board: Corridors, models: Sequence[Model],
               dice: Dice) -> tuple[list[Model], list[Event]]:
    """F-3: the order ``models`` test in: furthest from the origin first, along the
    corridors (:meth:`Corridors.from_origin`, to the hundredth of an inch); models at
    the same distance each roll a d6, the highest first, the still tied rolling again."""
    by_distance: dict[int, list[Model]] = {}
    for m in models:
        d = board.from_origin(m.x, m.y)
        by_distance.setdefault(round((d or 0.0) * HUNDREDTHS), []).append(m)
    order: list[Model] = []
    events: list[Event] = []
    for dist in sorted(by_distance, reverse=True):
        order += _roll_off(by_distance[dist], dist, dice, events)
    return order, events


def _roll_off(group: list[Model], dist: int, dice: Dice, events: list[Event]) -> list[Model]:
    """F-3: the highest d6 of a tied group tests first (ties roll again)."""
    if len(group) == 1:
        return group
    rolled = []
    for m in group:
        r = dice.roll("1d6", rule="F-3", label=f"{m.name}, {dist / HUNDREDTHS:g} inches from "
                                               f"the origin like {len(group) - 1} other(s): "
                                               f"the highest tests first")
        events.append(Event(FloodWashKind.ORDER, r.explain(), "F-3", m.id, roll=r))
        rolled.append((r.total, m))
    out: list[Model] = []
    for face in sorted({f for f, _m in rolled}, reverse=True):
        out += _roll_off([m for f, m in rolled if f == face], dist, dice, events)
    return out


def keeps_footing(model: Model, dice: Dice) -> Checked:
    """F-3: the model tests its Strength (d6 at most S; a 6 always fails); failed, it is
    carried away (F-4)."""
    return characteristic_test(model, flood_data().characteristic, dice, rule="F-3",
                               why="the flood: on a failure it is carried away")


def p_keeps_footing(model: Model) -> Fraction:
    """F-3: the exact chance ``model`` keeps its footing."""
    return p_characteristic_test(getattr(model.stats, flood_data().characteristic))


# ============================================================================ F-4
def carried_inches(model: Model, dice: Dice) -> Roll:
    """F-4: how far the water carries ``model``: 1d6 inches, another d6 on a 6, and so
    on."""
    return dice.explode(1, flood_data().sides, rule="F-4",
                        label=f"{model.name} is carried away (inches)")


def carry_odds() -> dict[int, Fraction]:
    """F-4: the exact chance of each number of inches rolled for a carry."""
    return odds.explode_distribution(1, flood_data().sides)


def fork_split(board: Corridors, fork: Fork | int, came_by: Arm | None = None) -> ForkSplit:
    """F-4: the d6 split at ``fork`` (or :data:`ORIGIN`): its downstream arms clockwise
    from north, the faces that pick each (the faces left over rolled again), their
    chances; ``came_by`` (an arm out of the fork back the way a model came) is left
    out. Pure: a front end shows it before the roll."""
    node = fork.index if isinstance(fork, Fork) else fork
    return water_map(board).split(node, came_by, flood_data().sides)


# ============================================================================ F-5
def knocked_over(carrier: Model, target: Model, dice: Dice) -> tuple[bool, Event]:
    """F-5: ``carrier``, carried, touched ``target``: on a 4+ it is knocked off its feet
    (and carried too)."""
    need = flood_data().knocked_on
    roll = dice.check(1, need, rule="F-5", comparison=">=", sides=flood_data().sides,
                      label=f"{carrier.name} bumps into {target.name}: knocked off its feet "
                            f"on {need}+")
    said = f"{target.name} loses its footing" if roll.success else f"{target.name} stands"
    return bool(roll.success), Event(FloodWashKind.BUMPED, f"{roll.explain()}: {said}.",
                                     "F-5", carrier.id, target.id, (target.place,),
                                     roll=roll)


def p_knocked_over() -> Fraction:
    """F-5: the exact chance a touched model is knocked off its feet."""
    d = flood_data()
    return Fraction(d.sides - d.knocked_on + 1, d.sides)


# ============================================================================ F-6
def hit_strength(carried: int) -> int:
    """F-6: the strength of the hit on a model carried ``carried`` hundredths of an
    inch: S1, +1 per full 3 inches."""
    d = flood_data()
    return d.strength + carried // round(d.per_inches * HUNDREDTHS)


def flood_hits(model: Model, carried: int, stopped: bool) -> list[AttackLine]:
    """F-6: the hits on a model carried ``carried`` hundredths of an inch: one of S1 with
    no save, +1 S per full 3 inches; ``stopped`` by impassable terrain, another of S3."""
    d = flood_data()
    s = hit_strength(carried)
    lines = [hit_line("flood", f"The water hits {model.name}", 1, s, rule="F-6",
                      no_save=True, why=f"carried {inches(carried)}: S {s}")]
    if stopped:
        lines.append(hit_line("flood", f"{model.name} is dashed against the obstacle", 1,
                              d.stopped_strength, rule="F-6", no_save=True,
                              why=f"stopped by impassable terrain: S {d.stopped_strength}"))
    return lines


def flood_damage(model: Model, carried: int, stopped: bool, dice: Dice) -> AttackResult:
    """F-6: roll the flood's hits on ``model`` (S-4 to wound, no save, S-5 wounds and
    casualties)."""
    return resolve_attacks(flood_hits(model, carried, stopped), model, dice)


def strength_odds(limit: float | None = None) -> dict[int, Fraction]:
    """F-4, F-6: the exact chance of each strength of the water's hit, by the inches
    rolled; with ``limit`` (inches to the first impassable contact on the way) the
    carry stops there."""
    out: dict[int, Fraction] = {}
    for rolled, p in carry_odds().items():
        went = rolled if limit is None else min(float(rolled), limit)
        s = hit_strength(round(went * HUNDREDTHS))
        out[s] = out.get(s, Fraction(0)) + p
    return dict(sorted(out.items()))


def p_stopped(limit: float) -> Fraction:
    """F-4, F-6: the exact chance the roll carries a model ``limit`` inches or more (to
    impassable terrain that far on its way: the extra S3 hit)."""
    return sum((p for rolled, p in carry_odds().items() if rolled >= limit - 1e-9),
               Fraction(0))


def inches(hundredths: int) -> str:
    """A distance in words: "1 inch", "2.9 inches"."""
    text = f"{hundredths / HUNDREDTHS:g}"
    return f"{text} inch" if text == "1" else f"{text} inches"


def stopper_name(board: Corridors, stopped_by: str) -> str:
    """What stopped a carry, in words: "a dead end", "grate 'Grate'"."""
    if stopped_by == DEAD_END:
        return "a dead end"
    for f in board.features:
        if str(f.id) == stopped_by:
            return f.label or (f"{f.kind} '{f.name}'" if f.name else f"a {f.kind}")
    return stopped_by


def _impassable(stopped_by: str | None) -> bool:
    """F-6: whether a carry was stopped by impassable terrain (a dead end's wall counts,
    flood.toml [damage] dead_end_stops)."""
    if stopped_by is None:
        return False
    return stopped_by != DEAD_END or flood_data().dead_end_stops


# ============================================================================ F-7, F-8
def flooded_parts(board: Corridors) -> tuple[Span, ...]:
    """F-7: every corridor part the water reaches from the origin (through forks and
    grates, held back by sluice gates and cave-ins) as ``(corridor, from, to)``
    stretches in hundredths of an inch."""
    return water_map(board).flooded()


def in_flooded(flooded: Sequence[Span], board: Corridors, x: float, y: float) -> bool:
    """F-7: whether ``(x, y)`` is in a flooded part (difficult terrain after the flood):
    in the corridors, not on a gantry, its nearest corridor position in a stretch."""
    if not board.contains(x, y) or any(  # on a gantry (its area alone asked)
            f.kind == "gantry" and f.closed and geos.intersects_xy(f.box, x, y)
            for f in board.features):
        return False
    corridor, at = board.project(x, y)
    h = round(at * HUNDREDTHS)
    return any(c == corridor and lo <= h <= hi for c, lo, hi in flooded)


def stragglers(unit: Unit) -> list[str]:
    """F-8: the ids of the unit's survivors out of its main coherency chain (S-7)."""
    return out_of_coherency(unit)


def is_scattered(unit: Unit) -> bool:
    """F-8: a unit with under 50 % of its survivors in coherency is scattered (exactly
    half is not); a unit with none standing is not."""
    return bool(unit.survivors) and coherent_fraction(unit) < flood_data().scattered_below


# ============================================================================ the flood
@dataclass
class _Flood:
    """A flood being resolved."""

    board: Corridors
    water: WaterMap
    models: list[Model]
    raised: frozenset[str]
    dice: Dice
    events: list[Event] = field(default_factory=list)
    washes: list[Wash] = field(default_factory=list)
    lost: set[str] = field(default_factory=set)
    """Models that lost their footing (they take no test of their own after)."""
    waiting: set[str] = field(default_factory=set)
    """Models knocked over, waiting to be carried."""
    rolled: set[tuple[str, str]] = field(default_factory=set)
    """Pairs (carried, touched) already rolled for (F-5: once a pair)."""

    def chain(self, first: Model) -> None:
        """F-4, F-5: carry ``first``, then every model it knocks off its feet, and so on,
        in the order they were touched."""
        queue: deque[tuple[Model, str | None]] = deque([(first, None)])
        self.lost.add(first.id)
        while queue:
            m, by = queue.popleft()
            self.waiting.discard(m.id)
            if m.alive:
                queue += [(t, m.id) for t in self.wash(m, by)]

    def wash(self, m: Model, by: str | None) -> list[Model]:
        """One carry of ``m``: its roll, the way it goes, its bumps, its hits; the models
        it knocked over."""
        roll = carried_inches(m, self.dice)
        out = carry_model(self.board, self.water, m, float(roll.total), self.models,
                          self.raised, self.dice, flood_data().sides)
        why = "" if by is None else " (knocked off its feet)"
        self.events.append(Event(FloodWashKind.CARRIED, f"{roll.explain()}: {m.name}{why} is "
                                 f"carried {inches(out.carried)} (F-4).", "F-4",
                                 m.id, by, out.path, out.carried, roll))
        self.events += out.events
        if out.stopped_by is not None:
            self.events.append(Event(FloodWashKind.STOPPED, f"{m.name} is stopped by "
                                     f"{stopper_name(self.board, out.stopped_by)} (F-4).",
                                     "F-4", m.id, places=(out.path[-1],)))
        knocked = []
        named = {x.id: x for x in self.models}
        for tid in out.touched:
            t = named.get(tid)
            if t is None or not t.alive or tid in self.raised or tid in self.waiting \
                    or (m.id, tid) in self.rolled:
                continue
            self.rolled.add((m.id, tid))
            down, event = knocked_over(m, t, self.dice)
            self.events.append(event)
            if down:
                knocked.append(t)
                self.waiting.add(tid)
                self.lost.add(tid)
        self.washes.append(Wash(m.id, out.path, out.carried, out.stopped_by, by))
        self.events += flood_damage(m, out.carried, _impassable(out.stopped_by),
                                    self.dice).events
        return knocked


def resolve_flood(board: Corridors, units: Sequence[Unit], dice: Dice) -> FloodResult:
    """F-1..F-7: the flood comes down the tunnels. Models on gantries or where the water
    does not reach stay put (F-1); the others test, half by half of the origin, furthest
    first (F-3); each that fails is carried (F-4), knocking over the models it touches on
    a 4+, which are carried in turn (F-5), and hit (F-6). The models are moved and
    wounded in place; the result lists the events, every carry and the flooded parts
    (F-7)."""
    models = [m for u in units for m in u.models if m.alive]
    flood = _Flood(board, water_map(board), models,
                   frozenset(m.id for m in models if on_gantry(board, m)), dice)
    wet = []
    for m in models:
        why = out_of_reach(board, m)
        if why is None:
            wet.append(m)
        else:
            flood.events.append(Event(FloodWashKind.OUT_OF_REACH, f"{m.name} stands {why}: "
                                      f"out of the water's reach (F-1).", "F-1", m.id,
                                      places=(m.place,)))
    parts = halves(board, wet)
    for k, members in enumerate(parts):
        if not members:
            continue
        if sum(1 for p in parts if p) > 1:
            way = flood.water.arm_name(flood.water.ways[k])
            flood.events.append(Event(FloodWashKind.HALF, f"The water runs along {way}: its "
                                      f"{len(members)} model(s) test, furthest first (F-1).",
                                      "F-1", amount=k))
        order, rolled = test_order(board, members, dice)
        flood.events += rolled
        for m in order:
            if not m.alive or m.id in flood.lost:
                continue
            check = keeps_footing(m, dice)
            flood.events.append(check.event)
            if not check.passed:
                flood.chain(m)
    return FloodResult(flood.events, tuple(flood.washes), flooded_parts(board))
