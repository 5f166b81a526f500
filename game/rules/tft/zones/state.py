"""The state of one game of Melee on a zone board: figures, turn, and what is under way.

A figure's place is its zone, or a boundary line (Z-12), or a spot in a bottleneck
(Z-16). Its status (Z-2) is worked out, never stored: InClose when it fights hand to hand
with a partner, InContact when its melee group holds an enemy still in the fight, Alone
otherwise (friends standing together are Alone).

An action may pause for the other side to react (Z-13 intercept, Z-14 protect, Z-15
evade and the reactions of Z-17): :class:`Doing` is the action under way and how far it
got, :class:`Window` the reaction asked for. Both are plain data, saved and cloned with
the rest.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from game.boards.zones import ZoneBoard
from game.core.derived import Derived
from game.core.places import InZone
from game.core.ruleset import Action, Outcome
from game.rules.tft.figure import Fighter
from game.rules.tft.zones.phases import ACTION, INITIATIVE, REACTION, WindowKind

ALONE, CONTACT, CLOSE = "Alone", "InContact", "InClose"
"""The three statuses of Z-2, as the rules name them."""


_PLACES: dict[str, dict[str | None, InZone]] = {}
"""Each zone's places, by the line (None: the zone itself), made once: values, the
same whatever the board."""


@dataclass(kw_only=True)
class ZoneFigure(Fighter):
    """A figure on a zone board."""

    zone: str
    boundary: str | None = None
    """The other zone when it sits on their boundary line (Z-12), or when it holds a spot
    in the bottleneck between them (``bottleneck`` set)."""
    bottleneck: str | None = None
    group: int = 0
    """Its melee group (0: none). The members of a group stand together in one zone, or
    at one bottleneck (its holders and those fighting them from either side)."""
    close_with: str | None = None
    """The figure it is InClose with (Z-2), if any."""
    running: bool = False
    """Z-7: it ran (or charged) in its last action."""
    protecting: str | None = None
    """Z-14: the friend it protects."""
    protect_new: bool = False
    """Z-14: it set its protection up this turn: it may still step in, but only to move
    to contact (no blow of its own)."""
    waiting: bool = False
    """Z-17 WAIT: it held its action this turn (it acts last)."""
    mr: int = 10
    """Movement rate (Z-3): its MA with armour (T-1, T-4)."""
    size: int = 1
    """Hexes it covers (its kind's), for the 3x size of InClose (Z-2)."""
    patch: str | None = None
    """Z-10: the patch of terrain over part of its zone it stands on (InContact with it
    and with anyone else on it)."""

    @property
    def place(self) -> InZone:
        """Where it stands (one value for each zone and line, made once: the events of
        a game hold many)."""
        by_line = _PLACES.get(self.zone)
        if by_line is None:
            by_line = _PLACES[self.zone] = {}
        got = by_line.get(self.boundary)
        if got is None:
            got = by_line[self.boundary] = InZone(self.zone, self.boundary)
        return got

    def to_json(self) -> dict[str, object]:
        """As :meth:`Fighter.to_json`; ``protect_new`` only while it is set (it lasts a
        turn at most), ``patch`` only while it stands on one."""
        d = super().to_json()
        if not self.protect_new:
            del d["protect_new"]
        if self.patch is None:
            del d["patch"]
        return d

    @property
    def on_line(self) -> bool:
        """On a boundary line (not in a bottleneck)."""
        return self.boundary is not None and self.bottleneck is None

    @property
    def zones(self) -> tuple[str, ...]:
        """The zones it counts as in (two on a line or in a bottleneck)."""
        return (self.zone,) if self.boundary is None else (self.zone, self.boundary)


@dataclass
class Window:
    """A reaction the rules offer one side, waiting for its answer."""

    kind: WindowKind
    """An intercept (Z-13), a defence (evade Z-15, protect Z-14, charge response, closing
    attack) or an opportunity attack (Z-17)."""
    side: str
    mover: str
    """The figure whose action it is."""
    options: list[tuple[str, str]]
    """(reactor, how) pairs the side may choose from, or it declines (``how`` one of
    :class:`~game.rules.tft.zones.actions.How`)."""
    target: str | None = None
    zone: str = ""
    """Where it happens (the zone left or entered)."""
    leaving: bool = False
    """An intercept of a move leaving ``zone`` (else one arriving in it)."""

    def to_json(self) -> dict[str, Any]:
        return {"kind": self.kind, "side": self.side, "mover": self.mover,
                "options": [list(o) for o in self.options], "target": self.target,
                "zone": self.zone, "leaving": self.leaving}

    def clone(self) -> Window:
        return Window(self.kind, self.side, self.mover, list(self.options), self.target,
                      self.zone, self.leaving)


@dataclass
class Doing:
    """An action under way: its record, the step reached, and what happened so far."""

    action: Action
    stage: int = 0
    target: str | None = None
    """The current target (a protector who won the contest takes the blow, Z-14)."""
    reach: int = 0
    """Zone moves: how many zones of the path it gets into (Z-5)."""
    at: int = 0
    """Zone moves: zones of the path entered so far."""
    line: bool = False
    """Zone moves: it stops on the boundary of the next zone (Z-5: a 6 in the roll)."""
    short: bool = False
    """Zone moves: the roll for the last zone failed; it stops in the one before (Z-3)."""
    stopped: bool = False
    """Intercepted (Z-13), evaded (Z-15) or stopped by a failed roll: the rest is off."""
    redirected: bool = False
    """A protector took the blow (Z-14)."""
    fumbled: bool = False
    """Withdraw: 16+, no move (Z-17)."""
    moved: bool = False
    """It changed place (a split move spends a pool, Z-8)."""

    def to_json(self) -> dict[str, Any]:
        return {"action": self.action.to_json(), "stage": self.stage, "target": self.target,
                "reach": self.reach, "at": self.at, "line": self.line, "short": self.short,
                "stopped": self.stopped, "redirected": self.redirected,
                "fumbled": self.fumbled, "moved": self.moved}

    def clone(self) -> Doing:
        c = object.__new__(Doing)
        c.__dict__.update(self.__dict__)
        return c


@dataclass
class ZoneState:
    """A whole game. ``board``, ``options`` and ``derived`` are shared by its clones, not
    part of the saved state."""

    board: ZoneBoard
    sides: list[str]
    figures: dict[str, ZoneFigure]
    turn: int = 1
    phase: str = INITIATIVE
    """One of :class:`~game.rules.tft.zones.phases.ZonePhase`."""
    initiative: dict[str, int] = field(default_factory=dict)
    winner: str | None = None
    """The side that won this turn's initiative (T-7)."""
    first: str | None = None
    """The side that acts first where adjusted DX ties."""
    order: list[str] = field(default_factory=list)
    current: int = 0
    passed: dict[str, int] = field(default_factory=dict)
    """Creatures that passed each bottleneck this round (Z-16)."""
    next_group: int = 1
    doing: Doing | None = None
    window: Window | None = None
    split: dict[str, int] = field(default_factory=dict)
    """Z-8: while a split action goes on, {"moves": used, "attacks": used}."""
    dropped: dict[str, list[str]] = field(default_factory=dict)
    """Weapons lying in each zone (T-2: a 17 drops a weapon; thrown weapons land)."""
    turn_limit: int | None = None
    hold_out: str | None = None
    """The side that wins if it still stands when the turn limit is reached."""
    ended: Outcome | None = None
    options: dict[str, Any] = field(default_factory=dict)
    side_names: dict[str, str] = field(default_factory=dict)
    derived: Derived = field(default_factory=Derived)
    """What the rules work out once from the board for the whole match (the lines of
    sight between zones...), shared by every clone."""

    def clone(self) -> ZoneState:
        c = object.__new__(ZoneState)
        c.__dict__.update(self.__dict__)
        c.figures = {k: f.clone() for k, f in self.figures.items()}
        c.initiative = dict(self.initiative)
        c.order = list(self.order)
        c.passed = dict(self.passed)
        c.doing = self.doing.clone() if self.doing else None
        c.window = self.window.clone() if self.window else None
        c.split = dict(self.split)
        c.dropped = {k: list(v) for k, v in self.dropped.items()}
        return c

    def look(self, changing: tuple[str, ...]) -> ZoneState:
        """A copy to read a what-if from (Z-4: the state once the first part of an
        action is made), in which only the figures ``changing`` are copies of their own
        to change; the rest of its figures, the action under way and the window are this
        state's own, to be read and never changed. Cheaper than :meth:`clone`, which a
        state to play on needs."""
        c = object.__new__(ZoneState)
        c.__dict__.update(self.__dict__)
        c.figures = dict(self.figures)
        for fid in changing:
            c.figures[fid] = self.figures[fid].clone()
        return c

    def to_json(self) -> dict[str, Any]:
        return {
            "turn": self.turn, "phase": self.phase, "sides": list(self.sides),
            "initiative": dict(self.initiative), "winner": self.winner, "first": self.first,
            "order": list(self.order), "current": self.current,
            "passed": dict(sorted(self.passed.items())), "next_group": self.next_group,
            "doing": self.doing.to_json() if self.doing else None,
            "window": self.window.to_json() if self.window else None,
            "split": dict(self.split),
            "dropped": {k: list(v) for k, v in sorted(self.dropped.items())},
            "ended": None if self.ended is None else self.ended.to_json(),
            "figures": {k: f.to_json() for k, f in self.figures.items()},
        }

    # ------------------------------------------------------------------ lookups
    def acting(self) -> ZoneFigure | None:
        """The figure whose action it is (also while the other side reacts)."""
        if self.phase not in (ACTION, REACTION) or \
                self.current >= len(self.order):
            return None
        return self.figures[self.order[self.current]]

    def side_name(self, side: str | None) -> str:
        return self.side_names.get(side or "", side or "nobody")

    def side_figures(self, side: str) -> list[ZoneFigure]:
        return [f for f in self.figures.values() if f.side == side]

    def group_of(self, f: ZoneFigure) -> list[ZoneFigure]:
        """The active members of ``f``'s melee group, ``f`` included (just ``f`` if it
        has none)."""
        if not f.group:
            return [f]
        return [g for g in self.figures.values() if g.group == f.group and g.active]

    def holders(self, bottleneck: str) -> list[ZoneFigure]:
        """The active figures holding spots in ``bottleneck`` (Z-16)."""
        return [g for g in self.figures.values() if g.bottleneck == bottleneck and g.active]

    def in_zone(self, zone: str) -> list[ZoneFigure]:
        """Active figures standing in ``zone`` itself (not on its lines or bottlenecks)."""
        return [g for g in self.figures.values()
                if g.zone == zone and g.boundary is None and g.active]
