"""Dice and exact odds (DESIGN: Dice, odds)."""

from collections import Counter
from fractions import Fraction
from itertools import product

import pytest
from hypothesis import given
from hypothesis import strategies as st

from game.core import odds
from game.core.dice import Dice, Modifier, Roll, ScriptExhausted
from game.core.odds import DiceExpr, halve

T2 = {3: (True, "triple damage"), 4: (True, "double damage"), 5: (True, "automatic hit"),
      16: (False, "automatic miss"), 17: (False, "drops weapon"), 18: (False, "weapon breaks")}


class TestDiceExpr:
    @pytest.mark.parametrize("text,n,plus", [("2d-1", 2, -1), ("1d+2", 1, 2), ("3d", 3, 0),
                                             ("3d6", 3, 0), ("1d-4", 1, -4)])
    def test_parse(self, text, n, plus):
        e = DiceExpr.parse(text)
        assert (e.n, e.sides, e.plus) == (n, 6, plus)

    def test_bad_expression_names_itself(self):
        with pytest.raises(ValueError, match="'2x'"):
            DiceExpr.parse("2x")


class TestDistributions:
    def test_3d6_known_values(self):
        d = odds.distribution(3)
        assert sum(d.values()) == 1
        assert d[3] == Fraction(1, 216) and d[10] == Fraction(27, 216)
        assert odds.check_probability(3, 10) == pytest.approx(0.5)

    def test_t2_automatic_results_fix_the_ends(self):
        # T-2: even DX 20 misses on 16-18; DX 2 still hits on 3-5
        assert odds.check_probability(3, 20, automatic=T2) == pytest.approx(206 / 216)
        assert odds.check_probability(3, 2, automatic=T2) == pytest.approx(10 / 216)

    def test_4d6_defend(self):
        # T-7: 4d6 <= 14 is much harder than 3d6 <= 14
        assert odds.check_probability(4, 14) < odds.check_probability(3, 14)
        assert odds.check_probability(4, 14) == pytest.approx(
            float(sum(v for k, v in odds.distribution(4).items() if k <= 14)))

    def test_extra_die_drop_highest(self):
        # G-3's "roll an extra die and drop the highest": 2 of 3 dice, lowest kept
        d = odds.distribution(3, keep_lowest=2)
        assert sum(d.values()) == 1
        assert d[2] == Fraction(16, 216)  # at least two 1s: 1 + 3*5 = 16 ways
        assert odds.check_probability(3, 4, keep_lowest=2) > odds.check_probability(2, 4)

    def test_opposed_rolls_are_symmetric(self):
        gt, eq, lt = odds.opposed(DiceExpr(3), DiceExpr(3))
        assert gt == pytest.approx(lt) and gt + eq + lt == pytest.approx(1)

    def test_damage_after_armour(self):
        # 1d6 through 2 points of armour: (0+0+1+2+3+4)/6
        assert odds.mean_after_reduction(DiceExpr(1), 2) == pytest.approx(10 / 6)
        assert odds.mean_after_reduction(DiceExpr(1), 2, 2) == pytest.approx(
            sum(max(0, 2 * t - 2) for t in range(1, 7)) / 6)


class TestDice:
    def test_seeded_dice_repeat(self):
        assert Dice(5).faces(20) == Dice(5).faces(20)
        assert Dice(5).faces(20) != Dice(6).faces(20)

    def test_scripted_dice_hand_out_faces_then_refuse(self):
        d = Dice.scripted([1, 2, 3])
        assert d.faces(2) == (1, 2)
        with pytest.raises(ScriptExhausted):
            d.faces(2)

    def test_check_records_everything(self):
        d = Dice.scripted([6, 6, 5])
        r = d.check(3, 12, [Modifier(-2, "leather armour", "T-4"), Modifier(1, "higher", "H-6")],
                    rule="T-2", label="Pip attacks Snik", automatic=T2)
        assert r.total == 17 and r.target == 11 and r.success is False
        assert r.note == "drops weapon"
        assert r.probability == pytest.approx(odds.check_probability(3, 11, automatic=T2))
        text = r.explain()
        for part in ("[T-2]", "Pip attacks Snik", "6+6+5", "17", "vs 11", "leather armour",
                     "(T-4)", "failure", "chance"):
            assert part in text
        assert Roll.from_json(r.to_json()) == r

    def test_keep_lowest_roll(self):
        r = Dice.scripted([6, 1, 2]).check(3, 4, rule="G-3", label="cover", keep_lowest=2)
        assert r.total == 3 and r.success

    def test_clone_continues_identically(self):
        d = Dice(9)
        d.faces(5)
        c = d.clone()
        assert c.faces(10) == d.faces(10)

    def test_damage_never_below_zero(self):
        assert Dice.scripted([1]).roll("1d-4", rule="T-3", label="fist").total == 0


def enumerate_totals(n: int, sides: int = 6) -> dict[int, Fraction]:
    """P(total) of n plain dice by listing every way they can fall."""
    counts = Counter(sum(fs) for fs in product(range(1, sides + 1), repeat=n))
    return {t: Fraction(c, sides**n) for t, c in counts.items()}


def enumerate_exploding_die(sides: int, max_rerolls: int) -> dict[int, Fraction]:
    """One exploding die by listing every sequence of max_rerolls + 1 throws."""
    out: Counter[int] = Counter()
    for seq in product(range(1, sides + 1), repeat=max_rerolls + 1):
        total = 0
        for f in seq:  # take throws until one is not the top face (or the cap is reached)
            total += f
            if f != sides:
                break
        out[total] += 1
    return {t: Fraction(c, sides ** (max_rerolls + 1)) for t, c in out.items()}


class TestComparisons:
    @pytest.mark.parametrize("total,target,cmp,ok", [
        (7, 7, "<=", True), (7, 7, "<", False), (7, 7, ">=", True), (7, 7, ">", False),
        (6, 7, "<", True), (8, 7, ">", True), (8, 7, "<=", False), (6, 7, ">=", False)])
    def test_strict_and_at_least_at_the_boundary(self, total, target, cmp, ok):
        assert odds.meets(total, target, cmp) is ok

    @pytest.mark.parametrize("cmp", ["<=", "<", ">=", ">"])
    def test_check_probability_matches_enumeration(self, cmp):
        ops = {"<=": lambda t: t <= 7, "<": lambda t: t < 7, ">=": lambda t: t >= 7,
               ">": lambda t: t > 7}
        want = sum(q for t, q in enumerate_totals(2).items() if ops[cmp](t))
        assert odds.check_probability(2, 7, comparison=cmp) == pytest.approx(float(want))

    def test_at_least_and_strict_differ_by_the_boundary_total(self):
        # 2d6: P(>= 7) = 21/36, P(> 7) = 15/36, P(<= 7) = 21/36, P(< 7) = 15/36
        assert odds.check_probability(2, 7, comparison=">=") == pytest.approx(21 / 36)
        assert odds.check_probability(2, 7, comparison=">") == pytest.approx(15 / 36)
        assert odds.check_probability(2, 7, comparison="<") == pytest.approx(15 / 36)

    def test_strict_check_fails_on_the_target_itself(self):
        r = Dice.scripted([3, 4]).check(2, 7, rule="K-11", label="medkit", comparison=">")
        assert r.total == 7 and r.success is False and r.comparison == ">"
        r = Dice.scripted([3, 4]).check(2, 7, rule="K-11", label="medkit", comparison=">=")
        assert r.success is True

    @pytest.mark.parametrize("cmp", ["=<", "==", "", "less"])
    def test_unknown_comparison_is_refused(self, cmp):
        with pytest.raises(ValueError, match="unknown comparison"):
            odds.meets(3, 4, cmp)
        with pytest.raises(ValueError, match="unknown comparison"):
            odds.check_probability(3, 10, comparison=cmp)
        with pytest.raises(ValueError, match="unknown comparison"):  # even if all automatic
            odds.check_probability(1, 3, comparison=cmp,
                                   automatic={k: (True, "") for k in range(1, 7)})
        d = Dice.scripted([1, 2, 3])
        with pytest.raises(ValueError):
            d.check(3, 10, rule="Z-5", label="zone move", comparison=cmp)
        assert d.faces(3) == (1, 2, 3)  # refused before any die was thrown


class TestHalving:
    @pytest.mark.parametrize("x,up,half", [
        (7, True, 4), (7, False, 3), (6, True, 3), (6, False, 3), (1, True, 1), (1, False, 0),
        (0, True, 0), (0, False, 0), (-1, True, 0), (-1, False, -1), (-3, True, -1),
        (-3, False, -2), (-4, True, -2), (-4, False, -2)])
    def test_halve(self, x, up, half):
        assert halve(x, up) == half

    @given(st.integers(-1000, 1000))
    def test_halves_add_up_and_mirror(self, x):
        assert halve(x, True) + halve(x, False) == x
        assert halve(-x, True) == -halve(x, False)
        assert 0 <= halve(x, True) * 2 - x <= 1

    @pytest.mark.parametrize("text,expr,back", [
        ("1d6/2", DiceExpr(1, 6, 0, "up"), "1d6/2"),
        ("1d6 / 2", DiceExpr(1, 6, 0, "up"), "1d6/2"),  # K-11 as the table writes it
        ("1d6/2 up", DiceExpr(1, 6, 0, "up"), "1d6/2"),
        ("1d6/2 down", DiceExpr(1, 6, 0, "down"), "1d6/2 down"),
        ("2d/2", DiceExpr(2, 6, 0, "up"), "2d6/2"),
        ("(2d6+1)/2", DiceExpr(2, 6, 1, "up"), "(2d6+1)/2"),
        ("(3d-2)/2 down", DiceExpr(3, 6, -2, "down"), "(3d6-2)/2 down"),
        ("2d-1", DiceExpr(2, 6, -1), "2d6-1")])
    def test_parse_and_round_trip(self, text, expr, back):
        e = DiceExpr.parse(text)
        assert e == expr and str(e) == back and DiceExpr.parse(str(e)) == e
        assert {e: 1}[expr] == 1  # still hashable, equal values hash alike

    @pytest.mark.parametrize("text", ["2d6+1/2", "(2d6)", "(1d6/2", "1d6/3", "1d6/2 sideways"])
    def test_bad_halved_expressions_are_refused(self, text):
        with pytest.raises(ValueError):
            DiceExpr.parse(text)
        with pytest.raises(ValueError, match="halved"):
            DiceExpr(1, 6, 0, "sideways")  # type: ignore[arg-type]

    def test_old_expressions_are_unchanged(self):
        assert DiceExpr(2, 6, -1) == DiceExpr.parse("2d-1") and DiceExpr(3).halved is None
        assert odds.expr_distribution("2d-1") == odds.distribution(2, 6, -1)

    def test_k11_light_weapon_distribution_rounds_up(self):
        # 1d6 / 2 rounded up: faces 1..6 give 1,1,2,2,3,3
        assert odds.expr_distribution("1d6/2") == {1: Fraction(1, 3), 2: Fraction(1, 3),
                                                   3: Fraction(1, 3)}
        assert odds.expr_distribution("1d6/2 down") == {
            0: Fraction(1, 6), 1: Fraction(1, 3), 2: Fraction(1, 3), 3: Fraction(1, 6)}

    def test_halved_total_with_plus_matches_enumeration(self):
        want: Counter[int] = Counter()
        for a, b in product(range(1, 7), repeat=2):
            want[-(-(a + b + 1) // 2)] += 1
        got = odds.expr_distribution("(2d6+1)/2")
        assert got == {t: Fraction(c, 36) for t, c in want.items()}

    def test_halved_damage_after_armour(self):
        # light weapon 1d6/2 through Absorb 1: (0+0+1+1+2+2)/6
        assert odds.mean_after_reduction(DiceExpr.parse("1d6/2"), 1) == pytest.approx(1)

    @pytest.mark.parametrize("text,face,total", [("1d6/2", 5, 3), ("1d6/2 down", 5, 2),
                                                 ("1d6/2", 1, 1), ("1d6/2 down", 1, 0)])
    def test_roll_honours_halving(self, text, face, total):
        r = Dice.scripted([face]).roll(text, rule="K-11", label="light weapon damage")
        assert r.total == total and r.faces == (face,) and r.expr == str(DiceExpr.parse(text))
        assert Roll.from_json(r.to_json()) == r


class TestExploding:
    def test_f4_one_exploding_d6(self):
        d = odds.explode_distribution(1)
        assert sum(d.values()) == 1
        assert d.get(6, 0) == 0 and d.get(12, 0) == 0
        assert d[7] == Fraction(1, 36) and d[13] == Fraction(1, 216)
        assert sum(q for t, q in d.items() if t <= 5) == Fraction(5, 6)
        # the cap: 20 rerolls, so at most 21 throws, all sixes once in 6**21
        assert max(d) == 126 and d[126] == Fraction(1, 6**21)

    def test_matches_enumeration_of_every_throw(self):
        assert odds.explode_distribution(1, 6, 3) == enumerate_exploding_die(6, 3)
        one = enumerate_exploding_die(4, 2)
        two: Counter[int] = Counter()
        for (x, p), (y, q) in product(one.items(), repeat=2):
            two[x + y] += p * q
        assert odds.explode_distribution(2, 4, 2) == dict(two)

    def test_probability_queries(self):
        assert odds.explode_probability(1, 7) == pytest.approx(1 / 6)
        assert odds.explode_probability(1, 8) == pytest.approx(5 / 36)  # 6 then 2+
        assert odds.explode_probability(1, 5, comparison="<=") == pytest.approx(5 / 6)
        assert odds.explode_probability(1, 6, comparison="<") == pytest.approx(5 / 6)

    def test_f4_scripted_faces_list_every_throw(self):
        r = Dice.scripted([6, 6, 2]).explode(rule="F-4", label="carried away")
        assert (r.total, r.faces, r.expr) == (14, (6, 6, 2), "1d6 exploding")
        assert r.success is None and "6+6+2" in r.explain()
        assert Roll.from_json(r.to_json()) == r

    def test_each_die_is_rolled_out_before_the_next(self):
        d = Dice.scripted([6, 2, 4, 5])
        r = d.explode(2, rule="F-4", label="two dice")
        assert (r.faces, r.total) == ((6, 2, 4), 12)
        assert d.faces(1) == (5,)

    def test_the_cap_stops_rerolling(self):
        d = Dice.scripted([6, 6, 6, 1])
        r = d.explode(rule="F-4", label="capped", max_rerolls=2)
        assert r.total == 18 and d.faces(1) == (1,)

    def test_check_against_a_target(self):
        r = Dice.scripted([6, 1]).explode(rule="F-4", label="reach 8", base=8)
        assert r.total == 7 and r.target == 8 and r.success is False
        assert r.probability == pytest.approx(5 / 36)
        r = Dice.scripted([6, 2]).explode(rule="F-4", label="reach 8", base=9,
                                          modifiers=[Modifier(-1, "downstream")])
        assert r.target == 8 and r.success is True

    def test_bad_exploding_dice_are_refused_before_throwing(self):
        d = Dice.scripted([1])
        with pytest.raises(ValueError):
            d.explode(1, 1, rule="F-4", label="d1")
        with pytest.raises(ValueError):
            odds.explode_distribution(1, 6, -1)
        assert d.faces(1) == (1,)

    def test_seeded_explosions_repeat(self):
        a = [Dice(3).explode(3, rule="F-4", label="x").faces for _ in range(2)]
        assert a[0] == a[1]


def test_seeded_stream_is_fixed_for_faces_roll_and_check():
    """Melee's seeded games rely on this exact stream: the same seed gives the same faces,
    in the same order, for every existing kind of call (values recorded from the engine).
    The rule ids are neutral: what is pinned here is the dice, not a rule."""
    d = Dice(5)
    assert d.faces(10) == (5, 3, 6, 3, 6, 6, 6, 5, 1, 4)
    assert d.faces(3, 20) == (8, 2, 6)
    r = d.roll("2d-1", rule="seed", label="sword")
    assert (r.faces, r.total, r.expr) == ((1, 3), 3, "2d6-1")
    r = d.roll("1d+2", rule="seed", label="club")
    assert (r.faces, r.total, r.expr) == ((4,), 6, "1d6+2")
    r = d.check(3, 11, [Modifier(-2, "leather armour")], rule="seed", label="hit",
                automatic=T2)
    assert (r.faces, r.total, r.target, r.success) == ((2, 4, 5), 11, 9, False)
    assert r.probability == pytest.approx(81 / 216)
    r = d.check(4, 12, rule="seed", label="defend")
    assert (r.faces, r.total, r.success) == ((1, 5, 2, 1), 9, True)
    r = d.check(3, 4, rule="seed", label="cover", keep_lowest=2)
    assert (r.faces, r.total, r.success) == ((6, 2, 4), 6, False)
    r = d.check(1, 4, rule="seed", label="save", comparison=">=")
    assert (r.faces, r.total, r.success, r.probability) == ((3,), 3, False, 0.5)
    assert d.rolls == 27 and d.faces(5) == (2, 4, 2, 1, 2)


def test_scripted_dice_may_go_on_seeded_after_their_script():
    d = Dice.scripted([6, 1], then_seed=9)
    assert d.faces(2) == (6, 1)
    assert d.faces(5) == Dice(9).faces(5)
    c = Dice.scripted([2], then_seed=9).clone()
    assert c.faces(1) == (2,) and c.faces(3) == Dice(9).faces(3)


@pytest.mark.parametrize("text", ["1d", "2d-1", "3d", "1d+2", "1d6/2", "1d-3"])
def test_chance_of_at_least_after_reduction_is_the_exact_sum(text):
    """p_at_least_after_reduction reads a table of tails: the same float as summing the
    exact distribution (a total never below 0), for every stop, amount and multiplier."""
    e = DiceExpr.parse(text)
    dist = odds.expr_distribution(e)
    for stop in range(-2, 8):
        for amount in range(-3, 25):
            for mult in (0, 1, 2, 3):
                want = float(sum((q for t, q in dist.items()
                                  if mult * max(0, t) - stop >= amount), Fraction(0)))
                assert odds.p_at_least_after_reduction(e, stop, amount, mult) == want
