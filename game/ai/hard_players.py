"""Hard-only copies of the normal players, with weights of their own.

The normal players (the golden transcripts play them) are never changed; the hard
level plays a copy whose weights were tuned by paired games against the normal player
(docs/balance/strengths.md, "hard-only weights"):

- Melee on hex heights: the Tactician itself with other :class:`Weights` (it takes
  them as an argument; its caches are keyed by them).
- Melee on zone boards: :class:`game.ai.hard_zones.HardZoneTactician`, the zone
  Tactician with the worth of putting an enemy down, the attackers' urgency, a weight
  for defending where the normal player would not, the charges awaiting a figure
  (waiting where an enemy yet to act could charge it; a charge scored down by the
  charges that await the charger where it ends; a charge at an enemy fighting friends
  raised by the blow it spares them) and, per kind of action, a scale and an offset on
  the score of its proposals (:class:`ZoneWeights`).
- The street chase: :class:`game.ai.hard_chase.HardChasePlayer`, the chase player
  weighing the pieces' shadow, and for the runners the mine clusters carried back at
  them and what the next pursuit phase costs where they end (``ChaseWeights``,
  ``CHASE_WEIGHTS`` there).
- Tabletop Hero: :class:`game.ai.hard_hero.HardHeroPlayer`, the hero player with
  :class:`game.ai.hero.weights.HeroWeights` (:data:`HERO_WEIGHTS`).
- The sewer flood: :class:`game.ai.hard_squads.HardSquadPlayer`, the squad player with
  :class:`game.ai.squads.weights.SquadWeights` (:data:`SQUAD_WEIGHTS`).

Only :func:`hard_inner` loads a ruleset's player (and so its rule system), when a hard
player of that ruleset is made.

:func:`hard_inner` gives the copy for a scenario: the weights tuned for that scenario
and side (:data:`HEX_WEIGHTS`, :data:`ZONE_WEIGHTS`, :data:`HERO_WEIGHTS`,
:data:`SQUAD_WEIGHTS`, ``CHASE_WEIGHTS``), else the normal player unchanged (a
scenario where no tuning was measured plays exactly as normal).
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import TYPE_CHECKING, Any

from game.ai import computer_player
from game.ai.player import Player

if TYPE_CHECKING:
    from game.ai.tft.evaluation import Weights


@dataclass(frozen=True)
class ZoneWeights:
    """How the hard zone Tactician's weights differ from the normal one's."""

    kill: float = 8.0
    """Points for putting an enemy down, on top of the damage (normal:
    ``game.ai.tft.zones.KILL``, 8)."""
    urgency: float = 2.0
    """How much more an attacker that must break a holding-out side leans into the
    fight at the last turn (normal: 2)."""
    scale: tuple[tuple[str, float], ...] = ()
    """Action class name -> a factor on its proposals' scores (1 where not named)."""
    offset: tuple[tuple[str, float], ...] = ()
    """Action class name -> points added to its proposals' scores (0 where not named)."""
    guard: float = 0.0
    """A figure in contact also weighs defending (T-7: the attackers roll 4d6) where the
    normal player would not: at this share of the blows it expects (0: never)."""
    wait: float = 0.0
    """An Alone figure that an enemy yet to act could charge this turn (Z-9: double
    damage) also weighs waiting (Z-17: it acts last, and till then it can still evade,
    intercept and answer a charge at double damage) at this share of the strongest such
    charge's blow (0: never)."""
    getaway: float = 0.0
    """The second move of a split action, once its attack is made (Z-8: charge and get
    away; the normal player moves on towards the enemy), loses this share of the
    strongest charge that enemies yet to act could land where it ends, less the one they
    could land where the figure stands, and weighs moves out of those charges' reach (0:
    the normal player)."""
    obstacle: float = 0.0
    """A charge (Z-9) is weighed by the chance its end gets round the obstacle its
    target keeps between them (Z-11: a DX roll; a failed one leaves the charger Alone
    beside it): 1 in full, 0 not at all (the normal player, which counts only the
    move)."""
    retaliate: float = 0.0
    """A charge (Z-9) loses this share of the strongest charge that another enemy yet to
    act this turn could then land on the charger where it ends (0: the normal player,
    which does not look past its blow)."""
    relief: float = 0.0
    """A charge (Z-9) at an enemy fighting friends in its melee group (Z-2) gains this
    share of the strongest blow that enemy would deal one of them, times the chance the
    charge gets there and its blow (double damage) puts the enemy down (0: the normal
    player, which weighs only the blow and the charger's risk)."""


ZONE_WEIGHTS: dict[str, ZoneWeights] = {
    # holding out till dawn: a farmer in contact always defends (150 paired games:
    # 140 won where the normal farmers won 56)
    "farmhouse:farmers": ZoneWeights(guard=3.0, offset=(("Defend", 20.0),)),
    # a melee won by charges (Z-9: double damage): an Alone warden in reach of a charge
    # waits (Z-17: answers it at double damage, then charges last) and weighs the
    # charges awaiting it where its own charge ends (200 paired games on held-out seeds:
    # 136 won where the normal wardens won 88)
    "open_field:wardens": ZoneWeights(wait=0.5, retaliate=0.5),
    # the raiders also wait for the charges awaiting them, weigh those awaiting a
    # charger and get a wolf rider away after its split charge; above all they charge
    # the wardens fighting their friends (the blow spared), weigh the thicket's roll and
    # put a smaller worth on downing a figure (200 paired games on held-out seeds: 122
    # won where the normal raiders won 95)
    "open_field:raiders": ZoneWeights(kill=6.0, wait=2.0, retaliate=1.0, getaway=1.0,
                                      obstacle=1.0, relief=5.0),
}
"""``"scenario:side"`` or ``"scenario"`` -> the hard zone Tactician's weights, where
tuned (docs/balance/strengths.md, "hard-only weights")."""


def hex_weights(**changes: Any) -> Weights:
    """The normal Tactician's weights with ``changes``."""
    from game.ai.tft.evaluation import Weights

    return replace(Weights(), **changes)


HEX_WEIGHTS: dict[str, dict[str, float]] = {
    # the normal Tactician is bold (threat 0.3): weighing the blows it will take at 0.6
    # (and, for the raiders, enemies yet to move in full, no attack set up for the next
    # turn and no worth in merely closing in: they let the wardens come) wins more
    "hill_fight:wardens": {"threat": 0.6},
    "hill_fight:raiders": {"threat": 0.6, "unmoved": 1.0, "later": 0.0, "approach": 0.0},
    # an archer in contact keeps its bow and shoots its engager point blank instead of
    # readying its dagger and defending, and shifts out of reach to shoot (200 held-out
    # paired games: 185 won where the normal garrison won 84; docs/balance/strengths.md)
    "hill_fort:garrison": {"keep_bow": 1.0, "step_out": 2.0},
    # the raiders keep out of the archers' sight where they can and close on the
    # archers, from turn 12 each weighs its own walk to a hex it could strike from
    # (under the wall it cannot strike up, it goes round by the gate), and a level of
    # height is worth twice the normal (the fight is on the walls and in the fort, H-6):
    # 2,000 paired games (the second 1,000 held out), 1,254 won where the copy without
    # the height won 1,128 and the normal raiders 758
    "hill_fort:raiders": {"cover": 0.3, "hunt": 0.9, "walk": 2.4, "walk_from": 12,
                          "high": 0.5},
}
"""``"scenario:side"`` or ``"scenario"`` -> how the hard Tactician's weights differ
from the normal ones (:func:`hex_weights`), where tuned."""


HERO_WEIGHTS: dict[str, dict[str, Any]] = {
    # its hero keeps out of throwing reach of enemies holding explosives (K-7: they
    # reach a hidden hero; K-10: its death loses the game)
    "backyard:green": {"blast_danger": 15.0},
    # the wardens go after the raiders' hero: he counts 14 units nearer, not 8 (K-10;
    # on the rebalanced village, 200 paired games on seeds no tuning had seen: 116 won
    # where the normal wardens won 90)
    "ruined_village:wardens": {"pull": 14.0},
    # the raiders' minis keep out of the wardens' sniper's sights (K-11: its critical
    # kills any mini at full health; 200 held-out paired games: 120 won against 103)
    "ruined_village:raiders": {"mate_sniper": 10.0},
    # its minis walk round the shed where every straight move is blocked (G-1), run to
    # the spot with the shortest walk to their target, keep a little out of throwing
    # reach and pull towards the enemy hero (600 paired games on seeds no tuning had
    # seen: 308 won where the normal tan won 237; below 60 %, the scenario's balance)
    "backyard:tan": {"detour": True, "walk_run": True, "blast_danger": 3.0, "pull": 17.0},
}
"""``"scenario:side"`` or ``"scenario"`` -> how the hard Tabletop Hero player's weights
differ from the normal ones (:class:`game.ai.hero.weights.HeroWeights`), where tuned."""


SQUAD_WEIGHTS: dict[str, dict[str, Any]] = {
    # the troopers keep beyond the swarm's 12-inch spine guns (22 inches, not 13) and
    # stand to shoot at a smaller worth (0.3 expected casualties, not 0.6): a rifle
    # fires at long range only standing (on the maps without the great brood leaders,
    # F-10: 200 held-out paired games, 119 won, mirror 99)
    "storm_drain:troopers": {"shooting_standoff": 22.0, "sights": 0.3},
    # the brood stops 5 inches short of the enemy it closes with (not 1.2) and charges
    # from there; a unit with nothing to shoot runs only when more than 4 inches from
    # its goal's stand-off (not 1.5) (200 held-out paired games: 120 won, mirror 96)
    "storm_drain:swarm": {"close": 5.0, "run_gap": 4.0},
    # the nest's shooting keepers close to their spine guns' reach, 6 inches from the
    # enemy coming (normal: 13, out of their own 12-inch range) (200 held-out paired
    # games: 130 won, mirror 101)
    "charges_in_the_nest:swarm": {"keeper_reach": True, "shooting_standoff": 6.0},
}
"""``"scenario:side"`` or ``"scenario"`` -> how the hard sewer flood player's weights
differ from the normal ones (:class:`game.ai.squads.weights.SquadWeights`), where tuned
(docs/balance/strengths.md, "sewer flood")."""


def hard_inner(ruleset: str, scenario: str, side: str, seed: int = 0) -> Player:
    """The player the hard level builds on for ``side`` of ``scenario`` (module text)."""
    for key in (f"{scenario}:{side}", scenario):
        if ruleset == "tft-heights" and key in HEX_WEIGHTS:
            from game.ai.tft.tactician import Tactician

            return Tactician(seed, hex_weights(**HEX_WEIGHTS[key]))
        if ruleset == "tft-zones" and key in ZONE_WEIGHTS:
            from game.ai.hard_zones import HardZoneTactician

            return HardZoneTactician(seed, ZONE_WEIGHTS[key])
        if ruleset == "hero" and key in HERO_WEIGHTS:
            from game.ai.hard_hero import HardHeroPlayer, HeroWeights

            return HardHeroPlayer(seed, HeroWeights(**HERO_WEIGHTS[key]))
        if ruleset == "flood" and key in SQUAD_WEIGHTS:
            from game.ai.hard_squads import HardSquadPlayer, SquadWeights

            return HardSquadPlayer(seed, SquadWeights(**SQUAD_WEIGHTS[key]))
    if ruleset == "pursuit":
        from game.ai.hard_chase import hard_chase

        return hard_chase(scenario, side, seed)
    return computer_player(ruleset, seed)
