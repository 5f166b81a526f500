"""The computer's turns in a live game: when it acts (a pause to watch what it did, a
shorter one after an action that changed nothing), x4, pause and skip, and its strip
under the board (what it plays, its buttons)."""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from game.ai import Player, computer_player
from game.core.events import Kind
from game.core.ruleset import Action
from game.ui.widgets import BG, EDGE, FAINT, ORANGE, SKY, TEXT, Button, draw_panel, fit, text_width

if TYPE_CHECKING:
    from game.ui.scenes.match import MatchScene

AI_DELAY = 0.6
"""Seconds between two computer actions at normal speed."""
AI_FAST = 4.0
"""Speed-up while Space/Tab fast mode is on."""
AI_QUIET = 0.1
"""Seconds after a computer action that changed nothing on the board (a figure that
waits): idle figures do not keep a player waiting."""
SEEN = frozenset({Kind.MOVED, Kind.FACED, Kind.ATTACKED, Kind.DAMAGED, Kind.FELL,
                  Kind.RETREATED, Kind.DIED, Kind.UNCONSCIOUS, Kind.PRONE, Kind.STOOD,
                  Kind.INITIATIVE})
"""Kinds of event worth a pause to watch after a computer action."""
SKIP_LIMIT = 400
"""Most computer actions applied at once by S (skip) or --fast."""
AI_STRIP = 46
"""Height of the computer's bar (what it plays, x4, Skip, Pause) under the board."""


class Pacing:
    """When and how fast the computer plays its sides."""

    def __init__(self, scene: MatchScene, fast: bool = False) -> None:
        self.scene = scene
        self.timer = 0.0
        self.wait = AI_DELAY
        """Seconds before the next computer action (shorter after a quiet one)."""
        self.fast = fast
        """Computer turns at x4 (Space; --fast starts the first game so)."""
        self.paused = False
        self.players: dict[str, Player] = {}
        self.buttons: list[Button] = []
        """The computer's controls, in its strip under the board while it plays: never
        where a human's action buttons are, so a click meant for one never hits the
        other when the turn changes hands."""
        self.bar_left = 0
        """Where the buttons start in the strip (its label ends before)."""
        self.banner_rect: pygame.Rect | None = None
        """Where the computer's label went this frame."""
        self.banner_text = ""

    def has_computer(self) -> bool:
        """Whether the computer plays a side (its bar then has a strip of its own)."""
        return any(not self.scene.is_human(s) for s in self.scene.sides)

    def make_buttons(self) -> list[Button]:
        """The strip's buttons while the computer plays (none on a human's turn)."""
        scene = self.scene
        self.buttons = []
        if scene.human_turn() or scene.side_of_turn() is None or scene.m.outcome() is not None:
            return self.buttons
        self.buttons = [
            Button("x4", self.toggle_fast, toggled=self.fast, hint="Space", name="fast",
                   tip="The computer plays four times as fast (Space or Tab again: "
                       "normal speed)."),
            Button("Skip", self.skip, hint="S", name="skip",
                   tip="Play the computer's actions at once, to the end of this turn or "
                       "until a human must act."),
            Button("Pause", self.toggle_pause, toggled=self.paused, hint="P", name="pause",
                   tip="Stop the computer after its current action; P again goes on.")]
        return self.buttons

    def status(self) -> str:
        """What the top bar's second line ends with: the computer's speed, a pause."""
        return (("  |  computer x4" if self.fast else "")
                + ("  |  computer paused (P)" if self.paused else ""))

    # ---------------------------------------------------------------- controls
    def toggle_fast(self) -> None:
        self.fast = not self.fast
        self.scene.build_buttons()
        self.scene.app.toasts.show("Computer plays at x4 speed." if self.fast else
                                   "Computer plays at normal speed.", SKY, ttl=2)

    def toggle_pause(self) -> None:
        self.paused = not self.paused
        self.scene.build_buttons()

    def pause(self) -> None:
        """Stop the computer (P goes on)."""
        self.paused = True

    def skip(self) -> None:
        """S: play the computer's actions at once until a human must act (or turn ends)."""
        m = self.scene.m
        start_turn = m.turn
        n = 0
        while (n < SKIP_LIMIT and m.outcome() is None
               and not self.scene.is_human(self.scene.side_of_turn()) and m.turn == start_turn):
            self.act_once(animate=False)
            n += 1
        self.timer = 0.0

    # ---------------------------------------------------------------- playing
    def update(self, dt: float) -> None:
        """Time passes on the computer's turn: it acts when its wait is over."""
        if self.paused:
            return
        self.timer += dt * (AI_FAST if self.fast else 1.0)
        if self.timer >= self.wait:
            self.timer = 0.0
            self.act_once(animate=True)

    def choose(self) -> Action:
        m = self.scene.m
        side = m.to_act()
        assert side is not None
        if side not in self.players:
            seed = m.seed * 31 + self.scene.sides.index(side) + len(m.actions)
            self.players[side] = computer_player(m.ruleset.key, seed)
        return self.players[side].choose(m)

    def act_once(self, animate: bool) -> None:
        """One computer action; if the computer player fails, it pauses (P resumes)."""
        try:
            a = self.choose()
        except Exception:
            self.paused = True
            self.scene.build_buttons()
            raise
        self.scene.history.forget_redo()
        events = self.scene.m.apply(a)  # a computer player sends only legal actions
        self.wait = AI_DELAY if any(e.kind in SEEN for e in events) else AI_QUIET
        self.scene.played(events, animate)

    # ---------------------------------------------------------------- the strip
    def layout(self) -> None:
        """The computer's buttons at the right of its strip, their key hints left out
        where the words would not fit beside them (the tooltips say the keys)."""
        scene = self.scene
        f = scene.app.fonts
        bar = scene.ai_rect
        names = [f"The computer plays {scene.side_label(s)}" for s in scene.sides]
        text_w = max((text_width(f.body, t) for t in names), default=0) + 40

        def width(b: Button, hints: bool) -> int:
            return text_width(f.body, b.shown_label()) + (
                text_width(f.small, b.hint) + 18 if hints and b.hint else 0) + 24

        hints = sum(width(b, True) + 8 for b in self.buttons) + text_w <= bar.w - 12
        bx = bar.right - 10
        for b in reversed(self.buttons):
            if not hints:
                b.hint = ""
            bw = width(b, hints)
            bx -= bw
            b.rect = pygame.Rect(bx, bar.centery - 17, bw, 34)
            bx -= 8
        self.bar_left = bx

    def draw(self, surface: pygame.Surface) -> None:
        """The strip under the board: on the computer's turn what it plays and its
        buttons; on a human's turn which sides it plays and its keys, dimmed."""
        scene = self.scene
        self.banner_rect = None
        bar = scene.ai_rect
        if not bar.h:
            return
        f = scene.app.fonts
        pygame.draw.rect(surface, BG, bar)
        pygame.draw.line(surface, EDGE, bar.topleft, bar.topright)
        if scene.m.outcome() is not None:
            return
        side = scene.side_of_turn()
        if scene.human_turn() or side is None:
            names = ", ".join(scene.side_label(s) for s in scene.sides
                              if not scene.is_human(s))
            note = f"The computer plays {names}; on its turn Space: x4, S: skip, P: pause"
            t = f.render(f.small, fit(f.small, note, bar.w - 28), FAINT)
            at = (bar.x + 14, bar.centery - t.get_height() // 2)
            surface.blit(t, at)
            self.banner_rect = t.get_rect(topleft=at)
            return
        name = scene.side_label(side)
        paused = " - paused" if self.paused else ""
        room = self.bar_left - bar.x - 40
        text = f"The computer plays {name}{paused}"
        if f.body.size(text)[0] > room:
            text = f"Computer: {name}{paused}"
        self.banner_text = fit(f.body, text, room)
        t = f.render(f.body, self.banner_text, TEXT)
        r = pygame.Rect(0, 0, t.get_width() + 28, t.get_height() + 12)
        r.midleft = (bar.x + 12, bar.centery)
        if room > 60:
            draw_panel(surface, r, (30, 34, 40), ORANGE, radius=8)
            surface.blit(t, (r.x + 14, r.y + 6))
            self.banner_rect = r
        mouse = pygame.mouse.get_pos()
        for b in self.buttons:
            b.draw(surface, f, mouse)

