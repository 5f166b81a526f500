"""Performance of the window: ``python -m game.ui.bench`` prints one JSON object.

* ``frame_ms``: median time of one full redraw plus flip at 1280x720 of the Hill fight
  match scene with a figure selected (its reach overlay showing), a hovered cell (its
  path), the side panel and the dice log: the steady frame, drawn in full every time.
* ``map_rebuild_ms``: median time of ``BoardRenderer.invalidate()`` followed by one
  board draw: the cached map surface rebuilt (as after a zoom step) plus the frame that
  shows it, so an upper bound of the rebuild itself.
* ``first_frame_s``: launch to first frame, measured as the wall time of a subprocess
  ``python main.py --scenario hill_fight --screenshot FILE`` (start-up, imports, map
  load, first draw, PNG write and exit included): what a player waits for. Python's
  compiled bytecode is written to (and read from) a folder of the run's own after one
  untimed launch, as on a player's machine from the second start on: the figure does
  not depend on whether the work tree happens to hold ``__pycache__`` folders (an
  environment with PYTHONDONTWRITEBYTECODE compiles every module at every launch).

* ``frame_ms_views``: the steady frame on the Hill fort with an archer selected, the
  line-of-sight view (V) and the threat view (T) shown and an enemy hovered (its 3D
  line of fire drawn).

* ``table_frame_ms``: the same steady frame on the Backyard battle's open table while a
  mini is dragged (its ruler showing) and an enemy is hovered (the lines of sight drawn).

* ``zone_frame_ms``: as ``frame_ms``, on a zone board: the Farmhouse, its acting figure
  selected (the zones it can reach lit with their rolls), a zone hovered (its path).

* ``hero_drag_act_ms``: on the Backyard battle's open table, a mini dragged to a legal
  spot: the time from the button's release to the next frame drawn (the move judged and
  played, the scene refreshed, the frame drawn), median over repetitions (each move is
  undone, untimed, before the next).
* ``zone_click_act_ms``: on the Farmhouse, a click on a zone the acting figure moves to:
  from the click (press and release) to the next frame drawn, median, as above.

Targets: frame_ms <= 3, frame_ms_views <= 3, map_rebuild_ms <= 10, first_frame_s <= 2,
table_frame_ms <= 3, zone_frame_ms <= 3, hero_drag_act_ms <= 3, zone_click_act_ms <= 3.
"""

from __future__ import annotations

import gc
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

ROOT = Path(__file__).resolve().parents[2]


def _goblin_acts(m: Any) -> bool:
    """Whether a goblin acts now on the Farmhouse and its side is to act (the action
    step, not the other side's reaction to it: Z-13)."""
    acting = m.state.acting()
    return acting is not None and acting.side == "goblins" and m.to_act() == "goblins"


def _zone_scene() -> Any:
    from game.ai import computer_player
    from game.core.places import InZone
    from game.rules import open_match
    from game.ui.app import App
    from game.ui.scenes.match import MatchScene

    app = App(raise_errors=True)
    m = open_match("farmhouse", 1)
    ai = computer_player(m.ruleset.key, 1)
    while not _goblin_acts(m):
        m.apply(ai.choose(m))
    app.start_match(m, {s: "human" for s in m.scenario.sides})
    scene = app.scene
    assert isinstance(scene, MatchScene)
    scene.select(m.state.acting().id)
    scene.input.set_hover(InZone("Barnyard"))
    app.step(0.0)
    return app, scene


def zone_frame_ms(frames: int = 200) -> float:
    """Median ms of one full redraw plus flip of a zone board's match scene."""
    app, scene = _zone_scene()
    times = []
    for _ in range(frames):
        t = time.perf_counter()
        app.dirty = True
        app.step(1 / 60)
        times.append((time.perf_counter() - t) * 1000)
    del scene
    return statistics.median(times)


def _scene() -> Any:
    from game.core.places import Cell
    from game.rules import open_match
    from game.ui.app import App
    from game.ui.controllers.melee_hexes.controller import MeleeHexController
    from game.ui.scenes.match import MatchScene

    app = App(raise_errors=True)
    m = open_match("hill_fight", 1)
    app.start_match(m, {s: "human" for s in m.scenario.sides})
    scene = app.scene
    assert isinstance(scene, MatchScene)
    side = m.to_act()
    fig = next(p for p in m.pieces() if p.side == side and p.active)
    scene.select(fig.id)
    ctl = scene.control
    opts = ctl.reach_opts if isinstance(ctl, MeleeHexController) else None
    if opts is not None and opts.cells():
        far = max(opts.cells(), key=lambda c: opts.cost(c) or 0)
        scene.input.set_hover(Cell(far))
    app.step(0.0)
    return app, scene


def frame_ms(frames: int = 200) -> float:
    import pygame

    app, scene = _scene()
    times = []
    for _ in range(frames):
        t = time.perf_counter()
        app.dirty = True
        app.step(1 / 60)
        times.append((time.perf_counter() - t) * 1000)
    del scene
    pygame.display.flip()
    return statistics.median(times)


def frame_ms_views(frames: int = 200) -> float:
    """The steady frame with the sight and threat views and a line of fire shown."""
    import pygame

    from game.core.places import Cell
    from game.rules import open_match
    from game.ui.app import App
    from game.ui.scenes.match import MatchScene

    app = App(raise_errors=True)
    m = open_match("hill_fort", 1)
    app.start_match(m, {s: "human" for s in m.scenario.sides})
    scene = app.scene
    assert isinstance(scene, MatchScene)
    archer = next(p for p in m.pieces() if p.kind == "human" and p.side == "garrison")
    scene.select(archer.id)
    for key in (pygame.K_v, pygame.K_t):  # the sight view and the threat view, as a
        _post(pygame.KEYDOWN, key=key, mod=0, unicode="", scancode=0)  # player turns
        app.step(0.0)  # them on
    app.toasts.items.clear()  # (their toasts are not part of the steady frame)
    enemy = next(p for p in m.pieces() if p.side == "raiders")
    assert isinstance(enemy.place, Cell)
    scene.input.set_hover(enemy.place)
    scene.show_marks()
    app.step(0.0)
    times = []
    for _ in range(frames):
        t = time.perf_counter()
        app.dirty = True
        app.step(1 / 60)
        times.append((time.perf_counter() - t) * 1000)
    return statistics.median(times)


def map_rebuild_ms(runs: int = 30) -> float:
    app, scene = _scene()
    r = scene.view
    board = app.screen.subsurface(scene.board_rect)
    times = []
    for _ in range(runs):
        t = time.perf_counter()
        r.invalidate()
        r.draw(board, scene.pieces)
        times.append((time.perf_counter() - t) * 1000)
    return statistics.median(times)


def _post(kind: int, **kw: Any) -> None:
    import pygame

    pygame.event.post(pygame.event.Event(kind, **kw))


def _in_battle(m: Any) -> bool:
    """Whether a Tabletop Hero game is in its battle (K-4: the last phase of its table,
    after the armies and deployment) from the second turn on."""
    return bool(m.phase == m.ruleset.phases.order[-1] and m.turn >= 2)


def _hero_scene() -> Any:
    """The Backyard battle played by the computer into its second turn, opened in the
    window with every side human; (app, scene, match)."""
    from game.ai import computer_player
    from game.rules import open_match
    from game.ui.app import App
    from game.ui.scenes.match import MatchScene

    app = App(raise_errors=True)
    m = open_match("backyard", 3)
    players = {s: computer_player(m.scenario.ruleset, 3) for s in m.sides}
    while m.outcome() is None and not _in_battle(m):
        side = m.to_act()
        assert side is not None
        m.apply(players[side].choose(m))
    app.start_match(m, {s: "human" for s in m.sides})
    scene = app.scene
    assert isinstance(scene, MatchScene)
    return app, scene, m


def table_frame_ms(frames: int = 200) -> float:
    """Median ms of one full frame of the open table with a ruler and lines of sight."""
    import pygame

    from game.core.places import Point

    app, scene, m = _hero_scene()
    side = m.to_act()
    st = m.state
    me = next(x for x in st.side_minis(side) if x.on_table and x.conscious)
    foe = next(x for x in st.placed() if x.side != side)
    scene.select(me.id)
    start = scene.place_pos(me.at)
    x, y = me.xy
    _post(pygame.MOUSEBUTTONDOWN, pos=start, button=1)
    app.step(0.0)
    for pos in ((start[0] + 9, start[1] + 9), scene.place_pos(Point.of(x + 3, y + 2))):
        _post(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(1, 0, 0))
        app.step(0.0)
    from game.ui.boards.table import TableMarks

    control = scene.control
    marks = control.marks(scene.selected, scene.hover)
    if foe.at is not None and isinstance(marks, TableMarks):
        hover = control.marks(scene.selected, foe.at)  # the lines of sight a hover shows
        if isinstance(hover, TableMarks):
            marks.rays = hover.rays
    scene.view.show(marks)
    times = []
    for _ in range(frames):
        t = time.perf_counter()
        app.dirty = True
        app.scene.draw(app.screen)
        pygame.display.flip()
        times.append((time.perf_counter() - t) * 1000)
    return statistics.median(times)


def _forgetting(scene: Any, *more: dict[Any, Any]) -> Callable[[], None]:
    """What the window keeps drawn by its content (the panel's cards, the top bars, the
    dice log's entries, and ``more``: a board view's, the rules' shared answers): a
    function that drops whatever
    was drawn after now. What it drew for the position before an act stays kept (play
    would find it so); what an act draws is dropped before the next one, so no timed act
    finds the last one's drawings, as an act on a new position in play would not."""
    kept: list[dict[Any, Any]] = [scene.panel._cards, scene.topbar._bars, scene.log._made,
                                  *more]
    shown = [set(d) for d in kept]

    def forget() -> None:
        for d, old in zip(kept, shown, strict=True):
            for k in [k for k in d if k not in old]:
                del d[k]
    return forget


def _collected() -> None:
    """A full collection of Python's cyclic garbage before an act figure's timing loop.
    In one ``python -m game.bench`` run the figures measured before (the computer
    players' searches, the other windows) leave garbage and long-lived tables behind; a
    full collection they made due would fall inside whichever act comes next (about
    20 ms on a 60,000-object heap), so the figure would depend on what ran before it,
    not on the act. Collected
    first, each act figure reads as measured alone; the collections its own repetitions
    cause stay in it. (The process-wide collector settings are left as they are.)"""
    gc.collect()


def hero_drag_act_ms(reps: int = 40) -> float:
    """Median ms from the release of a mini dragged to a legal spot on the open table to
    the next frame drawn (K-4: the move judged and played, the scene refreshed and drawn).
    Each move is undone, untimed, before the next drag, and what the drag drew is dropped
    (see :func:`_forgetting`)."""
    import pygame

    from game.core.places import Point
    from game.rules.hero.actions import Move

    app, scene, m = _hero_scene()
    side = m.to_act()
    me = next(x for x in m.state.side_minis(side) if x.on_table and x.conscious)
    x, y = me.xy
    app.step(0.0)
    ends = [scene.place_pos(Point.of(x + dx, y + dy))
            for dx, dy in ((3, 2), (3, 0), (-3, 0), (0, 3), (0, -3), (2, 2), (-2, -2))]
    end = next(e for e in ends if m.why_illegal(Move(me.id, scene.place_under(e))) is None)
    start = scene.place_pos(me.at)  # (the mini's object moves with it: not read again)
    done = len(m.actions)
    # the rules' answers kept for every match on this table (K-4 plans, sights) are
    # dropped too: a drag in play plans a move not made before
    forget_drawn = _forgetting(scene, m.state.shared_memo())
    _collected()
    times = []
    for _ in range(reps):
        forget_drawn()
        _post(pygame.MOUSEMOTION, pos=start, rel=(0, 0), buttons=(0, 0, 0))
        _post(pygame.MOUSEBUTTONDOWN, pos=start, button=1)
        app.step(0.0)
        for pos in ((start[0] + 9, start[1] + 9), end):
            _post(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(1, 0, 0))
            app.step(0.0)
        _post(pygame.MOUSEBUTTONUP, pos=end, button=1)
        t = time.perf_counter()
        app.step(0.0)
        times.append((time.perf_counter() - t) * 1000)
        if len(m.actions) != done + 1 or not isinstance(m.actions[-1], Move):
            raise RuntimeError("hero_drag_act_ms: the drag did not move the mini")
        scene.history.undo()
        app.step(0.0)
    return statistics.median(times)


def zone_click_act_ms(reps: int = 40) -> float:
    """Median ms from a click on a zone the Farmhouse's acting goblin moves to (Z-3) to
    the next frame drawn. Each move is undone, untimed, before the next click, and what
    the click drew is dropped (see :func:`_forgetting`)."""
    import pygame

    from game.core.places import InZone
    from game.rules.tft.zones.actions import ZoneMove

    app, scene = _zone_scene()
    m = scene.m
    actor = m.state.acting().id
    done = len(m.actions)
    app.step(0.0)
    forget_drawn = _forgetting(scene, scene.view._overlays, scene.view.labels._kept)
    zones = sorted({a.path[-1] for a in m.legal_actions()
                    if isinstance(a, ZoneMove) and a.figure == actor and not a.run})

    def click(pos: tuple[int, int]) -> float:
        scene.select(actor)
        _post(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0))
        app.step(0.0)
        _post(pygame.MOUSEBUTTONDOWN, pos=pos, button=1)
        _post(pygame.MOUSEBUTTONUP, pos=pos, button=1)
        t = time.perf_counter()
        app.step(0.0)
        return (time.perf_counter() - t) * 1000

    target = None
    for zone in zones:  # the first zone whose click moves the goblin (not a dialog)
        pos = scene.place_pos(InZone(zone))
        click(pos)
        app.modals.clear()
        if len(m.actions) == done + 1 and isinstance(m.actions[-1], ZoneMove):
            target = pos
            scene.history.undo()
            app.step(0.0)
            break
        if len(m.actions) > done:
            scene.history.undo()
            app.step(0.0)
    if target is None:
        raise RuntimeError("zone_click_act_ms: no click on a zone moved the goblin")
    _collected()
    times = []
    for _ in range(reps):
        forget_drawn()
        times.append(click(target))
        if len(m.actions) != done + 1:
            raise RuntimeError("zone_click_act_ms: the click did not move the goblin")
        scene.history.undo()
        app.step(0.0)
    return statistics.median(times)


def first_frame_s(runs: int = 3, root: Path = ROOT) -> float:
    """Median wall seconds of ``python main.py --scenario hill_fight --screenshot`` in
    ``root``'s tree, after one untimed launch that writes the bytecode (module text)."""
    env = dict(os.environ, SDL_VIDEODRIVER=os.environ.get("SDL_VIDEODRIVER", "dummy"),
               SDL_AUDIODRIVER="dummy")
    env.pop("PYTHONDONTWRITEBYTECODE", None)
    times = []
    with tempfile.TemporaryDirectory() as d:
        env["SKIRMISH_DATA_DIR"] = d
        env["PYTHONPYCACHEPREFIX"] = str(Path(d) / "pycache")
        out = Path(d) / "first.png"
        cmd = [sys.executable, str(root / "main.py"), "--scenario", "hill_fight",
               "--screenshot", str(out)]
        subprocess.run(cmd, check=True, env=env, cwd=root, capture_output=True)
        for _ in range(runs):
            t = time.perf_counter()
            subprocess.run(cmd, check=True, env=env, cwd=root, capture_output=True)
            times.append(time.perf_counter() - t)
    return statistics.median(times)


def measure() -> dict[str, float | str]:
    """Medians of the three figures (see the module docstring for what each one times)."""
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    old = os.environ.get("SKIRMISH_DATA_DIR")
    with tempfile.TemporaryDirectory() as d:
        os.environ["SKIRMISH_DATA_DIR"] = d  # never touch the player's autosave
        try:
            return {
                "frame_ms": round(frame_ms(), 3),
                "frame_ms_views": round(frame_ms_views(), 3),
                "map_rebuild_ms": round(map_rebuild_ms(), 3),
                "first_frame_s": round(first_frame_s(), 3),
                "table_frame_ms": round(table_frame_ms(), 3),
                "first_frame_how": "subprocess: python main.py --scenario hill_fight "
                                   "--screenshot FILE, wall time",
                "zone_frame_ms": round(zone_frame_ms(), 3),
                "hero_drag_act_ms": round(hero_drag_act_ms(), 3),
                "zone_click_act_ms": round(zone_click_act_ms(), 3),
            }
        finally:
            if old is None:
                os.environ.pop("SKIRMISH_DATA_DIR", None)
            else:
                os.environ["SKIRMISH_DATA_DIR"] = old


if __name__ == "__main__":
    print(json.dumps(measure()))
