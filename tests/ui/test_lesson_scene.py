"""Lessons in the window: each shipped lesson played through to its end as a player
would (game.ui.scenes.lesson); a wrong action is answered kindly and not played."""

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pytest  # noqa: E402
from drawn import texts_drawn  # noqa: E402
from lesson_player import click, key, piece_pos, play_step, settle  # noqa: E402

from game.core.places import Cell  # noqa: E402
from game.rules.lessons import Do, find_lesson, list_lessons  # noqa: E402
from game.ui.scenes.lesson import LessonScene, open_lesson  # noqa: E402

LESSONS = list_lessons()


def start(app, name: str) -> LessonScene:
    open_lesson(app, name)
    app.step(0.0)
    scene = app.scene
    assert isinstance(scene, LessonScene)
    return scene


@pytest.mark.parametrize("lesson", LESSONS, ids=lambda x: x.key)
def test_every_lesson_plays_through_to_its_end_as_a_player_would(app, lesson):
    scene = start(app, lesson.key)
    while scene.step is not None:
        play_step(app, scene)
    settle(app, scene)
    app.step(0.05)
    played = [a.to_json() for a in scene.m.actions[len(lesson.setup):]]
    assert played == [s.action.to_json() for s in lesson.steps
                      if s.action is not None and s.do is not Do.TRY]
    assert any("Lesson complete" in ln for ln in scene.caption_box.lines)


def test_a_lesson_per_system_is_shipped():
    systems = {x.scenario.ruleset for x in LESSONS}
    assert {"tft-heights", "tft-zones", "hero", "flood", "pursuit"} <= systems


def test_a_wrong_move_is_answered_kindly_and_not_played(app):
    scene = start(app, "melee_hexes")
    while scene.step is not None and not (scene.step.do is Do.ACT
                                          and scene.step.action.to_json()["kind"] == "move"):
        play_step(app, scene)
    k, hash_before, n = scene.k, scene.m.state_hash(), len(scene.m.actions)
    click(app, piece_pos(scene, "aldric"))
    wrong = scene.m.board.index(1, 4)
    click(app, scene.place_pos(Cell(wrong)))
    assert scene.k == k and scene.m.state_hash() == hash_before
    assert len(scene.m.actions) == n
    assert scene.nudge.startswith("Not quite:") and "rear hex" in scene.nudge
    app.step(0.05)
    assert any("Not quite" in ln for ln in scene.caption_box.lines)
    play_step(app, scene)  # the right move is played and the nudge goes
    assert scene.k == k + 1 and not scene.nudge


def test_the_caption_says_what_to_do_and_restart_goes_back_to_the_first_step(app):
    scene = start(app, "melee_hexes")
    app.step(0.05)
    assert any("Your turn:" in ln for ln in scene.caption_box.lines)
    for _ in range(4):
        play_step(app, scene)
    assert scene.m.actions
    click(app, scene.button("restart").rect.center)
    assert scene.k == 0 and not scene.m.actions
    assert scene.m.state_hash() == find_lesson("melee_hexes").new_match().state_hash()


def test_the_other_sides_action_waits_or_plays_on_enter(app):
    scene = start(app, "melee_hexes")
    play_step(app, scene)
    assert scene.step.do is Do.WATCH
    settle(app, scene)
    k = scene.k
    key(app, 13)  # Enter
    settle(app, scene)
    assert scene.k == k + 1


def test_the_picker_opens_learn_to_play_and_a_lesson_and_esc_comes_back(app):
    from game.ui.scenes.lessons import LessonsScene
    from game.ui.scenes.picker import PickerScene

    app.show_picker()
    app.step(0.0)
    click(app, app.scene.button("learn").rect.center)
    assert isinstance(app.scene, LessonsScene)
    assert [x.key for x in app.scene.lessons] == [x.key for x in LESSONS]
    app.step(0.0)
    key(app, 13)  # Enter: the lesson selected (the first)
    assert isinstance(app.scene, LessonScene) and app.scene.lesson.key == LESSONS[0].key
    app.scene.selected = None
    key(app, 27)  # Esc: back to the list of lessons
    assert isinstance(app.scene, LessonsScene)
    key(app, 27)
    assert isinstance(app.scene, PickerScene)


def test_lesson_on_the_command_line_opens_it_or_says_which_exist(tmp_path, monkeypatch):
    import main
    from game.ui.app import build

    monkeypatch.setenv("SKIRMISH_DATA_DIR", str(tmp_path))
    app = build(main.parse_args(["--lesson", "open_table"]), raise_errors=True)
    assert isinstance(app.scene, LessonScene) and app.scene.lesson.system == "Tabletop Hero"
    app = build(main.parse_args(["--lesson", "nope"]), raise_errors=True)
    shown = app.error_shown()
    assert shown is not None and "no lesson called 'nope'" in shown and "melee_hexes" in shown


def test_a_point_near_the_steps_own_counts_and_the_lessons_point_is_played():
    from game.ui.scenes.lesson import NEAR, near_match

    want = {"kind": "move", "figure": "sarge", "to": {"x": 780, "y": 550}}
    near = {"kind": "move", "figure": "sarge", "to": {"x": 780 + int(NEAR) - 1, "y": 550}}
    far = {"kind": "move", "figure": "sarge", "to": {"x": 780 + int(NEAR) + 1, "y": 550}}
    assert near_match(near, want) and not near_match(far, want)
    assert not near_match({**near, "figure": "doc"}, want)
    assert near_match({"legs": [[0, 600]]}, {"legs": [[0, 600]]})
    assert not near_match({"legs": [[0, 500]]}, {"legs": [[0, 600]]})


def test_a_table_move_dropped_near_the_ring_goes_to_the_lessons_spot(app):
    from lesson_player import drag

    from game.core.places import Point

    scene = start(app, "open_table")
    while not (scene.step.do is Do.ACT and scene.step.action.to_json()["kind"] == "move"):
        play_step(app, scene)
    goal = scene.goal()
    assert isinstance(goal, Point)
    x, y = scene.place_pos(goal)
    off = (x + 6, y - 5)  # a little off the ring's centre
    assert scene.place_under(off) != goal
    k = scene.k
    drag(app, piece_pos(scene, "sarge"), off)
    settle(app, scene)
    assert scene.k == k + 1
    assert scene.m.actions[-1].to_json()["to"] == goal.to_json()


def test_the_zones_lesson_lets_the_player_try_the_held_door_and_says_why_it_is_shut(app):
    from lesson_player import free_pos

    from game.core.places import InZone

    scene = start(app, "melee_zones")
    while scene.step.do is not Do.TRY:
        play_step(app, scene)
    settle(app, scene)
    k, hash_before = scene.k, scene.m.state_hash()
    click(app, free_pos(scene, InZone("Lane")))  # not the Barn: a kind word, nothing played
    assert scene.k == k and scene.m.state_hash() == hash_before
    assert scene.nudge.startswith("Not quite:") and "Barn" in scene.nudge
    click(app, free_pos(scene, InZone("Barn")))
    assert scene.k == k + 1 and scene.m.state_hash() == hash_before
    assert scene.said.startswith("Refused: Hruk holds the Barn door (Z-16).")
    app.step(0.05)
    assert any("Hruk holds the Barn door" in ln for ln in scene.caption_box.lines)
    play_step(app, scene)  # Bran closes with Gash: both InClose, down
    settle(app, scene)
    play_step(app, scene)
    settle(app, scene)
    rows = dict(scene.control.piece_rows(scene.piece("bran")))
    assert any("InClose" in v for v in rows.values()), rows


def test_the_lessons_list_fits_a_small_window_and_cuts_no_text_unsaid(tmp_path, monkeypatch):
    from game.ui.app import App
    from game.ui.scenes.lessons import show_lessons

    monkeypatch.setenv("SKIRMISH_DATA_DIR", str(tmp_path))
    app = App(size=(800, 500), raise_errors=True)
    show_lessons(app)
    app.step(0.0)
    scene = app.scene
    with texts_drawn(app) as said:
        for k, lesson in enumerate(scene.lessons):
            scene.list.selected = k
            said.clear()
            scene.draw(app.screen)
            assert lesson.system in said  # the row's title whole: the system's name
            intro = [t for t in said if t.startswith("A short first game")]
            assert intro and app.fonts.body.size(intro[0])[0] <= 800 - 84
            if "(the lesson's first caption says it whole)" in said:
                assert any(t.endswith("...") for t in said)
