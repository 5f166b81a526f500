"""Performance figures: ``python -m game.bench`` prints one JSON object on stdout.

Each figure is a median over several repetitions (times from ``time.perf_counter``):

* ``reach_ms``: one figure's reach (what ``move_options`` builds on): :meth:`HexMap.reach`
  with MA 10 and the climbing costs of a human (H 3, :func:`climbing_step_costs`)
  from the middle of a 40x40 map of random levels 0-6 (a fixed numpy Generator).
* ``reach_full_ms``: the same reach with no MA limit (the whole map), and
  ``reach_budget_1e6_ms`` with a budget of a million MP (no memory per unit of budget).
* ``odds_us``: one exact hit chance (3d6 against 11 with T-2's automatic totals, via
  :func:`odds.check_probability`) once cached; ``odds_first_us`` is the first, uncached
  call (icepool builds the distribution).
* ``ai_decision_ms``: one Tactician decision on the Hill fight, over the movement and
  action phases of several games; ``ai_decision_ms_movement`` (a side's plan and its
  first figure's choice among every cell it can reach) and ``ai_decision_ms_action``
  split it.
* ``games_per_s``: whole Tactician-against-Tactician games on the Hill fight in one
  process; ``engine_games_per_s`` replays the same games' actions without any AI (what
  the rules engine alone allows), ``turns_per_game`` is their mean length.
* ``los_checks_per_s``: :meth:`HexMap.lines_of_sight` on 10,000 random pairs at once.
* ``visibility_ms``: one figure's whole visibility map (:meth:`HexMap.visibility`, every
  cell of the 40x40 map from its middle, eye 2.7 levels up to a chest 1.8 up).
* ``ai_decision_ms_missiles``: one Tactician decision on the Hill fort (archers, thrown
  javelins, climbers, big figures), as ``ai_decision_ms``.
* ``replay_ms``: :meth:`Match.load` of a one-game save (read, replay, every hash checked).
* ``frame_ms``, ``map_rebuild_ms``, ``first_frame_s``, ``table_frame_ms``,
  ``zone_frame_ms``, and the two acts ``hero_drag_act_ms`` (a drag move on the open
  table, release to the next frame) and ``zone_click_act_ms`` (a click that moves a
  figure on a zone board, to the next frame): from :mod:`game.ui.bench` (null, with a
  note, if the window's bench is not there).
* Tabletop Hero on the open table (:func:`hero_figures`): ``hero_visibility_ms``, one
  target's visible fraction by rays against all the terrain and minis (K-8, G-4), not
  cached; ``hero_push_ms``, one push resolved by physics (G-6: a 2-unit blast push with
  the table's walls and minis); ``hero_ai_decision_ms``, one decision of its computer
  player over whole games of both scenarios; ``hero_games_per_s``, whole
  computer-against-computer games of both scenarios in one process.
* Zone boards (the Farmhouse): ``farmhouse_ai_decision_ms``, one zone Tactician decision
  (median over every decision of several computer-against-computer games, reactions
  included); ``farmhouse_games_per_s``, whole such games per second in one process;
  ``farmhouse_engine_games_per_s`` and ``farmhouse_turns_per_game`` as for the Hill
  fight. Targets: a decision <= 5 ms, >= 50 games a second.

* The sewer flood: ``flood_ms``, one flood over a patrol of 30 models resolved, rules
  and physics (F-3..F-6, :func:`game.rules.benchmarks.flood_ms`; budget 20 ms);
  ``squad_decision_ms``, one squad computer decision over whole games of both sewer
  scenarios (budget 20 ms); ``squad_games_per_s``, such games a second (target 10);
  ``sewer_frame_ms``, a frame of the sewer board during a wash of 30 models (from
  :mod:`game.ui.boards.sewer_bench`; budget 3 ms).

* The street chase: ``pursuit_phase_ms``, one whole pursuit phase of the Pursuit
  scenario (P-6, P-7: every object moved back, every collision resolved;
  :func:`game.rules.benchmarks.pursuit_phase_ms`; budget 10 ms); ``chase_games_per_s``,
  computer-against-computer games of the two chase scenarios a second (target 10);
  ``track_frame_ms``, a frame of the track during the slide (from
  :mod:`game.ui.boards.track_bench`; budget 3 ms).

Each rule system's figures (:data:`GROUPS`) are measured in a process of their own
(``python -m game.bench --group NAME`` prints one group's), so no figure depends on what
another system's left behind in the process. ``python -m game.bench --quick`` runs every
figure but the window's with tiny repetitions in one process (a smoke test: its numbers
are not to be quoted).
"""

from __future__ import annotations

import json
import os
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import numpy as np

from game.ai import computer_player
from game.boards.hexmap import HexMap
from game.core import odds
from game.core.heap import settle
from game.headless import play_game
from game.rules import load_match, new_match, open_match
from game.rules.tft.hexes.queries import climbing_step_costs, load_data

os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

SCENARIO = "hill_fight"
UI_KEYS = ("frame_ms", "frame_ms_views", "map_rebuild_ms", "first_frame_s",
           "table_frame_ms", "zone_frame_ms", "hero_drag_act_ms", "zone_click_act_ms")
HERO_SCENARIOS = ("backyard", "ruined_village")
ZONE_SCENARIO = "farmhouse"


def _median_ms(fn: Callable[[], object], reps: int) -> float:
    times = []
    for _ in range(reps):
        t = time.perf_counter()
        fn()
        times.append((time.perf_counter() - t) * 1000)
    return statistics.median(times)


def height_map(size: int = 40, top: int = 6, seed: int = 7) -> HexMap:
    """A ``size`` x ``size`` board of random levels 0..``top`` from a fixed Generator
    (a benchmark board, not game randomness: the game's dice are game.core.dice)."""
    gen = np.random.Generator(np.random.PCG64(seed))
    return HexMap(gen.integers(0, top + 1, (size, size)), name=f"bench {size}x{size}")


def reach_ms(reps: int = 200, board: HexMap | None = None) -> float:
    """Median ms of one MA-10 reach with a human's climbing costs (H-2, H-3)."""
    b = board or height_map()
    steps = climbing_step_costs(b, 3)
    start = b.index(b.width // 2, b.height // 2)
    b.reach(start, 10, steps)  # warm
    return _median_ms(lambda: b.reach(start, 10, steps), reps)


def reach_full_ms(reps: int = 200, board: HexMap | None = None,
                  budget: int = 10_000) -> float:
    """Median ms of a reach over the whole map (a budget no path needs)."""
    b = board or height_map()
    steps = climbing_step_costs(b, 3)
    start = b.index(b.width // 2, b.height // 2)
    b.reach(start, budget, steps)  # warm (the step matrix is built once per table)
    return _median_ms(lambda: b.reach(start, budget, steps), reps)


def odds_us(reps: int = 1000) -> tuple[float, float]:
    """(first uncached, median cached) microseconds of one exact T-2 hit chance."""
    d = load_data()
    auto = {t: (a.hit, a.result) for t, a in d.automatic.items()}
    for fn in (odds._check, odds.distribution, odds._die_sum):
        fn.cache_clear()
    t = time.perf_counter()
    odds.check_probability(3, 11, automatic=auto)
    first = (time.perf_counter() - t) * 1e6
    cached = _median_ms(lambda: odds.check_probability(3, 11, automatic=auto), reps) * 1000
    return first, cached


def visibility_ms(reps: int = 100, board: HexMap | None = None) -> float:
    """Median ms of one figure's whole visibility map (H-18)."""
    b = board or height_map()
    a = b.index(b.width // 2, b.height // 2)
    b.visibility(a, 2.7, 1.8)  # warm: the line templates are drawn once per board
    return _median_ms(lambda: b.visibility(a, 2.7, 1.8), reps)


def ai_decisions(games: int = 2, every: int = 4, seed: int = 100,
                 scenario: str = SCENARIO) -> dict[str, float]:
    """Median ms of one Tactician decision in ``games`` Tactician games on the Hill fight.

    Movement: a fresh Tactician at the start of each side's movement (it makes its plan
    and decides its first figure over every cell it can reach). Action: a fresh
    Tactician at every ``every``-th action-phase position (4: about as many as there
    are movement samples).
    """
    moving: list[float] = []
    acting: list[float] = []
    for g in range(games):
        m = open_match(scenario, seed + g)
        key = m.scenario.ruleset
        movement, action = m.ruleset.phases.order[1:3]  # T-7: initiative, movement, action
        players = {s: computer_player(key, seed + g) for s in m.sides}
        k = 0
        while m.outcome() is None:
            st = m.state
            side = m.to_act()
            assert side is not None
            fresh = st.phase == movement and all(
                f.mp_spent == 0 and not f.move_over
                for f in st.figures.values() if f.side == side and f.active)
            if fresh or (st.phase == action and k % every == 0):
                t = time.perf_counter()
                computer_player(key, seed + g).choose(m)
                (moving if fresh else acting).append((time.perf_counter() - t) * 1000)
            k += st.phase == action  # (every action-phase position counts)
            m.apply(players[side].choose(m))
    return {"ai_decision_ms": statistics.median(moving + acting),
            "ai_decision_ms_movement": statistics.median(moving),
            "ai_decision_ms_action": statistics.median(acting)}


def games_per_s(games: int = 10, reps: int = 3, seed: int = 0,
                scenario: str = SCENARIO) -> dict[str, float]:
    """Computer-against-computer games per second on ``scenario`` (median of ``reps``
    batches of ``games``), and the same games replayed without the AI.

    It starts from a settled heap (:func:`game.core.heap.settle`, as a process does
    once it has loaded): what the figures measured before it in the same process left
    behind (the decision figures' games, their memo tables) would otherwise be walked
    by every full collection of these games, and the figure would depend on what ran
    before it (8 % on the Farmhouse after its decision figure), not on the games."""
    scen = open_match(scenario, seed).scenario
    settle()
    rates, engine, turns = [], [], []
    for _ in range(reps):
        played = []
        t = time.perf_counter()
        for k in range(games):
            m = new_match(scen, seed + k)
            play_game(m, {s: computer_player(scen.ruleset, seed + k) for s in m.sides})
            played.append(m)
        rates.append(games / (time.perf_counter() - t))
        turns.append(sum(m.turn for m in played) / games)
        t = time.perf_counter()
        for m in played:
            again = new_match(scen, m.seed)
            for a in m.actions:
                again.apply(a)
        engine.append(games / (time.perf_counter() - t))
    return {"games_per_s": statistics.median(rates),
            "engine_games_per_s": statistics.median(engine),
            "turns_per_game": statistics.median(turns)}


def zone_ai_decision_ms(games: int = 3, seed: int = 100,
                        scenario: str = ZONE_SCENARIO) -> float:
    """Median ms of one computer decision over whole computer-against-computer games of
    a zone scenario (every decision: actions and reactions)."""
    times: list[float] = []
    for g in range(games):
        m = open_match(scenario, seed + g)
        players = {s: computer_player(m.scenario.ruleset, seed + g) for s in m.sides}
        while m.outcome() is not None or m.to_act() is not None:
            side = m.to_act()
            if side is None or m.outcome() is not None:
                break
            t = time.perf_counter()
            a = players[side].choose(m)
            times.append((time.perf_counter() - t) * 1000)
            m.apply(a)
    return statistics.median(times)


def los_checks_per_s(pairs: int = 10_000, reps: int = 5, board: HexMap | None = None
                     ) -> float:
    """Batched 3D line-of-sight checks per second (eyes 1.5 levels over each hex)."""
    b = board or height_map()
    gen = np.random.Generator(np.random.PCG64(11))
    a = gen.integers(0, b.n, pairs)
    c = gen.integers(0, b.n, pairs)
    b.lines_of_sight(a[:10], 1.5, c[:10], 1.5)  # warm
    ms = _median_ms(lambda: b.lines_of_sight(a, 1.5, c, 1.5), reps)
    return pairs / (ms / 1000)


def replay_ms(reps: int = 5, seed: int = 0) -> float:
    """Median ms to load (replay, check every hash) the save of one whole game."""
    m = open_match(SCENARIO, seed)
    play_game(m, {s: computer_player(m.scenario.ruleset, seed) for s in m.sides})
    with tempfile.TemporaryDirectory() as d:
        path = Path(d) / "bench-game.json"
        m.save(path)
        return _median_ms(lambda: load_match(path), reps)


def _hero_battle(scenario: str, seed: int) -> Any:
    """A Tabletop Hero match played by its computer players into the second turn."""
    m = open_match(scenario, seed)
    players = {s: computer_player(m.scenario.ruleset, seed) for s in m.sides}
    battle = m.ruleset.phases.order[-1]  # K-4: after the armies and the deployment
    while m.outcome() is None and not (m.phase == battle and m.turn >= 2):
        side = m.to_act()
        assert side is not None
        m.apply(players[side].choose(m))
    return m


def hero_figures(reps: int = 200, games: int = 6) -> dict[str, float]:
    """The open table's figures (see the module text)."""
    from game.core.dice import Dice
    from game.rules.benchmarks import hero_push, hero_sight_uncached

    m = _hero_battle(HERO_SCENARIOS[0], 3)
    st = m.state
    placed = st.placed()
    pairs = [(a, t) for a in placed for t in placed if a.side != t.side]
    k = [0]

    def one_sight() -> None:
        a, t = pairs[k[0] % len(pairs)]
        k[0] += 1
        hero_sight_uncached(st, a.id, t.id)

    out: dict[str, float] = {"hero_visibility_ms": _median_ms(one_sight, reps)}

    def one_push() -> None:
        c = st.clone()
        mini = c.placed()[k[0] % len(placed)]
        k[0] += 1
        hero_push(c, mini.id, (1.0, 0.3), 2.0, Dice(k[0]))

    out["hero_push_ms"] = _median_ms(one_push, reps)
    times: list[float] = []
    played = 0
    t0 = time.perf_counter()
    for g in range(games):
        scen = HERO_SCENARIOS[g % len(HERO_SCENARIOS)]
        mm = open_match(scen, 500 + g)
        players = {s: computer_player(mm.scenario.ruleset, 500 + g) for s in mm.sides}
        while mm.outcome() is None:
            side = mm.to_act()
            assert side is not None
            t = time.perf_counter()
            a = players[side].choose(mm)
            times.append((time.perf_counter() - t) * 1000)
            mm.apply(a)
        played += 1
    out["hero_games_per_s"] = played / (time.perf_counter() - t0)
    out["hero_ai_decision_ms"] = statistics.median(times)
    out["hero_ai_decision_ms_max"] = max(times)
    return out


def ui_figures() -> dict[str, Any]:
    """The window's figures from :mod:`game.ui.bench`, or nulls with a note."""
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    try:
        from game.ui import bench as ui_bench
    except ImportError as e:
        return {**{k: None for k in UI_KEYS}, "ui_note": f"game.ui.bench not there: {e}"}
    try:
        return dict(ui_bench.measure())
    except Exception as e:  # noqa: BLE001 - a broken window bench must not hide ours
        return {**{k: None for k in UI_KEYS},
                "ui_note": f"game.ui.bench failed: {type(e).__name__}: {e}"}


def flood_figures(quick: bool = False) -> dict[str, Any]:
    """The sewer flood's figures (issue 15's budgets in the module text)."""
    from game.ai.squads.bench import squad_decision_ms, squad_games_per_s
    from game.rules.benchmarks import flood_ms

    out: dict[str, Any] = {"flood_ms": flood_ms(reps=3 if quick else 40)}
    out["squad_decision_ms"] = squad_decision_ms(range(1) if quick else range(2))
    out["squad_games_per_s"] = squad_games_per_s(1 if quick else 6)
    if not quick:
        os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
        from game.ui.boards.sewer_bench import sewer_frame_ms

        out["sewer_frame_ms"] = sewer_frame_ms()
    return out


def chase_figures(quick: bool = False) -> dict[str, Any]:
    """The street chase's figures (issue 16's budgets in the module text)."""
    from game.rules.benchmarks import pursuit_phase_ms

    out: dict[str, Any] = {"pursuit_phase_ms": pursuit_phase_ms(reps=3 if quick else 30)}
    rates = [games_per_s(games=1 if quick else 6, reps=1 if quick else 3,
                         scenario=name)["games_per_s"]
             for name in ("pursuit", "riders_and_drones")]
    out["chase_games_per_s"] = statistics.median(rates)
    if not quick:
        os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
        from game.ui.boards.track_bench import track_frame_ms

        out["track_frame_ms"] = track_frame_ms()
    return out


def hex_figures(quick: bool = False) -> dict[str, Any]:
    """Melee on hex heights: reach, odds, the Tactician's decisions and games, sight."""
    out: dict[str, Any] = {}
    board = height_map()
    out["reach_ms"] = reach_ms(20 if quick else 300, board)
    out["reach_full_ms"] = reach_full_ms(20 if quick else 300, board)
    out["reach_budget_1e6_ms"] = reach_full_ms(5 if quick else 50, board, 1_000_000)
    first, cached = odds_us(50 if quick else 2000)
    out["odds_us"] = cached
    out["odds_first_us"] = first
    out.update(ai_decisions(games=1 if quick else 3, every=4))
    fort = ai_decisions(games=1 if quick else 3, every=4, scenario="hill_fort")
    out["ai_decision_ms_missiles"] = fort["ai_decision_ms"]
    out["ai_decision_ms_missiles_movement"] = fort["ai_decision_ms_movement"]
    out.update(games_per_s(games=1 if quick else 8, reps=1 if quick else 3))
    out["los_checks_per_s"] = los_checks_per_s(2000 if quick else 10_000,
                                               1 if quick else 5, board)
    out["visibility_ms"] = visibility_ms(5 if quick else 200, board)
    out["replay_ms"] = replay_ms(1 if quick else 5)
    return out


def zone_figures(quick: bool = False) -> dict[str, Any]:
    """Melee on zone boards: the Farmhouse's decisions and games."""
    out: dict[str, Any] = {"farmhouse_ai_decision_ms": zone_ai_decision_ms(
        games=1 if quick else 4)}
    zone = games_per_s(games=1 if quick else 20, reps=1 if quick else 5,
                       scenario=ZONE_SCENARIO)
    out.update({f"farmhouse_{k}": v for k, v in zone.items()})
    return out


GROUPS: dict[str, Callable[[bool], dict[str, Any]]] = {
    "hex": hex_figures,
    "hero": lambda quick: hero_figures(5 if quick else 200, 2 if quick else 10),
    "zones": zone_figures,
    "flood": flood_figures,
    "chase": chase_figures,
    "ui": lambda quick: {} if quick else ui_figures(),
}
"""The figures by rule system, in the order they are printed."""


def _rounded(out: dict[str, Any]) -> dict[str, Any]:
    return {k: round(v, 4) if isinstance(v, float) else v for k, v in out.items()}


def measure(quick: bool = False) -> dict[str, Any]:
    """Every figure, in this process (``quick``: tiny repetitions, for a smoke test)."""
    out: dict[str, Any] = {}
    for group in GROUPS.values():
        out.update(group(quick))
    return _rounded(out)


def measure_apart() -> dict[str, Any]:
    """Every figure, each group in a process of its own (``python -m game.bench --group
    NAME``), so that no figure depends on what was measured before it: what one rule
    system's figures leave in a process (memo tables, a grown heap, the collector's
    work) would otherwise fall on the next system's, as it never does in play, where a
    window or a batch of games runs one scenario."""
    out: dict[str, Any] = {}
    for name in GROUPS:
        run = subprocess.run([sys.executable, "-m", "game.bench", "--group", name],
                             capture_output=True, text=True, check=False)
        if run.returncode != 0:
            raise RuntimeError(f"game.bench --group {name} failed: {run.stderr[-500:]}")
        out.update(json.loads(run.stdout.strip().splitlines()[-1]))
    return out


def main() -> int:
    settle()  # as the window, the headless games and the lab do at start-up (game.core.heap)
    args = sys.argv[1:]
    if "--group" in args:
        name = args[args.index("--group") + 1]
        print(json.dumps(_rounded(GROUPS[name]("--quick" in args))))
    elif "--quick" in args:
        print(json.dumps(measure(quick=True)))
    else:
        print(json.dumps(measure_apart()))
    return 0


if __name__ == "__main__":
    sys.exit(main())
