"""H-2, H-3, H-4: the queries' walk to a hex from which a figure could strike an enemy
(what the hard Tactician's ``walk`` weighs): the cheapest of the figure's own walks to
such a hex, through a gate where a wall is too high to strike up. Positions are tiny text
maps (pointy hexes, odd rows shifted right)."""

from dataclasses import replace
from math import inf, isfinite

from textmap import match

from game.rules.tft.hexes.actions import ChooseFirst

# an enemy on a wall 4 levels up (col 2, row 1), the wall's other end a ramp (col 4 at 2)
WALL = "0 0 0 0 0 0 0\n0 0 4 4 2 0 0\n0 0 0 0 0 0 0"


def wall_match():
    """Bob (a human, H 3) at the foot of the wall beside the enemy; Pip (a hobbit, H 1)
    farther off; the orc on the wall."""
    return match(WALL, [("Bob", "a", "human", 1, 1, 0), ("Pip", "a", "hobbit", 0, 0, 0),
                        ("Orc", "b", "orc", 2, 1, 3)], seed=3)


def strike_cells(m, fid):
    """Every hex beside the orc from which ``fid`` could strike it (the rules' H-4)."""
    q = m.ruleset.queries(m.state)
    f, orc = m.state.figures[fid], m.state.figures["orc"]
    board = m.state.board
    return [n for n in board.neighbours(orc.cell)
            if q.can_fight(replace(f, cell=n, footprint=[n]), orc)]


def test_h4_h2_a_wall_too_high_to_strike_up_is_a_walk_round_by_the_ramp():
    m = wall_match()
    m.apply(ChooseFirst(m.state.winner, "a"))
    q = m.ruleset.queries(m.state)
    bob = m.state.figures["bob"]
    walk = q.walk_to_strike("bob")
    targets = strike_cells(m, "bob")
    assert targets and all(walk[c] == 0 for c in targets)
    # one hex from the orc, but 4 levels below it (H-4: a human reaches 3): not 0
    assert m.state.board.distance(bob.cell, m.state.figures["orc"].cell) == 1
    assert bob.cell not in targets and 0 < walk[bob.cell] < inf
    # the cheapest of Bob's own walks (H-2: each level up costs 1 MP more) to such a hex
    reach = q.move_options("bob").reach
    want = min(reach.cost_of(c) for c in targets if reach.cost_of(c) is not None)
    assert walk[bob.cell] == want


def test_h2_a_figure_that_cannot_step_up_the_ramp_never_gets_there():
    m = wall_match()
    walk = m.ruleset.queries(m.state).walk_to_strike("pip")
    pip = m.state.figures["pip"]
    assert strike_cells(m, "pip")  # the wall's top beside the orc
    assert not isfinite(walk[pip.cell])  # a hobbit steps up 1 level at a time
