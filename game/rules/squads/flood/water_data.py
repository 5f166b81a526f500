"""The flood's numbers (F-1..F-8), read once from ``squads/data/flood.toml``.

The roll the flood needs on each turn (F-2), the characteristic models test (F-3), the
die of the carry (F-4), the roll that knocks a model off its feet (F-5), the damage (F-6)
and the share of a unit that keeps it from being scattered (F-8). Bad data is a
:class:`~game.core.errors.ScenarioError` naming the file, the table and the field; every
``*_reading`` beside a number is gathered in :attr:`FloodData.readings`.
"""

from __future__ import annotations

import tomllib
from collections.abc import Mapping
from dataclasses import dataclass
from fractions import Fraction
from functools import cache
from pathlib import Path
from typing import Any

from game.core.errors import ScenarioError
from game.rules.squads.data import CHARACTERISTICS

FILE = Path(__file__).resolve().parents[1] / "data" / "flood.toml"
NAME = "flood.toml"
TABLES: dict[str, tuple[str, ...]] = {
    "origin": (),
    "chance": ("needs", "sure_from"),
    "test": ("characteristic",),
    "carry": ("sides",),
    "bump": ("knocked_on",),
    "damage": ("strength", "per_inches", "stopped_strength", "dead_end_stops"),
    "flooded": (),
    "coherency": ("scattered_below",),
}
"""Each table of the file and the numbers it holds."""


@dataclass(frozen=True)
class FloodData:
    """The flood's numbers (see flood.toml for each)."""

    needs: Mapping[int, int]
    """F-2: turn -> the d6 roll the flood needs (6: 6+)."""
    sure_from: int
    """F-2: from this turn the flood comes with no roll."""
    characteristic: str
    """F-3: the characteristic every model tests ("s")."""
    sides: int
    """F-4: the carry's die (exploding on its highest face) and the fork's die."""
    knocked_on: int
    """F-5: the roll that knocks a touched model off its feet."""
    strength: int
    """F-6: the hit's strength for a carry under ``per_inches`` inches."""
    per_inches: float
    """F-6: +1 S per full this many inches carried."""
    stopped_strength: int
    """F-6: the extra hit on a model stopped by impassable terrain."""
    dead_end_stops: bool
    """F-6: a dead end's wall counts as impassable terrain (the extra hit)."""
    scattered_below: Fraction
    """F-8: a unit with less than this share of its survivors in coherency is
    scattered."""
    readings: Mapping[str, str]
    """Every reading of the file, by "flood.toml [table] field"."""

    @property
    def first_turn(self) -> int:
        """F-2: the first turn the flood may come."""
        return min([*self.needs, self.sure_from])


def _bad(table: str, key: str, why: str) -> ScenarioError:
    return ScenarioError(f"{NAME} [{table}]: '{key}' {why}")


def _int(t: Mapping[str, Any], table: str, key: str, lo: int, hi: int) -> int:
    v = t.get(key)
    if isinstance(v, bool) or not isinstance(v, int) or not lo <= v <= hi:
        raise _bad(table, key, f"must be a whole number from {lo} to {hi}, not {v!r}")
    return v


def _needs(t: Mapping[str, Any], sides: int) -> dict[int, int]:
    v = t.get("needs")
    if not isinstance(v, dict) or not v:
        raise _bad("chance", "needs", f"must be a table of turns to rolls, not {v!r}")
    out: dict[int, int] = {}
    for k, roll in v.items():
        try:
            turn = int(k)
        except ValueError:
            raise _bad("chance", "needs", f"has a key {k!r} that is not a turn") from None
        if not 1 <= turn <= 99 or isinstance(roll, bool) or not isinstance(roll, int) \
                or not 1 <= roll <= sides:
            raise _bad("chance", "needs", f"maps {k} to {roll!r}: turns run from 1 to 99, "
                                          f"rolls from 1 to {sides}")
        out[turn] = roll
    return dict(sorted(out.items()))


def _readings(raw: Mapping[str, Any]) -> dict[str, str]:
    out: dict[str, str] = {}
    for name, table in raw.items():
        for k, v in table.items():
            if k == "reading" or k.endswith("_reading"):
                if not isinstance(v, str) or not v.strip():
                    raise _bad(name, k, "must be a sentence saying what was read and why")
                out[f"{NAME} [{name}] {k}"] = v
    return out


def _tables(raw: Mapping[str, Any]) -> None:
    """Every table there, each a table, with no field it does not know."""
    for name, known in TABLES.items():
        t = raw.get(name)
        if not isinstance(t, dict):
            raise ScenarioError(f"{NAME} has no [{name}] table" if t is None
                                else f"{NAME} [{name}] must be a table, not {t!r}")
        extra = sorted(k for k in t if k not in known and k != "reading"
                       and not k.endswith("_reading"))
        if extra:
            raise ScenarioError(f"{NAME} [{name}] has unknown fields {extra} "
                                f"(known: {', '.join(known) or 'readings only'})")
    extra = sorted(k for k in raw if k not in TABLES)
    if extra:
        raise ScenarioError(f"{NAME} has unknown tables {extra} ({', '.join(TABLES)})")


def read_flood_data(path: Path = FILE) -> FloodData:
    """Read and check the file at ``path`` (see :func:`flood_data`)."""
    try:
        with path.open("rb") as f:
            raw = tomllib.load(f)
    except (OSError, tomllib.TOMLDecodeError) as e:
        raise ScenarioError(f"{NAME}: cannot be read: {e}") from None
    _tables(raw)
    test, carry, bump = raw["test"], raw["carry"], raw["bump"]
    damage, chance = raw["damage"], raw["chance"]
    characteristic = test.get("characteristic")
    if characteristic not in CHARACTERISTICS:
        raise _bad("test", "characteristic", f"must be one of {', '.join(CHARACTERISTICS)}, "
                                             f"not {characteristic!r}")
    sides = _int(carry, "carry", "sides", 2, 100)
    per = damage.get("per_inches")
    if isinstance(per, bool) or not isinstance(per, int | float) or not 0.5 <= per <= 100:
        raise _bad("damage", "per_inches", f"must be a number from 0.5 to 100, not {per!r}")
    dead_end = damage.get("dead_end_stops")
    if not isinstance(dead_end, bool):
        raise _bad("damage", "dead_end_stops", f"must be true or false, not {dead_end!r}")
    return FloodData(
        needs=_needs(chance, sides), sure_from=_int(chance, "chance", "sure_from", 1, 99),
        characteristic=characteristic, sides=sides,
        knocked_on=_int(bump, "bump", "knocked_on", 1, sides),
        strength=_int(damage, "damage", "strength", 1, 10), per_inches=float(per),
        stopped_strength=_int(damage, "damage", "stopped_strength", 1, 10),
        dead_end_stops=dead_end,
        scattered_below=Fraction(_int(raw["coherency"], "coherency", "scattered_below",
                                      1, 100), 100),
        readings=_readings(raw))


@cache
def flood_data() -> FloodData:
    """The flood's data, read and checked once."""
    return read_flood_data()
