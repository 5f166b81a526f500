"""Opposed rolls (K-5, K-6, K-8, Z-13..Z-15, G-3): exact odds checked against enumeration."""

import time
from collections.abc import Callable
from fractions import Fraction
from itertools import product

import pytest
from cpu import slowness

from game.core import odds
from game.core.dice import Contest, Contestant, Dice, Modifier, Roll
from game.core.odds import halve

Faces = tuple[int, ...]


def enumerate_contest(
    n_a: int, n_b: int, score_a: Callable[[Faces], int], score_b: Callable[[Faces], int],
    always_first: Callable[[Faces], bool] = lambda fs: False,
) -> tuple[Fraction, Fraction, Fraction]:
    """(P(first scores higher), P(second higher), P(equal)) by listing every throw of d6s."""
    w1 = w2 = tie = 0
    for fa in product(range(1, 7), repeat=n_a):
        for fb in product(range(1, 7), repeat=n_b):
            sa, sb = score_a(fa), score_b(fb)
            if always_first(fa) or sa > sb:
                w1 += 1
            elif sb > sa:
                w2 += 1
            else:
                tie += 1
    n = 6 ** (n_a + n_b)
    return Fraction(w1, n), Fraction(w2, n), Fraction(tie, n)


def approx(*ps: Fraction) -> object:
    return pytest.approx([float(p) for p in ps])


def probabilities(a: Contestant, b: Contestant, **kw: str | None) -> list[float]:
    return list(odds.contest_probabilities(a, b, **kw))  # type: ignore[arg-type]


PIP, SNIK = Contestant("Pip", 2), Contestant("Snik", 2)


class TestHigher:
    def test_k5_2d6_vs_2d6_ties_to_the_defender(self):
        assert probabilities(PIP, SNIK, mode="higher", ties="second") == approx(
            Fraction(575, 1296), Fraction(721, 1296), Fraction(0))
        assert enumerate_contest(2, 2, sum, sum)[0] == Fraction(575, 1296)

    def test_k5_1d6_vs_2d6(self):
        # by hand: a 3 beats 2 (1 way), a 4 beats 2-3 (3), a 5 beats 2-4 (6), a 6 beats 2-5
        # (10): 20 of 216
        sniper = Contestant("Pip", 1)
        p1, p2, pt = probabilities(sniper, SNIK, mode="higher", ties="second")
        assert (p1, p2, pt) == approx(Fraction(20, 216), Fraction(196, 216), Fraction(0))
        w1, w2, tie = enumerate_contest(1, 2, sum, sum)
        assert [p1, p2] == approx(w1, w2 + tie)

    def test_k6_critical_maximum_roll_always_hits(self):
        # 1d6 vs 2d6: a 6 wins whatever the defence rolls (36 of 216) plus 3, 4, 5 as above
        sniper = Contestant("Pip", 1)
        p = probabilities(sniper, SNIK, mode="higher", ties="second", critical="first_max")
        assert p == approx(Fraction(46, 216), Fraction(170, 216), Fraction(0))
        w1, w2, tie = enumerate_contest(1, 2, sum, sum, lambda fs: fs == (6,))
        assert p == approx(w1, w2 + tie, Fraction(0))

    def test_k6_critical_in_play(self):
        sniper = Contestant("Pip", 1)
        c = Dice.scripted([6, 6, 6]).contest(sniper, SNIK, rule="K-5", label="Pip shoots Snik",
                                             mode="higher", ties="second",
                                             critical="first_max")
        assert c.winner == 0 and c.critical and c.scores == (6, 12)
        assert "critical" in c.explain() and "Pip wins" in c.explain()
        c = Dice.scripted([6, 6, 6]).contest(sniper, SNIK, rule="K-5", label="Pip shoots Snik",
                                             mode="higher", ties="second")
        assert c.winner == 1 and not c.critical
        c = Dice.scripted([5, 1, 1]).contest(sniper, SNIK, rule="K-5", label="x",
                                             mode="higher", ties="second",
                                             critical="first_max")
        assert c.winner == 0 and not c.critical  # an ordinary win is not a critical

    def test_k8_covered_defender_adds_2(self):
        covered = Contestant("Snik", 2, modifiers=(Modifier(2, "covered", "K-8"),))
        w1, w2, tie = enumerate_contest(2, 2, sum, lambda fs: sum(fs) + 2)
        assert probabilities(PIP, covered, mode="higher", ties="second") == approx(
            w1, w2 + tie, Fraction(0))
        c = Dice.scripted([5, 4, 3, 4]).contest(PIP, covered, rule="K-5", label="Pip shoots",
                                                mode="higher", ties="second")
        assert c.scores == (9, 9) and c.winner == 1 and c.rolls[1].total == 7
        text = c.explain()
        for part in ("[K-5]", "Pip 2d6 (5+4) = 9", "Snik 2d6 (3+4) = 7", "+2 covered (K-8)",
                     "score 9", "Snik wins the tie", "chance"):
            assert part in text

    def test_g3_extra_die_drop_highest(self):
        worse = Contestant("Pip", 3, keep_lowest=2)
        w1, w2, tie = enumerate_contest(3, 2, lambda fs: sum(sorted(fs)[:2]), sum)
        assert probabilities(worse, SNIK, mode="higher", ties="second") == approx(
            w1, w2 + tie, Fraction(0))
        c = Dice.scripted([6, 1, 2, 1, 1]).contest(worse, SNIK, rule="G-3", label="x",
                                                   mode="higher", ties="second")
        assert c.rolls[0].total == 3 and c.rolls[0].expr == "3d6 keep lowest 2"
        assert c.winner == 0

    def test_keep_highest_and_plus(self):
        better = Contestant("Pip", 3, plus=1, keep_highest=2)
        w1, w2, tie = enumerate_contest(3, 2, lambda fs: sum(sorted(fs)[1:]) + 1, sum)
        assert probabilities(better, SNIK, mode="higher", ties="none") == approx(w1, w2, tie)

    def test_critical_counts_kept_dice_only(self):
        # both kept dice on 6 is the maximum possible 2-of-3 roll
        worse = Contestant("Pip", 3, keep_lowest=2)
        c = Dice.scripted([6, 6, 6, 6, 6]).contest(
            worse, Contestant("Snik", 2, plus=5), rule="K-6", label="x", mode="higher",
            ties="second", critical="first_max")
        assert c.critical and c.winner == 0
        w1, w2, tie = enumerate_contest(3, 2, lambda fs: sum(sorted(fs)[:2]),
                                        lambda fs: sum(fs) + 5,
                                        lambda fs: sorted(fs)[:2] == [6, 6])
        assert probabilities(worse, Contestant("Snik", 2, plus=5), mode="higher",
                             ties="second", critical="first_max") == approx(w1, w2 + tie, 0)


class TestTies:
    def test_none_first_second(self):
        tie = Fraction(146, 1296)  # 1+4+9+16+25+36+25+16+9+4+1 ways to match on 2d6
        assert enumerate_contest(2, 2, sum, sum)[2] == tie
        assert probabilities(PIP, SNIK, mode="higher", ties="none") == approx(
            Fraction(575, 1296), Fraction(575, 1296), tie)
        assert probabilities(PIP, SNIK, mode="higher", ties="first") == approx(
            Fraction(721, 1296), Fraction(575, 1296), Fraction(0))

    def test_a_tie_is_a_result_with_none(self):
        c = Dice.scripted([3, 4, 5, 2]).contest(PIP, SNIK, rule="K-5", label="x",
                                                mode="higher", ties="none")
        assert c.winner is None and c.scores == (7, 7) and c.explain().find(" - tie") > 0
        c = Dice.scripted([3, 4, 5, 2]).contest(PIP, SNIK, rule="K-5", label="x",
                                                mode="higher", ties="first")
        assert c.winner == 0

    def test_reroll_odds_sum_to_one(self):
        sniper = Contestant("Pip", 1)
        w1, w2, _ = enumerate_contest(1, 2, sum, sum)
        p = probabilities(sniper, SNIK, mode="higher", ties="reroll")
        assert p == approx(w1 / (w1 + w2), w2 / (w1 + w2), Fraction(0))
        assert sum(p) == pytest.approx(1)
        assert probabilities(PIP, SNIK, mode="higher", ties="reroll") == approx(
            Fraction(1, 2), Fraction(1, 2), Fraction(0))

    def test_reroll_until_the_tie_breaks(self):
        sniper = Contestant("Pip", 1)
        # round 1: 3 vs 1+2 tied; round 2: 4 vs 2+2 tied; round 3: 5 vs 1+1
        d = Dice.scripted([3, 1, 2, 4, 2, 2, 5, 1, 1, 6])
        c = d.contest(sniper, SNIK, rule="K-5", label="x", mode="higher", ties="reroll")
        assert c.winner == 0 and c.scores == (5, 2)
        assert [(a.faces, b.faces) for a, b in c.tied] == [((3,), (1, 2)), ((4,), (2, 2))]
        assert c.rolls[0].faces == (5,) and d.faces(1) == (6,)
        assert "after 2 tied rounds" in c.explain()
        assert Contest.from_json(c.to_json()) == c

    def test_dice_that_always_tie_cannot_reroll(self):
        d = Dice.scripted([1, 1])
        with pytest.raises(ValueError, match="never end"):
            d.contest(Contestant("A", 1, sides=1), Contestant("B", 1, sides=1), rule="K-5",
                      label="x", mode="higher", ties="reroll")
        assert d.faces(2) == (1, 1)


class TestMargin:
    """Z-13: "a DX contest (3d6 vs 3d6 modified by half the MR difference)"."""

    def test_z13_dx_contest_matches_enumeration(self):
        # interceptor DX 12 MR 10 against a mover DX 11 MR 13: half of 3 (down) = +1
        mover = Contestant("Snik", 3, target=11,
                           modifiers=(Modifier(halve(13 - 10, False), "half the MR difference",
                                               "Z-13"),))
        pip = Contestant("Pip", 3, target=12)
        w1, w2, tie = enumerate_contest(3, 3, lambda fs: 12 - sum(fs), lambda fs: 12 - sum(fs))
        assert w1 == w2  # equal adjusted DX: a fair contest
        for ties, want in (("second", (w1, w2 + tie, 0)), ("first", (w1 + tie, w2, 0)),
                           ("none", (w1, w2, tie)), ("reroll", (w1 / (1 - tie),
                                                                w2 / (1 - tie), 0))):
            p = probabilities(pip, mover, mode="margin", ties=ties)
            assert p == approx(*want) and sum(p) == pytest.approx(1)

    def test_unequal_dx(self):
        pip, snik = Contestant("Pip", 3, target=13), Contestant("Snik", 3, target=10)
        w1, w2, tie = enumerate_contest(3, 3, lambda fs: 13 - sum(fs), lambda fs: 10 - sum(fs))
        assert probabilities(pip, snik, mode="margin", ties="none") == approx(w1, w2, tie)
        assert w1 > w2

    def test_different_dice_each_side(self):
        # a roll under 2d6 is easy, under 3d6 hard: a margin is not a mirrored total
        pip, snik = Contestant("Pip", 2, target=8), Contestant("Snik", 3, target=11, plus=1)
        w1, w2, tie = enumerate_contest(2, 3, lambda fs: 8 - sum(fs),
                                        lambda fs: 11 - (sum(fs) + 1))
        assert probabilities(pip, snik, mode="margin", ties="none") == approx(w1, w2, tie)

    def test_bigger_margin_wins_even_when_both_fail(self):
        pip, snik = Contestant("Pip", 3, target=12), Contestant("Snik", 3, target=10)
        # Pip makes 12 exactly (margin 0); Snik misses by 3
        c = Dice.scripted([3, 4, 5, 6, 6, 1]).contest(pip, snik, rule="Z-15", label="evade",
                                                      mode="margin", ties="second")
        assert c.scores == (0, -3) and c.winner == 0
        a, b = c.rolls
        assert (a.target, a.base, a.success, a.comparison) == (12, 12, True, "<=")
        assert (b.total, b.target, b.success) == (13, 10, False)
        assert a.probability == pytest.approx(odds.check_probability(3, 12))
        # both fail: missing by 1 beats missing by 3
        c = Dice.scripted([6, 6, 1, 6, 6, 1]).contest(pip, snik, rule="Z-15", label="evade",
                                                      mode="margin", ties="second")
        assert c.scores == (-1, -3) and c.winner == 0
        text = c.explain()
        for part in ("[Z-15] evade", "Pip 3d6 (6+6+1) = 13 vs 12 (base 12), margin -1",
                     "margin -3", "Pip wins"):
            assert part in text

    def test_modifiers_adjust_the_target(self):
        snik = Contestant("Snik", 3, target=10, modifiers=(Modifier(-2, "stunned", "Z-6"),))
        c = Dice.scripted([1, 1, 1, 2, 2, 2]).contest(Contestant("Pip", 3, target=10), snik,
                                                      rule="Z-13", label="x", mode="margin",
                                                      ties="second")
        assert c.rolls[1].target == 8 and c.scores == (7, 2)
        assert Contest.from_json(c.to_json()) == c

    def test_margin_needs_targets_and_no_critical(self):
        d = Dice.scripted([1, 1, 1, 1, 1, 1])
        with pytest.raises(ValueError, match="Snik"):
            d.contest(Contestant("Pip", 3, target=10), Contestant("Snik", 3), rule="Z-13",
                      label="x", mode="margin", ties="second")
        with pytest.raises(ValueError, match="critical"):
            d.contest(Contestant("Pip", 3, target=10), Contestant("Snik", 3, target=9),
                      rule="Z-13", label="x", mode="margin", ties="second",
                      critical="first_max")
        assert len(d.faces(6)) == 6  # nothing was thrown


class TestRecord:
    def test_scripted_faces_go_first_then_second(self):
        d = Dice.scripted([1, 2, 3, 4, 5, 6])
        c = d.contest(PIP, Contestant("Snik", 3), rule="K-5", label="x", mode="higher",
                      ties="second")
        assert c.rolls[0].faces == (1, 2) and c.rolls[1].faces == (3, 4, 5)
        assert c.rolls[0].label == "Pip" and c.rolls[0].rule == "K-5"
        assert d.faces(1) == (6,)

    def test_odds_are_computed_before_the_roll(self):
        c = Dice(5).contest(PIP, SNIK, rule="K-5", label="x", mode="higher", ties="second")
        assert (c.p_first, c.p_second, c.p_tie) == odds.contest_probabilities(
            PIP, SNIK, mode="higher", ties="second")
        assert f"chance {c.p_first:.0%} for Pip" in c.explain()

    def test_json_round_trip_and_seeded_repeat(self):
        covered = Contestant("Snik", 2, modifiers=(Modifier(2, "covered", "K-8"),))
        c1, c2 = (Dice(11).contest(PIP, covered, rule="K-5", label="x", mode="higher",
                                   ties="reroll") for _ in range(2))
        assert c1 == c2 and Contest.from_json(c1.to_json()) == c1
        assert c1.to_json()["rolls"][1]["modifiers"] == [[2, "covered", "K-8"]]

    def test_plain_roll_json_is_unchanged(self):
        r = Dice.scripted([3]).roll("1d6", rule="K-5", label="damage")
        assert set(r.to_json()) == {"rule", "label", "expr", "faces", "total"}
        assert Roll.from_json(r.to_json()) == r

    @pytest.mark.parametrize("kw", [dict(mode="lower", ties="second"),
                                    dict(mode="higher", ties="defender"),
                                    dict(mode="higher", ties="second", critical="max")])
    def test_unknown_settings_are_refused(self, kw):
        with pytest.raises(ValueError, match="unknown"):
            Dice.scripted([]).contest(PIP, SNIK, rule="K-5", label="x", **kw)

    @pytest.mark.parametrize("kw", [dict(n=3, keep_lowest=4), dict(n=3, keep_highest=0),
                                    dict(n=3, keep_lowest=2, keep_highest=2), dict(n=-1)])
    def test_impossible_contestants_are_refused(self, kw):
        with pytest.raises(ValueError, match="Pip"):
            Contestant("Pip", **kw)

    def test_speed(self):
        odds._contest.cache_clear()
        odds._die_sum.cache_clear()
        a3, b3 = Contestant("A", 3, target=12), Contestant("B", 3, target=11)
        start = time.perf_counter()
        odds.contest_probabilities(a3, b3, mode="margin", ties="reroll")
        first = time.perf_counter() - start
        start = time.perf_counter()
        for _ in range(1000):
            odds.contest_probabilities(a3, b3, mode="margin", ties="reroll")
        cached = (time.perf_counter() - start) / 1000
        # measured ~2 ms and ~1.5 us
        assert first < 0.1 * slowness() and cached < 50e-6 * slowness()


def test_modifiers_given_as_a_list_still_hash():
    c = Contestant("Snik", 2, modifiers=[Modifier(2, "covered", "K-8")])  # type: ignore[arg-type]
    assert isinstance(c.modifiers, tuple) and hash(c) == hash(
        Contestant("Snik", 2, modifiers=(Modifier(2, "covered", "K-8"),)))


def test_only_a_critical_wins_for_the_first_side_when_asked():
    """K-8 Concealed: with critical 'first_max_only' the first side wins on its maximum
    roll and on nothing else, whatever the scores."""
    from game.core import odds
    from game.core.dice import Contestant, Dice

    a, b = Contestant("a", 2), Contestant("b", 1)
    p1, p2, pt = odds.contest_probabilities(a, b, mode="higher", ties="second",
                                            critical="first_max_only")
    assert (p1, p2, pt) == (pytest.approx(1 / 36), pytest.approx(35 / 36), 0.0)
    c = Dice.scripted([6, 5, 1]).contest(a, b, rule="K-8", label="x", mode="higher",
                                         ties="second", critical="first_max_only")
    assert c.winner == 1 and not c.critical
    with pytest.raises(ValueError, match="higher"):
        odds.contest_probabilities(a, b, mode="margin", ties="second",
                                   critical="first_max_only")
