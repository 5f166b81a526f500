"""The flood's demos (maps/demos/f*_*.toml) checked through the wash's own functions:
their figures set up as units, their dice faces rolled through F-2's roll at the start of
each turn and the flood that comes, and what each demo's text says it shows (the demo
runner plays them through the flood ruleset's turn; these checks need only the wash)."""

from __future__ import annotations

import tomllib
from pathlib import Path

import pytest
from wash_sewers import SHIPPED, shipped

from game.boards.corridors import Corridors
from game.boards.tiled import load_map
from game.core.dice import Dice
from game.core.places import Point
from game.rules.squads.events import SquadKind
from game.rules.squads.flood import water
from game.rules.squads.flood.wash import FloodWashKind as K
from game.rules.squads.units import Model, Unit

ROOT = Path(__file__).resolve().parents[3]
DEMOS = sorted((ROOT / "maps" / "demos").glob("f[0-9]*_*.toml"))
PHASES = 6
"""end_phase steps in a game turn: two sides, three phases each."""


def read(path: Path) -> dict:
    return tomllib.loads(path.read_text(encoding="utf-8"))


def board_of(path: Path, demo: dict) -> Corridors:
    """The demo's sewer: its scenario's map if it is there, else the shipped map as
    wash_sewers draws it."""
    scenario = (path.parent / demo["demo"]["scenario"]).resolve()
    if scenario.exists():
        tmx = scenario.parent / read(scenario)["scenario"]["map"]
        if tmx.exists():
            return load_map(tmx).board
    return shipped(scenario.stem)


def units_of(demo: dict) -> dict[str, Unit]:
    """The demo's figures as units, by squad (models "<squad>-<n>" in order)."""
    squads: dict[str, list[dict]] = {}
    for f in demo["figure"]:
        squads.setdefault(f["squad"], []).append(f)
    out = {}
    for squad, figs in squads.items():
        ms = [Model.new(f"{squad}-{k}", f["unit"], f["place"]["x"] / 100,
                        f["place"]["y"] / 100, name=f["name"]) for k, f in enumerate(figs, 1)]
        lead = [m.id for m, f in zip(ms, figs, strict=True) if f.get("leader")]
        out[squad] = Unit(squad, squad, figs[0]["side"], ms, lead[0] if lead else None)
    return out


def play(path: Path):
    """The demo's flood with its faces: (board, units, F-2 events, flood result)."""
    demo = read(path)
    board, units = board_of(path, demo), units_of(demo)
    steps = demo["step"]
    assert all(s["action"]["kind"] == "end_phase" and s["text"] for s in steps)
    dice = Dice.scripted(demo["demo"].get("faces", []))
    rolled, result, came = [], None, None
    for turn in range(2, 2 + len(steps) // PHASES):
        if water.flood_may_come(turn, came):
            comes, events = water.flood_comes(turn, dice)
            rolled += events
            if comes:
                came = turn
                result = water.resolve_flood(board, list(units.values()), dice)
    assert dice._script == [], f"{path.name}: faces left over {dice._script}"
    return board, units, rolled, result


def test_the_flood_demos_are_shipped_with_their_rule_in_their_name():
    assert {p.stem.split("_")[0] for p in DEMOS} >= {"f2", "f3", "f4", "f5", "f6", "f8", "f9"}
    for p in DEMOS:
        demo = read(p)["demo"]
        assert demo["rule"] == "F-" + p.stem.split("_")[0][1:] and demo["text"]


def demo(key: str) -> Path:
    [p] = [p for p in DEMOS if p.stem.startswith(key + "_")]
    return p


def test_f2_demo_no_flood_on_5_3_1_then_sure_on_turn_5():
    _b, _u, rolled, result = play(demo("f2"))
    assert [e.roll.total if e.roll else None for e in rolled] == [5, 3, 1, None]
    assert [float(water.flood_chance(t)) for t in (2, 3, 4, 5)] == [1 / 6, 1 / 2, 5 / 6, 1]
    assert result is not None and not result.washes
    assert len([e for e in result.events if e.kind == K.OUT_OF_REACH]) == 2


def test_f3_demo_halves_in_turn_furthest_first_ties_by_a_die():
    _b, units, _r, result = play(demo("f3"))
    names = {m.id: m.name for u in units.values() for m in u.models}
    tests = [names[e.figure] for e in result.events
             if e.kind in (SquadKind.TEST_PASSED, SquadKind.TEST_FAILED)]
    assert tests == ["Swarm 1", "Swarm 2", "Sergeant A", "Trooper B1", "Trooper B2"]
    assert [names[e.figure] for e in result.events if e.kind == K.ORDER] == [
        "Trooper B1", "Trooper B2"]
    assert [e.amount for e in result.events if e.kind == K.HALF] == [0, 1, 3]


def test_f4_demo_an_exploding_carry_round_a_bend_and_a_fork_roll():
    board, _u, _r, result = play(demo("f4"))
    fork = min(board.forks, key=lambda f: abs(f.point[0] - 11) + abs(f.point[1] - 4))
    assert water.fork_split(board, fork).text() == "1-3 Outfall, east; 4-6 West shaft, south"
    assert [(w.model, w.path, w.carried) for w in result.washes] == [
        ("alpha-1", (Point(3000, 400), Point(3800, 400), Point(3800, 600)), 1000),
        ("bravo-1", (Point(800, 400), Point(1100, 400), Point(1100, 600)), 500)]
    [roll] = [e for e in result.events if e.kind == K.FORK]
    assert roll.roll.total == 5 and "West shaft, south" in roll.text


def test_f5_demo_a_model_that_stopped_is_bumped_and_carried_on():
    _b, units, _r, result = play(demo("f5"))
    assert [(w.model, w.carried, w.bumped_by) for w in result.washes] == [
        ("alpha-1", 200, None), ("bravo-1", 702, None), ("alpha-1", 400, "bravo-1")]
    sarge, trooper = units["alpha"].models[0], units["bravo"].models[0]
    assert (sarge.x, trooper.x) == (30, 25.02)


def test_f6_demo_the_damage_bands_and_the_strength_3_hit_at_a_grate():
    board, _u, _r, result = play(demo("f6"))
    assert [(w.carried, w.stopped_by) for w in result.washes] == [
        (600, "dead end"), (300, None), (290, "9")]
    said = [e.text.split(" against")[0].split("] ", 1)[-1] for e in result.events
            if e.kind in (SquadKind.WOUNDED, SquadKind.NOT_WOUNDED)]
    assert said == ["S 3 (carried 6 inches: S 3)", "S 3 (stopped by impassable terrain: S 3)",
                    "S 2 (carried 3 inches: S 2)", "S 1 (carried 2.9 inches: S 1)",
                    "S 3 (stopped by impassable terrain: S 3)"]
    assert water.stopper_name(board, "9") == "grate 'Grate' (object id 9)"


def test_f8_demo_scattered_at_3_of_7_not_at_3_of_6():
    _b, units, _r, result = play(demo("f8"))
    assert result is None
    assert water.is_scattered(units["alpha"]) and not water.is_scattered(units["bravo"])
    assert len(water.stragglers(units["alpha"])) == 4
    assert len(water.stragglers(units["bravo"])) == 3


def test_f9_demo_through_a_scattered_enemy_and_into_one_not_scattered():
    from game.rules.demos import load_demo
    from game.rules.squads.flood.events import FloodKind

    d = load_demo(demo("f9"))
    m = d.new_match()
    q = m.ruleset.queries(m.state)
    assert q.is_scattered("swarm") and not q.is_scattered("brood_b")
    assert (q.rejoin_plan("alpha-4").kind, q.rejoin_plan("bravo-4").kind) == ("through", "into")
    said, locks = [], []
    for step in d.steps:
        said.append(m.apply(step.action))
        locks.append([e.kind for e in m.state.engagements])
    assert locks[2] == ["f9"] and locks[-2] == ["f9"]  # locked into the enemy's turn
    kinds = [[e.kind for e in events] for events in said]
    assert FloodKind.THROUGH in kinds[0] and FloodKind.REJOINED in kinds[1]
    fights = [e.text for e in said[2] if e.kind == FloodKind.FIGHT and e.rule == "F-9"]
    assert len(fights) == 2 and "went through" in fights[0] and "as if" in fights[1]
    a3, swarm = m.state.model("alpha-4"), m.state.model("swarm-1")
    assert a3.alive and a3.x < swarm.x - 2 * a3.radius - 1  # through, and clear by an inch
    assert FloodKind.BROKE_OFF in kinds[-1] and m.state.engagements == []
    assert m.state.model("bravo-4").alive and m.state.flood_turn is None


@pytest.mark.parametrize("name", sorted(SHIPPED))
def test_the_shipped_maps_match_the_demos_stand_ins(name):
    tmx = ROOT / "maps" / f"{name}.tmx"
    if not tmx.exists():
        pytest.skip(f"{tmx.name} is not on this branch yet (engineer smaps')")
    real, mine = load_map(tmx).board, shipped(name)
    assert {c.id: (c.points, c.width) for c in real.corridors.values()} == {
        c.id: (c.points, c.width) for c in mine.corridors.values()}
    flood_kinds = ("gantry", "grate", "sluice", "cave-in")
    ours = [f for f in real.features if f.kind in flood_kinds]
    assert [(f.id, f.kind, f.label) for f in ours] == [
        (f.id, f.kind, f.label) for f in mine.features]
    for a, b in zip(ours, mine.features, strict=True):
        assert [c for p in a.points for c in p] == pytest.approx(
            [c for p in b.points for c in p], abs=1e-9)
    assert real.origin == mine.origin
