"""Track maps (a street chase's table): a checked :class:`MapReading` -> a :class:`Track`
and its placements.

A track map is a table map laid along an axis (seed 001's Pursuit, P-1): it is claimed by
its map property ``arrival`` or an object layer ``street``, and refines the table kind (it
carries the map property ``inch`` too). Conventions (docs/making-maps.md tells a map
maker the same, step by step):

* an orthogonal map with the map properties ``inch`` (map pixels per inch) and
  ``arrival``: ``left``, ``right``, ``top`` or ``bottom``, the short edge that is the
  Arrival (P-1);
* object layer ``street`` (optional): one polyline, the sinuous street along the middle;
* object layer ``terrain``: one rectangle, ellipse or polygon per terrain piece, with an
  int property ``size`` (1, 2 or 3), an optional bool ``ruined`` (false: an intact
  building) and an optional string ``kind`` (what it is called);
* object layer ``figures`` (optional): objects with string properties ``side`` and
  ``unit``, standing at the object's centre on the table; an optional float ``facing`` in
  degrees.

Limits, checked before the board is built: a table of the table kind's size;
:data:`MAX_PIECES` pieces and :data:`MAX_FIGURES` figures; the table
builder's :data:`~game.boards.tiled.table.MAX_POINTS` points a
shape, on the table or no further off it than its own size.

Every problem is one :class:`MapError` naming the file and the object.
"""

from __future__ import annotations

import math
from typing import Any

from game.boards.table import ellipse_points
from game.boards.tiled.kinds import TiledKind
from game.boards.tiled.reading import MapObject, MapReading
from game.boards.tiled.table import (
    MAX_NAME,
    TABLE_SIDES,
    check_geometry,
    object_label,
    object_name,
    object_points,
    point_figures,
    scale_of,
)
from game.boards.track import EDGES, SIZES, XY, Track, TrackError, TrackPiece
from game.core.errors import printable
from game.core.places import LoadedMap, Placement

KIND = "track"
"""The board kind this module builds."""
ARRIVAL = "arrival"
"""The map property naming the arrival edge."""
STREET_LAYER = "street"
TERRAIN_LAYER = "terrain"
FIGURES_LAYER = "figures"
MAX_PIECES = 200
MAX_FIGURES = 200
MIN_SIZE = 0.05
"""Smallest width, height or length of a piece or the street, in inches."""
PIECE_PROPERTIES = frozenset({"size", "ruined", "kind"})


def claims_track(reading: MapReading) -> bool:
    """A map with the map property ``arrival`` or an object layer named ``street`` is a
    track map (MapError if the layer of that name is not an object layer)."""
    return ARRIVAL in reading.properties or reading.object_layer(STREET_LAYER) is not None


def build_track_board(reading: MapReading) -> LoadedMap[Track]:
    """The track and figure placements of a track map; MapError (naming the file and the
    object) if it breaks the track map conventions."""
    if reading.orientation != "orthogonal":
        raise reading.fail(f"a track map must be orthogonal, not {reading.orientation} (in "
                           f"Tiled: Map > Map Properties > Orientation)")
    found = scale_of(reading)
    if found is None or found[0] != "inch":
        raise reading.fail("a track map needs the map property 'inch': map pixels per inch")
    scale = found[1]
    width = reading.width * reading.tile_width / scale
    height = reading.height * reading.tile_height / scale
    lo, hi = TABLE_SIDES
    if not (lo <= width <= hi and lo <= height <= hi):
        raise reading.fail(f"the table is {width:.4g} x {height:.4g} inches (the map's pixels "
                           f"over its property 'inch', {scale:g}); a table is {lo:g} to "
                           f"{hi:g} inches a side")
    arrival = reading.properties.get(ARRIVAL)
    if arrival not in EDGES:
        raise reading.fail(f"map property '{ARRIVAL}' must be one of {', '.join(EDGES)} (the "
                           f"short edge that is the Arrival, P-1), not {_short(arrival)}")
    for name, most in ((TERRAIN_LAYER, MAX_PIECES), (FIGURES_LAYER, MAX_FIGURES)):
        layer = reading.object_layer(name)
        if layer is not None and len(layer.objects) > most:
            raise reading.fail(f"its layer '{name}' has {len(layer.objects)} objects; a track "
                               f"map may have {most}")
    box = (width, height)
    title = reading.properties.get("title")
    try:
        track = Track(width, height, str(arrival), _pieces(reading, scale, box),
                      _street(reading, scale, box),
                      name=title if isinstance(title, str) and title else reading.path.stem)
    except TrackError as e:
        raise reading.fail(str(e)) from None
    return LoadedMap(path=reading.path, kind=KIND, board=track,
                     placements=_figures(reading, track, scale),
                     properties=dict(reading.properties))


def _short(v: Any) -> str:
    text = repr(v)
    return text if len(text) <= 40 else text[:37] + "..."


def _street(reading: MapReading, scale: float,
            box: tuple[float, float]) -> tuple[XY, ...] | None:
    layer = reading.object_layer(STREET_LAYER)
    if layer is None or not layer.objects:
        return None
    if len(layer.objects) > 1:
        raise reading.fail(f"its layer '{STREET_LAYER}' has {len(layer.objects)} objects; it "
                           f"holds one polyline, the street along the table")
    obj = layer.objects[0]
    label = object_label("street", obj)
    if obj.shape != "polyline":
        raise reading.fail(f"{label} is a {obj.shape}; the street is a polyline along its "
                           f"middle")
    pts = object_points(reading, label, obj, scale, box)
    length = sum(math.dist(a, b) for a, b in zip(pts, pts[1:], strict=False))
    if len(pts) < 2 or length < MIN_SIZE:
        raise reading.fail(f"{label} has no length")
    return pts


def _pieces(reading: MapReading, scale: float, box: tuple[float, float]) -> list[TrackPiece]:
    layer = reading.object_layer(TERRAIN_LAYER)
    out: list[TrackPiece] = []
    for obj in layer.objects if layer is not None else ():
        out.append(_piece(reading, obj, len(out), scale, box))
    return out


def _piece(reading: MapReading, obj: MapObject, index: int, scale: float,
           box: tuple[float, float]) -> TrackPiece:
    label = object_label("piece", obj)
    name = object_name(reading, label, obj)
    props = obj.properties
    size = props.get("size")
    if isinstance(size, bool) or not isinstance(size, int) or size not in SIZES:
        raise reading.fail(f"{label}: property 'size' must be 1, 2 or 3 (type int in Tiled; "
                           f"P-1), not {_short(size)}")
    ruined = props.get("ruined", False)
    if not isinstance(ruined, bool):
        raise reading.fail(f"{label}: property 'ruined' must be true or false (type bool in "
                           f"Tiled), not {_short(ruined)}")
    kind = ""
    if props.get("kind") is not None:
        kind = printable(reading.value(label, props, "kind", str, what="what it is"))
        if len(kind) > MAX_NAME:
            raise reading.fail(f"{label}: property 'kind' is {len(kind)} characters long; at "
                               f"most {MAX_NAME}")
    w, h = box
    if obj.shape == "ellipse":
        cx, cy = obj.centre[0] / scale, obj.centre[1] / scale
        rx, ry = obj.width / 2 / scale, obj.height / 2 / scale
        if min(rx, ry) * 2 < MIN_SIZE:
            raise reading.fail(f"{label}: the ellipse has no size")
        if not (-w <= cx <= 2 * w and -h <= cy <= 2 * h and rx <= w and ry <= h):
            raise reading.fail(f"{label} reaches far off the {w:g} x {h:g} inch table")
        pts = ellipse_points(cx, cy, rx, ry, obj.rotation)
    elif obj.shape in ("rectangle", "polygon"):
        pts = object_points(reading, label, obj, scale, box)
        check_geometry(reading, label, obj.shape, pts)
    else:
        raise reading.fail(f"{label} is a {obj.shape}; a terrain piece is a rectangle, "
                           f"ellipse or polygon")
    x0, y0 = min(p[0] for p in pts), min(p[1] for p in pts)
    x1, y1 = max(p[0] for p in pts), max(p[1] for p in pts)
    if x1 <= 0 or y1 <= 0 or x0 >= w or y0 >= h:
        raise reading.fail(f"{label} lies wholly off the {w:g} x {h:g} inch table")
    others = {k: v for k, v in props.items() if k not in PIECE_PROPERTIES}
    return TrackPiece(index=index, id=obj.id, size=size, ruined=ruined, points=pts,
                      name=name, kind=kind, label=label, properties=others)


def _figures(reading: MapReading, track: Track, scale: float) -> tuple[Placement, ...]:
    def off(x: float, y: float) -> str | None:
        return None if track.on_table(x, y) else (
            f"is off the {track.width:g} x {track.height:g} inch table")

    return point_figures(reading, scale, off)


TRACK: TiledKind[Track] = TiledKind(
    key=KIND, name="track map", claims=claims_track, build=build_track_board,
    places="a point or a position along the table or its street",
    marks=f"the map property '{ARRIVAL}' (the Arrival edge: left, right, top or bottom) or "
          f"an object layer named '{STREET_LAYER}'",
    refines=("table",))
"""The track map kind, as :data:`game.boards.tiled.BUILDERS` lists it."""
