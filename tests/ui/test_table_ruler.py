"""G-5 on the open table: dragging a mini off a height shows where it falls and what the
fall costs, each said once."""

import dataclasses
import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame  # noqa: E402
import shapely  # noqa: E402

from game.ai import computer_player  # noqa: E402
from game.core.places import Point  # noqa: E402
from game.rules import open_match  # noqa: E402
from game.rules.hero.terrain import vantage  # noqa: E402


def post(kind, **kw):
    pygame.event.post(pygame.event.Event(kind, **kw))


def test_g5_a_fall_while_dragging_is_said_once(app):
    m = open_match("backyard", 3)
    players = {s: computer_player("hero", 3) for s in m.sides}
    while not (m.phase == "play" and m.turn >= 2):
        m.apply(players[m.to_act()].choose(m))
    st = m.state
    me = next(x for x in st.side_minis(m.to_act()) if x.on_table and x.conscious)
    roof = next(f for f in m.ruleset.queries(st).terrain().features if vantage(f))
    c = shapely.Polygon(roof.piece.points).centroid
    st.minis[me.id] = dataclasses.replace(me, at=Point.of(c.x, c.y), z=roof.ht)
    app.start_match(m, {s: "human" for s in m.sides})
    app.step(0.0)
    scene = app.scene
    view = scene.view
    bx, by = scene.board_rect.topleft
    sx, sy = view.unit_screen(c.x, c.y, roof.ht)
    start = (int(sx + bx), int(sy + by))
    ex, ey = view.unit_screen(c.x + 6, c.y + 2)
    end = (int(ex + bx), int(ey + by))
    post(pygame.MOUSEMOTION, pos=start, rel=(0, 0), buttons=(0, 0, 0))
    post(pygame.MOUSEBUTTONDOWN, pos=start, button=1)
    app.step(0.016)
    for pos in ((start[0] + 8, start[1] + 8), end):
        post(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(1, 0, 0))
        app.step(0.016)
    ruler = view.marks.ruler
    assert ruler is not None and ruler.ok and ruler.warnings, ruler
    said: list[str] = []
    pill = view._fonts.pill

    def spy(text, *a, **kw):
        said.append(text)
        return pill(text, *a, **kw)

    view._fonts.pill = spy
    scene.draw(app.screen)
    falls = [t for t in said if "falls" in t or "drops" in t]
    assert len(falls) == 1, said
    assert "(G-5)" in falls[0] and f"falls {roof.ht}" in falls[0]


def test_k4_a_drop_where_the_mini_cannot_go_says_why_and_clears_the_ruler(app):
    m = open_match("backyard", 3)
    players = {s: computer_player("hero", 3) for s in m.sides}
    while not (m.phase == "play" and m.turn >= 2):
        m.apply(players[m.to_act()].choose(m))
    me = next(x for x in m.state.side_minis(m.to_act()) if x.on_table and x.conscious)
    far = next(Point.of(x, y) for x in range(1, 30) for y in range(1, 20)
               if abs(x - me.xy[0]) + abs(y - me.xy[1]) > 16
               and not m.ruleset.queries(m.state).plan_move(me.id, Point.of(x, y)).ok)
    app.start_match(m, {s: "human" for s in m.sides})
    app.step(0.0)
    scene = app.scene
    start = tuple(int(v) for v in scene.place_pos(me.at))
    end = tuple(int(v) for v in scene.place_pos(far))
    n = len(m.actions)
    post(pygame.MOUSEMOTION, pos=start, rel=(0, 0), buttons=(0, 0, 0))
    post(pygame.MOUSEBUTTONDOWN, pos=start, button=1)
    app.step(0.016)
    for pos in ((start[0] + 8, start[1] + 8), end):
        post(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(1, 0, 0))
        app.step(0.016)
    assert scene.view.marks.ruler is not None and not scene.view.marks.ruler.ok
    post(pygame.MOUSEBUTTONUP, pos=end, button=1)
    app.step(0.016)
    assert len(m.actions) == n
    assert scene.view.marks.ruler is None


def test_the_weapon_button_changes_the_weapon_clicks_attack_with(app):
    m = open_match("backyard", 3)
    players = {s: computer_player("hero", 3) for s in m.sides}
    while not (m.phase == "play" and m.turn >= 2):
        m.apply(players[m.to_act()].choose(m))
    me = next(x for x in m.state.side_minis(m.to_act())
              if x.on_table and x.conscious and len(set(x.weapons)) > 1)
    app.start_match(m, {s: "human" for s in m.sides})
    app.step(0.0)
    scene = app.scene
    scene.select(me.id)
    app.step(0.0)
    control = scene.control
    before = control.current_weapon(m.state.minis[me.id])
    b = scene.button("weapon")
    assert b is not None and b.enabled
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=b.rect.center, rel=(0, 0),
                                         buttons=(0, 0, 0)))
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=b.rect.center, button=1))
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=b.rect.center, button=1))
    app.step(0.016)
    assert control.current_weapon(m.state.minis[me.id]) != before
    assert scene.button("weapon").label != b.label


def test_k4_the_reach_ring_of_a_mini_that_has_acted_says_what_is_left(app):
    from game.ui.controllers.hero import HeroController

    m = open_match("backyard", 3)
    players = {s: computer_player("hero", 3) for s in m.sides}
    while not (m.phase == "play" and m.turn >= 2):
        m.apply(players[m.to_act()].choose(m))
    me = next(x for x in m.state.side_minis(m.to_act()) if x.on_table and x.conscious)
    m.state.minis[me.id] = dataclasses.replace(me, acted=True)
    c = HeroController(m)
    c.refresh(True)
    labels = [r.label for r in c.marks(me.id, None).rings if r.kind == "reach"]
    assert labels and all(t.endswith(" left") for t in labels), labels


def test_g1_a_drag_down_a_climbable_cliff_falls_when_climbing_costs_too_much(app):
    """G-1: "To get down a climbable terrain, you can also fall": a drag the climb down
    cannot pay for falls (a Drop) and the ruler says so; Shift makes any drag fall."""
    from herotable import M, P, play, rect, state, table

    from game.rules.hero.actions import Drop, Move
    from game.ui.controllers.hero import HeroController

    cliff = rect(5, 5, 15, 15, "vantage", "Cliff", ht=3,
                 traits="vantage, impassable, climbable")
    st = state(table(30, 20, cliff), M("Bob", "a", (14, 10), z=3, hero=True),
               M("Foe", "b", (28, 2), hero=True))
    c = HeroController(play(st))
    pygame.key.set_mods(0)
    assert type(c.move_for("bob", P(15.8, 10))) is Move  # 16 left: it climbs down, 6
    st.minis["bob"].moved = 1400
    c = HeroController(play(st))
    assert type(c.move_for("bob", P(15.8, 10))) is Drop  # 2 left: it falls
    r = c.ruler(st.minis["bob"], P(15.8, 10))
    assert r.ok and any("falls rather than climbs down" in ln for ln in r.lines)
    st.minis["bob"].moved = 0
    c = HeroController(play(st))
    pygame.key.set_mods(pygame.KMOD_LSHIFT)
    try:
        assert type(c.move_for("bob", P(15.8, 10))) is Drop
    finally:
        pygame.key.set_mods(0)
