"""Tabletop Hero positions built in a few lines, for rules tests.

A table is a size and pieces (``rect``, ``ellipse``, ``line`` give pieces in units);
minis are placed where a test wants them, in the battle phase, with the side to play
first. :func:`play` makes a Match of such a position so actions go through
``Match.apply`` with scripted dice.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Any

from game.boards.table import Piece, Table, Vec, ellipse_points
from game.core.dice import Dice
from game.core.match import Match
from game.core.places import LoadedMap, Point
from game.core.scenario import Scenario
from game.rules import get_ruleset
from game.rules.hero.data import MiniSpec
from game.rules.hero.state import HeroState, Mini


def rect(x0: float, y0: float, x1: float, y1: float, kind: str, name: str = "",
         ht: int | None = None, traits: str | None = None) -> dict[str, Any]:
    return {"shape": "rectangle", "points": ((x0, y0), (x1, y0), (x1, y1), (x0, y1)),
            "kind": kind, "name": name, "ht": ht, "traits": traits}


def ellipse(cx: float, cy: float, rx: float, ry: float, kind: str, name: str = "",
            ht: int | None = None, traits: str | None = None) -> dict[str, Any]:
    return {"shape": "ellipse", "points": ellipse_points(cx, cy, rx, ry), "kind": kind,
            "name": name, "ht": ht, "traits": traits, "ellipse": (cx, cy, rx, ry, 0.0)}


def line(*points: Vec, kind: str, name: str = "", ht: int | None = None,
         traits: str | None = None) -> dict[str, Any]:
    return {"shape": "line", "points": tuple(points), "kind": kind, "name": name, "ht": ht,
            "traits": traits}


def table(width: float, height: float, *pieces: dict[str, Any]) -> Table:
    from game.boards.tiled.table import parse_traits

    out = []
    for k, p in enumerate(pieces):
        traits = None if p["traits"] is None else parse_traits(p["traits"])
        out.append(Piece(k, k + 1, p["name"] or p["kind"], p["kind"], p["shape"], p["points"],
                         p["ht"], traits, f"piece '{p['name'] or p['kind']}' (object id {k + 1})",
                         p.get("ellipse")))
    return Table(width, height, out, unit="inch", name="test table")


@dataclass
class M:
    """A mini to place: its name, side, gear, where, how high."""

    name: str
    side: str
    at: Vec
    z: int = 0
    hero: bool = False
    armour: str = "none"
    weapons: tuple[str, ...] = ("medium",)
    medkits: int = 0
    abilities: tuple[str, ...] = ()
    ht: int | None = None
    hp: int | None = None


SIDES = {"a": "Side A", "b": "Side B"}


def scenario(tab: Table, options: dict[str, Any] | None = None) -> Scenario:
    units = {"hero_a": {"hero": True, "weapons": ["medium"]},
             "mini_a": {"weapons": ["medium"]},
             "hero_b": {"hero": True, "weapons": ["medium"]},
             "mini_b": {"weapons": ["medium"]}}
    opts = {"armies": {"a": ["hero_a", "mini_a"], "b": ["hero_b", "mini_b"]}}
    opts.update(options or {})
    return Scenario(path=Path("test.toml"), key="test", name="test", ruleset="hero",
                    map_path=Path("test.tmx"), description="", sides=dict(SIDES),
                    units=units, options=opts, turn_limit=None)


def state(tab: Table, *minis: M, turn: int = 2, active: str = "a",
          options: dict[str, Any] | None = None) -> HeroState:
    """A battle-phase state: ``minis`` placed, ``active`` to play."""
    r = get_ruleset("hero")
    scen = scenario(tab, options)
    st, _ = r.setup(scen, LoadedMap(Path("test.tmx"), "table", tab, ()), Dice(0))
    st.minis = {}
    for m in minis:
        spec = MiniSpec(m.name, "human", m.hero, m.armour, m.weapons, m.medkits, m.abilities,
                        m.ht)
        fid = m.name.lower().replace(" ", "-")
        mini = Mini.of(fid, m.side, spec)
        mini.at = Point.of(*m.at)
        mini.z = m.z
        if m.hp is not None:
            mini.hp = m.hp
        st.minis[fid] = mini
    st.armies = {s: True for s in SIDES}
    st.phase = "play"
    st.turn = turn
    st.play_order = ["a", "b"] if active == "a" else ["b", "a"]
    st.deploy_order = list(reversed(st.play_order))
    st.active = active
    return st


def play(st: HeroState, dice: Dice | None = None) -> Match[Any]:
    """A Match around a prepared state (its dice scripted or seeded)."""
    opts = {k: v for k, v in st.options.items() if not k.startswith("_")}
    m: Match[Any] = Match(scenario(st.board, opts), get_ruleset("hero"),
                          LoadedMap(Path("test.tmx"), "table", st.board, ()), 0,
                          dice=dice, state=st)
    return m


def P(x: float, y: float) -> Point:  # noqa: N802 - reads like a point
    return Point.of(x, y)
