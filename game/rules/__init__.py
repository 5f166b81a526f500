"""Rule systems, one package each, found by key through :data:`RULESETS`.

Nothing of a rule system is imported until its ruleset is first asked for
(:func:`get_ruleset`); what a screen lists without playing (a rule system's title) is
read from :data:`TITLES`, so the picker opens without importing every ruleset.

This is also where a scenario meets its ruleset and board: :func:`new_match`,
:func:`open_match` and :func:`load_match` build a :class:`Match` from a scenario, a
scenario's name or a save file (game.core knows no rule system; it is handed them).
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from game.boards import load_board
from game.core.dice import Dice
from game.core.errors import GameError, SaveError, ScenarioError
from game.core.match import Match, check_save, read_save, scenario_path
from game.core.places import LoadedMap
from game.core.registry import Registry
from game.core.ruleset import Ruleset
from game.core.scenario import Scenario, find_scenario, load_scenario

RULESETS: Registry[type[Ruleset[Any]]] = Registry("ruleset", {
    "tft-heights": "game.rules.tft.hexes.ruleset:MeleeOnHeights",
    "hero": "game.rules.hero.ruleset:TabletopHero",
    "tft-zones": "game.rules.tft.zones.ruleset:MeleeOnZones",
    "flood": "game.rules.squads.flood.ruleset:FlashFlood",
    "pursuit": "game.rules.squads.pursuit.ruleset:StreetChase",
}, error=ScenarioError)
"""Ruleset key (a scenario's ``ruleset``) -> its class."""

TITLES: dict[str, str] = {
    "tft-heights": "Melee on heights",
    "hero": "Tabletop Hero",
    "tft-zones": "Melee on zones",
    "flood": "Flash flood in the sewers",
    "pursuit": "Pursuit: the street chase",
}
"""Ruleset key -> its class's ``title``, known without importing the class (a test
checks that each equals the class's own)."""

_instances: dict[str, Ruleset[Any]] = {}


def get_ruleset(key: str) -> Ruleset[Any]:
    """The (shared, stateless) ruleset for ``key``; ScenarioError naming the known keys."""
    r = _instances.get(key)
    if r is None:
        r = _instances[key] = RULESETS.get(key)()
    return r


def ruleset_title(key: str) -> str:
    """The title of the ruleset ``key`` ("Melee on heights"), importing nothing of it
    when :data:`TITLES` has it; ScenarioError naming the known keys if none."""
    title = TITLES.get(key)
    return title if title is not None else str(get_ruleset(key).title)


def ruleset_of(scenario: Scenario) -> Ruleset[Any]:
    """The ruleset ``scenario`` names; ScenarioError naming the scenario's file if none."""
    try:
        return get_ruleset(scenario.ruleset)
    except ScenarioError as e:
        raise ScenarioError(f"{scenario.path.name}: [scenario] ruleset: {e}") from None


def board_for(scenario: Scenario) -> LoadedMap[Any]:
    """The scenario's map, read as the board its ruleset plays on (shared, read once)."""
    return load_board(scenario.map_path, ruleset_of(scenario).board_kind)


def new_match(scenario: Scenario, seed: int = 0, *, dice: Dice | None = None) -> Match[Any]:
    """A new match of ``scenario``; GameError (naming the file) if it cannot be set up."""
    return Match(scenario, ruleset_of(scenario), board_for(scenario), seed, dice=dice)


def open_match(name: str, seed: int = 0) -> Match[Any]:
    """A new match of the scenario called ``name`` ("hill_fight") or at a .toml path."""
    return new_match(find_scenario(name), seed)


def load_match(path: str | Path) -> Match[Any]:
    """Replay the save at ``path`` (every turn's hash checked); SaveError if it is bad."""
    source = Path(path).name
    data = read_save(path)
    check_save(data, source)
    try:
        scenario = load_scenario(scenario_path(data["scenario"]))
        ruleset = ruleset_of(scenario)
        board = board_for(scenario)
    except SaveError:
        raise
    except GameError as e:
        raise SaveError(f"{source}: its scenario cannot be loaded: {e}") from None
    return Match.from_json(data, scenario, ruleset, board, source=source)
