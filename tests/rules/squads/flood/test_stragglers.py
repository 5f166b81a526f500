"""Stragglers and scattered units after the flood (F-8) and the ways through or into the
enemy (F-9), with the dice forced."""

from __future__ import annotations

from sewers import cross, fig, match, squad

from game.core.dice import Dice
from game.core.places import Point
from game.rules.squads.flood.actions import (
    Charge,
    Done,
    EndPhase,
    Move,
    Rejoin,
    Run,
    Shoot,
)
from game.rules.squads.flood.events import FloodKind
from game.rules.squads.flood.phases import FloodPhase


def to_phase(m, phase):
    while m.phase != phase:
        m.apply(EndPhase(m.to_act()))


def straggling_alpha(*extra, dice=None, seed=0):
    """Alpha: three troopers in a chain at the west of Main and a fourth 5 inches east."""
    figs = [*squad("troopers", "alpha", 2, 12, 3), fig("troopers", "trooper", "alpha", 9, 12),
            *extra]
    if not any(f.side == "swarm" for f in figs):
        figs.append(fig("swarm", "brood", "brood", 18, 22))
    return match(cross(grate=False), *figs, dice=dice, seed=seed)


def test_f8_a_model_out_of_coherency_must_use_its_move_to_rejoin():
    m = straggling_alpha()
    q = m.ruleset.queries(m.state)
    assert q.stragglers("alpha") == ["alpha-4"] and q.is_straggler("alpha-4")
    assert "must rejoin" in m.why_illegal(Move("alpha", "alpha-4", Point.of(10, 12)))
    events = m.apply(Rejoin("alpha", "alpha-4"))
    assert events[-1].kind == FloodKind.REJOINED
    assert m.ruleset.queries(m.state).stragglers("alpha") == []
    assert m.state.model("alpha-4").x < 9


def test_f8_a_straggler_that_was_not_asked_rejoins_when_its_unit_finishes():
    m = straggling_alpha()
    m.apply(Done("alpha"))
    assert m.ruleset.queries(m.state).stragglers("alpha") == []


def test_f8_stragglers_only_run_in_the_shooting_phase_and_never_charge():
    m = straggling_alpha(fig("swarm", "swarm", "gun", 14, 12))
    q = m.ruleset.queries(m.state)
    m.apply(Move("alpha", "alpha-1", Point.of(2.0, 13.0)))  # the chain stays where it is
    m.apply(EndPhase("troopers")) if False else None
    # the straggler rejoins only at the end of the phase: it still counts as one
    to_phase(m, FloodPhase.SHOOTING)
    q = m.ruleset.queries(m.state)
    assert q.is_straggler("alpha-4")
    lines = q.shot_odds("alpha", "gun").lines
    assert all(line.attacker != "alpha-4" for line in lines)
    assert m.why_illegal(Run("alpha")) is None


def test_f8_a_scattered_unit_is_marked_and_may_only_rejoin_run_and_fight():
    figs = [fig("troopers", "trooper", "bits", 2, 12), fig("troopers", "trooper", "bits", 8, 12),
            fig("troopers", "trooper", "bits", 18, 4), fig("swarm", "swarm", "gun", 12, 12)]
    m = match(cross(grate=False), *figs)
    q = m.ruleset.queries(m.state)
    assert q.is_scattered("bits")
    assert any(p.ring == "scattered" for p in m.pieces() if p.id.startswith("bits"))
    main = [mid for mid in ("bits-1", "bits-2", "bits-3") if mid not in q.stragglers("bits")]
    assert len(main) == 1
    assert "scattered" in m.why_illegal(Move("bits", main[0], Point.of(3, 12)))
    to_phase(m, FloodPhase.SHOOTING)
    assert "scattered" in m.why_illegal(Shoot("bits", "gun"))
    assert m.why_illegal(Run("bits")) is None
    to_phase(m, FloodPhase.ASSAULT)
    assert "scattered" in m.why_illegal(Charge("bits", "gun"))


def test_f8_stragglers_never_charge():
    figs = [fig("troopers", "trooper", "pair", 2, 12), fig("troopers", "trooper", "pair", 3.2, 12),
            fig("troopers", "trooper", "pair", 10, 12), fig("swarm", "swarm", "gun", 14, 12)]
    m = match(cross(grate=False), *figs)
    # the chain (2 of 3) is not scattered; only the straggler is near enough to charge
    q = m.ruleset.queries(m.state)
    assert not q.is_scattered("pair") and q.is_straggler("pair-3")
    m.state.straggling.discard("pair-3")  # it would otherwise rejoin at the phase's end
    to_phase(m, FloodPhase.ASSAULT)
    m.state.straggling.add("pair-3")
    m.state.touch()
    assert "within 6 inches" in m.why_illegal(Charge("pair", "gun"))


def scattered_swarm(at=7.0):
    """Three swarm creatures far apart (scattered); one stands across Main at ``at``."""
    return [fig("swarm", "swarm", "swarm", at, 12), fig("swarm", "swarm", "swarm", 18, 2),
            fig("swarm", "swarm", "swarm", 18, 22)]


def test_f9_through_a_scattered_enemy_at_full_move_then_a_round_with_everyone_engaged():
    m = straggling_alpha(*scattered_swarm(7.0), seed=3)
    q = m.ruleset.queries(m.state)
    assert q.is_scattered("swarm")
    plan = q.rejoin_plan("alpha-4")
    assert plan.kind == "through" and plan.enemy == "swarm"
    events = m.apply(Rejoin("alpha", "alpha-4"))
    assert events[-1].kind == FloodKind.THROUGH
    assert m.state.model("alpha-4").x < 7.0  # it went through to the west side
    events = m.apply(Done("alpha"))
    assert any(e.kind == FloodKind.FIGHT and e.rule == "F-9" for e in events)
    assert m.state.engagements == []  # one round, no lock


def test_f9_a_model_not_clear_of_the_enemy_by_the_end_of_the_shooting_phase_dies():
    m = straggling_alpha(*scattered_swarm(7.0), seed=3)
    m.apply(Rejoin("alpha", "alpha-4"))
    m.dice = Dice.scripted([1] * 40, then_seed=4)  # the round hurts nobody
    to_phase(m, FloodPhase.ASSAULT)
    me = m.state.model("alpha-4")
    enemy = m.state.model("swarm-1")
    near = ((me.x - enemy.x) ** 2 + (me.y - enemy.y) ** 2) ** 0.5 - 0.98 < 1.0
    assert me.alive != (near and enemy.alive)
    assert any(e.kind == FloodKind.DIED_IN_THE_PRESS for e in m.log) == (near and enemy.alive)


def test_f9_into_an_enemy_not_scattered_as_if_charged_locked_then_a_second_round_and_free():
    brood = [fig("swarm", "brood", "brood", 7.0, 11.2), fig("swarm", "brood", "brood", 7.0, 12.8)]
    m = straggling_alpha(*brood, seed=6)
    q = m.ruleset.queries(m.state)
    assert not q.is_scattered("brood")
    plan = q.rejoin_plan("alpha-4")
    assert plan.kind == "into" and plan.contact
    m.apply(Rejoin("alpha", "alpha-4"))
    m.dice = Dice.scripted([1] * 60, then_seed=5)  # every blow misses
    events = m.apply(Done("alpha"))
    assert any("+1 on the charge" in e.text for e in events)  # the brood counts as charging
    assert [e.kind for e in m.state.engagements] == ["f9"]
    assert q.locked("alpha-4") or m.ruleset.queries(m.state).locked("alpha-4")
    to_phase(m, FloodPhase.ASSAULT)
    m.apply(EndPhase("troopers"))  # not fought again in its own turn
    assert m.state.engagements and m.to_act() == "swarm"
    assert "locked" in m.why_illegal(Move("brood", "brood-1", Point.of(8, 12)))
    to_phase(m, FloodPhase.ASSAULT)
    events = m.apply(EndPhase("swarm"))
    assert any(e.kind == FloodKind.BROKE_OFF for e in events)
    assert m.state.engagements == []


def test_s7_coherency_links_join_the_models_within_2_inches_each_pair_once():
    # a chain of three 1.2 inches apart, a fourth 2.98 inches past the third's edge
    figs = [*squad("troopers", "alpha", 2, 12, 3), fig("troopers", "trooper", "alpha", 7.38, 12),
            fig("swarm", "brood", "brood", 18, 22)]
    m = match(cross(grate=False), *figs)
    q = m.ruleset.queries(m.state)
    # edge to edge: 1.2 - 0.98 apart in the chain (and 2.4 - 0.98 across it), the fourth
    # 2.0 from the third (in touch at exactly 2 inches), 3.2 from the second
    assert q.coherency_links("alpha") == [("alpha-1", "alpha-2"), ("alpha-1", "alpha-3"),
                                          ("alpha-2", "alpha-3"), ("alpha-3", "alpha-4")]
    m.apply(Move("alpha", "alpha-4", Point.of(7.0, 12)))  # nearer: still the one link
    assert ("alpha-3", "alpha-4") in m.ruleset.queries(m.state).coherency_links("alpha")
    assert q.coherency_links("brood") == []
