"""``--view-map``: any map a board kind claims opens in the window, drawn by its kind's
own view or, for a kind with none yet (the sewer and the street), by the plain view."""

from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")

import pygame  # noqa: E402
import pytest  # noqa: E402

import main  # noqa: E402
from game.core.scenario import MAPS_DIR  # noqa: E402
from game.ui.app import App  # noqa: E402
from game.ui.boards.plain import PlainBoardView  # noqa: E402
from game.ui.scenes.map_view import MapScene  # noqa: E402


@pytest.fixture
def app(tmp_path, monkeypatch):
    monkeypatch.setenv("SKIRMISH_DATA_DIR", str(tmp_path / "data"))
    return App(raise_errors=True)


@pytest.mark.parametrize(("name", "kind", "plain"), [
    ("test/sewer_stub.tmx", "sewer", False),
    ("test/track_stub.tmx", "track", False),
    ("hill_fight.tmx", "hex", False),
    ("farmhouse.tmx", "zones", False),
    ("backyard.tmx", "table", False),
])
def test_a_map_opens_in_its_kinds_view_or_the_plain_one(app, name, kind, plain):
    assert app.view_map(MAPS_DIR / name)
    scene = app.scene
    assert isinstance(scene, MapScene) and scene.loaded.kind == kind
    assert isinstance(scene.view, PlainBoardView) == plain
    surface = pygame.Surface((1280, 720))
    scene.draw(surface)
    colours = {surface.get_at((x, y))[:3]
               for x in range(0, 1280, 37) for y in range(60, 720, 29)}
    assert len(colours) > 4, "the board is drawn"
    pieces = [p for p in scene.pieces if p.place is not None]
    assert pieces or kind == "table"  # the open table's minis are deployed in play (K-3)
    assert all(scene.loaded.board.has_place(p.place) for p in pieces)
    assert all(scene.view.screen_pos(p.place) is not None for p in pieces)


def test_the_stubs_open_from_the_command_line(tmp_path):
    for stub in ("sewer_stub", "track_stub"):
        shot = tmp_path / f"{stub}.png"
        assert main.main(["--view-map", str(MAPS_DIR / "test" / f"{stub}.tmx"),
                          "--screenshot", str(shot)]) == 0
        assert shot.is_file()


def test_a_map_nobody_claims_is_said_in_the_error_box(app, tmp_path):
    bad = tmp_path / "nothing.tmx"
    bad.write_text("<map version='1.8' orientation='orthogonal' width='2' height='2' "
                   "tilewidth='8' tileheight='8'></map>", encoding="utf-8")
    app.raise_errors = False
    assert not app.view_map(bad)
    assert app.error_shown() is not None and "nothing.tmx" in app.error_shown()
