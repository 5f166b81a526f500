"""Match: one game in progress. The single entry point for humans, the AI and tests.

A match is a scenario, its ruleset and its loaded board (all handed in: the core knows no
rule system), a seed and the history of actions. It is deterministic: the same scenario,
seed and actions give the same state, byte for byte. Undo replays all but the last
actions. (game.rules finds the ruleset and board for a scenario:
``game.rules.new_match``, ``open_match``, ``load_match``.)

A save (format :data:`SAVE_FORMAT`) is the scenario's name, the seed, the ruleset's
stamp, the actions and a chain of hashes: ``start`` covers the seed, the dice generator
and its state, the stamp and the state after setup; each action's link covers the link
before it, the action, how far the dice have rolled and, when the action began a turn,
that turn's state hash (:attr:`Match.turn_hashes`) and the generator's state; ``end``
covers the last link and the state and dice as saved. Loading replays the actions and
checks every link, so a save altered anywhere (the seed, an action, a record) is refused
naming the first turn and action that differ. While a game is played the links and turn
hashes are only noted (the action, how far the dice had rolled, the turn's snapshot) and
worked out when first read (:attr:`Match.chain`, :attr:`Match.turn_hashes`, a save): the
same hashes, with no hashing on every action of a game nobody saves. The chain is not a
signature: it finds edits and damage, but anyone with this program can write a chain for
a game they make up (README: "What a save protects").

:meth:`Match.apply` checks legality first, and an error half-way through (a bug) puts the
match back as it was; the ruleset's own ``apply`` trusts its caller.
"""

from __future__ import annotations

import hashlib
import json
import os
import struct
import tempfile
from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Generic

from game.core.dice import Dice
from game.core.errors import IllegalActionError, SaveError
from game.core.events import Event
from game.core.files import Unreadable, read_limited, utf8_text
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

SAVE_FORMAT = 2
"""The save format this version writes and reads (1: per-turn state hashes only)."""

MAX_SAVE_BYTES = 8 << 20
"""The largest save file read (8 MiB; a game of 20,000 actions is about 3 MB)."""

SEED_LIMIT = 1 << 63
"""A save's seed lies in ``-SEED_LIMIT < seed < SEED_LIMIT``."""

DICE_GENERATOR = "python random.Random (MT19937)"
"""The generator behind :class:`Dice`, named in the start of a save's chain."""

_CHAIN = "skirmish-table save chain 2"

SANDBOX_SALT = 0x5A4D_B0C5
"""Mixed into the seed of a clone's dice, so a sandbox never rolls the match's future."""


@dataclass(frozen=True)
class Refusal:
    """What :meth:`Match.attempt` returns for an action that is not legal now."""

    action: Action
    reason: str
    """Why not, in a player's words."""

    def __bool__(self) -> bool:
        return False


class Match(Generic[S]):
    """State + ruleset + board + dice + history."""

    def __init__(self, scenario: Scenario, ruleset: Ruleset[S], board: LoadedMap[Any],
                 seed: int = 0, *, dice: Dice | None = None, record: bool = True,
                 state: S | None = None) -> None:
        """A new game: the ruleset sets ``scenario`` up on ``board`` with ``dice`` (seeded
        with ``seed`` if not given). With ``state``, the game starts from that position
        instead of the ruleset's setup (a position built by hand for a test or a demo;
        such a game cannot be saved and loaded, since setup would not rebuild it)."""
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
        if state is None:
            self.state, opening = self.ruleset.setup(scenario, board, self.dice)
        else:
            self.state, opening = state, []
        self.actions: list[Action] = []
        self.actors: list[Side | None] = []
        """The side that chose each action (the undo of a front end stops at a human)."""
        self.log: list[Event] = list(opening)
        self._hashes: dict[int, str] = {}
        """Turn -> state hash at its start, as far as worked out (see :attr:`turn_hashes`)."""
        self._unhashed: dict[int, tuple[S, int]] = {}
        """Turn -> (its snapshot's state, dice rolls then): turn hashes not worked out yet."""
        self._snapshots: dict[int, tuple[S, tuple[Any, ...], int]] = {}
        """Action count -> (state, dice state, log length) at each turn's start, so undo
        replays one turn at most."""
        self.meta: dict[str, Any] = {}
        """Free data a front end keeps with the save (who controls which side)."""
        self._links: list[str] = []
        """The links of :attr:`chain` worked out so far, then :attr:`_unlinked`."""
        self._unlinked: list[tuple[Action, int, int | None, tuple[Any, ...] | None]] = []
        """Links still to work out, one per action: the action, the dice rolls after it
        and, for an action that began a turn, the turn and the dice state then."""
        self._start: str | None = None if record else ""
        self._passed: dict[Action, S] = {}
        """Actions :meth:`why_illegal` found legal, each with the state it judged (the
        state changes only in :meth:`apply` and :meth:`undo`, which forget them all), so
        :meth:`apply` need not judge them again."""
        self._note_turn()
        self._first: tuple[int, tuple[Any, ...]] | None = (
            (self.turn, self._snapshots[0][1]) if record else None)
        """The turn the game starts in and the dice state after setup (for the start)."""

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
        why = self._why_not(action)
        if why is None:
            self._pass(action)
        return why

    def _why_not(self, action: Action) -> str | None:
        """:meth:`why_illegal` without remembering the verdict (what :meth:`apply` asks)."""
        if self.outcome() is not None:
            return "the game is over"
        return self.ruleset.why_illegal(self.state, action)

    def _pass(self, action: Action) -> None:
        """Remember that ``action`` is legal in the state as it is (an action that cannot
        be a key is not remembered: it is judged again when applied)."""
        try:
            self._passed[action] = self.state
        except TypeError:
            pass

    def _judged(self, action: Action) -> bool:
        """Whether :meth:`why_illegal` found ``action`` legal in this very state, since
        which nothing was applied or undone (so :meth:`apply` need not judge it again)."""
        try:
            return self._passed.get(action) is self.state
        except TypeError:
            return False

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
        return _state_hash(self.state, self.dice.rolls)

    @property
    def turn_hashes(self) -> dict[int, str]:
        """Turn -> :meth:`state_hash` at the start of that turn (of the turns played, as
        they stand after any undo)."""
        if self._unhashed:
            for t, (state, rolls) in self._unhashed.items():
                self._hashes[t] = _state_hash(state, rolls)
            self._unhashed.clear()
        return self._hashes

    @property
    def chain_start(self) -> str:
        """The first link of the save's chain: seed, dice, stamp and the state after setup
        ("" for a clone, which keeps no history)."""
        if self._start is None:
            assert self._first is not None
            turn, dice_state = self._first
            self._start = _link("", {"chain": _CHAIN, "seed": self.seed,
                                     "dice": DICE_GENERATOR,
                                     "dice_state": _dice_digest(dice_state),
                                     "stamp": save_stamp(self.ruleset),
                                     "ruleset": self.ruleset.key,
                                     "state": self.turn_hashes[turn]})
        return self._start

    @property
    def chain(self) -> list[str]:
        """One link per action of :attr:`actions` (see the module text); read only."""
        if self._unlinked:
            prev = self._links[-1] if self._links else self.chain_start
            hashes = self.turn_hashes
            for action, rolls, turn, dice_state in self._unlinked:
                body: dict[str, Any] = {"action": action.to_json(), "rolls": rolls}
                if turn is not None:
                    assert dice_state is not None
                    body.update(turn=turn, state=hashes[turn],
                                dice_state=_dice_digest(dice_state))
                prev = _link(prev, body)
                self._links.append(prev)
            self._unlinked.clear()
        return self._links

    # ------------------------------------------------------------------ acting
    def attempt(self, action: Action) -> list[Event] | Refusal:
        """Judge ``action`` once and carry it out: its events, or the :class:`Refusal`
        (with the reason) and no change if it is not legal now. What a front end calls
        with a player's action: it need not (and should not) check it first."""
        try:
            return self.apply(action)
        except IllegalActionError as e:
            return Refusal(action, e.reason)

    def apply(self, action: Action) -> list[Event]:
        """Check and carry out ``action``; IllegalActionError (with its ``reason``, and no
        change) if illegal. For callers that only send legal actions (computer players,
        replays, tests), where an illegal one is a bug; a front end uses :meth:`attempt`."""
        if not (self._passed and self._judged(action)):
            why = self._why_not(action)
            if why is not None:
                raise IllegalActionError(
                    f"turn {self.turn}: {self._describe_safely(action)} is not legal: {why}",
                    why)
        actor = self.to_act()
        self._passed.clear()  # the state changes: every verdict is judged again
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
            if self._note_turn():
                self._unlinked.append((action, self.dice.rolls, self.turn,
                                       self._snapshots[len(self.actions)][1]))
            else:
                self._unlinked.append((action, self.dice.rolls, None, None))
        return events

    def _describe_safely(self, action: Action) -> str:
        try:
            return self.describe(action)
        except Exception:  # noqa: BLE001 - a malformed action still needs naming
            return repr(action)

    def _note_turn(self) -> bool:
        """Snapshot the state if a turn has begun (its hash is worked out when read);
        whether one has."""
        t = self.turn
        if not self.record or t in self._hashes or t in self._unhashed:
            return False
        snapshot = self.state.clone()
        dice_state = self.dice.getstate()
        self._unhashed[t] = (snapshot, dice_state[2])
        self._snapshots[len(self.actions)] = (snapshot, dice_state, len(self.log))
        return True

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
        m.actions, m.actors, m.log, m.meta = [], [], [], {}
        m._hashes, m._unhashed, m._snapshots = {}, {}, {}
        m._links, m._unlinked, m._start, m._first = [], [], "", None
        m._passed = {}
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
        self._passed.clear()
        self.state = state.clone()
        self.dice.setstate(dice_state)
        del self.actions[base:], self.actors[base:], self.log[log_len:]
        if base <= len(self._links):
            del self._links[base:]
            self._unlinked.clear()
        else:
            del self._unlinked[base - len(self._links):]
        for k in [k for k in self._snapshots if k > base]:
            del self._snapshots[k]
        turn = self.turn
        self._hashes = {t: h for t, h in self._hashes.items() if t <= turn}
        self._unhashed = {t: u for t, u in self._unhashed.items() if t <= turn}
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

    # ------------------------------------------------------------------ the chain
    def dice_digest(self) -> str:
        """SHA-256 of the dice generator's whole state (not only how far it has rolled)."""
        return _dice_digest(self.dice.getstate())

    def end_link(self) -> str:
        """The last link of the save's chain: the state and dice as they are now."""
        return _link(self.chain[-1] if self.chain else self.chain_start,
                     {"end": self.state_hash(), "dice_state": self.dice_digest()})

    # ------------------------------------------------------------------ saving
    def to_json(self) -> dict[str, Any]:
        return {
            "format": SAVE_FORMAT,
            "game": "skirmish-table",
            "scenario": scenario_ref(self.scenario),
            "seed": self.seed,
            "dice": DICE_GENERATOR,
            "stamp": save_stamp(self.ruleset),
            "actions": [a.to_json() for a in self.actions],
            "start": self.chain_start,
            "chain": list(self.chain),
            "end": self.end_link(),
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
        """Replay a save of ``scenario``, checking every link of its chain; SaveError
        names what is wrong. (``game.rules.load_match`` finds the scenario the save
        names.)"""
        data = read_save(path)
        return cls.from_json(data, scenario, ruleset, board, source=Path(path).name)

    @classmethod
    def from_json(cls, data: Mapping[str, Any], scenario: Scenario, ruleset: Ruleset[S],
                  board: LoadedMap[Any], source: str = "save") -> Match[S]:
        """Replay save ``data`` (checked with :func:`check_save` first), checking the
        chain at the start, after every action and at the end; SaveError naming the first
        turn and action that differ from what the save records."""
        check_save(data, source)
        _check_stamp(data["stamp"], save_stamp(ruleset), source)
        m = cls(scenario, ruleset, board, data["seed"])
        if m.chain_start != data["start"]:
            raise SaveError(f"{source}: turn {m.turn}, before the first action: the start of "
                            "the game does not match the save (its seed, dice or scenario "
                            "differ): it was altered or made by another version")
        actions: Sequence[Any] = data["actions"]
        chain: Sequence[str] = data["chain"]
        for k, raw in enumerate(actions):
            where = f"{source}: turn {m.turn}, action {k + 1}"
            if k >= len(chain):
                raise SaveError(f"{where}: the save holds no record of it (it has "
                                f"{len(actions)} actions but {len(chain)} records): it "
                                "was altered")
            action = _decode(m.ruleset, raw, where)
            try:
                m.apply(action)  # checks legality once, and changes nothing if illegal
            except IllegalActionError:
                raise SaveError(f"{where} ({m._describe_safely(action)}) is not legal on "
                                f"replay: {m.why_illegal(action)}: the save was altered or "
                                "made by another version") from None
            if m.chain[-1] != chain[k]:
                m.undo()
                raise SaveError(f"{where} ({m._describe_safely(action)}) does not match the "
                                "save's record of it: the save was altered or made by "
                                "another version")
        if len(chain) > len(actions):
            raise SaveError(f"{source}: turn {m.turn}, action {len(actions) + 1}: the save "
                            f"records {len(chain)} actions but holds {len(actions)}: it was "
                            "altered")
        if m.end_link() != data["end"]:
            raise SaveError(f"{source}: turn {m.turn}, after the last action "
                            f"({len(actions)}): the state does not match the save's record: "
                            "it was altered or made by another version")
        m.meta = _notes(data.get("meta"))
        return m


def _state_hash(state: Any, rolls: int) -> str:
    """SHA-256 of ``state`` in canonical JSON plus the dice stream position ``rolls``."""
    blob = canonical_json({"state": state.to_json(), "dice": rolls})
    return hashlib.sha256(blob.encode()).hexdigest()


def _dice_digest(dice_state: tuple[Any, ...]) -> str:
    """SHA-256 of a dice generator's whole state (:meth:`Dice.getstate`)."""
    (version, words, gauss), script, rolls = dice_state
    h = hashlib.sha256(struct.pack(f"<{len(words)}I", *words))
    h.update(repr((version, gauss, script, rolls)).encode())
    return h.hexdigest()


def _link(prev: str, body: Mapping[str, Any]) -> str:
    """One link of a save's chain: SHA-256 of the link before it and ``body``."""
    return hashlib.sha256((prev + canonical_json(body)).encode()).hexdigest()


def _decode(ruleset: Ruleset[Any], raw: Any, where: str) -> Action:
    """Action JSON ``raw`` as an action of ``ruleset``; SaveError naming ``where``."""
    if not isinstance(raw, Mapping) or not isinstance(raw.get("kind"), str):
        raise SaveError(f"{where}: not an action (an object with a 'kind' that is a name)")
    try:
        return ruleset.actions.from_json(raw)
    except SaveError as e:
        raise SaveError(f"{where}: {e}") from None


_NOTE = (str, int, float, bool, type(None))


def _notes(meta: Any) -> dict[str, Any]:
    """A save's ``meta``: the front end's notes (names and numbers, and tables of them,
    such as who plays each side). Anything else in it is dropped: it is not covered by
    the chain and nothing needs it."""
    out: dict[str, Any] = {}
    if not isinstance(meta, Mapping):
        return out
    for k, v in meta.items():
        if isinstance(v, _NOTE):
            out[k] = v
        elif (isinstance(v, Mapping) and len(v) <= 64
              and all(isinstance(x, _NOTE) for x in v.values())):
            out[k] = dict(v)
    return out


def read_save(path: str | Path) -> dict[str, Any]:
    """The JSON object in a save file; SaveError naming the file if it cannot be one
    (only a regular file of at most :data:`MAX_SAVE_BYTES` is read)."""
    path = Path(path)
    try:
        text = utf8_text(read_limited(path, MAX_SAVE_BYTES))
    except Unreadable as e:
        if e.missing:
            raise SaveError(f"{path}: no such save file") from None
        raise SaveError(f"{path.name}: cannot be read: {e.reason}") from None
    try:
        data = json.loads(text)
    except json.JSONDecodeError as e:
        raise SaveError(f"{path.name}: not a save file (bad JSON at line {e.lineno})") from None
    except RecursionError:
        raise SaveError(f"{path.name}: not a save file (its JSON nests too deeply)") from None
    except ValueError:  # a number of more digits than Python reads
        raise SaveError(f"{path.name}: not a save file (it holds a number too long to "
                        "read)") from None
    if not isinstance(data, dict):
        raise SaveError(f"{path.name}: not a Skirmish Table save")
    return data


def check_save(data: Mapping[str, Any], source: str = "save") -> None:
    """SaveError naming ``source`` unless ``data`` has a save's shape and format."""
    if not isinstance(data, Mapping) or data.get("game") != "skirmish-table":
        raise SaveError(f"{source}: not a Skirmish Table save")
    if "format" not in data:
        raise SaveError(f"{source}: not a Skirmish Table save (it has no format number)")
    fmt = data["format"]
    try:
        shown = json.dumps(fmt, default=str)
    except ValueError:  # an int of thousands of digits
        shown = "a number too long to show"
    shown = shown if len(shown) <= 24 else shown[:20] + "..."
    if isinstance(fmt, float) and fmt.is_integer():
        fmt = int(fmt)  # written 2.0: still format 2
    if isinstance(fmt, bool) or not isinstance(fmt, int):
        raise SaveError(f"{source}: field 'format' must be a whole number (this version "
                        f"reads format {SAVE_FORMAT}), not {shown}")
    if fmt != SAVE_FORMAT:
        older = "an older" if fmt < SAVE_FORMAT else "a newer"
        raise SaveError(f"{source}: made by {older} version of the game (save format "
                        f"{shown}); this version reads format {SAVE_FORMAT} and cannot "
                        "replay it")
    for key, typ in (("scenario", str), ("seed", int), ("stamp", dict), ("actions", list),
                     ("start", str), ("chain", list), ("end", str)):
        v = data.get(key)
        if not isinstance(v, typ) or isinstance(v, bool):
            raise SaveError(f"{source}: field '{key}' is missing or not "
                            f"{_A_TYPE[typ]}")
    if not -SEED_LIMIT < data["seed"] < SEED_LIMIT:
        raise SaveError(f"{source}: field 'seed' is out of range (at most 63 bits)")
    if data.get("dice", DICE_GENERATOR) != DICE_GENERATOR:
        raise SaveError(f"{source}: made with other dice ({str(data.get('dice'))[:60]!r}); "
                        f"this version rolls with {DICE_GENERATOR}")
    if not all(isinstance(h, str) for h in data["chain"]):
        raise SaveError(f"{source}: field 'chain' must hold only hashes (strings)")
    meta = data.get("meta", {})
    if not isinstance(meta, Mapping):
        raise SaveError(f"{source}: field 'meta' is not an object")


_A_TYPE: dict[type, str] = {str: "a string", int: "a whole number", dict: "an object",
                            list: "a list"}


def _check_stamp(saved: Any, now: Mapping[str, str], source: str) -> None:
    """SaveError if the save was made with other versions of what play depends on."""
    if not isinstance(saved, Mapping):
        raise SaveError(f"{source}: field 'stamp' is not an object")
    if not all(isinstance(v, str) for v in saved.values()):
        raise SaveError(f"{source}: field 'stamp' must map names to versions (strings)")
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
