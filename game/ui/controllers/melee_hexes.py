"""The Melee-on-heights controller: the only UI code that knows its actions and figures.

It decides no rule: it asks the Match what is legal (``legal_actions``), asks the ruleset
where a figure can go (``move_options``) and whether and how well it can hit
(``attack_check``), turns clicks and keys into those actions, and words what the panel
and the hover tip say.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

import pygame

from game.core.match import Match
from game.core.places import Cell, Place
from game.core.ruleset import Action, PieceView
from game.rules.tft import combat
from game.rules.tft.data import load_data
from game.rules.tft.hexes import heights
from game.rules.tft.hexes.actions import Move
from game.rules.tft.hexes.ruleset import Jump, MeleeOnHeights, MoveOptions
from game.rules.tft.hexes.state import HexFigure, HexState
from game.ui.boards import Marks
from game.ui.controllers import ButtonSpec, Controller, Reply, Select, TipLine
from game.ui.scenes.dice_log import percent
from game.ui.widgets import (
    DIM,
    FAINT,
    GREEN,
    ORANGE,
    SKY,
    TEXT,
    VERMILLION,
    YELLOW,
    Colour,
)


@dataclass
class Legal:
    """Today's legal actions sorted by what the player does to choose them."""

    actions: list[Action] = field(default_factory=list)
    moves: dict[str, dict[int, Action]] = field(default_factory=dict)
    faces: dict[str, dict[int, Action]] = field(default_factory=dict)
    attacks: dict[str, Action] = field(default_factory=dict)
    """Target id -> Attack."""
    disengage: dict[int, Action] = field(default_factory=dict)
    retreats: dict[tuple[int, bool], Action] = field(default_factory=dict)
    other: list[Action] = field(default_factory=list)
    """Actions chosen with a button: defend, end movement, ready, pass, choose first..."""


def _fields(a: Action) -> dict[str, Any]:
    return {k: v for k, v in a.to_json().items() if k != "kind"}


def sort_legal(actions: list[Action]) -> Legal:
    out = Legal(actions)
    for a in actions:
        f = _fields(a)
        if a.kind == "move":
            out.moves.setdefault(f["figure"], {})[f["to"]] = a
        elif a.kind == "face":
            out.faces.setdefault(f["figure"], {})[f["facing"]] = a
        elif a.kind == "attack":
            out.attacks[f["target"]] = a
        elif a.kind == "disengage":
            out.disengage[f["to"]] = a
        elif a.kind == "retreat":
            out.retreats[(f["to"], bool(f["follow"]))] = a
        else:
            out.other.append(a)
    return out


def jump_text(j: Jump) -> str:
    """A jump's fall risk as on the board: '3d6 vs DX or 1d6'."""
    if j.band <= 1:
        return f"3d6 vs DX or {j.band}d6"
    return f"3d6 vs DX: {j.band - 1}d6 or {j.band}d6"


class MeleeHexController(Controller):
    """Melee on heights: move, face, attack, disengage, push back, by clicks and keys."""

    def __init__(self, match: Match[Any]) -> None:
        super().__init__(match)
        self.sorted = Legal()
        self.follow = True
        """Force retreats: the attacker follows into the hex it pushed from (F)."""
        self.reach_opts: MoveOptions | None = None
        """The selected figure's move options as last marked (the hover path uses them)."""

    # ---------------------------------------------------------------- state
    @property
    def rules(self) -> MeleeOnHeights:
        r = self.m.ruleset
        assert isinstance(r, MeleeOnHeights)
        return r

    @property
    def state(self) -> HexState:
        st = self.m.state
        assert isinstance(st, HexState)
        return st

    def figure(self, fid: str | None) -> HexFigure | None:
        return self.state.figures.get(fid) if fid else None

    def refresh(self, human: bool) -> None:
        super().refresh(human)
        self.sorted = sort_legal(self.legal)

    def focus(self) -> str | None:
        """The figure the phase is about: the one acting, or the one that may push back."""
        st = self.state
        acting = st.acting()
        if acting is not None:
            return acting.id
        if st.phase == "retreat" and st.retreats:
            return st.retreats[0][0]
        return None

    def pick_selection(self, selected: str | None, side: str | None) -> str | None:
        sel = self.figure(selected)
        if sel is not None and sel.side == side and self.sorted.moves.get(sel.id):
            return selected
        focus = self.focus()
        if focus is not None:
            return focus
        own = [f for f in self.state.figures.values() if f.side == side and f.active]
        movable = [f for f in own if self.sorted.moves.get(f.id)]
        pick = movable or own
        return pick[0].id if pick else None

    def selection_done(self, selected: str | None) -> bool:
        sel = self.figure(selected)
        return (self.state.phase == "movement" and sel is not None
                and sel.side == self.m.to_act()
                and not self.sorted.moves.get(sel.id) and not self.sorted.faces.get(sel.id))

    # ---------------------------------------------------------------- the board
    def marks(self, selected: str | None, hover: Place | None) -> Marks:
        st = self.state
        sel = self.figure(selected)
        marks = Marks()
        self.reach_opts = None
        phase = st.phase
        can_move = sel is not None and sel.active and sel.side == self.m.to_act() and (
            phase == "initiative" or bool(self.sorted.moves.get(sel.id)))
        if can_move and self.m.outcome() is None and sel is not None:
            opts = self.rules.move_options(st, sel.id)
            self.reach_opts = opts
            for c in opts.cells():
                cost = opts.cost(c)
                if cost is not None:
                    marks.reach[Cell(c)] = str(cost)
            marks.reach_ends = {Cell(c) for c in opts.reach.ends if Cell(c) in marks.reach}
            for c, j in opts.jumps.items():
                marks.warnings[Cell(c)] = jump_text(j)
        acting = st.acting()
        if phase == "action" and acting is not None:
            for tid in self.sorted.attacks:
                t = st.figures[tid]
                chk = self.rules.attack_check(st, acting.id, tid)
                marks.targets[Cell(t.cell)] = percent(chk.odds.p_hit) if chk.odds else "attack"
            for c in self.sorted.disengage:
                marks.targets[Cell(c)] = "back"
        if phase == "retreat":
            for (c, _follow) in self.sorted.retreats:
                marks.targets[Cell(c)] = "push"
        if sel is not None and sel.alive:
            marks.selected = Cell(sel.cell)
        shown = self.reach_opts
        if shown is not None and isinstance(hover, Cell) and hover.index in shown.cells():
            marks.path = tuple(Cell(c) for c in shown.path(hover.index))
        return marks

    def click(self, selected: str | None, place: Place, piece: str | None,
              button: int) -> Reply:
        """Left: select, move, attack, disengage or push back; right: face that hex."""
        if not isinstance(place, Cell):
            return None
        cell = place.index
        if button == 3:
            return self._right_click(selected, cell)
        st = self.state
        fig = st.figure_at(cell)
        sel = self.figure(selected)
        human = bool(self.legal)
        if not human:
            return Select(fig.id) if fig is not None else None
        phase = st.phase
        if phase == "movement":
            if sel is not None and cell in self.sorted.moves.get(sel.id, {}):
                return self.sorted.moves[sel.id][cell]
            if fig is not None:
                return Select(fig.id)
            if sel is not None and sel.side == self.m.to_act():
                return Move(sel.id, cell)  # illegal: the Match says why, nothing changes
            return None
        if phase == "action":
            acting = st.acting()
            if fig is not None and fig.id in self.sorted.attacks:
                return self.sorted.attacks[fig.id]
            if cell in self.sorted.disengage:
                return self.sorted.disengage[cell]
            if fig is not None and acting is not None and fig.side != acting.side:
                chk = self.rules.attack_check(st, acting.id, fig.id)
                return f"{acting.name} cannot attack {fig.name}: {chk.reason}"
            return Select(fig.id) if fig is not None else None
        if phase == "retreat":
            a = self.sorted.retreats.get((cell, self.follow)) or self.sorted.retreats.get(
                (cell, False))
            if a is not None:
                return a
        return Select(fig.id) if fig is not None else None

    def _right_click(self, selected: str | None, cell: int) -> Reply:
        """Right-click a neighbour of the selected figure: turn to face it."""
        sel = self.figure(selected)
        if sel is None:
            return None
        d = self.state.board.direction(sel.cell, cell)
        if d is None:
            return Select(None)
        a = self.sorted.faces.get(sel.id, {}).get(d)
        if a is not None:
            return a
        if d != sel.facing:
            return f"{sel.name} cannot turn now."
        return None

    def turn(self, selected: str | None, step: int) -> Reply:
        """Q / E: turn the selected figure one hexside left or right."""
        sel = self.figure(selected)
        if sel is None:
            return None
        a = self.sorted.faces.get(sel.id, {}).get((sel.facing + step) % 6)
        return a if a is not None else f"{sel.name} cannot turn now."

    def next_figure(self, selected: str | None) -> Reply:
        """N: the next figure of the side to act that can still move."""
        side = self.m.to_act()
        ids = [f.id for f in self.state.figures.values()
               if f.side == side and f.active and self.sorted.moves.get(f.id)]
        if not ids:
            return None
        k = (ids.index(selected) + 1) % len(ids) if selected in ids else 0
        return Select(ids[k])

    def key(self, selected: str | None, key: int) -> Reply:
        if key in (pygame.K_q, pygame.K_e):
            return self.turn(selected, +1 if key == pygame.K_q else -1)
        if key in (pygame.K_RETURN, pygame.K_KP_ENTER):
            return next((a for a in self.sorted.other if a.kind == "end_movement"), None)
        if key == pygame.K_n:
            return self.next_figure(selected)
        if key == pygame.K_f and self.state.phase == "retreat":
            self.toggle_follow()
            return ""
        return None

    def preview(self, action: Action) -> tuple[str | None, Place | None]:
        """Before a replayed move, disengage or push: the figure and the hex it goes to."""
        who, where = super().preview(action)
        to = action.to_json().get("to")
        if isinstance(to, int) and self.state.board.on_board(to):
            where = Cell(to)
        return who, where

    def toggle_follow(self) -> None:
        self.follow = not self.follow

    # ---------------------------------------------------------------- buttons
    def buttons(self, selected: str | None) -> list[ButtonSpec]:
        st = self.state
        out: list[ButtonSpec] = []
        sel = self.figure(selected)
        if st.phase == "action":
            acting = st.acting()
            for tid, a in self.sorted.attacks.items():
                t = st.figures[tid]
                assert acting is not None
                chk = self.rules.attack_check(st, acting.id, tid)
                odds = f" - {percent(chk.odds.p_hit)}" if chk.odds else ""
                out.append(ButtonSpec(f"Attack {t.name}{odds}", a, accent=VERMILLION,
                                      name=a.kind))
        if st.phase == "movement" and sel is not None:
            faces = self.sorted.faces.get(sel.id, {})
            left, right = (sel.facing + 1) % 6, (sel.facing - 1) % 6
            if left in faces:
                out.append(ButtonSpec("Turn left", faces[left], hint="Q", name="face"))
            if right in faces:
                out.append(ButtonSpec("Turn right", faces[right], hint="E", name="face"))
        for a in self.sorted.other:
            f = _fields(a)
            if a.kind == "defend" and f["figure"] != selected:
                continue
            hint = "Enter" if a.kind == "end_movement" else ""
            accent = ORANGE if a.kind in ("end_movement", "choose_first") else SKY
            out.append(ButtonSpec(self.action_label(a), a, accent=accent, hint=hint,
                                  name=a.kind))
        if st.phase == "retreat" and self.legal:
            can_follow = any(f for (_c, f) in self.sorted.retreats)
            out.insert(0, ButtonSpec("Follow into its hex", command=self.toggle_follow,
                                     toggled=self.follow, hint="F", name="follow",
                                     enabled=can_follow))
        return out

    def action_label(self, a: Action) -> str:
        f = _fields(a)
        st = self.state
        fig = st.figures.get(f.get("figure", ""))
        name = fig.name if fig is not None else ""
        match a.kind:
            case "choose_first":
                return f"{self.m.side_name(f['first'])} move first"
            case "end_movement":
                return "End movement"
            case "defend":
                return f"{name} defends (attackers roll 4 dice)"
            case "pass":
                return f"{name} keeps defending" if fig is not None and fig.defending \
                    else f"{name} does nothing"
            case "stand_up":
                return f"{name} stands up"
            case "pick_up":
                return f"{name} picks up the weapon"
            case "ready":
                w = load_data().weapons.get(f["weapon"])
                return f"Ready the {w.name if w else f['weapon']}"
            case "no_retreat":
                return "Do not push back"
        return self.m.describe(a)

    # ---------------------------------------------------------------- words
    def actor_text(self) -> str | None:
        a = self.state.acting()
        return a.name if a is not None else None

    def verb(self) -> str:
        return {"initiative": "chooses who moves first", "movement": "moves",
                "action": "acts", "retreat": "decides a push back"}.get(self.state.phase,
                                                                        "acts")

    def phase_line(self) -> str:
        st = self.state
        line = super().phase_line()
        if st.phase == "retreat" and st.retreats:
            a, t = (st.figures[i].name for i in st.retreats[0])
            line = (f"{a} may force {t} back one hex: click a 'push' hex, or 'Do not push "
                    "back' (T-8, H-13).")
        if st.phase == "action" and st.order:
            names = [st.figures[i].name for i in st.order[st.current:]]
            line = "Action order: " + " > ".join(names[:8])
            if st.current:
                line += f"   (done: {st.current})"
        return line

    def top_note(self) -> str:
        st = self.state
        if not st.initiative:
            return ""
        parts = [f"{self.m.side_name(s)} {v}" for s, v in st.initiative.items()]
        text = "Initiative: " + ", ".join(parts)
        if st.first:
            text += f"; {self.m.side_name(st.first)} moved first"
        return text

    def piece_rows(self, piece: PieceView) -> list[tuple[str, str]]:
        fig = self.figure(piece.id)
        if fig is None:
            return []
        d = load_data()
        rows: list[tuple[str, str]] = []
        base, mods = combat.adjusted_dx(fig)
        adj = base + sum(m.value for m in mods)
        dx = f"{base}" if not mods else f"{base}, adjusted {adj} (" + ", ".join(
            f"{m.value:+d} for {m.reason}" for m in mods) + ")"
        rows.append(("DX", dx))
        ma = heights.movement_allowance(fig)
        if self.state.phase == "movement" and fig.active:
            left = self.rules.move_options(self.state, fig.id).budget
            rows.append(("MA", f"{ma}, {left} MP left this turn"))
        else:
            rows.append(("MA", f"{ma}"))
        climb = f" (climbs {fig.climb_h})" if fig.climb_h != fig.h else ""
        rows.append(("Height", f"H {heights.height(fig)}{climb}, level "
                               f"{self.state.board.level(fig.cell)}"))
        w = combat.weapon_of(fig)
        others = [d.weapons[k].name for k in fig.weapons if k != fig.ready]
        rows.append(("Weapon", f"{w.name} {w.damage}" + (
            f"; carries {', '.join(others)}" if others else "")))
        gear = []
        if fig.armour:
            a = d.armour[fig.armour]
            gear.append(f"{a.name} (stops {a.stops})")
        if fig.shield:
            s = d.shields[fig.shield]
            gear.append(f"{s.name} (stops {s.stops})")
        rows.append(("Armour", ", ".join(gear) or "none"))
        return rows

    def piece_tags(self, piece: PieceView) -> list[tuple[str, Colour]]:
        fig = self.figure(piece.id)
        if fig is None:
            return super().piece_tags(piece)
        out: list[tuple[str, Colour]] = []
        if fig.status != "ok":
            out.append((fig.status, VERMILLION))
        elif fig.prone:
            out.append(("prone", ORANGE))
        if "engaged" in piece.tags:
            out.append(("engaged", YELLOW))
        if fig.defending:
            out.append(("defending", SKY))
        if fig.move_over and self.state.phase == "movement":
            out.append(("done moving", FAINT))
        if fig.acted and self.state.phase == "action":
            out.append(("has acted", FAINT))
        if fig.dx_penalty:
            out.append((f"hurt: {fig.dx_penalty:+d} DX", ORANGE))
        return out

    def place_text(self, place: Place) -> str | None:
        if not isinstance(place, Cell):
            return None
        board = self.state.board
        c = place.index
        text = f"Hex {board.label(c)}: level {board.level(c)}, {board.terrain_of(c)}"
        opts = self.reach_opts
        if opts is not None and c in opts.cells():
            text += f"; {opts.cost(c)} MP to get there"
            j = opts.jumps.get(c)
            if j is not None:
                text += (f". A jump down {j.levels} levels: {jump_text(j)}, "
                         f"{percent(j.p_standing)} to land standing (H-8)")
        return text

    def preview_actor(self, selected: str | None, target: PieceView) -> str | None:
        """Whose attack the hover shows: the acting figure, else the selected one."""
        st = self.state
        a = st.acting() or self.figure(selected)
        if a is None or a.side == target.side or not a.active:
            return None
        return a.id

    def tip(self, actor: str, target: str) -> list[TipLine] | None:
        """The hover text for ``actor`` attacking ``target``: can it, the odds, each
        modifier with its rule."""
        st = self.state
        a, t = st.figures[actor], st.figures[target]
        chk = self.rules.attack_check(st, a.id, t.id)
        lines = [TipLine(f"{a.name} attacks {t.name}", TEXT, True)]
        if chk.allowed:
            lines.append(TipLine("can attack now" if st.phase == "action" and
                                 st.acting() is a else "could attack from here", GREEN))
        else:
            lines.append(TipLine(f"cannot: {chk.reason}", VERMILLION))
        o = chk.odds
        if o is not None:
            lines.append(TipLine(f"{percent(o.p_hit)} to hit", YELLOW if chk.allowed else DIM,
                                 True))
            lines.append(TipLine(f"{o.dice}d6, needs {o.target} or less", TEXT))
            lines.append(TipLine(f"  DX {o.base}", DIM))
            for m in o.modifiers:
                rule = f" ({m.rule})" if m.rule else ""
                lines.append(TipLine(f"  {m.value:+d} for {m.reason}{rule}", DIM))
            lines.append(TipLine(f"{o.weapon}; armour stops {o.stops}", TEXT))
            lines.append(TipLine(f"~{o.expected_damage:.1f} damage, {percent(o.p_down)} to "
                                 "put it down", TEXT))
        return lines

    def help_rows(self) -> list[tuple[str, str]]:
        return [
            ("Left click", "select a figure; click a lit hex to move there"),
            ("Left click enemy", "attack it (action phase, when it is lit)"),
            ("Hover", "path and MP cost; over an enemy: chance to hit"),
            ("Q / E", "turn the selected figure left / right"),
            ("Right click", "turn to face that neighbouring hex"),
            ("N", "next figure that can still move"),
            ("Enter", "end movement for your side"),
            ("F", "force retreat: follow into the hex or not"),
        ]
