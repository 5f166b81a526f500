"""Shared set-up of the window tests: an App saving into the test's own folder."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from game.ui.app import App


@pytest.fixture
def data_dir(tmp_path, monkeypatch) -> Path:
    """The game's data folder (saves, settings, kept textures): ``tmp_path/data``."""
    d = tmp_path / "data"
    monkeypatch.setenv("SKIRMISH_DATA_DIR", str(d))
    return d


@pytest.fixture
def app(tmp_path, monkeypatch) -> Iterator[App]:
    """A window (raising its errors) whose saves go to ``tmp_path``."""
    monkeypatch.setenv("SKIRMISH_DATA_DIR", str(tmp_path))
    a = App(raise_errors=True)
    yield a
    a.modals.clear()
