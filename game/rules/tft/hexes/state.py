"""The state of one game of Melee on heights: figures, turn, phase, whose move it is."""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import StrEnum
from typing import Any

from game.boards.hexmap import HexMap
from game.core.derived import Derived
from game.core.ruleset import Outcome
from game.rules.tft.figure import OK, Fighter
from game.rules.tft.hexes.phases import HexPhase


class Hold(StrEnum):
    """What a figure off its feet on a wall or an edge holds on to (H-11, H-20)."""

    NONE = ""
    """Nothing: it stands or lies on its hex."""
    CLIMB = "climb"
    """Clinging to a wall it is climbing up (H-11)."""
    DOWN = "down"
    """Clinging to a wall it is climbing down (H-11), its own hex the one at the foot."""
    HANG = "hang"
    """Hanging from the far edge of a gap it failed to leap (H-20)."""


class Positions(tuple[tuple[Any, ...], ...]):
    """What movement depends on, figure by figure (:meth:`HexState.positions`): a tuple
    that works its hash out once, as it keys many answers of one position (a thousand
    figures' entries would be hashed again at every look-up). It compares as the tuple
    does, in C (the callers look for the same object first)."""

    _hash: int

    def __hash__(self) -> int:
        try:
            return self._hash
        except AttributeError:
            self._hash = h = super().__hash__()
            return h


@dataclass(kw_only=True)
class HexFigure(Fighter):
    """A figure on a hex height map: where it stands, which way it faces, its heights."""

    cell: int
    facing: int
    h: int
    """Height (H-1): reach up for attacks (H-4)."""
    climb_h: int
    """Height for climbing and falling (H-1, H-2, H-8): H plus the kind's climb bonus."""
    hexes: int
    """Hexes the figure covers (H-7, H-13, H-15)."""
    footprint: list[int] = field(default_factory=list)
    """Every hex it covers, its own ``cell`` (the front hex) first (H-15)."""
    talents: list[str] = field(default_factory=list)
    """Talents the height rules read ("climbing" H-11, "swimming" H-21)."""
    hold: str = Hold.NONE
    """What it holds on to (:class:`Hold`): a wall it climbs up or down (H-11), an edge
    it hangs from (H-20); nothing (``Hold.NONE``, "") otherwise."""
    hold_to: int = -1
    """The hex at the top of the wall or edge it holds on to (climbing down, the one it
    left)."""
    hold_at: int = 0
    """Levels above its own hex's floor where it clings."""
    kneeling: bool = False
    """Kneeling at an edge after a swipe (H-17), until its next movement."""
    stowed_shield: str | None = None
    """A shield slung on the back to free the hands (H-11)."""
    # --- this turn
    mp_spent: int = 0
    moved: int = 0
    """Hexes entered this turn (T-7: a bow shoots after at most one)."""
    move_over: bool = False
    faced: tuple[int, ...] = ()
    """T-5: the facings it has turned to since its last step (:func:`facings_held`): a
    turn to one of them again is no progress and is not offered, so a movement ends
    whatever its players choose. Not written in the state's JSON: it follows from the
    actions of the movement, which a save replays."""
    faced_at: tuple[Any, ...] = ()
    """When and where :attr:`faced` was begun (:func:`step_key`): once the figure has
    stepped on, or the movement is over, it is forgotten."""

    def to_json(self) -> dict[str, object]:
        d = super().to_json()
        d.pop("faced", None)
        d.pop("faced_at", None)
        return d

    def clone(self) -> HexFigure:
        c = super().clone()
        c.footprint = list(self.footprint)
        c.talents = list(self.talents)
        return c

    @property
    def standing(self) -> bool:
        return self.status == OK and not self.prone and not self.hold


def step_key(state: HexState, f: HexFigure) -> tuple[Any, ...]:
    """T-5: what changes when ``f`` takes a step (or climbs, leaps, falls, a new movement
    begins): its turn and side's movement, hex, MP spent, hexes entered, hold and
    footing."""
    return (state.turn, state.moving, f.cell, f.mp_spent, f.moved, f.hold, f.hold_at,
            f.prone, f.status)


def facings_held(state: HexState, f: HexFigure) -> tuple[int, ...]:
    """T-5: the facings ``f`` has turned to since its last step this movement (empty if
    it has not turned since)."""
    return f.faced if f.faced and f.faced_at == step_key(state, f) else ()


def entry(f: HexFigure) -> tuple[Any, ...]:
    """What movement depends on of one figure (its part of :meth:`HexState.positions`),
    in plain numbers and strings (a tuple of those the garbage collector lets be)."""
    return (f.cell, f.facing, f.prone, str(f.status), f.mp_spent, f.move_over, str(f.hold),
            f.ready, f.shield)


@dataclass
class HexState:
    """A whole game. ``board``, ``options`` and ``derived`` are shared by its clones, not
    part of the saved state."""

    board: HexMap
    sides: list[str]
    figures: dict[str, HexFigure]
    turn: int = 1
    phase: str = HexPhase.INITIATIVE
    """A :class:`HexPhase` (a string in saves)."""
    initiative: dict[str, int] = field(default_factory=dict)
    winner: str | None = None
    """Side that won this turn's initiative and chooses who moves first (T-7)."""
    first: str | None = None
    moving: str | None = None
    order: list[str] = field(default_factory=list)
    """Figures in action order this turn (T-7)."""
    current: int = 0
    hits: list[tuple[str, str]] = field(default_factory=list)
    """(attacker, target) pairs where the attacker did melee damage this turn (T-8)."""
    retreats: list[tuple[str, str]] = field(default_factory=list)
    """Force retreats still to be decided this turn, in order (T-8)."""
    dropped: dict[int, list[str]] = field(default_factory=dict)
    """Weapons lying on the ground, by cell (T-2: 17 drops a weapon)."""
    turn_limit: int | None = None
    ended: Outcome | None = None
    """How the game ended, once it has."""
    options: dict[str, Any] = field(default_factory=dict)
    side_names: dict[str, str] = field(default_factory=dict)
    """Side key -> the name players read ("raiders" -> "Raiders")."""
    memo: dict[Any, Any] = field(default_factory=dict, repr=False, compare=False)
    """Answers to queries (reach) keyed by the positions they depend on; never saved,
    not shared with clones."""
    derived: Derived = field(default_factory=Derived, repr=False, compare=False)
    """Per-match tables worked out from the board and the scenario (steps by climbing
    height, water depths...): shared by every clone."""

    def clone(self) -> HexState:
        c = object.__new__(HexState)
        c.__dict__.update(self.__dict__)
        c.memo = {}
        c.figures = {k: f.clone() for k, f in self.figures.items()}
        c.initiative = dict(self.initiative)
        c.order = list(self.order)
        c.hits = list(self.hits)
        c.retreats = list(self.retreats)
        c.dropped = {k: list(v) for k, v in self.dropped.items()}
        return c

    def to_json(self) -> dict[str, Any]:
        return {
            "turn": self.turn,
            "phase": self.phase,
            "sides": list(self.sides),
            "initiative": dict(self.initiative),
            "winner": self.winner,
            "first": self.first,
            "moving": self.moving,
            "order": list(self.order),
            "current": self.current,
            "hits": [list(h) for h in self.hits],
            "retreats": [list(r) for r in self.retreats],
            "dropped": {str(k): list(v) for k, v in sorted(self.dropped.items())},
            "ended": None if self.ended is None else self.ended.to_json(),
            "figures": {k: f.to_json() for k, f in self.figures.items()},
        }

    def positions(self) -> Positions:
        """What movement depends on, as a key for :attr:`memo`: each figure's entry
        (:func:`entry`), in the order of :attr:`figures`."""
        # (each figure's entry() written out here: one call, not one per figure; a test
        # holds the two the same)
        return Positions([(f.cell, f.facing, f.prone, str(f.status), f.mp_spent, f.move_over,
                           str(f.hold), f.ready, f.shield) for f in self.figures.values()])

    # ------------------------------------------------------------------ lookups
    def figure_at(self, cell: int) -> HexFigure | None:
        """The living figure covering ``cell`` (any hex of a multi-hex figure)."""
        for f in self.figures.values():
            if f.alive and (f.cell == cell or cell in f.footprint):
                return f
        return None

    def occupied(self) -> dict[int, HexFigure]:
        """Every hex a living figure covers (all hexes of a multi-hex figure, H-15)."""
        out: dict[int, HexFigure] = {}
        for f in self.figures.values():
            if f.alive:
                out[f.cell] = f
                for c in f.footprint:
                    out[c] = f
        return out

    def acting(self) -> HexFigure | None:
        """The figure whose action it is in the action phase."""
        if self.phase != HexPhase.ACTION or self.current >= len(self.order):
            return None
        return self.figures[self.order[self.current]]

    def side_name(self, side: str | None) -> str:
        return self.side_names.get(side or "", side or "nobody")

    def side_figures(self, side: str) -> list[HexFigure]:
        return [f for f in self.figures.values() if f.side == side]
