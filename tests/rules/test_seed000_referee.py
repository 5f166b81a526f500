"""Seed 000 checked rule by rule against the text: positions tried by hand where the game
and the text disagreed (H-3, H-7, H-8, H-11, H-13, H-14, H-21), each with the seed's words
it follows.

Positions are tiny text maps (pointy hexes, odd rows shifted right; tests/textmap.py).
"""

import pytest
from test_seed000 import game, idx, moving, to_actions
from textmap import match

from game.core.dice import Dice
from game.core.events import Kind
from game.rules.tft import combat
from game.rules.tft.hexes import falls, heights
from game.rules.tft.hexes.actions import ChooseFirst, Climb, NoRetreat, Pass, Retreat, Shoot

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


# ====================================================================== H-7, T-6
GIANTS = {
    "human": {"kind": "human", "st": 12, "dx": 12, "weapons": ["broadsword"]},
    "giant": {"kind": "giant", "st": 30, "dx": 11, "weapons": ["great_club"]},
    "dragon": {"kind": "dragon", "st": 60, "dx": 13, "weapons": ["claws"]},
}


def giant_and(humans, text="0 0 0 0 0 0\n0 0 0 0 0 0\n0 0 0 0 0 0\n0 0 0 0 0 0"):
    """A giant at (2,1) facing W (its hexes run E behind it) and humans facing it."""
    figs = [("Gog", "b", "giant", 2, 1, 3)]
    figs += [(f"H{k}", "a", "human", c, r, f) for k, (c, r, f) in enumerate(humans)]
    m = match(text, figs, units=GIANTS)
    return m, m.state.figures["gog"]


def test_h7_a_giant_is_not_engaged_by_a_single_one_hex_figure():
    """H-7: "Of course the giant is not engaged by a single, one hex figure but he would
    also not be engaged by 2, one hex human figures if the 2 figures were next to him but
    standing on a two hex tile high hill" - one human in front of a giant does not engage
    it (the parent rule: enemies engaging a figure must cover more than a third of its
    hexes); two on its level do; two on a two-level hill do not."""

    m, gog = giant_and([(1, 1, 0)])  # W of the giant's front hex, facing E
    h0 = m.state.figures["h0"]
    assert heights.engages(m.board, h0, gog)  # its front hex holds the giant ...
    assert not m.ruleset.queries(m.state).is_engaged(gog.id)  # ... but one man does not engage it
    m, gog = giant_and([(1, 1, 0), (2, 0, 5)])  # a second human, NW, facing SE
    assert all(heights.engages(m.board, h, gog) for h in m.state.figures.values()
               if h.side == "a")
    assert m.ruleset.queries(m.state).is_engaged(gog.id)
    hill = "0 0 2 0 0 0\n0 2 0 0 0 0\n0 0 0 0 0 0\n0 0 0 0 0 0"
    m, gog = giant_and([(1, 1, 0), (2, 0, 5)], text=hill)
    assert not m.ruleset.queries(m.state).is_engaged(gog.id)


def test_h7_a_giant_walks_on_past_a_single_man_and_stops_beside_two():
    """T-6 with H-7: a giant's move stops in a hex where it would be engaged; one man's
    front hex does not stop it."""

    text = "\n".join(" ".join(["0"] * 9) for _ in range(5))
    one = match(text, [("Gog", "b", "giant", 6, 2, 3), ("H0", "a", "human", 2, 2, 0)],
                units=GIANTS)
    one.apply(ChooseFirst(one.state.winner, "b"))
    front = one.board.index(3, 2)  # E of the man: his middle front hex
    opts = one.ruleset.queries(one.state).move_options("gog")
    assert front in opts.reach.cells and front not in opts.reach.stops
    two = match(text, [("Gog", "b", "giant", 6, 2, 3), ("H0", "a", "human", 2, 2, 0),
                       ("H1", "a", "human", 3, 1, 5)], units=GIANTS)
    two.apply(ChooseFirst(two.state.winner, "b"))
    opts = two.ruleset.queries(two.state).move_options("gog")
    assert front in opts.reach.stops  # in the front hexes of both men


# ====================================================================== H-13
def test_h13_a_giant_forces_back_a_man_standing_two_levels_up():
    """H-13: "You can force retreat an opponent if ... your opponent is standing on a
    number of higher tiles equal to or less than your base size": a 3-hex giant may push
    a man two levels above it (one-hex figures may not), back to a hex on the man's level
    or one up, or down any number."""

    hill = "0 0 0 0 0 0\n2 2 0 0 0 0\n2 2 0 0 0 0\n0 0 0 0 0 0"
    m, gog = giant_and([(1, 1, 0)], text=hill)
    man = m.state.figures["h0"]
    b = m.board
    assert (b.level(man.cell), b.level(gog.cell)) == (2, 0)
    assert heights.can_force_retreat(b, gog, man)
    m.state.hits = [("gog", "h0")]
    cells = m.ruleset.queries(m.state).retreat_options("gog", "h0")
    assert cells and all(min(b.distance(c, x) for x in gog.footprint) >= 2 for c in cells)
    assert all(b.level(c) <= 3 for c in cells)
    m.state.phase, m.state.retreats = "retreat", [("gog", "h0")]
    legal = m.legal_actions()
    assert NoRetreat("gog", "h0") in legal
    assert any(isinstance(a, Retreat) for a in legal)


# ====================================================================== H-21, H-3
def test_h21_a_jump_into_broken_ground_costs_double():
    """H-3: a jump down costs "only 1 since you move forward into another, lower hex";
    H-21: broken ground (a scenario switch) counts double MP to enter, so a jump into it
    costs 2."""
    m = moving(game("5 0d 0\n0 0 0", [("Hum", "a", "human", 0, 0, 0),
                                        ("Orc", "b", "orc", 2, 1, 0)],
                    options={"broken_ground": True}))
    opts = m.ruleset.queries(m.state).move_options("hum")
    assert opts.jump(idx(m, 1, 0), idx(m, 0, 0)).cost == 2  # dirt: broken ground
    plain = [j for c, js in opts.ways.items() for j in js
             if m.board.terrain_of(c) == "grass" and j.via == idx(m, 0, 0)]
    assert plain and all(j.cost == 1 for j in plain)
    m.state.figures["hum"].mp_spent = m.state.figures["hum"].ma - 1  # 1 MP left
    opts = m.ruleset.queries(m.state).move_options("hum")
    assert opts.jump(idx(m, 1, 0), idx(m, 0, 0)) is None
    assert opts.jump(idx(m, 0, 1), idx(m, 0, 0)) is not None


# ====================================================================== H-11, T-3
def _shot_at_the_wall(faces, st=12):
    m = moving(game("0 0 0 0 0 0 0 0\n0 0 0 0 0 0 0 0\n0 9 0 0 0 0 0 0",
                    [("Cat", "a", "talented", 1, 1, 0), ("Ann", "b", "archer", 6, 1, 3)],
                    seed=1))
    cat = m.state.figures["cat"]
    m.apply(Climb("cat", idx(m, 1, 2), False))
    assert (cat.hold, cat.hold_at) == ("climb", 3)
    to_actions(m)
    while m.state.acting().id != "ann":
        m.apply(Pass(m.state.acting().id))
    cat.st = st
    m.dice = Dice.scripted(faces)
    return m, cat, m.apply(Shoot("ann", "cat"))


def test_h11_a_figure_knocked_down_on_a_wall_falls_off_it():
    """T-3: "8+ damage in one turn: falls prone"; H-11: a figure clings to the wall
    between turns, and one that loses its hold falls prone at the foot of the wall
    (H-8 bands from where it clung). Shot for 8 three levels up, a climber is not left
    prone on the wall: it falls (3 levels is within its H: no roll, no damage)."""
    m, cat, events = _shot_at_the_wall([3, 3, 3, 6])  # hit on 9; 1d+2 = 8 damage
    assert cat.st == 4 and cat.prone
    assert not cat.hold and cat.hold_at == 0 and cat.cell == idx(m, 1, 1)
    assert any(e.kind == Kind.FELL for e in events)
    view = next(p for p in m.pieces() if p.id == "cat")
    assert "clinging" not in view.tags


def test_h11_a_figure_knocked_out_on_a_wall_falls_without_a_roll():
    """H-11 with H-8: knocked out on the wall, it cannot hold on or brace for the drop."""
    m, cat, events = _shot_at_the_wall([3, 3, 3, 6], st=9)  # 8 damage: ST 1
    assert cat.status == "unconscious" and not cat.hold
    assert not any(e.roll and e.roll.rule == "H-8" and e.roll.expr == "3d6" for e in events)
