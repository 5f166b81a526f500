"""The hard level's Tabletop Hero player: the normal one (:class:`HeroPlayer`) with
weights of its own (:class:`HeroWeights`), tuned by paired games against the normal
player per scenario side (:data:`game.ai.hard_players.HERO_WEIGHTS`,
docs/balance/strengths.md, "hard against normal, Tabletop Hero").

With the normal weights (``HeroWeights()``) it plays exactly as the normal player (a
test plays it game for game against it). The normal player's module is not changed:
the methods whose numbers are weighed here (what an attack or a throw is worth, whom
to go after, when to hunt the enemy hero, where to move) are its own, with the numbers
read from the weights, and considerations the normal player does not have (each 0 or
off there), most of them for its own hero's safety (K-10: a side whose hero dies
loses): the throwing reach of enemies holding explosives (``blast_danger``: K-7, they
reach a hidden mini) and the reach of their guns (``danger``), the lines of sight of
enemy guns in reach (``hide``, ``hide_sniper``; ``hide_first``: an exposed hero moves
before it acts), caution while its side hunts (``guard``, ``hurt_guard``), team mates
within a blast of it (``blast_gap``); and for its attacks, the enemies holding
explosives or a sniper rifle (``bomber``, ``sniper``, ``sniper_pull``) and the chance
to kill the enemy hero outright (``kill_hero``).

A module of its own so that :mod:`game.ai.hard_players` loads no rule system until a
hard player of that ruleset is made.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

import numpy as np
from numpy.typing import NDArray

from game.ai.hero.player import (
    CLEAR_CHECKS,
    HUNT_TURN,
    HURT,
    MOVE_TRIES,
    SCAN,
    WORTH,
    HeroPlayer,
    _attack_value,
    _first_best,
    _open_bound,
    _sheltered_from,
    spots,
)
from game.boards.table import Vec
from game.core.places import HUNDREDTHS, Point
from game.core.ruleset import Action
from game.rules.hero.actions import Attack, Heal, Move, Throw
from game.rules.hero.queries import AttackOdds, HeroQueries, HeroState, Mini, load_data

HIDE_SPOTS = 24
"""Its hero's moves: the best-scored spots whose lines from the enemy guns are looked
at (:attr:`HeroWeights.hide`)."""


@dataclass(frozen=True)
class HeroWeights:
    """The hard hero player's numbers (the defaults: the normal player's)."""

    hero_worth: float = 2.0
    """An attack on the enemy hero counts this many times an attack on another mini."""
    down: float = 3.0
    """An attack's worth: its expected damage and this times its chance to knock the
    target down."""
    kill_hero: float = 0.0
    """An attack's worth: this times its chance to kill the enemy hero outright (K-9:
    at -2 hit points; K-10: that wins the game; normal: 0, a knock-down and a kill
    weigh the same)."""
    bomber: float = 0.0
    """An attack on an enemy with an explosive left counts this much more (1 + this
    times; K-7: explosives reach a hidden hero; normal: 0)."""
    sniper: float = 0.0
    """An attack on an enemy with a sniper rifle counts this much more (1 + this
    times; K-11: its critical hit kills a hero at full health; normal: 0)."""
    sniper_pull: float = 0.0
    """Whom to go after: an enemy with a sniper rifle counts as this many units nearer
    (normal: 0)."""
    pull: float = 8.0
    """Whom to go after: the enemy hero counts as this many units nearer."""
    hunt_turn: int = HUNT_TURN
    """From this turn on the side hunts the enemy hero (K-10)."""
    hunt_lead: int = 2
    """... or from when it has this many more minis standing."""
    hurt: int = HURT
    """A team mate at this many hit points or fewer is worth a medkit."""
    heal_hero: float = 3.0
    """A medkit on the hero is worth this much more (on top of 3)."""
    caution: float = 0.6
    """Its hero's moves: points off per unit inside :attr:`caution_range` of an enemy,
    for each enemy (when not hunting)."""
    caution_range: float = 8.0
    """... within this many units."""
    guard: float = 0.0
    """Its hero's moves when hunting: :attr:`caution` times this (normal: 0, the hero
    walks into the fight)."""
    danger: float = 0.0
    """Its hero's moves, hunting or not: points off a spot for each conscious enemy
    that could shoot it next turn (its move and its longest gun's range reach the
    spot; normal: 0)."""
    blast_danger: float = 0.0
    """... and for each enemy with an explosive left that could throw it there (its
    move and the throw's range, K-7: explosives reach hidden minis; normal: 0)."""
    hide: float = 0.0
    """Its hero's moves: points off a spot for each enemy gun in reach of it (as for
    :attr:`danger`) with a clear line to it (K-8: a hidden mini cannot be shot; normal:
    0)."""
    hide_sniper: float = 0.0
    """... more for a sniper rifle (K-11: a critical hit, one roll in six, kills a hero
    at full health)."""
    hide_first: bool = False
    """Its hero, seen by an enemy gun where it stands (:attr:`hide`), moves before it
    acts where its move takes it out of more sight than it is in (normal: it acts where
    it stands, then moves)."""
    hurt_guard: float = 1.0
    """A hero at :attr:`hurt` hit points or fewer minds the enemy this many times more."""
    facing: float = 2.5
    """A spot with a piece between it and the target."""
    cover: float = 0.8
    """A spot beside any sheltering piece (not facing the target)."""
    clear: float = 4.0
    """A spot with a clear line to the target."""
    crowd: float = 3.0
    """Points off a spot per other mini within :attr:`spread` units (a blast catches
    them all)."""
    spread: float = 1.6
    """... within this many units."""
    blast_gap: float = 0.0
    """Points off a spot for each team mate within a blast's reach of it (K-7, 5
    units) where either is its hero: a blast on one would catch the hero too (normal:
    0)."""
    hero_range: float = 0.75
    """Its hero with a gun keeps this share of its longest range from its target (the
    others 0.75)."""
    throw: float = 1.6
    """An explosive's worth per enemy it would catch (the enemy hero counting
    :attr:`throw_hero`), if it catches no friend."""
    throw_hero: float = 2.0
    """... the enemy hero counting this many enemies."""


class HardHeroPlayer(HeroPlayer):
    """The Tabletop Hero player with :class:`HeroWeights` of its own (module text)."""

    def __init__(self, seed: int = 0, weights: HeroWeights | None = None) -> None:
        super().__init__(seed)
        self.w = weights or HeroWeights()
        self._looking = False
        """Whether :meth:`_scored_action` is asking :meth:`_best_move` where its hero
        would go (which may ask :meth:`_scored_action` again)."""

    def _hunting(self, st: HeroState, side: str,  # type: ignore[override]
                 enemies: list[Mini]) -> bool:
        ours = sum(1 for m in st.side_minis(side) if m.on_table and m.conscious)
        theirs = sum(1 for e in enemies if e.conscious)
        return st.turn >= self.w.hunt_turn or ours >= theirs + self.w.hunt_lead

    def _target(self, m: Mini, enemies: list[Mini], hunt: bool = False) -> Mini:
        heroes = [e for e in enemies if e.hero]
        if hunt and heroes:
            return heroes[0]
        pull = self.w.pull
        if self.w.sniper_pull:
            d = load_data()
            snipers = {e.id for e in enemies if any(d.weapons[wp].still for wp in e.weapons)}
            return min(enemies, key=lambda e: (
                math.dist(m.xy, e.xy) - (pull if e.hero else 0.0)
                - (self.w.sniper_pull if e.id in snipers else 0.0), e.id))
        return min(enemies, key=lambda e: (math.dist(m.xy, e.xy) - (pull if e.hero else 0.0),
                                           e.id))

    def _scored_action(self, st: HeroState, q: HeroQueries, m: Mini,
                       enemies: list[Mini]) -> tuple[float, Action] | None:
        """:meth:`_weighed_action`, or None where its hero hides first
        (:attr:`HeroWeights.hide_first`): then it moves, and acts from there."""
        best = self._weighed_action(st, q, m, enemies)
        if best is None or not (m.hero and self.w.hide_first) or m.moved or m.acted \
                or self._looking:
            return best
        here = self._exposed(st, q, m, enemies, np.array([m.xy]), np.zeros(1))[0]
        if not here:
            return best
        self._looking = True
        try:
            mv = self._best_move(st, q, m, enemies)
        finally:
            self._looking = False
        if mv is None:
            return best
        to = mv.to.units
        there = self._exposed(st, q, m, enemies, np.array([to]), np.zeros(1))[0]
        return None if there < here else best

    def _weighed_action(self, st: HeroState, q: HeroQueries, m: Mini,
                        enemies: list[Mini]) -> tuple[float, Action] | None:
        """:meth:`HeroPlayer._scored_action` with the weights' numbers."""
        w = self.w
        d = load_data()
        found: list[tuple[float, int, Action]] = []  # (value, order, action)
        n = 0
        if m.medkits:
            for f in st.side_minis(m.side):
                if f.on_table and f.hp <= w.hurt and q.why_not_heal(m.id, f.id) is None:
                    value = 3.0 + (w.heal_hero if f.hero else 0.0) + (
                        2.0 if not f.conscious else 0.0)
                    found.append((value, n, Heal(m.id, f.id)))
                    n += 1
        if q.no_attacks() is not None:
            return _first_best(found)
        reach = max((d.weapons[wp].range[1] for wp in m.weapons), default=0)
        bounds: list[tuple[float, int, Mini, str]] = []  # (bound, order, target, weapon)
        for t in enemies:
            dist = q.distance(m.id, t.id)
            if dist > reach + 1e-9:
                continue
            for wp in dict.fromkeys(m.weapons):
                weapon = d.weapons[wp]
                if weapon.explosive:
                    v = self._throw_value(q, m, t)
                    if v > 0 and q.why_not_throw(m.id, t.id) is None:
                        found.append((v, n, Throw(m.id, t.id)))
                    n += 1
                    continue
                if not weapon.in_range(dist):
                    n += 1
                    continue
                bounds.append((self._bound(q, m, t, wp), n, t, wp))
                n += 1
        bounds.sort(key=lambda b: -b[0])
        bar = max([WORTH, *(f[0] for f in found)])
        for bound, k, t, wp in bounds:
            if bound < bar - 1e-9:
                break
            if q.why_not_attack(m.id, t.id, wp) is not None:
                continue
            v = self._value(q, m, t, wp)
            found.append((v, k, Attack(m.id, t.id, wp)))
            bar = max(bar, v)
        best = _first_best(found)
        if best is None or best[0] < WORTH:
            return None
        return best

    def _guard_hero(self, st: HeroState, q: HeroQueries, m: Mini, enemies: list[Mini],
                    xy: NDArray[np.float64], score: NDArray[np.float64], hunt: bool) -> None:
        """Takes off ``score`` (of the spots ``xy`` for ``m``) what its hero's safety
        asks: the normal player's caution (when not hunting; with :attr:`HeroWeights.guard`
        when hunting) and the copy's own considerations (module text)."""
        w = self.w
        if m.hero and (w.danger or w.blast_danger):
            score -= self._danger(q, m, enemies, xy)
        if m.hero and (w.hide or w.hide_sniper):
            score -= self._exposed(st, q, m, enemies, xy, score)
        if w.blast_gap:
            score -= w.blast_gap * self._near_hero(st, m, xy)
        mind = 0.0 if not m.hero else (w.guard if hunt else 1.0) * (
            w.hurt_guard if m.hp <= w.hurt else 1.0)
        if mind:
            foes = np.array([e.xy for e in enemies]).reshape(-1, 2)
            near_e = np.hypot(xy[:, 0:1] - foes[None, :, 0], xy[:, 1:2] - foes[None, :, 1])
            score -= (np.clip(w.caution_range - near_e, 0, None) * (w.caution * mind)).sum(axis=1)

    def _danger(self, q: HeroQueries, m: Mini, enemies: list[Mini],
                xy: NDArray[np.float64]) -> NDArray[np.float64]:
        """For each spot of ``xy``: :attr:`HeroWeights.danger` for each enemy that
        could shoot ``m`` there next turn, :attr:`HeroWeights.blast_danger` for each
        that could throw an explosive there."""
        d = load_data()
        out = np.zeros(len(xy))
        for e in enemies:
            if not e.conscious:
                continue
            move = q.allowance(e.id) / HUNDREDTHS
            gap = np.hypot(xy[:, 0] - e.xy[0], xy[:, 1] - e.xy[1]) - m.r - e.r
            guns = [d.weapons[wp] for wp in e.weapons if not d.weapons[wp].explosive]
            gun = max((wp.range[1] + (0.0 if wp.still else move) for wp in guns), default=0.0)
            out += self.w.danger * (gap <= gun)
            if self.w.blast_danger and any(d.weapons[wp].explosive for wp in e.weapons):
                throw = max(d.weapons[wp].range[1] for wp in e.weapons
                            if d.weapons[wp].explosive)
                out += self.w.blast_danger * (gap <= move + throw)
        return out

    def _exposed(self, st: HeroState, q: HeroQueries, m: Mini, enemies: list[Mini],
                 xy: NDArray[np.float64], score: NDArray[np.float64]) -> NDArray[np.float64]:
        """For each spot of ``xy``: :attr:`HeroWeights.hide` (a sniper
        :attr:`HeroWeights.hide_sniper` more) for each enemy gun in reach of it with a
        clear line to it (worked out for the :data:`HIDE_SPOTS` best-scored spots; the
        others count every gun in reach)."""
        d = load_data()
        out = np.zeros(len(xy))
        head = set(np.argsort(-score, kind="stable")[:HIDE_SPOTS].tolist())
        clear: dict[tuple[Vec, Vec], bool] = q.per_match("hero player clear lines", dict)
        for e in enemies:
            if not e.conscious:
                continue
            move = q.allowance(e.id) / HUNDREDTHS
            guns = [d.weapons[wp] for wp in e.weapons if not d.weapons[wp].explosive]
            if not guns:
                continue
            reach = max(wp.range[1] + (0.0 if wp.still else move) for wp in guns)
            cost = self.w.hide + (self.w.hide_sniper if any(wp.still for wp in guns) else 0.0)
            gap = np.hypot(xy[:, 0] - e.xy[0], xy[:, 1] - e.xy[1]) - m.r - e.r
            for k in (gap <= reach).nonzero()[0].tolist():
                if k in head:
                    a = (float(xy[k, 0]), float(xy[k, 1]))
                    seen = clear.get((a, e.xy))
                    if seen is None:
                        seen = clear[(a, e.xy)] = self._clear(a, e.xy, st, q)
                    if not seen:
                        continue
                out[k] += cost
        return out

    @staticmethod
    def _near_hero(st: HeroState, m: Mini, xy: NDArray[np.float64]) -> NDArray[np.int64]:
        """For each spot of ``xy``, the team mates within a blast's reach where either
        ``m`` or the mate is the hero."""
        d = load_data()
        blast = d.explosive.blast + m.r
        mates = np.array([o.xy for o in st.side_minis(m.side)
                          if o.id != m.id and o.at is not None and o.hp > d.hp_dead
                          and (m.hero or o.hero)]).reshape(-1, 2)
        if not len(mates):
            return np.zeros(len(xy), dtype=np.int64)
        gap = np.hypot(xy[:, 0:1] - mates[None, :, 0], xy[:, 1:2] - mates[None, :, 1])
        return (gap < blast).sum(axis=1)

    def _throw_value(self, q: HeroQueries, m: Mini, t: Mini) -> float:
        """:meth:`HeroPlayer._throw_value` with the weights' numbers."""
        caught = q.blast_reach(t.xy, t.z)
        foes = sum(self.w.throw_hero if c.hero else 1.0 for c in caught if c.side != m.side)
        friends = sum(1 for c in caught if c.side == m.side)
        if friends or foes < 1.5:
            return 0.0
        return self.w.throw * foes

    def _bound(self, q: HeroQueries, m: Mini, t: Mini, wp: str) -> float:
        """The most an attack on ``t`` with ``wp`` could be worth (the target in the
        open), with the weights' numbers."""
        w = self.w
        if w.down == 3.0 and not w.kill_hero:
            b = _open_bound(q, m, t, wp)  # the normal player's, hero worth 2
            b = b if not t.hero or w.hero_worth == 2.0 else b * w.hero_worth / 2.0
            return b * self._bomber(t) if w.bomber or w.sniper else b
        o = q.open_attack_odds(m.id, t.id, wp)
        return self._worth(o, t)

    def _value(self, q: HeroQueries, m: Mini, t: Mini, wp: str) -> float:
        o = q.attack_odds(m.id, t.id, wp)
        if self.w.down == 3.0 and self.w.hero_worth == 2.0 and not (self.w.kill_hero
                                                                    or self.w.bomber
                                                                    or self.w.sniper):
            return _attack_value(o, t, 2.0 if t.hero else 1.0)
        return self._worth(o, t)

    def _worth(self, o: AttackOdds, t: Mini) -> float:
        """:func:`game.ai.hero.player._attack_value` with the weights' numbers."""
        w = self.w
        down = sum(p for k, p in o.damage.items() if t.hp - k <= 0)
        v = (w.hero_worth if t.hero else 1.0) * (o.expected + w.down * down)
        if t.hero and w.kill_hero:
            dead = load_data().hp_dead
            v += w.kill_hero * sum(p for k, p in o.damage.items() if t.hp - k <= dead)
        return v * self._bomber(t) if w.bomber or w.sniper else v

    def _bomber(self, t: Mini) -> float:
        """How much more an attack on ``t`` counts for the threat it holds."""
        d = load_data()
        f = 1.0 + self.w.bomber if any(d.weapons[wp].explosive for wp in t.weapons) else 1.0
        return f * (1.0 + self.w.sniper) if any(d.weapons[wp].still for wp in t.weapons) else f

    def _best_move(self, st: HeroState, q: HeroQueries, m: Mini,
                   enemies: list[Mini]) -> Move | None:
        """:meth:`HeroPlayer._best_move` with the weights' numbers and its hero's
        guard (module text)."""
        w = self.w
        d = load_data()
        weapons = [d.weapons[wp] for wp in m.weapons if not d.weapons[wp].explosive]
        if any(wp.still for wp in weapons) and self._best_action(st, q, m, enemies):
            return None
        hunt = self._hunting(st, m.side, enemies)
        t = self._target(m, enemies, hunt)
        charge = self._charge(q, m, t, weapons) if not (m.hero and w.guard) else None
        if charge is not None:
            return charge
        reach = max((wp.range[1] for wp in weapons), default=1)
        keep = [wp for wp in weapons if not wp.still]
        want = 0.8 if all(wp.melee for wp in keep) else max(
            1.0, (w.hero_range if m.hero else 0.75) * max((wp.range[1] for wp in keep),
                                                           default=reach))
        single = (q.allowance(m.id) - m.moved) / HUNDREDTHS
        full = q.budget(m.id) / HUNDREDTHS
        sp = spots(q)
        x, y = m.xy
        all_step = np.hypot(sp.xy[:, 0] - x, sp.xy[:, 1] - y)
        ok = (all_step <= full - 0.05) & (all_step > 0.3)
        tx, ty = t.xy
        near = ok & (all_step <= single - 0.05)
        idx = near.nonzero()[0]
        run = not m.acted and not (np.hypot(sp.xy[idx, 0] - tx, sp.xy[idx, 1] - ty)
                                   - m.r - t.r <= reach).any()
        if run:
            idx = ok.nonzero()[0]
        if not len(idx):
            return None
        xy, step = sp.xy[idx], all_step[idx]
        to_t = np.hypot(xy[:, 0] - tx, xy[:, 1] - ty) - m.r - t.r
        score = -np.abs(to_t - want)
        score += np.where(_sheltered_from(q, sp, tx, ty)[idx], w.facing,
                          np.where(sp.near_cover[idx], w.cover, 0.0))
        lim = (full if run else single) + w.spread
        others = np.array([o.xy for o in st.placed()
                           if o.id != m.id and math.dist(o.xy, (x, y)) < lim]).reshape(-1, 2)
        if len(others):
            close = np.hypot(xy[:, 0:1] - others[None, :, 0], xy[:, 1:2] - others[None, :, 1])
            score -= w.crowd * (close < w.spread).sum(axis=1)
        self._guard_hero(st, q, m, enemies, xy, score, hunt)
        if run:
            score = -to_t + 0.3 * score
        order = np.argsort(-score, kind="stable")
        head = order[:CLEAR_CHECKS]
        top = [k for k, s_k, t_k in zip(head.tolist(), score[head].tolist(), to_t[head].tolist(),
                                         strict=True) if math.isfinite(s_k) and t_k <= reach]
        clear: dict[tuple[Vec, Vec], bool] = q.per_match("hero player clear lines", dict)
        if len(clear) > 20_000:
            clear.clear()
        for k in top:
            a = (float(xy[k, 0]), float(xy[k, 1]))
            seen = clear.get((a, (tx, ty)))
            if seen is None:
                seen = clear[(a, (tx, ty))] = self._clear(a, (tx, ty), st, q)
            if seen:
                score[k] += w.clear
        if top:
            order = np.argsort(-score, kind="stable")
        blocked: list[tuple[float, float]] = []
        tries = 0
        best = order[:SCAN]
        for score_k, (sx, sy), sk in zip(score[best].tolist(), xy[best].tolist(),
                                         step[best].tolist(), strict=True):
            if not math.isfinite(score_k) or tries >= MOVE_TRIES:
                break
            bearing = math.atan2(sy - y, sx - x)
            hidden = False
            for b, short in blocked:
                if sk >= short and abs(math.remainder(bearing - b, math.tau)) < 0.2:
                    hidden = True
                    break
            if hidden:
                continue
            tries += 1
            p = Point.of(sx, sy)
            plan = q.plan_move(m.id, p)
            if plan.ok:
                return Move(m.id, p)
            stop = plan.blocked_at.units if plan.blocked_at is not None else None
            blocked.append((bearing, (math.dist((x, y), stop) if stop else sk) - 0.3))
        return None
