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
