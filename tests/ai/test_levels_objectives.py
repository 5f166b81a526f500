"""The levels' objective-aware parts (issue 19): the score the hard player's look-ahead
ends on (game/ai/objectives.py) counts what each scenario's victory code counts, its
candidates are ordered by it (game/ai/search.py), and the easy player's slips against
the objective are legal (game/ai/slips.py)."""

from __future__ import annotations

from typing import Any

import pytest

from game.ai import computer_player
from game.ai.levels import EASY_SLIPS, EasyPlayer, HardPlayer, ranked
from game.ai.objectives import (
    CHARGE_WEIGHT,
    WIN_SCORE,
    chase_term,
    hero_term,
    hold_term,
    material,
    nest_term,
    objective,
    standing,
)
from game.ai.search import candidates, spread
from game.ai.skeleton import CandidatePlayer
from game.ai.slips import (
    SIDE_SLIPS,
    easy_numbers,
    forward_hero,
    hero_slip,
    nearest_shot,
    objective_slip,
    reckless_hero,
    shy_swarm,
)
from game.core.match import Match
from game.core.places import Point
from game.headless import play_game
from game.rules import open_match
from game.rules.hero.actions import Attack, Deploy, Move
from game.rules.hero.phases import HeroPhase
from game.rules.squads.flood.actions import Move as SquadMove
from game.rules.squads.flood.phases import FloodPhase
from game.rules.squads.pursuit.phases import ChasePhase


def played(scenario: str, seed: int, until: Any) -> Match[Any]:
    """``scenario`` played by the normal player until ``until(match)`` holds."""
    m = open_match(scenario, seed)
    players = {s: computer_player(m.scenario.ruleset, seed) for s in m.sides}
    for _ in range(3000):
        if until(m) or m.outcome() is not None:
            break
        side = m.to_act()
        assert side is not None
        m.apply(players[side].choose(m))
    assert until(m), scenario
    return m


def in_play(m: Match[Any]) -> bool:
    return m.phase == HeroPhase.PLAY and any(isinstance(a, Move) for a in m.legal_actions())


def test_a_heros_health_counts_for_its_side_and_against_the_other():
    m = played("backyard", 2, in_play)
    green, tan = m.sides
    assert hero_term(m, green) == pytest.approx(-hero_term(m, tan))
    before = hero_term(m, green)
    hero = next(x for x in m.state.minis.values() if x.hero and x.side == tan)
    hurt = m.clone(seed=1)
    hurt.state.minis[hero.id].hp = 1
    assert hero_term(hurt, green) > before
    dead = m.clone(seed=1)
    dead.state.minis[hero.id].hp = -5
    assert hero_term(dead, green) > hero_term(hurt, green)


def test_holders_count_more_as_the_last_turn_nears_on_the_farmhouse():
    m = open_match("farmhouse", 1)
    assert m.state.hold_out == "farmers"
    early = hold_term(m, "farmers")
    assert early > 0 and hold_term(m, "goblins") == pytest.approx(-early)
    late = m.clone(seed=1)
    late.state.turn = late.state.turn_limit
    assert hold_term(late, "farmers") > early
    assert objective(open_match("hill_fight", 1), "wardens") == 0.0


def test_charges_planted_count_for_the_planter_of_the_nest():
    m = open_match("charges_in_the_nest", 1)
    before = nest_term(m, "troopers")
    assert nest_term(m, "swarm") == pytest.approx(-before)
    more = m.clone(seed=1)
    more.state.planted += 1
    assert nest_term(more, "troopers") >= before + CHARGE_WEIGHT - 1.0
    assert nest_term(open_match("storm_drain", 1), "troopers") == 0.0


def test_a_runner_nearer_the_arrival_counts_for_the_runners():
    m = played("pursuit", 1, lambda m: m.phase == ChasePhase.PURSUIT)
    runners, chasers = m.ruleset.queries(m.state).sides()
    before = chase_term(m, runners)
    assert chase_term(m, chasers) == pytest.approx(-before)
    q = m.ruleset.queries(m.state)
    lead = min(q.models(runners), key=lambda x: q.along(x.id))
    nearer = m.clone(seed=1)
    moved = nearer.state.model(lead.id)
    q2 = nearer.ruleset.queries(nearer.state)
    x0, y0 = moved.x, moved.y
    # step towards the Arrival: along falls as the point moves against the axis
    for dx, dy in ((1, 0), (-1, 0), (0, 1), (0, -1)):
        moved.x, moved.y = x0 + dx, y0 + dy
        if q2.along(lead.id) < q.along(lead.id):
            break
    assert chase_term(nearer, runners) > before


def test_a_won_game_scores_the_win_whatever_the_objective():
    m = open_match("backyard", 4)
    play_game(m, {s: computer_player("hero", 4) for s in m.sides})
    o = m.outcome()
    assert o is not None
    for s in m.sides:
        want = 0.0 if o.winner is None else WIN_SCORE if s == o.winner else -WIN_SCORE
        assert standing(m, s) == material(m, s) == want


def test_hard_orders_legal_challengers_where_the_player_proposes_one_action():
    m = played("backyard", 3, in_play)
    side = m.to_act()
    inner = computer_player("hero", 3)
    assert isinstance(inner, CandidatePlayer)
    best, order = ranked(inner, m)
    assert len(order) == 1  # the hero player proposes one action
    cands = candidates(m, side, order, 3, 11)
    assert cands[0] == best and len(cands) == 3 and len(set(cands)) == 3
    assert all(m.is_legal(a) for a in cands)
    assert cands == candidates(m, side, order, 3, 11)
    assert spread(list(range(10)), 4) == [0, 2, 5, 7] and spread([1, 2], 4) == [1, 2]


def test_hard_on_the_hero_rules_looks_ahead_and_stays_legal():
    m = played("backyard", 3, in_play)
    hard = HardPlayer("hero", 3, nodes=60)
    for _ in range(6):
        if m.outcome() is not None:
            break
        a = hard.choose(m)
        assert m.is_legal(a)
        m.apply(a)


def test_the_easy_heros_slip_is_its_legal_move_nearest_an_enemy():
    m = played("backyard", 5, lambda m: in_play(m) and any(
        isinstance(a, Move) and m.state.minis[a.figure].hero for a in m.legal_actions()))
    side = m.to_act()
    acts = m.legal_actions()
    slip = reckless_hero(m, side, acts)
    assert isinstance(slip, Move) and slip in acts and m.state.minis[slip.figure].hero
    foes = [p.place for p in m.pieces() if p.side != side and p.active
            and isinstance(p.place, Point)]

    def gap(a: Move) -> float:
        return min(((a.to.x - f.x) ** 2 + (a.to.y - f.y) ** 2) ** 0.5 for f in foes)

    hero_moves = [a for a in acts if isinstance(a, Move) and m.state.minis[a.figure].hero]
    assert gap(slip) == min(gap(a) for a in hero_moves)
    assert objective_slip(m, side, acts) == slip
    assert objective_slip(open_match("farmhouse", 1), "farmers", []) is None


def test_easy_slips_more_where_normals_margin_was_small():
    assert EasyPlayer("hero", 1).second == EASY_SLIPS["hero"][1] > 60
    assert EasyPlayer("tft-heights", 1).blunder == 20
    assert EasyPlayer("tft-heights", 1, (5, 9)).second == 9


def test_the_easy_hero_deploys_on_its_spot_nearest_the_enemy():
    m = played("backyard", 5, lambda m: m.phase == HeroPhase.DEPLOY and any(
        isinstance(a, Deploy) and m.state.minis[a.figure].hero for a in m.legal_actions()))
    side = m.to_act()
    assert side is not None
    acts = m.legal_actions()
    slip = forward_hero(m, side, acts)
    assert isinstance(slip, Deploy) and slip in acts and m.state.minis[slip.figure].hero
    foes = [p.place for p in m.pieces() if p.side != side and p.active
            and isinstance(p.place, Point)]
    middle = Point.of(m.state.board.width / 2, m.state.board.height / 2)

    def gap(a: Deploy) -> float:
        return min(float(((a.at.x - f.x) ** 2 + (a.at.y - f.y) ** 2) ** 0.5)
                   for f in foes or [middle])

    assert gap(slip) == min(gap(a) for a in acts if isinstance(a, Deploy))
    assert hero_slip(m, side, acts) == slip
    assert nearest_shot(m, side, acts) is None


def test_the_easy_side_shoots_the_nearest_enemy_once_its_hero_has_moved():
    m = played("backyard", 5, lambda m: in_play(m) and any(
        isinstance(a, Attack) for a in m.legal_actions()))
    side = m.to_act()
    assert side is not None
    acts = m.legal_actions()
    shot = nearest_shot(m, side, acts)
    assert isinstance(shot, Attack) and shot in acts
    at = {p.id: p.place for p in m.pieces() if isinstance(p.place, Point)}

    def gap(a: Attack) -> float:
        f, t = at[a.figure], at[a.target]
        return float(((f.x - t.x) ** 2 + (f.y - t.y) ** 2) ** 0.5)

    assert gap(shot) == min(gap(a) for a in acts if isinstance(a, Attack))
    hero_moves = [a for a in acts if isinstance(a, Move) and m.state.minis[a.figure].hero]
    no_hero_moves = [a for a in acts if a not in hero_moves]
    assert hero_slip(m, side, no_hero_moves) == nearest_shot(m, side, no_hero_moves)
    if hero_moves:
        assert hero_slip(m, side, acts) == reckless_hero(m, side, acts)


def swarm_moving(m: Match[Any]) -> bool:
    return (m.to_act() == "swarm" and m.phase == FloodPhase.MOVEMENT
            and any(isinstance(a, SquadMove) for a in m.legal_actions()))


def test_the_easy_swarm_keeps_farthest_from_the_troopers_at_the_nest_and_the_drain():
    m = played("charges_in_the_nest", 3, swarm_moving)
    acts = m.legal_actions()
    slip = shy_swarm(m, "swarm", acts)
    assert isinstance(slip, SquadMove) and slip in acts
    foes = [p.place for p in m.pieces() if p.side == "troopers" and p.active
            and isinstance(p.place, Point)]

    def gap(a: SquadMove) -> float:
        return min(float(((a.to.x - f.x) ** 2 + (a.to.y - f.y) ** 2) ** 0.5) for f in foes)

    assert gap(slip) == max(gap(a) for a in acts if isinstance(a, SquadMove))
    assert objective_slip(m, "swarm", acts) == slip
    assert shy_swarm(m, "troopers", acts) is None  # the planters have no such slip
    drain = played("storm_drain", 3, swarm_moving)
    assert isinstance(shy_swarm(drain, "swarm", drain.legal_actions()), SquadMove)
    troopers = played("storm_drain", 3, lambda m: m.to_act() == "troopers" and any(
        isinstance(a, SquadMove) for a in m.legal_actions()))
    assert shy_swarm(troopers, "troopers", troopers.legal_actions()) is None  # shooters


def test_a_scenario_side_with_numbers_of_its_own_slips_by_them():
    side_numbers = SIDE_SLIPS[("charges_in_the_nest", "swarm")]
    assert easy_numbers("charges_in_the_nest", "swarm", (1, 2)) == side_numbers
    assert easy_numbers("charges_in_the_nest", "troopers", (1, 2)) == (1, 2)
    assert easy_numbers("storm_drain", "troopers", (1, 2)) == (1, 2)
    # the same seed, the same first slip roll: the nest's swarm at its numbers, the
    # storm drain's at the ruleset's (a roll between the two plays differently)
    m = played("charges_in_the_nest", 3, swarm_moving)
    roll = EasyPlayer("flood", 4).dice.faces(1, 100)[0]
    easy = EasyPlayer("flood", 4)
    a = easy.choose(m)
    assert m.is_legal(a)
    if side_numbers[0] < roll <= side_numbers[1]:
        assert a == shy_swarm(m, "swarm", m.legal_actions())


