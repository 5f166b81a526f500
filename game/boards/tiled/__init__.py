"""Tiled maps (``.tmx``) -> boards and the pieces placed on them.

:func:`load_map` reads a map once (:mod:`.reader`, the only module that imports pytmx,
checks the file and turns it into plain values), tells or checks the kind of board it
holds (:func:`kind_of`), then hands the reading to the builder of that kind in
:data:`BUILDERS`. Each builder turns the reading into a :class:`LoadedMap`: its board and
its :class:`Placement` values. Every problem, in the file or in the conventions of its
kind, is one :class:`MapError` naming the file and what is wrong.

Board kinds (DESIGN.md, Maps): ``hex`` (:mod:`.hexes`), ``zones`` (:mod:`.zones`);
``table`` is told apart already but has no builder yet.
"""

from __future__ import annotations

from collections.abc import Callable
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
from game.boards.tiled.reader import (
    KIND_NAMES,
    KIND_NEEDS,
    MapObject,
    MapReading,
    ObjectLayer,
    TileLayer,
    TileRef,
    Tileset,
    kind_of,
    kind_or_none,
    read_map,
)
from game.core.errors import MapError
from game.core.places import LoadedMap, Placement
from game.core.registry import Registry

__all__ = [
    "BUILDERS", "FIGURES_LAYER", "LEVELS_LAYER", "MAX_LEVEL", "TERRAIN_LAYER", "Builder",
    "LoadedMap", "MapError", "MapObject", "MapReading", "ObjectLayer", "Placement",
    "TileLayer", "TileRef", "Tileset", "build_hex_board", "kind_of", "kind_or_none",
    "load_hex_map", "load_map", "read_map",
]

Builder = Callable[[MapReading], LoadedMap[Any]]
"""Turns a checked reading into a board and its placements, or raises MapError."""

BUILDERS: Registry[Builder] = Registry("board builder", {
    "hex": "game.boards.tiled.hexes:build_hex_board",
    "table": "game.boards.tiled.table:build_table_board",
    "zones": "game.boards.tiled.zones:build_zone_board",
}, error=MapError)
"""The builder of each board kind that can be loaded, by kind; a new board kind adds its
own (and, if a map shows that kind by itself, teaches :func:`kind_or_none` to tell it)."""


def load_map(path: str | Path, kind: str | None = None) -> LoadedMap[Any]:
    """Read the Tiled map at ``path`` and build its board.

    With ``kind`` ("hex", "zones", "table"...), the map must be that kind of board (a
    scenario knows what its ruleset plays on); without, the map's own kind is used.
    MapError naming the file if it cannot be read, is another kind than asked, is a kind
    nothing builds yet, or breaks its kind's conventions.
    """
    p = Path(path)
    if kind is not None and kind not in BUILDERS and kind not in KIND_NEEDS:
        raise MapError(f"{p.name}: there is no board kind '{kind}' (the kinds are "
                       f"{_known()})")
    reading = read_map(p)
    if kind is None:
        kind = kind_of(reading)
    elif kind in KIND_NEEDS:  # a kind the map itself shows: it must show that one
        found = kind_or_none(reading)
        if found is None and kind == "hex":
            raise reading.fail(f"the map's orientation is '{reading.orientation}', but a "
                               f"hexagonal map is needed (in Tiled: File > New Map, "
                               f"Orientation: Hexagonal)")
        if found is None:
            raise reading.fail(f"it is not a {KIND_NAMES[kind]}: that needs "
                               f"{KIND_NEEDS[kind]}")
        if found is not None and found != kind:
            raise MapError(f"{reading.file} is a {KIND_NAMES.get(found, found)}, but this "
                           f"scenario needs a {KIND_NAMES.get(kind, kind)}")
    if kind not in BUILDERS:
        raise reading.fail(f"it is a {KIND_NAMES.get(kind, kind)}, which cannot be loaded "
                           f"yet (boards that load: {', '.join(BUILDERS)})")
    build = BUILDERS.get(kind)
    try:
        return build(reading)
    except MapError:
        raise
    except Exception as e:  # a case the checks did not foresee: still one clear error
        raise reading.fail(f"cannot be read as a {KIND_NAMES.get(kind, kind)} "
                           f"({type(e).__name__}: {e})") from e


def load_hex_map(path: str | Path) -> LoadedMap[HexMap]:
    """Read a Tiled hex map: ``load_map(path, "hex")``. Its placements stand on
    ``Cell`` places (``placement.place.index`` is the flat cell index)."""
    loaded: LoadedMap[HexMap] = load_map(path, "hex")
    return loaded


def _known() -> str:
    return ", ".join(sorted(set(BUILDERS) | set(KIND_NEEDS)))
