"""Models and units of the squad wargame (S-1, S-5, S-7) as plain values.

A :class:`Model` is a profile (a key of ``profiles.toml``), the wounds it has left, where
it stands (x, y in inches, kept to a hundredth so that a state's hash is exact) and the
radius of its base; a :class:`Unit` is a list of models with a leader. Both serialise to
JSON and back (``to_json`` / ``from_json``), so a ruleset's state can hold and hash them.
There is no board and no turn here: those come with the rulesets that use the squads
(the sewer flood, the street chase).
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field, replace
from typing import Any

from game.core.places import HUNDREDTHS, Point
from game.rules.squads.data import Profile, Weapon, load_data

_GUNS: dict[tuple[str, ...], tuple[Any, tuple[Weapon, ...]]] = {}
"""A model's guns by the weapons it carries (:meth:`Model.guns`), with the data they
were read from."""


def _hundredth(v: float) -> float:
    return round(v * HUNDREDTHS) / HUNDREDTHS


@dataclass
class Model:
    """One model on the table (S-1): its profile, its wounds left, its place and base."""

    id: str
    name: str
    profile: str
    """A key of ``profiles.toml``."""
    wounds: int
    """Wounds left (S-5: each unsaved wound removes one); 0: a casualty."""
    x: float
    y: float
    """Where the centre of its base stands, in inches (to a hundredth)."""
    radius: float
    """Its base's radius in inches."""
    weapons: tuple[str, ...]
    """Keys of ``weapons.toml`` it carries."""

    def __post_init__(self) -> None:
        self.x, self.y, self.radius = (_hundredth(v) for v in (self.x, self.y, self.radius))
        self.weapons = tuple(self.weapons)

    @classmethod
    def new(cls, id: str, profile: str, x: float = 0.0, y: float = 0.0, *,
            name: str | None = None, weapons: Sequence[str] | None = None,
            radius: float | None = None) -> Model:
        """A model fresh from its profile: all its wounds, its profile's weapons and base
        unless told otherwise. KeyError naming the known profiles or weapons."""
        p = load_data().profile(profile)
        gear = tuple(p.weapons if weapons is None else weapons)
        for w in gear:
            load_data().weapon(w)
        return cls(id, p.name if name is None else name, profile, p.w, x, y,
                   p.radius if radius is None else radius, gear)

    @property
    def stats(self) -> Profile:
        """S-1: its profile."""
        return load_data().profile(self.profile)

    @property
    def alive(self) -> bool:
        return self.wounds > 0

    @property
    def wounded(self) -> bool:
        """It has lost a wound and still stands."""
        return 0 < self.wounds < self.stats.w

    @property
    def place(self) -> Point:
        """Where it stands, as a board-neutral place."""
        return Point.of(self.x, self.y)

    def move_to(self, x: float, y: float) -> None:
        """Stand it at ``(x, y)`` inches (kept to a hundredth)."""
        self.x, self.y = _hundredth(x), _hundredth(y)

    def guns(self) -> list[Weapon]:
        """The weapons it may shoot with (not its close combat ones)."""
        d = load_data()
        got = _GUNS.get(self.weapons)
        if got is None or got[0] is not d:  # (the data read afresh: worked out again)
            got = _GUNS[self.weapons] = (d, tuple(
                d.weapon(w) for w in self.weapons if not d.kinds[d.weapon(w).kind].melee))
        return list(got[1])

    def close_combat_weapon(self) -> Weapon | None:
        """The close combat weapon it fights with (its first), None: bare hands."""
        d = load_data()
        for w in self.weapons:
            if d.kinds[d.weapon(w).kind].melee:
                return d.weapon(w)
        return None

    def to_json(self) -> dict[str, Any]:
        return {"id": self.id, "name": self.name, "profile": self.profile,
                "wounds": self.wounds, "x": round(self.x * HUNDREDTHS),
                "y": round(self.y * HUNDREDTHS), "radius": round(self.radius * HUNDREDTHS),
                "weapons": list(self.weapons)}

    @classmethod
    def from_json(cls, d: Mapping[str, Any]) -> Model:
        """The model ``d`` describes; ValueError saying which field is wrong."""
        if not isinstance(d, Mapping):
            raise ValueError(f"a model must be an object, not {d!r}")
        who = d.get("id", "?")
        for k, typ in (("id", str), ("name", str), ("profile", str), ("wounds", int),
                       ("x", int), ("y", int), ("radius", int), ("weapons", list)):
            v = d.get(k)
            if not isinstance(v, typ) or isinstance(v, bool):
                raise ValueError(f"model {who!r}: '{k}' must be a {typ.__name__}, not {v!r}")
        data = load_data()
        if d["profile"] not in data.profiles:
            raise ValueError(f"model {who!r}: no profile {d['profile']!r}")
        bad = [w for w in d["weapons"] if not isinstance(w, str) or w not in data.weapons]
        if bad:
            raise ValueError(f"model {who!r}: no weapon {bad[0]!r}")
        if not 0 <= d["wounds"] <= data.profiles[d["profile"]].w or d["radius"] <= 0:
            raise ValueError(f"model {who!r}: wounds {d['wounds']} or radius {d['radius']} "
                             "out of bounds")
        return cls(d["id"], d["name"], d["profile"], d["wounds"], d["x"] / HUNDREDTHS,
                   d["y"] / HUNDREDTHS, d["radius"] / HUNDREDTHS, tuple(d["weapons"]))


@dataclass
class Unit:
    """A unit (a squad, a brood, a swarm, a lone rider): models with a leader."""

    id: str
    name: str
    side: str
    models: list[Model] = field(default_factory=list)
    leader: str | None = None
    """The id of its leader (a sergeant), None if it has none."""

    def __post_init__(self) -> None:
        ids = [m.id for m in self.models]
        if len(set(ids)) != len(ids):
            raise ValueError(f"unit {self.id!r} holds two models with one id")
        if self.leader is not None and self.leader not in ids:
            raise ValueError(f"unit {self.id!r}: its leader {self.leader!r} is not one of "
                             "its models")

    @property
    def survivors(self) -> list[Model]:
        """Its models still standing, in order."""
        return [m for m in self.models if m.wounds > 0]

    @property
    def destroyed(self) -> bool:
        for m in self.models:
            if m.wounds > 0:
                return False
        return True

    def model(self, model_id: str) -> Model:
        for m in self.models:
            if m.id == model_id:
                return m
        raise KeyError(f"unit {self.id!r} has no model {model_id!r}")

    def leader_model(self) -> Model | None:
        """Its leader, if it has one still standing."""
        if self.leader is None:
            return None
        m = self.model(self.leader)
        return m if m.alive else None

    def allocation_order(self) -> list[Model]:
        """S-5, a reading (rules.toml [armour_save]): the order its survivors take unsaved
        wounds: a wounded model first, then down the unit, the leader last."""
        alive = self.survivors
        rest = [m for m in alive if m.id != self.leader]
        lead = [m for m in alive if m.id == self.leader]
        return sorted(rest, key=lambda m: not m.wounded) + lead

    def copy(self) -> Unit:
        """An independent copy (its models copied too)."""
        return replace(self, models=[replace(m) for m in self.models])

    def to_json(self) -> dict[str, Any]:
        return {"id": self.id, "name": self.name, "side": self.side,
                "leader": self.leader, "models": [m.to_json() for m in self.models]}

    @classmethod
    def from_json(cls, d: Mapping[str, Any]) -> Unit:
        """The unit ``d`` describes; ValueError saying which field is wrong."""
        if not isinstance(d, Mapping):
            raise ValueError(f"a unit must be an object, not {d!r}")
        for k in ("id", "name", "side"):
            if not isinstance(d.get(k), str):
                raise ValueError(f"unit {d.get('id', '?')!r}: '{k}' must be a str")
        if not isinstance(d.get("models"), list):
            raise ValueError(f"unit {d['id']!r}: 'models' must be a list")
        leader = d.get("leader")
        if leader is not None and not isinstance(leader, str):
            raise ValueError(f"unit {d['id']!r}: 'leader' must be a model id or null")
        return cls(d["id"], d["name"], d["side"],
                   [Model.from_json(m) for m in d["models"]], leader)


Target = Unit | Model | Sequence[Model]
"""What an attack is made against: a unit (its survivors in the order they take wounds),
a lone model, or models already in that order."""


def wound_order(target: Target) -> list[Model]:
    """S-5: the standing models of ``target`` in the order they take unsaved wounds."""
    if isinstance(target, Unit):
        return target.allocation_order()
    if isinstance(target, Model):
        return [target] if target.alive else []
    return [m for m in target if m.alive]


def target_name(target: Target) -> tuple[str | None, str]:
    """The id events give ``target`` and the name their text does."""
    if isinstance(target, Unit | Model):
        return target.id, target.name
    models = list(target)
    if len(models) == 1:
        return models[0].id, models[0].name
    return None, "the models"


def majority(values: Iterable[int]) -> int:
    """S-3, S-4, a reading (rules.toml [to_hit_close_combat] target_reading): the value most
    of a unit's models have, the higher on a tie."""
    counts: dict[int, int] = {}
    for v in values:
        counts[v] = counts.get(v, 0) + 1
    if not counts:
        raise ValueError("no models to take a majority of")
    return max(counts, key=lambda v: (counts[v], v))


class Roster:
    """A squad game's state's models, read by id: the part the flood's and the chase's
    states share. The state holds ``units`` and ``side_names``; the index is kept in its
    ``__dict__`` under ``_models`` (a clone drops it)."""

    units: dict[str, Unit]
    side_names: dict[str, str]

    def side_name(self, side: str | None) -> str:
        return self.side_names.get(side or "", side or "nobody")

    def all_models(self) -> Iterator[Model]:
        for u in self.units.values():
            yield from u.models

    def _index(self) -> dict[str, tuple[Unit, Model]]:
        got: dict[str, tuple[Unit, Model]] | None = self.__dict__.get("_models")
        if got is None:
            got = self.__dict__["_models"] = {m.id: (u, m) for u in self.units.values()
                                              for m in u.models}
        return got

    def model(self, mid: str) -> Model:
        return self._index()[mid][1]

    def unit_of(self, mid: str) -> Unit:
        return self._index()[mid][0]

    def has_model(self, mid: str) -> bool:
        return mid in self._index()
