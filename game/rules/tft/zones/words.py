"""Melee on zone boards in a player's words and pictures: each action as a sentence
(:func:`describe`) and each figure as a front end draws and lists it (:func:`pieces`,
with its status Z-2, its melee group, the bottleneck it fights at Z-16 and its InClose
partner as fields of their own).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from game.core.ruleset import Action, PieceView
from game.rules.tft.data import load_data
from game.rules.tft.zones import rules
from game.rules.tft.zones.actions import (
    Attack,
    Charge,
    ChooseFirst,
    Close,
    Decline,
    Defend,
    EndAction,
    EnterBottleneck,
    EnterPatch,
    FallProne,
    Hold,
    How,
    Leave,
    MoveToLine,
    Pass,
    PickUp,
    Protect,
    React,
    Ready,
    Rush,
    Shoot,
    SplitMove,
    SpotAndStrike,
    StandUp,
    StepAndShoot,
    ToBoundary,
    Wait,
    Withdraw,
    ZoneMove,
)
from game.rules.tft.zones.state import ZoneFigure, ZoneState

REACT_VERBS: dict[str, str] = {
    How.INTERCEPT: "intercepts", How.EVADE: "evades", How.PROTECT: "protects",
    How.RESPOND: "answers the charge", How.CLOSING: "strikes as it closes",
    How.OPPORTUNITY: "strikes as it leaves"}
"""Each way of reacting as the log words it."""


def describe(state: ZoneState, action: Action) -> str:
    """An action in a player's words ("Pip charges Snik via Yard > House")."""
    words = _WORDS.get(type(action))
    return words(state, action) if words is not None else repr(action)


def _name(state: ZoneState, fid: str) -> str:
    f = state.figures.get(fid)
    return f.name if f else fid


def _zone_move(state: ZoneState, a: ZoneMove) -> str:
    ways = [v for v in a.via if v]
    return (f"{_name(state, a.figure)} {'runs' if a.run else 'moves'} to {' > '.join(a.path)}"
            + (f" (via {', '.join(ways)})" if ways else "")
            + (" through the obstacle" if a.through else ""))


def _attack(state: ZoneState, a: Attack) -> str:
    return (f"{_name(state, a.figure)} attacks {_name(state, a.target)}"
            + (f" into {a.into}" if a.into else "")
            + (" running through the obstacle" if a.through else ""))


def _ready(state: ZoneState, a: Ready) -> str:
    weapons = load_data().weapons
    if a.weapon in weapons:
        return f"{_name(state, a.figure)} readies the {weapons[a.weapon].name}"
    return f"{_name(state, a.figure)} readies {a.weapon}"


def _react(state: ZoneState, a: React) -> str:
    return f"{_name(state, a.figure)} {REACT_VERBS.get(a.how, a.how)}"


def _by(verb: str) -> Callable[[ZoneState, Any], str]:
    """Words for an action whose sentence is its figure and a verb."""
    return lambda state, a: f"{_name(state, a.figure)} {verb}"


_WORDS: dict[type, Callable[[ZoneState, Any], str]] = {
    ChooseFirst: lambda st, a: (f"{st.side_name(a.side)} let {st.side_name(a.first)} act "
                                "first on ties"),
    ZoneMove: _zone_move,
    Charge: lambda st, a: (f"{_name(st, a.figure)} charges {_name(st, a.target)} via "
                           f"{' > '.join(a.path)}"),
    Attack: _attack,
    Close: lambda st, a: f"{_name(st, a.figure)} closes with {_name(st, a.target)}",
    Rush: lambda st, a: (f"{_name(st, a.figure)} rushes {_name(st, a.target)}"
                         + (" out of the way" if a.back else "")),
    Shoot: lambda st, a: f"{_name(st, a.figure)} shoots at {_name(st, a.target)}",
    Withdraw: _by("withdraws"),
    Leave: lambda st, a: f"{_name(st, a.figure)} moves apart into {a.zone}",
    ToBoundary: lambda st, a: f"{_name(st, a.figure)} moves onto the boundary with {a.other}",
    EnterBottleneck: lambda st, a: f"{_name(st, a.figure)} takes a spot in the {a.bottleneck}",
    Protect: lambda st, a: f"{_name(st, a.figure)} protects {_name(st, a.protectee)}",
    Hold: _by("keeps protecting"),
    SplitMove: _by("splits its move"),
    EndAction: _by("ends its action"),
    Defend: _by("defends"),
    Wait: _by("waits"),
    Ready: _ready,
    PickUp: lambda st, a: f"{_name(st, a.figure)} picks up the {a.weapon}",
    StandUp: _by("stands up"),
    Pass: _by("does nothing"),
    React: _react,
    Decline: lambda st, a: f"{st.side_name(a.side)} let it go on",
    MoveToLine: lambda st, a: f"{_zone_move(st, a)}, ending on the line with {a.onto}",
    StepAndShoot: lambda st, a: (f"{_name(st, a.figure)} steps onto the line with "
                                 f"{a.other} and shoots at {_name(st, a.target)}"),
    SpotAndStrike: lambda st, a: (f"{_name(st, a.figure)} takes a spot in the "
                                  f"{a.bottleneck} and attacks {_name(st, a.target)}"),
    FallProne: _by("drops prone"),
    EnterPatch: lambda st, a: f"{_name(st, a.figure)} moves onto the {a.patch}",
}


# ============================================================================ pieces
def pieces(state: ZoneState) -> list[PieceView]:
    """Every figure as a front end draws and lists it (Z-2, Z-12, Z-16).

    ``group``: "gN" for a figure in melee group N, "" for one standing apart; ``spot``:
    the bottleneck a figure holds, or that a holder in its melee group holds (its group
    is drawn there), else ""; ``partner``: the figure it is InClose with, else None. A
    figure out of the fight has none of them."""
    kinds = load_data().kinds
    held = {f.group: f.bottleneck for f in state.figures.values()
            if f.bottleneck and f.group and f.active}
    out = []
    for f in state.figures.values():
        status = "prone" if f.active and rules.is_prone(f) else f.status
        spot = f.bottleneck or held.get(f.group, "")
        out.append(PieceView(
            id=f.id, name=f.name, side=f.side, kind=f.kind, kind_name=kinds[f.kind].name,
            place=f.place, facing=None, health=f.st, health_max=f.st_max,
            health_label="ST", status=status, tags=_tags(state, f), active=f.active,
            size=f.size, ring="running" if f.running and f.active else "",
            group=f"g{f.group}" if f.active and f.group else "",
            spot=spot if f.active else "",
            partner=f.close_with if f.active else None))
    return out


def _tags(state: ZoneState, f: ZoneFigure) -> tuple[str, ...]:
    """What a roster shows beside the figure's name: its status (Z-2) and condition."""
    st = rules.status(state, f) if f.active else ""
    tags: list[str] = [st] if st else []
    if f.active and f.prone and f.close_with is None:
        tags.append("prone")
    if f.running and f.active:
        tags.append("running")
    if f.defending:
        tags.append("defending")
    if f.waiting and not f.acted:
        tags.append("waiting")
    if f.protecting:
        tags.append(f"protects {state.figures[f.protecting].name}")
    if f.bottleneck:
        tags.append(f"holds the {f.bottleneck}")
    if f.on_line:
        tags.append("on a boundary")
    return tuple(tags)
