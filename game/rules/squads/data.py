"""The squad wargame's numbers (S-1..S-7), read once from ``data/*.toml``.

``profiles.toml`` holds the S-1 profiles, ``weapons.toml`` the weapons, ``rules.toml``
the S-2..S-7 tables, the weapon kinds and the house defaults. Everything there is a
number a player may change for their house rules; the code only reads it. Bad data is a
:class:`~game.core.errors.ScenarioError` naming the file, the table and the field.

Where the seed names a rule or a model without giving its numbers, the TOML carries a
``reading = "..."`` (or ``*_reading``) string beside them; :attr:`SquadData.readings`
gathers them all, so a help page or a test can list them.
"""

from __future__ import annotations

import tomllib
from collections.abc import Mapping
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Any

from game.core.errors import ScenarioError

DATA_DIR = Path(__file__).resolve().parent / "data"
MM_PER_INCH = 25.4
NONE = "-"
"""How the TOML writes "no save" and "no AP"."""
USER = "user"
"""How the TOML writes "the wielder's strength"."""
CHARACTERISTICS = ("ws", "bs", "s", "t", "w", "i", "a", "ld")
"""S-1's whole-number characteristics, in profile order (the save comes last)."""
_BOUNDS = {"ws": (0, 10), "bs": (0, 10), "s": (0, 10), "t": (1, 10), "w": (1, 10),
           "i": (0, 10), "a": (0, 10), "ld": (1, 10)}


@dataclass(frozen=True)
class Profile:
    """S-1: a model's profile (``sv`` None: no armour save)."""

    key: str
    name: str
    ws: int
    bs: int
    s: int
    t: int
    w: int
    i: int
    a: int
    ld: int
    sv: int | None
    """The armour save: 5 is "5+"; None, no save."""
    base_mm: float
    """The base's diameter in millimetres."""
    weapons: tuple[str, ...]
    traits: tuple[str, ...] = ()
    reading: str = ""

    @property
    def radius(self) -> float:
        """The base's radius in inches, to a hundredth."""
        return round(self.base_mm / MM_PER_INCH / 2, 2)

    def line(self) -> str:
        """The profile as a player reads it: "WS 3 BS 3 S 3 T 3 W 1 I 3 A 1 Ld 7 Sv 5+"."""
        nums = " ".join(f"{k.upper() if k != 'ld' else 'Ld'} {getattr(self, k)}"
                        for k in CHARACTERISTICS)
        return f"{nums} Sv {'-' if self.sv is None else f'{self.sv}+'}"


@dataclass(frozen=True)
class Weapon:
    """S-1: a weapon (``s`` None: the wielder's S; ``ap`` None: no AP)."""

    key: str
    name: str
    range: float
    """Inches; a template weapon's is the template's length; 0 in close combat."""
    s: int | None
    ap: int | None
    shots: int
    kind: str
    """A key of :attr:`SquadData.kinds`."""
    reading: str = ""

    def strength(self, user: int) -> int:
        """The weapon's S when ``user`` wields it."""
        return user if self.s is None else self.s


@dataclass(frozen=True)
class WeaponKind:
    """How a kind of weapon fires: rapid fire, assault, heavy, pistol, template..."""

    key: str
    name: str
    close: float
    """Close range as a fraction of the weapon's range (half range: 0.5)."""
    still: tuple[int, int]
    """Multiples of the weapon's shots fired at close range and beyond it, not moved."""
    moved: tuple[int, int]
    """The same for a firer that moved this turn."""
    template: bool = False
    """Hits every model under a template, no to-hit roll."""
    melee: bool = False
    """A close combat weapon (it does not shoot)."""
    reading: str = ""


@dataclass(frozen=True)
class SquadData:
    """Every number of the squad wargame basics (see the TOML files for each)."""

    profiles: Mapping[str, Profile]
    weapons: Mapping[str, Weapon]
    kinds: Mapping[str, WeaponKind]
    to_hit_by_bs: Mapping[int, int]
    """S-2: BS -> the roll needed."""
    bs_above: int
    """S-2: the roll a BS above the table needs."""
    bs_cannot_below: int
    """S-2: a BS below this cannot shoot."""
    cc_higher: int
    cc_otherwise: int
    cc_outclassed: int
    charge_attacks: int
    to_wound_by_difference: Mapping[int, int]
    """S-4: S - T -> the roll needed."""
    characteristic_dice: int
    characteristic_always_fails: int
    leadership_dice: int
    dangerous_fails_on: int
    coherency_distance: float
    coherency_measure: str
    """"edge" (between the closest points of the bases) or "centre"."""
    readings: Mapping[str, str]
    """Every reading in the files, by "file [table] field"."""

    def profile(self, key: str) -> Profile:
        """The profile ``key``; KeyError naming the known ones."""
        try:
            return self.profiles[key]
        except KeyError:
            raise KeyError(f"no profile {key!r} (profiles.toml: "
                           f"{', '.join(self.profiles)})") from None

    def weapon(self, key: str) -> Weapon:
        """The weapon ``key``; KeyError naming the known ones."""
        try:
            return self.weapons[key]
        except KeyError:
            raise KeyError(f"no weapon {key!r} (weapons.toml: "
                           f"{', '.join(self.weapons)})") from None


# ============================================================================ reading
class _Table:
    """One TOML table being read, so that every error names its file, table and field."""

    def __init__(self, file: str, name: str, raw: object) -> None:
        self.where = f"{file} [{name}]"
        if raw is None:
            raise ScenarioError(f"{file} has no [{name}] table")
        if not isinstance(raw, dict):
            raise ScenarioError(f"{self.where} must be a table, not {raw!r}")
        self.raw: dict[str, Any] = raw

    def bad(self, key: str, why: str) -> ScenarioError:
        return ScenarioError(f"{self.where}: '{key}' {why}")

    def get(self, key: str, default: Any = ...) -> Any:
        if key not in self.raw:
            if default is ...:
                raise ScenarioError(f"{self.where} is missing '{key}'")
            return default
        return self.raw[key]

    def int_(self, key: str, lo: int, hi: int, default: Any = ...) -> int:
        v = self.get(key, default)
        if isinstance(v, bool) or not isinstance(v, int) or not lo <= v <= hi:
            raise self.bad(key, f"must be a whole number from {lo} to {hi}, not {v!r}")
        return v

    def number(self, key: str, lo: float, hi: float) -> float:
        v = self.get(key)
        if isinstance(v, bool) or not isinstance(v, int | float) or not lo <= v <= hi:
            raise self.bad(key, f"must be a number from {lo:g} to {hi:g}, not {v!r}")
        return float(v)

    def str_(self, key: str, default: Any = ...) -> str:
        v = self.get(key, default)
        if not isinstance(v, str) or not v.strip():
            raise self.bad(key, f"must be a non-empty string, not {v!r}")
        return v

    def bool_(self, key: str, default: bool) -> bool:
        v = self.get(key, default)
        if not isinstance(v, bool):
            raise self.bad(key, f"must be true or false, not {v!r}")
        return v

    def words(self, key: str) -> tuple[str, ...]:
        v = self.get(key, [])
        if not isinstance(v, list) or not all(isinstance(x, str) and x for x in v):
            raise self.bad(key, f"must be a list of names, not {v!r}")
        return tuple(v)

    def int_or_none(self, key: str, lo: int, hi: int, none: str) -> int | None:
        v = self.get(key)
        if v == none:
            return None
        if isinstance(v, bool) or not isinstance(v, int) or not lo <= v <= hi:
            raise self.bad(key, f"must be a whole number from {lo} to {hi} or "
                                f"\"{none}\", not {v!r}")
        return v

    def pair(self, key: str) -> tuple[int, int]:
        v = self.get(key)
        if (not isinstance(v, list) or len(v) != 2
                or not all(isinstance(x, int) and not isinstance(x, bool) and 0 <= x <= 10
                           for x in v)):
            raise self.bad(key, f"must be two whole numbers from 0 to 10, not {v!r}")
        return v[0], v[1]

    def rolls(self, key: str, lo: int, hi: int) -> dict[int, int]:
        """A table of whole-number keys (as TOML writes them: strings) to d6 rolls."""
        v = self.get(key)
        if not isinstance(v, dict) or not v:
            raise self.bad(key, f"must be a table of numbers to rolls, not {v!r}")
        out: dict[int, int] = {}
        for k, roll in v.items():
            try:
                n = int(k)
            except ValueError:
                raise self.bad(key, f"has a key {k!r} that is not a whole number") from None
            if not lo <= n <= hi or isinstance(roll, bool) or not isinstance(roll, int) \
                    or not 2 <= roll <= 6:
                raise self.bad(key, f"maps {k} to {roll!r}: keys run from {lo} to {hi}, "
                                    "rolls from 2 to 6")
            out[n] = roll
        return out

    def only(self, *known: str) -> None:
        """Refuse a field this table does not know (a typo would silently be ignored)."""
        extra = sorted(k for k in self.raw if k not in known
                       and k != "reading" and not k.endswith("_reading"))
        if extra:
            raise ScenarioError(f"{self.where} has unknown fields {extra} "
                                f"(known: {', '.join(known)})")

    def readings(self, into: dict[str, str]) -> None:
        """Gather this table's ``reading`` and ``*_reading`` strings."""
        for k, v in self.raw.items():
            if k == "reading" or k.endswith("_reading"):
                if not isinstance(v, str) or not v.strip():
                    raise self.bad(k, "must be a sentence saying what was read and why")
                into[f"{self.where} {k}"] = v


def _read(directory: Path, name: str) -> dict[str, Any]:
    path = directory / name
    try:
        with path.open("rb") as f:
            return tomllib.load(f)
    except (OSError, tomllib.TOMLDecodeError) as e:
        raise ScenarioError(f"{name}: cannot be read: {e}") from None


def _profiles(raw: dict[str, Any], weapons: Mapping[str, Weapon],
              readings: dict[str, str]) -> dict[str, Profile]:
    out = {}
    for key, table in raw.items():
        t = _Table("profiles.toml", key, table)
        t.only("name", *CHARACTERISTICS, "sv", "base", "weapons", "traits")
        t.readings(readings)
        nums = {k: t.int_(k, *_BOUNDS[k]) for k in CHARACTERISTICS}
        gear = t.words("weapons")
        for w in gear:
            if w not in weapons:
                raise t.bad("weapons", f"names {w!r}, which is not in weapons.toml "
                                       f"({', '.join(weapons)})")
        out[key] = Profile(key, t.str_("name"), sv=t.int_or_none("sv", 2, 6, NONE),
                           base_mm=t.number("base", 10, 200), weapons=gear,
                           traits=t.words("traits"), reading=t.str_("reading", ""), **nums)
    if not out:
        raise ScenarioError("profiles.toml holds no profile")
    return out


def _weapons(raw: dict[str, Any], kinds: Mapping[str, WeaponKind],
             readings: dict[str, str]) -> dict[str, Weapon]:
    out = {}
    for key, table in raw.items():
        t = _Table("weapons.toml", key, table)
        t.only("name", "range", "s", "ap", "shots", "kind")
        t.readings(readings)
        kind = t.str_("kind")
        if kind not in kinds:
            raise t.bad("kind", f"is {kind!r}, not one of rules.toml's kinds "
                                f"({', '.join(kinds)})")
        out[key] = Weapon(key, t.str_("name"), t.number("range", 0, 120),
                          t.int_or_none("s", 1, 10, USER), t.int_or_none("ap", 1, 6, NONE),
                          t.int_("shots", 1, 20), kind, t.str_("reading", ""))
    return out


def _kinds(raw: object, readings: dict[str, str]) -> dict[str, WeaponKind]:
    if not isinstance(raw, dict) or not raw:
        raise ScenarioError("rules.toml: [kinds] must hold the weapon kinds")
    out = {}
    for key, table in raw.items():
        t = _Table("rules.toml", f"kinds.{key}", table)
        t.only("name", "close", "still", "moved", "template", "melee")
        t.readings(readings)
        out[key] = WeaponKind(key, t.str_("name"), t.number("close", 0, 1), t.pair("still"),
                              t.pair("moved"), t.bool_("template", False),
                              t.bool_("melee", False), t.str_("reading", ""))
    return out


def read_data(directory: Path = DATA_DIR) -> SquadData:
    """Read and check the three files in ``directory`` (see :func:`load_data`)."""
    rules = _read(directory, "rules.toml")
    readings: dict[str, str] = {}

    def table(name: str) -> _Table:
        t = _Table("rules.toml", name, rules.get(name))
        t.readings(readings)
        return t

    kinds = _kinds(rules.get("kinds"), readings)
    weapons = _weapons(_read(directory, "weapons.toml"), kinds, readings)
    profiles = _profiles(_read(directory, "profiles.toml"), weapons, readings)
    shoot, melee, wound = table("to_hit_shooting"), table("to_hit_close_combat"), table("to_wound")
    char, ld, danger = table("characteristic_test"), table("leadership_test"), \
        table("dangerous_terrain")
    coh = table("coherency")
    table("armour_save")
    measure = coh.str_("measure")
    if measure not in ("edge", "centre"):
        raise coh.bad("measure", f"must be \"edge\" or \"centre\", not {measure!r}")
    return SquadData(
        profiles=profiles, weapons=weapons, kinds=kinds,
        to_hit_by_bs=shoot.rolls("by_bs", 1, 10), bs_above=shoot.int_("above", 2, 6),
        bs_cannot_below=shoot.int_("cannot_below", 0, 10),
        cc_higher=melee.int_("higher", 2, 6), cc_otherwise=melee.int_("otherwise", 2, 6),
        cc_outclassed=melee.int_("outclassed", 2, 6),
        charge_attacks=melee.int_("charge_attacks", 0, 10),
        to_wound_by_difference=wound.rolls("by_difference", -10, 10),
        characteristic_dice=char.int_("dice", 1, 3),
        characteristic_always_fails=char.int_("always_fails", 1, 18),
        leadership_dice=ld.int_("dice", 1, 3), dangerous_fails_on=danger.int_("fails_on", 0, 5),
        coherency_distance=coh.number("distance", 0, 12), coherency_measure=measure,
        readings=readings)


@cache
def load_data() -> SquadData:
    """The squad data, read and checked once."""
    return read_data()
