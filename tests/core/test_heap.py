"""game.core.heap.settle: what start-up made is kept out of the collector's walks, what
play makes afterwards is still collected."""

import gc
import weakref

from game.core.heap import settle


class _Node:
    def __init__(self) -> None:
        self.me = self  # a cycle: only the cyclic collector frees it


def test_settle_freezes_the_start_ups_objects_and_later_cycles_are_still_collected():
    before = gc.get_freeze_count()
    kept = _Node()
    try:
        settle()
        assert gc.get_freeze_count() > before
        later = _Node()
        gone = weakref.ref(later)
        del later
        gc.collect()
        assert gone() is None  # made after settle: collected as ever
        assert kept.me is kept
    finally:
        gc.unfreeze()  # the rest of the suite runs as it would without
