"""The flood's tests: the wash's stand-in until the real water.py is merged."""

from __future__ import annotations

import importlib
import importlib.util
import sys
from pathlib import Path

if importlib.util.find_spec("game.rules.squads.flood.water") is None:
    sys.path.insert(0, str(Path(__file__).parent))
    sys.modules["game.rules.squads.flood.water"] = importlib.import_module("standin_water")
    import game.rules.squads.flood as _flood

    _flood.water = sys.modules["game.rules.squads.flood.water"]  # type: ignore[attr-defined]
