"""Fantasy Trip combat on any board (T-1..T-4, T-7): adjusted DX, the attack roll, damage.

Board-free: what a board adds to an attack (height, facing, cover...) comes in as
modifiers and a ``rear`` flag from the board's own rules (for hexes,
:mod:`game.rules.tft.hexes.melee`).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from functools import cache, lru_cache

from game.core import odds
from game.core.dice import Dice, Modifier
from game.core.events import Event, Kind
from game.core.frozen import quick_init
from game.core.odds import DiceExpr
from game.core.places import Place
from game.rules.tft.data import Weapon, load_data
from game.rules.tft.events import MeleeKind
from game.rules.tft.figure import DEAD, UNCONSCIOUS, Fighter


def adjusted_dx(fig: Fighter) -> tuple[int, list[Modifier]]:
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


def adjusted_dx_total(fig: Fighter) -> int:
    """T-1: adjusted DX as one number: :func:`adjusted_dx`'s DX plus its modifiers, summed
    without making them (the action order and the AI ask it by the thousand)."""
    d = load_data()
    total = fig.dx + fig.dx_penalty
    if fig.armour:
        total += d.armour[fig.armour].dx
    if fig.shield:
        total += d.shields[fig.shield].dx
    return total


def weapon_of(fig: Fighter) -> Weapon:
    """T-4: the weapon a figure fights with: its ready weapon, or bare hands."""
    d = load_data()
    return d.weapons[fig.ready] if fig.ready else d.weapons["fist"]


def attack_dice(target: Fighter) -> int:
    """T-2, T-7: 3 dice to hit; 4 against a figure that defends this turn."""
    d = load_data()
    return int(d.num("attack", "defend_dice" if target.defending else "dice"))


def charge_allowance(fig: Fighter) -> int:
    """T-7: the most MP a figure may have spent this turn and still attack or defend
    (half its MA: a charge)."""
    return int(fig.ma * charge_fraction())


@cache
def charge_fraction() -> float:
    """T-7: the share of its MA a figure may spend and still attack (the data's
    ``[attack] charge_fraction``), read once (:func:`charge_allowance` is asked by the
    thousand)."""
    return float(load_data().num("attack", "charge_fraction"))


def armour_stops(target: Fighter, rear: bool) -> int:
    """T-4, T-5: hits stopped per blow by armour and shield; no shield from the rear."""
    d = load_data()
    stops = d.armour[target.armour].stops if target.armour else 0
    if target.shield and not rear:
        stops += d.shields[target.shield].stops
    return stops


def automatic_results(n: int) -> dict[int, tuple[bool, str]]:
    """T-2: totals that decide an attack on ``n`` dice whatever the target (3-5 hit, 16-18
    miss on 3d6); none on 4 dice (the source gives no table for them)."""
    d = load_data()
    if n != int(d.num("attack", "dice")):
        return {}
    return {t: (a.hit, a.result) for t, a in d.automatic.items()}


@quick_init
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


def attack_odds(attacker: Fighter, target: Fighter, situation: Sequence[Modifier] = (),
                *, rear: bool = False, extra_dice: int = 0, multiplier: int = 1,
                weapon: str | None = None) -> AttackOdds:
    """T-2..T-5: exact chance to hit, expected damage through armour, chance of a kill.

    ``situation``: what the board adds to the attacker's adjusted DX (height, facing...);
    ``rear``: the blow comes from the target's rear (its shield does not count, T-5).
    What a board's own rules add, all as :func:`resolve_attack` rolls them:
    ``extra_dice`` to hit (a running target, Z-7), a damage ``multiplier`` (a charge,
    Z-9) and a ``weapon`` other than the ready one (hand to hand, Z-2).
    """
    d = load_data()
    n = attack_dice(target) + extra_dice
    base, mods = adjusted_dx(attacker)
    mods += situation
    tgt = base + sum(m.value for m in mods)
    w = d.weapons[weapon] if weapon else weapon_of(attacker)
    stops = armour_stops(target, rear)
    down_at = target.st - int(d.num("damage", "unconscious_at"))
    p_hit, exp, p_down = blow_chances(n, tgt, w.damage, stops, down_at, multiplier)
    return AttackOdds(n, base, tuple(mods), tgt, p_hit, exp, p_down, stops, w.name)


@lru_cache(maxsize=65536)
def blow_chances(n: int, target: int, damage: DiceExpr, stops: int, down_at: int,
                 multiplier: int = 1) -> tuple[float, float, float]:
    """T-2, T-3: (chance to hit, expected damage through armour, chance the target goes
    down) of an attack on ``n`` dice against adjusted DX ``target`` with a weapon of
    ``damage``, armour stopping ``stops``, the target down once ``down_at`` damage gets
    through, the damage times ``multiplier``: the numbers of :func:`attack_odds`, kept
    (a few plain numbers decide them)."""
    d = load_data()
    auto = automatic_results(n)
    p_hit = odds.check_probability(n, target, automatic=auto)
    # damage: multiplied totals (3 triple, 4 double) have their own weight
    dist = odds.distribution(n)
    by_mult = {1: p_hit}
    if auto:
        for t, a in d.automatic.items():
            if a.hit and a.multiplier > 1:
                q = float(dist.get(t, 0))
                by_mult[a.multiplier] = by_mult.get(a.multiplier, 0.0) + q
                by_mult[1] -= q
    exp = sum(p * odds.mean_after_reduction(damage, stops, m * multiplier)
              for m, p in by_mult.items())
    p_down = sum(p * odds.p_at_least_after_reduction(damage, stops, down_at, m * multiplier)
                 for m, p in by_mult.items())
    return p_hit, exp, p_down


@dataclass
class AttackResult:
    """What one attack did, for the board's own bookkeeping."""

    events: list[Event]
    hit: bool = False
    """The blow landed (its damage may all have been stopped)."""
    hits: int = 0
    """Damage that got through armour (0 on a miss)."""
    dropped: str | None = None
    """The weapon the attacker dropped (T-2: a 17), to lie where it stands."""


def resolve_attack(attacker: Fighter, target: Fighter, situation: Sequence[Modifier],
                   dice: Dice, *, rear: bool, places: tuple[Place, ...] = (),
                   extra_dice: int = 0, multiplier: int = 1, weapon: str | None = None,
                   rule: str = "T-2", note: str = "") -> AttackResult:
    """T-2, T-3: roll to hit (3d6, or 4d6 against a defender, vs adjusted DX plus the
    ``situation`` modifiers); 17 drops the weapon, 18 breaks it; on a hit roll damage
    (doubled on a 4, tripled on a 3), subtract armour (and the shield unless ``rear``)
    and apply it. ``places``: where attacker and target stand, for the event.

    A board's own rules may add ``extra_dice`` to hit (a running target, Z-7), multiply
    the damage (``multiplier``: a charge, Z-9), fight with a ``weapon`` other than the
    ready one (hand to hand, Z-2), and name the ``rule`` that called for the roll with a
    ``note`` on its label ("charging: double damage")."""
    d = load_data()
    n = attack_dice(target) + extra_dice
    base, mods = adjusted_dx(attacker)
    mods += situation
    auto = automatic_results(n)
    w = d.weapons[weapon] if weapon else weapon_of(attacker)
    used = weapon or attacker.ready
    label = f"{attacker.name} attacks {target.name} with {w.name}"
    if target.defending:
        label += f" ({attack_dice(target)} dice, not 3: {target.name} defends, T-7)"
    if note:
        label += f" ({note})"
    roll = dice.check(n, base, mods, rule=rule, label=label, automatic=auto)
    out = AttackResult([Event(Kind.ATTACKED, roll.explain(), rule, attacker.id, target.id,
                              places, roll=roll)])
    special = d.automatic.get(roll.total) if auto else None
    if used and d.weapons[used].natural:
        used = None  # bare hands are neither dropped nor broken
    if not roll.success:
        if special and special.drop and used:
            out.dropped = used
            out.events.append(Event(MeleeKind.DROPPED, f"{attacker.name} drops the {w.name}.",
                                    "T-2", attacker.id))
            if attacker.ready == used:
                attacker.ready = None
        elif special and special.breaks and used:
            attacker.weapons.remove(used)
            if attacker.ready == used:
                attacker.ready = None
            out.events.append(Event(MeleeKind.BROKE, f"{attacker.name}'s {w.name} breaks.", "T-2",
                                    attacker.id))
        return out
    out.hit = True
    mult = (special.multiplier if special else 1) * multiplier
    dmg = dice.roll(w.damage, rule="T-3", label=f"{w.name} damage")
    stops = armour_stops(target, rear)
    raw = dmg.total * mult
    hits = max(0, raw - stops)
    how = f"{special.result}: {raw}; " if special is not None and mult > 1 else ""
    how += (f"armour stops {stops}: {hits} damage through armour" if stops else
            f"no armour: {hits} damage")
    out.events.append(Event(Kind.ROLLED, f"{dmg.explain()}; {how}", "T-3", attacker.id,
                            target.id, roll=dmg, amount=hits))
    out.hits = hits
    if hits > 0 and attacker.id not in target.hurt_by:
        target.hurt_by.append(attacker.id)
    out.events += take_damage(target, hits, f"{attacker.name}'s {w.name}")
    return out


def take_damage(fig: Fighter, hits: int, cause: str) -> list[Event]:
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


def stagger_penalty(fig: Fighter) -> int:
    """T-3: the adjusted DX a figure loses next turn for the damage it took this turn
    (-2 for 5 or more); 0 if it took less or is out of the fight."""
    d = load_data()
    heavy = fig.damage_taken >= int(d.num("damage", "stagger_damage"))
    return int(d.num("damage", "stagger_dx")) if heavy and fig.active else 0
