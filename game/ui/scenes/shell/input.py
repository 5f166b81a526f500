"""Input on the board: the mouse (hover, click, drag to pan or, where the controller takes
it, to move a piece; the wheel zooms or scrolls the log) and the keys every board scene
shares (the keyboard cursor, Tab through the pieces, zoom, pan, the log's height). What a
click or a key means for the game is the scene's and its controller's to say.

Enter is never a click: it always does what the header and the button marked "Enter" say
(end the movement, the turn, the phase), keypad Enter the same. Space clicks at the
keyboard cursor (Shift+Space right-clicks) while the cursor is on the board."""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from game.core.places import Place
from game.ui.scenes.shell.panel import SCROLL_STEP

if TYPE_CHECKING:
    from game.ui.scenes.shell.board import BoardScene

DRAG_PIXELS = 6
"""How far the pointer goes with a button held before a press is a drag, not a click."""
ZOOM_STEP = 1.2
"""Zoom factor of + and -."""
WHEEL_STEP = 1.15
"""Zoom factor of one notch of the wheel."""
PAN_STEP = 60
"""Pixels Shift+arrow pans the board."""
CURSOR_MARGIN = 60
"""The keyboard cursor stays this far from the board's edge (the board pans)."""
ARROWS = {pygame.K_LEFT: (-1, 0), pygame.K_RIGHT: (1, 0), pygame.K_UP: (0, -1),
          pygame.K_DOWN: (0, 1)}
ZOOM_KEYS = {pygame.K_PLUS: ZOOM_STEP, pygame.K_EQUALS: ZOOM_STEP,
             pygame.K_KP_PLUS: ZOOM_STEP, pygame.K_MINUS: 1 / ZOOM_STEP,
             pygame.K_KP_MINUS: 1 / ZOOM_STEP}


class Input:
    """The board scene's mouse, and its shared keys (:meth:`view_key`)."""

    def __init__(self, scene: BoardScene) -> None:
        self.scene = scene
        self._drag: tuple[int, int] | None = None
        """Where a press on the board went down (None: no button held)."""
        self._dragged = False
        self._claimed = False
        """The controller took the drag under way (it moves a piece; no panning)."""

    def dragging(self) -> bool:
        """Whether a button went down on the board and is still held."""
        return self._drag is not None

    # ---------------------------------------------------------------- the mouse
    def handle(self, e: pygame.event.Event) -> None:
        scene = self.scene
        if e.type == pygame.KEYDOWN:
            scene.key(e)
            return
        if e.type == pygame.MOUSEWHEEL:
            self._wheel(e)
            return
        for b in scene.buttons:
            if b.handle(e):
                return
        if e.type == pygame.MOUSEBUTTONDOWN and scene.board_rect.collidepoint(e.pos):
            self._press(e)
        elif e.type == pygame.MOUSEMOTION:
            self._motion(e)
        elif e.type == pygame.MOUSEBUTTONUP:
            self._release(e)

    def _wheel(self, e: pygame.event.Event) -> None:
        scene = self.scene
        pos = pygame.mouse.get_pos()
        if scene.log.handle(e):
            return
        if scene.side_rect.collidepoint(pos):
            scene.panel.scroll_by(-e.y * SCROLL_STEP)  # a card taller than its room
            return
        if scene.board_rect.collidepoint(pos):
            scene.view.camera.zoom_at(WHEEL_STEP ** e.y, pos[0] - scene.board_rect.x,
                                      pos[1] - scene.board_rect.y)
            scene.tips.invalidate()

    def _press(self, e: pygame.event.Event) -> None:
        scene = self.scene
        if e.button not in (1, 2, 3):
            return
        self._drag = e.pos
        self._dragged = False
        self._claimed = False
        if e.button == 1 and scene.human_turn():
            piece = scene.piece_under(e.pos)
            self._claimed = scene.control.drag_start(
                scene.selected, scene.place_under(e.pos),
                piece.id if piece is not None else None)

    def _motion(self, e: pygame.event.Event) -> None:
        scene = self.scene
        over = scene.piece_under(e.pos)
        if (over.id if over is not None else None) != scene.hover_piece:
            scene.hover_piece = over.id if over is not None else None
            scene.panel.invalidate()
        if self._drag is not None and any(e.buttons):
            dx, dy = e.pos[0] - self._drag[0], e.pos[1] - self._drag[1]
            if self._dragged or abs(dx) + abs(dy) >= DRAG_PIXELS:
                self._dragged = True
                if self._claimed:
                    scene.control.drag_to(scene.place_under(e.pos))
                else:
                    scene.view.camera.pan(dx, dy)
                    self._drag = e.pos
        if e.rel != (0, 0) or not scene.cursor or self._claimed:
            scene.cursor = False
            self.set_hover(scene.place_under(e.pos), force=self._claimed)

    def _release(self, e: pygame.event.Event) -> None:
        scene = self.scene
        was_drag = self._dragged
        started = self._drag is not None
        claimed = self._claimed
        self._drag, self._dragged, self._claimed = None, False, False
        if claimed:
            reply = scene.control.drag_end(scene.place_under(e.pos) if was_drag else None)
            if was_drag:
                scene.answer(reply)
                return
        if was_drag or not started:
            return
        place = scene.place_under(e.pos)
        if place is not None and e.button in (1, 3):
            piece = scene.piece_under(e.pos)
            scene.click(place, e.button, piece.id if piece is not None else None)

    def set_hover(self, place: Place | None, force: bool = False) -> None:
        """The place under the pointer (or the keyboard cursor) is now ``place``."""
        scene = self.scene
        if place != scene.hover or force:
            scene.hover = place
            scene.show_marks()
            scene.panel.invalidate()

    # ---------------------------------------------------------------- shared keys
    def view_key(self, e: pygame.event.Event) -> bool:
        """The keys every board scene shares: Tab / Shift+Tab through the pieces, L the
        log's height, C or Home fits the board, + and - zoom, arrows move the keyboard
        cursor (Shift: pan). Whether ``e`` was one of them. (Space clicks at the cursor:
        :meth:`click_cursor`; Enter is the scene's and its controller's.)"""
        scene = self.scene
        k = e.key
        shift = bool(e.mod & pygame.KMOD_SHIFT)
        if k == pygame.K_TAB:
            self.cycle_selection(-1 if shift else 1)
        elif k == pygame.K_l:
            scene.toggle_log()
        elif k in (pygame.K_HOME, pygame.K_c):
            scene.view.camera.fit()
        elif k in ZOOM_KEYS:
            self.zoom_centre(ZOOM_KEYS[k])
        elif k in (pygame.K_PAGEUP, pygame.K_PAGEDOWN):  # a card taller than its room
            scene.panel.scroll_by(SCROLL_STEP * 3 * (1 if k == pygame.K_PAGEDOWN else -1))
        elif k in ARROWS:
            dx, dy = ARROWS[k]
            if shift:
                scene.view.camera.pan(-PAN_STEP * dx, -PAN_STEP * dy)
            else:
                self.move_cursor(dx, dy)
        else:
            return False
        return True

    def cursor_shown(self) -> bool:
        """Whether the keyboard cursor is on the board (drawn, and Space clicks there)."""
        return self.scene.cursor and self.scene.hover is not None

    def click_cursor(self, e: pygame.event.Event) -> bool:
        """Space: a click at the keyboard cursor (Shift+Space: a right-click), when the
        cursor is on the board; whether it was."""
        scene = self.scene
        if e.key != pygame.K_SPACE or not self.cursor_shown() or scene.hover is None:
            return False
        scene.click(scene.hover, 3 if e.mod & pygame.KMOD_SHIFT else 1)
        return True

    def cursor_to_selection(self) -> None:
        """While the keyboard cursor is on, it goes to the selected piece (a selection by
        a key, or the next piece picked after an action)."""
        scene = self.scene
        p = scene.piece(scene.selected)
        if not scene.cursor or p is None or p.place is None:
            return
        self.set_hover(p.place)
        self.keep_in_view(p.place)

    def move_cursor(self, dx: int, dy: int) -> None:
        """Arrows: move the keyboard cursor (the outlined place) one place that way on the
        screen; Space then clicks there (Shift+Space right-clicks). The first press puts
        the cursor on the selected piece (not where the pointer last was)."""
        scene = self.scene
        chosen = p.place if (p := scene.piece(scene.selected)) is not None else None
        start = (scene.hover if scene.cursor else chosen) or chosen or scene.hover
        if start is None:
            start = scene.view.place_at(scene.board_rect.w / 2, scene.board_rect.h / 2)
            if start is None:
                return
            place: Place | None = start
        else:
            place = scene.view.step(start, dx, dy) if scene.cursor else start
        if place is None:
            return
        scene.cursor = True
        self.set_hover(place)
        self.keep_in_view(place)

    def keep_in_view(self, place: Place) -> None:
        """Pan just enough that ``place`` is on screen, a margin from the edge."""
        pos = self.scene.view.screen_pos(place)
        if pos is None:
            return
        m = CURSOR_MARGIN
        w, h = self.scene.board_rect.size
        dx = (m - pos[0]) if pos[0] < m else (w - m - pos[0]) if pos[0] > w - m else 0
        dy = (m - pos[1]) if pos[1] < m else (h - m - pos[1]) if pos[1] > h - m else 0
        if dx or dy:
            self.scene.view.camera.pan(dx, dy)

    def cycle_selection(self, step: int) -> None:
        """Tab / Shift+Tab: select the next piece of the side to act (the cursor goes to
        it), or of the first side when nobody is to act."""
        scene = self.scene
        side = scene.side_of_turn() or scene.sides[0]
        own = [p for p in scene.pieces if p.side == side and p.active]
        if not own:
            return
        ids = [p.id for p in own]
        k = (ids.index(scene.selected) + step) % len(ids) if scene.selected in ids else 0
        scene.select(ids[k])
        place = own[k].place
        if place is not None:
            scene.cursor = True
            self.set_hover(place)
            self.keep_in_view(place)

    def zoom_centre(self, factor: float) -> None:
        self.scene.view.camera.zoom_at(factor, self.scene.board_rect.w / 2,
                                       self.scene.board_rect.h / 2)
