"""Variants: a scenario with some of its values changed (``--vary PATH=V1,V2``).

A path names one value of the scenario as its TOML file holds it:

* ``units.NAME.FIELD``: a field of a unit's table that the file already has
  (``units.goblin.st``, ``units.hunter.count``);
* ``options.KEY`` (or ``options.TABLE.KEY``): a ruleset switch (``options.swipe``,
  ``options.blast_push``, ``options.armies.green``); a key the file does not set yet may
  be named (a switch left at its default);
* ``turn_limit``: the last turn;
* ``map``: another map file (relative to the scenario's folder, or a path).

Values are read as TOML values (``4``, ``true``, ``"spear"``, ``["spear", "dagger"]``),
a bare word as a string. A list is split at its top-level commas; ``LO..HI`` (whole
numbers) is every number from LO to HI and ``LO..HI:STEP`` every STEP-th. Several
``--vary`` make a grid (every combination). A path or value that does not fit is one
:class:`GameError` naming the ``--vary`` and why, found before any game is played
(:func:`check_variant` builds each variant's match once).
"""

from __future__ import annotations

import copy
import dataclasses
import itertools
import tomllib
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from game.core.errors import GameError
from game.core.files import is_regular
from game.core.scenario import Scenario
from game.rules import new_match

MAX_VALUES = 200
"""The most values one ``--vary`` may list (a range included)."""


@dataclass(frozen=True)
class Vary:
    """One ``--vary``: a path and the values it takes, in order."""

    path: str
    values: tuple[Any, ...]


@dataclass(frozen=True)
class Variant:
    """One cell of the grid: its changes (path -> value) and the scenario they make."""

    changes: tuple[tuple[str, Any], ...]
    scenario: Scenario

    @property
    def label(self) -> str:
        """The changes in words ("units.goblin.st=10, turn_limit=8"); "as written" if
        none."""
        if not self.changes:
            return "as written"
        return ", ".join(f"{p}={show(v)}" for p, v in self.changes)


def show(value: Any) -> str:
    """A value as a ``--vary`` would write it."""
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, str):
        return value
    if isinstance(value, list):
        return "[" + ", ".join(show(v) for v in value) + "]"
    return str(value)


def split_values(text: str) -> list[str]:
    """``text`` split at the commas outside brackets and quotes."""
    parts: list[str] = []
    depth, quote, start = 0, "", 0
    for i, ch in enumerate(text):
        if quote:
            if ch == quote:
                quote = ""
        elif ch in "\"'":
            quote = ch
        elif ch in "[{":
            depth += 1
        elif ch in "]}":
            depth -= 1
        elif ch == "," and depth == 0:
            parts.append(text[start:i])
            start = i + 1
    parts.append(text[start:])
    return [p.strip() for p in parts]


def read_value(text: str) -> Any:
    """One value: a TOML value, else the bare text as a string."""
    try:
        return tomllib.loads(f"v = {text}")["v"]
    except tomllib.TOMLDecodeError:
        return text


def _range(text: str, where: str) -> list[Any] | None:
    """``LO..HI`` or ``LO..HI:STEP`` as its whole numbers; None if ``text`` is not one."""
    lo_text, dots, rest = text.partition("..")
    if not dots:
        return None
    hi_text, _, step_text = rest.partition(":")
    try:
        lo, hi, step = int(lo_text), int(hi_text), int(step_text or "1")
    except ValueError:
        raise GameError(f"{where}: '{text}' is not a range LO..HI or LO..HI:STEP of whole "
                        f"numbers") from None
    if step < 1 or hi < lo:
        raise GameError(f"{where}: the range '{text}' is empty (LO <= HI, STEP >= 1)")
    return list(range(lo, hi + 1, step))


def parse_vary(spec: str) -> Vary:
    """``PATH=V1,V2,...`` (or a range) as a :class:`Vary`; GameError naming it if it is
    not one."""
    where = f"--vary {spec[:60]}"
    path, eq, values_text = spec.partition("=")
    path = path.strip()
    if not eq or not path or not values_text.strip():
        raise GameError(f"{where}: write PATH=VALUE,VALUE,... (e.g. units.goblin.st=9,10,11)")
    ranged = _range(values_text.strip(), where)
    if ranged is not None:
        values = ranged
    else:
        texts = split_values(values_text)
        if any(not t for t in texts):
            raise GameError(f"{where}: an empty value in the list")
        values = [read_value(t) for t in texts]
    if len(values) > MAX_VALUES:
        raise GameError(f"{where}: {len(values)} values; at most {MAX_VALUES}")
    return Vary(path, tuple(values))


def _same_kind(old: Any, new: Any) -> bool:
    """Whether ``new`` may stand where ``old`` stood (a number for a number...)."""
    if isinstance(old, bool) or isinstance(new, bool):
        return isinstance(old, bool) and isinstance(new, bool)
    if isinstance(old, int | float):
        return isinstance(new, int | float)
    return type(old) is type(new)


def _set_in(table: dict[str, Any], keys: list[str], value: Any, where: str,
            may_add: bool) -> None:
    """Set ``table[k1][k2]...`` to ``value``; GameError if a table on the way is missing
    or the value does not fit the one it replaces."""
    for k in keys[:-1]:
        sub = table.get(k)
        if not isinstance(sub, dict):
            raise GameError(f"{where}: the scenario has no table '{k}' there")
        table = sub
    last = keys[-1]
    if last not in table:
        if not may_add:
            known = ", ".join(sorted(table)) or "none"
            raise GameError(f"{where}: the scenario sets no '{last}' there (it sets: "
                            f"{known}); add it to the scenario file first")
    elif not _same_kind(table[last], value):
        raise GameError(f"{where}: {show(value)!r} does not fit the "
                        f"{type(table[last]).__name__} the scenario has ({show(table[last])})")
    table[last] = value


def apply_change(scenario: Scenario, path: str, value: Any) -> Scenario:
    """``scenario`` with the value at ``path`` replaced; GameError naming the path."""
    where = f"--vary {path}={show(value)}"
    parts = path.split(".")
    head = parts[0]
    if head == "units":
        if len(parts) != 3:
            raise GameError(f"{where}: write units.NAME.FIELD (e.g. units.goblin.st)")
        if parts[1] not in scenario.units:
            known = ", ".join(scenario.units) or "none"
            raise GameError(f"{where}: the scenario has no unit '{parts[1]}' (units: {known})")
        units = copy.deepcopy(scenario.units)
        _set_in(units, parts[1:], value, where, may_add=False)
        return dataclasses.replace(scenario, units=units)
    if head == "options":
        if len(parts) < 2:
            raise GameError(f"{where}: write options.KEY (e.g. options.swipe)")
        options = copy.deepcopy(scenario.options)
        _set_in(options, parts[1:], value, where, may_add=True)
        return dataclasses.replace(scenario, options=options)
    if head == "turn_limit" and len(parts) == 1:
        if not isinstance(value, int) or isinstance(value, bool) or value < 1:
            raise GameError(f"{where}: the turn limit is a whole number >= 1")
        return dataclasses.replace(scenario, turn_limit=value)
    if head == "map" and len(parts) == 1:
        if not isinstance(value, str):
            raise GameError(f"{where}: a map is a file name")
        for cand in (scenario.path.parent / value, Path(value)):
            if is_regular(cand):
                return dataclasses.replace(scenario, map_path=cand.resolve())
        raise GameError(f"{where}: no map file '{value}' (beside {scenario.path.name} or "
                        f"from here)")
    raise GameError(f"{where}: unknown path '{path}' (units.NAME.FIELD, options.KEY, "
                    f"turn_limit or map)")


def check_variant(variant: Variant) -> None:
    """Set the variant's first game up once; GameError naming its changes if the rules
    refuse it."""
    try:
        new_match(variant.scenario, 0)
    except GameError as e:
        raise GameError(f"--vary {variant.label}: {e}") from None


def variants(scenario: Scenario, varies: Sequence[Vary]) -> list[Variant]:
    """Every combination of the ``varies`` values (the first varying slowest), each
    checked; the scenario as written when there is none."""
    out = []
    paths = [v.path for v in varies]
    if len(set(paths)) != len(paths):
        raise GameError("--vary: the same path is varied twice")
    for combo in itertools.product(*(v.values for v in varies)):
        sc = scenario
        for path, value in zip(paths, combo, strict=True):
            sc = apply_change(sc, path, value)
        variant = Variant(tuple(zip(paths, combo, strict=True)), sc)
        check_variant(variant)
        out.append(variant)
    return out
