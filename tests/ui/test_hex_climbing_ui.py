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
