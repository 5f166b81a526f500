"""Write the shipped sewer maps of the Flash Flood (seed 001: maps/charges_in_the_nest.tmx
and maps/storm_drain.tmx) as Tiled maps, the way Tiled 1.8 saves them.

    python tools/make_sewer_maps.py

Everything is written in inches below and becomes Tiled objects at 32 map pixels per
inch: the layer ``corridors`` (a polyline along each corridor's middle, with its float
``width``), the layer ``features`` (the flood's origin, gantries, grates, sluices,
cave-ins and the nest, each with its ``kind``) and the layer ``figures`` (a point per
model with its ``side``, ``unit`` profile, ``squad`` and, for one model a squad,
``leader``). The output is the same on every run. Once written, the maps are ordinary
Tiled maps: edit them in Tiled; run this again only to start them afresh (it overwrites
hand edits).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path

from tiled_inches import XY, Value, map_text, shape_object

ROOT = Path(__file__).resolve().parents[1]


@dataclass(frozen=True)
class Tunnel:
    """A corridor: its centre line and width, in inches."""

    name: str
    width: float
    points: tuple[XY, ...]


@dataclass(frozen=True)
class Mark:
    """A feature: ``shape`` "point" (one point), "rect" or "ellipse" (``box``: x, y, w,
    h) or "poly" / "line" (the points)."""

    name: str
    kind: str
    shape: str
    points: tuple[XY, ...] = ()
    box: tuple[float, float, float, float] = (0, 0, 0, 0)
    properties: dict[str, Value] = field(default_factory=dict)


@dataclass(frozen=True)
class Model:
    """A figure: a point with its side, profile and squad."""

    name: str
    side: str
    unit: str
    squad: str
    at: XY
    leader: bool = False


@dataclass(frozen=True)
class SewerMap:
    title: str
    width: int
    height: int
    tunnels: tuple[Tunnel, ...]
    marks: tuple[Mark, ...]
    models: tuple[Model, ...]


def squad(side: str, key: str, units: Sequence[tuple[str, str]], spots: Sequence[XY],
          ) -> tuple[Model, ...]:
    """A squad of ``units`` (name, profile) standing on ``spots`` in order; the first
    model leads it."""
    assert len(spots) >= len(units), key
    return tuple(Model(name, side, unit, key, at, leader=k == 0)
                 for k, ((name, unit), at) in enumerate(zip(units, spots, strict=False)))


def grid(xs: Sequence[float], ys: Sequence[float]) -> list[XY]:
    """Spots column by column: every y of the first x, then of the next..."""
    return [(x, y) for x in xs for y in ys]


def troopers(letter: str, flamer: bool) -> list[tuple[str, str]]:
    """A trooper squad: a sergeant and four troopers, one of them with the flamer."""
    out = [(f"Sergeant {letter}", "sergeant")]
    out += [(f"Trooper {letter}{k}", "trooper") for k in range(1, 4 if flamer else 5)]
    if flamer:
        out.append((f"Flamer {letter}", "flamer_trooper"))
    return out


def brood(letter: str, size: int) -> list[tuple[str, str]]:
    """A brood of ``size`` brood creatures, the first of them its leader.

    F-10: seed 001 plays the flood in the Combat Patrol format, which fields no model
    with more than 2 wounds (and leaves out a character over the limit), so the shipped
    sewer maps field no brood leader (profiles.toml: 3 wounds). With the great leaders
    the normal troopers won 0.5 % of Charges in the nest and 16 % of the Storm drain
    against the normal swarm (400 games each); the balance lab chose each map's way out:
    Charges in the nest leaves the two out (50.5 % troopers, 400 games from seed 2000;
    a brood creature in each one's place: 29 %), the Storm drain's brood keeps its five
    with a brood creature leading (50.5 %; its leader left out: 62.5 %)."""
    return [(f"Brood {letter}{k}", "brood") for k in range(1, size + 1)]


def swarm(size: int, tag: str = "") -> list[tuple[str, str]]:
    return [(f"Swarm {tag}{k}", "swarm") for k in range(1, size + 1)]


# ============================================================================ the maps
# Charges in the nest: the flood's origin in the top-left corner; the troopers come in
# from the west edge along the Entry; the nest lies at the far east end of the winding
# Nest tunnel, held by a swarm and two broods.
NEST = SewerMap(
    title="Charges in the nest", width=48, height=36,
    tunnels=(
        Tunnel("Outfall", 4, ((3, 4), (38, 4), (38, 14))),
        Tunnel("West shaft", 4, ((11, 4), (11, 27))),
        Tunnel("Entry", 4, ((1, 27), (17, 27), (17, 31), (35, 31), (35, 28))),
        Tunnel("Crossway", 3.5, ((11, 14), (44, 14))),
        Tunnel("Nest tunnel", 4.5, ((26, 14), (26, 21), (35, 21), (35, 28), (44, 28))),
    ),
    marks=(
        Mark("Outfall", "origin", "point", ((4, 4),)),
        Mark("Catwalk", "gantry", "rect", box=(39, 12.35, 4.6, 1.5)),
        Mark("Ledge", "gantry", "rect", box=(28, 18.85, 5.5, 1.5)),
        Mark("Grate", "grate", "line", ((18, 12.25), (18, 15.75))),
        Mark("Sluice", "sluice", "line", ((31, 12.25), (31, 15.75))),
        Mark("Nest", "nest", "rect", box=(37.5, 26.25, 4, 3.5),
             properties={"charges": 2}),
    ),
    models=(
        *squad("troopers", "alpha", troopers("A", flamer=False),
               grid((13.4, 14.6, 15.8), (26, 28))),
        *squad("troopers", "bravo", troopers("B", flamer=True),
               grid((18.6, 19.8, 21.0), (30, 32))),
        *squad("swarm", "swarm", swarm(8), grid((25.4, 26.6), (15.5, 16.7, 17.9, 19.1))),
        *squad("swarm", "brood_a", brood("A", 2), [(40.7, 26.8), (40.7, 29.2)]),
        *squad("swarm", "brood_b", brood("B", 2), [(32.2, 20), (32.2, 22)]),
    ),
)

# Storm drain: a cross of two wide drains meeting at the centre, where the flood starts
# (F-1: resolved half by half); a loop on each side joins an arm to the next, and a spur
# and a settling tank are dead ends. The troopers hold the west end, the swarm the east.
STORM = SewerMap(
    title="Storm drain", width=48, height=36,
    tunnels=(
        Tunnel("West drain", 5, ((1, 18), (24, 18))),
        Tunnel("East drain", 5, ((24, 18), (47, 18))),
        Tunnel("North drain", 5, ((24, 1), (24, 18))),
        Tunnel("South drain", 5, ((24, 18), (24, 35))),
        Tunnel("West loop", 3, ((8, 18), (8, 8), (24, 8))),
        Tunnel("East loop", 3, ((40, 18), (40, 28), (24, 28))),
        Tunnel("Overflow", 3, ((32, 18), (32, 10), (40, 10))),
        Tunnel("Settling tank", 3.5, ((16, 18), (16, 27), (9, 27))),
    ),
    marks=(
        Mark("Crossing", "origin", "point", ((24, 18),)),
        Mark("West walkway", "gantry", "rect", box=(11, 15.6, 4, 1.4)),
        Mark("Tank ledge", "gantry", "rect", box=(9.5, 25.35, 4, 1.2)),
        Mark("Pump platform", "gantry", "rect", box=(36.5, 8.55, 3.4, 2.9)),
        Mark("East walkway", "gantry", "rect", box=(29, 26.6, 5, 1.3)),
        Mark("Cave-in", "cave-in", "poly", ((6.5, 11.5), (9.5, 12), (9.5, 13.6),
                                            (6.5, 13.2))),
        Mark("Grate", "grate", "line", ((21.5, 31), (26.5, 31))),
    ),
    models=(
        *squad("troopers", "alpha", troopers("A", flamer=False),
               grid((1.8, 3.0), (16.3, 18, 19.7))),
        *squad("troopers", "bravo", troopers("B", flamer=True),
               grid((4.2, 5.4), (16.3, 18, 19.7))),
        *squad("swarm", "swarm", swarm(7), grid((46.2, 45, 43.8), (16.3, 18, 19.7))),
        *squad("swarm", "brood", brood("", 5),
               [(42.6, 18), (42.6, 16.3), (42.6, 19.7), (41.4, 16.3), (41.4, 19.7)]),
    ),
)

MAPS = {"charges_in_the_nest": NEST, "storm_drain": STORM}


# ============================================================================ writing
def _tunnel(oid: int, t: Tunnel) -> str:
    return shape_object(oid, t.name, "line", {"width": float(t.width)}, points=t.points)


def _mark(oid: int, m: Mark) -> str:
    return shape_object(oid, m.name, m.shape, {"kind": m.kind, **m.properties},
                        points=m.points, box=m.box)


def _model(oid: int, m: Model) -> str:
    props: dict[str, Value] = {"side": m.side, "squad": m.squad, "unit": m.unit}
    if m.leader:
        props["leader"] = True
    return shape_object(oid, m.name, "point", props, points=(m.at,))


def tmx(sewer: SewerMap) -> str:
    """The map's text, as Tiled 1.8 saves it."""
    objects = ([_tunnel(k, t) for k, t in enumerate(sewer.tunnels, start=1)],
               [_mark(k, m) for k, m in enumerate(sewer.marks, start=len(sewer.tunnels) + 1)],
               [_model(k, m) for k, m in enumerate(
                   sewer.models, start=len(sewer.tunnels) + len(sewer.marks) + 1)])
    return map_text(sewer.width, sewer.height, "#2b2b30", {"title": sewer.title},
                    list(zip(("corridors", "features", "figures"),
                             ("#6a7a8a", "#c05030", "#000000"), objects, strict=True)))


def main() -> None:
    for key, sewer in MAPS.items():
        path = ROOT / "maps" / f"{key}.tmx"
        path.write_text(tmx(sewer), encoding="utf-8")
        print(f"wrote {path.relative_to(ROOT)}")


if __name__ == "__main__":
    main()
