"""Issue 18 frictions 10 and 14 on the open table: numbers that read right (why the extra
die, halved dice in words, damage by its chance, one rounding for moves) and the
critical's chance and damage in the attack tip and on the army sheet (G-3, K-6, K-11)."""

import os
import re

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

from herotable import M, P, line, play, state, table  # noqa: E402

from game.core.dice import Dice  # noqa: E402
from game.core.events import Kind  # noqa: E402
from game.rules.hero.actions import Attack, Move  # noqa: E402
from game.ui.controllers.hero import HeroController  # noqa: E402


def _fence():
    fence = line((9.0, 5), (9.0, 15), kind="fence", name="Fence")
    return state(table(30, 20, fence), M("Shooter", "a", (2, 10), hero=True,
                                         weapons=("medium", "light")),
                 M("Target", "b", (10, 10), hero=True, armour="light"))


def test_g3_k6_the_attack_tip_says_why_the_extra_die_and_what_a_critical_does():
    st = _fence()
    c = HeroController(play(st))
    text = "\n".join(ln.text for ln in c.tip("shooter", "target"))
    assert ("3d6 keep lowest 2 vs 2d6, +2 Covered" in text
            and "(one die more than the weapon's 2d6, the highest dropped: soft cover, G-3)"
            in text)
    assert "a critical (the highest attack roll, <1%) deals 6, armour ignored (K-6)" in text
    assert "damage 1d6, less 1 absorbed by armour:" in text
    assert re.search(r"none \d+% \(a miss, or all absorbed\) · 1: ", text)
    assert "on average" in text
    c.weapon["shooter"] = "light"
    light = "\n".join(ln.text for ln in c.tip("shooter", "target"))
    assert "half of 1d6, rounded up" in light and "1d6/2" not in light


def test_g3_the_dice_log_names_the_cover_of_the_extra_die():
    st = _fence()
    m = play(st, Dice.scripted([5, 6, 4, 2, 3, 4]))
    ev = m.apply(Attack("shooter", "target", "medium"))
    c = next(e.roll for e in ev if e.kind == Kind.ATTACKED)
    assert "(soft cover: one attack die more, the highest dropped, G-3)" in c.label
    assert "one attack die more" in c.explain()


def test_k11_a_light_gun_damage_roll_says_half_of_the_die_rounded_up():
    st = state(table(30, 20), M("Shooter", "a", (2, 10), hero=True, weapons=("light",)),
               M("Target", "b", (6, 10), hero=True))
    m = play(st, Dice.scripted([6, 5, 1, 5, 6, 5, 1, 5]))
    ev = m.apply(Attack("shooter", "target", "light"))
    dmg = [e.text for e in ev if e.kind == "damage_roll"]
    assert dmg and all("(half of 1d6, rounded up, K-11)" in t for t in dmg)


def test_k4_a_move_says_its_length_and_its_cost_to_the_same_hundredth():
    st = state(table(30, 20), M("Ada", "a", (2, 10), hero=True),
               M("Foe", "b", (28, 2), hero=True))
    m = play(st)
    ev = m.apply(Move("ada", P(9.83, 13.37)))
    got = re.search(r"moves ([\d.]+) units for ([\d.]+) of movement", ev[0].text)
    assert got is not None, ev[0].text
    assert got.group(1) == got.group(2) == "8.53"  # hypot(7.83, 3.37) = 8.524, both up


def test_k6_k11_the_army_sheet_shows_costs_weapon_stats_and_criticals(tmp_path, monkeypatch):
    from drawn import army_sheet, texts_drawn

    monkeypatch.setenv("SKIRMISH_DATA_DIR", str(tmp_path))
    app, sheet = army_sheet((1220, 700))
    with texts_drawn(app) as said:
        sheet.draw(app.screen)
    assert "Cost" in said and "Critical" in said and "Damage" in said
    assert "1 in 6 (17%): 12 damage" in said  # the sniper rifle's critical
    assert "half 1d6, up" in said  # the light gun, not "1d6/2"
    tips = [b.tip for b in sheet.buttons if b.name.startswith("weapon:")]
    assert any("critical (the highest attack roll): 1 in 36 (3%): 6 damage" in t
               for t in tips)
