"""Tiled maps (``.tmx``) -> boards and the pieces placed on them.

:func:`load_map` reads a map once (:mod:`.reader`, the only module that imports pytmx,
checks the file and turns it into the plain values of :mod:`.reading`), finds the kind of
board it holds by its own layers and properties (:func:`kind_of`: each kind in
:data:`BUILDERS` claims the maps that carry its marks, see :mod:`.kinds`), then hands the
reading to that kind's builder. Each builder turns the reading into a :class:`LoadedMap`:
its board and its :class:`Placement` values. Every problem, in the file, in its marks or
in the conventions of its kind, is one :class:`MapError` naming the file and what is
wrong.

Board kinds (DESIGN.md, Maps; docs/making-maps.md): ``hex`` (:mod:`.hexes`), ``zones``
(:mod:`.zones`), ``table`` (:mod:`.table`), and two tables of a kind: ``sewer``
(:mod:`.sewer`, corridors) and ``track`` (:mod:`.track`, a street chase's long table).
A new kind is its card in :mod:`.marks` (how to tell its maps: telling a map's kind imports
no builder), one builder module declaring its :class:`TiledKind` and one line below.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from pathlib import Path
from typing import Any

from game.boards.hexmap import HexMap
from game.boards.tiled.hexes import (
    FIGURES_LAYER,
    LEVELS_LAYER,
    MAX_LEVEL,
    TERRAIN_LAYER,
    build_hex_board,
)
from game.boards.tiled.kinds import KindCard, TiledKind, claimant, unclaimed
from game.boards.tiled.marks import CARDS
from game.boards.tiled.reader import read_map
from game.boards.tiled.reading import (
    MapObject,
    MapReading,
    ObjectLayer,
    TileLayer,
    TileRef,
    Tileset,
)
from game.core.errors import MapError
from game.core.places import LoadedMap, Placement
from game.core.registry import Registry

__all__ = [
    "BUILDERS", "FIGURES_LAYER", "KIND_NAMES", "LEVELS_LAYER", "MAX_LEVEL", "TERRAIN_LAYER",
    "LoadedMap", "MapError", "MapObject", "MapReading", "ObjectLayer", "Placement",
    "TileLayer", "TileRef", "Tileset", "TiledKind", "build_hex_board", "kind_of",
    "kind_or_none", "load_hex_map", "load_map", "read_map", "tiled_kind",
]

BUILDERS: Registry[TiledKind[Any]] = Registry("board kind", {
    "hex": "game.boards.tiled.hexes:HEX",
    "sewer": "game.boards.tiled.sewer:SEWER",
    "table": "game.boards.tiled.table:TABLE",
    "track": "game.boards.tiled.track:TRACK",
    "zones": "game.boards.tiled.zones:ZONES",
}, error=MapError)
"""Every board kind a map can hold, by key: how to tell its maps and how to build one."""


def tiled_kind(key: str) -> TiledKind[Any]:
    """The board kind ``key``; MapError naming the known kinds if there is none."""
    return BUILDERS.get(key)


class _KindNames(Mapping[str, str]):
    """How messages name each board kind ("hex map", "sewer map"), read from
    :data:`BUILDERS`."""

    def __getitem__(self, key: str) -> str:
        if key not in BUILDERS:
            raise KeyError(key)
        return CARDS[key].name

    def __iter__(self) -> Iterator[str]:
        return iter(BUILDERS)

    def __len__(self) -> int:
        return len(BUILDERS.keys())


KIND_NAMES: Mapping[str, str] = _KindNames()
"""How messages name each board kind, by key."""


def _kinds() -> list[KindCard]:
    """Every kind's card, light: telling a map's kind imports no builder (:mod:`.marks`)."""
    return [CARDS[k] for k in BUILDERS]


def kind_or_none(reading: MapReading) -> str | None:
    """The kind of board the map holds, by the marks it carries (see :mod:`.kinds`); None
    if no kind claims it; MapError if it is ambiguous or a mark is malformed."""
    found = claimant(reading, _kinds())
    return None if found is None else found.key


def kind_of(reading: MapReading) -> str:
    """:func:`kind_or_none`, with a MapError saying what each kind needs where no kind
    claims the map."""
    kind = kind_or_none(reading)
    if kind is None:
        raise reading.fail(unclaimed(reading, _kinds()))
    return kind


def load_map(path: str | Path, kind: str | None = None) -> LoadedMap[Any]:
    """Read the Tiled map at ``path`` and build its board.

    With ``kind`` ("hex", "zones", "table", "sewer", "track"), the map must be that kind
    of board (a scenario knows what its ruleset plays on); without, the map's own kind is
    used. MapError naming the file if it cannot be read, is of no kind or of two, is
    another kind than asked, or breaks its kind's conventions.
    """
    p = Path(path)
    if kind is not None and kind not in BUILDERS:
        raise MapError(f"{p.name}: there is no board kind '{kind}' (the kinds are "
                       f"{', '.join(BUILDERS)})")
    reading = read_map(p)
    if kind is None:
        kind = kind_of(reading)
    else:
        found = kind_or_none(reading)
        want = CARDS[kind]
        if found is None:
            raise reading.fail(f"it is not a {want.name}: that needs {want.marks}")
        if found != kind:
            raise MapError(f"{reading.file} is a {KIND_NAMES[found]}, but this scenario "
                           f"needs a {want.name}")
    built = BUILDERS.get(kind)
    try:
        return built.build(reading)
    except MapError:
        raise
    except Exception as e:  # a case the checks did not foresee: still one clear error
        raise reading.fail(f"cannot be read as a {built.name} ({type(e).__name__}: {e})") \
            from e


def load_hex_map(path: str | Path) -> LoadedMap[HexMap]:
    """Read a Tiled hex map: ``load_map(path, "hex")``. Its placements stand on
    ``Cell`` places (``placement.place.index`` is the flat cell index)."""
    loaded: LoadedMap[HexMap] = load_map(path, "hex")
    return loaded
