"""Explosives (K-7): thrown in an arc, exploding hit or miss, bouncing on a miss, a blast
hitting every mini near it, either side; the blast pushes them away (G-6).

K-7: "Explosives explode whether they hit or miss. On a miss ... a direction roll: if
the 1 on the die faces directly up or down [a 1 or a 6], the explosive lands as expected
but deals half damage. Otherwise, the explosive bounces half its thrown distance from
the original target in the direction of the 1 on the die" (the faces 2-5 stand for the
four sideways directions, relative to the throw: data/gear.toml). "Explosives can
target hidden units and can be thrown along any arc within their range ... over
obstacles that are half their range in height ... consumed after a single use."
"""

from __future__ import annotations

import math
from dataclasses import dataclass

from game.core import odds
from game.core.dice import Dice
from game.core.events import Event, Kind
from game.core.places import Point
from game.physics import Disc, shove
from game.rules.hero.combat import (
    absorb_of,
    bounce_vector,
    contestants,
    halve_for,
    take_damage,
)
from game.rules.hero.data import Weapon, load_data
from game.rules.hero.events import HeroKind
from game.rules.hero.pushes import push, walls_at
from game.rules.hero.sight import distance
from game.rules.hero.state import HeroState, Mini

GRENADE = 0.05
"""Radius of a bouncing explosive, in units (it stops at walls and the table's edge)."""


def explosive() -> Weapon:
    return next(w for w in load_data().weapons.values() if w.explosive)


def why_not_throw(state: HeroState, a: Mini, t: Mini) -> str | None:
    """K-7: in range (top-down, base to base), and no obstacle on the way more than half
    the explosive's range higher than the thrower stands."""
    w = explosive()
    d = distance(a, t)
    if not w.in_range(d):
        return f"{t.name} is {d:.1f} units away; an explosive reaches {w.range[1]} (K-11)"
    terrain = state.terrain
    limit = w.range[1] * load_data().explosive.arc
    own = set(terrain.table.pieces_at(*a.xy))
    for c in terrain.table.crossings(a.xy, t.xy):
        f = terrain[c.piece]
        if c.piece in own or not c.entering:
            continue
        if f.ht - a.z > limit:
            return (f"{f.name} (Ht {f.ht}) is too high to throw over: at most {limit:g} "
                    f"above the thrower (K-7)")
    return None


@dataclass(frozen=True)
class ThrowOdds:
    """The chances of a throw before it is made (K-7)."""

    p_hit: float
    """Lands on target: a hit (K-5), criticals included."""
    p_crit: float
    """A critical (K-6): maximum damage, no armour."""
    p_half: float
    """Misses but lands on target anyway, for half damage (a 1 or 6 on the direction roll)."""
    p_bounce: float
    """Misses and bounces away (it still explodes where it lands)."""
    in_blast: tuple[str, ...]
    """Minis a blast on the target would reach now."""
    damage: dict[int, float]
    """The blast's damage (before armour) to each mini it reaches, when it lands on the
    target, by its chance: full on a hit, maximum on a critical, half on a miss with a 1
    or a 6."""


def throw_odds(state: HeroState, a: Mini, t: Mini) -> ThrowOdds:
    w = explosive()
    att, dfn = contestants(a, t, w, None)
    p_hit, _, _ = odds.contest_probabilities(att, dfn, mode="higher", ties="second",
                                             critical="first_max")
    e = load_data().explosive
    p_crit = 1 / w.hit.sides ** w.hit.n
    on = len(e.on_target) / 6
    full = odds.distribution(w.damage.n, w.damage.sides, w.damage.plus)
    half = odds.distribution(w.damage.n, w.damage.sides, w.damage.plus, None, "up")
    landed = p_hit + (1 - p_hit) * on
    dmg: dict[int, float] = {w.max_damage: p_crit / landed}
    for k, q in full.items():
        dmg[k] = dmg.get(k, 0.0) + (p_hit - p_crit) * float(q) / landed
    for k, q in half.items():
        dmg[k] = dmg.get(k, 0.0) + (1 - p_hit) * on * float(q) / landed
    reach = tuple(m.name for m in blast_reach(state, t.xy, t.z))
    return ThrowOdds(p_hit, p_crit, (1 - p_hit) * on, (1 - p_hit) * (1 - on), reach,
                     dict(sorted(dmg.items())))


def blast_dealt(state: HeroState, a: Mini, t: Mini, caught: Mini) -> dict[int, float]:
    """K-7, K-6, K-5, K-9, G-7: the chance of each amount of damage ``caught`` takes
    from a blast of ``a``'s throw at ``t`` that lands on ``t`` (as :func:`resolve_throw`
    deals it): a critical's maximum with no Absorb; a hit's full roll, a miss landing on
    target's half, each less ``caught``'s Absorb (:func:`absorb_of`: none for an
    unconscious mini or a weapon that ignores it), halved for an incorporeal mini."""
    o = throw_odds(state, a, t)
    w = explosive()
    landed = o.p_hit + o.p_half
    absorb = absorb_of(caught, w)
    full = odds.distribution(w.damage.n, w.damage.sides, w.damage.plus)
    half = odds.distribution(w.damage.n, w.damage.sides, w.damage.plus, None, "up")
    out: dict[int, float] = {}

    def add(dmg: int, absorbed: int, p: float) -> None:
        k = halve_for(caught, max(0, dmg - absorbed))
        out[k] = out.get(k, 0.0) + p / landed

    add(w.max_damage, 0, o.p_crit)
    for k, q in full.items():
        add(k, absorb, (o.p_hit - o.p_crit) * float(q))
    for k, q in half.items():
        add(k, absorb, o.p_half * float(q))
    return dict(sorted(out.items()))


def blast_reach(state: HeroState, point: tuple[float, float], z: int) -> list[Mini]:
    """K-7: every mini within the blast radius of ``point`` (at height ``z``), either
    side, measured to its base."""
    r = load_data().explosive.blast
    out = []
    for m in state.placed():
        flat = max(0.0, math.dist(m.xy, point) - m.r)
        if math.hypot(flat, m.z - z) <= r + 1e-9:
            out.append(m)
    return out


def resolve_throw(state: HeroState, a: Mini, t: Mini, dice: Dice) -> list[Event]:
    """K-7 (see the module text), then G-6: each mini the blast reached and that is still
    in play is pushed straight away from it, furthest first."""
    w = explosive()
    d = load_data()
    a.weapons.remove(w.key)
    att, dfn = contestants(a, t, w, None)
    c = dice.contest(att, dfn, rule="K-7", label=f"{a.name} throws an explosive at {t.name}",
                     mode="higher", ties="second", critical="first_max")
    hit = c.winner == 0
    events = [Event(Kind.ATTACKED, f"{a.name} throws an explosive at {t.name}: "
                    f"{'on target' if hit else 'a miss'}.", "K-7", a.id, t.id, roll=c)]
    (ax, ay), (tx, ty) = a.xy, t.xy
    throw = (tx - ax, ty - ay)
    point, z, half = (tx, ty), t.z, False
    if not hit:
        r = dice.roll("1d6", rule="K-7", label="Direction roll")
        way = bounce_vector(r.total, throw)
        if way is None:
            half = True
            events.append(Event(Kind.ROLLED, f"{r.explain()}: the 1 faces "
                                f"{'up' if r.total == 1 else 'down'}, it lands on target for "
                                "half damage.", "K-7", a.id, roll=r))
        else:
            terrain = state.terrain
            dist = math.hypot(*throw) * d.explosive.bounce
            box = (tx - dist - 1, ty - dist - 1, tx + dist + 1, ty + dist + 1)
            s = shove(Disc("explosive", tx, ty, GRENADE), way, dist, (),
                      walls_at(terrain, 0, near=box))
            point = s.end.units
            z = max([h for h in terrain.surfaces_at(*point) if h <= t.z], default=0)
            name = d.explosive.directions[r.total]
            events.append(Event(HeroKind.BOUNCED, f"{r.explain()}: it bounces {name}, "
                                f"{s.travelled / 100:g} units.", "K-7", a.id,
                                places=(Point.of(tx, ty), s.end), roll=r,
                                amount=s.travelled))
    crit = c.critical
    if crit:
        dmg = w.max_damage
        events.append(Event(HeroKind.CRITICAL, f"Critical: maximum damage {dmg}, armour ignored "
                            "(K-6).", "K-6", a.id, amount=dmg))
    else:
        r = dice.roll(w.damage, rule="K-7", label="Blast damage")
        dmg = odds.halve(r.total, True) if half else r.total
        events.append(Event(HeroKind.DAMAGE_ROLL, f"{r.explain()}" + (f", halved: {dmg}" if half
                                                                 else ""),
                            "K-7", a.id, amount=dmg, roll=r))
    hit_minis = blast_reach(state, point, z)
    events.append(Event(HeroKind.EXPLODED, f"The explosive goes off: a {d.explosive.blast:g}-unit "
                        f"blast reaches {', '.join(m.name for m in hit_minis) or 'nobody'}.",
                        "K-7", a.id, places=(Point.of(*point),),
                        amount=round(d.explosive.blast * 100)))
    for m in hit_minis:
        absorb = 0 if crit else absorb_of(m, w)
        dealt = halve_for(m, max(0, dmg - absorb))
        events += take_damage(state, m, dealt, "K-7", "the blast", a.id)
    shove_by = float(state.options.get("blast_push", d.blast_push))
    if shove_by > 0:
        order = sorted((m for m in hit_minis if m.on_table),
                       key=lambda m: (-math.dist(m.xy, point), m.id))
        for m in order:
            away = (m.xy[0] - point[0], m.xy[1] - point[1])
            if math.hypot(*away) < 1e-6:
                away = throw
            events += push(state, m, away, shove_by, dice, "the blast")
    return events
