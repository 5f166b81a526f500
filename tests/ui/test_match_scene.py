"""The match scene driven by scripted mouse and key events, as a player would."""

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame  # noqa: E402
from textmap import match  # noqa: E402

from game.core.events import Kind  # noqa: E402
from game.core.places import Cell  # noqa: E402
from game.ui.scenes.match import MatchScene  # noqa: E402

FLAT = """
0 0 0 0 0 0
0 0 0 0 0 0
0 0 1 0 0 0
0 0 0 0 0 0
0 0 0 0 0 0
"""
FIGS = [("Pip", "a", "hobbit", 1, 2, 0), ("Orc", "b", "orc", 4, 2, 3)]


def start(app, seed=3, ctl=None):
    m = match(FLAT, FIGS, seed=seed)
    app.start_match(m, ctl or {"a": "human", "b": "human"})
    app.step(0.0)
    return app.scene


def post(kind, **kw):
    pygame.event.post(pygame.event.Event(kind, **kw))


def click(app, pos, button=1):
    post(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0))
    post(pygame.MOUSEBUTTONDOWN, pos=pos, button=button)
    post(pygame.MOUSEBUTTONUP, pos=pos, button=button)
    app.step(0.016)


def key(app, k, mod=0):
    post(pygame.KEYDOWN, key=k, mod=mod, unicode="", scancode=0)
    post(pygame.KEYUP, key=k, mod=mod, unicode="", scancode=0)
    app.step(0.016)


def press(app, scene, label):
    b = scene.button(label)
    assert b is not None, [x.label for x in scene.buttons]
    click(app, b.rect.center)


def settle(app, frames=200):
    for _ in range(frames):
        app.step(0.05)
        sc = app.scene
        if not isinstance(sc, MatchScene) or (not sc.queue and not sc.view.busy):
            break


def to_movement(app, scene):
    """Let side a move first (whoever won the initiative)."""
    press(app, scene, f"{scene.side_label('a')} move first")
    assert scene.state.phase == "movement" and scene.state.moving == "a"


def test_select_move_end_movement_attack_and_undo(app):
    scene = start(app)
    m = scene.m
    to_movement(app, scene)
    pip = m.state.figures["pip"]
    # select Pip by clicking it; its reach shows
    click(app, scene.place_pos(Cell(pip.cell)))
    assert scene.selected == "pip" and scene.control.reach_opts is not None
    target = m.board.index(3, 2)
    assert target in scene.control.reach_opts.cells()
    # hover the target: the path shows; click: Pip moves there
    post(pygame.MOUSEMOTION, pos=scene.place_pos(Cell(target)), rel=(0, 0), buttons=(0, 0, 0))
    app.step(0.016)
    assert scene.hover == Cell(target)
    click(app, scene.place_pos(Cell(target)))
    assert m.state.figures["pip"].cell == target
    settle(app)
    # end movement for a, then for b
    key(app, pygame.K_RETURN)
    assert m.state.moving == "b"
    press(app, scene, "End movement")
    assert m.state.phase == "action"
    settle(app)
    acting = m.state.acting()
    assert acting is not None and acting.id == "pip"  # DX 14 acts before the orc's 11
    orc = m.state.figures["orc"]
    rolls_before = sum(1 for e in m.log if e.kind == Kind.ATTACKED)
    hash_before = m.state_hash()
    click(app, scene.place_pos(Cell(orc.cell)))
    attacks = [e for e in m.log if e.kind == Kind.ATTACKED]
    assert len(attacks) == rolls_before + 1 and attacks[-1].roll is not None
    settle(app)
    app.step(0.016)
    assert any("[T-2]" in t and "Pip attacks Orc" in t for t in scene.log.texts())
    # Ctrl+Z: the attack is taken back, the log and the state too
    key(app, pygame.K_z, pygame.KMOD_CTRL)
    assert m.state_hash() == hash_before
    assert not any("Pip attacks Orc" in t for t in scene.log.texts() if "[T-2]" in t)
    assert m.state.acting().id == "pip"


def test_illegal_clicks_change_nothing(app):
    scene = start(app)
    m = scene.m
    to_movement(app, scene)
    # a cell far beyond Pip's reach? On this tiny map everything is near: use the orc's
    # own hex (occupied) and the enemy itself; neither moves anything
    h = m.state_hash()
    n = len(m.actions)
    click(app, scene.place_pos(Cell(m.state.figures["orc"].cell)))
    assert m.state_hash() == h and len(m.actions) == n
    assert scene.selected == "orc"  # it only shows the orc
    # an off-board click
    click(app, (scene.board_rect.x + 2, scene.board_rect.y + 2))
    assert m.state_hash() == h and len(m.actions) == n
    # the enemy cannot be moved: select it and click a free hex
    click(app, scene.place_pos(Cell(m.board.index(2, 0))))
    assert m.state_hash() == h and len(m.actions) == n


def test_turning_with_keys_and_right_click(app):
    scene = start(app)
    m = scene.m
    to_movement(app, scene)
    click(app, scene.place_pos(Cell(m.state.figures["pip"].cell)))
    f0 = m.state.figures["pip"].facing
    key(app, pygame.K_q)
    assert m.state.figures["pip"].facing == (f0 + 1) % 6
    key(app, pygame.K_e)
    assert m.state.figures["pip"].facing == f0
    pip = m.state.figures["pip"]
    west = m.board.neighbour(pip.cell, 3)
    click(app, scene.place_pos(Cell(west)), button=3)
    assert m.state.figures["pip"].facing == 3


def test_hover_over_an_enemy_shows_the_odds(app):
    scene = start(app)
    m = scene.m
    to_movement(app, scene)
    pip = m.state.figures["pip"]
    next_to = m.board.index(3, 2)
    click(app, scene.place_pos(Cell(pip.cell)))
    click(app, scene.place_pos(Cell(next_to)))
    settle(app)
    orc = m.state.figures["orc"]
    lines = [ln.text for ln in scene.control.tip("pip", orc.id)]
    assert any("to hit" in t for t in lines)
    assert any("DX 14" in t for t in lines)


def test_screenshot_is_not_blank(app, tmp_path):
    scene = start(app)
    to_movement(app, scene)
    path = tmp_path / "shot.png"
    app.screenshot(path)
    img = pygame.image.load(str(path))
    arr = pygame.surfarray.array3d(img).reshape(-1, 3)
    colours = {tuple(c) for c in arr[::7]}
    assert len(colours) > 100


def test_computer_side_plays_by_itself(app):
    scene = start(app, ctl={"a": "computer", "b": "computer"})
    m = scene.m
    n = len(m.actions)
    for _ in range(40):
        app.step(0.2)
    assert len(m.actions) > n
    # S skips to the end of the computer's turn at once
    turn = m.turn
    key(app, pygame.K_s)
    assert m.turn > turn or m.outcome() is not None


def test_force_retreat_with_follow(app):
    # Pip hits the orc (3+3+3 vs DX 14, dagger 6-1 = 5) and takes nothing back: T-8
    m = match(FLAT, [("Pip", "a", "hobbit", 1, 1, 0), ("Orc", "b", "orc", 2, 1, 3)],
              faces=[6, 1, 3, 3, 3, 6, 4, 2])
    app.start_match(m, {"a": "human", "b": "human"})
    scene = app.scene
    app.step(0.0)
    press(app, scene, "a move first")
    for _ in range(4):  # Enter asks (nobody moved), Enter again confirms; for each side
        key(app, pygame.K_RETURN)
    assert m.state.phase == "action" and m.state.acting().id == "pip"
    orc_cell = m.state.figures["orc"].cell
    click(app, scene.place_pos(Cell(orc_cell)))
    settle(app)
    assert m.state.figures["orc"].st == 7
    press(app, scene, "Orc waits")
    assert m.state.phase == "retreat" and scene.selected == "pip"
    assert scene.button("follow").toggled is True
    push = sorted(c for c, _f in scene.control.sorted.retreats)[0]
    click(app, scene.place_pos(Cell(push)))
    assert m.state.figures["orc"].cell == push
    assert m.state.figures["pip"].cell == orc_cell  # followed
    assert any(e.kind == Kind.RETREATED for e in m.log)


def test_help_overlay_and_escape_back_to_the_picker(app):
    from game.ui.scenes.picker import PickerScene

    scene = start(app)
    key(app, pygame.K_F1)
    assert app.modals and "Ctrl+Z / Ctrl+Y" in [k for k, _w in app.modals[-1].rows]
    key(app, pygame.K_ESCAPE)
    assert not app.modals and app.scene is scene
    if scene.selected is not None:  # the first Esc clears the selection (roster shown)
        key(app, pygame.K_ESCAPE)
        assert scene.selected is None and not app.modals and scene.panel.piece_shown() is None
    key(app, pygame.K_ESCAPE)  # asks first
    assert app.modals and app.scene is scene
    key(app, pygame.K_RETURN)  # "Leave"
    assert isinstance(app.scene, PickerScene)


def test_redo_plays_again_what_undo_took_back(app):
    scene = start(app)
    m = scene.m
    for _ in range(3):
        scene.act(m.legal_actions()[0], animate=False)
    after = m.state_hash()
    scene.history.undo()
    scene.history.undo()
    assert m.state_hash() != after and scene.button("redo").enabled
    key(app, pygame.K_y, pygame.KMOD_CTRL)
    key(app, pygame.K_y, pygame.KMOD_CTRL)
    assert m.state_hash() == after and not scene.history.redo_stack
    scene.history.undo()
    scene.act(m.legal_actions()[-1], animate=False)  # a new action forgets what was undone
    assert scene.history.redo_stack == [] and not scene.button("redo").enabled


BOWS = {"archer": {"kind": "human", "st": 11, "dx": 14, "weapons": ["longbow", "dagger"]},
        "orc": {"kind": "orc", "st": 12, "dx": 11, "weapons": ["broadsword"]},
        "hobbit": {"kind": "hobbit", "st": 8, "dx": 14, "weapons": ["dagger"]}}
RANGE = "\n".join(["0 " * 10] * 3)


def test_h18_hovering_an_enemy_draws_the_3d_line_of_fire(app):
    m = match(RANGE, [("Ann", "a", "archer", 0, 1, 0), ("Hob", "b", "hobbit", 4, 1, 3),
                      ("Orc", "b", "orc", 8, 1, 3)], seed=3, units=BOWS)
    app.start_match(m, {"a": "human", "b": "human"})
    app.step(0.0)
    scene = app.scene
    scene.select("ann")
    orc = m.state.figures["orc"]
    post(pygame.MOUSEMOTION, pos=scene.place_pos(Cell(orc.cell)), rel=(0, 0), buttons=(0, 0, 0))
    app.step(0.016)
    sight = scene.view.sight
    assert sight is not None and sight.end == orc.cell and "8 hexes, band 2" in sight.label
    assert [k for _c, _z, k in sight.points].count("over") == 1  # the hobbit, passed over
    lines = scene.control.tip("ann", "orc")
    assert any("range band 2" in ln.text for ln in lines)
    assert any("passes over Hob" in ln.text for ln in lines)
    app.dirty = True
    app.step(0.016)


def test_v_and_t_toggle_the_sight_and_threat_views_listed_in_help(app):
    scene = start(app)
    to_movement(app, scene)
    scene.select("pip")
    key(app, pygame.K_v)
    assert scene.control.view_sight and set(scene.view.shade.values()) <= {"both", "sees",
                                                                           "seen"}
    assert scene.view.shade
    key(app, pygame.K_v)
    key(app, pygame.K_t)
    assert "threat" in scene.view.shade.values()
    keys = [k for k, _what in scene.help_rows()]
    assert "V" in keys and "T" in keys and "J" in keys
    app.dirty = True
    app.step(0.016)


def test_issue18_13_the_v_and_t_views_draw_a_legend_on_the_board(app):
    """Point 13: while V or T is on, a legend on the board says what each shade means
    (not just a toast); it goes when the view goes."""
    from game.ui.boards.hex_marks import SHADES

    scene = start(app)
    to_movement(app, scene)
    scene.select("pip")
    scene.draw(app.screen)
    assert scene.view_legend_rect is None
    key(app, pygame.K_v)
    scene.draw(app.screen)
    (name, shades), = scene.control.view_legend()
    assert "sight" in name and [c for c, _w in shades][:3] == [
        SHADES[k][:3] for k in ("both", "sees", "seen")]
    box = scene.view_legend_rect
    assert box is not None and scene.board_rect.contains(box)
    swatch = (box.x + 12, box.y + 6 + app.fonts.bold.get_height() + 2 + 8)
    assert tuple(app.screen.get_at(swatch))[:3] == SHADES["both"][:3]
    key(app, pygame.K_v)
    key(app, pygame.K_t)
    scene.draw(app.screen)
    assert [n for n, _s in scene.control.view_legend()] == ["T: threat view (T-7)"]
    key(app, pygame.K_t)
    scene.draw(app.screen)
    assert scene.view_legend_rect is None


def test_h8_j_chooses_the_jump_and_the_click_takes_it(app):
    side = "0 0 0 0 0 0\n0 3 2 1 0 0\n0 0 0 0 0 0"
    m = match(side, [("Pip", "a", "hobbit", 2, 1, 0), ("Orc", "b", "orc", 5, 0, 3)], seed=3)
    app.start_match(m, {"a": "human", "b": "human"})
    app.step(0.0)
    scene = app.scene
    to_movement(app, scene)
    scene.select("pip")
    ground = m.board.index(2, 2)  # below B, in front of it (the view picks it)
    post(pygame.MOUSEMOTION, pos=scene.place_pos(Cell(ground)), rel=(0, 0), buttons=(0, 0, 0))
    app.step(0.016)
    ways = scene.control.ways(m.state.figures["pip"], ground)
    assert [w.kind for w in ways][:1] == ["move"] and any(w.kind == "jump_down" for w in ways)
    key(app, pygame.K_j)
    assert "Jump down 2 levels" in scene.control.place_text(Cell(ground))
    click(app, scene.place_pos(Cell(ground)))
    assert m.actions[-1].kind == "jump_down"


# ------------------------------------------------------------------ issue 9: explaining
import argparse  # noqa: E402

import numpy as np  # noqa: E402

from game.rules.tft.hexes import falls, heights  # noqa: E402
from game.ui.scenes.dice_log import percent  # noqa: E402
from game.ui.widgets import Dialog  # noqa: E402

TOWER = "0 0 0 0 0 0\n0 4 2 1 0 0\n0 0 0 0 0 0"
WIDE = "\n".join(["0 " * 12] * 5)


def hover(app, scene, place):
    post(pygame.MOUSEMOTION, pos=scene.place_pos(place), rel=(0, 0), buttons=(0, 0, 0))
    app.step(0.016)
    assert scene.hover == place


def play(app, m):
    app.start_match(m, {s: "human" for s in m.sides})
    app.step(0.0)
    return app.scene


def test_issue9_1_a_jump_shows_landing_standing_knocked_out_and_killed(app):
    """Point 1: a hobbit jumping 4 levels (band 3): the board says its odds of landing
    standing and of being put out, the hover tip says them with the dice in words, all
    the rules' own numbers (falls.fall_damage_odds)."""
    m = match(TOWER, [("Pip", "a", "hobbit", 1, 1, 0), ("Orc", "b", "orc", 5, 0, 3)], seed=3)
    scene = play(app, m)
    to_movement(app, scene)
    scene.select("pip")
    ground = Cell(m.board.index(0, 1))
    hover(app, scene, ground)
    risk = falls.fall_damage_odds(m.state.figures["pip"], 4)
    assert risk.p_down > 0.5
    assert scene.view.jumps[ground.index] == (f"stands {percent(risk.p_standing)}, "
                                              f"out {percent(risk.p_down)}")
    tip = [ln.text for ln in scene.control.place_tip("pip", ground)]
    assert "on a failed roll 3 dice of damage, on a made roll 2 dice" in tip
    assert f"{percent(risk.p_standing)} lands standing" in tip
    assert f"{percent(risk.p_out)} knocked out, {percent(risk.p_dead)} killed (T-3)" in tip
    assert "3 dice of damage" in scene.control.place_text(ground)
    app.dirty = True
    app.step(0.016)
    assert scene.tips.surface is not None  # drawn like the attack preview


def test_issue9_1_a_push_down_shows_the_stumble_odds(app):
    """Point 1: in the force retreat phase, each 'push' hex says the pushed figure's
    chance to keep its feet (H-14), and the tip says it in words."""
    ledge = "0 0 0 0 0\n1 1 1 0 0\n0 0 0 0 0"
    m = match(ledge, [("Pip", "a", "hobbit", 1, 1, 0), ("Orc", "b", "orc", 2, 1, 3)],
              faces=[6, 1, 3, 3, 3, 6, 4, 2, 5, 5, 5])
    scene = play(app, m)
    press(app, scene, "a move first")
    scene.act(m.legal_actions()[-1])  # a ends movement
    scene.act(m.legal_actions()[-1])  # b ends movement
    settle(app)
    click(app, scene.place_pos(Cell(m.state.figures["orc"].cell)))
    settle(app)
    press(app, scene, "Orc waits")
    assert m.state.phase == "retreat"
    orc = m.state.figures["orc"]
    cells = sorted({c for c, _f in scene.control.sorted.retreats})
    down = next(c for c in cells if m.board.level(c) < m.board.level(orc.cell))
    risk = falls.stumble_odds(orc, 1)
    assert scene.view.targets[down] == f"push, stands {percent(risk.p_standing)}"
    tip = [ln.text for ln in scene.control.place_tip("pip", Cell(down))]
    assert any("3d6 against adjusted DX 11 to keep its feet" in t for t in tip)


def test_issue9_2_the_reach_marks_where_it_can_still_attack_from(app):
    """Point 2: moving more than half its MA forbids attacking (T-7): the hexes within the
    charge get the solid band, and the tip says why the others do not."""
    m = match(WIDE, [("Pip", "a", "hobbit", 0, 2, 0), ("Orc", "b", "orc", 11, 2, 3)], seed=3)
    scene = play(app, m)
    to_movement(app, scene)
    scene.select("pip")
    opts = scene.control.reach_opts
    charge = scene.view.charge
    assert charge and all(opts.cost(c) <= 5 for c in charge)
    far = next(c for c in opts.cells() if opts.cost(c) == 7)
    near = next(c for c in opts.cells() if opts.cost(c) == 3)
    assert near in charge and far not in charge
    tip = [ln.text for ln in scene.control.place_tip("pip", Cell(far))]
    assert any("no attack this turn after it" in t and "(T-7)" in t for t in tip)
    tip = [ln.text for ln in scene.control.place_tip("pip", Cell(near))]
    assert any("may still attack after it" in t for t in tip)
    legend = " ".join(w for _i, w in scene.legend())
    assert "still attack after (T-7)" in legend


def test_issue9_3_front_arcs_and_what_a_turn_costs(app):
    """Point 3: the selected figure's front hexes and a hovered enemy's are outlined (the
    rules' front_cells), and the turn buttons say turning is free, and for an engaged
    figure that its shift is kept (T-5, T-6)."""
    m = match(FLAT, [("Pip", "a", "hobbit", 2, 2, 0), ("Orc", "b", "orc", 3, 2, 3)], seed=3)
    scene = play(app, m)
    to_movement(app, scene)
    scene.select("pip")
    pip, orc = m.state.figures["pip"], m.state.figures["orc"]
    arcs = scene.view.front_arcs
    assert (pip.cell, tuple(heights.front_cells(m.board, pip)), False) in arcs
    hover(app, scene, Cell(orc.cell))
    assert (orc.cell, tuple(heights.front_cells(m.board, orc)), True) in scene.view.front_arcs
    turn = scene.button("Turn left (free)")
    assert turn is not None and "free" in turn.tip and "(T-5)" in turn.tip
    assert m.ruleset.queries(m.state).is_engaged(pip.id)
    assert "without using its one-hex shift (T-6)" in turn.tip
    f0 = pip.facing
    press(app, scene, "Turn left (free)")
    assert pip.facing == (f0 + 1) % 6 and not pip.move_over


def to_actions(app, scene, m):
    """Both sides end movement (Enter asks when a figure has not moved; Enter confirms)."""
    while m.state.phase == "movement":
        key(app, pygame.K_RETURN)
        if app.modals:
            key(app, pygame.K_RETURN)
    settle(app)


def test_issue9_8_disengage_has_a_button_a_tip_and_a_help_entry(app):
    """Point 8: the 'back' rings have buttons that say what disengaging is (H-10), and
    help lists it."""
    m = match(FLAT, [("Pip", "a", "hobbit", 2, 2, 0), ("Orc", "b", "orc", 3, 2, 3)], seed=3)
    scene = play(app, m)
    to_movement(app, scene)
    to_actions(app, scene, m)
    while m.state.acting().id != "pip":
        scene.act(m.legal_actions()[-1])
    buttons = [b for b in scene.buttons if b.name == "disengage"]
    assert buttons and all("(back)" in b.label and "(H-10)" in b.tip for b in buttons)
    assert any("disengage" in what for _k, what in scene.help_rows())
    start = m.state.figures["pip"].cell
    click(app, buttons[0].rect.center)
    assert m.actions[-1].kind == "disengage" and m.state.figures["pip"].cell != start


def test_issue9_9_all_others_wait_and_enter_in_the_action_phase(app):
    """Point 9: one click lets every idle figure of the side wait, even after the other
    side's figure acts between them; the button and the log both say "waits"; Enter
    asks first when the acting figure could still attack."""
    units = {"hobbit": {"kind": "hobbit", "st": 8, "dx": 14, "weapons": ["dagger"]},
             "human": {"kind": "human", "st": 12, "dx": 12, "weapons": ["broadsword"]},
             "dwarf": {"kind": "dwarf", "st": 13, "dx": 11, "weapons": ["mace"]}}
    m = match(WIDE, [("Pip", "a", "hobbit", 0, 0, 0), ("Dor", "a", "dwarf", 0, 4, 0),
                     ("Hum", "b", "human", 11, 2, 3)], seed=3, units=units)
    scene = play(app, m)
    to_movement(app, scene)
    to_actions(app, scene, m)
    assert [m.state.figures[i].name for i in m.state.order] == ["Pip", "Hum", "Dor"]
    assert scene.button("Pip waits") is not None
    press(app, scene, "All others wait")
    assert "Pip waits." in [e.text for e in m.log]
    press(app, scene, "Hum waits")
    for _ in range(3):
        app.step(0.016)
    assert "Dor waits." in [e.text for e in m.log]  # without a click
    assert m.state.phase == "initiative" and m.turn == 2
    # Enter: an idle figure waits at once; one that could attack is asked about first
    m2 = match(FLAT, [("Pip", "a", "hobbit", 2, 2, 0), ("Orc", "b", "orc", 3, 2, 3)], seed=3)
    scene = play(app, m2)
    to_movement(app, scene)
    to_actions(app, scene, m2)
    acting = m2.state.acting()
    n = len(m2.actions)
    key(app, pygame.K_RETURN)
    assert app.modals and isinstance(app.modals[-1], Dialog) and len(m2.actions) == n
    assert "could still attack" in app.modals[-1].message
    key(app, pygame.K_RETURN)
    assert m2.actions[-1].kind == "pass" and f"{acting.name} waits." in [e.text for e in m2.log]


def test_issue9_10_enter_asks_before_ending_movement_with_figures_unmoved(app):
    """Point 10: Enter with a figure that has not moved opens a dialog naming it; a second
    Enter ends the movement; with everyone moved, Enter ends it at once."""
    m = match(FLAT, [("Pip", "a", "hobbit", 1, 2, 0), ("Bo", "a", "dwarf", 0, 0, 0),
                     ("Orc", "b", "orc", 4, 2, 3)], seed=3)
    scene = play(app, m)
    to_movement(app, scene)
    scene.act(next(a for a in m.legal_actions() if a.kind == "move" and a.figure == "pip"))
    settle(app)
    h = m.state_hash()
    key(app, pygame.K_RETURN)
    assert app.modals and "Not moved yet: Bo." in app.modals[-1].message
    assert m.state_hash() == h
    key(app, pygame.K_RETURN)
    assert m.state.moving == "b" and not app.modals


def test_issue9_12_enemies_are_told_apart_and_show_their_reach_and_threat(app):
    """Point 12: the Hill fight's two goblins carry different marks, named on their cards;
    selecting an enemy shows where it could go and what it could strike."""
    from game.rules import open_match

    m = open_match("hill_fight", 3)
    scene = play(app, m)
    press(app, scene, "Wardens move first")
    gobs = [p for p in scene.pieces if p.kind == "goblin"]
    rows = [dict(scene.control.piece_rows(p)).get("Token", "") for p in gobs]
    assert rows[0] != rows[1] and all(r.startswith("marked ") for r in rows)
    ugluk = next(p for p in scene.pieces if p.name == "Ugluk")
    click(app, scene.place_pos(ugluk.place))
    assert scene.selected == ugluk.id
    assert scene.view.reach and "threat" in scene.view.shade.values()


def test_issue9_18_the_first_frame_shows_every_height(tmp_path, monkeypatch):
    """Point 18 (with 5): the --screenshot frame of the Hill fight shows a selected
    figure's reach, and every level number's digit pixels stay as on the bare map
    (none hidden under the reach, its labels or the tokens' marks)."""
    from game.ui.app import build
    from game.ui.boards.hexes import HexMarks

    monkeypatch.setenv("SKIRMISH_DATA_DIR", str(tmp_path))
    path = tmp_path / "shot.png"
    args = argparse.Namespace(scenario="hill_fight", ai=None, load=None, demo=None,
                              replay=None, screenshot=str(path), fast=False, seed=5)
    app = build(args, raise_errors=True)
    app.screenshot(path)
    scene = app.scene
    v = scene.view
    assert v.reach  # the first frame shows the reach of the selected figure
    board = app.screen.subsurface(scene.board_rect)
    shot = pygame.surfarray.array3d(board).astype(int)
    labels = [rc for _k, _i, rc in getattr(v, "label_rects", [])]
    v.show(HexMarks())
    v.draw(board, scene.pieces)
    bare = pygame.surfarray.array3d(board).astype(int)
    v.set_overlay_visible("levels", False)
    v.draw(board, scene.pieces)
    off = pygame.surfarray.array3d(board).astype(int)
    digits = np.abs(bare - off).sum(axis=2) > 150
    for rc in labels:
        digits[rc.left:rc.right, rc.top:rc.bottom] = False
    kept = np.all(shot[digits] == bare[digits], axis=1).mean()
    assert digits.sum() > 2000 and kept > 0.95, (digits.sum(), kept)


def test_issue9_1_a_climb_and_a_leap_show_their_fall_risk(app):
    """Point 1: a climb's ring says the chance of the set and of being put out by a fall
    (H-11); its tip says the fall and the dice; a leap's hex says the same for a fall into
    the gap (H-20)."""
    units = {"climber": {"kind": "human", "st": 4, "dx": 15, "weapons": ["dagger"],
                         "armour": "leather", "ready": ""},
             "hobbit": {"kind": "hobbit", "st": 8, "dx": 14, "weapons": ["dagger"]},
             "orc": {"kind": "orc", "st": 12, "dx": 11, "weapons": ["broadsword"]}}
    wall = "0 0 0\n0 0 0\n0 9 0"
    m = match(wall, [("Bob", "a", "climber", 1, 1, 0), ("Orc", "b", "orc", 0, 0, 0)],
              seed=3, units=units)
    scene = play(app, m)
    to_movement(app, scene)
    scene.select("bob")
    top = m.board.index(1, 2)
    p_fall, fall = m.ruleset.queries(m.state).climb_risk(m.state.figures["bob"].id, top, more=True)
    assert scene.view.targets[top].endswith(f"out {percent(p_fall * fall.p_down)}")
    hover(app, scene, Cell(top))
    key(app, pygame.K_j)  # the free set, then the free set and a second one
    tip = [ln.text for ln in scene.control.place_tip("bob", Cell(top))]
    assert f"a miss ({percent(p_fall)}) falls 6 levels and lands prone" in tip
    assert fall.damage_words() in tip
    gap = "2 0 2 2\n2 0 2 2"
    m = match(gap, [("Pip", "a", "hobbit", 0, 0, 0), ("Orc", "b", "orc", 3, 1, 3)],
              seed=3, units=units)
    scene = play(app, m)
    to_movement(app, scene)
    scene.select("pip")
    far = m.board.index(2, 0)
    assert scene.view.jumps[far].startswith("leap ")
    tip = [ln.text for ln in scene.control.place_tip("pip", Cell(far))]
    p_fall, fall = m.ruleset.queries(m.state).leap_risk(m.state.figures["pip"].id, far)
    assert f"{percent(p_fall)} it falls into the gap ({fall.levels} levels): " \
           f"{fall.damage_words()}" in tip


def test_an_action_is_judged_once_and_a_refusal_shown_with_its_reason(app, monkeypatch):
    """Issue 14 item 2: the scene plays a player's action through Match.attempt, with no
    why_illegal of its own first; an illegal one changes nothing and its reason shows."""
    scene = start(app)
    m = scene.m
    judged = []
    why = m.ruleset.why_illegal
    monkeypatch.setattr(m.ruleset, "why_illegal",
                        lambda st, a: judged.append(a) or why(st, a))
    first = m.legal_actions()[0]
    assert scene.act(first) and m.actions[-1] == first
    assert judged == [first]  # once, by the match
    judged.clear()
    h, n = m.state_hash(), len(m.actions)
    assert not scene.act(first)  # the same action again is not legal now
    assert judged == [first] and m.state_hash() == h and len(m.actions) == n
    assert app.toasts.items[-1].text == f"Not allowed: {why(m.state, first)}"


def test_a_controller_asks_for_the_legal_actions_only_when_it_reads_them(app, monkeypatch):
    """Issue 14 item 2: legal-action lists are built when something shows them, not after
    every act: the base controller asks the match on the first read after a refresh,
    once, and not at all while the computer plays."""
    from game.ui.controllers import Controller

    m = match(FLAT, FIGS, seed=3)
    asked = []
    legal = m.legal_actions
    monkeypatch.setattr(m, "legal_actions", lambda: asked.append(1) or legal())
    c = Controller(m)
    c.refresh(True)
    assert asked == []
    assert c.legal == legal() and c.legal == legal()
    assert asked == [1]
    c.refresh(False)
    assert c.legal == [] and asked == [1]
    c.refresh(True)
    assert c.legal and asked == [1, 1]
