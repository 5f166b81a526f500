"""Falls on a hex height map (H-8, H-9, H-14): the roll to land well and the damage."""

from __future__ import annotations

from game.core import odds
from game.core.dice import Dice
from game.core.events import Event, Kind
from game.core.places import Cell
from game.rules.tft import combat
from game.rules.tft.data import load_data
from game.rules.tft.hexes import heights
from game.rules.tft.hexes.state import HexFigure


def fall(fig: HexFigure, frm: int, levels: int, dice: Dice, cause: str,
         rule: str = "H-8") -> list[Event]:
    """H-8 (H-9 for knock-downs and pushes): a drop of more than H needs 3d6 vs adjusted
    DX. Made: lands standing and rolls one die fewer; missed: lands prone. Each band of H
    beyond the first adds a die; armour of any kind stops only 2 of the damage.
    """
    d = load_data()
    h = heights.falling_height(fig)
    band = heights.fall_band(levels, h)
    if band == 0:
        return []
    base, mods = combat.adjusted_dx(fig)
    n = int(d.num("falling", "check_dice"))
    roll = dice.check(n, base, mods, rule=rule,
                      label=f"{fig.name} {cause} {levels} levels (H {h}, band {band})")
    events = [Event(Kind.ROLLED, roll.explain(), rule, fig.id, roll=roll)]
    n_dice = heights.fall_damage_dice(levels, h, bool(roll.success))
    where = (Cell(frm), Cell(fig.cell))
    if not roll.success:
        fig.prone = True
        events.append(Event(Kind.FELL, f"{fig.name} falls {levels} levels and lands prone.",
                            rule, fig.id, places=where, amount=levels))
    else:
        events.append(Event(Kind.FELL, f"{fig.name} drops {levels} levels and lands on "
                                       "their feet.", rule, fig.id, places=where,
                            amount=levels))
    if n_dice > 0:
        dmg = dice.roll(f"{n_dice}d6", rule=rule, label=f"{fig.name} falling damage")
        stops = heights.falling_armour_stops(fig)
        hits = max(0, dmg.total - stops)
        events.append(Event(Kind.ROLLED, f"{dmg.explain()} - {stops} stopped by armour "
                                         f"= {hits}", rule, fig.id, roll=dmg, amount=hits))
        events += combat.take_damage(fig, hits, "the fall")
    return events


def fall_odds(fig: HexFigure, levels: int) -> tuple[int, float]:
    """H-8: the band of a drop and the chance of landing standing (1.0 for band 0)."""
    band = heights.fall_band(levels, heights.falling_height(fig))
    if band == 0:
        return 0, 1.0
    n = int(load_data().num("falling", "check_dice"))
    return band, odds.check_probability(n, combat.adjusted_dx_total(fig))


def stumble(fig: HexFigure, frm: int, levels: int, dice: Dice) -> list[Event]:
    """H-14: pushed back and down by at most H levels: 3d6 vs adjusted DX or fall prone in
    the new hex; pushed down more than H: the falling rules (H-8, H-9).
    """
    if levels <= 0:
        return []
    if levels > heights.falling_height(fig):
        return fall(fig, frm, levels, dice, "is pushed off a drop of", rule="H-9")
    base, mods = combat.adjusted_dx(fig)
    n = int(load_data().num("stumble", "check_dice"))
    roll = dice.check(n, base, mods, rule="H-14",
                      label=f"{fig.name} keeps their footing, pushed down {levels}")
    events = [Event(Kind.ROLLED, roll.explain(), "H-14", fig.id, roll=roll)]
    if not roll.success:
        fig.prone = True
        events.append(Event(Kind.PRONE, f"{fig.name} stumbles and falls prone.", "H-14",
                            fig.id))
    return events
