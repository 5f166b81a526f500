"""The squad wargame basics S-1..S-5 as one function per rule, and the attacks they make.

Each rule function only reads the tables (``data/rules.toml``): the roll needed to hit by
BS (:func:`to_hit_shooting`, S-2) or WS against WS (:func:`to_hit_close_combat`, S-3),
to wound by S against T (:func:`to_wound`, S-4), the save left after AP
(:func:`armour_save`, S-5), the shots a weapon fires (:func:`shots_at`, S-1's weapon
kinds), the attacks a model makes in close combat and the order it strikes in
(:func:`close_combat_attacks`, :func:`strike_order`, S-3).

An :class:`AttackLine` gathers attacks alike (one model's shots with one weapon, its
blows in a close combat, the flood's hits on a model) as they will be rolled; the exact
odds (:mod:`game.rules.squads.casualties`) and the dice (:mod:`game.rules.squads.combat`)
both take it, so what a player is shown is what is rolled.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from fractions import Fraction

from game.core import odds
from game.core.frozen import quick_init
from game.rules.squads.data import Weapon, load_data
from game.rules.squads.units import Model

EPSILON = 1e-9
"""Slack when a distance is compared with a range (inches)."""


# ============================================================================ S-2 .. S-5
def to_hit_shooting(bs: int) -> int | None:
    """S-2: the d6 roll a firer of ballistic skill ``bs`` needs to hit (BS 1 6+, BS 2 5+,
    BS 3 4+, BS 4 3+, BS 5 2+); above the table the best it gives (a reading); None for a
    model that cannot shoot (BS 0, a reading)."""
    d = load_data()
    if bs < d.bs_cannot_below:
        return None
    return d.to_hit_by_bs.get(bs, d.bs_above if bs > max(d.to_hit_by_bs) else None)


def to_hit_close_combat(ws: int, target_ws: int) -> int:
    """S-3: the d6 roll an attacker of weapon skill ``ws`` needs to hit a target of
    ``target_ws``: 3+ if the attacker's WS is higher, 5+ if the target's is more than
    double the attacker's, else 4+."""
    d = load_data()
    if target_ws > 2 * ws:
        return d.cc_outclassed
    if ws > target_ws:
        return d.cc_higher
    return d.cc_otherwise


def close_combat_attacks(model: Model, charging: bool) -> int:
    """S-3: the attacks a model makes in a round of close combat: its A, +1 on the
    charge."""
    return model.stats.a + (load_data().charge_attacks if charging else 0)


def strike_order(models: Iterable[Model]) -> list[tuple[int, list[Model]]]:
    """S-3: models strike in Initiative order, the highest first; models of equal
    Initiative strike at the same time (a reading): ``[(initiative, models), ...]`` with
    the models in the order given. Casualties do not strike (pass survivors)."""
    steps: dict[int, list[Model]] = {}
    for m in models:
        steps.setdefault(m.stats.i, []).append(m)
    return sorted(steps.items(), key=lambda s: -s[0])


def to_wound(strength: int, toughness: int) -> int | None:
    """S-4: the d6 roll a hit of ``strength`` needs to wound a target of ``toughness``:
    S >= T+2 2+, S = T+1 3+, S = T 4+, S = T-1 5+, S = T-2 or T-3 6+; None when the hit
    can have no effect (S <= T-4)."""
    table = load_data().to_wound_by_difference
    diff = strength - toughness
    if diff < min(table):
        return None
    return table[min(diff, max(table))]


def armour_save(sv: int | None, ap: int | None, no_save: bool = False) -> int | None:
    """S-5: the d6 roll that saves a wound (d6 >= Sv), or None when there is no save to
    roll: a model without armour (``sv`` None), a "no save" hit (F-6, P-10, P-11), or an
    AP at or below the save's number (a reading: AP 4 cancels 4+, 5+ and 6+ saves)."""
    if no_save or sv is None:
        return None
    if ap is not None and ap <= sv:
        return None
    return sv


def no_save_reason(sv: int | None, ap: int | None, no_save: bool = False) -> str:
    """S-5: why :func:`armour_save` leaves no save, in words ("" if there is one)."""
    if no_save:
        return "a hit with no save"
    if sv is None:
        return "no armour"
    if ap is not None and ap <= sv:
        return f"AP {ap} cancels the {sv}+ save"
    return ""


def shots_at(weapon: Weapon, distance: float, moved: bool) -> int:
    """S-1, the weapon kinds (a reading, rules.toml [kinds]): the shots ``weapon`` fires at
    a target ``distance`` inches away by a firer that ``moved`` this turn or not. Rapid
    fire: double shots up to half range, one shot beyond it only when the firer stood
    still; assault and pistol: their shots moved or not; heavy: only when still; a
    template: one template within its length; close combat weapons: none; out of range:
    none."""
    kind = load_data().kinds[weapon.kind]
    if kind.melee or distance > weapon.range + EPSILON:
        return 0
    close, far = kind.moved if moved else kind.still
    near = distance <= kind.close * weapon.range + EPSILON
    return weapon.shots * (close if near else far)


# ============================================================================ odds of a roll
def p_at_least(need: int | None) -> Fraction:
    """The exact chance a d6 shows ``need`` or more (0 when there is no roll to make)."""
    if need is None:
        return Fraction(0)
    return sum((q for t, q in odds.distribution(1).items() if t >= need), Fraction(0))


# ============================================================================ attack lines
@quick_init
@dataclass(frozen=True)
class AttackLine:
    """Attacks alike, as they will be rolled: how many, the roll each needs to hit (None:
    it hits with no roll, a template or a flood), its S and AP, and the words that
    explain each number."""

    attacker: str
    """Who attacks: a model's id, or what hits ("flood")."""
    label: str
    """In words: "Trooper 1 shoots with the Rifle", "Brood creature 2 strikes"."""
    attacks: int
    hit_on: int | None
    hit_rule: str
    """The rule of the to-hit roll (S-2, S-3), or of the automatic hits (F-6, P-10)."""
    hit_why: str
    """How the roll needed was found: "BS 3 needs 4+"."""
    strength: int
    ap: int | None
    no_save: bool = False
    strength_why: str = ""
    """Where the strength comes from, when it is not a plain profile's ("carried 6
    inches: S 3, F-6")."""
    cause: str = ""
    """What a wound is taken from, for the log: "Trooper 1's Rifle" (default: label)."""


def shooting_line(model: Model, weapon: str, distance: float, moved: bool, *,
                  bs: int | None = None, bs_why: str = "",
                  under_template: int = 0) -> AttackLine | None:
    """S-1, S-2: ``model`` shooting ``weapon`` at a target ``distance`` inches away, having
    ``moved`` this turn or not; None if it cannot (out of range, a heavy weapon after
    moving, BS 0). ``bs`` overrides its BS, ``bs_why`` says why ("over his shoulder,
    P-13"). A template weapon hits the ``under_template`` models the board finds under it,
    with no roll (None if there are none)."""
    d = load_data()
    w = d.weapon(weapon)
    if d.kinds[w.kind].melee:
        raise ValueError(f"{w.name} is a close combat weapon: it does not shoot")
    shots = shots_at(w, distance, moved)
    if shots == 0:
        return None
    label = f"{model.name} shoots with the {w.name}"
    if d.kinds[w.kind].template:
        if under_template <= 0:
            return None
        return AttackLine(model.id, label, under_template, None, "S-1",
                          f"{w.name}: a template hits {under_template} with no roll",
                          w.strength(model.stats.s), w.ap, cause=f"{model.name}'s {w.name}")
    skill = model.stats.bs if bs is None else bs
    need = to_hit_shooting(skill)
    if need is None:
        return None
    why = f"BS {skill}" + (f" ({bs_why})" if bs_why else "") + f" needs {need}+"
    return AttackLine(model.id, label, shots, need, "S-2", why, w.strength(model.stats.s),
                      w.ap, cause=f"{model.name}'s {w.name}")


def close_combat_line(model: Model, target_ws: int, charging: bool) -> AttackLine:
    """S-3: ``model``'s blows in one round of close combat against a target of WS
    ``target_ws``: its attacks (+1 charging), the roll it needs, its close combat
    weapon's S and AP (bare hands: its own S, no AP)."""
    w = model.close_combat_weapon()
    ws = model.stats.ws
    need = to_hit_close_combat(ws, target_ws)
    n = close_combat_attacks(model, charging)
    why = f"WS {ws} against WS {target_ws} needs {need}+"
    label = f"{model.name} strikes" + (f" with the {w.name}" if w else "")
    if charging:
        label += f" ({n} attacks: +{load_data().charge_attacks} on the charge)"
    strength = w.strength(model.stats.s) if w else model.stats.s
    return AttackLine(model.id, label, n, need, "S-3", why, strength,
                      w.ap if w else None,
                      cause=f"{model.name}'s {w.name if w else 'bare hands'}")


def hit_line(source: str, label: str, hits: int, strength: int, *, rule: str,
             ap: int | None = None, no_save: bool = False, why: str = "") -> AttackLine:
    """Hits that need no roll to land, from another rule: the flood's S1 hit with no save
    (F-6), a crash's S5 hit with no save (P-10, P-11). ``why`` explains the strength."""
    return AttackLine(source, label, hits, None, rule, f"hits with no roll ({rule})",
                      strength, ap, no_save, why, label)
