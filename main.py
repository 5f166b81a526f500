"""Skirmish Table: house-rule miniature wargames on a digital table.

    python main.py                                   the window, opening on the picker
    python main.py --scenario hill_fight --ai raiders
    python main.py --headless --scenario hill_fight --ai all --games 100 --seed 1
    python main.py --headless --load SAVE.json       replay a save, print its final hash
    python main.py --scenario hill_fight --screenshot out.png
    python main.py --demos                           list the rules with a demo
    python main.py --demo H-22                       show a rule on the table, step by step
    python main.py --lesson melee_hexes              a guided first game of a rule system
    python main.py --replay SAVE.json                watch a saved game, action by action
    python main.py --check-map maps/backyard.tmx    G-8: is a table map balanced?
    python main.py --view-map maps/test/sewer_stub.tmx   look at any map, no rules
"""

from __future__ import annotations

import argparse
import sys

SEED_BITS = 63
"""A seed lies strictly between -2**63 and 2**63: what a save can hold (see
game.core.match.SEED_LIMIT)."""


def seed_arg(text: str) -> int:
    """--seed: a whole number a save can record, or argparse's one-line refusal."""
    try:
        seed = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text[:40]!r} is not a whole number") from None
    if not -(1 << SEED_BITS) < seed < 1 << SEED_BITS:
        raise argparse.ArgumentTypeError(
            f"{text[:40]} is out of range: a seed lies between -(2**63 - 1) and 2**63 - 1 "
            "(what a save can record)")
    return seed


def parse_args(argv: list[str] | None = None) -> argparse.Namespace:
    p = argparse.ArgumentParser(prog="python main.py", description=__doc__.split("\n")[1])
    p.add_argument("--scenario", help="scenario name (e.g. hill_fight) or path to a .toml")
    p.add_argument("--ai", help="side(s) the computer plays: a side name, a comma list, "
                                "'all' or 'none'")
    p.add_argument("--headless", action="store_true", help="no window: batch games or replay")
    p.add_argument("--games", type=int, default=1, help="headless: how many games")
    p.add_argument("--seed", type=seed_arg, default=None, help="seed of the first game")
    p.add_argument("--load", help="a saved game to open (headless: replay, print the hash)")
    p.add_argument("--screenshot", metavar="FILE", help="render the first frame to PNG, exit")
    p.add_argument("--fast", action="store_true",
                   help="window: the first game's computer turns at x4 speed")
    p.add_argument("--demo", metavar="RULE", help="show a rule's demo (a rule id like H-22)")
    p.add_argument("--demos", action="store_true", help="list the rules with a demo, exit")
    p.add_argument("--lesson", metavar="NAME", help="play a guided first game (a lesson's "
                                                    "file name or system, e.g. melee_hexes)")
    p.add_argument("--replay", metavar="SAVE", help="watch a saved game action by action")
    p.add_argument("--view-map", metavar="FILE", help="window: look at any map file as the "
                                                      "game reads it (no rules)")
    p.add_argument("--check-map", metavar="FILE", help="report a table map's balance (G-8) "
                                                       "or a sewer map's corridors, FILE a "
                                                       ".tmx or its scenario: exit 0 balanced "
                                                       "(sound), 1 not, 2 malformed")
    return p.parse_args(argv)


def main(argv: list[str] | None = None) -> int:
    args = parse_args(argv)
    if args.check_map is not None:
        from game.rules.hero.balance import check_map

        return check_map(args.check_map)
    if args.demos:
        from game.rules.demos import list_demos

        for d in list_demos():
            print(f"{d.rule:6} {d.title}  ({d.key}, {len(d.steps)} steps)")
        return 0
    if args.headless:
        from game.headless import main as headless_main

        return headless_main(args)
    from game.ui.app import main as window_main

    return window_main(args)


if __name__ == "__main__":
    sys.exit(main())
