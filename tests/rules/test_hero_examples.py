"""Tabletop Hero: the worked examples of the rule texts (K-6, K-7, K-8, G-4, G-5, G-6,
G-7), each with scripted dice."""

from __future__ import annotations

import math

import pytest
from herotable import M, P, line, play, rect, state, table

from game.core.dice import Dice
from game.core.events import Kind
from game.rules.hero import pushes
from game.rules.hero.actions import Attack, Drop, Move, Throw
from game.rules.hero.events import HeroKind
from game.rules.hero.moves import allowance, plan_move
from game.rules.hero.sight import sight
from game.rules.hero.terrain import falling_damage


# ============================================================================ G-5
def test_g5_falling_off_a_ht_4_cliff_deals_4_and_from_ht_6_onto_ht_3_deals_3():
    assert falling_damage(4) == 4
    assert falling_damage(6 - 3) == 3
    assert falling_damage(2) == 0 and falling_damage(1) == 0
    assert falling_damage(2.5) == 3  # 1 per unit "or fraction thereof"


def test_g5_walking_off_a_ht_4_cliff_in_play():
    cliff = rect(5, 5, 15, 15, "vantage", "Cliff", ht=4, traits="vantage, impassable")
    st = state(table(30, 20, cliff), M("Bob", "a", (13, 10), z=4, hero=True),
               M("Foe", "b", (28, 2), hero=True))
    m = play(st)
    plan = plan_move(st, st.minis["bob"], P(17, 10))
    assert plan.ok and [(f.drop, f.damage) for f in plan.falls] == [(4, 4)]
    assert plan.cost == 400  # the drop costs no movement
    m.apply(Move("bob", P(17, 10)))
    bob = st.minis["bob"]
    assert bob.z == 0 and bob.hp == 2
    assert [e.kind for e in m.log if e.kind in (Kind.FELL, Kind.DAMAGED)] == [Kind.FELL,
                                                                               Kind.DAMAGED]


def test_g1_a_mini_may_fall_down_a_climbable_cliff_for_no_movement():
    """G-1 (seed 004): "To get down a climbable terrain, you can also fall, which will
    not cost movement but may induce the model to be damaged." With 2 units left on a Ht 3
    climbable cliff, climbing down costs 6 (refused, saying it may fall); falling costs
    the walk only and deals 3 (G-5: over 2 units, 1 a unit)."""
    cliff = rect(5, 5, 15, 15, "vantage", "Cliff", ht=3,
                 traits="vantage, impassable, climbable")
    st = state(table(30, 20, cliff), M("Bob", "a", (14, 10), z=3, hero=True),
               M("Foe", "b", (28, 2), hero=True))
    bob = st.minis["bob"]
    bob.moved = 1400  # 2 units left of 16 (no action yet: twice 8)
    m = play(st)
    climb = m.why_illegal(Move("bob", P(15.8, 10)))
    assert climb is not None and "needs 7.8 units" in climb and "fall" in climb
    assert m.why_illegal(Drop("bob", P(15.8, 10))) is None
    plan = plan_move(st, bob, P(15.8, 10), fall=True)
    assert plan.cost == 180 and [(f.drop, f.damage) for f in plan.falls] == [(3, 3)]
    m.apply(Drop("bob", P(15.8, 10)))
    assert bob.z == 0 and bob.hp == 3 and bob.moved == 1580
    assert any(e.kind == Kind.FELL and "G-5" in e.text for e in m.log)
    # a Drop is saved and read back as itself
    from game.rules.hero.actions import ACTIONS
    assert ACTIONS.from_json(Drop("bob", P(1, 2)).to_json()) == Drop("bob", P(1, 2))


def test_g5_from_a_ht_6_roof_onto_a_ht_3_roof():
    high = rect(0, 0, 10, 10, "vantage", "High roof", ht=6, traits="vantage, impassable")
    low = rect(10, 0, 20, 10, "vantage", "Low roof", ht=3, traits="vantage, impassable")
    st = state(table(30, 20, high, low), M("Bob", "a", (5, 5), z=6, hero=True),
               M("Foe", "b", (28, 18), hero=True))
    plan = plan_move(st, st.minis["bob"], P(15, 5))
    assert plan.ok and plan.z_end == 3
    assert [(f.drop, f.damage) for f in plan.falls] == [(3, 3)]


# ============================================================================ G-7
def test_g7_the_wk_6_flyer_reaches_the_ht_5_roof_3_units_away_with_1_left():
    a = rect(0, 0, 6, 6, "vantage", "Ht 3 roof", ht=3, traits="vantage, impassable")
    b = rect(7, 0, 13, 6, "vantage", "Ht 5 roof", ht=5, traits="vantage, impassable")
    st = state(table(30, 20, a, b),
               M("Flyer", "a", (5, 3), z=3, armour="light", abilities=("flight",), hero=True),
               M("Foe", "b", (28, 18), hero=True))
    flyer = st.minis["flyer"]
    assert allowance(flyer) == 600  # Wk 6: 8 less light armour's 2 (K-4)
    plan = plan_move(st, flyer, P(8, 3))
    assert plan.ok and plan.z_end == 5
    assert plan.cost == 500  # 3 horizontal + 2 up
    assert allowance(flyer) - plan.cost == 100  # 1 unit left of its Wk 6
    assert "G-7" in plan.rules and not plan.falls
    # flying down again is free of falls and costs no height
    down = plan_move(st, flyer, P(8, 12))
    assert down.ok and down.z_end == 0 and not down.falls
    assert down.cost == round(math.dist((5, 3), (8, 12)) * 100)


# ============================================================================ K-6
def test_k6_the_maximum_roll_hits_deals_maximum_damage_and_ignores_armour():
    st = state(table(30, 20), M("Gunner", "a", (2, 10), hero=True, weapons=("medium",)),
               M("Tank", "b", (8, 10), hero=True, armour="heavy"))
    m = play(st, Dice.scripted([6, 6, 6, 6]))  # attack 6+6, defence 6+6: a tie, but...
    m.apply(Attack("gunner", "tank", "medium"))
    c = next(e.roll for e in m.log if e.kind == Kind.ATTACKED)
    assert c.winner == 0 and c.critical and c.scores == (12, 12)
    tank = st.minis["tank"]
    assert tank.hp == 0 and tank.status == "unconscious"  # 6 - 6: heavy armour's 3 ignored
    assert any(e.kind == "critical" and e.rule == "K-6" for e in m.log)


def test_k6_a_sniper_critical_deals_2d6_maximum():
    st = state(table(40, 20), M("Sniper", "a", (2, 10), hero=True, weapons=("sniper",)),
               M("Tank", "b", (20, 10), hero=True, armour="medium"))
    m = play(st, Dice.scripted([6, 1, 1]))
    m.apply(Attack("sniper", "tank", "sniper"))
    assert st.minis["tank"].hp == 6 - 12 or not st.minis["tank"].alive
    assert st.minis["tank"].status == "dead"


# ============================================================================ K-7
def _bomb(options=None):
    st = state(table(40, 20), M("Thrower", "a", (2, 10), hero=True,
                                weapons=("explosive", "explosive")),
               M("Target", "b", (10, 10), hero=True),
               M("Near", "b", (12, 10)),
               M("Friend", "a", (10, 13.5)), options=options or {"blast_push": 0})
    return st


@pytest.mark.parametrize("face", [1, 6])
def test_k7_a_miss_with_a_1_or_6_lands_on_target_for_half_damage(face):
    st = _bomb()
    m = play(st, Dice.scripted([1, 6, face, 5]))  # 1 vs 6: a miss; direction; damage 5
    m.apply(Throw("thrower", "target"))
    assert st.minis["thrower"].explosives == 1  # consumed
    assert not any(e.kind == "bounced" for e in m.log)
    half = 3  # 5 halved, rounded up
    assert st.minis["target"].hp == 6 - half
    assert st.minis["near"].hp == 6 - half  # either side within 5 units
    assert st.minis["friend"].hp == 6 - half
    assert st.minis["thrower"].hp == 6


@pytest.mark.parametrize(("face", "where"), [(2, (14, 10)), (3, (10, 6)), (4, (10, 14)),
                                             (5, (6, 10))])
def test_k7_otherwise_it_bounces_half_the_thrown_distance_sideways(face, where):
    st = _bomb()
    m = play(st, Dice.scripted([1, 6, face, 4]))
    m.apply(Throw("thrower", "target"))
    b = next(e for e in m.log if e.kind == "bounced")
    assert b.places[0] == P(10, 10)
    x, y = b.places[-1].units
    assert math.dist((x, y), where) < 0.02  # 8 thrown, 4 bounced (long, left, right, short)
    boom = next(e for e in m.log if e.kind == "exploded")
    assert math.dist(boom.places[0].units, where) < 0.02
    hit = {n for n in ("target", "near", "friend", "thrower")
           if st.minis[n].hp < 6}
    expected = {n for n in ("target", "near", "friend", "thrower")
                if math.dist(st.minis[n].xy, where) - 0.5 <= 5}
    assert hit == expected and all(st.minis[n].hp == 2 for n in hit)


def test_k7_a_hit_lands_on_target_and_explosives_arc_only_over_half_their_range():
    wall = rect(5, 0, 6, 20, "building", "Tower", ht=6)
    st = state(table(40, 20, wall), M("Thrower", "a", (2, 10), hero=True,
                                      weapons=("explosive",)),
               M("Target", "b", (10, 10), hero=True))
    m = play(st)
    why = m.why_illegal(Throw("thrower", "target"))
    assert why is not None and "too high to throw over" in why and "K-7" in why
    st.board.pieces  # noqa: B018
    low = state(table(40, 20, rect(5, 0, 6, 20, "obstacle", "Crates", ht=5)),
                M("Thrower", "a", (2, 10), hero=True, weapons=("explosive",)),
                M("Target", "b", (10, 10), hero=True), options={"blast_push": 0})
    m2 = play(low, Dice.scripted([5, 2, 4]))  # a hit, then 4 damage
    assert m2.why_illegal(Throw("thrower", "target")) is None  # Ht 5 = half of range 10
    m2.apply(Throw("thrower", "target"))
    assert low.minis["target"].hp == 2


# ============================================================================ K-8
def test_k8_a_target_behind_a_fence_50_percent_visible_is_covered():
    fence = line((9.0, 5), (9.0, 15), kind="fence", name="Fence")
    st = state(table(30, 20, fence), M("Shooter", "a", (2, 10), hero=True),
               M("Target", "b", (10, 10), hero=True))
    s = sight(st, st.minis["shooter"], st.minis["target"])
    # the Ht 1 fence 7/8 of the way hides what is below 2 - 1 / (7/8) of the Ht 2 target
    assert s.fraction == pytest.approx(4 / 7, abs=0.02)
    assert s.level == "covered" and s.cover == "soft" and s.cover_by == ("Fence",)
    # the K-8 +2 and the G-3 worse attack are in the odds the player sees
    from game.rules.hero.combat import attack_odds
    from game.rules.hero.data import load_data
    o = attack_odds(st, st.minis["shooter"], st.minis["target"], load_data().weapons["medium"])
    assert [mod.value for mod in o.defence.modifiers] == [2]
    assert o.worse_attack and not o.worse_damage and o.attack.keep_lowest == 2


def test_k8_a_target_two_thirds_behind_a_post_is_measured_to_the_exact_area():
    """K-8 (seed 003): "Concealed if it is 30% visible": a target two thirds behind a
    post is a third visible, Concealed, not 40 % (five columns of rays said Covered)."""
    # the post's corner (9, y1) throws its shadow on the target's middle line (x 10) at
    # 10 + (y1 - 10) 8 / 7: put it two thirds of the way across the base (9.5 to 10.5)
    y1 = 10 + (2 / 3 - 0.5) * 7 / 8
    post = rect(9.0, 7.0, 9.2, y1, "obstacle", "Post")
    st = state(table(30, 20, post), M("Shooter", "a", (2, 10), hero=True),
               M("Target", "b", (10, 10), hero=True))
    s = sight(st, st.minis["shooter"], st.minis["target"])
    assert s.fraction == pytest.approx(1 / 3, abs=0.02)
    assert s.level == "concealed"
    # the odds the player reads and the computer weighs use the same figure
    from game.rules.hero.combat import attack_odds
    from game.rules.hero.data import load_data
    from game.rules.hero.queries import HeroQueries
    o = attack_odds(st, st.minis["shooter"], st.minis["target"], load_data().weapons["medium"])
    assert o.p_hit == pytest.approx(o.p_crit) and o.sight == s  # Concealed: criticals only
    assert HeroQueries(st).sight("shooter", "target").fraction == s.fraction


def test_k8_a_tall_target_behind_a_ht_13_wall_is_36_percent_visible_not_hidden():
    """K-8: a Ht 20 target behind a Ht 13 wall, seen by a Ht 20 mini: each column's rays
    are stopped below 20 - 7 / t, t = 0.965 along the line, so 36.3 % shows: Concealed
    (four rows of rays said 25 %, Hidden)."""
    wall = line((19.3, 5), (19.3, 15), kind="wall", name="Wall", ht=13)
    st = state(table(30, 20, wall), M("Shooter", "a", (0.5, 10), hero=True, ht=20),
               M("Target", "b", (20, 10), hero=True, ht=20))
    s = sight(st, st.minis["shooter"], st.minis["target"])
    t = (19.3 - 0.5) / (20 - 0.5)
    exact = (20 - (20 - 7 / t)) / 20
    assert s.fraction == pytest.approx(exact, abs=0.02)
    assert s.level == "concealed" and s.targetable


@pytest.mark.parametrize("kind", ["trees", "obstacle", "building"])
def test_g2_g3_a_target_half_behind_a_tall_blocking_piece_has_hard_cover(kind):
    """G-2 (seed 004): trees "are impassable but provide hard cover to the models hidden
    by them"; obstacles "block movement and provide cover to the models behind them";
    G-3: cover when a line to the target crosses cover terrain within 1" of it. A
    target half behind a Ht 5 piece is Covered (K-8) and in hard cover: worse attack and
    damage rolls."""
    piece = rect(9.0, 6.0, 9.4, 10.0, kind, "Big one")  # its edge on the line of fire
    st = state(table(30, 20, piece), M("Shooter", "a", (2, 10), hero=True),
               M("Target", "b", (10, 10), hero=True))
    s = sight(st, st.minis["shooter"], st.minis["target"])
    assert s.fraction == pytest.approx(0.5, abs=0.02) and s.level == "covered"
    assert s.cover == "hard" and s.cover_by == ("Big one",)
    from game.rules.hero.combat import attack_odds
    from game.rules.hero.data import load_data
    o = attack_odds(st, st.minis["shooter"], st.minis["target"], load_data().weapons["medium"])
    assert o.worse_attack and o.worse_damage
    # more than 1 unit from the target it hides as much but gives no cover
    far = rect(7.0, 6.0, 7.4, 10.0, kind, "Big one")
    st2 = state(table(30, 20, far), M("Shooter", "a", (2, 10), hero=True),
                M("Target", "b", (10, 10), hero=True))
    s2 = sight(st2, st2.minis["shooter"], st2.minis["target"])
    assert s2.level == "covered" and s2.cover == "none"


# ============================================================================ G-6
def test_g6_a_push_stops_in_base_contact_with_a_wall():
    crates = rect(7, 0, 9, 20, "obstacle", "Crates")
    st = state(table(30, 20, crates), M("Pushed", "a", (5, 5), hero=True),
               M("Foe", "b", (28, 18), hero=True))
    ev = pushes.push(st, st.minis["pushed"], (1, 0), 3, Dice(0), "a test")
    x, y = st.minis["pushed"].xy
    assert 6.47 <= x <= 6.5 and y == 5  # its base touches the crates
    assert [e.kind for e in ev] == [Kind.RETREATED, "stopped"]
    assert "base contact with Crates" in ev[-1].text


def test_g6_pushed_off_a_ledge_it_falls_then_continues_the_rest_of_the_push():
    roof = rect(0, 0, 6, 20, "vantage", "Roof", ht=4, traits="vantage, impassable")
    st = state(table(30, 20, roof), M("Pushed", "a", (5, 5), z=4, hero=True),
               M("Foe", "b", (28, 18), hero=True))
    ev = pushes.push(st, st.minis["pushed"], (1, 0), 4, Dice(0), "a test")
    p = st.minis["pushed"]
    assert p.z == 0 and p.hp == 2  # fell 4: 4 damage
    assert [e.kind for e in ev] == [Kind.RETREATED, Kind.FELL, Kind.DAMAGED, Kind.RETREATED]
    x, _ = p.xy
    assert 8.97 <= x <= 9.01  # the whole 4 units: 1 to the ledge, 3 on below


def test_g6_a_push_does_not_end_on_a_linear_obstacle_and_another_mini_stops_it():
    fence = line((7, 0), (7, 20), kind="fence", name="Fence")
    st = state(table(30, 20, fence), M("Pushed", "a", (5, 5), hero=True),
               M("Wall of flesh", "b", (5, 9), hero=True))
    pushes.push(st, st.minis["pushed"], (1, 0), 1.5, Dice(0), "a test")
    x, _ = st.minis["pushed"].xy
    assert 5.97 <= x <= 6.0 + 0.01  # stopped before the fence's 1-unit band
    st.minis["wall-of-flesh"].at = P(x, 9)
    pushes.push(st, st.minis["pushed"], (0, 1), 5, Dice(0), "a test")
    _, y = st.minis["pushed"].xy
    assert 7.97 <= y <= 8.0  # in base contact with the other mini


def test_g6_a_push_stopped_before_barbed_wire_takes_no_hazard_damage():
    """G-6, G-2 (seed 004): "A model cannot finish its movement or push on a linear
    obstacle. It stops before it if it does not have any movement to go through (and does
    not take damage if the linear obstacle was hazardous)"; one pushed right through it
    does enter it (G-1)."""
    wire = line((10, 0), (10, 10), kind="barbed_wire", name="Wire")
    st = state(table(20, 10, wire), M("Pushed", "a", (8, 5), hero=True),
               M("Foe", "b", (2, 2), hero=True))
    ev = pushes.push(st, st.minis["pushed"], (1, 0), 2, Dice.scripted([6]), "a test")
    p = st.minis["pushed"]
    x, _ = p.xy
    assert 8.97 <= x <= 9.01 and p.hp == 6  # stopped before the wire's band, unhurt
    assert not any(e.rule == "G-1" for e in ev)
    ev = pushes.push(st, p, (1, 0), 3, Dice.scripted([6]), "a test")
    assert p.xy[0] > 11 and p.hp == 2  # through it: a severe hazard, 4 damage
    assert any(e.rule == "G-1" for e in ev)


# ============================================================================ G-4
def test_g4_a_model_on_a_vantage_point_sees_over_lower_models():
    roof = rect(0, 0, 4, 20, "vantage", "Roof", ht=3, traits="vantage, impassable")
    st = state(table(30, 20, roof), M("Lookout", "a", (3.5, 10), z=3, hero=True),
               M("Grunt", "a", (5, 10)), M("Screen", "b", (8, 10)),
               M("Target", "b", (12, 10), hero=True))
    high = sight(st, st.minis["lookout"], st.minis["target"])
    low = sight(st, st.minis["grunt"], st.minis["target"])
    assert high.diagonal and high.fraction == 1.0 and high.level == "open"
    assert not low.diagonal and low.fraction < 0.3 and low.level == "hidden"
    assert "Screen" in low.blocked_by


def test_g4_a_model_back_from_its_ledge_cannot_see_the_foot_of_the_wall():
    roof = rect(0, 0, 10, 20, "vantage", "Roof", ht=5,
                traits="vantage, impassable, blocking")
    st = state(table(30, 20, roof), M("Lookout", "a", (2, 10), z=5, hero=True),
               M("Target", "b", (10.6, 10), hero=True))
    s = sight(st, st.minis["lookout"], st.minis["target"])
    assert s.diagonal and s.level == "hidden" and "Roof" in s.blocked_by
    st.minis["lookout"].at = P(9, 10)  # within its Ht (2) of the ledge: ignores it
    near = sight(st, st.minis["lookout"], st.minis["target"])
    assert near.level == "open"


@pytest.mark.parametrize(("ht", "level"), [(3, "open"), (5, "open"), (8, "hidden")])
def test_g4_both_on_vantage_points_of_the_same_height_draw_line_of_sight_normally(ht, level):
    """G-4 (seed 004): "If the acting model and the target model are both on vantage
    point terrain with the same Height, LoS is drawn normally." Read: normally (not
    diagonally) from the level they stand on: a house no higher than their Ht 5 roofs
    does not come between them; a Ht 8 tower rising 3 above them (more than their Ht 2)
    does."""
    a = rect(0, 0, 4, 20, "vantage", "West roof", ht=5, traits="vantage, impassable")
    b = rect(14, 0, 18, 20, "vantage", "East roof", ht=5, traits="vantage, impassable")
    mid = rect(8, 0, 10, 20, "building", "Barn", ht=ht)
    st = state(table(30, 20, a, b, mid), M("West", "a", (3, 10), z=5, hero=True),
               M("East", "b", (15, 10), z=5, hero=True))
    s = sight(st, st.minis["west"], st.minis["east"])
    assert not s.diagonal and s.level == level
    assert ("Barn" in s.blocked_by) == (level == "hidden")



@pytest.mark.parametrize("hp", [3, 4, 5])
def test_g5_k9_stepping_off_a_ht_4_roof_into_a_knockout_fall_is_allowed(hp):
    """G-5, K-9: a fall of 4 deals 4 (seed 004); a mini with 3 or 4 HP may still step
    off the Ht 4 roof: it falls and lies unconscious at the foot (its base clear of the
    roof), its move ended there; with 5 HP it walks on to where it was going."""
    roof = rect(5, 5, 15, 15, "vantage", "High", ht=4, traits="vantage, impassable")
    st = state(table(30, 20, roof), M("Bob", "a", (14, 10), z=4, hero=True, hp=hp),
               M("Foe", "b", (28, 2), hero=True))
    m = play(st)
    assert m.why_illegal(Move("bob", P(18, 10))) is None
    m.apply(Move("bob", P(18, 10)))
    bob = st.minis["bob"]
    assert bob.z == 0 and bob.hp == hp - 4
    x, y = bob.xy
    if hp - 4 <= 0:
        assert not bob.conscious and 15.45 <= x <= 15.55 and y == 10  # at the foot
        assert any(e.kind == HeroKind.STOPPED for e in m.log)
    else:
        assert (x, y) == (18, 10)


def test_g4_k11_a_melee_blow_does_not_reach_more_than_its_range_up_or_down():
    """G-4: "Range is not affected by the vantage point, and is therefore checked in the
    normal top down manner." Read for melee (K-11 range "1", base contact): a blade's
    reach is physical, so it reaches 1 unit up or down too; the refusal says so."""
    roof = rect(0, 0, 10, 20, "vantage", "Roof", ht=2, traits="vantage, impassable")
    st = state(table(30, 20, roof), M("Up", "a", (9.5, 10), z=2, hero=True,
                                      weapons=("melee",)),
               M("Down", "b", (10.6, 10), hero=True))
    m = play(st)
    why = m.why_illegal(Attack("up", "down", "melee"))
    assert why is not None and "2 units below" in why and "reading of K-11 and G-4" in why
    st.minis["up"].z, st.minis["up"].at = 0, P(11.6, 11)  # on the ground beside it
    assert m.why_illegal(Attack("up", "down", "melee")) is None
