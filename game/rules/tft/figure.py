"""A Fantasy Trip figure on any board: its stats, gear and condition (T-1, T-3, T-4).

Where it stands and how it moves belong to the board's own figure type (a hex figure
has a cell and a facing; a zone figure a zone and a status), which extends
:class:`Fighter`.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import StrEnum
from typing import Self


class Status(StrEnum):
    """A figure's condition (T-3)."""

    OK = "ok"
    UNCONSCIOUS = "unconscious"
    DEAD = "dead"


OK, UNCONSCIOUS, DEAD = Status.OK, Status.UNCONSCIOUS, Status.DEAD


@dataclass
class Fighter:
    """One figure's stats (T-1), gear (T-4) and condition (T-3), whatever the board."""

    id: str
    name: str
    side: str
    unit: str
    kind: str
    st: int
    st_max: int
    dx: int
    iq: int
    ma: int
    """Movement allowance with armour (T-1, T-4)."""
    weapons: list[str]
    ready: str | None
    armour: str | None
    shield: str | None
    prone: bool = False
    status: str = OK
    """A :class:`Status` (a string in saves)."""
    # --- this turn
    defending: bool = False
    acted: bool = False
    damage_taken: int = 0
    hurt_by: list[str] = field(default_factory=list)
    # --- carried to next turn
    dx_penalty: int = 0
    """Adjusted DX lost this turn for taking heavy damage last turn (T-3)."""

    @property
    def alive(self) -> bool:
        return self.status != DEAD

    @property
    def active(self) -> bool:
        """Conscious and on the table."""
        return self.status == OK

    @property
    def standing(self) -> bool:
        return self.status == OK and not self.prone

    def clone(self) -> Self:
        c = object.__new__(type(self))
        c.__dict__.update(self.__dict__)
        c.weapons = list(self.weapons)
        c.hurt_by = list(self.hurt_by)
        return c

    def to_json(self) -> dict[str, object]:
        d = dict(vars(self))
        d["weapons"], d["hurt_by"] = list(self.weapons), list(self.hurt_by)
        return d
