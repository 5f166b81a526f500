"""Write the shipped zone maps (maps/farmhouse.tmx, maps/open_field.tmx) and the small
maps of the rule demos (maps/test/paddocks.tmx, maps/test/fire_wall.tmx) as Tiled maps.

    python tools/make_zone_maps.py

The maps are ordinary Tiled files (open them in Tiled, edit, save); this script only
spares drawing them by hand and keeps shared borders exact: each border is written once
and used by the zones on both sides. Running it again overwrites hand edits.
Check a written map with Tiled itself:

    QT_QPA_PLATFORM=offscreen tiled --export-map json maps/farmhouse.tmx /tmp/f.json
    QT_QPA_PLATFORM=offscreen tmxrasterizer maps/farmhouse.tmx /tmp/f.png
"""

from __future__ import annotations

from pathlib import Path
from xml.sax.saxutils import quoteattr

ROOT = Path(__file__).resolve().parents[1]
MAPS = ROOT / "maps"
TILE = 32
SCALE = (1440 / 1280, 768 / 896)
"""From the 1280 x 896 sketch to the 1440 x 768 map."""

Pt = tuple[int, int]


class Writer:
    """Collects objects by layer and writes one orthogonal Tiled map.

    The maps are drawn on a 1280 x 896 sketch and written scaled by ``scale`` (their
    shape suits the window's board area, wider than tall)."""

    def __init__(self, title: str, width: int, height: int,
                 scale: tuple[float, float] = (1.0, 1.0)) -> None:
        self.title, self.width, self.height = title, width, height
        self.scale = scale
        self.layers: dict[str, list[str]] = {}
        self.next_id = 1

    def _s(self, p: Pt) -> Pt:
        return round(p[0] * self.scale[0]), round(p[1] * self.scale[1])

    def _props(self, props: dict[str, object]) -> str:
        if not props:
            return ""
        rows = []
        for k, v in sorted(props.items()):
            if isinstance(v, bool):
                rows.append(f'<property name="{k}" type="bool" value="{str(v).lower()}"/>')
            elif isinstance(v, int):
                rows.append(f'<property name="{k}" type="int" value="{v}"/>')
            else:
                rows.append(f'<property name="{k}" value={quoteattr(str(v))}/>')
        return "\n   <properties>\n    " + "\n    ".join(rows) + "\n   </properties>"

    def _add(self, layer: str, body: str) -> None:
        self.layers.setdefault(layer, []).append(body)

    def polygon(self, layer: str, name: str, pts: list[Pt], **props: object) -> None:
        pts = [self._s(p) for p in pts]
        x0, y0 = pts[0]
        rel = " ".join(f"{x - x0},{y - y0}" for x, y in pts)
        oid = self.next_id
        self.next_id += 1
        self._add(layer, f'  <object id="{oid}" name={quoteattr(name)} x="{x0}" y="{y0}">'
                         f'{self._props(props)}\n   <polygon points="{rel}"/>\n  </object>')

    def polyline(self, layer: str, name: str, pts: list[Pt], **props: object) -> None:
        pts = [self._s(p) for p in pts]
        x0, y0 = pts[0]
        rel = " ".join(f"{x - x0},{y - y0}" for x, y in pts)
        oid = self.next_id
        self.next_id += 1
        self._add(layer, f'  <object id="{oid}" name={quoteattr(name)} x="{x0}" y="{y0}">'
                         f'{self._props(props)}\n   <polyline points="{rel}"/>\n  </object>')

    def rect(self, layer: str, name: str, x: int, y: int, w: int, h: int,
             **props: object) -> None:
        (x, y), (x1, y1) = self._s((x, y)), self._s((x + w, y + h))
        w, h = x1 - x, y1 - y
        oid = self.next_id
        self.next_id += 1
        head = (f'  <object id="{oid}" name={quoteattr(name)} x="{x}" y="{y}" width="{w}" '
                f'height="{h}"')
        self._add(layer, head + (f">{self._props(props)}\n  </object>" if props else "/>"))

    def point(self, layer: str, name: str, x: int, y: int, **props: object) -> None:
        x, y = self._s((x, y))
        oid = self.next_id
        self.next_id += 1
        self._add(layer, f'  <object id="{oid}" name={quoteattr(name)} x="{x}" y="{y}">'
                         f'{self._props(props)}\n   <point/>\n  </object>')

    def write(self, path: Path) -> None:
        colours = {"zones": "#a0a0a4", "bottlenecks": "#e69f00", "obstacles": "#d55e00",
                   "figures": "#56b4e9"}
        parts = []
        for k, (name, objs) in enumerate(self.layers.items(), start=1):
            parts.append(f' <objectgroup color="{colours[name]}" id="{k}" name="{name}">\n'
                         + "\n".join(objs) + "\n </objectgroup>")
        text = (
            '<?xml version="1.0" encoding="UTF-8"?>\n'
            f'<map version="1.8" tiledversion="1.8.2" orientation="orthogonal" '
            f'renderorder="right-down" width="{self.width}" height="{self.height}" '
            f'tilewidth="{TILE}" tileheight="{TILE}" infinite="0" '
            f'nextlayerid="{len(self.layers) + 1}" nextobjectid="{self.next_id}">\n'
            f' <properties>\n  <property name="title" value={quoteattr(self.title)}/>\n'
            ' </properties>\n' + "\n".join(parts) + "\n</map>\n")
        path.write_text(text, encoding="utf-8")
        print(f"wrote {path.relative_to(ROOT)}")


def farmhouse() -> None:
    """The seed's example: seven zones round a small farm; the farmhouse (bottom left)
    has three neighbours, joined to it by bottlenecks of 2, 3 and 2."""
    w = Writer("The Farmhouse", 45, 24, SCALE)
    a, b, c = (0, 0), (600, 0), (1280, 0)
    d, e, f = (0, 330), (280, 320), (600, 330)
    g, lane_top = (1280, 360), (880, 350)
    h, i, j, k = (0, 560), (280, 560), (440, 560), (860, 560)
    m, n, p, q = (440, 896), (0, 896), (860, 896), (1280, 896)
    w.polygon("zones", "Field", [a, b, f, e, d], terrain="crops", visibility=-1)
    w.polygon("zones", "Pasture", [b, c, g, lane_top, f], terrain="grass")
    w.polygon("zones", "Garden", [d, e, i, h], terrain="garden", move=-1)
    w.polygon("zones", "Barnyard", [e, f, lane_top, k, j, i], terrain="mud", move=-2)
    w.polygon("zones", "House", [h, i, j, m, n], terrain="floor", visibility=-2,
              stacking=10)
    w.polygon("zones", "Yard", [j, k, p, m], terrain="dirt")
    w.polygon("zones", "Lane", [lane_top, g, q, p, k], terrain="road")
    w.rect("bottlenecks", "Back door", 100, 545, 50, 30, capacity=2, cover="soft")
    w.rect("bottlenecks", "Windows", 330, 545, 60, 30, capacity=3, cover="hard")
    w.rect("bottlenecks", "Front door", 425, 700, 30, 56, capacity=2, cover="soft")
    w.polyline("obstacles", "Hedge", [d, e], size=2, kind="hedge")
    w.polyline("obstacles", "Fence", [f, lane_top], size=1, kind="fence")
    w.rect("obstacles", "Woodpile", 560, 700, 90, 50, size=2, kind="woodpile")
    for name, unit, x, y in (("Tom", "farmer", 435, 716), ("Ada", "farmer", 435, 742),
                             ("Will", "farmer_club", 112, 565), ("Meg", "farmer", 138, 565),
                             ("Old Jack", "hunter", 360, 565)):
        w.point("figures", name, x, y, side="farmers", unit=unit)
    for name, unit, x, y in (("Snik", "goblin", 120, 120), ("Grub", "goblin", 260, 80),
                             ("Nog", "goblin", 420, 160), ("Zit", "goblin_archer", 300, 230),
                             ("Mog", "goblin", 760, 120), ("Krag", "goblin", 900, 200),
                             ("Yip", "goblin_archer", 1100, 140),
                             ("Fang", "wolf_rider", 1050, 560),
                             ("Howl", "wolf_rider", 1150, 700)):
        w.point("figures", name, x, y, side="goblins", unit=unit)
    w.write(MAPS / "farmhouse.tmx")


def open_field() -> None:
    """The seed's second battlefield: eight zones in a brick pattern, with an orchard and
    a forest (visibility), a wall and a gate (movement)."""
    w = Writer("The Open Field", 45, 24, SCALE)
    top = [(0, 310), (215, 290), (430, 305), (640, 300), (850, 300), (1060, 295),
           (1280, 300)]
    low = [(0, 600), (220, 610), (430, 595), (640, 600), (850, 605), (1060, 590),
           (1280, 600)]
    t0, t1, t2, t3, t4, t5, t6 = top
    l0, l1, l2, l3, l4, l5, l6 = low
    w.polygon("zones", "Heath", [(0, 0), (430, 0), t2, t1, t0], terrain="heath")
    w.polygon("zones", "Orchard", [(430, 0), (850, 0), t4, t3, t2], terrain="orchard",
              visibility=-2, move=-1)
    w.polygon("zones", "Hilltop", [(850, 0), (1280, 0), t6, t5, t4], terrain="hill")
    w.polygon("zones", "Forest", [t0, t1, t2, t3, l3, l2, l1, l0], terrain="forest",
              visibility=-3, move=-2, stacking=8)
    w.polygon("zones", "Common", [t3, t4, t5, t6, l6, l5, l4, l3], terrain="grass")
    w.polygon("zones", "Brook", [l0, l1, l2, (430, 896), (0, 896)], terrain="brook",
              move=-2)
    w.polygon("zones", "Meadow", [l2, l3, l4, (850, 896), (430, 896)], terrain="grass")
    w.polygon("zones", "Lane", [l4, l5, l6, (1280, 896), (850, 896)], terrain="road")
    w.rect("bottlenecks", "Gate", 722, 282, 46, 36, capacity=2, cover="soft")
    w.polyline("obstacles", "Stone wall", [t3, t4], size=3, kind="wall")
    w.polyline("obstacles", "Hill wall", [t4, t5, t6], size=3, kind="wall")
    w.polyline("obstacles", "Brambles", [t0, t1, t2], size=2, kind="brambles",
               damage="1d-3")
    w.rect("obstacles", "Thicket", 260, 400, 110, 70, size=2, kind="thicket")
    for name, unit, x, y in (("Aldric", "sergeant", 650, 760), ("Bran", "swordsman", 560, 700),
                             ("Cole", "spearman", 760, 700), ("Dunn", "spearman", 980, 720),
                             ("Elsa", "archer", 200, 760), ("Finn", "archer", 1120, 780),
                             ("Gil", "militia", 560, 820)):
        w.point("figures", name, x, y, side="wardens", unit=unit)
    for name, unit, x, y in (("Gash", "orc", 200, 120), ("Hruk", "orc", 300, 200),
                             ("Lug", "orc", 1000, 120), ("Murg", "orc_archer", 1150, 200),
                             ("Skar", "wolf_rider", 600, 100),
                             ("Vex", "wolf_rider", 720, 160)):
        w.point("figures", name, x, y, side="raiders", unit=unit)
    w.write(MAPS / "open_field.tmx")


def paddocks() -> None:
    """The demos of Z-3 and Z-6: a row of open zones for riders of MR 16, with a mire
    (move -6) at one end, so 16 - 6 = 10 is one zone without a roll and no more."""
    w = Writer("The Paddocks", 45, 15)
    top = [(0, 0), (250, 0), (560, 0), (860, 0), (1160, 0), (1440, 0)]
    low = [(0, 480), (270, 480), (580, 480), (880, 480), (1150, 480), (1440, 480)]
    mids = [(260, 250), (570, 240), (870, 245), (1155, 250)]
    names = [("Mire", "mud", -6), ("Paddock", "grass", 0), ("Lane", "road", 0),
             ("Green", "grass", 0), ("Hill", "hill", 0)]
    for k, (name, terrain, move) in enumerate(names):
        left = [top[k], *([mids[k - 1]] if k else []), low[k]]
        right = [low[k + 1], *([mids[k]] if k < len(mids) else []), top[k + 1]]
        props: dict[str, object] = {"terrain": terrain}
        if move:
            props["move"] = move
        w.polygon("zones", name, [*left, *right], **props)
    for name, side, unit, x, y in (("Ned", "riders", "courier", 400, 180),
                                   ("Wat", "riders", "courier", 420, 320),
                                   ("Hob", "riders", "courier", 130, 240),
                                   ("Gorbag", "raiders", "orc", 1300, 200),
                                   ("Shagrat", "raiders", "orc", 1300, 320)):
        w.point("figures", name, x, y, side=side, unit=unit)
    w.write(MAPS / "test" / "paddocks.tmx")


def fire_wall() -> None:
    """The demo of Z-11: a camp and a road with a fire wall of 3 hexes on their common
    boundary, and a ridge beyond."""
    w = Writer("The Fire Wall", 45, 15)
    a, b, c = (0, 0), (560, 0), (1000, 0)
    d, e, f = (0, 480), (540, 480), (1010, 480)
    mid, mid2 = (555, 240), (1000, 250)
    w.polygon("zones", "Camp", [a, b, mid, e, d], terrain="dirt")
    w.polygon("zones", "Road", [b, c, mid2, f, e, mid], terrain="road")
    w.polygon("zones", "Ridge", [c, (1440, 0), (1440, 480), f, mid2], terrain="hill")
    w.polyline("obstacles", "Fire wall", [b, mid, e], size=3, kind="fire", damage="1d6")
    for name, side, unit, x, y in (("Aldo", "wardens", "warden", 300, 110),
                                   ("Bert", "wardens", "warden", 300, 240),
                                   ("Cuth", "wardens", "warden", 300, 370),
                                   ("Gash", "raiders", "orc", 1250, 180),
                                   ("Hruk", "raiders", "orc", 1250, 320)):
        w.point("figures", name, x, y, side=side, unit=unit)
    w.write(MAPS / "test" / "fire_wall.tmx")


if __name__ == "__main__":
    farmhouse()
    open_field()
    paddocks()
    fire_wall()
