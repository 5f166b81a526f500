"""The side panel: the card of the piece in focus (its name, side, health, the
controller's rows and tags, the hovered place) or the roster, and the buttons at its
foot: the tool row, with the context buttons above it."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import pygame

from game.core.ruleset import PieceView
from game.ui.drawing import blit_copy, fill_rect
from game.ui.scenes.shell.roster import Roster
from game.ui.widgets import (
    BG,
    DIM,
    EDGE,
    GREEN,
    ORANGE,
    PANEL,
    TEXT,
    VERMILLION,
    draw_mark,
    fit,
    side_colour,
    text_width,
    wrap,
)

if TYPE_CHECKING:
    from game.ui.scenes.shell.board import BoardScene

PANEL_MIN = 150
"""Height the piece panel keeps above its buttons (name, kind, health) where the window
has room; more buttons go into more columns first."""
BUTTON_H = 34
BUTTON_GAP = 6
BUTTON_MIN_H = 26
"""Buttons grow shorter, down to this, before they push into the panel's head."""
TALL = 2400
"""Height of the card drawn whole, to be scrolled, when it does not fit."""
TALL_MARGIN = 48
"""Pixels under a whole card's last text that its drawings (a tag's pill, a mark) may
still reach: what is cleared of the kept TALL surface before the next card."""
MORE_H = 22
"""Height of the sign at a cut card's foot (and head, once scrolled)."""
SCROLL_STEP = 44
"""Pixels one notch of the wheel (or a PageUp/PageDown) scrolls the card."""
CARDS_KEPT = 16
"""Cards kept drawn by what they show (a piece's card shown again, as the pointer goes
back and forth or the game goes back, is copied rather than drawn anew)."""


class Recorded(pygame.Surface):
    """A surface that notes where each blit went (the panel's texts, for layout checks)."""

    def __init__(self, *args: Any, **kw: Any) -> None:
        super().__init__(*args, **kw)
        self.parts: list[pygame.Rect] = []

    def blit(self, source: pygame.Surface, dest: Any = (0, 0), area: Any = None,
             special_flags: int = 0) -> pygame.Rect:
        r = super().blit(source, dest, area, special_flags)
        self.parts.append(source.get_rect(topleft=(int(dest[0]), int(dest[1]))))
        return r


class Panel:
    """The side panel of a board scene (its card is drawn again only when what it shows
    changes)."""

    def __init__(self, scene: BoardScene) -> None:
        self.scene = scene
        self.roster = Roster(scene)
        self.buttons_top = 0
        """Where the context buttons start (the card ends above them)."""
        self.parts: list[pygame.Rect] = []
        """Where each text of the card went (window coordinates)."""
        self._key: object = None
        self._card: pygame.Surface | None = None
        self.scroll = 0
        """How far the card is scrolled down (when it is taller than its room)."""
        self.content_h = 0
        """The card's whole height, when it is cut (0: it fits)."""
        self._cut = False
        """Set by :meth:`render` when something was left out for want of room."""
        self._shown: object = None
        self._cards: dict[object, tuple[pygame.Surface, int, int]] = {}
        """Cards drawn, by everything they show (:meth:`_content`): the card, its
        content height and scroll."""
        self._tall: Recorded | None = None
        """The surface a cut card is drawn on whole (TALL pixels high), kept: allocating
        and clearing one that tall cost more than the card's own drawing."""
        self._tall_used = 0
        """How far down the last whole card drew on it (cleared before the next)."""
        self._need = 0
        """The height the card last rendered needs for nothing to be cut: the lowest
        bottom of what it checked against its foot (see :meth:`_over`)."""
        self._short_at = 0
        """The height under which the card last rendered puts its second line (kind and
        side) on one line: below it the card is laid out otherwise."""
        self._cuts: dict[tuple[str, int], bool] = {}
        """(piece, width) -> whether its card was cut the last time it was drawn (then
        the next is drawn whole first: see :meth:`_fitted`)."""

    def invalidate(self) -> None:
        """Draw the card anew on the next frame."""
        self._key = None

    def cut(self) -> bool:
        """Whether the card is taller than its room (it scrolls, with a sign saying so)."""
        return self.content_h > 0

    def scroll_by(self, dy: int) -> bool:
        """Scroll a cut card by ``dy`` pixels; whether it could."""
        if not self.cut():
            return False
        room = self.buttons_top - self.scene.side_rect.y - 6
        self.scroll = max(0, min(self.content_h - room + MORE_H, self.scroll + dy))
        self._key = None
        return True

    def piece_shown(self) -> PieceView | None:
        """The piece the card shows: the one under the pointer, else the selected one."""
        hov = self.scene.hovered_piece()
        return hov if hov is not None else self.scene.piece(self.scene.selected)

    # ---------------------------------------------------------------- buttons
    def layout(self) -> None:
        """The tool row at the panel's foot (two rows where one would cut its words),
        the context buttons above it in as many columns as it takes to leave the panel's
        head (PANEL_MIN) clear; every button keeps a place, none is dropped."""
        p = self.scene.side_rect
        f = self.scene.app.fonts
        x, w = p.x + 12, p.w - 24
        tools = self.scene.tool_buttons
        n = max(1, len(tools))
        need = max((text_width(f.body, b.label) + 24 for b in tools), default=0)
        per_row = n if n * need + BUTTON_GAP * (n - 1) <= w else (n + 1) // 2
        rows = -(-len(tools) // per_row)
        tw = (w - BUTTON_GAP * (per_row - 1)) // per_row
        y = p.bottom - 12 - rows * BUTTON_H - (rows - 1) * BUTTON_GAP
        for k, b in enumerate(tools):
            r, c = divmod(k, per_row)
            b.rect = pygame.Rect(x + c * (tw + BUTTON_GAP), y + r * (BUTTON_H + BUTTON_GAP),
                                 tw, BUTTON_H)
        bottom = y - 10  # the context buttons end here
        ctx = self.scene.context_buttons
        room = bottom - (p.y + PANEL_MIN)
        # one column, shorter buttons, then more columns (their words may be cut, the
        # tooltip says them whole); last the panel's head gives way (to a line)
        options = [(c, bh) for c in (1, 2) for bh in (BUTTON_H, BUTTON_MIN_H)]
        least = max(room, bottom - (p.y + 40))
        cols, h = next(((c, bh) for c, bh in options
                        if -(-len(ctx) // c) * (bh + BUTTON_GAP) <= room),
                       (2 if -(-len(ctx) // 2) * (BUTTON_MIN_H + BUTTON_GAP) <= least else 3,
                        BUTTON_MIN_H))
        rows = -(-len(ctx) // cols) if ctx else 0
        if rows and rows * (h + BUTTON_GAP) > room:
            h = max(BUTTON_MIN_H, min(BUTTON_H, least // rows - BUTTON_GAP))
        cw = (w - BUTTON_GAP * (cols - 1)) // cols
        top = bottom - rows * (h + BUTTON_GAP)
        for k, b in enumerate(ctx):
            r, c = divmod(k, cols)
            b.rect = pygame.Rect(x + c * (cw + BUTTON_GAP), top + r * (h + BUTTON_GAP), cw, h)
        self.buttons_top = top if ctx else bottom

    # ---------------------------------------------------------------- drawing
    def draw(self, surface: pygame.Surface) -> None:
        scene = self.scene
        p = scene.side_rect
        piece = self.piece_shown()
        key = (piece, scene.selected, p.size, scene.hover, self.buttons_top,
               len(scene.m.actions), self.scroll)
        if key != self._key or self._card is None:
            self._key = key
            self._card = self._kept(piece, p.w, self.buttons_top - p.y - 6)
            parts = self._card.parts if isinstance(self._card, Recorded) else []
            self.parts = [r.move(p.topleft) for r in parts]
        fill_rect(surface, PANEL, p)
        blit_copy(surface, self._card, p.topleft)  # (the card leaves its left edge blank)
        pygame.draw.line(surface, EDGE, p.topleft, p.bottomleft)
        mouse = pygame.mouse.get_pos()
        for b in scene.context_buttons + scene.tool_buttons:
            b.draw(surface, scene.app.fonts, mouse, PANEL)  # on the panel's colour

    def _content(self, piece: PieceView, w: int, h: int) -> object:
        """Everything a piece's card shows (what :meth:`render` reads), as a key."""
        scene, control = self.scene, self.scene.control
        hover = scene.hover
        return (piece, scene.selected is None, piece.id == scene.selected, w, h,
                self.scroll, scene.side_label(piece.side), scene.who(piece.side),
                tuple(control.piece_rows(piece)), tuple(control.piece_tags(piece)),
                control.place_text(hover) if hover is not None else None,
                scene.sides.index(piece.side), id(scene.app.fonts))

    def _kept(self, piece: PieceView | None, w: int, h: int) -> pygame.Surface:
        """:meth:`_fitted`, copied from the cards kept when one shows the same (the
        roster is drawn every time: it reads every piece)."""
        if piece is None:
            return self._fitted(piece, w, h)
        shown = (piece.id, w, h)
        if shown != self._shown:  # another piece (or room): from the top
            self._shown, self.scroll = shown, 0
        key = self._content(piece, w, h)
        got = self._cards.get(key)
        if got is None:
            card = self._fitted(piece, w, h)
            if len(self._cards) >= CARDS_KEPT:
                del self._cards[next(iter(self._cards))]
            got = self._cards[key] = (card, self.content_h, self.scroll)
        card, self.content_h, self.scroll = got
        return card

    def _fitted(self, piece: PieceView | None, w: int, h: int) -> pygame.Surface:
        """The card in its room: whole where it fits; else drawn whole and scrolled, with
        a sign at its foot (and head) saying there is more and how to see it."""
        shown = (piece.id if piece is not None else None, w, h)
        if shown != self._shown:  # another piece (or room): from the top
            self._shown, self.scroll = shown, 0
        tall, card = self._cut_first(piece, w, h)
        if card is None and tall is None:
            card = self.render(piece, w, h)
        if piece is not None:
            if len(self._cuts) > CARDS_KEPT:
                self._cuts.clear()
            self._cuts[piece.id, w] = card is None or self._cut
        if card is not None and not self._cut:
            self.content_h = 0
            return card
        if tall is None:
            tall = self._whole_card(piece, w)
        parts = tall.parts
        self.content_h = max((r.bottom for r in parts), default=h) + 8
        self.scroll = max(0, min(self.scroll, self.content_h - h + MORE_H))
        if card is None:
            out = self._surface(w, h)  # (a cut card's own, clear)
        else:
            out = card  # (drawn again on its own surface: no new one)
            out.fill(PANEL)
            out.parts = []
        top = MORE_H if self.scroll > 0 else 0
        window = pygame.Rect(0, self.scroll + top, w, h - MORE_H - top)
        out.blit(tall, (0, top), window)
        out.parts = [r.move(0, top - window.y) for r in parts if window.contains(r)]
        f = self.scene.app.fonts
        below = self.scroll + h - MORE_H < self.content_h
        for y, text, up in ((0, "more above: wheel, PageUp", True),
                            (h - MORE_H, "more below: wheel, PageDown", False)):
            if (up and not top) or (not up and not below):
                continue
            pygame.draw.rect(out, (34, 38, 46), (0, y, w, MORE_H))
            cx = 24
            tri = ([(cx - 6, y + 15), (cx + 6, y + 15), (cx, y + 7)] if up else
                   [(cx - 6, y + 7), (cx + 6, y + 7), (cx, y + 15)])
            pygame.draw.polygon(out, ORANGE, tri)
            t = f.render(f.small, fit(f.small, text, w - 50), ORANGE)
            out.blit(t, (cx + 14, y + (MORE_H - t.get_height()) // 2))  # (noted in parts)
        return out

    def _cut_first(self, piece: PieceView | None, w: int, h: int
                   ) -> tuple[Recorded | None, Recorded | None]:
        """Where ``piece``'s card was cut the last time it was drawn this wide, the card
        drawn whole first: if it needs more than ``h`` (and is laid out at ``h`` as at
        full height), it is cut at ``h``, and drawing it at ``h`` only to find so is
        spared: (the whole card, None). Else (None or the whole card, the card drawn at
        ``h``, with :attr:`_cut` set), as :meth:`render` at ``h`` would give it."""
        if piece is None or not self._cuts.get((piece.id, w), False):
            return None, None
        tall = self._whole_card(piece, w)
        if self._short_at <= h < self._need:
            return tall, None
        return tall, self.render(piece, w, h)

    def _whole_card(self, piece: PieceView | None, w: int) -> Recorded:
        """``piece``'s card drawn whole on the kept TALL surface (:meth:`_whole`)."""
        tall = self.render(piece, w, TALL, self._whole(w))
        self._tall_used = max((r.bottom for r in tall.parts), default=0) + 8 + TALL_MARGIN
        return tall

    def _over(self, bottom: int, h: int) -> bool:
        """Whether ``bottom`` passes the card's foot ``h``: what is drawn next would be
        cut (noted in :attr:`_need`)."""
        if bottom > self._need:
            self._need = bottom
        return bottom > h

    def _surface(self, w: int, h: int) -> Recorded:
        screen = pygame.display.get_surface()
        surf = Recorded((w, max(10, h)), 0, screen) if screen is not None else \
            Recorded((w, max(10, h)))
        surf.fill(PANEL)
        return surf

    def _whole(self, w: int) -> Recorded:
        """The kept TALL surface for a whole card ``w`` wide, cleared where the last one
        drew (its parts forgotten)."""
        tall = self._tall
        if tall is None or tall.get_width() != w:
            tall = self._tall = self._surface(w, TALL)
        else:
            tall.fill(PANEL, (0, 0, w, min(TALL, self._tall_used)))
            tall.parts = []
        self._tall_used = TALL  # (until the card drawn on it says how far it went)
        return tall

    def render(self, piece: PieceView | None, w: int, h: int,
               surf: Recorded | None = None) -> Recorded:
        """The card of ``piece`` (the roster if None), ``w`` by ``h`` pixels (what does not
        fit is left out, and noted: :meth:`_fitted` then scrolls it); on ``surf`` (clear,
        ``w`` by ``h``) if given."""
        scene = self.scene
        f = scene.app.fonts
        # on the panel's own colour (what :meth:`draw` puts under it), in the window's
        # format: the frame copies the card rather than blending it every time
        surf = surf if surf is not None else self._surface(w, h)
        x, y = 16, 12
        self._cut = False
        self._need = self._short_at = 0
        if piece is None:
            self._cut = self.roster.render(surf, x, y, w, h) or self._cut
            return surf
        i = scene.sides.index(piece.side)
        if piece.id != scene.selected:
            t = f.render(f.small, fit(f.small, "under the pointer" if scene.selected is None
                                      else "under the pointer (Esc clears the selection)",
                                      w - 2 * x), DIM)
            surf.blit(t, (x, y - 4))
            y += 18
        draw_mark(surf, i, (x + 10, y + 14), 20)
        surf.blit(f.render(f.head, fit(f.head, piece.name, w - 28 - 2 * x), TEXT), (x + 28, y))
        y += 32
        who = (f"{piece.kind_name} of the {scene.side_label(piece.side)} "
               f"({scene.who(piece.side)})")
        lines = wrap(f.body, who, w - 2 * x)
        self._short_at = y + f.body.get_linesize() * len(lines) + 36
        if self._short_at > h:  # a short panel: one line
            lines = [fit(f.body, who, w - 2 * x)]
        for ln in lines:
            if self._over(y + f.body.get_linesize(), h):
                self._cut = True
                return surf
            surf.blit(f.render(f.body, ln, side_colour(i)), (x, y))
            y += f.body.get_linesize()
        y += 6
        if self._over(y + 26, h):  # no room for the health bar
            self._cut = True
            return surf
        self._health(surf, piece, x, y, w)
        y = self._rows(surf, piece, x, y + 30, w, h)
        self._place_note(surf, x, y, w, h)
        return surf

    def _health(self, surf: pygame.Surface, piece: PieceView, x: int, y: int, w: int) -> None:
        f = self.scene.app.fonts
        bar = pygame.Rect(x, y + 4, w - 150, 14)
        pygame.draw.rect(surf, (60, 30, 20), bar, border_radius=4)
        frac = max(0.0, piece.health / piece.health_max) if piece.health_max else 0
        fill = bar.copy()
        fill.w = int(bar.w * frac)
        pygame.draw.rect(surf, GREEN if frac > 0.5 else ORANGE if frac > 0.25 else VERMILLION,
                         fill, border_radius=4)
        surf.blit(f.render(f.bold, f"{piece.health_label} {piece.health}/{piece.health_max}",
                           TEXT), (bar.right + 10, y))

    def _rows(self, surf: pygame.Surface, piece: PieceView, x: int, y: int, w: int,
              h: int) -> int:
        """The controller's rows and tags for ``piece``; the height reached."""
        f = self.scene.app.fonts
        control = self.scene.control
        lh = f.body.get_linesize()
        for label, value in control.piece_rows(piece):
            lines = wrap(f.body, value, w - 96 - 2 * x)
            if self._over(y + lh * len(lines) + 24, h):
                self._cut = True
                break
            surf.blit(f.render(f.small, label, DIM), (x, y))
            for k, ln in enumerate(lines):  # a wrapped value pushes the next row down
                surf.blit(f.render(f.body, ln, TEXT), (x + 96, y - 2 + k * lh))
            y += lh * len(lines) + 2
        tags = control.piece_tags(piece)
        if tags and self._over(y + 25, h):  # (y >= h - 24)
            self._cut = True
        if tags and y < h - 24:
            y += 4
            tx = x
            for text, colour in tags:
                t = f.render(f.small, text, BG)
                r = pygame.Rect(tx, y, t.get_width() + 14, t.get_height() + 4)
                if r.right > w - 10:
                    tx = x
                    y += r.h + 6
                    r.topleft = (tx, y)
                if self._over(r.bottom, h):
                    self._cut = True
                    break
                pygame.draw.rect(surf, colour, r, border_radius=10)
                surf.blit(t, (r.x + 7, r.y + 2))
                tx = r.right + 6
            y += 30
        return y

    def _place_note(self, surf: pygame.Surface, x: int, y: int, w: int, h: int) -> None:
        """What the controller says of the hovered place, at the card's foot."""
        f = self.scene.app.fonts
        hover = self.scene.hover
        note = self.scene.control.place_text(hover) if hover is not None else None
        if not note:
            return
        lines = wrap(f.small, note, w - 32)
        if self._over(y + 22 * len(lines), h):  # (at its foot too: it ends at h - 24)
            self._cut = True
            return
        if h < TALL:  # at the card's foot, where it fits whole
            y = max(y, h - 24 - 22 * len(lines))
        for ln in lines:
            surf.blit(f.render(f.small, ln, DIM), (x, y))
            y += 22
