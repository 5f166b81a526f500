"""Falls on a hex height map (H-8, H-9, H-14): the roll to land well and the damage."""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from functools import lru_cache

from game.core import odds
from game.core.dice import Dice, Modifier
from game.core.events import Event, Kind
from game.core.places import Cell
from game.rules.tft import combat
from game.rules.tft.data import load_data
from game.rules.tft.hexes import heights
from game.rules.tft.hexes.state import HexFigure


def fall(fig: HexFigure, frm: int, levels: int, dice: Dice, cause: str,
         rule: str = "H-8", *, off_wall: bool = False) -> list[Event]:
    """H-8 (H-9 for knock-downs and pushes): a drop of more than H needs 3d6 vs adjusted
    DX (vs DX beyond twice H, :func:`brace_dx`). Made: lands standing and rolls one die
    fewer; missed: lands prone. Each band of H beyond the first adds a die; armour of
    any kind stops only 2 of the damage.
    ``off_wall``: a fall off a wall (H-11), which lands prone whatever the roll (the
    caller lays it down); the log does not say it lands on its feet.
    A figure knocked out cannot prepare itself for the drop (:func:`can_brace`): no roll,
    the full band of dice. A figure already prone braces, but stays down.
    """
    d = load_data()
    h = heights.falling_height(fig)
    band = heights.fall_band(levels, h)
    if band == 0:
        return []
    where = (Cell(frm), Cell(fig.cell))
    events: list[Event] = []
    if can_brace(fig):
        base, mods = brace_dx(fig, band)
        n = int(d.num("falling", "check_dice"))
        roll = dice.check(n, base, mods, rule=rule,
                          label=f"{fig.name} {cause} {levels} levels (H {h}, band {band})")
        events.append(Event(Kind.ROLLED, roll.explain(), rule, fig.id, roll=roll))
        saved = bool(roll.success)
    else:
        saved = False
        events.append(Event(Kind.FELL, f"{fig.name} is out and cannot brace for the drop: "
                                       "no roll (H-8).", rule, fig.id, places=where))
    n_dice = heights.fall_damage_dice(levels, h, saved)
    if not saved:
        fig.prone = True
        events.append(Event(Kind.FELL, f"{fig.name} falls {levels} levels and lands prone.",
                            rule, fig.id, places=where, amount=levels))
    elif off_wall or fig.prone:
        events.append(Event(Kind.FELL, f"{fig.name} falls {levels} levels; the made roll "
                                       "saves a die of damage.", rule, fig.id,
                            places=where, amount=levels))
    else:
        events.append(Event(Kind.FELL, f"{fig.name} drops {levels} levels and lands on "
                                       "their feet.", rule, fig.id, places=where,
                            amount=levels))
    if n_dice > 0:
        dmg = dice.roll(f"{n_dice}d6", rule=rule, label=f"{fig.name} falling damage")
        stops = heights.falling_armour_stops(fig)
        hits = max(0, dmg.total - stops)
        how = (f"armour stops only {stops} of it (H-8): {hits} damage through armour"
               if stops else f"no armour: {hits} damage")
        events.append(Event(Kind.ROLLED, f"{dmg.explain()}; {how}", rule, fig.id, roll=dmg,
                            amount=hits))
        events += combat.take_damage(fig, hits, "the fall")
    return events


def brace_dx(fig: HexFigure, band: int) -> tuple[int, list[Modifier]]:
    """H-8, H-12: what the roll to "prepare yourself for the drop" is made against, as the
    text writes it: a drop of more than H up to twice H "3D6 vs adj. DX" (the hobbit's
    jump: "roll his adj. DX"); more than twice H "3D6 vs DX" (Bob's fall of 10: "roll 3D6
    vs DX"), plain DX like the climbing roll (H-11). The bands rolled against adjusted DX
    are the data's ``falling.adjusted_dx_bands``."""
    if band <= int(load_data().num("falling", "adjusted_dx_bands")):
        return combat.adjusted_dx(fig)
    return fig.dx, []


def brace_target(fig: HexFigure, band: int) -> int:
    """H-8: the number the roll to brace for a drop of ``band`` needs (:func:`brace_dx`)."""
    base, mods = brace_dx(fig, band)
    return base + sum(m.value for m in mods)


def can_brace(fig: HexFigure) -> bool:
    """H-8: whether a figure can "prepare yourself for the drop" (roll 3d6 vs adjusted
    DX): not when it is knocked out."""
    return fig.active


def fall_odds(fig: HexFigure, levels: int) -> tuple[int, float]:
    """H-8: the band of a drop and the chance of landing standing (1.0 for band 0)."""
    band = heights.fall_band(levels, heights.falling_height(fig))
    if band == 0:
        return 0, 1.0
    n = int(load_data().num("falling", "check_dice"))
    return band, odds.check_probability(n, brace_target(fig, band))


def stumble(fig: HexFigure, frm: int, levels: int, dice: Dice) -> list[Event]:
    """H-14: pushed back and down by at most H levels: 3d6 vs adjusted DX or fall prone in
    the new hex; pushed down more than H: the falling rules (H-8, H-9). A figure already
    down (prone or out) has no footing to keep: it makes no roll and stays down.
    """
    if levels <= 0:
        return []
    if levels > heights.falling_height(fig):
        return fall(fig, frm, levels, dice, "is pushed off a drop of", rule="H-9")
    if not fig.standing:
        return [Event(Kind.MOVED, f"{fig.name} is already down: no roll to keep a footing "
                                  "(H-14).", "H-14", fig.id)]
    base, mods = combat.adjusted_dx(fig)
    n = int(load_data().num("stumble", "check_dice"))
    label = (f"{fig.name}, pushed down {levels} level{'s' * (levels > 1)}, rolls not to "
             "stumble")
    roll = dice.check(n, base, mods, rule="H-14", label=label)
    events = [Event(Kind.ROLLED, roll.explain(), "H-14", fig.id, roll=roll)]
    if not roll.success:
        fig.prone = True
        events.append(Event(Kind.PRONE, f"{fig.name} stumbles and falls prone.", "H-14",
                            fig.id))
    return events


# ============================================================================ odds
def _dice_words(n: int) -> str:
    return "none" if n <= 0 else "1 die" if n == 1 else f"{n} dice"


@dataclass(frozen=True)
class FallOdds:
    """What a drop may do to a figure, worked out exactly before it happens (H-8; H-9 a
    push off a drop, H-11 a fall off a wall, H-14 a stumble).

    ``p_standing``: it makes its roll (if it has one) and is still on its feet after the
    damage (neither knocked out nor knocked down by 8 damage in the turn, T-3);
    ``p_out``: the damage knocks it out (unconscious); ``p_dead``: it kills it.
    """

    levels: int
    band: int
    """H-8 band: 0 for a drop of at most H (no fall roll), 1 up to 2H..."""
    rolls: bool
    """Whether a 3d6 roll is made (a fall beyond H, or a stumble)."""
    target: int
    """What it rolls against: adjusted DX (a stumble, a drop up to twice H), DX beyond
    (:func:`brace_dx`)."""
    p_save: float
    """Chance of making that roll (1.0 when there is none)."""
    dice_saved: int
    """Dice of damage after a made roll (one fewer than after a missed one)."""
    dice_missed: int
    stops: int
    """Damage its armour stops (H-8: armour of any kind stops only 2)."""
    p_standing: float
    p_out: float
    p_dead: float
    prone_anyway: bool = False
    """It lands prone whatever happens (a fall off a wall, H-11)."""
    rule: str = "H-8"

    @property
    def adjusted(self) -> bool:
        """Whether its roll is against adjusted DX (a stumble, a drop up to twice H), not
        plain DX (a drop beyond, :func:`brace_dx`)."""
        return self.band <= int(load_data().num("falling", "adjusted_dx_bands"))

    @property
    def harmless(self) -> bool:
        """No roll, no damage."""
        return not self.rolls and self.dice_missed == 0

    @property
    def p_down(self) -> float:
        """Knocked out or killed."""
        return self.p_out + self.p_dead

    @property
    def p_prone(self) -> float:
        """Still in the fight but down: it lands prone (a missed roll, a fall off a wall)
        or the damage knocks it down (8 in a turn, T-3)."""
        return max(0.0, 1.0 - self.p_standing - self.p_down)

    @property
    def expected_damage(self) -> float:
        """H-8: the damage it takes on average, through armour (its roll counted)."""
        return (self.p_save * _mean_damage(self.dice_saved, self.stops)
                + (1.0 - self.p_save) * _mean_damage(self.dice_missed, self.stops))

    def damage_words(self) -> str:
        """The dice of damage in words: "on a failed roll 3 dice of damage, on a made
        roll 2; armour stops only 2 of it"."""
        if self.dice_missed <= 0:
            return "no damage"
        if not self.rolls:
            text = f"{_dice_words(self.dice_missed)} of damage"
        else:
            text = (f"on a failed roll {_dice_words(self.dice_missed)} of damage, on a made "
                    f"roll {_dice_words(self.dice_saved)}")
        if self.stops:
            text += f"; armour stops only {self.stops} of it"
        return text

    def odds_words(self) -> str:
        """The chances in words: "62% lands standing, 8% knocked out, 1% killed"."""
        parts = [f"{_pc(self.p_standing)} "
                 + ("stays on its feet" if self.rule == "H-14" else "lands standing")]
        if self.p_out > 0:
            parts.append(f"{_pc(self.p_out)} knocked out")
        if self.p_dead > 0:
            parts.append(f"{_pc(self.p_dead)} killed")
        return ", ".join(parts)


def _mean_damage(n: int, stops: int) -> float:
    """The mean of ``n``d6 less ``stops`` (never below 0)."""
    return odds.mean_after_reduction(odds.DiceExpr(n), stops) if n > 0 else 0.0


def _pc(p: float) -> str:
    if 0 < p < 0.005:
        return "<1%"
    if 0.995 < p < 1:
        return ">99%"
    return f"{p:.0%}"


@lru_cache(maxsize=8192)
def _after_damage(n: int, stops: int, st: int, taken: int, prone: bool
                  ) -> tuple[Fraction, Fraction, Fraction]:
    """T-3 after ``n``d6 less ``stops``: P(still on its feet), P(unconscious), P(dead),
    for a figure of ST ``st`` that took ``taken`` damage this turn already."""
    d = load_data()
    dead_at = int(d.num("damage", "dead_at"))
    out_at = int(d.num("damage", "unconscious_at"))
    down_at = int(d.num("damage", "prone_damage"))
    up = out = dead = Fraction(0)
    dist = odds.distribution(n) if n > 0 else {0: Fraction(1)}
    for total, q in dist.items():
        hits = max(0, total - stops)
        if hits > 0 and st - hits <= dead_at:
            dead += q
        elif hits > 0 and st - hits <= out_at:
            out += q
        elif not prone and not (hits > 0 and taken + hits >= down_at):
            up += q
    return up, out, dead


def fall_damage_odds(fig: HexFigure, levels: int, *, prone_anyway: bool = False,
                     rule: str = "H-8") -> FallOdds:
    """H-8: the exact odds of a drop of ``levels`` for ``fig``: the 3d6 roll against
    adjusted DX (plain DX beyond twice H, :func:`brace_dx`) to land standing (one die of
    damage fewer), each band of H beyond the first a die, armour stopping only 2, then
    T-3 (unconscious at ST 1, dead at 0, down after 8 damage in a turn).
    ``prone_anyway``: a fall off a wall lands prone whatever (H-11)."""
    h = heights.falling_height(fig)
    band = heights.fall_band(levels, h)
    target = brace_target(fig, band)
    stops = heights.falling_armour_stops(fig)
    prone = fig.prone or prone_anyway
    if band == 0:
        up, _o, _d = _after_damage(0, stops, fig.st, fig.damage_taken, prone)
        return FallOdds(levels, 0, False, target, 1.0, 0, 0, stops, float(up), 0.0, 0.0,
                        prone_anyway, rule)
    missed = heights.fall_damage_dice(levels, h, False)
    if not can_brace(fig):
        _u, out_m, dead_m = _after_damage(missed, stops, fig.st, fig.damage_taken, True)
        return FallOdds(levels, band, False, target, 1.0, missed, missed, stops, 0.0,
                        float(out_m), float(dead_m), prone_anyway, rule)
    n = int(load_data().num("falling", "check_dice"))
    p = odds.check_probability(n, target)
    made = heights.fall_damage_dice(levels, h, True)
    up_s, out_s, dead_s = _after_damage(made, stops, fig.st, fig.damage_taken, prone)
    _u, out_m, dead_m = _after_damage(missed, stops, fig.st, fig.damage_taken, True)
    return FallOdds(levels, band, True, target, p, made, missed, stops, p * float(up_s),
                    p * float(out_s) + (1 - p) * float(out_m),
                    p * float(dead_s) + (1 - p) * float(dead_m), prone_anyway, rule)


def stumble_odds(fig: HexFigure, levels: int) -> FallOdds:
    """H-14 (H-9): the odds for a figure pushed back and down ``levels``: at most its H, a
    3d6 roll against adjusted DX or it falls prone (no damage); more, the falling rules."""
    if levels > heights.falling_height(fig):
        return fall_damage_odds(fig, levels, rule="H-9")
    target = combat.adjusted_dx_total(fig)
    if levels <= 0:
        return FallOdds(levels, 0, False, target, 1.0, 0, 0, 0, 0.0 if fig.prone else 1.0,
                        0.0, 0.0, rule="H-13")
    if not fig.standing:  # already down: no roll (H-14)
        return FallOdds(levels, 0, False, target, 1.0, 0, 0, 0, 0.0, 0.0, 0.0, rule="H-14")
    n = int(load_data().num("stumble", "check_dice"))
    p = odds.check_probability(n, target)
    return FallOdds(levels, 0, True, target, p, 0, 0, 0, p, 0.0, 0.0, rule="H-14")
