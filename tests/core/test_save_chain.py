"""A save's chain of hashes (issue 10, point 4): it covers the seed, the dice generator,
every action and the state, and a save altered anywhere is refused naming the first
turn and action that differ.

Each test shows an edit the per-turn state hashes of save format 1 let through, or named
wrongly: a seed that rolls the same first turn, two moves swapped with the same end
state, an action changed in the last action of a turn (format 1 named the turn after).
"""

import json

import pytest

from game.ai import RandomPlayer
from game.core.errors import SaveError
from game.core.match import SAVE_FORMAT, Match
from game.headless import play_game
from game.rules import load_match, open_match


def played(seed, actions):
    m = open_match("hill_fight", seed)
    play_game(m, {s: RandomPlayer(seed) for s in m.sides}, max_actions=actions)
    return m


def turn_before(m, k):
    """The turn in which action k (from 0) of ``m`` was played."""
    replay = open_match("hill_fight", m.seed)
    for a in m.actions[:k]:
        replay.apply(a)
    return replay.turn


def saved(m, tmp_path, edit=None, name="g.json"):
    path = tmp_path / name
    m.save(path)
    if edit is not None:
        data = json.loads(path.read_text())
        edit(data)
        path.write_text(json.dumps(data))
    return path


def format_1_turn_hashes(seed, actions):
    """The per-turn state hashes a replay of ``actions`` with ``seed`` gives (what save
    format 1 compared), or None if an action is not legal on that replay."""
    m = open_match("hill_fight", seed)
    for a in actions:
        if not m.is_legal(a):
            return None
        m.apply(a)
    return m.turn_hashes, m.state_hash()


def test_an_untouched_save_loads_with_the_same_chain(tmp_path):
    m = played(3, 80)
    again = load_match(saved(m, tmp_path))
    assert again.chain == m.chain and again.chain_start == m.chain_start
    assert again.state_hash() == m.state_hash() and again.turn_hashes == m.turn_hashes
    assert json.loads((tmp_path / "g.json").read_text())["format"] == SAVE_FORMAT


def test_a_seed_that_rolls_the_same_first_turn_is_refused(tmp_path):
    m = played(3, 6)
    assert m.turn == 1
    # another seed whose first turn hashes the same: format 1 accepted it as this game
    other = next(s for s in range(200) if s != 3
                 and open_match("hill_fight", s).turn_hashes[1] == m.turn_hashes[1])
    assert format_1_turn_hashes(other, m.actions) == format_1_turn_hashes(3, m.actions)
    path = saved(m, tmp_path, lambda d: d.update(seed=other))
    with pytest.raises(SaveError, match=r"g.json: turn 1, before the first action: .*seed"):
        load_match(path)


def test_a_seed_with_the_same_dice_stream_is_refused(tmp_path):
    # Random(-s) rolls exactly as Random(s): every hash of format 1 matched
    m = played(5, 60)
    path = saved(m, tmp_path, lambda d: d.update(seed=-5))
    with pytest.raises(SaveError, match="turn 1, before the first action"):
        load_match(path)


def test_swapped_moves_with_the_same_end_state_are_refused_at_the_first(tmp_path):
    for seed in range(20):
        m = played(seed, 200)
        for k in range(len(m.actions) - 1):
            a, b = m.actions[k], m.actions[k + 1]
            if a.kind != "move" or b.kind != "move" or a.figure == b.figure:
                continue
            swapped = [*m.actions[:k], b, a, *m.actions[k + 2:]]
            if format_1_turn_hashes(seed, swapped) == format_1_turn_hashes(seed, m.actions):
                break  # a history that was not played, which format 1 accepted
        else:
            continue
        break
    else:
        pytest.fail("no two independent moves found to swap")

    def swap(d):
        d["actions"][k], d["actions"][k + 1] = d["actions"][k + 1], d["actions"][k]

    with pytest.raises(SaveError, match=rf"turn {turn_before(m, k)}, action {k + 1} "):
        load_match(saved(m, tmp_path, swap))


def test_an_edit_in_the_last_action_of_a_turn_names_that_turn(tmp_path):
    m = played(7, 200)
    turn_of = [turn_before(m, k) for k in range(len(m.actions) + 1)]
    # the last action of turn 1 that may be replaced by another legal one
    replay = open_match("hill_fight", 7)
    for a in m.actions[:turn_of.index(2) - 1]:
        replay.apply(a)
    k = len(replay.actions)
    other = next(x for x in replay.legal_actions() if x != m.actions[k])
    path = saved(m, tmp_path, lambda d: d["actions"].__setitem__(k, other.to_json()))
    with pytest.raises(SaveError, match=rf"g.json: turn 1, action {k + 1} \("):
        load_match(path)


@pytest.mark.parametrize("field", ["chain", "start", "end"])
def test_every_record_is_covered(tmp_path, field):
    m = played(9, 90)

    def edit(d):
        if field == "chain":
            d["chain"][40] = d["chain"][40][::-1]
        else:
            d[field] = "f" * 64

    with pytest.raises(SaveError) as e:
        load_match(saved(m, tmp_path, edit))
    where = {"chain": f"turn {turn_before(m, 40)}, action 41 ",
             "start": "turn 1, before the first action",
             "end": f"turn {m.turn}, after the last action (90)"}[field]
    assert where in str(e.value)


def test_the_stamp_is_covered_too(tmp_path, monkeypatch):
    m = played(2, 30)
    path = saved(m, tmp_path, lambda d: d["stamp"].update(physics="1.0"))
    with pytest.raises(SaveError, match="made with physics 1.0"):
        load_match(path)  # what _check_stamp says first
    ruleset = m.ruleset
    monkeypatch.setattr(type(ruleset), "save_stamp", lambda self: {"physics": "1.0"},
                        raising=False)
    with pytest.raises(SaveError, match="turn 1, before the first action"):
        load_match(path)  # the stamp now agrees, but it is not the one the chain covers


def test_cut_or_padded_records_name_the_action(tmp_path):
    m = played(4, 50)
    with pytest.raises(SaveError, match=r"action 50: the save holds no record"):
        load_match(saved(m, tmp_path, lambda d: d["chain"].pop()))
    with pytest.raises(SaveError, match=r"action 51: the save records 51 actions but holds 50"):
        load_match(saved(m, tmp_path, lambda d: d["chain"].append("0" * 64)))


def test_an_old_format_save_is_one_clear_error(tmp_path):
    path = tmp_path / "old.json"
    path.write_text(json.dumps({"format": 1, "game": "skirmish-table",
                                "scenario": "hill_fight.toml", "seed": 1, "actions": [],
                                "hashes": {}, "final": "0" * 64}))
    with pytest.raises(SaveError) as e:
        load_match(path)
    assert str(e.value) == ("old.json: made by an older version of the game (save format 1); "
                            f"this version reads format {SAVE_FORMAT} and cannot replay it")


def test_undo_and_replay_keep_the_chain():
    m = played(6, 70)
    chain = list(m.chain)
    m.undo(25)
    assert m.chain == chain[:45]
    for a in [*played(6, 70).actions[45:]]:
        m.apply(a)
    assert m.chain == chain
    fresh = Match(m.scenario, m.ruleset, m.map, m.seed)
    for a, _events in m.replay():
        fresh.apply(a)
    assert fresh.chain == chain and fresh.end_link() == m.end_link()


def test_the_chain_is_the_same_read_after_every_action_or_only_at_the_end():
    m = played(11, 120)  # nothing read while it was played
    step = open_match("hill_fight", 11)
    links, hashes = [], []
    for a in m.actions:
        step.apply(a)
        links.append(step.chain[-1])
        hashes.append(dict(step.turn_hashes))
    assert m.chain_start == step.chain_start and m.chain == links
    assert m.turn_hashes == step.turn_hashes == hashes[-1]
    assert m.end_link() == step.end_link()
    # an undo of links never read, then play on: the same links again
    again = played(11, 120)
    again.undo(30)
    assert again.chain == links[:90] and again.turn_hashes == hashes[89]
    for a in m.actions[90:]:
        again.apply(a)
    assert again.chain == links and again.end_link() == m.end_link()
