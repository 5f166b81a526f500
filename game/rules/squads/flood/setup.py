"""Setting a sewer game up from its scenario and map (the flood ruleset's setup).

The map's figures layer places the models: each figure's ``side`` (a side of the
scenario), ``unit`` (a profile key of ``squads/data/profiles.toml``: trooper, sergeant,
brood...), string ``squad`` (the id of the unit it belongs to) and an optional bool
``leader``. The scenario's ``[options]``:

```toml
[options]
objective = "nest"        # or "survive" (the default): last side standing / most models
planter = "troopers"      # "nest": the side that plants the charges
charges = 3               # "nest": charges to plant (default: the nests' own 'charges')
[options.squads]          # optional names of the units, by squad id
alpha = "Alpha squad"
```

Every fault is one :class:`~game.core.errors.ScenarioError` naming the file and the
figure, option or squad.
"""

from __future__ import annotations

from typing import Any

from game.boards.corridors import Corridors
from game.core.errors import ScenarioError, printable
from game.core.places import LoadedMap, Placement
from game.core.scenario import Scenario as ScenarioFile
from game.rules.squads.data import load_data
from game.rules.squads.flood.state import FloodState, Scenario
from game.rules.squads.units import Model, Unit

OPTIONS = ("objective", "planter", "charges", "squads")
OBJECTIVES = ("nest", "survive")
MAX_MODELS = 60
"""Most models a sewer scenario may field (F-10 recommends a patrol, about 30)."""


def build_state(scenario: ScenarioFile, loaded: LoadedMap[Any]) -> FloodState:
    """The state at the start of the game (before the first side's turn begins)."""
    name = scenario.path.name
    board = loaded.board
    if not isinstance(board, Corridors):
        raise ScenarioError(f"{name}: the flood ruleset plays on a sewer map")
    for k in scenario.options:
        if k not in OPTIONS:
            raise ScenarioError(f"{name}: [options] '{printable(k)}' is not an option of the "
                                f"flood ruleset (options: {', '.join(OPTIONS)})")
    setup = _setup(scenario, board)
    units = _units(scenario, loaded.placements, setup)
    state = FloodState(board=board, sides=list(scenario.sides), units=units,
                       turn_limit=scenario.turn_limit, setup=setup,
                       side_names=dict(scenario.sides), derived=loaded.derived)
    for side in scenario.sides:
        if not state.side_units(side):
            raise ScenarioError(f"{loaded.path.name}: side '{side}' has no figure on the map")
    return state


def _setup(scenario: ScenarioFile, board: Corridors) -> Scenario:
    name = scenario.path.name
    opts = scenario.options
    objective = opts.get("objective", "survive")
    if objective not in OBJECTIVES:
        raise ScenarioError(f"{name}: [options] objective must be one of "
                            f"{', '.join(OBJECTIVES)}, not {objective!r}")
    squads = opts.get("squads", {})
    if not isinstance(squads, dict) or not all(isinstance(v, str) and printable(v)
                                               for v in squads.values()):
        raise ScenarioError(f"{name}: [options.squads] must name each squad with a string")
    out = Scenario(objective=objective,
                   squad_names={k: printable(v)[:40] for k, v in squads.items()})
    if objective != "nest":
        return out
    if scenario.turn_limit is None:
        raise ScenarioError(f"{name}: the objective is the nest: [scenario] turn_limit says "
                            f"by the end of which turn the charges must be planted")
    planter = opts.get("planter")
    if not isinstance(planter, str) or planter not in scenario.sides:
        raise ScenarioError(f"{name}: [options] planter must be a side of [sides] "
                            f"({', '.join(scenario.sides)}), not {planter!r}")
    nests = tuple(f for f in board.features if f.kind == "nest")
    if not nests:
        raise ScenarioError(f"{name}: the objective is the nest, but its map "
                            f"{scenario.map_path.name} has no feature of kind 'nest'")
    charges = opts.get("charges")
    if charges is None:  # the map's nests say how many (their int property 'charges')
        marked = [n.properties.get("charges") for n in nests]
        charges = sum(c for c in marked if isinstance(c, int) and not isinstance(c, bool))
    if isinstance(charges, bool) or not isinstance(charges, int) or not 1 <= charges <= 99:
        raise ScenarioError(f"{name}: [options] charges (or the nest's property 'charges' "
                            f"on the map) must be a whole number from 1 to 99 (the charges "
                            f"to plant in the nest), not {charges!r}")
    out.planter, out.charges, out.nests = planter, charges, nests
    return out


def _units(scenario: ScenarioFile, placements: tuple[Placement, ...],
           setup: Scenario) -> dict[str, Unit]:
    mapname = scenario.map_path.name
    data = load_data()
    if len(placements) > MAX_MODELS:
        raise ScenarioError(f"{mapname}: {len(placements)} figures; a sewer game fields at "
                            f"most {MAX_MODELS} (F-10: a patrol)")
    squads: dict[str, list[tuple[Placement, bool]]] = {}
    sides: dict[str, str] = {}
    for p in placements:
        label = p.label or p.name or "a figure"
        if p.side not in scenario.sides:
            raise ScenarioError(f"{mapname}: {label}: side '{printable(p.side)}' is not a side "
                                f"of {scenario.path.name} ({', '.join(scenario.sides)})")
        if p.unit not in data.profiles:
            raise ScenarioError(f"{mapname}: {label}: unit '{printable(p.unit)}' is not a "
                                f"profile of profiles.toml ({', '.join(data.profiles)})")
        squad = _squad(p)
        if not isinstance(squad, str) or not printable(squad) or printable(squad) != squad:
            raise ScenarioError(f"{mapname}: {label} needs a string property 'squad': the id "
                                f"of the unit it belongs to")
        leader = _leader(p)
        if not isinstance(leader, bool):
            raise ScenarioError(f"{mapname}: {label}: property 'leader' must be true or "
                                f"false, not {leader!r}")
        if sides.setdefault(squad, p.side) != p.side:
            raise ScenarioError(f"{mapname}: {label}: squad '{squad}' has figures of two "
                                f"sides ({sides[squad]} and {p.side})")
        squads.setdefault(squad, []).append((p, leader))
    units: dict[str, Unit] = {}
    for squad, figs in squads.items():
        leaders = [k for k, (_p, lead) in enumerate(figs) if lead]
        if len(leaders) > 1:
            raise ScenarioError(f"{mapname}: squad '{squad}' has {len(leaders)} leaders; a "
                                f"unit has at most one")
        models = []
        for k, (p, _lead) in enumerate(figs, start=1):
            x, y = p.place.units  # type: ignore[union-attr]
            prof = data.profile(p.unit)
            label = printable(p.name)[:30] if p.name else f"{prof.name} {k}"
            models.append(Model.new(f"{squad}-{k}", p.unit, x, y, name=label))
        lead = models[leaders[0]].id if leaders else None
        uname = setup.squad_names.get(squad, squad.replace("_", " ").title())
        units[squad] = Unit(squad, uname, sides[squad], models, lead)
    return units


def _squad(p: Placement) -> object:
    """The figure's squad: the map builder's ``squad`` (or, for a placement made without
    it, the figure's ``squad`` property)."""
    return p.squad or p.properties.get("squad")


def _leader(p: Placement) -> object:
    """Whether the figure leads its squad (the builder's ``leader``, or the property)."""
    return True if p.leader else p.properties.get("leader", False)
