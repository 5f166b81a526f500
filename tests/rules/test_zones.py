"""Melee on zone boards (seed 002): the worked examples of Z-3/Z-6, Z-5, Z-11, Z-12, Z-13
and Z-16 with scripted dice, and a test for each zone rule."""

from __future__ import annotations

import pytest
from zonemap import act_now, grid, scripted, zone_match

from game.core.dice import Contest
from game.core.errors import IllegalActionError
from game.core.places import InZone
from game.rules.tft.zones import rules
from game.rules.tft.zones.actions import (
    Attack,
    Charge,
    Close,
    Decline,
    EndAction,
    EnterBottleneck,
    EnterPatch,
    FallProne,
    Hold,
    Leave,
    MoveToLine,
    Protect,
    React,
    Rush,
    Shoot,
    SplitMove,
    SpotAndStrike,
    StandUp,
    StepAndShoot,
    ToBoundary,
    Wait,
    Withdraw,
    ZoneMove,
)
from game.rules.tft.zones.ruleset import MeleeOnZones
from game.rules.tft.zones.state import ALONE, CLOSE, CONTACT

LINE = ["A B C D"]


def fig(m, fid):
    return m.state.figures[fid]


def play(m, action, *faces):
    """Apply ``action`` with ``faces`` for its dice (every one must be used; a turn that
    ends after them rolls its next initiative from a seed)."""
    m.dice = scripted(faces)
    events = m.apply(action)
    assert m.dice._script == [], f"unused faces {m.dice._script}"
    return events


def contests(events):
    return [e.roll for e in events if isinstance(e.roll, Contest)]


# ============================================================================ Z-3, Z-6
def test_z3_example_mr16_one_zone_at_plus_6_or_two_at_minus_4():
    m = zone_match(grid(LINE), [("Hob", "a", "fast", "A"), ("X", "b", "man", "D")])
    st, f = m.state, fig(m, "hob")
    one = rules.zone_move_plan(st, f, "A", ("B",), ("",), False)
    assert (one.mr, one.target_mod, one.roll, one.p) == (16, 6, False, 1.0)
    two = rules.zone_move_plan(st, f, "A", ("B", "C"), ("", ""), False)
    assert (two.mr, two.target_mod, two.roll, two.possible) == (16, -4, True, True)
    assert two.p == pytest.approx(35 / 216)  # 3d6 <= DX 11 - 4
    assert not rules.zone_move_plan(st, f, "A", ("B", "C", "D"), ("", "", ""), False).possible


def test_z6_example_mr16_with_minus_6_one_zone_without_a_roll_two_impossible():
    board = grid(LINE, props={"A": {"terrain": "bog", "move": -6}})
    m = zone_match(board, [("Hob", "a", "fast", "A"), ("X", "b", "man", "D")])
    st, f = m.state, fig(m, "hob")
    one = rules.zone_move_plan(st, f, "A", ("B",), ("",), False)
    assert (one.mr, one.roll, one.possible) == (10, False, True)
    two = rules.zone_move_plan(st, f, "A", ("B", "C"), ("", ""), False)
    assert not two.possible and "not enough" in two.why
    act_now(m, "hob")
    assert "not enough" in m.why_illegal(ZoneMove("hob", ("B", "C"), ("", ""), False))


def test_z3_the_first_zone_is_automatic_the_roll_is_for_the_second():
    m = zone_match(grid(LINE), [("Hob", "a", "fast", "A"), ("X", "b", "man", "D")])
    act_now(m, "hob")
    play(m, ZoneMove("hob", ("B", "C"), ("", ""), False), 5, 5, 5)  # 15 > 7: fails
    assert fig(m, "hob").place == InZone("B")
    m = zone_match(grid(LINE), [("Hob", "a", "fast", "A"), ("X", "b", "man", "D")])
    act_now(m, "hob")
    play(m, ZoneMove("hob", ("B", "C"), ("", ""), False), 1, 2, 3)
    assert fig(m, "hob").place == InZone("C")
    assert rules.status(m.state, fig(m, "hob")) == ALONE


def test_z3_a_failed_one_zone_move_stays_put_and_ends_the_action():
    m = zone_match(grid(LINE), [("Lea", "a", "leather", "A"), ("X", "b", "man", "D")])
    act_now(m, "lea")
    ev = play(m, ZoneMove("lea", ("B",), ("",), False), 5, 4, 3)  # 12 > 10 - 2
    assert fig(m, "lea").place == InZone("A") and fig(m, "lea").acted
    assert any(e.rule == "Z-3" and e.roll and e.roll.target == 8 for e in ev)


# ============================================================================ Z-5
def test_z5_example_a_successful_zone_roll_with_a_6_stops_on_the_boundary():
    m = zone_match(grid(LINE), [("Lea", "a", "leather", "A"), ("X", "b", "man", "D")])
    act_now(m, "lea")  # MR 8 (leather): 1 zone at -2; adjusted DX 10 -> 8 or less
    ev = play(m, ZoneMove("lea", ("B",), ("",), False), 6, 1, 1)
    f = fig(m, "lea")
    assert f.place == InZone("A", "B") and f.on_line
    assert any(e.rule == "Z-5" and "stops on the boundary" in e.text for e in ev)
    assert set(f.zones) == {"A", "B"}


def test_z5_roll_only_when_a_modifier_applies():
    m = zone_match(grid(LINE), [("Man", "a", "man", "A"), ("X", "b", "man", "D")])
    act_now(m, "man")
    play(m, ZoneMove("man", ("B",), ("",), False))  # MR 10 for 1 zone: no dice at all
    assert fig(m, "man").place == InZone("B")


# ============================================================================ Z-7
def test_z7_running_adds_10_mr_and_a_die_to_be_shot():
    m = zone_match(grid(LINE), [("Man", "a", "man", "A"), ("Bow", "b", "archer", "D")])
    act_now(m, "man")
    play(m, ZoneMove("man", ("B", "C"), ("", ""), True))  # MR 20: 2 zones, no roll
    man = fig(m, "man")
    assert man.place == InZone("C") and man.running
    act_now(m, "bow")  # C is next to D: one zone, -2; running: 4 dice
    ev = play(m, Shoot("bow", "man"), 1, 1, 1, 1, 3)
    hit = next(e.roll for e in ev if e.kind == "attacked")
    assert hit.expr == "4d6" and hit.target == 10 and hit.success
    assert "running" in hit.label


def test_z7_running_ends_with_an_action_without_running():
    m = zone_match(grid(LINE), [("Man", "a", "man", "A"), ("X", "b", "man", "D")])
    act_now(m, "man")
    play(m, ZoneMove("man", ("B",), ("",), True))
    assert fig(m, "man").running
    act_now(m, "man")
    play(m, ZoneMove("man", ("A",), ("",), False))
    assert not fig(m, "man").running


# ============================================================================ Z-8
def test_z8_split_move_move_attack_move():
    m = zone_match(grid(LINE), [("Rid", "a", "rider", "A"), ("X", "b", "man", "B"),
                                ("Sam", "a", "man", "D")])
    st = m.state
    act_now(m, "rid")
    fig(m, "x").acted = True  # no reactions
    play(m, SplitMove("rid"))
    assert rules.base_mr(st, fig(m, "rid")) == 10 and st.acting().id == "rid"
    play(m, Charge("rid", ("B",), ("",), "x"), 6, 6, 4)  # a pool and the attack (a miss)
    assert st.acting().id == "rid" and rules.status(st, fig(m, "rid")) == CONTACT
    assert "one attack" in m.why_illegal(Attack("rid", "x"))
    play(m, Withdraw("rid"), 1, 1, 1, 1)  # the second pool: out of contact
    assert rules.status(st, fig(m, "rid")) == ALONE
    assert fig(m, "rid").acted and not st.split and st.acting().id != "rid"


def test_z8_split_needs_mr_20():
    m = zone_match(grid(LINE), [("Hob", "a", "fast", "A"), ("X", "b", "man", "D")])
    act_now(m, "hob")
    assert "under 20" in m.why_illegal(SplitMove("hob"))


def test_z8_a_split_action_can_end_early():
    m = zone_match(grid(LINE), [("Rid", "a", "rider", "A"), ("X", "b", "man", "D")])
    act_now(m, "rid")
    play(m, SplitMove("rid"))
    play(m, ZoneMove("rid", ("B",), ("",), False))
    play(m, EndAction("rid"))
    assert fig(m, "rid").acted


def test_z8_two_zone_moves_leave_no_move_to_attack_a_foe_out_of_contact():
    m = zone_match(grid(LINE), [("Rid", "a", "rider", "A"), ("X", "b", "man", "C"),
                                ("Y", "b", "man", "B")])
    act_now(m, "rid")
    fig(m, "x").acted = fig(m, "y").acted = True  # no reactions
    play(m, SplitMove("rid"))
    play(m, ZoneMove("rid", ("B",), ("",), False))
    assert m.why_illegal(Attack("rid", "y")) is None  # one pool left: the battle move
    play(m, ZoneMove("rid", ("C",), ("",), False))
    assert m.state.acting().id == "rid" and fig(m, "rid").zone == "C"
    assert "both pools" in m.why_illegal(Attack("rid", "x"))
    assert "both pools" in m.why_illegal(Rush("rid", "x"))
    assert Attack("rid", "x") not in m.legal_actions()


# ============================================================================ Z-9
def test_z9_charge_is_a_zone_move_ending_in_contact_with_double_damage():
    m = zone_match(grid(LINE), [("Man", "a", "man", "A"), ("Gob", "b", "goblin", "C")])
    fig(m, "gob").acted = True  # no intercept, evade or answer
    act_now(m, "man")
    fig(m, "gob").acted = True
    ev = play(m, Charge("man", ("B", "C"), ("", ""), "gob"), 2, 2, 2, 1, 1)
    man, gob = fig(m, "man"), fig(m, "gob")
    assert man.place == InZone("C") and man.group == gob.group
    assert rules.status(m.state, man) == CONTACT and man.running
    blow = next(e for e in ev if e.kind == "attacked")
    assert blow.rule == "Z-9" and "x2" in blow.roll.label
    assert gob.st == 9 - 2 * 2  # broadsword 2d = 2, doubled; goblin unarmoured


def test_z9_charge_response_window_after_declining_the_intercept():
    m = zone_match(grid(LINE), [("Man", "a", "man", "A"), ("Pik", "b", "pike", "B")])
    act_now(m, "man")
    m.dice = scripted([])
    m.apply(Charge("man", ("B",), ("",), "pik"))
    assert m.state.window.kind == "intercept"
    m.apply(Decline("b"))
    w = m.state.window
    assert w.kind == "defend" and ("pik", "respond") in w.options
    ev = play(m, React("pik", "respond"), 1, 2, 2, 4, 4)  # the charger is killed first
    answer = next(e for e in ev if e.kind == "attacked")
    assert "x2" in answer.roll.label and answer.rule == "Z-9"
    assert fig(m, "man").st == 12 - 2 * 8  # halberd 2d = 8, doubled: dead
    assert not fig(m, "man").active


# ============================================================================ Z-10
def test_z10_terrain_hinders_moves_into_out_of_and_within_each_zone_once():
    board = grid(LINE, props={"A": {"terrain": "mud", "move": -2},
                              "B": {"terrain": "wood", "move": -1}})
    m = zone_match(board, [("Man", "a", "man", "A"), ("X", "b", "man", "D")])
    st, f = m.state, fig(m, "man")
    plan = rules.zone_move_plan(st, f, "A", ("B", "C"), ("", ""), True)
    assert [m_.value for m_ in plan.modifiers if m_.rule == "Z-10"] == [-2, -1]
    assert plan.mr == 17
    assert rules.battle_move_modifiers(st, f, "A")[0].value == -2


# ============================================================================ Z-11
def test_z11_example_fire_wall_on_a_boundary_mr_7_and_halved_to_the_boundary():
    board = grid(["A B"], walls=[("Fire wall", "A", "B", 3, "fire", "1d6")])
    m = zone_match(board, [("Man", "a", "man", "A"), ("X", "b", "man", "B")])
    st, f = m.state, fig(m, "man")
    plan = rules.zone_move_plan(st, f, "A", ("B",), ("",), False)
    assert (plan.mr, plan.target_mod, plan.roll) == (7, -3, True)
    assert any(x.rule == "Z-11" and x.value == -3 for x in plan.modifiers)
    half = rules.battle_move_modifiers(st, f, "A", rules.boundary_cut(st.board, "A", "B"))
    assert [x.value for x in half] == [-1]  # 3 // 2: MR 9, a roll at -1
    act_now(m, "man")
    ev = play(m, ToBoundary("man", "B"), 4, 3, 3)  # 10 <= 11 - 1
    assert f.on_line and any(e.roll and e.roll.target == 10 for e in ev)


def test_z11_running_through_the_fire_takes_its_damage_instead():
    board = grid(["A B C"], walls=[("Fire wall", "A", "B", 3, "fire", "1d6")])
    m = zone_match(board, [("Man", "a", "man", "A"), ("X", "b", "man", "C")])
    through = rules.zone_move_plan(m.state, fig(m, "man"), "A", ("B",), ("",), False, True)
    assert (through.mr, through.roll) == (10, False)
    act_now(m, "man")
    play(m, ZoneMove("man", ("B",), ("",), False, True), 4)
    assert fig(m, "man").place == InZone("B") and fig(m, "man").st == 8


def test_z11_an_obstacle_in_the_zone_against_an_alone_target_or_half_against_a_group():
    board = grid(["A B"], features=[("Pile", "A", 3, "woodpile", "")])
    m = zone_match(board, [("Man", "a", "man", "A"), ("Gob", "b", "goblin", "A"),
                           ("Ally", "a", "man", "B"), ("Kob", "b", "goblin", "B")])
    st = m.state
    ob = rules.obstacle_for(st, fig(m, "man"), fig(m, "gob"))
    assert ob is not None and ob[1] == 3
    act_now(m, "man")
    fig(m, "gob").acted = True  # no evade
    ev = play(m, Attack("man", "gob"), 5, 5, 5)  # 15 > 11 - 3: stays Alone
    assert rules.status(st, fig(m, "man")) == ALONE and fig(m, "man").acted
    roll = next(e.roll for e in ev if e.roll is not None)
    assert [x.value for x in roll.modifiers if x.rule == "Z-11"] == [-3]
    fig(m, "gob").prone = True  # a target that cannot move gets no such protection
    assert rules.obstacle_for(st, fig(m, "man"), fig(m, "gob")) is None


# ============================================================================ Z-12
def test_z12_example_a_boundary_figure_is_dragged_into_the_contacting_enemys_zone():
    m = zone_match(grid(["A B"]), [("Pip", "a", "man", "A", "B"), ("Gob", "b", "goblin", "B")])
    pip = fig(m, "pip")
    assert pip.on_line and set(pip.zones) == {"A", "B"}
    act_now(m, "gob")
    m.dice = scripted([])
    m.apply(Attack("gob", "pip"))
    assert m.state.window.kind == "defend"  # Pip has not acted: it may evade
    play(m, Decline("a"), 6, 6, 4)  # the blow misses
    assert pip.place == InZone("B") and not pip.on_line
    assert pip.group == fig(m, "gob").group and rules.status(m.state, pip) == CONTACT


def test_z12_two_foes_on_one_boundary_the_mover_chooses_the_zone():
    m = zone_match(grid(["A B"]), [("Pip", "a", "man", "A", "B"),
                                   ("Gob", "b", "goblin", "A", "B")])
    act_now(m, "gob")
    fig(m, "pip").acted = True
    assert "which zone" in m.why_illegal(Attack("gob", "pip"))
    play(m, Attack("gob", "pip", "A"), 6, 6, 4)
    assert fig(m, "pip").place == InZone("A") == fig(m, "gob").place


def test_z12_no_melee_on_a_boundary_and_only_alone_figures_step_onto_one():
    m = zone_match(grid(["A B"]), [("Pip", "a", "man", "A"), ("Gob", "b", "goblin", "A")])
    act_now(m, "gob")
    fig(m, "pip").acted = True
    play(m, Attack("gob", "pip"), 6, 6, 4)
    act_now(m, "pip")
    assert "must be Alone" in m.why_illegal(ToBoundary("pip", "B"))


# ============================================================================ Z-13
def test_z13_example_intercept_contest_with_half_the_mr_difference():
    m = zone_match(grid(["A B C"]), [("Run", "a", "man", "A"), ("Int", "b", "man", "B"),
                                     ("Sam", "a", "man", "C")])
    act_now(m, "run")
    m.dice = scripted([])
    m.apply(ZoneMove("run", ("B",), ("",), True))  # running: MR 20 against 10
    w = m.state.window
    assert (w.kind, w.zone, w.leaving, w.options) == ("intercept", "B", False,
                                                      [("int", "intercept")])
    assert m.to_act() == "b" and m.phase == "reaction"
    ev = play(m, React("int", "intercept"), 3, 3, 3, 4, 4, 4)
    c = contests(ev)[0]
    assert c.rule == "Z-13" and c.mode == "margin"
    (ri, rm) = c.rolls
    assert ri.target == 11 and rm.target == 16  # +5: half of 20 - 10
    assert any(x.value == 5 and x.rule == "Z-13" for x in rm.modifiers)
    assert c.scores == (2, 4) and c.winner == 1
    assert c.p_first == pytest.approx(rules.contest_odds(m.state, fig(m, "int"),
                                                         fig(m, "run"), True, True))
    assert fig(m, "run").place == InZone("B") and fig(m, "int").acted  # it wasted its dice


def test_z13_a_won_intercept_stops_the_mover_in_contact():
    m = zone_match(grid(["A B C"]), [("Run", "a", "man", "A"), ("Int", "b", "man", "A"),
                                     ("Sam", "a", "man", "C")])
    act_now(m, "run")
    m.dice = scripted([])
    m.apply(ZoneMove("run", ("B",), ("",), False))
    assert m.state.window.leaving
    ev = play(m, React("int", "intercept"), 1, 1, 2, 6, 5, 5)
    assert contests(ev)[0].winner == 0
    run, icp = fig(m, "run"), fig(m, "int")
    assert run.place == InZone("A") and run.group == icp.group
    assert rules.status(m.state, run) == CONTACT and run.acted
    assert any(e.kind == "intercepted" for e in ev)


def test_z13_only_a_figure_that_has_not_acted_may_intercept():
    m = zone_match(grid(["A B"]), [("Run", "a", "man", "A"), ("Int", "b", "man", "B")])
    act_now(m, "run")
    fig(m, "int").acted = True
    play(m, ZoneMove("run", ("B",), ("",), False))
    assert m.state.window is None and fig(m, "run").place == InZone("B")


# ============================================================================ Z-14, Z-15
def test_z14_protect_takes_the_blow_and_the_protectee_moves_away():
    m = zone_match(grid(["A B"]), [("Guard", "a", "man", "A"), ("Ward", "a", "man", "A"),
                                   ("Gob", "b", "goblin", "A"), ("Sam", "a", "man", "B")])
    act_now(m, "guard")
    play(m, Protect("guard", "ward"))
    g, w = fig(m, "guard"), fig(m, "ward")
    assert g.protecting == "ward" and g.group == w.group
    assert rules.status(m.state, g) == ALONE == rules.status(m.state, w)
    act_now(m, "guard")
    g.protect_new = False  # a new turn (act_now does not end the turn)
    play(m, Hold("guard"))  # the next turn it holds: still not acted
    assert not g.acted and g.protecting == "ward"
    act_now(m, "gob")
    g.acted = False
    w.acted = True  # Ward will not evade
    m.dice = scripted([])
    m.apply(Attack("gob", "ward"))
    assert ("guard", "protect") in m.state.window.options
    # Guard wins the contest, strikes the goblin first (a miss), then takes the blow
    ev = play(m, React("guard", "protect"), 1, 1, 1, 6, 6, 6, 6, 6, 4, 6, 6, 4)
    assert contests(ev)[0].rule == "Z-14" and contests(ev)[0].winner == 0
    assert rules.status(m.state, w) == ALONE and not w.group
    assert fig(m, "gob").group == g.group
    blows = [e for e in ev if e.kind == "attacked"]
    assert [b.figure for b in blows] == ["guard", "gob"] and blows[1].target == "guard"


def test_z15_evade_a_won_contest_keeps_the_target_alone():
    m = zone_match(grid(["A B"]), [("Pip", "a", "man", "A"), ("Gob", "b", "goblin", "A"),
                                   ("Sam", "a", "man", "B")])
    act_now(m, "gob")
    m.dice = scripted([])
    m.apply(Attack("gob", "pip"))
    assert ("pip", "evade") in m.state.window.options
    ev = play(m, React("pip", "evade"), 1, 1, 1, 5, 5, 5)
    c = contests(ev)[0]
    assert c.rule == "Z-15" and c.winner == 0
    assert rules.status(m.state, fig(m, "pip")) == ALONE
    assert fig(m, "pip").acted and fig(m, "gob").acted  # both actions spent
    assert not any(e.kind == "attacked" for e in ev)


# ============================================================================ Z-16
def farm():
    board = grid(["Yard House"], bottlenecks=[("Door", "Yard", "House", 2, "soft")])
    return zone_match(board, [("Tom", "f", "man", "House"), ("Ada", "f", "man", "House"),
                              ("Bea", "f", "man", "House"),
                              ("Snik", "g", "goblin", "Yard"), ("Grub", "g", "goblin", "Yard"),
                              ("Nog", "g", "raider", "Yard")], sides=("f", "g"))


def test_z16_example_farmhouse_a_held_bottleneck_stops_goblins_until_a_spot_is_freed():
    m = farm()
    st = m.state
    for fid in ("tom", "ada"):
        act_now(m, fid)
        play(m, EnterBottleneck(fid, "Door"))
    assert [f.id for f in st.holders("Door")] == ["tom", "ada"]
    assert fig(m, "tom").place == InZone("House", "Yard")
    act_now(m, "snik")
    through = ZoneMove("snik", ("House",), ("Door",), True)
    assert "holds the Door" in m.why_illegal(through)
    assert "every spot" in m.why_illegal(EnterBottleneck("snik", "Door"))
    # Snik attacks Tom at the door, against his soft cover, and kills him (3: triple)
    for f in st.figures.values():
        f.acted = f.side == "f"
    ev = play(m, Attack("snik", "tom"), 1, 1, 1, 6)
    blow = next(e for e in ev if e.kind == "attacked")
    assert any(x.rule == "Z-16" and x.value == -2 for x in blow.roll.modifiers)
    assert fig(m, "tom").status == "dead" and [f.id for f in st.holders("Door")] == ["ada"]
    assert rules.status(st, fig(m, "snik")) == CONTACT  # with Ada, at the door
    act_now(m, "nog")
    assert "holds the Door" in m.why_illegal(ZoneMove("nog", ("House",), ("Door",), True))
    # the freed spot is taken by the first to move in: Grub
    act_now(m, "grub")
    play(m, EnterBottleneck("grub", "Door"))
    g = fig(m, "grub")
    assert g.bottleneck == "Door" and rules.status(st, g) == CONTACT
    assert g.group == fig(m, "ada").group
    # Bea is too late, and Nog outside cannot reach Ada past Grub
    act_now(m, "bea")
    assert "every spot" in m.why_illegal(EnterBottleneck("bea", "Door"))
    act_now(m, "nog")
    assert "in the way" in m.why_illegal(Attack("nog", "ada"))
    assert rules.why_not_strike(st, fig(m, "snik"), fig(m, "ada")) is None  # a pole reaches
    assert "holds the Door" in m.why_illegal(ZoneMove("nog", ("House",), ("Door",), True))
    # Grub defeats Ada: the goblins pass as normal
    act_now(m, "grub")
    play(m, Attack("grub", "ada"), 1, 1, 1, 6)
    assert fig(m, "ada").status == "dead"
    act_now(m, "nog")
    assert m.why_illegal(ZoneMove("nog", ("House",), ("Door",), True)) is None


def test_z16_a_bottleneck_lets_capacity_creatures_pass_a_round():
    m = farm()
    st = m.state
    for f in st.figures.values():
        f.acted = f.side == "f"
    for fid in ("snik", "grub"):
        act_now(m, fid)
        for f in st.figures.values():
            f.acted = f.side == "f"
        play(m, ZoneMove(fid, ("House",), ("Door",), True))
        if st.window:
            play(m, Decline("f"))
    assert st.passed == {"Door": 2}
    act_now(m, "nog")
    assert "2 have passed" in m.why_illegal(ZoneMove("nog", ("House",), ("Door",), True))


def test_z16_cover_only_against_attacks_from_outside():
    m = farm()
    st = m.state
    act_now(m, "tom")
    play(m, EnterBottleneck("tom", "Door"))
    outside, inside = fig(m, "snik"), fig(m, "grub")
    inside.bottleneck, inside.boundary, inside.zone = "Door", "House", "Yard"
    assert rules.cover_modifier(st, outside, fig(m, "tom"))[0].value == -2
    assert rules.cover_modifier(st, inside, fig(m, "tom")) == []


def test_z16_a_rush_pushes_a_defender_out_and_the_rusher_takes_its_spot():
    m = farm()
    act_now(m, "tom")
    play(m, EnterBottleneck("tom", "Door"))
    act_now(m, "snik")
    ev = play(m, Rush("snik", "tom", True), 2, 2, 2, 6, 6)  # a hit; 2d6 (weaker): 12 fails
    tom, snik = fig(m, "tom"), fig(m, "snik")
    assert any(e.kind == "retreated" for e in ev)
    assert tom.bottleneck is None and tom.place == InZone("House")
    assert snik.bottleneck == "Door"


# ============================================================================ Z-2, Z-17
def test_z2_statuses_alone_incontact_inclose():
    m = zone_match(grid(["A"]), [("Pip", "a", "man", "A"), ("Gob", "b", "goblin", "A")])
    st = m.state
    assert rules.status(st, fig(m, "pip")) == ALONE
    act_now(m, "gob")
    fig(m, "pip").acted = True
    play(m, Close("gob", "pip"))
    assert rules.status(st, fig(m, "pip")) == CLOSE and rules.is_prone(fig(m, "pip"))
    assert [p.status for p in MeleeOnZones().pieces(st)] == ["prone", "prone"]
    act_now(m, "gob")
    ev = play(m, Attack("gob", "pip"), 2, 2, 2, 3)
    assert "dagger" in next(e for e in ev if e.kind == "attacked").roll.label


def test_z17_withdraw_4d6_failure_gives_an_opportunity_attack_16_is_a_fumble():
    m = zone_match(grid(["A"]), [("Pip", "a", "man", "A"), ("Gob", "b", "goblin", "A")])
    act_now(m, "gob")
    fig(m, "pip").acted = True
    play(m, Attack("gob", "pip"), 6, 6, 4)
    act_now(m, "pip")
    ev = play(m, Withdraw("pip"), 4, 4, 3, 3)  # 14 > 11: fails, but gets away
    assert ev[0].roll.expr == "4d6"
    assert m.state.window.kind == "opportunity"
    ev = play(m, React("gob", "opportunity"), 6, 6, 4)
    assert next(e for e in ev if e.kind == "attacked").rule == "Z-17"
    assert rules.status(m.state, fig(m, "pip")) == ALONE


def test_z17_withdraw_fumble_stays():
    m = zone_match(grid(["A"]), [("Pip", "a", "man", "A"), ("Gob", "b", "goblin", "A")])
    act_now(m, "gob")
    fig(m, "pip").acted = True
    play(m, Attack("gob", "pip"), 6, 6, 4)
    act_now(m, "pip")
    play(m, Withdraw("pip"), 6, 6, 2, 2)
    play(m, Decline("b"))
    assert rules.status(m.state, fig(m, "pip")) == CONTACT


def test_z17_leaving_without_a_withdraw_risks_an_opportunity_attack():
    m = zone_match(grid(["A"]), [("Pip", "a", "man", "A"), ("Gob", "b", "goblin", "A")])
    act_now(m, "gob")
    fig(m, "pip").acted = True
    play(m, Attack("gob", "pip"), 6, 6, 4)
    act_now(m, "pip")
    play(m, Leave("pip", "A"))
    assert m.state.window.options == [("gob", "opportunity")]
    play(m, Decline("b"))
    assert rules.status(m.state, fig(m, "pip")) == ALONE


def test_z17_wait_acts_last_and_may_still_react():
    m = zone_match(grid(["A B"]), [("Pip", "a", "man", "A"), ("Gob", "b", "goblin", "B"),
                                   ("Kob", "b", "goblin", "B")])
    act_now(m, "gob")
    play(m, Wait("gob"))
    st = m.state
    assert st.order[-1] == "gob" and st.acting().id == "pip" and not fig(m, "gob").acted
    play(m, ZoneMove("pip", ("B",), ("",), False))
    assert ("gob", "intercept") in st.window.options


def test_illegal_actions_change_nothing_and_say_why():
    m = zone_match(grid(["A B"]), [("Pip", "a", "man", "A"), ("Gob", "b", "goblin", "B")])
    act_now(m, "pip")
    before = m.state_hash()
    with pytest.raises(IllegalActionError, match="not Pip's|Gob's"):
        m.apply(Attack("gob", "pip"))
    with pytest.raises(IllegalActionError, match="twice"):
        m.apply(ZoneMove("pip", ("B", "A"), ("", ""), False))
    assert m.state_hash() == before


def test_z1_stacking_limits_a_zone():
    board = grid(["A B"], props={"B": {"stacking": 1}})
    m = zone_match(board, [("Pip", "a", "man", "A"), ("Gob", "b", "goblin", "B")])
    act_now(m, "pip")
    assert "full" in m.why_illegal(ZoneMove("pip", ("B",), ("",), False))


def test_missiles_measured_in_zones_with_visibility_and_boundaries_in_both_zones():
    board = grid(["A B C"], props={"B": {"terrain": "wood", "visibility": -2}})
    m = zone_match(board, [("Bow", "a", "archer", "A"), ("Gob", "b", "goblin", "C"),
                           ("Kob", "b", "goblin", "B", "C")])
    st = m.state
    dist, mods = rules.shot(st, fig(m, "bow"), fig(m, "gob"))
    assert dist == 2 and sum(x.value for x in mods) == -4 - 2
    dist, mods = rules.shot(st, fig(m, "bow"), fig(m, "kob"))  # on the line: in B too
    assert dist == 1 and sum(x.value for x in mods) == -2 - 2


def test_z4_a_battle_move_rolls_only_when_modifiers_bring_the_mr_below_10():
    m = zone_match(grid(["A B"]), [("Man", "a", "man", "A"), ("Lea", "a", "leather", "A"),
                                   ("Gob", "b", "goblin", "A"), ("Kob", "b", "goblin", "A"),
                                   ("Sam", "a", "man", "B")])
    st = m.state
    assert rules.battle_move_modifiers(st, fig(m, "man"), "A") == []  # MR 10: no roll
    mods = rules.battle_move_modifiers(st, fig(m, "lea"), "A")  # leather: MR 8
    assert [x.value for x in mods] == [-2] and mods[0].rule == "Z-4"
    act_now(m, "lea")
    fig(m, "gob").acted = True
    ev = play(m, Attack("lea", "gob"), 5, 5, 5)  # 15 > 10 - 2: the move fails
    assert rules.status(st, fig(m, "lea")) == ALONE
    assert ev[0].roll.rule == "Z-4" and ev[0].roll.target == 8
    act_now(m, "man")  # the zone move is a whole action: nothing else after it
    fig(m, "gob").acted = fig(m, "kob").acted = True  # no intercepts
    play(m, ZoneMove("man", ("B",), ("",), False))
    assert fig(m, "man").acted and m.state.acting().id != "man"


def test_z6_a_stunned_figure_moves_at_minus_4():
    m = zone_match(grid(LINE), [("Man", "a", "man", "A"), ("X", "b", "man", "D")])
    f = fig(m, "man")
    f.dx_penalty = -2  # hurt by 5+ damage last turn (T-3)
    plan = rules.zone_move_plan(m.state, f, "A", ("B",), ("",), False)
    assert any(x.rule == "Z-6" and x.value == -4 for x in plan.modifiers)
    assert (plan.mr, plan.roll) == (6, True)


def test_z7_a_knockdown_ends_running():
    m = zone_match(grid(["A B"]), [("Run", "a", "man", "A"), ("Orc", "b", "strong", "B"),
                                   ("Sam", "a", "man", "B")])
    act_now(m, "run")
    fig(m, "orc").acted = True
    play(m, ZoneMove("run", ("B",), ("",), True))
    assert fig(m, "run").running
    act_now(m, "orc")  # mace 2d+1 on a 4: double, 2 x 8 = 16: dead; on a 5: 8 = down
    fig(m, "run").acted = True
    play(m, Attack("orc", "run"), 2, 2, 1, 4, 3)
    r = fig(m, "run")
    assert r.prone and not r.running


def test_z14_on_the_turn_it_is_set_up_protection_moves_to_contact_only():
    """Z-14 (seed 002): "ON the turn you announce it you use your action to set it up and
    thus have limited options (move to contact only)": the protector that has just spent
    its action still steps in, but strikes no blow of its own."""
    m = zone_match(grid(["A B"]), [("Guard", "a", "man", "A"), ("Ward", "a", "man", "A"),
                                   ("Gob", "b", "goblin", "A"), ("Sam", "a", "man", "B")])
    act_now(m, "guard")
    play(m, Protect("guard", "ward"))
    g, w = fig(m, "guard"), fig(m, "ward")
    act_now(m, "gob")
    g.acted = w.acted = True  # Guard spent its action setting up; Ward will not evade
    m.dice = scripted([])
    m.apply(Attack("gob", "ward"))
    assert ("guard", "protect") in m.state.window.options
    # Guard wins the contest and takes the goblin's blow (a 16: a miss); no blow of its own
    ev = play(m, React("guard", "protect"), 1, 1, 1, 6, 6, 6, 6, 6, 4)
    assert contests(ev)[0].rule == "Z-14" and contests(ev)[0].winner == 0
    assert rules.status(m.state, w) == ALONE and fig(m, "gob").group == g.group
    blows = [e for e in ev if e.kind == "attacked"]
    assert [b.figure for b in blows] == ["gob"] and blows[0].target == "guard"


def test_z7_a_reaction_that_spends_the_action_ends_running():
    """Z-7 (seed 002): "Running status is removed after any action where you don't run";
    an intercept (Z-13: "Trying to intercept is an action") is such an action."""
    m = zone_match(grid(["A B C"]), [("Mov", "a", "man", "A"), ("Int", "b", "man", "A"),
                                     ("Sam", "a", "man", "C")])
    act_now(m, "mov")
    i = fig(m, "int")
    i.running = True  # it ran in its last action
    m.dice = scripted([])
    m.apply(ZoneMove("mov", ("B",), ("",), False))
    assert ("int", "intercept") in m.state.window.options
    play(m, React("int", "intercept"), 6, 6, 6, 1, 1, 1)  # Mov gets past
    assert i.acted and not i.running


# ============================================================================ Z-4 parts
def test_z4_an_archer_steps_onto_the_line_and_shoots_in_one_action():
    m = zone_match(grid(["A B C D E"]), [("Arc", "a", "archer", "A"), ("X", "b", "man", "E")])
    act_now(m, "arc")
    fig(m, "x").acted = True  # no reactions
    assert "zones away" in m.why_illegal(Shoot("arc", "x"))
    step = StepAndShoot("arc", "x", "B")
    assert step in m.legal_actions()
    ev = play(m, step, 2, 2, 2, 3)  # no roll to step (no modifier); the shot hits
    arc = fig(m, "arc")
    assert arc.place == InZone("A", "B") and m.state.acting() is not arc
    assert [e.rule for e in ev if e.kind in ("moved", "attacked")][:2] == ["Z-12", "Z-17"]
    assert fig(m, "x").st < 12


def test_z4_a_failed_step_ends_the_movement_and_the_shot_only_if_it_cannot_be_made():
    board = grid(["A B C D E"], props={"A": {"move": -4}})
    m = zone_match(board, [("Arc", "a", "archer", "A"), ("X", "b", "man", "E")])
    act_now(m, "arc")
    fig(m, "x").acted = True
    ev = play(m, StepAndShoot("arc", "x", "B"), 6, 6, 6)  # the step's roll fails
    assert fig(m, "arc").place == InZone("A") and m.state.acting() is not fig(m, "arc")
    assert not any(e.kind == "attacked" for e in ev)


def test_z4_a_goblin_rushes_into_the_freed_spot_and_strikes_at_once():
    m = farm()
    st = m.state
    act_now(m, "tom")
    play(m, EnterBottleneck("tom", "Door"))
    act_now(m, "snik")
    for f in st.figures.values():
        f.acted = f.side == "f"  # no reactions
    # one move in the action: no strike at a figure a second move would reach
    assert "does not hold" in m.why_illegal(SpotAndStrike("snik", "ada", bottleneck="Door"))
    strike = SpotAndStrike("snik", "tom", bottleneck="Door")
    assert strike in m.legal_actions()
    ev = play(m, strike, 2, 2, 2, 6)  # no roll for the spot; the blow hits
    snik = fig(m, "snik")
    assert snik.bottleneck == "Door" and rules.status(st, snik) == CONTACT and snik.acted
    blow = next(e for e in ev if e.kind == "attacked")
    assert blow.target == "tom"
    assert not any(x.rule == "Z-16" for x in blow.roll.modifiers)  # from inside: no cover
    act_now(m, "grub")
    assert "every spot" in m.why_illegal(SpotAndStrike("grub", "tom", bottleneck="Door"))


# ============================================================================ Z-12 ends
def test_z12_a_zone_move_may_end_on_a_boundary_line_of_the_zone_it_enters():
    m = zone_match(grid(["A B C"]), [("Pip", "a", "man", "A"), ("X", "b", "man", "C")])
    act_now(m, "pip")
    fig(m, "x").acted = True
    move = MoveToLine("pip", ("B",), ("",), False, False, "C")
    assert move in m.legal_actions()
    ev = play(m, move)
    pip = fig(m, "pip")
    assert pip.place == InZone("B", "C") and rules.status(m.state, pip) == ALONE
    assert any(e.rule == "Z-12" for e in ev)
    act_now(m, "pip")
    assert "do not share" in m.why_illegal(MoveToLine("pip", ("A",), ("",), False, False,
                                                      "C"))
    assert "on the way" in m.why_illegal(MoveToLine("pip", ("A",), ("",), False, False,
                                                    "B"))


# ============================================================================ Z-17 prone
def test_z17_fall_prone_is_free_and_a_prone_figure_must_stand_up_to_move():
    m = zone_match(grid(LINE), [("Pip", "a", "man", "A"), ("X", "b", "man", "D")])
    act_now(m, "pip")
    ev = play(m, FallProne("pip"))
    pip = fig(m, "pip")
    assert pip.prone and not pip.acted and m.state.acting() is pip
    assert ev[0].rule == "Z-17"
    assert "down already" in m.why_illegal(FallProne("pip"))
    assert "stand up" in m.why_illegal(ZoneMove("pip", ("B",), ("",), False))
    assert "stand up" in m.why_illegal(ToBoundary("pip", "B"))
    play(m, StandUp("pip"))
    assert not pip.prone and pip.acted


# ============================================================================ Z-10 patches
def test_z10_a_patch_counts_only_for_those_who_move_onto_it_and_is_an_incontact_area():
    board = grid(["A B"], patches=[("Thicket", "A", -4, -2)])
    m = zone_match(board, [("Pip", "a", "man", "A"), ("Arc", "b", "archer", "B"),
                           ("Gob", "b", "goblin", "A")])
    st = m.state
    pip = fig(m, "pip")
    act_now(m, "pip")
    for f in st.figures.values():
        f.acted = f.side == "b"
    assert not rules.zone_move_plan(st, pip, "A", ("B",), ("",), False, False).roll
    ev = play(m, EnterPatch("pip", "Thicket"), 1, 2, 2)  # MR 10 - 4: a roll at -4
    roll = next(e.roll for e in ev if e.kind == "rolled")
    assert roll.rule == "Z-4" and sum(x.value for x in roll.modifiers) == -4
    assert pip.patch == "Thicket" and rules.status(st, pip) == CONTACT
    assert any(x.rule == "Z-10" and x.value == -2 for x in rules.shot(st, fig(m, "arc"), pip)[1])
    act_now(m, "pip")
    assert "step off" in m.why_illegal(ZoneMove("pip", ("B",), ("",), False))
    # the goblin moving onto it to attack Pip rolls for the patch too, and stands on it
    act_now(m, "gob")
    for f in st.figures.values():
        f.acted = f.side == "a"
    ev = play(m, Attack("gob", "pip"), 2, 2, 2, 2, 2, 2, 1)  # the move at -4, the blow
    assert fig(m, "gob").patch == "Thicket" and fig(m, "gob").group == pip.group
    # stepping off is a battle move with the patch's modifier
    act_now(m, "pip")
    fig(m, "gob").acted = True
    assert m.why_illegal(Leave("pip", "A")) is None
    play(m, Leave("pip", "A"), 1, 1, 1)
    assert st.window is not None and st.window.kind == "opportunity"  # Gob may strike
    play(m, Decline("b"))
    assert pip.patch is None and rules.status(st, pip) == ALONE
