"""Seed 000 read again against the game (issue 17, items 1-3): the kneeling swiper hit
like a figure of H 1 (H-17), the falls' "vs DX" beyond twice H and the climbing roll
(H-8, H-11, H-12), a big figure's hex over a drop (H-15).

Positions are tiny text maps (pointy hexes, odd rows shifted right; tests/textmap.py).
"""

import pytest
from test_seed000 import MORE_UNITS, game

from game.rules.tft.hexes import melee

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
