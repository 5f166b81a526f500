"""Small sewers built in Python for the flood's tests, and games set up on them."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from game.boards.corridors import Corridor, Corridors, Feature
from game.core.dice import Dice
from game.core.match import Match
from game.core.places import LoadedMap, Placement, Point
from game.core.scenario import Scenario
from game.rules.squads.flood.state import FloodState

HERE = Path(__file__).parent


def cross(origin: tuple[float, float] = (2.0, 12.0), grate: bool = True,
          nest: bool = False, gantry: bool = False) -> Corridors:
    """A cross of tunnels 36 x 24 inches: Main along y = 12 (4 wide), Cross along x = 18
    (3 wide); a grate across Main at x = 26; a nest at Main's east end."""
    corridors = [Corridor("Main", ((0.0, 12.0), (36.0, 12.0)), 4.0),
                 Corridor("Cross", ((18.0, 0.0), (18.0, 24.0)), 3.0)]
    features = []
    if grate:
        features.append(Feature(5, "grate", ((26.0, 10.0), (26.0, 14.0)), False, "Grate"))
    if gantry:
        features.append(Feature(6, "gantry", ((16.6, 2.0), (19.4, 2.0), (19.4, 6.0),
                                              (16.6, 6.0)), True, "Catwalk"))
    board = Corridors(36, 24, corridors, features, origin=origin, name="cross")
    if nest:
        board.features = board.features + (Feature(
            9, "nest", ((33.0, 10.5), (36.0, 10.5), (36.0, 13.5), (33.0, 13.5)), True,
            "Nest"),)
    return board


def fig(side: str, profile: str, squad: str, x: float, y: float, leader: bool = False,
        name: str = "") -> Placement:
    return Placement(name, side, profile, Point.of(x, y), label=f"figure {name or squad}",
                     squad=squad, leader=leader)


def scenario(options: dict[str, Any] | None = None, turn_limit: int | None = 6,
             sides: tuple[str, str] = ("troopers", "swarm")) -> Scenario:
    return Scenario(path=HERE / "test.toml", key="test", name="Test", ruleset="flood",
                    map_path=HERE / "test.tmx", description="",
                    sides={s: s.title() for s in sides}, units={},
                    options=dict(options or {}), turn_limit=turn_limit)


def loaded(board: Corridors, *figs: Placement) -> LoadedMap[Corridors]:
    return LoadedMap(path=HERE / "test.tmx", kind="sewer", board=board, placements=figs)


def match(board: Corridors, *figs: Placement, options: dict[str, Any] | None = None,
          seed: int = 0, dice: Dice | None = None, turn_limit: int | None = 6
          ) -> Match[FloodState]:
    from game.rules.squads.flood.ruleset import FlashFlood

    return Match(scenario(options, turn_limit), FlashFlood(), loaded(board, *figs),
                 seed, dice=dice)


def squad(side: str, sid: str, x: float, y: float, n: int = 5, profile: str = "trooper",
          leader: str | None = "sergeant", dx: float = 1.2, dy: float = 0.0
          ) -> list[Placement]:
    out = []
    for k in range(n):
        prof = leader if (k == 0 and leader) else profile
        out.append(fig(side, prof, sid, x + dx * k, y + dy * k, leader=(k == 0 and bool(leader))))
    return out
