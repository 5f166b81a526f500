"""Melee on Heroscape-style hex height maps (seed 000): facing (T-5), engagement (T-6),
force retreats (T-8) and the height rules (H-*), over the board-free Fantasy Trip parts
of :mod:`game.rules.tft`."""
