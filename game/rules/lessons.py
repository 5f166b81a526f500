"""Lessons: a guided first game of a rule system, step by step, played by the player.

A lesson is data, a TOML file in ``maps/lessons/``, written like a demo
(game.rules.demos): a scenario with its figures placed, the dice faces to roll (so every
roll comes out as the lesson needs), optional ``[[setup]]`` actions played before the
first frame, and steps. Unlike a demo's, most steps are the player's to do: each asks
for one thing and waits until the player does it::

    [lesson]
    system = "Melee on hexes"         # the rule system it teaches (the picker's row)
    title = "Your first fight"
    scenario = "boards/meadow.toml"   # relative to this file
    player = "wardens"                # the side the player plays
    seed = 1
    faces = [4, 1, 3]                 # the dice, in the order rolled (then the seed's)
    text = "What the lesson is about, in a few sentences."

    [[step]]
    do = "select"                     # click a figure of one's own
    figure = "aldric"
    ask = "Click Aldric to select him."
    text = "What that showed, and why."

    [[step]]
    do = "look"                       # point at a figure (its card, the odds)
    figure = "ugluk"
    ask = "Point at the orc: the tip gives the odds of an attack."
    text = "..."

    [[step]]
    do = "act"                        # an action of the player's, as a save writes it
    action = { kind = "attack", figure = "aldric", target = "ugluk" }
    ask = "Click the orc to attack it."
    hint = "Said after a wrong action (optional)."
    text = "What the action did, and why."

    [[step]]
    do = "try"                        # an action the rules refuse there: the player
    action = { kind = "zone_move", figure = "bran", path = ["Barn"], via = ["Barn door"] }
    ask = "Try to walk Bran into the barn: click the Barn."   # tries it, sees why not
    text = "What stopped it, and why (the refusal's own words are said first)."

    [[step]]
    do = "watch"                      # the other side's action, played by the lesson
    action = { kind = "end_movement", side = "raiders" }
    text = "What it did, and why."

Every step's ``text`` says what just happened and why (the caption shows it after the
step); ``ask`` says what to do (not needed for ``watch``). An ``act`` step is the
player's side's to act where it comes, a ``watch`` step the other side's; a ``select``
or ``look`` step names a figure on the board there. A lesson file is read and checked
like a demo: every fault is one ScenarioError naming the file and the step.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum
from pathlib import Path
from typing import Any

from game.core.dice import Dice, ScriptExhausted
from game.core.errors import GameError, ScenarioError, printable
from game.core.files import exists
from game.core.match import Match
from game.core.places import LoadedMap
from game.core.ruleset import Action
from game.core.scenario import MAPS_DIR, Scenario, load_scenario
from game.rules import board_for, get_ruleset
from game.rules.demos import (
    MAX_FACES,
    MAX_STEPS,
    MAX_TEXT,
    _action,
    _dice_words,
    _key,
    _read,
    _str,
    placed_figures,
)

LESSONS_DIR = MAPS_DIR / "lessons"


class Do(StrEnum):
    """What a lesson's step asks of the player."""

    SELECT = "select"
    """Select a figure (click it)."""
    LOOK = "look"
    """Point at a figure (its card; an enemy's odds)."""
    ACT = "act"
    """Play one action (the step's)."""
    WATCH = "watch"
    """Nothing: the other side's action is played by the lesson."""
    TRY = "try"
    """Try an action the rules refuse there (the step's): the refusal is the lesson."""


@dataclass(frozen=True)
class LessonStep:
    """One step of a lesson (see the module text)."""

    do: Do
    text: str
    """What happened at this step and why (shown once it is done)."""
    ask: str = ""
    """What the player is asked to do."""
    hint: str = ""
    """Said, kindly, after a wrong action."""
    action: Action | None = None
    """The action of an ``act``, ``try`` or ``watch`` step."""
    figure: str = ""
    """The figure of a ``select`` or ``look`` step (its id)."""

    def wants(self, action: Action) -> bool:
        """Whether ``action`` is the one this step asks for."""
        return self.action is not None and action.to_json() == self.action.to_json()


@dataclass(frozen=True)
class Lesson:
    """A guided first game of one rule system (see the module text)."""

    key: str
    system: str
    title: str
    text: str
    player: str
    scenario: Scenario
    board: LoadedMap[Any]
    seed: int
    faces: tuple[int, ...] | None
    steps: tuple[LessonStep, ...]
    path: Path
    setup: tuple[Action, ...] = ()

    def new_match(self) -> Match[Any]:
        """The lesson's position before its first step, its dice ready to roll; the
        player's side is the human's, the other sides the computer's. ScenarioError
        naming the file if it cannot be set up or a setup action is not legal."""
        dice = Dice.scripted(self.faces, then_seed=self.seed) if self.faces is not None \
            else None
        try:
            m = Match(self.scenario, get_ruleset(self.scenario.ruleset), self.board,
                      self.seed, dice=dice)
        except GameError as e:
            raise ScenarioError(f"{self.path.name}: its position cannot be set up: {e}") \
                from None
        m.meta["controllers"] = {s: "human" if s == self.player else "computer"
                                 for s in m.sides}
        m.meta["lesson"] = self.key
        for k, action in enumerate(self.setup, 1):
            _play(m, action, f"{self.path.name}: setup {k}")
        return m

    def check(self) -> None:
        """Play the setup and every step once; ScenarioError naming the file and the step
        that does not fit where it comes (see :func:`check_step`)."""
        m = self.new_match()
        for k, step in enumerate(self.steps, 1):
            check_step(m, step, self.player, f"{self.path.name}: step {k}")
            if step.action is not None and step.do is not Do.TRY:
                _play(m, step.action, f"{self.path.name}: step {k}")


def check_step(m: Match[Any], step: LessonStep, player: str, where: str) -> None:
    """Whether ``step`` can be done in ``m`` as it is: an ``act`` step's action is the
    player's side's turn, a ``watch`` step's another side's, a ``try`` step's is the
    player's side's turn and refused by the rules there, a ``select`` or ``look`` step's
    figure is on the board. ScenarioError naming ``where`` if not."""
    side = m.to_act()
    if step.do in (Do.ACT, Do.TRY) and side != player:
        raise ScenarioError(f"{where} asks the player ({player}) to act, but the side "
                            f"to act there is {m.side_name(side)}")
    if step.do is Do.WATCH and (side is None or side == player):
        raise ScenarioError(f"{where} watches the other side, but the side to act there "
                            f"is the player's ({player})" if side == player else
                            f"{where} watches an action after the end of the game")
    if step.do is Do.TRY and step.action is not None and m.why_illegal(step.action) is None:
        raise ScenarioError(f"{where} tries {m.describe(step.action)}, but that is legal "
                            "there: a 'try' step shows a move the rules refuse")
    if step.do in (Do.SELECT, Do.LOOK):
        pieces = {p.id: p for p in m.pieces()}
        piece = pieces.get(step.figure)
        if piece is None or piece.place is None:
            known = ", ".join(sorted(p.id for p in pieces.values() if p.place is not None))
            raise ScenarioError(f"{where}: no figure '{step.figure}' on the board there "
                                f"(on it: {known or 'none'})")
        if step.do is Do.SELECT and piece.side != player:
            raise ScenarioError(f"{where}: '{step.figure}' is not a figure of the "
                                f"player's side ({player})")


def _play(m: Match[Any], action: Action, where: str) -> None:
    """Play a lesson's action; ScenarioError naming ``where`` if it is not legal there or
    its dice do not fit."""
    why = m.why_illegal(action)
    if why is not None:
        raise ScenarioError(f"{where} ({m.describe(action)}) is not legal there: {why}")
    try:
        m.apply(action)
    except (GameError, ValueError, ScriptExhausted) as e:
        raise ScenarioError(f"{where}: {_dice_words(e)}") from None


def _text(table: dict[str, Any], key: str, where: str) -> str:
    """An optional text of a step: a string of at most MAX_TEXT characters."""
    said = table.get(key, "")
    if not isinstance(said, str) or len(said) > MAX_TEXT:
        raise ScenarioError(f"{where}: '{key}' must be a string of at most {MAX_TEXT} "
                            f"characters")
    return printable(said)


def _step(ruleset: Any, table: Any, where: str) -> LessonStep:
    """A [[step]] table (see the module text)."""
    if not isinstance(table, dict):
        raise ScenarioError(f"{where} must be a table")
    raw = table.get("do", "act")
    try:
        do = Do(raw)
    except ValueError:
        raise ScenarioError(f"{where}: 'do' must be one of "
                            f"{', '.join(d.value for d in Do)}, not {raw!r:.40}") from None
    text = _text(table, "text", where)
    ask = _text(table, "ask", where)
    if not text:
        raise ScenarioError(f"{where} needs a 'text' saying what happened and why")
    if do is not Do.WATCH and not ask:
        raise ScenarioError(f"{where} needs an 'ask' saying what to do")
    action = figure = None
    if do in (Do.ACT, Do.TRY, Do.WATCH):
        action = _action(ruleset, table, where)
    else:
        figure = _key(table, "figure", where)
    return LessonStep(do=do, text=text, ask=ask, hint=_text(table, "hint", where),
                      action=action, figure=figure or "")


def load_lesson(path: str | Path, check: bool = True) -> Lesson:
    """Read and check a lesson file; ScenarioError naming the file and the field or step
    at fault (a fault in its scenario or map too). With ``check`` the lesson is played
    through once (:meth:`Lesson.check`), so a lesson that loads can be played to its end;
    without, it is only set up (for a list of lessons: each is checked as it opens)."""
    path = Path(path)
    data = _read(path)
    head = data.get("lesson")
    if not isinstance(head, dict):
        raise ScenarioError(f"{path.name}: has no [lesson] table")
    where = f"{path.name}: [lesson]"
    system = _str(head, "system", where)
    title = _str(head, "title", where)
    text = _str(head, "text", where, MAX_TEXT)
    ref = _str(head, "scenario", where, MAX_TEXT)
    try:
        scenario = load_scenario(path.parent / ref)
        ruleset = get_ruleset(scenario.ruleset)
        board = board_for(scenario)
    except GameError as e:
        raise ScenarioError(f"{where} scenario '{ref}': {e}") from None
    player = _key(head, "player", where)
    if player not in scenario.sides:
        raise ScenarioError(f"{where} player '{player}' is not a side of the scenario "
                            f"({', '.join(scenario.sides)})")
    board = placed_figures(data, board, path.name, "lesson")
    seed = head.get("seed", 1)
    if isinstance(seed, bool) or not isinstance(seed, int) or not 0 <= seed < 2 ** 63:
        raise ScenarioError(f"{where} seed must be a whole number from 0 to 2^63 - 1")
    faces = head.get("faces")
    if faces is not None and (not isinstance(faces, list) or len(faces) > MAX_FACES or not all(
            isinstance(x, int) and not isinstance(x, bool) and 1 <= x <= 100 for x in faces)):
        raise ScenarioError(f"{where} faces must be a list of at most {MAX_FACES} die faces "
                            f"(1 to 100)")
    raw_setup = data.get("setup", [])
    raw_steps = data.get("step", [])
    if not isinstance(raw_setup, list) or len(raw_setup) > MAX_STEPS:
        raise ScenarioError(f"{path.name}: [[setup]] must be at most {MAX_STEPS} tables")
    if not isinstance(raw_steps, list) or not raw_steps or len(raw_steps) > MAX_STEPS:
        raise ScenarioError(f"{path.name}: needs from 1 to {MAX_STEPS} [[step]] tables")
    setup = tuple(_action(ruleset, st, f"{path.name}: setup {k}")
                  for k, st in enumerate(raw_setup, 1))
    steps = tuple(_step(ruleset, st, f"{path.name}: step {k}")
                  for k, st in enumerate(raw_steps, 1))
    lesson = Lesson(key=path.stem, system=system, title=title, text=text, player=player,
                    scenario=scenario, board=board, seed=seed,
                    faces=None if faces is None else tuple(faces), steps=steps, path=path,
                    setup=setup)
    if check:
        lesson.check()
    else:
        lesson.new_match()  # set up now: a figure that does not fit is named with the file
    return lesson


def list_lessons(check: bool = False) -> list[Lesson]:
    """Every lesson shipped in maps/lessons/, by file name, set up but (unless ``check``)
    not played through (a broken file is skipped; the tests check every shipped one)."""
    out = []
    for p in sorted(LESSONS_DIR.glob("*.toml")):
        try:
            out.append(load_lesson(p, check))
        except GameError:
            continue
    return out


def lesson_for(ruleset: str) -> Lesson | None:
    """The first lesson teaching the rule system ``ruleset`` (a scenario's ruleset key),
    or None."""
    for lesson in list_lessons():
        if lesson.scenario.ruleset == ruleset:
            return lesson
    return None


def find_lesson(name: str) -> Lesson:
    """A lesson by file name, title or system, checked (played through once);
    ScenarioError listing the known, or saying what is wrong with the lesson file of
    that name."""
    want = name.strip().lower()
    file = LESSONS_DIR / f"{name.strip()}.toml"
    if exists(file):
        return load_lesson(file)  # a broken file says what is wrong with it
    lessons = list_lessons()
    for lesson in lessons:
        if want in (lesson.key.lower(), lesson.title.lower(), lesson.system.lower()):
            lesson.check()
            return lesson
    known = ", ".join(f"{x.key} ({x.system})" for x in lessons) or "none"
    raise ScenarioError(f"no lesson called '{name}' (known: {known})")
