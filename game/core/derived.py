"""Derived data: what a ruleset works out once from a board and keeps (tables by
climbing height, a board's distance grid, a zone board's crossings), instead of caches
at module level keyed on boards.

Each loaded map holds one :class:`Derived` (``LoadedMap.derived``) and a ruleset's state
holds that one: every match on the map and every clone of its states share it, so a
batch of games and an AI's thousand sandboxes work a table out once. What it holds
depends on the board and on what its key names (a climbing height, a scenario's
switch), never on the state's own changes. A position built by hand has one of its own.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable
from typing import Any, TypeVar

T = TypeVar("T")


class Derived:
    """A memo of values derived from a match's fixed data, each made on first use."""

    __slots__ = ("values",)

    def __init__(self) -> None:
        self.values: dict[Hashable, Any] = {}
        """What has been made so far, by key. A hot loop may read a value straight from
        it (``derived.values.get(key)``, None if not made yet) and fall back on
        :meth:`get`, which is the only way to add one."""

    def get(self, key: Hashable, make: Callable[[], T]) -> T:
        """The value under ``key``, made with ``make()`` the first time it is asked for.

        ``key`` names the value and what it depends on beyond the match's fixed data
        (``("entry", climb)``); callers of one key must mean the same value by it.
        """
        try:
            value: T = self.values[key]
        except KeyError:
            value = self.values[key] = make()
        return value

    def __len__(self) -> int:
        return len(self.values)

    def __deepcopy__(self, memo: dict[int, Any]) -> Derived:
        return self  # shared by every copy of a state: it holds only fixed data
