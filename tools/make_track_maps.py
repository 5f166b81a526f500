"""Write the shipped track maps of the street chase (seed 001's Pursuit: maps/pursuit.tmx
and maps/riders_and_drones.tmx) and the track test map maps/test/track_upright.tmx as
Tiled maps, the way Tiled 1.8 saves them.

    python tools/make_track_maps.py

Everything is written in inches below and becomes Tiled objects at 32 map pixels per
inch: the map property ``arrival`` (the short edge that is the Arrival, P-1), the layer
``street`` (one polyline, the sinuous street along the middle), the layer ``terrain`` (a
rectangle, ellipse or polygon per piece with its int ``size`` 1-3, bool ``ruined`` and
string ``kind``), the layer ``features`` (the mine clusters: points of kind ``mine``, each
against the piece it rides on) and the layer ``figures`` (a point per model with its
``side``, ``unit`` profile, ``squad``, ``facing`` and, for one model a squad, ``leader``).
The sizes are balanced (P-1: as many pieces of each size) and the figures stand where P-3
lets them deploy: the runners' whole bases at least 48 inches from the Arrival, the
pursuers' too and at least 12 inches (base to base) from every runner.

The output is the same on every run. Once written, the maps are ordinary Tiled maps: edit
them in Tiled; run this again only to start them afresh (it overwrites hand edits).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

from tiled_inches import XY, Value, map_text, shape_object

ROOT = Path(__file__).resolve().parents[1]


@dataclass(frozen=True)
class Block:
    """A terrain piece: ``shape`` "rect" or "ellipse" (``box``: x, y, w, h) or "poly" (the
    points), its size (1-3) and whether it is a ruin."""

    name: str
    kind: str
    size: int
    ruined: bool
    shape: str
    box: tuple[float, float, float, float] = (0, 0, 0, 0)
    points: tuple[XY, ...] = ()


@dataclass(frozen=True)
class Mine:
    """A mine cluster: a point against a piece."""

    name: str
    at: XY


@dataclass(frozen=True)
class Model:
    """A figure: a point with its side, profile, squad and facing."""

    name: str
    side: str
    unit: str
    squad: str
    at: XY
    facing: float
    leader: bool = False


@dataclass(frozen=True)
class TrackMap:
    title: str
    width: int
    height: int
    arrival: str
    street: tuple[XY, ...]
    blocks: tuple[Block, ...]
    mines: tuple[Mine, ...]
    models: tuple[Model, ...]


def rect(name: str, kind: str, size: int, ruined: bool, x: float, y: float, w: float,
         h: float) -> Block:
    return Block(name, kind, size, ruined, "rect", (x, y, w, h))


def oval(name: str, kind: str, size: int, ruined: bool, x: float, y: float, w: float,
         h: float) -> Block:
    return Block(name, kind, size, ruined, "ellipse", (x, y, w, h))


def ruin(name: str, kind: str, size: int, x: float, y: float, w: float, h: float, *,
         street_above: bool = False) -> Block:
    """A ruin: the box ``x, y, w, h`` with its right-hand corner on the street's side
    broken off (bottom right, or top right when the street runs above it), 0.3 of its
    shorter side each way."""
    c = round(min(w, h) * 0.3, 2)
    if street_above:
        pts = ((x, y), (x + w - c, y), (x + w, y + c), (x + w, y + h), (x, y + h))
    else:
        pts = ((x, y), (x + w, y), (x + w, y + h - c), (x + w - c, y + h), (x, y + h))
    return Block(name, kind, size, True, "poly", points=pts)


def squad(side: str, key: str, units: Sequence[tuple[str, str]], spots: Sequence[XY],
          facing: float, leader: bool) -> tuple[Model, ...]:
    """A squad of ``units`` (name, profile) standing on ``spots`` in order, all facing
    ``facing`` degrees; the first model leads it if ``leader``."""
    assert len(spots) >= len(units), key
    return tuple(Model(name, side, unit, key, at, facing, leader=leader and k == 0)
                 for k, ((name, unit), at) in enumerate(zip(units, spots, strict=False)))


def grid(xs: Sequence[float], ys: Sequence[float]) -> list[XY]:
    """Spots column by column: every y of the first x, then of the next..."""
    return [(x, y) for x in xs for y in ys]


def riders(sergeant: str, rider: str, count: int) -> list[tuple[str, str]]:
    """A squadron: its sergeant and ``count - 1`` riders."""
    return [(f"{sergeant}", "rider_sergeant")] + [
        (f"{rider} {k}", "scout_rider") for k in range(1, count)]


# ============================================================================ the maps
# Pursuit: the Arrival is the right edge; the scouts deploy at the far (left) end and ride
# for it, the hunters close behind them; four mine clusters wait against the pieces on the
# way. As much terrain as the street leaves room for (P-1), seven pieces of each size, ruins
# and intact buildings, on both sides of the street, at least 3.5 inches clear of it.
PURSUIT = TrackMap(
    title="Pursuit", width=72, height=24, arrival="right",
    street=((0, 12), (8, 10.5), (16, 13.5), (24, 11), (32, 9.5), (40, 12.5), (48, 14.5),
            (56, 12), (64, 10), (72, 11.5)),
    blocks=(
        ruin("Ruined hab", "hab", 2, 1, 0.5, 5.5, 5.5),
        oval("Rubble heap", "rubble", 1, True, 8, 0.5, 3.5, 6.5),
        rect("Hab block", "hab block", 3, False, 13.5, 0.5, 6.5, 8),
        rect("Shrine", "shrine", 1, False, 21.5, 0.5, 3.5, 6.5),
        rect("Chapel", "chapel", 2, False, 26.5, 0.5, 5.5, 5.5),
        ruin("Ruined manufactorum", "manufactorum", 3, 34, 0.5, 6.5, 6),
        oval("Wreck", "wreck", 1, True, 42, 0.5, 3.5, 8),
        ruin("Collapsed tower", "tower", 2, 47, 0.5, 5.5, 8),
        rect("Hab stack", "hab block", 3, False, 54, 0.5, 6.5, 6.5),
        ruin("Barricade", "barricade", 1, 62.5, 0.5, 3.5, 6),
        rect("Statue plinth", "plinth", 1, False, 67.5, 0.5, 3.5, 6.5),
        rect("Guard post", "guard post", 2, False, 1, 16.5, 5.5, 7),
        ruin("Ruined tenement", "tenement", 3, 8, 16.5, 6.5, 7, street_above=True),
        oval("Crater rubble", "rubble", 1, True, 16.5, 17, 3.5, 6.5),
        ruin("Fallen archway", "archway", 2, 21.5, 15.5, 5.5, 8, street_above=True),
        rect("Fortified hab", "hab block", 3, False, 28.5, 15.5, 6.5, 8),
        ruin("Gutted shop", "shop", 2, 37, 17, 5.5, 6.5, street_above=True),
        ruin("Burnt-out depot", "depot", 3, 44, 18, 6.5, 5.5, street_above=True),
        oval("Debris", "rubble", 1, True, 52, 17, 3.5, 6.5),
        rect("Market hall", "market", 2, False, 57.5, 15.5, 5.5, 8),
        rect("Bastion", "bastion", 3, False, 64.5, 15.5, 6.5, 8),
    ),
    mines=(
        Mine("Cluster A", (29, 6.7)),
        Mine("Cluster B", (39.5, 16.3)),
        Mine("Cluster C", (49.5, 9.2)),
        Mine("Cluster D", (60, 14.8)),
    ),
    models=(
        *squad("scouts", "scouts", riders("Scout sergeant", "Scout", 5),
               [(20.5, 12), (20.5, 9.5), (20.5, 14.5), (23, 8.5), (23, 13.5)], 0, True),
        *squad("hunters", "hunters", [(f"Hunter {k}", "winged_hunter") for k in range(1, 13)],
               grid((1.5, 4, 6.5), (7.5, 10, 12.5, 15)), 0, False),
    ),
)

# Riders and drones (the seed's own variant): a squadron of riders flees a flight of gun
# drones down a longer street whose Arrival is the left edge; three clusters of simple
# mines. Seven pieces of each size.
RIDERS = TrackMap(
    title="Riders and drones", width=80, height=24, arrival="left",
    street=((0, 12), (10, 14), (20, 10.5), (30, 13), (40, 15), (50, 12), (60, 9.5),
            (70, 12.5), (80, 11)),
    blocks=(
        rect("Checkpoint", "checkpoint", 1, False, 1, 0.5, 3.5, 8),
        ruin("Ruined chapel", "chapel", 2, 7.5, 0.5, 5.5, 8),
        rect("Barracks", "barracks", 3, False, 16, 0.5, 6.5, 6.5),
        oval("Burnt transport", "wreck", 1, True, 25, 0.5, 3.5, 7.5),
        rect("Signal tower", "tower", 2, False, 31.5, 0.5, 5.5, 8),
        ruin("Shattered hab", "hab", 3, 40, 0.5, 6.5, 8),
        ruin("Sandbags", "barricade", 1, 49.5, 0.5, 3.5, 7),
        ruin("Fuel depot", "depot", 2, 55.5, 0.5, 5.5, 5.5),
        rect("Command bunker", "bunker", 3, False, 64, 0.5, 6.5, 5.5),
        rect("Relay station", "relay", 2, False, 73.5, 0.5, 5.5, 5.5),
        ruin("Ruined shop", "shop", 2, 1, 17, 5.5, 6.5, street_above=True),
        oval("Crater", "rubble", 1, True, 8.5, 17.5, 3.5, 6),
        rect("Tenement", "tenement", 3, False, 14.5, 16, 6.5, 7.5),
        ruin("Ruined archive", "archive", 3, 23, 16.5, 6.5, 7, street_above=True),
        ruin("Collapsed wall", "wall", 1, 31.5, 18, 3.5, 5.5, street_above=True),
        ruin("Refinery ruin", "refinery", 2, 37, 18.5, 5.5, 5, street_above=True),
        ruin("Power plant", "plant", 3, 45, 17.5, 6.5, 6, street_above=True),
        rect("Statue", "statue", 1, False, 53.5, 15.5, 3.5, 8),
        rect("Guard tower", "tower", 2, False, 59, 17, 5.5, 6.5),
        oval("Rubble", "rubble", 1, True, 67, 17, 3.5, 6.5),
        rect("Fortress gate", "gate", 3, False, 72.5, 17, 6.5, 6.5),
    ),
    mines=(
        Mine("Mines A", (10, 9.2)),
        Mine("Mines B", (26, 15.8)),
        Mine("Mines C", (34, 9.2)),
    ),
    models=(
        *squad("riders", "riders", riders("Rider sergeant", "Rider", 5),
               [(50, 12.5), (50, 10), (50, 15), (52.5, 9), (52.5, 13.5)], 180, True),
        *squad("drones", "drones", [(f"Drone {k}", "gun_drone") for k in range(1, 9)],
               grid((67, 69.5), (8, 10.5, 13, 15.5)), 180, False),
    ),
)

# The upright test track: the Arrival is the bottom edge of a 24 x 60 inch table, for the
# views and rules that must not assume a table laid left to right.
UPRIGHT = TrackMap(
    title="Upright track", width=24, height=60, arrival="bottom",
    street=((12, 0), (10, 15), (14, 30), (11, 45), (12, 60)),
    blocks=(
        rect("Rubble", "rubble", 1, True, 2, 4, 3, 3),
        rect("Ruin", "ruin", 2, True, 17, 20, 5, 5),
        rect("Hab", "hab block", 3, False, 1, 34, 6, 7),
    ),
    mines=(Mine("Cluster", (19.5, 25.7)),),
    models=(
        Model("Scout", "scouts", "scout_rider", "scouts", (4, 11), 270, leader=True),
        Model("Hunter", "hunters", "winged_hunter", "hunters", (20, 1), 270),
    ),
)

MAPS = {"pursuit": PURSUIT, "riders_and_drones": RIDERS, "test/track_upright": UPRIGHT}


# ============================================================================ writing
def _block(oid: int, b: Block) -> str:
    return shape_object(oid, b.name, b.shape,
                        {"kind": b.kind, "ruined": b.ruined, "size": b.size},
                        points=b.points, box=b.box)


def _mine(oid: int, m: Mine) -> str:
    return shape_object(oid, m.name, "point", {"kind": "mine"}, points=(m.at,))


def _model(oid: int, m: Model) -> str:
    props: dict[str, Value] = {"facing": float(m.facing), "side": m.side, "squad": m.squad,
                               "unit": m.unit}
    if m.leader:
        props["leader"] = True
    return shape_object(oid, m.name, "point", props, points=(m.at,))


def tmx(track: TrackMap) -> str:
    """The map's text, as Tiled 1.8 saves it."""
    first = 2
    blocks = [_block(k, b) for k, b in enumerate(track.blocks, start=first)]
    first += len(blocks)
    mines = [_mine(k, m) for k, m in enumerate(track.mines, start=first)]
    first += len(mines)
    models = [_model(k, m) for k, m in enumerate(track.models, start=first)]
    street = shape_object(1, "Street", "line", {}, points=track.street)
    return map_text(track.width, track.height, "#5a5a50",
                    {"arrival": track.arrival, "title": track.title},
                    list(zip(("street", "terrain", "features", "figures"),
                             ("#c0b090", "#3a2a1a", "#c05030", "#000000"),
                             ([street], blocks, mines, models), strict=True)))


def main() -> None:
    for key, track in MAPS.items():
        path = ROOT / "maps" / f"{key}.tmx"
        path.write_text(tmx(track), encoding="utf-8")
        print(f"wrote {path.relative_to(ROOT)}")


if __name__ == "__main__":
    main()
