"""The match shell in a small window (800x500) as well as a large one: every legal
action's button is there, nothing drawn covers another text, the computer's bar and the
demo caption leave the board's figures clear, tips stay on screen, and the window opens
no larger than the screen."""

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame  # noqa: E402
import pytest  # noqa: E402

from game.ai import computer_player  # noqa: E402
from game.rules import open_match  # noqa: E402
from game.ui import app as app_module  # noqa: E402
from game.ui.app import MIN_SIZE, App, window_size  # noqa: E402

SMALL = (800, 500)


@pytest.fixture
def data_dir(tmp_path, monkeypatch):
    monkeypatch.setenv("SKIRMISH_DATA_DIR", str(tmp_path))
    return tmp_path


def test_the_window_opens_no_larger_than_a_small_screen():
    assert window_size((1280, 720), [(1920, 1080)]) == (1280, 720)
    w, h = window_size((1280, 720), [(1024, 600)])
    assert w < 1024 and h < 600 and (w, h) >= MIN_SIZE
    assert window_size((1280, 720), [(640, 480)]) == MIN_SIZE  # never below the layout's
    assert window_size((1280, 720), []) == (1280, 720)


def test_the_app_asks_the_desktop_for_its_size(monkeypatch):
    monkeypatch.setattr(pygame.display, "get_driver", lambda: "x11")
    monkeypatch.setattr(pygame.display, "get_desktop_sizes", lambda: [(1100, 650)])
    app = App(raise_errors=True)
    w, h = app.screen.get_size()
    assert w <= 1100 - app_module.DESKTOP_MARGIN[0] and h <= 650 - app_module.DESKTOP_MARGIN[1]
    assert (w, h) >= MIN_SIZE


def _start(name, size, controllers=None, seed=3, until=None):
    app = App(raise_errors=True, size=size)
    m = open_match(name, seed)
    if until is not None:  # the computer plays both sides up to there
        players = {s: computer_player(m.ruleset.key, seed) for s in m.sides}
        while m.outcome() is None and not until(m):
            m.apply(players[m.to_act()].choose(m))
    sides = list(m.scenario.sides)
    app.start_match(m, controllers or {s: "human" for s in sides})
    app.draw()
    return app, m


@pytest.mark.parametrize("size", [SMALL, (1280, 720)])
def test_a_hover_tip_near_the_edge_stays_in_the_window(data_dir, size):
    """Every figure's tip over every enemy, with the enemy in the middle and at the
    board's left edge: the tip is inside the window and no wider than the board."""
    app, m = _start("ruined_village", size, until=lambda m: m.phase == "play")
    scene = app.scene
    win = app.screen.get_rect()
    side = m.to_act()
    seen = 0
    for me in [p for p in scene.pieces if p.side == side and p.place is not None]:
        scene.select(me.id)
        for p in [p for p in scene.pieces if p.side != side and p.place is not None]:
            for edge in (False, True):
                scene.view.camera.fit()
                if edge:  # pan the enemy to the board's left edge
                    scene.view.camera.pan(30 - scene.place_pos(p.place)[0], 0)
                pos = scene.place_pos(p.place)
                if not scene.board_rect.collidepoint(pos):
                    continue
                pygame.mouse.set_pos(pos)
                app.dispatch(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(1, 0),
                                                buttons=(0, 0, 0)))
                app.draw()
                if scene.tips.rect is not None:
                    seen += 1
                    assert win.contains(scene.tips.rect), (me.name, p.name, scene.tips.rect)
                    assert scene.tips.rect.w <= scene.board_rect.w
    assert seen


def overlaps(rects):
    return [(a, b) for i, a in enumerate(rects) for b in rects[i + 1:] if a.colliderect(b)]


def check_the_shell(app):
    """Nothing the shell drew covers anything else it drew, nothing falls off, and the
    tool buttons' words are whole."""
    scene = app.scene
    app.draw()
    win = app.screen.get_rect()
    side = scene.side_rect
    buttons = [b.rect for b in scene.buttons]
    assert all(win.contains(r) for r in buttons), buttons
    assert not overlaps(buttons)
    for b in scene.context_buttons + scene.tool_buttons:
        assert side.contains(b.rect) and b.rect.h >= 26, (b.label, b.rect)
    for b in scene.tool_buttons:
        assert not b.cut(app.fonts), b.label
    head = scene.panel.parts
    assert head, "the panel shows something"
    panel = pygame.Rect(side.x, side.y, side.w, scene.panel.buttons_top - side.y - 6)
    inked = [r.inflate(-2, -4) for r in head]  # a line's box has spacing round the ink
    assert not overlaps(inked), overlaps(inked)
    for r in head:
        assert panel.contains(r), (r, panel)  # not cut off by the panel's foot
        assert not any(r.colliderect(b) for b in buttons), r
    return scene


SCENARIOS = ["hill_fight", "farmhouse", "backyard", "ruined_village"]


@pytest.mark.parametrize("size", [SMALL, (1280, 720)])
@pytest.mark.parametrize("name", SCENARIOS)
def test_every_button_and_panel_row_has_its_own_place(data_dir, name, size):
    """Through the first actions of a game, with a figure of the side to act selected:
    every legal action's button is laid out in the panel, none over another or over
    the panel's texts."""
    app, m = _start(name, size)
    scene = app.scene
    players = {s: computer_player(m.ruleset.key, 5) for s in m.sides}
    for _ in range(12):
        if m.outcome() is not None:
            break
        own = [p for p in scene.pieces if p.side == m.to_act() and p.place is not None]
        for pid in [None] + [p.id for p in own[:2]]:
            scene.select(pid)
            check_the_shell(app)
        scene.act(players[m.to_act()].choose(m), animate=False)


def test_both_army_buttons_are_there_in_a_small_window(data_dir):
    app, m = _start("backyard", SMALL)
    scene = check_the_shell(app)
    labels = [b.label for b in scene.context_buttons]
    assert any(lb.startswith("Take the ready army") for lb in labels)
    assert any(lb.startswith("Build an army") for lb in labels)
    take = next(b for b in scene.context_buttons if b.label.startswith("Take"))
    if take.cut(app.fonts):  # a cut label is said whole in the button's tooltip
        from game.ui.widgets import draw_tooltip
        box = draw_tooltip(app.screen, app.fonts, scene.buttons, take.rect.center)
        assert box is not None and app.screen.get_rect().contains(box)


@pytest.mark.parametrize("size", [SMALL, (1280, 720)])
def test_the_computers_bar_has_its_own_strip_under_the_board(data_dir, size):
    """The computer's label and buttons never cover the board (where its figures are):
    the board's view ends above them and the camera fits the board there."""
    app, m = _start("farmhouse", size, {s: "computer" for s in open_match(
        "farmhouse", 3).scenario.sides})
    scene = check_the_shell(app)
    assert scene.pacing.buttons
    board = scene.board_rect
    assert scene.view.camera.view == board.size
    for r in [b.rect for b in scene.pacing.buttons] + [scene.pacing.banner_rect]:
        assert r is not None and not r.colliderect(board), (r, board)
        assert app.screen.get_rect().contains(r)
    assert not overlaps([b.rect for b in scene.pacing.buttons] + [scene.pacing.banner_rect])
    assert not scene.pacing.banner_text.endswith("...")  # who plays, not "The comput..."
    assert m.side_name(m.to_act()) in scene.pacing.banner_text


def test_a_game_without_the_computer_keeps_the_whole_board(data_dir):
    app, m = _start("farmhouse", SMALL)
    assert app.scene.ai_rect.h == 0
    human = app.scene.board_rect.h
    app, m = _start("farmhouse", SMALL, {s: "computer" for s in m.sides})
    assert app.scene.ai_rect.h > 0
    assert app.scene.board_rect.h == human  # the dice log gave the strip its height


def test_a_roster_too_long_for_the_panel_counts_what_it_leaves_out(data_dir):
    app, m = _start("farmhouse", SMALL)
    scene = app.scene
    scene.select(None)
    check_the_shell(app)
    lh = max(24, app.fonts.body.get_linesize())
    shown = scene.panel.roster.rows(scene.panel.buttons_top - scene.side_rect.y - 6 - 12, lh)
    counts = [sum(p.side == s for p in scene.pieces) for s in scene.sides]
    assert all(1 <= k <= c for k, c in zip(shown, counts, strict=True))
    assert sum(shown) < sum(counts)  # 14 figures do not fit 800x500: some are counted


@pytest.mark.parametrize("size", [SMALL, (1280, 720)])
def test_the_farmhouse_demo_caption_leaves_the_farmhouse_doors_in_view(data_dir, size):
    """The demo's text has a strip above the board's view, and the camera fits what the
    demo shows below it: every bottleneck of the zones its figures stand in (the front
    and back doors, the windows) is whole inside the board's view."""
    app = App(raise_errors=True, size=size)
    app.open_demo("Z-16")
    app.draw()
    scene = app.scene
    board, cap = scene.board_rect, scene.caption_rect
    assert cap.bottom <= board.top and not cap.colliderect(board)
    assert not scene.caption_box.lines[-2].endswith("...")  # the whole text is there
    assert scene.view.camera.view == board.size
    zones = {z for p in scene.frame_places() for z in p.zones}
    cam = scene.view.camera
    marks = [bn for bn in scene.m.board.bottlenecks.values() if set(bn.zones) & zones]
    assert len(marks) >= 3
    for bn in marks:
        for x, y in bn.shape:
            sx, sy = cam.map_to_screen(x, y)
            assert 0 <= sx <= board.w and 0 <= sy <= board.h, (bn.id, sx, sy, board)
    check_the_shell(app)


def test_the_push_demo_shows_its_figures_below_its_caption(data_dir):
    app = App(raise_errors=True, size=SMALL)
    app.open_demo("G-6")
    app.draw()
    scene = app.scene
    assert not scene.caption_rect.colliderect(scene.board_rect)
    inner = scene.board_rect.inflate(-20, -20)
    for place in scene.frame_places():
        assert inner.collidepoint(scene.place_pos(place)), place
    check_the_shell(app)


def test_the_push_demo_shows_the_tops_of_the_pieces_among_its_figures(data_dir):
    """G-6 demo at 800x500: the cliff the mini is pushed off is seen to its top (pieces are
    drawn rising by their height; the framing leaves room for it)."""
    from game.core.places import Point
    from game.ui.boards.table import PX, RISE

    app = App(raise_errors=True, size=SMALL)
    app.open_demo("G-6")
    app.draw()
    scene = app.scene
    cam = scene.view.camera
    xs = [p.place.units[0] for p in scene.pieces if isinstance(p.place, Point)]
    ys = [p.place.units[1] for p in scene.pieces if isinstance(p.place, Point)]
    bx0, by0, bx1, by1 = min(xs) - 4, min(ys) - 4, max(xs) + 4, max(ys) + 4
    among = [pc for pc in scene.m.board.pieces if pc.points
             and min(px for px, _ in pc.points) <= bx1 and max(px for px, _ in pc.points) >= bx0
             and min(py for _, py in pc.points) <= by1 and max(py for _, py in pc.points) >= by0]
    assert len(among) >= 3, "the cliff, the tower and the shed stand among the minis"
    for pc in among:
        x, _y = pc.points[0]
        top = max(min(py for _, py in pc.points), by0) - scene.view.heights[pc.index] * RISE
        _sx, sy = cam.map_to_screen(x * PX, top * PX)
        assert sy >= 24, (pc.name, sy)  # in view, with a label's room above it


def test_a_table_bigger_than_the_zoom_floor_still_fits_a_small_window(data_dir):
    """At 800x500 the backyard table needs a zoom below the wheel's usual floor: the
    whole table is shown, and the wheel may zoom out as far as that fit."""
    app = App(raise_errors=True, size=SMALL)
    m = open_match("backyard", 1)
    app.start_match(m, {s: "human" for s in m.sides})
    app.draw()
    cam = app.scene.view.camera
    x0, y0, x1, y1 = cam.extent
    assert cam.zoom < cam.MIN_ZOOM
    assert (x1 - x0) * cam.zoom <= cam.view[0] and (y1 - y0) * cam.zoom <= cam.view[1]
    sx0, sy0 = cam.map_to_screen(x0, y0)
    sx1, sy1 = cam.map_to_screen(x1, y1)
    assert sx0 >= 0 and sy0 >= 0 and sx1 <= cam.view[0] and sy1 <= cam.view[1]


@pytest.mark.parametrize("name", ["hill_fight", "ruined_village"])
def test_issue18_6_a_card_taller_than_its_room_scrolls_with_a_sign(data_dir, name):
    """Point 6: in a small window a card that does not fit above the buttons says so at
    its foot and scrolls (wheel, PageDown) to its last line; nothing is cut silently."""
    from game.ui.scenes.shell.panel import MORE_H, TALL

    app, m = _start(name, SMALL, until=lambda m: m.turn > 1 or m.phase == "play")
    scene = app.scene
    panel = scene.panel
    seen = 0
    for p in [p for p in scene.pieces if p.place is not None]:
        scene.select(p.id)
        app.draw()
        room = panel.buttons_top - scene.side_rect.y - 6
        whole = panel.render(scene.piece(p.id), scene.side_rect.w, TALL)
        bottom = max(r.bottom for r in whole.parts)
        if bottom <= room:
            assert not panel.cut()
            continue
        seen += 1
        assert panel.cut() and panel.scroll == 0
        sign = app.screen.get_at((scene.side_rect.x + 24, scene.side_rect.y + room - 11))
        assert tuple(sign)[:3] == (230, 159, 0), "the sign's arrow at the card's foot"
        for _ in range(40):
            pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_PAGEDOWN,
                                                 mod=0, unicode="", scancode=0))
            app.step(0.016)
        assert panel.scroll > 0
        assert panel.scroll + room - MORE_H >= bottom  # the last line can be read
        panel.scroll_by(-10_000)
    assert seen, "the small window cuts some card"


def test_issue18_11_a_hover_tip_never_covers_the_whole_map(data_dir):
    """Point 11: in 800x500 every tip over an enemy leaves most of the map in sight: at
    most 55 % of the board's width and 70 % of its height."""
    from game.ui.scenes.shell.tips import HEIGHT_SHARE, TIP_MIN_W, WIDTH_SHARE

    app, m = _start("ruined_village", SMALL, until=lambda m: m.phase == "play")
    scene = app.scene
    side = m.to_act()
    seen = 0
    for me in [p for p in scene.pieces if p.side == side and p.place is not None]:
        scene.select(me.id)
        for p in [p for p in scene.pieces if p.side != side and p.place is not None]:
            scene.view.camera.fit()
            pos = scene.place_pos(p.place)
            pygame.mouse.set_pos(pos)
            app.dispatch(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(1, 0),
                                            buttons=(0, 0, 0)))
            app.draw()
            r = scene.tips.rect
            if r is not None:
                seen += 1
                b = scene.board_rect
                assert r.w <= max(TIP_MIN_W, b.w * WIDTH_SHARE), (r, b)
                assert r.h <= max(80, b.h * HEIGHT_SHARE), (r, b)
    assert seen


def test_issue18_11_a_replays_board_is_not_tiny_in_a_small_window(data_dir):
    """Point 11: in 800x500 the replay's board keeps at least half the height under the
    top bar (the dice log and the caption give it room)."""
    from game.ui.scenes.shell.topbar import TOP_H

    app = App(raise_errors=True, size=SMALL)
    m = open_match("hill_fight", 3)
    for _ in range(10):
        m.apply(m.legal_actions()[0])
    app.open_replay(m)
    app.draw()
    scene = app.scene
    assert scene.board_rect.h >= (SMALL[1] - TOP_H) // 2, scene.board_rect
    assert not scene.board_rect.colliderect(scene.caption_rect)
    assert scene.log_rect.h >= 90


def test_issue18_11_the_picker_says_there_are_more_scenarios(data_dir):
    """Point 11: in 800x500 the scenario list shows a few and says how many more are
    below (and, scrolled, above)."""
    app = App(raise_errors=True, size=SMALL)
    app.show_picker()
    app.draw()
    lst = app.scene.list
    above, below = lst.hidden()
    assert above == 0 and below > 0
    arrow = (lst.rect.x + 18, lst.rect.bottom - 12)
    assert tuple(app.screen.get_at(arrow))[:3] == (230, 159, 0)
    for _ in range(len(lst.items) - 1):
        pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_DOWN, mod=0,
                                             unicode="", scancode=0))
        app.step(0.016)
    app.draw()
    assert lst.hidden()[0] > 0


@pytest.mark.parametrize("size", [SMALL, (1280, 720)])
def test_issue18_the_picker_marks_good_first_games_and_keeps_play_in_sight(data_dir, size):
    """The scenarios whose file says first_game = true carry a mark in the list (one per
    rule system at least), and every scenario chosen leaves room for Play."""
    from game.ui.scenes.picker import FIRST_GAME

    app = App(raise_errors=True, size=size)
    app.show_picker()
    picker = app.scene
    marked = {e.scenario.ruleset for e, it in zip(picker.entries, picker.list.items,
                                                  strict=True)
              if e.scenario is not None and it.tag == FIRST_GAME}
    assert marked == {e.scenario.ruleset for e in picker.entries if e.scenario}
    for e, it in zip(picker.entries, picker.list.items, strict=True):
        assert (it.tag == FIRST_GAME) == bool(e.scenario and e.scenario.first_game)
    for k in range(len(picker.entries)):
        picker.list.selected = k
        picker.select(k)
        app.draw()
        assert picker.play_drawn, picker.entries[k].key


def test_issue18_11_the_roster_is_not_cut_it_scrolls(data_dir):
    """Point 11: with no piece selected, a roster longer than the panel lists every piece
    of every side: a sign at its foot, and the wheel scrolls to the last side's last."""
    from game.ui.scenes.shell.panel import MORE_H

    app, m = _start("charges_in_the_nest", SMALL)
    scene = app.scene
    scene.select(None)
    app.draw()
    panel = scene.panel
    assert panel.cut()
    room = panel.buttons_top - scene.side_rect.y - 6
    pos = scene.side_rect.move(0, 40).topleft
    pygame.mouse.set_pos(pos)
    for _ in range(60):
        pygame.event.post(pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=-1, flipped=False))
        app.step(0.016)
    assert panel.scroll + room - MORE_H >= panel.content_h - 8
