"""The Tabletop Hero player's shortcuts answer as the long way does: crowding counted
from the spots remembered near each mini, the shared memo of sights and plans, the odds
remembered by what they depend on."""

from __future__ import annotations

import numpy as np

from game.ai.hero.player import CROWD, HeroPlayer, _crowding, spots
from game.core.derived import Derived
from game.rules import open_match
from game.rules.hero import moves, sight
from game.rules.hero.state import HeroState

SCENARIOS = ("backyard", "ruined_village")


def _crowding_long(xy: np.ndarray, others: np.ndarray) -> np.ndarray:
    """Every spot measured against every point (what the player did before)."""
    close = np.hypot(xy[:, 0:1] - others[None, :, 0], xy[:, 1:2] - others[None, :, 1])
    return (close < CROWD).sum(axis=1)


def test_crowding_counts_as_measuring_every_spot_against_every_mini():
    rng = np.random.default_rng(7)
    for name in SCENARIOS:
        m = open_match(name, 1)
        q = m.ruleset.queries(m.state)
        sp = spots(q)
        w, h = m.state.board.width, m.state.board.height
        for k in range(300):
            n = int(rng.integers(1, 10))
            pts = rng.random((n, 2)) * (w, h)
            if k % 3 == 0:  # on and round spots, CROWD off along an axis or a diagonal
                at = sp.xy[rng.integers(0, len(sp.xy), n)]
                turn = rng.random(n) * 2 * np.pi
                pts = at + CROWD * rng.choice([0.0, 0.5, 1.0, 1.0 + 1e-12], n)[:, None] \
                    * np.column_stack([np.cos(turn), np.sin(turn)])
            got = _crowding(q, sp, pts)
            assert got.dtype == np.int64
            assert np.array_equal(got, _crowding_long(sp.xy, pts)), (name, k)


def _positions(name: str, seed: int, every: int = 3) -> list[HeroState]:
    """Copies of the states of a game played by the computer players, every few
    actions of the battle."""
    m = open_match(name, seed)
    players = {s: HeroPlayer(seed) for s in m.sides}
    out = []
    while m.outcome() is None:
        if m.phase == "play" and len(m.actions) % every == 0:
            out.append(m.state.clone())
        m.apply(players[m.to_act()].choose(m))
    return out


def test_shared_sights_and_plans_are_those_worked_out_afresh():
    """What a game finds in the shared memo (left by earlier games on the table) is what
    it would work out itself: sights and plans of many positions of two games, asked
    after other games played on the same tables, against fresh ones."""
    for name in SCENARIOS:
        _positions(name, 21)  # fills the shared memo
        for st in _positions(name, 22, every=5)[:25]:
            fresh = st.clone()
            placed = st.placed()
            for a in placed:
                for t in placed:
                    if a.side != t.side:
                        assert sight.sight(st, a, t) == sight._sight(fresh, fresh.minis[a.id],
                                                                     fresh.minis[t.id])
                if a.at is not None:
                    x, y = a.xy
                    for dx, dy in ((3, 0), (0, -4), (-2.5, 2.5), (6, 5)):
                        to = type(a.at).of(x + dx, y + dy)
                        got = moves.plan_move(st, a, to)
                        assert got == moves._plan(fresh, fresh.minis[a.id], to), (a.id, to)


def test_the_shared_memo_is_kept_apart_by_the_minis_fielded():
    """Minis of another name (another army on the same table) get answers of their own:
    a sight names the minis in the way."""
    m = open_match("backyard", 3)
    p = HeroPlayer(3)
    while m.phase != "play":
        m.apply(p.choose(m))
    st = m.state
    other = st.clone()
    for x in other.minis.values():
        x.name = x.name + " the Second"
    assert st.shared_memo() is not other.shared_memo()
    assert st.shared_memo() is st.clone().shared_memo()  # the same minis: shared


def test_remembered_odds_are_the_exact_odds_of_each_target(monkeypatch):
    """The odds are remembered by the numbers they depend on (a single shot's by whether
    the target is down, not by its hit points): what every attack of two games was
    told equals the odds worked out afresh for its own target."""
    from game.rules.hero import combat

    asked = []
    remembered = combat._odds

    def odds(*args):
        got = remembered(*args)
        asked.append((args, got))
        return got
    monkeypatch.setattr(combat, "_odds", odds)
    for name in SCENARIOS:
        m = open_match(name, 31)
        # the table's derived data of its own: what the games ask does not depend on the
        # games other tests played on the same table before (their shared memo)
        m.state.derived = Derived()
        players = {s: HeroPlayer(31) for s in m.sides}
        while m.outcome() is None:
            m.apply(players[m.to_act()].choose(m))
    assert len(asked) > 50
    for args, got in asked:
        assert combat._exact_odds(*args) == got, args
