"""The zone Tactician: a computer player for Melee on zone boards (seed 002).

Candidate actions in the manner of Wesnoth's AI, on the shared skeleton
(:class:`game.ai.skeleton.CandidatePlayer`): each proposal scored in points of ST with
the exact odds the rules give through the state's queries
(:class:`~game.rules.tft.zones.queries.ZoneQueries`: blows, shots, zone move plans, DX
contests); the best legal one is played. It rolls nothing and looks at no die of the
match; ties between equal scores go by the order the candidates are proposed in, so the
same position gives the same action.

- Initiative (T-7): a side that holds out (the farmers) lets the enemy act first on DX
  ties, so its figures stay unacted longer and can intercept; others act first.
- Actions: strike the best target in its melee (expected damage plus the chance to put
  it down); from Alone, a battle move into contact or a charge (double damage, Z-9)
  weighed by the chance the move succeeds, is not intercepted and the target does not
  evade or answer; shoot when a missile weapon is ready and the odds are worth it; hold
  a bottleneck's free spot when enemies come at it (Z-16), and a defender keeps to the
  zone its bottlenecks guard; run (Z-7) towards the enemy when no missile can reach the
  runner; split moves (Z-8) to charge and get away; withdraw when badly hurt and
  outmatched; wait (Z-17) to keep an intercept ready when an enemy may come in; defend
  when several blows will come and its own blow is poor.
- Reactions: always take an opportunity attack; answer a charge with a longer weapon;
  intercept (Z-13) a charge or a move into its zone when the contest is good enough and
  the interceptor has nothing better to do; evade (Z-15) and protect (Z-14) when the
  contest chance times the blow avoided beats the action spent.
"""

from __future__ import annotations

from collections.abc import Sequence
from itertools import product
from typing import Any, TypeVar

from game.ai.skeleton import CandidatePlayer, Proposal
from game.core.errors import GameError
from game.core.match import Match
from game.core.ruleset import Action, Side
from game.rules.tft.zones.actions import (
    Attack,
    Charge,
    ChooseFirst,
    Decline,
    Defend,
    EndAction,
    EnterBottleneck,
    Hold,
    How,
    Leave,
    Pass,
    React,
    Ready,
    Shoot,
    SplitMove,
    SpotAndStrike,
    StandUp,
    StepAndShoot,
    Wait,
    Withdraw,
    ZoneMove,
    runs,
)
from game.rules.tft.zones.phases import INITIATIVE, REACTION
from game.rules.tft.zones.queries import (
    ALONE,
    CLOSE,
    CONTACT,
    ZoneFigure,
    ZoneQueries,
    ZoneState,
    load_data,
    numbers,
)

KILL = 8.0
"""Points for putting an enemy down, on top of the damage."""
STEP = 2.5
"""Points for each zone closer to the enemy a move brings a fighter."""
HOLD = 9.0
"""Points for taking a bottleneck spot enemies come at (Z-16)."""
HOME = 6.0
"""Points a defender loses for each zone away from the zone it holds."""

T = TypeVar("T")
Cand = tuple[float, Action]
"""A candidate: its score and the action."""


_ARCHERS: dict[tuple[str, ...], bool] = {}


def is_archer(f: ZoneFigure) -> bool:
    """It carries a missile or thrown weapon (remembered by the weapons carried)."""
    key = tuple(f.weapons)
    got = _ARCHERS.get(key)
    if got is None:
        d = load_data().weapons
        got = _ARCHERS[key] = any(d[w].missile or d[w].thrown for w in f.weapons)
    return got


def home(q: ZoneQueries) -> str | None:
    """The zone a holding-out side defends: the one whose borders carry the most
    bottleneck capacity (the farmhouse), where most of the side stands on a tie."""
    st = q.state
    side = st.hold_out
    if side is None:
        return None
    counts: dict[str, int] = {}
    for f in st.figures.values():
        if f.side == side and f.active:
            for z in f.zones:
                counts[z] = counts.get(z, 0) + 1
    caps = q.capacities()
    best = max(caps, key=lambda z: (caps[z], counts.get(z, 0), -list(caps).index(z)),
               default=None)
    return best if best is not None and caps[best] else None


_ARMS: dict[tuple[tuple[str, ...], bool], tuple[list[str], list[str]]] = {}


def _arms(f: ZoneFigure) -> tuple[list[str], list[str]]:
    """The melee and the missile weapons ``f`` carries that it can use with its shield
    (remembered by the weapons and the shield; the lists are not to be changed)."""
    key = (tuple(f.weapons), bool(f.shield))
    got = _ARMS.get(key)
    if got is None:
        d = load_data().weapons
        got = _ARMS[key] = (
            [w for w in f.weapons if d[w].melee and not (f.shield and d[w].hands >= 2)],
            [w for w in f.weapons if (d[w].missile or d[w].thrown)
             and not (f.shield and d[w].hands >= 2)])
    return got


class ZoneTactician(CandidatePlayer):
    """A computer opponent for ``tft-zones`` (see the module text)."""

    def __init__(self, seed: int = 0) -> None:
        super().__init__(seed)
        self.kill = KILL
        """Points for putting an enemy down, on top of the damage (a hard copy weighs
        it otherwise: game.ai.hard_zones)."""
        self._decisions = 0
        self._scope = "decision"
        """The scope of the position weighed: the decision's, or the split's look
        ahead (Z-8), which sees the same board with one pool of MR."""
        self._q: ZoneQueries | None = None
        self._home: str | None = None
        self._home_known = False
        self._nears: dict[str, dict[str, int]] = {}
        """Zones to the nearest enemy of each side, worked out once a decision."""
        self._goals: dict[tuple[str, str], float] = {}
        self._crowds: dict[tuple[str, str, int], float] = {}
        """The blows a figure would take joining each melee group, once a decision."""
        """How far each zone is from where a figure wants to be, once a decision."""
        self._passes: dict[str, dict[tuple[str, str, bool], float]] = {
            "decision": {}, "split": {}}
        """The chance no enemy intercepts a figure in a zone, by scope: the decision's,
        or the split's look ahead (its MR differs), once a decision."""

    # ================================================================ the skeleton
    def propose(self, match: Match[Any], side: Side) -> list[Proposal]:
        st = match.state
        if not isinstance(st, ZoneState):
            raise GameError("the zone Tactician plays zone boards only")
        q = match.ruleset.queries(st)
        assert isinstance(q, ZoneQueries)
        self._q = q
        self._decisions += 1
        self._scope = "decision"
        self._home_known = False
        self._nears = {}
        self._goals = {}
        self._crowds = {}
        self._passes = {"decision": {}, "split": {}}
        if st.phase == INITIATIVE:
            winner = st.winner or st.sides[0]
            first = next((s for s in st.sides if s != winner), winner) \
                if winner == st.hold_out else winner
            return [Proposal(0.0, (ChooseFirst(winner, first),), "who acts first on ties")]
        if st.phase == REACTION:
            return self._react(q)
        f = st.acting()
        assert f is not None
        return [Proposal(score, (a,)) for score, a in self._act(q, f)]

    def _home_of(self, q: ZoneQueries) -> str | None:
        """The zone the holding-out side defends (:func:`home`), once a decision (a
        split's look ahead sees the same figures)."""
        if not self._home_known:
            self._home, self._home_known = home(q), True
        return self._home

    def best(self, proposals: Sequence[Proposal], match: Match[Any]) -> Proposal:
        """The best-scoring legal proposal, ties going to the first proposed; doing
        nothing if none is legal."""
        q = self._q
        assert q is not None
        first = proposals[0]  # the first of the best scores is most often legal
        for p in proposals:
            if p.score > first.score:
                first = p
        if q.why_illegal(first.actions[0]) is None:
            return first
        for _score, k in sorted([(-p.score, k) for k, p in enumerate(proposals)]):
            if proposals[k] is not first and q.why_illegal(proposals[k].actions[0]) is None:
                return proposals[k]
        f = q.state.acting()
        assert f is not None
        return Proposal(0.0, (Pass(f.id),), "nothing else is legal")

    # ================================================================ odds
    def _blow(self, q: ZoneQueries, a: ZoneFigure, t: ZoneFigure, mult: int = 1,
              shot: bool = False) -> float:
        """Points of a blow (or a shot, Z-7: one die more at a runner): expected damage
        plus the chance to put the target down."""
        if shot:
            o = q.shot_odds(a, t)
        elif q.melee_weapon(a) is None:
            return 0.0
        else:
            o = q.blow_odds(a, t, mult)
        return o.expected_damage + o.p_down * (self.kill + t.st / 2)

    def _threat(self, q: ZoneQueries, f: ZoneFigure) -> float:
        """What the enemies in its melee are expected to do to ``f`` in a round."""
        total = 0.0
        for g in q.group_of(f):
            if g.side != f.side and g.standing and q.why_not_strike(g, f) is None:
                total += self._blow(q, g, f)
        return total

    # ================================================================ reactions
    def _react(self, q: ZoneQueries) -> list[Proposal]:
        st = q.state
        w = st.window
        assert w is not None
        out = [Proposal(0.0, (Decline(w.side),), "let it go on")]
        for rid, how in w.options:
            score = self._reaction(q, st.figures[rid], How(how))
            if score is not None:
                out.append(Proposal(score, (React(rid, how),)))
        return out

    def _reaction(self, q: ZoneQueries, r: ZoneFigure, how: How) -> float | None:
        """The worth of reacting ``how`` with ``r`` (None: not worth weighing)."""
        st = q.state
        w, doing = st.window, st.doing
        assert w is not None
        m = st.figures[w.mover]
        charging = doing is not None and isinstance(doing.action, Charge)
        match how:
            case How.OPPORTUNITY:
                return self._blow(q, r, m)
            case How.RESPOND | How.CLOSING:
                mult = q.charge_multiplier(answered=True) if how == How.RESPOND else 1
                return self._blow(q, r, m, mult=mult) - 0.5
            case How.INTERCEPT:
                if is_archer(r):
                    return None
                p = q.contest_odds(r, m, True, doing is not None and runs(doing.action))
                gain = 4.0 + (self._charge_threat(q, m) if charging else 0.0)
                if not w.leaving and w.zone == self._home_of(q) and r.side == st.hold_out:
                    gain += 4.0
                if w.leaving and not charging:
                    gain = 1.5  # stopping a move away matters less
                return p * gain - (1 - p) * 1.5 - 1.0
            case How.EVADE:
                p = q.contest_odds(r, m, False)
                hit = self._charge_threat(q, m) if charging else self._blow(q, m, r)
                return p * hit - 2.0
            case How.PROTECT:
                t = st.figures[w.target] if w.target else None
                if t is None:
                    return None
                p = q.contest_odds(r, m, False)
                mult = q.charge_multiplier() if charging else 1
                hit_t, hit_r = self._blow(q, m, t, mult=mult), self._blow(q, m, r, mult=mult)
                return p * (hit_t - hit_r + self._blow(q, r, m)) - 1.0
        return -1.0

    def _charge_threat(self, q: ZoneQueries, m: ZoneFigure) -> float:
        doing = q.state.doing
        if doing is None or not isinstance(doing.action, Charge):
            return 0.0
        t = q.state.figures[doing.target or doing.action.target]
        return self._blow(q, m, t, mult=q.charge_multiplier())

    # ================================================================ actions
    def _act(self, q: ZoneQueries, f: ZoneFigure) -> list[Cand]:
        if q.state.split:
            return self._split_step(q, f)
        status = q.status(f)
        if f.prone and f.close_with is None:
            return [(0.0, StandUp(f.id))]
        ready = self._ready(q, f, status)
        if ready is not None:
            return [(0.0, ready)]
        cands: list[Cand] = [(0.0, Pass(f.id))]
        if f.protecting:
            cands.append((0.5, Hold(f.id)))
        if status in (CONTACT, CLOSE):
            cands += self._melee(q, f, status)
        else:
            cands += self._alone(q, f)
        return cands

    def _ready(self, q: ZoneQueries, f: ZoneFigure, status: str) -> Action | None:
        """Change weapons (T-7): a melee weapon in a melee, the bow when Alone."""
        d = load_data().weapons
        ready = d.get(f.ready or "")
        missile_ready = ready is not None and (ready.missile or ready.thrown)
        melee, missiles = _arms(f)
        if status == CONTACT and missile_ready and melee:
            return Ready(f.id, max(melee, key=lambda w: d[w].damage.n * 3.5 + d[w].damage.plus))
        if status == ALONE and not missile_ready and missiles and self._targets_in_range(
                q, f, missiles[0]) and not self._enemy_near(q, f):
            return Ready(f.id, missiles[0])
        if f.ready is None and melee and status != ALONE:
            return Ready(f.id, melee[0])
        return None

    def _enemy_near(self, q: ZoneQueries, f: ZoneFigure) -> bool:
        return any(g.side != f.side and g.active and g.zone in f.zones and
                   not is_archer(g) for g in q.state.figures.values())

    def _targets_in_range(self, q: ZoneQueries, f: ZoneFigure, weapon: str) -> bool:
        reach = q.missile_range(weapon)
        for t in q.state.figures.values():
            if t.side != f.side and t.active:
                line = q.shot_line(f, t)
                if line is not None and line[0] <= reach:
                    return True
        return False

    # ---------------------------------------------------------------- in a melee
    def _melee(self, q: ZoneQueries, f: ZoneFigure, status: str) -> list[Cand]:
        out: list[Cand] = []
        threat = self._threat(q, f)
        best_blow = 0.0
        urgency = self._urgency(q, f)
        for t in q.group_of(f):
            if t.side == f.side or not t.active:
                continue
            if q.why_not_strike(f, t) is not None:
                continue
            v = self._blow(q, f, t) * urgency
            best_blow = max(best_blow, v)
            out.append((v + 0.1, Attack(f.id, t.id)))
        if status == CLOSE:
            out.append(((q.adjusted_dx_total(f) - 10) * 0.3, Withdraw(f.id)))
            return out
        hurt = f.st <= f.st_max / 3
        if hurt and threat > best_blow:
            out.append((threat * 0.8 - 1.0, Withdraw(f.id)))
        if threat > 2 * best_blow + 3 and urgency == 1.0:
            out.append((threat * 0.4, Defend(f.id)))
        return out

    # ---------------------------------------------------------------- Alone
    def _alone(self, q: ZoneQueries, f: ZoneFigure) -> list[Cand]:
        st = q.state
        enemies = [t for t in q.state.figures.values() if t.side != f.side and t.active]
        if not enemies:
            return []
        out = self._shots(q, f, enemies)
        if f.bottleneck is not None:  # holding a spot: keep it, shoot, or wait
            if f.side != st.hold_out:  # an attacker in a door goes on through it
                near = self._near(q, f.side)
                other = f.boundary or f.zone
                go = min((f.zone, other), key=lambda z: (near[z], z != other))
                out.append((1.0, Leave(f.id, go)))
            elif not f.waiting and not st.split and self._may_be_entered(q, f):
                out.append((0.8, Wait(f.id)))
            return out
        at_home = f.side == st.hold_out and f.zone == self._home_of(q)
        if q.melee_weapon(f) is not None:
            out += self._contact_attacks(q, f, enemies)
            if not at_home:  # a defender does not charge out of the house it holds
                out += self._charges(q, f, enemies)
        out += self._holds(q, f, enemies)
        out += self._moves(q, f)
        if not f.waiting and not st.split and self._may_be_entered(q, f):
            out.append((0.8, Wait(f.id)))
        if q.can_split(f) and q.melee_weapon(f) is not None:
            split = self._split_plan(q, f, enemies)
            if split is not None:
                out.append(split)
        return out

    def _shots(self, q: ZoneQueries, f: ZoneFigure, enemies: list[ZoneFigure]) -> list[Cand]:
        """Shots at the enemies in range of the missile weapon ready (the rules judge
        the rest)."""
        ready = load_data().weapons.get(f.ready or "")
        if ready is None or not (ready.missile or ready.thrown) or q.status(f) != ALONE:
            return []
        reach = q.missile_range(ready.key)
        out: list[Cand] = []
        far: list[ZoneFigure] = []
        for t in enemies:
            line = q.shot_line(f, t)
            if line is not None and line[0] <= reach:
                out.append((self._blow(q, f, t, shot=True) + 0.1, Shoot(f.id, t.id)))
            else:
                far.append(t)
        if far and f.boundary is None and f.bottleneck is None:
            out += self._step_shots(q, f, far)
        return out

    def _step_shots(self, q: ZoneQueries, f: ZoneFigure, far: list[ZoneFigure]
                    ) -> list[Cand]:
        """Z-4, Z-12: step onto a line of its zone and shoot a foe out of reach from
        where it stands (the chance of the step times the shot from the line)."""
        out: list[Cand] = []
        for z in q.state.board.neighbours(f.zone):
            for t in far:
                a = StepAndShoot(f.id, t.id, z)
                if q.why_illegal(a) is not None:
                    continue
                after = q.after_part(a)
                g, h = after.state.figures[f.id], after.state.figures[t.id]
                p = q.action_parts(a)[0][1]
                out.append((p * self._blow(after, g, h, shot=True), a))
        return out

    def _contact_attacks(self, q: ZoneQueries, f: ZoneFigure, enemies: list[ZoneFigure]
                         ) -> list[Cand]:
        """Battle moves into contact (Z-4): the blow times the chance to get there."""
        out: list[Cand] = []
        urgency = self._urgency(q, f)
        for t in enemies:
            if not any(z in t.zones for z in f.zones):
                continue
            a = Attack(f.id, t.id, q.default_into(f, t))  # the rules judge it
            p = q.contact_odds(f, t)
            if t.bottleneck is None and not t.acted and q.able_to_move(t) and \
                    q.status(t) == ALONE:
                p *= 1 - 0.5 * q.contest_odds(t, f, False)  # it may evade
            out.append((p * self._blow(q, f, t) * urgency - 0.15 * self._crowd(q, f, t), a))
        return out

    def _urgency(self, q: ZoneQueries, f: ZoneFigure) -> float:
        """How much a side that must break a holding-out enemy before the last turn
        leans into the fight (1 for others): more as the turns run out."""
        st = q.state
        if st.hold_out is None or f.side == st.hold_out or not st.turn_limit:
            return 1.0
        return 1.0 + 2.0 * st.turn / st.turn_limit

    def _crowd(self, q: ZoneQueries, f: ZoneFigure, t: ZoneFigure) -> float:
        """Blows it will take joining ``t``'s melee: from every enemy in it, weighed
        down by the urgency of a side that must attack (the same for every member
        of a melee group: worked out once a decision for each)."""
        key = (self._scope, f.id, t.group)
        if t.group:
            got = self._crowds.get(key)
            if got is not None:
                return got
        total = 0.0
        for g in q.group_of(t):
            if g.side != f.side and g.standing and g.close_with is None:
                total += self._blow(q, g, f)
        got = total / self._urgency(q, f)
        if t.group:
            self._crowds[key] = got
        return got

    def _pass_odds(self, q: ZoneQueries, f: ZoneFigure, start: str, path: tuple[str, ...],
                   run: bool) -> float:
        """The chance no enemy intercepts the move (each one willing, Z-13)."""
        p = 1.0
        known = self._passes[self._scope]
        for z in (start, *path):
            key = (f.id, z, run)
            chance = known.get(key)
            if chance is None:
                chance = 1.0
                for g in q.interceptors(f, z):
                    if not is_archer(g):
                        chance *= 1 - 0.7 * q.contest_odds(g, f, True, run)
                known[key] = chance
            p *= chance
        return p

    def _charges(self, q: ZoneQueries, f: ZoneFigure, enemies: list[ZoneFigure]
                 ) -> list[Cand]:
        out: list[Cand] = []
        per = numbers().mr_per_zone
        most = (q.current_mr(f, True) - 1) // per + 1
        near = self._near(q, f.side)
        if most < 1 or min(near[z] for z in f.zones) > most:
            return out
        ends: dict[str, list[ZoneFigure]] = {}
        for t in enemies:
            if t.bottleneck is None:
                for z in t.zones:
                    ends.setdefault(z, []).append(t)
        if not ends:
            return out
        for start in f.zones:
            by_end = q.paths_to(start, most)
            paths = [p for z in ends for p in by_end.get(z, ())[:3] if p[0] not in f.zones]
            for path in paths:
                best = self._best_way(q, f, start, path, True, charge=True)
                if best is None:
                    continue
                via, p_move = best
                p = p_move * self._pass_odds(q, f, start, path, True)
                for t in ends[path[-1]]:
                    out.append((self._charge_score(q, f, t, p, path[-1]),
                                Charge(f.id, path, via, t.id)))
        return out

    def _charge_score(self, q: ZoneQueries, f: ZoneFigure, t: ZoneFigure, p: float,
                      end: str) -> float:
        """A charge at ``t`` that gets there with chance ``p``: its blow at double
        damage (Z-9) less the blow answering it and the blows of ``t``'s melee."""
        gain = self._blow(q, f, t, mult=q.charge_multiplier())
        risk = 0.0
        if not t.acted and t.standing:
            tw = q.melee_weapon(t)
            if tw is not None and (t.waiting or q.reach_of(tw) > q.reach_of(
                    q.melee_weapon(f))):
                risk += self._blow(q, t, f, mult=q.charge_multiplier(answered=True))
            if q.status(t) == ALONE:
                gain *= 1 - 0.5 * q.contest_odds(t, f, False)
        return (p * gain * self._urgency(q, f) - risk - 0.15 * self._crowd(q, f, t) - 0.3
                - self._away(q, f, end))

    def _away(self, q: ZoneQueries, f: ZoneFigure, zone: str) -> float:
        """What a defender loses by ending its action away from the zone it holds."""
        at = self._home_of(q) if f.side == q.state.hold_out else None
        if at is None:
            return 0.0
        return HOME * (q.state.board.distance(zone, at) or 0)

    def _best_way(self, q: ZoneQueries, f: ZoneFigure, start: str, path: tuple[str, ...],
                  run: bool, charge: bool = False) -> tuple[tuple[str, ...], float] | None:
        """The legal way across the borders of ``path`` with the best chance to make it."""
        best: tuple[tuple[str, ...], float] | None = None
        for via in product(*q.crossings(start, path)):
            v = tuple(via)
            why, plan = q.move_check(f, path, v, run, False, charge)
            if why is not None or plan is None:
                continue
            p = plan.p + plan.p_line * 0.3 if plan.roll else 1.0
            if best is None or p > best[1]:
                best = (v, p)
        return best

    # ---------------------------------------------------------------- holding
    def _holds(self, q: ZoneQueries, f: ZoneFigure, enemies: list[ZoneFigure]) -> list[Cand]:
        """Z-16: take a free spot in a bottleneck of its zone that enemies come at (a
        defender) or that enemies hold with room to get in (an attacker)."""
        out: list[Cand] = []
        if f.on_line or f.bottleneck is not None:
            return out
        st = q.state
        board = st.board
        for bn in board.bottlenecks.values():
            if f.zone not in bn.zones or q.free_spots(bn.id) <= 0:
                continue
            outside = bn.other(f.zone)
            holders = q.enemy_holders(f, bn.id)
            if f.side == st.hold_out and f.zone == self._home_of(q):
                near = min((board.distance(outside, z) or 0 for t in enemies
                            for z in t.zones), default=99)
                if near <= 2:
                    out.append((HOLD - near * 2, EnterBottleneck(f.id, bn.id)))
            elif holders:
                back = 0.3 * sum(self._blow(q, h, f) for h in holders)
                gain = max(self._blow(q, f, h) for h in holders)
                out.append((gain + 2.0 - back, EnterBottleneck(f.id, bn.id)))
                out += self._spot_strikes(q, f, bn.id, holders, back)
        return out

    def _spot_strikes(self, q: ZoneQueries, f: ZoneFigure, bn: str,
                      holders: list[ZoneFigure], back: float) -> list[Cand]:
        """Z-4, Z-16: rush into the free spot and strike a holder in the same action
        (the chance to take the spot times the blow from inside it)."""
        out: list[Cand] = []
        if q.melee_weapon(f) is None:
            return out
        for h in holders:
            a = SpotAndStrike(f.id, h.id, bottleneck=bn)
            if q.why_illegal(a) is not None:
                continue
            after = q.after_part(a)
            g, t = after.state.figures[f.id], after.state.figures[h.id]
            p = q.action_parts(a)[0][1]
            out.append((p * self._blow(after, g, t) * self._urgency(q, f) + 2.0 - back, a))
        return out

    def _may_be_entered(self, q: ZoneQueries, f: ZoneFigure) -> bool:
        """Whether an enemy yet to act could come into its zone (worth an intercept)."""
        board = q.state.board
        for g in q.state.figures.values():
            if g.side == f.side or not g.active or g.acted or g.prone or g.bottleneck:
                continue
            dist = min((board.distance(a, b) or 0 for a in g.zones for b in f.zones),
                       default=9)
            if 1 <= dist <= 2 and not is_archer(g):
                return True
        return False

    # ---------------------------------------------------------------- moving
    def _goal_distance(self, q: ZoneQueries, f: ZoneFigure, zone: str) -> float:
        """How far ``zone`` is from where ``f`` wants to be."""
        key = (f.id, zone)
        got = self._goals.get(key)  # a split's look ahead wants the same places
        if got is None:
            got = self._goals[key] = self._goal(q, f, zone)
        return got

    def _near(self, q: ZoneQueries, side: str) -> dict[str, int]:
        """Zones between each zone and the nearest enemy of ``side``."""
        got = self._nears.get(side)  # a split's look ahead sees the same figures
        if got is None:
            spots = frozenset(z for t in q.state.figures.values()
                              if t.side != side and t.active for z in t.zones)
            got = self._nears[side] = q.distances_to(spots)
        return got

    def _goal(self, q: ZoneQueries, f: ZoneFigure, zone: str) -> float:
        near = self._near(q, f.side)[zone]
        if is_archer(f):
            d = load_data().weapons
            reach = max((q.missile_range(w) for w in f.weapons
                         if d[w].missile or d[w].thrown), default=1)
            want = 1 if reach >= 1 else 0
            return float(abs(near - want) + (2 if near == 0 else 0))
        if f.side == q.state.hold_out:
            at = self._home_of(q)
            if at is not None:
                return (q.state.board.distance(zone, at) or 0) * HOME / STEP
        return float(near)

    def _moves(self, q: ZoneQueries, f: ZoneFigure) -> list[Cand]:
        if f.bottleneck is not None:
            here = self._goal_distance(q, f, f.zone)
            return [] if here == 0 else [(0.5, Leave(f.id, f.zone))]
        now = min(self._goal_distance(q, f, z) for z in f.zones)
        if now <= 0:
            return []
        out: list[Cand] = []
        per = numbers().mr_per_zone
        shooters = self._missile_threat(q, f)
        for run in ((True, False) if shooters else (True,)):
            most = (q.current_mr(f, run) - 1) // per + 1
            for start in f.zones:
                out += self._moves_from(q, f, start, max(0, min(most, 3)), run, now,
                                        shooters)
        return out

    def _moves_from(self, q: ZoneQueries, f: ZoneFigure, start: str, most: int, run: bool,
                    now: float, shooters: float) -> list[Cand]:
        """Zone moves from ``start`` to the (at most two) ends that bring ``f`` nearest
        where it wants to be, each by its first workable path."""
        by_end = q.paths_to(start, most)
        ranked = sorted((self._goal_distance(q, f, end), k, end)
                        for k, end in enumerate(by_end))
        out: list[Cand] = []
        found = 0
        for after, _k, end in ranked:
            if after >= now or found >= 2:
                break
            for path in by_end[end][:2]:
                if path[0] in f.zones or start in path:
                    continue
                got = self._move(q, f, start, path, run, now - after, shooters)
                if got:
                    out += got
                    found += 1
                    break
        return out

    def _move(self, q: ZoneQueries, f: ZoneFigure, start: str, path: tuple[str, ...],
              run: bool, gain: float, shooters: float) -> list[Cand]:
        best = self._best_way(q, f, start, path, run)
        if best is None:
            return []
        via, p = best
        p *= self._pass_odds(q, f, start, path, run)
        score = gain * STEP * p - (1 - p) * 0.5
        if run:
            score -= 0.4 * shooters
        return [(score, ZoneMove(f.id, path, via, run))]

    def _missile_threat(self, q: ZoneQueries, f: ZoneFigure) -> float:
        """How many enemy missile weapons could reach it (running makes them roll a die
        more, Z-7)."""
        n = 0.0
        d = load_data().weapons
        for g in q.state.figures.values():
            if g.side == f.side or not g.active:
                continue
            w = d.get(g.ready or "")
            if w is not None and (w.missile or w.thrown):
                line = q.shot_line(g, f)
                if line is not None and line[0] <= q.missile_range(w.key) + 1:
                    n += 1
        return n

    # ---------------------------------------------------------------- splitting
    def _split_plan(self, q: ZoneQueries, f: ZoneFigure, enemies: list[ZoneFigure]
                    ) -> Cand | None:
        """Z-8: split to charge with one pool and get away with the other, when a
        charge with half the MR is as good as the best whole-MR action's charge."""
        look = q.after_split()  # the split charges as the rules would see them
        self._scope = "split"
        try:
            charges = self._charges(look, look.state.figures[f.id],
                                    [look.state.figures[e.id] for e in enemies])
        finally:
            self._scope = "decision"
        if not charges:
            return None
        score, _a = max(charges, key=lambda c: c[0])
        return (score + 1.0, SplitMove(f.id)) if score > 1.0 else None

    def _split_step(self, q: ZoneQueries, f: ZoneFigure) -> list[Cand]:
        enemies = [t for t in q.state.figures.values() if t.side != f.side and t.active]
        moves_left, attacks_left = q.split_left()
        status = q.status(f)
        cands: list[Cand] = [(0.0, EndAction(f.id))]
        if attacks_left > 0:
            if status in (CONTACT, CLOSE):
                cands += [c for c in self._melee(q, f, status) if isinstance(c[1], Attack)]
            else:
                cands += self._charges(q, f, enemies)
                cands += self._contact_attacks(q, f, enemies)
        elif status == CONTACT:
            cands.append((q.withdraw_odds(f) * self._threat(q, f) - 0.5, Withdraw(f.id)))
        elif status == ALONE:
            cands += self._moves(q, f)
        return cands
