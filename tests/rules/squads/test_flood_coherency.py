"""F-8: stragglers are the survivors out of a unit's main coherency chain; a unit
with under 50 % of its survivors in coherency is scattered (exactly 50 % is not)."""

from __future__ import annotations

from game.rules.squads.flood import water
from game.rules.squads.units import Model, Unit


def squad(chain: int, alone: int, dead: int = 0) -> Unit:
    """``chain`` models in one chain (1.2 inches apart), ``alone`` each 10 inches from
    any other, ``dead`` casualties among the chain's neighbours."""
    ms = [Model.new(f"c{k}", "trooper", 1.2 * k, 0) for k in range(chain)]
    ms += [Model.new(f"a{k}", "trooper", 10.0 * k, 20) for k in range(alone)]
    for k in range(dead):
        m = Model.new(f"d{k}", "trooper", 1.2 * (chain + k), 0)
        m.wounds = 0
        ms.append(m)
    return Unit("u", "Squad", "troopers", ms, ms[0].id)


def test_f8_scattered_at_49_not_50():
    assert water.is_scattered(squad(49, 51))  # 49 %
    assert not water.is_scattered(squad(50, 50))  # 50 %
    assert water.is_scattered(squad(3, 4)) and not water.is_scattered(squad(3, 3))


def test_f8_only_survivors_count():
    assert not water.is_scattered(squad(3, 3, dead=5))
    gone = squad(2, 0)
    for m in gone.models:
        m.wounds = 0
    assert not water.is_scattered(gone) and water.stragglers(gone) == []


def test_f8_stragglers_are_out_of_the_main_chain():
    u = squad(3, 2)
    assert water.stragglers(u) == ["a0", "a1"]
    assert water.stragglers(squad(4, 0)) == []
