"""The track board's frame during the slide, timed: ``track_frame_ms`` (issue 16's budget:
at most 3 ms), for ``game/bench.py``.

The Pursuit table (maps/pursuit.tmx) with its 17 models, its 21 pieces and 4 mine clusters
handed in as the game's scenery, a model selected (its front arc drawn) and the next in
the order ringed, drawn at 1280x720 while the table slides: :func:`slid_back` moves every
piece and cluster 12 inches back (those reaching the far edge recycled to the Arrival)
and slows every third model by 5 inches, and the state goes back and forth between the two
so that every timed frame is in the slide. Each timed frame is the clock moved on by a
sixtieth of a second, the board drawn in full and the display flipped (the cached table is
built before the timing starts, as in play). An open display is drawn on as it is (the
window's bench opens one at 1280x720).
"""

from __future__ import annotations

import math
import os
import statistics
import time
from collections.abc import Callable
from pathlib import Path

from game.boards.track import Track
from game.core.board import Scenery
from game.core.places import Point
from game.core.ruleset import PieceView

ROOT = Path(__file__).resolve().parents[3]
PURSUIT = ROOT / "maps" / "pursuit.tmx"
BACK = 12.0
SLOW = 5.0


def scenery_of(track: Track, shift: float = 0.0) -> list[Scenery]:
    """The map's pieces and clusters as the game hands them in, each moved ``shift``
    inches back; a piece that would reach the far edge is recycled: put touching the
    Arrival edge, as the chase does (P-6)."""
    hx, hy = track.heading
    out = []
    moved: dict[int, tuple[float, float]] = {}
    for p in track.pieces:
        far = max(track.along(x, y) for x, y in p.points)
        d = shift
        if far + shift >= track.length:  # recycled: its near side at the Arrival
            d = -min(track.along(x, y) for x, y in p.points)
        moved[p.index] = (hx * d, hy * d)
        out.append(Scenery(f"piece:{p.index}", "ruin" if p.ruined else "building",
                           tuple((x + hx * d, y + hy * d) for x, y in p.points),
                           float(p.size), f"{p.name} ({p.size})"))
    for m in track.mines:
        dx, dy = moved.get(m.piece if m.piece is not None else -1, (0.0, 0.0))
        cx, cy = m.at[0] + dx, m.at[1] + dy
        ring = tuple((cx + 0.75 * math.cos(a * math.pi / 6), cy + 0.75 * math.sin(a * math.pi / 6))
                     for a in range(12))
        out.append(Scenery(f"mine-{m.index + 1}", "mine cluster", ring, 0.0, m.name))
    return out


def models_of(track: Track, placements: list[tuple[str, str, str, float, float, float]],
              slow: float = 0.0) -> list[PieceView]:
    """The models as the game shows them, every third slowed ``slow`` inches back."""
    hx, hy = track.heading
    out = []
    for k, (mid, side, unit, x, y, facing) in enumerate(placements):
        d = slow if k % 3 == 0 else 0.0
        out.append(PieceView(id=mid, name=mid, side=side, kind=unit, kind_name=unit,
                             place=Point.of(x + hx * d, y + hy * d), facing=facing))
    return out


def track_frame_ms(frames: int = 200, clock: Callable[[], float] = time.perf_counter,
                   ) -> float:
    """Median ms of one frame of the track board during the slide (see the module text),
    by ``clock`` (the wall's by default; a test on a shared machine takes processor time)."""
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    import pygame

    from game.boards.tiled import load_map
    from game.ui.boards.track import TrackBoardView, TrackMarks

    pygame.display.init()
    pygame.font.init()
    screen = pygame.display.get_surface() or pygame.display.set_mode((1280, 720))
    loaded = load_map(PURSUIT)
    track = loaded.board
    assert isinstance(track, Track)
    placed = []
    for k, p in enumerate(loaded.placements):
        assert isinstance(p.place, Point)
        placed.append((f"m{k}", p.side, p.unit, *p.place.units, p.facing or 0.0))
    view = TrackBoardView(track, screen.get_size(), sides=("scouts", "hunters"))
    states = [(models_of(track, placed), scenery_of(track)),
              (models_of(track, placed, SLOW), scenery_of(track, BACK))]
    mk = TrackMarks(selected_piece="m0", next_up="piece:3",
                    arc=("m0", 0.0, 45.0, 24.0), bases={m[0]: 0.79 if m[1] == "scouts"
                                                         else 0.49 for m in placed})
    view.show(mk)
    view.draw(screen, *states[0])
    k = 1
    times = []
    for _ in range(frames):
        pieces, scenery = states[k % 2]
        t = clock()
        view.update(1 / 60)
        view.draw(screen, pieces, scenery)
        pygame.display.flip()
        times.append((clock() - t) * 1000)
        if not view.busy:  # the slide is over: back the other way, so every frame slides
            k += 1
    return statistics.median(times)


if __name__ == "__main__":
    print(f"track_frame_ms {track_frame_ms():.3f}")
