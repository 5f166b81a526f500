"""The pursuit phase (P-6, P-7), dice forced: the order, pieces moving back and recycled
(a piece held back and placed first next time), a mine cluster entering, keeping pace
against slowing, the 45-degree rule, slowing into a moved piece, leaving the table."""

from __future__ import annotations

from fractions import Fraction

import pytest
from chase_table import box, chase, figure, ids, piece

from game.core.errors import IllegalActionError
from game.rules.squads.pursuit.actions import Pace, PlaceMine, PlacePiece
from game.rules.squads.pursuit.events import ChaseKind
from game.rules.squads.pursuit.phases import ChasePhase


def kinds(m, kind):
    return [e for e in m.log if e.kind == kind]


def test_p6_order_is_furthest_from_the_arrival_first_with_ties_by_a_die():
    # the Arrival is the right edge: x = 10 is 62 inches from it
    m = chase([figure("A", "scout", 30, 6), figure("B", "scout", 30, 18),
               figure("H", "hunter", 10, 12)],
              [piece(0, box(40, 2, 4, 4), 3, False, "Block")], faces=[2, 5])
    i = ids(m)
    q = m.ruleset.queries(m.state)
    # A and B tie at 42 inches: B rolled the 5, so B goes before A
    assert q.order() == [i["H"], i["B"], i["A"], "piece:0"]
    assert q.next_up() == i["H"]
    rolls = [e.roll for e in m.log if e.rule == "P-6" and e.roll is not None]
    assert [r.total for r in rolls] == [2, 5]


@pytest.fixture
def street():
    """A scout keeping pace in the middle, a hunter behind, a ruin near the far edge and
    a building in front (nearer the Arrival)."""
    return chase([figure("S", "scout", 40, 12), figure("H", "hunter", 20, 20)],
                 [piece(0, box(6, 2, 4, 4), 2, True, "Rubble"),
                  piece(1, box(60, 2, 4, 4), 3, False, "Hab")],
                 options={"mines": "spore_cluster", "clusters": 1})


def test_p6_pieces_move_back_and_a_piece_reaching_the_far_edge_waits_to_be_placed(street):
    m = street
    i = ids(m)
    m.apply(Pace(i["H"], 0))
    m.apply(Pace(i["S"], 0))
    st = m.state
    # Rubble (at 8 inches from the far edge) went back 12: it reached it and waits
    assert st.pieces[0].where == "waiting" and st.pieces[0].dx == -1200
    assert st.pieces[1].where == "table" and st.pieces[1].dx == -1200
    assert m.phase == ChasePhase.RECYCLE and m.to_act() == "hunters"  # hunters first
    q = m.ruleset.queries(st)
    assert q.waiting() == [0] and q.placeable() == [0]
    spots = q.place_spots(0)
    assert spots and all(q.place_check(0, c / 100) is None for c in spots)
    m.apply(PlacePiece(0, spots[0]))
    pts = st.piece_points(0)
    assert max(x for x, _ in pts) == pytest.approx(72)  # touching the Arrival edge
    assert st.pieces[0].where == "table"
    # one cluster may come in against it
    q = m.ruleset.queries(st)
    assert q.mine_due() and m.to_act() == "hunters"
    spot = q.mine_spots(0)[0]
    m.apply(PlaceMine(0, spot))
    k = st.clusters[0]
    assert k.where == "table" and k.piece == 0
    assert m.phase == ChasePhase.MOVEMENT
    assert kinds(m, ChaseKind.MINE_ENTERED)


def test_p6_a_recycled_piece_must_keep_2_inches_from_models_and_pieces(street):
    m = street
    i = ids(m)
    m.apply(Pace(i["H"], 0))
    m.apply(Pace(i["S"], 0))
    q = m.ruleset.queries(m.state)
    # right against the Hab (moved back to x 48..52, y 2..6) is refused... the Hab has
    # moved away from the Arrival, so the only thing near the edge is nothing: every
    # spot across the 24 inches fits a 4-inch piece (2 to 22)
    assert q.place_spots(0)[0] == 200 and q.place_spots(0)[-1] == 2200
    with pytest.raises(IllegalActionError):
        m.apply(PlacePiece(0, 100))  # half off the table


def test_p6_a_piece_that_cannot_be_placed_is_held_and_placed_first_next_phase():
    # a piece as wide as the table cannot keep 2 inches from the scout at the Arrival
    wide = piece(0, box(2, 0.5, 9, 23), 1, True, "Wide")
    small = piece(1, box(10, 3, 2, 2), 1, True, "Small")
    m = chase([figure("S", "scout", 69, 12), figure("H", "hunter", 40, 2)], [wide, small],
              faces=[6, 6, 6])
    i = ids(m)
    m.apply(Pace(i["H"], 0))
    m.apply(Pace(i["S"], 0))
    st = m.state
    assert st.waiting == [0, 1] and m.phase == ChasePhase.RECYCLE
    assert {a.piece for a in m.legal_actions()} == {1}  # the wide one fits nowhere
    m.apply(next(a for a in m.legal_actions() if isinstance(a, PlacePiece)))
    held = kinds(m, ChaseKind.HELD)
    assert [e.figure for e in held] == ["piece:0"] and st.pieces[0].where == "held"
    assert m.phase == ChasePhase.MOVEMENT
    # next turn: the scout slows 3d6 (18 inches), and the held piece is placed first
    from game.rules.squads.pursuit.actions import Hold
    m.apply(Hold(m.state.queue[0]))
    m.apply(Hold(m.state.queue[0]))
    assert m.phase == ChasePhase.PURSUIT and m.turn == 2
    while m.phase == ChasePhase.PURSUIT:
        who = m.state.queue[0]
        m.apply(Pace(who, 3 if who == i["S"] else 0))
    assert m.phase == ChasePhase.RECYCLE and st.waiting[0] == 0
    assert {a.piece for a in m.legal_actions()} == {0}


def test_p7_keep_pace_stays_put_and_slowing_rolls_the_dice_back():
    m = chase([figure("S", "scout", 40, 12), figure("H", "hunter", 20, 20)], faces=[3, 4])
    i = ids(m)
    m.apply(Pace(i["H"], 0))
    assert m.state.model(i["H"]).x == 20
    m.apply(Pace(i["S"], 2))  # 2d6: 3 + 4 = 7 inches back
    assert m.state.model(i["S"]).x == pytest.approx(33)


def test_p7_exact_odds_of_each_outcome_and_of_leaving_the_table():
    # 5 inches from the far edge: 1d6 leaves on a 6; 2d6 on 6+ (26/36)
    m = chase([figure("H", "hunter", 5, 12), figure("S", "scout", 50, 12)])
    i = ids(m)
    q = m.ruleset.queries(m.state)
    odds = {o.dice: o for o in q.pace_odds(i["H"])}
    assert odds[0].back == {0: 1} and odds[0].leave == 0
    assert odds[1].leave == Fraction(1, 6)
    assert odds[2].leave == Fraction(26, 36)
    assert sum(odds[3].back.values()) + odds[3].leave + odds[3].contact == 1


def test_p7_leaving_the_table_in_the_pursuit_phase_counts_as_killed():
    m = chase([figure("H", "hunter", 5, 12), figure("H2", "hunter", 30, 12),
               figure("S", "scout", 50, 12)], faces=[6])
    i = ids(m)
    m.apply(Pace(i["H"], 1))
    assert m.state.gone[i["H"]] == "far"
    assert not m.state.on_table(m.state.model(i["H"]))
    assert kinds(m, ChaseKind.LEFT_TABLE)[0].rule == "P-7"


def test_p7_a_model_facing_more_than_45_degrees_off_cannot_keep_pace():
    m = chase([figure("S", "scout", 40, 12, facing=90), figure("T", "scout", 44, 6, facing=45),
               figure("H", "hunter", 20, 20)])
    i = ids(m)
    q = m.ruleset.queries(m.state)
    assert q.forced(i["S"]) is not None and q.forced(i["T"]) is None  # 45 is not more
    m.apply(Pace(i["H"], 0))
    # S (facing 90: 90 degrees off) went back 12 on its own, with no roll
    assert m.state.model(i["S"]).x == pytest.approx(28)
    with pytest.raises(IllegalActionError):
        m.apply(Pace(i["S"], 0))
    assert m.to_act() == "scouts" and q is not None


def test_p7_a_model_slowed_into_a_piece_already_moved_stops_in_contact_unhurt():
    # the Hab (intact, impassable) is further from the Arrival: it moves first, to
    # x 18..22; the scout at 40 slows by 3d6 = 18 and stops against it
    m = chase([figure("S", "scout", 40, 12), figure("H", "hunter", 5, 2)],
              [piece(0, box(30, 10, 4, 4), 3, False, "Hab")], faces=[6, 6, 6])
    i = ids(m)
    m.apply(Pace(i["H"], 0))
    assert m.state.pieces[0].dx == -1200
    s = m.state.model(i["S"])
    q = m.ruleset.queries(m.state)
    three = next(o for o in q.pace_odds(i["S"]) if o.dice == 3)
    assert three.against == "piece:0" and three.contact_at == pytest.approx(40 - 22 - 0.79,
                                                                               abs=0.02)
    assert three.contact == sum(p for t, p in {t: p for t, p in
                                               __import__("game.core.odds", fromlist=["x"])
                                               .distribution(3).items()}.items()
                                if t >= three.contact_at)
    m.apply(Pace(i["S"], 3))
    assert s.x == pytest.approx(22 + s.radius, abs=0.02)
    assert s.wounds == 1
    assert kinds(m, ChaseKind.STOPPED)
