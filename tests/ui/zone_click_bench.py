"""How long one click on a zone board takes to act: from the click to the marks of the
next frame (the scene's click, the Match judging and applying the action, the
controller's refresh, the marks and buttons it builds for the next frame).

    python tests/ui/zone_click_bench.py [POSITIONS]

Prints one JSON object: for the Farmhouse and the Open field, the median and quartiles
in ms of a zone move clicked in the positions of a seeded computer game where the
figure to act can make one (each click on the zone its computer player went to if that
was a zone move, else on the last zone lit), each from a fresh scene, the quickest of
three tries per position (the machine is shared).
"""

from __future__ import annotations

import json
import os
import statistics
import sys
import time
from pathlib import Path
from typing import Any

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
ROOT = Path(__file__).resolve().parents[2]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from game.ai import computer_player  # noqa: E402
from game.core.places import InZone  # noqa: E402
from game.headless import play_game  # noqa: E402
from game.rules import open_match  # noqa: E402
from game.rules.tft.zones.actions import ZoneMove  # noqa: E402
from game.ui.app import App  # noqa: E402
from game.ui.scenes.match import MatchScene  # noqa: E402


def _game(scenario: str, seed: int) -> list[Any]:
    m = open_match(scenario, seed)
    play_game(m, {s: computer_player(m.scenario.ruleset, seed) for s in m.sides})
    return list(m.actions)


def _click_once(app: App, scenario: str, seed: int, actions: list[Any], played: Any
                ) -> float | None:
    """The ms of one click in the position after ``actions`` (None: nothing to click, or
    the click asked a question first)."""
    m = open_match(scenario, seed)
    for a in actions:
        m.apply(a)
    if not any(isinstance(a, ZoneMove) for a in m.legal_actions()):
        return None
    app.start_match(m, {s: "human" for s in m.sides})
    app.step(0.0)
    scene = app.scene
    assert isinstance(scene, MatchScene)
    control: Any = scene.control
    if isinstance(played, ZoneMove):
        control.run = played.run
        place = InZone(played.path[-1])
    else:
        lit = [p for p in control.marks(scene.selected, None).reach if isinstance(p, InZone)]
        if not lit:
            return None
        place = lit[-1]
    n = len(m.actions)
    t = time.perf_counter()
    scene.click(place)
    took = (time.perf_counter() - t) * 1000
    return took if len(m.actions) == n + 1 else None  # not a question (Z-11 damage)


def click_times(scenario: str, positions: int, seed: int = 3, tries: int = 3
                ) -> list[float]:
    """Per position, the quickest of ``tries`` clicks (the machine is shared)."""
    app = App(raise_errors=True)
    actions = _game(scenario, seed)
    out: list[float] = []
    for k, played in enumerate(actions):
        if len(out) >= positions:
            break
        got = [_click_once(app, scenario, seed, actions[:k], played) for _ in range(tries)]
        times = [t for t in got if t is not None]
        if times:
            out.append(min(times))
    return out


def main() -> int:
    positions = int(sys.argv[1]) if len(sys.argv) > 1 else 40
    result: dict[str, Any] = {}
    for scenario in ("farmhouse", "open_field"):
        ts = click_times(scenario, positions)
        q = statistics.quantiles(ts, n=4)
        result[scenario] = {"clicks": len(ts), "median_ms": round(statistics.median(ts), 2),
                            "q1_ms": round(q[0], 2), "q3_ms": round(q[2], 2),
                            "max_ms": round(max(ts), 2)}
    print(json.dumps(result))
    return 0


if __name__ == "__main__":
    sys.exit(main())
