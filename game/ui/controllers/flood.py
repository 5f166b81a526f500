"""The flash flood controller (seed 001): the only UI code that knows the flood ruleset's
actions and its units of models.

It decides no rule. It asks the Match whether an action is legal and the ruleset's
queries (:mod:`game.rules.squads.flood.queries`) what a move would cost and where a model
can go (S-7, F-7), what a unit can shoot or charge with the exact chance of each number
of casualties (S-2..S-6), who straggles and which units are scattered (F-8), the flood's
chance (F-2), its washes and the flooded parts (F-4..F-7); it turns clicks and keys into
actions and fills the sewer view's :class:`~game.ui.boards.sewer.SewerMarks`.

* a click on a model selects it and its unit (the unit's models ringed); the model's
  reach is drawn on the path grid (sky where clear, orange through difficult terrain),
  the hovered point's ruler says the cost and what the difficult terrain asks;
* a click on a point moves the selected model there; on an enemy model, shoots at its
  unit in the shooting phase, charges it in the assault phase; the hover tip over an
  enemy gives the chance of each number of casualties;
* the buttons: the difficult terrain roll, a straggler's rejoin, run, each target's
  shot or charge with its odds, the unit done (D), the phase ended (Enter);
* the top bar says the flood's chance before it is rolled; a flood that comes is played
  on the board (the water spreading, each wash, each bump and its roll) once.
"""

from __future__ import annotations

import math
from fractions import Fraction
from typing import Any

import pygame

from game.core.dice import Roll
from game.core.events import Event
from game.core.match import Match
from game.core.places import Place, Point
from game.core.ruleset import Action, PieceView
from game.rules.squads.flood.actions import (
    Charge,
    Difficult,
    Done,
    EndPhase,
    Move,
    Rejoin,
    Run,
    Shoot,
)
from game.rules.squads.flood.events import FloodKind, FloodWashKind
from game.rules.squads.flood.phases import FloodPhase
from game.rules.squads.flood.queries import (
    ChargeOdds,
    FloodQueries,
    FloodState,
    Model,
    ShotOdds,
    Unit,
    turn_data,
)
from game.ui.boards.sewer import SewerMarks
from game.ui.boards.sewer_bases import letters
from game.ui.boards.sewer_wash import WashShow, WashStep
from game.ui.boards.table_marks import Ruler
from game.ui.controllers import ButtonSpec, Controller, Reply, Select, TipLine
from game.ui.scenes.dice_log import percent
from game.ui.widgets import DIM, GREEN, ORANGE, SKY, TEXT, VERMILLION, YELLOW, Colour

XY = tuple[float, float]
MAX_TARGETS = 5
"""Target buttons offered at most (the likeliest first)."""
VERBS: dict[str, str] = {FloodPhase.MOVEMENT: "moves", FloodPhase.SHOOTING: "shoots",
                         FloodPhase.ASSAULT: "assaults"}


def odds_text(dist: dict[int, Fraction], most: int = 4) -> str:
    """The chance of each number of casualties, as a tip reads it: "0: 30%, 1: 45%,
    2: 20%, 3+: 5%" (the tail gathered past ``most`` entries)."""
    ks = sorted(k for k, p in dist.items() if p > 0)
    if not ks:
        return "none"
    shown = ks[:most]
    out = [f"{k}: {percent(float(dist[k]))}" for k in shown]
    rest = sum((dist[k] for k in ks[most:]), Fraction(0))
    if rest > 0:
        out.append(f"{ks[most]}+: {percent(float(rest))}")
    return ", ".join(out)


def expected(dist: dict[int, Fraction]) -> float:
    return float(sum((k * p for k, p in dist.items()), Fraction(0)))


class FloodController(Controller):
    """Squads in the sewers: select a unit's model, click to move, shoot or charge."""

    def __init__(self, match: Match[Any]) -> None:
        super().__init__(match)
        self.human = False
        self.shown: Action | None = None
        """An action a replay previews (until the game moves on)."""
        self.seen_flood: int | None = self.state.flood_turn
        """The flood already shown (a game opened after it does not play it again)."""
        self.wash: WashShow | None = None
        """The flood to play on the board, handed to the view with the next marks."""
        self.flood_shown = False
        """A flood was handed to the board since the last action (Space or K skips its
        showing)."""
        self.skip = False
        """The player asked to skip the flood's showing: said with the next marks."""
        self._cells: tuple[object, tuple[XY, ...], tuple[XY, ...]] | None = None

    # ---------------------------------------------------------------- state
    @property
    def state(self) -> FloodState:
        st = self.m.state
        assert isinstance(st, FloodState)
        return st

    @property
    def q(self) -> FloodQueries:
        q = self.m.ruleset.queries(self.m.state)
        assert isinstance(q, FloodQueries)
        return q

    def model(self, mid: str | None) -> Model | None:
        st = self.state
        return st.model(mid) if mid and st.has_model(mid) else None

    def unit_of(self, mid: str) -> Unit:
        return self.state.unit_of(mid)

    def mine(self, mid: str | None) -> bool:
        """Whether ``mid`` is of the side to act, and a human acts now."""
        m = self.model(mid)
        return m is not None and self.human and self.unit_of(m.id).side == self.m.to_act()

    def refresh(self, human: bool) -> None:
        super().refresh(human)
        self.human = human
        self.shown = None
        self.flood_shown = False
        st = self.state
        if st.flood_turn != self.seen_flood:
            self.seen_flood = st.flood_turn
            if st.flood_turn is not None:
                self.wash = wash_show(self.m, f"flood of turn {st.flood_turn}")
                self.flood_shown = True

    def preview(self, action: Action) -> tuple[str | None, Place | None]:
        """Before a replayed action: the model or a model of the unit, and where it goes
        or what it targets."""
        self.shown = action
        st = self.state
        match action:
            case Move(model=mid, to=to):
                return mid, to
            case Rejoin(model=mid):
                return mid, None
            case Shoot(unit=u, target=t) | Charge(unit=u, target=t):
                aim = self.model(_first(st.units.get(t)))
                return _first(st.units.get(u)), (aim.place if aim is not None else None)
            case Difficult(unit=u) | Run(unit=u) | Done(unit=u):
                return _first(st.units.get(u)), None
        return None, None

    def pick_selection(self, selected: str | None, side: str | None) -> str | None:
        acting = self.q.acting()
        if selected in acting:
            return selected
        if acting:
            return acting[0]
        own = [p for p in self.m.pieces() if p.side == side and p.active]
        return own[0].id if own else None

    def selection_done(self, selected: str | None) -> bool:
        """The selected model has nothing left to do: it moved, or its unit is done."""
        m = self.model(selected)
        if m is None or not self.mine(m.id):
            return False
        q = self.q
        if q.done(self.unit_of(m.id).id):
            return True
        return self.state.phase == FloodPhase.MOVEMENT and q.moved(m.id) and \
            m.id not in q.acting()

    # ---------------------------------------------------------------- the board
    def marks(self, selected: str | None, hover: Place | None) -> SewerMarks:
        st = self.state
        q = self.q
        mk = SewerMarks(flooded=q.flooded())
        per_side: dict[str, int] = {}
        for u in st.units.values():
            k = per_side.get(u.side, 0)
            per_side[u.side] = k + 1
            mk.unit_marks[u.id] = letters(k)
            mk.unit_names[u.id] = u.name
            if q.is_scattered(u.id):
                mk.scattered.add(u.id)
            if u.leader:
                mk.leaders.add(u.leader)
            for m in u.models:
                mk.bases[m.id] = m.radius
                mk.unit_of[m.id] = u.id
        mk.wash, self.wash = self.wash, None
        mk.skip_wash, self.skip = self.skip, False
        sel = self.model(selected)
        if sel is None or not sel.alive:
            return mk
        unit = self.unit_of(sel.id)
        mk.selected_piece = sel.id
        mk.selected = sel.place
        mk.unit = {m.id for m in unit.survivors}
        mk.links = tuple(q.coherency_links(unit.id))
        if not self.mine(sel.id):
            return mk
        if st.phase == FloodPhase.MOVEMENT or unit.id in st.run:
            self._move_marks(mk, sel, hover)
        for o in q.attacks(sel.id):
            mk.pieces[o.target] = ""
        for tid in self._targets(unit.id):
            near = self._nearest(sel, st.units[tid])
            if near is not None:
                mk.pieces[near.id] = self._target_label(unit.id, tid)
        return mk

    def _move_marks(self, mk: SewerMarks, sel: Model, hover: Place | None) -> None:
        q = self.q
        if sel.id not in q.acting():
            return
        key = (self.state.version, sel.id)
        if self._cells is None or self._cells[0] != key:
            reach = q.reach(sel.id)
            clear: tuple[XY, ...] = ()
            rough: tuple[XY, ...] = ()
            if reach is not None:
                b = reach.budget + 1e-6
                clear = tuple(p for p, c in zip(reach.points, reach.clear, strict=True)
                              if c <= b)
                rough = tuple(p for p, c, d in zip(reach.points, reach.clear,
                                                   reach.difficult, strict=True)
                              if c > b and math.isfinite(d))
            self._cells = (key, clear, rough)
        mk.reach_cells, mk.rough_cells = self._cells[1], self._cells[2]
        mk.cell = turn_data().grid
        if isinstance(hover, Point) and q.holds(hover) == []:
            mk.ruler = self.ruler(sel, hover)
        elif isinstance(self.shown, Move) and self.shown.model == sel.id:
            mk.ruler = self.ruler(sel, self.shown.to)

    def ruler(self, m: Model, to: Point) -> Ruler:
        """S-7, F-7: the ruler of ``m``'s move to ``to``: its path, cost and what the
        difficult terrain asks, or why not."""
        check = self.q.move_check(m.id, to)
        path = tuple(Point.of(*p) for p in check.path) or (m.place, to)
        if not check.ok:
            return Ruler(path, False, (check.reason,), None)
        budget = self.q.budget(m.id)
        if isinstance(budget, str):
            return Ruler(path, False, (budget,), None)
        clear, roll, run = budget
        lines = [f"{check.cost:.1f} of {clear:g} inches" + (", a run" if run else "")
                 + f" ({check.rule})"]
        if check.difficult:
            lines.append("through difficult terrain: " + (
                f"the unit's roll lets it go {roll} (F-7)" if roll is not None
                else f"roll for it first, {_hard_dice()} highest (F-7)"))
        return Ruler(path, True, tuple(lines), None)

    def _targets(self, uid: str) -> list[str]:
        st = self.state
        if st.phase == FloodPhase.SHOOTING and uid not in st.run:
            return self.q.shoot_targets(uid)
        if st.phase == FloodPhase.ASSAULT:
            return self.q.charge_targets(uid)
        return []

    def _target_label(self, uid: str, tid: str) -> str:
        if self.state.phase == FloodPhase.SHOOTING:
            o = self.q.shot_odds(uid, tid)
            return f"{float(o.expected):.1f} casualties"
        c = self.q.charge_odds(uid, tid)
        return f"charge {percent(float(c.p_reach))}" if c is not None else "charge"

    @staticmethod
    def _nearest(m: Model, unit: Unit) -> Model | None:
        alive = unit.survivors
        return min(alive, key=lambda e: math.hypot(e.x - m.x, e.y - m.y)) if alive else None

    def click(self, selected: str | None, place: Place, piece: str | None,
              button: int) -> Reply:
        st = self.state
        sel = self.model(selected)
        if piece is not None:
            t = self.model(piece)
            if t is None:
                return None
            if sel is not None and self.mine(sel.id) and \
                    self.unit_of(t.id).side != self.unit_of(sel.id).side:
                return self._act_on(sel, self.unit_of(t.id))
            return Select(piece)
        if sel is None or not self.mine(sel.id) or not isinstance(place, Point):
            return None
        unit = self.unit_of(sel.id)
        if st.phase == FloodPhase.MOVEMENT or unit.id in st.run:
            return Move(unit.id, sel.id, place)
        return "Click an enemy model to shoot at its unit or charge it."

    def _act_on(self, sel: Model, target: Unit) -> Reply:
        unit = self.unit_of(sel.id)
        phase = self.state.phase
        if phase == FloodPhase.SHOOTING:
            return Shoot(unit.id, target.id)
        if phase == FloodPhase.ASSAULT:
            return Charge(unit.id, target.id)
        return f"{target.name}: shoot in the shooting phase, charge in the assault phase."

    def skip_flood(self) -> Reply:
        """K: the flood's showing jumps to its end (the board as the state has it)."""
        self.skip = True
        return ""

    def key(self, selected: str | None, key: int) -> Reply:
        if key == pygame.K_k and self.flood_shown:
            return self.skip_flood()
        side = self.m.to_act()
        if side is None:
            return None
        if key in (pygame.K_RETURN, pygame.K_KP_ENTER):
            return EndPhase(side)
        m = self.model(selected)
        if m is None or not self.mine(m.id):
            return None
        uid = self.unit_of(m.id).id
        if key == pygame.K_d:
            return Done(uid)
        if key == pygame.K_r and self.state.phase == FloodPhase.SHOOTING:
            return Run(uid)
        if key == pygame.K_g and self.state.phase == FloodPhase.MOVEMENT:
            return Difficult(uid)
        if key == pygame.K_n:
            acting = self.q.acting()
            if acting:
                k = (acting.index(m.id) + 1) % len(acting) if m.id in acting else 0
                return Select(acting[k])
        return None

    # ---------------------------------------------------------------- buttons
    def buttons(self, selected: str | None) -> list[ButtonSpec]:
        side = self.m.to_act() if self.human else None
        if side is None:
            return []
        out: list[ButtonSpec] = []
        if self.flood_shown:
            out.append(ButtonSpec("Skip the flood's showing", command=self.skip_flood,
                                  accent=SKY, hint="K", name="skip_flood",
                                  tip="The carried models stand where the flood left them "
                                      "at once (the dice log has every roll)."))
        m = self.model(selected)
        if m is not None and self.mine(m.id):
            out += self._unit_buttons(m, self.unit_of(m.id))
        out.append(ButtonSpec(f"End the {self.state.phase} phase", EndPhase(side),
                              accent=ORANGE, hint="Enter", name="end_phase",
                              tip="Every unit that has not finished does (its stragglers "
                                  "rejoin first, F-8)."))
        return out

    def _allowed(self, a: Action) -> bool:
        return self.m.why_illegal(a) is None

    def _unit_buttons(self, m: Model, u: Unit) -> list[ButtonSpec]:
        st = self.state
        q = self.q
        out: list[ButtonSpec] = []
        if st.phase == FloodPhase.MOVEMENT:
            d = Difficult(u.id)
            if self._allowed(d):
                out.append(ButtonSpec(f"Roll for difficult terrain ({_hard_dice()}, highest)", d,
                                      accent=YELLOW, hint="G", name="difficult",
                                      tip="The unit's models may then move through difficult "
                                          "terrain as far as the highest die (S-7, F-7)."))
            rj = Rejoin(u.id, m.id)
            if q.is_straggler(m.id) and self._allowed(rj):
                plan = q.rejoin_plan(m.id)
                out.append(ButtonSpec(f"Rejoin {u.name} ({plan.kind})", rj, accent=SKY,
                                      name="rejoin", tip=_rejoin_tip(plan.kind)))
        if st.phase == FloodPhase.SHOOTING:
            shots = [(float(q.shot_odds(u.id, t).expected), t) for t in q.shoot_targets(u.id)]
            for e, t in sorted(shots, reverse=True)[:MAX_TARGETS]:
                o = q.shot_odds(u.id, t)
                out.append(ButtonSpec(f"Shoot at {st.units[t].name}: {e:.1f} casualties",
                                      Shoot(u.id, t), accent=VERMILLION, name="shoot",
                                      tip="Casualties (S-2..S-5): " + odds_text(o.casualties)))
            r = Run(u.id)
            if self._allowed(r):
                run = turn_data().run
                out.append(ButtonSpec(f"Run instead ({run} inches)", r, accent=SKY, hint="R",
                                      name="run", tip=f"The unit rolls {run} and its models "
                                      "may move that far; no shooting, no charge."))
        if st.phase == FloodPhase.ASSAULT:
            for t in q.charge_targets(u.id)[:MAX_TARGETS]:
                c = q.charge_odds(u.id, t)
                reach = percent(float(c.p_reach)) if c is not None else "?"
                out.append(ButtonSpec(f"Charge {st.units[t].name}: reaches {reach}",
                                      Charge(u.id, t), accent=VERMILLION, name="charge",
                                      tip=_charge_tip(c)))
        done = Done(u.id)
        if self._allowed(done):
            out.append(ButtonSpec(f"{u.name}: done", done, accent=DIM, hint="D", name="done",
                                  tip="The unit has finished this phase (its stragglers "
                                      "rejoin first, F-8)."))
        return out

    # ---------------------------------------------------------------- words
    def verb(self) -> str:
        return VERBS.get(self.state.phase, "acts")

    def phase_line(self) -> str:
        st = self.state
        line = super().phase_line()
        if st.setup.objective == "nest":
            done, need = self.q.planted()
            line += f"  Charges planted: {done} of {need}."
        return line

    def top_note(self) -> str:
        """F-2: the flood's chance before it is rolled (or when it came)."""
        q = self.q
        turn = q.flood_turn()
        if turn is not None:
            return f"The flood came on turn {turn} (F-2)."
        nxt = q.next_flood_chance()
        if nxt > 0:
            return f"Flood at the start of turn {self.state.turn + 1}: {percent(float(nxt))} (F-2)"
        return f"No flood before turn {turn_data().first_turn} (F-2)."

    def piece_rows(self, piece: PieceView) -> list[tuple[str, str]]:
        m = self.model(piece.id)
        if m is None:
            return []
        u = self.unit_of(m.id)
        q = self.q
        rows = [("Unit", f"{u.name}: {len(u.survivors)} of {len(u.models)} standing"
                 + (" (scattered, F-8)" if q.is_scattered(u.id) else "")),
                ("Profile", m.stats.line()),
                ("Base", f"{m.radius * 2:.2f} inches across")]
        guns = ", ".join(w.name for w in m.guns()) or "none"
        cc = m.close_combat_weapon()
        rows.append(("Weapons", f"{guns}; close combat: {cc.name if cc else 'bare hands'}"))
        if m.alive and q.on_gantry(m.id):
            rows.append(("Stands", "on a gantry: out of the water's reach (F-1)"))
        if m.alive and q.would_plant(m.id):
            rows.append(("Nest", "plants a charge at the end of its turn"))
        return rows

    def piece_tags(self, piece: PieceView) -> list[tuple[str, Colour]]:
        out: list[tuple[str, Colour]] = []
        if piece.status == "dead":
            return [("casualty", VERMILLION)]
        for t in piece.tags:
            colour: Colour = {"scattered": VERMILLION, "straggler": ORANGE, "locked": ORANGE,
                              "leader": YELLOW}.get(t, SKY if t in ("moved", "fired") else TEXT)
            out.append((t, colour))
        return out

    def place_text(self, place: Place) -> str | None:
        if not isinstance(place, Point):
            return None
        x, y = place.units
        hard = self.q.in_difficult(x, y)
        return f"({x:.1f}, {y:.1f})" + (": difficult terrain" if hard else "")

    def preview_actor(self, selected: str | None, target: PieceView) -> str | None:
        m = self.model(selected)
        t = self.model(target.id)
        if m is None or t is None or self.unit_of(m.id).side == self.unit_of(t.id).side:
            return None
        return m.id if self.state.phase in (FloodPhase.SHOOTING, FloodPhase.ASSAULT) else None

    def tip(self, actor: str, target: str) -> list[TipLine] | None:
        """S-2..S-6: what the actor's unit would do to the target's unit, the chance of
        each number of casualties."""
        st = self.state
        a, t = self.model(actor), self.model(target)
        if a is None or t is None:
            return None
        ua, ut = self.unit_of(a.id), self.unit_of(t.id)
        lines = [TipLine(f"{ua.name} -> {ut.name}", TEXT, True)]
        q = self.q
        if st.phase == FloodPhase.SHOOTING:
            why = self.m.why_illegal(Shoot(ua.id, ut.id))
            lines.append(TipLine("can shoot now" if why is None else f"cannot: {why}",
                                 GREEN if why is None else VERMILLION))
            if why is None:
                lines += _shot_lines(q.shot_odds(ua.id, ut.id))
        elif st.phase == FloodPhase.ASSAULT:
            why = self.m.why_illegal(Charge(ua.id, ut.id))
            lines.append(TipLine("can charge now" if why is None else f"cannot: {why}",
                                 GREEN if why is None else VERMILLION))
            c = q.charge_odds(ua.id, ut.id) if why is None else None
            if c is not None:
                lines += _charge_lines(c)
        return lines

    def place_tip(self, selected: str | None, place: Place) -> list[TipLine] | None:
        m = self.model(selected)
        if m is None or not self.mine(m.id) or not isinstance(place, Point) or \
                m.id not in self.q.acting():
            return None
        r = self.ruler(m, place)
        return [TipLine(r.lines[0], GREEN if r.ok else VERMILLION, True)] + [
            TipLine(ln, ORANGE) for ln in r.lines[1:]]

    def help_rows(self) -> list[tuple[str, str]]:
        return [
            ("Click a model", "select it and its unit (its reach: sky clear, orange "
                              "difficult)"),
            ("Click a point", "move the selected model there (S-7)"),
            ("Click an enemy", "shoot at its unit / charge it (the tip gives the odds)"),
            ("G", f"roll for difficult terrain ({_hard_dice()}, highest; F-7)"),
            ("R", f"run instead of shooting ({turn_data().run} inches)"),
            ("D", "the selected model's unit is done this phase"),
            ("N", "the next model that can still act"),
            ("Enter", "end the phase"),
            ("Space or K", "skip the flood's showing (while it plays)"),
        ]


# ==================================================================== the flood shown
def wash_show(m: Match[Any], key: str) -> WashShow:
    """The last flood as the board plays it (F-4..F-7): each wash's path, the bump that
    set it off with its roll (F-5), the forks' rolls on the way (F-4), what stopped it
    and what it took (F-6), from the state's washes and the dice log since it came."""
    st = m.state
    assert isinstance(st, FloodState)
    since = _flood_events(m.log)
    last = {w.model: k for k, w in enumerate(st.washes)}
    stretches = _carry_events(since, st.washes)
    steps = []
    for k, w in enumerate(st.washes):
        path = tuple(p.units for p in w.path)
        a, b = stretches[k]
        ours = since[a:b]
        if path:
            steps.append(WashStep(w.model, path, _bump(st, since[:a] if b else since, w),
                                  _wash_end(st, w, last[w.model] == k),
                                  _fork_notes(ours, w), w.bumped_by or ""))
    return WashShow(key, tuple(steps), st.flooded)


def _carry_events(events: list[Event], washes: tuple[Any, ...]) -> list[tuple[int, int]]:
    """Each wash's own stretch of ``events``: from its carry (the model's event with the
    wash's path as its places) to the next wash's; (0, 0) where none is found."""
    starts = []
    at = 0
    for w in washes:
        k = next((i for i in range(at, len(events)) if events[i].figure == w.model
                  and events[i].places == tuple(w.path)), -1)
        starts.append(k)
        if k >= 0:
            at = k + 1
    found = sorted(k for k in starts if k >= 0)
    return [(k, next((j for j in found if j > k), len(events))) if k >= 0 else (0, 0)
            for k in starts]


def _bump(st: FloodState, events: list[Event], w: Any) -> str:
    """F-5: "bumped by Kel: 5 on 4+ (F-5)" for a wash a bump set off ("" for none): the
    last such roll in ``events`` (those before the wash)."""
    if not w.bumped_by:
        return ""
    who = st.model(w.bumped_by).name if st.has_model(w.bumped_by) else w.bumped_by
    roll = next((e.roll for e in reversed(events) if e.rule == "F-5"  # the last before it
                 and e.target == w.model and e.figure == w.bumped_by
                 and isinstance(e.roll, Roll)), None)
    if roll is None:
        return f"bumped by {who} (F-5)"
    need = f" on {roll.target}+" if roll.target is not None else ""
    return f"bumped by {who}: {roll.total}{need} (F-5)"


def _flood_events(log: list[Event]) -> list[Event]:
    """The events of the last flood: from its FLOODED event on."""
    for k in range(len(log) - 1, -1, -1):
        if log[k].kind == FloodKind.FLOODED:
            return log[k:]
    return []


def _wash_end(st: FloodState, w: Any, last: bool) -> str:
    """What the board says where a wash stops, when there is more to say than how far
    (the dice log says that): what stopped it (F-4) and the hit of impassable terrain
    (F-6), a casualty (at the model's ``last`` wash); "" otherwise."""
    said = []
    stop = w.stopped_by
    if stop and stop != "dead end":
        feature = next((f for f in st.board.features if str(f.id) == str(stop)), None)
        name = (feature.name or feature.kind) if feature is not None else str(stop)
        said.append(f"stopped by {name}: a hit (F-6)")
    elif stop:
        said.append(str(stop))
    if last and st.has_model(w.model) and not st.model(w.model).alive:
        said.append("casualty")
    return f"{w.carried / 100:.1f} in, " + ", ".join(said) if said else ""


def _fork_notes(events: list[Event], w: Any) -> tuple[tuple[XY, str], ...]:
    """F-4: each fork's roll for this wash where the fork is (the wash's FORK events),
    said with the split it rolled on."""
    return tuple((e.places[0].units, f"fork: {_branch(e.roll)} (F-4)") for e in events
                 if e.kind is FloodWashKind.FORK and e.figure == w.model
                 and isinstance(e.roll, Roll) and e.places and isinstance(e.places[0], Point))


def _branch(roll: Roll) -> str:
    """A fork's roll and the branch it picked, from the split its label gives ("... at a
    fork (1-3 Main, east; 4-6 Cross, south)" and 5: "5, Cross, south"); the roll alone
    where the label says no split."""
    label = roll.label
    if "(" not in label or not label.endswith(")"):
        return str(roll.total)
    for part in label[label.rfind("(") + 1:-1].split("; "):
        faces, _sp, name = part.partition(" ")
        lo, _dash, hi = faces.partition("-")
        if lo.isdigit() and (hi or lo).isdigit() and int(lo) <= roll.total <= int(hi or lo):
            return f"{roll.total}, {name}"
    return str(roll.total)


# ==================================================================== tips
def _shot_lines(o: ShotOdds) -> list[TipLine]:
    out = [TipLine(f"casualties: {odds_text(o.casualties)}", YELLOW, True),
           TipLine(f"  expected {float(o.expected):.2f}, at least one "
                   f"{percent(float(o.any))} (S-2..S-5)", DIM)]
    for ln in o.lines[:4]:
        hit = f"{ln.hit_on}+ to hit" if ln.hit_on is not None else "hits"
        out.append(TipLine(f"  {ln.label}: {ln.attacks} x {hit}, S{ln.strength}"
                           + (f" AP{ln.ap}" if ln.ap is not None else ""), DIM))
    if len(o.lines) > 4:
        out.append(TipLine(f"  and {len(o.lines) - 4} more", DIM))
    return out


def _charge_lines(c: ChargeOdds) -> list[TipLine]:
    how = (f"highest of {_hard_dice()} (difficult terrain)" if c.difficult
           else f"{turn_data().charge:g} inches")
    return [TipLine(f"{c.reach:.1f} inches to go, {how}: reaches "
                    f"{percent(float(c.p_reach))} (S-3)", YELLOW, True),
            TipLine(f"it inflicts: {odds_text(c.inflicted)}", TEXT),
            TipLine(f"it suffers: {odds_text(c.suffered)}", TEXT),
            TipLine(f"if the enemy loses it holds {percent(float(c.enemy_holds))} (S-6)", DIM)]


def _charge_tip(c: ChargeOdds | None) -> str:
    if c is None:
        return "Charge into base contact and fight a round (S-3)."
    return (f"{c.reach:.1f} inches: reaches {percent(float(c.p_reach))}; casualties "
            f"inflicted {odds_text(c.inflicted, 3)} (S-3..S-5)")


def _rejoin_tip(kind: str) -> str:
    return {"through": "Its way back passes a scattered enemy: it goes through at full "
                       "move and both units fight a round (F-9).",
            "into": "Its way back passes an enemy not scattered: it goes into contact and "
                    "fights a round as if charged (F-9).",
            "stuck": "No way back: it stays where it is (F-8)."}.get(
        kind, "Its whole move towards its unit (F-8).")


def _hard_dice() -> str:
    """The difficult terrain roll as the dice log writes it ("2d6", turn.toml)."""
    return f"{turn_data().difficult_dice}d6"


def _first(u: Unit | None) -> str | None:
    if u is None:
        return None
    alive = u.survivors
    return alive[0].id if alive else (u.models[0].id if u.models else None)
