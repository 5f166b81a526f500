"""Lessons: every shipped lesson loads, is checked and plays to its last step with its
own dice; a broken lesson file is one message naming the file and the step
(game.rules.lessons)."""

import pytest

from game.core.errors import ScenarioError
from game.rules.lessons import Do, find_lesson, lesson_for, list_lessons, load_lesson

LESSONS = list_lessons()
HEXES = find_lesson("melee_hexes")


def test_lessons_are_shipped_one_per_system_at_most():
    assert LESSONS
    assert [x.key for x in list_lessons(check=True)] == [x.key for x in LESSONS]
    systems = [x.scenario.ruleset for x in LESSONS]
    assert len(systems) == len(set(systems))
    assert lesson_for("tft-heights").key == HEXES.key
    assert lesson_for("no-such-ruleset") is None


@pytest.mark.parametrize("lesson", LESSONS, ids=lambda x: x.key)
def test_every_lesson_plays_to_its_end_with_its_dice(lesson):
    lesson.check()
    m = lesson.new_match()
    for step in lesson.steps:
        assert step.text
        assert step.do is Do.WATCH or step.ask
        if step.do is Do.TRY:  # refused there: never played
            assert step.action is not None and m.why_illegal(step.action)
        elif step.action is not None:
            m.apply(step.action)
    assert m.meta["controllers"][lesson.player] == "human"


def test_the_hex_lesson_ends_with_the_orc_dead_by_the_dice_its_captions_name():
    m = HEXES.new_match()
    for step in HEXES.steps:
        if step.action is not None:
            m.apply(step.action)
    out = m.outcome()
    assert out is not None and out.winner == "wardens"
    attacks = [e.roll for e in m.log if e.roll is not None and e.rule == "T-2"]
    assert [(r.total, r.success) for r in attacks] == [(12, True), (14, False), (8, False),
                                                       (7, True)]


def test_a_lesson_is_found_by_file_title_or_system():
    assert find_lesson("Melee on heights").key == "melee_hexes"
    assert find_lesson("your first fight").key == "melee_hexes"
    with pytest.raises(ScenarioError, match="no lesson called 'nope' .*known: melee_hexes"):
        find_lesson("nope")


def _broken(tmp_path, old: str, new: str):
    src = HEXES.path.read_text(encoding="utf-8")
    assert old in src
    bad = tmp_path / "bad.toml"
    bad.write_text(src.replace('scenario = "boards/meadow.toml"',
                               f'scenario = "{HEXES.scenario.path}"').replace(old, new, 1),
                   encoding="utf-8")
    return bad


@pytest.mark.parametrize("old,new,message", [
    ("to = 29", "to = 99", r"bad.toml: step 5 .* not legal there"),
    ('do = "select"\nfigure = "aldric"', 'do = "select"\nfigure = "ugluk"',
     r"bad.toml: step 4: 'ugluk' is not a figure of the player's side"),
    ('do = "look"\nfigure = "ugluk"', 'do = "look"\nfigure = "nobody"',
     r"bad.toml: step 8: no figure 'nobody' on the board there"),
    ('do = "watch"\naction = { kind = "move"', 'do = "act"\nask = "x"\naction = { kind = '
     '"move"', r"bad.toml: step 2 asks the player \(wardens\) to act, but the side to act "
     r"there is Raiders"),
    ('do = "select"', 'do = "dance"', r"bad.toml: step 4: 'do' must be one of select"),
    ('player = "wardens"', 'player = "elves"', r"bad.toml: \[lesson\] player 'elves' is not"),
    ("faces = [4, 1,", "faces = [1, 4,", r"bad.toml: step 1 asks the player"),
    ("to = 29 }", "to = 37 }", r"bad.toml: step 9 .*not legal there: .*more than half"),
    ('[lesson]', '[lessen]', r"bad.toml: has no \[lesson\] table"),
])
def test_a_broken_lesson_is_one_message_naming_the_file_and_step(tmp_path, old, new, message):
    with pytest.raises(ScenarioError, match=message):
        load_lesson(_broken(tmp_path, old, new))


def test_a_step_without_its_ask_or_text_is_refused(tmp_path):
    bad = _broken(tmp_path, 'ask = "Click Aldric (your figure, top left) to select him."\n', "")
    with pytest.raises(ScenarioError, match="bad.toml: step 4 needs an 'ask'"):
        load_lesson(bad)


def test_the_zones_lesson_shows_each_status_a_move_roll_a_blocked_door_and_a_reaction():
    from game.rules.tft.zones.events import ZoneKind
    from game.rules.tft.zones.queries import ZoneQueries

    zones = find_lesson("melee_zones")
    m = zones.new_match()
    seen: set[str] = set()
    refused = []
    for step in zones.steps:
        if step.do is Do.TRY:
            refused.append(m.why_illegal(step.action))
            continue
        if step.action is not None:
            m.apply(step.action)
        q = ZoneQueries(m.state)
        seen |= {q.status(f) for f in m.state.figures.values() if f.active}
    assert seen == {"Alone", "InContact", "InClose"}
    assert refused == ["Hruk holds the Barn door (Z-16)"]
    kinds = [e.kind for e in m.log]
    assert ZoneKind.CLOSES in kinds
    rolls = [(e.rule, e.roll.total, e.roll.success) for e in m.log if e.roll is not None]
    assert ("Z-3", 7, True) in rolls and ("Z-4", 7, True) in rolls  # the move rolls
    assert [r for r in rolls if r[0] == "Z-9"] == [("Z-9", 7, True), ("Z-9", 7, True)]
    assert [a.to_json()["kind"] for a in m.actions].count("react") == 1
    out = m.outcome()
    assert out is not None and out.winner == "wardens"


def test_a_try_step_whose_action_is_legal_there_is_refused(tmp_path):
    zones = find_lesson("melee_zones")
    src = zones.path.read_text(encoding="utf-8")
    old = 'do = "try"\naction = { kind = "zone_move", figure = "bran", path = ["Barn"], ' \
        'via = ["Barn door"]'
    assert old in src
    bad = tmp_path / "bad.toml"
    bad.write_text(src.replace('scenario = "boards/steading.toml"',
                               f'scenario = "{zones.scenario.path}"').replace(
        old, 'do = "try"\naction = { kind = "zone_move", figure = "bran", path = ["Lane"], '
             'via = [""]'),
        encoding="utf-8")
    with pytest.raises(ScenarioError, match=r"bad.toml: step 11 tries .*legal there"):
        load_lesson(bad)


def test_a_lesson_names_its_system_as_the_picker_and_the_demos_do():
    from game.rules import get_ruleset

    for lesson in LESSONS:
        assert lesson.system == get_ruleset(lesson.scenario.ruleset).title, lesson.key
