"""What the Melee-on-heights controller says: a drop's odds on the board and in tips, a
shot's line of fire as the board draws it, and the tips of its buttons (the rules'
answers in a player's words; no rule is decided here)."""

from __future__ import annotations

from game.rules.tft.hexes.queries import AttackCheck, FallOdds, HexState, range_band
from game.ui.boards.hexes import SightMark
from game.ui.controllers import TipLine
from game.ui.scenes.dice_log import percent
from game.ui.widgets import DIM, GREEN, TEXT, VERMILLION, YELLOW

TURN_TIP = ("Facing is free all movement long (T-5): before, between or after steps, and "
            "after a move into contact or a jump too.")
ENGAGED_TURN_TIP = (" An engaged figure turns in place without using its one-hex shift "
                    "(T-6).")
DISENGAGE_TIP = ("Disengage (H-10): step one hex back, out of the front hexes of every enemy "
                 "engaging it: on the same level, up as many levels as hexes it covers, or "
                 "down any number (beyond its H that is a fall, H-8). It is this figure's "
                 "action this turn (T-7).")
WAIT_TIP = "It does nothing more this turn (T-7): the next figure in the order acts."
ALL_WAIT_TIP = ("Every figure of this side that can neither attack, shoot, sweep, stand "
                "up, pick up a weapon nor disengage waits, now and when its turn in the "
                "order comes, for the rest of this action phase; figures that could do "
                "one of those are still asked (Enter does the same).")


def risk_label(risk: FallOdds, verb: str = "stands") -> str:
    """A drop's odds on the board: 'stands 38%, out 62%' (knocked out or killed); its
    first clause is the short form when room is tight."""
    text = f"{verb} {percent(risk.p_standing)}"
    if risk.p_down > 0:
        text += f", out {percent(risk.p_down)}"
    return text


def risk_lines(risk: FallOdds, roll: str = "to land on its feet") -> list[TipLine]:
    """A drop's odds as tip lines: the roll, the dice of damage in words, landing
    standing, knocked out and killed (H-8, H-9, H-11, H-14; T-3)."""
    lines: list[TipLine] = []
    if risk.harmless:
        lines.append(TipLine(f"a drop of {risk.levels} level{'s' * (risk.levels != 1)}, "
                             "within its H: no roll, no damage (H-3)", GREEN))
        return lines
    if risk.rolls:
        if risk.rule == "H-14":
            lines.append(TipLine(f"pushed down {risk.levels}: 3d6 against adjusted DX "
                                 f"{risk.target} to keep its feet, {percent(risk.p_save)}; "
                                 "a miss falls prone (H-14)", TEXT))
        else:
            what = "adjusted DX" if risk.adjusted else "DX"
            lines.append(TipLine(f"band {risk.band} ({risk.rule}): 3d6 against {what} "
                                 f"{risk.target} {roll}, {percent(risk.p_save)}", TEXT))
    if risk.dice_missed:
        lines.append(TipLine(risk.damage_words(), TEXT))
    if risk.prone_anyway:
        lines.append(TipLine("it lands prone whatever happens (H-11)", DIM))
    else:
        lines.append(TipLine(f"{percent(risk.p_standing)} "
                             + ("stays standing" if risk.rule == "H-14" else
                                "lands standing"),
                             YELLOW, True))
    if risk.p_out or risk.p_dead:
        lines.append(TipLine(f"{percent(risk.p_out)} knocked out, {percent(risk.p_dead)} "
                             "killed (T-3)", VERMILLION, True))
    elif risk.dice_missed:
        lines.append(TipLine("the damage cannot knock it out (T-3)", GREEN))
    return lines


def sight_mark(state: HexState, chk: AttackCheck) -> SightMark | None:
    """The board's drawing of a shot's line of fire (H-18)."""
    line = chk.line
    if line is None:
        return None
    pts: list[tuple[int, float, str]] = []
    occ = state.occupied()
    for c, z in line.cells:
        kind = "clear"
        if line.blocked_at == c:
            kind = "blocked"
        elif c in occ and occ[c].id in line.in_way:
            kind = "in_way"
        elif c in occ and occ[c].id in line.over:
            kind = "over"
        pts.append((c, z, kind))
    band, dx = range_band(line.distance)
    label = f"{line.distance} hexes, band {band + 1}" + (f", {dx:+d} DX" if dx else "")
    if chk.p_target is not None and chk.allowed:
        label += f": {percent(chk.p_target)}"
    shooter = state.figures[line.shooter]
    target = state.figures[line.target]
    return SightMark(shooter.cell, line.eye, target.cell, line.chest, tuple(pts), label)
