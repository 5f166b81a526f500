"""The hard player's search (issue 19): it spends its look-ahead on the decisions the
dice decide, and leaves the normal player's choice only for a gain beyond the dice."""

from __future__ import annotations

from game.ai import computer_player
from game.ai.levels import HARD_MARGIN, PASSED_UP, HardPlayer, better
from game.ai.search import Slots, rolls, slot_seed
from game.headless import play_game
from game.rules import open_match
from game.rules.squads.flood.actions import Charge, Run, Shoot
from tests.ai.played import QuietSearches


def test_hard_leaves_the_normal_choice_only_for_a_gain_beyond_the_dice():
    """A challenger is played only if its mean gain over the normal choice on the same
    dice is over the margin and over HARD_Z standard errors of the paired gains."""
    normal = [0.0, 10.0, -5.0, 3.0]
    assert better([normal, [x + 2 * HARD_MARGIN for x in normal]]) == 1  # sure gain
    assert better([normal, [x + HARD_MARGIN / 2 for x in normal]]) == 0  # under margin
    lucky = [100.0, 10.0, -5.0, 3.0]  # one lucky roll: a big mean, a big spread
    assert better([normal, lucky]) == 0
    base = [float(k % 5) - 1.7 for k in range(16)]
    for d in (0.3, 2.5, 7.25, 200.0):  # a gain on a single seed alone: t is exactly 1
        assert better([base, [x + (d if k == 3 else 0.0) for k, x in enumerate(base)]]) == 0
    twice = [x + (200.0 if k in (3, 9) else 0.0) for k, x in enumerate(base)]
    assert better([base, twice]) == 1  # two seeds of 16 agreeing: t about 1.46
    assert better([normal, [x - 3 for x in normal], [x + 3 for x in normal]]) == 2
    assert better([normal]) == 0


def test_hard_searches_only_where_the_dice_decide_now():
    m = open_match("farmhouse", 1)
    side = m.to_act()
    assert side is not None
    calm = [a for a in m.legal_actions()
            if not rolls(m, side, [a], 1, 2)]
    assert calm  # opening moves roll nothing
    assert not rolls(m, side, calm[:3], 1, 2)


def test_hard_spends_its_look_ahead_on_the_decisions_the_dice_decide():
    """On the Farmhouse the goblins' hard player searches only where its normal choice
    rolls dice (a fraction of its decisions), and plays a whole legal game."""
    m = open_match("farmhouse", 0)
    hard = HardPlayer("tft-zones", 0, nodes=240)
    players = {s: hard if s == "goblins" else computer_player("tft-zones", 0)
               for s in m.sides}
    play_game(m, players)
    assert m.outcome() is not None
    assert 0 < hard.searched < hard.decisions / 2
    assert hard.switched <= hard.searched


def test_hard_look_ahead_rolls_the_same_faces_in_the_same_slot_for_every_candidate():
    """Common random numbers that stay common: a slot's dice depend on the sample, the
    turn, the side and its action count only, not on how many dice were rolled before
    (two candidates that rolled differently still share the next slot's luck)."""
    m = open_match("farmhouse", 2)
    side = m.to_act()
    assert side is not None
    a, b = Slots(7), Slots(7)
    sim_a, sim_b = m.clone(seed=1), m.clone(seed=2)
    sim_b.dice.faces(5)  # one candidate rolled more dice than the other
    a.reseed(sim_a, side)
    b.reseed(sim_b, side)
    assert sim_a.dice.faces(6) == sim_b.dice.faces(6)
    a.reseed(sim_a, side)  # the side's next action: another slot, other faces
    assert a.counts[side] == 2
    assert slot_seed(7, m.turn, 0, 0) != slot_seed(7, m.turn, 0, 1)
    assert slot_seed(7, m.turn, 0, 0) != slot_seed(7, m.turn, 1, 0)
    assert slot_seed(7, m.turn, 0, 0) != slot_seed(8, m.turn, 0, 0)


def test_hard_searches_a_shot_or_charge_the_sewer_squads_passed_up():
    """In the sewer flood's shooting and assault phases (PASSED_UP) a normal choice that
    rolls nothing is searched when a challenger rolls: the charge or the shot the squad
    player passed up; in the other rulesets it is not."""
    assert PASSED_UP == {"flood": ("shooting", "assault")}
    m = open_match("charges_in_the_nest", 2000)
    hard = QuietSearches("flood", 2000, nodes=150)
    players = {s: hard if s == "troopers" else computer_player("flood", 2000)
               for s in m.sides}
    play_game(m, players)
    assert hard.quiet
    for seen, cands in hard.quiet:
        assert seen.phase in PASSED_UP["flood"]
        assert any(isinstance(a, Charge | Shoot | Run) for a in cands[1:])
    zones = QuietSearches("tft-zones", 0, nodes=120)
    f = open_match("farmhouse", 0)
    play_game(f, {s: zones if s == "goblins" else computer_player("tft-zones", 0)
                  for s in f.sides})
    assert zones.searched and not zones.quiet
