"""The state of one game in the sewers: the units, the turn, the side and phase to play,
what each unit did this turn, the fights, and what the flood left (F-7..F-9)."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any, TypeVar

from game.boards.corridors import Corridors, Feature
from game.core.derived import Derived
from game.core.places import HUNDREDTHS
from game.core.ruleset import Outcome
from game.rules.squads.flood.phases import FloodPhase
from game.rules.squads.units import Model, Roster, Unit

T = TypeVar("T")
_NOTHING: Any = object()
"""What a memo holds for no answer yet (no answer is ever this)."""

MELEE = "melee"
"""An engagement after a charge: both whole units, until one falls back or dies."""
F9 = "f9"
"""An F-9 lock: stragglers that went into an enemy unit, for one more round."""


@dataclass
class Engagement:
    """Two units locked in close combat (S-3), or stragglers locked with an enemy unit
    (F-9)."""

    a: str
    """A unit's id (for an F-9 lock: the stragglers' unit)."""
    b: str
    kind: str = MELEE
    models: tuple[str, ...] = ()
    """F-9: the stragglers of ``a`` that are locked (empty: the whole unit)."""
    fight_in: str | None = None
    """F-9: the side whose next assault phase fights the second round (then it ends)."""
    fought: bool = False
    """Fought in the current assault phase."""

    def to_json(self) -> dict[str, Any]:
        return {"a": self.a, "b": self.b, "kind": self.kind, "models": list(self.models),
                "fight_in": self.fight_in, "fought": self.fought}

    def copy(self) -> Engagement:
        return Engagement(self.a, self.b, self.kind, self.models, self.fight_in,
                          self.fought)


@dataclass
class Pending:
    """An F-9 round to fight when a unit's movement ends."""

    unit: str
    enemy: str
    kind: str
    """"through" (a scattered enemy: everyone engaged) or "into" (as if charged)."""
    models: tuple[str, ...]

    def to_json(self) -> dict[str, Any]:
        return {"unit": self.unit, "enemy": self.enemy, "kind": self.kind,
                "models": list(self.models)}


@dataclass
class Scenario:
    """What the scenario says beyond the units (shared by clones, not saved)."""

    objective: str = "survive"
    """"nest": the planter plants charges in the nest; "survive": the last side
    standing, or the most models at the turn limit."""
    planter: str | None = None
    charges: int = 0
    nests: tuple[Feature, ...] = ()
    squad_names: dict[str, str] = field(default_factory=dict)


@dataclass
class FloodState(Roster):
    """A whole game. ``board``, ``derived``, ``setup`` and ``side_names`` are shared by
    clones and not saved."""

    board: Corridors
    sides: list[str]
    units: dict[str, Unit] = field(default_factory=dict)
    turn: int = 1
    phase: str = FloodPhase.MOVEMENT
    active: str | None = None
    ended: Outcome | None = None
    turn_limit: int | None = None
    # the flood
    flooded: tuple[tuple[str, int, int], ...] = ()
    flood_turn: int | None = None
    washes: tuple[Any, ...] = ()
    """The last flood's washes (the wash's ``Wash`` records), for the view."""
    scattered: set[str] = field(default_factory=set)
    """Units marked scattered (F-8)."""
    straggling: set[str] = field(default_factory=set)
    """Models out of their unit's main chain at the start of their side's turn (F-8)."""
    # this side's turn
    moved: dict[str, int] = field(default_factory=dict)
    """Hundredths of an inch each model moved this turn (rapid fire reads it)."""
    moved_now: set[str] = field(default_factory=set)
    """Models that moved in this phase (a model moves once a phase)."""
    done: set[str] = field(default_factory=set)
    """Units that finished this phase."""
    difficult: dict[str, int] = field(default_factory=dict)
    """Units that rolled for difficult terrain this phase: the highest die."""
    run: dict[str, int] = field(default_factory=dict)
    """Units that ran this turn: their run in inches."""
    shot: dict[str, str] = field(default_factory=dict)
    """Units that shot this turn: the unit they shot at."""
    fired: set[str] = field(default_factory=set)
    """Models that fired this turn."""
    charged: set[str] = field(default_factory=set)
    through: set[str] = field(default_factory=set)
    """Models that went through an enemy unit this turn (F-9)."""
    pending: list[Pending] = field(default_factory=list)
    engagements: list[Engagement] = field(default_factory=list)
    planted: int = 0
    setup: Scenario = field(default_factory=Scenario)
    side_names: dict[str, str] = field(default_factory=dict)
    memo: dict[Any, Any] = field(default_factory=dict, repr=False, compare=False)
    version: int = field(default=0, repr=False, compare=False)
    """Bumped by every change (:meth:`touch`): what :meth:`cached` answers for."""
    applying: bool = field(default=False, repr=False, compare=False)
    """An action is being carried out: :meth:`cached` remembers nothing meanwhile."""
    derived: Derived = field(default_factory=Derived, repr=False, compare=False)

    # ================================================================ engine
    def clone(self) -> FloodState:
        c = object.__new__(FloodState)
        c.__dict__.update(self.__dict__)
        c.units = {k: u.copy() for k, u in self.units.items()}
        c.scattered = set(self.scattered)
        c.straggling = set(self.straggling)
        c.moved = dict(self.moved)
        c.moved_now = set(self.moved_now)
        c.done = set(self.done)
        c.difficult = dict(self.difficult)
        c.run = dict(self.run)
        c.shot = dict(self.shot)
        c.fired = set(self.fired)
        c.charged = set(self.charged)
        c.through = set(self.through)
        c.pending = [Pending(p.unit, p.enemy, p.kind, p.models) for p in self.pending]
        c.engagements = [e.copy() for e in self.engagements]
        c.memo = {}
        c.__dict__.pop("_models", None)
        return c

    def to_json(self) -> dict[str, Any]:
        return {
            "turn": self.turn, "phase": str(self.phase), "active": self.active,
            "sides": list(self.sides),
            "ended": None if self.ended is None else self.ended.to_json(),
            "units": {k: u.to_json() for k, u in self.units.items()},
            "flooded": [list(f) for f in self.flooded], "flood_turn": self.flood_turn,
            "washes": [wash_json(w) for w in self.washes],
            "scattered": sorted(self.scattered), "straggling": sorted(self.straggling),
            "moved": dict(sorted(self.moved.items())), "moved_now": sorted(self.moved_now),
            "done": sorted(self.done), "difficult": dict(sorted(self.difficult.items())),
            "run": dict(sorted(self.run.items())), "shot": dict(sorted(self.shot.items())),
            "fired": sorted(self.fired), "charged": sorted(self.charged),
            "through": sorted(self.through), "pending": [p.to_json() for p in self.pending],
            "engagements": [e.to_json() for e in self.engagements],
            "planted": self.planted,
        }

    def key(self) -> tuple[Any, ...]:
        """What queries depend on, for :attr:`memo`."""
        out: list[Any] = [self.phase, self.active, self.turn, self.flooded,
                          tuple(sorted(self.scattered)), tuple(sorted(self.moved_now)),
                          tuple(sorted(self.done)), tuple(sorted(self.difficult.items())),
                          tuple(sorted(self.run.items())), tuple(sorted(self.shot.items())),
                          tuple(sorted(self.charged)), len(self.pending), self.planted,
                          tuple((e.a, e.b, e.kind, e.models, e.fought)
                                for e in self.engagements)]
        for m in self.all_models():
            out += (m.x, m.y, m.wounds)
        return tuple(out)

    def touch(self) -> None:
        """The state changed: forget what :meth:`cached` remembered (every change made
        outside an action's apply, e.g. a test placing a model, must call it)."""
        self.version += 1
        got = self.memo.pop("_cached", None)
        if got is not None:
            self.memo["_cached_before"] = got

    def cached(self, key: Any, make: Callable[[], T]) -> T:
        """``make()``, remembered until the state changes (not while an action is being
        carried out)."""
        if self.applying:
            return make()
        got = self.memo.get("_cached")
        if got is None or got[0] != self.version:
            got = self.memo["_cached"] = (self.version, {})
        values: dict[Any, Any] = got[1]
        value: T = values.get(key, _NOTHING)  # (a miss raises no KeyError to catch)
        if value is _NOTHING:
            value = values[key] = make()
        return value

    def cached_before(self, key: Any) -> Any:
        """What :meth:`cached` remembered of ``key`` in the state just before the last
        change (None: nothing): an action's apply reads what judging it found, the state
        being as it was then until the apply changes it."""
        got = self.memo.get("_cached_before")
        if got is None or got[0] != self.version - 1:
            return None
        return got[1].get(key)

    def remember(self, key: Any, make: Callable[[], T]) -> T:
        """``memo[key]``, made by ``make()`` the first time."""
        try:
            got: T = self.memo[key]
        except KeyError:
            if len(self.memo) > 20_000:
                self.memo.clear()
            got = self.memo[key] = make()
        return got

    # ================================================================ reading
    def side_units(self, side: str | None) -> list[Unit]:
        return [u for u in self.units.values() if u.side == side and not u.destroyed]

    def enemy_models(self, side: str) -> list[Model]:
        return [m for u in self.units.values() if u.side != side for m in u.models
                if m.wounds > 0]

    def alive(self) -> list[Model]:
        return [m for u in self.units.values() for m in u.models if m.wounds > 0]

    def other_side(self, side: str) -> str:
        return next((s for s in self.sides if s != side), side)

    def engagement_of(self, uid: str) -> Engagement | None:
        """The fight ``uid`` is locked in, if any."""
        for e in self.engagements:
            if uid in (e.a, e.b):
                return e
        return None

    def locked_models(self) -> set[str]:
        """The models locked in close combat (S-3, F-9)."""
        return self.cached("locked", self._locked)

    def _locked(self) -> set[str]:
        out: set[str] = set()
        for e in self.engagements:
            ua, ub = self.units.get(e.a), self.units.get(e.b)
            if ua is not None:
                out |= set(e.models) if e.models else {m.id for m in ua.models}
            if ub is not None:
                out |= {m.id for m in ub.models}
        return out

    def moved_inches(self, mid: str) -> float:
        return self.moved.get(mid, 0) / HUNDREDTHS


def wash_json(w: Any) -> dict[str, Any]:
    """A wash (F-4/F-5) as JSON: the model, its path, how far it was carried, what
    stopped it and whose bump set it off."""
    return {"model": w.model, "path": [p.to_json() for p in w.path], "carried": w.carried,
            "stopped_by": w.stopped_by, "bumped_by": w.bumped_by}
