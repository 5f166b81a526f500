"""The Tabletop Hero player's ``detour`` (issue 19, docs/balance/hard_tan10.md): where
no straight move (K-4) gets a mini past an impassable piece (G-1) to its best spots, the
copy with ``detour`` on steps along the shortest walk round it; off (the normal
player) the mini stands still."""

from __future__ import annotations

import math
from typing import Any

import numpy as np

from game.ai import computer_player
from game.ai.hard_hero import HardHeroPlayer, HeroWeights
from game.ai.hero.detour import walk_to
from game.ai.hero.player import GRID, spots
from game.ai.player import Player
from game.core.match import Match
from game.rules import open_match
from game.rules.hero.queries import HeroQueries
from tests.ai.played import against_normal


def _backyard_27_turn_8() -> tuple[Match[Any], HeroQueries]:
    """Backyard, seed 27, played by the normal players to tan's turn 8: Hank, Boomer
    and Ghillie stand at the top edge behind the shed, the green hero across the table."""
    return _tan_turn(27, 8)


def _tan_turn(seed: int, turn: int) -> tuple[Match[Any], HeroQueries]:
    """Backyard game ``seed`` played by the normal players to tan's turn ``turn``."""
    m = open_match("backyard", seed)
    players: dict[str, Player] = {s: computer_player("hero", seed) for s in m.sides}
    while m.outcome() is None and not (m.state.turn == turn and m.to_act() == "tan"):
        side = m.to_act()
        assert side is not None
        m.apply(players[side].choose(m))
    q = m.ruleset.queries(m.state)
    assert isinstance(q, HeroQueries)
    return m, q


def test_detour_off_plays_as_the_normal_player() -> None:
    """Game for game, Backyard seed 27 (tan's minis stuck behind the shed): the copy
    with ``detour`` off plays each action the normal player plays."""
    off = HeroWeights(detour=False)
    assert off == HeroWeights()
    _m1, normal, _m2, copy = against_normal("backyard", 27, 600,
                                            lambda s: HardHeroPlayer(27, off))
    assert normal == copy


def test_detour_moves_a_mini_round_the_shed_the_normal_one_stays() -> None:
    """K-4, G-1: Hank's straight moves towards the green hero all run into the shed;
    the normal player finds no move, the copy with ``detour`` moves him to a spot
    with a shorter walk left to his target."""
    m, q = _backyard_27_turn_8()
    st = m.state
    hank = st.minis["hank"]
    enemies = [e for e in st.placed() if e.side != "tan"]
    assert HardHeroPlayer(27, HeroWeights())._best_move(st, q, hank, enemies) is None
    mv = HardHeroPlayer(27, HeroWeights(detour=True))._best_move(st, q, hank, enemies)
    assert mv is not None and q.plan_move("hank", mv.to).ok
    sarge = st.minis["sarge"].xy
    xy = spots(q).xy
    walk = walk_to(q, xy, GRID, sarge)

    def walk_from(p: tuple[float, float]) -> float:
        return float(walk[int(np.argmin(np.hypot(xy[:, 0] - p[0], xy[:, 1] - p[1])))])

    assert walk_from(mv.to.units) < walk_from(hank.xy) - 0.5


def test_walk_to_goes_round_impassable_pieces() -> None:
    """G-1: the walk from Hank's spot behind the shed to the green hero is longer than
    the straight line (it goes round the shed), and 0 at the target's own spot."""
    m, q = _backyard_27_turn_8()
    st = m.state
    xy = spots(q).xy
    sarge, hank = st.minis["sarge"].xy, st.minis["hank"].xy
    walk = walk_to(q, xy, GRID, sarge)
    end = int(np.argmin(np.hypot(xy[:, 0] - sarge[0], xy[:, 1] - sarge[1])))
    here = int(np.argmin(np.hypot(xy[:, 0] - hank[0], xy[:, 1] - hank[1])))
    assert walk[end] == 0.0
    assert math.isfinite(walk[here])
    assert walk[here] > math.dist(xy[here], xy[end]) + 2.0


def test_walk_run_runs_to_the_shortest_walk_left_not_the_straight_line() -> None:
    """K-4 (a run: twice the move, no action), G-1: Backyard seed 5, tan's turn 2,
    Boomer has nothing in reach to throw at from any spot; the normal player runs him
    to the spot nearest his target in a straight line, the copy with ``walk_run`` to a
    spot with a shorter walk left round the impassable pieces."""
    m, q = _tan_turn(5, 2)
    st = m.state
    boomer = st.minis["boomer"]
    enemies = [e for e in st.placed() if e.side != "tan"]
    normal = HardHeroPlayer(5, HeroWeights())._best_move(st, q, boomer, enemies)
    walker = HardHeroPlayer(5, HeroWeights(walk_run=True))._best_move(st, q, boomer, enemies)
    assert normal is not None and walker is not None and normal != walker
    target = HardHeroPlayer(5, HeroWeights())._target(boomer, enemies, False)
    xy = spots(q).xy
    walk = walk_to(q, xy, GRID, target.xy)

    def walk_from(p: tuple[float, float]) -> float:
        return float(walk[int(np.argmin(np.hypot(xy[:, 0] - p[0], xy[:, 1] - p[1])))])

    assert walk_from(walker.to.units) < walk_from(normal.to.units)
