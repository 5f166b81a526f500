"""F-6: the water's hits (S1 with no save, +1 S per full 3 inches carried, S3 more when
stopped by impassable terrain) through the squad basics (to wound by S against T, no save,
wounds and casualties); and the exact odds a front end shows before the rolls (F-4 the
inches, F-5 the knock, F-6 the strengths)."""

from __future__ import annotations

from fractions import Fraction

import pytest
from wash_sewers import R, at, flood, kinds, line, unit

from game.boards.corridors import Feature
from game.core.events import Kind
from game.rules.squads.casualties import casualty_odds
from game.rules.squads.events import SquadKind
from game.rules.squads.flood import water

GRATE = Feature(5, "grate", ((26, 8), (26, 12)), closed=False, name="Grate")


def strengths(result) -> list[str]:
    """The to-wound rolls' texts, in order."""
    rolls = kinds(result, SquadKind.WOUNDED, SquadKind.NOT_WOUNDED)
    return [e.text.split(" against")[0].split("] ", 1)[-1] for e in rolls]


def test_f6_hit_strength_by_full_3_inches():
    assert [water.hit_strength(h) for h in (0, 100, 290, 299, 300, 599, 600, 899, 900,
                                            1200)] == [1, 1, 1, 1, 2, 2, 3, 3, 4, 5]


@pytest.mark.parametrize("start,faces,carried,hits", [
    (22.6, [6, 6, 1, 1, 1], 290, ["S 1 (carried 2.9 inches: S 1)",
                                  "S 3 (stopped by impassable terrain: S 3)"]),
    (10, [6, 3, 1], 300, ["S 2 (carried 3 inches: S 2)"]),
    (19.5, [6, 6, 2, 1, 1], 600, ["S 3 (carried 6 inches: S 3)",
                                  "S 3 (stopped by impassable terrain: S 3)"]),
])
def test_f6_damage_bands_2_9_3_and_6_inches_and_the_strength_3_hit_at_a_grate(start, faces, carried,
                                                                    hits):
    b = line([GRATE])
    u = unit((start, 10))
    r = flood(b, [u], faces)
    assert r.washes[0].carried == carried
    assert strengths(r) == hits
    assert all(e.rule == "F-6" for e in kinds(r, Kind.ATTACKED))
    if len(hits) == 2:
        assert r.washes[0].stopped_by == "5" and at(u.models[0]) == (26 - R - 0.01, 10)


def test_f6_no_save_whatever_the_armour_and_a_casualty_is_removed():
    b = line()
    u = unit((10, 10), profile="sergeant")  # Sv 5+, W 1
    r = flood(b, [u], [6, 4, 6])  # carried 4 (S2): wounds on 5+, a 6
    assert [e.kind for e in r.events][-3:] == [SquadKind.NO_SAVE, Kind.DAMAGED, Kind.DIED]
    assert not u.models[0].alive and u.destroyed
    assert not any(e.kind in (SquadKind.SAVED, SquadKind.SAVE_FAILED) for e in r.events)


def test_f6_the_hits_are_attack_lines_with_exact_casualty_odds():
    m = unit((10, 10)).models[0]
    lines = water.flood_hits(m, 650, stopped=True)
    assert [(ln.strength, ln.no_save, ln.hit_on, ln.hit_rule) for ln in lines] == [
        (3, True, None, "F-6"), (3, True, None, "F-6")]
    odds = casualty_odds(lines, [m])  # S3 vs T3 wounds on 4+, twice, no save
    assert odds == {0: Fraction(1, 4), 1: Fraction(3, 4)}
    assert len(water.flood_hits(m, 299, stopped=False)) == 1


def test_f6_a_dead_end_counts_as_impassable_terrain():
    b = line()
    u = unit((38, 10))
    r = flood(b, [u], [6, 4, 1, 1])  # stopped by the end wall after 1.5 inches: 2 hits
    assert r.washes[0].stopped_by == "dead end"
    assert strengths(r) == ["S 1 (carried 1.5 inches: S 1)",
                            "S 3 (stopped by impassable terrain: S 3)"]


def test_f4_carry_odds_exploding_d6():
    odds = water.carry_odds()
    assert odds[1] == odds[5] == Fraction(1, 6) and 6 not in odds
    assert odds[7] == odds[11] == Fraction(1, 36) and odds[13] == Fraction(1, 216)
    assert sum(odds.values()) == 1


def test_f6_strength_odds_by_band_and_with_a_stop_ahead():
    s = water.strength_odds()
    assert s[1] == Fraction(2, 6) and s[2] == Fraction(3, 6)
    assert s[3] == Fraction(2, 36) and s[4] == Fraction(3, 36)
    assert sum(s.values()) == 1
    assert water.strength_odds(limit=2.9) == {1: 1}
    assert water.strength_odds(limit=4) == {1: Fraction(2, 6), 2: Fraction(4, 6)}
    assert water.p_stopped(4) == Fraction(1, 2) and water.p_stopped(0.5) == 1


def test_f5_knocked_over_on_4_plus():
    assert water.p_knocked_over() == Fraction(1, 2)
