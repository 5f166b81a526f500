"""The state of one Tabletop Hero game: the minis, the turn, whose turn it is."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from game.boards.table import Table
from game.core.derived import Derived
from game.core.places import HUNDREDTHS, Point
from game.core.ruleset import Outcome
from game.rules.hero.data import MiniSpec, load_data
from game.rules.hero.phases import HeroPhase
from game.rules.hero.terrain import Terrain

SHARED_MEMO = 4_000
"""The most answers :meth:`HeroState.shared_memo` keeps (it starts again when full)."""


@dataclass(kw_only=True)
class Mini:
    """A mini on (or waiting to be placed on) the table."""

    id: str
    name: str
    side: str
    kind: str
    hero: bool
    armour: str
    weapons: list[str]
    """Weapon keys, an explosive once for each carried (K-7: consumed on use)."""
    medkits: int
    abilities: tuple[str, ...]
    ht: int
    radius: int
    """Base radius in hundredths of a unit."""
    hp: int
    at: Point | None = None
    """Where it stands; None until it is deployed (K-3)."""
    z: int = 0
    """The height it stands at: 0 on the ground (or inside), a roof's Ht on top of it."""
    facing: int = 0
    """Degrees, the way it last moved (drawing only)."""
    # this turn
    moved: int = 0
    """Hundredths of a unit of movement spent this turn (K-4)."""
    acted: bool = False
    down_at_start: bool = False
    """It began its side's turn unconscious: no move, no action (K-9)."""
    hazards: list[int] = field(default_factory=list)
    """Hazardous pieces that have hurt it this turn (G-1: once per piece per turn)."""
    fired_still: bool = False
    """K-11: it attacked this turn with a weapon that cannot fire if its mini moves this
    turn (the sniper rifle): it stays where it is for the rest of the turn."""

    @property
    def alive(self) -> bool:
        return self.hp > load_data().hp_dead

    @property
    def conscious(self) -> bool:
        return self.hp > load_data().hp_unconscious

    @property
    def status(self) -> str:
        return "ok" if self.conscious else "unconscious" if self.alive else "dead"

    @property
    def on_table(self) -> bool:
        return self.at is not None and self.alive

    @property
    def r(self) -> float:
        """Base radius in units."""
        return self.radius / HUNDREDTHS

    @property
    def xy(self) -> tuple[float, float]:
        at = self.at
        assert at is not None
        return at.x / HUNDREDTHS, at.y / HUNDREDTHS  # Point.units, asked all the time

    def has(self, ability: str) -> bool:
        return ability in self.abilities

    def incorporeal_mark(self) -> bool:
        return "incorporeal" in self.abilities

    @property
    def explosives(self) -> int:
        d = load_data()
        return sum(1 for w in self.weapons if d.weapons[w].explosive)

    def clone(self) -> Mini:
        c = object.__new__(type(self))  # what copy.copy makes, without its detours
        c.__dict__.update(self.__dict__)
        c.weapons = list(self.weapons)
        c.hazards = list(self.hazards)
        return c

    def to_json(self) -> dict[str, Any]:
        return {"name": self.name, "side": self.side, "kind": self.kind, "hero": self.hero,
                "armour": self.armour, "weapons": list(self.weapons),
                "medkits": self.medkits, "abilities": list(self.abilities), "ht": self.ht,
                "radius": self.radius, "hp": self.hp,
                "at": None if self.at is None else self.at.to_json(), "z": self.z,
                "facing": self.facing, "moved": self.moved, "acted": self.acted,
                "down_at_start": self.down_at_start, "hazards": list(self.hazards),
                **({"fired_still": True} if self.fired_still else {})}

    @classmethod
    def of(cls, fid: str, side: str, spec: MiniSpec) -> Mini:
        d = load_data()
        base = spec.base if spec.base is not None else d.base
        return cls(id=fid, name=spec.name, side=side, kind=spec.kind, hero=spec.hero,
                   armour=spec.armour, weapons=list(spec.weapons), medkits=spec.medkits,
                   abilities=spec.abilities, ht=spec.ht if spec.ht is not None else d.model_ht,
                   radius=round(base * HUNDREDTHS / 2), hp=d.hp_start)


@dataclass
class HeroState:
    """A whole game. ``board``, ``options``, ``side_names`` and ``derived`` are shared by
    its clones, not saved."""

    board: Table
    sides: list[str]
    minis: dict[str, Mini] = field(default_factory=dict)
    turn: int = 1
    phase: str = HeroPhase.ARMY
    """A :class:`HeroPhase` (typed ``str`` as the engine's State has it)."""
    armies: dict[str, bool] = field(default_factory=dict)
    """Sides that have chosen their army (K-2)."""
    deploy_rolls: dict[str, int] = field(default_factory=dict)
    deploy_order: list[str] = field(default_factory=list)
    """Sides in the order they deploy (K-3: the highest roll first)."""
    deploy_edge: dict[str, str] = field(default_factory=dict)
    """The table edge each side deploys at ("north", "south", "west", "east")."""
    deploying: str | None = None
    play_order: list[str] = field(default_factory=list)
    """Sides in the order they take their turns: reverse deployment order (K-3)."""
    active: str | None = None
    """The side whose turn it is."""
    ended: Outcome | None = None
    turn_limit: int | None = None
    options: dict[str, Any] = field(default_factory=dict)
    side_names: dict[str, str] = field(default_factory=dict)
    memo: dict[Any, Any] = field(default_factory=dict, repr=False, compare=False)
    """Answers to queries keyed by what they depend on; never saved. Kept for one side's
    turn (:meth:`memo_now` starts a new one when the turn or the side changes), then
    until that side's next turn is over (:attr:`memo_last`): an answer is seldom asked
    again later than that, and a table kept all game grows the heap the cycle collector
    walks."""
    memo_for: tuple[int, str | None] = field(default=(0, None), repr=False, compare=False)
    """The turn and side :attr:`memo` holds answers for."""
    memo_last: dict[Any, Any] = field(default_factory=dict, repr=False, compare=False)
    """The answers of the acting side's previous turn (:meth:`remember` looks there too:
    what a mini that has not moved since asked then holds still)."""
    memo_side: dict[str | None, dict[Any, Any]] = field(default_factory=dict, repr=False,
                                                        compare=False)
    """Each side's memo of its latest turn, while another side acts."""
    derived: Derived = field(default_factory=Derived, repr=False, compare=False)
    """What the match works out once from its board and data (the terrain read by the
    rules, the deployment lattice, the computer player's standing grid...): shared by
    every clone, never saved."""

    @property
    def terrain(self) -> Terrain:
        """The table's terrain as the rules read it (G-1, G-2), worked out once a match
        (and kept at hand on the state and its clones: it is asked for all the time)."""
        t: Terrain | None = self.__dict__.get("_terrain")
        if t is None:
            t = self.__dict__["_terrain"] = self.derived.get(
                "terrain", lambda: Terrain(self.board, load_data()))
        return t

    def clone(self) -> HeroState:
        c = object.__new__(HeroState)
        c.__dict__.update(self.__dict__)
        c.minis = {k: m.clone() for k, m in self.minis.items()}
        c.armies = dict(self.armies)
        c.deploy_rolls = dict(self.deploy_rolls)
        c.deploy_order = list(self.deploy_order)
        c.deploy_edge = dict(self.deploy_edge)
        c.play_order = list(self.play_order)
        c.memo = {}
        c.memo_for = (0, None)
        c.memo_last = {}
        c.memo_side = {}
        return c

    def to_json(self) -> dict[str, Any]:
        return {"turn": self.turn, "phase": self.phase, "sides": list(self.sides),
                "armies": dict(self.armies), "deploy_rolls": dict(self.deploy_rolls),
                "deploy_order": list(self.deploy_order),
                "deploy_edge": dict(self.deploy_edge), "deploying": self.deploying,
                "play_order": list(self.play_order), "active": self.active,
                "ended": None if self.ended is None else self.ended.to_json(),
                "minis": {k: m.to_json() for k, m in self.minis.items()}}

    def key(self) -> tuple[Any, ...]:
        """What queries depend on, for :attr:`memo`."""
        out: list[Any] = [self.phase, self.active, self.deploying, self.turn]
        for m in self.minis.values():
            at = m.at
            x, y = (-1, -1) if at is None else (at.x, at.y)
            out += (x, y, m.z, m.hp, m.moved, m.acted, len(m.weapons), m.medkits,
                    m.fired_still)
        return tuple(out)

    def bodies_near(self, a: tuple[float, float], b: tuple[float, float], margin: float,
                    skip: tuple[str, ...] = ()) -> tuple[Any, ...]:
        """The minis on the table whose bases come within ``margin`` of the box around
        ``a``-``b`` (all a line between them could meet), as a key for :attr:`memo`."""
        x0, x1 = min(a[0], b[0]) - margin, max(a[0], b[0]) + margin
        y0, y1 = min(a[1], b[1]) - margin, max(a[1], b[1]) + margin
        out: list[Any] = []
        dead = load_data().hp_dead  # Mini.alive: hp above it
        for m in self.minis.values():
            at = m.at
            if at is None or m.hp <= dead or m.id in skip:
                continue
            x, y = at.x / HUNDREDTHS, at.y / HUNDREDTHS
            r = m.radius / HUNDREDTHS
            if x0 - r <= x <= x1 + r and y0 - r <= y <= y1 + r:
                out += (m.id, at.x, at.y, m.z, m.ht, m.radius, m.incorporeal_mark())
        return tuple(out)

    def remember(self, key: Any, make: Any, shared: bool = False) -> Any:
        """``memo[key]``, made by ``make()`` the first time (see :attr:`memo`; it is
        emptied too when it grows large: its keys hold everything each answer depends
        on). ``shared``: the answer depends on nothing else but the table and the minis
        as fielded (their names, kinds, gear and bases), so it is looked for, and kept,
        in :meth:`shared_memo` too (games on one table with the same armies ask many of
        the same questions: the deployment and the first moves repeat)."""
        memo = self.memo_now()
        got = memo.get(key)
        if got is None:
            got = self.memo_last.get(key)
            if got is None and shared:
                kept = self.shared_memo()
                got = kept.get(key)
                if got is None:
                    if len(kept) > SHARED_MEMO:
                        kept.clear()
                    got = kept[key] = make()
            if len(memo) > 50_000:
                memo.clear()
            memo[key] = got = make() if got is None else got
        return got

    def shared_memo(self) -> dict[Any, Any]:
        """The answers kept for every match on this table whose minis are fielded as
        these are (in the table's derived data, under the roster: each mini's id, name,
        side, kind, armour, abilities, height and base; see :meth:`remember`)."""
        minis, n = self.minis, len(self.minis)
        got: tuple[dict[str, Mini], int, dict[Any, Any]] | None = self.__dict__.get("_shared")
        # worked out again for a clone (its own minis) or once more minis are fielded
        if got is None or got[0] is not minis or got[1] != n:
            roster = tuple((m.id, m.name, m.side, m.kind, m.hero, m.armour, m.abilities,
                            m.ht, m.radius) for m in minis.values())
            got = self.__dict__["_shared"] = (
                minis, n, self.derived.get(("shared memo", roster), dict))
        return got[2]

    def memo_now(self) -> dict[Any, Any]:
        """:attr:`memo`, a new one if a new turn or side has begun since it was filled
        (the one it held kept for its side, the acting side's previous one looked in)."""
        now = (self.turn, self.active)
        if now != self.memo_for:
            self.memo_side[self.memo_for[1]] = self.memo
            self.memo_last = self.memo_side.pop(self.active, {})
            self.memo = {}
            self.memo_for = now
        return self.memo

    def side_name(self, side: str | None) -> str:
        return self.side_names.get(side or "", side or "nobody")

    def side_minis(self, side: str) -> list[Mini]:
        return [m for m in self.minis.values() if m.side == side]

    def placed(self) -> list[Mini]:
        """Minis on the table (alive, deployed)."""
        dead = load_data().hp_dead
        return [m for m in self.minis.values() if m.at is not None and m.hp > dead]
