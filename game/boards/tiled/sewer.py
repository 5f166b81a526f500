"""Sewer maps: a checked :class:`MapReading` -> :class:`Corridors` and its placements.

A sewer map is a table map with corridors (seed 001's Flash Flood, F-1): it is claimed by
its object layer ``corridors``, and refines the table kind (it carries the map property
``inch`` too). Conventions (docs/making-maps.md tells a map maker the same, step by
step):

* an orthogonal map with the map property ``inch``: map pixels per inch;
* object layer ``corridors``: one polyline per corridor, drawn along its middle, with a
  float property ``width`` (wall to wall, in inches); its name (unique) names it in
  messages and saves, an unnamed one is "corridor <object id>". Corridors meet where one
  ends on another, where two cross, or where two ends touch (within a quarter inch);
* object layer ``features``: the flood's ``origin`` (a point in a corridor, F-1), and
  areas (rectangles, ellipses, polygons) of kind ``gantry`` (raised, out of the flood's
  reach: inside the corridors), ``grate``, ``sluice`` or ``cave-in`` (these three may be
  lines across a corridor too), and ``nest`` (a scenario's objective: an area inside the
  corridors, with an optional int property ``charges``, :data:`CHARGES`). The kind is the
  object's string property ``kind``, or else its class (type) in Tiled;
* object layer ``figures`` (optional): objects standing at the object's centre, in the
  corridors and clear of the walls and of each other (a base of :data:`FIGURE_BASE_MM`),
  with string properties ``side``, ``unit`` (a model's profile: the rules check it) and
  ``squad`` (the id of the unit it belongs to: one side a squad), an optional bool
  ``leader`` (at most one a squad) and an optional float ``facing`` in degrees. They
  reach the rules as :class:`Placement` values with ``squad`` and ``leader`` set.

Limits, checked before the board is built: :data:`MAX_CORRIDORS` corridors,
:data:`MAX_FEATURES` features and :data:`MAX_FIGURES` figures; the table
builder's :data:`~game.boards.tiled.table.MAX_POINTS` points
a shape; corridors :data:`WIDTHS` wide; the table of the table kind's size.

Every problem is one :class:`MapError` naming the file and the object.
"""

from __future__ import annotations

import shapely

from game.boards.corridors import (
    AREAS,
    FEATURE_KINDS,
    XY,
    Corridor,
    CorridorError,
    Corridors,
    Feature,
)
from game.boards.table import ellipse_points
from game.boards.tiled.kinds import TiledKind
from game.boards.tiled.marks import CORRIDORS_LAYER, SEWER_CARD
from game.boards.tiled.reading import MapObject, MapReading
from game.boards.tiled.squads import FIGURE_BASE_MM, FIGURE_RADIUS, TOUCH, squad_figures
from game.boards.tiled.table import (
    MAX_NAME,
    check_geometry,
    measured_table,
    object_label,
    object_name,
    object_points,
    point_figures,
)
from game.core.errors import printable
from game.core.places import LoadedMap, Placement

KIND = "sewer"
"""The board kind this module builds."""
FEATURES_LAYER = "features"
FIGURES_LAYER = "figures"
ORIGIN = "origin"
"""The kind of the feature that marks the flood's origin (F-1)."""
MAX_CORRIDORS = 200
"""Most corridors a sewer may have (every two near each other are compared once)."""
MAX_FEATURES = 200
MAX_FIGURES = 200
WIDTHS = (0.1, 48.0)
"""Narrowest and widest a corridor may be, in inches."""
MIN_SIZE = 0.05
"""Smallest width, height or length of a feature, in inches."""
NEST = "nest"
CHARGES = (1, 100)
"""Fewest and most charges a nest's ``charges`` property may ask for."""


def build_sewer_board(reading: MapReading) -> LoadedMap[Corridors]:
    """The corridors and figure placements of a sewer map; MapError (naming the file and
    the object) if it breaks the sewer map conventions."""
    _unit, scale, width, height = measured_table(
        reading, "sewer", "the map property 'inch': map pixels per inch (its corridors' "
        "widths are in inches)", noun="sewer")
    for name, most in ((CORRIDORS_LAYER, MAX_CORRIDORS), (FEATURES_LAYER, MAX_FEATURES),
                       (FIGURES_LAYER, MAX_FIGURES)):
        layer = reading.object_layer(name)
        if layer is not None and len(layer.objects) > most:
            raise reading.fail(f"its layer '{name}' has {len(layer.objects)} objects; a "
                               f"sewer map may have {most}")
    box = (width, height)
    corridors = _corridors(reading, scale, box)
    origin, features = _features(reading, scale, box)
    title = reading.properties.get("title")
    try:
        board = Corridors(width, height, corridors, features, origin=origin,
                          name=title if isinstance(title, str) and title
                          else reading.path.stem)
    except CorridorError as e:
        raise reading.fail(str(e)) from None
    return LoadedMap(path=reading.path, kind=KIND, board=board,
                     placements=_figures(reading, board, scale),
                     properties=dict(reading.properties))


def _corridors(reading: MapReading, scale: float,
               box: tuple[float, float]) -> list[Corridor]:
    layer = reading.object_layer(CORRIDORS_LAYER)
    if layer is None or not layer.objects:
        raise reading.fail(f"its layer '{CORRIDORS_LAYER}' has no corridors; draw each as a "
                           f"polyline along its middle with a float property 'width'")
    out: list[Corridor] = []
    seen: dict[str, str] = {}
    for obj in layer.objects:
        label = object_label("corridor", obj)
        name = object_name(reading, label, obj) or f"corridor {obj.id}"
        if obj.shape != "polyline":
            raise reading.fail(f"{label} is a {obj.shape}; a corridor is a polyline drawn "
                               f"along its middle, with a float property 'width'")
        wide = reading.value(label, obj.properties, "width", float,
                             what="wall to wall, in inches")
        lo, hi = WIDTHS
        if not lo <= wide <= hi:
            why = "has no width" if wide <= 0 else f"is {wide:g} inches wide"
            raise reading.fail(f"{label} {why}; a corridor is {lo:g} to {hi:g} inches wide "
                               f"(its property 'width')")
        points = object_points(reading, label, obj, scale, box, "map")
        if len(points) < 2:
            raise reading.fail(f"{label} has no length; draw it along the corridor's middle")
        if name in seen:
            raise reading.fail(f"{label} and {seen[name]} are both named '{name}'; each "
                               f"corridor needs a name of its own")
        seen[name] = label
        others = {k: v for k, v in obj.properties.items() if k != "width"}
        try:
            out.append(Corridor(name, points, wide, label, others))
        except CorridorError as e:
            raise reading.fail(str(e)) from None
    return out


def _kind(reading: MapReading, label: str, obj: MapObject) -> str:
    raw = obj.properties.get("kind", obj.type or None)
    if raw is None:
        raise reading.fail(f"{label} has no 'kind' (a string property, or its class in "
                           f"Tiled): one of {ORIGIN}, {', '.join(FEATURE_KINDS)}")
    if not isinstance(raw, str):
        raise reading.fail(f"{label}: property 'kind' must be a string, not {raw!r}")
    kind = printable(raw).strip().lower().replace("_", "-").replace(" ", "-")
    if kind not in (ORIGIN, *FEATURE_KINDS):
        shown = kind if len(kind) <= MAX_NAME else kind[:MAX_NAME] + "..."
        raise reading.fail(f"{label}: kind '{shown}' is not one of {ORIGIN}, "
                           f"{', '.join(FEATURE_KINDS)}")
    return kind


def _features(reading: MapReading, scale: float,
              box: tuple[float, float]) -> tuple[XY, list[Feature]]:
    """The flood's origin and the features."""
    layer = reading.object_layer(FEATURES_LAYER)
    origin: tuple[XY, str] | None = None
    out: list[Feature] = []
    for obj in layer.objects if layer is not None else ():
        label = object_label("feature", obj)
        kind = _kind(reading, label, obj)
        label = object_label(kind, obj)
        name = object_name(reading, label, obj)
        if kind == ORIGIN:
            if obj.shape != "point":
                raise reading.fail(f"{label} is a {obj.shape}; the flood's origin is a point "
                                   f"(in Tiled: Insert Point)")
            if origin is not None:
                raise reading.fail(f"{label} and {origin[1]} are both the flood's origin; "
                                   f"a sewer has one (F-1)")
            x, y = obj.centre[0] / scale, obj.centre[1] / scale
            if not (0 <= x <= box[0] and 0 <= y <= box[1]):
                raise reading.fail(f"{label} at ({x:g}, {y:g}) is off the map")
            origin = ((x, y), label)
            continue
        feature = _feature(reading, label, obj, kind, name, scale, box)
        if kind == NEST:
            _charges(reading, label, feature)
        out.append(feature)
    if origin is None:
        raise reading.fail(f"it has no flood origin: put a point of kind '{ORIGIN}' in a "
                           f"corridor, in an object layer '{FEATURES_LAYER}' (F-1)")
    return origin[0], out


def _feature(reading: MapReading, label: str, obj: MapObject, kind: str, name: str,
             scale: float, box: tuple[float, float]) -> Feature:
    others = {k: v for k, v in obj.properties.items() if k != "kind"}
    if obj.shape == "ellipse":
        cx, cy = obj.centre[0] / scale, obj.centre[1] / scale
        rx, ry = obj.width / 2 / scale, obj.height / 2 / scale
        if min(rx, ry) * 2 < MIN_SIZE:
            raise reading.fail(f"{label}: the ellipse has no size")
        if not (-box[0] <= cx <= 2 * box[0] and -box[1] <= cy <= 2 * box[1]
                and rx <= box[0] and ry <= box[1]):
            raise reading.fail(f"{label} reaches far off the {box[0]:g} x {box[1]:g} inch "
                               f"map")
        pts = ellipse_points(cx, cy, rx, ry, obj.rotation)
        return Feature(obj.id, kind, pts, True, name, label, others)
    if obj.shape in ("rectangle", "polygon"):
        pts = object_points(reading, label, obj, scale, box, "map")
        check_geometry(reading, label, obj.shape, pts)
        return Feature(obj.id, kind, pts, True, name, label, others)
    if obj.shape == "polyline" and kind not in AREAS:
        pts = object_points(reading, label, obj, scale, box, "map")
        if len(pts) < 2:
            raise reading.fail(f"{label}: the polyline has no length")
        return Feature(obj.id, kind, pts, False, name, label, others)
    lines = "" if kind in AREAS else " or a polyline across a corridor"
    raise reading.fail(f"{label} is a {obj.shape}; a {kind} is a rectangle, ellipse or "
                       f"polygon{lines}")


def _charges(reading: MapReading, label: str, nest: Feature) -> None:
    """MapError naming the nest if its optional ``charges`` is not a whole number within
    :data:`CHARGES`."""
    raw = nest.properties.get("charges")
    lo, hi = CHARGES
    if raw is not None and (isinstance(raw, bool) or not isinstance(raw, int)
                            or not lo <= raw <= hi):
        raise reading.fail(f"{label}: property 'charges' must be a whole number from {lo} "
                           f"to {hi} (the charges to plant in it; type int in Tiled), not "
                           f"{raw!r}")


def _figures(reading: MapReading, board: Corridors, scale: float) -> tuple[Placement, ...]:
    """The figures, each in the corridors with room for its base, with its squad."""
    walls = board.area.boundary
    shapely.prepare(walls)
    r = FIGURE_RADIUS

    def off(x: float, y: float) -> str | None:
        if not board.contains(x, y):
            return "is not in the corridors"
        gap = float(shapely.distance(walls, shapely.Point(x, y)))
        if gap < r - TOUCH:
            return (f"overlaps a wall: a {FIGURE_BASE_MM:g} mm base needs its centre "
                    f"{r:g} inches from the walls, and this one is {gap:.2g} inches from one")
        return None

    return squad_figures(reading, point_figures(reading, scale, off))


SEWER: TiledKind[Corridors] = TiledKind(SEWER_CARD, build_sewer_board)
"""The sewer map kind, as :data:`game.boards.tiled.BUILDERS` lists it."""
