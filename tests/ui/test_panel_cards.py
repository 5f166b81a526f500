"""The side panel's cut cards: a card taller than its room is drawn whole on a kept
TALL surface (cleared where the last card drew) and its window copied onto the card's
own surface; every card comes out pixel for pixel as on fresh surfaces."""

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame  # noqa: E402
import pytest  # noqa: E402

from game.rules import open_match  # noqa: E402
from game.ui.app import App  # noqa: E402
from game.ui.scenes.shell.panel import Panel  # noqa: E402

SMALL = (800, 500)


def _pixels(surf: pygame.Surface) -> bytes:
    return pygame.image.tobytes(surf, "RGBA")


def _opened(name: str):
    """The scene of scenario ``name`` (seed 3, every side human) in the small window,
    drawn once."""
    app = App(raise_errors=True, size=SMALL)
    m = open_match(name, 3)
    app.start_match(m, {s: "human" for s in m.sides})
    app.draw()
    return app.scene


@pytest.mark.parametrize("name", ["farmhouse", "hill_fight", "charges_in_the_nest"])
def test_a_cut_card_drawn_on_the_kept_tall_surface_is_the_card_drawn_fresh(data_dir,
                                                                             name):
    scene = _opened(name)
    panel = scene.panel
    w, h = scene.side_rect.w, panel.buttons_top - scene.side_rect.y - 6
    shown = [scene.piece(p.id) for p in scene.pieces if p.place is not None]
    # tallest first, then shorter ones: each is drawn where a taller one drew before
    cut = 0
    for piece in [None, *shown, *reversed(shown)]:
        got = panel._fitted(piece, w, h)
        was_cut = panel.cut()
        fresh = Panel(scene)
        want = fresh._fitted(piece, w, h)
        assert was_cut == fresh.cut() and panel.content_h == fresh.content_h
        assert _pixels(got) == _pixels(want), piece
        assert got.parts == want.parts
        cut += was_cut
    assert cut, "some card is cut in the small window"


@pytest.mark.parametrize("name", ["farmhouse", "open_field"])
def test_a_card_drawn_whole_first_where_the_last_was_cut_is_the_card_drawn_fresh(
        data_dir, name):
    """A card cut the last time it was drawn is drawn whole first (its drawing at its
    room's height spared when it is cut again): at every height, taller and shorter
    than it needs, with the pointer on a place and off it, it comes out as drawn by a
    panel that never drew a card."""
    scene = _opened(name)
    panel = scene.panel
    w = scene.side_rect.w
    shown = [scene.piece(p.id) for p in scene.pieces if p.place is not None][:3]
    places = [None, *(p.place for p in shown)]
    spared = firsts = 0
    for hover in places:
        scene.hover = hover
        for piece in shown:
            for h in [*range(60, 900, 23), *range(880, 60, -41)]:
                firsts += panel._cuts.get((piece.id, w), False)
                got = panel._fitted(piece, w, h)
                fresh = Panel(scene)
                want = fresh._fitted(piece, w, h)
                assert panel.cut() == fresh.cut() and panel.content_h == fresh.content_h
                assert panel.scroll == fresh.scroll
                assert _pixels(got) == _pixels(want), (piece.id, h, hover)
                assert got.parts == want.parts
                spared += panel.cut()
    assert firsts and spared, "some cards are drawn whole first, and some are cut"
