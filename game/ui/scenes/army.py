"""The army sheet (K-2, K-11): a side builds its army from the gear tables before play.

It opens over a match in the army phase. Each mini of the army is a row: its name, its
armour (click to change), a toggle per weapon, explosives and medkits with - and +, and
the points it carries against what it may (the hero 10, the others 5). The gear tables
are shown beside it as in the rule book. "Field this army" sends the sheet to the match
(``BuildArmy``, which the rules judge); Cancel goes back to the table. The sheet starts
from the side's ready army.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

import pygame

from game.rules.hero.actions import BuildArmy
from game.rules.hero.data import MiniSpec, load_data
from game.rules.hero.ruleset import TabletopHero
from game.ui.scenes.base import Scene
from game.ui.widgets import (
    BG,
    DIM,
    GREEN,
    ORANGE,
    PANEL,
    SKY,
    TEXT,
    VERMILLION,
    YELLOW,
    Button,
    draw_panel,
    wrap,
)

if TYPE_CHECKING:
    from game.ui.app import App

ROW_H = 44
PLAIN_WEAPONS = ("melee", "light", "medium", "heavy", "sniper")


@dataclass
class Row:
    """One mini on the sheet, editable."""

    name: str
    kind: str
    hero: bool
    armour: str
    weapons: list[str] = field(default_factory=list)
    explosives: int = 0
    medkits: int = 0

    def spec(self) -> MiniSpec:
        return MiniSpec(self.name, self.kind, self.hero, self.armour,
                        tuple(self.weapons) + ("explosive",) * self.explosives, self.medkits)


class ArmyScene(Scene):
    """Build ``side``'s army, then go back to ``match_scene``."""

    def __init__(self, app: App, match_scene: Any, side: str) -> None:
        super().__init__(app)
        self.back = match_scene
        self.match = match_scene.m
        self.side = side
        rules = self.match.ruleset
        assert isinstance(rules, TabletopHero)
        self.rules = rules
        ready = self.match.state.options["_ready"][side]
        d = load_data()
        self.rows: list[Row] = []
        for spec in ready:
            plain = [w for w in spec.weapons if not d.weapons[w].explosive]
            self.rows.append(Row(spec.name, spec.kind, spec.hero, spec.armour, plain,
                                 len(spec.weapons) - len(plain), spec.medkits))
        self.size = app.screen.get_size()
        self.message = ""
        self._build()

    # ---------------------------------------------------------------- the sheet
    def sheet(self) -> tuple[tuple[str, str, bool, str, tuple[str, ...], int], ...]:
        """The army as ``BuildArmy`` sends it."""
        return tuple(r.spec().as_tuple() for r in self.rows)

    def why_not(self) -> str | None:
        return self.match.why_illegal(BuildArmy(self.side, self.sheet()))

    def _build(self) -> None:
        d = load_data()
        self.buttons = []
        w, _h = self.size
        x0 = 24
        y = 150
        armour_keys = list(d.armour)
        self.count_x: dict[str, int] = {}
        for k, row in enumerate(self.rows):
            x = x0 + 210

            def cycle(row: Row = row) -> None:
                i = armour_keys.index(row.armour)
                row.armour = armour_keys[(i + 1) % len(armour_keys)]
                self._changed()

            b = Button(f"{d.armour[row.armour].name}", cycle, name=f"armour:{k}",
                       accent=SKY)
            b.rect = pygame.Rect(x, y, 160, 34)
            self.buttons.append(b)
            x += 168
            for wkey in PLAIN_WEAPONS:
                def toggle(row: Row = row, wkey: str = wkey) -> None:
                    if wkey in row.weapons:
                        row.weapons.remove(wkey)
                    else:
                        row.weapons.append(wkey)
                    self._changed()
                t = Button(wkey, toggle, toggled=wkey in row.weapons, name=f"weapon:{k}:{wkey}")
                t.rect = pygame.Rect(x, y, 104, 34)
                self.buttons.append(t)
                x += 108
            for what, attr in (("explosive", "explosives"), ("medkit", "medkits")):
                self.count_x[what] = x + 32
                for sign, label, dx in ((-1, "-", 0), (1, "+", 66)):
                    def step(row: Row = row, attr: str = attr, sign: int = sign) -> None:
                        setattr(row, attr, max(0, getattr(row, attr) + sign))
                        self._changed()
                    s = Button(label, step, name=f"{what}:{k}:{label}")
                    s.rect = pygame.Rect(x + dx, y, 30, 34)
                    self.buttons.append(s)
                x += 118
            y += ROW_H
        self.rows_bottom = y
        why = self.why_not()
        self.field = Button("Field this army", self.field_army, name="field", accent=ORANGE,
                            primary=True, enabled=why is None, hint="Enter")
        self.cancel = Button("Back to the table", self.go_back, name="cancel", hint="Esc")
        self.ready = Button("Start again from the ready army", self.reset, name="reset")
        bw = 300
        self.field.rect = pygame.Rect(w - bw - 24, self.size[1] - 64, bw, 44)
        self.cancel.rect = pygame.Rect(w - 2 * bw - 40, self.size[1] - 60, bw, 36)
        self.ready.rect = pygame.Rect(w - 3 * bw - 56, self.size[1] - 60, bw, 36)
        self.buttons += [self.field, self.cancel, self.ready]
        self.message = why or ""

    def _changed(self) -> None:
        self._build()
        self.app.dirty = True

    def reset(self) -> None:
        fresh = ArmyScene(self.app, self.back, self.side)
        self.rows = fresh.rows
        self._changed()

    def field_army(self) -> None:
        why = self.why_not()
        if why is not None:
            self.message = why
            return
        self.app.switch(self.back)
        self.back.act(BuildArmy(self.side, self.sheet()))

    def go_back(self) -> None:
        self.app.switch(self.back)

    # ---------------------------------------------------------------- loop
    def handle(self, e: pygame.event.Event) -> None:
        if e.type == pygame.KEYDOWN and e.key in (pygame.K_RETURN, pygame.K_KP_ENTER):
            self.field_army()
            return
        super().handle(e)

    def escape(self) -> None:
        self.go_back()

    def resize(self, size: tuple[int, int]) -> None:
        self.size = size
        self._build()

    def help_rows(self) -> list[tuple[str, str]]:
        return [("Armour button", "change the mini's armour"),
                ("Weapon buttons", "carry that weapon or not"),
                ("- / +", "explosives (several may be carried) and medkits"),
                ("Enter", "field this army"), ("Esc", "back to the table")]

    def draw(self, surface: pygame.Surface) -> None:
        f = self.app.fonts
        d = load_data()
        surface.fill(BG)
        name = self.match.side_name(self.side)
        surface.blit(f.render(f.title, f"Build the army: {name}", TEXT), (24, 18))
        size = len(self.rows)
        intro = (f"K-2: the hero carries 10 points of gear, every other mini 5; each side "
                 f"fields {size} minis, so both have the same total. Click the armour to "
                 f"change it, the weapons to carry them; explosives and medkits with - "
                 f"and +.")
        y = 66
        for ln in wrap(f.body, intro, surface.get_width() - 48):
            surface.blit(f.render(f.body, ln, DIM), (26, y))
            y += 22
        head_y = 124
        for label, x in (("Mini", 24), ("Armour", 234), ("Weapons", 402),
                         ("Explosives", self.count_x["explosive"] - 30),
                         ("Medkits", self.count_x["medkit"] - 26)):
            surface.blit(f.render(f.small, label, DIM), (x, head_y))
        spent = budget = 0
        for k, row in enumerate(self.rows):
            y = 150 + k * ROW_H
            spec = row.spec()
            cost, allow = spec.cost(), spec.allowance()
            spent += cost
            budget += allow
            colour = YELLOW if row.hero else TEXT
            surface.blit(f.render(f.bold, row.name + (" (hero)" if row.hero else ""), colour),
                         (24, y + 6))
            over = cost > allow
            surface.blit(f.render(f.bold, f"{cost}/{allow}", VERMILLION if over else GREEN),
                         (24 + 190 - f.bold.size(f"{cost}/{allow}")[0], y + 6))
            for what, n in (("explosive", row.explosives), ("medkit", row.medkits)):
                t = f.render(f.bold, str(n), TEXT)
                surface.blit(t, (self.count_x[what] + 17 - t.get_width() // 2, y + 6))
        mouse = pygame.mouse.get_pos()
        for b in self.buttons:
            b.draw(surface, f, mouse)
        y = self.rows_bottom + 8
        surface.blit(f.render(f.head, f"Total: {spent} of {budget} points", TEXT), (24, y))
        if self.message:
            for ln in wrap(f.body, self.message, surface.get_width() - 48):
                y += 26
                surface.blit(f.render(f.body, ln, VERMILLION), (24, y))
        # the gear tables (K-11), as in the rule book
        y = max(y + 40, self.rows_bottom + 70)
        box = pygame.Rect(24, y, surface.get_width() - 48, surface.get_height() - y - 80)
        if box.h < 80:
            return
        draw_panel(surface, box, PANEL)
        x = box.x + 14
        ty = box.y + 10
        surface.blit(f.render(f.bold, "Armour (K-11)", SKY), (x, ty))
        heads: tuple[tuple[str, int], ...] = (("", 0), ("Hit", 130), ("Absorb", 190),
                                              ("Speed", 260), ("Cost", 330))
        for label, dx in heads:
            surface.blit(f.render(f.small, label, DIM), (x + dx, ty + 24))
        for k, a in enumerate(d.armour.values()):
            yy = ty + 46 + k * 22
            note = " hero only" if a.hero_only else ""
            for text, dx in ((a.name, 0), (str(a.hit), 130), (str(a.absorb), 190),
                             (str(a.speed), 260), (f"{a.cost}{note}", 330)):
                surface.blit(f.render(f.small, text, TEXT), (x + dx, yy))
        x = box.x + 470
        surface.blit(f.render(f.bold, "Weapons and items (K-11)", SKY), (x, ty))
        heads = (("", 0), ("Hit", 130), ("Damage", 185), ("Range", 260), ("Cost", 325),
                 ("", 375))
        for label, dx in heads:
            surface.blit(f.render(f.small, label, DIM), (x + dx, ty + 24))
        notes = {"melee": "ignores Absorb", "light": "fires twice, damage halved up",
                 "sniper": "not after moving", "explosive": "blast 5, consumed (K-7)"}
        for k, w in enumerate(d.weapons.values()):
            yy = ty + 46 + k * 22
            for text, dx in ((w.name, 0), (str(w.hit), 130), (str(w.damage), 185),
                             (w.range_text, 260), (str(w.cost), 325),
                             (notes.get(w.key, ""), 375)):
                surface.blit(f.render(f.small, text, TEXT if dx < 375 else DIM), (x + dx, yy))
        kit = d.items["medkit"]
        yy = ty + 46 + len(d.weapons) * 22
        for text, dx in ((kit.name, 0), (str(kit.hit), 130), (f"{kit.success}+", 185),
                         (str(kit.range[1]), 260), (str(kit.cost), 325),
                         (f"heals {kit.heal}, used up", 375)):
            surface.blit(f.render(f.small, text, TEXT if dx < 375 else DIM), (x + dx, yy))
