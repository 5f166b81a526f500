"""The Tabletop Hero controller: the only UI code that knows its actions and minis.

It decides no rule. It asks the Match whether an action is legal, and the ruleset's
queries (:mod:`game.rules.hero.queries`) what a move would cost and meet (``plan_move``),
what a mini sees of another (``sight``), what it can attack and the exact odds, where it
may deploy; it turns clicks, drags and keys into actions. It never builds the whole legal
menu (the shell's ``legal``): what it shows, it asks for one mini.

* armies: take the ready army, or open the army sheet (:mod:`game.ui.scenes.army`);
* deployment: the edge bands, enemy ranges and team mates' 5 units drawn; the mini to
  place follows the pointer, green where it may go, red with the reason where not;
* battle: drag one of your minis to move it (a ruler with the movement used and left,
  severe ground, climbs, falls and their damage, what blocks it); hover an enemy to see
  the lines of sight, the visible %, cover, range and the exact odds; click it to attack
  with the weapon chosen (W changes it; an explosive shows its blast and arc).
"""

from __future__ import annotations

import math
from collections.abc import Callable
from typing import Any

import pygame

from game.core.events import Kind
from game.core.match import Match
from game.core.places import HUNDREDTHS, Place, Point
from game.core.ruleset import Action, PieceView
from game.rules.hero.actions import (
    Attack,
    Deploy,
    Drop,
    EndTurn,
    Heal,
    Move,
    TakeArmy,
    Throw,
)
from game.rules.hero.events import HeroKind
from game.rules.hero.phases import HeroPhase
from game.rules.hero.queries import (
    LEVEL_WORDS,
    HeroQueries,
    HeroState,
    Mini,
    MovePlan,
    load_data,
    units,
)
from game.ui.boards.table import Rays, Ring, Ruler, TableMarks
from game.ui.controllers import ButtonSpec, Controller, Reply, Select, TipLine
from game.ui.controllers.hero_route import Route, route
from game.ui.controllers.hero_words import damage_words, dice_words
from game.ui.scenes.dice_log import percent
from game.ui.widgets import (
    DIM,
    GREEN,
    ORANGE,
    TEXT,
    VERMILLION,
    YELLOW,
    Colour,
)

MAX_ATTACK_BUTTONS = 6
VERBS: dict[str, str] = {HeroPhase.ARMY: "chooses an army", HeroPhase.DEPLOY: "deploys",
         HeroPhase.PLAY: "plays"}

DEPLOY_SNAP = 40
"""Hundredths of a unit within which a deployment click takes the nearest lit spot."""

class HeroController(Controller):
    """Tabletop Hero on a table: drag to move, hover to see, click to attack."""

    def __init__(self, match: Match[Any]) -> None:
        super().__init__(match)
        self.weapon: dict[str, str] = {}
        """The weapon each mini attacks with when an enemy is clicked (W changes it)."""
        self.dragging: str | None = None
        self.drag_point: Point | None = None
        self.armed: tuple[Action, int] | None = None
        """A right-click's action shown first (and the actions played then): the same
        right-click again plays it."""
        self.trail: list[Point] = []
        """The points the drag went through (where a bent move may bend)."""
        self._routes: dict[tuple[str, Point, int], Route | None] = {}
        self.human = False
        """Whether a human acts now (the shell says so at each refresh)."""
        self.shown: Move | None = None
        """A move a replay previews (until the game moves on): its ruler is drawn."""

    # ---------------------------------------------------------------- state
    @property
    def q(self) -> HeroQueries:
        """The ruleset's queries for the state as it is now (one object per state)."""
        q = self.m.ruleset.queries(self.m.state)
        assert isinstance(q, HeroQueries)
        return q

    @property
    def state(self) -> HeroState:
        st = self.m.state
        assert isinstance(st, HeroState)
        return st

    def mini(self, fid: str | None) -> Mini | None:
        return self.state.minis.get(fid) if fid else None

    def mine(self, m: Mini | None) -> bool:
        """Whether ``m`` is of the side to act, and a human acts now."""
        return m is not None and self.human and m.side == self.m.to_act()

    def refresh(self, human: bool) -> None:
        super().refresh(human)
        self.human = human
        self.shown = None

    def preview(self, action: Action) -> tuple[str | None, Place | None]:
        """Before a replayed action: the mini and where it goes (a move's ruler is drawn,
        with its cost, climbs and falls; a deployment's spot), or the mini it acts on,
        with the weapon it uses (the lines of sight and odds of an attack, the arc and
        blast of a throw)."""
        who, where = super().preview(action)
        if isinstance(action, Move):
            self.shown = action
            where = action.to
        elif isinstance(action, Deploy):
            where = action.at
        elif isinstance(action, Heal):
            t = self.mini(action.target)
            where = t.at if t is not None else None
        if isinstance(action, Attack):
            self.weapon[action.figure] = action.weapon
        elif isinstance(action, Throw):
            self.weapon[action.figure] = "explosive"
        return who, where

    def focus(self) -> str | None:
        st = self.state
        if st.phase == HeroPhase.DEPLOY and self.human:
            m = self.q.next_to_deploy()
            return m.id if m is not None else None
        return None

    def pick_selection(self, selected: str | None, side: str | None) -> str | None:
        focus = self.focus()
        if focus is not None:
            return focus
        sel = self.mini(selected)
        if sel is not None and sel.side == side and self._has_work(sel):
            return selected
        own = [m for m in self.state.side_minis(side or "") if m.on_table]
        busy = [m for m in own if self._has_work(m)]
        pick = busy or [m for m in own if m.conscious] or own
        return pick[0].id if pick else None

    def _has_work(self, m: Mini) -> bool:
        return self.q.has_work(m.id)

    def selection_done(self, selected: str | None) -> bool:
        sel = self.mini(selected)
        return (self.state.phase == HeroPhase.PLAY and sel is not None
                and sel.side == self.m.to_act() and not self._has_work(sel))

    def current_weapon(self, m: Mini) -> str | None:
        """The weapon ``m`` attacks with when an enemy is clicked."""
        w = self.weapon.get(m.id)
        if w in m.weapons:
            return w
        d = load_data()
        guns = [k for k in m.weapons if not d.weapons[k].explosive]
        if guns:
            return max(guns, key=lambda k: (d.weapons[k].range[1], k))
        return m.weapons[0] if m.weapons else None

    # ---------------------------------------------------------------- the board
    def marks(self, selected: str | None, hover: Place | None) -> TableMarks:
        st = self.state
        mk = TableMarks(levels={m.id: m.z for m in st.minis.values() if m.at is not None})
        sel = self.mini(self.dragging or selected)
        if sel is not None and sel.at is not None:
            mk.selected = sel.at
        pt = hover if isinstance(hover, Point) else None
        if st.phase == HeroPhase.DEPLOY:
            self._deploy_marks(mk, pt)
        elif st.phase == HeroPhase.PLAY:
            self._play_marks(mk, sel, pt)
        self._last_blast(mk)
        return mk

    def _deploy_marks(self, mk: TableMarks, pt: Point | None) -> None:
        st = self.state
        q = self.q
        m = q.next_to_deploy()
        if m is None or not self.mine(m):
            return
        for e in q.deploy_edges(m.side):
            mk.zones.append(q.deploy_band(e))
        for o in st.placed():
            assert o.at is not None
            if o.side == m.side:
                mk.rings.append(Ring(o.at, o.r + q.teammate_reach(), "deploy"))
            else:
                reach = q.weapon_reach(o.id)
                mk.rings.append(Ring(o.at, o.r + reach, "range", f"{o.name}: {reach}"))
        mk.spots = q.deploy_points(m.id)
        if pt is not None:
            at = self._deploy_spot(m.id, pt)
            why = self.m.why_illegal(Deploy(m.id, at))
            mk.ghost = (at, m.r, why is None, why or f"place {m.name} here")

    def _play_marks(self, mk: TableMarks, sel: Mini | None, pt: Point | None) -> None:
        st = self.state
        if sel is None or sel.at is None or not sel.alive:
            return
        own = self.mine(sel)
        if own and sel.conscious:
            q = self.q
            left = q.budget(sel.id)
            single = q.single_move_left(sel.id)
            if left > 0:
                if not sel.acted and single and single < left:
                    mk.rings.append(Ring(sel.at, single / HUNDREDTHS + sel.r, "reach",
                                         f"{units(single)}: then act"))
                mk.rings.append(Ring(sel.at, left / HUNDREDTHS + sel.r, "reach",
                                     f"{units(left)}" + (" left" if sel.acted else
                                                         ": no action")))
            weapon = self.current_weapon(sel)
            for o in q.attacks(sel.id):
                at = st.minis[o.target].at
                assert at is not None
                if isinstance(o.action, Attack) and o.action.weapon == weapon:
                    mk.targets[at] = percent(o.chance)
                if isinstance(o.action, Throw) and weapon == "explosive":
                    mk.targets[at] = "throw"
        if self.dragging is not None and self.drag_point is not None:
            mk.ruler = self.ruler(sel, self.drag_point)
            return
        shown = self.shown
        if shown is not None and shown.figure == sel.id and pt == shown.to:
            mk.ruler = self.ruler(sel, shown.to)
            return
        target = self._enemy_at(pt, sel)
        if target is not None:
            self._sight_marks(mk, sel, target)

    def _enemy_at(self, pt: Point | None, sel: Mini) -> Mini | None:
        host = self.host
        over = host.hovered_piece() if host is not None else None
        t = self.mini(over.id if over is not None else None)
        if t is None and pt is not None:
            x, y = pt.units
            t = next((o for o in self.state.placed()
                      if math.dist(o.xy, (x, y)) <= o.r), None)
        if t is None or t.side == sel.side or not t.on_table:
            return None
        return t

    def _sight_marks(self, mk: TableMarks, a: Mini, t: Mini) -> None:
        w = self.current_weapon(a)
        if w == "explosive":
            assert a.at is not None and t.at is not None
            mk.lines.append((a.at, t.at, "throw"))
            mk.rings.append(Ring(t.at, load_data().explosive.blast, "blast", "blast 5"))
            return
        s = self.q.sight(a.id, t.id)
        step = max(1, len(s.columns) // 8)  # drawn: every few columns of the measure
        shown = s.columns[step // 2::step]
        mk.rays.append(Rays(a.at, tuple((Point.of(*e), f) for e, f in shown),  # type: ignore[arg-type]
                            f"{s.fraction:.0%} {LEVEL_WORDS[s.level]}"))

    def _last_blast(self, mk: TableMarks) -> None:
        """The blast and bounce of the last explosive, until the next action."""
        if not self.m.actions or not isinstance(self.m.actions[-1], Throw):
            return
        for e in reversed(self.m.log):
            pts = [p for p in e.places if isinstance(p, Point)]
            if e.kind == HeroKind.EXPLODED and pts:
                mk.rings.append(Ring(pts[0], (e.amount or 500) / HUNDREDTHS, "blast"))
            elif e.kind == HeroKind.BOUNCED and len(pts) == 2:
                mk.lines.append((pts[0], pts[1], "bounce"))
            elif e.kind == Kind.ATTACKED:
                break

    def ruler(self, m: Mini, to: Point) -> Ruler:
        """The ruler of a move of ``m`` to ``to`` (K-4, G-1, G-5, G-7)."""
        q = self.q
        fall = isinstance(self.move_for(m.id, to), Drop)
        plan = q.plan_move(m.id, to, fall)
        if not plan.ok and not fall and self.dragging == m.id:
            r = self.route(m.id, to)
            if r is not None and len(r.plans) == 2:
                return bent_ruler(r, m, q.allowance(m.id))
        return ruler_of(plan, m, q.allowance(m.id))

    def route(self, fid: str, to: Point) -> Route | None:
        """K-4: the drag's move to ``to``, bent once round a mini in the way if the
        straight line is refused for it (worked out once per point of a drag)."""
        key = (fid, to, len(self.m.actions))
        if key not in self._routes:
            self._routes = {key: route(self.q, fid, to, self.trail)}
        return self._routes[key]

    def move_for(self, fid: str, to: Point) -> Move:
        """The move a drag of ``fid`` to ``to`` makes: falling down climbable edges (G-1,
        a Drop) with Shift held, or where climbing down is more than it has left."""
        if pygame.display.get_init() and pygame.key.get_mods() & pygame.KMOD_SHIFT:
            return Drop(fid, to)
        q = self.q
        if not q.plan_move(fid, to).ok:
            fallen = q.plan_move(fid, to, True)
            if fallen.ok and fallen.falls:
                return Drop(fid, to)
        return Move(fid, to)

    def _deploy_spot(self, mini: str, pt: Point) -> Point:
        """Where a click at ``pt`` deploys ``mini``: there if it may stand there, else the
        nearest lit spot within a little of the click (the pointer need not hit a dot's
        exact hundredth), else there (and the Match says why not)."""
        if self.m.why_illegal(Deploy(mini, pt)) is None:
            return pt
        spots = self.q.deploy_points(mini)
        near = [(abs(s.x - pt.x) + abs(s.y - pt.y), s) for s in spots]
        near = [(d, s) for d, s in near if d <= DEPLOY_SNAP]
        return min(near)[1] if near else pt

    def click(self, selected: str | None, place: Place, piece: str | None,
              button: int) -> Reply:
        st = self.state
        if not isinstance(place, Point):
            return None
        if st.phase == HeroPhase.DEPLOY:
            m = self.q.next_to_deploy()
            if m is not None and self.mine(m):
                return Deploy(m.id, self._deploy_spot(m.id, place))
            return Select(piece) if piece else None
        if st.phase != HeroPhase.PLAY:
            return Select(piece) if piece else None
        sel = self.mini(selected)
        t = self.mini(piece)
        armed, self.armed = self.armed, None
        if t is None:
            if sel is not None and self.mine(sel) and button == 1:
                return "Drag one of your minis to move it."
            return None
        if button == 3 and self.mine(t) and (sel is None or not self.mine(sel)):
            sel = t  # a right-click on one's own mini: its medkit on itself
        if sel is not None and self.mine(sel) and t.side != sel.side:
            return self._act_on(sel, t, button, armed)
        if sel is not None and self.mine(sel) and t.side == sel.side and button == 3:
            return self._second(Heal(sel.id, t.id), armed, self._heal_words(sel, t))
        return Select(t.id)

    def _second(self, action: Throw | Heal, armed: tuple[Action, int] | None,
                words: str) -> Reply:
        """A right-click shows what it would do (its odds) and the same right-click
        again does it."""
        if armed == (action, len(self.m.actions)):
            return action
        why = self.m.why_illegal(action)
        if why is not None:
            return f"cannot: {why}"
        self.armed = (action, len(self.m.actions))
        return words

    def _heal_words(self, a: Mini, t: Mini) -> str:
        kit = load_data().items["medkit"]
        p = max(0, kit.hit.sides - kit.success + 1) / kit.hit.sides
        who = "itself" if a.id == t.id else t.name
        return (f"{a.name}'s medkit on {who}: heals {kit.heal} on {kit.success}+ "
                f"({percent(p)}), {t.hp} HP now. Right-click again to use it (K-11).")

    def _throw_words(self, a: Mini, t: Mini) -> str:
        th = self.q.throw_odds(a.id, t.id)
        caught = ", ".join(th.in_blast) or "nobody"
        return (f"Throw at {t.name}: on target {percent(th.p_hit)} (critical "
                f"{percent(th.p_crit)}), a miss lands on it anyway {percent(th.p_half)}, "
                f"bounces {percent(th.p_bounce)}; the blast catches {caught}. Right-click "
                f"again to throw (K-7).")

    def _act_on(self, a: Mini, t: Mini, button: int,
                armed: tuple[Action, int] | None = None) -> Reply:
        w = self.current_weapon(a)
        if button == 3:
            return self._second(Throw(a.id, t.id), armed, self._throw_words(a, t))
        if w == "explosive":
            return Throw(a.id, t.id)
        if w is None:
            return f"{a.name} has no weapon"
        return Attack(a.id, t.id, w)

    def key(self, selected: str | None, key: int) -> Reply:
        st = self.state
        if key in (pygame.K_RETURN, pygame.K_KP_ENTER) and st.phase == HeroPhase.PLAY:
            side = self.m.to_act()
            return EndTurn(side) if side is not None else None
        if key == pygame.K_w:
            return self.next_weapon(selected)
        if key == pygame.K_n and st.phase == HeroPhase.PLAY:
            side = self.m.to_act()
            ids = [m.id for m in st.side_minis(side or "") if self._has_work(m)]
            if not ids:
                return None
            k = (ids.index(selected) + 1) % len(ids) if selected in ids else 0
            return Select(ids[k])
        return None

    def next_weapon(self, selected: str | None) -> str | None:
        """The next of the mini's weapons for clicks on enemies (W, or its button)."""
        m = self.mini(selected)
        if m is None or not m.weapons:
            return None
        kinds = list(dict.fromkeys(m.weapons))
        now = self.current_weapon(m)
        nxt = kinds[(kinds.index(now) + 1) % len(kinds)] if now in kinds else kinds[0]
        self.weapon[m.id] = nxt
        return f"{m.name} readies the {load_data().weapons[nxt].name.lower()}."

    # ---------------------------------------------------------------- dragging
    def drag_start(self, selected: str | None, place: Place | None, piece: str | None) -> bool:
        m = self.mini(piece)
        if self.state.phase != HeroPhase.PLAY or m is None or not self.mine(m) or \
                not m.conscious:
            return False
        self.dragging = m.id
        self.drag_point = None
        if self.host is not None:
            self.host.select(m.id)
        return True

    def drag_to(self, place: Place | None) -> None:
        self.drag_point = place if isinstance(place, Point) else None
        if self.drag_point is not None:
            self.trail.append(self.drag_point)

    def drag_end(self, place: Place | None) -> Reply:
        fid = self.dragging
        if fid is None or not isinstance(place, Point):
            self.dragging, self.drag_point, self.trail = None, None, []
            return ""  # dropped off the table: nothing moves, the ruler goes
        move = self.move_for(fid, place)
        if not isinstance(move, Drop) and not self.q.plan_move(fid, place).ok:
            r = self.route(fid, place)
            if r is not None and len(r.moves) == 2 and self.host is not None:
                # round a mini in the way: K-4 lets a mini split its move
                self.dragging, self.drag_point, self.trail = None, None, []
                self.host.act(r.moves[0])
                return r.moves[1]
        self.dragging, self.drag_point, self.trail = None, None, []
        return move  # judged once, by the scene's Match.attempt

    # ---------------------------------------------------------------- buttons
    def buttons(self, selected: str | None) -> list[ButtonSpec]:
        st = self.state
        side = self.m.to_act() if self.human else None
        if side is None:
            return []
        if st.phase == HeroPhase.ARMY:
            return [ButtonSpec("Take the ready army (K-2)", TakeArmy(side), accent=ORANGE,
                               name="take_army"),
                    ButtonSpec("Build an army... (K-2)", command=self._opener(side),
                               name="build_army")]
        if st.phase == HeroPhase.DEPLOY:
            m = self.q.next_to_deploy()
            if m is not None and self.mine(m):
                return [ButtonSpec(f"Place {m.name} for me", command=self._auto_deploy,
                                   name="auto_deploy")]
            return []
        out: list[ButtonSpec] = []
        sel = self.mini(selected)
        if sel is not None and self.mine(sel):
            out = self._mini_buttons(sel)
        if st.phase == HeroPhase.PLAY:
            out.append(ButtonSpec("End the turn", EndTurn(side), accent=ORANGE, hint="Enter",
                                  name="end_turn"))
        return out

    def _mini_buttons(self, sel: Mini) -> list[ButtonSpec]:
        """The selected mini's attacks (the likeliest damage first), medkits and weapon."""
        st = self.state
        q = self.q
        attacks: list[tuple[float, ButtonSpec]] = []
        for o in q.attacks(sel.id):
            name = st.minis[o.target].name
            if isinstance(o.action, Attack):
                odds = q.attack_odds(sel.id, o.target, o.action.weapon)
                attacks.append((odds.expected, ButtonSpec(
                    f"{load_data().weapons[o.action.weapon].name} at {name}: "
                    f"{percent(o.chance)}", o.action, accent=VERMILLION, name="attack")))
            else:
                attacks.append((0.1, ButtonSpec(f"Throw an explosive at {name}", o.action,
                                                accent=ORANGE, name="throw")))
        attacks.sort(key=lambda t: -t[0])
        out = [b for _v, b in attacks[:MAX_ATTACK_BUTTONS]]
        out += [ButtonSpec(f"Medkit on {st.minis[t].name} (3+: heal 4)", Heal(sel.id, t),
                           accent=GREEN, name="heal") for t in q.heals(sel.id)]
        if len(sel.weapons) > 1:
            w = self.current_weapon(sel)
            wname = load_data().weapons[w].name if w else "-"
            out.append(ButtonSpec(f"Clicks attack with: {wname}",
                                  command=lambda: self.next_weapon(sel.id),
                                  hint="W", name="weapon",
                                  tip="Click (or W) for the next weapon: clicking an "
                                      "enemy attacks with it"))
        return out

    def _opener(self, side: str) -> Callable[[], None]:
        return lambda: self.open_army(side)

    def open_army(self, side: str) -> None:
        """The army sheet for ``side`` (K-2, K-11) over the match."""
        if self.host is None:
            return
        from game.ui.scenes.army import ArmyScene

        self.host.app.switch(ArmyScene(self.host.app, self.host, side))

    def _auto_deploy(self) -> None:
        from game.ai.hero.player import HeroPlayer

        if self.host is None:
            return
        a = HeroPlayer(self.m.seed).choose(self.m)
        self.host.act(a)

    # ---------------------------------------------------------------- words
    def verb(self) -> str:
        return VERBS.get(self.state.phase, "acts")

    def phase_line(self) -> str:
        st = self.state
        if st.phase == HeroPhase.DEPLOY:
            m = self.q.next_to_deploy()
            if m is not None and self.q.range_waived(m.id):
                return (f"Place {m.name}: at your edge, within 5 units of a team mate. The "
                        f"table is too small to stay out of every enemy's range, so that "
                        f"rule is dropped (K-3). Click a green spot.")
            if m is not None:
                return (f"Place {m.name}: at your edge, within 5 units of a team mate, out of "
                        f"every enemy's range (K-3). Click a green spot.")
        if st.phase == HeroPhase.PLAY:
            first = " No attacks in the first turn (K-3)." if st.turn == 1 else ""
            return ("Drag a mini to move it; hover an enemy to see it; click it to attack "
                    "(W: weapon, right-click: throw). Enter ends the turn." + first)
        return super().phase_line()

    def top_note(self) -> str:
        st = self.state
        if st.deploy_rolls:
            rolls = ", ".join(f"{self.m.side_name(s)} {v}" for s, v in st.deploy_rolls.items())
            return f"Rolls for first: {rolls}; play order: " + " > ".join(
                self.m.side_name(s) for s in st.play_order)
        return ""

    def piece_rows(self, piece: PieceView) -> list[tuple[str, str]]:
        m = self.mini(piece.id)
        if m is None:
            return []
        d = load_data()
        st = self.state
        arm = d.armour[m.armour]
        rows = [("Armour", f"{arm.name}: defends {arm.hit}, absorbs {arm.absorb}"
                 + (f", speed {arm.speed}" if arm.speed else ""))]
        q = self.q
        move = q.allowance(m.id)
        left = q.budget(m.id) if m.side == st.active else 0
        rows.append(("Move", f"{units(move)} a turn, {units(move * d.no_action)} taking no "
                             f"action" + (f"; {units(left)} left" if st.phase == HeroPhase.PLAY
                                          and m.side == st.active else "")))
        for k in dict.fromkeys(m.weapons):
            w = d.weapons[k]
            count = m.weapons.count(k)
            extra = f" x{count}" if count > 1 else ""
            mark = " (clicks)" if k == self.current_weapon(m) and len(m.weapons) > 1 else ""
            rows.append(("Weapon", f"{w.name}{extra}{mark}: {w.hit} to hit, {w.damage}, "
                                   f"range {w.range_text}"))
        if m.medkits:
            rows.append(("Items", f"{m.medkits} medkit{'s' * (m.medkits > 1)} (3+: heal 4)"))
        if m.abilities:
            rows.append(("Abilities", ", ".join(m.abilities) + " (G-7)"))
        f = q.stands_on(m.id)
        rows.append(("Stands", f"on {f.name}, Ht {m.z}" if f is not None else
                     "on the ground" if m.at is not None else "not deployed yet"))
        return rows

    def piece_tags(self, piece: PieceView) -> list[tuple[str, Colour]]:
        m = self.mini(piece.id)
        if m is None:
            return super().piece_tags(piece)
        out: list[tuple[str, Colour]] = []
        if m.hero:
            out.append(("hero", YELLOW))
        if m.status != "ok":
            out.append((m.status, VERMILLION))
        if m.down_at_start and m.alive:
            out.append(("out this turn (K-9)", VERMILLION))
        if self.state.phase == HeroPhase.PLAY and m.side == self.state.active:
            if m.acted:
                out.append(("has acted", DIM))
            if self.q.gave_up_action(m.id):
                out.append(("double move: no action", ORANGE))
        return out

    def place_text(self, place: Place) -> str | None:
        if not isinstance(place, Point):
            return None
        terrain = self.q.terrain()
        x, y = place.units
        here = [terrain[k] for k in terrain.table.pieces_at(x, y)]
        if not here:
            return f"({x:.1f}, {y:.1f}): open ground"
        parts = []
        for f in here:
            traits = ", ".join(sorted(t.replace("_", " ") for t in f.traits)) or "no traits"
            parts.append(f"{f.name}: Ht {f.ht}, {traits}")
        return f"({x:.1f}, {y:.1f}): " + "; ".join(parts)

    def preview_actor(self, selected: str | None, target: PieceView) -> str | None:
        a = self.mini(selected)
        if a is None or a.side == target.side or not a.on_table or \
                self.state.phase != HeroPhase.PLAY:
            return None
        return a.id

    def tip(self, actor: str, target: str) -> list[TipLine] | None:
        """K-8, G-3, G-4, K-5..K-7: what the actor sees of the target and its odds."""
        st = self.state
        a, t = st.minis[actor], st.minis[target]
        if a.at is None or t.at is None:
            return None
        w = self.current_weapon(a)
        lines = [TipLine(f"{a.name} -> {t.name}", TEXT, True)]
        if w == "explosive":
            why = self.m.why_illegal(Throw(a.id, t.id))
            th = self.q.throw_odds(a.id, t.id)
            lines.append(TipLine("can throw now" if why is None else f"cannot: {why}",
                                 GREEN if why is None else VERMILLION))
            lines.append(TipLine(f"on target {percent(th.p_hit)}; a miss lands on it anyway "
                                 f"{percent(th.p_half)} (half damage), bounces "
                                 f"{percent(th.p_bounce)}", YELLOW, True))
            caught = ", ".join(th.in_blast) or "nobody"
            lines.append(TipLine(f"a blast there catches: {caught} (both sides, K-7)", TEXT))
            lines.append(TipLine("damage to each if it lands on target (before armour): "
                                 + damage_words(th.damage, 0), DIM))
            return lines
        s = self.q.sight(a.id, t.id)
        lines.append(TipLine(f"{s.fraction:.0%} visible: {LEVEL_WORDS[s.level]} (K-8)"
                             + (", seen from a vantage point (G-4)" if s.diagonal else ""),
                             YELLOW, True))
        effect = {"open": "no effect", "covered": "+2 to its defence roll",
                  "concealed": "only a critical hits", "hidden": "cannot be targeted"}
        lines.append(TipLine(f"  {effect[s.level]}", DIM))
        if s.cover != "none":
            worse = "worse attack and damage rolls" if s.cover == "hard" else "a worse attack roll"
            lines.append(TipLine(f"{s.cover} cover ({', '.join(s.cover_by)}): {worse} "
                                 f"(G-3)", ORANGE))
        if s.blocked_by:
            lines.append(TipLine(f"lines stopped by: {', '.join(s.blocked_by)}", DIM))
        d = load_data()
        if w is None:
            return lines
        weapon = d.weapons[w]
        lines.append(TipLine(f"range {s.distance:.1f} ({weapon.name.lower()}: "
                             f"{weapon.range_text})", TEXT))
        why = self.m.why_illegal(Attack(a.id, t.id, w))
        lines.append(TipLine("can attack now" if why is None else f"cannot: {why}",
                             GREEN if why is None else VERMILLION))
        if s.targetable:
            o = self.q.attack_odds(a.id, t.id, w)
            shots = f" (each of {weapon.shots} shots)" if weapon.shots > 1 else ""
            # the odds right under the heading: a short window shows the tip's head only
            lines.insert(1, TipLine(f"hit {percent(o.p_hit)}{shots}, critical "
                                    f"{percent(o.p_crit)} (K-5, K-6)", YELLOW, True))
            extra = f" (one die more than the weapon's {weapon.hit}, the highest dropped: " \
                    f"{s.cover} cover, G-3)" if o.worse_attack else ""
            lines.append(TipLine(f"  {o.attack.expr} vs {o.defence.expr}"
                                 + "".join(f", {m.value:+d} {m.reason}"
                                           for m in o.defence.modifiers
                                           if m.value < 100) + extra, DIM))
            lines.append(TipLine(f"a critical (the highest attack roll, {percent(o.p_crit)}"
                                 f"{shots}) deals {weapon.max_damage}, armour ignored (K-6)",
                                 ORANGE))
            less = f", less {o.absorb} absorbed by armour" if o.absorb else ""
            worse = "; worse roll in hard cover (G-3)" if o.worse_damage else ""
            lines.append(TipLine(f"damage {dice_words(weapon)}{less}{worse}:", TEXT))
            lines.append(TipLine("  " + damage_words(o.damage, o.absorb), TEXT))
        return lines

    def help_rows(self) -> list[tuple[str, str]]:
        return [
            ("Drag a mini", "move it: the ruler shows movement used and left (K-4)"),
            ("Shift+drag", "fall down a climbable edge: no movement, fall damage (G-1)"),
            ("Hover an enemy", "lines of sight, visible %, cover, range, odds (K-8, G-3)"),
            ("Click an enemy", "attack with the weapon chosen"),
            ("W", "choose the weapon clicks attack with (an explosive: throw)"),
            ("Right click", "an enemy: an explosive's odds, again: throw; a team mate or "
                            "itself: the medkit's odds, again: use it"),
            ("N", "next mini with something left to do"),
            ("Enter", "end the turn"),
        ]


def ruler_of(plan: MovePlan, m: Mini, allowance: int) -> Ruler:
    """How a move plan reads on the board."""
    path = plan.path or ((m.at,) if m.at else ()) + (plan.to,)
    if not plan.ok:
        lines = [plan.reason]
        if plan.cost:
            lines.append(f"needs {units(plan.cost)}, has {units(plan.budget)}")
        if plan.blocked_at is None and not plan.path:
            path = ((m.at,) if m.at else ()) + (plan.to,)
        return Ruler(tuple(p for p in path if p is not None), False, tuple(lines),
                     plan.blocked_at)
    lines = [f"{units(plan.cost)} used, {units(plan.left)} left"]
    if not m.acted and m.moved + plan.cost > allowance:
        lines.append("beyond its move: no action this turn (K-4)")
    if plan.severe:
        lines.append(f"severe ground {units(plan.severe)}: costs double (G-1)")
    if plan.lines:
        lines.append(f"through {plan.lines} linear obstacle{'s' * (plan.lines > 1)}: +1 "
                     f"each (G-2)")
    if plan.dropped:
        lines.append("falls rather than climbs down: no movement for it (G-1)")
    if plan.climb and "G-7" in plan.rules:
        lines.append(f"flies up {units(plan.climb)}: height gained counts (G-7)")
    elif plan.climb:
        lines.append(f"climbing {units(plan.climb)} (G-1)")
    if "G-7" in plan.rules:
        lines.append("flies: terrain and minis ignored (G-7)")
    warnings = []
    said: dict[str, int] = {}
    for f in plan.falls:  # each fall marked where it happens, its words said once
        text = f"falls {f.drop}: {f.damage} damage" if f.damage else f"drops {f.drop}: unhurt"
        said[text] = said.get(text, 0) + 1
        warnings.append((f.at, text))
    for text, n in said.items():
        lines.append(f"{text} (G-5)" + (f", {n} times" if n > 1 else ""))
    if plan.cut:
        lines.append("knocked out by the fall: the move ends there")
    if plan.hazards:
        lines.append("enters hazardous terrain: a damage roll (G-1)")
    return Ruler(plan.path, True, tuple(lines), None, tuple(warnings))


def bent_ruler(r: Route, m: Mini, allowance: int) -> Ruler:
    """How a move bent round a mini reads: both legs' path, their cost together."""
    first, second = r.plans
    one = ruler_of(second, m, allowance)
    path = first.path + second.path[1:]
    lines = (f"{units(r.cost)} used, {units(second.left)} left",
             f"bends round {r.round}: two moves (K-4)") + one.lines[1:]
    return Ruler(path, True, lines, None, one.warnings)



