"""Computer players (DESIGN: ai/): the Tactician against the random baseline on the Hill
fight, and constructed positions for its falls (H-8), attacks (T-5, H-6), defence and
pushes (T-8, H-14). Positions are tiny text maps (pointy hexes, odd rows shifted right)."""

import time
from dataclasses import replace

import numpy as np
from textmap import match

from game.ai import RandomPlayer
from game.ai.skeleton import CandidatePlayer
from game.ai.tft.evaluation import Weights, fall_risk
from game.ai.tft.tactician import Tactician
from game.boards.hexmap import HexMap
from game.core.derived import Derived
from game.headless import play_game
from game.rules import new_match, open_match
from game.rules.tft.hexes import falls
from game.rules.tft.hexes.actions import (
    Attack,
    ChooseFirst,
    Defend,
    EndMovement,
    JumpDown,
    Move,
    Retreat,
)


def to_movement_of(m, side):
    """Let the other side move first and end its movement: ``side`` moves next."""
    other = next(s for s in m.state.sides if s != side)
    m.apply(ChooseFirst(m.state.winner, other))
    m.apply(EndMovement(other))


def movement_actions(m, ai):
    """The Tactician's moves for its side until it ends movement (applied as it goes)."""
    out = []
    while m.state.phase == "movement":
        a = ai.choose(m)
        jump = isinstance(a, JumpDown)
        out.append((a, jump))
        m.apply(a)
    return out


class TestAgainstRandom:
    def test_tactician_wins_80_percent_of_200_hill_fights(self):
        scen = open_match("hill_fight", 0).scenario
        sides = list(scen.sides)
        wins = 0
        start = time.perf_counter()
        for k in range(200):
            me, other = sides[k % 2], sides[1 - k % 2]  # alternate sides
            m = new_match(scen, k)
            outcome = play_game(m, {me: Tactician(k), other: RandomPlayer(k)})
            wins += outcome.winner == me
        took = time.perf_counter() - start
        print(f"Tactician won {wins}/200 against the random player in {took:.1f} s")
        assert wins >= 160

    def test_same_seed_same_game(self):
        def game(seed):
            m = open_match("hill_fight", seed)
            play_game(m, {"wardens": Tactician(seed), "raiders": Tactician(seed)})
            return m.state_hash(), len(m.actions)

        assert game(3) == game(3)
        assert game(3) != game(4)

    def test_random_player_uses_its_own_dice(self):
        m = open_match("hill_fight", 5)
        before = m.dice.getstate()
        picks = [RandomPlayer(9).choose(m) for _ in range(2)]
        assert picks[0] == picks[1] and m.dice.getstate() == before
        assert picks[0] in m.legal_actions()


# A plateau of level L in columns 0-1, open ground at level 0 beyond: the only way down
# is a jump. An orc stands below with its back to the cliff: an attack into its rear
# waits for whoever lands in (2,1).
def cliff(level):
    return "\n".join([f"{level} {level} 0 0 0 0"] * 4)


class TestFalls:
    def test_h8_never_jumps_into_a_deadly_band(self):
        # hobbit, H 1: a 6-level drop is band 5 (5d6 on a missed roll, ST 8)
        m = match(cliff(6), [("Pip", "a", "hobbit", 1, 1, 0), ("Orc", "b", "orc", 3, 1, 0)],
                  seed=1)
        to_movement_of(m, "a")
        assert m.ruleset.queries(m.state).move_options("pip").jumps  # the jump was on offer
        acts = movement_actions(m, Tactician(0))
        assert not any(jump for _, jump in acts)
        assert m.state.figures["pip"].st == 8

    def test_h8_jumps_a_mild_band_when_an_attack_waits_below(self):
        # human, H 3: the same 6-level drop is band 1 (no damage if the roll is made)
        m = match(cliff(6), [("Hum", "a", "human", 1, 1, 0), ("Orc", "b", "orc", 3, 1, 0)],
                  seed=1)
        to_movement_of(m, "a")
        acts = movement_actions(m, Tactician(0))
        assert any(jump for _, jump in acts)

    def test_h14_pushes_an_enemy_down_the_drop(self):
        text = """
        5 5 5 5
        5 5 0 0
        5 5 5 5
        """
        # initiative 6 v 1; Hum hits (3+3+3) for 2d (3+3) = 6; the orc misses (6+6+4)
        faces = [6, 1, 3, 3, 3, 3, 3, 6, 6, 4]
        m = match(text, [("Hum", "a", "human", 0, 1, 0), ("Orc", "b", "orc", 1, 1, 3)],
                  faces=faces)
        to_movement_of(m, "b")
        m.apply(EndMovement("b"))
        ai = Tactician(0)
        m.apply(ai.choose(m))
        m.apply(ai.choose(m))
        assert m.state.phase == "retreat"
        a = ai.choose(m)
        assert isinstance(a, Retreat) and a.to == m.board.index(2, 1)


class TestOnTheRulesAnswers:
    def test_the_tactician_is_a_candidate_player_breaking_ties_by_seed_turn_and_actor(self):
        m = open_match("hill_fight", 2)
        ai = Tactician(5)
        assert isinstance(ai, CandidatePlayer)
        st = m.state
        assert ai.tie_break(3, m) == (5 + st.turn + st.current) % 3

    def test_h8_its_fall_risk_is_the_rules_own_odds(self):
        """The Tactician weighs a jump with the rules' fall odds: bracing and T-3's
        knock-down after 8 damage in a turn counted (it once summed its own)."""
        m = match(cliff(6), [("Hum", "a", "human", 1, 1, 0), ("Orc", "b", "orc", 3, 1, 0)])
        q = m.ruleset.queries(m.state)
        hum = m.state.figures["hum"]
        assert fall_risk(q, hum, 9) == falls.fall_damage_odds(hum, 9)
        hum.damage_taken = 6
        hurt = fall_risk(q, hum, 9)
        assert hurt == falls.fall_damage_odds(hum, 9)
        assert hurt.p_standing < hurt.p_save  # the fall's damage may knock it down


class TestAttacks:
    def test_t5_attacks_the_target_with_the_best_odds(self):
        # Hum faces east; Orc A faces it from (3,1), Orc B shows its back from (3,0)
        text = """
        0 0 0 0 0
        0 0 0 0 0
        0 0 0 0 0
        """
        m = match(text, [("Hum", "a", "human", 2, 1, 0), ("OrcA", "b", "orc", 3, 1, 3),
                         ("OrcB", "b", "orc", 3, 0, 1)], seed=2)
        to_movement_of(m, "b")
        m.apply(EndMovement("b"))
        assert m.state.acting().id == "hum"
        a = Tactician(0).choose(m)
        assert isinstance(a, Attack)
        odds = {t: m.ruleset.queries(m.state).attack_check("hum", t).odds for t in ("orca", "orcb")}
        best = max(odds, key=lambda t: odds[t].expected_damage)
        assert a.target == best == "orcb"

    def test_h6_charges_onto_the_higher_cell(self):
        # the orc's free neighbours are all front hexes (it stands at the east edge
        # facing west): (3,1) on level 1, (4,0) and (4,2) on level 0
        text = """
        0 0 0 0 0
        0 0 0 1 0
        0 0 0 0 0
        """
        m = match(text, [("Hum", "a", "human", 0, 2, 0), ("Orc", "b", "orc", 4, 1, 3)],
                  seed=3)
        to_movement_of(m, "a")
        movement_actions(m, Tactician(0))
        assert m.state.figures["hum"].cell == m.board.index(3, 1)
        chk = m.ruleset.queries(m.state).attack_check("hum", "orc")
        assert chk.allowed and chk.odds.target > chk.odds.base - 2  # leather -2, +1 higher


class TestDefence:
    def test_defends_when_badly_outmatched(self):
        # a hobbit with a dagger between two orcs in a corridor walled by level 5
        text = """
        5 5 5 5 5
        5 0 0 0 5
        5 5 5 5 5
        """
        m = match(text, [("Pip", "a", "hobbit", 2, 1, 0), ("OrcA", "b", "orc", 3, 1, 3),
                         ("OrcB", "b", "orc", 1, 1, 0)], seed=4)
        to_movement_of(m, "a")
        acts = [a for a, _ in movement_actions(m, Tactician(0))]
        assert acts == [Defend("pip"), EndMovement("a")]

    def test_an_engaged_figure_steps_away_from_one_of_two_attackers(self):
        # the same on open ground: one hex away from one orc beats defending against two
        text = """
        0 0 0 0 0
        0 0 0 0 0
        0 0 0 0 0
        """
        m = match(text, [("Pip", "a", "hobbit", 2, 1, 0), ("OrcA", "b", "orc", 3, 1, 3),
                         ("OrcB", "b", "orc", 1, 1, 0)], seed=4)
        to_movement_of(m, "a")
        movement_actions(m, Tactician(0))
        pip = m.state.figures["pip"]
        near = [o for o in ("orca", "orcb")
                if m.board.distance(pip.cell, m.state.figures[o].cell) == 1]
        assert len(near) == 1


    def test_one_on_one_it_fights_rather_than_stall_in_a_4d6_standoff(self):
        # a hobbit in a dead end with one orc before it: cautious weights make defending
        # tempting, but a figure that can strike back defends only against two enemies
        text = """
        5 5 5 5
        5 0 0 5
        5 5 5 5
        """

        def movement(**weights):
            m = match(text, [("Pip", "a", "hobbit", 1, 1, 0), ("Orc", "b", "orc", 2, 1, 3)],
                      seed=4)
            to_movement_of(m, "a")
            ai = Tactician(0, replace(Weights(), threat=0.6, **weights))
            return [a for a, _ in movement_actions(m, ai)]

        assert movement() == [EndMovement("a")]
        assert movement(defend_against=1) == [Defend("pip"), EndMovement("a")]


def test_distances_to_the_nearest_cell():
    m = open_match("hill_fight", 0)
    board, q = m.board, m.ruleset.queries(m.state)
    cells = [board.index(3, 4), board.index(15, 9)]
    want = [min(board.distance(i, c) for c in cells) for i in range(board.n)]
    assert q.distances_to(cells).tolist() == want
    assert q.distances_to(cells[:1]).tolist() == [board.distance(i, cells[0])
                                                  for i in range(board.n)]


def test_distances_to_on_a_big_board():
    m = open_match("hill_fight", 0)
    big = HexMap(np.zeros((70, 80), dtype=int))
    state = replace(m.state, board=big, derived=Derived())
    q = m.ruleset.queries(state)
    cells = [big.index(3, 4), big.index(75, 60), big.index(40, 1)]
    want = [min(big.distance(i, c) for c in cells) for i in range(0, big.n, 37)]
    assert q.distances_to(cells)[::37].tolist() == want


def test_choosing_twice_without_playing_gives_the_same_action():
    m = open_match("hill_fight", 2)
    ai = Tactician(2)
    for _ in range(150):
        if m.outcome() is not None:
            break
        a = ai.choose(m)
        assert ai.choose(m) == a and m.why_illegal(a) is None
        m.apply(a)


class TestHillFort:
    def test_tactician_beats_the_random_player_on_hill_fort_from_both_sides(self):
        """Solo play is a real fight from either side: 40 games, sides alternated."""
        scen = open_match("hill_fort", 0).scenario
        sides = list(scen.sides)
        wins = {s: 0 for s in sides}
        for k in range(40):
            me, other = sides[k % 2], sides[1 - k % 2]
            m = new_match(scen, k)
            outcome = play_game(m, {me: Tactician(k), other: RandomPlayer(k)})
            wins[me] += outcome.winner == me
        print(f"Tactician against the random player on Hill fort: {wins}")
        assert sum(wins.values()) >= 36 and min(wins.values()) >= 17

    def test_h18_an_archer_shoots_the_best_target(self):
        row = "0 " * 12
        m = match("\n".join([row] * 3), [("Ann", "a", "hobbit", 0, 1, 0),
                                         ("Orc", "b", "orc", 8, 1, 3)],
                  units={"hobbit": {"kind": "human", "st": 11, "dx": 14,
                                    "weapons": ["longbow", "dagger"]},
                         "orc": {"kind": "orc", "st": 12, "dx": 11,
                                 "weapons": ["broadsword"]}})
        to_movement_of(m, "a")
        ai = Tactician(1)
        while m.state.phase == "movement":
            a = ai.choose(m)
            assert not isinstance(a, Move) or m.board.distance(
                m.state.figures["ann"].cell, a.to) <= 1  # a bow moves one hex at most
            m.apply(a)
        while m.state.acting() is not None and m.state.acting().id != "ann":
            m.apply(ai.choose(m))
        assert ai.choose(m).kind == "shoot"

    def test_h11_a_climber_goes_up_the_wall_towards_the_enemy(self):
        text = "0 0 0 0\n0 0 6 6\n0 0 6 6\n0 0 0 0"
        m = match(text, [("Cat", "a", "hobbit", 1, 1, 0), ("Orc", "b", "orc", 3, 2, 3)],
                  units={"hobbit": {"kind": "human", "st": 12, "dx": 14, "weapons": ["dagger"],
                                    "ready": "", "talents": ["climbing"]},
                         "orc": {"kind": "orc", "st": 12, "dx": 11,
                                 "weapons": ["broadsword"]}})
        to_movement_of(m, "a")
        a = Tactician(1).choose(m)
        assert a.kind == "climb" and a.to == m.board.index(2, 1)


def test_the_tactician_imports_only_the_rules_public_modules():
    """It asks the rules through their queries, actions, phases and events modules."""
    import ast
    from pathlib import Path

    folder = Path(__file__).resolve().parents[2] / "game/ai/tft"
    found = []
    for path in sorted(folder.glob("*.py")):
        if path.name == "zones.py":  # the zone Tactician is another ruleset's
            continue
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.ImportFrom) and (node.module or "").startswith(
                    "game.rules"):
                found.append(node.module)
    assert found and all(m.rsplit(".", 1)[-1] in ("actions", "queries", "phases", "events")
                         for m in found), found


def test_t5_h6_a_duel_from_kept_halves_is_the_duel_worked_out_anew():
    """A duel met anew because the enemy's ST changed takes the enemy's blows from the
    kept half (they do not depend on its ST) and works out ours: the same numbers as a
    duel worked out from nothing."""
    from game.ai.tft import duels, evaluation
    from game.ai.tft.context import Context
    from game.ai.tft.manoeuvres import new_plan
    from game.ai.tft.stance import Stance

    m = match("0 0 0\n0 0 0", [("Hum", "a", "human", 0, 0, 0), ("Orc", "b", "orc", 1, 0, 3)],
              seed=1)
    to_movement_of(m, "a")
    hum, orc = m.state.figures["hum"], m.state.figures["orc"]
    weak = orc.clone()
    weak.st -= 3

    def duel_of(e):
        ctx = Context(m, "a", Weights())
        return Stance(ctx, new_plan(ctx), hum, False).duel(e, hum.cell, orc.cell)

    def forget():
        for table in (duels._DUELS, duels._HALVES, evaluation._ODDS, evaluation._BLOWS):
            table.clear()

    forget()
    strong = duel_of(orc)
    kept = duel_of(weak)
    assert kept.can and kept.take == strong.take and kept.take_def == strong.take_def
    assert kept.deal != strong.deal  # our blows take a weaker orc down more often
    forget()
    anew = duel_of(weak)
    assert (anew.deal, anew.take, anew.take_def) == (kept.deal, kept.take, kept.take_def)
