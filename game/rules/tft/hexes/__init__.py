"""Melee on Heroscape-style hex height maps (seed 000): facing (T-5), engagement (T-6),
force retreats (T-8) and the height rules (H-*), over the board-free Fantasy Trip parts
of :mod:`game.rules.tft`.

Outside the rules, a front end or a computer player imports only :mod:`.actions`,
:mod:`.queries` (``MeleeOnHeights.queries(state)`` and what its answers are made of),
:mod:`.phases` and :mod:`game.rules.tft.events`; :mod:`.ruleset` says where the rest
lives."""
