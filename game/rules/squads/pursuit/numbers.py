"""The numbers of the street chase (P-1..P-13), read once from ``squads/data/pursuit.toml``.

The table's, deployment's (P-3), pursuit phase's (P-6, P-7), recycling's (P-6), movement's
(P-8, P-9), terrain's (P-10, P-11), shooting's (P-13) and the mine clusters' (P-12). Bad
data is a :class:`~game.core.errors.ScenarioError` naming the file, the table and the
field; every ``reading`` beside a number is gathered in :attr:`ChaseData.readings`.
"""

from __future__ import annotations

import tomllib
from collections.abc import Mapping
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Any

from game.core.errors import ScenarioError

FILE = Path(__file__).resolve().parents[1] / "data" / "pursuit.toml"
NONE = "-"

TABLES: dict[str, dict[str, tuple[float, float]]] = {
    "table": {"min_length": (1, 1000), "flyers_ignore_size": (0, 3)},
    "deployment": {"from_arrival": (0, 500), "from_runners": (0, 100), "step": (0.25, 12)},
    "pursuit": {"back": (0.5, 100), "pace_arc": (0, 180), "tie_rounding": (0.01, 5)},
    "recycle": {"gap": (0, 24), "step": (0.1, 12)},
    "movement": {"move": (0.5, 48), "turn_every": (0.1, 48), "accelerate": (0.5, 96),
                 "accelerate_turn_every": (0.1, 96), "turn": (1, 180),
                 "contact": (0.001, 1)},
    "terrain": {"every": (0.1, 24), "max_tests": (0, 20), "failure_cost": (0, 24),
                "crash_strength": (1, 10)},
    "shooting": {"arc": (0, 360), "over_shoulder_bs": (0, 10), "sight_size": (1, 4),
                 "trigger": (0, 24)},
    "mines": {"max_on_table": (0, 20)},
}
"""Each table's numbers and their bounds."""
LISTS = {("pursuit", "slow_dice")}
MINE_FIELDS = {"name", "mines", "radius", "blast", "strength", "ap"}


@dataclass(frozen=True)
class MineKind:
    """A kind of mine cluster (P-12): its mines and the blast each makes."""

    key: str
    name: str
    mines: int
    radius: float
    """The cluster's own footprint, a disc (what a model touches)."""
    blast: float
    """Each mine's blast reaches the bases within this many inches of the centre."""
    strength: int
    ap: int | None
    reading: str = ""


@dataclass(frozen=True)
class ChaseData:
    """Every number of the chase (see pursuit.toml for each)."""

    min_length: float
    flyers_ignore_size: int
    from_arrival: float
    from_runners: float
    deploy_step: float
    back: float
    slow_dice: tuple[int, ...]
    pace_arc: float
    tie_rounding: float
    recycle_gap: float
    recycle_step: float
    move: float
    turn_every: float
    accelerate: float
    accelerate_turn_every: float
    turn: int
    contact: float
    terrain_every: float
    max_tests: int
    failure_cost: float
    crash_strength: int
    arc: float
    over_shoulder_bs: int
    sight_size: int
    trigger: float
    max_mines: int
    mines: Mapping[str, MineKind]
    readings: Mapping[str, str]

    def mine(self, key: str) -> MineKind:
        """The mine kind ``key``; KeyError naming the known ones."""
        try:
            return self.mines[key]
        except KeyError:
            raise KeyError(f"no mine cluster {key!r} (pursuit.toml: "
                           f"{', '.join(self.mines)})") from None


def _fail(where: str, why: str) -> ScenarioError:
    return ScenarioError(f"pursuit.toml [{where}]: {why}")


def _num(where: str, key: str, v: Any, lo: float, hi: float) -> float:
    if isinstance(v, bool) or not isinstance(v, int | float) or not lo <= v <= hi:
        raise _fail(where, f"'{key}' must be a number from {lo:g} to {hi:g}, not {v!r}")
    return float(v)


def _readings(where: str, table: Mapping[str, Any], into: dict[str, str]) -> None:
    for k, v in table.items():
        if k == "reading" or k.endswith("_reading"):
            if not isinstance(v, str) or not v.strip():
                raise _fail(where, f"'{k}' must be a sentence saying what was read")
            into[f"pursuit.toml [{where}] {k}"] = v


def _mine(key: str, t: Any, readings: dict[str, str]) -> MineKind:
    where = f"mines.{key}"
    if not isinstance(t, dict):
        raise _fail(where, "must be a table")
    _readings(where, t, readings)
    extra = sorted(k for k in t if k not in MINE_FIELDS and k != "reading"
                   and not k.endswith("_reading"))
    if extra:
        raise _fail(where, f"unknown fields {extra} (known: {', '.join(sorted(MINE_FIELDS))})")
    missing = sorted(k for k in MINE_FIELDS if k not in t)
    if missing:
        raise _fail(where, f"is missing {missing}")
    name = t["name"]
    if not isinstance(name, str) or not name.strip():
        raise _fail(where, "'name' must be a non-empty string")
    ap = t["ap"]
    if ap != NONE and (isinstance(ap, bool) or not isinstance(ap, int) or not 1 <= ap <= 6):
        raise _fail(where, f"'ap' must be 1 to 6 or \"-\", not {ap!r}")
    return MineKind(key, name, int(_num(where, "mines", t["mines"], 1, 20)),
                    _num(where, "radius", t["radius"], 0.05, 6),
                    _num(where, "blast", t["blast"], 0, 12),
                    int(_num(where, "strength", t["strength"], 1, 10)),
                    None if ap == NONE else ap, str(t.get("reading", "")))


def _values(raw: Mapping[str, Any], readings: dict[str, str]) -> dict[str, Any]:
    values: dict[str, Any] = {}
    for name, keys in TABLES.items():
        t = raw.get(name)
        if not isinstance(t, dict):
            raise ScenarioError(f"pursuit.toml has no [{name}] table")
        _readings(name, t, readings)
        lists = {k for (n, k) in LISTS if n == name}
        for k, v in t.items():
            if k == "reading" or k.endswith("_reading") or (name == "mines"
                                                           and isinstance(v, dict)):
                continue
            if k not in keys and k not in lists:
                raise _fail(name, f"unknown field '{k}' (known: {', '.join(keys)})")
        for k, (lo, hi) in keys.items():
            if k not in t:
                raise _fail(name, f"is missing '{k}'")
            values[f"{name}.{k}"] = _num(name, k, t[k], lo, hi)
        for k in lists:
            v = t.get(k)
            if not isinstance(v, list) or not v or not all(
                    isinstance(x, int) and not isinstance(x, bool) and 1 <= x <= 6 for x in v):
                raise _fail(name, f"'{k}' must be a list of dice counts from 1 to 6")
            values[f"{name}.{k}"] = tuple(v)
    return values


def read_chase_data(path: Path = FILE) -> ChaseData:
    """Read and check the chase's numbers (see the module text)."""
    try:
        raw = tomllib.loads(path.read_text(encoding="utf-8"))
    except (OSError, UnicodeDecodeError, tomllib.TOMLDecodeError) as e:
        raise ScenarioError(f"{path.name}: cannot be read: {e}") from None
    readings: dict[str, str] = {}
    v = _values(raw, readings)
    kinds = {k: _mine(k, t, readings) for k, t in raw["mines"].items() if isinstance(t, dict)}
    if not kinds:
        raise ScenarioError("pursuit.toml: [mines] holds no kind of cluster")
    return ChaseData(
        min_length=v["table.min_length"], flyers_ignore_size=int(v["table.flyers_ignore_size"]),
        from_arrival=v["deployment.from_arrival"], from_runners=v["deployment.from_runners"],
        deploy_step=v["deployment.step"], back=v["pursuit.back"],
        slow_dice=v["pursuit.slow_dice"], pace_arc=v["pursuit.pace_arc"],
        tie_rounding=v["pursuit.tie_rounding"], recycle_gap=v["recycle.gap"],
        recycle_step=v["recycle.step"], move=v["movement.move"],
        turn_every=v["movement.turn_every"], accelerate=v["movement.accelerate"],
        accelerate_turn_every=v["movement.accelerate_turn_every"],
        turn=int(v["movement.turn"]), contact=v["movement.contact"],
        terrain_every=v["terrain.every"], max_tests=int(v["terrain.max_tests"]),
        failure_cost=v["terrain.failure_cost"],
        crash_strength=int(v["terrain.crash_strength"]), arc=v["shooting.arc"],
        over_shoulder_bs=int(v["shooting.over_shoulder_bs"]),
        sight_size=int(v["shooting.sight_size"]), trigger=v["shooting.trigger"],
        max_mines=int(v["mines.max_on_table"]), mines=kinds, readings=readings)


@cache
def chase_data() -> ChaseData:
    """The chase's numbers, read and checked once."""
    return read_chase_data()
