"""Tabletop Hero rules one by one (K-1..K-11, G-1..G-3, G-7, G-8), with scripted dice."""

from __future__ import annotations

from pathlib import Path

import pytest
from herotable import M, P, ellipse, line, play, rect, scenario, state, table

from game.boards.tiled import load_map
from game.core.dice import Dice
from game.core.errors import ScenarioError
from game.core.events import Kind
from game.core.match import Match
from game.core.places import LoadedMap
from game.rules import get_ruleset, open_match
from game.rules.check_map import check_map
from game.rules.hero import combat
from game.rules.hero.actions import (
    Attack,
    BuildArmy,
    Deploy,
    EndTurn,
    Heal,
    Move,
    TakeArmy,
    Throw,
)
from game.rules.hero.balance import balance
from game.rules.hero.data import MiniSpec, load_data, why_not_spec
from game.rules.hero.moves import budget, plan_move
from game.rules.hero.sight import level_of, sight
from game.rules.hero.terrain import terrain_of

ROOT = Path(__file__).resolve().parents[2]
MAPS = ROOT / "maps"
W = load_data().weapons


# ============================================================================ K-1
def test_k1_the_unit_is_the_maps_and_the_shipped_tables_are_in_inches():
    for name, size in (("backyard", (44, 30)), ("ruined_village", (48, 36))):
        t = load_map(MAPS / f"{name}.tmx", "table").board
        assert t.unit == "inch" and (t.width, t.height) == size


# ============================================================================ K-2
def test_k2_gear_points_a_mini_5_the_hero_10_and_heavy_armour_for_the_hero_only():
    ok = MiniSpec("Pyle", armour="light", weapons=("medium", "melee", "explosive",
                                                   "explosive"))
    assert ok.cost() == 5 and why_not_spec(ok) is None
    dear = MiniSpec("Pyle", armour="medium", weapons=("heavy", "melee"))
    assert "costs 6 points; a mini may carry 5 (K-2)" in why_not_spec(dear)
    hero = MiniSpec("Cap", hero=True, armour="heavy", weapons=("heavy", "light", "melee",
                                                               "explosive", "explosive"))
    assert hero.cost() == 10 and why_not_spec(hero) is None
    assert "only wearable by the hero" in why_not_spec(MiniSpec("Tex", armour="heavy"))
    assert "same weapon twice" in why_not_spec(MiniSpec("Tex", weapons=("medium", "medium")))
    assert why_not_spec(MiniSpec("Doc", weapons=("light",), medkits=1)) is None
    assert "costs 8" in why_not_spec(MiniSpec("Doc", medkits=2))


def test_k2_an_army_sheet_has_the_scenarios_size_and_one_hero():
    m = open_match("backyard", 1)
    size = len(m.state.options["_ready"]["green"])
    minis = tuple(MiniSpec(f"M{k}", hero=k == 0, weapons=("medium",)).as_tuple()
                  for k in range(size))
    assert m.why_illegal(BuildArmy("green", minis)) is None
    assert "5 minis" in m.why_illegal(BuildArmy("green", minis[:-1]))
    two = tuple(MiniSpec(f"M{k}", hero=k < 2).as_tuple() for k in range(size))
    assert "exactly one hero" in m.why_illegal(BuildArmy("green", two))
    assert "Green Army's turn" in m.why_illegal(BuildArmy("tan", minis))
    m.apply(BuildArmy("green", minis))
    m.apply(TakeArmy("tan"))
    assert m.phase == "deploy"
    assert {x.name for x in m.state.side_minis("green")} == {f"M{k}" for k in range(size)}


def test_k2_ready_armies_of_unequal_size_are_refused_by_name():
    st_table = table(30, 20)
    scen = scenario(st_table, {"armies": {"a": ["hero_a", "mini_a"], "b": ["hero_b"]}})
    with pytest.raises(ScenarioError, match="different sizes"):
        get_ruleset("hero").setup(scen, LoadedMap(Path("t.tmx"), "table", st_table, ()),
                                  Dice(0))


# ============================================================================ K-3
def _armies(seed=0, dice=None):
    t = table(40, 30)
    scen = scenario(t)
    m: Match = Match(scen, get_ruleset("hero"), LoadedMap(Path("t.tmx"), "table", t, ()),
                     seed, dice=dice)
    m.apply(TakeArmy("a"))
    return m


def test_k3_roll_for_first_the_last_to_deploy_plays_first():
    m = _armies(dice=Dice.scripted([3, 3, 2, 5]))  # a tie, then a 2 and b 5
    m.apply(TakeArmy("b"))
    st = m.state
    assert st.deploy_rolls == {"a": 2, "b": 5}
    assert st.deploy_order == ["b", "a"] and st.play_order == ["a", "b"]
    assert m.to_act() == "b" and m.phase == "deploy"
    assert sum(1 for e in m.log if e.kind == Kind.INITIATIVE) == 5  # 4 rolls and the tie


def test_k3_deploy_at_an_edge_near_a_team_mate_out_of_enemy_range():
    m = _armies(dice=Dice.scripted([6, 1]))
    m.apply(TakeArmy("b"))  # a deploys first
    hero_a, mini_a = "hero-a", "mini-a"
    assert "at an edge" in m.why_illegal(Deploy(hero_a, P(20, 15)))
    m.apply(Deploy(hero_a, P(20, 1)))
    assert m.state.deploy_edge["a"] == "north"
    assert "at the north edge" in m.why_illegal(Deploy(mini_a, P(20, 28)))
    assert "within 5 units of a team mate" in m.why_illegal(Deploy(mini_a, P(30, 1)))
    m.apply(Deploy(mini_a, P(25, 2)))
    # b: out of range of the mediums (8) of a's minis
    assert m.to_act() == "b"
    assert "within range of" in m.why_illegal(Deploy("hero-b", P(33, 1)))
    assert m.why_illegal(Deploy("hero-b", P(20, 29))) is None
    m.apply(Deploy("hero-b", P(20, 29)))
    m.apply(Deploy("mini-b", P(23, 29)))
    assert m.phase == "play" and m.to_act() == "b"  # the last to deploy plays first
    assert m.turn == 1


def test_k3_a_battlefield_too_small_drops_the_range_rule_and_says_so():
    """K-3 (seed 003): "may not be placed within the firing range of the enemy. If this
    is impossible, the battlefield is too small." Read: the game is still played, that
    condition dropped for the mini that cannot meet it, and the players are told (the
    deployment line and the log)."""
    t = table(9, 8)
    scen = scenario(t)
    m: Match = Match(scen, get_ruleset("hero"), LoadedMap(Path("t.tmx"), "table", t, ()),
                     0, dice=Dice.scripted([6, 1]))
    m.apply(TakeArmy("a"))
    m.apply(TakeArmy("b"))  # a deploys first
    m.apply(Deploy("hero-a", P(4.5, 1)))
    m.apply(Deploy("mini-a", P(6, 1)))
    q = m.ruleset.queries(m.state)
    assert q.range_waived("hero-b")  # every spot of the table is within 8 units
    assert m.why_illegal(Deploy("hero-b", P(4.5, 7))) is None
    ev = m.apply(Deploy("hero-b", P(4.5, 7)))
    assert "too small" in ev[0].text and "(K-3)" in ev[0].text
    from game.ui.controllers.hero import HeroController
    assert "too small" in HeroController(m).phase_line()


def test_k3_no_attacks_in_the_first_turn():
    st = state(table(30, 20), M("A", "a", (5, 10), hero=True), M("B", "b", (10, 10),
                                                                   hero=True), turn=1)
    m = play(st)
    assert "no attacks in the first turn (K-3)" in m.why_illegal(Attack("a", "b", "medium"))
    assert not any(isinstance(a, Attack) for a in m.legal_actions())


# ============================================================================ K-4
def test_k4_moves_cost_distance_severe_double_and_a_mini_without_action_moves_double():
    rough = rect(10, 0, 14, 20, "rough", "Mud")
    st = state(table(40, 20, rough), M("A", "a", (5, 10), hero=True),
               M("B", "b", (38, 18), hero=True))
    a = st.minis["a"]
    assert budget(a) == 1600  # 8, twice over: it has not acted
    p = plan_move(st, a, P(16, 10))
    assert p.ok and p.severe == 400 and p.cost == 1100 + 400  # 11 + the 4 of mud again
    st.minis["a"].abilities = ("unimpeded",)
    assert plan_move(st, st.minis["a"], P(16, 10)).cost == 1100  # G-7 Unimpeded
    m = play(st)
    st.minis["a"].abilities = ()
    m.apply(Move("a", P(16, 10)))
    assert st.minis["a"].moved == 1500 and budget(st.minis["a"]) == 100
    assert "takes no action this turn (K-4)" in m.why_illegal(Attack("a", "b", "medium"))


def test_k4_after_its_action_a_mini_has_only_its_move_left():
    st = state(table(40, 20), M("A", "a", (5, 10), hero=True),
               M("B", "b", (10, 10), hero=True))
    m = play(st, Dice.scripted([1, 1, 6]))
    m.apply(Move("a", P(6, 10)))
    m.apply(Attack("a", "b", "medium"))
    a = st.minis["a"]
    assert a.acted and budget(a) == 800 - 100
    assert "needs" in m.why_illegal(Move("a", P(6, 18.5)))


def test_k4_armour_slows_impassable_blocks_and_climbing_a_ladder_costs_double():
    shed = rect(10, 5, 16, 15, "building", "Shed", ht=3,
                traits="blocking, impassable, hard cover, vantage")
    ladder = rect(9.4, 9, 10.6, 10, "ladder", "Ladder")
    st = state(table(40, 20, shed, ladder),
               M("A", "a", (8, 9.5), hero=True, armour="light"),
               M("B", "b", (38, 18), hero=True))
    a = st.minis["a"]
    assert budget(a) == 1200  # 8 - 2, twice
    blocked = plan_move(st, a, P(12, 7))
    assert not blocked.ok and "Shed" in blocked.reason and blocked.blocked_at is not None
    up = plan_move(st, a, P(12, 9.5))
    assert up.ok and up.z_end == 3 and up.climb == 600 and up.cost == 400 + 600


def test_g2_a_linear_obstacle_costs_1_to_go_through_and_nobody_ends_on_it():
    fence = line((10, 0), (10, 20), kind="fence", name="Fence")
    st = state(table(40, 20, fence), M("A", "a", (5, 10), hero=True),
               M("B", "b", (38, 18), hero=True))
    a = st.minis["a"]
    through = plan_move(st, a, P(13, 10))
    assert through.ok and through.lines == 1 and through.cost == 800 + 100
    on = plan_move(st, a, P(10.3, 10))
    assert not on.ok and "linear obstacle" in on.reason


# ============================================================================ K-5
def test_k5_higher_attack_roll_hits_damage_less_absorb_ties_to_the_defender():
    st = state(table(30, 20), M("A", "a", (5, 10), hero=True),
               M("B", "b", (10, 10), hero=True, armour="light"))
    m = play(st, Dice.scripted([5, 4, 3, 3, 5]))  # 9 vs 6: a hit; 5 damage - 1 absorbed
    m.apply(Attack("a", "b", "medium"))
    assert st.minis["b"].hp == 6 - 4
    st2 = state(table(30, 20), M("A", "a", (5, 10), hero=True),
                M("B", "b", (10, 10), hero=True, armour="light"))
    m2 = play(st2, Dice.scripted([4, 3, 5, 2]))  # 7 vs 7: the defender's
    m2.apply(Attack("a", "b", "medium"))
    assert st2.minis["b"].hp == 6


def test_k5_melee_ignores_armour_absorb():
    st = state(table(30, 20), M("A", "a", (5, 10), hero=True, weapons=("melee",)),
               M("B", "b", (6.2, 10), hero=True, armour="medium"))
    m = play(st, Dice.scripted([6, 5, 1, 1, 4]))
    m.apply(Attack("a", "b", "melee"))
    assert st.minis["b"].hp == 2  # all 4: medium armour's 2 ignored
    far = state(table(30, 20), M("A", "a", (5, 10), hero=True, weapons=("melee",)),
                M("B", "b", (8, 10), hero=True))
    assert "out of the melee weapon's range 1" in play(far).why_illegal(
        Attack("a", "b", "melee"))


def test_k5_the_exact_odds_are_the_dice_contest():
    st = state(table(30, 20), M("A", "a", (5, 10), hero=True),
               M("B", "b", (10, 10), hero=True, armour="none"))
    o = combat.attack_odds(st, st.minis["a"], st.minis["b"], W["medium"])
    # 2d6 against 1d6, ties to the defender
    wins = sum(1 for a1 in range(1, 7) for a2 in range(1, 7) for d in range(1, 7)
               if a1 + a2 > d or a1 + a2 == 12)
    assert o.p_hit == pytest.approx(wins / 216)
    assert o.p_crit == pytest.approx(1 / 36)
    assert sum(o.damage.values()) == pytest.approx(1.0)
    assert o.damage[0] == pytest.approx(1 - wins / 216)


# ============================================================================ K-9
def test_k9_unconscious_at_0_bleeds_cannot_act_and_dies_at_minus_2():
    st = state(table(30, 20), M("A", "a", (5, 10), hero=True, hp=1),
               M("B", "b", (10, 10), hero=True), M("C", "a", (5, 14)), active="b")
    m = play(st, Dice.scripted([6, 6, 1, 1]))
    m.apply(Attack("b", "a", "medium"))  # a critical: 6 damage
    a = st.minis["a"]
    assert a.hp == -2 and a.status == "dead"
    st2 = state(table(30, 20), M("A", "a", (5, 10), hero=True, hp=0),
                M("B", "b", (10, 10), hero=True), M("C", "a", (5, 14)), active="b")
    m2 = play(st2)
    assert combat.absorb_of(st2.minis["a"], W["medium"]) == 0  # no Absorb unconscious
    m2.apply(EndTurn("b"))
    a2 = st2.minis["a"]
    assert a2.hp == -1 and a2.down_at_start
    assert "unconscious" in m2.why_illegal(Move("a", P(6, 10)))
    m2.apply(EndTurn("a"))
    m2.apply(EndTurn("b"))
    assert st2.minis["a"].hp == -2 and not st2.minis["a"].alive


# ============================================================================ K-10
def test_k10_the_side_whose_hero_dies_loses():
    st = state(table(30, 20), M("A", "a", (5, 10), hero=True),
               M("B", "b", (10, 10), hero=True, hp=1), M("C", "b", (14, 10)))
    m = play(st, Dice.scripted([6, 6, 1, 1]))
    m.apply(Attack("a", "b", "medium"))
    o = m.outcome()
    assert o is not None and o.winner == "a" and "K-10" in o.reason
    assert m.to_act() is None and m.legal_actions() == []


def test_k10_both_heroes_dead_is_a_draw():
    st = state(table(40, 20), M("A", "a", (5, 10), hero=True, hp=1,
                                weapons=("explosive",)),
               M("B", "b", (10, 10), hero=True, hp=1), M("C", "b", (30, 10)),
               options={"blast_push": 0})
    st.minis["a"].at = P(9, 14)
    m = play(st, Dice.scripted([6, 1]))  # a critical throw: 6 to everyone in 5 units
    m.apply(Throw("a", "b"))
    o = m.outcome()
    assert o is not None and o.winner is None


# ============================================================================ K-11
def test_k11_the_light_gun_fires_twice_with_damage_halved_rounded_up():
    st = state(table(30, 20), M("A", "a", (5, 10), hero=True, weapons=("light",)),
               M("B", "b", (10, 10), hero=True))
    m = play(st, Dice.scripted([5, 5, 2, 5, 4, 4, 1, 3]))
    m.apply(Attack("a", "b", "light"))
    shots = [e for e in m.log if e.kind == Kind.ATTACKED]
    assert len(shots) == 2
    assert st.minis["b"].hp == 6 - 3 - 2  # 5 halved up = 3; 3 halved up = 2


def test_k11_the_sniper_needs_10_units_and_no_move():
    st = state(table(40, 20), M("A", "a", (5, 10), hero=True, weapons=("sniper",)),
               M("B", "b", (12, 10), hero=True), M("C", "b", (25, 16)))
    m = play(st)
    assert "out of the sniper rifle's range 10-26" in m.why_illegal(Attack("a", "b", "sniper"))
    assert m.why_illegal(Attack("a", "c", "sniper")) is None
    m.apply(Move("a", P(5, 11)))
    assert "cannot fire after its mini moved" in m.why_illegal(Attack("a", "c", "sniper"))


def test_k11_a_sniper_that_has_fired_does_not_move_this_turn():
    """K-11 (seed 003): the sniper "Cannot attack if mini moves this turn": the turn it
    fires, its mini stays where it is, after the shot as before it."""
    st = state(table(40, 20), M("A", "a", (5, 10), hero=True, weapons=("sniper",)),
               M("C", "b", (25, 16), hero=True), M("D", "b", (35, 2)))
    m = play(st, Dice.scripted([1, 1, 1]))  # a 1 against 1, 1: a miss
    m.apply(Attack("a", "c", "sniper"))
    assert st.minis["a"].acted and budget(st.minis["a"]) == 0
    why = m.why_illegal(Move("a", P(8, 10)))
    assert why is not None and "sniper rifle" in why and "K-11" in why
    assert not any(isinstance(x, Move) and x.figure == "a" for x in m.legal_actions())


def test_k11_a_medkit_heals_4_on_3_or_more_and_is_used_up():
    st = state(table(30, 20), M("Doc", "a", (5, 10), hero=True, medkits=1, weapons=()),
               M("Hurt", "a", (6.2, 10), hp=1), M("B", "b", (25, 10), hero=True))
    m = play(st, Dice.scripted([2]))
    m.apply(Heal("doc", "hurt"))
    assert st.minis["hurt"].hp == 1 and st.minis["doc"].medkits == 1  # a 2 fails
    st2 = state(table(30, 20), M("Doc", "a", (5, 10), hero=True, medkits=1, weapons=()),
                M("Hurt", "a", (6.2, 10), hp=-1), M("B", "b", (25, 10), hero=True))
    m2 = play(st2, Dice.scripted([3]))
    assert combat.heal_chance() == pytest.approx(4 / 6)
    m2.apply(Heal("doc", "hurt"))
    assert st2.minis["hurt"].hp == 3 and st2.minis["doc"].medkits == 0
    assert "has no medkit" in get_ruleset("hero").queries(st2).why_not_heal(
        "doc", "hurt")


# ============================================================================ K-8, G-1, G-3
def test_k8_levels_by_visible_fraction():
    assert [level_of(f) for f in (1.0, 0.75, 0.6, 0.5, 0.4, 0.35, 0.3, 0.25, 0.0)] == [
        "open", "open", "covered", "covered", "covered", "concealed", "concealed", "hidden",
        "hidden"]


def test_k8_concealed_only_a_critical_hits():
    st = state(table(30, 20), M("A", "a", (2, 10), hero=True),
               M("B", "b", (12, 10), hero=True))
    s = sight(st, st.minis["a"], st.minis["b"])
    from dataclasses import replace
    concealed = replace(s, fraction=0.35, level="concealed")
    att, dfn = combat.contestants(st.minis["a"], st.minis["b"], W["medium"], concealed)
    crit = combat.k8_critical(concealed, W["medium"])
    assert crit == "first_max_only" and not dfn.modifiers  # no sentinel defence number
    from game.core import odds
    p, _, _ = odds.contest_probabilities(att, dfn, mode="higher", ties="second",
                                         critical=crit)
    assert p == pytest.approx(1 / 36)
    from game.core.dice import Dice
    c = Dice.scripted([6, 5, 1, 1]).contest(att, dfn, rule="K-5", label="x", mode="higher",
                                             ties="second", critical=crit)
    assert c.winner == 1 and c.scores[0] > c.scores[1]  # 11 beats 2, but is no critical
    c = Dice.scripted([6, 6, 6, 6]).contest(att, dfn, rule="K-5", label="x", mode="higher",
                                             ties="second", critical=crit)
    assert c.winner == 0 and c.critical


def test_g1_blocking_terrain_blocks_sight_of_minis_no_taller_and_dense_is_seen_into():
    crates = rect(8, 5, 9, 15, "obstacle", "Crates", ht=2)
    st = state(table(30, 20, crates), M("A", "a", (2, 10), hero=True),
               M("B", "b", (14, 10), hero=True))
    assert sight(st, st.minis["a"], st.minis["b"]).level == "hidden"
    st.minis["a"].ht = 3
    st.minis["b"].ht = 3
    s = sight(st, st.minis["a"], st.minis["b"])
    assert 0 < s.fraction < 1  # taller minis see over a Ht 2 block, in part
    forest = rect(10, 5, 16, 15, "forest", "Wood", ht=3)
    st2 = state(table(30, 20, forest), M("A", "a", (2, 10), hero=True),
                M("In", "b", (13, 10), hero=True), M("Beyond", "b", (20, 10)))
    into = sight(st2, st2.minis["a"], st2.minis["in"])
    beyond = sight(st2, st2.minis["a"], st2.minis["beyond"])
    assert into.level == "open" and into.cover == "soft"  # seen into; soft cover (G-3)
    assert beyond.level == "hidden"  # not through
    out = sight(st2, st2.minis["in"], st2.minis["a"])
    assert out.level == "open"  # from inside, the wood is ignored


def test_g3_hard_cover_makes_attack_and_damage_rolls_worse():
    wall = line((9.0, 0), (9.0, 20), kind="wall", name="Wall")
    st = state(table(30, 20, wall), M("A", "a", (2, 10), hero=True),
               M("B", "b", (10, 10), hero=True))
    o = combat.attack_odds(st, st.minis["a"], st.minis["b"], W["medium"])
    assert o.sight.cover == "hard" and o.worse_attack and o.worse_damage
    assert (o.attack.n, o.attack.keep_lowest) == (3, 2)
    m = play(st, Dice.scripted([6, 6, 5, 1, 6, 2]))  # 3 dice keep 11 vs 1; damage 6,2 -> 2
    m.apply(Attack("a", "b", "medium"))
    dmg = next(e for e in m.log if e.kind == "damage_roll")
    assert dmg.roll.expr == "2d6 keep lowest 1" and dmg.roll.total == 2
    assert st.minis["b"].hp == 4


def test_g1_hazardous_terrain_hurts_once_per_turn_rolled_by_the_opponent():
    pool = ellipse(12, 10, 3, 3, "caustic_pool", "Pool")
    st = state(table(40, 20, pool), M("A", "a", (5, 10), hero=True),
               M("B", "b", (38, 18), hero=True))
    m = play(st, Dice.scripted([5]))  # severe: 4 damage
    m.apply(Move("a", P(12, 10)))
    roll = next(e for e in m.log if e.rule == "G-1" and e.roll is not None)
    assert "Side B roll Pool's hazard on A" in roll.roll.label
    assert st.minis["a"].hp == 2
    m.apply(Move("a", P(13, 10)))  # still in it: not again this turn
    assert st.minis["a"].hp == 2


# ============================================================================ G-7
def test_g7_incorporeal_passes_walls_and_falls_if_it_ends_lower():
    roof = rect(0, 0, 6, 20, "vantage", "Roof", ht=4, traits="vantage, impassable")
    wall = rect(10, 0, 11, 20, "building", "Wall", ht=5)
    st = state(table(40, 20, roof, wall),
               M("Wisp", "a", (5, 10), z=4, hero=True, abilities=("incorporeal",)),
               M("B", "b", (38, 18), hero=True))
    p = plan_move(st, st.minis["wisp"], P(13, 10))
    assert p.ok and p.z_end == 0 and [(f.drop, f.damage) for f in p.falls] == [(4, 4)]
    assert p.cost == 800  # through the wall: horizontal only


def test_g7_other_minis_ignore_an_incorporeal_mini_while_moving():
    """G-7 (seed 004) Incorporeal: "This model ignores, and is ignored by, other models and
    terrain during any movement or push": a mini walks through it (but does not end on
    it); a mini that is not incorporeal still stops one."""
    st = state(table(30, 10), M("A", "a", (5, 5), hero=True),
               M("Wisp", "b", (8, 5), hero=True, abilities=("incorporeal",)),
               M("Rock", "b", (8, 8)))
    a = st.minis["a"]
    p = plan_move(st, a, P(11, 5))
    assert p.ok and p.cost == 600
    assert not plan_move(st, a, P(8.5, 5)).ok  # no ending on top of it
    st.minis["wisp"].abilities = ()
    assert "Wisp is in the way" in plan_move(st, a, P(11, 5)).reason


def test_g7_a_flyer_cannot_end_inside_an_enclosed_piece():
    hall = rect(10, 5, 16, 15, "ruin", "Hall")
    st = state(table(40, 20, hall), M("Bird", "a", (5, 10), hero=True,
                                      abilities=("flight",)),
               M("B", "b", (38, 18), hero=True))
    p = plan_move(st, st.minis["bird"], P(13, 10))
    assert not p.ok and "enclosed (G-1)" in p.reason


def test_g1_an_enclosed_piece_is_entered_by_its_door_only():
    hall = rect(10, 5, 16, 15, "ruin", "Hall")
    door = rect(9.4, 9, 10.6, 11, "door", "Door")
    st = state(table(40, 20, hall, door), M("A", "a", (8, 10), hero=True),
               M("B", "b", (38, 18), hero=True))
    assert plan_move(st, st.minis["a"], P(13, 10)).ok
    wall = plan_move(st, st.minis["a"], P(13, 13))
    assert not wall.ok and "door" in wall.reason


# ============================================================================ G-2
def test_g2_kinds_give_their_traits_and_the_map_may_change_them():
    t = table(30, 20, rect(1, 1, 5, 5, "forest", "Wood"),
              rect(6, 1, 9, 4, "obstacle", "Crates", traits="soft cover"))
    terrain = terrain_of(t)
    wood, crates = terrain.features
    assert wood.ht == 5 and wood.traits == {"dense", "severe", "soft_cover"}
    assert crates.ht == 5 and crates.traits == {"soft_cover"}
    assert crates.stops_pushes  # the obstacle kind's column
    bad = terrain_of(table(30, 20, rect(1, 1, 5, 5, "castle")))
    assert "kind 'castle'" in bad.problems[0]


def test_g2_deployment_only_where_the_kind_allows():
    t = table(40, 30, rect(10, 0, 14, 4, "obstacle", "Crates"),
              rect(20, 0, 26, 4, "deep_water", "Pond"))
    scen = scenario(t)
    m: Match = Match(scen, get_ruleset("hero"), LoadedMap(Path("t.tmx"), "table", t, ()), 0,
                     dice=Dice.scripted([6, 1]))
    m.apply(TakeArmy("a"))
    m.apply(TakeArmy("b"))
    assert "Crates" in m.why_illegal(Deploy("hero-a", P(12, 2)))
    assert "Pond is not eligible for deployment (G-2)" in m.why_illegal(
        Deploy("hero-a", P(23, 2)))


# ============================================================================ G-8
def test_g8_the_shipped_tables_are_balanced():
    for name in ("backyard", "ruined_village"):
        b = balance(terrain_of(load_map(MAPS / f"{name}.tmx", "table").board))
        assert b.balanced, b.lines()
        assert 0.33 <= b.coverage <= 0.5 and not b.symmetric


def test_g8_sparse_and_symmetric_tables_are_not(tmp_path):
    sparse = table(40, 30, rect(2, 2, 6, 6, "obstacle"))
    b = balance(terrain_of(sparse))
    assert not b.balanced and any("add terrain" in a for a in b.advice)
    mirror = table(40, 30, rect(2, 2, 12, 28, "forest"), rect(28, 2, 38, 28, "forest"),
                   rect(17, 2, 23, 28, "obstacle"))
    b = balance(terrain_of(mirror))
    assert b.symmetric and any("symmetric" in a for a in b.advice)


def test_g8_check_map_exit_codes(tmp_path):
    lines: list[str] = []
    assert check_map(str(MAPS / "backyard.tmx"), lines.append) == 0
    assert "balanced (G-8)" in lines[0]
    bad = tmp_path / "bad.tmx"
    bad.write_text("<map>", encoding="utf-8")
    out: list[str] = []
    assert check_map(str(bad), out.append, out.append) == 2
    assert out[0].startswith("error: bad.tmx")
    text = (MAPS / "backyard.tmx").read_text(encoding="utf-8")
    start = text.index('  <object id="2"')
    sparse = text[:start] + text[text.index(" </objectgroup>"):]
    p = tmp_path / "sparse.tmx"
    p.write_text(sparse, encoding="utf-8")
    assert check_map(str(p), out.append) == 1
    import subprocess
    import sys
    runs = [subprocess.run([sys.executable, str(ROOT / "main.py"), "--check-map", str(f)],
                           capture_output=True, text=True, cwd=ROOT).returncode
            for f in (MAPS / "backyard.tmx", p, bad)]
    assert runs == [0, 1, 2]

