"""Setting up a game of Melee on heights: the map's figures as the scenario's units, the
scenario's switches checked, then turn 1's initiative (T-7)."""

from __future__ import annotations

import re

from game.boards.hexmap import HexMap
from game.core.dice import Dice
from game.core.errors import ScenarioError
from game.core.events import Event
from game.core.places import Cell, LoadedMap, Placement
from game.core.scenario import Scenario
from game.rules.tft.data import UnitSpec, unit_spec
from game.rules.tft.hexes import flow
from game.rules.tft.hexes.movement import place, placement_ok, prepare_tables
from game.rules.tft.hexes.state import HexFigure, HexState

OPTIONS = {"swipe": "H-17", "broken_ground": "H-21"}
"""The scenario switches of the optional rules ([options] swipe = true ...)."""


def _slug(text: str) -> str:
    return re.sub(r"[^a-z0-9]+", "-", text.lower()).strip("-")


def _figure(scenario: Scenario, specs: dict[str, UnitSpec], p: Placement,
            counts: dict[str, int], taken: dict[str, HexFigure]) -> HexFigure:
    """The figure a map's placement puts on the board, as its scenario unit."""
    where = f"{scenario.map_path.name}: figure '{p.name or p.unit}'"
    if not isinstance(p.place, Cell):
        raise ScenarioError(f"{where} is not placed on a hex")
    if p.side not in scenario.sides:
        raise ScenarioError(f"{where} is on side '{p.side}', which "
                            f"{scenario.path.name} does not list under [sides]")
    spec = specs.get(p.unit)
    if spec is None:
        raise ScenarioError(f"{where} is a '{p.unit}', which {scenario.path.name} "
                            f"does not define under [units]")
    counts[p.unit] = counts.get(p.unit, 0) + 1
    name = p.name or f"{spec.kind.name} {counts[p.unit]}"
    fid = _slug(name) or p.unit
    while fid in taken:
        fid += "-2"
    return HexFigure(
        id=fid, name=name, side=p.side, unit=p.unit, kind=spec.kind.key, cell=p.place.index,
        facing=int(p.facing or 0) % 6, st=spec.st, st_max=spec.st, dx=spec.dx, iq=spec.iq,
        ma=spec.ma, h=spec.kind.h, climb_h=spec.kind.h + spec.kind.climb,
        hexes=spec.kind.hexes, weapons=list(spec.weapons), ready=spec.ready,
        armour=spec.armour, shield=spec.shield, talents=list(spec.talents))


def _stand_all(scenario: Scenario, state: HexState) -> None:
    """H-15: every figure covers its hexes; a big one must fit where it stands, and no
    two figures may cover one hex."""
    board = state.board
    for f in state.figures.values():
        if f.hexes > 1:
            occ = {c: g for c, g in state.occupied().items() if g.id != f.id}
            if not placement_ok(state, f, f.cell, f.facing, occ):
                raise ScenarioError(
                    f"{scenario.map_path.name}: figure '{f.name}' is a {f.hexes}-hex figure "
                    f"and cannot stand on {board.label(f.cell)} facing {f.facing}: its hexes "
                    "must be on the board, free of other figures and level enough (H-15)")
        place(state, f, f.cell, f.facing)
    taken: dict[int, str] = {}
    for f in state.figures.values():
        for c in f.footprint:
            if c in taken:
                raise ScenarioError(f"{scenario.map_path.name}: figures '{taken[c]}' and "
                                    f"'{f.name}' both cover {board.label(c)}")
            taken[c] = f.name


def _check_options(scenario: Scenario, options: dict[str, object], title: str) -> None:
    for key in options:
        if key not in OPTIONS:
            raise ScenarioError(f"{scenario.path.name}: [options] '{key}' is not a switch "
                                f"of {title} (known: {', '.join(OPTIONS)})")
        if not isinstance(options[key], bool):
            raise ScenarioError(f"{scenario.path.name}: [options] '{key}' must be true or "
                                "false")


def setup(scenario: Scenario, loaded: LoadedMap[HexMap], dice: Dice,
          title: str) -> tuple[HexState, list[Event]]:
    """Place the map's figures as the scenario's units, then roll turn 1's initiative
    (``title``: the ruleset's name, for errors)."""
    specs = {k: unit_spec(k, raw, scenario.path.name) for k, raw in scenario.units.items()}
    figures: dict[str, HexFigure] = {}
    counts: dict[str, int] = {}
    for p in loaded.placements:
        f = _figure(scenario, specs, p, counts, figures)
        figures[f.id] = f
    state = HexState(board=loaded.board, sides=list(scenario.sides), figures=figures,
                     derived=loaded.derived,
                     turn_limit=scenario.turn_limit, options=dict(scenario.options),
                     side_names=dict(scenario.sides))
    _stand_all(scenario, state)
    for side in scenario.sides:
        if not any(f.side == side for f in figures.values()):
            raise ScenarioError(f"{scenario.map_path.name}: side '{side}' has no figures")
    _check_options(scenario, state.options, title)
    prepare_tables(state)
    return state, flow.start_turn(state, dice)
