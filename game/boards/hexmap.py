"""Hex height maps: geometry only, no rules.

Cells are addressed three ways:

* a flat index ``i`` (``row * width + col``) used everywhere inside the engine, because
  it is an int that indexes numpy arrays and Python lists directly;
* offset coordinates ``(col, row)`` as Tiled stores them (rows staggered for pointy hexes,
  columns staggered for flat ones, odd or even);
* axial coordinates ``(q, r)`` (Red Blob Games' cube coordinates with ``s = -q - r``),
  where distance, directions and lines are simple.

Directions are numbered 0-5 in axial order ``(+1,0) (+1,-1) (0,-1) (-1,0) (-1,+1) (0,+1)``.
On a pointy map that is E, NE, NW, W, SW, SE; on a flat map SE, NE, N, NW, SW, S. A
figure's facing is one of these numbers.

Pixel positions are in *map pixels*, the units Tiled uses for the map and its objects, so
objects placed in Tiled fall in the hex they are drawn over; the UI scales them.
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Any, Literal, overload

import numpy as np
from numpy.typing import NDArray

from game.boards.hexes_dial import dial, dial_by_cost, dial_ring
from game.core.board import Outline
from game.core.frozen import quick_init
from game.core.once import once
from game.core.places import Cell, Place

Orientation = Literal["pointy", "flat"]
Stagger = Literal["odd", "even"]

AXIAL_DIRECTIONS: tuple[tuple[int, int], ...] = (
    (1, 0),
    (1, -1),
    (0, -1),
    (-1, 0),
    (-1, 1),
    (0, 1),
)
"""Axial (dq, dr) of the six directions, in facing order."""

VOID = -1
"""Level of a cell that is not part of the board (a hole in an irregular map)."""

INF = math.inf


UNREACHED = -1
"""Cost of a cell a :class:`Reach` did not get to (in :attr:`Reach.costs`)."""


class CellTable(Sequence[int]):
    """A per-cell table of a board of ``size`` cells that keeps only the cells it was
    given (``keys``, with their ``vals`` in the same order): every other cell reads
    ``default``. What a small search (:meth:`HexMap.reach` within a figure's MA) keeps,
    so its memory is the few hundred cells it reached, not the board (a 128 x 128 board
    has 16,384 cells). The dictionary :attr:`values` is made the first time a cell is
    read (many searches are only asked which cells they reached)."""

    __slots__ = ("keys", "vals", "size", "default", "_values")

    def __init__(self, keys: Sequence[int], vals: Sequence[int], size: int,
                 default: int) -> None:
        self.keys, self.vals, self.size, self.default = keys, vals, size, default
        self._values: dict[int, int] | None = None

    @property
    def values(self) -> dict[int, int]:
        """Cell -> value of the cells given, in their order."""
        found = self._values
        if found is None:
            found = self._values = dict(zip(self.keys, self.vals, strict=True))
        return found

    def __len__(self) -> int:
        return self.size

    @overload
    def __getitem__(self, i: int) -> int: ...

    @overload
    def __getitem__(self, i: slice) -> Sequence[int]: ...

    def __getitem__(self, i: int | slice) -> int | Sequence[int]:
        if isinstance(i, slice):
            return [self[k] for k in range(*i.indices(self.size))]
        if not -self.size <= i < self.size:
            raise IndexError(i)
        return self.values.get(i % self.size, self.default)


@quick_init
@dataclass(frozen=True, eq=False)
class Reach:
    """Where a mover can get to from ``start`` within a budget, and how.

    The search keeps per-cell tables (:attr:`costs`, :attr:`before`: a small search only
    the cells it reached, :class:`CellTable`) and the reached cells cheapest first
    (:attr:`cells`); the dictionaries :attr:`cost` and :attr:`ends` are built from them
    the first time they are asked for.
    """

    start: int
    order: list[int] | None
    """The reached cells cheapest first, if the search kept them (else see :attr:`cells`)."""
    costs: Sequence[float]
    """Cost of every cell of the board by index; a cell was reached if its cost is
    between 0 and :attr:`budget` (:data:`UNREACHED` or more than the budget if not)."""
    before: Sequence[int]
    """The cell before each reached cell on its cheapest path (-1 for the start)."""
    budget: int = 0
    stops: frozenset[int] = frozenset()
    """The ``stop`` cells of the search (entered, never left)."""

    @once
    def cells(self) -> list[int]:
        """Every reached cell, cheapest first (the start first; ties by cell)."""
        if self.order is not None:
            return self.order
        c = np.asarray(self.costs)
        by_cost = np.argsort(c, kind="stable")
        return by_cost[:int(np.count_nonzero((c >= 0) & (c <= self.budget)))].tolist()

    @once
    def cost(self) -> dict[int, int]:
        """Cheapest cost of every reachable cell (the start costs 0), cheapest first."""
        c = self.costs
        if isinstance(c, CellTable):  # the reached cells only, cheapest first already
            return dict(zip(c.keys, c.vals, strict=True))
        if self.order is not None and isinstance(c, list):  # whole numbers already
            return dict(zip(self.order, map(c.__getitem__, self.order), strict=True))
        return {i: int(c[i]) for i in self.cells}

    @once
    def ends(self) -> dict[int, int]:
        """Cells that may be entered but not left (the path stops there), with their cost."""
        c, start, budget = self.costs, self.start, self.budget
        if isinstance(c, list):  # whole numbers already, one per cell of the board
            return {i: c[i] for i in self.stops if i != start and 0 <= c[i] <= budget}
        return {i: int(c[i]) for i in self.stops
                if i != start and self.cost_of(i) is not None}

    def cost_of(self, cell: int) -> int | None:
        """The cost of ``cell``, or None if it was not reached."""
        if not 0 <= cell < len(self.costs):
            return None
        v = self.costs[cell]
        return int(v) if 0 <= v <= self.budget else None

    def path(self, to: int) -> list[int]:
        """Cells from the start to ``to`` inclusive; empty if ``to`` is not reachable."""
        if self.cost_of(to) is None:
            return []
        out = [to]
        b = self.before
        while out[-1] != self.start:
            out.append(int(b[out[-1]]))
        out.reverse()
        return out


class Steps(list[tuple[tuple[int, int], ...]]):
    """The ``(cell, cost)`` steps possible from each cell (what :meth:`HexMap.reach`
    walks), with the same table as a sparse matrix kept for large searches. Each cell's
    steps are a tuple of tuples of numbers, which the garbage collector stops looking at
    (a 128 x 128 board's table is a hundred thousand steps, kept for the whole match)."""

    graph: Any = None
    """scipy CSR matrix of the steps, built on first use (see :meth:`HexMap.reach`)."""
    widest: int = 1
    """The largest single step cost."""
    incoming: list[list[int]] | None = None
    """For each cell, the positions in the matrix's data of the steps into it."""
    reverse: Any = None
    """:attr:`graph` transposed (each step taken backwards), built on first use (see
    :meth:`HexMap.costs_to`)."""
    by_cost: list[tuple[tuple[int, tuple[int, ...]], ...]] | None = None
    """For each cell, its steps by cost: ``(cost, cells)`` pairs, the cells of a cost in
    the order the steps list them (built on first use: see :meth:`grouped`)."""

    def grouped(self) -> list[tuple[tuple[int, tuple[int, ...]], ...]]:
        """:attr:`by_cost`, built the first time it is asked for."""
        found = self.by_cost
        if found is None:
            found = []
            for row in self:
                costs: dict[int, list[int]] = {}
                for j, w in row:
                    costs.setdefault(w, []).append(j)
                found.append(tuple((w, tuple(js)) for w, js in costs.items()))
            self.by_cost = found
        return found

    def matrix(self) -> Any:
        """:attr:`graph`, built the first time it is asked for (with :attr:`incoming`)."""
        from scipy.sparse import csr_matrix

        g = self.graph
        if g is None:
            indptr = [0]
            indices: list[int] = []
            data: list[float] = []
            incoming: list[list[int]] = [[] for _ in range(len(self))]
            for row in self:
                for j, w in row:
                    incoming[j].append(len(indices))
                    indices.append(j)
                    data.append(float(w))
                indptr.append(len(indices))
            n = len(self)
            g = csr_matrix((np.array(data), np.array(indices, dtype=np.int32),
                            np.array(indptr, dtype=np.int32)), shape=(n, n))
            self.graph, self.incoming = g, incoming
        return g

    def reversed_matrix(self) -> Any:
        """:attr:`reverse`, built the first time it is asked for."""
        if self.reverse is None:
            self.reverse = self.matrix().T.tocsr()
        return self.reverse


SMALL_BUDGET = 40
"""Reaches with at most this budget are walked in Python (Dial's buckets); larger ones
(a whole map) go to scipy's compiled Dijkstra, which has a fixed cost of its own."""


def _bearing(dq: int, dr: int) -> int:
    """Direction 0-5 closest to the axial offset ``(dq, dr)`` (not both 0)."""
    if dq == 0 and dr == 0:
        raise ValueError("bearing of a cell to itself")
    # cube vector, then the direction with the largest dot product
    x, z = dq, dr
    y = -x - z
    best, best_dot = 0, -INF
    for d, (ddq, ddr) in enumerate(AXIAL_DIRECTIONS):
        dx, dz = ddq, ddr
        dy = -dx - dz
        dot = x * dx + y * dy + z * dz
        if dot > best_dot:
            best, best_dot = d, dot
    return best


SMALL_BOARD = 4096
"""Boards of up to this many cells (64 x 64) keep a small search's board-sized lists in its
:class:`Reach` (at most 64 KB, quicker to make than a :class:`CellTable` of the reached
cells); larger ones keep only the cells reached."""


class HexMap:
    """A hex board of ``width x height`` cells, each a stack of ``level`` tiles.

    ``levels`` and ``terrain`` are numpy arrays of shape ``(height, width)`` (row major,
    like Tiled's layers). ``terrain`` holds indices into ``terrain_names``. A level of
    ``VOID`` marks a cell that is not on the board.
    """

    def __init__(
        self,
        levels: NDArray[np.integer] | Sequence[Sequence[int]],
        terrain: NDArray[np.integer] | Sequence[Sequence[int]] | None = None,
        terrain_names: Sequence[str] = ("grass",),
        *,
        orientation: Orientation = "pointy",
        stagger: Stagger = "odd",
        tile_width: int = 64,
        tile_height: int = 64,
        side_length: int | None = None,
        name: str = "",
    ) -> None:
        lv = np.asarray(levels, dtype=np.int16)
        if lv.ndim != 2 or lv.size == 0:
            raise ValueError("levels must be a non-empty 2-D array")
        tr = np.zeros_like(lv, dtype=np.uint8) if terrain is None else np.asarray(terrain)
        if tr.shape != lv.shape:
            raise ValueError(f"terrain shape {tr.shape} differs from levels {lv.shape}")
        if orientation not in ("pointy", "flat"):
            raise ValueError(f"orientation must be 'pointy' or 'flat', not {orientation!r}")
        if stagger not in ("odd", "even"):
            raise ValueError(f"stagger must be 'odd' or 'even', not {stagger!r}")
        if len(terrain_names) == 0 or (tr.size and int(tr.max()) >= len(terrain_names)):
            raise ValueError("terrain codes must index terrain_names")
        self.name = name
        self.height, self.width = lv.shape
        self.n = self.width * self.height
        self.orientation: Orientation = orientation
        self.stagger: Stagger = stagger
        self.levels = lv
        self.levels.setflags(write=False)
        self.terrain = tr.astype(np.uint8)
        self.terrain.setflags(write=False)
        self.terrain_names = tuple(terrain_names)
        self.tile_width = tile_width
        self.tile_height = tile_height
        if side_length is None:
            side_length = tile_height // 2 if orientation == "pointy" else tile_width // 2
        self.side_length = side_length
        # flat views for fast per-cell access in Python loops
        self.level_list: list[int] = [int(v) for v in lv.ravel()]
        self.exists = lv.ravel() != VOID
        w = self.width
        self._axial = [self._offset_to_axial(i % w, i // w) for i in range(self.n)]
        self._by_axial = {a: i for i, a in enumerate(self._axial)}
        nb = np.full((self.n, 6), -1, dtype=np.int32)
        for i, (q, r) in enumerate(self._axial):
            if not self.exists[i]:
                continue
            for d, (dq, dr) in enumerate(AXIAL_DIRECTIONS):
                j = self._by_axial.get((q + dq, r + dr))
                if j is not None and self.exists[j]:
                    nb[i, d] = j
        self.neighbour_table = nb
        self.neighbour_table.setflags(write=False)
        self._nbrs: list[tuple[int, ...]] = [tuple(int(j) for j in row if j >= 0) for row in nb]
        self._nbr_dirs: list[tuple[tuple[int, int], ...]] = [
            tuple((d, int(j)) for d, j in enumerate(row) if j >= 0) for row in nb
        ]
        self._dir_to: dict[int, int] | None = {
            i * self.n + j: d for i, row in enumerate(self._nbr_dirs) for d, j in row
        } if self.n <= SMALL_BOARD else None
        """Direction from cell ``i`` to its neighbour ``j``, by ``i * n + j`` (one flat
        table of ints, which the garbage collector leaves alone); a small board's only
        (a large one's would hold a hundred thousand ints)."""
        self._nbr_by_dir: list[tuple[int | None, ...]] = [
            tuple(int(j) if j >= 0 else None for j in row) for row in nb]
        """:attr:`neighbour_table` as plain ints (None off the board), for quick lookups."""
        self._fronts: dict[int, tuple[int, ...]] = {}
        """:meth:`front` by ``cell * 6 + facing``, as asked for."""
        self._bearings: dict[tuple[int, int], int] = {}
        """:meth:`bearing` by axial offset, as asked for."""

    # ------------------------------------------------------------------ addressing
    def __repr__(self) -> str:
        return f"HexMap({self.name!r}, {self.width}x{self.height}, {self.orientation})"

    def index(self, col: int, row: int) -> int:
        """Flat index of offset cell ``(col, row)``; ValueError if off the map."""
        if not (0 <= col < self.width and 0 <= row < self.height):
            raise ValueError(f"({col}, {row}) is off the {self.width}x{self.height} map")
        return row * self.width + col

    def offset(self, i: int) -> tuple[int, int]:
        """Offset ``(col, row)`` of flat index ``i``."""
        return i % self.width, i // self.width

    def label(self, i: int) -> str:
        """How a cell is named to players: its Tiled column and row."""
        c, r = self.offset(i)
        return f"({c},{r})"

    def axial(self, i: int) -> tuple[int, int]:
        """Axial ``(q, r)`` of flat index ``i``."""
        return self._axial[i]

    def from_axial(self, q: int, r: int) -> int | None:
        """Flat index of axial ``(q, r)``, or None if it is not on the map."""
        return self._by_axial.get((q, r))

    def on_board(self, i: int) -> bool:
        """True if ``i`` is a real cell (in range and not void)."""
        return 0 <= i < self.n and bool(self.exists[i])

    def cells(self) -> Iterable[int]:
        """Every real cell, in index order."""
        return (i for i in range(self.n) if self.exists[i])

    def level(self, i: int) -> int:
        """Number of tiles stacked in cell ``i``."""
        return self.level_list[i]

    def terrain_of(self, i: int) -> str:
        """Terrain name of cell ``i``."""
        return self.terrain_names[int(self.terrain.flat[i])]

    def _offset_to_axial(self, col: int, row: int) -> tuple[int, int]:
        odd = self.stagger == "odd"
        if self.orientation == "pointy":
            shift = (row - (row & 1)) // 2 if odd else (row + (row & 1)) // 2
            return col - shift, row
        shift = (col - (col & 1)) // 2 if odd else (col + (col & 1)) // 2
        return col, row - shift

    # ------------------------------------------------------------------ neighbours
    def neighbours(self, i: int) -> tuple[int, ...]:
        """Real cells adjacent to ``i``."""
        return self._nbrs[i]

    def neighbours_with_direction(self, i: int) -> tuple[tuple[int, int], ...]:
        """``(direction, cell)`` for every real neighbour of ``i``."""
        return self._nbr_dirs[i]

    def neighbour(self, i: int, direction: int) -> int | None:
        """The cell in ``direction`` (0-5) from ``i``, or None off the board."""
        return self._nbr_by_dir[i][direction % 6]

    def direction(self, a: int, b: int) -> int | None:
        """Direction 0-5 from ``a`` to adjacent ``b``; None if not adjacent."""
        table, n = self._dir_to, self.n
        if table is not None:
            return table.get(a * n + b) if 0 <= a < n and 0 <= b < n else None
        for d, j in self._nbr_dirs[a]:
            if j == b:
                return d
        return None

    def front(self, i: int, facing: int) -> tuple[int, ...]:
        """The real cells in directions ``facing - 1``, ``facing`` and ``facing + 1`` from
        ``i``, in that order (worked out once per cell and facing)."""
        key = i * 6 + facing % 6
        found = self._fronts.get(key)
        if found is None:
            row = self._nbr_by_dir[i]
            found = self._fronts[key] = tuple(
                j for j in (row[(facing - 1) % 6], row[facing % 6], row[(facing + 1) % 6])
                if j is not None)
        return found

    def bearing(self, a: int, b: int) -> int:
        """Direction 0-5 closest to the line from ``a`` towards any other cell ``b``."""
        (q1, r1), (q2, r2) = self._axial[a], self._axial[b]
        key = (q2 - q1, r2 - r1)
        found = self._bearings.get(key)
        if found is None:
            found = self._bearings[key] = _bearing(*key)
        return found

    def distance(self, a: int, b: int) -> int:
        """Number of steps between cells ``a`` and ``b`` ignoring levels."""
        (q1, r1), (q2, r2) = self._axial[a], self._axial[b]
        dq, dr = q1 - q2, r1 - r2
        return (abs(dq) + abs(dr) + abs(dq + dr)) // 2

    def line(self, a: int, b: int) -> list[int]:
        """Cells on the straight line from ``a`` to ``b`` inclusive (Red Blob linedraw).

        A tiny nudge breaks ties consistently; cells off the board are skipped.
        """
        (q1, r1), (q2, r2) = self._axial[a], self._axial[b]
        n = self.distance(a, b)
        if n == 0:
            return [a]
        out: list[int] = []
        for k in range(n + 1):
            t = k / n
            q = q1 + (q2 - q1) * t + 1e-6
            r = r1 + (r2 - r1) * t + 1e-6
            j = self.from_axial(*_cube_round(q, r))
            if j is not None and (not out or out[-1] != j):
                out.append(j)
        return out

    # ------------------------------------------------------------------ pixels
    def _row_step(self) -> float:
        return (self.tile_height + self.side_length) / 2

    def _col_step(self) -> float:
        return (self.tile_width + self.side_length) / 2

    @property
    def pixel_size(self) -> tuple[int, int]:
        """Width and height of the whole map in map pixels (as Tiled computes it)."""
        if self.orientation == "pointy":
            w = self.width * self.tile_width + self.tile_width // 2
            h = (self.height - 1) * self._row_step() + self.tile_height
        else:
            w = (self.width - 1) * self._col_step() + self.tile_width
            h = self.height * self.tile_height + self.tile_height // 2
        return int(w), int(math.ceil(h))

    def _staggered(self, k: int) -> bool:
        return (k % 2 == 1) if self.stagger == "odd" else (k % 2 == 0)

    def center(self, i: int) -> tuple[float, float]:
        """Centre of cell ``i`` in map pixels."""
        col, row = self.offset(i)
        w, h = self.tile_width, self.tile_height
        if self.orientation == "pointy":
            x = col * w + w / 2 + (w / 2 if self._staggered(row) else 0)
            y = row * self._row_step() + h / 2
        else:
            x = col * self._col_step() + w / 2
            y = row * h + h / 2 + (h / 2 if self._staggered(col) else 0)
        return x, y

    def corners(self, i: int) -> list[tuple[float, float]]:
        """The six corners of cell ``i`` in map pixels, clockwise from the top/left."""
        cx, cy = self.center(i)
        w, h, s = self.tile_width, self.tile_height, self.side_length
        if self.orientation == "pointy":
            pts = [(0, -h / 2), (w / 2, -s / 2), (w / 2, s / 2), (0, h / 2),
                   (-w / 2, s / 2), (-w / 2, -s / 2)]
        else:
            pts = [(-s / 2, -h / 2), (s / 2, -h / 2), (w / 2, 0), (s / 2, h / 2),
                   (-s / 2, h / 2), (-w / 2, 0)]
        return [(cx + x, cy + y) for x, y in pts]

    # ------------------------------------------------------------------ the Board protocol
    def bounds(self) -> tuple[float, float, float, float]:
        """The whole map in map pixels, as Tiled draws it."""
        w, h = self.pixel_size
        return 0.0, 0.0, float(w), float(h)

    def outlines(self) -> tuple[Outline, ...]:
        """Every real cell's hexagon, labelled with its column and row."""
        found = self.__dict__.get("_outlines")
        if found is None:
            found = self.__dict__["_outlines"] = tuple(
                Outline(tuple(self.corners(i)), True, "hex", self.label(i))
                for i in self.cells())
        return found

    def locate(self, place: Place) -> tuple[float, float] | None:
        """The centre of a cell of this map, in map pixels."""
        return self.center(place.index) if isinstance(place, Cell) and \
            self.on_board(place.index) else None

    def has_place(self, place: Place) -> bool:
        """A real cell of this map."""
        return isinstance(place, Cell) and self.on_board(place.index)

    def direction_name(self, direction: int) -> str:
        """Compass name of a direction on this map: E, NE... (pointy) or SE, NE, N... (flat)."""
        names = (("E", "NE", "NW", "W", "SW", "SE") if self.orientation == "pointy"
                 else ("SE", "NE", "N", "NW", "SW", "S"))
        return names[direction % 6]

    def direction_vector(self, direction: int) -> tuple[float, float]:
        """Unit vector on screen (y down) pointing from a cell towards its neighbour."""
        a = self.orientation == "pointy"
        angle = (0 if a else 30) - 60 * (direction % 6)
        rad = math.radians(angle)
        return math.cos(rad), math.sin(rad)

    def cell_at(self, x: float, y: float) -> int | None:
        """The real cell under map pixel ``(x, y)``, or None."""
        w, h = self.tile_width, self.tile_height
        if self.orientation == "pointy":
            row_f = (y - h / 2) / self._row_step()
            guess_row = int(round(row_f))
            guess_col = int(round((x - w / 2 - (w / 2 if self._staggered(guess_row) else 0)) / w))
        else:
            col_f = (x - w / 2) / self._col_step()
            guess_col = int(round(col_f))
            guess_row = int(round((y - h / 2 - (h / 2 if self._staggered(guess_col) else 0)) / h))
        best, best_d = None, INF
        for dc in (-1, 0, 1):
            for dr in (-1, 0, 1):
                c, r = guess_col + dc, guess_row + dr
                if not (0 <= c < self.width and 0 <= r < self.height):
                    continue
                i = r * self.width + c
                if not self.exists[i] or not _inside(self.corners(i), x, y):
                    continue
                cx, cy = self.center(i)
                d = (cx - x) ** 2 + (cy - y) ** 2
                if d < best_d:
                    best, best_d = i, d
        return best

    # ------------------------------------------------------------------ movement
    def reach(
        self,
        start: int,
        budget: int,
        edges: Sequence[Sequence[tuple[int, int]]],
        *,
        blocked: set[int] | frozenset[int] = frozenset(),
        stop: set[int] | frozenset[int] = frozenset(),
    ) -> Reach:
        """Cheapest costs from ``start`` to every cell within ``budget``.

        ``edges[i]`` lists the ``(cell, cost)`` steps possible from cell ``i``, costs
        being whole numbers >= 1 (build it once per cost rule and reuse it: see
        :meth:`step_edges`). ``blocked`` cells cannot be entered; ``stop`` cells can be
        entered but not left (the start itself may always be left).

        A small budget (a figure's MA) is searched with Dial's algorithm: a bucket per
        cost up to the budget (:func:`~game.boards.hexes_dial.dial`; over a small board's
        :class:`Steps`, each cell's steps by cost, :func:`~game.boards.hexes_dial.dial_by_cost`). A
        large one (no MA limit, a whole map) goes to scipy's compiled Dijkstra over the
        same steps (:class:`Steps` keeps the matrix), with the ``stop`` and ``blocked``
        steps cut from a copy of its weights; over plain lists of steps, to Dial's ring of
        buckets (:func:`~game.boards.hexes_dial.dial_ring`).
        """
        stops = frozenset(stop)
        if budget > SMALL_BUDGET and isinstance(edges, Steps):
            return self._reach_sparse(start, budget, edges, blocked, stops)
        big = budget + 1
        n = len(edges)
        best = [big] * n
        before = [-1] * n
        for j in blocked:
            best[j] = -1  # never improved on: never entered
        best[start] = 0
        ends = stops - {start}
        if budget > SMALL_BUDGET:  # (steps that are not a Steps: no matrix)
            widest = max((w for row in edges for _j, w in row), default=1)
            cells = dial_ring(start, budget, edges, widest + 1, best, before, ends)
        elif isinstance(edges, Steps) and n <= SMALL_BOARD:
            # (a large board's steps are not regrouped: that pass over every cell would
            # cost more than the searches of a turn save)
            cells = dial_by_cost(start, budget, edges.grouped(), best, before, ends)
        else:
            cells = dial(start, budget, edges, best, before, ends)
        return self._reached(start, budget, stops, blocked, cells, best, before)

    @staticmethod
    def _reached(start: int, budget: int, stops: frozenset[int],
                 blocked: set[int] | frozenset[int], cells: list[int], best: list[int],
                 before: list[int]) -> Reach:
        """:meth:`reach`'s answer from its board-sized tables."""
        # a small board keeps its board-sized lists (quicker than tables of the reached
        # cells); on a larger one only the reached cells are kept, and the board-sized
        # lists go with this call
        # (every settled cell has a cost of 0 or more: a blocked one is never settled)
        n = len(best)
        big = budget + 1
        if n <= SMALL_BOARD:
            for j in blocked:
                best[j] = big
            return Reach(start, cells, best, before, budget, stops)
        costs = CellTable(cells, list(map(best.__getitem__, cells)), n, big)
        rest = cells[1:]
        ways = CellTable(rest, list(map(before.__getitem__, rest)), n, -1)
        return Reach(start, cells, costs, ways, budget, stops)

    def _reach_sparse(self, start: int, budget: int, edges: Steps,
                      blocked: set[int] | frozenset[int], stops: frozenset[int]) -> Reach:
        from scipy.sparse import csr_matrix
        from scipy.sparse.csgraph import dijkstra

        g = edges.matrix()
        if blocked or stops:
            weights = g.data.copy()
            ptr = g.indptr
            for i in stops:
                if i != start:
                    weights[ptr[i]:ptr[i + 1]] = np.inf
            assert edges.incoming is not None
            for j in blocked:
                weights[edges.incoming[j]] = np.inf
            g = csr_matrix((weights, g.indices, g.indptr), shape=g.shape)
        dist, pred, _ = dijkstra(g, indices=start, return_predecessors=True,
                                 limit=float(budget), min_only=True)
        return Reach(start, None, dist, pred, budget, stops)

    def costs_to(self, edges: Steps, targets: Sequence[int]) -> NDArray[np.float64]:
        """Every cell's cheapest cost to walk by ``edges`` to the nearest of ``targets``
        (``inf`` where none can be reached; every cell's when ``targets`` is empty): one
        compiled Dijkstra over the steps taken backwards."""
        if not targets:
            return np.full(self.n, np.inf)
        from scipy.sparse.csgraph import dijkstra

        dist: NDArray[np.float64] = dijkstra(edges.reversed_matrix(), indices=list(targets),
                                             min_only=True)
        return dist

    def step_edges(self, cost: NDArray[np.integer] | NDArray[np.floating]) -> Steps:
        """Turn a ``(n, 6)`` array of step costs by direction (``inf`` or negative where a
        step is impossible) into the ``edges`` lists :meth:`reach` takes."""
        out = Steps()
        nb = self.neighbour_table.tolist()
        rows = np.asarray(cost, dtype=np.float64).tolist()
        widest = 1
        for i in range(self.n):
            row = tuple((j, int(w)) for j, w in zip(nb[i], rows[i], strict=True)
                        if j >= 0 and 0 <= w < INF)
            out.append(row)
            for _j, w in row:
                widest = max(widest, w)
        out.widest = widest
        return out

    # ------------------------------------------------------------------ line of sight
    def line_of_sight(self, a: int, za: float, b: int, zb: float) -> bool:
        """True if a straight line from height ``za`` above ``a``'s floor level...

        More exactly: from the point at absolute height ``level(a) + za`` over the centre
        of ``a`` to ``level(b) + zb`` over ``b``, no cell in between rises to or above the
        line where the line crosses it. Heights are in levels (tile sides).
        """
        return bool(self.lines_of_sight([a], [za], [b], [zb])[0])

    def lines_of_sight(
        self,
        a: Sequence[int] | NDArray[np.integer],
        za: float | Sequence[float] | NDArray[np.floating],
        b: Sequence[int] | NDArray[np.integer],
        zb: float | Sequence[float] | NDArray[np.floating],
        samples_per_hex: int = 1,
    ) -> NDArray[np.bool_]:
        """Batched :meth:`line_of_sight`: one bool per (a, b) pair, computed with numpy.

        The segment is sampled at the cells of the hex line between the two centres
        (Red Blob's linedraw with its tiny nudge, rounded relative to the start so that
        every line of the same offset crosses the same hexes; ``samples_per_hex`` > 1 samples more
        finely), and the sight is blocked if any cell other than the two ends has its top
        at or above the line's height there. Pairs are grouped by distance so each group
        is one dense numpy computation.
        """
        a = np.asarray(a, dtype=np.int64)
        b = np.asarray(b, dtype=np.int64)
        za = np.broadcast_to(np.asarray(za, dtype=np.float64), a.shape)
        zb = np.broadcast_to(np.asarray(zb, dtype=np.float64), b.shape)
        axial = self._axial_array()
        lv = self.levels.ravel().astype(np.float64)
        qa, ra = axial[a, 0], axial[a, 1]
        qb, rb = axial[b, 0], axial[b, 1]
        ha = lv[a] + za
        hb = lv[b] + zb
        dist = (np.abs(qa - qb) + np.abs(ra - rb) + np.abs(qa + ra - qb - rb)) // 2
        out = np.ones(a.shape, dtype=bool)
        for d in np.unique(dist):
            if d <= 1:
                continue
            k = np.nonzero(dist == d)[0]
            steps = int(d) * samples_per_hex
            t = (np.arange(1, steps) / steps)[None, :]
            # rounded relative to the start, as every line of the same offset is drawn
            q = (qb[k] - qa[k])[:, None] * t + 1e-6
            r = (rb[k] - ra[k])[:, None] * t + 1e-6
            qi, ri = _cube_round_arrays(q, r)
            qi, ri = qi + qa[k, None], ri + ra[k, None]
            cells = self._axial_lookup(qi, ri)
            z = ha[k, None] + (hb[k] - ha[k])[:, None] * t
            top = np.where(cells >= 0, lv[np.maximum(cells, 0)], -np.inf)
            inner = (cells != a[k, None]) & (cells != b[k, None])
            out[k] = ~np.any(inner & (top >= z), axis=1)
        return out

    def sight(self, a: int, za: float, b: int, zb: float) -> list[tuple[int, float]]:
        """The cells a straight sight line from ``za`` over ``a`` to ``zb`` over ``b``
        (heights above each cell's floor, in levels) passes over, between the two ends,
        in order, each with the line's absolute height there: the same samples as
        :meth:`lines_of_sight`, for a front end to draw and the rules to look along."""
        n = self.distance(a, b)
        if n <= 1:
            return []
        (qa, ra), (qb, rb) = self._axial[a], self._axial[b]
        t = np.arange(1, n) / n
        qi, ri = _cube_round_arrays((qb - qa) * t + 1e-6, (rb - ra) * t + 1e-6)
        qi, ri = qi + qa, ri + ra
        self._axial_array()
        cells = self._axial_lookup(qi, ri)
        ha, hb = self.level_list[a] + za, self.level_list[b] + zb
        z = ha + (hb - ha) * t
        return [(int(c), float(h)) for c, h in zip(cells.tolist(), z.tolist(), strict=True)
                if c >= 0]

    def visibility(self, a: int, za: float, zb: float,
                   tops: NDArray[np.floating] | None = None) -> NDArray[np.bool_]:
        """For every cell ``b`` of the board, whether the sight line from ``za`` over ``a``
        to ``zb`` over ``b`` is clear (as :meth:`lines_of_sight`), in one pass.

        The hexes a line crosses depend only on the offset between its ends, so the lines
        of every offset the board can hold are drawn once per board (:meth:`_templates`)
        and looked up here. ``tops`` replaces the cells' levels as the heights that block
        (e.g. a level with a wall on it); by default the levels.
        """
        starts, lengths, oq, orr, ts = self._templates()
        self._axial_array()
        ax = self._axial_np
        qa, ra = self._axial[a]
        n = self.n
        dq = ax[:, 0] - qa + self._span_q
        dr = ax[:, 1] - ra + self._span_r
        key = dq * self._span_w + dr
        st, ln = starts[key], lengths[key]
        total = int(ln.sum())
        out = np.ones(n, dtype=bool)
        if total == 0:
            return out & self.exists
        owner = np.repeat(np.arange(n), ln)
        first = np.repeat(np.cumsum(ln) - ln, ln)
        idx = np.repeat(st, ln) + (np.arange(total) - first)
        cells = self._axial_lookup(oq[idx] + qa, orr[idx] + ra)
        lv = self.levels.ravel().astype(np.float64) if tops is None else np.asarray(tops)
        top = np.where(cells >= 0, lv[np.maximum(cells, 0)], -np.inf)
        ha = lv[a] + za if tops is None else self.level_list[a] + za
        hb = self.levels.ravel().astype(np.float64) + zb
        z = ha + (hb[owner] - ha) * ts[idx]
        hit = top >= z
        blocked = np.zeros(n, dtype=bool)
        np.logical_or.at(blocked, owner[hit], True)
        out &= ~blocked
        return out & self.exists

    def _templates(self) -> tuple[NDArray[np.int64], NDArray[np.int64], NDArray[np.int64],
                                  NDArray[np.int64], NDArray[np.float64]]:
        """The inner hexes of the line of every offset ``(dq, dr)`` the board can hold,
        drawn as :meth:`lines_of_sight` draws them: for offset key ``k``, entries
        ``starts[k]`` to ``starts[k] + lengths[k]`` of ``(oq, or, t)``."""
        cached = getattr(self, "_tmpl", None)
        if cached is not None:
            return cached
        self._axial_array()
        ax = self._axial_np
        sq = int(ax[:, 0].max() - ax[:, 0].min())
        sr = int(ax[:, 1].max() - ax[:, 1].min())
        self._span_q, self._span_r, self._span_w = sq, sr, 2 * sr + 1
        gq, gr = np.meshgrid(np.arange(-sq, sq + 1), np.arange(-sr, sr + 1), indexing="ij")
        dq, dr = gq.ravel(), gr.ravel()
        dist = (np.abs(dq) + np.abs(dr) + np.abs(dq + dr)) // 2
        lengths = np.maximum(dist - 1, 0)
        starts = np.cumsum(lengths) - lengths
        total = int(lengths.sum())
        owner = np.repeat(np.arange(len(dq)), lengths)
        k = np.arange(total) - np.repeat(starts, lengths) + 1
        t = k / dist[owner]
        q = dq[owner] * t + 1e-6
        r = dr[owner] * t + 1e-6
        qi, ri = _cube_round_arrays(q, r)
        self._tmpl = (starts.astype(np.int64), lengths.astype(np.int64), qi, ri,
                      t.astype(np.float64))
        return self._tmpl

    def _axial_array(self) -> NDArray[np.int64]:
        arr = getattr(self, "_axial_np", None)
        if arr is None:
            arr = np.array(self._axial, dtype=np.int64)
            self._axial_np = arr
            qs, rs = arr[:, 0], arr[:, 1]
            self._q0, self._r0 = int(qs.min()), int(rs.min())
            grid = np.full((int(qs.max()) - self._q0 + 1, int(rs.max()) - self._r0 + 1), -1,
                           dtype=np.int64)
            real = self.exists
            grid[qs[real] - self._q0, rs[real] - self._r0] = np.nonzero(real)[0]
            self._grid = grid
        return arr

    def _axial_lookup(self, q: NDArray[np.int64], r: NDArray[np.int64]) -> NDArray[np.int64]:
        grid = self._grid
        qq, rr = q - self._q0, r - self._r0
        ok = (qq >= 0) & (qq < grid.shape[0]) & (rr >= 0) & (rr < grid.shape[1])
        out = np.full(q.shape, -1, dtype=np.int64)
        out[ok] = grid[qq[ok], rr[ok]]
        return out


def _cube_round(q: float, r: float) -> tuple[int, int]:
    s = -q - r
    rq, rr, rs = round(q), round(r), round(s)
    dq, dr, ds = abs(rq - q), abs(rr - r), abs(rs - s)
    if dq > dr and dq > ds:
        rq = -rr - rs
    elif dr > ds:
        rr = -rq - rs
    return int(rq), int(rr)


def _cube_round_arrays(
    q: NDArray[np.floating], r: NDArray[np.floating]
) -> tuple[NDArray[np.int64], NDArray[np.int64]]:
    s = -q - r
    rq, rr, rs = np.round(q), np.round(r), np.round(s)
    dq, dr, ds = np.abs(rq - q), np.abs(rr - r), np.abs(rs - s)
    fix_q = (dq > dr) & (dq > ds)
    fix_r = ~fix_q & (dr > ds)
    rq = np.where(fix_q, -rr - rs, rq)
    rr = np.where(fix_r, -rq - rs, rr)
    return rq.astype(np.int64), rr.astype(np.int64)


def _inside(poly: Sequence[tuple[float, float]], x: float, y: float) -> bool:
    inside = False
    n = len(poly)
    for k in range(n):
        x1, y1 = poly[k]
        x2, y2 = poly[(k + 1) % n]
        if (y1 > y) != (y2 > y):
            xc = x1 + (y - y1) * (x2 - x1) / (y2 - y1)
            if x <= xc:
                inside = not inside
    return inside
