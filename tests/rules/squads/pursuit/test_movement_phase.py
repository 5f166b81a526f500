"""The movement phase (P-8..P-11), dice forced: the order, turns per 2 and per 4 inches,
facing, contact with friends and enemies (two rounds of close combat in one game turn),
the three difficult-terrain tests, crashes into a long edge and into impassable terrain
(in the movement and in the pursuit phase)."""

from __future__ import annotations

from fractions import Fraction

import pytest
from chase_table import box, chase, figure, ids, piece

from game.core.dice import Dice
from game.rules.squads.events import SquadKind
from game.rules.squads.pursuit.actions import Face, Hold, Move, Pace, Restart
from game.rules.squads.pursuit.events import ChaseKind
from game.rules.squads.pursuit.phases import ChasePhase


def to_movement(m, slow=None):
    """Every model keeps pace (or slows as ``slow`` says) up to the movement phase."""
    slow = slow or {}
    while m.phase == ChasePhase.PURSUIT:
        who = m.state.queue[0]
        m.apply(Pace(who, slow.get(who, 0)))
    assert m.phase == ChasePhase.MOVEMENT


def hold_until(m, mid):
    while m.state.queue and m.state.queue[0] != mid:
        m.apply(Hold(m.state.queue[0]))


def kinds(m, kind):
    return [e for e in m.log if e.kind == kind]


def test_p8_closest_to_the_arrival_moves_first():
    m = chase([figure("A", "scout", 40, 12), figure("B", "scout", 50, 6),
               figure("H", "hunter", 20, 20)])
    to_movement(m)
    i = ids(m)
    assert m.state.queue == [i["B"], i["A"], i["H"]]
    assert m.to_act() == "scouts"


@pytest.mark.parametrize("legs,accelerate,ok", [
    (((0, 600),), False, True),
    (((0, 200), (45, 200), (45, 200)), False, True),       # a turn after each full 2
    (((0, 200), (-45, 400)), False, True),
    (((0, 400), (90, 200)), False, False),                 # 4 then 90: no
    (((0, 100), (45, 200)), False, False),                 # a turn before 2 inches
    (((45, 200),), False, False),                          # turn, then move: no
    (((0, 200), (45, 0)), False, True),                    # a closing turn after 2
    (((0, 700),), False, False),                           # more than 6
    (((0, 400), (45, 400), (-45, 400)), True, True),       # accelerating: per 4 inches
    (((0, 200), (45, 400)), True, False),                  # accelerating: not per 2
    (((0, 1200),), True, True),
    (((0, 1300),), True, False),
])
def test_p8_turns_45_degrees_after_each_full_2_inches_or_4_accelerating(legs, accelerate, ok):
    m = chase([figure("S", "scout", 40, 12), figure("H", "hunter", 10, 20)])
    to_movement(m)
    i = ids(m)
    why = m.why_illegal(Move(i["S"], legs, accelerate))
    assert (why is None) == ok, why


def test_p8_facing_follows_the_movement_and_the_steering_ruler_says_where_it_stops():
    m = chase([figure("S", "scout", 40, 12), figure("H", "hunter", 10, 20)])
    to_movement(m)
    i = ids(m)
    q = m.ruleset.queries(m.state)
    steer = q.steer(i["S"], ((0, 200), (45, 400)))
    assert steer.legal is None and steer.walk.reason == "end"
    assert steer.walk.stop == pytest.approx((42 + 4 / 2 ** 0.5, 12 + 4 / 2 ** 0.5), abs=0.02)
    assert steer.turn_from == 0 and steer.headings == (0, 45, 90)
    part = q.steer(i["S"], ((0, 100),))
    assert part.turn_from == pytest.approx(1.0)  # one more inch before a turn
    m.apply(Move(i["S"], ((0, 200), (45, 400))))
    s = m.state.model(i["S"])
    assert (s.x, s.y) == pytest.approx(steer.walk.stop, abs=0.02)
    assert m.state.facing[i["S"]] == 45


def test_p9_contact_with_a_friend_stops_the_move():
    m = chase([figure("A", "scout", 40, 12), figure("B", "scout", 45, 12),
               figure("H", "hunter", 10, 20)])
    to_movement(m)
    i = ids(m)
    hold_until(m, i["A"])
    m.apply(Move(i["A"], ((0, 600),)))
    a, b = m.state.model(i["A"]), m.state.model(i["B"])
    assert b.x - a.x == pytest.approx(a.radius + b.radius, abs=0.03)
    assert kinds(m, ChaseKind.STOPPED)[0].rule == "P-9"


def lock_them(faces):
    """Turn 1: the hunter moves into the scout and they fight a round at once (the
    hunter charging, 2 attacks; the scout 1): ``faces`` forced."""
    m = chase([figure("S", "scout", 40, 12), figure("H", "hunter", 34, 12)],
              faces=faces + [1] * 60)
    to_movement(m)
    i = ids(m)
    assert m.state.queue == [i["S"], i["H"]]
    m.apply(Hold(i["S"]))
    m.apply(Move(i["H"], ((0, 600),)))
    return m, i


def test_p9_contact_with_an_enemy_stops_both_and_a_round_is_fought_at_once_the_mover_charging():
    m, i = lock_them([1, 1, 1, 1, 1])
    first = kinds(m, ChaseKind.FIGHT)[0]
    assert "charges" in first.text and first.figure == i["H"]
    k = m.log.index(first)
    blows = [e for e in m.log[k:] if e.kind == "attacked"][:3]
    assert "+1 on the charge" in blows[0].text or "+1 on the charge" in blows[1].text
    assert m.state.locks


def test_p9_two_rounds_of_close_combat_in_one_game_turn():
    # turn 2: a round in the pursuit phase (moving alongside), and, both holding in the
    # movement phase, still in contact: another round. Every blow misses (1s).
    m, i = lock_them([1, 1, 1, 1, 1, 2])
    assert m.turn == 2 and m.phase == ChasePhase.MOVEMENT
    fights = kinds(m, ChaseKind.FIGHT)
    assert len(fights) == 2 and "charges" not in fights[1].text
    x = (m.state.model(i["S"]).x, m.state.model(i["H"]).x)
    m.apply(Hold(m.state.queue[0]))
    m.apply(Hold(m.state.queue[0]))
    starts = [k for k, e in enumerate(m.log) if e.kind == "turn"]  # turns 2 and 3
    turn2 = [e for e in m.log[starts[0]:starts[1]] if e.kind == ChaseKind.FIGHT]
    assert len(turn2) == 2  # the pursuit phase's and the movement phase's
    assert (m.state.model(i["S"]).x, m.state.model(i["H"]).x) == x
    assert m.state.locks


def test_p9_a_locked_pair_breaks_off_in_the_movement_phase_on_a_die():
    # faces: round 1 (3 misses), round 2 in the pursuit phase (2 misses), the die: 5:
    # the second of the pair in the order (the hunter) moves first
    m, i = lock_them([1, 1, 1, 1, 1, 5])
    assert m.phase == ChasePhase.MOVEMENT
    lock = m.state.locks[0]
    assert lock.first == i["H"] and m.state.queue[:2] == [i["H"], i["S"]]
    m.apply(Hold(i["H"]))
    m.apply(Move(i["S"], ((0, 600),)))  # the scout rides away
    assert not m.state.locks
    assert kinds(m, ChaseKind.BROKE_OFF)


def test_p10_a_dangerous_terrain_test_per_2_inches_inside_difficult_terrain():
    ruin = piece(0, box(54, 8, 8, 8), 2, True, "Ruin")  # 42..50 once moved back
    m = chase([figure("S", "scout", 40, 12), figure("H", "hunter", 10, 20)], [ruin],
              faces=[4, 5, 3])
    to_movement(m)
    i = ids(m)
    q = m.ruleset.queries(m.state)
    steer = q.steer(i["S"], ((0, 600),))
    # the centre enters at 2 inches (x 42), then tests at 4 and 6 inches... only 2 more
    # stretches of 2 fit: tests at 2 and 4 inches of the move
    assert [round(t.travelled, 2) for t in steer.walk.tests] == [2.0, 4.0]
    m.apply(Move(i["S"], ((0, 600),)))
    tests = [e for e in m.log if e.rule == "P-10" and e.roll is not None]
    assert len(tests) == 2 and all(e.roll.success for e in tests)
    assert m.state.model(i["S"]).x == pytest.approx(46)


def test_p10_a_failed_test_is_a_strength_5_hit_without_save_the_model_stopped_and_2_inches_less():
    ruin = piece(0, box(54, 8, 8, 8), 2, True, "Ruin")  # 42..50 once moved back
    # test at 2 inches fails (1): S5 vs T5 wounds on 4+: a 3, no wound; 2 inches off: it
    # may move 4 and is at 2+... the next test at 4 inches ends the move there
    m = chase([figure("S", "scout", 40, 12), figure("H", "hunter", 10, 20)], [ruin],
              faces=[1, 3, 6])
    to_movement(m)
    i = ids(m)
    m.apply(Move(i["S"], ((0, 600),)))
    s = m.state.model(i["S"])
    assert s.alive and i["S"] in m.state.stopped
    assert m.state.stopped[i["S"]] == 0  # it goes back with the ruin
    assert s.x == pytest.approx(44)
    hits = [e for e in m.log if e.rule == "P-10" and e.kind == "attacked"]
    assert hits and "1 hit" in hits[0].text
    wounds = [e for e in m.log if e.kind in (SquadKind.WOUNDED, SquadKind.NOT_WOUNDED)]
    assert wounds[0].roll.target == 4 and not wounds[0].roll.success  # S5 vs T5: a 3


def test_p10_a_stopped_model_takes_up_to_three_tests_to_move_again():
    ruin = piece(0, box(54, 8, 8, 8), 2, True, "Ruin")  # 42..50 once moved back
    m = chase([figure("S", "scout", 40, 12), figure("H", "hunter", 10, 20)], [ruin],
              faces=[1, 3] + [1, 1, 4] + [1] * 50)
    to_movement(m)
    i = ids(m)
    m.apply(Move(i["S"], ((0, 600),)))  # fails at 2 inches, unhurt (a 3), stopped
    assert i["S"] in m.state.stopped
    m.apply(Hold(i["H"]))
    to_movement(m)
    # turn 2: it went back with the ruin in the pursuit phase (no choice)
    assert m.phase == ChasePhase.MOVEMENT and m.turn == 2
    assert m.state.model(i["S"]).x == pytest.approx(32)
    assert m.legal_actions() == [Restart(i["S"]), Hold(i["S"])]
    odds = m.ruleset.queries(m.state).restart_odds(i["S"])
    assert odds == {6.0: Fraction(5, 6), 4.0: Fraction(5, 36), 2.0: Fraction(5, 216),
                    0.0: Fraction(1, 216)}
    m.apply(Restart(i["S"]))  # 1, 1, then 4: passes at the third: 2 inches left
    q = m.ruleset.queries(m.state)
    assert q.allowance(i["S"]) == 2 and q.tests_left(i["S"]) == 0
    assert m.why_illegal(Move(i["S"], ((0, 300),))) is not None
    assert m.why_illegal(Move(i["S"], ((0, 200),))) is None


def test_p10_three_failed_restart_tests_and_it_stays_put():
    ruin = piece(0, box(54, 8, 8, 8), 2, True, "Ruin")  # 42..50 once moved back
    m = chase([figure("S", "scout", 40, 12), figure("H", "hunter", 10, 20)], [ruin],
              faces=[1, 3] + [1, 1, 1] + [1] * 50)
    to_movement(m)
    i = ids(m)
    m.apply(Move(i["S"], ((0, 600),)))
    m.apply(Hold(i["H"]))
    to_movement(m)
    m.apply(Restart(i["S"]))
    assert i["S"] in m.state.stopped and m.state.queue == [i["H"]]
    assert [e.amount for e in kinds(m, ChaseKind.RESTARTED)] == [0]


def test_p1_flyers_fly_over_size_1_terrain():
    rubble = piece(0, box(54, 8, 8, 8), 1, True, "Rubble")  # 42..50 once moved back
    m = chase([figure("S", "scout", 40, 14), figure("H", "hunter", 40, 10)], [rubble])
    to_movement(m)
    i = ids(m)
    q = m.ruleset.queries(m.state)
    assert q.steer(i["H"], ((0, 600),)).walk.tests == []
    assert len(q.steer(i["S"], ((0, 600),)).walk.tests) == 2
    info = q.pieces()[0]
    assert info.difficult and not info.impassable and info.flyers_ignore


def test_p11_a_crash_into_a_long_edge_is_a_strength_5_hit_without_save_then_face_any_way():
    # facing 45, 3 inches from the bottom long edge (the left one, seen from the Arrival)
    m = chase([figure("S", "scout", 40, 21, facing=45), figure("H", "hunter", 10, 12)],
              faces=[5] + [3] * 20)
    i = ids(m)
    to_movement(m)
    s = m.state.model(i["S"])
    m.apply(Move(i["S"], ((0, 600),)))
    crashes = kinds(m, ChaseKind.CRASHED)
    assert crashes and crashes[0].rule == "P-11" and crashes[0].target == "edge:left"
    assert s.y == pytest.approx(24 - s.radius, abs=0.03)  # in contact with the edge
    assert any(e.kind == "no_save" for e in m.log)  # S5, no save: wounded on the 5
    assert not s.alive or m.to_act() == "scouts"
    assert m.why_illegal(Face(i["H"], 0)) is not None


def test_p11_a_survivor_of_a_crash_may_be_turned_any_way():
    m = chase([figure("S", "scout", 40, 21, facing=45), figure("H", "hunter", 10, 12)],
              faces=[3] + [3] * 20)
    i = ids(m)
    to_movement(m)
    m.apply(Move(i["S"], ((0, 600),)))
    assert m.state.model(i["S"]).alive
    assert m.to_act() == "scouts" and m.ruleset.queries(m.state).must_face() == i["S"]
    m.apply(Face(i["S"], 350))
    assert m.state.facing[i["S"]] == 350


def test_p11_in_the_pursuit_phase_a_model_hit_by_a_piece_goes_back_with_it():
    # the hab (intact: impassable) is nearer the Arrival: it moves last, into the scout
    hab = piece(0, box(46, 10, 4, 4), 3, False, "Hab")
    m = chase([figure("S", "scout", 40, 12), figure("H", "hunter", 10, 20)], [hab],
              faces=[3] + [3] * 10)
    i = ids(m)
    m.apply(Pace(i["H"], 0))
    m.apply(Pace(i["S"], 0))
    s = m.state.model(i["S"])
    crash = kinds(m, ChaseKind.CRASHED)
    assert crash and crash[0].rule == "P-11"
    assert s.x == pytest.approx(34 - s.radius, abs=0.03)  # in contact with the hab's face
    assert kinds(m, ChaseKind.CARRIED)


def test_p8_moving_is_optional_and_accelerating_moves_12():
    m = chase([figure("S", "scout", 40, 12), figure("H", "hunter", 10, 20)])
    to_movement(m)
    i = ids(m)
    m.apply(Move(i["S"], ((0, 400), (45, 400), (-45, 400)), True))
    s = m.state.model(i["S"])
    assert s.x == pytest.approx(40 + 8 + 4 / 2 ** 0.5, abs=0.02)
    assert i["S"] in m.state.accelerated
    assert Dice is not None


@pytest.mark.parametrize("unit", ["scout", "hunter"])
def test_p11_the_queries_give_the_exact_chance_a_crash_wounds(unit):
    """P-10, P-11: a crash or a failed test is an S5 hit with no save, so the chance it
    wounds is S-4's roll for S5 against the model's T, whatever its armour."""
    from game.rules.squads.basics import to_wound

    m = chase([figure("X", unit, 40, 12), figure("Y", "scout" if unit == "hunter"
                                                   else "hunter", 10, 12)])
    mid = ids(m)["X"]
    t = m.state.model(mid).stats.t
    need = to_wound(5, t)
    assert need is not None
    got = m.ruleset.queries(m.state).crash_wound(mid)
    assert got == Fraction(7 - need, 6)
    assert got == {3: Fraction(5, 6), 4: Fraction(2, 3), 5: Fraction(1, 2),
                   6: Fraction(1, 3)}[t]  # S-4: 2+, 3+, 4+, 5+
