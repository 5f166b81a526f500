"""The Fantasy Trip family: Melee's figures, combat and turn, on any board.

The board-free parts live here and are shared by every board the family plays on:

- :mod:`figure`: a figure's stats, gear and condition (T-1, T-4);
- :mod:`combat`: adjusted DX, the attack roll, damage and armour (T-1..T-4), the charge
  allowance (T-7);
- :mod:`turn`: initiative and the order of actions by adjusted DX (T-7);
- :mod:`data`: every number of the rule texts, read from ``data/*.toml``;
- :mod:`events`: the family's own event kinds (:class:`~events.MeleeKind`).

Each board has its own package: :mod:`game.rules.tft.hexes` (Melee on Heroscape-style
hex height maps: facing T-5, engagement T-6, force retreats T-8 and the H rules).
"""
