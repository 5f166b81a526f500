"""``python main.py --check-map FILE``: each kind of map measured by its own check.

A table map by G-8's balance (:mod:`game.rules.hero.balance`), a sewer map by its
corridors and features (:mod:`game.boards.sewer_report`), a track map by P-1's balance of
sizes and P-3's deployment (:mod:`game.boards.track_report`, with the chase's numbers
handed in from :mod:`game.rules.squads.pursuit.numbers`). FILE is a map, or a scenario
(``.toml``) whose map is one. Exit code: 0 sound, 1 with advice, 2 malformed (the error,
one line, goes to ``fail``: stderr unless given).
"""

from __future__ import annotations

import sys
from collections.abc import Callable
from pathlib import Path

from game.boards.sewer_report import check_sewer
from game.boards.track_report import ChaseNumbers, check_track
from game.core.errors import GameError, one_line
from game.rules.hero.balance import check_table


def chase_numbers() -> ChaseNumbers:
    """P-1 and P-3's numbers and the profiles' bases, as the street chase reads them."""
    from game.rules.squads.data import load_data
    from game.rules.squads.pursuit.numbers import chase_data

    d = chase_data()
    return ChaseNumbers(min_length=d.min_length, from_arrival=d.from_arrival,
                        apart=d.from_runners,
                        bases={k: p.radius for k, p in load_data().profiles.items()})


def check_map(path: str, emit: Callable[[str], None] = print,
              fail: Callable[[str], None] | None = None) -> int:
    """``--check-map FILE``: print the report of FILE's kind of map (see the module)."""
    from game.boards.tiled import KIND_NAMES, load_map
    from game.core.scenario import load_scenario

    def error(text: str) -> int:
        (fail or (lambda t: print(t, file=sys.stderr)))(f"error: {one_line(text)}")
        return 2

    if not path.strip():
        return error("--check-map needs a table map file (a .tmx, or a scenario .toml)")
    try:
        where = Path(path)
        if where.suffix.lower() == ".toml":  # a scenario: its map
            where = load_scenario(where).map_path
        loaded = load_map(where)
        if loaded.kind == "sewer":
            return check_sewer(loaded, emit)
        if loaded.kind == "track":
            return check_track(loaded, emit, chase_numbers())
        if loaded.kind != "table":
            return error(f"{where.name} is a {KIND_NAMES.get(loaded.kind, loaded.kind)}; "
                         f"--check-map measures table, sewer and track maps")
    except GameError as e:
        return error(str(e))
    return check_table(loaded, emit, error)
