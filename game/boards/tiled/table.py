"""Table maps: a checked :class:`MapReading` -> a :class:`Table` and its placements.

Conventions (docs/making-maps.md tells a map maker the same, step by step):

* an orthogonal map with the map property ``inch`` (or ``unit``): how many map pixels
  make one inch (or one unit); the table is the whole map, its size in units;
* object layer ``terrain``: one object per terrain piece, drawn as a rectangle, ellipse
  or polygon (a footprint: forests, crates, buildings, pools...) or a polyline (a linear
  obstacle: fences, walls, barbed wire), with a string property ``kind``, an optional
  int ``ht`` (its height in units) and an optional string ``traits`` (a comma list, e.g.
  ``blocking, hard cover``) that replace the kind's own; what kinds and traits mean is
  up to the rules the scenario plays;
* object layer ``figures`` (optional): objects with string properties ``side`` and
  ``unit``, standing at the object's centre; an optional float ``facing`` in degrees.

Every problem is one :class:`MapError` naming the file and the object.
"""

from __future__ import annotations

import math
import re
from typing import Any

import shapely

from game.boards.table import Piece, Table, Vec, ellipse_points
from game.boards.tiled.reader import TABLE_SCALES, MapObject, MapReading
from game.core.places import LoadedMap, Placement, Point

KIND = "table"
"""The board kind this module builds."""
TERRAIN_LAYER = "terrain"
FIGURES_LAYER = "figures"
PIECE_PROPERTIES = frozenset({"kind", "ht", "traits"})
"""Piece properties the board reads; a piece keeps the others."""
FIGURE_PROPERTIES = frozenset({"side", "unit", "facing"})
MAX_HT = 100
"""Highest ``ht`` a piece may have (in units; far above any real terrain)."""
MIN_SIZE = 0.05
"""Smallest width, height or length of a piece, in units."""


def build_table_board(reading: MapReading) -> LoadedMap[Table]:
    """The table and figure placements of a table map; MapError (naming the file and the
    object) if it breaks the table map conventions."""
    if reading.orientation != "orthogonal":
        raise reading.fail(f"a table map must be orthogonal, not {reading.orientation} (in "
                           f"Tiled: Map > Map Properties > Orientation)")
    unit = next((k for k in TABLE_SCALES if k in reading.properties), None)
    if unit is None:
        raise reading.fail("a table map needs the map property 'inch' (or 'unit'): map "
                           "pixels per inch (or per unit)")
    scale = reading.value("the map", reading.properties, unit, float,
                          what=f"map pixels per {unit}")
    if not 0 < scale < math.inf:
        raise reading.fail(f"map property '{unit}' must be a positive number, not {scale!r}")
    width = reading.width * reading.tile_width / scale
    height = reading.height * reading.tile_height / scale
    pieces: list[Piece] = []
    layer = reading.object_layer(TERRAIN_LAYER)
    if layer is not None:
        for obj in layer.objects:
            pieces.append(_piece(reading, obj, len(pieces), scale, width, height))
    title = reading.properties.get("title")
    table = Table(width, height, pieces, unit=unit,
                  name=title if isinstance(title, str) and title else reading.path.stem)
    return LoadedMap(path=reading.path, kind=KIND, board=table,
                     placements=_figures(reading, table, scale),
                     properties=dict(reading.properties))


def piece_label(obj: MapObject) -> str:
    return f"piece '{obj.name}' (object id {obj.id})" if obj.name else \
        f"piece object id {obj.id}"


def parse_traits(text: str) -> tuple[str, ...]:
    """A ``traits`` property as trait names: comma separated, case and spacing free
    ("Hard cover, blocking" -> ("hard_cover", "blocking")); "" is no traits."""
    out = []
    for part in text.split(","):
        name = re.sub(r"[\s\-]+", "_", part.strip().lower())
        if name and name not in out:
            out.append(name)
    return tuple(out)


def _piece(reading: MapReading, obj: MapObject, index: int, scale: float,
           width: float, height: float) -> Piece:
    label = piece_label(obj)
    props = obj.properties
    kind = reading.value(label, props, "kind", str, what="what it is: forest, crates, fence...")
    ht: int | None = None
    if props.get("ht") is not None:
        raw = props["ht"]
        if isinstance(raw, bool) or not isinstance(raw, int) or not 0 <= raw <= MAX_HT:
            raise reading.fail(f"{label}: property 'ht' must be a whole number of units from "
                               f"0 to {MAX_HT} (type int in Tiled), not {raw!r}")
        ht = raw
    traits: tuple[str, ...] | None = None
    if "traits" in props:
        raw = props["traits"]
        if not isinstance(raw, str):
            raise reading.fail(f"{label}: property 'traits' must be a string (a comma list "
                               f"such as 'blocking, hard cover'), not {raw!r}")
        traits = parse_traits(raw)
    ellipse: tuple[float, float, float, float, float] | None = None
    if obj.shape == "ellipse":
        rx, ry = obj.width / 2 / scale, obj.height / 2 / scale
        if min(rx, ry) * 2 < MIN_SIZE:
            raise reading.fail(f"{label}: the ellipse has no size ({obj.width:g} x "
                               f"{obj.height:g} pixels)")
        cx, cy = obj.centre[0] / scale, obj.centre[1] / scale
        ellipse = (cx, cy, rx, ry, obj.rotation)
        points = ellipse_points(cx, cy, rx, ry, obj.rotation)
        shape: Any = "ellipse"
    elif obj.shape in ("rectangle", "polygon", "polyline"):
        points = _dedupe(tuple((x / scale, y / scale) for x, y in obj.points))
        shape = "line" if obj.shape == "polyline" else obj.shape
        _check_geometry(reading, label, obj.shape, points)
    else:
        raise reading.fail(f"{label} is a {obj.shape}; a terrain piece must be a rectangle, "
                           f"ellipse or polygon (a footprint) or a polyline (a fence, a wall)")
    x0, y0 = min(p[0] for p in points), min(p[1] for p in points)
    x1, y1 = max(p[0] for p in points), max(p[1] for p in points)
    if x1 <= 0 or y1 <= 0 or x0 >= width or y0 >= height:
        raise reading.fail(f"{label} lies wholly off the table ({width:g} x {height:g} "
                           f"{_plural(reading)})")
    others = {k: v for k, v in props.items() if k not in PIECE_PROPERTIES}
    return Piece(index=index, id=obj.id, name=obj.name, kind=kind, shape=shape,
                 points=points, ht=ht, traits=traits, label=label, ellipse=ellipse,
                 properties=others)


def _dedupe(points: tuple[Vec, ...]) -> tuple[Vec, ...]:
    out: list[Vec] = []
    for p in points:
        if not out or math.dist(out[-1], p) > 1e-9:
            out.append(p)
    return tuple(out)


def _check_geometry(reading: MapReading, label: str, shape: str,
                    points: tuple[Vec, ...]) -> None:
    if shape == "polyline":
        length = sum(math.dist(a, b) for a, b in zip(points, points[1:], strict=False))
        if len(points) < 2 or length < MIN_SIZE:
            raise reading.fail(f"{label}: the polyline has no length")
        return
    if len(points) < 3:
        raise reading.fail(f"{label}: the {shape} needs at least 3 different corners")
    poly = shapely.Polygon(points)
    if poly.area < MIN_SIZE * MIN_SIZE and not poly.is_valid and _all_in_line(points):
        raise reading.fail(f"{label}: the {shape} has no area")
    if not poly.is_valid:
        why = shapely.is_valid_reason(poly)
        raise reading.fail(f"{label}: the {shape} crosses itself ({why}); redraw it so its "
                           f"edges do not cross")
    if poly.area < MIN_SIZE * MIN_SIZE:
        raise reading.fail(f"{label}: the {shape} has no area")


def _all_in_line(points: tuple[Vec, ...]) -> bool:
    (x0, y0), (x1, y1) = points[0], points[1]
    return all(abs((x1 - x0) * (y - y0) - (y1 - y0) * (x - x0)) < 1e-9 for x, y in points)


def _plural(reading: MapReading) -> str:
    return "inches" if "inch" in reading.properties else "units"


def _figures(reading: MapReading, table: Table, scale: float) -> tuple[Placement, ...]:
    layer = reading.object_layer(FIGURES_LAYER)
    if layer is None:
        return ()
    out: list[Placement] = []
    for obj in layer.objects:
        label = (f"figure '{obj.name}' (object id {obj.id})" if obj.name
                 else f"figure object id {obj.id}")
        props = obj.properties
        side = reading.value(label, props, "side", str, what="the side it plays for")
        unit = reading.value(label, props, "unit", str, what="a key of the scenario's units")
        facing = props.get("facing")
        if facing is not None and (isinstance(facing, bool)
                                   or not isinstance(facing, int | float)):
            raise reading.fail(f"{label}: property 'facing' must be a number of degrees, "
                               f"not {facing!r}")
        x, y = obj.centre[0] / scale, obj.centre[1] / scale
        if not table.on_table(x, y):
            raise reading.fail(f"{label} at ({x:g}, {y:g}) is off the table "
                               f"({table.width:g} x {table.height:g} {_plural(reading)})")
        others = {k: v for k, v in props.items() if k not in FIGURE_PROPERTIES}
        out.append(Placement(name=obj.name, side=side, unit=unit, place=Point.of(x, y),
                             facing=None if facing is None else float(facing), label=label,
                             properties=others))
    return tuple(out)
