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
from game.rules.tft.hexes import heights, melee, missiles, terrain
from game.rules.tft.hexes.actions import JumpDown, Move
from game.rules.tft.hexes.ruleset import AttackCheck, Jump, MeleeOnHeights, MoveOptions
from game.rules.tft.hexes.state import HexFigure, HexState
from game.ui.boards.hexes import HexMarks, SightMark
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
    jumps: dict[str, dict[int, list[Action]]] = field(default_factory=dict)
    """Figure -> cell -> the JumpDown actions into it (one per hex it may jump from)."""
    leaps: dict[str, dict[int, Action]] = field(default_factory=dict)
    climbs: dict[str, dict[int, dict[bool, Action]]] = field(default_factory=dict)
    faces: dict[str, dict[int, Action]] = field(default_factory=dict)
    attacks: dict[str, Action] = field(default_factory=dict)
    """Target id -> Attack (or Swipe, H-17)."""
    shots: dict[str, Action] = field(default_factory=dict)
    """Target id -> Shoot (H-18)."""
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
        elif a.kind == "jump_down":
            out.jumps.setdefault(f["figure"], {}).setdefault(f["to"], []).append(a)
        elif a.kind == "leap":
            out.leaps.setdefault(f["figure"], {})[f["to"]] = a
        elif a.kind == "climb":
            out.climbs.setdefault(f["figure"], {}).setdefault(f["to"], {})[f["more"]] = a
            out.other.append(a)
        elif a.kind == "face":
            out.faces.setdefault(f["figure"], {})[f["facing"]] = a
        elif a.kind in ("attack", "swipe"):
            out.attacks[f["target"]] = a
        elif a.kind == "shoot":
            out.shots[f["target"]] = a
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


def sight_mark(board: Any, state: HexState, chk: AttackCheck) -> SightMark | None:
    """The board's drawing of a shot's line of fire (H-18)."""
    line = chk.line
    if line is None:
        return None
    pts: list[tuple[int, float, str]] = []
    occ = state.occupied()
    for c, z in line.cells:
        kind = "clear"
        if line.blocked_at == c:
            kind = "blocked"
        elif c in occ and occ[c].id in line.in_way:
            kind = "in_way"
        elif c in occ and occ[c].id in line.over:
            kind = "over"
        pts.append((c, z, kind))
    band, dx = missiles.range_band(line.distance)
    label = f"{line.distance} hexes, band {band + 1}" + (f", {dx:+d} DX" if dx else "")
    if chk.p_target is not None and chk.allowed:
        label += f": {percent(chk.p_target)}"
    shooter = state.figures[line.shooter]
    target = state.figures[line.target]
    return SightMark(shooter.cell, line.eye, target.cell, line.chest, tuple(pts), label)


class MeleeHexController(Controller):
    """Melee on heights: move, face, attack, disengage, push back, by clicks and keys."""

    def __init__(self, match: Match[Any]) -> None:
        super().__init__(match)
        self.sorted = Legal()
        self.follow = True
        """Force retreats: the attacker follows into the hex it pushed from (F)."""
        self.reach_opts: MoveOptions | None = None
        """The selected figure's move options as last marked (the hover path uses them)."""
        self.way = 0
        """Which way into the hovered hex is shown and taken: 0 the walk (or the first
        jump if no walk gets there), then each jump (J cycles)."""
        self.way_cell: int | None = None
        self.view_sight = False
        """The line-of-sight view (V): hexes the selected figure sees and is seen from."""
        self.view_threat = False
        """The threat view (T): hexes an enemy could strike this turn."""
        self._cache: dict[object, Any] = {}

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
        """Done when it can move no more and no enemy is beside it (facing is free all
        movement long, T-5, but matters only near an enemy)."""
        sel = self.figure(selected)
        if (self.state.phase != "movement" or sel is None or sel.side != self.m.to_act()
                or self.sorted.moves.get(sel.id) or self.sorted.jumps.get(sel.id)
                or self.sorted.climbs.get(sel.id)):
            return False
        st = self.state
        return not any(heights.adjacent_figures(st.board, sel, e)
                       for e in st.figures.values() if e.side != sel.side and e.active)

    # ---------------------------------------------------------------- the board
    def ways(self, sel: HexFigure, cell: int) -> list[Action]:
        """Every way the selected figure may get into ``cell`` now: the walk first, then a
        jump down from each hex it may jump from (cheapest first), a leap, a climb."""
        out: list[Action] = []
        walk = self.sorted.moves.get(sel.id, {}).get(cell)
        if walk is not None:
            out.append(walk)
        out += self.sorted.jumps.get(sel.id, {}).get(cell, [])
        leap = self.sorted.leaps.get(sel.id, {}).get(cell)
        if leap is not None:
            out.append(leap)
        climb = self.sorted.climbs.get(sel.id, {}).get(cell, {})
        out += [climb[k] for k in (False, True) if k in climb]
        return out

    def chosen_way(self, sel: HexFigure, cell: int) -> Action | None:
        ways = self.ways(sel, cell)
        if not ways:
            return None
        if self.way_cell != cell:
            self.way_cell, self.way = cell, 0
        return ways[self.way % len(ways)]

    def _cached(self, key: object, make: Any) -> Any:
        stamp = (len(self.m.actions), key)
        if stamp not in self._cache:
            if len(self._cache) > 16:
                self._cache.clear()
            self._cache[stamp] = make()
        return self._cache[stamp]

    def marks(self, selected: str | None, hover: Place | None) -> HexMarks:
        st = self.state
        sel = self.figure(selected)
        marks = HexMarks()
        self.reach_opts = None
        phase = st.phase
        can_move = sel is not None and sel.active and sel.side == self.m.to_act() and (
            phase == "initiative" or bool(self.sorted.moves.get(sel.id))
            or bool(self.sorted.jumps.get(sel.id)))
        if can_move and self.m.outcome() is None and sel is not None and not sel.hold:
            opts = self.rules.move_options(st, sel.id)
            self.reach_opts = opts
            for c in opts.cells():
                cost = opts.cost(c)
                if cost is not None:
                    marks.reach[Cell(c)] = str(cost)
            marks.reach_ends = {Cell(c) for c in opts.reach.ends if Cell(c) in marks.reach}
            for c, j in opts.jumps.items():
                marks.warnings[Cell(c)] = jump_text(j)
        if sel is not None and phase == "movement" and sel.side == self.m.to_act():
            for c in self.sorted.leaps.get(sel.id, {}):
                lp = self.rules.leap_options(st, sel).get(c)
                marks.warnings[Cell(c)] = f"leap {percent(lp.p_leap)}" if lp else "leap"
            for c in self.sorted.climbs.get(sel.id, {}):
                cl = self.rules.climb_options(st, sel).get(c)
                marks.targets[Cell(c)] = "climb" if cl is None else f"climb {percent(cl.p_set)}"
        acting = st.acting()
        if phase == "action" and acting is not None:
            for tid in self.sorted.attacks:
                t = st.figures[tid]
                chk = self.rules.attack_check(st, acting.id, tid)
                marks.targets[Cell(t.cell)] = percent(chk.odds.p_hit) if chk.odds else "attack"
            for tid in self.sorted.shots:
                if tid in self.sorted.attacks:
                    continue
                t = st.figures[tid]
                chk = self.rules.shot_check(st, acting.id, tid)
                marks.targets[Cell(t.cell)] = (f"shoot {percent(chk.p_target)}"
                                               if chk.p_target is not None else "shoot")
            for c in self.sorted.disengage:
                marks.targets[Cell(c)] = "back"
        if phase == "retreat":
            for (c, _follow) in self.sorted.retreats:
                marks.targets[Cell(c)] = "push"
        if sel is not None and sel.alive:
            marks.selected = Cell(sel.cell)
        if isinstance(hover, Cell) and sel is not None:
            way = self.chosen_way(sel, hover.index)
            shown = self.reach_opts
            if isinstance(way, JumpDown) and shown is not None:
                marks.path = tuple(Cell(c) for c in shown.path(hover.index, way.via))
            elif isinstance(way, Move) and shown is not None:
                marks.path = tuple(Cell(c) for c in shown.reach.path(hover.index))
        # the views (V, T)
        if self.view_sight and sel is not None and sel.alive:
            marks.shade.update(self._cached(("sight", sel.id),
                                            lambda: self.rules.sight_map(st, sel.id)))
        if self.view_threat:
            side = sel.side if sel is not None else self.m.to_act()
            if side is not None:
                for c in self._cached(("threat", side), lambda: self.rules.threat_map(st, side)):
                    marks.shade[c] = "threat"
        # the line of fire to a hovered enemy (H-18)
        shooter = acting if acting is not None else sel
        target = st.figure_at(hover.index) if isinstance(hover, Cell) else None
        if (shooter is not None and target is not None and target.side != shooter.side
                and missiles.ranged_weapon(shooter) is not None):
            chk = self.rules.shot_check(st, shooter.id, target.id)
            marks.sight = sight_mark(st.board, st, chk)
        return marks

    def click(self, selected: str | None, place: Place, piece: str | None,
              button: int) -> Reply:
        """Left: select, move (the way shown: walk, jump, leap, climb), attack, shoot,
        disengage or push back; right: face that hex."""
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
            if sel is not None:
                way = self.chosen_way(sel, cell)
                if way is not None:
                    return way
            if fig is not None:
                return Select(fig.id)
            if sel is not None and sel.side == self.m.to_act():
                return Move(sel.id, cell)  # illegal: the Match says why, nothing changes
            return None
        if phase == "action":
            acting = st.acting()
            if fig is not None and fig.id in self.sorted.attacks:
                return self.sorted.attacks[fig.id]
            if fig is not None and fig.id in self.sorted.shots:
                return self.sorted.shots[fig.id]
            if cell in self.sorted.disengage:
                return self.sorted.disengage[cell]
            if fig is not None and acting is not None and fig.side != acting.side:
                chk = self.rules.attack_check(st, acting.id, fig.id)
                if missiles.ranged_weapon(acting) is not None:
                    chk = self.rules.shot_check(st, acting.id, fig.id)
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
        if key == pygame.K_v:
            self.view_sight = not self.view_sight
            return f"Line-of-sight view {'on' if self.view_sight else 'off'} (V)"
        if key == pygame.K_t:
            self.view_threat = not self.view_threat
            return f"Threat view {'on' if self.view_threat else 'off'} (T)"
        if key == pygame.K_j:
            self.way += 1
            return ""
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
                verb = "Swipe at" if a.kind == "swipe" else "Attack"
                out.append(ButtonSpec(f"{verb} {t.name}{odds}", a, accent=VERMILLION,
                                      name=a.kind))
            for tid, a in self.sorted.shots.items():
                t = st.figures[tid]
                assert acting is not None
                chk = self.rules.shot_check(st, acting.id, tid)
                odds = f" - {percent(chk.p_target)}" if chk.p_target is not None else ""
                out.append(ButtonSpec(f"Shoot {t.name}{odds}", a, accent=VERMILLION,
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
            case "climb":
                o = self.rules.climb_options(st, fig).get(f["to"]) if fig else None
                lab = st.board.label(f["to"])
                p = f", {percent(o.p_set)}" if o else ""
                if fig is not None and fig.hold == "hang":
                    return f"Pull up onto {lab} (4d6 vs ST{p})"
                if fig is not None and fig.hold:
                    return f"Climb on to {lab} ({o.dice if o else 4}d6 vs DX{p})"
                if f["more"]:
                    return f"Climb {lab} + a 2nd set ({o.dice if o else 4}d6{p})"
                return f"Climb {lab}: a free set"
            case "sweep":
                return f"{name} makes a sweeping blow (H-19)"
            case "put_away":
                return f"{name} puts weapon and shield away"
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
        footing = melee.footing(self.state.board, fig)
        if footing:
            rows.append(("Footing", ", ".join(f"{m.value:+d} DX {m.reason} ({m.rule})"
                                              for m in footing)))
        if fig.hold:
            b = self.state.board
            left = b.level(fig.hold_to) - b.level(fig.cell) - fig.hold_at
            how = "clings" if fig.hold == "climb" else "hangs"
            rows.append(("Wall", f"{how} {fig.hold_at} levels up, {left} to the top"))
        if fig.hexes > 1:
            rows.append(("Size", f"{fig.hexes} hexes (H-15)"))
        if fig.talents:
            rows.append(("Talents", ", ".join(fig.talents)))
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
        for tag in ("off balance", "clinging", "hanging", "kneeling"):
            if tag in piece.tags:
                out.append((tag + (" -2 DX" if tag == "off balance" else ""), ORANGE))
        return out

    def place_text(self, place: Place) -> str | None:
        if not isinstance(place, Cell):
            return None
        st = self.state
        board = st.board
        c = place.index
        text = f"Hex {board.label(c)}: level {board.level(c)}, {board.terrain_of(c)}"
        ground = terrain.describe(board, c, st.options)
        if ground:
            text += f"; {ground}"
        opts = self.reach_opts
        sel = self.figure(opts.figure) if opts is not None else None
        if opts is not None and sel is not None and c in opts.cells():
            ways = self.ways(sel, c)
            way = self.chosen_way(sel, c)
            if isinstance(way, JumpDown):
                j = opts.jump(c, way.via)
                assert j is not None
                text += (f". Jump down {j.levels} levels from {board.label(way.via)} for "
                         f"{j.cost} MP: {jump_text(j)}, {percent(j.p_standing)} to land "
                         "standing (H-8)")
            elif isinstance(way, Move):
                text += f"; a walk of {opts.reach.cost_of(c)} MP"
            if len(ways) > 1:
                text += f" [J: {len(ways)} ways]"
        if sel is not None:
            leap = self.rules.leap_options(st, sel).get(c)
            if leap is not None:
                text += (f". Leap {len(leap.gap)} hex{'es' * (len(leap.gap) > 1)}: "
                         f"{leap.dice}d6 vs ST+DX {leap.target}, {percent(leap.p_leap)}; a "
                         f"miss grabs the edge {percent(leap.p_grab)} (H-20)")
        fig = self.figure(self.focus()) or sel
        if fig is not None:
            climb = self.rules.climb_options(st, fig).get(c)
            if climb is not None:
                text += (f". Climb {climb.rise} levels in sets of {climb.set_h}: each set "
                         f"after the free one {climb.dice}d6 vs DX, {percent(climb.p_set)}; a "
                         f"fall lands prone (H-11)")
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
        if missiles.ranged_weapon(a) is not None and not heights.adjacent_figures(
                st.board, a, t):
            return self._shot_tip(a, t)
        chk = self.rules.attack_check(st, a.id, t.id)
        lines = [TipLine(f"{a.name} attacks {t.name}", TEXT, True)]
        if chk.how == melee.POLE:
            lines.append(TipLine("a pole's jab beyond H: no height modifier (H-16)", SKY))
        elif chk.how == melee.SWIPE:
            lines.append(TipLine("kneels at the edge to swipe down (H-17)", SKY))
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

    def _shot_tip(self, a: HexFigure, t: HexFigure) -> list[TipLine]:
        """The hover text of a shot: can it, the line of fire, the range band, the odds."""
        st = self.state
        chk = self.rules.shot_check(st, a.id, t.id)
        w = missiles.ranged_weapon(a)
        verb = "throws at" if w is not None and w.thrown else "shoots at"
        lines = [TipLine(f"{a.name} {verb} {t.name}", TEXT, True)]
        if chk.allowed:
            lines.append(TipLine("can shoot now" if st.acting() is a else "could shoot from "
                                 "here", GREEN))
        else:
            lines.append(TipLine(f"cannot: {chk.reason}", VERMILLION))
        line = chk.line
        if line is not None:
            band, dx = missiles.range_band(line.distance)
            lines.append(TipLine(f"{line.distance} hexes: range band {band + 1}"
                                 + (f", {dx:+d} DX" if dx else ", no penalty") + " (H-18)",
                                 TEXT))
            lines.append(TipLine("line of sight: " + ("clear" if line.clear else "blocked"),
                                 GREEN if line.clear else VERMILLION))
            for gid in line.in_way:
                lines.append(TipLine(f"  {st.figures[gid].name} is in the way: rolled for "
                                     "first", YELLOW))
            for gid in line.over:
                lines.append(TipLine(f"  passes over {st.figures[gid].name}", DIM))
        o = chk.odds
        if o is not None:
            lines.append(TipLine(f"{percent(chk.p_target or 0.0)} to strike {t.name}",
                                 YELLOW if chk.allowed else DIM, True))
            lines.append(TipLine(f"{o.dice}d6, needs {o.target} or less; DX {o.base}", TEXT))
            for m in o.modifiers:
                rule = f" ({m.rule})" if m.rule else ""
                lines.append(TipLine(f"  {m.value:+d} for {m.reason}{rule}", DIM))
            lines.append(TipLine(f"{o.weapon}; armour stops {o.stops}", TEXT))
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
            ("J", "the way into the hovered hex: walk, or jump down from each hex (H-8)"),
            ("Click wall / gap", "climb a wall higher than H (H-11); leap a gap (H-20)"),
            ("Hover enemy (bow)", "3D line of fire: clear, blocked, figures in the way"),
            ("V", "line-of-sight view: hexes the selected figure sees / is seen from"),
            ("T", "threat view: hexes an enemy could strike this turn"),
        ]
