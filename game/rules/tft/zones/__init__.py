"""Melee on zone boards (seed 002): Fantasy Trip figures where what matters is status and
what hinders movement, not distance.

- :mod:`state`: figures in zones, on boundary lines and in bottlenecks; the action under
  way and the reaction asked for;
- :mod:`actions`: the Z-17 actions and reactions that have meaning without magic;
- :mod:`rules`: one function per zone rule (status Z-2, movement rate and rolls Z-3..Z-8,
  terrain Z-10, obstacles Z-11, contests Z-13..Z-15, bottlenecks Z-16, missiles);
- :mod:`legal`: what is legal now and why not;
- :mod:`ruleset`: the turn (T-7), the actions and their reactions;
- ``zones.toml``: the zone rules' numbers (:mod:`data`).

Combat (T-1..T-4) and the turn order (T-7) are the family's own, board-free
(:mod:`game.rules.tft.combat`, :mod:`game.rules.tft.turn`).
"""
