"""The numbers the sewer flood's squad computer player
(:class:`game.ai.squads.player.SquadPlayer`) weighs its choices by, and the
considerations it has only where they are on.

The defaults are the normal player's: every extra consideration off (0). The hard level
tunes some of them per scenario side (:data:`game.ai.hard_players.SQUAD_WEIGHTS`,
docs/balance/strengths.md): the planters standing to shoot a brood that comes for them
(``planter_stand``), the shooters standing to fire rather than falling back from a
brood in their sights (``stand_fire``), the shots aimed at the unit about to charge
(``threat``, ``threat_reach``), when models climb out of the water's reach
(``flood_likely``), and the odds a charge needs (``charge_edge``, ``min_reach``).
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class SquadWeights:
    """The squad player's numbers (the defaults: the normal player's; the hard level's
    tuned ones: :data:`game.ai.hard_players.SQUAD_WEIGHTS`)."""

    # ------------------------------------------------------------ movement
    sights: float = 0.6
    """A target with this many expected casualties in a unit's sights: it stands still
    and shoots (planters excepted)."""
    slowed: float = 0.75
    """The share of a full move planters count on in the turns left (difficult terrain,
    water and the enemy in the way slow them)."""
    run_gap: float = 1.5
    """A unit further than this (inches) from its goal's stand-off runs when it has
    nothing to shoot."""
    run_worth: int = 2
    """The shortest run roll (inches) worth moving the unit's models for: a run of 1 inch
    gains next to nothing, and every model's move is judged."""
    planter_stand: float = 0.0
    """Planters with a melee unit within this many inches (centre to model) stand still
    and shoot at it rather than advance, while they would still reach the nest in time
    (normal: 0, planters never stop to shoot)."""
    stand_fire: bool = False
    """Shooters with a worthwhile target in their sights stand and fire rather than fall
    back from a melee unit (a rapid-fire gun fires beyond half range only standing;
    normal: they fall back)."""

    # ------------------------------------------------------------ goals
    flood_likely: float = 0.5
    """The chance of a flood next turn from which models climb to gantries (F-2: turn
    3's 4+ and later)."""
    gantry_reach: float = 6.0
    """How far (inches) a model goes to climb onto a gantry."""
    danger: float = 12.0
    """Shooters nearer a melee unit than this (centre to centre) fall back from it."""
    melee_threat: float = 8.0
    """How far from a melee unit shooters stay: out of its charge, within rapid fire."""
    shooting_standoff: float = 13.0
    """How near shooters go to the enemy's shooters: beyond their 12-inch guns, within a
    rifle's 24 inches (they fire standing, one shot each)."""
    close: float = 1.2
    """How near (inches) melee units go to the enemy model they head for."""
    unseen: float = 4.0
    """How near shooters go to enemy shooters none of them sees."""
    meet: float = 16.0
    """The nest's melee keepers meet an enemy this near the nest."""
    cover: float = 24.0
    """The nest's shooting keepers shoot at an enemy this near the nest."""
    keeper_reach: bool = False
    """The nest's shooting keepers close to their own guns' reach (less 2 inches, as
    hunting shooters do) rather than to ``shooting_standoff`` (normal: the stand-off,
    13 inches, which is beyond a 12-inch spine gun)."""
    home: float = 6.0
    """Keepers further than this from the nest go back to it ..."""
    home_standoff: float = 3.0
    """... to within this many inches."""

    # ------------------------------------------------------------ shooting
    threat: float = 3.0
    """How much more a melee unit within its charge reach is worth shooting."""
    threat_reach: float = 13.0
    """How near (centre to model, inches) a melee unit counts as about to charge (its
    move and its charge, and a little)."""
    least_shot: float = 0.05
    """A target worth less than this (expected casualties) is not shot."""

    # ------------------------------------------------------------ assault
    charge_edge: float = 1.0
    """How much the expected casualties of a charge must beat those it suffers."""
    melee_edge: float = 0.5
    """A melee unit's charge counts this much more."""
    guard_edge: float = 10.0
    """Planters late in the game charging what holds the nest (their models then plant)."""
    way_edge: float = 2.0
    """Planters late in the game charging a unit nearer the nest than they are."""
    late: int = 2
    """From this many turns before the last, planters charge what stands in their way."""
    min_reach: float = 0.3
    """A charge is made only with at least this chance to reach."""


NORMAL = SquadWeights()
"""The normal player's weights."""
