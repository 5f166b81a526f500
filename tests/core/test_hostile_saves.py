"""Saves holding values of the wrong type or size (issue 10, point 3): each is one
SaveError naming the file, never a traceback and never "Something went wrong"."""

import json

import pytest

import main
from game.ai import RandomPlayer
from game.core.errors import SaveError
from game.core.match import MAX_SAVE_BYTES
from game.headless import play_game
from game.rules import load_match, open_match


@pytest.fixture(scope="module")
def save_text(tmp_path_factory):
    m = open_match("hill_fight", 3)
    play_game(m, {s: RandomPlayer(3) for s in m.sides}, max_actions=40)
    path = tmp_path_factory.mktemp("s") / "g.json"
    m.save(path)
    return path.read_text()


def first(data, kind):
    return next(a for a in data["actions"] if a["kind"] == kind)


EDITS = {
    "meta is a list": lambda d: d.update(meta=[1, 2]),
    "meta is a string": lambda d: d.update(meta="ab"),
    "an action kind is a list": lambda d: d["actions"][0].update(kind=["move"]),
    "an action is a list": lambda d: d["actions"].__setitem__(0, [["move"]]),
    "a figure id is an object": lambda d: first(d, "move").update(figure={"id": "pip"}),
    "a hex is a string": lambda d: first(d, "move").update(to="21"),
    "a hex is a float": lambda d: first(d, "move").update(to=21.0),
    "a hex is a bool": lambda d: first(d, "move").update(to=True),
    "a hex is null": lambda d: first(d, "move").update(to=None),
    "a hex is off the board": lambda d: first(d, "move").update(to=10 ** 30),
    "a hex is nested deep": lambda d: first(d, "move").update(to=json.loads("[" * 900 +
                                                                           "]" * 900)),
    "the scenario path holds a NUL": lambda d: d.update(scenario="hill\x00fight.toml"),
    "the scenario path is /dev/zero": lambda d: d.update(scenario="/dev/zero"),
    "the seed is huge": lambda d: d.update(seed=2 ** 70),
    "the seed is a float": lambda d: d.update(seed=3.0),
    "the seed is true": lambda d: d.update(seed=True),
    "the stamp holds an object": lambda d: d.update(stamp={"physics": {"v": [1]}}),
    "the chain holds a number": lambda d: d["chain"].__setitem__(3, 7),
    "the format is a string": lambda d: d.update(format="2"),
}


@pytest.mark.parametrize("what", EDITS)
def test_wrongly_typed_values_are_one_save_error(tmp_path, save_text, what):
    data = json.loads(save_text)
    EDITS[what](data)
    path = tmp_path / "bad.json"
    path.write_text(json.dumps(data))
    with pytest.raises(SaveError) as e:
        load_match(path)
    msg = str(e.value)
    assert msg.startswith("bad.json: ") and "\n" not in msg, msg


RAW = {
    "a lone surrogate in the scenario path": lambda t: t.replace('"hill_fight.toml"',
                                                                 '"hill\\ud800.toml"'),
    "a seed of 4,301 digits": lambda t: t.replace('"seed": 3', '"seed": ' + "9" * 4301),
    "JSON nested 100,000 deep": lambda t: t.replace('"meta": ', '"x": ' + "[" * 100_000 +
                                                    "]" * 100_000 + ', "meta": '),
    "meta nested 900 deep": lambda t: t.replace('"meta": {', '"meta": {"deep": ' + "[" * 900
                                                + "]" * 900 + ', '),
}


@pytest.mark.parametrize("what", RAW)
def test_raw_json_that_cannot_be_read_as_a_save_is_one_error(tmp_path, save_text, what,
                                                             capsys):
    path = tmp_path / "bad.json"
    path.write_text(RAW[what](save_text))
    try:
        m = load_match(path)
    except SaveError as e:
        assert str(e).startswith("bad.json: ") and "\n" not in str(e)
    else:  # a save may keep notes nobody reads: they are dropped, and it saves again
        assert what == "meta nested 900 deep" and "deep" not in m.meta
        m.save(tmp_path / "again.json")
    code = main.main(["--headless", "--load", str(path)])
    out, err = capsys.readouterr()
    assert code in (0, 2) and (code == 0 or (err.count("\n") == 1 and "bad.json" in err))


def test_a_save_larger_than_any_real_one_is_not_read(tmp_path, save_text):
    path = tmp_path / "big.json"
    path.write_text(save_text[:-2] + ', "pad": "' + "x" * MAX_SAVE_BYTES + '"}')
    with pytest.raises(SaveError, match=rf"big.json: cannot be read: it is \d+ bytes, more "
                                        rf"than the {MAX_SAVE_BYTES} bytes such a file may be"):
        load_match(path)


def test_the_notes_of_a_save_keep_only_names_and_numbers(tmp_path, save_text):
    data = json.loads(save_text)
    data["meta"].update(controllers={"wardens": "computer"}, turn=2, title="Hill fight",
                        junk=[[1]], more={"a": [1]})
    path = tmp_path / "g.json"
    path.write_text(json.dumps(data))
    m = load_match(path)
    assert m.meta["controllers"] == {"wardens": "computer"} and m.meta["turn"] == 2
    assert "junk" not in m.meta and "more" not in m.meta
