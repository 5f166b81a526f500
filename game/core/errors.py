"""The errors a player may see. Each message names the file, field, turn or action at fault
and says why, in one sentence; the UI shows ``str(error)`` as it is and the command line
prints it and exits with code 2."""

from __future__ import annotations


class GameError(Exception):
    """Base of every error meant for a player rather than a programmer."""


class MapError(GameError):
    """A map file is malformed, of the wrong kind, or breaks the map conventions."""


class ScenarioError(GameError):
    """A scenario file is malformed or names something that does not exist."""


class SaveError(GameError):
    """A saved game cannot be read, or its replay does not match what it recorded."""


class IllegalActionError(GameError, ValueError):
    """An action that is not legal in the current state."""
