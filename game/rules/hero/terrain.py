"""What terrain means on a Tabletop Hero table: the traits of seed 004 (G-1, G-2) read over
the board's pieces, falling (G-5) and hazardous damage (G-1).

The board (game.boards.table) holds each piece's kind, ht and traits as the map wrote
them; :class:`Terrain` gives every piece its effective height and traits (the map's own,
else its kind's from data/terrain.toml) and answers what the rules ask: where a mini can
stand and at what height, what is solid at a level, which pieces give access through
another's edge.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

from game.boards.table import Piece, Table, Vec
from game.physics import Outline, Wall
from game.rules.hero.data import HeroData, KindSpec, load_data


@dataclass(frozen=True)
class Feature:
    """A piece as the rules read it."""

    piece: Piece
    kind: KindSpec
    ht: int
    traits: frozenset[str]

    @property
    def index(self) -> int:
        return self.piece.index

    @property
    def name(self) -> str:
        """How players read it: its name, else its kind ("the shed", "the fence")."""
        return self.piece.name or self.piece.kind.replace("_", " ")

    def has(self, trait: str) -> bool:
        return trait in self.traits

    @property
    def linear(self) -> bool:
        return self.kind.linear

    @property
    def access(self) -> str | None:
        return self.kind.access

    @property
    def stops_pushes(self) -> bool:
        return self.kind.stops_pushes or self.has("impassable")


def vantage(f: Feature) -> bool:
    """G-1 Vantage point: at least Ht 2 and a mini can stand on it."""
    return f.has("vantage") and f.ht >= load_data().vantage_min_ht and not f.linear


class Terrain:
    """The effective terrain of one table (a match builds it once: ``HeroState.terrain``)."""

    def __init__(self, table: Table, data: HeroData) -> None:
        self.table = table
        self.data = data
        self.problems: list[str] = []
        """What in the map these rules cannot play (unknown kinds...), one line each."""
        feats: list[Feature] = []
        for p in table.pieces:
            kind = data.kinds.get(p.kind)
            if kind is None:
                self.problems.append(f"{p.label} is of kind '{p.kind}', which Tabletop Hero "
                                     f"does not know (kinds: {', '.join(sorted(data.kinds))})")
                kind = KindSpec(p.kind, 0, frozenset())
            traits = frozenset(p.traits) if p.traits is not None else kind.traits
            unknown = sorted(traits - set(data.traits))
            if unknown:
                self.problems.append(f"{p.label} has the trait '{unknown[0]}', which is not a "
                                     f"terrain trait (G-1: {', '.join(data.traits)})")
            ht = p.ht if p.ht is not None else kind.ht
            if ht is None:
                self.problems.append(f"{p.label} is {_a(p.kind)} and needs an int property "
                                     f"'ht' (its real height in units, G-2)")
                ht = 0
            if kind.linear and not p.is_line:
                self.problems.append(f"{p.label}: {_a(p.kind)} is a linear obstacle; draw it "
                                     f"as a polyline")
            if p.is_line and not kind.linear and kind.key == p.kind:
                self.problems.append(f"{p.label} is a polyline, but {_a(p.kind)} is an area; "
                                     f"draw it as a rectangle, ellipse or polygon")
            if "vantage" in traits and ht < data.vantage_min_ht:
                self.problems.append(f"{p.label} is a vantage point of Ht {ht}; a vantage "
                                     f"point is at least Ht {data.vantage_min_ht} (G-1)")
            feats.append(Feature(p, kind, ht, traits))
        self.features: tuple[Feature, ...] = tuple(feats)
        self.standable = tuple(f.index for f in feats if vantage(f))
        self.lines = tuple(f.index for f in feats if f.linear)
        self.accesses = tuple(f.index for f in feats if f.access is not None)
        self.outlines = tuple(Outline.of(Wall(f"piece:{p.index}", tuple(p.points) + (
            () if p.is_line else (p.points[0],)))) for p in table.pieces)
        """Each piece's outline as the physics package sweeps discs against it."""

    def __getitem__(self, index: int) -> Feature:
        return self.features[index]

    # ================================================================ standing
    def surfaces_at(self, x: float, y: float) -> list[int]:
        """Heights a mini may stand at over ``(x, y)``: the ground (0) unless something
        solid is there, and the top of each vantage point there; highest first."""
        out: set[int] = set()
        solid_ground = False
        for k in self.table.pieces_at(x, y):
            f = self.features[k]
            if vantage(f):
                out.add(f.ht)
            if f.has("impassable") and not f.has("enclosed"):
                solid_ground = True
        if not solid_ground:
            out.add(0)
        return sorted(out, reverse=True)

    def stands_on(self, x: float, y: float, z: int) -> Feature | None:
        """The vantage point a mini at height ``z`` over ``(x, y)`` stands on (None on
        the ground)."""
        if z <= 0:
            return None
        for k in self.table.pieces_at(x, y):
            f = self.features[k]
            if vantage(f) and f.ht == z:
                return f
        return None

    def inside(self, x: float, y: float, z: int) -> list[Feature]:
        """Enclosed pieces a mini on the ground at ``(x, y)`` is inside."""
        if z > 0:
            return []
        return [self.features[k] for k in self.table.pieces_at(x, y)
                if self.features[k].has("enclosed")]

    def area_at(self, x: float, y: float, z: int, trait: str) -> list[Feature]:
        """Ground areas with ``trait`` a mini at ``(x, y)``, height ``z``, stands in (only
        on the ground: a roof is above them)."""
        if z > 0:
            return []
        return [self.features[k] for k in self.table.pieces_at(x, y)
                if self.features[k].has(trait)]

    def access_at(self, point: Vec, through: int) -> str | None:
        """How a mini may pass the edge of piece ``through`` at ``point``: "climb" if the
        piece is climbable or a ladder there reaches it, "walk" over stairs, "enter"
        through a door; None if it may not."""
        f = self.features[through]
        found: str | None = None
        for k in self.table.pieces_at(*point):
            a = self.features[k].access
            if k != through and a is not None:
                found = a if found is None else min(found, a, key=("walk", "climb",
                                                                   "enter").index)
        if found is not None:
            return found
        if f.has("climbable"):
            return "climb"
        if vantage(f) and not f.has("impassable"):
            return "walk"  # stairs, slopes, a bridge's ramp: walked onto
        return None

    def reachable_top(self, f: Feature) -> bool:
        """Whether a climbing access (its own trait, a ladder or stairs) reaches the top
        of vantage point ``f`` (G-2: deployment on it)."""
        if f.has("climbable") or not f.has("impassable"):
            return True
        for k in self.accesses:
            a = self.features[k]
            if a.access in ("climb", "walk") and _overlaps(self.table, a.piece, f.piece):
                return True
        return False


def _overlaps(table: Table, a: Piece, b: Piece) -> bool:
    ax0, ay0, ax1, ay1 = a.bbox
    bx0, by0, bx1, by1 = b.bbox
    if ax1 < bx0 or bx1 < ax0 or ay1 < by0 or by1 < ay0:
        return False
    return any(table.inside(b.index, *p) for p in a.points) or any(
        table.inside(a.index, *p) for p in b.points) or any(
        table.distance(b.index, *p) < 1e-6 for p in a.points)


def terrain_of(table: Table) -> Terrain:
    """The terrain of ``table`` read anew (a match keeps its own: ``HeroState.terrain``)."""
    return Terrain(table, load_data())


# ============================================================================ G-5, G-1
def falling_damage(drop: float) -> int:
    """G-5: no damage for a fall of 2 units or less; otherwise 1 damage per unit or
    fraction thereof (off a Ht 4 cliff: 4; from Ht 6 onto a Ht 3 surface: 3)."""
    d = load_data()
    if drop <= d.fall_free + 1e-9:
        return 0
    return d.fall_per_unit * math.ceil(drop - 1e-9)


def hazard_damage(face: int) -> tuple[str, int]:
    """G-1 hazardous: the band ("weak", "moderate", "severe") and damage of a d6 face."""
    for band, faces, damage in load_data().hazard:
        if face in faces:
            return band, damage
    raise ValueError(f"no hazard band for face {face}")


def _a(word: str) -> str:
    """``word`` with its indefinite article ("an obstacle", "a wall")."""
    return f"{'an' if word[:1].lower() in 'aeiou' else 'a'} {word}"
