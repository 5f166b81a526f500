"""Tabletop Hero's one queries surface: the board-neutral questions (acting, moves,
attacks, holds, scenery), the family's own, one object per state and version, and one
move plan shared by a front end, the judgement of the move and the move itself."""

from __future__ import annotations

import pytest
from herotable import M, P, play, rect, state, table

from game.core.events import Kind
from game.core.queries import AttackOption, MoveOption
from game.rules import get_ruleset, open_match
from game.rules.hero import queries as hero_queries
from game.rules.hero.actions import Attack, Move, Throw
from game.rules.hero.events import HeroKind
from game.rules.hero.phases import PHASES, HeroPhase
from game.rules.hero.queries import HeroQueries, piece_heights


def battle():
    tab = table(30, 20, rect(12, 2, 14, 6, "building"), rect(12, 12, 16, 16, "ruin"))
    st = state(tab, M("Ada", "a", (5, 10), hero=True, weapons=("medium", "explosive")),
               M("Bo", "a", (6.5, 10), medkits=1, hp=5),
               M("Cy", "b", (12, 10), hero=True), M("Di", "b", (25, 10)))
    return st


def test_k4_the_board_neutral_questions():
    st = battle()
    q = get_ruleset("hero").queries(st)
    assert isinstance(q, HeroQueries)
    assert q.acting() == ["ada", "bo"] and q.scenery() == ()
    moves = q.moves("ada")
    assert moves and all(isinstance(o, MoveOption) and o.cost > 0 for o in moves)
    assert all(q.plan_move("ada", o.place).ok for o in moves)
    assert {o.place for o in moves} == {a.to for a in get_ruleset("hero").legal_actions(st)
                                        if isinstance(a, Move) and a.figure == "ada"}
    assert q.moves("cy") == [] and q.attacks("cy") == []  # not their side's turn
    assert q.holds(P(5.2, 10)) == ["ada"] and q.holds(P(9, 9)) == []


def test_k5_k7_attacks_come_with_their_exact_chance():
    st = battle()
    st.turn = 2
    q = get_ruleset("hero").queries(st)
    got = q.attacks("ada")
    assert got and all(isinstance(o, AttackOption) for o in got)
    legal = [a for a in get_ruleset("hero").legal_actions(st)
             if isinstance(a, Attack | Throw) and a.figure == "ada"]
    assert [o.action for o in got] == legal
    for o in got:
        if isinstance(o.action, Attack):
            assert o.chance == q.attack_odds("ada", o.target, o.action.weapon).p_hit
        else:
            assert o.chance == q.throw_odds("ada", o.target).p_hit
    assert q.heals("ada") == [] and q.heals("bo") == ["bo"]  # a medkit, on itself


def test_one_queries_object_per_state_and_version():
    st = battle()
    r = get_ruleset("hero")
    q = r.queries(st)
    assert r.queries(st) is q
    assert q.plan_move("ada", P(8, 14)) is q.plan_move("ada", P(8, 14))
    m = play(st)
    m.apply(Move("ada", P(8, 14)))
    assert r.queries(st) is not q  # the state moved on


def test_k4_a_drag_works_out_its_move_plan_once(monkeypatch):
    st = battle()
    m = play(st)
    calls = []
    real = hero_queries.plan_move

    def counting(state, mini, to, fall=False):
        calls.append((mini.id, to))
        return real(state, mini, to, fall)

    monkeypatch.setattr(hero_queries, "plan_move", counting)
    q = m.ruleset.queries(m.state)
    to = P(8, 14)
    assert q.plan_move("ada", to).ok  # the ruler while dragging
    assert m.why_illegal(Move("ada", to)) is None  # the controller's question
    m.apply(Move("ada", to))  # judged again, then carried out
    assert calls == [("ada", to)]
    assert st.minis["ada"].at == to


def test_k3_deployment_questions():
    m = open_match("backyard", 3)
    r = m.ruleset
    while m.phase == HeroPhase.ARMY:
        m.apply(m.legal_actions()[0])
    q = r.queries(m.state)
    nxt = q.next_to_deploy()
    assert nxt is not None and q.acting() == [nxt.id]
    assert q.deploy_edges(nxt.side) == ("north", "south", "west", "east")
    pts = q.deploy_points(nxt.id)
    assert pts and all(q.deploy_check(nxt.id, p) is None for p in pts)
    band = q.deploy_band("south")
    t = m.state.board
    assert band == (0, t.height - q.deploy_depth(), t.width, t.height)
    x, y = pts[0].units
    assert min(q.edge_distance(e, x, y, nxt.r) for e in q.deploy_edges(nxt.side)) \
        <= q.deploy_depth() + 1e-9


def test_g2_the_heights_a_view_draws_are_the_rules():
    tab = table(30, 20, rect(1, 1, 3, 3, "building"), rect(5, 5, 8, 8, "ruin"),
                rect(10, 10, 12, 12, "obstacle", ht=2), rect(20, 1, 22, 3, "rough"))
    q = get_ruleset("hero").queries(state(tab, M("A", "a", (15, 15), hero=True),
                                          M("B", "b", (25, 15), hero=True)))
    assert [q.piece_height(k) for k in range(4)] == [5, 5, 2, 0]
    assert piece_heights(tab) == (5, 5, 2, 0)


def test_g2_buildings_and_ruins_are_ht_5_unless_the_map_says():
    """G-2 (seed 004): "Buildings, Vehicles Ruins" share one row of the generic table,
    Ht 5; a map piece's own ht still replaces it."""
    tab = table(30, 20, rect(1, 1, 3, 3, "building"), rect(5, 5, 8, 8, "ruin"),
                rect(10, 1, 13, 4, "ruin", ht=2))
    assert piece_heights(tab) == (5, 5, 2)


def test_phase_and_event_words_keep_their_values():
    assert [p.name for p in PHASES] == ["army", "deploy", "play"]
    assert HeroPhase.PLAY == "play" and HeroKind.EXPLODED == "exploded"
    assert {k.value for k in HeroKind} == {"army", "deployed", "critical", "damage_roll",
                                            "healed", "bounced", "exploded", "stopped"}
    assert not {k.value for k in HeroKind} & {k.value for k in Kind}


@pytest.mark.parametrize("name", ["backyard", "ruined_village"])
def test_every_hero_event_has_an_enum_kind(name):
    from game.ai import computer_player

    m = open_match(name, 2)
    players = {s: computer_player("hero", 2) for s in m.sides}
    n = 0
    while m.outcome() is None and n < 150:
        m.apply(players[m.to_act()].choose(m))
        n += 1
    assert all(type(e.kind) in (Kind, HeroKind) for e in m.log)


def _blast_expected(p_hit: float, p_crit: float, p_half: float, absorb: int,
                    halved: bool) -> dict[int, float]:
    """K-7 by hand, face by face of the 1d6 blast: a critical's 6 through any armour
    (K-6), a hit's face less Absorb (K-5), a miss landing on target's half rounded up
    less Absorb; G-7 halves what an incorporeal mini takes."""
    landed = p_hit + p_half
    out: dict[int, float] = {}
    ways = [(6, 0, p_crit)]
    ways += [(f, absorb, (p_hit - p_crit) / 6) for f in range(1, 7)]
    ways += [(-(-f // 2), absorb, p_half / 6) for f in range(1, 7)]
    for dmg, off, p in ways:
        k = max(0, dmg - off)
        k = k // 2 if halved else k
        out[k] = out.get(k, 0.0) + p / landed
    return out


def test_k7_blast_dealt_is_the_damage_each_mini_caught_takes():
    """K-7 with K-5, K-6, K-9 and G-7: what a blast on Cy deals each mini it catches,
    by its chance: Cy in heavy armour takes a critical's 6 whole and 3 less otherwise;
    Di beside it, unarmoured and incorporeal, half of every amount; Ed, unconscious,
    gains no Absorb from his heavy armour."""
    tab = table(30, 20)
    st = state(tab, M("Ada", "a", (5, 10), hero=True, weapons=("medium", "explosive")),
               M("Cy", "b", (12, 10), armour="heavy"),
               M("Di", "b", (13.5, 10), abilities=("incorporeal",)),
               M("Ed", "b", (12, 11.5), armour="heavy", hp=0))
    q = get_ruleset("hero").queries(st)
    assert isinstance(q, HeroQueries)
    o = q.throw_odds("ada", "cy")
    assert {"cy", "di", "ed"} <= {c.lower() for c in o.in_blast}
    cases = {"cy": (3, False), "di": (0, True), "ed": (0, False)}
    for who, (absorb, halved) in cases.items():
        got = q.blast_dealt("ada", "cy", who)
        want = _blast_expected(o.p_hit, o.p_crit, o.p_half, absorb, halved)
        assert got.keys() == want.keys(), who
        assert all(abs(got[k] - want[k]) < 1e-12 for k in want), who
        assert abs(sum(got.values()) - 1) < 1e-12
    cy = q.blast_dealt("ada", "cy", "cy")
    assert max(cy) == 6 and cy[6] == o.p_crit / (o.p_hit + o.p_half)  # a critical alone
    assert max(k for k in cy if k < 6) == 3  # any other blast: 6 less Absorb 3
