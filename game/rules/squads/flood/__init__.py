"""Flash flood in the sewers (seed 001, F-1..F-10) on the squad wargame basics: the
ruleset "flood" (:mod:`.ruleset`), the wash (:mod:`.water`) and the squad turn.

Public surface for front ends and computer players: :mod:`.actions`, :mod:`.queries`,
:mod:`.phases`, :mod:`.events`.
"""
