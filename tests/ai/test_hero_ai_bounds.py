"""The Tabletop Hero computer player weighs attacks best bound first (cover, K-8 and
G-3): the odds were the target in the open bound the real odds, and the pruned search
picks what trying every attack picks."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from game.ai.hero.player import WORTH, HeroPlayer
from game.ai.hero.weights import HURT
from game.core.match import Match
from game.rules import open_match
from game.rules.hero.actions import Attack, Heal, Throw
from game.rules.hero.queries import HeroQueries, Mini, load_data


def _battle_states(name: str, seed: int, decisions: int = 160) -> Iterator[Match[Any]]:
    """The match before each computer decision of the battle (up to ``decisions``)."""
    m = open_match(name, seed)
    players = {s: HeroPlayer(seed) for s in m.sides}
    n = 0
    while m.outcome() is None and n < decisions:
        if m.phase == "play":
            yield m
            n += 1
        m.apply(players[m.to_act()].choose(m))


def _every_attack(player: HeroPlayer, q: HeroQueries, m: Mini,
                  enemies: list[Mini]) -> tuple[float, Any] | None:
    """The best action found by trying every one in turn (what the player did before it
    weighed attacks by their bound): the first of the best, or None below WORTH."""
    d = load_data()
    st = q.state
    best: tuple[float, Any] | None = None
    if m.medkits:
        for f in st.side_minis(m.side):
            if f.on_table and f.hp <= HURT and q.why_not_heal(m.id, f.id) is None:
                v = 3.0 + (3.0 if f.hero else 0.0) + (2.0 if not f.conscious else 0.0)
                if best is None or v > best[0]:
                    best = (v, Heal(m.id, f.id))
    if q.no_attacks() is not None:
        return best
    reach = max((d.weapons[w].range[1] for w in m.weapons), default=0)
    for t in enemies:
        dist = q.distance(m.id, t.id)
        if dist > reach + 1e-9:
            continue
        worth = 2.0 if t.hero else 1.0
        for w in dict.fromkeys(m.weapons):
            weapon = d.weapons[w]
            if weapon.explosive:
                v = player._throw_value(q, m, t)
                if v > 0 and q.why_not_throw(m.id, t.id) is None and (
                        best is None or v > best[0]):
                    best = (v, Throw(m.id, t.id))
                continue
            if not weapon.in_range(dist) or q.why_not_attack(m.id, t.id, w) is not None:
                continue
            o = q.attack_odds(m.id, t.id, w)
            down = sum(p for k, p in o.damage.items() if t.hp - k <= 0)
            v = worth * (o.expected + 3.0 * down)
            if best is None or v > best[0]:
                best = (v, Attack(m.id, t.id, w))
    if best is None or best[0] < WORTH:
        return None
    return best


def test_the_odds_in_the_open_bound_the_real_odds():
    d = load_data()
    pairs = 0
    for name, seed in (("backyard", 3), ("ruined_village", 4)):
        for match in _battle_states(name, seed, 60):
            st = match.state
            q = match.ruleset.queries(st)
            for a in st.placed():
                for t in st.placed():
                    if a.side == t.side:
                        continue
                    for w in dict.fromkeys(a.weapons):
                        if d.weapons[w].explosive:
                            continue
                        real = q.attack_odds(a.id, t.id, w)
                        best = q.open_attack_odds(a.id, t.id, w)
                        assert best.p_hit >= real.p_hit - 1e-12
                        assert best.expected >= real.expected - 1e-12
                        for hp in range(1, 12):  # every chance of dealing hp or more
                            assert sum(p for k, p in best.damage.items() if k >= hp) >= \
                                sum(p for k, p in real.damage.items() if k >= hp) - 1e-12
                        if real.sight is not None and real.sight.level == "open" \
                                and real.sight.cover == "none":
                            assert best.damage == real.damage
                        pairs += 1
    assert pairs > 100


def test_the_player_picks_what_trying_every_attack_picks():
    compared = 0
    for name, seed in (("backyard", 21), ("ruined_village", 22), ("backyard", 23)):
        for match in _battle_states(name, seed):
            st = match.state
            q = match.ruleset.queries(st)
            side = match.to_act()
            enemies = [e for e in st.placed() if e.side != side]
            p = HeroPlayer(seed)
            for m in st.side_minis(side):
                if not m.on_table or not m.conscious or m.acted or m.down_at_start:
                    continue
                assert p._scored_action(st, q, m, enemies) == \
                    _every_attack(p, q, m, enemies), (name, seed, match.turn, m.id)
                compared += 1
    assert compared > 100
