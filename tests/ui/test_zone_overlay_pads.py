"""A zone board's overlays are drawn each on a surface of its own that is given back
(and drawn on again, cleared) once the overlay is let go: every overlay is, pixel for
pixel, the overlay drawn fresh, however many came and went before it."""

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame  # noqa: E402

from game.core.places import InZone  # noqa: E402
from game.ui import bench as ui_bench  # noqa: E402
from game.ui.boards import zones as zone_views  # noqa: E402
from game.ui.boards.zone_marks import build_overlay  # noqa: E402
from game.ui.boards.zones import OVERLAYS_KEPT, ZoneBoardView  # noqa: E402


def _pixels(s: pygame.Surface | None) -> bytes | None:
    return None if s is None else pygame.image.tobytes(s, "RGBA")


def test_every_overlay_is_the_overlay_drawn_fresh(data_dir, monkeypatch):
    checked = []

    def both(*args):
        got = build_overlay(*args)  # on the view's own surface
        fresh = build_overlay(*args[:-1])  # on a shared one, copied off
        assert got.at == fresh.at and _pixels(got.surface) == _pixels(fresh.surface)
        if got.surface is not None:
            checked.append(got.surface.get_parent())
        return got

    monkeypatch.setattr(zone_views, "build_overlay", both)
    app, scene = ui_bench._zone_scene()  # the Farmhouse, a goblin to act
    m = scene.m
    view = scene.view
    assert isinstance(view, ZoneBoardView)
    for _ in range(3):  # more marks than are kept: surfaces are given back and reused
        for z in sorted(m.state.board.zones):
            for fid in [m.state.acting().id, *[p.id for p in scene.pieces][:2]]:
                scene.select(fid)
                scene.input.set_hover(InZone(z))
                scene.show_marks()
                app.dirty = True
                app.step(0.0)
        view._overlays.clear()  # (every kept one let go)
    drawn_on = {id(s) for s in checked}
    assert len(checked) > 2 * OVERLAYS_KEPT + 2
    assert len(drawn_on) <= OVERLAYS_KEPT + 2  # given back and drawn on again
    assert view._pads


def test_disjoint_covers_the_union_once():
    import random

    from game.ui.boards.zone_marks import disjoint

    rng = random.Random(7)
    for _ in range(200):
        rects = [pygame.Rect(rng.randrange(60), rng.randrange(60), rng.randrange(0, 30),
                             rng.randrange(0, 30)) for _ in range(rng.randrange(0, 9))]
        want = {(x, y) for r in rects for x in range(r.left, r.right)
                for y in range(r.top, r.bottom)}
        got = [(x, y) for r in disjoint(rects) for x in range(r.left, r.right)
               for y in range(r.top, r.bottom)]
        assert len(got) == len(set(got))  # none overlapping another
        assert set(got) == want


def test_an_overlays_parts_blit_as_the_whole(data_dir):
    app, scene = ui_bench._zone_scene()
    view = scene.view
    app.step(0.0)
    over = view._overlay
    assert over.surface is not None and len(over.parts()) > 1
    area = sum(s.get_width() * s.get_height() for s, _ in over.parts())
    assert area < over.surface.get_width() * over.surface.get_height()
    assert over.blitted  # (the first frame blitted it whole; the next blit its parts)
    for back in ((30, 60, 20), (200, 190, 170)):
        whole = pygame.Surface(over.surface.get_size())
        whole.fill(back)
        parts = whole.copy()
        whole.blit(over.surface, (0, 0))
        parts.fblits([(s, at) for s, at in over.parts()])
        assert _pixels(whole) == _pixels(parts)
