"""Match: determinism, undo, save/load with per-turn hashes, atomic apply (DESIGN: Match)."""

import json

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from textmap import load, match, scenario

from game.core.dice import Dice
from game.core.errors import IllegalActionError, SaveError
from game.rules import load_match
from game.rules.tft.hexes.actions import Move

HILLS = """
0 0 1 2 0 0
0 1 2 4 1 0
0 0 1 2 0 0
0 0 0 0 0 0
"""
FIGS = [("Pip", "a", "hobbit", 0, 0, 0), ("Hum", "a", "human", 0, 2, 0),
        ("Orc", "b", "orc", 5, 1, 3), ("Elf", "b", "elf", 5, 3, 3)]


def random_game(seed, turn_limit=3, max_actions=400):
    m = match(HILLS, FIGS, seed=seed, turn_limit=turn_limit)
    pick = Dice(seed + 1000)
    for _ in range(max_actions):
        if m.outcome() is not None:
            break
        acts = m.legal_actions()
        m.apply(acts[pick.faces(1, len(acts))[0] - 1])
    return m


def test_same_seed_and_actions_give_the_same_hash():
    a, b = random_game(11), random_game(11)
    assert a.state_hash() == b.state_hash() and a.turn_hashes == b.turn_hashes
    assert random_game(12).state_hash() != a.state_hash()


def test_save_load_identical_hash_for_200_random_games(tmp_path):
    scen = scenario(HILLS, FIGS, turn_limit=2)
    for seed in range(200):
        m = random_game(seed, turn_limit=2, max_actions=120)
        path = tmp_path / "g.json"
        m.save(path)
        again = load(path, scen)
        assert again.state_hash() == m.state_hash(), seed
        assert len(again.actions) == len(m.actions)


def test_tampered_save_is_refused_naming_the_turn(tmp_path):
    m = random_game(5, turn_limit=4)
    first_of_turn_2 = next(k for k in range(len(m.actions))
                           if _turn_after(m, k) == 2 and _turn_after(m, k - 1) == 2)
    path = tmp_path / "g.json"
    m.save(path)
    data = json.loads(path.read_text())
    data["chain"][first_of_turn_2] = "0" * 64
    path.write_text(json.dumps(data))
    with pytest.raises(SaveError, match=rf"g.json: turn 2, action {first_of_turn_2 + 1} "):
        load(path, scenario(HILLS, FIGS, turn_limit=4))


def _turn_after(m, k):
    """The turn the match was in before its action k (counting from 0)."""
    replay = match(HILLS, FIGS, seed=m.seed, turn_limit=m.scenario.turn_limit)
    for a in m.actions[:max(0, k)]:
        replay.apply(a)
    return replay.turn


def test_save_with_a_changed_action_is_refused(tmp_path):
    m = random_game(6, turn_limit=4)
    path = tmp_path / "g.json"
    m.save(path)
    data = json.loads(path.read_text())
    k, move = next((k, a) for k, a in enumerate(data["actions"]) if a["kind"] == "move")
    move["to"] = 0 if move["to"] != 0 else 1
    path.write_text(json.dumps(data))
    with pytest.raises(SaveError, match=rf"turn {_turn_after(m, k)}, action {k + 1} "):
        load(path, scenario(HILLS, FIGS, turn_limit=4))


@pytest.mark.parametrize("text,msg", [("{", "not a save file"), ("[]", "not a Skirmish"),
                                      ('{"game": "skirmish-table", "format": 99}',
                                       "newer version .*format 99")])
def test_corrupt_saves_name_the_file(tmp_path, text, msg):
    path = tmp_path / "bad.json"
    path.write_text(text)
    with pytest.raises(SaveError, match=msg) as e:
        load_match(path)
    assert "bad.json" in str(e.value)


def test_undo_any_number_of_times():
    m = random_game(8, turn_limit=3)
    hashes = []
    replay = match(HILLS, FIGS, seed=8, turn_limit=3)
    for a in m.actions:
        hashes.append(replay.state_hash())
        replay.apply(a)
    for k in range(len(m.actions) - 1, len(m.actions) - 40, -1):
        m.undo()
        assert m.state_hash() == hashes[k]
    assert len(m.actions) == len(hashes) - 39


def test_apply_is_atomic_on_illegal_actions():
    m = match(HILLS, FIGS, seed=1)
    h = m.state_hash()
    with pytest.raises(IllegalActionError, match="turn 1"):
        m.apply(Move("pip", 23))
    assert m.state_hash() == h



def test_a_verdict_holds_only_until_the_state_changes():
    """Match.apply skips judging an action why_illegal has just found legal, but only in
    that very state: once another action is applied or one undone, it judges again (a
    clone, which never judged it, says what is true)."""
    m = match(HILLS, FIGS, seed=3, turn_limit=3)
    refused = 0
    for _ in range(60):
        acts = m.legal_actions()
        if len(acts) < 2:
            break
        first, other = acts[0], acts[-1]
        assert m.why_illegal(first) is None  # judged legal here
        m.apply(other)
        if m.clone().why_illegal(first) is not None:  # no longer legal: refused
            h = m.state_hash()
            with pytest.raises(IllegalActionError):
                m.apply(first)
            assert m.state_hash() == h
            refused += 1
            if refused == 3:
                break
    assert refused == 3
    legal = m.legal_actions()[0]
    assert m.why_illegal(legal) is None
    m.undo(5)  # back five actions: the verdict is forgotten
    if m.clone().why_illegal(legal) is not None:
        with pytest.raises(IllegalActionError):
            m.apply(legal)


def test_replay_reproduces_events():
    m = random_game(9)
    texts = [e.text for _, evs in m.replay() for e in evs]
    assert texts == [e.text for e in m.log][len(m.log) - len(texts):]


def _invariants(m, levels_before):
    st_ = m.state
    cells = [f.cell for f in st_.figures.values() if f.alive]
    assert len(cells) == len(set(cells)), "one figure per hex"
    assert (m.board.levels == levels_before).all(), "levels unchanged"
    for f in st_.figures.values():
        assert f.st <= f.st_max
        assert m.board.on_board(f.cell)


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 10_000), picks=st.lists(st.integers(0, 10_000), max_size=150))
def test_random_legal_actions_never_raise_or_break_invariants(seed, picks):
    m = match(HILLS, FIGS, seed=seed, turn_limit=6)
    levels = m.board.levels.copy()
    last_st = {k: f.st for k, f in m.state.figures.items()}
    for p in picks:
        if m.outcome() is not None:
            break
        acts = m.legal_actions()
        assert acts, "a game that is not over always has a legal action"
        events = m.apply(acts[p % len(acts)])
        _invariants(m, levels)
        damage = {}
        for e in events:
            if e.kind == "damaged":
                damage[e.figure] = damage.get(e.figure, 0) + e.amount
        for k, f in m.state.figures.items():
            assert f.st == last_st[k] - damage.get(k, 0), "ST only falls by damage"
            last_st[k] = f.st


def test_undo_many_at_once_equals_replaying_the_rest():
    m = random_game(21, turn_limit=4)
    n = len(m.actions)
    for k in (1, 7, n // 2, n):
        replay = match(HILLS, FIGS, seed=21, turn_limit=4)
        for a in m.actions[:len(m.actions) - k]:
            replay.apply(a)
        c = random_game(21, turn_limit=4)
        c.undo(k)
        assert c.state_hash() == replay.state_hash()
        assert [e.text for e in c.log] == [e.text for e in replay.log]
        assert c.turn_hashes == replay.turn_hashes and c.actors == replay.actors


def test_actors_record_who_chose_each_action():
    m = random_game(2, turn_limit=2)
    assert len(m.actors) == len(m.actions) and set(m.actors) <= {"a", "b"}


def test_a_failure_half_way_through_apply_leaves_the_match_as_it_was(monkeypatch):
    m = random_game(14, turn_limit=3, max_actions=30)
    before, n = m.state_hash(), len(m.actions)
    action = m.legal_actions()[0]
    real = m.ruleset.apply

    def broken(state, a, dice):
        events = real(state, a, dice)
        if a is action:  # changes the state and rolls dice, then fails
            raise RuntimeError("bug")
        return events

    monkeypatch.setattr(m.ruleset, "apply", broken)
    with pytest.raises(RuntimeError):
        m.apply(action)
    monkeypatch.undo()
    assert m.state_hash() == before and len(m.actions) == n
    m.apply(action)  # and it goes on normally


def test_a_save_made_with_other_engine_versions_is_refused_by_name(tmp_path):
    m = random_game(3, turn_limit=2, max_actions=30)
    path = tmp_path / "g.json"
    m.save(path)
    data = json.loads(path.read_text())
    assert data["stamp"] == {}  # Melee depends on nothing outside its own code
    data["stamp"] = {"pymunk": "6.0.0"}
    path.write_text(json.dumps(data))
    with pytest.raises(SaveError, match="made with pymunk 6.0.0"):
        load(path, scenario(HILLS, FIGS, turn_limit=2))
