"""The squad turn in the sewers (S-2, S-3, S-6, S-7, F-7): moves along the corridors,
difficult terrain, the enemy's inch, coherency, shooting and running, charges and
fights, with the dice forced."""

from __future__ import annotations

import pytest
from sewers import cross, fig, match, squad

from game.core.dice import Dice
from game.core.places import Point
from game.rules.squads.flood.actions import (
    Charge,
    Difficult,
    Done,
    EndPhase,
    Move,
    Run,
    Shoot,
)
from game.rules.squads.flood.phases import FloodPhase


def two_sides(*extra, board=None, dice=None, **kw):
    """Troopers at the west of Main, a brood far east in the Cross's south arm."""
    figs = [*squad("troopers", "alpha", 4, 12, 3), *extra]
    if not any(f.side == "swarm" for f in figs):
        figs.append(fig("swarm", "brood", "brood", 18, 22))
    return match(board or cross(), *figs, dice=dice, **kw)


def to_phase(m, phase):
    while m.phase != phase:
        m.apply(EndPhase(m.to_act()))


def test_s7_a_model_moves_six_inches_along_a_straight_corridor_not_more():
    m = two_sides(fig("troopers", "trooper", "solo", 4.0, 13.0))
    assert m.why_illegal(Move("solo", "solo-1", Point.of(10.0, 13))) is None
    why = m.why_illegal(Move("solo", "solo-1", Point.of(10.3, 13)))
    assert why and "6 inches" in why


def test_s7_a_move_round_a_bend_is_measured_along_the_path_between_the_walls():
    m = two_sides(fig("troopers", "trooper", "solo", 15.5, 12.0))
    q = m.ruleset.queries(m.state)
    # round the corner into the Cross: the straight line cuts through the wall
    check = q.move_check("solo-1", Point.of(18.0, 7.0))
    assert check.ok and len(check.path) >= 3
    assert 5.0 < check.cost <= 6.0
    assert not q.move_check("solo-1", Point.of(18.0, 5.0)).ok


def test_s7_no_model_moves_within_one_inch_of_an_enemy():
    m = two_sides(fig("troopers", "trooper", "solo", 8.0, 12.0),
                  fig("swarm", "brood", "brood", 12, 12))
    # ending 0.9 inch from the brood (edge to edge) is refused, 1.1 is fine
    r = 0.49
    assert "within 1 inch" in m.why_illegal(Move("solo", "solo-1", Point.of(12 - 2 * r - 0.9, 12)))
    assert m.why_illegal(Move("solo", "solo-1", Point.of(12 - 2 * r - 1.1, 12))) is None
    # nor passes through that inch
    assert m.why_illegal(Move("solo", "solo-1", Point.of(13.9, 12.0))) is not None


def test_s7_coherency_is_kept_after_each_models_move():
    m = two_sides()
    # the front model may not leave the chain; the rear one may leapfrog it
    assert "coherency" in m.why_illegal(Move("alpha", "alpha-3", Point.of(12.4, 12)))
    assert m.why_illegal(Move("alpha", "alpha-1", Point.of(8.0, 12))) is None
    m.apply(Move("alpha", "alpha-1", Point.of(8.0, 12)))
    assert "once a phase" in m.why_illegal(Move("alpha", "alpha-1", Point.of(9.0, 12)))


def test_f7_a_barrier_is_difficult_terrain_crossed_only_after_the_roll_by_the_highest_die():
    m = two_sides(fig("troopers", "trooper", "solo", 24.0, 12.0),
                  dice=Dice.scripted([2, 3], then_seed=1))
    to = Point.of(28.0, 12.0)  # across the grate at x = 26
    assert "roll for it first" in m.why_illegal(Move("solo", "solo-1", to))
    m.apply(Difficult("solo"))
    assert m.state.difficult["solo"] == 3
    assert "allows 3" in m.why_illegal(Move("solo", "solo-1", to))
    assert m.why_illegal(Move("solo", "solo-1", Point.of(26.9, 12.0))) is None


def test_f7_after_the_flood_the_flooded_parts_are_difficult_terrain():
    m = two_sides(fig("troopers", "trooper", "solo", 30.0, 12.0), board=cross(grate=False))
    assert m.why_illegal(Move("solo", "solo-1", Point.of(34.0, 12.0))) is None
    m.state.flooded = (("Main", 2800, 3600),)
    m.state.touch()
    assert "difficult" in m.why_illegal(Move("solo", "solo-1", Point.of(34.0, 12.0)))
    q = m.ruleset.queries(m.state)
    assert q.in_difficult(33.0, 12.0) and not q.in_difficult(20.0, 12.0)
    assert [s.kind for s in q.scenery()] == ["water"]


def test_s2_line_of_sight_is_blocked_by_the_corridor_walls():
    seen = match(cross(), *squad("troopers", "alpha", 10, 12, 2),
                 fig("swarm", "swarm", "gun", 18, 13))
    hidden = match(cross(), *squad("troopers", "alpha", 10, 12, 2),
                   fig("swarm", "swarm", "gun", 18, 3))
    for m in (seen, hidden):
        to_phase(m, FloodPhase.SHOOTING)
    assert seen.why_illegal(Shoot("alpha", "gun")) is None
    assert "sees" in hidden.why_illegal(Shoot("alpha", "gun"))


def test_s2_shooting_odds_are_shown_before_the_roll_and_the_roll_follows_them():
    m = match(cross(), *squad("troopers", "alpha", 10, 12, 2), fig("swarm", "swarm", "gun", 16, 12),
              fig("swarm", "brood", "far", 18, 22), dice=Dice.scripted([6, 6, 1], then_seed=3))
    to_phase(m, FloodPhase.SHOOTING)
    q = m.ruleset.queries(m.state)
    odds = q.shot_odds("alpha", "gun")
    assert len(odds.lines) == 2 and abs(sum(odds.casualties.values()) - 1) < 1e-12
    events = m.apply(Shoot("alpha", "gun"))
    assert not m.state.units["gun"].survivors
    assert any(e.rule == "S-2" for e in events)
    assert m.why_illegal(Run("alpha")) is not None


def test_s2_a_unit_runs_d6_inches_instead_of_shooting():
    m = two_sides(dice=Dice.scripted([4], then_seed=2))
    to_phase(m, FloodPhase.SHOOTING)
    m.apply(Run("alpha"))
    assert m.why_illegal(Move("alpha", "alpha-1", Point.of(4 + 4.0, 12))) is None
    assert "run of 4" in m.why_illegal(Move("alpha", "alpha-1", Point.of(4 + 4.5, 12)))
    to_phase(m, FloodPhase.ASSAULT)


def test_s3_a_charge_moves_into_base_contact_and_fights_with_the_extra_attack():
    m = match(cross(), *squad("troopers", "alpha", 4, 12, 2), *squad(
        "swarm", "brood", 11, 12, 2, profile="brood", leader=None), seed=5)
    to_phase(m, FloodPhase.ASSAULT)
    q = m.ruleset.queries(m.state)
    odds = q.charge_odds("alpha", "brood")
    assert odds is not None and odds.p_reach == 1
    events = m.apply(Charge("alpha", "brood"))
    kinds = [str(e.kind) for e in events]
    assert "charged" in kinds and "fight" in kinds
    strikes = [e.text for e in events if "attacks: +1 on the charge" in e.text]
    assert strikes, "the charging models strike with +1 attack"


def test_s3_a_charge_beyond_six_inches_is_refused():
    m = match(cross(), *squad("troopers", "alpha", 2, 12, 2), *squad(
        "swarm", "brood", 12, 12, 2, profile="brood", leader=None))
    to_phase(m, FloodPhase.ASSAULT)
    assert "within 6 inches" in m.why_illegal(Charge("alpha", "brood"))


def test_s6_the_loser_fails_leadership_and_falls_back_2d6():
    # troopers charge a lone swarm creature and kill nothing; it strikes one down:
    # the troopers lose, fail Ld on 12 and fall back 2d6 = 7
    m = match(cross(grate=False), *squad("troopers", "alpha", 4, 12, 2),
              fig("swarm", "swarm", "gun", 10, 12), dice=Dice.scripted([], then_seed=1))
    to_phase(m, FloodPhase.ASSAULT)
    sgt, trooper = m.state.model("alpha-1"), m.state.model("alpha-2")
    gun = m.state.model("gun-1")
    # I 4 strikes first: 1 attack hits (6), wounds (6), save fails (1);
    # then I 3: the survivor's 1+1 attacks miss (1, 1); Ld 2d6 = 6+6; fall back 3+4
    m.dice = Dice.scripted([6, 6, 1, 1, 1, 1, 6, 6, 3, 4], then_seed=1)
    m.apply(Charge("alpha", "gun"))
    assert gun.alive and sum(x.alive for x in (sgt, trooper)) == 1
    survivor = sgt if sgt.alive else trooper
    assert survivor.x < 4.5  # fell back west, away from the winner
    assert m.state.engagements == []


def test_s3_a_unit_locked_in_combat_neither_moves_nor_shoots():
    m = match(cross(grate=False), *squad("troopers", "alpha", 4, 12, 2),
              fig("swarm", "brood_leader", "big", 10, 12), seed=11)
    to_phase(m, FloodPhase.ASSAULT)
    m.dice = Dice.scripted([1] * 12 + [2, 2], then_seed=2)  # nobody hurts anybody much
    m.apply(Charge("alpha", "big"))
    if not m.state.engagements:
        pytest.skip("the fight ended")
    m.apply(EndPhase("troopers"))
    assert m.to_act() == "swarm"
    assert "locked" in (m.why_illegal(Move("big", "big-1", Point.of(12, 12))) or "")


def test_done_ends_a_units_phase_and_end_phase_passes_the_turn():
    m = two_sides()
    m.apply(Done("alpha"))
    assert "finished" in m.why_illegal(Move("alpha", "alpha-1", Point.of(3.0, 12)))
    for _ in range(3):
        m.apply(EndPhase("troopers"))
    assert m.to_act() == "swarm" and m.phase == FloodPhase.MOVEMENT


def test_f7_the_path_grid_reads_the_flooded_parts_as_the_wash_does():
    import numpy as np

    from game.rules.squads.flood import water
    from game.rules.squads.flood.nav import flooded_points

    board = cross(gantry=True)
    flooded = (("Main", 500, 2300), ("Cross", 0, 900))
    rng = np.random.default_rng(3)
    xy = np.column_stack([rng.uniform(0, 36, 400), rng.uniform(0, 24, 400)])
    inside = [board.contains(x, y) for x, y in xy]
    mine = flooded_points(board, flooded, xy)
    theirs = [water.in_flooded(flooded, board, x, y) for x, y in xy]
    assert [bool(a) for a, i in zip(mine, inside, strict=True) if i] == \
        [b for b, i in zip(theirs, inside, strict=True) if i]


def test_the_path_grid_searched_both_ways_as_scipy_searches_it_undirected():
    """The path grid lists each edge both ways and searches it as a directed graph: the
    distances and the ways (predecessors) must be scipy's undirected answers exactly,
    for the whole grid and for one without some nodes and edges (a wall of zones)."""
    import random

    import numpy as np
    from scipy.sparse import csr_matrix
    from scipy.sparse.csgraph import dijkstra

    from game.rules.squads.flood.nav import Nav

    nav = Nav(cross(), 0.5, 0.5)
    rng = random.Random(3)
    for blocked in (None, np.hypot(nav.nodes[:, 0] - 12, nav.nodes[:, 1] - 12) < 2.5):
        keep = np.ones(len(nav.ea), dtype=bool)
        if blocked is not None:
            keep &= ~(blocked[nav.ea] | blocked[nav.eb])
        keep &= ~nav.ebar
        once = csr_matrix((nav.ew[keep], (nav.ea[keep], nav.eb[keep])), shape=(nav.n, nav.n))
        both = nav.graph(blocked, nav.ebar)
        assert both.nnz == 2 * once.nnz
        for _ in range(40):
            idx = sorted(rng.sample(range(nav.n), rng.choice((1, 4, 9))))
            limit = rng.choice((3.0, 7.0, np.inf))
            a = dijkstra(once, directed=False, indices=idx, limit=limit,
                         return_predecessors=True)
            b = dijkstra(both, directed=True, indices=idx, limit=limit,
                         return_predecessors=True)
            assert all(np.array_equal(x, y) for x, y in zip(a, b, strict=True))
            a = dijkstra(once, directed=False, indices=idx, min_only=True,
                         return_predecessors=True)
            b = dijkstra(both, directed=True, indices=idx, min_only=True,
                         return_predecessors=True)
            assert all(np.array_equal(x, y) for x, y in zip(a, b, strict=True))
