"""Fantasy Trip basics: T-1..T-8 through the Match and the rule functions."""

import pytest
from textmap import match

from game.core import odds
from game.core.dice import Dice
from game.core.errors import IllegalActionError
from game.rules.tft import combat
from game.rules.tft.hexes import heights, melee
from game.rules.tft.hexes.actions import (
    Attack,
    ChooseFirst,
    Defend,
    EndMovement,
    Face,
    Move,
    NoRetreat,
    Pass,
    Retreat,
    StandUp,
)

FLAT = """
0 0 0 0 0
0 0 0 0 0
0 0 0 0 0
"""


def duel(text=FLAT, a=("Hum", "a", "human", 1, 1, 0), b=("Orc", "b", "orc", 2, 1, 3),
         faces=None, **kw):
    return match(text, [a, b], faces=faces, **kw)


def test_t1_adjusted_dx_lists_armour_and_shield():
    m = duel()
    h = m.state.figures["hum"]
    h.armour, h.shield = "chainmail", "large_shield"
    base, mods = combat.adjusted_dx(h)
    assert base == 12 and sum(x.value for x in mods) == -4
    assert {x.rule for x in mods} == {"T-4"}


class TestT2Attack:
    def _attack(self, faces):
        m = duel()
        h, o = m.state.figures["hum"], m.state.figures["orc"]
        r = melee.resolve_attack(m.state, h, o, Dice.scripted(faces))
        return m, h, o, r

    def test_t2_hit_on_dx_or_less_and_t3_damage_less_armour(self):
        m, h, o, r = self._attack([4, 4, 4, 6, 5])
        ev = r.events  # 12 vs DX 12 hits; broadsword 2d = 11
        assert ev[0].roll.success and ev[0].roll.rule == "T-2"
        assert o.st == 12 - 11

    def test_t2_miss_over_dx(self):
        m, h, o, r = self._attack([5, 5, 3])
        ev = r.events
        assert not ev[0].roll.success and o.st == 12

    def test_t2_three_is_triple_damage(self):
        m, h, o, r = self._attack([1, 1, 1, 1, 1])  # 2d = 2, x3 = 6
        ev = r.events
        assert ev[0].roll.note == "triple damage" and o.st == 12 - 6

    def test_t2_four_is_double_damage(self):
        m, h, o, r = self._attack([1, 1, 2, 1, 2])  # 2d = 3, x2 = 6
        ev = r.events
        assert ev[0].roll.note == "double damage" and o.st == 12 - 6

    def test_t2_five_always_hits_sixteen_always_misses(self):
        m = duel()
        h, o = m.state.figures["hum"], m.state.figures["orc"]
        h.dx = 3
        ev = melee.resolve_attack(m.state, h, o, Dice.scripted([1, 2, 2, 1, 1])).events
        assert ev[0].roll.success and ev[0].roll.note == "automatic hit"
        h.dx = 20
        ev = melee.resolve_attack(m.state, h, o, Dice.scripted([6, 6, 4])).events
        assert not ev[0].roll.success and ev[0].roll.note == "automatic miss"

    def test_t2_seventeen_drops_eighteen_breaks(self):
        m, h, o, r = self._attack([6, 6, 5])
        assert h.ready is None and r.dropped == "broadsword"
        m, h, o, r = self._attack([6, 6, 6])
        assert h.ready is None and "broadsword" not in h.weapons


class TestT3Damage:
    def test_t3_unconscious_at_1_dead_at_0(self):
        m = duel()
        o = m.state.figures["orc"]
        combat.take_damage(o, 11, "test")
        assert o.status == "unconscious" and o.st == 1
        combat.take_damage(o, 1, "test")
        assert o.status == "dead"

    def test_t3_eight_in_a_turn_knocks_down(self):
        m = duel()
        o = m.state.figures["orc"]
        combat.take_damage(o, 4, "a")
        assert not o.prone
        combat.take_damage(o, 4, "b")
        assert o.prone

    def test_t3_five_in_a_turn_costs_2_dx_next_turn(self):
        m = duel(faces=[6, 1, 5, 2])
        o = m.state.figures["orc"]
        combat.take_damage(o, 5, "a")
        m.apply(ChooseFirst(m.state.winner, "a"))
        m.apply(EndMovement("a"))
        m.apply(EndMovement("b"))
        for f in list(m.state.order):
            m.apply(Pass(f))
        o = m.state.figures["orc"]
        assert m.state.turn == 2 and o.dx_penalty == -2
        base, mods = combat.adjusted_dx(o)
        assert any(x.rule == "T-3" and x.value == -2 for x in mods)


class TestT5Facing:
    def test_t5_side_and_rear(self):
        m = duel()
        h, o = m.state.figures["hum"], m.state.figures["orc"]
        assert heights.facing_from(m.board, o, h.cell) == "front"
        o.facing = 0  # looking away: the human is in its rear hex
        assert heights.facing_from(m.board, o, h.cell) == "rear"
        assert melee.facing_modifier(m.board, h, o).value == 4
        o.facing = 1
        assert melee.facing_modifier(m.board, h, o).value == 2

    def test_t5_shield_does_not_count_from_the_rear(self):
        m = duel()
        o = m.state.figures["orc"]
        o.armour, o.shield = "leather", "small_shield"
        assert combat.armour_stops(o, rear=False) == 3
        assert combat.armour_stops(o, rear=True) == 2

    def test_t5_only_front_hexes_can_be_attacked(self):
        m = duel(a=("Hum", "a", "human", 1, 1, 3))  # facing away from the orc
        c = m.ruleset.queries(m.state).attack_check("hum", "orc")
        assert not c.allowed and "front hexes" in c.reason


class TestT6Engagement:
    def test_t6_moving_into_an_enemy_front_hex_stops(self):
        m = duel(a=("Hum", "a", "human", 0, 1, 0), b=("Orc", "b", "orc", 3, 1, 3))
        m.apply(ChooseFirst(m.state.winner, "a"))
        opts = m.ruleset.queries(m.state).move_options("hum")
        stop = m.board.index(2, 1)
        assert stop in opts.reach.ends
        m.apply(Move("hum", stop))
        assert m.state.figures["hum"].move_over

    def test_t6_an_engaged_figure_may_only_shift_one_hex(self):
        m = duel()
        m.apply(ChooseFirst(m.state.winner, "a"))
        opts = m.ruleset.queries(m.state).move_options("hum")
        assert all(m.board.distance(c, m.state.figures["hum"].cell) == 1 for c in opts.cells())

    def test_h7_engagement_needs_level_within_size(self):
        m = duel(text="0 0 0\n0 0 2\n0 0 0")
        h, o = m.state.figures["hum"], m.state.figures["orc"]
        assert not heights.engages(m.board, o, h)  # two levels apart, 1-hex figures
        assert not m.ruleset.queries(m.state).is_engaged(h.id)


class TestT7Turn:
    def test_t7_initiative_winner_chooses_and_order_by_adjusted_dx(self):
        m = duel(faces=[2, 5])
        assert m.state.winner == "b" and m.to_act() == "b"
        with pytest.raises(IllegalActionError, match="did not win the initiative"):
            m.apply(ChooseFirst("a", "a"))
        m.apply(ChooseFirst("b", "a"))
        assert m.state.moving == "a"
        m.apply(EndMovement("a"))
        m.apply(EndMovement("b"))
        assert m.state.order == ["hum", "orc"]  # DX 12 before DX 11

    def test_t7_defend_makes_attackers_roll_4d6(self):
        m = duel(faces=[6, 1, 3, 3, 3, 3, 1, 1])
        m.apply(ChooseFirst("a", "b"))
        m.apply(Defend("orc"))
        m.apply(EndMovement("b"))
        m.apply(EndMovement("a"))
        odds_ = m.ruleset.queries(m.state).attack_check("hum", "orc").odds
        assert odds_.dice == 4 and odds_.p_hit == pytest.approx(odds.check_probability(4, 12))
        ev = m.apply(Attack("hum", "orc"))
        assert ev[0].roll.expr == "4d6" and ev[0].roll.total == 12 and ev[0].roll.success

    def test_t7_charge_only_after_half_ma(self):
        m = duel(a=("Hum", "a", "human", 0, 0, 0), b=("Orc", "b", "orc", 4, 2, 3))
        h = m.state.figures["hum"]
        h.mp_spent = 6
        c = m.ruleset.queries(m.state).attack_check("hum", "orc")
        assert not c.allowed

    def test_t7_prone_figure_stands_up_instead_of_attacking(self):
        m = duel(faces=[6, 1])
        m.state.figures["hum"].prone = True
        m.apply(ChooseFirst("a", "a"))
        m.apply(EndMovement("a"))
        m.apply(EndMovement("b"))
        acts = m.legal_actions()
        assert StandUp("hum") in acts and Attack("hum", "orc") not in acts


class TestT8ForceRetreat:
    def test_t8_damage_without_taking_any_allows_a_push_and_follow(self):
        # init 6 v 1; human hits (3+3+3) for 2d = 2+2 = 4 - leather 0 ... orc has no armour
        m = duel(faces=[6, 1, 3, 3, 3, 2, 2, 6, 6, 6, 4, 3])
        m.apply(ChooseFirst("a", "a"))
        m.apply(EndMovement("a"))
        m.apply(EndMovement("b"))
        m.apply(Attack("hum", "orc"))
        assert m.state.figures["orc"].st == 8
        m.apply(Pass("orc"))
        assert m.state.phase == "retreat" and m.to_act() == "a"
        pushes = [a for a in m.legal_actions() if isinstance(a, Retreat)]
        assert pushes and NoRetreat("hum", "orc") in m.legal_actions()
        old = m.state.figures["orc"].cell
        to = pushes[0].to
        m.apply(Retreat("hum", "orc", to, True))
        assert m.state.figures["orc"].cell == to and m.state.figures["hum"].cell == old
        assert m.state.turn == 2

    def test_t8_no_push_if_it_took_damage_back(self):
        m = duel(faces=[6, 1, 3, 3, 3, 2, 2, 3, 3, 3, 1, 1, 4, 3])
        m.apply(ChooseFirst("a", "a"))
        m.apply(EndMovement("a"))
        m.apply(EndMovement("b"))
        m.apply(Attack("hum", "orc"))
        m.apply(Attack("orc", "hum"))
        assert m.state.turn == 2  # both hurt each other: no force retreat


def test_illegal_action_changes_nothing():
    m = duel()
    before = m.state_hash()
    with pytest.raises(IllegalActionError, match="not legal"):
        m.apply(Move("hum", 0))
    with pytest.raises(IllegalActionError):
        m.apply(Face("nobody", 2))
    assert m.state_hash() == before and not m.actions
