"""The flood's tests: the small sewers of :mod:`sewers` importable by name."""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).parent))
