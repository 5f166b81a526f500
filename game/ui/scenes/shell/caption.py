"""The caption of a replay or a demo: a strip between the top bar and the board saying
where the record is, what the last step showed and what comes next, laid out so it
never covers the board."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

import pygame

from game.ui.widgets import BG, DIM, ORANGE, Colour, fit, wrap

if TYPE_CHECKING:
    from game.ui.scenes.shell.board import BoardScene

CAPTION_LINES = 8
"""Lines of the caption strip over the board (title, what the step showed, what is next)."""
LOG_FLOOR = 96
"""Height the dice log keeps in a replay or demo however short the window."""
BOARD_SHARE = 0.38
"""Share of the height between the top bar and the window's foot the board keeps."""
SHORT_WINDOW = 600
"""In a window less tall than this, the dice log gives the board all it can (down to
LOG_FLOOR): a replay's board is its point."""

Line = tuple[str, Colour, bool]
"""A caption's line: its text, colour and whether it is bold."""


class Caption:
    """The caption strip of a board scene that shows a record."""

    def __init__(self, scene: BoardScene, texts: Sequence[str]) -> None:
        self.scene = scene
        self.texts = list(texts)
        """Every text the caption may show (its height is made for the longest)."""
        self.rect = pygame.Rect(0, 0, 0, 0)
        self.lines: list[str] = []
        """The caption's lines as drawn this frame."""

    def layout(self, size: tuple[int, int]) -> None:
        """Take the caption's strip from the board's layout (``size``: the window's). In
        a short window the dice log gives up height (down to LOG_FLOOR) before the board
        does, and the board keeps at least BOARD_SHARE of the height under the top bar;
        where the caption would be cut over the board, it spans the window (the side
        panel starts under it) and the smaller face is used where the body's is cut."""
        scene = self.scene
        f = scene.app.fonts
        lh = f.body.get_linesize()

        def need(width: int, body: pygame.font.Font = f.body) -> int:
            longest = max((len(wrap(body, t, width - 28)) for t in self.texts if t),
                          default=0)
            hint = 1 if longest else 0
            return lh + body.get_linesize() * (1 + hint + longest) + 14  # the title, the
            # longest text, how to step (a demo's start), what comes next

        board, log = scene.board_rect, scene.log_rect
        area = log.bottom - board.top  # caption, board and log
        board_min = int(area * BOARD_SHARE)
        want = need(board.w)
        wide = want > board.h + log.h - LOG_FLOOR - board_min
        if wide:
            want = need(size[0])
            if want > board.h + log.h - LOG_FLOOR - board_min:
                want = need(size[0], f.small)
        want = min(want, lh * CAPTION_LINES + 14)
        short = want + board_min - board.h  # what the board would lose
        if size[1] < SHORT_WINDOW:
            short = log.h  # a short window: the log gives all it can
        if short > 0:  # the log gives it first
            give = max(0, min(short, log.h - LOG_FLOOR))
            scene.log_rect = pygame.Rect(log.x, log.y + give, log.w, log.h - give)
            scene.log.rect = scene.log_rect.inflate(-12, -10)
            board.h += give
        h = max(0, min(want, board.h - board_min))
        self.rect = pygame.Rect(board.x, board.y, size[0] if wide else board.w, h)
        if wide:
            side = scene.side_rect
            scene.side_rect = pygame.Rect(side.x, side.y + h, side.w, side.h - h)
            scene.panel.layout()
        scene.board_rect = pygame.Rect(board.x, board.y + h, board.w, board.h - h)
        scene.ai_rect = pygame.Rect(board.x, scene.board_rect.bottom, board.w, 0)
        scene.view.resize(scene.board_rect.size)

    def draw(self, surface: pygame.Surface, caption: list[Line]) -> None:
        """``caption``'s lines in the strip, in the smaller face where the body's would
        be cut; then the hints go, and last the lines before what comes next are cut."""
        f = self.scene.app.fonts
        box = self.rect
        for body in (f.body, f.small):  # the smaller face where the body's is cut
            lines: list[Line] = []
            for text, colour, bold in caption:
                for ln in wrap(f.bold if bold else body, text, box.w - 28):
                    lines.append((ln, colour, bold))
            lh = body.get_linesize()
            room = max(1, (box.h - 12) // lh)
            if len(lines) <= room:
                break
        while len(lines) > room and any(c == DIM for _t, c, _b in lines):
            k = max(j for j, ln in enumerate(lines) if ln[1] == DIM)  # hints go first
            del lines[k]
        if len(lines) > room:  # keep the title and what comes next; the cut line ends
            lines = lines[:room - 1] + lines[-1:]  # in an ellipsis
            text, colour, bold = lines[-2] if len(lines) > 1 else lines[-1]
            if len(lines) > 1:
                lines[-2] = (fit(body, text + " ...", box.w - 28), colour, bold)
        self.lines = [text for text, _c, _b in lines]
        surface.fill(BG, box)
        pygame.draw.line(surface, ORANGE, box.bottomleft, box.bottomright)
        y = box.y + 6
        for text, colour, bold in lines:
            surface.blit(f.render(f.bold if bold else body, text, colour), (box.x + 14, y))
            y += lh
