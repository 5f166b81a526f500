"""The sewer board view (seed 001's Flash Flood): the corridors between their walls, the
features, the water over the flooded spans (F-7), the models' bases with their unit,
leader and F-8 marks, the wash played and skipped (F-4, F-5), labels clear of bases
and of each other, and the frame within its budget."""

import math
import os
import time

os.environ["SDL_VIDEODRIVER"] = "dummy"
os.environ["SDL_AUDIODRIVER"] = "dummy"
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

import pygame  # noqa: E402
import pytest  # noqa: E402
from cpu import budget  # noqa: E402

from game.boards.corridors import Feature  # noqa: E402
from game.boards.tiled import load_map  # noqa: E402
from game.core.places import HUNDREDTHS, Point  # noqa: E402
from game.core.ruleset import PieceView  # noqa: E402
from game.ui import palette as pal  # noqa: E402
from game.ui.boards import Marks, board_view, view_class  # noqa: E402
from game.ui.boards.sewer import SewerBoardView, SewerMarks  # noqa: E402
from game.ui.boards.sewer_bases import Look  # noqa: E402
from game.ui.boards.sewer_bench import STUB, sample_flood, sewer_frame_ms  # noqa: E402
from game.ui.boards.sewer_map import feature_art, hash01  # noqa: E402
from game.ui.boards.sewer_wash import (  # noqa: E402
    LONGEST,
    SPEED,
    WashPlay,
    WashShow,
    WashStep,
    water_pieces,
)

SIZE = (1000, 640)
SIDES = ["troopers", "vermin"]


@pytest.fixture(scope="module")
def screen():
    pygame.display.init()
    pygame.font.init()
    yield pygame.display.set_mode((1280, 720))


@pytest.fixture(scope="module")
def board():
    return load_map(STUB).board


def model(pid, side, x, y, **kw):
    return PieceView(id=pid, name=pid.title(), side=side, kind="trooper",
                     kind_name="Trooper", place=Point.of(x, y), **kw)


def colour_at(surface, view, x, y):
    sx, sy = view.to_screen(x, y)
    return tuple(surface.get_at((round(sx), round(sy)))[:3])


def test_the_sewer_kind_has_its_own_view(screen, board):
    assert view_class("sewer") is SewerBoardView
    view = board_view("sewer", board, SIZE, SIDES)
    assert isinstance(view, SewerBoardView)
    assert view.pieces_share_places is False


def test_it_draws_the_stub_floor_walls_rock_and_features(screen, board):
    view = SewerBoardView(board, SIZE, sides=SIDES)
    surf = pygame.Surface(SIZE)
    view.draw(surf, [])
    main = board.corridors["Main"]
    floor = colour_at(surf, view, *main.point_at(6.5))
    rock = colour_at(surf, view, 6.0, 4.0)
    wall = colour_at(surf, view, 10.0, 12.0 - main.width / 2 - 0.3)
    assert rock == pal.SEWER_ROCK
    assert floor != rock and wall not in (floor, rock)
    catwalk = colour_at(surf, view, 17.6, 6.0)  # the gantry's grating, over the floor
    assert catwalk not in (floor, rock, wall)
    kinds = {a.kind for a in view.art.features}
    assert kinds == {"gantry", "grate"}
    named = {what for kind, what, _r in view.label_rects if kind == "feature"}
    assert {"Catwalk", "Grate", "origin"} <= named


def test_f7_the_flooded_spans_are_drawn_as_water_over_the_floor(screen, board):
    view = SewerBoardView(board, SIZE, sides=SIDES)
    dry, wet = pygame.Surface(SIZE), pygame.Surface(SIZE)
    view.draw(dry, [])
    view.show(SewerMarks(flooded=(("Main", 0, 1200),)))
    view.draw(wet, [])
    main = board.corridors["Main"]
    for at in (5.0, 7.5, 11.0):
        x, y = main.point_at(at)
        y += 1.0  # off the ripple down the middle
        assert colour_at(wet, view, x, y) == pal.WATER
    x, y = main.point_at(20.0)
    assert colour_at(wet, view, x, y + 1) == colour_at(dry, view, x, y + 1)
    assert colour_at(wet, view, x, y + 1) != pal.WATER


def test_f7_water_is_drawn_whatever_order_a_span_gives_its_ends(screen, board):
    view = SewerBoardView(board, SIZE, sides=SIDES)
    a, b = pygame.Surface(SIZE), pygame.Surface(SIZE)
    view.show(SewerMarks(flooded=(("Cross", 300, 900),)))
    view.draw(a, [])
    view.show(SewerMarks(flooded=(("Cross", 900, 300),)))
    view.draw(b, [])
    assert pygame.image.tobytes(a, "RGB") == pygame.image.tobytes(b, "RGB")


def test_models_are_bases_of_their_radius_with_unit_leader_and_f8_marks(screen, board):
    view = SewerBoardView(board, SIZE, sides=SIDES)
    view.camera.set_zoom(2.0)
    main = board.corridors["Main"]
    x, y = main.point_at(14.0)
    pieces = [model("a1", "troopers", x - 2, y, group="alpha"),
              model("a2", "troopers", x, y, group="alpha"),
              model("b1", "troopers", x + 2, y, group="bravo"),
              model("v1", "vermin", x + 4, y, group="rats"),
              model("dead", "vermin", x + 6, y, group="rats", status="dead")]
    mk = SewerMarks(bases={"a1": 0.49, "a2": 0.49, "b1": 0.79}, leaders={"a1"},
                    stragglers={"a2"}, scattered={"rats"})
    view.show(mk)
    surf = pygame.Surface(SIZE)
    view.draw(surf, pieces)
    spots = {fid: (sx, sy, r) for fid, sx, sy, r in view._spots}
    assert set(spots) == {"a1", "a2", "b1", "v1"}  # a casualty is gone
    s = view.scale
    assert spots["a1"][2] == pytest.approx(0.49 * s)
    assert spots["b1"][2] == pytest.approx(0.79 * s)
    assert spots["v1"][2] == pytest.approx(0.49 * s)  # the default base
    looks = view._looks(pieces)
    assert [looks[k].mark for k in ("a1", "a2", "b1", "v1")] == ["A", "A", "B", "A"]
    assert looks["a1"].leader and not looks["a2"].leader
    assert (looks["a1"].flag, looks["a2"].flag, looks["v1"].flag) == ("", "straggler",
                                                                     "scattered")
    for fid, (sx, sy, _r) in spots.items():
        assert view.piece_at(sx, sy) == fid
    assert tuple(surf.get_at((round(spots["a1"][0] - 0.6 * spots["a1"][2]),
                              round(spots["a1"][1])))[:3]) == \
        pal.side_colour(0)
    images = {view._base(Look(0, 12, "A", lead, flag)).get_size()
              for lead, flag in ((False, ""), (True, ""), (False, "straggler"))}
    assert len(images) >= 2  # the F-8 rings stand out round the base
    scattered = [r for kind, _w, r in view.label_rects if kind == "scattered"]
    assert len(scattered) == 1


def test_leaders_and_flags_read_from_the_pieces_when_the_marks_say_nothing(screen, board):
    view = SewerBoardView(board, SIZE, sides=SIDES)
    x, y = board.corridors["Main"].point_at(10.0)
    pieces = [model("s", "troopers", x, y, group="alpha", ring="leader"),
              model("t", "troopers", x + 2, y, group="alpha", tags=("straggler",))]
    view.show(Marks())
    looks = view._looks(pieces)
    assert looks["s"].leader and looks["t"].flag == "straggler"


def test_labels_cover_no_base_and_no_other_label(screen, board):
    view = SewerBoardView(board, SIZE, sides=SIDES)
    view.camera.set_zoom(1.6)
    pieces, mk, _show = sample_flood(board, 16)
    mk.pieces = {pieces[3].id: "1: 40%, 2: 10%"}
    view.show(mk)
    surf = pygame.Surface(SIZE)
    view.draw(surf, pieces)
    rects = [r for _k, _w, r in view.label_rects]
    names = {w: r for k, w, r in view.label_rects if k == "name"}
    assert names
    assert any(k == "target" for k, _w, _r in view.label_rects)
    for fid, x, y, r in view._spots:  # a name touches its own base, above, below or beside
        if fid in names:
            near = names[fid].inflate(round(0.4 * r) + 12, round(0.4 * r) + 12)
            assert near.collidepoint(x, y + r) or near.collidepoint(x, y - r) or \
                near.collidepoint(x + r, y) or near.collidepoint(x - r, y)
    for i, a in enumerate(rects):
        assert surf.get_rect().contains(a)
        assert a.collidelist(rects[i + 1:]) < 0
        for _fid, x, y, r in view._spots:
            nx = min(max(x, a.left), a.right)
            ny = min(max(y, a.top), a.bottom)
            assert math.hypot(nx - x, ny - y) >= r, (a, _fid)


def test_f4_a_wash_slides_each_model_along_its_path_at_a_readable_pace(screen, board):
    main = board.corridors["Main"]
    path = main.path(20.0, 28.0)
    show = WashShow("turn 2", (WashStep("m", path, "", "grate: S3 hit (F-6)"),), ())
    play = WashPlay(show, board)
    tm = play.timings[0]
    assert tm.end - tm.move == pytest.approx(8.0 / SPEED)
    assert play.position("m") == path[0]
    play.advance(tm.move + (tm.end - tm.move) / 2)
    x, y = play.position("m")
    assert math.dist((x, y), main.point_at(24.0)) < 0.01
    cues = play.advance(tm.end)
    assert [c.text for c in cues] == ["grate: S3 hit (F-6)"] and play.done
    assert play.position("m") is None  # over: it stands where the state says


def test_f5_a_bump_flashes_and_names_its_roll_before_the_model_moves(screen, board):
    main = board.corridors["Main"]
    show = WashShow("t", (WashStep("a", main.path(14.0, 17.0)),
                          WashStep("b", main.path(17.5, 21.0), "bumped by A: 5, 4+ (F-5)",
                                   by="a"),
                          WashStep("a", main.path(17.0, 18.0), "bumped by B: 6, 4+ (F-5)",
                                   by="b")),
                    ())
    view = SewerBoardView(board, SIZE, sides=SIDES)
    view.play_wash(show)
    play = view.play
    first, second, third = play.timings
    assert second.move - second.start > 0 and second.start >= first.end
    view.update(second.start + 0.01)
    assert [f.text for f in view.effects.floats] == ["bumped by A: 5, 4+ (F-5)"]
    assert play.flashes(0.45) and play.position("b") == main.path(17.5, 21.0)[0]
    assert play.position("a") == main.path(14.0, 17.0)[-1]  # it stopped, then is bumped
    view.update(third.move - play.t + 0.01)
    assert play.moving("a")


def test_f4_a_forks_split_and_roll_are_said_as_the_model_passes_it(screen, board):
    main = board.corridors["Main"]
    fork = board.forks[0].point
    path = (main.point_at(14.0), fork, board.corridors["Cross"].point_at(6.0))
    note = "fork: 1-3 on, 4-6 north; rolled 5 (F-4)"
    play = WashPlay(WashShow("t", (WashStep("m", path, notes=((fork, note),)),), ()), board)
    tm = play.timings[0]
    d = math.dist(path[0], fork)
    at_fork = tm.move + (tm.end - tm.move) * d / WashStep("m", path).length
    assert play.advance(at_fork - 0.01) == []
    assert [c.text for c in play.advance(0.02)] == [note]


def test_slides_that_wait_for_nothing_overlap_in_the_rules_order(screen, board):
    main, cross = board.corridors["Main"], board.corridors["Cross"]
    steps = tuple(WashStep(f"m{k}", main.path(2.0 + 3 * k, 4.5 + 3 * k)) for k in range(6))
    steps += (WashStep("m0", main.path(4.5, 5.5)),  # carried again: after its first
              WashStep("c", cross.path(2.0, 6.0), "bumped by m5 (F-5)", by="m5"))
    play = WashPlay(WashShow("t", steps, ()), board)
    t = play.timings
    starts = [tm.start for tm in t[:6]]
    assert starts == sorted(starts) and t[1].start < t[0].end  # staggered, overlapping
    assert t[6].start > t[0].end  # the same model's slides one after the other
    assert t[7].start > t[5].end  # a bump after the slide that made it
    assert play.duration == max(tm.end for tm in t)
    sequential = sum(tm.end - tm.start for tm in t)
    assert play.duration - play.water_time < sequential


def test_f7_the_water_spreads_from_the_origin_as_it_comes(screen, board):
    spans = tuple((c.id, 0, round(c.length * HUNDREDTHS)) for c in board.corridors.values())
    pieces = water_pieces(board, spans)
    assert {p.corridor for p in pieces} == set(board.corridors)
    play = WashPlay(WashShow("t", (), spans), board)
    play.advance(play.water_time * 0.2)
    wet = play.water()
    assert wet
    origin_c, origin_at = board.origin_at
    near = [(a, b) for c, a, b in wet if c == origin_c and a <= origin_at + 0.5 <= b]
    assert near  # round the drain first
    far_end = board.corridors["Main"].length - 0.5
    assert not [(a, b) for c, a, b in wet if c == "Main" and a <= far_end <= b]
    play.advance(play.water_time)
    assert play.water() is None  # all of it: the spans drawn whole


def test_skipping_the_wash_gives_the_same_final_picture(screen, board):
    pieces, mk, show = sample_flood(board, 12)

    def final(skip):
        view = SewerBoardView(board, SIZE, sides=SIDES)
        view.show(SewerMarks(**{**mk.__dict__, "wash": show}))
        surf = pygame.Surface(SIZE)
        view.update(0.5)
        view.draw(surf, pieces)  # part-way: the models slide, the water comes
        if skip:
            assert view.skip_wash()
        else:
            while view.busy or view.effects.floats:  # the notes fade too
                view.update(0.25)
        assert not view.busy
        view.draw(surf, pieces)
        return pygame.image.tobytes(surf, "RGB")

    played, skipped = final(False), final(True)
    assert played == skipped
    view = SewerBoardView(board, SIZE, sides=SIDES)
    view.show(SewerMarks(**{**mk.__dict__, "wash": None}))
    still = pygame.Surface(SIZE)
    view.draw(still, pieces)
    assert pygame.image.tobytes(still, "RGB") == skipped  # the state's own picture


def test_a_washs_slide_reported_again_as_a_move_is_not_played_twice(screen, board):
    main = board.corridors["Main"]
    path = main.path(20.0, 24.0)
    view = SewerBoardView(board, SIZE, sides=SIDES)
    view.play_wash(WashShow("t", (WashStep("m", path),), ()))
    view.skip_wash()
    view.animate_move("m", [Point.of(*path[0]), Point.of(*path[-1])], 0.5)
    assert not view.busy
    view.animate_move("m", [Point.of(*path[-1]), Point.of(*main.point_at(26.0))], 0.5)
    assert view.busy  # a move of its own afterwards


def test_a_wash_plays_once_per_key(screen, board):
    _pieces, mk, show = sample_flood(board, 4)
    view = SewerBoardView(board, SIZE, sides=SIDES)
    view.show(SewerMarks(wash=show))
    assert view.busy
    view.cancel_animations()
    assert not view.busy
    view.show(SewerMarks(wash=show))
    assert not view.busy  # the same flood is not played again
    view.play_wash(show)
    view.show(SewerMarks(skip_wash=True))  # the player asked to skip it
    assert not view.busy


def test_every_feature_kind_has_a_look_and_an_unknown_one_is_drawn_plainly(screen, board):
    view = SewerBoardView(board, SIZE, sides=SIDES)
    square = ((1.0, 1.0), (4.0, 1.0), (4.0, 3.0), (1.0, 3.0))
    line = ((1.0, 1.0), (1.0, 4.0))
    for kind, pts, closed in (("gantry", square, True), ("grate", line, False),
                              ("grate", square, True), ("sluice", line, False),
                              ("sluice", square, True), ("cave-in", line, False),
                              ("cave-in", square, True), ("nest", square, True),
                              ("vent", square, True), ("vent", line, False)):
        art = feature_art(0, Feature(3, kind, pts, closed, name=""))
        img, (x0, y0) = view.art.feature_image(art, 30.0)
        assert x0 < min(x for x, _ in pts) and y0 < min(y for _, y in pts)
        painted = sum(img.get_at((i, j))[3] > 0 for i in range(0, img.get_width(), 2)
                      for j in range(0, img.get_height(), 2))
        assert painted > 20, kind
        assert art.label == kind  # an unnamed feature is labelled with its kind
    stones = feature_art(0, Feature(3, "cave-in", square, True)).bits
    assert stones and all(1.0 <= x <= 4.0 and 1.0 <= y <= 3.0 for x, y, _r, _s in stones)
    assert feature_art(0, Feature(3, "nest", square, True)).bits
    assert hash01(1, 2, 3) == hash01(1, 2, 3) != hash01(1, 2, 4)


def test_pointing_and_the_keyboard_cursor_stay_in_the_corridors(screen, board):
    view = SewerBoardView(board, SIZE, sides=SIDES)
    view.draw(pygame.Surface(SIZE), [])
    x, y = board.corridors["Main"].point_at(5.0)
    place = view.place_at(*view.to_screen(x, y))
    assert isinstance(place, Point) and board.contains(*place.units)
    assert view.place_at(*view.to_screen(6.0, 4.0)) is None  # the rock
    nxt = view.step(place, 1, 0)
    assert nxt is not None and nxt.units[0] > place.units[0]
    assert view.step(place, 0, -1) is not None
    far = Point.of(x, y - board.corridors["Main"].width / 2 + 0.1)
    assert view.step(far, 0, -1) is None  # the wall
    view.frame([place])
    assert view.camera.zoom > 1.0


def test_the_legend_names_each_mark_and_feature(screen, board):
    view = SewerBoardView(board, SIZE, sides=SIDES)
    rows = view.legend(["Troopers", "Vermin"])
    texts = [t for _s, t in rows]
    assert texts[0].startswith("Troopers: solid ring")
    for word in ("leader", "straggler", "scattered", "flooded", "gantry", "grate",
                 "sluice", "cave-in", "nest", "origin", "difficult"):
        assert any(word in t for t in texts), word


def test_a_moved_model_slides_and_ends_where_it_stands(screen, board):
    view = SewerBoardView(board, SIZE, sides=SIDES)
    main = board.corridors["Main"]
    a, b = Point.of(*main.point_at(4.0)), Point.of(*main.point_at(9.0))
    pieces = [model("m", "troopers", *b.units)]
    view.animate_move("m", [a, b], 0.1)
    assert view.busy
    view.update(0.05)
    view.draw(pygame.Surface(SIZE), pieces)
    x = view._spots[0][1]
    assert view.to_screen(*a.units)[0] < x < view.to_screen(*b.units)[0]
    for _ in range(40):
        view.update(0.05)
    view.draw(pygame.Surface(SIZE), pieces)
    assert view._spots[0][1] == pytest.approx(view.to_screen(*b.units)[0])


def test_a_frame_during_the_wash_is_within_its_budget(screen):
    assert sewer_frame_ms(frames=60, clock=time.process_time) <= budget(3.0)


def test_f5_a_long_chain_of_bumps_shows_in_a_few_seconds_its_order_kept(screen, board):
    main = board.corridors["Main"]
    steps = [WashStep("m0", main.path(2.0, 8.0))]
    for k in range(1, 30):  # each knocked over by the one before: one after the other
        steps.append(WashStep(f"m{k}", main.path(2.0, 8.0), f"bumped by m{k - 1} (F-5)",
                              by=f"m{k - 1}"))
    play = WashPlay(WashShow("t", tuple(steps), ()), board)
    t = play.timings
    assert play.duration <= LONGEST + 1e-9
    assert all(b.start > a.end for a, b in zip(t, t[1:], strict=False))  # still in turn
    assert all(tm.start <= tm.move < tm.end for tm in t)
    short = WashPlay(WashShow("t", tuple(steps[:2]), ()), board)
    assert short.timings[1].end - short.timings[1].move == pytest.approx(6.0 / SPEED)
