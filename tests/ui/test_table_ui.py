"""The table front end driven as a player would: the view, the Tabletop Hero controller
(drag to move with a ruler, hover for sight and odds, click to attack, deployment) and
the army sheet."""

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame  # noqa: E402

from game.ai import computer_player  # noqa: E402
from game.core.events import Kind  # noqa: E402
from game.core.places import Point  # noqa: E402
from game.rules import open_match  # noqa: E402
from game.rules.hero.actions import Attack, Move  # noqa: E402
from game.ui.boards.table import TableBoardView, TableMarks  # noqa: E402
from game.ui.scenes.army import ArmyScene  # noqa: E402
from game.ui.scenes.match import MatchScene  # noqa: E402


def start(app, until, name="backyard", seed=3):
    m = open_match(name, seed)
    players = {s: computer_player("hero", seed) for s in m.sides}
    while m.outcome() is None and not until(m):
        m.apply(players[m.to_act()].choose(m))
    app.start_match(m, {s: "human" for s in m.sides})
    app.step(0.0)
    return app.scene, m


def post(kind, **kw):
    pygame.event.post(pygame.event.Event(kind, **kw))


def move_mouse(app, pos, buttons=(0, 0, 0)):
    post(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=buttons)
    app.step(0.016)


def click(app, pos, button=1):
    move_mouse(app, pos)
    post(pygame.MOUSEBUTTONDOWN, pos=pos, button=button)
    post(pygame.MOUSEBUTTONUP, pos=pos, button=button)
    app.step(0.016)


def press(app, scene, name):
    b = scene.button(name)
    assert b is not None, [x.name for x in scene.buttons]
    click(app, b.rect.center)


def battle(m):
    return m.phase == "play" and m.turn >= 2


def test_the_view_draws_the_table_and_finds_points_and_minis(app):
    scene, m = start(app, battle)
    view = scene.view
    assert isinstance(view, TableBoardView)
    side = m.to_act()
    me = next(x for x in m.state.side_minis(side) if x.on_table)
    pos = scene.place_pos(me.at)
    place = scene.place_under(pos)
    assert isinstance(place, Point) and abs(place.x - me.at.x) <= 10 and abs(
        place.y - me.at.y) <= 10
    assert scene.piece_under(pos).id == me.id
    surface = app.screen.subsurface(scene.board_rect)
    colours = {surface.get_at((x, y))[:3] for x in range(0, surface.get_width(), 37)
               for y in range(0, surface.get_height(), 29)}
    assert len(colours) > 20  # terrain, not a blank board


def test_k4_dragging_a_mini_shows_a_ruler_and_moves_it(app):
    scene, m = start(app, battle)
    side = m.to_act()
    me = next(x for x in m.state.side_minis(side) if x.on_table and x.conscious)
    plan_to = None
    x, y = me.xy
    for dx, dy in ((3, 0), (-3, 0), (0, 3), (0, -3), (2, 2), (-2, -2)):
        p = Point.of(x + dx, y + dy)
        if m.ruleset.queries(m.state).plan_move(me.id, p).ok:
            plan_to = p
            break
    assert plan_to is not None
    start_pos = scene.place_pos(me.at)
    end_pos = scene.place_pos(plan_to)
    move_mouse(app, start_pos)
    post(pygame.MOUSEBUTTONDOWN, pos=start_pos, button=1)
    app.step(0.016)
    move_mouse(app, (start_pos[0] + 8, start_pos[1] + 8), (1, 0, 0))
    move_mouse(app, end_pos, (1, 0, 0))
    marks = scene.view.marks
    assert isinstance(marks, TableMarks) and marks.ruler is not None and marks.ruler.ok
    assert "used" in marks.ruler.lines[0] and "left" in marks.ruler.lines[0]
    camera = (scene.view.camera.ox, scene.view.camera.oy)
    post(pygame.MOUSEBUTTONUP, pos=end_pos, button=1)
    app.step(0.016)
    assert isinstance(m.actions[-1], Move) and m.actions[-1].figure == me.id
    assert (scene.view.camera.ox, scene.view.camera.oy) == camera  # no pan
    moved = m.state.minis[me.id]
    assert abs(moved.xy[0] - plan_to.units[0]) < 0.1 and moved.moved > 0


def test_dragging_the_empty_table_pans(app):
    scene, m = start(app, battle)
    r = scene.board_rect
    empty = (r.x + 4, r.y + 4)
    before = (scene.view.camera.ox, scene.view.camera.oy)
    scene.view.camera.set_zoom(1.5)
    before = (scene.view.camera.ox, scene.view.camera.oy)
    post(pygame.MOUSEBUTTONDOWN, pos=empty, button=1)
    app.step(0.016)
    move_mouse(app, (empty[0] + 40, empty[1] + 30), (1, 0, 0))
    post(pygame.MOUSEBUTTONUP, pos=(empty[0] + 40, empty[1] + 30), button=1)
    app.step(0.016)
    assert (scene.view.camera.ox, scene.view.camera.oy) != before
    assert not m.actions or not isinstance(m.actions[-1], Move)


def test_k8_hovering_an_enemy_draws_the_lines_and_tells_the_odds(app):
    scene, m = start(app, battle)
    side = m.to_act()
    st = m.state
    pairs = [(a, t) for a in st.side_minis(side) if a.on_table for t in st.placed()
             if t.side != side]
    a, t = pairs[0]
    scene.select(a.id)
    move_mouse(app, scene.place_pos(t.at))
    marks = scene.view.marks
    assert marks.rays and len(marks.rays[0].ends) == 8  # 8 of the 48 measured columns
    lines = scene.control.tip(a.id, t.id)
    text = "\n".join(ln.text for ln in lines)
    assert "visible" in text and "(K-8)" in text and "range" in text


def test_clicking_a_visible_enemy_attacks_it(app):
    def ready(m):
        if not battle(m):
            return False
        return any(isinstance(a, Attack) for a in m.legal_actions())
    scene, m = start(app, ready, "ruined_village", 1)
    atk = next(a for a in m.legal_actions() if isinstance(a, Attack))
    scene.select(atk.figure)
    scene.control.weapon[atk.figure] = atk.weapon
    before = len(m.actions)
    t = m.state.minis[atk.target]
    click(app, scene.place_pos(t.at))
    assert len(m.actions) == before + 1 and m.actions[-1] == atk
    assert any(e.kind == Kind.ATTACKED for e in m.log[-8:])


def test_k3_deployment_click_places_the_mini_and_says_why_not(app):
    scene, m = start(app, lambda m: m.phase == "deploy")
    st = m.state
    nxt = m.ruleset.queries(st).next_to_deploy()
    assert scene.selected == nxt.id
    move_mouse(app, scene.place_pos(Point.of(st.board.width / 2, st.board.height / 2)))
    ghost = scene.view.marks.ghost
    assert ghost is not None and not ghost[2] and "edge" in ghost[3]
    good = m.ruleset.queries(st).deploy_points(nxt.id)[0]
    click(app, scene.place_pos(good))
    assert m.state.minis[nxt.id].at is not None


def test_k2_the_army_sheet_builds_and_fields_an_army(app):
    scene, m = start(app, lambda m: True)
    press(app, scene, "build_army")
    sheet = app.scene
    assert isinstance(sheet, ArmyScene)
    press(app, sheet, "weapon:1:heavy")  # too dear for a mini: refused, and said why
    assert sheet.field.enabled is False and "7 points" in sheet.message
    press(app, sheet, "weapon:1:heavy")
    press(app, sheet, "medkit:2:+")  # 4 more points: too many for Eagle Eye
    assert not sheet.field.enabled
    press(app, sheet, "medkit:2:-")
    press(app, sheet, "explosive:4:+")
    assert sheet.field.enabled
    press(app, sheet, "field")
    assert isinstance(app.scene, MatchScene)
    assert m.actions[-1].kind == "build_army"
    built = [x for x in m.state.side_minis("green") if x.name == "Whirlybird"][0]
    assert built.weapons.count("explosive") == 2 and "light" in built.weapons
    assert built.abilities == ("flight",)  # what the mini is stays (G-7)


def test_the_backyard_screenshot(tmp_path):
    import subprocess
    import sys
    from pathlib import Path
    root = Path(__file__).resolve().parents[2]
    out = tmp_path / "backyard.png"
    env = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy",
               SKIRMISH_DATA_DIR=str(tmp_path))
    subprocess.run([sys.executable, str(root / "main.py"), "--scenario", "backyard",
                    "--screenshot", str(out)], check=True, env=env, cwd=root, timeout=120)
    img = pygame.image.load(str(out))
    assert img.get_size() == (1280, 720)


class _NoMenu:
    """Stands for the legal menu where nothing may read it."""

    def _no(self, *a):
        raise AssertionError("the Tabletop Hero controller read the whole legal menu")

    __iter__ = __len__ = __bool__ = __getitem__ = _no


def test_k4_a_drag_move_builds_no_legal_menu(app, monkeypatch):
    """The act of a drag move asks for one mini what it needs (its plan, its attacks),
    never the whole legal menu (the shell builds it only when something shows it)."""
    from game.ui.controllers import Controller

    scene, m = start(app, battle)
    side = m.to_act()
    me = next(x for x in m.state.side_minis(side) if x.on_table and x.conscious)
    x, y = me.xy
    q = m.ruleset.queries(m.state)
    plan_to = next(p for p in (Point.of(x + dx, y + dy) for dx, dy in
                               ((3, 0), (-3, 0), (0, 3), (0, -3), (2, 2), (-2, -2)))
                   if q.plan_move(me.id, p).ok)

    def refresh(self, human):
        self.__dict__["legal"] = _NoMenu()

    calls = []
    real = m.legal_actions
    monkeypatch.setattr(Controller, "refresh", refresh)
    monkeypatch.setattr(m, "legal_actions", lambda: calls.append(1) or real())
    scene.refresh()
    start_pos, end_pos = scene.place_pos(me.at), scene.place_pos(plan_to)
    move_mouse(app, start_pos)
    post(pygame.MOUSEBUTTONDOWN, pos=start_pos, button=1)
    app.step(0.016)
    move_mouse(app, (start_pos[0] + 8, start_pos[1] + 8), (1, 0, 0))
    move_mouse(app, end_pos, (1, 0, 0))
    post(pygame.MOUSEBUTTONUP, pos=end_pos, button=1)
    app.step(0.016)
    assert isinstance(m.actions[-1], Move) and m.actions[-1].figure == me.id
    assert calls == []
    assert scene.button("end_turn") is not None


def test_k5_the_attack_odds_come_first_in_the_hover_tip(app):
    """Issue 18: at 800x500 the tip is cut after a few lines ("... 11 more lines"): the
    odds a player hovers for stand right under its heading."""
    def ready(m):
        return battle(m) and any(isinstance(a, Attack) for a in m.legal_actions())
    scene, m = start(app, ready, "ruined_village", 1)
    atk = next(a for a in m.legal_actions() if isinstance(a, Attack))
    scene.control.weapon[atk.figure] = atk.weapon
    lines = [ln.text for ln in scene.control.tip(atk.figure, atk.target)]
    assert lines[1].startswith("hit ") and "critical" in lines[1], lines
    assert sum(ln.startswith("hit ") for ln in lines) == 1
