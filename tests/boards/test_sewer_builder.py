"""The sewer map builder's refusals (seed 001's Flash Flood, F-1): every bad map is one
MapError naming the file and the object, and the figures reach the rules with their side,
profile, squad and leader."""

from __future__ import annotations

import re

import pytest
from sewermap import sewer_tmx

from game.boards.tiled import load_map
from game.core.errors import MapError
from game.core.places import Point


def prop(name: str, value: object) -> str:
    if isinstance(value, bool):
        return f'<property name="{name}" type="bool" value="{str(value).lower()}"/>'
    if isinstance(value, int):
        return f'<property name="{name}" type="int" value="{value}"/>'
    if isinstance(value, float):
        return f'<property name="{name}" type="float" value="{value}"/>'
    return f'<property name="{name}" value="{value}"/>'


def corridor(oid: int, name: str, points: list[tuple[float, float]], width: object = 3.0
             ) -> str:
    """A corridor through ``points`` (inches)."""
    (x0, y0) = points[0]
    pts = " ".join(f"{(x - x0) * 10:g},{(y - y0) * 10:g}" for x, y in points)
    props = prop("width", width) if width is not None else ""
    return (f'<object id="{oid}" name="{name}" x="{x0 * 10:g}" y="{y0 * 10:g}">'
            f'<properties>{props}</properties><polyline points="{pts}"/></object>')


def rect(oid: int, name: str, kind: str, x: float, y: float, w: float, h: float,
         **props: object) -> str:
    body = prop("kind", kind) + "".join(prop(k, v) for k, v in props.items())
    return (f'<object id="{oid}" name="{name}" x="{x * 10:g}" y="{y * 10:g}" '
            f'width="{w * 10:g}" height="{h * 10:g}"><properties>{body}</properties>'
            f'</object>')


def line(oid: int, name: str, kind: str, a: tuple[float, float], b: tuple[float, float]
         ) -> str:
    return (f'<object id="{oid}" name="{name}" x="{a[0] * 10:g}" y="{a[1] * 10:g}">'
            f'<properties>{prop("kind", kind)}</properties><polyline points="0,0 '
            f'{(b[0] - a[0]) * 10:g},{(b[1] - a[1]) * 10:g}"/></object>')


def figure(oid: int, name: str, x: float, y: float, **props: object) -> str:
    props = {"side": "troopers", "unit": "trooper", "squad": "alpha", **props}
    body = "".join(prop(k, v) for k, v in sorted(props.items()) if v is not None)
    return (f'<object id="{oid}" name="{name}" x="{x * 10:g}" y="{y * 10:g}">'
            f'<properties>{body}</properties><point/></object>')


MAIN = corridor(1, "Main", [(1, 5), (19, 5)])
"""East-west along the middle, 3 inches wide: y 3.5 to 6.5."""
ORIGIN = '<object id="2" name="Spring" x="20" y="50"><properties>' + prop("kind", "origin") \
    + "</properties><point/></object>"


def load(tmp_path, corridors: str = MAIN, features: str = ORIGIN, figures: str = ""):
    p = tmp_path / "drain.tmx"
    p.write_text(sewer_tmx(corridors, features, figures), encoding="utf-8")
    return load_map(p)


def refused(tmp_path, says: str, **kw) -> str:
    with pytest.raises(MapError) as err:
        load(tmp_path, **kw)
    text = str(err.value)
    assert text.startswith("drain.tmx: ") and says in text, text
    assert "\n" not in text
    return text


# ============================================================================ corridors
def test_f4_a_fork_that_does_not_meet_is_refused_saying_by_how_much(tmp_path):
    spur = corridor(3, "Spur", [(10, 5.6), (10, 9.5)])
    text = refused(tmp_path, "corridor 'Spur' (object id 3) ends at (10, 5.6), 0.6 inches "
                             "from the middle line of corridor 'Main' (object id 1), and no "
                             "fork is there", corridors=MAIN + spur)
    assert "within 0.25 inches of its middle line" in text
    # an end inside the other corridor, further than the snap: the walls look joined
    inside = corridor(3, "Spur", [(10, 6.6), (10, 9.5)])
    refused(tmp_path, "corridor 'Spur' (object id 3) ends at (10, 6.6), 1.6 inches from",
            corridors=MAIN + inside)
    # within the snap it is a fork; well clear of the walls it is a dead end
    board = load(tmp_path, corridors=MAIN + corridor(3, "Spur", [(10, 5.2), (10, 9.5)])).board
    assert len(board.forks) == 1 and len(board.forks[0].arms) == 3
    board = load(tmp_path, corridors=MAIN + corridor(3, "Spur", [(10, 7.5), (10, 9.5)])).board
    assert board.forks == () and ("Spur", 0.0) in board.dead_ends()


def test_f4_a_corridor_overshooting_a_crossing_inside_the_other_is_refused(tmp_path):
    over = corridor(3, "Shaft", [(10, 9.5), (10, 4.2)])  # crosses Main, ends 0.8 past it
    refused(tmp_path, "corridor 'Shaft' (object id 3) ends at (10, 4.2), 0.8 inches from the "
                      "middle line of corridor 'Main'", corridors=MAIN + over)


@pytest.mark.parametrize("width,says", [
    (0.0, "corridor 'Main' (object id 1) has no width"),
    (-2.0, "corridor 'Main' (object id 1) has no width"),
    (0.05, "corridor 'Main' (object id 1) is 0.05 inches wide; a corridor is 0.1 to 48 inches "
           "wide"),
    (60.0, "corridor 'Main' (object id 1) is 60 inches wide; a corridor is 0.1 to 48"),
    ("wide", "corridor 'Main' (object id 1): property 'width' must be a number"),
    (None, "corridor 'Main' (object id 1) has no 'width' property"),
])
def test_f1_a_corridor_of_no_width_or_a_width_outside_the_limits(tmp_path, width, says):
    refused(tmp_path, says, corridors=corridor(1, "Main", [(1, 5), (19, 5)], width))


# ============================================================================ features
def test_f1_an_origin_off_every_corridor_and_a_gantry_outside_them(tmp_path):
    off = ORIGIN.replace('y="50"', 'y="90"')
    refused(tmp_path, "the flood's origin at (2, 9) is off every corridor", features=off)
    refused(tmp_path, "gantry 'Catwalk' (object id 3) lies outside the corridors",
            features=ORIGIN + rect(3, "Catwalk", "gantry", 5, 5, 2, 3))


def test_a_feature_of_unknown_kind_names_the_kinds(tmp_path):
    refused(tmp_path, "feature 'Pipe' (object id 3): kind 'pipe' is not one of origin, "
                      "gantry, grate, sluice, cave-in, nest",
            features=ORIGIN + rect(3, "Pipe", "pipe", 5, 4, 2, 2))


def test_the_nest_is_an_area_inside_the_corridors(tmp_path):
    m = load(tmp_path, features=ORIGIN + rect(3, "Nest", "nest", 14, 4, 4, 2, charges=3))
    nest, = m.board.features_of("nest")
    assert (nest.name, nest.closed, nest.is_barrier, nest.properties) == (
        "Nest", True, False, {"charges": 3})
    assert m.board.features_at(16, 5) == (nest,)
    assert [(s.start, s.end) for s in m.board.spans("Main")] == [(13, 17)]
    refused(tmp_path, "nest 'Nest' (object id 3) lies outside the corridors; a nest is a part "
                      "of the corridors", features=ORIGIN + rect(3, "Nest", "nest", 14, 6, 4, 3))
    refused(tmp_path, "nest 'Nest' (object id 3) is a polyline; a nest is a rectangle, "
                      "ellipse or polygon", features=ORIGIN + line(3, "Nest", "nest",
                                                                   (10, 4), (10, 6)))


@pytest.mark.parametrize("charges", [0, 101, -3, "three", True, 2.5])
def test_a_nest_asks_for_a_whole_number_of_charges(tmp_path, charges):
    refused(tmp_path, "nest 'Nest' (object id 3): property 'charges' must be a whole number "
                      "from 1 to 100", features=ORIGIN + rect(3, "Nest", "nest", 14, 4, 4, 2,
                                                              charges=charges))


# ============================================================================ figures
def test_figures_reach_the_rules_with_side_unit_squad_and_leader(tmp_path):
    figs = (figure(10, "Sergeant", 4, 5, unit="sergeant", leader=True, facing=90.0,
                   note="brave")
            + figure(11, "Trooper", 5.5, 5)
            + figure(12, "Drone", 7, 5, side="swarm", unit="swarm", squad="pack",
                     leader=False))
    m = load(tmp_path, figures=figs)
    assert [(p.name, p.side, p.unit, p.squad, p.leader, p.place, p.facing)
            for p in m.placements] == [
        ("Sergeant", "troopers", "sergeant", "alpha", True, Point(400, 500), 90),
        ("Trooper", "troopers", "trooper", "alpha", False, Point(550, 500), None),
        ("Drone", "swarm", "swarm", "pack", False, Point(700, 500), None)]
    assert [dict(p.properties) for p in m.placements] == [{"note": "brave"}, {}, {}]
    assert m.placements[0].label == "figure 'Sergeant' (object id 10)"


def test_figures_outside_the_corridors_are_refused(tmp_path):
    refused(tmp_path, "figure 'Rat' (object id 10) at (4, 8) is not in the corridors",
            figures=figure(10, "Rat", 4, 8))


@pytest.mark.parametrize("y", [3.8, 6.3, 6.5])
def test_a_figure_overlapping_a_wall_is_refused(tmp_path, y):
    refused(tmp_path, f"figure 'Rat' (object id 10) at (4, {y:g}) overlaps a wall: a 25 mm "
                      f"base needs its centre 0.49 inches from the walls",
            figures=figure(10, "Rat", 4, y))
    load(tmp_path, figures=figure(10, "Rat", 4, 4))  # 0.5 inch from the wall: room enough


def test_figures_overlapping_each_other_are_refused(tmp_path):
    refused(tmp_path, "figure 'B' (object id 11) overlaps figure 'A' (object id 10): their "
                      "centres are 0.6 inches apart, and two 25 mm bases need 0.98",
            figures=figure(10, "A", 4, 5) + figure(11, "B", 4.6, 5))
    assert len(load(tmp_path, figures=figure(10, "A", 4, 5) + figure(11, "B", 5, 5)
                    ).placements) == 2


@pytest.mark.parametrize("missing,says", [
    ("side", "figure 'Rat' (object id 10) has no 'side' property"),
    ("unit", "figure 'Rat' (object id 10) has no 'unit' property"),
    ("squad", "figure 'Rat' (object id 10) has no 'squad' property (the id of the unit it "
              "belongs to)"),
])
def test_figures_missing_side_unit_or_squad_are_refused(tmp_path, missing, says):
    refused(tmp_path, says, figures=figure(10, "Rat", 4, 5, **{missing: None}))


@pytest.mark.parametrize("squad,says", [
    ("  ", "property 'squad' must be a non-empty string"),
    ("\u202e", "property 'squad' must be 1 to 60 printable characters"),
    ("x" * 61, "property 'squad' must be 1 to 60 printable characters"),
])
def test_a_squad_is_named_in_printable_characters(tmp_path, squad, says):
    refused(tmp_path, f"figure 'Rat' (object id 10): {says}",
            figures=figure(10, "Rat", 4, 5, squad=squad))


def test_two_leaders_in_a_squad_are_refused(tmp_path):
    figs = (figure(10, "A", 4, 5, leader=True) + figure(11, "B", 6, 5)
            + figure(12, "C", 8, 5, leader=True))
    refused(tmp_path, "figure 'C' (object id 12) and figure 'A' (object id 10) both lead "
                      "squad 'alpha' (their property 'leader'); a squad has one leader",
            figures=figs)
    refused(tmp_path, "figure 'A' (object id 10): property 'leader' must be",
            figures=figure(10, "A", 4, 5, leader="yes"))


def test_a_squad_plays_for_one_side(tmp_path):
    figs = figure(10, "A", 4, 5) + figure(11, "B", 6, 5, side="swarm")
    refused(tmp_path, "figure 'B' (object id 11) plays for 'swarm', but its squad 'alpha' "
                      "plays for 'troopers' (figure 'A' (object id 10))", figures=figs)


def test_each_refusal_is_one_line_naming_the_file(tmp_path):
    text = refused(tmp_path, "overlaps", figures=figure(10, "A", 4, 5) + figure(11, "B", 4, 5))
    assert re.fullmatch(r"drain\.tmx: [^\n]+", text)
