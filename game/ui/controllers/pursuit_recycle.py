"""Recycling in the street chase controller (:mod:`.pursuit`), P-6: the piece to place
follows the pointer (or the keyboard) along the Arrival edge, green where it may go, red
with why; a click places it; then a cluster may come in on a recycled piece (P-12).

It decides no rule: it asks the chase's queries where a piece or a cluster may go and
turns clicks and keys into :class:`PlacePiece`, :class:`PlaceMine` and :class:`NoMine`.
"""

from __future__ import annotations

import math

import pygame

from game.core.places import HUNDREDTHS, Place, Point
from game.rules.squads.pursuit.actions import NoMine, PlaceMine, PlacePiece
from game.rules.squads.pursuit.queries import ChaseQueries
from game.ui.boards.track import TrackMarks
from game.ui.controllers import ButtonSpec, Reply
from game.ui.widgets import DIM, ORANGE, SKY, TEXT

NEAR_SPOT = 1.5
"""Inches within which a click takes the nearest lit cluster spot."""


def piece_name(q: ChaseQueries, index: int) -> str:
    """A terrain piece's name with its size."""
    info = next((p for p in q.pieces() if p.index == index), None)
    return f"{info.name} ({info.size})" if info is not None else f"piece {index}"


class Recycler:
    """The recycled piece being placed and where the keyboard puts it (P-6)."""

    def __init__(self) -> None:
        self.piece: int | None = None
        """The recycled piece being placed."""
        self.across: float | None = None
        """Where the keyboard puts it: inches from the left long edge."""

    def refresh(self, q: ChaseQueries, recycling: bool) -> None:
        """The piece chosen stays chosen while it may still be placed, else the first."""
        placeable = q.placeable() if recycling else []
        if self.piece not in placeable:
            self.piece = placeable[0] if placeable else None
            self.across = None

    def marks(self, q: ChaseQueries, mk: TrackMarks, pt: Point | None, human: bool) -> None:
        """The piece being placed where the pointer (or the keyboard) puts it along the
        Arrival edge, with why not; or the spots a cluster may come in at."""
        t = q.track
        if q.mine_due():
            mk.spots = [s for p in q.recycled_now() for s in q.mine_spots(p)]
            near = self.mine_spot(q, pt) if pt is not None else None
            if near is not None:
                mk.ghost = (near[1], 0.75, True, "a cluster comes in here (P-6)")
            return
        piece = self.piece
        if piece is None or not human:
            return
        across = self.across
        if pt is not None:
            across = t.across(*pt.units)
        spots = q.place_spots(piece)
        mk.spots = [Point.of(*t.point(0.4, a / HUNDREDTHS)) for a in spots]
        if across is None:
            across = spots[len(spots) // 2] / HUNDREDTHS if spots else t.breadth / 2
        foot = q.placed_footprint(piece, across)
        why = q.place_check(piece, across)
        mk.placing = (foot, why is None, why or f"place {piece_name(q, piece)} here (P-6)")

    @staticmethod
    def mine_spot(q: ChaseQueries, pt: Point) -> tuple[int, Point] | None:
        """The cluster spot nearest ``pt`` (within :data:`NEAR_SPOT`), with its piece."""
        best: tuple[float, int, Point] | None = None
        for p in q.recycled_now():
            for s in q.mine_spots(p):
                d = math.dist(s.units, pt.units)
                if d <= NEAR_SPOT and (best is None or d < best[0]):
                    best = (d, p, s)
        return None if best is None else (best[1], best[2])

    def how(self, q: ChaseQueries) -> str:
        """What to do now, in a few words (the header's note)."""
        if q.mine_due():
            return "Click a lit spot to bring a cluster in, or N for none (P-6)"
        if self.piece is None:
            return ""
        return f"Click by the Arrival edge to place {piece_name(q, self.piece)} ([ ] another)"

    def click(self, q: ChaseQueries, place: Place) -> Reply:
        if not isinstance(place, Point):
            return None
        if q.mine_due():
            near = self.mine_spot(q, place)
            if near is None:
                return "Click a lit spot against a recycled piece to bring a cluster in."
            return PlaceMine(near[0], near[1])
        if self.piece is None:
            return None
        across = q.track.across(*place.units)
        return PlacePiece(self.piece, round(across * HUNDREDTHS))

    def key(self, q: ChaseQueries, side: str | None, key: int) -> Reply:
        """N: no cluster; [ and ]: the piece; , and .: an inch along the edge; G: place
        (P is the window's pause)."""
        if q.mine_due():
            return NoMine(side) if key == pygame.K_n and side is not None else None
        placeable = q.placeable()
        if not placeable or self.piece is None:
            return None
        if key in (pygame.K_LEFTBRACKET, pygame.K_RIGHTBRACKET):
            k = placeable.index(self.piece) if self.piece in placeable else 0
            step = 1 if key == pygame.K_RIGHTBRACKET else -1
            self.piece = placeable[(k + step) % len(placeable)]
            return ""
        spots = q.place_spots(self.piece)
        if key in (pygame.K_COMMA, pygame.K_PERIOD) and spots:
            now = self.across if self.across is not None else spots[len(spots) // 2] / 100
            self.across = min(q.track.breadth, max(0.0, now + (1 if key == pygame.K_PERIOD
                                                                else -1)))
            return ""
        if key == pygame.K_g and spots:
            across = self.across if self.across is not None else spots[len(spots) // 2] / 100
            return PlacePiece(self.piece, round(across * HUNDREDTHS))
        return None

    def buttons(self, q: ChaseQueries, side: str) -> list[ButtonSpec]:
        out = []
        if q.mine_due():
            out.append(ButtonSpec("No cluster this turn", NoMine(side), accent=DIM, hint="N",
                                  name="no_mine", tip="P-6: one cluster a turn may come in "
                                                      "against a recycled piece."))
            for p in q.recycled_now():
                at = q.mine_spots(p)
                if at:
                    out.append(ButtonSpec(f"A cluster on {piece_name(q, p)}",
                                          PlaceMine(p, at[0]), accent=ORANGE,
                                          name="place_mine",
                                          tip=f"{q.reserve()} in reserve; at most 4 on the "
                                              f"table (P-12)."))
            return out
        for p in q.placeable():
            spots = q.place_spots(p)
            mid = spots[len(spots) // 2] if spots else None
            out.append(ButtonSpec(f"Place {piece_name(q, p)}"
                                  + (" (chosen)" if p == self.piece else ""),
                                  PlacePiece(p, mid) if mid is not None else None,
                                  command=None if mid is not None else self.no_room,
                                  accent=SKY if p == self.piece else TEXT, name="place_piece",
                                  tip="P-6: touching the Arrival edge, 2 inches from every "
                                      "model and piece; [ and ] choose, the pointer or , . "
                                      "and G place it."))
        return out

    @staticmethod
    def no_room() -> Reply:
        return "No room for it at the Arrival: it is held for the next phase (P-6)."
