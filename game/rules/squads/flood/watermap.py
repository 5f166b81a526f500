"""Where the flood's water goes in a sewer (F-1, F-4, F-7): a pure reading of the board.

The water starts at the origin (F-1) and spreads along the corridors' middle lines,
through the forks and through grates; sluice gates and cave-ins hold it back
(flood.toml [flooded]). :class:`WaterMap` works that out once per board:

* the ways out of the origin (:attr:`WaterMap.ways`): the two ways along its corridor, or
  every arm of the fork it lies on, clockwise from north; each is a *half* of the flood
  (F-1: a central origin's halves are resolved one after the other);
* for any corridor position, the water's distance from the origin there, the half it
  belongs to and the way the water flows (:meth:`WaterMap.flow`: downstream is where the
  water's distance grows, F-4);
* at a fork (or at the origin itself) the downstream arms and the d6 that picks among
  them (:meth:`WaterMap.split`, :class:`ForkSplit`), known before the roll so a front
  end can show it;
* the flooded stretches (:meth:`WaterMap.flooded`, F-7) as ``(corridor, from, to)`` in
  hundredths of an inch along the corridor;
* the walls a carried model stops at (:meth:`WaterMap.walls`): the grates, sluice gates
  and cave-ins (impassable during the flood, F-1) and every dead end's wall.

Geometry only; the dice and the models are :mod:`.wash`'s and :mod:`.water`'s.
"""

from __future__ import annotations

import heapq
import math
import weakref
from dataclasses import dataclass
from fractions import Fraction

from game.boards.corridors import SNAP, XY, Arm, Corridors, Heading
from game.physics import Wall

ORIGIN = -1
"""The node of the origin when it does not lie on a fork (forks are 0, 1, ...)."""
AT_NODE = 0.05
"""How close (in inches) a position must be to a fork or the origin to stand on it."""
STEP = 0.01
"""How far (in inches) along an arm the water's flow is probed."""
EPS = 1e-9
DEAD_END = "dead end"
"""The id of a dead end's wall (:attr:`~game.physics.Wall.id`)."""
HOLDS_WATER = ("sluice", "cave-in")
"""The barriers that hold the water back (F-7, a reading); grates let it through."""
COMPASS = ("north", "north-east", "east", "south-east", "south", "south-west", "west",
           "north-west")


def bearing(v: XY) -> float:
    """The compass bearing of a direction (y down as on the map), in degrees from north
    clockwise, in [0, 360)."""
    return math.degrees(math.atan2(v[0], -v[1])) % 360.0


def compass(v: XY) -> str:
    """A direction in words: "north", "south-east"..."""
    return COMPASS[round(bearing(v) / 45.0) % 8]


@dataclass(frozen=True)
class ForkSplit:
    """F-4: how a d6 picks the branch a carried model takes at a fork (or at the origin):
    the downstream arms in clockwise order from north, the faces that pick each, and the
    faces rolled again. Known before the roll."""

    node: int
    """The fork's index in :attr:`Corridors.forks`, or :data:`ORIGIN`."""
    point: XY
    arms: tuple[Arm, ...]
    faces: tuple[tuple[int, ...], ...]
    """The faces that pick each arm, in the arms' order."""
    again: tuple[int, ...]
    """The faces rolled again (a share that does not divide the die evenly)."""
    names: tuple[str, ...]
    """Each arm in words: "Main, east"."""
    sides: int = 6

    @property
    def rolls(self) -> bool:
        """Whether a die is rolled (more than one arm to pick from)."""
        return len(self.arms) > 1

    def chances(self) -> tuple[Fraction, ...]:
        """The exact chance of each arm (faces rolled again dropped out)."""
        counted = sum(len(f) for f in self.faces)
        return tuple(Fraction(len(f), counted) for f in self.faces) if counted else ()

    def pick(self, face: int) -> int | None:
        """The index of the arm ``face`` picks, None: roll again."""
        for k, faces in enumerate(self.faces):
            if face in faces:
                return k
        return None

    def text(self) -> str:
        """The split in words: "1-3 Main, east; 4-6 Cross, south"."""
        if not self.arms:
            return "no way on"
        if not self.rolls:
            return f"only {self.names[0]}"
        parts = [f"{_faces(f)} {n}" for f, n in zip(self.faces, self.names, strict=True)]
        if self.again:
            parts.append(f"{_faces(self.again)} roll again")
        return "; ".join(parts)


def _faces(faces: tuple[int, ...]) -> str:
    """Faces in words: "1-3", "5", "5-6"."""
    return str(faces[0]) if len(faces) == 1 else f"{faces[0]}-{faces[-1]}"


def split_faces(n: int, sides: int = 6) -> tuple[tuple[tuple[int, ...], ...], tuple[int, ...]]:
    """F-4, a reading: the faces of a d``sides`` shared evenly among ``n`` arms (the first
    arms first), the faces left over rolled again; more arms than faces: only the first
    ``sides`` arms get one."""
    if n <= 0:
        return (), ()
    each = max(1, sides // n)
    shares = tuple(tuple(range(k * each + 1, (k + 1) * each + 1)) for k in range(min(n, sides)))
    used = each * len(shares)
    return shares, tuple(range(used + 1, sides + 1))


@dataclass(frozen=True)
class Flow:
    """The water at one corridor position: its distance from the origin (inches along
    its way), the half (an index of :attr:`WaterMap.ways`) and the way it flows along
    the corridor (downstream)."""

    distance: float
    half: int
    heading: Heading
    source: int
    """The node (fork or :data:`ORIGIN`) the water came from to this position."""


class WaterMap:
    """The water's ways through one sewer (see the module text). Build it with
    :func:`water_map` (one per board, kept while the board lives)."""

    def __init__(self, board: Corridors) -> None:
        self.board = board
        ox, oy = board.origin
        near = [f for f in board.forks if math.dist(f.point, (ox, oy)) <= 2 * SNAP]
        self.origin_node = min(near, key=lambda f: math.dist(f.point, (ox, oy))).index \
            if near else ORIGIN
        self._stops: dict[str, list[tuple[float, int]]] = {
            c: [(at, f.index) for at, f in board.forks_on(c)] for c in board.corridors}
        if self.origin_node == ORIGIN:
            c, at = board.origin_at
            self._stops[c] = sorted([*self._stops[c], (at, ORIGIN)])
        self.ways: tuple[Arm, ...] = tuple(sorted(self._node_ways(self.origin_node),
                                                  key=lambda a: (self._bearing(a), a)))
        """The ways out of the origin, clockwise from north: the halves (F-1)."""
        self._blocks: dict[str, list[tuple[float, float]]] = {}
        for c in board.corridors:
            for s in board.spans(c):
                if board.features[s.feature].kind in HOLDS_WATER:
                    self._blocks.setdefault(c, []).append((s.start, s.end))
        self.dist: dict[int, float] = {}
        self.half: dict[int, int] = {}
        self._spread()
        self._walls = self._make_walls()

    # ================================================================ nodes and ways
    def node_point(self, node: int) -> XY:
        return self.board.origin if node == ORIGIN else self.board.forks[node].point

    def _node_ways(self, node: int) -> tuple[Arm, ...]:
        """Every way out of a node: a fork's arms; the origin's two ways along its
        corridor (one at a corridor's end)."""
        if node != ORIGIN:
            return self.board.forks[node].arms
        c, at = self.board.origin_at
        length = self.board.corridors[c].length
        out: list[Arm] = []
        if at < length - EPS:
            out.append(Arm(c, at, 1))
        if at > EPS:
            out.append(Arm(c, at, -1))
        return tuple(out)

    def _bearing(self, arm: Arm) -> float:
        return bearing(self.board.corridors[arm.corridor].direction_at(arm.at, arm.heading))

    def arm_name(self, arm: Arm) -> str:
        """An arm in words: "Main, east"."""
        c = self.board.corridors[arm.corridor]
        return f"{c.id}, {compass(c.direction_at(arm.at, arm.heading))}"

    def _next_stop(self, corridor: str, at: float, heading: Heading) -> tuple[float, int | None]:
        """The next fork or origin along ``corridor`` from ``at`` going ``heading``, or
        the corridor's end (node None)."""
        ahead = [(abs(s - at), s, n) for s, n in self._stops[corridor]
                 if (s - at) * heading > EPS]
        if ahead:
            _d, s, n = min(ahead)
            return s, n
        return (self.board.corridors[corridor].length if heading == 1 else 0.0), None

    def next_stop(self, corridor: str, at: float, heading: Heading) -> tuple[float, int | None]:
        """Where a carried model going ``heading`` along ``corridor`` from ``at`` comes to
        the next fork (its node) or the corridor's end (node None)."""
        return self._next_stop(corridor, at, heading)

    def blocked(self, corridor: str, a: float, b: float) -> bool:
        """Whether a sluice gate or cave-in lies across ``corridor`` between ``a`` and
        ``b`` (F-7: they hold the water back)."""
        lo, hi = min(a, b), max(a, b)
        for s, e in self._blocks.get(corridor, ()):
            if s == e and lo + EPS < s < hi - EPS:
                return True
            if s != e and s < hi - EPS and e > lo + EPS:
                return True
        return False

    def _leave_half(self, node: int, corridor: str, heading: Heading) -> int:
        """The half of the water leaving ``node`` along ``corridor`` going ``heading``: the
        origin's own way, or the half that reached the node."""
        if node != self.origin_node:
            return self.half[node]
        for k, w in enumerate(self.ways):
            if w.corridor == corridor and w.heading == heading:
                return k
        return 0

    def _spread(self) -> None:
        """Dijkstra from the origin over the forks, the water held back by sluice gates
        and cave-ins: each node's distance and half."""
        queue: list[tuple[float, int, int]] = [(0.0, 0, self.origin_node)]
        while queue:
            d, half, node = heapq.heappop(queue)
            if node in self.dist:
                continue
            self.dist[node] = d
            self.half[node] = half
            ways = self.ways if node == self.origin_node else self._node_ways(node)
            for arm in ways:
                s, nxt = self._next_stop(arm.corridor, arm.at, arm.heading)
                if nxt is None or nxt in self.dist or self.blocked(arm.corridor, arm.at, s):
                    continue
                h = self._leave_half(node, arm.corridor, arm.heading)
                heapq.heappush(queue, (d + abs(s - arm.at), h, nxt))

    # ================================================================ positions
    def node_at(self, corridor: str, at: float) -> int | None:
        """The fork or origin ``at`` along ``corridor`` stands on (within
        :data:`AT_NODE`), if any."""
        best = [(abs(s - at), n) for s, n in self._stops[corridor] if abs(s - at) <= AT_NODE]
        return min(best)[1] if best else None

    def flow(self, corridor: str, at: float) -> Flow | None:
        """F-4, F-7: the water at ``at`` along ``corridor``: its distance, half and
        downstream heading; None where it does not reach (F-7)."""
        stops = self._stops[corridor]
        before = [(s, n) for s, n in stops if s <= at + EPS]
        after = [(s, n) for s, n in stops if s >= at - EPS]
        found: list[Flow] = []
        if before:
            s, n = max(before)
            if n in self.dist and not self.blocked(corridor, s, at):
                found.append(Flow(self.dist[n] + (at - s), self._leave_half(n, corridor, 1),
                                  1, n))
        if after:
            s, n = min(after)
            if n in self.dist and not self.blocked(corridor, s, at):
                found.append(Flow(self.dist[n] + (s - at), self._leave_half(n, corridor, -1),
                                  -1, n))
        if not found:
            return None
        # where the two fronts meet (a loop), the corridor's drawn direction (a reading)
        return min(found, key=lambda f: (round(f.distance, 9), -f.heading))

    def in_reach(self, corridor: str, at: float) -> bool:
        """Whether the water reaches ``at`` along ``corridor`` (F-7)."""
        return self.flow(corridor, at) is not None

    # ================================================================ forks
    def downstream(self, node: int, came_by: Arm | None = None) -> tuple[Arm, ...]:
        """F-4: the ways out of ``node`` the water flows along (its distance growing),
        clockwise from north, less the way a carried model came in by (``came_by``, an
        arm out of the node pointing back along it)."""
        if node not in self.dist:
            return ()
        out = []
        for arm in self._node_ways(node):
            if came_by is not None and arm.corridor == came_by.corridor \
                    and arm.heading == came_by.heading and abs(arm.at - came_by.at) <= AT_NODE:
                continue
            s, _n = self._next_stop(arm.corridor, arm.at, arm.heading)
            step = min(STEP, abs(s - arm.at) / 2)
            if step <= EPS:
                continue
            f = self.flow(arm.corridor, arm.at + arm.heading * step)
            if f is not None and f.source == node and f.heading == arm.heading:
                out.append(arm)
        return tuple(sorted(out, key=lambda a: (self._bearing(a), a)))

    def split(self, node: int, came_by: Arm | None = None, sides: int = 6) -> ForkSplit:
        """F-4: the d``sides`` split among the downstream arms of ``node`` (see
        :class:`ForkSplit`)."""
        arms = self.downstream(node, came_by)
        faces, again = split_faces(len(arms), sides)
        arms = arms[:len(faces)]
        if len(arms) == 1:
            faces, again = (tuple(range(1, sides + 1)),), ()
        return ForkSplit(node, self.node_point(node), arms, faces, again,
                         tuple(self.arm_name(a) for a in arms), sides)

    def _make_walls(self) -> tuple[Wall, ...]:
        out = []
        for f in self.board.features:
            if f.is_barrier:
                out.append(Wall(str(f.id), f.points + (f.points[:1] if f.closed else ())))
        for c, at in self.board.dead_ends():
            corridor = self.board.corridors[c]
            x, y = corridor.point_at(at)
            dx, dy = corridor.direction_at(at, 1)
            half = corridor.width / 2 + 0.5
            out.append(Wall(DEAD_END, ((x - dy * half, y + dx * half),
                                       (x + dy * half, y - dx * half))))
        return tuple(out)

    # ================================================================ F-7 and walls
    def flooded(self) -> tuple[tuple[str, int, int], ...]:
        """F-7: the stretches the water reaches, ``(corridor, from, to)`` in hundredths
        of an inch along the corridor, merged, in corridor order."""
        out: list[tuple[str, int, int]] = []
        for c, corridor in self.board.corridors.items():
            marks = sorted({0.0, corridor.length, *(s for s, _n in self._stops[c])})
            nodes = {s: n for s, n in self._stops[c]}
            wet: list[tuple[float, float]] = []
            for a, b in zip(marks, marks[1:], strict=False):
                wet += self._wet(c, a, b, nodes.get(a), nodes.get(b))
            out += [(c, lo, hi) for lo, hi in _merge(wet)]
        return tuple(out)

    def _wet(self, c: str, a: float, b: float, na: int | None,
             nb: int | None) -> list[tuple[float, float]]:
        """The wet parts of the stretch from ``a`` to ``b`` of corridor ``c`` (its ends'
        nodes, if any): from a reached end up to the first sluice or cave-in."""
        blocks = [(s, e) for s, e in self._blocks.get(c, ())
                  if (a + EPS < s < b - EPS if s == e else s < b - EPS and e > a + EPS)]
        out = []
        if na is not None and na in self.dist:
            out.append((a, min([b, *(max(a, s) for s, _e in blocks)])))
        if nb is not None and nb in self.dist:
            out.append((max([a, *(min(b, e) for _s, e in blocks)]), b))
        return [(lo, hi) for lo, hi in out if hi > lo + EPS]

    def walls(self) -> tuple[Wall, ...]:
        """F-1, F-4: what stops a carried model: each grate, sluice gate and cave-in
        (its id the feature's Tiled object id), and each dead end's wall ("dead end")."""
        return self._walls


def _merge(parts: list[tuple[float, float]]) -> list[tuple[int, int]]:
    """Stretches in inches merged where they meet, in hundredths."""
    out: list[list[int]] = []
    for lo, hi in sorted((round(a * 100), round(b * 100)) for a, b in parts):
        if hi <= lo:
            continue
        if out and lo <= out[-1][1]:
            out[-1][1] = max(out[-1][1], hi)
        else:
            out.append([lo, hi])
    return [(lo, hi) for lo, hi in out]


_MAPS: weakref.WeakKeyDictionary[Corridors, WaterMap] = weakref.WeakKeyDictionary()


def water_map(board: Corridors) -> WaterMap:
    """The board's :class:`WaterMap`, worked out once and kept while the board lives."""
    got = _MAPS.get(board)
    if got is None:
        got = WaterMap(board)
        _MAPS[board] = got
    return got
