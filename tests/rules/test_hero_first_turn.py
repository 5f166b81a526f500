"""K-3: no attack in the first turn: neither offered among the legal actions nor allowed,
an explosive's throw included."""

from __future__ import annotations

from herotable import M, play, state, table

from game.rules.hero.actions import Attack, Throw


def test_k3_no_throw_or_attack_is_offered_in_the_first_turn():
    st = state(table(30, 20), M("Thrower", "a", (2, 10), hero=True,
                                weapons=("explosive", "medium")),
               M("Target", "b", (8, 10), hero=True), turn=1)
    m = play(st)
    assert not [a for a in m.legal_actions() if isinstance(a, Throw | Attack)]
    assert "first turn" in m.why_illegal(Throw("thrower", "target"))
    st.turn = 2
    m = play(st)
    assert Throw("thrower", "target") in m.legal_actions()
