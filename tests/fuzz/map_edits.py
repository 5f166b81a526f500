"""The campaign both board kinds drawn in inches run over their maps (sewer_mutants.py,
track_mutants.py): each mutant loads, or is refused with one MapError naming the file;
never a traceback."""

from __future__ import annotations

import re
import traceback
from collections.abc import Callable, Mapping
from pathlib import Path
from typing import Any

import pytest
from fuzzing import Chooser

from game.boards.tiled import load_map
from game.core.errors import MapError

Edit = Callable[[bytes, Chooser], bytes]


def edit_campaign(tmp_path: Path, name: str, source: Path, edit: Edit, kind: str,
                  cases: int, check: Callable[[Any], None] | None = None,
                  ) -> tuple[int, set[str]]:
    """How many of ``cases`` mutants (one or two ``edit`` s each) of ``source`` loaded as
    ``kind`` (and passed ``check`` on the loaded map), and the shapes of the messages of
    those refused. A traceback, or a message not naming the file, fails the test."""
    reasons: set[str] = set()
    loaded = 0
    data0 = source.read_bytes()
    for case in range(cases):
        c = Chooser(case * 7919 + len(name))
        data = edit(data0, c)
        if c.chance(1, 3):
            data = edit(data, c)
        path = tmp_path / f"{name}.tmx"
        path.write_bytes(data)
        try:
            m = load_map(path, kind)
            if check is not None:
                check(m)
            loaded += 1
        except MapError as e:
            text = str(e)
            assert text.startswith(f"{name}.tmx: ") and "\n" not in text, text
            reasons.add(re.sub(r"'[^']*'|\([^)]*\)|[-\d.e+]+", "_", text)[:60])
        except Exception:  # noqa: BLE001 - the promise forbids any other
            pytest.fail(f"{name} {kind} edit {case}: {traceback.format_exc()}")
    return loaded, reasons


def refusals_said(tmp_path: Path, sources: Mapping[str, Path], edit: Edit, kind: str,
                  cases: int) -> str:
    """Every MapError message the first ``cases`` single edits of each source gave."""
    said = []
    for name, src in sources.items():
        for case in range(cases):
            path = tmp_path / f"{name}.tmx"
            path.write_bytes(edit(src.read_bytes(), Chooser(case)))
            try:
                load_map(path, kind)
            except MapError as e:
                said.append(str(e))
    return "\n".join(said)
