"""Board geometry, one module per board kind, and the Tiled maps they are read from.

:func:`load_board` reads a map for a board kind once and shares it until the file
changes: boards are immutable geometry, so every match of a scenario uses the same one.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from game.core.places import LoadedMap

_loaded: dict[tuple[Path, int, str], LoadedMap[Any]] = {}


def load_board(path: str | Path, kind: str) -> LoadedMap[Any]:
    """The board of kind ``kind`` in map file ``path`` and the pieces it places; MapError
    naming the file and the fault if it is not such a map."""
    from game.boards.tiled import load_map

    p = Path(path).resolve()
    try:
        stamp = p.stat().st_mtime_ns
    except OSError:
        stamp = -1  # let the reader say what is wrong with it
    key = (p, stamp, kind)
    loaded = _loaded.get(key)
    if loaded is None:
        loaded = load_map(p, kind)
        if stamp >= 0:
            if len(_loaded) > 32:
                _loaded.clear()
            _loaded[key] = loaded
    return loaded
