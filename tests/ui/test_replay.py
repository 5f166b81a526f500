"""The replay viewer and the demo mode: the board and the dice log step with the record,
forward and back; opened from the picker, F1, the end screen and the command line."""

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame  # noqa: E402
from drawn import texts_drawn  # noqa: E402

import main  # noqa: E402
from game.ai import computer_player  # noqa: E402
from game.headless import play_game  # noqa: E402
from game.rules import open_match  # noqa: E402
from game.rules.demos import find_demo, rule_order  # noqa: E402
from game.ui.scenes.demos import DemosScene  # noqa: E402
from game.ui.scenes.end import EndScene  # noqa: E402
from game.ui.scenes.replay import DemoScene, ReplayScene  # noqa: E402


def key(app, k):
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=k, mod=0, unicode="", scancode=0))
    app.step(0.016)


def settle(app, frames=120):
    for _ in range(frames):
        app.step(0.05)


def test_a_replay_steps_forward_and_back_with_the_board_and_log(app):
    m = open_match("hill_fight", 3)
    play_game(m, {s: computer_player("tft-heights", 3) for s in m.sides}, max_actions=60)
    app.open_replay(m)
    scene = app.scene
    assert isinstance(scene, ReplayScene) and scene.pos == 0
    start, log0 = scene.m.state_hash(), len(scene.log.texts())
    for _ in range(5):
        key(app, pygame.K_RIGHT)
    assert scene.pos == 5 and scene.m.actions == m.actions[:5]
    assert len(scene.log.texts()) > log0
    key(app, pygame.K_LEFT)
    assert scene.pos == 4 and scene.m.actions == m.actions[:4]
    key(app, pygame.K_END)
    assert scene.pos == len(m.actions) and scene.m.state_hash() == m.state_hash()
    key(app, pygame.K_HOME)
    assert scene.pos == 0 and scene.m.state_hash() == start
    scene.toggle_play()
    settle(app, 60)
    assert scene.pos > 0  # it played by itself


def test_a_replay_refuses_a_click_that_would_act(app):
    m = open_match("hill_fight", 4)
    play_game(m, {s: computer_player("tft-heights", 4) for s in m.sides}, max_actions=10)
    app.open_replay(m)
    scene = app.scene
    scene.answer(scene.m.legal_actions()[0])
    assert scene.m.actions == [] and "replay" in app.toasts.items[-1].text


def test_demo_mode_from_the_picker_and_f1_steps_through_its_rule(app):
    app.show_picker()
    app.scene.button("demos").on_click()
    assert isinstance(app.scene, DemosScene)
    rules = [d.rule for d in app.scene.demos]
    assert "H-22" in rules
    app.scene.list.selected = next(k for k, d in enumerate(app.scene.rows)
                                   if d is not None and d.rule == "H-22")
    app.scene.show_selected()
    scene = app.scene
    assert isinstance(scene, DemoScene) and scene.demo.rule == "H-22"
    assert scene.demo.text in " ".join(t for t, _c, _b in scene.caption())
    while scene.forward():
        settle(app, 10)
    assert scene.m.state.figures["hobbit"].prone
    assert any("[H-8]" in t for t in scene.log.texts())
    app.toggle_help()
    extra = app.modals[-1].buttons[-1]
    assert extra.label == "Rules and demos"
    extra.on_click()
    assert isinstance(app.scene, DemosScene) and not app.modals


def test_the_end_screen_offers_the_replay(app):
    m = open_match("hill_fight", 5)
    play_game(m, {s: computer_player("tft-heights", 5) for s in m.sides})
    app.switch(EndScene(app, m))
    app.scene.button("replay").on_click()
    assert isinstance(app.scene, ReplayScene) and app.scene.script == m.actions
    app.scene.escape()
    assert isinstance(app.scene, EndScene)


def test_the_command_line_lists_and_opens_demos(tmp_path, capsys):
    assert main.main(["--demos"]) == 0
    assert "H-22" in capsys.readouterr().out
    out = tmp_path / "demo.png"
    assert main.main(["--demo", "H-22", "--screenshot", str(out)]) == 0
    assert out.stat().st_size > 10_000
    assert main.main(["--demo", "Q-1", "--screenshot", str(tmp_path / "x.png")]) == 2


def test_the_command_line_opens_a_save_in_the_replay_viewer(tmp_path):
    m = open_match("hill_fight", 6)
    play_game(m, {s: computer_player("tft-heights", 6) for s in m.sides}, max_actions=30)
    save = tmp_path / "g.json"
    m.save(save)
    out = tmp_path / "replay.png"
    assert main.main(["--replay", str(save), "--screenshot", str(out)]) == 0
    assert out.stat().st_size > 10_000


def test_every_demo_renders_its_first_frame(app):
    from game.rules.demos import list_demos

    for d in list_demos():
        app.open_demo(d.key)
        app.draw()
        assert isinstance(app.scene, DemoScene)
    assert find_demo("T-8").steps


def test_a_replay_composes_the_shell_parts_it_needs_rather_than_being_a_live_game(app):
    """Issue 14 item 4: a replay and a demo are board scenes with a caption, not live
    games: no computer's pacing, no undo history of their own, and what a controller
    asks to play (an action, or a question before one) is refused, the record unmoved."""
    from game.ui.controllers import Confirm
    from game.ui.scenes.match import MatchScene
    from game.ui.scenes.shell.board import BoardScene

    assert issubclass(ReplayScene, BoardScene) and not issubclass(ReplayScene, MatchScene)
    m = open_match("hill_fight", 2)
    play_game(m, {s: computer_player(m.scenario.ruleset, 2) for s in m.sides}, max_actions=6)
    app.open_replay(m)
    scene = app.scene
    assert isinstance(scene, ReplayScene)
    assert not hasattr(scene, "pacing") and not hasattr(scene, "history")
    assert scene.ai_rect.h == 0  # no computer's strip
    a = scene.next_action
    scene.answer(a)
    scene.answer(Confirm("Sure?", "Really?", "Yes", a))
    assert scene.pos == 0 and not scene.m.actions and not app.modals
    assert "This is a replay" in app.toasts.items[-1].text


def test_issue18_12_the_demos_are_grouped_under_their_rule_system(app):
    """Point 12: the list names each demo's rule system, groups them under it (a heading
    per system, never chosen) and keeps rule order within a group."""
    from game.rules import get_ruleset

    app.show_demos()
    scene = app.scene
    items = scene.list.items
    headings = [it.title for it in items if it.heading]
    assert len(headings) == len(set(headings)) >= 5 and "Melee on heights" in headings
    system = None
    rules: list[str] = []
    for it, d in zip(items, scene.rows, strict=True):
        if it.heading:
            assert d is None
            assert rules == sorted(rules, key=rule_order)
            system, rules = it.title, []
            continue
        assert get_ruleset(d.scenario.ruleset).title == system
        assert it.subtitle and not it.subtitle.startswith(system)  # the heading says it
        rules.append(d.rule)
    # the keys pass over the headings
    for _ in range(len(items)):
        app.scene.list.handle(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_DOWN, mod=0))
        assert not items[scene.list.selected].heading


def test_issue18_12_esc_from_a_demo_comes_back_to_the_list_where_it_was(app):
    app.show_demos()
    scene = app.scene
    last = max(k for k, d in enumerate(scene.rows) if d is not None)
    scene.list.selected = last
    scene.list.show(last)
    scroll = scene.list.scroll
    assert scroll > 0
    scene.show_selected()
    assert isinstance(app.scene, DemoScene)
    app.scene.escape()
    assert app.scene is scene and scene.list.selected == last and scene.list.scroll == scroll


def test_issue18_12_the_command_line_groups_demos_and_counts_steps_in_words(capsys):
    assert main.main(["--demos"]) == 0
    out = capsys.readouterr().out
    assert "1 steps" not in out
    assert "Melee on heights\n  H-4" in out


def test_issue18_12_a_small_list_names_the_system_scrolled_into_and_cuts_no_text_unsaid(
        tmp_path, monkeypatch):
    """800x500: scrolled into a group whose heading is out of sight, the strip at the
    list's head names the group; a rule's text too long for the pane ends in an ellipsis
    and says the demo shows it whole."""
    from game.ui.app import App
    from game.ui.scenes.demos import system_of

    monkeypatch.setenv("SKIRMISH_DATA_DIR", str(tmp_path))
    app = App(size=(800, 500), raise_errors=True)
    app.show_demos()
    app.step(0.0)
    scene = app.scene
    with texts_drawn(app) as said:
        for k, d in enumerate(scene.rows):
            if d is None or scene.list.items[k - 1].heading:
                continue
            scene.list.selected = k
            top = scene.list.row_rect(k).top
            scene.list.scroll = top - scene.list.rect.top + scene.list.scroll
            said.clear()
            scene.draw(app.screen)
            group = scene.list.group_in_sight()
            assert group == system_of(d), (d.rule, group)
            assert any(t.startswith(f"{group} (") and "more above" in t for t in said)
            if "(the demo shows it whole: Enter)" in said:
                shown = [t for t in said if t.endswith("...")]
                assert shown, d.rule
        scene.list.scroll = 0
        said.clear()
        scene.draw(app.screen)
        assert scene.list.group_in_sight() == ""
