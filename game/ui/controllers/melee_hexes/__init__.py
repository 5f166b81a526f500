"""The Melee-on-heights controller: the only UI code that knows its actions and figures.

It decides no rule: it asks the Match what is legal (``legal_actions``) and the rules'
queries (:class:`~game.rules.tft.hexes.queries.HexQueries`) where a figure can go
(``move_options``), whether and how well it can hit (``attack_check``, ``shot_check``),
what a drop, a climb or a leap risks (``fall_odds``, ``drop_odds``, ``push_odds``,
``climb_risk``, ``leap_risk``) and where it could still attack from (T-7's charge),
turns clicks and keys into those actions, and words what the board's labels, the panel
and the hover tips say. Its rooms: :mod:`.controller` (clicks, keys, Enter and waiting),
:mod:`.legal` (today's actions by how they are chosen), :mod:`.marks` (the board),
:mod:`.tips` (a hex and an enemy under the pointer), :mod:`.buttons` and :mod:`.panel`
(the side panel), :mod:`.words` (odds in words).
"""

from game.ui.controllers.melee_hexes.controller import MeleeHexController
from game.ui.controllers.melee_hexes.legal import USEFUL, Legal, sort_legal
from game.ui.controllers.melee_hexes.words import risk_label, risk_lines, sight_mark

__all__ = ["USEFUL", "Legal", "MeleeHexController", "risk_label", "risk_lines",
           "sight_mark", "sort_legal"]
