"""Melee on heights asked through its queries (HexQueries): the board-neutral questions
agree with the legal actions and the rules' own answers, the family's questions are
remembered for their state, per-match tables are shared by a state's clones, phases
and event kinds are enums whose values are the words saves and transcripts hold.
Positions are tiny text maps (pointy hexes, odd rows shifted right)."""

from textmap import match

from game.ai import RandomPlayer
from game.core.events import Kind
from game.core.places import Cell
from game.core.queries import AttackOption, MoveOption
from game.rules import open_match
from game.rules.tft.events import MeleeKind
from game.rules.tft.hexes import crowd, falls
from game.rules.tft.hexes.actions import Attack, ChooseFirst, EndMovement, JumpDown, Move
from game.rules.tft.hexes.phases import PHASES, HexPhase
from game.rules.tft.hexes.queries import HexQueries

CLIFF = "4 4 0 0 0\n4 4 0 0 0\n4 4 0 0 0"


def cliff_match():
    """A hobbit on a plateau 4 levels up, an orc below: the way down is a jump (H-8)."""
    return match(CLIFF, [("Pip", "a", "hobbit", 1, 1, 0), ("Orc", "b", "orc", 4, 1, 3)],
                 seed=2)


def to_movement(m, side):
    other = next(s for s in m.state.sides if s != side)
    m.apply(ChooseFirst(m.state.winner, side))
    return other


def test_the_ruleset_hands_out_a_hex_queries_object_per_state():
    m = cliff_match()
    q = m.ruleset.queries(m.state)
    assert isinstance(q, HexQueries) and q.state is m.state
    assert list(q.scenery()) == []


def test_acting_is_nobody_at_the_initiative_then_the_moving_side():
    m = cliff_match()
    assert m.ruleset.queries(m.state).acting() == []
    to_movement(m, "a")
    assert m.ruleset.queries(m.state).acting() == ["pip"]
    m.apply(EndMovement("a"))
    assert m.ruleset.queries(m.state).acting() == ["orc"]


def test_t7_acting_in_the_action_phase_is_the_figure_whose_action_it_is():
    m = cliff_match()
    other = to_movement(m, "a")
    m.apply(EndMovement("a"))
    m.apply(EndMovement(other))
    assert m.state.phase == HexPhase.ACTION
    assert m.ruleset.queries(m.state).acting() == [m.state.acting().id]


def test_h2_h8_moves_are_the_walks_and_jumps_with_their_cost_and_odds():
    m = cliff_match()
    to_movement(m, "a")
    q = m.ruleset.queries(m.state)
    opts = q.move_options("pip")
    moves = {mo.place: mo for mo in q.moves("pip")}
    assert all(isinstance(mo, MoveOption) for mo in moves.values())
    assert {p.index for p in moves} == opts.cells()
    pip = m.state.figures["pip"]
    assert opts.jumps and opts.walk_cells()
    for c in opts.walk_cells():
        if c not in opts.jumps:
            assert moves[Cell(c)].cost == opts.reach.cost_of(c) and moves[Cell(c)].odds is None
    for c, j in opts.jumps.items():
        mo = moves[Cell(c)]
        want = falls.fall_damage_odds(pip, j.levels)
        assert (mo.cost, mo.rule, mo.ends) == (j.cost, "H-8", True)
        assert mo.odds == want.p_standing and 0 < mo.odds < 1
        assert m.why_illegal(JumpDown("pip", j.via, c)) is None
    assert q.moves("orc") == []  # not its side's movement


def test_t2_attacks_are_the_legal_blows_with_their_exact_chance():
    m = match("0 0 0\n0 0 0", [("Hum", "a", "human", 0, 0, 0), ("Orc", "b", "orc", 1, 0, 3)],
              seed=1)
    other = to_movement(m, "a")
    m.apply(EndMovement("a"))
    m.apply(EndMovement(other))
    actor = m.state.acting().id
    q = m.ruleset.queries(m.state)
    attacks = q.attacks(actor)
    assert attacks and all(isinstance(a, AttackOption) for a in attacks)
    for a in attacks:
        assert m.why_illegal(a.action) is None
        assert a.chance == q.attack_check(actor, a.target).odds.p_hit
    assert {a.action for a in attacks} == {x for x in m.legal_actions()
                                           if isinstance(x, Attack)}
    idle = next(f for f in m.state.figures if f != actor)
    assert q.attacks(idle) == []


def test_h15_holds_names_every_figure_covering_a_hex():
    m = open_match("hill_fight", 1)
    q = m.ruleset.queries(m.state)
    for f in m.state.figures.values():
        for c in f.footprint:
            assert f.id in q.holds(Cell(c))


def test_a_queries_object_remembers_what_it_worked_out():
    m = match("0 0 0\n0 0 0", [("Hum", "a", "human", 0, 0, 0), ("Orc", "b", "orc", 1, 0, 3)])
    q = m.ruleset.queries(m.state)
    assert q.attack_check("hum", "orc") is q.attack_check("hum", "orc")
    assert q.threat_map("a") is q.threat_map("a")
    assert q.attack_check("hum", "orc", with_odds=False).odds is None


def test_h8_fall_drop_and_push_odds_are_the_rules_own():
    m = cliff_match()
    q = m.ruleset.queries(m.state)
    pip = m.state.figures["pip"]
    below = m.board.index(2, 1)
    assert q.fall_odds("pip", 4) == falls.fall_damage_odds(pip, 4)
    assert q.drop_odds("pip", below) == falls.fall_damage_odds(pip, 4)
    assert q.push_odds("pip", below) == falls.stumble_odds(pip, 4)


def test_fall_odds_count_the_knock_down_of_8_damage_in_a_turn():
    """T-3 with H-8: a figure hurt earlier in the turn lands standing less often than it
    makes its roll; the expected damage is the two rolls' damage weighed."""
    m = cliff_match()
    pip = m.state.figures["pip"]
    fresh = falls.fall_damage_odds(pip, 8)
    pip.damage_taken = 6
    hurt = falls.fall_damage_odds(pip, 8)
    assert hurt.p_save == fresh.p_save and hurt.p_standing < fresh.p_standing
    assert hurt.p_standing < hurt.p_save
    assert abs(hurt.p_standing + hurt.p_prone + hurt.p_down - 1.0) < 1e-9
    assert 0 < fresh.expected_damage < 3.5 * fresh.dice_missed


def test_per_match_tables_are_shared_by_a_states_clones():
    m = open_match("hill_fight", 1)
    q = m.ruleset.queries(m.state)
    some = next(iter(m.state.figures))
    q.move_options(some)
    made = len(m.state.derived)
    assert made > 0
    clone = m.state.clone()
    assert clone.derived is m.state.derived
    m.ruleset.queries(clone).move_options(some)
    assert len(m.state.derived) == made  # nothing worked out again


def test_the_phases_are_an_enum_with_the_words_saves_hold():
    assert [p.value for p in HexPhase] == ["initiative", "movement", "action", "retreat"]
    assert PHASES.order == tuple(HexPhase)
    m = cliff_match()
    assert m.state.phase == HexPhase.INITIATIVE == "initiative"
    assert m.state.to_json()["phase"] == "initiative"


def test_every_event_of_a_game_has_an_enum_kind():
    for key in ("hill_fight", "hill_fort"):
        m = open_match(key, 3)
        player = RandomPlayer(3)
        for _ in range(200):
            if m.outcome() is not None:
                break
            m.apply(player.choose(m))
        kinds = {type(e.kind) for e in m.log}
        assert kinds <= {Kind, MeleeKind}, kinds


def test_h11_a_climb_reports_climbed():
    m = match("0 0 9\n0 0 9", [("Bob", "a", "human", 1, 0, 0), ("Orc", "b", "orc", 0, 1, 3)],
              units={"human": {"kind": "human", "st": 12, "dx": 15, "weapons": ["dagger"],
                               "ready": ""},
                     "orc": {"kind": "orc", "st": 12, "dx": 11, "weapons": ["broadsword"]}})
    to_movement(m, "a")
    q = m.ruleset.queries(m.state)
    top = next(iter(q.climb_options("bob")))
    climb = next(mo for mo in q.moves("bob") if mo.place == Cell(top))
    assert climb.rule == "H-11" and climb.odds == 1.0  # the first set is free
    events = m.apply(next(a for a in m.legal_actions()
                          if a.to_json() == {"kind": "climb", "figure": "bob", "to": top,
                                             "more": False}))
    assert events[0].kind is MeleeKind.CLIMBED and events[0].to_json()["kind"] == "climbed"


def test_walking_is_still_judged_once_per_position():
    """The reach a legality check builds is the one the move and a front end use."""
    m = cliff_match()
    to_movement(m, "a")
    q = m.ruleset.queries(m.state)
    opts = q.move_options("pip")
    assert m.ruleset.queries(m.state).move_options("pip") is opts
    walk = next(iter(opts.walk_cells()))
    assert m.why_illegal(Move("pip", walk)) is None
    assert m.ruleset.queries(m.state).move_options("pip") is opts


def test_move_answers_are_kept_for_the_last_two_positions_only():
    """Answers of positions the game has moved on from are let go (a game's worth of
    reaches would otherwise stay in memory); the position before is still at hand."""
    m = cliff_match()
    to_movement(m, "a")
    first = m.ruleset.queries(m.state).move_options("pip")
    walks = sorted(first.walk_cells())
    m.apply(Move("pip", walks[0]))
    second = m.ruleset.queries(m.state).move_options("pip")
    assert second is not first
    kept = m.state.memo[crowd.HERE]
    assert len(kept) == 2 and kept[0][0] == m.state.positions()
    m.apply(Move("pip", next(iter(second.walk_cells()))))
    m.ruleset.queries(m.state).move_options("pip")
    assert len(m.state.memo[crowd.HERE]) == crowd.KEEP_POSITIONS == 2


def test_a_finished_game_lets_its_memo_go():
    m = open_match("hill_fight", 3)
    players = {s: RandomPlayer(7) for s in m.sides}
    while m.outcome() is None:
        side = m.to_act()
        assert side is not None
        m.apply(players[side].choose(m))
    assert m.state.ended is not None and m.state.memo == {}


def test_t3_down_chance_is_the_attack_odds_for_a_target_of_another_st():
    """The chance a blow takes its target down, asked for another ST (what the Tactician
    asks instead of the whole attack again), is the rules' own p_down for that ST; the
    other numbers of a blow do not depend on the target's ST at all."""
    m = match("0 0 0\n0 0 0", [("Hum", "a", "human", 0, 0, 0), ("Orc", "b", "orc", 1, 0, 3)],
              seed=1)
    q = m.ruleset.queries(m.state)
    hum, orc = m.state.figures["hum"], m.state.figures["orc"]
    o = q.blow_odds(hum, orc)
    for st in range(1, orc.st_max + 3):
        weaker = orc.clone()
        weaker.st = st
        w = q.blow_odds(hum, weaker)
        assert (w.p_hit, w.expected_damage, w.dice, w.target, w.stops) == (
            o.p_hit, o.expected_damage, o.dice, o.target, o.stops)
        assert q.down_chance(hum, o.dice, o.target, o.stops, st) == w.p_down
    assert q.down_chance(hum, o.dice, o.target, o.stops, 1) > \
        q.down_chance(hum, o.dice, o.target, o.stops, orc.st_max)


def test_t2_attack_odds_keep_their_numbers_and_words():
    """The numbers of an attack (blow_chances) are kept by the few numbers that decide
    them; the odds come out the same whether worked out or kept, modifiers and all."""
    from game.rules.tft import combat
    from game.rules.tft.data import load_data

    m = match("0 1 0\n0 0 0", [("Hum", "a", "human", 0, 0, 0), ("Orc", "b", "orc", 1, 0, 3)],
              seed=1)
    q = m.ruleset.queries(m.state)
    hum, orc = m.state.figures["hum"], m.state.figures["orc"]
    combat.blow_chances.cache_clear()
    first = q.blow_odds(hum, orc)
    assert combat.blow_chances.cache_info().misses == 1
    again = q.blow_odds(hum, orc)
    assert combat.blow_chances.cache_info().hits >= 1
    assert again == first and first.modifiers  # the orc stands a level up (H-6)
    assert (first.p_hit, first.expected_damage, first.p_down) == combat.blow_chances(
        first.dice, first.target, combat.weapon_of(hum).damage, first.stops,
        orc.st - int(load_data().num("damage", "unconscious_at")))
