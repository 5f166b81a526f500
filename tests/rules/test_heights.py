"""Melee on Heroscape height maps (seed 000): H-1..H-14, H-22 with the source's examples."""

import pytest
from textmap import match

from game.core.dice import Dice
from game.rules.tft.data import load_data
from game.rules.tft.hexes import falls, heights, melee
from game.rules.tft.hexes.actions import (
    ChooseFirst,
    Disengage,
    EndMovement,
    JumpDown,
)

SIDE_VIEW = """
0 0 0 0 0 0
0 3 2 1 0 0
0 0 0 0 0 0
"""
# columns of the side view: A=(1,1) level 3, B=(2,1) level 2, C=(3,1) level 1, X=(4,1) ground


def side_view(hobbit_at, others=(), faces=None, seed=0):
    figs = [("Hobbit", "a", "hobbit", *hobbit_at, 3)]
    figs += [(n, "b", u, c, r, f) for n, u, c, r, f in others] or [("Orc", "b", "orc", 0, 0, 0)]
    return match(SIDE_VIEW, figs, faces=faces, seed=seed)


def moving(m, side="a"):
    """Pass initiative: the winner lets ``side`` move first."""
    m.apply(ChooseFirst(m.state.winner, side))
    return m


def cell(m, c, r):
    return m.board.index(c, r)


class TestH22SideView:
    def test_h22_climbing_ground_c_b_a_costs_2_2_2(self):
        m = moving(side_view((4, 1)))
        opts = m.ruleset.queries(m.state).move_options("hobbit")
        assert opts.cost(cell(m, 3, 1)) == 2  # onto C: one tile side + one to enter
        assert opts.cost(cell(m, 2, 1)) == 4  # C -> B: 2 more
        assert opts.cost(cell(m, 1, 1)) == 6  # B -> A: 2 more, a total of 6
        assert opts.path(cell(m, 1, 1)) == [cell(m, c, 1) for c in (4, 3, 2, 1)]

    def test_h22_cannot_climb_two_levels_from_beside_b(self):
        m = moving(side_view((2, 0)))
        b = m.board
        steps = dict(heights.climbing_step_costs(b, 1)[cell(m, 2, 0)])
        assert cell(m, 2, 1) not in steps  # 2 levels > H 1 (H-2)
        assert steps[cell(m, 3, 0)] == 1
        opts = m.ruleset.queries(m.state).move_options("hobbit")
        assert opts.path(cell(m, 2, 1))[1] != cell(m, 2, 1)  # B only by way of C
        assert opts.cost(cell(m, 2, 1)) == 5

    def test_h22_descent_from_a_to_the_far_ground_costs_3(self):
        m = moving(side_view((1, 1)))
        opts = m.ruleset.queries(m.state).move_options("hobbit")
        assert opts.cost(cell(m, 4, 1)) == 3  # drops of 1 are free for H 1 (H-3)
        assert cell(m, 4, 1) not in opts.jumps
        # with 2 MP left the ground beside A can only be reached by jumping 3 levels:
        # band 2 for a hobbit
        m.state.figures["hobbit"].mp_spent = 8
        jump = m.ruleset.queries(m.state).move_options("hobbit").jumps[cell(m, 2, 2)]
        assert (jump.levels, jump.band, jump.cost) == (3, 2, 1)

    def test_h22_jump_from_b_fails_and_takes_1d6(self):
        # initiative 6 v 1; the fall: 3d6 = 6+6+5 = 17 vs DX 14 fails; 1d6 = 4 damage
        m = moving(side_view((2, 1), faces=[6, 1, 6, 6, 5, 4]))
        m.state.figures["hobbit"].mp_spent = 8  # too few MP to walk down by way of C
        j = m.ruleset.queries(m.state).move_options("hobbit").jumps[cell(m, 2, 0)]
        assert (j.levels, j.band) == (2, 1)
        events = m.apply(JumpDown("hobbit", cell(m, 2, 1), cell(m, 2, 0)))
        roll = next(e.roll for e in events if e.roll and e.roll.rule == "H-8")
        assert roll.expr == "3d6" and roll.target == 14 and not roll.success
        hob = m.state.figures["hobbit"]
        assert hob.prone and hob.st == 8 - 4

    def test_h22_jump_from_b_made_lands_standing_unhurt(self):
        m = moving(side_view((2, 1), faces=[6, 1, 2, 3, 4]))
        m.state.figures["hobbit"].mp_spent = 8
        m.apply(JumpDown("hobbit", cell(m, 2, 1), cell(m, 2, 0)))
        hob = m.state.figures["hobbit"]
        assert not hob.prone and hob.st == 8  # one die fewer: none at all

    def test_h22_hobbit_reaches_c_but_not_b_or_a(self):
        m = side_view((4, 1), others=[("OnC", "human", 3, 1, 0)])
        st = m.state
        hob, on_c = st.figures["hobbit"], st.figures["onc"]
        assert heights.can_attack_across_heights(m.board, hob, on_c)
        m2 = side_view((3, 0), others=[("OnB", "human", 2, 1, 0)])
        hob2, on_b = m2.state.figures["hobbit"], m2.state.figures["onb"]
        assert not heights.can_attack_across_heights(m2.board, hob2, on_b)  # H-4, both ways
        assert not heights.can_attack_across_heights(m2.board, on_b, hob2)
        m3 = side_view((2, 0), others=[("OnA", "human", 1, 1, 0)])
        assert not heights.can_attack_across_heights(m3.board, m3.state.figures["ona"],
                                                     m3.state.figures["hobbit"])


class TestH8FallingBands:
    SOURCE_TABLE = {  # kind: (1d6 band, 2d6 band, 3d6 band) as (low, high) levels, seed 000
        "hobbit": ((2, 2), (3, 3), (4, 4)),
        "dwarf": ((3, 4), (5, 6), (7, 8)),
        "human": ((4, 6), (7, 9), (10, 12)),
        "elf": ((5, 8), (9, 12), (13, 16)),
        "horseman": ((3, 4), (5, 6), (7, 8)),
        "large": ((5, 8), (9, 12), (13, 16)),
        "huge": ((6, 10), (11, 15), (16, 20)),
    }

    @pytest.mark.parametrize("kind", list(SOURCE_TABLE))
    def test_h8_table_and_formula_agree(self, kind):
        k = load_data().kinds[kind]
        h = k.h + k.climb  # falling uses the climbing H (elf 4, horseman 2)
        for dice, (lo, hi) in enumerate(self.SOURCE_TABLE[kind], start=1):
            for levels in range(lo, hi + 1):
                assert heights.fall_band(levels, h) == dice, (kind, levels)
        assert heights.fall_band(self.SOURCE_TABLE[kind][0][0] - 1, h) == 0  # <= H: no roll

    def test_h8_a_made_roll_takes_a_die_away(self):
        assert heights.fall_damage_dice(5, 3, saved=True) == 0
        assert heights.fall_damage_dice(5, 3, saved=False) == 1
        assert heights.fall_damage_dice(8, 3, saved=True) == 1
        assert heights.fall_damage_dice(8, 3, saved=False) == 2

    def test_h12_bob_falls_ten_levels(self):
        # H-12: Bob (H 3, DX 16, chainmail) falls 10 levels: 3d6 save of 12 vs DX 16 made,
        # so 2d6 instead of 3d6; lands prone per the climbing rule; chain stops only 2.
        # (Here he lands standing: H-11's "prone whatever happens" belongs to climbing.)
        m = match("9 0\n0 0", [("Bob", "a", "bob", 0, 0, 0), ("Orc", "b", "orc", 1, 1, 0)],
                  faces=[6, 1, 6, 6, 6, 4, 4, 4, 5, 6])
        bob = m.state.figures["bob"]
        dice = Dice.scripted([4, 4, 4, 5, 6])
        events = falls.fall(bob, bob.cell, 10, dice, "falls")
        save = events[0].roll
        assert save.total == 12 and save.base == 16 and save.success
        dmg = next(e.roll for e in events if e.roll and e.roll.expr == "2d6")
        assert dmg.total == 11
        assert bob.st == 12 - (11 - 2)  # chainmail (stops 3) stops only 2 of a fall


class TestHeightCombat:
    def test_h6_height_advantage_example(self):
        # a dwarf two levels above a human: +2 to the dwarf, -2 to the human
        m = match("2 0\n0 0", [("D", "a", "dwarf", 0, 0, 0), ("H", "b", "human", 1, 0, 3)])
        d, h = m.state.figures["d"], m.state.figures["h"]
        assert heights.height_advantage(m.board, d, h) == 2
        assert heights.height_advantage(m.board, h, d) == -2
        _, mods = melee.attack_modifiers(m.state, h, d)
        assert any(x.value == -2 and x.rule == "H-6" for x in mods)

    def test_h5_prone_figures_have_h1_and_ma2(self):
        m = match("0 0\n0 0", [("H", "a", "human", 0, 0, 0), ("O", "b", "orc", 1, 1, 0)])
        h = m.state.figures["h"]
        h.prone = True
        assert heights.height(h) == 1 and heights.climbing_height(h) == 1
        assert heights.movement_allowance(h) == 2

    def test_h13_force_retreat_limits(self):
        m = match("0 1 2 0\n0 0 0 0", [("A", "a", "human", 0, 0, 0), ("B", "b", "orc", 1, 0, 3)])
        a, b = m.state.figures["a"], m.state.figures["b"]
        assert heights.can_force_retreat(m.board, a, b)  # one up: base size 1 allows it
        b.cell = m.board.index(2, 0)
        a.cell = m.board.index(1, 1)  # level 0 next to a level-2 defender
        assert not heights.can_force_retreat(m.board, a, b)
        a.cell, b.cell = m.board.index(2, 0), m.board.index(1, 1)
        assert heights.can_force_retreat(m.board, a, b)  # a lower defender always can

    def test_h13_retreat_cells_same_one_up_or_any_down(self):
        m = match("""
0 0 0 0 0
0 0 0 5 2
0 0 0 0 0
""", [("A", "a", "human", 1, 1, 0), ("B", "b", "orc", 2, 1, 3)])
        a, b = m.state.figures["a"], m.state.figures["b"]
        cells = heights.retreat_cells(m.board, a, b, m.state.occupied())
        assert m.board.index(3, 1) not in cells  # five levels up: no
        assert all(m.board.distance(c, a.cell) == 2 for c in cells)
        assert len(cells) == 2  # the two level-0 hexes behind B

    def test_h14_stumble_down_within_h_is_a_dx_roll(self):
        m = match("1 0\n0 0", [("A", "a", "human", 0, 1, 0), ("B", "b", "orc", 0, 0, 0)])
        b = m.state.figures["b"]
        ev = falls.stumble(b, b.cell, 1, Dice.scripted([6, 6, 6]))
        assert ev[0].roll.rule == "H-14" and b.prone
        b.prone = False
        ev = falls.stumble(b, b.cell, 5, Dice.scripted([1, 1, 1, 1]))
        assert ev[0].roll.rule == "H-9"  # more than H: the falling rules

    def test_h2_elf_climbs_four(self):
        m = match("4 0\n0 0", [("E", "a", "elf", 1, 0, 3), ("O", "b", "orc", 1, 1, 0)])
        m.apply(ChooseFirst(m.state.winner, "a"))
        assert m.ruleset.queries(m.state).move_options("e").cost(m.board.index(0, 0)) == 5


def test_end_movement_passes_to_the_other_side():
    m = moving(side_view((4, 1)))
    m.apply(EndMovement("a"))
    assert m.state.moving == "b"


def test_h1_heights_come_from_the_data():
    k = load_data().kinds
    assert (k["hobbit"].h, k["dwarf"].h, k["goblin"].h, k["human"].h, k["orc"].h) == (
        1, 2, 2, 3, 3)
    assert (k["elf"].h, k["elf"].climb) == (3, 1)
    assert (k["horseman"].h, k["horseman"].climb, k["horseman"].hexes) == (4, -2, 2)


def test_h10_disengage_back_up_one_level_or_down_any():
    # the human (level 7) is engaged by the orc; the hexes behind it (two from the orc):
    # (1,1) one level up, (2,0) two up, (2,2) seven down
    m = match("""
7 7 9 7 7
7 8 7 7 7
7 7 0 7 7
""", [("Hum", "a", "human", 2, 1, 0), ("Orc", "b", "orc", 3, 1, 3)],
              faces=[6, 1, 6, 6, 6, 1, 1])
    assert m.ruleset.queries(m.state).is_engaged(m.state.figures["hum"].id)
    m.apply(ChooseFirst("a", "a"))
    m.apply(EndMovement("a"))
    m.apply(EndMovement("b"))
    b = m.board
    cells = set(m.ruleset.queries(m.state).disengage_cells(m.state.figures["hum"].id))
    assert cells == {b.index(1, 1), b.index(2, 2)}  # not two levels up (base size 1)
    events = m.apply(Disengage("hum", b.index(2, 2)))
    assert any(e.roll and e.roll.rule == "H-8" for e in events)  # 7 down: the fall rules
    assert m.state.figures["hum"].prone


def test_h22_on_its_tiled_test_map():
    """H-22 played through the shipped scenario maps/test/side_view.toml and its .tmx."""
    from game.rules import open_match

    m = open_match("side_view", seed=4)
    b = m.board
    assert [b.level(b.index(c, 1)) for c in range(6)] == [0, 3, 2, 1, 0, 0]
    hob, hum = m.state.figures["hobbit"], m.state.figures["human"]
    assert b.offset(hob.cell) == (4, 1) and b.offset(hum.cell) == (1, 1)
    m.apply(ChooseFirst(m.state.winner, "a"))
    opts = m.ruleset.queries(m.state).move_options("hobbit")
    assert [opts.cost(b.index(c, 1)) for c in (3, 2)] == [2, 4]  # ground -> C -> B
    assert b.index(1, 1) not in opts.cells()  # A is occupied by the human
    hob.cell = b.index(3, 0)  # beside B (level 2) and C (level 1)
    hum.cell = b.index(2, 1)  # the human on B
    assert not heights.can_attack_across_heights(b, hum, hob)  # H 3 human cannot reach down
    hum.cell = b.index(3, 1)  # on C, one level up
    assert heights.can_attack_across_heights(b, hob, hum)
