"""H-11 in the Melee controller: a climb down is offered like a climb up, a ring on the
hex at the foot of the wall with the set's chance and the chance of being put out, a
button per way, a tip with the dice and the fall; a figure on the way down is drawn
clinging over the hex at the foot, and its card says how far it has to go."""

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame  # noqa: E402
from test_match_scene import hover, key, play, press, to_movement  # noqa: E402
from textmap import match  # noqa: E402

from game.core.places import Cell  # noqa: E402
from game.rules.tft.hexes.actions import Climb, JumpDown  # noqa: E402
from game.ui.scenes.dice_log import percent  # noqa: E402

UNITS = {"climber": {"kind": "human", "st": 4, "dx": 15, "weapons": ["dagger"],
                     "armour": "leather", "ready": ""},
         "orc": {"kind": "orc", "st": 12, "dx": 11, "weapons": ["broadsword"]}}
PLATEAU = "9 9 9 9\n9 9 9 9\n0 0 0 0"


def test_h11_the_controller_offers_a_climb_down_with_its_odds(app):
    m = match(PLATEAU, [("Bob", "a", "climber", 1, 1, 0), ("Orc", "b", "orc", 3, 0, 3)],
              seed=3, units=UNITS)
    scene = play(app, m)
    to_movement(app, scene)
    scene.select("bob")
    bob = m.state.figures["bob"]
    foot = m.board.index(1, 2)
    lab = m.board.label(foot)
    o = m.ruleset.queries(m.state).climb_options(bob.id)[foot]
    assert o.down
    p_fall, fall = m.ruleset.queries(m.state).climb_risk(bob.id, foot, more=True)
    assert fall.levels == 6 and p_fall > 0
    ring = scene.view.targets[foot]
    assert ring.startswith(f"climb down {percent(o.p_set)}")
    assert ring.endswith(f"out {percent(p_fall * fall.p_down)}")
    labels = [b.label for b in scene.buttons]
    assert f"Climb down to {lab}: a free set" in labels
    assert f"Climb down to {lab} + a 2nd set ({o.dice}d6, {percent(o.p_set)})" in labels
    # the click on the ring climbs (the free set first); J: the second set, then a jump
    ways = scene.control.ways(bob, foot)
    assert ways[:2] == [Climb("bob", foot, False), Climb("bob", foot, True)]
    assert isinstance(ways[2], JumpDown)
    hover(app, scene, Cell(foot))
    tip = [ln.text for ln in scene.control.place_tip("bob", Cell(foot))]
    assert tip[0].startswith(f"Bob climbs down to {lab}: 9 levels in sets of 3")
    assert "the first set (3 levels) is free: no roll, no fall" in tip
    key(app, pygame.K_j)
    tip = [ln.text for ln in scene.control.place_tip("bob", Cell(foot))]
    assert f"{o.dice}d6 against DX 15 for the set: {percent(o.p_set)}" in tip
    assert f"a miss ({percent(p_fall)}) falls 6 levels and lands prone" in tip
    assert fall.damage_words() in tip
    # the free set: Bob clings over the hex at the foot, drawn with the clinging ring
    press(app, scene, f"Climb down to {lab}: a free set")
    assert (bob.cell, bob.hold, bob.hold_at) == (foot, "down", 6)
    view = next(p for p in scene.pieces if p.id == "bob")
    assert view.place == Cell(foot) and view.ring == "clinging"
    rows = dict(scene.control.piece_rows(view))
    assert rows["Wall"] == "climbing down: clings 6 levels up, 6 to the floor"
    assert "clinging" in [t for t, _c in scene.control.piece_tags(view)]
