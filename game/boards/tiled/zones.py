"""Zone boards: a checked :class:`MapReading` -> a :class:`ZoneBoard` and its figures.

Conventions (docs/making-maps.md tells a map maker the same, step by step):

* any orientation but hexagonal (orthogonal is the natural one); tile layers are drawn
  by Tiled but the game ignores them;
* object layer ``zones``: one rectangle or polygon (an ellipse is taken as a 32-sided
  polygon) per zone, each with a **name** (unique) and optional properties ``terrain``
  (string), ``visibility`` and ``move`` (int modifiers) and ``stacking`` (int, the most
  figures it holds). Zones touching along a border are adjacent; they must not overlap,
  and each must touch another;
* object layer ``bottlenecks`` (optional): a small shape over a boundary, with int
  ``capacity`` (1 or more) and optional string ``cover`` (``soft`` or ``hard``); its name
  is shown to players;
* object layer ``obstacles`` (optional): a polyline, polygon or rectangle along a
  boundary or inside a zone, with int ``size``, string ``kind`` and optional string
  ``damage`` (a dice expression such as ``1d6``);
* object layer ``patches`` (optional): terrain over part of a zone (Z-10), a rectangle,
  polygon or ellipse drawn inside one zone, with a **name** (unique), string ``terrain``
  (what it is) and optional int ``move`` and ``visibility`` modifiers; it counts only
  for those who move onto it;
* object layer ``figures`` (optional): objects with string ``side`` and ``unit``; each
  stands in the zone under its centre, or in a bottleneck whose marker holds its centre
  (its place is then the zone and the bottleneck's far side).

Limits, checked before the board is built: at most :data:`MAX_ZONES` zones,
:data:`MAX_MARKERS` bottlenecks and as many obstacles, :data:`MAX_FIGURES` figures; a
shape of at most :data:`MAX_POINTS` corners, on the map or no further off it than its own
size; names and words of at most :data:`MAX_NAME` characters; modifiers within
:data:`MODIFIER` either way; capacities and sizes up to :data:`MAX_CAPACITY`; damage of
at most 20 dice.

Every problem is one :class:`MapError` naming the file and the object.
"""

from __future__ import annotations

import math
from typing import Any

import shapely
from shapely import prepared

from game.boards.tiled.kinds import TiledKind
from game.boards.tiled.marks import ZONES_CARD, ZONES_LAYER
from game.boards.tiled.reading import MapObject, MapReading
from game.boards.zones import (
    XY,
    Bottleneck,
    Obstacle,
    Patch,
    Zone,
    ZoneBoard,
    ZoneGeometryError,
)
from game.core.errors import printable
from game.core.odds import DiceExpr
from game.core.places import InZone, LoadedMap, Placement

KIND = "zones"
"""The board kind this module builds."""

BOTTLENECKS_LAYER = "bottlenecks"
OBSTACLES_LAYER = "obstacles"
PATCHES_LAYER = "patches"
FIGURES_LAYER = "figures"

COVERS = ("soft", "hard")
"""Values of a bottleneck's ``cover``."""
ELLIPSE_SIDES = 32
MAX_ZONES = 64
"""Most zones a board may have (seed 002 plays on a handful; every pair of zones is
compared once when the board is built)."""
MAX_MARKERS = 48
"""Most bottlenecks, and most obstacles, a board may have (each is laid on the boundary
it crosses, among every boundary of the board)."""
MAX_FIGURES = 200
"""Most figures a zone map may place."""
MAX_POINTS = 256
"""Most corners of one zone, bottleneck or obstacle."""
MAX_NAME = 60
"""Longest name (of a zone, bottleneck, obstacle or figure) and word (a terrain, a kind)."""
MODIFIER = 20
"""Largest ``visibility`` or ``move`` modifier, either way."""
MAX_CAPACITY = 50
"""Largest ``capacity`` of a bottleneck and ``size`` of an obstacle."""
MAX_DICE = (20, 100, 100)
"""Most dice, faces a die and added points of an obstacle's ``damage``."""
FIGURE_PROPERTIES = frozenset({"side", "unit"})
"""Figure properties the board reads; a placement keeps the others."""


def build_zone_board(reading: MapReading) -> LoadedMap[ZoneBoard]:
    """The zone board and figure placements of a map with a ``zones`` object layer;
    MapError (naming the file and the object) if it breaks the zone map conventions."""
    if reading.orientation == "hexagonal":
        raise reading.fail("a zones board is drawn on an orthogonal map, not a hexagonal "
                           "one (in Tiled: File > New Map, Orientation: Orthogonal)")
    for layer, most in ((ZONES_LAYER, MAX_ZONES), (BOTTLENECKS_LAYER, MAX_MARKERS),
                        (OBSTACLES_LAYER, MAX_MARKERS), (PATCHES_LAYER, MAX_MARKERS),
                        (FIGURES_LAYER, MAX_FIGURES)):
        found = reading.object_layer(layer)
        if found is not None and len(found.objects) > most:
            raise reading.fail(f"its layer '{layer}' has {len(found.objects)} objects; a zone "
                               f"map may have {most}")
    zones = _zones(reading)
    bottlenecks = _bottlenecks(reading)
    obstacles = _obstacles(reading)
    title = reading.properties.get("title")
    size = (float(reading.width * reading.tile_width),
            float(reading.height * reading.tile_height))
    try:
        board = ZoneBoard.build(zones, bottlenecks, obstacles,
                                name=title if isinstance(title, str) and title
                                else reading.path.stem, size=size,
                                patches=_patches(reading))
    except ZoneGeometryError as e:
        raise reading.fail(str(e)) from None
    return LoadedMap(path=reading.path, kind=KIND, board=board,
                     placements=_figures(reading, board),
                     properties=dict(reading.properties))


def _on_map(reading: MapReading, obj: MapObject, points: tuple[XY, ...]) -> tuple[XY, ...]:
    """``points``, if they have at most :data:`MAX_POINTS` corners and lie on the map or
    no further off it than its own size; MapError otherwise."""
    if len(points) > MAX_POINTS:
        raise reading.fail(f"{obj.label} has {len(points)} corners; a shape may have "
                           f"{MAX_POINTS}")
    w, h = reading.width * reading.tile_width, reading.height * reading.tile_height
    for x, y in points:
        if not (-w <= x <= 2 * w and -h <= y <= 2 * h):
            raise reading.fail(f"{obj.label} reaches ({x:g}, {y:g}), far off the {w} x {h} "
                               f"pixel map")
    return points


def _name(reading: MapReading, obj: MapObject, name: str) -> str:
    if len(name) > MAX_NAME:
        raise reading.fail(f"{obj.label[:MAX_NAME + 20]}...: its name is {len(name)} "
                           f"characters long; at most {MAX_NAME}")
    return name


def _word(reading: MapReading, obj: MapObject, name: str, what: str,
          default: str | None = None) -> str:
    """A string property as it will be shown: cleaned of control characters, at most
    :data:`MAX_NAME` characters."""
    v = printable(reading.value(obj.label, obj.properties, name, str, default=default,
                                what=what))
    if not v or len(v) > MAX_NAME:
        raise reading.fail(f"{obj.label}: property '{name}' must be a word of 1 to "
                           f"{MAX_NAME} printable characters ({what})")
    return v


def _outline(reading: MapReading, obj: MapObject, what: str) -> tuple[XY, ...]:
    """An area object's outline; MapError if it is not an area."""
    if obj.shape in ("rectangle", "polygon"):
        if obj.shape == "rectangle" and (obj.width <= 0 or obj.height <= 0):
            raise reading.fail(f"{obj.label} has no width or height; draw the {what} as "
                               "a rectangle or a polygon with an area")
        if len(set(obj.points)) < 3:
            raise reading.fail(f"{obj.label} has fewer than 3 corners; draw the {what} as "
                               "a rectangle or a polygon with an area")
        return _on_map(reading, obj, tuple(obj.points))
    if obj.shape == "ellipse":
        rx, ry = obj.width / 2, obj.height / 2
        if rx <= 0 or ry <= 0:
            raise reading.fail(f"{obj.label} has no width or height")
        a = math.radians(obj.rotation)
        c, s = math.cos(a), math.sin(a)
        pts = []
        for k in range(ELLIPSE_SIDES):
            t = 2 * math.pi * k / ELLIPSE_SIDES
            dx, dy = rx + rx * math.cos(t), ry + ry * math.sin(t)
            pts.append((obj.x + dx * c - dy * s, obj.y + dx * s + dy * c))
        return _on_map(reading, obj, tuple(pts))
    article = "an" if what[0] in "aeiou" else "a"
    raise reading.fail(f"{obj.label} is a {obj.shape}; {article} {what} must be a rectangle, "
                       "polygon or ellipse")


def _int(reading: MapReading, obj: MapObject, name: str, *, default: int | None = None,
         least: int, most: int, what: str = "") -> int | None:
    raw = obj.properties.get(name)
    if raw is None:
        return default
    v = reading.value(obj.label, obj.properties, name, int, what=what)
    if v < least:
        raise reading.fail(f"{obj.label}: property '{name}' must be {least} or more, "
                           f"not {v}")
    if v > most:
        raise reading.fail(f"{obj.label}: property '{name}' must be at most {most}, not {v}")
    return v


def _zones(reading: MapReading) -> list[Zone]:
    layer = reading.object_layer(ZONES_LAYER)
    if layer is None or not layer.objects:
        raise reading.fail(f"its object layer '{ZONES_LAYER}' has no zones; draw each zone "
                           "as a rectangle or polygon with a name")
    out = []
    for obj in layer.objects:
        if not obj.name.strip():
            raise reading.fail(f"{obj.label} has no name; every zone needs one (players "
                               "read it)")
        name = _name(reading, obj, obj.name.strip())
        terrain = _word(reading, obj, "terrain", "what covers the zone", default="open")
        vis = _int(reading, obj, "visibility", default=0, least=-MODIFIER, most=MODIFIER,
                   what="missile modifier")
        move = _int(reading, obj, "move", default=0, least=-MODIFIER, most=MODIFIER,
                    what="movement modifier")
        stacking = _int(reading, obj, "stacking", least=1, most=MAX_FIGURES,
                        what="most figures in it")
        out.append(Zone(name, _outline(reading, obj, "zone"), terrain,
                        vis or 0, move or 0, stacking, obj.label))
    return out


def _bottlenecks(reading: MapReading) -> list[Bottleneck]:
    layer = reading.object_layer(BOTTLENECKS_LAYER)
    if layer is None:
        return []
    out = []
    for obj in layer.objects:
        cap = _int(reading, obj, "capacity", least=1, most=MAX_CAPACITY,
                   what="creatures per round")
        if cap is None:
            raise reading.fail(f"{obj.label} has no 'capacity' property (int: how many "
                               "creatures may pass it in a round)")
        cover = obj.properties.get("cover", "")
        if cover is None:
            cover = ""
        if not isinstance(cover, str) or cover.strip() not in ("", *COVERS):
            raise reading.fail(f"{obj.label}: property 'cover' must be 'soft' or 'hard' "
                               f"(or left out), not {cover!r}")
        name = _name(reading, obj, obj.name.strip()) or f"bottleneck {obj.id}"
        out.append(Bottleneck(name, _outline(reading, obj, "bottleneck"), cap,
                              cover.strip(), label=obj.label))
    return out


def _obstacles(reading: MapReading) -> list[Obstacle]:
    layer = reading.object_layer(OBSTACLES_LAYER)
    if layer is None:
        return []
    out = []
    for obj in layer.objects:
        size = _int(reading, obj, "size", least=1, most=MAX_CAPACITY, what="hexes it covers")
        if size is None:
            raise reading.fail(f"{obj.label} has no 'size' property (int: the hexes it "
                               "covers, its difficulty)")
        kind = _word(reading, obj, "kind", "what it is: wall, fire, hedge...")
        damage = obj.properties.get("damage", "")
        if damage is None:
            damage = ""
        if not isinstance(damage, str):
            raise reading.fail(f"{obj.label}: property 'damage' must be a dice expression "
                               f"such as '1d6', not {damage!r}")
        damage = damage.strip()
        if damage:
            try:
                dice = DiceExpr.parse(damage)
            except ValueError:
                raise reading.fail(f"{obj.label}: property 'damage' must be a dice "
                                   f"expression such as '1d6' or '2d-1', not {damage!r}"
                                   ) from None
            n, sides, plus = MAX_DICE
            if not (1 <= dice.n <= n and 1 <= dice.sides <= sides and abs(dice.plus) <= plus):
                raise reading.fail(f"{obj.label}: property 'damage' {damage!r} must roll 1 "
                                   f"to {n} dice of at most {sides} faces, adding at most "
                                   f"{plus}")
        if obj.shape in ("polyline", "point"):
            if obj.shape == "point":
                raise reading.fail(f"{obj.label} is a point; draw an obstacle as a line, "
                                   "rectangle or polygon")
            if len(set(obj.points)) < 2:
                n = len(obj.points)
                what = ("has only one point" if n == 1 else
                        f"has its {n} points all in one place")
                raise reading.fail(f"{obj.label}: its polyline {what}; draw an obstacle's "
                                   "line through at least two different points")
            shape, closed = _on_map(reading, obj, tuple(obj.points)), False
        else:
            shape, closed = _outline(reading, obj, "obstacle"), True
        name = _name(reading, obj, obj.name.strip()) or f"{kind} {obj.id}"
        out.append(Obstacle(name, shape, size, kind, damage, closed, label=obj.label))
    return out


def _patches(reading: MapReading) -> list[Patch]:
    """Z-10: the patches of terrain over part of a zone."""
    layer = reading.object_layer(PATCHES_LAYER)
    if layer is None:
        return []
    out = []
    for obj in layer.objects:
        if not obj.name.strip():
            raise reading.fail(f"{obj.label} has no name; every patch of terrain needs one "
                               "(players read it)")
        name = _name(reading, obj, obj.name.strip())
        terrain = _word(reading, obj, "terrain", "what covers the patch: brush, bog...")
        move = _int(reading, obj, "move", default=0, least=-MODIFIER, most=MODIFIER,
                    what="movement modifier")
        vis = _int(reading, obj, "visibility", default=0, least=-MODIFIER, most=MODIFIER,
                   what="missile modifier")
        out.append(Patch(name, _outline(reading, obj, "patch"), terrain, move or 0,
                         vis or 0, label=obj.label))
    return out


def _label(oid: int, name: str) -> str:
    return f"figure '{name}' (object id {oid})" if name else f"figure object id {oid}"


def _figures(reading: MapReading, board: ZoneBoard) -> tuple[Placement, ...]:
    layer = reading.object_layer(FIGURES_LAYER)
    if layer is None:
        return ()
    out: list[Placement] = []
    # as board.bottleneck_at finds them, each marker's shape made once
    markers = [(bn, prepared.prep(shapely.Polygon(bn.shape).buffer(0)))
               for bn in board.bottlenecks.values()]
    for obj in layer.objects:
        _name(reading, obj, obj.name)
        label = _label(obj.id, obj.name)
        props: dict[str, Any] = dict(obj.properties)
        side = reading.value(label, props, "side", str, what="the side it plays for")
        unit = reading.value(label, props, "unit", str, what="a key of the scenario's units")
        x, y = obj.centre
        zone = board.zone_at(x, y)
        if zone is None:
            raise reading.fail(f"{label} at ({x:g}, {y:g}) stands in no zone; put it "
                               "inside one")
        here = shapely.Point(x, y)
        bn = next((b for b, shape in markers if shape.contains(here)), None)
        place = InZone(zone) if bn is None or zone not in bn.zones else \
            InZone(zone, bn.other(zone))
        others = {k: v for k, v in props.items() if k not in FIGURE_PROPERTIES}
        out.append(Placement(name=obj.name, side=side, unit=unit, place=place,
                             label=label, properties=others))
    return tuple(out)


ZONES: TiledKind[ZoneBoard] = TiledKind(ZONES_CARD, build_zone_board)
"""The zones board kind, as :data:`game.boards.tiled.BUILDERS` lists it."""
