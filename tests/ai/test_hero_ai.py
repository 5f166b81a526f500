"""The Tabletop Hero computer player: legal, quick, deterministic, and better than chance."""

from __future__ import annotations

import statistics
import time

from cpu import budget

from game.ai import RandomPlayer, computer_player
from game.ai.hero.player import HeroPlayer, spots
from game.headless import play_game
from game.rules import open_match

SCENARIOS = ("backyard", "ruined_village")


def test_it_is_the_registered_player_of_the_ruleset():
    assert isinstance(computer_player("hero", 3), HeroPlayer)


def test_every_choice_is_legal_and_games_end():
    for name in SCENARIOS:
        for seed in (1, 2):
            m = open_match(name, seed)
            players = {s: HeroPlayer(seed) for s in m.sides}
            n = 0
            while m.outcome() is None and n < 2000:
                a = players[m.to_act()].choose(m)
                assert m.why_illegal(a) is None, (name, seed, a)
                m.apply(a)
                n += 1
            assert m.outcome() is not None


def test_same_seed_same_game_and_choosing_twice_changes_nothing():
    m1, m2 = open_match("backyard", 5), open_match("backyard", 5)
    play_game(m1, {s: HeroPlayer(5) for s in m1.sides})
    play_game(m2, {s: HeroPlayer(5) for s in m2.sides})
    assert m1.actions == m2.actions and m1.state_hash() == m2.state_hash()
    m = open_match("ruined_village", 2)
    p = HeroPlayer(2)
    while m.phase != "play":
        m.apply(p.choose(m))
    before = m.state_hash()
    assert p.choose(m) == HeroPlayer(2).choose(m) and m.state_hash() == before


def test_decisions_take_milliseconds():
    times = []
    for name in SCENARIOS:
        m = open_match(name, 11)
        spots(m.ruleset.queries(m.state))  # once per match
        players = {s: HeroPlayer(11) for s in m.sides}
        while m.outcome() is None:
            t = time.perf_counter()
            a = players[m.to_act()].choose(m)
            times.append((time.perf_counter() - t) * 1000)
            m.apply(a)
    assert statistics.median(times) < budget(20)


def test_it_beats_the_random_player():
    wins = losses = games = 0
    for name in SCENARIOS:
        for seed in range(6):
            m = open_match(name, 40 + seed)
            ai_side = m.sides[seed % 2]
            players = {s: HeroPlayer(seed) if s == ai_side else RandomPlayer(seed)
                       for s in m.sides}
            o = play_game(m, players)
            games += 1
            wins += o.winner == ai_side
            losses += o.winner not in (None, ai_side)
    assert wins >= 8 and losses <= 2, f"{wins} wins and {losses} losses of {games}"
