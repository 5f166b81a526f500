"""The squad wargame basics (S-1..S-7), board-free: profiles, weapons and tables as data,
one function per rule, exact odds of every attack and tests, and rolls through Dice that
report Events. The rulesets built on them (the sewer flood F-*, the street chase P-*)
add the board and the turn.

- :mod:`.data`: the TOML (S-1 profiles and weapons, the S-2..S-7 tables, the readings).
- :mod:`.units`: ``Model`` and ``Unit`` values (JSON in and out).
- :mod:`.basics`: ``to_hit_shooting`` (S-2), ``to_hit_close_combat``,
  ``close_combat_attacks``, ``strike_order`` (S-3), ``to_wound`` (S-4), ``armour_save``
  (S-5), ``shots_at`` (the weapon kinds), and the ``AttackLine`` s attacks are made of.
- :mod:`.casualties`: the exact chance of each number of casualties of an attack.
- :mod:`.combat`: ``resolve_attacks`` and ``fight_round`` with the dice, ``take_wound``.
- :mod:`.checks`: ``characteristic_test``, ``leadership_test`` (S-6),
  ``dangerous_terrain_test`` (S-7).
- :mod:`.coherency`: ``in_coherency``, ``coherency_groups`` and the main chain (S-7).
"""
