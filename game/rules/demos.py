"""Demos: a rule shown on the table, step by step, for teaching.

A demo is data, a TOML file in ``maps/demos/``: the rule it shows, a short explanation
drawn from the rule text, a scenario (its map and units) with the figures placed where the
rule needs them, optionally the dice faces to roll (so a worked example rolls exactly as
in the book), and the actions to play, each with a sentence saying what it shows::

    [demo]
    rule = "H-22"                       # the rule id it shows (RULES.md)
    title = "Climbing the side view"
    scenario = "../test/side_view.toml" # relative to this file
    seed = 1                            # the dice (after the faces, if any)
    faces = [3, 1, 4]                   # optional: the first dice, in the order rolled
    text = "What the rule says, in a few sentences."

    [[figure]]                          # optional: replaces the map's own figures
    name = "Pip"
    side = "a"
    unit = "hobbit"
    hex = [2, 1]                        # a hex board's column and row...
    facing = 0
    # place = { zone = "yard" }         # ...or any place as a save writes it

    [[step]]
    action = { kind = "choose_first", side = "a", first = "a" }
    text = "The hobbit's side won the initiative and moves first."

Steps are actions exactly as saves write them, so a demo can be made by playing the
position and copying the actions from the save. A new rule system adds its demos as
files; nothing here knows any ruleset.

Where a rule system sets its table by play rather than by the map (Tabletop Hero's
armies are chosen, then deployed, K-2, K-3), the demo reaches its position with
``[[setup]]`` actions, written like steps (an ``action``, no text needed): they are
played, with the demo's dice, before its first frame, and the demo never steps back
past them::

    [[setup]]
    action = { kind = "take_army", side = "green" }
"""

from __future__ import annotations

import re
import tomllib
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from game.core.dice import Dice
from game.core.errors import GameError, ScenarioError
from game.core.match import Match
from game.core.places import Cell, LoadedMap, Place, Placement, place_from_json
from game.core.ruleset import Action
from game.core.scenario import MAPS_DIR, Scenario, load_scenario
from game.rules import board_for, get_ruleset

DEMOS_DIR = MAPS_DIR / "demos"
RULE_ID = re.compile(r"^([A-Z])-(\d+)$")


@dataclass(frozen=True)
class DemoStep:
    """One action of a demo and what it shows."""

    action: Action
    text: str


@dataclass(frozen=True)
class Demo:
    """A rule shown on the table (see the module text)."""

    key: str
    rule: str
    title: str
    text: str
    scenario: Scenario
    board: LoadedMap[Any]
    seed: int
    faces: tuple[int, ...] | None
    steps: tuple[DemoStep, ...]
    path: Path
    setup: tuple[Action, ...] = ()
    """Actions played before the first frame to reach the position (see the module
    text)."""

    def new_match(self) -> Match[Any]:
        """The demo's position before its first step (its dice ready to roll): the
        scenario set up, then its ``setup`` actions played. ScenarioError naming the
        file and the setup action that is not legal where it comes."""
        dice = Dice.scripted(self.faces, then_seed=self.seed) if self.faces is not None \
            else None
        m = Match(self.scenario, get_ruleset(self.scenario.ruleset), self.board,
                  self.seed, dice=dice)
        for k, action in enumerate(self.setup, 1):
            why = m.why_illegal(action)
            if why is not None:
                raise ScenarioError(f"{self.path.name}: setup {k} ({m.describe(action)}) is "
                                    f"not legal there: {why}")
            try:
                m.apply(action)
            except GameError as e:
                raise ScenarioError(f"{self.path.name}: setup {k}: {e}") from None
        return m

    def check(self) -> None:
        """Play the setup and every step once; ScenarioError naming the file and the
        action that is not legal where it comes."""
        m = self.new_match()
        for k, step in enumerate(self.steps, 1):
            why = m.why_illegal(step.action)
            if why is not None:
                raise ScenarioError(f"{self.path.name}: step {k} ({m.describe(step.action)}) "
                                    f"is not legal there: {why}")
            try:
                m.apply(step.action)
            except GameError as e:
                raise ScenarioError(f"{self.path.name}: step {k}: {e}") from None


def rule_order(rule: str) -> tuple[str, int, str]:
    """Sort key of a rule id: by family letter, then number ("H-2" before "H-10")."""
    m = RULE_ID.match(rule)
    return (m.group(1), int(m.group(2)), "") if m else ("~", 0, rule)


def _str(table: Mapping[str, Any], key: str, where: str) -> str:
    v = table.get(key)
    if not isinstance(v, str) or not v.strip():
        raise ScenarioError(f"{where} needs '{key}' as a non-empty string")
    return v.strip()


def _place(board: Any, spec: Mapping[str, Any], where: str) -> Place:
    if "hex" in spec:
        h = spec["hex"]
        if not (isinstance(h, list) and len(h) == 2 and all(isinstance(v, int) for v in h)):
            raise ScenarioError(f"{where}: 'hex' must be [column, row]")
        try:
            return Cell(board.index(h[0], h[1]))
        except (AttributeError, ValueError) as e:
            raise ScenarioError(f"{where}: 'hex' {h} is not a hex of this board ({e})") \
                from None
    if "place" in spec:
        try:
            return place_from_json(spec["place"])
        except ValueError as e:
            raise ScenarioError(f"{where}: {e}") from None
    raise ScenarioError(f"{where} needs 'hex' = [column, row] or a 'place'")


def load_demo(path: str | Path) -> Demo:
    """Read a demo file; ScenarioError naming the file and field at fault."""
    path = Path(path)
    try:
        data = tomllib.loads(path.read_text(encoding="utf-8"))
    except OSError as e:
        raise ScenarioError(f"{path.name}: cannot be read: {e.strerror}") from None
    except (UnicodeDecodeError, tomllib.TOMLDecodeError) as e:
        raise ScenarioError(f"{path.name}: not a valid TOML file: {e}") from None
    head = data.get("demo")
    if not isinstance(head, dict):
        raise ScenarioError(f"{path.name}: has no [demo] table")
    where = f"{path.name}: [demo]"
    rule = _str(head, "rule", where)
    if not RULE_ID.match(rule):
        raise ScenarioError(f"{where} rule '{rule}' is not a rule id like 'H-22'")
    scenario = load_scenario(path.parent / _str(head, "scenario", where))
    ruleset = get_ruleset(scenario.ruleset)
    board = board_for(scenario)
    figs = data.get("figure")
    if figs is not None:
        if not isinstance(figs, list) or not all(isinstance(f, dict) for f in figs):
            raise ScenarioError(f"{path.name}: [[figure]] must be tables")
        placed = []
        for k, f in enumerate(figs, 1):
            w = f"{path.name}: figure {k}"
            facing = f.get("facing")
            if facing is not None and (isinstance(facing, bool)
                                       or not isinstance(facing, int | float)):
                raise ScenarioError(f"{w}: 'facing' must be a number")
            placed.append(Placement(name=_str(f, "name", w), side=_str(f, "side", w),
                                    unit=_str(f, "unit", w), place=_place(board.board, f, w),
                                    facing=facing, label=f"figure '{f['name']}'"))
        board = LoadedMap(board.path, board.kind, board.board, tuple(placed),
                          board.properties)
    seed = head.get("seed", 1)
    if isinstance(seed, bool) or not isinstance(seed, int):
        raise ScenarioError(f"{where} seed must be a whole number")
    faces = head.get("faces")
    if faces is not None and (not isinstance(faces, list) or not all(
            isinstance(x, int) and not isinstance(x, bool) and 1 <= x <= 100 for x in faces)):
        raise ScenarioError(f"{where} faces must be a list of die faces")
    raw_steps = data.get("step", [])
    if not isinstance(raw_steps, list) or not raw_steps:
        raise ScenarioError(f"{path.name}: needs at least one [[step]]")
    raw_setup = data.get("setup", [])
    if not isinstance(raw_setup, list):
        raise ScenarioError(f"{path.name}: [[setup]] must be tables")
    setup = [_action(ruleset, st, f"{path.name}: setup {k}")
             for k, st in enumerate(raw_setup, 1)]
    steps = []
    for k, st in enumerate(raw_steps, 1):
        action = _action(ruleset, st, f"{path.name}: step {k}")
        steps.append(DemoStep(action, " ".join(str(st.get("text", "")).split())))
    return Demo(key=path.stem, rule=rule, title=_str(head, "title", where),
                text=" ".join(_str(head, "text", where).split()), scenario=scenario,
                board=board, seed=seed,
                faces=None if faces is None else tuple(faces), steps=tuple(steps), path=path,
                setup=tuple(setup))


def _action(ruleset: Any, table: Any, where: str) -> Action:
    """The action of a [[step]] or [[setup]] table, as a save writes it."""
    if not isinstance(table, dict) or not isinstance(table.get("action"), dict):
        raise ScenarioError(f"{where} needs an 'action' table")
    try:
        action: Action = ruleset.actions.from_json(table["action"])
    except GameError as e:
        raise ScenarioError(f"{where}: {e}") from None
    return action


def list_demos() -> list[Demo]:
    """Every demo shipped in maps/demos/, in rule order (a broken file is skipped; the
    tests check every shipped one)."""
    out = []
    for p in sorted(DEMOS_DIR.glob("*.toml")):
        try:
            out.append(load_demo(p))
        except GameError:
            continue
    return sorted(out, key=lambda d: (rule_order(d.rule), d.key))


def find_demo(name: str) -> Demo:
    """A demo by rule id ("H-22"), file name or title; ScenarioError listing the known."""
    want = name.strip().lower()
    demos = list_demos()
    for d in demos:
        if want in (d.rule.lower(), d.key.lower(), d.title.lower()):
            return d
    known = ", ".join(f"{d.rule} ({d.key})" for d in demos) or "none"
    raise ScenarioError(f"no demo called '{name}' (known: {known})")
