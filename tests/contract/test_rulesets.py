"""The engine's contract, checked for every registered ruleset on every shipped scenario.

A new rule system gets these by registering its ruleset and shipping a scenario: random
legal play through Match, actions that survive JSON, clone / undo / save / load / replay
round trips with equal hashes, a clone that cannot see the real dice, pieces a front end
can draw, and a golden transcript per scenario (tests/golden_games.py writes them).
"""

from __future__ import annotations

import json
from typing import Any

import pytest
from golden_games import BATCHES, GOLDEN, batch, shipped_scenarios, transcript

from game.ai import RandomPlayer
from game.core.match import Match
from game.core.places import PLACE_TYPES
from game.core.ruleset import Outcome, PieceView, canonical_json
from game.rules import RULESETS, get_ruleset, load_match, new_match

SCENARIOS = shipped_scenarios()
RANDOM_ACTIONS = 250
"""Actions of random play per game (several turns of every shipped scenario)."""


def _ids(s: Any) -> str:
    return f"{s.ruleset}:{s.key}"


def test_every_registered_ruleset_ships_a_scenario():
    played = {s.ruleset for s in SCENARIOS}
    assert set(RULESETS.keys()) <= played, set(RULESETS.keys()) - played


def test_every_ruleset_declares_its_contract():
    for key in RULESETS:
        r = get_ruleset(key)
        assert r.key == key
        assert r.title and r.board_kind
        assert r.phases.first in r.phases.order
        assert r.actions.types, f"{key} registers no actions"


def random_game(scenario: Any, seed: int, n: int = RANDOM_ACTIONS) -> Match[Any]:
    """``n`` random legal actions (or to the end), checking each one on the way."""
    m = new_match(scenario, seed)
    player = RandomPlayer(seed + 101)
    registry = m.ruleset.actions
    for _ in range(n):
        if m.outcome() is not None:
            assert m.to_act() is None and m.legal_actions() == []
            break
        side = m.to_act()
        assert side in m.sides
        legal = m.legal_actions()
        assert legal, f"turn {m.turn} {m.phase}: {side} to act with no legal action"
        a = player.choose(m)
        assert m.why_illegal(a) is None
        back = registry.from_json(json.loads(json.dumps(a.to_json())))
        assert back == a, (a, back)
        m.apply(a)
        assert m.phase in m.ruleset.phases.order
    return m


@pytest.mark.parametrize("scenario", SCENARIOS, ids=_ids)
def test_random_play_keeps_the_contract(scenario):
    for seed in (1, 2):
        m = random_game(scenario, seed)
        json.dumps(m.state.to_json())  # the state is plain JSON
        pieces = m.pieces()
        assert pieces and all(isinstance(p, PieceView) for p in pieces)
        assert {p.side for p in pieces} <= set(m.sides)
        assert len({p.id for p in pieces}) == len(pieces)
        for p in pieces:
            assert p.place is None or isinstance(p.place, PLACE_TYPES)
            assert p.health <= p.health_max
        o = m.outcome()
        if o is not None:
            assert isinstance(o, Outcome) and (o.winner is None or o.winner in m.sides)
            assert Outcome.from_json(o.to_json()) == o


@pytest.mark.parametrize("scenario", SCENARIOS, ids=_ids)
def test_same_seed_same_game_other_seed_other_dice(scenario):
    a, b = random_game(scenario, 5, 120), random_game(scenario, 5, 120)
    assert a.state_hash() == b.state_hash() and a.turn_hashes == b.turn_hashes
    assert new_match(scenario, 5).dice.clone().faces(40) != \
        new_match(scenario, 6).dice.clone().faces(40)


@pytest.mark.parametrize("scenario", SCENARIOS, ids=_ids)
def test_clone_is_independent_and_cannot_see_the_real_dice(scenario):
    m = random_game(scenario, 3, 60)
    before = m.state_hash()
    c = m.clone()
    assert canonical_json(c.state.to_json()) == canonical_json(m.state.to_json())
    if c.outcome() is None:
        c.apply(c.legal_actions()[-1])
    assert m.state_hash() == before  # playing on the clone changed nothing real
    real_future = m.dice.clone().faces(40)
    assert m.clone().dice.faces(40) != real_future
    assert m.clone(seed=99).dice.faces(40) == m.clone(seed=99).dice.faces(40)


@pytest.mark.parametrize("scenario", SCENARIOS, ids=_ids)
def test_undo_goes_back_to_the_same_hashes(scenario):
    m = new_match(scenario, 4)
    player = RandomPlayer(4)
    hashes = [m.state_hash()]
    for _ in range(80):
        if m.outcome() is not None:
            break
        m.apply(player.choose(m))
        hashes.append(m.state_hash())
    for k in range(len(hashes) - 1, 0, -7):
        m.undo(len(m.actions) - (k - 1))
        assert m.state_hash() == hashes[k - 1]
    m.undo(len(m.actions))
    assert m.actions == [] and m.state_hash() == hashes[0]
    assert m.undo() is None


@pytest.mark.parametrize("scenario", SCENARIOS, ids=_ids)
def test_save_load_and_replay_round_trip(scenario, tmp_path):
    m = random_game(scenario, 8, 150)
    path = tmp_path / "game.json"
    m.save(path)
    again = load_match(path)
    assert again.state_hash() == m.state_hash()
    assert again.actions == m.actions and again.turn_hashes == m.turn_hashes
    replayed = list(m.replay())
    assert [a for a, _ in replayed] == m.actions
    fresh = new_match(scenario, m.seed)
    for a in m.actions:
        fresh.apply(a)
    assert fresh.state_hash() == m.state_hash()


@pytest.mark.parametrize("scenario", SCENARIOS, ids=_ids)
def test_golden_transcript(scenario):
    path = GOLDEN / f"{scenario.key}.json"
    assert path.is_file(), "no golden transcript: run python tests/golden_games.py --write"
    want = json.loads(path.read_text(encoding="utf-8"))
    got = json.loads(json.dumps(transcript(scenario, want["seed"])))
    for k, (a, b) in enumerate(zip(want["actions"], got["actions"], strict=False)):
        assert a == b, f"action {k + 1} differs"
    assert len(got["actions"]) == len(want["actions"])
    for k, (a, b) in enumerate(zip(want["events"], got["events"], strict=False)):
        assert a == b, f"event {k + 1} differs"
    assert got == want


@pytest.mark.parametrize("name", BATCHES)
def test_plays_game_for_game_as_recorded(name):
    """100 seeded computer-against-computer games of each scenario: the same actions,
    winners, lengths and per-turn state hashes as recorded (the Hill fight's since before
    the engine took any rule system; the rest since before the rooms were rebuilt)."""
    want = json.loads((GOLDEN / f"{name}_100.json").read_text(encoding="utf-8"))
    seeds = [g["seed"] for g in want["games"]]
    got = batch(want["scenario"], range(seeds[0], seeds[-1] + 1))
    assert [g["seed"] for g in got] == seeds
    for w, g in zip(want["games"], got, strict=True):
        assert g == w, f"seed {w['seed']}"
