"""What a figure sees and what it threatens (T-7, H-4, H-16, H-18): the line-of-sight and
threat maps a front end shades and the Tactician weighs. Read-only.
"""

from __future__ import annotations

from enum import StrEnum

import numpy as np

from game.rules.tft import combat
from game.rules.tft.data import load_data
from game.rules.tft.hexes import heights, missiles
from game.rules.tft.hexes.movement import charge_reach
from game.rules.tft.hexes.phases import HexPhase
from game.rules.tft.hexes.state import HexState


class Seen(StrEnum):
    """How a hex and a figure see each other (H-18)."""

    SEES = "sees"
    """The figure sees a standing human-sized figure there."""
    SEEN = "seen"
    """A standing human-sized figure there sees the figure."""
    BOTH = "both"


def sight_map(state: HexState, fig_id: str) -> dict[int, Seen]:
    """H-18: every hex ``fig_id`` sees a standing human-sized figure in (from its eye to
    that figure's chest), is seen from (that figure's eye to its chest), or both; hexes
    with neither are left out."""
    f = state.figures[fig_id]
    board = state.board
    d = load_data()
    std = float(d.kinds["human"].h)
    eye, chest = float(d.num("missile", "eye")), float(d.num("missile", "chest"))
    sees = board.visibility(f.cell, missiles.eye_height(f), std * chest)
    seen = board.visibility(f.cell, missiles.chest_height(f), std * eye)
    out: dict[int, Seen] = {}
    for c in np.nonzero(sees | seen)[0].tolist():
        if c == f.cell:
            continue
        out[c] = Seen.BOTH if sees[c] and seen[c] else Seen.SEES if sees[c] else Seen.SEEN
    return out


def figure_threat(state: HexState, fig_id: str) -> set[int]:
    """T-7, H-4, H-16, H-18: every hex one figure could strike this turn: a blow from any
    hex its charge still reaches (at a human-sized figure: H-4 from the lower one, a
    pole 2 levels further), or a shot or throw from where it stands (range and line of
    sight to a human-sized figure's chest)."""
    e = state.figures[fig_id]
    if not e.standing or e.defending:
        return set()
    board = state.board
    d = load_data()
    std = int(d.kinds["human"].h)
    lv = board.level_list
    out: set[int] = set()
    reach = None
    if state.phase in (HexPhase.INITIATIVE, HexPhase.MOVEMENT) and not e.move_over:
        reach = charge_reach(state, e)
    stands = list(reach.cells) if reach is not None else [e.cell]
    w = combat.weapon_of(e)
    if w.melee and not w.missile:
        up = heights.height(e) + (int(d.num("pole", "beyond_h")) if w.pole else 0)
        down = max(std, up if w.pole else std)
        for st in stands:
            for n in board.neighbours(st):
                if -down <= lv[n] - lv[st] <= up:
                    out.add(n)
    rw = missiles.ranged_weapon(e)
    if rw is not None:
        vis = board.visibility(e.cell, missiles.eye_height(e),
                               std * float(d.num("missile", "chest")))
        for c in np.nonzero(vis)[0].tolist():
            if 0 < board.distance(e.cell, c) <= rw.range:
                out.add(c)
    return out


def threat_map(state: HexState, side: str) -> set[int]:
    """T-7, H-4, H-16, H-18: every hex an enemy of ``side`` could strike this turn (see
    :func:`figure_threat`)."""
    out: set[int] = set()
    for e in state.figures.values():
        if e.side != side:
            out |= figure_threat(state, e.id)
    return out
