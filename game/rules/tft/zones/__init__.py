"""Melee on zone boards (seed 002): Fantasy Trip figures where what matters is status and
what hinders movement, not distance.

What a front end or a computer player may use (issue 14's public surface):

- :mod:`actions`: the Z-17 actions and reactions that have meaning without magic;
- :mod:`queries`: every read-only question about a state (:class:`~.queries.ZoneQueries`,
  built by ``MeleeOnZones.queries(state)``), with the types needed to read the answers;
- :mod:`phases`: the phases of a turn (:class:`~.phases.ZonePhase`) and the reactions a
  window asks for (:class:`~.phases.WindowKind`);
- :mod:`events`: the zone rules' own event kinds (:class:`~.events.ZoneKind`).

The rooms inside (the rules' own business):

- :mod:`ruleset`: the contract class, and nothing more; :mod:`setup`: a scenario placed;
- :mod:`state`: figures in zones, on boundary lines and in bottlenecks; the action under
  way and the reaction asked for;
- :mod:`rules`: one function per zone rule (status Z-2, movement rate and rolls Z-3..Z-8,
  terrain Z-10, obstacles Z-11, contests Z-13..Z-15, bottlenecks Z-16, missiles), the
  odds of each roll derived there once;
- :mod:`legal`: what is legal now and why not;
- carrying actions out: :mod:`apply` (one handler per action), :mod:`pipeline` (the steps
  of an action that may pause), :mod:`flow` (the turn, T-7), :mod:`moving`,
  :mod:`striking`, :mod:`windows` and :mod:`reacting` (the steps), :mod:`groups` (who
  stands with whom);
- :mod:`words`: actions in words and figures as pieces;
- ``zones.toml``: the zone rules' numbers (:mod:`data`).

Combat (T-1..T-4) and the turn order (T-7) are the family's own, board-free
(:mod:`game.rules.tft.combat`, :mod:`game.rules.tft.turn`).
"""
