"""Reading a player's files without trusting them: only regular files of a bounded size.

Scenarios, maps, tilesets and saves come from folders a player fills; one of them may
be a named pipe (reading it blocks for ever), a symlink to ``/dev/zero`` (reading it
never ends), a folder, or a file far larger than any real one. :func:`read_limited`
reads a file only if it is a regular file of at most ``limit`` bytes, opening it so it
cannot block, and otherwise raises :class:`Unreadable` saying why in a few words;
callers turn that into their own :class:`~game.core.errors.GameError` naming the file.
"""

from __future__ import annotations

import errno
import os
import stat
from pathlib import Path

_NONBLOCK = getattr(os, "O_NONBLOCK", 0)
_CLOEXEC = getattr(os, "O_CLOEXEC", 0)
_BINARY = getattr(os, "O_BINARY", 0)


class Unreadable(Exception):
    """A file that is not read, and why ("is a named pipe, not a file")."""

    def __init__(self, reason: str, *, missing: bool = False) -> None:
        super().__init__(reason)
        self.reason = reason
        self.missing = missing
        """True if there is no such file (callers often say that their own way)."""


def size_text(n: int) -> str:
    """A byte count as people read it: "512 bytes", "3.2 MB"."""
    if n < 1000:
        return f"{n} bytes"
    if n < 1_000_000:
        return f"{n / 1000:.1f} kB"
    return f"{n / 1_000_000:.1f} MB"


def _kind(mode: int) -> str:
    if stat.S_ISDIR(mode):
        return "a folder"
    if stat.S_ISFIFO(mode):
        return "a named pipe"
    if stat.S_ISCHR(mode) or stat.S_ISBLK(mode):
        return "a device"
    if stat.S_ISSOCK(mode):
        return "a socket"
    return "not a regular file"


def reason_of(e: BaseException) -> str:
    """Why a file or folder could not be read or written, in a few plain words ("permission
    denied", "no space left on the disk"), never an error number."""
    if isinstance(e, OSError) and e.errno == errno.ENOSPC:
        return "no space left on the disk"
    if isinstance(e, OSError) and e.errno == errno.EROFS:
        return "the disk is read-only"
    if isinstance(e, OSError) and e.errno == errno.EISDIR:
        return "it is a folder"
    if isinstance(e, OSError) and e.errno == errno.EEXIST:
        return "a file is in the way of a folder it needs"
    return _why(e)


def _why(e: BaseException) -> str:
    if isinstance(e, ValueError):  # a NUL, or a character the file system cannot name
        return "its name holds a character no file name can have"
    if isinstance(e, OSError):
        if e.errno == errno.ENAMETOOLONG:
            return "its name is too long"
        if e.errno in (errno.EACCES, errno.EPERM):
            return "permission denied"
        if e.errno == errno.ELOOP:
            return "it is a loop of symbolic links"
        if e.errno == errno.ENOTDIR:
            return "a folder in its path is a file"
        return e.strerror or type(e).__name__
    return type(e).__name__


def check_regular(path: str | Path, limit: int) -> int:
    """The size of the regular file at ``path`` (symbolic links followed); Unreadable
    if it is missing, not a regular file, or larger than ``limit`` bytes."""
    try:
        st = os.stat(path)
    except (FileNotFoundError, NotADirectoryError):
        raise Unreadable("there is no such file", missing=True) from None
    except (OSError, ValueError) as e:
        raise Unreadable(_why(e)) from None
    if not stat.S_ISREG(st.st_mode):
        raise Unreadable(f"it is {_kind(st.st_mode)}, not a file")
    if st.st_size > limit:
        size, most = size_text(st.st_size), size_text(limit)
        if size == most:
            size, most = f"{st.st_size} bytes", f"{limit} bytes"
        raise Unreadable(f"it is {size}, more than the {most} such a file may be")
    return st.st_size


def is_regular(path: str | Path) -> bool:
    """True if ``path`` is a regular file (never raises, whatever the path holds)."""
    try:
        return stat.S_ISREG(os.stat(path).st_mode)
    except (OSError, ValueError):
        return False


def exists(path: str | Path) -> bool:
    """True if something (a file, folder, pipe, dangling link...) is at ``path``; never
    raises."""
    try:
        os.lstat(path)
    except (OSError, ValueError):
        return False
    return True


def read_limited(path: str | Path, limit: int) -> bytes:
    """The bytes of the regular file at ``path``; Unreadable (saying why) if it is
    missing, not a regular file, larger than ``limit`` bytes, or cannot be read."""
    check_regular(path, limit)
    try:
        fd = os.open(path, os.O_RDONLY | _NONBLOCK | _CLOEXEC | _BINARY)
    except (FileNotFoundError, NotADirectoryError):
        raise Unreadable("there is no such file", missing=True) from None
    except (OSError, ValueError) as e:
        raise Unreadable(_why(e)) from None
    try:
        st = os.fstat(fd)  # what was opened, if the path changed since the check
        if not stat.S_ISREG(st.st_mode):
            raise Unreadable(f"it is {_kind(st.st_mode)}, not a file")
        chunks: list[bytes] = []
        got = 0
        while got <= limit:
            chunk = os.read(fd, min(1 << 20, limit + 1 - got))
            if not chunk:
                break
            chunks.append(chunk)
            got += len(chunk)
    except OSError as e:
        raise Unreadable(_why(e)) from None
    finally:
        os.close(fd)
    if got > limit:
        raise Unreadable(f"it is more than the {size_text(limit)} such a file may be")
    return b"".join(chunks)


_BOMS = ((b"\xff\xfe\x00\x00", "UTF-32"), (b"\x00\x00\xfe\xff", "UTF-32"),
         (b"\xff\xfe", "UTF-16"), (b"\xfe\xff", "UTF-16"))


def utf8_text(data: bytes) -> str:
    """``data`` decoded as UTF-8 (a leading byte order mark is dropped); Unreadable saying
    where it is not UTF-8, and what it seems to be instead."""
    for bom, name in _BOMS:
        if data.startswith(bom):
            raise Unreadable(f"it is {name} text; save it as UTF-8")
    if data.startswith(b"\xef\xbb\xbf"):
        data = data[3:]
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError as e:
        line = data.count(b"\n", 0, e.start) + 1
        if b"\x00" in data[:200]:
            raise Unreadable("it is not UTF-8 text (it looks like UTF-16 or a binary "
                             "file); save it as UTF-8") from None
        raise Unreadable(f"it is not UTF-8 text (byte 0x{data[e.start]:02X} on line {line}, "
                         f"perhaps Latin-1 or Windows-1252); save it as UTF-8") from None
