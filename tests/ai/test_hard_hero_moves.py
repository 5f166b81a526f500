"""The hard level weighs a Tabletop Hero hero's next best moves over the dice (K-10: a
side whose hero dies loses; where the hero stands decides what the enemy's dice can do
to it next turn, which no score one action deep sees)."""

from __future__ import annotations

import math
from collections.abc import Sequence

from game.ai import computer_player
from game.ai.hero.player import APART, HeroPlayer
from game.ai.levels import HARD_CANDIDATES, WeighsAlternatives
from game.core.ruleset import Action
from game.headless import play_game
from game.rules import open_match
from game.rules.hero.actions import EndTurn, Move
from game.rules.hero.phases import HeroPhase
from tests.ai.played import QuietSearches, stepped


def _apart(moves: Sequence[Action]) -> bool:
    ends = [m.to.units for m in moves if isinstance(m, Move)]
    return len(ends) == len(moves) and all(
        math.dist(a, b) >= APART for k, a in enumerate(ends) for b in ends[k + 1:])


def test_hard_weighs_its_heros_other_moves_and_nothing_else_that_rolls_nothing():
    """Of the decisions whose normal choice rolls nothing, the hard tan player searches
    only its hero's moves, each against at most HARD_CANDIDATES - 1 other moves of the
    same hero ending APART units from it and each other; sometimes one of them wins."""
    m = open_match("backyard", 5001)
    hard = QuietSearches("hero", 5001, nodes=600)
    players = {s: hard if s == "tan" else computer_player("hero", 5001) for s in m.sides}
    play_game(m, players)
    assert hard.quiet
    for seen, cands in hard.quiet:
        first = cands[0]
        assert isinstance(first, Move)
        hero = seen.state.minis[first.figure]
        assert hero.hero and hero.side == "tan" and hero.moved == 0
        assert 2 <= len(cands) <= HARD_CANDIDATES
        assert all(isinstance(a, Move) and a.figure == first.figure for a in cands)
        assert _apart(cands)
        assert all(seen.is_legal(a) for a in cands)
    assert hard.left_quiet


def test_a_heros_other_moves_only_for_its_hero_and_only_for_a_move():
    """HeroPlayer.alternatives: none for another mini's move, none for an end of turn;
    for its hero's own move the next best, legal, APART from it and each other."""
    player = HeroPlayer(7)
    assert isinstance(player, WeighsAlternatives)
    m = open_match("backyard", 7)
    heroes = 0
    for side, a in stepped(m, {s: player for s in m.sides}, 400):
        if isinstance(a, EndTurn):
            assert player.alternatives(m, side, a, 2) == []
        if not isinstance(a, Move) or m.state.phase != HeroPhase.PLAY:
            continue
        others = player.alternatives(m, side, a, 2)
        if not m.state.minis[a.figure].hero:
            assert others == []
            continue
        heroes += bool(others)
        assert len(others) <= 2 and _apart([a, *others])
        assert all(m.is_legal(o) and isinstance(o, Move) and o.figure == a.figure for o in others)
    assert heroes
