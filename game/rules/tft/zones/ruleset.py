"""Melee on zone boards (seed 002): the Fantasy Trip turn (T-7) and combat (T-1..T-4) on
a board of zones, with the zone rules Z-1..Z-17.

A turn: both sides roll for initiative and the winner says which side acts first where
adjusted DX ties; then every figure acts once in order of adjusted DX (T-7). Movement is
part of the actions: a zone move is a whole action, a battle move goes with an attack
(Z-4). An action may pause while the other side decides a reaction the rules give it
(:class:`~game.rules.tft.zones.state.Window`): an intercept of a zone move (Z-13), an
evade or a protection of the figure attacked (Z-14, Z-15), a charge response, a closing
attack, an opportunity attack at a figure leaving a melee (Z-17). The action under way
(:class:`~game.rules.tft.zones.state.Doing`) then goes on from where it paused.

``MeleeOnZones.apply`` trusts its caller (``Match.apply`` checks with ``why_illegal``).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable
from typing import Any, ClassVar

from game.boards.zones import ZoneBoard
from game.core.dice import Dice, Modifier
from game.core.errors import ScenarioError, printable
from game.core.events import Event, Kind
from game.core.phases import Phase, PhaseTable
from game.core.places import InZone, LoadedMap, Place
from game.core.ruleset import Action, Outcome, PieceView, Termination
from game.core.scenario import Scenario
from game.rules.tft import combat, turn
from game.rules.tft.data import load_data, unit_spec
from game.rules.tft.events import MeleeKind
from game.rules.tft.zones import legal, rules
from game.rules.tft.zones.actions import (
    ACTIONS,
    OVER,
    Attack,
    Charge,
    ChooseFirst,
    Close,
    Decline,
    Defend,
    EndAction,
    EnterBottleneck,
    Hold,
    Leave,
    Pass,
    PickUp,
    Protect,
    React,
    Ready,
    Rush,
    Shoot,
    SplitMove,
    StandUp,
    ToBoundary,
    Wait,
    Withdraw,
    ZoneMove,
)
from game.rules.tft.zones.data import numbers
from game.rules.tft.zones.state import (
    ALONE,
    CLOSE,
    CONTACT,
    Doing,
    Window,
    ZoneFigure,
    ZoneState,
)

PHASES = PhaseTable(
    Phase("initiative", "Initiative", "T-7", ("action",),
          "Both sides rolled a die; the winner chooses which side acts first where "
          "adjusted DX ties."),
    Phase("action", "Actions", "T-7", ("reaction", "initiative"),
          "Figures act in order of adjusted DX: a zone move, a charge, an attack (with a "
          "battle move into contact), a shot, a withdrawal, protecting a friend..."),
    Phase("reaction", "Reaction", "Z-13", ("action", "initiative"),
          "The other side may react: intercept a zone move (Z-13), protect (Z-14), evade "
          "(Z-15), answer a charge, strike at one who closes or leaves a melee."),
)

Step = Callable[[Any, ZoneState, Doing, Dice], list[Event]]

OPTIONS = ("hold_out",)
"""The scenario options the zone rules read."""
INTERCEPTED = "intercepted"
"""Event kind: a zone move was stopped by an intercept (Z-13)."""
CONTEST = "contest"
"""Event kind: a DX contest was rolled (Z-13, Z-14, Z-15)."""


def _slug(text: str) -> str:
    out = "".join(c if c.isalnum() else "-" for c in text.lower())
    return "-".join(p for p in out.split("-") if p)


class MeleeOnZones:
    """Fantasy Trip figures on a zone board: the rules of seed 002 (Z-1..Z-17)."""

    key: ClassVar[str] = "tft-zones"
    title: ClassVar[str] = "Melee on zones"
    board_kind: ClassVar[str] = "zones"
    phases: ClassVar[PhaseTable] = PHASES
    actions = ACTIONS

    # ================================================================== setup
    def setup(self, scenario: Scenario, loaded: LoadedMap[ZoneBoard], dice: Dice
              ) -> tuple[ZoneState, list[Event]]:
        """Place the map's figures as the scenario's units, then roll turn 1's
        initiative. ScenarioError naming the file if they do not fit."""
        board = loaded.board
        split = numbers().split_size
        for ob in board.obstacles.values():
            if ob.zone is not None and ob.size >= split:
                raise ScenarioError(
                    f"{scenario.map_path.name}: {ob.label} (size {ob.size}) lies inside zone "
                    f"'{ob.zone}': an obstacle of {split} or more splits its zone in two "
                    "(Z-11); draw two zones with it on their common boundary")
        specs = {k: unit_spec(k, raw, scenario.path.name) for k, raw in scenario.units.items()}
        figures: dict[str, ZoneFigure] = {}
        counts: dict[str, int] = {}
        for p in loaded.placements:
            where = f"{scenario.map_path.name}: figure '{p.name or p.unit}'"
            if not isinstance(p.place, InZone):
                raise ScenarioError(f"{where} is not placed in a zone")
            if p.side not in scenario.sides:
                raise ScenarioError(f"{where} is on side '{p.side}', which "
                                    f"{scenario.path.name} does not list under [sides]")
            spec = specs.get(p.unit)
            if spec is None:
                raise ScenarioError(f"{where} is a '{p.unit}', which {scenario.path.name} "
                                    "does not define under [units]")
            counts[p.unit] = counts.get(p.unit, 0) + 1
            name = p.name or f"{spec.kind.name} {counts[p.unit]}"
            fid = _slug(name) or p.unit
            while fid in figures:
                fid += "-2"
            figures[fid] = ZoneFigure(
                id=fid, name=name, side=p.side, unit=p.unit, kind=spec.kind.key,
                zone=p.place.zone, boundary=p.place.boundary, st=spec.st, st_max=spec.st,
                dx=spec.dx, iq=spec.iq, ma=spec.ma, mr=spec.ma, size=spec.kind.hexes,
                weapons=list(spec.weapons), ready=spec.ready, armour=spec.armour,
                shield=spec.shield)
        for f in figures.values():
            bn = board.bottleneck_on(f.zone, f.boundary) if f.boundary else None
            if bn is not None:
                if len([g for g in figures.values() if g.bottleneck == bn.id]) >= bn.capacity:
                    raise ScenarioError(f"{scenario.map_path.name}: more figures stand in "
                                        f"{bn.label} than its capacity {bn.capacity}")
                f.bottleneck = bn.id
        for side in scenario.sides:
            if not any(f.side == side for f in figures.values()):
                raise ScenarioError(f"{scenario.map_path.name}: side '{side}' has no figures")
        for key in scenario.options:
            if key not in OPTIONS:
                raise ScenarioError(f"{scenario.path.name}: [options] '{printable(key)}' is "
                                    f"not an option of {self.title} (options: "
                                    f"{', '.join(OPTIONS)})")
        hold = scenario.options.get("hold_out")
        if hold is not None and (not isinstance(hold, str) or hold not in scenario.sides):
            raise ScenarioError(f"{scenario.path.name}: [options] hold_out {hold!r:.40} is "
                                f"not a side ({', '.join(scenario.sides)})")
        state = ZoneState(board=board, sides=list(scenario.sides), figures=figures,
                          turn_limit=scenario.turn_limit, hold_out=hold,
                          options=dict(scenario.options), side_names=dict(scenario.sides))
        return state, self._start_turn(state, dice)

    # ================================================================== turn flow
    def _phase(self, state: ZoneState, to: str) -> None:
        if state.phase != to:
            state.phase = PHASES.transition(state.phase, to)

    def _start_turn(self, state: ZoneState, dice: Dice) -> list[Event]:
        """T-7: each side rolls 1d6 for initiative (ties roll again)."""
        events = [Event(Kind.TURN, f"Turn {state.turn} begins.", "T-7")]
        state.initiative, state.winner, rolled = turn.roll_initiative(
            state.sides, state.side_name, dice)
        state.first = None
        return events + rolled

    def _start_actions(self, state: ZoneState, dice: Dice) -> list[Event]:
        """T-7: figures act in order of adjusted DX, highest first; between the sides the
        chosen side goes first at equal DX, within a side a die breaks ties."""
        self._phase(state, "action")
        per_side: dict[str, list[str]] = {}
        events: list[Event] = []
        for s in state.sides:
            ids, evs = turn.action_order(state.side_figures(s), dice)
            per_side[s] = ids
            events += [e for e in evs if e.kind != Kind.PHASE]
        rank = {s: (0 if s == state.first else 1) for s in state.sides}
        order: list[tuple[int, int, int, str]] = []
        for s, ids in per_side.items():
            for k, fid in enumerate(ids):
                dx = combat.adjusted_dx_total(state.figures[fid])
                order.append((-dx, rank[s], k, fid))
        state.order = [fid for *_k, fid in sorted(order)]
        state.current = 0
        names = ", ".join(state.figures[i].name for i in state.order)
        events.append(Event(Kind.PHASE, f"Action order: {names}.", "T-7"))
        return events + self._advance(state, dice)

    def _advance(self, state: ZoneState, dice: Dice) -> list[Event]:
        """The next figure that can still act this turn; after the last, the turn ends."""
        while state.current < len(state.order):
            f = state.figures[state.order[state.current]]
            if f.active and not f.acted:
                f.defending = False  # T-7 full defence lasts until its next action
                return []
            state.current += 1
        return self._end_turn(state, dice)

    def _end_turn(self, state: ZoneState, dice: Dice) -> list[Event]:
        """T-3's -2 DX for 5+ damage carries into the next turn; bottlenecks open again."""
        for f in state.figures.values():
            f.dx_penalty = combat.stagger_penalty(f)
            f.acted = f.waiting = f.protect_new = False
            f.damage_taken, f.hurt_by = 0, []
        state.order, state.current, state.passed, state.split = [], 0, {}, {}
        if self._check_end(state):
            return [self._game_over_event(state)]
        if state.turn_limit is not None and state.turn >= state.turn_limit:
            hold = state.hold_out
            if hold is not None and any(f.active for f in state.side_figures(hold)):
                state.ended = Outcome(hold, Termination.VICTORY,
                                      f"{state.side_name(hold)} win: they held out for "
                                      f"{state.turn_limit} turns.")
            else:
                state.ended = Outcome(None, Termination.TURN_LIMIT,
                                      f"A draw: the turn limit of {state.turn_limit} was "
                                      "reached.")
            return [self._game_over_event(state)]
        self._phase(state, "initiative")
        state.turn += 1
        return self._start_turn(state, dice)

    def _check_end(self, state: ZoneState) -> bool:
        """Victory: a side wins when every enemy figure is dead or unconscious."""
        if state.ended:
            return True
        up = {f.side for f in state.figures.values() if f.status == "ok"}
        standing = [s for s in state.sides if s in up]
        if len(standing) == 1:
            state.ended = Outcome(standing[0], Termination.VICTORY,
                                  f"{state.side_name(standing[0])} win: no enemy figure is "
                                  "left standing.")
        elif not standing:
            state.ended = Outcome(None, Termination.NO_SURVIVORS,
                                  "A draw: no figure is left standing.")
        return state.ended is not None

    def _game_over_event(self, state: ZoneState) -> Event:
        assert state.ended is not None
        return Event(Kind.GAME_OVER, state.ended.reason)

    def to_act(self, state: ZoneState) -> str | None:
        if state.ended:
            return None
        if state.phase == "initiative":
            return state.winner
        if state.phase == "reaction":
            return state.window.side if state.window else None
        f = state.acting()
        return f.side if f else None

    def save_stamp(self) -> dict[str, str]:
        """Its play depends on nothing beyond this program's own code."""
        return {}

    def outcome(self, state: ZoneState) -> Outcome | None:
        return state.ended

    # ================================================================== legality
    def legal_actions(self, state: ZoneState) -> list[Action]:
        return legal.legal_actions(state)

    def why_illegal(self, state: ZoneState, action: Action) -> str | None:
        return legal.why_illegal(state, action)

    # ================================================================== apply
    def apply(self, state: ZoneState, action: Action, dice: Dice) -> list[Event]:
        """Carry out a legal action (unchecked: Match.apply checks first)."""
        handler = self._handlers[type(action)]
        events = handler(self, state, action, dice)
        self._tidy(state)
        if not state.ended and self._check_end(state):
            state.doing, state.window = None, None
            events.append(self._game_over_event(state))
        return events

    def _complete(self, state: ZoneState, f: ZoneFigure, dice: Dice, *, moved: bool,
                  attacked: bool, ran: bool, stopped: bool = False) -> list[Event]:
        """An action is over: in a split action (Z-8) count its move and attack and go on
        while any is left; else the figure has acted (Z-7: it runs on only if it ran)."""
        if state.ended:
            return []
        n = numbers()
        if state.split and f.active:
            state.split["moves"] = state.split.get("moves", 0) + int(moved)
            state.split["attacks"] = state.split.get("attacks", 0) + int(attacked)
            state.split["ran"] = int(state.split.get("ran", 0) or ran)
            if stopped:
                state.split["moves"] = n.split_pools
            if state.split["moves"] < n.split_pools or state.split["attacks"] < n.split_attacks:
                return []
            ran = bool(state.split["ran"])
        return self._finish(state, f, dice, ran)

    def _finish(self, state: ZoneState, f: ZoneFigure, dice: Dice, ran: bool) -> list[Event]:
        f.acted = True
        f.running = ran and f.active and not f.prone
        state.split = {}
        state.doing = None
        state.current += 1
        return self._advance(state, dice)

    # ---------------------------------------------------------------- simple actions
    def _do_choose(self, state: ZoneState, a: ChooseFirst, dice: Dice) -> list[Event]:
        state.first = a.first
        ev = Event(Kind.INITIATIVE, f"{state.side_name(a.side)} choose that "
                   f"{state.side_name(a.first)} act first where DX ties.", "T-7")
        return [ev] + self._start_actions(state, dice)

    def _do_defend(self, state: ZoneState, a: Defend, dice: Dice) -> list[Event]:
        f = state.figures[a.figure]
        self._stop_protecting(state, f)
        f.defending = True
        return [Event(MeleeKind.DEFENDING, f"{f.name} defends: attackers roll 4 dice until its "
                      "next action.", "T-7", f.id)] + self._finish(state, f, dice, False)

    def _do_wait(self, state: ZoneState, a: Wait, dice: Dice) -> list[Event]:
        f = state.figures[a.figure]
        f.waiting = True
        state.order.pop(state.current)
        state.order.append(f.id)
        ev = Event("waits", f"{f.name} waits: it acts last this turn, and can still react "
                   "until then.", "Z-17", f.id)
        return [ev] + self._advance(state, dice)

    def _do_hold(self, state: ZoneState, a: Hold, dice: Dice) -> list[Event]:
        f = state.figures[a.figure]
        state.current += 1
        who = state.figures[f.protecting or ""].name if f.protecting else "?"
        ev = Event("holds", f"{f.name} keeps protecting {who}: its action waits for a "
                   "protection response.", "Z-14", f.id)
        return [ev] + self._advance(state, dice)

    def _do_ready(self, state: ZoneState, a: Ready, dice: Dice) -> list[Event]:
        f = state.figures[a.figure]
        self._stop_protecting(state, f)
        f.ready = a.weapon
        name = load_data().weapons[a.weapon].name
        return [Event(MeleeKind.READIED, f"{f.name} readies the {name}.", "T-7", f.id)] + \
            self._finish(state, f, dice, False)

    def _do_pick_up(self, state: ZoneState, a: PickUp, dice: Dice) -> list[Event]:
        f = state.figures[a.figure]
        lying = state.dropped[f.zone]
        lying.remove(a.weapon)
        if not lying:
            del state.dropped[f.zone]
        if a.weapon not in f.weapons:
            f.weapons.append(a.weapon)
        f.ready = a.weapon
        name = load_data().weapons[a.weapon].name
        return [Event(MeleeKind.PICKED_UP, f"{f.name} picks up the {name}.", "T-7", f.id)] + \
            self._finish(state, f, dice, False)

    def _do_stand(self, state: ZoneState, a: StandUp, dice: Dice) -> list[Event]:
        f = state.figures[a.figure]
        f.prone = False
        return [Event(Kind.STOOD, f"{f.name} stands up.", "T-7", f.id)] + \
            self._finish(state, f, dice, False)

    def _do_pass(self, state: ZoneState, a: Pass, dice: Dice) -> list[Event]:
        f = state.figures[a.figure]
        self._stop_protecting(state, f)
        return [Event(Kind.PASSED, f"{f.name} does nothing.", "T-7", f.id)] + \
            self._finish(state, f, dice, False)

    def _do_split(self, state: ZoneState, a: SplitMove, dice: Dice) -> list[Event]:
        f = state.figures[a.figure]
        self._stop_protecting(state, f)
        state.split = {"moves": 0, "attacks": 0, "ran": 0}
        pool = rules.base_mr(state, f)
        return [Event("split", f"{f.name} splits its MR {f.mr} into two pools of {pool}: "
                      "two moves and one attack this action.", "Z-8", f.id)]

    def _do_end_action(self, state: ZoneState, a: EndAction, dice: Dice) -> list[Event]:
        f = state.figures[a.figure]
        ran = bool(state.split.get("ran", 0))
        return [Event(Kind.PASSED, f"{f.name} ends its split action.", "Z-8", f.id)] + \
            self._finish(state, f, dice, ran)

    def _do_protect(self, state: ZoneState, a: Protect, dice: Dice) -> list[Event]:
        f, p = state.figures[a.figure], state.figures[a.protectee]
        self._stop_protecting(state, f)
        events, ok = self._battle_roll(state, f, f.zone, [], dice, f"{f.name} moves to "
                                       f"protect {p.name}")
        if ok:
            self._join(state, f, p)
            f.protecting, f.protect_new = p.id, True
            events.append(Event("protects", f"{f.name} stands with {p.name} to protect it "
                                "(both count as Alone).", "Z-14", f.id, p.id,
                                places=(p.place,)))
        return events + self._complete(state, f, dice, moved=ok, attacked=False, ran=False,
                                       stopped=not ok)

    def _do_to_boundary(self, state: ZoneState, a: ToBoundary, dice: Dice) -> list[Event]:
        f = state.figures[a.figure]
        self._stop_protecting(state, f)
        self._ungroup(state, f)
        extra = rules.boundary_cut(state.board, f.zone, a.other)
        events, ok = self._battle_roll(state, f, f.zone, extra, dice,
                                       f"{f.name} moves onto the line of {f.zone} and "
                                       f"{a.other}")
        if ok:
            start = f.place
            f.boundary = a.other
            events.append(Event(Kind.MOVED, f"{f.name} stands on the boundary of {f.zone} and "
                                f"{a.other}: it counts as in both (Z-12).", "Z-12", f.id,
                                places=(start, f.place)))
        return events + self._complete(state, f, dice, moved=ok, attacked=False, ran=False,
                                       stopped=not ok)

    def _do_enter_bottleneck(self, state: ZoneState, a: EnterBottleneck, dice: Dice
                             ) -> list[Event]:
        f = state.figures[a.figure]
        self._stop_protecting(state, f)
        bn = state.board.bottlenecks[a.bottleneck]
        events, ok = self._battle_roll(state, f, f.zone, [], dice,
                                       f"{f.name} moves into the {bn.id}")
        if ok:
            start = f.place
            enemies = rules.enemy_holders(state, f, bn.id)
            if not enemies:
                self._ungroup(state, f)
            f.bottleneck = bn.id
            f.boundary = bn.other(f.zone)
            self._bottleneck_group(state, bn.id, f)
            left = rules.free_spots(state, bn)
            text = (f"{f.name} takes a spot in the {bn.id} ({left} free)" +
                    (f", InContact with {', '.join(e.name for e in enemies)}" if enemies
                     else "") + ".")
            events.append(Event(Kind.MOVED, text, "Z-16", f.id, places=(start, f.place)))
        return events + self._complete(state, f, dice, moved=ok, attacked=False, ran=False,
                                       stopped=not ok)

    # ---------------------------------------------------------------- the pipeline
    def _begin(self, state: ZoneState, action: Action, dice: Dice,
               target: str | None = None) -> list[Event]:
        state.doing = Doing(action, target=target)
        return self._run(state, dice)

    def _run(self, state: ZoneState, dice: Dice) -> list[Event]:
        """Carry the action under way on, step by step, until it is done or waits for a
        reaction (a window)."""
        events: list[Event] = []
        while state.doing is not None and state.window is None and not state.ended:
            d = state.doing
            steps = self._steps[type(d.action)]
            if d.stage >= len(steps):
                events += self._done(state, d, dice)
                break
            step = steps[d.stage]
            d.stage += 1
            done = step(self, state, d, dice)
            events += done
            if _downed(done):
                self._tidy(state)
                if self._check_end(state):
                    state.doing, state.window = None, None
                    break
        self._phase(state, "reaction" if state.window is not None else
                    "action" if state.phase == "reaction" else state.phase)
        return events

    def _done(self, state: ZoneState, d: Doing, dice: Dice) -> list[Event]:
        a = d.action
        f = state.figures[_figure_of(a)]
        state.doing = None
        ran = isinstance(a, Charge) or (isinstance(a, ZoneMove) and a.run)
        attacked = isinstance(a, (Attack, Shoot, Close, Rush, Charge))
        moved = d.moved or isinstance(a, (ZoneMove, Charge, Withdraw, Leave))
        return self._complete(state, f, dice, moved=moved, attacked=attacked, ran=ran,
                              stopped=d.stopped or d.short or d.line)

    def _end(self, d: Doing) -> None:
        """Skip the rest of the action's steps."""
        d.stage = 10 ** 6

    def _open(self, state: ZoneState, w: Window) -> list[Event]:
        state.window = w
        mover = state.figures[w.mover]
        names = ", ".join(sorted({state.figures[r].name for r, _h in w.options}))
        text = {"intercept": f"{mover.name} {'leaves' if w.leaving else 'enters'} {w.zone}: "
                             f"{state.side_name(w.side)} may intercept ({names}).",
                "defend": f"{state.side_name(w.side)} may react to {mover.name} ({names}).",
                "opportunity": f"{mover.name} leaves the melee: {state.side_name(w.side)} may "
                               f"strike at it ({names})."}[w.kind]
        return [Event("reaction", text, {"intercept": "Z-13", "defend": "Z-14",
                                         "opportunity": "Z-17"}[w.kind], mover.id,
                      w.target)]

    # ---------------------------------------------------------------- zone moves
    def _do_zone_move(self, state: ZoneState, a: ZoneMove, dice: Dice) -> list[Event]:
        return self._begin(state, a, dice)

    def _do_charge(self, state: ZoneState, a: Charge, dice: Dice) -> list[Event]:
        return self._begin(state, a, dice, target=a.target)

    def _zm_declare(self, state: ZoneState, d: Doing, dice: Dice) -> list[Event]:
        a = d.action
        assert isinstance(a, (ZoneMove, Charge))
        f = state.figures[a.figure]
        start = legal.start_zone(state, f, a.path[0]) or f.zone
        self._stop_protecting(state, f)
        self._ungroup(state, f)
        if f.on_line:
            f.zone, f.boundary = start, None
        verb = "charges" if isinstance(a, Charge) else "runs" if a.run else "moves"
        what = f" at {state.figures[a.target].name}" if isinstance(a, Charge) else ""
        events = [Event("declares", f"{f.name} {verb}{what}: {start} > {' > '.join(a.path)}.",
                        "Z-9" if isinstance(a, Charge) else "Z-4", f.id)]
        others = legal.interceptors(state, f, start)
        if others:
            events += self._open(state, Window("intercept", others[0].side, f.id,
                                               [(g.id, "intercept") for g in others],
                                               zone=start, leaving=True))
        return events

    def _zm_roll(self, state: ZoneState, d: Doing, dice: Dice) -> list[Event]:
        """Z-3, Z-5: the move's roll, if it needs one."""
        a = d.action
        assert isinstance(a, (ZoneMove, Charge))
        f = state.figures[a.figure]
        if d.stopped or not f.active:
            self._end(d)
            return []
        run = True if isinstance(a, Charge) else a.run
        plan = rules.zone_move_plan(state, f, f.zone, a.path, a.via, run, a.through)
        d.reach = len(a.path)
        if not plan.roll:
            return [Event("move_plan", f"{f.name}: {plan.explain()}.", "Z-3", f.id)]
        n = numbers()
        z = plan.zones
        mod = Modifier(plan.target_mod, f"MR {plan.mr} for {z} zone{'s' * (z > 1)}", "Z-3")
        roll = dice.check(n.check_dice, plan.dx, [mod], rule="Z-3",
                          label=f"{f.name} moves {z} zone{'s' * (z > 1)} to {a.path[-1]}")
        ev = Event(Kind.ROLLED, roll.explain(), "Z-3", f.id, roll=roll)
        if not roll.success:
            d.stopped = True
            if z == 1:
                self._end(d)
                return [ev, Event(Kind.PASSED, f"{f.name} does not make it: it stays in "
                                  f"{f.zone} and its action is over (Z-5).", "Z-5", f.id)]
            d.stopped = False
            d.short, d.reach = True, z - 1  # Z-3: the zones before the last were automatic
            return [ev, Event(Kind.PASSED, f"{f.name} does not make the last zone: it gets "
                              f"as far as {a.path[z - 2]} (Z-3, Z-5).", "Z-5", f.id)]
        if n.stop_face in roll.faces:
            d.reach, d.line = z - 1, True
            return [ev, Event("stops", f"A {n.stop_face} in the roll: {f.name} stops on the "
                              f"boundary of {a.path[-1]} (Z-5).", "Z-5", f.id)]
        return [ev]

    def _zm_enter(self, state: ZoneState, d: Doing, dice: Dice) -> list[Event]:
        """Cross the next border (Z-16 passage, Z-11 damage), enter the zone, and let its
        enemies intercept (Z-13)."""
        a = d.action
        assert isinstance(a, (ZoneMove, Charge))
        f = state.figures[a.figure]
        if d.stopped or not f.active:
            self._end(d)
            return []
        if d.at >= d.reach:
            return []
        board = state.board
        prev, z, how = f.zone, a.path[d.at], a.via[d.at]
        events = []
        if how not in ("", OVER):
            state.passed[how] = state.passed.get(how, 0) + 1
        else:
            for ob in board.obstacles_on(prev, z):
                if a.through and ob.damage:
                    events += self._obstacle_damage(f, ob.id, ob.kind, ob.damage, dice)
        start = f.place
        f.zone, f.boundary = z, None
        d.at += 1
        how_text = f" through the {how}" if how not in ("", OVER) else \
            " over the " + "/".join(o.kind for o in board.obstacles_on(prev, z)) \
            if board.obstacles_on(prev, z) else ""
        events.insert(0, Event(Kind.MOVED, f"{f.name} crosses into {z}{how_text}.", "Z-4",
                               f.id, places=(start, f.place)))
        if not f.active:
            d.stopped = True
            self._end(d)
            return events
        d.stage -= 1  # this step again for the next border
        others = [g for g in legal.interceptors(state, f, z) if g.id != f.id]
        if others:
            events += self._open(state, Window("intercept", others[0].side, f.id,
                                               [(g.id, "intercept") for g in others],
                                               zone=z, leaving=False))
        return events

    def _zm_arrive(self, state: ZoneState, d: Doing, dice: Dice) -> list[Event]:
        """Z-4, Z-5: the move ends Alone in the zone reached, or on the next boundary
        (in the bottleneck, if it was going through one and a spot is free)."""
        a = d.action
        assert isinstance(a, (ZoneMove, Charge))
        f = state.figures[a.figure]
        if d.stopped or not f.active:
            self._end(d)
            return []
        if d.short:
            self._end(d)
            return [Event("arrives", f"{f.name} stops in {f.zone}, Alone; its action is "
                          "over.", "Z-5", f.id)]
        if not d.line:
            return [Event("arrives", f"{f.name} is in {f.zone}, Alone.", "Z-4", f.id)]
        nxt, how = a.path[d.reach], a.via[d.reach]
        start = f.place
        if how not in ("", OVER):
            bn = state.board.bottlenecks[how]
            if rules.free_spots(state, bn) > 0 and not rules.enemy_holders(state, f, how):
                f.bottleneck, f.boundary = how, nxt
                text = f"{f.name} stops in the {how}."
            else:
                text = f"{f.name} stops at the {how}, in {f.zone}."
        else:
            f.boundary = nxt
            text = f"{f.name} stops on the boundary of {f.zone} and {nxt} (Z-12)."
        self._end(d)
        return [Event(Kind.MOVED, text, "Z-5", f.id, places=(start, f.place))]

    def _ch_contact(self, state: ZoneState, d: Doing, dice: Dice) -> list[Event]:
        """Z-9, Z-11: at the end of a charge, an obstacle the target keeps between them."""
        a = d.action
        assert isinstance(a, Charge)
        f = state.figures[a.figure]
        t = state.figures[d.target or a.target]
        if d.stopped or d.line or not f.active:
            self._end(d)
            return []
        if not t.active or f.zone not in t.zones or t.bottleneck is not None:
            self._end(d)
            return [Event(Kind.PASSED, f"{t.name} is no longer there to be charged.", "Z-9",
                          f.id)]
        events, ok = self._contact_roll(state, f, t, a.through, dice, battle=False)
        if not ok:
            d.stopped = True
            self._end(d)
        return events

    def _ch_window(self, state: ZoneState, d: Doing, dice: Dice) -> list[Event]:
        a = d.action
        assert isinstance(a, Charge)
        f, t = state.figures[a.figure], state.figures[a.target]
        opts = self._defence_options(state, f, t, moving=True, charge=True)
        if opts:
            return self._open(state, Window("defend", t.side, f.id, opts, target=t.id,
                                            zone=f.zone))
        return []

    def _ch_strike(self, state: ZoneState, d: Doing, dice: Dice) -> list[Event]:
        """Z-9: into contact, and the blow at double damage."""
        a = d.action
        assert isinstance(a, Charge)
        f = state.figures[a.figure]
        t = state.figures[d.target or a.target]
        if d.stopped or not f.active or not t.active:
            return []
        events = self._contact(state, f, t, "")
        n = numbers()
        events += self._strike(state, f, t, dice, multiplier=n.charge_damage,
                               rule="Z-9", note=f"charging: x{n.charge_damage} damage")
        return events

    # ---------------------------------------------------------------- attacks
    def _do_attack(self, state: ZoneState, a: Attack, dice: Dice) -> list[Event]:
        return self._begin(state, a, dice, target=a.target)

    def _do_close(self, state: ZoneState, a: Close, dice: Dice) -> list[Event]:
        return self._begin(state, a, dice, target=a.target)

    def _do_rush(self, state: ZoneState, a: Rush, dice: Dice) -> list[Event]:
        return self._begin(state, a, dice, target=a.target)

    def _do_shoot(self, state: ZoneState, a: Shoot, dice: Dice) -> list[Event]:
        return self._begin(state, a, dice, target=a.target)

    def _at_move(self, state: ZoneState, d: Doing, dice: Dice) -> list[Event]:
        """Z-4, Z-11: a battle move into contact (a roll if the MR is short or the target
        keeps an obstacle between them)."""
        a = d.action
        assert isinstance(a, (Attack, Close, Rush))
        f, t = state.figures[a.figure], state.figures[a.target]
        self._stop_protecting(state, f)
        if (f.group and f.group == t.group) or f.close_with == t.id:
            return []
        through = a.through if isinstance(a, Attack) else False
        events, ok = self._contact_roll(state, f, t, through, dice, battle=True)
        d.moved = True
        if not ok:
            d.stopped = True
            self._end(d)
        return events

    def _at_window(self, state: ZoneState, d: Doing, dice: Dice) -> list[Event]:
        a = d.action
        assert isinstance(a, (Attack, Close, Rush, Shoot))
        f, t = state.figures[a.figure], state.figures[a.target]
        opts = self._defence_options(state, f, t, moving=d.moved,
                                     closing=isinstance(a, Close))
        if opts:
            return self._open(state, Window("defend", t.side, f.id, opts, target=t.id,
                                            zone=t.zone))
        return []

    def _at_strike(self, state: ZoneState, d: Doing, dice: Dice) -> list[Event]:
        a = d.action
        assert isinstance(a, Attack)
        f = state.figures[a.figure]
        t = state.figures[d.target or a.target]
        if d.stopped or not f.active or not t.active:
            return []
        events = []
        if not (f.group and f.group == t.group) and f.close_with != t.id:
            events += self._contact(state, f, t, a.into)
        return events + self._strike(state, f, t, dice)

    def _cl_strike(self, state: ZoneState, d: Doing, dice: Dice) -> list[Event]:
        """Z-17 CLOSE: both InClose (hand to hand), prone unless 3x the other's size."""
        a = d.action
        assert isinstance(a, Close)
        f = state.figures[a.figure]
        t = state.figures[d.target or a.target]
        if d.stopped or not f.active or not t.active:
            return []
        events = []
        if not (f.group and f.group == t.group):
            events += self._contact(state, f, t, legal.default_into(f, t))
        if t.close_with is not None or t.bottleneck is not None:
            return events
        f.close_with, t.close_with = t.id, f.id
        events.append(Event("closes", f"{f.name} and {t.name} are InClose: hand to hand, "
                            "both down (Z-2).", "Z-17", f.id, t.id, places=(t.place,)))
        return events

    def _ru_strike(self, state: ZoneState, d: Doing, dice: Dice) -> list[Event]:
        """Z-17 RUSH: a hit makes the target roll 3d6 vs DX (2d6 if the rusher is weaker,
        12 failing; -1 per 6 ST the rusher has over it; +1 die if it runs, Z-7) or fall
        prone, or go back out of its bottleneck (the rusher takes the spot)."""
        a = d.action
        assert isinstance(a, Rush)
        f = state.figures[a.figure]
        t = state.figures[d.target or a.target]
        if d.stopped or not f.active or not t.active:
            return []
        events = []
        if not (f.group and f.group == t.group):
            events += self._contact(state, f, t, legal.default_into(f, t))
        n = numbers()
        situation = rules.cover_modifier(state, f, t) + rules.prone_modifier(f, t)
        base, mods_f = combat.adjusted_dx(f)
        k = combat.attack_dice(t)
        hit = dice.check(k, base, mods_f + situation, rule="Z-17",
                         label=f"{f.name} rushes {t.name}",
                         automatic=combat.automatic_results(k))
        events.append(Event(Kind.ATTACKED, hit.explain(), "Z-17", f.id, t.id, roll=hit))
        if not hit.success:
            return events
        weaker = f.st < t.st
        dice_n = (n.rush_weaker_dice if weaker else n.rush_dice) + (
            n.running_balance_dice if t.running else 0)
        mods = [m for m in combat.adjusted_dx(t)[1]]
        over = (f.st - t.st) // n.rush_st_step
        if over > 0:
            mods.append(Modifier(-over, f"{f.name} is {f.st - t.st} ST stronger", "Z-17"))
        auto = {n.rush_weaker_fails: (False, "always fails")} if weaker else None
        label = f"{t.name} keeps its feet" + (" (running: one die more, Z-7)" if t.running
                                               else "")
        bal = dice.check(dice_n, t.dx, mods, rule="Z-17", label=label, automatic=auto)
        events.append(Event(Kind.ROLLED, bal.explain(), "Z-17", t.id, roll=bal))
        if bal.success:
            return events
        if a.back and t.bottleneck is not None:
            bn = state.board.bottlenecks[t.bottleneck]
            behind = bn.other(f.zone) if f.bottleneck is None else t.zone
            start = t.place
            self._ungroup(state, t)
            t.bottleneck, t.boundary, t.zone = None, None, behind
            t.running = False
            events.append(Event(Kind.RETREATED, f"{f.name} pushes {t.name} out of the "
                                f"{bn.id} into {behind}.", "Z-17", f.id, t.id,
                                places=(start, t.place)))
            if f.bottleneck is None and rules.free_spots(state, bn) > 0:
                fstart = f.place
                f.bottleneck, f.boundary = bn.id, bn.other(f.zone)
                events.append(Event(Kind.MOVED, f"{f.name} takes the freed spot in the "
                                    f"{bn.id} (Z-16).", "Z-16", f.id,
                                    places=(fstart, f.place)))
            return events
        t.prone, t.running = True, False
        events.append(Event(Kind.PRONE, f"{t.name} falls prone.", "Z-17", t.id))
        return events

    def _sh_strike(self, state: ZoneState, d: Doing, dice: Dice) -> list[Event]:
        """A shot measured in zones: -2 DX a zone, each zone's visibility, the target's
        cover (Z-16); a running target is shot at with one die more (Z-7)."""
        a = d.action
        assert isinstance(a, Shoot)
        f = state.figures[a.figure]
        t = state.figures[d.target or a.target]
        if d.stopped or not f.active or not t.active:
            return []
        line = rules.shot(state, f, t)
        mods = line[1] if line else []
        extra = numbers().running_missile_dice if t.running else 0
        w = f.ready or "fist"
        res = combat.resolve_attack(f, t, mods, dice, rear=False, extra_dice=extra,
                                    rule="Z-17", note="running: +1 die" if extra else "",
                                    places=(f.place, t.place))
        events = res.events
        if load_data().weapons[w].thrown and w in f.weapons:
            f.weapons.remove(w)
            f.ready = None
            state.dropped.setdefault(t.zone, []).append(w)
            events.append(Event(MeleeKind.DROPPED, f"The {load_data().weapons[w].name} lands in "
                                f"{t.zone}.", "Z-17", f.id))
        elif res.dropped:
            self._drop(state, f, res.dropped)
        return events

    # ---------------------------------------------------------------- leaving
    def _do_withdraw(self, state: ZoneState, a: Withdraw, dice: Dice) -> list[Event]:
        return self._begin(state, a, dice)

    def _do_leave(self, state: ZoneState, a: Leave, dice: Dice) -> list[Event]:
        return self._begin(state, a, dice)

    def _wd_roll(self, state: ZoneState, d: Doing, dice: Dice) -> list[Event]:
        """Z-17 WITHDRAW: from InContact 4d6 vs DX (16+ no move); from InClose 3d6 vs DX,
        Alone on 3-5."""
        a = d.action
        f = state.figures[_figure_of(a)]
        self._stop_protecting(state, f)
        n = numbers()
        base, mods = combat.adjusted_dx(f)
        if f.close_with is not None:
            other = state.figures[f.close_with]
            roll = dice.check(n.close_withdraw_dice, base, mods, rule="Z-17",
                              label=f"{f.name} breaks away from {other.name}")
            events = [Event(Kind.ROLLED, roll.explain(), "Z-17", f.id, roll=roll)]
            if roll.success:
                f.close_with = other.close_with = None
                if roll.total <= n.close_critical:
                    self._ungroup(state, f)
                    events.append(Event(Kind.MOVED, f"{f.name} breaks away and stands Alone "
                                        "(a critical).", "Z-17", f.id))
                else:
                    events.append(Event(Kind.MOVED, f"{f.name} breaks away: InContact "
                                        "again.", "Z-17", f.id))
            else:
                d.stopped = True
            self._end(d)
            return events
        roll = dice.check(n.withdraw_dice, base, mods, rule="Z-17",
                          label=f"{f.name} withdraws")
        events = [Event(Kind.ROLLED, roll.explain(), "Z-17", f.id, roll=roll)]
        if roll.total >= n.withdraw_fumble:
            d.fumbled = True
            events.append(Event(Kind.PASSED, f"{roll.total}: a fumble; {f.name} does not move "
                                "and may be struck.", "Z-17", f.id))
        if roll.success and not d.fumbled:
            self._leave_melee(state, f, f.zone)
            events.append(Event(Kind.MOVED, f"{f.name} withdraws and stands Alone.", "Z-17",
                                f.id))
            self._end(d)
            return events
        return events + self._opportunity(state, f)

    def _wd_finish(self, state: ZoneState, d: Doing, dice: Dice) -> list[Event]:
        f = state.figures[_figure_of(d.action)]
        if d.fumbled or not f.active:
            d.stopped = True
            return []
        self._leave_melee(state, f, f.zone)
        return [Event(Kind.MOVED, f"{f.name} gets away and stands Alone.", "Z-17", f.id)]

    def _lv_start(self, state: ZoneState, d: Doing, dice: Dice) -> list[Event]:
        a = d.action
        assert isinstance(a, Leave)
        f = state.figures[a.figure]
        self._stop_protecting(state, f)
        events, ok = self._battle_roll(state, f, a.zone, [], dice, f"{f.name} moves to "
                                       f"{a.zone}")
        if not ok:
            d.stopped = True
            self._end(d)
            return events
        if rules.status(state, f) == CONTACT:
            events += self._opportunity(state, f)
        return events

    def _lv_finish(self, state: ZoneState, d: Doing, dice: Dice) -> list[Event]:
        a = d.action
        assert isinstance(a, Leave)
        f = state.figures[a.figure]
        if not f.active:
            return []
        start = f.place
        if f.bottleneck is not None and a.zone != f.zone:
            state.passed[f.bottleneck] = state.passed.get(f.bottleneck, 0) + 1
        self._leave_melee(state, f, a.zone)
        d.moved = True
        return [Event(Kind.MOVED, f"{f.name} moves apart, Alone in {a.zone}.", "Z-4", f.id,
                      places=(start, f.place))]

    def _opportunity(self, state: ZoneState, f: ZoneFigure) -> list[Event]:
        """Z-17: leaving a melee without a successful withdraw gives one opponent a free
        blow: the other side chooses which, or none."""
        opts = []
        for g in state.group_of(f):
            if g.side != f.side and g.standing and g.close_with is None and \
                    rules.melee_weapon(g) is not None and \
                    rules.why_not_strike(state, g, f) is None:
                opts.append((g.id, "opportunity"))
        if not opts:
            return []
        side = state.figures[opts[0][0]].side
        return self._open(state, Window("opportunity", side, f.id, opts, target=f.id,
                                        zone=f.zone))

    # ---------------------------------------------------------------- reactions
    def _defence_options(self, state: ZoneState, f: ZoneFigure, t: ZoneFigure, *,
                         moving: bool, charge: bool = False, closing: bool = False
                         ) -> list[tuple[str, str]]:
        """What the target's side may do against ``f`` coming at ``t``: evade (Z-15, an
        Alone target not yet acted, against a move into contact), protect (Z-14, a
        protector not yet acted), answer a charge (a longer weapon or a held action), a
        closing attack (at one moving InClose)."""
        opts: list[tuple[str, str]] = []
        fresh = t.active and not t.acted and not t.prone and t.close_with is None
        if moving and fresh and t.bottleneck is None and rules.status(state, t) == ALONE:
            opts.append((t.id, "evade"))
        for g in state.figures.values():
            if g.protecting == t.id and rules.can_protect_now(g):
                opts.append((g.id, "protect"))
        if charge and fresh:
            w = rules.melee_weapon(t)
            if w is not None and (t.waiting or rules.reach(w) > rules.reach(
                    rules.melee_weapon(f))):
                opts.append((t.id, "respond"))
        if closing and fresh and rules.melee_weapon(t) is not None:
            opts.append((t.id, "closing"))
        return opts

    def _do_react(self, state: ZoneState, a: React, dice: Dice) -> list[Event]:
        w = state.window
        assert w is not None and state.doing is not None
        d = state.doing
        r, m = state.figures[a.figure], state.figures[w.mover]
        events: list[Event] = []
        close = True
        if a.how == "intercept":
            run = True if isinstance(d.action, Charge) else bool(getattr(d.action, "run",
                                                                         False))
            first, second = rules.contest_sides(state, r, m, True, run)
            c = dice.contest(first, second, rule="Z-13", label=f"{r.name} intercepts {m.name}",
                             mode="margin", ties="second")
            events.append(Event(CONTEST, c.explain(), "Z-13", r.id, m.id, roll=c))
            self._stop_protecting(state, r)
            rules.react_with_action(r)
            if c.winner == 0:
                start = r.place
                if r.on_line:
                    r.zone, r.boundary = w.zone, None
                self._ungroup(state, r)
                self._join(state, r, m)
                d.stopped = True
                where = "in" if w.leaving else "as it enters"
                events.append(Event(INTERCEPTED, f"{r.name} intercepts {m.name} {where} "
                                    f"{w.zone}: both InContact, the move stops.", "Z-13",
                                    r.id, m.id, places=(start, r.place)))
            else:
                w.options = [o for o in w.options if o[0] != r.id]
                close = not w.options
                events.append(Event(Kind.PASSED, f"{m.name} gets past {r.name}.", "Z-13",
                                    r.id, m.id))
        elif a.how == "evade":
            first, second = rules.contest_sides(state, r, m, False)
            c = dice.contest(first, second, rule="Z-15", label=f"{r.name} evades {m.name}",
                             mode="margin", ties="second")
            events.append(Event(CONTEST, c.explain(), "Z-15", r.id, m.id, roll=c))
            rules.react_with_action(r)
            if c.winner == 0:
                d.stopped = True
                events.append(Event("evades", f"{r.name} slips away and stays Alone; "
                                    f"{m.name}'s action is spent.", "Z-15", r.id, m.id))
            else:
                events.append(Event(Kind.PASSED, f"{m.name} reaches {r.name}.", "Z-15",
                                    r.id, m.id))
        elif a.how == "protect":
            events += self._protect_response(state, d, r, m, dice)
        elif a.how in ("respond", "closing", "opportunity"):
            rule, note, mult = {
                "respond": ("Z-9", f"answers the charge: x{numbers().charge_interrupted} "
                                   "damage", numbers().charge_interrupted),
                "closing": ("Z-17", "closing attack", 1),
                "opportunity": ("Z-17", "opportunity attack", 1)}[a.how]
            if a.how != "opportunity":
                rules.react_with_action(r)
            events += self._strike(state, r, m, dice, multiplier=mult, rule=rule, note=note)
        state.window = None if close else w
        if _downed(events):
            self._tidy(state)
            if self._check_end(state):
                state.doing, state.window = None, None
                return events
        return events + self._run(state, dice)

    def _protect_response(self, state: ZoneState, d: Doing, r: ZoneFigure, m: ZoneFigure,
                          dice: Dice) -> list[Event]:
        """Z-14: the protector steps in with a DX contest. Won: it takes the blow (or
        the attacker's contact), the protectee moves away Alone, and the protector acts
        at once (a blow at a melee attacker, double against a charge, Z-9) unless it set
        the protection up this turn (then it only moves to contact); lost: the attack goes
        on (the protector is with its friend already)."""
        t = state.figures[r.protecting or ""]
        first, second = rules.contest_sides(state, r, m, False)
        c = dice.contest(first, second, rule="Z-14", label=f"{r.name} protects {t.name}",
                         mode="margin", ties="second")
        events = [Event(CONTEST, c.explain(), "Z-14", r.id, m.id, roll=c)]
        contact_only = r.protect_new
        rules.react_with_action(r)
        r.protect_new = False
        if c.winner != 0:
            events.append(Event(Kind.PASSED, f"{m.name} gets to {t.name}.", "Z-14", r.id,
                                m.id))
            return events
        d.redirected = True
        d.target = r.id
        r.protecting = None
        start = t.place
        if t.group == r.group and r.group:
            self._ungroup(state, t)
        events.append(Event("protected", f"{r.name} steps in front of {t.name}, who moves "
                            "away Alone.", "Z-14", r.id, t.id, places=(start, t.place)))
        melee = isinstance(d.action, (Attack, Charge, Close, Rush))
        if melee and contact_only:
            if not (m.group and m.group == r.group):
                events += self._contact(state, m, r, "")
        elif melee and rules.melee_weapon(r) is not None:
            if not (m.group and m.group == r.group):
                events += self._contact(state, m, r, "")
            n = numbers()
            mult = n.charge_interrupted if isinstance(d.action, Charge) else 1
            note = (f"protecting, interrupts the charge: x{mult} damage" if mult > 1 else
                    "protecting")
            events += self._strike(state, r, m, dice, multiplier=mult, rule="Z-14",
                                   note=note)
        return events

    def _do_decline(self, state: ZoneState, a: Decline, dice: Dice) -> list[Event]:
        w = state.window
        assert w is not None
        state.window = None
        ev = Event(Kind.PASSED, f"{state.side_name(a.side)} let it go on.", "", None)
        return [ev] + self._run(state, dice)

    # ---------------------------------------------------------------- helpers
    def _battle_roll(self, state: ZoneState, f: ZoneFigure, zone: str,
                     extra: list[Modifier], dice: Dice, label: str
                     ) -> tuple[list[Event], bool]:
        """Z-4, Z-5: roll for a battle or trivial move if a modifier applies."""
        mods = rules.battle_move_modifiers(state, f, zone, extra)
        if not mods:
            return [], True
        roll = dice.check(numbers().check_dice, combat.adjusted_dx_total(f), mods,
                          rule="Z-4", label=label)
        events = [Event(Kind.ROLLED, roll.explain(), "Z-4", f.id, roll=roll)]
        if not roll.success:
            events.append(Event(Kind.PASSED, f"{f.name} does not make it: its movement ends "
                                "where it is (Z-5).", "Z-5", f.id))
        return events, bool(roll.success)

    def _contact_roll(self, state: ZoneState, f: ZoneFigure, t: ZoneFigure, through: bool,
                      dice: Dice, battle: bool) -> tuple[list[Event], bool]:
        """Z-4, Z-11: a move into contact: the MR shortfall of a battle move and the
        obstacle the target keeps between them (or run through it and take its damage)."""
        events: list[Event] = []
        extra: list[Modifier] = []
        ob = rules.obstacle_for(state, f, t)
        if ob is not None:
            o, size = ob
            if through and o.damage:
                events += self._obstacle_damage(f, o.id, o.kind, o.damage, dice)
                if not f.active:
                    return events, False
            else:
                extra.append(Modifier(-size, f"{t.name} keeps the {o.kind} between them",
                                      "Z-11"))
        zone = legal.contact_zone(f, t, "") if t.bottleneck is None else f.zone
        if battle:
            more, ok = self._battle_roll(state, f, zone, extra, dice,
                                         f"{f.name} moves into contact with {t.name}")
            return events + more, ok
        if not extra:
            return events, True
        roll = dice.check(numbers().check_dice, combat.adjusted_dx_total(f), extra,
                          rule="Z-11", label=f"{f.name} gets round to {t.name}")
        events.append(Event(Kind.ROLLED, roll.explain(), "Z-11", f.id, roll=roll))
        if not roll.success:
            events.append(Event(Kind.PASSED, f"{f.name} stays Alone (Z-11).", "Z-11", f.id))
        return events, bool(roll.success)

    def _obstacle_damage(self, f: ZoneFigure, oid: str, kind: str, damage: str, dice: Dice
                         ) -> list[Event]:
        """Z-11: running through an obstacle costs its damage (armour stops it as usual)."""
        r = dice.roll(damage, rule="Z-11", label=f"{f.name} goes through the {kind}")
        stops = combat.armour_stops(f, rear=False)
        hits = max(0, r.total - stops)
        events = [Event(Kind.ROLLED, f"{r.explain()} - {stops} stopped = {hits}", "Z-11",
                        f.id, roll=r, amount=hits)]
        return events + combat.take_damage(f, hits, f"the {oid}")

    def _strike(self, state: ZoneState, f: ZoneFigure, t: ZoneFigure, dice: Dice, *,
                multiplier: int = 1, rule: str = "T-2", note: str = "") -> list[Event]:
        """T-2, T-3: a melee blow with what the zone rules add: the target's cover in a
        bottleneck (Z-16), a figure down (Z-2), a charge's damage (Z-9)."""
        w = rules.melee_weapon(f)
        if w is None or not f.active or not t.active:
            return []
        situation = rules.cover_modifier(state, f, t) + rules.prone_modifier(f, t)
        weapon = w if f.close_with is not None else None
        res = combat.resolve_attack(f, t, situation, dice, rear=False, multiplier=multiplier,
                                    weapon=weapon, rule=rule, note=note,
                                    places=(f.place, t.place))
        if res.dropped:
            self._drop(state, f, res.dropped)
        return res.events

    def _drop(self, state: ZoneState, f: ZoneFigure, weapon: str) -> None:
        """T-2: a 17 drops the weapon where the figure stands."""
        if weapon in f.weapons:
            f.weapons.remove(weapon)
        if f.ready == weapon:
            f.ready = None
        state.dropped.setdefault(f.zone, []).append(weapon)

    def _contact(self, state: ZoneState, f: ZoneFigure, t: ZoneFigure, into: str
                 ) -> list[Event]:
        """Z-2, Z-12, Z-16: ``f`` joins ``t``'s melee group: off its line into the zone,
        dragging a target on a line into its own zone; at a bottleneck from its side."""
        zone = legal.contact_zone(f, t, into)
        start_f, start_t = f.place, t.place
        events = []
        if t.on_line:
            t.zone, t.boundary = zone, None
            t.running = False
            events.append(Event(Kind.MOVED, f"{f.name} drags {t.name} off the boundary into "
                                f"{zone} (Z-12).", "Z-12", f.id, t.id,
                                places=(start_t, t.place)))
        if f.on_line:
            f.zone, f.boundary = zone, None
        elif f.bottleneck is None and t.bottleneck is None:
            f.zone = zone
        self._join(state, f, t)
        if t.bottleneck is not None:
            self._bottleneck_group(state, t.bottleneck, t)
        if f.place != start_f:
            events.insert(0, Event(Kind.MOVED, f"{f.name} moves into contact with {t.name}.",
                                   "Z-4", f.id, places=(start_f, f.place)))
        return events

    def _join(self, state: ZoneState, f: ZoneFigure, t: ZoneFigure) -> None:
        """``f`` stands with ``t`` (in its group; one is made if it has none)."""
        if not t.group:
            t.group = state.next_group
            state.next_group += 1
        old = f.group
        f.group = t.group
        if old and old != t.group:
            self._tidy_group(state, old)

    def _bottleneck_group(self, state: ZoneState, bn: str, f: ZoneFigure) -> None:
        """Z-16: everyone holding spots in a bottleneck stands in one group with ``f``
        (the defenders together, and whoever fights them there)."""
        for h in state.holders(bn):
            if h is not f and (not f.group or h.group != f.group):
                self._join(state, h, f)

    def _ungroup(self, state: ZoneState, f: ZoneFigure) -> None:
        old = f.group
        f.group = 0
        if f.close_with is not None:
            other = state.figures[f.close_with]
            other.close_with = None
            f.close_with = None
        if old:
            self._tidy_group(state, old)

    def _tidy_group(self, state: ZoneState, g: int) -> None:
        left = [x for x in state.figures.values() if x.group == g and x.active]
        if len(left) == 1:
            left[0].group = 0

    def _leave_melee(self, state: ZoneState, f: ZoneFigure, zone: str) -> None:
        """Out of its group (and bottleneck), Alone in ``zone``."""
        self._ungroup(state, f)
        f.bottleneck, f.boundary, f.zone = None, None, zone

    def _stop_protecting(self, state: ZoneState, f: ZoneFigure) -> None:
        f.protecting, f.protect_new = None, False

    def _tidy(self, state: ZoneState) -> None:
        """Figures out of the fight leave groups, spots and pairs; protection ends when
        the two are no longer together; a group of one is no group."""
        groups: Counter[int] = Counter()
        figures = state.figures
        protectors = False
        for f in figures.values():
            if f.status != "ok":
                if f.group or f.close_with or f.bottleneck or f.protecting or f.running:
                    if f.close_with is not None:
                        figures[f.close_with].close_with = None
                    f.close_with = None
                    f.group, f.protecting = 0, None
                    if f.bottleneck is not None:
                        f.bottleneck, f.boundary = None, None
                    f.running = False
            elif f.group:
                groups[f.group] += 1
            if f.prone and f.running:
                f.running = False  # Z-7: a knockdown ends running
            if f.protecting is not None:
                protectors = True
        if any(n <= 1 for n in groups.values()):
            for f in figures.values():
                if f.group and groups[f.group] <= 1:
                    f.group = 0
        if protectors:
            for f in figures.values():
                if f.protecting is not None:
                    p = figures[f.protecting]
                    if not p.active or not f.group or p.group != f.group:
                        f.protecting = None

    # ================================================================== pieces
    def pieces(self, state: ZoneState) -> list[PieceView]:
        """Every figure as a front end draws and lists it. ``group``: "" apart, "gN" for
        melee group N in a zone, "gN:a+b" for an InClose pair in it, "bottleneck:ID" for
        figures holding a bottleneck and those fighting them from either side."""
        kinds = load_data().kinds
        out = []
        holders_group = {f.group: f.bottleneck for f in state.figures.values()
                         if f.bottleneck and f.group and f.active}
        for f in state.figures.values():
            st = rules.status(state, f) if f.active else ""
            tags: list[str] = [st] if st else []
            if f.active and f.prone and f.close_with is None:
                tags.append("prone")
            if f.running and f.active:
                tags.append("running")
            if f.defending:
                tags.append("defending")
            if f.waiting and not f.acted:
                tags.append("waiting")
            if f.protecting:
                tags.append(f"protects {state.figures[f.protecting].name}")
            if f.bottleneck:
                tags.append(f"holds the {f.bottleneck}")
            if f.on_line:
                tags.append("on a boundary")
            if f.bottleneck:
                group = f"bottleneck:{f.bottleneck}"
            elif f.group in holders_group:
                group = f"bottleneck:{holders_group[f.group]}"
            elif f.group:
                group = f"g{f.group}"
                if f.close_with is not None:
                    pair = sorted((f.id, f.close_with))
                    group += f":{pair[0]}+{pair[1]}"
            else:
                group = ""
            status = "prone" if f.active and rules.is_prone(f) else f.status
            out.append(PieceView(
                id=f.id, name=f.name, side=f.side, kind=f.kind, kind_name=kinds[f.kind].name,
                place=f.place, facing=None, health=f.st, health_max=f.st_max,
                health_label="ST", status=status, tags=tuple(tags), active=f.active,
                size=f.size, ring="running" if f.running and f.active else "",
                group=group if f.active else ""))
        return out

    # ================================================================== words
    def describe(self, state: ZoneState, action: Action) -> str:
        """An action in a player's words."""
        def name(fid: str) -> str:
            f = state.figures.get(fid)
            return f.name if f else fid

        match action:
            case ChooseFirst(side=s, first=first):
                return f"{state.side_name(s)} let {state.side_name(first)} act first on ties"
            case ZoneMove(figure=fid, path=path, via=via, run=run, through=through):
                how = "runs" if run else "moves"
                ways = [v for v in via if v]
                return (f"{name(fid)} {how} to {' > '.join(path)}"
                        + (f" (via {', '.join(ways)})" if ways else "")
                        + (" through the obstacle" if through else ""))
            case Charge(figure=fid, path=path, target=t):
                return f"{name(fid)} charges {name(t)} via {' > '.join(path)}"
            case Attack(figure=fid, target=t, into=into, through=through):
                return (f"{name(fid)} attacks {name(t)}" + (f" into {into}" if into else "")
                        + (" running through the obstacle" if through else ""))
            case Close(figure=fid, target=t):
                return f"{name(fid)} closes with {name(t)}"
            case Rush(figure=fid, target=t, back=back):
                return f"{name(fid)} rushes {name(t)}" + (" out of the way" if back else "")
            case Shoot(figure=fid, target=t):
                return f"{name(fid)} shoots at {name(t)}"
            case Withdraw(figure=fid):
                return f"{name(fid)} withdraws"
            case Leave(figure=fid, zone=z):
                return f"{name(fid)} moves apart into {z}"
            case ToBoundary(figure=fid, other=z):
                return f"{name(fid)} moves onto the boundary with {z}"
            case EnterBottleneck(figure=fid, bottleneck=b):
                return f"{name(fid)} takes a spot in the {b}"
            case Protect(figure=fid, protectee=p):
                return f"{name(fid)} protects {name(p)}"
            case Hold(figure=fid):
                return f"{name(fid)} keeps protecting"
            case SplitMove(figure=fid):
                return f"{name(fid)} splits its move"
            case EndAction(figure=fid):
                return f"{name(fid)} ends its action"
            case Defend(figure=fid):
                return f"{name(fid)} defends"
            case Wait(figure=fid):
                return f"{name(fid)} waits"
            case Ready(figure=fid, weapon=w):
                return f"{name(fid)} readies the {load_data().weapons[w].name}" \
                    if w in load_data().weapons else f"{name(fid)} readies {w}"
            case PickUp(figure=fid, weapon=w):
                return f"{name(fid)} picks up the {w}"
            case StandUp(figure=fid):
                return f"{name(fid)} stands up"
            case Pass(figure=fid):
                return f"{name(fid)} does nothing"
            case React(figure=fid, how=how):
                verb = {"intercept": "intercepts", "evade": "evades", "protect": "protects",
                        "respond": "answers the charge", "closing": "strikes as it closes",
                        "opportunity": "strikes as it leaves"}.get(how, how)
                return f"{name(fid)} {verb}"
            case Decline(side=s):
                return f"{state.side_name(s)} let it go on"
        return repr(action)

    # ================================================================== tables
    _handlers: ClassVar[dict[type, Callable[..., list[Event]]]] = {
        ChooseFirst: _do_choose, ZoneMove: _do_zone_move, Charge: _do_charge,
        Attack: _do_attack, Close: _do_close, Rush: _do_rush, Shoot: _do_shoot,
        Withdraw: _do_withdraw, Leave: _do_leave, ToBoundary: _do_to_boundary,
        EnterBottleneck: _do_enter_bottleneck, Protect: _do_protect, Hold: _do_hold,
        SplitMove: _do_split, EndAction: _do_end_action, Defend: _do_defend, Wait: _do_wait,
        Ready: _do_ready, PickUp: _do_pick_up, StandUp: _do_stand, Pass: _do_pass,
        React: _do_react, Decline: _do_decline,
    }
    _steps: ClassVar[dict[type, list[Step]]] = {
        ZoneMove: [_zm_declare, _zm_roll, _zm_enter, _zm_arrive],
        Charge: [_zm_declare, _zm_roll, _zm_enter, _zm_arrive, _ch_contact, _ch_window,
                 _ch_strike],
        Attack: [_at_move, _at_window, _at_strike],
        Close: [_at_move, _at_window, _cl_strike],
        Rush: [_at_move, _at_window, _ru_strike],
        Shoot: [_at_window, _sh_strike],
        Withdraw: [_wd_roll, _wd_finish],
        Leave: [_lv_start, _lv_finish],
    }


_DOWN = (Kind.DIED, Kind.UNCONSCIOUS, Kind.PRONE)


def _figure_of(a: Action) -> str:
    """The figure an action of a figure is about."""
    fid = getattr(a, "figure", None)
    assert isinstance(fid, str)
    return fid


def _downed(events: list[Event]) -> bool:
    """Whether a figure went down among ``events`` (then groups, spots and pairs are
    tidied, running ends, and the end of the game is checked)."""
    return any(e.kind in _DOWN for e in events)


def place_zones(place: Place | None) -> tuple[str, ...]:
    """The zones a place counts as in (two for a boundary or a bottleneck)."""
    return place.zones if isinstance(place, InZone) else ()


__all__ = ["ALONE", "CLOSE", "CONTACT", "PHASES", "MeleeOnZones", "place_zones"]
