"""The zone rules of seed 002 (Z-1..Z-17), one function per rule, over a ZoneState.

Pure questions and small changes of state; the turn, the actions and their reactions are
put together in :mod:`game.rules.tft.zones.ruleset`. Numbers come from ``zones.toml``
(:func:`game.rules.tft.zones.data.numbers`), the figures' own from the family's data.

How "3d6 vs 3d6 modified by half the MR difference" (Z-13) is resolved: each side rolls
3d6 under its own adjusted DX; the faster figure's target is raised by half the
difference of the two MRs (rounded down); the score is the margin (target minus total)
and the bigger margin wins, whether or not either roll made its target. A tie goes to
the figure whose action it is: the one reacting must beat it. Protect (Z-14) and evade
(Z-15) are the same contest without the MR part.
"""

from __future__ import annotations

from collections.abc import Hashable, Mapping, Sequence
from dataclasses import dataclass
from functools import lru_cache
from itertools import product
from typing import Any

from game.boards.zones import Bottleneck, Obstacle, ZoneBoard
from game.core import odds
from game.core.dice import Contestant, Modifier
from game.rules.tft import combat
from game.rules.tft.data import load_data
from game.rules.tft.zones.actions import OPEN, OVER, runs
from game.rules.tft.zones.data import numbers
from game.rules.tft.zones.state import ALONE, CLOSE, CONTACT, ZoneFigure, ZoneState


# ============================================================================ Z-2 status
def status(state: ZoneState, f: ZoneFigure) -> str:
    """Z-2: InClose (hand to hand with a partner), InContact (its group holds an enemy
    still in the fight), or Alone (friends standing together are Alone)."""
    if f.close_with is not None:
        return CLOSE
    if f.patch is not None:
        return CONTACT  # Z-10: InContact with the terrain (and anyone else on it)
    if f.group:
        for g in state.figures.values():
            if g.group == f.group and g.side != f.side and g.active:
                return CONTACT
    return ALONE


def is_prone(f: ZoneFigure) -> bool:
    """Z-2: figures InClose are prone (the 3x size exception needs figures of different
    sizes; every playable kind covers one hex); and T-3's knocked down."""
    return f.prone or f.close_with is not None


def able_to_move(f: ZoneFigure) -> bool:
    """Z-11: a target that can move away (standing, not held hand to hand)."""
    return f.active and not f.prone and f.close_with is None


# ============================================================================ Z-3 MR
def stunned(f: ZoneFigure) -> bool:
    """Z-6: stunned while it pays T-3's penalty for 5+ damage last turn."""
    return f.dx_penalty < 0


def base_mr(state: ZoneState, f: ZoneFigure) -> int:
    """Z-3, Z-8: its MR (its MA with armour, T-4), or one pool of it in a split action."""
    n = numbers()
    if state.split and state.acting() is f:
        return f.mr // n.split_pools
    return f.mr


def can_split(f: ZoneFigure) -> bool:
    """Z-8: a creature of MR 20+ has the split move talent."""
    return f.mr >= numbers().split_mr


def mr_modifiers(state: ZoneState, f: ZoneFigure, run: bool) -> list[Modifier]:
    """Z-6, Z-7: what changes a figure's MR whatever the way: running, stunned."""
    n = numbers()
    mods = []
    if run:
        mods.append(Modifier(n.running_mr, "running", "Z-7"))
    if stunned(f):
        mods.append(Modifier(n.stunned, "stunned", "Z-6"))
    return mods


def react_with_action(f: ZoneFigure) -> None:
    """Z-7, Z-13..Z-15, Z-17: a reaction that spends the figure's action (an intercept,
    an evade, a protection, a charge response, a closing attack) is an action without
    running: "Running status is removed after any action where you don't run"."""
    f.acted = True
    f.running = False


def current_mr(state: ZoneState, f: ZoneFigure, run: bool | None = None) -> int:
    """Z-3, Z-6, Z-7: MR with running and stun, as the intercept contest compares it."""
    r = f.running if run is None else run
    return base_mr(state, f) + sum(m.value for m in mr_modifiers(state, f, r))


# ============================================================================ Z-16 passing
def enemy_holders(state: ZoneState, f: ZoneFigure, bn: str) -> list[ZoneFigure]:
    return [g for g in state.holders(bn) if g.side != f.side]


def why_no_passage(state: ZoneState, f: ZoneFigure, bn: Bottleneck) -> str | None:
    """Z-16: a bottleneck lets ``capacity`` creatures pass in a round, and none while an
    enemy holds a spot in it. None if ``f`` may pass now."""
    held = enemy_holders(state, f, bn.id)
    if held:
        return f"{held[0].name} holds the {bn.id} (Z-16)"
    if state.passed.get(bn.id, 0) >= bn.capacity:
        return f"{bn.capacity} have passed the {bn.id} this round (Z-16)"
    return None


def free_spots(state: ZoneState, bn: Bottleneck) -> int:
    """Z-16: spots left in a bottleneck (as many as its capacity)."""
    return bn.capacity - len(state.holders(bn.id))


def crossings(board: ZoneBoard, start: str, path: Sequence[str]
              ) -> list[list[str]]:
    """Z-16, Z-11: for each border of ``path``, the ways across it: "" for an open
    border, a bottleneck's id, and ``OVER`` where a border with a bottleneck also has an
    obstacle to climb (a wall with a gate)."""
    out = []
    prev = start
    for z in path:
        bn = board.bottleneck_on(prev, z)
        if bn is None:
            out.append([OPEN])
        else:
            ways = [bn.id]
            if board.obstacles_on(prev, z):
                ways.append(OVER)
            out.append(ways)
        prev = z
    return out


# ============================================================================ Z-3..Z-11 plan
@dataclass(frozen=True)
class MovePlan:
    """What a zone move needs (Z-3, Z-5, Z-6, Z-10, Z-11, Z-16) and its chances."""

    zones: int
    mr: int
    """Effective MR: base, running, stun, terrain and obstacles."""
    modifiers: tuple[Modifier, ...]
    """Everything that changed the MR, each with its reason and rule."""
    possible: bool
    why: str
    roll: bool
    """A roll is needed (the MR is short of 10 a zone, Z-5)."""
    target_mod: int
    """The roll's modifier to adjusted DX: MR less 10 a zone (Z-3)."""
    dx: int
    """Adjusted DX the roll is made against (T-1)."""
    p: float
    """Chance to get all the way (1 without a roll)."""
    p_line: float
    """Chance the roll succeeds with a 6 in it and stops on the last boundary (Z-5)."""
    damage: tuple[Obstacle, ...] = ()
    """Obstacles crossed through, whose damage it takes (Z-11)."""

    def explain(self) -> str:
        mods = "".join(f", {m.value:+d} {m.reason}" for m in self.modifiers)
        per = numbers().mr_per_zone
        text = f"MR {self.mr - sum(m.value for m in self.modifiers)}{mods} = {self.mr}"
        if not self.possible:
            return f"{text}: {self.why}"
        if not self.roll:
            return f"{text}: {self.zones} zone{'s' * (self.zones > 1)} without a roll"
        return (f"{text} for {self.zones} zone{'s' * (self.zones > 1)} ({per * self.zones}): "
                f"3d6 vs DX {self.dx} {self.target_mod:+d} = {self.dx + self.target_mod}")


@lru_cache(maxsize=256)
def move_roll_odds(n: int, target: int, stop: int) -> tuple[float, float]:
    """Z-5: (P(success), P(success with a ``stop`` face showing)) of ``n`` d6 against
    ``target`` (total <= target). Exact, by listing the 6**n throws (216 for 3d6)."""
    ok = line = 0
    for faces in product(range(1, 7), repeat=n):
        if sum(faces) <= target:
            ok += 1
            if stop in faces:
                line += 1
    total = 6 ** n
    return ok / total, line / total


def terrain_modifiers(board: ZoneBoard, zones: Sequence[str]) -> list[Modifier]:
    """Z-10: terrain covering a zone hinders every move into, out of or within it: each
    zone touched once."""
    out = []
    seen: set[str] = set()
    for z in zones:
        if z in seen:
            continue
        seen.add(z)
        m = board.zones[z].move
        if m:
            out.append(Modifier(m, f"{board.zones[z].terrain} in {z}", "Z-10"))
    return out


PLANS_KEPT = 50_000
"""Zone move plans a match's derived data keeps (emptied when it grows past this)."""


def zone_move_plan(state: ZoneState, f: ZoneFigure, start: str, path: Sequence[str],
                   via: Sequence[str], run: bool, through: bool = False) -> MovePlan:
    """Z-3, Z-5, Z-6, Z-10, Z-11, Z-16: the effective MR of a zone move from ``start``
    along ``path``, whether it can be tried, whether it needs a roll and its chances.

    Each 10 MR is a zone; surplus MR helps a smaller move and a shortfall hinders a
    bigger one: the roll is 3d6 vs adjusted DX + (MR - 10 a zone), made only when that is
    below zero (a positive modifier is simply accepted: the move needs no roll). A move
    of n zones can be tried only with more than 10(n-1) MR (MR 16: 1 zone freely, 2 at
    -4; with -6, 1 zone without a roll and 2 impossible). Crossing an obstacle on a
    border cuts the MR by its size, or, ``through`` it, costs nothing but its damage.
    """
    split = bool(state.split) and state.acting() is f  # (base_mr: one pool of a split)
    key = (f.mr, f.dx, f.armour, f.shield, f.dx_penalty, split, start, tuple(path),
           tuple(via), run, through)
    plans: dict[Hashable, MovePlan] = state.derived.get("move plans", dict)
    plan = plans.get(key)
    if plan is None:
        if len(plans) > PLANS_KEPT:
            plans.clear()
        plan = plans[key] = _zone_move_plan(state, f, start, path, via, run, through)
    return plan


def _zone_move_plan(state: ZoneState, f: ZoneFigure, start: str, path: Sequence[str],
                    via: Sequence[str], run: bool, through: bool) -> MovePlan:
    """:func:`zone_move_plan` worked out: it reads of the figure only its MR, DX, armour,
    shield and stun (T-3's DX penalty), whether it splits its move, and of the state only
    the board (the key it is kept under in the match's derived data)."""
    n = numbers()
    board = state.board
    mods = mr_modifiers(state, f, run)
    mods += terrain_modifiers(board, [start, *path])
    damage: list[Obstacle] = []
    prev = start
    for z, how in zip(path, via, strict=True):
        if how in (OPEN, OVER):
            for ob in board.obstacles_on(prev, z):
                if through and ob.damage:
                    damage.append(ob)
                else:
                    mods.append(Modifier(-ob.size, f"{ob.kind} between {prev} and {z}",
                                         "Z-11"))
        prev = z
    mr = base_mr(state, f) + sum(m.value for m in mods)
    k = len(path)
    per = n.mr_per_zone
    dx = combat.adjusted_dx_total(f)
    possible = k >= 1 and mr > per * (k - 1)
    why = "" if possible else (
        f"MR {mr} is not enough to try {k} zone{'s' * (k > 1)} (more than {per * (k - 1)} "
        "needed, Z-3)")
    target_mod = mr - per * k
    roll = possible and target_mod < 0
    if not possible:
        p, p_line = 0.0, 0.0
    elif roll:
        p, p_line = move_roll_odds(n.check_dice, dx + target_mod, n.stop_face)
    else:
        p, p_line = 1.0, 0.0
    return MovePlan(k, mr, tuple(mods), possible, why, roll, target_mod, dx, p, p_line,
                    tuple(damage))


def battle_move_modifiers(state: ZoneState, f: ZoneFigure, zone: str,
                          extra: Sequence[Modifier] = ()) -> list[Modifier]:
    """Z-4, Z-5, Z-6, Z-10: a battle or trivial move needs a roll only if modifiers bring
    its MR below 10: the roll's modifier is that shortfall (with ``extra``, e.g. an
    obstacle, Z-11). Returns the roll's modifiers (empty: no roll)."""
    n = numbers()
    mods = mr_modifiers(state, f, False) + terrain_modifiers(state.board, [zone])
    mods += [m for m in extra if m.rule != "Z-11"]
    mr = base_mr(state, f) + sum(m.value for m in mods)
    out = []
    if mr < n.mr_per_zone:
        parts = ", ".join(f"{m.value:+d} {m.reason}" for m in mods)
        out.append(Modifier(mr - n.mr_per_zone, f"MR {mr}" + (f" ({parts})" if parts else ""),
                            "Z-4"))
    out += [m for m in extra if m.rule == "Z-11"]
    return out if sum(m.value for m in out) < 0 else []


def patch_modifier(board: ZoneBoard, patch: str) -> list[Modifier]:
    """Z-10: terrain over part of a zone counts only for those who move onto it (or off
    it): its move modifier, as a cut to their MR."""
    pt = board.patches[patch]
    return [Modifier(pt.move, f"{pt.terrain} ({pt.id})", "Z-10")] if pt.move else []


def boundary_cut(board: ZoneBoard, a: str, b: str) -> list[Modifier]:
    """Z-11: moving only onto a boundary halves its obstacles' effect (rounded down)."""
    n = numbers()
    out = []
    for ob in board.obstacles_on(a, b):
        cut = ob.size // n.boundary_divisor
        if cut:
            out.append(Modifier(-cut, f"half the {ob.kind} (size {ob.size})", "Z-11"))
    return out


def obstacle_for(state: ZoneState, attacker: ZoneFigure, target: ZoneFigure
                 ) -> tuple[Obstacle, int] | None:
    """Z-11: the obstacle a target can put between itself and an attacker making contact
    in its zone, and its size as it counts (half against an InContact group). The target
    elects which, and takes the hardest; a target that cannot move gets none."""
    if not able_to_move(target) or target.bottleneck is not None:
        return None
    if attacker.group and attacker.group == target.group:
        return None
    n = numbers()
    grouped = status(state, target) == CONTACT
    best: tuple[Obstacle, int] | None = None
    for ob in state.board.obstacles_in(target.zone):
        size = ob.size // n.group_divisor if grouped else ob.size
        if size > 0 and (best is None or size > best[1]):
            best = (ob, size)
    return best


def obstacle_modifier(target: ZoneFigure, ob: Obstacle, size: int) -> Modifier:
    """Z-11: the obstacle ``target`` keeps between itself and one coming at it, as a
    modifier of the roll to get round it."""
    return Modifier(-size, f"{target.name} keeps the {ob.kind} between them", "Z-11")


# ============================================================================ Z-12 contact
def default_into(f: ZoneFigure, t: ZoneFigure) -> str:
    """Z-12: where a close or a rush between two figures on one line takes them (the
    mover's own zone)."""
    if f.on_line and t.on_line and set(f.zones) == set(t.zones):
        return f.zone
    return ""


def contact_zone(f: ZoneFigure, t: ZoneFigure, into: str) -> str:
    """Z-12: where the melee forms: the chosen zone when both sit on one line, the
    zone of whichever is not on a line, else the zone both lines touch."""
    if into:
        return into
    if t.bottleneck is not None:
        return f.zone
    if not t.on_line:
        return t.zone
    if not f.on_line:
        return f.zone
    return next((z for z in f.zones if z in t.zones), f.zone)


def in_contact(f: ZoneFigure, t: ZoneFigure) -> bool:
    """Z-2: ``f`` stands in ``t``'s melee already (their group, or hand to hand): a blow
    needs no move into contact."""
    return bool(f.group and f.group == t.group) or f.close_with == t.id


def contact_roll_modifiers(state: ZoneState, f: ZoneFigure, t: ZoneFigure, through: bool,
                           battle: bool) -> tuple[list[Modifier], Obstacle | None]:
    """Z-4, Z-11: the modifiers of the roll a move into contact with ``t`` needs (none:
    no roll), and the obstacle ``f`` runs ``through`` (taking its damage first).

    A ``battle`` move (an attack, a close, a rush) rolls for its MR shortfall and the
    obstacle together; the end of a charge (Z-9) only for the obstacle."""
    extra: list[Modifier] = []
    damage: Obstacle | None = None
    ob = obstacle_for(state, f, t)
    if ob is not None:
        o, size = ob
        if through and o.damage:
            damage = o
        else:
            extra.append(obstacle_modifier(t, o, size))
    if not battle:
        return extra, damage
    zone = contact_zone(f, t, "") if t.bottleneck is None else f.zone
    return battle_move_modifiers(state, f, zone, extra), damage


def p_through(f: ZoneFigure, ob: Obstacle) -> float:
    """Z-11: the chance ``f`` is still in the fight after running through ``ob`` (its
    damage less armour, T-3)."""
    down = f.st - int(load_data().num("damage", "unconscious_at"))
    return 1.0 - odds.p_at_least_after_reduction(odds.DiceExpr.parse(ob.damage),
                                                 combat.armour_stops(f, rear=False), down)


def roll_odds(f: ZoneFigure, mods: Sequence[Modifier]) -> float:
    """Z-4, Z-5, Z-11: the chance of a move's roll (3d6 vs adjusted DX with ``mods``);
    1 without modifiers (no roll)."""
    if not mods:
        return 1.0
    target = combat.adjusted_dx_total(f) + sum(m.value for m in mods)
    return move_roll_odds(numbers().check_dice, target, numbers().stop_face)[0]


def contact_odds(state: ZoneState, f: ZoneFigure, t: ZoneFigure, through: bool = False,
                 battle: bool = True) -> float:
    """Z-4, Z-11: the exact chance a move into contact with ``t`` gets there (1 if they
    are in one melee already): through the damage of an obstacle run through, and the
    roll."""
    if battle and in_contact(f, t):
        return 1.0
    mods, damage = contact_roll_modifiers(state, f, t, through, battle)
    p = p_through(f, damage) if damage is not None else 1.0
    return p * roll_odds(f, mods)


# ============================================================================ Z-14
def can_protect_now(g: ZoneFigure) -> bool:
    """Z-14: a protector steps in if it has not acted this turn (holding its action), or
    if the action it spent was setting the protection up ("ON the turn you announce it
    you use your action to set it up and thus have limited options (move to contact
    only)")."""
    return g.active and g.standing and (not g.acted or g.protect_new)


# ============================================================================ contests
def contest_sides(state: ZoneState, reactor: ZoneFigure, actor: ZoneFigure,
                  with_mr: bool, actor_run: bool | None = None
                  ) -> tuple[Contestant, Contestant]:
    """Z-13..Z-15: the two sides of a DX contest: each 3d6 under its adjusted DX; with
    ``with_mr`` (Z-13) the faster adds half the MR difference, rounded down."""
    n = numbers()
    mods_r = combat.adjusted_dx(reactor)[1]
    mods_a = combat.adjusted_dx(actor)[1]
    if with_mr:
        mr_r = current_mr(state, reactor)
        mr_a = current_mr(state, actor, actor_run)
        diff = abs(mr_r - mr_a) // n.mr_divisor
        if diff:
            why = f"half the MR difference ({max(mr_r, mr_a)} vs {min(mr_r, mr_a)})"
            if mr_r > mr_a:
                mods_r = [*mods_r, Modifier(diff, why, "Z-13")]
            elif mr_a > mr_r:
                mods_a = [*mods_a, Modifier(diff, why, "Z-13")]
    return (Contestant(reactor.name, n.contest_dice, modifiers=tuple(mods_r),
                       target=reactor.dx),
            Contestant(actor.name, n.contest_dice, modifiers=tuple(mods_a), target=actor.dx))


def contest_odds(state: ZoneState, reactor: ZoneFigure, actor: ZoneFigure, with_mr: bool,
                 actor_run: bool | None = None) -> float:
    """Exact chance the reactor wins the contest (ties go to the actor)."""
    a, b = contest_sides(state, reactor, actor, with_mr, actor_run)
    return odds.contest_probabilities(a, b, mode="margin", ties="second")[0]


# ============================================================================ melee
def hand_weapon(f: ZoneFigure) -> str:
    """Z-2: hand to hand a figure fights with a dagger if it carries one, else bare
    hands."""
    for w in numbers().close_weapons:
        if w in f.weapons:
            return w
    return "fist"


def melee_weapon(f: ZoneFigure) -> str | None:
    """The weapon ``f`` strikes with in a melee: hand to hand its hand weapon, else its
    ready weapon if it is a melee weapon (bare hands if none is ready); None with a
    missile weapon in hand (ready another first, T-7)."""
    if f.close_with is not None:
        return hand_weapon(f)
    if f.ready is None:
        return "fist"
    w = load_data().weapons[f.ready]
    return f.ready if w.melee else None


def charge_multiplier(answered: bool = False) -> int:
    """Z-9: a charge's blow does double damage; a blow answering a charge (a longer
    weapon, a held action, a protector stepping in) does its own multiple."""
    n = numbers()
    return n.charge_interrupted if answered else n.charge_damage


def withdraw_odds(f: ZoneFigure) -> float:
    """Z-17 WITHDRAW: the chance it gets away at once: from InClose 3d6 vs adjusted DX;
    from InContact 4d6 vs adjusted DX and under the fumble (16+ does not move)."""
    n = numbers()
    dx = combat.adjusted_dx_total(f)
    if f.close_with is not None:
        return odds.check_probability(n.close_withdraw_dice, dx)
    return odds.check_probability(n.withdraw_dice, min(dx, n.withdraw_fumble - 1))


@dataclass(frozen=True)
class BalanceCheck:
    """Z-17 RUSH: the roll a figure rushed and hit makes to keep its feet."""

    dice: int
    """3d6 (2d6 if the rusher is weaker), one more while the target runs (Z-7)."""
    dx: int
    modifiers: tuple[Modifier, ...]
    """Its adjusted DX's modifiers, and -1 per 6 ST the rusher has over it."""
    automatic: Mapping[int, tuple[bool, str]] | None
    """A 12 always fails on the 2d6 against a weaker rusher."""
    label: str

    @property
    def target(self) -> int:
        return self.dx + sum(m.value for m in self.modifiers)

    @property
    def p_keep(self) -> float:
        """The exact chance it keeps its feet."""
        return odds.check_probability(self.dice, self.target, automatic=self.automatic)


def rush_balance(f: ZoneFigure, t: ZoneFigure, running: bool | None = None
                 ) -> BalanceCheck:
    """Z-17 RUSH, Z-7: ``t``'s roll to keep its feet when ``f``'s rush hits: 3d6 vs DX
    (2d6 if ``f`` is weaker, 12 failing), -1 per 6 ST ``f`` has over it, one die more if
    it runs (``running``: as it will be then, if not as it is now)."""
    n = numbers()
    weaker = f.st < t.st
    runs_now = t.running if running is None else running
    k = (n.rush_weaker_dice if weaker else n.rush_dice) + (
        n.running_balance_dice if runs_now else 0)
    mods = list(combat.adjusted_dx(t)[1])
    over = (f.st - t.st) // n.rush_st_step
    if over > 0:
        mods.append(Modifier(-over, f"{f.name} is {f.st - t.st} ST stronger", "Z-17"))
    auto = {n.rush_weaker_fails: (False, "always fails")} if weaker else None
    label = f"{t.name} stays standing" + (" (running: one die more, Z-7)" if runs_now
                                           else "")
    return BalanceCheck(k, t.dx, tuple(mods), auto, label)


def blow_modifiers(state: ZoneState, attacker: ZoneFigure, target: ZoneFigure
                   ) -> list[Modifier]:
    """T-2 with what the zone rules add to a blow: the target's cover in a bottleneck
    (Z-16) and a figure down (Z-2)."""
    return cover_modifier(state, attacker, target) + prone_modifier(attacker, target)


def blow_weapon(f: ZoneFigure) -> str | None:
    """Z-2: the weapon a blow is struck with when it is not the ready one (hand to hand,
    the hand weapon); None for the ready one."""
    return melee_weapon(f) if f.close_with is not None else None


def _odds_key(attacker: ZoneFigure, target: ZoneFigure) -> tuple[Any, ...]:
    """What the odds of an attack depend on in the two figures (see :func:`attack_odds`)."""
    return (attacker.dx, attacker.dx_penalty, attacker.armour, attacker.shield,
            attacker.ready, target.st, target.armour, target.shield, target.defending)


def attack_odds(state: ZoneState, attacker: ZoneFigure, target: ZoneFigure,
                situation: Sequence[Modifier], *, extra_dice: int = 0, multiplier: int = 1,
                weapon: str | None = None) -> combat.AttackOdds:
    """:func:`game.rules.tft.combat.attack_odds`, kept in the match's derived data by
    everything it depends on (the attacker's DX, hurt, armour, shield and weapon; the
    target's ST, armour, shield and defence; the situation, the dice and the multiple):
    a computer player asks the same odds again and again over a game."""
    key = ("attack odds", weapon, tuple(situation), extra_dice, multiplier,
           *_odds_key(attacker, target))
    got: combat.AttackOdds | None = state.derived.values.get(key)
    if got is not None:
        return got
    return state.derived.get(key, lambda: combat.attack_odds(
        attacker, target, situation, extra_dice=extra_dice, multiplier=multiplier,
        weapon=weapon))


def blow_odds(state: ZoneState, attacker: ZoneFigure, target: ZoneFigure,
              multiplier: int = 1) -> combat.AttackOdds:
    """T-2..T-4, Z-2, Z-9, Z-16: the exact odds of a melee blow as the rules strike it
    (with a charge's ``multiplier``)."""
    covered = target.bottleneck if target.bottleneck is not None and \
        attacker.bottleneck != target.bottleneck else None
    down = target.name if is_prone(target) and not is_prone(attacker) and \
        target.close_with != attacker.id else None
    weapon = blow_weapon(attacker)
    # keyed by what the modifiers are made of, so that a computer player's repeated
    # questions build none of them
    key = ("blow odds", covered, down, multiplier, weapon, *_odds_key(attacker, target))
    got: combat.AttackOdds | None = state.derived.values.get(key)
    if got is not None:
        return got
    return state.derived.get(key, lambda: attack_odds(
        state, attacker, target, blow_modifiers(state, attacker, target),
        multiplier=multiplier, weapon=weapon))


def moving_runs(state: ZoneState) -> bool:
    """Z-7, Z-13: whether the action under way is made running (the intercept contest
    compares the runner's MR with running)."""
    return state.doing is not None and runs(state.doing.action)


def reach(weapon: str | None) -> int:
    """Z-17 CHARGE RESPONSE: how long a weapon is (a longer one may answer a charge)."""
    return numbers().reach.get(weapon or "fist", 0)


def cover_modifier(state: ZoneState, attacker: ZoneFigure, target: ZoneFigure
                   ) -> list[Modifier]:
    """Z-16: a figure in a bottleneck has its cover against attacks from outside it."""
    if target.bottleneck is None or attacker.bottleneck == target.bottleneck:
        return []
    bn = state.board.bottlenecks[target.bottleneck]
    if not bn.cover:
        return []
    return [Modifier(numbers().cover[bn.cover], f"{bn.cover} cover in the {bn.id}", "Z-16")]


def prone_modifier(attacker: ZoneFigure, target: ZoneFigure) -> list[Modifier]:
    """Z-2: a blow from a standing figure at one InClose (prone) outside their pair."""
    if is_prone(target) and not is_prone(attacker) and target.close_with != attacker.id:
        return [Modifier(numbers().prone_target_dx, f"{target.name} is down", "Z-2")]
    return []


def why_not_strike(state: ZoneState, a: ZoneFigure, t: ZoneFigure) -> str | None:
    """Z-2, Z-16: whether ``a`` can strike ``t`` in their melee: InClose only each other;
    at a bottleneck the holders strike out, and from outside only while no friend of the
    attacker is in the way (a pole weapon reaches over)."""
    if a.close_with is not None and a.close_with != t.id:
        return f"{a.name} is InClose with another and can only fight it (Z-2)"
    if a.bottleneck is None and t.bottleneck is None:
        return None if a.zone == t.zone else f"{t.name} is on the other side of the " \
                                              f"bottleneck"
    if t.bottleneck is not None and a.bottleneck != t.bottleneck:
        friends = [g for g in state.holders(t.bottleneck) if g.side == a.side]
        w = melee_weapon(a)
        if friends and not (w and load_data().weapons[w].pole):
            return (f"{friends[0].name} is in the {t.bottleneck}, in the way: only those "
                    "inside it (or a pole weapon) can reach (Z-16)")
    return None


# ============================================================================ missiles
def missile_range(weapon: str) -> int:
    """Z-17 SHOOT: how many zones away a missile or thrown weapon reaches."""
    return numbers().missile_range.get(weapon, 0)


def missile_extra_dice(target: ZoneFigure) -> int:
    """Z-7: a running target is shot at with one die more."""
    return numbers().running_missile_dice if target.running else 0


def _sight(board: ZoneBoard) -> dict[tuple[str, str], tuple[int, int]]:
    """For each pair of zones: (zones between them, the best sum of the visibility
    modifiers of the zones a shot passes, both ends included, over the shortest ways)."""
    out: dict[tuple[str, str], tuple[int, int]] = {}
    for a in board.zones:
        best = {a: board.zones[a].visibility}
        dist = {a: 0}
        frontier = [a]
        while frontier:
            nxt: list[str] = []
            for z in frontier:
                for m in board.neighbours(z):
                    v = best[z] + board.zones[m].visibility
                    if m not in dist:
                        dist[m] = dist[z] + 1
                        best[m] = v
                        nxt.append(m)
                    elif dist[m] == dist[z] + 1 and v > best[m]:
                        best[m] = v
            frontier = nxt
        for b in dist:
            out[(a, b)] = (dist[b], best[b])
    return out


def shot_line(state: ZoneState, shooter: ZoneFigure, target: ZoneFigure
              ) -> tuple[int, int] | None:
    """(zones between, visibility) of the best line from ``shooter`` to ``target``: the
    fewest zones, then the clearest; None if there is none."""
    sight: dict[tuple[str, str], tuple[int, int]] | None = state.derived.values.get("sight")
    if sight is None:
        board = state.board
        sight = state.derived.get("sight", lambda: _sight(board))
    best: tuple[int, int] | None = None
    for a in shooter.zones:
        for b in target.zones:
            d = sight.get((a, b))
            if d is not None and (best is None or (d[0], -d[1]) < (best[0], -best[1])):
                best = d
    return best


def shot(state: ZoneState, shooter: ZoneFigure, target: ZoneFigure
         ) -> tuple[int, list[Modifier]] | None:
    """Ranged attacks measured in zones: (zones between, modifiers) on the best line, or
    None if no line. A figure on a boundary (or in a bottleneck) counts as in both zones
    (Z-12); each zone the shot passes adds its visibility modifier (Z-1)."""
    n = numbers()
    best = shot_line(state, shooter, target)
    if best is None:
        return None
    dist, vis = best
    mods = []
    if dist:
        mods.append(Modifier(n.per_zone * dist, f"{dist} zone{'s' * (dist > 1)} away",
                             "Z-17"))
    if vis:
        mods.append(Modifier(vis, "visibility of the zones", "Z-1"))
    if target.patch is not None and target.patch != shooter.patch:
        pt = state.board.patches[target.patch]
        if pt.visibility:  # Z-10: the terrain it stands on
            mods.append(Modifier(pt.visibility, f"{pt.terrain} ({pt.id})", "Z-10"))
    mods += cover_modifier(state, shooter, target)
    return dist, mods


def shot_odds(state: ZoneState, shooter: ZoneFigure, target: ZoneFigure
              ) -> combat.AttackOdds:
    """Z-17 SHOOT, Z-7: the exact odds of a shot as the rules roll it: the line's
    modifiers (none if there is no line) and one die more at a running target."""
    extra = missile_extra_dice(target)
    covered = target.bottleneck if target.bottleneck is not None and \
        shooter.bottleneck != target.bottleneck else None
    # keyed by what the line's modifiers are made of (see blow_odds)
    key = ("shot odds", shot_line(state, shooter, target), covered, extra,
           *_odds_key(shooter, target)) + \
        (() if target.patch is None else (target.patch, shooter.patch))

    got: combat.AttackOdds | None = state.derived.values.get(key)
    if got is not None:
        return got

    def make() -> combat.AttackOdds:
        line = shot(state, shooter, target)
        return attack_odds(state, shooter, target, line[1] if line else [],
                           extra_dice=extra)

    return state.derived.get(key, make)
