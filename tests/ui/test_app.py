"""The app: picker, command line screenshot, loading saves, autosave, the end scene."""

import argparse
import json
import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame  # noqa: E402
import pytest  # noqa: E402
from textmap import match  # noqa: E402

import main  # noqa: E402
from game.core.ruleset import Outcome, Termination  # noqa: E402
from game.rules import open_match  # noqa: E402
from game.ui import saves  # noqa: E402
from game.ui.app import App, build  # noqa: E402
from game.ui.scenes.end import EndScene  # noqa: E402
from game.ui.scenes.match import MatchScene  # noqa: E402
from game.ui.scenes.picker import PickerScene  # noqa: E402

FLAT = """
0 0 0 0 0
0 0 0 0 0
0 0 0 0 0
"""
FIGS = [("Pip", "a", "hobbit", 1, 1, 0), ("Orc", "b", "orc", 3, 1, 3)]


@pytest.fixture
def app(data_dir):
    return App(raise_errors=True)


def press_key(app, k, mod=0):
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=k, mod=mod, unicode="",
                                         scancode=0))
    app.step(0.016)


def not_blank(path):
    img = pygame.image.load(str(path))
    arr = pygame.surfarray.array3d(img).reshape(-1, 3)
    return len({tuple(c) for c in arr[::5]})


def test_picker_lists_hill_fight(app):
    app.show_picker()
    assert isinstance(app.scene, PickerScene)
    assert "hill_fight" in app.scene.scenario_keys()
    app.step(0.0)


def test_picker_starts_a_game_with_chosen_controllers(app):
    app.show_picker()
    picker = app.scene
    k = picker.scenario_keys().index("hill_fight")
    picker.list.selected = k
    picker.select(k)
    for b in picker.side_buttons:
        b.on_click()
    picker.play_selected()
    assert isinstance(app.scene, MatchScene)
    ctl = app.scene.controllers
    assert ctl == {"wardens": "computer", "raiders": "human"}


def test_screenshot_from_the_command_line(tmp_path, data_dir):
    path = tmp_path / "shot.png"
    assert main.main(["--scenario", "hill_fight", "--screenshot", str(path)]) == 0
    assert path.is_file() and not_blank(path) > 100


def test_screenshot_of_the_picker(tmp_path, data_dir):
    path = tmp_path / "picker.png"
    assert main.main(["--screenshot", str(path)]) == 0
    assert not_blank(path) > 20


def test_corrupt_save_shows_an_error_and_keeps_the_game(app, data_dir):
    m = match(FLAT, FIGS, seed=1)
    app.start_match(m, {"a": "human", "b": "human"})
    scene = app.scene
    before = m.state_hash()
    bad = data_dir / "saves" / "broken.json"
    bad.parent.mkdir(parents=True)
    bad.write_text('{"game": "skirmish-table", "format": 2, "scenario": "hill_fight.toml"')
    # through the load path: Ctrl+O lists the saves, Enter opens the selected one
    press_key(app, pygame.K_o, pygame.KMOD_CTRL)
    assert app.modals, "Ctrl+O opens the list of saves"
    press_key(app, pygame.K_RETURN)
    assert app.error_shown() is not None and "broken.json" in app.error_shown()
    assert app.scene is scene and m.state_hash() == before
    press_key(app, pygame.K_ESCAPE)
    assert not app.modals


def test_tampered_save_names_the_turn(app, data_dir, tmp_path):
    m = open_match("hill_fight", 4)
    for _ in range(30):
        if m.turn > 1:
            break
        acts = m.legal_actions()
        m.apply(next((a for a in acts if a.kind in ("choose_first", "end_movement", "pass",
                                                    "no_retreat")), acts[0]))
    path = tmp_path / "g.json"
    m.save(path)
    data = json.loads(path.read_text())
    data["chain"][1] = "0" * 64
    path.write_text(json.dumps(data))
    assert app.open_save(path) is False
    assert "g.json: turn 1, action 2 " in app.error_shown()


def play_to_next_turn(scene):
    m = scene.m
    turn = m.turn
    for _ in range(50):
        if m.turn > turn or m.outcome() is not None:
            return
        acts = m.legal_actions()
        a = next((a for a in acts if a.kind in ("choose_first", "end_movement", "pass",
                                                "no_retreat")), acts[0])
        assert scene.act(a)
    raise AssertionError("the turn did not end")


def test_autosave_at_turn_end_records_controllers(app, data_dir):
    m = match(FLAT, FIGS, seed=2)
    app.start_match(m, {"a": "human", "b": "computer"})
    scene = app.scene
    assert not (data_dir / "autosave.json").exists()
    play_to_next_turn(scene)
    data = json.loads((data_dir / "autosave.json").read_text())
    assert data["meta"]["controllers"] == {"a": "human", "b": "computer"}
    assert len(data["actions"]) == len(m.actions)


def test_picker_offers_to_resume_and_a_finished_game_clears_it(app, data_dir):
    m = open_match("hill_fight", 5)
    app.start_match(m, {"wardens": "human", "raiders": "human"})
    play_to_next_turn(app.scene)
    assert saves.autosave_info() is not None
    app.show_picker()
    resume = app.scene.button("resume")
    assert resume is not None and "Hill fight" in resume.label
    resume.on_click()
    assert isinstance(app.scene, MatchScene) and app.scene.m.turn == m.turn
    assert app.scene.controllers == {"wardens": "human", "raiders": "human"}
    # a game that ends removes the autosave and shows the end scene
    scene = app.scene
    scene.m.state.ended = Outcome("wardens", Termination.VICTORY, "Wardens win: test.")
    scene.played([], animate=False)
    assert saves.autosave_info() is None
    for _ in range(40):
        app.step(0.1)
    assert isinstance(app.scene, EndScene)
    assert app.scene.headline == "Wardens win"
    app.step(0.0)
    app.scene.button("again").on_click()
    assert isinstance(app.scene, MatchScene)
    assert app.scene.controllers == {"wardens": "human", "raiders": "human"}


def test_build_from_the_command_line_names_ai_sides(data_dir):
    import argparse

    args = argparse.Namespace(scenario="hill_fight", ai="raiders", load=None,
                              screenshot=None, fast=True, seed=7)
    app = build(args, raise_errors=True)
    assert isinstance(app.scene, MatchScene)
    assert app.scene.controllers == {"wardens": "human", "raiders": "computer"}
    args.ai = "goblins"
    app = build(args, raise_errors=True)
    assert "goblins" in app.error_shown()


def test_a_crash_in_a_scene_action_becomes_an_error_box(data_dir, capsys):
    app = App(raise_errors=False)
    app.show_picker()

    def boom():
        raise RuntimeError("kaboom")

    app.guard(boom)
    assert "kaboom" in app.error_shown()
    assert "kaboom" in capsys.readouterr().err


def test_bad_scenario_on_the_command_line_shows_the_error_and_exits_2(tmp_path):
    import main

    out = tmp_path / "err.png"
    assert main.main(["--scenario", "no_such_place", "--screenshot", str(out)]) == 2
    assert out.is_file()  # the frame shows the error box


def test_closing_the_window_mid_turn_keeps_every_action(app, data_dir):
    m = match(FLAT, FIGS, seed=3)
    app.start_match(m, {"a": "human", "b": "human"})
    acts = m.legal_actions()
    assert app.scene.act(acts[0])  # the initiative winner chooses: mid-turn from here
    app.dispatch(pygame.event.Event(pygame.QUIT))
    assert not app.running
    data = json.loads((data_dir / "autosave.json").read_text())
    assert len(data["actions"]) == len(m.actions) == 1


# ---------------------------------------------------------------- hostile files (issue 10)
def saved_hill_fight(path, seed=4, actions=12):
    m = open_match("hill_fight", seed)
    for _ in range(actions):
        m.apply(m.legal_actions()[0])
    m.meta["controllers"] = {"wardens": "human", "raiders": "human"}
    m.save(path)
    return m


@pytest.mark.parametrize("autosave", ["[]", "5", "[[[[]]]]", '{"meta": []}', "null",
                                      '{"game": "skirmish-table", "format": 1}'])
def test_a_damaged_autosave_does_not_stop_the_window_from_opening(data_dir, autosave):
    data_dir.mkdir()
    (data_dir / "autosave.json").write_text(autosave)
    app = build(argparse.Namespace(), raise_errors=True)
    assert isinstance(app.scene, PickerScene) and app.scene.button("resume") is None
    app.step(0.0)
    app.open_load_dialog()
    (info,) = saves.list_saves()
    assert not info.readable and info.reason and "autosave.json" in info.title()
    app.step(0.0)


def test_the_open_dialog_lists_whatever_is_in_the_saves_folder(app, data_dir, tmp_path):
    folder = data_dir / "saves"
    folder.mkdir(parents=True)
    saved_hill_fight(folder / "good.json")
    (folder / "list.json").write_text("[]")
    os.mkfifo(folder / "pipe.json")  # reading it would hang the window
    os.symlink("/dev/zero", folder / "zero.json")  # reading it would take all memory
    (folder / "folder.json").mkdir()
    os.symlink(tmp_path / "nowhere", folder / "dangling.json")
    with open(folder / "huge.json", "wb") as f:
        f.truncate(64 << 20)  # sparse: takes no disk
    (folder / "latin.json").write_bytes(b'{"game": "\xe9"}')
    app.show_picker()
    press_key(app, pygame.K_o, pygame.KMOD_CTRL)
    dialog = app.modals[-1]
    infos = {i.path.name: i for i in saves.list_saves()}
    assert set(infos) == {"good.json", "list.json", "pipe.json", "zero.json", "folder.json",
                          "dangling.json", "huge.json", "latin.json"}
    assert [n for n, i in infos.items() if i.readable] == ["good.json"]
    reasons = {n: i.reason for n, i in infos.items()}
    assert reasons["list.json"] == "not a Skirmish Table save"
    assert reasons["pipe.json"] == "cannot be read: it is a named pipe, not a file"
    assert reasons["zero.json"] == "cannot be read: it is a device, not a file"
    assert reasons["folder.json"] == "cannot be read: it is a folder, not a file"
    assert "no such save file" in reasons["dangling.json"]
    assert "67.1 MB, more than the 8.4 MB" in reasons["huge.json"]
    assert "not UTF-8" in reasons["latin.json"]
    assert {item.subtitle for item in dialog.list.items} >= set(reasons.values()) - {""}
    app.step(0.0)
    for name, info in infos.items():  # each opens, or says why not
        app.modals.clear()
        assert app.open_save(info.path) is (name == "good.json")
        if name != "good.json":
            assert name in app.error_shown()


def test_names_with_control_characters_are_drawn(data_dir, tmp_path, monkeypatch):
    import shutil

    from game.core import scenario as scenarios

    maps = tmp_path / "maps"
    shutil.copytree(scenarios.MAPS_DIR / "tiles", maps / "tiles")
    shutil.copy(scenarios.MAPS_DIR / "hill_fight.tmx", maps / "hill_fight.tmx")
    text = (scenarios.MAPS_DIR / "hill_fight.toml").read_text()
    (maps / "nul.toml").write_text(text.replace('"Hill fight"', '"Hill\\u0000fight\\nnow"')
                                   .replace('"Wardens"', '"War\\u0000dens"'))
    (maps / "b\udce9d.toml").write_text("not toml")  # a name that is no UTF-8
    monkeypatch.setattr(scenarios, "MAPS_DIR", maps)
    app = App(raise_errors=True)
    app.show_picker()
    picker = app.scene
    names = [e.scenario.name for e in picker.entries if e.scenario]
    assert names == ["Hill fight now"]
    app.step(0.0)  # draws the list, the broken entry and the sides without a NUL error
    picker.play_selected()
    assert isinstance(app.scene, MatchScene)
    assert app.scene.m.side_name("wardens") == "War dens"
    app.step(0.0)


@pytest.mark.parametrize("target", ["folder", "under a file", "no extension"])
def test_a_screenshot_that_cannot_be_written_is_one_error_line(tmp_path, data_dir, capsys,
                                                                target):
    (tmp_path / "file").write_text("x")
    path = {"folder": tmp_path, "under a file": tmp_path / "file" / "shot.png",
            "no extension": tmp_path / "shot"}[target]
    code = main.main(["--screenshot", str(path)])
    err = capsys.readouterr().err
    if target == "no extension":  # pygame writes it in its own format: not an error
        assert code == 0 and path.is_file()
        return
    assert code == 2 and err.startswith("error: --screenshot ") and err.count("\n") == 1
    assert "Traceback" not in err


def test_a_bad_scenario_with_screenshot_says_why_on_the_command_line(tmp_path, data_dir,
                                                                      capsys):
    assert main.main(["--scenario", "no_such_place", "--screenshot",
                      str(tmp_path / "x.png")]) == 2
    err = capsys.readouterr().err
    assert err.startswith("error: no scenario called 'no_such_place'") and err.count("\n") == 1


def test_an_autosave_that_fails_on_closing_is_shown_before_the_window_closes(
        tmp_path, monkeypatch):
    (tmp_path / "file").write_text("not a folder")
    monkeypatch.setenv(saves.ENV_DIR, str(tmp_path / "file" / "data"))  # cannot be made
    app = App(raise_errors=True)
    m = match(FLAT, FIGS, seed=3)
    app.start_match(m, {"a": "human", "b": "human"})
    assert app.scene.act(m.legal_actions()[0])
    app.dispatch(pygame.event.Event(pygame.QUIT))
    assert app.running, "the window stays open to say the game is not saved"
    shown = app.modals[-1]
    assert shown.title == "The game is not saved" and "autosave" in shown.message
    app.step(0.0)
    press_key(app, pygame.K_ESCAPE)  # "Stay"
    assert app.running and not app.modals
    # leaving for the scenarios is refused too, saying why
    app.guard(app.scene.leave)
    assert "autosave" in app.error_shown() and isinstance(app.scene, MatchScene)
    app.modals.clear()
    app.dispatch(pygame.event.Event(pygame.QUIT))
    assert app.running and app.modals[-1].title == "The game is not saved"
    app.dispatch(pygame.event.Event(pygame.QUIT))  # asked again while it asks: close
    assert not app.running


def test_a_large_save_is_listed_by_its_name_and_read_when_opened(app, data_dir):
    folder = data_dir / "saves"
    folder.mkdir(parents=True)
    path = folder / "long.json"
    saved_hill_fight(path)
    data = json.loads(path.read_text())
    data["meta"]["padding"] = "x" * (saves.PEEK_BYTES + 1)
    path.write_text(json.dumps(data))
    (info,) = saves.list_saves()
    assert info.readable and info.title().startswith("long") and info.turn is None
    assert app.open_save(path) and app.scene.m.turn == 1


def test_saves_of_one_turn_say_where_in_the_turn_they_were_made(data_dir):
    """Issue 9 point 15: two saves of the same turn differ by more than the time, and the
    open list holds the autosave."""
    m = open_match("hill_fight", 4)
    first = saves.save_game(m)
    m.apply(m.legal_actions()[0])
    second = saves.save_game(m)
    saves.write_autosave(m)
    infos = {i.path: i for i in saves.list_saves()}
    a, b = infos[first].title(), infos[second].title()
    assert "turn 1" in a and "turn 1" in b and "action 0" in a and "action 1" in b
    assert "Initiative" in a and "Movement" in b
    assert first.name != second.name and "-a0-" in first.name and "-a1-" in second.name
    assert saves.autosave_path() in infos


def _imports_the_app(path):
    import ast

    tree = ast.parse(path.read_text(encoding="utf-8"))
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom) and node.module is not None:
            names = {f"{node.module}.{a.name}" for a in node.names} | {node.module}
        elif isinstance(node, ast.Import):
            names = {a.name for a in node.names}
        else:
            continue
        if any(n == "game.ui.app" or n.startswith("game.ui.app.") for n in names):
            return True
    return False


def test_scenes_never_import_the_app():
    """The circle app <-> scenes is gone: the app imports the scenes, a scene asks the
    window only through the narrow ``Host`` it is given (game.ui.scenes.base)."""
    from pathlib import Path

    import game.ui.scenes

    root = Path(game.ui.scenes.__file__).parent
    importing = {str(p.relative_to(root)) for p in root.rglob("*.py") if _imports_the_app(p)}
    assert not importing, importing


def test_the_app_is_a_host_and_a_scene_is_given_nothing_more():
    """Every member of the Host protocol is there on the App (what scenes may ask)."""
    from game.ui.scenes.base import Host

    members = {n for n in vars(Host) if not n.startswith("_")} | set(Host.__annotations__)
    app = App(raise_errors=True)
    missing = {n for n in members if not hasattr(app, n)}
    assert not missing, missing


def test_a_seed_a_save_cannot_hold_is_refused_at_the_command_line(capsys):
    """Issue 20, case 4: --seed of 64 bits or more is refused with the range, not played
    into saves that are then refused."""
    with pytest.raises(SystemExit) as e:
        main.parse_args(["--seed", str(1 << 64)])
    assert e.value.code == 2
    assert "out of range" in capsys.readouterr().err
    assert main.parse_args(["--seed", str((1 << 63) - 1)]).seed == (1 << 63) - 1


def test_a_screenshot_to_a_named_pipe_is_refused_not_blocked(tmp_path, data_dir, capsys):
    """Issue 20, case 5: only a regular (or new) file is written."""
    fifo = tmp_path / "pipe.png"
    os.mkfifo(fifo)
    assert main.main(["--scenario", "hill_fight", "--screenshot", str(fifo)]) == 2
    assert "not a regular file" in capsys.readouterr().err


def test_a_toast_with_a_path_that_is_not_utf8_is_drawn(app):
    """Issue 20, case 3: a data folder whose name is not valid UTF-8 (its bytes kept as
    lone surrogates) no longer breaks every frame in the "Saved to PATH" toast."""
    path = os.fsdecode(b"/tmp/saves-\xff\xfe/game.json")
    app.toasts.show(f"Saved to {path}")
    app.draw()
    assert "Saved to /tmp/saves-" in app.toasts.items[-1].text
