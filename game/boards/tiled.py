"""Tiled hex maps -> a :class:`HexMap` and the figures placed on it.

The only module in the project that imports pytmx. It turns a ``.tmx`` file into plain
values once, at load time; nothing else touches pytmx objects.

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

pytmx fails in assorted ways on bad files and lets some bad input through silently, so
the file is checked before pytmx reads it (XML, orientation, tilesets, layer formats) and
after (layer sizes, tile ids, properties, figure positions). Every problem is one
:class:`MapError` naming the file and what is wrong in it.
"""

from __future__ import annotations

import bisect
import logging
import math
import os
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any
from xml.etree import ElementTree

import numpy as np

# pytmx imports pygame (for its optional pygame loader) when it is imported; keep pygame's
# greeting out of headless output. This module itself never uses pygame.
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
import pytmx  # noqa: E402

from game.boards.hexmap import VOID, HexMap, Orientation, Stagger
from game.core.errors import MapError

LEVELS_LAYER = "levels"
"""Tile layer whose tiles carry the int property ``level``."""
TERRAIN_LAYER = "terrain"
"""Tile layer whose tiles carry the string property ``terrain``."""
FIGURES_LAYER = "figures"
"""Object layer of figures, each with ``side``, ``unit`` and optional ``facing``."""

MAX_LEVEL = 255
"""Highest level a tile may have (far above any real stack of hexes)."""

_ID_MASK = 0x0FFFFFFF
"""Tiled keeps flip and rotation flags (including hex 120-degree turns) in the top 4 bits."""

_ANCHORS: dict[str, tuple[float, float]] = {
    "unspecified": (0.0, 1.0),  # Tiled's default for orthogonal and hexagonal maps
    "bottomleft": (0.0, 1.0),
    "bottom": (0.5, 1.0),
    "bottomright": (1.0, 1.0),
    "left": (0.0, 0.5),
    "center": (0.5, 0.5),
    "right": (1.0, 0.5),
    "topleft": (0.0, 0.0),
    "top": (0.5, 0.0),
    "topright": (1.0, 0.0),
}
"""Where a tile object's (x, y) sits on its image, as fractions of its width and height,
for each value of the tileset's ``objectalignment``."""


@dataclass(frozen=True)
class FigurePlacement:
    """A figure as placed on the map's ``figures`` layer."""

    name: str
    """The object's name in Tiled; "" if it has none."""
    side: str
    """Object property ``side``: a side key of the scenario."""
    unit: str
    """Object property ``unit``: a key of the scenario's units."""
    cell: int
    """Flat index (``row * width + col``) of the hex the object stands on."""
    facing: int = 0
    """Object property ``facing``, a direction 0-5 (see hexmap); 0 if not given."""


@dataclass(frozen=True)
class HexMapFile:
    """Everything the game takes from one Tiled hex map."""

    path: Path
    board: HexMap
    figures: tuple[FigurePlacement, ...]
    """Figures in the order of the ``figures`` layer; empty if the map has none."""
    properties: dict[str, object] = field(default_factory=dict)
    """The map's custom properties (Map > Map Properties > Custom Properties)."""


def load_hex_map(path: str | Path) -> HexMapFile:
    """Read a Tiled ``.tmx`` hex map; MapError (naming the file and the fault) if bad."""
    p = Path(path)
    try:
        return _Loader(p).load()
    except MapError:
        raise
    except Exception as e:  # a case the checks did not foresee: still one clear error
        raise MapError(f"{p.name}: cannot be read as a hex map ({type(e).__name__}: {e})") from e


# ---------------------------------------------------------------------------- internals
@dataclass
class _Tileset:
    """What the loader needs to know of a tileset, read from the raw XML."""

    firstgid: int
    count: int
    label: str
    """How messages name it: "tileset 'levels' (tiles/levels.tsx)"."""
    tile_width: int
    tile_height: int
    alignment: str
    custom: dict[int, set[str]]
    """Local tile id -> names of its custom properties, as written in the file."""

    def contains(self, gid: int) -> bool:
        return self.firstgid <= gid < self.firstgid + self.count


class _PytmxLog(logging.Handler):
    """Collects what pytmx logs while it loads: its exceptions often say less."""

    def __init__(self) -> None:
        super().__init__(logging.WARNING)
        self.messages: list[str] = []

    def emit(self, record: logging.LogRecord) -> None:
        self.messages.append(record.getMessage())


@contextmanager
def _capture_pytmx_log() -> Iterator[_PytmxLog]:
    logger = logging.getLogger(pytmx.TiledMap.__module__)
    handler = _PytmxLog()
    logger.addHandler(handler)
    try:
        yield handler
    finally:
        logger.removeHandler(handler)


def _no_images(filename: str, colorkey: object = None, **kwargs: object) -> Callable[..., None]:
    """A pytmx image loader that loads nothing: the game draws boards itself, and this
    keeps the module free of pygame and of a display."""

    def load(rect: object = None, flags: object = None) -> None:
        return None

    return load


def _kind_of_layer(layer: object) -> str:
    if isinstance(layer, pytmx.TiledTileLayer):
        return "a tile layer"
    if isinstance(layer, pytmx.TiledObjectGroup):
        return "an object layer"
    if isinstance(layer, pytmx.TiledImageLayer):
        return "an image layer"
    return "a group layer"


def _cell(col: int, row: int) -> str:
    return f"cell ({col},{row})"


class _Loader:
    """One load of one file; ``self.fail`` builds the errors, all prefixed by the file."""

    def __init__(self, path: Path) -> None:
        self.path = path
        self.file = path.name
        self.tilesets: list[_Tileset] = []
        self.width = 0
        self.height = 0

    def fail(self, why: str) -> MapError:
        return MapError(f"{self.file}: {why}")

    # ------------------------------------------------------------------ the whole load
    def load(self) -> HexMapFile:
        root = self._read_xml(self.path, "map")
        self._check_map_element(root)
        self._check_property_values(root, "")
        self._check_tilesets(root)
        self._check_layer_elements(root)
        tm = self._pytmx_load()
        board = self._board(tm)
        figures = self._figures(tm, board)
        props = {str(k): v for k, v in tm.properties.items()}
        return HexMapFile(path=self.path, board=board, figures=figures, properties=props)

    # ------------------------------------------------------------------ before pytmx
    def _read_xml(self, path: Path, root_tag: str) -> ElementTree.Element:
        """Parse ``path`` (the map, or a tileset it uses) into XML, or fail saying why."""
        what = "map" if root_tag == "map" else f"tileset file {path.name}"
        try:
            data = path.read_bytes()
        except FileNotFoundError:
            if root_tag == "map":
                raise MapError(f"{path}: no such map file") from None
            raise self.fail(f"the {what} is missing (looked for {path})") from None
        except OSError as e:
            raise self.fail(f"cannot read the {what}: {e.strerror or e}") from None
        if data.lstrip()[:1] in (b"{", b"["):
            raise self.fail(f"the {what} is JSON; save it in Tiled's XML format "
                            f"({'.tmx' if root_tag == 'map' else '.tsx'})")
        try:
            root = ElementTree.fromstring(data)
        except (ElementTree.ParseError, LookupError, ValueError) as e:
            raise self.fail(f"the {what} is not valid XML ({e})") from None
        if root.tag != root_tag:
            raise self.fail(f"the {what} is not a Tiled {'map' if root_tag == 'map' else 'tileset'}"
                            f" (its XML root is <{root.tag}>, not <{root_tag}>)")
        return root

    def _int(self, node: ElementTree.Element, attr: str, where: str, *,
             default: int | None = None, minimum: int = 1) -> int:
        raw = node.get(attr)
        if raw is None:
            if default is not None:
                return default
            raise self.fail(f"{where} has no '{attr}' attribute")
        try:
            value = int(raw)
        except ValueError:
            raise self.fail(f"{where}: '{attr}' must be a whole number, not {raw!r}") from None
        if value < minimum:
            raise self.fail(f"{where}: '{attr}' must be at least {minimum}, not {value}")
        return value

    def _check_map_element(self, root: ElementTree.Element) -> None:
        orientation = root.get("orientation", "orthogonal")
        if orientation != "hexagonal":
            raise self.fail(f"the map's orientation is '{orientation}', but a hexagonal map "
                            f"is needed (in Tiled: File > New Map, Orientation: Hexagonal)")
        if root.get("infinite", "0") != "0":
            raise self.fail("the map is infinite; untick 'Infinite' in Map > Map Properties "
                            "so it has a fixed size")
        self.width = self._int(root, "width", "the map")
        self.height = self._int(root, "height", "the map")
        tw = self._int(root, "tilewidth", "the map")
        th = self._int(root, "tileheight", "the map")
        side = self._int(root, "hexsidelength", "the map")
        axis = root.get("staggeraxis", "y")
        if axis not in ("x", "y"):
            raise self.fail(f"the map's stagger axis must be 'x' or 'y', not {axis!r}")
        index = root.get("staggerindex", "odd")
        if index not in ("odd", "even"):
            raise self.fail(f"the map's stagger index must be 'odd' or 'even', not {index!r}")
        across = th if axis == "y" else tw
        if side >= across:
            raise self.fail(f"the hex side length {side} must be less than the tile "
                            f"{'height' if axis == 'y' else 'width'} {across}")

    def _owner(self, node: ElementTree.Element, tileset: str) -> str:
        """How a message names the element that holds a <properties> block."""
        if node.tag == "map":
            return "the map"
        if node.tag in ("layer", "objectgroup", "imagelayer", "group"):
            return f"layer '{node.get('name', '')}'"
        if node.tag == "object":
            name, oid = node.get("name"), node.get("id")
            return f"object '{name}' (id {oid})" if name else f"object id {oid}"
        if node.tag == "tile":
            return f"tile {node.get('id')} of {tileset}"
        return tileset or f"<{node.tag}>"

    def _check_property_values(self, root: ElementTree.Element, tileset: str) -> None:
        """Typed properties whose value does not parse (pytmx would fail without saying
        which), and class properties, which pytmx cannot read without a project file."""
        if root.tag == "map":
            # pytmx fails on these without saying which (its message itself breaks)
            blank = pytmx.TiledMap()
            for prop in root.iterfind("properties/property"):
                name = prop.get("name", "")
                if hasattr(blank, name):
                    raise self.fail(f"map property '{name}' has a name Tiled itself uses; "
                                    f"rename it")
        stack = [root]
        while stack:
            node = stack.pop()
            stack.extend(c for c in reversed(node) if c.tag != "tileset")  # each on its own
            block = node.find("properties")
            if block is None:
                continue
            for prop in block.findall("property"):
                kind = prop.get("type", "string")
                name = prop.get("name", "")
                raw = prop.get("value")
                where = f"{self._owner(node, tileset)}: property '{name}'"
                if kind == "class":
                    raise self.fail(f"{where} has a custom class type, which cannot be read; "
                                    f"use plain int/string properties")
                try:
                    if kind in ("int", "object"):
                        int(raw if raw is not None else "")
                    elif kind == "float":
                        float(raw if raw is not None else "")
                    elif kind == "bool":
                        pytmx.convert_to_bool(raw or "")
                except ValueError:
                    raise self.fail(f"{where} is of type {kind}, but its value is "
                                    f"{raw!r}") from None

    def _check_tilesets(self, root: ElementTree.Element) -> None:
        """Read every tileset (embedded or external) into :class:`_Tileset` values."""
        for node in root.findall("tileset"):
            firstgid = self._int(node, "firstgid", "a <tileset> of the map")
            source = node.get("source")
            if source:
                if not source.lower().endswith(".tsx"):
                    raise self.fail(f"tileset '{source}' is not a .tsx file; export it from "
                                    f"Tiled as XML (.tsx) or embed it in the map")
                tsx = self.path.parent / source
                ts = self._read_xml(tsx, "tileset")
                label_src = f" ({source})"
            else:
                ts, label_src = node, ""
            name = ts.get("name") or (Path(source).stem if source else "?")
            label = f"tileset '{name}'{label_src}"
            self._check_property_values(ts, label)
            tw = self._int(ts, "tilewidth", label)
            th = self._int(ts, "tileheight", label)
            custom: dict[int, set[str]] = {}
            for tile in ts.findall("tile"):
                tid = self._int(tile, "id", f"a <tile> of {label}", minimum=0)
                custom[tid] = {p.get("name", "") for p in tile.iterfind("properties/property")}
            count = self._tile_count(ts, label, tw, th, custom)
            align = ts.get("objectalignment", "unspecified")
            if align not in _ANCHORS:
                raise self.fail(f"{label}: unknown object alignment {align!r}")
            self.tilesets.append(_Tileset(firstgid, count, label, tw, th, align, custom))
        self.tilesets.sort(key=lambda t: t.firstgid)
        for a, b in zip(self.tilesets, self.tilesets[1:], strict=False):
            if a.firstgid + a.count > b.firstgid:
                raise self.fail(f"{a.label} (ids {a.firstgid}-{a.firstgid + a.count - 1}) "
                                f"overlaps {b.label} (first id {b.firstgid})")

    def _tile_count(self, ts: ElementTree.Element, label: str, tw: int, th: int,
                    custom: dict[int, set[str]]) -> int:
        if ts.get("tilecount") is not None:
            return self._int(ts, "tilecount", label, minimum=0)
        image = ts.find("image")
        if image is None:  # a collection of images: one <tile> each
            return max(custom, default=-1) + 1
        margin = self._int(ts, "margin", label, default=0, minimum=0)
        spacing = self._int(ts, "spacing", label, default=0, minimum=0)
        iw = self._int(image, "width", f"the image of {label}")
        ih = self._int(image, "height", f"the image of {label}")
        cols = (iw - 2 * margin + spacing) // (tw + spacing)
        rows = (ih - 2 * margin + spacing) // (th + spacing)
        return max(0, cols) * max(0, rows)

    def _check_layer_elements(self, root: ElementTree.Element) -> None:
        """Formats pytmx cannot read, and layer sizes that differ from the map's."""
        for node in root.iter("layer"):
            name = node.get("name", "")
            where = f"layer '{name}'"
            data = node.find("data")
            if data is None:
                raise self.fail(f"{where} has no <data>")
            if data.find("chunk") is not None:
                raise self.fail(f"{where} is stored in chunks (an infinite map); untick "
                                f"'Infinite' in Map > Map Properties")
            encoding = data.get("encoding")
            if encoding not in ("csv", "base64"):
                raise self.fail(f"{where} is stored as {encoding or 'XML'} tiles; set Tile "
                                f"Layer Format to CSV in Map > Map Properties")
            compression = data.get("compression")
            if compression not in (None, "", "zlib", "gzip"):
                raise self.fail(f"{where} is compressed with {compression}, which cannot be "
                                f"read; choose CSV in Map > Map Properties > Tile Layer Format")
            if not (data.text or "").strip():
                raise self.fail(f"{where} has no tile data")
            lw = self._int(node, "width", where)
            lh = self._int(node, "height", where)
            if (lw, lh) != (self.width, self.height):
                raise self.fail(f"{where} is {lw}x{lh} cells but the map is "
                                f"{self.width}x{self.height}")
        for group in root.iter("objectgroup"):
            if group.get("name") != FIGURES_LAYER:
                continue
            for obj in group.iter("object"):
                if obj.get("template"):
                    raise self.fail(f"{self._object_label(obj.get('id'), obj.get('name'))} "
                                    f"uses the object template {obj.get('template')}, which "
                                    f"cannot be read; right-click it in Tiled > Detach")

    # ------------------------------------------------------------------ pytmx
    def _pytmx_load(self) -> pytmx.TiledMap:
        with _capture_pytmx_log() as log:
            try:
                return pytmx.TiledMap(str(self.path), image_loader=_no_images, invert_y=False)
            except MapError:
                raise
            except Exception as e:  # pytmx raises anything, even a bare Exception
                clashes = [m for m in log.messages if "already exists" in m]
                said = clashes[0] if clashes else (log.messages[-1] if log.messages else "")
                if "Reserved names" in str(e) or clashes:
                    raise self.fail(
                        f"a custom property uses a name Tiled itself uses ({said or e}); "
                        f"rename it (names such as width, height, name, id, x, y, type, "
                        f"visible are taken)") from None
                detail = f"{type(e).__name__}: {e}" if str(e) else type(e).__name__
                if said and said not in detail:
                    detail += f" ({said})"
                raise self.fail(f"pytmx could not read the map: {detail}") from None

    # ------------------------------------------------------------------ after pytmx
    def _layer(self, tm: pytmx.TiledMap, name: str, kind: type) -> Any:
        found = [layer for layer in tm.layers if getattr(layer, "name", None) == name]
        if len(found) > 1:
            raise self.fail(f"it has {len(found)} layers named '{name}'; rename or merge them")
        if not found:
            return None
        layer = found[0]
        if not isinstance(layer, kind):
            want = "a tile layer" if kind is pytmx.TiledTileLayer else "an object layer"
            raise self.fail(f"layer '{name}' must be {want}, but it is {_kind_of_layer(layer)}")
        return layer

    def _grid(self, layer: pytmx.TiledTileLayer) -> list[list[int]]:
        """The layer's pytmx gids, row by row, after checking its size."""
        data = layer.data
        count = sum(len(row) for row in data)
        need = self.width * self.height
        if count != need or len(data) != self.height or any(len(r) != self.width for r in data):
            short = "too few" if count < need else "too many"
            raise self.fail(f"layer '{layer.name}' holds {count} cells, but the map is "
                            f"{self.width}x{self.height} = {need} ({short} values in its data)")
        return [list(row) for row in data]

    def _tileset_of(self, gid: int) -> _Tileset | None:
        firsts = [t.firstgid for t in self.tilesets]
        k = bisect.bisect_right(firsts, gid) - 1
        if k >= 0 and self.tilesets[k].contains(gid):
            return self.tilesets[k]
        return None

    def _ranges(self) -> str:
        if not self.tilesets:
            return "the map has no tilesets"
        spans = ", ".join(f"{t.firstgid}-{t.firstgid + t.count - 1}" for t in self.tilesets)
        return f"the map's tilesets hold ids {spans}"

    def _tile(self, tm: pytmx.TiledMap, pgid: int, where: str) -> tuple[_Tileset, int, dict]:
        """Tileset, local tile id and properties of the tile with pytmx gid ``pgid``."""
        gid = int(tm.tiledgidmap.get(pgid, 0)) & _ID_MASK
        ts = self._tileset_of(gid)
        if ts is None:
            raise self.fail(f"{where} has tile id {gid}, which is in no tileset ({self._ranges()})")
        props: dict = {}
        variants = tm.gidmap.get(gid)  # a defaultdict: get() adds nothing
        if variants:
            props = tm.tile_properties.get(variants[0][0]) or {}
        return ts, gid - ts.firstgid, props

    def _tile_property(self, tm: pytmx.TiledMap, pgid: int, where: str, prop: str,
                       typ: type) -> Any:
        ts, local, props = self._tile(tm, pgid, where)
        declared = ts.custom.get(local, set())
        what = f"{where}: tile {local} of {ts.label}"
        if prop not in declared or props.get(prop) is None:
            hint = ""
            clobbered = declared & {"height", "width"}
            if clobbered:
                hint = (f" (it has a property named '{sorted(clobbered)[0]}', which pytmx "
                        f"overwrites with the tile's pixel size: call it '{prop}')")
            kind = "int" if typ is int else "string"
            raise self.fail(f"{what} has no {kind} property '{prop}'{hint}")
        value = props[prop]
        if typ is int:
            if isinstance(value, bool) or not isinstance(value, int):
                raise self.fail(f"{what}: property '{prop}' must be an int (type int in Tiled), "
                                f"not {value!r}")
        elif not isinstance(value, str) or not value.strip():
            raise self.fail(f"{what}: property '{prop}' must be a non-empty string, "
                            f"not {value!r}")
        return value.strip() if isinstance(value, str) else value

    def _board(self, tm: pytmx.TiledMap) -> HexMap:
        lv_layer = self._layer(tm, LEVELS_LAYER, pytmx.TiledTileLayer)
        if lv_layer is None:
            raise self.fail(f"it has no tile layer named '{LEVELS_LAYER}' (tiles with an int "
                            f"property 'level'; empty cells are off the board)")
        tr_layer = self._layer(tm, TERRAIN_LAYER, pytmx.TiledTileLayer)
        default = tm.properties.get("default_terrain")
        if default is not None and (not isinstance(default, str) or not default.strip()):
            raise self.fail(f"map property 'default_terrain' must be a terrain name, "
                            f"not {default!r}")
        default = default.strip() if isinstance(default, str) else None

        levels = np.full((self.height, self.width), VOID, dtype=np.int16)
        level_grid = self._grid(lv_layer)
        cache: dict[int, int] = {}
        for row, gids in enumerate(level_grid):
            for col, pgid in enumerate(gids):
                if not pgid:
                    continue
                if pgid not in cache:
                    where = f"layer '{LEVELS_LAYER}', {_cell(col, row)}"
                    level = self._tile_property(tm, pgid, where, "level", int)
                    if not 0 <= level <= MAX_LEVEL:
                        raise self.fail(f"{where}: level must be 0 or more (at most "
                                        f"{MAX_LEVEL}), not {level}")
                    cache[pgid] = level
                levels[row, col] = cache[pgid]
        if not (levels != VOID).any():
            raise self.fail(f"layer '{LEVELS_LAYER}' is empty; paint the board's hexes on it")

        names: list[list[str | None]] = [[None] * self.width for _ in range(self.height)]
        if tr_layer is not None:
            terrain_cache: dict[int, str] = {}
            for row, gids in enumerate(self._grid(tr_layer)):
                for col, pgid in enumerate(gids):
                    if not pgid:
                        continue
                    if pgid not in terrain_cache:
                        where = f"layer '{TERRAIN_LAYER}', {_cell(col, row)}"
                        terrain_cache[pgid] = self._tile_property(tm, pgid, where, "terrain", str)
                    names[row][col] = terrain_cache[pgid]
        for row in range(self.height):
            for col in range(self.width):
                if levels[row, col] == VOID or names[row][col] is not None:
                    continue
                if default is None:
                    where = (f"layer '{TERRAIN_LAYER}' has no tile at {_cell(col, row)}"
                             if tr_layer is not None else
                             f"it has no tile layer '{TERRAIN_LAYER}'")
                    raise self.fail(f"{where} and the map has no property 'default_terrain' "
                                    f"to fall back on")
                names[row][col] = default
        used = sorted({n for row in names for n in row if n is not None})
        if len(used) > 255:
            raise self.fail(f"it uses {len(used)} terrains; at most 255 are supported")
        code = {n: k for k, n in enumerate(used)}
        terrain = np.array([[code[n] if n is not None else 0 for n in row] for row in names],
                           dtype=np.uint8)
        orientation: Orientation = "pointy" if tm.staggeraxis in (None, "y") else "flat"
        stagger: Stagger = "even" if tm.staggerindex == "even" else "odd"
        title = tm.properties.get("title")
        try:
            return HexMap(levels, terrain, used, orientation=orientation, stagger=stagger,
                          tile_width=int(tm.tilewidth), tile_height=int(tm.tileheight),
                          side_length=int(round(float(tm.hexsidelength))),
                          name=title if isinstance(title, str) and title else self.path.stem)
        except ValueError as e:
            raise self.fail(f"it does not make a hex board: {e}") from None

    # ------------------------------------------------------------------ figures
    @staticmethod
    def _object_label(oid: object, name: object) -> str:
        return f"figure '{name}' (object id {oid})" if name else f"figure object id {oid}"

    def _object_centre(self, tm: pytmx.TiledMap, obj: pytmx.TiledObject,
                       label: str) -> tuple[float, float]:
        """Centre of what the object shows, in map pixels (its rotation included)."""
        x, y = float(obj.x), float(obj.y)
        w, h = float(obj.width or 0), float(obj.height or 0)
        if obj.gid:
            gid = int(tm.tiledgidmap.get(obj.gid, 0)) & _ID_MASK
            ts = self._tileset_of(gid)
            if ts is None:
                raise self.fail(f"{label} shows tile id {gid}, which is in no tileset "
                                f"({self._ranges()})")
            w, h = w or ts.tile_width, h or ts.tile_height
            ax, ay = _ANCHORS[ts.alignment]
            dx, dy = (0.5 - ax) * w, (0.5 - ay) * h
        elif getattr(obj, "points", None):
            pts = [(px - x, py - y) for px, py in obj.points]
            dx = sum(p[0] for p in pts) / len(pts)
            dy = sum(p[1] for p in pts) / len(pts)
        else:  # rectangle, ellipse, text: (x, y) is the top left; a point has no size
            dx, dy = w / 2, h / 2
        a = math.radians(float(obj.rotation or 0))  # clockwise, about (x, y)
        return (x + dx * math.cos(a) - dy * math.sin(a),
                y + dx * math.sin(a) + dy * math.cos(a))

    def _figures(self, tm: pytmx.TiledMap, board: HexMap) -> tuple[FigurePlacement, ...]:
        layer = self._layer(tm, FIGURES_LAYER, pytmx.TiledObjectGroup)
        if layer is None:
            return ()
        whole = HexMap(np.zeros((board.height, board.width), dtype=np.int16),
                       orientation=board.orientation, stagger=board.stagger,
                       tile_width=board.tile_width, tile_height=board.tile_height,
                       side_length=board.side_length)
        ox, oy = float(layer.offsetx or 0), float(layer.offsety or 0)
        out: list[FigurePlacement] = []
        taken: dict[int, str] = {}
        for obj in layer:
            name = str(obj.name or "")
            label = self._object_label(obj.id, name)
            props = obj.properties
            side = self._string_property(props, "side", label, "the side it plays for")
            unit = self._string_property(props, "unit", label, "a key of the scenario's units")
            facing = props.get("facing", 0)
            if facing is None:
                facing = 0
            if isinstance(facing, bool) or not isinstance(facing, int) or not 0 <= facing <= 5:
                raise self.fail(f"{label}: property 'facing' must be an int from 0 to 5, "
                                f"not {facing!r}")
            cx, cy = self._object_centre(tm, obj, label)
            cx, cy = cx + ox, cy + oy
            cell = board.cell_at(cx, cy)
            if cell is None:
                under = whole.cell_at(cx, cy)
                if under is None:
                    w, h = board.pixel_size
                    raise self.fail(f"{label} at ({cx:g}, {cy:g}) is off the map "
                                    f"({w}x{h} pixels)")
                raise self.fail(f"{label} stands on {_cell(*board.offset(under))}, which has "
                                f"no tile in layer '{LEVELS_LAYER}' (not part of the board)")
            if cell in taken:
                raise self.fail(f"{taken[cell]} and {label} both stand on "
                                f"{_cell(*board.offset(cell))}; one figure per hex")
            taken[cell] = label
            out.append(FigurePlacement(name=name, side=side, unit=unit, cell=cell, facing=facing))
        return tuple(out)

    def _string_property(self, props: dict, prop: str, label: str, what: str) -> str:
        value = props.get(prop)
        if value is None:
            raise self.fail(f"{label} has no '{prop}' property ({what})")
        if not isinstance(value, str) or not value.strip():
            raise self.fail(f"{label}: property '{prop}' must be a non-empty string "
                            f"({what}), not {value!r}")
        return value.strip()


def load_map(path: str | Path, kind: str) -> Any:
    """The map at ``path`` as a board of ``kind`` (only "hex" maps are read so far)."""
    from game.core.places import Cell, LoadedMap, Placement

    if kind != "hex":
        raise MapError(f"{Path(path).name}: no builder for '{kind}' boards (known: hex)")
    f = load_hex_map(path)
    placements = tuple(Placement(name=p.name, side=p.side, unit=p.unit, place=Cell(p.cell),
                                 facing=p.facing, label=p.name or p.unit)
                       for p in f.figures)
    return LoadedMap(f.path, "hex", f.board, placements, dict(f.properties))
