"""Issue 18, friction 7 and 12 on the hex board: a wall that can be climbed says how and
what it costs, every refused move says why (H-2, H-11), the MP cost and the level
numbers look different, and a figure clinging to a wall is drawn where it clings (the
H-12 demo's Bob), not at the wall's foot."""

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

from pathlib import Path  # noqa: E402

import pygame  # noqa: E402
from test_match_scene import play, to_movement  # noqa: E402
from textmap import match  # noqa: E402

from game.core.places import Cell  # noqa: E402
from game.rules.tft.hexes.actions import Move  # noqa: E402
from game.ui.scenes.replay import DemoScene  # noqa: E402

WALL = "0 0 4 4\n0 0 4 4\n0 0 0 0"


def test_h12_demo_bob_is_drawn_where_he_clings_not_at_the_foot(app, tmp_path):
    """Friction 12: "Bob clings 6 levels up" and his token stands 6 levels up the wall,
    leaning on it, not at its foot."""
    app.open_demo("H-12")
    scene = app.scene
    assert isinstance(scene, DemoScene)
    bob = scene.m.state.figures["bob"]
    while not (bob.hold and bob.hold_at == 6):
        scene.forward()
    app.step(0.0)
    scene.show_marks()
    view = scene.view
    piece = next(p for p in scene.pieces if p.id == "bob")
    foot = bob.cell
    sx, sy = view.figure_screen_pos(piece)
    fx, fy = view.cell_screen_pos(foot)
    wx, wy = view.cell_screen_pos(bob.hold_to)
    assert fy - sy >= view.raise_px(6) - 1e-6 - abs(wy - fy)  # raised 6 levels, not at 0
    assert abs(sx - wx) < abs(fx - wx) or abs(sy - wy) < abs(fy - wy)  # towards the wall
    surface = pygame.Surface((1280, 720))
    scene.draw(surface)
    pygame.image.save(surface, str(tmp_path / "h12_clings.png"))
    if os.environ.get("SKIRMISH_SHOTS"):
        pygame.image.save(surface, str(Path(os.environ["SKIRMISH_SHOTS"]) / "h12_clings.png"))
    # the figure under the pointer is found where it is drawn
    assert view.figure_at_screen(sx, sy, scene.pieces) == "bob"


def test_h11_a_refused_move_up_a_wall_says_why_and_how_to_climb(app):
    """Friction 7: at the foot of a wall 4 levels high (H 3), with a sword ready: the
    click says why ("the wall is 4 levels ...") and what a climb needs; hovering the top
    says how a climb goes and what it costs."""
    m = match(WALL, [("Ann", "a", "human", 1, 0, 0), ("Orc", "b", "orc", 0, 2, 0)], seed=3)
    scene = play(app, m)
    to_movement(app, scene)
    scene.select("ann")
    top = m.board.index(2, 0)
    why = m.ruleset.why_illegal(m.state, Move("ann", top))
    assert why.startswith(f"Ann cannot reach {m.board.label(top)} this turn: the wall is 4 "
                          "levels, more than the 3 Ann may step up (H-2)")
    assert "put the broadsword away" in why and "A climb (H-11) takes the whole move" in why
    tip = [ln.text for ln in scene.control.place_tip("ann", Cell(top))]
    assert tip[0].startswith("A wall of 4 levels")
    assert any("the first 3 levels free" in t and "4d6 against DX 12" in t for t in tip)
    assert any(t.startswith("To climb it Ann needs both hands free") for t in tip)


def test_h2_a_refused_walk_says_what_it_costs(app):
    """Every refusal says why: a hex too far costs more MP than the figure has left."""
    row = " ".join(["0"] * 16)
    m = match("\n".join([row] * 3), [("Ann", "a", "human", 0, 1, 0),
                                     ("Orc", "b", "orc", 15, 0, 3)], seed=3)
    far = m.board.index(15, 1)
    scene = play(app, m)
    to_movement(app, scene)
    why = m.ruleset.why_illegal(m.state, Move("ann", far))
    assert "cannot reach (15,1) this turn: the walk there costs 1" in why
    assert f"MP, Ann has {m.state.figures['ann'].ma} left (T-1, H-2)" in why
    taken = m.state.figures["orc"].cell
    assert m.ruleset.why_illegal(m.state, Move("ann", taken)).endswith(
        f"{m.board.label(taken)} is taken by Orc")


TOWER = "0 0 0 0 0 0 0\n0 0 7 7 7 0 0\n0 0 7 7 7 0 0\n0 0 7 7 7 0 0\n0 0 0 0 0 0 0"


def _tower(app):
    m = match(TOWER, [("Ann", "a", "human", 3, 2, 0), ("Orc", "b", "orc", 6, 4, 0)], seed=3)
    scene = play(app, m)
    to_movement(app, scene)
    scene.select("ann")
    app.step(0.016)
    surface = pygame.Surface((1280, 720))
    scene.draw(surface)
    return m, scene, surface


def test_h8_a_jumps_label_stays_on_its_own_hex(app, tmp_path):
    """Friction 7: a jump's label ("stands 74%, out 2%") sat over the neighbouring hexes,
    so a click meant for the jump walked there; now each is on its own hex (its short
    form when room is tight), and the hex under it is the jump's."""
    m, scene, surface = _tower(app)
    pygame.image.save(surface, str(tmp_path / "jumps.png"))
    view = scene.view
    th = m.board.tile_height * view.camera.zoom
    warns = [(i, rc) for kind, i, rc in view.label_rects if kind == "warn"]
    assert len(warns) >= 8
    for i, rc in warns:
        cx, cy = view.cell_screen_pos(i)
        assert cx - th * 0.5 - 1 <= rc.left and rc.right <= cx + th * 0.5 + 1, i
        assert cy - th * 0.5 - 1 <= rc.top and rc.bottom <= cy + th * 0.5 + 1, i
        assert view.cell_at_screen(*rc.center) == i


def test_h3_the_mp_cost_sits_on_a_chip_the_level_does_not(app):
    """Friction 7: inside the reach the big number was the MP cost, outside the level,
    alike; a cost is now digits on a dark chip, a level plain digits, and the legend
    says which is which."""
    _m, scene, _surface = _tower(app)
    images = scene.view.images
    chip = images.cost_pill("3", 16)
    level = images.number(3)
    assert level is not None
    w, h = chip.get_size()
    assert chip.get_at((w // 2, h // 2 - h // 3))[3] > 0 or chip.get_at((w // 2, 0))[3] > 0
    assert chip.get_at((1, h // 2))[3] > 0  # the chip's dark fill round the digits
    assert level.get_at((0, 0))[3] == 0 and level.get_at((0, level.get_height() - 1))[3] == 0
    words = " ".join(str(r) for r in scene.view.legend(("a", "b")))
    assert "MP to move here (digits on a dark chip)" in words
    assert "the hex's level: plain digits" in words
