"""H-11: climbing down a wall more than H high, mirroring the climb up: a free set, a
second set on the first turn on a roll, clinging between turns, a miss falling from where
the figure clings (H-8 bands) and landing prone, the floor reached standing.

Bob: a human (H 3), DX 16, chainmail, hands free. The plateau is 10 levels high.
"""

from itertools import product

import pytest
from test_seed000 import game, idx, moving, to_actions

from game.core.dice import Dice
from game.core.events import Kind
from game.core.match import Match
from game.rules.tft.hexes.actions import ChooseFirst, Climb, Pass, Shoot

PLATEAU = "10 10 10 10\n10 10 10 10\n0 0 0 0"


def bob_on_top(faces=None, seed=0, unit="climber"):
    m = moving(game(PLATEAU, [("Bob", "a", unit, 1, 1, 0), ("Orc", "b", "orc", 3, 0, 3)],
                    seed=seed))
    if faces is not None:
        m.dice = Dice.scripted(faces)
    return m, m.state.figures["bob"], idx(m, 1, 2)


def next_turn(m: Match) -> None:
    """Both sides end movement, everyone waits, and side a moves first next turn."""
    m.dice = Dice.scripted([], then_seed=5)
    to_actions(m)
    while m.state.phase == "action":
        m.apply(Pass(m.state.acting().id))
    if m.state.phase == "initiative":
        m.apply(ChooseFirst(m.state.winner, "a"))
    assert m.state.phase == "movement" and m.state.moving == "a"


def test_h11_climbing_down_starts_with_a_free_set_and_clings():
    m, bob, foot = bob_on_top(faces=[])
    top = bob.cell
    opt = m.ruleset.queries(m.state).climb_options(bob.id)[foot]
    assert opt.down and (opt.rise, opt.at, opt.set_h, opt.dice) == (10, 0, 3, 4)
    assert Climb("bob", foot, False) in m.legal_actions()
    assert Climb("bob", foot, True) in m.legal_actions()
    assert m.ruleset.queries(m.state).climb_risk(bob.id, foot, more=False)[0] == 0.0
    events = m.apply(Climb("bob", foot, False))  # no dice: the script is empty
    assert (bob.cell, bob.hold, bob.hold_to, bob.hold_at) == (foot, "down", top, 7)
    assert bob.move_over and not bob.prone
    assert any(e.kind == Kind.MOVED and e.rule == "H-11" for e in events)
    view = next(p for p in m.pieces() if p.id == "bob")
    assert view.ring == "clinging" and "clinging" in view.tags
    assert m.state.figure_at(top) is None and m.state.figure_at(foot) is bob
    # it clings between turns: no walking, no turning, no second try this turn
    assert not any(getattr(a, "figure", "") == "bob" for a in m.legal_actions())
    next_turn(m)
    assert bob.hold == "down" and bob.hold_at == 7
    assert m.legal_actions().count(Climb("bob", foot, False)) == 1
    assert Climb("bob", foot, True) not in m.legal_actions()
    assert "second set" in m.why_illegal(Climb("bob", foot, True))


def test_h11_climbing_down_a_second_set_on_the_first_turn_is_rolled():
    m, bob, foot = bob_on_top(faces=[4, 4, 4, 3])  # 4d6 = 15 vs DX 16
    p_fall, fall = m.ruleset.queries(m.state).climb_risk(bob.id, foot, more=True)
    assert fall.levels == 7 and fall.prone_anyway  # a miss falls from where it clings
    events = m.apply(Climb("bob", foot, True))
    roll = next(e.roll for e in events if e.roll is not None)
    assert roll.expr == "4d6" and roll.total == 15 and roll.success
    assert (bob.hold, bob.hold_at) == ("down", 4)
    # the odds shown are the odds played: every 4d6 for the second set
    m2, bob2, _ = bob_on_top()
    n = fell = 0
    for faces in product(range(1, 7), repeat=4):
        c = m2.clone(0)
        c.dice = Dice.scripted(list(faces), then_seed=0)
        c.apply(Climb("bob", foot, True))
        n += 1
        fell += not c.state.figures["bob"].hold
    assert p_fall == pytest.approx(fell / n)


def test_h11_climbing_down_goes_on_a_set_a_turn_and_stands_at_the_foot():
    m, bob, foot = bob_on_top(faces=[4, 4, 4, 3])
    m.apply(Climb("bob", foot, True))
    assert bob.hold_at == 4
    next_turn(m)
    m.dice = Dice.scripted([1, 2, 3, 4])
    m.apply(Climb("bob", foot, False))
    assert (bob.hold, bob.hold_at) == ("down", 1)
    next_turn(m)
    m.dice = Dice.scripted([3, 3, 3, 3])
    events = m.apply(Climb("bob", foot, False))
    assert bob.standing and not bob.hold and bob.hold_at == 0 and bob.hold_to == -1
    assert bob.cell == foot and bob.st == 12
    assert "stands" in events[-1].text
    assert "clinging" not in next(p for p in m.pieces() if p.id == "bob").tags


def test_h11_a_missed_set_on_the_way_down_falls_from_the_hold_prone():
    """Clinging 7 levels up, Bob misses the set (4d6 = 21): he falls 7 levels, the H-8
    band of 7 for H 3 is 2 dice; he saves (3d6 = 12 vs adjusted DX 13), rolls 1d6 = 5,
    chainmail stops 2, and lands prone whatever."""
    m, bob, foot = bob_on_top(faces=[])
    m.apply(Climb("bob", foot, False))
    next_turn(m)
    p_fall, fall = m.ruleset.queries(m.state).climb_risk(bob.id, foot)
    assert p_fall > 0 and fall.levels == 7 and fall.band == 2 and fall.p_standing == 0.0
    m.dice = Dice.scripted([6, 6, 5, 4, 4, 4, 4, 5])
    events = m.apply(Climb("bob", foot, False))
    save = next(e.roll for e in events if e.roll and e.roll.rule == "H-8")
    assert save.success and "7 levels" in save.label
    damage = next(e for e in events if e.roll and e.roll.expr == "1d6")
    assert damage.amount == 3
    assert bob.prone and bob.st == 9 and not bob.hold and bob.hold_at == 0
    assert bob.cell == foot


def test_h11_a_figure_knocked_down_climbing_down_falls_off():
    """T-3 with H-11: shot for 8 while clinging 7 levels up on the way down, Cat loses
    the hold and falls 7 levels to the hex at the foot (H-8 band 2: a 3d6 roll) and lies
    prone there."""
    row = " ".join(["10"] * 8)
    m = moving(game(f"{row}\n{row}\n" + " ".join(["0"] * 8),
                    [("Cat", "a", "talented", 1, 1, 0), ("Ann", "b", "archer", 6, 2, 3)],
                    seed=1))
    cat = m.state.figures["cat"]
    foot = idx(m, 1, 2)
    m.apply(Climb("cat", foot, False))
    assert (cat.hold, cat.hold_at) == ("down", 7)
    to_actions(m)
    while m.state.acting().id != "ann":
        m.apply(Pass(m.state.acting().id))
    # hit on 9; 1d+2 = 8 damage; the fall: 3d6 = 3 saves, 1d6 = 1 (no armour)
    m.dice = Dice.scripted([3, 3, 3, 6, 1, 1, 1, 1], then_seed=0)
    events = m.apply(Shoot("ann", "cat"))
    assert cat.st == 12 - 8 - 1 and cat.prone and not cat.hold and cat.hold_at == 0
    assert cat.cell == foot
    fall = next(e.roll for e in events if e.roll and e.roll.rule == "H-8")
    assert fall.expr == "3d6" and "7 levels" in fall.label
    assert "clinging" not in next(p for p in m.pieces() if p.id == "cat").tags


def test_h11_climbing_down_needs_hands_free_and_a_drop_beyond_h():
    m = moving(game(PLATEAU, [("Hum", "a", "human", 1, 1, 0), ("Cat", "a", "talented", 2, 0, 0),
                              ("Orc", "b", "orc", 3, 0, 3)]))
    foot = idx(m, 1, 2)
    assert not m.ruleset.queries(m.state).climb_options(m.state.figures["hum"].id)  # sword in hand
    assert "hands free" in m.why_illegal(Climb("hum", foot, False))
    # not beside the edge: no climb down
    assert not m.ruleset.queries(m.state).climb_options(m.state.figures["cat"].id)
    low = moving(game("4 4 4 4\n4 4 4 4\n1 1 1 1",
                      [("Bob", "a", "climber", 1, 1, 0), ("Orc", "b", "orc", 3, 0, 3)]))
    assert not low.ruleset.queries(low.state).climb_options("bob")  # 3 = H: a step


def test_h11_the_talent_climbs_down_on_3d6_and_the_words_say_down():
    m, cat, foot = bob_on_top(unit="talented")
    assert m.ruleset.queries(m.state).climb_options(cat.id)[foot].dice == 3
    assert "climbs down towards" in m.describe(Climb("bob", foot, True))
