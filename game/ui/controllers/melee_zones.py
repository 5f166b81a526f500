"""The Melee-on-zones controller: the only UI code that knows the zone actions.

It decides no rule: it asks the Match what is legal (``legal_actions``, ``why_illegal``)
and the zone rules for odds (``zone_move_plan``, ``contest_odds``, the attack odds of
the family's combat), turns clicks and keys into actions, and words what the panel, the
hover tip and the reaction banner say, with the rule ids.

Clicks: a figure of yours selects it; an enemy is the target of the acting figure (its
best attack, charge or shot; the buttons offer the others); a lit zone is a zone move
(running or walking: R); a boundary line is a move onto it, a bottleneck a spot in it.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

import pygame

from game.core import odds
from game.core.dice import Modifier
from game.core.match import Match
from game.core.places import InZone, Place
from game.core.ruleset import Action, PieceView
from game.rules.tft import combat
from game.rules.tft.data import load_data
from game.rules.tft.zones import legal, rules
from game.rules.tft.zones.actions import (
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
from game.rules.tft.zones.ruleset import MeleeOnZones
from game.rules.tft.zones.state import ALONE, CLOSE, CONTACT, ZoneFigure, ZoneState
from game.ui.boards import Marks
from game.ui.controllers import ButtonSpec, Confirm, Controller, Reply, Select, TipLine
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
"""Buttons the side panel has room for."""

HOW_WORDS = {"intercept": "intercepts", "evade": "evades", "protect": "protects",
             "respond": "answers the charge of", "closing": "strikes first at",
             "opportunity": "strikes at"}
HOW_RULES = {"intercept": "Z-13", "evade": "Z-15", "protect": "Z-14", "respond": "Z-9",
             "closing": "Z-17", "opportunity": "Z-17"}


@dataclass
class Legal:
    """Today's legal actions sorted by what the player does to choose them."""

    moves: dict[tuple[str, bool], list[ZoneMove]] = field(default_factory=dict)
    """(zone, run) -> the zone moves ending there."""
    on_target: dict[str, list[Action]] = field(default_factory=dict)
    """Enemy id -> attacks, charges, closes, rushes and shots at it."""
    lines: dict[str, Action] = field(default_factory=dict)
    """Other zone -> a move onto the boundary with it, or leaving a line into it."""
    spots: dict[str, EnterBottleneck] = field(default_factory=dict)
    leaves: dict[str, Leave] = field(default_factory=dict)
    protect: dict[str, Protect] = field(default_factory=dict)
    reacts: list[React] = field(default_factory=list)
    other: list[Action] = field(default_factory=list)


def sort_legal(actions: Sequence[Action]) -> Legal:
    out = Legal()
    for a in actions:
        if isinstance(a, ZoneMove):
            out.moves.setdefault((a.path[-1], a.run), []).append(a)
        elif isinstance(a, (Attack, Charge, Close, Rush, Shoot)):
            out.on_target.setdefault(a.target, []).append(a)
        elif isinstance(a, ToBoundary):
            out.lines[a.other] = a
        elif isinstance(a, EnterBottleneck):
            out.spots[a.bottleneck] = a
        elif isinstance(a, Leave):
            out.leaves[a.zone] = a
        elif isinstance(a, Protect):
            out.protect[a.protectee] = a
        elif isinstance(a, React):
            out.reacts.append(a)
        else:
            out.other.append(a)
    return out


class MeleeZoneController(Controller):
    """Melee on zone boards: move, charge, strike, shoot, hold doors and react."""

    def __init__(self, match: Match[Any]) -> None:
        super().__init__(match)
        self.sorted = Legal()
        self.run = True
        """Zone moves run (Z-7: +10 MR, one die more to be shot at): R toggles."""
        self.target: str | None = None
        """The enemy whose actions the buttons offer."""
        self.shown: Action | None = None
        """The action a replay previews (until the game moves on): a zone move is
        marked as it will be made, not as the best way there."""

    # ---------------------------------------------------------------- state
    @property
    def ruleset(self) -> MeleeOnZones:
        r = self.m.ruleset
        assert isinstance(r, MeleeOnZones)
        return r

    @property
    def state(self) -> ZoneState:
        st = self.m.state
        assert isinstance(st, ZoneState)
        return st

    def figure(self, fid: str | None) -> ZoneFigure | None:
        return self.state.figures.get(fid) if fid else None

    def refresh(self, human: bool) -> None:
        super().refresh(human)
        self.shown = None
        self.sorted = sort_legal(self.legal)
        t = self.figure(self.target)
        if t is None or not t.active or t.id not in self.sorted.on_target:
            self.target = None

    def acting(self) -> ZoneFigure | None:
        st = self.state
        return st.acting() if st.phase == "action" else None

    def focus(self) -> str | None:
        """The figure the step is about: the one acting, or the first that may react."""
        st = self.state
        if st.phase == "reaction" and st.window is not None and st.window.options:
            return st.window.options[0][0]
        a = self.acting()
        return a.id if a is not None else None

    # ---------------------------------------------------------------- odds
    def move_odds(self, f: ZoneFigure, a: ZoneMove | Charge) -> rules.MovePlan:
        start = legal.start_zone(self.state, f, a.path[0]) or f.zone
        run = True if isinstance(a, Charge) else a.run
        return rules.zone_move_plan(self.state, f, start, a.path, a.via, run, a.through)

    def best_move(self, f: ZoneFigure, zone: str, run: bool) -> ZoneMove | None:
        """The legal zone move to ``zone`` most likely to get there."""
        cands = [a for a in self.sorted.moves.get((zone, run), []) if a.figure == f.id]
        if not cands:
            return None
        return max(cands, key=lambda a: (self.move_odds(f, a).p, -len(a.path), not a.through))

    def reach_of(self, f: ZoneFigure, run: bool) -> dict[str, tuple[rules.MovePlan, ZoneMove]]:
        """Every zone ``f`` could reach with a zone move now and its best way there (for
        a figure not acting, as if it were its action)."""
        st = self.state
        out: dict[str, tuple[rules.MovePlan, ZoneMove]] = {}
        if self.acting() is f:
            for zone, r in self.sorted.moves:
                if r == run:
                    a = self.best_move(f, zone, run)
                    if a is not None:
                        out[zone] = (self.move_odds(f, a), a)
            return out
        if not f.active or rules.status(st, f) != ALONE:
            return out
        for a in legal.zone_moves(st, f, run):
            plan = self.move_odds(f, a)
            z = a.path[-1]
            if z not in out or plan.p > out[z][0].p:
                out[z] = (plan, a)
        return out

    @staticmethod
    def roll_label(plan: rules.MovePlan) -> str:
        """What a zone shows: "no roll", or the roll needed and its chance."""
        if not plan.roll:
            return "no roll"
        return f"{plan.dx + plan.target_mod}- {percent(plan.p)}"

    def attack_text(self, a: Action) -> str:
        """A target's action with its chance, as its button reads."""
        st = self.state
        f = st.figures[getattr(a, "figure", "")]
        t = st.figures[getattr(a, "target", "")]
        if isinstance(a, Shoot):
            line = rules.shot(st, f, t)
            extra = numbers().running_missile_dice if t.running else 0
            o = combat.attack_odds(f, t, line[1] if line else [], extra_dice=extra)
            return f"Shoot {t.name} - {percent(o.p_hit)}"
        if isinstance(a, Charge):
            plan = self.move_odds(f, a)
            o = combat.attack_odds(f, t, rules.prone_modifier(f, t),
                                   multiplier=numbers().charge_damage)
            return f"Charge {t.name} (x2) - {percent(plan.p)} there, {percent(o.p_hit)} hit"
        if isinstance(a, Attack):
            o = self.melee_odds(f, t)
            into = f" into {a.into}" if a.into else ""
            through = " through it" if a.through else ""
            return f"Attack {t.name}{into}{through} - {percent(o.p_hit)}"
        if isinstance(a, Close):
            p = self.contact_odds(f, t)
            return f"Close with {t.name} (hand to hand)" + (f" - {percent(p)} to get there"
                                                            if p < 1 else "")
        if isinstance(a, Rush):
            o = self.melee_odds(f, t)
            keep = self.balance_odds(f, t)
            what = " out of the way" if a.back else " down"
            return f"Rush {t.name}{what} - {percent(o.p_hit * (1 - keep))}"
        return self.m.describe(a)

    def contact_odds(self, f: ZoneFigure, t: ZoneFigure) -> float:
        """The chance a battle move into contact with ``t`` gets there (Z-4, Z-11)."""
        st = self.state
        if f.group and f.group == t.group:
            return 1.0
        extra = []
        ob = rules.obstacle_for(st, f, t)
        if ob is not None:
            extra.append(Modifier(-ob[1], ob[0].kind, "Z-11"))
        mods = rules.battle_move_modifiers(st, f, legal.contact_zone(f, t, ""), extra)
        if not mods:
            return 1.0
        return rules.move_roll_odds(numbers().check_dice, combat.adjusted_dx_total(f) +
                                    sum(m.value for m in mods), 99)[0]

    def balance_odds(self, f: ZoneFigure, t: ZoneFigure) -> float:
        """The chance a rushed figure keeps its feet (Z-17 RUSH, Z-7)."""
        n = numbers()
        weaker = f.st < t.st
        k = (n.rush_weaker_dice if weaker else n.rush_dice) + (
            n.running_balance_dice if t.running else 0)
        tgt = combat.adjusted_dx_total(t) - max(0, (f.st - t.st) // n.rush_st_step)
        auto = {n.rush_weaker_fails: (False, "always fails")} if weaker else None
        return odds.check_probability(k, tgt, automatic=auto)

    def melee_odds(self, f: ZoneFigure, t: ZoneFigure) -> combat.AttackOdds:
        w = rules.melee_weapon(f)
        mods = rules.cover_modifier(self.state, f, t) + rules.prone_modifier(f, t)
        return combat.attack_odds(f, t, mods, weapon=w if f.close_with else None)

    # ---------------------------------------------------------------- the board
    def marks(self, selected: str | None, hover: Place | None) -> Marks:
        st = self.state
        marks = Marks(selected_piece=selected)
        sel = self.figure(selected)
        if sel is not None:
            marks.selected = sel.place
        if self.m.outcome() is not None:
            return marks
        if st.phase == "reaction" and st.window is not None:
            w = st.window
            marks.pieces[w.mover] = "acting"
            for rid, how in w.options:
                marks.pieces[rid] = how
            return marks
        actor = self.acting()
        show = sel if sel is not None and sel.active else actor
        if show is None:
            return marks
        reach = self.reach_of(show, self.run)
        shown = self.shown
        if isinstance(shown, ZoneMove) and shown.figure == show.id and shown.run == self.run:
            reach[shown.path[-1]] = (self.move_odds(show, shown), shown)
        for zone, (plan, _a) in reach.items():
            place = InZone(zone)
            label = self.roll_label(plan)
            marks.reach[place] = label
            if plan.roll:
                marks.warnings[place] = label
        if show is actor and actor is not None and self.legal:
            for other, a in self.sorted.lines.items():
                if not (isinstance(hover, InZone) and hover.boundary is not None
                        and {hover.zone, hover.boundary} == {actor.zone, other}):
                    continue  # a line is marked when the pointer is on it
                text = "line"
                mods = rules.battle_move_modifiers(st, actor, actor.zone,
                                                   rules.boundary_cut(st.board, actor.zone,
                                                                      other))
                if isinstance(a, ToBoundary) and mods:
                    tgt = combat.adjusted_dx_total(actor) + sum(m.value for m in mods)
                    p = rules.move_roll_odds(numbers().check_dice, tgt, 99)[0]
                    text = f"line {tgt}- {percent(p)}"
                marks.targets[InZone(actor.zone, other)] = text
            for bn_id in self.sorted.spots:
                bn = st.board.bottlenecks[bn_id]
                marks.targets[InZone(actor.zone, bn.other(actor.zone))] = \
                    f"spot ({rules.free_spots(st, bn)} free)"
            for tid, acts in self.sorted.on_target.items():
                best = self.default_action(acts)
                if best is not None:
                    marks.pieces[tid] = self.short(best)
        if isinstance(hover, InZone) and hover.boundary is None and hover.zone in reach:
            _plan, a = reach[hover.zone]
            start = legal.start_zone(st, show, a.path[0]) or show.zone
            marks.path = (show.place if show.on_line else InZone(start),
                          *(InZone(z) for z in a.path))
        return marks

    def short(self, a: Action) -> str:
        """A piece's mark: the chance the default action against it hits (a charge's: of
        getting there and hitting)."""
        st = self.state
        f = st.figures[getattr(a, "figure", "")]
        t = st.figures[getattr(a, "target", "")]
        if isinstance(a, Shoot):
            line = rules.shot(st, f, t)
            extra = numbers().running_missile_dice if t.running else 0
            return "shot " + percent(combat.attack_odds(f, t, line[1] if line else [],
                                                        extra_dice=extra).p_hit)
        if isinstance(a, Charge):  # it hits only if it gets there: the chance of both
            o = combat.attack_odds(f, t, rules.prone_modifier(f, t),
                                   multiplier=numbers().charge_damage)
            return "charge " + percent(self.move_odds(f, a).p * o.p_hit)
        if isinstance(a, Attack):
            return percent(self.melee_odds(f, t).p_hit)
        return a.kind

    @staticmethod
    def default_action(acts: Sequence[Action]) -> Action | None:
        """What clicking a target does: an attack if one is legal, else a charge, a
        shot, a close or a rush (the buttons offer every one)."""
        for kind in (Attack, Charge, Shoot, Close, Rush):
            for a in acts:
                if isinstance(a, kind) and not getattr(a, "through", False) and \
                        not getattr(a, "back", False):
                    return a
        return acts[0] if acts else None

    def click(self, selected: str | None, place: Place, piece: str | None,
              button: int) -> Reply:
        st = self.state
        if button == 3:
            self.target = None
            return ""
        p = self.figure(piece)
        if not self.legal:
            return Select(piece) if piece is not None else None
        if st.phase == "reaction":
            if p is not None:
                mine = [r for r in self.sorted.reacts if r.figure == p.id]
                if len(mine) == 1:
                    return mine[0]
                return Select(p.id)
            return None
        actor = self.acting()
        if st.phase != "action" or actor is None:
            return Select(piece) if piece is not None else None
        if p is not None and p.side != actor.side:
            acts = self.sorted.on_target.get(p.id)
            if acts:
                best = self.default_action(acts)
                if self.target == p.id or len(acts) == 1:
                    return best
                self.target = p.id  # the buttons now offer each way to act on it
                return (f"{p.name}: choose on the right, or click again to "
                        f"{self.attack_text(best).lower()}" if best else "")
            return f"{actor.name} cannot act on {p.name}: " + (
                self.m.why_illegal(Attack(actor.id, p.id)) or "no action reaches it")
        if p is not None:
            if p.id in self.sorted.protect and p.id != actor.id and selected == actor.id:
                return self.sorted.protect[p.id]
            return Select(p.id)
        if not isinstance(place, InZone):
            return None
        if place.boundary is None:
            a = self.best_move(actor, place.zone, self.run)
            if a is not None:
                plan = self.move_odds(actor, a)
                if plan.damage:  # running through an obstacle hurts: say so first (Z-11)
                    what = ", ".join(f"the {o.kind} ({o.damage})" for o in plan.damage)
                    return Confirm(f"Through {what}?",
                                   f"{actor.name}'s surest way into {place.zone} runs "
                                   f"through {what}: no roll, but it takes that damage "
                                   "(Z-11). Go through?", "Go through", a)
                return a
            if place.zone in self.sorted.leaves:
                return self.sorted.leaves[place.zone]
            if place.zone in actor.zones and actor.on_line:
                return None
            walk = self.best_move(actor, place.zone, not self.run)
            if walk is not None:
                return (f"{actor.name} can only reach {place.zone} "
                        f"{'walking' if self.run else 'running'}: press R")
            return f"{actor.name} cannot reach {place.zone} now"
        bn = st.board.bottleneck_on(place.zone, place.boundary)
        if bn is not None and bn.id in self.sorted.spots:
            return self.sorted.spots[bn.id]
        for other in (place.boundary, place.zone):
            if other in self.sorted.lines:
                return self.sorted.lines[other]
        if bn is not None:
            return self.m.why_illegal(EnterBottleneck(actor.id, bn.id)) or ""
        return self.m.why_illegal(ToBoundary(actor.id, place.boundary)) or ""

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
        self.run = not self.run

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
        if isinstance(action, (Attack, Charge, Close, Rush, Shoot)):
            self.target = action.target
        return who, where

    # ---------------------------------------------------------------- buttons
    def buttons(self, selected: str | None) -> list[ButtonSpec]:
        st = self.state
        out: list[ButtonSpec] = []
        if st.phase == "initiative":
            for a in self.sorted.other:
                if isinstance(a, ChooseFirst):
                    out.append(ButtonSpec(f"{self.m.side_name(a.first)} act first on ties",
                                          a, accent=ORANGE, name=a.kind))
            return out
        if st.phase == "reaction":
            for r in self.sorted.reacts:
                out.append(ButtonSpec(self.react_text(r), r, accent=YELLOW, name=r.kind))
            for a in self.sorted.other:
                if isinstance(a, Decline):
                    out.append(ButtonSpec("Let it go on", a, accent=ORANGE, name=a.kind))
            return out[:MAX_BUTTONS]
        actor = self.acting()
        if actor is None:
            return out
        if any(self.sorted.moves.values()):
            out.append(ButtonSpec("Run (zone moves +10 MR)", command=self.toggle_run,
                                  toggled=self.run, hint="R", name="run"))
        if self.target is not None:
            for a in self.sorted.on_target.get(self.target, []):
                out.append(ButtonSpec(self.attack_text(a), a, accent=VERMILLION, name=a.kind))
        else:  # the best action on each of the first few targets
            for acts in list(self.sorted.on_target.values())[:3]:
                best = self.default_action(acts)
                if best is not None:
                    out.append(ButtonSpec(self.attack_text(best), best, accent=VERMILLION,
                                          name=best.kind))
        sel = self.figure(selected)
        if sel is not None and sel.id in self.sorted.protect:
            a = self.sorted.protect[sel.id]
            out.append(ButtonSpec(f"Protect {sel.name} (Z-14)", a, name=a.kind))
        for a in self.sorted.other:
            label = self.action_label(actor, a)
            if label:
                accent = ORANGE if isinstance(a, (Pass, EndAction)) else SKY
                out.append(ButtonSpec(label, a, accent=accent, name=a.kind,
                                      hint="Enter" if isinstance(a, (Pass, EndAction)) else
                                      "W" if isinstance(a, Wait) else ""))
        for z, a in self.sorted.leaves.items():
            risky = rules.status(st, actor) == CONTACT
            out.append(ButtonSpec(self.leave_text(actor, z, risky), a,
                                  accent=ORANGE if risky else SKY, name=a.kind))
        if len(out) > MAX_BUTTONS:  # keep the end of the action and the choices on top
            keep = [b for b in out if b.name in ("pass", "end_action")]
            out = [b for b in out if b not in keep][:MAX_BUTTONS - len(keep)] + keep
        return out

    @staticmethod
    def leave_text(f: ZoneFigure, zone: str, risky: bool) -> str:
        """A Leave button (Z-4) in the words of what the figure leaves: a melee (with the
        opportunity attack it risks), a bottleneck (the panel names it) or a line."""
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
        word = HOW_WORDS.get(r.how, r.how)
        chance = ""
        if r.how in ("intercept", "evade", "protect"):
            doing = st.doing
            run = bool(doing is not None and (isinstance(doing.action, Charge) or
                                              getattr(doing.action, "run", False)))
            p = rules.contest_odds(st, f, m, r.how == "intercept", run)
            chance = f" - {percent(p)}"
        elif rules.melee_weapon(f) is not None:
            mult = numbers().charge_interrupted if r.how == "respond" else 1
            o = combat.attack_odds(f, m, rules.prone_modifier(f, m), multiplier=mult)
            chance = f" - {percent(o.p_hit)} hit"
        target = "" if r.how in ("evade", "protect") else f" {m.name}"
        what = f"{f.name} {word}{target}" if r.how != "evade" else f"{f.name} evades"
        if r.how == "protect" and f.protecting:
            what = f"{f.name} protects {st.figures[f.protecting].name}"
        return f"{what}{chance} ({HOW_RULES.get(r.how, '')})"

    def action_label(self, f: ZoneFigure, a: Action) -> str:
        st = self.state
        d = load_data()
        if isinstance(a, Withdraw):
            base, mods = combat.adjusted_dx(f)
            dx = base + sum(m.value for m in mods)
            n = numbers()
            if f.close_with is not None:
                p = odds.check_probability(n.close_withdraw_dice, dx)
                return f"Withdraw from hand to hand - {percent(p)} (Z-17)"
            p = odds.check_probability(n.withdraw_dice, min(dx, n.withdraw_fumble - 1))
            return f"Withdraw (4d6 vs DX) - {percent(p)} (Z-17)"
        if isinstance(a, Defend):
            return "Defend (attackers roll 4 dice)"
        if isinstance(a, Wait):
            return "Wait (act last, still react)"
        if isinstance(a, Hold):
            return "Keep protecting (Z-14)"
        if isinstance(a, SplitMove):
            return f"Split the move ({f.mr // numbers().split_pools} + "\
                   f"{f.mr // numbers().split_pools} MR, Z-8)"
        if isinstance(a, EndAction):
            return "End the split action"
        if isinstance(a, StandUp):
            return f"{f.name} stands up"
        if isinstance(a, Ready):
            return f"Ready the {d.weapons[a.weapon].name}"
        if isinstance(a, PickUp):
            return f"Pick up the {d.weapons[a.weapon].name}"
        if isinstance(a, Pass):
            return f"{f.name} does nothing"
        if isinstance(a, Decline):
            return ""
        return self.m.describe(a) if st.phase == "action" else ""

    # ---------------------------------------------------------------- words
    def actor_text(self) -> str | None:
        a = self.acting()
        return a.name if a is not None else None

    def verb(self) -> str:
        return {"initiative": "chooses who acts first on ties", "action": "acts",
                "reaction": "may react"}.get(self.state.phase, "acts")

    def phase_line(self) -> str:
        st = self.state
        if st.phase == "reaction" and st.window is not None:
            return self.window_text()
        if st.phase == "action" and st.order:
            names = [st.figures[i].name for i in st.order[st.current:]
                     if st.figures[i].active and not st.figures[i].acted]
            line = "Action order: " + " > ".join(names[:9])
            if st.split:
                left = numbers().split_pools - st.split.get("moves", 0)
                line = f"Split action (Z-8): {left} move(s), " \
                       f"{numbers().split_attacks - st.split.get('attacks', 0)} attack left. " \
                       + line
            return line
        return super().phase_line()

    def window_text(self) -> str:
        st = self.state
        w = st.window
        assert w is not None
        m = st.figures[w.mover]
        doing = st.doing
        what = self.m.describe(doing.action) if doing is not None else m.name
        if w.kind == "intercept":
            return (f"{what}: it {'leaves' if w.leaving else 'enters'} {w.zone}. "
                    f"{self.m.side_name(w.side)} may intercept (Z-13: a DX contest, half "
                    "the MR difference to the faster).")
        if w.kind == "opportunity":
            return f"{m.name} leaves the melee: {self.m.side_name(w.side)} may strike at it " \
                   "(Z-17, free)."
        return f"{what}: {self.m.side_name(w.side)} may react (evade Z-15, protect Z-14, " \
               "answer a charge, strike first at a close)."

    def banner(self) -> str | None:
        st = self.state
        if st.phase != "reaction" or st.window is None or not self.legal:
            return None
        w = st.window
        m = st.figures[w.mover]
        doing = st.doing
        what = self.m.describe(doing.action) if doing is not None else m.name
        ask = {"intercept": f"{'leaving' if w.leaving else 'entering'} {w.zone}: intercept?",
               "opportunity": "leaving the melee: strike at it?",
               "defend": "react?"}[w.kind]
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

    def piece_rows(self, piece: PieceView) -> list[tuple[str, str]]:
        f = self.figure(piece.id)
        if f is None:
            return []
        st = self.state
        d = load_data()
        rows: list[tuple[str, str]] = []
        status = rules.status(st, f) if f.active else f.status
        if f.active:
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
        rows.append(("Where", where))
        # Z-6, Z-10: running and stun, and the terrain of its zone, which hinders
        # every move out of it
        mods = rules.mr_modifiers(st, f, f.running) + rules.terrain_modifiers(st.board,
                                                                             [f.zone])
        mr = f.mr + sum(m.value for m in mods)
        extra = "".join(f", {m.value:+d} {m.reason}" for m in mods)
        rows.append(("MR", f"{f.mr}{extra}" + (f" = {mr}" if mods else "")
                     + f": {max(0, (mr - 1) // numbers().mr_per_zone + 1)} zone(s)"))
        base, dmods = combat.adjusted_dx(f)
        adj = base + sum(m.value for m in dmods)
        rows.append(("DX", f"{base}" if not dmods else f"{base}, adjusted {adj}"))
        w = rules.melee_weapon(f) or f.ready or "fist"
        wp = d.weapons[w]
        others = [d.weapons[k].name for k in f.weapons if k != w]
        rows.append(("Weapon", f"{wp.name} {wp.damage}"
                     + (f" (range {rules.missile_range(w)} zones)" if wp.missile or wp.thrown
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
        if f.status != "ok":
            out.insert(0, (f.status, VERMILLION))
        if f.acted and self.state.phase in ("action", "reaction"):
            out.append(("has acted", FAINT))
        if f.dx_penalty:
            out.append((f"stunned: {f.dx_penalty:+d} DX, -4 MR", ORANGE))
        return out

    def place_text(self, place: Place) -> str | None:
        if not isinstance(place, InZone):
            return None
        st = self.state
        b = st.board
        if place.zone not in b.zones:
            return None
        if place.boundary is not None:
            bn = b.bottleneck_on(place.zone, place.boundary)
            if bn is not None:
                held = ", ".join(f.name for f in st.holders(bn.id)) or "nobody"
                cover = f", {bn.cover} cover ({numbers().cover[bn.cover]:+d} DX to blows " \
                        "from outside)" if bn.cover else ""
                return (f"{bn.id} between {bn.zones[0]} and {bn.zones[1]}: "
                        f"{bn.capacity} may pass a round ({st.passed.get(bn.id, 0)} have), "
                        f"as many hold it{cover}; held by {held} (Z-16).")
            obs = b.obstacles_on(place.zone, place.boundary)
            text = f"Boundary of {place.zone} and {place.boundary}"
            if obs:
                text += ": " + ", ".join(
                    f"{o.kind} {o.size} (-{o.size} MR to cross, -{o.size // 2} to stand on)"
                    + (f", {o.damage} to run through" if o.damage else "") for o in obs)
            return text + ". A figure on it counts as in both zones (Z-12)."
        z = b.zones[place.zone]
        text = f"{z.id}: {z.terrain}"
        if z.move:
            text += f", move {z.move:+d} (Z-10)"
        if z.visibility:
            text += f", sight {z.visibility:+d}"
        if z.stacking:
            text += f", holds {z.stacking} ({len(st.in_zone(z.id))} there)"
        for o in b.obstacles_in(z.id):
            text += f"; {o.kind} {o.size} (Z-11)"
        actor = self.acting()
        if actor is not None:
            a = self.best_move(actor, z.id, self.run)
            if a is not None:
                plan = self.move_odds(actor, a)
                text += f". {actor.name}: {plan.explain()}"
                if plan.roll:
                    text += f"; {percent(plan.p)} (a 6 stops on the boundary: " \
                            f"{percent(plan.p_line)}, Z-5)"
        return text + "."

    def preview_actor(self, selected: str | None, target: PieceView) -> str | None:
        st = self.state
        if st.phase == "reaction" and st.window is not None:
            w = st.window
            if target.id == w.mover:
                return w.options[0][0] if w.options else None
            return None
        a = self.acting() or self.figure(selected)
        if a is None or a.side == target.side or not a.active:
            return None
        return a.id

    def tip(self, actor: str, target: str) -> list[TipLine] | None:
        st = self.state
        a, t = st.figures[actor], st.figures[target]
        if st.phase == "reaction" and st.window is not None:
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
        for x in acts[:4]:
            lines.append(TipLine(self.attack_text(x), YELLOW))
        shooting = any(isinstance(x, Shoot) for x in acts)
        o: combat.AttackOdds | None
        if shooting:
            line = rules.shot(st, a, t)
            extra = numbers().running_missile_dice if t.running else 0
            o = combat.attack_odds(a, t, line[1] if line else [], extra_dice=extra)
            what = f"a shot, {line[0]} zone(s) away" if line else "a shot"
        else:
            o = self.melee_odds(a, t) if rules.melee_weapon(a) else None
            what = "a blow"
        if o is not None:
            lines.append(TipLine(f"{what}: {o.dice}d6, needs {o.target} or less "
                                 f"({percent(o.p_hit)})", TEXT))
            lines.append(TipLine(f"  DX {o.base}", DIM))
            for m in o.modifiers:
                lines.append(TipLine(f"  {m.value:+d} for {m.reason}"
                                     + (f" ({m.rule})" if m.rule else ""), DIM))
            lines.append(TipLine(f"{o.weapon}; armour stops {o.stops}; ~{o.expected_damage:.1f} "
                                 f"damage, {percent(o.p_down)} to put it down", TEXT))
        ob = rules.obstacle_for(st, a, t)
        if ob is not None:
            lines.append(TipLine(f"{t.name} keeps the {ob[0].kind} between them: -{ob[1]} "
                                 "to reach it (Z-11)", ORANGE))
        return lines

    def help_rows(self) -> list[tuple[str, str]]:
        return [
            ("Left click figure", "select yours; an enemy: the acting figure's best action "
                                  "on it (the buttons offer the others)"),
            ("Left click zone", "zone move there (lit zones: the roll needed and its odds)"),
            ("Left click line", "move onto a boundary (Z-12) / into a bottleneck spot"),
            ("R", "run or walk zone moves (Z-7)"),
            ("W", "wait: act last this turn, still able to react"),
            ("Enter", "do nothing / end a split action"),
            ("Hover", "odds and every modifier with its rule; places: what they hold"),
            ("Right click", "forget the chosen target"),
        ]
