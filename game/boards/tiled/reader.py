"""A Tiled ``.tmx`` map, checked and read into plain values (:class:`MapReading`).

The only module in the project that imports pytmx. :func:`read_map` checks everything
about a map file that does not depend on the kind of board it holds, then turns it into
frozen, pytmx-free values (:mod:`.reading`): the map's attributes and custom properties,
its tilesets, its tile layers (a grid of :class:`TileRef`) and its object layers (a list
of :class:`MapObject`, with absolute geometry). The board builders work from that reading
alone; each says by the map's layers and properties which maps are its own
(:func:`game.boards.tiled.kind_of`).

pytmx fails in assorted ways on bad files and lets some bad input through silently, so
the file is checked before pytmx reads it (XML, attributes, property values, tilesets,
layer formats and sizes, objects) and after (tile data, tile ids). Every problem is one
:class:`MapError` naming the file and what is wrong in it.

Limits come first, before anything is allocated for them: only regular files are read,
:data:`MAX_MAP_BYTES` for the map and its tilesets together; at most
:data:`MAX_MAP_SIDE` cells a side and :data:`MAX_MAP_CELLS` cells; tiles of at most
:data:`MAX_TILE_PIXELS` pixels a side and :data:`MAX_TILESET_TILES` tiles a tileset
(pytmx visits every tile position of a tileset image); a tile layer's data must hold
exactly its cells (compressed data is inflated only that far); XML nested at most
:data:`MAX_XML_DEPTH` deep, at most :data:`MAX_XML_ELEMENTS` elements in all,
:data:`MAX_OBJECTS` objects and :data:`MAX_POINTS` polygon points a map. Every attribute
pytmx converts to a number or a truth value is checked first, so its errors name the
element and attribute.

What comes from where: pytmx decodes the tile layers' data (CSV, base64, zlib, gzip) and
is the last word on what it can read. Custom properties and objects are read from the
XML the checks already parsed, because pytmx's own values are not what the map maker
typed: it turns an empty string property into None, mixes Tiled's own attributes (id,
type, probability, width and height replaced by the tile's pixel size, frames...) into
tile properties, and keeps no record of an object's shape (ellipse, point, text).
"""

from __future__ import annotations

import base64
import binascii
import bisect
import functools
import logging
import math
import os
import zlib
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any, cast
from xml.etree import ElementTree

# pytmx imports pygame (for its optional pygame loader) when it is imported; keep pygame's
# greeting out of headless output. This module itself never uses pygame.
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
import pytmx  # noqa: E402

from game.boards.tiled.reading import (  # noqa: E402
    A_KIND,
    ANCHORS,
    ORIENTATIONS,
    PROPERTY_TYPES,
    RENDER_ORDERS,
    LayerKind,
    MapObject,
    MapReading,
    ObjectLayer,
    Shape,
    TileLayer,
    TileRef,
    Tileset,
    area_centroid,
    length_centroid,
    object_name,
    rotate,
)
from game.boards.tiled.xmlparts import (  # noqa: E402
    CSV,
    LAYER_TAGS,
    LONG_ID,
    PLACES,
    WHOLE,
    WHOLE_ID,
    element_label,
    inflate,
    layer_nodes,
    quote,
)
from game.core.errors import MapError, printable  # noqa: E402
from game.core.files import Unreadable, read_limited, size_text  # noqa: E402

__all__ = [
    "ANCHORS", "ID_MASK", "MAX_MAP_BYTES", "MAX_MAP_CELLS", "MAX_MAP_SIDE", "MAX_OBJECTS",
    "MAX_POINTS", "MAX_TILESETS", "MAX_TILESET_TILES", "MAX_TILE_PIXELS", "MAX_XML_DEPTH",
    "MAX_XML_ELEMENTS", "ORIENTATIONS", "PROPERTY_TYPES", "RENDER_ORDERS", "LayerKind",
    "MapObject", "MapReading", "ObjectLayer", "Shape", "TileLayer", "TileRef", "Tileset",
    "read_map",
]

ID_MASK = 0x0FFFFFFF
"""Tiled keeps flip and rotation flags (including hex 120-degree turns) in the top 4 bits
of a global tile id."""

MAX_MAP_BYTES = 4 << 20
"""Bytes read for one map: the map file and its tileset files together (4 MiB; a
128x128 hex map with its tilesets is about 100 kB)."""
MAX_MAP_SIDE = 512
"""Most cells a map may have across or down."""
MAX_MAP_CELLS = 16_384
"""Most cells a map may have (128x128, say: a skirmish board has a few hundred, and the
window needs a few seconds to open a board of this size)."""
MAX_TILE_PIXELS = 4096
"""Largest tile width or height, in pixels (a map's or a tileset's)."""
MAX_TILESET_TILES = 65_536
"""Most tiles a tileset may hold (or tile positions its image may have)."""
MAX_TILESETS = 64
"""Most tilesets a map may use."""
MAX_XML_DEPTH = 64
"""Deepest nesting of XML elements read (Tiled's own maps nest a dozen deep)."""
MAX_XML_ELEMENTS = 20_000
"""Most XML elements a map and its tilesets may hold together (Tiled's example maps and the
shipped ones hold under 200; reading each costs time, so a file of nothing but elements
would take seconds)."""
MAX_OBJECTS = 2_000
"""Most objects a map may hold, in all its object layers together."""
MAX_POINTS = 20_000
"""Most polygon and polyline points a map may hold, all its objects together (a hand-drawn
zone or footprint has a few dozen)."""

def read_map(path: str | Path) -> MapReading:
    """Check and read the Tiled map at ``path``; MapError naming the file and the fault
    if it is not a good Tiled map (whatever kind of board it is meant to be)."""
    p = Path(path)
    try:
        return _Reader(p).read()
    except MapError:
        raise
    except Exception as e:  # a case the checks did not foresee: still one clear error
        raise MapError(f"{p.name}: cannot be read as a Tiled map "
                       f"({type(e).__name__}: {e})") from e


# ============================================================================ internals
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


@contextmanager
def _objects_name_properties_freely() -> Iterator[None]:
    """While pytmx loads: let an object have a custom property named like one of pytmx's
    own attributes (``width``, ``height``, ``x``...), as Tiled lets it. pytmx refuses
    one; objects' properties are read from the XML here, never from pytmx, so a sewer
    corridor's float ``width`` (its breadth in inches) is read as the map maker typed it."""
    before = pytmx.TiledObject.allow_duplicate_names
    pytmx.TiledObject.allow_duplicate_names = True
    try:
        yield
    finally:
        pytmx.TiledObject.allow_duplicate_names = before


def _no_images(filename: str, colorkey: object = None, **kwargs: object) -> Callable[..., None]:
    """A pytmx image loader that loads nothing: the game draws boards itself, and this
    keeps the module free of pygame and of a display."""

    def load(rect: object = None, flags: object = None) -> None:
        return None

    return load


@functools.cache
def _reserved_map_names_of_pytmx() -> frozenset[str]:
    """Names pytmx's map object itself uses: a map property of one of these names makes
    pytmx fail without saying which."""
    return frozenset(dir(pytmx.TiledMap()))


class _Reader:
    """One read of one file; ``self.fail`` builds the errors, all prefixed by the file."""

    def __init__(self, path: Path) -> None:
        self.path = path
        self.file = path.name
        self.tilesets: list[Tileset] = []
        self.firsts: list[int] = []
        self.props: dict[ElementTree.Element, dict[str, Any]] = {}
        self.width = 0
        self.height = 0
        self.orientation = "orthogonal"
        self.tile_refs: dict[int, TileRef] = {}
        self.pytmx_to_tiled: dict[int, int] = {}
        self.budget = MAX_MAP_BYTES
        """Bytes still to be read for this map (pytmx reads each tileset as often as the
        map names it, so each naming counts)."""
        self.parsed: dict[Path, ElementTree.Element] = {}
        self.elements = 0
        """XML elements met so far, in the map and its tilesets."""
        self.objects = 0
        """Objects met so far (in the map and its tilesets' tiles)."""
        self.points = 0
        """Polygon and polyline points met so far."""

    def fail(self, why: str) -> MapError:
        return MapError(f"{self.file}: {why}")

    # ------------------------------------------------------------------ the whole read
    def read(self) -> MapReading:
        root = self._read_xml(self.path, "map")
        self._check_for_pytmx(root, "the map")
        head = self._map_element(root)
        self._read_properties(root, "")
        self._read_tilesets(root)
        layers = self._check_layer_elements(root)
        objects = {node: self._objects(node, off) for node, kind, off in layers
                   if kind == "object"}
        tm = self._pytmx_load()
        tile_data = self._tile_data(root, tm)
        kinds: dict[str, LayerKind] = {}
        tile_layers: dict[str, TileLayer] = {}
        object_layers: dict[str, ObjectLayer] = {}
        for node, kind, off in layers:
            name = node.get("name", "")
            if not name:  # cannot be asked for by name
                continue
            kinds[name] = kind
            if kind == "tile":
                tile_layers[name] = TileLayer(name, self._cells(name, tile_data[node]), off,
                                              self.props.get(node, {}))
            elif kind == "object":
                object_layers[name] = ObjectLayer(name, objects[node], off,
                                                  self.props.get(node, {}))
        return MapReading(
            path=self.path, orientation=self.orientation, render_order=head["render_order"],
            width=self.width, height=self.height, tile_width=head["tile_width"],
            tile_height=head["tile_height"], hex_side=head["hex_side"],
            stagger_axis=head["stagger_axis"], stagger_index=head["stagger_index"],
            properties=self.props.get(root, {}), tilesets=tuple(self.tilesets),
            tile_layers=tile_layers, object_layers=object_layers, layer_kinds=kinds)

    # ------------------------------------------------------------------ before pytmx
    def _read_xml(self, path: Path, root_tag: str) -> ElementTree.Element:
        """Parse ``path`` (the map, or a tileset it uses) into XML, or fail saying why."""
        what = "map" if root_tag == "map" else f"tileset file {path.name}"
        try:
            try:
                size = os.stat(path).st_size
            except (OSError, ValueError):
                size = 0  # read_limited says what is wrong
            if MAX_MAP_BYTES >= size > self.budget:
                raise self.fail(f"the map and its tilesets are more than "
                                f"{size_text(MAX_MAP_BYTES)} together (the {what} is "
                                f"{size_text(size)})")
            data = read_limited(path, min(self.budget, MAX_MAP_BYTES))
        except Unreadable as e:
            if e.missing and root_tag == "map":
                raise MapError(f"{path}: no such map file") from None
            if e.missing:
                raise self.fail(f"the {what} is missing (looked for {path})") from None
            raise self.fail(f"cannot read the {what}: {e.reason}") from None
        self.budget -= len(data)
        if data.lstrip()[:1] in (b"{", b"["):
            raise self.fail(f"the {what} is JSON; save it in Tiled's XML format "
                            f"({'.tmx' if root_tag == 'map' else '.tsx'})")
        root = self._parse(data, what)
        if root.tag != root_tag:
            raise self.fail(f"the {what} is not a Tiled {'map' if root_tag == 'map' else 'tileset'}"
                            f" (its XML root is <{root.tag}>, not <{root_tag}>)")
        return root

    def _parse(self, data: bytes, what: str) -> ElementTree.Element:
        """The XML tree of ``data``, parsed a piece at a time so that a file of more
        elements than :data:`MAX_XML_ELEMENTS` (with those already read for this map) is
        refused before they are all made."""
        parser: ElementTree.XMLPullParser[ElementTree.Element] = ElementTree.XMLPullParser(
            events=("start",))
        root: ElementTree.Element | None = None

        def started() -> None:
            nonlocal root
            for event in parser.read_events():
                root = cast(Any, event)[1] if root is None else root  # ("start", element)
                self.elements += 1

        try:
            for at in range(0, len(data), 1 << 16):
                parser.feed(data[at:at + (1 << 16)])
                started()
                if self.elements > MAX_XML_ELEMENTS:
                    raise self.fail(f"the {what} holds too many XML elements: a map and its "
                                    f"tilesets may hold {MAX_XML_ELEMENTS:,} together "
                                    f"(objects, tiles, properties...)")
            parser.close()
            started()
        except (ElementTree.ParseError, LookupError, ValueError) as e:
            raise self.fail(f"the {what} is not valid XML ({e})") from None
        if root is None:
            raise self.fail(f"the {what} is not valid XML (no element found)")
        return root

    def _int(self, node: ElementTree.Element, attr: str, where: str, *,
             default: int | None = None, minimum: int = 1,
             maximum: int = 2 ** 31 - 1) -> int:
        raw = node.get(attr)
        if raw is None:
            if default is not None:
                return default
            raise self.fail(f"{where} has no '{attr}' attribute")
        if not WHOLE.fullmatch(raw):
            raise self.fail(f"{where}: '{attr}' must be a whole number, not "
                            f"{quote(raw)}")
        value = int(raw)
        if value < minimum:
            raise self.fail(f"{where}: '{attr}' must be at least {minimum}, not {value}")
        if value > maximum:
            raise self.fail(f"{where}: '{attr}' must be at most {maximum}, not {value}")
        return value

    def _float(self, node: ElementTree.Element, attr: str, where: str) -> float:
        raw = node.get(attr)
        if raw is None:
            return 0.0
        try:
            value = float(raw)
        except ValueError:
            raise self.fail(f"{where}: '{attr}' must be a number, not {quote(raw)}") from None
        if not math.isfinite(value):
            raise self.fail(f"{where}: '{attr}' must be a finite number, not {raw!r}")
        return value

    def _map_element(self, root: ElementTree.Element) -> dict[str, Any]:
        orientation = root.get("orientation", "orthogonal")
        if orientation not in ORIENTATIONS:
            raise self.fail(f"the map's orientation is {orientation!r}, which Tiled does not "
                            f"have (it has {', '.join(ORIENTATIONS)})")
        self.orientation = orientation
        if root.get("infinite", "0") != "0":
            raise self.fail("the map is infinite; untick 'Infinite' in Map > Map Properties "
                            "so it has a fixed size")
        order = root.get("renderorder", "right-down")
        if order not in RENDER_ORDERS:
            raise self.fail(f"the map's render order must be one of "
                            f"{', '.join(RENDER_ORDERS)}, not {order!r}")
        self.width = self._int(root, "width", "the map", maximum=MAX_MAP_SIDE)
        self.height = self._int(root, "height", "the map", maximum=MAX_MAP_SIDE)
        if self.width * self.height > MAX_MAP_CELLS:
            raise self.fail(f"the map is {self.width}x{self.height} = "
                            f"{self.width * self.height} cells, more than the "
                            f"{MAX_MAP_CELLS} a map may have")
        head: dict[str, Any] = {
            "render_order": order,
            "tile_width": self._int(root, "tilewidth", "the map", maximum=MAX_TILE_PIXELS),
            "tile_height": self._int(root, "tileheight", "the map", maximum=MAX_TILE_PIXELS),
            "hex_side": None, "stagger_axis": None, "stagger_index": None,
        }
        if orientation == "hexagonal":
            head["hex_side"] = self._int(root, "hexsidelength", "the map",
                                         maximum=MAX_TILE_PIXELS)
        elif root.get("hexsidelength") is not None:  # pytmx reads it whatever the map
            self._int(root, "hexsidelength", "the map", minimum=0)
        if orientation in ("hexagonal", "staggered"):
            axis = root.get("staggeraxis", "y")
            if axis not in ("x", "y"):
                raise self.fail(f"the map's stagger axis must be 'x' or 'y', not {axis!r}")
            index = root.get("staggerindex", "odd")
            if index not in ("odd", "even"):
                raise self.fail(f"the map's stagger index must be 'odd' or 'even', "
                                f"not {index!r}")
            head["stagger_axis"], head["stagger_index"] = axis, index
        reserved = _reserved_map_names_of_pytmx()
        for prop in root.iterfind("properties/property"):
            name = prop.get("name", "")
            if name in reserved:  # pytmx fails on these without saying which
                raise self.fail(f"map property '{name}' has a name Tiled itself uses; "
                                f"rename it")
        return head

    def _owner(self, node: ElementTree.Element, tileset: str,
               layers: dict[ElementTree.Element, str]) -> str:
        """How a message names the element that holds a <properties> block."""
        if node.tag == "map":
            return "the map"
        if node.tag in ("layer", "objectgroup", "imagelayer", "group"):
            return f"layer '{node.get('name', '')}'"
        if node.tag == "object":
            where = object_name(node.get("id"), node.get("name"))
            if tileset:  # a tile's collision shape
                return f"{where} of {tileset}"
            return f"{where} in layer '{layers[node]}'" if node in layers else where
        if node.tag == "tile":
            return f"tile {node.get('id')} of {tileset}"
        return tileset or f"<{node.tag}>"

    def _read_properties(self, root: ElementTree.Element, tileset: str) -> None:
        """Every element's custom properties, typed, into ``self.props``; MapError for a
        value that does not parse as its type, an unknown type, or a class property
        (pytmx cannot read one without a project file)."""
        layers: dict[ElementTree.Element, str] = {}  # object -> its layer's name
        for _, group in layer_nodes(root):
            if group.tag == "objectgroup":
                for obj in group.iterfind("object"):
                    layers[obj] = group.get("name", "")
        stack = [root]
        while stack:
            node = stack.pop()
            stack.extend(c for c in reversed(node) if c.tag != "tileset")  # each on its own
            block = node.find("properties")
            if block is None:
                continue
            props: dict[str, Any] = {}
            for prop in block.findall("property"):
                kind = prop.get("type", "string")
                name = prop.get("name", "")
                raw = prop.get("value")
                where = f"{self._owner(node, tileset, layers)}: property '{name}'"
                if kind == "class":
                    raise self.fail(f"{where} has a custom class type, which cannot be read; "
                                    f"use plain int/string properties")
                if kind not in PROPERTY_TYPES:
                    raise self.fail(f"{where} has the type {kind!r}, which is not one of "
                                    f"Tiled's ({', '.join(PROPERTY_TYPES)})")
                try:
                    if kind in ("int", "object"):
                        value: Any = int(raw if raw is not None else "")
                    elif kind == "float":
                        value = float(raw if raw is not None else "")
                    elif kind == "bool":
                        value = pytmx.convert_to_bool(raw or "")
                    elif raw is not None:
                        value = raw
                    else:  # Tiled writes a string of several lines as the element's text
                        value = prop.text or ""
                except ValueError:
                    raise self.fail(f"{where} must be {A_KIND[kind]}, not {raw!r} (it has "
                                    f"type {kind} in Tiled)") from None
                props[name] = value
            self.props[node] = props

    def _read_tilesets(self, root: ElementTree.Element) -> None:
        """Read every tileset (embedded or external) into :class:`Tileset` values."""
        nodes = root.findall("tileset")
        if len(nodes) > MAX_TILESETS:
            raise self.fail(f"it uses {len(nodes)} tilesets, more than the {MAX_TILESETS} a "
                            f"map may use")
        for node in nodes:
            firstgid = self._int(node, "firstgid", "a <tileset> of the map")
            source = node.get("source")
            if source:
                if not source.lower().endswith(".tsx"):
                    raise self.fail(f"tileset {quote(source)} is not a .tsx file; export it "
                                    f"from Tiled as XML (.tsx) or embed it in the map")
                tsx = self.path.parent / source
                ts = self._read_xml(tsx, "tileset")
                label_src = f" ({source})"
                self._check_for_pytmx(ts, f"tileset {quote(source)}")
            else:
                ts, label_src = node, ""
            name = ts.get("name") or (Path(source).stem if source else "?")
            label = f"tileset '{name}'{label_src}"
            self._read_properties(ts, label)
            tw = self._int(ts, "tilewidth", label, maximum=MAX_TILE_PIXELS)
            th = self._int(ts, "tileheight", label, maximum=MAX_TILE_PIXELS)
            tiles: dict[int, dict[str, Any]] = {}
            ids: list[int] = []
            for tile in ts.findall("tile"):
                tid = self._int(tile, "id", f"a <tile> of {label}", minimum=0)
                ids.append(tid)
                props = self.props.get(tile)
                if props:
                    tiles[tid] = props
            count = self._tile_count(ts, label, tw, th, ids)
            align = ts.get("objectalignment", "unspecified")
            if align == "unspecified":
                align = "bottom" if self.orientation == "isometric" else "bottomleft"
            if align not in ANCHORS:
                raise self.fail(f"{label}: unknown object alignment {align!r}")
            self.tilesets.append(Tileset(name, source or "", firstgid, count, tw, th, align,
                                         tiles))
        self.tilesets.sort(key=lambda t: t.first_gid)
        self.firsts = [t.first_gid for t in self.tilesets]
        for a, b in zip(self.tilesets, self.tilesets[1:], strict=False):
            if a.first_gid + a.count > b.first_gid:
                raise self.fail(f"{a.label} (ids {a.first_gid}-{a.first_gid + a.count - 1}) "
                                f"overlaps {b.label} (first id {b.first_gid})")

    def _tile_count(self, ts: ElementTree.Element, label: str, tw: int, th: int,
                    ids: list[int]) -> int:
        """How many tiles the tileset holds; MapError if more than MAX_TILESET_TILES, or
        if its image has more tile positions than that (pytmx visits every one)."""
        image = ts.find("image")
        count: int | None = None
        if image is not None:
            where = f"the image of {label}"
            if not image.get("source"):
                raise self.fail(f"{where} has no 'source' attribute")
            margin = self._int(ts, "margin", label, default=0, minimum=0)
            spacing = self._int(ts, "spacing", label, default=0, minimum=0)
            iw = self._int(image, "width", where)
            ih = self._int(image, "height", where)
            # the positions pytmx.TiledMap.reload_images walks over
            rows = len(range(margin, ih + margin - th + 1, th + spacing))
            cols = len(range(margin, iw + margin - tw + 1, tw + spacing))
            if rows * cols > MAX_TILESET_TILES:
                raise self.fail(f"{where} is {iw}x{ih} pixels, {cols}x{rows} tiles of "
                                f"{tw}x{th}: more than the {MAX_TILESET_TILES} tiles a "
                                f"tileset may hold")
            cols = (iw - 2 * margin + spacing) // (tw + spacing)
            rows = (ih - 2 * margin + spacing) // (th + spacing)
            count = max(0, cols) * max(0, rows)
        if ts.get("tilecount") is not None:
            count = self._int(ts, "tilecount", label, minimum=0, maximum=MAX_TILESET_TILES)
        if count is None:  # a collection of images: one <tile> each
            count = max(ids, default=-1) + 1
            if count > MAX_TILESET_TILES:
                raise self.fail(f"{label} has a tile with id {count - 1}: more than the "
                                f"{MAX_TILESET_TILES} tiles a tileset may hold")
        return count

    def _check_layer_elements(
            self, root: ElementTree.Element,
    ) -> list[tuple[ElementTree.Element, LayerKind, tuple[float, float]]]:
        """Every layer element (in map order, groups before their layers) with its kind
        and its offset (its groups' included), after checking for formats pytmx cannot
        read, layer sizes that differ from the map's, offsets it cannot read, layer names
        used twice, and object templates."""
        seen: dict[str, int] = {}
        out: list[tuple[ElementTree.Element, LayerKind, tuple[float, float]]] = []
        groups: dict[ElementTree.Element, tuple[float, float]] = {root: (0.0, 0.0)}
        for parent, node in layer_nodes(root):
            name = node.get("name", "")
            where = f"layer '{name}'"
            if name:
                seen[name] = seen.get(name, 0) + 1
            # pytmx reads offsets as whole numbers
            dx = self._int(node, "offsetx", where, default=0, minimum=-(2 ** 31))
            dy = self._int(node, "offsety", where, default=0, minimum=-(2 ** 31))
            base = groups[parent]
            offset = (base[0] + dx, base[1] + dy)
            out.append((node, LAYER_TAGS[node.tag], offset))
            if node.tag == "group":
                groups[node] = offset
            if node.tag == "imagelayer" and node.find("image") is None:
                raise self.fail(f"image {where} has no image, which cannot be read; choose "
                                f"one for it in Tiled or remove the layer")
            if node.tag == "objectgroup":
                for obj in node.iterfind("object"):
                    if obj.get("template"):
                        raise self.fail(f"{object_name(obj.get('id'), obj.get('name'))} in "
                                        f"{where} uses the object template "
                                        f"{obj.get('template')}, which cannot be read; "
                                        f"right-click it in Tiled > Detach")
            if node.tag != "layer":
                continue
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
            self._check_tile_data(data.text or "", encoding, compression or "", where)
        twice = [f"{n} layers named '{k}'" for k, n in seen.items() if n > 1]
        if twice:
            raise self.fail(f"it has {twice[0]}; rename or merge them (each layer name may "
                            f"appear only once)")
        return out

    def _check_tile_data(self, text: str, encoding: str, compression: str,
                         where: str) -> None:
        """MapError unless a tile layer's data holds exactly one tile id (0 to 2^32 - 1)
        per cell of the map; compressed data is inflated no further than that."""
        need = self.width * self.height
        size = f"the map is {self.width}x{self.height} = {need} cells"
        if encoding == "csv":
            if not CSV.fullmatch(text):
                bad = next((v.strip() for v in text.split(",")
                            if not WHOLE_ID.fullmatch(v)), "")
                raise self.fail(f"{where}: its CSV data holds {quote(bad)}, which is not a "
                                f"tile id (a whole number of at most 10 digits)")
            count = text.count(",") + 1
            if count != need:
                raise self.fail(f"{where} holds {count} cells, but {size} "
                                f"({'too few' if count < need else 'too many'} values in "
                                f"its data)")
            if any(int(v) > 0xFFFFFFFF for v in LONG_ID.findall(text)):
                raise self.fail(f"{where}: its data holds a tile id over 4294967295")
            return
        try:
            raw = base64.b64decode(text.strip())
        except (binascii.Error, ValueError):
            raise self.fail(f"{where}: its base64 data cannot be decoded") from None
        if compression:
            try:
                raw = inflate(raw, compression, need * 4)
            except (zlib.error, ValueError) as e:
                raise self.fail(f"{where}: its {compression} data is damaged ({e})") from None
        if len(raw) != need * 4:
            n = len(raw) // 4
            more = (f"more than {need} cells" if len(raw) > need * 4 else
                    f"{n} cells" + (" and a part" if len(raw) % 4 else ""))
            raise self.fail(f"{where} holds {more}, but {size}")

    def _check_for_pytmx(self, root: ElementTree.Element, owner: str) -> None:
        """Check what pytmx reads of every element under ``root`` (the map, or a tileset
        file ``owner``) before it does: elements where pytmx looks for them, no deeper than
        MAX_XML_DEPTH, every attribute it converts to a number or a truth value, polygon
        points, animation frames. Each fault is a MapError naming the element."""
        stack: list[tuple[ElementTree.Element, str, int]] = [(root, owner, 1)]
        while stack:
            node, where, depth = stack.pop()
            if node.tag == "object":
                self.objects += 1
                if self.objects > MAX_OBJECTS:
                    raise self.fail(f"it holds more than {MAX_OBJECTS:,} objects; a map may "
                                    f"hold {MAX_OBJECTS:,}")
            if node.tag == "property" and not node.get("name"):
                raise self.fail(f"{where} has a property without a name")
            if depth > MAX_XML_DEPTH:
                raise self.fail(f"{where}: its XML nests more than {MAX_XML_DEPTH} deep")
            for attr, raw in node.items():
                convert = _PYTMX_CASTS.get(attr)
                if convert is None:
                    continue
                try:
                    value = convert(raw)
                except ValueError:
                    raise self.fail(f"{where}: '{attr}' must be {_CAST_NAMES[convert]}, not "
                                    f"{quote(raw)}") from None
                if isinstance(value, float) and not math.isfinite(value):
                    raise self.fail(f"{where}: '{attr}' must be a finite number, not "
                                    f"{quote(raw)}")
            if node.tag in ("polygon", "polyline"):
                self.points += node.get("points", "").count(",")
                if self.points > MAX_POINTS:
                    raise self.fail(f"{where}: the map's polygons and polylines have more "
                                    f"than {MAX_POINTS:,} points together; a map may have "
                                    f"{MAX_POINTS:,}")
                self._points(node, where)
            if node.tag == "frame":
                for attr in ("tileid", "duration"):
                    self._int(node, attr, where, minimum=0)
            for child in node:
                if not isinstance(child.tag, str):
                    continue
                allowed = PLACES.get(child.tag)
                if allowed is not None and node.tag not in allowed:
                    raise self.fail(f"{where} holds a <{child.tag}>, which Tiled puts only in "
                                    f"{' or '.join(f'<{t}>' for t in allowed)}")
                stack.append((child, element_label(child, node.tag, where), depth + 1))

    # ------------------------------------------------------------------ pytmx
    def _pytmx_load(self) -> pytmx.TiledMap:
        with _capture_pytmx_log() as log, _objects_name_properties_freely():
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
    def _tile_data(self, root: ElementTree.Element,
                   tm: pytmx.TiledMap) -> dict[ElementTree.Element, list[list[int]]]:
        """Each <layer> element's grid of tile ids as pytmx decoded it (pytmx's own ids),
        after checking its size. pytmx reads tile layers in the order ``.//layer``
        finds them, so the two lists pair up."""
        nodes = root.findall(".//layer")
        decoded = [layer for layer in tm.layers if isinstance(layer, pytmx.TiledTileLayer)]
        if len(nodes) != len(decoded):  # cannot happen with the same file
            raise self.fail(f"pytmx read {len(decoded)} tile layers, but the map has "
                            f"{len(nodes)}")
        out: dict[ElementTree.Element, list[list[int]]] = {}
        need = self.width * self.height
        for node, layer in zip(nodes, decoded, strict=True):
            data = layer.data
            count = sum(len(row) for row in data)
            if (count != need or len(data) != self.height
                    or any(len(r) != self.width for r in data)):
                short = "too few" if count < need else "too many"
                raise self.fail(f"layer '{node.get('name', '')}' holds {count} cells, but the "
                                f"map is {self.width}x{self.height} = {need} ({short} values "
                                f"in its data)")
            out[node] = data
        self.pytmx_to_tiled = tm.tiledgidmap
        return out

    def _ranges(self) -> str:
        if not self.tilesets:
            return "the map has no tilesets"
        spans = ", ".join(f"{t.first_gid}-{t.first_gid + t.count - 1}" for t in self.tilesets)
        return f"the map's tilesets hold ids {spans}"

    def _tileset_of(self, gid: int) -> Tileset | None:
        k = bisect.bisect_right(self.firsts, gid) - 1
        if k >= 0:
            ts = self.tilesets[k]
            if gid < ts.first_gid + ts.count:
                return ts
        return None

    def _tile_ref(self, gid: int, where: str, verb: str = "has") -> TileRef:
        """The tile with Tiled global id ``gid`` (flags stripped); MapError naming
        ``where`` if no tileset holds it."""
        ref = self.tile_refs.get(gid)
        if ref is None:
            ts = self._tileset_of(gid)
            if ts is None:
                raise self.fail(f"{where} {verb} tile id {gid}, which is in no tileset "
                                f"({self._ranges()})")
            local = gid - ts.first_gid
            ref = TileRef(ts.name, ts.source, local, ts.tiles.get(local, {}))
            self.tile_refs[gid] = ref
        return ref

    def _cells(self, name: str, data: list[list[int]]) -> tuple[tuple[TileRef | None, ...], ...]:
        tiled = self.pytmx_to_tiled
        refs: dict[int, TileRef | None] = {0: None}
        rows = []
        for row, gids in enumerate(data):
            out: list[TileRef | None] = []
            for col, pgid in enumerate(gids):
                if pgid in refs:
                    out.append(refs[pgid])
                    continue
                gid = int(tiled.get(pgid, 0)) & ID_MASK
                ref = self._tile_ref(gid, f"layer '{name}', cell ({col},{row})")
                refs[pgid] = ref
                out.append(ref)
            rows.append(tuple(out))
        return tuple(rows)

    def _objects(self, node: ElementTree.Element,
                 offset: tuple[float, float]) -> tuple[MapObject, ...]:
        layer = node.get("name", "")
        return tuple(self._object(obj, layer, offset) for obj in node.iterfind("object"))

    def _object(self, node: ElementTree.Element, layer: str,
                offset: tuple[float, float]) -> MapObject:
        name = printable(node.get("name", ""))
        oid = self._int(node, "id", f"{object_name(node.get('id'), name)} in layer '{layer}'",
                        default=0, minimum=0)
        where = f"{object_name(oid, name)} in layer '{layer}'"
        x, y = self._float(node, "x", where), self._float(node, "y", where)
        w, h = self._float(node, "width", where), self._float(node, "height", where)
        rot = self._float(node, "rotation", where)
        ox, oy = offset
        props = self.props.get(node, {})
        tile: TileRef | None = None
        shape: Shape
        rel: list[tuple[float, float]]
        if node.get("gid") is not None:
            shape = "tile"
            gid = self._int(node, "gid", where, minimum=0, maximum=2 ** 32 - 1) & ID_MASK
            tile = self._tile_ref(gid, where, "shows")
            ts = self.tilesets[bisect.bisect_right(self.firsts, gid) - 1]
            w, h = w or ts.tile_width, h or ts.tile_height
            ax, ay = ANCHORS[ts.alignment]
            left, top = -ax * w, -ay * h
            rel = [(left, top), (left + w, top), (left + w, top + h), (left, top + h)]
            mid = [(left + w / 2, top + h / 2)]
            if tile.properties:
                props = {**tile.properties, **props}
        else:
            poly = node.find("polygon")
            if poly is None:
                poly = node.find("polyline")
            if poly is not None:
                shape = "polygon" if poly.tag == "polygon" else "polyline"
                rel = self._points(poly, where)
                w = h = 0.0
                mid = []
            elif node.find("point") is not None:
                shape, rel, mid, w, h = "point", [(0.0, 0.0)], [(0.0, 0.0)], 0.0, 0.0
            else:
                shape = ("ellipse" if node.find("ellipse") is not None else
                         "text" if node.find("text") is not None else "rectangle")
                rel = [] if shape == "ellipse" else [(0.0, 0.0), (w, 0.0), (w, h), (0.0, h)]
                mid = [(w / 2, h / 2)]
        points = rotate(rel, rot, x, y, ox, oy)
        if not all(math.isfinite(v) for p in points for v in p):
            raise self.fail(f"{where}: its {shape} reaches past the largest number a "
                            f"position can hold ('x' {x:g} and 'y' {y:g} with its size or "
                            f"points overflow); draw it on the map")
        if shape == "polygon":
            centre = area_centroid(points)
        elif shape == "polyline":
            centre = length_centroid(points)
        else:
            centre = rotate(mid, rot, x, y, ox, oy)[0]
        return MapObject(id=oid, name=name, type=node.get("class") or node.get("type") or "",
                         shape=shape, layer=layer, x=x + ox, y=y + oy, width=w, height=h,
                         rotation=rot, points=points, centre=centre, properties=props,
                         tile=tile)

    def _points(self, node: ElementTree.Element, where: str) -> list[tuple[float, float]]:
        raw = node.get("points", "")
        try:
            pts = [(float(a), float(b)) for a, b in (p.split(",") for p in raw.split())]
        except ValueError:
            raise self.fail(f"{where}: its {node.tag} points {raw!r} are not pairs of "
                            f"numbers 'x,y x,y ...'") from None
        if not pts or not all(math.isfinite(v) for p in pts for v in p):
            raise self.fail(f"{where}: its {node.tag} has no points, or points that are "
                            f"not finite ({raw!r})")
        return pts


_PYTMX_CASTS: dict[str, Callable[[str], Any]] = {
    k: f for k, f in pytmx.pytmx.types.items() if f in (int, float, pytmx.convert_to_bool)}
"""Attributes pytmx converts with int, float or its truth reading, wherever they are."""
_CAST_NAMES: dict[Callable[[str], Any], str] = {
    int: "a whole number", float: "a number", pytmx.convert_to_bool: "true or false (1 or 0)"}

