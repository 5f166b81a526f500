"""The quicker paths of the hex rules and the Tactician give the answers of the plain ones
they stand for (issue 19: the Hill fight's speed), over many positions of real games."""

from __future__ import annotations

from game.ai import computer_player
from game.rules import open_match
from game.rules.tft.hexes.heights import adjacent_figures, cells_of
from game.rules.tft.hexes.state import entry


def _positions_of_games(games: int = 3, every: int = 3):
    """Every ``every``-th state of ``games`` Tactician games on the Hill fight."""
    for seed in range(games):
        m = open_match("hill_fight", seed)
        players = {s: computer_player(m.scenario.ruleset, seed) for s in m.sides}
        k = 0
        while m.outcome() is None:
            if k % every == 0:
                yield m.state
            k += 1
            side = m.to_act()
            assert side is not None
            m.apply(players[side].choose(m))


def test_positions_are_each_figures_entry() -> None:
    """T-6, H-2: a position is each figure's entry, in the order of the figures."""
    for state in _positions_of_games():
        assert state.positions() == tuple(map(entry, state.figures.values()))


def test_adjacent_figures_as_the_plain_search() -> None:
    """H-15: whether two figures are beside each other, as the search of every hex of
    each (the one-hex figures' look-up), and the board's direction table as its loop."""
    for state in _positions_of_games():
        board = state.board
        figs = list(state.figures.values())
        for a in figs:
            for b in figs:
                plain = any(n in set(cells_of(b)) for c in cells_of(a)
                            for n in board.neighbours(c))
                assert adjacent_figures(board, a, b) == plain
                d = next((d for d, j in board.neighbours_with_direction(a.cell)
                          if j == b.cell), None)
                assert board.direction(a.cell, b.cell) == d
