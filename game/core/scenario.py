"""Scenarios: a TOML file naming the map, the ruleset, the sides and their units.

```toml
[scenario]
name = "Hill fight"
ruleset = "tft-heights"
map = "hill_fight.tmx"          # relative to this file
description = "One line for the picker."
turn_limit = 30                 # optional: a draw after this many turns

[sides.wardens]                 # in play order of listing; a key per side
name = "The Wardens"

[units.warden_hobbit]           # what the map's figures refer to by `unit`
kind = "hobbit"                 # ruleset data decides the fields
...

[options]                       # ruleset switches, optional
```
"""

from __future__ import annotations

import tomllib
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from game.core.errors import ScenarioError

MAPS_DIR = Path(__file__).resolve().parents[2] / "maps"
"""Where the shipped scenarios and maps live."""


@dataclass(frozen=True)
class Scenario:
    """A scenario as read from its TOML file (units are checked by the ruleset; the map
    is read by the board kind's builder, game.boards)."""

    path: Path
    key: str
    name: str
    ruleset: str
    map_path: Path
    description: str
    sides: dict[str, str]
    """Side key -> display name, in the order the file lists them."""
    units: dict[str, dict[str, Any]]
    options: dict[str, Any]
    turn_limit: int | None
    hidden: bool = False


def _need(table: dict[str, Any], key: str, typ: type, where: str, path: Path) -> Any:
    if key not in table:
        raise ScenarioError(f"{path.name}: [{where}] is missing '{key}'")
    v = table[key]
    if not isinstance(v, typ) or (typ is int and isinstance(v, bool)):
        raise ScenarioError(
            f"{path.name}: [{where}] '{key}' must be a {typ.__name__}, not {v!r}"
        )
    return v


def load_scenario(path: str | Path) -> Scenario:
    """Read and check a scenario file; ScenarioError names the file and field at fault."""
    path = Path(path)
    try:
        with path.open("rb") as f:
            data = tomllib.load(f)
    except FileNotFoundError:
        raise ScenarioError(f"{path}: no such scenario file") from None
    except tomllib.TOMLDecodeError as e:
        raise ScenarioError(f"{path.name}: not valid TOML: {e}") from None
    except OSError as e:
        raise ScenarioError(f"{path}: cannot be read: {e.strerror}") from None
    head = data.get("scenario")
    if not isinstance(head, dict):
        raise ScenarioError(f"{path.name}: has no [scenario] table")
    name = _need(head, "name", str, "scenario", path)
    ruleset = _need(head, "ruleset", str, "scenario", path)
    map_name = _need(head, "map", str, "scenario", path)
    map_path = (path.parent / map_name).resolve()
    if not map_path.is_file():
        raise ScenarioError(f"{path.name}: [scenario] map '{map_name}' does not exist")
    limit = head.get("turn_limit")
    if limit is not None and (not isinstance(limit, int) or isinstance(limit, bool)
                              or limit < 1):
        raise ScenarioError(f"{path.name}: [scenario] turn_limit must be a whole number >= 1")
    sides = data.get("sides")
    if not isinstance(sides, dict) or len(sides) < 2:
        raise ScenarioError(f"{path.name}: needs a [sides.NAME] table for at least two sides")
    side_names: dict[str, str] = {}
    for key, table in sides.items():
        if not isinstance(table, dict):
            raise ScenarioError(f"{path.name}: [sides.{key}] must be a table")
        side_names[key] = str(table.get("name", key.title()))
    units = data.get("units", {})
    if not isinstance(units, dict) or not all(isinstance(u, dict) for u in units.values()):
        raise ScenarioError(f"{path.name}: [units] must hold one table per unit")
    options = data.get("options", {})
    if not isinstance(options, dict):
        raise ScenarioError(f"{path.name}: [options] must be a table")
    return Scenario(
        path=path.resolve(),
        key=path.stem,
        name=name,
        ruleset=ruleset,
        map_path=map_path,
        description=str(head.get("description", "")),
        sides=side_names,
        units=units,
        options=options,
        turn_limit=limit,
        hidden=bool(head.get("hidden", False)),
    )


_found: dict[tuple[Path, int], Scenario] = {}


def _cached(path: Path) -> Scenario:
    key = (path.resolve(), path.stat().st_mtime_ns)
    if key not in _found:
        _found[key] = load_scenario(path)
    return _found[key]


def find_scenario(name: str) -> Scenario:
    """A scenario by key ("hill_fight") from the maps folder, or by a path to a .toml.

    Scenarios found this way are read once and shared until the file changes.
    """
    p = Path(name)
    if p.suffix == ".toml" and p.is_file():
        return _cached(p)
    for cand in (MAPS_DIR / f"{name}.toml", MAPS_DIR / "test" / f"{name}.toml"):
        if cand.is_file():
            return _cached(cand)
    known = ", ".join(s.key for s in list_scenarios()) or "none"
    raise ScenarioError(f"no scenario called '{name}' (known: {known})")


def list_scenarios(include_hidden: bool = False) -> list[Scenario]:
    """The shipped scenarios the picker offers, by name."""
    out = []
    for p in sorted(MAPS_DIR.glob("*.toml")):
        try:
            s = load_scenario(p)
        except ScenarioError:
            continue
        if include_hidden or not s.hidden:
            out.append(s)
    return sorted(out, key=lambda s: s.name)
