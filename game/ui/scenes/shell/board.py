"""The board scene: what a live game and a replay share. The match's board (drawn by
the view of its board kind), its ruleset's controller, the selection and the place under
the pointer, the layout (top bar, board, dice log, side panel) and the parts that do the
rest: :class:`Showing` (events and the dice log), :class:`Panel` (the piece card or the
roster, and the buttons), :class:`Tips`, :class:`Input` and :class:`TopBar`.

A scene built on it says who may act through the board (:meth:`BoardScene.human_turn`),
which buttons to offer (:meth:`BoardScene.build_buttons`), what a key does
(:meth:`BoardScene.key`) and what a controller's reply comes to
(:meth:`BoardScene.answer`), and composes the parts it needs besides (a live game its
pacing and history, a replay its record and caption).
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections import deque
from typing import Any

import pygame

from game.core.board import Scenery
from game.core.events import Event
from game.core.match import Match
from game.core.places import Place
from game.core.ruleset import Action, PieceView
from game.ui import saves
from game.ui.boards import board_view
from game.ui.controllers import ButtonSpec, Reply, Select, controller_for
from game.ui.scenes.base import Host, Scene
from game.ui.scenes.shell.input import Input
from game.ui.scenes.shell.panel import Panel
from game.ui.scenes.shell.showing import Showing
from game.ui.scenes.shell.tips import Tips
from game.ui.scenes.shell.topbar import TOP_H, TopBar
from game.ui.widgets import BG, BLACK, ORANGE, TEXT, YELLOW, Button, Colour, draw_panel, fit

SIDE_W = 360
"""Width of the side panel on a wide window (narrower windows get a narrower one)."""
SIDE_MIN = 260
LOG_SHARE = 0.28
"""The dice log's share of the window's height (L: the tall share)."""
LOG_TALL_SHARE = 0.55
LOG_MIN = 150
CURSOR_R = 22
"""Half the width of the keyboard cursor's corners, in pixels, where the board gives no
size of a place (it is half the way to the next place otherwise, up to twice this)."""
LOG_FLOOR = 104
"""The dice log gives up height to the computer's strip down to this."""


class BoardScene(Scene, ABC):
    """A match on its board, with the panel, the tips and the dice log (see the module
    text)."""

    def __init__(self, app: Host, match: Match[Any]) -> None:
        super().__init__(app)
        self.m = match
        self.controllers = saves.controllers_of(match)
        """Who plays each side ("human" or "computer")."""
        self.sides = match.sides
        self.control = controller_for(match)
        self.control.host = self
        size = app.screen.get_size()
        self.view = board_view(match.map.kind, match.board,
                               (size[0] - SIDE_W, size[1] - TOP_H - LOG_MIN), self.sides)
        self.selected: str | None = None
        self.hover: Place | None = None
        self.cursor = False
        """True while the keyboard moves the outlined place (the mouse takes it back)."""
        self.view_legend_rect: pygame.Rect | None = None
        """Where the legend of the views a key switched on went (None: no view on)."""
        self.hover_piece: str | None = None
        """The piece the view drew under the pointer."""
        self.pieces: list[PieceView] = []
        self.scenery: tuple[Scenery, ...] = ()
        """Terrain held in the game state (the rules' queries), drawn over the board."""
        self._by_id: dict[str, PieceView] = {}
        self.last_side = match.to_act()
        """The side to act when the scene last looked (a new one gets a piece selected)."""
        self.log_tall = False
        self.context_buttons: list[Button] = []
        """The buttons of this step (the controller's, or a replay's), over the tools."""
        self.tool_buttons: list[Button] = []
        self.showing = Showing(self)
        self.log = self.showing.log
        self.panel = Panel(self)
        self.tips = Tips(self)
        self.input = Input(self)
        self.topbar = TopBar(self)
        self.size = size
        self.resize(size)
        self.showing.add_log(match.log)
        self.refresh()

    # ================================================================ what the scene says
    @abstractmethod
    def human_turn(self) -> bool:
        """Whether what the side to act may do is shown and answered through the board
        (a human's turn in a live game; any step in a replay)."""

    @abstractmethod
    def build_buttons(self) -> None:
        """Make this step's buttons (then :meth:`set_buttons`)."""

    @abstractmethod
    def key(self, e: pygame.event.Event) -> None:
        """A key pressed (the shared ones are :meth:`Input.view_key`)."""

    def button_of(self, spec: ButtonSpec) -> Button:
        """The panel's button for a controller's ``spec``: its action is played, or its
        command run and its reply answered."""
        action, command = spec.action, spec.command

        def press() -> None:
            if action is not None:
                self.act(action)
            elif command is not None:
                reply = command()
                self.show_marks()
                self.build_buttons()
                if reply is not None:
                    self.answer(reply)

        return Button(spec.label, press, accent=spec.accent, hint=spec.hint,
                      name=spec.name, toggled=spec.toggled, enabled=spec.enabled,
                      tip=spec.tip)

    @abstractmethod
    def act(self, action: Action, animate: bool = True) -> bool:
        """Play ``action`` a controller made itself (a live game judges and plays it; a
        replay refuses); whether it was played."""

    def answer(self, reply: Reply) -> None:
        """Carry out what a controller made of a click or a key: a selection, or a
        message (an action or a question is the scene's own to take)."""
        if isinstance(reply, Select):
            self.select(reply.piece)
        elif isinstance(reply, str):
            if reply:
                self.app.toasts.show(reply, ORANGE, ttl=3)
            self.show_marks()
            self.build_buttons()

    def strip_height(self) -> int:
        """Height of a strip under the board (the computer's bar); none here."""
        return 0

    watching = False
    """True where the game is watched, not played (a replay, a demo): nobody is "you"
    and the top bar gives no play instructions."""

    def phase_line(self) -> str:
        """The top bar's second line: what this step is (the controller's words; where
        the game is only watched, the phase's own, which give no play instructions)."""
        out = self.m.outcome()
        if out is not None:  # (not the phase it ended in: "the other side may react")
            return f"The game is over: {out.reason}"
        if self.watching:
            return str(self.m.ruleset.phases[self.m.phase].help)
        return self.control.phase_line()

    # ================================================================ queries
    @property
    def state(self) -> Any:
        return self.m.state

    @property
    def queue(self) -> deque[Event]:
        """Events still to show on the board."""
        return self.showing.queue

    def side_of_turn(self) -> str | None:
        return self.m.to_act()

    def is_human(self, side: str | None) -> bool:
        return side is not None and self.controllers.get(side) != saves.COMPUTER

    def who(self, side: str) -> str:
        """"computer" or "human": who plays ``side``."""
        return "computer" if self.controllers.get(side) == saves.COMPUTER else "human"

    def side_label(self, side: str) -> str:
        return self.m.side_name(side)

    def piece(self, pid: str | None) -> PieceView | None:
        return self._by_id.get(pid) if pid else None

    def shared_places(self) -> bool:
        """Whether several pieces may share a place on this board (a zone): then the
        piece under the pointer is the one the view drew there, not the place's."""
        return self.view.pieces_share_places

    def piece_at_place(self, place: Place | None) -> PieceView | None:
        """The piece still on the board at ``place`` (the living one if several)."""
        if place is None:
            return None
        here = [p for p in self.pieces if p.place == place and p.status != "dead"]
        return here[0] if here else None

    def piece_under(self, pos: tuple[int, int]) -> PieceView | None:
        """The piece under the pointer at window position ``pos``: where pieces share
        places (a zone), the one the view drew there; else the one standing on the place
        there, or the one the view draws there (on a table a piece covers more than the
        point under the pointer)."""
        inside = self.board_rect.collidepoint(pos)
        drawn = self.piece(self.view.piece_at(pos[0] - self.board_rect.x,
                                              pos[1] - self.board_rect.y)) if inside else None
        if self.shared_places():
            p = drawn
        else:
            p = self.piece_at_place(self.place_under(pos)) or drawn
        return p if p is not None and p.status != "dead" else None

    def hovered_piece(self) -> PieceView | None:
        """The piece under the pointer now."""
        if self.shared_places():
            return self.piece(self.hover_piece)
        p = self.piece_at_place(self.hover)
        return p if p is not None else self.piece(self.hover_piece)

    def place_pos(self, place: Place) -> tuple[int, int]:
        """Where ``place`` is on the window now (tests click there)."""
        pos = self.view.screen_pos(place)
        if pos is None:
            raise ValueError(f"{place} is not on this board")
        return int(pos[0]) + self.board_rect.x, int(pos[1]) + self.board_rect.y

    def place_under(self, pos: tuple[int, int]) -> Place | None:
        if not self.board_rect.collidepoint(pos):
            return None
        return self.view.place_at(pos[0] - self.board_rect.x, pos[1] - self.board_rect.y)

    # ================================================================ after a change
    def refresh(self) -> None:
        """The match changed: the controller forgets what it knew, the pieces are read
        again, and the marks, buttons, card and tip follow."""
        self._read()
        self._redraw()

    def _read(self) -> None:
        """The controller told of the change, the pieces read again, the selection kept
        if its piece is still there (the piece the step is about, on a human's turn)."""
        self.control.refresh(self.human_turn())
        self.pieces = self.m.pieces()
        self.scenery = tuple(self.m.ruleset.queries(self.m.state).scenery())
        self._by_id = {p.id: p for p in self.pieces}
        if self.selected is not None and self.selected not in self._by_id:
            self.selected = None
        focus = self.control.focus()
        if focus is not None and self.human_turn():
            self.selected = focus

    def _redraw(self) -> None:
        """The marks and buttons for the selection as it is now; the card and tip anew."""
        self.show_marks()
        self.build_buttons()
        self.panel.invalidate()
        self.tips.invalidate()
        self.app.dirty = True

    def after(self, events: list[Event], animate: bool) -> None:
        """An action was played: show what it did, read the match again, and select the
        next piece that can act where the turn changed hands or the selected one is
        done; the marks and buttons are made once, for the selection it comes to."""
        self.showing.show(events, animate)
        self._read()
        side = self.side_of_turn()
        before = self.selected
        if side != self.last_side or self.piece(self.selected) is None or \
                self.control.selection_done(self.selected):
            self._pick()  # the next piece that can still act
        self.last_side = side
        if self.selected != before:
            self.input.cursor_to_selection()
        self._redraw()

    def went_back(self) -> None:
        """The match went back (an undo, a step back): shown again from its state."""
        self.showing.restart()
        self.refresh()

    def _pick(self, force: bool = False) -> bool:
        """Select a piece of the side to act, when a human plays it (or ``force``);
        whether one was picked."""
        side = self.side_of_turn()
        if side is None or not (force or self.is_human(side)):
            return False
        self.selected = self.control.pick_selection(self.selected, side)
        return True

    def auto_select(self, force: bool = False) -> None:
        """Select a piece of the side to act (its reach shows at once)."""
        if self._pick(force):
            self.show_marks()
            self.build_buttons()

    def show_marks(self) -> None:
        """The controller's marks for the selection and the hovered place, on the board."""
        self.view.show(self.control.marks(self.selected, self.hover))
        self.view.set_hover(self.hover)

    def set_buttons(self, context: list[Button], tools: list[Button],
                    extra: list[Button] | None = None) -> None:
        """This step's buttons: ``context`` over the panel's ``tools``, and ``extra``
        ones placed elsewhere (the computer's, in its strip)."""
        self.context_buttons = context
        self.tool_buttons = tools
        self.buttons = context + (extra or []) + tools
        self.panel.layout()

    # ================================================================ the pointer
    def select(self, pid: str | None) -> None:
        """Select piece ``pid`` (None: nothing); the keyboard cursor, if on, goes to it."""
        self.selected = pid
        self.show_marks()
        self.build_buttons()
        self.panel.invalidate()
        self.input.cursor_to_selection()

    def click(self, place: Place, button: int = 1, piece_id: str | None = None) -> None:
        """A click on the board: the controller says what it does (when the board is
        answered through, :meth:`human_turn`); otherwise a left click selects the piece
        there. ``piece_id``: the piece drawn under the pointer, where places hold
        several (else the place's)."""
        if piece_id is not None:
            piece = self.piece(piece_id)
        else:
            piece = None if self.shared_places() else self.piece_at_place(place)
        if not self.human_turn():
            if piece is not None and button == 1:
                self.select(piece.id)
            return
        self.answer(self.control.click(self.selected, place,
                                       piece.id if piece is not None else None, button))

    def handle(self, e: pygame.event.Event) -> None:
        self.input.handle(e)

    def toggle_log(self) -> None:
        """L: a taller or shorter dice log."""
        self.log_tall = not self.log_tall
        self.resize(self.size)

    # ================================================================ layout
    def resize(self, size: tuple[int, int]) -> None:
        self.size = size
        w, h = size
        side_w = max(SIDE_MIN, min(SIDE_W, int(w * 0.3)))
        share = LOG_TALL_SHARE if self.log_tall else LOG_SHARE
        log_h = max(min(LOG_MIN, h // 3), min(int(h * share), h - TOP_H - 120))
        strip = self.strip_height()
        log_h -= min(strip, max(0, log_h - LOG_FLOOR))  # the log gives the computer's
        # strip its height before the board does
        self.top_rect = pygame.Rect(0, 0, w, TOP_H)
        self.side_rect = pygame.Rect(w - side_w, TOP_H, side_w, h - TOP_H)
        self.log_rect = pygame.Rect(0, h - log_h, w - side_w, log_h)
        self.board_rect = pygame.Rect(0, TOP_H, w - side_w, h - TOP_H - log_h)
        self.board_rect.h -= strip  # the computer's bar has its own strip under the board
        self.ai_rect = pygame.Rect(0, self.board_rect.bottom, self.board_rect.w, strip)
        self.log.rect = self.log_rect.inflate(-12, -10)
        self.view.resize(self.board_rect.size)
        self.panel.layout()
        self.panel.invalidate()

    # ================================================================ drawing
    def draw_table(self, surface: pygame.Surface, status: str = "") -> None:
        """The board, the top bar (``status`` ends its second line), the side panel, the
        dice log and the hover tip."""
        surface.fill(BG, self.log_rect)  # the other areas are painted over in full
        board = surface.subsurface(self.board_rect)
        self.view.draw(board, self.pieces, self.scenery)
        self._draw_cursor(board)
        self._draw_view_legend(board)
        self.topbar.draw(surface, status)
        self.panel.draw(surface)
        self.log.draw(surface, self.app.fonts)
        self.tips.draw(surface)

    def _draw_cursor(self, board: pygame.Surface) -> None:
        """The keyboard cursor: bright corners round the place Space would click, and a
        line at the board's foot saying which keys do what there."""
        if not self.input.cursor_shown() or self.hover is None:
            return
        pos = self.view.screen_pos(self.hover)
        if pos is None:
            return
        x, y = int(pos[0]), int(pos[1])
        r = self._cursor_radius(self.hover, pos)
        arm = max(4, r // 2)
        for sx in (-1, 1):
            for sy in (-1, 1):
                cx, cy = x + sx * r, y + sy * r
                for colour, width in ((BLACK, 6), (YELLOW, 3)):
                    pygame.draw.line(board, colour, (cx, cy), (cx - sx * arm, cy), width)
                    pygame.draw.line(board, colour, (cx, cy), (cx, cy - sy * arm), width)
        f = self.app.fonts  # what the keys do there, at the board's foot (not over it)
        t = f.render(f.small, fit(f.small, "Space clicks at the cursor, Shift+Space "
                                           "right-clicks; Enter: the Enter button",
                                  board.get_width() - 24), BLACK)
        box = t.get_rect(midbottom=(board.get_width() // 2, board.get_height() - 4))
        box.inflate_ip(10, 2)
        pygame.draw.rect(board, YELLOW, box, border_radius=4)
        board.blit(t, t.get_rect(center=box.center))

    def _cursor_radius(self, place: Place, pos: tuple[float, float]) -> int:
        """Half the cursor's width: half the way to the next place on screen (the size of
        a hex or a step across a zone), CURSOR_R where there is no next place."""
        for dx, dy in ((1, 0), (-1, 0), (0, 1), (0, -1)):
            near = self.view.step(place, dx, dy)
            there = self.view.screen_pos(near) if near is not None else None
            if there is not None and there != pos:
                d = ((there[0] - pos[0]) ** 2 + (there[1] - pos[1]) ** 2) ** 0.5
                return int(max(14, min(CURSOR_R * 2, d / 2 + 4)))
        return CURSOR_R

    def _draw_view_legend(self, board: pygame.Surface) -> None:
        """The legend of the views a key switched on (the controller's), in the board's
        bottom corner that hides fewer pieces: each view's name and what its colours
        mean."""
        views = self.control.view_legend()
        self.view_legend_rect = None
        if not views:
            return
        f = self.app.fonts
        room = max(160, board.get_width() // 2 - 40)
        rows: list[tuple[pygame.Surface, Colour | None]] = []
        for name, shades in views:
            rows.append((f.render(f.bold, fit(f.bold, name, room + 22), TEXT), None))
            rows += [(f.render(f.small, fit(f.small, words, room), TEXT), colour)
                     for colour, words in shades]
        w = max(t.get_width() + (22 if c is not None else 0) for t, c in rows) + 20
        h = sum(t.get_height() + 2 for t, _c in rows) + 12
        boxes = [pygame.Rect(x, board.get_height() - h - 8, w, h)
                 for x in (8, board.get_width() - w - 8)]
        spots = [pos for p in self.pieces if p.place is not None and p.status != "dead"
                 and (pos := self.view.screen_pos(p.place)) is not None]
        # the bottom corner that hides the fewest pieces
        box = min(boxes, key=lambda b: sum(b.collidepoint(x, y) for x, y in spots))
        draw_panel(board, box, (20, 22, 27), YELLOW, radius=6)
        self.view_legend_rect = box.move(self.board_rect.topleft)
        y = box.y + 6
        for t, colour in rows:
            x = box.x + 10
            if colour is not None:
                pygame.draw.rect(board, colour, (x, y + 3, 14, 14), border_radius=3)
                x += 22
            board.blit(t, (x, y))
            y += t.get_height() + 2

    def legend(self) -> list[tuple[pygame.Surface, str]]:
        """The board view's marks, with each side's ring named."""
        names = [f"{self.side_label(s)} ({self.who(s)})" for s in self.sides]
        return self.view.legend(names)
