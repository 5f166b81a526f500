"""Small widgets drawn with plain pygame: buttons, lists, a scrolling log, dialogs, toasts.

Why not pygame-gui: measured here (pygame-gui 0.6.14, 1280x720), a ``UITextBox`` holding
60 dice-log lines costs ~80-120 ms to ``set_text`` and ~20 ms per ``append_html_text``,
which stutters every roll of an AI turn; importing it and building a manager adds
~0.2 s to start-up. These widgets render each text line once into a cached surface and
blit it, so a steady frame costs a few blits. Fonts are the Noto Sans faces pygame-gui
ships (found without importing it), DejaVu, or pygame's default.

Colours come from the Okabe-Ito palette (colour-blind safe); a side's colour and ring
pattern are the board's (``game.ui.palette``).
"""

from __future__ import annotations

import importlib.util
import math
import weakref
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import TypeVar

import pygame

from game.core.errors import printable
from game.ui import palette as pal
from game.ui.drawing import SurfacePool

Colour = tuple[int, int, int]

# Okabe-Ito
BLACK: Colour = (0, 0, 0)
ORANGE: Colour = (230, 159, 0)
SKY: Colour = (86, 180, 233)
GREEN: Colour = (0, 158, 115)
YELLOW: Colour = (240, 228, 66)
BLUE: Colour = (0, 114, 178)
VERMILLION: Colour = (213, 94, 0)
PURPLE: Colour = (204, 121, 167)

# panel greys (neutral, so the palette colours stand out)
BG: Colour = (24, 26, 31)
PANEL: Colour = (34, 37, 44)
PANEL_HI: Colour = (46, 50, 60)
EDGE: Colour = (70, 76, 90)
TEXT: Colour = (236, 236, 232)
DIM: Colour = (160, 164, 172)
FAINT: Colour = (110, 114, 124)

def side_colour(index: int) -> Colour:
    """A side's colour, the same as its figures' bases on the board."""
    return pal.side_colour(index)


def draw_mark(surface: pygame.Surface, index: int, center: tuple[int, int], size: int,
              colour: Colour | None = None) -> None:
    """A small figure base of the side: its colour and its ring pattern (solid, dashed,
    double, dotted), as on the board, so a side is never told by colour alone."""
    colour = colour or side_colour(index)
    cx, cy = center
    r = size / 2
    pygame.draw.circle(surface, BLACK, center, r)
    pygame.draw.circle(surface, colour, center, r - 1.5)
    ring = pal.side_ring(index)
    rr = r * 0.62
    w = max(2, round(r * 0.2))
    light = pal.PAPER
    if ring == "solid":
        pygame.draw.circle(surface, BLACK, center, rr + w / 2, w)
    elif ring == "dashed":
        for k in range(6):
            a0 = k * math.pi / 3 + 0.2
            pygame.draw.arc(surface, light, (cx - rr - w / 2, cy - rr - w / 2,
                                             2 * rr + w, 2 * rr + w), a0, a0 + 0.6, w)
    elif ring == "double":
        pygame.draw.circle(surface, light, center, rr + w * 0.6, max(1, w // 2))
        pygame.draw.circle(surface, light, center, rr - w * 0.5, max(1, w // 2))
    else:
        for k in range(8):
            a = k * math.pi / 4
            pygame.draw.circle(surface, light, (cx + rr * math.cos(a), cy + rr * math.sin(a)),
                               max(1.5, w * 0.6))


# ---------------------------------------------------------------------------- fonts
def _font_files() -> tuple[str | None, str | None]:
    """Regular and bold font files: pygame-gui's Noto Sans, else DejaVu, else default."""
    spec = importlib.util.find_spec("pygame_gui")
    cands: list[tuple[Path, Path]] = []
    if spec is not None and spec.submodule_search_locations:
        d = Path(next(iter(spec.submodule_search_locations))) / "data"
        cands.append((d / "NotoSans-Regular.ttf", d / "NotoSans-Bold.ttf"))
    for root in ("/usr/share/fonts/truetype/dejavu", "/usr/share/fonts/TTF",
                 "/usr/share/fonts/dejavu"):
        cands.append((Path(root) / "DejaVuSans.ttf", Path(root) / "DejaVuSans-Bold.ttf"))
    for reg, bold in cands:
        if reg.is_file():
            return str(reg), str(bold) if bold.is_file() else str(reg)
    return None, None


class Fonts:
    """The few font sizes the UI uses (body text is 18 px, never below 16)."""

    def __init__(self) -> None:
        reg, bold = _font_files()
        self.small = pygame.font.Font(reg, 16)
        self.body = pygame.font.Font(reg, 18)
        self.bold = pygame.font.Font(bold, 18)
        self.head = pygame.font.Font(bold, 22)
        self.title = pygame.font.Font(bold, 34)
        self.huge = pygame.font.Font(bold, 60)
        self._cache: dict[tuple[int, str, Colour], pygame.Surface] = {}

    def render(self, font: pygame.font.Font, text: str, colour: Colour = TEXT) -> pygame.Surface:
        """A cached rendering of one line of text."""
        key = (id(font), text, colour)
        s = self._cache.get(key)
        if s is None:
            if len(self._cache) > 4000:
                self._cache.clear()
            s = font.render(text, True, colour)
            self._cache[key] = s
        return s


T = TypeVar("T")

_FITTED: weakref.WeakKeyDictionary[pygame.font.Font, dict[tuple[str, int], str]] = \
    weakref.WeakKeyDictionary()
_WRAPPED: weakref.WeakKeyDictionary[pygame.font.Font,
                                    dict[tuple[str, int], tuple[str, ...]]] = \
    weakref.WeakKeyDictionary()
"""What :func:`fit` and :func:`wrap` made of a text for a font and a width (the UI asks
for the same few texts every frame; measuring them costs more than looking them up)."""


def _memo(table: weakref.WeakKeyDictionary[pygame.font.Font, dict[tuple[str, int], T]],
          font: pygame.font.Font) -> dict[tuple[str, int], T]:
    made = table.get(font)
    if made is None:
        made = table[font] = {}
    elif len(made) > 2048:
        made.clear()
    return made


_SIZED: weakref.WeakKeyDictionary[pygame.font.Font, dict[tuple[str, int], int]] = \
    weakref.WeakKeyDictionary()
"""What :func:`text_width` measured, by font and text."""


def text_width(font: pygame.font.Font, text: str) -> int:
    """``font.size(text)[0]``, measured once (a layout asks for the same labels' widths
    every time it runs; shaping a text costs more than looking it up)."""
    made = _memo(_SIZED, font)
    got = made.get((text, 0))
    if got is None:
        got = made[text, 0] = font.size(text)[0]
    return got


def fit(font: pygame.font.Font, text: str, width: int) -> str:
    """``text`` cut to ``width`` pixels with an ellipsis if it is wider."""
    made = _memo(_FITTED, font)
    got = made.get((text, width))
    if got is None:
        got = made[text, width] = _fit(font, text, width)
    return got


def _fit(font: pygame.font.Font, text: str, width: int) -> str:
    if font.size(text)[0] <= width:
        return text
    while text and font.size(text + "...")[0] > width:
        text = text[:-1]
    return text.rstrip() + "..." if text else ""


def fit_label(font: pygame.font.Font, text: str, width: int) -> str:
    """A button's label cut to ``width`` pixels: a bracket that does not fit is cut whole
    ("Defend (...)") rather than left open ("Defend (attackers roll 4 di..."); else as
    :func:`fit`."""
    if text_width(font, text) <= width or " (" not in text:
        return fit(font, text, width)
    head, _sep, rest = text.partition(" (")
    tail = rest.partition(")")[2]
    short = f"{head} (...){tail}"
    return short if font.size(short)[0] <= width else fit(font, short, width)


def wrap(font: pygame.font.Font, text: str, width: int) -> list[str]:
    """Split ``text`` into lines no wider than ``width`` pixels (long words are kept)."""
    made = _memo(_WRAPPED, font)
    got = made.get((text, width))
    if got is None:
        got = made[text, width] = tuple(_wrap(font, text, width))
    return list(got)


def _wrap(font: pygame.font.Font, text: str, width: int) -> list[str]:
    out: list[str] = []
    for para in text.split("\n"):
        words = para.split(" ")
        line = ""
        for w in words:
            cand = w if not line else f"{line} {w}"
            if font.size(cand)[0] <= width or not line:
                line = cand
            else:
                out.append(line)
                line = w
        out.append(line)
    return out


def draw_panel(surface: pygame.Surface, rect: pygame.Rect, colour: Colour = PANEL,
               border: Colour | None = EDGE, radius: int = 8) -> None:
    pygame.draw.rect(surface, colour, rect, border_radius=radius)
    if border is not None:
        pygame.draw.rect(surface, border, rect, 1, border_radius=radius)


# ---------------------------------------------------------------------------- button
@dataclass
class Button:
    """A clickable label; ``on_click`` runs on release over the button."""

    label: str
    on_click: Callable[[], None]
    rect: pygame.Rect = field(default_factory=lambda: pygame.Rect(0, 0, 0, 0))
    enabled: bool = True
    toggled: bool | None = None
    """None for a plain button; True/False shows a check mark (a toggle)."""
    hint: str = ""
    """Keyboard shortcut shown at the right edge ("Ctrl+Z")."""
    accent: Colour = SKY
    name: str = ""
    """A stable name tests can find the button by."""
    primary: bool = False
    """The main choice on screen: filled with its accent colour."""
    tip: str = ""
    """What the button does and what it costs, shown while the pointer is over it."""
    number: str = ""
    """The number key that presses it ("1"), drawn in a badge at its left edge."""
    _pressed: bool = False

    def handle(self, e: pygame.event.Event) -> bool:
        """True if the event was the button's."""
        if not self.enabled:
            return False
        if e.type == pygame.MOUSEBUTTONDOWN and e.button == 1 and self.rect.collidepoint(e.pos):
            self._pressed = True
            return True
        if e.type == pygame.MOUSEBUTTONUP and e.button == 1:
            was, self._pressed = self._pressed, False
            if was and self.rect.collidepoint(e.pos):
                self.on_click()
                return True
        return False

    def shown_label(self) -> str:
        return self.label if self.toggled is None else (
            ("[x] " if self.toggled else "[  ] ") + self.label)

    def cut(self, fonts: Fonts) -> bool:
        """Whether the label is too long for the button (its tooltip then says it)."""
        return text_width(fonts.body, self.shown_label()) > self.rect.w - 20 - \
            self._indent(fonts)

    def _indent(self, fonts: Fonts) -> int:
        """Room the number badge takes at the left (none without a number)."""
        return text_width(fonts.small, self.number) + 12 if self.number else 0

    def draw(self, surface: pygame.Surface, fonts: Fonts, mouse: tuple[int, int],
             backdrop: Colour | None = None) -> None:
        """The button as it looks now (hovered under ``mouse``). ``backdrop``: the plain
        colour under it, when the caller knows it: the button is then drawn once per look
        onto that colour and copied (the same pixels, one blit)."""
        hot = self.enabled and self.rect.collidepoint(mouse)
        bg = PANEL_HI if hot else PANEL
        if self.toggled:
            bg = (40, 62, 80)
        edge = self.accent if (hot or self.toggled) and self.enabled else EDGE
        colour = TEXT if self.enabled else FAINT
        if self.primary and self.enabled:
            r, g, b = self.accent
            bg = (min(255, r + 25), min(255, g + 25), min(255, b + 25)) if hot else self.accent
            edge, colour = TEXT if hot else self.accent, BLACK
        if backdrop is None:
            self._paint(surface, self.rect, fonts, bg, edge, colour)
            return
        key = (id(fonts), self.rect.size, backdrop, bg, edge, colour, self.shown_label(),
               self.hint, self.number, self.primary and self.enabled, self.enabled)
        look = _LOOKS.get(key)
        if look is None:
            if len(_LOOKS) > 512:
                _LOOKS.clear()
            look = pygame.Surface(self.rect.size)
            if pygame.display.get_surface() is not None:
                look = look.convert()  # the window's format: its blits blend the same
            look.fill(backdrop)
            self._paint(look, look.get_rect(), fonts, bg, edge, colour)
            _LOOKS[key] = look
        surface.blit(look, self.rect)

    def _paint(self, surface: pygame.Surface, rect: pygame.Rect, fonts: Fonts, bg: Colour,
               edge: Colour, colour: Colour) -> None:
        draw_panel(surface, rect, bg, edge, radius=6)
        label = self.shown_label()
        indent = self._indent(fonts)
        if indent:
            n = fonts.render(fonts.small, self.number, BLACK)
            badge = pygame.Rect(rect.x + 6, 0, n.get_width() + 8, n.get_height() + 2)
            badge.centery = rect.centery
            pygame.draw.rect(surface, DIM if self.enabled else FAINT, badge, border_radius=4)
            surface.blit(n, n.get_rect(center=badge.center))
        txt = fonts.render(fonts.body, fit_label(fonts.body, label, rect.w - 20 - indent),
                           colour)
        y = rect.centery - txt.get_height() // 2
        surface.blit(txt, (rect.x + 10 + indent, y))
        if self.hint:
            h = fonts.render(fonts.small, self.hint, (40, 40, 40) if self.primary and
                             self.enabled else DIM if self.enabled else FAINT)
            if indent + txt.get_width() + h.get_width() + 28 < rect.w:
                surface.blit(h, (rect.right - h.get_width() - 10,
                                 rect.centery - h.get_height() // 2))


_LOOKS: dict[tuple[object, ...], pygame.Surface] = {}
"""Buttons drawn on a known backdrop, by everything that makes their look."""


def draw_tooltip(surface: pygame.Surface, fonts: Fonts, buttons: Sequence[Button],
                 mouse: tuple[int, int]) -> pygame.Rect | None:
    """The tip of the button under the pointer, in a box beside it (left of it if there
    is room, else above); returns where it went."""
    b = next((b for b in buttons if b.rect.collidepoint(mouse)
              and (b.tip or b.cut(fonts))), None)
    if b is None:
        return None
    text = b.tip if not b.cut(fonts) else f"{b.label}: {b.tip}" if b.tip else b.label
    width = min(420, max(200, surface.get_width() // 3))
    lines = wrap(fonts.small, text, width - 20)
    lh = fonts.small.get_linesize()
    box = pygame.Rect(0, 0, max(fonts.small.size(ln)[0] for ln in lines) + 20,
                      lh * len(lines) + 12)
    if b.rect.left - box.w - 8 >= 0:
        box.midright = (b.rect.left - 8, b.rect.centery)
    else:
        box.midbottom = (b.rect.centerx, b.rect.top - 6)
    box.clamp_ip(surface.get_rect())
    draw_panel(surface, box, (20, 22, 27), b.accent, radius=6)
    y = box.y + 6
    for ln in lines:
        surface.blit(fonts.render(fonts.small, ln, TEXT), (box.x + 10, y))
        y += lh
    return box


# ---------------------------------------------------------------------------- log
@dataclass(frozen=True)
class LogLine:
    """One line of a log entry: text segments with their colours."""

    parts: tuple[tuple[str, Colour, bool], ...]
    """(text, colour, bold)."""
    indent: int = 0


@dataclass
class LogEntry:
    lines: list[LogLine]
    key: object = None
    height: int = 0
    surface: pygame.Surface | None = None


_ENTRIES = SurfacePool()
"""The surfaces the dice log's entries are drawn on."""


class LogView:
    """A scrolling log, newest at the bottom; the wheel scrolls it.

    Entries are rendered lazily, only when they come into view, and then cached, so a
    log of thousands of entries (rebuilt after an undo) costs nothing until scrolled to.
    Unrendered entries count with an estimated height (one text line per line). The view
    follows the newest entry unless the reader scrolled up, who then keeps their place.
    """

    def __init__(self, title: str = "") -> None:
        self.title = title
        self.entries: list[LogEntry] = []
        self.rect = pygame.Rect(0, 0, 0, 0)
        self.scroll = 0
        """Pixels scrolled up from the bottom (0 = following the newest)."""
        self._width = 0
        self._lh = 22
        """Line height of the log font (known once drawn)."""
        self._total = 0
        """Sum of the entries' heights (kept up to date, not summed per frame)."""
        self._made: dict[tuple[object, ...], pygame.Surface] = {}
        """Entries drawn, by their lines, width, line height and fonts: an entry drawn
        again (the log rebuilt after an undo or a step back) is copied, not drawn anew."""

    def clear(self) -> None:
        self.entries.clear()
        self.scroll = 0
        self._total = 0

    def add(self, lines: list[LogLine], key: object = None) -> None:
        en = LogEntry(lines, key)
        en.height = self._estimate(en)
        self.entries.append(en)
        self._total += en.height
        if self.scroll:  # a reader scrolled up keeps their place
            self.scroll += en.height

    def _estimate(self, en: LogEntry) -> int:
        return self._lh * len(en.lines) + 6

    def texts(self) -> list[str]:
        """Every line as plain text (for tests and copying)."""
        return ["".join(p[0] for p in ln.parts) for e in self.entries for ln in e.lines]

    MADE_KEPT = 48
    """Drawn entries kept by their content (a two-line entry the log's usual width is
    about 160 KB: some 8 MB at most)."""

    def _render(self, entry: LogEntry, fonts: Fonts, width: int) -> None:
        key = (tuple(entry.lines), width, self._lh, id(fonts))
        surf = self._made.get(key)
        if surf is None:
            surf = self._draw_entry(entry, fonts, width)
            if len(self._made) >= self.MADE_KEPT:
                del self._made[next(iter(self._made))]
            self._made[key] = surf
        h = surf.get_height()
        self._total += h - entry.height
        entry.surface, entry.height = surf, h

    def _draw_entry(self, entry: LogEntry, fonts: Fonts, width: int) -> pygame.Surface:
        rows: list[list[tuple[pygame.Surface, int]]] = []
        for ln in entry.lines:
            x = ln.indent
            row: list[tuple[pygame.Surface, int]] = []
            for text, colour, bold in ln.parts:
                font = fonts.bold if bold else fonts.small
                for k, word in enumerate(text.split(" ")):
                    piece = word if k == 0 else " " + word
                    s = fonts.render(font, piece, colour)  # words recur: made once
                    if x + s.get_width() > width and x > ln.indent + 20:
                        rows.append(row)
                        row = []
                        x = ln.indent + 16
                        piece = piece.lstrip()
                        s = fonts.render(font, piece, colour)
                    row.append((s, x))
                    x += s.get_width()
            rows.append(row)
        lh = self._lh
        h = lh * len(rows) + 6
        # drawn on the panel's own colour (what :meth:`draw` puts under it), in the
        # window's format: the frame copies it rather than blending it every time (on a
        # surface of an entry let go, when there is one)
        surf = _ENTRIES.take((width, h))
        surf.fill(PANEL)
        surf.fblits([(s, (x, k * lh + 2)) for k, row in enumerate(rows) for s, x in row])
        return surf

    LINES_PER_NOTCH = 3
    """Lines one notch of the mouse wheel scrolls."""

    def handle(self, e: pygame.event.Event) -> bool:
        if e.type == pygame.MOUSEWHEEL and self.rect.collidepoint(pygame.mouse.get_pos()):
            self.scroll = max(0, self.scroll + e.y * self._lh * self.LINES_PER_NOTCH)
            return True
        if e.type == pygame.KEYDOWN and e.key in (pygame.K_PAGEUP, pygame.K_PAGEDOWN):
            page = max(self._lh, self.rect.h - 3 * self._lh)
            self.scroll = max(0, self.scroll + (page if e.key == pygame.K_PAGEUP else -page))
            return True
        return False

    def follow(self) -> None:
        """Back to the newest entry (the player acted: show what came of it)."""
        self.scroll = 0

    def draw(self, surface: pygame.Surface, fonts: Fonts) -> None:
        draw_panel(surface, self.rect, PANEL)
        inner = self.rect.inflate(-16, -12)
        top = inner.y
        if self.title:
            t = fonts.render(fonts.bold, self.title, DIM)
            surface.blit(t, (inner.x, inner.y))
            if self.scroll:  # in the title row, where it covers no entry
                note = fonts.render(fonts.small, "newer below: scroll down, or End", ORANGE)
                if t.get_width() + note.get_width() + 24 <= inner.w:
                    surface.blit(note, (inner.right - note.get_width() - 10, inner.y + 2))
            top += t.get_height() + 4
        width = inner.w - 10
        if width != self._width or self._lh != fonts.small.get_linesize():
            self._width = width
            self._lh = fonts.small.get_linesize()
            for en in self.entries:
                en.surface = None
                en.height = self._estimate(en)
            self._total = sum(en.height for en in self.entries)
        view_h = inner.bottom - top
        clip = surface.get_clip()
        surface.set_clip(pygame.Rect(inner.x, top, inner.w, view_h))
        y = inner.bottom + self.scroll
        for en in reversed(self.entries):
            if y - en.height > inner.bottom:
                y -= en.height
                continue
            if en.surface is None:
                self._render(en, fonts, width)
            y -= en.height
            if y + en.height < top:
                break
            assert en.surface is not None
            surface.blit(en.surface, (inner.x, y))
        surface.set_clip(clip)
        total = self._total
        if self.scroll > max(0, total - view_h):
            self.scroll = max(0, total - view_h)  # shown right from the next frame
        if total > view_h:  # scroll bar
            frac = view_h / total
            bar_h = max(24, int(view_h * frac))
            pos = 1 - (self.scroll + view_h) / total
            bar_y = top + int((view_h - bar_h) * (pos / max(1e-9, 1 - frac)))
            pygame.draw.rect(surface, ORANGE if self.scroll else EDGE,
                             (inner.right - 5, bar_y, 5, bar_h), border_radius=3)


# ---------------------------------------------------------------------------- dialogs
class Dialog:
    """A modal box: a title, a wrapped message, buttons. Esc runs ``on_cancel``."""

    def __init__(self, title: str, message: str, buttons: Sequence[tuple[str, Callable[[], None]]],
                 *, accent: Colour = SKY, on_cancel: Callable[[], None] | None = None,
                 width: int = 620) -> None:
        self.title = title
        self.message = message
        self.accent = accent
        self.width = width
        self.closed = False
        self.on_cancel = on_cancel
        self.buttons = [Button(label, self._wrap(cb), name=label) for label, cb in buttons]
        self.rect = pygame.Rect(0, 0, 0, 0)

    def _wrap(self, cb: Callable[[], None]) -> Callable[[], None]:
        def run() -> None:
            self.closed = True
            cb()
        return run

    def close(self) -> None:
        self.closed = True
        if self.on_cancel:
            self.on_cancel()

    def handle(self, e: pygame.event.Event) -> bool:
        """Every event goes to a modal dialog (it is modal)."""
        if e.type == pygame.KEYDOWN:
            if e.key == pygame.K_ESCAPE:
                self.close()
            elif e.key in (pygame.K_RETURN, pygame.K_KP_ENTER) and self.buttons:
                self.buttons[0].on_click()
            return True
        for b in self.buttons:
            if b.handle(e):
                break
        return True

    def layout(self, size: tuple[int, int], fonts: Fonts) -> list[str]:
        w = min(self.width, size[0] - 40)
        lines = wrap(fonts.body, self.message, w - 40)
        lh = fonts.body.get_linesize()
        h = 70 + lh * len(lines) + 64
        self.rect = pygame.Rect(0, 0, w, min(h, size[1] - 40))
        self.rect.center = (size[0] // 2, size[1] // 2)
        bw = min(220, (w - 40 - 10 * (len(self.buttons) - 1)) // max(1, len(self.buttons)))
        x = self.rect.right - 20 - len(self.buttons) * (bw + 10) + 10
        for b in self.buttons:
            b.rect = pygame.Rect(x, self.rect.bottom - 52, bw, 36)
            x += bw + 10
        return lines

    def draw(self, surface: pygame.Surface, fonts: Fonts, mouse: tuple[int, int]) -> None:
        shade = pygame.Surface(surface.get_size(), pygame.SRCALPHA)
        shade.fill((0, 0, 0, 150))
        surface.blit(shade, (0, 0))
        lines = self.layout(surface.get_size(), fonts)
        draw_panel(surface, self.rect, PANEL, self.accent, radius=10)
        pygame.draw.rect(surface, self.accent, (self.rect.x, self.rect.y, self.rect.w, 6),
                         border_top_left_radius=10, border_top_right_radius=10)
        surface.blit(fonts.render(fonts.head, self.title, TEXT),
                     (self.rect.x + 20, self.rect.y + 20))
        y = self.rect.y + 62
        lh = fonts.body.get_linesize()
        for ln in lines:
            if y + lh > self.rect.bottom - 60:
                break
            surface.blit(fonts.render(fonts.body, ln, TEXT), (self.rect.x + 20, y))
            y += lh
        for b in self.buttons:
            b.draw(surface, fonts, mouse)


class HelpOverlay(Dialog):
    """F1: every key and mouse action, and beside them what each mark on the board
    means. When they do not fit the window (a small window, a long legend), the wheel,
    the arrow keys and Page Up/Down scroll both columns together, and the foot says so."""

    LEGEND_ROW = 34
    """Height of one legend row (its icon is drawn 30 pixels high)."""

    def __init__(self, rows: Sequence[tuple[str, str]], on_close: Callable[[], None],
                 extra: tuple[str, Callable[[], None]] | None = None,
                 legend: Sequence[tuple[pygame.Surface, str]] = ()) -> None:
        buttons = [("Close", on_close)] + ([extra] if extra is not None else [])
        super().__init__("Keys and mouse", "", buttons, width=1240 if legend else 860)
        self.rows = list(rows)
        self.legend = list(legend)
        """What each mark on the board means: an icon drawn as the board draws it, and
        its meaning."""
        self.scroll = 0
        """Pixels both columns are scrolled down."""
        self._lh = 20
        self._small_lh = 16
        self._view_h = 0
        self._rows_wrapped: list[list[str]] = [[what] for _, what in self.rows]
        self._keys_wrapped: list[list[str]] = [[key] for key, _ in self.rows]
        self._legend_wrapped: list[list[str]] = [[what] for _, what in self.legend]

    def _heights(self) -> tuple[int, int]:
        """The pixel heights of the keys column and of the legend column (with its
        heading), their texts wrapped as :meth:`layout` last wrapped them."""
        keys = sum(max(len(a), len(b)) for a, b in zip(self._keys_wrapped,
                                                        self._rows_wrapped, strict=True)
                   ) * self._lh
        legend = (32 + sum(max(self.LEGEND_ROW, len(lines) * self._small_lh + 12)
                           for lines in self._legend_wrapped)) if self.legend else 0
        return keys, legend

    def max_scroll(self) -> int:
        """How far the columns scroll: what does not fit the box (0 when all fits)."""
        return max(0, max(self._heights()) - self._view_h)

    def scroll_by(self, dy: int) -> None:
        self.scroll = min(self.max_scroll(), max(0, self.scroll + dy))

    def handle(self, e: pygame.event.Event) -> bool:
        """The wheel, Up/Down (a row) and Page Up/Down, Home/End scroll; the rest as a
        dialog (Esc, Enter, the buttons)."""
        if e.type == pygame.MOUSEWHEEL:
            self.scroll_by(-e.y * 3 * self._lh)
            return True
        if e.type == pygame.KEYDOWN:
            page = max(self._lh, self._view_h - 2 * self._lh)
            step = {pygame.K_DOWN: self._lh, pygame.K_UP: -self._lh,
                    pygame.K_PAGEDOWN: page, pygame.K_PAGEUP: -page,
                    pygame.K_END: 10 ** 6, pygame.K_HOME: -10 ** 6}.get(e.key)
            if step is not None:
                self.scroll_by(step)
                return True
        return super().handle(e)

    def layout(self, size: tuple[int, int], fonts: Fonts) -> list[str]:
        super().layout(size, fonts)
        self._lh = fonts.body.get_linesize() + 2
        self._small_lh = fonts.small.get_linesize()
        keys_w, key_col, legend_x = self._columns()
        self._rows_wrapped = [wrap(fonts.body, what, keys_w - key_col - 40) or [""]
                              for _, what in self.rows]
        self._keys_wrapped = [wrap(fonts.bold, key, key_col - 8) or [""]
                              for key, _ in self.rows]
        self._legend_wrapped = [wrap(fonts.small, what, self.rect.right - legend_x - 60)
                                or [""] for _, what in self.legend]
        keys_h, legend_h = self._heights()
        self.rect.h = min(size[1] - 40, 140 + max(keys_h, legend_h))
        self.rect.center = (size[0] // 2, size[1] // 2)
        for b in self.buttons:
            b.rect.y = self.rect.bottom - 52
        self._view_h = self.rect.h - 66 - 64
        self.scroll = min(self.scroll, self.max_scroll())
        return []

    def _columns(self) -> tuple[int, int, int]:
        """The keys column's width, where its meanings start, and the legend's left."""
        keys_w = self.rect.w if not self.legend else int(self.rect.w * 0.56)
        return keys_w, min(226, keys_w // 3), self.rect.x + keys_w + 10

    def draw(self, surface: pygame.Surface, fonts: Fonts, mouse: tuple[int, int]) -> None:
        super().draw(surface, fonts, mouse)
        keys_w, key_col, x = self._columns()
        view = pygame.Rect(self.rect.x + 4, self.rect.y + 62, self.rect.w - 8, self._view_h + 4)
        old_clip = surface.get_clip()
        surface.set_clip(view.clip(old_clip))
        lh = self._lh
        y = self.rect.y + 66 - self.scroll
        for keys, lines in zip(self._keys_wrapped, self._rows_wrapped, strict=True):
            n = max(len(keys), len(lines))
            if y + lh * n > view.y and y < view.bottom:
                for k, ln in enumerate(keys):
                    surface.blit(fonts.render(fonts.bold, ln, ORANGE),
                                 (self.rect.x + 24, y + k * lh))
                for k, ln in enumerate(lines):
                    surface.blit(fonts.render(fonts.body, ln, TEXT),
                                 (self.rect.x + 24 + key_col, y + k * lh))
            y += lh * n
        if self.legend:
            pygame.draw.line(surface, EDGE, (x - 14, view.y), (x - 14, view.bottom))
            y = self.rect.y + 62 - self.scroll
            surface.blit(fonts.render(fonts.bold, "On the board", TEXT), (x, y))
            y += 32
            for (icon, _), lines in zip(self.legend, self._legend_wrapped, strict=True):
                row_h = max(self.LEGEND_ROW, len(lines) * self._small_lh + 12)
                if y + row_h > view.y and y < view.bottom:
                    surface.blit(icon, (x, y + (30 - icon.get_height()) // 2))
                    for k, ln in enumerate(lines):
                        surface.blit(fonts.render(fonts.small, ln, TEXT),
                                     (x + 44, y + 6 + k * self._small_lh))
                y += row_h
        surface.set_clip(old_clip)
        top = self.max_scroll()
        if top:
            more = ("more below: wheel, arrows, Page Down" if self.scroll < top
                    else "the end: scroll up, or Home")
            note = fonts.render(fonts.small, more, ORANGE)
            surface.blit(note, (self.rect.right - 24 - note.get_width(), self.rect.y + 26))
            # a scroll bar at the right edge of the box
            track = pygame.Rect(self.rect.right - 10, view.y, 5, view.h)
            bar_h = max(20, track.h * track.h // (track.h + top))
            bar_y = track.y + (track.h - bar_h) * self.scroll // top
            pygame.draw.rect(surface, EDGE, track, border_radius=3)
            pygame.draw.rect(surface, ORANGE, (track.x, bar_y, 5, bar_h), border_radius=3)


# ---------------------------------------------------------------------------- toasts
@dataclass
class Toast:
    text: str
    ttl: float = 4.0
    colour: Colour = GREEN


class Toasts:
    """Short messages at the bottom of the window that fade after a few seconds."""

    def __init__(self) -> None:
        self.items: list[Toast] = []

    def show(self, text: str, colour: Colour = GREEN, ttl: float = 4.0) -> None:
        """Show ``text`` for ``ttl`` seconds, as it can be drawn (a path that is not valid
        UTF-8 keeps its undecodable bytes as lone surrogates, which no font draws)."""
        self.items.append(Toast(printable(text), ttl, colour))
        del self.items[:-3]

    def update(self, dt: float) -> bool:
        """Age the toasts; True if one went away (a redraw is due)."""
        n = len(self.items)
        for t in self.items:
            t.ttl -= dt
        self.items = [t for t in self.items if t.ttl > 0]
        return len(self.items) != n

    def draw(self, surface: pygame.Surface, fonts: Fonts, bottom: int) -> None:
        y = bottom
        for t in reversed(self.items):
            lines = wrap(fonts.body, t.text, min(900, surface.get_width() - 80))
            lh = fonts.body.get_linesize()
            w = max(text_width(fonts.body, ln) for ln in lines) + 32
            h = lh * len(lines) + 16
            y -= h + 8
            r = pygame.Rect((surface.get_width() - w) // 2, y, w, h)
            draw_panel(surface, r, (30, 34, 40), t.colour, radius=8)
            for k, ln in enumerate(lines):
                surface.blit(fonts.render(fonts.body, ln, TEXT), (r.x + 16, r.y + 8 + k * lh))
