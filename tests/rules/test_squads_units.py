"""Models and units (S-1) as JSON values, and unit coherency (S-7)."""

import json
from fractions import Fraction

import pytest

from game.core.places import Point
from game.rules.squads import coherency
from game.rules.squads.coherency import (
    coherency_groups,
    in_coherency,
    main_group,
    out_of_coherency,
)
from game.rules.squads.units import Model, Unit, majority


def line_of(xs, profile="trooper", leader_at=None):
    """A unit of models standing along y = 0 at the given x (inches)."""
    models = [Model.new(f"m{i}", profile, x, 0.0) for i, x in enumerate(xs)]
    return Unit("u", "Squad", "blue", models,
                None if leader_at is None else f"m{leader_at}")


# ============================================================================ S-1 values
def test_s1_a_new_model_takes_its_profile():
    m = Model.new("t1", "sergeant", 1.234, 5.678)
    assert (m.name, m.wounds, m.weapons, m.radius) == ("Sergeant", 1, ("pistol", "blade"), 0.49)
    assert (m.x, m.y) == (1.23, 5.68) and m.place == Point(123, 568)
    assert m.stats.a == 2 and m.alive and not m.wounded
    assert [w.key for w in m.guns()] == ["pistol"] and m.close_combat_weapon().key == "blade"
    m.move_to(2.25, 3.3333)
    assert (m.x, m.y) == (2.25, 3.33)


def test_s1_unknown_profiles_and_weapons_name_the_known_ones():
    with pytest.raises(KeyError, match="no profile 'marine'.*trooper"):
        Model.new("x", "marine")
    with pytest.raises(KeyError, match="no weapon 'bolter'.*rifle"):
        Model.new("x", "trooper", weapons=["bolter"])


def test_s1_units_round_trip_through_json_and_hash_the_same():
    u = line_of([0, 1.5, 3.25], leader_at=2)
    u.models[0].wounds = 0
    text = json.dumps(u.to_json(), sort_keys=True)
    back = Unit.from_json(json.loads(text))
    assert back == u and json.dumps(back.to_json(), sort_keys=True) == text
    assert [m.id for m in back.survivors] == ["m1", "m2"] and back.leader_model().id == "m2"
    c = u.copy()
    c.models[1].wounds = 0
    assert u.models[1].wounds == 1


@pytest.mark.parametrize("change, message", [
    (lambda d: d["models"][0].update(profile="marine"), "no profile 'marine'"),
    (lambda d: d["models"][0].update(wounds=2), "wounds 2"),
    (lambda d: d["models"][0].update(x=1.5), "'x' must be a int"),
    (lambda d: d["models"][0].update(weapons=["bolter"]), "no weapon 'bolter'"),
    (lambda d: d.update(leader="nobody"), "leader 'nobody' is not one of its models"),
    (lambda d: d.update(models="none"), "'models' must be a list"),
])
def test_s1_a_corrupt_unit_is_refused_naming_the_field(change, message):
    d = json.loads(json.dumps(line_of([0, 2]).to_json()))
    change(d)
    with pytest.raises(ValueError, match=message):
        Unit.from_json(d)


def test_a_unit_holds_each_model_id_once():
    m = Model.new("a", "trooper")
    with pytest.raises(ValueError, match="two models with one id"):
        Unit("u", "U", "blue", [m, Model.new("a", "trooper")])


def test_s3_s4_majority_takes_the_most_common_value_the_higher_on_a_tie():
    assert majority([3, 3, 4]) == 3 and majority([3, 4]) == 4 and majority([5]) == 5
    with pytest.raises(ValueError):
        majority([])


# ============================================================================ S-7
def test_s7_coherency_is_two_inches_edge_to_edge():
    """25 mm bases (radius 0.49 inch): centres 2.98 apart leave 2.0 between the bases."""
    assert in_coherency(line_of([0, 2.98]))
    assert not in_coherency(line_of([0, 3.0]))
    a, b = line_of([0, 3.0]).models
    assert coherency.gap(a, b) == pytest.approx(2.02)
    overlap = line_of([0, 0.5]).models
    assert coherency.gap(*overlap) == 0.0


def test_s7_coherency_is_a_chain_not_a_circle():
    u = line_of([0, 2.9, 5.8, 8.7])  # each within 2 of the next, the ends 8.7 apart
    assert in_coherency(u) and len(coherency_groups(u.models)) == 1


def test_s7_a_lone_model_is_always_in_coherency():
    assert in_coherency(line_of([0]))
    assert coherency.coherent_fraction(line_of([0])) == 1


def test_s7_coherency_groups_and_the_main_group():
    u = line_of([0, 2.5, 20, 22.5, 25, 50])
    groups = coherency_groups(u.models)
    assert [[m.id for m in g] for g in groups] == [["m0", "m1"], ["m2", "m3", "m4"], ["m5"]]
    assert [m.id for m in main_group(u)] == ["m2", "m3", "m4"]
    assert out_of_coherency(u) == ["m0", "m1", "m5"]
    assert coherency.coherent_fraction(u) == Fraction(1, 2)
    assert not in_coherency(u)


def test_s7_on_a_tie_the_leaders_chain_is_the_main_one():
    u = line_of([0, 2.5, 20, 22.5], leader_at=3)
    assert [m.id for m in main_group(u)] == ["m2", "m3"]
    assert [m.id for m in main_group(line_of([0, 2.5, 20, 22.5]))] == ["m0", "m1"]


def test_s7_casualties_do_not_hold_a_chain_together():
    u = line_of([0, 2.9, 5.8])
    assert in_coherency(u)
    u.models[1].wounds = 0
    assert not in_coherency(u) and coherency.coherent_fraction(u) == Fraction(1, 2)
    for m in u.models:
        m.wounds = 0
    assert main_group(u) == [] and coherency.coherent_fraction(u) == 0


def test_s7_bigger_bases_reach_further_centre_to_centre():
    """40 mm bikes (radius 0.79 inch): centres 3.5 apart are 1.92 apart edge to edge."""
    assert in_coherency(line_of([0, 3.5], profile="scout_rider"))
    assert not in_coherency(line_of([0, 3.5]))
