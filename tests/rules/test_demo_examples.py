"""The demos of the zone boards (Z-*) and the open table (K-*, G-*): each worked example
comes out with the numbers its rule text gives, played as the demo plays it."""

from __future__ import annotations

import pytest

from game.core.dice import Contest, Roll
from game.core.events import Event, Kind
from game.core.places import InZone, Point
from game.rules.demos import Demo, find_demo
from game.rules.hero.moves import allowance, budget, plan_move
from game.rules.hero.sight import sight
from game.rules.tft.zones import rules
from game.rules.tft.zones.actions import Attack, EnterBottleneck, ZoneMove
from game.rules.tft.zones.state import CONTACT


def played(rule: str, upto: int | None = None):
    """The demo of ``rule``, its match, and the events of each step played (all, or the
    first ``upto``)."""
    demo: Demo = find_demo(rule)
    m = demo.new_match()
    events: list[list[Event]] = []
    for step in demo.steps[:upto]:
        events.append(m.apply(step.action))
    return demo, m, events


def rolls(events: list[Event], rule: str | None = None) -> list[Roll]:
    return [e.roll for e in events if isinstance(e.roll, Roll)
            and (rule is None or e.rule == rule)]


def contests(events: list[Event]) -> list[Contest]:
    return [e.roll for e in events if isinstance(e.roll, Contest)]


# ============================================================================ zones
def test_z3_demo_mr16_one_zone_without_a_roll_two_at_minus_4_the_first_automatic():
    _d, m, ev = played("Z-3")
    st = m.state
    assert st.figures["ned"].mr == 16 and not rolls(ev[1])  # one zone at +6: no roll
    (roll,) = rolls(ev[2], "Z-3")
    assert (roll.expr, roll.base, roll.target) == ("3d6", 12, 8)  # two zones at -4
    assert [x.value for x in roll.modifiers] == [-4] and roll.success
    assert st.figures["ned"].place == InZone("Lane")
    assert st.figures["wat"].place == InZone("Green")


def test_z6_demo_mr16_with_minus_6_one_zone_without_a_roll_two_impossible():
    demo, m, _ev = played("Z-6", 1)
    st = m.state
    hob = st.figures["hob"]
    one = rules.zone_move_plan(st, hob, "Mire", ("Paddock",), ("",), False)
    assert (one.mr, one.roll, one.possible) == (10, False, True)
    assert [x.value for x in one.modifiers] == [-6]
    assert "not enough" in m.why_illegal(ZoneMove("hob", ("Paddock", "Lane"), ("", ""),
                                                  False))
    ev = m.apply(demo.steps[1].action)
    assert not rolls(ev) and hob.place == InZone("Paddock")
    ned = st.figures["ned"]
    run = rules.zone_move_plan(st, ned, "Paddock", ("Lane", "Green"), ("", ""), True)
    assert (run.mr, run.roll) == (26, False)  # +10 running: two zones, no roll
    m.apply(demo.steps[2].action)
    assert ned.place == InZone("Green") and ned.running


def test_z11_demo_fire_wall_mr_7_a_roll_at_minus_3_half_to_the_boundary_or_its_damage():
    _d, m, ev = played("Z-11")
    st = m.state
    (aldo,) = rolls(ev[1], "Z-3")
    assert (aldo.base, aldo.target) == (11, 8) and aldo.success  # MR 10 - 3 = 7
    (bert,) = rolls(ev[2], "Z-4")
    assert bert.target == 10 and [(x.value, x.rule) for x in bert.modifiers] == [(-1, "Z-11")]
    assert st.figures["bert"].place == InZone("Camp", "Road")
    assert not rolls(ev[3], "Z-3")  # through the fire: no roll...
    (burn,) = rolls(ev[3], "Z-11")
    assert burn.expr == "1d6" and st.figures["cuth"].st == 12 - burn.total  # ...its damage
    assert st.figures["aldo"].place == st.figures["cuth"].place == InZone("Road")


def test_z12_demo_a_figure_on_a_boundary_is_in_both_zones_and_dragged_by_its_foe():
    demo, m, _ev = played("Z-12", 2)
    cole = m.state.figures["cole"]
    assert cole.on_line and set(cole.zones) == {"Meadow", "Lane"}
    m.apply(demo.steps[2].action)
    assert cole.place == InZone("Lane") and not cole.on_line
    assert cole.group == m.state.figures["gash"].group
    assert rules.status(m.state, cole) == CONTACT


def test_z13_demo_intercept_contest_with_half_the_mr_difference():
    _d, m, ev = played("Z-13")
    (c,) = contests(ev[2])
    skar, cole = c.rolls
    assert c.rule == "Z-13" and (skar.target, cole.target) == (16, 11)
    assert [(x.value, x.rule) for x in skar.modifiers] == [(5, "Z-13")]  # (20 - 10) / 2
    assert c.scores == (7, 1) and c.winner == 0
    st = m.state
    assert rules.status(st, st.figures["cole"]) == CONTACT and st.figures["skar"].acted


def test_z16_demo_farmhouse_door_held_until_a_defender_is_removed():
    demo, m, _ev = played("Z-16", 1)
    st = m.state
    assert [f.id for f in st.holders("Front door")] == ["tom", "ada"]
    assert st.board.bottlenecks["Front door"].capacity == 2
    assert sorted(b.capacity for b in st.board.bottlenecks.values()) == [2, 2, 3]
    assert "holds the Front door" in m.why_illegal(
        ZoneMove("snik", ("House",), ("Front door",), True))
    ev = m.apply(demo.steps[1].action)
    blow = next(e.roll for e in ev if e.kind == Kind.ATTACKED)
    assert [(x.value, x.rule) for x in blow.modifiers] == [(-2, "Z-16")]  # soft cover
    m.apply(demo.steps[2].action)  # Grishnak shoves Tom out and takes his spot
    assert st.figures["tom"].place == InZone("House")
    assert [f.id for f in st.holders("Front door")] == ["ada", "grishnak"]
    assert "in the way" in m.why_illegal(Attack("grub", "ada"))
    assert "every spot" in m.why_illegal(EnterBottleneck("grub", "Front door"))
    m.apply(demo.steps[3].action)
    ev = m.apply(demo.steps[4].action)
    blow = next(e.roll for e in ev if e.kind == Kind.ATTACKED)
    assert blow.modifiers == ()  # both inside the bottleneck: no cover


# ============================================================================ the table
def test_g5_demo_falls_off_a_ht_4_cliff_for_4_and_from_ht_6_onto_ht_3_for_3():
    _d, m, ev = played("G-5")
    falls = [(e.figure, e.amount) for step in ev for e in step if e.kind == Kind.FELL]
    assert falls == [("cap", 4), ("boomer", 3)]
    cap, boomer = m.state.minis["cap"], m.state.minis["boomer"]
    assert (cap.z, cap.hp) == (0, 2) and (boomer.z, boomer.hp) == (3, 3)
    assert cap.moved == 550  # the 5.5 units walked; the drop costs nothing


def test_g7_demo_the_wk_6_flyer_reaches_the_ht_5_roof_for_5_with_1_left():
    demo, m, _ev = played("G-7", 1)
    w = m.state.minis["whirlybird"]
    assert allowance(w) == 600 and w.z == 3 and w.acted
    plan = plan_move(m.state, w, Point(2230, 250))
    assert plan.ok and plan.cost == 500 and plan.climb == 200 and plan.z_end == 5
    ev = m.apply(demo.steps[1].action)
    assert budget(w) == 100 and w.z == 5
    assert "1 left" in next(e.text for e in ev if e.kind == Kind.MOVED)


def test_g6_demo_pushed_off_a_ledge_falls_then_is_pushed_the_rest_of_the_way():
    _d, m, ev = played("G-6")
    sarge = m.state.minis["sarge"]
    kinds = [e.kind for e in ev[0] if e.target == "sarge" or e.figure == "sarge"]
    assert kinds[-4:] == [Kind.RETREATED, Kind.FELL, Kind.DAMAGED, Kind.RETREATED]
    pushed = [e.amount for e in ev[0] if e.kind == Kind.RETREATED]
    assert sum(pushed) == 200  # the whole 2 units: to the edge, then on below
    assert next(e.amount for e in ev[0] if e.kind == Kind.FELL) == 4
    assert (sarge.z, sarge.hp) == (0, 6 - 1 - 4)  # the blast's 2 less 1, then the fall


def test_k5_demo_hit_dice_against_hit_dice_damage_less_absorb_melee_ignores_it():
    _d, m, ev = played("K-5")
    shot = next(e.roll for e in ev[0] if e.kind == Kind.ATTACKED)
    assert shot.scores == (9, 6) and shot.winner == 0
    assert [e.amount for e in ev[0] if e.kind == Kind.DAMAGED] == [3]  # 4 - Absorb 1
    blow = next(e.roll for e in ev[2] if e.kind == Kind.ATTACKED)
    assert blow.scores == (8, 5) and blow.winner == 0
    assert [e.amount for e in ev[2] if e.kind == Kind.DAMAGED] == [3]  # Absorb ignored
    assert m.state.minis["tex"].hp == 0 and m.state.minis["tex"].status == "unconscious"


def test_k6_demo_the_maximum_roll_hits_for_maximum_damage_through_any_armour():
    _d, m, ev = played("K-6")
    assert not [e for e in ev[0] if e.kind == Kind.DAMAGED]  # 3 - heavy armour's 3
    crit = next(e.roll for e in ev[1] if e.kind == Kind.ATTACKED)
    assert crit.critical and crit.scores == (12, 12) and crit.winner == 0
    assert [e.amount for e in ev[1] if e.kind == Kind.DAMAGED] == [6]
    assert m.state.minis["cap"].hp == 0


def test_k7_demo_a_miss_bounces_half_the_throw_left_and_the_blast_hits_either_side():
    _d, m, ev = played("K-7")
    throw = next(e.roll for e in ev[0] if e.kind == Kind.ATTACKED)
    assert throw.winner == 1  # a miss
    bounce = next(e for e in ev[0] if e.kind == "bounced")
    assert bounce.roll.total == 3 and "left" in bounce.text and bounce.amount == 400
    (x0, y0), (x1, y1) = (p.units for p in bounce.places)
    assert (x1 - x0, y1 - y0) == pytest.approx((0, -4), abs=0.02)  # left of a throw east
    hit = [e.target for e in ev[0] if e.kind == Kind.DAMAGED]
    assert sorted(hit) == ["pyle", "tex"]  # Sarge's own man too
    assert m.state.minis["pyle"].hp == m.state.minis["tex"].hp == 3
    assert "explosive" not in m.state.minis["sarge"].weapons  # consumed


def test_k8_demo_covered_at_half_visible_concealed_at_a_third_only_criticals_hit():
    demo, m, _ev = played("K-8", 0)
    st = m.state
    fence = sight(st, st.minis["pyle"], st.minis["tex"])
    assert fence.fraction == pytest.approx(4 / 7, abs=0.02) and fence.level == "covered"
    assert fence.cover == "soft"
    crates = sight(st, st.minis["sarge"], st.minis["cap"])
    assert 0.30 <= crates.fraction < 0.40 and crates.level == "concealed"
    ev = m.apply(demo.steps[0].action)
    c = next(e.roll for e in ev if e.kind == Kind.ATTACKED)
    attack, defence = c.rolls
    assert attack.expr == "3d6 keep lowest 2" and attack.total == 9  # G-3: worse attack
    assert [x.value for x in defence.modifiers] == [2] and c.scores == (9, 7)
    assert c.winner == 0
    ev = m.apply(demo.steps[1].action)
    c = next(e.roll for e in ev if e.kind == Kind.ATTACKED)
    assert c.rolls[0].total > c.rolls[1].total and c.winner == 1  # only a critical hits


def test_a_demo_setup_that_is_not_legal_names_the_file_and_the_action(tmp_path):
    from game.core.errors import ScenarioError
    from game.rules.demos import load_demo

    g5 = find_demo("G-5")
    bad = tmp_path / "bad.toml"
    scenario = f'scenario = "{g5.scenario.path}"'
    bad.write_text(g5.path.read_text()
                   .replace('scenario = "../test/rooftops.toml"', scenario)
                   .replace("x = 830, y = 500", "x = 830, y = 1200"))  # on the haystack
    assert len(g5.setup) == 6
    with pytest.raises(ScenarioError, match=r"bad.toml: setup 5 \(Cap deploys at "
                                            r"\(8.3, 12.0\)\) is not legal there: .*Haystack"):
        load_demo(bad)  # the position is set up as the file is read
