"""A small street chase built in code for the rule tests: a track with the pieces and the
figures a test needs, its scenario (the models standing where the test puts them), and a
match with forced dice."""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path
from typing import Any

from game.boards.track import Track, TrackPiece
from game.core.dice import Dice
from game.core.match import Match
from game.core.places import LoadedMap, Placement, Point
from game.core.scenario import Scenario
from game.rules import get_ruleset

HERE = Path(__file__).resolve().parent
UNITS: dict[str, dict[str, Any]] = {
    "scout": {"profile": "scout_rider", "side": "scouts", "name": "Scout", "count": 0},
    "sergeant": {"profile": "rider_sergeant", "side": "scouts", "name": "Sergeant",
                 "count": 0, "extra": "scatter_gun"},
    "hunter": {"profile": "winged_hunter", "side": "hunters", "name": "Hunter", "count": 0},
    "drone": {"profile": "gun_drone", "side": "hunters", "name": "Drone", "count": 0},
}


def box(x: float, y: float, w: float, h: float) -> tuple[tuple[float, float], ...]:
    return ((x, y), (x + w, y), (x + w, y + h), (x, y + h))


def piece(k: int, pts: Sequence[tuple[float, float]], size: int, ruined: bool,
          name: str = "") -> TrackPiece:
    return TrackPiece(k, 100 + k, size, ruined, tuple(pts), name or f"P{k}")


def scenario(options: dict[str, Any] | None = None, turn_limit: int | None = None) -> Scenario:
    opts = {"runners": "scouts", "chasers": "hunters", "deploy": "map"}
    opts.update(options or {})
    return Scenario(path=HERE / "chase_test.toml", key="chase_test", name="Chase test",
                    ruleset="pursuit", map_path=HERE / "chase_test.tmx", description="",
                    sides={"scouts": "Scouts", "hunters": "Hunters"}, units=dict(UNITS),
                    options=opts, turn_limit=turn_limit)


def figure(name: str, unit: str, x: float, y: float, facing: float = 0.0) -> Placement:
    side = UNITS[unit]["side"]
    return Placement(name=name, side=side, unit=unit, place=Point.of(x, y), facing=facing,
                     label=f"figure '{name}'")


def chase(figures: Sequence[Placement], pieces: Sequence[TrackPiece] = (), *,
          faces: Sequence[int] | None = None, seed: int = 1, arrival: str = "right",
          options: dict[str, Any] | None = None, size: tuple[float, float] = (72, 24),
          turn_limit: int | None = None) -> Match[Any]:
    """A match on a table of ``size`` inches (the Arrival on the right: the models face
    0 degrees to go there) with the pieces and figures given, dice forced to ``faces``
    (then seeded)."""
    track = Track(size[0], size[1], arrival, list(pieces), name="test")
    loaded = LoadedMap(HERE / "chase_test.tmx", "track", track, tuple(figures))
    dice = Dice.scripted(faces, then_seed=seed) if faces is not None else Dice(seed)
    return Match(scenario(options, turn_limit), get_ruleset("pursuit"), loaded, seed,
                 dice=dice)


def ids(m: Match[Any]) -> dict[str, str]:
    """Figure name -> model id."""
    return {mo.name: mo.id for mo in m.state.all_models()}
