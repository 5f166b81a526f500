"""Seed 000 complete: the referee's five fixes (T-4, T-5, T-6, H-8, H-10) and H-7, H-11,
H-12, H-15..H-21 with the source's worked examples, dice scripted where a roll decides.

Positions are tiny text maps (pointy hexes, odd rows shifted right; tests/textmap.py).
"""

from pathlib import Path

import numpy as np
import pytest
from textmap import TERRAIN, UNITS, Table

from game.boards.hexmap import HexMap
from game.core.dice import Dice
from game.core.errors import ScenarioError
from game.core.match import Match
from game.core.places import Cell, LoadedMap, Placement
from game.core.scenario import Scenario
from game.rules import get_ruleset
from game.rules.tft.data import load_data, unit_spec
from game.rules.tft.hexes import bigfigures, heights, melee, missiles, terrain
from game.rules.tft.hexes.actions import (
    ChooseFirst,
    Climb,
    EndMovement,
    Face,
    JumpDown,
    Leap,
    Move,
    Pass,
    Shoot,
    Swipe,
)

MORE_UNITS = {
    **UNITS,
    "archer": {"kind": "human", "st": 11, "dx": 13, "weapons": ["longbow", "dagger"]},
    "thrower": {"kind": "human", "st": 11, "dx": 13, "weapons": ["javelin"]},
    "pikeman": {"kind": "human", "st": 13, "dx": 12, "weapons": ["halberd"]},
    "grundar": {"kind": "dwarf", "st": 16, "dx": 13, "weapons": ["battleaxe"]},
    "climber": {"kind": "human", "st": 12, "dx": 16, "weapons": ["broadsword"],
                "armour": "chainmail", "ready": ""},
    "talented": {"kind": "human", "st": 12, "dx": 12, "weapons": [], "talents": ["climbing"]},
    "horse": {"kind": "horseman", "st": 20, "dx": 12, "weapons": ["lance"]},
    "giant": {"kind": "giant", "st": 30, "dx": 11, "weapons": ["great_club"]},
    "dragon": {"kind": "dragon", "st": 60, "dx": 13, "weapons": ["claws"]},
    "swimmer": {"kind": "human", "st": 12, "dx": 12, "weapons": ["dagger"],
                "talents": ["swimming"]},
    "swiper": {"kind": "human", "st": 12, "dx": 13, "weapons": ["broadsword"]},
}


def board_of(text):
    """A text map whose levels may have several digits ("10"), each optionally followed
    by a terrain letter (w water, d dirt, r rock)."""
    rows = [r.split() for r in text.strip().splitlines()]
    names = list(TERRAIN.values())
    levels = [[int(c.rstrip("gdrsw")) for c in r] for r in rows]
    terr = [[names.index(TERRAIN[c[-1]]) if c[-1] in TERRAIN else 0 for c in r] for r in rows]
    return HexMap(np.array(levels), np.array(terr), names, name="test")


def game(text, figures, faces=None, seed=0, options=None, units=None):
    b = board_of(text)
    sides = sorted({f[1] for f in figures}, key=[f[1] for f in figures].index)
    scen = Scenario(path=Path("test.toml"), key="test", name="test", ruleset="tft-heights",
                    map_path=Path("test.tmx"), description="", sides={k: k for k in sides},
                    units=dict(units or MORE_UNITS), options=dict(options or {}),
                    turn_limit=None)
    placements = tuple(Placement(n, side, u, Cell(b.index(c, r)), f)
                       for n, side, u, c, r, f in figures)
    t = Table(scen, LoadedMap(Path("test.tmx"), "hex", b, placements))
    dice = Dice.scripted(faces) if faces is not None else None
    return Match(scen, get_ruleset("tft-heights"), t.map, seed, dice=dice)


def flat(w=7, h=5, level=0):
    return "\n".join(" ".join([str(level)] * w) for _ in range(h))


def moving(m, side="a"):
    m.apply(ChooseFirst(m.state.winner, side))
    return m


def to_actions(m):
    """Both sides end movement: the action phase starts (order by adjusted DX)."""
    while m.state.phase == "movement":
        m.apply(EndMovement(m.state.moving))
    return m


def idx(m, c, r):
    return m.board.index(c, r)


def nb(m, cell, d):
    return m.board.neighbour(cell, d % 6)


# ====================================================================== the five fixes
class TestFixes:
    def test_t5_a_move_that_ends_in_contact_may_still_turn_and_attack(self):
        """Fix 1: the charge ends at an angle; the figure turns to face its enemy."""
        m = moving(game(flat(), [("Hum", "a", "human", 0, 2, 0), ("Orc", "b", "orc", 4, 2, 3)],
                        seed=3))
        orc = m.state.figures["orc"]
        # a hex in the orc's front whose last step is not towards the orc
        stop = nb(m, orc.cell, 2)  # NW of the orc, in its front arc
        opts = m.ruleset.queries(m.state).move_options("hum")
        assert stop in opts.reach.ends
        m.apply(Move("hum", stop))
        hum = m.state.figures["hum"]
        assert hum.move_over
        towards = m.board.direction(hum.cell, orc.cell)
        if hum.facing != towards:
            assert Face("hum", towards) in m.legal_actions()
            m.apply(Face("hum", towards))
        to_actions(m)
        while m.state.acting() is not None and m.state.acting().id != "hum":
            m.apply(Pass(m.state.acting().id))
        assert m.ruleset.queries(m.state).attack_check("hum", "orc").allowed

    def test_t6_an_engaged_figure_turns_in_place_and_still_shifts(self):
        """Fix 2: turning in place does not use up the one-hex shift, and the shift's
        facing can be corrected."""
        m = moving(game(flat(), [("Hum", "a", "human", 2, 2, 0), ("Orc", "b", "orc", 3, 2, 3)]))
        hum = m.state.figures["hum"]
        assert m.ruleset.queries(m.state).is_engaged(hum.id)
        m.apply(Face("hum", 1))
        shift = nb(m, hum.cell, 5)
        assert Move("hum", shift) in m.legal_actions()
        m.apply(Move("hum", shift))
        assert hum.move_over
        m.apply(Face("hum", m.board.direction(hum.cell, m.state.figures["orc"].cell)))

    def test_h10_an_engaged_dwarf_shifts_up_one_level_but_not_two(self):
        """Fix 3: a one-hex dwarf may disengage backwards and up one level but not two."""
        text = "0 0 0 0 0\n0 2 0 0 0\n0 0 1 0 0"
        m = moving(game(text, [("Dwarf", "a", "dwarf", 2, 1, 3), ("Orc", "b", "orc", 3, 1, 3)]))
        dwarf = m.state.figures["dwarf"]
        # the orc faces W: the dwarf is in its front hex, on the same level: engaged
        assert m.ruleset.queries(m.state).is_engaged(dwarf.id)
        cells = m.ruleset.queries(m.state).move_options("dwarf").cells()
        assert idx(m, 1, 1) not in cells  # two levels up: no (H-10)
        up_one = [c for c in m.board.neighbours(dwarf.cell) if m.board.level(c) == 1]
        assert up_one and all(c in cells for c in up_one)

    def test_h8_the_jump_of_the_side_view_is_offered_beside_the_walk(self):
        """Fix 4: from B the hobbit may walk down by way of C (2 MP) or jump the two
        levels (1 MP, 3d6 vs DX); the player chooses and sees the odds."""
        text = "0 0 0 0 0 0\n0 3 2 1 0 0\n0 0 0 0 0 0"
        m = moving(game(text, [("Hobbit", "a", "hobbit", 2, 1, 0), ("Orc", "b", "orc", 5, 0, 3)]))
        ground = idx(m, 2, 0)
        opts = m.ruleset.queries(m.state).move_options("hobbit")
        j = opts.jump(ground, idx(m, 2, 1))
        assert j is not None and (j.cost, j.levels, j.band) == (1, 2, 1)
        assert 0 < j.p_standing < 1
        legal = m.legal_actions()
        assert JumpDown("hobbit", idx(m, 2, 1), ground) in legal
        assert Move("hobbit", ground) in legal or opts.reach.cost_of(ground) is None
        assert opts.path(ground, idx(m, 2, 1)) == [idx(m, 2, 1), ground]

    def test_h8_a_jump_lets_a_half_ma_charge_reach_further(self):
        """Fix 4: with 4 MP left of a hobbit's charge allowance of 5, the jump reaches the
        orc's side within the allowance where the walk round the stack does not."""
        text = "0 0 0 0 0 0 0\n0 0 2 0 0 0 0\n0 0 0 0 0 0 0"
        m = moving(game(text, [("Hobbit", "a", "hobbit", 2, 1, 0), ("Orc", "b", "orc", 5, 1, 3)]))
        m.state.figures["hobbit"].mp_spent = 2
        opts = m.ruleset.queries(m.state).move_options("hobbit")
        below = idx(m, 3, 1)
        assert opts.jump(below, idx(m, 2, 1)).cost == 1

    def test_t4_a_bow_is_ready_and_shoots_but_never_strikes_in_melee(self):
        """Fix 5: a unit whose first weapon is a bow starts with it ready; in melee it
        cannot strike with it (it must ready the dagger)."""
        m = game(flat(), [("Ann", "a", "archer", 2, 2, 0), ("Orc", "b", "orc", 3, 2, 3)])
        ann = m.state.figures["ann"]
        assert ann.ready == "longbow"
        c = m.ruleset.queries(m.state).attack_check("ann", "orc")
        assert not c.allowed and "missile weapon" in c.reason
        # at the enemy engaging it
        assert m.ruleset.queries(m.state).shot_check("ann", "orc").allowed

    @pytest.mark.parametrize("raw,says", [
        ({"weapons": [3]}, "must be a list of weapon names"),
        ({"weapons": ["longbow"], "ready": "dagger"}, "is not among its weapons"),
        ({"weapons": ["crossbow"]}, "unknown weapon 'crossbow'"),
        ({"weapons": ["longbow"], "shield": "small_shield"}, "needs both hands"),
        ({"weapons": ["dagger"], "talents": ["flying"]}, "unknown talent"),
    ])
    def test_t4_a_scenarios_weapons_are_checked_against_the_data(self, raw, says):
        with pytest.raises(ScenarioError, match=says):
            unit_spec("x", {"kind": "human", "st": 12, "dx": 12, **raw}, "s.toml")


# ====================================================================== H-11, H-12
class TestClimbing:
    WALL = "0 0 0\n0 0 0\n0 10 0"

    def test_h12_bob_climbs_turn_by_turn_and_falls_ten_levels(self):
        """Bob (H 3, DX 16, chainmail) and a 10-level wall: turn 1, 3 levels free and a
        second set on 4d6 = 15: clings at 6; turn 2, 4d6 = 11: clings at 9; turn 3, 4d6 =
        21: he falls 10 levels (the top of the set he was on), saves on 3d6 = 12 (vs
        adjusted DX 13) so rolls 2d6, lands prone, and his chainmail stops only 2."""
        faces = [6, 1,              # initiative: a 6, b 1
                 4, 4, 4, 3]        # turn 1: the second set, 4d6 = 15
        m = game(self.WALL, [("Bob", "a", "climber", 1, 1, 0), ("Orc", "b", "orc", 0, 0, 0)],
                 faces=faces)
        bob = m.state.figures["bob"]
        top = idx(m, 1, 2)
        m.apply(ChooseFirst("a", "a"))
        opt = m.ruleset.queries(m.state).climb_options(bob.id)[top]
        assert (opt.rise, opt.set_h, opt.dice) == (10, 3, 4)
        m.apply(Climb("bob", top, True))
        assert (bob.hold, bob.hold_at) == ("climb", 6)
        assert m.pieces()[0].ring == "clinging"
        m.dice = Dice.scripted([6, 6, 1, 2, 6, 2])  # actions: DX ties; then turn 2 initiative
        to_actions(m)
        while m.state.phase == "action":
            m.apply(Pass(m.state.acting().id))
        m.dice = Dice.scripted([2, 3, 3, 3])  # turn 2: 4d6 = 11
        if m.state.phase == "initiative":
            m.apply(ChooseFirst(m.state.winner, "a"))
        assert m.state.moving == "a"
        m.apply(Climb("bob", top, False))
        assert bob.hold_at == 9
        m.dice = Dice.scripted([6, 6, 1, 2, 6, 2])
        to_actions(m)
        while m.state.phase == "action":
            m.apply(Pass(m.state.acting().id))
        if m.state.phase == "initiative":
            m.apply(ChooseFirst(m.state.winner, "a"))
        # turn 3: 4d6 = 21 fails; 3d6 = 12 saves (adjusted DX 13); 2d6 = 5 + 4 = 9 - 2
        m.dice = Dice.scripted([6, 6, 5, 4, 4, 4, 4, 5, 4])
        events = m.apply(Climb("bob", top, False))
        fall = next(e for e in events if e.rule == "H-8" and e.roll and e.roll.expr == "3d6")
        assert fall.roll.success and "10 levels" in fall.roll.label
        damage = next(e for e in events if e.roll and e.roll.expr == "2d6")
        assert damage.roll.total == 9 and damage.amount == 7
        assert bob.prone and bob.st == 12 - 7 and not bob.hold and bob.cell == idx(m, 1, 1)

    def test_h11_the_climbing_talent_rolls_3d6_and_hands_must_be_free(self):
        m = moving(game(self.WALL, [("Cat", "a", "talented", 1, 1, 0),
                                    ("Hum", "a", "human", 0, 2, 0),
                                    ("Orc", "b", "orc", 2, 0, 0)]))
        assert m.ruleset.queries(m.state).climb_options("cat")[idx(m, 1, 2)].dice == 3
        assert not m.ruleset.queries(m.state).climb_options("hum")  # sword in hand
        why = m.why_illegal(Climb("hum", idx(m, 1, 2), False))
        assert "hands free" in why

    def test_h11_the_free_set_reaches_a_low_wall_top(self):
        m = moving(game("0 0 0\n0 0 0\n0 5 0", [("Cat", "a", "talented", 1, 1, 0),
                                                ("Orc", "b", "orc", 0, 0, 0)], seed=2))
        cat = m.state.figures["cat"]
        m.dice = Dice.scripted([1, 1, 1])  # the second set (3d6 with the talent)
        m.apply(Climb("cat", idx(m, 1, 2), True))
        assert cat.cell == idx(m, 1, 2) and not cat.hold and cat.standing


# ====================================================================== H-7, H-15
class TestBigFigures:
    def test_h15_a_horseman_covers_two_hexes_and_never_overhangs(self):
        text = "0 0 0 0 0 0\n0 0 0 0 0 0\n0 0 0 0 0 0\n0 0 2 2 2 0"
        m = moving(game(text, [("Rider", "a", "horse", 2, 1, 0), ("Orc", "b", "orc", 5, 0, 0)]))
        r = m.state.figures["rider"]
        assert r.footprint == [r.cell, nb(m, r.cell, 3)]
        assert [p.footprint for p in m.pieces() if p.id == "rider"][0]
        # a hex on the level-2 row with its rear hex on the ground: two levels apart
        edge = idx(m, 3, 3)
        assert not m.ruleset.queries(m.state).move_options("rider").can_walk(edge) or \
            abs(m.board.level(r.footprint[0]) - m.board.level(r.footprint[-1])) <= 1
        for c in m.ruleset.queries(m.state).move_options("rider").walk_cells():
            f = m.ruleset.queries(m.state).move_options("rider").settle[c]
            cells = bigfigures.footprint(m.board, load_data().kinds["horseman"].shape, c, f)
            assert bigfigures.balance(m.board, cells)[0]

    def test_h15_a_giant_off_balance_loses_2_dx_shown_on_the_card(self):
        text = "0 0 0 0 0\n0 0 0 0 0\n0 0 0 0 0"
        m = game(text, [("Gog", "a", "giant", 2, 1, 0), ("Orc", "b", "orc", 4, 0, 0)])
        g = m.state.figures["gog"]
        assert len(g.footprint) == 3 and bigfigures.balance(m.board, g.footprint) == (True, False)
        lv = m.board.levels.copy()
        lv.flat[g.footprint[1]] = -0  # level unchanged; now drop one rear hex below
        ok, off = bigfigures.balance(m.board, g.footprint)
        assert ok and not off
        # two on level 1 and the third overhanging a drop: off balance
        from game.boards.hexmap import HexMap

        lv = lv.astype(int) + 1
        lv.flat[g.footprint[2]] = 0
        b = HexMap(lv)
        assert bigfigures.balance(b, g.footprint) == (True, True)
        lv.flat[g.footprint[2]] = 2  # one higher: still off balance
        assert bigfigures.balance(HexMap(lv), g.footprint) == (True, True)
        lv.flat[g.footprint[2]] = 3  # two higher: cannot stand
        assert bigfigures.balance(HexMap(lv), g.footprint) == (False, False)

    def test_h15_off_balance_on_the_card(self):
        text = "1 1 1 1 1\n1 1 1 1 1\n0 0 0 0 0"
        m = game(text, [("Gog", "a", "giant", 2, 1, 0), ("Orc", "b", "orc", 4, 0, 0)])
        g = m.state.figures["gog"]
        mods = melee.footing(m.state, g)
        off = any(m.board.level(c) != m.board.level(g.cell) for c in g.footprint)
        assert off == any(x.rule == "H-15" and x.value == -2 for x in mods)
        view = next(p for p in m.pieces() if p.id == "gog")
        assert ("off balance" in view.tags) == off

    def test_h15_a_dragon_covers_seven_hexes_moves_and_turns(self):
        m = moving(game(flat(9, 7), [("Smaug", "a", "dragon", 5, 3, 3),
                                     ("Orc", "b", "orc", 0, 0, 0)]))
        d = m.state.figures["smaug"]
        assert len(set(d.footprint)) == 7
        centre = d.footprint[1]
        assert all(m.board.distance(centre, c) <= 1 for c in d.footprint)
        opts = m.ruleset.queries(m.state).move_options("smaug")
        assert opts.walk_cells()
        for c in d.footprint:
            assert m.state.figure_at(c) is d
        m.apply(Face("smaug", 2))
        assert len(set(d.footprint)) == 7 and d.footprint[0] == d.cell

    def test_h7_the_giant_engages_a_human_three_levels_up_not_two_humans_back(self):
        """A 3-hex giant engages any one-hex figure up to 3 levels up; two humans on a
        two-level hill beside it are engaged by it but do not engage it."""
        text = "0 0 0 0 0 0\n0 0 0 2 2 0\n0 0 0 0 0 0"
        m = game(text, [("Gog", "b", "giant", 2, 1, 0), ("Ann", "a", "human", 3, 1, 3),
                        ("Bea", "a", "human", 4, 1, 3)])
        g = m.state.figures["gog"]
        ann = m.state.figures["ann"]
        assert heights.engages(m.board, g, ann)  # 2 levels: within the giant's 3
        assert not heights.engages(m.board, ann, g)  # a human engages within 1
        q = m.ruleset.queries(m.state)
        assert q.is_engaged(ann.id) and not q.is_engaged(g.id)


# ====================================================================== H-16, H-17, H-19
class TestReach:
    def test_h16_a_pole_jabs_two_levels_beyond_h_with_no_height_modifier(self):
        # the pikeman (H 3) on the ground, a hobbit... an orc five levels up
        text = "0 0 0 0\n0 0 5 0\n0 0 0 0"
        m = game(text, [("Pike", "a", "pikeman", 1, 1, 0), ("Orc", "b", "orc", 2, 1, 3)])
        p, o = m.state.figures["pike"], m.state.figures["orc"]
        r = melee.reach(m.board, p, o)
        assert r.how == melee.POLE
        mods = melee.situation(m.state, p, o, r.how, (r.attacker_level, r.target_level))
        assert not any(x.rule == "H-6" for x in mods)
        assert not melee.reach(m.board, o, p).ok  # the orc cannot strike back (H-4)
        m2 = game(text.replace("5", "6"), [("Pike", "a", "pikeman", 1, 1, 0),
                                          ("Orc", "b", "orc", 2, 1, 3)])
        assert not melee.reach(m2.board, m2.state.figures["pike"], m2.state.figures["orc"]).ok

    def test_h16_javelins_are_not_pole_weapons(self):
        assert not load_data().weapons["javelin"].pole

    def test_h17_swipe_is_a_switch_kneels_and_takes_minus_4(self):
        text = "0 0 0 0\n0 5 0 0\n0 0 0 0"
        figs = [("Hum", "a", "swiper", 1, 1, 0), ("Hob", "b", "hobbit", 2, 1, 3)]
        off = game(text, figs)
        assert not off.ruleset.queries(off.state).attack_check("hum", "hob").allowed
        m = game(text, figs, options={"swipe": True}, seed=4)
        chk = m.ruleset.queries(m.state).attack_check("hum", "hob")
        # 5 levels down, less the human's own 3: 2 > the hobbit's H 1: not even kneeling
        assert not chk.allowed
        text3 = "0 0 0 0\n0 4 0 0\n0 0 0 0"
        m = game(text3, [("Hum", "a", "swiper", 1, 1, 0), ("Dwa", "b", "dwarf", 2, 1, 3)],
                 options={"swipe": True}, seed=4)
        chk = m.ruleset.queries(m.state).attack_check("hum", "dwa")
        assert chk.allowed and chk.how == melee.SWIPE
        assert any(x.rule == "H-17" and x.value == -4 for x in chk.odds.modifiers)
        assert any(x.rule == "H-6" and x.value == 4 for x in chk.odds.modifiers)
        to_actions(moving(m))
        while m.state.acting().id != "hum":
            m.apply(Pass(m.state.acting().id))
        assert Swipe("hum", "dwa") in m.legal_actions()
        m.apply(Swipe("hum", "dwa"))
        assert m.state.figures["hum"].kneeling
        assert next(p for p in m.pieces() if p.id == "hum").ring == "kneeling"
        # the dwarf now reaches the kneeling human (4 - 3 = 1 <= its H 2)
        assert melee.reach(m.board, m.state.figures["dwa"], m.state.figures["hum"]).ok

    @pytest.mark.parametrize("levels,swept", [((-1, 0, -1), 3), ((-1, -2, -1), 2)])
    def test_h19_grundar_sweeps_foes_within_one_level(self, levels, swept):
        """Grundar the Stout sweeps three foes at -1, 0, -1: all three; with the middle
        one two levels lower: only the first and the third."""
        # Grundar at level 2 facing E from (1,2); his front hexes NE, E, SE
        base = [[2] * 5 for _ in range(5)]
        text = "\n".join(" ".join(map(str, r)) for r in base)
        m = game(text, [("Grundar", "a", "grundar", 1, 2, 0), ("F1", "b", "orc", 1, 1, 3),
                        ("F2", "b", "orc", 2, 2, 3), ("F3", "b", "orc", 1, 3, 3)])
        g = m.state.figures["grundar"]
        left, mid, right = (nb(m, g.cell, d) for d in (1, 0, 5))
        lv = m.board.levels.copy().astype(int)
        for c, dl in zip((left, mid, right), levels, strict=True):
            lv.flat[c] = 2 + dl
        from game.boards.hexmap import HexMap

        m.state.board = HexMap(lv)
        foes = [f for f in m.state.figures.values() if f.side == "b"]
        plan = melee.sweep_plan(m.state.board, g, foes)
        assert len([f for _c, f in plan if f is not None]) == swept
        dice = Dice.scripted([3, 3, 3, 1, 1, 1] * 3)  # rolls 9 vs 13-2: hits
        events, results = melee.sweep(m.state, g, foes, dice)
        assert len(results) == swept
        assert all(e.rule in ("T-2", "T-3", "H-19") for e in events if e.roll)

    def test_h19_a_tile_wall_in_the_sweep_must_be_missed(self):
        text = "2 2 2 2 2\n2 2 2 2 2\n2 2 2 2 2\n2 2 2 2 2\n2 2 2 2 2"
        m = game(text, [("Grundar", "a", "grundar", 1, 2, 0), ("F1", "b", "orc", 1, 1, 3),
                        ("F3", "b", "orc", 1, 3, 3)])
        g = m.state.figures["grundar"]
        lv = m.board.levels.copy().astype(int)
        lv.flat[nb(m, g.cell, 0)] = 5  # a wall in the middle front hex
        from game.boards.hexmap import HexMap

        m.state.board = HexMap(lv)
        foes = [f for f in m.state.figures.values() if f.side == "b"]
        plan = melee.sweep_plan(m.state.board, g, foes)
        assert [f is None for _c, f in plan] == [False, True, False]
        # first foe hit (3d6 = 6, damage 3d = 10), then the wall: 3d6 = 18 misses the miss
        dice = Dice.scripted([2, 2, 2, 3, 3, 4, 6, 6, 6])
        events, results = melee.sweep(m.state, g, foes, dice)
        assert len(results) == 1 and any(e.kind == "swept" for e in events)


# ====================================================================== H-18, T-7
class TestMissiles:
    def test_h18_range_bands_of_six_hexes(self):
        assert [missiles.range_band(d)[1] for d in (1, 6, 7, 12, 13, 18, 19)] == \
            [0, 0, -1, -1, -2, -2, -3]

    def test_h18_a_shot_at_range_takes_its_band_and_a_wall_blocks_it(self):
        row = "0 " * 15
        m = game("\n".join([row] * 3), [("Ann", "a", "archer", 0, 1, 0),
                                        ("Orc", "b", "orc", 9, 1, 3)])
        chk = m.ruleset.queries(m.state).shot_check("ann", "orc")
        assert chk.allowed and chk.line.distance == 9
        assert any(x.rule == "H-18" and x.value == -1 for x in chk.odds.modifiers)
        wall = "\n".join([row, "0 0 0 0 5 " + "0 " * 10, row])
        m = game(wall, [("Ann", "a", "archer", 0, 1, 0), ("Orc", "b", "orc", 9, 1, 3)])
        chk = m.ruleset.queries(m.state).shot_check("ann", "orc")
        assert not chk.allowed and "no line of sight" in chk.reason
        assert chk.line.blocked_at == idx(m, 4, 1)

    def test_h18_a_figure_in_the_way_is_rolled_for_first_one_below_is_passed_over(self):
        row = "0 " * 12
        m = game("\n".join([row] * 3), [("Ann", "a", "archer", 0, 1, 0),
                                        ("Bob", "b", "human", 4, 1, 0),
                                        ("Orc", "b", "orc", 8, 1, 3)])
        line = m.ruleset.queries(m.state).shot_check("ann", "orc").line
        assert line.in_way == ("bob",)
        high = "\n".join([row, "3 " + "0 " * 11, row])
        m2 = game(high, [("Ann", "a", "archer", 0, 1, 0), ("Hob", "b", "hobbit", 3, 1, 0),
                         ("Orc", "b", "orc", 8, 1, 3)])
        line2 = m2.ruleset.queries(m2.state).shot_check("ann", "orc").line
        assert line2.over == ("hob",) and not line2.in_way
        # the shot: the human in the way is missed (3d6 = 16, an automatic miss), the orc
        # hit (9) for 1d+2 = 6
        m = to_actions(moving(m))
        while m.state.acting().id != "ann":
            m.apply(Pass(m.state.acting().id))
        chk = m.ruleset.queries(m.state).shot_check("ann", "orc")
        assert chk.p_target < chk.odds.p_hit
        m.dice = Dice.scripted([6, 6, 4, 3, 3, 3, 4])
        events = m.apply(Shoot("ann", "orc"))
        rolls = [e.roll for e in events if e.roll]
        assert rolls[0].total == 16 and not rolls[0].success  # the human: missed
        assert rolls[1].total == 9 and rolls[1].success  # the orc: hit
        assert m.state.figures["orc"].st == 12 - 6 and m.state.figures["bob"].st == 12

    def test_t7_a_thrown_javelin_lands_by_its_target(self):
        row = "0 " * 8
        m = game("\n".join([row] * 3), [("Jav", "a", "thrower", 0, 1, 0),
                                        ("Orc", "b", "orc", 4, 1, 3)])
        m = to_actions(moving(m))
        while m.state.acting().id != "jav":
            m.apply(Pass(m.state.acting().id))
        assert Shoot("jav", "orc") in m.legal_actions()
        m.dice = Dice.scripted([6, 6, 6])  # a miss... an 18 breaks it (T-2)
        m.dice = Dice.scripted([5, 5, 5])
        m.apply(Shoot("jav", "orc"))
        jav = m.state.figures["jav"]
        assert jav.ready is None and "javelin" in m.state.dropped[idx(m, 4, 1)]

    def test_t7_a_bow_shoots_after_one_hex_not_two(self):
        row = "0 " * 10
        m = moving(game("\n".join([row] * 3), [("Ann", "a", "archer", 0, 1, 0),
                                               ("Orc", "b", "orc", 8, 1, 3)]))
        m.apply(Move("ann", idx(m, 2, 1)))
        ann = m.state.figures["ann"]
        assert ann.moved == 2
        assert "moved more than" in m.ruleset.queries(m.state).shot_check("ann", "orc").reason


# ====================================================================== H-20
class TestLeaping:
    @pytest.mark.parametrize("width,dice", [(1, 2), (2, 5), (3, 8)])
    def test_h20_gaps_of_one_two_three_hexes(self, width, dice):
        cols = ["5"] * 2 + ["0"] * width + ["5"] * 3
        text = "\n".join([" ".join(cols)] * 3)
        m = moving(game(text, [("Hum", "a", "human", 1, 1, 0), ("Orc", "b", "orc", 0, 0, 0)]))
        hum = m.state.figures["hum"]
        far = idx(m, 2 + width, 1)
        o = m.ruleset.queries(m.state).leap_options(hum.id)[far]
        assert (o.dice, o.target, len(o.gap)) == (dice, 12 + 12, width)
        m.dice = Dice.scripted([1] * dice)
        m.apply(Leap("hum", far))
        assert hum.cell == far and hum.move_over

    def test_h20_a_missed_leap_grabs_the_edge_and_pulls_up_next_turn(self):
        cols = ["5", "5", "0", "0", "5", "5"]
        text = "\n".join([" ".join(cols)] * 3)
        m = moving(game(text, [("Hum", "a", "human", 1, 1, 0), ("Orc", "b", "orc", 5, 0, 0)]))
        hum = m.state.figures["hum"]
        far = idx(m, 4, 1)
        m.dice = Dice.scripted([6] * 5 + [2, 2, 2])  # 5d6 = 30 misses; 3d6 = 6 grabs
        m.apply(Leap("hum", far))
        assert hum.hold == "hang" and hum.cell == idx(m, 3, 1) and hum.hold_at == 5
        m.dice = Dice.scripted([6, 6, 1, 2, 6, 2, 6, 1])
        to_actions(m)
        while m.state.phase == "action":
            m.apply(Pass(m.state.acting().id))
        m.apply(ChooseFirst(m.state.winner, "a"))
        o = m.ruleset.queries(m.state).climb_options(hum.id)[far]
        assert o.dice == 4  # 4d6 vs ST
        m.dice = Dice.scripted([6, 6, 6, 6])  # missed: 1 ST of exhaustion
        m.apply(Climb("hum", far, False))
        assert hum.st == 11 and hum.hold == "hang"


# ====================================================================== H-21
class TestTerrain:
    RIVER = "0 0 0 0 0 0 0\n0w 0w 0w 0w 0w 0w 0w\n0w 0w 0w 0w 0w 0w 0w\n" \
            "0w 0w 0w 0w 0w 0w 0w\n0w 0w 0w 0w 0w 0w 0w\n0w 0w 0w 0w 0w 0w 0w\n0 0 0 0 0 0 0"

    def test_h21_water_depth_by_distance_from_the_bank(self):
        m = game(self.RIVER, [("Hum", "a", "human", 0, 0, 0), ("Orc", "b", "orc", 6, 6, 0)])
        depth = terrain.water_depths(m.board)
        assert depth[idx(m, 3, 1)] == "ankle"
        assert depth[idx(m, 3, 2)] == "knee"
        assert depth[idx(m, 3, 3)] == "neck"
        assert depth[idx(m, 3, 0)] is None

    def test_h21_knee_deep_costs_double_neck_deep_is_for_swimmers(self):
        m = moving(game(self.RIVER, [("Hum", "a", "human", 3, 0, 5),
                                     ("Sw", "a", "swimmer", 5, 0, 5),
                                     ("Orc", "b", "orc", 6, 6, 0)]))
        hum = m.ruleset.queries(m.state).move_options("hum")
        assert hum.reach.cost_of(idx(m, 3, 1)) == 1
        assert hum.reach.cost_of(idx(m, 3, 2)) == 3  # ankle 1 + knee 2
        assert hum.reach.cost_of(idx(m, 3, 3)) is None
        sw = m.ruleset.queries(m.state).move_options("sw")
        assert sw.reach.cost_of(idx(m, 5, 3)) is not None
        assert melee.footing(m.state, m.state.figures["sw"]) == []
        m.state.figures["sw"].cell = idx(m, 5, 3)
        assert melee.footing(m.state, m.state.figures["sw"])[0].value == -4

    def test_h21_broken_ground_is_a_switch(self):
        text = "0 0d 0d 0d 0\n0 0 0 0 0"
        figs = [("Hum", "a", "human", 0, 0, 0), ("Orc", "b", "orc", 4, 1, 0)]
        off = moving(game(text, figs))
        assert off.ruleset.queries(off.state).move_options("hum").reach.cost_of(idx(off, 3, 0)) == 3
        on = moving(game(text, figs, options={"broken_ground": True}))
        assert on.ruleset.queries(on.state).move_options("hum").reach.cost_of(idx(on, 3, 0)) == 5
        assert "broken ground" in terrain.describe(on.state, idx(on, 1, 0))

    def test_an_unknown_switch_is_named(self):
        with pytest.raises(ScenarioError, match="'flying'"):
            game(flat(), [("Hum", "a", "human", 0, 0, 0), ("Orc", "b", "orc", 4, 1, 0)],
                 options={"flying": True})
