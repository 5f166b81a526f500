"""Missile fire and thrown weapons on a hex height map (H-18, T-7 shoot / throw).

The range string of the source becomes a 3D line from the shooter's head to the
target's chest over the height map (:meth:`HexMap.sight`): a hex whose top reaches the
line blocks the shot; a figure whose head reaches the line is in the way (the shot is
rolled against it first, as if it were the target: a hit strikes it instead, H-18);
a figure below the line is passed over. Range bands of 6 hexes: the first costs
nothing, each further one 1 adjusted DX.
"""

from __future__ import annotations

from dataclasses import dataclass

from game.core import odds
from game.core.dice import Modifier
from game.rules.tft import combat
from game.rules.tft.combat import AttackOdds
from game.rules.tft.data import Weapon, load_data
from game.rules.tft.hexes import heights
from game.rules.tft.hexes.state import HexFigure, HexState


@dataclass(frozen=True)
class LineOfFire:
    """A shot's 3D line of sight, as a player sees it on the range string."""

    shooter: str
    target: str
    cells: tuple[tuple[int, float], ...]
    """The hexes the line crosses between the two, each with its height there."""
    eye: float
    """Absolute height of the shooter's eye (levels)."""
    chest: float
    """Absolute height of the target's chest (levels)."""
    blocked_at: int | None
    """The first hex whose top reaches the line, if any."""
    in_way: tuple[str, ...]
    """Figures the line runs into before the target, nearest first (rolled against)."""
    over: tuple[str, ...]
    """Figures the line passes over."""
    distance: int

    @property
    def clear(self) -> bool:
        return self.blocked_at is None


def eye_height(fig: HexFigure) -> float:
    """H-18: how far above its own floor a figure's eye is (prone figures H 1; a figure
    on a wall clings above its hex)."""
    return fig.hold_at + heights.height(fig) * float(load_data().num("missile", "eye"))


def chest_height(fig: HexFigure) -> float:
    """H-18: how far above its own floor a figure's chest is."""
    return fig.hold_at + heights.height(fig) * float(load_data().num("missile", "chest"))


def line_of_fire(state: HexState, shooter: HexFigure, target: HexFigure,
                 frm: int | None = None) -> LineOfFire:
    """H-18: the line from ``shooter``'s head (standing in ``frm``, by default its hex)
    to ``target``'s chest: where it is blocked, who is in the way, who is passed over."""
    board = state.board
    a = shooter.cell if frm is None else frm
    za, zb = eye_height(shooter), chest_height(target)
    cells = board.sight(a, za, target.cell, zb)
    occupied = state.occupied()
    blocked = None
    in_way: list[str] = []
    over: list[str] = []
    seen = {shooter.id, target.id}
    for c, z in cells:
        if board.level(c) >= z:
            blocked = c
            break
        g = occupied.get(c)
        if g is None or g.id in seen or not g.alive:
            continue
        seen.add(g.id)
        top = heights.measured_level(board, g, c) + heights.height(g)
        (in_way if top >= z else over).append(g.id)
    lv = board.level_list
    return LineOfFire(shooter.id, target.id, tuple(cells), lv[a] + za,
                      lv[target.cell] + zb, blocked, tuple(in_way), tuple(over),
                      board.distance(a, target.cell))


def range_band(distance: int) -> tuple[int, int]:
    """H-18: the band a shot of ``distance`` hexes falls in (0 for 1-6, 1 for 7-12...)
    and the adjusted DX it costs."""
    d = load_data()
    band = max(0, distance - 1) // int(d.num("missile", "band_hexes"))
    return band, band * int(d.num("missile", "dx_per_band"))


def ranged_weapon(fig: HexFigure) -> Weapon | None:
    """T-4: the figure's ready weapon if it shoots or is thrown."""
    w = combat.weapon_of(fig)
    return w if (w.missile or w.thrown) and w.range > 0 else None


def range_modifiers(distance: int) -> list[Modifier]:
    band, dx = range_band(distance)
    if not dx:
        return []
    return [Modifier(dx, f"range {distance} hexes (band {band + 1})", "H-18")]


def shot_modifiers(state: HexState, shooter: HexFigure, target: HexFigure,
                   distance: int) -> list[Modifier]:
    """H-18: what a shot adds to the shooter's adjusted DX: its range band and the
    shooter's footing (H-15, H-21)."""
    from game.rules.tft.hexes import melee

    return range_modifiers(distance) + melee.footing(state, shooter)


def from_rear(state: HexState, shooter: HexFigure, target: HexFigure) -> bool:
    """T-5: a shot from the target's rear arc (its shield does not count)."""
    b = state.board
    if shooter.cell == target.cell:
        return False
    return heights.facing_arc(b.bearing(target.cell, shooter.cell), target.facing) == "rear"


def shot_odds(state: HexState, shooter: HexFigure, target: HexFigure) -> AttackOdds:
    """H-18: exact odds of a shot striking ``target`` (figures in the way not counted)."""
    dist = state.board.distance(shooter.cell, target.cell)
    return combat.attack_odds(shooter, target, shot_modifiers(state, shooter, target, dist),
                              rear=from_rear(state, shooter, target))


def p_through(state: HexState, shooter: HexFigure, lof: LineOfFire) -> float:
    """H-18: the chance the shot gets past every figure in the way (each rolled against
    as if it were the target: a hit stops the shot there)."""
    p = 1.0
    for gid in lof.in_way:
        g = state.figures[gid]
        p *= 1.0 - shot_odds(state, shooter, g).p_hit
    return p


def chance(n: int, target: int) -> float:
    """Exact chance of ``n``d6 <= ``target``."""
    return odds.check_probability(n, target)
