"""A board kind as Tiled maps hold it: which maps are its own, and how one is built.

Each kind's :class:`KindCard` (in :mod:`.marks`, light) says how to tell its maps; its
builder module (:mod:`.hexes`, :mod:`.zones`, :mod:`.table`, :mod:`.sewer`, :mod:`.track`)
declares one :class:`TiledKind` pairing the card with the function that builds the board,
and :data:`game.boards.tiled.BUILDERS` lists them by key, one line each. A map says what
it is by its own layers and properties: each kind *claims* the maps that carry its marks
(a ``corridors`` object layer, a ``zones`` object layer, the map property ``inch``...),
and :func:`claimant` finds the one kind that claims a map. A kind may *refine* another: a
sewer map is a table map with corridors, so where both claim a map the sewer does. Two
kinds that claim one map and neither refines the other make it ambiguous, a map no kind
claims is of no kind; each is one :class:`MapError` naming the file and why.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass
from typing import Generic, Literal, TypeVar

from game.boards.tiled.reading import MapReading
from game.core.places import LoadedMap

B = TypeVar("B")

Facing = Literal["hex side", "degrees"]
"""How a kind's figures face: a hex side 0-5, or degrees (clockwise from east)."""


@dataclass(frozen=True)
class KindCard:
    """How one board kind tells its maps, and how messages name it (light: no builder)."""

    key: str
    """The kind's key ("hex", "sewer"...): a ruleset's ``board_kind``, a LoadedMap's kind."""
    name: str
    """How messages name a map of this kind ("sewer map")."""
    marks: str
    """What marks a map as this kind, as messages say it ("an object layer named
    'corridors'")."""
    places: str
    """How messages name a place of such a board: "is not {places} of this board" ("a
    zone", "a point")."""
    claims: Callable[[MapReading], bool]
    """Whether a map carries this kind's marks. It looks only at the marks; MapError if a
    mark itself is malformed (a tile layer named 'zones', a scale that is no number)."""
    refines: tuple[str, ...] = ()
    """Kinds this one is a special case of: where one of them claims a map too, this one
    has it."""
    facing: Facing = "degrees"
    """How its figures face."""


@dataclass(frozen=True)
class TiledKind(Generic[B]):
    """One board kind: its card (how to tell its maps) and how to build a board from one."""

    card: KindCard
    build: Callable[[MapReading], LoadedMap[B]]
    """The board and placements of a map of this kind; MapError naming the file and the
    object if the map breaks the kind's conventions."""

    @property
    def key(self) -> str:
        return self.card.key

    @property
    def name(self) -> str:
        return self.card.name

    @property
    def marks(self) -> str:
        return self.card.marks

    @property
    def places(self) -> str:
        return self.card.places

    @property
    def refines(self) -> tuple[str, ...]:
        return self.card.refines

    @property
    def facing(self) -> Facing:
        return self.card.facing


def claimant(reading: MapReading, kinds: Iterable[KindCard]) -> KindCard | None:
    """The one kind of ``kinds`` that claims the map (a kind that refines another that
    claims it too wins); None if no kind claims it; MapError naming the file if two kinds
    claim it and neither refines the other."""
    claiming = [k for k in kinds if k.claims(reading)]
    refined = {r for k in claiming for r in k.refines}
    left = [k for k in claiming if k.key not in refined]
    if len(left) > 1:
        marks = " and ".join(f"a {k.name} ({k.marks})" for k in left)
        raise reading.fail(f"it has the marks of more than one kind of board: {marks}; keep "
                           f"the marks of one")
    return left[0] if left else None


def unclaimed(reading: MapReading, kinds: Iterable[KindCard]) -> str:
    """Why a map no kind claims is of no kind: what each kind needs."""
    needs = "; ".join(f"a {k.name} needs {k.marks}" for k in kinds)
    return f"cannot tell what kind of board it is ({needs})"
