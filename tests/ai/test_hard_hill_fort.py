"""The Hill fort's hard-only considerations of the hex Tactician (issue 19,
docs/balance/strengths.md, "Hill fort"): an archer in contact keeps its bow and shoots the enemy
engaging it (T-6, H-18), an engaged archer shifts out of reach to shoot, raiders close
on the archers; all off at the normal weights, so the normal Tactician plays as before."""

from __future__ import annotations

from typing import Any

import pytest

from game.ai import computer_player
from game.ai.hard_players import HEX_WEIGHTS, hard_inner, hex_weights
from game.ai.tft.candidates import ArmCA, ShootCA
from game.ai.tft.context import Context
from game.ai.tft.evaluation import Weights
from game.ai.tft.manoeuvres import Manoeuvres, engaged_shooter, new_plan
from game.ai.tft.tactician import Tactician
from game.core.match import Match
from game.rules import open_match
from game.rules.tft.hexes.actions import Move, Ready, Shoot
from game.rules.tft.hexes.phases import HexPhase
from game.rules.tft.hexes.queries import (
    HexQueries,
    adjacent_figures,
    load_data,
    ranged_weapon,
)
from tests.ai.played import against_normal, stepped, tuned_wins

KEEP = hex_weights(keep_bow=1.0)


def test_hill_fort_copy_with_the_normal_weights_plays_as_normal():
    assert Weights().keep_bow == Weights().step_out == Weights().hunt == Weights().walk == 0.0
    _m1, normal, _m2, copy = against_normal(
        "hill_fort", 6, 500, lambda s: Tactician(6, hex_weights()))
    assert normal == copy


def _archer_in_contact_acting(m: Match[Any]) -> bool:
    """Whether a garrison archer with its bow ready acts with an enemy beside it."""
    st = m.state
    if st.phase != HexPhase.ACTION or m.to_act() != "garrison":
        return False
    f = st.acting()
    if f is None or not f.standing or f.defending or ranged_weapon(f) is None:
        return False
    return any(adjacent_figures(st.board, f, e) for e in st.figures.values()
               if e.side != f.side and e.active)


def _first(seed: int, found: Any, limit: int = 4000) -> Match[Any]:
    m = open_match("hill_fort", seed)
    players = {s: computer_player("tft-heights", seed) for s in m.sides}
    for _side, _a in stepped(m, players, limit):
        if found(m):
            return m
    raise AssertionError("no such position in the game")


def test_keep_bow_an_archer_in_contact_keeps_its_bow_and_shoots():
    """Normal: an archer with an enemy beside readies its dagger; with keep_bow it keeps
    the bow (no Ready of a melee weapon) and shoots its engager point blank."""
    m = _first(0, _archer_in_contact_acting)
    f = m.state.acting()
    assert f is not None
    normal = ArmCA().evaluate(Context(m, "garrison", hex_weights()))
    assert any(isinstance(p.actions[0], Ready) for p in normal)
    ctx = Context(m, "garrison", KEEP)
    kept = ArmCA().evaluate(ctx)
    melee = [p for p in kept if isinstance(p.actions[0], Ready)
             and load_data().weapons[p.actions[0].weapon].melee]
    assert melee == []
    shots = ShootCA().evaluate(ctx)
    assert shots and all(isinstance(p.actions[0], Shoot) for p in shots)
    assert Tactician(0, KEEP).choose(m) in [p.actions[0] for p in shots]


def _engaged_archer_moving(m: Match[Any]) -> bool:
    st = m.state
    if st.phase != HexPhase.MOVEMENT or m.to_act() != "garrison":
        return False
    q = HexQueries(st)
    return any(f.side == "garrison" and f.standing and not f.mp_spent and not f.move_over
               and ranged_weapon(f) is not None and q.is_engaged(f.id)
               for f in st.figures.values())


def test_engaged_archer_stays_to_shoot_or_steps_out_only_when_asked():
    """In movement an engaged archer with its bow ready is left to the manoeuvres by the
    normal weights; with keep_bow it stays without defending (it shoots next), with
    step_out alone it shifts only to a cell no enemy can strike."""
    m = _first(1, _engaged_archer_moving)
    q = HexQueries(m.state)
    f = next(f for f in m.state.figures.values()
             if f.side == "garrison" and ranged_weapon(f) is not None
             and not f.mp_spent and q.is_engaged(f.id))
    normal = Context(m, "garrison", hex_weights())
    assert engaged_shooter(normal, new_plan(normal), f, 40) is None
    ctx = Context(m, "garrison", KEEP)
    assert engaged_shooter(ctx, new_plan(ctx), f, 40) == []  # stays, shoots, no Defend
    ctx2 = Context(m, "garrison", hex_weights(step_out=1.0))
    plan2 = new_plan(ctx2)
    moved = engaged_shooter(ctx2, plan2, f, 40)
    assert moved is not None and len(moved) == 1
    assert isinstance(moved[0], Move) and moved[0].to not in plan2.hot
    assert m.state.board.distance(moved[0].to, f.cell) == 1


def test_hunt_draws_the_raiders_towards_the_archers():
    """With hunt a cell's worth falls with its distance to the nearest enemy archer."""
    m = open_match("hill_fort", 0)
    while m.state.phase != HexPhase.MOVEMENT or m.to_act() != "raiders":
        side = m.to_act()
        assert side is not None
        m.apply(computer_player("tft-heights", 0).choose(m))
    plain = new_plan(Context(m, "raiders", hex_weights()))
    hunt = new_plan(Context(m, "raiders", hex_weights(hunt=1.0)))
    q = HexQueries(m.state)
    archers = [f.cell for f in m.state.figures.values() if f.side == "garrison"
               and any(load_data().weapons[w].missile for w in f.weapons)]
    d = q.distances_to(archers).tolist()
    diff = [a - b for a, b in zip(plain.static, hunt.static, strict=True)]
    assert all(abs(x - y) < 1e-9 for x, y in zip(diff, d, strict=True))


def test_walk_weighs_each_raiders_own_walk_to_a_hex_it_could_strike_from():
    """With walk a cell's worth falls by walk per MP of the figure's own walk to a hex
    from which it could strike an enemy (H-2, H-4); the horseman (H 4) and a climber (a
    human, H 3) weigh the foot of the fort's wall differently; not before walk_from."""
    m = open_match("hill_fort", 0)
    while m.state.phase != HexPhase.MOVEMENT or m.to_act() != "raiders":
        m.apply(computer_player("tft-heights", 0).choose(m))
    ctx = Context(m, "raiders", hex_weights(walk=2.0))
    plan = new_plan(ctx)
    q = HexQueries(m.state)
    figs = m.state.figures
    for fid in ("rurik", "ivo"):
        walk = q.walk_to_strike(fid)
        own = Manoeuvres(ctx, plan, figs[fid]).static
        for c in (171, 327, figs[fid].cell):  # the foot of the wall; where it stands
            assert own[c] == pytest.approx(plan.static[c] - 2.0 * walk[c])
    # the wall's foot, 4 levels under its top: the horseman strikes up from it
    assert q.walk_to_strike("rurik")[171] == 0 < q.walk_to_strike("ivo")[171]
    late = Context(m, "raiders", hex_weights(walk=2.0, walk_from=m.state.turn + 1))
    assert Manoeuvres(late, new_plan(late), figs["ivo"]).static == plan.static


def test_hill_fort_entries_build_their_tuned_copies():
    for key, w in HEX_WEIGHTS.items():
        if key.startswith("hill_fort"):
            got = hard_inner("tft-heights", "hill_fort", key.partition(":")[2], 0)
            assert isinstance(got, Tactician) and got.w == hex_weights(**w)


def test_the_tuned_garrison_wins_more_than_the_normal_one_on_the_same_seeds():
    """A small sample (docs/balance/strengths.md has 200 held-out games: 185 against 84):
    on the same seeds the tuned garrison wins clearly more than the normal one."""
    assert HEX_WEIGHTS["hill_fort:garrison"] == {"keep_bow": 1.0, "step_out": 2.0}
    seeds = range(3000, 3012)
    tuned = tuned_wins("hill_fort", "garrison", seeds, True)
    assert tuned >= tuned_wins("hill_fort", "garrison", seeds, False) + 4
    assert tuned >= 10


def test_the_tuned_raiders_win_more_than_the_normal_ones_on_the_same_seeds():
    """A small sample (docs/balance/strengths.md has 2,000 paired games): on the same 60
    seeds the tuned raiders, walking round by the gate from turn 12 and weighing height
    at twice the normal, win clearly more than the normal ones (42 against 28)."""
    assert HEX_WEIGHTS["hill_fort:raiders"] == {"cover": 0.3, "hunt": 0.9, "walk": 2.4,
                                                "walk_from": 12, "high": 0.5}
    seeds = range(3000, 3060)
    tuned = tuned_wins("hill_fort", "raiders", seeds, True)
    assert tuned >= tuned_wins("hill_fort", "raiders", seeds, False) + 8
    assert tuned >= 36
