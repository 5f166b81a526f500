"""Rules families. Each exposes a Ruleset class registered here by key."""

from __future__ import annotations

from importlib import import_module
from typing import Any

from game.core.errors import ScenarioError

RULESETS: dict[str, str] = {
    "tft-heights": "game.rules.tft.ruleset:TftRuleset",
}
"""Ruleset key (a scenario's ``ruleset``) -> "module:Class"."""

_cache: dict[str, Any] = {}


def get_ruleset(key: str) -> Any:
    """The (shared, stateless) ruleset object for ``key``."""
    if key not in _cache:
        if key not in RULESETS:
            raise ScenarioError(
                f"unknown ruleset '{key}' (known: {', '.join(sorted(RULESETS))})"
            )
        mod, cls = RULESETS[key].split(":")
        _cache[key] = getattr(import_module(mod), cls)()
    return _cache[key]
