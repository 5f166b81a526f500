"""Issue 9, point 13: the dice log never contradicts itself, says why 4 dice are rolled,
and speaks of damage, not "hits"."""

import json
import re
from pathlib import Path

from textmap import match

from game.core.dice import Dice
from game.core.events import Kind
from game.rules.tft import combat
from game.rules.tft.hexes import falls

GOLDEN = Path(__file__).resolve().parents[1] / "golden"
FLAT = "0 0 0\n0 0 0"


def two():
    m = match(FLAT, [("Hum", "a", "human", 0, 0, 0), ("Orc", "b", "orc", 1, 0, 3)])
    return m.state.figures["hum"], m.state.figures["orc"]


def test_t7_a_4d6_roll_says_it_is_because_the_target_defends():
    """Point 13: the roll's own words say why it is 4 dice (T-7)."""
    hum, orc = two()
    orc.defending = True
    res = combat.resolve_attack(hum, orc, (), Dice.scripted([1, 2, 3, 1, 4, 4]), rear=False)
    roll = res.events[0].roll
    assert roll.expr == "4d6"
    assert "4 dice, not 3: Orc defends" in roll.label and "T-7" in roll.label


def test_t3_damage_is_said_as_damage_through_armour_not_hits():
    """Point 13: no "= 3 hits": "armour stops 2: 3 damage through armour"."""
    hum, orc = two()
    orc.armour = "leather"
    res = combat.resolve_attack(hum, orc, (), Dice.scripted([3, 3, 3, 2, 3]), rear=False)
    text = res.events[1].text
    assert text.endswith("armour stops 2: 3 damage through armour")
    assert not re.search(r"\bhits\b", text)


def test_h14_a_figure_knocked_down_is_not_said_to_keep_its_footing():
    """Point 13: knocked down by 8 damage, then pushed down a level: the figure is already
    down, so no stumble roll is made (H-14); the log says so, with no "keeps their
    footing ... SUCCESS" and no second fall."""
    hum, orc = two()
    events = combat.take_damage(orc, 8, "a blow")
    assert any(e.kind == Kind.PRONE for e in events)
    after = falls.stumble(orc, 0, 1, Dice.scripted([]))
    assert not any(e.roll for e in after)
    assert "already down" in after[0].text and "keeps" not in after[0].text
    assert not any(e.kind == Kind.PRONE for e in after)
    hum, orc = two()
    standing = falls.stumble(orc, 0, 1, Dice.scripted([6, 6, 6]))
    assert "already down" not in standing[0].roll.label
    assert standing[1].text == "Orc stumbles and falls prone."


def test_the_recorded_games_speak_of_damage_and_say_waits():
    """Point 13 (and 9: the log and the button say "waits"): the golden transcripts hold
    no "= N hits" and no "keeps their footing"."""
    texts = []
    for p in GOLDEN.glob("*.json"):
        data = json.loads(p.read_text())
        texts += [e[2] for e in data.get("events", [])]
    assert texts
    assert not any(re.search(r"= \d+ hits", t) for t in texts)
    assert not any("keeps their footing" in t for t in texts)
    assert any("damage through armour" in t for t in texts)


def test_h11_a_fall_off_a_wall_is_not_said_to_land_on_its_feet():
    """Point 13: a made save on a fall off a wall saves a die but lands prone (H-11): the
    log says so, not "lands on their feet" and then "lands prone"."""
    from game.rules.demos import find_demo

    demo = find_demo("H-12")
    m = demo.new_match()
    for step in demo.steps:
        m.apply(step.action)
    texts = [e.text for e in m.log]
    assert "Bob lands prone at the foot of the wall." in texts
    assert not any("lands on their feet" in t for t in texts)
    assert any("the made roll saves a die of damage" in t for t in texts)
