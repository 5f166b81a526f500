"""The computer's strength in a live game (issue 19): each computer side is played at the
level chosen in the picker or by ``--ai-level`` (:func:`game.ai.levels.player_for`), and
the hard player thinks beside the window's loop.

* easy and normal decide in well under a frame's time and play as before, in the loop.
* hard looks ahead within :data:`WINDOW_SECONDS` a decision. It thinks on a thread of
  its own from the moment its side is to act (during the pause after the last action),
  so the window keeps drawing, answering keys and the pointer while it thinks; its
  action is played on the loop's thread once it is ready and the pause is over. The
  match is not changed while it thinks: the only changes a player can make on the
  computer's turn (undo, redo) first wait for the thought to end (:meth:`settle`, at
  most the budget) and then drop it. Skip (S) plays the hard side's actions as each one
  is ready, to the end of the turn, without animation.

The levels of a game are kept in its save (``meta["ai_levels"]``), so a resumed game
plays at the strength it was started with.
"""

from __future__ import annotations

import threading
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from game.ai import Player
from game.ai.level_names import LEVELS
from game.core.match import Match
from game.core.ruleset import Action, Side
from game.ui.scenes.shell.pacing import AI_FAST, Pacing

if TYPE_CHECKING:
    from game.ui.scenes.match import MatchScene

# game.ai.levels (the players' skeleton) is imported when a computer first plays: a
# game of humans, and the first frame, do without it.

WINDOW_SECONDS = 1.0
"""Hard: the look-ahead's budget a decision in the window (issue 19: at most 1 s)."""
NORMAL = "normal"
META_KEY = "ai_levels"
"""Where a game's levels are kept in its ``meta`` (and so in its save)."""


def levels_of(match: Match[Any]) -> dict[Side, str]:
    """Each side's level as the game's notes say (a save's may say anything: a side or
    level it does not know is normal)."""
    raw = match.meta.get(META_KEY)
    kept = raw if isinstance(raw, Mapping) else {}
    return {s: kept[s] if kept.get(s) in LEVELS else NORMAL for s in match.scenario.sides}


class _Thought:
    """One decision of a player worked out on a thread of its own."""

    def __init__(self, player: Player, match: Match[Any], side: Side) -> None:
        self.side = side
        self.state = match.state
        self.played = len(match.actions)
        self.action: Action | None = None
        self.error: BaseException | None = None
        self.thread = threading.Thread(target=self._run, args=(player, match),
                                       name=f"computer thinks for {side}", daemon=True)
        self.thread.start()

    def _run(self, player: Player, match: Match[Any]) -> None:
        try:
            self.action = player.choose(match)
        except BaseException as e:  # noqa: BLE001 - handed to the loop's thread
            self.error = e

    def done(self) -> bool:
        return not self.thread.is_alive()

    def fresh(self, match: Match[Any]) -> bool:
        """Whether the game is still where it was when the thought began."""
        return match.state is self.state and len(match.actions) == self.played


class LevelPacing(Pacing):
    """The computer's turns at each side's level (see the module text)."""

    def __init__(self, scene: MatchScene, levels: Mapping[Side, str],
                 fast: bool = False) -> None:
        super().__init__(scene, fast)
        self.levels = dict(levels)
        self.thought: _Thought | None = None
        self.skip_turn: int | None = None
        """The turn Skip plays to the end of, while a hard side's actions come in."""

    def player(self, side: Side) -> Player:
        """The side's computer player at its level (made on its first decision)."""
        from game.ai.levels import HardPlayer, player_for

        p = self.players.get(side)
        if p is None:
            m = self.scene.m
            seed = m.seed * 31 + self.scene.sides.index(side) + len(m.actions)
            p = player_for(m.ruleset.key, self.levels.get(side, NORMAL), seed)
            if isinstance(p, HardPlayer):
                p.seconds = WINDOW_SECONDS
            self.players[side] = p
        return p

    def hard(self, side: Side) -> bool:
        """Whether the side's player looks ahead (and so thinks on its own thread)."""
        from game.ai.levels import HardPlayer

        return isinstance(self.player(side), HardPlayer)

    def thinking(self) -> bool:
        """Whether a hard player is thinking now."""
        return self.thought is not None and not self.thought.done()

    def settle(self) -> None:
        """Wait for a thought under way to end and drop it (before the game changes)."""
        t, self.thought = self.thought, None
        if t is not None:
            t.thread.join()
            self.players.pop(t.side, None)  # its memo may hold the dropped line of play

    # ---------------------------------------------------------------- playing
    def choose(self) -> Action:
        m = self.scene.m
        side = m.to_act()
        assert side is not None
        t, self.thought = self.thought, None
        if t is not None:
            t.thread.join()  # (done already, unless a caller needs the action now)
            if t.fresh(m) and t.side == side:
                if t.error is not None:
                    raise t.error
                assert t.action is not None
                return t.action
            self.players.pop(t.side, None)
        return self.player(side).choose(m)

    def update(self, dt: float) -> None:
        """As :meth:`Pacing.update`, the hard player thinking on its own thread while
        the pause runs (and the action played when both are over)."""
        if self.paused:
            return
        m = self.scene.m
        side = m.to_act()
        if self.skip_turn is not None and (m.turn != self.skip_turn or side is None
                                           or self.scene.is_human(side)):
            self.skip_turn = None
        if side is None or not self.hard(side):
            if self.skip_turn is not None:
                self.act_once(animate=False)
                return
            super().update(dt)
            return
        if self.thought is None or not self.thought.fresh(m):
            self.settle()
            self.thought = _Thought(self.player(side), m, side)
        self.timer += dt * (AI_FAST if self.fast else 1.0)
        if (self.timer >= self.wait or self.skip_turn is not None) and self.thought.done():
            self.timer = 0.0
            self.act_once(animate=self.skip_turn is None)

    def skip(self) -> None:
        """S: with a hard side to act, its actions are played as each is ready, to the
        end of the turn (the window stays live); otherwise at once, as before."""
        side = self.scene.m.to_act()
        if side is not None and self.hard(side):
            self.skip_turn = self.scene.m.turn
            self.timer = 0.0
            return
        super().skip()

    def status(self) -> str:
        """The top bar's note: the levels other than normal, and a hard player
        thinking."""
        shown = [f"{self.scene.side_label(s)} {lv}" for s, lv in self.levels.items()
                 if lv != NORMAL and not self.scene.is_human(s)]
        return (super().status() + (f"  |  computer: {', '.join(shown)}" if shown else "")
                + ("  |  thinking..." if self.thinking() else ""))
