"""The legend of the Melee-on-heights views (V: line of sight, T: threat): what each
shade means, for the shell to draw on the board while a view is on.

(Kept beside the heights controller, in the shell's area, until it moves into
:class:`~game.ui.controllers.melee_hexes.MeleeHexController` itself.)
"""

from __future__ import annotations

from game.ui.boards.hex_marks import SHADES
from game.ui.controllers.melee_hexes import MeleeHexController
from game.ui.widgets import Colour


def _rgb(name: str) -> Colour:
    r, g, b, _a = SHADES[name]
    return (r, g, b)


class MeleeHexViews(MeleeHexController):
    """The heights controller, with the legend of its V and T views."""

    def view_legend(self) -> list[tuple[str, list[tuple[Colour, str]]]]:
        """H-18 (V) and T-7 (T): the shades of the views that are on."""
        out: list[tuple[str, list[tuple[Colour, str]]]] = []
        if self.view_sight:
            out.append(("V: line of sight of the selected figure (H-18)", [
                (_rgb("both"), "sees there and is seen from there"),
                (_rgb("sees"), "sees there, is not seen from there"),
                (_rgb("seen"), "is seen from there, does not see there")]))
        if self.view_threat:
            out.append(("T: threat view (T-7)", [
                (_rgb("threat"), "an enemy could strike here this turn")]))
        return out
