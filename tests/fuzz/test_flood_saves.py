"""Saves of a game in the sewers (the flood ruleset), a few moves past the flood, tampered
with: each tampered save is refused with one SaveError naming the file and the first
turn and action that differ (or "before the first action", "after the last action"),
like the saves of the other scenarios; the untouched save loads, and plays on exactly as
the game it was saved from (the washes' physics replayed alike); values of the wrong type
in a sewer action are one SaveError naming the action."""

from __future__ import annotations

import copy
import json
import re
from dataclasses import dataclass
from typing import Any

import pytest
from fuzzing import SAVE_PLAY, Chooser, first_change, shipped_save

from game.ai import RandomPlayer
from game.core.errors import SaveError
from game.rules import load_match, open_match
from game.rules.squads.flood.queries import queries_for

FLOOD = sorted(SAVE_PLAY)
"""The sewer scenarios (the fuzzer's saves of them are past the flood)."""


@dataclass
class Game:
    name: str
    saved: dict[str, Any]
    """The save as JSON."""
    turns: list[int]
    """The turn in which each action was played (the turn before it)."""
    last_turn: int
    flood_at: int
    """The index of the action whose end of turn brought the flood (F-2)."""


@pytest.fixture(scope="module", params=FLOOD)
def game(request, tmp_path_factory) -> Game:
    name = request.param
    path = shipped_save(tmp_path_factory.mktemp(name), name)
    saved = json.loads(path.read_text())
    m = open_match(name, saved["seed"])
    turns, flood_at = [], None
    for k, action in enumerate(load_match(path).actions):
        turns.append(m.turn)
        m.apply(action)
        if flood_at is None and queries_for(m.state).flood_turn() is not None:
            flood_at = k
    assert flood_at is not None and queries_for(m.state).washes(), "no flood in the save"
    return Game(name, saved, turns, m.turn, flood_at)


def test_the_fuzzers_sewer_saves_are_a_few_moves_past_the_flood(game):
    acts = len(game.saved["actions"])
    assert 5 <= acts - 1 - game.flood_at <= 60, (game.flood_at, acts)


def refusal(tmp_path, doc: dict[str, Any] | bytes) -> str | None:
    """The SaveError's message for the save ``doc`` (None if it loads)."""
    path = tmp_path / "tampered.json"
    path.write_bytes(doc if isinstance(doc, bytes) else json.dumps(doc).encode())
    try:
        load_match(path)
    except SaveError as e:
        msg = str(e)
        assert msg.startswith("tampered.json: ") and "\n" not in msg, msg
        return msg
    return None


def expected(game: Game, doc: dict[str, Any], what: str = "") -> str:
    """What the refusal of the tampered ``doc`` must say: the turn and the first change."""
    where = first_change(game.saved, json.dumps(doc).encode())
    n = len(doc["actions"])
    if where is None and n < len(game.turns) and len(doc["chain"]) == n:
        # every action and record it holds match: the replay ends short of the end's record
        return f"turn {game.turns[n]}, after the last action"
    assert where is not None, f"{what}: the edit changed nothing the chain covers"
    if where == "before the first action":
        return f"turn 1, {where}"
    if where == "after the last action":
        return f"turn {game.last_turn}, {where}"
    k = int(where.split()[1]) - 1
    turn = game.turns[k] if k < len(game.turns) else game.last_turn
    return f"turn {turn}, {where}"


def nudged_point(p: Any) -> Any:
    return {**p, "x": p["x"] + 1} if isinstance(p, dict) and "x" in p else p


SWAP = {"move": "rejoin", "done": "run", "end_phase": "done", "run": "done",
        "difficult": "done", "rejoin": "done", "shoot": "run", "charge": "run"}
"""Another kind of the sewer's actions for an action of each kind (fields alike)."""


def edits_of(game: Game, k: int) -> dict[str, Any]:
    """Edits of action ``k`` (its fields, its place) and of its record in the chain."""
    acts = game.saved["actions"]
    act = acts[k]
    units = sorted({a["unit"] for a in acts if "unit" in a})
    models = sorted({a["model"] for a in acts if "model" in a})
    sides = sorted({a["side"] for a in acts if "side" in a})
    out: dict[str, Any] = {}

    def other(values: list[str], v: str) -> str:
        return next((x for x in values if x != v), v + "x")

    for f, v in act.items():
        if f == "kind":
            out["its kind"] = lambda a: a.update(kind=SWAP.get(a["kind"], "done"))
        elif f == "to":
            out["its point moved a hundredth of an inch"] = lambda a: a.update(
                to=nudged_point(a["to"]))
        elif f in ("unit", "target"):
            out[f"its {f}"] = lambda a, f=f, v=v: a.update({f: other(units, v)})
        elif f == "model":
            out["its model"] = lambda a, v=v: a.update(model=other(models, v))
        elif f == "side":
            out["its side"] = lambda a, v=v: a.update(side=other(sides, v))
    tampered: dict[str, Any] = {}
    for what, edit in out.items():
        doc = copy.deepcopy(game.saved)
        edit(doc["actions"][k])
        tampered[f"action {k + 1}: {what}"] = doc
    doc = copy.deepcopy(game.saved)
    del doc["actions"][k]
    del doc["chain"][k]
    tampered[f"action {k + 1} dropped with its record"] = doc
    if k + 1 < len(acts) and acts[k] != acts[k + 1]:
        doc = copy.deepcopy(game.saved)
        doc["actions"][k], doc["actions"][k + 1] = acts[k + 1], acts[k]
        tampered[f"actions {k + 1} and {k + 2} swapped"] = doc
    doc = copy.deepcopy(game.saved)
    doc["actions"].insert(k, acts[k])
    doc["chain"].insert(k, game.saved["chain"][k])
    tampered[f"action {k + 1} played twice, with its record"] = doc
    doc = copy.deepcopy(game.saved)
    h = doc["chain"][k]
    doc["chain"][k] = ("0" if h[0] != "0" else "1") + h[1:]
    tampered[f"the record of action {k + 1}"] = doc
    return tampered


def places(game: Game) -> list[int]:
    """The actions tampered with: the first, those around the flood (the end of turn that
    brought it, the first moves in the water), a few seeded others, the last."""
    n = len(game.saved["actions"])
    c = Chooser(n)
    around = [game.flood_at + d for d in (-1, 0, 1, 2) if 0 <= game.flood_at + d < n]
    return sorted({0, *around, *(c.below(n) for _ in range(3)), n - 1})


def test_every_tampered_flood_save_is_refused_naming_the_first_change(game, tmp_path):
    tried = 0
    for k in places(game):
        for what, doc in edits_of(game, k).items():
            msg = refusal(tmp_path, doc)
            want = expected(game, doc, what)
            assert msg is not None, f"{game.name}: {what}: it loads"
            assert re.search(rf"{re.escape(want)}(?!\d)", msg), (game.name, what, want, msg)
            tried += 1
    assert tried >= 40


WHOLE = {
    "the seed": lambda d: d.update(seed=d["seed"] + 1),
    "the start's record": lambda d: d.update(start="0" * 64),
    "the end's record": lambda d: d.update(end="0" * 64),
    "a last action added": lambda d: d["actions"].append(dict(d["actions"][-1])),
    "a last record added": lambda d: d["chain"].append(d["chain"][-1]),
    "the last action dropped": lambda d: d["actions"].pop(),
    "the last action and its record dropped": lambda d: (d["actions"].pop(),
                                                         d["chain"].pop()),
}


@pytest.mark.parametrize("what", WHOLE)
def test_a_flood_save_tampered_at_either_end_is_refused_naming_where(game, tmp_path, what):
    doc = copy.deepcopy(game.saved)
    WHOLE[what](doc)
    msg = refusal(tmp_path, doc)
    assert msg is not None, f"{game.name}: {what}: it loads"
    want = expected(game, doc, what)
    assert re.search(rf"{re.escape(want)}(?!\d)", msg), (what, want, msg)


def test_an_untouched_flood_save_loads_and_plays_on_as_the_game_did(game, tmp_path):
    m = open_match(game.name, game.saved["seed"])
    path = tmp_path / "g.json"
    path.write_text(json.dumps(game.saved))
    loaded = load_match(path)
    for a in loaded.actions:
        m.apply(a)
    assert loaded.chain == m.chain and loaded.state_hash() == m.state_hash()
    players = {s: RandomPlayer(11) for s in m.sides}
    again = {s: RandomPlayer(11) for s in m.sides}
    for _ in range(40):  # past the next end of turn: a flood may come again
        if m.outcome() is not None:
            break
        a, b = players[m.to_act()].choose(m), again[loaded.to_act()].choose(loaded)
        assert a == b
        m.apply(a)
        loaded.apply(b)
        assert m.chain[-1] == loaded.chain[-1]
    assert queries_for(loaded.state).washes() == queries_for(m.state).washes()


def first_of(doc: dict[str, Any], kind: str, after: int = 0) -> tuple[int, dict[str, Any]]:
    return next((k, a) for k, a in enumerate(doc["actions"]) if k >= after and
                a["kind"] == kind)


TYPED = {
    "a point's x is a string": ("move", lambda a: a["to"].update(x="300")),
    "a point's x is a float": ("move", lambda a: a["to"].update(x=300.5)),
    "a point's x is true": ("move", lambda a: a["to"].update(x=True)),
    "a point's x is huge": ("move", lambda a: a["to"].update(x=10 ** 30)),
    "a point's y is missing": ("move", lambda a: a["to"].pop("y")),
    "a point has a z": ("move", lambda a: a["to"].update(z=1)),
    "a point is a list": ("move", lambda a: a.update(to=[300, 1600])),
    "a point is null": ("move", lambda a: a.update(to=None)),
    "a point is nested deep": ("move", lambda a: a.update(to=json.loads("[" * 900 + "]" * 900))),
    "a model is a number": ("move", lambda a: a.update(model=7)),
    "a model is of no unit": ("move", lambda a: a.update(model="nobody-1")),
    "a model holds a NUL": ("move", lambda a: a.update(model="alpha\x00-1")),
    "a unit is an object": ("done", lambda a: a.update(unit={"id": "alpha"})),
    "a unit is unknown": ("done", lambda a: a.update(unit="vermin")),
    "a unit is long": ("done", lambda a: a.update(unit="A" * 5000)),
    "a side is a list": ("end_phase", lambda a: a.update(side=["troopers"])),
    "a side is not one": ("end_phase", lambda a: a.update(side="vermin")),
    "a kind is not one": ("done", lambda a: a.update(kind="flood")),
    "a kind is a list": ("done", lambda a: a.update(kind=["done"])),
    "a field is missing": ("done", lambda a: a.pop("unit")),
    "a field too many": ("done", lambda a: a.update(target="swarm")),
}


@pytest.mark.parametrize("what", TYPED)
def test_wrongly_typed_values_in_a_flood_action_are_one_save_error(game, tmp_path, what):
    kind, edit = TYPED[what]
    doc = copy.deepcopy(game.saved)
    k, act = first_of(doc, kind, after=game.flood_at)
    edit(act)
    msg = refusal(tmp_path, doc)
    assert msg is not None, f"{game.name}: {what}: it loads"
    assert f"turn {game.turns[k]}, action {k + 1}" in msg, msg
