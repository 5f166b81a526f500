"""The hard level's sewer flood player: the normal squad player (:class:`SquadPlayer`)
with weights of its own (:class:`SquadWeights`), tuned by paired games against the
normal player per scenario side (:data:`game.ai.hard_players.SQUAD_WEIGHTS`,
docs/balance/strengths.md, "sewer flood").

The weights and the considerations only they turn on are the normal player's own
(:mod:`game.ai.squads.weights`, :mod:`game.ai.squads.player`); with the normal weights
(``SquadWeights()``) it plays exactly as the normal player (a test plays it game for
game against it).

A module of its own so that :mod:`game.ai.hard_players` loads no rule system until a
hard player of that ruleset is made.
"""

from __future__ import annotations

from game.ai.squads.player import SquadPlayer
from game.ai.squads.weights import SquadWeights

__all__ = ["HardSquadPlayer", "SquadWeights"]


class HardSquadPlayer(SquadPlayer):
    """The sewer flood's squad player with :class:`SquadWeights` of its own (module
    text)."""
