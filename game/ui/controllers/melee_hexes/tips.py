"""The Melee-on-heights controller's words about a hex and an enemy under the pointer:
what moving, jumping, leaping, climbing, disengaging or pushing there costs and risks,
and whether and how well a figure can strike or shoot an enemy, each with its rule and
the rules' exact odds."""

from __future__ import annotations

from typing import TYPE_CHECKING

from game.core.places import Cell, Place
from game.rules.tft.hexes.actions import Climb, JumpDown, Leap, Move
from game.rules.tft.hexes.phases import HexPhase
from game.rules.tft.hexes.queries import (
    POLE,
    SWIPE,
    AttackOdds,
    HexFigure,
    Hold,
    adjacent_figures,
    charge_allowance,
    load_data,
    range_band,
    ranged_weapon,
)
from game.ui.controllers import TipLine
from game.ui.controllers.melee_hexes.words import risk_lines
from game.ui.scenes.dice_log import percent
from game.ui.widgets import DIM, GREEN, ORANGE, SKY, TEXT, VERMILLION, YELLOW

if TYPE_CHECKING:
    from game.ui.controllers.melee_hexes.controller import MeleeHexController


# ============================================================================ charge
def charge_words(ctl: MeleeHexController, fig: HexFigure, cost: int) -> str:
    """T-7: whether ``fig`` may still attack after spending ``cost`` more MP."""
    allow = charge_allowance(fig)
    if cost <= ctl.q.charge_left(fig.id):
        return (f"it may still attack after it ({fig.mp_spent + cost} of the {allow} MP "
                "of a charge, T-7)")
    return (f"no attack this turn after it: more than half its MA ({allow} MP) spent "
            "(T-7)")


def charge_line(ctl: MeleeHexController, fig: HexFigure, cost: int) -> TipLine:
    ok = cost <= ctl.q.charge_left(fig.id)
    return TipLine(charge_words(ctl, fig, cost), GREEN if ok else ORANGE)


# ============================================================================ a hex, in a line
def _way_text(ctl: MeleeHexController, sel: HexFigure, c: int, own: bool) -> str:
    """The way shown into ``c`` for the selected figure (walk or jump), in words."""
    opts = ctl.reach_opts
    assert opts is not None
    board = ctl.state.board
    text = ""
    ways = ctl.ways(sel, c)
    way = ctl.chosen_way(sel, c)
    if not own:
        text += f". {sel.name} could get here for {opts.cost(c)} MP"
    elif isinstance(way, JumpDown):
        j = opts.jump(c, way.via)
        assert j is not None
        risk = ctl.q.fall_odds(sel.id, j.levels)
        text += (f". Jump down {j.levels} levels from {board.label(way.via)} for "
                 f"{j.cost} MP (H-8): {risk.damage_words()}; "
                 f"{risk.odds_words()}; {charge_words(ctl, sel, j.cost)}")
    elif isinstance(way, Move):
        cost = opts.reach.cost_of(c) or 0
        text += f"; a walk of {cost} MP: {charge_words(ctl, sel, cost)}"
    if len(ways) > 1:
        text += f" [J: {len(ways)} ways]"
    return text


def _leap_text(ctl: MeleeHexController, sel: HexFigure, c: int) -> str:
    leap = ctl.q.leap_options(sel.id).get(c)
    lr = ctl.q.leap_risk(sel.id, c)
    if leap is None or lr is None:
        return ""
    return (f". Leap {len(leap.gap)} hex{'es' * (len(leap.gap) > 1)}: "
            f"{leap.dice}d6 vs ST+DX {leap.target}, {percent(leap.p_leap)}; a "
            f"miss grabs the edge {percent(leap.p_grab)} (H-20); it falls "
            f"{percent(lr[0])}, out {percent(lr[0] * lr[1].p_down)}")


def place_text(ctl: MeleeHexController, place: Place) -> str | None:
    """A hex in a line: its level and ground (H-21), and the way the selected figure
    would get there, leap or climb there, with the odds."""
    if not isinstance(place, Cell):
        return None
    st = ctl.state
    board = st.board
    c = place.index
    text = f"Hex {board.label(c)}: level {board.level(c)}, {board.terrain_of(c)}"
    ground = ctl.q.ground_words(c)
    if ground:
        text += f"; {ground}"
    opts = ctl.reach_opts
    sel = ctl.figure(opts.figure) if opts is not None else None
    own = sel is not None and sel.side == ctl.m.to_act()
    if opts is not None and sel is not None and c in opts.cells():
        text += _way_text(ctl, sel, c, own)
    if sel is not None and own:
        text += _leap_text(ctl, sel, c)
    fig = ctl.figure(ctl.focus()) or sel
    if fig is not None:
        climb = ctl.q.climb_options(fig.id).get(c)
        if climb is not None:
            text += (f". Climb {'down ' * climb.down}{climb.rise} levels in sets of "
                     f"{climb.set_h}: each set after the free one {climb.dice}d6 vs DX, "
                     f"{percent(climb.p_set)}; a fall lands prone (H-11)")
    return text


# ============================================================================ a hex, in a tip
def _disengage_tip(ctl: MeleeHexController, c: int) -> list[TipLine] | None:
    acting = ctl.state.acting()
    if acting is None or c not in ctl.sorted.disengage:
        return None
    risk = ctl.q.drop_odds(acting.id, c)
    return [TipLine(f"{acting.name} disengages to {ctl.state.board.label(c)} (H-10)", TEXT,
                    True),
            TipLine("one hex back, out of every engaging enemy's front; its action",
                    DIM)] + risk_lines(risk)


def _push_tip(ctl: MeleeHexController, c: int) -> list[TipLine] | None:
    st = ctl.state
    a, t = (st.figures[i] for i in st.retreats[0])
    if not any(k == c for k, _f in ctl.sorted.retreats):
        return None
    risk = ctl.q.push_odds(t.id, c)
    lines = [TipLine(f"{a.name} pushes {t.name} back to {st.board.label(c)} (T-8, H-13)",
                     TEXT, True)]
    if not risk.rolls and not risk.dice_missed:
        if not t.standing:
            return lines + [TipLine("already down: no roll, it stays down (H-14)", DIM)]
        return lines + [TipLine("no drop: no roll, it stays on its feet", GREEN)]
    return lines + risk_lines(risk, "to land on its feet")


def _leap_tip(ctl: MeleeHexController, sel: HexFigure, c: int) -> list[TipLine] | None:
    board = ctl.state.board
    o = ctl.q.leap_options(sel.id).get(c)
    lr = ctl.q.leap_risk(sel.id, c)
    if o is None or lr is None:
        return None
    p_fall, fall = lr
    lines = [TipLine(f"{sel.name} leaps {len(o.gap)} hex{'es' * (len(o.gap) > 1)} "
                     f"to {board.label(c)} (H-20)", TEXT, True),
             TipLine(f"{o.dice}d6 against ST + adjusted DX {o.target}: "
                     f"{percent(o.p_leap)}", YELLOW, True)]
    if board.level(c) > board.level(o.gap[-1]):
        lines.append(TipLine(f"a miss: 3d6 against adjusted DX to grab the far edge, "
                             f"{percent(o.p_grab)}", TEXT))
    lines.append(TipLine(f"{percent(p_fall)} it falls into the gap "
                         f"({fall.levels} levels): {fall.damage_words()}", TEXT))
    if fall.p_down:
        lines.append(TipLine(f"{percent(p_fall * fall.p_out)} knocked out, "
                             f"{percent(p_fall * fall.p_dead)} killed (T-3)",
                             VERMILLION, True))
    return lines + [TipLine("a leap ends its move", DIM)]


def _climb_tip(ctl: MeleeHexController, sel: HexFigure, c: int,
               way: Climb) -> list[TipLine] | None:
    lab = ctl.state.board.label(c)
    co = ctl.q.climb_options(sel.id).get(c)
    cr = ctl.q.climb_risk(sel.id, c, way.more)
    if co is None or cr is None:
        return None
    p_fall, fall = cr
    if sel.hold == Hold.HANG:
        lines = [TipLine(f"{sel.name} pulls up onto {lab} (H-20)", TEXT, True),
                 TipLine(f"{co.dice}d6 against ST {sel.st}: {percent(co.p_set)}",
                         YELLOW, True),
                 TipLine(f"a miss costs {load_data().num('leap', 'pull_cost')} ST; it hangs "
                         "on unless that knocks it out", TEXT)]
        if p_fall:
            lines.append(TipLine(f"{percent(p_fall)} it is knocked out and falls "
                                 f"{fall.levels} levels", VERMILLION, True))
        return lines
    lines = [TipLine(f"{sel.name} climbs {'down to' if co.down else 'towards'} {lab}: "
                     f"{co.rise} levels in sets of {co.set_h} (H-11)", TEXT, True)]
    if not sel.hold and not way.more:
        return lines + [TipLine(f"the first set ({min(co.set_h, co.rise)} levels) is "
                                "free: no roll, no fall", GREEN)]
    lines.append(TipLine(f"{co.dice}d6 against DX {sel.dx} for the set: "
                         f"{percent(co.p_set)}", YELLOW, True))
    lines.append(TipLine(f"a miss ({percent(p_fall)}) falls {fall.levels} levels "
                         "and lands prone", TEXT))
    if co.down:
        lines.append(TipLine("(from where it clings: the top of the set it tries)", DIM))
    lines.append(TipLine(fall.damage_words(), TEXT))
    if fall.p_down:
        lines.append(TipLine(f"{percent(p_fall * fall.p_out)} knocked out, "
                             f"{percent(p_fall * fall.p_dead)} killed (T-3)",
                             VERMILLION, True))
    return lines


def _movement_tip(ctl: MeleeHexController, selected: str | None,
                  c: int) -> list[TipLine] | None:
    sel = ctl.figure(selected)
    if sel is None or sel.side != ctl.m.to_act():
        return None
    board = ctl.state.board
    way = ctl.chosen_way(sel, c)
    opts = ctl.reach_opts
    n = len(ctl.ways(sel, c))
    more = [TipLine(f"J: {n} ways here, this is one", DIM)] if n > 1 else []
    if isinstance(way, JumpDown) and opts is not None:
        j = opts.jump(c, way.via)
        if j is None:
            return None
        risk = ctl.q.fall_odds(sel.id, j.levels)
        via = "" if way.via == sel.cell else f" from {board.label(way.via)}"
        return [TipLine(f"{sel.name} jumps down {j.levels} levels{via}: {j.cost} MP (H-8)",
                        TEXT, True),
                *risk_lines(risk), charge_line(ctl, sel, j.cost), *more]
    if isinstance(way, Move) and opts is not None:
        cost = opts.reach.cost_of(c) or 0
        return [TipLine(f"{sel.name} walks to {board.label(c)}: {cost} MP", TEXT, True),
                charge_line(ctl, sel, cost), *more]
    if isinstance(way, Leap):
        lines = _leap_tip(ctl, sel, c)
        return None if lines is None else lines + more
    if isinstance(way, Climb):
        lines = _climb_tip(ctl, sel, c, way)
        return None if lines is None else lines + more
    return _wall_tip(ctl, sel, c) if way is None else None


def _wall_tip(ctl: MeleeHexController, sel: HexFigure, c: int) -> list[TipLine] | None:
    """H-2, H-11: over a wall top the selected figure cannot step up to: how a climb
    would go, what it costs and what it still needs (put its weapon away...)."""
    hint = ctl.q.wall_hint(sel.id, c)
    if hint is None:
        return None
    board = ctl.state.board
    lines = [TipLine(f"A wall of {hint.rise} levels above {board.label(hint.foot)}: more "
                     f"than the {hint.climb_h} {sel.name} may step up (H-2)", TEXT, True),
             TipLine(hint.how(), TEXT)]
    if hint.needs:
        lines.append(TipLine(f"To climb it {sel.name} needs " + "; ".join(hint.needs),
                             ORANGE, True))
    return lines


def place_tip(ctl: MeleeHexController, selected: str | None,
              place: Place) -> list[TipLine] | None:
    """Over a hex: what moving, jumping, leaping, climbing, disengaging or pushing there
    costs and risks, with the exact odds (H-8, H-9, H-10, H-11, H-14, H-20, T-7)."""
    if not isinstance(place, Cell):
        return None
    st = ctl.state
    if st.phase == HexPhase.ACTION:
        return _disengage_tip(ctl, place.index)
    if st.phase == HexPhase.RETREAT and st.retreats:
        return _push_tip(ctl, place.index)
    if st.phase != HexPhase.MOVEMENT:
        return None
    return _movement_tip(ctl, selected, place.index)


# ============================================================================ an enemy
def _defence_lines(odds: AttackOdds, t: HexFigure) -> list[TipLine]:
    """T-7: what a defending target does to the dice."""
    lines = []
    if t.defending:
        lines.append(TipLine(f"{odds.dice} dice, not 3: {t.name} defends this turn (T-7)",
                             ORANGE))
    return lines


def attack_tip(ctl: MeleeHexController, actor: str, target: str) -> list[TipLine] | None:
    """The hover text for ``actor`` attacking ``target``: can it, the odds, each modifier
    with its rule."""
    st = ctl.state
    a, t = st.figures[actor], st.figures[target]
    if ranged_weapon(a) is not None and not adjacent_figures(st.board, a, t):
        return shot_tip(ctl, a, t)
    chk = ctl.q.attack_check(a.id, t.id)
    lines = [TipLine(f"{a.name} attacks {t.name}", TEXT, True)]
    if chk.how == POLE:
        lines.append(TipLine("a pole's jab beyond H: no height modifier (H-16)", SKY))
    elif chk.how == SWIPE:
        lines.append(TipLine("kneels at the edge to swipe down (H-17)", SKY))
    if chk.allowed:
        lines.append(TipLine("can attack now" if st.phase == HexPhase.ACTION and
                             st.acting() is a else "could attack from here", GREEN))
    else:
        lines.append(TipLine(f"cannot: {chk.reason}", VERMILLION))
    o = chk.odds
    if o is not None:
        lines.append(TipLine(f"{percent(o.p_hit)} to hit", YELLOW if chk.allowed else DIM,
                             True))
        lines.append(TipLine(f"{o.dice}d6, needs {o.target} or less", TEXT))
        lines += _defence_lines(o, t)
        lines.append(TipLine(f"  DX {o.base}", DIM))
        for m in o.modifiers:
            rule = f" ({m.rule})" if m.rule else ""
            lines.append(TipLine(f"  {m.value:+d} for {m.reason}{rule}", DIM))
        lines.append(TipLine(f"{o.weapon}; armour stops {o.stops}", TEXT))
        lines.append(TipLine(f"~{o.expected_damage:.1f} damage through armour, "
                             f"{percent(o.p_down)} to knock it out or kill it", TEXT))
    return lines


def shot_tip(ctl: MeleeHexController, a: HexFigure, t: HexFigure) -> list[TipLine]:
    """The hover text of a shot: can it, the line of fire, the range band, the odds."""
    st = ctl.state
    chk = ctl.q.shot_check(a.id, t.id)
    w = ranged_weapon(a)
    verb = "throws at" if w is not None and w.thrown else "shoots at"
    lines = [TipLine(f"{a.name} {verb} {t.name}", TEXT, True)]
    if chk.allowed:
        lines.append(TipLine("can shoot now" if st.acting() is a else "could shoot from "
                             "here", GREEN))
    else:
        lines.append(TipLine(f"cannot: {chk.reason}", VERMILLION))
    line = chk.line
    if line is not None:
        band, dx = range_band(line.distance)
        lines.append(TipLine(f"{line.distance} hexes: range band {band + 1}"
                             + (f", {dx:+d} DX" if dx else ", no penalty") + " (H-18)",
                             TEXT))
        lines.append(TipLine("line of sight: " + ("clear" if line.clear else "blocked"),
                             GREEN if line.clear else VERMILLION))
        for gid in line.in_way:
            lines.append(TipLine(f"  {st.figures[gid].name} is in the way: rolled for "
                                 "first", YELLOW))
        for gid in line.over:
            lines.append(TipLine(f"  passes over {st.figures[gid].name}", DIM))
    o = chk.odds
    if o is not None:
        lines.append(TipLine(f"{percent(chk.p_target or 0.0)} to strike {t.name}",
                             YELLOW if chk.allowed else DIM, True))
        lines.append(TipLine(f"{o.dice}d6, needs {o.target} or less; DX {o.base}", TEXT))
        lines += _defence_lines(o, t)
        for m in o.modifiers:
            rule = f" ({m.rule})" if m.rule else ""
            lines.append(TipLine(f"  {m.value:+d} for {m.reason}{rule}", DIM))
        lines.append(TipLine(f"{o.weapon}; armour stops {o.stops}", TEXT))
    return lines
