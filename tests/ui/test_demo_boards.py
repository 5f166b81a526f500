"""Demos on the zone boards and the open table: each step is previewed (the piece to
move selected, where it goes pointed at and marked as it will be made), the board zooms
onto what the demo is about, and every demo steps to its end and back."""

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pytest  # noqa: E402

from game.core.places import InZone, Point  # noqa: E402
from game.rules.demos import list_demos  # noqa: E402
from game.ui.scenes.replay import DemoScene  # noqa: E402

BOARDS = [d.key for d in list_demos() if d.scenario.ruleset in ("tft-zones", "hero")]


def demo(app, rule) -> DemoScene:
    app.open_demo(rule)
    scene = app.scene
    assert isinstance(scene, DemoScene)
    return scene


def test_a_zone_demo_points_at_where_each_move_goes_walking_as_it_walks(app):
    scene = demo(app, "Z-3")
    # the initiative first: the piece the record moves next is shown already
    assert scene.selected == "ned" and scene.hover == InZone("Lane")
    assert scene.control.run is False
    scene.forward()
    assert scene.selected == "ned" and scene.hover == InZone("Lane")
    scene.forward()
    assert scene.selected == "wat" and scene.hover == InZone("Green")
    marks = scene.control.marks(scene.selected, scene.hover)
    assert marks.reach[InZone("Green")] == "8- 26%"  # the -4 roll for two zones (Z-3)
    assert marks.path[-1] == InZone("Green")


def test_a_zone_demo_marks_the_move_it_makes_not_the_likeliest(app):
    scene = demo(app, "Z-11")
    scene.forward()
    assert scene.selected == "aldo"
    marks = scene.control.marks(scene.selected, scene.hover)
    assert marks.reach[InZone("Road")] == "8- 26%"  # over the fire, not through it
    scene.forward()
    assert scene.selected == "bert" and scene.hover == InZone("Camp", "Road")
    marks = scene.control.marks(scene.selected, scene.hover)
    assert marks.targets[InZone("Camp", "Road")] == "line 10- 50%"


def test_a_zone_demo_points_at_the_mover_a_reaction_answers(app):
    scene = demo(app, "Z-13")
    scene.forward()
    scene.forward()
    assert scene.selected == "skar" and scene.hover == scene.m.state.figures["cole"].place


def test_a_table_demo_draws_the_ruler_of_each_move_with_its_fall(app):
    scene = demo(app, "G-5")
    assert scene.selected == "cap" and scene.hover == Point(830, 1050)
    ruler = scene.control.marks(scene.selected, scene.hover).ruler
    assert ruler is not None and any("4 damage" in t for _p, t in ruler.warnings)
    scene.forward()
    assert scene.selected == "boomer"
    ruler = scene.control.marks(scene.selected, scene.hover).ruler
    assert ruler is not None and any("3 damage" in t for _p, t in ruler.warnings)


def test_a_table_demo_shows_the_weapon_of_each_attack(app):
    scene = demo(app, "K-5")
    assert scene.selected == "pyle" and scene.hover == scene.m.state.minis["tex"].at
    scene.forward()
    scene.forward()
    assert scene.control.current_weapon(scene.m.state.minis["sarge"]) == "melee"
    scene = demo(app, "G-6")
    assert scene.control.current_weapon(scene.m.state.minis["boomer"]) == "explosive"


def test_a_demo_zooms_onto_its_pieces_and_where_they_go(app):
    scene = demo(app, "G-5")
    places = scene.frame_places()
    assert Point(830, 1050) in places and Point(1650, 250) in places
    assert scene.m.state.minis["sarge"].at not in places  # not in the demo's steps


@pytest.mark.parametrize("key", BOARDS)
def test_every_zone_and_table_demo_steps_to_its_end_and_back(app, key):
    scene = demo(app, key)
    start = scene.m.state_hash()
    app.draw()
    while scene.forward():
        app.draw()
    assert scene.pos == len(scene.demo.steps)
    while scene.back():
        pass
    assert scene.m.state_hash() == start and scene.pos == 0


def test_z11_a_click_that_would_run_through_fire_asks_first():
    """The surest way through a damaging obstacle is not taken without asking (Z-11)."""
    from game.core.places import InZone
    from game.rules import open_match
    from game.ui.controllers import Confirm, controller_for

    m = open_match("fire_wall", 1)
    ctl = controller_for(m)
    while True:
        ctl.refresh(True)
        actor = ctl.acting()
        if actor is not None:
            break
        m.apply(m.legal_actions()[0])
    ctl.toggle_run()  # R (running is off until turned on): Ridge is two zones away
    reply = ctl.click(actor.id, InZone("Ridge"), None, 1)
    assert isinstance(reply, Confirm) and "fire" in reply.title and "Z-11" in reply.text
    assert m.why_illegal(reply.action) is None
