"""Small zone boards for tests, written as a grid of zone names.

    board = grid(["A B", "C D"])        # four 100x100 zones in a square

Cells with the same name make one zone. ``zone_match`` builds a Match of Melee on zones
on such a board with the figures given, and ``act_now`` hands the action to one figure
(tests then script the dice with ``m.dice = Dice.scripted([...])``).
"""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path
from typing import Any

from shapely import LineString, Polygon
from shapely.ops import unary_union

from game.boards.zones import Bottleneck, Obstacle, Patch, Zone, ZoneBoard
from game.core.dice import Dice
from game.core.match import Match
from game.core.places import InZone, LoadedMap, Placement
from game.core.scenario import Scenario
from game.rules.tft.zones.ruleset import MeleeOnZones
from game.rules.tft.zones.state import ZoneState

CELL = 100

UNITS: dict[str, dict[str, Any]] = {
    "man": {"kind": "human", "st": 12, "dx": 11, "weapons": ["broadsword", "dagger"]},
    "fast": {"kind": "human", "st": 12, "dx": 11, "ma": 16, "weapons": ["broadsword"]},
    "rider": {"kind": "goblin", "st": 10, "dx": 11, "ma": 20, "weapons": ["spear"]},
    "leather": {"kind": "human", "st": 12, "dx": 12, "armour": "leather",
                "weapons": ["broadsword"]},
    "archer": {"kind": "human", "st": 11, "dx": 12, "weapons": ["longbow", "dagger"]},
    "pike": {"kind": "human", "st": 13, "dx": 11, "weapons": ["halberd"]},
    "goblin": {"kind": "goblin", "st": 9, "dx": 11, "weapons": ["spear", "dagger"]},
    "raider": {"kind": "goblin", "st": 11, "dx": 11, "weapons": ["shortsword"]},
    "strong": {"kind": "orc", "st": 18, "dx": 10, "weapons": ["mace"],
               "shield": "large_shield"},
}


def _polygons(rows: list[str], cell: int = CELL) -> dict[str, Polygon]:
    cells: dict[str, list[Polygon]] = {}
    for r, row in enumerate(rows):
        for c, name in enumerate(row.split()):
            if name == ".":
                continue
            x, y = c * cell, r * cell
            cells.setdefault(name, []).append(
                Polygon([(x, y), (x + cell, y), (x + cell, y + cell), (x, y + cell)]))
    return {k: unary_union(v) for k, v in cells.items()}


def _border(polys: dict[str, Polygon], a: str, b: str) -> LineString:
    line = polys[a].exterior.intersection(polys[b].buffer(0.5))
    return line if isinstance(line, LineString) else max(line.geoms, key=lambda g: g.length)


def grid(rows: list[str], props: dict[str, dict[str, Any]] | None = None,
         bottlenecks: Sequence[tuple[str, str, str, int, str]] = (),
         walls: Sequence[tuple[str, str, str, int, str, str]] = (),
         features: Sequence[tuple[str, str, int, str, str]] = (),
         cell: int = CELL,
         patches: Sequence[tuple[str, str, int, int]] = ()) -> ZoneBoard:
    """A board from a grid of names; ``props[zone]`` = terrain/visibility/move/stacking;
    ``bottlenecks``: (name, zone, zone, capacity, cover); ``walls`` (obstacles on a
    border): (name, zone, zone, size, kind, damage); ``features`` (obstacles inside a
    zone): (name, zone, size, kind, damage); ``cell``: the side of a cell in pixels;
    ``patches`` (terrain over part of a zone, Z-10): (name, zone, move, visibility), a
    square in the middle of the zone's first cell."""
    polys = _polygons(rows, cell)
    props = props or {}
    zones = [Zone(k, tuple((float(x), float(y)) for x, y in p.exterior.coords[:-1]),
                  **props.get(k, {})) for k, p in polys.items()]
    bns = []
    for name, a, b, cap, cover in bottlenecks:
        mid = _border(polys, a, b).interpolate(0.5, normalized=True)
        bns.append(Bottleneck(name, ((mid.x - 8, mid.y - 8), (mid.x + 8, mid.y - 8),
                                     (mid.x + 8, mid.y + 8), (mid.x - 8, mid.y + 8)),
                              cap, cover))
    obs = []
    for name, a, b, size, kind, damage in walls:
        line = _border(polys, a, b)
        obs.append(Obstacle(name, tuple((float(x), float(y)) for x, y in line.coords), size,
                            kind, damage))
    for name, z, size, kind, damage in features:
        c = polys[z].representative_point()
        obs.append(Obstacle(name, ((c.x - 5, c.y - 5), (c.x + 5, c.y - 5), (c.x + 5, c.y + 5),
                                   (c.x - 5, c.y + 5)), size, kind, damage, closed=True))
    pts = []
    for name, z, move, vis in patches:
        c = polys[z].representative_point()
        q = cell / 5
        pts.append(Patch(name, ((c.x - q, c.y - q), (c.x + q, c.y - q), (c.x + q, c.y + q),
                                (c.x - q, c.y + q)), "brush", move, vis))
    return ZoneBoard.build(zones, bns, obs, name="test", patches=pts)


def zone_match(board: ZoneBoard, figures: list[tuple], seed: int = 1,
               sides: tuple[str, str] = ("a", "b"), units: dict[str, Any] | None = None,
               turn_limit: int | None = None, options: dict[str, Any] | None = None
               ) -> Match[ZoneState]:
    """A match on ``board``; ``figures``: (name, side, unit, zone[, boundary])."""
    placements = tuple(
        Placement(name=f[0], side=f[1], unit=f[2],
                  place=InZone(f[3], f[4] if len(f) > 4 else None), label=f[0])
        for f in figures)
    loaded = LoadedMap(path=Path("test.tmx"), kind="zones", board=board,
                       placements=placements)
    scenario = Scenario(path=Path("test.toml"), key="test", name="Test", ruleset="tft-zones",
                        map_path=Path("test.tmx"), description="",
                        sides={s: s.title() for s in sides}, units=dict(units or UNITS),
                        options=dict(options or {}), turn_limit=turn_limit)
    return Match(scenario, MeleeOnZones(), loaded, seed)


def act_now(m: Match[ZoneState], fid: str) -> None:
    """Hand the action to ``fid`` (everyone else after it, none having acted)."""
    st = m.state
    st.phase = "action"
    st.window, st.doing, st.split = None, None, {}
    st.order = [fid] + [k for k in st.figures if k != fid]
    st.current = 0
    for f in st.figures.values():
        f.acted = False


class ScriptedThenSeeded(Dice):
    """Dice that hand out ``faces`` first, then seeded rolls (a turn that ends after the
    scripted part rolls its next initiative without the test scripting it)."""

    def faces(self, n: int, sides: int = 6) -> tuple[int, ...]:
        out = []
        for _ in range(n):
            if self._script:
                f = self._script.pop(0)
                if not 1 <= f <= sides:
                    raise ValueError(f"scripted face {f} is not on a d{sides}")
            else:
                f = self._rng.randint(1, sides)
            out.append(f)
        self.rolls += n
        return tuple(out)


def scripted(faces: Sequence[int]) -> Dice:
    d = ScriptedThenSeeded(0)
    d._script = list(faces)
    return d


def zone_grid(n: int, *, size: int = 64, bottlenecks: int = 0, obstacles: int = 0,
              figures: int = 2) -> str:
    """The TMX text of a zone map of ``n`` x ``n`` square zones ``size`` pixels a side,
    markers on the boundaries and figures of the farmhouse's units."""
    zones = [f'<object id="{1 + i * n + j}" name="Z{i} {j}" x="{i * size}" y="{j * size}" '
             f'width="{size}" height="{size}"/>' for i in range(n) for j in range(n)]
    k = 1000
    marks = []
    for t in range(bottlenecks):
        i, j = t % (n - 1), t // (n - 1)
        marks.append(f'<object id="{k + t}" name="B{t}" x="{(i + 1) * size - 4}" '
                     f'y="{j * size + 20}" width="8" height="20"><properties><property '
                     f'name="capacity" type="int" value="2"/></properties></object>')
    walls = []
    for t in range(obstacles):
        i, j = t % n, t // n
        walls.append(f'<object id="{2000 + t}" name="W{t}" x="{i * size + 10}" '
                     f'y="{(j + 1) * size}"><properties><property name="kind" value="wall"/>'
                     f'<property name="size" type="int" value="3"/></properties>'
                     f'<polyline points="0,0 40,0"/></object>')
    figs = [f'<object id="{3000 + t}" name="F{t}" x="{(t % n) * size + 30}" '
            f'y="{(t // n) % n * size + 30}"><properties><property name="side" '
            f'value="{("goblins", "farmers")[t % 2]}"/><property name="unit" '
            f'value="{("goblin", "farmer")[t % 2]}"/></properties><point/></object>'
            for t in range(figures)]
    side = n * size // 32
    return (f'<?xml version="1.0" encoding="UTF-8"?>\n<map version="1.8" orientation='
            f'"orthogonal" renderorder="right-down" width="{side}" height="{side}" '
            f'tilewidth="32" tileheight="32" infinite="0">\n'
            f'<objectgroup id="1" name="zones">{"".join(zones)}</objectgroup>\n'
            f'<objectgroup id="2" name="bottlenecks">{"".join(marks)}</objectgroup>\n'
            f'<objectgroup id="3" name="obstacles">{"".join(walls)}</objectgroup>\n'
            f'<objectgroup id="4" name="figures">{"".join(figs)}</objectgroup>\n</map>\n')
