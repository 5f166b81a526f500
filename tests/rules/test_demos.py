"""Demos: every shipped demo plays its steps legally, with the dice its worked example
names (game.rules.demos)."""

import pytest

from game.core.errors import ScenarioError
from game.rules.demos import find_demo, list_demos, load_demo, rule_order

DEMOS = list_demos()


def test_demos_are_shipped_and_in_rule_order():
    assert len(DEMOS) >= 3
    assert [rule_order(d.rule) for d in DEMOS] == sorted(rule_order(d.rule) for d in DEMOS)
    assert rule_order("H-2") < rule_order("H-10")


@pytest.mark.parametrize("demo", DEMOS, ids=lambda d: d.key)
def test_every_demo_plays_through_and_back(demo):
    demo.check()
    m = demo.new_match()
    start = m.state_hash()
    for step in demo.steps:
        assert step.text, f"{demo.key}: a step says nothing"
        m.apply(step.action)
    m.undo(len(demo.steps))
    assert m.state_hash() == start


def test_h22_demo_climbs_six_mp_and_jumps_with_the_h8_roll():
    """H-22: ground to C, C to B, B to A cost 2 MP each; back down to B 1 MP (H-3); the
    jump from B to the ground (2 levels) 1 MP, band 1: 3d6 vs DX or 1d6 (H-8)."""
    m = find_demo("H-22").new_match()
    spent = []
    for step in find_demo("H-22").steps:
        m.apply(step.action)
        spent.append(m.state.figures["hobbit"].mp_spent)
    hob = m.state.figures["hobbit"]
    assert spent[1:] == [2, 4, 6, 7, 8]
    rolls = [e.roll for e in m.log if e.roll is not None and e.rule == "H-8"]
    assert rolls[0].expr == "3d6" and not rolls[0].success and "2 levels" in rolls[0].label
    assert rolls[1].expr == "1d6" and hob.prone  # band 1: 1d6 for a missed roll


def test_a_demo_finds_by_rule_file_or_title_and_names_the_known_ones():
    assert find_demo("t-5").key == "t5_rear_attack"
    assert find_demo("t8_push_off_a_ledge").rule == "T-8"
    with pytest.raises(ScenarioError, match="known: .*H-22"):
        find_demo("Z-99")


def test_a_broken_demo_names_the_file_and_step(tmp_path):
    side_view = find_demo("H-22")
    src = side_view.path.read_text()
    bad = tmp_path / "bad.toml"
    bad.write_text(src.replace('scenario = "../test/side_view.toml"',
                               f'scenario = "{side_view.scenario.path}"')
                   .replace('to = 9', 'to = 99'))
    d = load_demo(bad)
    with pytest.raises(ScenarioError, match=r"bad.toml: step 2 .* not legal"):
        d.check()
    bad.write_text("[demo]\nrule = 'nonsense'\n")
    with pytest.raises(ScenarioError, match="bad.toml"):
        load_demo(bad)


def played(rule, key=None):
    """A demo's match after all its steps (the first demo of ``rule``, or ``key``)."""
    d = find_demo(key or rule)
    m = d.new_match()
    for step in d.steps:
        m.apply(step.action)
    return m


def test_h12_demo_bob_clings_at_6_and_9_then_falls_10_levels():
    """H-12: 4d6 = 15 (clings at 6), 11 (at 9), 21 (falls from the top, 10 levels); the
    3d6 save of 12 against DX 16 (beyond twice H: vs DX) makes it: 2d6 = 9, chainmail stops 2."""
    m = played("H-12")
    climbs = [e.roll for e in m.log if e.roll is not None and e.rule == "H-11"]
    assert [(r.expr, r.total, r.success) for r in climbs] == [
        ("4d6", 15, True), ("4d6", 11, True), ("4d6", 21, False)]
    fall = [e for e in m.log if e.rule == "H-8" and e.roll is not None]
    assert "10 levels" in fall[0].roll.label and fall[0].roll.success
    assert fall[1].roll.expr == "2d6" and fall[1].roll.total == 9 and fall[1].amount == 7
    bob = m.state.figures["bob"]
    assert bob.prone and bob.st == 5 and not bob.hold


@pytest.mark.parametrize("key,swept", [("h19_sweep", 3), ("h19_sweep_two_down", 2)])
def test_h19_demos_sweep_foes_within_one_level(key, swept):
    """H-19: three foes at -1, 0, -1 are all swept; with the middle one at -2, two."""
    m = played("H-19", key)
    blows = [e for e in m.log if e.rule == "T-2" and e.roll is not None]
    assert len(blows) == swept and all("sweeping blow" in str(e.roll.modifiers) for e in blows)


def test_h8_demo_steps_down_two_then_jumps_band_two():
    """H-3, H-8: a 2-level step is a walk; the 5-level jump is band 2 for H 2: a made
    3d6 roll leaves 1d6, leather stops only 2."""
    m = played("H-8")
    borin = m.state.figures["borin"]
    rolls = [e.roll for e in m.log if e.roll is not None and e.rule == "H-8"]
    assert "band 2" in rolls[0].label and rolls[0].success
    assert rolls[1].expr == "1d6" and borin.st == 13 - 3 and borin.standing
    assert borin.mp_spent == 2


def test_h4_demo_neither_strikes_two_levels_apart_both_at_one():
    """H-4: on the ground beside B neither may attack; from C both may (H-6: -1 / +1)."""
    d = find_demo("H-4")
    m = d.new_match()
    for step in d.steps:
        if m.state.phase == "action" and m.turn == 1:
            assert not any(a.kind == "attack" for a in m.legal_actions())
        m.apply(step.action)
    attacks = [e.roll for e in m.log if e.rule == "T-2" and e.roll is not None]
    assert [m.value for m in attacks[0].modifiers] == [-1]
    assert [m.value for m in attacks[1].modifiers] == [1]


def test_h18_demo_passes_over_the_hobbit_and_rolls_for_the_orc_in_the_way():
    """H-18: the line passes over Pip; Grub, in the way, is rolled against first."""
    m = played("H-18")
    shots = [e for e in m.log if e.rule == "T-2" and e.roll is not None]
    assert [e.target for e in shots] == ["grub", "ugluk"]
    assert not any(e.target == "pip" for e in shots)


def test_h15_demo_the_giant_engages_three_levels_up_off_balance():
    """H-7, H-15: the 3-hex giant engages the human three levels up, not the other way
    round, and strikes off balance (-2 DX) with -3 for the levels."""
    from game.rules.tft.hexes import heights

    d = find_demo("H-15")
    m = d.new_match()
    for step in d.steps[:4]:
        m.apply(step.action)
    grom, hal = m.state.figures["grom"], m.state.figures["hal"]
    assert heights.engages(m.board, grom, hal) and not heights.engages(m.board, hal, grom)
    for step in d.steps[4:]:
        m.apply(step.action)
    blow = [e.roll for e in m.log if e.rule == "T-2" and e.roll is not None][-1]
    assert sorted(mo.value for mo in blow.modifiers) == [-3, -2]


def test_a_demo_whose_scripted_face_is_not_on_the_die_names_the_file_and_step(tmp_path):
    """A 7 scripted for a d6 is one message naming the demo file and the step (not a
    ValueError from the dice)."""
    d = find_demo("G-5")
    src = d.path.read_text()
    bad = tmp_path / "sevens.toml"
    bad.write_text(src.replace('scenario = "../test/rooftops.toml"',
                               f'scenario = "{d.scenario.path}"')
                   .replace("faces = [5, 2]", "faces = [7, 7]"))
    with pytest.raises(ScenarioError, match=r"sevens.toml: (step|setup) \d+: its 'faces' "
                                            r"do not fit the dice rolled \(scripted face 7"):
        load_demo(bad).check()
