"""The state of one street chase: the models (with their facings), the terrain pieces and
mine clusters as they stand now (they move back and are recycled, P-6), the turn, the
phase and the order of the objects still to act in it, and what each model did.

The map's pieces (:class:`~game.boards.track.TrackPiece`) give each piece its footprint,
size and kind; the state keeps where each one is now (a translation from the map's
footprint) and whether it is on the table, waiting to be placed or held (P-6).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any, TypeVar

import shapely

from game.boards.track import Track, TrackPiece
from game.core.derived import Derived
from game.core.places import HUNDREDTHS
from game.core.ruleset import Outcome
from game.rules.squads.pursuit.phases import ChasePhase
from game.rules.squads.units import Model, Roster, Unit

T = TypeVar("T")
XY = tuple[float, float]

TABLE = "table"
"""A piece on the table."""
WAITING = "waiting"
"""A piece recycled in this phase, waiting to be placed at the Arrival (P-6)."""
HELD = "held"
"""A piece that could not be placed: it is placed first in the next pursuit phase."""
RESERVE = "reserve"
"""A cluster not on the table (never come in, or exploded, P-12)."""
ARRIVAL = "arrival"
FAR = "far"
"""How a model left the table: by the Arrival (P-4) or the far edge (killed, P-7)."""


def piece_id(index: int) -> str:
    """How the order and events name piece ``index``."""
    return f"piece:{index}"


def piece_index(ident: str) -> int | None:
    """The index of a piece's id, None if ``ident`` is not one."""
    if ident.startswith("piece:") and ident[6:].isdigit():
        return int(ident[6:])
    return None


@dataclass
class Piece:
    """A terrain piece as it stands now: its map piece, moved by ``dx, dy`` hundredths."""

    index: int
    dx: int = 0
    dy: int = 0
    where: str = TABLE

    def to_json(self) -> dict[str, Any]:
        return {"index": self.index, "dx": self.dx, "dy": self.dy, "where": self.where}

    def copy(self) -> Piece:
        return Piece(self.index, self.dx, self.dy, self.where)


@dataclass
class Cluster:
    """A mine cluster (P-12): on the table attached to a piece, or in its side's reserve."""

    id: str
    kind: str
    """A key of pursuit.toml's [mines]."""
    side: str
    where: str = RESERVE
    x: int = 0
    y: int = 0
    """Its centre on the table, in hundredths of an inch."""
    piece: int | None = None
    """The piece it is attached to (it moves back with it, P-6)."""

    @property
    def xy(self) -> XY:
        return self.x / HUNDREDTHS, self.y / HUNDREDTHS

    def to_json(self) -> dict[str, Any]:
        return {"id": self.id, "kind": self.kind, "side": self.side, "where": self.where,
                "x": self.x, "y": self.y, "piece": self.piece}

    def copy(self) -> Cluster:
        return Cluster(self.id, self.kind, self.side, self.where, self.x, self.y, self.piece)


@dataclass
class Lock:
    """Two models in base contact after a round of close combat (P-9)."""

    a: str
    b: str
    fought: bool = True
    """A round was fought in the current phase."""
    first: str | None = None
    """In a movement phase: which of the two moves first (the break-off die); None for a
    lock made in this phase."""

    def has(self, mid: str) -> bool:
        return mid in (self.a, self.b)

    def other(self, mid: str) -> str:
        return self.b if mid == self.a else self.a

    def to_json(self) -> dict[str, Any]:
        return {"a": self.a, "b": self.b, "fought": self.fought, "first": self.first}

    def copy(self) -> Lock:
        return Lock(self.a, self.b, self.fought, self.first)


@dataclass
class Setup:
    """What the scenario says beyond the models (shared by clones, not saved)."""

    runners: str
    """The side that wins by the Arrival (the scouts)."""
    chasers: str
    """The side that hunts them, and places recycled pieces first (P-6)."""
    mine_side: str
    wargear_unit: str | None = None
    """The scenario unit whose models take the extra weapon if chosen (P-2)."""
    wargear_weapon: str | None = None
    wargear_bonus_unit: str | None = None
    wargear_bonus: int = 0
    deploy: bool = True
    """The players deploy (P-3); False: the models stand where the map places them."""
    unit_names: dict[str, str] = field(default_factory=dict)
    specs: dict[str, dict[str, Any]] = field(default_factory=dict)
    """The scenario's [units] tables (the wargear's extra models are made from them)."""


@dataclass
class ChaseState(Roster):
    """A whole chase. ``track``, ``setup``, ``side_names`` and ``derived`` are shared by
    clones and not saved."""

    track: Track
    sides: list[str]
    setup: Setup
    units: dict[str, Unit] = field(default_factory=dict)
    facing: dict[str, int] = field(default_factory=dict)
    """Each model's facing, whole degrees clockwise from the table's +x (y down)."""
    extra: dict[str, str] = field(default_factory=dict)
    """Models carrying an extra weapon they may fire over the shoulder (P-13)."""
    gone: dict[str, str] = field(default_factory=dict)
    """Models that left the table, and by which edge (:data:`ARRIVAL`, :data:`FAR`)."""
    undeployed: list[str] = field(default_factory=list)
    """Models still to deploy, in order (P-3)."""
    pieces: list[Piece] = field(default_factory=list)
    clusters: list[Cluster] = field(default_factory=list)
    turn: int = 1
    phase: str = ChasePhase.PURSUIT
    wargear: bool | None = None
    ended: Outcome | None = None
    turn_limit: int | None = None
    # the phase's order and what was done in it
    queue: list[str] = field(default_factory=list)
    """The objects still to act in this phase, in order; the first is the one now."""
    done: list[str] = field(default_factory=list)
    """The objects that acted in this phase, in order."""
    accelerated: set[str] = field(default_factory=set)
    moved: set[str] = field(default_factory=set)
    """Models that moved in this turn's movement phase."""
    engaged: set[str] = field(default_factory=set)
    """Models an enemy moved into this phase: they cannot move in it (P-9)."""
    failed: dict[str, int] = field(default_factory=dict)
    """Dangerous terrain tests each model failed this movement phase: 2 inches off its
    move each (P-10)."""
    stopped: dict[str, int] = field(default_factory=dict)
    """Models "stopped" in difficult terrain (P-10): the piece they go back with (-1:
    none left)."""
    tests: dict[str, int] = field(default_factory=dict)
    """Dangerous terrain tests each model took this movement phase (P-10: at most 3)."""
    restarted: set[str] = field(default_factory=set)
    """Stopped models that passed a test to move again this phase (P-10: that test
    stands for their first 2 inches inside difficult terrain)."""
    locks: list[Lock] = field(default_factory=list)
    facing_due: list[str] = field(default_factory=list)
    """Models that crashed and may be turned to face any way (P-11), first first."""
    waiting: list[int] = field(default_factory=list)
    """Recycled pieces to place now, the held ones first (P-6)."""
    placer: str | None = None
    """The side placing the next recycled piece."""
    recycled_now: list[int] = field(default_factory=list)
    """Pieces placed at the Arrival in this phase (a cluster may come in on one)."""
    mine_due: bool = False
    side_names: dict[str, str] = field(default_factory=dict)
    memo: dict[Any, Any] = field(default_factory=dict, repr=False, compare=False)
    version: int = field(default=0, repr=False, compare=False)
    applying: bool = field(default=False, repr=False, compare=False)
    noted: dict[Any, Any] = field(default_factory=dict, repr=False, compare=False)
    """What :meth:`cached` worked out during the current step of an action."""
    derived: Derived = field(default_factory=Derived, repr=False, compare=False)

    # ================================================================ engine
    def clone(self) -> ChaseState:
        c = object.__new__(ChaseState)
        c.__dict__.update(self.__dict__)
        c.units = {k: u.copy() for k, u in self.units.items()}
        c.facing = dict(self.facing)
        c.extra = dict(self.extra)
        c.gone = dict(self.gone)
        c.undeployed = list(self.undeployed)
        c.pieces = [p.copy() for p in self.pieces]
        c.clusters = [k.copy() for k in self.clusters]
        c.queue = list(self.queue)
        c.done = list(self.done)
        c.accelerated = set(self.accelerated)
        c.moved = set(self.moved)
        c.engaged = set(self.engaged)
        c.failed = dict(self.failed)
        c.stopped = dict(self.stopped)
        c.tests = dict(self.tests)
        c.restarted = set(self.restarted)
        c.locks = [k.copy() for k in self.locks]
        c.facing_due = list(self.facing_due)
        c.waiting = list(self.waiting)
        c.recycled_now = list(self.recycled_now)
        c.memo = {}
        c.noted = {}
        c.__dict__.pop("_models", None)
        return c

    def to_json(self) -> dict[str, Any]:
        return {
            "turn": self.turn, "phase": str(self.phase), "sides": list(self.sides),
            "wargear": self.wargear,
            "ended": None if self.ended is None else self.ended.to_json(),
            "units": {k: u.to_json() for k, u in self.units.items()},
            "facing": dict(sorted(self.facing.items())),
            "extra": dict(sorted(self.extra.items())),
            "gone": dict(sorted(self.gone.items())), "undeployed": list(self.undeployed),
            "pieces": [p.to_json() for p in self.pieces],
            "clusters": [k.to_json() for k in self.clusters],
            "queue": list(self.queue), "done": list(self.done),
            "accelerated": sorted(self.accelerated), "moved": sorted(self.moved),
            "engaged": sorted(self.engaged),
            "failed": dict(sorted(self.failed.items())),
            "stopped": dict(sorted(self.stopped.items())),
            "tests": dict(sorted(self.tests.items())),
            "restarted": sorted(self.restarted),
            "locks": [k.to_json() for k in self.locks],
            "facing_due": list(self.facing_due), "waiting": list(self.waiting),
            "placer": self.placer, "recycled_now": list(self.recycled_now),
            "mine_due": self.mine_due,
        }

    def touch(self) -> None:
        """The state changed: forget what :meth:`cached` remembered (every change made
        outside an action's apply, e.g. a test placing a model, must call it)."""
        self.version += 1
        self.memo.pop("_cached", None)

    def keep_noted(self) -> None:
        """What was worked out while the last step of an action was being carried out
        (nothing changed since: the game waits for a choice) is remembered as if asked
        after it (an action's apply calls it once the state is final)."""
        got = self.memo.get("_cached")
        if got is None or got[0] != self.version:
            got = self.memo["_cached"] = (self.version, {})
        got[1].update(self.noted)
        self.noted = {}

    def cached(self, key: Any, make: Callable[[], T]) -> T:
        """``make()``, remembered until the state changes (not while an action is being
        carried out)."""
        if self.applying:  # worked out afresh, and noted for :meth:`keep_noted`
            fresh = self.noted[key] = make()
            return fresh
        got = self.memo.get("_cached")
        if got is None or got[0] != self.version:
            got = self.memo["_cached"] = (self.version, {})
        values: dict[Any, Any] = got[1]
        try:
            value: T = values[key]
        except KeyError:
            value = values[key] = make()
        return value

    # ================================================================ reading
    def side_of(self, mid: str) -> str:
        return self._index()[mid][0].side

    def on_table(self, m: Model) -> bool:
        """Alive, deployed and not gone from the table."""
        return m.alive and m.id not in self.gone and (
            not self.undeployed or m.id not in self.undeployed)

    def standing(self, side: str | None = None) -> list[Model]:
        """The models on the table (of ``side``, if given)."""
        return list(self.cached(("standing", side), lambda: [
            m for u in self.units.values() if side is None or u.side == side
            for m in u.models if self.on_table(m)]))

    def other_side(self, side: str) -> str:
        return next((s for s in self.sides if s != side), side)

    def map_piece(self, index: int) -> TrackPiece:
        return self.track.pieces[index]

    def piece_points(self, index: int) -> tuple[XY, ...]:
        """Piece ``index``'s footprint where it stands now."""
        p = self.pieces[index]
        key = ("pts", index, p.dx, p.dy)
        got: tuple[XY, ...] | None = self.memo.get(key)
        if got is None:
            ox, oy = p.dx / HUNDREDTHS, p.dy / HUNDREDTHS
            got = tuple((x + ox, y + oy) for x, y in self.map_piece(index).points)
            if len(self.memo) > 20_000:
                self.memo.clear()
            self.memo[key] = got
        return got

    def piece_shape(self, index: int) -> shapely.Polygon:
        p = self.pieces[index]
        key = ("shape", index, p.dx, p.dy)
        got: shapely.Polygon | None = self.memo.get(key)
        if got is None:
            got = shapely.polygons(self.piece_points(index))
            shapely.prepare(got)
            self.memo[key] = got
        return got

    def table_pieces(self) -> list[Piece]:
        return [p for p in self.pieces if p.where == TABLE]

    def table_clusters(self) -> list[Cluster]:
        return [k for k in self.clusters if k.where == TABLE]

    def cluster(self, cid: str) -> Cluster | None:
        return next((k for k in self.clusters if k.id == cid), None)

    def lock_of(self, mid: str) -> list[Lock]:
        return [k for k in self.locks if k.has(mid)]

    def locked(self, mid: str) -> bool:
        return any(k.has(mid) for k in self.locks)
