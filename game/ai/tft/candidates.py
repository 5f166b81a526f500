"""The Tactician's candidate actions outside movement, in the manner of Wesnoth's AI:
each proposes actions for the position with a score in points of ST, from the rules'
own exact odds (T-2..T-8, H-4..H-19). Movement is planned figure by figure instead
(:mod:`game.ai.tft.manoeuvres`).
"""

from __future__ import annotations

from typing import ClassVar

from game.ai.skeleton import Proposal
from game.ai.tft.context import Context
from game.ai.tft.evaluation import arc_of, fall_risk
from game.core import odds
from game.core.ruleset import Action
from game.rules.tft.hexes.actions import (
    Attack,
    ChooseFirst,
    Disengage,
    NoRetreat,
    Pass,
    PickUp,
    Ready,
    Retreat,
    StandUp,
    Sweep,
    Swipe,
)
from game.rules.tft.hexes.phases import HexPhase
from game.rules.tft.hexes.queries import (
    SWIPE,
    HexState,
    adjacent_figures,
    charge_allowance,
    drop_levels,
    falling_height,
    front_cells,
    load_data,
)


def idle(state: HexState) -> Action | None:
    """The acting figure's Pass when nothing else is worth considering: it stands with a
    weapon ready (or defends) and no active enemy is next to it, so it can neither
    attack (T-5), nor need to disengage, stand up or arm itself (every other candidate
    action proposes nothing; passing is the only proposal)."""
    f = state.acting()
    if f is not None and f.hold:
        return Pass(f.id)  # on a wall: nothing else to do (H-11)
    if f is None or f.prone or (f.ready is None and not f.defending):
        return None
    data = load_data()
    if any(data.weapons[w].range > 0 for w in f.weapons) or f.hexes > 1:
        return None  # it may shoot, throw or sweep at range: ask the candidates
    board = state.board
    around = board.neighbours(f.cell)
    for e in state.figures.values():
        if e.side != f.side and e.active and (e.cell in around or any(
                c in around for c in e.footprint)):
            return None
    return Pass(f.id)



# ==================================================================== candidate actions
class CandidateAction:
    """One kind of thing the Tactician may do (Wesnoth's candidate action): ``evaluate``
    proposes actions for the position, each with its score; over all the candidate
    actions of the phase, the best proposal is played."""

    name: ClassVar[str] = ""

    def evaluate(self, ctx: Context) -> list[Proposal]:
        raise NotImplementedError


class ChooseOrder(CandidateAction):
    """T-7: the second mover reacts to what it sees, so let the enemy go first when the
    armies can meet this turn; when they cannot, go first and take the ground."""

    name = "choose order"

    def evaluate(self, ctx: Context) -> list[Proposal]:
        other = next(s for s in ctx.state.sides if s != ctx.side)
        board = ctx.board
        meet = any(board.distance(o.cell, e.cell) <= o.ma + charge_allowance(e) + 1
                   for o in ctx.own for e in ctx.enemies)
        return [Proposal(1.0 if meet else 0.0, (ChooseFirst(ctx.side, other),), "react"),
                Proposal(0.0 if meet else 1.0, (ChooseFirst(ctx.side, ctx.side),), "lead")]


class StandUpCA(CandidateAction):
    """T-7, H-5: a prone figure can do nothing better than stand up."""

    name = "stand up"

    def evaluate(self, ctx: Context) -> list[Proposal]:
        f = ctx.actor()
        return [Proposal(100.0, (StandUp(f.id),), self.name)] if f.prone else []


class ArmCA(CandidateAction):
    """T-2, T-7: an empty-handed figure picks its weapon up, or readies the best it has;
    an archer with an enemy beside it readies a melee weapon (a bow never strikes in
    melee, T-4), and a fighter with nobody beside it and a bow on its back readies the
    bow when an enemy is in sight."""

    name = "arm"

    def evaluate(self, ctx: Context) -> list[Proposal]:
        f = ctx.actor()
        if f.defending or f.hold:
            return []
        d = load_data()
        why = ctx.match.why_illegal
        if f.ready is not None:
            w = d.weapons[f.ready]
            beside = any(adjacent_figures(ctx.board, f, e) for e in ctx.enemies)
            out = []
            for wpn in f.weapons:
                o = d.weapons[wpn]
                if wpn == f.ready or why(Ready(f.id, wpn)) is not None:
                    continue
                if beside and not w.melee and o.melee and not o.missile:
                    if ctx.w.keep_bow and ctx.shots():
                        continue  # it keeps the bow: a shot at its engager (T-6, H-18)
                    out.append(Proposal(8.0 + odds.mean_after_reduction(o.damage, 0),
                                        (Ready(f.id, wpn),), "ready for melee"))
                elif beside and o.missile and w.melee and ctx.w.keep_bow:
                    out.append(Proposal(ctx.w.keep_bow, (Ready(f.id, wpn),),
                                        "ready the bow in contact"))
                elif (not beside and o.missile and w.melee and not w.missile
                      and not ctx.attacks() and any(
                          ctx.board.distance(f.cell, e.cell) <= o.range
                          for e in ctx.enemies)):
                    out.append(Proposal(1.0, (Ready(f.id, wpn),), "ready the bow"))
            return out
        why = ctx.match.why_illegal
        out = []
        if "climbing" in f.talents and not any(
                adjacent_figures(ctx.board, f, e) for e in ctx.enemies):
            return []  # a climber keeps its hands free for the wall until it must fight
        if why(PickUp(f.id)) is None:
            out.append(Proposal(20.0, (PickUp(f.id),), "pick up"))
        d = load_data()
        for wpn in f.weapons:
            if why(Ready(f.id, wpn)) is None:
                mean = odds.mean_after_reduction(d.weapons[wpn].damage, 0)
                out.append(Proposal(10.0 + mean, (Ready(f.id, wpn),), "ready"))
        return out


class AttackCA(CandidateAction):
    """T-2..T-5, H-4, H-6, H-16, H-17: the attack with the best expected damage plus the
    weighted chance of taking the target out, from the rules' own exact odds (a blow
    that is a swipe is played as one)."""

    name = "attack"

    def evaluate(self, ctx: Context) -> list[Proposal]:
        f, w = ctx.actor(), ctx.w
        out = []
        for e, h in ctx.attacks():
            act: Action = Swipe(f.id, e.id) if ctx.blow(e) == SWIPE else Attack(f.id, e.id)
            out.append(Proposal(h.damage + w.kill * h.p_down, (act,), self.name))
        return out


class ShootCA(CandidateAction):
    """H-18, T-7: the shot with the best expected damage plus the weighted chance of a
    kill, counting the figures in the way (never through a friend)."""

    name = "shoot"

    def evaluate(self, ctx: Context) -> list[Proposal]:
        w = ctx.w
        return [Proposal(h.damage + w.kill * h.p_down, (a,), self.name)
                for _e, h, a in ctx.shots()]


class SweepCA(CandidateAction):
    """H-19: a sweeping blow when the blows on every foe it reaches, each at the sweep's
    penalty, are worth more than the best single attack."""

    name = "sweep"

    def evaluate(self, ctx: Context) -> list[Proposal]:
        f, w = ctx.actor(), ctx.w
        if ctx.match.why_illegal(Sweep(f.id)) is not None:
            return []
        total = 0.0
        for _foe, o in ctx.q.sweep_odds(f.id):  # H-19: the rules' own odds, foe by foe
            total += o.expected_damage + w.kill * o.p_down
        return [Proposal(total, (Sweep(f.id),), self.name)] if total > 0 else []


class DisengageCA(CandidateAction):
    """T-7, H-10: a figure that cannot attack steps away from enemies yet to act that
    would strike it, when that saves more than the step risks (a drop falls, H-8)."""

    name = "disengage"

    def evaluate(self, ctx: Context) -> list[Proposal]:
        f = ctx.actor()
        if f.defending or not f.standing or ctx.attacks():
            return []
        state, board, w, sb = ctx.state, ctx.board, ctx.w, ctx.sandbox
        later = set(state.order[state.current + 1:])
        foes = [e for e in ctx.enemies if e.id in later and e.standing and not e.defending
                and charge_allowance(e) >= e.mp_spent]

        def danger(cell: int) -> float:
            total = 0.0
            for e in foes:
                if board.distance(cell, e.cell) != 1 or cell not in front_cells(board, e):
                    continue
                if not sb.can_fight(e, e.cell, f, cell):
                    continue
                d = board.direction(cell, e.cell)
                assert d is not None
                h = sb.hit(e, e.cell, f, cell, arc_of(d, f.facing))
                total += h.damage + w.lose * h.p_down
            return total

        now = danger(f.cell)
        if now <= 0:
            return []
        out = []
        for a in ctx.match.legal_actions():
            if not isinstance(a, Disengage):
                continue
            risk = fall_risk(ctx.q, f, drop_levels(board, f.cell, a.to))
            if risk.p_down > w.deadly_fall:
                continue
            cost = risk.expected_damage + w.lose * risk.p_down + w.prone * risk.p_prone
            out.append(Proposal(w.threat * (now - danger(a.to)) - cost, (a,), self.name))
        return out


class PassCA(CandidateAction):
    """Doing nothing is always possible and worth nothing: the baseline."""

    name = "pass"

    def evaluate(self, ctx: Context) -> list[Proposal]:
        return [Proposal(0.0, (Pass(ctx.actor().id),), self.name)]


class PushCA(CandidateAction):
    """T-8, H-13, H-14: push enemies down drops (exact stumble or fall odds) and off the
    high ground; follow when that keeps the height and the contact."""

    name = "push"

    def evaluate(self, ctx: Context) -> list[Proposal]:
        state, board, w = ctx.state, ctx.board, ctx.w
        a_id, t_id = state.retreats[0]
        a, t = state.figures[a_id], state.figures[t_id]
        lv = board.level_list
        props = [Proposal(w.high * (lv[a.cell] - lv[t.cell]), (NoRetreat(a_id, t_id),),
                          "hold")]
        for act in ctx.match.legal_actions():
            if not isinstance(act, Retreat):
                continue
            drop = drop_levels(board, t.cell, act.to)
            value = 0.0
            if drop > falling_height(t):  # H-9: pushed off a drop, the falling rules
                risk = fall_risk(ctx.q, t, drop)
                value += risk.expected_damage + w.kill * risk.p_down + w.prone * risk.p_prone
            elif drop > 0 and t.standing:  # H-14: a figure already down makes no roll
                keep = ctx.q.push_odds(t.id, act.to).p_standing
                value += w.prone * (1.0 - keep)
            mine = t.cell if act.follow else a.cell
            if board.distance(mine, act.to) == 1:
                value += w.high * (lv[mine] - lv[act.to]) + w.friend
            props.append(Proposal(value, (act,), self.name))
        return props


CANDIDATES: dict[str, tuple[CandidateAction, ...]] = {
    HexPhase.INITIATIVE: (ChooseOrder(),),
    HexPhase.ACTION: (StandUpCA(), ArmCA(), AttackCA(), ShootCA(), SweepCA(), DisengageCA(),
                      PassCA()),
    HexPhase.RETREAT: (PushCA(),),
}
"""The candidate actions of each phase but movement (planned figure by figure, above)."""
