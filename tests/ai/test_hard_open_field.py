"""The hard zone Tactician's weighing of charges (issue 19, the Open field): a charge
deals double damage, so the copy weighs the charges enemies yet to act could make
at a figure Alone: it waits for them, counts those awaiting a charger where its
charge ends, and gets out of their reach with a split's second move. Off in the
normal weights, where the copy plays game for game as the normal player."""

from __future__ import annotations

from typing import Any

from game.ai import computer_player
from game.ai.hard_players import ZONE_WEIGHTS, ZoneWeights, hard_inner
from game.ai.hard_zones import HardZoneTactician
from game.ai.tft.zones import ZoneTactician
from game.core.match import Match
from game.rules import open_match
from game.rules.tft.zones.actions import Charge, Wait, ZoneMove
from game.rules.tft.zones.phases import ACTION
from game.rules.tft.zones.queries import ALONE, ZoneQueries
from tests.ai.played import against_normal, stepped, tuned_wins

CHARGES = ZoneWeights(wait=0.5, retaliate=0.5, getaway=1.0, obstacle=1.0)
"""Every consideration of this file on."""


def _queries(m: Match[Any]) -> ZoneQueries:
    q = m.ruleset.queries(m.state)
    assert isinstance(q, ZoneQueries)
    return q


def _to_charge(m: Match[Any], side: str, limit: int = 200) -> None:
    """Play ``m`` with the normal player till a figure of ``side`` acts, Alone, with a
    charge among the normal player's proposals."""
    normal = ZoneTactician(0)
    for _ in range(limit):
        st = m.state
        f = st.acting() if st.phase == ACTION and not st.split else None
        if f is not None and f.side == side and _queries(m).status(f) == ALONE and any(
                isinstance(p.actions[0], Charge) for p in normal.propose(m, side)):
            return
        m.apply(normal.choose(m))
    raise AssertionError(f"no {side} figure could charge")


def test_hard_zone_copy_with_the_normal_weights_plays_the_open_field_as_normal():
    for seed in (2, 7):
        m1, normal, m2, copy = against_normal(
            "open_field", seed, 600, lambda s, seed=seed: HardZoneTactician(seed, ZoneWeights()))
        assert normal == copy
        assert m1.state_hash() == m2.state_hash()


def test_open_field_wardens_and_raiders_play_their_tuned_copies():
    """Both sides' weights held on the held-out seeds (docs/balance/strengths.md); the
    raiders' copy also weighs the friends a charge relieves."""
    wardens = hard_inner("tft-zones", "open_field", "wardens", 0)
    assert isinstance(wardens, HardZoneTactician)
    assert wardens.zw == ZONE_WEIGHTS["open_field:wardens"]
    assert wardens.zw.wait > 0 and wardens.zw.retaliate > 0
    raiders = hard_inner("tft-zones", "open_field", "raiders", 0)
    assert isinstance(raiders, HardZoneTactician)
    assert raiders.zw == ZONE_WEIGHTS["open_field:raiders"]
    assert raiders.zw.relief > 0 and raiders.kill == raiders.zw.kill
    assert "open_field" not in ZONE_WEIGHTS
    assert type(hard_inner("tft-zones", "farmhouse", "goblins", 0)) is ZoneTactician


def test_the_wardens_copy_plays_otherwise_than_normal():
    wardens = hard_inner("tft-zones", "open_field", "wardens", 0)
    _m1, normal, _m2, tuned = against_normal(
        "open_field", 0, 120, lambda s: wardens if s == "wardens" else None)
    assert normal != tuned


def test_charge_danger_counts_the_wall_and_only_enemies_yet_to_act():
    """The charges awaiting a figure in a zone are those of enemies yet to
    act that a running zone move brings there: the wall between the Hilltop and the
    Common cuts the wardens' reach, and an enemy that has acted charges no more this
    turn."""
    m = open_match("open_field", 0)
    q = _queries(m)
    h = HardZoneTactician(0, CHARGES)
    murg = m.state.figures["murg"]
    assert 0 < h._charge_danger(q, murg, "Hilltop") < h._charge_danger(q, murg, "Common")
    look = m.state.clone()
    for g in look.figures.values():
        if g.side == "wardens":
            g.acted = True
    q2 = ZoneQueries(look)
    assert h._charge_danger(q2, look.figures["murg"], "Common") == 0.0


def test_an_alone_figure_in_reach_of_a_charge_weighs_waiting():
    """Waiting: the copy proposes waiting at ``wait`` times the strongest charge awaiting
    it; a charge loses ``retaliate`` times the strongest charge another enemy yet to act
    could then make where it ends; nothing else changes."""
    m = open_match("open_field", 0)
    _to_charge(m, "wardens")
    q = _queries(m)
    f = m.state.acting()
    assert f is not None
    weights = ZoneWeights(wait=0.5, retaliate=0.5)
    copy, plain = HardZoneTactician(0, weights), HardZoneTactician(0, ZoneWeights())
    mine = [(p.score, p.actions[0]) for p in copy.propose(m, f.side)]
    theirs = [(p.score, p.actions[0]) for p in plain.propose(m, f.side)]
    here = copy._charge_danger(q, f, f.zone)
    assert here > 0
    assert mine[len(theirs)] == (0.5 * here, Wait(f.id))
    assert len(mine) == len(theirs) + 1
    charges = 0
    for (s1, a1), (s2, a2) in zip(mine, theirs, strict=False):
        assert a1 == a2
        if isinstance(a1, Charge):
            charges += 1
            loss = 0.5 * copy._charge_danger(q, f, a1.path[-1], a1.target)
            assert abs(s1 - (s2 - loss)) < 1e-9
        else:
            assert s1 == s2
    assert charges > 0


def test_a_split_action_gets_away_after_its_attack():
    """Once a split action's attack is made, the copy's second move does not end
    where more charges await it than where it stands, and it may move out of their
    reach; the normal player moves on towards the enemy."""
    copy = HardZoneTactician(0, ZoneWeights(getaway=1.0))
    seen = 0
    for seed in range(6):
        m = open_match("open_field", seed)
        normal = computer_player("tft-zones", seed)
        for _side, _a in stepped(m, {s: normal for s in m.sides}, 300):
            st = m.state
            f = st.acting() if st.phase == ACTION and st.split else None
            q = _queries(m)
            if f is not None and q.split_left()[1] == 0 and q.status(f) == ALONE:
                here = copy._charge_danger(q, f, f.zone)
                best = copy.best(copy.propose(m, f.side), m).actions[0]
                if isinstance(best, ZoneMove):
                    assert copy._charge_danger(q, f, best.path[-1]) < here
                    seen += 1
    assert seen > 0


def test_a_charge_is_weighed_by_the_chance_to_get_round_the_obstacle():
    """A target in the Forest keeps its thicket between itself and a charger, who
    rolls 3d6 against its adjusted DX less the thicket's size to reach it; in the open
    Meadow there is nothing to get round."""
    m = open_match("open_field", 0)
    look = m.state.clone()
    look.figures["elsa"].zone = "Forest"
    q = ZoneQueries(look)
    h = HardZoneTactician(0, CHARGES)
    vex, elsa, bran = (look.figures[k] for k in ("vex", "elsa", "bran"))
    assert bran.zone == "Meadow" and h._round(q, vex, bran) == 1.0
    ob = q.obstacle_for(vex, elsa)
    assert ob is not None
    dx = q.adjusted_dx_total(vex) - ob[1]
    throws = [a + b + c for a in range(1, 7) for b in range(1, 7) for c in range(1, 7)]
    assert h._round(q, vex, elsa) == sum(t <= dx for t in throws) / 216
    assert 0 < h._round(q, vex, elsa) < 1


def test_the_wardens_copy_wins_more_than_normal_on_the_same_seeds():
    """A small sample (docs/balance/strengths.md has 200 held-out games: 136 won where the
    normal wardens won 88)."""
    seeds = range(3000, 3040)
    tuned = tuned_wins("open_field", "wardens", seeds, True)
    assert tuned >= tuned_wins("open_field", "wardens", seeds, False) + 5
