"""The track board view (seed 001's Pursuit): the table with its street and edges, the
terrain pieces and clusters as the game state has them (P-1, P-6, P-12), the slide from
one state to the next (pieces and slowed models back, recycled pieces off the far edge
and in at the Arrival, P-6, P-7), the models' headings and front arcs (P-8, P-13), the
marks, and the frame within its budget."""

import math
import os
import time

os.environ["SDL_VIDEODRIVER"] = "dummy"
os.environ["SDL_AUDIODRIVER"] = "dummy"
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

import pygame  # noqa: E402
import pytest  # noqa: E402
from cpu import budget  # noqa: E402

from game.boards.tiled import load_map  # noqa: E402
from game.core.board import Scenery  # noqa: E402
from game.core.places import Point  # noqa: E402
from game.core.ruleset import PieceView  # noqa: E402
from game.ui import palette as pal  # noqa: E402
from game.ui.boards import Marks, board_view, view_class  # noqa: E402
from game.ui.boards.table_marks import Ruler  # noqa: E402
from game.ui.boards.track import TrackBoardView, TrackMarks  # noqa: E402
from game.ui.boards.track_bench import (  # noqa: E402
    PURSUIT,
    models_of,
    scenery_of,
    track_frame_ms,
)
from game.ui.boards.track_slide import SPEED, Slide, Spot, glides  # noqa: E402

SIZE = (1200, 640)
SIDES = ["scouts", "hunters"]


@pytest.fixture(scope="module")
def screen():
    pygame.display.init()
    pygame.font.init()
    return pygame.display.set_mode(SIZE)


@pytest.fixture(scope="module")
def loaded():
    return load_map(PURSUIT)


@pytest.fixture
def view(loaded):
    return TrackBoardView(loaded.board, SIZE, sides=SIDES)


def placed(loaded):
    return [(f"m{k}", p.side, p.unit, *p.place.units, p.facing or 0.0)
            for k, p in enumerate(loaded.placements)]


def colour(surface, at):
    return tuple(surface.get_at((round(at[0]), round(at[1]))))[:3]


def near(c, want, tol=40):
    return all(abs(a - b) <= tol for a, b in zip(c, want, strict=True))


def run(view, screen, seconds, pieces=(), scenery=()):
    t = 0.0
    while t < seconds:
        view.update(1 / 60)
        view.draw(screen, pieces, scenery)
        t += 1 / 60


# ============================================================================ the table
def test_the_track_kind_has_its_own_view(loaded):
    assert view_class("track") is TrackBoardView
    v = board_view("track", loaded.board, SIZE, SIDES)
    assert isinstance(v, TrackBoardView)


def test_p1_the_table_the_street_and_the_edges_are_drawn(screen, view, loaded):
    t = loaded.board
    view.draw(screen)
    # the street's tarmac on its middle line (away from its dashes), the ground far from it
    mid = t.street[3]
    assert near(colour(screen, view.to_screen(mid[0], mid[1] + 1.5)), pal.TRACK_STREET, 12)
    # the Arrival's green band beyond the right edge, the far edge's red one beyond the left
    assert near(colour(screen, view.to_screen(t.width + 0.6, 20.5)), pal.TRACK_ARRIVAL, 20)
    assert near(colour(screen, view.to_screen(-0.6, 21)), pal.TRACK_FAR, 20)


def test_p1_without_rules_the_maps_own_pieces_and_clusters_are_drawn(screen, view, loaded):
    view.draw(screen)
    hab = next(p for p in loaded.board.pieces if p.name == "Hab block")  # intact, size 3
    cx, cy = hab.centre
    assert near(colour(screen, view.to_screen(cx + 1.5, cy + 2)), pal.BUILDING_ROOFS[2], 16)
    assert len(view._mines) == 4 and len(view._pieces) == 21


def test_p6_the_pieces_drawn_are_the_games_not_the_maps(screen, view, loaded):
    moved = scenery_of(loaded.board, 12.0)
    view.draw(screen, (), moved)
    hab = next(p for p in loaded.board.pieces if p.name == "Hab block")
    cx, cy = hab.centre
    # the hab block now stands 12 inches further from the Arrival (to the left)
    assert near(colour(screen, view.to_screen(cx - 12 + 1.5, cy + 2)), pal.BUILDING_ROOFS[2], 16)
    assert not near(colour(screen, view.to_screen(cx + 1.5, cy + 2)), pal.BUILDING_ROOFS[2], 16)
    kinds = {p.ruined for p in view._pieces}
    assert kinds == {True, False} and {p.size for p in view._pieces} == {1, 2, 3}


# ============================================================================ the slide
def test_p6_a_state_change_slides_the_pieces_back_at_a_readable_pace(screen, view, loaded):
    t = loaded.board
    view.draw(screen, (), scenery_of(t))
    assert not view.busy
    view.draw(screen, (), scenery_of(t, 12.0))
    assert view.busy
    chapel = next(p for p in t.pieces if p.name == "Chapel")
    ident = f"piece:{chapel.index}"
    dx, dy, alpha = view.slide.at(ident)
    assert (round(dx, 6), dy, alpha) == (12.0, 0.0, 1.0)  # drawn where it was, to glide
    run(view, screen, 1.0, (), scenery_of(t, 12.0))
    part = view.slide.at(ident)
    assert part is None or 0 <= part[0] < 12  # on its way, or there
    run(view, screen, 6.0, (), scenery_of(t, 12.0))
    assert not view.busy and view.slide.at(ident) is None


def test_p6_the_glides_go_in_the_rules_order_furthest_from_the_arrival_first(loaded):
    t = loaded.board
    before = {"near": Spot((60.0, 5.0), 5.0, 10.0), "far": Spot((20.0, 5.0), 45.0, 50.0)}
    after = {"near": Spot((48.0, 5.0), 17.0, 22.0), "far": Spot((8.0, 5.0), 57.0, 62.0)}
    g = glides(t, before, after)
    assert [(x.id, x.kind) for x in g] == [("far", "move"), ("near", "move")]
    assert g[0].start < g[1].start and g[0].offset == (12.0, 0.0)
    assert g[0].duration == pytest.approx(12 / SPEED)


def test_p6_a_recycled_piece_glides_off_the_far_edge_and_in_at_the_arrival(loaded):
    t = loaded.board  # arrival right: the far edge is x = 0
    before = {"p": Spot((3.0, 2.0), 64.0, 69.0)}
    back = {"p": Spot((70.0, 2.0), 0.0, 5.0)}
    exit_, enter = glides(t, before, back)
    assert (exit_.kind, enter.kind) == ("exit", "enter") and enter.start >= exit_.end
    s = Slide([exit_, enter])
    assert s.at("p")[2] == 0.0  # the placed piece waits, unseen, while the old one leaves
    s.advance(exit_.end - 0.01)
    gx, _gy, _a = s.ghost("p")
    assert gx < -5  # leaving by the far edge (to the left)
    s.advance(0.02 + enter.duration / 2)
    ex, _ey, alpha = s.at("p")
    assert 0 < ex < enter.offset[0] * -1 + 0.01 or ex > 0  # coming in from beyond the Arrival
    assert 0 < alpha <= 1
    held = glides(t, before, {})
    assert [x.kind for x in held] == ["exit"]  # waiting or held: it only leaves
    placed_ = glides(t, {}, back)
    assert [x.kind for x in placed_] == ["enter"] and placed_[0].offset[0] > 0


def test_p7_a_slowed_model_glides_back_with_the_slide(screen, view, loaded):
    t = loaded.board
    models = placed(loaded)
    view.draw(screen, models_of(t, models), scenery_of(t))
    slowed = models_of(t, models, 5.0)
    view.draw(screen, slowed, scenery_of(t))
    m0 = slowed[0]  # every third model is slowed 5 inches
    x, y = view._model_at(m0)
    assert (x, y) == pytest.approx(models[0][3:5])
    run(view, screen, 8.0, slowed, scenery_of(t))
    assert view._model_at(m0) == pytest.approx(m0.place.units)


def test_after_an_undo_the_state_is_drawn_as_it_is_not_slid_to(screen, view, loaded):
    t = loaded.board
    view.draw(screen, (), scenery_of(t, 12.0))
    view.cancel_animations()
    view.draw(screen, (), scenery_of(t))
    assert not view.busy


def test_skipping_the_slide_gives_the_final_picture(screen, view, loaded):
    t = loaded.board
    view.draw(screen, (), scenery_of(t))
    view.draw(screen, (), scenery_of(t, 12.0))
    assert view.skip_slide() and not view.busy
    view.draw(screen, (), scenery_of(t, 12.0))
    after = screen.copy()
    fresh = TrackBoardView(t, SIZE, sides=SIDES)
    fresh.slid = view.slid
    fresh.draw(screen, (), scenery_of(t, 12.0))
    diff = sum(1 for x in range(0, SIZE[0], 7) for y in range(0, SIZE[1], 7)
               if after.get_at((x, y)) != screen.get_at((x, y)))
    assert diff == 0


def test_the_street_dashes_run_while_the_table_slides(screen, view, loaded):
    t = loaded.board
    view.draw(screen, (), scenery_of(t))
    view.draw(screen, (), scenery_of(t, 12.0))
    run(view, screen, 0.5, (), scenery_of(t, 12.0))
    assert view.slid > 0


# ============================================================================ models, marks
def test_p8_models_are_round_bases_with_a_notch_pointing_their_heading(screen, view, loaded):
    t = loaded.board
    ps = [PieceView(id="a", name="A", side="scouts", kind="scout_rider",
                    kind_name="Scout rider", place=Point.of(40, 12), facing=90.0)]
    view.show(TrackMarks(bases={"a": 0.79}))
    view.camera.set_zoom(2.0)
    view.camera.centre_on(40 * 24, 12 * 24)
    view.draw(screen, ps, scenery_of(t))
    sx, sy = view.to_screen(40, 12)
    r = 0.79 * view.scale
    assert near(colour(screen, (sx + r * 0.5, sy - r * 0.5)), pal.side_colour(0), 30)
    below = colour(screen, (sx, sy + r + 2))  # the notch, down the screen (90 degrees)
    above = colour(screen, (sx, sy - r - 2))
    assert near(below, pal.PAPER, 30) and not near(above, pal.PAPER, 30)
    assert view.piece_at(sx, sy) == "a" and view.piece_at(sx + 3 * r, sy) is None


def test_p13_the_selected_models_front_arc_is_drawn(screen, view, loaded):
    t = loaded.board
    ps = [PieceView(id="a", name="A", side="scouts", kind="scout_rider",
                    kind_name="Scout rider", place=Point.of(40, 12), facing=0.0)]
    view.draw(screen, ps, scenery_of(t))
    ahead = colour(screen, view.to_screen(40 + 6, 12.6))
    behind = colour(screen, view.to_screen(40 - 6, 12.6))
    view.show(TrackMarks(selected_piece="a", arc=("a", 0.0, 45.0, 12.0)))
    view.draw(screen, ps, scenery_of(t))
    assert colour(screen, view.to_screen(40 + 6, 12.6)) != ahead  # yellow wash ahead
    assert colour(screen, view.to_screen(40 - 6, 12.6)) == behind  # none behind


def test_p3_p6_p8_the_marks_are_drawn(screen, view, loaded):
    t = loaded.board
    ps = models_of(t, placed(loaded))
    mk = TrackMarks(zones=[(0, 0, 24, 24)], spots=[Point.of(10, 12)],
                    ruler=Ruler((Point.of(30, 12), Point.of(34, 12), Point.of(37, 15)), True,
                                ('6" used', "stops: contact with Hunter 3")),
                    turn_points=((34.0, 12.0),), next_up="piece:3", order={"m1": 1, "m2": 2},
                    placing=(((68, 8), (71.5, 8), (71.5, 11), (68, 11)), False,
                             "2 inches from Scout 1 (P-6)"),
                    stopped={"m2"}, locked=(("m1", "m3"),),
                    scenery_labels={"piece:5": "place it"})
    view.show(mk)
    view.draw(screen, ps, scenery_of(t))
    kinds = {k for k, _w, _r in view.label_rects}
    assert {"order", "scenery"} <= kinds
    x, y = view.to_screen(69.5, 9.5)
    assert colour(screen, (x, y))[0] > colour(screen, (x, y))[1]  # a red footprint: refused


def test_p6_a_refused_placings_words_stay_whole_in_the_boards_view():
    """Seen in a played game: a piece refused at the Arrival edge's corner had its reason
    cut off by the view's edge; the words slide back inside it, and go above the
    footprint where there is no room below."""
    from game.ui.boards.track import label_spot

    room = pygame.Rect(0, 0, 860, 380)
    size = (260, 20)
    x, y = label_spot(room, size, 820.0, 60.0, 120.0)  # near the right edge
    assert room.contains(pygame.Rect((x, y), size)) and y > 120
    x, y = label_spot(room, size, 400.0, 300.0, 370.0)  # no room below
    assert room.contains(pygame.Rect((x, y), size)) and y + size[1] < 300
    assert label_spot(room, size, 400.0, 60.0, 120.0) == (270, 126)  # centred below


def test_pointing_stays_on_the_table_and_finds_pieces(screen, view, loaded):
    t = loaded.board
    view.draw(screen, (), scenery_of(t))
    assert view.place_at(*view.to_screen(10, 10)) == Point.of(10, 10)
    assert view.place_at(*view.to_screen(-1, 10)) is None
    hab = next(p for p in t.pieces if p.name == "Hab block")
    assert view.scenery_at(*view.to_screen(*hab.centre)) == f"piece:{hab.index}"
    mine = t.mines[0]
    assert view.scenery_at(*view.to_screen(*mine.at)) == "mine-1"
    assert view.step(Point.of(10, 10), 1, 0) == Point.of(10.5, 10)
    assert view.step(Point.of(71.8, 10), 1, 0) is None


def test_scenery_of_other_kinds_is_drawn_plainly(screen, view, loaded):
    odd = [Scenery("smoke", "smoke", ((30, 10), (34, 10), (34, 14), (30, 14)), 0.0, "smoke")]
    view.draw(screen, (), [*scenery_of(loaded.board), *odd])
    assert view._other == odd


def test_the_legend_names_each_mark_and_kind_of_terrain(view):
    rows = view.legend(["Scouts", "Hunters"])
    text = " ".join(t for _img, t in rows)
    for word in ("Scouts", "Hunters", "difficult", "impassable", "mine cluster", "Arrival",
                 "front arc", "stopped", "order"):
        assert word in text, word
    assert all(img.get_width() > 0 for img, _t in rows)


def test_marks_of_the_shell_alone_are_shown(screen, view, loaded):
    view.show(Marks(selected_piece="m0"))
    assert isinstance(view.marks, TrackMarks) and view.marks.selected_piece == "m0"
    view.draw(screen, models_of(loaded.board, placed(loaded)), scenery_of(loaded.board))


def test_an_upright_track_is_drawn_too(screen):
    up = load_map(PURSUIT.parent / "test" / "track_upright.tmx")
    v = TrackBoardView(up.board, SIZE, sides=SIDES)
    v.draw(screen)
    t = up.board
    assert near(colour(screen, v.to_screen(3, t.height + 0.6)), pal.TRACK_ARRIVAL, 20)
    assert math.isclose(v.scale, v.camera.zoom * 24)


def test_a_frame_during_the_slide_is_within_its_budget(screen):
    assert track_frame_ms(frames=60, clock=time.process_time) <= budget(3.0)
