"""An attack on a hex height map: what the board adds to the board-free Fantasy Trip
attack (:mod:`game.rules.tft.combat`): height advantage (H-6), facing (T-5), footing
(H-15 off balance, H-21 deep water), who may strike whom (T-5 front hexes, H-4 reach
across heights, H-16 pole weapons, H-17 the swipe of a kneeling figure) and the
sweeping blow (H-19)."""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum

from game.boards.hexmap import HexMap
from game.core.dice import Dice, Modifier
from game.core.events import Event, Kind
from game.core.frozen import quick_init
from game.core.places import Cell
from game.rules.tft import combat
from game.rules.tft.combat import AttackOdds, AttackResult
from game.rules.tft.data import load_data
from game.rules.tft.events import MeleeKind
from game.rules.tft.hexes import bigfigures, heights, terrain
from game.rules.tft.hexes.state import HexFigure, HexState


class Blow(StrEnum):
    """How a blow reaches its target."""

    NONE = ""
    """It cannot."""
    NORMAL = "normal"
    """Within H (H-4)."""
    POLE = "pole"
    """A pole's jab beyond H (H-16)."""
    SWIPE = "swipe"
    """The swipe of a kneeling figure (H-17)."""


NORMAL, POLE, SWIPE = Blow.NORMAL, Blow.POLE, Blow.SWIPE


@quick_init
@dataclass(frozen=True)
class Reach:
    """Whether ``attacker`` can strike ``target`` where they stand, and how (or why not)."""

    how: str
    """A :class:`Blow`: NORMAL, POLE or SWIPE; ``Blow.NONE`` ("") if it cannot."""
    reason: str
    target_hex: int = -1
    attacker_level: int = 0
    target_level: int = 0

    @property
    def ok(self) -> bool:
        return bool(self.how)


def footing(state: HexState, fig: HexFigure) -> list[Modifier]:
    """H-15, H-21: what where a figure stands does to its adjusted DX: off balance on a
    multi-hex footing (-2), neck-deep in water (-4)."""
    mods = terrain.water_modifiers(state, fig.cell) if not fig.hold else []
    if fig.hexes > 2 and fig.footprint and not fig.hold:
        _ok, off = bigfigures.balance(state.board, fig.footprint)
        if off:
            mods.append(Modifier(bigfigures.off_balance_dx(), "off balance", "H-15"))
    return mods


def facing_modifier(board: HexMap, attacker: HexFigure, target: HexFigure) -> Modifier | None:
    """T-5: +2 adjusted DX attacking into a side hex, +4 into the rear hex."""
    arc = heights.facing_arc(board.bearing(target.cell, attacker.cell), target.facing)
    d = load_data()
    if arc == "side":
        return Modifier(int(d.num("facing", "side_dx")), "attacking a side hex", "T-5")
    if arc == "rear":
        return Modifier(int(d.num("facing", "rear_dx")), "attacking the rear hex", "T-5")
    return None


def _kneel_drop(fig: HexFigure) -> int:
    """H-17: a kneeling figure leans its own H down over the edge."""
    return heights.height(fig) if fig.kneeling else 0


def reach(board: HexMap, attacker: HexFigure, target: HexFigure, *,
          swipe_allowed: bool = False) -> Reach:
    """T-5, H-4, H-15, H-16, H-17: whether ``attacker`` can strike ``target`` from where
    they stand (facing its front hexes), and how.

    H-4: start from the lower figure; if it can reach the higher one (the level
    difference, measured at the hexes involved, H-15, is at most its H) both may strike.
    A kneeling figure (H-17) counts its own H off the drop. H-16: a pole weapon (not a
    javelin) also jabs 1-2 levels beyond the attacker's own H, up or down. H-17 (with the
    scenario's switch): a higher figure too high to reach may kneel and swipe when the
    drop less its own H is within the lower figure's reach.
    """
    hx = heights.target_hex(board, attacker, target)
    if hx is None:
        if heights.adjacent_figures(board, attacker, target):
            return Reach(Blow.NONE,
                         f"{target.name} is not in {attacker.name}'s front hexes (T-5)")
        return Reach(Blow.NONE, f"{target.name} is not adjacent")
    la = heights.measured_level(board, attacker, attacker.cell)
    lt = heights.measured_level(board, target, hx)
    if attacker.hold or target.hold:
        who = attacker if attacker.hold else target
        return Reach(Blow.NONE, f"{who.name} is hanging on a wall (H-11)", hx, la, lt)
    diff = la - lt
    if target.kneeling and diff >= 0:
        return hit_kneeling(attacker, target, diff, swipe_allowed, (hx, la, lt))
    eff = diff - _kneel_drop(attacker) + _kneel_drop(target)
    lower, gap = (target, eff) if eff >= 0 else (attacker, -eff)
    if gap <= heights.height(lower):
        return Reach(NORMAL, "", hx, la, lt)
    w = combat.weapon_of(attacker)
    beyond = int(load_data().num("pole", "beyond_h"))
    if w.pole and not w.thrown and abs(diff) <= heights.height(attacker) + beyond:
        return Reach(POLE, "", hx, la, lt)
    if swipe_allowed and diff > 0 and diff - heights.height(attacker) <= heights.height(target):
        return Reach(SWIPE, "", hx, la, lt)
    return Reach(Blow.NONE, f"{abs(diff)} levels apart: the lower figure, {lower.name} (H "
                            f"{heights.height(lower)}), cannot reach (H-4)", hx, la, lt)


def hit_kneeling(attacker: HexFigure, target: HexFigure, diff: int, swipe_allowed: bool,
                 where: tuple[int, int, int]) -> Reach:
    """H-17: a kneeling figure is struck from its own level or above like a figure of H 1
    (a prone figure's H, H-5), ``diff`` levels below ``attacker``. H-4 with that H: a
    normal blow from the same level or one up (it is "at a +4 to be hit ... or a +5 (4 +1
    due to height advantage)", :func:`situation`); from higher "could not hit him unless
    they kneel as well": a swipe (its own -4, one-handed weapon, no shield), possible when
    the drop less the attacker's own H is within that H 1. A pole weapon still jabs beyond
    its H (H-16), as at any target."""
    hx, la, lt = where
    kneel_h = int(load_data().num("prone", "h"))
    if diff <= kneel_h:
        return Reach(NORMAL, "", hx, la, lt)
    w = combat.weapon_of(attacker)
    beyond = int(load_data().num("pole", "beyond_h"))
    if w.pole and not w.thrown and diff <= heights.height(attacker) + beyond:
        return Reach(POLE, "", hx, la, lt)
    if (swipe_allowed or attacker.kneeling) and diff - heights.height(attacker) <= kneel_h:
        return Reach(SWIPE, "", hx, la, lt)
    return Reach(Blow.NONE, f"{target.name} kneels {diff} levels below: struck like a "
                            f"figure of H {kneel_h}, only from at most {kneel_h} level up, "
                            "or by kneeling to swipe within reach (H-17)", hx, la, lt)


def situation(state: HexState, attacker: HexFigure, target: HexFigure,
              how: str = NORMAL, levels: tuple[int, int] | None = None) -> list[Modifier]:
    """What the board adds to an attacker's adjusted DX: height advantage (H-6; none for
    a pole's jab beyond H, H-16), the target's facing (T-5), the attacker's footing
    (H-15, H-21), a kneeling target (H-17: +4) and a swipe (H-17: -4)."""
    d = load_data()
    board = state.board
    mods: list[Modifier] = []
    if levels is None:
        r = reach(board, attacker, target, swipe_allowed=True)
        levels = (r.attacker_level, r.target_level) if r.target_hex >= 0 else (
            board.level(attacker.cell), board.level(target.cell))
    adv = int(d.num("height", "dx_per_level")) * (levels[0] - levels[1])
    if adv and how != POLE:
        lv = abs(adv)
        mods.append(Modifier(adv, f"{lv} level{'s' if lv > 1 else ''} "
                                  f"{'higher' if adv > 0 else 'lower'}", "H-6"))
    f = facing_modifier(board, attacker, target)
    if f is not None:
        mods.append(f)
    mods += footing(state, attacker)
    if target.kneeling and levels[0] >= levels[1]:
        mods.append(Modifier(int(d.num("swipe", "hit_same_level")), "the target kneels",
                             "H-17"))
    if how == SWIPE:
        mods.append(Modifier(int(d.num("swipe", "dx")), "kneeling to swipe down", "H-17"))
    return mods


def from_rear(board: HexMap, attacker: HexFigure, target: HexFigure) -> bool:
    """T-5: the attacker strikes from the target's rear (its shield does not count)."""
    return heights.facing_arc(board.bearing(target.cell, attacker.cell),
                              target.facing) == "rear"


def attack_modifiers(state: HexState, attacker: HexFigure, target: HexFigure
                     ) -> tuple[int, list[Modifier]]:
    """Adjusted DX for one attack: T-1 modifiers, height advantage H-6, facing T-5."""
    base, mods = combat.adjusted_dx(attacker)
    return base, mods + situation(state, attacker, target)


def attack_odds(state: HexState, attacker: HexFigure, target: HexFigure,
                how: str | None = None, reached: Reach | None = None) -> AttackOdds:
    """T-2..T-5, H-6: the exact odds of ``attacker`` striking ``target`` where they stand
    (either may be a copy standing elsewhere: a what-if). ``reached``: their
    :func:`reach`, if known (with or without the swipe: the levels are the same)."""
    board = state.board
    r = reach(board, attacker, target, swipe_allowed=True) if reached is None else reached
    levels = (r.attacker_level, r.target_level) if r.target_hex >= 0 else None
    return combat.attack_odds(attacker, target,
                              situation(state, attacker, target, how or r.how or NORMAL,
                                        levels),
                              rear=from_rear(board, attacker, target))


def down_chance(attacker: HexFigure, dice: int, target: int, stops: int, st: int) -> float:
    """T-3: the chance a blow of ``attacker`` on ``dice`` against adjusted DX ``target``,
    armour stopping ``stops``, takes down a target of ST ``st``: the ``p_down`` of
    :func:`attack_odds` for the same blow on a target that differs only in its ST."""
    down_at = st - int(load_data().num("damage", "unconscious_at"))
    return combat.blow_chances(dice, target, combat.weapon_of(attacker).damage, stops,
                               down_at, 1)[2]


def resolve_attack(state: HexState, attacker: HexFigure, target: HexFigure,
                   dice: Dice, how: str | None = None,
                   extra: tuple[Modifier, ...] = ()) -> AttackResult:
    """T-2, T-3 with H-6 and T-5: roll the attack where the two figures stand."""
    board = state.board
    r = reach(board, attacker, target, swipe_allowed=True)
    levels = (r.attacker_level, r.target_level) if r.target_hex >= 0 else None
    mods = situation(state, attacker, target, how or r.how or NORMAL, levels) + list(extra)
    return combat.resolve_attack(attacker, target, mods, dice,
                                 rear=from_rear(board, attacker, target),
                                 places=(Cell(attacker.cell), Cell(target.cell)))


def sweep_weapon(fig: HexFigure) -> bool:
    """H-19: a sweeping blow needs a two-handed melee weapon ready."""
    w = combat.weapon_of(fig)
    return w.hands >= 2 and w.melee and not w.missile


def sweep_plan(board: HexMap, fig: HexFigure, foes: list[HexFigure]
               ) -> list[tuple[int, HexFigure | None]]:
    """H-19: the hexes a sweeping blow passes, left to right across the front hexes, each
    with the foe it strikes there (None for a wall it must roll to miss); foes more than
    one level up or down are passed by, and walls after the last foe do not matter."""
    d = load_data()
    reach_lv = int(d.num("sweep", "level_reach"))
    wall = int(d.num("sweep", "wall"))
    lf = board.level(fig.cell)
    plan: list[tuple[int, HexFigure | None]] = []
    for direction in (fig.facing + 1, fig.facing, fig.facing - 1):
        c = board.neighbour(fig.cell, direction % 6)
        if c is None:
            continue
        foe = next((e for e in foes if c in heights.cells_of(e) and e.alive
                    and e.side != fig.side), None)
        if foe is not None:
            lt = heights.measured_level(board, foe, c)
            if abs(lt - lf) <= reach_lv and reach(board, fig, foe).how == NORMAL:
                plan.append((c, foe))
                continue
        if board.level(c) - lf >= wall:
            plan.append((c, None))
    while plan and plan[-1][1] is None:
        plan.pop()
    while plan and plan[0][1] is None:
        plan.pop(0)
    return plan


def sweep_penalty() -> Modifier:
    """H-19: what a sweeping blow costs each of its attacks."""
    return Modifier(int(load_data().num("sweep", "dx")), "sweeping blow", "H-19")


def sweep_odds(state: HexState, fig: HexFigure, foes: list[HexFigure]
               ) -> list[tuple[HexFigure, AttackOdds]]:
    """H-19: the exact odds of each blow of a sweeping blow, foe by foe, left to right
    (:func:`sweep_plan`; the walls it must miss on the way not counted)."""
    board = state.board
    pen = sweep_penalty()
    out = []
    for _c, foe in sweep_plan(board, fig, foes):
        if foe is None:
            continue
        r = reach(board, fig, foe)
        mods = situation(state, fig, foe, r.how, (r.attacker_level, r.target_level)) + [pen]
        out.append((foe, combat.attack_odds(fig, foe, mods,
                                            rear=from_rear(board, fig, foe))))
    return out


def sweep(state: HexState, fig: HexFigure, foes: list[HexFigure], dice: Dice
          ) -> tuple[list[Event], list[tuple[HexFigure, AttackResult]]]:
    """H-19: a sweeping blow: one attack on each foe in the front hexes within a level,
    left to right, each at the data's sweep penalty; a tile wall 2+ levels high in the
    way must be missed (3d6 vs adjusted DX) or the sweep stops against it."""
    d = load_data()
    board = state.board
    pen = sweep_penalty()
    events: list[Event] = []
    results: list[tuple[HexFigure, AttackResult]] = []
    for c, foe in sweep_plan(board, fig, foes):
        if foe is None:
            base, mods = combat.adjusted_dx(fig)
            roll = dice.check(int(d.num("sweep", "wall_dice")), base, mods + footing(state, fig),
                              rule="H-19", label=f"{fig.name}'s sweep misses the wall at "
                                                 f"{board.label(c)}")
            events.append(Event(Kind.ROLLED, roll.explain(), "H-19", fig.id, roll=roll))
            if not roll.success:
                events.append(Event(MeleeKind.SWEPT, f"{fig.name}'s sweep hits the wall at "
                                                     f"{board.label(c)} and stops.", "H-19",
                                    fig.id))
                break
            continue
        if not foe.alive or not fig.active:
            continue
        res = resolve_attack(state, fig, foe, dice, extra=(pen,))
        events += res.events
        results.append((foe, res))
        if fig.ready is None:  # dropped or broke it (T-2)
            break
    return events, results
