"""Registries: a key -> "module:attr" table per layer, loaded lazily.

Each layer keeps its own (rulesets in game.rules, board builders in game.boards, computer
players in game.ai, front ends in game.ui); a new rule system adds one line to each. The
target module is imported only when the key is first asked for, so a registry names
packages above or beside it without importing them, and an unknown key is one clear
error naming the keys known.
"""

from __future__ import annotations

from collections.abc import Iterator
from importlib import import_module
from typing import Generic, TypeVar

from game.core.errors import GameError

T = TypeVar("T")


class Registry(Generic[T]):
    """Keys mapped to ``"package.module:attribute"``; :meth:`get` imports on first use."""

    def __init__(self, what: str, entries: dict[str, str] | None = None, *,
                 error: type[GameError] = GameError) -> None:
        self.what = what
        """What the entries are, for messages ("ruleset", "board kind")."""
        self.error = error
        self._targets: dict[str, str] = {}
        self._loaded: dict[str, T] = {}
        for key, target in (entries or {}).items():
            self.add(key, target)

    def add(self, key: str, target: str) -> None:
        """Register ``key`` -> ``"module:attr"`` (a programming error if taken or bad)."""
        if key in self._targets:
            raise ValueError(f"{self.what} '{key}' is registered twice")
        if target.count(":") != 1:
            raise ValueError(f"{self.what} '{key}': target {target!r} is not 'module:attr'")
        self._targets[key] = target

    def __contains__(self, key: object) -> bool:
        return key in self._targets

    def __iter__(self) -> Iterator[str]:
        return iter(sorted(self._targets))

    def keys(self) -> list[str]:
        return sorted(self._targets)

    def target(self, key: str) -> str:
        return self._targets[key]

    def get(self, key: str) -> T:
        """The object registered for ``key``; ``error`` naming the known keys if none."""
        if key not in self._loaded:
            if key not in self._targets:
                raise self.error(f"unknown {self.what} '{key}' "
                                 f"(known: {', '.join(self.keys()) or 'none'})")
            module, attr = self._targets[key].split(":")
            self._loaded[key] = getattr(import_module(module), attr)
        return self._loaded[key]
