"""Tabletop Hero's numbers and tables (data/gear.toml, data/terrain.toml) as typed values,
and the minis a scenario or an army sheet describes (K-2, K-11, G-2, G-7)."""

from __future__ import annotations

import functools
import re
import tomllib
from collections.abc import Mapping
from dataclasses import dataclass
from dataclasses import field as dc_field
from pathlib import Path
from typing import Any

from game.core.errors import ScenarioError, printable
from game.core.odds import DiceExpr

DATA = Path(__file__).resolve().parent / "data"
ABILITIES = ("flight", "incorporeal", "unimpeded")
"""G-7 model abilities a unit may have."""
DEPLOY = ("yes", "no", "inside", "climbable")
ACCESS = ("climb", "walk", "enter")
KIND = re.compile(r"[a-z_]{1,20}")
"""A mini's kind (its emblem's file name): a plain word."""


@dataclass(frozen=True)
class Armour:
    key: str
    name: str
    hit: DiceExpr
    """The defending roll (K-5)."""
    absorb: int
    speed: int
    """Speed penalty (a negative number of units, K-4)."""
    cost: int
    hero_only: bool = False


@dataclass(frozen=True)
class Weapon:
    key: str
    name: str
    hit: DiceExpr
    damage: DiceExpr
    range: tuple[int, int]
    cost: int
    ignores_absorb: bool = False
    melee: bool = False
    shots: int = 1
    still: bool = False
    """Cannot attack after the mini moved this turn (the sniper)."""
    explosive: bool = False

    def in_range(self, distance: float) -> bool:
        """K-11: within range, measured base to base, top-down (G-4): up to the larger
        number, and at least the smaller where it is more than 1 (the sniper's 10-26)."""
        lo, hi = self.range
        return distance <= hi + 1e-9 and (lo <= 1 or distance >= lo - 1e-9)

    @property
    def range_text(self) -> str:
        lo, hi = self.range
        return str(hi) if lo == hi else f"{lo}-{hi}"

    @property
    def max_damage(self) -> int:
        """K-6: the most its damage dice can roll."""
        d = self.damage
        top = d.n * d.sides + d.plus
        return -(-top // 2) if d.halved == "up" else top // 2 if d.halved else top


@dataclass(frozen=True)
class Item:
    key: str
    name: str
    hit: DiceExpr
    success: int
    heal: int
    range: tuple[int, int]
    cost: int


@dataclass(frozen=True)
class KindSpec:
    """A G-2 terrain kind's defaults."""

    key: str
    ht: int | None
    traits: frozenset[str]
    linear: bool = False
    stops_pushes: bool = False
    deploy: str = "yes"
    access: str | None = None


@dataclass(frozen=True)
class Cover:
    rays: int
    open: float
    covered: float
    concealed: float
    covered_defence: int
    reach: float


@dataclass(frozen=True)
class Explosive:
    blast: float
    on_target: tuple[int, ...]
    arc: float
    bounce: float
    directions: Mapping[int, str]


@dataclass(frozen=True)
class HeroData:
    """Everything numeric of seeds 003 and 004 (see the TOML files for each number)."""

    points_hero: int
    points_mini: int
    hp_start: int
    hp_unconscious: int
    hp_dead: int
    bleed: int
    move_base: int
    no_action: int
    deploy_teammate: float
    deploy_edge: float
    first_turn_attacks: bool
    cover: Cover
    explosive: Explosive
    armour: Mapping[str, Armour]
    weapons: Mapping[str, Weapon]
    items: Mapping[str, Item]
    kinds: Mapping[str, KindSpec]
    traits: tuple[str, ...]
    line_thickness: float
    line_cost: float
    vantage_min_ht: int
    fall_free: int
    fall_per_unit: int
    blast_push: float
    model_ht: int
    base: float
    hazard: tuple[tuple[str, tuple[int, ...], int], ...]
    """(band name, faces, damage) of G-1's weak / moderate / severe."""
    limits: Mapping[str, tuple[float, float]] = dc_field(default_factory=dict)
    """Bounds of what a scenario's units, armies and options may hold (gear.toml
    [limits]: name, ht, base, medkits, weapons, army, blast_push)."""

    def limit(self, key: str) -> tuple[float, float]:
        """The ``[limits]`` bounds of ``key``, lowest and highest."""
        return self.limits[key]


def _dice(text: str, where: str) -> DiceExpr:
    try:
        return DiceExpr.parse(text)
    except ValueError as e:
        raise ValueError(f"{where}: {e}") from None


def _range(v: Any) -> tuple[int, int]:
    lo, hi = v
    return int(lo), int(hi)


@functools.cache
def load_data() -> HeroData:
    """The data files, read once."""
    g = tomllib.loads((DATA / "gear.toml").read_text(encoding="utf-8"))
    t = tomllib.loads((DATA / "terrain.toml").read_text(encoding="utf-8"))
    armour = {k: Armour(k, v["name"], _dice(v["hit"], k), v["absorb"], v["speed"], v["cost"],
                        v.get("hero_only", False)) for k, v in g["armour"].items()}
    weapons = {k: Weapon(k, v["name"], _dice(v["hit"], k), _dice(v["damage"], k),
                         _range(v["range"]), v["cost"], v.get("ignores_absorb", False),
                         v.get("melee", False), v.get("shots", 1), v.get("still", False),
                         v.get("explosive", False)) for k, v in g["weapons"].items()}
    items = {k: Item(k, v["name"], _dice(v["hit"], k), v["success"], v["heal"],
                     _range(v["range"]), v["cost"]) for k, v in g["items"].items()}
    names = tuple(t["traits"])
    kinds = {}
    for k, v in t["kinds"].items():
        traits = frozenset(v.get("traits", []))
        bad = traits - set(names)
        if bad or v.get("deploy", "yes") not in DEPLOY or v.get("access") not in (None, *ACCESS):
            raise ValueError(f"terrain.toml: kind {k} is malformed")
        kinds[k] = KindSpec(k, v.get("ht"), traits, v.get("linear", False),
                            v.get("stops_pushes", False), v.get("deploy", "yes"),
                            v.get("access"))
    c, e, n = g["cover"], g["explosive"], t["numbers"]
    hazard = tuple((band, tuple(v["faces"]), v["damage"]) for band, v in t["hazard"].items())
    return HeroData(
        points_hero=g["points"]["hero"], points_mini=g["points"]["mini"],
        hp_start=g["health"]["start"], hp_unconscious=g["health"]["unconscious"],
        hp_dead=g["health"]["dead"], bleed=g["health"]["bleed"],
        move_base=g["move"]["base"], no_action=g["move"]["no_action"],
        deploy_teammate=float(g["deploy"]["teammate"]), deploy_edge=float(g["deploy"]["edge"]),
        first_turn_attacks=g["deploy"]["first_turn_attacks"],
        cover=Cover(c["rays"], c["open"], c["covered"], c["concealed"], c["covered_defence"],
                    float(c["reach"])),
        explosive=Explosive(float(e["blast"]), tuple(e["on_target"]), float(e["arc"]),
                            float(e["bounce"]),
                            {int(k): v for k, v in e["directions"].items()}),
        armour=armour, weapons=weapons, items=items, kinds=kinds, traits=names,
        line_thickness=float(n["line_thickness"]), line_cost=float(n["line_cost"]),
        vantage_min_ht=n["vantage_min_ht"], fall_free=n["fall_free"],
        fall_per_unit=n["fall_per_unit"], blast_push=float(n["blast_push"]),
        model_ht=n["model_ht"], base=float(n["base"]), hazard=hazard,
        limits={k: (lo, hi) for k, (lo, hi) in g["limits"].items()})


# ============================================================================ minis
@dataclass(frozen=True)
class MiniSpec:
    """One mini of an army: who it is and its gear (K-2, K-11) and abilities (G-7)."""

    name: str
    kind: str = "soldier"
    """Its emblem (sprites/figures/KIND.png; a plain pawn if there is none)."""
    hero: bool = False
    armour: str = "none"
    weapons: tuple[str, ...] = ()
    """Weapon keys; an explosive once per explosive carried (K-7)."""
    medkits: int = 0
    abilities: tuple[str, ...] = ()
    ht: int | None = None
    """Its Ht (G-1, G-4); None: the usual."""
    base: float | None = None
    """Base diameter in units; None: the usual."""

    def cost(self) -> int:
        """K-2, K-11: the points its gear costs."""
        d = load_data()
        total = d.armour[self.armour].cost if self.armour in d.armour else 0
        total += sum(d.weapons[w].cost for w in self.weapons if w in d.weapons)
        return total + self.medkits * d.items["medkit"].cost

    def allowance(self) -> int:
        """K-2: the points it may spend (the hero more)."""
        d = load_data()
        return d.points_hero if self.hero else d.points_mini

    def as_tuple(self) -> tuple[str, str, bool, str, tuple[str, ...], int]:
        """How an army sheet sends it (see ``BuildArmy``)."""
        return (self.name, self.kind, self.hero, self.armour, self.weapons, self.medkits)

    @classmethod
    def from_tuple(cls, t: tuple[str, str, bool, str, tuple[str, ...], int]) -> MiniSpec:
        name, kind, hero, armour, weapons, medkits = t
        return cls(name, kind, hero, armour, tuple(weapons), medkits)


def why_not_spec(spec: MiniSpec) -> str | None:
    """K-2, K-11: None if ``spec`` is a mini an army may field, else why not."""
    d = load_data()
    who = spec.name if printable(spec.name) == spec.name else printable(spec.name) or "a mini"
    lo, hi = d.limit("name")
    if not spec.name.strip():
        return "every mini needs a name"
    if printable(spec.name) != spec.name or not lo <= len(spec.name) <= hi:
        return (f"the name '{who[:int(hi)]}' must be plain text of {lo:g} to {hi:g} letters, "
                f"without control characters or spaces at its ends")
    if not KIND.fullmatch(spec.kind):
        return f"{who}: '{printable(spec.kind)[:20]}' is not a kind of mini (a plain word)"
    for key, n in (("weapons", len(spec.weapons)), ("medkits", spec.medkits)):
        lo, hi = d.limit(key)
        if not lo <= n <= hi:
            return f"{who} carries {n} {key}; a mini carries {lo:g} to {hi:g}"
    if spec.armour not in d.armour:
        return f"{who}: there is no armour '{spec.armour}' (K-11: {', '.join(d.armour)})"
    if d.armour[spec.armour].hero_only and not spec.hero:
        return f"{who}: {d.armour[spec.armour].name} is only wearable by the hero (K-11)"
    for w in spec.weapons:
        if w not in d.weapons:
            return f"{who}: there is no weapon '{w}' (K-11: {', '.join(d.weapons)})"
    plain = [w for w in spec.weapons if not d.weapons[w].explosive]
    if len(set(plain)) != len(plain):
        return f"{who} carries the same weapon twice (only explosives may be doubled, K-7)"
    for a in spec.abilities:
        if a not in ABILITIES:
            return f"{who}: there is no ability '{a}' (G-7: {', '.join(ABILITIES)})"
    if spec.cost() > spec.allowance():
        role = "the hero" if spec.hero else "a mini"
        return (f"{who}'s gear costs {spec.cost()} points; {role} may carry "
                f"{spec.allowance()} (K-2)")
    return None


def unit_spec(key: str, raw: Mapping[str, Any], where: str) -> MiniSpec:
    """A scenario's ``[units.KEY]`` as a mini; ScenarioError naming the file and unit."""

    def bad(why: str) -> ScenarioError:
        return ScenarioError(f"{where}: [units.{key}] {why}")

    known = {"name", "kind", "hero", "armour", "weapons", "medkits", "abilities", "ht", "base"}
    extra = sorted(set(raw) - known)
    if extra:
        raise bad(f"has unknown fields {extra} (known: {', '.join(sorted(known))})")
    weapons = raw.get("weapons", [])
    abilities = raw.get("abilities", [])
    if not isinstance(weapons, list) or not all(isinstance(w, str) for w in weapons):
        raise bad("'weapons' must be a list of weapon names")
    if not isinstance(abilities, list) or not all(isinstance(a, str) for a in abilities):
        raise bad("'abilities' must be a list of names")
    for field, typ in (("name", str), ("kind", str), ("hero", bool), ("armour", str),
                       ("medkits", int), ("ht", int)):
        v = raw.get(field)
        if v is not None and (not isinstance(v, typ) or (typ is int and isinstance(v, bool))):
            raise bad(f"'{field}' must be a {typ.__name__}, not {v!r}")
    d = load_data()
    base = raw.get("base")
    lo, hi = d.limit("base")
    if base is not None and (isinstance(base, bool) or not isinstance(base, int | float)
                             or not lo <= base <= hi):
        raise bad(f"'base' must be a diameter in units from {lo:g} to {hi:g}, not {base!r}")
    ht = raw.get("ht")
    lo, hi = d.limit("ht")
    if ht is not None and not lo <= ht <= hi:
        raise bad(f"'ht' must be from {lo:g} to {hi:g}, not {ht}")
    name = printable(raw.get("name", key.replace("_", " ").title()))
    spec = MiniSpec(name=name,
                    kind=raw.get("kind", "soldier"), hero=raw.get("hero", False),
                    armour=raw.get("armour", "none"), weapons=tuple(weapons),
                    medkits=raw.get("medkits", 0), abilities=tuple(abilities), ht=ht,
                    base=None if base is None else float(base))
    why = why_not_spec(spec)
    if why is not None:
        raise bad(why)
    return spec
