"""Today's legal actions sorted by what a player does to choose them (a hex to click, a
ring, a button), for the Melee-on-heights controller."""

from __future__ import annotations

from dataclasses import dataclass, field

from game.core.ruleset import Action
from game.rules.tft.hexes.actions import (
    Attack,
    Climb,
    Disengage,
    Face,
    JumpDown,
    Leap,
    Move,
    PickUp,
    Retreat,
    Shoot,
    StandUp,
    Sweep,
    Swipe,
)


@dataclass
class Legal:
    """Today's legal actions sorted by what the player does to choose them."""

    actions: list[Action] = field(default_factory=list)
    moves: dict[str, dict[int, Action]] = field(default_factory=dict)
    jumps: dict[str, dict[int, list[Action]]] = field(default_factory=dict)
    """Figure -> cell -> the JumpDown actions into it (one per hex it may jump from)."""
    leaps: dict[str, dict[int, Action]] = field(default_factory=dict)
    climbs: dict[str, dict[int, dict[bool, Action]]] = field(default_factory=dict)
    faces: dict[str, dict[int, Action]] = field(default_factory=dict)
    attacks: dict[str, Action] = field(default_factory=dict)
    """Target id -> Attack (or Swipe, H-17)."""
    shots: dict[str, Action] = field(default_factory=dict)
    """Target id -> Shoot (H-18)."""
    disengage: dict[int, Action] = field(default_factory=dict)
    retreats: dict[tuple[int, bool], Action] = field(default_factory=dict)
    other: list[Action] = field(default_factory=list)
    """Actions chosen with a button: defend, end movement, ready, pass, choose first..."""


def _sort_one(out: Legal, a: Action) -> None:
    match a:
        case Move(figure=f, to=to):
            out.moves.setdefault(f, {})[to] = a
        case JumpDown(figure=f, to=to):
            out.jumps.setdefault(f, {}).setdefault(to, []).append(a)
        case Leap(figure=f, to=to):
            out.leaps.setdefault(f, {})[to] = a
        case Climb(figure=f, to=to, more=more):
            out.climbs.setdefault(f, {}).setdefault(to, {})[more] = a
            out.other.append(a)
        case Face(figure=f, facing=d):
            out.faces.setdefault(f, {})[d] = a
        case Attack(target=t) | Swipe(target=t):
            out.attacks[t] = a
        case Shoot(target=t):
            out.shots[t] = a
        case Disengage(to=to):
            out.disengage[to] = a
        case Retreat(to=to, follow=follow):
            out.retreats[(to, bool(follow))] = a
        case _:
            out.other.append(a)


def sort_legal(actions: list[Action]) -> Legal:
    """``actions`` sorted by what a player does to choose each (:class:`Legal`)."""
    out = Legal(actions)
    for a in actions:
        _sort_one(out, a)
    return out


USEFUL: tuple[type[Action], ...] = (Attack, Swipe, Shoot, Sweep, StandUp, PickUp, Disengage)
"""Actions that make an acting figure worth asking about: one with none of them is idle,
and "All others wait" lets it wait without a click."""
