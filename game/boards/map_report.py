"""What ``--check-map`` says of a map of a squad game's board (a sewer, a track): a heading,
one fact a line, then what to change. Each kind's report module measures its own board
(:mod:`game.boards.sewer_report`, :mod:`game.boards.track_report`)."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass


@dataclass(frozen=True)
class MapReport:
    """What ``--check-map`` says of one map."""

    name: str
    """The map's name (its title, or its file's)."""
    kind: str
    """How the heading names the kind of map ("sewer map")."""
    rules: str
    """The rules the report measures the map by ("F-1", "P-1, P-3")."""
    lines: tuple[str, ...]
    """What the map holds, one fact a line."""
    advice: tuple[str, ...]
    """What to change; empty for a sound map."""

    @property
    def sound(self) -> bool:
        return not self.advice

    def text(self) -> list[str]:
        """The report as printed: a heading, the facts, then the advice."""
        head = f"a sound {self.kind}" if self.sound else f"a {self.kind} to look at again"
        return ([f"{self.name}: {head} ({self.rules})"] + [f"  {line}" for line in self.lines]
                + [f"  - {a}" for a in self.advice])

    def emit(self, emit: Callable[[str], None]) -> int:
        """Print the report line by line; ``--check-map``'s exit code: 0 sound, 1 with
        advice."""
        for line in self.text():
            emit(line)
        return 0 if self.sound else 1


def inches(v: float) -> str:
    """A distance as a report says it: three figures, "1 inch", "2.5 inches"."""
    text = f"{v:.3g}"
    return f"{text} inch" if text == "1" else f"{text} inches"


def names(things: list[str], most: int = 4) -> str:
    """The first ``most`` names, and how many more."""
    shown = ", ".join(things[:most])
    return shown + (f" and {len(things) - most} more" if len(things) > most else "")
