"""Close combat in the chase (P-9): a round fought at once when a model touches an enemy,
the pair locked while both stand in contact, a second round in the next pursuit phase,
and the break-off in the movement phase after it.

A round is the squad basics' :func:`~game.rules.squads.combat.fight_round` between the two
models (each a unit of one); the mover charges (+1 attack, S-3) unless it touched the
enemy while slowing in the pursuit phase.
"""

from __future__ import annotations

from fractions import Fraction

from game.core.dice import Dice
from game.core.events import Event
from game.rules.squads.basics import close_combat_line
from game.rules.squads.casualties import casualty_odds
from game.rules.squads.combat import fight_round
from game.rules.squads.pursuit.events import ChaseKind
from game.rules.squads.pursuit.geometry import in_contact
from game.rules.squads.pursuit.state import ChaseState, Lock
from game.rules.squads.units import Model, Unit, majority


def alone(state: ChaseState, m: Model) -> Unit:
    """``m`` as a unit of one (the same model object: its wounds are the real ones)."""
    return Unit(m.id, m.name, state.side_of(m.id), [m])


def fight(state: ChaseState, a: Model, b: Model, dice: Dice, *, charger: str | None,
          why: str) -> list[Event]:
    """P-9: one round of close combat between ``a`` and ``b`` (``charger``'s id charges,
    or nobody); a pair still standing in contact is locked (and marked as having fought
    in this phase)."""
    who = f"{a.name} charges {b.name}" if charger == a.id else (
        f"{a.name} and {b.name} fight")
    events = [Event(ChaseKind.FIGHT, f"{who} ({why}, P-9).", "P-9", a.id, b.id,
                    places=(a.place, b.place))]
    r = fight_round(alone(state, a), alone(state, b), dice, charging=charger)
    events += r.events
    lock = next((k for k in state.locks if k.has(a.id) and k.has(b.id)), None)
    if a.alive and b.alive and in_contact(a, b):
        if lock is None:
            lock = Lock(a.id, b.id)
            state.locks.append(lock)
            events.append(Event(ChaseKind.LOCKED, f"{a.name} and {b.name} stay locked in "
                                f"close combat (P-9).", "P-9", a.id, b.id))
        lock.fought = True
    elif lock is not None:
        state.locks.remove(lock)
    tidy_locks(state)
    return events


def tidy_locks(state: ChaseState) -> None:
    """Drop the locks of models no longer on the table."""
    state.locks = [k for k in state.locks
                   if state.on_table(state.model(k.a)) and state.on_table(state.model(k.b))]


def break_or_fight(state: ChaseState, lock: Lock, dice: Dice) -> list[Event]:
    """P-9: after both models of a lock had their move: still in contact, another round;
    else the lock ends."""
    a, b = state.model(lock.a), state.model(lock.b)
    lock.first = None
    if not (state.on_table(a) and state.on_table(b)):
        tidy_locks(state)
        return []
    if in_contact(a, b):
        return fight(state, a, b, dice, charger=None, why="still in contact")
    state.locks.remove(lock)
    return [Event(ChaseKind.BROKE_OFF, f"{a.name} and {b.name} broke off (P-9).", "P-9",
                  a.id, b.id)]


def fight_odds(a: Model, b: Model, charging: bool) -> tuple[dict[int, Fraction],
                                                           dict[int, Fraction]]:
    """P-9: the exact chance of each number of casualties ``a``'s blows (charging or not)
    and ``b``'s make, each taken alone (who strikes first decides the rest)."""
    la = close_combat_line(a, majority([b.stats.ws]), charging)
    lb = close_combat_line(b, majority([a.stats.ws]), False)
    return casualty_odds([la], b), casualty_odds([lb], a)
