"""The Melee-on-zones controller: the only UI code that knows the zone actions.

It decides no rule: it asks the rules through the state's queries
(:class:`~game.rules.tft.zones.queries.ZoneQueries`: the legal actions, the plan and odds
of a zone move, the exact chance of each action at an enemy, the DX contests, the odds of
a blow, a shot, a rush, a withdrawal), turns clicks and keys into actions, and words what
the panel, the hover tip and the reaction banner say, with the rule ids. One queries
object serves a state: what it works out (the plans of the zone moves, the odds) is
worked out once between two changes of the game, and the board's marks are built once
for each selection, pointer and run toggle.

Clicks: a figure of yours selects it; an enemy becomes the target of the acting figure
(the buttons offer each action at it with the chance of the whole action; a second click
plays the first); a lit zone is a zone move (walking, or running once R turns it on); a
boundary line of its zone is a move onto it, a farther line a zone move ending on it
(Z-12), a bottleneck a spot in it.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Sequence
from typing import Any

import pygame

from game.core.match import Match
from game.core.places import InZone, Place
from game.core.queries import MoveOption
from game.core.ruleset import Action, PieceView
from game.rules.tft.zones.actions import (
    TARGETED,
    Attack,
    Charge,
    ChooseFirst,
    Close,
    Decline,
    Defend,
    EndAction,
    EnterBottleneck,
    EnterPatch,
    FallProne,
    Hold,
    How,
    Leave,
    MoveAction,
    Pass,
    PickUp,
    Protect,
    React,
    Ready,
    Shoot,
    SplitMove,
    SpotAndStrike,
    StandUp,
    StepAndShoot,
    Targeted,
    ToBoundary,
    Wait,
    Withdraw,
    ZoneMove,
)
from game.rules.tft.zones.phases import WindowKind, ZonePhase
from game.rules.tft.zones.queries import (
    ALONE,
    CLOSE,
    CONTACT,
    AttackOdds,
    MovePlan,
    ZoneFigure,
    ZoneQueries,
    ZoneState,
    load_data,
    numbers,
)
from game.ui.boards import Marks
from game.ui.controllers import ButtonSpec, Confirm, Controller, Reply, Select, TipLine
from game.ui.controllers.zone_menu import Legal, ZoneMenu, default_of
from game.ui.scenes.dice_log import percent
from game.ui.widgets import (
    DIM,
    FAINT,
    GREEN,
    ORANGE,
    PURPLE,
    SKY,
    TEXT,
    VERMILLION,
    YELLOW,
    Colour,
)

MAX_BUTTONS = 9
_UNSAID = object()
"""Buttons the side panel has room for."""

HOW_WORDS = {How.INTERCEPT: "intercepts", How.EVADE: "evades", How.PROTECT: "protects",
             How.RESPOND: "answers the charge of", How.CLOSING: "strikes first at",
             How.OPPORTUNITY: "strikes at"}
HOW_RULES = {How.INTERCEPT: "Z-13", How.EVADE: "Z-15", How.PROTECT: "Z-14",
             How.RESPOND: "Z-9", How.CLOSING: "Z-17", How.OPPORTUNITY: "Z-17"}
VERBS = {ZonePhase.INITIATIVE: "chooses who acts first on ties", ZonePhase.ACTION: "acts",
         ZonePhase.REACTION: "may react"}
ASKS = {WindowKind.OPPORTUNITY: "leaving the melee: strike at it?",
        WindowKind.DEFEND: "react?"}


class MeleeZoneController(Controller):
    """Melee on zone boards: move, charge, strike, shoot, hold doors and react."""

    def __init__(self, match: Match[Any]) -> None:
        super().__init__(match)
        self.menu = ZoneMenu(None, False)
        """What the player may do now (asked part by part when shown)."""
        self.run = False
        """Zone moves run (Z-7: +10 MR, one die more to be shot at): off until R turns
        it on (running costs a die to be shot at); a replay's preview shows each move
        as it was made and then gives the player's own choice back."""
        self._own_run = False
        """The player's own run toggle (what a preview gives back)."""
        self.target: str | None = None
        """The enemy whose actions the buttons offer."""
        self.shown: Action | None = None
        """The action a replay previews (until the game moves on): a zone move is
        marked as it will be made, not as the best way there."""
        self._q: ZoneQueries | None = None
        self._q_key: Hashable = None
        self._marks: tuple[Hashable, Marks] | None = None
        """The marks last built and what they were built for."""
        self._said: dict[Hashable, Any] = {}
        """What :meth:`_once` worked out for the state shown."""

    # ---------------------------------------------------------------- state
    @property
    def state(self) -> ZoneState:
        st = self.m.state
        assert isinstance(st, ZoneState)
        return st

    @property
    def q(self) -> ZoneQueries:
        """The rules' answers about the state shown (made anew when the game moves)."""
        key = (id(self.m.state), len(self.m.actions))
        if self._q is None or self._q_key != key:
            q = self.m.ruleset.queries(self.m.state)
            assert isinstance(q, ZoneQueries)
            self._q, self._q_key, self._marks = q, key, None
            self._said = {}
        return self._q

    def figure(self, fid: str | None) -> ZoneFigure | None:
        return self.state.figures.get(fid) if fid else None

    def refresh(self, human: bool) -> None:
        """The game moved: what the player may do is asked again, part by part, when
        something shows it (not the whole menu after every act)."""
        self._q = None  # the state may have changed in place
        answers = human and self.m.outcome() is None
        self._legal = None if answers else []  # (the whole menu, if something reads it)
        self.menu = ZoneMenu(self.q, answers)
        self.shown = None
        self.run = self._own_run  # a preview's run was the move's, not the player's
        t = self.figure(self.target)
        if t is None or not t.active or not self.menu.at(t.id, first=True):
            self.target = None

    @property
    def sorted(self) -> Legal:
        return self.menu.sorted()

    def answering(self) -> bool:
        """Whether the player has a legal action now."""
        return self.menu.any()

    def acting(self) -> ZoneFigure | None:
        return self.q.actor()

    def focus(self) -> str | None:
        """The figure the step is about: the one acting, or the first that may react."""
        st = self.state
        if st.phase == ZonePhase.REACTION and st.window is not None and st.window.options:
            return st.window.options[0][0]
        a = self.acting()
        return a.id if a is not None else None

    # ---------------------------------------------------------------- odds
    def move_odds(self, f: ZoneFigure, a: MoveAction) -> MovePlan:
        """The plan of ``f``'s zone move or charge ``a`` (Z-3..Z-6), with its odds."""
        return self.q.move_plan(a)

    def best_move(self, f: ZoneFigure, zone: str, run: bool) -> ZoneMove | None:
        """The legal zone move to ``zone`` most likely to get there."""
        return self.q.best_move(f, zone, run)

    def attack_text(self, a: Targeted) -> str:
        """A target's action with its chance, as its button reads."""
        q = self.q
        f, t = self.state.figures[a.figure], self.state.figures[a.target]
        whole = percent(q.attack_option(a).chance)  # the whole action, every part in it
        if isinstance(a, StepAndShoot):
            return f"Step onto the {a.other} line and shoot {t.name} - {whole}"
        if isinstance(a, SpotAndStrike):
            return f"Take a spot in the {a.bottleneck} and attack {t.name} - {whole}"
        if isinstance(a, Shoot):
            return f"Shoot {t.name} - {whole}"
        if isinstance(a, Charge):
            there, hit = q.move_plan(a).p, q.charge_odds(f, t).p_hit
            return (f"Charge {t.name} (x{q.charge_multiplier()}) - {percent(there)} there, "
                    f"{percent(hit)} hit")
        if isinstance(a, Attack):
            into = f" into {a.into}" if a.into else ""
            through = " through it" if a.through else ""
            return f"Attack {t.name}{into}{through} - {whole}"
        if isinstance(a, Close):
            p = q.contact_odds(f, t)
            return f"Close with {t.name} (hand to hand)" + (f" - {percent(p)} to get there"
                                                            if p < 1 else "")
        what = " out of the way" if a.back else " down"
        return f"Rush {t.name}{what} - {whole}"

    # ---------------------------------------------------------------- the board
    def marks(self, selected: str | None, hover: Place | None) -> Marks:
        """What the board shows, built once for each state, selection, pointer, run
        toggle and previewed action."""
        q = self.q
        key = (self._q_key, selected, hover, self.run, self.shown, self.answering())
        if self._marks is not None and self._marks[0] == key:
            return self._marks[1]
        marks = self._build_marks(q, selected, hover)
        self._marks = (key, marks)
        return marks

    def _build_marks(self, q: ZoneQueries, selected: str | None, hover: Place | None
                     ) -> Marks:
        st = self.state
        marks = Marks(selected_piece=selected)
        sel = self.figure(selected)
        if sel is not None:
            marks.selected = sel.place
        if self.m.outcome() is not None:
            return marks
        if st.phase == ZonePhase.REACTION and st.window is not None:
            w = st.window
            marks.pieces[w.mover] = "acting"
            for rid, how in w.options:
                marks.pieces[rid] = how
            return marks
        actor = q.actor()
        show = sel if sel is not None and sel.active else actor
        if show is None:
            return marks
        mine = show is actor and not self.answering()  # the computer's: no reach shown
        reach = {} if mine else {o.place: o for o in q.reach(show.id, self.run)}
        shown = self.shown
        if isinstance(shown, ZoneMove) and shown.figure == show.id and shown.run == self.run:
            reach[InZone(shown.path[-1])] = q.move_option(shown)
        for place, o in reach.items():
            marks.reach[place] = o.label
            if o.odds is not None:
                marks.warnings[place] = o.label
        if show is actor and actor is not None and self.answering():
            self._mark_actor(q, actor, hover, marks)
        if isinstance(hover, InZone) and hover.boundary is None and hover in reach:
            a = shown if isinstance(shown, ZoneMove) and shown.path[-1] == hover.zone and \
                shown.figure == show.id and shown.run == self.run else \
                q.best_move(show, hover.zone, self.run)
            if a is not None:
                marks.path = q.move_path(a)
        return marks

    def _mark_actor(self, q: ZoneQueries, actor: ZoneFigure, hover: Place | None,
                    marks: Marks) -> None:
        """The lines (the one under the pointer), the bottleneck spots and the targets
        of the figure whose action it is."""
        for o in q.moves(actor.id, self.run):
            if not isinstance(o.place, InZone) or o.place.boundary is None:
                continue
            if o.rule == "Z-12" and not (isinstance(hover, InZone) and hover.boundary is not None
                                        and {hover.zone, hover.boundary} ==
                                        {o.place.zone, o.place.boundary}):
                continue  # a line is marked when the pointer is on it
            marks.targets[o.place] = o.label
        for tid in self.menu.targets():
            best = self.menu.best_at(tid)
            if best is not None:
                marks.pieces[tid] = self.short(best)

    def parts_tip(self, a: Targeted) -> str:
        """The chance of the whole action and of each of its parts, in order ("38% in
        all: move into contact 50%, then blow 76%")."""
        parts = self.q.action_parts(a)
        whole = percent(self.q.attack_option(a).chance)
        if len(parts) < 2:
            return f"{whole}: {parts[0][0]}" if parts else whole
        return f"{whole} in all: " + ", then ".join(f"{w} {percent(p)}" for w, p in parts)

    def short(self, a: Targeted) -> str:
        """A piece's mark: the chance the default action against it does what it is for
        (a charge's: of getting there and hitting)."""
        return self.q.attack_option(a).label

    def default_action(self, acts: Sequence[Targeted]) -> Targeted | None:
        """What a second click on a target does, of the legal actions ``acts`` at it
        (:func:`~game.ui.controllers.zone_menu.default_of`)."""
        return default_of(acts, lambda a: self.q.attack_option(a).chance)

    def shown_actions(self, acts: Sequence[Targeted]) -> list[Targeted]:
        """The actions at a target its buttons offer: each plain one, and of those with
        a move as their first part (Z-4) the likeliest where there is no plain one of
        their kind."""
        plain = [a for a in acts if not isinstance(a, (StepAndShoot, SpotAndStrike))]
        out = list(plain)
        for kind in (Shoot, Attack):
            parts = [a for a in acts if isinstance(a, kind) and a not in plain]
            if parts and not any(isinstance(a, kind) for a in plain):
                out.append(max(parts, key=lambda a: self.q.attack_option(a).chance))
        return out

    # ---------------------------------------------------------------- clicks
    def click(self, selected: str | None, place: Place, piece: str | None,
              button: int) -> Reply:
        st = self.state
        if button == 3:
            self.target = None
            return ""
        p = self.figure(piece)
        if not self.answering():
            return Select(piece) if piece is not None else None
        if st.phase == ZonePhase.REACTION:
            if p is not None:
                mine = [r for r in self.sorted.reacts if r.figure == p.id]
                return mine[0] if len(mine) == 1 else Select(p.id)
            return None
        actor = self.acting()
        if actor is None:
            return Select(piece) if piece is not None else None
        if p is not None:
            return self._click_figure(selected, actor, p)
        if not isinstance(place, InZone):
            return None
        if place.boundary is None:
            return self._click_zone(actor, place.zone)
        return self._click_line(actor, place.zone, place.boundary)

    def _click_figure(self, selected: str | None, actor: ZoneFigure, p: ZoneFigure) -> Reply:
        """An enemy: the default action at it (a second click, or the only one), else it
        becomes the target the buttons offer; a friend: protect it or select it."""
        if p.side == actor.side:
            if p.id in self.sorted.protect and p.id != actor.id and selected == actor.id:
                return self.sorted.protect[p.id]
            return Select(p.id)
        acts = self.sorted.on_target.get(p.id)
        if not acts:
            return f"{actor.name} cannot act on {p.name}: " + (
                self.m.why_illegal(Attack(actor.id, p.id)) or "no action reaches it")
        best = self.default_action(acts)
        if self.target == p.id:  # the second click acts; the first always only shows
            return best
        self.target = p.id  # the buttons now offer each way to act on it
        return (f"{p.name}: choose on the right, or click again to "
                f"{self.attack_text(best).lower()}" if best else "")

    def _click_zone(self, actor: ZoneFigure, zone: str) -> Reply:
        """A zone: the surest zone move there (asking first if it runs through an
        obstacle's damage, Z-11), or stepping apart into it."""
        a = self.best_move(actor, zone, self.run)
        if a is not None:
            plan = self.q.move_plan(a)
            if plan.damage:  # running through an obstacle hurts: say so first (Z-11)
                what = ", ".join(f"the {o.kind} ({o.damage})" for o in plan.damage)
                return Confirm(f"Through {what}?",
                               f"{actor.name}'s surest way into {zone} runs through {what}: "
                               "no roll, but it takes that damage (Z-11). Go through?",
                               "Go through", a)
            return a
        if zone in self.sorted.leaves:
            return self.sorted.leaves[zone]
        if zone in actor.zones and actor.on_line:
            return None
        if self.best_move(actor, zone, not self.run) is not None:
            return (f"{actor.name} can only reach {zone} "
                    f"{'walking' if self.run else 'running'}: press R")
        return f"{actor.name} cannot reach {zone} now" + self._why_not_next_door(actor, zone)

    def _why_not_next_door(self, actor: ZoneFigure, zone: str) -> str:
        """Why a walk into ``zone`` next door is refused, in the rules' words (a held
        bottleneck, Z-16; a figure that may not move), or nothing for a far zone."""
        for start in actor.zones:
            if not self.state.board.adjacent(start, zone):
                continue
            for via in self.q.crossings(start, (zone,)):
                for v in via:
                    why = self.m.why_illegal(ZoneMove(actor.id, (zone,), (v,), self.run))
                    if why:
                        return f": {why}"
        return ""

    def _click_line(self, actor: ZoneFigure, zone: str, other: str) -> Reply:
        """A boundary: a spot in its bottleneck, or a move onto the line (Z-12, Z-16)."""
        bn = self.state.board.bottleneck_on(zone, other)
        if bn is not None and bn.id in self.sorted.spots:
            return self.sorted.spots[bn.id]
        if actor.zone in (zone, other):  # a line of its own zone: a step onto it
            o = other if actor.zone == zone else zone
            if o in self.sorted.lines:
                return self.sorted.lines[o]
        ends = [a for a in self.menu.line_moves().get(frozenset((zone, other)), [])
                if a.run == self.run]
        if ends:  # Z-12: a zone move that ends on this line, the surest
            return max(ends, key=lambda a: (self.q.move_plan(a).p, -len(a.path)))
        if bn is not None:
            return self.m.why_illegal(EnterBottleneck(actor.id, bn.id)) or ""
        return self.m.why_illegal(ToBoundary(actor.id, other)) or ""

    def key(self, selected: str | None, key: int) -> Reply:
        if key == pygame.K_r:
            self.toggle_run()
            return ""
        if key in (pygame.K_RETURN, pygame.K_KP_ENTER):
            return next((a for a in self.sorted.other if isinstance(a, (Pass, EndAction))),
                        None)
        if key == pygame.K_w:
            return next((a for a in self.sorted.other if isinstance(a, Wait)), None)
        return None

    def toggle_run(self) -> None:
        self.run = self._own_run = not self.run

    def preview(self, action: Action) -> tuple[str | None, Place | None]:
        """Before a replayed action: the figure acting and where it goes (the zone a
        zone move or charge ends in, walking or running as it does; the line or the
        bottleneck it steps onto; the zone it leaves into), or the figure it acts on
        (the target, the friend protected, the mover a reaction answers), which the
        buttons then offer."""
        st = self.state
        who, where = super().preview(action)
        f = self.figure(who)
        self.shown = action
        if isinstance(action, (ZoneMove, Charge)):
            self.run = True if isinstance(action, Charge) else action.run
            if isinstance(action, ZoneMove):
                where = InZone(action.path[-1])
        elif isinstance(action, ToBoundary) and f is not None:
            where = InZone(f.zone, action.other)
        elif isinstance(action, EnterBottleneck) and f is not None:
            bn = st.board.bottlenecks.get(action.bottleneck)
            where = InZone(f.zone, bn.other(f.zone)) if bn is not None else None
        elif isinstance(action, Leave):
            where = InZone(action.zone)
        elif isinstance(action, Protect):
            p = self.figure(action.protectee)
            where = p.place if p is not None else None
        elif isinstance(action, React) and st.window is not None:
            mover = self.figure(st.window.mover)
            where = mover.place if mover is not None else None
        if isinstance(action, TARGETED):
            self.target = action.target
        return who, where

    # ---------------------------------------------------------------- buttons
    def buttons(self, selected: str | None) -> list[ButtonSpec]:
        st = self.state
        if st.phase == ZonePhase.INITIATIVE:
            return [ButtonSpec(f"{self.m.side_name(a.first)} act first on ties", a,
                               accent=ORANGE, name=a.kind)
                    for a in self.sorted.other if isinstance(a, ChooseFirst)]
        if st.phase == ZonePhase.REACTION:
            out = [ButtonSpec(self.react_text(r), r, accent=YELLOW, name=r.kind)
                   for r in self.sorted.reacts]
            out += [ButtonSpec("Let it go on", a, accent=ORANGE, name=a.kind)
                    for a in self.sorted.other if isinstance(a, Decline)]
            return out[:MAX_BUTTONS]
        actor = self.acting()
        if actor is None:
            return []
        legal = self.menu.plain()  # (the actions at enemies: _target_buttons)
        out = self._target_buttons()
        sel = self.figure(selected)
        if sel is not None and sel.id in legal.protect:
            guard = legal.protect[sel.id]
            out.append(ButtonSpec(f"Protect {sel.name} (Z-14)", guard, name=guard.kind))
        free = [a for a in legal.other if isinstance(a, FallProne)]
        for a in legal.other:
            label = self.action_label(actor, a)
            if label and a not in free:
                accent = ORANGE if isinstance(a, (Pass, EndAction)) else SKY
                out.append(ButtonSpec(label, a, accent=accent, name=a.kind,
                                      hint="Enter" if isinstance(a, (Pass, EndAction)) else
                                      "W" if isinstance(a, Wait) else ""))
        risky = self.q.status(actor) == CONTACT
        for z, leave in legal.leaves.items():
            out.append(ButtonSpec(self.leave_text(actor, z, risky), leave,
                                  accent=ORANGE if risky else SKY, name=leave.kind))
        for a in free:  # a free action, last (Z-17)
            out.append(ButtonSpec(self.action_label(actor, a), a, name=a.kind))
        if len(out) > MAX_BUTTONS:  # keep the end of the action and the choices on top
            keep = [b for b in out if isinstance(b.action, (Pass, EndAction))]
            out = [b for b in out if b not in keep][:MAX_BUTTONS - len(keep)] + keep
        return out

    def _target_buttons(self) -> list[ButtonSpec]:
        """The run toggle, and the actions at the chosen target (or the best at each of
        the first few)."""
        out: list[ButtonSpec] = []
        if self.menu.moves(False) or self.menu.moves(True):
            out.append(ButtonSpec(f"Run (zone moves {numbers().running_mr:+d} MR)",
                                  command=self.toggle_run,
                                  toggled=self.run, hint="R", name="run"))
        if self.target is not None:
            for a in self.shown_actions(self.menu.at(self.target)):
                out.append(ButtonSpec(self.attack_text(a), a, accent=VERMILLION, name=a.kind,
                                      tip=self.parts_tip(a)))
        else:  # the best action on each of the first few targets (that have one)
            shown = 0
            for tid in self.menu.targets():
                best = self.menu.best_at(tid) if shown < 3 else None
                if best is not None:
                    shown += 1
                    out.append(ButtonSpec(self.attack_text(best), best, accent=VERMILLION,
                                          name=best.kind, tip=self.parts_tip(best)))
        return out

    @staticmethod
    def leave_text(f: ZoneFigure, zone: str, risky: bool) -> str:
        """A Leave button (Z-4) in the words of what the figure leaves: a melee (with the
        opportunity attack it risks), a bottleneck (the panel names it) or a line."""
        if f.patch is not None and not f.group:
            return f"Step off the {f.patch} (Z-10)"
        if risky:
            return f"Move apart into {zone} (opportunity attack)"
        if f.bottleneck is not None:
            return f"Step out into {zone} (Z-16)"
        if f.on_line:
            return f"Step off the line into {zone} (Z-12)"
        return f"Move apart into {zone} (Z-4)"

    def react_text(self, r: React) -> str:
        st = self.state
        w = st.window
        assert w is not None
        f = st.figures[r.figure]
        m = st.figures[w.mover]
        how = How(r.how)
        odds = self.q.reaction_odds(r)
        chance = "" if odds is None else \
            f" - {percent(odds.chance)}" + ("" if odds.contest else " hit")
        target = "" if how in (How.EVADE, How.PROTECT) else f" {m.name}"
        what = f"{f.name} {HOW_WORDS[how]}{target}" if how != How.EVADE else \
            f"{f.name} evades"
        if how == How.PROTECT and f.protecting:
            what = f"{f.name} protects {st.figures[f.protecting].name}"
        return f"{what}{chance} ({HOW_RULES[how]})"

    def action_label(self, f: ZoneFigure, a: Action) -> str:
        d = load_data()
        if isinstance(a, Withdraw):
            p = self.q.withdraw_odds(f)
            if f.close_with is not None:
                return f"Withdraw from hand to hand - {percent(p)} (Z-17)"
            return f"Withdraw ({numbers().withdraw_dice}d6 vs DX) - {percent(p)} (Z-17)"
        if isinstance(a, Defend):
            return f"Defend (attackers roll {int(d.num('attack', 'defend_dice'))} dice)"
        if isinstance(a, Wait):
            return "Wait (act last, still react)"
        if isinstance(a, Hold):
            return "Keep protecting (Z-14)"
        if isinstance(a, SplitMove):
            pool = self.q.split_pool(f)
            return f"Split the move ({pool} + {pool} MR, Z-8)"
        if isinstance(a, EndAction):
            return "End the split action"
        if isinstance(a, StandUp):
            return f"{f.name} stands up"
        if isinstance(a, FallProne):
            return "Fall prone (free: the action goes on; stand up to move, Z-17)"
        if isinstance(a, EnterPatch):
            roll = self.q.patch_roll(f, a.patch)
            odds = f" - {percent(roll[1])}" if roll is not None else ""
            return f"Step onto the {a.patch} (Z-10){odds}"
        if isinstance(a, Ready):
            return f"Ready the {d.weapons[a.weapon].name}"
        if isinstance(a, PickUp):
            return f"Pick up the {d.weapons[a.weapon].name}"
        if isinstance(a, Pass):
            return f"{f.name} does nothing"
        if isinstance(a, Decline):
            return ""
        return self.m.describe(a) if self.state.phase == ZonePhase.ACTION else ""

    # ---------------------------------------------------------------- words
    def actor_text(self) -> str | None:
        a = self.acting()
        return a.name if a is not None else None

    def verb(self) -> str:
        return VERBS.get(ZonePhase(self.state.phase), "acts")

    def phase_line(self) -> str:
        st = self.state
        if st.phase == ZonePhase.REACTION and st.window is not None:
            return self.window_text()
        if st.phase == ZonePhase.ACTION and st.order:
            names = [st.figures[i].name for i in st.order[st.current:]
                     if st.figures[i].active and not st.figures[i].acted]
            line = "Action order: " + " > ".join(names[:9])
            if st.split:
                moves, attacks = self.q.split_left()
                line = f"Split action (Z-8): {moves} move(s), {attacks} attack left. " + line
            return line
        return super().phase_line()

    def window_text(self) -> str:
        st = self.state
        w = st.window
        assert w is not None
        m = st.figures[w.mover]
        doing = st.doing
        what = self.m.describe(doing.action) if doing is not None else m.name
        if w.kind == WindowKind.INTERCEPT:
            return (f"{what}: it {'leaves' if w.leaving else 'enters'} {w.zone}. "
                    f"{self.m.side_name(w.side)} may intercept (Z-13: a DX contest, half "
                    "the MR difference to the faster).")
        if w.kind == WindowKind.OPPORTUNITY:
            return f"{m.name} leaves the melee: {self.m.side_name(w.side)} may strike at it " \
                   "(Z-17, free)."
        return f"{what}: {self.m.side_name(w.side)} may react (each button says how, with " \
               "its rule)."

    def banner(self) -> str | None:
        st = self.state
        if st.phase != ZonePhase.REACTION or st.window is None or not self.answering():
            return None
        w = st.window
        m = st.figures[w.mover]
        doing = st.doing
        what = self.m.describe(doing.action) if doing is not None else m.name
        ask = (f"{'leaving' if w.leaving else 'entering'} {w.zone}: intercept?"
               if w.kind == WindowKind.INTERCEPT else ASKS[WindowKind(w.kind)])
        return f"{self.m.side_name(w.side)}, your answer: {what}, {ask} (buttons on the right)"

    def top_note(self) -> str:
        st = self.state
        if not st.initiative:
            return ""
        parts = [f"{self.m.side_name(s)} {v}" for s, v in st.initiative.items()]
        text = "Initiative: " + ", ".join(parts)
        if st.first:
            text += f"; {self.m.side_name(st.first)} first on ties"
        return text

    def _once(self, key: Hashable, make: Callable[[], Any]) -> Any:
        """What ``make()`` says of the state shown, the player's menu and run toggle: once
        (a card asks its rows and the pointed place's words as its key, then to draw)."""
        q = self.q  # (a new state forgets what was said)
        full = (key, id(self.menu), self.run, id(q))
        got = self._said.get(full, _UNSAID)
        if got is _UNSAID:
            got = self._said[full] = make()
        return got

    def piece_rows(self, piece: PieceView) -> list[tuple[str, str]]:
        rows: list[tuple[str, str]] = self._once(("rows", piece),
                                                  lambda: self._piece_rows(piece))
        return rows

    def _piece_rows(self, piece: PieceView) -> list[tuple[str, str]]:
        f = self.figure(piece.id)
        if f is None:
            return []
        st, q = self.state, self.q
        d = load_data()
        rows: list[tuple[str, str]] = []
        if f.active:
            status = q.status(f)
            mates = [g.name for g in st.group_of(f) if g is not f]
            if f.close_with:
                status += f" with {st.figures[f.close_with].name} (both down)"
            elif mates:
                status += " with " + ", ".join(mates)
            rows.append(("Status", f"{status} (Z-2)"))
        if f.bottleneck:
            where = f"in the {f.bottleneck} ({f.zone} / {f.boundary})"
        elif f.on_line:
            where = f"on the line of {f.zone} and {f.boundary} (in both, Z-12)"
        else:
            where = f.zone
        if f.patch is not None:
            pt = st.board.patches[f.patch]
            where += f", on the {pt.id} ({pt.terrain}, Z-10)"
        rows.append(("Where", where))
        # Z-6, Z-7, Z-10: running (the run toggle, for the figure about to move), stun,
        # its zone's terrain
        toggle = self.run if self.answering() and f is self.acting() else None
        mr, mods, zones = q.zone_mr(f, toggle)
        extra = "".join(f", {m.value:+d} {m.reason}" for m in mods)
        rows.append(("MR", f"{f.mr}{extra}" + (f" = {mr}" if mods else "") + f": {zones} "
                     "zone(s)"))
        base, dmods = q.adjusted_dx(f)
        adj = base + sum(m.value for m in dmods)
        rows.append(("DX", f"{base}" if not dmods else f"{base}, adjusted {adj}"))
        w = q.melee_weapon(f) or f.ready or "fist"
        wp = d.weapons[w]
        others = [d.weapons[k].name for k in f.weapons if k != w]
        rows.append(("Weapon", f"{wp.name} {wp.damage}"
                     + (f" (range {q.missile_range(w)} zones)" if wp.missile or wp.thrown
                        else "") + (f"; carries {', '.join(others)}" if others else "")))
        gear = []
        if f.armour:
            gear.append(f"{d.armour[f.armour].name} (stops {d.armour[f.armour].stops})")
        if f.shield:
            gear.append(f"{d.shields[f.shield].name} (stops {d.shields[f.shield].stops})")
        rows.append(("Armour", ", ".join(gear) or "none"))
        return rows

    def piece_tags(self, piece: PieceView) -> list[tuple[str, Colour]]:
        f = self.figure(piece.id)
        if f is None:
            return super().piece_tags(piece)
        out: list[tuple[str, Colour]] = []
        colours = {ALONE: GREEN, CONTACT: YELLOW, CLOSE: VERMILLION}
        for t in piece.tags:
            out.append((t, colours.get(t, SKY if t == "running" else
                                       ORANGE if t in ("prone", "defending") else PURPLE)))
        if not f.active:
            out.insert(0, (f.status, VERMILLION))
        if f.acted and self.state.phase in (ZonePhase.ACTION, ZonePhase.REACTION):
            out.append(("has acted", FAINT))
        if f.dx_penalty:
            out.append((f"stunned: {f.dx_penalty:+d} DX, {numbers().stunned:+d} MR", ORANGE))
        return out

    def place_text(self, place: Place) -> str | None:
        text: str | None = self._once(("place", place), lambda: self._place_text(place))
        return text

    def _place_text(self, place: Place) -> str | None:
        if not isinstance(place, InZone) or place.zone not in self.state.board.zones:
            return None
        if place.boundary is not None:
            return self._line_text(place.zone, place.boundary)
        st = self.state
        z = st.board.zones[place.zone]
        text = f"{z.id}: {z.terrain}"
        if z.move:
            text += f", move {z.move:+d} (Z-10)"
        if z.visibility:
            text += f", sight {z.visibility:+d}"
        if z.stacking:
            text += f", holds {z.stacking} ({len(st.in_zone(z.id))} there)"
        for o in st.board.obstacles_in(z.id):
            text += f"; {o.kind} {o.size} (Z-11)"
        for pt in st.board.patches_in(z.id):
            text += (f"; the {pt.id} ({pt.terrain}" + (f", move {pt.move:+d}" if pt.move else "")
                     + (f", sight {pt.visibility:+d}" if pt.visibility else "")
                     + ": only for those who step onto it, Z-10)")
        actor = self.acting()
        a = self.best_move(actor, z.id, self.run) if actor is not None else None
        if actor is not None and a is not None:
            plan = self.q.move_plan(a)
            text += f". {actor.name}: {plan.explain()}"
            if plan.roll:
                text += f"; {percent(plan.p)} (a {numbers().stop_face} stops on the " \
                        f"boundary: {percent(plan.p_line)}, Z-5)"
        return text + "."

    def _line_text(self, zone: str, other: str) -> str:
        """A boundary: its bottleneck (capacity, cover, holders, Z-16) or its obstacles
        (what crossing or standing on it costs, Z-11, Z-12)."""
        st = self.state
        b = st.board
        bn = b.bottleneck_on(zone, other)
        if bn is not None:
            held = ", ".join(f.name for f in st.holders(bn.id)) or "nobody"
            cover = f", {bn.cover} cover ({numbers().cover[bn.cover]:+d} DX to blows " \
                    "from outside)" if bn.cover else ""
            return (f"{bn.id} between {bn.zones[0]} and {bn.zones[1]}: "
                    f"{bn.capacity} may pass a round ({st.passed.get(bn.id, 0)} have), "
                    f"as many hold it{cover}; held by {held} (Z-16).")
        obs = b.obstacles_on(zone, other)
        text = f"Boundary of {zone} and {other}"
        half = numbers().boundary_divisor
        if obs:
            text += ": " + ", ".join(
                f"{o.kind} {o.size} (-{o.size} MR to cross, -{o.size // half} to stand on)"
                + (f", {o.damage} to run through" if o.damage else "") for o in obs)
        text += ". A figure on it counts as in both zones (Z-12)."
        ends = [a for a in self.menu.line_moves().get(frozenset((zone, other)), [])
                if a.run == self.run]
        if ends:
            best = max(ends, key=lambda a: (self.q.move_plan(a).p, -len(a.path)))
            plan = self.q.move_plan(best)
            text += (f" A zone move may end on it (Z-12): {plan.explain()}"
                     + (f", {percent(plan.p)}." if plan.roll else "."))
        return text

    def preview_actor(self, selected: str | None, target: PieceView) -> str | None:
        st = self.state
        if st.phase == ZonePhase.REACTION and st.window is not None:
            w = st.window
            if target.id == w.mover:
                return w.options[0][0] if w.options else None
            return None
        a = self.acting() or self.figure(selected)
        if a is None or a.side == target.side or not a.active:
            return None
        return a.id

    def tip(self, actor: str, target: str) -> list[TipLine] | None:
        st, q = self.state, self.q
        a, t = st.figures[actor], st.figures[target]
        if st.phase == ZonePhase.REACTION and st.window is not None:
            lines = [TipLine(f"{self.m.side_name(st.window.side)} may react to {t.name}", TEXT,
                             True)]
            for r in self.sorted.reacts:
                lines.append(TipLine(self.react_text(r), YELLOW))
            return lines
        acts = self.sorted.on_target.get(t.id, []) if self.acting() is a else []
        lines = [TipLine(f"{a.name} against {t.name}", TEXT, True)]
        if not acts:
            why = self.m.why_illegal(Attack(a.id, t.id)) if self.acting() is a else \
                f"it is not {a.name}'s action"
            lines.append(TipLine(f"no action now: {why}", VERMILLION))
        for x in self.shown_actions(acts)[:4]:
            lines.append(TipLine(self.attack_text(x), YELLOW))
            if len(q.action_parts(x)) > 1:
                lines.append(TipLine("  " + self.parts_tip(x), DIM))
        o: AttackOdds | None
        steps = [x for x in acts if isinstance(x, StepAndShoot)]
        if any(isinstance(x, Shoot) and x not in steps for x in acts):
            line = q.shot_line(a, t)
            o = q.shot_odds(a, t)
            what = f"a shot, {line[0]} zone(s) away" if line else "a shot"
        elif steps:  # Z-4: the shot as it is made from the line stepped onto
            best = max(steps, key=lambda x: q.attack_option(x).chance)
            after = q.after_part(best)
            g, h = after.state.figures[a.id], after.state.figures[t.id]
            line = after.shot_line(g, h)
            o = after.shot_odds(g, h)
            what = f"a shot from the {best.other} line" + \
                (f", {line[0]} zone(s) away" if line else "")
        else:
            o = q.blow_odds(a, t) if q.melee_weapon(a) else None
            what = "a blow"
        if o is not None:
            lines += self._odds_lines(what, o)
        ob = q.obstacle_for(a, t)
        if ob is not None:
            lines.append(TipLine(f"{t.name} keeps the {ob[0].kind} between them: -{ob[1]} "
                                 "to reach it (Z-11)", ORANGE))
        return lines

    @staticmethod
    def _odds_lines(what: str, o: AttackOdds) -> list[TipLine]:
        """A blow's or a shot's odds in a tip, every modifier with its rule."""
        lines = [TipLine(f"{what}: {o.dice}d6, needs {o.target} or less ({percent(o.p_hit)})",
                         TEXT), TipLine(f"  DX {o.base}", DIM)]
        for m in o.modifiers:
            lines.append(TipLine(f"  {m.value:+d} for {m.reason}"
                                 + (f" ({m.rule})" if m.rule else ""), DIM))
        lines.append(TipLine(f"{o.weapon}; armour stops {o.stops}; ~{o.expected_damage:.1f} "
                             f"damage, {percent(o.p_down)} to put it down", TEXT))
        return lines

    def help_rows(self) -> list[tuple[str, str]]:
        return [
            ("Left click figure", "select yours; an enemy: its actions on the buttons "
                                  "(a second click does the first of them)"),
            ("Left click zone", "zone move there (lit zones: the roll needed and its odds)"),
            ("Left click line", "move onto a boundary (Z-12) / into a bottleneck spot"),
            ("R", "run zone moves, or walk again (off at first; Z-7: +10 MR, but one die "
                  "more to be shot at)"),
            ("W", "wait: act last this turn, still able to react"),
            ("Enter", "do nothing / end a split action"),
            ("Hover", "odds and every modifier with its rule; places: what they hold"),
            ("Right click", "forget the chosen target"),
        ]


__all__ = ["MeleeZoneController", "MoveOption"]
