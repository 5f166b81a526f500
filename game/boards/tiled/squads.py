"""Figures in squads on a map of inches (the sewer's and the track's conventions, S-1).

A figure of a sewer or a track map carries ``side`` and ``unit`` like a table's, and on
top ``squad`` (the id of the unit it belongs to) and ``leader`` (whether it leads it).
The builder checks each figure's room with the squad game's usual base
(:data:`FIGURE_BASE_MM`: the rules check each model's own) and hands the checked
placements here: a squad's figures play for one side, a squad has at most one leader, and
no two bases overlap.
"""

from __future__ import annotations

import math
from dataclasses import replace

from game.boards.tiled.reading import MapReading
from game.boards.tiled.table import MAX_NAME
from game.core.errors import printable
from game.core.places import Placement, Point

SQUAD_PROPERTIES = ("squad", "leader")
"""Figure properties read on top of the table's (a placement keeps the others in its
``properties``)."""
FIGURE_BASE_MM = 25.0
"""The base the builder gives every figure when it checks the room it stands in: 25 mm,
the squad game's usual base (the rules check each model's own)."""
FIGURE_RADIUS = round(FIGURE_BASE_MM / 25.4 / 2, 2)
"""That base's radius in inches (0.49)."""
TOUCH = 0.01
"""How far (in inches) a base may reach into a wall, past an edge or into another base
(drawing slack)."""


def squad_figures(reading: MapReading, placed: tuple[Placement, ...]) -> tuple[Placement, ...]:
    """``placed`` (figures already on the board with room for their bases) with their
    squads and leaders; MapError naming the figure if a squad id is not 1 to
    :data:`MAX_NAME` printable characters, a squad's figures play for two sides, a squad
    has two leaders, or two bases overlap."""
    no_overlaps(reading, placed)
    out: list[Placement] = []
    squads: dict[str, Placement] = {}
    leaders: dict[str, Placement] = {}
    for p in placed:
        squad = printable(reading.value(p.label, p.properties, "squad", str,
                                        what="the id of the unit it belongs to"))
        if not squad or len(squad) > MAX_NAME:
            raise reading.fail(f"{p.label}: property 'squad' must be 1 to {MAX_NAME} "
                               f"printable characters (the id of the unit it belongs to)")
        leader = reading.value(p.label, p.properties, "leader", bool, default=False,
                               what="whether it leads its squad")
        first = squads.setdefault(squad, p)
        if first.side != p.side:
            raise reading.fail(f"{p.label} plays for '{p.side}', but its squad '{squad}' "
                               f"plays for '{first.side}' ({first.label}); a squad's figures "
                               f"play for one side")
        if leader:
            if squad in leaders:
                raise reading.fail(f"{p.label} and {leaders[squad].label} both lead squad "
                                   f"'{squad}' (their property 'leader'); a squad has one "
                                   f"leader")
            leaders[squad] = p
        others = {k: v for k, v in p.properties.items() if k not in SQUAD_PROPERTIES}
        out.append(replace(p, squad=squad, leader=leader, properties=others))
    return tuple(out)


def no_overlaps(reading: MapReading, placed: tuple[Placement, ...]) -> None:
    """MapError naming two figures whose bases overlap (swept along x: figures sorted by
    x only meet those less than a base across further on)."""
    reach = 2 * FIGURE_RADIUS - TOUCH
    spots: list[tuple[float, float, int]] = []
    for k, p in enumerate(placed):
        assert isinstance(p.place, Point)  # figures on a map of inches stand at points
        spots.append((*p.place.units, k))
    spots.sort()
    for i, (x, y, k) in enumerate(spots):
        for x2, y2, j in spots[i + 1:]:
            if x2 - x >= reach:
                break
            gap = math.dist((x, y), (x2, y2))
            if gap < reach:
                a, b = sorted((k, j))
                raise reading.fail(f"{placed[b].label} overlaps {placed[a].label}: their "
                                   f"centres are {gap:.2g} inches apart, and two "
                                   f"{FIGURE_BASE_MM:g} mm bases need {2 * FIGURE_RADIUS:g}")
