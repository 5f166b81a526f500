"""The zone Tactician: a real opponent on zone boards. It beats the random player from
either side of both scenarios, and in play it holds bottlenecks (Z-16), charges (Z-9),
runs (Z-7), splits (Z-8) and intercepts (Z-13)."""

from __future__ import annotations

from collections import Counter

import pytest
from zonemap import act_now, grid, zone_match

from game.ai import RandomPlayer, computer_player, has_player
from game.ai.tft.zones import ZoneTactician
from game.headless import play_game
from game.rules import open_match
from game.rules.tft.zones.actions import (
    Charge,
    ChooseFirst,
    Decline,
    EnterBottleneck,
    React,
    SpotAndStrike,
    ZoneMove,
)

GAMES = 5


def test_the_zone_ruleset_has_its_own_computer_player():
    assert has_player("tft-zones")
    assert isinstance(computer_player("tft-zones", 3), ZoneTactician)


@pytest.mark.parametrize("scenario, side", [("farmhouse", "farmers"), ("farmhouse", "goblins"),
                                            ("open_field", "wardens"),
                                            ("open_field", "raiders")])
def test_it_beats_the_random_player_clearly_from_either_side(scenario, side):
    wins = 0
    for seed in range(GAMES):
        m = open_match(scenario, seed)
        players = {s: computer_player("tft-zones", seed) if s == side else RandomPlayer(seed)
                   for s in m.sides}
        outcome = play_game(m, players)
        wins += outcome.winner == side
    assert wins >= GAMES - 1, f"{side} won {wins} of {GAMES}"


def kinds(scenario, seeds):
    c: Counter[str] = Counter()
    for seed in seeds:
        m = open_match(scenario, seed)
        play_game(m, {s: computer_player("tft-zones", seed) for s in m.sides})
        for a in m.actions:
            k = a.kind
            if isinstance(a, ZoneMove) and a.run:
                k = "run"
            if isinstance(a, React):
                k = f"react:{a.how}"
            c[k] += 1
    return c


def test_in_play_it_charges_runs_splits_intercepts_and_holds_bottlenecks():
    field = kinds("open_field", range(4))
    farm = kinds("farmhouse", range(3))
    assert field["charge"] and field["run"] and field["split_move"]
    assert field["react:intercept"]
    assert farm[EnterBottleneck.kind] + farm[SpotAndStrike.kind] and farm["attack"]


def test_it_holds_a_free_spot_of_its_house_when_enemies_come():
    board = grid(["Yard House"], bottlenecks=[("Door", "Yard", "House", 2, "soft")])
    m = zone_match(board, [("Tom", "f", "man", "House"), ("Snik", "g", "goblin", "Yard")],
                   sides=("f", "g"), turn_limit=5, options={"hold_out": "f"})
    act_now(m, "tom")
    assert ZoneTactician().choose(m) == EnterBottleneck("tom", "Door")


def test_z4_it_rushes_into_a_freed_spot_and_strikes_in_one_action():
    board = grid(["Yard House"], bottlenecks=[("Door", "Yard", "House", 2, "soft")])
    m = zone_match(board, [("Tom", "f", "man", "House"), ("Snik", "g", "goblin", "Yard")],
                   sides=("f", "g"), turn_limit=5, options={"hold_out": "f"})
    tom = m.state.figures["tom"]
    tom.bottleneck, tom.boundary = "Door", "Yard"  # Tom holds the door, a spot is free
    act_now(m, "snik")
    assert ZoneTactician().choose(m) == SpotAndStrike("snik", "tom", bottleneck="Door")


def test_it_charges_a_figure_it_can_reach_and_intercepts_a_charge_into_its_zone():
    m = zone_match(grid(["A B C"]), [("Orc", "b", "strong", "A"), ("Pip", "a", "man", "B"),
                                     ("Bob", "a", "man", "C")])
    act_now(m, "orc")
    a = ZoneTactician().choose(m)
    assert isinstance(a, Charge) and a.target in ("pip", "bob")
    m.apply(a)
    w = m.state.window
    if w is not None and w.kind == "intercept":
        reply = ZoneTactician().choose(m)
        assert isinstance(reply, (React, Decline))


def test_the_initiative_winner_who_holds_out_lets_the_enemy_act_first():
    m = open_match("farmhouse", 1)
    a = ZoneTactician().choose(m)
    assert isinstance(a, ChooseFirst)
    assert a.first == "goblins"  # the farmers let them; the goblins take it themselves


def test_same_position_same_choice():
    m = open_match("open_field", 4)
    for _ in range(30):
        if m.outcome() is not None:
            break
        a, b = ZoneTactician(1).choose(m), ZoneTactician(1).choose(m)
        assert a == b
        m.apply(a)


def test_it_is_built_on_the_shared_skeleton_and_plays_the_best_legal_proposal():
    from game.ai.skeleton import CandidatePlayer, Proposal
    from game.rules.tft.zones.actions import Pass

    m = zone_match(grid(["A B C"]), [("Orc", "b", "strong", "A"), ("Pip", "a", "man", "B"),
                                     ("Bob", "a", "man", "C")])
    act_now(m, "orc")
    ai = ZoneTactician()
    assert isinstance(ai, CandidatePlayer)
    props = ai.propose(m, "b")
    assert all(isinstance(p, Proposal) for p in props)
    assert props[0].actions == (Pass("orc"),) and props[0].score == 0.0  # always there
    legal = [p for p in props if m.why_illegal(p.actions[0]) is None]
    top = max(p.score for p in legal)
    assert ai.choose(m) == next(p for p in legal if p.score == top).actions[0]
