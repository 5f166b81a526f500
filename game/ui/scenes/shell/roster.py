"""The roster: the side panel's list of every side's pieces with their health and
condition, when no piece is in focus."""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from game.ui.widgets import DIM, FAINT, ORANGE, TEXT, VERMILLION, draw_mark, fit, side_colour, wrap

if TYPE_CHECKING:
    from game.ui.scenes.shell.board import BoardScene

SIDE_HEAD = 38
"""Height of a side's heading in the roster (its mark and name, and the gap after)."""
MORE_LINE = 22
"""Height of the line that counts a side's pieces left out."""


class Roster:
    """Every side's pieces, as many as the panel has room for."""

    def __init__(self, scene: BoardScene) -> None:
        self.scene = scene

    def rows(self, room: int, lh: int) -> list[int]:
        """How many of each side's pieces the roster lists in ``room`` pixels: all where
        they fit, else shares by size with a line per side saying how many more."""
        sides, pieces = self.scene.sides, self.scene.pieces
        counts = [sum(p.side == s for p in pieces) for s in sides]
        heads = len(sides) * SIDE_HEAD
        if heads + lh * sum(counts) <= room:
            return counts
        rows = max(0, (room - heads - MORE_LINE * len(sides)) // lh)
        total = max(1, sum(counts))
        share = [min(c, max(1, rows * c // total)) for c in counts]
        while sum(share) > rows and max(share) > 1:  # never more rows than room
            share[share.index(max(share))] -= 1
        for k in sorted(range(len(counts)), key=lambda k: share[k] - counts[k]):
            if sum(share) < rows and share[k] < counts[k]:  # rows left over go to the
                share[k] += 1  # sides with most not shown
        return share

    def render(self, surf: pygame.Surface, x: int, y: int, w: int, h: int) -> bool:
        """No piece in focus: every side's pieces with their health and condition;
        whether some were left out for want of room (the panel then scrolls it)."""
        scene = self.scene
        f = scene.app.fonts
        hint = wrap(f.small, "Click a figure to see it; hover over an enemy for your "
                    "chance to hit it.", w - 32)
        rows = len(scene.pieces) * 24 + len(scene.sides) * SIDE_HEAD
        if y + 22 * len(hint) + 8 + rows <= h:  # the hint only where every row fits too
            for ln in hint:
                surf.blit(f.render(f.small, ln, DIM), (x, y))
                y += 22
            y += 8
        lh = max(24, f.body.get_linesize())
        shown = self.rows(h - y, lh)
        cut = any(n < sum(p.side == s for p in scene.pieces)
                  for n, s in zip(shown, scene.sides, strict=True))
        for i, side in enumerate(scene.sides):
            if y + max(28, f.bold.get_linesize()) > h:
                return True
            draw_mark(surf, i, (x + 9, y + 12), 18)
            surf.blit(f.render(f.bold, fit(f.bold, f"{scene.side_label(side)} "
                                                   f"({scene.who(side)})", w - 26 - 2 * x),
                               side_colour(i)), (x + 26, y))
            y += 28
            y = self._pieces(surf, side, shown[i], x, y, w, h, lh) + 10
        return cut

    def _pieces(self, surf: pygame.Surface, side: str, shown: int, x: int, y: int, w: int,
                h: int, lh: int) -> int:
        """``side``'s pieces, the first ``shown`` of them and a line counting the rest;
        the height reached."""
        f = self.scene.app.fonts
        own = [g for g in self.scene.pieces if g.side == side]
        for k, g in enumerate(own):
            if k >= shown or y + lh > h:  # what does not fit is counted, not lost
                more = f"and {len(own) - k} more (Tab)"
                surf.blit(f.render(f.small, fit(f.small, more, w - 26 - 2 * x), DIM),
                          (x + 26, y))
                return y + MORE_LINE
            alive = g.status != "dead"
            colour = TEXT if g.active else FAINT
            hp = f.render(f.body, f"{g.health_label} {g.health}/{g.health_max}" if alive
                          else "dead", colour if alive else VERMILLION)
            surf.blit(hp, (w - 16 - hp.get_width(), y))
            room = w - 16 - hp.get_width() - 12 - (x + 26)
            name = f.render(f.body, fit(f.body, g.name, room), colour)
            surf.blit(name, (x + 26, y))
            what = g.kind_name + ("" if g.status == "ok" or not alive else f", {g.status}")
            rest = room - name.get_width() - 10
            if rest > 30:
                surf.blit(f.render(f.small, fit(f.small, what, rest),
                                   ORANGE if g.status not in ("ok", "dead") else DIM),
                          (x + 26 + name.get_width() + 10, y + 2))
            y += 24
        return y
