"""Where the window keeps its files: the autosave and the player's saved games.

Everything lives in one folder, ``platformdirs.user_data_dir("skirmish-table")``, or in
the folder named by the environment variable ``SKIRMISH_DATA_DIR`` (tests point it at a
temporary directory). Writes go through :meth:`Match.save`, which is atomic.

The autosave is ``autosave.json``; its ``meta`` records who controls each side. A
finished game removes it, so the picker only offers to resume unfinished games.
"""

from __future__ import annotations

import json
import os
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from game.core.match import Match

ENV_DIR = "SKIRMISH_DATA_DIR"
AUTOSAVE = "autosave.json"
SAVES = "saves"

HUMAN, COMPUTER = "human", "computer"


def data_dir() -> Path:
    """The folder for autosave and saves (created on first use by the writers)."""
    env = os.environ.get(ENV_DIR)
    if env:
        return Path(env)
    import platformdirs

    return Path(platformdirs.user_data_dir("skirmish-table"))


def autosave_path() -> Path:
    return data_dir() / AUTOSAVE


def saves_dir() -> Path:
    return data_dir() / SAVES


def controllers_of(match: Match[Any]) -> dict[str, str]:
    """Who plays each side, from the match's meta (human for sides it does not name)."""
    raw = match.meta.get("controllers")
    ctl = raw if isinstance(raw, dict) else {}
    return {s: COMPUTER if ctl.get(s) == COMPUTER else HUMAN for s in match.scenario.sides}


def _stamp(match: Match[Any]) -> None:
    """Note in meta what the load list shows without replaying the save."""
    match.meta["turn"] = match.turn
    match.meta["title"] = match.scenario.name


def write_autosave(match: Match[Any]) -> Path:
    """Save ``match`` as the autosave (atomic)."""
    p = autosave_path()
    _stamp(match)
    match.save(p)
    return p


def clear_autosave() -> None:
    """Forget the autosave (a finished game is not offered for resuming)."""
    autosave_path().unlink(missing_ok=True)


def save_game(match: Match[Any]) -> Path:
    """Save under a new name in the saves folder; returns the path written."""
    stamp = time.strftime("%Y%m%d-%H%M%S")
    base = f"{match.scenario.key}-turn{match.turn}-{stamp}"
    p = saves_dir() / f"{base}.json"
    k = 2
    while p.exists():
        p = saves_dir() / f"{base}-{k}.json"
        k += 1
    _stamp(match)
    match.save(p)
    return p


@dataclass(frozen=True)
class SaveInfo:
    """What the picker shows of a save without replaying it."""

    path: Path
    scenario: str
    turn: int | None
    modified: float
    readable: bool

    @property
    def when(self) -> str:
        return time.strftime("%d %b %H:%M", time.localtime(self.modified))

    def title(self) -> str:
        if not self.readable:
            return f"{self.path.name} (damaged?)"
        turn = f", turn {self.turn}" if self.turn is not None else ""
        auto = "Autosave: " if self.path.name == AUTOSAVE else ""
        return f"{auto}{self.scenario}{turn} - {self.when}"


def peek(path: Path) -> SaveInfo:
    """A cheap look at a save (no replay, never raises)."""
    try:
        mtime = path.stat().st_mtime
    except OSError:
        mtime = 0.0
    try:
        data: Any = json.loads(path.read_text(encoding="utf-8"))
        meta = data.get("meta") or {}
        if not isinstance(meta, dict):
            meta = {}
        scen = str(meta.get("title") or Path(str(data["scenario"])).stem)
        turn = meta.get("turn")
        return SaveInfo(path, scen, turn if isinstance(turn, int) else None, mtime, True)
    except (OSError, ValueError, KeyError, TypeError):
        return SaveInfo(path, path.stem, None, mtime, False)


def autosave_info() -> SaveInfo | None:
    """The autosave if there is one to resume."""
    p = autosave_path()
    return peek(p) if p.is_file() else None


def list_saves() -> list[SaveInfo]:
    """Saved games, newest first (the autosave included, if any)."""
    paths = sorted(saves_dir().glob("*.json")) if saves_dir().is_dir() else []
    if autosave_path().is_file():
        paths.append(autosave_path())
    return sorted((peek(p) for p in paths), key=lambda s: -s.modified)
