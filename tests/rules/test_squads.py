"""The squad wargame basics S-1..S-7: each table against the RULES.md text, each rule
function, and the rolls they make through scripted dice."""

import re
from fractions import Fraction

import pytest

from game.core.dice import Dice
from game.core.events import Kind
from game.rules.squads import basics, checks
from game.rules.squads.basics import (
    armour_save,
    close_combat_attacks,
    close_combat_line,
    hit_line,
    shooting_line,
    shots_at,
    strike_order,
    to_hit_close_combat,
    to_hit_shooting,
    to_wound,
)
from game.rules.squads.combat import fight_round, resolve_attacks, take_wound
from game.rules.squads.data import load_data
from game.rules.squads.events import SquadKind
from game.rules.squads.units import Model, Unit

# Rules of the flood and the chase call these functions with their own rule ids; the
# tests spell such ids "HOUSE-F6" so that tools/rules_coverage.py does not count them as
# showing those rules.

# The S section of RULES.md, word for word.
S2_TEXT = "S-2 Shooting to-hit by BS: BS1 6+, BS2 5+, BS3 4+, BS4 3+, BS5 2+."
S4_TEXT = ("S-4 To-wound (S vs T): S >= T+2: 2+; S = T+1: 3+; S = T: 4+; S = T-1: 5+; "
           "S = T-2 or T-3: 6+; S <= T-4: no effect.")


def squad(key="a", profile="trooper", n=3, leader=None, side="blue", name=None):
    models = [Model.new(f"{key}{i}", profile, 3.0 * i, 0.0, name=f"{profile} {key}{i}")
              for i in range(n)]
    if leader:
        models.append(Model.new(f"{key}L", leader, 3.0 * n, 0.0, name=f"{leader} {key}L"))
    return Unit(key, name or f"unit {key}", side, models, f"{key}L" if leader else None)


def kinds(events):
    return [e.kind for e in events]


def test_every_roll_event_carries_its_roll_and_rule():
    """The design's contract, checked over a whole close combat of every kind of roll."""
    a, b = squad("a", leader="sergeant"), squad("b", "brood", 2)
    r = fight_round(a, b, Dice(11), charging="b")
    assert r.events
    for e in r.events:
        assert e.rule, e
        if e.kind in (Kind.ATTACKED, SquadKind.WOUNDED, SquadKind.NOT_WOUNDED,
                      SquadKind.SAVED, SquadKind.SAVE_FAILED):
            assert e.roll is not None and e.roll.rule == e.rule
            assert e.roll.probability is not None and e.roll.target is not None


# ============================================================================ S-1
def test_s1_profiles_read_as_the_data_gives_them():
    d = load_data()
    assert d.profile("trooper").line() == "WS 3 BS 3 S 3 T 3 W 1 I 3 A 1 Ld 7 Sv 5+"
    assert d.profile("sergeant").a == 2 and d.profile("sergeant").ld == 8
    assert d.profile("brood").line() == "WS 6 BS 0 S 4 T 4 W 1 I 6 A 2 Ld 10 Sv 5+"
    assert d.profile("scout_rider").t == 5 and "bike" in d.profile("scout_rider").traits
    assert "flies" in d.profile("winged_hunter").traits
    assert d.profile("gun_drone").bs == 2
    assert set(d.profiles) >= {"trooper", "sergeant", "flamer_trooper", "swarm", "brood",
                               "scout_rider", "winged_hunter", "gun_drone"}


def test_s1_every_profile_and_weapon_says_what_it_was_read_from():
    d = load_data()
    for p in d.profiles.values():
        assert p.reading, p.key
        assert p.weapons and all(w in d.weapons for w in p.weapons)
    for w in d.weapons.values():
        assert w.reading and w.kind in d.kinds, w.key
    assert any("edge to edge" in r for r in d.readings.values())


def test_s1_no_trademarked_names_in_the_data():
    d = load_data()
    words = " ".join([p.name for p in d.profiles.values()] +
                     [w.name for w in d.weapons.values()] + list(d.readings.values())).lower()
    for mark in ("marine", "tyranid", "gargoyle", "genestealer", "gaunt", "bolter", "tau",
                 "astartes", "imperial", "warhammer", "40k"):
        assert mark not in words


def test_s1_weapons_carry_range_strength_ap_shots_and_kind():
    d = load_data()
    rifle, flamer, claws = d.weapon("rifle"), d.weapon("flamer"), d.weapon("claws")
    assert (rifle.range, rifle.s, rifle.ap, rifle.shots, rifle.kind) == \
        (24, 3, None, 1, "rapid_fire")
    assert flamer.kind == "template" and flamer.ap == 5
    assert claws.s is None and claws.strength(4) == 4
    assert {w.kind for w in d.weapons.values()} == {"rapid_fire", "assault", "heavy", "pistol",
                                                    "template", "close_combat"}


def test_s1_weapon_kinds_rapid_fire_doubles_at_half_range_and_needs_a_still_firer_beyond():
    rifle = load_data().weapon("rifle")
    assert [shots_at(rifle, r, moved=False) for r in (1, 12, 12.5, 24, 24.5)] == [2, 2, 1, 1, 0]
    assert [shots_at(rifle, r, moved=True) for r in (1, 12, 12.5, 24, 24.5)] == [2, 2, 0, 0, 0]


def test_s1_weapon_kinds_assault_pistol_heavy_template_and_close_combat():
    d = load_data()
    spine, scatter, pistol = d.weapon("spine_gun"), d.weapon("scatter_gun"), d.weapon("pistol")
    heavy, flamer, blade = d.weapon("support_gun"), d.weapon("flamer"), d.weapon("blade")
    assert shots_at(spine, 12, moved=True) == 1 and shots_at(spine, 12.1, moved=False) == 0
    assert shots_at(scatter, 10, moved=True) == 2
    assert shots_at(pistol, 12, moved=True) == 1
    assert shots_at(heavy, 36, moved=False) == 3 and shots_at(heavy, 5, moved=True) == 0
    assert shots_at(flamer, 8, moved=True) == 1 and shots_at(flamer, 8.5, moved=False) == 0
    assert shots_at(blade, 0, moved=False) == 0


# ============================================================================ S-2
def test_s2_to_hit_by_bs_is_the_rules_table():
    table = {int(bs): int(need) for bs, need in re.findall(r"BS(\d) (\d)\+", S2_TEXT)}
    assert table == {1: 6, 2: 5, 3: 4, 4: 3, 5: 2}
    for bs, need in table.items():
        assert to_hit_shooting(bs) == need


def test_s2_readings_bs_above_five_hits_on_2_and_bs_0_cannot_shoot():
    assert to_hit_shooting(6) == to_hit_shooting(10) == 2
    assert to_hit_shooting(0) is None
    brood = Model.new("b", "brood")
    assert shooting_line(brood, "spine_gun", 5, moved=False) is None


def test_s2_shooting_line_counts_shots_and_the_roll_needed():
    t = Model.new("t", "trooper", name="Trooper 1")
    line = shooting_line(t, "rifle", 10, moved=False)
    assert (line.attacks, line.hit_on, line.strength, line.ap, line.hit_rule) == \
        (2, 4, 3, None, "S-2")
    assert "BS 3 needs 4+" in line.hit_why
    assert shooting_line(t, "rifle", 20, moved=True) is None  # rapid fire, moved, beyond 12


def test_s2_a_bs_set_by_another_rule_says_why():
    """The chase's sergeant shooting over his shoulder at BS 3."""
    sgt = Model.new("s", "rider_sergeant", name="Sergeant")
    line = shooting_line(sgt, "heavy_pistol", 6, moved=False, bs=3, bs_why="over his "
                         "shoulder, HOUSE-P13")
    assert line.hit_on == 4
    assert "BS 3 (over his shoulder, HOUSE-P13) needs 4+" in line.hit_why


def test_s2_a_template_hits_the_models_under_it_with_no_roll():
    f = Model.new("f", "flamer_trooper", name="Flamer")
    line = shooting_line(f, "flamer", 6, moved=True, under_template=3)
    assert line.attacks == 3 and line.hit_on is None and line.strength == 4
    assert shooting_line(f, "flamer", 6, moved=True) is None  # nobody under it
    target = squad("b", "swarm", 3)
    r = resolve_attacks([line], target.allocation_order(), Dice.scripted([4, 4, 1]))
    assert kinds(r.events)[0] == Kind.ATTACKED and r.events[0].amount == 3
    assert r.hits == 3 and r.wounds == 2  # S4 vs T3 needs 3+: 4, 4 wound, 1 does not
    assert r.unsaved == 2  # AP 5 cancels a 6+ save: no save rolled
    assert SquadKind.NO_SAVE in kinds(r.events) and r.casualties == ["b0", "b1"]


def test_s2_a_close_combat_weapon_does_not_shoot():
    with pytest.raises(ValueError, match="close combat"):
        shooting_line(Model.new("s", "sergeant"), "blade", 1, moved=False)


# ============================================================================ S-3
def s3_from_the_text(ws, target_ws):
    """S-3 as RULES.md words it."""
    if target_ws > 2 * ws:
        return 5
    return 3 if ws > target_ws else 4


def test_s3_to_hit_in_close_combat_is_the_rules_table():
    for ws in range(1, 11):
        for tws in range(1, 11):
            assert to_hit_close_combat(ws, tws) == s3_from_the_text(ws, tws), (ws, tws)
    assert to_hit_close_combat(4, 3) == 3
    assert to_hit_close_combat(3, 3) == 4
    assert to_hit_close_combat(3, 6) == 4  # exactly double is not more than double
    assert to_hit_close_combat(3, 7) == 5


def test_s3_charging_adds_one_attack():
    sgt = Model.new("s", "sergeant")
    assert close_combat_attacks(sgt, charging=False) == 2
    assert close_combat_attacks(sgt, charging=True) == 3
    line = close_combat_line(sgt, target_ws=6, charging=True)
    assert (line.attacks, line.hit_on, line.strength, line.hit_rule) == (3, 4, 3, "S-3")
    assert "+1 on the charge" in line.label


def test_s3_bare_hands_strike_with_the_models_own_strength():
    t = Model.new("t", "trooper")
    line = close_combat_line(t, target_ws=3, charging=False)
    assert line.strength == 3 and line.ap is None and "bare hands" in line.cause


def test_s3_strike_order_by_initiative_highest_first_ties_together():
    b, t, s, g = (Model.new(i, p) for i, p in (("b", "brood"), ("t", "trooper"),
                                               ("s", "sergeant"), ("g", "swarm")))
    order = strike_order([t, g, b, s])
    assert [(i, [m.id for m in ms]) for i, ms in order] == [(6, ["b"]), (4, ["g"]),
                                                            (3, ["t", "s"])]


def test_s3_fight_round_the_faster_brood_strikes_first_and_slain_troopers_do_not_strike():
    brood = squad("b", "brood", 1)
    troopers = squad("t", "trooper", 1)
    # brood (I 6, A 2): hits 3+ (WS 6 vs 3): 5, 5; wounds S4 vs T3 3+: 4, 4;
    # the trooper's 5+ save: 2 -> dead; its second wound is lost
    r = fight_round(troopers, brood, Dice.scripted([5, 5, 4, 4, 2]))
    assert troopers.destroyed and not brood.destroyed
    assert r.unsaved == {"t": 0, "b": 1} and r.casualties == {"t": ["t0"], "b": []}
    assert kinds(r.events)[0] == SquadKind.STRIKES and "Initiative 6" in r.events[0].text
    assert not any(e.kind == SquadKind.STRIKES and "Initiative 3" in e.text for e in r.events)


def test_s3_fight_round_equal_initiative_strikes_at_the_same_time():
    a, b = squad("a", "trooper", 1), squad("b", "trooper", 1)
    # a strikes: hit 6, wound 6, b's save 1; b, slain in the same step, still strikes
    r = fight_round(a, b, Dice.scripted([6, 6, 1, 6, 6, 1]))
    assert a.destroyed and b.destroyed
    assert r.casualties == {"a": ["a0"], "b": ["b0"]}


def test_s3_fight_round_the_charging_unit_makes_one_more_attack():
    a, b = squad("a", "trooper", 1), squad("b", "trooper", 1)
    r = fight_round(a, b, Dice.scripted([1, 1, 1]), charging="a")  # a: 2 misses, b: 1 miss
    hits = [e for e in r.events if e.kind == Kind.ATTACKED]
    assert [e.figure for e in hits] == ["a0", "a0", "b0"]


def test_s3_fight_round_strikes_against_the_enemy_majority_ws():
    drone = Unit("d", "Drone", "blue", [Model.new("d0", "gun_drone")])
    mixed = Unit("m", "Brood and swarm", "red", [
        Model.new("g1", "swarm"), Model.new("b", "brood"), Model.new("g2", "swarm")], "b")
    # I 6: the brood's 2 attacks (WS 6 vs 2: 3+) miss; I 4: the drone (WS 2 against the
    # swarm's WS 3, most of the unit: 4+, not 5+ as against the brood) and both swarm
    # creatures (WS 3 vs 2: 3+) miss
    r = fight_round(drone, mixed, Dice.scripted([1, 1, 1, 1, 1]))
    hits = [e for e in r.events if e.kind == Kind.ATTACKED]
    assert [(e.figure, e.roll.target) for e in hits] == [
        ("b", 3), ("b", 3), ("d0", 4), ("g1", 3), ("g2", 3)]


# ============================================================================ S-4
def s4_from_the_text(s, t):
    """S-4 as RULES.md words it (see S4_TEXT)."""
    if s >= t + 2:
        return 2
    if s == t + 1:
        return 3
    if s == t:
        return 4
    if s == t - 1:
        return 5
    if s in (t - 2, t - 3):
        return 6
    assert s <= t - 4
    return None


def test_s4_to_wound_is_the_rules_table():
    assert "S <= T-4: no effect" in S4_TEXT
    for s in range(1, 11):
        for t in range(1, 11):
            assert to_wound(s, t) == s4_from_the_text(s, t), (s, t)


def test_s4_no_effect_when_strength_is_four_below_toughness():
    assert to_wound(1, 5) is None and to_wound(2, 5) == 6 and to_wound(6, 10) is None
    rider = Model.new("r", "scout_rider")
    line = hit_line("flood", "the flood", 1, 1, rule="HOUSE-F6", no_save=True)
    r = resolve_attacks([line], [rider], Dice.scripted([]))  # no die is thrown
    assert kinds(r.events) == [Kind.ATTACKED, SquadKind.NO_EFFECT]
    assert r.events[1].rule == "S-4" and rider.wounds == 1
    assert r.odds == {0: 1}


def test_s4_to_wound_roll_carries_its_odds():
    t = Model.new("t", "trooper")
    line = hit_line("flood", "the flood", 1, 1, rule="HOUSE-F6", no_save=True,
                    why="carried 2 inches, HOUSE-F6")
    r = resolve_attacks([line], [t], Dice.scripted([5]))
    wound = r.events[1]
    assert wound.kind == SquadKind.NOT_WOUNDED and wound.roll.target == 6
    assert wound.roll.probability == pytest.approx(1 / 6)
    assert "S 1 (carried 2 inches, HOUSE-F6) against T 3 needs 6+" in wound.roll.label


# ============================================================================ S-5
def test_s5_armour_save_and_ap():
    assert armour_save(4, None) == 4
    assert armour_save(4, 5) == 4  # AP 5 does not touch a 4+ save
    assert armour_save(4, 4) is None  # AP at the save's number cancels it
    assert armour_save(5, 4) is None  # and below it
    assert armour_save(3, 4) == 3
    assert armour_save(None, None) is None
    assert armour_save(2, None, no_save=True) is None
    assert basics.no_save_reason(5, 4) == "AP 4 cancels the 5+ save"


def test_s5_a_shot_that_hits_wounds_and_is_not_saved_removes_a_wound():
    shooter = Model.new("t", "trooper", name="Trooper 1")
    target = squad("g", "swarm", 2)
    line = shooting_line(shooter, "rifle", 10, moved=False)
    r = resolve_attacks([line], target, Dice.scripted([4, 3, 5, 5]))
    assert kinds(r.events) == [Kind.ATTACKED, Kind.ATTACKED, SquadKind.WOUNDED,
                               SquadKind.SAVE_FAILED, Kind.DAMAGED, Kind.DIED]
    assert [e.rule for e in r.events] == ["S-2", "S-2", "S-4", "S-5", "S-5", "S-5"]
    assert [e.roll.success for e in r.events[:4]] == [True, False, True, False]
    assert r.events[3].roll.probability == pytest.approx(1 / 6)
    assert r.events[4].roll is r.events[3].roll  # the damage names the failed save
    assert "Trooper 1's Rifle" in r.events[4].text
    assert [e.target for e in r.events] == ["g", "g", "g", "g0", "g0", "g0"]
    assert "at unit g" in r.events[0].roll.label
    assert (r.hits, r.wounds, r.unsaved, r.casualties) == (1, 1, 1, ["g0"])
    assert target.models[0].wounds == 0 and target.models[1].wounds == 1


def test_s5_ap_at_the_save_cancels_it_no_die_rolled():
    rider = Model.new("r", "scout_rider", name="Rider")
    troopers = squad("t", "trooper", 1)
    line = shooting_line(rider, "heavy_pistol", 6, moved=True)  # AP 5 vs Sv 5+
    r = resolve_attacks([line], troopers.allocation_order(), Dice.scripted([3, 3]))
    assert kinds(r.events) == [Kind.ATTACKED, SquadKind.WOUNDED, SquadKind.NO_SAVE,
                               Kind.DAMAGED, Kind.DIED]
    assert "AP 5 cancels the 5+ save" in r.events[2].text and r.events[3].roll is None


def test_s5_a_no_save_hit_skips_the_save():
    t = Model.new("t", "trooper")
    line = hit_line("crash", "a crash", 1, 5, rule="HOUSE-P11", no_save=True)
    r = resolve_attacks([line], [t], Dice.scripted([2]))  # S5 vs T3: 2+
    assert kinds(r.events) == [Kind.ATTACKED, SquadKind.WOUNDED, SquadKind.NO_SAVE,
                               Kind.DAMAGED, Kind.DIED]
    assert r.events[0].rule == "HOUSE-P11" and "a hit with no save" in r.events[2].text


def test_s5_a_saved_wound_does_nothing():
    t = Model.new("t", "trooper")
    line = hit_line("x", "a hit", 1, 3, rule="S-5")
    r = resolve_attacks([line], [t], Dice.scripted([4, 5]))
    assert kinds(r.events)[-1] == SquadKind.SAVED and t.wounds == 1 and r.unsaved == 0


def test_s5_wounds_go_to_a_wounded_model_first_and_the_leader_last():
    u = Unit("u", "Riders", "blue", [
        Model.new("r1", "trooper"), Model.new("r2", "trooper"), Model.new("s", "sergeant")],
        "s")
    u.models[1].wounds = 1
    assert [m.id for m in u.allocation_order()] == ["r1", "r2", "s"]
    brood = Model.new("b", "brood")
    brood_unit = Unit("b", "Brood", "red", [Model.new("b1", "brood"), brood], "b1")
    brood.wounds = 1  # W 1: still unhurt, so order stays; the leader goes last
    assert [m.id for m in brood_unit.allocation_order()] == ["b", "b1"]


def test_s5_wounds_beyond_the_last_model_are_lost():
    t = squad("t", "trooper", 1)
    line = hit_line("x", "hits", 3, 10, rule="S-5", no_save=True)
    r = resolve_attacks([line], t.allocation_order(), Dice.scripted([2, 2, 2]))
    assert r.wounds == 3 and r.unsaved == 1 and r.casualties == ["t0"]


def test_s5_take_wound_removes_one_wound_and_reports_a_casualty():
    m = Model.new("m", "trooper", name="Tom")
    ev = take_wound(m, "a fall", "HOUSE-F6")
    assert kinds(ev) == [Kind.DAMAGED, Kind.DIED] and ev[0].amount == 1
    assert take_wound(m, "again") == []


# ============================================================================ S-6
def test_s6_characteristic_test_passes_at_or_under_the_value():
    t = Model.new("t", "trooper", name="Tom")
    ok = checks.characteristic_test(t, "s", Dice.scripted([3]), rule="HOUSE-F3",
                                    why="the flood")
    assert ok.passed and ok.event.kind == SquadKind.TEST_PASSED and ok.event.rule == "HOUSE-F3"
    assert ok.roll.rule == "HOUSE-F3" and ok.roll.probability == pytest.approx(0.5)
    assert "Tom tests Strength (the flood)" in ok.roll.label
    bad = checks.characteristic_test(t, "s", Dice.scripted([4]))
    assert not bad.passed and bad.event.kind == SquadKind.TEST_FAILED
    assert bad.event.rule == "S-6"


def test_s6_a_six_always_fails_a_characteristic_test():
    b = Model.new("b", "brood")  # I 6: a 6 is at most 6, yet fails
    r = checks.characteristic_test(b, "i", Dice.scripted([6]))
    assert not r.passed and r.roll.note == "a 6 always fails"
    assert checks.p_characteristic_test(6) == Fraction(5, 6)
    assert checks.p_characteristic_test(10) == Fraction(5, 6)
    assert checks.p_characteristic_test(3) == Fraction(1, 2)
    assert checks.p_characteristic_test(0) == 0
    assert r.roll.probability == pytest.approx(5 / 6)


def test_s6_characteristic_test_names_known_characteristics():
    with pytest.raises(ValueError, match="no characteristic 'sv'"):
        checks.characteristic_test(Model.new("t", "trooper"), "sv", Dice(1))


def test_s6_leadership_test_is_2d6_at_or_under_ld():
    t = Model.new("t", "trooper")  # Ld 7
    assert checks.leadership_test(t, Dice.scripted([3, 4])).passed
    r = checks.leadership_test(t, Dice.scripted([4, 4]))
    assert not r.passed and r.roll.expr == "2d6"
    assert checks.p_leadership_test(7) == Fraction(21, 36)
    assert checks.p_leadership_test(12) == 1
    assert r.roll.probability == pytest.approx(21 / 36)


# ============================================================================ S-7
def test_s7_dangerous_terrain_test_fails_on_a_one():
    t = Model.new("t", "scout_rider")
    assert not checks.dangerous_terrain_test(t, Dice.scripted([1]), rule="HOUSE-P10").passed
    ok = checks.dangerous_terrain_test(t, Dice.scripted([2]))
    assert ok.passed and ok.event.rule == "S-7"
    assert checks.p_dangerous_terrain_test() == Fraction(5, 6)
    assert ok.roll.probability == pytest.approx(5 / 6)
