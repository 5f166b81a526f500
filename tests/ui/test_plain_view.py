"""The plain board view: any board drawn and pointed at through the board-neutral questions
(bounds, outlines, locate, has_place), the fallback for a board kind with no view of its
own; terrain held in the game state; a camera that follows the pieces."""

import math
import os

os.environ["SDL_VIDEODRIVER"] = "dummy"
os.environ["SDL_AUDIODRIVER"] = "dummy"
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

import pygame  # noqa: E402
import pytest  # noqa: E402

from game.core.board import Outline, Scenery  # noqa: E402
from game.core.places import HUNDREDTHS, InZone, OnTrack, Point  # noqa: E402
from game.core.ruleset import PieceView  # noqa: E402
from game.ui.boards import BOARD_VIEWS, PLAIN, Marks, board_view, view_class  # noqa: E402
from game.ui.boards.plain import PlainBoardView  # noqa: E402
from game.ui.camera import Camera  # noqa: E402

SIZE = (900, 500)


class ZoneStrip:
    """Three square zones side by side, 10 units each: a board of a kind no view knows."""

    def bounds(self):
        return 0.0, 0.0, 30.0, 10.0

    def outlines(self):
        return [Outline(((10.0 * k, 0.0), (10.0 * k + 10, 0.0), (10.0 * k + 10, 10.0),
                         (10.0 * k, 10.0)), True, "zone", name)
                for k, name in enumerate("ABC")] + [
            Outline(((10.0, 2.0), (10.0, 8.0)), False, "wall", "")]

    def locate(self, place):
        if isinstance(place, InZone) and place.zone in "ABC" and place.boundary is None:
            return 10.0 * "ABC".index(place.zone) + 5.0, 5.0
        return None

    def has_place(self, place):
        return self.locate(place) is not None


class OpenTable:
    """A continuous 48 x 24 table: every point on it is a place."""

    def bounds(self):
        return 0.0, 0.0, 48.0, 24.0

    def outlines(self):
        return [Outline(((20.0, 8.0), (28.0, 8.0), (28.0, 14.0), (20.0, 14.0)), True,
                        "building", "Barn")]

    def locate(self, place):
        if isinstance(place, Point) and self.has_place(place):
            return place.units
        return None

    def has_place(self, place):
        return isinstance(place, Point) and 0 <= place.units[0] <= 48 and \
            0 <= place.units[1] <= 24


class Street:
    """One street 60 units long along y = 5: places are distances along it."""

    def bounds(self):
        return 0.0, 0.0, 60.0, 10.0

    def outlines(self):
        return [Outline(((0.0, 5.0), (60.0, 5.0)), False, "street", "main")]

    def locate(self, place):
        if isinstance(place, OnTrack) and place.track == "main" and 0 <= place.at <= 6000:
            return place.at / HUNDREDTHS, 5.0
        return None

    def has_place(self, place):
        return self.locate(place) is not None


def piece(pid, side, place, **kw):
    return PieceView(id=pid, name=pid.title(), side=side, kind="human", kind_name="Human",
                     place=place, health=8, health_max=10, **kw)


@pytest.fixture(scope="module")
def screen():
    pygame.display.init()
    pygame.font.init()
    yield pygame.display.set_mode((1280, 720))


def test_a_kind_with_no_view_of_its_own_gets_the_plain_view(screen):
    assert PLAIN in BOARD_VIEWS
    assert view_class("strip") is PlainBoardView  # a kind no view is registered for
    view = board_view("strip", ZoneStrip(), SIZE, ["a", "b"])
    assert isinstance(view, PlainBoardView)
    assert view_class("hex").__name__ == "HexBoardView"  # a kind's own view still wins


def test_every_view_answers_legend_and_pieces_share_places_plainly(screen):
    for kind in BOARD_VIEWS:
        cls = BOARD_VIEWS.get(kind)
        assert isinstance(cls.pieces_share_places, bool), kind
        assert callable(cls.legend), kind
    view = PlainBoardView(ZoneStrip(), SIZE, sides=["a", "b"])
    rows = view.legend(["Red", "Blue"])
    assert [t for _s, t in rows[:2]] == ["Red: solid ring", "Blue: dashed ring"]
    assert len(rows) > 2  # its own marks too


def test_it_draws_the_outline_and_the_pieces_and_picks_them_back(screen):
    view = PlainBoardView(ZoneStrip(), SIZE, sides=["a", "b"])
    pieces = [piece("p1", "a", InZone("A")), piece("p2", "b", InZone("A")),
              piece("p3", "b", InZone("C")), piece("gone", "a", None),
              piece("dead", "a", InZone("B"), status="dead")]
    surf = pygame.Surface(SIZE)
    view.draw(surf, pieces)
    drawn = {fid: (x, y) for fid, x, y, _r in view._spots}
    assert set(drawn) == {"p1", "p2", "p3"}
    assert math.dist(drawn["p1"], drawn["p2"]) >= view.base_radius * 2  # side by side
    for fid, (x, y) in drawn.items():
        assert view.piece_at(x, y) == fid
    assert view.place_at(*view.screen_pos(InZone("C"))) == InZone("C")
    bx, by = view.screen_pos(InZone("B"))  # no piece there: the board's zone outline
    assert view.place_at(bx + 30, by - 20) == InZone("B")
    assert view.place_at(-40, -40) is None
    assert view.screen_pos(Point.of(1, 1)) is None  # not a place of this board
    assert surf.get_at((round(bx + 30), round(by - 20))) != surf.get_at((2, 2))


def test_it_shows_reach_targets_selection_and_their_labels(screen):
    view = PlainBoardView(ZoneStrip(), SIZE, sides=["a", "b"])
    pieces = [piece("p1", "a", InZone("A")), piece("p3", "b", InZone("C"))]
    bare = pygame.Surface(SIZE)
    view.draw(bare, pieces)
    view.show(Marks(reach={InZone("B"): "2 MP"}, targets={InZone("C"): "hit 62%"},
                    selected=InZone("A"), path=(InZone("A"), InZone("B")),
                    pieces={"p3": "62%"}, selected_piece="p1"))
    marked = pygame.Surface(SIZE)
    view.draw(marked, pieces)
    bx, by = view.screen_pos(InZone("B"))
    assert marked.get_at((round(bx), round(by) - 5)) != bare.get_at((round(bx), round(by) - 5))
    kinds = {k for k, _w, _r in view.label_rects}
    assert {"reach", "target"} <= kinds
    rects = [r for _k, _w, r in view.label_rects]
    assert all(not a.colliderect(b) for i, a in enumerate(rects) for b in rects[i + 1:])
    assert view.place_at(bx + 3, by + 3) == InZone("B")  # a marked place is picked
    assert view.step(InZone("A"), 1, 0) == InZone("B")
    assert view.step(InZone("B"), 1, 0) == InZone("C")
    assert view.step(InZone("A"), -1, 0) is None


def test_it_draws_scenery_held_in_the_game_state(screen):
    view = PlainBoardView(OpenTable(), SIZE, sides=["a"])
    ruin = Scenery("r1", "ruin", ((4.0, 4.0), (12.0, 4.0), (12.0, 10.0), (4.0, 10.0)), 2.0,
                   "Old mill")
    bare, shown = pygame.Surface(SIZE), pygame.Surface(SIZE)
    view.draw(bare, [])
    view.draw(shown, [], [ruin])
    x, y = view.to_screen(5.0, 5.0)
    assert shown.get_at((round(x), round(y))) != bare.get_at((round(x), round(y)))


def test_points_and_track_distances_are_picked_on_continuous_boards(screen):
    table = PlainBoardView(OpenTable(), SIZE, sides=["a"])
    table.draw(pygame.Surface(SIZE), [])
    x, y = table.to_screen(10.0, 20.0)
    got = table.place_at(x, y)
    assert isinstance(got, Point) and math.dist(got.units, (10.0, 20.0)) < 0.2
    nxt = table.step(got, 1, 0)
    assert isinstance(nxt, Point) and nxt.units[0] > got.units[0]
    street = PlainBoardView(Street(), SIZE, sides=["a"])
    street.draw(pygame.Surface(SIZE), [piece("car", "a", OnTrack("main", 1000))])
    x, y = street.to_screen(42.0, 5.0)
    got = street.place_at(x, y + 2)
    assert isinstance(got, OnTrack) and got.track == "main" and abs(got.at - 4200) < 60
    assert street.place_at(*street.screen_pos(OnTrack("main", 1000))) == OnTrack("main", 1000)


def test_it_animates_frames_and_resizes(screen):
    view = PlainBoardView(ZoneStrip(), SIZE, sides=["a"])
    pieces = [piece("p1", "a", InZone("C"))]
    view.animate_move("p1", [InZone("A"), InZone("B"), InZone("C")], 0.5)
    assert view.busy
    view.draw(pygame.Surface(SIZE), pieces)
    x0 = view._spots[0][1]
    view.update(0.25)
    view.draw(pygame.Surface(SIZE), pieces)
    assert view._spots[0][1] > x0
    view.update(1.0)
    assert not view.busy
    view.float_text(InZone("C"), "-3", (255, 0, 0))
    view.draw(pygame.Surface(SIZE), pieces)
    view.frame([InZone("C")])
    sx, _ = view.screen_pos(InZone("C"))
    assert abs(sx - SIZE[0] / 2) < 2
    view.resize((400, 300))
    assert view.camera.view == (400, 300)
    assert view.toggle_overlay("labels") is False
    with pytest.raises(ValueError):
        view.toggle_overlay("nonsense")


def test_the_camera_follows_a_set_of_points_smoothly_and_stops_when_the_user_pans():
    cam = Camera((0.0, 0.0, 4000.0, 1000.0), (800, 600), zoom=1.0)
    cam.centre_on(200, 500)
    pts = [(3000.0, 400.0), (3300.0, 600.0)]
    cam.follow(pts)
    assert cam.following
    seen = []
    for _ in range(120):
        cam.step(1 / 60)
        seen.append(cam.ox)
    assert all(b <= a for a, b in zip(seen, seen[1:], strict=False))  # eases one way
    assert seen[0] > seen[-1] and seen[0] - seen[-1] > 100
    for x, y in pts:  # every point in view, a margin round it
        sx, sy = cam.map_to_screen(x, y)
        assert 0 < sx < 800 and 0 < sy < 600
    assert abs(seen[1] - seen[0]) < 400  # not a jump
    cam.follow([(0.0, 0.0), (4000.0, 1000.0)])  # too wide: it zooms out to fit
    for _ in range(240):
        cam.step(1 / 60)
    assert cam.zoom < 0.25
    for x, y in ((0.0, 0.0), (4000.0, 1000.0)):
        sx, sy = cam.map_to_screen(x, y)
        assert -1 <= sx <= 801 and -1 <= sy <= 601
    cam.pan(10, 0)
    assert not cam.following and not cam.step(0.1)


def test_a_view_can_follow_its_pieces(screen):
    view = PlainBoardView(ZoneStrip(), SIZE, sides=["a"])
    view.camera.set_zoom(3.0)
    view.camera.centre_on(*view.map_point(InZone("A")))
    view.follow_pieces = True
    pieces = [piece("p1", "a", InZone("C"))]
    for _ in range(90):
        view.draw(pygame.Surface(SIZE), pieces)
        view.update(1 / 30)
    sx, sy = view.screen_pos(InZone("C"))
    assert 0 < sx < SIZE[0] and 0 < sy < SIZE[1]


@pytest.mark.parametrize("scenario", ["hill_fight", "farmhouse", "backyard"])
def test_every_view_draws_terrain_held_in_the_game_state(screen, scenario):
    from game.rules import open_match
    from game.ui.boards.table import PX, TableBoardView

    m = open_match(scenario, 1)
    view = board_view(m.map.kind, m.board, SIZE, m.sides)
    mx, my = view.camera.screen_to_map(SIZE[0] / 2, SIZE[1] / 2)
    per_unit = PX if isinstance(view, TableBoardView) else 1.0
    x, y, d = mx / per_unit, my / per_unit, 60 / per_unit
    barn = Scenery("b1", "building", ((x - d, y - d), (x + d, y - d), (x + d, y + d),
                                      (x - d, y + d)), 3.0, "Barn")
    bare, shown = pygame.Surface(SIZE), pygame.Surface(SIZE)
    view.draw(bare, [])
    view.draw(shown, [], [barn])
    x0, y0 = view.camera.map_to_screen((x - d) * per_unit, (y - d) * per_unit)
    x1, y1 = view.camera.map_to_screen((x + d) * per_unit, (y + d) * per_unit)
    box = pygame.Rect(round(x0), round(y0), round(x1 - x0), round(y1 - y0))
    changed = sum(shown.get_at((i, j)) != bare.get_at((i, j))
                  for i in range(box.left, box.right, 3) for j in range(box.top, box.bottom, 3))
    assert changed > 0.8 * (box.w // 3) * (box.h // 3)  # its footprint is drawn over the map
    assert view.legend(["A", "B"])[0][1].startswith("A: solid ring")
