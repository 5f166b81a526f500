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
files; nothing here knows any ruleset or any kind of board: each figure's place is asked
of its board (the board-neutral ``has_place``; a board of a kind no builder knows takes no
place), and a facing is read as the board's kind says (a hex side 0-5 on a hex map,
degrees elsewhere). Only the ``hex = [column, row]`` spelling is a hex map's own.

Where a rule system sets its table by play rather than by the map (Tabletop Hero's
armies are chosen, then deployed, K-2, K-3), the demo reaches its position with
``[[setup]]`` actions, written like steps (an ``action``, no text needed): they are
played, with the demo's dice, before its first frame, and the demo never steps back
past them::

    [[setup]]
    action = { kind = "take_army", side = "green" }

A demo file is read like a scenario (a regular UTF-8 file of at most
:data:`MAX_DEMO_BYTES`), its names and texts cleaned of control characters; every fault,
in the demo or in the scenario and map it names, is one ScenarioError naming the demo file
first.
"""

from __future__ import annotations

import math
import re
import tomllib
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from game.boards.hexmap import HexMap
from game.boards.tiled.kinds import TiledKind
from game.core.board import Board
from game.core.dice import Dice, ScriptExhausted
from game.core.errors import GameError, ScenarioError, printable
from game.core.files import Unreadable, exists, read_limited, utf8_text
from game.core.match import Match
from game.core.places import Cell, InZone, LoadedMap, Place, Placement, place_from_json
from game.core.ruleset import Action
from game.core.scenario import MAPS_DIR, MAX_NAME, Scenario, load_scenario
from game.rules import board_for, get_ruleset

DEMOS_DIR = MAPS_DIR / "demos"
RULE_ID = re.compile(r"^([A-Z])-(\d+)$")
MAX_DEMO_BYTES = 256 << 10
"""The largest demo file read (256 KiB; a shipped one is about 2 kB)."""
MAX_TEXT = 2000
"""Longest explanation (of the demo or a step), in characters."""
MAX_FIGURES = 100
"""Most figures a demo places."""
MAX_STEPS = 200
"""Most steps a demo shows."""
MAX_FACES = 1000
"""Most die faces a demo scripts."""


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
        file if its figures cannot be set up, or the setup action that is not legal
        where it comes."""
        dice = Dice.scripted(self.faces, then_seed=self.seed) if self.faces is not None \
            else None
        try:
            m = Match(self.scenario, get_ruleset(self.scenario.ruleset), self.board,
                      self.seed, dice=dice)
        except GameError as e:
            raise ScenarioError(f"{self.path.name}: its position cannot be set up: {e}") \
                from None
        for k, action in enumerate(self.setup, 1):
            why = m.why_illegal(action)
            if why is not None:
                raise ScenarioError(f"{self.path.name}: setup {k} ({m.describe(action)}) is "
                                    f"not legal there: {why}")
            try:
                m.apply(action)
            except (GameError, ValueError, ScriptExhausted) as e:
                raise ScenarioError(f"{self.path.name}: setup {k}: {_dice_words(e)}") \
                    from None
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
            except (GameError, ValueError, ScriptExhausted) as e:
                raise ScenarioError(f"{self.path.name}: step {k}: {_dice_words(e)}") \
                    from None


def _dice_words(e: Exception) -> str:
    """What went wrong playing a demo's action, in its file's words: a scripted face the
    die rolled does not have, or more dice rolled than its ``faces`` script."""
    if isinstance(e, GameError):
        return str(e)
    return f"its 'faces' do not fit the dice rolled ({e})"


def rule_order(rule: str) -> tuple[str, int, str]:
    """Sort key of a rule id: by family letter, then number ("H-2" before "H-10")."""
    m = RULE_ID.match(rule)
    return (m.group(1), int(m.group(2)), "") if m else ("~", 0, rule)


def _str(table: Mapping[str, Any], key: str, where: str, most: int = MAX_NAME) -> str:
    """A name or text as it will be drawn (see :func:`printable`): a non-empty string of at
    most ``most`` characters."""
    v = table.get(key)
    clean = printable(v) if isinstance(v, str) else ""
    if not clean:
        raise ScenarioError(f"{where} needs '{key}' as a non-empty string")
    if len(clean) > most:
        raise ScenarioError(f"{where} '{key}' is {len(clean)} characters long; at most {most}")
    return clean


def _key(table: Mapping[str, Any], key: str, where: str) -> str:
    """A side or unit key: plain text, as the scenario's own keys are."""
    v = table.get(key)
    if not isinstance(v, str) or not v or printable(v) != v or len(v) > MAX_NAME:
        raise ScenarioError(f"{where} needs '{key}' as a key of the scenario (plain text of "
                            f"at most {MAX_NAME} characters), not {_short(v)}")
    return v


def _short(v: Any) -> str:
    text = repr(v)
    return text if len(text) <= 40 else text[:37] + "..."


def _board_kind(loaded: LoadedMap[Any], where: str) -> TiledKind[Any]:
    """The kind of the demo's board; ScenarioError if no builder knows it (no place can
    be checked on a board of an unknown kind)."""
    from game.boards.tiled import BUILDERS

    if loaded.kind not in BUILDERS:
        raise ScenarioError(f"{where}: its board is of a kind no map builder knows "
                            f"('{printable(loaded.kind)[:MAX_NAME]}'), so no figure can be "
                            f"placed on it")
    return BUILDERS.get(loaded.kind)


def _place(loaded: LoadedMap[Any], spec: Mapping[str, Any], where: str) -> Place:
    """The place a figure stands on, asked of the board (a hex on it, a zone of it, a
    point on the table...)."""
    kind = _board_kind(loaded, where)
    if "hex" in spec:
        h = spec["hex"]
        if not (isinstance(h, list) and len(h) == 2
                and all(isinstance(v, int) and not isinstance(v, bool) for v in h)):
            raise ScenarioError(f"{where}: 'hex' must be [column, row]")
        board = loaded.board
        if not isinstance(board, HexMap):  # [column, row] is a hex map's own spelling
            raise ScenarioError(f"{where}: 'hex' is for a hex board; this board takes a "
                                f"'place'")
        try:
            return Cell(board.index(h[0], h[1]))
        except ValueError as e:
            raise ScenarioError(f"{where}: 'hex' {h} is not a hex of this board ({e})") \
                from None
    if "place" not in spec:
        raise ScenarioError(f"{where} needs 'hex' = [column, row] or a 'place'")
    try:
        place = place_from_json(spec["place"])
    except ValueError as e:
        raise ScenarioError(f"{where}: {e}") from None
    why = _off_board(loaded.board, kind, place)
    if why is not None:
        raise ScenarioError(f"{where}: 'place' {_short(spec['place'])} {why}")
    return place


def _off_board(board: Board, kind: TiledKind[Any], place: Place) -> str | None:
    """Why ``place`` is not a place of ``board`` (it says, whatever its kind), or None."""
    if board.has_place(place):
        return None
    if isinstance(place, InZone) and place.boundary is not None \
            and board.has_place(InZone(place.zone)):
        return "is not a boundary between two adjacent zones"
    return f"is not {kind.places} of this board"


def _facing(kind: TiledKind[Any], v: Any, where: str) -> float | None:
    """A figure's facing as its board's kind takes it: a hex side 0-5, or degrees."""
    if v is None:
        return None
    if kind.facing == "hex side":
        if isinstance(v, bool) or not isinstance(v, int) or not 0 <= v <= 5:
            raise ScenarioError(f"{where}: 'facing' must be a hex side from 0 to 5, "
                                f"not {_short(v)}")
        return v
    if isinstance(v, bool) or not isinstance(v, int | float) or not math.isfinite(v) \
            or not -360 <= v <= 360:
        raise ScenarioError(f"{where}: 'facing' must be a number of degrees from -360 to "
                            f"360, not {_short(v)}")
    return v


def _read(path: Path) -> dict[str, Any]:
    """The TOML tables of the demo file at ``path``; ScenarioError saying why not."""
    try:
        text = utf8_text(read_limited(path, MAX_DEMO_BYTES))
    except Unreadable as e:
        raise ScenarioError(f"{path.name}: cannot be read: {e.reason}") from None
    try:
        return tomllib.loads(text)
    except tomllib.TOMLDecodeError as e:
        raise ScenarioError(f"{path.name}: not a valid TOML file: {e}") from None
    except RecursionError:
        raise ScenarioError(f"{path.name}: not a valid TOML file: arrays or tables nested "
                            f"too deeply") from None
    except ValueError as e:  # a whole number of more digits than Python reads
        why = ("a number has more digits than can be read" if "digits" in str(e)
               else str(e))
        raise ScenarioError(f"{path.name}: not a valid TOML file: {why}") from None


def placed_figures(data: dict[str, Any], board: LoadedMap[Any], name: str, what: str,
                   ) -> LoadedMap[Any]:
    """The board with a demo's or lesson's (``what``) [[figure]] tables placed instead of
    the map's own; ScenarioError naming the file ``name`` and the figure at fault."""
    figs = data.get("figure")
    if figs is None:
        return board
    if not isinstance(figs, list) or not all(isinstance(f, dict) for f in figs):
        raise ScenarioError(f"{name}: [[figure]] must be tables")
    if len(figs) > MAX_FIGURES:
        raise ScenarioError(f"{name}: {len(figs)} [[figure]] tables; a {what} may place "
                            f"{MAX_FIGURES}")
    placed = []
    for k, f in enumerate(figs, 1):
        w = f"{name}: figure {k}"
        fig = _str(f, "name", w)
        placed.append(Placement(name=fig, side=_key(f, "side", w), unit=_key(f, "unit", w),
                                place=_place(board, f, w),
                                facing=_facing(_board_kind(board, w), f.get("facing"), w),
                                label=f"figure '{fig}'",
                                squad=_key(f, "squad", w) if "squad" in f else "",
                                leader=f.get("leader") is True))
    return LoadedMap(board.path, board.kind, board.board, tuple(placed), board.properties)


def load_demo(path: str | Path) -> Demo:
    """Read a demo file; ScenarioError naming the file and field at fault (a fault in the
    scenario it names, or in that scenario's map, is named after the demo file too).

    Only a regular UTF-8 file of at most :data:`MAX_DEMO_BYTES` is read; names and texts
    are cleaned of control characters; at most :data:`MAX_FIGURES` figures and
    :data:`MAX_STEPS` steps, each figure on its board.
    """
    path = Path(path)
    data = _read(path)
    head = data.get("demo")
    if not isinstance(head, dict):
        raise ScenarioError(f"{path.name}: has no [demo] table")
    where = f"{path.name}: [demo]"
    rule = _str(head, "rule", where)
    if not RULE_ID.match(rule):
        raise ScenarioError(f"{where} rule '{rule}' is not a rule id like 'H-22'")
    title = _str(head, "title", where)
    text = _str(head, "text", where, MAX_TEXT)
    ref = _str(head, "scenario", where, MAX_TEXT)
    try:
        scenario = load_scenario(path.parent / ref)
        ruleset = get_ruleset(scenario.ruleset)
        board = board_for(scenario)
    except GameError as e:
        raise ScenarioError(f"{where} scenario '{ref}': {e}") from None
    board = placed_figures(data, board, path.name, "demo")
    seed = head.get("seed", 1)
    if isinstance(seed, bool) or not isinstance(seed, int) or not 0 <= seed < 2 ** 63:
        raise ScenarioError(f"{where} seed must be a whole number from 0 to 2^63 - 1")
    faces = head.get("faces")
    if faces is not None and (not isinstance(faces, list) or len(faces) > MAX_FACES or not all(
            isinstance(x, int) and not isinstance(x, bool) and 1 <= x <= 100 for x in faces)):
        raise ScenarioError(f"{where} faces must be a list of at most {MAX_FACES} die faces "
                            f"(1 to 100)")
    raw_steps = data.get("step", [])
    if not isinstance(raw_steps, list) or not raw_steps:
        raise ScenarioError(f"{path.name}: needs at least one [[step]]")
    if len(raw_steps) > MAX_STEPS:
        raise ScenarioError(f"{path.name}: {len(raw_steps)} steps; a demo may have "
                            f"{MAX_STEPS}")
    raw_setup = data.get("setup", [])
    if not isinstance(raw_setup, list):
        raise ScenarioError(f"{path.name}: [[setup]] must be tables")
    if len(raw_setup) > MAX_STEPS:
        raise ScenarioError(f"{path.name}: {len(raw_setup)} setup actions; a demo may have "
                            f"{MAX_STEPS}")
    setup = [_action(ruleset, st, f"{path.name}: setup {k}")
             for k, st in enumerate(raw_setup, 1)]
    steps = []
    for k, st in enumerate(raw_steps, 1):
        w = f"{path.name}: step {k}"
        action = _action(ruleset, st, w)
        said = st.get("text", "")
        if not isinstance(said, str) or len(said) > MAX_TEXT:
            raise ScenarioError(f"{w}: 'text' must be a string of at most {MAX_TEXT} "
                                f"characters")
        steps.append(DemoStep(action, printable(said)))
    demo = Demo(key=path.stem, rule=rule, title=title, text=text, scenario=scenario,
                board=board, seed=seed, faces=None if faces is None else tuple(faces),
                steps=tuple(steps), path=path, setup=tuple(setup))
    demo.new_match()  # set up now: a figure that does not fit is named with the file
    return demo


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
    """A demo by rule id ("H-22"), file name or title; ScenarioError listing the known, or
    saying what is wrong with the demo file of that name."""
    want = name.strip().lower()
    file = DEMOS_DIR / f"{name.strip()}.toml"
    if RULE_ID.match(name.strip()) is None and exists(file):
        return load_demo(file)  # a broken file says what is wrong with it
    demos = list_demos()
    for d in demos:
        if want in (d.rule.lower(), d.key.lower(), d.title.lower()):
            return d
    known = ", ".join(f"{d.rule} ({d.key})" for d in demos) or "none"
    raise ScenarioError(f"no demo called '{name}' (known: {known})")
