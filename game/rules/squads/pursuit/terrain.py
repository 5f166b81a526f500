"""What difficult and impassable terrain do to a model (P-10, P-11): a failed dangerous
terrain test (an S5 hit with no save, and the model "stopped"), and a crash into an
impassable piece or a long edge (an S5 hit with no save, and a free turn to face any
way)."""

from __future__ import annotations

from fractions import Fraction

from game.core.dice import Dice
from game.core.events import Event
from game.rules.squads.basics import hit_line
from game.rules.squads.casualties import p_unsaved_wound
from game.rules.squads.checks import Checked, dangerous_terrain_test
from game.rules.squads.combat import resolve_attacks
from game.rules.squads.pursuit.events import ChaseKind
from game.rules.squads.pursuit.numbers import chase_data
from game.rules.squads.pursuit.state import ChaseState
from game.rules.squads.units import Model


def terrain_test(m: Model, dice: Dice, why: str) -> Checked:
    """P-10: a dangerous terrain test (S-7: a d6, failed on a 1)."""
    return dangerous_terrain_test(m, dice, rule="P-10", why=why)


def bog(state: ChaseState, m: Model, piece: int | None, what: str, dice: Dice
        ) -> list[Event]:
    """P-10: ``m`` failed a dangerous terrain test in ``what``: a Strength 5 hit with no
    save; if it survives it is "stopped" (it goes back with ``piece`` in the next pursuit
    phase and must pass a test to move again)."""
    s = chase_data().crash_strength
    line = hit_line(f"bog:{m.id}", f"the rubble of {what}", 1, s, rule="P-10", no_save=True)
    events = resolve_attacks([line], m, dice).events
    if m.alive:
        state.stopped[m.id] = -1 if piece is None else piece
        events.append(Event(ChaseKind.BOGGED, f"{m.name} is stopped in {what}: it goes back "
                            f"with it and must pass a test to move again (P-10).", "P-10",
                            m.id, places=(m.place,)))
    return events


def crash(state: ChaseState, m: Model, what: str, ident: str, dice: Dice) -> list[Event]:
    """P-11: ``m`` hit ``what`` (an impassable piece or a long edge): a Strength 5 hit with
    no save; a survivor stays in contact and may be turned to face any way."""
    s = chase_data().crash_strength
    events = [Event(ChaseKind.CRASHED, f"{m.name} crashes into {what}: an S{s} hit with no "
                    f"save (P-11).", "P-11", m.id, ident, places=(m.place,))]
    line = hit_line(ident, f"the crash into {what}", 1, s, rule="P-11", no_save=True)
    events += resolve_attacks([line], m, dice).events
    if m.alive and m.id not in state.facing_due:
        state.facing_due.append(m.id)
    return events


def crash_wound_odds(m: Model) -> Fraction:
    """P-10, P-11 (S-4): the exact chance the Strength 5 hit with no save of a failed
    dangerous terrain test or a crash wounds ``m``."""
    line = hit_line(f"crash:{m.id}", "a crash", 1, chase_data().crash_strength,
                    rule="P-11", no_save=True)
    return p_unsaved_wound(line, m.stats.t, None)
