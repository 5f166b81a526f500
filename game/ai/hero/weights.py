"""The numbers the Tabletop Hero computer player (:class:`game.ai.hero.player.HeroPlayer`)
weighs its choices by, and the considerations it has only where they are on.

The defaults are the normal player's: every extra consideration off (0). The hard level
tunes some of them per scenario side (:data:`game.ai.hard_players.HERO_WEIGHTS`,
docs/balance/strengths.md, "hard against normal, Tabletop Hero"), most of them for its
own hero's safety (K-10: a side whose hero dies loses): the throwing reach of enemies
holding explosives (``blast_danger``: K-7, they reach a hidden mini) and the reach of
their guns (``danger``), the lines of sight of enemy guns in reach (``hide``,
``hide_sniper``; ``hide_first``: an exposed hero moves before it acts), caution while
its side hunts (``guard``, ``hurt_guard``), team mates within a blast of it
(``blast_gap``); and for its attacks, the enemies holding explosives or a sniper rifle
(``bomber``, ``sniper``, ``sniper_pull``) and the chance to kill the enemy hero outright
(``kill_hero``); and for every mini's moves, a way round the impassable pieces a
straight move runs into (``detour``, ``walk_run``: K-4, G-1).
"""

from __future__ import annotations

from dataclasses import dataclass

HUNT_TURN = 6
"""From this turn on every mini goes after the enemy hero (K-10 ends the game)."""
HURT = 3
"""A team mate at this many hit points or fewer is worth a medkit."""
HIDE_SPOTS = 24
"""Its hero's moves: the best-scored spots whose lines from the enemy guns are looked
at (:attr:`HeroWeights.hide`)."""


@dataclass(frozen=True)
class HeroWeights:
    """The hero player's numbers (the defaults: the normal player's; the hard level's
    tuned ones: :data:`game.ai.hard_players.HERO_WEIGHTS`)."""

    hero_worth: float = 2.0
    """An attack on the enemy hero counts this many times an attack on another mini."""
    down: float = 3.0
    """An attack's worth: its expected damage and this times its chance to knock the
    target down."""
    kill_hero: float = 0.0
    """An attack's worth: this times its chance to kill the enemy hero outright (K-9:
    at -2 hit points; K-10: that wins the game; normal: 0, a knock-down and a kill
    weigh the same)."""
    bomber: float = 0.0
    """An attack on an enemy with an explosive left counts this much more (1 + this
    times; K-7: explosives reach a hidden hero; normal: 0)."""
    hero_threat: float = 0.0
    """An attack on an enemy with an explosive left whose move and throw reach its own
    hero counts this much more (1 + this times; K-7: a blast reaches a hidden hero and
    its critical ignores armour; normal: 0)."""
    sniper: float = 0.0
    """An attack on an enemy with a sniper rifle counts this much more (1 + this
    times; K-11: its critical hit kills a hero at full health; normal: 0)."""
    sniper_pull: float = 0.0
    """Whom to go after: an enemy with a sniper rifle counts as this many units nearer
    (normal: 0)."""
    pull: float = 8.0
    """Whom to go after: the enemy hero counts as this many units nearer."""
    hunt_turn: int = HUNT_TURN
    """From this turn on the side hunts the enemy hero (K-10)."""
    hunt_lead: int = 2
    """... or from when it has this many more minis standing."""
    hurt: int = HURT
    """A team mate at this many hit points or fewer is worth a medkit."""
    heal_hero: float = 3.0
    """A medkit on the hero is worth this much more (on top of 3)."""
    caution: float = 0.6
    """Its hero's moves: points off per unit inside :attr:`caution_range` of an enemy,
    for each enemy (when not hunting)."""
    caution_range: float = 8.0
    """... within this many units."""
    guard: float = 0.0
    """Its hero's moves when hunting: :attr:`caution` times this (normal: 0, the hero
    walks into the fight)."""
    danger: float = 0.0
    """Its hero's moves, hunting or not: points off a spot for each conscious enemy
    that could shoot it next turn (its move and its longest gun's range reach the
    spot; normal: 0)."""
    blast_danger: float = 0.0
    """... and for each enemy with an explosive left that could throw it there (its
    move and the throw's range, K-7: explosives reach hidden minis; normal: 0)."""
    hide: float = 0.0
    """Its hero's moves: points off a spot for each enemy gun in reach of it (as for
    :attr:`danger`) with a clear line to it (K-8: a hidden mini cannot be shot; normal:
    0)."""
    hide_sniper: float = 0.0
    """... more for a sniper rifle (K-11: a critical hit, one roll in six, kills a hero
    at full health)."""
    hide_first: bool = False
    """Its hero, seen by an enemy gun where it stands (:attr:`hide`), moves before it
    acts where its move takes it out of more sight than it is in (normal: it acts where
    it stands, then moves)."""
    sniper_sight: float = 0.0
    """Its hero's moves: points off a spot for each enemy sniper rifle that would have
    it in its sights there from where the sniper stands: inside the rifle's range band
    (K-11: it cannot attack after moving) and not Hidden by the rules' own sight (K-8,
    team mates and pieces in the way; a critical, one roll in six, hits a Concealed
    hero and kills it at full health; normal: 0)."""
    mate_sniper: float = 0.0
    """Its other minis' moves: the same as :attr:`sniper_sight` (a sniper's critical
    kills any mini at full health; normal: 0)."""
    hurt_guard: float = 1.0
    """A hero at :attr:`hurt` hit points or fewer minds the enemy this many times more."""
    facing: float = 2.5
    """A spot with a piece between it and the target."""
    cover: float = 0.8
    """A spot beside any sheltering piece (not facing the target)."""
    clear: float = 4.0
    """A spot with a clear line to the target."""
    crowd: float = 3.0
    """Points off a spot per other mini within :attr:`spread` units (a blast catches
    them all)."""
    spread: float = 1.6
    """... within this many units."""
    blast_gap: float = 0.0
    """Points off a spot for each team mate within a blast's reach of it (K-7, 5
    units) where either is its hero: a blast on one would catch the hero too (normal:
    0)."""
    hero_range: float = 0.75
    """Its hero with a gun keeps this share of its longest range from its target (the
    others 0.75)."""
    throw: float = 1.6
    """An explosive's worth per enemy it would catch (the enemy hero counting
    :attr:`throw_hero`), if it catches no friend."""
    throw_hero: float = 2.0
    """... the enemy hero counting this many enemies."""
    throw_odds: float = 0.0
    """An explosive's worth, if on, from its exact odds (K-7: the throw's hit roll
    against the target's armour, half damage on a 1 or a 6, nothing where it bounces):
    this times the chance it lands times, for each enemy it would catch, the worth of
    an attack doing that damage less the enemy's Absorb (K-5; the hero
    :attr:`hero_worth` times), in place of :attr:`throw` per enemy; a throw catching
    a friend, or fewer enemies than a hero's worth, is still worth nothing (normal: 0,
    every enemy caught counts the same whoever is aimed at)."""
    detour: bool = False
    """Where no straight move (K-4) reaches its best-scored spots, an impassable piece
    in the way (G-1), a mini steps along the shortest walk round it to its target: to
    the spot in its reach with the shortest walk left
    (:func:`game.ai.hero.detour.detour_step`; normal: off, it stays where it stands)."""
    walk_run: bool = False
    """A mini with nothing in reach to shoot from any spot runs (K-4: twice its move,
    no action) to the spot with the shortest walk left to its target round the
    impassable pieces (G-1; :func:`game.ai.hero.detour.walk_to`), not the nearest in
    a straight line (normal: off)."""
