"""What the player may do now on a zone board, for the zone controller: the legal actions
sorted by how they are chosen, asked of the rules' queries part by part when something
shows them (a button, a mark, a click), not the whole menu after every act (the zone
moves of the other pace and the moves that end on a line wait for a click or R)."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field

from game.core.ruleset import Action
from game.rules.tft.zones.actions import (
    TARGETED,
    EnterBottleneck,
    Leave,
    MoveToLine,
    Protect,
    React,
    Targeted,
    ToBoundary,
    ZoneMove,
)
from game.rules.tft.zones.queries import ZoneQueries


@dataclass
class Legal:
    """Today's legal actions (but the zone moves) sorted by what the player does to
    choose them."""

    on_target: dict[str, list[Targeted]] = field(default_factory=dict)
    """Enemy id -> attacks, charges, closes, rushes and shots at it."""
    lines: dict[str, ToBoundary] = field(default_factory=dict)
    """Other zone -> a move onto the boundary with it."""
    spots: dict[str, EnterBottleneck] = field(default_factory=dict)
    leaves: dict[str, Leave] = field(default_factory=dict)
    protect: dict[str, Protect] = field(default_factory=dict)
    reacts: list[React] = field(default_factory=list)
    other: list[Action] = field(default_factory=list)


def sort_legal(actions: Sequence[Action]) -> Legal:
    out = Legal()
    for a in actions:
        if isinstance(a, ZoneMove):
            continue  # (asked by pace: ZoneQueries.legal_moves, ZoneMenu.line_moves)
        if isinstance(a, TARGETED):
            out.on_target.setdefault(a.target, []).append(a)
        elif isinstance(a, ToBoundary):
            out.lines[a.other] = a
        elif isinstance(a, EnterBottleneck):
            out.spots[a.bottleneck] = a
        elif isinstance(a, Leave):
            out.leaves[a.zone] = a
        elif isinstance(a, Protect):
            out.protect[a.protectee] = a
        elif isinstance(a, React):
            out.reacts.append(a)
        else:
            out.other.append(a)
    return out


class ZoneMenu:
    """The legal actions of one state for a human who answers now (none otherwise),
    each part asked of ``q`` the first time it is read."""

    def __init__(self, q: ZoneQueries | None, answers: bool) -> None:
        self.q = q if answers else None
        self._sorted: Legal | None = None
        self._line_moves: dict[frozenset[str], list[MoveToLine]] | None = None

    def sorted(self) -> Legal:
        """The legal actions but the zone moves, sorted (:func:`sort_legal`)."""
        if self._sorted is None:
            self._sorted = sort_legal(self.q.legal_shown() if self.q is not None else [])
        return self._sorted

    def moves(self, run: bool) -> list[ZoneMove]:
        """The legal zone moves walking, or ``run``ning (Z-3..Z-8)."""
        return self.q.legal_moves(run) if self.q is not None else []

    def line_moves(self) -> dict[frozenset[str], list[MoveToLine]]:
        """Z-12: the two zones of a line -> the legal zone moves ending on it."""
        if self._line_moves is None:
            self._line_moves = {}
            for a in self.q.legal_line_ends() if self.q is not None else []:
                self._line_moves.setdefault(frozenset((a.path[-1], a.onto)), []).append(a)
        return self._line_moves

    def any(self) -> bool:
        """Whether there is a legal action (asked only as far as it takes to find one:
        a move that ends on a line has its zone move)."""
        q = self.q
        return q is not None and bool(q.legal_shown() or q.legal_moves(False)
                                      or q.legal_moves(True))
