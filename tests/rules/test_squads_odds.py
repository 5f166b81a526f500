"""Exact casualty odds of an attack (S-2..S-5): against a brute-force enumeration of every
face of every die for small cases, and against seeded games of dice for bigger ones."""

import itertools
import math
from fractions import Fraction

import pytest

from game.core.dice import Dice
from game.rules.squads.basics import (
    armour_save,
    close_combat_line,
    hit_line,
    shooting_line,
    to_wound,
)
from game.rules.squads.casualties import (
    casualty_odds,
    expected_casualties,
    p_unsaved_wound,
    toughness_of,
)
from game.rules.squads.combat import resolve_attacks
from game.rules.squads.units import Model, Unit


def brute_force(lines, targets):
    """Every attack throws a to-hit die (unless it hits with no roll), a to-wound die and
    a save die; enumerate all of their faces. A wounding attack goes to the first model
    still standing, which saves with that attack's save die against its own save."""
    toughness = toughness_of(targets)
    attacks = [line for line in lines for _ in range(line.attacks)]
    dice_each = [3 if line.hit_on is not None else 2 for line in attacks]
    out = {}
    for faces in itertools.product(range(1, 7), repeat=sum(dice_each)):
        left = [m.wounds for m in targets]
        dead, at = 0, 0
        for line, n in zip(attacks, dice_each, strict=True):
            fs = faces[at:at + n]
            at += n
            hit = line.hit_on is None or fs[0] >= line.hit_on
            need = to_wound(line.strength, toughness)
            if not hit or need is None or fs[-2] < need or dead == len(targets):
                continue
            save = armour_save(targets[dead].stats.sv, line.ap, line.no_save)
            if save is not None and fs[-1] >= save:
                continue
            left[dead] -= 1
            if left[dead] == 0:
                dead += 1
        out[dead] = out.get(dead, 0) + 1
    total = 6 ** sum(dice_each)
    return {k: Fraction(v, total) for k, v in out.items()}


def model(mid, profile, wounds=None):
    m = Model.new(mid, profile)
    if wounds is not None:
        m.wounds = wounds
    return m


def test_s5_one_shot_at_a_trooper_is_a_sixth():
    """S-2 (BS 3: 4+), S-4 (S3 vs T3: 4+), S-5 (5+ save fails 2 in 3): 1/2 * 1/2 * 2/3."""
    t = model("t", "trooper")
    line = shooting_line(model("s", "trooper"), "rifle", 20, moved=False)
    assert casualty_odds([line], [t]) == {0: Fraction(5, 6), 1: Fraction(1, 6)}
    assert p_unsaved_wound(line, 3, 5) == Fraction(1, 6)
    assert expected_casualties([line], [t]) == Fraction(1, 6)


@pytest.mark.parametrize("case", [
    "two rifle shots at two troopers",
    "two heavy pistol shots at a wounded-first pair",
    "two spine gun shots at mixed saves",
    "a template on two swarm creatures",
    "two lines of different AP",
    "blows at a two-wound model",
])
def test_s2_s3_s4_s5_casualty_odds_match_a_brute_force_enumeration(case):
    trooper, rider = model("s", "trooper"), model("r", "scout_rider")
    lines, targets = {
        "two rifle shots at two troopers": (
            [shooting_line(trooper, "rifle", 10, moved=False)],
            [model("a", "trooper"), model("b", "trooper")]),
        "two heavy pistol shots at a wounded-first pair": (
            [shooting_line(rider, "heavy_pistol", 5, moved=True)] * 2,
            [model("a", "brood_leader", wounds=1), model("b", "brood_leader")]),
        "two spine gun shots at mixed saves": (
            [shooting_line(model("g", "swarm"), "spine_gun", 5, moved=True)] * 2,
            [model("a", "gun_drone"), model("b", "trooper")]),
        "a template on two swarm creatures": (
            [shooting_line(model("f", "flamer_trooper"), "flamer", 5, moved=True,
                           under_template=3)],
            [model("a", "swarm"), model("b", "swarm")]),
        "two lines of different AP": (
            [shooting_line(rider, "heavy_pistol", 5, moved=True),
             shooting_line(rider, "bike_guns", 20, moved=False)],
            [model("a", "scout_rider"), model("b", "scout_rider")]),
        "blows at a two-wound model": (
            [close_combat_line(model("b", "brood"), 7, charging=False)],
            [model("a", "brood_leader", wounds=2), model("c", "trooper")]),
    }[case]
    got = casualty_odds(lines, targets)
    assert got == brute_force(lines, targets)
    assert sum(got.values()) == 1


def test_s5_a_three_wound_model_takes_three_unsaved_wounds_to_fall():
    leader = model("b", "brood_leader")  # W 3, T 5
    line = hit_line("x", "x", 3, 6, rule="S-2", no_save=True)  # S6 vs T5: 3+
    assert casualty_odds([line], [leader]) == {0: 1 - Fraction(8, 27), 1: Fraction(8, 27)}
    leader.wounds = 1  # wounded: one more wound fells it
    assert casualty_odds([line], [leader]) == {0: Fraction(1, 27), 1: Fraction(26, 27)}


def test_s4_no_effect_hits_never_cause_casualties():
    line = hit_line("flood", "the flood", 5, 1, rule="HOUSE-F6", no_save=True)
    assert casualty_odds([line], [model("r", "scout_rider")]) == {0: 1}


def test_no_targets_no_casualties():
    line = hit_line("x", "x", 3, 4, rule="S-2")
    dead = model("t", "trooper", wounds=0)
    assert casualty_odds([line], [dead]) == {0: 1}


def test_s2_s3_s4_s5_seeded_dice_agree_with_the_exact_odds():
    """3000 volleys of a trooper squad (2 rifles rapid-firing, the sergeant's pistol) at
    four swarm creatures, rolled by resolve_attacks: each casualty count's frequency is
    within 4 standard errors of its exact chance."""
    dice, trials = Dice(2024), 3000
    counts = {}
    shooters = [model("t1", "trooper"), model("t2", "trooper"), model("s", "sergeant")]
    lines = [shooting_line(shooters[0], "rifle", 10, moved=False),
             shooting_line(shooters[1], "rifle", 10, moved=False),
             shooting_line(shooters[2], "pistol", 10, moved=False)]
    exact = None
    for _ in range(trials):
        swarm = Unit("g", "Swarm", "red", [model(f"g{i}", "swarm") for i in range(4)])
        r = resolve_attacks(lines, swarm.allocation_order(), dice)
        exact = exact or r.odds
        assert r.odds == exact  # worked out before rolling, the same every time
        counts[len(r.casualties)] = counts.get(len(r.casualties), 0) + 1
    assert exact == casualty_odds(lines, Unit("g", "S", "red", [
        model(f"g{i}", "swarm") for i in range(4)]).allocation_order())
    for k, p in exact.items():
        p = float(p)
        se = math.sqrt(p * (1 - p) / trials)
        assert abs(counts.get(k, 0) / trials - p) <= 4 * se + 1e-9, (k, p, counts)


def test_s3_seeded_close_combat_agrees_with_the_exact_odds():
    """A charging brood creature's blows (WS 6 vs 3: 3+, S4 vs T3: 3+, 5+ save) at two
    troopers, 3000 times."""
    dice, trials = Dice(7), 3000
    line = close_combat_line(model("b", "brood"), 3, charging=True)
    counts = {}
    for _ in range(trials):
        r = resolve_attacks([line], [model("a", "trooper"), model("c", "trooper")], dice)
        counts[len(r.casualties)] = counts.get(len(r.casualties), 0) + 1
    for k, p in casualty_odds([line], [model("a", "trooper"), model("c", "trooper")]).items():
        se = math.sqrt(float(p) * (1 - float(p)) / trials)
        assert abs(counts.get(k, 0) / trials - float(p)) <= 4 * se + 1e-9
