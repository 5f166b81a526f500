"""The process's long-lived objects kept out of the cyclic collector's walks.

By the time a game starts, the process holds some 55,000 objects that live as long as it
does: the modules, the rules' data tables, the maps read, the fonts. Python's cyclic
collector walks every one of them at each full collection (about 20-36 ms on the bench
machine: a visible stall in a frame, and about 5 % of a sewer game played by the
computer). :func:`settle` moves what exists at start-up into the collector's permanent
generation (:func:`gc.freeze`), so a full collection walks only what play makes. The
window, the headless games, the balance lab and the bench call it once, when they have
loaded what they need; it changes no result, only the collector's work.
"""

from __future__ import annotations

import gc


def settle() -> None:
    """Collect once, then keep everything that survives out of later collections."""
    gc.collect()
    gc.freeze()


__all__ = ["settle"]
