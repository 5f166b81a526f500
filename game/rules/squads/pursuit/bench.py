"""The chase's bench figure (issue 16: a whole pursuit phase, every object moved and every
collision resolved, within 10 ms): :func:`pursuit_phase_ms` is the median time of one
pursuit phase of the shipped Pursuit scenario, from the end of a turn's shooting to the
end of the phase (the order and its tie dice, each piece moved back with what it meets,
each model keeping pace or slowing by turns, the recycled pieces taken off), on a
position reached by the computer players, each run on a fresh copy with its own dice.

    python -m game.rules.squads.pursuit.bench
"""

from __future__ import annotations

import statistics
import time
from typing import Any

from game.core.dice import Dice
from game.rules.squads.pursuit import steps
from game.rules.squads.pursuit.actions import Face, Pace
from game.rules.squads.pursuit.geometry import forward
from game.rules.squads.pursuit.phases import ChasePhase
from game.rules.squads.pursuit.state import ChaseState

SCENARIO = "pursuit"
TURN = 3
"""The turn whose pursuit phase is timed (the models have spread out by then)."""


def bench_state(seed: int = 1, scenario: str = SCENARIO, turn: int = TURN) -> ChaseState:
    """The chase as the computer players (playing both sides) left it in turn
    ``turn - 1``'s movement phase, made the end of its shooting phase (nobody moves or
    shoots any more: the caller copies it before each run)."""
    from game.ai import computer_player
    from game.rules import open_match

    m = open_match(scenario, seed)
    players = {s: computer_player(m.scenario.ruleset, seed) for s in m.sides}
    while m.outcome() is None:
        st: Any = m.state
        if st.turn == turn - 1 and st.phase == ChasePhase.MOVEMENT:
            break
        side = m.to_act()
        assert side is not None
        m.apply(players[side].choose(m))
    state: ChaseState = m.state.clone()
    state.phase, state.queue, state.facing_due = ChasePhase.SHOOTING, [], []
    return state


def one_phase(state: ChaseState, dice: Dice) -> int:
    """Play ``state``'s next pursuit phase to its end (every other model slows by 1d6, the
    rest keep pace); the number of choices made."""
    steps.end_turn(state, dice)
    steps.advance(state, dice)
    made = 0
    while state.phase == ChasePhase.PURSUIT and state.ended is None and state.queue:
        if state.facing_due:  # a crash (P-11): it faces the Arrival again
            steps.apply(state, Face(state.facing_due[0], forward(state)), dice)
        else:
            steps.apply(state, Pace(state.queue[0], made % 2), dice)
        made += 1
    return made


def pursuit_phase_ms(reps: int = 30, seed: int = 1) -> float:
    """The median time of a whole pursuit phase, in milliseconds (see the module text)."""
    base = bench_state(seed)
    times = []
    for k in range(reps):
        s = base.clone()
        d = Dice(seed * 1000 + k)
        t = time.perf_counter()
        one_phase(s, d)
        times.append((time.perf_counter() - t) * 1000)
    return statistics.median(times)


if __name__ == "__main__":
    print(f"pursuit phase: {pursuit_phase_ms():.2f} ms (median)")
