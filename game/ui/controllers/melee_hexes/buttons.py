"""The Melee-on-heights controller's buttons: attacks and shots with their odds, the
nearest hexes to disengage to, turning left and right, and one button per other legal
action (defend, end movement, ready, pass, choose first, climb...), each with its label
and what it does and costs (its rule)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from game.core.ruleset import Action
from game.rules.tft.hexes.actions import (
    ChooseFirst,
    Climb,
    Defend,
    EndMovement,
    NoRetreat,
    Pass,
    PickUp,
    PutAway,
    Ready,
    StandUp,
    Sweep,
    Swipe,
)
from game.rules.tft.hexes.phases import HexPhase
from game.rules.tft.hexes.queries import HexFigure, Hold, drop_levels, load_data
from game.ui.controllers import ButtonSpec
from game.ui.controllers.melee_hexes.words import (
    ALL_WAIT_TIP,
    DISENGAGE_TIP,
    ENGAGED_TURN_TIP,
    TURN_TIP,
    WAIT_TIP,
    risk_label,
)
from game.ui.scenes.dice_log import percent
from game.ui.widgets import ORANGE, SKY, VERMILLION

if TYPE_CHECKING:
    from game.ui.controllers.melee_hexes.controller import MeleeHexController


def _strikes(ctl: MeleeHexController) -> list[ButtonSpec]:
    """The acting figure's blows and shots, with their odds."""
    st, q = ctl.state, ctl.q
    acting = st.acting()
    out: list[ButtonSpec] = []
    for tid, a in ctl.sorted.attacks.items():
        t = st.figures[tid]
        assert acting is not None
        chk = q.attack_check(acting.id, tid)
        odds = f" - {percent(chk.odds.p_hit)}" if chk.odds else ""
        verb = "Swipe at" if isinstance(a, Swipe) else "Attack"
        out.append(ButtonSpec(f"{verb} {t.name}{odds}", a, accent=VERMILLION, name=a.kind))
    for tid, a in ctl.sorted.shots.items():
        t = st.figures[tid]
        assert acting is not None
        chk = q.shot_check(acting.id, tid)
        odds = f" - {percent(chk.p_target)}" if chk.p_target is not None else ""
        out.append(ButtonSpec(f"Shoot {t.name}{odds}", a, accent=VERMILLION, name=a.kind))
    return out


def _disengages(ctl: MeleeHexController) -> list[ButtonSpec]:
    """T-7, H-10: the two gentlest hexes to disengage to (the rest are rings)."""
    st = ctl.state
    acting = st.acting()
    if acting is None or not ctl.sorted.disengage:
        return []
    board = st.board
    cells = sorted(ctl.sorted.disengage, key=lambda c: (
        drop_levels(board, acting.cell, c), c))
    out = []
    for c in cells[:2]:
        risk = ctl.q.drop_odds(acting.id, c)
        d = board.direction(acting.cell, c)
        way = board.direction_name(d) if d is not None else board.label(c)
        odds = "" if risk.harmless else f" - {risk_label(risk)}"
        tip = DISENGAGE_TIP + (f" Here: a drop of {risk.levels} levels, "
                               f"{risk.damage_words()}; {risk.odds_words()}."
                               if not risk.harmless else "")
        if len(cells) > 2:
            tip += " Or click any 'back' ring on the board."
        out.append(ButtonSpec(f"Disengage {way} (back){odds}", ctl.sorted.disengage[c],
                              name="disengage", tip=tip))
    return out


def _turns(ctl: MeleeHexController, sel: HexFigure) -> list[ButtonSpec]:
    """T-5: turning left or right, free all movement long."""
    faces = ctl.sorted.faces.get(sel.id, {})
    left, right = (sel.facing + 1) % 6, (sel.facing - 1) % 6
    tip = TURN_TIP + (ENGAGED_TURN_TIP if ctl.q.is_engaged(sel.id) else "")
    out = []
    if left in faces:
        out.append(ButtonSpec("Turn left (free)", faces[left], hint="Q", name="face", tip=tip))
    if right in faces:
        out.append(ButtonSpec("Turn right (free)", faces[right], hint="E", name="face",
                              tip=tip))
    return out


def _others(ctl: MeleeHexController, selected: str | None) -> list[ButtonSpec]:
    """A button per other legal action (a figure's Defend only when it is selected)."""
    out = []
    for a in ctl.sorted.other:
        if isinstance(a, Defend) and a.figure != selected:
            continue
        hint = "Enter" if isinstance(a, EndMovement) else "W" if isinstance(a, Pass) else ""
        accent = ORANGE if isinstance(a, (EndMovement, ChooseFirst)) else SKY
        out.append(ButtonSpec(action_label(ctl, a), a, accent=accent, hint=hint,
                              name=a.kind, tip=action_tip(ctl, a)))
    return out


def buttons(ctl: MeleeHexController, selected: str | None) -> list[ButtonSpec]:
    """Every button of the side panel now."""
    st = ctl.state
    out: list[ButtonSpec] = []
    sel = ctl.figure(selected)
    if st.phase == HexPhase.ACTION:
        out += _strikes(ctl) + _disengages(ctl)
    if st.phase == HexPhase.MOVEMENT and sel is not None:
        out += _turns(ctl, sel)
    out += _others(ctl, selected)
    if st.phase == HexPhase.ACTION and ctl.legal:
        others = [f for f in ctl.idle_left() if st.acting() is not f]
        on = ctl.waiting == (ctl.m.turn, ctl.m.to_act())
        out.append(ButtonSpec("All others wait", command=ctl.all_wait, hint="Enter",
                              name="all_wait", enabled=bool(others) or ctl.idle(),
                              toggled=on, tip=ALL_WAIT_TIP))
    if st.phase == HexPhase.RETREAT and ctl.legal:
        can_follow = any(f for (_c, f) in ctl.sorted.retreats)
        out.insert(0, ButtonSpec("Follow into its hex", command=ctl.toggle_follow,
                                 toggled=ctl.follow, hint="F", name="follow",
                                 enabled=can_follow))
    return out


def action_tip(ctl: MeleeHexController, a: Action) -> str:
    """What a button's action does and costs, with its rule."""
    match a:
        case EndMovement():
            unmoved = ctl.unmoved()
            text = "Ends this side's movement (T-7); the other side moves, or actions begin."
            if unmoved:
                text += " Not moved yet: " + ", ".join(f.name for f in unmoved) + "."
            return text
        case Pass():
            return WAIT_TIP
        case Defend():
            return ("Defends this turn (T-7): it stays where it is, and every attack on it "
                    "rolls 4 dice instead of 3; it may not attack.")
        case ChooseFirst():
            return "The initiative winner chooses which side moves first (T-7)."
        case StandUp():
            return "Stands up (T-7): its action this turn."
        case Ready():
            return "Changes weapons (T-7): its action this turn."
        case Sweep():
            return ("A sweeping blow (H-19): a two-handed weapon strikes every foe in its "
                    "front hexes within one level, left to right, each at -2 DX.")
    return ""


def _climb_label(ctl: MeleeHexController, a: Climb) -> str:
    """A climb's button: where to, the dice and the chance of the set (H-11, H-20)."""
    st = ctl.state
    fig = st.figures.get(a.figure)
    o = ctl.q.climb_options(fig.id).get(a.to) if fig else None
    lab = st.board.label(a.to)
    p = f", {percent(o.p_set)}" if o else ""
    if fig is not None and fig.hold == Hold.HANG:
        return f"Pull up onto {lab} (4d6 vs ST{p})"
    down = o is not None and o.down
    if fig is not None and fig.hold:
        on = "Climb on down to" if down else "Climb on to"
        return f"{on} {lab} ({o.dice if o else 4}d6 vs DX{p})"
    verb = "Climb down to" if down else "Climb"
    if a.more:
        return f"{verb} {lab} + a 2nd set ({o.dice if o else 4}d6{p})"
    return f"{verb} {lab}: a free set"


def _pass_label(ctl: MeleeHexController, a: Pass) -> str:
    fig = ctl.state.figures.get(a.figure)
    name = fig.name if fig is not None else ""
    how = " (defending)" if fig is not None and fig.defending else (
        " (clinging)" if fig is not None and fig.hold else "")
    return f"{name} waits{how}"  # the log says "waits" too


def action_label(ctl: MeleeHexController, a: Action) -> str:
    """A button's label for an action."""
    def name(fid: str) -> str:
        fig = ctl.state.figures.get(fid)
        return fig.name if fig is not None else ""

    match a:
        case ChooseFirst(first=first):
            return f"{ctl.m.side_name(first)} move first"
        case EndMovement():
            return "End movement"
        case Defend(figure=fid):
            return f"{name(fid)} defends (attackers roll 4 dice)"
        case Pass():
            return _pass_label(ctl, a)
        case StandUp(figure=fid):
            return f"{name(fid)} stands up"
        case PickUp(figure=fid):
            return f"{name(fid)} picks up the weapon"
        case Ready(weapon=wkey):
            w = load_data().weapons.get(wkey)
            return f"Ready the {w.name if w else wkey}"
        case NoRetreat():
            return "Do not push back"
        case Climb():
            return _climb_label(ctl, a)
        case Sweep(figure=fid):
            return f"{name(fid)} makes a sweeping blow (H-19)"
        case PutAway(figure=fid):
            return f"{name(fid)} puts weapon and shield away"
    return ctl.m.describe(a)
