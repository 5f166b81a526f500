"""Measuring the computer players' strengths with the lab.

``python -m game.lab.strengths --games N [--levels easy,hard] [--scenarios a,b]
[--sides scenario:side,...] [--workers K] [--seed S] [--out FILE]``

For every scenario and every side, N games with that side at the level and the other at
normal: for ``hard`` the hard side's win rate (target: at least 60 %), for ``easy`` the
normal side's (target: at least 70 %), each with its 95 % interval, and whether the
target is met (the rate, and the whole interval). Draws count as games not won. The
Markdown table goes to ``--out`` (or stdout), with the command, the seed and the time
taken.
"""

from __future__ import annotations

import argparse
import os
import platform
import shlex
import sys
import time
from dataclasses import dataclass

from game.ai.levels import LEVELS
from game.core.errors import GameError
from game.core.scenario import find_scenario, list_scenarios
from game.lab.runner import Cell, ProgressBar, run
from game.lab.stats import Rate, summarise
from game.lab.variants import Variant

TARGETS = {"hard": 0.60, "easy": 0.70}
"""Level -> the win rate the issue asks for (of hard against normal, of normal against
easy)."""


@dataclass(frozen=True)
class Row:
    scenario: str
    side: str
    """The side played at the level."""
    level: str
    rate: Rate
    """The win rate that has a target: hard's, or normal's against easy."""
    draws: int
    seconds: float
    """Wall-clock seconds of its games, in all."""
    cpu: float = 0.0
    """Processor seconds of its games, in all: a player's cost on a busy machine."""

    @property
    def met(self) -> str:
        target = TARGETS[self.level]
        lo, _ = self.rate.interval
        if lo >= target:
            return "yes"
        if self.rate.p >= target:
            return "yes (rate; interval reaches below)"
        return "no"


def parse_sides(spec: str | None) -> set[tuple[str, str]] | None:
    """``--sides SCENARIO:SIDE,...`` as a set of (scenario, side); None for every side.
    GameError naming a scenario or side that does not exist."""
    if not spec:
        return None
    out = set()
    for item in (t.strip() for t in spec.split(",") if t.strip()):
        name, colon, side = item.partition(":")
        if not colon:
            raise GameError(f"--sides {item}: write SCENARIO:SIDE")
        sc = find_scenario(name.strip())
        if side.strip() not in sc.sides:
            raise GameError(f"--sides {item}: {sc.key} has no side '{side.strip()}' "
                            f"(sides: {', '.join(sc.sides)})")
        out.add((sc.key, side.strip()))
    return out


def measure(scenarios: list[str], levels: list[str], games: int, seed: int,
            workers: int, only: set[tuple[str, str]] | None = None
            ) -> tuple[list[Row], float]:
    """Play the games (see the module text), for the (scenario, side) pairs in ``only``
    if given; the rows and the wall time."""
    cells: list[Cell] = []
    level_map: dict[str, dict[str, str]] = {}
    what: list[tuple[str, str, str, str]] = []
    for name in scenarios:
        sc = find_scenario(name)
        for level in levels:
            for side in sc.sides:
                if only is not None and (sc.key, side) not in only:
                    continue
                key = f"{sc.key}: {side} {level}"
                cells.append(Cell(key, list(sc.sides), Variant((), sc)))
                level_map[key] = {s: (level if s == side else "normal") for s in sc.sides}
                what.append((sc.key, side, level, key))
    start = time.perf_counter()
    run(cells, games, seed, level_map, workers=workers, progress=ProgressBar())
    wall = time.perf_counter() - start
    rows = []
    for cell, (sc_key, side, level, _) in zip(cells, what, strict=True):
        st = summarise(cell.sides, cell.records)
        if level == "easy":
            wins = sum(st.wins.get(s, 0) for s in st.sides if s != side)
        else:
            wins = st.wins.get(side, 0)
        rows.append(Row(sc_key, side, level, Rate(wins, st.games), st.draws, st.seconds,
                        st.cpu_seconds))
    return rows, wall


def table(rows: list[Row]) -> list[str]:
    out = ["| scenario | side at the level | level | games | target's win rate (95 % "
           "interval) | draws | met | s/game | cpu s/game |",
           "| --- | --- | --- | --- | --- | --- | --- | --- | --- |"]
    for r in rows:
        who = "hard wins" if r.level == "hard" else "normal wins"
        out.append(f"| {r.scenario} | {r.side} | {r.level} | {r.rate.n} | {who} "
                   f"{r.rate.text()} | {r.draws} | {r.met} | "
                   f"{r.seconds / max(1, r.rate.n):.2f} | {r.cpu / max(1, r.rate.n):.2f} |")
    return out


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(prog="python -m game.lab.strengths", description=__doc__)
    p.add_argument("--games", type=int, default=100)
    p.add_argument("--levels", default="easy,hard")
    p.add_argument("--scenarios", default="all")
    p.add_argument("--workers", type=int, default=os.cpu_count() or 1)
    p.add_argument("--seed", type=int, default=0)
    p.add_argument("--sides", help="only these SCENARIO:SIDE pairs (the side at the "
                   "level), comma-separated; their scenarios must be in --scenarios")
    p.add_argument("--out")
    args = p.parse_args(argv)
    try:
        levels = [lv.strip() for lv in args.levels.split(",") if lv.strip()]
        for lv in levels:
            if lv not in TARGETS:
                raise GameError(f"--levels: '{lv}' has no target (levels: "
                                f"{', '.join(x for x in LEVELS if x in TARGETS)})")
        names = ([s.key for s in list_scenarios()] if args.scenarios == "all"
                 else [s.strip() for s in args.scenarios.split(",") if s.strip()])
        only = parse_sides(args.sides)
        rows, wall = measure(names, levels, args.games, args.seed, args.workers, only)
    except GameError as e:
        print(f"error: {e}", file=sys.stderr)
        return 2
    argv_text = shlex.join(sys.argv[1:] if argv is None else argv)
    lines = [f"- command: `python -m game.lab.strengths {argv_text}`",
             f"- seed {args.seed}, {args.workers} workers, {wall:.0f} s wall clock, "
             f"Python {platform.python_version()}", "", *table(rows), ""]
    text = "\n".join(lines)
    if args.out:
        with open(args.out, "a", encoding="utf-8") as f:
            f.write(text + "\n")
    print(text)
    return 0


if __name__ == "__main__":
    sys.exit(main())
