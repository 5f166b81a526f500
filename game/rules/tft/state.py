"""The state of one Melee-on-heights game: figures, turn, phase, whose move it is."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from game.boards.hexmap import HexMap

OK, UNCONSCIOUS, DEAD = "ok", "unconscious", "dead"


@dataclass
class Figure:
    """One figure on the table (T-1) and what it has done this turn."""

    id: str
    name: str
    side: str
    unit: str
    kind: str
    cell: int
    facing: int
    st: int
    st_max: int
    dx: int
    iq: int
    ma: int
    """Movement allowance with armour (T-1, T-4)."""
    h: int
    """Height (H-1): reach up for attacks (H-4)."""
    climb_h: int
    """Height for climbing and falling (H-1, H-2, H-8): H plus the kind's climb bonus."""
    hexes: int
    weapons: list[str]
    ready: str | None
    armour: str | None
    shield: str | None
    prone: bool = False
    status: str = OK
    # --- this turn
    mp_spent: int = 0
    move_over: bool = False
    defending: bool = False
    acted: bool = False
    damage_taken: int = 0
    hurt_by: list[str] = field(default_factory=list)
    # --- carried to next turn
    dx_penalty: int = 0
    """Adjusted DX lost this turn for taking heavy damage last turn (T-3)."""

    @property
    def alive(self) -> bool:
        return self.status != DEAD

    @property
    def active(self) -> bool:
        """Conscious and on the table."""
        return self.status == OK

    @property
    def standing(self) -> bool:
        return self.status == OK and not self.prone

    def clone(self) -> Figure:
        c = object.__new__(Figure)
        c.__dict__.update(self.__dict__)
        c.weapons = list(self.weapons)
        c.hurt_by = list(self.hurt_by)
        return c


@dataclass
class TftState:
    """A whole game. ``board`` and ``options`` are shared, not part of the saved state."""

    board: HexMap
    sides: list[str]
    figures: dict[str, Figure]
    turn: int = 1
    phase: str = "initiative"
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
    ended: str | None = None
    """Set when the game is over: 'victory:<side>' or 'draw:<why>'."""
    options: dict[str, Any] = field(default_factory=dict)
    side_names: dict[str, str] = field(default_factory=dict)
    """Side key -> the name players read ("raiders" -> "Raiders")."""
    memo: dict[Any, Any] = field(default_factory=dict, repr=False, compare=False)
    """Answers to queries (reach) keyed by the positions they depend on; never saved."""

    def clone(self) -> TftState:
        c = object.__new__(TftState)
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
        figs = {}
        for k, f in self.figures.items():
            d = dict(vars(f))
            d["weapons"], d["hurt_by"] = list(f.weapons), list(f.hurt_by)
            figs[k] = d
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
            "ended": self.ended,
            "figures": figs,
        }

    def positions(self) -> tuple[tuple[Any, ...], ...]:
        """What movement depends on, as a key for :attr:`memo`."""
        return tuple((f.cell, f.facing, f.prone, f.status, f.mp_spent, f.move_over)
                     for f in self.figures.values())

    # ------------------------------------------------------------------ lookups
    def figure_at(self, cell: int) -> Figure | None:
        for f in self.figures.values():
            if f.cell == cell and f.alive:
                return f
        return None

    def occupied(self) -> dict[int, Figure]:
        return {f.cell: f for f in self.figures.values() if f.alive}

    def acting(self) -> Figure | None:
        """The figure whose action it is in the action phase."""
        if self.phase != "action" or self.current >= len(self.order):
            return None
        return self.figures[self.order[self.current]]

    def side_name(self, side: str | None) -> str:
        return self.side_names.get(side or "", side or "nobody")

    def side_figures(self, side: str) -> list[Figure]:
        return [f for f in self.figures.values() if f.side == side]
