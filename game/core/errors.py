"""The errors a player may see. Each message names the file, field, turn or action at fault
and says why, in one sentence; the UI shows ``str(error)`` as it is and the command line
prints it and exits with code 2.

A message is always one printable line, whatever a file put into it: control characters
(a newline or NUL in a name read from a file) are shown escaped, characters that cannot
be written out (lone surrogates) as ``\\udXXX`` escapes, and a message longer than
:data:`MAX_MESSAGE` characters is cut. :func:`printable` cleans names the same way for
drawing them.
"""

from __future__ import annotations

import re
import unicodedata

MAX_MESSAGE = 1000
"""Characters of a message kept (the file and field come first, so they are kept)."""

_UNPRINTABLE = re.compile(r"[\x00-\x1f\x7f-\x9f\u2028\u2029\ud800-\udfff]")


def _escape(m: re.Match[str]) -> str:
    c = m.group()
    return {"\n": "\\n", "\r": "\\r", "\t": "\\t"}.get(c) or (
        f"\\x{ord(c):02x}" if ord(c) < 0x100 else f"\\u{ord(c):04x}")


def one_line(text: str, limit: int = MAX_MESSAGE) -> str:
    """``text`` as one printable line: control characters, line separators and lone
    surrogates escaped; cut to ``limit`` characters."""
    out = _UNPRINTABLE.sub(_escape, str(text))
    return out if len(out) <= limit else out[:limit - 3] + "..."


def printable(text: str) -> str:
    """A name as it can be drawn and printed: every run of control characters, line
    breaks and other whitespace becomes one space, lone surrogates and other characters
    that have no glyph (unassigned, private use, invisible format characters such as a
    right-to-left override) are dropped, the ends stripped."""
    spaced = _UNPRINTABLE.sub(" ", str(text))
    kept = "".join(c for c in spaced
                   if unicodedata.category(c) not in ("Cn", "Co", "Cs", "Cf"))
    return " ".join(kept.split())


class GameError(Exception):
    """Base of every error meant for a player rather than a programmer. The message is
    made one printable line (see :func:`one_line`)."""

    def __init__(self, message: str = "", *args: object) -> None:
        super().__init__(one_line(message), *args)


class MapError(GameError):
    """A map file is malformed, of the wrong kind, or breaks the map conventions."""


class ScenarioError(GameError):
    """A scenario file is malformed or names something that does not exist."""


class SaveError(GameError):
    """A saved game cannot be read, or its replay does not match what it recorded."""


class IllegalActionError(GameError, ValueError):
    """An action that is not legal in the current state (``reason``: why, in a player's
    words)."""

    def __init__(self, message: str, reason: str = "") -> None:
        super().__init__(message)
        self.reason = reason or message
