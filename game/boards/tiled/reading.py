"""What :func:`~game.boards.tiled.reader.read_map` makes of a Tiled map: plain, frozen,
pytmx-free values (:class:`MapReading` and the layers, objects, tiles and tilesets in it).

The board builders work from these values alone, so they import nothing of pytmx; the
reader (:mod:`.reader`) is the only module that does. Geometry helpers the reader uses to
give every object absolute map-pixel points live here too.
"""

from __future__ import annotations

import math
from collections.abc import Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Literal, TypeVar, cast

from game.core.errors import MapError

ORIENTATIONS = ("orthogonal", "isometric", "staggered", "hexagonal")
"""Tiled's map orientations."""
RENDER_ORDERS = ("right-down", "right-up", "left-down", "left-up")
"""Tiled's tile render orders."""
PROPERTY_TYPES = ("string", "int", "float", "bool", "color", "file", "object")
"""Custom property types that are read (``class`` properties are refused)."""

Shape = Literal["rectangle", "ellipse", "point", "polygon", "polyline", "tile", "text"]
"""What a Tiled object is drawn as."""
LayerKind = Literal["tile", "object", "image", "group"]
"""The four kinds of Tiled layer."""

ANCHORS: dict[str, tuple[float, float]] = {
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
for each value of a tileset's ``objectalignment``. ``unspecified`` (the default) means
``bottom`` on isometric maps and ``bottomleft`` on all others, as in Tiled."""

A_KIND = {"int": "an int", "object": "an object id (a whole number)", "float": "a number",
          "bool": "true or false"}
"""How messages name a value of each Tiled property type."""

T = TypeVar("T")


# ============================================================================ the reading
@dataclass(frozen=True)
class Tileset:
    """A tileset the map uses (embedded or an external ``.tsx`` file)."""

    name: str
    source: str
    """The ``.tsx`` path as the map gives it (relative to the map); "" if embedded."""
    first_gid: int
    """The map's global id of the tileset's tile 0."""
    count: int
    """Number of tiles (global ids ``first_gid`` to ``first_gid + count - 1``)."""
    tile_width: int
    tile_height: int
    alignment: str
    """``objectalignment``: where a tile object's (x, y) sits on its image (a key of
    :data:`ANCHORS`; Tiled's ``unspecified`` is given as what it means on this map)."""
    tiles: Mapping[int, Mapping[str, Any]] = field(default_factory=dict, compare=False)
    """Custom properties of each tile that has any, by local tile id."""

    @property
    def label(self) -> str:
        """How messages name it: "tileset 'levels' (tiles/levels.tsx)"."""
        return f"tileset '{self.name}'" + (f" ({self.source})" if self.source else "")


@dataclass(frozen=True)
class TileRef:
    """One tile of a tileset, as a tile layer cell or a tile object shows it."""

    tileset: str
    """The tileset's name."""
    source: str
    """The tileset's ``.tsx`` path as the map gives it; "" if it is embedded."""
    tile: int
    """The tile's local id in its tileset (0 for its first tile)."""
    properties: Mapping[str, Any] = field(default_factory=dict, compare=False)
    """The tile's custom properties, typed as in Tiled."""

    @property
    def label(self) -> str:
        """How messages name it: "tile 3 of tileset 'levels' (tiles/levels.tsx)"."""
        return f"tile {self.tile} of tileset '{self.tileset}'" + (
            f" ({self.source})" if self.source else "")


@dataclass(frozen=True)
class TileLayer:
    """A tile layer: one :class:`TileRef` (or None for an empty cell) per map cell."""

    name: str
    cells: tuple[tuple[TileRef | None, ...], ...]
    """Rows top to bottom, each ``width`` cells left to right (map size, checked)."""
    offset: tuple[float, float] = (0.0, 0.0)
    """Pixel offset of the layer, its groups' offsets included."""
    properties: Mapping[str, Any] = field(default_factory=dict)

    def at(self, col: int, row: int) -> TileRef | None:
        """The tile in cell ``(col, row)``; None if the cell is empty."""
        return self.cells[row][col]


@dataclass(frozen=True)
class MapObject:
    """One object of an object layer, its geometry in absolute map pixels.

    Positions include the offsets of the object's layer and of the groups above it, and
    the object's rotation (clockwise, in degrees, about its (x, y) as in Tiled).
    """

    id: int
    name: str
    """"" if it has none."""
    type: str
    """Its class (Tiled 1.9+) or type (up to 1.8); "" if it has none."""
    shape: Shape
    layer: str
    """Name of the object layer that holds it."""
    x: float
    """Tiled's x of the object (its top left; for a tile object the alignment point)."""
    y: float
    width: float
    """0 for points, polygons and polylines (their extent is in ``points``)."""
    height: float
    rotation: float
    """Degrees clockwise about (x, y)."""
    points: tuple[tuple[float, float], ...]
    """A polygon's or polyline's vertices; the four corners of a rectangle's, tile's or
    text's box (clockwise in Tiled's y-down view, from (x, y)'s corner); a point's
    position; empty for an ellipse (use x, y, width, height, rotation)."""
    centre: tuple[float, float]
    """The middle of what the object shows: a box's centre, a point itself, a polygon's
    area centroid, a polyline's length centroid, a tile's image centre."""
    properties: Mapping[str, Any] = field(default_factory=dict)
    """Custom properties typed as in Tiled; a tile object's include its tile's, which its
    own override (as Tiled shows them)."""
    tile: TileRef | None = None
    """The tile a tile object shows; None for other shapes."""

    @property
    def label(self) -> str:
        """How messages name it: "object 'House' (id 12) in layer 'zones'"."""
        return f"{object_name(self.id, self.name)} in layer '{self.layer}'"


@dataclass(frozen=True)
class ObjectLayer:
    """An object layer: its objects in the order Tiled lists them."""

    name: str
    objects: tuple[MapObject, ...]
    offset: tuple[float, float] = (0.0, 0.0)
    """Pixel offset of the layer, its groups' offsets included (already applied to the
    objects' geometry)."""
    properties: Mapping[str, Any] = field(default_factory=dict)


@dataclass(frozen=True)
class MapReading:
    """Everything in one Tiled map file, checked and read into plain values.

    Layers inside group layers are listed with the others (their names must be unique
    across the map). A builder asks for layers with :meth:`tile_layer` and
    :meth:`object_layer`, and makes its errors with :meth:`fail` so they name the file.
    """

    path: Path
    orientation: str
    """One of :data:`ORIENTATIONS`."""
    render_order: str
    """One of :data:`RENDER_ORDERS`."""
    width: int
    """Map width in tiles (cells)."""
    height: int
    tile_width: int
    """Tile width in pixels."""
    tile_height: int
    hex_side: int | None
    """Hex side length in pixels on hexagonal maps; None on other maps."""
    stagger_axis: str | None
    """"x" or "y" on hexagonal and staggered maps; None on other maps."""
    stagger_index: str | None
    """"odd" or "even" on hexagonal and staggered maps; None on other maps."""
    properties: Mapping[str, Any]
    """The map's custom properties, typed as in Tiled: int, float, bool, str (string,
    color "#aarrggbb" or "" if unset, file as written), object (an object id, int)."""
    tilesets: tuple[Tileset, ...]
    """By first global id."""
    tile_layers: Mapping[str, TileLayer]
    object_layers: Mapping[str, ObjectLayer]
    layer_kinds: Mapping[str, LayerKind]
    """Every named layer (image and group layers too) and its kind, in map order."""

    @property
    def file(self) -> str:
        """The map's file name, as messages give it."""
        return self.path.name

    def fail(self, why: str) -> MapError:
        """The error for a fault in this map: "hill.tmx: <why>"."""
        return MapError(f"{self.file}: {why}")

    def tile_layer(self, name: str) -> TileLayer | None:
        """The tile layer ``name``; None if there is no layer of that name, MapError if
        the layer of that name is of another kind."""
        self._expect(name, "tile")
        return self.tile_layers.get(name)

    def object_layer(self, name: str) -> ObjectLayer | None:
        """The object layer ``name``; None if there is no layer of that name, MapError
        if the layer of that name is of another kind."""
        self._expect(name, "object")
        return self.object_layers.get(name)

    def _expect(self, name: str, kind: LayerKind) -> None:
        found = self.layer_kinds.get(name)
        if found is not None and found != kind:
            raise self.fail(f"layer '{name}' must be {A_LAYER[kind]}, but it is "
                            f"{A_LAYER[found]}")

    def value(self, where: str, props: Mapping[str, Any], name: str, kind: type[T], *,
              default: T | None = None, what: str = "") -> T:
        """Property ``name`` of ``props`` (of the thing ``where`` names) as a ``kind``
        (int, float, bool or str; a string is stripped and must not be empty).

        Without a ``default`` the property must be there. MapError naming ``where``, the
        property, ``what`` it is for and the wrong value otherwise. A float accepts an
        int.
        """
        if kind not in (int, float, bool, str):
            raise TypeError(f"value() reads int, float, bool or str, not {kind!r}")
        raw = props.get(name)
        for_ = f" ({what})" if what else ""
        if raw is None:
            if default is not None:
                return default
            raise self.fail(f"{where} has no '{name}' property{for_}")
        if kind is str:
            if isinstance(raw, str) and raw.strip():
                return cast(T, raw.strip())
            raise self.fail(f"{where}: property '{name}' must be a non-empty string{for_}, "
                            f"not {raw!r}")
        ok = (isinstance(raw, bool) if kind is bool else
              not isinstance(raw, bool) and isinstance(raw, int if kind is int else (int, float)))
        if not ok:
            tiled = {int: "int", float: "float", bool: "bool"}.get(kind, kind.__name__)
            raise self.fail(f"{where}: property '{name}' must be "
                            f"{A_KIND.get(tiled, tiled)}{for_} (type {tiled} in Tiled), "
                            f"not {raw!r}")
        return cast(T, float(raw) if kind is float else raw)


A_LAYER: dict[str, str] = {"tile": "a tile layer", "object": "an object layer",
                           "image": "an image layer", "group": "a group layer"}
"""How messages name each kind of layer."""


def object_name(oid: object, name: object) -> str:
    """How messages name an object: "object 'House' (id 12)", or "object id 12"."""
    return f"object '{name}' (id {oid})" if name else f"object id {oid}"


# ============================================================================ geometry
def rotate(points: list[tuple[float, float]], degrees: float, x: float, y: float,
           ox: float, oy: float) -> tuple[tuple[float, float], ...]:
    """Points relative to (x, y), turned clockwise about it, moved to absolute pixels."""
    if degrees:
        a = math.radians(degrees)
        c, s = math.cos(a), math.sin(a)
        return tuple((x + ox + dx * c - dy * s, y + oy + dx * s + dy * c) for dx, dy in points)
    return tuple((x + ox + dx, y + oy + dy) for dx, dy in points)


def _scaled(points: tuple[tuple[float, float], ...]
            ) -> tuple[float, tuple[tuple[float, float], ...]]:
    """A power of two near the points' largest coordinate, and the points divided by it:
    exactly the same digits, but sums and products of them cannot overflow (an object
    drawn at 1e308 still has a middle)."""
    top = max((abs(v) for p in points for v in p), default=0.0)
    if not top or not math.isfinite(top):
        return 1.0, points
    scale = math.ldexp(1.0, math.frexp(top)[1] - 1)
    return scale, tuple((x / scale, y / scale) for x, y in points)


def mean(points: tuple[tuple[float, float], ...]) -> tuple[float, float]:
    """The vertices' mean."""
    n = len(points)
    scale, pts = _scaled(points)
    return sum(p[0] for p in pts) / n * scale, sum(p[1] for p in pts) / n * scale


def area_centroid(points: tuple[tuple[float, float], ...]) -> tuple[float, float]:
    """Centroid of a polygon's area (the shoelace formula); the vertices' mean if it has
    no area. A few lines, so no geometry library is loaded for it. Worked out on the
    points scaled by a power of two (:func:`_scaled`: the same answer, never overflowing)."""
    scale, pts = _scaled(points)
    a = cx = cy = 0.0
    n = len(pts)
    for k in range(n):
        x0, y0 = pts[k]
        x1, y1 = pts[(k + 1) % n]
        cross = x0 * y1 - x1 * y0
        a += cross
        cx += (x0 + x1) * cross
        cy += (y0 + y1) * cross
    if abs(a) * scale * scale < 1e-9:
        return mean(points)
    return cx / (3 * a) * scale, cy / (3 * a) * scale


def length_centroid(points: tuple[tuple[float, float], ...]) -> tuple[float, float]:
    """Centroid of a polyline's length (each segment weighs its length); the vertices'
    mean if it has no length. Worked out on the points scaled by a power of two, as
    :func:`area_centroid`."""
    scale, pts = _scaled(points)
    total = cx = cy = 0.0
    for (x0, y0), (x1, y1) in zip(pts, pts[1:], strict=False):
        d = math.hypot(x1 - x0, y1 - y0)
        total += d
        cx += (x0 + x1) / 2 * d
        cy += (y0 + y1) / 2 * d
    if total * scale < 1e-9:
        return mean(points)
    return cx / total * scale, cy / total * scale

