"""The army sheet (K-2, K-11): a side builds its army from the gear tables before play.

It opens over a match in the army phase. Each mini of the army is a row: its name, its
armour (click to change), a toggle per weapon, explosives and medkits with - and +, and
the points it carries against what it may (the hero 10, the others 5). The gear tables
are shown beside it as in the rule book. "Field this army" sends the sheet to the match
(``BuildArmy``, which the rules judge); Cancel goes back to the table. The sheet starts
from the side's ready army. Its columns fit the window: in a narrow one the weapons'
names head their columns over plain check boxes, and the gear tables show only where
they have room (every button's tip says what it is).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

import pygame

from game.rules.hero.actions import BuildArmy
from game.rules.hero.queries import HeroQueries, MiniSpec, load_data
from game.ui.controllers.hero_words import crit_words, dice_words
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
    draw_tooltip,
    fit,
    wrap,
)

if TYPE_CHECKING:
    from game.ui.scenes.base import Host

ROW_H = 44
PLAIN_WEAPONS = ("melee", "light", "medium", "heavy", "sniper")
SHORT_WEAPONS = {"medium": "med", "sniper": "snip", "heavy": "hvy", "light": "lgt"}
"""Weapon toggles on a narrow sheet (each button's tip names the weapon in full)."""
GEAR_W = 1100
"""The width the gear tables need (both, side by side)."""
COUNT_W = 108
"""A "- n +" counter and the gap after it."""


def weapon_tip(wkey: str) -> str:
    """A weapon toggle's tip: its cost and its line of the gear table (K-11), with its
    critical (K-6)."""
    w = load_data().weapons[wkey]
    return (f"{w.name}: carry it or not ({w.cost} point{'s' * (w.cost != 1)}). Hit "
            f"{w.hit}, damage {dice_words(w)}, range {w.range_text}; critical (the highest "
            f"attack roll): {crit_words(w)} (K-11, K-6)")


def armour_label(name: str) -> str:
    """An armour's name in its column (headed Armour): "Medium", "Heavy", "None"."""
    if name.lower() == "no armour":
        return "None"
    return name[:-len(" armour")] if name.lower().endswith(" armour") else name


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

    def __init__(self, app: Host, match_scene: Any, side: str) -> None:
        super().__init__(app)
        self.back = match_scene
        self.match = match_scene.m
        self.side = side
        q = self.match.ruleset.queries(self.match.state)
        assert isinstance(q, HeroQueries)
        ready = q.ready_army(side)
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

    def _intro(self) -> list[str]:
        """The sheet's instructions, wrapped to the window."""
        intro = (f"K-2: the hero carries 10 points of gear, every other mini 5; each side "
                 f"fields {len(self.rows)} minis, so both have the same total. Click the "
                 f"armour to change it, the weapons to carry them; explosives and medkits "
                 f"with - and +.")
        return wrap(self.app.fonts.body, intro, self.size[0] - 48)

    def _columns(self) -> tuple[int, int, int, dict[str, str]]:
        """Widths of the name, armour and weapon columns and the weapon buttons' labels,
        to fit the window: the weapons' names on their buttons if they fit, else on
        top of their columns over plain boxes (each button's tip names it in full)."""
        f = self.app.fonts
        d = load_data()
        avail = self.size[0] - 48 - 2 * COUNT_W - 16 - 5 * 4
        name_w = max(f.bold.size(r.name + (" (hero)" if r.hero else ""))[0]
                     for r in self.rows) + 16 + f.bold.size("10/10")[0]
        armour_w = max(f.body.size(armour_label(a.name))[0] for a in d.armour.values()) + 28
        labels = {k: k for k in PLAIN_WEAPONS}
        ww = max(f.body.size("[  ] " + t)[0] for t in labels.values()) + 24
        if name_w + armour_w + 5 * ww <= avail:
            return name_w, armour_w, ww, labels
        ww = max(f.body.size("[x] ")[0] + 20,
                 *(f.small.size(SHORT_WEAPONS.get(k, k))[0] + 6 for k in PLAIN_WEAPONS))
        name_w = max(100, min(name_w, avail - armour_w - 5 * ww))
        return name_w, armour_w, ww, dict.fromkeys(PLAIN_WEAPONS, "")

    def _build(self) -> None:
        d = load_data()
        self.buttons = []
        w, _h = self.size
        x0 = 24
        y = 150
        armour_keys = list(d.armour)
        self.count_x: dict[str, int] = {}
        name_w, armour_w, weapon_w, labels = self._columns()
        self.top = y = 66 + 22 * len(self._intro()) + 34
        self.name_w = name_w
        self.weapon_w = weapon_w
        self.weapon_heads = not any(labels.values())
        self.col_x = {"armour": x0 + name_w + 8, "weapons": x0 + name_w + armour_w + 16}
        for k, row in enumerate(self.rows):
            x = self.col_x["armour"]

            def cycle(row: Row = row) -> None:
                i = armour_keys.index(row.armour)
                row.armour = armour_keys[(i + 1) % len(armour_keys)]
                self._changed()

            b = Button(armour_label(d.armour[row.armour].name), cycle, name=f"armour:{k}",
                       accent=SKY, tip=f"{d.armour[row.armour].name}: click for the next "
                                       "armour (K-11)")
            b.rect = pygame.Rect(x, y, armour_w, 34)
            self.buttons.append(b)
            x = self.col_x["weapons"]
            for wkey in PLAIN_WEAPONS:
                def toggle(row: Row = row, wkey: str = wkey) -> None:
                    if wkey in row.weapons:
                        row.weapons.remove(wkey)
                    else:
                        row.weapons.append(wkey)
                    self._changed()
                t = Button(labels[wkey], toggle, toggled=wkey in row.weapons,
                           name=f"weapon:{k}:{wkey}",
                           tip=weapon_tip(wkey))
                t.rect = pygame.Rect(x, y, weapon_w, 34)
                self.buttons.append(t)
                x += weapon_w + 4
            x += 12
            for what, attr in (("explosive", "explosives"), ("medkit", "medkits")):
                self.count_x[what] = x + 32
                for sign, label, dx in ((-1, "-", 0), (1, "+", 66)):
                    def step(row: Row = row, attr: str = attr, sign: int = sign) -> None:
                        setattr(row, attr, max(0, getattr(row, attr) + sign))
                        self._changed()
                    s = Button(label, step, name=f"{what}:{k}:{label}")
                    s.rect = pygame.Rect(x + dx, y, 30, 34)
                    self.buttons.append(s)
                x += COUNT_W
            y += ROW_H
        self.rows_bottom = y
        why = self.why_not()
        self.field = Button("Field this army", self.field_army, name="field", accent=ORANGE,
                            primary=True, enabled=why is None, hint="Enter")
        self.cancel = Button("Back to the table", self.go_back, name="cancel", hint="Esc")
        self.ready = Button("Reset to the ready army", self.reset, name="reset",
                            tip="Start again from the side's ready army")
        bw = min(300, (w - 48 - 32) // 3)
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
        y = 66
        for ln in self._intro():
            surface.blit(f.render(f.body, ln, DIM), (26, y))
            y += 22
        head_y = self.top - 26
        heads = [("Mini", 24), ("Armour", self.col_x["armour"])]
        if self.weapon_heads:  # narrow: the weapons' names head their columns
            for k, wkey in enumerate(PLAIN_WEAPONS):
                word = wkey if f.small.size(wkey)[0] <= self.weapon_w - 4 else \
                    SHORT_WEAPONS.get(wkey, wkey)
                x = self.col_x["weapons"] + k * (self.weapon_w + 4)
                surface.blit(f.render(f.small, fit(f.small, word, self.weapon_w), DIM),
                             (x + 2, head_y))
        else:
            heads.append(("Weapons", self.col_x["weapons"]))
        for label, x in (*heads,
                         ("Explosives", self.count_x["explosive"] - 30),
                         ("Medkits", self.count_x["medkit"] - 26)):
            surface.blit(f.render(f.small, label, DIM), (x, head_y))
        spent = budget = 0
        for k, row in enumerate(self.rows):
            y = self.top + k * ROW_H
            spec = row.spec()
            cost, allow = spec.cost(), spec.allowance()
            spent += cost
            budget += allow
            colour = YELLOW if row.hero else TEXT
            over = cost > allow
            pts = f.render(f.bold, f"{cost}/{allow}", VERMILLION if over else GREEN)
            who = fit(f.bold, row.name + (" (hero)" if row.hero else ""),
                      self.name_w - pts.get_width() - 12)
            surface.blit(f.render(f.bold, who, colour), (24, y + 6))
            surface.blit(pts, (24 + self.name_w - pts.get_width(), y + 6))
            for what, n in (("explosive", row.explosives), ("medkit", row.medkits)):
                t = f.render(f.bold, str(n), TEXT)
                surface.blit(t, (self.count_x[what] + 17 - t.get_width() // 2, y + 6))
        mouse = pygame.mouse.get_pos()
        for b in self.buttons:
            b.draw(surface, f, mouse)
        y = self.rows_bottom + 8
        total = f.render(f.head, f"Total: {spent} of {budget} points", TEXT)
        surface.blit(total, (24, y))
        total_end = 24 + total.get_width()
        if self.message:
            for ln in wrap(f.body, self.message, surface.get_width() - 48):
                y += 26
                surface.blit(f.render(f.body, ln, VERMILLION), (24, y))
        # the gear tables (K-11), as in the rule book
        y = max(y + 28, self.rows_bottom + 44)
        box = pygame.Rect(24, y, surface.get_width() - 48, surface.get_height() - y - 64)
        rows = len(d.weapons) + 1
        step = min(22, (box.h - 44) // rows)
        if step >= f.small.get_height() - 4 and box.w >= GEAR_W:
            self._gear_tables(surface, box, step)
        else:  # beside the total, where nothing else is
            hint = "Gear tables (costs, dice, ranges, criticals): make the window larger."
            room = surface.get_width() - 24 - (total_end + 24)
            surface.blit(f.render(f.small, fit(f.small, hint, room), DIM),
                         (total_end + 24, self.rows_bottom + 14))
        draw_tooltip(surface, f, self.buttons, mouse)

    def _gear_tables(self, surface: pygame.Surface, box: pygame.Rect, step: int) -> None:
        """The armour and the weapons tables (K-11) in ``box``, ``step`` pixels a line."""
        f = self.app.fonts
        d = load_data()
        draw_panel(surface, box, PANEL)
        x = box.x + 12
        ty = box.y + 8
        surface.blit(f.render(f.bold, "Armour (K-11)", SKY), (x, ty))
        heads: tuple[tuple[str, int], ...] = (("", 0), ("Hit", 132), ("Absorb", 172),
                                              ("Speed", 237), ("Cost", 292))
        for label, dx in heads:
            surface.blit(f.render(f.small, label, DIM), (x + dx, ty + 20))
        for k, a in enumerate(d.armour.values()):
            yy = ty + 40 + k * step
            note = " hero only" if a.hero_only else ""
            for text, dx in ((a.name, 0), (str(a.hit), 132), (str(a.absorb), 172),
                             (str(a.speed), 237), (f"{a.cost}{note}", 292)):
                surface.blit(f.render(f.small, text, TEXT), (x + dx, yy))
        x = box.x + 410
        surface.blit(f.render(f.bold, "Weapons and items (K-11); a critical (K-6) is the "
                              "highest attack roll", SKY), (x, ty))
        heads = (("", 0), ("Hit", 124), ("Damage", 164), ("Range", 274), ("Cost", 324),
                 ("Critical", 364), ("", 564))
        for label, dx in heads:
            surface.blit(f.render(f.small, label, DIM), (x + dx, ty + 20))
        notes = {"melee": "ignores Absorb", "light": "fires twice",
                 "sniper": "not after moving", "explosive": "blast 5, used up (K-7)"}
        for k, w in enumerate(d.weapons.values()):
            yy = ty + 40 + k * step
            dmg = fit(f.small, dice_words(w).replace(", rounded", ",").replace(" of ", " "),
                      106)
            for text, dx in ((w.name, 0), (str(w.hit), 124), (dmg, 164),
                             (w.range_text, 274), (str(w.cost), 324),
                             (crit_words(w).replace(", armour ignored", ""), 364),
                             (notes.get(w.key, ""), 564)):
                surface.blit(f.render(f.small, text, TEXT if dx < 564 else DIM), (x + dx, yy))
        kit = d.items["medkit"]
        yy = ty + 40 + len(d.weapons) * step
        for text, dx in ((kit.name, 0), (str(kit.hit), 124), (f"{kit.success}+", 164),
                         (str(kit.range[1]), 274), (str(kit.cost), 324),
                         (f"heals {kit.heal}, used up", 364)):
            surface.blit(f.render(f.small, text, TEXT), (x + dx, yy))
