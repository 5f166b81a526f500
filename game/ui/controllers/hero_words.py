"""How the open table's numbers read (issue 18 frictions 10 and 14): dice that halve,
damage by its chance, a weapon's critical (K-6, K-11)."""

from __future__ import annotations

from game.rules.hero.queries import Weapon
from game.ui.scenes.dice_log import percent


def dice_words(w: Weapon) -> str:
    """A weapon's damage dice as a player reads them: "1d6", "half of 1d6, rounded up"
    (never "1d6/2", which reads as half a die or two shots)."""
    e = w.damage
    core = f"{e.n}d{e.sides}" + (f"{e.plus:+d}" if e.plus else "")
    if e.halved is None:
        return core
    return f"half of {core}, rounded {e.halved}"


def crit_chance(w: Weapon) -> float:
    """K-6: the chance of the maximum attack roll (each shot)."""
    return 1 / w.hit.sides ** w.hit.n


def crit_words(w: Weapon) -> str:
    """K-6 for a weapon: its chance a shot and what it deals: "1 in 36 (3%): 6 damage,
    armour ignored"."""
    k = w.hit.sides ** w.hit.n
    return f"1 in {k} ({percent(1 / k)}): {w.max_damage} damage, armour ignored"


def damage_words(damage: dict[int, float], absorb: int) -> str:
    """Damage an action deals by its chance, as a player reads it: "none 79% (a miss,
    or all absorbed) · 1: <1% · 2: 3% ..." and what armour takes off."""
    parts = []
    for k, p in sorted(damage.items()):
        if p < 0.0005:
            continue
        if k == 0:
            why = "a miss, or all absorbed" if absorb else "a miss"
            parts.append(f"none {percent(p)} ({why})")
        else:
            parts.append(f"{k}: {percent(p)}")
    avg = sum(k * p for k, p in damage.items())
    return " · ".join(parts) + f" · about {avg:.1f} on average"
