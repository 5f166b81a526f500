"""The zone Tactician: a computer player for Melee on zone boards (seed 002).

Candidate actions in the manner of Wesnoth's AI, each scored in points of ST with exact
odds (the attack odds of :mod:`game.rules.tft.combat`, the move and contest chances of
:mod:`game.rules.tft.zones.rules`); the best legal one is played. It rolls nothing and
looks at no die of the match; ties between equal scores go by the order the candidates
are made in, so the same position gives the same action.

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

from collections.abc import Iterable
from functools import lru_cache
from itertools import product

from game.boards.zones import ZoneBoard
from game.core import odds
from game.core.dice import Modifier
from game.core.errors import GameError
from game.core.match import Match
from game.core.ruleset import Action
from game.rules.tft import combat
from game.rules.tft.data import load_data
from game.rules.tft.zones import legal, rules
from game.rules.tft.zones.actions import (
    Attack,
    Charge,
    ChooseFirst,
    Decline,
    Defend,
    EndAction,
    EnterBottleneck,
    Hold,
    Leave,
    Pass,
    React,
    Ready,
    Shoot,
    SplitMove,
    StandUp,
    Wait,
    Withdraw,
    ZoneMove,
)
from game.rules.tft.zones.data import numbers
from game.rules.tft.zones.state import ALONE, CLOSE, CONTACT, ZoneFigure, ZoneState

KILL = 8.0
"""Points for putting an enemy down, on top of the damage."""
STEP = 2.5
"""Points for each zone closer to the enemy a move brings a fighter."""
HOLD = 9.0
"""Points for taking a bottleneck spot enemies come at (Z-16)."""
HOME = 6.0
"""Points a defender loses for each zone away from the zone it holds."""


_BLOWS: dict[tuple[object, ...], float] = {}
"""Points of a blow by everything they depend on (exact odds are dear to recompute)."""


@lru_cache(maxsize=1024)
def _paths(board: ZoneBoard, start: str, most: int) -> tuple[tuple[str, ...], ...]:
    return tuple(board.paths(start, most))


@lru_cache(maxsize=1024)
def _paths_to(board: ZoneBoard, start: str, most: int) -> dict[str, tuple[tuple[str, ...], ...]]:
    """Simple paths from ``start`` of at most ``most`` zones by the zone they end in,
    shortest first (and, for a charge, out to a neighbour and back)."""
    out: dict[str, list[tuple[str, ...]]] = {}
    for p in board.paths(start, most):
        out.setdefault(p[-1], []).append(p)
    if most >= 2:
        out.setdefault(start, []).extend((n, start) for n in board.neighbours(start))
    return {k: tuple(v) for k, v in out.items()}


@lru_cache(maxsize=256)
def _archer(weapons: tuple[str, ...]) -> bool:
    d = load_data().weapons
    return any(d[w].missile or d[w].thrown for w in weapons)


@lru_cache(maxsize=4096)
def _nearest(board: ZoneBoard, spots: frozenset[str]) -> dict[str, int]:
    return {z: min((board.distance(z, e) or 0 for e in spots), default=0)
            for z in board.zones}


def _home(st: ZoneState) -> str | None:
    """The zone a holding-out side defends: the one whose borders carry the most
    bottleneck capacity (the farmhouse), where most of the side stands on a tie."""
    side = st.hold_out
    if side is None:
        return None
    counts: dict[str, int] = {}
    for f in st.figures.values():
        if f.side == side and f.active:
            for z in f.zones:
                counts[z] = counts.get(z, 0) + 1
    caps = _capacities(st.board)
    best = max(caps, key=lambda z: (caps[z], counts.get(z, 0), -list(caps).index(z)),
               default=None)
    return best if best is not None and caps[best] else None


@lru_cache(maxsize=64)
def _capacities(board: ZoneBoard) -> dict[str, int]:
    """Each zone's bottleneck capacity on its borders."""
    return {z: sum(b.capacity for b in board.bottlenecks.values() if z in b.zones)
            for z in board.zones}


class ZoneTactician:
    """A computer opponent for ``tft-zones`` (see the module text)."""

    def __init__(self, seed: int = 0) -> None:
        self.seed = seed
        self._memo: dict[tuple[object, ...], object] = {}
        """Answers within one decision (reset by :meth:`choose`)."""

    # ================================================================ entry
    def choose(self, match: Match) -> Action:
        st = match.state
        if not isinstance(st, ZoneState):
            raise GameError("the zone Tactician plays zone boards only")
        if match.outcome() is not None or match.to_act() is None:
            raise GameError("no legal action: the game is over")
        self._memo = {}
        if st.phase == "initiative":
            side = st.winner or st.sides[0]
            first = next((s for s in st.sides if s != side), side) \
                if side == st.hold_out else side
            return ChooseFirst(side, first)
        if st.phase == "reaction":
            return self._react(st)
        f = st.acting()
        assert f is not None
        return self._act(st, f)

    # ================================================================ odds
    def _blow(self, st: ZoneState, a: ZoneFigure, t: ZoneFigure, mult: int = 1,
              extra: int = 0, shot: bool = False) -> float:
        """Points of a blow: expected damage plus the chance to put the target down."""
        memo_key = ("blow", a.id, t.id, mult, extra, shot)
        got = self._memo.get(memo_key)
        if got is not None:
            assert isinstance(got, float)
            return got
        got = self._blow_odds(st, a, t, mult, extra, shot)
        self._memo[memo_key] = got
        return got

    def _blow_odds(self, st: ZoneState, a: ZoneFigure, t: ZoneFigure, mult: int,
                   extra: int, shot: bool) -> float:
        if shot:
            line = rules.shot(st, a, t)
            mods = line[1] if line else []
            weapon = None
        else:
            w = rules.melee_weapon(a)
            if w is None:
                return 0.0
            mods = rules.cover_modifier(st, a, t) + rules.prone_modifier(a, t)
            weapon = w if a.close_with is not None else None
        key = (a.dx, a.dx_penalty, a.armour, a.shield, a.ready, weapon, t.st, t.armour,
               t.shield, t.defending, tuple(m.value for m in mods), mult, extra)
        v = _BLOWS.get(key)
        if v is None:
            o = combat.attack_odds(a, t, mods, extra_dice=extra, multiplier=mult,
                                   weapon=weapon)
            v = o.expected_damage + o.p_down * (KILL + t.st / 2)
            if len(_BLOWS) > 50_000:
                _BLOWS.clear()
            _BLOWS[key] = v
        return v

    def _threat(self, st: ZoneState, f: ZoneFigure) -> float:
        """What the enemies in its melee are expected to do to ``f`` in a round."""
        total = 0.0
        for g in st.group_of(f):
            if g.side != f.side and g.standing and rules.why_not_strike(st, g, f) is None:
                total += self._blow(st, g, f)
        return total

    # ================================================================ reactions
    def _react(self, st: ZoneState) -> Action:
        w = st.window
        assert w is not None
        m = st.figures[w.mover]
        doing = st.doing
        charging = doing is not None and isinstance(doing.action, Charge)
        best: tuple[float, Action] = (0.0, Decline(w.side))
        for rid, how in w.options:
            r = st.figures[rid]
            score = -1.0
            if how == "opportunity":
                score = self._blow(st, r, m)
            elif how in ("respond", "closing"):
                score = self._blow(st, r, m, mult=numbers().charge_interrupted
                                   if how == "respond" else 1) - 0.5
            elif how == "intercept":
                run = charging or bool(getattr(doing.action if doing else None, "run", False))
                p = rules.contest_odds(st, r, m, True, run)
                if self._is_archer(r):
                    continue
                gain = 4.0 + (self._charge_threat(st, m) if charging else 0.0)
                if not w.leaving and w.zone == _home(st) and r.side == st.hold_out:
                    gain += 4.0
                if w.leaving and not charging:
                    gain = 1.5  # stopping a move away matters less
                score = p * gain - (1 - p) * 1.5 - 1.0
            elif how == "evade":
                p = rules.contest_odds(st, r, m, False)
                hit = self._charge_threat(st, m) if charging else self._blow(st, m, r)
                score = p * hit - 2.0
            elif how == "protect":
                t = st.figures[w.target] if w.target else None
                if t is None:
                    continue
                p = rules.contest_odds(st, r, m, False)
                hit_t = self._blow(st, m, t, mult=2 if charging else 1)
                hit_r = self._blow(st, m, r, mult=2 if charging else 1)
                score = p * (hit_t - hit_r + self._blow(st, r, m)) - 1.0
            if score > best[0]:
                best = (score, React(rid, how))
        return best[1]

    def _charge_threat(self, st: ZoneState, m: ZoneFigure) -> float:
        doing = st.doing
        if doing is None or not isinstance(doing.action, Charge):
            return 0.0
        t = st.figures[doing.target or doing.action.target]
        return self._blow(st, m, t, mult=numbers().charge_damage)

    # ================================================================ actions
    def _act(self, st: ZoneState, f: ZoneFigure) -> Action:
        if st.split:
            return self._split_step(st, f)
        status = rules.status(st, f)
        if f.prone and f.close_with is None:
            return StandUp(f.id)
        ready = self._ready(st, f, status)
        if ready is not None:
            return ready
        cands: list[tuple[float, Action]] = [(0.0, Pass(f.id))]
        if f.protecting:
            cands.append((0.5, Hold(f.id)))
        if status in (CONTACT, CLOSE):
            cands += self._melee(st, f, status)
        else:
            cands += self._alone(st, f)
        best = self._best(st, cands)
        return best

    def _best(self, st: ZoneState, cands: Iterable[tuple[float, Action]]) -> Action:
        ordered = sorted(enumerate(cands), key=lambda kc: (-kc[1][0], kc[0]))
        for _k, (_score, a) in ordered:
            if legal.why_illegal(st, a) is None:
                return a
        f = st.acting()
        assert f is not None
        return Pass(f.id)

    def _is_archer(self, f: ZoneFigure) -> bool:
        return _archer(tuple(f.weapons))

    def _ready(self, st: ZoneState, f: ZoneFigure, status: str) -> Action | None:
        """Change weapons (T-7): a melee weapon in a melee, the bow when Alone."""
        d = load_data().weapons
        ready = d.get(f.ready or "")
        missile_ready = ready is not None and (ready.missile or ready.thrown)
        melee = [w for w in f.weapons if d[w].melee and not (f.shield and d[w].hands >= 2)]
        missiles = [w for w in f.weapons if (d[w].missile or d[w].thrown)
                    and not (f.shield and d[w].hands >= 2)]
        if status == CONTACT and missile_ready and melee:
            return Ready(f.id, max(melee, key=lambda w: d[w].damage.n * 3.5 + d[w].damage.plus))
        if status == ALONE and not missile_ready and missiles and self._targets_in_range(
                st, f, missiles[0]) and not self._enemy_near(st, f):
            return Ready(f.id, missiles[0])
        if f.ready is None and melee and status != ALONE:
            return Ready(f.id, melee[0])
        return None

    def _enemy_near(self, st: ZoneState, f: ZoneFigure) -> bool:
        return any(g.side != f.side and g.active and g.zone in f.zones and
                   not self._is_archer(g) for g in st.figures.values())

    def _targets_in_range(self, st: ZoneState, f: ZoneFigure, weapon: str) -> bool:
        reach = rules.missile_range(weapon)
        for t in st.figures.values():
            if t.side != f.side and t.active:
                line = rules.shot_line(st, f, t)
                if line is not None and line[0] <= reach:
                    return True
        return False

    # ---------------------------------------------------------------- in a melee
    def _melee(self, st: ZoneState, f: ZoneFigure, status: str
               ) -> list[tuple[float, Action]]:
        out: list[tuple[float, Action]] = []
        threat = self._threat(st, f)
        best_blow = 0.0
        for t in st.group_of(f):
            if t.side == f.side or not t.active:
                continue
            if rules.why_not_strike(st, f, t) is not None:
                continue
            v = self._blow(st, f, t) * self._urgency(st, f)
            best_blow = max(best_blow, v)
            out.append((v + 0.1, Attack(f.id, t.id)))
        if status == CLOSE:
            p = combat.adjusted_dx_total(f)
            out.append(((p - 10) * 0.3, Withdraw(f.id)))
            return out
        hurt = f.st <= f.st_max / 3
        if hurt and threat > best_blow:
            base, mods = combat.adjusted_dx(f)
            out.append((threat * 0.8 - 1.0, Withdraw(f.id)))
        if threat > 2 * best_blow + 3 and self._urgency(st, f) == 1.0:
            out.append((threat * 0.4, Defend(f.id)))
        return out

    # ---------------------------------------------------------------- Alone
    def _alone(self, st: ZoneState, f: ZoneFigure) -> list[tuple[float, Action]]:
        out: list[tuple[float, Action]] = []
        enemies = [t for t in st.figures.values() if t.side != f.side and t.active]
        if not enemies:
            return out
        d = load_data().weapons
        ready = d.get(f.ready or "")
        if ready is not None and (ready.missile or ready.thrown) and \
                rules.status(st, f) == ALONE:
            reach = rules.missile_range(ready.key)
            for t in enemies:
                line = rules.shot_line(st, f, t)
                if line is not None and line[0] <= reach:  # _best checks the rest
                    extra = numbers().running_missile_dice if t.running else 0
                    out.append((self._blow(st, f, t, extra=extra, shot=True) + 0.1,
                                Shoot(f.id, t.id)))
        if f.bottleneck is not None:  # holding a spot: keep it, shoot, or wait
            if f.side != st.hold_out:  # an attacker in a door goes on through it
                near = self._near(st, f.side)
                other = f.boundary or f.zone
                go = min((f.zone, other), key=lambda z: (near[z], z != other))
                out.append((1.0, Leave(f.id, go)))
            elif not f.waiting and not st.split and self._may_be_entered(st, f):
                out.append((0.8, Wait(f.id)))
            return out
        at_home = f.side == st.hold_out and f.zone == _home(st)
        if rules.melee_weapon(f) is not None:
            out += self._contact_attacks(st, f, enemies)
            if not at_home:  # a defender does not charge out of the house it holds
                out += self._charges(st, f, enemies)
        out += self._holds(st, f, enemies)
        out += self._moves(st, f, enemies)
        if not f.waiting and not st.split and self._may_be_entered(st, f):
            out.append((0.8, Wait(f.id)))
        if rules.can_split(f) and rules.melee_weapon(f) is not None:
            split = self._split_plan(st, f, enemies)
            if split is not None:
                out.append(split)
        return out

    def _contact_attacks(self, st: ZoneState, f: ZoneFigure, enemies: list[ZoneFigure]
                         ) -> list[tuple[float, Action]]:
        """Battle moves into contact (Z-4): the blow times the chance to get there."""
        out: list[tuple[float, Action]] = []
        for t in enemies:
            if not any(z in t.zones for z in f.zones):
                continue
            a = Attack(f.id, t.id, legal.default_into(f, t))  # _best checks it is legal
            p = self._contact_odds(st, f, t)
            if t.bottleneck is None and not t.acted and rules.able_to_move(t) and \
                    rules.status(st, t) == ALONE:
                p *= 1 - 0.5 * rules.contest_odds(st, t, f, False)  # it may evade
            out.append((p * self._blow(st, f, t) * self._urgency(st, f)
                        - 0.15 * self._crowd(st, f, t), a))
        return out

    def _urgency(self, st: ZoneState, f: ZoneFigure) -> float:
        """How much a side that must break a holding-out enemy before the last turn
        leans into the fight (1 for others): more as the turns run out."""
        if st.hold_out is None or f.side == st.hold_out or not st.turn_limit:
            return 1.0
        return 1.0 + 2.0 * st.turn / st.turn_limit

    def _crowd(self, st: ZoneState, f: ZoneFigure, t: ZoneFigure) -> float:
        """Blows it will take joining ``t``'s melee: from every enemy in it, weighed
        down by the urgency of a side that must attack."""
        total = 0.0
        for g in st.group_of(t):
            if g.side != f.side and g.standing and g.close_with is None:
                total += self._blow(st, g, f)
        return total / self._urgency(st, f)

    def _contact_odds(self, st: ZoneState, f: ZoneFigure, t: ZoneFigure) -> float:
        extra = []
        ob = rules.obstacle_for(st, f, t)
        if ob is not None:
            extra.append(Modifier(-ob[1], "obstacle", "Z-11"))
        zone = legal.contact_zone(f, t, legal.default_into(f, t))
        mods = rules.battle_move_modifiers(st, f, zone, extra)
        if not mods:
            return 1.0
        dx = combat.adjusted_dx_total(f) + sum(m.value for m in mods)
        return rules.move_roll_odds(numbers().check_dice, dx, 7)[0]

    def _pass_odds(self, st: ZoneState, f: ZoneFigure, start: str, path: tuple[str, ...],
                   run: bool) -> float:
        """The chance no enemy intercepts the move (each one willing, Z-13)."""
        p = 1.0
        for z in (start, *path):
            key = ("pass", f.id, z, run)
            q = self._memo.get(key)
            if q is None:
                q = 1.0
                for g in legal.interceptors(st, f, z):
                    if not self._is_archer(g):
                        q *= 1 - 0.7 * rules.contest_odds(st, g, f, True, run)
                self._memo[key] = q
            assert isinstance(q, float)
            p *= q
        return p

    def _charges(self, st: ZoneState, f: ZoneFigure, enemies: list[ZoneFigure]
                 ) -> list[tuple[float, Action]]:
        out: list[tuple[float, Action]] = []
        per = numbers().mr_per_zone
        most = (rules.current_mr(st, f, True) - 1) // per + 1
        near = self._near(st, f.side)
        if most < 1 or min(near[z] for z in f.zones) > most:
            return out
        targets = [t for t in enemies if t.bottleneck is None]
        if not targets:
            return out
        ends: dict[str, list[ZoneFigure]] = {}
        for t in targets:
            for z in t.zones:
                ends.setdefault(z, []).append(t)
        for start in f.zones:
            by_end = _paths_to(st.board, start, most)
            paths = [p for z in ends for p in by_end.get(z, ())[:3] if p[0] not in f.zones]
            for path in paths:
                here = ends[path[-1]]
                best = self._best_way(st, f, start, path, True, charge=True)
                if best is None:
                    continue
                via, p_move = best
                p = p_move * self._pass_odds(st, f, start, path, True)
                for t in here:
                    a = Charge(f.id, path, via, t.id)
                    gain = self._blow(st, f, t, mult=numbers().charge_damage)
                    risk = 0.0
                    if not t.acted and t.standing:
                        tw = rules.melee_weapon(t)
                        if tw is not None and (t.waiting or rules.reach(tw) > rules.reach(
                                rules.melee_weapon(f))):
                            risk += self._blow(st, t, f, mult=numbers().charge_interrupted)
                        if rules.status(st, t) == ALONE:
                            gain *= 1 - 0.5 * rules.contest_odds(st, t, f, False)
                    out.append((p * gain * self._urgency(st, f) - risk
                                - 0.15 * self._crowd(st, f, t) - 0.3
                                - self._away(st, f, path[-1]), a))
        return out

    def _away(self, st: ZoneState, f: ZoneFigure, zone: str) -> float:
        """What a defender loses by ending its action away from the zone it holds."""
        home = _home(st) if f.side == st.hold_out else None
        if home is None:
            return 0.0
        return HOME * (st.board.distance(zone, home) or 0)

    def _best_way(self, st: ZoneState, f: ZoneFigure, start: str, path: tuple[str, ...],
                  run: bool, charge: bool = False) -> tuple[tuple[str, ...], float] | None:
        """The legal way across the borders of ``path`` with the best chance to make it."""
        best: tuple[tuple[str, ...], float] | None = None
        for via in product(*rules.crossings(st.board, start, path)):
            v = tuple(via)
            why, plan = legal.zone_move_check(st, f, path, v, run, False, charge=charge)
            if why is not None or plan is None:
                continue
            p = plan.p + plan.p_line * 0.3 if plan.roll else 1.0
            if best is None or p > best[1]:
                best = (v, p)
        return best

    # ---------------------------------------------------------------- holding
    def _holds(self, st: ZoneState, f: ZoneFigure, enemies: list[ZoneFigure]
               ) -> list[tuple[float, Action]]:
        """Z-16: take a free spot in a bottleneck of its zone that enemies come at (a
        defender) or that enemies hold with room to get in (an attacker)."""
        out: list[tuple[float, Action]] = []
        if f.on_line or f.bottleneck is not None:
            return out
        board = st.board
        for bn in board.bottlenecks.values():
            if f.zone not in bn.zones or rules.free_spots(st, bn) <= 0:
                continue
            outside = bn.other(f.zone)
            holders = rules.enemy_holders(st, f, bn.id)
            near = min((board.distance(outside, z) or 0 for t in enemies for z in t.zones),
                       default=99)
            if f.side == st.hold_out and f.zone == _home(st):
                if near <= 2:
                    out.append((HOLD - near * 2, EnterBottleneck(f.id, bn.id)))
            elif holders:
                gain = max(self._blow(st, f, h) for h in holders)
                out.append((gain + 2.0 - 0.3 * sum(self._blow(st, h, f) for h in holders),
                            EnterBottleneck(f.id, bn.id)))
        return out

    def _may_be_entered(self, st: ZoneState, f: ZoneFigure) -> bool:
        """Whether an enemy yet to act could come into its zone (worth an intercept)."""
        for g in st.figures.values():
            if g.side == f.side or not g.active or g.acted or g.prone or g.bottleneck:
                continue
            dist = min((st.board.distance(a, b) or 0 for a in g.zones for b in f.zones),
                       default=9)
            if 1 <= dist <= 2 and not self._is_archer(g):
                return True
        return False

    # ---------------------------------------------------------------- moving
    def _goal_distance(self, st: ZoneState, f: ZoneFigure, zone: str,
                       enemies: list[ZoneFigure]) -> float:
        """How far ``zone`` is from where ``f`` wants to be."""
        key = ("goal", f.id, zone)
        v = self._memo.get(key)
        if v is None:
            v = self._memo[key] = self._goal(st, f, zone, enemies)
        assert isinstance(v, float)
        return v

    def _near(self, st: ZoneState, side: str) -> dict[str, int]:
        """Zones between each zone and the nearest enemy of ``side``."""
        key = ("near", side)
        got = self._memo.get(key)
        if got is None:
            spots = frozenset(z for t in st.figures.values() if t.side != side and t.active
                              for z in t.zones)
            got = self._memo[key] = _nearest(st.board, spots)
        assert isinstance(got, dict)
        return got

    def _goal(self, st: ZoneState, f: ZoneFigure, zone: str, enemies: list[ZoneFigure]
              ) -> float:
        board = st.board
        near = self._near(st, f.side)[zone]
        if self._is_archer(f):
            d = load_data().weapons
            reach = max((rules.missile_range(w) for w in f.weapons
                         if d[w].missile or d[w].thrown), default=1)
            want = 1 if reach >= 1 else 0
            return float(abs(near - want) + (2 if near == 0 else 0))
        if f.side == st.hold_out:
            home = _home(st)
            if home is not None:
                return (board.distance(zone, home) or 0) * HOME / STEP
        return float(near)

    def _moves(self, st: ZoneState, f: ZoneFigure, enemies: list[ZoneFigure]
               ) -> list[tuple[float, Action]]:
        out: list[tuple[float, Action]] = []
        if f.bottleneck is not None:
            here = self._goal_distance(st, f, f.zone, enemies)
            return out if here == 0 else [(0.5, Leave(f.id, f.zone))]
        now = min(self._goal_distance(st, f, z, enemies) for z in f.zones)
        if now <= 0:
            return out
        per = numbers().mr_per_zone
        shooters = self._missile_threat(st, f)
        for run in ((True, False) if shooters else (True,)):
            most = (rules.current_mr(st, f, run) - 1) // per + 1
            for start in f.zones:
                by_end = _paths_to(st.board, start, max(0, min(most, 3)))
                ranked = sorted((self._goal_distance(st, f, end, enemies), k, end)
                                for k, end in enumerate(by_end))
                found = 0
                for after, _k, end in ranked:
                    if after >= now or found >= 2:
                        break
                    for path in by_end[end][:2]:
                        if path[0] in f.zones or start in path:
                            continue
                        got = self._move(st, f, start, path, run, now - after, shooters)
                        if got:
                            out += got
                            found += 1
                            break
        return out

    def _move(self, st: ZoneState, f: ZoneFigure, start: str, path: tuple[str, ...],
              run: bool, gain: float, shooters: float) -> list[tuple[float, Action]]:
        best = self._best_way(st, f, start, path, run)
        if best is None:
            return []
        via, p = best
        p *= self._pass_odds(st, f, start, path, run)
        score = gain * STEP * p - (1 - p) * 0.5
        if run:
            score -= 0.4 * shooters
        return [(score, ZoneMove(f.id, path, via, run))]

    def _missile_threat(self, st: ZoneState, f: ZoneFigure) -> float:
        """How many enemy missile weapons could reach it (running makes them roll a die
        more, Z-7)."""
        n = 0.0
        d = load_data().weapons
        for g in st.figures.values():
            if g.side == f.side or not g.active:
                continue
            w = d.get(g.ready or "")
            if w is not None and (w.missile or w.thrown):
                line = rules.shot_line(st, g, f)
                if line is not None and line[0] <= rules.missile_range(w.key) + 1:
                    n += 1
        return n

    # ---------------------------------------------------------------- splitting
    def _split_plan(self, st: ZoneState, f: ZoneFigure, enemies: list[ZoneFigure]
                    ) -> tuple[float, Action] | None:
        """Z-8: split to charge with one pool and get away with the other, when a
        charge with half the MR is as good as the best whole-MR action's charge."""
        look = st.clone()  # the split charges as the rules would see them (a copy)
        look.split = {"moves": 0, "attacks": 0, "ran": 0}
        memo, self._memo = self._memo, {}
        try:
            charges = self._charges(look, look.figures[f.id],
                                    [look.figures[e.id] for e in enemies])
        finally:
            self._memo = memo
        if not charges:
            return None
        score, _a = max(charges, key=lambda c: c[0])
        return (score + 1.0, SplitMove(f.id)) if score > 1.0 else None

    def _split_step(self, st: ZoneState, f: ZoneFigure) -> Action:
        enemies = [t for t in st.figures.values() if t.side != f.side and t.active]
        used = st.split
        status = rules.status(st, f)
        cands: list[tuple[float, Action]] = [(0.0, EndAction(f.id))]
        if used.get("attacks", 0) < numbers().split_attacks:
            if status in (CONTACT, CLOSE):
                cands += [c for c in self._melee(st, f, status) if isinstance(c[1], Attack)]
            else:
                cands += self._charges(st, f, enemies)
                cands += self._contact_attacks(st, f, enemies)
        elif status == CONTACT:
            threat = self._threat(st, f)
            base, mods = combat.adjusted_dx(f)
            p = odds.check_probability(numbers().withdraw_dice,
                                              base + sum(m.value for m in mods))
            cands.append((p * threat - 0.5, Withdraw(f.id)))
        elif status == ALONE:
            cands += self._moves(st, f, enemies)
        return self._best(st, cands)

