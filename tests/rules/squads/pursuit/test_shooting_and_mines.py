"""Shooting (P-13) and mines (P-12), dice forced: the front arc, the sergeant's shot over
the shoulder at BS 3, no shooting after accelerating, the order (closest to the Arrival
first, then Initiative), a mine set off by a shot within 2 inches and by a touch, its
blast, at most 4 clusters, exploded clusters back in the reserve."""

from __future__ import annotations

from fractions import Fraction

import pytest
from chase_table import box, chase, figure, ids, piece

from game.core.events import Kind
from game.rules.squads.pursuit.actions import Hold, Move, Pace, Shoot
from game.rules.squads.pursuit.events import ChaseKind
from game.rules.squads.pursuit.mines import near_target
from game.rules.squads.pursuit.phases import ChasePhase


def to_phase(m, phase, moves=None):
    """Keep pace, then hold (or make ``moves``: model id -> Move) up to ``phase``."""
    moves = moves or {}
    while m.phase != phase:
        who = m.state.queue[0]
        if m.phase == ChasePhase.PURSUIT:
            m.apply(Pace(who, 0))
        else:
            m.apply(moves.get(who, Hold(who)))


def put_cluster(m, x, y, piece_index=0):
    k = m.state.clusters[0]
    k.where, k.x, k.y, k.piece = "table", round(x * 100), round(y * 100), piece_index
    m.state.touch()
    return k


MINES = {"mines": "spore_cluster", "clusters": 4}


def test_p13_only_models_that_did_not_accelerate_shoot():
    m = chase([figure("S", "scout", 40, 12), figure("T", "scout", 40, 4),
               figure("H", "hunter", 50, 12)], seed=3)
    i = ids(m)
    to_phase(m, ChasePhase.SHOOTING, {
        i["S"]: Move(i["S"], ((0, 200),), False),
        i["T"]: Move(i["T"], ((0, 400),), True)})
    q = m.ruleset.queries(m.state)
    assert q.why_not_fire(i["T"]) is not None and "accelerated" in q.why_not_fire(i["T"])
    assert i["T"] not in m.state.queue  # it is skipped in the order


def test_p13_the_shooting_order_is_closest_to_the_arrival_first_then_initiative():
    # the scouts' I 4 and the hunter's I 4 tie at the same distance: a die then decides
    m = chase([figure("S", "scout", 40, 12), figure("H", "hunter", 44, 20),
               figure("D", "drone", 48, 4)], seed=3)
    i = ids(m)
    to_phase(m, ChasePhase.SHOOTING)
    order = m.ruleset.queries(m.state).order()
    assert order.index(i["D"]) < order.index(i["H"]) < order.index(i["S"])


def test_p13_targets_in_range_in_the_front_90_degree_arc():
    # the scout faces 0 (the Arrival): the hunter 10 inches ahead and 5 to the side is
    # 27 degrees off: in the arc; the other, level with it 6 inches to the side: 90 off
    m = chase([figure("S", "scout", 40, 12), figure("A", "hunter", 50, 17),
               figure("B", "hunter", 40, 18)], seed=3)
    i = ids(m)
    to_phase(m, ChasePhase.SHOOTING)
    while m.state.queue[0] != i["S"]:
        m.apply(Hold(m.state.queue[0]))
    q = m.ruleset.queries(m.state)
    targets = {o.target for o in q.shots(i["S"])}
    assert i["A"] in targets and i["B"] not in targets
    assert q.arc(i["S"]) == (0, 45.0)
    opts = q.attacks(i["S"])
    assert opts and all(m.why_illegal(o.action) is None for o in opts)
    assert m.why_illegal(Shoot(i["S"], i["B"], "bike_guns")) is not None


def test_p13_the_sergeants_extra_weapon_fires_outside_the_arc_at_bs_3():
    m = chase([figure("Sarge", "sergeant", 40, 12), figure("B", "hunter", 34, 12)],
              seed=3)
    i = ids(m)
    to_phase(m, ChasePhase.SHOOTING)
    while m.state.queue[0] != i["Sarge"]:
        m.apply(Hold(m.state.queue[0]))
    q = m.ruleset.queries(m.state)
    shots = q.shots(i["Sarge"])
    assert {(o.weapon, o.bs, o.over_shoulder) for o in shots} == {("scatter_gun", 3, True)}
    o = shots[0]
    assert o.line.hit_on == 4 and "over the shoulder" in o.line.hit_why
    assert o.hit == 1 - Fraction(1, 2) ** 2  # assault 2 at 4+


def test_p12_a_mine_set_off_by_a_shot_within_2_inches_of_it():
    # the hunter stands 1 inch from a cluster; the scout shoots it: after the shot the
    # cluster goes off, its 3 blasts of S4 on every base within 1.5 inches (the hunter)
    m = chase([figure("S", "scout", 40, 12), figure("H", "hunter", 49, 12)],
              [piece(0, box(62, 14, 2, 2), 3, False, "Hab")], options=MINES, seed=3)
    i = ids(m)
    to_phase(m, ChasePhase.SHOOTING)
    while m.state.queue[0] != i["S"]:
        m.apply(Hold(m.state.queue[0]))
    k = put_cluster(m, 50.5, 13.2)
    q = m.ruleset.queries(m.state)
    shot = next(o for o in q.shots(i["S"]) if o.target == i["H"])
    assert shot.sets_off == (k.id,)
    assert set(q.blast_odds(k.id)) == {i["H"]}
    m.apply(Shoot(i["S"], i["H"], shot.weapon))
    boom = [e for e in m.log if e.kind == ChaseKind.MINE_EXPLODED]
    assert boom and boom[0].rule == "P-12" and "3 blasts of S 4" in boom[0].text
    assert k.where == "reserve"


def test_p12_a_shot_at_the_cluster_itself_sets_it_off_with_no_roll():
    m = chase([figure("S", "scout", 40, 12), figure("H", "hunter", 20, 2)],
              [piece(0, box(62, 14, 2, 2), 3, False, "Hab")], options=MINES, seed=3)
    i = ids(m)
    to_phase(m, ChasePhase.MOVEMENT)
    k = put_cluster(m, 48, 12)
    to_phase(m, ChasePhase.SHOOTING)
    while m.state.queue[0] != i["S"]:
        m.apply(Hold(m.state.queue[0]))
    o = next(o for o in m.ruleset.queries(m.state).shots(i["S"]) if o.target == k.id)
    assert o.line is None and o.hit == 1
    start = len(m.log)
    m.apply(Shoot(i["S"], k.id, o.weapon))
    assert k.where == "reserve"
    assert not [e for e in m.log[start:] if e.kind == Kind.ATTACKED]  # no roll to hit it


def test_p12_a_model_touching_a_cluster_sets_it_off():
    m = chase([figure("S", "scout", 40, 12), figure("H", "hunter", 20, 2)],
              [piece(0, box(62, 14, 2, 2), 3, False, "Hab")], options=MINES, seed=3)
    i = ids(m)
    to_phase(m, ChasePhase.MOVEMENT)
    k = put_cluster(m, 44, 12)
    while m.state.queue[0] != i["S"]:
        m.apply(Hold(m.state.queue[0]))
    q = m.ruleset.queries(m.state)
    steer = q.steer(i["S"], ((0, 600),))
    assert steer.walk.reason == "cluster" and steer.walk.against == f"mine:{k.id}"
    m.apply(Move(i["S"], ((0, 600),)))
    s = m.state.model(i["S"])
    assert s.x == pytest.approx(44 - 0.75 - s.radius, abs=0.03)
    assert k.where == "reserve"
    assert [e for e in m.log if e.kind == ChaseKind.MINE_EXPLODED]


def test_p12_at_most_4_clusters_on_the_table_and_exploded_ones_come_back():
    from game.rules.squads.pursuit import recycle

    m = chase([figure("S", "scout", 40, 12), figure("H", "hunter", 20, 2)],
              [piece(0, box(62, 14, 2, 2), 3, False, "Hab")],
              options={"mines": "spore_cluster", "clusters": 5}, seed=3)
    st = m.state
    st.recycled_now = [0]
    for n, k in enumerate(st.clusters[:4]):
        k.where, k.x, k.y, k.piece = "table", 1000 * (n + 1), 200, 0
    assert len(recycle.reserve(st)) == 1
    assert not recycle.may_enter(st)  # 4 on the table: the fifth waits
    st.clusters[0].where = "reserve"
    assert recycle.may_enter(st)


def test_p12_the_queries_say_which_clusters_a_shot_at_a_model_would_set_off_on_it():
    """P-12: a shot at a model sets off the clusters within 2 inches of its base; the
    queries name those whose 1.5-inch blast would also catch it, wherever it stood."""
    m = chase([figure("S", "scout", 40, 12), figure("H", "hunter", 49, 12)],
              [piece(0, box(62, 14, 2, 2), 3, False, "Hab")], options=MINES, seed=3)
    i = ids(m)
    k = put_cluster(m, 50.5, 13.2)
    q = m.ruleset.queries(m.state)
    r = m.state.model(i["H"]).radius
    assert q.shot_blasts(i["H"], 49, 12) == [k.id]  # the position of the test above
    assert q.shot_blasts(i["H"], 50.5 - (1.5 + r - 0.1), 13.2) == [k.id]  # in the blast
    # set off (its edge 2 inches or less away) but the blast falls short of the base
    short = 50.5 - (1.5 + r + 0.1)
    assert [c.id for c in near_target(m.state, short, 13.2, r)] == [k.id]
    assert q.shot_blasts(i["H"], short, 13.2) == []
    assert q.shot_blasts(i["H"], 50.5 - (r + 0.75 + 2.1), 13.2) == []  # not set off
