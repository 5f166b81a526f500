"""Skirmish Table: house-rule miniature wargames on a digital table.

    python main.py                                   the window, opening on the picker
    python main.py --scenario hill_fight --ai raiders
    python main.py --headless --scenario hill_fight --ai all --games 100 --seed 1
    python main.py --headless --load SAVE.json       replay a save, print its final hash
    python main.py --scenario hill_fight --screenshot out.png
    python main.py --screenshot picker.png --size 800x500 --ai-level hard
    python main.py --demos                           list the rules with a demo
    python main.py --demo H-22                       show a rule on the table, step by step
    python main.py --lesson melee_hexes              a guided first game of a rule system
    python main.py --replay SAVE.json                watch a saved game, action by action
    python main.py --check-map maps/backyard.tmx    is a map sound (a table's G-8 balance)?
    python main.py --view-map maps/test/sewer_stub.tmx   look at any map, no rules
    python main.py --balance farmhouse --games 1000 --vary turn_limit=9,11,13 --report out
                                                     the balance lab (README: Balance lab)
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


def size_arg(text: str) -> tuple[int, int]:
    """--size: ``WIDTHxHEIGHT`` in pixels, at least the window's smallest (800x500)."""
    w, x, h = text.lower().partition("x")
    if not (x and w.strip().isdigit() and h.strip().isdigit()):
        raise argparse.ArgumentTypeError(f"{text[:40]!r} is not WIDTHxHEIGHT (e.g. 1220x700)")
    size = int(w), int(h)
    if size[0] < 800 or size[1] < 500 or max(size) > 10_000:
        raise argparse.ArgumentTypeError(f"{text[:40]}: the window is at least 800x500 "
                                         "(and at most 10000 a side)")
    return size


def parse_args(argv: list[str] | None = None) -> argparse.Namespace:
    p = argparse.ArgumentParser(prog="python main.py", description=__doc__.split("\n")[1])
    p.add_argument("--scenario", help="scenario name (e.g. hill_fight) or path to a .toml")
    p.add_argument("--ai", help="side(s) the computer plays: a side name, a comma list, "
                                "'all' or 'none'")
    p.add_argument("--headless", action="store_true", help="no window: batch games or replay")
    p.add_argument("--games", type=int, default=None,
                   help="headless: how many games (1); balance: games per variant (1000)")
    p.add_argument("--seed", type=seed_arg, default=None, help="seed of the first game")
    p.add_argument("--load", help="a saved game to open (headless: replay, print the hash)")
    p.add_argument("--screenshot", metavar="FILE", help="render the first frame to PNG, exit")
    p.add_argument("--size", type=size_arg, metavar="WxH",
                   help="window: its size in pixels (e.g. 1220x700; --screenshot draws "
                        "at it)")
    p.add_argument("--fast", action="store_true",
                   help="window: the first game's computer turns at x4 speed")
    p.add_argument("--demo", metavar="RULE", help="show a rule's demo (a rule id like H-22)")
    p.add_argument("--demos", action="store_true", help="list the rules with a demo, exit")
    p.add_argument("--lesson", metavar="NAME", help="play a guided first game (a lesson's "
                                                    "file name or system, e.g. melee_hexes)")
    p.add_argument("--replay", metavar="SAVE", help="watch a saved game action by action")
    p.add_argument("--view-map", metavar="FILE", help="window: look at any map file as the "
                                                      "game reads it (no rules)")
    p.add_argument("--check-map", metavar="FILE", help="report a map: a table's balance "
                                                       "(G-8), a sewer's corridors, a track's "
                                                       "sizes and deployment (P-1, P-3); FILE "
                                                       "a .tmx or its scenario: exit 0 sound, "
                                                       "1 with advice, 2 malformed")
    lab = p.add_argument_group("balance lab (README: Balance lab)")
    lab.add_argument("--balance", nargs="+", metavar="SCENARIO",
                     help="play many computer games of these scenarios ('all': every one) "
                          "and report win rates")
    lab.add_argument("--vary", action="append", metavar="PATH=V1,V2",
                     help="a scenario value to vary (units.NAME.FIELD, options.KEY, "
                          "turn_limit, map) over a list or LO..HI; repeat for a grid")
    lab.add_argument("--ai-level", action="append", metavar="LEVEL|SIDE=LEVEL",
                     help="computer strength, easy, normal or hard: for every side or "
                          "one (repeatable)")
    lab.add_argument("--workers", type=int, default=None,
                     help="local worker processes (default: every core)")
    lab.add_argument("--cluster", metavar="ADDRESS",
                     help="run on a Dask scheduler's workers (tcp://host:8786)")
    lab.add_argument("--report", metavar="DIR", help="write report.md and PNG plots here")
    args = p.parse_args(argv)
    args.argv = list(sys.argv[1:] if argv is None else argv)
    return args


def main(argv: list[str] | None = None) -> int:
    args = parse_args(argv)
    if args.check_map is not None:
        from game.rules.check_map import check_map

        return check_map(args.check_map)
    if args.demos:
        from game.rules import get_ruleset
        from game.rules.demos import list_demos

        groups: dict[str, list[str]] = {}
        for d in list_demos():  # under each rule system's name, in rule order
            n = len(d.steps)
            groups.setdefault(get_ruleset(d.scenario.ruleset).title, []).append(
                f"  {d.rule:6} {d.title}  ({d.key}, {n} step{'s' if n != 1 else ''})")
        print("\n\n".join("\n".join([system, *lines])
                          for system, lines in sorted(groups.items())))
        return 0
    if args.balance:
        from game.lab import main as balance_main

        return balance_main(args)
    if args.headless:
        from game.headless import main as headless_main

        if args.games is None:
            args.games = 1
        return headless_main(args)
    from game.ui.app import main as window_main

    return window_main(args)


if __name__ == "__main__":
    sys.exit(main())
