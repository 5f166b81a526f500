"""The computer players' strengths by name, and ``--ai-level`` read into them: what the
window's picker needs before any player is made (the players are in
:mod:`game.ai.levels`)."""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from game.core.errors import GameError
from game.core.ruleset import Side

LEVELS = ("easy", "normal", "hard")
"""The strengths, weakest first."""


def parse_levels(specs: Iterable[str] | None, sides: Sequence[Side], *,
                 strict: bool = True) -> dict[Side, str]:
    """``--ai-level`` values as side -> level: ``LEVEL`` for every side, ``SIDE=LEVEL``
    for one (comma lists allowed; later ones win); normal for any side not named.
    GameError naming a bad level, and (``strict``) a side the scenario does not have;
    not strict, such a side is another scenario's and passed over (the picker)."""
    out = {s: "normal" for s in sides}
    for spec in specs or ():
        for item in (t.strip() for t in spec.split(",")):
            if not item:
                continue
            side, eq, level = item.rpartition("=")
            level = level.strip().lower()
            if level not in LEVELS:
                raise GameError(f"--ai-level {item}: unknown level '{level}' "
                                f"(levels: {', '.join(LEVELS)})")
            if not eq:
                out = {s: level for s in sides}
            elif side.strip() in out:
                out[side.strip()] = level
            elif strict:
                raise GameError(f"--ai-level {item}: no side called '{side.strip()}' "
                                f"(sides: {', '.join(sides)})")
    return out
