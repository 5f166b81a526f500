"""Duels for the Tactician: one figure against one enemy at one level difference, what
each blow is worth by facing (T-5, H-4, H-6 through the rules' exact odds), and the
blows a figure can expect in a cell by its facing. Shared by every decision (a duel
depends only on the two figures' keys, the enemy's defence and the level difference).
"""

from __future__ import annotations

from collections.abc import Iterable

from game.ai.tft.evaluation import Weights, arc_of
from game.rules.tft.hexes.queries import HexFigure

ARCS = ("front", "side", "rear")
"""T-5's arcs, as :func:`arc_of` names them."""

ARC_BY_OFF: tuple[str, ...] = tuple(arc_of(off, 0) for off in range(6))
"""T-5 arc of an attack coming from ``(direction to the attacker - facing) % 6``."""

FRONT: tuple[tuple[bool, ...], ...] = tuple(
    tuple(ARC_BY_OFF[(d - phi) % 6] == "front" for phi in range(6)) for d in range(6))
"""``FRONT[d][phi]``: a neighbour in direction ``d`` is in the front of a figure facing phi."""

Strikes = tuple[float, bool, list[tuple["Duel", int]]]
"""(weight, whether the enemy has moved, [(duel, directions it may strike from)]): the
directions as a bit mask (bit ``d`` for direction ``d``), one entry per duel (level)."""

ZERO6 = (0.0,) * 6


FRONT_OF: tuple[tuple[int, int, int], ...] = tuple(
    ((d + 5) % 6, d, (d + 1) % 6) for d in range(6))
"""The facings that put a neighbour in direction ``d`` in front (T-5)."""

FighterKey = tuple[int, int, str | None, str | None, str | None, int, bool, int, bool]


def fighter_key(f: HexFigure) -> FighterKey:
    """Everything about a figure that its duels depend on: what it hits with and how well
    (DX, T-3 penalty, gear), what stops blows and how much it can take (ST), and how far
    up it reaches (H-4: prone or its H)."""
    return (f.dx, f.dx_penalty, f.armour, f.shield, f.ready, f.st, f.prone, f.h, f.kneeling)


class Duel:
    """One figure against one enemy at one level difference: whether they can fight
    (H-4), and what each blow is worth by facing (H-6 and T-5 via the exact odds).

    Duels are shared by every decision (:data:`_DUELS`): they depend only on the two
    figures' keys (:func:`fighter_key`), the enemy's defence and the level difference.
    """

    __slots__ = ("can", "deal", "take", "take_def", "_net", "_rows")

    def __init__(self, can: bool) -> None:
        self.can = can
        self.deal: tuple[float, ...] = ()
        """Our blow, by the enemy's offset (direction from it to us minus its facing)."""
        self.take: tuple[tuple[float, ...], ...] = ()
        """Its blow on us, ``take[d][phi]``: coming from direction ``d``, us facing phi."""
        self.take_def: tuple[tuple[float, ...], ...] = ()
        """The same while we defend (4d6, T-7)."""
        self._net: dict[tuple[int, float], tuple[float, ...]] = {}
        self._rows: dict[tuple[int, float | None], tuple[float, ...]] = {}

    def row(self, mask: int, hit_back: float | None) -> tuple[float, ...]:
        """The enemy's best blow by our facing when it may strike from any direction in
        ``mask`` (bit ``d``: from direction ``d``): :attr:`take_def` if ``hit_back`` is
        None, :attr:`take` if it is 0, else :meth:`net`."""
        key = (mask, hit_back)
        row = self._rows.get(key)
        if row is None:
            dirs = [d for d in range(6) if mask >> d & 1]
            if hit_back is None:
                rows = [self.take_def[d] for d in dirs]
            elif not hit_back:
                rows = [self.take[d] for d in dirs]
            else:
                rows = [self.net(d, hit_back) for d in dirs]
            row = tuple(max(r[phi] for r in rows) for phi in range(6))
            self._rows[key] = row
        return row

    def net(self, d: int, hit_back: float) -> tuple[float, ...]:
        """``take[d]`` less our blow back (scaled) where the enemy stands in our front."""
        key = (d, hit_back)
        row = self._net.get(key)
        if row is None:
            back = self.deal[0] * hit_back
            row = tuple(max(0.0, x - back) if fr else x
                        for x, fr in zip(self.take[d], FRONT[d], strict=True))
            self._net[key] = row
        return row


_DUELS: dict[tuple[float, float], dict[tuple[object, ...], Duel]] = {}
_DUEL_LIMIT = 100_000


def shared_duels(w: Weights) -> dict[tuple[object, ...], Duel]:
    """The duels of every decision made with weights ``w`` (kept to a size): only its
    ``kill`` and ``lose`` enter a duel's values."""
    key = (w.kill, w.lose)
    shared = _DUELS.get(key)
    if shared is None:
        shared = _DUELS[key] = {}
    elif len(shared) > _DUEL_LIMIT:
        shared.clear()
    return shared


Deal = tuple[float, ...]
"""A duel's :attr:`Duel.deal`."""
Take = tuple[tuple[tuple[float, ...], ...], tuple[tuple[float, ...], ...]]
"""A duel's :attr:`Duel.take` and :attr:`Duel.take_def`."""

_HALVES: dict[tuple[float, float], tuple[dict[tuple[object, ...], Deal],
                                         dict[tuple[object, ...], Take]]] = {}


def shared_halves(w: Weights) -> tuple[dict[tuple[object, ...], Deal],
                                       dict[tuple[object, ...], Take]]:
    """The two halves of the duels of :func:`shared_duels` (kept to a size): our blows
    (:attr:`Duel.deal`), which depend only on how we strike and how the enemy takes a
    blow, and the enemy's (:attr:`Duel.take`, :attr:`Duel.take_def`), the other way
    round; so a duel met anew because one figure's ST changed finds half of it kept."""
    key = (w.kill, w.lose)
    halves = _HALVES.get(key)
    if halves is None:
        halves = _HALVES[key] = ({}, {})
    elif len(halves[0]) + len(halves[1]) > _DUEL_LIMIT:
        halves[0].clear()
        halves[1].clear()
    return halves


def striker_key(f: HexFigure) -> tuple[object, ...]:
    """What a figure's blows depend on (:func:`fighter_key` less its ST)."""
    return (f.dx, f.dx_penalty, f.armour, f.shield, f.ready, f.prone, f.h, f.kneeling)


def by_facing(by_arc: dict[str, float]) -> tuple[tuple[float, ...], ...]:
    """``out[d][phi]``: the value of a blow from direction ``d`` on a figure facing phi."""
    return tuple(tuple(by_arc[ARC_BY_OFF[(d - phi) % 6]] for phi in range(6))
                 for d in range(6))




def blows_by_facing(strikes: list[Strikes], hit_back: float | None) -> list[float]:
    """Weighted blows a figure can expect in a cell, by its facing.

    Each enemy picks its best spot (the flank if it can get there). An enemy still to
    move that charges into the figure's front is hit back in the action phase: what it
    gains there is its blow less ours (``hit_back`` scales our blow; 0 if the figure
    cannot attack; None when it defends, so cannot attack and is hit on 4d6).
    """
    total: list[float] | None = None
    for weight, fixed, spots in strikes:
        # a fixed enemy has moved: it strikes from its cell and never charges (net)
        hb = hit_back if hit_back is None or not fixed else 0.0
        if len(spots) == 1:
            duel, mask = spots[0]
            worst: Iterable[float] = duel.row(mask, hb)
        else:
            worst = map(max, *(duel.row(mask, hb) for duel, mask in spots))
        if total is None:
            total = list(worst) if weight == 1.0 else [0.0 + weight * x for x in worst]
        else:
            total = [t + weight * x for t, x in zip(total, worst, strict=True)]
    return total if total is not None else [0.0] * 6


