"""The hard level's own copy of the Tabletop Hero player (issue 19): weights of its
own, tuned by paired games (docs/balance/strengths.md), while the normal player stays
as it is."""

from __future__ import annotations

from typing import Any

import pytest

from game.ai import computer_player
from game.ai.hard_hero import HardHeroPlayer, HeroWeights
from game.ai.player import Player
from game.core.match import Match
from game.rules import open_match


def _actions(m: Match[Any], players: dict[str, Player], limit: int = 600) -> list[Any]:
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


@pytest.mark.parametrize(("scenario", "seed"), [("backyard", 0), ("backyard", 7),
                                                ("ruined_village", 3)])
def test_hard_hero_player_with_the_normal_weights_plays_as_normal(scenario: str,
                                                                  seed: int) -> None:
    """Game for game: the copy with :class:`HeroWeights` () on every side plays each
    action the normal player plays."""
    m1, m2 = open_match(scenario, seed), open_match(scenario, seed)
    normal = {s: computer_player("hero", seed) for s in m1.sides}
    copy: dict[str, Player] = {s: HardHeroPlayer(seed, HeroWeights()) for s in m2.sides}
    assert _actions(m1, normal) == _actions(m2, copy)
