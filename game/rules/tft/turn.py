"""The Fantasy Trip turn on any board (T-7): initiative, then actions by adjusted DX."""

from __future__ import annotations

from collections.abc import Callable, Sequence

from game.core.dice import Dice
from game.core.events import Event, Kind
from game.rules.tft.combat import adjusted_dx_total
from game.rules.tft.data import load_data
from game.rules.tft.figure import Fighter

TIE_ROUNDS = 6
"""Dice rounds to break a tie in the action order before falling back on figure ids."""


def roll_initiative(sides: Sequence[str], side_name: Callable[[str], str], dice: Dice
                    ) -> tuple[dict[str, int], str, list[Event]]:
    """T-7: each side rolls 1d6 for initiative; ties roll again. Returns each side's roll,
    the winner (who chooses which side moves first) and the events."""
    n = int(load_data().num("initiative", "dice"))
    events: list[Event] = []
    while True:
        rolls = {s: dice.roll(f"{n}d6", rule="T-7", label=f"{side_name(s)} initiative")
                 for s in sides}
        for r in rolls.values():
            events.append(Event(Kind.INITIATIVE, r.explain(), "T-7", roll=r))
        best = max(r.total for r in rolls.values())
        top = [s for s, r in rolls.items() if r.total == best]
        if len(top) == 1:
            break
        events.append(Event(Kind.INITIATIVE, "Tied: roll again.", "T-7"))
    winner = top[0]
    events.append(Event(Kind.INITIATIVE, f"{side_name(winner)} win the initiative and "
                                         "choose who moves first.", "T-7"))
    return {s: r.total for s, r in rolls.items()}, winner, events


def action_order(figures: Sequence[Fighter], dice: Dice) -> tuple[list[str], list[Event]]:
    """T-7: the figures that can act, in order of adjusted DX, highest first; ties are
    broken by a die each (rolled again while they stay tied)."""
    events: list[Event] = []
    groups: dict[int, list[Fighter]] = {}
    for f in figures:
        if f.active:
            groups.setdefault(adjusted_dx_total(f), []).append(f)
    order: list[str] = []
    for dx in sorted(groups, reverse=True):
        group = groups[dx]
        if len(group) > 1:
            group = _break_ties(group, dice, events, dx)
        order.extend(f.id for f in group)
    names = {f.id: f.name for f in figures}
    events.append(Event(Kind.PHASE, f"Action order: {', '.join(names[i] for i in order)}.",
                        "T-7"))
    return order, events


def _break_ties(group: list[Fighter], dice: Dice, events: list[Event],
                dx: int) -> list[Fighter]:
    keyed: dict[str, tuple[int, ...]] = {f.id: () for f in group}
    pending = [group]
    out_order = sorted(group, key=lambda f: f.id)
    for _ in range(TIE_ROUNDS):
        nxt = []
        for tied in pending:
            for f in tied:
                r = dice.roll("1d6", rule="T-7", label=f"{f.name} breaks a DX {dx} tie")
                keyed[f.id] += (-r.total,)
                events.append(Event(Kind.ROLLED, r.explain(), "T-7", f.id, roll=r))
            by: dict[tuple[int, ...], list[Fighter]] = {}
            for f in tied:
                by.setdefault(keyed[f.id], []).append(f)
            nxt += [g for g in by.values() if len(g) > 1]
        if not nxt:
            break
        pending = nxt
    out_order.sort(key=lambda f: (keyed[f.id], f.id))
    return out_order
