"""The zone controller asks the menu of legal actions in parts (what it shows at once,
the zone moves at one pace, the moves that end on a line): the parts, asked in any
order, put together are the menu the rules give, action for action and in its order."""

import random

import pytest

from game.ai import computer_player
from game.rules import open_match
from game.rules.tft.zones import menu
from game.rules.tft.zones.actions import MoveToLine, ZoneMove
from game.rules.tft.zones.queries import ZoneQueries


@pytest.mark.parametrize("name, seed", [("farmhouse", 1), ("farmhouse", 5),
                                        ("open_field", 2)])
def test_the_menus_parts_put_together_are_the_menu(name, seed):
    m = open_match(name, seed)
    ai = computer_player(m.ruleset.key, seed)
    pick = random.Random(seed)
    seen = 0
    while m.outcome() is None and len(m.actions) < 160:
        st = m.state
        want = menu.legal_actions(st)
        q = m.ruleset.queries(st)
        assert isinstance(q, ZoneQueries)
        run = pick.random() < 0.5  # the parts asked first in either order
        moves, other = q.legal_moves(run), q.legal_moves(not run)
        shown, ends = q.legal_shown(), q.legal_line_ends()
        assert q.legal_actions() == want
        fresh = m.ruleset.queries(st)
        assert isinstance(fresh, ZoneQueries)
        assert fresh.legal_actions() == want  # (the whole first, the parts after)
        if q.actor() is not None:
            seen += 1
            assert moves == [a for a in want if type(a) is ZoneMove and a.run == run]
            assert other == [a for a in want if type(a) is ZoneMove and a.run != run]
            assert ends == [a for a in want if isinstance(a, MoveToLine)]
            assert shown == [a for a in want if not isinstance(a, ZoneMove)]
            assert fresh.legal_shown() == shown
        else:
            assert shown == want and not moves and not other and not ends
        m.apply(ai.choose(m))
    assert seen > 20
