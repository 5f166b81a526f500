"""The rules browser: every demo, grouped under its rule system's name and in rule order
within it, with what the rule says; pick one to watch it (Esc there comes back to the
list where it was)."""

from __future__ import annotations

import pygame

from game.rules import get_ruleset
from game.rules.demos import Demo, list_demos
from game.ui.listbox import ListItem
from game.ui.scenes.base import Host
from game.ui.scenes.browse import BrowseScene, text_block, title_block
from game.ui.widgets import (
    DIM,
    ORANGE,
    Button,
    fit,
)


def system_of(demo: Demo) -> str:
    """The name of the rule system a demo shows ("Melee on heights")."""
    return str(get_ruleset(demo.scenario.ruleset).title)


def group_by_system(demos: list[Demo]) -> list[tuple[str, list[Demo]]]:
    """``demos`` under their rule systems' names (in the names' order), each group in the
    order given (rule order)."""
    groups: dict[str, list[Demo]] = {}
    for d in demos:
        groups.setdefault(system_of(d), []).append(d)
    return sorted(groups.items())


class DemosScene(BrowseScene):
    """Choose a rule and watch it shown on the table, step by step."""

    title = "Rules and demos"
    intro = ("Each rule with a worked example, set up on the table and played step by step "
             "with its dice.")
    empty = "No demos found in maps/demos."
    list_min = 360

    def __init__(self, app: Host) -> None:
        self.rows: list[Demo | None] = []
        """The demo of each row of the list (None: a rule system's heading)."""
        items: list[ListItem] = []
        for system, demos in group_by_system(list_demos()):
            items.append(ListItem(system, heading=True))
            self.rows.append(None)
            for d in demos:
                items.append(ListItem(f"{d.rule}  {d.title}",
                                      d.scenario.name.removeprefix("Demo: ")))
                self.rows.append(d)
        self.demos: list[Demo] = [d for d in self.rows if d is not None]
        self.show = Button("Show this rule", self.show_selected, name="show", hint="Enter",
                           accent=ORANGE, primary=True)
        super().__init__(app, items, self.show)
        first = next((k for k, d in enumerate(self.rows) if d is not None), None)
        if first is not None:
            self.list.selected = first

    @property
    def demo(self) -> Demo | None:
        k = self.list.selected
        return self.rows[k] if k is not None and 0 <= k < len(self.rows) else None

    def show_selected(self) -> None:
        d = self.demo
        if d is not None:  # Esc there comes back to this list, where it was
            self.app.guard(self.app.open_demo, d.key, self.come_back)

    def come_back(self) -> None:
        """Back from a demo: this very list, scrolled and chosen as it was left."""
        self.app.modals.clear()
        self.app.switch(self)

    def help_rows(self) -> list[tuple[str, str]]:
        return [("Click / Up, Down", "choose a rule"), ("Double-click / Enter", "show it"),
                ("Esc", "back to the scenarios")]

    def has_entry(self) -> bool:
        return self.demo is not None

    def draw_entry(self, surface: pygame.Surface, at: tuple[int, int], width: int,
                   limit: int) -> None:
        f = self.app.fonts
        d = self.demo
        assert d is not None
        x = at[0]
        y = title_block(surface, f, f"{d.rule}: {d.title}", at, width) + 4
        surface.blit(f.render(f.small, fit(f.small, system_of(d), width), DIM), (x, y))
        y += 26
        y = text_block(surface, f, d.text, (x, y), width, limit,
                       "(the demo shows it whole: Enter)")
        y += 10
        if y + 24 < limit:
            n = len(d.steps)
            surface.blit(f.render(f.small, f"{n} step{'s' if n != 1 else ''} on "
                                           f"{d.scenario.name}", DIM), (x, y))
