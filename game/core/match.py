"""Match: one game in progress. The single entry point for humans, the AI and tests.

A match is a scenario, its ruleset and its loaded board (all handed in: the core knows no
rule system), a seed and the history of actions. It is deterministic: the same scenario,
seed and actions give the same state, byte for byte. Undo replays all but the last
actions; a save is ``{format, scenario, seed, actions, a state hash per turn}`` and
loading replays it, checking every turn's hash so a tampered or mismatched save names the
turn it breaks at. (game.rules finds the ruleset and board for a scenario:
``game.rules.new_match``, ``open_match``, ``load_match``.)

:meth:`Match.apply` checks legality first, and an error half-way through (a bug) puts the
match back as it was; the ruleset's own ``apply`` trusts its caller.
"""

from __future__ import annotations

import hashlib
import json
import os
import tempfile
from collections.abc import Iterator, Mapping
from pathlib import Path
from typing import Any, Generic

from game.core.dice import Dice
from game.core.errors import IllegalActionError, SaveError
from game.core.events import Event
from game.core.places import LoadedMap
from game.core.ruleset import (
    Action,
    Outcome,
    PieceView,
    Ruleset,
    S,
    Side,
    canonical_json,
    save_stamp,
)
from game.core.scenario import MAPS_DIR, Scenario

SAVE_FORMAT = 1

SANDBOX_SALT = 0x5A4D_B0C5
"""Mixed into the seed of a clone's dice, so a sandbox never rolls the match's future."""


class Match(Generic[S]):
    """State + ruleset + board + dice + history."""

    def __init__(self, scenario: Scenario, ruleset: Ruleset[S], board: LoadedMap[Any],
                 seed: int = 0, *, dice: Dice | None = None, record: bool = True) -> None:
        self.scenario = scenario
        self.ruleset = ruleset
        self.map = board
        """The loaded map: the board geometry and the pieces it placed."""
        self.seed = seed
        self.dice = dice if dice is not None else Dice(seed)
        self._dice_start = self.dice.getstate()
        self.record = record
        opening: list[Event]
        self.state: S
        self.state, opening = self.ruleset.setup(scenario, board, self.dice)
        self.actions: list[Action] = []
        self.actors: list[Side | None] = []
        """The side that chose each action (the undo of a front end stops at a human)."""
        self.log: list[Event] = list(opening)
        self.turn_hashes: dict[int, str] = {}
        self._snapshots: dict[int, tuple[S, tuple[Any, ...], int]] = {}
        """Action count -> (state, dice state, log length) at each turn's start, so undo
        replays one turn at most."""
        self.meta: dict[str, Any] = {}
        """Free data a front end keeps with the save (who controls which side)."""
        self._note_turn()

    # ------------------------------------------------------------------ queries
    @property
    def board(self) -> Any:
        """The board geometry (a HexMap, a zone graph, a table...)."""
        return self.map.board

    @property
    def sides(self) -> list[Side]:
        """The sides' keys, in the order the scenario lists them."""
        return list(self.scenario.sides)

    def side_name(self, side: Side | None) -> str:
        """A side as players read it ("Raiders"); "nobody" for None."""
        if side is None:
            return "nobody"
        return self.scenario.sides.get(side, side)

    @property
    def phase(self) -> str:
        return self.state.phase

    @property
    def turn(self) -> int:
        return int(self.state.turn)

    def to_act(self) -> Side | None:
        """The side that chooses the next action, or None when the game is over."""
        return self.ruleset.to_act(self.state)

    def legal_actions(self) -> list[Action]:
        """Every legal action for :meth:`to_act`."""
        if self.outcome() is not None:
            return []
        return self.ruleset.legal_actions(self.state)

    def why_illegal(self, action: Action) -> str | None:
        """None if ``action`` is legal now, else the reason in a player's words."""
        if self.outcome() is not None:
            return "the game is over"
        return self.ruleset.why_illegal(self.state, action)

    def is_legal(self, action: Action) -> bool:
        return self.why_illegal(action) is None

    def outcome(self) -> Outcome | None:
        return self.ruleset.outcome(self.state)

    def describe(self, action: Action) -> str:
        return self.ruleset.describe(self.state, action)

    def pieces(self) -> list[PieceView]:
        """Every piece as a front end draws and lists it."""
        return self.ruleset.pieces(self.state)

    def state_hash(self) -> str:
        """SHA-256 of the state in canonical JSON plus the dice stream position."""
        blob = canonical_json({"state": self.state.to_json(), "dice": self.dice.rolls})
        return hashlib.sha256(blob.encode()).hexdigest()

    # ------------------------------------------------------------------ acting
    def apply(self, action: Action) -> list[Event]:
        """Check and carry out ``action``; IllegalActionError (and no change) if illegal."""
        why = self.why_illegal(action)
        if why is not None:
            raise IllegalActionError(
                f"turn {self.turn}: {self._describe_safely(action)} is not legal: {why}"
            )
        actor = self.to_act()
        try:
            events = self.ruleset.apply(self.state, action, self.dice)
        except BaseException:
            # A legal action that fails half-way is a bug; the match still goes back to
            # where it was (rebuilt from this turn's snapshot). A clone without history is
            # a throwaway sandbox and is left as it is.
            if self.record:
                self._restore(len(self.actions))
            raise
        if self.record:
            self.actions.append(action)
            self.actors.append(actor)
            self.log.extend(events)
            self._note_turn()
        return events

    def _describe_safely(self, action: Action) -> str:
        try:
            return self.describe(action)
        except Exception:  # noqa: BLE001 - a malformed action still needs naming
            return repr(action)

    def _note_turn(self) -> None:
        if self.record and self.turn not in self.turn_hashes:
            self.turn_hashes[self.turn] = self.state_hash()
            self._snapshots[len(self.actions)] = (self.state.clone(), self.dice.getstate(),
                                                  len(self.log))

    def clone(self, seed: int | None = None) -> Match[S]:
        """A copy without history for looking ahead (the AI's sandbox).

        Its dice are its own, seeded with ``seed`` (or one made from the match's seed and
        how far its dice have rolled): a look-ahead through a clone never sees the rolls
        the real game will make.
        """
        m: Match[S] = Match.__new__(Match)
        m.scenario, m.ruleset, m.map, m.seed = self.scenario, self.ruleset, self.map, self.seed
        if seed is None:
            seed = (self.seed * 1_000_003 + self.dice.rolls) ^ SANDBOX_SALT
        m.dice = Dice(seed)
        m._dice_start = m.dice.getstate()
        m.record = False
        m.state = self.state.clone()
        m.actions, m.actors, m.log, m.turn_hashes, m.meta = [], [], [], {}, {}
        m._snapshots = {}
        return m

    def undo(self, count: int = 1) -> Action | None:
        """Take back the last ``count`` actions; returns the earliest one taken back, or
        None if there was nothing to undo.

        The state is rebuilt from the snapshot taken at the start of the turn the game goes
        back to and replayed from there: the same result as replaying the whole game.
        """
        if not self.actions or count < 1:
            return None
        keep = max(0, len(self.actions) - count)
        first_undone = self.actions[keep]
        self._restore(keep)
        return first_undone

    def _restore(self, keep: int) -> None:
        """Go back to the state after the first ``keep`` actions."""
        base = max(k for k in self._snapshots if k <= keep)
        state, dice_state, log_len = self._snapshots[base]
        redo = self.actions[base:keep]
        redo_actors = self.actors[base:keep]
        self.state = state.clone()
        self.dice.setstate(dice_state)
        del self.actions[base:], self.actors[base:], self.log[log_len:]
        for k in [k for k in self._snapshots if k > base]:
            del self._snapshots[k]
        self.turn_hashes = {t: h for t, h in self.turn_hashes.items() if t <= self.turn}
        for a, who in zip(redo, redo_actors, strict=True):
            self.apply(a)
            self.actors[-1] = who

    def replay(self) -> Iterator[tuple[Action, list[Event]]]:
        """Play this match's actions again from the start on a fresh copy."""
        dice = Dice(self.seed)
        dice.setstate(self._dice_start)
        fresh = Match(self.scenario, self.ruleset, self.map, self.seed, dice=dice)
        for a in self.actions:
            yield a, fresh.apply(a)

    # ------------------------------------------------------------------ saving
    def to_json(self) -> dict[str, Any]:
        return {
            "format": SAVE_FORMAT,
            "game": "skirmish-table",
            "scenario": scenario_ref(self.scenario),
            "seed": self.seed,
            "actions": [a.to_json() for a in self.actions],
            "hashes": {str(t): h for t, h in sorted(self.turn_hashes.items())},
            "final": self.state_hash(),
            "stamp": save_stamp(self.ruleset),
            "meta": self.meta,
        }

    def save(self, path: str | Path) -> None:
        """Write the save atomically (temp file + rename)."""
        path = Path(path)
        path.parent.mkdir(parents=True, exist_ok=True)
        data = json.dumps(self.to_json(), indent=1)
        fd, tmp = tempfile.mkstemp(dir=path.parent, prefix=path.name, suffix=".tmp")
        try:
            with os.fdopen(fd, "w", encoding="utf-8") as f:
                f.write(data)
                f.flush()
                os.fsync(f.fileno())
            os.replace(tmp, path)
        except BaseException:
            Path(tmp).unlink(missing_ok=True)
            raise

    @classmethod
    def load(cls, path: str | Path, scenario: Scenario, ruleset: Ruleset[S],
             board: LoadedMap[Any]) -> Match[S]:
        """Replay a save of ``scenario``, checking every turn's hash; SaveError names what
        is wrong. (``game.rules.load_match`` finds the scenario the save names.)"""
        data = read_save(path)
        return cls.from_json(data, scenario, ruleset, board, source=Path(path).name)

    @classmethod
    def from_json(cls, data: Mapping[str, Any], scenario: Scenario, ruleset: Ruleset[S],
                  board: LoadedMap[Any], source: str = "save") -> Match[S]:
        """Replay save ``data`` (checked with :func:`check_save` first)."""
        check_save(data, source)
        _check_stamp(data.get("stamp", {}), save_stamp(ruleset), source)
        m = cls(scenario, ruleset, board, data["seed"])
        m.meta = dict(data.get("meta") or {})
        hashes: dict[str, str] = data["hashes"]
        m._check_hash(hashes, source)
        for k, raw in enumerate(data["actions"]):
            turn = m.turn
            try:
                action = m.ruleset.actions.from_json(raw)
            except SaveError as e:
                raise SaveError(f"{source}: action {k + 1} (turn {turn}): {e}") from None
            why = m.why_illegal(action)
            if why is not None:
                raise SaveError(f"{source}: action {k + 1} (turn {turn}) "
                                f"is not legal on replay: {why}")
            m.apply(action)
            if m.turn != turn:
                m._check_hash(hashes, source)
        if m.state_hash() != data["final"]:
            raise SaveError(f"{source}: the final state (turn {m.turn}) does not match the "
                            "save's hash: it was altered or made by another version")
        return m

    def _check_hash(self, hashes: Mapping[str, str], source: str) -> None:
        want = hashes.get(str(self.turn))
        if want is not None and want != self.turn_hashes.get(self.turn):
            raise SaveError(f"{source}: turn {self.turn} does not match the save's hash: "
                            "it was altered or made by another version")


def read_save(path: str | Path) -> dict[str, Any]:
    """The JSON object in a save file; SaveError naming the file if it cannot be one."""
    path = Path(path)
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except FileNotFoundError:
        raise SaveError(f"{path}: no such save file") from None
    except (OSError, UnicodeDecodeError) as e:
        raise SaveError(f"{path.name}: cannot be read: {e}") from None
    except json.JSONDecodeError as e:
        raise SaveError(f"{path.name}: not a save file (bad JSON at line {e.lineno})") from None
    if not isinstance(data, dict):
        raise SaveError(f"{path.name}: not a Skirmish Table save")
    return data


def check_save(data: Mapping[str, Any], source: str = "save") -> None:
    """SaveError naming ``source`` unless ``data`` has a save's shape and format."""
    if not isinstance(data, Mapping) or data.get("game") != "skirmish-table":
        raise SaveError(f"{source}: not a Skirmish Table save")
    if data.get("format") != SAVE_FORMAT:
        raise SaveError(f"{source}: save format {data.get('format')!r} is not "
                        f"{SAVE_FORMAT}, the one this version reads")
    for key, typ in (("scenario", str), ("seed", int), ("actions", list),
                     ("hashes", dict), ("final", str)):
        if not isinstance(data.get(key), typ):
            raise SaveError(f"{source}: field '{key}' is missing or not a {typ.__name__}")


def _check_stamp(saved: Any, now: Mapping[str, str], source: str) -> None:
    """SaveError if the save was made with other versions of what play depends on."""
    if not isinstance(saved, Mapping):
        raise SaveError(f"{source}: field 'stamp' is not an object")
    for key in sorted(set(saved) | set(now)):
        if saved.get(key) != now.get(key):
            raise SaveError(f"{source}: made with {key} {saved.get(key) or 'absent'}, but "
                            f"this game has {key} {now.get(key) or 'absent'}: its replay "
                            "could differ, so it is not opened")


def scenario_ref(scenario: Scenario) -> str:
    """How a save names its scenario: relative to the maps folder when it is in it."""
    try:
        return str(scenario.path.relative_to(MAPS_DIR))
    except ValueError:
        return str(scenario.path)


def scenario_path(ref: str) -> Path:
    """The scenario file a save's ``scenario`` field names."""
    p = Path(ref)
    return p if p.is_absolute() else MAPS_DIR / p
