"""The contract between the engine and a rule system.

A :class:`Ruleset` is fixed rules and data; its state is one playthrough. :class:`Match`
(the only entry point humans, the AI and tests use) checks legality and keeps history;
the ruleset's ``apply`` trusts its caller. A rule system is a ruleset (game/rules), a
board kind (game/boards), optionally a computer player (game/ai) and a front end
(game/ui), each added to its layer's registry.

What any front end can show without knowing the rules comes through here too: the
phase (``state.phase`` and the ruleset's :class:`PhaseTable`), the pieces
(:class:`PieceView`), the events (:class:`~game.core.events.Event`) and the end of the
game (:class:`Outcome`).
"""

from __future__ import annotations

import dataclasses
import json
from collections.abc import Mapping
from dataclasses import dataclass
from enum import StrEnum
from typing import TYPE_CHECKING, Any, ClassVar, Protocol, Self, TypeVar

from game.core.errors import SaveError
from game.core.frozen import quick_init
from game.core.jsonvalues import JsonValueError, field_types, from_json_value, to_json_value
from game.core.places import Place

if TYPE_CHECKING:
    from game.core.dice import Dice
    from game.core.events import Event
    from game.core.phases import PhaseTable
    from game.core.places import LoadedMap
    from game.core.queries import Queries
    from game.core.scenario import Scenario

Side = str
"""A side's key as the scenario names it ("wardens", "raiders")."""


@dataclass(frozen=True)
class Action:
    """Base of every action: a small frozen record that serialises to JSON.

    Subclasses set ``kind`` (unique within their ruleset) and are registered with an
    :class:`ActionRegistry`, so a save can turn ``{"kind": "move", ...}`` back into a
    Move. Fields may hold ints, strings, booleans, floats, places, ``None`` and tuples of
    these (nested as deep as needed); each comes back from JSON as it was.
    """

    kind: ClassVar[str] = ""

    def to_json(self) -> dict[str, Any]:
        d: dict[str, Any] = {"kind": self.kind}
        for name in _field_names(type(self)):
            d[name] = to_json_value(getattr(self, name))
        return d


_names: dict[type, tuple[str, ...]] = {}


def _field_names(cls: type) -> tuple[str, ...]:
    """The names of dataclass ``cls``'s fields, in order (looked up once per class)."""
    names = _names.get(cls)
    if names is None:
        names = _names[cls] = tuple(f.name for f in dataclasses.fields(cls))
    return names


A = TypeVar("A", bound=type[Action])


class ActionRegistry:
    """Maps action kinds to classes for one ruleset."""

    def __init__(self) -> None:
        self.types: dict[str, type[Action]] = {}

    def register(self, cls: A) -> A:
        if not cls.kind or cls.kind in self.types:
            raise ValueError(f"action kind {cls.kind!r} missing or registered twice")
        field_types(cls)  # every field's type must be resolvable now, not at load time
        quick_init(cls)
        self.types[cls.kind] = cls
        return cls

    def from_json(self, d: object) -> Action:
        """Rebuild an action, checking every field against its declared type; SaveError
        naming the kind and field if it is not an action of this ruleset."""
        if not isinstance(d, Mapping) or "kind" not in d:
            raise SaveError(f"an action is not an object with a 'kind': {_short(d)}")
        kind = d["kind"]
        cls = self.types.get(kind) if isinstance(kind, str) else None
        if cls is None:
            raise SaveError(f"unknown action kind {_short(kind)}")
        types = field_types(cls)
        args = {k: v for k, v in d.items() if k != "kind"}
        if set(args) != set(types):
            raise SaveError(f"action '{kind}' has fields {sorted(map(str, args))}, "
                            f"expected {sorted(types)}")
        try:
            values = {k: from_json_value(types[k], v, f"field '{k}'") for k, v in args.items()}
        except JsonValueError as e:
            raise SaveError(f"action '{kind}': {e}") from None
        return cls(**values)


def _short(v: object) -> str:
    text = repr(v)
    return text if len(text) <= 40 else text[:37] + "..."


class Termination(StrEnum):
    """Why a game ended."""

    VICTORY = "victory"
    """One side met its victory condition."""
    NO_SURVIVORS = "no survivors"
    """No side has a piece left able to fight: a draw."""
    TURN_LIMIT = "turn limit"
    """The scenario's last turn was played: a draw."""
    ACTION_LIMIT = "action limit"
    """A batch run stopped a game that went on too long: a draw."""


@dataclass(frozen=True)
class Outcome:
    """The end of a game: the winner (None for a draw), why, and a sentence saying so."""

    winner: Side | None
    termination: Termination
    reason: str

    def to_json(self) -> dict[str, Any]:
        return {"winner": self.winner, "termination": self.termination.value,
                "reason": self.reason}

    @classmethod
    def from_json(cls, d: Mapping[str, Any]) -> Outcome:
        return cls(d["winner"], Termination(d["termination"]), d["reason"])


@quick_init
@dataclass(frozen=True)
class PieceView:
    """What any front end draws and lists of a piece, whatever the rules.

    Built by :meth:`Ruleset.pieces`; a board view places it by ``place`` and a roster
    lists it by the rest. Nothing here is needed to play: it is a picture of the state.
    """

    id: str
    name: str
    side: Side
    kind: str
    """Key of the piece's type (an emblem is drawn for it): "hobbit", "goblin"..."""
    kind_name: str
    """The type in words: "Hobbit"."""
    place: Place | None
    """Where it stands; None when it is off the board."""
    facing: float | None = None
    """The board's own facing (a hex direction 0-5, degrees on a table); None if none."""
    health: int = 0
    health_max: int = 0
    health_label: str = "HP"
    """What health is called in these rules ("ST" in the Fantasy Trip)."""
    status: str = "ok"
    """"ok", "prone", "unconscious", "dead"... (a front end dims what is not "ok")."""
    tags: tuple[str, ...] = ()
    """Short words a roster shows beside the name ("engaged", "defending")."""
    active: bool = True
    """Still in the fight (conscious and on the table)."""
    size: int = 1
    """Board spaces it covers (hexes of a multi-hex figure)."""
    footprint: tuple[Place, ...] = ()
    """The places a piece of more than one space covers, its own ``place`` first; empty
    for a piece on one space."""
    ring: str = ""
    """A mark a front end draws round the piece for the rules ("kneeling", "clinging"...)."""
    group: str = ""
    """Where pieces share a place (a zone), the ones standing together share a group (a
    melee on a zone board) and are drawn side by side; "" for a piece standing apart."""
    spot: str = ""
    """The id of a board feature the piece holds or fights at (a zone board's
    bottleneck); its group is drawn there. "" for none."""
    partner: str | None = None
    """Within a group, the piece this one is locked with hand to hand (drawn as a pair);
    None for none."""


S = TypeVar("S", bound="State")


class State(Protocol):
    """What the engine needs of any ruleset's state: the turn and phase, its canonical
    JSON form (hashed into saves) and an independent copy (for undo and the AI)."""

    turn: int
    phase: str
    """The current phase's name, a key of the ruleset's :class:`PhaseTable`."""

    def to_json(self) -> dict[str, Any]: ...
    def clone(self) -> Self: ...


def canonical_json(data: Any) -> str:
    """JSON with sorted keys and no spaces: the form state hashes are taken of."""
    return json.dumps(data, sort_keys=True, separators=(",", ":"))


class Ruleset(Protocol[S]):
    """A rule system: setup, legal actions, apply, outcome, its phase table and actions.

    Only :meth:`why_illegal` judges an action a front end sends; :meth:`apply` trusts
    its caller (:meth:`Match.apply` checks first).
    """

    key: ClassVar[str]
    """The key scenarios name it by ("tft-heights")."""
    title: ClassVar[str]
    """Its name for players ("Melee on heights")."""
    board_kind: ClassVar[str]
    """The kind of board it plays on ("hex", "zones", "table")."""
    phases: ClassVar[PhaseTable]
    actions: ClassVar[ActionRegistry]

    def setup(self, scenario: Scenario, board: LoadedMap[Any], dice: Dice
              ) -> tuple[S, list[Event]]:
        """The state at the start of the game, and what happened setting it up (it may
        roll, e.g. the first initiative). ScenarioError if the scenario does not fit."""
        ...

    def to_act(self, state: S) -> Side | None:
        """The side that must choose the next action (None once the game is over)."""
        ...

    def legal_actions(self, state: S) -> list[Action]:
        """Every legal action now, for the side :meth:`to_act` names (a finite menu)."""
        ...

    def why_illegal(self, state: S, action: Action) -> str | None:
        """None if ``action`` is legal now, else a reason a player can read."""
        ...

    def apply(self, state: S, action: Action, dice: Dice) -> list[Event]:
        """Carry out ``action``, changing ``state`` in place. Trusts that it is legal."""
        ...

    def outcome(self, state: S) -> Outcome | None:
        """The end of the game, or None while it goes on."""
        ...

    def describe(self, state: S, action: Action) -> str:
        """The action in a player's words ("Pip attacks Snik")."""
        ...

    def pieces(self, state: S) -> list[PieceView]:
        """Every piece as a front end shows it."""
        ...

    def queries(self, state: S) -> Queries:
        """The read-only questions about ``state`` a front end or a computer player may
        ask (see :mod:`game.core.queries`): all they take from the rules besides actions."""
        ...

    def save_stamp(self) -> Mapping[str, str]:
        """What its play depends on beyond its own code, written in saves (e.g.
        ``{"pymunk": "7.3.1"}`` for a ruleset whose pushes a physics engine resolves);
        empty if nothing."""
        ...


def save_stamp(ruleset: Ruleset[Any]) -> dict[str, str]:
    """:meth:`Ruleset.save_stamp` as a plain dict (what a save records)."""
    return dict(ruleset.save_stamp())
