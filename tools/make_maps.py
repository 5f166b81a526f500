"""Write the shipped Tiled maps and their tilesets: ``python tools/make_maps.py``.

Outputs (all committed; the output is the same on every run):

* ``maps/tiles/levels.tsx`` + ``.png``, ``terrain.tsx`` + ``.png``: pointy hex tiles
  (56x64, side 32); ``levels_flat.tsx``, ``terrain_flat.tsx``: the same for flat hexes
  (64x56); ``levels_high.tsx`` (and ``_flat``): levels 9-16, added only to maps that
  reach above 8; ``figures.tsx`` + ``.png``: round figure markers for tile objects, drawn
  as the game draws a figure of each side (its colour and ring pattern, side 1 to 4 in
  the order a scenario lists its sides);
* ``maps/hill_fight.tmx``: the Hill fight board (20x16 pointy hexes);
* ``maps/hill_fort.tmx``: the Hill fort board (26x18): a walled fort on a hill, a river
  with a ford;
* ``maps/test/side_view.tmx``, ``flat_even.tmx``, ``pointy_even.tmx``: small test maps;
* ``maps/demos/boards/*.tmx``: small boards the rule demos set their figures on (a wall
  and a cliff, a ridge for sweeps, a tower to shoot from, a ledge for a giant).

Tile images are drawn with pygame (no display needed); the maps are written as TMX XML
the way Tiled 1.8 saves them (CSV layers, external tilesets), so they open in Tiled.
"""

from __future__ import annotations

import math
import os
import random
import sys
from dataclasses import dataclass
from pathlib import Path
from xml.sax.saxutils import quoteattr

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

import pygame  # noqa: E402

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from game.boards.hexmap import HexMap  # noqa: E402
from game.ui import palette as pal  # noqa: E402
from game.ui.tokens import GENERIC_KIND, TokenPainter  # noqa: E402

MAPS = ROOT / "maps"
TILES = MAPS / "tiles"
TILED_VERSION = 'version="1.8" tiledversion="1.8.2"'

POINTY = (56, 64, 32)
"""Tile width, tile height and hex side length of pointy maps (nearly regular hexes)."""
FLAT = (64, 56, 32)
"""The same for flat-topped maps."""
MAX_LEVEL = 8
TERRAINS: dict[str, tuple[int, int, int]] = {
    "grass": (96, 160, 64),
    "dirt": (156, 112, 64),
    "rock": (132, 128, 124),
    "sand": (230, 204, 132),
    "water": (40, 118, 206),
    "lava": (226, 72, 16),
}
"""Terrain names in tileset order, with their colours."""
MARKERS = len(pal.SIDE_COLOURS)
"""Figure markers: one per side colour of the game (palette.SIDE_COLOURS, with its ring
pattern palette.SIDE_RINGS), in side order: marker k is the k-th side a scenario lists."""
MARKER_SIZE = 40
SS = 4
"""Supersampling factor for smooth edges."""

# first gids of the three tilesets, the same in every map
LEVELS_GID = 1
TERRAIN_GID = LEVELS_GID + MAX_LEVEL + 1
FIGURES_GID = TERRAIN_GID + len(TERRAINS)
HIGH_MAX = 16
"""Levels 9 to this come from levels_high.tsx, added only to maps that need them (so the
first gids of every other map stay as they were)."""
HIGH_GID = FIGURES_GID + MARKERS


# ============================================================================ drawing
def hex_points(w: float, h: float, s: float, pointy: bool) -> list[tuple[float, float]]:
    if pointy:
        return [(w / 2, 0), (w, (h - s) / 2), (w, (h + s) / 2), (w / 2, h),
                (0, (h + s) / 2), (0, (h - s) / 2)]
    return [((w - s) / 2, 0), ((w + s) / 2, 0), (w, h / 2), ((w + s) / 2, h),
            ((w - s) / 2, h), (0, h / 2)]


def inset(points: list[tuple[float, float]], k: float) -> list[tuple[float, float]]:
    cx = sum(p[0] for p in points) / len(points)
    cy = sum(p[1] for p in points) / len(points)
    return [(cx + (x - cx) * k, cy + (y - cy) * k) for x, y in points]


def big(points: list[tuple[float, float]]) -> list[tuple[float, float]]:
    return [(x * SS, y * SS) for x, y in points]


def shrink(surface: pygame.Surface, w: int, h: int) -> pygame.Surface:
    return pygame.transform.smoothscale(surface, (w, h))


def lerp(a: tuple[int, int, int], b: tuple[int, int, int], t: float) -> tuple[int, int, int]:
    return tuple(round(x + (y - x) * t) for x, y in zip(a, b, strict=True))  # type: ignore


def level_shade(level: int) -> tuple[int, int, int]:
    return lerp((24, 26, 34), (240, 238, 230), min(1.0, level / MAX_LEVEL) ** 0.75)


def level_tile(level: int, w: int, h: int, s: int, pointy: bool,
               font: pygame.font.Font) -> pygame.Surface:
    """A hex shaded by its level (dark low, light high) with the number on it."""
    surf = pygame.Surface((w * SS, h * SS), pygame.SRCALPHA)
    pts = hex_points(w, h, s, pointy)
    shade = level_shade(level)
    pygame.draw.polygon(surf, lerp(shade, (0, 0, 0), 0.45), big(pts))
    pygame.draw.polygon(surf, shade, big(inset(pts, 0.9)))
    # a light upper rim and a dark lower rim read as a raised stack
    top = [p for p in inset(pts, 0.9) if p[1] <= h / 2 + 0.1]
    bottom = [p for p in inset(pts, 0.9) if p[1] >= h / 2 - 0.1]
    pygame.draw.lines(surf, lerp(shade, (255, 255, 255), 0.35), False, big(top), SS * 2)
    pygame.draw.lines(surf, lerp(shade, (0, 0, 0), 0.3), False, big(bottom), SS * 2)
    out = shrink(surf, w, h)
    ink = (20, 20, 24) if level >= 4 else (245, 245, 240)
    halo = (245, 245, 240) if level >= 4 else (10, 10, 14)
    text = font.render(str(level), True, ink)
    rim = font.render(str(level), True, halo)
    x, y = (w - text.get_width()) // 2, (h - text.get_height()) // 2 + 1
    for dx, dy in ((-1, 0), (1, 0), (0, -1), (0, 1)):
        out.blit(rim, (x + dx, y + dy))
    out.blit(text, (x, y))
    return out


def terrain_tile(name: str, w: int, h: int, s: int, pointy: bool,
                 rng: random.Random) -> pygame.Surface:
    """A hex of the terrain's colour, strong at the rim and see-through inside so the
    level's shade and number below show through, with a few marks of its texture."""
    colour = TERRAINS[name]
    surf = pygame.Surface((w * SS, h * SS), pygame.SRCALPHA)
    pts = hex_points(w, h, s, pointy)
    pygame.draw.polygon(surf, (*colour, 150), big(inset(pts, 0.97)))
    pygame.draw.polygon(surf, (*colour, 235), big(inset(pts, 0.92)), 5 * SS)
    cx, cy = w / 2, h / 2
    pygame.draw.circle(surf, (*colour, 70), (cx * SS, cy * SS), 11 * SS)
    dark = (*lerp(colour, (0, 0, 0), 0.35), 200)
    light = (*lerp(colour, (255, 255, 255), 0.45), 200)
    marks = 7
    for _ in range(marks):
        # texture marks in the ring between the centre circle and the edge
        a = rng.uniform(0, 2 * math.pi)
        r = rng.uniform(16, min(w, h) / 2 - 6)
        x, y = (cx + r * math.cos(a)) * SS, (cy + r * math.sin(a)) * SS
        if name == "grass":
            for dx in (-3, 0, 3):
                pygame.draw.line(surf, dark, (x + dx * SS / 2, y),
                                 (x + dx * SS, y - 5 * SS), SS)
        elif name == "dirt":
            pygame.draw.circle(surf, dark, (x, y), rng.uniform(1.0, 2.2) * SS)
        elif name == "rock":
            pygame.draw.polygon(surf, dark, [(x - 5 * SS, y + 2 * SS), (x - 1 * SS, y - 4 * SS),
                                             (x + 4 * SS, y + 2 * SS)])
            pygame.draw.line(surf, light, (x - 1 * SS, y - 4 * SS), (x + 4 * SS, y + 2 * SS), SS)
        elif name == "sand":
            pygame.draw.circle(surf, dark, (x, y), 1.0 * SS)
            pygame.draw.circle(surf, light, (x + 3 * SS, y + 1 * SS), 1.0 * SS)
        elif name == "water":
            rect = pygame.Rect(x - 6 * SS, y - 2 * SS, 12 * SS, 6 * SS)
            pygame.draw.arc(surf, light, rect, 0.3, math.pi - 0.3, SS)
        elif name == "lava":
            pygame.draw.line(surf, (255, 220, 90, 230), (x - 5 * SS, y),
                             (x + 5 * SS, y + rng.uniform(-4, 4) * SS), SS * 2)
    pygame.draw.polygon(surf, (*lerp(colour, (0, 0, 0), 0.5), 230), big(inset(pts, 0.97)), SS)
    return shrink(surf, w, h)


def marker_tile(k: int) -> pygame.Surface:
    """The marker of side ``k``: the game's own token of a figure of that side (its side
    colour and ring pattern, never colour alone), seen from above without a facing."""
    n = MARKER_SIZE
    token = TokenPainter().token(GENERIC_KIND, k, n * 0.40, None, "ok")
    out = pygame.Surface((n, n), pygame.SRCALPHA)
    out.blit(token, ((n - token.get_width()) // 2, (n - token.get_height()) // 2))
    return out


def sheet(tiles: list[pygame.Surface]) -> pygame.Surface:
    w, h = tiles[0].get_size()
    out = pygame.Surface((w * len(tiles), h), pygame.SRCALPHA)
    for k, t in enumerate(tiles):
        out.blit(t, (k * w, 0))
    return out


# ============================================================================ tilesets
def write(path: Path, text: str) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(text, encoding="utf-8", newline="\n")
    print("wrote", path.relative_to(ROOT))


def prop_xml(props: dict[str, object], indent: str) -> str:
    """Tiled's <properties> block, properties sorted by name as Tiled saves them."""
    if not props:
        return ""
    lines = [f"{indent}<properties>"]
    for name in sorted(props):
        value = props[name]
        kind = ' type="int"' if isinstance(value, int) and not isinstance(value, bool) else ""
        lines.append(f'{indent} <property name={quoteattr(name)}{kind} '
                     f'value={quoteattr(str(value))}/>')
    lines.append(f"{indent}</properties>")
    return "\n".join(lines) + "\n"


def write_tileset(name: str, image: pygame.Surface, tile_w: int, tile_h: int,
                  props: list[dict[str, object]]) -> None:
    png = TILES / f"{name}.png"
    png.parent.mkdir(parents=True, exist_ok=True)
    pygame.image.save(image, str(png))
    print("wrote", png.relative_to(ROOT))
    n = len(props)
    body = "".join(f' <tile id="{k}">\n{prop_xml(p, "  ")} </tile>\n'
                   for k, p in enumerate(props) if p)
    write(TILES / f"{name}.tsx",
          f'<?xml version="1.0" encoding="UTF-8"?>\n'
          f'<tileset {TILED_VERSION} name="{name}" tilewidth="{tile_w}" '
          f'tileheight="{tile_h}" tilecount="{n}" columns="{n}">\n'
          f' <image source="{name}.png" width="{image.get_width()}" '
          f'height="{image.get_height()}"/>\n{body}</tileset>\n')


def make_tilesets() -> None:
    pygame.font.init()
    font = pygame.font.Font(None, 30)  # pygame's bundled font: the same everywhere
    font.bold = True
    for suffix, (w, h, s), pointy in (("", POINTY, True), ("_flat", FLAT, False)):
        levels = [level_tile(v, w, h, s, pointy, font) for v in range(MAX_LEVEL + 1)]
        write_tileset(f"levels{suffix}", sheet(levels), w, h,
                      [{"level": v} for v in range(MAX_LEVEL + 1)])
        high = [level_tile(v, w, h, s, pointy, font) for v in range(MAX_LEVEL + 1, HIGH_MAX + 1)]
        write_tileset(f"levels_high{suffix}", sheet(high), w, h,
                      [{"level": v} for v in range(MAX_LEVEL + 1, HIGH_MAX + 1)])
        rng = random.Random(2024)
        terrain = [terrain_tile(t, w, h, s, pointy, rng) for t in TERRAINS]
        write_tileset(f"terrain{suffix}", sheet(terrain), w, h,
                      [{"terrain": t} for t in TERRAINS])
    markers = [marker_tile(k) for k in range(MARKERS)]
    write_tileset("figures", sheet(markers), MARKER_SIZE, MARKER_SIZE,
                  [{} for _ in markers])


# ============================================================================ maps
@dataclass(frozen=True)
class Figure:
    name: str
    side: str
    unit: str
    col: int
    row: int
    facing: int
    shape: str = "tile"
    """How it is drawn in Tiled: tile (a marker), point, rect or ellipse."""
    marker: int = -1
    """Which marker tile; -1: its side's (the side's place in the map's ``sides``)."""


@dataclass
class MapSpec:
    path: Path
    title: str
    levels: list[list[int | None]]
    terrain: list[list[str | None]]
    figures: list[Figure]
    pointy: bool = True
    stagger: str = "odd"
    default_terrain: str | None = None
    sides: tuple[str, ...] = ()
    """The sides in the order its scenario lists them (the game colours them so)."""

    def geometry(self) -> HexMap:
        w, h, s = POINTY if self.pointy else FLAT
        lv = [[0 for _ in row] for row in self.levels]
        return HexMap(lv, orientation="pointy" if self.pointy else "flat",
                      stagger=self.stagger, tile_width=w, tile_height=h,  # type: ignore
                      side_length=s)


def csv(rows: list[list[int]]) -> str:
    return ",\n".join(",".join(str(v) for v in row) for row in rows)


def object_xml(k: int, f: Figure, geo: HexMap, sides: tuple[str, ...] = ()) -> str:
    cx, cy = geo.center(geo.index(f.col, f.row))
    props = prop_xml({"side": f.side, "unit": f.unit, "facing": f.facing}, "   ")
    head = f'  <object id="{k}" name={quoteattr(f.name)}'
    if f.shape == "tile":
        n = MARKER_SIZE
        marker = f.marker if f.marker >= 0 else sides.index(f.side)
        return (f'{head} gid="{FIGURES_GID + marker}" x="{cx - n / 2:g}" '
                f'y="{cy + n / 2:g}" width="{n}" height="{n}">\n{props}  </object>\n')
    if f.shape == "point":
        return f'{head} x="{cx:g}" y="{cy:g}">\n{props}   <point/>\n  </object>\n'
    size = 24
    tail = "   <ellipse/>\n" if f.shape == "ellipse" else ""
    return (f'{head} x="{cx - size / 2:g}" y="{cy - size / 2:g}" width="{size}" '
            f'height="{size}">\n{props}{tail}  </object>\n')


def level_gid(v: int | None) -> int:
    """A level's tile: levels.tsx up to MAX_LEVEL, then levels_high.tsx."""
    if v is None:
        return 0
    return LEVELS_GID + v if v <= MAX_LEVEL else HIGH_GID + v - MAX_LEVEL - 1


def write_map(spec: MapSpec) -> None:
    rows, cols = len(spec.levels), len(spec.levels[0])
    w, h, s = POINTY if spec.pointy else FLAT
    flat = "" if spec.pointy else "_flat"
    tiles = os.path.relpath(TILES, spec.path.parent).replace(os.sep, "/") + "/"
    level_gids = [[level_gid(v) for v in row] for row in spec.levels]
    tall = max((v or 0) for row in spec.levels for v in row) > MAX_LEVEL
    high = (f' <tileset firstgid="{HIGH_GID}" source="{tiles}levels_high{flat}.tsx"/>\n'
            if tall else "")
    names = list(TERRAINS)
    terrain_gids = [[0 if t is None else TERRAIN_GID + names.index(t) for t in row]
                    for row in spec.terrain]
    geo = spec.geometry()
    objects = "".join(object_xml(k, f, geo, spec.sides)
                      for k, f in enumerate(spec.figures, 1))
    props: dict[str, object] = {"title": spec.title}
    if spec.default_terrain:
        props["default_terrain"] = spec.default_terrain
    text = (
        f'<?xml version="1.0" encoding="UTF-8"?>\n'
        f'<map {TILED_VERSION} orientation="hexagonal" renderorder="right-down" '
        f'width="{cols}" height="{rows}" tilewidth="{w}" tileheight="{h}" infinite="0" '
        f'hexsidelength="{s}" staggeraxis="{"y" if spec.pointy else "x"}" '
        f'staggerindex="{spec.stagger}" backgroundcolor="#1d2125" nextlayerid="4" '
        f'nextobjectid="{len(spec.figures) + 1}">\n'
        f'{prop_xml(props, " ")}'
        f' <tileset firstgid="{LEVELS_GID}" source="{tiles}levels{flat}.tsx"/>\n'
        f' <tileset firstgid="{TERRAIN_GID}" source="{tiles}terrain{flat}.tsx"/>\n'
        f' <tileset firstgid="{FIGURES_GID}" source="{tiles}figures.tsx"/>\n'
        f'{high}'
        f' <layer id="1" name="levels" width="{cols}" height="{rows}">\n'
        f'  <data encoding="csv">\n{csv(level_gids)}\n</data>\n </layer>\n'
        f' <layer id="2" name="terrain" width="{cols}" height="{rows}">\n'
        f'  <data encoding="csv">\n{csv(terrain_gids)}\n</data>\n </layer>\n'
        f' <objectgroup id="3" name="figures">\n{objects} </objectgroup>\n'
        f'</map>\n'
    )
    write(spec.path, text)


# ============================================================================ hill fight
HILL_W, HILL_H = 20, 16
CROWN = ((7, 6), (8, 6), (7, 7))
"""The hilltop (level 6)."""
CLIFF_ANGLES = (-75.0, 35.0)
"""Bearings (degrees, 0 = east, negative = north) from the crown of the cliff face."""
KNOLL = (17, 11)
"""Top of the knoll (level 3) on the raiders' bank."""
STREAM = ((15, 0), (16, 2), (14, 5), (15, 7), (15, 9), (13, 12), (12, 15))
"""Waypoints of the stream, north to south; joined by hex lines."""
TRACK = ((0, 10), (3, 9), (5, 8), (7, 7))
"""A dirt track from the west edge up the gentle slope to the top."""


def hill_fight() -> MapSpec:
    rng = random.Random(7)
    geo = MapSpec(MAPS / "hill_fight.tmx", "", [[0] * HILL_W] * HILL_H, [], []).geometry()
    n = geo.n
    idx = geo.index

    def hex_path(points: tuple[tuple[int, int], ...]) -> list[int]:
        out: list[int] = []
        for a, b in zip(points, points[1:], strict=False):
            for c in geo.line(idx(*a), idx(*b)):
                if not out or out[-1] != c:
                    out.append(c)
        return out

    water = set(hex_path(STREAM))
    crown = [idx(*c) for c in CROWN]
    ccx = sum(geo.center(c)[0] for c in crown) / len(crown)
    ccy = sum(geo.center(c)[1] for c in crown) / len(crown)

    def d_crown(i: int) -> int:
        return min(geo.distance(i, c) for c in crown)

    def in_cliff_sector(i: int) -> bool:
        x, y = geo.center(i)
        a = math.degrees(math.atan2(y - ccy, x - ccx))
        return CLIFF_ANGLES[0] <= a <= CLIFF_ANGLES[1]

    knoll = idx(*KNOLL)
    level = [0] * n
    cliff = [False] * n
    for i in range(n):
        d = d_crown(i)
        hill = 6 - d
        if in_cliff_sector(i) and d >= 1:
            # a plateau at 5 up to two hexes out, then a sheer drop
            hill = 5 if d <= 2 else 0
            cliff[i] = d <= 2
        base = 1
        level[i] = max(base, hill)
    # the stream cuts its valley: water and its sandy banks lie at 0, and (except for the
    # cliff) the land climbs at most one level per hex from them
    shore = sorted({i for w in water for i in geo.neighbours(w)} - water)
    knoll_h = [3 - geo.distance(i, knoll) for i in range(n)]
    banks = {i for i in shore if not cliff[i] and knoll_h[i] < 1 and rng.random() < 0.55}
    low = water | banks
    for i in range(n):
        if i in low:
            level[i] = 0
        elif not cliff[i]:
            to_low = min(geo.distance(i, j) for j in low)
            level[i] = min(max(level[i], knoll_h[i]), to_low)

    terrain = ["grass"] * n
    for i in range(n):
        if level[i] >= 5:
            terrain[i] = "rock"
        if any(level[i] - level[j] >= 3 for j in geo.neighbours(i)):
            terrain[i] = "rock"  # the cliff edge
    for i in hex_path(TRACK):
        terrain[i] = "dirt"
    for i in water:
        terrain[i] = "water"
    for i in banks:
        terrain[i] = "sand"
    # worn dirt around the knoll's top and a few bare patches in the meadow
    for i in [knoll, *geo.neighbours(knoll)]:
        if terrain[i] == "grass" and rng.random() < 0.6:
            terrain[i] = "dirt"
    for c in ((3, 3), (4, 13), (18, 3), (2, 14)):
        terrain[idx(*c)] = "dirt"

    figures = [
        Figure("Pip", "wardens", "warden_hobbit", 0, 6, 0),
        Figure("Borin", "wardens", "warden_dwarf", 0, 7, 0),
        Figure("Aldric", "wardens", "warden_human", 0, 8, 0),
        Figure("Elowen", "wardens", "warden_elf", 0, 9, 0),
        Figure("Snik", "raiders", "raider_goblin", 19, 5, 3),
        Figure("Grub", "raiders", "raider_goblin", 19, 6, 3),
        Figure("Ugluk", "raiders", "raider_orc", 19, 7, 3),
        Figure("Varg", "raiders", "raider_chief", 19, 8, 3),
    ]
    return MapSpec(
        path=MAPS / "hill_fight.tmx",
        sides=("wardens", "raiders"),
        title="Hill fight",
        levels=[[level[r * HILL_W + c] for c in range(HILL_W)] for r in range(HILL_H)],
        terrain=[[terrain[r * HILL_W + c] for c in range(HILL_W)] for r in range(HILL_H)],
        figures=figures,
        default_terrain="grass",
    )


# ============================================================================ hill fort
FORT_W, FORT_H = 26, 18
FORT_CENTRE = (18, 9)
"""The middle of the fort on the hilltop."""
FORT_GATE = 3
"""The wall hexes in this direction from the centre (W) are the gate, at plateau level."""
RIVER = ((7, 0), (6, 4), (7, 8), (6, 12), (7, 17))
"""The river's midline, north to south."""
FORD_ROWS = (9, 10)
"""Rows where the river narrows to a ford, ankle-deep."""


def hill_fort() -> MapSpec:
    """A walled fort on a hill (the plateau at 4, the wall at 6 above a ditch at 2, a
    gate to the west up a ramp) and a river with a ford on the attackers' side."""
    rng = random.Random(11)
    geo = MapSpec(MAPS / "hill_fort.tmx", "", [[0] * FORT_W] * FORT_H, [], []).geometry()
    n = geo.n
    idx = geo.index
    centre = idx(*FORT_CENTRE)
    gate = []
    g = centre
    for _ in range(4):
        g = geo.neighbour(g, FORT_GATE)
        assert g is not None
    gate.append(g)
    gate += [c for c in geo.neighbours(g) if geo.distance(c, centre) == 4][:0]
    ramp = []
    c = g
    for _ in range(3):
        c = geo.neighbour(c, FORT_GATE)
        assert c is not None
        ramp.append(c)
    level = [1] * n
    terrain = ["grass"] * n
    for i in range(n):
        d = geo.distance(i, centre)
        if d <= 3:
            level[i] = 4
        elif d == 4:
            level[i] = 6
        elif d <= 6:
            level[i] = 2
        elif d == 7:
            level[i] = 2 if rng.random() < 0.5 else 1
    for i in gate:
        level[i] = 4
    for k, i in enumerate(ramp):
        level[i] = 3 - k
        for j in geo.neighbours(i):
            if geo.distance(j, centre) > 4 and level[j] < level[i] - 1:
                level[j] = level[i] - 1
    # the river: five hexes wide (ankle, knee, neck, knee, ankle), a ford two wide
    mid: dict[int, float] = {}
    for (c1, r1), (c2, r2) in zip(RIVER, RIVER[1:], strict=False):
        for r in range(r1, r2 + 1):
            mid[r] = c1 + (c2 - c1) * (r - r1) / max(1, r2 - r1)
    for r in range(FORT_H):
        m = mid[r]
        half = 1 if r in FORD_ROWS else 2
        for col in range(FORT_W):
            if abs(col - m) <= half + 0.01 and not (r in FORD_ROWS and col > m + 0.5):
                i = idx(col, r)
                level[i] = 0
                terrain[i] = "water"
            elif abs(col - m) <= half + 1.01:
                i = idx(col, r)
                level[i] = min(level[i], 1)
                if terrain[i] == "grass" and rng.random() < 0.7:
                    terrain[i] = "sand"
    for i in range(n):
        d = geo.distance(i, centre)
        if d == 4 and i not in gate:
            terrain[i] = "rock"  # the wall
        elif 5 <= d <= 6 and rng.random() < 0.35:
            terrain[i] = "rock"  # stones in the ditch: broken ground
        elif d <= 3 and rng.random() < 0.3:
            terrain[i] = "dirt"
    for i in ramp:
        terrain[i] = "grass"
    for col, row in ((2, 3), (3, 14), (11, 2), (12, 15), (24, 16)):
        terrain[idx(col, row)] = "dirt"

    def on_wall(direction: int, along: int = 0) -> tuple[int, int]:
        c = centre
        for _ in range(4):
            c = geo.neighbour(c, direction)  # type: ignore[arg-type]
        for _ in range(along):
            c = geo.neighbour(c, (direction + 2) % 6)  # type: ignore[arg-type]
        return geo.offset(c)  # type: ignore[arg-type]

    def inside(direction: int, steps: int) -> tuple[int, int]:
        c = centre
        for _ in range(steps):
            c = geo.neighbour(c, direction)  # type: ignore[arg-type]
        return geo.offset(c)  # type: ignore[arg-type]

    a1, a2, a3 = on_wall(2, 1), on_wall(4), on_wall(3, 2)
    sg = inside(3, 3)
    sp = inside(3, 2)
    figures = [
        Figure("Bran", "garrison", "archer", *a1, 3),
        Figure("Cora", "garrison", "archer", *a2, 3),
        Figure("Dun", "garrison", "bowman", *a3, 3),
        Figure("Edda", "garrison", "archer", *on_wall(2, 3), 3),
        Figure("Sergeant Hale", "garrison", "sergeant", *sg, 3),
        Figure("Wat", "garrison", "spearman", *sp, 3),
        Figure("Rurik", "raiders", "horseman", 2, 9, 0),
        Figure("Grom", "raiders", "giant", 2, 13, 0),
        Figure("Ivo", "raiders", "climber", 1, 5, 0),
        Figure("Kell", "raiders", "climber", 1, 6, 0),
        Figure("Ugluk", "raiders", "orc", 1, 11, 0),
        Figure("Snik", "raiders", "goblin", 1, 3, 0),
    ]
    return MapSpec(
        path=MAPS / "hill_fort.tmx",
        sides=("raiders", "garrison"),
        title="Hill fort",
        levels=[[level[r * FORT_W + c] for c in range(FORT_W)] for r in range(FORT_H)],
        terrain=[[terrain[r * FORT_W + c] for c in range(FORT_W)] for r in range(FORT_H)],
        figures=figures,
        default_terrain="grass",
    )


# ============================================================================ test maps
def side_view() -> MapSpec:
    """H-22: columns A=3, B=2, C=1 in row 1, the hobbit on the ground at X (col 4) and a
    human (H 3) on top of A."""
    levels: list[list[int | None]] = [[0, 0, 0, 0, 0, 0], [0, 3, 2, 1, 0, 0], [0, 0, 0, 0, 0, 0]]
    return MapSpec(
        path=MAPS / "test" / "side_view.tmx",
        sides=("a", "b"),
        title="Side view (H-22)",
        levels=levels,
        terrain=[["grass"] * 6 for _ in range(3)],
        figures=[Figure("Hobbit", "a", "hobbit", 4, 1, 3, shape="point"),
                 Figure("Human", "b", "human", 1, 1, 0, shape="point")],
    )


def flat_even() -> MapSpec:
    """Flat hexes, even columns shifted down; a void corner and default terrain."""
    levels: list[list[int | None]] = [
        [0, 1, 2, 1, None],
        [0, 1, 3, 2, 1],
        [0, 0, 1, 1, 0],
        [0, 0, 0, 0, 0],
    ]
    terrain: list[list[str | None]] = [
        ["grass", "grass", "rock", None, None],
        ["dirt", "grass", "rock", "rock", "grass"],
        ["water", None, "grass", "sand", "lava"],
        ["water", "water", "sand", None, "dirt"],
    ]
    return MapSpec(
        path=MAPS / "test" / "flat_even.tmx",
        sides=("a", "b"),
        title="Flat, even stagger",
        levels=levels,
        terrain=terrain,
        figures=[
            Figure("Blue", "a", "hobbit", 1, 1, 0, shape="tile"),
            Figure("Red", "b", "human", 3, 2, 3, shape="point"),
        ],
        pointy=False,
        stagger="even",
        default_terrain="grass",
    )


def pointy_even() -> MapSpec:
    """Pointy hexes, even rows shifted right; figures as rectangle, ellipse and tile."""
    levels: list[list[int | None]] = [
        [0, 0, 1, 1, 0, 0],
        [0, 1, 2, 2, 1, 0],
        [0, 1, 2, 4, 2, 0],
        [None, 0, 1, 2, 1, 0],
        [None, 0, 0, 0, 0, 0],
    ]
    terrain: list[list[str | None]] = [
        ["grass"] * 6,
        ["grass", "grass", "dirt", "dirt", "grass", "grass"],
        ["water", "grass", "rock", "rock", "rock", "grass"],
        [None, "water", "grass", "rock", "grass", "sand"],
        [None, "water", "sand", "grass", "grass", "grass"],
    ]
    return MapSpec(
        path=MAPS / "test" / "pointy_even.tmx",
        sides=("a", "b"),
        title="Pointy, even stagger",
        levels=levels,
        terrain=terrain,
        figures=[
            Figure("Box", "a", "hobbit", 2, 2, 1, shape="rect"),
            Figure("Egg", "b", "human", 4, 3, 4, shape="ellipse"),
            Figure("Tok", "b", "human", 1, 4, 2, shape="tile", marker=3),
        ],
        stagger="even",
    )


# ============================================================================ demo boards
def demo_board(name: str, title: str, text: str, figures: list[Figure],
               rock_from: int = 4) -> MapSpec:
    """A small board for the rule demos (maps/demos), written as text: each row its
    levels (pointy hexes, odd rows shifted right); levels from ``rock_from`` up are rock."""
    levels: list[list[int | None]] = [[int(v) for v in row.split()]
                                      for row in text.strip().splitlines()]
    terrain: list[list[str | None]] = [["rock" if (v or 0) >= rock_from else "grass"
                                        for v in row] for row in levels]
    return MapSpec(path=MAPS / "demos" / "boards" / f"{name}.tmx", title=title,
                   levels=levels, terrain=terrain, figures=figures, sides=("a", "b"))


def demo_boards() -> list[MapSpec]:
    """The demo boards; each demo places its own figures (these are the scenario's)."""
    return [
        demo_board("crag", "A wall and a cliff (H-8, H-12)", """
            0 0 0  0  0 0 0 0
            0 0 10 10 7 5 0 0
            0 0 10 10 7 5 0 0
            0 0 0  0  0 0 0 0
            0 0 0  0  0 0 0 0""", [Figure("Bob", "a", "climber", 1, 1, 0),
                                  Figure("Orc", "b", "orc", 7, 4, 3)]),
        demo_board("ridge", "Sweeps across levels (H-19)", """
            2 2 2 2 2 2 2 2 2
            2 1 2 2 2 2 1 2 2
            2 2 2 2 2 2 2 0 2
            2 1 2 2 2 2 1 2 2
            2 2 2 2 2 2 2 2 2""", [Figure("Grundar", "a", "grundar", 1, 2, 0),
                                  Figure("Orc", "b", "orc", 2, 2, 3)]),
        demo_board("tower", "A tower above open ground (H-18)", """
            0 0 0 0 0 0 0 0 0 0 0
            0 6 0 0 0 0 0 0 0 0 0
            0 0 0 0 0 0 0 0 0 0 0""", [Figure("Ann", "a", "archer", 1, 1, 0),
                                      Figure("Orc", "b", "orc", 7, 1, 3)]),
        demo_board("ledge", "A ledge three levels up (H-7, H-15)", """
            0 0 0 0 3 3 3 3
            0 0 1 0 3 3 3 3
            0 0 0 0 3 3 3 3
            0 0 0 0 3 3 3 3
            0 0 0 0 0 3 3 3""", [Figure("Grom", "a", "giant", 1, 2, 0),
                                Figure("Hal", "b", "human", 5, 2, 3)], rock_from=3),
    ]


def main() -> None:
    make_tilesets()
    for spec in (hill_fight(), hill_fort(), side_view(), flat_even(), pointy_even(),
                 *demo_boards()):
        write_map(spec)


if __name__ == "__main__":
    main()
