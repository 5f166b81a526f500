"""Colours and small colour helpers of the board view.

Side colours follow the Okabe-Ito palette (colour-blind safe) and each side also gets a
ring pattern on its figure bases, so a side is never told by colour alone. Terrain styles
give each terrain a top colour, a side (soil) colour and a texture kind; an unknown
terrain gets a neutral grey.
"""

from __future__ import annotations

import importlib.util
from dataclasses import dataclass
from pathlib import Path

Colour = tuple[int, int, int]
RGBA = tuple[int, int, int, int]

# Okabe-Ito
BLACK: Colour = (0, 0, 0)
ORANGE: Colour = (230, 159, 0)
SKY: Colour = (86, 180, 233)
BLUISH_GREEN: Colour = (0, 158, 115)
YELLOW: Colour = (240, 228, 66)
BLUE: Colour = (0, 114, 178)
VERMILLION: Colour = (213, 94, 0)
PURPLE: Colour = (204, 121, 167)

INK: Colour = (22, 20, 18)
"""Outlines and dark text."""
PAPER: Colour = (248, 246, 238)
"""Light text."""
TABLE: Colour = (24, 26, 31)
"""The table under the board (the UI's background grey)."""

SIDE_COLOURS: tuple[Colour, ...] = (VERMILLION, BLUE, BLUISH_GREEN, PURPLE)
"""Figure base colour by side index (wraps round for more sides)."""
SIDE_RINGS: tuple[str, ...] = ("solid", "dashed", "double", "dotted")
"""Figure base ring pattern by side index: the not-colour cue of a side."""


def side_colour(index: int) -> Colour:
    return SIDE_COLOURS[index % len(SIDE_COLOURS)]


def side_ring(index: int) -> str:
    return SIDE_RINGS[index % len(SIDE_RINGS)]


@dataclass(frozen=True)
class TerrainStyle:
    """How one terrain looks: top colour, side colour, and which texture is drawn."""

    top: Colour
    side: Colour
    texture: str
    """One of "grass", "dirt", "rock", "sand", "water", "lava", "plain"."""


TERRAIN_STYLES: dict[str, TerrainStyle] = {
    "grass": TerrainStyle((100, 158, 70), (112, 84, 56), "grass"),
    "dirt": TerrainStyle((152, 110, 68), (104, 74, 48), "dirt"),
    "rock": TerrainStyle((142, 140, 136), (92, 90, 88), "rock"),
    "sand": TerrainStyle((224, 198, 134), (168, 140, 92), "sand"),
    "water": TerrainStyle((46, 116, 196), (26, 66, 120), "water"),
    "lava": TerrainStyle((214, 74, 18), (70, 40, 34), "lava"),
}
UNKNOWN_TERRAIN = TerrainStyle((150, 150, 158), (96, 96, 104), "plain")


def terrain_style(name: str) -> TerrainStyle:
    return TERRAIN_STYLES.get(name, UNKNOWN_TERRAIN)


@dataclass(frozen=True)
class PieceStyle:
    """How a terrain piece on an open table looks (a G-2 kind), and scenery of the same
    kind: its top and side colours, its texture, and whether it stands up."""

    top: Colour
    side: Colour
    pattern: str
    """"grass", "dirt", "rock", "water", "sand", "plain" (a texture), or "" (flat)."""
    solid: bool
    """Drawn raised (a prism), else flat on the table."""


PIECE_STYLES: dict[str, PieceStyle] = {
    "forest": PieceStyle((46, 104, 52), (34, 74, 38), "grass", False),
    "trees": PieceStyle((58, 120, 56), (92, 66, 40), "", True),
    "rough": PieceStyle((150, 128, 78), (110, 90, 56), "dirt", False),
    "deep_water": PieceStyle((40, 100, 176), (24, 62, 112), "water", False),
    "caustic_pool": PieceStyle((130, 168, 60), (80, 110, 40), "water", False),
    "trapped": PieceStyle((150, 70, 60), (100, 50, 44), "dirt", False),
    "obstacle": PieceStyle((168, 124, 74), (118, 84, 48), "", True),
    "building": PieceStyle((150, 92, 82), (104, 74, 66), "", True),
    "ruin": PieceStyle((150, 146, 136), (104, 100, 94), "", True),
    "vantage": PieceStyle((170, 164, 150), (116, 110, 100), "", True),
    "ladder": PieceStyle((196, 150, 86), (140, 100, 50), "", False),
    "stairs": PieceStyle((196, 180, 150), (140, 126, 100), "", False),
    "door": PieceStyle((120, 96, 70), (90, 70, 50), "", False),
}
PLAIN_PIECE = PieceStyle((150, 150, 150), (100, 100, 100), "", True)
"""Any other kind of piece."""
LINE_STYLES: dict[str, tuple[Colour, Colour]] = {
    "wall": ((170, 166, 158), (90, 88, 84)),
    "fence": ((176, 128, 72), (96, 66, 36)),
    "barbed_wire": ((120, 120, 124), (60, 60, 64)),
}
"""Face and dark edge of each linear obstacle."""


def piece_style(kind: str) -> PieceStyle:
    return PIECE_STYLES.get(kind, PLAIN_PIECE)


def clamp8(v: float) -> int:
    return 0 if v < 0 else 255 if v > 255 else int(v)


def shade(c: Colour, f: float) -> Colour:
    """``c`` scaled by ``f`` (darker below 1, lighter above)."""
    return clamp8(c[0] * f), clamp8(c[1] * f), clamp8(c[2] * f)


def mix(a: Colour, b: Colour, t: float) -> Colour:
    """``a`` moved a fraction ``t`` towards ``b``."""
    return (clamp8(a[0] + (b[0] - a[0]) * t), clamp8(a[1] + (b[1] - a[1]) * t),
            clamp8(a[2] + (b[2] - a[2]) * t))


def grey(c: Colour, dim: float = 1.0) -> Colour:
    """The luminance grey of ``c``, scaled by ``dim``."""
    v = (0.299 * c[0] + 0.587 * c[1] + 0.114 * c[2]) * dim
    return clamp8(v), clamp8(v), clamp8(v)


def st_colour(fraction: float) -> Colour:
    """ST bar colour: green when whole, through yellow, to red when nearly out."""
    f = 0.0 if fraction < 0 else 1.0 if fraction > 1 else fraction
    green, yellow, red = (40, 190, 80), (240, 210, 40), (220, 50, 30)
    return mix(red, yellow, f * 2) if f < 0.5 else mix(yellow, green, (f - 0.5) * 2)


def bold_font_file() -> str | None:
    """A bold sans font: pygame-gui's Noto Sans Bold, else DejaVu Sans Bold, else None
    (pygame's default font)."""
    cands: list[Path] = []
    spec = importlib.util.find_spec("pygame_gui")
    if spec is not None and spec.submodule_search_locations:
        cands.append(Path(next(iter(spec.submodule_search_locations))) / "data"
                     / "NotoSans-Bold.ttf")
    cands += [Path(d) / "DejaVuSans-Bold.ttf" for d in (
        "/usr/share/fonts/truetype/dejavu", "/usr/share/fonts/TTF", "/usr/share/fonts/dejavu")]
    for p in cands:
        if p.is_file():
            return str(p)
    return None


# ---------------------------------------------------------------- the sewer (seed 001)
SEWER_ROCK: Colour = (31, 30, 34)
"""The rock round the sewer's corridors."""
SEWER_WALL: Colour = (72, 68, 64)
"""The corridors' walls seen from above."""
SEWER_WALL_TOP: Colour = (128, 120, 108)
"""The light edge along the top of a wall."""
SEWER_FLOOR: Colour = (104, 112, 106)
"""A corridor's stone floor."""
SEWER_JOINT: Colour = (80, 88, 84)
"""The joints between the floor's flagstones."""
SEWER_DAMP: Colour = (76, 88, 84)
"""Damp stone along the foot of the walls."""
SEWER_GUTTER: Colour = (48, 60, 62)
"""The wet channel along a corridor's middle."""
WATER: Colour = (36, 98, 134)
"""Flood water over a corridor's floor (F-7)."""
WATER_LIGHT: Colour = (120, 184, 212)
"""Foam and ripples on the water."""
GANTRY: Colour = (96, 100, 106)
"""A raised walkway's grating (F-1)."""
GANTRY_RAIL: Colour = (184, 170, 140)
RUST: Colour = (150, 86, 48)
"""A sluice gate's plate."""
RUBBLE: Colour = (94, 82, 70)
"""A cave-in's earth; its stones are greys over it."""
NEST: Colour = (104, 58, 88)
"""The swarm's nest: an organic mass."""
NEST_LIGHT: Colour = (164, 104, 138)


# ---------------------------------------------------------------- the street chase (seed 001)
TRACK_GROUND: Colour = (70, 68, 62)
"""The city's broken ground between the pieces (the chase's table)."""
TRACK_GRIT: Colour = (84, 81, 74)
"""Specks of grit over the ground."""
TRACK_STREET: Colour = (52, 54, 56)
"""The street's tarmac (P-1)."""
TRACK_KERB: Colour = (132, 126, 112)
"""The kerbs along the street."""
TRACK_DASH: Colour = (214, 200, 150)
"""The street's centre dashes (they run back while the table slides, P-6)."""
TRACK_ARRIVAL: Colour = (0, 158, 115)
"""The Arrival edge's band (P-1: the scouts win by it, P-4)."""
TRACK_FAR: Colour = (110, 36, 30)
"""The far edge's band (P-7: off it is out of the chase)."""
BUILDING_ROOFS: tuple[Colour, ...] = ((142, 112, 96), (120, 90, 78), (98, 72, 64))
"""An intact building's roof by size 1, 2, 3 (taller is darker; all impassable, P-1)."""
RUIN_FLOOR: Colour = (128, 122, 110)
"""A ruin's rubble-strewn floor."""
RUIN_WALL: Colour = (176, 168, 150)
"""A ruin's broken walls."""
RUIN_HATCH: Colour = (230, 159, 0)
"""The hatching over difficult ground (ruins of size 1-2, P-1)."""
MINE: Colour = (150, 170, 60)
"""A mine cluster's pods (P-12)."""
MINE_SPIKE: Colour = (232, 220, 120)
