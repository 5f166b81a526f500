"""What the player may do now on a zone board, for the zone controller: the legal actions
sorted by how they are chosen, asked of the rules' queries part by part when something
shows them (a button, a mark, a click), not the whole menu after every act (the zone
moves of the other pace and the moves that end on a line wait for a click or R)."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from itertools import chain

from game.core.ruleset import Action
from game.rules.tft.zones.actions import (
    TARGETED,
    Attack,
    Charge,
    Close,
    EnterBottleneck,
    Leave,
    MoveToLine,
    Protect,
    React,
    Rush,
    Shoot,
    SpotAndStrike,
    StepAndShoot,
    Targeted,
    ToBoundary,
    ZoneMove,
)
from game.rules.tft.zones.queries import ZoneQueries


@dataclass
class Legal:
    """Today's legal actions (but the zone moves) sorted by what the player does to
    choose them."""

    on_target: dict[str, list[Targeted]] = field(default_factory=dict)
    """Enemy id -> attacks, charges, closes, rushes and shots at it."""
    lines: dict[str, ToBoundary] = field(default_factory=dict)
    """Other zone -> a move onto the boundary with it."""
    spots: dict[str, EnterBottleneck] = field(default_factory=dict)
    leaves: dict[str, Leave] = field(default_factory=dict)
    protect: dict[str, Protect] = field(default_factory=dict)
    reacts: list[React] = field(default_factory=list)
    other: list[Action] = field(default_factory=list)


def sort_legal(actions: Sequence[Action]) -> Legal:
    out = Legal()
    for a in actions:
        if isinstance(a, ZoneMove):
            continue  # (asked by pace: ZoneQueries.legal_moves, ZoneMenu.line_moves)
        if isinstance(a, TARGETED):
            out.on_target.setdefault(a.target, []).append(a)
        elif isinstance(a, ToBoundary):
            out.lines[a.other] = a
        elif isinstance(a, EnterBottleneck):
            out.spots[a.bottleneck] = a
        elif isinstance(a, Leave):
            out.leaves[a.zone] = a
        elif isinstance(a, Protect):
            out.protect[a.protectee] = a
        elif isinstance(a, React):
            out.reacts.append(a)
        else:
            out.other.append(a)
    return out


KINDS = (Attack, Charge, Shoot, Close, Rush)
"""The kinds of action at an enemy in the order a second click on it looks for one (see
:meth:`ZoneMenu.best_at`)."""


def _kind(a: Targeted) -> int | None:
    """The place in :data:`KINDS` of ``a``'s kind (None for one through an obstacle or
    pushing back: those are the default only where nothing else is legal)."""
    if isinstance(a, (Attack, Charge)) and a.through or isinstance(a, Rush) and a.back:
        return None
    k = _KIND_OF.get(type(a))
    return k if k is not None else next(k for k, kind in enumerate(KINDS)
                                         if isinstance(a, kind))


_KIND_OF = {kind: k for k, kind in enumerate(KINDS)} | {SpotAndStrike: 0, StepAndShoot: 2}
"""The place in :data:`KINDS` of each class of action at an enemy (a look-up for
:func:`_kind`)."""


def default_of(acts: Sequence[Targeted], chance: Callable[[Targeted], float]
               ) -> Targeted | None:
    """What a second click on a target does, of the legal actions ``acts`` at it: an
    attack if one is legal, else a charge, a shot, a close or a rush (the buttons offer
    every one); of the actions with a move as their first part (Z-4), only where there
    is no plain one, and the likeliest by ``chance``."""
    for kind in KINDS:
        fits = [a for a in acts if isinstance(a, kind)
                and not (isinstance(a, (Attack, Charge)) and a.through)
                and not (isinstance(a, Rush) and a.back)]
        plain = [a for a in fits if not isinstance(a, (StepAndShoot, SpotAndStrike))]
        if plain:
            return plain[0]
        if fits:
            return max(fits, key=chance)
    return acts[0] if acts else None


class ZoneMenu:
    """The legal actions of one state for a human who answers now (none otherwise),
    each part asked of ``q`` the first time it is read."""

    def __init__(self, q: ZoneQueries | None, answers: bool) -> None:
        self.q = q if answers else None
        self._sorted: Legal | None = None
        self._plain: Legal | None = None
        self._best: dict[str, Targeted | None] = {}
        self._targets: list[str] | None = None
        """:meth:`best_at`'s answers (the marks and the buttons both ask)."""
        self._line_moves: dict[frozenset[str], list[MoveToLine]] | None = None

    def sorted(self) -> Legal:
        """The legal actions but the zone moves, sorted (:func:`sort_legal`)."""
        if self._sorted is None:
            self._sorted = sort_legal(self.q.legal_shown() if self.q is not None else [])
        return self._sorted

    def plain(self) -> Legal:
        """:meth:`sorted` but the actions at an enemy (its ``on_target`` is left empty
        unless :meth:`sorted` was asked): the figure's own lines, spots, steps apart,
        protections, reactions and others, without judging what it might do to each
        enemy (:meth:`at` asks that, enemy by enemy)."""
        if self._plain is None:
            self._plain = self._sorted if self._sorted is not None else \
                sort_legal(self.q.legal_plain() if self.q is not None else [])
        return self._plain

    def targets(self) -> list[str]:
        """The enemies that may have an action at them, in the order of :meth:`sorted`'s
        ``on_target`` (those of the legal charges first): each that has one is there."""
        q = self.q
        if q is None:
            return []
        if self._sorted is not None:
            return list(self._sorted.on_target)
        if self._targets is None:
            first = list(dict.fromkeys(a.target for a in q.legal_charges()))
            self._targets = first + [t for t in q.state.figures
                                     if t not in first and q.candidates_at(t)]
        return self._targets

    def at(self, target: str, want: Callable[[Targeted], bool] = lambda a: True,
           first: bool = False) -> list[Targeted]:
        """The legal actions at ``target`` that ``want`` picks, in the order of
        :meth:`sorted`'s ``on_target[target]``; only the first of them if ``first``.
        Each candidate ``want`` picks is judged (once a state) only as far as it takes."""
        q = self.q
        if q is None:
            return []
        if self._sorted is not None:
            got = [a for a in self._sorted.on_target.get(target, []) if want(a)]
            return got[:1] if first else got
        out: list[Targeted] = []
        for a in chain((c for c in q.legal_charges() if c.target == target),
                       (c for c in q.candidates_at(target) if want(c) and q.allows(c))):
            if want(a):
                out.append(a)
                if first:
                    break
        return out

    def moves(self, run: bool) -> list[ZoneMove]:
        """The legal zone moves walking, or ``run``ning (Z-3..Z-8)."""
        return self.q.legal_moves(run) if self.q is not None else []

    def line_moves(self) -> dict[frozenset[str], list[MoveToLine]]:
        """Z-12: the two zones of a line -> the legal zone moves ending on it."""
        if self._line_moves is None:
            self._line_moves = {}
            for a in self.q.legal_line_ends() if self.q is not None else []:
                self._line_moves.setdefault(frozenset((a.path[-1], a.onto)), []).append(a)
        return self._line_moves

    def best_at(self, target: str) -> Targeted | None:
        """What a second click on ``target`` does: :func:`default_of` the legal actions
        at it, each kind's candidates judged only as far as it takes where the whole
        menu (:meth:`sorted`) was not asked."""
        if target not in self._best:
            self._best[target] = self._best_at(target)
        return self._best[target]

    def _best_at(self, target: str) -> Targeted | None:
        q = self.q
        if q is None:
            return None
        if self._sorted is not None:
            return default_of(self._sorted.on_target.get(target, []),
                              lambda a: q.attack_option(a).chance)
        charges = [c for c in q.legal_charges() if c.target == target]
        cands = [*charges, *q.candidates_at(target)]
        legal = set(charges)  # (judged already)
        plain: list[list[Targeted]] = [[] for _ in KINDS]
        parts: list[list[Targeted]] = [[] for _ in KINDS]
        for a in cands:
            k = _kind(a)
            if k is not None:
                (parts if isinstance(a, (StepAndShoot, SpotAndStrike)) else plain)[k].append(a)
        for k in range(len(KINDS)):  # each kind's plain ones first, in order
            got = next((a for a in plain[k] if a in legal or q.allows(a)), None)
            if got is not None:
                return got
            ok = [a for a in parts[k] if a in legal or q.allows(a)]
            if ok:
                return max(ok, key=lambda a: q.attack_option(a).chance)
        return next((a for a in cands if a in legal or q.allows(a)), None)

    def any(self) -> bool:
        """Whether there is a legal action (asked only as far as it takes to find one:
        a move that ends on a line has its zone move)."""
        q = self.q
        return q is not None and bool(q.legal_moves(False) or q.legal_moves(True)
                                      or q.legal_plain() or q.legal_charges()
                                      or any(self.at(t, first=True) for t in self.targets()))
