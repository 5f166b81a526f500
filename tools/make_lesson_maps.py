"""Write the small boards of the lessons (maps/lessons/boards), like the demo boards.

    python tools/make_lesson_maps.py

A hex board is written by tools/make_maps.py's writer (levels as text, pointy hexes, odd
rows shifted right); each lesson places its own figures, these are the scenario's.
"""

from __future__ import annotations

import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tools"))

from make_maps import MAPS, Figure, MapSpec, write_map  # noqa: E402
from make_sewer_maps import Mark, SewerMap, Tunnel, squad  # noqa: E402
from make_sewer_maps import tmx as sewer_tmx  # noqa: E402
from make_table_maps import tmx  # noqa: E402
from make_zone_maps import Writer  # noqa: E402

YARD = [
    ("Low wall", "wall", "line", [(9, 3), (9, 8)], None, None),
    ("Crates", "obstacle", "rect", (14, 8.5, 3, 2.5), 3, None),
    ("Shrubs", "forest", "ellipse", (13, 1, 3.5, 3), 2, None),
]
"""The open-table lesson's yard (24 by 12 units): a low wall to shoot over, a stack of
crates to hide behind, a clump of shrubs."""


def hex_board(name: str, title: str, text: str, figures: list[Figure]) -> MapSpec:
    """A lesson's hex board written as text: each row its levels; grass throughout."""
    levels: list[list[int | None]] = [[int(v) for v in row.split()]
                                      for row in text.strip().splitlines()]
    terrain: list[list[str | None]] = [["grass" for _ in row] for row in levels]
    return MapSpec(path=MAPS / "lessons" / "boards" / f"{name}.tmx", title=title,
                   levels=levels, terrain=terrain, figures=figures,
                   sides=("wardens", "raiders"))


def meadow() -> MapSpec:
    """The first Melee lesson's board: a meadow with a low mound (level 1)."""
    return hex_board("meadow", "A meadow by the mound", """
        0 0 0 0 0 1 1 0
        0 0 0 0 0 0 1 0
        0 0 0 0 0 0 0 0
        0 0 0 0 0 0 0 0
        0 0 0 0 0 0 0 0
        0 0 0 0 0 0 0 0""", [Figure("Aldric", "wardens", "warden_human", 2, 1, 0),
                             Figure("Ugluk", "raiders", "raider_orc", 6, 3, 3)])


def steading() -> None:
    """The zones lesson's board: a lane, a yard and a barn in a row; the barn's door is a
    bottleneck of 1 (soft cover) on its border with the yard."""
    w = Writer("A small steading", 45, 15)
    a, b, c, d = (0, 0), (480, 0), (960, 0), (1440, 0)
    e, f, g, h = (0, 480), (470, 480), (970, 480), (1440, 480)
    w.polygon("zones", "Lane", [a, b, f, e], terrain="road")
    w.polygon("zones", "Yard", [b, c, g, f], terrain="dirt")
    w.polygon("zones", "Barn", [c, d, h, g], terrain="floor", visibility=-2)
    w.rect("bottlenecks", "Barn door", 945, 200, 30, 80, capacity=1, cover="soft")
    for name, side, unit, x, y in (("Bran", "wardens", "swordsman", 200, 180),
                                   ("Cole", "wardens", "spearman", 200, 320),
                                   ("Gash", "raiders", "orc", 720, 240),
                                   ("Hruk", "raiders", "orc", 1200, 320)):
        w.point("figures", name, x, y, side=side, unit=unit)
    w.write(MAPS / "lessons" / "boards" / "steading.tmx")


CULVERT = SewerMap(
    title="A culvert", width=30, height=14,
    tunnels=(Tunnel("Culvert", 4, ((1, 7), (29, 7))),
             Tunnel("Side drain", 3, ((15, 7), (15, 13)))),
    marks=(Mark("Outfall", "origin", "point", ((2, 7),)),
           Mark("Walkway", "gantry", "rect", box=(19, 5.2, 4, 1.3))),
    models=(*squad("troopers", "alpha", [("Sergeant A", "sergeant"),
                                         ("Trooper A1", "trooper"),
                                         ("Trooper A2", "trooper")],
                   [(5, 7), (4, 6), (4, 8)]),
            *squad("swarm", "swarm", [("Swarm 1", "swarm"), ("Swarm 2", "swarm"),
                                      ("Swarm 3", "swarm")],
                   [(25, 7), (26, 6), (26, 8)])),
)
"""The flood lesson's sewer: one culvert with the flood's outfall at its west end, a side
drain and a walkway above the water; a squad of troopers and three swarm creatures."""


def main() -> None:
    path = MAPS / "lessons" / "boards" / "culvert.tmx"
    path.write_text(sewer_tmx(CULVERT), encoding="utf-8")
    print(f"wrote {path.relative_to(MAPS.parent)}")
    steading()
    write_map(meadow())
    path = MAPS / "lessons" / "boards" / "yard.tmx"
    path.write_text(tmx("A small yard", 24, 12, YARD), encoding="utf-8")
    print(f"wrote {path.relative_to(MAPS.parent)}")


if __name__ == "__main__":
    main()
