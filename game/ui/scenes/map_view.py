"""A map as the game reads it, with no rules: for people who make maps (``--view-map``).

Any map file a board kind claims (hex height map, zone board, table, sewer, street) is
read as that kind and drawn by the kind's own view, or by the plain view for a kind that
has none yet, with the figures its ``figures`` layer places. The wheel zooms, a drag or
the arrow keys pan, Home fits the whole board, Esc goes back.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import pygame

from game.core.places import LoadedMap
from game.core.ruleset import PieceView
from game.ui.boards import BoardView, board_view
from game.ui.scenes.base import Host, Scene
from game.ui.widgets import BG, DIM, TEXT

HEAD_H = 56
WHEEL_STEP = 1.15
PAN_STEP = 60


def placed_pieces(loaded: LoadedMap[Any]) -> list[PieceView]:
    """The map's figures as pieces to draw (what each is and where it stands)."""
    out = []
    for k, p in enumerate(loaded.placements):
        out.append(PieceView(id=f"figure{k}", name=p.name or p.unit, side=p.side,
                             kind=p.unit, kind_name=p.unit, place=p.place, facing=p.facing))
    return out


class MapScene(Scene):
    """One map drawn plainly, to look at (no game is played on it)."""

    def __init__(self, app: Host, loaded: LoadedMap[Any], size: tuple[int, int]) -> None:
        super().__init__(app)
        self.loaded = loaded
        self.pieces = placed_pieces(loaded)
        sides: Sequence[str] = sorted({p.side for p in self.pieces})
        self.view: BoardView = board_view(loaded.kind, loaded.board,
                                          (size[0], size[1] - HEAD_H), sides)
        self.view.camera.fit()
        self.dragging: tuple[int, int] | None = None

    def resize(self, size: tuple[int, int]) -> None:
        self.view.resize((size[0], size[1] - HEAD_H))
        self.view.camera.fit()

    def handle(self, e: pygame.event.Event) -> None:
        cam = self.view.camera
        if e.type == pygame.MOUSEWHEEL:
            x, y = pygame.mouse.get_pos()
            cam.zoom_at(WHEEL_STEP ** e.y, x, y - HEAD_H)
        elif e.type == pygame.MOUSEBUTTONDOWN and e.button == 1:
            self.dragging = e.pos
        elif e.type == pygame.MOUSEBUTTONUP and e.button == 1:
            self.dragging = None
        elif e.type == pygame.MOUSEMOTION and self.dragging is not None:
            cam.pan(e.pos[0] - self.dragging[0], e.pos[1] - self.dragging[1])
            self.dragging = e.pos
        elif e.type == pygame.KEYDOWN:
            arrows = {pygame.K_LEFT: (1, 0), pygame.K_RIGHT: (-1, 0),
                      pygame.K_UP: (0, 1), pygame.K_DOWN: (0, -1)}
            if e.key in arrows:
                dx, dy = arrows[e.key]
                cam.pan(PAN_STEP * dx, PAN_STEP * dy)
            elif e.key == pygame.K_HOME:
                cam.fit()
        self.app.dirty = True

    def update(self, dt: float) -> None:
        self.view.update(dt)

    def draw(self, surface: pygame.Surface) -> None:
        f = self.app.fonts
        surface.fill(BG)
        kind = self.loaded.kind
        own = type(self.view).__name__ != "PlainBoardView"
        title = f"{self.loaded.path.name}: a {kind} map"
        surface.blit(f.render(f.body, title, TEXT), (16, 8))
        how = ("drawn by its own view" if own else "drawn plainly (no view of its own yet)")
        note = (f"{len(self.pieces)} figures, {how}. Wheel: zoom, drag or arrows: pan, "
                "Home: fit, Esc: back")
        surface.blit(f.render(f.small, note, DIM), (16, 32))
        w, h = surface.get_size()
        board = surface.subsurface(pygame.Rect(0, HEAD_H, w, h - HEAD_H))
        self.view.draw(board, self.pieces)

    def help_rows(self) -> list[tuple[str, str]]:
        return [("Wheel", "zoom"), ("Drag, arrows", "pan"), ("Home", "fit the board"),
                ("Esc", "back to the scenarios")]

    def escape(self) -> None:
        self.app.show_picker()
