"""The army sheet (K-2, K-11): a side builds its army from the gear tables before play.

It opens over a match in the army phase. Each mini of the army is a row: its name, its
armour (click to change), a toggle per weapon, explosives and medkits with - and +, and
the points it carries against what it may (the hero 10, the others 5). The gear tables
are shown beside it as in the rule book. "Field this army" sends the sheet to the match
(``BuildArmy``, which the rules judge); Cancel goes back to the table. The sheet starts
from the side's ready army. Its columns fit the window: in a narrow one the weapons'
names head their columns over plain check boxes. Every column says what its gear costs
(the armour on its button, the weapons, explosives and medkits under their heads). The
gear tables (hit, damage, range, cost, critical) show under the minis where they have
room; where they have not (a small window), "Gear tables" (G) shows them in the minis'
place, and again goes back (every button's tip says what it is).
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
NARROW_COUNT_W = 100
"""The same on a narrow sheet (the minis' names keep their room)."""


def weapon_tip(wkey: str) -> str:
    """A weapon toggle's tip: its cost and its line of the gear table (K-11), with its
    critical (K-6)."""
    w = load_data().weapons[wkey]
    return (f"{w.name}: carry it or not ({w.cost} point{'s' * (w.cost != 1)}). Hit "
            f"{w.hit}, damage {dice_words(w)}, range {w.range_text}; critical (the highest "
            f"attack roll): {crit_words(w)} (K-11, K-6)")


def armour_label(name: str, cost: int | None = None) -> str:
    """An armour's name in its column (headed Armour): "Medium", "Heavy", "None"; with
    ``cost``, its points after it: "Medium (2)"."""
    if name.lower() == "no armour":
        short = "None"
    else:
        short = name[:-len(" armour")] if name.lower().endswith(" armour") else name
    return short if cost is None else f"{short} ({cost})"


def points(n: int) -> str:
    """A cost under a column's head: "1 pt", "3 pts"."""
    return f"{n} pt{'s' * (n != 1)}"


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
        self.tables = False
        """Whether the gear tables are shown in the minis' place (a small window)."""
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
        armour_w = max(f.body.size(armour_label(a.name, a.cost))[0]
                       for a in d.armour.values()) + 28
        labels = {k: k for k in PLAIN_WEAPONS}
        ww = max(f.body.size("[  ] " + t)[0] for t in labels.values()) + 24
        if name_w + armour_w + 5 * ww <= avail:
            self.count_w = COUNT_W
            return name_w, armour_w, ww, labels
        self.count_w = NARROW_COUNT_W
        avail += 2 * (COUNT_W - NARROW_COUNT_W)
        ww = max(f.body.size("[x] ")[0] + 20,
                 *(f.small.size(SHORT_WEAPONS.get(k, k))[0] + 6 for k in PLAIN_WEAPONS))
        name_w = max(90, min(name_w, avail - armour_w - 5 * ww))
        return name_w, armour_w, ww, dict.fromkeys(PLAIN_WEAPONS, "")

    def tables_below(self) -> bool:
        """Whether the gear tables fit under the minis (else "Gear tables" shows them in
        the minis' place)."""
        f = self.app.fonts
        room = self.size[1] - (self.rows_bottom + 44) - 64
        rows = len(load_data().weapons) + 1
        return self.size[0] - 48 >= GEAR_W and \
            min(22, (room - 44) // rows) >= f.small.get_height() - 4

    def toggle_tables(self) -> None:
        """G: the gear tables in the minis' place, or the minis again."""
        self.tables = not self.tables
        self._changed()

    def _build(self) -> None:
        d = load_data()
        self.buttons = []
        w, _h = self.size
        x0 = 24
        y = 150
        armour_keys = list(d.armour)
        self.count_x: dict[str, int] = {}
        name_w, armour_w, weapon_w, labels = self._columns()
        # a narrow sheet heads each weapon column with its name and, under it, its cost
        self.top = y = 66 + 22 * len(self._intro()) + 34 + (18 if not any(labels.values())
                                                               else 0)
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

            armour = d.armour[row.armour]
            b = Button(armour_label(armour.name, armour.cost), cycle, name=f"armour:{k}",
                       accent=SKY, tip=f"{armour.name} ({points(armour.cost)}; hit "
                                       f"{armour.hit}, absorbs {armour.absorb}, speed "
                                       f"{armour.speed}): click for the next armour (K-11)")
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
                plus = 66 if self.count_w == COUNT_W else 62  # narrow: a gap still after
                for sign, label, dx in ((-1, "-", 0), (1, "+", plus)):
                    def step(row: Row = row, attr: str = attr, sign: int = sign) -> None:
                        setattr(row, attr, max(0, getattr(row, attr) + sign))
                        self._changed()
                    s = Button(label, step, name=f"{what}:{k}:{label}")
                    s.rect = pygame.Rect(x + dx, y, 30, 34)
                    self.buttons.append(s)
                x += self.count_w
            y += ROW_H
        self.rows_bottom = y
        if self.tables:  # the tables in the minis' place: the minis' buttons go
            self.buttons = []
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
        self.gear: Button | None = None
        if self.tables or not self.tables_below():
            self.gear = Button("Back to the minis" if self.tables else "Gear tables",
                               self.toggle_tables, name="gear", hint="G", accent=SKY,
                               tip="The gear tables: each armour's and weapon's hit, damage, "
                                   "range, cost and critical (K-11, K-6)" if not self.tables
                               else "The minis' gear again")
            gw = min(260, w - 48 - self.app.fonts.head.size("Total: 00 of 00 points")[0] - 24)
            gy = min(self.rows_bottom + 2, self.field.rect.top - 32)  # over the bottom row
            self.gear.rect = pygame.Rect(w - 24 - gw, gy, gw, 30)
            self.buttons.append(self.gear)
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
        if e.type == pygame.KEYDOWN and e.key == pygame.K_g and self.gear is not None:
            self.toggle_tables()
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
                ("G", "the gear tables, where they do not fit under the minis"),
                ("Enter", "field this army"), ("Esc", "back to the table")]

    def draw(self, surface: pygame.Surface) -> None:
        f = self.app.fonts
        surface.fill(BG)
        name = self.match.side_name(self.side)
        surface.blit(f.render(f.title, f"Build the army: {name}", TEXT), (24, 18))
        mouse = pygame.mouse.get_pos()
        if self.tables:  # a small window: the tables in the minis' place
            self._gear_tables(surface, pygame.Rect(24, 66, surface.get_width() - 48,
                                                   self.rows_bottom - 70), stacked=True)
        else:
            y = 66
            said = wrap(f.body, self.message, surface.get_width() - 48) if self.message else []
            up = bool(said) and self.rows_bottom + 34 + 26 * len(said) > self.field.rect.top
            # a short window: what is wrong with the army in the instructions' place
            for ln in said if up else self._intro():
                surface.blit(f.render(f.body, ln, VERMILLION if up else DIM), (26, y))
                y += 22
            self._heads(surface)
            self._rows(surface)
        for b in self.buttons:
            b.draw(surface, f, mouse)
        spent = sum(r.spec().cost() for r in self.rows)
        budget = sum(r.spec().allowance() for r in self.rows)
        y = self.rows_bottom + 8
        surface.blit(f.render(f.head, f"Total: {spent} of {budget} points", TEXT), (24, y))
        said = wrap(f.body, self.message, surface.get_width() - 48) if self.message else []
        if said and self.rows_bottom + 34 + 26 * len(said) <= self.field.rect.top:
            for ln in said:
                y += 26
                surface.blit(f.render(f.body, ln, VERMILLION), (24, y))
        if not self.tables and self.tables_below():  # the gear tables as in the rule book
            y = max(y + 28, self.rows_bottom + 44)
            self._gear_tables(surface, pygame.Rect(24, y, surface.get_width() - 48,
                                                   surface.get_height() - y - 64))
        draw_tooltip(surface, f, self.buttons, mouse)

    def _heads(self, surface: pygame.Surface) -> None:
        """The columns' heads; on a narrow sheet each weapon's name heads its column, and
        under each gear's head its cost (K-11)."""
        f = self.app.fonts
        d = load_data()
        head_y = self.top - 26 - (18 if self.weapon_heads else 0)
        heads = [("Mini", 24), ("Armour (pts)", self.col_x["armour"])]
        if self.weapon_heads:  # narrow: the weapons' names head their columns
            for k, wkey in enumerate(PLAIN_WEAPONS):
                word = wkey if f.small.size(wkey)[0] <= self.weapon_w - 4 else \
                    SHORT_WEAPONS.get(wkey, wkey)
                x = self.col_x["weapons"] + k * (self.weapon_w + 4)
                for ln, text in enumerate((word, points(d.weapons[wkey].cost))):
                    surface.blit(f.render(f.small, fit(f.small, text, self.weapon_w), DIM),
                                 (x + 2, head_y + 18 * ln))
        else:
            costs = ", ".join(f"{k} {d.weapons[k].cost}" for k in PLAIN_WEAPONS)
            heads.append((f"Weapons (pts: {costs})", self.col_x["weapons"]))
        for label, x in heads:
            surface.blit(f.render(f.small, label, DIM), (x, head_y))
        under = self.top - 26 if self.weapon_heads else head_y
        for what, label, cost, x in (
                ("explosive", "Explosives", d.weapons["explosive"].cost,
                 self.count_x["explosive"] - 30),
                ("medkit", "Medkits", d.items["medkit"].cost, self.count_x["medkit"] - 26)):
            surface.blit(f.render(f.small, label, DIM), (x, head_y))
            each = f"{points(cost)} each" if what == "explosive" else points(cost)
            if self.weapon_heads:
                surface.blit(f.render(f.small, each, DIM), (x, under))
            else:
                surface.blit(f.render(f.small, f"({cost})", DIM),
                             (x + f.small.size(label + " ")[0], head_y))

    def _rows(self, surface: pygame.Surface) -> None:
        """Each mini's name, its points against what it may carry, its counts."""
        f = self.app.fonts
        for k, row in enumerate(self.rows):
            y = self.top + k * ROW_H
            spec = row.spec()
            cost, allow = spec.cost(), spec.allowance()
            colour = YELLOW if row.hero else TEXT
            pts = f.render(f.bold, f"{cost}/{allow}", VERMILLION if cost > allow else GREEN)
            room = self.name_w - pts.get_width() - 12
            who = row.name + " (hero)" if row.hero else row.name
            if f.bold.size(who)[0] > room:  # the hero's name stays whole: yellow says it
                who = row.name
            surface.blit(f.render(f.bold, fit(f.bold, who, room), colour), (24, y + 6))
            surface.blit(pts, (24 + self.name_w - pts.get_width(), y + 6))
            for what, n in (("explosive", row.explosives), ("medkit", row.medkits)):
                t = f.render(f.bold, str(n), TEXT)
                mid = (self.count_w - COUNT_W) // 2  # a narrow counter is a little shorter
                surface.blit(t, (self.count_x[what] + 17 + mid - t.get_width() // 2, y + 6))

    def _gear_tables(self, surface: pygame.Surface, box: pygame.Rect,
                     stacked: bool = False) -> None:
        """The armour and the weapons tables (K-11) in ``box``: side by side, or (on a
        narrow sheet) the weapons under the armour."""
        f = self.app.fonts
        d = load_data()
        lines = len(d.armour) + len(d.weapons) + 5 if stacked else len(d.weapons) + 3
        step = max(f.small.get_height() - 4, min(22, (box.h - 16) // lines))
        draw_panel(surface, box, PANEL)
        x = box.x + 12
        ty = box.y + 8
        surface.blit(f.render(f.bold, "Armour (K-11)", SKY), (x, ty))
        heads: tuple[tuple[str, int], ...] = (("", 0), ("Hit", 132), ("Absorb", 172),
                                              ("Speed", 237), ("Cost", 292))
        for label, dx in heads:
            surface.blit(f.render(f.small, label, DIM), (x + dx, ty + step))
        for k, a in enumerate(d.armour.values()):
            yy = ty + (2 + k) * step
            note = " hero only" if a.hero_only else ""
            for text, dx in ((a.name, 0), (str(a.hit), 132), (str(a.absorb), 172),
                             (str(a.speed), 237), (f"{a.cost}{note}", 292)):
                surface.blit(f.render(f.small, text, TEXT), (x + dx, yy))
        if stacked:
            ty += (len(d.armour) + 2) * step + 8
        else:
            x = box.x + 410
        title = "Weapons and items (K-11); a critical (K-6) is the highest attack roll"
        surface.blit(f.render(f.bold, fit(f.bold, title, box.right - x - 8), SKY), (x, ty))
        heads = (("", 0), ("Hit", 124), ("Damage", 164), ("Range", 274), ("Cost", 324),
                 ("Critical", 364), ("", 564))
        for label, dx in heads:
            surface.blit(f.render(f.small, label, DIM), (x + dx, ty + step))
        notes = {"melee": "ignores Absorb", "light": "fires twice",
                 "sniper": "not after moving", "explosive": "blast 5, used up (K-7)"}
        for k, w in enumerate(d.weapons.values()):
            yy = ty + (2 + k) * step
            dmg = fit(f.small, dice_words(w).replace(", rounded", ",").replace(" of ", " "),
                      106)
            note = fit(f.small, notes.get(w.key, ""), box.right - x - 564 - 8)
            for text, dx in ((w.name, 0), (str(w.hit), 124), (dmg, 164),
                             (w.range_text, 274), (str(w.cost), 324),
                             (crit_words(w).replace(", armour ignored", ""), 364),
                             (note, 564)):
                surface.blit(f.render(f.small, text, TEXT if dx < 564 else DIM), (x + dx, yy))
        kit = d.items["medkit"]
        yy = ty + (2 + len(d.weapons)) * step
        for text, dx in ((kit.name, 0), (str(kit.hit), 124), (f"{kit.success}+", 164),
                         (str(kit.range[1]), 274), (str(kit.cost), 324),
                         (f"heals {kit.heal}, used up", 364)):
            surface.blit(f.render(f.small, text, TEXT), (x + dx, yy))
