"""The queries contract, for every registered ruleset on every shipped scenario: what a
front end and a computer player ask (game.core.queries.Queries) agrees with the board,
the pieces and the legal actions, at positions along a random game."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import pytest
from golden_games import shipped_scenarios

from game.ai import RandomPlayer
from game.core.board import Board
from game.core.queries import AttackOption, MoveOption, Queries
from game.rules import new_match

SCENARIOS = shipped_scenarios()
STEPS = 120
LOOK_EVERY = 7


def _ids(s: Any) -> str:
    return f"{s.ruleset}:{s.key}"


def _check(m: Any) -> int:
    """Check the queries of ``m``'s state; the number of options looked at."""
    q: Queries = m.ruleset.queries(m.state)
    board: Board = m.board
    pieces = {p.id: p for p in m.pieces()}
    side = m.to_act()
    acting = q.acting()
    assert all(pieces[p].side == side for p in acting), (acting, side)
    looked = 0
    for p in acting[:3]:
        moves: Sequence[MoveOption] = q.moves(p)
        for mo in moves:
            assert board.has_place(mo.place), mo
            assert mo.cost >= 0, mo
            assert mo.odds is None or 0.0 <= mo.odds <= 1.0, mo
        attacks: Sequence[AttackOption] = q.attacks(p)
        for ao in attacks:
            assert ao.target in pieces, ao
            assert 0.0 <= ao.chance <= 1.0, ao
            assert m.why_illegal(ao.action) is None, (ao, m.why_illegal(ao.action))
        looked += len(moves) + len(attacks)
    for pv in pieces.values():
        if pv.place is not None and pv.active:
            assert pv.id in q.holds(pv.place), pv
    assert list(q.scenery()) is not None
    return looked


@pytest.mark.parametrize("scenario", SCENARIOS, ids=_ids)
def test_queries_agree_with_the_board_pieces_and_legal_actions(scenario):
    m = new_match(scenario, 5)
    player = RandomPlayer(55)
    looked = 0
    for k in range(STEPS):
        if m.outcome() is not None:
            break
        if k % LOOK_EVERY == 0:
            looked += _check(m)
        m.apply(player.choose(m))
    assert looked > 0, "no move or attack was ever offered"
