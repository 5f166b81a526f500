"""Where the window keeps its files: the autosave and the player's saved games.

Everything lives in one folder, ``platformdirs.user_data_dir("skirmish-table")``, or in
the folder named by the environment variable ``SKIRMISH_DATA_DIR`` (tests point it at a
temporary directory). Writes go through :meth:`Match.save`, which is atomic.

The autosave is ``autosave.json``: the game played last, while it is unfinished; its
``meta`` records who controls each side and which game it is. No unfinished game is
lost when another begins: the autosave of another game is first moved to its scenario's
slot, ``autosaves/<scenario>.json`` (one slot per scenario), from which the picker resumes
it. A finished game is kept in ``history/`` (every one, for the picker's list of games to
watch again) and leaves the autosave and its slot.

Whatever else is in the folder, the window still opens: a file is only looked at if it
is a regular file of a sane size (:func:`game.core.match.read_save`), and each one that
cannot be opened (damaged, a named pipe, a link to a device, a save of another version)
is listed as such with the reason.
"""

from __future__ import annotations

import os
import stat
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from game.core.errors import GameError, SaveError, printable
from game.core.files import Unreadable, check_regular, reason_of
from game.core.match import MAX_SAVE_BYTES, Match, check_save, read_save

ENV_DIR = "SKIRMISH_DATA_DIR"
AUTOSAVE = "autosave.json"
SAVES = "saves"
AUTOSAVES = "autosaves"
"""The folder of each scenario's last unfinished game but the one in the autosave."""
HISTORY = "history"
"""The folder of every finished game."""
MAX_LISTED = 200
"""Saves the open dialog lists at most (the newest)."""
PEEK_BYTES = 1 << 20
"""Saves up to this size are read to be listed (a long game is about 150 kB)."""

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


def slots_dir() -> Path:
    return data_dir() / AUTOSAVES


def history_dir() -> Path:
    return data_dir() / HISTORY


def slot_path(scenario_key: str) -> Path:
    """The slot of a scenario's unfinished game (its key kept to safe characters)."""
    safe = "".join(c if c.isalnum() or c in "-_" else "_" for c in scenario_key)[:80]
    return slots_dir() / f"{safe or 'scenario'}.json"


def game_id(match: Match[Any]) -> str:
    """Which game ``match`` is (its scenario and seed: a new game gets a new seed)."""
    return f"{match.scenario.key}:{match.seed}"


def controllers_of(match: Match[Any]) -> dict[str, str]:
    """Who plays each side, from the match's meta (human for sides it does not name)."""
    raw = match.meta.get("controllers")
    ctl = raw if isinstance(raw, dict) else {}
    return {s: COMPUTER if ctl.get(s) == COMPUTER else HUMAN for s in match.scenario.sides}


def _stamp(match: Match[Any]) -> None:
    """Note in meta what the load list shows without replaying the save."""
    match.meta["turn"] = match.turn
    match.meta["title"] = match.scenario.name
    match.meta["phase"] = match.ruleset.phases[match.phase].title
    match.meta["actions"] = len(match.actions)
    match.meta["scenario_key"] = match.scenario.key
    match.meta["game_id"] = game_id(match)


def _meta_of(path: Path) -> dict[str, Any] | None:
    """The meta of the save at ``path`` if it can be read (None: no such save, or one
    that cannot be opened)."""
    try:
        check_regular(path, MAX_SAVE_BYTES)
        data = read_save(path)
        check_save(data, path.name)
    except (GameError, Unreadable, OSError, ValueError):
        return None
    meta = data.get("meta")
    return meta if isinstance(meta, dict) else {}


def _shelve(match: Match[Any]) -> None:
    """Before ``match`` takes the autosave: another unfinished game there moves to its
    scenario's slot (nothing is lost), and a copy of ``match`` left in its own slot
    (the game was resumed from there) goes, since the autosave now holds it."""
    me = game_id(match)
    auto = autosave_path()
    meta = _meta_of(auto)
    key = meta.get("scenario_key") if meta is not None else None
    if meta is not None and meta.get("game_id") != me and isinstance(key, str):
        try:
            slots_dir().mkdir(parents=True, exist_ok=True)
            os.replace(auto, slot_path(key))
        except OSError:
            pass  # the autosave is written over below, as it always was
    own = slot_path(match.scenario.key)
    mine = _meta_of(own)
    if mine is not None and mine.get("game_id") == me:
        own.unlink(missing_ok=True)


class SaveWriteError(SaveError, OSError):
    """A save could not be written (the folder is missing, full or read-only): a
    SaveError to show, saying where and why in plain words, and an OSError to whoever
    only expects those."""


class AutosaveError(SaveWriteError):
    """The autosave could not be written."""


def write_autosave(match: Match[Any]) -> Path:
    """Save ``match`` as the autosave (atomic); AutosaveError saying where and why if it
    cannot be written."""
    p = autosave_path()
    _stamp(match)
    try:
        _shelve(match)
        match.save(p)
    except (OSError, ValueError) as e:
        raise AutosaveError(f"the autosave {printable(str(p))} cannot be written: "
                            f"{reason_of(e)}") from None
    return p


def clear_autosave(match: Match[Any] | None = None) -> None:
    """Forget the autosave of ``match`` (a finished game is not offered for resuming):
    the autosave and its scenario's slot where they hold that game (any autosave, with
    no match)."""
    for p in (autosave_path(), *([slot_path(match.scenario.key)] if match else [])):
        meta = _meta_of(p) if match is not None else {}
        if meta is not None and (match is None or meta.get("game_id") == game_id(match)):
            p.unlink(missing_ok=True)


def keep_finished(match: Match[Any]) -> Path:
    """Keep a finished game in the history (for the picker's list of games to watch
    again) and forget its autosave; the path written. SaveWriteError saying where and
    why if it cannot be written."""
    stamp = time.strftime("%Y%m%d-%H%M%S")
    base = f"{match.scenario.key}-{stamp}"
    p = history_dir() / f"{base}.json"
    _stamp(match)
    o = match.outcome()
    if o is not None:
        match.meta["result"] = o.reason
    try:
        k = 2
        while os.path.lexists(p):
            p = history_dir() / f"{base}-{k}.json"
            k += 1
        match.save(p)
    except (OSError, ValueError) as e:
        raise SaveWriteError(f"the finished game {printable(str(p))} cannot be kept: "
                             f"{reason_of(e)}") from None
    clear_autosave(match)
    return p


def save_game(match: Match[Any]) -> Path:
    """Save under a new name in the saves folder; returns the path written.
    SaveWriteError saying where and why (in plain words) if it cannot be written."""
    stamp = time.strftime("%Y%m%d-%H%M%S")
    phase = "".join(c for c in match.phase if c.isalnum())[:16]
    base = f"{match.scenario.key}-turn{match.turn}-{phase}-a{len(match.actions)}-{stamp}"
    p = saves_dir() / f"{base}.json"
    try:
        k = 2
        while os.path.lexists(p):
            p = saves_dir() / f"{base}-{k}.json"
            k += 1
        _stamp(match)
        match.save(p)
    except (OSError, ValueError) as e:
        raise SaveWriteError(f"the save {printable(str(p))} cannot be written: "
                             f"{reason_of(e)}") from None
    return p


@dataclass(frozen=True)
class SaveInfo:
    """What the picker shows of a save without replaying it."""

    path: Path
    scenario: str
    turn: int | None
    modified: float
    readable: bool
    reason: str = ""
    """Why it cannot be opened, if it cannot."""
    phase: str = ""
    """The phase it was saved in ("Movement"), if the save says."""
    actions: int | None = None
    """How many actions had been played, if the save says."""

    @property
    def when(self) -> str:
        return time.strftime("%d %b %H:%M", time.localtime(self.modified))

    def title(self) -> str:
        if not self.readable:
            return f"{printable(self.path.name)} (cannot be opened)"
        turn = f", turn {self.turn}" if self.turn is not None else ""
        where = ", ".join(x for x in (self.phase, "" if self.actions is None else
                                      f"action {self.actions}") if x)
        if where:
            turn += f" ({where})"
        auto = "Autosave: " if self.path.name == AUTOSAVE or \
            self.path.parent.name == AUTOSAVES else ""
        return f"{auto}{self.scenario}{turn} - {self.when}"

    def detail(self) -> str:
        """The line under the title: where it is, or why it cannot be opened."""
        return self.reason if not self.readable else printable(str(self.path))


def _mtime(path: Path) -> float:
    try:
        return os.stat(path).st_mtime
    except (OSError, ValueError):
        return 0.0


def peek(path: Path) -> SaveInfo:
    """A cheap look at a save (no replay, never raises): what it is, or why it cannot
    be opened. A save larger than :data:`PEEK_BYTES` is listed by its name, unread until
    it is opened."""
    mtime = _mtime(path)
    try:
        if check_regular(path, MAX_SAVE_BYTES) > PEEK_BYTES:
            return SaveInfo(path, printable(path.stem), None, mtime, True)
    except Unreadable as e:
        reason = "no such save file" if e.missing else f"cannot be read: {e.reason}"
        return SaveInfo(path, printable(path.stem), None, mtime, False, reason)
    try:
        data = read_save(path)
        check_save(data, path.name)
    except GameError as e:
        reason = str(e).removeprefix(f"{path}: ").removeprefix(f"{path.name}: ")
        return SaveInfo(path, printable(path.stem), None, mtime, False, reason)
    meta = data.get("meta")
    meta = meta if isinstance(meta, dict) else {}
    title = meta.get("title")
    scen = printable(title) if isinstance(title, str) else ""
    turn, phase, count = meta.get("turn"), meta.get("phase"), meta.get("actions")
    return SaveInfo(path, scen or printable(Path(data["scenario"]).stem) or "?",
                    _whole(turn), mtime, True,
                    phase=printable(phase)[:40] if isinstance(phase, str) else "",
                    actions=_whole(count))


def _whole(v: object) -> int | None:
    return v if isinstance(v, int) and not isinstance(v, bool) else None


def autosave_info(path: Path | None = None) -> SaveInfo | None:
    """The autosave (or the save at ``path``) if there is one that can be resumed."""
    p = autosave_path() if path is None else path
    try:
        if not stat.S_ISREG(os.stat(p).st_mode):
            return None
    except (OSError, ValueError):
        return None
    info = peek(p)
    return info if info.readable else None


def unfinished() -> list[SaveInfo]:
    """Every unfinished game that can be resumed: the autosave first, then each
    scenario's slot, newest first."""
    paths, _why = _entries(slots_dir())
    found = [autosave_info(p) for p in sorted(paths, key=lambda p: -_mtime(p))]
    first = autosave_info()
    return ([first] if first is not None else []) + [i for i in found if i is not None]


def resumable(scenario_name: str) -> SaveInfo | None:
    """The unfinished game of the scenario named ``scenario_name``, if one is kept."""
    return next((i for i in unfinished() if i.scenario == scenario_name), None)


def finished_games() -> list[SaveInfo]:
    """Every finished game kept in the history, newest first (at most MAX_LISTED; the
    ones that cannot be opened listed with the reason)."""
    paths, _why = _entries(history_dir())
    newest = sorted(paths, key=lambda p: -_mtime(p))[:MAX_LISTED]
    return sorted((peek(p) for p in newest), key=lambda s: -s.modified)


def _entries(folder: Path) -> tuple[list[Path], str]:
    """The ``.json`` files in ``folder``, and why it could not be read (""; no folder
    yet is no fault: nothing was saved)."""
    try:
        with os.scandir(folder) as it:
            return [Path(e.path) for e in it if e.name.endswith(".json")], ""
    except FileNotFoundError:
        return [], ""
    except NotADirectoryError:
        return [], "it is a file, not a folder"
    except (OSError, ValueError) as e:
        return [], reason_of(e)


def list_saves() -> list[SaveInfo]:
    """Saved games, newest first (the autosave included, if any; at most
    :data:`MAX_LISTED`), the ones that cannot be opened listed with the reason. A saves
    folder that cannot be read is listed first, with the reason (not an empty list)."""
    folder = saves_dir()
    paths, why = _entries(folder)
    unread = ([SaveInfo(folder, printable(folder.name), None, _mtime(folder), False,
                        f"the saves folder cannot be read: {why}")] if why else [])
    auto = autosave_path()
    try:
        os.lstat(auto)
        paths.append(auto)
    except (OSError, ValueError):
        pass
    paths += _entries(slots_dir())[0]
    newest = sorted(paths, key=lambda p: -_mtime(p))[:MAX_LISTED]
    return unread + sorted((peek(p) for p in newest), key=lambda s: -s.modified)
