"""Where a figure can go on a height map (T-6, T-7, H-2, H-3, H-8, H-10, H-15, H-21):
its walks, its jumps, the hexes where an enemy stops it, and how a big figure stands.

Read-only but for :func:`place`, which the apply steps use to stand a figure somewhere.
What :func:`move_options` works out is kept in the state's memo, keyed by the figure and
the figures near enough to bear on its move (:mod:`crowd`), so a legality check, the move
itself and a front end's marks build it once, and a move elsewhere on a big board does
not build it again. Who is engaged is asked of the figures beside a figure, not of all.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from itertools import islice

import numpy as np
from numpy.typing import NDArray

from game.boards.hexmap import Reach, Steps
from game.core.frozen import quick_init
from game.rules.tft import combat
from game.rules.tft.data import load_data
from game.rules.tft.hexes import bigfigures, falls, heights, tables, terrain
from game.rules.tft.hexes.crowd import (
    Near,
    at_position,
    crowd,
    leap_length,
    near,
    own_stats,
    reach_margin,
)
from game.rules.tft.hexes.state import HexFigure, HexState, Positions

INF = float("inf")

NEIGHBOURHOOD_FROM = 64
"""Figures in a match from which a figure's moves are kept by its neighbourhood
(:func:`around_mover`) as well as by the position: with fewer, filing the figures by
square and keying the neighbours costs more than the reaches it saves (on the Hill fight
and the Hill fort it saves none), and the position's own key is cheap. The answer is the
same either way: figures beyond the neighbourhood are out of the move's reach."""

MEMO_LIMIT = 2048
"""Answers kept in a state's memo before the older half of them is let go (a figure's
moves on a big board keep a few hundred cells: this bounds what a game remembers)."""


@quick_init
@dataclass(frozen=True)
class Jump:
    """A move that ends with a drop bigger than the figure's H (H-8): walk to ``via``
    for ``cost - 1`` MP, then jump down ``levels`` into the cell."""

    cost: int
    via: int
    levels: int
    band: int
    p_standing: float


@dataclass
class MoveOptions:
    """Where a figure can go this movement phase, and at what cost (H-2, H-3, T-6, H-8).

    ``reach`` are its walks; ``ways`` every jump into each cell (one per cell it could
    jump from, cheapest first); ``jumps`` the cheapest jump of each cell no walk gets to
    as cheaply. A multi-hex figure (H-15) may only end where it can stand: ``settle``
    gives the facing it takes in each such cell (None for a one-hex figure).
    """

    figure: str
    budget: int
    reach: Reach
    jumps: dict[int, Jump] = field(default_factory=dict)
    ways: dict[int, list[Jump]] = field(default_factory=dict)
    settle: dict[int, int] | None = None

    def walk_cells(self) -> set[int]:
        cells = set(self.reach.cost) - {self.reach.start}
        if self.settle is not None:
            cells &= set(self.settle)
        return cells

    def cells(self) -> set[int]:
        return self.walk_cells() | set(self.ways)

    def can_walk(self, cell: int) -> bool:
        return cell != self.reach.start and self.reach.cost_of(cell) is not None and (
            self.settle is None or cell in self.settle)

    def cost(self, cell: int) -> int | None:
        """The cheapest way there: a walk, or a jump if no walk gets there as cheaply."""
        j = self.jumps.get(cell)
        if j is not None:
            return j.cost
        if self.can_walk(cell):
            return self.reach.cost_of(cell)
        w = self.ways.get(cell)
        return w[0].cost if w else None

    def jump(self, cell: int, via: int) -> Jump | None:
        return next((j for j in self.ways.get(cell, ()) if j.via == via), None)

    def path(self, cell: int, via: int | None = None) -> list[int]:
        """The way to ``cell``: its cheapest walk, or (``via`` given, or no walk there)
        the walk to ``via`` and the jump."""
        if via is None:
            j = self.jumps.get(cell)
            if j is None and self.can_walk(cell):
                return self.reach.path(cell)
            if j is None:
                w = self.ways.get(cell)
                j = w[0] if w else None
            if j is None:
                return []
            via = j.via
        if self.jump(cell, via) is None:
            return []
        return self.reach.path(via) + [cell]


def make_room(state: HexState) -> None:
    """Let the older half of the state's memo go once it holds :data:`MEMO_LIMIT`
    answers (the newer half is what the figures that did not move still ask for)."""
    memo = state.memo
    if len(memo) > MEMO_LIMIT:
        for key in list(islice(memo, len(memo) // 2)):
            del memo[key]


def prepare_tables(state: HexState) -> None:
    """Work out, once per match, the step, jump and gap tables every figure's moves will
    ask for (each climbing H and way of entering hexes among the figures, and a prone
    figure's): on a big board each takes tens of milliseconds, better spent at setup than
    in the middle of a turn."""
    prone = int(load_data().num("prone", "h"))
    for f in state.figures.values():
        entry = entry_table(state, f)
        for climb in {f.climb_h, prone}:
            tables.steps(state, climb, entry)
            tables.jumps(state, climb)
            tables.gaps(state, climb)


def entry_table(state: HexState, f: HexFigure) -> tuple[str, np.ndarray]:
    """H-21: what entering each hex costs ``f`` (water depth, broken ground)."""
    return terrain.entry_costs(state, "swimming" in f.talents)


def walk_steps(state: HexState, f: HexFigure, climb: int) -> Steps:
    """H-2, H-3, H-21: the steps ``f`` walks by with a climbing H of ``climb``
    (:func:`tables.steps` over its :func:`entry_table`), looked up once per figure and
    climbing H in the state's memo (every reach of a figure asks for them)."""
    key = (STEPS, f.id, climb)
    found = state.memo.get(key)
    if found is None:
        found = state.memo[key] = tables.steps(state, climb, entry_table(state, f))
    assert isinstance(found, Steps)
    return found


STEPS = "walk steps"
"""The state's memo key (with a figure's id and climbing H) of :func:`walk_steps`."""


def entry_list(state: HexState, f: HexFigure) -> list[float]:
    """:func:`entry_table`'s costs as a list of floats, once per match (what a loop over
    cells reads: a list item is quicker to read and compare than a numpy scalar)."""
    key, arr = entry_table(state, f)
    return state.derived.get(("entry list", key), arr.tolist)


def engaged_stops(state: HexState, f: HexFigure, pos: Positions | None = None
                  ) -> frozenset[int]:
    """T-6, H-7: the hexes where a figure of ``f``'s side stands engaged (its move stops
    there), once per position of its enemies (``pos``: :meth:`HexState.positions`, if
    known): they stand still while its side moves, so every figure of the side asks it
    once."""
    pos = state.positions() if pos is None else pos
    here = at_position(state, pos)
    key = ("stop", f.side, f.hexes)
    stop = here.get(key)
    if stop is None:
        side = f.side
        theirs = tuple(p for p, g in zip(pos, state.figures.values(), strict=True)
                       if g.side != side)
        kept = state.memo.get(key)
        if kept is not None and kept[0] == theirs:
            stop = kept[1]
        else:
            enemies = [g for g in state.figures.values() if g.side != side]
            stop = frozenset(heights.engaged_cells(state.board, enemies, f))
            state.memo[key] = (theirs, stop)
        here[key] = stop
    assert isinstance(stop, frozenset)
    return stop


def is_engaged(state: HexState, fig: HexFigure, pos: Positions | None = None) -> bool:
    """T-6, H-7: a standing figure with a hex in the front hexes of standing enemies that
    reach it, enough of them for its size (:func:`heights.engaged_by`). Only a figure
    beside it can hold it in a front hex (:func:`heights.beside`)."""
    if not fig.standing:
        return False
    pos = state.positions() if pos is None else pos
    own = state.figures.get(fig.id) is fig  # (not a copy standing elsewhere)
    key = ("engaged", fig.id)
    if own:
        here = at_position(state, pos)
        found = here.get(key)
        if found is not None:
            assert isinstance(found, bool)
            return found
    occupied = crowd(state, pos).occupied
    engaged = heights.engaged_by(state.board, heights.beside(state.board, occupied, fig), fig)
    if own:
        here[key] = engaged
    return engaged


def others_cells(state: HexState, f: HexFigure, around: Near | None = None,
                 pos: Positions | None = None) -> set[int]:
    """H-2, H-15: the hexes other living figures cover (all of them, or those of the
    figures ``around`` it: the only ones a move within its MP can meet)."""
    occ = crowd(state, pos).occupied
    if around is None:
        return {c for c, g in occ.items() if g.id != f.id}
    out = set()
    for g in around.figures:
        if g.alive:
            for c in (g.cell, *g.footprint):
                h = occ.get(c)
                if h is not None and h.id != f.id:
                    out.add(c)
    return out


def move_budget(f: HexFigure) -> int:
    """H-5, T-7: the MP ``f`` has left to move this phase (none once its move is over,
    out of the fight or holding on to a wall)."""
    if f.move_over or not f.active or f.hold:
        return 0
    return max(0, heights.movement_allowance(f) - f.mp_spent)


def around_mover(state: HexState, f: HexFigure, pos: Positions | None = None) -> Near:
    """The figures that can bear on ``f``'s move, leap or jump this phase: those within
    its MP (or a leap's length) and the :func:`crowd.reach_margin`."""
    return near(state, f, max(move_budget(f), leap_length()) + reach_margin(state, pos), pos)


def walking_reach(state: HexState, f: HexFigure, budget: int, pos: Positions | None = None,
                  occupied: set[int] | None = None) -> Reach:
    """H-2, H-3, T-6, H-10, H-21: every cell ``f`` can walk to with ``budget`` MP, and the
    cheapest way.

    Climbing costs 1 MP a level on top of the MP to enter (1; 2 in knee-deep water or on
    broken ground, H-21), at most its climbing H at once; stepping down at most that
    costs the entry; bigger drops are jumps, not walks (see :func:`move_options`).
    Entering a hex where an enemy engages the figure ends the walk there; a figure
    already engaged may only shift one hex (T-6), and no higher than the hexes it covers
    (H-10: a dwarf steps up one level, not two). A multi-hex figure leads with its front
    hex (H-15). ``occupied``: the hexes others cover (:func:`others_cells`), if known.
    """
    board = state.board
    occupied = others_cells(state, f, None, pos) if occupied is None else occupied
    stop = engaged_stops(state, f, pos)
    climb = heights.climbing_height(f)
    steps = walk_steps(state, f, climb)
    if is_engaged(state, f, pos):
        stop = frozenset(board.neighbours(f.cell))  # T-6: engaged, a one-hex shift
        up = min(climb, f.hexes)  # H-10
        lv = board.level_list
        blocked = occupied | {j for j, _w in steps[f.cell] if lv[j] - lv[f.cell] > up}
        return board.reach(f.cell, budget, steps, blocked=blocked, stop=stop)
    return board.reach(f.cell, budget, steps, blocked=occupied, stop=stop)


def jump_cost(entry: Sequence[float], cell: int) -> int:
    """H-3, H-21: MP for the jump down into ``cell``: "only 1 since you move forward into
    another, lower hex" - what entering that hex costs (2 on broken ground), no more."""
    return int(entry[cell])


def charge_reach(state: HexState, f: HexFigure, pos: Positions | None = None
                 ) -> Reach | None:
    """T-7: where ``f`` can still walk this turn and attack (its charge allowance less
    the MP it has spent); None if it has spent more than that already (``pos``:
    :meth:`HexState.positions`, if known)."""
    left = combat.charge_allowance(f) - f.mp_spent
    if left < 0:
        return None
    if state.figures.get(f.id) is not f:  # a copy standing elsewhere: not kept
        return walking_reach(state, f, left)
    pos = state.positions() if pos is None else pos
    here = at_position(state, pos)
    key = ("charge", f.id, own_stats(f))  # kept per position (a new plan, sight)
    found = here.get(key)
    if found is None:
        found = here[key] = walking_reach(state, f, left, pos)
    assert isinstance(found, Reach)
    return found


def walk_to_strike(state: HexState, f: HexFigure) -> NDArray[np.float64]:
    """H-2, H-3, H-4: every hex's cost in MP for ``f`` to walk (by its own steps: up at
    most its climbing H at once, down at most its H) to a hex beside an active enemy from
    which the two could strike each other across the levels (H-4: the lower figure
    reaches the higher), whoever stands in the way (``inf`` where no walk gets there:
    a wall too high to step up, with no way round)."""
    board = state.board
    reach_up = heights.height(f)
    targets: set[int] = set()
    for e in state.figures.values():
        if e.side == f.side or not e.active:
            continue
        theirs = heights.height(e)
        footprint = heights.cells_of(e)
        for c in footprint:
            level = board.level(c)
            targets.update(n for n in board.neighbours(c) if n not in footprint and
                           heights.levels_in_reach(board.level(n), reach_up, level, theirs))
    steps = walk_steps(state, f, heights.climbing_height(f))
    return board.costs_to(steps, sorted(targets))


def settle_facing(state: HexState, f: HexFigure, cell: int, natural: int,
                  occupied: dict[int, HexFigure] | None = None) -> int | None:
    """H-15: the facing a multi-hex figure ends a move in ``cell`` with: the way it
    stepped if it can stand so (its hexes on the board, free, level enough), else the
    nearest turn that lets it; None if it cannot stand there at all."""
    occ = state.occupied() if occupied is None else occupied
    for k in (0, 1, -1, 2, -2, 3):
        d = (natural + k) % 6
        if placement_ok(state, f, cell, d, occ):
            return d
    return None


def placement_ok(state: HexState, f: HexFigure, cell: int, facing: int,
                 occupied: dict[int, HexFigure] | None = None) -> bool:
    """H-15: whether ``f`` can stand on ``cell`` facing ``facing``: every hex on the board
    and free of others, and level enough (:func:`bigfigures.balance`)."""
    if f.hexes <= 1:
        return True
    kind = load_data().kinds[f.kind]
    cells = bigfigures.footprint(state.board, kind.shape, cell, facing)
    if cells is None:
        return False
    occ = state.occupied() if occupied is None else occupied
    if any(c in occ and occ[c].id != f.id for c in cells):
        return False
    return bigfigures.balance(state.board, cells)[0]


def place(state: HexState, f: HexFigure, cell: int, facing: int) -> None:
    """Stand ``f`` on ``cell`` facing ``facing``, covering its hexes (H-15)."""
    f.cell, f.facing = cell, facing
    if f.hexes > 1:
        kind = load_data().kinds[f.kind]
        cells = bigfigures.footprint(state.board, kind.shape, cell, facing)
        assert cells is not None
        f.footprint = cells
    else:
        f.footprint = [cell]


def move_options(state: HexState, fig_id: str, pos: Positions | None = None,
                 around: Near | None = None) -> MoveOptions:
    """H-2, H-3, T-6, H-8: every cell a figure can reach with the MP it has left.

    Climbing costs 1 MP a level on top of the 1 MP to enter; drops of at most H cost
    only the 1 MP; a bigger drop is a jump that ends the move with a fall roll.
    Entering a hex where an enemy engages the figure ends its move; a figure already
    engaged may only shift one hex. Worked out once for the figure and the figures that
    can bear on its move (:func:`around_mover`, ``around`` if known), wherever the others
    stand.
    """
    pos = state.positions() if pos is None else pos
    f = state.figures[fig_id]
    kept = at_position(state, pos)
    here = ("move at", fig_id, own_stats(f))
    cached = kept.get(here)
    if cached is not None:  # asked again at the same position: no neighbours to look up
        assert isinstance(cached, MoveOptions)
        return cached
    if around is None and len(state.figures) < NEIGHBOURHOOD_FROM:
        # few figures: the position is the key (see NEIGHBOURHOOD_FROM)
        opts = kept[here] = _move_options(state, f, pos, None)
        return opts
    around = around_mover(state, f, pos) if around is None else around
    key = ("move", around.key)
    cached = state.memo.get(key)
    if cached is None:
        make_room(state)
        cached = state.memo[key] = _move_options(state, f, pos, around)
    assert isinstance(cached, MoveOptions)
    kept[here] = cached
    return cached


def _settle(state: HexState, f: HexFigure, reach: Reach, occupied: dict[int, HexFigure]
            ) -> dict[int, int] | None:
    """H-15: the facing a multi-hex figure ends in each cell of ``reach`` it can stand
    in (None for a one-hex figure)."""
    if f.hexes <= 1:
        return None
    board = state.board
    settle: dict[int, int] = {}
    for c in reach.cells:
        if c == reach.start:
            continue
        path = reach.path(c)
        d = board.direction(path[-2], path[-1])
        s = settle_facing(state, f, c, f.facing if d is None else d, occupied)
        if s is not None:
            settle[c] = s
    return settle


def _jump_ways(state: HexState, f: HexFigure, reach: Reach, budget: int,
               settle: dict[int, int] | None, pos: Positions, occupied: set[int]
               ) -> dict[int, list[Jump]]:
    """H-3, H-8: every jump down ``f`` can make this turn, by the cell it lands in: from
    each cell of its walks beside a drop bigger than its climbing H, if the walk and
    the landing fit its MP (an engaged figure only from where it stands, T-6)."""
    board = state.board
    occ = crowd(state, pos).occupied
    drops = tables.jumps(state, heights.climbing_height(f))
    engaged = is_engaged(state, f, pos)
    entry = entry_list(state, f)
    costs, stops, start = reach.costs, reach.stops, reach.start
    ways: dict[int, list[Jump]] = {}
    falls_of: dict[int, tuple[int, float]] = {}
    # T-6: the engaged figure's shift is its one step: it jumps only from where it stands
    for c in filter(drops.__contains__, (start,) if engaged else reach.cells):
        cost = int(costs[c])  # reach.cost_of(c): every cell of reach.cells is reached
        if cost + 1 > budget or c in stops and c != start:
            continue
        for j, drop in drops[c]:
            if j in occupied or entry[j] == INF:
                continue
            landing = jump_cost(entry, j)
            if cost + landing > budget:
                continue
            if settle is not None and settle_facing(
                    state, f, j, board.direction(c, j) or 0, occ) is None:
                continue
            fall = falls_of.get(drop)
            if fall is None:
                fall = falls_of[drop] = falls.fall_odds(f, drop)
            band, p = fall
            ways.setdefault(j, []).append(Jump(cost + landing, c, drop, band, p))
    return ways


def _move_options(state: HexState, f: HexFigure, pos: Positions, around: Near | None
                  ) -> MoveOptions:
    budget = move_budget(f)
    occupied = others_cells(state, f, around, pos)
    reach = walking_reach(state, f, budget, pos, occupied)
    settle = _settle(state, f, reach, crowd(state, pos).occupied)
    ways = _jump_ways(state, f, reach, budget, settle, pos, occupied)
    jumps: dict[int, Jump] = {}
    for j, lst in ways.items():
        lst.sort(key=lambda x: (x.cost, x.levels, x.via))
        walk = reach.cost_of(j)
        if walk is None or (settle is not None and j not in settle) or lst[0].cost < walk:
            jumps[j] = lst[0]
    return MoveOptions(f.id, budget, reach, jumps, ways, settle)
