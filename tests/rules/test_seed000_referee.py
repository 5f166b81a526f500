"""Seed 000 checked rule by rule against the text: positions tried by hand where the game
and the text disagreed (H-7, H-8, H-14), each with the seed's words it follows.

Positions are tiny text maps (pointy hexes, odd rows shifted right; tests/textmap.py).
"""

import pytest
from textmap import match

from game.core.dice import Dice
from game.core.events import Kind
from game.rules.tft import combat
from game.rules.tft.hexes import falls

FLAT = "0 0 0\n0 0 0"


def two():
    m = match(FLAT, [("Hum", "a", "human", 0, 0, 0), ("Orc", "b", "orc", 1, 0, 3)])
    return m, m.state.figures["hum"], m.state.figures["orc"]


# ====================================================================== H-14
@pytest.mark.parametrize("how", ["knocked down", "unconscious"])
def test_h14_a_figure_already_down_makes_no_roll_to_keep_its_footing(how):
    """H-14: "the figure might loose his balance and stumble, possibly falling down ...
    roll 3D6 vs. adj. DX to avoid tripping and falling prone". A figure already down
    (prone, or out) has no footing to keep: no roll is made and none is logged."""
    _m, _hum, orc = two()
    combat.take_damage(orc, 8 if how == "knocked down" else 11, "a blow")
    assert orc.prone
    events = falls.stumble(orc, 0, 1, Dice.scripted([]))  # any roll would run out
    assert not any(e.roll for e in events)
    assert not any(e.kind == Kind.PRONE for e in events)
    assert orc.prone
    odds = falls.stumble_odds(orc, 1)
    assert not odds.rolls and odds.p_standing == 0.0


def test_h14_a_standing_figure_still_rolls_to_keep_its_footing():
    _m, _hum, orc = two()
    events = falls.stumble(orc, 0, 1, Dice.scripted([6, 6, 6]))
    assert events[0].roll.rule == "H-14" and not events[0].roll.success
    assert orc.prone and events[1].text == "Orc stumbles and falls prone."


# ====================================================================== H-8, H-9
def test_h8_an_unconscious_figure_cannot_prepare_for_the_drop():
    """H-8: "roll 3D6 vs adj. DX to see if you were able to prepare yourself for the
    drop". A figure knocked out cannot prepare itself: no roll, the full band of dice."""
    _m, _hum, orc = two()
    combat.take_damage(orc, 11, "a blow")  # ST 1: unconscious
    assert orc.status == "unconscious"
    events = falls.fall(orc, 0, 5, Dice.scripted([1]), "falls")  # band 1: 1d6, no save
    assert [e.roll.expr for e in events if e.roll] == ["1d6"]
    assert orc.status == "dead"  # ST 1 - 1 = 0
    odds = falls.fall_damage_odds(orc, 5)
    assert not odds.rolls and odds.dice_missed == 1


def test_h9_a_prone_figure_pushed_off_a_drop_is_not_said_to_land_on_its_feet():
    """H-9 with T-3: a figure knocked down by 8 damage and pushed off a drop still rolls to
    brace for it (a made roll takes a die away), but it is down already: the log does not
    say it lands on its feet, and it stays prone."""
    _m, _hum, orc = two()
    combat.take_damage(orc, 8, "a blow")
    events = falls.fall(orc, 0, 5, Dice.scripted([1, 1, 1]), "is pushed off a drop of",
                        rule="H-9")
    assert events[0].roll.success
    assert not any("on their feet" in e.text for e in events)
    assert orc.prone
