"""The contract between the engine and a rules family.

A :class:`Ruleset` is fixed rules and data; a state is one playthrough. ``Match`` (the
only entry point humans, the AI and tests use) checks legality and keeps history; the
ruleset's ``apply`` trusts its caller.
"""

from __future__ import annotations

import dataclasses
import json
from collections.abc import Mapping
from dataclasses import dataclass
from enum import StrEnum
from typing import TYPE_CHECKING, Any, ClassVar, Protocol, TypeVar

from game.core.errors import SaveError

if TYPE_CHECKING:
    from game.core.dice import Dice
    from game.core.events import Event
    from game.core.phases import PhaseTable
    from game.core.scenario import Scenario

Side = str
"""A side's key as the scenario names it ("wardens", "raiders")."""


@dataclass(frozen=True)
class Action:
    """Base of every action: a small frozen record that serialises to JSON.

    Subclasses set ``kind`` (unique within their ruleset) and are registered with
    :func:`action_type`, so a save can turn ``{"kind": "move", ...}`` back into a Move.
    """

    kind: ClassVar[str] = ""

    def to_json(self) -> dict[str, Any]:
        d = {"kind": self.kind}
        for f in dataclasses.fields(self):
            v = getattr(self, f.name)
            d[f.name] = list(v) if isinstance(v, tuple) else v
        return d


A = TypeVar("A", bound=type[Action])


class ActionRegistry:
    """Maps action kinds to classes for one ruleset."""

    def __init__(self) -> None:
        self.types: dict[str, type[Action]] = {}

    def register(self, cls: A) -> A:
        if not cls.kind or cls.kind in self.types:
            raise ValueError(f"action kind {cls.kind!r} missing or registered twice")
        self.types[cls.kind] = cls
        return cls

    def from_json(self, d: Mapping[str, Any]) -> Action:
        """Rebuild an action; SaveError naming the field if it is not one we know."""
        if not isinstance(d, Mapping) or "kind" not in d:
            raise SaveError(f"an action is not an object with a 'kind': {d!r}")
        cls = self.types.get(d["kind"])
        if cls is None:
            raise SaveError(f"unknown action kind {d['kind']!r}")
        names = {f.name: f for f in dataclasses.fields(cls)}
        args = {k: v for k, v in d.items() if k != "kind"}
        if set(args) != set(names):
            raise SaveError(f"action {d['kind']!r} has fields {sorted(args)}, "
                            f"expected {sorted(names)}")
        try:
            return cls(**{k: tuple(v) if isinstance(v, list) else v for k, v in args.items()})
        except TypeError as e:
            raise SaveError(f"action {d['kind']!r} is malformed: {e}") from e


class Termination(StrEnum):
    """Why a game ended."""

    VICTORY = "victory"
    TURN_LIMIT = "turn limit"


@dataclass(frozen=True)
class Outcome:
    """The end of a game: the winner (None for a draw) and why."""

    winner: Side | None
    termination: Termination
    reason: str


class State(Protocol):
    """What the engine needs of any ruleset's state."""

    turn: int

    def to_json(self) -> dict[str, Any]: ...
    def clone(self) -> State: ...


def canonical_json(data: Any) -> str:
    """JSON with sorted keys and no spaces: the form state hashes are taken of."""
    return json.dumps(data, sort_keys=True, separators=(",", ":"))


class Ruleset(Protocol):
    """A rules family: setup, legal actions, apply, outcome, and its phase table."""

    key: ClassVar[str]
    phases: ClassVar[PhaseTable]
    actions: ClassVar[ActionRegistry]

    def load_board(self, scenario: Scenario) -> Any:
        """Load the scenario's board (a map file) into a geometry object."""
        ...

    def setup(self, scenario: Scenario, dice: Dice) -> tuple[Any, list[Event]]:
        """The state at the start of the game, and what happened setting it up (it may
        roll, e.g. the first initiative)."""
        ...

    def to_act(self, state: Any) -> Side | None:
        """The side that must choose the next action (None once the game is over)."""
        ...

    def legal_actions(self, state: Any) -> list[Action]:
        """Every legal action now, for the side :meth:`to_act` names."""
        ...

    def why_illegal(self, state: Any, action: Action) -> str | None:
        """None if ``action`` is legal now, else a reason a player can read."""
        ...

    def apply(self, state: Any, action: Action, dice: Dice) -> list[Event]:
        """Carry out ``action``, changing ``state`` in place. Trusts that it is legal."""
        ...

    def outcome(self, state: Any) -> Outcome | None:
        """The end of the game, or None while it goes on."""
        ...

    def describe(self, state: Any, action: Action) -> str:
        """The action in a player's words ("Pip attacks Snik")."""
        ...
