"""The hard level's Pursuit scouts keep out of the blast of a cluster a hunter's shot
would set off (P-12: a shot at a model within 2 inches of a cluster sets it off; P-13),
and out of the places the next pursuit phase will likely crash them (P-6, P-11)
(game/ai/hard_chase.py ``runner_mine``, ``guns_reaching``, ``blasts_reaching``,
``runner_next_over``)."""

from __future__ import annotations

import math
from typing import Any

from game.ai import computer_player
from game.ai.hard_chase import (
    CHASE_WEIGHTS,
    ChaseWeights,
    HardChasePlayer,
    blasts_reaching,
    guns_reaching,
)
from game.ai.player import Player
from game.core.match import Match
from game.rules import open_match
from game.rules.squads.pursuit.actions import Hold, Move
from game.rules.squads.pursuit.phases import ChasePhase
from game.rules.squads.pursuit.queries import ChaseQueries
from tests.ai.played import played_actions, stepped
from tests.ai.test_hard_runners import Base, chase_queries, end_cost


def _with_cluster(seed: int) -> Match[Any]:
    """A normal Pursuit game of ``seed`` played to the first scout's move with a
    cluster on the table."""
    m = open_match("pursuit", seed)
    players = {s: computer_player("pursuit", seed) for s in m.sides}
    for _ in range(3000):
        assert m.outcome() is None
        side = m.to_act()
        assert side is not None
        q = chase_queries(m)
        if ChasePhase(m.phase) == ChasePhase.MOVEMENT and side == "scouts" and \
                any(c.where == "table" and c.at is not None for c in q.mines()):
            return m
        m.apply(players[side].choose(m))
    raise AssertionError("no cluster came in")


def test_a_cluster_blast_reaches_a_base_beside_it_and_not_one_further_off():
    """P-12: a cluster's blast catches the bases within its reach of its centre; a shot
    at a model within 2 inches of it sets it off."""
    q = chase_queries(_with_cluster(0))
    c = next(c for c in q.mines() if c.where == "table" and c.at is not None)
    assert c.at is not None
    s = q.models("scouts")[0]
    x, y = c.at
    near = Base(s.id, x + s.radius + c.blast - 0.2, y, s.radius, s.stats)
    far = Base(s.id, x + s.radius + c.blast + 0.5, y, s.radius, s.stats)
    assert blasts_reaching(q, near, near.x, near.y) >= 1
    assert blasts_reaching(q, far, far.x, far.y) == 0


def test_the_hunters_guns_reach_a_scout_after_their_move_and_not_beyond():
    """P-8, P-13: a hunter still to move may move 6 inches and shoot its 12-inch spine
    gun: a scout 1 inch from its base is in reach, one more than 18 inches from every
    hunter's base is not."""
    q = chase_queries(_with_cluster(0))
    h = q.models("hunters")[0]
    s = q.models("scouts")[0]
    assert not q.accelerated(h.id)
    assert guns_reaching(q, s, h.x + h.radius + s.radius + 1.0, h.y, "hunters") >= 1
    t = q.track
    spots = [t.point(a, c) for a in range(0, int(t.length), 2)
             for c in range(0, int(t.breadth), 2)]
    far = [(x, y) for x, y in spots
           if all(math.hypot(o.x - x, o.y - y) - o.radius - s.radius > 18.5
                  for o in q.models("hunters"))]
    assert far
    assert all(guns_reaching(q, s, x, y, "hunters") == 0 for x, y in far)


def test_default_weights_leave_the_runners_move_as_the_normal_player():
    """The consideration is off at 0: runner_mine 0 plays action for action as the
    normal scouts (seed 3)."""
    got = []
    for scouts in (computer_player("pursuit", 3),
                   HardChasePlayer(3, ChaseWeights(runner_mine=0.0))):
        m = open_match("pursuit", 3)
        players: dict[str, Player] = {s: computer_player("pursuit", 3) for s in m.sides}
        players["scouts"] = scouts
        got.append((played_actions(m, players, 3000), m.state_hash()))
    assert got[0] == got[1]


def _blasts_at_end(q: ChaseQueries, a: Any) -> int:
    """The clusters a shot would set off on the model of ``a`` where ``a`` leaves it
    (0 where no hunter gun reaches it there)."""
    if isinstance(a, Move):
        x, y = q.steer(a.model, a.legs, a.accelerate).walk.stop
    elif isinstance(a, Hold):
        m = q.model(a.model)
        x, y = m.x, m.y
    else:
        return 0
    m = q.model(a.model)
    if not guns_reaching(q, m, x, y, "hunters"):
        return 0
    return blasts_reaching(q, m, x, y)


def test_tuned_scouts_end_their_moves_out_of_a_cluster_blast_a_shot_sets_off():
    """P-12, P-13: scouts that slow out of the clusters' way (runner_cluster) come to
    stand beside them, and end moves (or stay) where a hunter's shot at them sets one
    off (three S4 blasts); with runner_mine they take a move that leaves them out of
    its blast, where there is one, and never one that leaves them in more blasts."""
    before = ChaseWeights(runner_cluster=20.0)
    tuned = HardChasePlayer(0, ChaseWeights(runner_cluster=20.0, runner_mine=30.0))
    better = worse = 0
    for seed in range(0, 12):
        m = open_match("pursuit", seed)
        players: dict[str, Player] = {s: computer_player("pursuit", seed)
                                      for s in m.sides}
        players["scouts"] = HardChasePlayer(seed, before)
        for side, a in stepped(m, players, 3000):
            if ChasePhase(m.phase) == ChasePhase.MOVEMENT and side == "scouts":
                q = chase_queries(m)
                mine = tuned.choose(m)
                normal, ours = _blasts_at_end(q, a), _blasts_at_end(q, mine)
                better += ours < normal
                worse += ours > normal
        if better >= 1:
            break
    assert better >= 1
    assert worse == 0


def test_tuned_scouts_weigh_only_the_places_the_next_pursuit_phase_likely_crashes():
    """P-6, P-7, P-11: with runner_next_over the scouts weigh what the next pursuit
    phase costs only above 18 inches (likely run into by a piece whatever pace they
    choose): where the normal scouts end a move there they take one that costs less,
    where there is one; where every move costs less they race as without runner_next."""
    w = CHASE_WEIGHTS["pursuit:scouts"]
    assert w.runner_next > 0 and w.runner_next_over > 0
    tuned = HardChasePlayer(0, w)
    plain = HardChasePlayer(0, ChaseWeights(runner_cluster=w.runner_cluster,
                                            runner_mine=w.runner_mine))
    better = same = 0
    for seed in range(0, 6):
        m = open_match("pursuit", seed)
        players = {s: computer_player("pursuit", seed) for s in m.sides}
        for side, a in stepped(m, players, 3000):
            if ChasePhase(m.phase) == ChasePhase.MOVEMENT and side == "scouts":
                q = chase_queries(m)
                ours = tuned.choose(m)
                if end_cost(q, a) > w.runner_next_over:
                    better += end_cost(q, ours) < end_cost(q, a)
                elif isinstance(ours, Move) and end_cost(q, ours) <= w.runner_next_over:
                    same += ours == plain.choose(m)
    assert better >= 1
    assert same >= 10
