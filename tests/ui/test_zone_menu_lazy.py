"""The zone controller shows the marks and buttons of a new position judging the actions
at each enemy only as far as it takes (ZoneMenu.best_at, .at, .targets, .plain): in every
position of played games, each answer is the one the whole menu (ZoneMenu.sorted) gives,
and the rules' parts put together are the menu the rules give."""

import random

import pytest

from game.ai import computer_player
from game.rules import open_match
from game.rules.tft.zones.queries import ZoneQueries
from game.ui.controllers.melee_zones import MeleeZoneController
from game.ui.controllers.zone_menu import ZoneMenu


@pytest.mark.parametrize("name, seed", [("farmhouse", 1), ("farmhouse", 7),
                                        ("open_field", 2)])
def test_the_menu_asked_enemy_by_enemy_is_the_whole_menu(name, seed):
    m = open_match(name, seed)
    ai = computer_player(m.ruleset.key, seed)
    ctl = MeleeZoneController(m)
    pick = random.Random(seed)
    seen = 0
    while m.outcome() is None and len(m.actions) < 160:
        st = m.state
        whole_q, lazy_q = m.ruleset.queries(st), m.ruleset.queries(st)
        assert isinstance(whole_q, ZoneQueries) and isinstance(lazy_q, ZoneQueries)
        whole, lazy = ZoneMenu(whole_q, True).sorted(), ZoneMenu(lazy_q, True)
        assert lazy.any() == ZoneMenu(whole_q, True).any()
        shown = [t for t in lazy.targets() if lazy.at(t, first=True)]
        assert shown == list(whole.on_target)
        for t in st.figures:  # the best first (as the marks ask), then the whole list
            want = ctl.default_action(whole.on_target.get(t, []))
            assert lazy.best_at(t) == want, (t, m.turn)
            assert lazy.at(t) == whole.on_target.get(t, [])
        plain = lazy.plain()
        for part in ("lines", "spots", "leaves", "protect", "reacts", "other"):
            assert getattr(plain, part) == getattr(whole, part), part
        if lazy_q.actor() is not None:
            seen += bool(whole.on_target)
            judged = [a for t in st.figures for a in lazy_q.candidates_at(t)
                      if lazy_q.allows(a)]
            assert whole_q.legal_shown() == [*lazy_q.legal_charges(), *judged,
                                             *lazy_q.legal_plain()]
        m.apply(pick.choice(m.legal_actions()) if pick.random() < 0.4 else ai.choose(m))
    assert seen > 10


def test_after_each_act_the_marks_and_buttons_are_a_fresh_controllers(data_dir):
    """What the controller keeps of a position (its menu's answers, enemy by enemy) is
    let go when the game moves: after each act (and an undo), the marks and buttons it
    shows are those a controller made just then for the same game shows."""
    from game.core.places import InZone
    from game.ui import bench as ui_bench

    app, scene = ui_bench._zone_scene()
    m = scene.m
    ai = computer_player(m.ruleset.key, 3)
    pick = random.Random(3)
    checked = 0
    for step in range(24):
        zones = sorted(m.state.board.zones)
        scene.input.set_hover(InZone(zones[step % len(zones)]))
        scene.show_marks()
        app.step(0.0)
        fresh = MeleeZoneController(m)
        fresh.refresh(scene.human_turn())
        fresh.run, fresh.target = scene.control.run, scene.control.target
        got = scene.control.marks(scene.selected, scene.hover)
        want = fresh.marks(scene.selected, scene.hover)
        assert (got.pieces, got.reach, got.targets, got.path) == \
            (want.pieces, want.reach, want.targets, want.path), m.turn
        assert [(b.label, b.action) for b in scene.control.buttons(scene.selected)] == \
            [(b.label, b.action) for b in fresh.buttons(scene.selected)]
        checked += bool(got.pieces)
        if m.outcome() is not None:
            break
        if step % 5 == 4:
            scene.history.undo()
        else:
            scene.act(pick.choice(m.legal_actions()) if pick.random() < 0.3
                      else ai.choose(m), animate=False)
    assert checked > 3
