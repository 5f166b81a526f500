"""The hard level's own copies of the normal players (issue 19): weights of their own,
tuned by paired games, while the normal players stay as they are."""

from __future__ import annotations

from game.ai import computer_player
from game.ai.hard_players import (
    HEX_WEIGHTS,
    ZONE_WEIGHTS,
    ZoneWeights,
    hard_inner,
    hex_weights,
)
from game.ai.hard_zones import HardZoneTactician
from game.ai.levels import HardPlayer
from game.ai.tft.tactician import Tactician
from game.ai.tft.zones import KILL, ZoneTactician
from game.rules import open_match
from game.rules.tft.zones.actions import Defend
from tests.ai.played import against_normal, stepped, tuned_wins


def test_hard_zone_tactician_with_the_normal_weights_plays_as_normal():
    assert ZoneWeights().kill == KILL
    _m1, normal, _m2, copy = against_normal(
        "farmhouse", 3, 400, lambda s: HardZoneTactician(3, ZoneWeights()))
    assert normal == copy


def test_hard_tactician_with_the_normal_weights_plays_as_normal():
    _m1, normal, _m2, copy = against_normal(
        "hill_fight", 4, 300, lambda s: Tactician(4, hex_weights()))
    assert normal == copy


def test_hard_inner_is_the_tuned_copy_where_tuned_else_normal():
    farmers = hard_inner("tft-zones", "farmhouse", "farmers", 0)
    assert isinstance(farmers, HardZoneTactician)
    assert farmers.zw == ZONE_WEIGHTS["farmhouse:farmers"]
    assert type(hard_inner("tft-zones", "no_such_scenario", "x", 0)) is ZoneTactician
    assert type(hard_inner("hero", "no_such_scenario", "raiders", 0)) is type(
        computer_player("hero", 0))
    for key, w in HEX_WEIGHTS.items():
        scenario, _, side = key.partition(":")
        got = hard_inner("tft-heights", scenario, side, 0)
        assert isinstance(got, Tactician) and got.w == hex_weights(**w)


def test_guard_weighs_defending_where_the_normal_player_does_not():
    """A farmer in contact weighs Defend (the attackers roll 4d6) by the guard; the normal
    player, whose rule is to defend only against several strong blows, does not."""
    m = open_match("farmhouse", 0)
    guard = HardZoneTactician(0, ZoneWeights(guard=3.0))
    plain = HardZoneTactician(0, ZoneWeights())
    players = {s: computer_player("tft-zones", 0) for s in m.sides}
    seen = 0
    for side, _a in stepped(m, players, 600):
        if side == "farmers":
            mine = [p.actions[0] for p in guard.propose(m, side)]
            theirs = [p.actions[0] for p in plain.propose(m, side)]
            extra = [a for a in mine if a not in theirs]
            assert all(isinstance(a, Defend) for a in extra)
            seen += bool(extra)
    assert seen > 0


def test_hard_player_builds_on_its_scenario_sides_tuned_copy():
    m = open_match("farmhouse", 1)
    hard = HardPlayer("tft-zones", 1, nodes=120)
    side = m.to_act()
    assert side is not None
    hard.choose(m)
    assert hard.side == side
    assert type(hard.inner) is type(hard_inner("tft-zones", "farmhouse", side, 1))


def _wins(scenario: str, side: str, seeds: range, tuned: bool) -> int:
    return tuned_wins(scenario, side, seeds, tuned)


def test_hard_copies_win_more_than_normal_on_the_same_seeds():
    """The strengths differ as stated (a small sample; docs/balance/strengths.md has
    hundreds of games): on the same seeds the tuned copy wins clearly more games than
    the normal player does in its place."""
    seeds = range(3000, 3030)
    farmers = _wins("farmhouse", "farmers", seeds, True)
    assert farmers >= _wins("farmhouse", "farmers", seeds, False) + 10
    assert farmers >= 24  # at least 80 %
    raiders = _wins("hill_fight", "raiders", seeds, True)
    assert raiders >= _wins("hill_fight", "raiders", seeds, False) + 5
