"""Playing a lesson as a player would: clicks, pointer moves and buttons posted to the
window, one step at a time (the steps' expected actions say where to click)."""

from __future__ import annotations

import pygame

from game.core.places import Cell, Point
from game.rules.lessons import Do, LessonStep
from game.ui.scenes.lesson import LessonScene, near_match


def post(kind: int, **kw: object) -> None:
    pygame.event.post(pygame.event.Event(kind, **kw))


def move_to(app, pos) -> None:
    post(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0))
    app.step(0.016)


def click(app, pos, button: int = 1) -> None:
    post(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0))
    post(pygame.MOUSEBUTTONDOWN, pos=pos, button=button)
    post(pygame.MOUSEBUTTONUP, pos=pos, button=button)
    app.step(0.016)


def key(app, k: int) -> None:
    post(pygame.KEYDOWN, key=k, mod=0, unicode="", scancode=0)
    post(pygame.KEYUP, key=k, mod=0, unicode="", scancode=0)
    app.step(0.016)


def drag(app, start, end) -> None:
    """Press at ``start``, move with the button held, let go at ``end``."""
    post(pygame.MOUSEMOTION, pos=start, rel=(0, 0), buttons=(0, 0, 0))
    post(pygame.MOUSEBUTTONDOWN, pos=start, button=1)
    app.step(0.016)
    mid = ((start[0] + end[0]) // 2, (start[1] + end[1]) // 2)
    for pos in (mid, end):
        post(pygame.MOUSEMOTION, pos=pos, rel=(1, 1), buttons=(1, 0, 0))
        app.step(0.016)
    post(pygame.MOUSEBUTTONUP, pos=end, button=1)
    app.step(0.016)


def settle(app, scene: LessonScene, frames: int = 200) -> None:
    """Let what was played be shown (animations, the log)."""
    for _ in range(frames):
        if not scene.queue and not scene.view.busy:
            return
        app.step(0.05)


def piece_pos(scene: LessonScene, pid: str) -> tuple[int, int]:
    """Where a player sees the piece: its place, or where pieces share a place (a zone)
    its token as the view last drew it."""
    piece = scene.piece(pid)
    assert piece is not None and piece.place is not None, pid
    if scene.shared_places():
        scene.app.draw()
        for fid, x, y, _r in scene.view._spots:
            if fid == pid:
                return int(x) + scene.board_rect.x, int(y) + scene.board_rect.y
    return scene.place_pos(piece.place)


def free_pos(scene: LessonScene, place) -> tuple[int, int]:
    """A point of ``place`` on the window with no token drawn over it (a zone holds
    tokens; a click on one is a click on the figure)."""
    cx, cy = scene.place_pos(place)
    if not scene.shared_places():
        return cx, cy
    scene.app.draw()
    for r in range(0, 200, 8):
        for dx, dy in ((0, r), (0, -r), (r, 0), (-r, 0), (r, r), (-r, -r), (r, -r), (-r, r)):
            pos = (cx + dx, cy + dy)
            if scene.place_under(pos) == place and scene.piece_under(pos) is None:
                return pos
    raise AssertionError(f"no free spot in {place}")


def press_for(app, scene: LessonScene, step: LessonStep) -> bool:
    """Press the panel's button that plays the step's action, if there is one."""
    assert step.action is not None
    want = step.action.to_json()
    specs = scene.control.buttons(scene.selected) if scene.human_turn() else []
    for k, spec in enumerate(specs):
        if spec.action is not None and near_match(spec.action.to_json(), want):
            click(app, scene.context_buttons[k].rect.center)
            return True
    return False


def do_act(app, scene: LessonScene, step: LessonStep) -> None:
    """The step's action as a player makes it: its button; else the figure selected and
    its goal clicked (twice where the first click only shows), or on an open table
    dragged to; else, to turn a hex figure, a right-click on the hex it turns to."""
    assert step.action is not None
    k = scene.k
    if press_for(app, scene, step):
        return
    fields = step.action.to_json()
    who = fields.get("figure", fields.get("model"))
    if isinstance(who, str) and scene.selected != who and scene.piece(who) is not None:
        click(app, piece_pos(scene, who))
        if scene.k != k or press_for(app, scene, step):
            return
    legs = fields.get("legs")
    if isinstance(legs, list):  # a steered move: the ruler pulled out by keys, then its
        # Move button (the window's M mutes the sound)
        if fields.get("accelerate"):
            key(app, pygame.K_a)
        for turn, length in legs:
            if turn:
                key(app, pygame.K_e if turn > 0 else pygame.K_q)
            for _ in range(length // 100):
                key(app, pygame.K_w)
        press_for(app, scene, step)
        return
    run = fields.get("run")
    if isinstance(run, bool) and getattr(scene.control, "run", run) != run:
        key(app, pygame.K_r)  # a zone move walks or runs as the player toggles it
        if press_for(app, scene, step):
            return
    if fields.get("kind") == "face":
        cell = scene.piece(who).place
        assert isinstance(cell, Cell)
        click(app, scene.place_pos(Cell(scene.m.board.neighbour(cell.index,
                                                                fields["facing"]))), 3)
        return
    goal = scene.goal()
    assert goal is not None, f"no way to play {fields}"
    if fields.get("kind") == "move" and isinstance(goal, Point):
        click(app, scene.place_pos(goal))  # a click moves the selected model (a sewer)
        if scene.k == k:  # on the open table a mini is dragged
            drag(app, piece_pos(scene, who), scene.place_pos(goal))
        return
    target = fields.get("target")
    at = piece_pos(scene, target) if isinstance(target, str) and "to" not in fields \
        and "at" not in fields else free_pos(scene, goal)
    for _ in range(2):
        click(app, at)
        if scene.k != k:
            return
        if press_for(app, scene, step):
            return


def play_step(app, scene: LessonScene) -> None:
    """Do what the current step asks, as a player would; the step is then done."""
    step = scene.step
    assert step is not None
    k = scene.k
    settle(app, scene)
    if step.do is Do.SELECT:
        click(app, piece_pos(scene, step.figure))
    elif step.do is Do.LOOK:
        move_to(app, piece_pos(scene, step.figure))
        app.step(0.016)
    elif step.do is Do.TRY:
        goal = scene.goal()
        assert goal is not None, step
        click(app, free_pos(scene, goal))
    elif step.do is Do.WATCH:
        for _ in range(200):
            app.step(0.05)
            if scene.k != k:
                break
    else:
        do_act(app, scene, step)
    assert scene.k == k + 1, (f"{scene.lesson.key}: step {k + 1} ({step.do}, "
                              f"{step.action.to_json() if step.action else step.figure}) "
                              f"not done; said: {scene.nudge!r}")
