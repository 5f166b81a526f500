"""Board views, one per board kind: how a board, its pieces and its marks are drawn and
pointed at. The match shell (game.ui.scenes.match) uses only :class:`BoardView`; a rule
system's controller says what to mark with :class:`Marks`.

:data:`BOARD_VIEWS` maps a board kind ("hex") to its view class; a kind with no view of
its own gets the plain view (:mod:`game.ui.boards.plain`), which draws any board from the
board-neutral :class:`game.core.board.Board` questions. What the views share is in
:mod:`game.ui.boards.base` (the map cache, typed marks, scenery) and
:mod:`game.ui.boards.labels` (label layout).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any, Protocol

import pygame

from game.core.board import Scenery
from game.core.places import Place
from game.core.registry import Registry
from game.core.ruleset import PieceView
from game.ui.camera import Camera
from game.ui.palette import Colour


@dataclass
class Marks:
    """What the board highlights now, whatever the board (the controller fills it in)."""

    reach: dict[Place, str] = field(default_factory=dict)
    """Places the selected piece can move to, each with a short label (its cost)."""
    reach_ends: set[Place] = field(default_factory=set)
    """Reachable places where the move must stop (drawn with an inner ring)."""
    warnings: dict[Place, str] = field(default_factory=dict)
    """Reachable places that risk something (a jump, a hazard), with a short text."""
    targets: dict[Place, str] = field(default_factory=dict)
    """Places to click for an action (attack, push, disengage), each with a label."""
    path: tuple[Place, ...] = ()
    """The way to the hovered place."""
    selected: Place | None = None
    pieces: dict[str, str] = field(default_factory=dict)
    """Pieces to click for an action, by id, each with a label: where several pieces
    share a place (a zone) a view marks the piece, not the place."""
    selected_piece: str | None = None
    """The selected piece, for a view that marks pieces rather than places."""


class BoardView(Protocol):
    """What the match shell needs of any board's view."""

    camera: Camera
    pieces_share_places: bool
    """Whether several pieces may share a place on this board (a zone): then the piece
    under the pointer is the one :meth:`piece_at` finds, not the place's."""

    def resize(self, view_size: tuple[int, int]) -> None: ...
    def place_at(self, sx: float, sy: float) -> Place | None:
        """The place under screen ``(sx, sy)`` (board-area coordinates), or None."""
        ...
    def screen_pos(self, place: Place) -> tuple[float, float] | None:
        """Where ``place`` is drawn now (its centre), or None if it is not on this board."""
        ...
    def piece_at(self, sx: float, sy: float) -> str | None:
        """The id of the piece drawn under ``(sx, sy)`` (nearest first), or None."""
        ...
    def show(self, marks: Marks) -> None: ...
    def set_hover(self, place: Place | None) -> None: ...
    def draw(self, surface: pygame.Surface, pieces: Sequence[PieceView],
             scenery: Sequence[Scenery] = ()) -> None:
        """Draw the board, the marks, ``pieces`` and ``scenery`` (terrain held in the game
        state, from the ruleset's queries) onto ``surface`` (the board area)."""
        ...
    @property
    def busy(self) -> bool: ...
    def update(self, dt: float) -> None: ...
    def animate_move(self, piece: str, places: Sequence[Place], seconds: float) -> None: ...
    def animate_fall(self, piece: str, start: Place, end: Place) -> None: ...
    def float_text(self, place: Place, text: str, colour: Colour) -> None: ...
    def cancel_animations(self) -> None: ...
    def toggle_overlay(self, name: str) -> bool: ...
    def step(self, place: Place, dx: int, dy: int) -> Place | None:
        """The place next to ``place`` in screen direction ``(dx, dy)`` (-1, 0, 1 each),
        for the keyboard cursor; None at the board's edge."""
        ...
    def frame(self, places: Sequence[Place]) -> None:
        """Bring ``places`` (and what is round them) into view, as large as fits."""
        ...
    def legend(self, sides: Sequence[str]) -> list[tuple[pygame.Surface, str]]:
        """The F1 legend: what each mark of this board means, each with a small icon,
        the sides (named ``sides``, in the scenario's order) first."""
        ...


PLAIN = "plain"
"""The key of the plain view, the one a board kind without a view of its own gets."""

BOARD_VIEWS: Registry[Any] = Registry("board view", {
    "hex": "game.ui.boards.hexes:HexBoardView",
    "table": "game.ui.boards.table:TableBoardView",
    "zones": "game.ui.boards.zones:ZoneBoardView",
    "sewer": "game.ui.boards.sewer:SewerBoardView",
    "track": "game.ui.boards.track:TrackBoardView",
    PLAIN: "game.ui.boards.plain:PlainBoardView",
})
"""Board kind -> its view class, called as ``View(board, view_size, sides=[...])``."""


def view_class(kind: str) -> Any:
    """The view class of board kind ``kind``: its own, else the plain view."""
    return BOARD_VIEWS.get(kind if kind in BOARD_VIEWS else PLAIN)


def board_view(kind: str, board: Any, view_size: tuple[int, int],
               sides: Sequence[str]) -> BoardView:
    """A view of ``board`` (of ``kind``) for a board area of ``view_size``: the kind's
    own view, or the plain one if the kind has none."""
    view: BoardView = view_class(kind)(board, view_size, sides=list(sides))
    return view
