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
