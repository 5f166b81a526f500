"""Small sewers built in Python for the wash's tests (F-1..F-8), and units on them."""

from __future__ import annotations

from game.boards.corridors import Corridor, Corridors, Feature
from game.core.dice import Dice
from game.rules.squads.flood import water
from game.rules.squads.units import Model, Unit

R = 0.49
"""A 25 mm base's radius in inches (the troopers', the swarm's)."""


def line(features=(), origin=(1.0, 10.0), length=40.0) -> Corridors:
    """One corridor 4 inches wide along y = 10 from x = 0 to ``length``."""
    return Corridors(length, 20, [Corridor("Main", ((0.0, 10.0), (length, 10.0)), 4.0)],
                     features, origin=origin, name="line")


def bend(origin=(1.0, 10.0)) -> Corridors:
    """A corridor along y = 10 to x = 20 that bends south to y = 40."""
    return Corridors(30, 45, [Corridor("Bend", ((0.0, 10.0), (20.0, 10.0), (20.0, 40.0)),
                                       4.0)], origin=origin, name="bend")


def cross(features=None, origin=(1.0, 10.0)) -> Corridors:
    """East-west 30 inches at y 10 (4 wide), north-south 20 at x 15 (3 wide), a spur
    south from the east end (2.4 wide); a gantry on the north arm, a grate on the spur."""
    cs = [Corridor("ew", ((0, 10), (30, 10)), 4), Corridor("ns", ((15, 0), (15, 20)), 3),
          Corridor("spur", ((30, 10), (30, 24)), 2.4)]
    if features is None:
        features = [Feature(1, "gantry", ((13.8, 2), (16.2, 2), (16.2, 6), (13.8, 6)),
                            name="Catwalk"),
                    Feature(2, "grate", ((28.5, 20), (31.5, 20)), closed=False, name="Grate")]
    return Corridors(32, 25, cs, features, origin=origin, name="cross")


def drain(features=()) -> Corridors:
    """A storm drain: four drains 5 wide meeting at (24, 18), the origin; a loop from
    the west drain to the north one."""
    cs = [Corridor("West", ((1, 18), (24, 18)), 5), Corridor("East", ((24, 18), (47, 18)), 5),
          Corridor("North", ((24, 1), (24, 18)), 5), Corridor("South", ((24, 18), (24, 35)), 5),
          Corridor("Loop", ((8, 18), (8, 8), (24, 8)), 3)]
    return Corridors(48, 36, cs, features, origin=(24, 18), name="drain")


def models(*spots, profile="trooper", prefix="m") -> list[Model]:
    """Models standing at ``spots``, named "<prefix>1", "<prefix>2"..."""
    return [Model.new(f"{prefix}{k}", profile, x, y, name=f"{prefix}{k}")
            for k, (x, y) in enumerate(spots, 1)]


def unit(*spots, profile="trooper", prefix="m", side="troopers", uid=None) -> Unit:
    ms = models(*spots, profile=profile, prefix=prefix)
    return Unit(uid or prefix, uid or prefix, side, ms, ms[0].id)


def flood(board, units, faces, then_seed=None):
    """The flood with its dice forced; every face must be used (unless ``then_seed``)."""
    dice = Dice.scripted(faces, then_seed)
    result = water.resolve_flood(board, units, dice)
    if then_seed is None:
        assert dice._script == [], f"faces left over: {dice._script}"
    return result


def kinds(result, *which):
    """The events of the given kinds, in order."""
    return [e for e in result.events if e.kind in which]


def at(model) -> tuple[float, float]:
    return model.x, model.y
