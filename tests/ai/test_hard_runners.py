"""The hard level's street chase runners (issue 19): the Pursuit scouts and the riders
of Riders and drones weigh the clusters carried back at them when they pick a pace, and
the riders what the next pursuit phase costs where they stop (game/ai/hard_chase.py
``runner_cluster``, ``runner_next``; docs/balance/strengths.md, "runners")."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from game.ai import computer_player
from game.ai.hard_chase import (
    CHASE_WEIGHTS,
    ChaseWeights,
    Field,
    HardChasePlayer,
    _field,
    cluster_needs,
    next_pursuit,
)
from game.ai.player import Player
from game.core.match import Match
from game.rules import open_match
from game.rules.squads.pursuit.actions import Move, Pace
from game.rules.squads.pursuit.phases import ChasePhase
from game.rules.squads.pursuit.queries import ChaseQueries
from tests.ai.played import played_actions, stepped

RUNNERS = ChaseWeights(runner_next=1.0, runner_cluster=20.0)


def chase_queries(m: Match[Any]) -> ChaseQueries:
    q = m.ruleset.queries(m.state)
    assert isinstance(q, ChaseQueries)
    return q


def test_runner_weights_leave_the_tuned_chasers_as_they_were():
    """The runners' considerations touch only a runner's choices: the tuned hunters and
    drones with them added play game for game as without."""
    for scenario, side, seed in (("pursuit", "hunters", 1), ("riders_and_drones",
                                                             "drones", 2)):
        base = CHASE_WEIGHTS[f"{scenario}:{side}"]
        more = ChaseWeights(**{**base.__dict__, "runner_next": 1.0,
                               "runner_cluster": 20.0, "runner_mine": 30.0})
        games = []
        for w in (base, more):
            m = open_match(scenario, seed)
            players: dict[str, Player] = {s: computer_player("pursuit", seed)
                                          for s in m.sides}
            players[side] = HardChasePlayer(seed, w)
            games.append((played_actions(m, players, 3000), m.state_hash()))
        assert games[0] == games[1]


def test_tuned_runners_play_otherwise_than_normal():
    for scenario, side in (("pursuit", "scouts"), ("riders_and_drones", "riders")):
        w = CHASE_WEIGHTS[f"{scenario}:{side}"]
        assert w.runner_cluster > 0
        got = []
        for runner in (computer_player("pursuit", 5), HardChasePlayer(5, w)):
            m = open_match(scenario, 5)
            players: dict[str, Player] = {s: computer_player("pursuit", 5)
                                          for s in m.sides}
            players[side] = runner
            got.append(played_actions(m, players, 3000))
        assert got[0] != got[1]


@dataclass
class Base:
    """A model's base where the test puts it (what the considerations read of it)."""

    id: str
    x: float
    y: float
    radius: float
    stats: Any


def test_next_pursuit_costs_the_slowing_a_piece_in_the_lane_asks():
    """P-6, P-7, P-11: a runner standing a few inches behind an impassable piece in its
    lane must slow far (or be run into): it costs more there than nearly 12 inches
    behind (a 1d6 slowing clears it), and nothing beyond 12 inches or out of the lane."""
    m = open_match("pursuit", 0)
    q = chase_queries(m)
    t = q.track
    scout = q.model("scout-1")
    on = [p for p in q.pieces() if p.where == "table"]
    k = next(i for i, p in enumerate(on) if p.impassable
             and max(t.along(x, y) for x, y in p.points) < t.length - 30)
    piece = on[k]
    field: Field = ([_field(q)[0][k]], [])  # that piece alone
    far = max(t.along(x, y) for x, y in piece.points)
    lane = sum(t.across(x, y) for x, y in piece.points) / len(piece.points)
    r = scout.radius

    def cost(along: float, across: float) -> float:
        x, y = t.point(along, across)
        b = Base(scout.id, x, y, r, scout.stats)
        return next_pursuit(q, b, x, y, field, 30.0, 20.0)

    near, edge_of = cost(far + r + 2.0, lane), cost(far + r + 11.5, lane)
    assert near > edge_of > 0
    assert edge_of <= 3.5 + 1e-9  # a 1d6 slowing: 3.5 inches lost, and clear
    assert cost(far + r + 14.0, lane) == 0.0


def _first_cluster_pace(scenario: str, seeds: range) -> tuple[Match[Any], str] | None:
    """A pursuit-phase choice of a runner that a cluster still to come back would meet
    where it stands, with no piece coming back at it, in normal games of ``seeds``."""
    for seed in seeds:
        m = open_match(scenario, seed)
        players = {s: computer_player("pursuit", seed) for s in m.sides}
        for side, _a in stepped(m, players, 3000):
            q = chase_queries(m)
            if ChasePhase(m.phase) == ChasePhase.PURSUIT and side == q.sides()[0]:
                paces = [a for a in m.legal_actions() if isinstance(a, Pace)]
                if len(paces) > 1:
                    mid = paces[0].model
                    if cluster_needs(q, q.model(mid), moved=True) and \
                            not q.incoming(mid):
                        return m, mid
    return None


def test_a_runner_slows_away_from_a_cluster_carried_back_at_it():
    """P-6, P-12: a cluster goes back with its piece and goes off on the first model it
    meets. The normal runner sees only the pieces: with no piece coming it keeps pace;
    the copy with runner_cluster weighs slowing out of the cluster's way."""
    found = _first_cluster_pace("pursuit", range(0, 6))
    assert found is not None
    m, mid = found
    side = m.to_act()
    assert side is not None
    normal = computer_player("pursuit", 0).choose(m)
    assert normal == Pace(mid, 0)
    tuned = HardChasePlayer(0, ChaseWeights(runner_cluster=20.0)).choose(m)
    assert isinstance(tuned, Pace) and tuned.dice > 0


def end_cost(q: ChaseQueries, a: Any) -> float:
    """What the next pursuit phase costs the model of move ``a`` where it stops."""
    if not isinstance(a, Move):
        return 0.0
    w = q.steer(a.model, a.legs, a.accelerate).walk
    m = q.model(a.model)
    x, y = w.stop
    return next_pursuit(q, Base(m.id, x, y, m.radius, m.stats), x, y, _field(q), 30.0,
                        20.0)


def test_tuned_riders_stop_out_of_what_the_next_pursuit_phase_brings():
    """P-6, P-7: the normal riders race straight on into the lanes of the pieces that
    the next pursuit phase drives into them; the tuned riders (runner_next) take a move
    that leaves them less to fear, where there is one."""
    tuned = HardChasePlayer(2, CHASE_WEIGHTS["riders_and_drones:riders"])
    m = open_match("riders_and_drones", 2)
    players = {s: computer_player("pursuit", 2) for s in m.sides}
    better = 0
    for side, a in stepped(m, players, 400):
        q = chase_queries(m)
        if ChasePhase(m.phase) == ChasePhase.MOVEMENT and side == "riders":
            mine = tuned.choose(m)
            better += end_cost(q, mine) < end_cost(q, a) - 1.0
    assert better >= 1
