"""The Tabletop Hero player's considerations for Backyard tan and Ruined village raiders
(issue 19, docs/balance/strengths.md, "Backyard tan"): ``sniper_sight``, ``mate_sniper``,
``hero_threat`` and ``throw_odds`` in :class:`HeroWeights`, off in the normal player
(and skipped), each on in a copy of it."""

from __future__ import annotations

from typing import Any

import numpy as np
import pytest

from game.ai import computer_player
from game.ai.hard_hero import HardHeroPlayer, HeroWeights
from game.ai.player import Player
from game.core.match import Match
from game.rules import open_match
from game.rules.hero.queries import HeroQueries, HeroState
from tests.ai.played import against_normal

OFF = HeroWeights(sniper_sight=0.0, mate_sniper=0.0, hero_threat=0.0, throw_odds=0.0)


def _until_wardens_turn(m: Match[Any], players: dict[str, Player], turn: int) -> None:
    while m.outcome() is None and not (m.state.turn == turn and m.to_act() == "wardens"):
        side = m.to_act()
        assert side is not None
        m.apply(players[side].choose(m))


@pytest.mark.parametrize(("scenario", "seed"), [("ruined_village", 10),
                                                ("backyard", 2)])
def test_the_new_considerations_off_play_as_the_normal_player(scenario: str,
                                                              seed: int) -> None:
    """Game for game: the copy with the new weights at 0 on every side plays each
    action the normal player plays."""
    assert OFF == HeroWeights()
    _m1, normal, _m2, copy = against_normal(scenario, seed, 600,
                                            lambda s: HardHeroPlayer(seed, OFF))
    assert normal == copy


def test_sniper_sight_keeps_the_hero_out_of_the_enemy_snipers_sights() -> None:
    """Ruined village, seed 10, the raiders playing first: the normal raider hero ends
    its second turn in the open, in range of the wardens' sniper rifle (a critical
    kills it at full health); the copy with ``sniper_sight`` ends it where the
    rules' sight finds it Hidden from the sniper."""
    seen = {}
    for w in (HeroWeights(), HeroWeights(sniper_sight=12.0)):
        m = open_match("ruined_village", 10)
        players: dict[str, Player] = {s: computer_player("hero", 10) for s in m.sides}
        players["raiders"] = HardHeroPlayer(10, w)
        _until_wardens_turn(m, players, 2)
        q = m.ruleset.queries(m.state)
        assert isinstance(q, HeroQueries)
        in_band = 10 <= q.distance("lirael", "grukk") <= 26
        seen[w.sniper_sight] = in_band and q.sight("lirael", "grukk").targetable
    assert seen == {0.0: True, 12.0: False}


def test_sniper_sights_counts_a_spot_by_the_rules_sight_and_range_band() -> None:
    """:meth:`HeroPlayer._sniper_sights` on a built position: the hero's own spot
    counts 1 where the sniper has it in its sights now (in the band, not Hidden), a
    spot nearer than the rifle's least range (10) counts 0."""
    m = open_match("ruined_village", 10)
    players: dict[str, Player] = {s: computer_player("hero", 10) for s in m.sides}
    _until_wardens_turn(m, players, 2)
    st = m.state
    grukk, lirael = st.minis["grukk"], st.minis["lirael"]
    enemies = [e for e in st.placed() if e.side != "raiders"]
    near = (lirael.xy[0] + 3.0, lirael.xy[1])
    xy = np.array([grukk.xy, near])
    got = HardHeroPlayer(10, HeroWeights(sniper_sight=1.0))._sniper_sights(
        st, grukk, enemies, xy, np.zeros(2))
    assert got.tolist() == [1.0, 0.0]


def _backyard_turn_2() -> tuple[HeroState, HeroQueries]:
    """Backyard (seed 0) played by the normal players to the start of turn 2: the
    state and its queries."""
    m = open_match("backyard", 0)
    players = {s: computer_player("hero", 0) for s in m.sides}
    while m.state.turn < 2:
        side = m.to_act()
        assert side is not None
        m.apply(players[side].choose(m))
    q = m.ruleset.queries(m.state)
    assert isinstance(q, HeroQueries) and isinstance(m.state, HeroState)
    return m.state, q


def test_hero_threat_counts_only_bombers_in_reach_of_its_own_hero() -> None:
    """Backyard at the start of play: an attack on a green mini holding an explosive
    whose move and throw reach tan's hero counts 1 + ``hero_threat`` times, one
    without an explosive (the sniper) 1 time."""
    st, q = _backyard_turn_2()
    p = HardHeroPlayer(0, HeroWeights(hero_threat=2.0))
    cap = st.minis["cap"]
    assert p._threat(q, cap, st.minis["eagle-eye"]) == 1.0
    assert p._threat(q, cap, st.minis["whirlybird"]) == 3.0  # 13 units off; 6 + 10


def test_throw_odds_weighs_a_throw_by_its_exact_odds() -> None:
    """A throw at an unarmoured mini lands more often (the explosive's 1d6 against
    the target's armour dice) than one at the armoured enemy hero, whose Absorb takes 2
    off: with ``throw_odds`` a blast catching both is worth more aimed at the
    unarmoured one (the normal player values the two the same)."""
    st, q = _backyard_turn_2()
    doc, sarge, boomer = st.minis["doc"], st.minis["sarge"], st.minis["boomer"]
    assert doc.armour == "none" and sarge.armour == "medium"
    p = HardHeroPlayer(0, HeroWeights(throw_odds=1.0))
    at_doc = p._throw_worth(q, boomer, doc, [doc, sarge])
    at_sarge = p._throw_worth(q, boomer, sarge, [doc, sarge])
    assert at_doc > at_sarge > 0
