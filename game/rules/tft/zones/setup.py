"""Setting up a game of Melee on zone boards: the map's figures placed as the scenario's
units (in zones, on lines, in bottlenecks, Z-12, Z-16), its options checked, and turn
1's initiative rolled (T-7). A scenario that does not fit is a ScenarioError naming its
file.
"""

from __future__ import annotations

from game.boards.zones import ZoneBoard
from game.core.dice import Dice
from game.core.errors import ScenarioError, printable
from game.core.events import Event
from game.core.places import InZone, LoadedMap
from game.core.scenario import Scenario
from game.rules.tft.data import unit_spec
from game.rules.tft.zones.data import numbers
from game.rules.tft.zones.flow import start_turn
from game.rules.tft.zones.state import ZoneFigure, ZoneState

OPTIONS = ("hold_out",)
"""The scenario options the zone rules read."""
TITLE = "Melee on zones"


def _slug(text: str) -> str:
    out = "".join(c if c.isalnum() else "-" for c in text.lower())
    return "-".join(p for p in out.split("-") if p)


def setup(scenario: Scenario, loaded: LoadedMap[ZoneBoard], dice: Dice
          ) -> tuple[ZoneState, list[Event]]:
    """Place the map's figures as the scenario's units, then roll turn 1's initiative.
    ScenarioError naming the file if they do not fit."""
    board = loaded.board
    _check_obstacles(scenario, board)
    figures = _figures(scenario, loaded)
    _place_in_bottlenecks(scenario, board, figures)
    for side in scenario.sides:
        if not any(f.side == side for f in figures.values()):
            raise ScenarioError(f"{scenario.map_path.name}: side '{side}' has no figures")
    hold = _hold_out(scenario)
    state = ZoneState(board=board, sides=list(scenario.sides), figures=figures,
                      derived=loaded.derived, turn_limit=scenario.turn_limit, hold_out=hold,
                      options=dict(scenario.options), side_names=dict(scenario.sides))
    return state, start_turn(state, dice)


def _check_obstacles(scenario: Scenario, board: ZoneBoard) -> None:
    """Z-11: an obstacle big enough to split a zone must lie on a boundary."""
    split = numbers().split_size
    for ob in board.obstacles.values():
        if ob.zone is not None and ob.size >= split:
            raise ScenarioError(
                f"{scenario.map_path.name}: {ob.label} (size {ob.size}) lies inside zone "
                f"'{ob.zone}': an obstacle of {split} or more splits its zone in two "
                "(Z-11); draw two zones with it on their common boundary")


def _figures(scenario: Scenario, loaded: LoadedMap[ZoneBoard]) -> dict[str, ZoneFigure]:
    """The map's figures as the scenario's units, each with an id made of its name."""
    specs = {k: unit_spec(k, raw, scenario.path.name) for k, raw in scenario.units.items()}
    figures: dict[str, ZoneFigure] = {}
    counts: dict[str, int] = {}
    for p in loaded.placements:
        where = f"{scenario.map_path.name}: figure '{p.name or p.unit}'"
        if not isinstance(p.place, InZone):
            raise ScenarioError(f"{where} is not placed in a zone")
        if p.side not in scenario.sides:
            raise ScenarioError(f"{where} is on side '{p.side}', which "
                                f"{scenario.path.name} does not list under [sides]")
        spec = specs.get(p.unit)
        if spec is None:
            raise ScenarioError(f"{where} is a '{p.unit}', which {scenario.path.name} "
                                "does not define under [units]")
        counts[p.unit] = counts.get(p.unit, 0) + 1
        name = p.name or f"{spec.kind.name} {counts[p.unit]}"
        fid = _slug(name) or p.unit
        while fid in figures:
            fid += "-2"
        figures[fid] = ZoneFigure(
            id=fid, name=name, side=p.side, unit=p.unit, kind=spec.kind.key,
            zone=p.place.zone, boundary=p.place.boundary, st=spec.st, st_max=spec.st,
            dx=spec.dx, iq=spec.iq, ma=spec.ma, mr=spec.ma, size=spec.kind.hexes,
            weapons=list(spec.weapons), ready=spec.ready, armour=spec.armour,
            shield=spec.shield)
    return figures


def _place_in_bottlenecks(scenario: Scenario, board: ZoneBoard,
                          figures: dict[str, ZoneFigure]) -> None:
    """Z-16: a figure placed on a border with a bottleneck holds a spot in it."""
    for f in figures.values():
        bn = board.bottleneck_on(f.zone, f.boundary) if f.boundary else None
        if bn is not None:
            if len([g for g in figures.values() if g.bottleneck == bn.id]) >= bn.capacity:
                raise ScenarioError(f"{scenario.map_path.name}: more figures stand in "
                                    f"{bn.label} than its capacity {bn.capacity}")
            f.bottleneck = bn.id


def _hold_out(scenario: Scenario) -> str | None:
    """The scenario's options: only ``hold_out``, a side that wins by holding out."""
    for key in scenario.options:
        if key not in OPTIONS:
            raise ScenarioError(f"{scenario.path.name}: [options] '{printable(key)}' is "
                                f"not an option of {TITLE} (options: "
                                f"{', '.join(OPTIONS)})")
    hold = scenario.options.get("hold_out")
    if hold is not None and (not isinstance(hold, str) or hold not in scenario.sides):
        raise ScenarioError(f"{scenario.path.name}: [options] hold_out {hold!r:.40} is "
                            f"not a side ({', '.join(scenario.sides)})")
    return hold
