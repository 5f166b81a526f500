"""The balance lab: many computer-against-computer games of scenarios and their variants.

``python main.py --balance SCENARIO [SCENARIO...|all] [--games N] [--vary PATH=V1,V2]...
[--ai-level LEVEL|SIDE=LEVEL]... [--workers K | --cluster ADDRESS] [--seed S]
[--report DIR]``

* N games (default 1,000) of every variant of every scenario named (``all``: every
  shipped scenario the picker offers); several ``--vary`` make a grid
  (:mod:`game.lab.variants`).
* Game i of a variant is played with seed S + i (S defaults to 0) for the dice and every
  player, so the numbers are the same for any ``--workers`` or cluster.
* ``--ai-level`` sets a side's strength (:mod:`game.ai.levels`): ``hard`` for every side,
  ``raiders=easy`` for one; normal where not named.
* ``--workers K`` (default: every core) plays on K local processes; ``--cluster ADDRESS``
  on a running Dask scheduler's workers (``tcp://host:8786``).
* A progress bar with the time left goes to stderr; Ctrl+C (or SIGTERM) stops and reports
  the games that finished. A summary line per variant goes to stdout, and with ``--report DIR`` a
  Markdown report and PNG plots (:mod:`game.lab.report`).

Errors a user can make (an unknown scenario, side, level or path, a value that does not
fit) print one line ``error: ...`` on stderr and exit with code 2.
"""

from __future__ import annotations

import argparse
import os
import shlex
import sys
from typing import TYPE_CHECKING

from game.core.errors import GameError
from game.core.heap import settle
from game.core.scenario import Scenario, find_scenario, list_scenarios

if TYPE_CHECKING:  # the lab's engine is imported when a run starts, not with the package
    from game.lab.runner import Cell, RunResult
    from game.lab.variants import Vary

DEFAULT_GAMES = 1000


def scenarios_named(names: list[str]) -> list[Scenario]:
    """The scenarios ``--balance`` names (``all``: the picker's); GameError if unknown."""
    if any(n.lower() == "all" for n in names):
        return list_scenarios()
    out: list[Scenario] = []
    for n in names:
        sc = find_scenario(n)
        if sc not in out:
            out.append(sc)
    return out


def build_cells(scenarios: list[Scenario], varies: list[Vary],
                level_specs: list[str] | None) -> tuple[list[Cell], dict[str, dict[str, str]]]:
    """Every (scenario, variant) cell and each scenario's side -> level."""
    from game.ai.levels import parse_levels
    from game.lab.runner import Cell
    from game.lab.variants import variants

    cells: list[Cell] = []
    levels: dict[str, dict[str, str]] = {}
    for sc in scenarios:
        sides = list(sc.sides)
        levels[sc.key] = parse_levels(level_specs, sides)
        for v in variants(sc, varies):
            cells.append(Cell(sc.key, sides, v))
    return cells, levels


def balance(names: list[str], *, games: int = DEFAULT_GAMES, seed: int = 0,
            vary: list[str] | None = None, levels: list[str] | None = None,
            workers: int = 1, cluster: str | None = None, report: str | None = None,
            command: str = "", progress: bool = True) -> RunResult:
    """Run the lab (see the module text) and write the report; the result."""
    from game.lab.runner import ProgressBar, run, summary_line
    from game.lab.stats import summarise
    from game.lab.variants import parse_vary

    varies = [parse_vary(v) for v in vary or []]
    cells, level_map = build_cells(scenarios_named(names), varies, levels)
    bar = ProgressBar() if progress else None
    result = run(cells, games, seed, level_map, workers=workers, cluster=cluster,
                 progress=bar)
    if result.interrupted:
        if bar is not None:
            bar.end()
        print(f"stopped: {result.played} of {games * len(cells)} games finished",
              file=sys.stderr)
    for c in cells:
        print(summary_line(c, summarise(c.sides, c.records)))
    if report:
        from game.lab.report import write_report

        path = write_report(result, report, command)
        print(f"report: {path}")
    return result


def main(args: argparse.Namespace) -> int:
    """``python main.py --balance ...``: 0 when done (or stopped by Ctrl+C), 2 on an
    error."""
    command = "python main.py " + shlex.join(args.argv)
    settle()  # (game.core.heap: the start-up's objects out of the collector's walks)
    try:
        balance(args.balance, games=DEFAULT_GAMES if args.games is None else args.games,
                seed=0 if args.seed is None else args.seed, vary=args.vary,
                levels=args.ai_level,
                workers=args.workers if args.workers is not None else os.cpu_count() or 1,
                cluster=args.cluster, report=args.report, command=command)
        return 0
    except GameError as e:
        print(f"error: {e}", file=sys.stderr)
        return 2
