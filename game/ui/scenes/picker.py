"""The scenario picker: the scenarios with their descriptions, who plays each side (and,
for a side the computer plays, its strength: easy, normal or hard), Resume (the chosen
scenario's unfinished game, else the last one left), Open a saved game, and the finished
games to watch again."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

import pygame

from game.ai import has_player
from game.ai.level_names import LEVELS, parse_levels
from game.core.errors import GameError, printable
from game.core.scenario import Scenario, load_scenario, scenario_files
from game.ui import saves
from game.ui.listbox import ListBox, ListItem
from game.ui.scenes.base import Host, Scene
from game.ui.widgets import (
    BG,
    DIM,
    FAINT,
    GREEN,
    ORANGE,
    SKY,
    TEXT,
    VERMILLION,
    Button,
    draw_mark,
    draw_panel,
    draw_tooltip,
    fit,
    wrap,
)

LONG = {"load": "Open a saved game...", "history": "Finished games...",
        "demos": "Rules and demos...", "learn": "Learn to play..."}
"""The bottom row's words where the window is wide enough ..."""
SHORT = {"load": "Open...", "history": "Finished...", "demos": "Rules...", "learn": "Learn..."}
"""... and in a narrow one."""
FIRST_GAME = "good first game"
"""The mark on a scenario whose file says ``first_game = true``."""
LEVEL_COLOURS = {"easy": GREEN, "normal": ORANGE, "hard": VERMILLION}
LEVEL_TIP = ("The computer's strength for this side: easy makes slips a new player can "
             "punish, normal is its own player, hard looks ahead over the dice (up to 1 s "
             "a move). Click it or press Shift and the side's number to change it.")


def default_levels(specs: Sequence[str], sides: Sequence[str]) -> dict[str, str]:
    """The strength the picker offers first for each side, from ``--ai-level``: ``LEVEL``
    for every side, ``SIDE=LEVEL`` for a side of that key (one this scenario lacks is
    another scenario's), later ones winning; normal where none is said. GameError
    naming an unknown level."""
    return parse_levels(specs, sides, strict=False)


@dataclass
class Entry:
    """A scenario file as the picker lists it: loaded, or the error that stops it."""

    key: str
    scenario: Scenario | None
    error: str = ""


def scan_scenarios() -> list[Entry]:
    """Every shipped scenario, broken ones included (with their error) so none vanish."""
    out: list[Entry] = []
    for p in scenario_files():
        try:
            s = load_scenario(p)
        except GameError as e:
            out.append(Entry(p.stem, None, str(e)))
            continue
        if not s.hidden:
            out.append(Entry(s.key, s))
    return sorted(out, key=lambda e: (e.scenario is None, e.scenario.name if e.scenario
                                      else e.key))


class PickerScene(Scene):
    """Choose a scenario and who plays each side, then Play."""

    def __init__(self, app: Host) -> None:
        super().__init__(app)
        self.size = app.screen.get_size()
        self.entries = scan_scenarios()
        items = [ListItem(e.scenario.name, e.scenario.description,
                          tag=FIRST_GAME if e.scenario.first_game else "") if e.scenario else
                 ListItem(f"{printable(e.key)} (cannot be opened)", e.error, enabled=False)
                 for e in self.entries]
        self.list = ListBox(items, on_select=self.select, on_activate=self.activate)
        self.list.lines = 2
        self.controllers: dict[str, dict[str, str]] = {}
        self.levels: dict[str, dict[str, str]] = {}
        """Each scenario's computer strength per side, as chosen here."""
        self.level_specs = list(app.level_specs)
        try:
            default_levels(self.level_specs, [])
        except GameError as e:  # a wrong --ai-level: said once, then normal everywhere
            app.error(str(e), "The computer's strength")
            self.level_specs = []
        self.level_buttons: list[Button] = []
        self.unfinished = saves.unfinished()
        self.autosave = self.unfinished[0] if self.unfinished else None
        """The unfinished game Resume opens (the chosen scenario's, else the last one)."""
        self.side_buttons: list[Button] = []
        self.play = Button("Play", self.play_selected, name="play", hint="Enter",
                           accent=ORANGE, primary=True)
        self.fixed: list[Button] = []
        self.play_drawn = False
        """Whether the last frame had room for Play under the chosen scenario."""
        self.resume_button = Button("Resume", self.resume, name="resume", accent=ORANGE)
        if self.autosave is not None:
            self.fixed.append(self.resume_button)
        self.fixed += [Button("Open a saved game...", app.open_load_dialog, name="load",
                              hint="Ctrl+O", tip="A game saved with Ctrl+S, or an autosave."),
                       Button("Finished games...", app.open_history_dialog, name="history",
                              tip="Every game played to its end, to watch again."),
                       Button("Rules and demos...", app.show_demos, name="demos",
                              tip="Every rule with a worked example, shown on the table."),
                       Button("Learn to play...", self.show_lessons, name="learn",
                              tip="A short guided first game of each rule system."),
                       Button("Quit", app.quit, name="quit")]
        first = next((k for k, e in enumerate(self.entries) if e.scenario), None)
        if first is not None:
            self.list.selected = first
        self.select(first)

    # ---------------------------------------------------------------- actions
    @property
    def entry(self) -> Entry | None:
        k = self.list.selected
        return self.entries[k] if k is not None and 0 <= k < len(self.entries) else None

    def scenario_keys(self) -> list[str]:
        return [e.key for e in self.entries if e.scenario]

    def select(self, k: int | None) -> None:
        e = self.entries[k] if k is not None else None
        self._choose_resume(e)
        self.side_buttons = []
        self.level_buttons = []
        if e is None or e.scenario is None:
            if e is not None:
                self.app.error(e.error, "This scenario cannot be opened")
            self._relayout()
            return
        ctl = self.controllers.setdefault(e.key, {
            s: saves.HUMAN if i == 0 else saves.COMPUTER
            for i, s in enumerate(e.scenario.sides)})
        self.levels.setdefault(e.key, default_levels(self.level_specs, list(e.scenario.sides)))
        for side in e.scenario.sides:
            def flip(side: str = side) -> None:
                ctl[side] = saves.COMPUTER if ctl[side] == saves.HUMAN else saves.HUMAN
                self._label_sides()

            def turn(side: str = side) -> None:
                self.next_level(side)
            self.side_buttons.append(Button("", flip, name=f"side:{side}",
                                            number=str(len(self.side_buttons) + 1)))
            self.level_buttons.append(Button("", turn, name=f"level:{side}", tip=LEVEL_TIP))
        self._label_sides()
        self._relayout()

    @property
    def all_buttons(self) -> list[Button]:
        return [*self.side_buttons, *self.level_buttons, self.play, *self.fixed]

    def offers_levels(self) -> bool:
        """Whether the chosen scenario's computer has strengths to choose from (its
        ruleset has a player of its own)."""
        e = self.entry
        return e is not None and e.scenario is not None and has_player(e.scenario.ruleset)

    def next_level(self, side: str) -> None:
        """The next strength (easy, normal, hard, easy...) for a side the computer plays;
        a human's side says how to hand it to the computer first."""
        e = self.entry
        if e is None or e.scenario is None or not self.offers_levels():
            return
        if self.controllers[e.key][side] == saves.HUMAN:
            n = list(e.scenario.sides).index(side) + 1
            self.app.toasts.show(f"A human plays {e.scenario.sides[side]}: press {n} to "
                                 "hand the side to the computer, then Shift+" f"{n} sets "
                                 "its strength.", ORANGE)
            return
        lv = self.levels[e.key]
        lv[side] = LEVELS[(LEVELS.index(lv[side]) + 1) % len(LEVELS)]
        self._label_sides()

    def button(self, name: str) -> Button | None:
        return next((b for b in self.all_buttons if name in (b.name, b.label)), None)

    def _label_sides(self) -> None:
        e = self.entry
        if e is None or e.scenario is None:
            return
        ctl = self.controllers[e.key]
        levels = self.levels[e.key]
        offered = self.offers_levels()
        for b, lb, side in zip(self.side_buttons, self.level_buttons, e.scenario.sides,
                               strict=True):
            b.label = "Human" if ctl[side] == saves.HUMAN else "Computer"
            b.accent = SKY if ctl[side] == saves.HUMAN else ORANGE
            lb.label = levels[side].capitalize()
            lb.accent = LEVEL_COLOURS[levels[side]]
            lb.enabled = offered and ctl[side] == saves.COMPUTER

    def activate(self, k: int) -> None:
        self.list.selected = k
        self.play_selected()

    def play_selected(self) -> None:
        e = self.entry
        if e is None:
            return
        if e.scenario is None:
            self.app.error(e.error, "This scenario cannot be opened")
            return
        self.app.guard(self.app.new_match, str(e.scenario.path), dict(self.controllers[e.key]),
                       None, dict(self.levels[e.key]))

    def _choose_resume(self, e: Entry | None) -> None:
        """Resume offers the chosen scenario's unfinished game, else the last one left."""
        if not self.unfinished:
            return
        name = e.scenario.name if e is not None and e.scenario is not None else None
        self.autosave = next((i for i in self.unfinished if i.scenario == name),
                             self.unfinished[0])
        a = self.autosave
        turn = f", turn {a.turn}" if a.turn is not None else ""
        self.resume_button.label = f"Resume {a.scenario}{turn}"
        where = a.title().removeprefix("Autosave: ")
        self.resume_button.tip = (f"Back to the unfinished game {where}, as it was left" + (
                                      f" ({len(self.unfinished)} unfinished games are kept, "
                                      "one per scenario: choose a scenario to resume its own)"
                                      if len(self.unfinished) > 1 else "."))

    @staticmethod
    def system_title(s: Scenario) -> str:
        """The name of a scenario's rule system ("Melee on heights"), without importing
        the rule system (the first screen does not need it)."""
        from game.rules import ruleset_title

        return ruleset_title(s.ruleset)

    def show_lessons(self) -> None:
        """Learn to play: the lessons' list (imported when asked: not at start-up)."""
        from game.ui.scenes.lessons import show_lessons

        show_lessons(self.app)

    def resume(self) -> None:
        self.app.resume(self.autosave.path if self.autosave is not None else None)

    # ---------------------------------------------------------------- loop
    def handle(self, e: pygame.event.Event) -> None:
        if e.type == pygame.KEYDOWN and e.key in (pygame.K_RETURN, pygame.K_KP_ENTER):
            self.play_selected()
            return
        if e.type == pygame.KEYDOWN and pygame.K_1 <= e.key <= pygame.K_9:
            n = e.key - pygame.K_1  # the number on a side's Human/Computer switch
            if n < len(self.side_buttons) and e.mod & pygame.KMOD_SHIFT:
                self.level_buttons[n].on_click()  # Shift: the computer's strength
            elif n < len(self.side_buttons):
                self.side_buttons[n].on_click()
            return
        if self.list.handle(e):
            return
        for b in self.all_buttons:
            if b.handle(e):
                return

    def escape(self) -> None:
        self.app.confirm("Quit?", "Close Skirmish Table?", "Quit", self.app.quit)

    def help_rows(self) -> list[tuple[str, str]]:
        return [("Click / Up, Down", "choose a scenario"),
                ("Double-click / Enter", "play it"),
                ("Human / Computer, 1-9", "click it or press its number to switch who "
                                          "plays a side"),
                ("Easy / Normal / Hard, Shift+1-9", "the computer's strength for a side it "
                                                    "plays: click it or press Shift and the "
                                                    "side's number"),
                ("Mouse wheel", "scroll the list")]

    def resize(self, size: tuple[int, int]) -> None:
        self.size = size
        self._relayout()

    def _relayout(self) -> None:
        """The list left, the chosen scenario right with Play at its foot, and the other
        buttons in one row along the bottom (so nothing is cut off in a small window)."""
        w, h = self.size
        margin = 40 if w >= 1000 else 20
        top = 130 if h >= 600 else 112
        row_y = h - 50
        left_w = max(300, int(w * 0.46)) if w >= 1000 else 330  # (narrow: room for
        # each side's name, strength and switch on one row)
        self.list.rect = pygame.Rect(margin, top, left_w, row_y - 14 - top)
        self.detail = pygame.Rect(margin + left_w + 24, top, w - left_w - 24 - 2 * margin,
                                  row_y - 14 - top)
        x = self.detail.x + 20
        bw = self.detail.w - 40
        self.play.rect = pygame.Rect(x, self.detail.bottom - 60, bw, 44)
        self.play_top = self.play.rect.top
        gap = 10
        room = w - 2 * margin - gap * (len(self.fixed) - 1)
        for b in self.fixed:  # the long words where the row has room for them all
            b.label = LONG.get(b.name, b.label)
        widths = [max(120, self.app.fonts.body.size(b.label)[0] + 60) for b in self.fixed]
        if sum(widths) > room:  # a narrow window: the short words (the tip says them whole)
            for b in self.fixed:
                if b.name in SHORT:
                    b.label = SHORT[b.name]
            widths = [max(90, self.app.fonts.body.size(b.label)[0] + 40) for b in self.fixed]
        scale = min(1.0, room / max(1, sum(widths)))
        bx = margin
        for b, bw_ in zip(self.fixed, widths, strict=True):
            b.rect = pygame.Rect(bx, row_y, int(bw_ * scale), 36)
            bx += int(bw_ * scale) + gap

    # ---------------------------------------------------------------- draw
    def draw(self, surface: pygame.Surface) -> None:
        f = self.app.fonts
        surface.fill(BG)
        mouse = pygame.mouse.get_pos()
        surface.blit(f.render(f.title, "Skirmish Table", TEXT), (40, 34))
        surface.blit(f.render(f.body, "Miniature skirmishes on a digital table. Choose a "
                              "scenario and who plays each side.", DIM), (42, 84))
        self.list.draw(surface, f, mouse)
        draw_panel(surface, self.detail)
        e = self.entry
        x, y = self.detail.x + 20, self.detail.y + 16
        width = self.detail.w - 40
        if e is not None and e.scenario is not None:
            s = e.scenario
            surface.blit(f.render(f.head, fit(f.head, s.name, width), TEXT), (x, y))
            y += 34
            if s.first_game:
                good = fit(f.small, f"A good first game of {self.system_title(s)}.", width)
                surface.blit(f.render(f.small, good, GREEN), (x, y - 4))
                y += 20
            head = f.render(f.bold, "Who plays each side", TEXT)
            keys = f"1-{len(s.sides)}" if len(s.sides) > 1 else "1"
            words = (f"click, or {keys}: who; Shift+{keys}: strength" if self.offers_levels()
                     else f"click or press {keys} to switch")
            hint = f.render(f.small, words, DIM)
            narrow = head.get_width() + hint.get_width() + 12 > width
            sides_h = 46 + 42 * len(s.sides) + (head.get_height() if narrow else 0)
            room = (self.play_top - 10 - sides_h - y) // f.body.get_linesize()
            lines = wrap(f.body, s.description or "(no description)", width)
            if len(lines) > room:
                lines = lines[:max(0, room - 1)] + [fit(f.body, " ".join(lines[max(0, room - 1):]),
                                                        width)] if room > 0 else []
            for ln in lines[:6]:
                surface.blit(f.render(f.body, ln, DIM), (x, y))
                y += f.body.get_linesize()
            y += 10
            surface.blit(head, (x, y))
            if not narrow:
                surface.blit(hint, (x + width - hint.get_width(), y + 2))
            else:  # a narrow panel: the hint on the next line
                y += head.get_height()
                surface.blit(hint, (x, y))
            y += 32
            y = self._draw_sides(surface, s, x, y, width, mouse)
            self.play.enabled = True
        else:
            self.play.enabled = False
            msg = e.error if e is not None else "No scenarios found in the maps folder."
            for ln in wrap(f.body, msg, width):
                surface.blit(f.render(f.body, ln, VERMILLION), (x, y))
                y += f.body.get_linesize()
        self.play_drawn = y < self.play_top
        if self.play_drawn:
            self.play.draw(surface, f, mouse)
        for b in self.fixed:
            b.draw(surface, f, mouse)
        hint = f.render(f.small, "F1: keys and mouse", FAINT)
        last = self.fixed[-1].rect if self.fixed else pygame.Rect(0, 0, 0, 0)
        if surface.get_width() - hint.get_width() - 20 > last.right + 10:
            surface.blit(hint, (surface.get_width() - hint.get_width() - 20,
                                surface.get_height() - 40))
        draw_tooltip(surface, f, [*self.fixed, *self.level_buttons], mouse)

    def _draw_sides(self, surface: pygame.Surface, s: Scenario, x: int, y: int, width: int,
                    mouse: tuple[int, int]) -> int:
        """A row per side: its mark and name, the computer's strength where the computer
        plays it, and the Human/Computer switch; the y below the rows."""
        f = self.app.fonts
        level_w = max(f.body.size(lv.capitalize())[0] for lv in LEVELS) + 26
        switch_w = f.body.size("Computer")[0] + f.small.size("9")[0] + 44
        if width >= 420:  # room to spare: the switches as wide as they always were
            switch_w, level_w = max(switch_w, 170), max(level_w, 100)
        for i, (b, lb, name) in enumerate(zip(self.side_buttons, self.level_buttons,
                                              s.sides.values(), strict=True)):
            draw_mark(surface, i, (x + 10, y + 17), 20)
            b.rect = pygame.Rect(x + width - switch_w, y, switch_w, 34)
            lb.rect = (pygame.Rect(b.rect.x - 6 - level_w, y, level_w, 34) if lb.enabled
                       else pygame.Rect(0, 0, 0, 0))
            right = lb.rect.x if lb.enabled else b.rect.x
            surface.blit(f.render(f.body, fit(f.body, name, right - 8 - x - 30), TEXT),
                         (x + 30, y + 6))
            b.draw(surface, f, mouse)
            if lb.enabled:
                lb.draw(surface, f, mouse)
            y += 42
        return y
