"""Edits that know the sewer map conventions (seed 001's Flash Flood; the builder is
game/boards/tiled/sewer.py), for the fuzzer's sewer map mutants: each aims at a place
where a sewer can go wrong in a way a blind or plain XML edit rarely finds.

* a corridor's end moved a little (around the quarter inch where ends meet, and the inch
  within which a near miss is refused) or far;
* a corridor's ``width`` made hostile (none, negative, not finite, beyond the limits);
* a feature's ``kind`` swapped for another (a gantry made a nest, a grate an origin...);
* a nest's ``charges`` made hostile;
* a figure moved a little (against a wall, onto another figure) or far;
* a figure's ``squad`` or ``leader`` changed (two leaders, a squad across two sides, a
  squad of no name, a leader that is not a bool), or its ``side`` / ``unit`` / ``squad``
  dropped;
* a crowd: a figure copied to free spots along the corridors' middle lines (a squad of
  dozens, beyond the patrol's size, F-10), each clear of the others, so the map loads and
  the game is played with many models;
* a lattice: corridors added across the whole map (up to the limit), crossing the others
  at many forks;
* a feature moved: a grate onto a figure, the origin onto a corridor's end or a figure, a
  gantry or the nest nudged;
* a corridor of many bends: its first stretch drawn as a zigzag of hundreds or thousands
  of points within its width.

:func:`sewer_edit` makes one such edit; the fuzzer mixes them with its XML and blind edits.
"""

from __future__ import annotations

import math
import re
from typing import Any, Protocol

PX = 32
"""Map pixels per inch of the shipped sewer maps."""
WIDTHS = ["0", "-3", "0.05", "0.1", "48", "48.5", "1e309", "nan", "inf", "-0", "wide", "",
          "3", "5", "2147483648"]
KINDS = ["origin", "gantry", "grate", "sluice", "cave-in", "cave_in", "Cave In", "nest",
         "pipe", "", " ", "GANTRY"]
CHARGES = ["0", "1", "100", "101", "-1", "3.5", "true", "nan", "9" * 40, ""]
SQUADS = ["alpha", "bravo", "swarm", "brood", "brood_a", "", " ", "\u202e", "x" * 61,
          "patrol", "rats"]
NUDGES = [0.1, 0.2, 0.26, 0.5, 0.9, 1.1, 2.0, 2.6, 5.0, 40.0]
"""Inches a point is moved by (either way, along x or y)."""
CROWDS = [5, 12, 25, 45, 61, 150, 201]
"""Figures a crowd adds (the flood's setup fields 60 at most, the map 200)."""
LATTICES = [1, 2, 5, 20, 60, 100, 101]
"""Corridors a lattice adds across the map each way (the map holds 200 at most)."""
BENDS = [3, 40, 400, 2000, 6000]
"""Points of a zigzag corridor."""
SPACING = 1.05
"""Inches between the centres of a crowd's figures (a 25 mm base is 0.98 inches across)."""


class Chooses(Protocol):
    def below(self, n: int) -> int: ...

    def pick(self, items: list[Any] | tuple[Any, ...]) -> Any: ...

    def chance(self, k: int, n: int) -> bool: ...


def _objects(text: str, layer: str) -> list[re.Match[str]]:
    """The object elements of the object layer named ``layer``."""
    m = re.search(rf'(?s)<objectgroup\b[^>]*name="{layer}"[^>]*>(.*?)</objectgroup>', text)
    if m is None:
        return []
    return [o for o in re.finditer(r"(?s)<object\b.*?</object>", text)
            if m.start(1) <= o.start() < m.end(1)]


def _set_property(obj: str, name: str, value: str, typ: str | None) -> str:
    """The object with property ``name`` set to ``value`` (added if missing), or dropped
    if ``value`` is ``"\\x00drop"``."""
    prop = re.compile(rf'\s*<property name="{re.escape(name)}"[^>]*/>')
    if value == "\x00drop":
        return prop.sub("", obj)
    typed = f' type="{typ}"' if typ else ""
    new = f'<property name="{name}"{typed} value="{value}"/>'
    if prop.search(obj):
        return prop.sub(lambda _m: "\n    " + new, obj, count=1)
    if "<properties>" in obj:
        return obj.replace("<properties>", "<properties>\n    " + new, 1)
    head = obj.index(">") + 1
    return obj[:head] + f"\n   <properties>\n    {new}\n   </properties>" + obj[head:]


def _moved(obj: str, c: Chooses, last_point: bool) -> str:
    """The object moved (its x or y), or its polyline's last point moved."""
    d = c.pick(NUDGES) * PX * c.pick([1, -1])
    if last_point:
        m = re.search(r'points="([^"]*)"', obj)
        if m is None:
            return obj
        pts = m.group(1).split(" ")
        try:
            x, y = (float(v) for v in pts[-1].split(","))
        except ValueError:
            return obj
        if c.chance(1, 2):
            x += d
        else:
            y += d
        pts[-1] = f"{x:g},{y:g}"
        return obj[:m.start(1)] + " ".join(pts) + obj[m.end(1):]
    axis = c.pick(["x", "y"])
    m = re.search(rf'\b{axis}="([^"]*)"', obj)
    if m is None:
        return obj
    try:
        v = float(m.group(1)) + d
    except ValueError:
        return obj
    return obj[:m.start(1)] + f"{v:g}" + obj[m.end(1):]


def _xy(obj: str) -> tuple[float, float] | None:
    try:
        x = float(re.search(r'\bx="([^"]*)"', obj).group(1))  # type: ignore[union-attr]
        y = float(re.search(r'\by="([^"]*)"', obj).group(1))  # type: ignore[union-attr]
    except (AttributeError, ValueError):
        return None
    return (x, y) if math.isfinite(x) and math.isfinite(y) else None


def _segments(text: str) -> list[tuple[tuple[float, float], tuple[float, float]]]:
    """The stretches of the corridors' middle lines, in map pixels."""
    out = []
    for obj in _objects(text, "corridors"):
        at, m = _xy(obj.group()), re.search(r'points="([^"]*)"', obj.group())
        if at is None or m is None:
            continue
        pts: list[tuple[float, float]] = []
        for p in m.group(1).split():
            xy = p.split(",")
            try:
                pts.append((at[0] + float(xy[0]), at[1] + float(xy[1])))
            except (ValueError, IndexError):
                break
        out += list(zip(pts, pts[1:], strict=False))
    return out


def _layer_end(text: str, layer: str) -> int | None:
    """Where the object layer ``layer`` closes (its objects go before)."""
    m = re.search(rf'(?s)<objectgroup\b[^>]*name="{layer}"[^>]*>.*?(</objectgroup>)', text)
    return None if m is None else m.start(1)


def _crowd(text: str, c: Chooses) -> str:
    """Copies of a figure on free spots along the corridors' middle lines."""
    figures = _objects(text, "figures")
    end = _layer_end(text, "figures")
    if not figures or end is None:
        return text
    fig = c.pick(figures).group()
    taken = [xy for f in figures if (xy := _xy(f.group())) is not None]
    want, step = c.pick(CROWDS), SPACING * PX
    spots: list[tuple[float, float]] = []
    for (x0, y0), (x1, y1) in _segments(text):
        n = int(math.dist((x0, y0), (x1, y1)) // step)
        for k in range(1, n):
            at = (x0 + (x1 - x0) * k / n, y0 + (y1 - y0) * k / n)
            if all(math.dist(at, xy) >= step for xy in taken + spots):
                spots.append(at)
            if len(spots) == want:
                break
        if len(spots) == want:
            break
    fig = re.sub(r'\s*<property name="leader"[^>]*/>', "", fig)
    squad = c.pick([None, "crowd", "alpha", "swarm"])
    if squad is not None:
        fig = _set_property(fig, "squad", squad, None)
    copies = []
    for k, (x, y) in enumerate(spots):
        one = re.sub(r'\bid="\d+"', f'id="{300_000 + k}"', fig, count=1)
        one = re.sub(r'\bname="([^"]*)"', rf'name="\g<1> {k}"', one, count=1)
        one = re.sub(r'\bx="[^"]*"', f'x="{x:g}"', one, count=1)
        copies.append(re.sub(r'\by="[^"]*"', f'y="{y:g}"', one, count=1))
    return text[:end] + "\n".join(copies) + text[end:]


def _lattice(text: str, c: Chooses) -> str:
    """Corridors across the whole map, each way."""
    end = _layer_end(text, "corridors")
    m = re.search(r'<map\b[^>]*\bwidth="(\d+)"[^>]*\bheight="(\d+)"[^>]*'
                  r'\btilewidth="(\d+)"[^>]*\btileheight="(\d+)"', text)
    if end is None or m is None:
        return text
    w, h = int(m.group(1)) * int(m.group(3)), int(m.group(2)) * int(m.group(4))
    k, wide = c.pick(LATTICES), c.pick(["1", "2", "3", "0.5"])
    out = []
    for i in range(k):
        y, x = h * (i + 0.5) / k, w * (i + 0.5) / k
        for n, (ox, oy, pts) in enumerate(((PX / 2, y, f"0,0 {w - PX:g},0"),
                                           (x, PX / 2, f"0,0 0,{h - PX:g}"))):
            out.append(f'<object id="{200_000 + 2 * i + n}" name="Lattice {2 * i + n}" '
                       f'x="{ox:g}" y="{oy:g}"><properties><property name="width" '
                       f'type="float" value="{wide}"/></properties><polyline '
                       f'points="{pts}"/></object>')
    return text[:end] + "\n".join(out) + text[end:]


def _feature_moved(text: str, c: Chooses) -> str:
    """A feature put on a figure or a corridor's end, or nudged."""
    features = _objects(text, "features")
    if not features:
        return text
    m = c.pick(features)
    obj = m.group()
    spots = [xy for f in _objects(text, "figures") if (xy := _xy(f.group())) is not None]
    spots += [p for seg in _segments(text) for p in seg]
    if spots and c.chance(2, 3):
        x, y = c.pick(spots)
        obj = re.sub(r'\bx="[^"]*"', f'x="{x:g}"', obj, count=1)
        obj = re.sub(r'\by="[^"]*"', f'y="{y:g}"', obj, count=1)
    else:
        obj = _moved(obj, c, last_point=False)
    return text[:m.start()] + obj + text[m.end():]


def _zigzag(text: str, c: Chooses) -> str:
    """A corridor's first stretch drawn as a zigzag of many points within its width."""
    corridors = _objects(text, "corridors")
    if not corridors:
        return text
    m = c.pick(corridors)
    obj = m.group()
    pm = re.search(r'points="([^"]*)"', obj)
    if pm is None:
        return text
    pts = pm.group(1).split()
    try:
        (x0, y0), (x1, y1) = (tuple(float(v) for v in p.split(",")) for p in pts[:2])
    except ValueError:
        return text
    n, amp = c.pick(BENDS), c.pick([0.0, 0.05, 0.3, 1.0]) * PX
    d = math.dist((x0, y0), (x1, y1)) or 1.0
    nx, ny = (y0 - y1) / d, (x1 - x0) / d
    zig = [f"{x0 + (x1 - x0) * k / n + nx * amp * (k % 2):g},"
           f"{y0 + (y1 - y0) * k / n + ny * amp * (k % 2):g}" for k in range(n)]
    new = " ".join(zig + pts[1:])
    obj = obj[:pm.start(1)] + new + obj[pm.end(1):]
    return text[:m.start()] + obj + text[m.end():]


def sewer_edit(data: bytes, c: Chooses) -> bytes:
    """One edit of a sewer map that knows its conventions (see the module text); the data
    unchanged if it has none of the layers the edit needs."""
    text = data.decode("utf-8", "replace")
    op = c.below(10)
    if op >= 6:
        edit = (_crowd, _lattice, _feature_moved, _zigzag)[op - 6]
        return edit(text, c).encode("utf-8", "surrogatepass")
    layer = "corridors" if op < 2 else "features" if op < 4 else "figures"
    objs = _objects(text, layer)
    if not objs:
        return data
    m = c.pick(objs)
    obj = m.group()
    if op == 0:
        obj = _moved(obj, c, last_point=True)
    elif op == 1:
        obj = _set_property(obj, "width", c.pick(WIDTHS), c.pick(["float", "int", None]))
    elif op == 2:
        obj = _set_property(obj, "kind", c.pick(KINDS), None)
    elif op == 3:
        obj = _set_property(obj, "charges", c.pick(CHARGES), c.pick(["int", "float", None]))
    elif op == 4:
        obj = _moved(obj, c, last_point=False)
    else:
        what = c.below(4)
        if what == 0:
            obj = _set_property(obj, "leader", c.pick(["true", "false", "yes", "1"]),
                                c.pick(["bool", None]))
        elif what == 1:
            obj = _set_property(obj, "squad", c.pick(SQUADS), None)
        elif what == 2:
            obj = _set_property(obj, c.pick(["side", "unit", "squad", "leader"]), "\x00drop",
                                None)
        else:
            obj = _set_property(obj, "side", c.pick(["troopers", "swarm", "vermin"]), None)
    return (text[:m.start()] + obj + text[m.end():]).encode("utf-8", "surrogatepass")
