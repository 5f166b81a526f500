"""The Tactician: candidate actions in the manner of Wesnoth's AI, scored with exact odds.

Every phase has its *candidate actions* (CAs, :data:`CANDIDATES`). Each CA's
``evaluate`` looks at the match through its read-only queries (``move_options``,
``attack_check``, the pure rules functions of :mod:`game.rules.tft.heights` and
:mod:`game.rules.tft.combat`) and proposes actions with a score in points of ST; the
best proposal is played. In movement the CA is a figure's manoeuvre (where to go, which
way to face, whether to defend), made figure by figure. Nothing is rolled or simulated:
odds are exact and cached (:mod:`game.ai.evaluation`; duels between two kinds of figure
at a level difference are shared by every decision and game), and the AI never peeks at
the match's dice. A figure's decision costs a tenth of a millisecond or so besides its
reach (the rules' ``move_options``, which the move then reuses).

- Initiative (T-7): let the enemy move first when the armies can meet this turn (the
  second mover sees where they stand and which way they face); move first when they
  cannot, to take the ground.
- Movement: figures are planned one at a time, engaged ones first, then nearest the
  enemy first, each on the live position (so earlier moves block later ones as they
  would). What enemies can do is worked out once per side and turn (:class:`_MovePlan`:
  where each can charge to, which cells it can strike). For a figure, every reachable
  cell is worth its height, nearness to the enemy and friends beside; where an enemy can
  strike or be struck, each facing is also scored: the best attack the figure can make
  from there this action phase (exact expected damage and chance of a knock-down, with
  height advantage H-6 and the target's facing T-5; none if reaching it costs more than
  half MA, T-7), minus what enemies able to strike that cell are expected to do to it
  (fixed enemies strike only into their front hexes; enemies yet to move may charge and
  pick the flank). The attack bounds a cell's score from above, so only the few cells
  that can beat the best so far are scored exactly. Moving into an enemy's front hex
  stops the move with the facing of the last step (T-6), and so does a jump (H-8); a
  jump whose fall would take the figure out with a real chance is never made, others
  cost their expected damage and prone chance. A figure that two enemies can strike,
  or that cannot strike back, defends (attackers roll 4d6) when that saves more than
  its blow is worth; one-on-one it fights, so two figures never stall in a 4d6
  standoff. A side twice the enemy's number counts blows taken half (it presses the
  fight); one half the enemy's number counts them more (it is careful).
- Actions: stand up if prone; pick up or ready a weapon if empty-handed; else the attack
  with the best expected damage plus knock-down chance; else disengage from enemies
  yet to act if that saves more than it risks; else pass.
- Force retreats (T-8, H-13, H-14): push enemies down drops (stumble or fall odds) and
  off the high ground; follow when that keeps the height and the contact.

Deterministic for a seed: ties between equal best scores go round by the seed (it rolls
no dice at all), and asking twice in the same position gives the same action.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field, replace
from itertools import chain
from typing import ClassVar

import numpy as np
from numpy.typing import NDArray

from game.ai.tft.evaluation import (
    EnemyThreat,
    Hit,
    Sandbox,
    Weights,
    arc_of,
    distances_to,
    enemy_threats,
    fall_risk,
    footing_key,
    levels_array,
)
from game.boards.hexmap import HexMap, Reach
from game.core import odds
from game.core.dice import Modifier
from game.core.errors import GameError
from game.core.frozen import quick_init
from game.core.match import Match
from game.core.ruleset import Action, Side
from game.rules.tft import combat
from game.rules.tft.data import load_data
from game.rules.tft.hexes import heights, melee, missiles
from game.rules.tft.hexes.actions import (
    Attack,
    ChooseFirst,
    Climb,
    Defend,
    Disengage,
    EndMovement,
    Face,
    JumpDown,
    Move,
    NoRetreat,
    Pass,
    PickUp,
    Ready,
    Retreat,
    Shoot,
    StandUp,
    Sweep,
    Swipe,
)
from game.rules.tft.hexes.ruleset import Jump, MeleeOnHeights
from game.rules.tft.hexes.state import HexFigure, HexState

ARCS = ("front", "side", "rear")


@quick_init
@dataclass(frozen=True)
class Proposal:
    """What a candidate action would do and what it is worth."""

    score: float
    actions: tuple[Action, ...]
    why: str = ""


@dataclass
class _MovePlan:
    """The order a side's figures are planned in this movement phase, and what is queued."""

    state: HexState
    turn: int
    order: list[str]
    threats: list[EnemyThreat]
    near: list[int]
    """Distance of every cell to the nearest active enemy."""
    unmoved: float
    """Weight of the blows of enemies yet to move (:attr:`Weights.unmoved`)."""
    hot: set[int] = field(default_factory=set)
    """Cells where an enemy can strike or be struck: only there do facings matter."""
    static: list[float] = field(default_factory=list)
    """Every cell's worth before friends and MP: height less distance to the enemy."""
    static_arr: NDArray[np.float64] | None = None
    """:attr:`static` as an array."""
    beside_enemy: set[int] = field(default_factory=set)
    """Cells next to an active enemy: only there can a figure attack."""
    fixed_enemy: set[str] = field(default_factory=set)
    """Enemies that have moved already (their facing is known)."""
    engaged: dict[str, bool] = field(default_factory=dict)
    """Whether each figure to move is engaged (T-6): enemies stand still meanwhile."""
    foes_beside: dict[int, list[tuple[int, int, HexFigure]]] = field(default_factory=dict)
    """For each cell next to active enemies: (direction from the cell, enemy's cell,
    enemy) of each (enemies do not move while this side does)."""
    queue: deque[Action] = field(default_factory=deque)
    done: set[str] = field(default_factory=set)
    last: tuple[tuple[object, ...], Action] | None = None
    """The last action handed out, with the position it was chosen in."""
    _spots: dict[int, list[tuple[float, bool, HexFigure, list[tuple[int, int]]]]] = field(
        default_factory=dict)
    _ranked: list[int] | None = None

    def ranked(self) -> list[int]:
        """Every cell, best :attr:`static` worth first (ties by cell)."""
        if self._ranked is None:
            assert self.static_arr is not None
            self._ranked = np.argsort(-self.static_arr, kind="stable").tolist()
        return self._ranked

    def spots(self, c: int, board: HexMap
              ) -> list[tuple[float, bool, HexFigure, list[tuple[int, int]]]]:
        """Enemies that can strike cell ``c``: (weight, has moved, enemy, [(direction from
        ``c``, cell it would strike from)]), ignoring who stands where now."""
        out = self._spots.get(c)
        if out is None:
            out = []
            for t in self.threats:
                e = t.enemy
                if t.fixed:
                    if c not in t.targets:
                        continue
                    d = board.direction(c, e.cell)
                    cand = [] if d is None else [(d, e.cell)]
                else:
                    cand = [(d, n) for d, n in board.neighbours_with_direction(c)
                            if n in t.stands]
                if cand:
                    out.append((1.0 if t.fixed else self.unmoved, t.fixed, e, cand))
            self._spots[c] = out
        return out


def _fingerprint(state: HexState, side: Side) -> tuple[object, ...]:
    """What a movement action of ``side`` can change: its figures' places and state."""
    return tuple((f.cell, f.facing, f.mp_spent, f.move_over, f.defending, f.prone, f.st)
                 for f in state.figures.values() if f.side == side)


_SCALED: dict[tuple[Weights, bool], Weights] = {}


def by_numbers(w: Weights, mine: int, theirs: int) -> Weights:
    """``w`` for a side with ``mine`` figures standing against ``theirs``: once one side
    has at least twice the other's, blows taken count ``w.outnumbered`` times as much
    for the fewer and ``w.outnumbering`` times for the more (careful when few, pressing
    the fight when many)."""
    if mine and theirs and theirs >= 2 * mine:
        few = True
    elif mine and theirs and mine >= 2 * theirs:
        few = False
    else:
        return w
    out = _SCALED.get((w, few))
    if out is None:
        scale = w.outnumbered if few else w.outnumbering
        out = _SCALED[(w, few)] = replace(w, threat=w.threat * scale, outnumbered=1.0,
                                          outnumbering=1.0)
    return out


class Context:
    """One decision's view of the match."""

    def __init__(self, match: Match, side: Side, weights: Weights) -> None:
        self.match = match
        self.state: HexState = match.state
        self.board = self.state.board
        rules = match.ruleset
        assert isinstance(rules, MeleeOnHeights)
        self.rules = rules
        self.side = side
        self.w = weights
        self._sandbox: Sandbox | None = None
        figs = self.state.figures.values()
        self.own = [f for f in figs if f.side == side and f.active]
        self.enemies = [f for f in figs if f.side != side and f.active]
        self.w = by_numbers(weights, len(self.own), len(self.enemies))
        self._attacks: list[tuple[HexFigure, Hit]] | None = None
        self._how: dict[str, str] = {}
        """How the acting figure's blow reaches each enemy of :meth:`attacks`."""

    @property
    def sandbox(self) -> Sandbox:
        """Copies of figures for "what if" odds (made when first needed)."""
        if self._sandbox is None:
            self._sandbox = Sandbox(self.state)
        return self._sandbox

    def actor(self) -> HexFigure:
        """The figure whose action it is (action phase)."""
        f = self.state.acting()
        if f is None:
            raise GameError("no figure is acting")
        return f

    def attacks(self) -> list[tuple[HexFigure, Hit]]:
        """The melee attacks the acting figure may make now, with their exact odds: the
        rules' own :meth:`MeleeOnHeights.attack_check` (T-5 front hexes, H-4 reach, H-15
        big figures, H-16 poles, H-17 swipes, T-7 standing, not defending, at most half
        MA spent, never with a missile weapon) for every enemy beside it."""
        if self._attacks is None:
            f = self.actor()
            self._attacks = []
            if not f.standing or f.defending or f.mp_spent > combat.charge_allowance(f):
                return self._attacks
            board = self.board
            for e in self.enemies:
                if not heights.adjacent_figures(board, f, e):
                    continue
                chk = self.rules.attack_check(self.state, f.id, e.id)
                if chk.allowed and chk.odds is not None:
                    o = chk.odds
                    self._attacks.append((e, Hit(o.p_hit, o.expected_damage, o.p_down)))
                    self._how[e.id] = chk.how
        return self._attacks

    def blow(self, e: HexFigure) -> str:
        """How the acting figure's blow reaches ``e``, one of :meth:`attacks`' enemies
        (melee.NORMAL, POLE or SWIPE, as its attack check said)."""
        return self._how[e.id]

    def shots(self) -> list[tuple[HexFigure, Hit, Action]]:
        """The shots the acting figure may make now (H-18): each enemy it may shoot, the
        exact chance the shot strikes it (figures in the way counted), and the action.
        Shots with a friend in the way are left out."""
        f = self.actor()
        out: list[tuple[HexFigure, Hit, Action]] = []
        if missiles.ranged_weapon(f) is None or not f.standing or f.defending:
            return out
        for e in self.enemies:
            chk = self.rules.shot_check(self.state, f.id, e.id)
            if not chk.allowed or chk.odds is None or chk.line is None:
                continue
            if any(self.state.figures[g].side == f.side for g in chk.line.in_way):
                continue
            p = chk.p_target or 0.0
            scale = p / chk.odds.p_hit if chk.odds.p_hit > 0 else 0.0
            out.append((e, Hit(p, chk.odds.expected_damage * scale,
                               chk.odds.p_down * scale), Shoot(f.id, e.id)))
        return out


ARC_BY_OFF: tuple[str, ...] = tuple(arc_of(off, 0) for off in range(6))
"""T-5 arc of an attack coming from ``(direction to the attacker - facing) % 6``."""

FRONT: tuple[tuple[bool, ...], ...] = tuple(
    tuple(ARC_BY_OFF[(d - phi) % 6] == "front" for phi in range(6)) for d in range(6))
"""``FRONT[d][phi]``: a neighbour in direction ``d`` is in the front of a figure facing phi."""

_Strikes = tuple[float, bool, list[tuple["_Duel", int]]]
"""(weight, whether the enemy has moved, [(duel, directions it may strike from)]): the
directions as a bit mask (bit ``d`` for direction ``d``), one entry per duel (level)."""

_ZERO6 = (0.0,) * 6


def _best_static_first(static: list[float]) -> Callable[[int], float]:
    """Sort key: best static worth first."""
    return lambda c: -static[c]

_FRONT_OF: tuple[tuple[int, int, int], ...] = tuple(
    ((d + 5) % 6, d, (d + 1) % 6) for d in range(6))
"""The facings that put a neighbour in direction ``d`` in front (T-5)."""

_FighterKey = tuple[int, int, str | None, str | None, str | None, int, bool, int, bool]


def fighter_key(f: HexFigure) -> _FighterKey:
    """Everything about a figure that its duels depend on: what it hits with and how well
    (DX, T-3 penalty, gear), what stops blows and how much it can take (ST), and how far
    up it reaches (H-4: prone or its H)."""
    return (f.dx, f.dx_penalty, f.armour, f.shield, f.ready, f.st, f.prone, f.h, f.kneeling)


class _Duel:
    """One figure against one enemy at one level difference: whether they can fight
    (H-4), and what each blow is worth by facing (H-6 and T-5 via the exact odds).

    Duels are shared by every decision (:data:`_DUELS`): they depend only on the two
    figures' keys (:func:`fighter_key`), the enemy's defence and the level difference.
    """

    __slots__ = ("can", "deal", "take", "take_def", "_net", "_rows")

    def __init__(self, can: bool) -> None:
        self.can = can
        self.deal: tuple[float, ...] = ()
        """Our blow, by the enemy's offset (direction from it to us minus its facing)."""
        self.take: tuple[tuple[float, ...], ...] = ()
        """Its blow on us, ``take[d][phi]``: coming from direction ``d``, us facing phi."""
        self.take_def: tuple[tuple[float, ...], ...] = ()
        """The same while we defend (4d6, T-7)."""
        self._net: dict[tuple[int, float], tuple[float, ...]] = {}
        self._rows: dict[tuple[int, float | None], tuple[float, ...]] = {}

    def row(self, mask: int, hit_back: float | None) -> tuple[float, ...]:
        """The enemy's best blow by our facing when it may strike from any direction in
        ``mask`` (bit ``d``: from direction ``d``): :attr:`take_def` if ``hit_back`` is
        None, :attr:`take` if it is 0, else :meth:`net`."""
        key = (mask, hit_back)
        row = self._rows.get(key)
        if row is None:
            dirs = [d for d in range(6) if mask >> d & 1]
            if hit_back is None:
                rows = [self.take_def[d] for d in dirs]
            elif not hit_back:
                rows = [self.take[d] for d in dirs]
            else:
                rows = [self.net(d, hit_back) for d in dirs]
            row = tuple(max(r[phi] for r in rows) for phi in range(6))
            self._rows[key] = row
        return row

    def net(self, d: int, hit_back: float) -> tuple[float, ...]:
        """``take[d]`` less our blow back (scaled) where the enemy stands in our front."""
        key = (d, hit_back)
        row = self._net.get(key)
        if row is None:
            back = self.deal[0] * hit_back
            row = tuple(max(0.0, x - back) if fr else x
                        for x, fr in zip(self.take[d], FRONT[d], strict=True))
            self._net[key] = row
        return row


_DUELS: dict[tuple[float, float], dict[tuple[object, ...], _Duel]] = {}
_DUEL_LIMIT = 100_000


def shared_duels(w: Weights) -> dict[tuple[object, ...], _Duel]:
    """The duels of every decision made with weights ``w`` (kept to a size): only its
    ``kill`` and ``lose`` enter a duel's values."""
    key = (w.kill, w.lose)
    shared = _DUELS.get(key)
    if shared is None:
        shared = _DUELS[key] = {}
    elif len(shared) > _DUEL_LIMIT:
        shared.clear()
    return shared


def _by_facing(by_arc: dict[str, float]) -> tuple[tuple[float, ...], ...]:
    """``out[d][phi]``: the value of a blow from direction ``d`` on a figure facing phi."""
    return tuple(tuple(by_arc[ARC_BY_OFF[(d - phi) % 6]] for phi in range(6))
                 for d in range(6))


class _Stance:
    """Scores of one figure's facings in the cells where fighting is possible."""

    def __init__(self, ctx: Context, plan: _MovePlan, f: HexFigure, engaged: bool) -> None:
        self.ctx, self.plan, self.f, self.engaged = ctx, plan, f, engaged
        self.board = ctx.board
        self.lv = ctx.board.level_list
        self.w = ctx.w
        self.allowance = combat.charge_allowance(f) - f.mp_spent
        self.fixed_enemy = plan.fixed_enemy
        self.occupied = {g.cell for g in ctx.state.figures.values() if g.alive}
        self._duels: dict[tuple[str, int], _Duel] = {}
        self._shared = shared_duels(ctx.w)
        self._fkey = fighter_key(f)

    def duel(self, e: HexFigure, c: int, n: int) -> _Duel:
        """``f`` in ``c`` against ``e`` in ``n`` (adjacent)."""
        diff = self.lv[c] - self.lv[n]
        key = (e.id, diff)
        d = self._duels.get(key)
        if d is None:
            gkey = (self._fkey, fighter_key(e), e.defending, diff,
                    footing_key(self.board, c), footing_key(self.board, n))
            d = self._shared.get(gkey)
            if d is None:
                d = self._new_duel(e, c, n)
                self._shared[gkey] = d
            self._duels[key] = d
        return d

    def _new_duel(self, e: HexFigure, c: int, n: int) -> _Duel:
        sb, f, w = self.ctx.sandbox, self.f, self.w
        d = _Duel(sb.can_fight(f, c, e, n))
        if d.can:
            deal = {}
            take = {}
            for z in ARCS:
                h = sb.hit(f, c, e, n, z)
                deal[z] = h.damage + w.kill * h.p_down
                h = sb.hit(e, n, f, c, z, False)
                take[z] = h.damage + w.lose * h.p_down
            d.deal = tuple(deal[ARC_BY_OFF[off]] for off in range(6))
            d.take = _by_facing(take)
            by_arc = {}
            for z in ARCS:
                h = sb.hit(e, n, f, c, z, True)
                by_arc[z] = h.damage + w.lose * h.p_down
            d.take_def = _by_facing(by_arc)
        return d

    def attacks(self, c: int, k: int, p_stand: float) -> tuple[float, ...]:
        """The best attack ``f`` could make from ``c`` (reached for ``k`` MP), by facing.

        Attacking needs the target in a front hex (T-5) and at most half MA spent (T-7);
        an attack that only a later turn allows counts ``later`` of its value.
        """
        foes = self.plan.foes_beside.get(c)
        if not foes:
            return _ZERO6
        attack = [0.0] * 6
        attack_now = self.f.standing and k <= self.allowance
        scale = p_stand if attack_now else self.w.later * p_stand
        fixed_enemy = self.fixed_enemy
        for d, n, e in foes:
            duel = self.duel(e, c, n)
            if not duel.can:
                continue
            # an enemy yet to move, or by next turn, will have turned to face its attacker
            if attack_now and e.id in fixed_enemy:
                v = duel.deal[((d + 3) % 6 - e.facing) % 6] * scale
            else:
                v = duel.deal[0] * scale
            for phi in _FRONT_OF[d]:
                if v > attack[phi]:
                    attack[phi] = v
        return tuple(attack)

    def attack_bound(self, c: int, k: int, p_stand: float, fixed: int | None) -> float:
        """What :meth:`attacks` comes to at its best facing, or at facing ``fixed``."""
        best = 0.0
        attack_now = self.f.standing and k <= self.allowance
        scale = p_stand if attack_now else self.w.later * p_stand
        fixed_enemy, duels, lv = self.fixed_enemy, self._duels, self.lv
        lc = lv[c]
        for d, n, e in self.plan.foes_beside[c]:
            if fixed is not None and fixed not in _FRONT_OF[d]:
                continue
            duel = duels.get((e.id, lc - lv[n])) or self.duel(e, c, n)
            if not duel.can:
                continue
            if attack_now and e.id in fixed_enemy:
                v = duel.deal[((d + 3) % 6 - e.facing) % 6] * scale
            else:
                v = duel.deal[0] * scale
            if v > best:
                best = v
        return best

    def best(self, c: int, k: int, fixed: int | None, p_stand: float,
             attack: tuple[float, ...], natural: int) -> tuple[float, int | None, bool]:
        """Best facing for ``f`` in ``c`` reached for ``k`` MP (and whether to defend):
        the attack it can make (:meth:`attacks`) minus the weighted blows it can expect.
        On a tie the ``natural`` facing (the one the move leaves) is kept: no Face."""
        f = self.f
        attack_now = f.standing and k <= self.allowance
        strikes: list[_Strikes] = []
        occupied, duels, lv = self.occupied, self._duels, self.lv
        lc = lv[c]
        for weight, fx, e, cand in self.plan.spots(c, self.board):
            if fx:
                d, n = cand[0]
                dl = duels.get((e.id, lc - lv[n])) or self.duel(e, c, n)
                if dl.can:
                    strikes.append((weight, fx, [(dl, 1 << d)]))
                continue
            # one entry per duel (level difference), its directions as a bit mask
            spots: list[tuple[_Duel, int]] = []
            for d, n in cand:
                if n == e.cell or n not in occupied:
                    dl = duels.get((e.id, lc - lv[n])) or self.duel(e, c, n)
                    if dl.can:
                        for i, (seen, mask) in enumerate(spots):
                            if seen is dl:
                                spots[i] = (dl, mask | 1 << d)
                                break
                        else:
                            spots.append((dl, 1 << d))
            if spots:
                strikes.append((weight, fx, spots))
        if not strikes:
            threat: list[float] | tuple[float, ...] = _ZERO6
        else:
            threat = _threat(strikes, p_stand if attack_now else 0.0)
        wt = self.w.threat
        if fixed is not None:
            return attack[fixed] - wt * threat[fixed], fixed, False
        # T-7: defending (attackers roll 4 dice) is for a figure that enough enemies can
        # strike (Weights.defend_against), or that cannot strike back: one-on-one it
        # fights, lest two figures stall in a 4d6 standoff
        defend_ok = f.standing and k <= self.allowance and not f.defending
        alone = len(strikes) < self.w.defend_against
        if not defend_ok or all(t <= a or (alone and a > 0)
                                for t, a in zip(threat, attack, strict=True)):
            # no facing where defending could pay: the best blow less the blows taken
            best_s, best_phi = attack[natural] - wt * threat[natural], natural
            for phi in range(6):
                s = attack[phi] - wt * threat[phi]
                if s > best_s + 1e-9 and phi != natural:
                    best_s, best_phi = s, phi
            return best_s, best_phi, False
        best_s, best_phi, best_def = -1e18, natural, False
        threat_def: list[float] | tuple[float, ...] | None = None
        for phi in (natural, *(phi for phi in range(6) if phi != natural)):
            s = attack[phi] - wt * threat[phi]
            dfd = False
            # an engaged figure that turns ends its move (T-6): it cannot then defend
            if (threat[phi] > attack[phi] and not (alone and attack[phi] > 0)
                    and not (self.engaged and c == f.cell and phi != f.facing)):
                if threat_def is None:
                    threat_def = _threat(strikes, None)
                sd = -wt * threat_def[phi]
                if sd > s:
                    s, dfd = sd, True
            if s > best_s + 1e-9:
                best_s, best_phi, best_def = s, phi, dfd
        return best_s, best_phi, best_def


def _threat(strikes: list[_Strikes], hit_back: float | None) -> list[float]:
    """Weighted blows a figure can expect in a cell, by its facing.

    Each enemy picks its best spot (the flank if it can get there). An enemy still to
    move that charges into the figure's front is hit back in the action phase: what it
    gains there is its blow less ours (``hit_back`` scales our blow; 0 if the figure
    cannot attack; None when it defends, so cannot attack and is hit on 4d6).
    """
    total: list[float] | None = None
    for weight, fixed, spots in strikes:
        # a fixed enemy has moved: it strikes from its cell and never charges (net)
        hb = hit_back if hit_back is None or not fixed else 0.0
        if len(spots) == 1:
            duel, mask = spots[0]
            worst: Iterable[float] = duel.row(mask, hb)
        else:
            worst = map(max, *(duel.row(mask, hb) for duel, mask in spots))
        if total is None:
            total = list(worst) if weight == 1.0 else [0.0 + weight * x for x in worst]
        else:
            total = [t + weight * x for t, x in zip(total, worst, strict=True)]
    return total if total is not None else [0.0] * 6


class Tactician:
    """A Wesnoth-style candidate-action AI for Melee on heights (see the module text)."""

    def __init__(self, seed: int = 0, weights: Weights | None = None) -> None:
        self.seed = seed
        self.w = weights or Weights()
        self._plans: dict[Side, _MovePlan] = {}

    # ---------------------------------------------------------------- entry point
    def choose(self, match: Match) -> Action:
        """The action to play now for the side :meth:`Match.to_act` names."""
        side = match.to_act()
        if side is None:
            raise GameError("no action to choose: the game is over")
        state: HexState = match.state
        phase = state.phase
        if phase == "movement":
            return self._movement(match, side)
        if phase == "action":
            idle = _idle(state)
            if idle is not None:
                return idle
            f = state.acting()
            if f is not None and f.prone and f.active:
                return StandUp(f.id)  # StandUpCA's 100 beats every other proposal
        ctx = Context(match, side, self.w)
        cas = CANDIDATES.get(phase)
        if cas is None:
            raise GameError(f"the Tactician does not know the {phase} phase")
        proposals = [p for ca in cas for p in ca.evaluate(ctx)]
        return self._best(proposals, ctx.state).actions[0]

    def _best(self, proposals: Iterable[Proposal], state: HexState) -> Proposal:
        """The best-scoring proposal. Exact ties go round by the seed, the turn and the
        actor, so a seed always plays the same and asking twice gives the same answer."""
        props = list(proposals)
        if len(props) == 1:
            return props[0]
        top = max(p.score for p in props)
        best = [p for p in props if p.score >= top - 1e-9]
        return best[(self.seed + state.turn + state.current) % len(best)]

    # ---------------------------------------------------------------- movement
    def _movement(self, match: Match, side: Side) -> Action:
        plan = self._plans.get(side)
        state: HexState = match.state
        ctx: Context | None = None
        if plan is None or plan.state is not state or plan.turn != state.turn:
            ctx = Context(match, side, self.w)
            plan = self._new_plan(ctx)
            self._plans[side] = plan
        here = _fingerprint(state, side)
        if plan.last is not None and plan.last[0] == here:
            return plan.last[1]  # asked again before it was played: the same answer
        action = self._next_move(match, side, plan, ctx)
        plan.last = (here, action)
        return action

    def _next_move(self, match: Match, side: Side, plan: _MovePlan,
                   ctx: Context | None) -> Action:
        state: HexState = match.state
        while True:
            while plan.queue:
                a = plan.queue.popleft()
                if match.why_illegal(a) is None:
                    return a
            fid = next((i for i in plan.order if i not in plan.done), None)
            if fid is None:
                return EndMovement(side)
            plan.done.add(fid)
            f = state.figures[fid]
            if f.active and not f.move_over:
                if ctx is None:
                    ctx = Context(match, side, self.w)
                special = self._climb(ctx, plan, f)
                if special is None:
                    special = self._shooter(ctx, plan, f)
                if special is not None:
                    plan.queue.extend(special)
                    continue
                if f.hold:
                    continue
                plan.queue.extend(self._best(self._manoeuvres(ctx, plan, f), state).actions)

    def _climb(self, ctx: Context, plan: _MovePlan, f: HexFigure) -> list[Action] | None:
        """H-11, H-20: a figure on a wall goes on up it (or pulls itself up an edge); a
        figure with its hands free at the foot of a wall starts up it when the top is
        nearer the enemy and no walk gets there this turn, and tries the second set when
        the roll is likelier than not and a fall from it would not take it out. It never
        starts a climb down (it jumps down or walks round instead); a figure already on
        the way down goes on down."""
        opts = ctx.rules.climb_options(ctx.state, f)
        if not opts:
            return None
        if f.hold:
            return [Climb(f.id, next(iter(opts)), False)]
        near = plan.near
        walk = ctx.rules.move_options(ctx.state, f.id)
        best: tuple[float, int] | None = None
        for top, o in opts.items():
            if o.down or near[top] >= near[f.cell] or walk.reach.cost_of(top) is not None:
                continue
            value = ctx.w.high * o.rise - ctx.w.approach * near[top]
            if best is None or value > best[0]:
                best = (value, top)
        if best is None:
            return None
        o = opts[best[1]]
        climb = ctx.rules.climb_risk(ctx.state, f, best[1], True)
        more = climb is not None and o.p_set >= 0.5 and climb[1].p_down <= ctx.w.deadly_fall
        return [Climb(f.id, best[1], more)]

    def _shooter(self, ctx: Context, plan: _MovePlan, f: HexFigure) -> list[Action] | None:
        """H-18, T-7: a figure with a bow ready that is not engaged stays where it stands
        or takes the one step a bow allows to the hex with the best shot (exact odds,
        figures in the way counted, never through a friend), a little higher if it can;
        with no shot anywhere near it moves like any other figure."""
        w = missiles.ranged_weapon(f)
        if w is None or not w.missile or f.mp_spent or not f.standing or \
                ctx.rules.is_engaged(ctx.state, f):
            return None
        state, board = ctx.state, ctx.board
        foes = sorted((e for e in ctx.enemies if board.distance(f.cell, e.cell) <= w.range + 1),
                      key=lambda e: (board.distance(f.cell, e.cell), e.id))[:4]
        best: tuple[float, int] | None = None
        cells = [f.cell]
        for k, c in enumerate(cells):
            if k == 1 and best is not None and best[0] >= 0.3:
                break  # a shot from where it stands: no need to look around
            if k == 0:  # then the hexes one step away
                opts = ctx.rules.move_options(state, f.id)
                cells += [n for n in board.neighbours(f.cell) if opts.can_walk(n)]
            value = 0.0
            for e in foes:
                if board.distance(c, e.cell) > w.range:
                    continue
                chk = ctx.rules.shot_check(state, f.id, e.id, frm=c)
                if chk.odds is None or chk.line is None or not chk.line.clear:
                    continue
                if any(state.figures[g].side == f.side for g in chk.line.in_way):
                    continue
                p = chk.p_target or 0.0
                scale = p / chk.odds.p_hit if chk.odds.p_hit > 0 else 0.0
                v = scale * (chk.odds.expected_damage + ctx.w.kill * chk.odds.p_down)
                value = max(value, v)
            value += 0.05 * board.level(c) - 0.01 * (c != f.cell)
            if best is None or value > best[0] + 1e-9:
                best = (value, c)
        if best is None or best[0] < 0.3:
            return None
        return [Move(f.id, best[1])] if best[1] != f.cell else []

    def _new_plan(self, ctx: Context) -> _MovePlan:
        state, board, w = ctx.state, ctx.board, ctx.w
        enemy_moved = state.first != ctx.side  # we move second: they have moved
        threats = enemy_threats(ctx.match, ctx.side, mobile=not enemy_moved)
        near_arr = distances_to(board, [e.cell for e in ctx.enemies])
        near = near_arr.tolist()
        static_arr = w.high * levels_array(board) - w.approach * near_arr
        if _outshoots(ctx):
            # H-18, H-6: a side that out-shoots its enemy lets it come: it holds the
            # highest ground near where it stands and closes only on enemies that come
            # within a charge of it
            guard = np.maximum(near_arr - w.wait_range, 0)
            static_arr = w.hold * levels_array(board) - w.approach * guard
        movers = [f for f in ctx.own if not f.move_over]
        # T-6, H-7 (TftRuleset.is_engaged): standing in a cell an enemy engages
        engaging = heights.engaged_cells(board, ctx.enemies, movers[0]) if movers else set()
        engaged = {f.id: f.standing and f.cell in engaging for f in movers}
        movers.sort(key=lambda f: (not engaged[f.id], near[f.cell], f.id))
        hot: set[int] = set()
        stands: set[int] = set()
        for t in threats:
            if t.fixed:
                hot |= t.targets
            else:
                stands |= t.stands
        hot.update(chain.from_iterable(map(board.neighbours, stands)))
        foes: dict[int, list[tuple[int, int, HexFigure]]] = {}
        for e in ctx.enemies:
            for d, n in board.neighbours_with_direction(e.cell):
                foes.setdefault(n, []).append(((d + 3) % 6, e.cell, e))
        beside = set(foes)
        hot |= beside
        return _MovePlan(state, state.turn, [f.id for f in movers], threats, near,
                         w.unmoved, hot=hot, static=static_arr.tolist(),
                         static_arr=static_arr, beside_enemy=beside,
                         fixed_enemy={t.enemy.id for t in threats if t.fixed},
                         engaged=engaged, foes_beside=foes)

    def _manoeuvres(self, ctx: Context, plan: _MovePlan, f: HexFigure) -> list[Proposal]:
        """Where ``f`` could go and which way it could face, each scored (the movement CA).

        Every cell is worth its height, nearness to the enemy, friends beside and (a
        little) the MP it costs. Where no enemy can strike or be struck (not
        :attr:`_MovePlan.hot`) that is its whole score, and the best of those sets the
        bar: cells are looked at best static worth first, and no further once that
        worth falls below the bar. A hot cell's attack bounds its score from above
        (blows taken only lower it), so only hot cells whose bound reaches the bar are
        scored exactly, best bound first, until the bound falls below the best score.
        Proposals within a hair of the best come back in the order of the cells' options
        (stay, then the reach in its order, then the jumps) so exact ties go round the
        same way every time.
        """
        w, board, state = ctx.w, ctx.board, ctx.state
        engaged = plan.engaged.get(f.id)
        if engaged is None:
            engaged = ctx.rules.is_engaged(state, f)
        friends: dict[int, int] = {}
        for g in ctx.own:
            if g.id != f.id:
                for n in board.neighbours(g.cell):
                    friends[n] = friends.get(n, 0) + 1
        static, a_friend, hot, beside = plan.static, w.friend, plan.hot, plan.beside_enemy
        start = f.cell

        cold: list[tuple[int, float]] = []  # (cell, score): the best ones
        cold_top = -1e18

        def keep_cold(c: int, b: float) -> None:
            nonlocal cold, cold_top
            if b >= cold_top - 1e-9:
                if b > cold_top + 1e-9:
                    cold = [(c, b)]
                else:
                    cold.append((c, b))
                cold_top = max(cold_top, b)

        # hot options: (score before any blow, cell); how each is reached (MP, entered
        # from, whether that fixes the facing, P(landing standing)) is looked up later
        warm: list[tuple[float, int]] = []
        how: dict[int, tuple[int, int | None, bool, float]] = {}
        reach: Reach | None = None
        cost: dict[int, int] = {}
        before: Sequence[int] = ()  # the reach's cell before each cell on its way
        ends: dict[int, int] = {}
        jumps: dict[int, Jump] = {}
        if f.move_over or f.mp_spent > 0:
            b = static[start] + a_friend * friends.get(start, 0) - 0.0 - 0.01 * 0
            if start in hot:
                how[start] = (0, None, f.move_over, 1.0)
                warm.append((b, start))
            else:
                keep_cold(start, b)
        else:
            opts = ctx.rules.move_options(state, f.id)
            reach, jumps = opts.reach, opts.jumps
            cost, before, ends = reach.cost, reach.before, reach.ends
            if opts.settle is not None:  # H-15: only where the big figure can stand
                cost = {c: k for c, k in cost.items() if c == start or c in opts.settle}
            how[start] = (0, None, False, 1.0)
            # friends' cells first (their bonus breaks the static order), then every
            # other cell the figure can reach from the best static worth down, until
            # neither a cold cell nor a hot one without an attack can reach the bar
            for c in cost.keys() & friends.keys():
                b = (static[c] + a_friend * friends[c]) - 0.01 * cost[c]
                if c in hot:
                    warm.append((b, c))
                else:
                    keep_cold(c, b)
            # a small reach (an engaged figure's) is quicker to look at whole
            walk = plan.ranked() if len(cost) > 40 else sorted(cost, key=_best_static_first(static))
            for c in walk:
                k = cost.get(c)
                if k is None or c in friends:
                    continue
                v = static[c]
                if v < cold_top - 1e-9:
                    break  # b <= v from here on: no cell below can reach the bar
                if c in hot:
                    warm.append((v - 0.01 * k, c))
                else:
                    keep_cold(c, v - 0.01 * k)
            seen = {c for _, c in warm}
            warm.extend(((static[c] + a_friend * friends.get(c, 0)) - 0.01 * cost[c], c)
                        for c in cost.keys() & beside if c not in seen)
        falls: dict[int, float] = {}
        for c, j in jumps.items():
            risk = fall_risk(f, j.levels)
            if risk.p_down > w.deadly_fall:
                continue  # H-8: a fall that takes the figure out is never worth it
            fall = risk.expected_damage + w.lose * risk.p_down + w.prone * risk.p_prone
            falls[c] = fall
            b = static[c] + a_friend * friends.get(c, 0) - fall - 0.01 * j.cost
            if c in hot:
                how[c] = (j.cost, j.via, True, risk.p_standing)
                warm.append((b, c))
            else:
                keep_cold(c, b)

        def reached(c: int) -> tuple[int, int | None, bool, float]:
            """How ``c`` is reached: MP, entered from, facing fixed, P(landing standing)."""
            r = how.get(c)
            return r if r is not None else (cost[c], int(before[c]), engaged or c in ends, 1.0)

        def facing_after(c: int, frm: int | None) -> int:
            """The facing a figure has after moving into ``c`` from ``frm``."""
            d = None if frm is None else board.direction(frm, c)
            return f.facing if d is None else d

        def go(c: int) -> Action:
            """The move into ``c``: the jump weighed for it (H-8), else the walk."""
            if c in falls:
                return JumpDown(f.id, jumps[c].via, c)
            return Move(f.id, c)

        scored: list[tuple[int, float, tuple[Action, ...]]] = [
            (c, b, (go(c),) if c != start else ()) for c, b in cold]
        top = cold_top
        if warm:
            stance = _Stance(ctx, plan, f, engaged)
            bar = cold_top - 1e-9
            bounded: list[tuple[float, int, float]] = []
            for b, c in warm:
                if c in beside:
                    k, frm, fixes, p_stand = reached(c)
                    a = stance.attack_bound(c, k, p_stand,
                                            facing_after(c, frm) if fixes else None)
                    bounded.append((b + a, c, a))
                elif b >= bar:  # no attack there: else it cannot beat the best cold cell
                    bounded.append((b, c, 0.0))
            bounded.sort(key=lambda x: -x[0])
            for bound, c, a in bounded:
                if bound < top - 1e-9:
                    break
                k, frm, fixes, p_stand = reached(c)
                natural = facing_after(c, frm)
                fixed = natural if fixes else None
                attack = stance.attacks(c, k, p_stand) if c in beside else _ZERO6
                extra, facing, defend = stance.best(c, k, fixed, p_stand, attack, natural)
                score = bound - a + extra
                if score < top - 1e-9:
                    continue
                acts: list[Action] = []
                if c != start:
                    acts.append(go(c))
                # away from every enemy the facing does not matter this turn: no Face
                if not fixes and facing is not None and facing != natural:
                    acts.append(Face(f.id, facing))
                if defend:
                    acts.append(Defend(f.id))
                if score > top:
                    top = score
                scored.append((c, score, tuple(acts)))
        final = [s for s in scored if s[1] >= top - 1e-9]
        if len(final) > 1:  # ties: in the options' order
            order = {start: 0}
            if reach is not None:
                order = {c: i for i, c in enumerate(reach.cost)}
                n0 = len(order)
                order.update((c, n0 + i) for i, c in enumerate(falls))
            final.sort(key=lambda s: order[s[0]])
        return [Proposal(s, acts) for _, s, acts in final]


def _outshoots(ctx: Context) -> bool:
    """Whether ``ctx``'s side carries more missile weapons than its enemy (H-18)."""
    data = load_data()

    def shooters(figs: list[HexFigure]) -> int:
        return sum(any(data.weapons[w].missile for w in f.weapons) for f in figs)

    return shooters(ctx.own) > shooters(ctx.enemies)


def _idle(state: HexState) -> Action | None:
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
        meet = any(board.distance(o.cell, e.cell) <= o.ma + combat.charge_allowance(e) + 1
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
            beside = any(heights.adjacent_figures(ctx.board, f, e) for e in ctx.enemies)
            out = []
            for wpn in f.weapons:
                o = d.weapons[wpn]
                if wpn == f.ready or why(Ready(f.id, wpn)) is not None:
                    continue
                if beside and not w.melee and o.melee and not o.missile:
                    out.append(Proposal(8.0 + odds.mean_after_reduction(o.damage, 0),
                                        (Ready(f.id, wpn),), "ready for melee"))
                elif (not beside and o.missile and w.melee and not w.missile
                      and not ctx.attacks() and any(
                          ctx.board.distance(f.cell, e.cell) <= o.range
                          for e in ctx.enemies)):
                    out.append(Proposal(1.0, (Ready(f.id, wpn),), "ready the bow"))
            return out
        why = ctx.match.why_illegal
        out = []
        if "climbing" in f.talents and not any(
                heights.adjacent_figures(ctx.board, f, e) for e in ctx.enemies):
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
            act: Action = Swipe(f.id, e.id) if ctx.blow(e) == melee.SWIPE else Attack(f.id, e.id)
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
        d = load_data()
        pen = Modifier(int(d.num("sweep", "dx")), "sweeping blow", "H-19")
        total = 0.0
        for _c, foe in melee.sweep_plan(ctx.board, f, ctx.enemies):
            if foe is None:
                continue
            r = melee.reach(ctx.board, f, foe)
            mods = melee.situation(ctx.board, f, foe, r.how, (r.attacker_level,
                                                              r.target_level)) + [pen]
            o = combat.attack_odds(f, foe, mods, rear=melee.from_rear(ctx.board, f, foe))
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
                and combat.charge_allowance(e) >= e.mp_spent]

        def danger(cell: int) -> float:
            total = 0.0
            for e in foes:
                if board.distance(cell, e.cell) != 1 or cell not in heights.front_cells(board, e):
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
            risk = fall_risk(f, heights.drop_levels(board, f.cell, a.to))
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
        d = load_data()
        props = [Proposal(w.high * (lv[a.cell] - lv[t.cell]), (NoRetreat(a_id, t_id),),
                          "hold")]
        for act in ctx.match.legal_actions():
            if not isinstance(act, Retreat):
                continue
            drop = heights.drop_levels(board, t.cell, act.to)
            value = 0.0
            if drop > heights.falling_height(t):
                risk = fall_risk(t, drop)
                value += risk.expected_damage + w.kill * risk.p_down + w.prone * risk.p_prone
            elif drop > 0 and t.standing:  # H-14: a figure already down makes no roll
                keep = odds.check_probability(int(d.num("stumble", "check_dice")),
                                              combat.adjusted_dx_total(t))
                value += w.prone * (1.0 - keep)
            mine = t.cell if act.follow else a.cell
            if board.distance(mine, act.to) == 1:
                value += w.high * (lv[mine] - lv[act.to]) + w.friend
            props.append(Proposal(value, (act,), self.name))
        return props


CANDIDATES: dict[str, tuple[CandidateAction, ...]] = {
    "initiative": (ChooseOrder(),),
    "action": (StandUpCA(), ArmCA(), AttackCA(), ShootCA(), SweepCA(), DisengageCA(),
               PassCA()),
    "retreat": (PushCA(),),
}
"""The candidate actions of each phase but movement (planned figure by figure, above)."""
