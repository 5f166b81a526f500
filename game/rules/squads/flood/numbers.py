"""The numbers of the squad turn in the sewers, read once from ``squads/data/turn.toml``.

Move, run, difficult terrain, charge, fall back and consolidation distances and dice
(issue 15's "Turn"), the 1-inch rule, the flood's first turn and the path grid. Bad data
is a :class:`~game.core.errors.ScenarioError` naming the file, the table and the field;
every ``*_reading`` beside a number is gathered in :attr:`TurnData.readings`.
"""

from __future__ import annotations

import tomllib
from collections.abc import Mapping
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Any

from game.core.errors import ScenarioError
from game.core.odds import DiceExpr

FILE = Path(__file__).resolve().parents[1] / "data" / "turn.toml"
TABLES: dict[str, tuple[str, ...]] = {
    "movement": ("move", "difficult_dice", "enemy_gap"),
    "shooting": ("run", "template_width"),
    "assault": ("charge", "fall_back", "consolidate"),
    "flood": ("first_turn",),
    "nav": ("grid",),
}
"""Each table of the file and the numbers it holds."""


@dataclass(frozen=True)
class TurnData:
    """The squad turn's numbers (see turn.toml for each)."""

    move: float
    difficult_dice: int
    enemy_gap: float
    run: DiceExpr
    template_width: float
    charge: float
    fall_back: DiceExpr
    consolidate: DiceExpr
    first_turn: int
    grid: float
    readings: Mapping[str, str]


def _number(where: str, key: str, v: Any, lo: float, hi: float) -> float:
    if isinstance(v, bool) or not isinstance(v, int | float) or not lo <= v <= hi:
        raise ScenarioError(f"turn.toml [{where}]: '{key}' must be a number from {lo:g} "
                            f"to {hi:g}, not {v!r}")
    return float(v)


def _dice(where: str, key: str, v: Any) -> DiceExpr:
    if not isinstance(v, str):
        raise ScenarioError(f"turn.toml [{where}]: '{key}' must be dice such as \"1d6\", "
                            f"not {v!r}")
    try:
        return DiceExpr.parse(v)
    except ValueError as e:
        raise ScenarioError(f"turn.toml [{where}]: '{key}' is not dice: {e}") from None


def read_turn_data(path: Path = FILE) -> TurnData:
    """Read and check the turn's numbers (see the module text)."""
    try:
        raw = tomllib.loads(path.read_text(encoding="utf-8"))
    except (OSError, UnicodeDecodeError, tomllib.TOMLDecodeError) as e:
        raise ScenarioError(f"{path.name}: cannot be read: {e}") from None
    readings: dict[str, str] = {}
    values: dict[str, Any] = {}
    for name, keys in TABLES.items():
        t = raw.get(name)
        if not isinstance(t, dict):
            raise ScenarioError(f"turn.toml has no [{name}] table")
        for k, v in t.items():
            if k.endswith("_reading") or k == "reading":
                if not isinstance(v, str) or not v.strip():
                    raise ScenarioError(f"turn.toml [{name}]: '{k}' must be a sentence")
                readings[f"turn.toml [{name}] {k}"] = v
            elif k not in keys:
                raise ScenarioError(f"turn.toml [{name}] has an unknown field '{k}' "
                                    f"(known: {', '.join(keys)})")
        for k in keys:
            if k not in t:
                raise ScenarioError(f"turn.toml [{name}] is missing '{k}'")
            values[k] = t[k]
    dice = int(_number("movement", "difficult_dice", values["difficult_dice"], 1, 3))
    return TurnData(
        move=_number("movement", "move", values["move"], 0.5, 24),
        difficult_dice=dice,
        enemy_gap=_number("movement", "enemy_gap", values["enemy_gap"], 0, 6),
        run=_dice("shooting", "run", values["run"]),
        template_width=_number("shooting", "template_width", values["template_width"],
                               0.1, 12),
        charge=_number("assault", "charge", values["charge"], 0.5, 24),
        fall_back=_dice("assault", "fall_back", values["fall_back"]),
        consolidate=_dice("assault", "consolidate", values["consolidate"]),
        first_turn=int(_number("flood", "first_turn", values["first_turn"], 1, 99)),
        grid=_number("nav", "grid", values["grid"], 0.1, 2),
        readings=readings)


@cache
def turn_data() -> TurnData:
    """The turn's numbers, read and checked once."""
    return read_turn_data()
