"""Write the shipped table maps (maps/backyard.tmx, maps/ruined_village.tmx) and the small
tables of the rule demos (maps/test/rooftops.tmx, maps/test/firing_range.tmx) as Tiled
maps.

    python tools/make_table_maps.py

Each piece is written in units (inches) below and becomes a Tiled object in the object
layer ``terrain`` at 32 map pixels per inch. Once written, the maps are ordinary Tiled
maps: edit them in Tiled; run this again only to start them afresh.
"""

from __future__ import annotations

from pathlib import Path
from xml.sax.saxutils import quoteattr

ROOT = Path(__file__).resolve().parents[1]
PX = 32
"""Map pixels per inch (the map property ``inch``)."""

# (name, kind, shape, geometry, ht or None, traits or None)
#   rect: (x, y, w, h); ellipse: (x, y, w, h) of its box; poly/line: [(x, y), ...]
BACKYARD = [
    ("Shed", "building", "rect", (15, 3, 9, 7), 3,
     "blocking, impassable, hard cover, vantage"),
    ("Shed ladder", "ladder", "rect", (20.4, 9.2, 1.2, 1.6), None, None),
    ("Doghouse", "building", "rect", (9, 1.5, 4, 3.5), 3, None),
    ("Crates", "obstacle", "rect", (7, 13, 4, 3), 3, None),
    ("Crate stack", "obstacle", "rect", (29, 18.5, 5, 3), 4, None),
    ("Toy box", "obstacle", "rect", (30.5, 4, 4, 3), 3, None),
    ("Wheelbarrow", "obstacle", "rect", (27, 14, 3, 2), 2, None),
    ("Woodpile", "obstacle", "rect", (26, 26, 7, 2.5), 2, None),
    ("Hose reel", "obstacle", "ellipse", (40.5, 26.5, 2, 2), 2, None),
    ("Compost heap", "obstacle", "ellipse", (2, 4, 4, 3.5), 2, None),
    ("Flowerbed", "rough", "poly", [(2, 21), (13, 21.5), (13.5, 27.5), (1.5, 28)], None, None),
    ("Vegetable patch", "rough", "rect", (36, 2, 6, 7), None, None),
    ("Rockery", "rough", "rect", (39, 12, 4, 5), None, None),
    ("Long grass", "rough", "rect", (16.5, 12, 4.5, 3), None, None),
    ("Puddle", "deep_water", "ellipse", (19, 16, 6, 4), None, None),
    ("Hedge", "forest", "poly", [(15, 24), (25, 23.5), (25.5, 28.5), (15.5, 29)], 3, None),
    ("Rose bush", "forest", "ellipse", (37, 21, 5, 5), 3, None),
    ("Bushes", "forest", "ellipse", (0.5, 15, 5, 5), 2, None),
    ("Apple tree", "trees", "ellipse", (25, 10.5, 3, 3), 6, None),
    ("Picket fence", "fence", "line", [(34, 10.5), (34, 17.5)], None, None),
    ("Garden wall", "wall", "line", [(5, 8), (5, 14)], None, None),
    ("Trellis", "fence", "line", [(10, 19), (16, 19)], None, None),
]

VILLAGE = [
    ("Old forest", "forest", "poly", [(2, 2), (15, 1.5), (17, 9), (12, 14), (3, 12)], None, None),
    ("Oak", "trees", "ellipse", (6, 5, 2.5, 2.5), None, None),
    ("Elm", "trees", "ellipse", (11, 8, 2, 2), None, None),
    ("Thicket", "forest", "ellipse", (20, 2, 5, 5), 3, None),
    ("Caustic pool", "caustic_pool", "ellipse", (30, 26, 7, 5), None, None),
    ("Pond", "deep_water", "ellipse", (3, 31, 5, 4), None, None),
    ("Ruined hall", "ruin", "rect", (20, 12, 10, 8), 3, None),
    ("Hall door", "door", "rect", (24.1, 19.4, 1.8, 1.2), None, None),
    ("Hall gap", "door", "rect", (19.4, 15.1, 1.2, 1.8), None, None),
    ("Watchtower", "building", "rect", (36, 5, 6, 6), 5,
     "blocking, impassable, hard cover, vantage"),
    ("Tower ladder", "ladder", "rect", (35.4, 7.3, 1.2, 1.4), None, None),
    ("Chapel", "building", "rect", (39, 29, 7, 6), 5, None),
    ("Rubble", "rough", "poly", [(8, 22), (16, 21), (18, 27), (10, 30)], None, None),
    ("Well", "obstacle", "ellipse", (32, 16, 2.4, 2.4), 2, None),
    ("Cart", "obstacle", "rect", (12, 16.5, 4, 2), 2, None),
    ("Haystack", "obstacle", "ellipse", (27, 3, 3, 3), 3, None),
    ("Hayrick", "obstacle", "ellipse", (44, 12, 3, 3), 3, None),
    ("Market stall", "obstacle", "rect", (30, 21, 5, 2), 2, None),
    ("Standing stone", "obstacle", "ellipse", (17.5, 31, 2.5, 2.5), 4, None),
    ("Mire", "rough", "ellipse", (37.5, 17.5, 7, 7), None, None),
    ("Reed bed", "rough", "rect", (9, 33, 6, 2.5), None, None),
    ("Ruined wall", "wall", "line", [(25, 24), (25, 31), (21, 33)], None, None),
    ("Old wall", "wall", "line", [(40, 15), (46, 15)], None, None),
    ("Barbed wire", "barbed_wire", "line", [(2, 17), (8, 18)], None, None),
    ("Hedgerow", "forest", "rect", (44, 19, 3.5, 7), 2, None),
    ("Boulders", "obstacle", "ellipse", (3, 25, 3, 3), 3, None),
]

# The demos of G-5, G-6 and G-7: a cliff (Ht 4) beside a row of roofs of Ht 6, 3 and 5,
# each with a way up, so minis may be deployed on top (G-2).
ROOFTOPS = [
    ("Cliff", "vantage", "rect", (3, 0, 6, 8), 4, "vantage, impassable, blocking"),
    ("Cliff path", "stairs", "rect", (3.6, 7.4, 1.2, 1.2), None, None),
    ("Tower", "vantage", "rect", (11, 0, 4, 5), 6,
     "vantage, impassable, blocking, hard cover"),
    ("Tower ladder", "ladder", "rect", (12.4, 4.4, 1.2, 1.2), None, None),
    ("Shed", "vantage", "rect", (15, 0, 5, 5), 3, "vantage, impassable, blocking, hard cover"),
    ("Shed ladder", "ladder", "rect", (17.4, 4.4, 1.2, 1.2), None, None),
    ("Barn", "vantage", "rect", (21, 0, 6, 6), 5, "vantage, impassable, blocking, hard cover"),
    ("Barn ladder", "ladder", "rect", (23.4, 5.4, 1.2, 1.2), None, None),
    ("Haystack", "obstacle", "ellipse", (6, 12, 3, 2.5), 2, None),
    ("Ditch", "rough", "rect", (14, 10, 9, 2), None, None),
]

# The demos of K-5..K-8: a firing range with a fence, a low wall and a stack of crates.
FIRING_RANGE = [
    ("Fence", "fence", "line", [(16, 1), (16, 6)], None, None),
    ("Low wall", "wall", "line", [(16, 8), (16, 13)], None, None),
    ("Crates", "obstacle", "rect", (16.5, 6, 2, 2), 3, None),
]

MAPS = {
    "backyard": ("Backyard", 44, 30, BACKYARD),
    "ruined_village": ("Ruined village", 48, 36, VILLAGE),
}
TEST_MAPS = {
    "rooftops": ("Rooftops", 32, 16, ROOFTOPS),
    "firing_range": ("Firing range", 26, 14, FIRING_RANGE),
}


def _props(kind: str, ht: int | None, traits: str | None) -> str:
    """Custom properties in Tiled's own order (by name), so Tiled saves the map as is."""
    out = []
    if ht is not None:
        out.append(f'    <property name="ht" type="int" value="{ht}"/>')
    out.append(f'    <property name="kind" value="{kind}"/>')
    if traits is not None:
        out.append(f'    <property name="traits" value="{traits}"/>')
    return "   <properties>\n" + "\n".join(out) + "\n   </properties>\n"


def _num(v: float) -> str:
    return f"{v * PX:g}"


def _object(oid: int, piece: tuple) -> str:
    name, kind, shape, geo, ht, traits = piece
    head = f'  <object id="{oid}" name={quoteattr(name)}'
    props = _props(kind, ht, traits)
    if shape in ("rect", "ellipse"):
        x, y, w, h = geo
        inner = props + ("   <ellipse/>\n" if shape == "ellipse" else "")
        return (f'{head} x="{_num(x)}" y="{_num(y)}" width="{_num(w)}" height="{_num(h)}">\n'
                f"{inner}  </object>\n")
    x0, y0 = geo[0]
    pts = " ".join(f"{_num(x - x0)},{_num(y - y0)}" for x, y in geo)
    tag = "polygon" if shape == "poly" else "polyline"
    return (f'{head} x="{_num(x0)}" y="{_num(y0)}">\n{props}   <{tag} points="{pts}"/>\n'
            f"  </object>\n")


def tmx(title: str, width: int, height: int, pieces: list[tuple]) -> str:
    objects = "".join(_object(k + 1, p) for k, p in enumerate(pieces))
    return f"""<?xml version="1.0" encoding="UTF-8"?>
<map version="1.8" tiledversion="1.8.2" orientation="orthogonal" renderorder="right-down" \
width="{width}" height="{height}" tilewidth="{PX}" tileheight="{PX}" infinite="0" \
backgroundcolor="#5f8a46" nextlayerid="2" nextobjectid="{len(pieces) + 1}">
 <properties>
  <property name="inch" type="float" value="{PX}"/>
  <property name="title" value={quoteattr(title)}/>
 </properties>
 <objectgroup color="#3a2a1a" id="1" name="terrain">
{objects} </objectgroup>
</map>
"""


def main() -> None:
    for folder, maps in ((ROOT / "maps", MAPS), (ROOT / "maps" / "test", TEST_MAPS)):
        for key, (title, w, h, pieces) in maps.items():
            path = folder / f"{key}.tmx"
            path.write_text(tmx(title, w, h, pieces), encoding="utf-8")
            print(f"wrote {path.relative_to(ROOT)}")


if __name__ == "__main__":
    main()
