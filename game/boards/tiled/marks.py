"""How each board kind tells its own maps: the marks it looks for, and nothing heavier.

A map is claimed by the kind whose marks it carries (see :mod:`.kinds`). Telling a map's
kind must not import every kind's builder and board (shapely, the corridors, the zone
graph: a good part of the start-up of a game that needs none of them), so each kind's
:class:`~.kinds.KindCard` lives here, with the few names its claim reads; its builder
module (:mod:`.hexes`, :mod:`.zones`, :mod:`.table`, :mod:`.sewer`, :mod:`.track`) pairs
the card with the function that builds the board, and is imported only to build one.
"""

from __future__ import annotations

import math

from game.boards.tiled.kinds import KindCard
from game.boards.tiled.reading import MapReading

LEVELS_LAYER = "levels"
"""The hex map's tile layer of levels (its mark)."""
ZONES_LAYER = "zones"
"""The zones board's object layer of zones (its mark)."""
TABLE_SCALES = ("inch", "unit")
"""The map properties that give a table map its scale (its mark): map pixels per inch or
per unit."""
CORRIDORS_LAYER = "corridors"
"""The sewer map's object layer of corridors (its mark)."""
ARRIVAL = "arrival"
"""The track map's property naming its Arrival edge (a mark)."""
STREET_LAYER = "street"
"""The track map's object layer holding the street (a mark)."""


def claims_hex(reading: MapReading) -> bool:
    """A hexagonal map, or one with a layer named ``levels``, is a hex map (an orthogonal
    map with a ``levels`` layer is one drawn on the wrong grid: the builder says so)."""
    return reading.orientation == "hexagonal" or LEVELS_LAYER in reading.layer_kinds


def claims_zones(reading: MapReading) -> bool:
    """A map with an object layer named ``zones`` is a zones board (MapError if the layer
    of that name is a tile layer: a mistake worth naming)."""
    return reading.object_layer(ZONES_LAYER) is not None


def scale_of(reading: MapReading) -> tuple[str, float] | None:
    """The map's scale: ``("inch", pixels per inch)`` or ``("unit", pixels per unit)``;
    None if it sets neither; MapError if it sets both, or one that is not a positive
    number."""
    scales = [k for k in TABLE_SCALES if k in reading.properties]
    if len(scales) > 1:
        raise reading.fail("it sets both map properties 'inch' and 'unit'; keep one (map "
                           "pixels per inch, or per unit)")
    if not scales:
        return None
    k = scales[0]
    v = reading.properties[k]
    if isinstance(v, bool) or not isinstance(v, int | float) or not 0 < v < math.inf:
        raise reading.fail(f"map property '{k}' must be a positive number (map pixels per "
                           f"{k}; type int or float in Tiled), not {v!r}")
    return k, float(v)


def claims_table(reading: MapReading) -> bool:
    """A map with the map property ``inch`` (or ``unit``) is a table map (the sewer and
    street kinds refine it)."""
    return scale_of(reading) is not None


def claims_sewer(reading: MapReading) -> bool:
    """A map with an object layer named ``corridors`` is a sewer map (MapError if the
    layer of that name is not an object layer)."""
    return reading.object_layer(CORRIDORS_LAYER) is not None


def claims_track(reading: MapReading) -> bool:
    """A map with the map property ``arrival`` or an object layer named ``street`` is a
    track map (MapError if the layer of that name is not an object layer)."""
    return ARRIVAL in reading.properties or reading.object_layer(STREET_LAYER) is not None


HEX_CARD = KindCard(
    key="hex", name="hex map", places="a hex", claims=claims_hex,
    marks="a hexagonal map (in Tiled: File > New Map, Orientation: Hexagonal) with a tile "
          f"layer named '{LEVELS_LAYER}'",
    facing="hex side")
ZONES_CARD = KindCard(
    key="zones", name="zones board", places="a zone", claims=claims_zones,
    marks=f"an object layer named '{ZONES_LAYER}' (the zones as rectangles and polygons)")
TABLE_CARD = KindCard(
    key="table", name="table map", places="a point", claims=claims_table,
    marks="the map property 'inch' (or 'unit'): map pixels per inch (or per unit)")
SEWER_CARD = KindCard(
    key="sewer", name="sewer map", claims=claims_sewer,
    places="a point or a position along a corridor",
    marks=f"an object layer named '{CORRIDORS_LAYER}' (each corridor a polyline with a "
          f"float property 'width')",
    refines=("table",))
TRACK_CARD = KindCard(
    key="track", name="track map", claims=claims_track,
    places="a point or a position along the table or its street",
    marks=f"the map property '{ARRIVAL}' (the Arrival edge: left, right, top or bottom) or "
          f"an object layer named '{STREET_LAYER}'",
    refines=("table",))

CARDS: dict[str, KindCard] = {c.key: c for c in (
    HEX_CARD, SEWER_CARD, TABLE_CARD, TRACK_CARD, ZONES_CARD)}
"""Every kind's card, by key (the keys of :data:`game.boards.tiled.BUILDERS`)."""
