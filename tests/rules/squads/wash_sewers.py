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


# ============================================================================ the shipped maps
# The two sewer maps' corridors and flood features (maps/charges_in_the_nest.tmx and
# maps/storm_drain.tmx, written by tools/make_sewer_maps.py), for the demos' tests where
# the maps are not there yet; test_flood_demos checks them against the maps when they are.
SHIPPED = {
    "charges_in_the_nest": dict(
        title="Charges in the nest", origin=(4.0, 4.0),
        corridors=[("Outfall", 4.0, ((3, 4), (38, 4), (38, 14))),
                   ("West shaft", 4.0, ((11, 4), (11, 27))),
                   ("Entry", 4.0, ((1, 27), (17, 27), (17, 31), (35, 31), (35, 28))),
                   ("Crossway", 3.5, ((11, 14), (44, 14))),
                   ("Nest tunnel", 4.5, ((26, 14), (26, 21), (35, 21), (35, 28), (44, 28)))],
        features=[(7, "gantry", "Catwalk", ((39, 12.35), (43.6, 12.35), (43.6, 13.85),
                                            (39, 13.85)), True),
                  (8, "gantry", "Ledge", ((28, 18.85), (33.5, 18.85), (33.5, 20.35),
                                          (28, 20.35)), True),
                  (9, "grate", "Grate", ((18, 12.25), (18, 15.75)), False),
                  (10, "sluice", "Sluice", ((31, 12.25), (31, 15.75)), False)]),
    "storm_drain": dict(
        title="Storm drain", origin=(24.0, 18.0),
        corridors=[("West drain", 5.0, ((1, 18), (24, 18))),
                   ("East drain", 5.0, ((24, 18), (47, 18))),
                   ("North drain", 5.0, ((24, 1), (24, 18))),
                   ("South drain", 5.0, ((24, 18), (24, 35))),
                   ("West loop", 3.0, ((8, 18), (8, 8), (24, 8))),
                   ("East loop", 3.0, ((40, 18), (40, 28), (24, 28))),
                   ("Overflow", 3.0, ((32, 18), (32, 10), (40, 10))),
                   ("Settling tank", 3.5, ((16, 18), (16, 27), (9, 27)))],
        features=[(10, "gantry", "West walkway", ((11, 15.6), (15, 15.6), (15, 17),
                                                   (11, 17)), True),
                  (11, "gantry", "Tank ledge", ((9.5, 25.35), (13.5, 25.35), (13.5, 26.55),
                                                (9.5, 26.55)), True),
                  (12, "gantry", "Pump platform", ((36.5, 8.55), (39.9, 8.55),
                                                   (39.9, 11.45), (36.5, 11.45)), True),
                  (13, "gantry", "East walkway", ((29, 26.6), (34, 26.6), (34, 27.9),
                                                  (29, 27.9)), True),
                  (14, "cave-in", "Cave-in", ((6.5, 11.5), (9.5, 12), (9.5, 13.6),
                                              (6.5, 13.2)), True),
                  (15, "grate", "Grate", ((21.5, 31), (26.5, 31)), False)]),
}


def shipped(name: str) -> Corridors:
    """The shipped sewer map ``name`` as :data:`SHIPPED` draws it (48 x 36 inches)."""
    s = SHIPPED[name]
    cs = [Corridor(n, tuple((float(x), float(y)) for x, y in pts), w)
          for n, w, pts in s["corridors"]]
    fs = [Feature(k, kind, tuple((float(x), float(y)) for x, y in pts), closed, nm,
                  f"{kind} '{nm}' (object id {k})")
          for k, kind, nm, pts, closed in s["features"]]
    return Corridors(48, 36, cs, fs, origin=s["origin"], name=s["title"])
