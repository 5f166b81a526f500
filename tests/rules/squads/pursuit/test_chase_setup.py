"""The table, forces, deployment, victory and turn of the chase (P-1..P-5), and bad
scenarios named with their file and field."""

from __future__ import annotations

import pytest
from chase_table import box, chase, figure, ids, piece, scenario

from game.boards.track import Track
from game.core.dice import Dice
from game.core.errors import ScenarioError
from game.core.match import Match
from game.core.places import LoadedMap, Placement, Point
from game.rules import get_ruleset, open_match
from game.rules.squads.pursuit.actions import Deploy, Hold, Move, Pace, Wargear
from game.rules.squads.pursuit.phases import PHASES, ChasePhase


def test_p1_the_table_is_at_least_60_inches_long():
    track = Track(48, 24, "right", name="short")
    loaded = LoadedMap(scenario().map_path, "track", track,
                       (figure("S", "scout", 10, 12), figure("H", "hunter", 5, 2)))
    with pytest.raises(ScenarioError, match="48 inches long.*at least 60"):
        Match(scenario(), get_ruleset("pursuit"), loaded, 1)


def test_p1_ruined_1_2_difficult_ruined_3_and_intact_impassable():
    m = chase([figure("S", "scout", 40, 12), figure("H", "hunter", 10, 2)],
              [piece(0, box(2, 2, 2, 2), 1, True), piece(1, box(2, 6, 2, 2), 2, True),
               piece(2, box(2, 10, 2, 2), 3, True), piece(3, box(2, 14, 2, 2), 1, False)])
    info = m.ruleset.queries(m.state).pieces()
    assert [(p.difficult, p.impassable) for p in info] == [
        (True, False), (True, False), (False, True), (False, True)]
    assert [p.flyers_ignore for p in info] == [True, False, False, True]


def test_p2_the_forces_and_the_sergeants_wargear():
    m = open_match("pursuit", 1)
    st = m.state
    assert m.phase == ChasePhase.WARGEAR and m.to_act() == "scouts"
    assert len(st.standing()) == 0 and len(st.undeployed) == 17
    assert len(st.clusters) == 4 and all(k.where == "reserve" for k in st.clusters)
    m.apply(Wargear("scouts", True))
    hunters = [x for x in st.undeployed if st.side_of(x) == "hunters"]
    assert len(hunters) == 15
    assert st.extra == {"sergeant-1": "scatter_gun"}
    assert m.phase == ChasePhase.DEPLOY and m.to_act() == "scouts"


def test_p3_deployment_is_shown_and_enforced():
    m = open_match("pursuit", 1)
    m.apply(Wargear("scouts", False))
    st = m.state
    q = m.ruleset.queries(st)
    first = st.undeployed[0]
    assert q.acting() == [first] and st.side_of(first) == "scouts"
    pts = q.deploy_points(first)
    r = st.model(first).radius
    assert pts and all(st.track.along(*p.units) - r >= 48 - 1e-6 for p in pts)
    near = Point.of(*st.track.point(40, 12))
    assert "48 inches" in m.why_illegal(Deploy(first, near))
    while st.side_of(st.undeployed[0]) == "scouts":
        mid = st.undeployed[0]
        m.apply(Deploy(mid, m.ruleset.queries(st).deploy_points(mid)[0]))
    hunter = st.undeployed[0]
    scouts = st.standing("scouts")
    for p in m.ruleset.queries(st).deploy_points(hunter):
        x, y = p.units
        gap = min(((s.x - x) ** 2 + (s.y - y) ** 2) ** 0.5 - s.radius - st.model(hunter).radius
                  for s in scouts)
        assert gap >= 12 - 1e-6
    bad = Deploy(hunter, scouts[0].place)
    assert m.why_illegal(bad) is not None


def test_p4_a_scout_leaving_by_the_arrival_wins():
    m = chase([figure("S", "scout", 64, 12), figure("H", "hunter", 10, 2)])
    i = ids(m)
    m.apply(Pace(i["H"], 0))
    m.apply(Pace(i["S"], 0))
    m.apply(Move(i["S"], ((0, 1200),), True))
    o = m.outcome()
    assert o is not None and o.winner == "scouts" and "Arrival" in o.reason
    assert m.state.gone[i["S"]] == "arrival"


def test_p4_the_hunters_win_when_every_scout_is_dead_and_the_scouts_when_every_hunter_is():
    m = chase([figure("S", "scout", 4, 12), figure("H", "hunter", 30, 2)], faces=[6])
    i = ids(m)
    m.apply(Pace(i["S"], 1))  # 6 inches back from 4: off the far edge
    assert m.outcome().winner == "hunters"
    m = chase([figure("S", "scout", 40, 12), figure("H", "hunter", 4, 2)], faces=[6])
    m.apply(Pace(ids(m)["H"], 1))
    assert m.outcome().winner == "scouts"


def test_p5_the_turn_is_pursuit_movement_shooting():
    assert PHASES[ChasePhase.PURSUIT].next == (ChasePhase.RECYCLE, ChasePhase.MOVEMENT)
    assert PHASES[ChasePhase.MOVEMENT].next == (ChasePhase.SHOOTING,)
    assert PHASES[ChasePhase.SHOOTING].next == (ChasePhase.PURSUIT,)
    m = chase([figure("S", "scout", 40, 12), figure("H", "hunter", 10, 2)])
    phases = [e.text.split(": ")[1] for e in m.log if e.kind == "phase"]
    for _ in range(4):
        who = m.state.queue[0]
        m.apply(Pace(who, 0) if m.phase == ChasePhase.PURSUIT else Hold(who))
    phases = [e.text.split(": ")[1].split(" phase")[0] for e in m.log if e.kind == "phase"]
    # the scout shoots at nothing: its shooting phase passes with no choice
    assert phases[:4] == ["Pursuit", "Movement", "Shooting", "Pursuit"]


@pytest.mark.parametrize("options,match", [
    ({"colour": "red"}, "'colour' is not an option"),
    ({"runners": "nobody"}, "runners must be a side"),
    ({"mines": "firecracker"}, "mines must be one of"),
    ({"deploy": "anywhere"}, "deploy must be"),
    ({"wargear": {"unit": "sergeant", "weapon": "bazooka", "bonus_unit": "hunter"},
      "deploy": "players"}, "weapon must be a key"),
])
def test_a_bad_scenario_is_named_with_its_file_and_field(options, match):
    track = Track(72, 24, "right", name="t")
    loaded = LoadedMap(scenario().map_path, "track", track,
                       (figure("S", "scout", 10, 12), figure("H", "hunter", 5, 2)))
    with pytest.raises(ScenarioError, match=f"chase_test.toml.*{match}"):
        Match(scenario(options), get_ruleset("pursuit"), loaded, 1, dice=Dice(1))


def test_both_shipped_scenarios_set_up():
    for name in ("pursuit", "riders_and_drones"):
        m = open_match(name, 3)
        assert m.ruleset.key == "pursuit" and m.legal_actions()


def test_p12_clusters_placed_on_the_map_may_start_on_the_table():
    from types import SimpleNamespace

    track = Track(72, 24, "right", [piece(0, box(40, 2, 4, 4), 3, False)], name="t")
    track.mines = (SimpleNamespace(at=(39.2, 4.0), piece=0),)  # type: ignore[attr-defined]
    loaded = LoadedMap(scenario().map_path, "track", track,
                       (figure("S", "scout", 10, 12), figure("H", "hunter", 5, 20)))
    opts = {"mines": "spore_cluster", "clusters": 2, "map_clusters": True}
    m = Match(scenario(opts), get_ruleset("pursuit"), loaded, 1)
    ks = m.state.clusters
    assert [(k.where, k.piece) for k in ks] == [("table", 0), ("reserve", None)]
    m.apply(Pace("hunter-1", 0))
    m.apply(Pace("scout-1", 0))
    assert m.state.pieces[0].dx == -1200 and ks[0].x == 3920 - 1200  # back with its piece


def test_p3_a_map_figure_may_name_a_profile():
    track = Track(72, 24, "right", name="t")
    loaded = LoadedMap(scenario().map_path, "track", track, (
        Placement(name="Rider", side="scouts", unit="scout_rider", place=Point.of(10, 12)),
        figure("H", "hunter", 5, 20)))
    m = Match(scenario(), get_ruleset("pursuit"), loaded, 1)
    assert m.state.model("scout_rider-1").profile == "scout_rider"
