"""Positions written as tiny text maps, for rules tests.

Each row of the text is a row of the board (pointy hexes, odd rows shifted right, as in
Tiled's default hex map); each cell is its level as a digit, optionally followed by a
terrain letter (g grass, d dirt, r rock, s sand, w water). Figures are placed by
(col, row).
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Any

import numpy as np

from game.boards.hexmap import HexMap
from game.core.dice import Dice
from game.core.match import Match
from game.core.places import Cell, LoadedMap, Placement
from game.core.scenario import Scenario
from game.rules import get_ruleset

TERRAIN = {"g": "grass", "d": "dirt", "r": "rock", "s": "sand", "w": "water"}


@dataclass(frozen=True)
class Table:
    """A text map's scenario and its loaded board (what a Match is made of)."""

    scenario: Scenario
    map: LoadedMap[HexMap]


def board(text: str) -> HexMap:
    rows = [r.split() for r in text.strip().splitlines()]
    names = list(TERRAIN.values())
    levels = [[int(c[0]) for c in r] for r in rows]
    terr = [[names.index(TERRAIN[c[1]]) if len(c) > 1 else 0 for c in r] for r in rows]
    return HexMap(np.array(levels), np.array(terr), names, name="test")


UNITS: dict[str, dict[str, Any]] = {
    "hobbit": {"kind": "hobbit", "st": 8, "dx": 14, "weapons": ["dagger"]},
    "dwarf": {"kind": "dwarf", "st": 13, "dx": 11, "weapons": ["mace"]},
    "human": {"kind": "human", "st": 12, "dx": 12, "weapons": ["broadsword"]},
    "elf": {"kind": "elf", "st": 11, "dx": 13, "weapons": ["shortsword"]},
    "orc": {"kind": "orc", "st": 12, "dx": 11, "weapons": ["broadsword"]},
    "bob": {"kind": "human", "st": 12, "dx": 16, "weapons": ["broadsword"],
            "armour": "chainmail"},
}


def scenario(text: str, figures: list[tuple[str, str, str, int, int, int]],
             units: dict[str, dict[str, Any]] | None = None,
             turn_limit: int | None = None) -> Table:
    """figures: (name, side, unit, col, row, facing)."""
    b = board(text)
    sides = sorted({f[1] for f in figures}, key=[f[1] for f in figures].index)
    s = Scenario(path=Path("test.toml"), key="test", name="test", ruleset="tft-heights",
                 map_path=Path("test.tmx"), description="", sides={k: k for k in sides},
                 units=dict(units or UNITS), options={}, turn_limit=turn_limit)
    placements = tuple(Placement(n, side, u, Cell(b.index(c, r)), f)
                       for n, side, u, c, r, f in figures)
    return Table(s, LoadedMap(Path("test.tmx"), "hex", b, placements))


def match(text: str, figures: list[tuple[str, str, str, int, int, int]],
          faces: list[int] | None = None, seed: int = 0, **kw: Any) -> Match[Any]:
    """A Match on a text map; with ``faces`` the dice are scripted."""
    dice = Dice.scripted(faces) if faces is not None else None
    t = scenario(text, figures, **kw)
    return Match(t.scenario, get_ruleset("tft-heights"), t.map, seed, dice=dice)


def load(path: Path, table: Table) -> Match[Any]:
    """Replay a save of a text-map game."""
    return Match.load(path, table.scenario, get_ruleset("tft-heights"), table.map)
