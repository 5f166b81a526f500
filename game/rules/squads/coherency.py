"""Unit coherency (S-7): a unit's models keep within 2 inches of each other.

A reading (rules.toml [coherency]): two models are in touch when the closest points of
their bases are at most 2 inches apart (edge to edge, as that kind of game measures every
distance between models; ``measure = "centre"`` in the data measures centre to centre
instead). A unit is in coherency when its standing models form one chain of such
touches; when they do not, the biggest chain (the leader's on a tie, else the one holding
the earliest model) holds the models in coherency and the others are out of it (what
that costs them is F-8's business).

Only positions are read here: what stands between the models is the board's question.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from fractions import Fraction

from game.rules.squads.data import load_data
from game.rules.squads.units import Model, Unit

EPSILON = 1e-9


def gap(a: Model, b: Model) -> float:
    """S-7: the distance between two models as coherency measures it, in inches (edge to
    edge: never below 0; or centre to centre)."""
    return _gap(a, b, load_data().coherency_measure != "centre")


def _gap(a: Model, b: Model, edges: bool) -> float:
    centres = math.hypot(a.x - b.x, a.y - b.y)
    if not edges:
        return centres
    return max(0.0, centres - a.radius - b.radius)


def in_touch(a: Model, b: Model) -> bool:
    """S-7: whether two models are close enough to keep coherency (2 inches)."""
    return gap(a, b) <= load_data().coherency_distance + EPSILON


def coherency_groups(models: Sequence[Model]) -> list[list[Model]]:
    """S-7: the chains the standing ``models`` form, each in the models' order, the
    chains in the order of their first model."""
    alive = [m for m in models if m.wounds > 0]
    data = load_data()
    reach = data.coherency_distance + EPSILON
    edges = data.coherency_measure != "centre"
    # :func:`_gap` worked in line over plain numbers (the same sums in the same order)
    places = [(m.x, m.y, m.radius) for m in alive]
    hypot = math.hypot
    seen: set[int] = set()
    groups: list[list[Model]] = []
    for start in range(len(alive)):
        if start in seen:
            continue
        seen.add(start)
        todo, group = [start], []
        while todo:
            i = todo.pop()
            group.append(i)
            ax, ay, ar = places[i]
            for j, (bx, by, br) in enumerate(places):
                if j in seen:
                    continue
                centres = hypot(ax - bx, ay - by)
                if (max(0.0, centres - ar - br) if edges else centres) <= reach:
                    seen.add(j)
                    todo.append(j)
        groups.append([alive[i] for i in sorted(group)])
    return groups


def main_group(unit: Unit) -> list[Model]:
    """S-7, a reading: the unit's models in coherency: its biggest chain, the leader's on
    a tie, else the earliest; [] for a unit with no one standing."""
    groups = coherency_groups(unit.models)
    if not groups:
        return []
    lead = unit.leader_model()
    return max(groups, key=lambda g: (len(g), lead is not None and lead in g,
                                      -groups.index(g)))


def in_coherency(unit: Unit) -> bool:
    """S-7: whether the unit's standing models form one chain (a lone model always
    does)."""
    return len(coherency_groups(unit.models)) <= 1


def out_of_coherency(unit: Unit) -> list[str]:
    """S-7: the ids of the unit's standing models outside its main chain."""
    kept = {m.id for m in main_group(unit)}
    return [m.id for m in unit.survivors if m.id not in kept]


def coherent_fraction(unit: Unit) -> Fraction:
    """S-7: the share of the unit's survivors in coherency (F-8 scatters a unit with less
    than half); 0 for a unit with no survivors."""
    alive = len(unit.survivors)
    return Fraction(len(main_group(unit)), alive) if alive else Fraction(0)
