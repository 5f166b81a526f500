"""Games played action by action, for tests that compare two players' play."""

from __future__ import annotations

from typing import Any

from game.ai.player import Player
from game.core.match import Match


def played_actions(m: Match[Any], players: dict[str, Player], limit: int) -> list[Any]:
    """The actions ``players`` choose in ``m``, applied, until the game ends or
    ``limit`` actions are played."""
    out = []
    for _ in range(limit):
        if m.outcome() is not None:
            break
        side = m.to_act()
        assert side is not None
        a = players[side].choose(m)
        out.append(a)
        m.apply(a)
    return out
