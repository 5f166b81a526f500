"""The flood's tests: the wash's stand-in until the real water.py is merged."""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).parent))

import standin_water  # noqa: E402

standin_water.install()
