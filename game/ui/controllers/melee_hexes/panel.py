"""What the Melee-on-heights side panel says about a figure: its token, adjusted DX with
each modifier, MA and MP left, height, weapon, armour, footing, hold on a wall, size and
talents, and the tags beside its name."""

from __future__ import annotations

from typing import TYPE_CHECKING

from game.core.ruleset import PieceView
from game.rules.tft.hexes.phases import HexPhase
from game.rules.tft.hexes.queries import (
    HexFigure,
    Hold,
    Status,
    adjusted_dx,
    height,
    load_data,
    movement_allowance,
    weapon_of,
)
from game.ui.tokens import token_badges
from game.ui.widgets import FAINT, ORANGE, SKY, VERMILLION, YELLOW, Colour

if TYPE_CHECKING:
    from game.ui.controllers.melee_hexes.controller import MeleeHexController


def _token_row(ctl: MeleeHexController, piece: PieceView) -> list[tuple[str, str]]:
    pieces = ctl.m.pieces()
    mark = token_badges(pieces).get(piece.id)
    if not mark:
        return []
    alike = sum(1 for p in pieces if p.side == piece.side and p.kind == piece.kind)
    return [("Token", f"marked {mark}: one of {alike} {piece.kind_name.lower()}s of its side")]


def _gear_rows(fig: HexFigure) -> list[tuple[str, str]]:
    """T-4: the weapon ready, the others carried, armour and shield."""
    d = load_data()
    w = weapon_of(fig)
    others = [d.weapons[k].name for k in fig.weapons if k != fig.ready]
    rows = [("Weapon", f"{w.name} {w.damage}" + (
        f"; carries {', '.join(others)}" if others else ""))]
    gear = []
    if fig.armour:
        a = d.armour[fig.armour]
        gear.append(f"{a.name} (stops {a.stops})")
    if fig.shield:
        s = d.shields[fig.shield]
        gear.append(f"{s.name} (stops {s.stops})")
    rows.append(("Armour", ", ".join(gear) or "none"))
    return rows


def _wall_rows(ctl: MeleeHexController, fig: HexFigure) -> list[tuple[str, str]]:
    """H-11, H-20: where a figure on a wall or an edge clings."""
    if not fig.hold:
        return []
    b = ctl.state.board
    left = b.level(fig.hold_to) - b.level(fig.cell) - fig.hold_at
    if fig.hold == Hold.DOWN:
        return [("Wall", f"climbing down: clings {fig.hold_at} levels up, "
                         f"{fig.hold_at} to the floor")]
    how = "clings" if fig.hold == Hold.CLIMB else "hangs"
    return [("Wall", f"{how} {fig.hold_at} levels up, {left} to the top")]


def piece_rows(ctl: MeleeHexController, piece: PieceView) -> list[tuple[str, str]]:
    """A figure's rows in the side panel."""
    fig = ctl.figure(piece.id)
    if fig is None:
        return []
    rows = _token_row(ctl, piece)
    base, mods = adjusted_dx(fig)
    adj = base + sum(m.value for m in mods)
    dx = f"{base}" if not mods else f"{base}, adjusted {adj} (" + ", ".join(
        f"{m.value:+d} for {m.reason}" for m in mods) + ")"
    rows.append(("DX", dx))
    ma = movement_allowance(fig)
    if ctl.state.phase == HexPhase.MOVEMENT and fig.active:
        left = ctl.q.move_options(fig.id).budget
        rows.append(("MA", f"{ma}, {left} MP left this turn"))
    else:
        rows.append(("MA", f"{ma}"))
    climb = f" (climbs {fig.climb_h})" if fig.climb_h != fig.h else ""
    rows.append(("Height", f"H {height(fig)}{climb}, level "
                           f"{ctl.state.board.level(fig.cell)}"))
    rows += _gear_rows(fig)
    footing = ctl.q.footing(fig.id)
    if footing:
        rows.append(("Footing", ", ".join(f"{m.value:+d} DX {m.reason} ({m.rule})"
                                          for m in footing)))
    rows += _wall_rows(ctl, fig)
    if fig.hexes > 1:
        rows.append(("Size", f"{fig.hexes} hexes (H-15)"))
    if fig.talents:
        rows.append(("Talents", ", ".join(fig.talents)))
    return rows


def piece_tags(ctl: MeleeHexController, fig: HexFigure,
               piece: PieceView) -> list[tuple[str, Colour]]:
    """The tags beside a figure's name, each in its colour."""
    phase = ctl.state.phase
    out: list[tuple[str, Colour]] = []
    if fig.status != Status.OK:
        out.append((fig.status, VERMILLION))
    elif fig.prone:
        out.append(("prone", ORANGE))
    if "engaged" in piece.tags:
        out.append(("engaged", YELLOW))
    if fig.defending:
        out.append(("defending", SKY))
    if fig.move_over and phase == HexPhase.MOVEMENT:
        out.append(("done moving", FAINT))
    if fig.acted and phase == HexPhase.ACTION:
        out.append(("has acted", FAINT))
    if fig.dx_penalty:
        out.append((f"hurt: {fig.dx_penalty:+d} DX", ORANGE))
    for tag in ("off balance", "clinging", "hanging", "kneeling"):
        if tag in piece.tags:
            out.append((tag + (" -2 DX" if tag == "off balance" else ""), ORANGE))
    return out
