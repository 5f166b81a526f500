"""Issue 9, point 1: the odds a preview shows for a drop are the rules' own, exactly.

Every way the dice can fall is played through the rules (falls.fall, falls.stumble, the
climb and the leap actions) with scripted dice, and the share of outcomes must equal the
odds the preview shows (H-8, H-9, H-11, H-14, H-20; T-3 for what the damage does).
"""

from itertools import product

import pytest
from textmap import match

from game.core.dice import Dice
from game.rules.tft.hexes import falls
from game.rules.tft.hexes.actions import ChooseFirst, Climb, Leap

UNITS = {
    "hobbit": {"kind": "hobbit", "st": 8, "dx": 14, "weapons": ["dagger"]},
    "bob": {"kind": "human", "st": 12, "dx": 16, "weapons": ["broadsword"],
            "armour": "chainmail", "ready": ""},
    "orc": {"kind": "orc", "st": 12, "dx": 11, "weapons": ["broadsword"]},
    "weak": {"kind": "hobbit", "st": 4, "dx": 9, "weapons": ["dagger"], "armour": "leather"},
}


def figure(unit, taken=0):
    m = match("0 0\n0 0", [("F", "a", unit, 0, 0, 0), ("Orc", "b", "orc", 1, 1, 0)],
              units=UNITS)
    f = m.state.figures["f"]
    f.damage_taken = taken
    return f


def fresh(unit, taken=0):
    """A new copy of the figure for each roll (building a match each time is slow)."""
    f0 = figure(unit, taken)
    return lambda: f0.clone()


def tally(play, rolls):
    """Play every combination of faces for ``rolls`` dice; the share of outcomes that
    were standing, knocked out and dead."""
    n = 0
    standing = out = dead = 0
    for faces in product(range(1, 7), repeat=rolls):
        f = play(Dice.scripted(list(faces)))
        if f is None:
            continue
        n += 1
        standing += f.standing
        out += f.status == "unconscious"
        dead += f.status == "dead"
    return standing / n, out / n, dead / n


@pytest.mark.parametrize("unit,levels,taken", [
    ("hobbit", 2, 0),   # band 1: a miss is 1d6, a made roll no damage
    ("hobbit", 3, 0),   # band 2: 2d6 or 1d6 (the side view's A to the ground)
    ("weak", 3, 0),     # leather stops only 2 (H-8); ST 4 is knocked out or killed often
    ("bob", 7, 4),      # band 2 for H 3; 4 damage taken already: 4 more knock him down
])
def test_h8_jump_odds_are_every_roll_of_the_dice_played(unit, levels, taken):
    """Point 1: landing standing, knocked out and killed, each exactly as the rules play
    it out: 3d6 vs adjusted DX, then the dice of the band (one fewer on a made roll)."""
    odds = falls.fall_damage_odds(figure(unit, taken), levels)
    rolls = 3 + odds.dice_missed

    new = fresh(unit, taken)

    def play(dice):
        f = new()
        falls.fall(f, 0, levels, dice, "jumps down")
        return f

    st, out, dead = tally(play, rolls)
    assert odds.p_standing == pytest.approx(st)
    assert odds.p_out == pytest.approx(out)
    assert odds.p_dead == pytest.approx(dead)


def test_h8_the_dice_are_said_in_words():
    """Point 1: "2d6 or 3d6" in words: a failed roll and a made roll, and armour."""
    bob = figure("bob")
    assert falls.fall_damage_odds(bob, 10).damage_words() == (
        "on a failed roll 3 dice of damage, on a made roll 2 dice; armour stops only 2 of "
        "it")
    pip = figure("hobbit")
    assert falls.fall_damage_odds(pip, 2).damage_words() == (
        "on a failed roll 1 die of damage, on a made roll none")
    assert falls.fall_damage_odds(pip, 1).harmless
    four = falls.fall_damage_odds(pip, 4)
    assert four.p_down > 0.5 and "knocked out" in four.odds_words()


def test_h8_the_issue_s_hobbit_four_levels_down_is_not_91_percent_safe():
    """The reported case: a hobbit (DX 14) jumping 4 levels makes its roll 91% of the
    time, but lands standing far less often: band 3 is 2 or 3 dice on ST 8."""
    odds = falls.fall_damage_odds(figure("hobbit"), 4)
    assert odds.p_save == pytest.approx(0.9074, abs=1e-3)
    assert odds.p_standing < 0.5 and odds.p_out + odds.p_dead > 0.5


@pytest.mark.parametrize("levels", [1, 3])
def test_h14_stumble_odds_are_the_rules_own(levels):
    """Pushed down at most H: 3d6 vs adjusted DX or prone, no damage (H-14); more than H:
    the falling bands (H-9)."""
    odds = falls.stumble_odds(figure("hobbit"), levels)
    assert odds.rule == ("H-14" if levels == 1 else "H-9")

    new = fresh("hobbit")

    def play(dice):
        f = new()
        falls.stumble(f, 0, levels, dice)
        return f

    st, out, dead = tally(play, 3 + odds.dice_missed)
    assert (odds.p_standing, odds.p_out, odds.p_dead) == pytest.approx((st, out, dead))


WALL = "0 0 0\n0 0 0\n0 9 0"


def test_h11_climb_risk_is_a_missed_set_and_the_fall_from_its_top():
    """Bob's second set on the first turn: 4d6 vs DX 16; a miss falls 6 levels (the top
    of the set tried), prone whatever, 1 die or 2 and chainmail stops 2."""
    m = match(WALL, [("Bob", "a", "bob", 1, 1, 0), ("Orc", "b", "orc", 0, 0, 0)],
              units=UNITS, seed=1)
    m.apply(ChooseFirst(m.state.winner, "a"))
    top = m.board.index(1, 2)
    bob = m.state.figures["bob"]
    free, _fall = m.ruleset.queries(m.state).climb_risk(bob.id, top, more=False)
    assert free == 0.0
    p_fall, fall = m.ruleset.queries(m.state).climb_risk(bob.id, top, more=True)
    assert fall.levels == 6 and fall.prone_anyway and fall.p_standing == 0.0
    n = fell = 0
    for faces in product(range(1, 7), repeat=4):
        c = m.clone(0)
        c.dice = Dice.scripted(list(faces), then_seed=0)
        c.apply(Climb("bob", top, True))
        b = c.state.figures["bob"]
        n += 1
        fell += not b.hold
    assert p_fall == pytest.approx(fell / n)


def test_h20_leap_risk_is_a_missed_leap_and_grab():
    """A 1-hex gap 2 levels deep, the far edge as high as the start: a fall needs both
    the leap (2d6 vs ST + DX) and the grab (3d6 vs DX) to miss."""
    m = match("2 0 2 2\n2 0 2 2", [("Pip", "a", "hobbit", 0, 0, 0), ("Orc", "b", "orc", 3, 1, 0)],
              units=UNITS, seed=1)
    m.apply(ChooseFirst(m.state.winner, "a"))
    pip = m.state.figures["pip"]
    far = m.board.index(2, 0)
    opts = m.ruleset.queries(m.state).leap_options(pip.id)
    assert far in opts
    p_fall, fall = m.ruleset.queries(m.state).leap_risk(pip.id, far)
    assert p_fall == pytest.approx((1 - opts[far].p_leap) * (1 - opts[far].p_grab))
    assert fall.levels == 2 and fall.rolls
    fell = n = 0
    for faces in product(range(1, 7), repeat=5):
        c = m.clone(0)
        c.dice = Dice.scripted(list(faces), then_seed=0)
        c.apply(Leap("pip", far))
        p = c.state.figures["pip"]
        n += 1
        fell += p.cell == m.board.index(1, 0) and not p.hold
    assert p_fall == pytest.approx(fell / n)
