"""Seed 000 read again against the game (issue 17, items 1-3): the kneeling swiper hit
like a figure of H 1 (H-17), the falls' "vs DX" beyond twice H and the climbing roll
(H-8, H-11, H-12), a big figure's hex over a drop (H-15).

Positions are tiny text maps (pointy hexes, odd rows shifted right; tests/textmap.py).
"""

import pytest
from test_seed000 import MORE_UNITS, flat, game

from game.boards.hexmap import HexMap
from game.core.dice import Dice
from game.rules.tft import combat
from game.rules.tft.hexes import bigfigures, climbing, falls, heights, melee

SHIELDED = {**MORE_UNITS,
            "shielded": {"kind": "orc", "st": 12, "dx": 11, "weapons": ["broadsword"],
                         "shield": "small_shield"}}


def kneeler_and_foe(up: int, unit: str = "orc"):
    """A human kneeling on a 4-level ledge (after a swipe) and an enemy ``up`` levels
    above him in the next hex east, facing him."""
    text = f"0 4 {4 + up}\n0 0 0"
    m = game(text, [("Hum", "a", "swiper", 1, 0, 3), ("Foe", "b", unit, 2, 0, 3)],
             options={"swipe": True}, units=SHIELDED)
    hum, foe = m.state.figures["hum"], m.state.figures["foe"]
    hum.kneeling = True
    return m, hum, foe


def _dx(chk, rule):
    return sum(x.value for x in chk.odds.modifiers if x.rule == rule)


@pytest.mark.parametrize("up,plus", [(0, 4), (1, 5)])
def test_h17_a_kneeling_swiper_is_hit_normally_from_its_level_and_one_up(up, plus):
    """H-17: "he is at a +4 to be hit by any figures standing next to him on the same
    level or a +5 (4 +1 due to height advantage) if any attacking figures are one level
    higher": a normal blow, no swipe and its -4."""
    m, _hum, _foe = kneeler_and_foe(up)
    chk = m.ruleset.queries(m.state).attack_check("foe", "hum")
    assert chk.allowed and chk.how == melee.NORMAL
    assert _dx(chk, "H-17") == 4
    assert _dx(chk, "H-17") + _dx(chk, "H-6") == plus


@pytest.mark.parametrize("up", [2, 3, 4])
def test_h17_from_two_or_more_levels_up_only_a_kneeling_foe_strikes(up):
    """H-17: "Any figures higher than one level could not hit him unless they kneel as
    well (remember a prone figure has a H of 1)": a swipe, the drop less the swiping
    orc's own H 3 within that H 1; no normal blow."""
    m, _hum, _foe = kneeler_and_foe(up)
    chk = m.ruleset.queries(m.state).attack_check("foe", "hum")
    assert chk.allowed and chk.how == melee.SWIPE
    assert _dx(chk, "H-17") == 4 - 4  # +4 to hit a kneeling figure, -4 to swipe
    assert _dx(chk, "H-6") == up


def test_h17_too_high_to_kneel_down_to_a_kneeling_swiper():
    """H-17: five levels up, less the orc's H 3, is 2 > the kneeler's H 1: no blow."""
    m, _hum, _foe = kneeler_and_foe(5)
    chk = m.ruleset.queries(m.state).attack_check("foe", "hum")
    assert not chk.allowed and "H-17" in chk.reason


def test_h17_a_shield_keeps_a_foe_two_up_from_kneeling_to_strike():
    """H-17: kneeling "can only be attempted if you are not holding a shield"."""
    m, _hum, _foe = kneeler_and_foe(2, "shielded")
    chk = m.ruleset.queries(m.state).attack_check("foe", "hum")
    assert not chk.allowed and "H-17" in chk.reason
    one_up, _h, _f = kneeler_and_foe(1, "shielded")
    assert one_up.ruleset.queries(one_up.state).attack_check("foe", "hum").allowed


# ====================================================================== H-8, H-11, H-12
def bob_on_a_ledge(drop: int):
    """Bob (H 3, DX 16, chainmail: adjusted DX 13) standing above a drop of ``drop``."""
    text = f"{drop} 0 0\n0 0 0"
    m = game(text, [("Bob", "a", "climber", 0, 0, 0), ("Orc", "b", "orc", 2, 1, 3)])
    return m, m.state.figures["bob"]


def test_h8_a_drop_up_to_twice_h_is_braced_for_against_adjusted_dx():
    """H-8: "more than your Height (up to and including double your Height) then you
    must roll 3D6 vs adj. DX"."""
    _m, bob = bob_on_a_ledge(5)
    assert combat.adjusted_dx_total(bob) == 13
    risk = falls.fall_damage_odds(bob, 5)
    assert risk.band == 1 and risk.target == 13 and risk.adjusted
    events = falls.fall(bob, bob.cell, 5, Dice.scripted([5, 5, 4, 1]), "jumps down")
    roll = next(e.roll for e in events if e.roll)
    assert not roll.success and bob.prone  # 14 > adjusted DX 13 (DX 16 would make it)


def test_h12_bobs_fall_of_ten_is_braced_for_against_dx_as_his_climb_is():
    """H-8, H-12: "more than twice your Height ... roll 3D6 vs DX"; Bob falling 10 "must
    roll 3D6 vs DX": against DX 16 (not his adjusted 13), as the climbing roll's "4D6 vs
    DX" (H-11)."""
    m, bob = bob_on_a_ledge(10)
    risk = falls.fall_damage_odds(bob, 10)
    assert risk.band == 3 and risk.target == 16 and not risk.adjusted
    events = falls.fall(bob, bob.cell, 10, Dice.scripted([5, 5, 5, 1, 1]), "falls off the wall")
    roll = next(e.roll for e in events if e.roll)
    assert roll.success and bob.standing  # 15 <= DX 16 (adjusted 13 would miss it)
    assert sum(1 for e in events if e.roll) == 2
    assert climbing.climb_options(m.state, bob) == {}  # not its movement: no climb offered
    assert climbing.set_dice(bob) == 4
    opts = m.ruleset.queries(m.state)
    assert opts.fall_odds("bob", 10).target == 16


# ====================================================================== H-15
def giant_over_a_drop(foe_level: int, unit: str):
    """Gog the giant (3 hexes, H 4) on a 5-level cliff edge, its third hex hanging over
    the drop; a foe at ``foe_level`` in the hex below that overhang, facing it."""
    m = game(flat(7, 5), [("Gog", "b", "giant", 3, 2, 0), ("Foe", "a", unit, 0, 0, 0)])
    gog, foe = m.state.figures["gog"], m.state.figures["foe"]
    front, back, over = gog.footprint
    below = next(c for c in m.board.neighbours(over) if c not in gog.footprint
                 and all(c not in m.board.neighbours(x) for x in (front, back)))
    lv = m.board.levels.copy().astype(int)
    lv.flat[:] = 0
    lv.flat[front] = lv.flat[back] = 5
    lv.flat[below] = foe_level
    m.state.board = HexMap(lv)
    foe.cell = below
    foe.facing = m.state.board.direction(below, over)
    assert bigfigures.balance(m.state.board, gog.footprint) == (True, True)
    return m, gog, foe, over


def test_h15_a_giants_hex_over_a_drop_is_at_the_level_it_stands_on():
    """H-15: the third hex "can overhang any size drop off"; "measure H to what ever hex
    you are targeting", and a figure is at the level it stands on: the hobbit on the
    ground below the overhang is 5 levels under the giant, beyond its H 1 (H-4)."""
    m, gog, hob, over = giant_over_a_drop(0, "hobbit")
    assert heights.measured_level(m.state.board, gog, over) == 5
    r = melee.reach(m.state.board, hob, gog)
    assert r.target_hex == over and not r.ok and r.target_level == 5
    assert not heights.engages(m.state.board, hob, gog)  # 5 levels: beyond its one


def test_h15_a_man_on_a_rock_under_the_overhang_strikes_up_at_minus_3():
    """H-15 with H-4 and H-6: a human (H 3) on a 2-level rock under the overhang reaches
    the giant's hex 3 levels up, at -3 DX for the levels."""
    m, gog, _hum, over = giant_over_a_drop(2, "human")
    chk = m.ruleset.queries(m.state).attack_check("foe", "gog")
    assert chk.allowed
    assert sum(x.value for x in chk.odds.modifiers if x.rule == "H-6") == -3
    assert heights.measured_level(m.state.board, gog, gog.cell) == 5
