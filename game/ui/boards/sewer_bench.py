"""The sewer board's frame during the wash, timed: ``sewer_frame_ms`` (issue 15's budget:
at most 3 ms with 30 models), for ``game/bench.py``.

The stub sewer (maps/test/sewer_stub.tmx) with :func:`sample_flood`'s models standing
along its corridors in four units, the water spreading over every corridor and each
model carried along its corridor in turn, drawn at 1280x720: each timed frame is the
clock moved on by a sixtieth of a second, the board drawn in full and the display
flipped (the cached stone is built before the timing starts, as in play). An open
display is drawn on as it is (the window's bench opens one at 1280x720).
"""

from __future__ import annotations

import os
import statistics
import time
from collections.abc import Callable
from pathlib import Path

from game.boards.corridors import Corridors
from game.core.places import HUNDREDTHS, Point
from game.core.ruleset import PieceView
from game.ui.boards.sewer import SewerBoardView, SewerMarks
from game.ui.boards.sewer_wash import WashShow, WashStep

ROOT = Path(__file__).resolve().parents[3]
STUB = ROOT / "maps" / "test" / "sewer_stub.tmx"
SIDES = ("troopers", "swarm")


def sample_flood(board: Corridors, models: int = 30, seed: int = 0
                 ) -> tuple[list[PieceView], SewerMarks, WashShow]:
    """``models`` models spread along ``board``'s corridors in four units (two a side,
    the first of each its leader), the marks that show them, and a flood over every
    corridor that carries each of them 2 to 7 inches along its corridor, every third
    one bumped by the one before. A picture to draw and time, not a game."""
    cs = list(board.corridors.values())
    pieces: list[PieceView] = []
    steps: list[WashStep] = []
    mk = SewerMarks(flooded=tuple((c.id, 0, round(c.length * HUNDREDTHS)) for c in cs))
    for k in range(models):
        c = cs[k % len(cs)]
        n = sum(1 for j in range(models) if j % len(cs) == k % len(cs))
        at = c.length * (k // len(cs) + 0.5) / n
        x, y = c.point_at(at)
        unit = f"u{k % 4}"
        side = SIDES[k % 4 // 2]
        far = min(c.length - 0.5, at + 2 + (k * 7 + seed) % 6)
        path = c.path(at, far) if far > at else ((x, y),)
        end = path[-1]
        pieces.append(PieceView(id=f"m{k}", name=f"Model {k}", side=side, kind="trooper",
                                kind_name="Trooper", place=Point.of(*end), group=unit))
        mk.bases[f"m{k}"] = 0.49 if k % 5 else 0.79
        mk.unit_of[f"m{k}"] = unit
        if k < 4:
            mk.leaders.add(f"m{k}")
        bump = f"bumped by Model {k - 1}: 5, 4+ (F-5)" if k % 3 == 2 else ""
        steps.append(WashStep(f"m{k}", path, bump, "stopped: S2 hit (F-6)" if k % 4 == 1
                              else ""))
    mk.stragglers = {"m5", "m9"}
    mk.scattered = {"u3"}
    return pieces, mk, WashShow("bench", tuple(steps), mk.flooded)


def sewer_frame_ms(frames: int = 200, models: int = 30,
                   clock: Callable[[], float] = time.perf_counter) -> float:
    """Median ms of one frame of the sewer board during the wash (see the module text),
    by ``clock`` (the wall's by default; a test on a shared machine takes processor time)."""
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    import pygame

    from game.boards.tiled import load_map

    pygame.display.init()
    pygame.font.init()
    screen = pygame.display.get_surface() or pygame.display.set_mode((1280, 720))
    board = load_map(STUB).board
    assert isinstance(board, Corridors)
    view = SewerBoardView(board, screen.get_size(), sides=SIDES)
    pieces, mk, show = sample_flood(board, models)
    mk.wash = show
    view.draw(screen, pieces)
    view.show(mk)
    view.update(0.0)
    times = []
    for _ in range(frames):
        if view.play is None:  # played to its end: again, so every frame is in the wash
            view.play_wash(show)
        t = clock()
        view.update(1 / 60)
        view.draw(screen, pieces)
        pygame.display.flip()
        times.append((clock() - t) * 1000)
    return statistics.median(times)


if __name__ == "__main__":
    print(f"sewer_frame_ms {sewer_frame_ms():.3f}")
