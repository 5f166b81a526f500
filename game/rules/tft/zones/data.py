"""The zone system's numbers (Z-*), read once from ``zones.toml`` beside this module.

Bad data is a ScenarioError naming the file, the table and the key.
"""

from __future__ import annotations

import tomllib
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Any

from game.core.errors import ScenarioError
from game.rules.tft.data import load_data

PATH = Path(__file__).with_name("zones.toml")


@dataclass(frozen=True)
class ZoneNumbers:
    """Every number of the zone rules (see zones.toml for what each one is)."""

    mr_per_zone: int
    stunned: int
    check_dice: int
    stop_face: int
    running_mr: int
    running_missile_dice: int
    running_balance_dice: int
    split_mr: int
    split_pools: int
    split_attacks: int
    charge_damage: int
    charge_interrupted: int
    split_size: int
    group_divisor: int
    boundary_divisor: int
    contest_dice: int
    mr_divisor: int
    prone_target_dx: int
    close_weapons: tuple[str, ...]
    withdraw_dice: int
    withdraw_fumble: int
    close_withdraw_dice: int
    close_critical: int
    rush_dice: int
    rush_weaker_dice: int
    rush_weaker_fails: int
    rush_st_step: int
    cover: dict[str, int]
    per_zone: int
    missile_range: dict[str, int]
    reach: dict[str, int]


def _get(t: dict[str, Any], table: str, key: str) -> Any:
    part = t.get(table)
    if not isinstance(part, dict) or key not in part:
        raise ScenarioError(f"{PATH.name}: [{table}] is missing '{key}'")
    return part[key]


def _int(t: dict[str, Any], table: str, key: str) -> int:
    v = _get(t, table, key)
    if isinstance(v, bool) or not isinstance(v, int):
        raise ScenarioError(f"{PATH.name}: [{table}] '{key}' must be a whole number, "
                            f"not {v!r}")
    return v


def _ints(t: dict[str, Any], table: str) -> dict[str, int]:
    part = t.get(table)
    if not isinstance(part, dict):
        raise ScenarioError(f"{PATH.name}: has no [{table}] table")
    out = {}
    for k, v in part.items():
        if isinstance(v, dict):
            continue
        if isinstance(v, bool) or not isinstance(v, int):
            raise ScenarioError(f"{PATH.name}: [{table}] '{k}' must be a whole number, "
                                f"not {v!r}")
        out[k] = v
    return out


@cache
def numbers() -> ZoneNumbers:
    """The zone rules' numbers, read once."""
    try:
        with PATH.open("rb") as f:
            t = tomllib.load(f)
    except (OSError, tomllib.TOMLDecodeError) as e:
        raise ScenarioError(f"{PATH.name}: cannot be read: {e}") from None
    weapons = load_data().weapons
    missile_range = _ints(t.get("missiles", {}), "range") if isinstance(
        t.get("missiles"), dict) else {}
    reach = _ints(t, "reach")
    close_weapons = _get(t, "close", "weapons")
    for w in (*missile_range, *reach, *close_weapons):
        if w not in weapons:
            raise ScenarioError(f"{PATH.name}: '{w}' is not a weapon of weapons.toml")
    for w, spec in weapons.items():
        if (spec.missile or spec.thrown) and w not in missile_range:
            raise ScenarioError(f"{PATH.name}: [missiles.range] has no range for '{w}'")
    cover = _ints(t, "cover")
    for c in ("soft", "hard"):
        if c not in cover:
            raise ScenarioError(f"{PATH.name}: [cover] is missing '{c}'")
    return ZoneNumbers(
        mr_per_zone=_int(t, "movement", "mr_per_zone"),
        stunned=_int(t, "movement", "stunned"),
        check_dice=_int(t, "movement", "check_dice"),
        stop_face=_int(t, "movement", "stop_face"),
        running_mr=_int(t, "running", "mr"),
        running_missile_dice=_int(t, "running", "missile_dice"),
        running_balance_dice=_int(t, "running", "balance_dice"),
        split_mr=_int(t, "split", "mr"),
        split_pools=_int(t, "split", "pools"),
        split_attacks=_int(t, "split", "attacks"),
        charge_damage=_int(t, "charge", "damage"),
        charge_interrupted=_int(t, "charge", "interrupted"),
        split_size=_int(t, "obstacles", "split_size"),
        group_divisor=_int(t, "obstacles", "group_divisor"),
        boundary_divisor=_int(t, "obstacles", "boundary_divisor"),
        contest_dice=_int(t, "contest", "dice"),
        mr_divisor=_int(t, "contest", "mr_divisor"),
        prone_target_dx=_int(t, "close", "prone_target_dx"),
        close_weapons=tuple(close_weapons),
        withdraw_dice=_int(t, "withdraw", "dice"),
        withdraw_fumble=_int(t, "withdraw", "fumble"),
        close_withdraw_dice=_int(t, "withdraw", "close_dice"),
        close_critical=_int(t, "withdraw", "close_critical"),
        rush_dice=_int(t, "rush", "dice"),
        rush_weaker_dice=_int(t, "rush", "weaker_dice"),
        rush_weaker_fails=_int(t, "rush", "weaker_fails"),
        rush_st_step=_int(t, "rush", "st_step"),
        cover=cover,
        per_zone=_int(t, "missiles", "per_zone"),
        missile_range=missile_range,
        reach=reach,
    )
