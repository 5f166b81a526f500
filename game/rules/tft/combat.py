"""Fantasy Trip combat (T-1..T-5, T-8) and falls (H-8, H-9, H-14): rolls and damage."""

from __future__ import annotations

from dataclasses import dataclass

from game.boards.hexmap import HexMap
from game.core import odds
from game.core.dice import Dice, Modifier
from game.core.events import Event, Kind
from game.rules.tft import heights
from game.rules.tft.data import Weapon, load_data
from game.rules.tft.state import DEAD, UNCONSCIOUS, Figure, TftState


def adjusted_dx(fig: Figure) -> tuple[int, list[Modifier]]:
    """T-1: DX and every modifier in force on the figure itself (armour, shield, T-3 hurt)."""
    d = load_data()
    mods: list[Modifier] = []
    if fig.armour:
        a = d.armour[fig.armour]
        if a.dx:
            mods.append(Modifier(a.dx, a.name, "T-4"))
    if fig.shield:
        s = d.shields[fig.shield]
        if s.dx:
            mods.append(Modifier(s.dx, s.name, "T-4"))
    if fig.dx_penalty:
        mods.append(Modifier(fig.dx_penalty, "hurt last turn", "T-3"))
    return fig.dx, mods


def adjusted_dx_total(fig: Figure) -> int:
    base, mods = adjusted_dx(fig)
    return base + sum(m.value for m in mods)


def weapon_of(fig: Figure) -> Weapon:
    """The weapon a figure fights with: its ready weapon, or bare hands (T-4)."""
    d = load_data()
    return d.weapons[fig.ready] if fig.ready else d.weapons["fist"]


def attack_dice(target: Figure) -> int:
    """T-2, T-7: 3 dice to hit; 4 against a figure that defends this turn."""
    d = load_data()
    return int(d.num("attack", "defend_dice" if target.defending else "dice"))


def facing_modifier(board: HexMap, attacker: Figure, target: Figure) -> Modifier | None:
    """T-5: +2 adjusted DX attacking into a side hex, +4 into the rear hex."""
    zone = heights.facing_from(board, target, attacker.cell)
    d = load_data()
    if zone == "side":
        return Modifier(int(d.num("facing", "side_dx")), "attacking a side hex", "T-5")
    if zone == "rear":
        return Modifier(int(d.num("facing", "rear_dx")), "attacking the rear hex", "T-5")
    return None


def attack_modifiers(board: HexMap, attacker: Figure, target: Figure) -> tuple[int, list[Modifier]]:
    """Adjusted DX for one attack: T-1 modifiers, height advantage H-6, facing T-5."""
    base, mods = adjusted_dx(attacker)
    adv = heights.height_advantage(board, attacker, target)
    if adv:
        lv = abs(adv)
        mods.append(Modifier(adv, f"{lv} level{'s' if lv > 1 else ''} "
                                  f"{'higher' if adv > 0 else 'lower'}", "H-6"))
    f = facing_modifier(board, attacker, target)
    if f is not None:
        mods.append(f)
    return base, mods


def armour_stops(target: Figure, rear: bool) -> int:
    """T-4, T-5: hits stopped per blow by armour and shield; no shield from the rear."""
    d = load_data()
    stops = d.armour[target.armour].stops if target.armour else 0
    if target.shield and not rear:
        stops += d.shields[target.shield].stops
    return stops


def _automatic(n: int) -> dict[int, tuple[bool, str]]:
    d = load_data()
    if n != int(d.num("attack", "dice")):
        return {}
    return {t: (a.hit, a.result) for t, a in d.automatic.items()}


@dataclass(frozen=True)
class AttackOdds:
    """Everything a player sees before an attack: dice, target, modifiers, chances."""

    dice: int
    base: int
    modifiers: tuple[Modifier, ...]
    target: int
    p_hit: float
    expected_damage: float
    p_down: float
    """Chance this blow leaves the target unconscious or dead."""
    stops: int
    weapon: str

    def explain(self) -> str:
        mods = "".join(f", {m}" for m in self.modifiers)
        return (f"{self.dice}d6 vs {self.target} (DX {self.base}{mods}): "
                f"{self.p_hit:.0%} to hit, {self.weapon}, armour stops {self.stops}")


def attack_odds(board: HexMap, attacker: Figure, target: Figure) -> AttackOdds:
    """T-2..T-5, H-6: exact chance to hit, expected damage through armour, chance of a kill."""
    d = load_data()
    n = attack_dice(target)
    base, mods = attack_modifiers(board, attacker, target)
    tgt = base + sum(m.value for m in mods)
    auto = _automatic(n)
    p_hit = odds.check_probability(n, tgt, automatic=auto)
    w = weapon_of(attacker)
    rear = heights.facing_from(board, target, attacker.cell) == "rear"
    stops = armour_stops(target, rear)
    # damage: multiplied totals (3 triple, 4 double) have their own weight
    dist = odds.distribution(n)
    by_mult = {1: p_hit}
    if auto:
        for t, a in d.automatic.items():
            if a.hit and a.multiplier > 1:
                q = float(dist.get(t, 0))
                by_mult[a.multiplier] = by_mult.get(a.multiplier, 0.0) + q
                by_mult[1] -= q
    down_at = target.st - int(d.num("damage", "unconscious_at"))
    exp = sum(p * odds.mean_after_reduction(w.damage, stops, m) for m, p in by_mult.items())
    p_down = sum(p * odds.p_at_least_after_reduction(w.damage, stops, down_at, m)
                 for m, p in by_mult.items())
    return AttackOdds(n, base, tuple(mods), tgt, p_hit, exp, p_down, stops, w.name)


def resolve_attack(state: TftState, attacker: Figure, target: Figure, dice: Dice) -> list[Event]:
    """T-2, T-3: roll to hit; on a hit roll damage, subtract armour, apply it."""
    d = load_data()
    board = state.board
    n = attack_dice(target)
    base, mods = attack_modifiers(board, attacker, target)
    auto = _automatic(n)
    w = weapon_of(attacker)
    label = f"{attacker.name} attacks {target.name} with {w.name}"
    if target.defending:
        label += " (defending: 4 dice)"
    roll = dice.check(n, base, mods, rule="T-2", label=label, automatic=auto)
    events = [Event(Kind.ATTACKED, roll.explain(), "T-2", attacker.id, target.id,
                    (attacker.cell, target.cell), roll=roll)]
    special = d.automatic.get(roll.total) if auto else None
    if not roll.success:
        if special and special.drop and attacker.ready:
            state.dropped.setdefault(attacker.cell, []).append(attacker.ready)
            events.append(Event(Kind.DROPPED, f"{attacker.name} drops the {w.name}.", "T-2",
                                attacker.id))
            attacker.ready = None
        elif special and special.breaks and attacker.ready:
            attacker.weapons.remove(attacker.ready)
            attacker.ready = None
            events.append(Event(Kind.BROKE, f"{attacker.name}'s {w.name} breaks.", "T-2",
                                attacker.id))
        return events
    mult = special.multiplier if special else 1
    dmg = dice.roll(w.damage, rule="T-3", label=f"{w.name} damage")
    rear = heights.facing_from(board, target, attacker.cell) == "rear"
    stops = armour_stops(target, rear)
    raw = dmg.total * mult
    hits = max(0, raw - stops)
    how = f"{dmg.total}" + (f" x{mult}" if mult > 1 else "") + f" - {stops} stopped"
    events.append(Event(Kind.ROLLED, f"{dmg.explain()} ({how}) = {hits} hits", "T-3",
                        attacker.id, target.id, roll=dmg, amount=hits))
    if hits > 0:
        if attacker.id not in target.hurt_by:
            target.hurt_by.append(attacker.id)
        pair = (attacker.id, target.id)
        if pair not in state.hits:
            state.hits.append(pair)
    events += take_damage(state, target, hits, f"{attacker.name}'s blow")
    return events


def take_damage(state: TftState, fig: Figure, hits: int, cause: str) -> list[Event]:
    """T-3: damage comes off ST; ST 1 or less unconscious, 0 or less dead; 8+ damage in a
    turn knocks a figure down (the -2 DX for 5+ is applied at the end of the turn).
    """
    if hits <= 0:
        return []
    d = load_data()
    fig.st -= hits
    fig.damage_taken += hits
    events = [Event(Kind.DAMAGED, f"{fig.name} takes {hits} damage from {cause} "
                                  f"(ST {fig.st}/{fig.st_max}).", "T-3", fig.id, amount=hits)]
    if fig.st <= int(d.num("damage", "dead_at")):
        fig.status = DEAD
        events.append(Event(Kind.DIED, f"{fig.name} is dead.", "T-3", fig.id))
    elif fig.st <= int(d.num("damage", "unconscious_at")):
        if fig.status != UNCONSCIOUS:
            fig.status = UNCONSCIOUS
            fig.prone = True
            events.append(Event(Kind.UNCONSCIOUS, f"{fig.name} falls unconscious.", "T-3",
                                fig.id))
    elif (fig.damage_taken >= int(d.num("damage", "prone_damage")) and not fig.prone):
        fig.prone = True
        events.append(Event(Kind.PRONE, f"{fig.name} is knocked down by "
                                        f"{fig.damage_taken} damage this turn.", "T-3", fig.id))
    return events


def fall(state: TftState, fig: Figure, frm: int, levels: int, dice: Dice, cause: str,
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
    base, mods = adjusted_dx(fig)
    n = int(d.num("falling", "check_dice"))
    roll = dice.check(n, base, mods, rule=rule,
                      label=f"{fig.name} {cause} {levels} levels (H {h}, band {band})")
    events = [Event(Kind.ROLLED, roll.explain(), rule, fig.id, roll=roll)]
    n_dice = heights.fall_damage_dice(levels, h, bool(roll.success))
    if not roll.success:
        fig.prone = True
        events.append(Event(Kind.FELL, f"{fig.name} falls {levels} levels and lands prone.",
                            rule, fig.id, cells=(frm, fig.cell), amount=levels))
    else:
        events.append(Event(Kind.FELL, f"{fig.name} drops {levels} levels and lands on "
                                       "their feet.", rule, fig.id, cells=(frm, fig.cell),
                            amount=levels))
    if n_dice > 0:
        dmg = dice.roll(f"{n_dice}d6", rule=rule, label=f"{fig.name} falling damage")
        stops = min(int(d.num("falling", "armour_stops")),
                    d.armour[fig.armour].stops) if fig.armour else 0
        hits = max(0, dmg.total - stops)
        events.append(Event(Kind.ROLLED, f"{dmg.explain()} - {stops} stopped by armour "
                                         f"= {hits}", rule, fig.id, roll=dmg, amount=hits))
        events += take_damage(state, fig, hits, "the fall")
    return events


def fall_odds(fig: Figure, levels: int) -> tuple[int, float]:
    """H-8: the band of a drop and the chance of landing standing (1.0 for band 0)."""
    band = heights.fall_band(levels, heights.falling_height(fig))
    if band == 0:
        return 0, 1.0
    n = int(load_data().num("falling", "check_dice"))
    return band, odds.check_probability(n, adjusted_dx_total(fig))


def stumble(state: TftState, fig: Figure, frm: int, levels: int, dice: Dice) -> list[Event]:
    """H-14: pushed back and down by at most H levels: 3d6 vs adjusted DX or fall prone in
    the new hex; pushed down more than H: the falling rules (H-8, H-9).
    """
    if levels <= 0:
        return []
    if levels > heights.falling_height(fig):
        return fall(state, fig, frm, levels, dice, "is pushed off a drop of", rule="H-9")
    base, mods = adjusted_dx(fig)
    n = int(load_data().num("stumble", "check_dice"))
    roll = dice.check(n, base, mods, rule="H-14",
                      label=f"{fig.name} keeps their footing, pushed down {levels}")
    events = [Event(Kind.ROLLED, roll.explain(), "H-14", fig.id, roll=roll)]
    if not roll.success:
        fig.prone = True
        events.append(Event(Kind.PRONE, f"{fig.name} stumbles and falls prone.", "H-14",
                            fig.id))
    return events
