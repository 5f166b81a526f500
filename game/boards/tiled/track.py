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
  The street lies on the table;
* object layer ``terrain``: one rectangle, ellipse or polygon per terrain piece, with an
  int property ``size`` (1, 2 or 3), an optional bool ``ruined`` (false: an intact
  building) and an optional string ``kind`` (what it is called). Each piece lies wholly
  on the table; pieces may touch but not overlap;
* object layer ``features`` (optional): the mine clusters (P-12), points (or ellipses: their
  centre) of kind ``mine`` (a string property ``kind``, or the object's class in Tiled),
  at most :data:`~game.boards.track.MAX_MINES`, each on the table, its centre within
  :data:`~game.boards.track.MINE_REACH` inch of the piece it rides on and not inside an
  impassable one;
* object layer ``figures`` (optional): objects standing at the object's centre, with string
  properties ``side``, ``unit`` (a model's profile: the rules check it) and ``squad`` (the
  id of the unit it belongs to: one side a squad), an optional bool ``leader`` (at most
  one a squad) and an optional float ``facing`` in degrees. Each stands with room for a
  base of :data:`FIGURE_BASE_MM` on the table, clear of the other figures, and not in an
  impassable piece (P-1). They reach the rules as :class:`Placement` values with
  ``squad`` and ``leader`` set.

Limits, checked before the board is built: a table of the table kind's size;
:data:`MAX_PIECES` pieces, :data:`MAX_FEATURES` features and :data:`MAX_FIGURES` figures;
the table builder's :data:`~game.boards.tiled.table.MAX_POINTS` points a shape, on the
table or no further off it than its own size.

Every problem is one :class:`MapError` naming the file and the object.
"""

from __future__ import annotations

import math
from typing import Any

from game.boards.table import ellipse_points
from game.boards.tiled.kinds import TiledKind
from game.boards.tiled.marks import ARRIVAL, STREET_LAYER, TRACK_CARD
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
from game.boards.track import (
    EDGES,
    MAX_MINES,
    SIZES,
    XY,
    Track,
    TrackError,
    TrackMine,
    TrackPiece,
)
from game.core.errors import printable
from game.core.places import LoadedMap, Placement

KIND = "track"
"""The board kind this module builds."""
TERRAIN_LAYER = "terrain"
FEATURES_LAYER = "features"
FIGURES_LAYER = "figures"
MINE = "mine"
"""The kind of a feature that is a mine cluster (P-12)."""
FEATURE_KINDS = (MINE,)
MAX_PIECES = 200
MAX_FEATURES = 200
MAX_FIGURES = 200
MIN_SIZE = 0.05
"""Smallest width, height or length of a piece or the street, in inches."""
PIECE_PROPERTIES = frozenset({"size", "ruined", "kind"})


def build_track_board(reading: MapReading) -> LoadedMap[Track]:
    """The track and figure placements of a track map; MapError (naming the file and the
    object) if it breaks the track map conventions."""
    _unit, scale, width, height = measured_table(
        reading, "track", "the map property 'inch': map pixels per inch")
    arrival = reading.properties.get(ARRIVAL)
    if arrival not in EDGES:
        raise reading.fail(f"map property '{ARRIVAL}' must be one of {', '.join(EDGES)} (the "
                           f"short edge that is the Arrival, P-1), not {_short(arrival)}")
    for name, most in ((TERRAIN_LAYER, MAX_PIECES), (FEATURES_LAYER, MAX_FEATURES),
                       (FIGURES_LAYER, MAX_FIGURES)):
        layer = reading.object_layer(name)
        if layer is not None and len(layer.objects) > most:
            raise reading.fail(f"its layer '{name}' has {len(layer.objects)} objects; a track "
                               f"map may have {most}")
    box = (width, height)
    title = reading.properties.get("title")
    try:
        track = Track(width, height, str(arrival), _pieces(reading, scale, box),
                      _street(reading, scale, box),
                      name=title if isinstance(title, str) and title else reading.path.stem,
                      mines=_mines(reading, scale))
    except TrackError as e:
        raise reading.fail(str(e)) from None
    fault = track.piece_fault()
    if fault is not None:
        raise reading.fail(fault)
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
    w, h = box
    for x, y in pts:
        if not (-TOUCH <= x <= w + TOUCH and -TOUCH <= y <= h + TOUCH):
            raise reading.fail(f"{label} reaches ({x:g}, {y:g}), off the {w:g} x {h:g} inch "
                               f"table; the street runs along the table, edge to edge at "
                               f"most")
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


def _kind(reading: MapReading, label: str, obj: MapObject) -> str:
    raw = obj.properties.get("kind", obj.type or None)
    if raw is None:
        raise reading.fail(f"{label} has no 'kind' (a string property, or its class in "
                           f"Tiled): {', '.join(FEATURE_KINDS)}")
    if not isinstance(raw, str):
        raise reading.fail(f"{label}: property 'kind' must be a string, not {_short(raw)}")
    kind = printable(raw).strip().lower()
    if kind not in FEATURE_KINDS:
        shown = kind if len(kind) <= MAX_NAME else kind[:MAX_NAME] + "..."
        raise reading.fail(f"{label}: kind '{shown}' is not one of {', '.join(FEATURE_KINDS)}")
    return kind


def _mines(reading: MapReading, scale: float) -> list[TrackMine]:
    """The mine clusters of the features layer (the track checks where they stand)."""
    layer = reading.object_layer(FEATURES_LAYER)
    out: list[TrackMine] = []
    for obj in layer.objects if layer is not None else ():
        label = object_label("feature", obj)
        kind = _kind(reading, label, obj)
        label = object_label(kind, obj)
        name = object_name(reading, label, obj)
        if obj.shape not in ("point", "ellipse"):
            raise reading.fail(f"{label} is a {obj.shape}; a mine cluster is a point (in "
                               f"Tiled: Insert Point) or a circle, at its centre")
        if len(out) == MAX_MINES:
            raise reading.fail(f"{label} is mine cluster {MAX_MINES + 1}; a track map places "
                               f"at most {MAX_MINES} (P-12: at most {MAX_MINES} on the table)")
        at = (obj.centre[0] / scale, obj.centre[1] / scale)
        others = {k: v for k, v in obj.properties.items() if k != "kind"}
        out.append(TrackMine(len(out), obj.id, at, None, name, label, others))
    return out


def _figures(reading: MapReading, track: Track, scale: float) -> tuple[Placement, ...]:
    """The figures, each on the table with room for its base and out of the impassable
    pieces, with its squad."""
    r = FIGURE_RADIUS

    def off(x: float, y: float) -> str | None:
        if not track.on_table(x, y):
            return f"is off the {track.width:g} x {track.height:g} inch table"
        if not track.on_table(x, y, r - TOUCH):
            return (f"reaches off the table: a {FIGURE_BASE_MM:g} mm base needs its centre "
                    f"{r:g} inches from the edges")
        for k in track.pieces_at(x, y):
            p = track.pieces[k]
            if p.impassable:
                what = "a ruin of size 3" if p.ruined else "an intact building"
                return f"is in {p.label or p.name}, {what}: impassable (P-1)"
        return None

    return squad_figures(reading, point_figures(reading, scale, off))


TRACK: TiledKind[Track] = TiledKind(TRACK_CARD, build_track_board)
"""The track map kind, as :data:`game.boards.tiled.BUILDERS` lists it."""
