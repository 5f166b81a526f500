"""An attack on a hex height map: what the board adds to the board-free Fantasy Trip
attack (:mod:`game.rules.tft.combat`): height advantage (H-6), facing (T-5), and who may
strike whom (T-5 front hexes, H-4 reach across heights)."""

from __future__ import annotations

from game.boards.hexmap import HexMap
from game.core.dice import Dice, Modifier
from game.core.places import Cell
from game.rules.tft import combat
from game.rules.tft.combat import AttackOdds, AttackResult
from game.rules.tft.data import load_data
from game.rules.tft.hexes import heights
from game.rules.tft.hexes.state import HexFigure


def facing_modifier(board: HexMap, attacker: HexFigure, target: HexFigure) -> Modifier | None:
    """T-5: +2 adjusted DX attacking into a side hex, +4 into the rear hex."""
    arc = heights.facing_from(board, target, attacker.cell)
    d = load_data()
    if arc == "side":
        return Modifier(int(d.num("facing", "side_dx")), "attacking a side hex", "T-5")
    if arc == "rear":
        return Modifier(int(d.num("facing", "rear_dx")), "attacking the rear hex", "T-5")
    return None


def situation(board: HexMap, attacker: HexFigure, target: HexFigure) -> list[Modifier]:
    """What the board adds to an attacker's adjusted DX: height advantage (H-6) and the
    target's facing (T-5)."""
    mods: list[Modifier] = []
    adv = heights.height_advantage(board, attacker, target)
    if adv:
        lv = abs(adv)
        mods.append(Modifier(adv, f"{lv} level{'s' if lv > 1 else ''} "
                                  f"{'higher' if adv > 0 else 'lower'}", "H-6"))
    f = facing_modifier(board, attacker, target)
    if f is not None:
        mods.append(f)
    return mods


def from_rear(board: HexMap, attacker: HexFigure, target: HexFigure) -> bool:
    """T-5: the attacker strikes from the target's rear hex (its shield does not count)."""
    return heights.facing_from(board, target, attacker.cell) == "rear"


def attack_modifiers(board: HexMap, attacker: HexFigure, target: HexFigure
                     ) -> tuple[int, list[Modifier]]:
    """Adjusted DX for one attack: T-1 modifiers, height advantage H-6, facing T-5."""
    base, mods = combat.adjusted_dx(attacker)
    return base, mods + situation(board, attacker, target)


def can_reach(board: HexMap, attacker: HexFigure, target: HexFigure) -> bool:
    """T-5 aside: whether two figures are close enough to fight: adjacent, and the lower
    able to reach the higher (H-4)."""
    return (board.distance(attacker.cell, target.cell) == 1
            and heights.can_attack_across_heights(board, attacker, target))


def attack_odds(board: HexMap, attacker: HexFigure, target: HexFigure) -> AttackOdds:
    """T-2..T-5, H-6: the exact odds of ``attacker`` striking ``target`` where they stand."""
    return combat.attack_odds(attacker, target, situation(board, attacker, target),
                              rear=from_rear(board, attacker, target))


def resolve_attack(board: HexMap, attacker: HexFigure, target: HexFigure,
                   dice: Dice) -> AttackResult:
    """T-2, T-3 with H-6 and T-5: roll the attack where the two figures stand."""
    return combat.resolve_attack(attacker, target, situation(board, attacker, target), dice,
                                 rear=from_rear(board, attacker, target),
                                 places=(Cell(attacker.cell), Cell(target.cell)))
