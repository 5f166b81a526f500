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

Limits, checked before the board is built: a table of :data:`TABLE_SIDES` units a side;
at most :data:`MAX_PIECES` pieces and :data:`MAX_FIGURES` figures; a piece of at most
:data:`MAX_POINTS` corners, reaching no further off the table than the table's own size;
names, kinds and traits of at most :data:`MAX_NAME` characters (traits four times that),
cleaned of control characters; a figure's facing within a turn either way.

Every problem is one :class:`MapError` naming the file and the object.
"""

from __future__ import annotations

import math
import re
from collections.abc import Callable
from typing import Any

import shapely

from game.boards.table import Piece, Table, Vec, ellipse_points
from game.boards.tiled.kinds import TiledKind
from game.boards.tiled.marks import TABLE_CARD, TABLE_SCALES, scale_of
from game.boards.tiled.reading import MapObject, MapReading
from game.core.errors import printable
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
TABLE_SIDES = (2.0, 240.0)
"""Shortest and longest side a table may have, in units (a real table is 48 x 72 inches;
the scale property decides how many units the map is)."""
MAX_PIECES = 500
"""Most terrain pieces a table may have."""
MAX_FIGURES = 200
"""Most figures a table map may place."""
MAX_POINTS = 256
"""Most corners of one piece (an ellipse is a polygon of 24)."""
MAX_NAME = 60
"""Longest name (of a piece or figure), kind and traits list, in characters."""
"""Map properties that make a map a table, each map pixels per inch (or per unit)."""


def measured_table(reading: MapReading, kind: str, needs: str,
                   scales: tuple[str, ...] = ("inch",), noun: str = "table",
                   ) -> tuple[str, float, float, float]:
    """(unit, map pixels per unit, width, height) of a map of ``kind`` ("table",
    "sewer", "track") drawn to scale: orthogonal, scaled by one of the map properties
    ``scales`` (MapError saying it ``needs`` one), :data:`TABLE_SIDES` a side (a
    ``noun`` is that big, in the message)."""
    if reading.orientation != "orthogonal":
        raise reading.fail(f"a {kind} map must be orthogonal, not {reading.orientation} (in "
                           f"Tiled: Map > Map Properties > Orientation)")
    found = scale_of(reading)
    if found is None or found[0] not in scales:
        raise reading.fail(f"a {kind} map needs {needs}")
    unit, scale = found
    width = reading.width * reading.tile_width / scale
    height = reading.height * reading.tile_height / scale
    lo, hi = TABLE_SIDES
    if not (lo <= width <= hi and lo <= height <= hi):
        raise reading.fail(f"the {noun} is {width:.4g} x {height:.4g} {_plural(reading)} (the "
                           f"map's pixels over its property '{unit}', {scale:g}); a {noun} is "
                           f"{lo:g} to {hi:g} {_plural(reading)} a side")
    return unit, scale, width, height


def build_table_board(reading: MapReading) -> LoadedMap[Table]:
    """The table and figure placements of a table map; MapError (naming the file and the
    object) if it breaks the table map conventions."""
    unit, scale, width, height = measured_table(
        reading, "table", "the map property 'inch' (or 'unit'): map pixels per inch (or per "
        "unit)", TABLE_SCALES)
    pieces: list[Piece] = []
    layer = reading.object_layer(TERRAIN_LAYER)
    for name, most in ((TERRAIN_LAYER, MAX_PIECES), (FIGURES_LAYER, MAX_FIGURES)):
        found = reading.object_layer(name)
        if found is not None and len(found.objects) > most:
            raise reading.fail(f"its layer '{name}' has {len(found.objects)} objects; a table "
                               f"map may have {most}")
    if layer is not None:
        for obj in layer.objects:
            pieces.append(_piece(reading, obj, len(pieces), scale, width, height))
    title = reading.properties.get("title")
    table = Table(width, height, pieces, unit=unit,
                  name=title if isinstance(title, str) and title else reading.path.stem)
    return LoadedMap(path=reading.path, kind=KIND, board=table,
                     placements=_figures(reading, table, scale),
                     properties=dict(reading.properties))


def object_label(what: str, obj: MapObject) -> str:
    """How messages name a map object: "figure 'Pip' (object id 3)" (a long name cut)."""
    name = obj.name if len(obj.name) <= MAX_NAME else obj.name[:MAX_NAME] + "..."
    return f"{what} '{name}' (object id {obj.id})" if name else f"{what} object id {obj.id}"


def piece_label(obj: MapObject) -> str:
    return object_label("piece", obj)


def object_name(reading: MapReading, label: str, obj: MapObject) -> str:
    """An object's name as it is drawn; MapError if it is longer than :data:`MAX_NAME`."""
    if len(obj.name) > MAX_NAME:
        raise reading.fail(f"{label}: its name is {len(obj.name)} characters long; at most "
                           f"{MAX_NAME}")
    return printable(obj.name)


def object_points(reading: MapReading, label: str, obj: MapObject, scale: float,
                  box: tuple[float, float], board: str = "table") -> tuple[Vec, ...]:
    """The object's points in inches, if there are at most :data:`MAX_POINTS` and they lie
    on the ``board`` ("table", "map") or no further off it than its own size, no two in a
    row alike."""
    if len(obj.points) > MAX_POINTS:
        raise reading.fail(f"{label} has {len(obj.points)} points; a shape may have "
                           f"{MAX_POINTS}")
    w, h = box
    out: list[Vec] = []
    for px, py in obj.points:
        x, y = px / scale, py / scale
        if not (-w <= x <= 2 * w and -h <= y <= 2 * h):
            raise reading.fail(f"{label} reaches ({x:g}, {y:g}), far off the {w:g} x {h:g} "
                               f"inch {board}")
        if not out or math.dist(out[-1], (x, y)) > 1e-6:
            out.append((x, y))
    return tuple(out)


def _text(reading: MapReading, label: str, props: Any, name: str, what: str) -> str:
    """A string property as it is shown: cleaned of control characters, at most
    :data:`MAX_NAME` characters."""
    v = printable(reading.value(label, props, name, str, what=what))
    if not v or len(v) > MAX_NAME:
        raise reading.fail(f"{label}: property '{name}' must be 1 to {MAX_NAME} printable "
                           f"characters ({what})")
    return v


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
    if len(obj.name) > MAX_NAME:
        raise reading.fail(f"{label}: its name is {len(obj.name)} characters long; at most "
                           f"{MAX_NAME}")
    props = obj.properties
    kind = _text(reading, label, props, "kind", "what it is: forest, crates, fence...")
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
        if not isinstance(raw, str) or len(raw) > 4 * MAX_NAME:
            raise reading.fail(f"{label}: property 'traits' must be a string (a comma list "
                               f"such as 'blocking, hard cover') of at most {4 * MAX_NAME} "
                               f"characters, not {raw!r}")
        traits = parse_traits(printable(raw))
    ellipse: tuple[float, float, float, float, float] | None = None
    if obj.shape == "ellipse":
        rx, ry = obj.width / 2 / scale, obj.height / 2 / scale
        if min(rx, ry) * 2 < MIN_SIZE:
            raise reading.fail(f"{label}: the ellipse has no size ({obj.width:g} x "
                               f"{obj.height:g} pixels)")
        cx, cy = obj.centre[0] / scale, obj.centre[1] / scale
        ellipse = (cx, cy, rx, ry, obj.rotation)
        points = ellipse_points(cx, cy, rx, ry, obj.rotation)
        _on_table(reading, label, points, width, height)
        shape: Any = "ellipse"
    elif obj.shape in ("rectangle", "polygon", "polyline"):
        if len(obj.points) > MAX_POINTS:
            raise reading.fail(f"{label}: the {obj.shape} has {len(obj.points)} corners; a "
                               f"piece may have {MAX_POINTS}")
        points = _dedupe(tuple((x / scale, y / scale) for x, y in obj.points))
        shape = "line" if obj.shape == "polyline" else obj.shape
        _on_table(reading, label, points, width, height)
        check_geometry(reading, label, obj.shape, points)
    else:
        raise reading.fail(f"{label} is a {obj.shape}; a terrain piece must be a rectangle, "
                           f"ellipse or polygon (a footprint) or a polyline (a fence, a wall)")
    others = {k: v for k, v in props.items() if k not in PIECE_PROPERTIES}
    return Piece(index=index, id=obj.id, name=obj.name, kind=kind, shape=shape,
                 points=points, ht=ht, traits=traits, label=label, ellipse=ellipse,
                 properties=others)


def _on_table(reading: MapReading, label: str, points: tuple[Vec, ...], width: float,
              height: float) -> None:
    """MapError naming ``label`` if its points (in units) lie wholly off the table, or
    further off it than its own size (checked before its shape is measured)."""
    x0, y0 = min(p[0] for p in points), min(p[1] for p in points)
    x1, y1 = max(p[0] for p in points), max(p[1] for p in points)
    if x1 <= 0 or y1 <= 0 or x0 >= width or y0 >= height:
        raise reading.fail(f"{label} lies wholly off the table ({width:g} x {height:g} "
                           f"{_plural(reading)})")
    if x0 < -width or y0 < -height or x1 > 2 * width or y1 > 2 * height:
        raise reading.fail(f"{label} reaches far off the table ({width:g} x {height:g} "
                           f"{_plural(reading)}): no further off it than its own size")


def _dedupe(points: tuple[Vec, ...]) -> tuple[Vec, ...]:
    out: list[Vec] = []
    for p in points:
        if not out or math.dist(out[-1], p) > 1e-9:
            out.append(p)
    return tuple(out)


def check_geometry(reading: MapReading, label: str, shape: str,
                   points: tuple[Vec, ...]) -> None:
    """MapError naming ``label`` if a polyline has no length, or a rectangle or polygon
    has no area or crosses itself (points in units)."""
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
    def off(x: float, y: float) -> str | None:
        return None if table.on_table(x, y) else (
            f"is off the table ({table.width:g} x {table.height:g} {_plural(reading)})")

    return point_figures(reading, scale, off)


def point_figures(reading: MapReading, scale: float,
                  off: Callable[[float, float], str | None]) -> tuple[Placement, ...]:
    """The figures of the map's figures layer on a continuous board (a table, a sewer, a
    street), each a :class:`Point` in units with its side, unit and optional facing in
    degrees; ``off(x, y)`` says why a figure there is not on the board (None if it is).
    One MapError naming the figure for any fault."""
    layer = reading.object_layer(FIGURES_LAYER)
    if layer is None:
        return ()
    out: list[Placement] = []
    for obj in layer.objects:
        label = object_label("figure", obj)
        object_name(reading, label, obj)
        props = obj.properties
        side = reading.value(label, props, "side", str, what="the side it plays for")
        unit = reading.value(label, props, "unit", str, what="a key of the scenario's units")
        facing = props.get("facing")
        if facing is not None and (isinstance(facing, bool)
                                   or not isinstance(facing, int | float)
                                   or not -360 <= facing <= 360):
            raise reading.fail(f"{label}: property 'facing' must be a number of degrees "
                               f"from -360 to 360, not {facing!r}")
        x, y = obj.centre[0] / scale, obj.centre[1] / scale
        why = off(x, y)
        if why is not None:
            raise reading.fail(f"{label} at ({x:g}, {y:g}) {why}")
        others = {k: v for k, v in props.items() if k not in FIGURE_PROPERTIES}
        out.append(Placement(name=obj.name, side=side, unit=unit, place=Point.of(x, y),
                             facing=None if facing is None else float(facing), label=label,
                             properties=others))
    return tuple(out)


TABLE: TiledKind[Table] = TiledKind(TABLE_CARD, build_table_board)
"""The table map kind, as :data:`game.boards.tiled.BUILDERS` lists it."""
