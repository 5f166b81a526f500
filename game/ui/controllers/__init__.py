"""Controllers: the only UI code that knows a ruleset's actions.

The match shell (game.ui.scenes.match) is the same for every rule system; it asks the
ruleset's :class:`Controller` what to mark on the board, what a click or a key does, which
buttons to offer, what to say about a piece and a place, and what the hover tip over an
enemy shows. The base class here is a complete, plain controller for any ruleset (a
button per legal action, in the ruleset's own words), so a rule system can be played in
the window before it has a controller of its own.

:data:`CONTROLLERS` maps a ruleset key to its controller class.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, Protocol

from game.core.match import Match
from game.core.places import Place
from game.core.registry import Registry
from game.core.ruleset import Action, PieceView
from game.ui.boards import Marks
from game.ui.scenes.base import Host
from game.ui.widgets import ORANGE, SKY, VERMILLION, YELLOW, Colour

MAX_PLAIN_BUTTONS = 12
"""The plain controller offers at most this many legal actions as buttons."""


@dataclass
class ButtonSpec:
    """A button the shell draws in the side panel."""

    label: str
    action: Action | None = None
    """The action a click plays (checked by the Match), or None for a ``command``."""
    command: Callable[[], Reply] | None = None
    """A controller's own toggle (follow, aim...), when there is no action; what it
    returns (an action, a question, a message) is carried out like a click's reply."""
    accent: Colour = SKY
    hint: str = ""
    """The key that does the same ("Enter")."""
    name: str = ""
    toggled: bool | None = None
    enabled: bool = True
    tip: str = ""
    """What the button does and costs, in a sentence, with the rule id."""


@dataclass(frozen=True)
class Select:
    """A click or key that selects a piece (None: clears the selection)."""

    piece: str | None


@dataclass(frozen=True)
class Confirm:
    """A reply that asks first: a dialog saying ``text``, whose ``yes`` button (or Enter)
    plays ``action`` and whose ``no`` button changes nothing."""

    title: str
    text: str
    yes: str
    action: Action
    no: str = "Cancel"


Reply = Action | Select | Confirm | str | None
"""What a click or key comes to: an action to play, a selection, a question to ask
before an action, a message to show (why not), or nothing."""


@dataclass(frozen=True)
class TipLine:
    """One line of a hover tip."""

    text: str
    colour: Colour
    bold: bool = False


class ControllerHost(Protocol):
    """What a controller may ask of the scene showing it (a live game or a replay)."""

    app: Host
    """The window (a controller's own screen goes over the match through it)."""

    def select(self, pid: str | None) -> None:
        """Select piece ``pid`` (None: nothing)."""
        ...

    def hovered_piece(self) -> PieceView | None:
        """The piece under the pointer now."""
        ...

    def act(self, action: Action, animate: bool = True) -> bool:
        """Play ``action`` (judged by the match; a refusal is shown); whether it was."""
        ...


class Controller:
    """A ruleset's part of the window. This base is a plain controller for any ruleset."""

    def __init__(self, match: Match[Any]) -> None:
        self.m = match
        self._legal: list[Action] | None = []
        """What :attr:`legal` answers; None: not worked out since the last refresh."""
        self.host: ControllerHost | None = None
        """The scene showing this controller (the shell sets it): a controller may
        select a piece, play an action it made itself, or open a screen of its own over
        the match through ``host.app`` (an army sheet)."""

    # ---------------------------------------------------------------- state
    @property
    def legal(self) -> list[Action]:
        """What the side to act may do now, for a human side (empty while the computer
        plays): asked of the match on the first read after a :meth:`refresh`, so a
        controller that never reads it costs nothing (on the open table the list is a
        lattice of candidate moves)."""
        if self._legal is None:
            self._legal = self.m.legal_actions()
        return self._legal

    @legal.setter
    def legal(self, actions: list[Action]) -> None:
        self._legal = list(actions)

    def refresh(self, human: bool) -> None:
        """The match changed: forget what the side to act may do (worked out again when
        :attr:`legal` is next read; nothing while the computer plays)."""
        self._legal = None if human else []

    def pieces(self) -> dict[str, PieceView]:
        return {p.id: p for p in self.m.pieces()}

    def focus(self) -> str | None:
        """The piece the current step is about (the one acting now), if any."""
        return None

    def pick_selection(self, selected: str | None, side: str | None) -> str | None:
        """Which piece to select when the side to act changes: the focus, else the
        current selection if it is that side's, else its first piece still in the game."""
        focus = self.focus()
        if focus is not None:
            return focus
        pieces = self.m.pieces()
        sel = next((p for p in pieces if p.id == selected), None)
        if sel is not None and sel.side == side:
            return selected
        own = [p for p in pieces if p.side == side and p.active]
        return own[0].id if own else None

    def selection_done(self, selected: str | None) -> bool:
        """True when the selected piece has nothing left to do this step (the shell then
        picks the next one)."""
        return False

    # ---------------------------------------------------------------- the board
    def marks(self, selected: str | None, hover: Place | None) -> Marks:
        """What the board highlights: here just the selected piece."""
        p = self.pieces().get(selected or "")
        return Marks(selected=p.place if p is not None else None)

    def click(self, selected: str | None, place: Place, piece: str | None,
              button: int) -> Reply:
        """A click on the board (``piece``: the one drawn there, if any)."""
        return Select(piece) if piece is not None else None

    def key(self, selected: str | None, key: int) -> Reply:
        """A key the shell does not use itself (pygame key code)."""
        return None

    def auto_action(self) -> Action | None:
        """An action the human side to act asked for earlier, to be played now without a
        click (e.g. figures told to wait for the rest of a phase), or None."""
        return None

    def preview(self, action: Action) -> tuple[str | None, Place | None]:
        """What to show before ``action`` is played (a replay or a demo): the piece to
        select and the place to point at (its way there is drawn). Here: the action's
        ``figure`` and its ``target``'s place, when it names them."""
        fields = action.to_json()
        pieces = self.pieces()
        who = fields.get("figure")
        target = pieces.get(str(fields.get("target", "")))
        return (who if isinstance(who, str) and who in pieces else None,
                target.place if target is not None else None)

    def drag_start(self, selected: str | None, place: Place | None, piece: str | None) -> bool:
        """A left-button press on the board at ``place`` (``piece``: the one under the
        pointer): True to take the drag that follows (to move that piece); the shell
        pans the board otherwise. A press released without moving is a click."""
        return False

    def drag_to(self, place: Place | None) -> None:
        """The pointer moved, in a drag this controller took (``place``: under it now);
        :meth:`marks` shows what it would do."""

    def drag_end(self, place: Place | None) -> Reply:
        """The drag this controller took ended over ``place`` (None: it was a click, or
        left the board): what it comes to."""
        return None

    # ---------------------------------------------------------------- buttons
    def buttons(self, selected: str | None) -> list[ButtonSpec]:
        """One button per legal action (the first few), in the ruleset's words."""
        out = []
        for a in self.legal[:MAX_PLAIN_BUTTONS]:
            out.append(ButtonSpec(self.m.describe(a), a, name=a.kind))
        return out

    # ---------------------------------------------------------------- words
    def actor_text(self) -> str | None:
        """Who acts now, when it is one piece ("Pip"), for the top bar."""
        return None

    def verb(self) -> str:
        """What the side to act does now ("moves", "acts")."""
        return "acts"

    def phase_line(self) -> str:
        """The second line of the top bar: what happens in this step."""
        return self.m.ruleset.phases[self.m.phase].help

    def top_note(self) -> str:
        """A short note at the right of the top bar (e.g. the initiative rolls)."""
        return ""

    def banner(self) -> str | None:
        """A line the shell shows over the board while a human must answer something
        the rules ask of the side to act, such as a reaction to the other side's
        action (in hotseat, who must answer); None when there is nothing to say."""
        return None

    def piece_rows(self, piece: PieceView) -> list[tuple[str, str]]:
        """Label and value rows for the side panel's card of ``piece``."""
        return []

    def piece_tags(self, piece: PieceView) -> list[tuple[str, Colour]]:
        """Short coloured tags for the card (conditions, what it has done)."""
        out: list[tuple[str, Colour]] = []
        if piece.status not in ("ok", "prone"):
            out.append((piece.status, VERMILLION))
        out += [(t, ORANGE if t == "prone" else YELLOW) for t in piece.tags]
        return out

    def place_text(self, place: Place) -> str | None:
        """What the panel says of the hovered place, if anything."""
        return None

    def preview_actor(self, selected: str | None, target: PieceView) -> str | None:
        """Whose action against ``target`` the hover tip shows, if any."""
        return None

    def tip(self, actor: str, target: str) -> list[TipLine] | None:
        """The hover tip for ``actor`` acting on ``target`` (odds, why not)."""
        return None

    def place_tip(self, selected: str | None, place: Place) -> list[TipLine] | None:
        """The hover tip over a place with no piece: what going there would cost or risk
        (e.g. the odds of a jump), or None for no tip."""
        return None

    def help_rows(self) -> list[tuple[str, str]]:
        """This ruleset's keys and clicks for the help overlay."""
        return [("Buttons", "one per action you may take now")]

    def view_legend(self) -> list[tuple[str, list[tuple[Colour, str]]]]:
        """The views a key switched on (a sight view, a threat view): each one's name and
        what each of its colours means; the shell draws them as a legend on the board
        while they are on. None here."""
        return []


CONTROLLERS: Registry[type[Controller]] = Registry("controller", {
    "tft-heights": "game.ui.controllers.hex_views:MeleeHexViews",
    "hero": "game.ui.controllers.hero:HeroController",
    "tft-zones": "game.ui.controllers.melee_zones:MeleeZoneController",
    "flood": "game.ui.controllers.flood:FloodController",
    "pursuit": "game.ui.controllers.pursuit:PursuitController",
})
"""Ruleset key -> its controller class (the plain :class:`Controller` otherwise)."""


def controller_for(match: Match[Any]) -> Controller:
    """The controller of ``match``'s ruleset, or the plain one."""
    key = match.ruleset.key
    cls = CONTROLLERS.get(key) if key in CONTROLLERS else Controller
    return cls(match)
