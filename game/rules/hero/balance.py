"""G-8: is a table balanced? ``python main.py --check-map FILE``.

Seed 004: "A balanced table should not be symmetric in terms of terrain (there should be
an upside of having to deploy first); be covered by 33-50% of terrain; 1/3 of the
terrain should be blocking, 1/3 severe, 1/3 should provide cover."

Measured with shapely on the table's pieces (each piece's effective traits, G-2):

* coverage: the area of every terrain piece together (overlaps counted once; a linear
  obstacle is 1 unit thick; ladders, stairs and doors are not terrain of their own) over
  the table's area;
* the thirds: how the terrain's area divides between what blocks sight (blocking or
  dense), what is severe and what gives cover; a piece in several of these counts in
  each for an equal part of its area (a forest, dense, severe and soft cover, a third
  each); each should be about a third: from 20 % to 47 %;
* symmetry: the terrain compared with its mirror images (left-right, top-bottom) and its
  half turn; a table is symmetric if one of them overlaps it by 85 % or more.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

import shapely
from shapely import affinity

from game.boards.table import Table
from game.core.places import LoadedMap
from game.rules.hero.terrain import Feature, Terrain, terrain_of

COVERAGE = (0.33, 0.50)
THIRD = (0.20, 0.47)
SYMMETRIC = 0.85

CATEGORIES: dict[str, tuple[str, Callable[[Feature], bool]]] = {
    "blocking": ("blocks sight (blocking, dense)",
                 lambda f: f.has("blocking") or f.has("dense")),
    "severe": ("slows movement (severe)", lambda f: f.has("severe")),
    "cover": ("gives cover (soft or hard)",
              lambda f: f.has("soft_cover") or f.has("hard_cover")),
}
EXAMPLES = {"blocking": "crates, trees, a building, a forest",
            "severe": "rough ground, a forest, a pool",
            "cover": "fences, walls, hedges, a forest"}


@dataclass(frozen=True)
class Balance:
    """The G-8 measures of one table and what to change."""

    name: str
    table_area: float
    terrain_area: float
    shares: dict[str, float]
    symmetry: dict[str, float]
    """Overlap of the terrain with its left-right and top-bottom mirrors and half turn."""
    advice: list[str] = field(default_factory=list)

    @property
    def coverage(self) -> float:
        return self.terrain_area / self.table_area if self.table_area else 0.0

    @property
    def symmetric(self) -> bool:
        return max(self.symmetry.values(), default=0.0) >= SYMMETRIC

    @property
    def balanced(self) -> bool:
        return not self.advice

    def lines(self) -> list[str]:
        out = [f"{self.name}: {'balanced' if self.balanced else 'not balanced'} (G-8)",
               f"  terrain covers {self.coverage:.0%} of the table "
               f"({self.terrain_area:.0f} of {self.table_area:.0f} square units; "
               f"33-50% is balanced)"]
        for key, (what, _f) in CATEGORIES.items():
            out.append(f"  {key}: {self.shares[key]:.0%} of the terrain {what}; about a "
                       f"third (20-47%) is balanced")
        sym = ", ".join(f"{k} {v:.0%}" for k, v in self.symmetry.items())
        out.append(f"  symmetry: {'symmetric' if self.symmetric else 'not symmetric'} "
                   f"(overlap with its {sym})")
        out += [f"  - {a}" for a in self.advice]
        return out


def _shape(f: Feature, thickness: float) -> shapely.Geometry:
    p = f.piece
    if p.is_line:
        return shapely.LineString(p.points).buffer(thickness / 2, cap_style="flat")
    return shapely.Polygon(p.points)


def balance(terrain: Terrain) -> Balance:
    """G-8 for ``terrain``'s table."""
    t: Table = terrain.table
    board = shapely.box(0, 0, t.width, t.height)
    pieces = [(f, _shape(f, terrain.data.line_thickness).intersection(board))
              for f in terrain.features if f.access is None]
    union = shapely.union_all([g for _f, g in pieces]) if pieces else shapely.Polygon()
    area = float(union.area)
    weights = dict.fromkeys(CATEGORIES, 0.0)
    for f, g in pieces:
        roles = [k for k, (_w, test) in CATEGORIES.items() if test(f)]
        for k in roles:
            weights[k] += float(g.area) / len(roles)
    total = sum(weights.values())
    shares = {k: v / total if total else 0.0 for k, v in weights.items()}
    cx, cy = t.width / 2, t.height / 2
    sym = {}
    for name, img in (("left-right mirror", affinity.scale(union, -1, 1, origin=(cx, cy))),
                      ("top-bottom mirror", affinity.scale(union, 1, -1, origin=(cx, cy))),
                      ("half turn", affinity.rotate(union, 180, origin=(cx, cy)))):
        inter = union.intersection(img).area
        both = union.union(img).area
        sym[name] = float(inter / both) if both else 1.0
    b = Balance(t.name, t.width * t.height, area, shares, sym)
    advice = b.advice
    lo, hi = COVERAGE
    if b.coverage < lo:
        advice.append(f"add terrain: about {(lo * b.table_area - area):.0f} square units more "
                      f"would cover {lo:.0%}")
    elif b.coverage > hi:
        advice.append(f"remove terrain: about {(area - hi * b.table_area):.0f} square units "
                      f"less would cover {hi:.0%}")
    for key, share in shares.items():
        if share < THIRD[0]:
            advice.append(f"too little terrain {CATEGORIES[key][0]} ({share:.0%}): add some "
                          f"({EXAMPLES[key]})")
        elif share > THIRD[1]:
            advice.append(f"too much terrain {CATEGORIES[key][0]} ({share:.0%}): swap some for "
                          f"other kinds")
    if b.symmetric:
        worst = max(sym, key=lambda k: sym[k])
        advice.append(f"the terrain is symmetric ({worst}, {sym[worst]:.0%} alike): move or "
                      f"change pieces so that deploying first has an upside")
    return b


def check_table(loaded: LoadedMap[Any], emit: Callable[[str], None],
                error: Callable[[str], int]) -> int:
    """G-8: print the balance report of a table map that loaded; 0 balanced, 1 not, or
    ``error``'s code when its terrain cannot be measured (``--check-map``, see
    :mod:`game.rules.check_map`)."""
    terrain = terrain_of(loaded.board)
    if terrain.problems:
        return error(f"{loaded.path.name}: {terrain.problems[0]}")
    b = balance(terrain)
    for line in b.lines():
        emit(line)
    return 0 if b.balanced else 1
