"""The labels of a hex board (MP costs, jump risks, hit %, "push", "back"), laid out over
the figures so none covers a token, what is drawn with one, its hex's level number (but
as a last resort) or another label; a label with no room is left out (the hover tip says
the same)."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass

import pygame

from game.ui.boards.hex_images import HexImages
from game.ui.boards.hex_layers import HexShown
from game.ui.boards.labels import Disc, LabelGrid, around, disc_hits, shorter

XY = tuple[float, float]
Spec = tuple[str, int, list[pygame.Surface]]
"""A label to place: its kind ("target", "cost", "warn"), its cell, its forms (longest
first)."""
Placed = tuple[pygame.Surface, pygame.Rect, str, int]
"""A placed label: its image, its rect (board coordinates: screen minus the camera's
offset), its kind and its cell."""

JUMP_LABEL_HALF_WIDTH = 0.5
"""A jump's label stays within this fraction of a hex's height each side of its centre:
on its own hex, never over a neighbour (a pointy hex is 0.87 of its height wide; the
label may reach a little over its slanted sides)."""
TEXT_MIN = 12
"""Smallest font of any text on the board but level numbers (pixels): readable at
1280x720."""


def jump_forms(text: str) -> list[str]:
    """A jump's risk and its shorter forms, longest first, down to its first chance alone
    ("stands 74%, out 2%", "stands 74%", "74%"): one of them fits on its own hex."""
    out = shorter(text)
    first = next((w for w in text.replace(",", " ").split() if w.endswith("%")), None)
    if first is not None and first not in out:
        out.append(first)
    return out


def label_specs(images: HexImages, shown: HexShown, hover: int | None,
                tile_px: float) -> list[Spec]:
    """Every board label to lay out, in the order they claim room: what clicking a
    ringed hex does (hit %, push, back, climb), the MP costs (a warning triangle in a
    jump's), then each jump's risk (the hovered one first); each with shorter forms to
    fall back on. ``tile_px``: a hex's height on screen."""
    size = max(TEXT_MIN, int(round(tile_px * 0.22)))
    small = max(TEXT_MIN, int(round(tile_px * 0.17)))
    out: list[Spec] = []
    if shown.visible["targets"]:
        for i, text in shown.targets.items():
            if text:
                out.append(("target", i, [images.text_pill(t, max(size - 1, TEXT_MIN),
                                                           "target") for t in shorter(text)]))
    if shown.visible["reach"]:
        for i, cost in shown.reach.items():
            out.append(("cost", i, [images.cost_pill(cost, size, i in shown.jumps)]))
        for i in shown.jumps:
            if i not in shown.reach:
                out.append(("cost", i, [images.cost_pill("", size, True)]))
        order = sorted(shown.jumps, key=lambda c: (c != hover, c))
        for i in order:
            if shown.jumps[i]:
                out.append(("warn", i, [images.text_pill(t, small, "warn")
                                        for t in jump_forms(shown.jumps[i])]))
    return out


@dataclass
class HexLabelSite:
    """Where a hex board's labels may go now, as the view draws it."""

    view: pygame.Rect
    """The board area (screen)."""
    tile_px: float
    """A hex's height on screen."""
    ring: float
    """The radius of a target ring round a token (screen)."""
    offset: tuple[int, int]
    """The camera's offset: placed labels keep board coordinates, so a pan moves them."""
    anchor: Callable[[int], XY]
    """Where a cell's raised top is centred on screen."""
    shows: Callable[[int, bool], bool]
    """Whether a cell's top is seen (at its centre; or partly), not hidden by a stack."""
    number: Callable[[float, float, int], pygame.Rect | None]
    """The rect of a cell's level number when its top is centred at ``(x, y)``."""
    level: Callable[[int], int]
    cell_at: Callable[[float, float], int | None] | None = None
    """The cell seen at a screen point (a jump's label sits over its own hex only)."""


def place_labels(specs: Sequence[Spec], discs: Sequence[Disc],
                 hard: Sequence[pygame.Rect], site: HexLabelSite) -> list[Placed]:
    """Place every label where it covers no token (``discs``), nothing drawn with one
    (``hard``) and no other label; a label that finds no room is left out."""
    grid = LabelGrid()
    for rc in hard:
        grid.add(rc)
    placed: list[Placed] = []
    costs: dict[int, pygame.Rect] = {}
    for kind, i, forms in specs:
        cx, cy = site.anchor(i)
        if not site.view.collidepoint(cx, cy) or not site.shows(i, kind != "cost"):
            continue  # off screen, or its top hidden behind a nearer stack
        soft = site.number(cx, cy, site.level(i))
        for s in forms:
            w, h = s.get_size()
            cands = _candidates(kind, (cx, cy), w, h, soft, costs.get(i), site, i)
            best = _first_fit(cands, w, h, kind, soft, site.view, grid, discs)
            if best is not None:
                grid.add(best)
                if kind == "cost":
                    costs[i] = best
                placed.append((s, best.move(-site.offset[0], -site.offset[1]), kind, i))
                break
    return placed


def _candidates(kind: str, at: XY, w: int, h: int, soft: pygame.Rect | None,
                cost: pygame.Rect | None, site: HexLabelSite, cell: int = -1) -> list[XY]:
    """The top-left corners a label of ``kind`` tries, best first: a cost on its hex
    under the level number; a target's text beside the ring; a jump's risk under its
    cost, else round the hex."""
    cx, cy = at
    th = site.tile_px
    rr = site.ring
    if kind == "cost":
        below = (soft.bottom - 1) if soft is not None else cy - h / 2
        return [(cx - w / 2, max(cy - h / 2, below)),
                (cx - w / 2, cy + th * 0.2 - h / 2), (cx - w / 2, cy - h / 2)]
    if kind == "target":
        return [(cx + rr + 1, cy - h / 2), (cx - rr - 1 - w, cy - h / 2),
                (cx - w / 2, cy + rr + 1), (cx - w / 2, cy - rr - 1 - h),
                *around(cx, cy, rr + 1, w, h), *around(cx, cy, rr * 1.9, w, h)]
    under = cost.bottom + 1 if cost is not None else cy + th * 0.30
    seen = site.cell_at
    return [(x, y) for x, y in [(cx - w / 2, under), (cx - w / 2, cy + th * 0.5 - h),
                                (cx - w / 2, cy - th * 0.5), (cx - w / 2, cy - h / 2)]
            if in_own_hex((cx, cy), x, y, w, h, th)
            and (seen is None or seen(x + w / 2, y + h / 2) == cell)]


def in_own_hex(at: XY, x: float, y: float, w: int, h: int, th: float) -> bool:
    """Friction 7: whether a jump's label with top-left ``(x, y)`` stays on its own hex
    (centred ``at``, ``th`` high): one over a neighbouring hex drew the click there."""
    cx, cy = at
    half_w = th * JUMP_LABEL_HALF_WIDTH
    return (x >= cx - half_w - 1 and x + w <= cx + half_w + 1
            and y >= cy - th * 0.5 - 1 and y + h <= cy + th * 0.5 + 1)


def _first_fit(cands: Sequence[XY], w: int, h: int, kind: str, soft: pygame.Rect | None,
               view: pygame.Rect, grid: LabelGrid, discs: Sequence[Disc]
               ) -> pygame.Rect | None:
    """The first candidate on screen and clear; one over its own hex's level number only
    if nothing else is free."""
    best: pygame.Rect | None = None
    for x, y in cands:
        rc = pygame.Rect(round(x), round(y), w, h)
        if not view.contains(rc) or grid.hits(rc) or any(disc_hits(d, rc) for d in discs):
            continue
        if soft is not None and kind != "cost" and rc.colliderect(soft):
            best = best or rc  # covers its own level number: a last resort
            continue
        return rc
    return best
