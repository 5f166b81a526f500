"""Hex height maps: a checked :class:`MapReading` -> a :class:`HexMap` and its figures.

Conventions (docs/making-maps.md tells a map maker the same, step by step):

* the map's orientation is *hexagonal*; stagger axis ``y`` gives pointy hexes, ``x`` flat
  ones; the stagger index (odd/even), tile size and hex side length pass straight to the
  :class:`HexMap`, so pixel positions match Tiled's;
* tile layer ``levels``: every painted tile's tileset tile has an int property ``level``
  (0 or more); an empty cell is not part of the board (``VOID``);
* tile layer ``terrain``: every tile has a string property ``terrain``; an empty terrain
  cell over a real cell takes the map property ``default_terrain``, if there is one;
* object layer ``figures`` (optional): each object has string properties ``side`` and
  ``unit`` and an optional int ``facing`` 0-5; it stands on the hex under its centre.

Every problem is one :class:`MapError` naming the file and what is wrong in it.
"""

from __future__ import annotations

from typing import Any

import numpy as np

from game.boards.hexmap import VOID, HexMap, Orientation, Stagger
from game.boards.tiled.kinds import TiledKind
from game.boards.tiled.marks import HEX_CARD, LEVELS_LAYER
from game.boards.tiled.reading import MapReading, TileRef
from game.core.places import Cell, LoadedMap, Placement

KIND = "hex"
"""The board kind this module builds."""
TERRAIN_LAYER = "terrain"
"""Tile layer whose tiles carry the string property ``terrain``."""
FIGURES_LAYER = "figures"
"""Object layer of figures, each with ``side``, ``unit`` and optional ``facing``."""

MAX_LEVEL = 255
"""Highest level a tile may have (far above any real stack of hexes)."""

MAX_FIGURES = 100
"""Most figures a hex map may place (a skirmish has dozens)."""
MAX_SIDE_FIGURES = 40
"""Most figures a hex map may place on one side: every figure of the side moving is
listed with every hex it can reach at the start of its movement, and 40 on a board of
the largest size (128 x 128) list theirs within 50 ms."""
MAX_FIGURE_NAME = 60
"""Longest figure name (its object's name), in characters."""

FIGURE_PROPERTIES = frozenset({"side", "unit", "facing"})
"""Figure properties the board reads; a placement keeps the others."""


def build_hex_board(reading: MapReading) -> LoadedMap[HexMap]:
    """The hex board and figure placements of a hexagonal map; MapError (naming the file
    and the fault) if it breaks the hex map conventions."""
    board = _board(reading)
    return LoadedMap(path=reading.path, kind=KIND, board=board,
                     placements=_figures(reading, board),
                     properties=dict(reading.properties))


def _cell(col: int, row: int) -> str:
    return f"cell ({col},{row})"


def _check_geometry(reading: MapReading) -> None:
    if reading.orientation != "hexagonal":
        raise reading.fail(f"the map's orientation is '{reading.orientation}', but a "
                           f"hexagonal map is needed (in Tiled: File > New Map, "
                           f"Orientation: Hexagonal)")
    axis = reading.stagger_axis
    across = reading.tile_height if axis == "y" else reading.tile_width
    side = reading.hex_side or 0
    if side >= across:
        raise reading.fail(f"the hex side length {side} must be less than the tile "
                           f"{'height' if axis == 'y' else 'width'} {across}")


def _tile_property(reading: MapReading, ref: TileRef, where: str, prop: str,
                   typ: type) -> Any:
    """Property ``prop`` of the tile in a cell, which must be there and be a ``typ``."""
    props = ref.properties
    what = f"{where}: {ref.label}"
    if props.get(prop) is None:
        hint = ""
        clobbered = sorted(set(props) & {"height", "width"})
        if clobbered:
            hint = (f" (it has a property named '{clobbered[0]}', a name pytmx takes for "
                    f"the tile's pixel size: call it '{prop}')")
        kind = "int" if typ is int else "string"
        raise reading.fail(f"{what} has no {kind} property '{prop}'{hint}")
    value = props[prop]
    if typ is int:
        if isinstance(value, bool) or not isinstance(value, int):
            raise reading.fail(f"{what}: property '{prop}' must be an int (type int in "
                               f"Tiled), not {value!r}")
        return value
    if not isinstance(value, str) or not value.strip():
        raise reading.fail(f"{what}: property '{prop}' must be a non-empty string, "
                           f"not {value!r}")
    return value.strip()


def _board(reading: MapReading) -> HexMap:
    _check_geometry(reading)
    lv_layer = reading.tile_layer(LEVELS_LAYER)
    if lv_layer is None:
        raise reading.fail(f"it has no tile layer named '{LEVELS_LAYER}' (tiles with an int "
                           f"property 'level'; empty cells are off the board)")
    tr_layer = reading.tile_layer(TERRAIN_LAYER)
    default = reading.properties.get("default_terrain")
    if default is not None and (not isinstance(default, str) or not default.strip()):
        raise reading.fail(f"map property 'default_terrain' must be a terrain name, "
                           f"not {default!r}")
    default = default.strip() if isinstance(default, str) else None
    width, height = reading.width, reading.height

    levels = np.full((height, width), VOID, dtype=np.int16)
    cache: dict[int, int] = {}  # id() of a shared TileRef -> its level
    for row, refs in enumerate(lv_layer.cells):
        for col, ref in enumerate(refs):
            if ref is None:
                continue
            level = cache.get(id(ref))
            if level is None:
                where = f"layer '{LEVELS_LAYER}', {_cell(col, row)}"
                level = _tile_property(reading, ref, where, "level", int)
                if not 0 <= level <= MAX_LEVEL:
                    raise reading.fail(f"{where}: level must be 0 or more (at most "
                                       f"{MAX_LEVEL}), not {level}")
                cache[id(ref)] = level
            levels[row, col] = level
    if not (levels != VOID).any():
        raise reading.fail(f"layer '{LEVELS_LAYER}' is empty; paint the board's hexes on it")

    names: list[list[str | None]] = [[None] * width for _ in range(height)]
    if tr_layer is not None:
        terrain_cache: dict[int, str] = {}
        for row, refs in enumerate(tr_layer.cells):
            for col, ref in enumerate(refs):
                if ref is None:
                    continue
                name = terrain_cache.get(id(ref))
                if name is None:
                    where = f"layer '{TERRAIN_LAYER}', {_cell(col, row)}"
                    name = _tile_property(reading, ref, where, "terrain", str)
                    terrain_cache[id(ref)] = name
                names[row][col] = name
    for row in range(height):
        for col in range(width):
            if levels[row, col] == VOID or names[row][col] is not None:
                continue
            if default is None:
                where = (f"layer '{TERRAIN_LAYER}' has no tile at {_cell(col, row)}"
                         if tr_layer is not None else
                         f"it has no tile layer '{TERRAIN_LAYER}'")
                raise reading.fail(f"{where} and the map has no property 'default_terrain' "
                                   f"to fall back on")
            names[row][col] = default
    used = sorted({n for row in names for n in row if n is not None})
    if len(used) > 255:
        raise reading.fail(f"it uses {len(used)} terrains; at most 255 are supported")
    code = {n: k for k, n in enumerate(used)}
    terrain = np.array([[code[n] if n is not None else 0 for n in row] for row in names],
                       dtype=np.uint8)
    orientation: Orientation = "pointy" if reading.stagger_axis == "y" else "flat"
    stagger: Stagger = "even" if reading.stagger_index == "even" else "odd"
    title = reading.properties.get("title")
    try:
        return HexMap(levels, terrain, used, orientation=orientation, stagger=stagger,
                      tile_width=reading.tile_width, tile_height=reading.tile_height,
                      side_length=reading.hex_side,
                      name=title if isinstance(title, str) and title else reading.path.stem)
    except ValueError as e:
        raise reading.fail(f"it does not make a hex board: {e}") from None


def _label(oid: int, name: str) -> str:
    return f"figure '{name}' (object id {oid})" if name else f"figure object id {oid}"


def _figures(reading: MapReading, board: HexMap) -> tuple[Placement, ...]:
    layer = reading.object_layer(FIGURES_LAYER)
    if layer is None:
        return ()
    if len(layer.objects) > MAX_FIGURES:
        raise reading.fail(f"layer '{FIGURES_LAYER}' has {len(layer.objects)} figures, more "
                           f"than the {MAX_FIGURES} a map may place")
    out: list[Placement] = []
    taken: dict[int, str] = {}
    for obj in layer.objects:
        if len(obj.name) > MAX_FIGURE_NAME:
            raise reading.fail(f"{_label(obj.id, obj.name[:20] + '...')}: its name is "
                               f"{len(obj.name)} characters long; at most {MAX_FIGURE_NAME}")
        label = _label(obj.id, obj.name)
        props = obj.properties
        side = reading.value(label, props, "side", str, what="the side it plays for")
        unit = reading.value(label, props, "unit", str, what="a key of the scenario's units")
        facing = props.get("facing", 0)
        if facing is None:
            facing = 0
        if isinstance(facing, bool) or not isinstance(facing, int) or not 0 <= facing <= 5:
            raise reading.fail(f"{label}: property 'facing' must be an int from 0 to 5, "
                               f"not {facing!r}")
        cx, cy = obj.centre
        cell = board.cell_at(cx, cy)
        if cell is None:
            raise reading.fail(_why_not_on_board(board, label, cx, cy))
        if cell in taken:
            raise reading.fail(f"{taken[cell]} and {label} both stand on "
                               f"{_cell(*board.offset(cell))}; one figure per hex")
        taken[cell] = label
        others = {k: v for k, v in props.items() if k not in FIGURE_PROPERTIES}
        out.append(Placement(name=obj.name, side=side, unit=unit, place=Cell(cell),
                             facing=facing, label=label, properties=others))
    _check_sides(reading, out)
    return tuple(out)


def _check_sides(reading: MapReading, placements: list[Placement]) -> None:
    """At most :data:`MAX_SIDE_FIGURES` figures on one side."""
    count: dict[str, int] = {}
    for p in placements:
        count[p.side] = count.get(p.side, 0) + 1
        if count[p.side] > MAX_SIDE_FIGURES:
            total = sum(q.side == p.side for q in placements)
            raise reading.fail(f"layer '{FIGURES_LAYER}' places {total} figures on side "
                               f"'{p.side}', more than the {MAX_SIDE_FIGURES} a side may have "
                               f"on a hex map")


def _why_not_on_board(board: HexMap, label: str, x: float, y: float) -> str:
    """Why the figure at map pixel (x, y) stands on no cell: off the map, or on a cell
    with no level tile. (The whole grid is built only here, for the message.)"""
    whole = HexMap(np.zeros((board.height, board.width), dtype=np.int16),
                   orientation=board.orientation, stagger=board.stagger,
                   tile_width=board.tile_width, tile_height=board.tile_height,
                   side_length=board.side_length)
    under = whole.cell_at(x, y)
    if under is None:
        w, h = board.pixel_size
        return f"{label} at ({x:g}, {y:g}) is off the map ({w}x{h} pixels)"
    return (f"{label} stands on {_cell(*board.offset(under))}, which has no tile in layer "
            f"'{LEVELS_LAYER}' (not part of the board)")


HEX: TiledKind[HexMap] = TiledKind(HEX_CARD, build_hex_board)
"""The hex map kind, as :data:`game.boards.tiled.BUILDERS` lists it."""
