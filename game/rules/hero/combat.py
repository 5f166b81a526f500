"""Attacks, damage, health, explosives and medkits (K-5..K-9, K-11, G-3, G-7).

One function per rule; the ruleset calls them and the front end and the AI ask the same
ones for the odds they show and weigh. Every roll is made through :class:`Dice` and
reported in an Event with its rule.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from fractions import Fraction
from typing import Any

from game.core import odds
from game.core.dice import Contest, Contestant, Dice, Modifier, Roll
from game.core.events import Event, Kind
from game.core.frozen import quick_init
from game.core.odds import ContestCritical, DiceExpr
from game.rules.hero.data import Weapon, load_data
from game.rules.hero.events import HeroKind
from game.rules.hero.sight import LEVEL_WORDS, Sight, distance, sight
from game.rules.hero.state import HeroState, Mini


@quick_init
@dataclass(frozen=True)
class AttackOdds:
    """Everything about one mini attacking another with one weapon, before any roll."""

    weapon: Weapon
    attack: Contestant
    defence: Contestant
    p_hit: float
    """Chance one shot hits (K-5), criticals included."""
    p_crit: float
    """Chance one shot is a critical (K-6)."""
    damage: dict[int, float]
    """Damage the whole action deals (every shot) -> its exact chance; 0 includes misses."""
    absorb: int
    worse_attack: bool
    """G-3: soft or hard cover, a worse attack roll."""
    worse_damage: bool
    """G-3: hard cover, a worse damage roll."""
    sight: Sight | None

    @property
    def expected(self) -> float:
        return sum(k * p for k, p in self.damage.items())


def worse(expr: DiceExpr, on: bool) -> tuple[int, int | None]:
    """G-3 "worse" with dice: one extra die, the highest dropped: (dice, kept)."""
    return (expr.n + 1, expr.n) if on else (expr.n, None)


def g3_cover(s: Sight | None, w: Weapon) -> tuple[bool, bool]:
    """G-3: a projectile attack at a target in soft cover rolls a worse attack; in hard
    cover a worse attack and a worse damage roll (melee and explosives: no cover)."""
    if s is None or w.melee or w.explosive:
        return False, False
    return s.cover in ("soft", "hard"), s.cover == "hard"


def k8_defence(s: Sight | None, w: Weapon) -> tuple[Modifier, ...]:
    """K-8: Covered +2 to the defending roll; Concealed: only a critical hits.
    Explosives arc over cover and may target anyone (K-7)."""
    if s is None or w.explosive:
        return ()
    c = load_data().cover
    if s.level == "covered":
        return (Modifier(c.covered_defence, f"Covered, {s.fraction:.0%} visible", "K-8"),)
    return ()


def k8_critical(s: Sight | None, w: Weapon) -> ContestCritical:
    """K-6 a maximum roll always hits; K-8 Concealed: "the attacker must roll critical to
    hit", nothing else does (explosives arc over cover, K-7)."""
    if s is not None and not w.explosive and s.level == "concealed":
        return "first_max_only"
    return "first_max"


def absorb_of(t: Mini, w: Weapon) -> int:
    """K-5: armour Absorb comes off damage, except from melee weapons; K-9: an
    unconscious mini gains no Absorb."""
    if w.ignores_absorb or not t.conscious:
        return 0
    return load_data().armour[t.armour].absorb


def contestants(a: Mini, t: Mini, w: Weapon, s: Sight | None) -> tuple[Contestant, Contestant]:
    """K-5: the attacker rolls the weapon's Hit dice, the defender its armour's."""
    d = load_data()
    worse_hit, _ = g3_cover(s, w)
    n, keep = worse(w.hit, worse_hit)
    mods: tuple[Modifier, ...] = ()
    arm = d.armour[t.armour]
    att = Contestant(f"{a.name} ({w.name.lower()})", n, w.hit.sides, w.hit.plus,
                     keep_lowest=keep)
    dfn = Contestant(f"{t.name} ({arm.name.lower()})", arm.hit.n, arm.hit.sides, arm.hit.plus,
                     modifiers=mods + k8_defence(s, w))
    return att, dfn


def _crit_chance(c: Contestant) -> Fraction:
    kept = c.keep_lowest if c.keep_lowest is not None else c.n
    dist = odds.distribution(c.n, c.sides, 0, c.keep_lowest)
    return dist.get(kept * c.sides, Fraction(0))


def damage_distribution(w: Weapon, worse_damage: bool) -> dict[int, Fraction]:
    """The weapon's damage roll (K-11, halved for the light gun), worse in hard cover."""
    e = w.damage
    n, keep = worse(e, worse_damage)
    return odds.distribution(n, e.sides, e.plus, keep, e.halved)


def halve_for(t: Mini, amount: int) -> int:
    """G-7: an incorporeal mini takes half damage from shooting and melee (rounded down)."""
    return amount // 2 if t.has("incorporeal") else amount


def attack_odds(state: HeroState, a: Mini, t: Mini, w: Weapon,
                s: Sight | None = None) -> AttackOdds:
    """The exact odds of ``a`` attacking ``t`` with ``w``: each shot's hit and critical
    chances and the chance of each total of damage dealt (K-5, K-6, K-8, K-9, K-11, G-3,
    G-7). A shot that knocks the target out lets the next shot through its armour."""
    if s is None and not w.explosive:
        s = sight(state, a, t)
    att, dfn = contestants(a, t, w, s)
    _, worse_dmg = g3_cover(s, w)
    d = load_data()
    p_hit, p_crit, damage = _odds(att, dfn, w, worse_dmg, t.hp, d.armour[t.armour].absorb,
                                  t.has("incorporeal"), k8_critical(s, w))
    return AttackOdds(w, att, dfn, p_hit, p_crit, damage, absorb_of(t, w),
                      g3_cover(s, w)[0], worse_dmg, s)


def open_attack_odds(a: Mini, t: Mini, w: Weapon) -> AttackOdds:
    """:func:`attack_odds` as if ``t`` stood in the open, in no cover (no sight worked
    out): the best the real odds can be, since K-8 (Covered, Concealed) and G-3 (worse
    rolls in cover) only ever make an attack's hit and damage worse."""
    att, dfn = contestants(a, t, w, None)
    p_hit, p_crit, damage = _odds(att, dfn, w, False, t.hp, load_data().armour[t.armour].absorb,
                                  t.has("incorporeal"), k8_critical(None, w))
    return AttackOdds(w, att, dfn, p_hit, p_crit, damage, absorb_of(t, w), False, False, None)


_ODDS: dict[tuple[Any, ...], tuple[float, float, dict[int, float]]] = {}
""":func:`_odds` by the numbers that decide it (a contestant's label names its mini, and
the same odds come up for many pairs of minis)."""


def _numbers(c: Contestant) -> tuple[Any, ...]:
    """What a contestant's odds depend on: its dice and the sum of its modifiers."""
    return (c.n, c.sides, c.plus, c.bonus, c.keep_lowest, c.keep_highest, c.target)


def _odds(att: Contestant, dfn: Contestant, w: Weapon, worse_dmg: bool, hp: int, arm: int,
          incorporeal: bool, critical: ContestCritical = "first_max"
          ) -> tuple[float, float, dict[int, float]]:
    """The exact hit, critical and damage chances of one action (see attack_odds),
    cached by the numbers they depend on (a single shot's odds depend on the target's
    hit points only as far as whether it is already down: see _exact_odds)."""
    down = hp if w.shots > 1 else hp <= load_data().hp_unconscious
    key = (_numbers(att), _numbers(dfn), w, worse_dmg, down, arm, incorporeal, critical)
    got = _ODDS.get(key)
    if got is None:
        if len(_ODDS) > 4096:
            _ODDS.clear()
        got = _ODDS[key] = _exact_odds(att, dfn, w, worse_dmg, hp, arm, incorporeal,
                                       critical)
    return got


def _exact_odds(att: Contestant, dfn: Contestant, w: Weapon, worse_dmg: bool, hp: int,
                arm: int, incorporeal: bool, critical: ContestCritical
                ) -> tuple[float, float, dict[int, float]]:
    """The chances of :func:`_odds`, exactly: every chance is a whole number of parts of
    one common denominator (the hit, critical and damage chances' own over each other's),
    so the shots are added up in plain integers, and each total is turned into a float
    once, from the exact fraction (as a Fraction's float is)."""
    p_hit, _, _ = odds.contest_probabilities(att, dfn, mode="higher", ties="second",
                                             critical=critical)
    dist = damage_distribution(w, worse_dmg)
    d = load_data()
    hit = Fraction(p_hit).limit_denominator(10 ** 12)
    crit = _crit_chance(att)
    normal = hit - crit
    # chances over den_n (miss, critical, a plain hit) and den_q (each damage roll)
    den_n = math.lcm(hit.denominator, crit.denominator)
    den_q = math.lcm(*(q.denominator for q in dist.values())) if dist else 1
    den = den_n * den_q
    miss = (den_n - hit.numerator * (den_n // hit.denominator)) * den_q
    crit_n = crit.numerator * (den_n // crit.denominator) * den_q
    normal_n = normal.numerator * (den_n // normal.denominator)
    rolls = [(roll, normal_n * q.numerator * (den_q // q.denominator))
             for roll, q in dist.items()]

    def half(x: int) -> int:
        return x // 2 if incorporeal else x

    top = half(w.max_damage)
    so_far: dict[int, int] = {0: 1}  # parts of den ** shots so far
    for _ in range(w.shots):
        nxt: dict[int, int] = {}
        for done, p in so_far.items():
            down = hp - done <= d.hp_unconscious
            absorb = 0 if (w.ignores_absorb or down) else arm
            outcomes: dict[int, int] = {0: miss}
            outcomes[top] = outcomes.get(top, 0) + crit_n
            for roll, q in rolls:
                dealt = half(max(0, roll - absorb))
                outcomes[dealt] = outcomes.get(dealt, 0) + q
            for k, q in outcomes.items():
                nxt[done + k] = nxt.get(done + k, 0) + p * q
        so_far = nxt
    total = den ** w.shots
    damage = {k: v / total for k, v in sorted(so_far.items()) if v > 0}
    return p_hit, float(crit), damage


# ============================================================================ damage, K-9
def take_damage(state: HeroState, t: Mini, amount: int, rule: str, why: str,
                by: str | None = None) -> list[Event]:
    """K-9: hit points off; at 0 or fewer unconscious, at -2 or fewer dead."""
    if amount <= 0 or not t.alive:
        return []
    d = load_data()
    was_conscious = t.conscious
    t.hp = max(d.hp_dead, t.hp - amount)
    events = [Event(Kind.DAMAGED, f"{t.name} loses {amount} hit point"
                    f"{'s' if amount != 1 else ''} ({why}): {t.hp} left.", rule, by, t.id,
                    places=(t.at,) if t.at else (), amount=amount)]
    if not t.alive:
        events.append(Event(Kind.DIED, f"{t.name} is dead"
                            + (": the hero has fallen." if t.hero else "."), "K-9", t.id))
    elif was_conscious and not t.conscious:
        events.append(Event(Kind.UNCONSCIOUS, f"{t.name} is unconscious (K-9).", "K-9", t.id))
    return events


def bleed(state: HeroState, t: Mini) -> list[Event]:
    """K-9: an unconscious mini loses 1 hit point at the start of each of its turns."""
    if not t.alive or t.conscious:
        return []
    return take_damage(state, t, load_data().bleed, "K-9", "unconscious, bleeding")


def roll_damage(w: Weapon, worse_damage: bool, dice: Dice, label: str) -> Roll:
    """K-5 damage dice (K-11's halving; G-3's worse roll in hard cover)."""
    e = w.damage
    if not worse_damage:
        return dice.roll(e, rule="K-5", label=label)
    n, keep = worse(e, True)
    faces = dice.faces(n, e.sides)
    total = max(0, sum(sorted(faces)[:keep]) + e.plus)
    if e.halved is not None:
        total = odds.halve(total, e.halved == "up")
    expr = DiceExpr(n, e.sides, e.plus, e.halved)
    return Roll(rule="G-3", label=label, expr=f"{expr} keep lowest {keep}", faces=faces,
                total=total, note="hard cover: the highest die is dropped")


def resolve_attack(state: HeroState, a: Mini, t: Mini, w: Weapon, dice: Dice) -> list[Event]:
    """K-5, K-6, K-8, G-3: one action's shots (two for a light gun, K-11)."""
    s = sight(state, a, t)
    events: list[Event] = []
    for shot in range(w.shots):
        if not t.alive:
            break
        att, dfn = contestants(a, t, w, s)
        what = f"{a.name} shoots {t.name}" if not w.melee else f"{a.name} strikes {t.name}"
        if w.shots > 1:
            what += f" (shot {shot + 1} of {w.shots})"
        crit = k8_critical(s, w)
        why = [f"{s.cover} cover: one attack die more, the highest dropped, G-3"] \
            if g3_cover(s, w)[0] else []
        if crit == "first_max_only":
            why.append("Concealed: only a critical hits, K-8")
        c = dice.contest(att, dfn, rule="K-5", mode="higher", ties="second", critical=crit,
                         label=what + (f" ({'; '.join(why)})" if why else ""))
        hit = c.winner == 0
        cover = f"; {LEVEL_WORDS[s.level]}" if s.level != "open" else ""
        cover += f", {s.cover} cover (G-3)" if g3_cover(s, w)[0] else ""
        events.append(Event(Kind.ATTACKED, f"{what}: {'hit' if hit else 'miss'}{cover}.",
                            "K-6" if c.critical else "K-5", a.id, t.id, roll=c))
        if hit:
            events += _wound(state, a, t, w, c, g3_cover(s, w)[1], dice)
    return events


def _wound(state: HeroState, a: Mini, t: Mini, w: Weapon, c: Contest, worse_damage: bool,
           dice: Dice) -> list[Event]:
    if c.critical:
        dealt = halve_for(t, w.max_damage)
        text = (f"Critical hit: maximum damage {w.max_damage}, armour ignored (K-6)"
                + (", halved: incorporeal (G-7)" if t.has("incorporeal") else ""))
        return [Event(HeroKind.CRITICAL, text + ".", "K-6", a.id, t.id, amount=dealt)] + \
            take_damage(state, t, dealt, "K-6", f"critical {w.name.lower()} hit", a.id)
    e = w.damage
    halved = f" (half of {e.n}d{e.sides}, rounded {e.halved}, K-11)" if e.halved else ""
    r = roll_damage(w, worse_damage, dice, f"{w.name} damage to {t.name}{halved}")
    absorb = absorb_of(t, w)
    dealt = halve_for(t, max(0, r.total - absorb))
    parts = [f"{r.total}"]
    if absorb:
        parts.append(f"- {absorb} absorbed")
    if t.has("incorporeal"):
        parts.append("halved: incorporeal (G-7)")
    ev = Event(HeroKind.DAMAGE_ROLL, f"{r.explain()} ({' '.join(parts)}) = {dealt}", r.rule, a.id,
               t.id, amount=dealt, roll=r)
    return [ev] + take_damage(state, t, dealt, "K-5", f"{w.name.lower()}", a.id)


# ============================================================================ medkit
def heal_chance() -> float:
    """K-11: a medkit heals on 3+ on its d6."""
    kit = load_data().items["medkit"]
    return odds.check_probability(kit.hit.n, kit.success, sides=kit.hit.sides, comparison=">=")


def resolve_heal(state: HeroState, a: Mini, t: Mini, dice: Dice) -> list[Event]:
    """K-11 medkit: 1d6, 3+ heals 4 hit points (at most back to the start) and is used
    up; a failed roll keeps the kit."""
    d = load_data()
    kit = d.items["medkit"]
    r = dice.check(kit.hit.n, kit.success, rule="K-11", label=f"{a.name} uses a medkit on "
                   f"{t.name}", sides=kit.hit.sides, comparison=">=")
    events = [Event(Kind.ROLLED, r.explain(), "K-11", a.id, t.id, roll=r)]
    if r.success:
        a.medkits -= 1
        before = t.hp
        was_down = not t.conscious
        t.hp = min(d.hp_start, t.hp + kit.heal)
        events.append(Event(HeroKind.HEALED, f"{t.name} is healed {t.hp - before}: {t.hp} hit "
                            f"points" + (", and comes round" if was_down and t.conscious
                                         else "") + "; the medkit is used up.", "K-11",
                            a.id, t.id, amount=t.hp - before))
    return events


def in_reach(a: Mini, t: Mini, rng: tuple[int, int]) -> bool:
    """Base to base within a range (medkits, K-11)."""
    return distance(a, t) <= rng[1] + 1e-9 and abs(a.z - t.z) <= 1


def bounce_vector(face: int, throw: tuple[float, float]) -> tuple[float, float] | None:
    """K-7: where a missed explosive bounces, relative to the throw, by the direction
    roll's face; None if it lands on target."""
    e = load_data().explosive
    if face in e.on_target:
        return None
    way = e.directions[face]
    n = math.hypot(*throw) or 1.0
    ux, uy = throw[0] / n, throw[1] / n
    return {"long": (ux, uy), "short": (-ux, -uy), "left": (uy, -ux),
            "right": (-uy, ux)}[way]
