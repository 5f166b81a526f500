"""The Fantasy Trip numbers, read from TOML (kinds, weapons, armour, rule tables).

Everything here is data a player may change for their house rules; the code only reads
it. Bad data is a ScenarioError naming the file and the field.
"""

from __future__ import annotations

import tomllib
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Any

from game.core.errors import ScenarioError
from game.core.odds import DiceExpr

DATA_DIR = Path(__file__).parent / "data"


@dataclass(frozen=True)
class Kind:
    """A figure type (H-1)."""

    key: str
    name: str
    h: int
    climb: int
    hexes: int
    ma: int
    playable: bool = True
    shape: tuple[tuple[int, ...], ...] = ()
    """H-15: the other hexes of a multi-hex figure, as walks of directions from its front
    hex counted from its facing."""


@dataclass(frozen=True)
class Weapon:
    """A weapon (T-4)."""

    key: str
    name: str
    damage: DiceExpr
    st: int
    hands: int
    pole: bool = False
    missile: bool = False
    thrown: bool = False
    melee: bool = True
    natural: bool = False
    range: int = 0
    """H-18: the longest shot, in hexes (missile and thrown weapons)."""


@dataclass(frozen=True)
class Protection:
    """A suit of armour or a shield (T-4)."""

    key: str
    name: str
    stops: int
    dx: int
    ma: int | None = None
    shield: bool = False


@dataclass(frozen=True)
class Automatic:
    """A total that decides an attack whatever the target (T-2)."""

    hit: bool
    result: str
    multiplier: int = 1
    drop: bool = False
    breaks: bool = False


@dataclass(frozen=True)
class TftData:
    kinds: dict[str, Kind]
    weapons: dict[str, Weapon]
    armour: dict[str, Protection]
    shields: dict[str, Protection]
    automatic: dict[int, Automatic]
    tables: dict[str, dict[str, Any]]

    def num(self, table: str, key: str) -> Any:
        """A number from rules.toml, e.g. ``num("facing", "rear_dx")``."""
        try:
            return self.tables[table][key]
        except KeyError:
            raise ScenarioError(f"rules.toml: [{table}] is missing '{key}'") from None


def _read(name: str) -> dict[str, Any]:
    path = DATA_DIR / name
    try:
        with path.open("rb") as f:
            return tomllib.load(f)
    except (OSError, tomllib.TOMLDecodeError) as e:
        raise ScenarioError(f"{name}: cannot be read: {e}") from None


def _field(table: dict[str, Any], key: str, typ: type, where: str, default: Any = ...) -> Any:
    if key not in table:
        if default is ...:
            raise ScenarioError(f"{where} is missing '{key}'")
        return default
    v = table[key]
    if typ is int and (isinstance(v, bool) or not isinstance(v, int)):
        raise ScenarioError(f"{where}: '{key}' must be a whole number, not {v!r}")
    if not isinstance(v, typ):
        raise ScenarioError(f"{where}: '{key}' must be a {typ.__name__}, not {v!r}")
    return v


@cache
def load_data() -> TftData:
    """All TFT data, read once."""
    kinds = {}
    for key, t in _read("kinds.toml").items():
        w = f"kinds.toml [{key}]"
        hexes = _field(t, "hexes", int, w, 1)
        shape = _field(t, "shape", list, w, [])
        if (not all(isinstance(p, list) and p and all(isinstance(d, int)
                                                      and not isinstance(d, bool)
                                                      and 0 <= d < 6 for d in p)
                    for p in shape) or len(shape) != hexes - 1):
            raise ScenarioError(f"{w}: 'shape' must list {hexes - 1} walks of directions "
                                "0-5 (one per hex beside the front one)")
        kinds[key] = Kind(key, _field(t, "name", str, w), _field(t, "h", int, w),
                          _field(t, "climb", int, w, 0), hexes,
                          _field(t, "ma", int, w), _field(t, "playable", bool, w, True),
                          tuple(tuple(p) for p in shape))
    weapons = {}
    for key, t in _read("weapons.toml").items():
        w = f"weapons.toml [{key}]"
        try:
            dmg = DiceExpr.parse(_field(t, "damage", str, w))
        except ValueError as e:
            raise ScenarioError(f"{w}: {e}") from None
        missile = _field(t, "missile", bool, w, False)
        weapons[key] = Weapon(key, _field(t, "name", str, w), dmg, _field(t, "st", int, w),
                              _field(t, "hands", int, w, 1), _field(t, "pole", bool, w, False),
                              missile, _field(t, "thrown", bool, w, False),
                              _field(t, "melee", bool, w, not missile),
                              _field(t, "natural", bool, w, False),
                              _field(t, "range", int, w, 0))
    arm = _read("armour.toml")
    armour = {
        k: Protection(k, _field(t, "name", str, f"armour.toml [armour.{k}]"),
                      _field(t, "stops", int, f"armour.toml [armour.{k}]"),
                      _field(t, "dx", int, f"armour.toml [armour.{k}]"),
                      _field(t, "ma", int, f"armour.toml [armour.{k}]"))
        for k, t in arm.get("armour", {}).items()
    }
    shields = {
        k: Protection(k, _field(t, "name", str, f"armour.toml [shield.{k}]"),
                      _field(t, "stops", int, f"armour.toml [shield.{k}]"),
                      _field(t, "dx", int, f"armour.toml [shield.{k}]"), shield=True)
        for k, t in arm.get("shield", {}).items()
    }
    tables = _read("rules.toml")
    auto_raw = tables.get("attack", {}).get("automatic", {})
    automatic = {}
    for total, t in auto_raw.items():
        w = f"rules.toml [attack.automatic] {total}"
        automatic[int(total)] = Automatic(_field(t, "hit", bool, w), _field(t, "result", str, w),
                                          _field(t, "multiplier", int, w, 1),
                                          _field(t, "drop", bool, w, False),
                                          _field(t, "breaks", bool, w, False))
    return TftData(kinds, weapons, armour, shields, automatic, tables)


UNIT_FIELDS = {"kind": str, "st": int, "dx": int, "iq": int, "ma": int, "weapons": list,
               "armour": str, "shield": str, "name": str, "ready": str, "talents": list}

TALENTS = ("climbing", "swimming")
"""Talents the height rules read: Climbing (H-11: 3d6 to climb), Swimming (H-21)."""


@dataclass(frozen=True)
class UnitSpec:
    """A scenario's unit, checked against the data."""

    key: str
    kind: Kind
    st: int
    dx: int
    iq: int
    ma: int
    weapons: tuple[str, ...]
    ready: str | None
    armour: str | None
    shield: str | None
    talents: tuple[str, ...] = ()


def unit_spec(key: str, raw: dict[str, Any], source: str) -> UnitSpec:
    """Check a scenario's ``[units.KEY]`` table (T-1, T-4); ScenarioError names the field."""
    d = load_data()
    w = f"{source}: [units.{key}]"
    for k in raw:
        if k not in UNIT_FIELDS:
            raise ScenarioError(f"{w}: unknown field '{k}' (known: {', '.join(UNIT_FIELDS)})")
    kind_key = _field(raw, "kind", str, w)
    kind = d.kinds.get(kind_key)
    if kind is None:
        raise ScenarioError(f"{w}: unknown kind '{kind_key}' (known: {', '.join(d.kinds)})")
    if not kind.playable:
        raise ScenarioError(f"{w}: kind '{kind_key}' is a {kind.hexes}-hex figure; multi-hex "
                            "figures (H-15) are not playable yet")
    st = _stat(raw, "st", w)
    dx = _stat(raw, "dx", w)
    weapons = tuple(_field(raw, "weapons", list, w, []))
    for wk in weapons:
        if not isinstance(wk, str):
            raise ScenarioError(f"{w}: 'weapons' must be a list of weapon names, not "
                                f"{list(weapons)!r:.60}")
        if wk not in d.weapons:
            raise ScenarioError(f"{w}: unknown weapon '{wk}' (known: {', '.join(d.weapons)})")
        if d.weapons[wk].st > st:
            raise ScenarioError(f"{w}: the {d.weapons[wk].name} needs ST {d.weapons[wk].st}, "
                                f"the unit has ST {st}")
    armour = _field(raw, "armour", str, w, None)
    if armour is not None and armour not in d.armour:
        raise ScenarioError(f"{w}: unknown armour '{armour}' (known: {', '.join(d.armour)})")
    shield = _field(raw, "shield", str, w, None)
    if shield is not None and shield not in d.shields:
        raise ScenarioError(f"{w}: unknown shield '{shield}' (known: {', '.join(d.shields)})")
    ready = _field(raw, "ready", str, w, weapons[0] if weapons else None)
    if ready == "":
        ready = None  # nothing in hand (a climber, H-11)
    if ready is not None and ready not in weapons:
        raise ScenarioError(f"{w}: ready weapon '{ready}' is not among its weapons "
                            f"({', '.join(weapons) or 'none'})")
    if ready is not None and shield is not None and d.weapons[ready].hands >= 2:
        raise ScenarioError(f"{w}: the {d.weapons[ready].name} needs both hands, "
                            "so no shield can be carried ready with it")
    ma = _stat(raw, "ma", w, kind.ma)
    cap = d.armour[armour].ma if armour is not None else None
    if cap is not None:
        ma = min(ma, cap)
    talents = tuple(_field(raw, "talents", list, w, []))
    for tk in talents:
        if tk not in TALENTS:
            raise ScenarioError(f"{w}: unknown talent {tk!r} (known: {', '.join(TALENTS)})")
    return UnitSpec(key, kind, st, dx, _stat(raw, "iq", w, 8), ma, weapons, ready,
                    armour, shield, talents)


def _stat(raw: dict[str, Any], key: str, where: str, default: Any = ...) -> int:
    """A unit stat, within the bounds of rules.toml [unit_limits]."""
    v: int = _field(raw, key, int, where, default)
    lo, hi = load_data().num("unit_limits", key)
    if not lo <= v <= hi:
        raise ScenarioError(f"{where}: '{key}' must be from {lo} to {hi}, not {v}")
    return v
