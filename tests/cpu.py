"""Timing for the tests' speed budgets, fair on any machine that runs the suite.

Two things made a budget fail on a slower machine while the game was as fast as ever:
a collection of the whole suite's heap landing inside the measured call (by the time
the UI tests run, the process holds every earlier test's leftovers), and a slower
processor. So a measurement here is processor time with the collector paused (after a
collection), and a budget is stated for the machine the game is developed on and
stretched by how much slower this machine runs a fixed piece of Python (never shrunk).
"""

from __future__ import annotations

import gc
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from functools import cache
from typing import TypeVar

T = TypeVar("T")

REFERENCE_MS = 56.0
"""What :func:`_reference_work` takes on the development machine (processor ms, best
of five); budgets in the tests are that machine's."""


@contextmanager
def paused_collector() -> Iterator[None]:
    """Collect once, then keep the collector out of the measured code."""
    gc.collect()
    was = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if was:
            gc.enable()


def cpu_ms(call: Callable[[], T]) -> tuple[T, float]:
    """``call()``'s result and the processor milliseconds it took, collector paused."""
    with paused_collector():
        t = time.process_time()
        result = call()
        return result, (time.process_time() - t) * 1000


def _reference_work() -> int:
    """A fixed mix of what the game does most: small objects, dicts, tuples, loops."""
    table: dict[tuple[int, int], list[int]] = {}
    total = 0
    for i in range(250_000):
        key = (i % 97, i % 89)
        table.setdefault(key, []).append(i)
        total += len(table[key]) * (i & 7)
    return total + sum(len(v) for v in table.values())


@cache
def slowness() -> float:
    """How many times slower than the development machine this one runs the reference
    work (at least 1: a faster machine keeps the stated budgets)."""
    best = min(cpu_ms(_reference_work)[1] for _ in range(5))
    return max(1.0, best / REFERENCE_MS)


def budget(ms: float) -> float:
    """A budget of ``ms`` on the development machine, as it stands on this one."""
    return ms * slowness()
