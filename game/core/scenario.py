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

from game.core.errors import ScenarioError, printable
from game.core.files import Unreadable, exists, is_regular, read_limited, utf8_text

MAPS_DIR = Path(__file__).resolve().parents[2] / "maps"
"""Where the shipped scenarios and maps live."""

MAX_SCENARIO_BYTES = 256 << 10
"""The largest scenario file read (256 KiB; a real one is a few kB, and Python's TOML
reader takes a second and a half for a MiB of numbers)."""
MAX_NAME = 60
"""Longest name (of a scenario or a side), in characters."""
MAX_DESCRIPTION = 600
"""Longest description, in characters (the picker shows a few lines of it)."""


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
    first_game: bool = False
    """A good first game of its rule system (``first_game = true``; the picker marks it)."""


def _need(table: dict[str, Any], key: str, typ: type, where: str, path: Path) -> Any:
    if key not in table:
        raise ScenarioError(f"{path.name}: [{where}] is missing '{key}'")
    v = table[key]
    if not isinstance(v, typ) or (typ is int and isinstance(v, bool)):
        raise ScenarioError(
            f"{path.name}: [{where}] '{key}' must be a {typ.__name__}, not {_short(v)}"
        )
    return v


def _short(v: Any) -> str:
    text = repr(v)
    return text if len(text) <= 40 else text[:37] + "..."


def _name(value: Any, where: str, path: Path) -> str:
    """A name as it will be drawn: a string, cleaned of control characters and runs of
    whitespace (see :func:`printable`); ScenarioError if nothing printable is left."""
    if not isinstance(value, str):
        raise ScenarioError(f"{path.name}: {where} must be a string, not {_short(value)}")
    clean = printable(value)
    if not clean:
        raise ScenarioError(f"{path.name}: {where} is empty (or holds only spaces and "
                            f"control characters)")
    if len(clean) > MAX_NAME:
        raise ScenarioError(f"{path.name}: {where} is {len(clean)} characters long; at most "
                            f"{MAX_NAME}")
    return clean


def _key(key: str, where: str, path: Path) -> str:
    """A table key others refer to (a side or unit): refused unless plain text."""
    if printable(key) != key:
        raise ScenarioError(f"{path.name}: [{where}.{key}]: a key must be plain text, without "
                            f"control characters or spaces at its ends")
    return key


def _parse(path: Path) -> dict[str, Any]:
    """The TOML tables of the scenario file at ``path``; ScenarioError saying why not."""
    try:
        text = utf8_text(read_limited(path, MAX_SCENARIO_BYTES))
    except Unreadable as e:
        if e.missing:
            raise ScenarioError(f"{path}: no such scenario file") from None
        raise ScenarioError(f"{path.name}: cannot be read: {e.reason}") from None
    try:
        return tomllib.loads(text)
    except tomllib.TOMLDecodeError as e:
        raise ScenarioError(f"{path.name}: not valid TOML: {e}") from None
    except RecursionError:
        raise ScenarioError(f"{path.name}: not valid TOML: arrays or tables nested too "
                            f"deeply") from None
    except ValueError as e:  # e.g. a whole number of more digits than Python reads
        why = ("a number has more digits than can be read" if "digits" in str(e)
               else str(e))
        raise ScenarioError(f"{path.name}: not valid TOML: {why}") from None


def load_scenario(path: str | Path) -> Scenario:
    """Read and check a scenario file; ScenarioError names the file and field at fault.

    Only a regular UTF-8 file of at most :data:`MAX_SCENARIO_BYTES` is read; names are
    cleaned of control characters (:func:`~game.core.errors.printable`), and side and
    unit keys must be plain text.
    """
    path = Path(path)
    data = _parse(path)
    head = data.get("scenario")
    if not isinstance(head, dict):
        raise ScenarioError(f"{path.name}: has no [scenario] table")
    name = _name(_need(head, "name", str, "scenario", path), "[scenario] name", path)
    ruleset = _need(head, "ruleset", str, "scenario", path)
    map_name = _need(head, "map", str, "scenario", path)
    try:
        map_path = (path.parent / map_name).resolve()
    except (OSError, ValueError, RuntimeError):
        map_path = None
    if map_path is None or not is_regular(map_path):
        raise ScenarioError(f"{path.name}: [scenario] map {_short(map_name)} does not exist "
                            f"(or is not a file)")
    limit = head.get("turn_limit")
    if limit is not None and (not isinstance(limit, int) or isinstance(limit, bool)
                              or limit < 1):
        raise ScenarioError(f"{path.name}: [scenario] turn_limit must be a whole number >= 1")
    hidden = head.get("hidden", False)
    if not isinstance(hidden, bool):
        raise ScenarioError(f"{path.name}: [scenario] hidden must be true or false, "
                            f"not {_short(hidden)}")
    first_game = head.get("first_game", False)
    if not isinstance(first_game, bool):
        raise ScenarioError(f"{path.name}: [scenario] first_game must be true or false, "
                            f"not {_short(first_game)}")
    description = head.get("description", "")
    if not isinstance(description, str):
        raise ScenarioError(f"{path.name}: [scenario] description must be a string, "
                            f"not {_short(description)}")
    if len(description) > MAX_DESCRIPTION:
        raise ScenarioError(f"{path.name}: [scenario] description is {len(description)} "
                            f"characters long; at most {MAX_DESCRIPTION}")
    sides = data.get("sides")
    if not isinstance(sides, dict) or len(sides) < 2:
        raise ScenarioError(f"{path.name}: needs a [sides.NAME] table for at least two sides")
    side_names: dict[str, str] = {}
    for key, table in sides.items():
        _key(key, "sides", path)
        if not isinstance(table, dict):
            raise ScenarioError(f"{path.name}: [sides.{key}] must be a table")
        side_names[key] = _name(table.get("name", key.title()), f"[sides.{key}] name", path)
    units = data.get("units", {})
    if not isinstance(units, dict) or not all(isinstance(u, dict) for u in units.values()):
        raise ScenarioError(f"{path.name}: [units] must hold one table per unit")
    for key in units:
        _key(key, "units", path)
    options = data.get("options", {})
    if not isinstance(options, dict):
        raise ScenarioError(f"{path.name}: [options] must be a table")
    return Scenario(
        path=path.resolve(),
        key=path.stem,
        name=name,
        ruleset=ruleset,
        map_path=map_path,
        description=printable(description),
        sides=side_names,
        units=units,
        options=options,
        turn_limit=limit,
        hidden=hidden,
        first_game=first_game,
    )


_found: dict[tuple[Path, int], Scenario] = {}


def _cached(path: Path) -> Scenario:
    try:
        key = (path.resolve(), path.stat().st_mtime_ns)
    except (OSError, ValueError, RuntimeError):
        return load_scenario(path)  # it says what is wrong with the file
    if key not in _found:
        _found[key] = load_scenario(path)
    return _found[key]


def find_scenario(name: str) -> Scenario:
    """A scenario by key ("hill_fight") from the maps folder, or by a path to a .toml.

    Scenarios found this way are read once and shared until the file changes.
    """
    p = Path(name)
    if p.suffix == ".toml" and exists(p):
        return _cached(p)
    for cand in (MAPS_DIR / f"{name}.toml", MAPS_DIR / "test" / f"{name}.toml"):
        if is_regular(cand):
            return _cached(cand)
    known = ", ".join(s.key for s in list_scenarios()) or "none"
    raise ScenarioError(f"no scenario called '{name}' (known: {known})")


def scenario_files(folder: Path | None = None) -> list[Path]:
    """The ``.toml`` files in ``folder`` (the maps folder if None) by name; none if it
    cannot be listed."""
    try:
        return sorted((MAPS_DIR if folder is None else folder).glob("*.toml"))
    except OSError:
        return []


def list_scenarios(include_hidden: bool = False) -> list[Scenario]:
    """The shipped scenarios the picker offers, by name (those that load)."""
    out = []
    for p in scenario_files():
        try:
            s = load_scenario(p)
        except ScenarioError:
            continue
        if include_hidden or not s.hidden:
            out.append(s)
    return sorted(out, key=lambda s: s.name)
