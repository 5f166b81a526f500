"""What a front end shows of Melee on heights: every figure as a :class:`PieceView`, and
each action in a player's words."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from game.core.places import Cell
from game.core.ruleset import Action, PieceView
from game.rules.tft.data import load_data
from game.rules.tft.hexes import melee
from game.rules.tft.hexes.actions import (
    Attack,
    ChooseFirst,
    Climb,
    Defend,
    Disengage,
    EndMovement,
    Face,
    JumpDown,
    Leap,
    Move,
    NoRetreat,
    Pass,
    PickUp,
    PutAway,
    Ready,
    Retreat,
    Shoot,
    StandUp,
    Sweep,
    Swipe,
)
from game.rules.tft.hexes.movement import is_engaged
from game.rules.tft.hexes.state import HexFigure, HexState, Hold


def _tags(state: HexState, f: HexFigure) -> list[str]:
    """Words a roster shows beside a figure (T-6, T-7, H-11, H-15, H-17, H-20)."""
    tags = []
    if f.active and f.prone:
        tags.append("prone")
    if f.defending:
        tags.append("defending")
    if is_engaged(state, f):
        tags.append("engaged")
    if f.hold in (Hold.CLIMB, Hold.DOWN):
        tags.append("clinging")
    elif f.hold == Hold.HANG:
        tags.append("hanging")
    if f.kneeling:
        tags.append("kneeling")
    if any(m.rule == "H-15" for m in melee.footing(state, f)):
        tags.append("off balance")
    return tags


def pieces(state: HexState) -> list[PieceView]:
    """Every figure as a front end draws and lists it (dead ones too, with status)."""
    kinds = load_data().kinds
    out = []
    for f in state.figures.values():
        status = "prone" if f.active and f.prone else f.status
        ring = ("clinging" if f.hold else "kneeling" if f.kneeling else "")
        out.append(PieceView(
            id=f.id, name=f.name, side=f.side, kind=f.kind, kind_name=kinds[f.kind].name,
            place=Cell(f.cell), facing=f.facing, health=f.st, health_max=f.st_max,
            health_label="ST", status=status, tags=tuple(_tags(state, f)), active=f.active,
            size=f.hexes,
            footprint=tuple(Cell(c) for c in f.footprint) if f.hexes > 1 else (),
            ring=ring if f.alive else ""))
    return out


class _Words:
    """What one describing needs: the state, and names of figures and hexes."""

    def __init__(self, state: HexState) -> None:
        self.state = state
        self.lab = state.board.label

    def name(self, fid: str) -> str:
        f = self.state.figures.get(fid)
        return f.name if f else fid

    def side(self, side: str) -> str:
        return self.state.side_name(side)


def _climb(w: _Words, a: Climb) -> str:
    f = w.state.figures.get(a.figure)
    board = w.state.board
    down = f is not None and (f.hold == Hold.DOWN or (
        not f.hold and board.level(a.to) < board.level(f.cell)))
    return f"{w.name(a.figure)} climbs {'down ' * down}towards {w.lab(a.to)}" + (
        " and tries a second set" if a.more else "")


def _retreat(w: _Words, a: Retreat) -> str:
    return (f"{w.name(a.figure)} forces {w.name(a.target)} back to {w.lab(a.to)}"
            + (" and follows" if a.follow else ""))


WORDS: dict[type[Action], Callable[[_Words, Any], str]] = {
    ChooseFirst: lambda w, a: f"{w.side(a.side)} let {w.side(a.first)} move first",
    Move: lambda w, a: f"{w.name(a.figure)} moves to {w.lab(a.to)}",
    JumpDown: lambda w, a: f"{w.name(a.figure)} jumps down from {w.lab(a.via)} to "
                           f"{w.lab(a.to)}",
    Climb: _climb,
    Leap: lambda w, a: f"{w.name(a.figure)} leaps to {w.lab(a.to)}",
    Swipe: lambda w, a: f"{w.name(a.figure)} kneels and swipes at {w.name(a.target)}",
    Sweep: lambda w, a: f"{w.name(a.figure)} makes a sweeping blow",
    Shoot: lambda w, a: f"{w.name(a.figure)} shoots at {w.name(a.target)}",
    PutAway: lambda w, a: f"{w.name(a.figure)} puts weapon and shield away",
    Face: lambda w, a: f"{w.name(a.figure)} faces {w.state.board.direction_name(a.facing)}",
    Defend: lambda w, a: f"{w.name(a.figure)} defends",
    EndMovement: lambda w, a: f"{w.side(a.side)} end movement",
    Attack: lambda w, a: f"{w.name(a.figure)} attacks {w.name(a.target)}",
    Disengage: lambda w, a: f"{w.name(a.figure)} disengages to {w.lab(a.to)}",
    Ready: lambda w, a: f"{w.name(a.figure)} readies {a.weapon}",
    PickUp: lambda w, a: f"{w.name(a.figure)} picks up a weapon",
    StandUp: lambda w, a: f"{w.name(a.figure)} stands up",
    Pass: lambda w, a: f"{w.name(a.figure)} waits",
    Retreat: _retreat,
    NoRetreat: lambda w, a: f"{w.name(a.figure)} does not force {w.name(a.target)} back",
}
"""Each action type in a player's words."""


def describe(state: HexState, action: Action) -> str:
    """An action in a player's words."""
    words = WORDS.get(type(action))
    return words(_Words(state), action) if words is not None else repr(action)
