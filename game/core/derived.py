"""Per-match derived data: what a ruleset works out once from a match's board and
scenario and keeps for the whole match (tables by climbing height, a board's distance
grid, a zone board's crossings), instead of caches at module level keyed on boards.

A ruleset's state holds one :class:`Derived`; clones of the state share it (what it holds
depends on the board and the scenario, never on the state's own changes), so an AI's
thousand sandboxes work it out once.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable
from typing import Any, TypeVar

T = TypeVar("T")


class Derived:
    """A memo of values derived from a match's fixed data, each made on first use."""

    __slots__ = ("_values",)

    def __init__(self) -> None:
        self._values: dict[Hashable, Any] = {}

    def get(self, key: Hashable, make: Callable[[], T]) -> T:
        """The value under ``key``, made with ``make()`` the first time it is asked for.

        ``key`` names the value and what it depends on beyond the match's fixed data
        (``("entry", climb)``); callers of one key must mean the same value by it.
        """
        try:
            value: T = self._values[key]
        except KeyError:
            value = self._values[key] = make()
        return value

    def __len__(self) -> int:
        return len(self._values)

    def __deepcopy__(self, memo: dict[int, Any]) -> Derived:
        return self  # shared by every copy of a state: it holds only fixed data
