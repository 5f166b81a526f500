"""The zone board's labels (zone names, obstacles, bottlenecks, reach odds, line odds,
figure names and action odds) are laid out so none covers a figure or another label."""

import os

os.environ["SDL_VIDEODRIVER"] = "dummy"
os.environ["SDL_AUDIODRIVER"] = "dummy"
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

import pygame  # noqa: E402
import pytest  # noqa: E402
from zonemap import act_now, grid, zone_match  # noqa: E402

from game.core.places import InZone  # noqa: E402
from game.rules import open_match  # noqa: E402
from game.ui.boards.zones import ZoneBoardView  # noqa: E402
from game.ui.controllers.melee_zones import MeleeZoneController  # noqa: E402


@pytest.fixture(scope="module")
def screen():
    pygame.display.init()
    pygame.font.init()
    yield pygame.display.set_mode((1280, 720))


def drawn(view, pieces):
    surf = pygame.Surface(view.camera.view)
    view.draw(surf, pieces)
    return view.label_rects


def assert_apart(view, pieces, rects):
    for k, (kind, what, rc) in enumerate(rects):
        for kind2, what2, rc2 in rects[k + 1:]:
            assert not rc.colliderect(rc2), f"{kind} {what} covers {kind2} {what2}"
    r = view.base_radius
    for p in pieces:
        pos = view.piece_screen_pos(p.id)
        if pos is None:
            continue
        x, y = pos
        base = pygame.Rect(round(x - r), round(y - r), round(2 * r), round(2 * r))
        for kind, what, rc in rects:
            assert not rc.colliderect(base.inflate(-4, -4)), f"{kind} {what} covers {p.id}"


def test_a_wall_label_does_not_cover_the_line_odds_or_the_figures_on_the_line(screen):
    board = grid(["A B"], walls=[("w1", "A", "B", 2, "wall", 0)], cell=300)
    m = zone_match(board, [("Hob", "a", "man", "A"), ("Ann", "a", "man", "A", "B"),
                           ("Bo", "a", "man", "A", "B"), ("X", "b", "man", "B")])
    act_now(m, "hob")
    c = MeleeZoneController(m)
    c.refresh(True)
    view = ZoneBoardView(m.board, (920, 460), sides=m.sides)
    view.show(c.marks("hob", InZone("A", "B")))
    assert any(t.startswith("line") for t in view.marks.targets.values())
    pieces = m.pieces()
    rects = drawn(view, pieces)
    kinds = {kind for kind, _w, _rc in rects}
    assert {"obstacle", "target", "zone", "name"} <= kinds, rects
    assert_apart(view, pieces, rects)


@pytest.mark.parametrize("scenario", ["farmhouse", "open_field"])
@pytest.mark.parametrize("size", [(920, 460), (440, 250)])
def test_no_label_covers_a_figure_or_another_label(screen, scenario, size):
    m = open_match(scenario, 3)
    c = MeleeZoneController(m)
    c.refresh(True)
    view = ZoneBoardView(m.board, size, sides=m.sides)
    pieces = m.pieces()
    for who in [p.id for p in pieces][:4]:
        marks = c.marks(who, None)
        marks.pieces = {p.id: "62%" for p in pieces if p.side != pieces[0].side}
        view.show(marks)
        assert_apart(view, pieces, drawn(view, pieces))
    if size[0] >= 900:  # room for every obstacle's, bottleneck's and zone's name
        what = {(kind, w) for kind, w, _rc in view.label_rects}
        assert {("obstacle", o) for o in m.board.obstacles} <= what
        assert {("door", b) for b in m.board.bottlenecks} <= what
        mx, my = view._origin()
        x0, y0, _x1, _y1 = view.extent
        z = view.camera.zoom
        for kind, w, rc in view.label_rects:  # a bottleneck's label beside its marker
            if kind == "door":
                door = view._door_rect(m.board.bottlenecks[w], -x0 * z, -y0 * z)
                assert rc.colliderect(door.move(mx, my).inflate(8, 8)), (w, rc, door)
        assert {("zone", z) for z in m.board.zones} <= what


def _frame_with_a_slide(labels_on, monkeypatch):
    m = zone_match(grid(["A B"], cell=300), [("Hob", "a", "man", "A"), ("X", "b", "man", "B")])
    view = ZoneBoardView(m.board, (440, 250), sides=m.sides)
    pieces = m.pieces()
    drawn(view, pieces)
    label = next(rc for kind, what, rc in view.label_rects if kind == "zone" and what == "A")
    at = view.camera.screen_to_map(*label.center)
    view.visible["labels"] = labels_on
    view.effects.move("x", [InZone("B"), InZone("A")], 100.0)  # sliding through the label
    real = view._piece_point
    monkeypatch.setattr(view, "_piece_point",
                        lambda v, spots: at if v.id == "x" else real(v, spots))
    surf = pygame.Surface(view.camera.view)
    view.draw(surf, pieces)
    return surf, label.center


def test_a_label_never_covers_a_token_even_one_sliding_past_it(screen, monkeypatch):
    """Issue 18 friction 8: labels are laid out clear of every figure standing still and
    drawn under the tokens, so a figure sliding over a zone's name stays in sight."""
    with_labels, (x, y) = _frame_with_a_slide(True, monkeypatch)
    without, _at = _frame_with_a_slide(False, monkeypatch)
    assert with_labels.get_at((x, y)) == without.get_at((x, y))
    pygame.image.save(with_labels, os.environ.get("ZONE_SLIDE_PNG", "/tmp/zone_slide.png"))


def test_label_grid_answers_as_a_test_against_every_rect() -> None:
    """The label grid files its rectangles in cells only past ``FEW`` of them; below and
    above that, and as it crosses it, each answer is one against every rectangle."""
    import random

    from game.ui.boards.labels import LabelGrid

    rng = random.Random(5)

    def rect() -> pygame.Rect:
        return pygame.Rect(rng.randrange(-50, 1500), rng.randrange(-50, 900),
                           rng.randrange(1, 300), rng.randrange(1, 60))

    grid = LabelGrid()
    for n in range(LabelGrid.FEW * 2):
        probes = [rect() for _ in range(6)]
        want = next((p for p in probes if p.collidelist(grid.every) < 0), None)
        assert grid.first_free(probes) == want
        assert [grid.hits(p) for p in probes] == [p.collidelist(grid.every) >= 0
                                                  for p in probes]
        assert (grid.buckets is not None) == (n > LabelGrid.FEW)
        grid.add(rect())
