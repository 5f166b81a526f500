"""The chase's demos (P-6..P-13) play through and show what their texts say."""

from __future__ import annotations

import pytest

from game.core.events import Kind
from game.rules.demos import find_demo
from game.rules.squads.pursuit.events import ChaseKind


def played(rule):
    d = find_demo(rule)
    m = d.new_match()
    marks = []
    for step in d.steps:
        m.apply(step.action)
        marks.append(len(m.log))
    return m, marks


def kinds(m, kind, start=0):
    return [e for e in m.log[start:] if e.kind == kind]


def test_p6_demo_holds_the_recycled_rubble():
    m, _ = played("P-6")
    held = kinds(m, ChaseKind.HELD)
    assert [e.figure for e in held] == ["piece:0"]
    assert m.state.pieces[0].where == "held"


def test_p7_demo_slows_into_the_moved_hab_and_the_off_axis_scout_goes_back_12():
    m, _ = played("P-7")
    stop = kinds(m, ChaseKind.STOPPED)
    assert stop and "Hab block" in stop[0].text
    c = m.state.model("scout-3")
    assert c.x == pytest.approx(34 - 12)


def test_p8_demo_weaves_and_accelerates():
    m, _ = played("P-8")
    a, b = m.state.model("scout-1"), m.state.model("scout-2")
    r = 2 ** 0.5
    assert (a.x, a.y) == pytest.approx((40 + 4 + r, 12 + r), abs=0.02)
    assert (b.x, b.y) == pytest.approx((36 + 8 + 2 * r, 10 - 2 * r), abs=0.02)
    assert m.state.facing["scout-1"] == 0 and "scout-2" in m.state.accelerated


def test_p9_demo_fights_two_rounds_in_turn_2():
    m, _ = played("P-9")
    turns = [k for k, e in enumerate(m.log) if e.kind == "turn"]
    assert len(kinds(m, ChaseKind.FIGHT, 0)) >= 3
    assert len([e for e in m.log[turns[0]:turns[1]] if e.kind == ChaseKind.FIGHT]) == 2


def test_p10_demo_takes_three_tests_then_is_carried_once_and_restarts():
    m, marks = played("P-10")
    first = [e for e in m.log[marks[4]:marks[5]] if e.rule == "P-10" and e.roll is not None]
    assert [e.roll.total for e in first] == [4, 1, 6]
    assert len(kinds(m, ChaseKind.CARRIED)) == 1
    assert not [e for e in kinds(m, ChaseKind.SLOWED) if e.figure == "scout-1"]
    assert [e.amount for e in kinds(m, ChaseKind.RESTARTED)] == [200]


def test_p11_demo_crashes_into_the_long_edge():
    m, _ = played("P-11")
    crash = kinds(m, ChaseKind.CRASHED)
    assert crash[0].target == "edge:left" and m.state.facing["scout-1"] == 0


def test_p12_demo_sets_the_mine_off_with_a_shot():
    m, marks = played("P-12")
    boom = kinds(m, ChaseKind.MINE_EXPLODED, marks[-2])
    assert boom and "shoots within 2 inches" in boom[0].text
    assert m.outcome() is not None and m.outcome().winner == "scouts"


def test_p13_demo_fires_over_the_shoulder_at_bs_3():
    m, marks = played("P-13")
    shots = [e for e in m.log[marks[-2]:] if e.kind == Kind.ATTACKED and e.roll is not None]
    assert shots and all(e.roll.target == 4 and "over the shoulder" in e.text for e in shots)
