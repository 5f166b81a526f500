"""Setting a chase up from its scenario and track map (P-1, P-2, P-3).

The scenario's ``[units.KEY]`` tables are the forces (P-2): ``profile`` (a key of
``squads/data/profiles.toml``), ``side``, ``count`` (default 1), ``name`` (the models'
name, numbered when there are several), optional ``weapons`` (instead of the profile's)
and ``extra`` (a weapon it carries besides and may fire over the shoulder, P-13). Its
``[options]``:

```toml
[options]
runners = "scouts"          # the side that wins by the Arrival (P-4)
chasers = "hunters"         # the side that places recycled pieces first (P-6)
mines = "spore_cluster"     # a key of pursuit.toml's [mines]
clusters = 4                # in the mines' side's reserve (P-2, P-12)
mine_side = "hunters"       # default: the chasers
deploy = "players"          # P-3 (default); "map": the models stand where the map puts
                            # them, each figure's `unit` a key of [units] or a profile
map_clusters = false        # true: the clusters the map places start on the table
                            # (default: they come in on recycled pieces, P-6)
[options.wargear]           # P-2: a choice before the game (optional)
unit = "sergeant"           # whose models take the extra weapon
weapon = "scatter_gun"
bonus_unit = "hunter"       # the other side's unit that grows
bonus = 3
```

Every fault is one :class:`~game.core.errors.ScenarioError` naming the file and the
field or figure.
"""

from __future__ import annotations

from typing import Any

from game.boards.track import Track
from game.core.errors import ScenarioError, printable
from game.core.places import LoadedMap, Point
from game.core.scenario import Scenario as ScenarioFile
from game.rules.squads.data import load_data
from game.rules.squads.pursuit.geometry import forward
from game.rules.squads.pursuit.numbers import chase_data
from game.rules.squads.pursuit.phases import ChasePhase
from game.rules.squads.pursuit.state import ChaseState, Cluster, Piece, Setup
from game.rules.squads.units import Model, Unit

OPTIONS = ("runners", "chasers", "mines", "clusters", "mine_side", "deploy", "wargear",
           "map_clusters")
UNIT_FIELDS = ("profile", "side", "count", "name", "weapons", "extra")
MAX_MODELS = 60
PLAYERS = "players"
MAP = "map"


def build_state(scenario: ScenarioFile, loaded: LoadedMap[Any]) -> ChaseState:
    """The state before the game's first choice (see the module text)."""
    name = scenario.path.name
    track = loaded.board
    if not isinstance(track, Track):
        raise ScenarioError(f"{name}: the pursuit ruleset plays on a track map")
    if track.length < chase_data().min_length:
        raise ScenarioError(f"{scenario.map_path.name}: the table is {track.length:g} inches "
                            f"long; a chase needs at least {chase_data().min_length:g} (P-1)")
    if len(scenario.sides) != 2:
        raise ScenarioError(f"{name}: a chase has two sides, not {len(scenario.sides)}")
    for k in scenario.options:
        if k not in OPTIONS:
            raise ScenarioError(f"{name}: [options] '{printable(k)}' is not an option of the "
                                f"pursuit ruleset (options: {', '.join(OPTIONS)})")
    setup = _setup(scenario)
    state = ChaseState(track=track, sides=list(scenario.sides), setup=setup,
                       turn_limit=scenario.turn_limit, side_names=dict(scenario.sides),
                       derived=loaded.derived)
    state.pieces = [Piece(p.index) for p in track.pieces]
    _check_units(scenario)
    if setup.deploy:
        for key, spec in scenario.units.items():
            _add_models(state, key, spec, int(spec.get("count", 1)))
        state.undeployed = _deploy_order(state)
    else:
        _map_models(state, scenario, loaded)
    _clusters(state, scenario)
    for side in state.sides:
        if not any(u.side == side and u.models for u in state.units.values()):
            raise ScenarioError(f"{name}: side '{side}' has no model")
    if sum(len(u.models) for u in state.units.values()) > MAX_MODELS:
        raise ScenarioError(f"{name}: more than {MAX_MODELS} models")
    state.phase = (ChasePhase.WARGEAR if setup.wargear_unit else
                   ChasePhase.DEPLOY if setup.deploy else ChasePhase.PURSUIT)
    return state


def _side_option(scenario: ScenarioFile, key: str, default: str | None) -> str:
    v = scenario.options.get(key, default)
    if v not in scenario.sides:
        raise ScenarioError(f"{scenario.path.name}: [options] {key} must be a side of "
                            f"[sides] ({', '.join(scenario.sides)}), not {v!r}")
    return str(v)


def _setup(scenario: ScenarioFile) -> Setup:
    name = scenario.path.name
    opts = scenario.options
    runners = _side_option(scenario, "runners", None)
    chasers = _side_option(scenario, "chasers", None)
    if runners == chasers:
        raise ScenarioError(f"{name}: [options] runners and chasers must be the two sides")
    deploy = opts.get("deploy", PLAYERS)
    if deploy not in (PLAYERS, MAP):
        raise ScenarioError(f"{name}: [options] deploy must be \"{PLAYERS}\" or \"{MAP}\", "
                            f"not {deploy!r}")
    out = Setup(runners=runners, chasers=chasers,
                mine_side=_side_option(scenario, "mine_side", chasers),
                deploy=deploy == PLAYERS,
                unit_names={k: printable(str(u.get("name", k)))[:40] or k
                            for k, u in scenario.units.items()},
                specs={k: dict(u) for k, u in scenario.units.items()})
    gear = opts.get("wargear")
    if gear is None:
        return out
    if not isinstance(gear, dict):
        raise ScenarioError(f"{name}: [options.wargear] must be a table")
    if not out.deploy:
        raise ScenarioError(f"{name}: [options.wargear] needs deploy = \"{PLAYERS}\" (the "
                            f"extra models are deployed)")
    for k in ("unit", "bonus_unit"):
        if gear.get(k) not in scenario.units:
            raise ScenarioError(f"{name}: [options.wargear] {k} must be a key of [units], "
                                f"not {gear.get(k)!r}")
    weapon = gear.get("weapon")
    if not isinstance(weapon, str) or weapon not in load_data().weapons:
        raise ScenarioError(f"{name}: [options.wargear] weapon must be a key of "
                            f"weapons.toml, not {weapon!r}")
    bonus = gear.get("bonus", 0)
    if isinstance(bonus, bool) or not isinstance(bonus, int) or not 0 <= bonus <= 20:
        raise ScenarioError(f"{name}: [options.wargear] bonus must be a whole number from "
                            f"0 to 20")
    out.wargear_unit, out.wargear_weapon = gear["unit"], weapon
    out.wargear_bonus_unit, out.wargear_bonus = gear["bonus_unit"], bonus
    return out


def _check_units(scenario: ScenarioFile) -> None:
    name = scenario.path.name
    data = load_data()
    if not scenario.units:
        raise ScenarioError(f"{name}: needs [units.KEY] tables: the forces (P-2)")
    for key, spec in scenario.units.items():
        where = f"{name}: [units.{key}]"
        extra = sorted(k for k in spec if k not in UNIT_FIELDS)
        if extra:
            raise ScenarioError(f"{where} has unknown fields {extra} (known: "
                                f"{', '.join(UNIT_FIELDS)})")
        if spec.get("profile") not in data.profiles:
            raise ScenarioError(f"{where} profile must be a profile of profiles.toml "
                                f"({', '.join(data.profiles)}), not {spec.get('profile')!r}")
        if spec.get("side") not in scenario.sides:
            raise ScenarioError(f"{where} side must be a side of [sides], not "
                                f"{spec.get('side')!r}")
        count = spec.get("count", 1)
        if isinstance(count, bool) or not isinstance(count, int) or not 0 <= count <= 40:
            raise ScenarioError(f"{where} count must be a whole number from 0 to 40")
        weapons = spec.get("weapons", [])
        if not isinstance(weapons, list) or any(w not in data.weapons for w in weapons):
            raise ScenarioError(f"{where} weapons must be keys of weapons.toml")
        if "extra" in spec and spec["extra"] not in data.weapons:
            raise ScenarioError(f"{where} extra must be a key of weapons.toml")


def _add_models(state: ChaseState, key: str, spec: dict[str, Any], count: int) -> list[Model]:
    u = state.units.get(key)
    if u is None:
        u = state.units[key] = Unit(key, state.setup.unit_names.get(key, key), spec["side"])
    label = state.setup.unit_names.get(key, key)
    start = len(u.models)
    new = []
    for k in range(start + 1, start + count + 1):
        weapons = list(spec.get("weapons") or []) or None
        m = Model.new(f"{key}-{k}", spec["profile"], name=f"{label} {k}"
                      if count + start > 1 else label, weapons=weapons)
        if "extra" in spec:
            m.weapons = (*m.weapons, spec["extra"])
            state.extra[m.id] = spec["extra"]
        u.models.append(m)
        state.facing[m.id] = forward(state)
        new.append(m)
    state.__dict__.pop("_models", None)
    return new


def _deploy_order(state: ChaseState) -> list[str]:
    """P-3: the scouts deploy first, then the hunters."""
    first = [m.id for u in state.units.values() if u.side == state.setup.runners
             for m in u.models]
    rest = [m.id for u in state.units.values() if u.side != state.setup.runners
            for m in u.models]
    return first + rest


def _map_models(state: ChaseState, scenario: ScenarioFile, loaded: LoadedMap[Any]) -> None:
    mapname = scenario.map_path.name
    for p in loaded.placements:
        label = p.label or p.name or "a figure"
        spec = scenario.units.get(p.unit)
        if spec is None and p.unit in load_data().profiles and p.side in scenario.sides:
            # a figure naming a profile (as the track maps' figures do): a unit of its own
            spec = {"profile": p.unit, "side": p.side,
                    "name": load_data().profile(p.unit).name}
            state.setup.specs[p.unit] = spec
            state.setup.unit_names.setdefault(p.unit, spec["name"])
        if spec is None:
            raise ScenarioError(f"{mapname}: {label}: unit '{printable(p.unit)}' is neither a "
                                f"key of {scenario.path.name}'s [units] nor a profile of "
                                f"profiles.toml with a side of the scenario")
        if p.side != spec["side"]:
            raise ScenarioError(f"{mapname}: {label}: side '{printable(p.side)}' is not its "
                                f"unit's ({spec['side']})")
        if not isinstance(p.place, Point):
            raise ScenarioError(f"{mapname}: {label} does not stand on a point of the table")
        (m,) = _add_models(state, p.unit, spec, 1)
        if p.name:
            m.name = printable(p.name)[:30]
        m.move_to(*p.place.units)
        if p.facing is not None:
            state.facing[m.id] = round(p.facing) % 360


def _clusters(state: ChaseState, scenario: ScenarioFile) -> None:
    name = scenario.path.name
    kind = scenario.options.get("mines")
    count = scenario.options.get("clusters", 0 if kind is None else 4)
    if kind is None and count:
        raise ScenarioError(f"{name}: [options] clusters needs mines (a kind of pursuit.toml)")
    if kind is not None and kind not in chase_data().mines:
        raise ScenarioError(f"{name}: [options] mines must be one of "
                            f"{', '.join(chase_data().mines)}, not {kind!r}")
    if isinstance(count, bool) or not isinstance(count, int) or not 0 <= count <= 20:
        raise ScenarioError(f"{name}: [options] clusters must be a whole number from 0 to 20")
    state.clusters = [Cluster(f"mine-{k}", str(kind), state.setup.mine_side)
                      for k in range(1, count + 1)]
    on_map = scenario.options.get("map_clusters", False)
    if not isinstance(on_map, bool):
        raise ScenarioError(f"{name}: [options] map_clusters must be true or false")
    if on_map:
        _map_clusters(state, scenario)


def _map_clusters(state: ChaseState, scenario: ScenarioFile) -> None:
    """The clusters the track map places (P-12) start on the table, each on the piece it
    rides on, as many as the scenario's clusters; the rest stay in the reserve."""
    placed = state.track.mines  # the clusters a track map places (none on a plain one)
    for k, mine in zip(state.clusters, placed, strict=False):
        x, y = mine.at
        k.where, k.piece = "table", mine.piece
        k.x, k.y = round(x * 100), round(y * 100)


def add_bonus(state: ChaseState) -> list[Model]:
    """P-2: the hunters' extra models when the sergeant takes the extra weapon."""
    s = state.setup
    assert s.wargear_bonus_unit is not None
    return _add_models(state, s.wargear_bonus_unit, s.specs[s.wargear_bonus_unit],
                       s.wargear_bonus)


def take_wargear(state: ChaseState) -> list[Model]:
    """P-2: the wargear unit's models take the extra weapon (fired over the shoulder,
    P-13)."""
    s = state.setup
    assert s.wargear_unit is not None and s.wargear_weapon is not None
    out = []
    for m in state.units[s.wargear_unit].models:
        m.weapons = (*m.weapons, s.wargear_weapon)
        state.extra[m.id] = s.wargear_weapon
        out.append(m)
    return out
