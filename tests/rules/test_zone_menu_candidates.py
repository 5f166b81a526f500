"""The zone menu tries a Leave, an EnterBottleneck and a Protect only where the figure
stands (its zones, its zone's bottlenecks, friends in its zone: Z-4, Z-12, Z-14, Z-16);
in every position of played games, those are all the legal ones of their kinds that
trying every zone, bottleneck and friend finds, in the same order."""

import random

import pytest

from game.ai import computer_player
from game.rules import open_match
from game.rules.tft.zones import menu
from game.rules.tft.zones.actions import EnterBottleneck, Leave, Protect
from game.rules.tft.zones.legal import why_illegal


@pytest.mark.parametrize("name, seed", [("farmhouse", 1), ("farmhouse", 7),
                                        ("open_field", 2), ("open_field", 9)])
def test_z4_z14_z16_menu_tries_only_where_the_figure_stands(name, seed):
    m = open_match(name, seed)
    ai = computer_player(m.ruleset.key, seed)
    pick = random.Random(seed)
    seen = {Leave: 0, EnterBottleneck: 0, Protect: 0}
    while m.outcome() is None and len(m.actions) < 240:
        st = m.state
        f = m.ruleset.queries(st).actor()
        if f is not None:
            got = menu.others(st, f)
            board = st.board
            every = {Leave: [Leave(f.id, z) for z in board.zones],
                     EnterBottleneck: [EnterBottleneck(f.id, b) for b in board.bottlenecks],
                     Protect: [Protect(f.id, p) for p in st.figures if p != f.id]}
            for kind, tried in every.items():
                legal = [a for a in tried if why_illegal(st, a) is None]
                assert [a for a in got if type(a) is kind] == legal, (kind, m.turn)
                seen[kind] += bool(legal)
        legal_now = m.legal_actions()
        m.apply(pick.choice(legal_now) if pick.random() < 0.4 else ai.choose(m))
    assert all(seen.values()), seen  # each kind was legal somewhere
