"""The flood in the turn (F-2, F-7), the scenarios' victories (the nest, the last side
standing), and a whole game's saves, clones and replays."""

from __future__ import annotations

import json
from fractions import Fraction

from sewers import cross, fig, loaded, match, scenario, squad

from game.ai import RandomPlayer
from game.core.dice import Dice
from game.core.match import Match
from game.core.places import Point
from game.core.ruleset import canonical_json
from game.rules.squads.flood.actions import EndPhase, Move, Shoot
from game.rules.squads.flood.events import FloodKind
from game.rules.squads.flood.phases import FloodPhase
from game.rules.squads.flood.ruleset import FlashFlood

NEST = {"objective": "nest", "planter": "troopers", "charges": 1}


def end_turn(m):
    side = m.to_act()
    while m.to_act() == side and m.outcome() is None:
        m.apply(EndPhase(side))


def small():
    return [*squad("troopers", "alpha", 2, 12, 3), *squad(
        "swarm", "swarm", 18, 20, 3, profile="swarm", leader=None, dx=0, dy=1.2)]


def test_f2_the_flood_is_rolled_for_from_turn_2_and_comes_once():
    m = match(cross(), *small(), dice=Dice.scripted([], then_seed=9))
    q = m.ruleset.queries(m.state)
    assert q.flood_chance() == 0 and q.next_flood_chance() == Fraction(1, 6)
    end_turn(m)
    m.dice = Dice.scripted([6], then_seed=9)  # turn 2: the flood on 6+
    end_turn(m)
    assert m.turn == 2 and m.state.flood_turn == 2
    assert any(e.kind == FloodKind.FLOODED for e in m.log)
    assert m.state.flooded and m.ruleset.queries(m.state).flood_chance(3) == 0
    assert json.dumps(m.state.to_json()["washes"]) is not None
    rolls = [e for e in m.log if e.rule == "F-2"]
    for _ in range(2):
        end_turn(m)
        end_turn(m)
    assert [e for e in m.log if e.rule == "F-2"] == rolls  # never rolled again


def test_f2_no_flood_roll_on_turn_1():
    m = match(cross(), *small(), dice=Dice.scripted([], then_seed=9))
    end_turn(m)
    assert not any(e.rule == "F-2" for e in m.log)


def nest_game(**kw):
    figs = [fig("troopers", "trooper", "alpha", 32.0, 12.0),
            fig("troopers", "trooper", "alpha", 30.9, 12.0),
            fig("swarm", "swarm", "swarm", 18, 21)]
    return match(cross(nest=True, grate=False), *figs, options=NEST, **kw)


def test_nest_a_model_in_contact_that_neither_shoots_nor_runs_plants_a_charge():
    m = nest_game()
    m.apply(Move("alpha", "alpha-2", Point.of(33.0, 12.0)))
    assert m.ruleset.queries(m.state).at_nest("alpha-2")
    assert not m.ruleset.queries(m.state).at_nest("alpha-1")
    end_turn(m)
    o = m.outcome()
    assert o is not None and o.winner == "troopers" and "planted" in o.reason


def test_nest_a_model_that_fires_plants_nothing():
    m = nest_game(dice=Dice.scripted([1, 1, 1, 1], then_seed=2))
    m.apply(Move("alpha", "alpha-2", Point.of(33.0, 12.0)))
    m.state.model("swarm-1").move_to(24.0, 12.0)
    m.state.touch()
    m.apply(EndPhase("troopers"))
    assert m.phase == FloodPhase.SHOOTING
    m.apply(Shoot("alpha", "swarm"))
    end_turn(m)
    assert m.outcome() is None and m.state.planted == 0


def test_nest_the_swarm_wins_when_the_charges_are_not_planted_by_the_last_turn():
    m = nest_game(turn_limit=1)
    end_turn(m)
    end_turn(m)
    o = m.outcome()
    assert o is not None and o.winner == "swarm"


def test_survive_the_most_models_standing_win_at_the_turn_limit():
    m = match(cross(), *squad("troopers", "alpha", 2, 12, 3),
              fig("swarm", "swarm", "swarm", 18, 21), turn_limit=1)
    end_turn(m)
    end_turn(m)
    o = m.outcome()
    assert o is not None and o.winner == "troopers" and "most models" in o.reason


def test_survive_the_last_side_standing_wins_at_once():
    m = match(cross(), *squad("troopers", "alpha", 10, 12, 2),
              fig("swarm", "swarm", "gun", 16, 12), dice=Dice.scripted([6, 6, 1], then_seed=3))
    m.apply(EndPhase("troopers"))
    m.apply(Shoot("alpha", "gun"))
    o = m.outcome()
    assert o is not None and o.winner == "troopers" and m.to_act() is None


def test_a_random_game_saves_clones_and_replays_to_the_same_hashes(tmp_path):
    board = cross(gantry=True)
    figs = [*squad("troopers", "alpha", 2, 11.5, 5), *squad("troopers", "bravo", 2, 13, 5),
            *squad("swarm", "brood", 30, 12, 4, profile="brood", leader=None),
            *squad("swarm", "gun", 18, 20, 5, profile="swarm", leader=None, dx=0, dy=-1.0)]
    m = match(board, *figs, seed=4)
    player = RandomPlayer(4)
    while m.outcome() is None and len(m.actions) < 400:
        a = player.choose(m)
        assert m.why_illegal(a) is None
        assert m.ruleset.actions.from_json(json.loads(json.dumps(a.to_json()))) == a
        m.apply(a)
    assert m.state.flood_turn is not None, "a flood came by turn 5"
    c = m.clone()
    assert canonical_json(c.state.to_json()) == canonical_json(m.state.to_json())
    again = Match.from_json(json.loads(json.dumps(m.to_json())), scenario(), FlashFlood(),
                            loaded(board, *figs))
    assert again.state_hash() == m.state_hash()
    n = len(m.actions)
    h = m.turn_hashes
    m.undo(n // 2)
    for a in again.actions[n - n // 2:]:
        m.apply(a)
    assert m.state_hash() == again.state_hash() and m.turn_hashes == h


def test_a_bad_scenario_is_one_clear_message():
    import pytest

    from game.core.errors import ScenarioError

    board = cross(nest=True)
    figs = small()
    for options, limit, words in (
            ({"objective": "treasure"}, 6, "objective must be one of"),
            ({"objective": "nest", "planter": "troopers"}, None, "turn_limit"),
            ({"objective": "nest", "planter": "gnomes", "charges": 1}, 6, "planter"),
            ({"objective": "nest", "planter": "troopers", "charges": 0}, 6, "charges"),
            ({"speed": 3}, 6, "not an option")):
        with pytest.raises(ScenarioError, match=words):
            match(board, *figs, options=options, turn_limit=limit)
    with pytest.raises(ScenarioError, match="not a profile"):
        match(board, *figs, fig("swarm", "dragon", "big", 18, 3))
    with pytest.raises(ScenarioError, match="two sides"):
        match(board, *figs, fig("swarm", "trooper", "alpha", 18, 3))
    with pytest.raises(ScenarioError, match="leaders"):
        match(board, *figs, fig("troopers", "sergeant", "alpha", 18, 3, leader=True))
    with pytest.raises(ScenarioError, match="has no feature of kind 'nest'"):
        match(cross(), *figs, options=NEST)
