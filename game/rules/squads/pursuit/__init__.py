"""The street chase (seed 001's "Pursuit", P-1..P-13) on the squad wargame basics: scout
riders flee down a ruined street from winged hunters and mine clusters, the table sliding
back 12 inches a turn. The ruleset is :mod:`.ruleset` (registry key "pursuit")."""
