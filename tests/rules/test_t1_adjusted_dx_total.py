"""T-1: the adjusted DX as one number (:func:`combat.adjusted_dx_total`, which the action
order and the computer players read) is the DX plus every modifier :func:`combat.adjusted_dx`
names, for every armour, shield and T-3 penalty the data holds."""

from game.rules import open_match
from game.rules.tft import combat
from game.rules.tft.data import load_data


def test_t1_adjusted_dx_total_sums_the_modifiers() -> None:
    d = load_data()
    seen = 0
    for scenario in ("hill_fight", "hill_fort", "farmhouse"):
        for f in open_match(scenario, 0).state.figures.values():
            for armour in (None, *d.armour):
                for shield in (None, *d.shields):
                    for penalty in (0, -2):
                        f.armour, f.shield, f.dx_penalty = armour, shield, penalty
                        base, mods = combat.adjusted_dx(f)
                        assert combat.adjusted_dx_total(f) == base + sum(
                            m.value for m in mods), (scenario, f.id, armour, shield, penalty)
                        seen += 1
    assert seen > 100
