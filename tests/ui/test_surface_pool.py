"""The surfaces the top bar and the dice log's entries are drawn on come from a pool:
one let go is drawn on again, one still held never is, and the window shows the same
pixels (tests/ui: the 31 screens of the zone, hex and hero scenes are checked apart)."""

import gc
import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame  # noqa: E402

from game.ui.drawing import SurfacePool  # noqa: E402


def test_a_surface_let_go_is_taken_again_and_one_held_is_not():
    pygame.display.init()
    pygame.display.set_mode((320, 200))
    pool = SurfacePool()
    a = pool.take((40, 30))
    b = pool.take((40, 30))
    assert a.get_parent() is not b.get_parent()  # both held: two surfaces
    assert a.get_size() == (40, 30)
    assert a.get_bitsize() == pygame.display.get_surface().get_bitsize()
    back = a.get_parent()
    del a
    gc.collect()
    c = pool.take((40, 30))
    assert c.get_parent() is back  # let go: drawn on again
    d = pool.take((41, 30))
    assert d.get_parent() is not back and d.get_size() == (41, 30)  # another size


def test_without_a_window_a_plain_surface(monkeypatch):
    monkeypatch.setattr(pygame.display, "get_surface", lambda: None)
    s = SurfacePool().take((8, 8))
    assert s.get_parent() is None and s.get_size() == (8, 8)
