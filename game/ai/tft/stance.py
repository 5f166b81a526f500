"""A figure's stance for the Tactician: in the cells where fighting is possible, the
best attack it can make by facing, the blows it can expect, and whether to defend (T-5,
T-6, T-7, H-4, H-6)."""

from __future__ import annotations

from game.ai.tft.context import Context
from game.ai.tft.duels import (
    ARC_BY_OFF,
    ARCS,
    FRONT_OF,
    ZERO6,
    Duel,
    Strikes,
    blows_by_facing,
    by_facing,
    fighter_key,
    shared_duels,
    shared_halves,
    striker_key,
)
from game.ai.tft.plan import MovePlan
from game.rules.tft.hexes.queries import HexFigure, charge_allowance


class Stance:
    """Scores of one figure's facings in the cells where fighting is possible."""

    def __init__(self, ctx: Context, plan: MovePlan, f: HexFigure, engaged: bool) -> None:
        self.ctx, self.plan, self.f, self.engaged = ctx, plan, f, engaged
        self.q = ctx.q
        self.board = ctx.board
        self.lv = ctx.board.level_list
        self.w = ctx.w
        self.allowance = charge_allowance(f) - f.mp_spent
        self.fixed_enemy = plan.fixed_enemy
        self.occupied = {g.cell for g in ctx.state.figures.values() if g.alive}
        self._duels: dict[tuple[str, int], Duel] = {}
        self._shared = shared_duels(ctx.w)
        self._fkey = fighter_key(f)
        self._skey = striker_key(f)
        self._halves = shared_halves(ctx.w)
        self._ground_dx = ctx.q.ground_dx_table()

    def duel(self, e: HexFigure, c: int, n: int) -> Duel:
        """``f`` in ``c`` against ``e`` in ``n`` (adjacent)."""
        diff = self.lv[c] - self.lv[n]
        key = (e.id, diff)
        d = self._duels.get(key)
        if d is None:
            gdx = self._ground_dx
            gkey = (self._fkey, fighter_key(e), e.defending, diff, gdx[c], gdx[n])
            d = self._shared.get(gkey)
            if d is None:
                d = self._new_duel(e, c, n)
                self._shared[gkey] = d
            self._duels[key] = d
        return d

    def _new_duel(self, e: HexFigure, c: int, n: int) -> Duel:
        sb, f, w = self.ctx.sandbox, self.f, self.w
        d = Duel(sb.can_fight(f, c, e, n))
        if d.can:
            deals, takes = self._halves
            diff, gdx, ekey = self.lv[c] - self.lv[n], self._ground_dx, fighter_key(e)
            dkey = (self._skey, ekey, e.defending, diff, gdx[c])
            deal = deals.get(dkey)
            if deal is None:
                by_arc = {}
                for z in ARCS:
                    h = sb.hit(f, c, e, n, z)
                    by_arc[z] = h.damage + w.kill * h.p_down
                deal = deals[dkey] = tuple(by_arc[ARC_BY_OFF[off]] for off in range(6))
            tkey = (striker_key(e), self._fkey, diff, gdx[n])
            take = takes.get(tkey)
            if take is None:
                by_arc = {}
                for z in ARCS:
                    h = sb.hit(e, n, f, c, z, False)
                    by_arc[z] = h.damage + w.lose * h.p_down
                by_def = {}
                for z in ARCS:
                    h = sb.hit(e, n, f, c, z, True)
                    by_def[z] = h.damage + w.lose * h.p_down
                take = takes[tkey] = (by_facing(by_arc), by_facing(by_def))
            d.deal = deal
            d.take, d.take_def = take
        return d

    def attacks(self, c: int, k: int, p_stand: float) -> tuple[float, ...]:
        """The best attack ``f`` could make from ``c`` (reached for ``k`` MP), by facing.

        Attacking needs the target in a front hex (T-5) and at most half MA spent (T-7);
        an attack that only a later turn allows counts ``later`` of its value.
        """
        foes = self.plan.foes_beside.get(c)
        if not foes:
            return ZERO6
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
            for phi in FRONT_OF[d]:
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
            if fixed is not None and fixed not in FRONT_OF[d]:
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

    def strikes(self, c: int) -> list[Strikes]:
        """The enemies that can strike ``f`` in ``c``, each with its duels and the
        directions it may strike from (one entry per duel, its directions a bit mask)."""
        strikes: list[Strikes] = []
        occupied, duels, lv = self.occupied, self._duels, self.lv
        lc = lv[c]
        for weight, fx, e, cand in self.plan.spots(c, self.board):
            if fx:
                d, n = cand[0]
                dl = duels.get((e.id, lc - lv[n])) or self.duel(e, c, n)
                if dl.can:
                    strikes.append((weight, fx, [(dl, 1 << d)]))
                continue
            masks: dict[Duel, int] = {}  # (a Duel hashes by identity; first seen first)
            ecell, eid = e.cell, e.id
            for d, n in cand:
                if n == ecell or n not in occupied:
                    dl = duels.get((eid, lc - lv[n])) or self.duel(e, c, n)
                    if dl.can:
                        masks[dl] = masks.get(dl, 0) | 1 << d
            if masks:
                strikes.append((weight, fx, list(masks.items())))
        return strikes

    def best(self, c: int, k: int, fixed: int | None, p_stand: float,
             attack: tuple[float, ...], natural: int) -> tuple[float, int | None, bool]:
        """Best facing for ``f`` in ``c`` reached for ``k`` MP (and whether to defend):
        the attack it can make (:meth:`attacks`) minus the weighted blows it can expect.
        On a tie the ``natural`` facing (the one the move leaves) is kept: no Face."""
        f = self.f
        attack_now = f.standing and k <= self.allowance
        strikes = self.strikes(c)
        if not strikes:
            threat: list[float] | tuple[float, ...] = ZERO6
        else:
            threat = blows_by_facing(strikes, p_stand if attack_now else 0.0)
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
                    threat_def = blows_by_facing(strikes, None)
                sd = -wt * threat_def[phi]
                if sd > s:
                    s, dfd = sd, True
            if s > best_s + 1e-9:
                best_s, best_phi, best_def = s, phi, dfd
        return best_s, best_phi, best_def


