"""The hard level's Tabletop Hero player: the normal one (:class:`HeroPlayer`) with
weights of its own (:class:`HeroWeights`), tuned by paired games against the normal
player per scenario side (:data:`game.ai.hard_players.HERO_WEIGHTS`,
docs/balance/strengths.md, "hard against normal, Tabletop Hero").

The weights and the considerations only they turn on are the normal player's own
(:mod:`game.ai.hero.weights`, :mod:`game.ai.hero.player`); with the normal weights
(``HeroWeights()``) it plays exactly as the normal player (a test plays it game for
game against it).

A module of its own so that :mod:`game.ai.hard_players` loads no rule system until a
hard player of that ruleset is made.
"""

from __future__ import annotations

from game.ai.hero.player import HeroPlayer
from game.ai.hero.weights import HeroWeights

__all__ = ["HardHeroPlayer", "HeroWeights"]


class HardHeroPlayer(HeroPlayer):
    """The Tabletop Hero player with :class:`HeroWeights` of its own (module text)."""
